"""Counting the work a search does, without changing what it finds."""

from __future__ import annotations

from dataclasses import dataclass, field

from nimlib.games import State
from nimlib.limits import DEFAULT_MAX_CALLS, SearchBudgetExceeded


@dataclass
class SearchStats:
    """Calls made, distinct states met, cache hits and cut-offs of one or more searches.

    A search stops with SearchBudgetExceeded once it has made more than `max_calls` calls,
    so that a position too large for the method ends in a message instead of a frozen kernel.
    With ``track_states=False`` the distinct states are not collected (a little faster; `states`
    then stays 0).
    """

    max_calls: int | None = DEFAULT_MAX_CALLS
    track_states: bool = True
    calls: int = 0
    cache_hits: int = 0
    cutoffs: int = 0
    seen: set = field(default_factory=set, repr=False)

    @property
    def states(self) -> int:
        """How many distinct states the search met."""
        return len(self.seen)

    def count_call(self, state: State) -> None:
        """Record one call on `state`, and stop the search once the budget is spent."""
        self.calls += 1
        if self.track_states:
            self.seen.add(state)
        if self.max_calls is not None and self.calls > self.max_calls:
            raise SearchBudgetExceeded(
                f"the search passed {self.max_calls:,} calls and was stopped: try a smaller position or a faster method"
            )

    @classmethod
    def budget_only(cls) -> SearchStats:
        """Counters for a search that nobody asked to count: only the call budget matters."""
        return cls(track_states=False)

    def __str__(self) -> str:
        return (
            f"{self.calls:,} calls, {self.states:,} distinct states, "
            f"{self.cache_hits:,} cache hits, {self.cutoffs:,} cut-offs"
        )
