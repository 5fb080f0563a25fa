"""A position to search or to play: a variant and where it starts, as the widgets' pickers set it.

`Position` is a small frozen value (so that the widgets can remember the pages they drew for it),
and it checks itself: a bad variant, pile or choice is a ValueError that names the problem.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from nimlib.games.base import Game, State, has_dice
from nimlib.games.explicit_tree import deep_cutoff_tree, textbook_tree
from nimlib.games.nim import Nim
from nimlib.games.nim_variants import FibonacciNim, SplitNim
from nimlib.games.printer import menu_name, plural, shown, shown_typed
from nimlib.games.scored_nim import ScoredNim
from nimlib.games.simple_nim import SimpleNim
from nimlib.games.values import checked_choice, checked_state, truth_value, whole_number

ONE_PILE, PILES, NOTHING = "counters", "piles", "nothing"  # what a variant's pickers choose
ANY_PILE_SIZE = (0, 12)  # the pile sliders' range, while a one-pile variant hides them
ANY_COUNTERS = 30  # the counters slider's largest value, while a variant of piles hides it
DEFAULT_COUNTERS, DEFAULT_PILES = 5, (1, 2, 3)
MOST_PILE_SLIDERS = 4  # the pile sliders a picker offers (the games allow more: MAX_PILES)
SCORED_ROW = ScoredNim().values  # Scored Nim's counters: the first `counters` of this row


@dataclass(frozen=True)
class Variant:
    """A game the widgets offer: its rules and its start, given the pickers' position, and what the
    pickers choose (ONE_PILE: the counters, PILES: each pile, NOTHING: a fixed tree)."""

    game: Callable[[Position], Game]
    start: Callable[[Position], State]
    picks: str
    sizes: tuple[int, int] = ANY_PILE_SIZE  # the counters', or each pile's, smallest and largest
    either_ending: bool = False  # played both ways: misère or normal


# The variants are called by their games' names (a fixed tree by its name as a menu lists it).
# Adding one is an entry here, its game's name read out with the others just below: explore(),
# replay() and the pickers read the rest from it, and play() offers it if it is scored +1 or -1.
SIMPLE_NIM, NIM, SPLIT_NIM, FIBONACCI_NIM, SCORED_NIM = (
    game.name for game in (SimpleNim, Nim, SplitNim, FibonacciNim, ScoredNim)
)
VARIANTS: dict[str, Variant] = {
    SIMPLE_NIM: Variant(
        game=lambda position: SimpleNim(last_counter_loses=position.last_counter_loses),
        start=lambda position: position.counters,
        picks=ONE_PILE,
        sizes=(0, 30),
        either_ending=True,
    ),
    NIM: Variant(
        game=lambda position: Nim(last_counter_loses=position.last_counter_loses),
        start=lambda position: position.piles,
        picks=PILES,
        sizes=(0, 7),
        either_ending=True,
    ),
    SPLIT_NIM: Variant(
        game=lambda position: SplitNim(),
        start=lambda position: position.piles,
        picks=PILES,
        sizes=(1, 12),
    ),
    FIBONACCI_NIM: Variant(
        game=lambda position: FibonacciNim(),
        start=lambda position: FibonacciNim.start(position.counters),
        picks=ONE_PILE,
        sizes=(2, 30),
    ),
    SCORED_NIM: Variant(
        game=lambda position: ScoredNim(values=SCORED_ROW[: position.counters]),
        start=lambda position: position.game.start(),
        picks=ONE_PILE,
        sizes=(1, len(SCORED_ROW)),
    ),
    **{
        menu_name(tree().name): Variant(
            game=lambda position, tree=tree: tree(),
            start=lambda position: position.game.root,
            picks=NOTHING,
        )
        for tree in (textbook_tree, deep_cutoff_tree)
    },
}


@dataclass(frozen=True)
class Position:
    """A variant and its starting position: `counters` for a one-pile game, `piles` for the
    others, `last_counter_loses` for a game played both ways. Each left out (None) is the
    variant's default; one given to a variant with no use for it is refused, and stays None."""

    variant: str = "Simple-Nim"
    counters: int | None = None
    piles: tuple[int, ...] | None = None
    last_counter_loses: bool | None = None

    def __post_init__(self) -> None:
        """Check the settings the variant takes, each left out at its default; the others stay
        None (one game is one Position, whose repr reads back: the widgets remember the pages
        they drew for it)."""
        checked_variant(self.variant, VARIANTS)
        picks, sizes, either_ending = self.entry.picks, self.entry.sizes, self.entry.either_ending
        wanted = {ONE_PILE: ["counters"], PILES: ["piles"], NOTHING: []}[picks]
        wanted += ["last_counter_loses"] * either_ending
        refuse_unused(self.variant, wanted, self.counters, self.piles, self.last_counter_loses)
        counters = piles = last_counter_loses = None
        if "counters" in wanted:
            given = DEFAULT_COUNTERS if self.counters is None else self.counters
            named = f"{self.variant}'s counters"  # the range is the variant's: Scored Nim's 1 to 8
            counters = whole_number(given, named, smallest=sizes[0], largest=sizes[1])
        if "piles" in wanted:  # a tuple, even if given as a list
            given = DEFAULT_PILES if self.piles is None else self.piles
            piles = checked_piles(given, *sizes, variant=self.variant)
        if "last_counter_loses" in wanted:
            given = True if self.last_counter_loses is None else self.last_counter_loses
            last_counter_loses = truth_value(given, "last_counter_loses")
        object.__setattr__(self, "counters", counters)
        object.__setattr__(self, "piles", piles)
        object.__setattr__(self, "last_counter_loses", last_counter_loses)

    @property
    def entry(self) -> Variant:
        """The variant's entry in VARIANTS: its rules, its start, what its pickers choose."""
        return VARIANTS[self.variant]

    @property
    def game(self) -> Game:
        """The rules of the variant."""
        return self.entry.game(self)

    @property
    def state(self) -> State:
        """The starting state, in the game's standard form (its validate: a game of your own
        may write a pile of 0 otherwise, as Nim does not)."""
        return checked_state(self.game, self.entry.start(self))

    def __str__(self) -> str:
        """Such as "Nim (misère: the last counter loses) from (1, 2, 3)", or "Scored Nim from the
        row 3 1 4"."""
        if self.entry.picks == NOTHING:
            return f"{self.game.name} {self.game.given!r}"
        if self.variant == SCORED_NIM:
            return f"{self.game.name} from the row {self.game.row(self.state)}"
        ending = ""
        if self.entry.either_ending:
            ending = (
                " (misère: the last counter loses)"
                if self.last_counter_loses
                else " (normal play: the last counter wins)"
            )
        start = (
            plural(self.counters, "counter") if self.entry.picks == ONE_PILE else str(self.state)
        )
        return f"{self.game.name}{ending} from {start}"


