"""replay(): step through a search one visit at a time, with alpha and beta, and watch it prune.

A step slider and a Play button move through the visits; each step shows a Snapshot of the
search, in words and as a drawing. From a position where the game is already over, it says so, with
nothing to step through. search_drawing() (nimlib.widgets.snapshots) gives one step's
drawing, without a widget.
"""

from __future__ import annotations

import functools

import ipywidgets as widgets

from nimlib.drawing.nodes import GameTree, score_text
from nimlib.drawing.picture import STEP_SCREEN_PX
from nimlib.games.base import Game, State
from nimlib.games.printer import plural
from nimlib.games.values import checked_choice, middle_of_range
from nimlib.widgets.controls import (
    Player,
    Slider,
    message,
    reporting_errors,
    set_range,
    set_visible,
    slider,
    toggles,
    words_height,
)
from nimlib.widgets.exploring import SearchWidget, over_before_it_starts
from nimlib.widgets.positions import Position, checked_position, given_position
from nimlib.widgets.saved import Setting, choice
from nimlib.widgets.searches import TRACED, WINDOWS, best_play, search_tree
from nimlib.widgets.snapshots import Snapshot, best_play_text, longest_caption, search_drawing

STEP_MILLISECONDS = 1200  # the Play button's pace: time to read a caption


