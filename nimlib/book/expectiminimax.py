"""Expectiminimax: minimax for games with chance nodes, and its alpha-beta, Star1 (notebook 12).

At a player's node it is minimax: the best score for the player to move. At a chance node the
score is the **expected** score: each outcome's score weighted by its probability. Max and Min
still play their best; the dice play every face, as often as the die shows it.

Alpha-beta's cut-off needs a score that can only rise (at Max) or fall (at Min). A chance node's
average can do neither until all its outcomes are in, unless the scores are bounded: with every
score in [low, high], the outcomes not seen yet add between ``rest * low`` and ``rest * high``. Once
even the highest it can still reach is at most alpha (or the lowest at least beta), the rest is cut
off. That is Ballard's Star1 (1983), ``star1`` below.

As minimax's, expectiminimax's visits may be told to an onlooker (a Trace): how nimlib.drawing
grows the drawn tree of a game of chance.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import inf, isfinite, nextafter

from nimlib.book.limits import SMALLER, BeyondFloats, listed_moves, listed_outcomes
from nimlib.book.stats import SearchStats, checked_stats
from nimlib.book.trace import Trace, checked_trace
from nimlib.games.base import Game, State
from nimlib.games.printer import shown
from nimlib.games.values import checked_start, checked_window, dead_end, is_chance_node, leaf_score

WHOLE_IN_FLOATS = 2**53  # floats hold every whole number up to here, and not all past it


def expectiminimax(
    game: Game,
    state: State,
    is_maximizing: bool,
    stats: SearchStats | None = None,
    trace: Trace | None = None,
) -> float:
    """The expected score of `state` for Max, both players at their best, the dice fair; each
    visit told to `trace`, if given."""
    game, state, is_maximizing = checked_start(game, state, is_maximizing, chance_nodes=True)
    stats, trace = checked_stats(stats), checked_trace(trace)
    with stats.searching(state, game=game, advice=SMALLER):
        return Expectiminimax(game, stats, trace).score(state, is_maximizing)


@dataclass
class Expectiminimax:
    """One expectiminimax search of one game, counted in `stats`, each visit told to `trace`;
    with a `table`, each position's score remembered by (state, is_maximizing)."""

    game: Game
    stats: SearchStats
    trace: Trace | None = None
    table: dict | None = None

    def score(self, state: State, is_maximizing: bool) -> float:
        """The score of `state` for Max: from the table if it is there, else found (and stored,
        if there is a table); one call counted."""
        self.stats.count_call(state)
        if self.trace is not None:
            self.trace.enter(state, is_maximizing)
        key = self.key(state, is_maximizing)
        if self.table is not None and key in self.table:
            self.stats.table_hits += 1
            score = self.table[key]
        else:
            score = self.expected_or_best(state, is_maximizing)
            if self.table is not None:
                self.table[key] = score
        if self.trace is not None:
            self.trace.leave(score)
        return score

    def key(self, state: State, is_maximizing: bool) -> tuple:
        """Where the table keeps the score of `state`: by the state and the player to move."""
        return (state, is_maximizing)

    def expected_or_best(self, state: State, is_maximizing: bool) -> float:
        """The game's score when over, else the expected (chance) or best (player) score."""
        game, look = self.game, self.stats.check_budget
        score = leaf_score(game, state, is_maximizing, inf)
        if score is not None:
            return score
        if is_chance_node(game, state):
            scored = [
                (probability, self.score(new_state, is_maximizing))
                for probability, new_state in listed_outcomes(game, state, look)
            ]
            return checked_average(game, state, average(scored))
        new_states = listed_moves(game, state, look)
        scores = [self.score(new_state, not is_maximizing) for new_state in new_states]
        if not scores:
            raise dead_end(game, state)
        return max(scores) if is_maximizing else min(scores)


