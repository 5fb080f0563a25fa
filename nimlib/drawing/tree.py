"""How a search becomes a tree: every position it meets, as nodes (nimlib.drawing.nodes) that a
drawing or a replay can walk.

Each tree is traced from the book's own search: ``game_tree(game, state)`` is every node
``nimlib.book.minimax`` visits; ``game_tree(game, state, alphabeta=True)`` the nodes
``nimlib.book.alphabeta`` visits, in the same order and with the same cut-offs, plus the branches
it cut off, marked pruned; ``chance_tree(game, state)`` every node ``nimlib.book.expectiminimax``
visits in a game of chance, the dice's nodes among them. ``mcts_game_tree`` reads the top of the
tree that ``nimlib.book.mcts`` grew. A tree too large to draw is refused as soon as its search
passes the limit of nodes, before anything is drawn.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from itertools import count
from typing import Any

from nimlib.book.alphabeta import AlphaBeta
from nimlib.book.expectiminimax import expectiminimax
from nimlib.book.explained import cycle_error
from nimlib.book.limits import SearchBudgetExceeded, SearchTooDeep
from nimlib.book.mcts import MCTSNode, checked_node
from nimlib.book.minimax import Minimax
from nimlib.book.moves import ORDER_EXAMPLE, any_left, ordered
from nimlib.book.stats import SearchStats
from nimlib.book.table import UNKNOWN, stored_bounds, within
from nimlib.drawing.nodes import Bound, GameTree, Node, TreeTooLarge
from nimlib.engine.iterative import counted_tree_size, tree_size
from nimlib.games.base import Game, State
from nimlib.games.printer import short_move, shown, shown_typed
from nimlib.games.values import (
    checked_function,
    checked_game,
    checked_start,
    checked_window,
    hashable,
    is_chance_node,
    leads_to,
    made_again_differ,
    truth_value,
    unhashable_state,
    whole_number,
)

Order = Callable[[State], Any] | None

DEFAULT_MAX_NODES = 1_500
# drawing takes about a second per 1,000 nodes: more would freeze a kernel
MAX_NODES_CEILING = 2_500
BILLION = 1_000_000_000
STACKED_PER_NODE = 100  # counting a tree of max_nodes may stack this many positions per node
MAX_CHANCE_NODES = 300  # a larger tree of a game of chance is unreadable on a page (and refused)


def game_tree(
    game: Game,
    state: State,
    *,
    alphabeta: bool = False,
    order: Order = None,
    keep_pruned: bool = True,
    alpha: float | None = None,
    beta: float | None = None,
    max_nodes: int = DEFAULT_MAX_NODES,
) -> GameTree:
    """The game tree of `state` with Max to move: every node minimax searches, or with
    ``alphabeta=True`` the nodes alpha-beta visits plus (``keep_pruned=True``) the branches it cut
    off, marked pruned.

    `order` is a sort key for the moves, as in nimlib.book.alphabeta: children appear left to
    right in the order they are searched. `alpha` and `beta` are alpha-beta's starting window: the
    default, the game's score_range ((-1, +1) in the Nim games), knows every possible score, so the
    root's score is exact; a wider window such as ``alpha=-inf, beta=inf`` prunes less, and some
    scores become one-sided bounds. A tree of more than `max_nodes` nodes (at most 2,500) is
    refused with TreeTooLarge, a game with dice at its first chance node (draw_chance_tree draws
    those).
    """
    game, state, _ = checked_start(game, state, chance_nodes=True)  # the tree refuses the dice
    max_nodes = whole_number(max_nodes, "max_nodes", smallest=1, largest=MAX_NODES_CEILING)
    order = checked_function(order, "order", ORDER_EXAMPLE, 1, optional=True)
    alphabeta = truth_value(alphabeta, "alphabeta")
    keep_pruned = truth_value(keep_pruned, "keep_pruned")
    if not alphabeta:
        refuse_alphabeta_settings(alpha, beta, keep_pruned)
    alpha, beta = checked_window(alpha, beta, game.score_range)
    try:
        with SearchStats(track_states=False).searching(state, game=game):
            if alphabeta:
                root = alphabeta_tree(game, state, order, keep_pruned, alpha, beta, max_nodes)
            else:
                root = minimax_tree(game, state, order, max_nodes)
    except SearchTooDeep:  # a line of play longer than the deepest recursion: no tree to draw
        raise TreeTooLarge(
            f"too large to draw: the game tree of {game.name} from {game.describe_state(state)} "
            "is deeper than a search can go by recursion. Try a smaller position"
        ) from None
    return GameTree(game, root, alphabeta, pruned_left_out=alphabeta and not keep_pruned)


def refuse_alphabeta_settings(alpha: object, beta: object, keep_pruned: bool) -> None:
    """A ValueError naming alpha, beta or keep_pruned=False where given to a minimax tree, which
    has no window and prunes nothing: they are alpha-beta's."""
    window = {"alpha": alpha, "beta": beta}
    given = [f"{name}={shown(value)}" for name, value in window.items() if value is not None]
    if not keep_pruned:
        given.append("keep_pruned=False")
    if given:
        raise ValueError(
            f"{', '.join(given)} need alphabeta=True: a minimax tree searches every move, with no "
            "window and nothing pruned"
        )


