"""Game trees made explicit: every position a search meets, as nodes that a drawing or a replay can
walk.

``game_tree(game, state)`` builds the full minimax tree; ``game_tree(game, state, alphabeta=True)``
builds the nodes alpha-beta visits, in the same order and with the same cut-offs as
``nimlib.search.alphabeta``, plus the branches it cut off, marked pruned. A tree too large to draw
is refused before it is built.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import count, islice
from typing import Any, Literal

from nimlib.games.base import Game, State
from nimlib.games.values import (
    checked_score,
    checked_start,
    checked_window,
    dead_end,
    is_number,
    shown,
    truth_value,
    whole_number,
)
from nimlib.search.alphabeta import AlphaBeta
from nimlib.search.iterative import counted_tree_size
from nimlib.search.limits import SearchBudgetExceeded
from nimlib.search.moves import checked_order, ordered
from nimlib.search.stats import SearchStats
from nimlib.search.table import UNKNOWN, stored_bounds, within

Order = Callable[[State], Any] | None
Bound = Literal["exact", "lower", "upper"]

DEFAULT_MAX_NODES = 1_500
MAX_NODES_CEILING = (
    2_500  # drawing takes about a second per 1,000 nodes: more would freeze a kernel
)
BILLION = 1_000_000_000
STACKED_PER_NODE = 100  # counting a tree of max_nodes may stack this many positions per node
ONE_PARENT = "a node has one parent, and no loops"
MAX_BUILT_NODES = 100_000  # the most nodes of a hand-built tree that check_nodes looks at


class TreeTooLarge(ValueError):
    """A game tree has more nodes than it is sensible to build and draw."""


@dataclass(eq=False, repr=False)
class Node:
    """One position of a game tree, with the `move` that led to it from its parent ("" at the root).

    In an alpha-beta tree a node the search never reached is pruned: it has no score, no
    visit_index, no window and no bound. A visited node keeps `alpha` and `beta` as it was
    entered, and `bound` says what its score proves, as nimlib.search.alphabeta's table would store
    it: "exact"; "lower" when the search failed high (score >= beta: the true score is at least
    `score`); "upper" when it failed low (score <= alpha: the true score is at most `score`).
    """

    state: State
    is_maximizing: bool
    level: int  # moves below the root (depth means moves still to look ahead)
    move: str = ""
    score: float | None = None
    children: list[Node] = field(default_factory=list)
    visited: bool = True
    visit_index: int | None = None
    alpha: float | None = None
    beta: float | None = None
    bound: Bound | None = "exact"

    @property
    def pruned(self) -> bool:
        """Cut off by alpha-beta: the search never reached this node."""
        return not self.visited

    @property
    def score_text(self) -> str:
        """The score as a drawing shows it: "+1", "-0.75", "0", "≥ +1", "≤ 0", or "" when there is
        none."""
        if self.score is None:
            return ""
        if not is_number(
            self.score
        ):  # a node built by hand: draw_tree refuses it, a message shows it
            return shown(self.score)
        sign = {"exact": "", "lower": "≥ ", "upper": "≤ "}.get(self.bound, "")
        return f"{sign}{score_text(self.score)}"

    def __repr__(self) -> str:
        player = "Max" if self.is_maximizing else "Min"
        score = self.score_text or "none (pruned)"
        children = len(self.children) if isinstance(self.children, list) else shown(self.children)
        return f"Node({shown(self.state)}, {player} to move, score {score}, {children} children)"


@dataclass(eq=False, repr=False)
class GameTree:
    """The explicit game tree of one position, as game_tree builds it."""

    game: Game
    root: Node
    alphabeta: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.game, Game):
            wanted = "a Game such as SimpleNim()"
            raise TypeError(f"a GameTree's game must be {wanted}, not {shown(self.game)}")
        if not isinstance(self.root, Node):
            raise TypeError(f"a GameTree's root must be a Node, not {shown(self.root)}")
        self.alphabeta = truth_value(self.alphabeta, "alphabeta")

    def __iter__(self) -> Iterator[Node]:
        """Every node, parents before children, left to right: the order n0, n1, ... of a drawing; a
        ValueError at a node met twice (a tree built by hand with a loop)."""
        stack, seen = [self.root], set()
        while stack:
            node = stack.pop()
            if id(node) in seen:
                raise ValueError(f"{named(node)} appears twice in the tree: {ONE_PARENT}")
            seen.add(id(node))
            yield node
            stack.extend(reversed(node.children))

    def __len__(self) -> int:
        return sum(1 for _ in self)

    @property
    def visited_count(self) -> int:
        """How many nodes the search visited (all of them in a minimax tree)."""
        return sum(node.visited for node in self)

    @property
    def pruned_count(self) -> int:
        """How many nodes alpha-beta cut off."""
        return len(self) - self.visited_count

    @property
    def visit_order(self) -> list[Node]:
        """The visited nodes in the order the search reached them."""
        return sorted((node for node in self if node.visited), key=lambda node: node.visit_index)

    def line(self, states: Sequence[State]) -> list[Node]:
        """The nodes a line of play from the root passes through, the root first, as far as the tree
        has them.

        `states` are the states after each move, as principal_variation gives them; a state that is
        not a move from the one before is a ValueError. The nodes stop where the tree does (a branch
        left out).
        """
        if isinstance(states, (str, bytes)) or not isinstance(states, Sequence):
            raise TypeError(f"a line of play must be a list of states, not {type(states).__name__}")
        previous, node, nodes = self.root.state, self.root, [self.root]
        for state in states:
            if not is_move(self.game, previous, state):
                wrong = f"{shown(state)} is not a move from {shown(previous)}"
                raise ValueError(f"the line of play is not a game: {wrong}")
            previous = state
            node = (
                next((child for child in node.children if child.state == state), None)
                if node
                else None
            )
            if node is not None:
                nodes.append(node)
        return nodes

    def without_pruned(self) -> GameTree:
        """The same tree without its pruned nodes: only what the search visited."""
        return GameTree(self.game, visited_part(self.root), self.alphabeta)

    def __str__(self) -> str:
        """Such as "Alpha-beta tree of Simple-Nim from 6: 41 nodes, 17 visited, 24 pruned; root
        score ≥ +1"."""
        kind = "Alpha-beta tree" if self.alphabeta else "Game tree"
        counts = f"{len(self):,} nodes"
        if self.alphabeta:
            counts += f", {self.visited_count:,} visited, {self.pruned_count:,} pruned"
        start = f"{self.game.name} from {shown(self.root.state)}"
        return f"{kind} of {start}: {counts}; root score {self.root.score_text}"

    __repr__ = __str__


