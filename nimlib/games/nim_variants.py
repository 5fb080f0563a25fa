"""Two more games of removing counters, each with its own pattern to find: SplitNim and Fibonacci
Nim."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from nimlib.games.base import Game
from nimlib.games.nim import MAX_PILE_SIZE, MAX_PILES, Piles, pile_picture
from nimlib.games.printer import shown
from nimlib.games.values import for_mover, whole_number


@dataclass(frozen=True, repr=False)
class SplitNim(Piles):
    """Grundy's game: a move splits one pile into two non-empty piles of different sizes.

    The state is a tuple of pile sizes. Piles of 1 or 2 can no longer be split, and the player
    who cannot move loses.
    """

    name = "Split Nim"
    score_depends_only_on_mover = True
    smallest_pile = 1
    # each split makes one pile more: 20 piles of 1,000 counters end as up to 20,000 piles
    most_piles = MAX_PILES * MAX_PILE_SIZE

    def possible_new_states(self, state: tuple[int, ...]) -> Iterable[tuple[int, ...]]:
        """Pile by pile from the first; each pile p becomes (p - 1, 1), then (p - 2, 2), ..."""
        for index, pile in enumerate(state):
            for smaller in range(1, (pile - 1) // 2 + 1):
                yield state[:index] + (pile - smaller, smaller) + state[index + 1 :]

    def evaluate(self, state: tuple[int, ...], is_maximizing: bool) -> int | None:
        """The game ends when no pile has 3 or more counters; the player to move has lost."""
        if any(pile >= 3 for pile in state):
            return None
        return for_mover(-1, is_maximizing)  # the player to move has lost

    def canonical(self, state: tuple[int, ...]) -> tuple[int, ...]:
        """The piles that can still be split, sorted."""
        return tuple(sorted(pile for pile in state if pile >= 3))

    def describe_move(self, state: tuple[int, ...], new_state: tuple[int, ...]) -> str:
        """Such as "split pile 1 (7) into 5 and 2"."""
        state, new_state = self.checked_move(state, new_state)
        index = self.changed_pile(state, new_state)
        bigger, smaller = new_state[index], new_state[index + 1]
        return f"split pile {index + 1} ({state[index]}) into {bigger} and {smaller}"


@dataclass(frozen=True, repr=False)
class FibonacciNim(Game):
    """One pile; the first move may take any number but the whole pile, and after a take of t
    the next player may take at most 2 * t. Whoever takes the last counter wins.

    The state is ``(counters, max_take)``; ``FibonacciNim.start(n)`` is the opening ``(n, n - 1)``.
    """

    name = "Fibonacci Nim"
    score_range = (-1, 1)  # a loss or a win
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
        return for_mover(-1, is_maximizing)  # the player to move has lost

    def validate(self, state: object) -> tuple[int, int]:
        """A pair (counters, max_take) of whole numbers, max_take at least 1 while counters
        remain."""
        if not isinstance(state, (tuple, list)) or len(state) != 2:
            raise ValueError(
                f"the state must be a pair (counters, max_take) such as (10, 9), not {shown(state)}"
            )
        counters = whole_number(state[0], "counters", largest=MAX_PILE_SIZE)
        max_take = whole_number(
            state[1], "max_take", smallest=1 if counters else 0, largest=2 * MAX_PILE_SIZE
        )
        return (counters, max_take)

    def canonical(self, state: tuple[int, int]) -> tuple[int, int]:
        """A larger allowance than the pile itself changes nothing, so cap it at the pile."""
        counters, max_take = state
        return (counters, min(max_take, counters))

    def picture(self, state: tuple[int, int]) -> str:
        """The pile as text: its counters as dots and how many, then the takes allowed next."""
        counters, max_take = self.validate(state)
        pile = pile_picture(counters)
        largest = min(max_take, counters)
        if largest == 0:
            return pile
        if largest == 1:
            takes = "must be 1"
        elif largest == 2:
            takes = "may be 1 or 2"
        else:
            takes = f"may be 1 to {largest}"
        return f"{pile}\nThe next take {takes}."

    def describe_move(self, state: tuple[int, int], new_state: tuple[int, int]) -> str:
        """Such as "take 3, leaving 7"."""
        state, new_state = self.checked_move(state, new_state)
        return f"take {state[0] - new_state[0]}, leaving {new_state[0]}"
