"""The Nim family: Simple-Nim, Nim with several piles, SplitNim and Fibonacci Nim."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from nimlib.games.base import Game
from nimlib.games.values import MAX_COUNTERS, for_mover, shown, truth_value, whole_number

MAX_PILES = 20  # the most piles a state of piles may have (the widgets' sliders offer fewer)
MAX_PILE_SIZE = 1_000


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

    name = "Simple-Nim"
    score_depends_only_on_mover = True

    takes: tuple[int, ...] = (1, 2, 3)
    last_counter_loses: bool = True
    sensible_moves: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.takes, (tuple, list)) or not self.takes:
            raise ValueError(
                f"takes must be a non-empty tuple of whole numbers, not {shown(self.takes)}"
            )
        takes = tuple(
            whole_number(take, "a take", smallest=1, largest=MAX_COUNTERS) for take in self.takes
        )
        if len(set(takes)) != len(takes):
            raise ValueError(f"takes must not repeat a number: {shown(self.takes)}")
        object.__setattr__(self, "takes", takes)
        object.__setattr__(self, "_smallest_take", min(takes))
        truth_value(self.last_counter_loses, "last_counter_loses")
        truth_value(self.sensible_moves, "sensible_moves")
        if self.sensible_moves and not self.last_counter_loses:
            raise ValueError(
                "sensible_moves=True needs last_counter_loses=True: in normal play taking the "
                "last counter wins"
            )

    def possible_new_states(self, state: int) -> list[int]:
        """Counters left after each take, in the order of `takes` (1, 2, 3: from 6 that is 5, 4,
        3)."""
        new_states = [state - take for take in self.takes if take <= state]
        if self.sensible_moves and any(new_state > 0 for new_state in new_states):
            return [new_state for new_state in new_states if new_state > 0]
        return new_states

    def evaluate(self, state: int, is_maximizing: bool) -> int | None:
        """The game ends when no take fits; in misère play the player left to move has then won."""
        if state >= self._smallest_take:
            return None
        return for_mover(1 if self.last_counter_loses else -1, is_maximizing)

    def known_score(self, state: int, is_maximizing: bool) -> int | None:
        """With takes 1 to k, the player to move loses exactly where the counters leave 1 (misère
        play) or 0 (normal play) when divided by k + 1 (notebook 08); other takes have no such rule
        here."""
        most = len(self.takes)
        if set(self.takes) != set(range(1, most + 1)):
            return None
        losing_remainder = 1 if self.last_counter_loses else 0
        return for_mover(1 if state % (most + 1) != losing_remainder else -1, is_maximizing)

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

    name = "Nim"
    score_depends_only_on_mover = True

    last_counter_loses: bool = True

    def __post_init__(self) -> None:
        truth_value(self.last_counter_loses, "last_counter_loses")

    def possible_new_states(self, state: tuple[int, ...]) -> Iterable[tuple[int, ...]]:
        """The largest pile first (equal piles from the first): empty it, then leave 1, 2, ...

        The first move is the biggest take there is, and each pile's bigger takes come first:
        they reach the end of the game sooner, so a search that stops at the first winning move
        (alpha-beta) tends to find one early and cut off the rest (notebook 05 measures it).
        """
        largest_first = sorted(range(len(state)), key=state.__getitem__, reverse=True)
        for index in largest_first:
            for left in range(state[index]):
                yield state[:index] + (left,) + state[index + 1 :]

    def evaluate(self, state: tuple[int, ...], is_maximizing: bool) -> int | None:
        """The game ends when every pile is empty."""
        if any(state):
            return None
        return for_mover(1 if self.last_counter_loses else -1, is_maximizing)

    def validate(self, state: object) -> tuple[int, ...]:
        """A tuple of 1 to 20 piles, each from 0 to 1,000 counters, or a ValueError naming the bad
        value."""
        if not isinstance(state, (tuple, list)):
            raise ValueError(
                f"the state must be a tuple of pile sizes such as (2, 3, 5), not {shown(state)}"
            )
        if not state:
            raise ValueError("the state must have at least one pile, not an empty tuple")
        if len(state) > MAX_PILES:
            raise ValueError(f"{len(state):,} piles are too many: at most {MAX_PILES} are allowed")
        return tuple(
            whole_number(pile, f"pile {number}", largest=MAX_PILE_SIZE)
            for number, pile in enumerate(state, start=1)
        )

    def canonical(self, state: tuple[int, ...]) -> tuple[int, ...]:
        """The non-empty piles, sorted: order does not matter and empty piles play no part."""
        return tuple(sorted(pile for pile in state if pile))

    def describe_move(self, state: tuple[int, ...], new_state: tuple[int, ...]) -> str:
        """Such as "take 2 from pile 3" (piles are numbered from 1)."""
        for number, (before, after) in enumerate(zip(state, new_state, strict=True), start=1):
            if before != after:
                return f"take {before - after} from pile {number}"
        return super().describe_move(state, new_state)
