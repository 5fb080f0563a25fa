"""explore(): pick a variant, a position and a method, and see the score, the best move, the work
and the tree.

The widget redraws on every change; explain() says the same in plain text, without a widget, for
a script or a notebook read without a running kernel.
"""

from __future__ import annotations

import functools
from time import monotonic

import ipywidgets as widgets

from nimlib.drawing.nodes import TreeTooLarge, score_text
from nimlib.games.base import Game, State
from nimlib.games.printer import plural, wrapped
from nimlib.games.values import middle_of_range, truth_value
from nimlib.theory import quick_best_move
from nimlib.widgets.controls import (
    ShownInView,
    View,
    large_font_toggle,
    message,
    option_checkbox,
    options_row,
    reporting_errors,
    toggles,
)
from nimlib.widgets.picker import PositionPicker
from nimlib.widgets.positions import Position, given_position
from nimlib.widgets.saved import Setting, choice, ticked
from nimlib.widgets.searches import (
    QUICK_CALLS,
    TRACED,
    best_play,
    run_search,
    search_tree,
    stopped_search,
)
from nimlib.widgets.snapshots import best_play_text, line_words, search_drawing

# ## What explore() says: the score, the best move and the work of the search

TREE_CAPTION = "The game tree"  # over a drawing that scrolls sideways; its summary is in the words
SLOW_SECONDS = 0.5  # a search this long or longer is followed by "Searching..." at the next change


def search_report(position: Position, method: str) -> list[str]:
    """The score, the best move and the work of `method` from `position`, as lines of text."""
    over = over_before_it_starts(position)
    if over is not None:
        return [over]
    game, state = position.game, position.state
    return [*verdict_lines(game, state), work_line(game, state, method)]


def over_before_it_starts(position: Position) -> str | None:
    """Who has won, where the game is over at `position`; None while there are moves to make."""
    score = position.game.evaluate(position.state, True)
    if score is None:
        return None
    winner = "the player to move" if score > 0 else "the player who moved last"
    return f"The game is over before it starts: {winner} has won. Choose a larger position."


def verdict_lines(game: Game, state: State) -> list[str]:
    """Who wins from `state` with best play, and the best move in words, or why they are not known.

    A search answers; if it needs more than QUICK_CALLS calls, the variant's closed form does, and
    says so.
    """
    found = quick_best_move(game, state, QUICK_CALLS)
    if found is None:
        return [
            f"Score and best move: not found within {QUICK_CALLS:,} calls. Choose a smaller "
            "position."
        ]
    score, move = found.score, game.describe_move(state, found.new_state)
    how = (
        f" (by {found.rule}: a search needs more than {QUICK_CALLS:,} calls)" if found.rule else ""
    )
    if tuple(game.score_range) != (-1, 1):
        return scored_verdict(score_text(score, middle_of_range(game, otherwise=0)), move, how)
    if score > 0:
        # best_move chose the quickest win; a closed form knows only which moves win
        sooner = (
            "; the closed form does not count moves: a quicker win may exist" if found.rule else ""
        )
        return [
            f"Score +1: the player to move (Max) can force a win{how}.",
            f"Best move: {move} (it wins{sooner}).",
        ]
    # best_move chose the longest defence; a closed form knows only that every move loses
    holds_out = "" if found.rule else "; none holds out longer"
    return [
        f"Score -1: the player to move (Max) loses against best play{how}.",
        f"Best move: {move} (every move loses{holds_out}).",
    ]


def scored_verdict(score: str, move: str, how: str) -> list[str]:
    """The verdict in a game of many scores: what Max can make sure of (`score`, as score_text
    writes it), and the move that does it."""
    return [
        f"Score {score}: the most the player to move (Max) can make sure of, "
        f"whatever Min does{how}.",
        f"Best move: {move} (it makes sure of {score}).",
    ]


def work_line(game: Game, state: State, method: str) -> str:
    """The calls, distinct states, answers from the table and cut-offs that `method` needs from
    `state`."""
    try:
        _, stats = run_search(game, state, method)
    except RuntimeError as error:
        return (
            f"Work of {TRACED[method]}: stopped, as {stopped_search(error, game, state, method)}."
        )
    work = f"{plural(stats.calls, 'call')}, {plural(stats.states, 'distinct state')}"
    if method == "memo":
        work += f", {stats.table_hits:,} from the table"
    if method == "alphabeta":
        work += f", {plural(stats.cutoffs, 'cut-off')}"
    return f"Work of {TRACED[method]}: {work}."


# ## The widget


