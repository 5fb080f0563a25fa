"""The computer of notebook 11 never throws away a win (issue 33): a sample of the benchmark's won
positions.

From positions of End-Easy and Middle-Easy (Pascal Pons' sets, notebooks/data) that the
player to move wins, the computer's move on the widget's clock (``think``, 1 s of wall clock)
must keep the win: after it, the opponent to move is lost (checked by an exact search).
``benchmarks/connect_four.py --clock`` checks every won position of both sets.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nimlib import ConnectFour, solve
from nimlib.widgets.connect_four import think

DATA = Path(__file__).resolve().parents[2] / "notebooks" / "data"
GAME = ConnectFour()


def won_positions(name: str, every: int) -> list[str]:
    """Every `every`-th case of the set `name` that the player to move wins, as its moves."""
    words = (DATA / f"{name}.txt").read_text().split()
    cases = zip(words[::2], words[1::2], strict=True)
    return [moves for moves, score in cases if int(score) > 0][::every]


@pytest.mark.parametrize(("name", "every"), [("end-easy", 40), ("middle-easy", 40)])
def test_the_computer_keeps_every_win_it_is_given(name, every):
    thrown = []
    for moves in won_positions(name, every):
        thought = think(GAME, GAME.from_moves(moves), 1.0)
        # The opponent is no longer lost
        if solve(GAME, thought.move.new_state, method="deepening") >= 0:
            thrown.append(moves)
    assert thrown == []
