"""Counting the work a search does: its calls, the distinct states it meets, its answers from the
table and cut-offs."""

from __future__ import annotations

from collections.abc import Sized
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from nimlib.book.limits import (
    ADVICE,
    DEFAULT_MAX_BYTES,
    DEFAULT_MAX_CALLS,
    DEFAULT_MAX_SECONDS,
    Budget,
)
from nimlib.book.table import kept_in
from nimlib.games.printer import plural, shown_typed
from nimlib.games.values import State, checked_seconds, truth_value, whole_number

if TYPE_CHECKING:
    from nimlib.games.base import Game


@dataclass
class SearchStats:
    """Calls, distinct states, answers from the table and cut-offs of one or more searches, and
    their budget.

    A call is one visit of a position, the root included; a visit answered from the table counts
    too. A cut-off is a position whose remaining moves alpha-beta skipped: one where alpha >= beta
    only after its last move skips nothing and is not counted, as no pruned branch shows it.

    A search stops with SearchBudgetExceeded once it has made more than `max_calls` calls, run
    longer than `max_seconds` of wall-clock time, or built tables and stacks estimated to need more
    than `max_bytes` (None: no such limit): see nimlib.book.limits. The calls are all those this
    SearchStats counted, in earlier searches too (the message then says how many came before).
    With ``track_states=False`` the distinct states are not collected (`states` then stays 0).
    """

    max_calls: int | None = DEFAULT_MAX_CALLS
    track_states: bool = True
    max_seconds: float | None = DEFAULT_MAX_SECONDS
    max_bytes: int | None = DEFAULT_MAX_BYTES
    calls: int = 0
    table_hits: int = 0
    cutoffs: int = 0
    # An anytime search: how many moves ahead its deepest finished iteration looked (inf: to the
    # end, in a game with no estimate), and whether that iteration reached the end of every line
    # (None after any other search: each outermost search starts them afresh).
    depth_reached: float | None = None
    exact: bool | None = None
    seen: set = field(default_factory=set, repr=False)
    budget: Budget = field(init=False, repr=False)

    def __post_init__(self) -> None:
        for name in ("calls", "table_hits", "cutoffs"):
            setattr(self, name, whole_number(getattr(self, name), name, largest=None))
        if not isinstance(self.seen, set):
            raise TypeError(f"seen must be a set of states, not {shown_typed(self.seen)}")
        self.track_states = truth_value(self.track_states, "track_states")
        if self.max_seconds is not None:
            checked_seconds(self.max_seconds, "max_seconds")
        if self.max_calls is not None:
            self.max_calls = whole_number(self.max_calls, "max_calls", largest=None)
        if self.max_bytes is not None:
            self.max_bytes = whole_number(self.max_bytes, "max_bytes", smallest=1, largest=None)
        self.budget = Budget(self.max_calls, self.max_seconds, self.max_bytes)

    @property
    def states(self) -> int:
        """How many distinct states the search met."""
        return len(self.seen)

    def count_call(self, state: State) -> None:
        """Record one call on `state`, and stop the search once the budget is spent."""
        self.calls += 1
        if self.track_states:
            self.seen.add(state)
        if self.calls >= self.budget.next_check:
            self.budget.check(self.calls, state, self.seen)

    def check_budget(self, state: State) -> None:
        """Stop the search from `state` (SearchBudgetExceeded) if it spent its budget."""
        self.budget.check(self.calls, state, self.seen)

    def searching(
        self, state: State, *containers: Sized, game: Game | None = None, advice: str = ADVICE
    ) -> AbstractContextManager[None]:
        """The context of a search from `state`, the guard of its budget (limits.py's
        ``Budget.guard``: its clock, nimlib's recursion limit, the `containers` watched, the
        tables among them checked for the `game`, clear errors, the `advice` once it stops); the
        outermost search starts depth_reached and exact afresh."""
        if self.budget.nesting == 0:
            self.depth_reached, self.exact = None, None
        return self.budget.guard(state, containers, game, advice, self.calls, len(self.seen))

    def __str__(self) -> str:
        return (
            f"{plural(self.calls, 'call')}, {plural(self.states, 'distinct state')}, "
            f"{self.table_hits:,} from the table, {plural(self.cutoffs, 'cut-off')}"
        )


def checked_stats(stats: object) -> SearchStats:
    """`stats`, or for None a fresh one that keeps the budget but lists no states, or a TypeError
    naming the value."""
    if stats is None:
        return SearchStats(track_states=False)
    if not isinstance(stats, SearchStats):
        raise TypeError(f"stats must be a SearchStats or None, not {shown_typed(stats)}")
    return stats


def checked_table(table: object, name: str = "table", keeps: str | None = None) -> dict:
    """`table`, or a new dict for None, or a TypeError naming the argument and the value; or, for
    a search that `keeps` one kind of entry (table.SCORES, BOUNDS, ENGINE), a ValueError if the
    table keeps another kind, another search's."""
    if table is None:
        return {}
    if not isinstance(table, dict):
        raise TypeError(f"{name} must be a dict (or None for a new one), not {shown_typed(table)}")
    kept = None if keeps is None else kept_in(table)
    if kept not in (None, keeps):
        raise ValueError(
            f"this {name} keeps {kept}, another kind of search's, and this search keeps {keeps}: "
            "give each kind of search a dict of its own"
        )
    return table
