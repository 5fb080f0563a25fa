"""How a check runs the learner's function and reports: right and wrong answers, exceptions and
functions that run too long are reported, never raised, whatever the function returns; and the
expected answers that are not one value."""

import builtins
import functools
import gc
import operator
import os
import re
import signal
import subprocess
import sys
from time import monotonic

import numpy as np
import pytest
from flat_text import flat
from solutions import (
    TakeOneThreeOrFour,
    beside_the_notebooks_game,
    cached_wins,
    count_games_without_a_memo,
    each_check,
    expecti_by_sum,
    four_by_directions,
    general_minimax,
    look_ahead,
    memo_minimax,
    negamax,
    simple_minimax,
    table_alphabeta,
    textbook,
    window_loop,
    wins,
)

import nimlib
import nimlib.checks
import nimlib.checks.theory
import nimlib.checks.tournament
from nimlib import SimpleNim, TicTacToe, minimax
from nimlib.checks import (
    check_alphabeta,
    check_canonical,
    check_count_games,
    check_depth_limited,
    check_expectiminimax,
    check_four_in_a_row,
    check_general_minimax,
    check_grundy,
    check_keeps_result,
    check_memoized_minimax,
    check_memoized_won_lost,
    check_mex,
    check_negamax,
    check_nim_sum_rule,
    check_simple_minimax,
    check_table_alphabeta,
    check_variant,
    check_visited_states,
    check_window_after,
    check_winner,
    check_winning_moves,
    check_won_lost,
)
from nimlib.checks.runner import (
    FAILURES_SHOWN,
    Hinted,
    Scores,
    TooMuchWork,
    agrees_with,
    budget,
    ends_without_return,
    overtime,
    rehinted,
    run_cases,
)
from nimlib.checks.trial_games import AtMost
from nimlib.theory import mex, nim_sum


def test_a_right_answer_passes():
    result = run_cases("check_double", [("double(2)", lambda: 2 * 2, 4)])
    assert result.ok and repr(result) == "✔ check_double: all 1 cases right. Well done!"


def test_wrong_answers_and_exceptions_are_reported_not_raised():
    result = run_cases(
        "check_it", [("f(1)", lambda: 3, 2), ("f(0)", lambda: 1 / 0, 0), ("f(2)", lambda: 2, 2)]
    )
    assert not result.ok and result.passed == 1
    assert repr(result) == (
        "✘ check_it: 2 of 3 cases wrong:\n"
        "  - f(1) gave 3, expected 2\n"
        "  - f(0) raised ZeroDivisionError: division by zero; expected 0"
    )


def test_a_long_list_of_wrong_cases_is_cut_short():
    result = run_cases("check_many", [(f"f({n})", lambda: None, n) for n in range(20)])
    lines = repr(result).splitlines()
    assert lines[0] == "✘ check_many: 20 of 20 cases wrong:" and len(lines) == 10
    assert lines[-1] == "  ... and 12 more: fix these first"


def test_each_hint_is_said_once_at_the_first_case_it_fits():
    """One slip fails most cases: check_keeps_result said "answer True or False" eight times."""
    said = repr(check_keeps_result(lambda before, after: None))
    assert said.count("Hint: answer True or False") == 1
    assert "Hint:" in said.splitlines()[1]  # at the first case


def test_a_function_whose_parameters_do_not_fit_the_call_is_told_to_keep_the_def_line():
    """A memo parameter added to the skeleton got the exercise's hint, about the code that never
    ran: "at (0, False) the game is over: return game.evaluate's score"."""

    def with_a_memo(game, state, is_maximizing, memo):
        return 0

    def raises_its_own(game, state, is_maximizing):
        return sorted(1, 2, 3)

    said = flat(check_expectiminimax(with_a_memo))
    assert "missing 1 required positional argument: 'memo'" in said
    assert "Hint: the check calls your function as shown: keep the parameters" in said
    assert "game is over" not in said
    assert "the check calls your function" not in repr(check_expectiminimax(raises_its_own))


def test_a_nim_sum_for_a_truth_value_is_told_true_or_false():
    said = repr(check_nim_sum_rule(lambda piles: functools.reduce(operator.xor, piles, 0)))
    assert "Hint: answer True or False: whether the nim-sum" in " ".join(said.split())


TRUTH_CHECKS = [  # each check whose answer is True or False, and a right answer but as 1 or 0
    (check_nim_sum_rule, lambda piles: int(nim_sum(piles) != 0)),
    (
        check_keeps_result,
        lambda before, after: int((before > 0) - (before < 0) == (after < 0) - (after > 0)),
    ),
    (check_four_in_a_row, lambda stones: int(four_by_directions(stones))),
    # the won/lost search remembered: the plain one takes seconds to search the check's cases
    (check_won_lost, lambda counters, takes: int(cached_wins(counters, takes))),
    (check_memoized_won_lost, lambda counters, takes: int(cached_wins(counters, takes))),
]


@pytest.mark.parametrize(("check", "numbers"), TRUTH_CHECKS, ids=lambda item: item.__name__)
def test_a_truth_value_given_as_a_number_is_wrong_and_told_so(check, numbers):
    """1 equals True in Python, but a check of a truth value wants True or False itself."""
    result = check(numbers)
    assert not result.ok
    assert "Hint: that is an int, not a bool: return True or False" in flat(result)
    assert check(lambda *arguments: bool(numbers(*arguments))).ok