class Replay(SearchWidget):
    """Pickers for a search, and a step slider with a Play button that replays it visit by visit,
    right above the step's caption and tree, as its still picture shows them: scrolled to the
    slider, a 1024x768 screen shows the slider, the caption and the whole tree together (see
    STEP_SCREEN_PX)."""

    css_class = "nim-replay"
    view_class = "nim-replay-tree"

    def __init__(
        self,
        position: Position,
        method: str,
        window: str,
        show_pruned: bool,
        large: bool,
        show_best_play: bool,
    ) -> None:
        """The pickers set to `position`, `method` and `window`, the options ticked as given."""
        game = checked_position(position).game  # the windows to offer depend on the game
        self.window = toggles(window_labels(game), window, "window")
        self.player = Player(
            value=1, min=1, max=1, interval=STEP_MILLISECONDS, description="replay"
        )
        self.link_step_slider(1)
        # as wide as its words, the slider beside it narrower (ipywidgets makes a label 80 px
        # wide, which cut "visit 10 of 22" short beside the file browser), clear of the slider's
        # handle, which at the last step stands out past the track's end over "done"
        self.step_label = widgets.Label(layout=widgets.Layout(width="auto", margin="0 0 0 12px"))
        self.tree: GameTree | None = None
        self.steps = widgets.HBox([self.player, self.step, self.step_label])
        super().__init__(position, method, show_pruned, large, show_best_play)

    def connect(self) -> None:
        """The window and the step row in their places; a new search on a change of position,
        method, window or pruned branches, a new drawing on any other change; the first step now."""
        self.children = (self.picker, self.method, self.window, self.options, self.steps, self.view)
        self.picker.on_change(self.new_search)
        for control in (self.method, self.window, self.show_pruned):
            control.observe(self.new_search, names="value")
        for control in (self.best_play, self.large):
            control.observe(self.redraw, names="value")
        self.new_search()

    @reporting_errors
    def new_search(self, *change: object) -> None:
        """Search the position again, and go back to the first visit."""
        alphabeta = self.method.value == "alphabeta"  # the only search with a window
        set_visible(self.window, alphabeta)
        self.offer_pruning()
        self.relabel_window(self.picker.position.game)
        over = over_before_it_starts(self.picker.position)
        if over is not None:
            self.show_without_steps([over])
            return
        self.tree = None  # so that moving the step slider back to 1 draws nothing yet
        self.step.value = 1
        alpha, beta = WINDOWS[self.window.value] if alphabeta else (None, None)
        self.tree = search_tree(
            self.picker.position,
            self.method.value,
            alpha=alpha,
            beta=beta,
            show_pruned=self.show_pruned.value,
        )
        self.set_last_step(self.tree.visited_count + 1)  # each visit, then the search done
        set_visible(self.steps, True)
        # room for its longest words, so that stepping never moves it to another row and back
        self.step_label.layout.min_width = f"{len(longest_step_text(self.tree))}ch"
        self.redraw()

    def relabel_window(self, game: Game) -> None:
        """Name the window toggles after `game`'s score range, keeping the window chosen, with no
        new search."""
        labels = [(label, key) for key, label in window_labels(game).items()]
        if list(self.window.options) == labels:
            return
        chosen = self.window.value
        self.window.unobserve(self.new_search, names="value")  # new options change the value
        try:
            self.window.options = labels
            self.window.value = chosen
        finally:
            self.window.observe(self.new_search, names="value")

    def set_last_step(self, last: int) -> None:
        """Let the step slider and the Play button run from 1 (the first visit) to `last`.

        The slider is made anew: a slider shown in a browser keeps its first range for the End key.
        """
        set_range(self.player, 1, last)
        if self.step.max == last:
            return
        old = self.step
        self.step_link.unlink()
        self.link_step_slider(last)
        self.steps.children = (self.player, self.step, self.step_label)
        old.close()

    def link_step_slider(self, last: int) -> None:
        """A step slider from 1 to `last`, moved by the Play button (linked in the kernel, which
        draws), redrawing at each step."""
        self.step = step_slider(last)
        self.step_link = widgets.link((self.player, "value"), (self.step, "value"))
        self.step.observe(self.redraw, names="value")

    @reporting_errors
    def redraw(self, *change: object) -> None:
        """Draw the search as it stood at the step chosen, and show it all at once."""
        if self.tree is not None:
            page = self.page()
            self.step_label.value = step_text(self.tree, self.step.value)
            reserve = step_reserve(self.tree, self.drawn_line(), self.best_play.value)
            self.view.show(*page, reserve=reserve, large=self.large.value)

    def page(self, keep_room: bool = True) -> tuple[tuple[str, ...], str]:
        """The caption and the picture of the step chosen, as replay_page gives them."""
        return replay_page(
            self.tree,
            self.step.value,
            self.large.value,
            self.drawn_line(),
            self.best_play.value,
            keep_room,
        )

    def drawn_line(self) -> tuple[State, ...]:
        """The line of play drawn green: best play if "show best play" is ticked, else none."""
        return best_play(self.picker.position) if self.best_play.value else ()

    def picture_html(self) -> str:
        """The words and the picture shown, the picture without the room that the live one keeps
        for the nodes not reached yet: a still picture shows one step only."""
        if self.tree is None:
            return super().picture_html()
        return self.view.page_html(self.page(keep_room=False)[1])

    def show_error(self, error: Exception) -> None:
        """Show `error` as a message in place of the tree, with nothing to replay."""
        self.show_without_steps([message(error)])

    def show_without_steps(self, lines: list[str]) -> None:
        """Show `lines` in place of the tree, with nothing to replay: the step row hidden, rather
        than a Play button that plays nothing beside a stub of a slider."""
        self.tree = None
        self.set_last_step(1)
        self.step_label.value = ""
        set_visible(self.steps, False)
        self.view.show(lines)

    def settings(self) -> list[Setting]:
        """The controls' values, for a still picture of the widget."""
        window = [("window", choice(self.window))] if self.method.value == "alphabeta" else []
        step = [("step", self.step_label.value)] if self.tree is not None else []
        return [
            *self.picker.settings(),
            ("method", choice(self.method)),
            *window,
            *self.option_settings(),
            *step,
        ]

    def __repr__(self) -> str:
        return f"Replay of {TRACED[self.method.value]} from {self.picker.position}"


def window_labels(game: Game) -> dict[str, str]:
    """The window toggles' labels: alpha-beta starts from the game's score range, or from -∞, +∞."""
    middle = middle_of_range(game, otherwise=0)
    lowest, highest = (score_text(end, middle) for end in game.score_range)
    return {
        "narrow": f"α, β from {lowest}, {highest}",
        "wide": "α, β from -∞, +∞",
    }


