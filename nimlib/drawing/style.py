"""How a tree drawing's nodes and edges look, for every search's tree: whose turn it is, who won,
what alpha-beta cut off, where the dice roll, what MCTS found.

Max's turns are blue boxes and Min's turns orange ovals (the Okabe-Ito colours, which colour-blind
readers can tell apart); the dice's turns (chance nodes) are white circles, as textbooks draw them,
showing only their expected score, with each outcome's probability on its edge. A node of the tree
MCTS grew shows its reward over its visits. A finished game is filled with the full colour of its
winner, or of the side its score leans to from the middle of the game's score range (0, a draw, when
the range runs from -s to +s). Scores are on the nodes, moves on the edges, children left to right
in the order they are searched, and pruned branches grey and dashed; a visit that memoized minimax
answered from its memo is twice outlined; the line of best play is thick and green. On request each
node of an alpha-beta tree also shows the alpha and beta it was entered with, so that a reader sees
a bound travel down the tree.
"""

from __future__ import annotations

from nimlib.drawing.dot import MEASURED_BOARD_FONT, label
from nimlib.drawing.layout import move_lines, window_text
from nimlib.drawing.nodes import Node

MAX_TURN, MIN_TURN = "#d4ebf9", "#fbe3b3"  # light sky blue, light orange
MAX_WON, MIN_WON = "#56b4e9", "#e69f00"  # Okabe-Ito sky blue and orange
PRUNED_LINE, PRUNED_FILL = "#6b6b6b", "#f2f2f2"  # grey, yet 4.5:1 for text on the fill (WCAG AA)
BEST_PLAY = "#009e73"  # Okabe-Ito bluish green: the line of best play (the principal variation)
BEST_PLAY_LINE = {"color": BEST_PLAY, "penwidth": "3.5"}  # thick enough to follow on a projector
DRAWN = "#ffffff"  # a finished game that nobody won
CHANCE = "#ffffff"  # a chance node: the dice's turn, nobody's colour
FROM_MEMO = {"peripheries": "2"}  # a visit the memo answered: twice outlined
# a no-break space after each line of an edge label keeps it clear of the next edge
LABEL_ROOM = "\u00a0"


def node_style(
    node: Node, scores: bool = True, window: bool = False, even: float = 0
) -> dict[str, str]:
    """Shape for whose turn it is, fill for whose turn or who won (a finished game's side of the
    score `even`), label with the state (none at a chance node), the score if `scores`, MCTS's
    visits, and the alpha and beta it was entered with if `window`; twice outlined if the memo
    answered it."""
    box = node.is_maximizing and not node.chance
    styles = ["filled"] + (["rounded"] if box else []) + (["dashed"] if node.pruned else [])
    lines = [
        "" if node.chance else node.state_label,
        node.score_text(even) if scores else "",
        node.visits_text,
        window_text(node) if window else "",
    ]
    style = {
        "label": label(*(line for line in lines if line)),
        "shape": "circle" if node.chance else "box" if box else "ellipse",
        "style": ",".join(styles),
        "fillcolor": fill(node, even),
        "color": PRUNED_LINE if node.pruned else "black",
        "fontcolor": PRUNED_LINE if node.pruned else "black",
    }
    if "\n" in node.state_label:  # a board, in a font whose columns line up
        style["fontname"] = MEASURED_BOARD_FONT
    return style | FROM_MEMO if node.from_memo else style


def fill(node: Node, even: float = 0) -> str:
    """Grey if pruned; for a finished game, the colour of the side its score leans to from `even`
    (the middle of the game's score range), white at `even` itself; otherwise the colour of the
    player to move."""
    if node.pruned:
        return PRUNED_FILL
    if node.chance:
        return CHANCE
    if not node.children and node.score is not None:
        return MAX_WON if node.score > even else MIN_WON if node.score < even else DRAWN
    return MAX_TURN if node.is_maximizing else MIN_TURN


def on_best_play(style: dict[str, str], highlighted: bool) -> dict[str, str]:
    """A node's or an edge's `style`, drawn thick and green if it is on the line of best play
    (`highlighted`)."""
    return style | BEST_PLAY_LINE if highlighted else style


def edge_style(child: Node, moves: bool) -> dict[str, str]:
    """The edge into `child`, labelled with the move (up to its first comma outside brackets) and
    the probability of a die's outcome, grey and dashed if pruned.

    Long labels are wrapped onto short lines, with room after each, so that neighbouring labels do
    not run together.
    """
    style = {}
    if moves:
        lines = list(move_lines(child.move))
        if child.probability is not None:
            lines.append(str(child.probability))
        style["label"] = label(*(line + LABEL_ROOM for line in lines))
    if child.pruned:
        style |= {"style": "dashed", "color": PRUNED_LINE, "fontcolor": PRUNED_LINE}
    return style
