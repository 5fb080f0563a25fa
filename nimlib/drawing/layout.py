"""How large a tree drawing comes out, estimated before Graphviz lays it out, and where that puts
its parts.

Graphviz's dot places the nodes of most trees; nimlib only chooses the spacing and gives it two
hints, both decided from an estimate of each subtree's width (each subtree beside its neighbours,
under its root):

- a tree too wide to read on a page gets each node straight above its first child, so that its
  root sits at the top left, where a box that scrolls sideways starts (see nimlib.drawing.picture);
- the legend row above the tree is hung over the root where it has room on both sides, else it
  starts (or ends) over the root, so that it does not make the drawing wider; a tree whose root
  is at the top left, laid out by dot, has its legend's last row beside the root instead, where
  the tree leaves room, so that it does not make the drawing higher.

A large tree without move labels is placed by nimlib itself, by the same rules, and Graphviz only
draws it (see nimlib.drawing.placement).
"""

from __future__ import annotations

import functools
import math
import textwrap
from dataclasses import dataclass

import graphviz

from nimlib.drawing.nodes import GameTree, Node, score_text
from nimlib.drawing.picture import (
    LARGE_TEXT_PT,
    NARROW_PAGE_PX,
    PAGE_PX,
    PX_PER_PT,
    least_text_px,
    readable_width,
)
from nimlib.games.printer import short_move

# (nodes, edges) in points, for large=False and large=True
FONT_SIZES = {False: (12, 12), True: (22, LARGE_TEXT_PT)}
# Spacing in inches for 12-point node text; large fonts get it in proportion.
NODE_SEPARATION, RANK_SEPARATION = 0.07, 0.3
NODE_MARGIN, NODE_SIZE = (0.07, 0.03), 0.3
LEGEND_MARGIN = (0.11, 0.055)
LABEL_WIDTH = 8  # characters on one line of an edge label
WIDE = 0.85  # a tree estimated at this share of the page's width or more: its root at the left
NARROW = " ,.:;'!|()[]{}-"  # characters about half as wide as a digit
POINTS_PER_INCH = 72


def node_names(tree: GameTree) -> dict[Node, str]:
    """Each node's name in the DOT source: n0 for the root, then n1, n2, ... in the tree's order."""
    return {node: f"n{index}" for index, node in enumerate(tree)}


def scale(large: bool) -> float:
    """How much larger than for 12-point text the spacing is."""
    return FONT_SIZES[bool(large)][0] / FONT_SIZES[False][0]


def node_gap(large: bool = False) -> float:
    """The gap, in points, that Graphviz leaves between nodes side by side (the graph's nodesep)."""
    return NODE_SEPARATION * scale(large) * POINTS_PER_INCH


@functools.lru_cache(maxsize=4096)  # the same states and moves come back again and again
def text_width(text: str, font_size: float) -> float:
    """About how wide, in points, Graphviz measures `text` in DejaVu Sans: its longest line."""
    widths = [sum(0.33 if char in NARROW else 0.65 for char in line) for line in text.splitlines()]
    return font_size * max(widths, default=0)


@functools.lru_cache(maxsize=1024)  # a tree repeats the same few moves many times
def move_lines(move: str) -> tuple[str, ...]:
    """A move as its edge label shows it: up to its first comma (``short_move``), wrapped onto lines
    of LABEL_WIDTH characters between words (a longer word, such as "frozenset({1,", whole)."""
    return tuple(textwrap.wrap(short_move(move), LABEL_WIDTH, break_long_words=False)) or ("",)


def window_text(node: Node) -> str:
    """The alpha and beta `node` was entered with, as its drawing shows them: "α 3 β ∞"; "" if it
    has none."""
    if node.alpha is None:
        return ""
    return f"α {window_edge(node.alpha)} β {window_edge(node.beta)}"


def window_edge(value: float) -> str:
    """An alpha or a beta, short: "3", "-1", "0.5", "1/3", "∞", "-∞" (written as the node's score
    is, so that a fraction or a whole number too large for a float is drawn too)."""
    return score_text(value).removeprefix("+")


