"""A large tree placed and drawn by nimlib itself, so that Graphviz neither lays it out nor draws
each of its nodes.

dot's layout is most of the time a drawing takes, and a tree is simple to place: a tree without
move labels of PLACED_FROM nodes or more (as explore() draws them) gets a position for every node
here, by the rules dot would follow (see place). Graphviz could draw it as it stands
(``layout=nop``), but would still parse and draw every node: two thirds of a move of explore() at
a thousand nodes. Such a tree repeats a few kinds of node (the same label, shape and colours)
hundreds of times, so here Graphviz draws each kind once, around the origin, and each node of the
tree is that drawing moved to its place; the edges are straight lines with Graphviz's arrowheads,
from border to border (svg_of_placed). The picture is the one Graphviz draws from the same source,
up to the last hundredth of a point of the edges' ends. The same drawing of each kind gives place
the sizes it places the nodes by (kinds_drawn, remembered), so a placed tree's kinds are drawn
once, both measured and drawn.
"""

from __future__ import annotations

import functools
import math
import re
from itertools import pairwise

import graphviz

from nimlib.drawing.dot import statements
from nimlib.drawing.layout import POINTS_PER_INCH, Legend, node_names
from nimlib.drawing.nodes import GameTree, Node
from nimlib.drawing.render import backend_in_use, render_svg, rendered

