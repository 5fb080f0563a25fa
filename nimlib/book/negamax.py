"""Negamax: alpha-beta from the side of the player to move.

A position's score for the player to move is Max's score when Max moves and its negative when
Min moves. Then every player maximizes, and a child's score for the parent is just the negative
of the child's own score; the window flips the same way, (alpha, beta) becoming (-beta, -alpha),
and so does the score range (``for_mover``, ``mover_window``). In the Nim games a position is
worth the same to whichever player is to move (``game.score_depends_only_on_mover``), and their
score range, symmetric about 0, mirrors a score by negation (``same_for_either_mover``): then
the table needs no `is_maximizing` in its key, and symmetric positions share an entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import inf

from nimlib.book.limits import advice_to
from nimlib.book.moves import any_left, in_game_order
from nimlib.book.stats import SearchStats, checked_stats, checked_table
from nimlib.book.table import (
    BOUNDS,
    UNKNOWN,
    answer_from_table,
    mover_key,
    stored_bounds,
    within,
)
from nimlib.games.base import Game
from nimlib.games.values import (
    State,
    canonical_form,
    checked_depth,
    checked_start,
    checked_window,
    dead_end,
    for_mover,
    leaf_score,
    mover_window,
    plain_zero,
    same_for_either_mover,
)

FASTER = advice_to("deepening")  # said when the budget stops it: the engine searches less


@dataclass
class Negamax:
    """One negamax search of one game: its table of bounds for the player to move, its
    SearchStats, its depth."""

    game: Game
    table: dict
    stats: SearchStats
    depth: float = inf

    def __call__(
        self,
        state: State,
        is_maximizing: bool,
        alpha: float | None = None,
        beta: float | None = None,
    ) -> float:
        """The score of `state` for Max from the window (alpha, beta) seen by Max, or the range."""
        window = checked_window(alpha, beta, self.game.score_range)
        alpha, beta = mover_window(*window, is_maximizing)
        with self.stats.searching(state, self.table, game=self.game, advice=FASTER):
            score = self.score(state, is_maximizing, alpha, beta, self.depth)
        return plain_zero(for_mover(score, is_maximizing))

    def score(
        self, state: State, is_maximizing: bool, alpha: float, beta: float, depth: float
    ) -> float:
        """The score of `state` for the player to move: exact inside (alpha, beta), else a bound."""
        self.stats.count_call(state)
        score = leaf_score(self.game, state, is_maximizing, depth)
        if score is not None:
            return for_mover(score, is_maximizing)
        same_for_either = same_for_either_mover(self.game)
        key = mover_key(canonical_form(self.game, state), is_maximizing, depth, same_for_either)
        lower, upper = self.table.get(key, UNKNOWN)
        answer = answer_from_table(lower, upper, alpha, beta)
        if answer is not None:
            self.stats.table_hits += 1
            return answer
        alpha, beta = max(alpha, lower), min(beta, upper)
        best = self.best(state, is_maximizing, alpha, beta, depth)
        score_range = mover_window(*self.game.score_range, is_maximizing)
        self.table[key] = within(stored_bounds(best, alpha, beta, lower, upper), score_range)
        return best

    def best(
        self, state: State, is_maximizing: bool, alpha: float, beta: float, depth: float
    ) -> float:
        """The best score for the player to move among its moves, cutting off once alpha >= beta."""
        best, value = -inf, None
        moves = iter(in_game_order(self.game, state, self.stats))
        for new_state in moves:
            value = -self.score(new_state, not is_maximizing, -beta, -alpha, depth - 1)
            best = max(best, value)
            alpha = max(alpha, best)
            if alpha >= beta:  # a cut-off, counted where a move is left to skip
                self.stats.cutoffs += any_left(moves)
                return best
        if value is None:  # no move at all
            raise dead_end(self.game, state)
        return best


def negamax(
    game: Game,
    state: State,
    is_maximizing: bool = True,
    alpha: float | None = None,
    beta: float | None = None,
    *,
    table: dict | None = None,
    stats: SearchStats | None = None,
    depth: int | None = None,
) -> float:
    """The score of `state` for the player to move (+1: that player wins), by negamax alpha-beta.

    `is_maximizing` says which player is to move (it matters unless the game's scores depend
    only on the mover). The window (`alpha`, `beta`) is seen from the player to move and defaults
    to the score range from their side. `table` maps positions, by their canonical form (symmetric
    positions share an entry), to (lower, upper) bounds on their score for the player to move:
    pass the same dict again to reuse it for this game. With `depth`, positions that many moves
    ahead are scored by ``game.estimate``.
    """
    game, state, is_maximizing = checked_start(game, state, is_maximizing)
    alpha, beta = checked_window(alpha, beta, mover_window(*game.score_range, is_maximizing))
    table = checked_table(table, keeps=BOUNDS)
    search = Negamax(game, table, checked_stats(stats), checked_depth(depth))
    with search.stats.searching(state, search.table, game=game, advice=FASTER):
        return plain_zero(search.score(state, is_maximizing, alpha, beta, search.depth))
