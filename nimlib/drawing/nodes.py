"""A game tree as nodes: ``Node``, one position as a drawing shows it, and ``GameTree``, the
nodes of one search from the root down, as nimlib.drawing.tree builds them from the book's own
searches: minimax and its memo, alpha-beta, expectiminimax (with chance nodes) and MCTS.

A tree may also be built by hand; ``checked_tree`` names the first node of it that a drawing could
not show, and ``TreeTooLarge`` refuses a tree too large to draw.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Literal

from nimlib.games.base import Game, State
from nimlib.games.printer import plural, shown, shown_typed
from nimlib.games.values import (
    checked_game,
    hashable,
    is_number,
    leads_to,
    middle_of_range,
    truth_value,
    whole_number,
)

Bound = Literal["exact", "lower", "upper"]

ONE_PARENT = "a node has one parent, and no loops"
MAX_BUILT_NODES = 100_000  # the most nodes of a hand-built tree that checked_tree looks at


class TreeTooLarge(ValueError):
    """A game tree has more nodes than it is sensible to build and draw."""


@dataclass(eq=False, repr=False)
class Node:
    """One position of a game tree, with the `move` that led to it from its parent ("" at the root).

    In an alpha-beta tree a node the search never reached is pruned: it has no score, no
    visit_index, no window and no bound. A visited node keeps `alpha` and `beta` as it was
    entered, and `bound` says what its score proves, as nimlib.book.alphabeta's table would store
    it: "exact"; "lower" when the search failed high (score >= beta: the true score is at least
    `score`); "upper" when it failed low (score <= alpha: the true score is at most `score`).

    In a game of chance a `chance` node is the dice's turn, its score the expected score of its
    children, each reached with its `probability`. A node of the tree MCTS grew has no score but
    its `visits` and its `reward`, for the player who moved into it. A node's `label` is how the
    drawing names its state, when not as ``str(state)`` (Dice Nim's counters, MCTS's moves). A
    visit of memoized minimax that its memo answered is `from_memo`.
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
    chance: bool = False
    probability: Fraction | None = None
    visits: int | None = None
    reward: float | None = None
    label: str | None = None
    from_memo: bool = False

    @property
    def pruned(self) -> bool:
        """Cut off by alpha-beta: the search never reached this node."""
        return not self.visited

    @property
    def player(self) -> str:
        """The player `is_maximizing` names: "Max" or "Min"."""
        return "Max" if self.is_maximizing else "Min"

    def score_text(self, middle: float = 0) -> str:
        """The score as a drawing shows it: "+1", "-0.75", "0", "≥ +1", "≤ 0" (signed as
        score_text signs it, from the `middle` of the game's range), or "" when there is none."""
        if self.score is None:
            return ""
        # a node built by hand: draw_tree refuses it, a message shows it
        if not is_number(self.score):
            return shown(self.score)
        sign = {"exact": "", "lower": "≥ ", "upper": "≤ "}.get(self.bound, "")
        return f"{sign}{score_text(self.score, middle)}"

    @property
    def state_label(self) -> str:
        """The state as the node's label names it: its `label`, else ``str(state)``."""
        return str(self.state) if self.label is None else self.label

    @property
    def visits_text(self) -> str:
        """What MCTS found at the node: "7.5/12" (reward over visits), "100 playouts" at the root,
        or "" for a node of another search."""
        if self.visits is None:
            return ""
        return f"{self.reward:g}/{self.visits}" if self.level else plural(self.visits, "playout")

    def __repr__(self) -> str:
        player = "chance" if self.chance else self.player
        score = self.score_text() or "none (pruned)"
        children = len(self.children) if isinstance(self.children, list) else shown(self.children)
        return f"Node({shown(self.state)}, {player} to move, score {score}, {children} children)"


