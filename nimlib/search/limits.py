"""The limits that keep a notebook alive: searches too long, too big or too deep end in a clear message."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from time import monotonic
from typing import TYPE_CHECKING

from nimlib.games.base import State, shown

if TYPE_CHECKING:
    from nimlib.games.base import Game
    from nimlib.search.stats import SearchStats

DEFAULT_MAX_CALLS = 2_000_000  # a few seconds of search in Python
DEFAULT_MAX_SECONDS = 5.0  # wall-clock seconds after which a search stops: a kernel never freezes for longer
DEFAULT_MAX_BYTES = 1_000_000_000  # what a search builds (tables, stacks) stays under about 1 GB
MAX_RECURSION_LIMIT = 6_000  # nested Python calls nimlib allows itself: 12,000-deep searches ran safely
MAX_CYCLE_SEARCH = 20_000  # moves looked at when naming a cycle (a search that hit the depth limit)
CYCLE_SECONDS = 0.5  # at most this long (and never past the search's time limit) is spent looking for a cycle
CYCLE_BYTES = 100_000_000  # and at most this much memory for the line of play it follows


class SearchBudgetExceeded(RuntimeError):
    """A search ran out of its budget of calls, seconds or bytes."""


class SearchTooDeep(RuntimeError):
    """A recursive search went deeper than nimlib allows."""


@contextmanager
def recursion_guard(state: State, game: Game | None = None, stats: SearchStats | None = None) -> Iterator[None]:
    """Run a recursive search from `state` under nimlib's own depth limit, whatever Python's is.

    Python's limit is lowered to MAX_RECURSION_LIMIT for the search (if it was higher) so that a
    deep search ends in SearchTooDeep, never in a crash of the interpreter. A search that runs
    too deep because the game has a cycle ends in a ValueError naming the repeated state; the
    look for a cycle is short, and stays within the time left to the search of `stats`.
    """
    python_limit = sys.getrecursionlimit()
    if python_limit > MAX_RECURSION_LIMIT:
        sys.setrecursionlimit(MAX_RECURSION_LIMIT)
    try:
        yield
    except RecursionError:
        seconds = CYCLE_SECONDS if stats is None else min(CYCLE_SECONDS, stats.seconds_left())
        repeated = None if game is None else find_cycle(game, state, seconds)
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


def find_cycle(
    game: Game, state: State, seconds: float = CYCLE_SECONDS, max_moves: int = MAX_CYCLE_SEARCH
) -> State | None:
    """A position that play from `state` can reach twice on one line, or None if none was found.

    It follows one line of play at a time, taking the moves one by one, and gives up (None) after
    `max_moves` moves, `seconds` of wall time, or a line of play that holds CYCLE_BYTES.
    """
    on_path, path = {state}, [(state, iter(game.possible_new_states(state)))]
    deadline, path_bytes = monotonic() + seconds, 0
    for looked_at in range(max_moves):
        if not path or (looked_at % 64 == 0 and (monotonic() > deadline or path_bytes > CYCLE_BYTES)):
            return None
        position, new_states = path[-1]
        new_state = next(new_states, _NO_MORE)
        if new_state is _NO_MORE:
            path.pop()
            on_path.discard(position)
            path_bytes -= sys.getsizeof(position)
        elif new_state in on_path:
            return new_state
        elif game.evaluate(new_state, True) is None:
            on_path.add(new_state)
            path.append((new_state, iter(game.possible_new_states(new_state))))
            path_bytes += sys.getsizeof(new_state)
    return None


_NO_MORE = object()
