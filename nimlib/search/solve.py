"""Asking for a score or a move: ``solve`` and ``best_move``, by any method of the registry."""

from __future__ import annotations

from nimlib.games.base import Game, State, checked_range, shown
from nimlib.search.contract import checked_depth, checked_start, dead_end
from nimlib.search.limits import SearchTooDeep
from nimlib.search.methods import Solver, for_maximizer, method_named
from nimlib.search.stats import SearchStats, checked_stats


def solver(game: Game, method: str = "memo", stats: SearchStats | None = None, depth: int | None = None) -> Solver:
    """A function ``score(state, is_maximizing)`` for `game` using `method`, with one shared table.

    With `depth`, every search looks at most that many moves ahead (see Game.estimate).
    """
    checked_range(game)
    stats = checked_stats(stats)
    checked_depth(depth)
    return method_named(method).solver(game, {}, stats, depth)


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
