"""Counting the work a search does, and stopping it once it spends its budget of calls, seconds or bytes."""

from __future__ import annotations

import sys
import warnings
from collections.abc import Sized
from dataclasses import dataclass, field
from math import inf
from time import monotonic

from nimlib.games.base import State, is_number, shown, truth_value, whole_number
from nimlib.search.limits import DEFAULT_MAX_BYTES, DEFAULT_MAX_CALLS, DEFAULT_MAX_SECONDS, SearchBudgetExceeded

CHECK_EVERY = 1_024  # calls between two looks at the clock and the memory (fewer when calls are slow)
FIRST_CHECK = 16  # calls before the first look: the interval doubles up to CHECK_EVERY while calls are quick
CHECK_SECONDS = 0.05  # the interval shrinks when calls are so slow that the time between two looks is longer
SLOT_BYTES = 100  # one entry of a dict or set, its share of spare room included (measured: 41 to 90)
ADVICE = "try a smaller position, a faster method (such as method='negamax'), or a depth limit (depth=...)"


@dataclass
class SearchStats:
    """Calls made, distinct states met, cache hits and cut-offs of one or more searches.

    A cut-off is a position whose remaining moves alpha-beta skipped: one where alpha >= beta only
    after its last move skips nothing and is not counted, as no pruned branch shows it.

    A search stops with SearchBudgetExceeded once it has made more than `max_calls` calls, run
    longer than `max_seconds` of wall-clock time (a monotonic clock: the time the caller waits,
    however busy the machine), or built tables and stacks estimated to need more than `max_bytes`
    (None: no such limit), so that a position too large for the method ends in a message instead
    of a frozen kernel. With ``track_states=False`` the distinct states are not collected (a
    little faster; `states` then stays 0).
    """

    max_calls: int | None = DEFAULT_MAX_CALLS
    track_states: bool = True
    max_seconds: float | None = DEFAULT_MAX_SECONDS
    max_bytes: int | None = DEFAULT_MAX_BYTES
    calls: int = 0
    cache_hits: int = 0
    cutoffs: int = 0
    depth: int | None = None  # an anytime search: how many moves ahead its deepest finished iteration looked
    exact: bool | None = None  # an anytime search: whether that iteration reached the end of every line
    seen: set = field(default_factory=set, repr=False)
    _next_check: int = field(default=CHECK_EVERY, init=False, repr=False)
    check_interval: int = field(default=CHECK_EVERY, init=False, repr=False)
    _checked_at: float = field(default=0.0, init=False, repr=False)
    _deadline: float | None = field(default=None, init=False, repr=False)
    _root: State = field(default=None, init=False, repr=False)
    _watched: list = field(default_factory=list, init=False, repr=False)
    _nesting: int = field(default=0, init=False, repr=False)

    def __post_init__(self) -> None:
        if self.max_calls is not None and not (self.max_calls.__class__ is int and self.max_calls >= 0):
            self.max_calls = whole_number(self.max_calls, "max_calls", largest=None)
        if self.max_seconds is not None and not (is_number(self.max_seconds) and self.max_seconds > 0):
            raise ValueError(f"max_seconds must be a positive number of seconds or None, not {shown(self.max_seconds)}")
        if self.max_bytes is not None and not (self.max_bytes.__class__ is int and self.max_bytes > 0):
            self.max_bytes = whole_number(self.max_bytes, "max_bytes", smallest=1, largest=None)
        self.track_states = truth_value(self.track_states, "track_states")
        self._plan_next_check()

    @property
    def states(self) -> int:
        """How many distinct states the search met."""
        return len(self.seen)

    def count_call(self, state: State) -> None:
        """Record one call on `state`, and stop the search once the budget is spent."""
        self.calls += 1
        if self.track_states:
            self.seen.add(state)
        if self.calls >= self._next_check:
            self.check_budget(state)

    def check_budget(self, state: State) -> None:
        """Raise SearchBudgetExceeded if the calls, the time or the memory ran past their limit."""
        root = shown(self._root if self._nesting else state)
        if self.max_calls is not None and self.calls > self.max_calls:
            raise SearchBudgetExceeded(
                f"the search from {root} passed its limit of {self.max_calls:,} calls and was stopped: {ADVICE}, "
                "or a larger SearchStats(max_calls=...)"
            )
        now = monotonic()
        if self._deadline is not None and now > self._deadline:
            raise SearchBudgetExceeded(
                f"the search from {root} ran past its time limit of {self.max_seconds:g} s (wall clock) and was "
                f"stopped: {ADVICE}, or more time with SearchStats(max_seconds=...)"
            )
        needed = self.estimated_bytes()
        if self.max_bytes is not None and needed > self.max_bytes:
            raise SearchBudgetExceeded(
                f"the search from {root} was stopped: its tables would need more than its memory limit of "
                f"{self.max_bytes / 1e6:,.0f} MB (about {needed / 1e6:,.0f} MB already): {ADVICE}, "
                "or SearchStats(max_bytes=...)"
            )
        self._plan_next_check(now)

    def seconds_left(self) -> float:
        """The wall-clock seconds left to the running search (inf without a time limit)."""
        return inf if self._deadline is None else self._deadline - monotonic()

    def _plan_next_check(self, now: float | None = None) -> None:
        """When to look at the budget again: after CHECK_EVERY calls, or fewer if they took over CHECK_SECONDS."""
        if now is not None:
            interval = self.check_interval
            slow = now - self._checked_at > CHECK_SECONDS
            self.check_interval = max(interval // 4, 1) if slow else min(interval * 2, CHECK_EVERY)
            self._checked_at = now
        self._next_check = self.calls + self.check_interval
        if self.max_calls is not None:
            self._next_check = min(self._next_check, self.max_calls + 1)

    def estimated_bytes(self) -> int:
        """About how many bytes the watched tables and stacks, and the states collected, hold now."""
        total = len(self.seen) * (SLOT_BYTES + size_of(self._root))
        return total + sum(len(container) * entry_bytes(container) for container in self._watched)

    def searching(self, state: State, *containers: Sized) -> Searching:
        """A context that counts a search from `state` against the budget, watching `containers` grow.

        The clock starts when the outermost search starts: searches made inside it (best_move
        searching each move, say) share its time.
        """
        return Searching(self, state, containers)

    @classmethod
    def budget_only(cls) -> SearchStats:
        """Counters for a search that nobody asked to count: only the budget matters."""
        return cls(track_states=False)

    def __str__(self) -> str:
        return (
            f"{self.calls:,} calls, {self.states:,} distinct states, "
            f"{self.cache_hits:,} cache hits, {self.cutoffs:,} cut-offs"
        )


class Searching:
    """The context of SearchStats.searching: starts the clock of the outermost search, stops it at its end."""

    def __init__(self, stats: SearchStats, state: State, containers: tuple[Sized, ...]) -> None:
        self.stats, self.state, self.containers = stats, state, containers

    def __enter__(self) -> SearchStats:
        stats = self.stats
        if stats._nesting == 0:
            stats._root, stats._watched = self.state, []
            stats._checked_at = now = monotonic()
            stats._deadline = None if stats.max_seconds is None else now + stats.max_seconds
            stats.check_interval = FIRST_CHECK
            stats._plan_next_check()
        stats._nesting += 1
        stats._watched.extend(self.containers)
        return stats

    def __exit__(self, *exception: object) -> None:
        stats = self.stats
        stats._nesting -= 1
        del stats._watched[len(stats._watched) - len(self.containers) :]
        if stats._nesting == 0:
            stats._deadline, stats._root = None, None


def checked_stats(stats: object) -> SearchStats:
    """`stats`, or fresh budget-only counters for None, or a TypeError naming the value."""
    if stats is None:
        return SearchStats.budget_only()
    if not isinstance(stats, SearchStats):
        raise TypeError(f"stats must be a SearchStats or None, not {shown(stats)} ({type(stats).__name__})")
    return stats


def checked_table(table: object, name: str) -> dict:
    """`table`, or a new dict for None, or a TypeError naming the argument and the value."""
    if table is None:
        return {}
    if not isinstance(table, dict):
        raise TypeError(f"{name} must be a dict (or None for a new one), not {shown(table)} ({type(table).__name__})")
    return table


def entry_bytes(container: Sized) -> int:
    """About how many bytes one entry of `container` takes, judged by its newest entry."""
    if not container:
        return 0
    if isinstance(container, dict):
        key = next(reversed(container))
        return SLOT_BYTES + size_of(key) + size_of(container[key])
    if isinstance(container, list):
        return 8 + size_of(container[-1])
    return SLOT_BYTES


def size_of(value: object, levels: int = 3) -> int:
    """About how many bytes `value` takes with what it holds (tuples and lists looked into `levels` deep)."""
    size = sys.getsizeof(value)
    if levels and isinstance(value, (tuple, list)) and value:
        sample = value[:64]
        size += sum(size_of(item, levels - 1) for item in sample) * len(value) // len(sample)
    return size


def renamed_table(table: dict | None, cache: dict | None) -> dict | None:
    """`table`, or the dict passed by the old keyword ``cache=`` with a DeprecationWarning."""
    if cache is None:
        return table
    warnings.warn("cache= is now called table=; the old name will go", DeprecationWarning, stacklevel=3)
    return cache
