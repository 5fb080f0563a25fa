"""Checks of notebook 08: the nim-sum rule, mex, Grundy values and Zeckendorf sums."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from nimlib.checks.runner import (
    CheckResult,
    Hinted,
    call_case,
    checks_a_function,
    name_of,
    run_cases,
)
from nimlib.games.nim import Nim
from nimlib.games.simple_nim import SimpleNim
from nimlib.solving import solver
from nimlib.theory import grundy, mex, zeckendorf


@checks_a_function
def check_nim_sum_rule(function: Callable[[tuple[int, ...]], bool]) -> CheckResult:
    """Check `function(piles)`: True exactly when the player to move wins Nim in normal play (last
    counter wins)."""

    wins = solver(Nim(last_counter_loses=False), "memo_canonical")
    positions = [(0,), (5,), (3, 3), (2, 3), (1, 2, 3), (2, 3, 5), (1, 3, 5, 7), (4, 6, 8, 9)]
    cases = [
        call_case(function, (piles,), Hinted(wins(piles, True) == 1, truth_hint))
        for piles in positions
    ]
    return run_cases("check_nim_sum_rule (normal play, checked by search)", cases)


def truth_hint(answer: object) -> str | None:
    """The hint for an answer that is no truth value (the nim-sum itself, say)."""
    if isinstance(answer, bool):
        return None
    return "answer True or False: whether the nim-sum (the ^ of the piles) is other than 0"


@checks_a_function
def check_mex(function: Callable[[list[int]], int]) -> CheckResult:
    """Check `function(values)`: the smallest whole number (0, 1, 2, ...) that is not in
    `values`."""

    examples = [[], [0], [1, 2], [0, 1, 3], [3, 0, 2, 1], [0, 0, 2, 1, 1]]
    cases = [
        call_case(function, (values,), Hinted(mex(values), partial(mex_hint, values)))
        for values in examples
    ]
    return run_cases("check_mex", cases)


def mex_hint(values: list[int], answer: object) -> str | None:
    """A hint for a mex taken as one more than the largest value, or counted from 1."""
    if values and answer == max(values) + 1:
        return (
            "the mex is the smallest whole number missing from the values, which may lie below "
            "the largest: try 0, 1, 2, ... in turn"
        )
    if 0 not in values and type(answer) is int and answer != 0:
        return "0 is a whole number too: start counting at 0"
    return None


@checks_a_function
def check_grundy(function: Callable[[int, tuple[int, ...]], int]) -> CheckResult:
    """Check `function(counters, takes)`: the Grundy value of a pile from which a move takes one of
    `takes`."""

    name, counts = name_of(function), range(12)
    cases = []
    for takes in [(1, 2, 3), (1, 3, 4), (2, 5)]:
        game, cache = SimpleNim(takes=takes, last_counter_loses=False), {}
        cases.append(
            (
                f"[{name}(n, {takes}) for n in range(12)]",
                lambda takes=takes: [function(n, takes) for n in counts],
                [grundy(game, n, cache) for n in counts],
            )
        )
    return run_cases("check_grundy (subtraction games, normal play)", cases)


@checks_a_function
def check_zeckendorf(function: Callable[[int], list[int]]) -> CheckResult:
    """Check `function(n)`: `n` as a sum of non-consecutive Fibonacci numbers (1, 2, 3, 5, ...),
    largest first."""

    cases = [call_case(function, (n,), zeckendorf(n)) for n in [1, 4, 12, 33, 100, 1000]]
    return run_cases("check_zeckendorf", cases)
