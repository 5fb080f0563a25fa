"""Every check against the catalogue of learners' solutions (solutions.py): it accepts each right
solution and rejects each wrong one, saying what it expected; and whatever a solution remembers
between calls does not change its verdict.

A learner's memo often lives at module level, as the notebooks' own ``@cache`` examples do, and so
outlives a call and a run of the check. For every check, a right solution wrapped in such a memo,
keyed by all its arguments, passes twice in a row; wrapped in a memo that leaves its last argument
out of the key (an answer asked before taken for another question), it fails, because the check asks
the same first arguments with another last one after it. Pig's step cannot ask the same values with
another goal (values hold only the states of the goal asked): its memo leaves the values out, and
the check asks the same state and goal with other values.
"""

import pytest
from flat_text import flat
from solutions import CATALOGUE, each_check, result_of

import nimlib.checks as checks
from nimlib.checks.memo import listed

TRIED_APART = {  # notebook 14's checks: test_tournament.py tries them
    checks.check_bot,
    checks.check_keeps_result,
    checks.check_ladder,
}
STRICTER = {  # notebooks 10, 11 and 12's search: more kinds of wrong solution, one keeping state
    checks.check_best_case_leaves,
    checks.check_move_order,
    checks.check_deepening,
    checks.check_four_in_a_row,
    checks.check_win_score,
    checks.check_expectiminimax,
}
TAKES_A_CLASS = {checks.check_variant}  # its answer is a Game, not a function that could remember
CHANGES_THE_TREE = {checks.check_back_up}  # its answer is the tree it changes: no memo of answers
RANDOM = {checks.check_playout}  # its answer is drawn at random: a memo of answers is wrong there

SOLUTIONS = [
    pytest.param(check, name, right, id=f"{check.__name__}-{'right' if right else 'wrong'}-{name}")
    for check, (rights, wrongs) in CATALOGUE.items()
    for right, solutions in ((True, rights), (False, wrongs))
    for name in solutions
]


def test_every_check_is_in_the_catalogue():
    every_check = {getattr(checks, name) for name in checks.__all__ if name.startswith("check_")}
    assert set(CATALOGUE) == every_check - TRIED_APART


@pytest.mark.parametrize("check", CATALOGUE, ids=lambda check: check.__name__)
def test_every_check_has_wrong_solutions_of_several_kinds_and_right_ones_in_several_styles(check):
    rights, wrongs = CATALOGUE[check]
    if check in STRICTER:
        assert len(rights) >= 3 and len(wrongs) >= 8
        assert any(name.startswith("state between calls") for name in wrongs)
    else:
        assert len(rights) >= 2 and len(wrongs) >= 5


@pytest.mark.slow
@pytest.mark.parametrize(("check", "name", "right"), SOLUTIONS)
def test_a_check_accepts_each_right_solution_and_rejects_each_wrong_one(check, name, right):
    result = result_of(check, name)
    assert result.ok == right, result
    if not right:  # it says what was expected
        assert " expected " in flat(result) or "was stopped" in flat(result)


def remembering(solution, key):
    """`solution` behind a memo that lives across calls, under the key `key(arguments)`. The memo
    keeps the arguments alive, as functools.cache does: a key that shows an object's address (a
    check's stand-in search) must not be taken again by a new object at the freed address."""
    memo = {}

    def remembered(*arguments):
        if key(arguments) not in memo:
            answer = solution(*arguments)
            memo[key(arguments)] = (arguments, listed(answer))
        return memo[key(arguments)][1]

    return remembered


def all_arguments(arguments):
    return repr(arguments)


def all_but_the_last(arguments):
    return repr(arguments[:-1]) if len(arguments) > 1 else repr(type(arguments[0]))


def all_but_the_first(arguments):
    return repr(arguments[1:])


FUNCTION_CHECKS = [
    check for check in CATALOGUE if check not in TAKES_A_CLASS | CHANGES_THE_TREE | RANDOM
]
# the key of a stale memo, where it is not all_but_the_last
STALE_KEYS = {checks.check_pig_step: all_but_the_first}


@pytest.mark.parametrize("check", each_check(FUNCTION_CHECKS))
def test_a_right_solution_that_remembers_every_answer_passes_twice(check):
    right = remembering(next(iter(CATALOGUE[check][0].values())), all_arguments)
    assert check(right).ok and check(right).ok


@pytest.mark.parametrize("check", each_check(FUNCTION_CHECKS))
def test_an_answer_remembered_for_another_question_fails(check):
    key = STALE_KEYS.get(check, all_but_the_last)
    stale = remembering(next(iter(CATALOGUE[check][0].values())), key)
    assert not check(stale).ok and not check(stale).ok


STATEFUL = [
    pytest.param(check, solution, id=f"{check.__name__}-{name}")
    for check, (_, wrongs) in CATALOGUE.items()
    for name, solution in wrongs.items()
    if name.startswith("state between calls")
]


def test_the_checks_of_memos_and_alphabeta_have_a_wrong_solution_that_keeps_state():
    stateful_checks = {param.values[0] for param in STATEFUL}
    assert {checks.check_memoized_minimax, checks.check_alphabeta} | STRICTER <= stateful_checks


@pytest.mark.slow
@pytest.mark.parametrize(("check", "solution"), STATEFUL)
def test_a_wrong_solution_that_keeps_state_fails_on_every_run(check, solution):
    for _ in range(2):  # a later run meets whatever the solution remembered from the one before
        assert not check(solution).ok
