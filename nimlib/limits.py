"""The limits that keep a notebook alive: searches too long or too deep end in a clear message."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager

from nimlib.games import State

DEFAULT_MAX_CALLS = 2_000_000  # a few seconds of search in Python


class SearchBudgetExceeded(RuntimeError):
    """A search made more calls than it was allowed to."""


class SearchTooDeep(RuntimeError):
    """A recursive search went deeper than Python allows."""


@contextmanager
def recursion_guard(state: State) -> Iterator[None]:
    """Turn Python's RecursionError inside a search from `state` into a message that helps."""
    try:
        yield
    except RecursionError:
        raise SearchTooDeep(
            f"the game from {state!r} is too long to search by recursion "
            f"(deeper than Python's limit of {sys.getrecursionlimit():,} nested calls): "
            "use iterative_minimax, or best_move(..., method='iterative')"
        ) from None