@dataclass(eq=False, repr=False)
class GameTree:
    """The explicit game tree of one position, as game_tree builds it."""

    game: Game
    root: Node
    alphabeta: bool = False
    pruned_left_out: bool = False  # drawn without the branches the search cut off or remembered

    def __post_init__(self) -> None:
        self.game = checked_game(self.game)  # its score range colours and signs the scores
        if not isinstance(self.root, Node):
            raise TypeError(f"a GameTree's root must be a Node, not {shown(self.root)}")
        self.alphabeta = truth_value(self.alphabeta, "alphabeta")
        self.pruned_left_out = truth_value(self.pruned_left_out, "pruned_left_out")

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

    @property
    def middle(self) -> float:
        """The middle of the game's score range: a finished game scored above it leans to Max,
        below it to Min (0, a draw, in a game scored from -s to +s, and where the range has one
        infinite end, and so no middle)."""
        return middle_of_range(self.game, otherwise=0)

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
            if not leads_to(self.game, previous, state):
                wrong = f"{shown(state)} is not a move from {shown(previous)}"
                if previous == state == self.root.state:  # the root given as a move
                    wrong += ": the line starts after the root, with its first move"
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

    def best_play(self) -> list[Node]:
        """The nodes best play reaches from the root, as the tree's scores show it: each player's
        best child (best_child: the first of equal score, not the quickest win that
        principal_variation plays), and every outcome of a chance node (the dice play every
        face)."""
        nodes, waiting = [], [self.root]
        while waiting:
            node = waiting.pop()
            nodes.append(node)
            if node.chance:
                waiting += node.children
            elif (best := best_child(node)) is not None:
                waiting.append(best)
        return nodes

    def without_pruned(self) -> GameTree:
        """The same tree without its pruned nodes: only what the search visited."""
        return replace(self.part(lambda node: node.visited), pruned_left_out=True)

    def part(self, keep: Callable[[Node], bool]) -> GameTree:
        """A copy of the tree with only the nodes that `keep` accepts, each below its parent kept
        (the root is always kept); its nodes come in the order of the ones they copy."""
        return GameTree(self.game, kept_part(self.root, keep), self.alphabeta)

    @property
    def heading(self) -> str:
        """What the tree is, before any count: such as "Alpha-beta tree of Simple-Nim from 6"."""
        kind = "Alpha-beta tree" if self.alphabeta else "Game tree"
        kind = "MCTS tree" if self.root.visits is not None else kind
        start = f"{self.game.name} from {self.game.describe_state(self.root.state)}"
        if any(node.chance for node in self):
            start += " with chance nodes"
        return f"{kind} of {start}"

    def __str__(self) -> str:
        """Such as "Alpha-beta tree of Simple-Nim from 6: 41 nodes, 17 visited, 24 pruned; root
        score ≥ +1" (or "17 nodes visited, the branches cut off left out"), or for MCTS's tree
        "...; 100 playouts"."""
        counts = plural(len(self), "node")
        if self.alphabeta and self.pruned_left_out:
            counts += " visited, the branches cut off left out"
        elif self.alphabeta:
            counts += f", {self.visited_count:,} visited, {self.pruned_count:,} pruned"
        score = self.root.score_text(self.middle)
        root = f"root score {score}" if score else ""
        return f"{self.heading}: {counts}; {root or self.root.visits_text}"

    __repr__ = __str__


def checked_tree(tree: object) -> GameTree:
    """`tree` if it is a GameTree whose nodes a drawing can show. Else a TypeError; or, in a tree
    built by hand, a TypeError or ValueError naming the first node that is not a node as game_tree
    builds them: not a Node, a node met twice (a loop), or a field of the wrong kind; TreeTooLarge
    past MAX_BUILT_NODES nodes."""
    if not isinstance(tree, GameTree):
        # a game given where its tree was asked, as in draw_tree(game): the call that builds it
        build = ": build it with game_tree(game, state)" if isinstance(tree, Game) else ""
        raise TypeError(
            f"tree must be a GameTree, as game_tree or search_tree builds, not {shown(tree)}{build}"
        )
    # each node is checked as the tree's walk reaches it, before the walk reads its children
    for count, node in enumerate(tree, start=1):
        if not isinstance(node, Node):
            raise TypeError(f"a game tree holds Nodes, not {shown_typed(node)}")
        if count > MAX_BUILT_NODES:
            limit = f"{MAX_BUILT_NODES:,}"
            raise TreeTooLarge(f"too large to draw: the tree has more than {limit} nodes")
        check_node(node)
    return tree


