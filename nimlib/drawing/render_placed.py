"""A placed tree drawn as SVG, with Graphviz drawing each kind of node only once.

A large tree that nimlib has placed itself (see nimlib.drawing.placement) has a position for
every node and straight edges. Graphviz can draw it as it stands (``layout=nop``), but still
parses and draws every node: two thirds of a move of explore() at a thousand nodes. Such a tree
repeats a few kinds of node (the same label, shape and colours) hundreds of times, so here
Graphviz draws each kind once, around the origin, and each node of the tree is that drawing moved
to its place; the edges are straight lines with Graphviz's arrowheads, from border to border.
The picture is the one Graphviz draws from the same source, up to the last hundredth of a point
of the edges' ends. The same drawing of each kind gives placement the sizes it places the nodes by
(kinds_drawn, remembered), so a placed tree's kinds are drawn once, both measured and drawn.
"""

from __future__ import annotations

import functools
import math
import re

from nimlib.drawing.dot import statements
from nimlib.drawing.layout import POINTS_PER_INCH
from nimlib.drawing.render import backend_in_use, render_plain, render_svg

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
    plain = render_plain(dot_source).splitlines()
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
