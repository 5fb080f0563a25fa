"""Choosing a move: every search method behind one name, and `best_move` on top of them."""

from __future__ import annotations

from collections.abc import Callable

from nimlib.games.base import Game, State, checked_range, shown
from nimlib.search.alphabeta import alphabeta
from nimlib.search.contract import checked_depth, checked_start, dead_end
from nimlib.search.iterative import iterative_minimax
from nimlib.search.limits import SearchTooDeep
from nimlib.search.minimax import memoized_minimax, minimax
from nimlib.search.negamax import negamax
from nimlib.search.stats import SearchStats, checked_stats

Solver = Callable[[State, bool], float]

METHODS = {
    "minimax": "plain minimax: the whole tree, nothing remembered",
    "memo": "minimax remembering each position's score",
    "memo_canonical": "minimax remembering scores of canonical positions (symmetries shared)",
    "alphabeta": "alpha-beta pruning",
    "alphabeta_table": "alpha-beta pruning with a transposition table of bounds",
    "negamax": "alpha-beta from the player to move's side, one table entry for both players",
    "iterative": "memoized minimax on an explicit stack, for very long games",
}


def solver(game: Game, method: str = "memo", stats: SearchStats | None = None, depth: int | None = None) -> Solver:
    """A function ``score(state, is_maximizing)`` for `game` using `method`, with one shared memo.

    With `depth`, every search looks at most that many moves ahead (see Game.estimate).
    """
    checked_range(game)
    stats = checked_stats(stats)
    checked_depth(depth)
    memo: dict = {}
    searches: dict[str, Solver] = {
        "minimax": lambda state, is_max: minimax(game, state, is_max, stats, depth=depth),
        "memo": lambda state, is_max: memoized_minimax(game, state, is_max, cache=memo, stats=stats, depth=depth),
        "memo_canonical": lambda state, is_max: memoized_minimax(
            game, state, is_max, canonical=True, cache=memo, stats=stats, depth=depth
        ),
        "alphabeta": lambda state, is_max: alphabeta(game, state, is_max, stats=stats, depth=depth),
        "alphabeta_table": lambda state, is_max: alphabeta(
            game, state, is_max, table=memo, canonical=True, stats=stats, depth=depth
        ),
        "negamax": lambda state, is_max: for_maximizer(
            negamax(game, state, is_maximizing=is_max, table=memo, stats=stats, depth=depth), is_max
        ),
        "iterative": lambda state, is_max: iterative_minimax(game, state, is_max, cache=memo, stats=stats, depth=depth),
    }
    if not isinstance(method, str) or method not in searches:
        raise ValueError(f"unknown method {shown(method)}: choose one of {', '.join(METHODS)}")
    return searches[method]


def for_maximizer(score_for_mover: float, is_maximizing: bool) -> float:
    """A score for the player to move, seen from the maximizing player's side."""
    return score_for_mover if is_maximizing else -score_for_mover


def solve(
    game: Game,
    state: State,
    is_maximizing: bool = True,
    method: str = "memo",
    stats: SearchStats | None = None,
    *,
    depth: int | None = None,
) -> float:
    """The minimax score of `state` for the maximizing player, found with `method`.

    With `depth`, the search looks that many moves ahead and scores the positions there with
    ``game.estimate``. A position too deep for a recursive method is solved by the iterative
    method instead.
    """
    stats = checked_stats(stats)
    search = solver(game, method, stats, depth)
    with stats.searching(state):
        try:
            return search(state, is_maximizing)
        except SearchTooDeep:
            return solver(game, "iterative", stats, depth)(state, is_maximizing)


def best_move(
    game: Game,
    state: State,
    method: str = "memo",
    stats: SearchStats | None = None,
    *,
    depth: int | None = None,
    is_maximizing: bool = True,
) -> tuple[float, State]:
    """The best move for the player to move (Max unless ``is_maximizing=False``), as ``(score, new_state)``.

    The score is the minimax score seen by the player to move (+1 if they can force a win in
    the Nim games, else -1). Among equally good moves the one whose new state is largest wins the
    tie (the largest number of counters left, or for piles the largest tuple), because the
    choice is ``max`` over ``(score, new_state)`` (for states that cannot be compared, the
    first of the best moves). With `depth`, the moves are judged by looking
    that many moves ahead in all (the move itself included). A position too deep for a
    recursive method is solved by the iterative method instead.
    """
    game, state, is_maximizing = checked_start(game, state, is_maximizing)
    stats = checked_stats(stats)
    if game.evaluate(state, is_maximizing) is not None:
        raise ValueError(f"the game is already over at {shown(state)}: there is no move to make")
    below = None if depth is None else max(checked_depth(depth) - 1, 0)
    with stats.searching(state):
        try:
            return best_of(game, state, is_maximizing, solver(game, method, stats, below))
        except SearchTooDeep:
            return best_of(game, state, is_maximizing, solver(game, "iterative", stats, below))


def best_of(game: Game, state: State, is_maximizing: bool, score: Solver) -> tuple[float, State]:
    """The best move from `state` by the scores `score` gives, scored for the mover, ties to the largest state."""
    moves = [
        (for_maximizer(score(new_state, not is_maximizing), is_maximizing), new_state)
        for new_state in game.possible_new_states(state)
    ]
    if not moves:
        raise dead_end(game, state)
    try:
        return max(moves)
    except TypeError:  # states that cannot be compared: the first of the best moves
        return max(moves, key=lambda move: move[0])