def as_truth_values(answer):
    """`answer` with each 1 or 0 in it (a score, say) as True or False, which Python finds equal."""
    if isinstance(answer, (list, tuple)):
        return type(answer)(as_truth_values(item) for item in answer)
    return bool(answer) if type(answer) in (int, float) and answer in (0, 1) else answer


SCORE_CHECKS = [  # each check whose answer is a score (or a window of them), and a right solution
    (check_simple_minimax, simple_minimax),
    (check_general_minimax, general_minimax),
    (check_negamax, negamax),
    (check_memoized_minimax, memo_minimax),
    (check_alphabeta, textbook),
    (check_table_alphabeta, table_alphabeta),
    (check_window_after, window_loop),
    (check_depth_limited, look_ahead),
    (check_expectiminimax, expecti_by_sum),
]


@pytest.mark.slow
@pytest.mark.parametrize(("check", "right"), SCORE_CHECKS, ids=lambda item: item.__name__)
def test_a_score_given_as_a_truth_value_is_wrong_and_told_so(check, right):
    """True equals 1 in Python, but a check of a score wants a number."""
    result = check(lambda *arguments: as_truth_values(right(*arguments)))
    assert not result.ok
    assert "Hint: that is a bool, not a number: a score is a number" in flat(result)
    assert check(right).ok


class WonAsTrue(TakeOneThreeOrFour):
    """The variant of notebook 03, scoring Min's loss at 0 counters True instead of +1."""

    def evaluate(self, counters, is_maximizing):
        return as_truth_values(super().evaluate(counters, is_maximizing))


def test_a_variant_scoring_a_win_true_is_wrong_and_told_so():
    result = check_variant(WonAsTrue)
    assert not result.ok
    assert "evaluate(0, is_maximizing=False) gave True, expected 1" in flat(result)
    assert "Hint: that is a bool, not a number" in flat(result)


def test_a_case_given_another_hint_keeps_its_kind_of_answer():
    case = rehinted(("f()", lambda: True, Scores(1)), "a hint of its own")
    assert "f() gave True, expected 1. Hint: that is a bool, not a number" in flat(
        run_cases("check_f", [case])
    )


def test_an_error_raised_again_is_named_not_repeated():
    said = repr(run_cases("check_many", [(f"f({n})", lambda: [][1], n) for n in range(3)]))
    assert said.count("IndexError: list index out of range") == 1
    assert said.count("raised the same IndexError; expected") == 2
    empty = repr(run_cases("check_empty", [("f()", lambda: next(iter(())), 1)]))
    assert "f() raised StopIteration; expected 1" in empty  # no stray ": "


# Numpy answers and everything else a learner's function may do: the check never raises


class Unfriendly:
    """An answer that cannot be compared, printed or used as a truth value."""

    def __eq__(self, other):
        raise RuntimeError("no comparing")

    def __bool__(self):
        raise RuntimeError("no truth value")

    def __repr__(self):
        raise RuntimeError("no repr")

    __hash__ = None


def stuck_forever(*arguments):
    while True:
        pass


def recurses_forever(*arguments):
    return recurses_forever(*arguments)


def calls_forever(*arguments):
    while True:
        abs(len(arguments))
        list(range(2))
        (lambda: None)()


def moves_forever(game, state, *arguments):
    def endless():
        while True:
            yield state

    return len(list(endless()))


def exits(*arguments):
    raise SystemExit(3)


ODD_ANSWERS = [
    lambda *arguments: np.array([1, -1]),
    lambda *arguments: np.array([]),
    lambda *arguments: np.int64(1),
    lambda *arguments: np.bool_(True),
    lambda *arguments: Unfriendly(),
    lambda *arguments: [Unfriendly()],
    lambda *arguments: list(range(10_000)),  # far longer than a message shows
    lambda *arguments: None,
    stuck_forever,
    recurses_forever,
    calls_forever,
    moves_forever,
    exits,
]

CHECKS = [
    check_simple_minimax,
    check_general_minimax,
    check_alphabeta,
    check_canonical,
    check_window_after,
    check_visited_states,
    check_winning_moves,
    check_won_lost,
    check_memoized_won_lost,
    check_nim_sum_rule,
    check_mex,
]


@pytest.fixture
def short_budget(monkeypatch):
    """A budget of 20,000 calls and 0.05 s, for the checks of searches and of a few sums alike
    (check_mex, which the tests of the clock use, has the short clock of a few sums), and for the
    questions a hint asks again (an answer that never comes waited the busy machine's 12 s)."""
    monkeypatch.setattr(nimlib.checks.runner, "MAX_CALLS", 20_000)
    monkeypatch.setattr(nimlib.checks.runner, "MAX_SECONDS", 0.05)
    monkeypatch.setattr(nimlib.checks.runner, "QUICK_SECONDS", 0.05)
    monkeypatch.setattr(nimlib.checks.theory, "QUICK_SECONDS", 0.05)


