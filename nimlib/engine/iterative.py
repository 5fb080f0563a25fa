"""Searching without recursion: an explicit stack of positions, for games millions of moves long."""

from __future__ import annotations

import gc
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from math import inf
from typing import Any

from nimlib.book.explained import LONG_LINE, cycle_error, off_the_game
from nimlib.book.limits import (
    CHECK_EVERY,
    SMALLER,
    SearchBudgetExceeded,
    listed_outcomes,
    what_to_try,
)
from nimlib.book.stats import SearchStats, checked_stats, checked_table
from nimlib.book.table import SCORES, mover_key
from nimlib.games.base import Game, State
from nimlib.games.printer import shown
from nimlib.games.values import (
    canonical_form,
    checked_depth,
    checked_score,
    checked_start,
    dead_end,
    for_mover,
    is_chance_node,
    leaf_score,
    plain_zero,
    player_moves,
    same_for_either_mover,
    whole_number,
)

MAX_STACKED = 4_000_000  # moves looked at: a pile of 1,000,000 counters needs 3,000,000

# a position, whether Max is to move there, and the depth still to look
FoldNode = tuple[State, bool, float]
# the table key of a position, the player to move and the depth
Key = Callable[[State, bool, float], Hashable]
NO_VALUE = object()  # a node whose value is not known yet (no value is this object)
OPEN = object()  # the entry of a node on the stack, whose value is being worked out


@dataclass
class Fold:
    """Values for every node below a root, children before parents, worked out on an explicit stack.

    The stack holds the line of play being worked on: each node on it with its table key, the
    moves it has not looked at yet (taken one at a time from ``possible_new_states``, so that an
    endless generator of moves only spends the budget) and the values of its children found so
    far. Once its moves run out, a node gets ``combine(child_values, is_maximizing)``; a node where
    the game is over, or where no moves are left to look ahead, gets ``value_at_end(state,
    is_maximizing, depth)``. Values are remembered in `values` under ``key(state, is_maximizing,
    depth)`` (None: the state itself), so each distinct node is worked out once; a node met again
    counts a call answered from the table, as in memoized minimax. A node met again while it is
    still on the stack (its entry is OPEN) is a cycle of the game: a ValueError.

    A chance node is refused, as by every search with no chance nodes, unless `chance_nodes`: then
    its children are its outcomes' states, with the same player to move and the same depth
    (the dice pass no turn), and ``combine`` gets their values as it gets a player's children's,
    without the probabilities. So a fold that takes chance nodes is one whose answer needs no
    probabilities and no mover, such as a count of nodes; a minimax must not take them.
    """

    game: Game
    key: Key | None  # None: the state is its own key
    value_at_end: Callable
    combine: Callable
    values: dict
    chance_nodes: bool = False
    # whether `values` holds scores, which a table given by hand is checked as; not Grundy values,
    # counts or timed scores
    scores: bool = True
    advice: str = SMALLER  # what to try once the budget stops it, if it is the outermost search
    max_stacked: int = MAX_STACKED  # moves looked at before the search is stopped
    stack: list = field(default_factory=list)
    looked: int = 0  # moves looked at so far
    next_look: int = CHECK_EVERY  # when to look at the budget again

    def node_key(self, state: State, is_maximizing: bool, depth: float) -> Hashable:
        """The key of a node in the table of values."""
        return state if self.key is None else self.key(state, is_maximizing, depth)

    def value(self, root: FoldNode, stats: SearchStats) -> Any:
        """The value of the `root` node, with every node below it worked out first."""
        values = self.values if self.scores else self.values.keys()  # keys: watched, not read
        guard = stats.searching(root[0], values, self.stack, game=self.game, advice=self.advice)
        with guard, collector_paused(), open_entries_cleared(self):
            top = self.node_key(*root)  # (inside the guard: a game's unhashable key is named)
            if top in self.values:
                return self.values[top]
            value = self.visit(*root, top, stats)
            while self.stack:
                value = self.step(stats)
        return self.values[top] if value is OPEN else value

    def visit(
        self, state: State, is_maximizing: bool, depth: float, key: Hashable, stats: SearchStats
    ) -> Any:
        """A node met for the first time: its value at the end, or OPEN once it is on the stack."""
        stats.count_call(state)
        if depth == 0 or self.game.evaluate(state, is_maximizing) is not None:
            self.values[key] = value = self.value_at_end(state, is_maximizing, depth)
            return value
        chance = self.chance_nodes and is_chance_node(self.game, state)
        if chance:
            outcomes = listed_outcomes(self.game, state, stats.check_budget)
            moves = iter([new_state for _, new_state in outcomes])
        else:  # player_moves refuses a chance node by name (dead_end)
            moves = iter(player_moves(self.game, state))
        self.values[key] = OPEN
        self.stack.append((state, is_maximizing, depth, key, moves, [], chance))
        if len(self.stack) == LONG_LINE and (off := off_the_game(self.game, state, LONG_LINE)):
            raise off  # so long a line: a move off the game's positions?
        return OPEN

    def step(self, stats: SearchStats) -> Any:
        """Look at the moves (or the dice's outcomes) of the node on top of the stack until one
        must go on top, or finish that node."""
        state, is_maximizing, depth, key, moves, child_values, chance = self.stack[-1]
        # after a move the other player moves, one move less ahead; the dice pass no turn
        mover, left = (is_maximizing, depth) if chance else (not is_maximizing, depth - 1)
        for new_state in moves:
            self.count_look(state, stats)
            child_key = self.node_key(new_state, mover, left)
            value = self.values.get(child_key, NO_VALUE)
            if value is NO_VALUE:
                value = self.visit(new_state, mover, left, child_key, stats)
                if value is OPEN:
                    return OPEN  # the child's moves come first: it is on top of the stack now
            elif value is OPEN:
                raise cycle_error(self.game, new_state)
            else:  # a visit answered from the table: a call, as in every method
                stats.count_call(new_state)
                stats.table_hits += 1
            child_values.append(value)
        self.stack.pop()
        if not child_values:
            raise dead_end(self.game, state)
        self.values[key] = value = self.combine(child_values, is_maximizing)
        if self.stack:
            self.stack[-1][5].append(value)
        return value

    def count_look(self, state: State, stats: SearchStats) -> None:
        """Count one more move looked at: many moves from few positions spend the budget too."""
        self.looked += 1
        if self.looked >= self.next_look:
            if self.looked > self.max_stacked:
                raise SearchBudgetExceeded(
                    f"the search from {shown(self.stack[0][0])} looked at more than "
                    f"{self.max_stacked:,} moves (those to positions met before included) and "
                    "was stopped: try a smaller position"
                )
            stats.check_budget(state)
            self.next_look = min(self.looked + stats.budget.interval, self.max_stacked + 1)