def check_nodes(tree: GameTree) -> None:
    """A TypeError or ValueError naming the first node of a tree built by hand that is not a node as
    game_tree builds them: not a Node, a node met twice (a loop), or a field of the wrong kind;
    TreeTooLarge past MAX_BUILT_NODES nodes."""
    stack, seen = [tree.root], set()
    while stack:
        node = stack.pop()
        if not isinstance(node, Node):
            raise TypeError(f"a game tree holds Nodes, not {shown(node)} ({type(node).__name__})")
        if id(node) in seen:
            raise ValueError(f"{named(node)} appears twice in the tree: {ONE_PARENT}")
        seen.add(id(node))
        if len(seen) > MAX_BUILT_NODES:
            limit = f"{MAX_BUILT_NODES:,}"
            raise TreeTooLarge(f"too large to draw: the tree has more than {limit} nodes")
        check_node(node)
        stack += node.children


def named(node: Node) -> str:
    """A node as a message names it: "the node of state (1, 2)"."""
    return f"the node of state {shown(node.state)}"


def check_node(node: Node) -> None:
    """A TypeError or ValueError naming the first field of `node` that a drawing cannot show."""
    if not isinstance(node.children, list):
        children = shown(node.children)
        raise TypeError(f"the children of {named(node)} must be a list of Nodes, not {children}")
    truth_value(node.is_maximizing, "a node's is_maximizing")
    truth_value(node.visited, "a node's visited")
    if not isinstance(node.move, str):
        raise TypeError(f"the move into {named(node)} must be a str, not {shown(node.move)}")
    try:
        hash(node.state)
    except TypeError:
        reason = "must be hashable, as a game's states are"
        raise TypeError(f"the state of {named(node)} {reason}") from None
    if node.bound not in (None, "exact", "lower", "upper"):
        raise ValueError(f"the bound of {named(node)} must be 'exact', 'lower', 'upper' or None")
    for name in ("score", "alpha", "beta"):
        value = getattr(node, name)
        if value is not None and not is_number(value):
            wrong = f"the {name} of {named(node)}"
            raise ValueError(f"{wrong} must be a number or None, not {shown(value)}")