@pytest.mark.slow
@pytest.mark.parametrize("answer", ODD_ANSWERS)
@pytest.mark.parametrize("check", CHECKS, ids=lambda check: check.__name__)
def test_a_check_never_raises_and_rejects_odd_answers(short_budget, check, answer):
    result = check(answer)
    assert not result.ok
    assert repr(result).startswith("✘")


def holds_itself(*arguments):
    """A list whose one item is the list itself: Python prints it as [[...]]."""
    answer = []
    answer.append(answer)
    return answer


def nested_deeper_than_the_recursion_limit(*arguments):
    answer = 1
    for _ in range(sys.getrecursionlimit() + 100):
        answer = [answer]
    return answer


@pytest.mark.parametrize("answer", [holds_itself, nested_deeper_than_the_recursion_limit])
@pytest.mark.parametrize(
    "check", [check_simple_minimax, check_mex, check_won_lost], ids=lambda check: check.__name__
)
def test_a_list_too_deep_to_compare_is_a_wrong_answer_of_a_check_with_a_kind(check, answer):
    """Comparing it, or looking in it for a value of another kind, reaches the recursion limit:
    the check says it is wrong, and raises nothing."""
    result = check(answer)
    assert not result.ok
    assert "gave [[" in flat(result)


def test_a_function_that_prints_its_answer_is_told_to_return_it(capsys):
    """A learner who prints the answer instead of returning it was told only "gave None"."""

    def printing_wins(counters, takes):
        print(wins(counters, takes))

    said = flat(check_won_lost(printing_wins))
    assert "Hint: your function printed and gave None: return the answer" in said
    assert "printed" not in flat(check_won_lost(lambda counters, takes: None))


def test_what_a_learners_search_prints_is_cut_short_and_counted(capsys):
    """A print left in a recursive search prints at every call: 8,890 lines for this check."""

    def printing_minimax(counters, max_turn):
        print("visiting", counters)
        if counters == 0:
            return 1 if max_turn else -1
        scores = [printing_minimax(counters - t, not max_turn) for t in (1, 2, 3) if t <= counters]
        return max(scores) if max_turn else min(scores)

    result = check_simple_minimax(printing_minimax)
    printed = capsys.readouterr().out.splitlines()
    assert result.ok
    assert printed[:2] == ["visiting 0", "visiting 0"]
    assert len(printed) == nimlib.checks.runner.PRINTED_LINES
    assert flat(result).startswith("(your code printed 97,364 more characters, not shown")


def test_a_learners_print_on_one_endless_line_is_cut_short_and_counted(capsys):
    """A print that ends with a space, not a new line, wrote all of its 300,000 characters: the
    check counted lines only."""

    def printing_wins(counters, takes):
        print(counters, end=" ")
        return any(not printing_wins(counters - t, takes) for t in takes if t <= counters)

    result = check_won_lost(printing_wins)
    printed = capsys.readouterr().out
    assert result.ok
    assert len(printed) == nimlib.checks.runner.PRINTED_CHARACTERS + len("...\n")
    assert printed.endswith("0 0...\n") and printed.startswith("0 1 0 2 1 0 ")
    assert re.match(r"\(your code printed [\d,]{7,} more characters, not shown", flat(result))


def test_a_function_that_can_end_without_a_return_is_told_so_where_it_gives_none():
    """A nim-sum rule whose last line computes the answer and drops it was hinted at the formula,
    which was right; a Grundy search whose recursion hands mex its Nones was told of "value 1"."""

    def nim_sum_dropped(piles):
        total = 0
        for pile in piles:
            total ^= pile
        total != 0  # noqa: B015 (the slip: no return)

    @functools.cache
    def grundy_dropped(counters, takes):
        value = mex([grundy_dropped(counters - take, takes) for take in takes if take <= counters])  # noqa: F841

    def skeleton(piles):
        return None  # your code here

    no_return = "Hint: your function can reach its end without a return statement"
    assert no_return in flat(check_nim_sum_rule(nim_sum_dropped))
    said = flat(check_grundy(grundy_dropped))  # mex names the None its recursion gave it
    assert "raised ValueError: value number 1 must be a whole number, not None" in said
    assert "without a return" not in flat(check_nim_sum_rule(skeleton))


def test_a_recursive_search_without_its_return_is_told_so_where_max_meets_none():
    """The most common slip of notebook 01's first exercise: the call inside gave None to max()
    of the call above, and the learner saw only Python's TypeError, with no hint."""

    def minimax_dropped(counters, max_turn):
        if counters == 0:
            return 1 if max_turn else -1
        moves = [take for take in (1, 2, 3) if take <= counters]
        scores = [minimax_dropped(counters - take, not max_turn) for take in moves]
        max(scores) if max_turn else min(scores)  # noqa: B018 (the slip: no return)

    said = flat(check_simple_minimax(minimax_dropped))
    assert "raised TypeError: '>' not supported between instances of 'int' and 'NoneType'" in said
    assert "Hint: None met a number. Your function can reach its end without a return" in said


