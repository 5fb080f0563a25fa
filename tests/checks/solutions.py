"""The learners' solutions the checks are tried on: for each check, right ones in several styles and
wrong ones of different kinds, written as learners write them, per notebook.

CATALOGUE maps each check to (right solutions, wrong solutions), each a dict from a name that says
what the solution does to the solution. A wrong one named "state between calls: ..." keeps what it
found in a memo at module level, as a learner's ``@cache`` does, so that a later call or a later run
of the check meets it. `python tests/checks/solutions.py` prints the table of verdicts.
"""

import math
import operator
import random
from collections import Counter
from fractions import Fraction
from functools import cache, lru_cache, reduce
from itertools import count
from math import inf
from operator import xor
from types import FunctionType

import numpy as np
import pytest

import nimlib.checks as checks
from nimlib import DiceNim, SearchStats, SimpleNim, alphabeta, best_move, memoized_minimax, minimax
from nimlib.book.table import answer_from_table
from nimlib.games.base import Game
from nimlib.games.tictactoe import TicTacToe
from nimlib.theory import fibonacci_numbers, mex

# Notebook 01: a minimax for Simple-Nim, and the patient best move


def simple_minimax(counters, max_turn, takes=(1, 2, 3), last_counter_loses=True):
    if counters == 0:
        mover_wins = last_counter_loses
        return 1 if mover_wins == max_turn else -1
    scores = [
        simple_minimax(counters - t, not max_turn, takes, last_counter_loses)
        for t in takes
        if t <= counters
    ]
    return max(scores) if max_turn else min(scores)


def max_and_min_swapped(counters, max_turn):
    if counters == 0:
        return 1 if max_turn else -1
    scores = [
        max_and_min_swapped(counters - take, not max_turn) for take in (1, 2, 3) if take <= counters
    ]
    return min(scores) if max_turn else max(scores)


def period_four(counters, max_turn):
    mover_loses = counters % 4 == 1
    return (-1 if mover_loses else 1) * (1 if max_turn else -1)


def minimax_base_case_at_one(counters, max_turn):
    if counters <= 1:
        return -1 if max_turn else 1
    scores = [
        minimax_base_case_at_one(counters - t, not max_turn) for t in (1, 2, 3) if t <= counters
    ]
    return max(scores) if max_turn else min(scores)


def won_at_0_whoever_moves(counters, max_turn):
    if counters == 0:
        return 1
    scores = [
        won_at_0_whoever_moves(counters - t, not max_turn) for t in (1, 2, 3) if t <= counters
    ]
    return max(scores) if max_turn else min(scores)


def never_empties_the_pile(counters, max_turn):
    if counters == 0:
        return 1 if max_turn else -1
    scores = [never_empties_the_pile(counters - t, not max_turn) for t in (1, 2, 3) if t < counters]
    return max(scores) if max_turn else min(scores)


def takes_more_than_left(counters, max_turn):
    if counters == 0:
        return 1 if max_turn else -1
    scores = [
        takes_more_than_left(counters - t, not max_turn) for t in (1, 2, 3) if counters - t >= -1
    ]
    return max(scores) if max_turn else min(scores)


SIMPLE_MINIMAX = (
    {
        "recursion with max and min": simple_minimax,
        "closed form, period 4": period_four,
        "functools.cache": cache(lambda n, max_turn: simple_minimax(n, max_turn)),
    },
    {
        "normal play (last counter wins)": lambda n, max_turn: simple_minimax(
            n, max_turn, last_counter_loses=False
        ),
        "max and min swapped": max_and_min_swapped,
        "the score of the player to move": lambda n, max_turn: simple_minimax(n, True),
        "takes 1 or 2 only": lambda n, max_turn: simple_minimax(n, max_turn, takes=(1, 2)),
        "game over at 1 counter": minimax_base_case_at_one,
        "a take may overshoot 0": takes_more_than_left,
        "+1 at 0 whoever is to move": won_at_0_whoever_moves,
        "never empties the pile (take < counters)": never_empties_the_pile,
    },
)


def first_winning_move(counters, otherwise=lambda counters: counters - 1):
    for take in (1, 2, 3):
        if take <= counters and minimax(SimpleNim(), counters - take, False) == 1:
            return counters - take
    return otherwise(counters)


def leave_four_k_plus_one(counters):
    return counters - 1 if counters % 4 == 1 else counters - (counters - 1) % 4


FIRST_BEST_MOVE = (
    {"search each take": first_winning_move, "closed form": leave_four_k_plus_one},
    {
        "the last take tried when all lose": lambda n: first_winning_move(
            n, otherwise=lambda n: max(n - 3, 0)
        ),
        "the take, not the counters left": lambda n: n - first_winning_move(n),
        "every counter left when all lose": lambda n: first_winning_move(n, otherwise=lambda n: n),
        "read from the wrong side": lambda n: next(
            (n - t for t in (1, 2, 3) if t <= n and minimax(SimpleNim(), n - t, True) == 1), n - 1
        ),
        "best_move's pair": lambda n: (1, first_winning_move(n)),
        "the score": lambda n: minimax(SimpleNim(), n, True),
        "always take 1": lambda n: n - 1,
    },
)

# Notebook 02: the general minimax, negamax, the won/lost recursion


def general_minimax(game, state, is_maximizing):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    scores = [
        general_minimax(game, new, not is_maximizing) for new in game.possible_new_states(state)
    ]
    return max(scores) if is_maximizing else min(scores)


def loop_minimax(game, state, is_maximizing):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    best = -inf if is_maximizing else inf
    for new_state in game.possible_new_states(state):
        value = loop_minimax(game, new_state, not is_maximizing)
        best = max(best, value) if is_maximizing else min(best, value)
    return best


def loop_minimax_if_score(game, state, is_maximizing):  # a draw's 0 read as a game going on
    score = game.evaluate(state, is_maximizing)
    if score:
        return score
    best = -inf if is_maximizing else inf
    for new_state in game.possible_new_states(state):
        value = loop_minimax_if_score(game, new_state, not is_maximizing)
        best = max(best, value) if is_maximizing else min(best, value)
    return best


def never_switches(game, state, is_maximizing):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    scores = [never_switches(game, new, is_maximizing) for new in game.possible_new_states(state)]
    return max(scores) if is_maximizing else min(scores)


def evaluates_for_max(game, state, is_maximizing):
    score = game.evaluate(state, True)
    if score is not None:
        return score
    scores = [
        evaluates_for_max(game, new, not is_maximizing) for new in game.possible_new_states(state)
    ]
    return max(scores) if is_maximizing else min(scores)


def negates_the_end(game, state, is_maximizing):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return -score
    scores = [
        negates_the_end(game, new, not is_maximizing) for new in game.possible_new_states(state)
    ]
    return max(scores) if is_maximizing else min(scores)


def evaluates_for_the_other(game, state, is_maximizing):
    score = game.evaluate(state, not is_maximizing)
    if score is not None:
        return score
    scores = [
        evaluates_for_the_other(game, new, not is_maximizing)
        for new in game.possible_new_states(state)
    ]
    return max(scores) if is_maximizing else min(scores)


def possible_new_states(counters):
    """Notebook 02's Step 1: Simple-Nim's moves, for any game."""
    return [counters - take for take in (1, 2, 3) if take <= counters]


