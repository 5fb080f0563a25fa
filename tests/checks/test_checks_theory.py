"""The exercise checks of notebook 08 pass a right answer and catch a wrong one."""

from functools import cache

from nimlib.checks import check_grundy, check_mex, check_nim_sum_rule, check_zeckendorf
from nimlib.theory import fibonacci_numbers, mex, nim_sum


def test_check_nim_sum_rule():
    assert check_nim_sum_rule(lambda piles: nim_sum(piles) != 0).ok
    assert not check_nim_sum_rule(lambda piles: sum(piles) % 2 == 1).ok


def test_check_mex():
    assert check_mex(mex).ok
    assert not check_mex(lambda values: max(values, default=-1) + 1).ok


@cache
def subtraction_grundy(counters: int, takes: tuple[int, ...]) -> int:
    """A learner's answer: the mex of the values a take can reach."""
    return mex(subtraction_grundy(counters - take, takes) for take in takes if take <= counters)


def test_check_grundy():
    assert check_grundy(subtraction_grundy).ok
    result = check_grundy(lambda counters, takes: counters % (max(takes) + 1))
    assert not result.ok and result.passed == 1  # right for takes 1, 2, 3 only


def greedy_parts(n: int) -> list[int]:
    """A learner's answer: the largest Fibonacci number that fits, again and again."""
    parts = []
    for fib in reversed(fibonacci_numbers(n)):
        if fib <= n:
            parts, n = [*parts, fib], n - fib
    return parts


def test_check_zeckendorf():
    assert check_zeckendorf(greedy_parts).ok
    assert not check_zeckendorf(lambda n: sorted(greedy_parts(n))).ok  # smallest first
    assert "raised ValueError" in repr(check_zeckendorf(lambda n: int("x")))