def test_a_function_ends_without_a_return_where_its_last_statement_can_fall_through():
    def returns_in_both_branches(n):
        if n:
            return 1
        else:
            return 2

    def returns_in_one_branch(n):
        if n:
            return 1

    def ends_in_a_loop(n):
        for _ in range(n):
            return n

    def returns_in_try_and_except(table, n):  # was said to end without a return
        try:
            return table[n]
        except KeyError:
            return 0

    def returns_in_try_not_except(table, n):
        try:
            return table[n]
        except KeyError:
            table[n] = 0

    def returns_in_with(path):
        with open(path) as file:
            return file.read()

    returning = [returns_in_both_branches, len, returns_in_try_and_except, returns_in_with]
    assert not any(map(ends_without_return, returning))
    assert not ends_without_return(lambda n: None)
    falling = [returns_in_one_branch, ends_in_a_loop, returns_in_try_not_except]
    assert all(map(ends_without_return, falling))


def yields_its_answer(*arguments):
    """A function that yields its answer where it should return it."""
    yield 1


@pytest.mark.parametrize("check", [check_general_minimax, check_alphabeta, check_mex])
def test_a_function_that_yields_is_told_to_return(check):
    said = flat(check(yields_its_answer))
    assert "gave [<generator object yields_its_answer" in said or "gave <generator" in said
    assert said.count("Hint: that is a generator, which a function with a yield in it") == 1


def sorts_the_moves(game, state, is_maximizing, *window):
    """Minimax right for a game whose moves come as a list, sorting them first."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    moves = game.possible_new_states(state)
    moves.sort()
    scores = [sorts_the_moves(game, new, not is_maximizing) for new in moves]
    return max(scores) if is_maximizing else min(scores)


def indexes_the_moves(game, state, is_maximizing, *window):
    """Minimax right for a game whose moves come as a list, asking their len() and each by index."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    moves = game.possible_new_states(state)
    scores = [indexes_the_moves(game, moves[i], not is_maximizing) for i in range(len(moves))]
    return max(scores) if is_maximizing else min(scores)


@pytest.mark.parametrize(
    "check",
    [
        check_general_minimax,
        check_memoized_minimax,
        pytest.param(check_alphabeta, marks=pytest.mark.slow),
    ],
)
def test_moves_asked_their_len_or_an_index_or_sorted_are_told_to_make_a_list(check):
    """Nim's moves are a generator: "object of type 'generator' has no len()" came with no hint,
    and so did "'generator' object has no attribute 'sort'"."""
    for function, error in [
        (indexes_the_moves, "object of type 'generator' has no len()"),
        (sorts_the_moves, "'generator' object has no attribute 'sort'"),
    ]:
        said = flat(check(function))
        assert error in said
        assert said.count("Hint: game.possible_new_states may give a generator (Nim's does)") == 1


def test_a_learners_code_may_ask_standard_output_what_a_stream_tells():
    def asks_the_output(values):
        assert sys.stdout.encoding and not sys.stdout.isatty()
        return min(set(range(len(values) + 1)) - set(values))

    assert check_mex(asks_the_output).ok


def test_a_check_of_a_class_never_raises_whatever_the_class_does(short_budget):
    for game in [Unfriendly(), None, 3, type("Stuck", (), {"__init__": stuck_forever})]:
        assert not check_variant(game).ok


def test_stopped_functions_are_reported_as_running_too_long(short_budget, monkeypatch):
    stuck = flat(check_mex(stuck_forever))
    assert "was stopped after more than 0.05 seconds" in stuck
    monkeypatch.setattr(nimlib.checks.theory, "QUICK_SECONDS", 30)  # the calls run out first
    endless = flat(check_mex(calls_forever))
    assert "was stopped after more than 20,000 calls" in endless


def test_a_check_stops_at_its_first_case_that_runs_too_long(short_budget):
    asked = []

    def stuck_after_two(values):
        asked.append(values)
        if len(asked) > 2:
            stuck_forever()
        return min(set(range(len(values) + 1)) - set(values))

    result = check_mex(stuck_after_two)
    assert len(asked) == 3 and result.passed == 2 and len(result.failures) == 1
    total = 3 + result.not_run
    assert result.not_run > 0 and repr(result).startswith(
        f"✘ check_mex: 1 of {total} cases wrong ({result.not_run} more not run"
    )
    assert "was stopped after more than 0.05 seconds: far more than a right answer needs" in (
        flat(result)
    )


def swallows_every_stop(values, call=len):
    """A loop around a bare except, as a beginner writes one: it catches the check's stop too
    (100 times at most, so that a test fails but never hangs). Each round calls `call` on the
    values: Python's own len, which the call budget does not count, or a Python function, which
    it does."""
    swallowed = 0
    while swallowed < 100:
        try:
            call(values)
            sum(range(1000))
        except:  # noqa: E722
            swallowed += 1
    return "ran on past 100 stops"


def test_a_stop_caught_by_a_bare_except_is_raised_again_until_it_gets_out(
    short_budget, monkeypatch
):
    """A lecturer's grading lost a student's whole assignment: a loop around a bare except caught
    every stop of the check, ran past nbgrader's 300 s, and nbgrader dropped the notebook."""
    monkeypatch.setattr(nimlib.checks.runner, "RING_AGAIN", 0.05)
    said = flat(check_mex(swallows_every_stop))
    assert "was stopped after more than 0.05 seconds" in said, said
    monkeypatch.setattr(nimlib.checks.theory, "QUICK_SECONDS", 30)  # the calls run out first
    said = flat(check_mex(functools.partial(swallows_every_stop, call=lambda values: len(values))))
    assert "was stopped after more than 20,000 calls" in said, said


