"""A large tree placed by nimlib itself, so that Graphviz only draws it.

dot's layout is most of the time a drawing takes, and a tree is simple to place: a tree without
move labels of PLACED_FROM nodes or more (as explore() draws them) gets a position for every node
here, by the rules dot would follow (see place), and nimlib.drawing.render_placed draws it.
"""

from __future__ import annotations

from itertools import pairwise

import graphviz

from nimlib.drawing.dot import statements
from nimlib.drawing.layout import POINTS_PER_INCH, Legend, node_names
from nimlib.drawing.nodes import GameTree, Node
from nimlib.drawing.render_placed import node_kinds

# nodes: a tree this large, drawn without move labels, is placed here rather than by dot
PLACED_FROM = 151


def placed_by_nimlib(tree: GameTree, moves: bool) -> bool:
    """Whether `tree` is placed by place() rather than laid out by Graphviz's dot: large, without
    move labels."""
    return not moves and len(tree) >= PLACED_FROM


def place(graph: graphviz.Digraph, tree: GameTree, legend: Legend | None, wide: bool) -> None:
    """Give every node of `graph` (the drawing of `tree`, with `legend` above it) its position, so
    that Graphviz draws it without laying it out: two to three times faster on a large tree.

    The tree is placed as dot places a tree, by simpler rules: each level is a row, as far below the
    row above as dot puts it; a parent stands centred over its children (straight over its first
    child if `wide`, so that the root is at the top left); each subtree is pushed as far left as it
    goes while it stays dot's node separation clear of its left neighbours on every level. The
    legend's rows stand above the root, its anchor straight over it. Edges are straight lines.
    """
    graph.graph_attr |= {"layout": "nop", "splines": "line"}
    sizes = node_sizes(graph)
    gap = float(graph.graph_attr["nodesep"]) * POINTS_PER_INCH
    names = node_names(tree)
    across = tidy_positions(tree, {node: sizes[names[node]][0] for node in tree}, gap, wide)
    positions = {names[node]: x for node, x in across.items()}
    rows = legend.rows if legend else []
    # the last row over the root, each one above it lined up with its first sample
    below = positions[names[tree.root]]
    for row in reversed(rows):
        start = row.index(legend.anchor) if row is rows[-1] else 0
        positions |= row_positions([sizes[name][0] for name in row], row, start, below, gap)
        below = positions[row[0]]
    ranks = [*rows] + [[names[node] for node in level] for level in tree_levels(tree)]
    heights = [max(sizes[name][1] for name in rank) for rank in ranks]
    left = min(positions[name] - sizes[name][0] / 2 for name in positions)
    separation = float(graph.graph_attr["ranksep"]) * POINTS_PER_INCH
    for rank, y in zip(ranks, rank_heights(heights, separation), strict=True):
        for name in rank:
            graph.node(name, pos=f"{positions[name] - left:.2f},{y:.2f}")


def tidy_positions(
    tree: GameTree, widths: dict[Node, float], gap: float, wide: bool
) -> dict[Node, float]:
    """The centre of each node of `tree` across the drawing, in points, the root at 0 (see
    place)."""
    offsets: dict[Node, float] = {}  # each node's centre from its parent's
    # each subtree's [left, right] on each level, from its root
    outlines: dict[Node, list[list[float]]] = {}
    for node in reversed(list(tree)):  # children before their parents
        half = widths[node] / 2
        if not node.children:
            outlines[node] = [[-half, half]]
            continue
        outline = outlines.pop(node.children[0])  # the first child's, at 0, grows by its siblings'
        starts = [0.0]
        for child in node.children[1:]:
            theirs = outlines.pop(child)
            start = max(
                mine[1] - their[0] + gap for mine, their in zip(outline, theirs, strict=False)
            )
            starts.append(start)
            for level, (their_left, their_right) in enumerate(theirs):
                if level < len(outline):
                    outline[level][1] = start + their_right
                else:
                    outline.append([start + their_left, start + their_right])
        middle = 0.0 if wide else (starts[0] + starts[-1]) / 2
        for child, start in zip(node.children, starts, strict=True):
            offsets[child] = start - middle
        if middle:
            outline = [[left - middle, right - middle] for left, right in outline]
        outlines[node] = [[-half, half], *outline]
    centres = {tree.root: 0.0}
    for node in tree:  # parents before their children
        for child in node.children:
            centres[child] = centres[node] + offsets[child]
    return centres


def tree_levels(tree: GameTree) -> list[list[Node]]:
    """The nodes of `tree` level by level, the root's first."""
    levels = [[tree.root]]
    while children := [child for node in levels[-1] for child in node.children]:
        levels.append(children)
    return levels


def row_positions(
    widths: list[float], names: list[str], start: int, centre: float, gap: float
) -> dict[str, float]:
    """The centres of a row of nodes (`names`, `widths` in points) side by side, `gap` apart, node
    `start` at `centre`."""
    lefts = [sum(widths[:index]) + gap * index for index in range(len(widths))]
    shift = centre - lefts[start] - widths[start] / 2
    return {
        name: left + width / 2 + shift
        for name, left, width in zip(names, lefts, widths, strict=True)
    }


def rank_heights(heights: list[float], separation: float) -> list[float]:
    """How high each row stands (y up, the top row at 0): rows `heights` high, `separation`
    apart."""
    ys = [0.0]
    for above, below in pairwise(heights):
        ys.append(ys[-1] - above / 2 - separation - below / 2)
    return ys


def node_sizes(graph: graphviz.Digraph) -> dict[str, tuple[float, float]]:
    """The width and height, in points, that Graphviz gives each node of `graph`: each kind of node
    measured as render_placed draws it, once (the drawing then finds it drawn)."""
    defaults, nodes, _ = statements(graph.source)
    return {name: (kind.width, kind.height) for name, kind in node_kinds(defaults, nodes).items()}
