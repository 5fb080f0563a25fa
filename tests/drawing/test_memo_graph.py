"""Tests of nimlib.drawing.memo_graph: the positions a memo sees, drawn once each."""

import pytest

from nimlib import DiceNim, Pig, SimpleNim
from nimlib.drawing import TreeTooLarge, draw_positions


def test_each_position_is_drawn_once():
    assert str(draw_positions(SimpleNim(), 4)) == "8 different positions from 4"


@pytest.mark.parametrize(("game", "state"), [(DiceNim(3), (3, False)), (Pig(3), (0, 0, 0))])
def test_a_game_with_dice_is_sent_to_draw_chance_tree(game, state):
    """Dice Nim's chance nodes were drawn as players' positions, and Pig's game as "2 different
    positions", the roll that starts it a dead end."""
    with pytest.raises(ValueError, match=r"draw_positions draws only the players' moves: .*"):
        draw_positions(game, state)


def test_a_graph_too_large_to_lay_out_quickly_is_refused_at_once():
    """1,050 counters (2,100 positions, under the limit, and 6,297 moves) were laid out for 20 s,
    then stopped; the limit counts the moves too, as a tree's counts its move labels."""
    assert str(draw_positions(SimpleNim(), 301)) == "602 different positions from 301"
    with pytest.raises(TreeTooLarge, match="more than 2,400 different positions and moves"):
        draw_positions(SimpleNim(), 302)
