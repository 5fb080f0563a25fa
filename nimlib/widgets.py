"""Widgets to explore the search: sliders for a position, a replay of the search, a game against the computer.

- ``explore()``: pick a variant, a position and an algorithm, and see the game tree, the score,
  the best move and the work of the search, redrawn on every change.
- ``replay()``: step through a search one visit at a time, with alpha and beta, and watch it prune.
- ``play()``: play any variant against the computer, which answers with ``best_move``.
- ``explain()`` and ``replay_step()``: what explore() and replay() show, as text and as a drawing,
  for a script or a notebook read without a running kernel.

They use only the standard ipywidgets, so they run in JupyterLab, Jupyter Notebook and Voila.
No widget ever shows a traceback: an error becomes a message in the widget. Every search runs
on a budget of calls, and a tree too large to draw is refused before it is built, so no
position freezes the kernel.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from itertools import count
from math import inf

import graphviz
import ipywidgets as widgets

from nimlib.alphabeta import alphabeta
from nimlib.draw import (
    FONT,
    FONT_SIZES,
    Drawing,
    add_legend,
    draw_tree,
    edge_style,
    legend_entries,
    node_style,
    number,
)
from nimlib.games import FibonacciNim, Game, Nim, SimpleNim, SplitNim, State, whole_number
from nimlib.minimax import memoized_minimax, minimax
from nimlib.moves import best_move
from nimlib.stats import SearchStats
from nimlib.tree import GameTree, Node, TreeTooLarge, game_tree

# ## Positions: a variant and where it starts, as the pickers set them

VARIANTS = ("Simple-Nim", "Nim", "Split Nim", "Fibonacci Nim")
EITHER_ENDING = ("Simple-Nim", "Nim")  # the variants played both ways: misère or normal
COUNTERS = {"Simple-Nim": (0, 30), "Fibonacci Nim": (2, 30)}  # one pile: the slider's range
PILE_SIZES = {"Nim": (0, 7), "Split Nim": (1, 12)}  # several piles: each slider's range
MAX_PILES = 4


@dataclass(frozen=True)
class Position:
    """A variant and its starting position: `counters` for a one-pile game, `piles` for the others."""

    variant: str = "Simple-Nim"
    counters: int = 5
    piles: tuple[int, ...] = (1, 2, 3)
    misere: bool = True

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise ValueError(f"unknown variant {self.variant!r}: choose one of {', '.join(VARIANTS)}")
        if self.variant in COUNTERS:
            smallest, largest = COUNTERS[self.variant]
            whole_number(self.counters, "counters", smallest=smallest, largest=largest)
        else:
            object.__setattr__(self, "piles", checked_piles(self.piles, *PILE_SIZES[self.variant]))

    @property
    def game(self) -> Game:
        """The rules of the variant."""
        if self.variant == "Simple-Nim":
            return SimpleNim(last_counter_loses=self.misere)
        if self.variant == "Nim":
            return Nim(last_counter_loses=self.misere)
        return SplitNim() if self.variant == "Split Nim" else FibonacciNim()

    @property
    def state(self) -> State:
        """The starting state, as the game writes it."""
        if self.variant == "Simple-Nim":
            return self.counters
        if self.variant == "Fibonacci Nim":
            return FibonacciNim.start(self.counters)
        return self.piles

    def __str__(self) -> str:
        """Such as "Nim (misère: the last counter loses) from (1, 2, 3)"."""
        ending = ""
        if self.variant in EITHER_ENDING:
            ending = " (misère: the last counter loses)" if self.misere else " (normal play: the last counter wins)"
        start = f"{self.counters} counters" if self.variant in COUNTERS else str(self.piles)
        return f"{self.variant}{ending} from {start}"


def checked_piles(piles: object, smallest: int, largest: int) -> tuple[int, ...]:
    """`piles` as a tuple of 1 to MAX_PILES pile sizes in the sliders' range, or a ValueError saying why not."""
    if not isinstance(piles, (tuple, list)) or not 1 <= len(piles) <= MAX_PILES:
        raise ValueError(f"piles must be a tuple of 1 to {MAX_PILES} pile sizes such as (1, 2, 3), not {piles!r}")
    return tuple(
        whole_number(pile, f"pile {index}", smallest=smallest, largest=largest)
        for index, pile in enumerate(piles, start=1)
    )


# ## Searches: the score, the best move, the work done, and the tree to draw

ALGORITHMS = {"minimax": "plain minimax", "memo": "memoized minimax", "alphabeta": "alpha-beta"}
WINDOWS = {"narrow": (-1, 1), "wide": (-inf, inf)}  # alpha-beta's starting (alpha, beta)
QUICK_CALLS = 50_000  # a search budget that answers well within a second
WIDGET_MAX_NODES = 1_200  # larger trees take a second or more to draw


