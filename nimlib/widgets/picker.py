"""The pickers for a position, shared by explore(), replay() and play(): the variant, its ending,
its piles.

The pickers show only what the chosen variant needs (a counters slider for a one-pile game, pile
sliders for the others), and tell the widget once per change, never for their own rearranging.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import ipywidgets as widgets

from nimlib.games.values import checked_choice
from nimlib.widgets.controls import (
    Dropdown,
    Slider,
    focus_ring,
    set_visible,
    slider,
    toggles,
)
from nimlib.widgets.positions import (
    ANY_COUNTERS,
    ANY_PILE_SIZE,
    DEFAULT_COUNTERS,
    DEFAULT_PILES,
    MOST_PILE_SLIDERS,
    ONE_PILE,
    PILES,
    SCORED_NIM,
    VARIANTS,
    Position,
    checked_position,
)
from nimlib.widgets.saved import choice


class PositionPicker(widgets.VBox):
    """Pickers for the variant (one of `variants`, else of VARIANTS), misère or normal play, and the
    counters or the piles."""

    def __init__(
        self,
        position: Position,
        variants: tuple[str, ...] | None = None,
        hidden_counters: int = DEFAULT_COUNTERS,
    ) -> None:
        """Pickers set to `position`, offering `variants` (None: all of VARIANTS), the counters
        slider hidden under a variant of piles at `hidden_counters`."""
        checked_position(position)
        variants = tuple(VARIANTS) if variants is None else variants
        checked_choice(position.variant, variants, "variant")
        # the settings the variant does not take (None) set the hidden pickers to their defaults
        counters_now = hidden_counters if position.counters is None else position.counters
        piles_now = DEFAULT_PILES if position.piles is None else position.piles
        piles = piles_now + (1,) * (MOST_PILE_SLIDERS - len(piles_now))
        self.variant = Dropdown(options=variants, value=position.variant, description="game")
        endings = {True: "misère: last counter loses", False: "normal: last counter wins"}
        ending = position.last_counter_loses is not False
        self.ending = toggles(endings, ending, "ending")
        picks, sizes = position.entry.picks, position.entry.sizes  # the others: any value will do
        counters = sizes if picks == ONE_PILE else (0, ANY_COUNTERS)
        self.counters = slider("counters", counters_now, *counters)
        self.pile_count = slider("piles", len(piles_now), 1, MOST_PILE_SLIDERS)
        each_pile = sizes if picks == PILES else ANY_PILE_SIZE
        self.piles = [
            slider(f"pile {n}", size, *each_pile) for n, size in enumerate(piles, start=1)
        ]
        self.counters.add_class("nim-counters")
        self.wanted: dict[str, int] = {}  # a slider's description: the value last given it
        self.callbacks: list[Callable[[], None]] = []
        self.quiet = False
        controls = [self.variant, self.ending, self.counters, self.pile_count, *self.piles]
        super().__init__([focus_ring(), *controls])
        self.arrange()
        for control in controls:
            control.observe(self.changed, names="value")

    @property
    def position(self) -> Position:
        """The position the pickers show: the settings its variant takes (the hidden pickers keep
        their values for another variant)."""
        entry = VARIANTS[self.variant.value]
        piles = tuple(pile.value for pile in self.piles[: self.pile_count.value])
        return Position(
            self.variant.value,
            self.counters.value if entry.picks == ONE_PILE else None,
            piles if entry.picks == PILES else None,
            self.ending.value if entry.either_ending else None,
        )

    def on_change(self, callback: Callable[[], None]) -> None:
        """Call `callback()` after every change of the position."""
        self.callbacks.append(callback)

    def changed(self, change: dict) -> None:
        """Show the pickers the variant needs, then tell the callbacks, once per change."""
        if self.quiet:
            return
        if isinstance(change["owner"], Slider):
            self.wanted[change["owner"].description] = change["new"]
        self.arrange()
        for callback in self.callbacks:
            callback()

    @contextmanager
    def silenced(self) -> Iterator[None]:
        """Within this block, changes the pickers make to each other tell no one."""
        self.quiet = True
        try:
            yield
        finally:
            self.quiet = False

    def arrange(self) -> None:
        """Only the pickers of this variant, with its ranges: counters or piles, and the ending if
        it has one."""
        entry = VARIANTS[self.variant.value]
        one_pile, piles = entry.picks == ONE_PILE, entry.picks == PILES
        with self.silenced():
            if one_pile:
                self.counters = self.with_range(self.counters, *entry.sizes)
                self.counters.add_class("nim-counters")
            elif piles:
                self.piles = [self.with_range(pile, *entry.sizes) for pile in self.piles]
        set_visible(self.ending, entry.either_ending)
        set_visible(self.counters, one_pile)
        set_visible(self.pile_count, piles)
        for index, pile in enumerate(self.piles, start=1):
            set_visible(pile, piles and index <= self.pile_count.value)

    def with_range(self, old: Slider, smallest: int, largest: int) -> Slider:
        """`old` if it runs from `smallest` to `largest`, else a slider made anew in its place (a
        slider shown in a browser keeps its first range for the End and Home keys: End gave 8
        counters, Scored Nim's most, after Simple-Nim was chosen); either at the value last given
        it, moved into that range (30 counters in Simple-Nim are 8 in Scored Nim, 30 again back
        in Simple-Nim)."""
        value = min(max(self.wanted.get(old.description, old.value), smallest), largest)
        if (old.min, old.max) == (smallest, largest):
            old.value = value
            return old
        new = slider(old.description, value, smallest, largest)
        new.observe(self.changed, names="value")
        self.children = tuple(new if child is old else child for child in self.children)
        old.close()
        return new

    def settings(self) -> list[tuple[str, str]]:
        """The pickers' values that this variant uses, as (name, value) pairs for a still picture of
        the widget."""
        position = self.position
        shown = [("game", position.variant)]
        if position.entry.either_ending:
            shown.append(("ending", choice(self.ending)))
        if position.variant == SCORED_NIM:
            return [*shown, ("row", position.game.row(position.state))]
        if position.entry.picks == ONE_PILE:
            return [*shown, ("counters", str(position.counters))]
        if position.entry.picks == PILES:
            return [*shown, ("piles", ", ".join(map(str, position.piles)))]
        return shown
