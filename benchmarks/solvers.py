"""The positions of the benchmark and every solver that can answer them: nimlib's and its peers'.

Every solver is a function ``solve(position) -> Answer`` that says whether the player to move
wins, and (when it can count without slowing down) how many nodes it visited. A peer's node
count comes from a second, untimed run through a counting wrapper, so counting never adds to
its time. A "node" is one position the search looked at: every call of a recursive search,
answers from the table and finished positions included, so the counts of the libraries can be
compared.

The peer libraries (easyAI, OpenSpiel) are optional: `peer_solvers` leaves out the ones that
are not installed and says which.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import nimlib
from nimlib import Nim, SearchStats, SimpleNim
from nimlib.theory import nim_player_to_move_wins, simple_nim_player_to_move_wins

# ---------------------------------------------------------------- positions


@dataclass(frozen=True)
class Position:
    """A misère position: Nim piles, or one Simple-Nim pile when `max_take` is set.

    Simple-Nim takes 1 to `max_take` counters a turn; Nim takes any number from one pile.
    """

    piles: tuple[int, ...]
    max_take: int | None = None

    @property
    def is_simple(self) -> bool:
        """True for Simple-Nim (one pile, takes 1..max_take)."""
        return self.max_take is not None

    @property
    def counters(self) -> int:
        """All the counters on the table: no game from here lasts more moves than this."""
        return sum(self.piles)

    @property
    def label(self) -> str:
        """Such as "(2,3,5)" or "Simple-Nim 21 (1-3)"."""
        if self.is_simple:
            return f"Simple-Nim {self.piles[0]} (1-{self.max_take})"
        return "(" + ",".join(map(str, self.piles)) + ")"

    def contains(self, other: Position) -> bool:
        """True when every line of play from `other` is also one from here (a bigger game).

        Same kind of game, and the piles sorted from largest, compared one by one, are all at
        least as large here.
        """
        if self.max_take != other.max_take or len(self.piles) < len(other.piles):
            return False
        mine, theirs = sorted(self.piles, reverse=True), sorted(other.piles, reverse=True)
        return all(a >= b for a, b in zip(mine, theirs, strict=False))


SUITE: tuple[Position, ...] = (
    Position((2, 3, 5)),
    Position((3, 4, 5)),
    Position((1, 3, 5, 7)),
    Position((1, 2, 3, 4, 5)),
    Position((2, 3, 4, 5, 6)),
    Position((3, 5, 7, 9)),
    Position((4, 5, 6, 7, 8)),
    Position((1, 2, 3, 4, 5, 6, 7)),
    Position((21,), max_take=3),
    Position((40,), max_take=3),
)


def reference_answer(position: Position) -> bool:
    """Whether the player to move wins, by nimlib's closed forms (Bouton's rule, the period)."""
    if position.is_simple:
        return simple_nim_player_to_move_wins(position.piles[0], position.max_take)
    return nim_player_to_move_wins(position.piles)


# ---------------------------------------------------------------- solvers


@dataclass(frozen=True)
class Answer:
    """What a solver found: does the player to move win, and how many nodes it visited."""

    wins: bool
    nodes: int | None = None


@dataclass(frozen=True)
class Solver:
    """One column of the benchmark.

    `solve` is the timed run. `count` is an untimed run that also counts nodes, for solvers
    whose `solve` does not count them itself. `applies` says which positions the solver can
    play at all (OpenSpiel has no Simple-Nim).
    """

    library: str
    column: str
    description: str
    solve: Callable[[Position], Answer]
    count: Callable[[Position], Answer] | None = None
    applies: Callable[[Position], bool] = field(default=lambda position: True)
    is_search: bool = True


def nimlib_game_and_state(position: Position) -> tuple[nimlib.Game, Any]:
    """nimlib's game and start state for `position` (misère play, nimlib's default)."""
    if position.is_simple:
        return SimpleNim(takes=tuple(range(1, position.max_take + 1))), position.piles[0]
    return Nim(), position.piles


def nimlib_search(method: str) -> Callable[[Position], Answer]:
    """A solver running ``nimlib.solve(..., method=method)`` with no call budget."""

    def solve(position: Position) -> Answer:
        game, state = nimlib_game_and_state(position)
        stats = unlimited_stats()
        score = nimlib.solve(game, state, True, method=method, stats=stats)
        return Answer(score == 1, stats.calls)

    return solve


def unlimited_stats() -> SearchStats:
    """Counters with no budget of calls, seconds or bytes (older nimlibs have only the calls): a
    benchmark's own time limit, not nimlib's, stops a slow search."""
    try:
        return SearchStats(max_calls=None, max_seconds=None, max_bytes=None, track_states=False)
    except TypeError:  # a nimlib from before the seconds and bytes budgets
        return SearchStats(max_calls=None, track_states=False)


def nimlib_theory(position: Position) -> Answer:
    """The closed form: no search at all, so no nodes."""
    return Answer(reference_answer(position))


NIMLIB_COLUMNS = {
    "minimax": "minimax",
    "memo": "memo",
    "memo_canonical": "memo_can",
    "alphabeta": "ab",
    "alphabeta_table": "ab_table",
    "negamax": "negamax_tt",
    "iterative": "iterative",
}


def nimlib_solvers() -> list[Solver]:
    """Every search method of ``nimlib.METHODS``, then the closed form."""
    solvers = [
        Solver(
            "nimlib",
            NIMLIB_COLUMNS.get(method, method),
            f"nimlib.solve(method={method!r})",
            nimlib_search(method),
        )
        for method in nimlib.METHODS
    ]
    theory = "nimlib.theory closed form (Bouton's rule / the period of Simple-Nim)"
    solvers.append(Solver("nimlib", "theory", theory, nimlib_theory, is_search=False))
    return solvers


# ---------------------------------------------------------------- easyAI

EASYAI_WIN_SCORE = 100  # easyAI's Nim scores a finished game 100 for the player to move


@cache
def counting_easyai_nim() -> type:
    """easyAI's Nim, counting the moves its searches make (made once, outside the timing)."""
    from easyAI.games import Nim as EasyNim

    class CountingNim(EasyNim):
        moves_made = 0

        def make_move(self, move: str) -> None:
            self.moves_made += 1
            super().make_move(move)

    return CountingNim