def minimax_tree(
    game: Game, state: State, order: Order, max_nodes: int, memo: bool = False
) -> Node:
    """The root of the tree nimlib.book.minimax searches from `state`, every node of the game's
    tree (with a memo if `memo`: what it visits); TreeTooLarge past `max_nodes` nodes, saying how
    many the full tree has (without a memo)."""
    builder = TreeBuilder(game, max_nodes)
    try:
        stats = SearchStats(max_calls=max_nodes, track_states=False)
        Minimax(game, stats, order=order, trace=builder, table={} if memo else None)(state, True)
    except SearchBudgetExceeded:
        if not memo:
            check_full_tree_size(game, state, max_nodes)
        search = "memoized minimax" if memo else "minimax"
        raise too_many_visits(search, builder, state, max_nodes) from None
    return builder.root


def alphabeta_tree(
    game: Game,
    state: State,
    order: Order,
    keep_pruned: bool,
    alpha: float,
    beta: float,
    max_nodes: int,
) -> Node:
    """The root of the tree nimlib.book.alphabeta searches from `state` in the window (alpha, beta),
    with the branches it cuts off grown whole and pruned if `keep_pruned`; TreeTooLarge past
    `max_nodes` visits (or nodes, counting the moves it skips and their subtrees if
    `keep_pruned`)."""
    builder = TreeBuilder(game, max_nodes, keep_pruned)
    try:
        stats = SearchStats(max_calls=max_nodes)
        AlphaBeta(game, stats, order=order, trace=builder)(state, True, alpha, beta)
    except SearchBudgetExceeded:
        raise too_many_visits("alpha-beta", builder, state, max_nodes) from None
    root = builder.root
    if not keep_pruned:  # the builder kept no move the search skipped: the tree is what it visited
        return root
    tree = GameTree(game, root)
    visited = tree.visited_count
    cut_off = [node for node in tree if node.pruned]
    sizes = [full_tree_size(game, node.state, max_nodes, node.is_maximizing) for node in cut_off]
    pruned = None if None in sizes else sum(sizes)
    if pruned is None or visited + pruned > max_nodes:
        raise TreeTooLarge(
            f"too large to draw: the alpha-beta tree of {game.name} from "
            f"{game.describe_state(state)} visits {visited:,} nodes, and the branches it cuts off "
            f"hold {how_many(pruned, max_nodes)} (the limit is max_nodes={max_nodes:,}). Leave "
            "them out with keep_pruned=False, or try a smaller position"
        )
    for node in cut_off:
        grow_pruned(game, node, order)
    return root


