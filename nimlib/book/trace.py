"""The onlooker of a search: how nimlib.drawing grows a drawn tree from the book's own searches.

Minimax, alpha-beta and expectiminimax tell a `trace`, if they are given one, of every position
they enter, the score they leave it with and the moves a cut-off skips; nimlib.drawing.tree
builds its tree of nodes from what it is told, so that every drawn search is the book's own.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from nimlib.games.printer import shown_typed
from nimlib.games.values import State


class Trace(Protocol):
    """An onlooker of a search (a tree being drawn): told each visit, its result, what it skips."""

    def enter(
        self,
        state: State,
        is_maximizing: bool,
        alpha: float | None = None,
        beta: float | None = None,
    ) -> None:
        """The search visits `state` (with the window (`alpha`, `beta`), if it has one)."""

    def leave(self, score: float) -> None:
        """The search returns `score` from the position it entered last."""

    def skip(self, states: Iterator[State]) -> bool:
        """A cut-off skips these moves (taken as far as needed): whether there is one to skip."""


def checked_trace(trace: object) -> Trace | None:
    """`trace` if it is None or an onlooker with a Trace's methods (enter, leave, skip), else a
    TypeError naming those it lacks: said before the search, not at its first visit."""
    missing = [
        name for name in ("enter", "leave", "skip") if not callable(getattr(trace, name, None))
    ]
    if trace is not None and missing:
        raise TypeError(
            f"trace must be None or an onlooker told of every visit, with the methods enter, "
            f"leave and skip of nimlib.book.trace.Trace, not {shown_typed(trace)}, which lacks "
            f"{', '.join(missing)}"
        )
    return trace
