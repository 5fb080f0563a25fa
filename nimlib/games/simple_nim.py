"""Simple-Nim: one pile of counters, and a few takes allowed (notebooks 01 to 05)."""

from __future__ import annotations

from dataclasses import dataclass

from nimlib.games.base import Game
from nimlib.games.nim import pile_picture
from nimlib.games.printer import shown
from nimlib.games.values import MAX_COUNTERS, for_mover, truth_value, whole_number, whole_numbers


@dataclass(frozen=True, repr=False)
class SimpleNim(Game):
    """One pile of counters; a move takes one of `takes` counters from it.

    With ``last_counter_loses=True`` (misère play, the default) whoever takes the last counter
    loses; with ``False`` whoever takes it wins, and from 21 counters that is the "21 game".
    The state is the number of counters left.

    ``sensible_moves=True`` leaves out every move that takes the last counter while another move
    is possible: in misère play nobody empties the pile unless forced to. The game's score does
    not change, but its tree gets smaller, and this is the tree of the classic textbook figure
    (41 nodes from 6). In normal play taking the last counter wins, so the option is refused there.
    """

    name = "Simple-Nim"
    score_range = (-1, 1)  # a loss or a win
    score_depends_only_on_mover = True

    takes: tuple[int, ...] = (1, 2, 3)
    last_counter_loses: bool = True
    sensible_moves: bool = False

    def __post_init__(self) -> None:
        takes = checked_takes(self.takes, largest=MAX_COUNTERS)
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
        mover_won = self.last_counter_loses  # the other player made the last move
        return 1 if is_maximizing == mover_won else -1

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

    def picture(self, state: int) -> str:
        """The pile as text: its counters as dots, and how many."""
        return pile_picture(self.validate(state))

    def describe_move(self, state: int, new_state: int) -> str:
        """Such as "take 2" (with what is left)."""
        state, new_state = self.checked_move(state, new_state)
        taken = state - new_state
        return f"take {taken}, leaving {new_state}"


def checked_takes(takes: object, largest: int) -> tuple[int, ...]:
    """`takes` as a non-empty tuple of different whole numbers from 1 to `largest` (the counters
    a move may take), or a ValueError saying why not."""
    checked = whole_numbers(takes, "takes", smallest=1, largest=largest, longest=largest)
    if len(set(checked)) != len(checked):
        raise ValueError(f"takes must not repeat a number: {shown(takes)}")
    return checked
