"""Alpha-beta pruning: minimax that skips the moves which cannot change the result."""

from __future__ import annotations

from collections.abc import Callable
from math import inf
from numbers import Real
from typing import Any

from nimlib.games import Game, State, truth_value
from nimlib.limits import recursion_guard
from nimlib.stats import SearchStats

SCORE_RANGE = (-1, 1)
UNKNOWN = (-inf, inf)


def alphabeta(
    game: Game,
    state: State,
    is_maximizing: bool = True,
    alpha: float = -1,
    beta: float = 1,
    *,
    table: dict | None = None,
    canonical: bool = False,
    order: Callable[[State], Any] | None = None,
    stats: SearchStats | None = None,
) -> int:
    """The minimax score of `state`, found while skipping moves that cannot change it.

    `alpha` is the score the maximizing player is already sure of, `beta` the score the
    minimizing player is already sure of. Once alpha >= beta the remaining moves of a position
    cannot matter, and they are cut off. Every score in these games is -1 or +1, so the search
    starts from alpha = -1 and beta = +1: nobody can do worse than losing or better than winning.

    With a `table` dict (a transposition table) each position's result is stored as bounds
    ``(lower, upper)``: a score found under a cut-off is only a bound on the true score, and it
    is stored and used as such (with the default window every result is exact; with a wider one,
    such as ``alpha=-inf, beta=inf``, some are one-sided bounds). `order` is a sort key for the
    moves (``order=lambda s: s`` visits the Simple-Nim positions with the fewest counters first).
    """
    stats = SearchStats.budget_only() if stats is None else stats
    key = game.canonical if canonical else None
    alpha, beta = checked_window(alpha, beta)
    order = checked_order(order)

    def search(state: State, is_maximizing: bool, alpha: float, beta: float) -> int:
        stats.count_call(state)
        score = game.evaluate(state, is_maximizing)
        if score is not None:
            return score
        entry = ((key(state) if key else state), is_maximizing)
        lower, upper = table.get(entry, UNKNOWN) if table is not None else UNKNOWN
        settled = settled_score((lower, upper), alpha, beta)
        if settled is not None:
            stats.cache_hits += 1
            return settled
        alpha, beta = max(alpha, lower), min(beta, upper)
        window = (alpha, beta)
        new_states = game.possible_new_states(state)
        if order is not None:
            new_states = sorted(new_states, key=order)
        best = -inf if is_maximizing else inf
        for new_state in new_states:
            value = search(new_state, not is_maximizing, alpha, beta)
            if is_maximizing:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta:
                stats.cutoffs += 1
                break
        if table is not None:
            table[entry] = proven_bounds(best, window, (lower, upper))
        return best

    with recursion_guard(state):
        return search(game.validate(state), truth_value(is_maximizing, "is_maximizing"), alpha, beta)


def checked_window(alpha: object, beta: object) -> tuple[float, float]:
    """`(alpha, beta)` if both are numbers with alpha < beta, else a ValueError saying what is wrong."""
    for name, value in (("alpha", alpha), ("beta", beta)):
        if isinstance(value, bool) or not isinstance(value, Real):
            raise ValueError(f"{name} must be a number, not {value!r}")
    if alpha >= beta:
        raise ValueError(f"alpha must be less than beta, but alpha = {alpha} and beta = {beta}")
    return alpha, beta


def checked_order(order: object) -> Callable[[State], Any] | None:
    """`order` if it is None or a function (a sort key for the moves), else a ValueError."""
    if order is not None and not callable(order):
        raise ValueError(f"order must be a function that gives each state a sort key, or None, not {order!r}")
    return order


def settled_score(known: tuple[float, float], alpha: float, beta: float) -> float | None:
    """The score to return at once when the `known` (lower, upper) bounds settle the search, else None.

    Known exactly, or at least beta (a cut-off either way), or at most alpha (no use to anyone):
    searching the position again could not change what the caller does.
    """
    lower, upper = known
    if lower >= beta or lower == upper:
        return lower
    if upper <= alpha:
        return upper
    return None


def proven_bounds(best: int, window: tuple[float, float], known: tuple[float, float]) -> tuple[float, float]:
    """What a search that returned `best` inside `window` proves about the true score.

    Returns ``(lower, upper)``, tightened from the `known` bounds and never wider than
    SCORE_RANGE. A result at or below alpha ("fail low") only proves score <= best; one at or
    above beta ("fail high") only proves score >= best; a result strictly inside the window is
    the exact score.
    """
    (alpha, beta), (lower, upper) = window, known
    if best <= alpha:
        upper = min(upper, best)
    elif best >= beta:
        lower = max(lower, best)
    else:
        lower = upper = best
    return (max(lower, SCORE_RANGE[0]), min(upper, SCORE_RANGE[1]))