def easyai_game(position: Position, counting: bool = False) -> Any:
    """easyAI's Nim for `position`, optionally one that counts its moves.

    Quirk: easyAI offers takes 1 .. max_removals_per_turn - 1, so takes 1-3 need 4.
    """
    from easyAI import AI_Player
    from easyAI.games import Nim as EasyNim

    game_class = counting_easyai_nim() if counting else EasyNim
    players = [AI_Player(None), AI_Player(None)]
    if position.is_simple:
        return game_class(
            players, max_removals_per_turn=position.max_take + 1, piles=list(position.piles)
        )
    return game_class(players, piles=list(position.piles))


def nodes_of(game: Any) -> int | None:
    """Nodes visited by an easyAI search: the root and one per move made."""
    return game.moves_made + 1 if hasattr(game, "moves_made") else None


def easyai_negamax(position: Position, counting: bool = False) -> Answer:
    """easyAI's Negamax (alpha-beta) with a transposition table, deep enough to reach every end.

    Quirk: its score carries a depth bonus (100 * (1 + 0.001 * depth left)), so only the sign
    means win or loss. `win_score` 100 gives it the narrow window easyAI recommends.
    """
    from easyAI import Negamax, TranspositionTable

    game = easyai_game(position, counting)
    search = Negamax(position.counters + 1, win_score=EASYAI_WIN_SCORE, tt=TranspositionTable())
    search(game)
    return Answer(search.alpha > 0, nodes_of(game))


def easyai_id_solve(position: Position, counting: bool = False) -> Answer:
    """easyAI's `solve_with_iterative_deepening` (id_solve): Negamax at depths 1, 2, ..."""
    from easyAI import TranspositionTable, solve_with_iterative_deepening

    game = easyai_game(position, counting)
    depths = range(1, position.counters + 2)
    result, _depth, _move = solve_with_iterative_deepening(
        game, depths, win_score=EASYAI_WIN_SCORE, tt=TranspositionTable(), verbose=False
    )
    if result == 0:
        raise RuntimeError("easyAI's id_solve found no win or loss (search not deep enough)")
    return Answer(result > 0, nodes_of(game))


def easyai_df_solve(position: Position, counting: bool = False) -> Answer:
    """easyAI's `solve_with_depth_first_search` (df_solve) with a transposition table.

    Quirk: it stops at `maxdepth` (50 by default) with ``raise "..."``, a TypeError in
    Python 3, so it is given a `maxdepth` above the longest game.
    """
    from easyAI import TranspositionTable, solve_with_depth_first_search

    game = easyai_game(position, counting)
    result = solve_with_depth_first_search(
        game, EASYAI_WIN_SCORE, maxdepth=position.counters + 2, tt=TranspositionTable()
    )
    if result == 0:
        raise RuntimeError("easyAI's df_solve answered 'draw', which Nim cannot be")
    return Answer(result > 0, nodes_of(game))


def easyai_solvers() -> list[Solver]:
    """easyAI's three exact solvers; raises ImportError when easyAI is not installed."""
    import easyAI  # noqa: F401

    def column(column: str, description: str, search: Callable[..., Answer]) -> Solver:
        def count(position: Position) -> Answer:
            return search(position, counting=True)

        return Solver("easyAI", column, description, search, count)

    return [
        column("negamax", "easyAI Negamax + TranspositionTable", easyai_negamax),
        column("id_solve", "easyAI solve_with_iterative_deepening + TT", easyai_id_solve),
        column("df_solve", "easyAI solve_with_depth_first_search + TT", easyai_df_solve),
    ]


