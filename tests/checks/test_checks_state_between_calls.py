"""Every check of the series holds whatever the learner's function remembers between calls (issue
37).

A learner's memo often lives at module level, as the notebooks' own ``@cache`` examples do, and so
outlives a call and a run of the check. For every check, a right solution wrapped in such a memo,
keyed by all its arguments, passes twice in a row; wrapped in a memo that leaves its last argument
out of the key (an answer asked before taken for another question), it fails, because the check asks
the same first arguments with another last one after it. The catalogues add, for each check of the
memos, alpha-beta and notebooks 10 and 11, a wrong solution of the kind learners write ("state
between calls: ..."), which the check rejects on the first run and on the second.
`python tests/checks/test_checks_state_between_calls.py` prints the table.
"""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import test_checks_catalogue as series  # noqa: E402
import test_checks_catalogue_10_11 as newer  # noqa: E402

import nimlib.checks as checks  # noqa: E402

CATALOGUE = series.CATALOGUE | newer.CATALOGUE
TAKES_A_CLASS = {
    checks.check_variant
}  # its answer is a Game class, not a function that could remember


def remembering(solution, key):
    """`solution` behind a memo that lives across calls, under the key `key(arguments)`."""
    memo = {}

    def remembered(*arguments):
        if key(arguments) not in memo:
            answer = solution(*arguments)
            memo[key(arguments)] = list(answer) if hasattr(answer, "__next__") else answer
        return memo[key(arguments)]

    return remembered


def all_arguments(arguments):
    return repr(arguments)


def all_but_the_last(arguments):
    return repr(arguments[:-1]) if len(arguments) > 1 else repr(type(arguments[0]))


FUNCTION_CHECKS = [check for check in CATALOGUE if check not in TAKES_A_CLASS]


@pytest.mark.parametrize("check", FUNCTION_CHECKS, ids=lambda check: check.__name__)
def test_a_right_solution_that_remembers_every_answer_passes_twice(check):
    right = remembering(next(iter(CATALOGUE[check][0].values())), all_arguments)
    assert check(right).ok and check(right).ok


@pytest.mark.parametrize("check", FUNCTION_CHECKS, ids=lambda check: check.__name__)
def test_an_answer_remembered_for_another_question_fails(check):
    stale = remembering(next(iter(CATALOGUE[check][0].values())), all_but_the_last)
    assert not check(stale).ok and not check(stale).ok


STATEFUL = [
    pytest.param(check, solution, id=f"{check.__name__}-{name}")
    for check, (_, wrongs) in CATALOGUE.items()
    for name, solution in wrongs.items()
    if name.startswith("state between calls")
]


def test_the_checks_of_memos_alphabeta_and_notebooks_10_and_11_have_a_stateful_wrong_solution():
    stateful_checks = {values[0] for values in (param.values for param in STATEFUL)}
    expected = {checks.check_memoized_minimax, checks.check_alphabeta} | set(newer.CATALOGUE)
    assert expected <= stateful_checks


@pytest.mark.parametrize(("check", "solution"), STATEFUL)
def test_a_wrong_solution_that_keeps_state_fails_every_run(check, solution):
    for _ in range(3):
        assert not check(solution).ok


if __name__ == "__main__":
    print("| check | remembers all arguments | remembers all but the last | kept as learners do |")
    print("|---|---|---|---|")
    for check in FUNCTION_CHECKS:
        right = next(iter(CATALOGUE[check][0].values()))
        passed = check(remembering(right, all_arguments)).ok
        failed = not check(remembering(right, all_but_the_last)).ok
        kinds = [
            name for name, _ in CATALOGUE[check][1].items() if name.startswith("state between")
        ]
        print(
            f"| {check.__name__} | {'accepted' if passed else 'REJECTED'} | {'rejected' if failed else 'ACCEPTED'} "
            f"| {'; '.join(name.removeprefix('state between calls: ') + ' (rejected)' for name in kinds) or '-'} |"
        )
