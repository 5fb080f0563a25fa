"""Checks of notebook 08: the nim-sum rule, mex, Grundy values and Zeckendorf sums.

Each answer takes a few sums (a Grundy value a few dozen): a case is stopped after QUICK_SECONDS,
so that a loop that never ends is named at once."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from nimlib.checks.runner import (
    QUICK_SECONDS,
    CheckResult,
    N,
    TruthValues,
    WholeNumbers,
    agrees_with,
    asked_again,
    call_case,
    checks_a_function,
    counts_case,
    is_truth_value,
    reference_cases,
    run_cases,
    same,
)
from nimlib.games.nim import Nim
from nimlib.games.simple_nim import SimpleNim
from nimlib.solving import solver
from nimlib.theory import (
    fibonacci_numbers,
    grundy,
    mex,
    nim_player_to_move_wins,
    nim_sum,
    zeckendorf,
)


@checks_a_function
def check_nim_sum_rule(function: Callable[[tuple[int, ...]], bool]) -> CheckResult:
    """Check `function(piles)`: True exactly when the player to move wins Nim in normal play (last
    counter wins)."""

    wins = solver(Nim(last_counter_loses=False), "memo_canonical")
    positions = [(0,), (5,), (3, 3), (2, 3), (1, 2, 3), (2, 3, 5), (1, 3, 5, 7), (4, 6, 8, 9)]
    positions += [(9, 1), (33, 1)]  # nim-sums of 8 and 32: bits past the three of the examples
    positions += [(1, 1)]  # piles of 1 alone, where misère's rule says the other
    hint = partial(nim_sum_hint, function, positions)
    cases = [
        call_case(function, (piles,), TruthValues(wins(piles, True) == 1, hint))
        for piles in positions
    ]
    return run_cases("check_nim_sum_rule (normal play, checked by search)", cases, QUICK_SECONDS)


def nim_sum_hint(
    function: Callable[[tuple[int, ...]], bool], positions: list[tuple[int, ...]], answer: object
) -> str | None:
    """The hint for an answer that is no truth value (the nim-sum itself, say; not an exception,
    whose cause is elsewhere), or for a function that says, at every position of the check (asked
    again), whether the player to move loses, who wins misère Nim, whether a counter is left,
    whether the counters add up to an odd number, or the nim-sum of a total that starts at the
    first pile (which the loop then takes again)."""
    if isinstance(answer, BaseException):
        return None
    if not is_truth_value(answer):
        return "answer True or False: whether the nim-sum (the ^ of the piles) is other than 0"
    asked = [(piles,) for piles in positions]
    if agrees_with(function, loses, asked):
        return (
            "that is whether the player to move loses: a nim-sum of 0 is lost, so the player to "
            "move wins where it is other than 0"
        )
    if agrees_with(function, nim_player_to_move_wins, asked):
        return (
            "that is misère play's rule, where the last counter loses; here the last counter "
            "wins, and the nim-sum alone decides, even where no pile has more than 1"
        )
    if agrees_with(function, any_counter_left, asked):
        return (
            "that is whether any counter is left, as + or | (or) of the piles tells: ^ (XOR) "
            "cancels equal bits, so that two equal piles, (3, 3), give 0"
        )
    if agrees_with(function, odd_total, asked):
        return (
            "that is whether the counters add up to an odd number, which is the nim-sum's last "
            "bit alone: ^ (XOR) the piles, and ask whether the nim-sum is other than 0"
        )
    if agrees_with(function, first_pile_twice, asked):
        return (
            "your total starts at the first pile, and the loop takes it again: x ^ x is 0, so "
            "the first pile cancels out. Start the total at 0"
        )
    return None


def first_pile_twice(piles: tuple[int, ...]) -> bool:
    """Whether the nim-sum is other than 0 where the total starts at the first pile and a loop
    over every pile takes it again: the first pile cancelled out, a slip to tell."""
    return nim_sum(piles[1:]) != 0


def odd_total(piles: tuple[int, ...]) -> bool:
    """Whether the piles hold an odd number of counters in all: a slip to tell."""
    return sum(piles) % 2 == 1


def loses(piles: tuple[int, ...]) -> bool:
    """Whether the player to move loses normal-play Nim from `piles`: the nim-sum rule turned
    round, a slip to tell."""
    return nim_sum(piles) == 0


def any_counter_left(piles: tuple[int, ...]) -> bool:
    """Whether a pile holds a counter: a nim-sum taken with + or |, a slip to tell."""
    return any(piles)


@checks_a_function
def check_mex(function: Callable[[list[int]], int]) -> CheckResult:
    """Check `function(values)`: the smallest whole number (0, 1, 2, ...) that is not in
    `values`."""

    examples = [[], [0], [1, 2], [0, 1, 3], [3, 0, 2, 1], [0, 0, 2, 1, 1]]
    examples += [[4, 0, 2]]  # two numbers missing below the largest: the smaller one is the mex
    questions = [(values,) for values in examples]
    whole = partial(WholeNumbers, why="the mex is a whole number")
    cases = reference_cases(function, mex, questions, whole, partial(mex_hint, function))
    return run_cases("check_mex", cases, QUICK_SECONDS)


def mex_hint(function: Callable[[list[int]], int], values: list[int], answer: object) -> str | None:
    """A hint for a mex that remembers the values of earlier calls, taken as one more than the
    largest value (which no values lack), counted from 1, the last number missing rather than the
    first, read from the places of the sorted values, which repeat, or taken as their count."""
    if remembers_values(function):
        return (
            "your function remembers the values of earlier calls: asked [] after [0, 1, ..., 9], "
            "it gives 10, not 0. Make a new set in each call (a default list, or a set outside "
            "the function, lives on between calls)"
        )
    if not values and isinstance(answer, ValueError) and "empty" in str(answer):
        return "the mex of no values is 0: max() and min() have nothing to compare there"
    if values and answer == max(values) + 1:
        return (
            "the mex is the smallest whole number missing from the values, which may lie below "
            "the largest: try 0, 1, 2, ... in turn"
        )
    if type(answer) is int and answer == mex([0, *values]):
        return "0 is a whole number too: start counting at 0"
    if agrees_with(function, last_gap, GAPPED_VALUES):
        return (
            "that is the largest number missing below the largest value: stop at the first one "
            "missing (return it, or break out of the loop), as the mex is the smallest"
        )
    if len(set(values)) < len(values) and answer == first_gap_by_place(values):
        return (
            "the values may repeat: in the sorted list a number that comes twice takes two "
            "places, so place and value part; ask whether 0, 1, 2, ... is in the values instead"
        )
    if agrees_with(function, len, [([1, 2],), ([4, 0, 2],)]):
        return (
            "that is how many values there are: the mex is the smallest whole number missing "
            "from them, which may be smaller (0 for [1, 2])"
        )
    return None


def remembers_values(function: Callable[[list[int]], int]) -> bool:
    """Whether `function`, asked [] after 0 to 9 (asked again), gives 10: a mex that keeps the
    values of every call in one set, a slip to tell."""
    return asked_again(lambda: function(list(range(10))) == 10 and function([]) == 10)


# values with two or more numbers missing below the largest, each its own count of them
GAPPED_VALUES = [([4, 0, 2],), ([0, 2, 4, 6],), ([5, 1, 3],)]


def last_gap(values: list[int]) -> int:
    """The largest whole number missing below the largest of `values` (one more than the largest
    if none is): a mex whose loop goes on past the first number missing, a slip to tell."""
    missing = [n for n in range(max(values, default=0)) if n not in values]
    return missing[-1] if missing else max(values, default=-1) + 1


def first_gap_by_place(values: list[int]) -> int:
    """The first place of sorted `values` that does not hold its own number (their count if
    none): a mex that forgets that values repeat, a slip to tell."""
    return next(
        (place for place, value in enumerate(sorted(values)) if place != value), len(values)
    )


@checks_a_function
def check_grundy(function: Callable[[int, tuple[int, ...]], int]) -> CheckResult:
    """Check `function(counters, takes)`: the Grundy value of a pile from which a move takes one of
    `takes`."""

    counts = range(12)
    # (1, 2, 3, 4, 5): values up to 5; (4, 1, 3): takes out of order (no stop at the first too big)
    take_sets = [(1, 2, 3), (1, 3, 4), (2, 5), (1, 2, 3, 4, 5), (4, 1, 3)]
    values, cases = {takes: grundy_values(takes, counts) for takes in take_sets}, []
    for number, takes in enumerate(take_sets):
        earlier = {asked: values[asked] for asked in take_sets[:number]}
        expected = WholeNumbers(
            values[takes],
            partial(grundy_hint, takes, earlier),
            why="Grundy values are whole numbers",
        )
        cases.append(counts_case(function, (N, takes), counts, expected))
    return run_cases("check_grundy (subtraction games, normal play)", cases, QUICK_SECONDS)


def grundy_values(takes: tuple[int, ...], counts: range) -> list[int]:
    """The Grundy values of piles of `counts` counters, a move taking one of `takes`."""
    game, table = SimpleNim(takes=takes, last_counter_loses=False), {}
    return [grundy(game, n, table) for n in counts]


def grundy_hint(
    takes: tuple[int, ...], earlier: dict[tuple[int, ...], list[int]], answer: object
) -> str | None:
    """The hint for wrong Grundy values: None for every pile, those of a take set asked `earlier`
    (the values of each), takes past 0, no take of the whole pile, takes tried only up to the
    first too large, 0 for every pile (as an XOR for the mex gives), won or lost (1 or 0) for
    the value, or a mex that was given a generator (a map, a filter) and used it up, or asked
    its len() or an item by its place."""
    given = re.search(r"'(generator|map|filter)'", str(answer))
    if isinstance(answer, TypeError) and given:
        return (
            f"your mex was given a {given[1]} object, which has no len() and no items by place, "
            "and is gone through only once: give it a list, [... for take in takes if take <= "
            "counters]"
        )
    if isinstance(answer, list) and answer and all(value is None for value in answer):
        return (
            "your function gave None for every pile: does it return a value yet, and does the "
            "mex it calls (your my_mex of exercise 2, say)?"
        )
    others = [other for other, its_values in earlier.items() if its_values == answer]
    if others:
        return (
            f"those are the values for takes {others[0]}, an earlier case: does your "
            "function take the `takes` it is given? A memo kept between calls (a dict outside "
            "the function, or a default memo={}) needs them in its key: (counters, takes)"
        )
    if isinstance(answer, list) and answer == values_taking_past_zero(takes, len(answer)):
        return (
            "a take may not pass 0: try only the takes with take <= counters (a pile below 0 is "
            "no position, so it has no Grundy value)"
        )
    if isinstance(answer, list) and answer == values_without_the_whole_pile(takes, len(answer)):
        return (
            "a take of the whole pile is a move too, to an empty pile: try every take with "
            "take <= counters, not take < counters"
        )
    if isinstance(answer, list) and answer and not any(answer):  # what an XOR for the mex gives
        return (
            "every pile got 0: does your function return the mex of the values one take reaches "
            "(not 0, nor their XOR, which adds up the values of separate piles)? If its mex goes "
            "through the values twice (max(values), then `in`), give it a list: a generator is "
            "used up by the first"
        )
    if isinstance(answer, list) and answer == wins_as_ones(takes, len(answer)):
        return (
            "those say whether each pile is won or lost, not its Grundy value: a pile's value is "
            "the mex of the values its moves reach, which can be 2 or more, not whether one of "
            "them is 0"
        )
    if isinstance(answer, list) and answer == values_up_to_a_large_take(takes, len(answer)):
        return (
            "the takes may come in any order: try every take with take <= counters, rather than "
            "stopping at the first one too large"
        )
    return used_up_generator_hint(takes, answer)


def wins_as_ones(takes: tuple[int, ...], count: int) -> list[int]:
    """1 for each pile of 0 to `count` - 1 counters won by the player to move, 0 for each lost
    (normal play): what a search for won or lost gives where the Grundy value was asked."""
    return [int(value > 0) for value in grundy_values(takes, range(count))]


def values_without_the_whole_pile(takes: tuple[int, ...], count: int) -> list[int]:
    """The Grundy values of 0 to `count` - 1 counters where a take may not empty the pile (take <
    counters): a slip to tell."""
    values: list[int] = []
    for counters in range(count):
        values.append(mex([values[counters - take] for take in takes if take < counters]))
    return values


def values_taking_past_zero(takes: tuple[int, ...], count: int) -> list[int]:
    """The Grundy values of 0 to `count` - 1 counters where every take is tried, a pile at or below
    0 being worth 0: a slip to tell."""
    values: list[int] = []
    for counters in range(count):
        reached = [values[counters - take] if take <= counters else 0 for take in takes]
        values.append(mex(reached) if counters > 0 else 0)
    return values


def values_up_to_a_large_take(takes: tuple[int, ...], count: int) -> list[int]:
    """The Grundy values of 0 to `count` - 1 counters where the takes are tried in their order up
    to the first too large for the pile, as if they came smallest first: a slip to tell."""
    values: list[int] = []
    for counters in range(count):
        reached = []
        for take in takes:
            if take > counters:
                break
            reached.append(values[counters - take])
        values.append(mex(reached))
    return values


def used_up_generator_hint(takes: tuple[int, ...], answer: object) -> str | None:
    """The hint for the Grundy values a mex gives that looks for each number with `in` in a
    generator of the values, which each look uses up as far as it went."""
    values: list[int] = []
    for counters in range(len(answer)):
        reached = iter([values[counters - take] for take in takes if take <= counters])
        value = 0
        while value in reached:
            value += 1
        values.append(value)
    if answer != values:
        return None
    return (
        "give your mex a list, [... for take in takes ...]: `in` goes through a generator once, "
        "using up the values it passes"
    )


@checks_a_function
def check_zeckendorf(function: Callable[[int], list[int]]) -> CheckResult:
    """Check `function(n)`: `n` as a sum of non-consecutive Fibonacci numbers (1, 2, 3, 5, ...),
    largest first."""

    # 8, 13 and 21 are Fibonacci numbers, each its own sum: the lost starts of Fibonacci Nim
    questions = [(n,) for n in [1, 4, 8, 13, 21, 33, 100, 1000]]
    whole = partial(WholeNumbers, why="Fibonacci numbers are whole numbers")
    hint = partial(zeckendorf_hint, function)
    cases = reference_cases(function, zeckendorf, questions, whole, hint)
    return run_cases("check_zeckendorf", cases, QUICK_SECONDS)


SHORT_SUM_HINT = (
    "the parts must add up to n: a Fibonacci number fits while it is at most what is left (<=, "
    "equal included); go on until nothing is left"
)


def zeckendorf_hint(function: Callable[[int], list[int]], n: int, answer: object) -> str | None:
    """The hint for parts that change when `n` is asked again (a list kept between calls), for the
    right parts of `n` smallest first, for parts that hold two neighbours of the Fibonacci numbers
    (5 and 3, say), whose sum is the next one (most often `n` itself, missing from the numbers
    built), or for other parts that do not add up to `n`; for the sum written out as text."""
    if isinstance(answer, str):
        return "return the parts as a list of numbers, largest first, such as [8, 3]: not text"
    if not (isinstance(answer, list) and all(type(part) is int for part in answer)):
        return None
    given = list(answer)  # as given: asked again, a list kept between calls grows
    if asked_again(lambda: not same(function(n), given)):
        return (
            "asked again for the same n, your function gives other parts: does it add them to a "
            "list kept between calls (a default parts=[], or a list outside the function)? Make "
            "a new list in each call"
        )
    if answer == zeckendorf(n)[::-1]:
        return "list the parts largest first, as they are found"
    fibs = fibonacci_numbers(max(n, 2))
    pairs = [
        (larger, smaller)
        for larger, smaller in zip(fibs[1:], fibs[:-1], strict=True)
        if {larger, smaller} <= set(answer)
    ]
    if not pairs:
        return SHORT_SUM_HINT if sum(answer) != n else None
    if n in fibs and sum(pairs[0]) == n:
        return (
            "n is a Fibonacci number itself, its own sum, and Zeckendorf's parts are never "
            "neighbours (as 5 and 3): build the Fibonacci numbers up to n, n included (<=)"
        )
    return (
        "Zeckendorf's parts are never neighbours among the Fibonacci numbers (as 5 and 3): "
        "their sum is the next one, which fits and is taken first"
    )
