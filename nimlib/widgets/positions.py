"""A position to search or to play: a variant and where it starts, as the widgets' pickers set it.

`Position` is a small frozen value (so that the widgets can remember the pages they drew for it),
and it checks itself: a bad variant, pile or choice is a ValueError that names the problem.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from nimlib.games.base import Game, State
from nimlib.games.explicit_tree import deep_cutoff_tree, textbook_tree
from nimlib.games.nim import Nim
from nimlib.games.nim_variants import FibonacciNim, SplitNim
from nimlib.games.printer import menu_name, plural
from nimlib.games.scored_nim import ScoredNim
from nimlib.games.simple_nim import SimpleNim
from nimlib.games.values import shown, truth_value, whole_number

# The variants are called by their games' names (a fixed tree by its name as a menu lists it).
SIMPLE_NIM, NIM, SPLIT_NIM, FIBONACCI_NIM, SCORED_NIM = (
    game.name for game in (SimpleNim, Nim, SplitNim, FibonacciNim, ScoredNim)
)
NIM_VARIANTS = (
    SIMPLE_NIM,
    NIM,
    SPLIT_NIM,
    FIBONACCI_NIM,
)  # scored +1 or -1: the ones play() offers
TREES = {
    menu_name(tree().name): tree for tree in (textbook_tree, deep_cutoff_tree)
}  # fixed trees: nothing to pick
VARIANTS = (*NIM_VARIANTS, SCORED_NIM, *TREES)
EITHER_ENDING = (SIMPLE_NIM, NIM)  # the variants played both ways: misère or normal
SCORED_ROW = ScoredNim().values  # Scored Nim's counters: the first `counters` of this row
COUNTERS = {
    SIMPLE_NIM: (0, 30),
    FIBONACCI_NIM: (2, 30),
    SCORED_NIM: (1, len(SCORED_ROW)),
}  # one pile
PILE_SIZES = {NIM: (0, 7), SPLIT_NIM: (1, 12)}  # several piles: each slider's range
ANY_PILE_SIZE = (0, 12)  # the pile sliders' range, while a one-pile variant hides them
ANY_COUNTERS = 30  # the counters slider's largest value, while a variant of piles hides it
DEFAULT_COUNTERS, DEFAULT_PILES = 5, (1, 2, 3)
MOST_PILE_SLIDERS = (
    4  # the pile sliders a picker offers (the games themselves allow more: MAX_PILES)
)


@dataclass(frozen=True)
class Position:
    """A variant and its starting position: `counters` for a one-pile game, `piles` for the
    others."""

    variant: str = "Simple-Nim"
    counters: int = DEFAULT_COUNTERS
    piles: tuple[int, ...] = DEFAULT_PILES
    misere: bool = True

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            wrong = f"unknown variant {shown(self.variant)}"
            raise ValueError(f"{wrong}: choose one of {', '.join(VARIANTS)}")
        object.__setattr__(self, "misere", truth_value(self.misere, "misere"))
        any_counters = or_default(
            lambda: whole_number(self.counters, "counters", largest=ANY_COUNTERS), DEFAULT_COUNTERS
        )
        any_piles = or_default(lambda: checked_piles(self.piles, *ANY_PILE_SIZE), DEFAULT_PILES)
        if self.variant in TREES:  # nothing to pick: counters and piles only set the hidden sliders
            object.__setattr__(self, "counters", any_counters)
            piles = any_piles
        elif (
            self.variant in COUNTERS
        ):  # one pile: the piles only set the hidden pile sliders, so any value will do
            smallest, largest = COUNTERS[self.variant]
            whole_number(self.counters, "counters", smallest=smallest, largest=largest)
            piles = any_piles
        else:  # several piles: the counters only set the hidden counters slider
            piles = checked_piles(self.piles, *PILE_SIZES[self.variant])
            object.__setattr__(self, "counters", any_counters)
        object.__setattr__(self, "piles", piles)  # a tuple, even if given as a list

    @property
    def game(self) -> Game:
        """The rules of the variant."""
        if self.variant == SIMPLE_NIM:
            return SimpleNim(last_counter_loses=self.misere)
        if self.variant == NIM:
            return Nim(last_counter_loses=self.misere)
        if self.variant == SCORED_NIM:
            return ScoredNim(values=SCORED_ROW[: self.counters])
        if self.variant in TREES:
            return TREES[self.variant]()
        return SplitNim() if self.variant == SPLIT_NIM else FibonacciNim()

    @property
    def state(self) -> State:
        """The starting state, as the game writes it."""
        if self.variant == SIMPLE_NIM:
            return self.counters
        if self.variant == FIBONACCI_NIM:
            return FibonacciNim.start(self.counters)
        if self.variant == SCORED_NIM:
            return self.game.start()
        if self.variant in TREES:
            return self.game.root
        return self.piles

    def __str__(self) -> str:
        """Such as "Nim (misère: the last counter loses) from (1, 2, 3)", or "Scored Nim from the
        row 3 1 4"."""
        if self.variant in TREES:
            return f"{self.game.name} {self.game.given!r}"
        if self.variant == SCORED_NIM:
            return f"{self.game.name} from the row {self.game.row(self.state)}"
        ending = ""
        if self.variant in EITHER_ENDING:
            ending = (
                " (misère: the last counter loses)"
                if self.misere
                else " (normal play: the last counter wins)"
            )
        start = plural(self.counters, "counter") if self.variant in COUNTERS else str(self.piles)
        return f"{self.game.name}{ending} from {start}"


def checked_piles(piles: object, smallest: int, largest: int) -> tuple[int, ...]:
    """`piles` as a tuple of 1 to MOST_PILE_SLIDERS pile sizes in the sliders' range, or a
    ValueError saying why not."""
    if not isinstance(piles, (tuple, list)) or not 1 <= len(piles) <= MOST_PILE_SLIDERS:
        wanted = f"a tuple of 1 to {MOST_PILE_SLIDERS} pile sizes such as (1, 2, 3)"
        raise ValueError(f"piles must be {wanted}, not {shown(piles)}")
    return tuple(
        whole_number(pile, f"pile {index}", smallest=smallest, largest=largest)
        for index, pile in enumerate(piles, start=1)
    )


def or_default(checked: Callable[[], object], default: object) -> object:
    """What `checked()` returns, or `default` if it finds the value bad: for a setting the variant
    does not use."""
    try:
        return checked()
    except ValueError:
        return default


def checked_position(position: object) -> Position:
    """`position` if it is a Position, else a TypeError saying what a widget needs."""
    if not isinstance(position, Position):
        wanted = "a Position such as Position('Nim', piles=(1, 2))"
        given = f"{shown(position)} ({type(position).__name__})"
        raise TypeError(f"position must be {wanted}, not {given}")
    return position


def checked_choice(value: object, choices: dict, name: str) -> object:
    """`value` if it is one of `choices`, else a ValueError listing them."""
    if value not in list(
        choices
    ):  # a list compares by ==, so an unhashable value such as ["memo"] is just not in it
        options = ", ".join(map(repr, choices))
        raise ValueError(f"unknown {name} {shown(value)}: choose one of {options}")
    return value
