"""The games. Each game is a small object whose methods hold the rules, so that no search
algorithm ever needs to know them.

Every game offers the same handful of methods:

- ``possible_new_states(state)``: the positions one move can reach, in a fixed, documented order;
- ``evaluate(state, is_maximizing)``: a real number in ``score_range`` once the game is over
  (scored for the maximizing player), otherwise ``None``; the Nim games give +1 or -1;
- ``estimate(state, is_maximizing)``: a guess in ``score_range`` for a position that is not over,
  used by a search that stops at a depth (the base class has none and says so);
- ``validate(state)``: the state itself, or a ``ValueError`` that names what is wrong with it;
- ``canonical(state)``: one representative of all positions that play exactly alike;
- ``describe_move(state, new_state)``: the move in words, such as "take 2 from pile 3".
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, fields, is_dataclass
from math import isnan
from numbers import Integral, Real

State = Hashable

MAX_COUNTERS = 1_000_000
MAX_PILES = 20
MAX_PILE_SIZE = 1_000


class Game(ABC):
    """The rules of a two-player zero-sum game with no chance.

    `score_range` is (lowest, highest): every score `evaluate` or `estimate` gives lies in it.
    `score_depends_only_on_mover` is True when a position is worth the same to whichever player
    is to move (as in every Nim game), so that a search may drop `is_maximizing` from its keys.
    """

    score_range: tuple[float, float] = (-1, 1)
    score_depends_only_on_mover: bool = False

    @abstractmethod
    def possible_new_states(self, state: State) -> Iterable[State]:
        """The states that one move from `state` can reach."""

    @abstractmethod
    def evaluate(self, state: State, is_maximizing: bool) -> float | None:
        """The score for the maximizing player once the game is over (in score_range), else None."""

    def estimate(self, state: State, is_maximizing: bool) -> float:
        """A guess at the score of a position that is not over, for a search that stops at a depth."""
        raise ValueError(
            f"{type(self).__name__} has no estimate for unfinished positions such as {shown(state)}: "
            "search without depth=, or give the game an estimate(state, is_maximizing) method"
        )

    @abstractmethod
    def validate(self, state: State) -> State:
        """Return `state` in its standard form, or raise ValueError naming the problem."""

    def canonical(self, state: State) -> State:
        """One representative of all the states that play exactly like `state`."""
        return state

    def describe_move(self, state: State, new_state: State) -> str:
        """The move from `state` to `new_state` in words."""
        return f"move from {state!r} to {new_state!r}"

    def __repr__(self) -> str:
        """The game as it would be made, naming only the settings that differ from the defaults."""
        own = fields(self) if is_dataclass(self) else ()
        settings = [f"{f.name}={getattr(self, f.name)!r}" for f in own if getattr(self, f.name) != f.default]
        return f"{type(self).__name__}({', '.join(settings)})"


def shown(value: object, limit: int = 80) -> str:
    """`value` as a message shows it: its repr, cut short when long, never failing on huge numbers."""
    try:
        text = repr(value)
    except ValueError:  # an int with more digits than Python will print
        return f"an integer of about {int(value.bit_length() * 0.30103):,} digits"
    return text if len(text) <= limit else f"{text[: limit - 5]}...{text[-2:]}"


def checked_range(game: object) -> tuple[float, float]:
    """The game's score_range as (lowest, highest), or an error naming what is wrong with the game."""
    if not isinstance(game, Game):
        raise TypeError(f"game must be a Game such as SimpleNim(), not {shown(game)} ({type(game).__name__})")
    score_range = game.score_range
    if score_range == (-1, 1) and score_range.__class__ is tuple:
        return score_range
    if not (isinstance(score_range, tuple) and len(score_range) == 2 and all(map(is_number, score_range))):
        raise ValueError(f"{game!r}.score_range must be a pair of numbers (lowest, highest), not {shown(score_range)}")
    if not score_range[0] < score_range[1]:
        raise ValueError(f"{game!r}.score_range must go from low to high, not {shown(score_range)}")
    return score_range


def is_number(value: object) -> bool:
    """True for a real number that is not NaN (bools are not numbers here)."""
    if value.__class__ is int or value.__class__ is float:
        return value == value
    return isinstance(value, Real) and not isinstance(value, bool) and not isnan(value)


def checked_score(game: Game, state: State, score: object, what: str = "evaluate") -> float:
    """`score` if it is a real number within the game's score_range, else a ValueError naming it."""
    low, high = game.score_range
    if (score.__class__ is int or score.__class__ is float) and low <= score <= high:
        return score
    if is_number(score) and low <= score <= high:
        return score
    raise ValueError(
        f"{type(game).__name__}.{what} gave {shown(score)} at state {shown(state)}: a score must be a real "
        f"number from {low} to {high} (the game's score_range)"
    )


def score_for_maximizer(player_to_move_wins: bool, is_maximizing: bool) -> int:
    """+1 or -1 from the maximizing player's side, given who wins among the player to move."""
    return 1 if player_to_move_wins == is_maximizing else -1


