"""Quickest win, longest defence: how far the end of best play lies, to choose among equal moves.

Every win in the Nim games scores +1, however long it takes; a chess engine would say "mate in
3". Here the distance is a tie-break beside the score, so solve keeps the scores the notebooks
teach. A *timed score* is ``(score, tie_break)`` for the player to move: the tie-break is minus
the moves to the end for a win (sooner is better), plus them for a loss (later is better), else 0.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from functools import cached_property
from itertools import count
from math import inf, nan

from nimlib.book.limits import SearchTooDeep, listed_moves
from nimlib.book.stats import SearchStats
from nimlib.engine.iterative import Fold, mover_keys
from nimlib.games.base import Game, State
from nimlib.games.printer import shown
from nimlib.games.values import (
    canonical_form,
    dead_end,
    for_mover,
    leaf_score,
    middle_of_range,
    mover_window,
)

TimedScore = tuple[float, float]
NEVER = (inf, inf)  # a mate search's answer for a position from which no count of moves suffices


@dataclass
class Timing:
    """Which scores of `game` are a win or a loss whose distance counts, searching `depth` ahead."""

    game: Game
    depth: float

    @cached_property
    def middle(self) -> float:
        """The middle of the game's score range, for Max; NaN for a range with one infinite end,
        which has none: no score lies above or below NaN, so none is a win or a loss there, and
        moves of equal score are taken in their order, as solve's are."""
        return middle_of_range(self.game, otherwise=nan)

    def outcome(self, score: float, is_maximizing: bool) -> int:
        """1 if `score`, for the player to move, is a win whose distance counts, -1 a loss, else 0.

        To the end of the game, any score above or below the middle of the range; with a depth
        limit (scores may be estimates), only an end of the range."""
        if self.depth != inf:  # (int: numpy's truth values do not subtract)
            low, high = mover_window(*self.game.score_range, is_maximizing)
            return int(score == high) - int(score == low)
        middle = for_mover(self.middle, is_maximizing)
        return int(score > middle) - int(score < middle)

    def one_move_earlier(self, child: TimedScore, is_maximizing: bool) -> TimedScore:
        """A child's timed score (for its mover) seen by the parent's mover, one move further
        away."""
        score = -child[0]
        return (score, -self.outcome(score, is_maximizing) * (abs(child[1]) + 1))


def timed_scores(
    game: Game, stats: SearchStats, depth: float, table: dict
) -> Callable[[State, bool], TimedScore]:
    """``timed_score(state, is_maximizing)``: a position's timed score for its mover, by memoized
    minimax on an explicit stack (long games are fine), `depth` moves ahead, remembered in
    `table`."""
    timing, key = Timing(game, depth), mover_keys(game)

    def at_end(state: State, is_maximizing: bool, depth: float) -> TimedScore:
        return (for_mover(leaf_score(game, state, is_maximizing, depth), is_maximizing), 0)

    def combine(children: list, is_maximizing: bool) -> TimedScore:
        return max(timing.one_move_earlier(child, is_maximizing) for child in children)

    def timed_score(state: State, is_maximizing: bool) -> TimedScore:
        fold = Fold(game, key=key, value_at_end=at_end, combine=combine, values=table, scores=False)
        return fold.value((state, is_maximizing, depth), stats)

    return timed_score


@dataclass
class MateSearch:
    """How soon a winner sure of an end of the score range can force it: "within d moves?".

    The winner (Max if `winner_is_max`) is sure of `target`, the best score there is for them.
    Answers are remembered per position as the most moves known not to suffice and the fewest
    known to suffice, so asking again for d + 1 reuses what d found; `known` may come from an
    earlier search for the same winner and target (the next move of a line of best play). A
    position from which no line was cut short by the count of moves, and the target still not
    forced, is one from which no count suffices: remembered as (inf, inf), NEVER.
    """

    game: Game
    winner_is_max: bool
    target: float
    stats: SearchStats
    known: dict  # (position, mover): (too few, enough)

    def forced(self, state: State, is_maximizing: bool, moves: int) -> bool:
        """Whether the winner can force the target score within `moves` moves from this position."""
        return self.look(state, is_maximizing, moves)[0]

    def look(self, state: State, is_maximizing: bool, moves: int) -> tuple[bool, bool]:
        """Whether the winner can force the target within `moves` moves from this position, and
        whether a line was cut short for want of moves (so that a "no" may be undone by more)."""
        game, key = self.game, (canonical_form(self.game, state), is_maximizing)
        too_few, enough = self.known.get(key, (-1, inf))
        if moves <= too_few or moves >= enough:
            return moves >= enough, moves < enough and too_few != inf
        self.stats.count_call(state)
        score = leaf_score(game, state, is_maximizing, inf)  # checked: in the score range
        if score is not None:
            reached = score >= self.target if self.winner_is_max else score <= self.target
            self.known[key] = (-1, 0) if reached else NEVER
            return reached, False
        answer, cut_short = False, True  # no moves left: a line cut short
        if moves > 0:
            answer, cut_short = self.replies(state, is_maximizing, moves)
        too_few, enough = self.known.get(key, (-1, inf))
        if answer:
            self.known[key] = (too_few, min(enough, moves))
        else:
            self.known[key] = (max(too_few, moves), enough) if cut_short else NEVER
        return answer, cut_short

    def replies(self, state: State, is_maximizing: bool, moves: int) -> tuple[bool, bool]:
        """look's answer for a position not over, from its moves: the winner forces the target by
        one of theirs, or whatever the other player moves; each move looked at until it decides."""
        new_states = listed_moves(self.game, state, self.stats.check_budget)
        if not new_states:  # a chance node, or a game that forgot a score: never "forced"
            raise dead_end(self.game, state)
        winner_to_move = is_maximizing == self.winner_is_max
        cut_short = False
        for new_state in new_states:
            forced, cut = self.look(new_state, not is_maximizing, moves - 1)
            cut_short |= cut
            if forced == winner_to_move:  # the winner has a way, or the other player a way out
                return forced, cut_short
        return not winner_to_move, cut_short

    def never(self, state: State, is_maximizing: bool) -> bool:
        """Whether no count of moves lets the winner force the target from this position."""
        return self.known.get((canonical_form(self.game, state), is_maximizing)) == NEVER

    def distance(self, state: State, is_maximizing: bool, most: float) -> float:
        """The fewest moves within which the winner forces the target from this position, if at
        most `most`, else inf: "within d moves?" asked for d = 0, 1, 2, 4, 8, ... until it is,
        then halving the gap (a win forced within d moves is forced within more too). Where no
        line of play ends at the target: inf under a depth limit (`most` moves, the target an
        estimate's), an error to the end of the game (the search scored it so)."""
        if most < 0:
            return inf
        too_few, enough = -1, 0
        while not self.forced(state, is_maximizing, enough):
            if self.never(state, is_maximizing):
                if most == inf:
                    raise scores_disagree(self.game, state, self.target)
                return inf
            too_few = enough
            if enough >= most:
                return inf
            enough = min(most, 2 * enough + 1)
        while enough - too_few > 1:
            middle = (too_few + enough) // 2
            too_few, enough = (
                (too_few, middle) if self.forced(state, is_maximizing, middle) else (middle, enough)
            )
        return enough


