"""The checks of notebook 11: what check_four_in_a_row shows a learner."""

import time
from itertools import pairwise, permutations

import numpy as np
import pytest
from flat_text import flat
from solutions import FOUR_IN_A_ROW, result_of

from nimlib.checks import check_four_in_a_row, check_win_score
from nimlib.checks.runner import QUICK_SECONDS


def test_a_case_shows_the_set_it_passes_as_a_call_to_copy():
    said = flat(check_four_in_a_row(lambda stones: False))
    assert "f({(1, 1), (2, 1), (3, 1), (4, 1)}) (across, at the bottom)" in said


def test_a_function_that_raises_gets_its_error_and_no_hint_about_answers():
    said = flat(check_four_in_a_row(lambda stones: stones.count((1, 1))))
    assert "raised AttributeError: 'set' object has no attribute 'count'" in said
    assert "answer True or False" not in said


def test_counting_three_in_a_row_is_told_four_cells_not_the_edge():
    said = flat(check_four_in_a_row(FOUR_IN_A_ROW[1]["three is enough"]))
    assert "three are not enough" in said and "board's edge" not in said


def test_a_missed_diagonal_is_told_which_way_the_line_runs():
    said = flat(result_of(check_four_in_a_row, "no diagonals"))
    assert "Hint: a line along a diagonal up to the right counts too, (1, 1) a step" in said
    said = flat(result_of(check_four_in_a_row, "no falling diagonal"))
    assert "Hint: a line along a diagonal up to the left counts too, (1, -1) a step" in said
    edge = flat(result_of(check_four_in_a_row, "no start in the last column"))
    assert "counts too" not in edge and "up to the board's last row and column" in edge


def test_a_false_returned_inside_the_loops_is_told_so_not_a_direction():
    """Its hints named a direction it tried, or the board's edge."""
    said = flat(result_of(check_four_in_a_row, "False after one stone"))
    assert "it answered False after trying one stone. Return False only after both loops" in said
    assert "counts too" not in said and "board's last row" not in said


def test_four_stones_with_a_gap_are_told_no_gap_not_three():
    def four_in_one_row(stones):
        return any(sum((c, r) in stones for c in range(1, 8)) >= 4 for r in range(1, 7))

    said = flat(check_four_in_a_row(four_in_one_row))
    assert "(a gap in the row) gave True, expected False. Hint: four in a line means four " in said
    assert "three are not enough" not in said


def test_stones_kept_from_earlier_calls_are_told_so():
    def has_four(stones, seen=set()):  # noqa: B006 (the slip under test)
        seen |= stones
        return any(
            all((c + k * dc, r + k * dr) in seen for k in range(4))
            for c, r in seen
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1))
        )

    said = flat(check_four_in_a_row(has_four))
    assert "Hint: an empty board, asked again, gave True too: stones outlive the call" in said


def test_true_for_no_stones_is_told_to_answer_false():
    said = flat(check_four_in_a_row(lambda stones: not stones or FOUR_IN_A_ROW[0]["bits"](stones)))
    assert "f(set()) (no stones) gave True, expected False. Hint: an empty set holds" in said


def test_the_notebooks_bitboard_test_given_the_set_is_told_stones_are_cells():
    """It raised TypeError: unsupported operand type(s) for >>: 'set' and 'int', with no hint."""
    said = flat(result_of(check_four_in_a_row, "the notebook's bitboard test, on the set"))
    assert (
        "raised TypeError: unsupported operand type(s) for >>: 'set' and 'int'; expected True. "
        "Hint: here stones is a set of (column, row) cells, not a bitboard" in said
    )


def test_a_generator_of_truth_values_is_told_to_put_any_around_it():
    said = flat(result_of(check_four_in_a_row, "a generator, any() left out"))
    assert "Hint: that is a generator" in said and "any(...) around it" in said


