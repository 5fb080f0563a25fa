"""The closed forms the widgets fall back on when a position is too large to search in time.

Some variants need no search at all (see notebook 08): Nim is decided by the nim-sum of its piles
(Bouton's rule), Split Nim by the nim-sum of each pile's Grundy value, Simple-Nim with takes
1 to k by the counters modulo k + 1, and Fibonacci Nim by the Zeckendorf sum of the counters.
`theory_best_move` answers like best_move, and names the rule it used, so the widget can say so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from nimlib.games.base import Game, State
from nimlib.games.nim import Nim
from nimlib.games.nim_variants import FibonacciNim, SplitNim
from nimlib.games.simple_nim import SimpleNim
from nimlib.theory import (
    fibonacci_nim_winning_take,
    grundy,
    nim_player_to_move_wins,
    nim_sum,
    simple_nim_player_to_move_wins,
)


@dataclass(frozen=True)
class BestMove:
    """A best move: the score for the player to move, the new state, and the closed form that found
    it ("" if a search found it)."""

    score: float
    new_state: State
    rule: str = ""


def theory_best_move(game: Game, state: State) -> BestMove | None:
    """A best move by the closed form of `game`, or None if no closed form applies (or the game is
    over)."""
    if game.evaluate(state, True) is not None:
        return None
    player_to_move_wins = winner_test(game)
    if player_to_move_wins is None:
        return None
    new_states = list(game.possible_new_states(state))
    losing_for_them = [new for new in new_states if not player_to_move_wins(new)]
    rule = RULES[type(game)]
    if losing_for_them:
        return BestMove(+1, losing_for_them[0], rule)
    return BestMove(-1, new_states[0], rule)


def winner_test(game: Game) -> Callable[[State], bool] | None:
    """A test of whether the player to move wins from a state of `game`, by its closed form; None if
    none applies."""
    if isinstance(game, Nim):
        return lambda piles: nim_player_to_move_wins(piles, game.last_counter_loses)
    if isinstance(game, SplitNim):
        return lambda piles: split_nim_grundy(piles) != 0
    if isinstance(game, SimpleNim) and game.takes == tuple(range(1, len(game.takes) + 1)):
        return lambda counters: simple_nim_player_to_move_wins(
            counters, len(game.takes), game.last_counter_loses
        )
    if isinstance(game, FibonacciNim):
        return lambda state: state[0] > 0 and fibonacci_nim_winning_take(state) is not None
    return None


# one pile of Split Nim: its Grundy value, remembered for every widget
GRUNDY_VALUES: dict[State, int] = {}


def split_nim_grundy(piles: tuple[int, ...]) -> int:
    """The Grundy value of Split Nim piles: the nim-sum of the Grundy values of each pile alone."""
    return nim_sum(grundy(SplitNim(), (pile,), GRUNDY_VALUES) for pile in piles)


RULES = {
    Nim: "the nim-sum of the piles (Bouton's rule)",
    SplitNim: "the nim-sum of the piles' Grundy values",
    SimpleNim: "the counters modulo (largest take + 1)",
    FibonacciNim: "the Zeckendorf sum of the counters",
}