class TreeBuilder:
    """Grows the drawn tree as a book search (minimax, alpha-beta or, with `chance_nodes`,
    expectiminimax) reports its visits (its trace); the moves a cut-off skips become pruned nodes
    if `keep_pruned`, up to `max_nodes` of them."""

    def __init__(
        self,
        game: Game,
        max_nodes: int = MAX_NODES_CEILING,
        keep_pruned: bool = True,
        chance_nodes: bool = False,
    ) -> None:
        """An empty tree of `game`, of at most `max_nodes` nodes, pruned ones if `keep_pruned`;
        a tree of the players' moves only, unless `chance_nodes`."""
        self.game, self.visits, self.path = game, count(), []
        self.max_nodes, self.keep_pruned, self.pruned = max_nodes, keep_pruned, 0
        self.chance_nodes = chance_nodes
        self.root: Node | None = None

    def enter(
        self,
        state: State,
        is_maximizing: bool,
        alpha: float | None = None,
        beta: float | None = None,
    ) -> None:
        """A node for `state`, the next child of the node being searched (or the root): a chance
        node if the dice move there, reached with its probability if they moved into it."""
        parent = self.path[-1] if self.path else None
        if not hashable(state):  # a search with no table (minimax) takes it: a drawing cannot
            raise unhashable_state(self.game, None if parent is None else parent.state, state)
        node = Node(state, is_maximizing, 0, chance=is_chance_node(self.game, state))
        if node.chance and not self.chance_nodes:
            raise dice_refused(self.game, state, "game_tree")
        if parent is None:
            self.root = node
        else:
            node.level, node.move = parent.level + 1, self.game.describe_move(parent.state, state)
            parent.children.append(node)
        if parent is not None and parent.chance:  # outcomes may share a state: its place says
            same = [chance for chance, new in self.game.outcomes(parent.state) if new == state]
            node.probability = same[[child.state for child in parent.children].count(state) - 1]
        node.label = drawn_text(self.game, "label", state)  # a game's short name (Dice Nim)
        node.visit_index, node.alpha, node.beta = next(self.visits), alpha, beta
        self.path.append(node)

    def repeated(self) -> State | None:
        """A state met twice, with the same player to move, on the line the search is in (so a
        cycle it was going round when stopped), or None."""
        met = set()
        for node in self.path:
            if (node.state, node.is_maximizing) in met:
                return node.state
            met.add((node.state, node.is_maximizing))
        return None

    def leave(self, score: float) -> None:
        """The node searched last gets its score, and whether that score is exact or a bound."""
        node = self.path.pop()
        node.score = score
        if node.children and node.alpha is not None:  # minimax's scores are all exact
            lower, upper = within(
                stored_bounds(score, node.alpha, node.beta, *UNKNOWN), self.game.score_range
            )
            node.bound = bound_kind(score, lower, upper)

    def skip(self, states: Iterable[State]) -> bool:
        """The moves a cut-off skips become pruned children, not yet grown (if kept); whether there
        was one.

        The moves are taken one at a time, only as many as the tree has room for: a game whose
        moves never end gets TreeTooLarge, not a list that fills the memory.
        """
        states = iter(states)
        if not self.keep_pruned:
            return any_left(states)
        node, skipped = self.path[-1], 0
        for state in states:
            self.pruned += 1
            if self.pruned > self.max_nodes:
                raise TreeTooLarge(
                    f"too large to draw: the branches the alpha-beta tree of {self.game.name} "
                    f"cuts off hold more than {self.max_nodes:,} nodes (the limit is "
                    f"max_nodes={self.max_nodes:,}). Leave them out with keep_pruned=False, or "
                    "try a smaller position"
                )
            node.children.append(pruned_child(self.game, node, state))
            skipped += 1
        return skipped > 0


def bound_kind(best: float, lower: float, upper: float) -> Bound:
    """Whether the bounds `lower` and `upper` that `best` proves pin the score down or bound it on
    one side."""
    if lower == upper:
        return "exact"
    return "upper" if upper == best else "lower"


def pruned_child(game: Game, parent: Node, state: State) -> Node:
    """A node for `state`, one move below `parent` (the other player to move, one level deeper),
    that the search never reaches."""
    if is_chance_node(game, state):
        raise dice_refused(game, state, "game_tree")
    node = Node(state, not parent.is_maximizing, parent.level + 1, visited=False, bound=None)
    node.move = game.describe_move(parent.state, state)
    node.label = drawn_text(game, "label", state)  # as a visited node's (Connect Four's board)
    return node


def grow_pruned(game: Game, node: Node, order: Order) -> None:
    """Give a pruned node its whole subtree, every node of it pruned too."""
    if game.evaluate(node.state, node.is_maximizing) is None:
        new_states = ordered(game, node.state, order, SearchStats(track_states=False))
        node.children = [pruned_child(game, node, new_state) for new_state in new_states]
        for new_node in node.children:
            grow_pruned(game, new_node, order)


