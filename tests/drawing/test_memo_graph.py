"""Tests of nimlib.drawing.memo_graph: the positions a memo sees, drawn once each."""

import re
from dataclasses import dataclass

import pytest

from nimlib import ConnectFour, DiceNim, Game, Pig, SimpleNim, TicTacToe
from nimlib.drawing import TreeTooLarge, draw_positions


def test_each_position_is_drawn_once():
    assert str(draw_positions(SimpleNim(), 4)) == "8 different positions from 4"


def test_a_connect_four_position_is_drawn_as_its_board_not_its_bitboards():
    """Each node showed two long numbers, such as "(229472, 244835)", and so did the caption."""
    game = ConnectFour(width=4, height=4)
    start = game.from_moves("1212343434")
    drawing = draw_positions(game, start)
    assert str(drawing).startswith("98 different positions from the board of 10 stones, X to")
    labels = re.findall(r'label="([^"]*)"', drawing.source)
    assert len(labels) == 98 and not any(char.isdigit() for char in "".join(labels))
    assert r". . X .\lO X X O\lX O X O\lX O X O\l" in labels  # X in column 3, one move on


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
    with pytest.raises(TreeTooLarge, match=r"quickly\. Try a smaller position$"):  # not counters
        draw_positions(TicTacToe(), TicTacToe().start())


def test_a_small_graph_is_drawn_in_the_kernels_own_process():
    """Notebook 04's 10 positions from 5 were drawn in a child process, which loads Graphviz anew
    (some 2 s); a graph of more than QUICK_ITEMS positions and moves still is."""
    assert draw_positions(SimpleNim(), 5).quick
    assert not draw_positions(SimpleNim(), 301).quick


@dataclass(frozen=True)
class Marks:
    """A state that is a dataclass, which cannot be sorted."""

    marks: str


class Tally(Game):
    """A game nimlib has never seen: a move adds a mark ("|") to a tally, and play ends at three;
    its moves go on past the end, as a learner's may (the searches never ask there)."""

    score_range = (-1, 1)

    def possible_new_states(self, state: Marks) -> list[Marks]:
        return [Marks(state.marks + "|")]

    def evaluate(self, state: Marks, is_maximizing: bool) -> int | None:
        return None if len(state.marks) < 3 else 1

    def validate(self, state: Marks) -> Marks:
        return state


def test_a_game_of_its_own_is_drawn_to_its_ends_only():
    """The moves from a finished position were followed: the tally went on for ever (refused as
    too large to draw), and states that cannot be sorted raised Python's own TypeError."""
    assert str(draw_positions(Tally(), Marks(""))) == "4 different positions from Marks(marks='')"


def test_a_state_that_is_not_hashable_is_named():
    class Listed(Tally):
        def possible_new_states(self, state: Marks) -> list:
            return [[state]]

    with pytest.raises(TypeError, match=r"Listed.possible_new_states gave \[.*\(list\) at state"):
        draw_positions(Listed(), Marks(""))