def whole_number(value: object, name: str, *, smallest: int = 0, largest: int | None = MAX_COUNTERS) -> int:
    """Return `value` as an int, or raise ValueError saying why it is not a valid `name` (None: no upper limit)."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise ValueError(f"{name} must be a whole number, not {shown(value)} ({type(value).__name__})")
    if value < smallest:
        raise ValueError(f"{name} must be at least {smallest}, not {shown(value)}")
    if largest is not None and value > largest:
        raise ValueError(f"{name} = {shown(value)} is too large: at most {largest:,} is allowed")
    return int(value)


def plural(count: int, word: str) -> str:
    """Such as "1 counter" or "5 counters", with thousands separated: "1,200 nodes"."""
    return f"{count:,} {word}" if count == 1 else f"{count:,} {word}s"


def truth_value(value: object, name: str) -> bool:
    """Return `value` as True or False (numpy's bools too), or raise ValueError saying `name` must be one."""
    if isinstance(value, bool):
        return value
    if type(value).__module__ == "numpy" and type(value).__name__ in ("bool_", "bool"):
        return bool(value)
    raise ValueError(f"{name} must be True or False, not {shown(value)}")


def pile_tuple(state: object, *, smallest_pile: int = 0) -> tuple[int, ...]:
    """Return `state` as a tuple of pile sizes, or raise ValueError naming the bad value."""
    if not isinstance(state, (tuple, list)):
        raise ValueError(f"the state must be a tuple of pile sizes such as (2, 3, 5), not {state!r}")
    if not state:
        raise ValueError("the state must have at least one pile, not an empty tuple")
    if len(state) > MAX_PILES:
        raise ValueError(f"{len(state)} piles are too many: at most {MAX_PILES} are allowed")
    return tuple(
        whole_number(pile, f"pile {number}", smallest=smallest_pile, largest=MAX_PILE_SIZE)
        for number, pile in enumerate(state, start=1)
    )


@dataclass(frozen=True, repr=False)
class SimpleNim(Game):
    """One pile of counters; a move takes one of `takes` counters from it.

    With ``last_counter_loses=True`` (misère play, the default) whoever takes the last counter
    loses; with ``False`` whoever takes it wins, and from 21 counters that is the "21 game".
    The state is the number of counters left.

    ``sensible_moves=True`` leaves out every move that takes the last counter while another move
    is possible: in misère play nobody empties the pile unless forced to. The game's value does
    not change, but its tree gets smaller, and this is the tree of the classic textbook figure
    (41 nodes from 6). In normal play taking the last counter wins, so the option is refused there.
    """

    score_depends_only_on_mover = True

    takes: tuple[int, ...] = (1, 2, 3)
    last_counter_loses: bool = True
    sensible_moves: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.takes, (tuple, list)) or not self.takes:
            raise ValueError(f"takes must be a non-empty tuple of whole numbers, not {self.takes!r}")
        takes = tuple(whole_number(take, "a take", smallest=1, largest=MAX_COUNTERS) for take in self.takes)
        if len(set(takes)) != len(takes):
            raise ValueError(f"takes must not repeat a number: {self.takes!r}")
        object.__setattr__(self, "takes", takes)
        object.__setattr__(self, "_smallest_take", min(takes))
        truth_value(self.last_counter_loses, "last_counter_loses")
        truth_value(self.sensible_moves, "sensible_moves")
        if self.sensible_moves and not self.last_counter_loses:
            raise ValueError(
                "sensible_moves=True needs last_counter_loses=True: in normal play taking the last counter wins"
            )

    def possible_new_states(self, state: int) -> list[int]:
        """Counters left after each take, in the order of `takes` (1, 2, 3: from 6 that is 5, 4, 3)."""
        new_states = [state - take for take in self.takes if take <= state]
        if self.sensible_moves and any(new_state > 0 for new_state in new_states):
            return [new_state for new_state in new_states if new_state > 0]
        return new_states

    def evaluate(self, state: int, is_maximizing: bool) -> int | None:
        """The game ends when no take fits; in misère play the player left to move has then won."""
        if state >= self._smallest_take:
            return None
        return score_for_maximizer(self.last_counter_loses, is_maximizing)

    def validate(self, state: object) -> int:
        """The number of counters, a whole number from 0 to 1,000,000."""
        return whole_number(state, "counters")

    def describe_move(self, state: int, new_state: int) -> str:
        """Such as "take 2" (with what is left)."""
        taken = state - new_state
        return f"take {taken}, leaving {new_state}"