def checked_choice(value: str, choices: dict, name: str) -> str:
    """`value` if it is one of `choices`, else a ValueError listing them."""
    if value not in choices:
        raise ValueError(f"unknown {name} {value!r}: choose one of {', '.join(map(repr, choices))}")
    return value


def run_search(
    game: Game, state: State, algorithm: str, window: tuple[float, float] = WINDOWS["narrow"]
) -> tuple[int, SearchStats]:
    """The score of `state` for Max by `algorithm`, and the work it took; SearchBudgetExceeded past QUICK_CALLS."""
    stats = SearchStats(max_calls=QUICK_CALLS)
    searches = {
        "minimax": lambda: minimax(game, state, True, stats),
        "memo": lambda: memoized_minimax(game, state, True, stats=stats),
        "alphabeta": lambda: alphabeta(game, state, True, *window, stats=stats),
    }
    return searches[checked_choice(algorithm, ALGORITHMS, "algorithm")](), stats


def quick_best_move(game: Game, state: State) -> tuple[int, State]:
    """best_move with a memo of canonical positions, on a budget of QUICK_CALLS calls."""
    return best_move(game, state, "memo_canonical", SearchStats(max_calls=QUICK_CALLS))


def search_report(position: Position, algorithm: str, window: tuple[float, float]) -> list[str]:
    """The score, the best move and the work of `algorithm` from `position`, as lines of text."""
    game, state = position.game, position.state
    if game.evaluate(state, True) is not None:
        winner = "the player to move" if game.evaluate(state, True) > 0 else "the player who moved last"
        return [f"The game is over before it starts: {winner} has won. Choose a larger position."]
    return [*verdict_lines(game, state), work_line(game, state, algorithm, window)]


def verdict_lines(game: Game, state: State) -> list[str]:
    """Who wins from `state` with best play, and the best move in words, or why they are not known."""
    try:
        score, new_state = quick_best_move(game, state)
    except RuntimeError as error:
        return [f"Score and best move: not found quickly ({error})."]
    if score > 0:
        return [
            "Score +1: the player to move (Max) can force a win.",
            f"Best move: {game.describe_move(state, new_state)} (it wins).",
        ]
    move = game.describe_move(state, new_state)
    return [
        "Score -1: the player to move (Max) loses against best play.",
        f"Best move: {move} (every move loses, and this one is as good as any).",
    ]


def work_line(game: Game, state: State, algorithm: str, window: tuple[float, float]) -> str:
    """The calls, distinct states, cache hits and cut-offs that `algorithm` needs from `state`."""
    try:
        _, stats = run_search(game, state, algorithm, window)
    except RuntimeError as error:
        return f"Work of {ALGORITHMS[algorithm]}: {error}."
    work = f"{stats.calls:,} calls, {stats.states:,} distinct states"
    if algorithm == "memo":
        work += f", {stats.cache_hits:,} answered from the memo"
    if algorithm == "alphabeta":
        work += f", {stats.cutoffs:,} cut-offs"
    return f"Work of {ALGORITHMS[algorithm]}: {work}."


@dataclass(frozen=True)
class Search:
    """The tree of one search, and the visits it answered from its memo (by visit_index)."""

    tree: GameTree
    remembered: frozenset[int] = frozenset()


def search_tree(
    position: Position,
    algorithm: str,
    *,
    window: tuple[float, float] = WINDOWS["narrow"],
    show_pruned: bool = True,
    max_nodes: int = WIDGET_MAX_NODES,
) -> Search:
    """The tree `algorithm` searches from `position`; TreeTooLarge if it has more than `max_nodes` nodes."""
    game, state = position.game, position.state
    if checked_choice(algorithm, ALGORITHMS, "algorithm") == "alphabeta":
        tree = game_tree(game, state, alphabeta=True, window=window, keep_pruned=show_pruned, max_nodes=max_nodes)
        return Search(tree)
    tree = game_tree(game, state, max_nodes=max_nodes)
    if algorithm == "minimax":
        return Search(tree)
    search = memo_search(tree)
    return search if show_pruned else replace(search, tree=search.tree.without_pruned())


def memo_search(tree: GameTree) -> Search:
    """The minimax `tree` as memoized minimax searches it: a position met again is answered from the
    memo, so the branches below it are never visited (they are drawn as pruned)."""
    seen: set[tuple[State, bool]] = set()
    remembered: set[int] = set()
    visits = count()

    def searched(node: Node) -> Node:
        entry = (node.state, node.is_maximizing)
        copy = replace(node, visit_index=next(visits))
        if entry in seen:
            remembered.add(copy.visit_index)
            copy.children = [never_visited(child) for child in node.children]
        else:
            seen.add(entry)
            copy.children = [searched(child) for child in node.children]
        return copy

    return Search(GameTree(tree.game, searched(tree.root)), frozenset(remembered))


