"""Quickest win, longest defence: how far the end of best play lies, to choose among moves of equal
score.

Every win in the Nim games scores +1, however long it takes. A player who is sure to win should
still win soon, and one who is sure to lose should hold out: engines do so by carrying the
distance in the score (a chess engine's "mate in 3"). Here the distance is a tie-break beside the
plain score, so that solve, minimax and alpha-beta keep the scores the earlier notebooks teach.

A *timed score* is a pair ``(score, tie_break)`` seen from the player to move: the score, then
minus the number of moves to the end when the score is a win for the mover (above the middle of
the score range: sooner is better), plus that number when it is a loss (later is better), 0 when
it is neither. Pairs compare as tuples do, score first, so the best timed score is the best score
reached in the fewest moves when winning and the most when losing. A table stores each position's
timed score counted from that position, as engines store mate scores, so any path may reuse it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from contextlib import suppress
from fractions import Fraction
from math import inf

from nimlib.games.base import Game, State
from nimlib.games.values import for_mover, leaf_score, mover_window
from nimlib.search.iterative import fold_game
from nimlib.search.limits import SearchTooDeep
from nimlib.search.stats import SearchStats
from nimlib.search.table import table_key

TimedScore = tuple[float, float]


def middle(game: Game, is_maximizing: bool) -> float:
    """The score between a win and a loss for the player to move: the middle of the score range."""
    total = sum(game.score_range)
    half = (
        Fraction(total, 2) if isinstance(total, int) else total / 2
    )  # exact, however large the scores
    return half if is_maximizing else -half


def decides(game: Game, is_maximizing: bool, depth: float) -> Callable[[float], bool]:
    """A test of whether a score (for the player to move) is a win or a loss, where distance counts.

    To the end of the game, any score off the middle of the range; with a depth limit, where
    scores may be estimates, only a score at an end of the range (a sure win or loss).
    """
    low, high = mover_window(*game.score_range, is_maximizing)
    even = middle(game, is_maximizing)
    if depth == inf:
        return lambda score: score != even
    return lambda score: score in (low, high)


def timed(score: float, moves: int, middle: float, decided: Callable[[float], bool]) -> TimedScore:
    """The timed score of `score` for the mover, reached in `moves` moves."""
    if not decided(score):
        return (score, 0)
    return (score, -moves) if score > middle else (score, moves)


def one_move_earlier(
    child: TimedScore, middle: float, decided: Callable[[float], bool]
) -> TimedScore:
    """A child's timed score (for its mover) seen by the parent's mover, one move further from the
    end."""
    score, tie_break = child
    return timed(-score, abs(tie_break) + 1, middle, decided)


def timed_scores(
    game: Game, stats: SearchStats, depth: float = inf, table: dict | None = None
) -> Callable[[State, bool], TimedScore]:
    """``timed_score(state, is_maximizing)``: a position's timed score for its mover, by memoized
    minimax.

    It runs on an explicit stack (no recursion, so very long games are fine), shares one `table`
    between its calls, counts its calls in `stats`, and with a `depth` looks that many moves
    ahead, scoring the positions there by ``game.estimate`` (distance 0).
    """
    table = {} if table is None else table
    canonical, by_mover = game.canonical, game.score_depends_only_on_mover
    middles = {True: middle(game, True), False: middle(game, False)}
    decided = {True: decides(game, True, depth), False: decides(game, False, depth)}

    def key(position: State, is_maximizing: bool, depth: float) -> Hashable:
        return table_key(canonical(position), is_maximizing, depth, by_mover)

    def at_end(state: State, is_maximizing: bool, depth: float) -> TimedScore:
        return (for_mover(leaf_score(game, state, is_maximizing, depth), is_maximizing), 0)

    def combine(children: list, is_maximizing: bool) -> TimedScore:
        return max(
            one_move_earlier(child, middles[is_maximizing], decided[is_maximizing])
            for child in children
        )

    def timed_score(state: State, is_maximizing: bool) -> TimedScore:
        root = (state, is_maximizing, depth)
        return fold_game(
            game, root, key=key, value_at_end=at_end, combine=combine, values=table, stats=stats
        )

    return timed_score


class MateSearch:
    """How soon a winner sure of an end of the score range can force it, asked as "within d moves?"
    (a mate search).

    The winner (Max if `winner_is_max`) is sure of `target`, the best score there is for them.
    Answers are remembered per position as the most moves known not to suffice and the fewest
    known to suffice, so asking again for d + 1 reuses what d found.
    """

    def __init__(self, game: Game, winner_is_max: bool, target: float, stats: SearchStats) -> None:
        self.game, self.winner_is_max, self.target, self.stats = game, winner_is_max, target, stats
        self.known: dict = {}  # (canonical position, is_maximizing) -> (most moves too few, fewest moves enough)

    def forced(self, state: State, is_maximizing: bool, moves: int) -> bool:
        """Whether the winner can force the target score within `moves` moves from this position."""
        game = self.game
        key = (game.canonical(state), is_maximizing)
        too_few, enough = self.known.get(key, (-1, inf))
        if moves <= too_few:
            return False
        if moves >= enough:
            return True
        self.stats.count_call(state)
        score = game.evaluate(state, is_maximizing)
        if score is not None:
            reached = score >= self.target if self.winner_is_max else score <= self.target
            self.known[key] = (-1, 0) if reached else (inf, inf)
            return reached
        if moves == 0:
            answer = False
        else:
            replies = (
                self.forced(new, not is_maximizing, moves - 1)
                for new in game.possible_new_states(state)
            )
            answer = any(replies) if is_maximizing == self.winner_is_max else all(replies)
        too_few, enough = self.known.get(key, (-1, inf))
        self.known[key] = (too_few, min(enough, moves)) if answer else (max(too_few, moves), enough)
        return answer


def quickest_or_longest(
    game: Game,
    tied: list[State],
    is_maximizing: bool,
    best: float,
    stats: SearchStats,
    depth: float,
) -> State:
    """Among moves of equal score `best` (a win or a loss), the quickest win or the longest defence.

    At an end of the score range a mate search asks "is the win forced within d moves?" for d =
    1, 2, ... (a win: the first move for which it is; a loss: the last); otherwise the timed
    scores of memoized minimax decide. Ties stay with the earlier move.
    """
    low, high = mover_window(*game.score_range, is_maximizing)
    if best in (low, high):
        with suppress(SearchTooDeep):  # a game too long for it: the timed scores need no recursion
            return mated_soonest(game, tied, is_maximizing, best, stats, depth)
    timed_score = timed_scores(game, stats, depth)
    even, decided = middle(game, is_maximizing), decides(game, is_maximizing, depth)

    def rank(new_state: State) -> tuple:
        return one_move_earlier(
            timed_score(new_state, not is_maximizing), even, decided
        ), -tied.index(new_state)

    return max(tied, key=rank)


def mated_soonest(
    game: Game,
    tied: list[State],
    is_maximizing: bool,
    best: float,
    stats: SearchStats,
    depth: float,
) -> State:
    """Among moves that all reach an end of the score range, the one that forces it soonest (a win)
    or holds it off longest (a loss), by mate searches 1, 2, ... moves deep."""
    high = mover_window(*game.score_range, is_maximizing)[1]
    mate = MateSearch(game, is_maximizing == (best == high), for_mover(best, is_maximizing), stats)
    open_moves, moves = list(tied), 0
    while moves < depth:
        with stats.searching(tied[0], mate.known, game=game):
            forced = [new for new in open_moves if mate.forced(new, not is_maximizing, moves)]
        if best == high and forced:
            return forced[0]
        if best != high and len(forced) == len(open_moves):
            return open_moves[0]
        open_moves = [new for new in open_moves if new not in forced]
        moves += 1
    return open_moves[0]