def named(node: Node) -> str:
    """A node as a message names it: "the node of state (1, 2)"."""
    return f"the node of state {shown(node.state)}"


def check_node(node: Node) -> None:
    """A TypeError or ValueError naming the first field of `node` that a drawing cannot show."""
    if not isinstance(node.children, list):
        children = shown(node.children)
        raise TypeError(f"the children of {named(node)} must be a list of Nodes, not {children}")
    for name in ("is_maximizing", "visited", "chance", "from_memo"):
        truth_value(getattr(node, name), f"a node's {name}")
    if node.visits is not None:
        whole_number(node.visits, "a node's visits", largest=None)
    if not isinstance(node.move, str):
        raise TypeError(f"the move into {named(node)} must be a str, not {shown(node.move)}")
    if not isinstance(node.label, (str, type(None))):
        raise TypeError(
            f"the label of {named(node)} must be a str or None, not {shown(node.label)}"
        )
    if not hashable(node.state):
        reason = "must be hashable, as a game's states are"
        raise TypeError(f"the state of {named(node)} {reason}")
    if node.bound not in (None, "exact", "lower", "upper"):
        raise ValueError(f"the bound of {named(node)} must be 'exact', 'lower', 'upper' or None")
    for name in ("score", "alpha", "beta", "probability", "reward"):
        value = getattr(node, name)
        if value is not None and not is_number(value):
            wrong = f"the {name} of {named(node)}"
            raise ValueError(f"{wrong} must be a number or None, not {shown(value)}")


def score_text(score: float, middle: float = 0) -> str:
    """A score with its sign: "+1", "-1", "+2.5", "-0.75", an expected score as the fraction it is,
    "-2/3", zero, which has none, as "0" (no decimals), and a window's open edges, "+∞" and "-∞".

    A plus says that Max is ahead, so a score of a game whose range has its `middle` elsewhere than
    0 has none: "3" and "12" in a game scored from 0 to 20, where Max is ahead above 10.
    """
    plus = "+" if middle == 0 else ""
    if abs(score) == float("inf"):
        return plus + "∞" if score > 0 else "-∞"
    if isinstance(score, float) and score.is_integer() or getattr(score, "denominator", 0) == 1:
        score = int(score)
    if score == 0:
        return "0"
    if isinstance(score, Fraction):
        return (plus if score > 0 else "") + str(score)
    return f"{score:{plus}d}" if isinstance(score, int) else f"{float(score):{plus}g}"


def kept_part(node: Node, keep: Callable[[Node], bool]) -> Node:
    """A copy of `node` and its subtree with only the nodes that `keep` accepts below a node kept
    (copied level by level, not by recursion: a tree built by hand may be deeper than Python's
    stack)."""
    root = replace(node, children=[])
    stack = [(node, root)]
    while stack:
        original, copy = stack.pop()
        kept = [child for child in original.children if keep(child)]
        copy.children = [replace(child, children=[]) for child in kept]
        stack += zip(kept, copy.children, strict=True)
    return root


def best_child(root: Node) -> Node | None:
    """The first child of `root` whose score is the root's, in the drawing's order; else None."""
    scored = [child for child in root.children if child.score is not None and not child.pruned]
    exact = [child for child in scored if child.score == root.score and child.bound == "exact"]
    return (exact or [child for child in scored if child.score == root.score] or [None])[0]