def never_visited(node: Node) -> Node:
    """A copy of `node` and its subtree, marked as never reached by the search."""
    children = [never_visited(child) for child in node.children]
    return replace(node, visited=False, visit_index=None, score=None, bound=None, children=children)


# ## Drawing a search, whole or as it stood after some of its visits

NOW = "#d55e00"  # Okabe-Ito vermillion: the node being visited


@dataclass
class Snapshot:
    """A search as it stands at `step`: visit number `step` (from 0) is under way, or all are done
    when `step` is the number of visits. Scores show once a node is finished, "?" before that."""

    search: Search
    step: int
    order: list[Node] = field(init=False, repr=False)
    last_visit: dict[Node, int] = field(init=False, repr=False)
    parent: dict[Node, Node] = field(init=False, repr=False)
    shown: set[Node] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.order = self.tree.visit_order
        self.step = whole_number(self.step, "step", largest=len(self.order))
        self.last_visit = last_visits(self.tree)
        self.parent = {child: node for node in self.tree for child in node.children}
        self.shown = set(self.revealed())

    @property
    def tree(self) -> GameTree:
        """The whole tree of the search."""
        return self.search.tree

    @property
    def visits(self) -> int:
        """How many visits the whole search makes."""
        return len(self.order)

    @property
    def current(self) -> Node | None:
        """The node being visited, or None once the search is over."""
        return self.order[self.step] if self.step < self.visits else None

    def is_done(self, node: Node) -> bool:
        """Whether the search has finished `node`: it knows its score (a leaf, as soon as it is visited)."""
        last = self.last_visit[node]
        return last < self.step or last == node.visit_index == self.step

    def revealed(self) -> Iterator[Node]:
        """The nodes visited so far, and the branches cut off below the nodes already finished."""
        stack = [(self.tree.root, True)]
        while stack:
            node, cut_off_yet = stack.pop()
            if (node.visited and node.visit_index > self.step) or (node.pruned and not cut_off_yet):
                continue
            yield node
            stack += [(child, node.pruned or self.is_done(node)) for child in node.children]

    def node_style(self, node: Node) -> dict[str, str]:
        """draw.py's style, hidden if not reached yet, "?" if not finished, outlined if visited now."""
        style = node_style(node)
        if node not in self.shown:
            return style | {"style": "invis", "tooltip": " "}
        if node.visited and not self.is_done(node):
            style["label"] = f"{node.state}\\n?"
        if node.visit_index in self.search.remembered:
            style |= {"peripheries": "2", "tooltip": style["tooltip"] + "; answered from the memo"}
        if node is self.current:
            style |= {"color": NOW, "penwidth": "3"}
        return style

    def edge_style(self, child: Node) -> dict[str, str]:
        """draw.py's style for the edge into `child`, hidden until `child` shows."""
        style = edge_style(child, moves=True)
        return style if child in self.shown else style | {"style": "invis"}

    def window(self, node: Node) -> tuple[float, float]:
        """`node`'s alpha and beta now: as it was entered, tightened by each child finished so far."""
        alpha, beta = node.alpha, node.beta
        for child in node.children:
            if child.visited and self.is_done(child):
                alpha, beta = (max(alpha, child.score), beta) if node.is_maximizing else (alpha, min(beta, child.score))
        return alpha, beta

    def in_progress(self) -> list[Node]:
        """The nodes being searched, from the root down to the one visited now: the call stack."""
        path, node = [], self.current
        while node is not None:
            path.append(node)
            node = self.parent.get(node)
        return path[::-1]

    def caption(self) -> list[str]:
        """What happens at this step, in words: the visit, the call stack with alpha and beta, any cut-off."""
        if self.current is None:
            over = f"The search is over after {self.visits:,} visits: the root scores {self.tree.root.score_text}."
            return [over] + self.cut_off_lines()
        node = self.current
        lines = [f"Visit {self.step + 1} of {self.visits:,}: {describe_node(node)}."]
        if node.visit_index in self.search.remembered:
            lines.append(f"It was searched before: its score {node.score:+d} comes from the memo.")
        if self.tree.alphabeta:
            lines.append("Being searched: " + " → ".join(self.with_window(node) for node in self.in_progress()))
            lines += self.cut_off_lines()
        return lines

    def cut_off_lines(self) -> list[str]:
        """A line for each alpha-beta cut-off that the search made right after the previous visit."""
        return [self.cut_off_text(node) for node in self.just_finished() if self.tree.alphabeta and cut_off_below(node)]

    def with_window(self, node: Node) -> str:
        """Such as "5 (Min, α = -1, β = +1)"."""
        alpha, beta = self.window(node)
        player = "Max" if node.is_maximizing else "Min"
        return f"{node.state} ({player}, α = {number(alpha)}, β = {number(beta)})"

    def just_finished(self) -> list[Node]:
        """The nodes that the search finished right after the previous visit."""
        return [node for node in self.order if self.last_visit[node] == self.step - 1 and node.children]

    def cut_off_text(self, node: Node) -> str:
        """Why the moves after a cut-off at `node` were skipped."""
        skipped = sum(child.pruned for child in node.children)
        moves = "other move is" if skipped == 1 else f"other {skipped} moves are"
        alpha, beta = self.window(node)
        return (
            f"Cut-off at {node.state}: α = {number(alpha)} ≥ β = {number(beta)}, "
            f"so its {moves} skipped: nothing there can change its score."
        )


