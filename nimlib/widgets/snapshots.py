"""A search as it stood after some of its visits, in words and as a drawing: what replay() shows at
each step.

`Snapshot` says which nodes the search has reached at a step, which it has finished, and the
alpha and beta of the nodes still being searched. `search_drawing` draws the tree of a search by
draw_tree, whole or at a step, in the look of the step (a Snapshot); nodes not reached yet are
drawn invisible, so that nothing moves from one step to the next, or left out, in a still picture.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

from nimlib.drawing.dot import label
from nimlib.drawing.draw import Drawing, draw_tree
from nimlib.drawing.layout import POINTS_PER_INCH, node_names, window_text
from nimlib.drawing.legend import OUTLINE_SAMPLE, LegendEntry
from nimlib.drawing.nodes import GameTree, Node, checked_tree, score_text
from nimlib.drawing.placement import node_boxes
from nimlib.drawing.style import fill
from nimlib.drawing.tree import full_tree_size
from nimlib.games.base import State
from nimlib.games.printer import plural
from nimlib.games.values import truth_value, whole_number
from nimlib.widgets.searches import QUICK_CALLS, WIDGET_MAX_NODES

NOW = "#d55e00"  # Okabe-Ito vermillion: the node being visited
VISITED_NOW = {"color": NOW, "penwidth": "3"}  # the node being visited: outlined thick
MOVE_LABELS_UP_TO = 150  # nodes: a larger tree is drawn without move labels on its edges


@dataclass
class Snapshot:
    """The search of `tree` as it stands at `step`: visit number `step` under way (counted from
    1, as the caption and the replay's step slider count), or all done at the step after the last
    visit.

    A node shows its score once the search has finished it, and "?" before that. A Snapshot is the
    look of the step's drawing (see draw_tree), the drawing of `drawn`: the whole tree, the nodes
    not reached yet kept invisible, or if not `keep_room` only the nodes shown (a still picture).
    A node showing "?" keeps the width `room` gives it (in inches; see finished_widths).
    """

    tree: GameTree
    step: int
    keep_room: bool = True
    room: dict[Node, str] = field(default_factory=dict)
    order: list[Node] = field(init=False, repr=False)
    last_visit: dict[Node, int] = field(init=False, repr=False)
    parent: dict[Node, Node] = field(init=False, repr=False)
    shown: set[Node] = field(init=False, repr=False)
    drawn: GameTree = field(init=False, repr=False)
    original: dict[Node, Node] = field(init=False, repr=False)  # each node of `drawn`'s in `tree`

    def __post_init__(self) -> None:
        checked_tree(self.tree)
        self.order = self.tree.visit_order
        self.step = whole_number(self.step, "step", smallest=1, largest=len(self.order) + 1)
        self.last_visit = last_visits(self.tree)
        self.parent = {child: node for node in self.tree for child in node.children}
        self.shown = set(self.revealed())
        self.keep_room = truth_value(self.keep_room, "keep_room")
        self.drawn = self.tree if self.keep_room else self.tree.part(self.shown.__contains__)
        kept = [node for node in self.tree if self.keep_room or node in self.shown]
        self.original = dict(zip(self.drawn, kept, strict=True))  # a part keeps the tree's order

    @property
    def visits(self) -> int:
        """How many visits the whole search makes."""
        return len(self.order)

    @property
    def index(self) -> int:
        """The step as an index into the visit order (nodes' visit_index), which counts from 0."""
        return self.step - 1

    @property
    def current(self) -> Node | None:
        """The node being visited, or None once the search is over."""
        return self.order[self.index] if self.index < self.visits else None

    def is_done(self, node: Node) -> bool:
        """Whether the search has finished `node`: it knows its score (a leaf, as soon as it is
        visited)."""
        last = self.last_visit[node]
        return last < self.index or last == node.visit_index == self.index

    def revealed(self) -> Iterator[Node]:
        """The nodes visited so far, and the branches cut off below the nodes already finished."""
        stack = [(self.tree.root, True)]
        while stack:
            node, cut_off_yet = stack.pop()
            if (node.visited and node.visit_index > self.index) or (
                node.pruned and not cut_off_yet
            ):
                continue
            yield node
            stack += [(child, node.pruned or self.is_done(node)) for child in node.children]

    @property
    def legend(self) -> list[LegendEntry]:
        """The legend's samples of what a step shows: the node visited now, unknown scores."""
        now = OUTLINE_SAMPLE | VISITED_NOW
        return [("visited now", now), ("?: no score yet", {"shape": "plaintext"})]

    def node_style(self, node: Node, style: dict[str, str]) -> dict[str, str]:
        """The `style` of `node` (of `drawn`), hidden if not reached yet, "?" if not finished,
        outlined if visited now."""
        node = self.original[node]
        if node not in self.shown:
            return hidden(style)
        if node.visited and not self.is_done(node):
            window = [window_text(node)] if shows_window(self.tree) else []
            # filled for its turn even where a still picture leaves out its children (see fill)
            turn = fill(node, self.tree.middle)
            style = style | {"label": label(node.state_label, "?", *window), "fillcolor": turn}
            if node in self.room:  # as wide as with its score: "?" is narrower than "+1"
                style = style | {"width": self.room[node]}
        if node is self.current:
            style = style | VISITED_NOW
        return style

    def edge_style(self, child: Node, style: dict[str, str]) -> dict[str, str]:
        """The edge into `child` (of `drawn`) in its `style`, hidden until `child` shows."""
        return style if self.original[child] in self.shown else hidden(style)

    def window(self, node: Node) -> tuple[float, float]:
        """`node`'s alpha and beta now: as it was entered, tightened by each child finished so
        far."""
        alpha, beta = node.alpha, node.beta
        for child in node.children:
            if child.visited and self.is_done(child):
                alpha, beta = (
                    (max(alpha, child.score), beta)
                    if node.is_maximizing
                    else (alpha, min(beta, child.score))
                )
        return alpha, beta

    def path_to(self, node: Node) -> list[Node]:
        """The nodes from the root down to `node`."""
        path = [node]
        while path[-1] in self.parent:
            path.append(self.parent[path[-1]])
        return path[::-1]

    def caption(self) -> list[str]:
        """What happens at this step, in words: the visit, the call stack with alpha and beta, any
        cut-off."""
        if self.current is None:
            score = self.tree.root.score_text(self.tree.middle)
            over = (
                f"The search is over after {plural(self.visits, 'visit')}: the root scores {score}."
            )
            return [over] + self.cut_off_lines()
        node = self.current
        lines = [f"Visit {self.step} of {self.visits:,}: {describe_node(node, self.tree.middle)}."]
        if node.from_memo:
            lines.append(memo_line(score_text(node.score, self.tree.middle)))
        if self.tree.alphabeta:  # the call stack, from the root down to the node visited now
            stack = " → ".join(self.with_window(searched) for searched in self.path_to(node))
            lines.append(f"Being searched: {stack}")
            lines += self.cut_off_lines()
        return lines

    def cut_off_lines(self) -> list[str]:
        """A line for each alpha-beta cut-off that the search made right after the previous
        visit."""
        return [
            self.cut_off_text(node)
            for node in self.just_finished()
            if self.tree.alphabeta and cut_off_below(node)
        ]

    def with_window(self, node: Node) -> str:
        """Such as "5 (Min, α = -1, β = +1)"."""
        alpha, beta = (score_text(edge, self.tree.middle) for edge in self.window(node))
        return f"{node.state} ({node.player}, α = {alpha}, β = {beta})"

    def just_finished(self) -> list[Node]:
        """The nodes that the search finished right after the previous visit."""
        return [
            node for node in self.order if self.last_visit[node] == self.index - 1 and node.children
        ]

    def cut_off_text(self, node: Node) -> str:
        """Why the moves after a cut-off at `node` were skipped."""
        skipped = sum(child.pruned for child in node.children)
        moves = "other move is" if skipped == 1 else f"other {skipped} moves are"
        alpha, beta = (score_text(edge, self.tree.middle) for edge in self.window(node))
        return (
            f"Cut-off at {self.named(node)}: α = {alpha} ≥ β = {beta}, "
            f"so its {moves} skipped: nothing there can change its score."
        )

    def named(self, node: Node) -> str:
        """`node` named so that no other node is meant: "2 (Min to move, reached by 5 → 3 → 2)"."""
        path = self.path_to(node)
        where = (
            "the root"
            if len(path) == 1
            else "reached by " + " → ".join(str(step.state) for step in path)
        )
        return f"{node.state} ({node.player} to move, {where})"


@functools.lru_cache(maxsize=8)
def finished_widths(tree: GameTree, large: bool) -> dict[Node, str]:
    """Each node's width in inches once the search of `tree` is done, as Graphviz draws it: what a
    replay's node keeps while it shows "?", so that the tree is as wide at every step."""
    done = search_drawing(tree, len(tree.visit_order) + 1, large=large, keep_room=True)
    boxes = node_boxes(done.source)  # x, y, width, height in points, by the node's DOT name
    return {
        node: f"{boxes[name][2] / POINTS_PER_INCH:.5f}" for node, name in node_names(tree).items()
    }


def memo_line(score: str) -> str:
    """The caption's line for a visit the memo answered, with its `score` as the nodes show it."""
    return f"It was searched before: its score {score} comes from the memo."


def hidden(style: dict[str, str]) -> dict[str, str]:
    """A node's or an edge's `style` made invisible, keeping what takes room (its label, shape and
    outlines: a node the memo answered is outlined twice, and taller), so that nothing moves when
    it shows."""
    kept = ("label", "shape", "peripheries")
    return {key: style[key] for key in kept if key in style} | {"style": "invis"}


@functools.lru_cache(maxsize=8)
def longest_caption(tree: GameTree) -> tuple[str, ...]:
    """Lines at least as long as the caption of any step of the search of `tree`, line by line:
    the longest visit line, the memo line, the longest call stack and the most cut-off lines of one
    step, each the longest there is.

    The widget keeps room for them, so that its picture stays put while the caption changes. Worked
    out from the end of the search, in one pass over the tree (a caption at every step would take
    seconds).
    """
    end = Snapshot(tree, tree.visited_count + 1)  # the step after the last visit: all done
    visited = list(end.order)
    longest = max(visited, key=lambda node: len(describe_node(node, tree.middle)))
    lines = [
        max(
            f"Visit {end.visits:,} of {end.visits:,}: {describe_node(longest, tree.middle)}.",
            end.caption()[0],
            key=len,
        )
    ]
    if any(node.from_memo for node in visited):
        scores = (score_text(node.score, tree.middle) for node in visited if node.from_memo)
        score = max(scores, key=len)
        lines.append(memo_line(score))
    if tree.alphabeta:
        stack: dict[Node, str] = {}
        for node in visited:  # parents before their children
            above = stack.get(end.parent.get(node))
            stack[node] = (
                end.with_window(node) if above is None else f"{above} → {end.with_window(node)}"
            )
        lines.append("Being searched: " + max(stack.values(), key=len))
        cut_offs = [node for node in visited if node.children and cut_off_below(node)]
        per_step = Counter(end.last_visit[node] for node in cut_offs)
        texts = sorted((end.cut_off_text(node) for node in cut_offs), key=len, reverse=True)
        lines += texts[: max(per_step.values(), default=0)]
    return tuple(lines)


def line_words(start: State, line: Sequence[State]) -> str:
    """The states best play passes through from `start`, and how many moves it takes."""
    states = " → ".join(str(state) for state in (start, *line))
    return f"{states} ({plural(len(line), 'move')}, each side's best)"


def best_play_text(tree: GameTree, line: Sequence[State], wanted: bool) -> list[str]:
    """What the green line of a drawing shows, in words: the states best play passes through, and
    which of its moves the drawing leaves out or the search never visited; if it is `wanted` but not
    found, why."""
    if not line:
        return (
            [f"Best play: not found within {QUICK_CALLS:,} calls."]
            if wanted and tree.root.children
            else []
        )
    nodes = tree.line(line)
    text = f"Best play, in green: {line_words(tree.root.state, line)}."
    missing = len(line) + 1 - len(nodes)
    if missing:
        last = "Its last move lies" if missing == 1 else f"Its last {missing} moves lie"
        size = full_tree_size(tree.game, tree.root.state, WIDGET_MAX_NODES)
        whole = size is not None and size <= WIDGET_MAX_NODES
        text += f" {last} in branches not drawn" + (
            ' (tick "show pruned branches").'
            if whole
            else ": with them, the tree is too large to draw."
        )
    never = sum(node.pruned for node in nodes)
    if never:
        text += (
            f" The search never visited its last {plural(never, 'position')} (dashed): it "
            "knew the score without."
        )
    return [text]


def last_visits(tree: GameTree) -> dict[Node, int]:
    """The visit_index of the last visit below each visited node (its own, for a leaf)."""
    last: dict[Node, int] = {}
    for node in reversed(list(tree)):  # children before their parents
        if node.visited:
            last[node] = max(
                [node.visit_index] + [last[child] for child in node.children if child.visited]
            )
    return last


def cut_off_below(node: Node) -> bool:
    """Whether some of `node`'s moves were never searched."""
    return node.visited and any(child.pruned for child in node.children)


def describe_node(node: Node, middle: float) -> str:
    """Such as "3 with Min to move, entered with α = -1, β = +1" (signed from the `middle` of the
    game's score range, as score_text signs)."""
    text = f"{node.state} with {node.player} to move"
    if node.alpha is not None:
        alpha, beta = score_text(node.alpha, middle), score_text(node.beta, middle)
        text += f", entered with α = {alpha}, β = {beta}"
    return text


def shows_window(tree: GameTree) -> bool:
    """Whether nodes show their alpha and beta: in alpha-beta trees of games scored beyond +1 and -1
    (with only +1 and -1 every node would say the same)."""
    return tree.alphabeta and tuple(tree.game.score_range) != (-1, 1)


def search_drawing(
    tree: GameTree,
    step: int | None = None,
    *,
    large: bool = False,
    best_play: Sequence[State] = (),
    keep_room: bool = False,
) -> Drawing:
    """The drawing of the search of `tree` (as explore() shows it): whole, or as it stood at `step`
    (as replay() shows it, or a notebook without widgets: step 7 is visit 7; see Snapshot), with
    the line of play `best_play` (such as principal_variation gives) thick and green where it shows;
    a step's drawing is about its node visited now (its focus). A still picture shows the nodes
    reached so far; with ``keep_room=True``, as replay() steps through them, it keeps room for the
    others too, so that no node moves from one step to the next."""
    checked_tree(tree)
    look = None if step is None else Snapshot(tree, step, keep_room)
    if look is not None and keep_room and look.current is not None:
        look.room = finished_widths(tree, large)
    drawn = tree if look is None else look.drawn
    # move labels beyond MOVE_LABELS_UP_TO nodes: too small to read, a third slower to draw
    moves, window = len(tree) <= MOVE_LABELS_UP_TO, shows_window(tree)
    drawing = draw_tree(
        drawn, large=large, moves=moves, window=window, best_play=best_play, look=look
    )
    if look is None or look.current is None:  # the whole search, or its end: the whole tree's words
        return drawing
    # a step's words say what it shows so far, not the whole tree's counts, score and best move,
    # which would tell ahead; its picture keeps the node visited now in view
    summary = f"{tree.heading}, at visit {step} of {tree.visited_count:,}"
    now = next(node for node, original in look.original.items() if original is look.current)
    return replace(drawing, summary=summary, description="", focus=node_names(drawn)[now])