def test_a_ring_of_another_timer_does_not_stop_a_check(monkeypatch):
    """A check failed once in CI, "stopped after more than 30 seconds" at once: an alarm of the
    check before it, on its way as its timer was turned off, rang in the next one's."""
    rung = []

    def right_after_a_stray_ring(values):
        if not rung:
            rung.append(os.kill(os.getpid(), signal.SIGALRM))
        return mex(values)  # the signal's handler runs as mex is called

    monkeypatch.setattr(nimlib.checks.theory, "QUICK_SECONDS", 30)
    result = check_mex(right_after_a_stray_ring)
    assert rung and result.ok, flat(result)


def catches_the_stop_once(values, work=lambda: spin(60)):
    """Catches the check's stop once, and answers as if nothing had happened: around a loop that
    calls no Python function (for 60 s at most: a test that fails, but never hangs), or around
    some other `work`."""
    try:
        work()
    except:  # noqa: E722
        return 99


def test_a_stop_caught_once_is_raised_again(short_budget, monkeypatch):
    """Its first stop was raised again only at the timer's second ring, by which time it had
    answered 99: every case got 99, 42 s in all. Stopped by the call budget, whose hook Python
    unsets as it raises, it answered 99 before the timer could ring."""
    monkeypatch.setattr(nimlib.checks.runner, "RING_AGAIN", 0.05)
    said = flat(check_mex(catches_the_stop_once))
    assert "was stopped after more than 0.05 seconds" in said and "gave 99" not in said, said
    monkeypatch.setattr(nimlib.checks.theory, "QUICK_SECONDS", 30)  # the calls run out first
    calling = functools.partial(
        catches_the_stop_once, work=lambda: [mex([0]) for _ in iter(int, 1)]
    )
    said = flat(check_mex(calling))
    assert "was stopped after more than 20,000 calls" in said and "gave 99" not in said, said


def test_a_budget_stops_the_learners_call_after_a_call_of_its_own(monkeypatch):
    """A hint asks `Close(answer) == function(...)`: the budget took the first call in its body,
    nimlib's own Close, for the learner's, and its timer never stopped the learner's loop."""
    monkeypatch.setattr(nimlib.checks.runner, "RING_AGAIN", 0.05)
    with pytest.raises(TooMuchWork), budget(seconds=0.05):
        mex([0])
        spin(60)


def test_the_call_cap_stops_a_function_never_inside_a_generator_being_closed(monkeypatch):
    """A count of games without a memo stops at the cap with generators of TicTacToe.winner half
    done; had the cap raised as one was closed, Python would have printed the exception, lost."""
    monkeypatch.setattr(nimlib.checks.runner, "MAX_CALLS", 20_000)
    lost = []
    monkeypatch.setattr(sys, "unraisablehook", lost.append)
    said = flat(check_count_games(count_games_without_a_memo))
    gc.collect()
    assert "was stopped after more than 20,000 calls" in said
    assert [str(exception.exc_value) for exception in lost] == []


def spin(seconds):
    """Keep the processor busy for `seconds`, calling no Python function."""
    end = monotonic() + seconds
    while monotonic() < end:
        pass


class SlowToLetGo:
    """An object whose finalizer takes 0.2 s: longer than the first rings of a timer of 0.05 s
    that rings again every 0.05 s."""

    def __del__(self):
        spin(0.2)


def endless_among_finalizers(values):
    """Lets go of a SlowToLetGo first, so that the timer's first rings come in its finalizer,
    where Python prints them and goes on; then loops for 5 s in plain code."""
    SlowToLetGo()  # made and let go at once: its finalizer runs here
    spin(5)
    return "went on for 5 s"


def test_a_ring_of_the_timer_lost_in_a_finalizer_is_not_the_last(short_budget, monkeypatch):
    monkeypatch.setattr(nimlib.checks.runner, "RING_AGAIN", 0.05)
    printed = []  # what Python would print under the cell: the lost rings are not
    monkeypatch.setattr(sys, "unraisablehook", printed.append)
    said = flat(check_mex(endless_among_finalizers))
    assert "was stopped after more than 0.05 seconds" in said, said
    assert printed == [] and sys.unraisablehook == printed.append


def test_no_hint_is_worked_out_for_a_failure_past_those_shown():
    """A hint asks the learner's function again, often: for a wrong answer failing every case of
    notebook 07's check, the hints of the cases past the eighth took 4-5 s, and were never shown."""
    asked = []

    def hint(answer):
        asked.append(answer)
        return "a hint"

    cases = [(f"case {number}", lambda: 0, Hinted(1, hint)) for number in range(12)]
    result = run_cases("check_counting", cases)
    assert len(result.failures) == 12 and len(asked) == FAILURES_SHOWN == 8
    assert "... and 4 more: fix these first" in repr(result)


def test_a_check_is_true_only_when_it_passed():
    """A failed check was true, as any object is: ``assert check_mex(my_mex)`` passed on a wrong
    mex, and so did ``if check_mex(my_mex):``."""
    assert not check_mex(lambda values: 0)
    assert check_mex(lambda values: min(set(range(len(values) + 1)) - set(values)))