def last_visits(tree: GameTree) -> dict[Node, int]:
    """The visit_index of the last visit below each visited node (its own, for a leaf)."""
    last: dict[Node, int] = {}
    for node in reversed(list(tree)):  # children before their parents
        if node.visited:
            last[node] = max([node.visit_index] + [last[child] for child in node.children if child.visited])
    return last


def cut_off_below(node: Node) -> bool:
    """Whether some of `node`'s moves were never searched."""
    return node.visited and any(child.pruned for child in node.children)


def describe_node(node: Node) -> str:
    """Such as "3 with Min to move, entered with α = -1, β = +1"."""
    text = f"{node.state} with {'Max' if node.is_maximizing else 'Min'} to move"
    if node.alpha is not None:
        text += f", entered with α = {number(node.alpha)}, β = {number(node.beta)}"
    return text


def search_drawing(search: Search, step: int | None = None, *, large: bool = False) -> Drawing:
    """The drawing of `search`: whole, or as it stood at `step` (see Snapshot).

    Nodes not reached yet are drawn invisible, so that nothing moves from one step to the next.
    """
    if step is None and not search.remembered:
        return draw_tree(search.tree, large=large)  # nothing to add to nimlib's own drawing
    tree = search.tree
    snapshot = Snapshot(search, tree.visited_count if step is None else step)
    graph = empty_graph(large)
    names = {node: f"n{index}" for index, node in enumerate(tree)}
    for node in tree:
        graph.node(names[node], **snapshot.node_style(node))
        for child in node.children:
            graph.edge(names[node], names[child], **snapshot.edge_style(child))
    add_legend(graph, tree)
    extend_legend(graph, tree, extra_legend_entries(search, replaying=step is not None))
    return Drawing(graph, str(tree))


def empty_graph(large: bool) -> graphviz.Digraph:
    """A graph with the fonts and spacing of nimlib.draw.draw_tree."""
    node_size, edge_size = FONT_SIZES[bool(large)]
    return graphviz.Digraph(
        graph_attr={"ordering": "out", "nodesep": "0.25", "ranksep": "0.35", "fontname": FONT},
        node_attr={"fontname": FONT, "fontsize": str(node_size), "penwidth": "1.2"},
        edge_attr={"fontname": FONT, "fontsize": str(edge_size), "arrowsize": "0.6"},
    )


def extra_legend_entries(search: Search, replaying: bool) -> list[tuple[str, dict[str, str]]]:
    """Legend samples for what only this module draws: memo answers, the node visited now, unknown scores."""
    entries = []
    if search.remembered:
        entries.append(("from the memo", {"shape": "box", "style": "rounded", "peripheries": "2"}))
    if replaying:
        entries.append(("visited now", {"shape": "box", "style": "rounded", "color": NOW, "penwidth": "3"}))
        entries.append(("?: no score yet", {"shape": "plaintext"}))
    return entries


def extend_legend(graph: graphviz.Digraph, tree: GameTree, entries: list[tuple[str, dict[str, str]]]) -> None:
    """Add `entries` at the right end of the legend row that nimlib.draw.add_legend drew."""
    left = f"legend{len(legend_entries(tree)) - 1}"
    with graph.subgraph(name="legend") as legend:
        legend.attr(rank="same")
        for index, (label, style) in enumerate(entries):
            name = f"legend_extra{index}"
            legend.node(name, label, **style)
            legend.edge(left, name, style="invis")
            left = name


# ## Showing text and pictures in a widget

UNEXPECTED = "Something went wrong"