def too_many_visits(search: str, builder: TreeBuilder, state: State, max_nodes: int) -> ValueError:
    """The error for a tree whose `search` visits more than `max_nodes` nodes of `state`: the
    game's cycle if the search was going round one (``TreeBuilder.repeated``), else
    TreeTooLarge."""
    game, repeated = builder.game, builder.repeated()
    if repeated is not None:
        return cycle_error(game, repeated)
    return TreeTooLarge(
        f"too large to draw: {search} visits more than {max_nodes:,} nodes of {game.name} from "
        f"{game.describe_state(state)} (the limit is max_nodes={max_nodes:,}). Try a smaller "
        "position"
    )


def traced_memo(game: Game, state: State, max_nodes: int, keep_pruned: bool = True) -> GameTree:
    """The tree nimlib.book.minimax's memoized Minimax searches from `state` with Max to move: a
    position it answers from its memo is marked `from_memo`, and gets its subtree drawn, never
    visited (pruned), if `keep_pruned`; TreeTooLarge past `max_nodes` nodes (drawn or, without
    them, visited)."""
    if keep_pruned:
        check_full_tree_size(game, state, max_nodes)
    root = minimax_tree(game, state, None, max_nodes, memo=True)
    tree = GameTree(game, root, pruned_left_out=not keep_pruned)
    for node in memo_answers(tree):
        node.from_memo = True
        if keep_pruned:
            grow_pruned(game, node, None)
    return tree


def memo_answers(tree: GameTree) -> list[Node]:
    """The visits of memoized minimax's `tree` that its memo answered, in the order visited: each
    position met again (the memo's key, with no depth limit)."""
    seen: set[tuple[State, bool]] = set()
    answered = []
    for node in tree.visit_order:
        entry = (node.state, node.is_maximizing)
        if entry in seen:
            answered.append(node)
        seen.add(entry)
    return answered


def dice_refused(game: Game, state: State, drawer: str) -> ValueError:
    """The error for a chance node met by `drawer`, which draws only the players' moves."""
    return ValueError(
        f"{type(game).__name__} is a game with dice (they move at {shown(state)}), and {drawer} "
        "draws only the players' moves: draw its tree, chance nodes included, with "
        "draw_chance_tree(game, state)"
    )


def check_full_tree_size(game: Game, state: State, max_nodes: int) -> None:
    """Raise TreeTooLarge, before anything is built, if the full tree of `state` has more than
    `max_nodes` nodes."""
    size = full_tree_size(game, state, max_nodes)
    if size is None or size > max_nodes:
        raise TreeTooLarge(
            f"too large to draw: the full game tree of {game.name} from "
            f"{game.describe_state(state)} has {how_many(size, max_nodes)} (the limit is "
            f"max_nodes={max_nodes:,}). Try a smaller position, or alpha-beta pruning: "
            "alphabeta=True, keep_pruned=False"
        )


def full_tree_size(
    game: Game, state: State, max_nodes: int, is_maximizing: bool = True
) -> int | None:
    """Nodes in the full game tree from `state` with `is_maximizing` to move, chance nodes too (a
    drawing that meets one refuses it by name), counted without building it (see tree_size).

    None means too many to count: a billion or more nodes, or so many different positions that
    counting them would take a while (then the tree is far too large to draw anyway).
    """
    work = SearchStats(max_calls=max_nodes, track_states=False)
    try:
        size = counted_tree_size(
            game,
            state,
            BILLION,
            work,
            STACKED_PER_NODE * max_nodes,
            is_maximizing=is_maximizing,
        )
    except SearchBudgetExceeded:
        return None
    return size if size < BILLION else None


def how_many(size: int | None, max_nodes: int) -> str:
    """A node count for a message: "4,434,690 nodes", or "more than 1,500 nodes" when it is None."""
    return f"more than {max_nodes:,} nodes" if size is None else f"{size:,} nodes"


def chance_tree(game: Game, state: State, is_maximizing: bool = True) -> GameTree:
    """Every node nimlib.book.expectiminimax visits from `state`, the dice's chance nodes among
    them, each with its expected score; TreeTooLarge past MAX_CHANCE_NODES nodes."""
    game, state, is_maximizing = checked_start(game, state, is_maximizing, chance_nodes=True)
    size = tree_size(game, state, cap=BILLION)  # BILLION: a billion nodes or more
    if size > MAX_CHANCE_NODES:
        raise TreeTooLarge(
            f"the tree of {game.name} from {game.describe_state(state)} has "
            f"{how_many(size if size < BILLION else None, MAX_CHANCE_NODES)}, too many to read: "
            f"draw a smaller position (at most {MAX_CHANCE_NODES} nodes)"
        )
    builder = TreeBuilder(game, chance_nodes=True)
    expectiminimax(game, state, is_maximizing, trace=builder)
    return GameTree(game, builder.root)


