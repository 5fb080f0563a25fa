"""The checks of notebook 14: right answers pass, the skeleton and wrong answers of several kinds
(solutions.py) fail, each with a message that says what was expected and the hint a learner's
likely slip gets (never a traceback)."""

import pytest
from flat_text import flat
from solutions import (
    WRONG_BOTS,
    WRONG_KEEPS,
    blocks_first,
    centre_only,
    keeps,
    keeps_only_wins,
    wins_blocks_centre,
)

from nimlib import ConnectFour
from nimlib.checks import check_bot, check_keeps_result, check_ladder
from nimlib.checks.tournament import BOT_CASES, LADDER_GAMES, LADDER_RUNGS, expected_move
from nimlib.tournament import LadderGrade


def test_a_judgement_that_forgets_draws_is_told_that_a_draw_is_a_result():
    said = flat(check_keeps_result(lambda before, after: before * after < 0))
    assert "gave False, expected True. Hint: a draw (0) is a result of its own" in said
    assert "after is the opponent's score" not in said


def test_a_judgement_of_the_scores_not_their_signs_is_told_to_compare_signs():
    said = flat(check_keeps_result(lambda before, after: -after >= before))
    assert "a result is a score's sign" in said and "not the scores themselves" in said


def test_a_bot_that_blocks_before_it_wins_is_told_that_the_win_comes_first():
    said = flat(check_bot(blocks_first))
    assert f"1 of {len(BOT_CASES)} cases wrong" in said
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


def test_the_cases_stated_are_the_checks_own_answers():
    """The columns written beside BOT_CASES are what expected_move finds."""
    game = ConnectFour()
    assert [expected_move(game, moves)[0] for moves, _ in BOT_CASES] == [c for _, c in BOT_CASES]


def test_right_answers_pass_and_wrong_ones_fail():
    """Every case right for the worked solutions; a skeleton and a plain centre bot are wrong."""
    assert check_keeps_result(keeps).ok
    assert len(check_keeps_result(lambda before, after: None).failures) == 9
    # misses the draw
    assert len(check_keeps_result(lambda before, after: before * after < 0).failures) == 1
    assert check_bot(wins_blocks_centre).ok
    # as the tournament and Kaggle call it: the observation alone, to a bot that takes no more
    assert repr(check_bot(lambda observation: 3)) == repr(
        check_bot(lambda observation, configuration: 3)
    )
    assert len(check_keeps_result(keeps_only_wins).failures) == 1
    assert len(check_bot(centre_only).failures) == len(BOT_CASES) - 2  # right on two boards
    said = " ".join(repr(check_bot(centre_only)).split())
    assert said.count("column 3 (from 0) is full") == 1  # in two cases, said once
    assert "did you count from 1" not in said  # the centre, not a column counted from 1
    # in every case, said once
    assert (
        " ".join(repr(check_bot(lambda observation, configuration: None)).split()).count(
            "return a column number"
        )
        == 1
    )


@pytest.mark.parametrize(
    ("check", "wrongs", "kind"),
    [(check_keeps_result, WRONG_KEEPS, kind) for kind in WRONG_KEEPS]
    + [(check_bot, WRONG_BOTS, kind) for kind in WRONG_BOTS],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_each_kind_of_wrong_answer_gets_a_clear_message(check, wrongs, kind):
    """Seven kinds of wrong judgement, nine kinds of wrong bot: each fails, and its message says
    what was expected, with the words of its kind (a hint where one fits), never a traceback."""
    wrong, words = wrongs[kind]
    result = check(wrong)
    said = " ".join(repr(result).split())
    assert not result.ok and words in said, said
    assert " expected " in said and "Traceback" not in said
