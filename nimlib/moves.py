"""Choosing a move: every search method behind one name, and `best_move` on top of them."""

from __future__ import annotations

from collections.abc import Callable

from nimlib.alphabeta import alphabeta
from nimlib.games import Game, State
from nimlib.iterative import iterative_minimax
from nimlib.minimax import memoized_minimax, minimax
from nimlib.negamax import negamax
from nimlib.stats import SearchStats

Solver = Callable[[State, bool], int]

METHODS = {
    "minimax": "plain minimax: the whole tree, nothing remembered",
    "memo": "minimax remembering each position's score",
    "memo_canonical": "minimax remembering scores of canonical positions (symmetries shared)",
    "alphabeta": "alpha-beta pruning",
    "alphabeta_table": "alpha-beta pruning with a transposition table of bounds",
    "negamax": "alpha-beta from the player to move's side, one table entry for both players",
    "iterative": "memoized minimax on an explicit stack, for very long games",
}


def solver(game: Game, method: str = "memo", stats: SearchStats | None = None) -> Solver:
    """A function ``score(state, is_maximizing)`` for `game` using `method`, with one shared memo."""
    stats = SearchStats.budget_only() if stats is None else stats
    memo: dict = {}
    searches: dict[str, Solver] = {
        "minimax": lambda state, is_max: minimax(game, state, is_max, stats),
        "memo": lambda state, is_max: memoized_minimax(game, state, is_max, cache=memo, stats=stats),
        "memo_canonical": lambda state, is_max: memoized_minimax(
            game, state, is_max, canonical=True, cache=memo, stats=stats
        ),
        "alphabeta": lambda state, is_max: alphabeta(game, state, is_max, stats=stats),
        "alphabeta_table": lambda state, is_max: alphabeta(
            game, state, is_max, table=memo, canonical=True, stats=stats
        ),
        "negamax": lambda state, is_max: for_maximizer(negamax(game, state, table=memo, stats=stats), is_max),
        "iterative": lambda state, is_max: iterative_minimax(game, state, is_max, cache=memo, stats=stats),
    }
    if not isinstance(method, str) or method not in searches:
        raise ValueError(f"unknown method {method!r}: choose one of {', '.join(METHODS)}")
    return searches[method]


def for_maximizer(score_for_mover: int, is_maximizing: bool) -> int:
    """A score for the player to move, seen from the maximizing player's side."""
    return score_for_mover if is_maximizing else -score_for_mover


def solve(
    game: Game, state: State, is_maximizing: bool = True, method: str = "memo", stats: SearchStats | None = None
) -> int:
    """The minimax score of `state` (+1 or -1) for the maximizing player, found with `method`."""
    return solver(game, method, stats)(state, is_maximizing)


def best_move(game: Game, state: State, method: str = "memo", stats: SearchStats | None = None) -> tuple[int, State]:
    """The best move for the player to move, as ``(score, new_state)``.

    The score is +1 if the player to move can force a win, else -1. Among equally good moves
    the one whose new state is largest wins the tie (the largest number of counters left, or
    for piles the largest tuple), because the choice is ``max`` over ``(score, new_state)``.
    """
    state = game.validate(state)
    if game.evaluate(state, True) is not None:
        raise ValueError(f"the game is already over at {state!r}: there is no move to make")
    score = solver(game, method, stats)
    return max((score(new_state, False), new_state) for new_state in game.possible_new_states(state))