def weighted(probability: float, score: float) -> float:
    """`score` times its `probability`, exactly: a float taken as the fraction it holds, so that
    average() rounds an average once (0.25 times 2/3 is 1/6, where floats would make 2/3 come
    out below itself, and a tie a choice); an infinite score as floats make it. A whole number
    past 2**53 times a float probability is refused, BeyondFloats, which the search names
    (book/explained.py): its average would be a float, which holds whole numbers exactly up to
    2**53 only (0.7 of 2**60 and 0.3 of 2**60 + 512 made 2**60, not 2**60 + 153.6, and the
    searches took a sure 2**60 + 153 over it)."""
    if rounds(probability, score) and isinstance(score, int) and abs(score) > WHOLE_IN_FLOATS:
        raise BeyondFloats(
            f"{shown(score)} times the probability {probability!r}, a float, would round: "
            "floats add and multiply whole numbers exactly up to 2**53 only"
        )
    if (isinstance(probability, float) or isinstance(score, float)) and isfinite(score):
        return Fraction(probability) * Fraction(score)
    return probability * score


def rounds(probability: float, score: float) -> bool:
    """Whether floats would make `probability` times `score` a float: a float score, or a float
    probability of a whole number (of a Fraction, they keep it exact)."""
    return isinstance(score, float) or (isinstance(probability, float) and isinstance(score, int))


def average(scored: list[tuple[float, float]]) -> float:
    """The sum of probability * score over the pairs `scored`, exact, rounded once to the float
    nearest it where floats would make it a float (rounds): added up in floats, six outcomes of
    1/6 that each score 0.1 made 0.09999999999999999, less than any of them."""
    total = sum(weighted(probability, score) for probability, score in scored)
    if any(rounds(probability, score) for probability, score in scored):
        return float(total)
    return total


def checked_average(game: Game, state: State, total: float) -> float:
    """A chance node's average, the `total` of its outcomes' probability-weighted scores, in the
    score range: floats round it past an end of the range (three outcomes of 0.2, their chances
    0.75, 0.0625 and 0.1875, make 0.20000000000000004; outcomes all the largest float make inf),
    brought back to that end.
    Scores of inf and -inf together have no average (the total is NaN), refused by name."""
    if total != total:  # NaN: inf - inf
        raise ValueError(
            f"the dice at {shown(state)} of {type(game).__name__} lead to scores of inf and -inf, "
            "whose average has no value: give the game a finite score_range"
        )
    low, high = game.score_range
    return low if total < low else high if total > high else total


def memoized_expectiminimax(
    game: Game, state: State, is_maximizing: bool, stats: SearchStats | None = None
) -> float:
    """Expectiminimax with a table of the scores found, by (state, is_maximizing); counts calls."""
    game, state, is_maximizing = checked_start(game, state, is_maximizing, chance_nodes=True)
    table: dict = {}
    stats = checked_stats(stats)
    with stats.searching(state, table, game=game, advice=SMALLER):
        return Expectiminimax(game, stats, table=table).score(state, is_maximizing)


def star1(
    game: Game,
    state: State,
    is_maximizing: bool,
    alpha: float | None = None,
    beta: float | None = None,
    stats: SearchStats | None = None,
) -> float:
    """Alpha-beta cutting at chance nodes too (Star1): exact inside the window (alpha, beta), by
    default the game's score range, else a bound.

    Its cut-offs trust the game's score_range: a score outside it is refused (checked_score), so
    that a range too narrow for the game's scores is named rather than answered wrongly.
    """
    game, state, is_maximizing = checked_start(game, state, is_maximizing, chance_nodes=True)
    alpha, beta = checked_window(alpha, beta, game.score_range)
    stats = checked_stats(stats)
    with stats.searching(state, game=game, advice=SMALLER):
        return star1_search(game, state, is_maximizing, alpha, beta, stats)


def star1_search(
    game: Game, state: State, is_maximizing: bool, alpha: float, beta: float, stats: SearchStats
) -> float:
    """Star1 itself, from `state` within the window (alpha, beta): the players' nodes as
    alpha-beta's."""
    stats.count_call(state)
    score = leaf_score(game, state, is_maximizing, inf)
    if score is not None:
        return score
    if is_chance_node(game, state):
        return chance_node(game, state, is_maximizing, alpha, beta, stats)
    new_states = listed_moves(game, state, stats.check_budget)
    if not new_states:
        raise dead_end(game, state)
    best = -inf if is_maximizing else inf
    for tried, new_state in enumerate(new_states, start=1):
        value = star1_search(game, new_state, not is_maximizing, alpha, beta, stats)
        best = max(best, value) if is_maximizing else min(best, value)
        alpha, beta = (max(alpha, best), beta) if is_maximizing else (alpha, min(beta, best))
        if alpha >= beta:
            stats.cutoffs += tried < len(new_states)  # a cut-off skips a move, as in alpha-beta
            break
    return best


