"""Searching without recursion: an explicit stack of positions, for games millions of moves long."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nimlib.games import Game, State, truth_value
from nimlib.limits import SearchBudgetExceeded
from nimlib.stats import SearchStats

MAX_STACKED = 4_000_000  # positions put on the stack: a pile of 1,000,000 counters needs 3,000,001


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

    A position is taken from the stack twice: first to put its children on the stack above
    it, then, once they all have values, to combine them. A finished position gets
    ``value_at_end(position)``; any other gets ``combine`` of its children's values, in the
    order of ``possible_new_states``. Values are remembered in
    `values`, keyed by ``game.canonical``, so each distinct position is worked out once.
    More than `max_stacked` positions put on the stack (or more calls than `stats` allows)
    stop the search with SearchBudgetExceeded, so that no position freezes a kernel.
    """
    values = {} if values is None else values
    stats = SearchStats.budget_only() if stats is None else stats
    stack: list[tuple[State, list | None]] = [(state, None)]
    stacked = 1
    while stack:
        position, new_states = stack.pop()
        key = game.canonical(position)
        if new_states is not None:
            values[key] = combine([values[game.canonical(new_state)] for new_state in new_states])
            continue
        if key in values:
            continue
        stats.count_call(position)
        if game.evaluate(position, True) is not None:
            values[key] = value_at_end(position)
            continue
        new_states = list(game.possible_new_states(position))
        stacked += len(new_states)
        if stacked > max_stacked:
            raise SearchBudgetExceeded(
                f"the search put more than {max_stacked:,} positions on its stack and was stopped: "
                "try a smaller position"
            )
        stack.append((position, new_states))
        stack.extend((new_state, None) for new_state in new_states)
    return values[game.canonical(state)]


def iterative_minimax(
    game: Game,
    state: State,
    is_maximizing: bool = True,
    *,
    cache: dict | None = None,
    stats: SearchStats | None = None,
) -> int:
    """Memoized minimax on an explicit stack: a pile of 1,000,000 counters needs no deep recursion.

    It stores each position's score for the player to move (+1: that player wins), the
    "negamax" view, which holds for every game here because the score only depends on who is
    to move, never on which player that is.
    """
    state = game.validate(state)
    score_for_mover = fold_positions(
        game,
        state,
        value_at_end=lambda end: game.evaluate(end, True),
        combine=lambda scores: max(-score for score in scores),
        values=cache,
        stats=stats,
    )
    return score_for_mover if truth_value(is_maximizing, "is_maximizing") else -score_for_mover


def tree_size(
    game: Game, state: State, cap: int | None = None, stats: SearchStats | None = None, max_stacked: int = MAX_STACKED
) -> int:
    """How many nodes the full game tree from `state` has, counted without building it.

    Each distinct position is counted once and its subtree's size reused, so this is quick even
    for trees of billions of nodes. With `cap`, sizes stop growing at `cap` (the numbers stay
    small); `stats` and `max_stacked` limit the work, as in fold_positions.
    """
    state = game.validate(state)

    def size(child_sizes: list[int]) -> int:
        total = 1 + sum(child_sizes)
        return total if cap is None else min(total, cap)

    return fold_positions(game, state, value_at_end=lambda end: 1, combine=size, stats=stats, max_stacked=max_stacked)