# nodes: a tree this large, drawn without move labels, is placed here rather than by dot
PLACED_FROM = 151
PAD = 4  # points of white around the drawing, as Graphviz leaves them
ARROW_LENGTH = 10  # points, at arrowsize 1 (Graphviz's); its half-width is 0.35 of its length
ARROW_WIDTH = 0.35
# points between a node's border and the tip of an arrow drawn 0 wide; a wider pen adds
# TIP_ROOM_PER_WIDTH times its width (half the pen's width beyond the tip's mitre)
TIP_ROOM = 0.3
TIP_ROOM_PER_WIDTH = 0.5 / math.sin(math.atan(ARROW_WIDTH))
ATTRIBUTE = re.compile(r'(\w+)=("(?:[^"\\]|\\.)*"|[^\s\]]+)')
DASHES = ' stroke-dasharray="5,2"'  # Graphviz's dashed lines
TITLE = re.compile(r"^\t(graph \[.*)?label=", flags=re.MULTILINE)  # a graph's own label: its title


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
    measured as svg_of_placed draws it, once (the drawing then finds it drawn)."""
    defaults, nodes, _ = statements(graph.source)
    return {name: (kind.width, kind.height) for name, kind in node_kinds(defaults, nodes).items()}


# ## A placed tree drawn, each kind of node once


def has_positions(source: str) -> bool:
    """Whether DOT `source` is a placed drawing that svg_of_placed can draw: every node placed, no
    edge labels, no title."""
    return "layout=nop" in source and "pos=" in source


def svg_of_placed(source: str) -> str:
    """The SVG drawing of the placed DOT `source` (see the module's docstring), as render_svg would
    give it."""
    defaults, nodes, edges = statements(source)
    positions = {name: node_position(attributes) for name, attributes in nodes.items()}
    labelled = any(
        "label=" in attributes for ends in edges.values() for attributes in ends.values()
    )
    if None in positions.values() or labelled or TITLE.search(source):
        # more than svg_of_placed draws: Graphviz draws it all
        return render_svg(source, quick=True)
    shapes = node_kinds(defaults, nodes)
    left = min(x - shapes[name].width / 2 for name, (x, _) in positions.items())
    right = max(x + shapes[name].width / 2 for name, (x, _) in positions.items())
    bottom = min(y - shapes[name].height / 2 for name, (_, y) in positions.items())
    top = max(y + shapes[name].height / 2 for name, (_, y) in positions.items())
    width, height = right - left + 2 * PAD, top - bottom + 2 * PAD
    canvas = math.ceil(width), math.ceil(height)  # whole points, as Graphviz sizes its canvas
    # SVG's y grows downwards
    spot = {name: (x - left, -(y - bottom)) for name, (x, y) in positions.items()}
    # each kind drawn once, in <defs>; each node a <use> of it
    used = list(dict.fromkeys(shapes.values()))
    names = {kind: f"k{index}" for index, kind in enumerate(used)}
    parts = [
        header(*canvas, height),
        "<defs>\n",
        *(kind.definition(names[kind]) for kind in used),
        "</defs>\n",
    ]
    parts += [
        shapes[name].placed(name, names[shapes[name]], number, *spot[name])
        for number, name in enumerate(nodes, 1)
    ]
    arrow = ARROW_LENGTH * float(attribute_values(defaults.get("edge", "")).get("arrowsize", 1))
    parts += edge_groups(edges, shapes, spot, arrow)
    parts.append("</g>\n</svg>\n")
    return "".join(parts)


def edge_groups(
    edges: dict[str, dict[tuple[str, str], str]],
    shapes: dict[str, Kind],
    spot: dict[str, tuple[float, float]],
    arrow: float,
) -> list[str]:
    """The SVG of the edges that show (from `edges` as statements reads them, between nodes of
    these `shapes` centred at their `spot`), their lines and arrowheads `arrow` long in a group for
    each pen, bold pens on top."""
    lines: dict[tuple[str, float, bool], list[str]] = {}
    heads: dict[tuple[str, float, bool], list[str]] = {}
    for name in shapes:  # the nodes in the order of the source
        for (tail, head), attributes in edges.get(name, {}).items():
            values = attribute_values(attributes)
            if values.get("style") == "invis":
                continue
            look = (
                values.get("color", "black"),
                float(values.get("penwidth", 1)),
                "dashed" in values.get("style", ""),
            )
            line, tip = edge_shape(
                shapes[tail], shapes[head], spot[tail], spot[head], arrow, look[1]
            )
            lines.setdefault(look, []).append(
                f'<path d="M{svg_points(line[:1])}L{svg_points(line[1:])}"/>\n'
            )
            heads.setdefault(look, []).append(f'<polygon points="{svg_points(tip)}"/>\n')
    parts = []
    for color, width, dashed in sorted(lines, key=lambda look: (look[1], not look[2])):
        drawn = lines[color, width, dashed]
        stroke = f' stroke="{color}"' + ("" if width == 1 else f' stroke-width="{width:g}"')
        parts += [
            f'<g class="edge" fill="none"{stroke}{DASHES if dashed else ""}>\n',
            *drawn,
            "</g>\n",
        ]
        parts += [
            f'<g class="edge" fill="{color}"{stroke}>\n',
            *heads[color, width, dashed],
            "</g>\n",
        ]
    return parts


def attribute_values(attributes: str) -> dict[str, str]:
    """The attributes in DOT attribute lists such as ' [color=black style="filled,rounded"]',
    unquoted."""
    return {
        key: value[1:-1] if value.startswith('"') else value
        for key, value in ATTRIBUTE.findall(attributes)
    }


def node_position(attributes: str) -> tuple[float, float] | None:
    """The pos="x,y" in a node's `attributes`, in points; None if it has none."""
    found = re.search(r'pos="([-\d.]+),([-\d.]+)"', attributes)
    return None if found is None else (float(found[1]), float(found[2]))


def without_position(attributes: str) -> str:
    """A node's `attributes` without its pos, so that nodes that differ only in where they stand are
    alike."""
    return re.sub(r' \[pos="[-\d.,]+"\]', "", attributes)


def header(width: int, height: int, drawn_height: float) -> str:
    """The start of an SVG drawing on a canvas `width` x `height` points large, of a graph
    `drawn_height` points high (its padding included), as Graphviz writes it."""
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
        '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN"\n '
        '"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n'
        f'<svg width="{width}pt" height="{height}pt"\n viewBox="0.00 0.00 {width:.2f} '
        f'{height:.2f}" '
        'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">\n'
        f'<g id="graph0" class="graph" transform="scale(1 1) rotate(0) translate({PAD} '
        f'{drawn_height - PAD:.2f})">\n'
        f'<polygon fill="white" stroke="none" points="-{PAD},{PAD} '
        f"-{PAD},-{drawn_height - PAD:.2f} "
        f'{width - PAD:.2f},-{drawn_height - PAD:.2f} {width - PAD:.2f},{PAD} -{PAD},{PAD}"/>\n'
    )


