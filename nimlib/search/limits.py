"""The limits that keep a notebook alive: searches too long, too big or too deep end in a clear message."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from nimlib.games.base import State, shown

if TYPE_CHECKING:
    from nimlib.games.base import Game

DEFAULT_MAX_CALLS = 2_000_000  # a few seconds of search in Python
DEFAULT_MAX_SECONDS = 5.0  # a search stops after this long: a kernel never freezes for longer
DEFAULT_MAX_BYTES = 1_000_000_000  # what a search builds (tables, stacks) stays under about 1 GB
MAX_RECURSION_LIMIT = 6_000  # nested Python calls nimlib allows itself: 12,000-deep searches ran safely
MAX_CYCLE_SEARCH = 20_000  # positions looked at when naming a cycle (a search that hit the depth limit)


class SearchBudgetExceeded(RuntimeError):
    """A search ran out of its budget of calls, seconds or bytes."""


class SearchTooDeep(RuntimeError):
    """A recursive search went deeper than nimlib allows."""


@contextmanager
def recursion_guard(state: State, game: Game | None = None) -> Iterator[None]:
    """Run a recursive search from `state` under nimlib's own depth limit, whatever Python's is.

    Python's limit is lowered to MAX_RECURSION_LIMIT for the search (if it was higher) so that a
    deep search ends in SearchTooDeep, never in a crash of the interpreter. A search that runs
    too deep because the game has a cycle ends in a ValueError naming the repeated state.
    """
    python_limit = sys.getrecursionlimit()
    if python_limit > MAX_RECURSION_LIMIT:
        sys.setrecursionlimit(MAX_RECURSION_LIMIT)
    try:
        yield
    except RecursionError:
        repeated = None if game is None else find_cycle(game, state)
        if repeated is not None:
            raise cycle_error(game, repeated) from None
        raise SearchTooDeep(
            f"the game from {shown(state)} is too long to search by recursion (deeper than nimlib's "
            f"limit of {min(python_limit, MAX_RECURSION_LIMIT):,} nested calls): use iterative_minimax, "
            "or solve/best_move, which switch to it by themselves"
        ) from None
    finally:
        sys.setrecursionlimit(python_limit)


def cycle_error(game: Game, repeated: State) -> ValueError:
    """The error for a game in which play can come back to the position `repeated`."""
    return ValueError(
        f"{type(game).__name__} has a cycle: play from {shown(repeated)} can come back to {shown(repeated)}. "
        "A game searched here must end: every line of play must reach a position where evaluate gives a score"
    )


def find_cycle(game: Game, state: State, max_positions: int = MAX_CYCLE_SEARCH) -> State | None:
    """A position that play from `state` can reach twice on one line, or None if none was found."""
    on_path, finished = {state}, set()
    path = [(state, iter(game.possible_new_states(state)))]
    looked_at = 0
    while path and looked_at < max_positions:
        position, new_states = path[-1]
        new_state = next(new_states, _NO_MORE)
        if new_state is _NO_MORE:
            path.pop()
            on_path.discard(position)
            finished.add(position)
        elif new_state in on_path:
            return new_state
        elif new_state not in finished and game.evaluate(new_state, True) is None:
            looked_at += 1
            on_path.add(new_state)
            path.append((new_state, iter(game.possible_new_states(new_state))))
    return None


_NO_MORE = object()
