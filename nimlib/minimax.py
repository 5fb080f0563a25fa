"""Minimax: score a position by searching every line of play to the end, with or without a memo."""

from __future__ import annotations

from collections.abc import Callable

from nimlib.games import Game, State, truth_value
from nimlib.limits import recursion_guard
from nimlib.stats import SearchStats


def minimax(game: Game, state: State, is_maximizing: bool = True, stats: SearchStats | None = None) -> int:
    """The score of `state` (+1 or -1) for the maximizing player, searching the whole tree."""
    stats = SearchStats.budget_only() if stats is None else stats
    with recursion_guard(state):
        return _minimax(game, game.validate(state), truth_value(is_maximizing, "is_maximizing"), stats)


def _minimax(game: Game, state: State, is_maximizing: bool, stats: SearchStats) -> int:
    stats.count_call(state)
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    scores = (_minimax(game, new_state, not is_maximizing, stats) for new_state in game.possible_new_states(state))
    return max(scores) if is_maximizing else min(scores)


def memoized_minimax(
    game: Game,
    state: State,
    is_maximizing: bool = True,
    *,
    canonical: bool = False,
    cache: dict | None = None,
    stats: SearchStats | None = None,
) -> int:
    """Minimax that remembers every score it has found, so no position is searched twice.

    The cache belongs to one game: pass the same dict again to reuse it for that game only.
    With ``canonical=True`` positions are remembered by ``game.canonical(state)``, so that
    symmetric positions (the same piles in another order, say) share one entry.
    """
    stats = SearchStats.budget_only() if stats is None else stats
    cache = {} if cache is None else cache
    key = game.canonical if canonical else _same_state
    with recursion_guard(state):
        return _memoized_minimax(
            game, game.validate(state), truth_value(is_maximizing, "is_maximizing"), key, cache, stats
        )


def _same_state(state: State) -> State:
    return state


def _memoized_minimax(
    game: Game,
    state: State,
    is_maximizing: bool,
    key: Callable[[State], State],
    cache: dict,
    stats: SearchStats,
) -> int:
    stats.count_call(state)
    entry = (key(state), is_maximizing)
    if entry in cache:
        stats.cache_hits += 1
        return cache[entry]
    score = game.evaluate(state, is_maximizing)
    if score is None:
        scores = (
            _memoized_minimax(game, new_state, not is_maximizing, key, cache, stats)
            for new_state in game.possible_new_states(state)
        )
        score = max(scores) if is_maximizing else min(scores)
    cache[entry] = score
    return score
