"""draw_board: Connect Four's board as a picture, its arguments checked when it is made."""

import pytest

from nimlib import ConnectFour, TicTacToe
from nimlib.drawing import draw_board


def test_a_column_to_highlight_is_one_of_the_board_numbered_from_1():
    game = ConnectFour()
    assert "<img" in draw_board(game, game.from_moves("44"), highlight=4)._repr_html_()
    assert "<img" in draw_board(game, game.start(), highlight=7)._repr_html_()


@pytest.mark.parametrize(
    ("highlight", "message"),
    [
        ("3", "highlight must be a whole number, not '3'"),
        (3.0, "highlight must be a whole number, not 3.0"),
        (0, "highlight must be at least 1, not 0"),
        (-1, "highlight must be at least 1, not -1"),
        (8, "highlight = 8 is too large: at most 7"),
    ],
)
def test_a_bad_column_to_highlight_is_refused_when_the_picture_is_made(highlight, message):
    # it was kept as given: a str failed deep inside when the notebook showed the picture, and
    # a column off the board framed nothing without a word
    game = ConnectFour()
    with pytest.raises(ValueError, match=message):
        draw_board(game, game.start(), highlight=highlight)


def test_a_board_of_another_game_is_refused_by_name():
    with pytest.raises(TypeError, match="game must be a ConnectFour"):
        draw_board(TicTacToe(), ".........")