DICE_GAME_SEEN = (
    "solve it with expectiminimax(game, state, True) (or solve_by_value_iteration(game) if play "
    "can come back to a position, as in Pig) and draw its tree with draw_chance_tree(game, state) "
    "from nimlib.drawing; Pig itself plays in play_pig()"
)
CONNECT_FOUR_SEEN = (
    "play it with play_connect_four(), or watch MCTS play it with explore_mcts(ConnectFour())"
)
# nimlib's games that are no variant of the pickers, by their loose names: where they are seen
WIDGETS_OF_THEIR_OWN = {
    "tictactoe": "play it with play_grid(), or watch MCTS play it with explore_mcts()",
    "connectfour": CONNECT_FOUR_SEEN,
    "connect4": CONNECT_FOUR_SEEN,
    "pig": "play it with play_pig()",
    "dicenim": DICE_GAME_SEEN,
}


def own_game_seen(game: Game) -> str:
    """Where a game of the learner's own can be seen, since the widgets' sliders and boards know
    only nimlib's games: its tree drawn, MCTS playing it; for a game with dice, which neither
    takes, its chance tree and expectiminimax."""
    if has_dice(game):
        return DICE_GAME_SEEN
    return (
        "draw its tree with draw_tree(game_tree(game, state)) from nimlib.drawing, or watch MCTS "
        "play it with explore_mcts(game, state)"
    )


def loose_name(name: str) -> str:
    """`name` without case, spaces, hyphens or underscores: "Tic-tac-toe" as "tictactoe"."""
    return "".join(letter for letter in name.casefold() if letter not in " -_")


