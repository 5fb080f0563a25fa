"""Searching without recursion: an explicit stack of positions, for games millions of moves long."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from nimlib.games import Game, State
from nimlib.stats import SearchStats


def fold_positions(
    game: Game,
    state: State,
    value_at_end: Callable[[State], Any],
    combine: Callable[[list], Any],
    values: dict | None = None,
    stats: SearchStats | None = None,
) -> Any:
    """Give every position from `state` a value, children before parents, with no recursion.

    A position is taken from the stack twice: first to put its children on the stack above
    it, then, once they all have values, to combine them. A finished position gets
    ``value_at_end(position)``; any other gets ``combine`` of its children's values, in the
    order of ``possible_new_states``. Values are remembered in
    `values`, keyed by ``game.canonical``, so each distinct position is worked out once.
    """
    values = {} if values is None else values
    stack: list[tuple[State, list | None]] = [(state, None)]
    while stack:
        position, new_states = stack.pop()
        key = game.canonical(position)
        if new_states is not None:
            values[key] = combine([values[game.canonical(new_state)] for new_state in new_states])
            continue
        if key in values:
            continue
        if stats is not None:
            stats.count_call(position)
        if game.evaluate(position, True) is not None:
            values[key] = value_at_end(position)
            continue
        new_states = list(game.possible_new_states(position))
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
    return score_for_mover if is_maximizing else -score_for_mover


def tree_size(game: Game, state: State, cap: int | None = None) -> int:
    """How many nodes the full game tree from `state` has, counted without building it.

    With `cap`, counting stops growing at `cap`: enough to decide that a tree is too large.
    """
    state = game.validate(state)

    def size(child_sizes: list[int]) -> int:
        total = 1 + sum(child_sizes)
        return total if cap is None else min(total, cap)

    return fold_positions(game, state, value_at_end=lambda end: 1, combine=size)
