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
  to move cannot, and has a move after which the other cannot either); ``score_reach``: where
  play goes on, wins at once included (a search's null windows start there).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import fields, is_dataclass

from nimlib.games.values import State, shown


class Game(ABC):
    """The rules of a two-player zero-sum game with no chance.

    `score_range` is (lowest, highest): every score `evaluate` or `estimate` gives lies in it.
    `score_depends_only_on_mover` is True when a position is worth the same to whichever player
    is to move (as in every Nim game), so that a search may drop `is_maximizing` from its keys.
    """

    score_range: tuple[float, float] = (-1, 1)
    estimate_range: tuple[float, float] | None = None  # where estimates lie (None: score_range)
    score_depends_only_on_mover: bool = False
    name: str = "Game"  # what widgets and captions call the game; each game sets its own

    def __init_subclass__(cls, **settings: object) -> None:
        """A game class that does not name itself is called by its class name ("MyGame")."""
        super().__init_subclass__(**settings)
        if cls.name == "Game":
            cls.name = cls.__name__

    @abstractmethod
    def possible_new_states(self, state: State) -> Iterable[State]:
        """The states that one move from `state` can reach."""

    @abstractmethod
    def evaluate(self, state: State, is_maximizing: bool) -> float | None:
        """The score for the maximizing player once the game is over (in score_range), else None."""

    def estimate(self, state: State, is_maximizing: bool) -> float:
        """A guess at the score of a position that is not over, for a search that stops at a
        depth."""
        raise ValueError(
            f"{type(self).__name__} has no estimate for unfinished positions such as "
            f"{shown(state)}: "
            "search without depth=, or give the game an estimate(state, is_maximizing) method"
        )

    def known_score(self, state: State, is_maximizing: bool) -> float | None:
        """The exact minimax score of `state` if the game's theory gives it without a search, else
        None."""
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
        """The same new states, the most promising first (a hint for move ordering; default: as
        given)."""
        return list(new_states)

    def win_at_once(self, state: State) -> State | None:
        """A new state in which the player to move has just won, or None (default: no cheap test).

        Offer a win only where winning now is the best the mover can do (as in every game scored
        +1/-1): a search then scores the position by it without searching the other moves.
        """
        return None

    def safe_new_states(self, state: State) -> list[State] | None:
        """The new states after which the other player cannot win at once, or None (default: no
        filter).

        Asked only where play goes on and ``win_at_once`` gave None. An empty list says every move
        loses at once.
        """
        return None

    def score_bounds(self, state: State, is_maximizing: bool) -> tuple[float, float]:
        """Bounds (for Max) on the score of a position where nobody wins at once: the player to move
        cannot, and has a move (a safe one, if the game names them) after which the other cannot."""
        return self.score_range

    def score_reach(self, state: State, is_maximizing: bool) -> tuple[float, float]:
        """Bounds (for Max) on the score of a position where play goes on (default: the range)."""
        return self.score_range

    def __repr__(self) -> str:
        """The game as it would be made, naming only the settings that differ from the defaults."""
        own = fields(self) if is_dataclass(self) else ()
        settings = [
            f"{f.name}={getattr(self, f.name)!r}" for f in own if getattr(self, f.name) != f.default
        ]
        return f"{type(self).__name__}({', '.join(settings)})"