def checked_variant(variant: object, variants: object) -> str:
    """`variant` if it is one of `variants` (names of nimlib's games), else a ValueError listing
    them, with where to go instead: a variant given as a game, by its name; a game with dice, or
    any game of the learner's own, where it can be seen; one of nimlib's games with widgets of
    its own (WIDGETS_OF_THEIR_OWN), by name however written or itself, those widgets."""
    choices = ", ".join(map(repr, variants))
    if isinstance(variant, Position):  # explore(Position("Nim")): a widget builds its own
        raise ValueError(
            "the widgets take a variant by its name, with its settings, such as "
            f"explore('Nim', piles=(1, 2)), not a Position ({variant})"
        )
    name = variant.name if isinstance(variant, Game) else variant
    elsewhere = WIDGETS_OF_THEIR_OWN.get(loose_name(name)) if isinstance(name, str) else None
    named = [c for c in variants if isinstance(name, str) and loose_name(c) == loose_name(name)]
    if isinstance(variant, Game) and named:
        raise ValueError(
            f"the widgets take a variant by its name, {named[0]!r}, not the game "
            f"{shown(variant)} (their pickers set where it starts)"
        )
    if isinstance(variant, Game) and (has_dice(variant) or elsewhere is None):
        raise ValueError(
            f"the widgets' variants are nimlib's games ({choices}), not "
            f"{'a game with dice' if has_dice(variant) else 'a game of your own'} such as "
            f"{shown(variant)}: {own_game_seen(variant)}"
        )
    if elsewhere is not None and not named:
        raise ValueError(f"the widgets' variants are {choices}, not {shown(variant)}: {elsewhere}")
    return checked_choice(variant, variants, "variant")


def given_position(
    variant: object,
    counters: object,
    piles: object,
    last_counter_loses: object,
    *,
    default_counters: int = DEFAULT_COUNTERS,
) -> Position:
    """The Position an entry point (play, explore, explain, replay) is given, counters left out
    (None) being `default_counters` for a one-pile variant; a refusal is raised from here, so
    that a learner's traceback ends at the call they made, not in the frames that check it."""
    try:
        checked_variant(variant, VARIANTS)
        if counters is None and VARIANTS[variant].picks == ONE_PILE:
            counters = default_counters
        return Position(variant, counters, piles, last_counter_loses)
    except (ValueError, TypeError) as refused:
        raise type(refused)(*refused.args) from None


def refuse_unused(
    variant: str, wanted: list[str], counters: object, piles: object, last_counter_loses: object
) -> None:
    """A ValueError naming each of counters, piles and last_counter_loses given (not None)
    although `variant` takes only the settings `wanted`."""
    given = {"counters": counters, "piles": piles, "last_counter_loses": last_counter_loses}
    unused = [
        f"{name}={shown(value)}"
        for name, value in given.items()
        if value is not None and name not in wanted
    ]
    if unused:
        takes = " and ".join(wanted) or "no settings"
        raise ValueError(f"{variant} has no use for {', '.join(unused)}: it takes {takes}")


def checked_piles(piles: object, smallest: int, largest: int, variant: str) -> tuple[int, ...]:
    """`piles` as a tuple of 1 to MOST_PILE_SLIDERS pile sizes in the sliders' range for
    `variant`, or a ValueError saying why not."""
    if not isinstance(piles, (tuple, list)) or not 1 <= len(piles) <= MOST_PILE_SLIDERS:
        wanted = f"a tuple of 1 to {MOST_PILE_SLIDERS} pile sizes such as (1, 2, 3)"
        raise ValueError(f"{variant}'s piles must be {wanted}, not {shown(piles)}")
    return tuple(
        whole_number(pile, f"{variant}'s pile {index}", smallest=smallest, largest=largest)
        for index, pile in enumerate(piles, start=1)
    )


def checked_position(position: object) -> Position:
    """`position` if it is a Position, else a TypeError saying what a widget needs."""
    if not isinstance(position, Position):
        wanted = "a Position such as Position('Nim', piles=(1, 2))"
        given = shown_typed(position)
        raise TypeError(f"position must be {wanted}, not {given}")
    return position


# the variants play() offers: those scored +1 or -1, a win or a loss with nothing else to play for
NIM_VARIANTS = tuple(name for name in VARIANTS if Position(name).game.score_range == (-1, 1))
