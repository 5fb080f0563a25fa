"""The positions a memo sees: each different position of a game once, a row per pile size, with
the moves between them (notebook 04), drawn with the one style of draw_tree's trees."""

from __future__ import annotations

import graphviz

from nimlib.drawing.draw import MAX_TURN, MIN_TURN, Drawing
from nimlib.games.base import Game, State

Position = tuple[State, bool]

LOOK = {
    True: {"shape": "box", "style": "filled,rounded", "fillcolor": MAX_TURN},
    False: {"shape": "ellipse", "style": "filled", "fillcolor": MIN_TURN},
}


def moves_from(game: Game, position: Position, found: dict[Position, list[Position]]) -> dict:
    """Map every position reachable from `position` (a state and who is to move) to those one move
    away."""
    if position not in found:
        state, is_maximizing = position
        found[position] = [
            (new_state, not is_maximizing) for new_state in game.possible_new_states(state)
        ]
        for new_position in found[position]:
            moves_from(game, new_position, found)
    return found


def draw_positions(game: Game, counters: int) -> Drawing:
    """Each different position below `counters` once, a row per pile size (box: Max to move, oval:
    Min)."""
    found = moves_from(game, (counters, True), {})
    graph = graphviz.Digraph(node_attr={"fontname": "Helvetica,Arial,sans-serif", "fontsize": "12"})
    for pile in sorted({pile for pile, _ in found}, reverse=True):
        with graph.subgraph(graph_attr={"rank": "same"}) as row:
            for is_maximizing in (True, False):
                if (pile, is_maximizing) in found:
                    row.node(str((pile, is_maximizing)), str(pile), **LOOK[is_maximizing])
    for position, new_positions in found.items():
        graph.edges((str(position), str(new_position)) for new_position in new_positions)
    return Drawing(graph, f"{len(found)} different positions from {counters}")