def test_a_graded_check_fails_its_cell_with_the_checks_message_and_no_traceback(capsys):
    """A graded cell's ``assert result.ok, result`` showed a traceback of the cell's own code
    above the check's message, in the student's notebook and in the feedback."""
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    shell.user_ns["check_mex"] = check_mex
    right = "lambda values: min(set(range(len(values) + 1)) - set(values))"
    assert shell.run_cell(f"check_mex({right}).raise_if_wrong()").success
    wrong = shell.run_cell("check_mex(lambda values: 0).raise_if_wrong()")
    shown = capsys.readouterr().out
    assert isinstance(wrong.error_in_exec, AssertionError)  # nbgrader: the cell failed
    assert shown.startswith("✘ check_mex: ") and "Traceback" not in shown and "Cell" not in shown


def test_a_name_not_defined_is_told_to_run_the_cell_that_defines_it():
    """After a restart, a worked solution that used math of a cell above raised NameError, and
    the exercise's hint about UCB1 came with it; a local used before it is given is the
    function's own slip, not a cell left unrun."""

    def mex_of_a_cell_not_run(values):
        return smallest_missing(values)  # noqa: F821 (defined in a cell not run)

    def mex_before_its_value(values):
        if values:
            answer = 0
        return answer

    def mex_reading_a_free_variable_before_it_is_given(values):
        def smallest():
            return answer

        found = smallest()
        answer = 0
        return found

    said = flat(check_mex(mex_of_a_cell_not_run))
    assert "raised NameError: name 'smallest_missing' is not defined" in said
    assert "Hint: if a cell above defines that name or imports it, run that cell first" in said
    assert "run that cell first" not in flat(check_mex(mex_before_its_value))
    free_variable = flat(check_mex(mex_reading_a_free_variable_before_it_is_given))
    assert "raised NameError: cannot access free variable 'answer'" in free_variable
    assert "run that cell first" not in free_variable


def test_an_answer_that_changes_the_list_it_is_given_is_wrong_and_the_check_keeps_its_own():
    """values.sort() inside a mex passed: the right number, from a list its caller then found
    sorted; the check's own cases are given copies, so the next case is asked as written."""
    seen = []

    def sorting_mex(values):
        seen.append(list(values))
        values.sort()
        return min(set(range(len(values) + 1)) - set(values))

    said = flat(check_mex(sorting_mex))
    assert "sorting_mex([3, 0, 2, 1]) gave 4 but changed the list it was given, expected 4" in said
    assert "(sorted(values) rather than values.sort()" in said
    assert [3, 0, 2, 1] in seen and [0, 1, 2, 3] not in seen


def test_a_name_the_exercises_import_is_told_its_import():
    """inf, never imported in notebooks 01-04, was told to run the cell above that defines it,
    which none does (02's own hint says to start best at -inf)."""

    def mex_of_inf(values):
        return min(inf, len(values))  # noqa: F821 (not imported)

    said = flat(check_mex(mex_of_inf))
    assert "Hint: inf is imported, not built in: write from math import inf above your" in said


def test_a_memo_kept_on_a_game_of_nimlibs_is_told_to_keep_a_dict_of_its_own():
    """game.my_memo = {} raised FrozenInstanceError ("cannot assign to field") with no hint."""

    def minimax_with_a_memo_on_the_game(game, state, is_maximizing):
        game.my_memo = {}
        return minimax(game, state, is_maximizing)

    said = flat(check_general_minimax(minimax_with_a_memo_on_the_game))
    assert "raised FrozenInstanceError: cannot assign to field 'my_memo'" in said
    assert "Hint: nimlib's games cannot be changed (their settings are fixed once made)" in said


def test_a_search_of_the_notebooks_game_not_the_one_given_is_told_so_by_every_check():
    """A first parameter named g, and game in the body, searched the notebook's global game: the
    exercise's hint blamed whatever went wrong in the other games. A function that reads its
    parameters and the notebook's game too (a board's winner, say) is not told so."""

    def minimax_of_g(g, state, is_maximizing):
        return minimax(game, state, is_maximizing)  # noqa: F821 (the notebook's global)

    def winner_by_the_notebooks_game(board):
        return game.winner(board) or ""  # noqa: F821

    said = flat(check_general_minimax(beside_the_notebooks_game(minimax_of_g, SimpleNim())))
    assert (
        "Hint: does your function search the game it is given (its first parameter, g), not the "
        "notebook's game? It never reads g, but reads the global game that a cell above made"
        in said
    )
    assert "game.evaluate" not in said
    winner = beside_the_notebooks_game(winner_by_the_notebooks_game, TicTacToe())
    said = flat(check_winner(winner))
    assert "Hint: where nobody has a line, return None itself, not ''" in said
    assert "does your function search the game" not in said


def test_a_function_that_asks_for_input_is_told_nobody_types_during_a_check():
    """In a notebook, a bot that called input() opened a box under the cell and waited there
    until the check's clock stopped it ("far too slow, or does a loop never end?")."""
    before = builtins.input
    said = flat(check_mex(lambda values: int(input("mex? "))))
    assert "raised EOFError: input() during a check, with nobody to type" in said
    assert builtins.input is before