def node_width(node: Node, large: bool, window: bool) -> float:
    """About how wide, in points, `node` is drawn: its state (MCTS's visits, and the window if
    `window`) in a box, or an oval for Min; a chance node's score in a circle."""
    margins = 2 * NODE_MARGIN[0] * scale(large) * POINTS_PER_INCH
    lines = [node.state_label, node.visits_text, window_text(node) if window else ""]
    if node.chance:  # a circle round its score
        lines = [node.score_text()]
    inner = text_width("\n".join(lines), FONT_SIZES[bool(large)][0]) + margins
    oval = not node.is_maximizing or node.chance
    return max(inner * (1.42 if oval else 1), NODE_SIZE * scale(large) * POINTS_PER_INCH)


def subtree_widths(
    tree: GameTree, large: bool = False, moves: bool = True, window: bool = False
) -> dict[Node, float]:
    """About how wide, in points, each node's subtree is drawn: its children's side by side, or the
    node itself.

    A drawing asks several times for the same tree, so the last few answers are kept (by the tree's
    identity: a tree is not changed once built).
    """
    return widths_of(tree, bool(large), bool(moves), bool(window))


@functools.lru_cache(maxsize=4)
def widths_of(tree: GameTree, large: bool, moves: bool, window: bool) -> dict[Node, float]:
    """subtree_widths, worked out."""
    gap = node_gap(large)
    edge_size = FONT_SIZES[bool(large)][1]
    width: dict[Node, float] = {}
    for node in reversed(list(tree)):  # children before their parents
        below = [
            max(width[child], label_width(child.move, edge_size) if moves else 0)
            for child in node.children
        ]
        width[node] = max(node_width(node, large, window), sum(below) + gap * (len(below) - 1))
    return width


@functools.lru_cache(maxsize=1024)
def label_width(move: str, edge_size: float) -> float:
    """About how wide, in points, the edge label of `move` is, with a little room on either side."""
    return text_width("\n".join(move_lines(move)), edge_size) + edge_size


def is_wide(tree: GameTree, large: bool, moves: bool, window: bool) -> bool:
    """Whether `tree` is estimated too wide to read centred on a page, with some margin: its
    smallest text (the moves' labels, if drawn) smaller at the page's width than a drawing's text
    may shrink to (least_text_px: 10 px, or 16 in large print, whose wide trees scroll)."""
    width = subtree_widths(tree, large, moves, window)[tree.root] * PX_PER_PT
    font = smallest_font(large, moves)
    return readable_width(width, font, least_text_px(font)) > WIDE * PAGE_PX


def smallest_font(large: bool, moves: bool) -> int:
    """The size, in points, of the smallest text of a tree drawn in the `large` font (with the
    `moves` on its edges): what its readable width depends on, and what the legend's samples are
    written in, so that they are as readable as the tree, and in large print no higher than they
    need be, leaving the tree room on the screen."""
    node_font, edge_font = FONT_SIZES[bool(large)]
    return min(node_font, edge_font) if moves else node_font