def inline_svg(drawing: Drawing) -> str:
    """The drawing's SVG, from its <svg> tag on, inside a box that scrolls when the tree is wide."""
    svg = drawing.svg()
    return f'<div style="overflow:auto">{svg[svg.index("<svg") :]}</div>'


def html_lines(lines: list[str], large: bool = False) -> str:
    """Lines of text as HTML, in large print for a projector if `large`."""
    size = "150%" if large else "110%"
    body = "".join(f"<div>{html.escape(line)}</div>" for line in lines)
    return f'<div style="font-size:{size};line-height:1.5;margin:0.4em 0">{body}</div>'


def message(error: Exception) -> str:
    """An error as a sentence a learner can read, with no traceback."""
    text = str(error) or type(error).__name__
    if isinstance(error, (ValueError, RuntimeError)):
        return text[0].upper() + text[1:]
    return f"{UNEXPECTED}: {type(error).__name__}: {text}"


def reporting_errors(callback: Callable) -> Callable:
    """Wrap a widget's callback so that an error becomes the widget's message, never a traceback."""

    @functools.wraps(callback)
    def safe_callback(self: widgets.Widget, *args: object) -> None:
        try:
            callback(self, *args)
        except Exception as error:  # shown in the widget, so that no traceback ever appears there
            self.show_error(error)

    return safe_callback


def slider(description: str, value: int, smallest: int, largest: int) -> widgets.IntSlider:
    """An integer slider that reports its value only when the drag ends, so a drag redraws once."""
    return widgets.IntSlider(value=value, min=smallest, max=largest, description=description, continuous_update=False)


def toggles(options: dict, value: object, description: str) -> widgets.ToggleButtons:
    """Toggle buttons for the `options` {value: label}, each as wide as its label."""
    return widgets.ToggleButtons(
        options=[(label, key) for key, label in options.items()],
        value=value,
        description=description,
        style={"button_width": "auto"},
    )


def set_range(control: widgets.IntSlider, smallest: int, largest: int) -> None:
    """Give a slider a new range (its value moves into it), in an order that never crosses min and max."""
    control.min, control.max = min(smallest, control.min), max(largest, control.max)
    control.min, control.max = smallest, largest


def set_visible(control: widgets.Widget, visible: bool) -> None:
    """Show or hide a control without removing it."""
    control.layout.display = None if visible else "none"


# ## The pickers for a position


class PositionPicker(widgets.VBox):
    """Pickers for the variant, misère or normal play, and the counters or the piles."""

    def __init__(self, position: Position) -> None:
        piles = position.piles + (1,) * (MAX_PILES - len(position.piles))
        self.variant = widgets.Dropdown(options=VARIANTS, value=position.variant, description="game")
        endings = {True: "misère: last counter loses", False: "normal: last counter wins"}
        self.misere = toggles(endings, position.misere, "ending")
        self.counters = slider("counters", position.counters, *COUNTERS.get(position.variant, (0, 30)))
        self.pile_count = slider("piles", len(position.piles), 1, MAX_PILES)
        self.piles = [slider(f"pile {n}", size, 0, 12) for n, size in enumerate(piles, start=1)]
        self.counters.add_class("nim-counters")
        self.callbacks: list[Callable[[], None]] = []
        self.quiet = False
        super().__init__([self.variant, self.misere, self.counters, self.pile_count, *self.piles])
        self.arrange()
        for control in (self.variant, self.misere, self.counters, self.pile_count, *self.piles):
            control.observe(self.changed, names="value")

    @property
    def position(self) -> Position:
        """The position the pickers show."""
        piles = tuple(pile.value for pile in self.piles[: self.pile_count.value])
        return Position(self.variant.value, self.counters.value, piles, self.misere.value)

    def on_change(self, callback: Callable[[], None]) -> None:
        """Call `callback()` after every change of the position."""
        self.callbacks.append(callback)

    def changed(self, change: dict) -> None:
        """Show the pickers the variant needs, then tell the callbacks, once per change."""
        if self.quiet:
            return
        self.arrange()
        for callback in self.callbacks:
            callback()

    @contextmanager
    def silenced(self) -> Iterator[None]:
        """Within this block, changes the pickers make to each other tell no one."""
        self.quiet = True
        try:
            yield
        finally:
            self.quiet = False

    def arrange(self) -> None:
        """Only the pickers of this variant, with its ranges: counters or piles, and the ending if it has one."""
        variant = self.variant.value
        one_pile = variant in COUNTERS
        with self.silenced():
            if one_pile:
                set_range(self.counters, *COUNTERS[variant])
            else:
                for pile in self.piles:
                    set_range(pile, *PILE_SIZES[variant])
        set_visible(self.misere, variant in EITHER_ENDING)
        set_visible(self.counters, one_pile)
        set_visible(self.pile_count, not one_pile)
        for index, pile in enumerate(self.piles, start=1):
            set_visible(pile, not one_pile and index <= self.pile_count.value)