@dataclass(frozen=True, repr=False)
class Nim(Game):
    """Several piles; a move takes any number of counters (at least one) from one pile.

    The state is a tuple of pile sizes such as (2, 3, 5). With ``last_counter_loses=True``
    (misère play, the default) whoever takes the last counter loses; ``False`` is normal play.
    """

    score_depends_only_on_mover = True

    last_counter_loses: bool = True

    def __post_init__(self) -> None:
        truth_value(self.last_counter_loses, "last_counter_loses")

    def possible_new_states(self, state: tuple[int, ...]) -> Iterable[tuple[int, ...]]:
        """Pile by pile from the first: empty the pile, then leave 1, 2, ... (bold moves first).

        Bold moves reach the end of the game sooner, so a search that stops at the first
        winning move (alpha-beta) tends to find one quickly.
        """
        for index, pile in enumerate(state):
            for left in range(pile):
                yield state[:index] + (left,) + state[index + 1 :]

    def evaluate(self, state: tuple[int, ...], is_maximizing: bool) -> int | None:
        """The game ends when every pile is empty."""
        if any(state):
            return None
        return score_for_maximizer(self.last_counter_loses, is_maximizing)

    def validate(self, state: object) -> tuple[int, ...]:
        """A tuple of 1 to 20 piles, each from 0 to 1,000 counters."""
        return pile_tuple(state)

    def canonical(self, state: tuple[int, ...]) -> tuple[int, ...]:
        """The non-empty piles, sorted: order does not matter and empty piles play no part."""
        return tuple(sorted(pile for pile in state if pile))

    def describe_move(self, state: tuple[int, ...], new_state: tuple[int, ...]) -> str:
        """Such as "take 2 from pile 3" (piles are numbered from 1)."""
        for number, (before, after) in enumerate(zip(state, new_state, strict=True), start=1):
            if before != after:
                return f"take {before - after} from pile {number}"
        return super().describe_move(state, new_state)


@dataclass(frozen=True, repr=False)
class SplitNim(Game):
    """Grundy's game: a move splits one pile into two non-empty piles of different sizes.

    The state is a tuple of pile sizes. Piles of 1 or 2 can no longer be split, and the player
    who cannot move loses.
    """

    score_depends_only_on_mover = True

    def possible_new_states(self, state: tuple[int, ...]) -> Iterable[tuple[int, ...]]:
        """Pile by pile from the first; each pile p becomes (p - 1, 1), then (p - 2, 2), ..."""
        for index, pile in enumerate(state):
            for smaller in range(1, (pile - 1) // 2 + 1):
                yield state[:index] + (pile - smaller, smaller) + state[index + 1 :]

    def evaluate(self, state: tuple[int, ...], is_maximizing: bool) -> int | None:
        """The game ends when no pile has 3 or more counters; the player to move has lost."""
        if any(pile >= 3 for pile in state):
            return None
        return score_for_maximizer(False, is_maximizing)

    def validate(self, state: object) -> tuple[int, ...]:
        """A tuple of 1 to 20 piles, each from 1 to 1,000 counters."""
        return pile_tuple(state, smallest_pile=1)

    def canonical(self, state: tuple[int, ...]) -> tuple[int, ...]:
        """The piles that can still be split, sorted."""
        return tuple(sorted(pile for pile in state if pile >= 3))

    def describe_move(self, state: tuple[int, ...], new_state: tuple[int, ...]) -> str:
        """Such as "split pile 1 (7) into 5 and 2"."""
        index = next(i for i, (a, b) in enumerate(zip(state, new_state, strict=False)) if a != b)
        bigger, smaller = new_state[index], new_state[index + 1]
        return f"split pile {index + 1} ({state[index]}) into {bigger} and {smaller}"


@dataclass(frozen=True, repr=False)
class FibonacciNim(Game):
    """One pile; the first move may take any number but the whole pile, and after a take of t
    the next player may take at most 2 * t. Whoever takes the last counter wins.

    The state is ``(counters, max_take)``; ``FibonacciNim.start(n)`` is the opening ``(n, n - 1)``.
    """

    score_depends_only_on_mover = True

    @staticmethod
    def start(counters: int) -> tuple[int, int]:
        """The opening state for `counters` counters: (counters, counters - 1)."""
        counters = whole_number(counters, "counters", smallest=2, largest=MAX_PILE_SIZE)
        return (counters, counters - 1)

    def possible_new_states(self, state: tuple[int, int]) -> list[tuple[int, int]]:
        """Taking 1, 2, ... up to the largest take allowed."""
        counters, max_take = state
        return [(counters - take, 2 * take) for take in range(1, min(max_take, counters) + 1)]

    def evaluate(self, state: tuple[int, int], is_maximizing: bool) -> int | None:
        """The game ends when the pile is empty; the player to move has lost."""
        if state[0] > 0:
            return None
        return score_for_maximizer(False, is_maximizing)

    def validate(self, state: object) -> tuple[int, int]:
        """A pair (counters, max_take) of whole numbers, max_take at least 1 while counters remain."""
        if not isinstance(state, (tuple, list)) or len(state) != 2:
            raise ValueError(f"the state must be a pair (counters, max_take) such as (10, 9), not {state!r}")
        counters = whole_number(state[0], "counters", largest=MAX_PILE_SIZE)
        max_take = whole_number(state[1], "max_take", smallest=1 if counters else 0, largest=2 * MAX_PILE_SIZE)
        return (counters, max_take)

    def canonical(self, state: tuple[int, int]) -> tuple[int, int]:
        """A larger allowance than the pile itself changes nothing, so cap it at the pile."""
        counters, max_take = state
        return (counters, min(max_take, counters))

    def describe_move(self, state: tuple[int, int], new_state: tuple[int, int]) -> str:
        """Such as "take 3"."""
        return f"take {state[0] - new_state[0]}, leaving {new_state[0]}"