def quickest_or_longest(
    game: Game,
    tied: list,
    is_maximizing: bool,
    best: float,
    stats: SearchStats,
    depth: float,
    mates: dict,
    timed: dict,
    recursion: bool = True,
) -> State:
    """Among moves of equal score `best` (a win or a loss), the quickest win or the longest defence.

    At an end of the score range, mate searches ask "is the win forced within d moves?": for a win,
    d = 0, 1, 2, ... until some move's is (the quickest); for a loss, each move's distance to the
    forced end, found by galloping and halving (the longest defence); otherwise, or in a game too
    long for them (or without `recursion`: moves too deep for it already), or once `timed` holds
    scores, the timed scores of memoized minimax on an explicit stack decide. Ties stay with the
    earlier move. The mate searches remember their answers in `mates`, by winner and target, and
    the timed scores in `timed`, for the next move. A game whose scores count the moves
    (Game.score_counts_moves, Connect Four) has nothing to break: equal scores end equally soon,
    and a search of every line to the end would only cost.
    """
    if len(tied) == 1 or game.score_counts_moves:
        return tied[0]
    low, high = mover_window(*game.score_range, is_maximizing)
    # Once the timed scores are worked out on a line of play (for a draw, say, or where a mate
    # search went too deep), they break its ties to the end: the positions ahead are in them.
    if recursion and not timed and best in (low, high):
        winner_is_max, target = is_maximizing == (best == high), for_mover(best, is_maximizing)
        known = mates.setdefault((winner_is_max, target), {})
        mate = MateSearch(game, winner_is_max, target, stats, known)
        # a game too long for mate searches: the timed scores below need no recursion (no game=
        # to look for a cycle in: the search that scored these moves met none)
        with suppress(SearchTooDeep), stats.searching(tied[0], mate.known):
            if best == high:  # a win: "forced within d?" for d = 0, 1, 2, ... until one is
                for moves in count():
                    if moves > depth:  # none within the horizon: a win by the estimate
                        return tied[0]
                    for new_state in tied:
                        if mate.forced(new_state, not is_maximizing, moves):
                            return new_state
                        # no line ends at the target: to the end, a contradiction; under a
                        # depth limit, a win the estimate saw at the horizon
                        if mate.never(new_state, not is_maximizing) and depth == inf:
                            raise scores_disagree(game, new_state, target)
            distances = [mate.distance(new, not is_maximizing, depth) for new in tied]
            return tied[distances.index(max(distances))]  # a loss: the longest defence
    return quickest_moves(game, tied, is_maximizing, stats, depth, timed)[0]


def quickest_moves(
    game: Game, tied: list, is_maximizing: bool, stats: SearchStats, depth: float, timed: dict
) -> list[State]:
    """Those of `tied` (moves of equal score) that win soonest or lose latest, by the timed scores
    of memoized minimax `depth` moves ahead (remembered in `timed`), in the order given; all of
    them in a game whose scores count the moves, where equal scores end equally soon."""
    if game.score_counts_moves:
        return tied
    timed_score, timing = timed_scores(game, stats, depth, timed), Timing(game, depth)
    ranks = [
        timing.one_move_earlier(timed_score(new, not is_maximizing), is_maximizing) for new in tied
    ]
    quickest = max(ranks)
    return [new for new, rank in zip(tied, ranks, strict=True) if rank == quickest]


def scores_disagree(game: Game, state: State, target: float) -> ValueError:
    """The error for a move that the search scored `target` (for Max), where no line of play from
    it ends at that score: the game's scores contradict each other."""
    return ValueError(
        f"{type(game).__name__}'s scores disagree: the search found the move to {shown(state)} "
        f"worth {shown(target)} for Max, but no line of play from it ends there. evaluate must "
        "give a position the same score each time, and a game with score_depends_only_on_mover "
        "must score a position alike (mirrored) for either player to move"
    )