# ## explore(): the tree, the score, the best move and the work of a search


class Explorer(widgets.VBox):
    """Pickers for a position and an algorithm, above its score, best move, work and game tree."""

    def __init__(
        self, position: Position, algorithm: str, show_pruned: bool, large: bool, max_nodes: int = WIDGET_MAX_NODES
    ) -> None:
        self.picker = PositionPicker(position)
        self.algorithm = toggles(ALGORITHMS, checked_choice(algorithm, ALGORITHMS, "algorithm"), "algorithm")
        self.show_pruned = widgets.Checkbox(value=show_pruned, description="show pruned branches")
        self.large = widgets.ToggleButton(value=large, description="large font", icon="search-plus")
        self.max_nodes = max_nodes
        self.view = widgets.HTML()
        self.view.add_class("nim-tree")
        self.lines: list[str] = []
        super().__init__([self.picker, self.algorithm, widgets.HBox([self.show_pruned, self.large]), self.view])
        self.add_class("nim-explore")
        self.picker.on_change(self.update)
        for control in (self.algorithm, self.show_pruned, self.large):
            control.observe(self.update, names="value")
        self.update()

    @reporting_errors
    def update(self, *change: object) -> None:
        """Search and draw again, then show it all in one assignment, so the old tree never blinks out."""
        settings = (self.algorithm.value, self.show_pruned.value, self.large.value, self.max_nodes)
        lines, picture = explorer_page(self.picker.position, *settings)
        self.lines = list(lines)
        self.view.value = html_lines(self.lines, self.large.value) + picture

    def show_error(self, error: Exception) -> None:
        """Show `error` as a message in place of the tree."""
        self.lines = [message(error)]
        self.view.value = html_lines(self.lines)

    @property
    def text(self) -> str:
        """What the widget says, as plain text (the tree is left out)."""
        return "\n".join(self.lines)

    def __repr__(self) -> str:
        return f"Explorer of {self.picker.position}, by {ALGORITHMS[self.algorithm.value]}"


def explain(
    variant: str = "Simple-Nim",
    counters: int = 5,
    piles: tuple[int, ...] = (1, 2, 3),
    *,
    misere: bool = True,
    algorithm: str = "alphabeta",
) -> str:
    """What explore() says about a position, as plain text and without a widget: the score, the best
    move, the work of `algorithm` and the size of its tree."""
    position = Position(variant, counters, tuple(piles), misere)
    lines = search_report(position, algorithm, WINDOWS["narrow"])
    try:
        lines.append(str(search_tree(position, algorithm).tree))
    except TreeTooLarge as error:
        lines.append(message(error))
    return "\n".join(lines)


@functools.lru_cache(maxsize=32)
def explorer_page(
    position: Position, algorithm: str, show_pruned: bool, large: bool, max_nodes: int
) -> tuple[tuple[str, ...], str]:
    """What explore() shows: lines of text, and the tree as inline SVG, or "" with a message if it is too large.

    The last 32 pages are remembered, so that dragging a slider back to where it was is instant.
    """
    lines = tuple(search_report(position, algorithm, WINDOWS["narrow"]))
    try:
        search = search_tree(position, algorithm, show_pruned=show_pruned, max_nodes=max_nodes)
    except TreeTooLarge as error:
        return (*lines, message(error)), ""
    drawing = search_drawing(search, large=large)
    return (*lines, drawing.summary), inline_svg(drawing)


def explore(
    variant: str = "Simple-Nim",
    counters: int = 5,
    piles: tuple[int, ...] = (1, 2, 3),
    *,
    misere: bool = True,
    algorithm: str = "alphabeta",
    show_pruned: bool = True,
    large: bool = False,
) -> Explorer:
    """Sliders for a position of any variant and a choice of algorithm, with the game tree, the score,
    the best move and the work of the search, redrawn on every change."""
    return Explorer(Position(variant, counters, tuple(piles), misere), algorithm, show_pruned, large)


# ## replay(): a search, one visit at a time