class Kind:
    """One kind of node as Graphviz draws it around the origin: its SVG, width, height and
    outline."""

    def __init__(
        self, drawing: str, centre: tuple[float, float], width: float, height: float, shape: str
    ) -> None:
        """The kind `drawing` shows around `centre`, `width` x `height`, of Graphviz's `shape`."""
        self.drawing, self.centre = drawing, centre
        self.width, self.height = width, height
        self.round = shape in ("ellipse", "oval", "circle")

    def definition(self, identifier: str) -> str:
        """This kind's drawing, centred at the origin, for the <defs> of a drawing, as
        `identifier`."""
        x, y = self.centre
        return (
            f'<g id="{identifier}" transform="translate({-x:.2f},{-y:.2f})">\n{self.drawing}</g>\n'
        )

    def placed(self, name: str, identifier: str, number: int, x: float, y: float) -> str:
        """The SVG of node `name`, of this kind (defined as `identifier`), centred at (x, y)."""
        return (
            f'<g id="node{number}" class="node"><title>{name}</title>'
            f'<use xlink:href="#{identifier}" x="{x:.2f}" y="{y:.2f}"/></g>\n'
        )

    def border(self, dx: float, dy: float) -> float:
        """How far from the node's centre its border is, in the direction (dx, dy) (a unit
        vector)."""
        half_width, half_height = self.width / 2, self.height / 2
        if self.round:
            return 1 / math.hypot(dx / half_width, dy / half_height)
        return min(
            half_width / abs(dx) if dx else math.inf, half_height / abs(dy) if dy else math.inf
        )


def edge_shape(
    tail: Kind,
    head: Kind,
    start: tuple[float, float],
    end: tuple[float, float],
    arrow: float,
    pen: float,
) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """An edge from the node `tail` centred at `start` to the node `head` at `end`, drawn with a pen
    `pen` wide: its straight line, from border to border, and its arrowhead `arrow` long, as
    Graphviz draws them."""
    (x1, y1), (x2, y2) = start, end
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    dx, dy = (x2 - x1) / length, (y2 - y1) / length
    begin = tail.border(dx, dy)
    tip = length - head.border(dx, dy) - TIP_ROOM - TIP_ROOM_PER_WIDTH * pen
    base = tip - arrow
    middle = (x1 + dx * base, y1 + dy * base)
    side = (-dy * arrow * ARROW_WIDTH, dx * arrow * ARROW_WIDTH)
    left, right = (
        (middle[0] + side[0], middle[1] + side[1]),
        (middle[0] - side[0], middle[1] - side[1]),
    )
    return [(x1 + dx * begin, y1 + dy * begin), middle], [
        left,
        (x1 + dx * tip, y1 + dy * tip),
        right,
        left,
    ]


def svg_points(coordinates: list[tuple[float, float]]) -> str:
    """Points as SVG writes them: "1.5,-2 3,-4.25"."""
    return " ".join(f"{x:.2f},{y:.2f}" for x, y in coordinates)


def node_kinds(defaults: dict[str, str], nodes: dict[str, str]) -> dict[str, Kind]:
    """Each node's kind, by its name, from the `defaults` and the `nodes` that statements reads
    from a drawing's source (where each node stands left out)."""
    attributes = {name: without_position(found) for name, found in nodes.items()}
    kinds = kinds_drawn(
        tuple(defaults.items()), tuple(sorted(set(attributes.values()))), backend_in_use()
    )
    return {name: kinds[attributes[name]] for name in nodes}


def node_boxes(dot_source: str) -> dict[str, tuple[float, float, float, float]]:
    """Where Graphviz (the renderer in use) puts each node of `dot_source`, and how large it is: the
    x and y of its centre (y up), its width and its height, in points."""
    plain = rendered(dot_source, backend_in_use(), True, "plain").splitlines()
    rows = [line.split() for line in plain if line.startswith("node ")]
    return {row[1]: tuple(float(value) * POINTS_PER_INCH for value in row[2:6]) for row in rows}


@functools.lru_cache(maxsize=64)
def kinds_drawn(
    defaults: tuple[tuple[str, str], ...], attribute_lists: tuple[str, ...], backend: str
) -> dict[str, Kind]:
    """Each node of `attribute_lists` drawn by Graphviz (the renderer `backend`, in use), under the
    graph's `defaults`: one small drawing of all of them, and where Graphviz put each and how large
    it is."""
    # layout=nop among the defaults
    lines = ["digraph {", *(f"\t{what} {attributes}" for what, attributes in defaults)]
    lines += [
        f'\tk{index}{attributes} [pos="0,0"]' for index, attributes in enumerate(attribute_lists)
    ]
    source = "\n".join([*lines, "}"])
    svg, boxes = render_svg(source, quick=True), node_boxes(source)
    default_shape = attribute_values(dict(defaults).get("node", "")).get("shape", "ellipse")
    kinds = {}
    for index, attributes in enumerate(attribute_lists):
        drawing = re.search(rf"<title>k{index}</title>\n(.*?)</g>\n", svg, flags=re.DOTALL)[1]
        shape = attribute_values(attributes).get("shape", default_shape)
        x, y, width, height = boxes[f"k{index}"]
        kinds[attributes] = Kind(drawing, (x, -y), width, height, shape)  # SVG's y grows down
    return kinds
