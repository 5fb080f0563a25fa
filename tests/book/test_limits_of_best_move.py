"""The limits, round three (issue 36), in the book's searches: best_move's root, its longest
defence, solver's window and SearchStats' counters, each case in a child process under 2 GB."""

import pytest
from child import SLACK, check

pytestmark = pytest.mark.ci

# the clock far off (60 s): the cap on moves must stop it, however busy the machine
ENDLESS_ROOT = "best_move(ENDLESS, 0, stats=SearchStats(max_seconds=60))"


def test_best_move_takes_an_endless_generator_of_moves_under_its_budget():
    words = ["possible_new_states gave more than 1,000,000 moves from 0"]
    result = check(ENDLESS_ROOT, "SearchBudgetExceeded", words, 1 + SLACK)
    assert result["peak"] < 1_000_000_000


@pytest.mark.parametrize(
    "expression, answer",
    [
        ("best_move(SimpleNim(), 997)", "(-1, 996)"),  # lost: the longest defence takes 1
        ("best_move(SimpleNim(last_counter_loses=False), 1000)", "(-1, 999)"),
    ],
)
def test_the_longest_defence_of_a_long_game_answers(expression, answer):
    assert check(expression, "answer", [answer], 5 + SLACK)["message"] == answer


def test_scores_too_large_for_a_float_still_give_a_move():
    expression = (
        "best_move(type('Huge', (SimpleNim,), {'score_range': (0, 10**400), 'evaluate': "
        "lambda self, s, m: None if s else (10**400 if m else 0)})(), 5)"
    )
    assert check(expression, "answer", [], 2 + SLACK)["message"].startswith("(")


@pytest.mark.parametrize(
    "expression, words",
    [
        ("solver(Nim(), 'alphabeta')((1, 2), True, 1, 0)", "alpha must be less than beta"),
        ("solver(Nim(), 'alphabeta')((1, 2), True, 'a', 'b')", "alpha must be a number"),
        ("SearchStats(calls='x')", "calls must be a whole number, not 'x'"),
        ("SearchStats(cutoffs=(1, 2, 'a'))", "cutoffs must be a whole number"),
    ],
)
def test_a_wrong_window_and_odd_counters_are_refused_in_words(expression, words):
    check(expression, "ValueError", [words], 1 + SLACK)
