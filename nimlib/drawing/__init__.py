"""Trees made explicit and drawn: what a search visited, laid out to fit a page, rendered as SVG.

- ``nodes``: a game tree as ``Node`` objects in a ``GameTree``, with scores, cut-offs and windows,
  chance nodes and MCTS's visits: one tree for every search.
- ``tree``: how the book's searches become trees of nodes (``game_tree``, ``chance_tree``, and the
  top of MCTS's tree), traced from the searches themselves, refused when too large to draw.
- ``layout``: sizes and labels that keep a tree readable on a 1024 px page, estimated beforehand.
- ``placement``: a large tree placed by nimlib itself, and drawn with Graphviz drawing each kind
  of node once (the slider of explore() stays quick: Graphviz's own layout is 2 to 3 times slower
  past 300 nodes).
- ``dot``: the DOT source of a drawing, its fonts and spacing, labels drawn as the text they are;
  its statements read back (for a tree that placement places).
- ``style``: how nodes and edges look: whose turn (the dice's a circle), who won, what was pruned,
  MCTS's visits, the line of best play.
- ``legend``: what the marks mean, in a legend above the tree and in words for a screen reader.
- ``draw``: ``draw_tree``, a tree's ``Drawing``, and the guard against trees too large to draw;
  ``draw_chance_tree`` (12) and ``draw_mcts_tree`` (13) draw through it.
- ``panels``: two drawings side by side, at one scale, their roots level.
- ``picture``: the HTML of a picture that shows without trust or a kernel.
- ``memo_graph``: each different position once, with the moves between them (notebook 04).
- ``board``: Connect Four's board as a picture of circles (notebook 11).
- ``plots``: a matplotlib plot shown with words that say what it shows (04, 08, 10, 13, 14).
- ``render``, ``render_browser``: Graphviz in WebAssembly, on the desktop and in the browser tab:
  ``render_svg`` and its backends.
"""

from nimlib.drawing.board import draw_board
from nimlib.drawing.draw import Drawing, draw_chance_tree, draw_mcts_tree, draw_tree
from nimlib.drawing.memo_graph import draw_positions
from nimlib.drawing.nodes import GameTree, Node, TreeTooLarge
from nimlib.drawing.panels import SideBySide, side_by_side
from nimlib.drawing.plots import plot_text, show_plot
from nimlib.drawing.render import render_backend, render_svg, set_render_backend
from nimlib.drawing.tree import game_tree

__all__ = [
    "Drawing",
    "GameTree",
    "Node",
    "SideBySide",
    "TreeTooLarge",
    "draw_board",
    "draw_chance_tree",
    "draw_mcts_tree",
    "draw_positions",
    "draw_tree",
    "game_tree",
    "plot_text",
    "render_backend",
    "render_svg",
    "set_render_backend",
    "show_plot",
    "side_by_side",
]