def mcts_game_tree(
    game: Game, root: MCTSNode, depth: int, min_visits: int, max_nodes: int
) -> GameTree:
    """The top of the tree MCTS grew under `root`, as nodes named by their moves: every move of the
    root, and below them, to `depth` moves deep, the nodes of `min_visits` visits or more, the
    most visited first (copied level by level, not by recursion: the tree may be deep); refused
    with TreeTooLarge, before it is built, past `max_nodes` nodes."""
    game, root = checked_game(game), checked_node(root, "root")
    grown_in(game, root)
    if mcts_nodes(root, depth, min_visits, max_nodes) > max_nodes:
        raise TreeTooLarge(
            f"too large to draw quickly: the MCTS tree {depth} moves deep, of nodes with "
            f"{min_visits}+ visits, has more than {max_nodes:,} nodes (the limit is "
            f"{max_nodes:,}). Draw fewer moves (depth=...) or only the nodes visited more often "
            "(min_visits=...)"
        )
    # the root as the game pictures its board, where it can: its moves' names refer to it
    board = drawn_text(game, "picture", root.state)
    top = Node(
        root.state, root.is_maximizing, 0, visits=root.visits, reward=root.reward, label=board
    )
    waiting = [(root, top)]
    while waiting:
        searched, node = waiting.pop()
        kids = map(checked_node, searched.children)
        kept = [kid for kid in kids if not node.level or kid.visits >= min_visits]
        for kid in sorted(kept, key=lambda kid: -kid.visits) if node.level < depth else []:
            move = game.describe_move(searched.state, kid.state)
            label = short_move(move)  # as an edge shows it: "take 2, leaving 3" is "take 2"
            new = Node(kid.state, kid.is_maximizing, node.level + 1, move, label=label)
            new.visits, new.reward = kid.visits, kid.reward
            node.children.append(new)
            waiting.append((kid, new))
    return GameTree(game, top)


def drawn_text(game: Game, method: str, state: State) -> str | None:
    """What `game`'s optional `method` gives for `state` in a drawing (``picture``: its board in
    lines of text; ``label``: a node's short name), or None for a game without it; a TypeError
    naming the method if it gives anything but a str."""
    give = getattr(game, method, None)
    if not callable(give):
        return None
    text = give(state)
    if not isinstance(text, str):
        raise TypeError(
            f"{type(game).__name__}.{method} gave {shown_typed(text)} for state {shown(state)}: "
            f"a {method} must be text (a str)"
        )
    return text


def grown_in(game: Game, root: MCTSNode) -> None:
    """Refuse, with a ValueError, a tree that MCTS grew in another game than `game`: the root's
    state must be one of `game`'s, and each move of the root one of its moves."""
    mismatch = (
        "the MCTS tree was grown in another game than {}: {}. Give draw_mcts_tree the game given "
        "to mcts_tree"
    )
    try:
        game.validate(root.state)
    except ValueError as error:
        raise ValueError(mismatch.format(game.name, error)) from None
    for child in root.children:
        if not leads_to(game, root.state, child.state):
            wrong = f"{shown(child.state)} is not a move from {shown(root.state)}"
            raise made_again_differ(game, root.state) or ValueError(
                mismatch.format(game.name, wrong)
            )


def mcts_nodes(
    root: MCTSNode, depth: float = math.inf, min_visits: int = 0, most: float = math.inf
) -> int:
    """How many nodes the tree MCTS grew has at most `depth` moves below `root`: `root`, every move
    of it, and below them the nodes of `min_visits` visits or more, as mcts_game_tree copies them;
    counting no further than past `most` (counted without recursion: a tree may be deep)."""
    nodes, waiting = 0, [(root, 0)]
    while waiting and nodes <= most:
        node, level = waiting.pop()
        nodes += 1
        if level < depth:
            kids = map(checked_node, node.children)
            waiting += [(kid, level + 1) for kid in kids if not level or kid.visits >= min_visits]
    return nodes
