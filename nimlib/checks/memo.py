"""Checks of notebook 04: memoized minimax, canonical states, the won/lost memo, distinct moves."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from inspect import CO_GENERATOR
from types import CodeType

from nimlib.checks.first_steps import (
    minimax_case,
)
from nimlib.checks.runner import (
    Case,
    CheckResult,
    budget,
    name_of,
    plain,
    run_cases,
)
from nimlib.checks.trial_games import AtMost, CountingGame
from nimlib.games.base import Game, State
from nimlib.games.nim import FibonacciNim, Nim, SimpleNim, SplitNim
from nimlib.search.minimax import memoized_minimax


def score_and_work(
    function: Callable[..., float], game: Game, state: State, canonical: Callable | None = None, *window: float
) -> tuple[float, int]:
    """The score of `function(game, state, True, *window)`, and how many times it asked for the moves of a position."""
    counting = CountingGame(game, canonical)
    score = function(counting, state, True, *window)
    return score, counting.expanded


def memo_search(game: Game, state: State, is_maximizing: bool) -> int:
    """nimlib's memoized minimax, remembering positions by their canonical form."""
    return memoized_minimax(game, state, is_maximizing, canonical=True)


def check_memoized_minimax(function: Callable[[Game, State, bool], int]) -> CheckResult:
    """Check `function(game, state, is_maximizing)`: minimax scores, and each position expanded at most once."""
    name = name_of(function)
    normal = SimpleNim(last_counter_loses=False)
    cases = [
        minimax_case(name, function, game, state, is_maximizing)
        for game, state, is_maximizing in [
            (SimpleNim(), 6, True),
            (SimpleNim(), 5, False),
            (SimpleNim(), 8, True),
            (normal, 8, True),
            (Nim(), (1, 2, 3), True),
            (Nim(last_counter_loses=False), (1, 2, 4), False),
            (SplitNim(), (7,), True),
        ]
    ]
    for game, state in [(SimpleNim(), 15), (Nim(), (2, 3, 4))]:
        score, limit = score_and_work(memoized_minimax, game, state)
        cases.append(
            (
                f"(score, positions expanded) of {name}({game!r}, {state!r}, True)",
                lambda game=game, state=state: score_and_work(function, game, state),
                (score, AtMost(limit, "one per position and player to move")),
            )
        )
    return run_cases("check_memoized_minimax", cases)


def check_canonical(function: Callable[[tuple[int, ...]], State]) -> CheckResult:
    """Check `function(piles)`: one key for Nim positions that play alike, different keys for the others."""
    name = name_of(function)

    def distinct_keys(positions: tuple[tuple[int, ...], ...], expected: int) -> Case:
        shown = ", ".join(f"{name}({position!r})" for position in positions)
        return (f"len({{{shown}}})", lambda: len({function(position) for position in positions}), expected)

    alike = [((3, 2, 1), (1, 2, 3)), ((0, 2, 0, 1), (1, 2)), ((5, 2, 2), (2, 5, 2), (2, 2, 5)), ((0, 0), (0,))]
    different = [
        ((1, 2), (1, 3)),
        ((1, 3), (2, 2)),
        ((1, 1), (1,)),
        ((0, 0), (0, 1)),
        ((2, 2), (2,)),
        ((1,), (2, 3), (4, 5), (1, 6, 7)),
        ((1, 1), (2, 2), (3, 3), (1, 2, 3)),
        ((3,), (1, 2), (1, 1, 1)),
    ]
    cases = [distinct_keys(positions, 1) for positions in alike]
    cases += [distinct_keys(positions, len(positions)) for positions in different]
    for piles in [(2, 3), (2, 2, 1), (5, 4), (1, 2, 3, 4)]:
        score, limit = score_and_work(memo_search, Nim(), piles)
        cases.append(
            (
                f"(score, positions expanded) of memoized_minimax(Nim(), {piles}, canonical=True) with {name}",
                lambda piles=piles: score_and_work(memo_search, Nim(), piles, function),
                (score, AtMost(limit, "as many as with Nim's own canonical form")),
            )
        )
    return run_cases("check_canonical", cases)


