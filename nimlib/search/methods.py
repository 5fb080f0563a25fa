"""The search methods, listed once: what each is called, what it does, and how to run it.

Everything that offers a choice of method reads this registry: ``solve`` and ``best_move``, the
widgets' toggles, the terminal game, the benchmarks and the checks. Adding a method is one entry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import inf

from nimlib.games.base import Game, shown
from nimlib.search.alphabeta import alphabeta_search
from nimlib.search.deepening import solver as deepening_solver
from nimlib.search.iterative import iterative_search
from nimlib.search.minimax import memoized_search, minimax_search
from nimlib.search.negamax import negamax_search
from nimlib.search.stats import SearchStats

Solver = Callable[..., float]
"""``score(state, is_maximizing, alpha=None, beta=None)``: the minimax score of a position for Max.

A method that prunes searches inside the window (alpha, beta), seen by Max (default: the score
range): its result is exact strictly inside it, and a bound on that side at or outside it. The
other methods ignore the window and are always exact.
"""

Table = dict
"""What a search remembers between positions: scores, or bounds on them, by position."""


@dataclass(frozen=True)
class Method:
    """One search method: its name, a short label, what it does, and how to make its solver."""

    name: str
    label: str  # a few words, for a toggle or a table's column
    description: str  # one line that says how it searches
    make: Callable[[Game, Table, SearchStats, int | None], Solver]  # the solver, sharing one table
    drawable: bool = False  # the widgets can draw the tree it searches, node by node
    uses_table: bool = False  # it remembers positions in the table it is given
    prunes: bool = False  # it searches inside a window (alpha, beta), skipping what cannot matter

    def solver(self, game: Game, table: Table, stats: SearchStats, depth: int | None) -> Solver:
        """``score(state, is_maximizing)`` for `game` by this method, remembering in `table`.

        The solver trusts the game, its arguments and the states it is given: solve, best_move and
        solver check them once, before they ask it (see nimlib.search.contract).
        """
        return self.make(game, table, stats, depth)


def moves_left(depth: int | None) -> float:
    """How many moves a search may look ahead: `depth`, or inf for None (to the end of the game)."""
    return inf if depth is None else depth


def max_window(game: Game, window: tuple) -> tuple[float, float]:
    """The window (alpha, beta) seen by Max that a solver was given, or the game's score range."""
    return tuple(window) if window else game.score_range


def mover_window(window: tuple, is_maximizing: bool) -> tuple:
    """A window (alpha, beta) seen by Max, seen by the player to move instead (empty stays empty)."""
    if not window or is_maximizing:
        return tuple(window)
    alpha, beta = window
    return (-beta, -alpha)


def for_maximizer(score_for_mover: float, is_maximizing: bool) -> float:
    """A score for the player to move, seen from the maximizing player's side."""
    return score_for_mover if is_maximizing else -score_for_mover


REGISTRY: dict[str, Method] = {
    method.name: method
    for method in [
        Method(
            "minimax",
            "plain minimax",
            "plain minimax: the whole tree, nothing remembered",
            lambda game, table, stats, depth: (
                lambda state, is_max, *window: minimax_search(game, state, is_max, stats, moves_left(depth))
            ),
            drawable=True,
        ),
        Method(
            "memo",
            "memoized minimax",
            "minimax remembering each position's score",
            lambda game, table, stats, depth: (
                lambda state, is_max, *window: memoized_search(
                    game, state, is_max, None, table, stats, moves_left(depth)
                )
            ),
            drawable=True,
            uses_table=True,
        ),
        Method(
            "memo_canonical",
            "memoized, canonical",
            "minimax remembering scores of canonical positions (symmetries shared)",
            lambda game, table, stats, depth: (
                lambda state, is_max, *window: memoized_search(
                    game, state, is_max, game.canonical, table, stats, moves_left(depth)
                )
            ),
            uses_table=True,
        ),
        Method(
            "alphabeta",
            "alpha-beta",
            "alpha-beta pruning",
            lambda game, table, stats, depth: (
                lambda state, is_max, *window: alphabeta_search(
                    game, state, is_max, *max_window(game, window), None, None, None, stats, moves_left(depth)
                )
            ),
            drawable=True,
            prunes=True,
        ),
        Method(
            "alphabeta_table",
            "alpha-beta, table",
            "alpha-beta pruning with a transposition table of bounds",
            lambda game, table, stats, depth: (
                lambda state, is_max, *window: alphabeta_search(
                    game,
                    state,
                    is_max,
                    *max_window(game, window),
                    table,
                    game.canonical,
                    None,
                    stats,
                    moves_left(depth),
                )
            ),
            uses_table=True,
            prunes=True,
        ),
        Method(
            "negamax",
            "negamax",
            "alpha-beta from the player to move's side, one table entry for both players",
            lambda game, table, stats, depth: (
                lambda state, is_max, *window: for_maximizer(
                    negamax_search(
                        game,
                        state,
                        is_max,
                        *mover_window(max_window(game, window), is_max),
                        table,
                        stats,
                        moves_left(depth),
                    ),
                    is_max,
                )
            ),
            uses_table=True,
            prunes=True,
        ),
        Method(
            "deepening",
            "deepening",
            "alpha-beta as engines play it: move ordering, a table of bounds and best moves, null windows",
            deepening_solver,
            uses_table=True,
            prunes=True,
        ),
        Method(
            "iterative",
            "iterative",
            "memoized minimax on an explicit stack, for very long games",
            lambda game, table, stats, depth: (
                lambda state, is_max, *window: iterative_search(game, state, is_max, table, stats, moves_left(depth))
            ),
            uses_table=True,
        ),
    ]
}

METHODS: dict[str, str] = {name: method.description for name, method in REGISTRY.items()}
"""Each method's name and the line that says what it does (read from REGISTRY)."""

DRAWABLE: dict[str, str] = {name: method.label for name, method in REGISTRY.items() if method.drawable}
"""The methods whose trees the widgets draw, with their labels."""


def method_named(name: object) -> Method:
    """The method called `name`, or a ValueError that lists the choices."""
    if not isinstance(name, str) or name not in REGISTRY:
        raise ValueError(f"unknown method {shown(name)}: choose one of {', '.join(REGISTRY)}")
    return REGISTRY[name]