class Replay(widgets.VBox):
    """Pickers for a search, and a step slider with a Play button that replays it visit by visit."""

    def __init__(
        self, position: Position, algorithm: str, window: str, show_pruned: bool, large: bool, interval: int = 1200
    ) -> None:
        self.picker = PositionPicker(position)
        self.algorithm = toggles(ALGORITHMS, checked_choice(algorithm, ALGORITHMS, "algorithm"), "algorithm")
        windows = {"narrow": "α, β from -1, +1", "wide": "α, β from -∞, +∞"}
        self.window = toggles(windows, checked_choice(window, WINDOWS, "window"), "window")
        self.show_pruned = widgets.Checkbox(value=show_pruned, description="show pruned branches")
        self.large = widgets.ToggleButton(value=large, description="large font", icon="search-plus")
        self.step = widgets.IntSlider(value=0, min=0, max=0, description="step", continuous_update=False)
        self.player = widgets.Play(value=0, min=0, max=0, interval=interval, description="replay")
        widgets.jslink((self.player, "value"), (self.step, "value"))
        self.view = widgets.HTML()
        self.view.add_class("nim-replay-tree")
        self.search: Search | None = None
        self.lines: list[str] = []
        options = widgets.HBox([self.show_pruned, self.large])
        super().__init__([self.picker, self.algorithm, self.window, options, widgets.HBox([self.player, self.step])])
        self.children += (self.view,)
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
        """Draw the search as it stood at the step chosen, and show it in one assignment."""
        if self.search is None:
            return
        lines, picture = replay_page(self.search, self.step.value, self.large.value)
        self.lines = list(lines)
        self.view.value = html_lines(self.lines, self.large.value) + picture

    def show_error(self, error: Exception) -> None:
        """Show `error` as a message in place of the tree, with nothing to replay."""
        self.search = None
        self.step.max = self.player.max = 0
        self.lines = [message(error)]
        self.view.value = html_lines(self.lines)

    @property
    def text(self) -> str:
        """What the widget says about this step, as plain text."""
        return "\n".join(self.lines)

    def __repr__(self) -> str:
        return f"Replay of {ALGORITHMS[self.algorithm.value]} from {self.picker.position}"


@functools.lru_cache(maxsize=32)
def replay_page(search: Search, step: int, large: bool) -> tuple[tuple[str, ...], str]:
    """What replay() shows at `step`: the caption's lines, and the tree as inline SVG (the last 32 are remembered)."""
    return tuple(Snapshot(search, step).caption()), inline_svg(search_drawing(search, step, large=large))


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
    """Replay a search visit by visit: drag the step slider or press Play, and watch alpha, beta and
    the cut-offs. `window` is "narrow" (alpha-beta starts from -1, +1) or "wide" (from -inf, +inf)."""
    return Replay(Position(variant, counters, tuple(piles), misere), algorithm, window, show_pruned, large)


def replay_step(search: Search, step: int, *, large: bool = False) -> Drawing:
    """One step of a replay as a drawing, for a notebook to show without widgets."""
    return search_drawing(search, step, large=large)


# ## play(): a game against the computer

PLAY_CALLS = 200_000  # the computer's budget: a few tenths of a second at most
COUNTER = "●"


