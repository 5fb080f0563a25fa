"""The limits that keep a notebook alive: a search too long, too big or too deep ends in a clear
message.

A ``Budget`` watches the calls, the wall-clock seconds and the bytes of one search and stops it
with SearchBudgetExceeded once it spends more. Its guard, which every search runs in
(``SearchStats.searching`` opens it), starts its clock, keeps a deep search to MAX_RECURSION_LIMIT
nested calls (SearchTooDeep, not a crashed kernel) and names what went wrong (explained.py). It
also refuses a table given to a search that holds another game's positions
(``check_filled_for``), or, made by hand, an entry that no search stores (``check_entries``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence, Sized
from contextlib import contextmanager
from dataclasses import dataclass, field, fields, is_dataclass
from itertools import islice
from math import inf
from time import monotonic
from typing import TYPE_CHECKING

from nimlib.book.table import BEST_MOVE, MOVERS
from nimlib.games.base import Game, has_estimate
from nimlib.games.printer import shown
from nimlib.games.values import (
    CHUNK,
    MAX_MOVES,
    SearchBudgetExceeded,
    State,
    checked_outcomes,
    is_number,
    player_moves,
    too_many_moves,
)

if TYPE_CHECKING:
    from nimlib.games.base import Game, Outcome

DEFAULT_MAX_CALLS = 2_000_000  # a few seconds of search in Python
# Wall-clock seconds after which a search stops, so that a kernel never seems frozen: as long as
# a whole notebook may take. A notebook's search under it takes a second or so (02's 489,396
# calls); a busy machine, or a browser tab, runs one several times slower (5 s once stopped
# that one, on a busy machine).
DEFAULT_MAX_SECONDS = 10.0
DEFAULT_MAX_BYTES = 1_000_000_000  # what a search builds (tables, stacks) stays under 1 GB
MAX_RECURSION_LIMIT = 6_000  # nested calls nimlib allows itself: 12,000 deep ran safely
# Calls between two looks at the clock and the memory: the first after FIRST_CHECK calls, the
# interval doubling up to CHECK_EVERY while calls are quick, shrinking when two looks lie more
# than CHECK_SECONDS apart.
CHECK_EVERY, FIRST_CHECK, CHECK_SECONDS = 1_024, 16, 0.05
SLOT_BYTES = 100  # one entry of a dict or set, its spare room included (measured: 41 to 90)
SAMPLED = 8  # the newest entries of a table that its entries' size is judged by
SMALLER = "try a smaller position"  # the advice of a search with no other method and no depth


def what_to_try(game: Game, faster: str | None, depth: float = inf) -> str:
    """What to try once a search of `game` runs out of its budget: a smaller position, the
    `faster` method (None: none is faster; each faster method prunes, as alpha-beta does), or,
    where the game has an estimate, a depth limit (a smaller one than `depth`, if the search had
    one)."""
    tries = [SMALLER]
    if faster:
        tries.append(f"a faster method (such as method={faster!r}, which prunes)")
    if has_estimate(game):  # a depth limit needs a guess at the positions where it stops
        tries.append(
            "a depth limit (depth=...)" if depth == inf else f"a smaller depth than {depth:,}"
        )
    return ", ".join(tries[:-1]) + ", or " + tries[-1] if len(tries) > 1 else SMALLER


def advice_to(faster: str | None) -> str:
    """What to try once a search called by itself (which takes no method=, as solve does) runs
    out of its budget: a smaller position, the `faster` search (None: none is faster), or a depth
    limit."""
    instead = f", a faster search ({faster}, or solve with method={faster!r})" if faster else ""
    return f"{SMALLER}{instead}, or a depth limit (depth=...)"


ADVICE = advice_to("negamax")  # minimax's, memoized or not, and alpha-beta's


class SearchTooDeep(RuntimeError):
    """A recursive search went deeper than nimlib allows."""


class BeyondFloats(OverflowError):
    """A score too large to meet a float without rounding, named by the search that met it."""


@dataclass
class Budget:
    """What one search may spend: calls, wall-clock seconds and bytes (None: no limit), its clock,
    and the guard every search runs in (``guard``, which ``SearchStats.searching`` opens)."""

    max_calls: int | None
    max_seconds: float | None
    max_bytes: int | None
    last_call: float = inf  # the first call too many
    interval: int = CHECK_EVERY  # calls between two looks at the clock and the memory
    next_check: float = CHECK_EVERY
    checked_at: float = 0.0
    deadline: float | None = None
    root: State = None
    game: Game | None = None  # the game searched, which names the root in a message
    watched: list = field(default_factory=list)
    nesting: int = 0
    advice: str = ADVICE  # what to try instead, said when the search is stopped
    calls_before: int = 0  # calls the SearchStats had counted, in other searches, before this one
    states_before: int = 0  # distinct states it had met, in other searches, before this one

    @contextmanager
    def guard(
        self,
        state: State,
        containers: Sequence[Sized],
        game: Game | None,
        advice: str,
        calls: int,
        states: int,
    ) -> Iterator[None]:
        """The context of a search from `state` (``SearchStats.searching``, whose SearchStats
        counted `calls` calls and met `states` distinct states before it): its clock, nimlib's
        recursion limit, clear errors.

        Searches inside it (best_move searching each move, say) share its clock and its limit; the
        budget watches the `containers` grow; the tables among them (the dicts) hold the `game`'s
        positions only, and one another game's search filled is refused, as is one made by hand
        with an entry that no search stores; what went wrong is named (explained.py: a TypeError
        the `game` caused, a float that cannot hold a score, a game too deep; any other error of
        the game's own code comes as it was, noting the search); the outermost search's `advice`
        says what to try once the budget stops it.
        """
        tables = [] if game is None else [c for c in containers if isinstance(c, dict)]
        for table in tables:
            check_filled_for(table, game)
            if self.nesting == 0:  # inside, the searches themselves fill it
                check_entries(table, game)
        if self.nesting == 0:
            self.start(state, game, advice, calls, states)
        self.nesting += 1
        self.watched.extend(containers)
        python_limit = sys.getrecursionlimit()
        sys.setrecursionlimit(min(python_limit, MAX_RECURSION_LIMIT))
        try:
            yield
        except Exception as error:
            from nimlib.book.explained import raise_named  # only when something went wrong

            raise_named(error, game, state, outermost=self.nesting == 1)
        finally:
            for table in tables:
                remember_filled_for(table, game)
            self.nesting -= 1
            del self.watched[len(self.watched) - len(containers) :]
            if self.nesting == 0:
                self.end()
            sys.setrecursionlimit(python_limit)

    def start(self, root: State, game: Game | None, advice: str, calls: int, states: int) -> None:
        """Start the clock of the outermost search from `root`, whose SearchStats counted `calls`
        calls and met `states` distinct states in searches before this one."""
        self.root, self.game, self.watched, self.advice = root, game, [], advice
        self.last_call = inf if self.max_calls is None else self.max_calls + 1
        self.checked_at = now = monotonic()
        self.deadline = None if self.max_seconds is None else now + self.max_seconds
        self.interval = FIRST_CHECK
        self.next_check = min(calls + FIRST_CHECK, self.last_call)
        self.calls_before, self.states_before = calls, states

    def end(self) -> None:
        """Stop the clock once the outermost search has ended."""
        self.deadline, self.root, self.game = None, None, None
        self.calls_before = self.states_before = 0

    def check(self, calls: int, state: State, seen: Sized) -> None:
        """Raise SearchBudgetExceeded if the calls, the time or the memory ran past their limit."""
        if self.max_calls is not None and calls > self.max_calls:
            limit, first = f"passed its limit of {self.max_calls:,} calls", ""
            if self.calls_before:  # the budget is that of every search its SearchStats counted
                limit += (
                    ", counted over every search this SearchStats has counted "
                    f"({self.calls_before:,} before this one),"
                )
                first = "give each search a SearchStats of its own, or "
            self.stop(state, limit, "a larger SearchStats(max_calls=...)", first)
        now = monotonic()
        if self.deadline is not None and now > self.deadline:
            limit = f"ran past its time limit of {self.max_seconds:g} s (wall clock)"
            self.stop(state, limit, "more time with SearchStats(max_seconds=...)")
        needed = sum(len(held) * entry_bytes(held) for held in (seen, *self.watched) if held)
        if self.max_bytes is not None and needed > self.max_bytes:
            limit = (
                f"would need more than its memory limit of {megabytes(self.max_bytes)} for its "
                f"tables (about {megabytes(needed)} already"
            )
            first = ""
            if self.states_before:  # the distinct states of every search its SearchStats counted
                limit += (
                    ", the distinct states of every search this SearchStats has counted included: "
                    f"{self.states_before:,} met before this one"
                )
                first = "give each search a SearchStats of its own, or "
            self.stop(state, limit + ")", "SearchStats(max_bytes=...)", first)
        slow = now - self.checked_at > CHECK_SECONDS
        self.interval = max(self.interval // 4, 1) if slow else min(self.interval * 2, CHECK_EVERY)
        self.checked_at = now
        self.next_check = min(calls + self.interval, self.last_call)

    def stop(self, state: State, what: str, more: str, first: str = "") -> None:
        """Stop the search: SearchBudgetExceeded, naming its start, what it spent, what to try
        (`first`, then its advice, then `more`)."""
        root = self.root if self.nesting else state
        named = shown(root) if self.game is None else self.game.describe_state(root)
        raise SearchBudgetExceeded(
            f"the search from {named} {what} and was stopped: {first}{self.advice}, or {more}"
        )


def megabytes(size: int) -> str:
    """A number of bytes in megabytes, for a message: "1,000 MB", or "0.15 MB" below one."""
    return f"{size / 1e6:,.0f} MB" if size >= 1_000_000 else f"{size / 1e6:.2g} MB"


def listed_moves(
    game: Game,
    state: State,
    check_budget: Callable[[State], None],
    new_states: object = None,
    found: list | None = None,
) -> list[State]:
    """The moves from `state` (`new_states`, or the player's: ``player_moves``) as a list, taken a
    chunk at a time into `found`, each full chunk a look at the budget (``check_budget``): an
    endless generator of moves ends in SearchBudgetExceeded, not in a frozen kernel, and so do more
    than MAX_MOVES moves."""
    moves = iter(player_moves(game, state) if new_states is None else new_states)
    found = [] if found is None else found
    while chunk := list(islice(moves, CHUNK)):
        found += chunk
        if len(chunk) < CHUNK:  # the moves ran out: a short list costs no look at the budget
            break
        check_budget(state)
        if len(found) > MAX_MOVES:
            raise too_many_moves(game, state)
    return found


def listed_outcomes(
    game: Game, state: State, check_budget: Callable[[State], None]
) -> list[Outcome]:
    """The checked outcomes of the chance node `state`, taken under the budget (``check_budget``
    every few thousand): endless outcomes end in SearchBudgetExceeded, and so do more than
    MAX_MOVES."""
    return checked_outcomes(game, state, lambda: check_budget(state))


def entry_bytes(container: Sized) -> int:
    """About how many bytes one entry of `container` (not empty) takes, judged by its newest few
    (a table may hold entries of two kinds in turn: a position's bounds, then its best move)."""
    if isinstance(container, dict):
        keys = list(islice(reversed(container), SAMPLED))
        held = sum(size_of(key) + size_of(container[key]) for key in keys) // len(keys)
        return SLOT_BYTES + held
    if isinstance(container, list):
        return 8 + sum(map(size_of, container[-SAMPLED:])) // min(len(container), SAMPLED)
    if isinstance(container, (set, frozenset)):
        return SLOT_BYTES + size_of(next(iter(container)))
    return SLOT_BYTES


def size_of(value: object, levels: int = 3) -> int:
    """About how many bytes `value` takes with what it holds (tuples and lists looked into `levels`
    deep). None, True, False and the small whole numbers take none: Python keeps one of each,
    shared by everything that holds it."""
    if value is None or value.__class__ in (bool, int) and -5 <= value <= 256:
        return 0
    size = sys.getsizeof(value)
    if levels and isinstance(value, (tuple, list)) and value:
        sample = value[:64]
        size += sum(size_of(item, levels - 1) for item in sample) * len(value) // len(sample)
    return size


# Which game's search filled each table: id(table) -> (the table's first key, the game, its
# settings then: a dataclass's fields). Holding the key keeps its address taken, so a table whose
# first key is that very object is the table itself (or a copy of it), never a new dict given a
# freed table's address.
FILLED_FOR: dict[int, tuple[object, Game, dict]] = {}


def check_filled_for(table: dict, game: Game) -> None:
    """Refuse `table` (a ValueError naming both games) if a search of another game filled it: of
    another class, or of the same class but unequal: by the class's own equality where it has one
    (a dataclass compares its settings, ExplicitTree its tree), else by the games' attributes; or
    a search of this very game before one of its settings (a dataclass's fields) was given a new
    value."""
    first_key, filled_for, settings = FILLED_FOR.get(id(table), (None, game, {}))
    if not table or first_key is not next(iter(table)):
        return
    if filled_for is game:
        changed = [name for name, value in settings.items() if getattr(game, name) is not value]
        if changed:
            raise ValueError(
                f"this table holds the positions of {type(game).__name__} as it was before "
                f"{', '.join(changed)} changed (now {shown(game)}): a position may be worth "
                "another score now, so give the game a new dict"
            )
    elif type(filled_for) is not type(game) or not same_game(filled_for, game):
        this = shown(game)
        if this == shown(filled_for):  # two games that print alike: say they differ all the same
            this = f"another {this}, with other settings or rules"
        raise ValueError(
            f"this table holds the positions of {shown(filled_for)}, and this search is of "
            f"{this}: a position may be worth another score in another game, so give each game "
            "a dict of its own"
        )


def same_game(game: Game, other: Game) -> bool:
    """Whether two games of one class are the same game: equal, where the class has its own ==, else
    with equal attributes (a game's settings: takes, piles ...)."""
    if type(game).__eq__ is not object.__eq__:
        return game == other
    try:
        return getattr(game, "__dict__", None) == getattr(other, "__dict__", None)
    except Exception:  # attributes that cannot be compared (numpy arrays): not known to be alike
        return False


def check_entries(table: dict, game: Game) -> None:
    """Refuse (a ValueError naming it) the first entry that no search of `game` could have stored,
    in a table no search has filled (one made by hand, say): each must be a score of the game as
    its key's view sees it (``stored_range``), or bounds (lower, upper) of such scores, the
    engine's with a flag after them. A table that searches filled is not read again."""
    if not table or FILLED_FOR.get(id(table), (None,))[0] is next(iter(table)):
        return  # empty, or filled by searches
    for key, value in table.items():
        if key.__class__ is tuple and key and key[0] is BEST_MOVE:
            continue  # the engine's best move beside the bounds: a state
        low, high = stored_range(key, game.score_range)
        scores = value[:2] if isinstance(value, tuple) else (value,)
        in_range = all(is_number(score) and low <= score <= high for score in scores)
        if isinstance(value, tuple):
            stored = len(value) in (2, 3) and in_range and scores[0] <= scores[1]
        else:
            stored = in_range
        if not stored:
            raise ValueError(
                f"the table holds {shown(value)} under {shown(key)}, which no search of "
                f"{shown(game)} stores: a score from {shown(low)} to {shown(high)}, or bounds "
                "(lower, upper) of such scores. Was it filled by hand? Pass table=None, or a new "
                "dict, to start afresh"
            )


def stored_range(key: object, score_range: tuple[float, float]) -> tuple[float, float]:
    """Where the scores a search stores under `key` lie: the score range for Max's view (a key of
    table_key's, the mover a bool) and for the mover's view of Max or of either mover (mover_key's
    "Max", "either"), its negation for Min's ("Min"); from -high to high for a key of neither."""
    low, high = score_range
    view = key[1] if key.__class__ is tuple and len(key) in (2, 3) else None
    if view.__class__ is bool or (isinstance(view, str) and view in (MOVERS[True], "either")):
        return low, high
    if isinstance(view, str) and view == MOVERS[False]:
        return -high, -low
    return min(low, -high), max(high, -low)


def remember_filled_for(table: dict, game: Game) -> None:
    """Remember that a search of `game` filled `table`, for ``check_filled_for``."""
    if table:
        settings = (
            {setting.name: getattr(game, setting.name) for setting in fields(game)}
            if is_dataclass(game)
            else {}
        )
        FILLED_FOR[id(table)] = next(iter(table)), game, settings