def test_the_likely_slips_in_a_win_score_get_their_hints():
    said = flat(check_win_score(lambda width, height, stones: (width * height + 1 - stones) // 2))
    assert "stones counts the winning stone too" in said  # section 2's rule, the stones before
    said = flat(
        check_win_score(lambda width, height, stones: -((width * height + 2 - stones) // 2))
    )
    assert "the score is the winner's: a positive number" in said


def test_half_the_board_on_an_odd_board_is_told_to_count_the_cells_left():
    said = flat(
        check_win_score(lambda width, height, stones: width * height // 2 + 1 - (stones + 1) // 2)
    )
    assert "this board has an odd number of cells" in said
    assert "stones counts the winning stone too" not in said


def test_the_cells_and_the_stones_halved_apart_are_told_to_halve_once():
    """(w*h)//2 - s//2 + 1, one too many for an odd stone count on an even board, was told of
    round() and math.ceil(), which it does not use."""
    said = flat(result_of(check_win_score, "the cells and the stones halved apart"))
    assert (
        "f(7, 6, 7) gave 19, expected 18. Hint: halve once, after taking away: width * height // "
        "2 - stones // 2 rounds the stones' half down, and so the score up where stones is odd"
        in said
    )
    assert "round()" not in said


def test_only_a_score_right_on_7_by_6_is_told_that_the_odd_board_is_its_slip():
    for name in ("one more than the rule", "round(), which rounds a half to even"):
        assert "this board has an odd number of cells" not in flat(result_of(check_win_score, name))


def test_a_score_of_7_by_6_on_another_board_is_told_so():
    said = flat(result_of(check_win_score, "7x6 only"))
    assert "gave 18, expected 5. Hint: that is the score on 7 x 6" in said
    assert "odd number of cells" not in said  # the board's size is its slip, not its cells' parity
    by_chance = flat(result_of(check_win_score, "the stones left, not the winner's"))
    assert "that is the score on 7 x 6" not in by_chance  # 42 - 7 is 18 on 5 x 5 too


@pytest.mark.slow
def test_an_endless_loop_that_makes_no_call_is_stopped_in_seconds_not_twenty():
    def has_four(stones):
        row = 1
        while row <= 6:  # row is never moved on
            pass
        return False

    started = time.process_time()  # CPU seconds, which a busy machine does not lengthen
    said = flat(check_four_in_a_row(has_four))
    assert "was stopped after more than 2 seconds" in said
    assert time.process_time() - started < 10


def test_a_slow_but_right_win_test_takes_a_small_share_of_the_time_limit():
    def every_four(stones):  # every ordered choice of four stones, tried for a straight line
        for cells in permutations(stones, 4):
            steps = {(c - a, r - b) for (a, b), (c, r) in pairwise(cells)}
            if len(steps) == 1 and max(map(abs, *steps)) == 1:
                return True
        return False

    started = time.process_time()  # CPU seconds, which a busy machine does not lengthen
    assert check_four_in_a_row(every_four).ok
    assert time.process_time() - started < QUICK_SECONDS / 4


def test_a_win_score_given_as_a_float_is_wrong_and_told_so():
    said = flat(check_win_score(lambda width, height, stones: (width * height + 2 - stones) / 2))
    assert "Hint: that is a float, not an int: a win's score is a whole number" in said


def test_a_win_score_that_takes_the_stones_first_is_told_the_order_of_the_arguments():
    said = flat(result_of(check_win_score, "the stones first"))
    assert "gave 21, expected 18. Hint: the arguments come as (width, height, stones)" in said


def test_numpys_truth_values_are_not_told_to_answer_true_or_false():
    three_enough = FOUR_IN_A_ROW[1]["three is enough"]
    said = flat(check_four_in_a_row(lambda stones: np.bool_(three_enough(stones))))
    assert "answer True or False" not in said and "three are not enough" in said


def test_a_win_score_rounded_up_is_told_to_round_a_half_down():
    said = flat(
        check_win_score(lambda width, height, stones: -(-(width * height + 2 - stones) // 2))
    )
    assert "gave 19, expected 18. Hint: a half is rounded down, with // 2" in said


def test_a_win_score_one_more_everywhere_is_told_so_not_to_round_down():
    said = flat(result_of(check_win_score, "one more than the rule"))
    assert "gave 19, expected 18. Hint: one more than section 2's rule gives, at every" in said
    assert "a half is rounded down" not in said


def test_the_cells_left_as_a_win_score_are_told_so_not_the_winning_stone():
    said = flat(result_of(check_win_score, "the stones left, not the winner's"))
    assert "gave 35, expected 18. Hint: that is every cell left empty" in said
    assert "stones counts the winning stone too" not in said


def test_a_win_score_that_refuses_another_board_gets_no_hint_of_its_cells():
    """Its own error says why it stopped: a hint on odd boards would blame a count it never made."""
    said = flat(result_of(check_win_score, "7x6 only, others refused"))
    assert "raised ValueError: only 7 x 6" in said and "Hint:" not in said