def root_share(tree: GameTree) -> float:
    """About where the root sits across the drawing of `tree`, 0 at the left edge and 1 at the
    right: above its middle child (or between its two middle ones), where the edges to its children
    are shortest in sum."""
    widths = subtree_widths(tree)
    children = tree.root.children
    if not children:
        return 0.5
    gap = node_gap()
    centres = [
        sum(widths[child] + gap for child in children[:index]) + widths[children[index]] / 2
        for index in range(len(children))
    ]
    middle = (centres[(len(children) - 1) // 2] + centres[len(children) // 2]) / 2
    return middle / widths[tree.root]


@dataclass(frozen=True)
class Legend:
    """Where the legend's samples go: their names in rows, top row first, and the one hung over the
    root (or, if the last row stands beside the root, its first)."""

    rows: list[list[str]]
    anchor: str


def legend_anchor(tree: GameTree, labels: list[str], root_at_left: bool) -> int:
    """Which of the legend's samples (with these `labels`) goes straight above the root: the one
    that leaves the legend sticking out least beyond the tree on either side (`root_at_left` if the
    layout puts it there), the middle one among those that do not stick out, the first if all do
    (the tree then hangs at the left)."""
    sizes = [legend_width(text) for text in labels]
    width = subtree_widths(tree)[tree.root]
    left_room = 0 if root_at_left else width * root_share(tree)
    right_room = width - left_room

    def sticking_out(index: int) -> float:
        left = sum(sizes[:index]) + sizes[index] / 2
        return max(0, left - left_room) + max(0, sum(sizes) - left - right_room)

    # centred if it fits; else a tree narrower than it at its left
    def preference(index: int) -> tuple[float, int]:
        out = round(sticking_out(index))
        return out, index if out else abs(index - len(labels) // 2)

    return min(range(len(labels)), key=preference)


def legend_width(label: str) -> float:
    """About how wide, in points, the legend sample `label` is drawn in 12-point text, with the gap
    after it."""
    gap = node_gap()
    return (
        text_width(label.replace("\\n", "\n"), FONT_SIZES[False][0])
        + 2 * LEGEND_MARGIN[0] * POINTS_PER_INCH
        + gap
    )


def legend_rows(
    labels: list[str],
    tree_width: float,
    font_pt: float,
    centred: bool = True,
) -> list[list[int]]:
    """The legend's samples (by their `labels`) in rows, as indexes, over a tree drawn `tree_width`
    points wide (in its own font, see subtree_widths), written in `font_pt`-point text, the
    drawing's smallest. One row, if it is no wider than the tree or the page; else as few rows of
    about equal width as fit the tree's width, or the page's if the tree is narrower: a legend
    wider than both would make the drawing, and its text, smaller, and more rows would make it
    higher, pushing the tree down the screen (in large print, four rows half the page wide pushed
    notebook 06's tree below a 768 px screen). Over a `centred` tree (one not wide, see
    is_wide), no row is wider, with some margin, than the drawing can be and show whole beside
    JupyterLab's file browser, its text at its least (least_text_px: 16 px in large print): the
    tree's width is an estimate, often too wide, and a legend wider than the tree drawn would make
    the drawing scroll there, and cut the legend."""
    in_legend_text = FONT_SIZES[False][0] / font_pt  # points of 12-point text per point drawn
    page = PAGE_PX / PX_PER_PT * in_legend_text
    sizes = [legend_width(label) for label in labels]
    tree_width *= in_legend_text
    narrow = WIDE * NARROW_PAGE_PX * font_pt / least_text_px(font_pt) * in_legend_text
    cap = narrow if centred else math.inf
    if sum(sizes) <= min(max(tree_width, page), cap):
        return [list(range(len(labels)))]
    count = math.ceil(sum(sizes) / min(max(tree_width, page), cap))
    room = max(sum(sizes) / count, *sizes)
    while len(rows := filled_rows(sizes, room)) > count:
        room *= 1.05
    return rows


def filled_rows(sizes: list[float], room: float) -> list[list[int]]:
    """Indexes of `sizes` in order, a new row wherever the next would make a row wider than
    `room`."""
    rows: list[list[int]] = [[]]
    used = 0.0
    for index, size in enumerate(sizes):
        if rows[-1] and used + size > room:
            rows.append([])
            used = 0.0
        rows[-1].append(index)
        used += size
    return rows


def arrange(
    graph: graphviz.Digraph, tree: GameTree, large: bool, moves: bool, window: bool
) -> None:
    """If `tree` is too wide to read on a page, put each node of `graph` straight above its first
    child.

    Then the root sits at the top left, where a box that scrolls sideways starts. `graph` must name
    the nodes of `tree` as node_names does.
    """
    if not is_wide(tree, large, moves, window):
        return
    names = node_names(tree)
    # each line of first children is a Graphviz group, kept straight
    line_of = {tree.root: names[tree.root]}
    for node in tree:  # parents before their children
        graph.node(names[node], group=line_of[node])
        for index, child in enumerate(node.children):
            line_of[child] = line_of[node] if index == 0 else names[child]