def test_numpy_answers_that_are_right_pass():
    assert check_mex(lambda values: np.int64(min(set(range(len(values) + 1)) - set(values)))).ok
    assert check_nim_sum_rule(lambda piles: np.bool_(nim_sum(piles) != 0)).ok
    assert check_general_minimax(
        lambda game, state, is_max: np.float64(minimax(game, state, is_max))
    ).ok
    assert check_simple_minimax(
        lambda counters, max_turn: np.int64(minimax(nimlib.SimpleNim(), counters, max_turn))
    ).ok


def test_the_tracing_of_a_debugger_is_left_as_it_was():
    def tracer(frame, event, argument):
        return None

    sys.settrace(tracer)
    try:
        check_mex(lambda values: 0)
        assert sys.gettrace() is tracer
    finally:
        sys.settrace(None)


def test_the_garbage_collectors_callbacks_are_put_aside_while_a_case_runs():
    def callback(phase, info):
        return None

    seen = []

    def answer(values):
        seen.append(list(gc.callbacks))
        return 0

    gc.callbacks.append(callback)
    try:
        check_mex(answer)
        assert seen and all(callbacks == [] for callbacks in seen)
        assert gc.callbacks[-1] is callback
    finally:
        gc.callbacks.remove(callback)


# An endless recursion checked while the garbage collector collects often, runs a callback
# (hypothesis adds one to the tests' processes) and finalizes objects the recursion leaves behind:
# CPython 3.11 crashed with a segmentation fault here, every time, until the check held its tracing
# hook by a reference of its own.
ENDLESS_BESIDE_THE_COLLECTOR = """
import gc
from nimlib.checks import check_simple_minimax

class Cycle:
    def __init__(self):
        self.itself = self

    def __del__(self):
        [number for number in range(3)]

def recurses_forever(*arguments):
    Cycle()
    return recurses_forever(*arguments)

gc.callbacks.append(lambda phase, info: None)
gc.set_threshold(3, 2, 2)
results = [check_simple_minimax(recurses_forever) for _ in range(30)]
print(sum("raised RecursionError" in repr(result) for result in results))
"""


@pytest.mark.slow
def test_an_endless_recursion_beside_the_collector_is_reported_not_a_crash():
    command = [sys.executable, "-c", ENDLESS_BESIDE_THE_COLLECTOR]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "30"


# A learner's function that raises Python's recursion limit far, then recurses without end: Python
# crashed (a segmentation fault, the kernel lost) before it could raise RecursionError.
RAISES_THE_LIMIT = """
import sys
from nimlib.checks import check_simple_minimax

def recurses_forever(*arguments):
    sys.setrecursionlimit(100_000)
    return recurses_forever(*arguments)

print(repr(check_simple_minimax(recurses_forever)))
print(sys.getrecursionlimit())
"""


