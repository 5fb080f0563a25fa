"""The contract of a game with chance: besides the players' moves, some positions are the dice's.

A game of chance keeps the Game contract's vocabulary and adds two methods; it is a class of its own
(not a Game), so that nothing the deterministic games and their searches do changes:

- ``is_chance(state)``: True when the dice move next from `state` (a **chance node**);
- ``outcomes(state)``: at a chance node, the states the dice can lead to, each with its probability,
  as ``(probability, new_state)`` pairs whose probabilities are exact fractions adding up to 1.

Whose turn it is travels beside the state, as in every search of the series (``is_maximizing``): a
player's move passes the turn, the dice never do. So after Max chooses to roll, the chance node is
already Min's, and whatever the dice show, Min moves next.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from fractions import Fraction

from nimlib.games.base import State
from nimlib.games.values import shown

Outcome = tuple[Fraction, State]


class ChanceGame(ABC):
    """The rules of a two-player zero-sum game in which dice move at the chance nodes."""

    score_range: tuple[float, float] = (-1, 1)
    name: str = "ChanceGame"

    def __init_subclass__(cls, **settings: object) -> None:
        """A game class that does not name itself is called by its class name."""
        super().__init_subclass__(**settings)
        if cls.name == "ChanceGame":
            cls.name = cls.__name__

    @abstractmethod
    def is_chance(self, state: State) -> bool:
        """Whether the dice move next from `state`."""

    @abstractmethod
    def outcomes(self, state: State) -> list[Outcome]:
        """At a chance node, each state the dice lead to with its probability (adding up to 1)."""

    @abstractmethod
    def possible_new_states(self, state: State) -> Iterable[State]:
        """The states that one move of the player to move can reach from `state`."""

    @abstractmethod
    def evaluate(self, state: State, is_maximizing: bool) -> float | None:
        """The score for the maximizing player once the game is over (in score_range), else None."""

    def label(self, state: State) -> str:
        """`state` as a drawn tree names its node."""
        return shown(state)

    def describe_move(self, state: State, new_state: State) -> str:
        """The move (or the dice's outcome) from `state` to `new_state` in words."""
        return f"move from {shown(state)} to {shown(new_state)}"


def checked_outcomes(game: ChanceGame, state: State) -> list[Outcome]:
    """`game.outcomes(state)`, or a ValueError when its probabilities do not add up to 1."""
    outcomes = list(game.outcomes(state))
    probabilities = [probability for probability, _ in outcomes]
    if not outcomes or any(not 0 < p <= 1 for p in probabilities) or sum(probabilities) != 1:
        raise ValueError(
            f"{game.name}.outcomes({shown(state)}) gave the probabilities {shown(probabilities)}: "
            "each must be above 0, and together they must add up to exactly 1"
        )
    return outcomes
