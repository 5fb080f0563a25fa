"""Alpha-beta pruning: minimax that skips the moves which cannot change the result."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from math import inf
from typing import Any, Protocol

from nimlib.games.base import Game, State, is_number, shown, truth_value
from nimlib.search.contract import checked_depth, checked_start, dead_end, explained_errors, leaf_score, ordered
from nimlib.search.limits import recursion_guard
from nimlib.search.stats import SearchStats, checked_stats, checked_table

UNKNOWN = (-inf, inf)
NO_MOVE = object()  # what next() gives once the moves run out (no state is this object)


def alphabeta(
    game: Game,
    state: State,
    is_maximizing: bool = True,
    alpha: float | None = None,
    beta: float | None = None,
    *,
    table: dict | None = None,
    canonical: bool = False,
    order: Callable[[State], Any] | None = None,
    stats: SearchStats | None = None,
    depth: int | None = None,
    trace: Trace | None = None,
) -> float:
    """The minimax score of `state`, found while skipping moves that cannot change it.

    `alpha` is the score the maximizing player is already sure of, `beta` the score the
    minimizing player is already sure of. Once alpha >= beta the remaining moves of a position
    cannot matter, and they are cut off (`stats` counts a cut-off only where a move was left to
    skip). By default the window is the game's score_range (-1 and +1 in the Nim games): nobody
    can do worse than the lowest score or better than the highest, and then the result is always
    the exact score.

    With a narrower window a result is exact only when it lies strictly inside it: a result
    at or below alpha only says the score is at most that (an upper bound), one at or above
    beta only says it is at least that (a lower bound).

    With a `table` dict (a transposition table) each position's result is stored as bounds
    ``(lower, upper)``: a score found under a cut-off is only a bound on the true score, and it
    is stored and used as such. `order` is a sort key for the moves (``order=lambda s: s``
    visits the Simple-Nim positions with the fewest counters first). With `depth`, the search
    looks at most that many moves ahead and scores the positions it stops at with
    ``game.estimate``. A `trace` is told of every visit, result and skipped move (drawing.tree
    grows the drawn tree from it).
    """
    game, state, is_maximizing = checked_start(game, state, is_maximizing)
    score_range = game.score_range
    alpha, beta = checked_window(score_range[0] if alpha is None else alpha, score_range[1] if beta is None else beta)
    key = game.canonical if truth_value(canonical, "canonical") else None
    order, stats, remaining = checked_order(order), checked_stats(stats), checked_depth(depth)
    table = None if table is None else checked_table(table, "table")
    with explained_errors(game):
        return alphabeta_search(game, state, is_maximizing, alpha, beta, table, key, order, stats, remaining, trace)


def alphabeta_search(
    game: Game,
    state: State,
    is_maximizing: bool,
    alpha: float,
    beta: float,
    table: dict | None,
    key: Callable[[State], State] | None,
    order: Callable[[State], Any] | None,
    stats: SearchStats,
    remaining: float,
    trace: Trace | None = None,
) -> float:
    """alphabeta on arguments its caller has checked (`key` gives a state's entry, None: the state)."""
    score_range = game.score_range

    def visit(state: State, is_maximizing: bool, alpha: float, beta: float, remaining: float) -> float:
        stats.count_call(state)
        score = leaf_score(game, state, is_maximizing, remaining)
        if score is not None:
            return score
        known = UNKNOWN
        if table is not None:
            position = key(state) if key else state
            entry = (position, is_maximizing) if remaining == inf else (position, is_maximizing, remaining)
            settled, known = probe(table, entry, alpha, beta, stats)
            if settled is not None:
                return settled
            alpha, beta = max(alpha, known[0]), min(beta, known[1])
        window = (alpha, beta)
        new_states = game.possible_new_states(state) if order is None else ordered(game, state, order, stats)
        best = -inf if is_maximizing else inf
        value, to_move, below, moves = None, not is_maximizing, remaining - 1, iter(new_states)
        for new_state in moves:
            value = search(new_state, to_move, alpha, beta, below)
            if is_maximizing:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if cut_off(alpha, beta, moves, stats, trace):
                break
        if value is None:
            raise dead_end(game, state)
        if table is not None:
            table[entry] = proven_bounds(best, window, known, score_range)
        return best

    search = visit if trace is None else traced(visit, trace)
    with stats.searching(state, *([] if table is None else [table])), recursion_guard(state, game, stats):
        return search(state, is_maximizing, alpha, beta, remaining)


def probe(table: dict, key: object, alpha: float, beta: float, stats: SearchStats) -> tuple[float | None, tuple]:
    """Look a position up in a table of bounds: the score to return at once (or None), and the known bounds."""
    known = table.get(key, UNKNOWN)
    settled = settled_score(known, alpha, beta)
    if settled is not None:
        stats.cache_hits += 1
    return settled, known


class Trace(Protocol):
    """What a search tells an onlooker (a tree being drawn, say): each visit, its result, the moves it skips."""

    def enter(self, state: State, is_maximizing: bool, alpha: float, beta: float) -> None:
        """The search visits `state` with the window (`alpha`, `beta`)."""

    def leave(self, score: float) -> None:
        """The search returns `score` from the position it entered last."""

    def skip(self, states: Iterator[State]) -> bool:
        """A cut-off skips these moves of the position being searched (taken as far as the onlooker needs);
        whether there is one."""


def traced(visit: Callable[..., float], trace: Trace) -> Callable[..., float]:
    """`visit`, telling `trace` where it enters and what it returns."""

    def search(state: State, is_maximizing: bool, alpha: float, beta: float, remaining: float) -> float:
        trace.enter(state, is_maximizing, alpha, beta)
        score = visit(state, is_maximizing, alpha, beta, remaining)
        trace.leave(score)
        return score

    return search


def cut_off(alpha: float, beta: float, moves: Iterator[State], stats: SearchStats, trace: Trace | None = None) -> bool:
    """Whether the window has closed (alpha >= beta), counting a cut-off where a move is left to skip."""
    if alpha < beta:
        return False
    if trace is None:
        stats.cutoffs += skips_a_move(moves)
    else:
        stats.cutoffs += trace.skip(moves)
    return True


def skips_a_move(moves: Iterator[State]) -> bool:
    """Whether a move is left in `moves`: the cut-off that stops there skips it (one more is taken, none searched)."""
    return next(moves, NO_MOVE) is not NO_MOVE


def checked_window(alpha: object, beta: object) -> tuple[float, float]:
    """`(alpha, beta)` if both are numbers (not NaN) with alpha < beta, else a ValueError saying what is wrong."""
    for name, value in (("alpha", alpha), ("beta", beta)):
        if not is_number(value):
            raise ValueError(f"{name} must be a number (not NaN), not {shown(value)}")
    if alpha >= beta:
        raise ValueError(f"alpha must be less than beta, but alpha = {shown(alpha)} and beta = {shown(beta)}")
    return alpha, beta


def checked_order(order: object) -> Callable[[State], Any] | None:
    """`order` if it is None or a function (a sort key for the moves), else a ValueError."""
    if order is not None and not callable(order):
        raise ValueError(f"order must be a function that gives each state a sort key, or None, not {shown(order)}")
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


def proven_bounds(
    best: float, window: tuple[float, float], known: tuple[float, float], score_range: tuple[float, float] = UNKNOWN
) -> tuple[float, float]:
    """What a search that returned `best` inside `window` proves about the true score.

    Returns ``(lower, upper)``, tightened from the `known` bounds and never wider than
    `score_range`, in three cases:

    - ``best <= alpha`` ("fail low"): the score is at most best, an upper bound;
    - ``best >= beta`` ("fail high"): the score is at least best, a lower bound;
    - ``alpha < best < beta``: best is the exact score.
    """
    (alpha, beta), (lower, upper) = window, known
    if best <= alpha:
        upper = min(upper, best)
    elif best >= beta:
        lower = max(lower, best)
    else:
        lower = upper = best
    return (max(lower, score_range[0]), min(upper, score_range[1]))
