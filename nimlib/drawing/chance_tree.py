"""The game tree of a game of chance: the players' nodes as in every tree, the dice's as circles.

Max's nodes are blue boxes and Min's orange ovals, as draw_tree draws them; a chance node is a
white circle, and the edges out of it carry the probability of each outcome (and the die's faces).
Every node shows its expectiminimax score, as an exact fraction; the line of best play, the moves
the players choose, is drawn green, and finished games are filled with their winner's colour.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import count

from nimlib.book.expectiminimax import expectiminimax
from nimlib.book.limits import SMALLER, listed_moves, listed_outcomes
from nimlib.book.stats import SearchStats, checked_stats
from nimlib.drawing.dot import label, new_graph
from nimlib.drawing.draw import Drawing
from nimlib.drawing.nodes import TreeTooLarge
from nimlib.drawing.style import BEST_PLAY, BEST_PLAY_WIDTH, MAX_TURN, MAX_WON, MIN_TURN, MIN_WON
from nimlib.games.base import Game, State
from nimlib.games.values import checked_outcomes, checked_start, shown, truth_value

MAX_CHANCE_NODES = 300  # a larger tree is unreadable on a page (and refused, with a message)


def fraction_text(score: float) -> str:
    """A score as "+2/3", "0" or "-1"."""
    value = Fraction(score).limit_denominator(10_000)
    return "0" if value == 0 else ("+" if value > 0 else "") + str(value)


def chance_tree_size(game: Game, state: State, stats: SearchStats | None = None) -> int:
    """How many nodes the tree under `state` has, chance nodes included (counted with a memo,
    within the budget of `stats`: a cycle is named, a tree too deep refused)."""
    game, state, _ = checked_start(game, state, chance_nodes=True)
    stats = checked_stats(stats)
    sizes: dict[State, int] = {}

    def size(state: State) -> int:
        """The nodes under `state`, itself included."""
        stats.count_call(state)
        if state not in sizes:
            if game.is_chance(state):
                below = [new for _, new in listed_outcomes(game, state, stats.check_budget)]
            else:
                below = listed_moves(game, state, stats.check_budget)
            sizes[state] = 1 + sum(size(new) for new in below)
        return sizes[state]

    with stats.searching(state, sizes, game=game, advice=SMALLER):
        return size(state)


def draw_chance_tree(
    game: Game,
    state: State,
    is_maximizing: bool = True,
    *,
    large: bool = False,
) -> Drawing:
    """The whole tree under `state`: chance nodes as circles, probabilities on their edges."""
    game, state, is_maximizing = checked_start(game, state, is_maximizing, chance_nodes=True)
    large = truth_value(large, "large")
    size = chance_tree_size(game, state)
    if size > MAX_CHANCE_NODES:
        raise TreeTooLarge(
            f"the tree of {game.name} from {shown(state)} has {size:,} nodes, too many to read: "
            f"draw a smaller position (at most {MAX_CHANCE_NODES} nodes)"
        )
    graph, names = new_graph(large), count()
    root_score = add_node(graph, names, game, state, is_maximizing, True)[1]
    score = fraction_text(root_score)
    summary = f"Tree of {game.name} with chance nodes: {size} nodes; root score {score}"
    return Drawing(graph, summary, quick=True)


def add_node(graph, names, game: Game, state: State, is_maximizing: bool, best: bool):
    """Draw `state` and everything under it; return its node's name and its score."""
    name, score = f"n{next(names)}", expectiminimax(game, state, is_maximizing)
    ending = game.evaluate(state, is_maximizing)
    style = {"label": label(game.label(state), fraction_text(score)), "style": "filled"}
    if game.is_chance(state):
        style |= {"shape": "circle", "fillcolor": "white", "label": label(fraction_text(score))}
    elif ending is not None:
        style |= {"shape": "box" if is_maximizing else "ellipse"}
        style |= {"fillcolor": MAX_WON if ending > 0 else MIN_WON}
    else:
        shape = "box" if is_maximizing else "ellipse"
        style |= {"shape": shape, "fillcolor": MAX_TURN if is_maximizing else MIN_TURN}
    if best and not game.is_chance(state):
        style |= {"color": BEST_PLAY, "penwidth": BEST_PLAY_WIDTH}
    graph.node(name, **style)
    for child, edge, chosen in children(game, state, is_maximizing, score):
        child_name, _ = add_node(graph, names, game, child, edge[1], best and chosen)
        edge_style = {"label": label(edge[0] + "\u00a0")}
        if best and chosen and not game.is_chance(state):
            edge_style |= {"color": BEST_PLAY, "penwidth": BEST_PLAY_WIDTH}
        graph.edge(name, child_name, **edge_style)
    return name, score


def children(game: Game, state: State, is_maximizing: bool, score: float) -> list:
    """Each child of `state` as (child, (edge text, child's turn), whether best play goes there)."""
    if game.is_chance(state):
        return [
            (new, (f"{game.describe_move(state, new)}\n{probability}", is_maximizing), True)
            for probability, new in checked_outcomes(game, state)
        ]
    found, result = False, []
    for new in game.possible_new_states(state):
        chosen = not found and expectiminimax(game, new, not is_maximizing) == score
        found = found or chosen
        result.append((new, (game.describe_move(state, new), not is_maximizing), chosen))
    return result