def test_a_recursion_limit_raised_by_the_learner_gives_recursion_error_and_is_put_back():
    done = subprocess.run(
        [sys.executable, "-c", RAISES_THE_LIMIT], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    said = re.sub(r"\n {4}", " ", done.stdout)  # its messages unwrapped
    assert "raised RecursionError; expected " in said, done.stdout
    assert "Hint: does every call get closer" in said, done.stdout
    assert done.stdout.split()[-1] == str(sys.getrecursionlimit())


def test_at_most_matches_every_count_up_to_its_limit():
    limit = AtMost(3, "three")
    assert [answer == limit for answer in (0, 3, 4, None, "3")] == [True, True, False, False, False]
    answers = [(1, 2), (1, 4)]
    assert [answer == (1, limit) for answer in answers] == [True, False]
    assert repr(AtMost(1_000, "a thousand")) == "at most 1,000 (a thousand)"


def test_the_checks_import_where_python_has_no_resource_module():
    """Windows and the in-browser site (Pyodide) have no `resource`: the tournament's processes
    need it, the checks must not."""
    code = "import sys; sys.modules['resource'] = None; import nimlib.checks"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_a_check_given_a_value_instead_of_a_function_says_so():
    from nimlib.checks import check_won_lost

    result = check_won_lost(True)  # as check_won_lost(wins_taking(5, (1, 2, 3))) gives it
    assert not result.ok and result.passed == 0
    assert "check_won_lost needs your function itself, not True (bool)" in result.failures[0]
    assert "without parentheses" in result.failures[0]
    assert check_won_lost.__name__ == "check_won_lost" and "counters" in check_won_lost.__doc__


def test_a_check_given_a_game_instead_of_a_function_says_so():
    """check_general_minimax(SimpleNim) gave ten ValueErrors of SimpleNim's own settings (a class
    such as list or tuple may be the learner's function: test_beyond.py gives one)."""
    from nimlib import SimpleNim
    from nimlib.checks import check_general_minimax

    result = check_general_minimax(SimpleNim)
    assert not result.ok and result.passed == 0 and len(result.failures) == 1
    assert "needs your function, not the game SimpleNim: write check_gen" in result.failures[0]


@pytest.mark.parametrize(
    "imported",
    [
        nimlib.minimax,
        functools.cache(nimlib.minimax),
        nimlib.Nim().canonical,
        nimlib.checks.tournament.keeps_result,
    ],
    ids=["minimax", "minimax under a cache", "Nim's canonical", "a check's own reference"],
)
def test_a_function_of_nimlibs_own_is_refused_unrun(imported):
    """nimlib's minimax passed check_general_minimax, and earned a graded exercise's point
    unwritten; so did the reference function of check_keeps_result."""
    from nimlib.checks import check_general_minimax

    result = check_general_minimax(imported)
    assert not result.ok and result.passed == 0
    assert "is nimlib's own, from nimlib." in flat(result) and "write yours" in flat(result)


def test_a_function_written_with_async_def_is_named_and_never_called(recwarn):
    """Its calls gave coroutines, shown as wrong answers, and Python warned later of each one never
    awaited."""
    from nimlib.checks import check_mex, check_simple_minimax

    async def minimax(counters: int, max_turn: bool) -> int:
        return 1

    async def mex(values: list[int]):  # an async generator
        yield 0

    for check, function in ((check_simple_minimax, minimax), (check_mex, mex)):
        result = check(function)
        assert not result.ok
        assert result.failures == [
            f"{function.__name__} is written with async def: write it with def"
        ]
    gc.collect()
    assert [str(warning.message) for warning in recwarn] == []


EVERY_CHECK = [
    getattr(nimlib.checks, name)
    for name in nimlib.checks.__all__
    if name.startswith("check_") and name not in ("check_bot", "check_ladder")  # bots: processes
]


@pytest.mark.parametrize("check", each_check(EVERY_CHECK))
def test_a_function_that_calls_sys_exit_is_a_wrong_answer_of_every_check_and_of_its_hints(check):
    exiting = type("Exits", (), {"__init__": exits}) if check is check_variant else exits
    result = check(exiting)
    assert not result.ok and "SystemExit: 3" in flat(result)


class OwnStop(BaseException):
    """A learner's own exception that is no Exception, as GeneratorExit is none."""


@pytest.mark.parametrize("error", [GeneratorExit, OwnStop])
@pytest.mark.parametrize("check", each_check(EVERY_CHECK))
def test_a_function_that_raises_a_base_exception_is_a_wrong_answer_of_every_check_and_its_hints(
    check, error
):
    def raises(*arguments):
        raise error("stop")

    raising = type("Raises", (), {"__init__": raises}) if check is check_variant else raises
    result = check(raising)
    assert not result.ok and f"{error.__name__}: stop" in flat(result)


def test_a_function_not_written_yet_gets_no_hint_even_with_a_message():
    def keeps(before, after):
        raise NotImplementedError("write keeps_result")

    said = flat(check_keeps_result(keeps))
    assert "raised NotImplementedError: write keeps_result; expected True" in said
    assert "Hint" not in said


def test_a_search_giving_back_its_moves_scores_whole_is_told_to_give_one():
    """A search that returns the list of its moves' scores, max() or min() forgotten, was shown its
    nested lists against the scores with no word on them."""

    def all_scores(game, state, is_maximizing):
        score = game.evaluate(state, is_maximizing)
        if score is not None:
            return score
        return [all_scores(game, new, not is_maximizing) for new in game.possible_new_states(state)]

    said = flat(check_general_minimax(all_scores))
    assert "Hint: a score is one number, not a list: return the best of the moves' scores" in said
    assert "not a list" not in flat(check_general_minimax(general_minimax))


def test_a_search_giving_back_a_score_with_its_move_is_told_to_give_the_score_alone():
    """A search that returns (score, new_state), as best_move does, was shown its pairs against the
    scores with no word on them."""

    def with_its_move(game, state, is_maximizing):
        score = game.evaluate(state, is_maximizing)
        if score is not None:
            return score
        pairs = [
            (general_minimax(game, new, not is_maximizing), new)
            for new in game.possible_new_states(state)
        ]
        return (max if is_maximizing else min)(pairs)

    said = flat(check_general_minimax(with_its_move))
    assert "Hint: a score is one number, not a tuple: return the score alone" in said
    assert "not a tuple" not in flat(check_general_minimax(general_minimax))


def test_a_hint_asks_the_learners_function_beside_its_case_and_a_raise_is_a_no():
    arguments = [(2, 3), (4, 5)]
    assert agrees_with(lambda a, b: a + b, operator.add, arguments)
    assert not agrees_with(lambda a, b: a + b if a < 4 else 0, operator.add, arguments)
    assert not agrees_with(lambda a, b: 1 / 0, operator.add, arguments)


def test_a_long_error_message_is_cut_after_a_whole_word():
    """It was cut at 156 characters, mid-word ("use last_counter_lo ...")."""

    def raises(counters, max_turn):
        raise ValueError("counters " * 40)

    said = flat(check_simple_minimax(raises))
    assert "raised ValueError: counters" in said and "counters ...;" in said


def test_a_case_stopped_long_after_its_limit_says_how_long_it_ran_and_why():
    """A single sum over a huge range kept a kernel busy 271 s, and the check said "more than 10
    seconds": no timer cuts short one call of Python's own."""
    assert overtime(10, 10.4) == "more than 10 seconds"
    said = overtime(10, 271.2)
    assert said.startswith("271 seconds (its limit is 10, but one long call of Python's own")