def check_won_lost(function: Callable[[int, tuple[int, ...]], bool]) -> CheckResult:
    """Check `function(counters, takes)`: True when the player to move can force a win, if a move takes
    one of `takes` counters and whoever takes the last counter wins (whoever cannot move has lost)."""
    name, counts = name_of(function), range(22)
    cases = [
        (
            f"[{name}(n, {takes}) for n in range(22)]",
            lambda takes=takes: [function(n, takes) for n in counts],
            [memoized_minimax(SimpleNim(takes=takes, last_counter_loses=False), n) == 1 for n in counts],
        )
        for takes in [(1, 2, 3), (1, 3, 4), (2, 5), (3, 1)]
    ]
    return run_cases("check_won_lost (the last counter wins)", cases)


def own_code_of(function: object) -> frozenset[CodeType]:
    """The code of `function` (unwrapped from functools.cache and the like) and of the functions defined
    inside it, leaving out generators and comprehensions (Python enters them again at every item)."""
    function = getattr(function, "__wrapped__", function)
    found, waiting = set(), [getattr(function, "__code__", None)]
    while waiting:
        code = waiting.pop()
        if isinstance(code, CodeType) and code not in found:
            found.add(code)
            waiting.extend(constant for constant in code.co_consts if isinstance(constant, CodeType))
    return frozenset(code for code in found if not code.co_flags & CO_GENERATOR and not code.co_name.endswith("comp>"))


def answer_and_calls(function: Callable[..., bool], *arguments: object) -> tuple[object, int]:
    """`function(*arguments)`, and how many times the code of `function` was called on the way."""
    with budget(own_code=own_code_of(function)) as counter:
        answer = function(*arguments)
    return plain(answer), counter.own_calls


def check_memoized_won_lost(function: Callable[[int, tuple[int, ...]], bool]) -> CheckResult:
    """Check `function(counters, takes)`: the answers of check_won_lost, and a memo that calls the
    function at most a few times per number of counters (once, plus once per move that reaches it)."""
    result = check_won_lost(function)
    cases = []
    for counters, takes in [(21, (1, 2, 3)), (24, (1, 3, 4)), (40, (2, 5))]:
        wins = memoized_minimax(SimpleNim(takes=takes, last_counter_loses=False), counters) == 1
        limit = (counters + 1) * (len(takes) + 1)
        cases.append(
            (
                f"({name_of(function)}({counters}, {takes}), calls it made)",
                lambda counters=counters, takes=takes: answer_and_calls(function, counters, takes),
                (wins, AtMost(limit, f"{len(takes) + 1} per number of counters from {counters} down")),
            )
        )
    calls = run_cases("", cases)
    return CheckResult("check_memoized_won_lost", result.passed + calls.passed, result.failures + calls.failures)


def distinct_new_states(game: Game, state: State) -> list[State]:
    """The states one move from `state`, in the game's order, leaving out any whose canonical form came before."""
    seen, kept = set(), []
    for new_state in game.possible_new_states(state):
        if game.canonical(new_state) not in seen:
            seen.add(game.canonical(new_state))
            kept.append(new_state)
    return kept


def listed(answer: object) -> object:
    """`answer` as a list when it is a generator or another iterator, else as it is."""
    return list(answer) if hasattr(answer, "__next__") else answer


def check_distinct_new_states(function: Callable[[Game, State], Iterable[State]]) -> CheckResult:
    """Check `function(game, state)`: the game's moves from `state`, in its order, without the ones that
    lead to the same canonical state as an earlier move (mirror images)."""
    name = name_of(function)
    positions = [
        (Nim(), (2, 2, 2)),
        (Nim(), (1, 2, 3)),
        (Nim(), (0, 3, 3)),
        (Nim(last_counter_loses=False), (1, 1)),
        (SplitNim(), (7, 7)),
        (SplitNim(), (4, 3, 5)),
        (SimpleNim(), 5),
        (FibonacciNim(), (6, 10)),
    ]
    cases = [
        (
            f"{name}({game!r}, {state!r})",
            lambda g=game, s=state: listed(function(g, s)),
            distinct_new_states(game, state),
        )
        for game, state in positions
    ]
    return run_cases("check_distinct_new_states", cases)


# Notebook 05: alpha-beta pruning
