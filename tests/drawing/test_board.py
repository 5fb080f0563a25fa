"""draw_board: Connect Four's board as a picture, its arguments checked when it is made."""

import pytest

from nimlib import TicTacToe
from nimlib.drawing import draw_board


def test_a_board_of_another_game_is_refused_by_name():
    with pytest.raises(TypeError, match="game must be a ConnectFour"):
        draw_board(TicTacToe(), ".........")