class Match(widgets.VBox):
    """A game against the computer: your moves as buttons, its answers by best_move, hints and undo."""

    def __init__(self, position: Position, you_start: bool) -> None:
        self.picker = PositionPicker(position)
        self.first = toggles({True: "you", False: "the computer"}, bool(you_start), "first move")
        self.new_game_button = widgets.Button(description="New game", icon="refresh")
        self.undo_button = widgets.Button(description="Undo", icon="undo")
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o")
        self.board = widgets.HTML()
        self.board.add_class("nim-board")
        self.moves = widgets.Box(layout=widgets.Layout(flex_flow="row wrap"))
        self.history: list[State] = []
        self.news: list[str] = []
        buttons = widgets.HBox([self.new_game_button, self.undo_button, self.hint_button])
        super().__init__([self.picker, self.first, buttons, self.board, self.moves])
        self.add_class("nim-play")
        self.picker.on_change(self.new_game)
        self.first.observe(self.new_game, names="value")
        self.new_game_button.on_click(self.new_game)
        self.undo_button.on_click(self.undo)
        self.hint_button.on_click(self.hint)
        self.new_game()

    @property
    def game(self) -> Game:
        """The rules of the game being played."""
        return self.picker.position.game

    @property
    def state(self) -> State:
        """The position now."""
        return self.history[-1]

    def is_your_turn(self, index: int | None = None) -> bool:
        """Whether you are to move at the position `index` of the game (by default, now)."""
        index = len(self.history) - 1 if index is None else index
        return (index % 2 == 0) == self.first.value

    @property
    def is_over(self) -> bool:
        """Whether nobody can move any more."""
        return self.game.evaluate(self.state, True) is not None

    @property
    def you_won(self) -> bool:
        """At the end: whether you won (evaluate scores +1 when the player to move has won)."""
        return (self.game.evaluate(self.state, True) > 0) == self.is_your_turn()

    @reporting_errors
    def new_game(self, *change: object) -> None:
        """Start again from the position the pickers show; the computer moves at once if it begins."""
        position = self.picker.position
        self.history = [position.state]
        self.news = [f"New game: {position}."]
        if not self.is_over and not self.is_your_turn():
            self.computer_moves()
        self.show()

    @reporting_errors
    def choose(self, new_state: State) -> None:
        """Make your move, then let the computer answer."""
        if self.is_over or not self.is_your_turn():
            raise ValueError("it is not your turn: start a new game")
        self.news = [f"You: {self.game.describe_move(self.state, new_state)}."]
        self.history.append(new_state)
        if not self.is_over:
            self.computer_moves()
        self.show()

    def computer_moves(self) -> None:
        """The computer plays best_move; on a position too large to search in time, its first move."""
        state = self.state
        try:
            _, new_state = best_move(self.game, state, "memo_canonical", SearchStats(max_calls=PLAY_CALLS))
        except RuntimeError:
            new_state = next(iter(self.game.possible_new_states(state)))
            self.news.append("This position is too large to search in time, so the computer plays its first move.")
        self.news.append(f"The computer: {self.game.describe_move(state, new_state)}.")
        self.history.append(new_state)

    @reporting_errors
    def undo(self, *button: object) -> None:
        """Take back your last move, and the computer's answer to it."""
        your_moves = [index for index in range(len(self.history) - 1) if self.is_your_turn(index)]
        if not your_moves:
            self.news = ["There is no move of yours to take back."]
        else:
            del self.history[your_moves[-1] + 1 :]
            self.news = ["Your last move is taken back: your turn again."]
        self.show()

    @reporting_errors
    def hint(self, *button: object) -> None:
        """Say what best_move would play for you."""
        if self.is_over or not self.is_your_turn():
            self.news = ["No hint: the game is over. Start a new game."]
        else:
            score, new_state = quick_best_move(self.game, self.state)
            move = self.game.describe_move(self.state, new_state)
            verdict = "it wins, whatever the computer does" if score > 0 else "every move loses against best play"
            self.news = [f"Hint: {move} ({verdict})."]
        self.show()

    def show(self) -> None:
        """Show the position, whose turn it is or who won, the news, and your moves as buttons."""
        self.board.value = html_lines(self.news) + board_html(self.game, self.state) + html_lines([self.status()], True)
        for button in self.moves.children:
            button.close()
        self.moves.children = tuple(self.move_buttons())

    def status(self) -> str:
        """Whose turn it is, or who won."""
        if self.is_over:
            return "You won! 🎉" if self.you_won else "The computer won. Try again: Undo, or New game."
        return "Your turn: choose a move." if self.is_your_turn() else "The computer's turn."

    def move_buttons(self) -> list[widgets.Button]:
        """One button per legal move, when it is your turn."""
        if self.is_over or not self.is_your_turn():
            return []
        buttons = []
        for new_state in self.game.possible_new_states(self.state):
            button = widgets.Button(description=self.game.describe_move(self.state, new_state))
            button.layout.width = "auto"
            button.add_class("nim-move")
            button.on_click(functools.partial(self.play_move, new_state))
            buttons.append(button)
        return buttons

    def play_move(self, new_state: State, button: widgets.Button) -> None:
        """A move button's click: play its move."""
        self.choose(new_state)

    def show_error(self, error: Exception) -> None:
        """Show `error` as the news, and offer no moves until a new game."""
        self.news = [message(error)]
        self.board.value = html_lines(self.news)
        self.moves.children = ()

    @property
    def text(self) -> str:
        """The news and the status, as plain text."""
        return "\n".join(self.news + ([self.status()] if self.history else []))

    def __repr__(self) -> str:
        return f"A game of {self.picker.position} against the computer"


def board_html(game: Game, state: State) -> str:
    """The position drawn as rows of counters, in large print."""
    return html_lines(board_lines(game, state), large=True)


def board_lines(game: Game, state: State) -> list[str]:
    """The position as rows of counters: one row per pile, with the pile's size."""
    if isinstance(game, SimpleNim):
        return [f"{COUNTER * state} ({state} counters)"]
    if isinstance(game, FibonacciNim):
        counters, max_take = state
        return [f"{COUNTER * counters} ({counters} counters)", f"The next take may be 1 to {min(max_take, counters)}."]
    return [f"pile {n}: {COUNTER * pile} ({pile})" for n, pile in enumerate(state, start=1)]


def play(
    variant: str = "Nim",
    counters: int = 10,
    piles: tuple[int, ...] = (1, 2, 3),
    *,
    misere: bool = True,
    you_start: bool = True,
) -> Match:
    """Play a variant against the computer, which answers every move with best_move."""
    return Match(Position(variant, counters, tuple(piles), misere), you_start)