@contextmanager
def open_entries_cleared(fold: Fold) -> Iterator[None]:
    """On an error, take the nodes still on the stack (their entries OPEN) out of the table
    again; a search stopped on a line of play LONG_LINE moves long or more says how long."""
    try:
        yield
    except BaseException as error:
        line = len(fold.stack)
        for entry in fold.stack:
            fold.values.pop(entry[3], None)
        if isinstance(error, SearchBudgetExceeded) and line >= LONG_LINE:
            if off := off_the_game(fold.game, fold.stack[-1][0], line):
                raise off from None
            raise SearchBudgetExceeded(
                f"{error}. It was then {line:,} moves down one line of play, no position on it "
                "met twice: so long a game needs a larger budget, and one whose play never ends "
                "cannot be solved"
            ) from None
        raise


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cycle collector during a long search, and let it run again after it.

    The stack and the table of a long search hold millions of containers and no cycles; the
    collector would look through them again and again, a third of the search's time.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def fold_positions(
    game: Game,
    state: State,
    value_at_end: Callable[[State], Any],
    combine: Callable[[list], Any],
    *,
    values: dict | None = None,
    values_name: str = "values",
    stats: SearchStats | None = None,
    max_stacked: int = MAX_STACKED,
    chance_nodes: bool = False,
    is_maximizing: bool = True,
    per_mover: bool = False,
) -> Any:
    """Give every position from `state` a value, children before parents, with no recursion.

    A finished position gets ``value_at_end(position)``; any other gets ``combine`` of its
    children's values, in the order of ``possible_new_states`` (with `chance_nodes`, a chance
    node's children are its outcomes' states, in the order of ``outcomes``; without, a chance
    node is refused). Values are remembered in `values`, keyed by ``game.canonical``, so each
    distinct position is worked out once (`values_name`: what an error calls it, the caller's own
    name for it). `is_maximizing` is the player to move at `state`; with `per_mover`, a state is
    worked out once for each player to move (for a game whose play ends, or goes on, by who is to
    move: a pass to the same state is then no cycle). More than `max_stacked` moves looked at, or
    a spent budget of `stats`, stop the search with SearchBudgetExceeded, so that no position
    freezes a kernel.
    """
    values, stats = checked_table(values, values_name), checked_stats(stats)
    plain = type(game).canonical is Game.canonical and not per_mover  # the state is its own key
    fold = Fold(
        game,
        key=None if plain else folded_key(game, per_mover),
        value_at_end=lambda position, is_maximizing, depth: value_at_end(position),
        combine=lambda child_values, is_maximizing: combine(child_values),
        values=values,
        chance_nodes=chance_nodes,
        scores=False,
        max_stacked=max_stacked,
    )
    return fold.value((state, is_maximizing, inf), stats)


def folded_key(game: Game, per_mover: bool) -> Key:
    """The keys of fold_positions' table: the canonical form, with the player to move if
    `per_mover`."""

    def key(state: State, is_maximizing: bool, depth: float) -> Hashable:
        position = canonical_form(game, state)
        return (position, is_maximizing) if per_mover else position

    return key


