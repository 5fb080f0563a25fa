"""The checks of notebook 14 (their verdicts are tried in tests/tournament): the hints a learner's
likely slips get."""

import pytest
from flat_text import flat

from nimlib.checks import check_bot, check_keeps_result, check_ladder
from nimlib.checks.tournament import LADDER_GAMES, LADDER_RUNGS
from nimlib.tournament import LadderGrade


def test_a_judgement_that_forgets_draws_is_told_that_a_draw_is_a_result():
    said = flat(check_keeps_result(lambda before, after: before * after < 0))
    assert "gave False, expected True. Hint: a draw (0) is a result of its own" in said
    assert "after is the opponent's score" not in said


def test_a_judgement_of_the_scores_not_their_signs_is_told_to_compare_signs():
    said = flat(check_keeps_result(lambda before, after: -after >= before))
    assert "a result is a score's sign" in said and "not the scores themselves" in said


def blocks_first(observation, configuration):
    """The notebook's bot, with the order of win and block swapped."""
    w, h = configuration.columns, configuration.rows
    board, me = observation.board, observation.mark

    def wins(col, mark):
        row = sum(board[r * w + col] == 0 for r in range(h)) - 1
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            run = 1
            for s in (1, -1):
                r, c = row + s * dr, col + s * dc
                while 0 <= r < h and 0 <= c < w and board[r * w + c] == mark:
                    run, r, c = run + 1, r + s * dr, c + s * dc
            if run >= 4:
                return True
        return False

    free = [c for c in range(w) if board[c] == 0]
    for mark in (3 - me, me):
        for column in free:
            if wins(column, mark):
                return column
    return min(free, key=lambda c: (abs(c - (w - 1) / 2), c))


def test_a_bot_that_blocks_before_it_wins_is_told_that_the_win_comes_first():
    said = flat(check_bot(blocks_first))
    assert "1 of 14 cases wrong" in said
    assert (
        "gave 0, expected 1. Hint: column 1 (from 0) makes your own four up a column at once"
        in said
    )
    assert "(a win at once comes before a block)" in said


@pytest.mark.parametrize("column", [-1, 7])
def test_a_bot_that_plays_off_the_board_is_told_the_columns(column):
    said = flat(check_bot(lambda observation, configuration: column))
    assert f"Hint: column {column} is not on the board: the columns are 0 to 6" in said


def test_a_bot_that_cannot_import_is_not_told_how_the_board_is_laid_out():
    """An import the tournament's machine lacks got the hint for a board read wrongly."""

    def imports_what_is_missing(observation, configuration):
        import no_such_module_anywhere  # noqa: F401

        return 3

    said = flat(check_bot(imports_what_is_missing))
    assert "raised ModuleNotFoundError: No module named 'no_such_module_anywhere'" in said
    assert "observation.board is one flat list" not in said


def test_a_grade_says_no_game_was_played_only_where_none_was():
    """A bot whose file could not be written played no game, and its grade said "lost games as
    the bot failed"; a bot that played and lost by failing keeps those words."""
    said = flat(check_ladder(lambda observation, configuration: 3))  # no bot's file: no game
    assert "no game was played, because the bot is a lambda, not a function defined" in said
    assert "lost games" not in said
    failed = dict.fromkeys(LADDER_RUNGS, "raised KeyError: 3")
    lost = flat(LadderGrade("mine", LADDER_GAMES, dict.fromkeys(LADDER_RUNGS, 0.0), failed))
    assert "lost games as the bot failed (random, one_ply, mcts_100): raised KeyError: 3" in lost
    assert "no game was played" not in lost