class SearchWidget(ShownInView, widgets.VBox):
    """What explore() and replay() share: pickers for a position and a method, the options (pruned
    branches, best play, large font), and a view of words above the tree.

    Each widget gives its own `connect()`, which tells its controls what to do on a change and
    shows the first page.
    """

    css_class = "nim-explore"  # the widget's CSS class, and its view's, by which browser tests
    view_class = "nim-tree"  # and benchmarks find them

    def __init__(
        self,
        position: Position,
        method: str,
        show_pruned: bool,
        large: bool,
        show_best_play: bool,
    ) -> None:
        """The pickers set to `position` and `method`, the options ticked as given."""
        self.picker = PositionPicker(position)
        self.method = toggles(TRACED, method, "method")
        # the branches the search never visited; both sides' best moves, thick and green
        pruned = truth_value(show_pruned, "show_pruned")
        self.show_pruned = option_checkbox("show pruned branches", pruned)
        self.best_play = option_checkbox("show best play", truth_value(show_best_play, "best_play"))
        self.large = large_font_toggle(truth_value(large, "large"))
        self.view = View(self.view_class)
        self.options = options_row(self.show_pruned, self.best_play, self.large)
        super().__init__([self.picker, self.method, self.options, self.view])
        self.add_class(self.css_class)
        self.connect()

    def connect(self) -> None:
        """Tell the controls what to do on a change, and show the first page."""
        raise NotImplementedError

    def offer_pruning(self) -> None:
        """Offer "show pruned branches" where a search leaves branches unvisited: alpha-beta's cut
        off, memoized minimax's answered by its memo; greyed out for plain minimax, which visits
        every node, in its place so that the row does not move."""
        self.show_pruned.disabled = self.method.value == "minimax"

    def option_settings(self) -> list[Setting]:
        """The options' values, for a still picture ("show best play" named only when ticked, so
        that the pictures saved before it stay as they were)."""
        best_play = [("show best play", "on")] if self.best_play.value else []
        return [
            ("show pruned branches", ticked(self.show_pruned)),
            ("large font", ticked(self.large)),
            *best_play,
        ]


class Explorer(SearchWidget):
    """Pickers for a position and a method, above its score, best move, work and game tree."""

    slow = False  # whether the last search took SLOW_SECONDS or more

    def connect(self) -> None:
        """Search and draw again on every change, and now."""
        self.picker.on_change(self.update)
        for control in (self.method, self.show_pruned, self.best_play, self.large):
            control.observe(self.update, names="value")
        self.update()

    @reporting_errors
    def update(self, *change: object) -> None:
        """Search and draw again, then show it all at once; where the last search took long (a
        slider dragged among large positions), "Searching..." above the old tree meanwhile, so
        that its old words are not read as the new position's."""
        self.offer_pruning()
        if self.slow:
            self.view.searching("Searching...", reserve=self.view.lines)
        started = monotonic()
        try:
            page = explorer_page(
                self.picker.position,
                self.method.value,
                self.show_pruned.value,
                self.large.value,
                self.best_play.value,
            )
        finally:  # a search that failed slowly is slow too
            self.slow = monotonic() - started >= SLOW_SECONDS
        self.view.show(*page, large=self.large.value)

    def settings(self) -> list[Setting]:
        """The controls' values, for a still picture of the widget."""
        return [*self.picker.settings(), ("method", choice(self.method)), *self.option_settings()]

    def __repr__(self) -> str:
        return f"Explorer of {self.picker.position}, by {TRACED[self.method.value]}"


@functools.lru_cache(maxsize=32)  # so that a slider dragged back to where it was answers at once
def explorer_page(
    position: Position,
    method: str,
    show_pruned: bool,
    large: bool,
    show_best_play: bool = False,
) -> tuple[tuple[str, ...], str]:
    """What explore() shows: lines of text, and the tree as a picture (the line of best play in
    green if `show_best_play`), or "" with a message if it is too large."""
    lines = tuple(search_report(position, method))
    try:
        tree = search_tree(position, method, show_pruned=show_pruned)
    except TreeTooLarge as error:
        return (*lines, message(error), *undrawn_best_play(position, show_best_play)), ""
    line = best_play(position) if show_best_play else ()
    drawing = search_drawing(tree, large=large, best_play=line)
    notes = best_play_text(tree, line, show_best_play)
    picture = drawing.html(caption=TREE_CAPTION)
    return (*lines, drawing.summary, *notes), picture


def undrawn_best_play(position: Position, wanted: bool) -> list[str]:
    """Best play from `position` in words, if `wanted`, where its tree is too large to draw it."""
    if not wanted:
        return []
    line = best_play(position)
    if not line:
        return [f"Best play: not found within {QUICK_CALLS:,} calls."]
    return [f"Best play: {line_words(position.state, line)}; the tree is too large to draw it."]


# ## explore() and explain()


def explore(
    variant: str = "Simple-Nim",
    counters: int | None = None,
    piles: tuple[int, ...] | None = None,
    *,
    last_counter_loses: bool | None = None,
    method: str = "alphabeta",
    show_pruned: bool = True,
    large: bool = False,
    best_play: bool = False,
) -> Explorer:
    """Sliders for a position and a choice of method, above the score, best move, work and tree of
    the search; ``best_play=True`` ticks "show best play", which draws both sides' best moves thick
    and green."""
    position = given_position(variant, counters, piles, last_counter_loses)
    return Explorer(position, method, show_pruned, large, best_play)


def explain(
    variant: str = "Simple-Nim",
    counters: int | None = None,
    piles: tuple[int, ...] | None = None,
    *,
    last_counter_loses: bool | None = None,
    method: str = "alphabeta",
    show_pruned: bool = True,
) -> str:
    """What explore() says about a position, as plain text: the score, best move, work and size of
    the tree (with its pruned branches if `show_pruned`), in lines of at most WIDTH characters (a
    notebook beside the file browser at 1024 px)."""
    position = given_position(variant, counters, piles, last_counter_loses)
    lines = search_report(position, method)
    try:
        lines.append(str(search_tree(position, method, show_pruned=show_pruned)))
    except TreeTooLarge as error:
        lines.append(message(error))
    return "\n".join(row for line in lines for row in wrapped(line, rest="  "))
