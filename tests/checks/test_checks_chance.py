"""The checks of notebooks 12 and 13 accept right answers in several styles and reject at least five
kinds of wrong ones each."""

import math
from fractions import Fraction
from functools import cache

import pytest

from nimlib.checks import check_expectiminimax, check_pig_step, check_ucb1

# Expectiminimax's chance node


def by_sum(game, state, is_maximizing):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    if game.is_chance(state):
        return sum(p * by_sum(game, new, is_maximizing) for p, new in game.outcomes(state))
    scores = [by_sum(game, new, not is_maximizing) for new in game.possible_new_states(state)]
    return max(scores) if is_maximizing else min(scores)


def by_loop_in_floats(game, state, is_maximizing):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return float(score)
    if game.is_chance(state):
        total = 0.0
        for probability, new_state in game.outcomes(state):
            total += float(probability) * by_loop_in_floats(game, new_state, is_maximizing)
        return total
    best = -math.inf if is_maximizing else math.inf
    for new_state in game.possible_new_states(state):
        value = by_loop_in_floats(game, new_state, not is_maximizing)
        best = max(best, value) if is_maximizing else min(best, value)
    return best


def memoized(game, state, is_maximizing):
    @cache
    def score_of(state, is_maximizing):
        return by_sum_with(score_of, game, state, is_maximizing)

    return score_of(state, is_maximizing)


def by_sum_with(recurse, game, state, is_maximizing):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    if game.is_chance(state):
        return sum(p * recurse(new, is_maximizing) for p, new in game.outcomes(state))
    scores = [recurse(new, not is_maximizing) for new in game.possible_new_states(state)]
    return max(scores) if is_maximizing else min(scores)


def variant(chance_rule, flips_at_chance=False):
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


def right_rule(pairs, is_maximizing):
    return sum(p * s for p, s in pairs)


@pytest.mark.parametrize("right", [by_sum, by_loop_in_floats, memoized])
def test_check_expectiminimax_accepts_right_answers(right):
    assert check_expectiminimax(right).ok


@pytest.mark.parametrize(
    "wrong",
    [
        variant(lambda pairs, mover: sum(s for _, s in pairs) / len(pairs)),  # every outcome alike
        variant(lambda pairs, mover: max(s for _, s in pairs)),  # the dice as Max
        variant(
            lambda pairs, mover: (max if mover else min)(s for _, s in pairs)
        ),  # the mover picks
        variant(right_rule, flips_at_chance=True),  # the dice pass the turn
        variant(lambda pairs, mover: sum(s for _, s in pairs)),  # a sum, not weighted
        variant(lambda pairs, mover: sum(p * s for p, s in pairs[:-1])),  # an outcome left out
        variant(lambda pairs, mover: None),
        lambda game, state, is_maximizing: 0,
    ],
)
def test_check_expectiminimax_rejects_wrong_answers(wrong):
    result = check_expectiminimax(wrong)
    assert not result.ok and "✘" in repr(result)


# One value iteration step of Pig


def pig_step(values, state, goal):
    mine, theirs, turn = state

    def chance(total):
        return 1.0 if mine + total >= goal else values[(mine, theirs, total)]

    roll = (1 - values[(theirs, mine, 0)] + sum(chance(turn + face) for face in range(2, 7))) / 6
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
    return roll if roll > hold else hold


def pig_step_with_fractions(values, state, goal):
    return float(Fraction(pig_step(values, state, goal)))


def pig_wrong(*, pig_out=True, fifth=False, hold_own=False, use_min=False, one_adds=False):
    """A wrong step of Pig, by the mistake named."""

    def step(values, state, goal):
        mine, theirs, turn = state

        def chance(total):
            return 1.0 if mine + total >= goal else values[(mine, theirs, total)]

        faces = range(1, 7) if one_adds else range(2, 7)
        lost = (1 - values[(theirs, mine, 0)]) if pig_out and not one_adds else 0
        roll = (lost + sum(chance(turn + face) for face in faces)) / (5 if fifth else 6)
        banked = (
            values[(mine + turn, theirs, 0)] if hold_own else 1 - values[(theirs, mine + turn, 0)]
        )
        hold = 1.0 if mine + turn >= goal else banked
        return min(roll, hold) if use_min else max(roll, hold)

    return step


@pytest.mark.parametrize("right", [pig_step, pig_step_by_faces, pig_step_with_fractions])
def test_check_pig_step_accepts_right_answers(right):
    assert check_pig_step(right).ok


@pytest.mark.parametrize(
    "wrong",
    [
        pig_wrong(pig_out=False),  # a 1 counted as worth nothing
        pig_wrong(fifth=True),  # five faces
        pig_wrong(hold_own=True),  # holding read from one's own side
        pig_wrong(use_min=True),  # the worse choice
        pig_wrong(one_adds=True),  # a 1 adds to the turn total
        lambda values, state, goal: values[state],  # no step at all
        lambda values, state, goal: None,
    ],
)
def test_check_pig_step_rejects_wrong_answers(wrong):
    result = check_pig_step(wrong)
    assert not result.ok and "✘" in repr(result)


# UCB1


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


@pytest.mark.parametrize("right", [ucb1, ucb1_by_powers, ucb1_with_c_squared_inside])
def test_check_ucb1_accepts_right_answers(right):
    assert check_ucb1(right).ok


def guarded(formula):
    return lambda t, n, p, c: math.inf if n == 0 else formula(t, n, p, c)


@pytest.mark.parametrize(
    "wrong",
    [
        guarded(lambda t, n, p, c: t / n + c * math.log(p) / n),  # no square root
        guarded(lambda t, n, p, c: t / n + c * math.sqrt(math.log10(p) / n)),  # base-10 logarithm
        guarded(lambda t, n, p, c: t / n + c * math.sqrt(math.log(n) / p)),  # visits swapped
        guarded(lambda t, n, p, c: t / n),  # no exploration
        guarded(lambda t, n, p, c: t + c * math.sqrt(math.log(p) / n)),  # the total, not the mean
        guarded(lambda t, n, p, c: t / n + math.sqrt(2 * math.log(p) / n)),  # c ignored
        lambda t, n, p, c: (
            t / n + c * math.sqrt(math.log(p) / n)
        ),  # an unvisited child divides by 0
        lambda t, n, p, c: 0 if n == 0 else t / n + c * math.sqrt(math.log(p) / n),  # unvisited: 0
    ],
)
def test_check_ucb1_rejects_wrong_answers(wrong):
    result = check_ucb1(wrong)
    assert not result.ok and "✘" in repr(result)
