"""Searching without recursion: an explicit stack of positions, for games millions of moves long."""

from __future__ import annotations

import gc
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from math import inf
from typing import Any

from nimlib.games.base import Game, State, checked_score, shown, whole_number
from nimlib.search.contract import (
    checked_depth,
    checked_start,
    dead_end,
    estimated_score,
    explained_errors,
    leaf_score,
    table_key,
)
from nimlib.search.limits import SearchBudgetExceeded, cycle_error
from nimlib.search.stats import CHECK_EVERY, SearchStats, checked_stats, checked_table, renamed_table

MAX_STACKED = 4_000_000  # moves looked at: a pile of 1,000,000 counters needs 3,000,000

Node = tuple[State, bool, float]  # a position, whether Max is to move there, and the moves left to look ahead
Key = Callable[[State, bool, float], Hashable]  # the table key of a position, the player to move and the moves left
NO_VALUE = object()  # a node whose value is not known yet (no value is this object)
OPEN = object()  # the entry of a node on the stack, whose value is being worked out


def fold_game(
    game: Game,
    root: Node,
    key: Key | None,
    value_at_end: Callable[[State, bool, float], Any],
    combine: Callable[[list, bool], Any],
    values: dict,
    stats: SearchStats,
    max_stacked: int = MAX_STACKED,
) -> Any:
    """Give every node below `root` a value, children before parents, with no recursion.

    The stack holds the line of play being worked on: each node on it with the moves it has
    not looked at yet (taken one at a time from ``possible_new_states``, so that an endless
    generator of moves only spends the budget) and the values of its children found so far.
    Once its moves run out, a node gets ``combine(child_values, is_maximizing)``; a node where
    the game is over, or where no moves are left to look ahead, gets
    ``value_at_end(state, is_maximizing, moves_left)``. Values are remembered in `values` under
    ``key(state, is_maximizing, moves_left)`` (None: the state itself), so each distinct node is
    worked out once; a node met again counts a call answered from the table, as in memoized
    minimax. A node met again while it is still on the stack (its entry in `values` is OPEN) is a
    cycle of the game: a ValueError.
    """
    state, is_maximizing, remaining = root
    node_key = top_key = state if key is None else key(state, is_maximizing, remaining)
    if top_key in values:
        return values[top_key]
    stack: list = []
    looked, next_look = 0, min(CHECK_EVERY, max_stacked + 1)
    with stats.searching(state, values, stack), collector_paused(), open_entries_cleared(values, stack):
        stats.count_call(state)
        if remaining == 0 or game.evaluate(state, is_maximizing) is not None:
            values[node_key] = value_at_end(state, is_maximizing, remaining)
        else:
            values[node_key] = OPEN
            stack.append((state, is_maximizing, remaining, node_key, iter(game.possible_new_states(state)), []))
        while stack:
            state, is_maximizing, remaining, node_key, moves, child_values = stack[-1]
            to_move, below = not is_maximizing, remaining - 1
            for new_state in moves:
                looked += 1
                if looked >= next_look:  # many moves from few positions: the budget is looked at by moves too
                    looked_at_too_many(root[0], looked, max_stacked)
                    stats.check_budget(state)
                    next_look = min(looked + stats.check_interval, max_stacked + 1)
                child_key = new_state if key is None else key(new_state, to_move, below)
                value = values.get(child_key, NO_VALUE)
                if value is NO_VALUE:
                    stats.count_call(new_state)
                    if below == 0 or game.evaluate(new_state, to_move) is not None:
                        value = values[child_key] = value_at_end(new_state, to_move, below)
                    else:
                        values[child_key] = OPEN
                        new_states = iter(game.possible_new_states(new_state))
                        stack.append((new_state, to_move, below, child_key, new_states, []))
                        break  # the child's moves come first: it is on top of the stack now
                elif value is OPEN:
                    raise cycle_error(game, new_state)
                else:  # a visit answered from the table: a call, as in every method
                    stats.count_call(new_state)
                    stats.cache_hits += 1
                child_values.append(value)
            else:
                stack.pop()
                if not child_values:
                    raise dead_end(game, state)
                values[node_key] = value = combine(child_values, is_maximizing)
                if stack:
                    stack[-1][5].append(value)
    return values[top_key]


@contextmanager
def open_entries_cleared(values: dict, stack: list) -> Iterator[None]:
    """On an error, take the nodes still on the stack (their entries OPEN) out of `values` again."""
    try:
        yield
    except BaseException:
        for entry in stack:
            values.pop(entry[3], None)
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


