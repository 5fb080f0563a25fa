"""Tests of nimlib.drawing.memo_graph: the positions a memo sees, drawn once each."""

import pytest

from nimlib import DiceNim, Pig, SimpleNim
from nimlib.drawing import draw_positions


def test_each_position_is_drawn_once():
    assert str(draw_positions(SimpleNim(), 4)) == "8 different positions from 4"


@pytest.mark.parametrize(("game", "state"), [(DiceNim(3), (3, False)), (Pig(3), (0, 0, 0))])
def test_a_game_with_dice_is_sent_to_draw_chance_tree(game, state):
    """Dice Nim's chance nodes were drawn as players' positions, and Pig's game as "2 different
    positions", the roll that starts it a dead end."""
    with pytest.raises(ValueError, match=r"draw_positions draws only the players' moves: .*"):
        draw_positions(game, state)
