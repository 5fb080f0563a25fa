"""Nim: several piles; a move takes any number of counters from one of them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from nimlib.games.base import Game
from nimlib.games.printer import plural, shown
from nimlib.games.values import truth_value, whole_number

MAX_PILES = 20  # the most piles a state of piles may have (the widgets' sliders offer fewer)
MAX_PILE_SIZE = 1_000
COUNTER = "●"  # one counter, in a picture of the piles
PILE_LINES = 8  # the most piles pictured a line each; more share lines (Split Nim's, split small)
PICTURE_WIDTH = 72  # the most characters of a line shared by piles: an 80-column terminal's
PILES_APART = "  ·  "  # between piles sharing a line (a web page shows runs of spaces as one)


def pile_picture(counters: int) -> str:
    """One pile as text: its counters as dots, and how many, such as "●●● (3 counters)"; an empty
    pile is "(0 counters)"."""
    return f"{COUNTER * counters} ({plural(counters, 'counter')})".lstrip()


class Piles(Game):
    """A game whose state is a tuple of piles, such as (2, 3, 5): Nim, and SplitNim."""

    score_range = (-1, 1)  # a loss or a win
    smallest_pile = 0  # the fewest counters a pile may hold
    most_piles = MAX_PILES  # the most piles a state may have

    def validate(self, state: object) -> tuple[int, ...]:
        """A tuple of 1 to `most_piles` piles, each from `smallest_pile` to 1,000 counters."""
        if not isinstance(state, (tuple, list)):
            raise ValueError(
                f"the state must be a tuple of pile sizes such as (2, 3, 5), not {shown(state)}"
            )
        if not state:
            raise ValueError("the state must have at least one pile, not an empty tuple")
        if len(state) > self.most_piles:
            raise ValueError(
                f"{len(state):,} piles are too many: at most {self.most_piles:,} are allowed"
            )
        return tuple(
            whole_number(pile, f"pile {number}", smallest=self.smallest_pile, largest=MAX_PILE_SIZE)
            for number, pile in enumerate(state, start=1)
        )

    def changed_pile(self, state: tuple[int, ...], new_state: tuple[int, ...]) -> int:
        """The index of the first pile that a move from `state` to `new_state` changed."""
        return next(i for i, (a, b) in enumerate(zip(state, new_state, strict=False)) if a != b)

    def picture(self, state: tuple[int, ...]) -> str:
        """The piles as text, a line each: its counters as dots, and its size; more than
        PILE_LINES piles as many to a line as fit PICTURE_WIDTH characters, so that a board of
        many small piles stays on a screen."""
        state = self.validate(state)
        piles = [  # an empty pile is "pile 2: (0)"
            f"pile {number}: " + f"{COUNTER * pile} ({pile})".lstrip()
            for number, pile in enumerate(state, 1)
        ]
        if len(piles) <= PILE_LINES:
            return "\n".join(piles)
        lines = [piles[0]]
        for pile in piles[1:]:
            if len(lines[-1]) + len(PILES_APART) + len(pile) <= PICTURE_WIDTH:
                lines[-1] += PILES_APART + pile
            else:
                lines.append(pile)
        return "\n".join(lines)


@dataclass(frozen=True, repr=False)
class Nim(Piles):
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

        Bigger takes end the game sooner, so alpha-beta tends to find a winning move early and cut
        off the rest (notebook 05 measures it)."""
        largest_first = sorted(range(len(state)), key=state.__getitem__, reverse=True)
        for index in largest_first:
            for left in range(state[index]):
                yield state[:index] + (left,) + state[index + 1 :]

    def evaluate(self, state: tuple[int, ...], is_maximizing: bool) -> int | None:
        """The game ends when every pile is empty; in misère play the player left to move has
        then won."""
        if any(state):
            return None
        mover_won = self.last_counter_loses  # the other player made the last move
        return 1 if is_maximizing == mover_won else -1

    def canonical(self, state: tuple[int, ...]) -> tuple[int, ...]:
        """The non-empty piles, sorted: order does not matter and empty piles play no part."""
        return tuple(sorted(filter(None, state)))  # filter(None, ...) keeps the non-empty piles

    def describe_move(self, state: tuple[int, ...], new_state: tuple[int, ...]) -> str:
        """Such as "take 2 from pile 3" (piles are numbered from 1)."""
        state, new_state = self.checked_move(state, new_state)
        index = self.changed_pile(state, new_state)
        return f"take {state[index] - new_state[index]} from pile {index + 1}"
