"""Monte Carlo tree search (UCT): a move chosen by random playouts, no exact score (notebook 13).

Each **playout** walks down the tree grown so far, choosing at each node the child with the best
**UCB1** value (its mean reward plus a bonus for being tried seldom), **expands** one new child
of the node it stops at, plays random moves from there to the end of the game, and **backs up**
the result: each node on the way counts one more visit and adds the reward of the player who
moved into it (1 for a win, 1/2 for a draw, 0 for a loss). After the last playout the move is the
root's most visited child. This is Kocsis and Szepesvari's UCT (2006).

The answer is a move that is probably good, never an exact score: mcts_best_move is not a method
of the registry, whose methods give exact scores. The random generator is seeded, so that the
same call gives the same tree and the same move.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from math import inf
from time import monotonic

from nimlib.book.limits import DEFAULT_MAX_SECONDS, SearchBudgetExceeded, listed_moves
from nimlib.book.stats import SearchStats, checked_stats
from nimlib.games.base import Game, State
from nimlib.games.printer import shown
from nimlib.games.values import (
    checked_seconds,
    checked_start,
    dead_end,
    game_over,
    hashable_moves,
    is_finite,
    is_number,
    leaf_score,
    middle_of_range,
    truth_value,
    whole_number,
)

EXPLORATION = math.sqrt(2)  # UCB1's c: the weight of the exploration bonus
LONG_PLAYOUT = 10_000  # random moves after which a playout the budget stops is named as endless
MAX_PLAYOUTS = 1_000_000
LONGEST_SECONDS = 3_600.0  # an hour of playouts; 10**400 seconds overflowed a float
FEWER_PLAYOUTS = "try fewer playouts, or a smaller position"  # said when the budget stops it


@dataclass(eq=False)
class MCTSNode:
    """A node of the search tree: a state, the player to move there, and what its playouts found."""

    state: State
    is_maximizing: bool
    parent: MCTSNode | None = None
    children: list[MCTSNode] = field(default_factory=list)
    untried: list[State] | None = None  # the new states not yet expanded (None: not listed yet)
    visits: int = 0
    reward: float = 0.0  # the sum of the rewards, for the player who moved into this node

    def __post_init__(self) -> None:
        """Refuse a node built by hand with fields a search could not have given it."""
        checked_node(self)

    @property
    def mean(self) -> float:
        """The mean reward for the player who moved here (0 if never visited)."""
        return self.reward / self.visits if self.visits else 0.0


def ucb1(reward: float, visits: int, parent_visits: int, c: float = EXPLORATION) -> float:
    """The mean reward plus c * sqrt(ln(parent's visits) / visits); infinite if never tried.

    `reward` is the sum of the rewards of the `visits` playouts, each from 0 to 1."""
    c = checked_exploration(c)
    visits = whole_number(visits, "visits", largest=None)
    parent_visits = whole_number(
        parent_visits, "parent_visits", smallest=max(visits, 1), largest=None
    )
    if not (is_finite(reward) and 0 <= reward <= visits):
        raise ValueError(
            f"reward must be the sum of the rewards of the {visits} visits, each from 0 to 1: a "
            f"number from 0 to {visits}, not {shown(reward)}"
        )
    if visits == 0:
        return math.inf
    return reward / visits + c * math.sqrt(math.log(parent_visits) / visits)


def checked_exploration(c: object) -> float:
    """`c`, UCB1's weight of the exploration bonus, if it is a number at least 0 (not NaN or
    inf), else a ValueError naming it."""
    if not (is_finite(c) and c >= 0):
        raise ValueError(f"c must be a number at least 0 (not NaN or inf), not {shown(c)}")
    return c


def select(node: MCTSNode, c: float) -> MCTSNode:
    """The child of `node` with the largest UCB1 (the first of them on a tie)."""
    return max(node.children, key=lambda child: ucb1(child.reward, child.visits, node.visits, c))


def expand(game: Game, node: MCTSNode, rng: random.Random, stats: SearchStats) -> MCTSNode:
    """A new child of `node`, for one of its untried moves chosen at random."""
    if node.untried is None:
        node.untried = hashable_moves(
            game, node.state, listed_moves(game, node.state, stats.check_budget)
        )
    if not node.untried:
        raise dead_end(game, node.state)
    new_state = node.untried.pop(rng.randrange(len(node.untried)))
    child = MCTSNode(new_state, not node.is_maximizing, parent=node)
    node.children.append(child)
    return child


def playout(
    game: Game, state: State, is_maximizing: bool, rng: random.Random, stats: SearchStats
) -> float:
    """Random moves from `state` to the end of the game: the reward for Max (1, 1/2 or 0).

    Each random move counts as a call, so that play that never ends (or comes back to itself)
    is stopped by the budget, which then says how long the playout had gone on."""
    score = leaf_score(game, state, is_maximizing, inf)
    moves = 0  # random moves made so far
    while score is None:
        try:
            stats.count_call(state)
        except SearchBudgetExceeded as stopped:
            if moves < LONG_PLAYOUT:
                raise
            raise SearchBudgetExceeded(
                f"{stopped}. The playout under way had made {moves:,} random moves and the game "
                "had not ended: playouts need a game whose play ends"
            ) from None
        new_states = listed_moves(game, state, stats.check_budget)
        if not new_states:
            raise dead_end(game, state)
        state = rng.choice(new_states)
        moves += 1
        is_maximizing = not is_maximizing
        score = leaf_score(game, state, is_maximizing, inf)
    middle = middle_of_range(game)  # a win is a score above it (0 in Nim)
    return 1.0 if score > middle else 0.5 if score == middle else 0.0


def back_up(node: MCTSNode | None, reward_for_max: float) -> None:
    """Count a visit on every node from `node` up to the root, each with the reward of the
    player who moved into it."""
    while node is not None:
        node.visits += 1
        moved_here_was_max = not node.is_maximizing  # the player who moved into this node
        node.reward += reward_for_max if moved_here_was_max else 1.0 - reward_for_max
        node = node.parent


def is_over(game: Game, node: MCTSNode) -> bool:
    """Whether the game is over at `node`."""
    return leaf_score(game, node.state, node.is_maximizing, inf) is not None


def one_playout(
    game: Game, root: MCTSNode, rng: random.Random, c: float, stats: SearchStats
) -> None:
    """Selection, expansion, a random playout and backing up: one step of UCT."""
    node = root
    while not is_over(game, node) and node.untried == [] and node.children:
        stats.count_call(node.state)
        node = select(node, c)
    if not is_over(game, node):
        node = expand(game, node, rng, stats)
    back_up(node, playout(game, node.state, node.is_maximizing, rng, stats))


def mcts_tree(
    game: Game,
    state: State,
    playouts: int = 1000,
    *,
    is_maximizing: bool = True,
    seed: int = 0,
    seconds: float | None = None,
    c: float = EXPLORATION,
    stats: SearchStats | None = None,
) -> MCTSNode:
    """The UCT tree after `playouts` playouts from `state` (fewer if `seconds` run out first).

    Each step down the tree and each random move counts as a call of `stats`: its budget (10 s of
    wall time by default) stops play that never ends with SearchBudgetExceeded, while `seconds`
    ends the playouts early with the tree grown so far. Given `seconds` and no `stats`, the budget
    is `seconds` and 10 s more, whatever the calls: a playout still going then never ends.
    """
    game, state, is_maximizing = checked_start(game, state, is_maximizing)
    playouts = whole_number(playouts, "playouts", smallest=1, largest=MAX_PLAYOUTS)
    seed = whole_number(seed, "seed", largest=None)
    if seconds is not None:
        checked_seconds(seconds, "seconds", longest=LONGEST_SECONDS)
    c = checked_exploration(c)
    if seconds is not None and stats is None:  # the clock ends the playouts, not the budget
        stats = SearchStats(
            max_calls=None, track_states=False, max_seconds=seconds + DEFAULT_MAX_SECONDS
        )
    stats = checked_stats(stats)
    if leaf_score(game, state, is_maximizing, inf) is not None:
        raise game_over(game, state)
    root, rng = MCTSNode(state, is_maximizing), random.Random(seed)
    deadline = None if seconds is None else monotonic() + seconds
    with stats.searching(state, game=game, advice=FEWER_PLAYOUTS):
        for _ in range(playouts):
            one_playout(game, root, rng, c, stats)
            if deadline is not None and monotonic() >= deadline:
                break
    return root


def most_visited(root: MCTSNode) -> MCTSNode:
    """The root's child with the most visits (the first of them on a tie): the move MCTS plays."""
    root = checked_node(root, "root")
    if not root.children:
        raise ValueError(f"the node of {shown(root.state)} has no children: run playouts first")
    return max(map(checked_node, root.children), key=lambda child: child.visits)


def checked_node(node: object, name: str = "a node of the tree") -> MCTSNode:
    """`node` if it is an MCTSNode whose children, mover, visits and reward a search could have
    given it (a tree built by hand), else a TypeError or ValueError naming the field."""
    if not isinstance(node, MCTSNode):
        raise TypeError(f"{name} must be an MCTSNode (from mcts_tree), not {shown(node)}")
    children = node.children
    if not isinstance(children, list) or not all(isinstance(kid, MCTSNode) for kid in children):
        raise TypeError(f"a node's children must be a list of MCTSNodes, not {shown(children)}")
    if type(node.visits) is not int or node.visits < 0:  # the usual case quickly: a big tree
        whole_number(node.visits, "visits", largest=None)
    truth_value(node.is_maximizing, "is_maximizing")
    if not (is_number(node.reward) and 0 <= node.reward <= node.visits):
        raise ValueError(
            f"the reward of the node of {shown(node.state)} must be a number (the sum of its "
            f"playouts' rewards), not {shown(node.reward)}: from 0 to its visits, {node.visits}, "
            "since each playout adds 0, 1/2 or 1"
        )
    return node


def mcts_best_move(
    game: Game,
    state: State,
    playouts: int = 1000,
    *,
    is_maximizing: bool = True,
    seed: int = 0,
    seconds: float | None = None,
    stats: SearchStats | None = None,
) -> State:
    """The new state MCTS would move to after `playouts` playouts (or `seconds`): a good guess."""
    root = mcts_tree(
        game, state, playouts, is_maximizing=is_maximizing, seed=seed, seconds=seconds, stats=stats
    )
    return most_visited(root).state
