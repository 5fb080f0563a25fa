"""Minimax: score a position by searching every line of play to the end, with or without a memo.

Notebooks 01 and 02 derive ``Minimax.score`` and ``Minimax.best``; notebook 04 adds the table
(the notebook's memo) to ``score``: the same recursion, remembering each position's score. What
the library adds: a depth limit, a sort key for the moves, and an onlooker (a Trace) told of every
visit: how nimlib.drawing grows the drawn tree, as it does alpha-beta's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import inf
from typing import Any

from nimlib.book.moves import ordered
from nimlib.book.stats import SearchStats, checked_stats, checked_table
from nimlib.book.table import SCORES, table_key
from nimlib.book.trace import Trace
from nimlib.games.base import Game
from nimlib.games.values import (
    State,
    canonical_form,
    checked_depth,
    checked_start,
    dead_end,
    leaf_score,
    truth_value,
)


@dataclass
class Minimax:
    """One minimax search of one game, counted in `stats`, `depth` moves ahead (inf: to the end),
    with its table, order of moves and onlooker, as AlphaBeta has them.

    Without a `table` nothing is remembered; with one (notebook 04's memo), each position's score
    is stored under its canonical form if `canonical`. `order` is a sort key for the moves (None:
    the game's); each visit is told to `trace`.
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
        """The minimax score of `state` for Max (exact: a window, if given, is not needed), the
        table, if any, watched by the budget."""
        tables = [] if self.table is None else [self.table]
        with self.stats.searching(state, *tables, game=self.game):
            return self.score(state, is_maximizing, self.depth)

    def score(self, state: State, is_maximizing: bool, depth: float) -> float:
        """The score of `state` for Max: from the table if it holds it, else its own if the game is
        over, else its best move's (then stored in the table, if there is one)."""
        self.stats.count_call(state)
        if self.trace is not None:
            self.trace.enter(state, is_maximizing)
        key = self.key(state, is_maximizing, depth)
        if key is not None and key in self.table:  # notebook 04: a position met before
            self.stats.table_hits += 1
            score = self.table[key]
        else:  # notebook 02: the recursion
            score = leaf_score(self.game, state, is_maximizing, depth)
            if score is None:
                score = self.best(state, is_maximizing, depth)
            if key is not None:
                self.table[key] = score
        if self.trace is not None:
            self.trace.leave(score)
        return score

    def best(self, state: State, is_maximizing: bool, depth: float) -> float:
        """The best of the scores of the moves from `state`, for the player to move."""
        new_states = ordered(self.game, state, self.order, self.stats)
        scores = [self.score(new_state, not is_maximizing, depth - 1) for new_state in new_states]
        if not scores:
            raise dead_end(self.game, state)
        return max(scores) if is_maximizing else min(scores)

    def key(self, state: State, is_maximizing: bool, depth: float) -> tuple | None:
        """Where the table keeps the score of `state` (by its canonical form if `canonical`), or
        None without a table. (The recursion stays in score and best, three Python frames a move,
        so that a line of some 300 moves fits in nimlib's limit of nested calls.)"""
        if self.table is None:
            return None
        kept = canonical_form(self.game, state) if self.canonical else state
        return table_key(kept, is_maximizing, depth)


def minimax(
    game: Game,
    state: State,
    is_maximizing: bool = True,
    stats: SearchStats | None = None,
    *,
    depth: int | None = None,
) -> float:
    """The minimax score of `state` for the maximizing player, searching to the end of the game.

    With `depth`, the search looks at most that many moves ahead and scores the positions it
    stops at with ``game.estimate``.
    """
    game, state, is_maximizing = checked_start(game, state, is_maximizing)
    return Minimax(game, checked_stats(stats), checked_depth(depth))(state, is_maximizing)


def memoized_minimax(
    game: Game,
    state: State,
    is_maximizing: bool = True,
    *,
    canonical: bool = False,
    table: dict | None = None,
    stats: SearchStats | None = None,
    depth: int | None = None,
) -> float:
    """Minimax that remembers every score it has found, so no position is searched twice.

    The `table` (notebook 04's memo) belongs to one game: pass the same dict again to reuse it for
    that game only. With ``canonical=True`` positions are remembered by ``game.canonical(state)``,
    so that symmetric positions share one entry. The keys are ``table_key``'s: the state (or its
    canonical form), the player to move, and the `depth` if one is given.
    """
    game, state, is_maximizing = checked_start(game, state, is_maximizing)
    stats, depth = checked_stats(stats), checked_depth(depth)
    table = checked_table(table, keeps=SCORES)
    canonical = truth_value(canonical, "canonical")
    search = Minimax(game, stats, depth, table=table, canonical=canonical)
    return search(state, is_maximizing)