def chance_node(
    game: Game,
    state: State,
    is_maximizing: bool,
    alpha: float,
    beta: float,
    stats: SearchStats,
) -> float:
    """A chance node of Star1: its outcomes in turn, cut once the bounds leave the window (alpha,
    beta).

    An outcome's score outside its window is a bound, so the average is one too, if what the dice
    can still make of it (``reach``: exactly, or its float if that lies further out) lies at or
    beyond alpha or beta; where floats' rounding made the outcome's window too narrow for that,
    the outcome is searched again in the whole range. A window that rounding closes is searched
    as the whole range, so that no bound passes for a score."""
    low, high = game.score_range
    # scored: the (probability, score) pairs so far; seen, their sum, for the windows and a
    # quick look before reach() works a bound out
    seen, rest, scored = Fraction(0), Fraction(1), []
    outcomes = listed_outcomes(game, state, stats.check_budget)
    for index, (probability, new_state) in enumerate(outcomes, start=1):
        left = outcomes[index - 1 :]
        if seen + rest * high <= alpha and (most := reach(scored, left, high, up=True)) <= alpha:
            stats.cutoffs += 1  # outside the window, whatever is left: a bound
            return checked_average(game, state, most)
        if seen + rest * low >= beta and (least := reach(scored, left, low, up=False)) >= beta:
            stats.cutoffs += 1
            return checked_average(game, state, least)
        rest -= probability
        try:
            child_alpha = max(low, (alpha - seen - rest * high) / probability)
            child_beta = min(high, (beta - seen - rest * low) / probability)
        except OverflowError:  # a whole number beyond floats met a float
            raise BeyondFloats(
                "an end of the window or of the score range, a whole number beyond floats, met a "
                "float in Star1's window"
            ) from None
        if child_alpha >= child_beta:  # closed by rounding: the outcome's exact score
            child_alpha, child_beta = low, high
        value = star1_search(game, new_state, is_maximizing, child_alpha, child_beta, stats)
        failed_low, failed_high = low < child_alpha >= value, high > child_beta <= value
        if failed_low or failed_high:  # a bound: so is the average, if it leaves the window
            after, left = [*scored, (probability, value)], outcomes[index:]
            if failed_low and (most := reach(after, left, high, up=True)) <= alpha:
                stats.cutoffs += index < len(outcomes)
                return checked_average(game, state, most)
            if failed_high and (least := reach(after, left, low, up=False)) >= beta:
                stats.cutoffs += index < len(outcomes)
                return checked_average(game, state, least)
            value = star1_search(game, new_state, is_maximizing, low, high, stats)
        seen += weighted(probability, value)
        scored.append((probability, value))
    return checked_average(game, state, average(scored))


def reach(scored: list, left: list, end: float, up: bool) -> float:
    """A bound on the average the dice make if, after the pairs `scored`, each outcome `left`
    scores `end` (an end of the range): the exact sum, or the float of it where that lies
    further out (above, if `up`), since the average is one or the other (average() rounds where
    floats would). Where floats are in the sum and the exact sum lies further out, the bound is
    the float just beyond it: a float game's bound is a float."""
    pairs = [*scored, *((probability, end) for probability, _ in left)]
    bound = sum(weighted(probability, score) for probability, score in pairs)
    try:
        rounded = float(bound)
    except OverflowError:  # beyond floats: the average is not rounded either
        return bound
    if rounded != bound and (rounded > bound) == up:
        return rounded
    if any(rounds(probability, score) for probability, score in pairs):
        return rounded if rounded == bound else nextafter(rounded, inf if up else -inf)
    return bound
