"""What a tree drawing's marks mean, said beside it: the legend, a row of sample nodes above the
tree (shapes, fills, dashes, bounds, the window, best play), and the same in words for a screen
reader (describe).

Where the legend's rows stand is worked out with the tree's layout (nimlib.drawing.layout).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

import graphviz

from nimlib.drawing.layout import (
    FONT_SIZES,
    LEGEND_MARGIN,
    Legend,
    legend_anchor,
    legend_rows,
    smallest_font,
    subtree_widths,
    window_text,
)
from nimlib.drawing.nodes import GameTree, best_child, score_text
from nimlib.drawing.style import (
    BEST_PLAY_LINE,
    CHANCE,
    DRAWN,
    FROM_MEMO,
    LABEL_ROOM,
    MAX_TURN,
    MAX_WON,
    MIN_TURN,
    MIN_WON,
    PRUNED_FILL,
    PRUNED_LINE,
)

LEGEND_GAP = "legend_gap"  # an invisible node between the root and a legend row beside it
LegendEntry = tuple[str, dict[str, str]]  # a sample node of the legend: its label and its style
# the sample of a mark drawn as an outline (best play, a replay's node visited now, a memo's answer)
OUTLINE_SAMPLE = {"shape": "box", "style": "rounded"}


def add_legend(
    graph: graphviz.Digraph,
    tree: GameTree,
    extra: Sequence[LegendEntry] = (),
    *,
    scores: bool = True,
    window: bool = False,
    large: bool = False,
    moves: bool = True,
    root_at_left: bool = False,
    beside: bool = False,
) -> Legend:
    """A row of sample nodes above the tree saying what shapes, fills and dashes mean, then the
    `extra` ones, in the smallest font of the tree drawn (`large`, with its `moves` or not).

    Above the tree, the legend adds to its height rather than to its width: it wraps onto more rows
    rather than be wider than both the tree (as drawn, see subtree_widths) and the page, and onto no
    more than that, since each row pushes the tree further down the screen (in large print, a
    small tree under four rows started at the bottom of a 768 px screen); its last row hangs over
    the root (n0), where it has room (see nimlib.drawing.layout), so that it is in view wherever
    the root is (`root_at_left` if the layout puts it at the top left). Such a root has nothing of
    the tree beside it: `beside` puts the last row there, in the root's rank after a gap, where it
    adds nothing to the height (for dot's layout, whose edges keep clear of the root's rank;
    nimlib's placement draws straight edges, which would cross it).
    """
    entries = [*legend_entries(tree, scores, window), *extra]
    names = [f"legend{index}" for index in range(len(entries))]
    texts = [text for text, _ in entries]
    font = smallest_font(large, moves)
    tree_width = subtree_widths(tree, large, moves, window)[tree.root]
    rows = legend_rows(texts, tree_width, font, centred=not root_at_left)
    # the samples' font, where it is not the nodes' (in large print, the move labels')
    in_font = {} if font == FONT_SIZES[large][0] else {"fontsize": str(font)}
    for number, row in enumerate(rows):  # the first row on top, the others below it
        with graph.subgraph(name=f"legend{number or ''}") as legend:
            by_root = beside and number == len(rows) - 1  # the root, a gap, this row
            legend.attr(rank="same" if number or by_root else "min")
            if by_root:
                legend.node(LEGEND_GAP, label=LABEL_ROOM, shape="plaintext", width="0.2")
                legend.edge("n0", LEGEND_GAP, style="invis")
                legend.edge(LEGEND_GAP, names[row[0]], style="invis")
            for index in row:
                legend.node(
                    names[index],
                    texts[index],
                    margin=",".join(map(str, LEGEND_MARGIN)),
                    **entries[index][1],
                    **in_font,
                )
            for left, right in pairwise(row):
                legend.edge(names[left], names[right], style="invis")
        if number:
            graph.edge(names[rows[number - 1][0]], names[row[0]], style="invis")
    named = [[names[index] for index in row] for row in rows]
    if beside:
        return Legend(named, named[-1][0])
    anchor = rows[-1][legend_anchor(tree, [texts[index] for index in rows[-1]], root_at_left)]
    graph.edge(names[anchor], "n0", style="invis")
    return Legend(named, names[anchor])


def legend_entries(tree: GameTree, scores: bool = True, window: bool = False) -> list[LegendEntry]:
    """The legend's samples: the two turns, the two winners, the dice's turn, bounds, pruning,
    MCTS's visits and the memo's answers if the tree has them, and what "α β" on a node means if
    `window`."""
    entries = [
        ("Max to move", {"shape": "box", "style": "filled,rounded", "fillcolor": MAX_TURN}),
        ("Min to move", {"shape": "ellipse", "style": "filled", "fillcolor": MIN_TURN}),
        *finished_entries(tree),
    ]
    if any(node.chance for node in tree):
        sample = {"shape": "circle", "style": "filled", "fillcolor": CHANCE}
        entries.append(("dice", sample))
    if tree.root.visits is not None:
        entries.append(("reward/visits of\\nwho moved there", {"shape": "plaintext"}))
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
    if any(node.from_memo for node in tree):
        entries.append(("from the memo", OUTLINE_SAMPLE | FROM_MEMO))
    return entries


def finished_entries(tree: GameTree) -> list[LegendEntry]:
    """The legend's samples of finished games: won and lost where each scores an end of the game's
    score range, else ahead, behind and drawn, measured from the middle of the range."""
    finished = {"shape": "box", "style": "filled", "penwidth": "0"}
    if all(node.score is None for node in tree):  # MCTS's nodes have no score
        return []
    low, high = tree.game.score_range
    ends = {node.score for node in tree if not node.children and not node.pruned}
    if ends <= {low, high}:
        return [
            (f"Max won\\n{score_text(high, tree.middle)}", finished | {"fillcolor": MAX_WON}),
            (f"Min won\\n{score_text(low, tree.middle)}", finished | {"fillcolor": MIN_WON}),
        ]
    even = f"{float(tree.middle):g}"
    entries = [(f"over: Max\\nahead (> {even})", finished | {"fillcolor": MAX_WON})]
    entries.append((f"over: Min\\nahead (< {even})", finished | {"fillcolor": MIN_WON}))
    if tree.middle in ends:
        what = "a\\ndraw" if tree.middle == 0 else "the\\nmiddle"
        entries.append((f"over: {what} ({even})", finished | {"fillcolor": DRAWN, "penwidth": "1"}))
    return entries


def green_line(tree: GameTree) -> tuple[str, str]:
    """What the line drawn thick and green in `tree` is, as the legend names it and in words: best
    play, or in the tree MCTS grew the move MCTS plays, which it may miss with few playouts."""
    if tree.root.visits is None:
        return "best play", "The line of best play is drawn thick and green."
    return "MCTS's move", "The move MCTS plays, the most visited, is drawn thick and green."


def best_play_entries(tree: GameTree, drawn: bool) -> list[LegendEntry]:
    """The legend's sample of the line drawn thick and green in `tree`, if one is `drawn`."""
    return [(green_line(tree)[0], OUTLINE_SAMPLE | BEST_PLAY_LINE)] if drawn else []


def describe(tree: GameTree, best_play: bool = False) -> str:
    """What the tree's summary (the game, the position, the nodes drawn and pruned, the score)
    leaves out, for a screen reader: who is to move, the best move, what green and grey mean."""
    root = tree.root
    words = [f"{root.player} to move at the root."]
    if not root.children:
        words.append("The game is over.")
    elif root.chance:  # the dice move first: no best move, the average of the outcomes
        words[0] = f"The dice roll at the root, then {root.player} moves."
    else:
        best = best_child(root)
        if best is not None:
            move = best.move or f"to {best.state!r}"
            words.append(f"Best move: {move} (score {best.score_text(tree.middle)}).")
    if best_play:
        words.append(green_line(tree)[1])
    if tree.pruned_count:
        words.append("Pruned nodes are grey and dashed.")
    return " ".join(words)
