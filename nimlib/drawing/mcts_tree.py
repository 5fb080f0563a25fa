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
from nimlib.drawing.draw import MAX_LAYOUT_ITEMS, Drawing
from nimlib.drawing.nodes import TreeTooLarge
from nimlib.drawing.style import BEST_PLAY, BEST_PLAY_WIDTH, MAX_TURN, MIN_TURN
from nimlib.games.base import Game
from nimlib.games.values import checked_game, shown, truth_value, whole_number


def tree_nodes(root: MCTSNode) -> int:
    """How many nodes the search tree has (counted without recursion: a tree may be deep)."""
    nodes, waiting = 0, [root]
    while waiting:
        nodes += 1
        waiting += waiting.pop().children
    return nodes


def drawn_nodes(root: MCTSNode, depth: int, min_visits: int) -> int:
    """How many nodes a drawing `depth` moves deep, of `min_visits` or more, shows (stopping once
    it is more than a drawing may show)."""
    nodes, waiting = 0, [(root, 0)]
    while waiting and nodes * 2 <= MAX_LAYOUT_ITEMS:
        node, level = waiting.pop()
        nodes += 1
        if level < depth:
            waiting += [(child, level + 1) for child in node.children if child.visits >= min_visits]
    return nodes


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
    game = checked_game(game)
    if not isinstance(root, MCTSNode):
        raise TypeError(f"root must be an MCTSNode (from mcts_tree), not {shown(root)}")
    depth = whole_number(depth, "depth", largest=None)
    min_visits = whole_number(min_visits, "min_visits", smallest=1, largest=None)
    large = truth_value(large, "large")
    if drawn_nodes(root, depth, min_visits) * 2 - 1 > MAX_LAYOUT_ITEMS:  # a node and its edge each
        raise TreeTooLarge(
            f"too large to draw quickly: the MCTS tree {depth} moves deep, of nodes with "
            f"{min_visits}+ visits, has more than {MAX_LAYOUT_ITEMS // 2:,} nodes (the limit is "
            f"{MAX_LAYOUT_ITEMS:,} nodes and move labels). Draw fewer moves (depth=...) or only "
            "the nodes visited more often (min_visits=...)"
        )
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
    """How many nodes the tree has at most `depth` moves below `node`, `node` included (counted
    without recursion)."""
    nodes, waiting = 0, [(node, 0)]
    while waiting:
        node, level = waiting.pop()
        nodes += 1
        if level < depth:
            waiting += [(child, level + 1) for child in node.children]
    return nodes


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
