"""Alpha-beta pruning: minimax that skips the moves which cannot change the result.

``AlphaBeta.score`` and ``AlphaBeta.best`` are notebook 05's ``alphabeta_search``, with what the
library adds: a depth limit, a table of bounds (``nimlib.book.table``), a sort key for the
moves, and an onlooker (a Trace) told of every visit: how nimlib.drawing grows the drawn tree.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import inf
from typing import Any

from nimlib.book.moves import ORDER_EXAMPLE, any_left, ordered
from nimlib.book.stats import SearchStats, checked_stats, checked_table
from nimlib.book.table import (
    BOUNDS,
    UNKNOWN,
    answer_from_table,
    stored_bounds,
    table_key,
    within,
)
from nimlib.book.trace import Trace, checked_trace
from nimlib.games.base import Game
from nimlib.games.values import (
    State,
    canonical_form,
    checked_depth,
    checked_function,
    checked_start,
    checked_window,
    dead_end,
    leaf_score,
    truth_value,
)


@dataclass
class AlphaBeta:
    """One alpha-beta search of one game: its SearchStats, depth, table, order of moves and
    onlooker.

    Without a `table` nothing is remembered; with one, each position's bounds are stored under
    its canonical form if `canonical`. `order` is a sort key for the moves (None: the game's).
    """

    game: Game
    stats: SearchStats
    depth: float = inf
    table: dict | None = None
    canonical: bool = False
    order: Callable[[State], Any] | None = None
    trace: Trace | None = None

    def __call__(
        self,
        state: State,
        is_maximizing: bool,
        alpha: float | None = None,
        beta: float | None = None,
    ) -> float:
        """The score of `state` for Max from the window (alpha, beta), or the game's score range."""
        alpha, beta = checked_window(alpha, beta, self.game.score_range)
        tables = [] if self.table is None else [self.table]
        with self.stats.searching(state, *tables, game=self.game):
            return self.score(state, is_maximizing, alpha, beta, self.depth)

    def score(
        self, state: State, is_maximizing: bool, alpha: float, beta: float, depth: float
    ) -> float:
        """The score of `state` for Max: exact strictly inside (alpha, beta), else a bound."""
        self.stats.count_call(state)
        if self.trace is not None:
            self.trace.enter(state, is_maximizing, alpha, beta)
        score = leaf_score(self.game, state, is_maximizing, depth)
        if score is None:  # the game goes on: search the moves, through the table if there is one
            search = self.best if self.table is None else self.remembered
            score = search(state, is_maximizing, alpha, beta, depth)
        if self.trace is not None:
            self.trace.leave(score)
        return score

    def best(
        self, state: State, is_maximizing: bool, alpha: float, beta: float, depth: float
    ) -> float:
        """The best score of the moves from `state`, cutting off the rest once alpha >= beta."""
        best, value = -inf if is_maximizing else inf, None
        moves = iter(ordered(self.game, state, self.order, self.stats))
        for new_state in moves:
            value = self.score(new_state, not is_maximizing, alpha, beta, depth - 1)
            if is_maximizing:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta:  # a cut-off, counted where a move is left to skip
                if self.trace is not None:
                    self.stats.cutoffs += self.trace.skip(moves)
                else:
                    self.stats.cutoffs += any_left(moves)
                return best
        if value is None:  # no move at all
            raise dead_end(self.game, state)
        return best

    def remembered(
        self, state: State, is_maximizing: bool, alpha: float, beta: float, depth: float
    ) -> float:
        """The score from the table's bounds if they settle it, else searched and its bounds
        stored."""
        kept = canonical_form(self.game, state) if self.canonical else state
        key = table_key(kept, is_maximizing, depth)
        lower, upper = self.table.get(key, UNKNOWN)
        answer = answer_from_table(lower, upper, alpha, beta)
        if answer is not None:
            self.stats.table_hits += 1
            return answer
        alpha, beta = max(alpha, lower), min(beta, upper)
        best = self.best(state, is_maximizing, alpha, beta, depth)
        bounds = stored_bounds(best, alpha, beta, lower, upper)
        self.table[key] = within(bounds, self.game.score_range)
        return best


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

    `alpha` is the score Max is already sure of, `beta` the score Min is already sure to hold Max
    to: once alpha >= beta the remaining moves of a position cannot matter, and they are cut off. By
    default the window is the game's score_range (-1 and +1 in the Nim games), and the result is
    exact. With a narrower window a result is exact only when it lies strictly inside it: a result
    at or below alpha only says the score is at most that (an upper bound), one at or above beta
    only says it is at least that (a lower bound).

    With a `table` dict each position's result is stored as bounds ``(lower, upper)``, under its
    canonical form if `canonical`. `order` is a sort key for the moves (``order=lambda s: s`` tries
    the fewest counters first in Simple-Nim). With `depth`, the search looks that many moves ahead
    and scores the positions there with ``game.estimate``. A `trace` is told of every visit.
    """
    game, state, is_maximizing = checked_start(game, state, is_maximizing)
    alpha, beta = checked_window(alpha, beta, game.score_range)
    table = None if table is None else checked_table(table, keeps=BOUNDS)
    canonical = truth_value(canonical, "canonical")
    order = checked_function(order, "order", ORDER_EXAMPLE, 1, optional=True)
    trace = checked_trace(trace)
    search = AlphaBeta(
        game, checked_stats(stats), checked_depth(depth), table, canonical, order, trace
    )
    return search(state, is_maximizing, alpha, beta)
