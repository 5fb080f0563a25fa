"""Widgets for a mouse on a projector and a game not thrown away unasked (issue 37): sliders give
each step 10 px of track, Connect Four's full columns are off, choosing who moves first during a
game asks for New game, and a saved notebook's picture of a game says once to run the notebook."""

import re

import ipywidgets as widgets

from nimlib import ConnectFour
from nimlib.theory import TimedMove
from nimlib.widgets import connect_four as connect_four_module
from nimlib.widgets.connect_four import Thought, play_connect_four
from nimlib.widgets.controls import SLIDER_FRAME_PX, STEP_PX, set_range, slider
from nimlib.widgets.exploring import explore
from nimlib.widgets.grid import play_grid
from nimlib.widgets.playing import play

GAME = ConnectFour()


def sliders(widget):
    """Every IntSlider inside `widget`."""
    found = [widget] if isinstance(widget, widgets.IntSlider) else []
    for child in getattr(widget, "children", ()):
        found += sliders(child)
    return found


def track_px_per_step(control):
    width = int(re.fullmatch(r"(\d+)px", control.layout.width).group(1))
    return (width - SLIDER_FRAME_PX) / (control.max - control.min)


def test_every_slider_of_explore_gives_a_step_at_least_10_px():
    found = sliders(explore())
    assert found and all(track_px_per_step(control) >= STEP_PX for control in found)
    assert all(control.layout.max_width == "100%" for control in found)  # never wider than the page


def test_a_slider_keeps_10_px_a_step_when_its_range_changes():
    control = slider("counters", 5, 0, 30)
    assert control.layout.width == f"{SLIDER_FRAME_PX + 300}px"
    set_range(control, 2, 12)
    assert track_px_per_step(control) == STEP_PX


def quick_computer(monkeypatch):
    """The computer plays the leftmost column with room, at once."""

    def think(game, state, seconds):
        column = next(c for c in range(1, game.width + 1) if not game.is_full(state[1], c - 1))
        return Thought(TimedMove(game.play(state, column), 0, 1, False), [])

    monkeypatch.setattr(connect_four_module, "think", think)


def test_a_full_column_s_button_is_off_and_the_others_on(monkeypatch):
    quick_computer(monkeypatch)
    match = play_connect_four()
    for _ in range(3):
        match.choose(1)  # you and the computer fill column 1
    assert GAME.is_full(match.state[1], 0)
    assert [button.disabled for button in match.columns] == [True] + [False] * 6


def test_choosing_who_moves_first_during_a_game_keeps_it_until_new_game(monkeypatch):
    quick_computer(monkeypatch)
    match = play_connect_four()
    match.choose(4)
    board = match.state
    match.first.value = False
    assert match.state == board and match.your_mark == "X"
    assert "press New game to start it. This game goes on." in match.words.value
    match.new_game_button.click()
    assert match.your_mark == "O" and bin(match.state[1]).count("1") == 1  # the computer began


def test_choosing_who_moves_first_before_a_move_starts_the_new_game_at_once():
    match = play_grid()
    match.first.value = False
    assert match.your_mark == "O" and match.state.count("X") == 1


def test_a_saved_game_says_once_to_run_the_notebook_not_to_click():
    for match in (play_connect_four(), play_grid(), play()):
        still = match._repr_mimebundle_()["text/html"]
        assert still.count("run the notebook to use it") == 1, still
        assert "Your turn" not in still and "run the cell" not in still
