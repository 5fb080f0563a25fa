"""The 21 game as a won/lost recursion: minimax seen from the player to move (negamax).

One pile of counters, each player takes 1, 2 or 3, and whoever takes the last counter wins.
A position is won if some move leaves the opponent a lost position; with no counters left the
player to move has lost, because the opponent has just taken the last one.
"""

from __future__ import annotations

from nimlib.games import whole_number
from nimlib.stats import SearchStats

TAKES = (1, 2, 3)


def wins(counters: int, stats: SearchStats | None = None) -> bool:
    """True if the player to move can force a win with `counters` counters left."""
    whole_number(counters, "counters")
    if stats is not None:
        stats.count_call(counters)
    return any(not wins(counters - take, stats) for take in TAKES if take <= counters)


def memoized_wins(counters: int, memo: dict[int, bool] | None = None, stats: SearchStats | None = None) -> bool:
    """`wins` that looks in `memo` before it calls itself, so each count is worked out once.

    The memo starts with the one answer the rules give for free: 0 counters is a lost position.
    """
    whole_number(counters, "counters")
    memo = {0: False} if memo is None else memo
    if stats is not None:
        stats.count_call(counters)
    memo[counters] = any(
        not (memo[counters - take] if counters - take in memo else memoized_wins(counters - take, memo, stats))
        for take in TAKES
        if take <= counters
    )
    return memo[counters]