def step_slider(last: int) -> Slider:
    """A slider of the steps from 1 to `last`, whose number shows in the label beside it, not on it.

    Step 7 is visit 7, as the caption counts; the step after the last visit shows the search done.
    """
    step = slider("step", 1, 1, last)
    step.readout = False
    return step


def step_text(tree: GameTree, step: int) -> str:
    """The step slider's words, which agree with the caption: "visit 7 of 22", or "done: 22
    visits"."""
    visits = tree.visited_count
    return f"visit {step} of {visits:,}" if step <= visits else f"done: {plural(visits, 'visit')}"


def longest_step_text(tree: GameTree) -> str:
    """The longest of the step slider's words for the search of `tree`: at its last visit, or once
    done."""
    last = tree.visited_count
    return max(step_text(tree, last), step_text(tree, last + 1), key=len)


def step_reserve(
    tree: GameTree, best_play: tuple[State, ...], show_best_play: bool
) -> tuple[str, ...]:
    """Lines as long as the longest caption of any step of the search of `tree`, with the line of
    play `best_play` in words if `show_best_play`: the room that the caption keeps above the tree,
    so that the tree stays put while the caption changes."""
    return (*longest_caption(tree), *best_play_text(tree, best_play, show_best_play))


@functools.lru_cache(maxsize=32)  # so that stepping back answers at once
def replay_page(
    tree: GameTree,
    step: int,
    large: bool,
    best_play: tuple[State, ...] = (),
    show_best_play: bool = False,
    keep_room: bool = True,
) -> tuple[tuple[str, ...], str]:
    """What replay() shows at `step`: the caption's lines, and the tree as a picture, with the line
    of play `best_play` in green where the search has reached it (and said in words if
    `show_best_play`), keeping room for the nodes not reached yet and, with the room its caption
    keeps above it (step_reserve), no higher than STEP_SCREEN_PX while its text stays readable,
    unless ``keep_room=False`` (a still picture, as high as any drawing)."""
    lines = (
        *Snapshot(tree, step).caption(),
        *best_play_text(tree, best_play, show_best_play),
    )
    drawing = search_drawing(tree, step, large=large, best_play=best_play, keep_room=keep_room)
    if not keep_room:
        return lines, drawing.html()
    caption = step_caption(tree, step)
    words = words_height(step_reserve(tree, best_play, show_best_play), large)
    return lines, drawing.html(caption=caption, screen_px=STEP_SCREEN_PX - words)


def step_caption(tree: GameTree, step: int) -> str:
    """The caption over a live step's picture that scrolls sideways: the tree's heading and the
    step, as the step slider says it ("done: 22 visits" at the end, not the whole tree's counts,
    a line longer beside the file browser, which moved the tree down at the last step)."""
    at = "at " if step <= tree.visited_count else ""
    return f"{tree.heading}, {at}{step_text(tree, step)}"


def replay(
    variant: str = "Simple-Nim",
    counters: int | None = None,
    piles: tuple[int, ...] | None = None,
    *,
    last_counter_loses: bool | None = None,
    method: str = "alphabeta",
    window: str | None = None,
    show_pruned: bool = True,
    large: bool = False,
    best_play: bool = False,
) -> Replay:
    """Replay a search visit by visit (step slider or Play); alpha-beta's `window` is "narrow" (the
    game's score range, the default) or "wide" (-inf, +inf); `variant` may be "Scored Nim",
    "Textbook tree" or "Deep cut-off tree"; ``best_play=True`` ticks "show best play", which draws
    both sides' best moves thick and green."""
    if window is not None and checked_choice(method, TRACED, "method") != "alphabeta":
        raise ValueError(
            f"the window is alpha-beta's: {TRACED[method]} searches without one, so leave it out"
            ' (or choose method="alphabeta")'
        )
    position = given_position(variant, counters, piles, last_counter_loses)
    window = "narrow" if window is None else window
    return Replay(position, method, window, show_pruned, large, best_play)
