"""Dice Nim: a pile of counters; take one or two, or roll a die and let it decide how many go.

On your turn you either **take** one or two counters, or **roll** a die: 1, 2 or 3 takes one
counter, 4 or 5 takes two, 6 takes three (never more than are left). Whoever takes the last
counter wins
(+1 for Max, -1 for Min). Every turn removes at least one counter, so the game is over within as
many turns as there are counters: its game tree is finite, and expectiminimax reaches its leaves.

A state is ``(counters, rolling)``: ``rolling`` is True at a chance node, where the die is about to
be rolled for the player who chose to roll (the turn has already passed to the other player, who
moves once the die has spoken).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from nimlib.games.base import Game, Outcome
from nimlib.games.printer import shown
from nimlib.games.values import for_mover, whole_number

DIE = {1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3}  # a face of the die: how many counters it takes
MAX_DICE_COUNTERS = 1_000

DiceState = tuple[int, bool]


@dataclass(frozen=True, repr=False)
class DiceNim(Game):
    """Take one or two counters, or roll the die for one to three; taking the last counter wins."""

    counters: int = 3
    name = "Dice Nim"
    score_range = (-1, 1)  # a loss or a win
    score_depends_only_on_mover = True

    def __post_init__(self) -> None:
        counters = whole_number(self.counters, "counters", largest=MAX_DICE_COUNTERS)
        object.__setattr__(self, "counters", counters)

    def start(self) -> DiceState:
        """The pile of `counters`, the first player to choose."""
        return (self.counters, False)

    def validate(self, state: object) -> DiceState:
        """`state` as a (counters, rolling) pair, or a ValueError naming what is wrong."""
        if not (isinstance(state, tuple) and len(state) == 2 and isinstance(state[1], bool)):
            raise ValueError(f"a Dice Nim state is (counters, rolling), not {shown(state)}")
        return (whole_number(state[0], "counters", largest=MAX_DICE_COUNTERS), state[1])

    def is_chance(self, state: DiceState) -> bool:
        """Whether the die is about to be rolled."""
        return state[1]

    def outcomes(self, state: DiceState) -> list[Outcome]:
        """The piles the die can leave, each with its probability (faces with one pile merged)."""
        counters, _ = state
        faces = Counter((max(counters - take, 0), False) for take in DIE.values())
        return [(Fraction(count, len(DIE)), left) for left, count in faces.items()]

    def possible_new_states(self, state: DiceState) -> list[DiceState]:
        """Take two, take one, or roll (a chance node); nothing once the pile is empty."""
        counters, rolling = state
        if rolling or counters == 0:
            return []
        takes = [(counters - take, False) for take in (2, 1) if take <= counters]
        return [*takes, (counters, True)]

    def evaluate(self, state: DiceState, is_maximizing: bool) -> int | None:
        """-1 for the player to move at an empty pile (the other one took the last counter)."""
        if state != (0, False):
            return None
        return for_mover(-1, is_maximizing)

    def label(self, state: DiceState) -> str:
        """The counters left, as a drawn tree names the node."""
        return str(self.validate(state)[0])

    def describe_move(self, state: DiceState, new_state: DiceState) -> str:
        """ "take 1", "roll", or what the die took, such as "4-5" (the faces of the die)."""
        state, new_state = self.checked_move(state, new_state)
        if state[1]:
            left = new_state[0]
            faces = [str(face) for face, take in DIE.items() if max(state[0] - take, 0) == left]
            return f"{faces[0]}-{faces[-1]}" if len(faces) > 1 else faces[0]
        return "roll" if new_state[1] else f"take {state[0] - new_state[0]}"
