"""replay(): step through a search one visit at a time, with alpha and beta, and watch it prune.

A step slider and a Play button move through the visits; each step shows a Snapshot of the
search, in words and as a drawing. replay_step() gives one step's drawing, without a widget.
"""

from __future__ import annotations

import functools

import ipywidgets as widgets

from nimlib.draw import Drawing, inline_svg
from nimlib.widgets.controls import (
    View,
    large_font_toggle,
    message,
    pruned_checkbox,
    reporting_errors,
    slider,
    toggles,
)
from nimlib.widgets.picker import PositionPicker
from nimlib.widgets.positions import Position
from nimlib.widgets.searches import ALGORITHMS, WINDOWS, Search, search_tree
from nimlib.widgets.snapshots import Snapshot, search_drawing

WINDOW_LABELS = {"narrow": "α, β from -1, +1", "wide": "α, β from -∞, +∞"}  # the toggles for alpha-beta's WINDOWS
STEP_MILLISECONDS = 1200  # the Play button's pace: time to read a caption


class Replay(widgets.VBox):
    """Pickers for a search, and a step slider with a Play button that replays it visit by visit."""

    def __init__(self, position: Position, algorithm: str, window: str, show_pruned: bool, large: bool) -> None:
        self.picker = PositionPicker(position)
        self.algorithm = toggles(ALGORITHMS, algorithm, "algorithm")
        self.window = toggles(WINDOW_LABELS, window, "window")
        self.show_pruned = pruned_checkbox(show_pruned)
        self.large = large_font_toggle(large)
        self.step = slider("step", 0, 0, 0)
        self.player = widgets.Play(value=0, min=0, max=0, interval=STEP_MILLISECONDS, description="replay")
        widgets.jslink((self.player, "value"), (self.step, "value"))
        self.view = View("nim-replay-tree")
        self.search: Search | None = None
        options = widgets.HBox([self.show_pruned, self.large])
        steps = widgets.HBox([self.player, self.step])
        super().__init__([self.picker, self.algorithm, self.window, options, steps, self.view])
        self.add_class("nim-replay")
        self.picker.on_change(self.new_search)
        for control in (self.algorithm, self.window, self.show_pruned):
            control.observe(self.new_search, names="value")
        self.step.observe(self.redraw, names="value")
        self.large.observe(self.redraw, names="value")
        self.new_search()

    @reporting_errors
    def new_search(self, *change: object) -> None:
        """Search the position again, and go back to the first visit."""
        self.search = None  # so that moving the step slider back to 0 draws nothing yet
        self.step.value = 0
        self.search = search_tree(
            self.picker.position,
            self.algorithm.value,
            window=WINDOWS[self.window.value],
            show_pruned=self.show_pruned.value,
        )
        self.step.max = self.player.max = self.search.tree.visited_count
        self.redraw()

    @reporting_errors
    def redraw(self, *change: object) -> None:
        """Draw the search as it stood at the step chosen, and show it all at once."""
        if self.search is not None:
            self.view.show(*replay_page(self.search, self.step.value, self.large.value), large=self.large.value)

    def show_error(self, error: Exception) -> None:
        """Show `error` as a message in place of the tree, with nothing to replay."""
        self.search = None
        self.step.max = self.player.max = 0
        self.view.show([message(error)])

    @property
    def text(self) -> str:
        """What the widget says about this step, as plain text."""
        return self.view.text

    def __repr__(self) -> str:
        return f"Replay of {ALGORITHMS[self.algorithm.value]} from {self.picker.position}"


@functools.lru_cache(maxsize=32)  # so that stepping back answers at once
def replay_page(search: Search, step: int, large: bool) -> tuple[tuple[str, ...], str]:
    """What replay() shows at `step`: the caption's lines, and the tree as inline SVG."""
    return tuple(Snapshot(search, step).caption()), inline_svg(replay_step(search, step, large=large))


def replay(
    variant: str = "Simple-Nim",
    counters: int = 5,
    piles: tuple[int, ...] = (1, 2, 3),
    *,
    misere: bool = True,
    algorithm: str = "alphabeta",
    window: str = "narrow",
    show_pruned: bool = True,
    large: bool = False,
) -> Replay:
    """Replay a search visit by visit (step slider or Play); alpha-beta's `window` is "narrow" or "wide"."""
    return Replay(Position(variant, counters, piles, misere), algorithm, window, show_pruned, large)


def replay_step(search: Search, step: int, *, large: bool = False) -> Drawing:
    """One step of a replay as a drawing, for a notebook to show without widgets."""
    return search_drawing(search, step, large=large)
