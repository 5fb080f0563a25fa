"""The games. Each game is a small object whose methods hold the rules, so that no search
algorithm ever needs to know them.

Every game offers the same handful of methods:

- ``possible_new_states(state)``: the positions one move can reach, in a fixed, documented order;
- ``evaluate(state, is_maximizing)``: a real number in ``score_range`` once the game is over
  (scored for the maximizing player), otherwise ``None``; the Nim games give +1 or -1;
- ``estimate(state, is_maximizing)``: a guess in ``score_range`` for a position that is not over,
  used by a search that stops at a depth (the base class has none and says so);
- ``known_score(state, is_maximizing)``: the exact score where the game's theory knows it without
  a search (None elsewhere, and in the base class); solve and best_move ask it only for positions
  too deep to search by recursion, so that a pile of a million counters needs no search;
- ``validate(state)``: the state itself, or a ``ValueError`` that names what is wrong with it;
- ``canonical(state)``: one representative of all positions that play exactly alike;
- ``describe_move(state, new_state)``: the move in words, such as "take 2 from pile 3";
- ``name``: the game's name as learners read it ("Simple-Nim"), which widgets and captions use.

And, for a search that plays as engines do (the method "deepening"), hints that a game may offer;
the defaults below know nothing, so a game without them is searched exactly as before:

- ``order(state, new_states)``: the same new states, the most promising first;
- ``win_at_once(state)``: a new state in which the player to move has just won, found cheaply;
- ``safe_new_states(state)``: the moves after which the other player cannot win at once;
- ``estimate_range``: where every estimate lies, if narrower than ``score_range`` (so that a
  depth-limited search may use ``score_bounds`` too);
- ``score_bounds(state, is_maximizing)``: bounds on a score where nobody wins at once (the player
  to move cannot, and has a move after which the other cannot either).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable
from dataclasses import fields, is_dataclass
from math import isnan
from numbers import Integral, Real

State = Hashable

MAX_COUNTERS = 1_000_000
MAX_PILES = 20  # the most piles a state of piles may have (the widgets' sliders offer fewer)
MAX_PILE_SIZE = 1_000


class ClassName:
    """A game's name until it is given one: the name of its class, so that a game of your own is called "MyGame".

    A game of the series sets ``name = "Simple-Nim"`` in its class; an instance may set ``self.name`` too.
    """

    def __get__(self, game: object, kind: type) -> str:
        return kind.__name__


class Game(ABC):
    """The rules of a two-player zero-sum game with no chance.

    `score_range` is (lowest, highest): every score `evaluate` or `estimate` gives lies in it.
    `score_depends_only_on_mover` is True when a position is worth the same to whichever player
    is to move (as in every Nim game), so that a search may drop `is_maximizing` from its keys.
    """

    score_range: tuple[float, float] = (-1, 1)
    estimate_range: tuple[float, float] | None = None  # where estimates lie (None: score_range)
    score_depends_only_on_mover: bool = False
    name: str = ClassName()  # what widgets and captions call the game; each game of the series sets its own

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

    def known_score(self, state: State, is_maximizing: bool) -> float | None:
        """The exact minimax score of `state` if the game's theory gives it without a search, else None."""
        return None

    @abstractmethod
    def validate(self, state: State) -> State:
        """Return `state` in its standard form, or raise ValueError naming the problem."""

    def canonical(self, state: State) -> State:
        """One representative of all the states that play exactly like `state`."""
        return state

    def describe_move(self, state: State, new_state: State) -> str:
        """The move from `state` to `new_state` in words."""
        return f"move from {state!r} to {new_state!r}"

    def order(self, state: State, new_states: list[State]) -> list[State]:
        """The same new states, the most promising first (a hint for move ordering; default: as given)."""
        return list(new_states)

    def win_at_once(self, state: State) -> State | None:
        """A new state in which the player to move has just won, or None (default: no cheap test).

        Offer a win only where winning now is the best the mover can do (as in every game scored
        +1/-1): a search then scores the position by it without searching the other moves.
        """
        return None

    def safe_new_states(self, state: State) -> list[State] | None:
        """The new states after which the other player cannot win at once, or None (default: no filter).

        Asked only where play goes on and ``win_at_once`` gave None. An empty list says every move
        loses at once.
        """
        return None

    def score_bounds(self, state: State, is_maximizing: bool) -> tuple[float, float]:
        """Bounds (for Max) on the score of a position where nobody wins at once: the player to move
        cannot, and has a move (a safe one, if the game names them) after which the other cannot."""
        return self.score_range

    def __repr__(self) -> str:
        """The game as it would be made, naming only the settings that differ from the defaults."""
        own = fields(self) if is_dataclass(self) else ()
        settings = [f"{f.name}={getattr(self, f.name)!r}" for f in own if getattr(self, f.name) != f.default]
        return f"{type(self).__name__}({', '.join(settings)})"


def menu_name(name: str) -> str:
    """A game's name as a menu lists it: "the textbook tree" becomes "Textbook tree", "tic-tac-toe" "Tic-tac-toe"."""
    name = name.removeprefix("the ")
    return name[:1].upper() + name[1:]


def shown(value: object, limit: int = 80) -> str:
    """`value` as a message shows it: its repr, cut short when long, never failing on huge numbers."""
    try:
        text = repr(value)
    except ValueError:  # an int with more digits than Python will print
        return f"an integer of about {int(value.bit_length() * 0.30103):,} digits"
    except RecursionError:  # lists nested too deep for Python's repr
        return f"a {type(value).__name__} nested too deeply to show"
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
