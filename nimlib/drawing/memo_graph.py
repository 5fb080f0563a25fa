"""The positions a memo sees: each different position of a game once, a row per pile size, with
the moves between them (notebook 04), drawn with the fonts, spacing and node style of every tree
drawing (nimlib.drawing.dot and nimlib.drawing.style)."""

from __future__ import annotations

from math import inf

from nimlib.book.limits import listed_moves
from nimlib.book.stats import SearchStats
from nimlib.drawing.dot import inches, new_graph
from nimlib.drawing.draw import MAX_LAYOUT_ITEMS, Drawing
from nimlib.drawing.nodes import Node, TreeTooLarge
from nimlib.drawing.style import node_style
from nimlib.drawing.tree import dice_refused, drawn_text
from nimlib.games.base import Game, State
from nimlib.games.values import checked_start, hashable_moves, is_chance_node, leaf_score
from nimlib.solving import largest_first

Position = tuple[State, bool]
GRAPH_NODE_SEPARATION = 0.3  # inches between the nodes of a row: four times a tree's
# A graph's moves cross between its rows, and Graphviz lays it out slower than a tree of as many
# items: up to 400 positions and moves take 0.3 s at most (Simple-Nim taking 1 to 6), a drawing
# quick enough to draw in the kernel's own process; at MAX_LAYOUT_ITEMS, 9 s.
QUICK_ITEMS = 400


def moves_from(game: Game, start: Position) -> dict[Position, list[Position]]:
    """Map every position reachable from `start` (a state and who is to move) to those one move
    away, none from a position where the game is over (found without recursion; TreeTooLarge once
    the positions and moves are more than Graphviz lays out quickly, as for a tree; a ValueError
    at a chance node, since it draws the players' moves only)."""
    found: dict[Position, list[Position]] = {}
    waiting, moves = [start], 0
    stats = SearchStats(track_states=False)
    while waiting:
        position = waiting.pop()
        if position not in found:
            state, is_maximizing = position
            if is_chance_node(game, state):
                raise dice_refused(game, state, "draw_positions")
            over = leaf_score(game, state, is_maximizing, inf) is not None
            new_states = [] if over else listed_moves(game, state, stats.check_budget)
            hashable_moves(game, state, new_states)
            found[position] = [(new, not is_maximizing) for new in new_states]
            waiting += found[position]
            moves += len(found[position])
            if len(found) + moves > MAX_LAYOUT_ITEMS:
                raise TreeTooLarge(
                    f"too large to draw: {game.name} from {game.describe_state(start[0])} has "
                    f"more than {MAX_LAYOUT_ITEMS:,} different positions and moves between "
                    "them, too many to lay out quickly. Try a smaller position"
                )
    return found


def draw_positions(game: Game, state: State) -> Drawing:
    """Each different position reachable from `state`, Max to move, once, with the moves between
    them: a row per state (box: Max to move, oval: Min), the largest state on top."""
    game, state, _ = checked_start(game, state, chance_nodes=True)  # refused as met
    found = moves_from(game, (state, True))
    graph = new_graph(large=False)
    del graph.graph_attr["ordering"]  # a tree's rule (children in order), not a graph's
    # edges cross between the rows of a graph, unlike a tree's: room for them to pass between nodes
    graph.graph_attr["nodesep"] = inches(GRAPH_NODE_SEPARATION)
    for state_met in largest_first(list(dict.fromkeys(met for met, _ in found))):
        with graph.subgraph(graph_attr={"rank": "same"}) as row:
            for is_maximizing in (True, False):
                if (state_met, is_maximizing) in found:
                    label = drawn_text(game, "label", state_met)
                    node = Node(state_met, is_maximizing, 0, label=label)
                    style = node_style(node, scores=False)
                    row.node(str((state_met, is_maximizing)), **style)
    for position, new_positions in found.items():
        graph.edges((str(position), str(new_position)) for new_position in new_positions)
    items = len(found) + sum(map(len, found.values()))
    summary = f"{len(found)} different positions from {game.describe_state(state)}"
    return Drawing(graph, summary, quick=items <= QUICK_ITEMS)