def is_move(game: Game, state: State, new_state: State) -> bool:
    """Whether `new_state` is one of the first MAX_BUILT_NODES moves from `state` (taken one at a
    time: a game's moves may never end)."""
    return any(
        move == new_state for move in islice(game.possible_new_states(state), MAX_BUILT_NODES)
    )


def game_tree(
    game: Game,
    state: State,
    *,
    alphabeta: bool = False,
    order: Order = None,
    keep_pruned: bool = True,
    window: tuple[float, float] | None = None,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> GameTree:
    """The game tree of `state` with Max to move: every node minimax searches, or with
    ``alphabeta=True`` the nodes alpha-beta visits plus (``keep_pruned=True``) the branches it cut
    off, marked pruned.

    `order` is a sort key for the moves, as in nimlib.search.alphabeta: children appear left to
    right in the order they are searched. `window` is alpha-beta's starting (alpha, beta): the
    default, the game's score_range ((-1, +1) in the Nim games), knows every possible score, so the
    root's score is exact; a wider window such as ``(-inf, inf)`` prunes less, and some scores
    become one-sided bounds. A tree of more than `max_nodes` nodes (at most 2,500) is refused with
    TreeTooLarge before it is built.
    """
    game, state, _ = checked_start(game, state)
    max_nodes = whole_number(max_nodes, "max_nodes", smallest=1, largest=MAX_NODES_CEILING)
    order = checked_order(order)
    alphabeta = truth_value(alphabeta, "alphabeta")
    keep_pruned = truth_value(keep_pruned, "keep_pruned")
    window = game.score_range if window is None else window
    if not isinstance(window, (tuple, list)) or len(window) != 2:
        raise ValueError(f"window must be a pair (alpha, beta), not {shown(window)}")
    window = checked_window(*window)
    with SearchStats.budget_only().searching(state, game=game):
        if alphabeta:
            root = alphabeta_tree(game, state, order, keep_pruned, window, max_nodes)
        else:
            check_full_tree_size(game, state, max_nodes)
            root = minimax_node(game, Node(state, True, 0), order, count())
    return GameTree(game, root, alphabeta)


def moves(game: Game, state: State, order: Order) -> list[State]:
    """The states one move from `state` can reach, sorted by `order` when there is one."""
    if order is None:
        return list(game.possible_new_states(state))
    return ordered(game, state, order, SearchStats.budget_only())


def child(game: Game, parent: Node, state: State, **fields: Any) -> Node:
    """A node for `state`, one move below `parent`: the other player to move, one level deeper."""
    move = game.describe_move(parent.state, state)
    return Node(state, not parent.is_maximizing, parent.level + 1, move, **fields)


def minimax_node(game: Game, node: Node, order: Order, visits: Iterator[int]) -> Node:
    """`node` with its whole subtree, scored as minimax scores it, numbered in visit order."""
    node.visit_index = next(visits)
    node.score = end_score(game, node)
    if node.score is None:
        new_nodes = [child(game, node, new_state) for new_state in moves(game, node.state, order)]
        if not new_nodes:
            raise dead_end(game, node.state)
        node.children = [minimax_node(game, new_node, order, visits) for new_node in new_nodes]
        scores = [new_node.score for new_node in node.children]
        node.score = max(scores) if node.is_maximizing else min(scores)
    return node


def alphabeta_tree(
    game: Game,
    state: State,
    order: Order,
    keep_pruned: bool,
    window: tuple[float, float],
    max_nodes: int,
) -> Node:
    """The root of the alpha-beta tree of `state`, searched from `window` = (alpha, beta)."""
    root = traced_alphabeta(game, state, order, window, max_nodes, keep_pruned)
    visited = sum(node.visited for node in GameTree(game, root))
    if not keep_pruned:
        return visited_part(root)
    cut_off = [node for node in GameTree(game, root) if node.pruned]
    sizes = [full_tree_size(game, node.state, max_nodes) for node in cut_off]
    pruned = None if None in sizes else sum(sizes)
    if pruned is None or visited + pruned > max_nodes:
        raise TreeTooLarge(
            f"too large to draw: the alpha-beta tree of {game.name} from {shown(state)} visits "
            f"{visited:,} nodes, and the branches it cuts off hold {how_many(pruned, max_nodes)} "
            "(the limit is "
            f"max_nodes={max_nodes:,}). Leave them out with keep_pruned=False, or try a smaller "
            "position"
        )
    for node in cut_off:
        grow_pruned(game, node, order)
    return root


class TreeBuilder:
    """Grows the drawn tree as nimlib.search.alphabeta reports its visits (its trace); the moves a
    cut-off skips become pruned nodes if `keep_pruned`, up to `max_nodes` of them."""

    def __init__(
        self, game: Game, max_nodes: int = MAX_NODES_CEILING, keep_pruned: bool = True
    ) -> None:
        self.game, self.visits, self.path = game, count(), []
        self.max_nodes, self.keep_pruned, self.pruned = max_nodes, keep_pruned, 0
        self.root: Node | None = None

    def enter(self, state: State, is_maximizing: bool, alpha: float, beta: float) -> None:
        """A node for `state`, the next child of the node being searched (or the root)."""
        node = (
            child(self.game, self.path[-1], state) if self.path else Node(state, is_maximizing, 0)
        )
        if self.path:
            self.path[-1].children.append(node)
        else:
            self.root = node
        node.visit_index, node.alpha, node.beta = next(self.visits), alpha, beta
        self.path.append(node)

    def leave(self, score: float) -> None:
        """The node searched last gets its score, and whether that score is exact or a bound."""
        node = self.path.pop()
        node.score = score
        if node.children:
            known = within(
                stored_bounds(score, node.alpha, node.beta, *UNKNOWN), self.game.score_range
            )
            node.bound = bound_kind(score, known)

    def skip(self, states: Iterable[State]) -> bool:
        """The moves a cut-off skips become pruned children, not yet grown (if kept); whether there
        was one.

        The moves are taken one at a time, only as many as the tree has room for: a game whose
        moves never end gets TreeTooLarge, not a list that fills the memory.
        """
        states = iter(states)
        if not self.keep_pruned:
            return next(states, self) is not self
        node, skipped = self.path[-1], 0
        for state in states:
            self.pruned += 1
            if self.pruned > self.max_nodes:
                raise TreeTooLarge(
                    f"too large to draw: the branches the alpha-beta tree of {self.game.name} "
                    "cuts off "
                    f"hold more than {self.max_nodes:,} nodes (the limit is max_nodes="
                    f"{self.max_nodes:,}). Leave them out with keep_pruned=False, or try a "
                    "smaller position"
                )
            node.children.append(pruned_child(self.game, node, state))
            skipped += 1
        return skipped > 0


def end_score(game: Game, node: Node) -> float | None:
    """The checked score of a finished position, or None while play goes on."""
    score = game.evaluate(node.state, node.is_maximizing)
    return None if score is None else checked_score(game, node.state, score)


def score_text(score: float) -> str:
    """A score with its sign: "+1", "-1", "+2.5", "-0.75", and zero, which has none, as "0" (no
    decimals)."""
    if isinstance(score, float) and score.is_integer():
        score = int(score)
    if score == 0:
        return "0"
    return f"{score:+d}" if isinstance(score, int) else f"{float(score):+g}"


def bound_kind(best: float, bounds: tuple[float, float]) -> Bound:
    """Whether the (lower, upper) bounds that `best` proves pin the score down or bound it on one
    side."""
    lower, upper = bounds
    if lower == upper:
        return "exact"
    return "upper" if upper == best else "lower"


def pruned_child(game: Game, parent: Node, state: State) -> Node:
    """A node for `state`, one move below `parent`, that the search never reaches."""
    return child(game, parent, state, visited=False, bound=None)


def grow_pruned(game: Game, node: Node, order: Order) -> None:
    """Give a pruned node its whole subtree, every node of it pruned too."""
    if game.evaluate(node.state, node.is_maximizing) is None:
        node.children = [
            pruned_child(game, node, new_state) for new_state in moves(game, node.state, order)
        ]
        for new_node in node.children:
            grow_pruned(game, new_node, order)


def visited_part(node: Node) -> Node:
    """A copy of `node` and its subtree without the pruned nodes (copied level by level, not by
    recursion: a tree built by hand may be deeper than Python's stack)."""
    root = replace(node, children=[])
    stack = [(node, root)]
    while stack:
        original, copy = stack.pop()
        kept = [child for child in original.children if child.visited]
        copy.children = [replace(child, children=[]) for child in kept]
        stack += zip(kept, copy.children, strict=True)
    return root


def traced_alphabeta(
    game: Game,
    state: State,
    order: Order,
    window: tuple[float, float],
    max_nodes: int,
    keep_pruned: bool = True,
) -> Node:
    """The root of the tree nimlib.search.alphabeta searches from `state`, or TreeTooLarge past
    `max_nodes` visits (or nodes, counting the moves it skips if `keep_pruned`)."""
    builder = TreeBuilder(game, max_nodes, keep_pruned)
    try:
        stats = SearchStats(max_calls=max_nodes)
        AlphaBeta(game, stats, order=order, trace=builder)(state, True, *window)
    except SearchBudgetExceeded:
        raise TreeTooLarge(
            f"too large to draw: alpha-beta visits more than {max_nodes:,} nodes of {game.name} "
            f"from {shown(state)} (the limit is max_nodes={max_nodes:,}). Try a smaller position"
        ) from None
    return builder.root


def check_full_tree_size(game: Game, state: State, max_nodes: int) -> None:
    """Raise TreeTooLarge, before anything is built, if the full tree of `state` has more than
    `max_nodes` nodes."""
    size = full_tree_size(game, state, max_nodes)
    if size is None or size > max_nodes:
        raise TreeTooLarge(
            f"too large to draw: the full game tree of {game.name} from {shown(state)} has "
            f"{how_many(size, max_nodes)} (the limit is max_nodes={max_nodes:,}). Try a smaller "
            "position, "
            "or alpha-beta pruning: alphabeta=True, keep_pruned=False"
        )


def full_tree_size(game: Game, state: State, max_nodes: int) -> int | None:
    """Nodes in the full game tree from `state`, counted without building it (see tree_size).

    None means too many to count: a billion or more nodes, or so many different positions that
    counting them would take a while (then the tree is far too large to draw anyway).
    """
    work = SearchStats(max_calls=max_nodes, track_states=False)
    try:
        size = counted_tree_size(game, state, BILLION, work, STACKED_PER_NODE * max_nodes)
    except SearchBudgetExceeded:
        return None
    return size if size < BILLION else None


def how_many(size: int | None, max_nodes: int) -> str:
    """A node count for a message: "4,434,690 nodes", or "more than 1,500 nodes" when it is None."""
    return f"more than {max_nodes:,} nodes" if size is None else f"{size:,} nodes"