def minimax_with_step_ones_moves(game, state, is_maximizing):
    """Wrong: Step 1's moves by name, with the game's evaluate."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    moves = possible_new_states(state)
    scores = [minimax_with_step_ones_moves(game, new, not is_maximizing) for new in moves]
    return max(scores) if is_maximizing else min(scores)


def first_move_only(game, state, is_maximizing):
    score = game.evaluate(state, is_maximizing)
    return (
        score
        if score is not None
        else first_move_only(game, game.possible_new_states(state)[0], not is_maximizing)
    )


def minus_the_max_for_min(game, state, is_maximizing):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    scores = [
        minus_the_max_for_min(game, new, not is_maximizing)
        for new in game.possible_new_states(state)
    ]
    return max(scores) if is_maximizing else -max(scores)


def best_from_one(game, state, is_maximizing):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    best = -1 if is_maximizing else 1  # the slip: scores past -1 and +1 never replace it
    for new_state in game.possible_new_states(state):
        value = best_from_one(game, new_state, not is_maximizing)
        best = max(best, value) if is_maximizing else min(best, value)
    return best


def max_below_by_default(game, state, is_maximizing=True):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    scores = [max_below_by_default(game, new) for new in game.possible_new_states(state)]
    return max(scores) if is_maximizing else min(scores)


STATE_KEYED = {}


def state_keyed_minimax(game, state, is_maximizing):
    """A memo kept between calls, keyed by the state alone (notebook 04's memo, written early)."""
    if state not in STATE_KEYED:
        STATE_KEYED[state] = general_minimax(game, state, is_maximizing)
    return STATE_KEYED[state]


def ends_as_win_or_loss(game, state, is_maximizing):
    """A finished game scored only by who won (a draw as a loss): the leaves' scores lost."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return 1 if score > 0 else -1
    scores = [
        ends_as_win_or_loss(game, new_state, not is_maximizing)
        for new_state in game.possible_new_states(state)
    ]
    return max(scores) if is_maximizing else min(scores)


GENERAL_MINIMAX = (
    {
        "max and min of a list": general_minimax,
        "a loop keeping the best": loop_minimax,
    },
    {
        "max and min swapped": lambda game, state, is_max: (
            -general_minimax(game, state, not is_max)
        ),
        "the player never switches": never_switches,
        "evaluate always for Max": evaluates_for_max,
        "evaluate for the player who just moved": evaluates_for_the_other,
        "only +1 and -1": lambda game, state, is_max: (
            1 if general_minimax(game, state, is_max) > 0 else -1
        ),
        "the first move only": first_move_only,
        "Simple-Nim's rules built in": lambda game, state, is_max: simple_minimax(state, is_max),
        "Step 1's moves with the game's evaluate": minimax_with_step_ones_moves,
        "if score: a draw taken for a game going on": loop_minimax_if_score,
        "state between calls: a memo keyed by the state alone": state_keyed_minimax,
        "minus the max for Min": minus_the_max_for_min,
        "best from -1 and +1": best_from_one,
        "is_maximizing left at its default below": max_below_by_default,
        "negamax, Max's score turned round for Min": lambda game, state, is_max: (
            negamax(game, state) if is_max else -negamax(game, state)
        ),
        "a finished game as +1 or -1": ends_as_win_or_loss,
    },
)


def negamax(game, state):
    score = game.evaluate(state, True)
    if score is not None:
        return score
    return max(-negamax(game, new) for new in game.possible_new_states(state))


@cache
def cached_negamax(game, state):
    score = game.evaluate(state, True)
    return (
        score
        if score is not None
        else -min(cached_negamax(game, new) for new in game.possible_new_states(state))
    )


def negamax_without_minus(game, state):
    score = game.evaluate(state, True)
    if score is not None:
        return score
    return max(negamax_without_minus(game, new) for new in game.possible_new_states(state))


def minus_the_max(game, state):
    score = game.evaluate(state, True)
    if score is not None:
        return score
    return -max(minus_the_max(game, new) for new in game.possible_new_states(state))


def negamax_evaluating_for_min(game, state):
    score = game.evaluate(state, False)
    if score is not None:
        return score
    return max(-negamax_evaluating_for_min(game, new) for new in game.possible_new_states(state))


def negamax_with_a_flag(game, state, is_maximizing=True):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    return max(
        -negamax_with_a_flag(game, new, not is_maximizing)
        for new in game.possible_new_states(state)
    )


def negamax_cutting_off(game, state, alpha=-inf, beta=inf):
    """Negamax with alpha-beta, failing hard: a third argument, alpha, that is no flag."""
    score = game.evaluate(state, True)
    if score is not None:
        return max(alpha, min(beta, score))
    for new in game.possible_new_states(state):
        value = -negamax_cutting_off(game, new, -beta, -alpha)
        if value >= beta:
            return beta
        alpha = max(alpha, value)
    return alpha


def negamax_failing_soft(game, state, alpha=-1, beta=1):
    """Negamax with alpha-beta, failing soft, in the window of notebook 05's exercise: a third
    argument, alpha, that True and False make the window's edge."""
    score = game.evaluate(state, True)
    if score is not None:
        return score
    best = -inf
    for new in game.possible_new_states(state):
        value = -negamax_failing_soft(game, new, -beta, -alpha)
        best, alpha = max(best, value), max(alpha, value)
        if alpha >= beta:
            break
    return best


def minimax_by_another_name(game, state, is_maximizing=True):
    return general_minimax(game, state, is_maximizing)


NEGAMAX = (
    {
        "max of the negated": negamax,
        "minus the min, cached": cached_negamax,
        "alpha-beta, failing hard": negamax_cutting_off,
        "alpha-beta from (-1, 1), failing soft": negamax_failing_soft,
    },
    {
        "for the other player": lambda game, state: -negamax(game, state),
        "no minus sign": negamax_without_minus,
        "evaluate for Min": negamax_evaluating_for_min,
        "min instead of max": lambda game, state: min(
            [-negamax(game, new) for new in game.possible_new_states(state)]
            or [game.evaluate(state, True)]
        ),
        "the first move only": lambda game, state: first_move_only(game, state, True),
        "minus the max at every level": minus_the_max,
        "a flag kept beside the minus": negamax_with_a_flag,
        "minimax, flag and all": minimax_by_another_name,
    },
)


def wins(counters, takes):
    return any(not wins(counters - take, takes) for take in takes if take <= counters)


def wins_of_every_move(counters, takes):  # twice the calls of wins: any() stops at no win
    return any(
        [not wins_of_every_move(counters - take, takes) for take in takes if take <= counters]
    )


def wins_at_zero(counters, takes):
    if counters == 0:
        return True
    return any(not wins_at_zero(counters - take, takes) for take in takes if take <= counters)


@cache
def wins_at_one(counters, takes):
    if counters <= 1:
        return counters == 1  # the slip: one counter won whatever the takes
    return any(not wins_at_one(counters - take, takes) for take in takes if take <= counters)


def wins_past_zero(counters, takes):
    """No take <= counters: a take larger than the pile goes below 0, and never back to it."""
    if counters == 0:
        return False
    return any(not wins_past_zero(counters - take, takes) for take in takes)


@cache
def wins_by_the_first_take(counters, takes):
    for take in takes:
        if take <= counters:
            return not wins_by_the_first_take(counters - take, takes)  # the slip: in the loop
    return False


def never_takes_the_last(counters, takes):
    return any(
        not never_takes_the_last(counters - take, takes) for take in takes if take < counters
    )


def wins_without_not(counters, takes):
    return any(wins_without_not(counters - take, takes) for take in takes if take <= counters)


def wins_by_table(counters, takes):
    won = []
    for n in range(counters + 1):
        won.append(any(not won[n - take] for take in takes if take <= n))
    return won[counters]


WON_LOST = (
    {
        "any over the moves": wins,
        "a table from 0 up": wins_by_table,
        "numpy bool": lambda n, t: np.bool_(wins(n, t)),
        "any of a list: every move searched": wins_of_every_move,
    },
    {
        "the other player": lambda n, t: not wins(n, t),
        "takes 1, 2, 3 whatever the takes": lambda n, t: wins(n, (1, 2, 3)),
        "the period of 1, 2, 3 for every takes": lambda n, t: n % (max(t) + 1) != 0,
        "all instead of any": lambda n, t: (
            n > 0 and all(not wins(n - take, t) for take in t if take <= n)
        ),
        "misère: the last counter loses": lambda n, t: (
            n == 0 or any(not wins_misere(n - take, t) for take in t if take <= n)
        ),
        "1 or 0 for won or lost": lambda n, t: int(wins(n, t)),
        "the player to move wins at 0": wins_at_zero,
        "a move never takes the last counter": never_takes_the_last,
        "all over the moves, at 0 too": lambda n, t: all(
            not wins(n - take, t) for take in t if take <= n
        ),
        "no not: every move searched, none wins": wins_without_not,
        "won at 1 counter": wins_at_one,
        "a return inside the loop": wins_by_the_first_take,
        "every take tried, past 0 too": wins_past_zero,
    },
)


def wins_misere(counters, takes):
    return counters == 0 or any(
        not wins_misere(counters - take, takes) for take in takes if take <= counters
    )


# Notebook 03: a game of one's own


class TakeOneThreeOrFour:
    """Right, as the worked solution of notebook 03 writes it; wrong with `smallest` above 0 (a
    finished game refused) or with `convert`, how validate treats its input before checking it."""

    score_range = (-1, 1)

    def __init__(self, smallest=0, convert=None):
        self.smallest, self.convert = smallest, convert

    def possible_new_states(self, counters):
        return [counters - take for take in (1, 3, 4) if take <= counters]

    def evaluate(self, counters, is_maximizing):
        return None if counters > 0 else (-1 if is_maximizing else 1)

    def validate(self, counters):
        if self.convert is not None:
            counters = self.convert(counters)
        if type(counters) is not int or counters < self.smallest:
            raise ValueError(
                f"counters must be a whole number from {self.smallest} up, not {counters!r}"
            )
        return counters


def only_negative_numbers_refused(counters):
    if counters < 0:
        raise ValueError("negative")
    return counters


class RefusesOnlyNegativeNumbers(TakeOneThreeOrFour):
    def validate(self, counters):
        return only_negative_numbers_refused(counters)


class Misere(TakeOneThreeOrFour):
    def evaluate(self, counters, is_maximizing):
        return None if counters > 0 else (1 if is_maximizing else -1)


class WonWhereTheMoverTakesAll(TakeOneThreeOrFour):
    """Scores 1, 3 or 4 counters as won, "the mover takes them all", but for Max whoever moves."""

    def evaluate(self, counters, is_maximizing):
        return 1 if counters in (1, 3, 4) else super().evaluate(counters, is_maximizing)


class TakesOneTwoThree(TakeOneThreeOrFour):
    def possible_new_states(self, counters):
        return [counters - take for take in (1, 2, 3) if take <= counters]


class Overshoots(TakeOneThreeOrFour):
    def possible_new_states(self, counters):
        return [counters - take for take in (1, 3, 4)]


class GivesTheTakes(TakeOneThreeOrFour):
    def possible_new_states(self, counters):
        return [take for take in (1, 3, 4) if take <= counters]


class ValidateAnswersTrueOrFalse(TakeOneThreeOrFour):
    def validate(self, counters):
        return isinstance(counters, int) and counters >= 0


class AssertsItsInput(TakeOneThreeOrFour):
    def validate(self, counters):
        assert isinstance(counters, int) and counters >= 0, f"not a whole number: {counters!r}"
        return counters


class TrustsItsInput(TakeOneThreeOrFour):
    def validate(self, counters):
        return counters


class Unranged(TakeOneThreeOrFour):
    """Wrong: the right rules, and no score range (searches that prune then have none to trust)."""

    score_range = None


class RangeAsAList(TakeOneThreeOrFour):
    """Wrong: the score range as a list, which every search refuses (it wants a tuple)."""

    score_range = [-1, 1]


VARIANT = (
    {
        "a class of its own": TakeOneThreeOrFour,
        "an instance": TakeOneThreeOrFour(),
    },
    {
        "misère": Misere,
        "won for Max where the mover takes all": WonWhereTheMoverTakesAll,
        "takes 1, 2 or 3": TakesOneTwoThree,
        "a take may overshoot 0": Overshoots,
        "the takes, not the states they leave": GivesTheTakes,
        "validate answers True or False": ValidateAnswersTrueOrFalse,
        "validate refuses 0": TakeOneThreeOrFour(smallest=1),
        "validate accepts anything": TrustsItsInput,
        "validate converts with int()": TakeOneThreeOrFour(convert=int),
        "validate turns 7 into numpy's int64": TakeOneThreeOrFour(
            convert=lambda counters: np.int64(counters) if counters == 7 else counters
        ),
        "validate refuses only negative numbers": RefusesOnlyNegativeNumbers(),
        "validate turns 2.0 into 2": TakeOneThreeOrFour(
            convert=lambda counters: int(counters) if counters == 2.0 else counters
        ),
        "validate asserts": AssertsItsInput,
        "no score range": Unranged,
        "the score range as a list": RangeAsAList,
    },
)

# Notebook 04: memos


@cache
def cached_wins(counters, takes):
    return any(not cached_wins(counters - take, takes) for take in takes if take <= counters)


def memo_wins(counters, takes, memo=None):
    memo = {} if memo is None else memo
    if counters not in memo:
        memo[counters] = any(
            not memo_wins(counters - take, takes, memo) for take in takes if take <= counters
        )
    return memo[counters]


def memo_inside(counters, takes):
    memo = {}

    def won(counters):
        if counters not in memo:
            memo[counters] = any(not won(counters - take) for take in takes if take <= counters)
        return memo[counters]

    return won(counters)


def shared_memo_wins(counters, takes, memo={}):  # noqa: B006
    if counters not in memo:
        memo[counters] = any(
            not shared_memo_wins(counters - take, takes, memo) for take in takes if take <= counters
        )
    return memo[counters]


def memo_get_wins(counters, takes):
    """`if memo.get(n):` takes a stored False (a loss) for a missing entry: each lost position is
    worked out again whenever the search meets it, with right answers and few calls."""
    memo = {}

    def won(counters):
        if memo.get(counters):
            return memo[counters]
        memo[counters] = any(not won(counters - take) for take in takes if take <= counters)
        return memo[counters]

    return won(counters)


def memo_get_through_a_helper(counters, takes):
    """The same slip, the recursion going through a helper: `wins` calls `loses`, which calls
    `wins`."""
    memo = {}

    def wins(counters):
        if memo.get(counters):
            return memo[counters]
        memo[counters] = any(loses(counters - take) for take in takes if take <= counters)
        return memo[counters]

    def loses(counters):
        return not wins(counters)

    return wins(counters)


def a_memo_on_the_wrapper():
    """A learner's wrapper with a memo kept between calls (made anew for each test, which must not
    share it)."""
    memo = {}

    def memo_on_the_wrapper(counters, takes):
        if (counters, takes) not in memo:
            memo[counters, takes] = wins(counters, takes)
        return memo[counters, takes]

    return memo_on_the_wrapper


def a_cached_wrapper():
    """functools.cache on a wrapper around the plain recursion (made anew for each test)."""

    @cache
    def cached_wrapper(counters, takes):
        return wins(counters, takes)

    return cached_wrapper


def memo_through_a_lambda(counters, takes):
    """Right: the recursion goes through a lambda, which reads the counters from around it."""
    memo = {}

    def won(counters):
        if counters not in memo:
            takes_here = [take for take in takes if take <= counters]
            memo[counters] = any(map(lambda take: not won(counters - take), takes_here))
        return memo[counters]

    return won(counters)


class WonLostSolver:
    """Right: a class whose small methods (the moves, a move's legality, a loss) each make calls
    of their own; each number of counters is worked out once."""

    def __init__(self, takes):
        self.takes, self.memo = takes, {}

    def legal(self, counters, take):
        return take <= counters

    def moves(self, counters):
        return [counters - take for take in self.takes if self.legal(counters, take)]

    def loses(self, counters):
        return not self.wins(counters)

    def wins(self, counters):
        if counters not in self.memo:
            self.memo[counters] = any(self.loses(left) for left in self.moves(counters))
        return self.memo[counters]


def memo_through_maps(counters, takes):
    """Right: the moves through map and filter, a lambda each."""

    @cache
    def wins(counters):
        lefts = filter(lambda left: left >= 0, map(lambda take: counters - take, takes))
        return any(map(lambda left: not wins(left), lefts))

    return wins(counters)


def memo_with_a_helper(counters, takes):
    """Right: the memo sits on the recursion; a helper lists the moves."""
    memo = {}

    def left_after_moves(counters):
        return [counters - take for take in takes if take <= counters]

    def won(counters):
        if counters not in memo:
            memo[counters] = not all(won(left) for left in left_after_moves(counters))
        return memo[counters]

    return won(counters)


def walrus_memo(game, state, is_maximizing, memo=None):
    memo = {} if memo is None else memo
    if cached := memo.get((state, is_maximizing)):
        return cached
    score = game.evaluate(state, is_maximizing)
    if score is None:
        scores = [
            walrus_memo(game, new, not is_maximizing, memo)
            for new in game.possible_new_states(state)
        ]
        score = max(scores) if is_maximizing else min(scores)
    memo[state, is_maximizing] = score
    return score


def get_with_none_default(game, state, is_maximizing, memo=None):
    """Right: the same walrus, asking whether the entry is missing, not whether it is false."""
    memo = {} if memo is None else memo
    if (cached := memo.get((state, is_maximizing))) is not None:
        return cached
    score = game.evaluate(state, is_maximizing)
    if score is None:
        scores = [
            get_with_none_default(game, new, not is_maximizing, memo)
            for new in game.possible_new_states(state)
        ]
        score = max(scores) if is_maximizing else min(scores)
    memo[state, is_maximizing] = score
    return score


def nim_sum(piles):
    return reduce(xor, piles, 0)


RIGHT_CANONICAL = {
    "sorted, empty piles dropped": lambda piles: tuple(sorted(pile for pile in piles if pile)),
    "sorted largest first": lambda piles: tuple(
        sorted((pile for pile in piles if pile), reverse=True)
    ),
    "a multiset": lambda piles: frozenset(Counter(pile for pile in piles if pile).items()),
    "a string": lambda piles: ",".join(map(str, sorted(pile for pile in piles if pile > 0))),
}


WRONG_CANONICAL = {
    "the nim-sum": nim_sum,
    "the nim-sum and the number of piles": lambda piles: (nim_sum(piles), len(piles)),
    "the sum": sum,
    "the sum of squares": lambda piles: sum(pile * pile for pile in piles),
    "a set": lambda piles: frozenset(pile for pile in piles if pile),
    "the state itself": lambda piles: piles,
    "sorted with the empty piles": lambda piles: tuple(sorted(piles)),
    "sorted piles, no repeats": lambda piles: tuple(sorted({pile for pile in piles if pile})),
    "the largest pile and the count": lambda piles: (max(piles), sum(1 for pile in piles if pile)),
    "a list": lambda piles: sorted(pile for pile in piles if pile),
    "a numpy array": lambda piles: np.sort(np.array([pile for pile in piles if pile])),
    "a string without a separator": lambda piles: "".join(
        map(str, sorted(pile for pile in piles if pile))
    ),
}


def first_of_each_canonical_form(game, state):
    seen = set()
    for new_state in game.possible_new_states(state):
        if game.canonical(new_state) not in seen:
            seen.add(game.canonical(new_state))
            yield new_state


def first_of_each_sorted_state(game, state):
    """Tells states apart by their sorted piles, not game.canonical: right for pile games only."""
    seen, kept = set(), []
    for new in game.possible_new_states(state):
        key = new if isinstance(new, int) else tuple(sorted(new))
        if key not in seen:
            seen.add(key)
            kept.append(new)
    return kept


WRONG_DISTINCT = {
    "every move": lambda game, state: list(game.possible_new_states(state)),
    "the canonical forms": lambda game, state: list(
        dict.fromkeys(game.canonical(new) for new in game.possible_new_states(state))
    ),
    "the last of each form": lambda game, state: list(
        {game.canonical(new): new for new in game.possible_new_states(state)}.values()
    ),
    "sorted": lambda game, state: sorted(first_of_each_canonical_form(game, state)),
    "a set": lambda game, state: set(first_of_each_canonical_form(game, state)),
    "equal states only": lambda game, state: list(dict.fromkeys(game.possible_new_states(state))),
    "sorted piles for canonical forms": first_of_each_sorted_state,
    "moves from the canonical form": lambda game, state: list(
        first_of_each_canonical_form(game, game.canonical(state))
    ),
}


def memo_of_one_call(game, state, is_maximizing):
    """Wrong: stores and looks up, but in a memo made anew in every call, which forgets at once."""
    memo = {}
    if (state, is_maximizing) not in memo:
        score = game.evaluate(state, is_maximizing)
        if score is None:
            scores = [
                memo_of_one_call(game, new, not is_maximizing)
                for new in game.possible_new_states(state)
            ]
            score = max(scores) if is_maximizing else min(scores)
        memo[state, is_maximizing] = score
    return memo[state, is_maximizing]


def memo_minimax(game, state, is_maximizing, memo=None):
    memo = {} if memo is None else memo
    if (state, is_maximizing) not in memo:
        score = game.evaluate(state, is_maximizing)
        if score is None:
            scores = [
                memo_minimax(game, new, not is_maximizing, memo)
                for new in game.possible_new_states(state)
            ]
            score = max(scores) if is_maximizing else min(scores)
        memo[state, is_maximizing] = score
    return memo[state, is_maximizing]


@cache
def cached_minimax(game, state, is_maximizing):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    scores = [
        cached_minimax(game, new, not is_maximizing) for new in game.possible_new_states(state)
    ]
    return max(scores) if is_maximizing else min(scores)


def for_the_player_to_move(game, state, is_maximizing):
    """Negamax with a memo: the score for the player to move, never turned round for Min."""
    memo = {}

    def negamax(state):
        if state not in memo:
            score = game.evaluate(state, True)
            if score is None:
                score = max(-negamax(new_state) for new_state in game.possible_new_states(state))
            memo[state] = score
        return memo[state]

    return negamax(state)


def state_only_memo(game, state, is_maximizing, memo=None):
    memo = {} if memo is None else memo
    if state not in memo:
        score = game.evaluate(state, is_maximizing)
        if score is None:
            scores = [
                state_only_memo(game, new, not is_maximizing, memo)
                for new in game.possible_new_states(state)
            ]
            score = max(scores) if is_maximizing else min(scores)
        memo[state] = score
    return memo[state]


SHARED = {}


def stored_never_read(game, state, is_maximizing, memo=None):
    memo = {} if memo is None else memo
    score = game.evaluate(state, is_maximizing)
    if score is None:
        scores = [
            stored_never_read(game, new, not is_maximizing, memo)
            for new in game.possible_new_states(state)
        ]
        score = max(scores) if is_maximizing else min(scores)
    memo[state, is_maximizing] = score
    return score


GLOBAL_MEMO = {}


def global_walrus_memo(game, state, is_maximizing):
    """A memo at module level, one for every call, that takes a stored draw (0) for a missing
    entry."""
    key = (repr(game), state, is_maximizing)
    if cached := GLOBAL_MEMO.get(key):
        return cached
    score = game.evaluate(state, is_maximizing)
    if score is None:
        scores = [
            global_walrus_memo(game, new, not is_maximizing)
            for new in game.possible_new_states(state)
        ]
        score = max(scores) if is_maximizing else min(scores)
    GLOBAL_MEMO[key] = score
    return score


def two_visits_on_a_stack(game, state, is_maximizing):
    """A memo on an explicit stack that asks a position for its moves when it first meets it and
    again when it comes back to it, its moves scored: right scores, twice the work."""
    memo, stack = {}, [(state, is_maximizing)]
    while stack:
        position, is_max = stack[-1]
        if (position, is_max) in memo:
            stack.pop()
            continue
        score = game.evaluate(position, is_max)
        if score is not None:
            memo[position, is_max] = score
            stack.pop()
            continue
        new_states = list(game.possible_new_states(position))
        missing = [(new, not is_max) for new in new_states if (new, not is_max) not in memo]
        if missing:
            stack.extend(missing)
            continue
        scores = [memo[new, not is_max] for new in new_states]
        memo[position, is_max] = max(scores) if is_max else min(scores)
        stack.pop()
    return memo[state, is_maximizing]


def max_only_memo(game, state, is_maximizing, memo=None):
    """A memo of Max's positions only: Min's are searched again each time."""
    memo = {} if memo is None else memo
    if is_maximizing and state in memo:
        return memo[state]
    score = game.evaluate(state, is_maximizing)
    if score is None:
        scores = [
            max_only_memo(game, new, not is_maximizing, memo)
            for new in game.possible_new_states(state)
        ]
        score = max(scores) if is_maximizing else min(scores)
    if is_maximizing:
        memo[state] = score
    return score


@lru_cache(maxsize=128)
def small_lru_cache(game, state, is_maximizing):
    score = game.evaluate(state, is_maximizing)
    if score is None:
        scores = [
            small_lru_cache(game, new, not is_maximizing) for new in game.possible_new_states(state)
        ]
        score = max(scores) if is_maximizing else min(scores)
    return score


def negamax_memo_for_max(game, state, is_maximizing):
    """Wrong: negamax's memo, from Max's score turned round for Min: right only where Min's score
    is minus Max's."""
    score = for_the_player_to_move(game, state, True)
    return score if is_maximizing else -score


MEMOIZED_MINIMAX = (
    {
        "a dict passed down": memo_minimax,
        "functools.cache": cached_minimax,
        "walrus, is not None": get_with_none_default,
        "nimlib's": lambda game, state, is_max: memoized_minimax(game, state, is_max),
    },
    {
        "no memo": general_minimax,
        "a memo made anew in every call": memo_of_one_call,
        "keyed by the state only": state_only_memo,
        "the score for the player to move": for_the_player_to_move,
        "one memo for every game": lambda game, state, is_max: memo_minimax(
            game, state, is_max, SHARED
        ),
        "a draw taken for a missing entry": walrus_memo,
        "state between calls: a global memo, a draw taken for a missing entry": global_walrus_memo,
        "stored, never read": stored_never_read,
        "two visits on a stack, the moves asked at each": two_visits_on_a_stack,
        "Max's positions only": max_only_memo,
        "state between calls: lru_cache(maxsize=128)": small_lru_cache,
        "negamax's memo, Max's score turned round for Min": negamax_memo_for_max,
    },
)


def tiny_cache_wins(counters, takes):
    @lru_cache(maxsize=1)
    def won(counters):
        return any(not won(counters - take) for take in takes if take <= counters)

    return won(counters)


SUM_KEYED = {}


def sum_keyed_wins(counters, takes):
    """A memo kept between calls, keyed by the counters and the sum of the takes."""
    key = (counters, sum(takes))
    if key not in SUM_KEYED:
        SUM_KEYED[key] = any(
            not sum_keyed_wins(counters - t, takes) for t in takes if t <= counters
        )
    return SUM_KEYED[key]


WON_LOST_MEMO = (
    {
        "functools.cache": cached_wins,
        "a dict passed down": memo_wins,
        "a memo inside": memo_inside,
        "a memo and a helper": memo_with_a_helper,
        "a memo, the moves through a lambda": memo_through_a_lambda,
        "a class of small methods": lambda counters, takes: WonLostSolver(takes).wins(counters),
        "a memo, the moves through map and filter": memo_through_maps,
    },
    {
        "no memo": wins,
        "one memo for every takes": shared_memo_wins,
        "a memo on a wrapper": a_memo_on_the_wrapper(),
        "functools.cache on a wrapper": a_cached_wrapper(),
        "a memo of the wrong answers": cache(lambda n, t: not wins(n, t)),
        "a stored loss read as missing (memo.get)": memo_get_wins,
        "a stored loss read as missing, through a helper": memo_get_through_a_helper,
        "a cache too small": tiny_cache_wins,
        "1 or 0 for won or lost": lambda n, t: int(cached_wins(n, t)),
        "state between calls: a memo keyed by the sum of the takes": sum_keyed_wins,
    },
)

DISTINCT_NEW_STATES = (
    {
        "a generator": first_of_each_canonical_form,
        "a list": lambda game, state: list(first_of_each_canonical_form(game, state)),
    },
    WRONG_DISTINCT,
)

CANONICAL = (RIGHT_CANONICAL, WRONG_CANONICAL)


# Notebook 05: alpha-beta, and its table of bounds


def textbook(game, state, is_maximizing, alpha=-1, beta=1):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    best = -inf if is_maximizing else inf
    for new_state in game.possible_new_states(state):
        value = textbook(game, new_state, not is_maximizing, alpha, beta)
        if is_maximizing:
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break
    return best


def pair_at_a_cut_off(game, state, is_maximizing, alpha=-1, beta=1):
    """A score with its move given back at a cut-off, which the search above compares."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    best = -inf if is_maximizing else inf
    for new_state in game.possible_new_states(state):
        value = pair_at_a_cut_off(game, new_state, not is_maximizing, alpha, beta)
        best = max(best, value) if is_maximizing else min(best, value)
        alpha, beta = (max(alpha, best), beta) if is_maximizing else (alpha, min(beta, best))
        if alpha >= beta:
            return best, new_state
    return best


def min_raises_alpha_too(game, state, is_maximizing, alpha=-1, beta=1):
    """Min lowers beta, and raises alpha as Max does: no memo anywhere."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    best = -inf if is_maximizing else inf
    for new_state in game.possible_new_states(state):
        value = min_raises_alpha_too(game, new_state, not is_maximizing, alpha, beta)
        best = max(best, value) if is_maximizing else min(best, value)
        if not is_maximizing:
            beta = min(beta, best)
        alpha = max(alpha, best)
        if alpha >= beta:
            break
    return best


def returns_alpha(game, state, is_maximizing, alpha=-1, beta=1):
    """Gives alpha back, where the best score belongs: no memo anywhere."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    for new_state in game.possible_new_states(state):
        value = returns_alpha(game, new_state, not is_maximizing, alpha, beta)
        if is_maximizing:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            break
    return alpha


def turn_not_passed_on(game, state, is_maximizing, alpha=-1, beta=1):
    """Every move searched with the same player to move: no memo anywhere."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    best = -inf if is_maximizing else inf
    for new_state in game.possible_new_states(state):
        value = turn_not_passed_on(game, new_state, is_maximizing, alpha, beta)
        if is_maximizing:
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break
    return best


def updates_swapped(game, state, is_maximizing, alpha=-1, beta=1):
    """Max lowers beta and Min raises alpha: no memo anywhere."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    best = -inf if is_maximizing else inf
    for new_state in game.possible_new_states(state):
        value = updates_swapped(game, new_state, not is_maximizing, alpha, beta)
        if is_maximizing:
            best, beta = max(best, value), min(beta, max(best, value))
        else:
            best, alpha = min(best, value), max(alpha, min(best, value))
        if alpha >= beta:
            break
    return best


def wider_default_window(game, state, is_maximizing, alpha=-inf, beta=inf):
    return textbook(game, state, is_maximizing, alpha, beta)


def fail_hard(game, state, is_maximizing, alpha=-1, beta=1):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    for new_state in game.possible_new_states(state):
        value = fail_hard(game, new_state, not is_maximizing, alpha, beta)
        if is_maximizing:
            if value >= beta:
                return beta
            alpha = max(alpha, value)
        else:
            if value <= alpha:
                return alpha
            beta = min(beta, value)
    return alpha if is_maximizing else beta


def negamax_style(game, state, is_maximizing, alpha=-1, beta=1):
    def search(state, sign, alpha, beta):
        score = game.evaluate(state, sign == 1)
        if score is not None:
            return sign * score
        best = -inf
        for new_state in game.possible_new_states(state):
            best = max(best, -search(new_state, -sign, -beta, -alpha))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best

    return search(state, 1, alpha, beta) if is_maximizing else -search(state, -1, -beta, -alpha)


def sorted_moves(game, state, is_maximizing, alpha=-1, beta=1):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    best = -inf if is_maximizing else inf
    for new_state in sorted(game.possible_new_states(state)):
        value = sorted_moves(game, new_state, not is_maximizing, alpha, beta)
        best = max(best, value) if is_maximizing else min(best, value)
        alpha, beta = (max(alpha, best), beta) if is_maximizing else (alpha, min(beta, best))
        if alpha >= beta:
            break
    return best


def numpy_scores(game, state, is_maximizing, alpha=-1, beta=1):
    return np.int64(textbook(game, state, is_maximizing, alpha, beta))


RIGHT_ALPHABETA = [
    textbook,
    wider_default_window,
    fail_hard,
    negamax_style,
    sorted_moves,
    numpy_scores,
]


def textbook_with(arrange=list, cuts_off=operator.ge, key=None, window_below=lambda a, b: (a, b)):
    """Textbook alpha-beta that tries the moves in the order `arrange(moves)` gives, sorted by
    `key(game, is_maximizing, new_state)` if given, cuts off when `cuts_off(alpha, beta)` holds,
    and searches each move from the window `window_below(alpha, beta)`."""

    def search(game, state, is_maximizing, alpha=-1, beta=1):
        score = game.evaluate(state, is_maximizing)
        if score is not None:
            return score
        moves = arrange(list(game.possible_new_states(state)))
        if key is not None:
            moves = sorted(moves, key=lambda new_state: key(game, is_maximizing, new_state))
        best = -inf if is_maximizing else inf
        for new_state in moves:
            value = search(game, new_state, not is_maximizing, *window_below(alpha, beta))
            if is_maximizing:
                best, alpha = max(best, value), max(alpha, value)
            else:
                best, beta = min(best, value), min(beta, value)
            if cuts_off(alpha, beta):
                break
        return best

    return search


def worth_to_mover(game, is_maximizing, new_state):
    """A sort key that scores the move first: the finished games best for the mover come first,
    then the games that go on, then the finished games worst for it."""
    score = game.evaluate(new_state, not is_maximizing)
    return 0 if score is None else -score if is_maximizing else score


def children_window(window_for_child):
    """Alpha-beta whose children get `window_for_child(entered, now)` instead of the window as it is
    now."""

    def search(game, state, is_maximizing, alpha=-1, beta=1):
        root = (alpha, beta)

        def visit(state, is_maximizing, alpha, beta):
            score = game.evaluate(state, is_maximizing)
            if score is not None:
                return score
            best, entered = (-inf if is_maximizing else inf), (alpha, beta)
            for new_state in game.possible_new_states(state):
                value = visit(
                    new_state, not is_maximizing, *window_for_child(root, entered, (alpha, beta))
                )
                if is_maximizing:
                    best, alpha = max(best, value), max(alpha, value)
                else:
                    best, beta = min(best, value), min(beta, value)
                if alpha >= beta:
                    break
            return best

        return visit(state, is_maximizing, alpha, beta)

    return search


def stops_at(low, high):
    """No alpha-beta: a position stops at the first score of `high` (Max) or `low` (Min)."""

    def search(game, state, is_maximizing, alpha=-1, beta=1):
        score = game.evaluate(state, is_maximizing)
        if score is not None:
            return score
        best = -inf if is_maximizing else inf
        for new_state in game.possible_new_states(state):
            value = search(game, new_state, not is_maximizing)
            best = max(best, value) if is_maximizing else min(best, value)
            if best == (high if is_maximizing else low):
                break
        return best

    return search


def stops_at_the_score_range(game, state, is_maximizing, alpha=-1, beta=1):
    low, high = game.score_range
    return stops_at(low, high)(game, state, is_maximizing)


def only_max_cuts_off(game, state, is_maximizing, alpha=-1, beta=1):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    best = -inf if is_maximizing else inf
    for new_state in game.possible_new_states(state):
        value = only_max_cuts_off(game, new_state, not is_maximizing, alpha, beta)
        if is_maximizing:
            best, alpha = max(best, value), max(alpha, value)
            if alpha >= beta:
                break
        else:
            best, beta = min(best, value), min(beta, value)
    return best


def best_starts_at_one(game, state, is_maximizing, alpha=-1, beta=1):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    best = -1 if is_maximizing else 1
    for new_state in game.possible_new_states(state):
        value = best_starts_at_one(game, new_state, not is_maximizing, alpha, beta)
        if is_maximizing:
            best = max(best, value)
            alpha = max(alpha, best)
        else:
            best = min(best, value)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def alphabeta_first_move_only(game, state, is_maximizing, alpha=-1, beta=1):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    return alphabeta_first_move_only(
        game, next(iter(game.possible_new_states(state))), not is_maximizing
    )


# how a learner's Min moves the window (alpha, beta) after a move worth `value`, `best` its best so
# far, raising alpha as Max does: as well as lowering beta, or instead
MIN_MOVES = {
    "Min raises alpha too": lambda alpha, beta, best, value: (max(alpha, best), min(beta, best)),
    "Min raises alpha to each value, not beta": (
        lambda alpha, beta, best, value: (max(alpha, value), beta)
    ),
    "Min raises alpha to its best, not beta": (
        lambda alpha, beta, best, value: (max(alpha, best), beta)
    ),
}


def alphabeta_whose_min_moves(min_moves):
    """Alpha-beta, no memo anywhere, whose Min makes the window `min_moves(alpha, beta, best,
    value)` after each move."""

    def search(game, state, is_maximizing, alpha=-1, beta=1):
        score = game.evaluate(state, is_maximizing)
        if score is not None:
            return score
        best = -inf if is_maximizing else inf
        for new_state in game.possible_new_states(state):
            value = search(game, new_state, not is_maximizing, alpha, beta)
            if is_maximizing:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                alpha, beta = min_moves(alpha, beta, best, value)
            if alpha >= beta:
                break
        return best

    return search


WRONG_ALPHABETA = {
    "alpha > beta": textbook_with(cuts_off=operator.gt),
    "alpha > beta, wide default window": lambda game, state, is_max, alpha=-inf, beta=inf: (
        textbook_with(cuts_off=operator.gt)(game, state, is_max, alpha, beta)
    ),
    "alpha > beta + 1": textbook_with(cuts_off=lambda alpha, beta: alpha > beta + 1),
    "children get the default window": children_window(lambda root, entered, now: (-1, 1)),
    "children get the root's window": children_window(lambda root, entered, now: root),
    "children get the window their parent was entered with": children_window(
        lambda root, entered, now: entered
    ),
    "children get (-inf, inf)": children_window(lambda root, entered, now: (-inf, inf)),
    "children get alpha and beta swapped": children_window(
        lambda root, entered, now: (-now[1], -now[0])
    ),
    "stops only at +1 or -1": stops_at(-1, 1),
    "stops only at the ends of the score range": stops_at_the_score_range,
    "only Max cuts off": only_max_cuts_off,
    "plain minimax": lambda game, state, is_max, alpha=-1, beta=1: minimax(game, state, is_max),
    "memoized minimax": lambda game, state, is_max, alpha=-1, beta=1: memoized_minimax(
        game, state, is_max
    ),
    "first move only": alphabeta_first_move_only,
    "Max lowers beta, Min raises alpha": updates_swapped,
    "the turn not passed on": turn_not_passed_on,
    "best starts at -1 or +1": best_starts_at_one,
    "Min raises alpha too": min_raises_alpha_too,
    "the window passed on as (beta, alpha)": textbook_with(window_below=lambda a, b: (b, a)),
    **{
        name: alphabeta_whose_min_moves(min_moves)
        for name, min_moves in MIN_MOVES.items()
        if name != "Min raises alpha too"  # written out above, as a learner writes it
    },
    "alpha given back on both turns": returns_alpha,
}


def cached_alphabeta(
    game, state, is_maximizing, alpha=-1, beta=1, memo=None, only_where_nothing_was_cut=False
):
    """Remembers every result as a score, bounds too; or, `only_where_nothing_was_cut`, the
    results of positions none of whose own moves was cut off, which may still be bounds (their
    moves' results may be)."""
    memo = {} if memo is None else memo
    if (state, is_maximizing) in memo:
        return memo[state, is_maximizing]
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    best, cut = -inf if is_maximizing else inf, False
    for new_state in game.possible_new_states(state):
        value = cached_alphabeta(
            game, new_state, not is_maximizing, alpha, beta, memo, only_where_nothing_was_cut
        )
        if is_maximizing:
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            cut = True
            break
    if not (cut and only_where_nothing_was_cut):
        memo[state, is_maximizing] = best
    return best


def cached_fail_hard(game, state, is_maximizing, alpha=-1, beta=1, memo=None):
    memo = {} if memo is None else memo
    if (state, is_maximizing) in memo:
        return memo[state, is_maximizing]
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    for new_state in game.possible_new_states(state):
        value = cached_fail_hard(game, new_state, not is_maximizing, alpha, beta, memo)
        if is_maximizing:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            break
    memo[state, is_maximizing] = alpha if is_maximizing else beta
    return memo[state, is_maximizing]


def exact_only_cache(game, state, is_maximizing, alpha=-1, beta=1, memo=None):
    """Right: it remembers a score only when it lies strictly inside the window it was found in."""
    memo = {} if memo is None else memo
    if (state, is_maximizing) in memo:
        return memo[state, is_maximizing]
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    entered, best = (alpha, beta), -inf if is_maximizing else inf
    for new_state in game.possible_new_states(state):
        value = exact_only_cache(game, new_state, not is_maximizing, alpha, beta, memo)
        if is_maximizing:
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break
    if entered[0] < best < entered[1]:
        memo[state, is_maximizing] = best
    return best


def exact_cache_keyed_by_state(game, state, is_maximizing, alpha=-1, beta=1, memo=None):
    """Wrong: exact scores only, but keyed by the state alone: a position met with the other player
    to move gets the first one's score (under -1 and +1 nothing is exact, so nothing is kept)."""
    memo = {} if memo is None else memo
    if state in memo:
        return memo[state]
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    entered, best = (alpha, beta), -inf if is_maximizing else inf
    for new_state in game.possible_new_states(state):
        value = exact_cache_keyed_by_state(game, new_state, not is_maximizing, alpha, beta, memo)
        if is_maximizing:
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break
    if entered[0] < best < entered[1]:
        memo[state] = best
    return best


def default_memo_alphabeta(game, state, is_maximizing, alpha=-1, beta=1, memo={}):  # noqa: B006
    """Wrong: exact scores only, in a default memo={}, made once and kept from one call to the
    next, keyed by (state, is_maximizing) without the game: the made-up trees share their
    positions' names ('r', 'r0', ...), and one tree's score answers for another's."""
    key = (state, is_maximizing)
    if key in memo:
        return memo[key]
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    entered, best = (alpha, beta), -inf if is_maximizing else inf
    for new_state in game.possible_new_states(state):
        value = default_memo_alphabeta(game, new_state, not is_maximizing, alpha, beta)
        if is_maximizing:
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break
    if entered[0] < best < entered[1]:
        memo[key] = best
    return best


GAME_KEYED = {}


def exact_scores_kept_by_game(game, state, is_maximizing, alpha=-1, beta=1):
    """Right: exact scores only, in a memo kept between calls, keyed by the game too."""
    key = (game, state, is_maximizing)
    if key in GAME_KEYED:
        return GAME_KEYED[key]
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    entered, best = (alpha, beta), -inf if is_maximizing else inf
    for new_state in game.possible_new_states(state):
        value = exact_scores_kept_by_game(game, new_state, not is_maximizing, alpha, beta)
        if is_maximizing:
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break
    if entered[0] < best < entered[1]:
        GAME_KEYED[key] = best
    return best


def table_of_bounds(game, state, is_maximizing, alpha=-1, beta=1):
    """Right: nimlib's alpha-beta with a transposition table of bounds."""
    return alphabeta(game, state, is_maximizing, alpha, beta, table={})


def stored_bounds(best, alpha, beta, lower, upper):
    if best <= alpha:
        return lower, min(upper, best)
    if best >= beta:
        return max(lower, best), upper
    return best, best


def lowers_beta(alpha, beta, best, value):
    return alpha, min(beta, best)


def table_alphabeta_storing(
    window, cuts_off=operator.ge, min_moves=lowers_beta, table_below=lambda table: table
):
    """The notebook's table, storing stored_bounds of `window(entered, narrowed)`: of the window
    the position was entered with and the one the loop narrowed, the one it passes on; cutting
    off where `cuts_off(alpha, beta)`; Min's move making the window `min_moves(alpha, beta, best,
    value)`; each move searched with the table `table_below(table)`."""

    def search(game, state, is_maximizing, alpha, beta, table):
        lower, upper = table.get((state, is_maximizing), (-inf, inf))
        if lower == upper or lower >= beta:
            return lower
        if upper <= alpha:
            return upper
        score = game.evaluate(state, is_maximizing)
        if score is not None:
            table[state, is_maximizing] = (score, score)
            return score
        alpha, beta = max(alpha, lower), min(beta, upper)
        entered = (alpha, beta)
        best = -inf if is_maximizing else inf
        for new_state in game.possible_new_states(state):
            value = search(game, new_state, not is_maximizing, alpha, beta, table_below(table))
            if is_maximizing:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                alpha, beta = min_moves(alpha, beta, best, value)
            if cuts_off(alpha, beta):
                break
        table[state, is_maximizing] = stored_bounds(
            best, *window(entered, (alpha, beta)), lower, upper
        )
        return best

    return search


table_alphabeta = table_alphabeta_storing(lambda entered, narrowed: entered)


def table_alphabeta_by_the_rules(
    answered=lambda answer: answer is not None,
    over=lambda score: score is not None,
    narrowed=lambda alpha, beta, lower, upper: (max(alpha, lower), min(beta, upper)),
    keeps=True,
    key_of=lambda state, is_maximizing, alpha, beta: (state, is_maximizing),
    bounds_as=tuple,
    stores_after_the_moves=True,
):
    """The course's worked solution, by the notebook's rules (answer_from_table, stored_bounds),
    with one slip or none: the table's answer taken where `answered(answer)`, the game over where
    `over(score)`, the window made `narrowed(alpha, beta, lower, upper)` by the bounds read,
    those bounds kept in what it stores if `keeps`, its key made
    by `key_of(state, is_maximizing, alpha, beta)`, its bounds stored as `bounds_as` of the pair
    (and only for finished games unless `stores_after_the_moves`)."""

    def search(game, state, is_maximizing, alpha, beta, table):
        key = key_of(state, is_maximizing, alpha, beta)
        lower, upper = table.get(key, (-inf, inf))
        answer = answer_from_table(lower, upper, alpha, beta)
        if answered(answer):
            return answer
        score = game.evaluate(state, is_maximizing)
        if over(score):
            table[key] = bounds_as((score, score))
            return score
        alpha, beta = narrowed(alpha, beta, lower, upper)
        window, best = (alpha, beta), -inf if is_maximizing else inf
        for new_state in game.possible_new_states(state):
            value = search(game, new_state, not is_maximizing, alpha, beta, table)
            if is_maximizing:
                best, alpha = max(best, value), max(alpha, value)
            else:
                best, beta = min(best, value), min(beta, value)
            if alpha >= beta:
                break
        kept = (lower, upper) if keeps else (-inf, inf)
        if stores_after_the_moves:
            table[key] = bounds_as(stored_bounds(best, *window, *kept))
        return best

    return search


def table_read_with_the_window_swapped(game, state, is_maximizing, alpha, beta, table):
    """The notebook's table, its answer read with alpha and beta the wrong way round: a position
    not in the table, (-inf, inf), is answered -inf from the window (-inf, inf)."""
    lower, upper = table.get((state, is_maximizing), (-inf, inf))
    if lower == upper or lower >= alpha:
        return lower
    if upper <= beta:
        return upper
    return table_alphabeta(game, state, is_maximizing, alpha, beta, table)


def minimax_with_an_exact_table(game, state, is_maximizing, alpha, beta, table):
    """Minimax with a table of exact scores: the window never read, no move cut off."""
    if (state, is_maximizing) in table:
        return table[state, is_maximizing][0]
    score = game.evaluate(state, is_maximizing)
    if score is None:
        scores = [
            minimax_with_an_exact_table(game, new_state, not is_maximizing, alpha, beta, table)
            for new_state in game.possible_new_states(state)
        ]
        score = max(scores) if is_maximizing else min(scores)
    table[state, is_maximizing] = (score, score)
    return score


def naive_table_alphabeta(game, state, is_maximizing, alpha, beta, table):
    if (state, is_maximizing) in table:
        return table[state, is_maximizing][0]
    score = game.evaluate(state, is_maximizing)
    if score is None:
        best = -inf if is_maximizing else inf
        for new_state in game.possible_new_states(state):
            value = naive_table_alphabeta(game, new_state, not is_maximizing, alpha, beta, table)
            if is_maximizing:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta:
                break
        score = best
    table[state, is_maximizing] = (score, score)
    return score


GLOBAL_CACHE = {}


def alphabeta_with_a_global_cache(game, state, is_maximizing, alpha=-1, beta=1):
    """A cache at module level that keeps whatever a search under a narrowed window found as
    exact."""
    key = (game, state, is_maximizing)
    if key in GLOBAL_CACHE:
        return GLOBAL_CACHE[key]
    score = game.evaluate(state, is_maximizing)
    if score is None:
        score = -inf if is_maximizing else inf
        for new_state in game.possible_new_states(state):
            value = alphabeta_with_a_global_cache(game, new_state, not is_maximizing, alpha, beta)
            score = max(score, value) if is_maximizing else min(score, value)
            alpha, beta = (max(alpha, value), beta) if is_maximizing else (alpha, min(beta, value))
            if alpha >= beta:
                break
    GLOBAL_CACHE[key] = score
    return score


ALPHABETA = (
    {function.__name__: function for function in RIGHT_ALPHABETA}
    | {
        "moves reversed": textbook_with(reversed),
        "moves rotated by one": textbook_with(lambda moves: moves[1:] + moves[:1]),
        "moves sorted by their repr": textbook_with(lambda moves: sorted(moves, key=repr)),
        "every move scored first, the wins tried first": textbook_with(key=worth_to_mover),
        "caches exact scores only": exact_only_cache,
        "exact scores kept between calls, keyed by the game too": exact_scores_kept_by_game,
        "nimlib's, with a table of bounds": table_of_bounds,
    },
    WRONG_ALPHABETA
    | {
        "a cache of bounds as scores": cached_alphabeta,
        "a score and its move at a cut-off": pair_at_a_cut_off,
        "exact scores cached by the state alone": exact_cache_keyed_by_state,
        "a cache of bounds as scores, fail-hard": cached_fail_hard,
        "a cache of what no cut-off stopped": lambda game, state, is_max, alpha=-1, beta=1: (
            cached_alphabeta(game, state, is_max, alpha, beta, only_where_nothing_was_cut=True)
        ),
        "state between calls: a global cache of bounds as scores": alphabeta_with_a_global_cache,
        "state between calls: exact scores in a default memo={}, keyed without the game": (
            default_memo_alphabeta
        ),
    },
)


def table_whose_min_moves(min_moves):
    """The notebook's table, its bounds stored right, whose Min makes the window `min_moves(alpha,
    beta, best, value)` after each move."""
    return table_alphabeta_storing(lambda entered, narrowed: entered, min_moves=min_moves)


MIN_RAISES_ALPHA = {name: table_whose_min_moves(min_moves) for name, min_moves in MIN_MOVES.items()}


def nimlib_table(game, state, is_maximizing, alpha, beta, table):
    return alphabeta(game, state, is_maximizing, alpha, beta, table=table)


def bounds_swapped(game, state, is_maximizing, alpha, beta, table):
    score = table_alphabeta(game, state, is_maximizing, alpha, beta, table)
    for key, (lower, upper) in list(table.items()):
        if lower != upper:
            table[key] = (upper, lower)
    return score


def never_reads_the_table(game, state, is_maximizing, alpha, beta, table):
    return table_alphabeta(game, state, is_maximizing, alpha, beta, {})


def stores_every_result_as_exact(game, state, is_maximizing, alpha, beta, table):
    score = alphabeta(game, state, is_maximizing, alpha, beta)
    table[state, is_maximizing] = (score, score)
    return score


def plain_alphabeta_and_an_exact_table(game, state, is_maximizing, alpha, beta, table):
    score = alphabeta(game, state, is_maximizing, alpha, beta)
    table[state, is_maximizing] = (-inf, inf)
    return score


TABLE_ALPHABETA = (
    {
        "the notebook's table": table_alphabeta,
        "nimlib's table": nimlib_table,
        "by the notebook's rules": table_alphabeta_by_the_rules(),
    },
    {
        "a draw from the table taken for no answer": table_alphabeta_by_the_rules(answered=bool),
        "a finished draw taken for play going on": table_alphabeta_by_the_rules(over=bool),
        "the window not narrowed by the bounds read": table_alphabeta_by_the_rules(
            narrowed=lambda alpha, beta, lower, upper: (alpha, beta)
        ),
        "the window widened by the bounds read": table_alphabeta_by_the_rules(
            narrowed=lambda alpha, beta, lower, upper: (min(alpha, lower), max(beta, upper))
        ),
        "the window narrowed the wrong way round": table_alphabeta_by_the_rules(
            narrowed=lambda alpha, beta, lower, upper: (max(alpha, upper), min(beta, lower))
        ),
        "the bounds read forgotten in those stored": table_alphabeta_by_the_rules(keeps=False),
        "scores cached as exact": naive_table_alphabeta,
        "a new table for each move": table_alphabeta_storing(
            lambda entered, narrowed: entered, table_below=lambda table: {}
        ),
        "bounds swapped": bounds_swapped,
        "bounds of the window the loop narrowed": table_alphabeta_storing(
            lambda entered, narrowed: narrowed
        ),
        "bounds of the window entered, as (beta, alpha)": table_alphabeta_storing(
            lambda entered, narrowed: entered[::-1]
        ),
        "never reads the table": never_reads_the_table,
        "every result stored as exact": stores_every_result_as_exact,
        "stores nothing it can use": plain_alphabeta_and_an_exact_table,
        "stores the ends of the game alone": table_alphabeta_by_the_rules(
            stores_after_the_moves=False
        ),
        "stores nothing": lambda game, state, is_maximizing, alpha, beta, table: None,
        "no cut-off": table_alphabeta_storing(
            lambda entered, narrowed: entered, cuts_off=lambda alpha, beta: False
        ),
        "minimax with a table of exact scores": minimax_with_an_exact_table,
        "the table read with (beta, alpha)": table_read_with_the_window_swapped,
        **MIN_RAISES_ALPHA,
    },
)


# Notebook 06: the visit order, the window after a move


def window_loop(alpha, beta, is_maximizing, scores):
    for score in scores:
        if is_maximizing:
            alpha = max(alpha, score)
        else:
            beta = min(beta, score)
    return alpha, beta


def window_until_the_cut_off(alpha, beta, is_maximizing, scores):
    for score in scores:
        if is_maximizing:
            alpha = max(alpha, score)
        else:
            beta = min(beta, score)
        if alpha >= beta:
            break
    return alpha, beta


def window_popping_the_scores(alpha, beta, is_maximizing, scores):
    """Right: it empties the list it is given, which the check does not read again."""
    while scores:
        score = scores.pop()
        alpha, beta = (max(alpha, score), beta) if is_maximizing else (alpha, min(beta, score))
    return alpha, beta


def window_return_in_the_loop(alpha, beta, is_maximizing, scores):
    for score in scores:
        if is_maximizing:
            alpha = max(alpha, score)
        else:
            beta = min(beta, score)
        return alpha, beta
    return alpha, beta


def window_of_the_sorted_scores(alpha, beta, is_maximizing, scores):
    """Wrong: sorts the list in place, then takes its wrong end (the smallest for Max)."""
    scores.sort()
    if not scores:
        return alpha, beta
    return (max(alpha, scores[0]), beta) if is_maximizing else (alpha, min(beta, scores[-1]))


def window_max_without_assigning(alpha, beta, is_maximizing, scores):
    for score in scores:
        if is_maximizing:
            max(alpha, score)
        else:
            min(beta, score)
    return alpha, beta


SCORES_SEEN = []


def window_of_every_score_seen(alpha, beta, is_maximizing, scores, seen=SCORES_SEEN):
    seen.extend(scores)
    return window_loop(alpha, beta, is_maximizing, seen)


RIGHT_WINDOWS = [
    window_loop,
    lambda alpha, beta, is_max, scores: (
        (max([alpha, *scores]), beta) if is_max else (alpha, min([beta, *scores]))
    ),
    lambda alpha, beta, is_max, scores: np.array(window_loop(alpha, beta, is_max, scores)),
    lambda alpha, beta, is_max, scores: [
        np.float64(x) for x in window_loop(alpha, beta, is_max, scores)
    ],
    window_until_the_cut_off,
    window_popping_the_scores,
]


WRONG_WINDOWS = {
    "the last score only": lambda a, b, is_max, s: (
        ((s[-1] if s else a), b) if is_max else (a, (s[-1] if s else b))
    ),
    "the first score only": lambda a, b, is_max, s: (
        (max(a, s[0]) if s else a, b) if is_max else (a, b)
    ),
    "alpha = max(scores)": lambda a, b, is_max, s: (
        (max(s, default=a), b) if is_max else (a, min(s, default=b))
    ),
    "the best score, capped by the other bound": lambda a, b, is_max, s: (
        (min(max([a, *s]), b), b) if is_max else (a, max(min([b, *s]), a))
    ),
    "swapped roles": lambda a, b, is_max, s: window_loop(a, b, not is_max, s),
    "unchanged": lambda a, b, is_max, s: (a, b),
    "only +1 and -1": lambda a, b, is_max, s: window_loop(
        a, b, is_max, [max(-1, min(1, x)) for x in s]
    ),
    "both bounds move": lambda a, b, is_max, s: (max([a, *s]), min([b, *s])),
    "the return inside the loop": window_return_in_the_loop,
    "beta first": lambda a, b, is_max, s: window_loop(a, b, is_max, s)[::-1],
    "Max takes min() and Min max()": lambda a, b, is_max, s: (
        (min([a, *s]), b) if is_max else (a, max([b, *s]))
    ),
    "max() and min() without the =": window_max_without_assigning,
    "max(alpha, *scores), which fails on no scores": lambda a, b, is_max, s: (
        (max(a, *s), b) if is_max else (a, min(b, *s))
    ),
    "the best score alone": lambda a, b, is_max, s: max([a, *s]) if is_max else min([b, *s]),
    "sorts the scores in place, then takes the wrong end": window_of_the_sorted_scores,
    "state between calls: every score seen": window_of_every_score_seen,
}


def level_by_level(tree, k):
    level, states = [tree.root], []
    while level:
        states += [node.state for node in level if node.visited]
        level = [child for node in level for child in node.children]
    return states[:k]


def visits_by_index(tree, k):
    order = tree.visit_order
    return [order[i].state for i in range(k)]


VISITS_SEEN = []


def visits_kept_between_calls(tree, k, seen=VISITS_SEEN):
    seen.extend(node.state for node in tree.visit_order[:k])
    return seen


VISITS_BY_K = {}


def visits_remembered_by_k(tree, k):
    if k not in VISITS_BY_K:
        VISITS_BY_K[k] = [node.state for node in tree.visit_order[:k]]
    return VISITS_BY_K[k]


def visits_children_in_visit_order(tree, k):
    def walk(node):
        yield node.state
        for child in sorted((c for c in node.children if c.visited), key=lambda c: c.visit_index):
            yield from walk(child)

    return list(walk(tree.root))[:k]


WRONG_VISITS = {
    "the drawing's order": lambda tree, k: [node.state for node in tree][:k],
    "the drawing's order, visited nodes only": lambda tree, k: [
        node.state for node in tree if node.visited
    ][:k],
    "level by level": level_by_level,
    "one too few": lambda tree, k: [node.state for node in tree.visit_order[: k - 1]],
    "by index, past the visits": visits_by_index,
    "each state once": lambda tree, k: list(dict.fromkeys(n.state for n in tree.visit_order))[:k],
    "a set": lambda tree, k: {node.state for node in tree.visit_order[:k]},
    "the labels": lambda tree, k: [node.state_label for node in tree.visit_order[:k]],
    "the k-th state alone": lambda tree, k: tree.visit_order[k - 1].state,
    "hard-coded from the check's first answer": lambda tree, k: [4, 3, 2, 1, 0, 0][:k],
    "state between calls: a list kept": visits_kept_between_calls,
    "state between calls: a memo keyed by k": visits_remembered_by_k,
}


VISITED_STATES = (
    {
        "the visit order": lambda tree, k: [node.state for node in tree.visit_order][:k],
        "sorted by visit_index": lambda tree, k: [
            node.state
            for node in sorted((n for n in tree if n.visited), key=lambda n: n.visit_index)
        ][:k],
        "down the tree, children in the order visited": visits_children_in_visit_order,
    },
    WRONG_VISITS
    | {
        "visited, sorted by state": lambda tree, k: sorted(node.state for node in tree.visit_order)[
            :k
        ],
        "pruned nodes sorted as visit 0": lambda tree, k: [
            node.state for node in sorted(tree, key=lambda node: node.visit_index or 0)
        ][:k],
        "every node sorted by visit_index, pruned ones too": lambda tree, k: [
            n.state for n in sorted(tree, key=lambda n: n.visit_index)[:k]
        ],
    },
)

WINDOW_AFTER = (
    {f"style {n}": function for n, function in enumerate(RIGHT_WINDOWS, 1)},
    WRONG_WINDOWS,
)

# Notebook 07: winning moves, and a look ahead


def winning_moves(game, state):
    return [
        new for new in game.possible_new_states(state) if memoized_minimax(game, new, False) == 1
    ]


SCORES_OF_EVERY_GAME = {}


def score_kept_across_games(game, state, is_maximizing):
    """A memo at module level keyed by the position alone, whichever game asks."""
    if (state, is_maximizing) not in SCORES_OF_EVERY_GAME:
        score = game.evaluate(state, is_maximizing)
        if score is None:
            scores = [
                score_kept_across_games(game, new, not is_maximizing)
                for new in game.possible_new_states(state)
            ]
            score = max(scores) if is_maximizing else min(scores)
        SCORES_OF_EVERY_GAME[state, is_maximizing] = score
    return SCORES_OF_EVERY_GAME[state, is_maximizing]


def winning_moves_masked(game, state):
    """Wrong for Nim's generator of moves: goes through the moves twice."""
    moves = game.possible_new_states(state)
    wins = np.array([memoized_minimax(game, new, False) for new in moves]) == 1
    return [new for new, wins_here in zip(moves, wins, strict=False) if wins_here]


WINS_FOUND = []


def winning_moves_kept(game, state, wins=WINS_FOUND):
    wins.extend(winning_moves(game, state))
    return wins


TABLE_OF_EVERY_GAME = {}


def winning_moves_one_table(game, state, table=TABLE_OF_EVERY_GAME):
    moves = game.possible_new_states(state)
    return [new for new in moves if memoized_minimax(game, new, False, table=table) == 1]


def winning_moves_by_alphabeta_with_a_table(game, state):
    table = {}
    moves = game.possible_new_states(state)
    return [new for new in moves if alphabeta(game, new, False, table=table) == 1]


WRONG_WINNING_MOVES = {
    "best_move's one move": lambda game, state: (
        [best_move(game, state)[1]] if best_move(game, state)[0] == 1 else []
    ),
    "the first winning move": lambda game, state: winning_moves(game, state)[:1],
    "sorted": lambda game, state: sorted(winning_moves(game, state)),
    "sorted largest first": lambda game, state: sorted(winning_moves(game, state), reverse=True),
    "a set": lambda game, state: set(winning_moves(game, state)),
    "read from the wrong side": lambda game, state: [
        new for new in game.possible_new_states(state) if memoized_minimax(game, new, True) == 1
    ],
    "a draw counts as a win": lambda game, state: [
        new for new in game.possible_new_states(state) if memoized_minimax(game, new, False) >= 0
    ],
    "(score, new_state) pairs": lambda game, state: [
        (1, new) for new in winning_moves(game, state)
    ],
    "state between calls: one memo for every game": lambda game, state: [
        new
        for new in game.possible_new_states(state)
        if score_kept_across_games(game, new, False) == 1
    ],
    "the moves gone through twice": winning_moves_masked,
    "state between calls: a list kept": winning_moves_kept,
    "state between calls: a default table": winning_moves_one_table,
    "a score for each move": lambda game, state: [
        memoized_minimax(game, new, False) for new in game.possible_new_states(state)
    ],
    "(new_state, score) pairs": lambda game, state: [
        (new, 1) for new in winning_moves(game, state)
    ],
    "whether the position wins": lambda game, state: memoized_minimax(game, state, True) == 1,
    "the words for the moves": lambda game, state: [
        game.describe_move(state, new) for new in winning_moves(game, state)
    ],
    "never a win (is True)": lambda game, state: [
        new for new in game.possible_new_states(state) if memoized_minimax(game, new, False) is True
    ],
}


def winning_moves_as_a_tuple(game, state):
    return tuple(
        new for new in game.possible_new_states(state) if memoized_minimax(game, new, True) == -1
    )


WINNING_MOVES = (
    {
        "a list, with the memo": winning_moves,
        "a tuple, from the other side": winning_moves_as_a_tuple,
        "alpha-beta with a table": winning_moves_by_alphabeta_with_a_table,
    },
    WRONG_WINNING_MOVES,
)


def look_ahead(game, state, depth, is_maximizing, guess):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    if depth == 0:
        return guess(state, is_maximizing)
    scores = [
        look_ahead(game, new, depth - 1, not is_maximizing, guess)
        for new in game.possible_new_states(state)
    ]
    return max(scores) if is_maximizing else min(scores)


def look_ahead_if_score(game, state, depth, is_maximizing, guess):
    """Wrong: `if score:` takes a draw (0) for a game going on, and max() then gets no scores."""
    score = game.evaluate(state, is_maximizing)
    if score:
        return score
    if depth == 0:
        return guess(state, is_maximizing)
    scores = [
        look_ahead_if_score(game, new, depth - 1, not is_maximizing, guess)
        for new in game.possible_new_states(state)
    ]
    return max(scores) if is_maximizing else min(scores)


LOOK_AHEAD_MEMO = {}


def look_ahead_with_a_global_memo(game, state, depth, is_maximizing, guess):
    """Wrong: a memo kept between calls, keyed without the game: misère play gets normal play's
    answers."""
    key = (state, depth, is_maximizing, guess)
    if key not in LOOK_AHEAD_MEMO:
        score = game.evaluate(state, is_maximizing)
        if score is None and depth == 0:
            score = guess(state, is_maximizing)
        elif score is None:
            scores = [
                look_ahead_with_a_global_memo(game, new, depth - 1, not is_maximizing, guess)
                for new in game.possible_new_states(state)
            ]
            score = max(scores) if is_maximizing else min(scores)
        LOOK_AHEAD_MEMO[key] = score
    return LOOK_AHEAD_MEMO[key]


def look_ahead_negamax(game, state, depth, is_maximizing, guess):
    def value(state, depth, sign):
        score = game.evaluate(state, sign == 1)
        if score is None and depth == 0:
            score = guess(state, sign == 1)
        if score is not None:
            return sign * score
        return max(-value(new, depth - 1, -sign) for new in game.possible_new_states(state))

    return value(state, depth, 1 if is_maximizing else -1) * (1 if is_maximizing else -1)


def look_ahead_negamax_for_the_mover(game, state, depth, is_maximizing, guess):
    """Negamax with a depth that gives back the score seen by the player to move, Min's too."""
    sign = 1 if is_maximizing else -1
    score = game.evaluate(state, is_maximizing)
    if score is None and depth == 0:
        score = guess(state, is_maximizing)
    if score is not None:
        return sign * score
    return max(
        -look_ahead_negamax_for_the_mover(game, new, depth - 1, not is_maximizing, guess)
        for new in game.possible_new_states(state)
    )


def variant_of_look_ahead(
    at_depth_zero=None,
    next_depth=lambda depth: depth - 1,
    evaluate_first=True,
    next_turn=lambda is_maximizing: not is_maximizing,
    max_alone=False,
):
    def search(game, state, depth, is_maximizing, guess):
        score = game.evaluate(state, is_maximizing) if evaluate_first else None
        if score is not None:
            return score
        if depth == 0:
            return (at_depth_zero or guess)(state, is_maximizing)
        new_states = game.possible_new_states(state)
        if not new_states:
            return game.evaluate(state, is_maximizing)
        scores = [
            search(game, new, next_depth(depth), next_turn(is_maximizing), guess)
            for new in new_states
        ]
        return max(scores) if is_maximizing or max_alone else min(scores)

    return search


def look_ahead_negating_max_s_guess(game, state, depth, is_maximizing, guess):
    """Asks the guess for Max only, and negates it where Min is to move."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    if depth == 0:
        return guess(state, True) if is_maximizing else -guess(state, True)
    scores = [
        look_ahead_negating_max_s_guess(game, new, depth - 1, not is_maximizing, guess)
        for new in game.possible_new_states(state)
    ]
    return max(scores) if is_maximizing else min(scores)


def look_ahead_negamax_on_max_s_scores(game, state, depth, is_maximizing, guess):
    """Negamax's max(-score), fed the scores of evaluate and the guess as they are: Max's."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    if depth == 0:
        return guess(state, is_maximizing)
    return max(
        -look_ahead_negamax_on_max_s_scores(game, new, depth - 1, not is_maximizing, guess)
        for new in game.possible_new_states(state)
    )


def look_ahead_if_score_of_none(game, state, depth, is_maximizing, guess):
    """Wrong: `if score:` takes a draw at the horizon for a game going on, and gives it the guess
    (max() of no scores gives 0 above it)."""
    score = game.evaluate(state, is_maximizing)
    if score:
        return score
    if depth == 0:
        return guess(state, is_maximizing)
    scores = [
        look_ahead_if_score_of_none(game, new, depth - 1, not is_maximizing, guess)
        for new in game.possible_new_states(state)
    ]
    return (max if is_maximizing else min)(scores, default=0)


def look_ahead_best_from_0(game, state, depth, is_maximizing, guess):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    if depth == 0:
        return guess(state, is_maximizing)
    best = 0
    for new in game.possible_new_states(state):
        value = look_ahead_best_from_0(game, new, depth - 1, not is_maximizing, guess)
        best = max(best, value) if is_maximizing else min(best, value)
    return best


def look_ahead_moves_counted_first(game, state, depth, is_maximizing, guess):
    """Wrong for Nim's generator of moves: counting them uses them up."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    if depth == 0:
        return guess(state, is_maximizing)
    moves = game.possible_new_states(state)
    if sum(1 for _ in moves) == 0:
        return guess(state, is_maximizing)
    scores = [
        look_ahead_moves_counted_first(game, new, depth - 1, not is_maximizing, guess)
        for new in moves
    ]
    return (max(scores) if is_maximizing else min(scores)) if scores else 0


def look_ahead_counting_up(game, state, depth, is_maximizing, guess, level=0):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    if level == depth:
        return guess(state, is_maximizing)
    scores = [
        look_ahead_counting_up(game, new, depth, not is_maximizing, guess, level + 1)
        for new in game.possible_new_states(state)
    ]
    return max(scores) if is_maximizing else min(scores)


def look_ahead_guess_uncalled(game, state, depth, is_maximizing, guess):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    if depth == 0:
        return guess
    scores = [
        look_ahead_guess_uncalled(game, new, depth - 1, not is_maximizing, guess)
        for new in game.possible_new_states(state)
    ]
    return max(scores) if is_maximizing else min(scores)


def look_ahead_picks_swapped(game, state, depth, is_maximizing, guess):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    if depth == 0:
        return guess(state, is_maximizing)
    scores = [
        look_ahead_picks_swapped(game, new, depth - 1, not is_maximizing, guess)
        for new in game.possible_new_states(state)
    ]
    return min(scores) if is_maximizing else max(scores)


def look_ahead_evaluated_for_max(game, state, depth, is_maximizing, guess):
    score = game.evaluate(state, True)
    if score is not None:
        return score
    if depth == 0:
        return guess(state, is_maximizing)
    scores = [
        look_ahead_evaluated_for_max(game, new, depth - 1, not is_maximizing, guess)
        for new in game.possible_new_states(state)
    ]
    return max(scores) if is_maximizing else min(scores)


LOOK_AHEADS_BY_DEPTH = {}


def look_ahead_kept_without_the_depth(game, state, depth, is_maximizing, guess):
    key = (game, state, is_maximizing, guess)
    if key not in LOOK_AHEADS_BY_DEPTH:
        LOOK_AHEADS_BY_DEPTH[key] = look_ahead(game, state, depth, is_maximizing, guess)
    return LOOK_AHEADS_BY_DEPTH[key]


def look_ahead_memo_without_the_depth(game, state, depth, is_maximizing, guess):
    """Wrong: a memo made for the call, keyed by the position alone: a position met first near the
    horizon keeps its guess where it is met again further from it."""
    memo = {}

    def go(state, depth, is_maximizing):
        if (state, is_maximizing) in memo:
            return memo[state, is_maximizing]
        score = game.evaluate(state, is_maximizing)
        if score is None:
            if depth == 0:
                score = guess(state, is_maximizing)
            else:
                best = max if is_maximizing else min
                moves = game.possible_new_states(state)
                score = best(go(new, depth - 1, not is_maximizing) for new in moves)
        memo[state, is_maximizing] = score
        return score

    return go(state, depth, is_maximizing)


DEPTH_LIMITED = (
    {
        "minimax with a depth": look_ahead,
        "negamax with a depth": look_ahead_negamax,
        "counting up to the depth": look_ahead_counting_up,
    },
    {
        "guesses even at the end": variant_of_look_ahead(evaluate_first=False),
        "ignores the guess": variant_of_look_ahead(at_depth_zero=lambda state, is_max: 0),
        "Max's guess negated for Min": look_ahead_negating_max_s_guess,
        "guesses for the other player": lambda game, state, depth, is_max, guess: look_ahead(
            game, state, depth, is_max, lambda state, is_max: guess(state, not is_max)
        ),
        "looks one move less": variant_of_look_ahead(next_depth=lambda depth: max(depth - 2, 0)),
        "never counts down": variant_of_look_ahead(next_depth=lambda depth: depth),
        "the turn not passed on": variant_of_look_ahead(
            next_turn=lambda is_maximizing: is_maximizing
        ),
        "max for Min too": variant_of_look_ahead(max_alone=True),
        "stops at depth 1": lambda game, state, depth, is_max, guess: look_ahead(
            game, state, max(depth - 1, 0), is_max, guess
        ),
        "the horizon at depth 1, depth 0 to the end": lambda game, state, depth, is_max, guess: (
            look_ahead(game, state, depth - 1 if depth else inf, is_max, guess)
        ),
        "the guess negated": lambda game, state, depth, is_max, guess: look_ahead(
            game, state, depth, is_max, lambda state, is_max: -guess(state, is_max)
        ),
        "stops below depth 0": lambda game, state, depth, is_max, guess: look_ahead(
            game, state, depth + 1, is_max, guess
        ),
        "max and min swapped": lambda game, state, depth, is_max, guess: look_ahead(
            game, state, depth, not is_max, guess
        ),
        "negamax, Min's score for Min": look_ahead_negamax_for_the_mover,
        "negamax on Max's scores": look_ahead_negamax_on_max_s_scores,
        "a draw taken for a game going on (if score:)": look_ahead_if_score,
        "state between calls: a memo without the game": look_ahead_with_a_global_memo,
        "state between calls: a memo without the depth": look_ahead_kept_without_the_depth,
        "a memo without the depth": look_ahead_memo_without_the_depth,
        "a draw at the horizon given the guess (if score:)": look_ahead_if_score_of_none,
        "the best from 0": look_ahead_best_from_0,
        "the moves gone through twice": look_ahead_moves_counted_first,
        "the game's own estimate": lambda game, state, depth, is_max, guess: minimax(
            game, state, is_max, depth=depth
        ),
        "the guess itself, uncalled": look_ahead_guess_uncalled,
        "max on Min's turn, min on Max's": look_ahead_picks_swapped,
        "evaluate asked for Max": look_ahead_evaluated_for_max,
    },
)

# Notebook 08: patterns and theory


def nim_sum_loop(piles):
    total = 0
    for pile in piles:
        total ^= pile
    return total != 0


def nim_sum_from_the_first_pile(piles):
    total = piles[0]
    for pile in piles:
        total ^= pile
    return total != 0


NIM_SUM_RULE = (
    {"reduce with xor": lambda piles: reduce(xor, piles, 0) != 0, "a loop": nim_sum_loop},
    {
        "the sum is odd": lambda piles: sum(piles) % 2 == 1,
        "the nim-sum is zero": lambda piles: reduce(xor, piles, 0) == 0,
        "misère's rule": lambda piles: (
            (reduce(xor, piles, 0) != 0) != all(pile <= 1 for pile in piles)
        ),
        "misère's rule where a counter is left": lambda piles: (
            (reduce(xor, piles, 0) != 0) != (any(piles) and all(pile <= 1 for pile in piles))
        ),
        "any pile left": lambda piles: any(piles),
        "the largest pile is odd": lambda piles: max(piles) % 2 == 1,
        "1 or 0 for True or False": lambda piles: int(reduce(xor, piles, 0) != 0),
        "three bits, as the examples show them": lambda piles: any(
            sum(pile >> bit & 1 for pile in piles) % 2 for bit in range(3)
        ),
        "the first two piles only": lambda piles: piles[0] ^ piles[1] != 0,
        "| for ^": lambda piles: reduce(operator.or_, piles, 0) != 0,
        "the total starts at the first pile": nim_sum_from_the_first_pile,
    },
)


def mex_by_counting(values):
    return next(n for n in count() if n not in values)


def mex_of_the_last_number_missing(values):
    """Wrong: the loop goes on past the first number missing, and keeps the last."""
    result = max(values, default=-1) + 1
    for n in range(max(values, default=0)):
        if n not in values:
            result = n
    return result


SEEN_VALUES = set()


def mex_of_every_value_seen(values):
    """Wrong: one set for every call, so the values of earlier calls count too."""
    SEEN_VALUES.update(values)
    n = 0
    while n in SEEN_VALUES:
        n += 1
    return n


MEX = (
    {"count up": mex_by_counting, "numpy": lambda values: np.int64(mex(values))},
    {
        "one more than the largest": lambda values: max(values, default=-1) + 1,
        "the number of values": len,
        "the smallest missing from 1": lambda values: next(n for n in count(1) if n not in values),
        "the first gap of the sorted list": lambda values: next(
            (n for n, value in enumerate(sorted(values)) if n != value), len(values)
        ),
        "the smallest value": lambda values: min(values, default=0),
        "the last number missing": mex_of_the_last_number_missing,
        "state between calls: one set of every value seen": mex_of_every_value_seen,
    },
)


@cache
def grundy_of(counters, takes):
    return mex({grundy_of(counters - take, takes) for take in takes if take <= counters})


def grundy_of_sorted_takes(counters, takes):
    """Wrong: stops at the first take too large, as if the takes came smallest first."""
    values = set()
    for take in takes:
        if take > counters:
            break
        values.add(grundy_of_sorted_takes(counters - take, takes))
    return mex(values)


def grundy_table(counters, takes):
    values = []
    for n in range(counters + 1):
        values.append(mex({values[n - take] for take in takes if take <= n}))
    return values[counters]


@cache
def grundy_with_a_short_mex(n, takes):
    """The mex sought among 0, 1 and 2 only, else 3."""
    values = {grundy_with_a_short_mex(n - take, takes) for take in takes if take <= n}
    return next((value for value in range(3) if value not in values), 3)


GRUNDY_BY_COUNTERS = {}


def grundy_keyed_by_counters(counters, takes):
    """Wrong: a memo kept between calls, keyed by the counters alone."""
    if counters not in GRUNDY_BY_COUNTERS:
        GRUNDY_BY_COUNTERS[counters] = mex(
            [grundy_keyed_by_counters(counters - take, takes) for take in takes if take <= counters]
        )
    return GRUNDY_BY_COUNTERS[counters]


@cache
def grundy_past_zero(counters, takes):
    if counters <= 0:
        return 0
    return mex([grundy_past_zero(counters - take, takes) for take in takes])


@cache
def grundy_without_the_whole_pile(counters, takes):
    return mex([grundy_without_the_whole_pile(counters - t, takes) for t in takes if t < counters])


@cache
def grundy_by_xor(counters, takes):
    return reduce(xor, [grundy_by_xor(counters - t, takes) for t in takes if t <= counters], 0)


@cache
def grundy_as_won_or_lost(counters, takes):
    return int(any(grundy_as_won_or_lost(counters - t, takes) == 0 for t in takes if t <= counters))


def my_mex(values):
    return None  # exercise 2's skeleton


def grundy_calling_a_mex_not_written_yet(counters, takes):
    return my_mex([grundy_of(counters - take, takes) for take in takes if take <= counters])


def mex_by_len(values):
    return next(value for value in range(len(values) + 1) if value not in values)


def grundy_giving_a_generator_to_a_mex_by_len(counters, takes):
    return mex_by_len(grundy_of(counters - take, takes) for take in takes if take <= counters)


def mex_after_max(values):
    largest = max(values, default=-1)
    return next(value for value in range(largest + 2) if value not in values)


def grundy_giving_a_generator_to_a_mex_after_max(counters, takes):
    return mex_after_max(grundy_of(counters - take, takes) for take in takes if take <= counters)


def grundy_giving_a_map_to_a_mex_by_len(counters, takes):
    return mex_by_len(
        map(
            grundy_of, [counters - take for take in takes if take <= counters], [takes] * len(takes)
        )
    )


GRUNDY = (
    {"cached recursion": grundy_of, "a table from 0 up": grundy_table},
    {
        "the period of 1, 2, 3": lambda n, t: n % (max(t) + 1),
        "won or lost as 1 or 0": lambda n, t: int(wins(n, t)),
        "one more than the largest": lambda n, t: (
            max((grundy_of(n - take, t) for take in t if take <= n), default=-1) + 1
        ),
        "the number of moves": lambda n, t: sum(take <= n for take in t),
        "takes 1, 2, 3 whatever the takes": lambda n, t: grundy_of(n, (1, 2, 3)),
        "a mex that looks no further than 3": grundy_with_a_short_mex,
        "a take may pass 0": grundy_past_zero,
        "stops at the first take too large": grundy_of_sorted_takes,
        "no take of the whole pile": grundy_without_the_whole_pile,
        "the XOR of the values reached": grundy_by_xor,
        "won or lost, 1 or 0": grundy_as_won_or_lost,
        "a mex not written yet": grundy_calling_a_mex_not_written_yet,
        "a generator given to a mex that asks its len()": grundy_giving_a_generator_to_a_mex_by_len,
        "a map given to a mex that asks its len()": grundy_giving_a_map_to_a_mex_by_len,
        "a generator given to a mex that takes its max first": (
            grundy_giving_a_generator_to_a_mex_after_max
        ),
        "state between calls: a memo keyed by the counters alone": grundy_keyed_by_counters,
    },
)


def greedy_parts(n):
    parts = []
    for fib in reversed(fibonacci_numbers(n)):
        if fib <= n:
            parts, n = [*parts, fib], n - fib
    return parts


def recursive_parts(n):
    if n == 0:
        return []
    largest = max(fib for fib in fibonacci_numbers(n) if fib <= n)
    return [largest, *recursive_parts(n - largest)]


def fibonacci_numbers_short_of_n(n):
    """Builds the Fibonacci numbers below n, never n itself (< where <= belongs)."""
    fibs = [1, 2]
    while fibs[-1] + fibs[-2] < n:
        fibs.append(fibs[-1] + fibs[-2])
    parts = []
    for fib in reversed(fibs):
        if fib <= n:
            parts.append(fib)
            n -= fib
    return parts


def largest_part_split(n):
    """Zeckendorf's parts, the largest split into the two Fibonacci numbers before it."""
    parts = greedy_parts(n)
    fibs = fibonacci_numbers(n)
    if parts[0] < 3:
        return parts
    at = fibs.index(parts[0])
    return [fibs[at - 1], fibs[at - 2], *parts[1:]]


def greedy_parts_into(n, parts=[]):  # noqa: B006
    """Wrong: the default list is made once, and keeps the parts of every call."""
    for fib in reversed(fibonacci_numbers(n)):
        if fib <= n:
            parts.append(fib)
            n -= fib
    return parts


def binary_parts(n):
    return [1 << bit for bit in reversed(range(n.bit_length())) if n >> bit & 1]


def parts_below_what_is_left(n):
    fibs = [1, 2]
    while fibs[-1] < n:
        fibs.append(fibs[-1] + fibs[-2])
    parts = []
    for fib in reversed(fibs):
        if fib < n:
            parts.append(fib)
            n -= fib
    return parts


ZECKENDORF = (
    {"greedy, largest first": greedy_parts, "recursive": recursive_parts},
    {
        "smallest first": lambda n: sorted(greedy_parts(n)),
        "powers of two": binary_parts,
        "ones": lambda n: [1] * n,
        "the largest part only": lambda n: greedy_parts(n)[:1],
        "consecutive Fibonacci numbers allowed": largest_part_split,
        "Fibonacci numbers built short of n": fibonacci_numbers_short_of_n,
        "a part fits only below what is left": parts_below_what_is_left,
        "state between calls: a default list of parts": greedy_parts_into,
    },
)

# Notebook 09: tic-tac-toe

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
GAME = TicTacToe()


def three_equal_squares(board):
    for a, b, c in LINES:
        if board[a] == board[b] == board[c]:
            return board[a]
    return None


def three_equal_squares_lines_reversed(board):
    for a, b, c in reversed(LINES):
        if board[a] == board[b] == board[c]:
            return board[a]
    return None


def winner_of_lines(board):
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


LINES_FROM_ONE = [
    (1, 2, 3),
    (4, 5, 6),
    (7, 8, 9),
    (1, 4, 7),
    (2, 5, 8),
    (3, 6, 9),
    (1, 5, 9),
    (3, 5, 7),
]


def winner_squares_from_one(board):
    for a, b, c in LINES_FROM_ONE:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]


def winner_returning_none_in_the_loop(board):
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
        else:
            return None


def winner_by_rows_and_columns(board):
    rows = [board[i : i + 3] for i in (0, 3, 6)]
    lines = (
        rows + ["".join(column) for column in zip(*rows, strict=True)] + [board[0::4], board[2:7:2]]
    )
    return next((line[0] for line in lines if line in ("XXX", "OOO")), None)


WINNER = (
    {
        "a list of lines": winner_of_lines,
        "lower case": lambda board: winner_of_lines(board) and winner_of_lines(board).lower(),
        "rows, columns, diagonals as text": winner_by_rows_and_columns,
    },
    {
        "no diagonals": lambda board: next(
            (
                board[a]
                for a, b, c in LINES[:6]
                if board[a] != "." and board[a] == board[b] == board[c]
            ),
            None,
        ),
        "an empty line wins": three_equal_squares,
        "an empty line wins, the lines tried backwards": three_equal_squares_lines_reversed,
        "the player to move": lambda board: "X" if board.count("X") == board.count("O") else "O",
        "the last player to move": lambda board: (
            "O" if board.count("X") == board.count("O") else "X"
        ),
        "no middle row": lambda board: next(
            (
                board[a]
                for a, b, c in LINES
                if (a, b, c) != (3, 4, 5) and board[a] != "." and board[a] == board[b] == board[c]
            ),
            None,
        ),
        "nobody ever": lambda board: None,
        "'' for nobody": lambda board: winner_of_lines(board) or "",
        "True for a line": lambda board: True if winner_of_lines(board) else None,
        "the other mark": lambda board: {"X": "O", "O": "X"}.get(winner_of_lines(board)),
        "None returned in the loop, after the first line": winner_returning_none_in_the_loop,
        "squares numbered 1 to 9, no return at the end": winner_squares_from_one,
        "X's lines only": lambda board: next(
            (board[a] for a, b, c in LINES if board[a] == board[b] == board[c] == "X"), None
        ),
    },
)


def all_eight(board):
    rotate = lambda b: "".join(b[6 - 3 * (i % 3) + i // 3] for i in range(9))  # noqa: E731
    mirror = lambda b: "".join(b[3 * (i // 3) + 2 - i % 3] for i in range(9))  # noqa: E731
    boards = [board]
    for _ in range(3):
        boards.append(rotate(boards[-1]))
    return boards + [mirror(b) for b in boards]


CANONICAL_BOARD = (
    {
        "the smallest image": lambda board: min(all_eight(board)),
        "the set of images": lambda b: frozenset(all_eight(b)),
    },
    {
        "rotations only": lambda board: min(all_eight(board)[:4]),
        "a list of images": lambda board: sorted(all_eight(board)),
        "the board itself": lambda board: board,
        "the marks counted": lambda board: (board.count("X"), board.count("O")),
        "the centre and the counts": lambda board: (board[4], board.count("X"), board.count("O")),
    },
)


@cache
def count_games(board):
    if TicTacToe().winner(board) or "." not in board:
        return 1
    mark = "X" if board.count("X") == board.count("O") else "O"
    return sum(count_games(board[:i] + mark + board[i + 1 :]) for i in range(9) if board[i] == ".")


def count_games_with_a_dict(board, counts=None):
    counts = {} if counts is None else counts
    if board not in counts:
        if GAME.evaluate(board, True) is not None:
            counts[board] = 1
        else:
            counts[board] = sum(
                count_games_with_a_dict(new, counts) for new in GAME.possible_new_states(board)
            )
    return counts[board]


def count_games_without_a_memo(board):
    if GAME.evaluate(board, True) is not None:
        return 1
    return sum(count_games_without_a_memo(new) for new in GAME.possible_new_states(board))


@cache
def count_games_if_score(board):
    if GAME.evaluate(board, True):
        return 1
    return sum(count_games_if_score(new) for new in GAME.possible_new_states(board))


def counting_boards_not_seen_before():
    """A count of games that keeps a set of the boards it met between calls: a board met in an
    earlier call counts no game. Each call of this makes one with a set of its own."""
    seen = set()

    def count_boards_not_seen_before(board):
        if board in seen:
            return 0
        seen.add(board)
        if GAME.evaluate(board, True) is not None:
            return 1
        return sum(count_boards_not_seen_before(new) for new in GAME.possible_new_states(board))

    return count_boards_not_seen_before


def count_until_full(board):
    if "." not in board:
        return 1
    mark = "X" if board.count("X") == board.count("O") else "O"
    return sum(
        count_until_full(board[:i] + mark + board[i + 1 :]) for i in range(9) if board[i] == "."
    )


def count_positions(board):
    seen, stack = {board}, [board]
    while stack:
        for new in TicTacToe().possible_new_states(stack.pop()):
            if new not in seen:
                seen.add(new)
                stack.append(new)
    return len(seen)


COUNT_GAMES = (
    {
        "cached, with the rules written out": count_games,
        "the game's moves, a dict": count_games_with_a_dict,
    },
    {
        "plays on after a win": count_until_full,
        "no memo: stopped from the empty board": count_games_without_a_memo,
        "counts positions": count_positions,
        "a draw's 0 taken for play going on": count_games_if_score,
        "counts the moves from here": lambda board: board.count("."),
        "0 for a finished game": lambda board: (
            0 if TicTacToe().evaluate(board, True) is not None else count_games(board)
        ),
        "the factorial of the empty squares": lambda board: int(
            np.prod(range(1, board.count(".") + 1))
        ),
        "state between calls: a set of the boards seen": counting_boards_not_seen_before(),
    },
)


def open_lines(board, mark):
    other = "O" if mark == "X" else "X"
    return sum(other not in (board[a], board[b], board[c]) for a, b, c in LINES)


def open_lines_counted(board, mark):
    other = "O" if mark == "X" else "X"
    count = 0
    for line in LINES:
        if all(board[square] != other for square in line):
            count += 1
    return count


OPEN_LINES = (
    {"a sum over the lines": open_lines, "a loop counting": open_lines_counted},
    {
        "lines holding the mark": lambda board, mark: sum(
            mark in (board[a], board[b], board[c]) for a, b, c in LINES
        ),
        "empty lines only": lambda board, mark: sum(
            board[a] == board[b] == board[c] == "." for a, b, c in LINES
        ),
        "lines free of one's own mark": lambda board, mark: open_lines(
            board, "O" if mark == "X" else "X"
        ),
        "rows and columns only": lambda board, mark: sum(
            ("O" if mark == "X" else "X") not in (board[a], board[b], board[c])
            for a, b, c in LINES[:6]
        ),
        "a line mistyped, (2, 4, 7)": lambda board, mark: sum(
            ("O" if mark == "X" else "X") not in (board[a], board[b], board[c])
            for a, b, c in [*LINES[:7], (2, 4, 7)]
        ),
        "always 8": lambda board, mark: 8,
        "the open lines themselves": lambda board, mark: [
            line for line in LINES if ("O" if mark == "X" else "X") not in [board[i] for i in line]
        ],
        "a set of the open lines": lambda board, mark: {
            line for line in LINES if ("O" if mark == "X" else "X") not in [board[i] for i in line]
        },
        "the middle column left out": lambda board, mark: sum(
            ("O" if mark == "X" else "X") not in (board[a], board[b], board[c])
            for a, b, c in LINES
            if (a, b, c) != (1, 4, 7)
        ),
    },
)


# Notebook 10, exercise 1: alpha-beta's best case


class UniformTree(Game):
    """Notebook 10's uniform tree: `branching` moves everywhere, leaves at `depth`, all scores
    apart."""

    score_range = (-1, 1)

    def __init__(self, branching, depth):
        self.branching, self.depth = branching, depth

    def possible_new_states(self, path):
        return [] if len(path) == self.depth else [(*path, move) for move in range(self.branching)]

    def evaluate(self, path, is_maximizing):
        return random.Random(str(path)).random() if len(path) == self.depth else None

    def validate(self, path):
        return path


def leaves_by_searching(branching, depth):
    """Search the tree in the best order (exact scores first, for whoever moves) and count the
    leaves."""
    tree = UniformTree(branching, depth)
    exact = cache(lambda path, is_max: alphabeta(tree, path, is_max, -math.inf, math.inf))
    stats = SearchStats()
    key = lambda path: -exact(path, False) if len(path) % 2 else exact(path, True)  # noqa: E731
    alphabeta(tree, (), order=key, stats=stats)
    return sum(1 for path in stats.seen if len(path) == depth)


def leaves_by_rounding(branching, depth):
    return branching ** math.ceil(depth / 2) + branching ** math.floor(depth / 2) - 1


def leaves_by_halves(branching, depth):
    up, down = (depth + 1) // 2, depth // 2
    return branching**up + branching**down - 1


FIRST_DEPTH = {}


def leaves_remembering_the_first_depth(branching, depth):
    """Keeps the first depth it was asked for each branching, across calls."""
    depth = FIRST_DEPTH.setdefault(branching, depth)
    return leaves_by_halves(branching, depth)


BEST_CASE_LEAVES = (
    {
        "a formula by rounding": leaves_by_rounding,
        "by halves": leaves_by_halves,
        "search and count": leaves_by_searching,
    },
    {
        "every leaf": lambda b, d: b**d,
        "both halves rounded down": lambda b, d: 2 * b ** (d // 2) - 1,
        "both halves rounded up": lambda b, d: 2 * b ** ((d + 1) // 2) - 1,
        "a float": lambda b, d: b ** (d / 2) + b ** (d / 2) - 1,
        "no minus one": lambda b, d: b ** ((d + 1) // 2) + b ** (d // 2),
        "up as depth // 2 + 1": lambda b, d: b ** (d // 2 + 1) + b ** (d // 2) - 1,
        "up as d + 1 // 2, no parentheses": lambda b, d: b ** (d + 1 // 2) + b ** (d // 2) - 1,
        "one move too deep": lambda b, d: leaves_by_halves(b, d + 1),
        "the two terms as a pair": lambda b, d: (b ** ((d + 1) // 2), b ** (d // 2)),
        "every node, the root too": lambda b, d: sum(leaves_by_halves(b, k) for k in range(d + 1)),
        "the square root of the leaves": lambda b, d: round(math.sqrt(b**d)),
        "half the leaves": lambda b, d: b**d // 2,
        "the summary's 2 * b ** (d / 2)": lambda b, d: round(2 * b ** (d / 2)),
        "state between calls: the first depth remembered": leaves_remembering_the_first_depth,
        "nothing yet": lambda b, d: None,
    },
)

# Notebook 10, exercise 2: the moves on the squares with most lines first


def changed(board, new_board):
    return next(i for i, (a, b) in enumerate(zip(board, new_board, strict=True)) if a != b)


def lines_through(game, board, new_board):
    return sum(changed(board, new_board) in line for line in game.lines)


def order_by_sort(game, board, new_boards):
    return sorted(new_boards, key=lambda new: -lines_through(game, board, new))


def order_by_buckets(game, board, new_boards):
    buckets = {}
    for new in new_boards:
        buckets.setdefault(lines_through(game, board, new), []).append(new)
    return [new for lines in sorted(buckets, reverse=True) for new in buckets[lines]]


def order_by_insertion(game, board, new_boards):
    ordered = []
    for new in new_boards:
        where = sum(
            lines_through(game, board, old) >= lines_through(game, board, new) for old in ordered
        )
        ordered.insert(where, new)
    return ordered


def order_sorted_in_place(game, board, new_boards):
    new_boards.sort(key=lambda new: -lines_through(game, board, new))


def order_by_the_first_x(game, board, new_boards):
    """Takes a move's square to be the first X on its new board: right on an empty board only."""
    return sorted(new_boards, key=lambda new: -sum(new.index("X") in line for line in game.lines))


ORDERS_SEEN = {}


def order_remembered_by_board(game, board, new_boards):
    """Keeps the first order it worked out for a board, across calls, whatever moves it is given."""
    return ORDERS_SEEN.setdefault((game, board), order_by_sort(game, board, new_boards))


def order_by_rows_and_columns_of_three(game, board, new_boards):
    """Lines through a square counted as on the 3 x 3 board: its row, its column, and the
    diagonals through it; on the 4 x 4 board that is the wrong count."""

    def lines(new):
        row, column = divmod(changed(board, new), 3)
        return 2 + (row == column) + (row + column == 2)

    return sorted(new_boards, key=lambda new: -lines(new))


MOVE_ORDER = (
    {
        "sorted by a key": order_by_sort,
        "buckets of equal lines": order_by_buckets,
        "insertion": order_by_insertion,
    },
    {
        "as given": lambda game, board, new_boards: new_boards,
        "fewest lines first": lambda game, board, new_boards: order_by_sort(
            game, board, new_boards
        )[::-1],
        "ties by square": lambda game, board, new_boards: sorted(
            new_boards, key=lambda new: (-lines_through(game, board, new), changed(board, new))
        ),
        "ties by square, backwards": lambda game, board, new_boards: sorted(
            new_boards, key=lambda new: (-lines_through(game, board, new), -changed(board, new))
        ),
        "all the game's moves, not those given": lambda game, board, new_boards: order_by_sort(
            game, board, game.possible_new_states(board)
        ),
        "the best one only": lambda game, board, new_boards: order_by_sort(game, board, new_boards)[
            :1
        ],
        "sorted boards": lambda game, board, new_boards: sorted(new_boards),
        "given backwards": lambda game, board, new_boards: list(reversed(new_boards)),
        "sorted in place, None given back": order_sorted_in_place,
        "each board a list of squares": lambda game, board, new_boards: [
            list(new) for new in order_by_sort(game, board, new_boards)
        ],
        "a generator": lambda game, board, new_boards: (
            new for new in order_by_sort(game, board, new_boards)
        ),
        "game.lines called": lambda game, board, new_boards: sorted(
            new_boards, key=lambda new: -sum(changed(board, new) in line for line in game.lines())
        ),
        "a move's square taken as its first X": order_by_the_first_x,
        "lines counted on the 3 x 3 board": lambda game, board, new_boards: sorted(
            new_boards, key=lambda new: -sum(changed(board, new) in line for line in LINES)
        ),
        "lines by row and column of the 3 x 3 board": order_by_rows_and_columns_of_three,
        "lines from a 3 x 3 table": lambda game, board, new_boards: sorted(
            new_boards, key=lambda new: -[3, 2, 3, 2, 4, 2, 3, 2, 3][changed(board, new)]
        ),
        "state between calls: an order remembered by board": order_remembered_by_board,
        "nothing yet": lambda game, board, new_boards: None,
    },
)


# Notebook 10, exercise 3: iterative deepening


def deepen(game, state, max_depth, search):
    best = None
    for depth in range(1, max_depth + 1):
        score, best = search(game, state, depth, best)
    return score, best


def deepen_recursively(game, state, max_depth, search):
    if max_depth == 1:
        return search(game, state, 1, None)
    _, best = deepen_recursively(game, state, max_depth - 1, search)
    return search(game, state, max_depth, best)


def deepen_keeping_every_result(game, state, max_depth, search):
    results = [(None, None)]
    for depth in range(1, max_depth + 1):
        results.append(search(game, state, depth, first=results[-1][1]))
    return results[-1]


def deepen_arguments_swapped(game, state, max_depth, search):
    best = None
    for depth in range(1, max_depth + 1):
        score, best = search(game, state, best, depth)
    return score, best


def deepen_returning_in_the_loop(game, state, max_depth, search):
    best = None
    for depth in range(1, max_depth + 1):
        score, best = search(game, state, depth, best)
        return score, best


CARRIED = {"best": None}


def deepen_with_a_global_best(game, state, max_depth, search):
    """Carries the best move in a global: the next position's first iteration starts from it."""
    for depth in range(1, max_depth + 1):
        score, CARRIED["best"] = search(game, state, depth, CARRIED["best"])
    return score, CARRIED["best"]


def deepen_one_depth_short(game, state, max_depth, search):
    """Stops one depth short (range(1, max_depth)); with max_depth 1 its loop never runs."""
    best = None
    for depth in range(1, max_depth):
        score, best = search(game, state, depth, best)
    return score, best


def deepen_variant(
    depths=lambda d: range(1, d + 1), carry=lambda result, best: result[1], answer=None
):
    def deepening(game, state, max_depth, search):
        best, results = None, []
        for depth in depths(max_depth):
            results.append(search(game, state, depth, best))
            best = carry(results[-1], best)
        return answer(results) if answer else results[-1]

    return deepening


DEEPENING = (
    {
        "a loop": deepen,
        "recursion": deepen_recursively,
        "a list of results": deepen_keeping_every_result,
    },
    {
        "from depth 0": deepen_variant(depths=lambda d: range(d + 1)),
        "one depth short": deepen_variant(depths=lambda d: range(1, d)),
        "one depth too many": deepen_variant(depths=lambda d: range(1, d + 2)),
        "one depth short, the score read after the loop": deepen_one_depth_short,
        "the last depth only": deepen_variant(depths=lambda d: [d]),
        "deepest first": deepen_variant(depths=lambda d: range(d, 0, -1)),
        "nothing carried": deepen_variant(carry=lambda result, best: None),
        "the first iteration's move carried": deepen_variant(carry=lambda r, best: best or r[1]),
        "the score carried": deepen_variant(carry=lambda result, best: result[0]),
        "the first iteration's answer": deepen_variant(answer=lambda results: results[0]),
        "(move, score)": deepen_variant(answer=lambda results: results[-1][::-1]),
        "every other depth": deepen_variant(depths=lambda d: range(1, d + 1, 2)),
        "max_depth at every iteration": deepen_variant(depths=lambda d: [d] * d),
        "search's arguments swapped": deepen_arguments_swapped,
        "the whole pair carried": deepen_variant(carry=lambda result, best: result),
        "a return inside the loop": deepen_returning_in_the_loop,
        "nothing yet": lambda game, state, max_depth, search: None,
        "state between calls: a global best move": deepen_with_a_global_best,
    },
)

# Notebook 11, exercise 1: four in a row


def four_by_directions(stones):
    directions = ((1, 0), (0, 1), (1, 1), (1, -1))
    return any(
        all((c + k * dc, r + k * dr) in stones for k in range(4))
        for c, r in stones
        for dc, dr in directions
    )


def four_false_after_one_stone(stones):
    for c, r in stones:
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            if all((c + k * dc, r + k * dr) in stones for k in range(4)):
                return True
        return False  # the slip: inside the loop over stones
    return False


def four_by_lines(stones):
    """Every line of four on the 7x6 board, tried one by one."""
    for c in range(1, 8):
        for r in range(1, 7):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                line = [(c + k * dc, r + k * dr) for k in range(4)]
                if all(1 <= x <= 7 and 1 <= y <= 6 for x, y in line) and all(
                    cell in stones for cell in line
                ):
                    return True
    return False


def four_by_bits(stones):
    bits = sum(1 << ((c - 1) * 7 + r - 1) for c, r in stones)
    for step in (1, 7, 6, 8):
        pairs = bits & (bits >> step)
        if pairs & (pairs >> 2 * step):
            return True
    return False


def four_by_scan(stones, rows=range(1, 7), top=6):
    """A scan from every start a line fits in; `top` is the last row a vertical four may start in +
    3."""
    for c in range(1, 8):
        for r in rows:
            if r + 3 <= top and all((c, r + k) in stones for k in range(4)):
                return True
            if c + 3 <= 7 and all((c + k, r) in stones for k in range(4)):
                return True
            if any(all((c + k, r + s * k) in stones for k in range(4)) for s in (1, -1)):
                return True
    return False


def bits_by_rows(stones):
    """A bitboard laid out row by row, seven bits a row and no spare bit."""
    bits = sum(1 << ((r - 1) * 7 + c - 1) for c, r in stones)
    for step in (1, 7, 6, 8):
        pairs = bits & (bits >> step)
        if pairs & (pairs >> 2 * step):
            return True
    return False


def bits_by_columns_without_a_spare_bit(stones):
    bits = sum(1 << ((c - 1) * 6 + r - 1) for c, r in stones)
    for step in (1, 6, 5, 7):
        pairs = bits & (bits >> step)
        if pairs & (pairs >> 2 * step):
            return True
    return False


SEEN_FOURS = set()


def four_remembering_fours(stones):
    """Keeps every cell of a four it found, across calls, and counts them again on the next
    board."""
    if four_by_directions(stones):
        SEEN_FOURS.update(stones)
    return four_by_directions(stones | SEEN_FOURS) if SEEN_FOURS else False


def four_of_the_notebooks_bitboard(stones):
    """Notebook 11's four_in_a_row of a bitboard, given the set of cells: it raises TypeError."""
    for step in (1, 7, 6, 8):  # up, across, and the two diagonals
        pairs = stones & (stones >> step)
        if pairs & (pairs >> 2 * step):
            return True
    return False


FOUR_IN_A_ROW = (
    {
        "every start, every direction": four_by_directions,
        "every line of the board": four_by_lines,
        "bits": four_by_bits,
    },
    {
        "no diagonals": lambda stones: any(
            all((c + k * dc, r + k * dr) in stones for k in range(4))
            for c, r in stones
            for dc, dr in ((1, 0), (0, 1))
        ),
        "no falling diagonal": lambda stones: any(
            all((c + k * dc, r + k * dr) in stones for k in range(4))
            for c, r in stones
            for dc, dr in ((1, 0), (0, 1), (1, 1))
        ),
        "three is enough": lambda stones: any(
            all((c + k * dc, r + k * dr) in stones for k in range(3))
            for c, r in stones
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1))
        ),
        "vertical starts one row short": lambda stones: four_by_scan(stones, top=5),
        "three after any cell, its start not asked": lambda stones: any(
            all((c + k * dc, r + k * dr) in stones for k in range(1, 4))
            for c in range(1, 8)
            for r in range(1, 7)
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1))
        ),
        "no start in the last column": lambda stones: any(
            all((c + k * dc, r + k * dr) in stones for k in range(4))
            for c in range(1, 7)
            for r in range(1, 7)
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1))
        ),
        "four stones in a column": lambda stones: (
            four_by_lines(stones)
            or any(sum((c, r) in stones for r in range(1, 7)) >= 4 for c in range(1, 8))
        ),
        "bits row by row, no spare bit": bits_by_rows,
        "bits column by column, no spare bit": bits_by_columns_without_a_spare_bit,
        "yes or no as text": lambda stones: "yes" if four_by_directions(stones) else "no",
        "1 or 0 for a four or none": lambda stones: int(four_by_directions(stones)),
        "a generator, any() left out": lambda stones: (
            all((c + k * dc, r + k * dr) in stones for k in range(4))
            for c, r in stones
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1))
        ),
        "False after one stone": four_false_after_one_stone,
        "from the first stone only": lambda stones: (
            bool(stones)
            and any(
                all((min(stones)[0] + k * dc, min(stones)[1] + k * dr) in stones for k in range(4))
                for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1))
            )
        ),
        "state between calls: fours remembered": four_remembering_fours,
        "nothing yet": lambda stones: None,
        "raises": lambda stones: 1 / 0,
        "the notebook's bitboard test, on the set": four_of_the_notebooks_bitboard,
    },
)

# Notebook 11, exercise 2: what a win is worth


def score_by_stones_left(width, height, stones):
    return (width * height - stones) // 2 + 1


def score_by_turns(width, height, stones):
    """The winner's own stones, counted; a win with one's last possible stone is worth 1."""
    mine = (stones + 1) // 2
    most = (width * height + (stones % 2)) // 2
    return most - mine + 1


SCORES_SEEN = {}


def score_remembered_by_stones(width, height, stones):
    """Keeps the first score for each stone count, across calls, whatever the board."""
    return SCORES_SEEN.setdefault(stones, (width * height + 2 - stones) // 2)


def score_on_7_by_6_alone(width, height, stones):
    """Wrong: refuses every board but 7 x 6, with a message of its own."""
    if width * height != 42:
        raise ValueError("only 7 x 6")
    return (44 - stones) // 2


WIN_SCORE = (
    {
        "Pons' formula": lambda width, height, stones: (width * height + 2 - stones) // 2,
        "the stones left": score_by_stones_left,
        "the winner's turns": score_by_turns,
    },
    {
        "half the cells plus one, minus the winner's stones": lambda w, h, s: (
            w * h // 2 + 1 - (s + 1) // 2
        ),
        "the same, rounded up": lambda w, h, s: (w * h + 1) // 2 + 1 - (s + 1) // 2,
        "the winning stone counted as before it": lambda w, h, s: (w * h + 1 - s) // 2,
        "7x6 only": lambda w, h, s: 22 - (s + 1) // 2,
        "7x6 only, others refused": score_on_7_by_6_alone,
        "not rounded down": lambda w, h, s: (w * h + 2 - s) / 2,
        "off by one": lambda w, h, s: w * h // 2 - s // 2,
        "one more than the rule": lambda w, h, s: (w * h + 2 - s) // 2 + 1,
        "the cells and the stones halved apart": lambda w, h, s: (w * h) // 2 - s // 2 + 1,
        "round(), which rounds a half to even": lambda w, h, s: round((w * h + 2 - s) / 2),
        "the loser's side": lambda w, h, s: -((w * h + 2 - s) // 2),
        "the stones left, not the winner's": lambda w, h, s: w * h - s,
        "the stones first": lambda s, w, h: (w * h + 2 - s) // 2,
        "state between calls: a score remembered by stones": score_remembered_by_stones,
        "nothing yet": lambda w, h, s: None,
    },
)


# Notebook 12, exercise 1: expectiminimax's chance node


def expecti_by_sum(game, state, is_maximizing):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    if game.is_chance(state):
        return sum(p * expecti_by_sum(game, new, is_maximizing) for p, new in game.outcomes(state))
    scores = [
        expecti_by_sum(game, new, not is_maximizing) for new in game.possible_new_states(state)
    ]
    return max(scores) if is_maximizing else min(scores)


def expecti_in_floats(game, state, is_maximizing):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return float(score)
    if game.is_chance(state):
        total = 0.0
        for probability, new_state in game.outcomes(state):
            total += float(probability) * expecti_in_floats(game, new_state, is_maximizing)
        return total
    best = -math.inf if is_maximizing else math.inf
    for new_state in game.possible_new_states(state):
        value = expecti_in_floats(game, new_state, not is_maximizing)
        best = max(best, value) if is_maximizing else min(best, value)
    return best


def expecti_memo_inside(game, state, is_maximizing):
    @cache
    def score_of(state, is_maximizing):
        return expecti_step(score_of, game, state, is_maximizing)

    return score_of(state, is_maximizing)


def expecti_step(recurse, game, state, is_maximizing):
    """One node of expectiminimax, `recurse(state, is_maximizing)` scoring the nodes below."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    if game.is_chance(state):
        return sum(p * recurse(new, is_maximizing) for p, new in game.outcomes(state))
    scores = [recurse(new, not is_maximizing) for new in game.possible_new_states(state)]
    return max(scores) if is_maximizing else min(scores)


def expecti_memo_by_state_alone(game, state, is_maximizing):
    """A memo made inside the call, keyed by the state but not the player to move."""
    memo = {}

    def score_of(state, is_maximizing):
        if state not in memo:
            memo[state] = expecti_step(score_of, game, state, is_maximizing)
        return memo[state]

    return score_of(state, is_maximizing)


def expecti_if_score(game, state, is_maximizing):
    score = game.evaluate(state, is_maximizing)
    if score:
        return score
    if game.is_chance(state):
        return sum(p * expecti_if_score(game, n, is_maximizing) for p, n in game.outcomes(state))
    scores = [expecti_if_score(game, n, not is_maximizing) for n in game.possible_new_states(state)]
    return max(scores) if is_maximizing else min(scores)


def expecti_score_or_search(game, state, is_maximizing):
    """`evaluate(...) or ...`: a score of 0 is searched on, as if the game went on."""
    search = expecti_score_or_search
    if game.is_chance(state):
        return sum(p * search(game, new, is_maximizing) for p, new in game.outcomes(state))
    return game.evaluate(state, is_maximizing) or (max if is_maximizing else min)(
        search(game, new, not is_maximizing) for new in game.possible_new_states(state)
    )


EXPECTI_MEMO = {}


def expecti_global_memo(game, state, is_maximizing):
    """A memo at module level, keyed by the position but not the game."""
    if (state, is_maximizing) not in EXPECTI_MEMO:
        EXPECTI_MEMO[state, is_maximizing] = expecti_step(
            lambda new, mover: expecti_global_memo(game, new, mover), game, state, is_maximizing
        )
    return EXPECTI_MEMO[state, is_maximizing]


@cache
def cached_score_of(state, is_maximizing):
    return expecti_step(cached_score_of, THE_GAME["game"], state, is_maximizing)


THE_GAME = {}


def expecti_cached_helper(game, state, is_maximizing):
    """A @cache helper at module level that reads the game from a global: the cache outlives it."""
    THE_GAME["game"] = game
    return cached_score_of(state, is_maximizing)


def expecti_variant(chance_rule, flips_at_chance=False):
    """A wrong expectiminimax whose chance node is `chance_rule(pairs of (probability, score))`."""

    def search(game, state, is_maximizing):
        score = game.evaluate(state, is_maximizing)
        if score is not None:
            return score
        if game.is_chance(state):
            mover = not is_maximizing if flips_at_chance else is_maximizing
            pairs = [(p, search(game, new, mover)) for p, new in game.outcomes(state)]
            return chance_rule(pairs, is_maximizing)
        scores = [search(game, new, not is_maximizing) for new in game.possible_new_states(state)]
        return max(scores) if is_maximizing else min(scores)

    return search


def expecti_min_for_max(game, state, is_maximizing):
    """Right at chance nodes; the players' choices swapped."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    if game.is_chance(state):
        return sum(
            p * expecti_min_for_max(game, new, is_maximizing) for p, new in game.outcomes(state)
        )
    scores = [
        expecti_min_for_max(game, new, not is_maximizing) for new in game.possible_new_states(state)
    ]
    return min(scores) if is_maximizing else max(scores)


def expecti_end_for_the_other_side(game, state, is_maximizing):
    """game.evaluate asked with the other player to move; the rest right."""
    score = game.evaluate(state, not is_maximizing)
    if score is not None:
        return score
    search = expecti_end_for_the_other_side
    if game.is_chance(state):
        return sum(p * search(game, new, is_maximizing) for p, new in game.outcomes(state))
    scores = [search(game, new, not is_maximizing) for new in game.possible_new_states(state)]
    return max(scores) if is_maximizing else min(scores)


def expecti_outcomes_unpacked_the_other_way(game, state, is_maximizing):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    search = expecti_outcomes_unpacked_the_other_way
    if game.is_chance(state):
        return sum(p * search(game, new, is_maximizing) for new, p in game.outcomes(state))
    scores = [search(game, new, not is_maximizing) for new in game.possible_new_states(state)]
    return max(scores) if is_maximizing else min(scores)


def expecti_not_written(game, state, is_maximizing):
    raise NotImplementedError


def beside_the_notebooks_game(function, game):
    """`function` as a notebook's cell defines it, beside the global `game` a cell above made: the
    names it reads as globals, its own name too, are the notebook's."""
    notebook = dict(function.__globals__, game=game)
    defined = FunctionType(function.__code__, notebook, function.__name__, function.__defaults__)
    notebook[function.__name__] = defined
    return defined


def expecti_searching_the_notebooks_game(g, state, is_maximizing):
    """The first parameter named g, and game read in the body: beside notebook 12's global game,
    Dice Nim, it searches Dice Nim whatever game it is given (game is that global: noqa F821)."""
    score = game.evaluate(state, is_maximizing)  # noqa: F821
    if score is not None:
        return score
    search = expecti_searching_the_notebooks_game
    if game.is_chance(state):  # noqa: F821
        outcomes = game.outcomes(state)  # noqa: F821
        return sum(p * search(game, new, is_maximizing) for p, new in outcomes)  # noqa: F821
    moves = game.possible_new_states(state)  # noqa: F821
    scores = [search(game, new, not is_maximizing) for new in moves]  # noqa: F821
    return max(scores) if is_maximizing else min(scores)


EXPECTI_BY_STATE = {}


def expecti_kept_by_state(game, state, is_maximizing):
    """A memo at module level keyed by the state alone: a state keeps the score of the player
    asked first."""
    if state not in EXPECTI_BY_STATE:
        EXPECTI_BY_STATE[state] = expecti_step(
            lambda new, mover: expecti_kept_by_state(game, new, mover), game, state, is_maximizing
        )
    return EXPECTI_BY_STATE[state]


EXPECTIMINIMAX = (
    {
        "a sum over the outcomes": expecti_by_sum,
        "loops, in floats": expecti_in_floats,
        "a memo made inside the call": expecti_memo_inside,
    },
    {
        "every outcome alike": expecti_variant(
            lambda pairs, mover: sum(s for _, s in pairs) / len(pairs)
        ),
        "the dice as Max": expecti_variant(lambda pairs, mover: max(s for _, s in pairs)),
        "the mover picks the outcome": expecti_variant(
            lambda pairs, mover: (max if mover else min)(s for _, s in pairs)
        ),
        "the dice pass the turn": expecti_variant(
            lambda pairs, mover: sum(p * s for p, s in pairs), flips_at_chance=True
        ),
        "a sum, not weighted": expecti_variant(lambda pairs, mover: sum(s for _, s in pairs)),
        "an outcome left out": expecti_variant(
            lambda pairs, mover: sum(p * s for p, s in pairs[:-1])
        ),
        "nothing at a chance node": expecti_variant(lambda pairs, mover: None),
        "max and min swapped": expecti_min_for_max,
        "the end scored for the other player": expecti_end_for_the_other_side,
        "a memo keyed by the state alone": expecti_memo_by_state_alone,
        "outcomes unpacked as (new state, probability)": expecti_outcomes_unpacked_the_other_way,
        "`if score:`": expecti_if_score,
        "`evaluate(...) or search`": expecti_score_or_search,
        "state between calls: a global memo that ignores the game": expecti_global_memo,
        "state between calls: a memo keyed by the state alone": expecti_kept_by_state,
        "state between calls: a @cache helper that ignores the game": expecti_cached_helper,
        "always 0": lambda game, state, is_maximizing: 0,
        "not written yet": expecti_not_written,
        "the notebook's game, not the one given": beside_the_notebooks_game(
            expecti_searching_the_notebooks_game, DiceNim(3)
        ),
    },
)

# Notebook 12, exercise 2: one step of value iteration in Pig


def pig_step(values, state, goal):
    mine, theirs, turn = state

    def chance(total):
        return 1.0 if mine + total >= goal else values[(mine, theirs, total)]

    roll = (1 - values[(theirs, mine, 0)] + sum(chance(turn + face) for face in range(2, 7))) / 6
    if turn == 0:  # a turn starts with a roll
        return roll
    hold = 1.0 if mine + turn >= goal else 1 - values[(theirs, mine + turn, 0)]
    return max(roll, hold)


def pig_step_by_faces(values, state, goal):
    mine, theirs, turn = state
    roll = 0.0
    for face in range(1, 7):
        if face == 1:
            roll += (1 - values[(theirs, mine, 0)]) / 6
        elif mine + turn + face >= goal:
            roll += 1 / 6
        else:
            roll += values[(mine, theirs, turn + face)] / 6
    hold = 1 - values[(theirs, mine + turn, 0)] if mine + turn < goal else 1
    return roll if roll > hold or turn == 0 else hold


def pig_step_as_the_recursion(values, state, goal):
    """Notebook 12's recursion, `values` where it called itself."""
    mine, theirs, turn = state
    if mine + turn >= goal:
        return 1.0
    pig_out = 1 - values[(theirs, mine, 0)]
    rolls = [
        1.0 if mine + turn + face >= goal else values[(mine, theirs, turn + face)]
        for face in range(2, 7)
    ]
    roll = (pig_out + sum(rolls)) / 6
    hold = 1 - values[(theirs, mine + turn, 0)] if turn else 0
    return max(roll, hold)


def pig_wrong(
    *,
    pig_out=True,
    fifth=False,
    hold_own=False,
    hold_unflipped=False,
    hold_unbanked=False,
    use_min=False,
    one_adds=False,
    one_twice=False,
    holds_at_zero=False,
    top_face=6,
    turn_total_alone=False,
    past_only=False,
    roll_flipped=False,
):
    """A wrong step of Pig, by the mistake named (one_twice: a 1 that adds to the turn total, and
    pigs out as well)."""

    def step(values, state, goal):
        mine, theirs, turn = state

        def chance(total):
            reached = total if turn_total_alone else mine + total
            if past_only:  # > for >=: reaching the goal exactly reads values
                return 1.0 if reached > goal else values[(mine, theirs, total)]
            if roll_flipped:  # as if a roll of 2 to 6 passed the turn
                return 1.0 if reached >= goal else values[(theirs, mine, total)]
            return 1.0 if reached >= goal else values[(mine, theirs, total)]

        faces = range(1, top_face + 1) if one_adds else range(2, top_face + 1)
        lost = (1 - values[(theirs, mine, 0)]) if pig_out and (one_twice or not one_adds) else 0
        roll = (lost + sum(chance(turn + face) for face in faces)) / (5 if fifth else 6)
        banked = 1 - values[(theirs, mine + turn, 0)]
        if hold_own:
            banked = values[(mine + turn, theirs, 0)]
        if hold_unflipped:  # the other player's chance, not 1 minus it
            banked = values[(theirs, mine + turn, 0)]
        if hold_unbanked:  # the turn passes, the turn total lost
            banked = 1 - values[(theirs, mine, 0)]
        hold = 1.0 if mine + turn >= goal else banked
        if turn == 0 and not holds_at_zero:
            return roll
        return min(roll, hold) if use_min else max(roll, hold)

    return step


def pig_step_reads_past_the_goal(values, state, goal):
    """Looks every roll up in `values`, a total past the goal too (a KeyError there)."""
    mine, theirs, turn = state
    roll = (
        1 - values[(theirs, mine, 0)] + sum(values[(mine, theirs, turn + f)] for f in range(2, 7))
    ) / 6
    return roll if turn == 0 else max(roll, 1 - values[(theirs, mine + turn, 0)])


def pig_step_goal_of_ten(values, state, goal):
    """The goal of the check's first cases, written in."""
    mine, theirs, turn = state

    def chance(total):
        return 1.0 if mine + total >= 10 else values[(mine, theirs, total)]

    roll = (1 - values[(theirs, mine, 0)] + sum(chance(turn + face) for face in range(2, 7))) / 6
    if turn == 0:
        return roll
    return max(roll, 1.0 if mine + turn >= 10 else 1 - values[(theirs, mine + turn, 0)])


def pig_step_by_defaults(values, state, goal):
    """Reads values with defaults, as the exercise's contract allows: a roll missing from values
    reached the goal (1), and so did a hold (the other player's chance 0)."""
    mine, theirs, turn = state
    roll = (
        1
        - values[(theirs, mine, 0)]
        + sum(values.get((mine, theirs, turn + face), 1.0) for face in range(2, 7))
    ) / 6
    if turn == 0:
        return roll
    return max(roll, 1 - values.get((theirs, mine + turn, 0), 0.0))


PIG_STEP = (
    {
        "max of roll and hold": pig_step,
        "face by face": pig_step_by_faces,
        "the notebook's recursion": pig_step_as_the_recursion,
        "values read with defaults": pig_step_by_defaults,
    },
    {
        "a 1 counted as worth nothing": pig_wrong(pig_out=False),
        "five faces": pig_wrong(fifth=True),
        "faces 2 to 5 only, range(2, 6)": pig_wrong(top_face=5),
        "holding read from one's own side": pig_wrong(hold_own=True),
        "holding as the other player's chance": pig_wrong(hold_unflipped=True),
        "holding without banking the turn total": pig_wrong(hold_unbanked=True),
        "the worse choice": pig_wrong(use_min=True),
        "a 1 adds to the turn total": pig_wrong(one_adds=True),
        "a 1 pigs out and adds to the turn total, range(1, 7)": pig_wrong(
            one_adds=True, one_twice=True
        ),
        "holds with a turn total of 0": pig_wrong(holds_at_zero=True),
        "the turn total alone against the goal": pig_wrong(turn_total_alone=True),
        "a roll that reaches the goal exactly read from values": pig_wrong(past_only=True),
        "the points after a roll the wrong way round": pig_wrong(roll_flipped=True),
        "a total past the goal read from values": pig_step_reads_past_the_goal,
        "the goal of 10 written in": pig_step_goal_of_ten,
        "whether rolling is better": lambda values, state, goal: (
            pig_step(values, state, goal) > pig_wrong(use_min=True)(values, state, goal)
        ),
        "no step at all": lambda values, state, goal: values[state],
        "nothing yet": lambda values, state, goal: None,
    },
)

# Notebook 13, exercise: UCB1


def ucb1(total, visits, parent_visits, c):
    if visits == 0:
        return math.inf
    return total / visits + c * math.sqrt(math.log(parent_visits) / visits)


def ucb1_by_powers(total, visits, parent_visits, c):
    if not visits:
        return float("inf")
    mean = total / visits
    return mean + c * (math.log(parent_visits) / visits) ** 0.5


def ucb1_with_c_squared_inside(total, visits, parent_visits, c):
    try:
        return total / visits + math.sqrt(c * c * math.log(parent_visits) / visits)
    except ZeroDivisionError:
        return math.inf


def guarded(formula):
    """A wrong UCB1 that gives an unvisited child math.inf, as it should."""
    return lambda t, n, p, c: math.inf if n == 0 else formula(t, n, p, c)


def ucb1_c_rounded(total, visits, parent_visits, c):
    """c taken as 1.414 whatever is given: the printed value, not the one asked."""
    if visits == 0:
        return math.inf
    return total / visits + 1.414 * math.sqrt(math.log(parent_visits) / visits)


UCB1_WITHOUT_C = {}


def ucb1_kept_without_c(total, visits, parent_visits, c):
    """A memo at module level keyed without c: a child keeps its value for the c asked first."""
    if (total, visits, parent_visits) not in UCB1_WITHOUT_C:
        UCB1_WITHOUT_C[total, visits, parent_visits] = ucb1(total, visits, parent_visits, c)
    return UCB1_WITHOUT_C[total, visits, parent_visits]


UCB1 = (
    {
        "the formula": ucb1,
        "a power of 1/2": ucb1_by_powers,
        "c squared inside the root": ucb1_with_c_squared_inside,
    },
    {
        "no square root": guarded(lambda t, n, p, c: t / n + c * math.log(p) / n),
        "base-10 logarithm": guarded(lambda t, n, p, c: t / n + c * math.sqrt(math.log10(p) / n)),
        "base-2 logarithm": guarded(lambda t, n, p, c: t / n + c * math.sqrt(math.log2(p) / n)),
        "the root of the logarithm alone": guarded(
            lambda t, n, p, c: t / n + c * math.sqrt(math.log(p)) / n
        ),
        "the mean by //": guarded(lambda t, n, p, c: t // n + c * math.sqrt(math.log(p) / n)),
        "the logarithm by // in the root": guarded(
            lambda t, n, p, c: t / n + c * math.sqrt(math.log(p) // n)
        ),
        "a 2 inside the root, and c": guarded(
            lambda t, n, p, c: t / n + c * math.sqrt(2 * math.log(p) / n)
        ),
        "the mean and the bonus as a pair": guarded(
            lambda t, n, p, c: (t / n, c * math.sqrt(math.log(p) / n))
        ),
        "visits swapped": guarded(lambda t, n, p, c: t / n + c * math.sqrt(math.log(n) / p)),
        "no exploration": guarded(lambda t, n, p, c: t / n),
        "the total, not the mean": guarded(lambda t, n, p, c: t + c * math.sqrt(math.log(p) / n)),
        "c times the mean and the bonus": guarded(
            lambda t, n, p, c: c * (t / n + math.sqrt(math.log(p) / n))
        ),
        "c ignored": guarded(lambda t, n, p, c: t / n + math.sqrt(2 * math.log(p) / n)),
        "state between calls: a memo keyed without c": ucb1_kept_without_c,
        "c inside the root": guarded(lambda t, n, p, c: t / n + math.sqrt(c * math.log(p) / n)),
        "c as 1.414": ucb1_c_rounded,
        "an unvisited child divides by 0": lambda t, n, p, c: (
            t / n + c * math.sqrt(math.log(p) / n)
        ),
        "an unvisited child gets 0": lambda t, n, p, c: (
            0 if n == 0 else t / n + c * math.sqrt(math.log(p) / n)
        ),
    },
)

# Notebook 13, exercise: backing up a playout's reward


def back_up(node, reward_for_max):
    while node is not None:
        node.visits += 1
        node.reward += 1 - reward_for_max if node.is_maximizing else reward_for_max
        node = node.parent


def back_up_by_recursion(node, reward_for_max):
    if node is None:
        return
    node.visits += 1
    moved_here_was_max = not node.is_maximizing
    node.reward += reward_for_max if moved_here_was_max else 1 - reward_for_max
    back_up_by_recursion(node.parent, reward_for_max)


def back_up_path_first(node, reward_for_max):
    path = []
    while node:
        path.append(node)
        node = node.parent
    for each in reversed(path):
        each.visits = each.visits + 1
        each.reward = each.reward + (reward_for_max, 1.0 - reward_for_max)[each.is_maximizing]


def walking_up(add):
    """A back-up that visits every node up to the root, adding `add(node, reward)` to its reward."""

    def back_up(node, reward_for_max):
        while node is not None:
            node.visits += 1
            node.reward += add(node, reward_for_max)
            node = node.parent

    return back_up


def back_up_replacing(node, reward_for_max):
    while node is not None:
        node.visits += 1
        node.reward = 1 - reward_for_max if node.is_maximizing else reward_for_max
        node = node.parent


def back_up_negated(node, reward_for_max):
    reward = reward_for_max if not node.is_maximizing else -reward_for_max
    while node is not None:
        node.visits += 1
        node.reward += reward
        reward = -reward
        node = node.parent


def back_up_asking_the_parent(node, reward_for_max):
    while node is not None:
        node.visits += 1
        if node.parent is not None and node.parent.is_maximizing:  # Max moved here
            node.reward += reward_for_max
        elif node.parent is not None:
            node.reward += 1 - reward_for_max
        node = node.parent


def back_up_root_flipped(node, reward_for_max):
    """The root's reward taken for the player to move there, every other node's right."""
    while node is not None:
        node.visits += 1
        movers = 1 - reward_for_max if node.is_maximizing else reward_for_max
        node.reward += movers if node.parent is not None else 1 - movers
        node = node.parent


def back_up_running_mean(node, reward_for_max):
    while node is not None:
        node.visits += 1
        mine = 1 - reward_for_max if node.is_maximizing else reward_for_max
        node.reward += (mine - node.reward) / node.visits
        node = node.parent


def back_up_short_of_the_root(node, reward_for_max):
    while node.parent is not None:
        node.visits += 1
        node.reward += 1 - reward_for_max if node.is_maximizing else reward_for_max
        node = node.parent


def back_up_one_node(node, reward_for_max):
    node.visits += 1
    node.reward += 1 - reward_for_max if node.is_maximizing else reward_for_max


def back_up_down_the_tree(node, reward_for_max):
    while node is not None:
        node.visits += 1
        node.reward += 1 - reward_for_max if node.is_maximizing else reward_for_max
        node = node.children[0] if node.children else None


def back_up_returned(node, reward_for_max):
    rewards = []
    while node is not None:
        rewards.append(1 - reward_for_max if node.is_maximizing else reward_for_max)
        node = node.parent
    return rewards


BACK_UP = (
    {
        "a loop up to the root": back_up,
        "a recursion": back_up_by_recursion,
        "the path first, then from the root down": back_up_path_first,
    },
    {
        "the same reward everywhere": walking_up(lambda node, reward: reward),
        "whose reward flipped": walking_up(
            lambda node, reward: reward if node.is_maximizing else 1 - reward
        ),
        "a win as 1 whoever won": walking_up(lambda node, reward: 1),
        "a draw taken for a win by Max": walking_up(
            lambda node, reward: (
                round(reward + 0.1) if not node.is_maximizing else 1 - round(reward + 0.1)
            )
        ),
        "short of the root": back_up_short_of_the_root,
        "the reward replaced, not added": back_up_replacing,
        "a running mean, not a total": back_up_running_mean,
        "the other player's reward negated": back_up_negated,
        "the root's reward left out": back_up_asking_the_parent,
        "the mover read from the root's parent": walking_up(
            lambda node, reward: reward if node.parent.is_maximizing else 1 - reward
        ),
        "the root's reward from the wrong side": back_up_root_flipped,
        "one node only": back_up_one_node,
        "down the tree": back_up_down_the_tree,
        "the rewards returned, the tree unchanged": back_up_returned,
        "nothing yet": lambda node, reward_for_max: None,
    },
)


def playout(game, state, is_maximizing, rng):
    """The worked solution."""
    score = game.evaluate(state, is_maximizing)
    while score is None:
        state = rng.choice(list(game.possible_new_states(state)))
        is_maximizing = not is_maximizing
        score = game.evaluate(state, is_maximizing)
    return 1.0 if score > 0 else 0.5 if score == 0 else 0.0


def playout_by_index(game, state, is_maximizing, rng):
    while (score := game.evaluate(state, is_maximizing)) is None:
        moves = game.possible_new_states(state)
        state = moves[rng.randrange(len(moves))]
        is_maximizing = not is_maximizing
    return (score + 1) / 2


def playout_by_recursion(game, state, is_maximizing, rng):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return Fraction(int(score > 0) * 2 + int(score == 0), 2)
    new_state = rng.choice(list(game.possible_new_states(state)))
    return playout_by_recursion(game, new_state, not is_maximizing, rng)


def playing_out(reward, turns=True, draw=lambda rng, moves: rng.choice(moves)):
    """A playout that moves while evaluate gives None, drawing each move with `draw(rng, moves)`
    (the other player to move only if `turns`), and gives `reward(score, is_maximizing_at_start)`
    at the end."""

    def playout(game, state, is_maximizing, rng):
        first = is_maximizing
        score = game.evaluate(state, is_maximizing)
        while score is None:
            state = draw(rng, list(game.possible_new_states(state)))
            is_maximizing = is_maximizing != turns
            score = game.evaluate(state, is_maximizing)
        return reward(score, first)

    return playout


def max_reward(score, first):
    return 1.0 if score > 0 else 0.5 if score == 0 else 0.0


def playout_moving_first(game, state, is_maximizing, rng):
    while True:
        state = rng.choice(list(game.possible_new_states(state)))
        is_maximizing = not is_maximizing
        score = game.evaluate(state, is_maximizing)
        if score is not None:
            return max_reward(score, is_maximizing)


def playout_standing_still(game, state, is_maximizing, rng):
    score = game.evaluate(state, is_maximizing)
    while score is None:
        rng.choice(list(game.possible_new_states(state)))  # drawn, never moved to
        is_maximizing = not is_maximizing
        score = game.evaluate(state, is_maximizing)
    return max_reward(score, is_maximizing)


@cache
def playout_remembered(game, state, is_maximizing, rng):
    return playout(game, state, is_maximizing, rng)


PLAYOUT = (
    {
        "a loop": playout,
        "a random index, the reward worked out": playout_by_index,
        "a recursion, a Fraction": playout_by_recursion,
    },
    {
        "the turn never passed": playing_out(max_reward, turns=False),
        "the score, not the reward": playing_out(lambda score, first: score),
        "a draw as a loss": playing_out(lambda score, first: float(score > 0)),
        "the reward of the player to move first": playing_out(
            lambda score, first: max_reward(score, first) if first else 1 - max_reward(score, first)
        ),
        "a move before asking whether the game is over": playout_moving_first,
        "random.choice, not the rng given": playing_out(
            max_reward, draw=lambda rng, moves: random.choice(moves)
        ),
        "always the first move": playing_out(max_reward, draw=lambda rng, moves: moves[0]),
        "the state never changed": playout_standing_still,
        "state between calls: functools.cache": playout_remembered,
        "nothing yet": lambda game, state, is_maximizing, rng: None,
    },
)

# Notebook 14: whether a move kept the result, and a bot (tried apart, in test_tournament.py: a
# bot is a function of a ConnectX observation and configuration, its wrong kinds each with the
# words its message must hold)


def keeps(before, after):
    """The worked solution."""
    return (before > 0) - (before < 0) == (after < 0) - (after > 0)


def win_at_once(observation, configuration, mark, lines=((0, 1), (1, 0), (1, 1), (1, -1))):
    """A column where `mark`'s stone makes four at once along one of the `lines` (a row, a
    column, the two diagonals), or None. (Written out here: the course's round trip copies this
    function, alone, into a student's notebook.)"""
    columns, rows, board = configuration.columns, configuration.rows, observation.board

    def four(cells):
        return any(
            all(cells[(r + k * dr) * columns + c + k * dc] == mark for k in range(4))
            for r in range(rows)
            for c in range(columns)
            for dr, dc in lines
            if 0 <= r + 3 * dr < rows and 0 <= c + 3 * dc < columns
        )

    def dropped(column):
        cells = list(board)
        row = max(r for r in range(rows) if cells[r * columns + column] == 0)
        cells[row * columns + column] = mark
        return cells

    return next((c for c in range(columns) if board[c] == 0 and four(dropped(c))), None)


def nearest_centre(observation, configuration):
    """The column with room nearest the centre, the left one of two as near."""
    columns = configuration.columns
    free = [c for c in range(columns) if observation.board[c] == 0]
    return min(free, key=lambda c: (abs(c - (columns - 1) / 2), c))


def first_of(*columns):
    """The first column that is not None."""
    return next(column for column in columns if column is not None)


def wins_blocks_centre(observation, configuration):
    """The worked solution of the bot exercise: a win, a block, else the centre."""
    me = observation.mark
    return first_of(
        win_at_once(observation, configuration, me),
        win_at_once(observation, configuration, 3 - me),
        nearest_centre(observation, configuration),
    )


def keeps_only_wins(before, after):
    """A wrong solution: a draw kept is not seen as kept."""
    return before > 0 and after < 0 or before < 0


def centre_only(observation, configuration):
    """A wrong solution: the centre column, whatever the board."""
    return configuration.columns // 2


def sign(score):
    """-1, 0 or 1: the sign of a score."""
    return (score > 0) - (score < 0)


WRONG_KEEPS = {  # a kind of mistake: (a wrong keeps_result, words its message must hold)
    "forgets whose score after is": (
        lambda before, after: sign(before) == sign(after),
        "f(3, 2) gave True, expected False",
    ),
    "misses a draw kept": (keeps_only_wins, "keeps_only_wins(0, 0) gave False, expected True"),
    "compares sizes, not signs": (
        lambda before, after: -after >= before,
        "f(-2, 6) gave False, expected True",
    ),
    "takes a slower win for a blunder": (
        lambda before, after: -after >= before if before >= 0 else True,
        "f(5, -3) gave False, expected True. Hint: after is the opponent's score",
    ),
    "compares sizes, in numpy's truth values": (
        lambda before, after: np.bool_(-after >= before),
        "f(5, -3) gave np.False_, expected True. Hint: after is the opponent's score",
    ),
    "answers in words": (
        lambda before, after: "yes" if sign(before) == -sign(after) else "no",
        "Hint: answer True or False",
    ),
    "divides by a score of 0": (
        lambda before, after: before / after < 0,
        "raised ZeroDivisionError: division by zero; expected False. Hint: before and after",
    ),
    "takes equal scores for a draw kept": (
        lambda before, after: before * after < 0 or before == after,
        "f(3, 3) gave True, expected False",
    ),
    "the skeleton": (lambda before, after: None, "9 of 9 cases wrong"),
}


def first_free(observation, configuration):
    """A wrong bot: the leftmost column with room."""
    return observation.board.index(0)


def never_blocks(observation, configuration):
    """A wrong bot: its own win at once, else the centre; it never blocks."""
    return first_of(
        win_at_once(observation, configuration, observation.mark),
        nearest_centre(observation, configuration),
    )


def blocks_first(observation, configuration):
    """A wrong bot: a block before its own win."""
    me = observation.mark
    return first_of(
        win_at_once(observation, configuration, 3 - me),
        win_at_once(observation, configuration, me),
        nearest_centre(observation, configuration),
    )


def down_the_columns_only(observation, configuration):
    """A wrong bot: it looks for wins and blocks down the columns, never along a row or a
    diagonal."""
    me, down = observation.mark, ((1, 0),)
    return first_of(
        win_at_once(observation, configuration, me, down),
        win_at_once(observation, configuration, 3 - me, down),
        nearest_centre(observation, configuration),
    )


def wraps_round_the_edges(observation, configuration):
    """A wrong bot: it looks for lines in the flat board by steps of 1, w - 1, w and w + 1, so a
    line may go on from one row's end to the next row's start."""
    w, h, me = configuration.columns, configuration.rows, observation.mark
    free = [column for column in range(w) if observation.board[column] == 0]

    def makes_four(column, mark):
        board = list(observation.board)
        cell = max(row * w + column for row in range(h) if board[row * w + column] == 0)
        board[cell] = mark
        return any(
            all(0 <= start + k * step < w * h and board[start + k * step] == mark for k in range(4))
            for step in (1, w - 1, w, w + 1)
            for start in range(cell - 3 * step, cell + 1, step)
        )

    for mark in (me, 3 - me):
        for column in free:
            if makes_four(column, mark):
                return column
    return nearest_centre(observation, configuration)


def exactly_four(observation, configuration):
    """A wrong bot: a win or a block only where the line through the stone is four long, exactly
    (a stone that fills the gap of a line of five is missed), else the centre."""
    columns, rows, board = configuration.columns, configuration.rows, observation.board

    def run(row, column, mark, dr, dc):
        """The stones of `mark` in a line from (row, column), one way, the cell itself left out."""
        length = 0
        row, column = row + dr, column + dc
        while 0 <= row < rows and 0 <= column < columns and board[row * columns + column] == mark:
            length, row, column = length + 1, row + dr, column + dc
        return length

    def makes_exactly_four(column, mark):
        row = max(r for r in range(rows) if board[r * columns + column] == 0)
        return any(
            1 + run(row, column, mark, dr, dc) + run(row, column, mark, -dr, -dc) == 4
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1))
        )

    for mark in (observation.mark, 3 - observation.mark):
        for column in range(columns):
            if board[column] == 0 and makes_exactly_four(column, mark):
                return column
    return nearest_centre(observation, configuration)


def columns_from_one(observation, configuration):
    """A wrong bot: the right column, numbered from 1."""
    return wins_blocks_centre(observation, configuration) + 1


def always_first_player(observation, configuration):
    """A wrong bot: it plays as if its mark were always 1."""
    return first_of(
        win_at_once(observation, configuration, 1),
        win_at_once(observation, configuration, 2),
        nearest_centre(observation, configuration),
    )


def from_the_right(observation, configuration):
    """A wrong bot: it looks for wins and blocks from the rightmost column."""
    board = mirror(observation.board, configuration.columns)
    mirrored = type(observation)({**observation, "board": board})
    column = wins_blocks_centre(mirrored, configuration)
    return configuration.columns - 1 - column


def mirror(board, columns):
    """The cells of a flat board, each row right to left."""
    rows = [board[start : start + columns] for start in range(0, len(board), columns)]
    return [cell for row in rows for cell in reversed(row)]


def board_as_rows(observation, configuration):
    """A wrong bot: it reads the board as a list of rows, and raises."""
    return observation.board[0].index(0)


def column_as_text(observation, configuration):
    """A wrong bot: the right column, as a string."""
    return str(wins_blocks_centre(observation, configuration))


def column_as_float(observation, configuration):
    """A wrong bot: the right column, as a float (which a game of the tournament refuses)."""
    return float(wins_blocks_centre(observation, configuration))


WRONG_BOTS = {  # a kind of mistake: (a wrong agent, words its message must hold)
    "the centre whatever the board": (centre_only, "column 3 (from 0) is full"),
    "the leftmost column with room": (first_free, "on the empty board gave 0"),
    "never blocks": (never_blocks, "after the moves 12171 (columns from 1) gave 3, expected 0"),
    "blocks before winning": (blocks_first, "gave 0, expected 1"),
    "looks down the columns only": (down_the_columns_only, "674632 (columns from 1) gave 3"),
    "lines wrapped round the edges": (wraps_round_the_edges, "152774 (columns from 1) gave 2"),
    "a line of exactly four": (
        exactly_four,
        "11224455 (columns from 1) gave 3, expected 2. Hint: column 2 (from 0) makes your own line "
        "of five along a row (more than four wins too) at once",
    ),
    "columns numbered from 1": (
        columns_from_one,
        "gave 4, expected 3. Hint: nobody can make four at once: column 3 (from 0) is the nearest",
    ),
    "always plays as the first player": (always_first_player, "gave 0, expected 1"),
    "looks from the right": (
        from_the_right,
        "223344 (columns from 1) gave 4, expected 0. Hint: column 4 would do as well, but look in "
        "the order of the columns: column 0 (from 0) makes your own four",
    ),
    "reads the board as rows": (board_as_rows, "raised AttributeError"),
    "answers a column as text": (column_as_text, "returned '3' (of type str), not a column"),
    "answers a column as a float": (column_as_float, "returned 3.0 (of type float), not a column"),
}


CATALOGUE = {
    checks.check_simple_minimax: SIMPLE_MINIMAX,
    checks.check_first_best_move: FIRST_BEST_MOVE,
    checks.check_general_minimax: GENERAL_MINIMAX,
    checks.check_negamax: NEGAMAX,
    checks.check_won_lost: WON_LOST,
    checks.check_variant: VARIANT,
    checks.check_memoized_minimax: MEMOIZED_MINIMAX,
    checks.check_canonical: CANONICAL,
    checks.check_memoized_won_lost: WON_LOST_MEMO,
    checks.check_distinct_new_states: DISTINCT_NEW_STATES,
    checks.check_alphabeta: ALPHABETA,
    checks.check_table_alphabeta: TABLE_ALPHABETA,
    checks.check_visited_states: VISITED_STATES,
    checks.check_window_after: WINDOW_AFTER,
    checks.check_winning_moves: WINNING_MOVES,
    checks.check_depth_limited: DEPTH_LIMITED,
    checks.check_nim_sum_rule: NIM_SUM_RULE,
    checks.check_mex: MEX,
    checks.check_grundy: GRUNDY,
    checks.check_zeckendorf: ZECKENDORF,
    checks.check_winner: WINNER,
    checks.check_canonical_board: CANONICAL_BOARD,
    checks.check_count_games: COUNT_GAMES,
    checks.check_open_lines: OPEN_LINES,
    checks.check_best_case_leaves: BEST_CASE_LEAVES,
    checks.check_move_order: MOVE_ORDER,
    checks.check_deepening: DEEPENING,
    checks.check_four_in_a_row: FOUR_IN_A_ROW,
    checks.check_win_score: WIN_SCORE,
    checks.check_expectiminimax: EXPECTIMINIMAX,
    checks.check_pig_step: PIG_STEP,
    checks.check_ucb1: UCB1,
    checks.check_back_up: BACK_UP,
    checks.check_playout: PLAYOUT,
}


@cache
def result_of(check, name):
    """What `check` says of the solution called `name` in its catalogue: worked out once, for every
    test that reads it."""
    rights, wrongs = CATALOGUE[check]
    return check((rights | wrongs)[name])


def each_check(every_check):
    """`every_check` as pytest parameters: the first in the quick tier, the rest marked slow. Run
    over the whole catalogue, a test takes seconds; the README's command runs all of it."""
    return [
        pytest.param(check, id=check.__name__, marks=[] if number == 0 else [pytest.mark.slow])
        for number, check in enumerate(every_check)
    ]


def verdicts(catalogue):
    """The catalogue as table rows: each check, its wrong solutions, how many were rejected and
    how many right ones accepted."""
    rows = []
    for check, (rights, wrongs) in catalogue.items():
        rejected = sum(not check(solution).ok for solution in wrongs.values())
        accepted = sum(check(solution).ok for solution in rights.values())
        rows.append(
            f"| {check.__name__} | {len(wrongs)}: {'; '.join(wrongs)} | {rejected}/{len(wrongs)} "
            f"| {accepted}/{len(rights)}: {'; '.join(rights)} |"
        )
    return rows


if __name__ == "__main__":
    print("| check | wrong solutions tried | rejected | right ones accepted |")
    print("|---|---|---|---|")
    print("\n".join(verdicts(CATALOGUE)))
