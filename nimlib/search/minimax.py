"""Minimax: score a position by searching every line of play to the end, with or without a memo."""

from __future__ import annotations

from collections.abc import Callable
from math import inf

from nimlib.games.base import Game, State, truth_value
from nimlib.search.contract import checked_depth, checked_start, dead_end, explained_errors, leaf_score
from nimlib.search.limits import recursion_guard
from nimlib.search.stats import SearchStats, checked_stats, checked_table, renamed_table


def minimax(
    game: Game, state: State, is_maximizing: bool = True, stats: SearchStats | None = None, *, depth: int | None = None
) -> float:
    """The minimax score of `state` for the maximizing player, searching the whole tree.

    With `depth`, the search looks at most that many moves ahead and scores the positions it
    stops at with ``game.estimate``.
    """
    game, state, is_maximizing = checked_start(game, state, is_maximizing)
    stats, remaining = checked_stats(stats), checked_depth(depth)
    with explained_errors(game):
        return minimax_search(game, state, is_maximizing, stats, remaining)


def minimax_search(game: Game, state: State, is_maximizing: bool, stats: SearchStats, remaining: float) -> float:
    """minimax on arguments its caller has checked."""

    def search(state: State, is_maximizing: bool, remaining: float) -> float:
        stats.count_call(state)
        score = leaf_score(game, state, is_maximizing, remaining)
        if score is not None:
            return score
        to_move, below = not is_maximizing, remaining - 1
        scores = [search(new_state, to_move, below) for new_state in game.possible_new_states(state)]
        if not scores:
            raise dead_end(game, state)
        return max(scores) if is_maximizing else min(scores)

    with stats.searching(state), recursion_guard(state, game, stats):
        return search(state, is_maximizing, remaining)


def memoized_minimax(
    game: Game,
    state: State,
    is_maximizing: bool = True,
    *,
    canonical: bool = False,
    table: dict | None = None,
    stats: SearchStats | None = None,
    depth: int | None = None,
    cache: dict | None = None,
) -> float:
    """Minimax that remembers every score it has found, so no position is searched twice.

    The `table` (notebook 04's memo) belongs to one game: pass the same dict again to reuse it
    for that game only; ``cache=`` is its old name.
    With ``canonical=True`` positions are remembered by ``game.canonical(state)``, so that
    symmetric positions (the same piles in another order, say) share one entry. Each entry is
    keyed by the position and the player to move, and with a `depth` by the moves left to look
    ahead too, so searches to different depths can share a table.
    """
    game, state, is_maximizing = checked_start(game, state, is_maximizing)
    key = game.canonical if truth_value(canonical, "canonical") else None
    remaining, stats = checked_depth(depth), checked_stats(stats)
    table = checked_table(renamed_table(table, cache), "table")
    with explained_errors(game):
        return memoized_search(game, state, is_maximizing, key, table, stats, remaining)


def memoized_search(
    game: Game,
    state: State,
    is_maximizing: bool,
    key: Callable[[State], State] | None,
    table: dict,
    stats: SearchStats,
    remaining: float,
) -> float:
    """memoized_minimax on arguments its caller has checked (`key` gives a state's entry, None: the state)."""

    def search(state: State, is_maximizing: bool, remaining: float) -> float:
        stats.count_call(state)
        position = key(state) if key else state
        entry = (position, is_maximizing) if remaining == inf else (position, is_maximizing, remaining)
        if entry in table:
            stats.cache_hits += 1
            return table[entry]
        score = leaf_score(game, state, is_maximizing, remaining)
        if score is None:
            to_move, below = not is_maximizing, remaining - 1
            scores = [search(new_state, to_move, below) for new_state in game.possible_new_states(state)]
            if not scores:
                raise dead_end(game, state)
            score = max(scores) if is_maximizing else min(scores)
        table[entry] = score
        return score

    with stats.searching(state, table), recursion_guard(state, game, stats):
        return search(state, is_maximizing, remaining)
