"""The 21 game as a won/lost recursion: minimax seen from the player to move (negamax).

One pile of counters, each player takes 1, 2 or 3, and whoever takes the last counter wins.
A position is won if some move leaves the opponent a lost position; with no counters left the
player to move has lost, because the opponent has just taken the last one.
"""

from __future__ import annotations

from nimlib.book.stats import SearchStats, checked_stats, checked_table
from nimlib.games.values import whole_number, won_or_lost

TAKES = (1, 2, 3)


def wins(counters: int, stats: SearchStats | None = None) -> bool:
    """True if the player to move can force a win with `counters` counters left."""
    stats, counters = checked_stats(stats), whole_number(counters, "counters")
    with stats.searching(counters):
        return _wins(counters, stats)


def _wins(counters: int, stats: SearchStats) -> bool:
    stats.count_call(counters)
    return any(not _wins(counters - take, stats) for take in TAKES if take <= counters)


def memoized_wins(
    counters: int, memo: dict[int, bool] | None = None, stats: SearchStats | None = None
) -> bool:
    """`wins` that looks in `memo` before it calls itself, so each count is worked out once.

    The memo starts with the one answer the rules give for free: 0 counters is a lost position.
    A count found in the memo is never called, so it makes no call: the calls counted are the
    counts worked out (21 from 21 counters), where memoized_minimax counts a visit answered from
    its table as a call too.
    """
    memo = {} if memo is None else won_or_lost(checked_table(memo, "memo"))
    memo.setdefault(0, False)  # the rules' answer: with no counters left, the mover has lost
    stats, counters = checked_stats(stats), whole_number(counters, "counters")
    with stats.searching(counters):
        return memo[counters] if counters in memo else _memoized_wins(counters, memo, stats)


def _memoized_wins(counters: int, memo: dict[int, bool], stats: SearchStats) -> bool:
    stats.count_call(counters)
    memo[counters] = any(
        not (memo[left] if left in memo else _memoized_wins(left, memo, stats))
        for left in (counters - take for take in TAKES if take <= counters)
    )
    return memo[counters]
