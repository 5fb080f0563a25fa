"""Searching without recursion: an explicit stack of positions, for games millions of moves long."""

from __future__ import annotations

from collections.abc import Callable
from math import inf
from typing import Any

from nimlib.games.base import Game, State, checked_score, shown, whole_number
from nimlib.search.contract import checked_depth, checked_start, dead_end, estimated_score, table_key
from nimlib.search.limits import SearchBudgetExceeded, cycle_error
from nimlib.search.stats import CHECK_EVERY, SearchStats, checked_stats, checked_table, renamed_table

MAX_STACKED = 4_000_000  # positions put on the stack: a pile of 1,000,000 counters needs 3,000,001

Node = tuple[State, bool, float]  # a position, whether Max is to move there, and the moves left to look ahead
Keys = Callable[[list, bool, float], list]  # the table keys of some positions, all with the same player and moves left


def fold_game(
    game: Game,
    root: Node,
    keys: Keys,
    value_at_end: Callable[[State, bool, float], Any],
    combine: Callable[[list, bool], Any],
    values: dict,
    stats: SearchStats,
    max_stacked: int = MAX_STACKED,
) -> Any:
    """Give every node below `root` a value, children before parents, with no recursion.

    A node is taken from the stack twice: first to put its children on the stack above it,
    then, once they all have values, to combine them: ``combine(child_values, is_maximizing)``.
    A node where the game is over, or where no moves are left to look ahead, gets
    ``value_at_end(state, is_maximizing, moves_left)``. Values are remembered in `values` under
    the keys that `keys` gives, so each distinct node is worked out once. A node met again
    while its own children are still open is a cycle of the game: a ValueError.
    """
    state, is_maximizing, remaining = root
    (top_key,) = keys([state], is_maximizing, remaining)
    stack: list = [(state, is_maximizing, remaining, top_key, None)]
    open_keys: set = set()
    stacked, next_check = 1, CHECK_EVERY
    with stats.searching(state, values, stack):
        while stack:
            state, is_maximizing, remaining, node_key, child_keys = stack.pop()
            if child_keys is not None:
                values[node_key] = combine([values[child_key] for child_key in child_keys], is_maximizing)
                open_keys.discard(node_key)
                continue
            if node_key in values:
                continue
            if node_key in open_keys:
                raise cycle_error(game, state)
            stats.count_call(state)
            if remaining == 0 or game.evaluate(state, is_maximizing) is not None:
                values[node_key] = value_at_end(state, is_maximizing, remaining)
                continue
            new_states = game.possible_new_states(state)
            if new_states.__class__ is not list:
                new_states = list(new_states)
            if not new_states:
                raise dead_end(game, state)
            stacked += len(new_states)
            if stacked >= next_check:  # many moves from few positions: look at the budget by positions stacked too
                stats.check_budget(state)
                next_check = stacked + CHECK_EVERY
            if stacked > max_stacked:
                raise SearchBudgetExceeded(
                    f"the search from {shown(root[0])} put more than {max_stacked:,} positions on its stack "
                    "and was stopped: try a smaller position"
                )
            open_keys.add(node_key)
            to_move, below = not is_maximizing, remaining - 1
            child_keys = keys(new_states, to_move, below)
            stack.append((state, is_maximizing, remaining, node_key, child_keys))
            stack.extend(
                [
                    (new_state, to_move, below, child_key, None)
                    for new_state, child_key in zip(new_states, child_keys, strict=True)
                    if child_key not in values
                ]
            )
    return values[top_key]


def fold_positions(
    game: Game,
    state: State,
    value_at_end: Callable[[State], Any],
    combine: Callable[[list], Any],
    values: dict | None = None,
    stats: SearchStats | None = None,
    max_stacked: int = MAX_STACKED,
) -> Any:
    """Give every position from `state` a value, children before parents, with no recursion.

    A finished position gets ``value_at_end(position)``; any other gets ``combine`` of its
    children's values, in the order of ``possible_new_states``. Values are remembered in
    `values`, keyed by ``game.canonical``, so each distinct position is worked out once.
    More than `max_stacked` positions put on the stack, or a spent budget of `stats`, stop the
    search with SearchBudgetExceeded, so that no position freezes a kernel.
    """
    values, stats = checked_table(values, "values"), checked_stats(stats)

    return fold_game(
        game,
        (state, True, inf),
        keys=lambda positions, is_maximizing, remaining: [game.canonical(position) for position in positions],
        value_at_end=lambda position, is_maximizing, remaining: value_at_end(position),
        combine=lambda child_values, is_maximizing: combine(child_values),
        values=values,
        stats=stats,
        max_stacked=max_stacked,
    )


def iterative_minimax(
    game: Game,
    state: State,
    is_maximizing: bool = True,
    *,
    table: dict | None = None,
    stats: SearchStats | None = None,
    depth: int | None = None,
    cache: dict | None = None,
) -> float:
    """Memoized minimax on an explicit stack: a pile of 1,000,000 counters needs no deep recursion.

    It stores each position's score for the player to move (the "negamax" view) under its
    canonical form and the moves left to look ahead; the player to move is part of the key
    unless the game's scores depend only on the mover. With `depth`, positions that many moves
    ahead are scored by ``game.estimate``. ``cache=`` is the old name of `table`.
    """
    game, state, is_maximizing = checked_start(game, state, is_maximizing)
    table = checked_table(renamed_table(table, cache), "table")
    stats, remaining = checked_stats(stats), checked_depth(depth)

    canonical, by_mover = game.canonical, game.score_depends_only_on_mover

    def keys(positions: list, is_maximizing: bool, remaining: float) -> list:
        if by_mover and remaining == inf:
            return [canonical(position) for position in positions]
        return [table_key(canonical(position), is_maximizing, remaining, by_mover) for position in positions]

    def score_for_mover(position: State, is_maximizing: bool, remaining: float) -> float:
        score = game.evaluate(position, is_maximizing)
        if score is not None:
            score = checked_score(game, position, score)
        else:
            score = estimated_score(game, position, is_maximizing)
        return score if is_maximizing else -score

    score = fold_game(
        game,
        (state, is_maximizing, remaining),
        keys=keys,
        value_at_end=score_for_mover,
        combine=lambda scores, is_maximizing: -min(scores),
        values=table,
        stats=stats,
    )
    return score if is_maximizing else -score


def tree_size(
    game: Game, state: State, cap: int | None = None, stats: SearchStats | None = None, max_stacked: int = MAX_STACKED
) -> int:
    """How many nodes the full game tree from `state` has, counted without building it.

    Each distinct position is counted once and its subtree's size reused, so this is quick even
    for trees of billions of nodes. With `cap`, sizes stop growing at `cap` (the numbers stay
    small); `stats` and `max_stacked` limit the work, as in fold_positions.
    """
    game, state, _ = checked_start(game, state)
    cap = None if cap is None else whole_number(cap, "cap", smallest=1, largest=None)
    max_stacked = whole_number(max_stacked, "max_stacked", smallest=1, largest=None)

    def size(child_sizes: list[int]) -> int:
        total = 1 + sum(child_sizes)
        return total if cap is None else min(total, cap)

    return fold_positions(game, state, value_at_end=lambda end: 1, combine=size, stats=stats, max_stacked=max_stacked)