def iterative_minimax(
    game: Game,
    state: State,
    is_maximizing: bool = True,
    *,
    table: dict | None = None,
    stats: SearchStats | None = None,
    depth: int | None = None,
) -> float:
    """Memoized minimax on an explicit stack: a pile of 1,000,000 counters needs no deep recursion
    (but more calls than the default budget: pass SearchStats(max_calls=None)).

    It stores each position's score for the player to move (the "negamax" view) under its
    canonical form and the depth still to look; the player to move is part of the key
    unless the game's scores depend only on the mover. With `depth`, positions that many moves
    ahead are scored by ``game.estimate``.
    """
    game, state, is_maximizing = checked_start(game, state, is_maximizing)
    table = checked_table(table, keeps=SCORES)
    search = Iterative(game, table, checked_stats(stats), checked_depth(depth))
    return search(state, is_maximizing)


@dataclass
class Iterative:
    """The registry's "iterative": memoized minimax on an explicit stack, one table for its
    calls."""

    game: Game
    table: dict
    stats: SearchStats
    depth: float

    def __call__(
        self,
        state: State,
        is_maximizing: bool,
        alpha: float | None = None,
        beta: float | None = None,
    ) -> float:
        """The minimax score of `state` for Max (exact: the window is not needed), from the
        scores for the player to move that a Fold works out."""
        game = self.game

        def at_end(state: State, is_maximizing: bool, depth: float) -> float:
            return for_mover(leaf_score(game, state, is_maximizing, depth), is_maximizing)

        def best(child_scores: list[float], is_maximizing: bool) -> float:
            return -min(child_scores)

        fold = Fold(
            game,
            key=mover_keys(game),
            value_at_end=at_end,
            combine=best,
            values=self.table,
            advice=what_to_try(game, None, self.depth),
        )
        score = fold.value((state, is_maximizing, self.depth), self.stats)
        return plain_zero(for_mover(score, is_maximizing))


def mover_keys(game: Game) -> Key:
    """The keys of a Fold's table from the mover's side (the iterative search's, quickest.py's
    timed scores'): the canonical form, the player to move (unless the same for either,
    same_for_either_mover) and the depth (table.mover_key)."""
    same_for_either = same_for_either_mover(game)

    def key(state: State, is_maximizing: bool, depth: float) -> Hashable:
        return mover_key(canonical_form(game, state), is_maximizing, depth, same_for_either)

    return key


def tree_size(
    game: Game,
    state: State,
    cap: int | None = None,
    stats: SearchStats | None = None,
) -> int:
    """How many nodes the full game tree from `state` has, counted without building it.

    In a game of chance the dice's nodes count too: a chance node's children are the states its
    outcomes lead to. Each distinct position is counted once and its subtree's size reused, so
    this is quick even for trees of billions of nodes. With `cap`, sizes stop growing at `cap`
    (the numbers stay small); `stats` limits the work, as in fold_positions.
    """
    game, state, _ = checked_start(game, state, chance_nodes=True)
    cap = None if cap is None else whole_number(cap, "cap", smallest=1, largest=None)
    stats = checked_stats(stats)
    with stats.searching(state, game=game, advice=SMALLER):  # a count has no faster method
        return counted_tree_size(game, state, cap, stats, MAX_STACKED)


def counted_tree_size(
    game: Game,
    state: State,
    cap: int | None,
    stats: SearchStats,
    max_stacked: int,
    is_maximizing: bool = True,
) -> int:
    """tree_size on arguments its caller has checked, with `is_maximizing` to move at `state`. A
    state is counted once for each player to move, unless the game is the same for either
    (same_for_either_mover)."""

    def size(child_sizes: list[int]) -> int:
        total = 1 + sum(child_sizes)
        return total if cap is None else min(total, cap)

    return fold_positions(
        game,
        state,
        value_at_end=lambda end: 1,
        combine=size,
        stats=stats,
        max_stacked=max_stacked,
        chance_nodes=True,
        is_maximizing=is_maximizing,
        per_mover=not same_for_either_mover(game),
    )


def too_deep_solver(
    game: Game, table: dict, stats: SearchStats, depth: float
) -> Callable[..., float]:
    """Scores of positions too deep to search by recursion: the game's known score where its theory
    gives one (and the search would go to the end), else the iterative method's; both remembered
    in `table`, as the iterative method remembers its scores."""
    iterative, key = Iterative(game, table, stats, depth), mover_keys(game)

    def score(
        state: State,
        is_maximizing: bool,
        alpha: float | None = None,
        beta: float | None = None,
    ) -> float:
        known = game.known_score(state, is_maximizing) if depth == inf else None
        if known is None:
            return iterative(state, is_maximizing)
        known = checked_score(game, state, known, "known_score")
        table[key(state, is_maximizing, depth)] = for_mover(known, is_maximizing)
        return known

    return score
