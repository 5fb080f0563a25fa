"""Drawing the tree that Monte Carlo tree search grew: visits and rewards on the nodes.

Each node below the root names the move that led to it and shows its reward, as "wins/visits" for
the player who moved into it (a draw counts a half): the move sits in its own node, so that no
label can stand over another child. Boxes are the positions where Max is to move, ovals Min's, as
in every tree of the series. Every move of the root is drawn; below them only the nodes visited
at least `min_visits` times and at most `depth` moves below the root, so that a tree of 1,000
playouts stays readable, and a line under the tree says how many were left out. The move MCTS
plays, the root's most visited child, is drawn green.
"""

from __future__ import annotations

from itertools import count

from nimlib.book.mcts import MCTSNode, most_visited
from nimlib.drawing.dot import label, new_graph
from nimlib.drawing.draw import Drawing
from nimlib.drawing.style import BEST_PLAY, BEST_PLAY_WIDTH, MAX_TURN, MIN_TURN
from nimlib.games.base import Game


def tree_nodes(root: MCTSNode) -> int:
    """How many nodes the search tree has."""
    return 1 + sum(tree_nodes(child) for child in root.children)


def reward_text(node: MCTSNode) -> str:
    """The reward over the visits, such as "7.5/12"."""
    return f"{node.reward:g}/{node.visits}"


def draw_mcts_tree(
    game: Game,
    root: MCTSNode,
    *,
    depth: int = 2,
    min_visits: int = 1,
    large: bool = False,
) -> Drawing:
    """The top of the tree under `root`: every move of the root, and below them, to `depth` moves
    deep, the nodes of `min_visits` or more; a line under it counts the nodes left out."""
    graph, names, chosen = new_graph(large), count(), most_visited(root) if root.children else None
    _, drawn = add_node(graph, names, game, root, (depth, min_visits, chosen))
    within_depth = nodes_within(root, depth)
    hidden = within_depth - drawn
    if hidden:
        graph.attr(
            label=f"{hidden:,} of {within_depth - 1:,} nodes below the root not drawn: "
            f"fewer than {min_visits:,} visits",
            labelloc="b",
        )
    summary = (
        f"MCTS tree after {root.visits:,} playouts: {tree_nodes(root):,} nodes, {drawn:,} drawn "
        f"(at most {depth} moves deep, every move of the root, below it {min_visits}+ visits)"
    )
    return Drawing(graph, summary, quick=True)


def nodes_within(node: MCTSNode, depth: int) -> int:
    """How many nodes the tree has at most `depth` moves below `node`, `node` included."""
    if depth == 0:
        return 1
    return 1 + sum(nodes_within(child, depth - 1) for child in node.children)


def add_node(
    graph,
    names,
    game: Game,
    node: MCTSNode,
    setting: tuple,
    level: int = 0,
    move: str = "",
) -> tuple[str, int]:
    """Draw `node`, reached by `move`, and its children within `setting`'s depth and visits (every
    child of the root): (name, nodes drawn)."""
    depth, min_visits, chosen = setting
    name = f"n{next(names)}"
    style = {
        "label": label(move, reward_text(node))
        if level
        else label("root", f"{node.visits} playouts"),
        "shape": "box" if node.is_maximizing else "ellipse",
        "style": "filled,rounded" if node.is_maximizing else "filled",
        "fillcolor": MAX_TURN if node.is_maximizing else MIN_TURN,
    }
    if node is chosen:
        style |= {"color": BEST_PLAY, "penwidth": BEST_PLAY_WIDTH}
    graph.node(name, **style)
    drawn = 1
    shown = [child for child in node.children if level == 0 or child.visits >= min_visits]
    shown = shown if level < depth else []
    for child in sorted(shown, key=lambda child: -child.visits):
        child_move = game.describe_move(node.state, child.state)
        child_name, below = add_node(graph, names, game, child, setting, level + 1, child_move)
        drawn += below
        edge = {"color": BEST_PLAY, "penwidth": BEST_PLAY_WIDTH} if child is chosen else {}
        graph.edge(name, child_name, **edge)
    return name, drawn
