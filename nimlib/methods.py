"""The search methods, listed once: each one's name, label, description and factory.

``solve``, ``best_move`` and ``principal_variation`` take any of them by name, the benchmarks
measure each, and the widgets label theirs from it. Adding a method is one entry here, its module
named in its wing's docstring and its column in the benchmarks' tables (CONTRIBUTING.md, "Where a
change belongs"). The widgets draw only the trees of the three searches they trace step by step
(widgets/searches.py, TRACED).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from nimlib.book.alphabeta import AlphaBeta
from nimlib.book.limits import what_to_try
from nimlib.book.minimax import Minimax
from nimlib.book.negamax import Negamax
from nimlib.book.stats import SearchStats
from nimlib.engine.deepening import Engine
from nimlib.engine.hints import ENGINE_MOVE_HINTS, gives
from nimlib.engine.iterative import Iterative
from nimlib.games.base import Game

Solver = Callable[..., float]
"""A search made by a factory: ``score(state, is_maximizing, alpha=None, beta=None)``, the score of
`state` for Max: exact strictly inside the window (none given: the score range) if the method
prunes, a bound at or outside it; always exact if it does not."""

Factory = Callable[[Game, dict, SearchStats, float], Solver]
"""``make(game, table, stats, depth)``: a solver for `game` that remembers in `table` (if it
remembers anything), counts in `stats` and looks `depth` moves ahead (inf: to the end). It trusts
its arguments: solve, best_move and solver check them before they ask it."""


@dataclass(frozen=True)
class Method:
    """One search method: its name, a short label, what it does, and the factory of its solver."""

    name: str
    label: str  # a few words, for a toggle or a table's column
    description: str  # one line that says how it searches
    make: Factory
    prunes: bool = False  # it searches inside a window (alpha, beta), skipping what cannot matter
    faster: str | None = "negamax"  # the method to suggest once its budget runs out (None: none)

    def advice(self, game: Game, depth: float) -> str:
        """What to try once this method's budget runs out on `game` (what_to_try): as the faster
        method, the engine's deepening straight away for a game that gives it hints (tic-tac-toe,
        Connect Four), where every method between would only suggest it in turn."""
        faster = self.faster
        if faster is not None and any(gives(game, hint) for hint in ENGINE_MOVE_HINTS):
            faster = "deepening"
        return what_to_try(game, faster, depth)


# ## The book's searches as the registry makes them (the other classes are factories as they are)


def plain(game: Game, table: dict, stats: SearchStats, depth: float) -> Minimax:
    """The registry's "minimax": nothing remembered."""
    return Minimax(game, stats, depth)


def memoized(game: Game, table: dict, stats: SearchStats, depth: float) -> Minimax:
    """The registry's "memo": each position's score remembered in `table`."""
    return Minimax(game, stats, depth, table=table)


def memoized_canonical(game: Game, table: dict, stats: SearchStats, depth: float) -> Minimax:
    """The registry's "memo_canonical": symmetric positions share their entry in `table`."""
    return Minimax(game, stats, depth, table=table, canonical=True)


def without_table(game: Game, table: dict, stats: SearchStats, depth: float) -> AlphaBeta:
    """The registry's "alphabeta": nothing remembered."""
    return AlphaBeta(game, stats, depth)


def with_table(game: Game, table: dict, stats: SearchStats, depth: float) -> AlphaBeta:
    """The registry's "alphabeta_table": a table of bounds, symmetric positions sharing entries."""
    return AlphaBeta(game, stats, depth, table, canonical=True)


REGISTRY: dict[str, Method] = {
    method.name: method
    for method in [
        Method("minimax", "plain minimax", "plain minimax: the whole tree, nothing remembered",
               plain),
        Method("memo", "memoized minimax", "minimax remembering each position's score",
               memoized),
        Method("memo_canonical", "memoized, canonical",
               "minimax remembering scores of canonical positions (symmetries shared)",
               memoized_canonical),
        Method("alphabeta", "alpha-beta", "alpha-beta pruning",
               without_table, prunes=True),
        Method("alphabeta_table", "alpha-beta, table",
               "alpha-beta pruning with a transposition table of bounds (symmetries shared)",
               with_table, prunes=True),
        Method("negamax", "negamax",
               "alpha-beta from the player to move's side, one table entry for both players "
               "where a position is worth the same to either",
               Negamax, prunes=True, faster="deepening"),
        Method("deepening", "deepening",
               "alpha-beta as engines play it: move ordering, a table of bounds and best moves, "
               "null windows", Engine, prunes=True, faster=None),
        Method("iterative", "iterative",
               "memoized minimax on an explicit stack, for very long games",
               Iterative, faster=None),
    ]
}  # fmt: skip

METHODS: dict[str, str] = {name: method.description for name, method in REGISTRY.items()}
"""Each method's name and the line that says what it does (read from REGISTRY)."""