# ---------------------------------------------------------------- OpenSpiel


def openspiel_game(position: Position) -> Any:
    """OpenSpiel's misère `nim` game with these piles."""
    import pyspiel

    pile_sizes = ";".join(str(pile) for pile in position.piles)
    return pyspiel.load_game("nim", {"pile_sizes": pile_sizes, "is_misere": True})


@contextmanager
def counting_calls(module: Any, name: str) -> Iterator[list[int]]:
    """Count the calls of the recursive function `module.name` (its recursion included)."""
    original = getattr(module, name)
    calls = [0]

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return original(*args, **kwargs)

    setattr(module, name, counted)
    try:
        yield calls
    finally:
        setattr(module, name, original)


def openspiel_alpha_beta(position: Position) -> Answer:
    """`open_spiel.python.algorithms.minimax.alpha_beta_search`: alpha-beta, no table.

    Quirk: OpenSpiel's returns are per player; the value is the one of the player to move
    (player 0 at the start), +1 or -1.
    """
    from open_spiel.python.algorithms import minimax

    value, _action = minimax.alpha_beta_search(
        openspiel_game(position), maximum_depth=position.counters + 1
    )
    return Answer(bool(value > 0))


def openspiel_expectiminimax(position: Position) -> Answer:
    """`open_spiel.python.algorithms.minimax.expectiminimax`: plain minimax, nothing remembered."""
    from open_spiel.python.algorithms import minimax

    state = openspiel_game(position).new_initial_state()
    value, _action = minimax.expectiminimax(
        state, position.counters + 1, None, state.current_player()
    )
    return Answer(bool(value > 0))


@cache
def counting_minimax_solver() -> type:
    """OpenSpiel's MinimaxSolver, counting the positions it looks at."""
    from open_spiel.python.algorithms.minimax_solver import MinimaxSolver

    class CountingSolver(MinimaxSolver):
        nodes = 0

        def _create_table(self, state: Any) -> Any:
            self.nodes += 1  # this position, and the finished ones it scores without a call
            if str(state) not in self._table:
                self.nodes += sum(
                    state.child(action).is_terminal() for action in state.legal_actions()
                )
            return super()._create_table(state)

    return CountingSolver


def openspiel_minimax_solver(position: Position, counting: bool = False) -> Answer:
    """`open_spiel.python.algorithms.minimax_solver.MinimaxSolver`: minimax with a table.

    Quirks: it is built from a game string, its table is keyed by ``str(state)`` (which names
    the player to move, so each position is stored once per player), and it refuses a root
    that is already finished.
    """
    from open_spiel.python.algorithms.minimax_solver import MinimaxSolver

    game = openspiel_game(position)
    solver = (counting_minimax_solver() if counting else MinimaxSolver)(str(game))
    table = solver.solve()
    value = table[str(game.new_initial_state())].value
    return Answer(bool(value > 0), solver.nodes if counting else None)


def openspiel_solvers() -> list[Solver]:
    """OpenSpiel's exact solvers for `nim`; raises ImportError when it is not installed."""
    import pyspiel  # noqa: F401
    from open_spiel.python.algorithms import minimax

    def counted(name: str, search: Callable[[Position], Answer]) -> Callable[[Position], Answer]:
        def count(position: Position) -> Answer:
            with counting_calls(minimax, name) as calls:
                answer = search(position)
            return Answer(answer.wins, calls[0])

        return count

    def count_solver(position: Position) -> Answer:
        return openspiel_minimax_solver(position, counting=True)

    def nim_only(position: Position) -> bool:
        return not position.is_simple

    return [
        Solver(
            "OpenSpiel",
            "alpha_beta",
            "OpenSpiel minimax.alpha_beta_search",
            openspiel_alpha_beta,
            counted("_alpha_beta", openspiel_alpha_beta),
            nim_only,
        ),
        Solver(
            "OpenSpiel",
            "expecti",
            "OpenSpiel minimax.expectiminimax (plain minimax)",
            openspiel_expectiminimax,
            counted("expectiminimax", openspiel_expectiminimax),
            nim_only,
        ),
        Solver(
            "OpenSpiel",
            "mm_solver",
            "OpenSpiel minimax_solver.MinimaxSolver (table by str(state))",
            openspiel_minimax_solver,
            count_solver,
            nim_only,
        ),
    ]


PEERS: dict[str, Callable[[], list[Solver]]] = {
    "easyAI": easyai_solvers,
    "OpenSpiel": openspiel_solvers,
}


def peer_solvers() -> tuple[list[Solver], list[str]]:
    """The solvers of every installed peer library, and notes naming the missing ones."""
    solvers: list[Solver] = []
    missing: list[str] = []
    for library, make in PEERS.items():
        try:
            solvers.extend(make())
        except ImportError as error:
            missing.append(f"{library} is not installed ({error}): its columns are left out")
    return solvers, missing
