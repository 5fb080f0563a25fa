"""The checks of notebook 09 (tic-tac-toe): their boards are positions of the game, and their
messages explain an empty line taken for a win. Their verdicts on right and wrong solutions are in
test_catalogue.py."""

from flat_text import flat
from solutions import count_games_without_a_memo, result_of

import nimlib.checks.runner
from nimlib.checks import check_canonical_board, check_count_games, check_open_lines, check_winner
from nimlib.checks.beyond import (
    DIFFERENT_BOARDS,
    GAME,
    GAME_COUNT_BOARDS,
    OPEN_LINE_CASES,
    SYMMETRIC_BOARDS,
    WINNER_BOARDS,
    games_from,
    images,
)


def test_the_boards_of_the_checks_are_possible_positions():
    for board in WINNER_BOARDS + GAME_COUNT_BOARDS + [board for board, _ in OPEN_LINE_CASES]:
        assert GAME.validate(board) == board
    assert [len(images(board)) for board in SYMMETRIC_BOARDS] == [4, 8, 4, 8]
    assert all(GAME.canonical(a) != GAME.canonical(b) for a, b in DIFFERENT_BOARDS)


def test_a_count_of_games_without_a_memo_is_stopped_with_the_memos_hint(monkeypatch):
    monkeypatch.setattr(nimlib.checks.runner, "MAX_CALLS", 20_000)
    said = flat(check_count_games(count_games_without_a_memo))
    assert "was stopped after more than 20,000 calls (of Python functions, the game's" in said
    assert "it takes far too long, or never ends" in said  # not "does it come to an end?"
    assert "remember each board's count (functools.cache)" in said


def test_check_winner_explains_an_empty_line_whatever_the_order_of_lines():
    for name in ("an empty line wins", "an empty line wins, the lines tried backwards"):
        result = flat(result_of(check_winner, name))
        assert "gave '.', expected None (nobody has a line). Hint: '.' is an empty square" in result
    assert "three_equal_squares('...OO.XXX') gave '.', expected 'X'" in flat(
        result_of(check_winner, "an empty line wins")
    )


def test_check_winner_wants_none_where_nobody_has_won_not_an_empty_text():
    for nobody in ("", False, "."):
        said = flat(check_winner(lambda board, nobody=nobody: GAME.winner(board) or nobody))
        assert "expected None (nobody has a line)" in said


def test_the_count_of_games_and_of_open_lines_is_an_int_not_a_float():
    assert "Hint: that is a float, not an int: counts are whole numbers" in flat(
        check_count_games(lambda board: float(games_from(board)))
    )
    said = flat(check_open_lines(lambda board, mark: float(GAME.open_lines(board, mark))))
    assert "gave 8.0, expected 8. Hint: that is a float, not an int" in said


def test_check_canonical_board_says_a_list_cannot_be_a_key():
    result = flat(check_canonical_board(lambda board: [GAME.canonical(board)]))
    assert "raised TypeError: unhashable type: 'list'; expected 1. Hint: a key must go in" in result


def test_check_canonical_board_says_a_list_none_or_a_generator_is_no_key():
    for key, hint in [
        (list, "Hint: a key must go in a set or a dict: return a tuple (or a string), not a list"),
        (lambda board: None, "Hint: your function returns None: return the key"),
        (lambda board: (square for square in board), "Hint: your function returns a generator"),
    ]:
        assert hint in flat(check_canonical_board(key))
