"""The DOT source of a tree drawing: graphviz's Digraph with the fonts and spacing every tree
drawing shares, written faster, and labels that Graphviz draws as the text they are; and its
statements read back, for a tree that nimlib places and draws itself (nimlib.drawing.placement).
"""

from __future__ import annotations

import functools
import re

import graphviz

from nimlib.drawing.layout import (
    FONT_SIZES,
    NODE_MARGIN,
    NODE_SEPARATION,
    NODE_SIZE,
    RANK_SEPARATION,
    scale,
)

FONT = "Helvetica,Arial,sans-serif"  # the fonts a browser draws the text in
# Graphviz lays text out as if in this font, the widest of those it may be drawn in
MEASURED_FONT = "DejaVu Sans"
# A board's lines (a label of several lines, such as the root of MCTS's tree) are drawn in a
# font of fixed width, so that its columns line up, and measured in Courier (0.6 em a character,
# as wide as those)
BOARD_FONT = "DejaVu Sans Mono,Menlo,Consolas,monospace"
MEASURED_BOARD_FONT = "Courier"
# The statements of the DOT source, as statements() reads them back: a node's, an edge's, and the
# default attributes of the graph, its nodes or its edges
NODE = re.compile(r"^\t+(\w+)((?: \[.*\])?)$")
EDGE = re.compile(r"^\t+(\w+) -> (\w+)((?: \[.*\])?)$")
DEFAULTS = re.compile(r"^\t(graph|node|edge) (\[.*\])$")
# characters no SVG can hold (XML 1.0 has no such character, UTF-8 no lone surrogate; Graphviz
# fails on a NUL): a label shows each as its escape, such as \x1b
UNWRITABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


# typed: a label marked nohtml is quoted unlike the same str
@functools.lru_cache(maxsize=65_536, typed=True)
def quoted(text: str) -> str:
    """`text` quoted as graphviz's own quoting does it, remembered: a tree repeats its colours,
    shapes and labels."""
    return graphviz.quoting.quote(text)


def attribute_list(
    label: str | None = None, kwargs: dict | None = None, attributes: object = None
) -> str:
    """Such as ' [label="3\\n+1" shape=box]': graphviz's attribute list, written with the remembered
    quoting."""
    if attributes is not None:
        return graphviz.quoting.attr_list(label, kwargs=kwargs, attributes=attributes)
    pairs = [f"label={quoted(label)}"] if label is not None else []
    items = sorted(kwargs.items()) if type(kwargs) is dict else (kwargs or {}).items()
    pairs += [f"{quoted(key)}={quoted(value)}" for key, value in items if value is not None]
    return f" [{' '.join(pairs)}]" if pairs else ""


class Graph(graphviz.Digraph):
    """graphviz's Digraph writing the same DOT source faster: a drawing of 1,000 nodes quotes some
    20,000 texts."""

    _quote = staticmethod(quoted)
    _attr_list = staticmethod(attribute_list)


def new_graph(large: bool) -> graphviz.Digraph:
    """An empty graph with the fonts and spacing of every tree drawing: large fonts for a projector
    if `large`."""
    node_size, edge_size = FONT_SIZES[bool(large)]
    return Graph(
        graph_attr={
            "ordering": "out",
            "nodesep": inches(NODE_SEPARATION * scale(large)),
            "ranksep": inches(RANK_SEPARATION * scale(large)),
            "fontname": MEASURED_FONT,
        },
        node_attr={
            "fontname": MEASURED_FONT,
            "fontsize": str(node_size),
            "penwidth": "1.2",
            "margin": ",".join(inches(margin * scale(large)) for margin in NODE_MARGIN),
            "width": inches(NODE_SIZE * scale(large)),
            "height": inches(NODE_SIZE * scale(large)),
        },
        edge_attr={"fontname": MEASURED_FONT, "fontsize": str(edge_size), "arrowsize": "0.6"},
    )


def inches(value: float) -> str:
    """A length in inches as Graphviz reads it, such as "0.183"."""
    return f"{value:.3g}"


def label(*lines: object) -> graphviz.quoting.NoHtml:
    """Lines of text as a Graphviz label that draws them literally: backslashes, <...>, \\N and
    entities such as &lt; are only text (Graphviz decodes entities, so every & is written as
    &amp;); a character no SVG can hold shows as its escape (\\x00). Each line is centred, but
    the lines of one given with line breaks in it (a board, say) start in one column."""
    text = "".join(map(ended, lines)).removesuffix("\\n")
    return graphviz.nohtml(UNWRITABLE.sub(escaped, text))


def ended(line: object) -> str:
    """One of a label's lines, escaped and ended as DOT writes a centred line (\\n); if it holds
    line breaks, each of its lines ended as DOT writes one that starts at the left (\\l)."""
    text = str(line).replace("\\", "\\\\").replace("&", "&amp;")
    rows = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return "".join(row + "\\l" for row in rows) if len(rows) > 1 else text + "\\n"


def escaped(found: re.Match) -> str:
    """A character no SVG can hold, as a label shows it: its escape, as Python writes it."""
    return "\\\\" + ascii(found[0])[2:-1]  # a backslash, written as DOT draws one literally


def statements(
    source: str,
) -> tuple[dict[str, str], dict[str, str], dict[str, dict[tuple[str, str], str]]]:
    """The default attribute lists, each node's attributes (all its statements' together) and each
    node's edges to its children with their attributes, from DOT `source`."""
    defaults: dict[str, str] = {}
    nodes: dict[str, str] = {}
    edges: dict[str, dict[tuple[str, str], str]] = {}
    for line in source.splitlines():
        if found := EDGE.match(line):
            nodes.setdefault(found[1], "")
            nodes.setdefault(found[2], "")
            edges.setdefault(found[1], {})[found[1], found[2]] = found[3]
        elif (found := DEFAULTS.match(line)) and found[1] not in defaults:
            defaults[found[1]] = found[2]
        elif found := NODE.match(line):
            nodes[found[1]] = nodes.get(found[1], "") + found[2]
    return defaults, nodes, edges