def looked_at_too_many(root: State, looked: int, max_stacked: int) -> None:
    """Raise SearchBudgetExceeded once a search has looked at more than `max_stacked` moves."""
    if looked > max_stacked:
        raise SearchBudgetExceeded(
            f"the search from {shown(root)} put more than {max_stacked:,} positions on its stack "
            "and was stopped: try a smaller position"
        )


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
    More than `max_stacked` moves looked at, or a spent budget of `stats`, stop the
    search with SearchBudgetExceeded, so that no position freezes a kernel.
    """
    values, stats = checked_table(values, "values"), checked_stats(stats)
    canonical, plain = game.canonical, type(game).canonical is Game.canonical  # plain: the state is its own key
    with explained_errors(game):
        return fold_game(
            game,
            (state, True, inf),
            key=None if plain else lambda position, is_maximizing, remaining: canonical(position),
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
    with explained_errors(game):
        return iterative_search(game, state, is_maximizing, table, stats, remaining)


def iterative_search(
    game: Game, state: State, is_maximizing: bool, table: dict, stats: SearchStats, remaining: float
) -> float:
    """iterative_minimax on arguments its caller has checked: negamax, with the line of play on a stack.

    Each position on the stack keeps the moves it has not looked at yet (taken one at a time, so
    that an endless generator of moves only spends the budget) and the best score for its player
    to move found so far. A position's score goes into `table` once its moves run out; while it
    is on the stack its entry is OPEN, and meeting it again is a cycle of the game. This is the
    search of a pile of 1,000,000 counters, so it is written for speed: the state is its own key
    when it can be, and no list of scores is kept. A position met again counts a call answered
    from the table, as in memoized minimax, so both count the same calls.
    """
    canonical, by_mover = game.canonical, game.score_depends_only_on_mover
    plain = by_mover and remaining == inf and type(game).canonical is Game.canonical  # the state is its own key

    def key(state: State, is_maximizing: bool, remaining: float) -> Hashable:
        if by_mover and remaining == inf:
            return canonical(state)
        return table_key(canonical(state), is_maximizing, remaining, by_mover)

    top, maximizing_at_top = (state if plain else key(state, is_maximizing, remaining)), is_maximizing
    stack: list = []
    looked, next_look = 0, CHECK_EVERY
    known, count_call, evaluate, moves_from = table.get, stats.count_call, game.evaluate, game.possible_new_states
    with stats.searching(state, table, stack), collector_paused(), open_entries_cleared(table, stack):
        stats.count_call(state)
        if top in table:
            stats.cache_hits += 1
        else:
            score = leaf_score(game, state, is_maximizing, remaining)
            if score is None:
                table[top] = OPEN
                stack.append([state, is_maximizing, remaining, top, iter(game.possible_new_states(state)), -inf])
            else:
                table[top] = score if is_maximizing else -score
        while stack:
            frame = stack[-1]
            state, is_maximizing, remaining, entry, moves, best = frame
            to_move, below = not is_maximizing, remaining - 1
            for new_state in moves:
                looked += 1
                if looked >= next_look:  # many moves from few positions: the budget is looked at by moves too
                    stats.check_budget(state)
                    next_look = looked + stats.check_interval
                child = new_state if plain else key(new_state, to_move, below)
                score = known(child, NO_VALUE)
                if score is NO_VALUE:
                    count_call(new_state)
                    score = evaluate(new_state, to_move)
                    if score is not None:
                        score = checked_score(game, new_state, score)
                    elif below == 0:
                        score = estimated_score(game, new_state, to_move)
                    else:  # the new state's moves come first: it goes on top of the stack
                        table[child], frame[5], new_moves = OPEN, best, iter(moves_from(new_state))
                        stack.append([new_state, to_move, below, child, new_moves, -inf])
                        break
                    score = table[child] = score if to_move else -score
                elif score is OPEN:
                    raise cycle_error(game, new_state)
                else:  # a visit answered from the table: a call, as in every method
                    count_call(new_state)
                    stats.cache_hits += 1
                if -score > best:
                    best = -score
            else:
                stack.pop()
                if best == -inf:  # scores are finite: no move was found
                    raise dead_end(game, state)
                table[entry] = best
                if stack and -best > stack[-1][5]:
                    stack[-1][5] = -best
    score = table[top]
    return score if maximizing_at_top else -score


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
    return counted_tree_size(game, state, cap, checked_stats(stats), max_stacked)


def counted_tree_size(game: Game, state: State, cap: int | None, stats: SearchStats, max_stacked: int) -> int:
    """tree_size on arguments its caller has checked."""

    def size(child_sizes: list[int]) -> int:
        total = 1 + sum(child_sizes)
        return total if cap is None else min(total, cap)

    return fold_positions(game, state, value_at_end=lambda end: 1, combine=size, stats=stats, max_stacked=max_stacked)
