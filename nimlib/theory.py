"""The closed forms that predict what minimax finds: nim-sums, Grundy values and Fibonacci sums."""

from __future__ import annotations

from functools import reduce
from operator import xor

from nimlib.games import Game, State
from nimlib.iterative import fold_positions


def nim_sum(piles: tuple[int, ...]) -> int:
    """The XOR of the pile sizes (binary addition without carries)."""
    return reduce(xor, piles, 0)


def nim_player_to_move_wins(piles: tuple[int, ...], last_counter_loses: bool = True) -> bool:
    """Bouton's rule: who wins Nim, without any search.

    Normal play: the player to move wins exactly when the nim-sum is not 0. Misère play is the
    same, except when no pile has more than one counter: then the player to move wins exactly
    when the number of piles of one is even.
    """
    if last_counter_loses and all(pile <= 1 for pile in piles):
        return sum(piles) % 2 == 0
    return nim_sum(piles) != 0


def nim_winning_move(piles: tuple[int, ...], last_counter_loses: bool = True) -> tuple[int, ...] | None:
    """The piles after a winning move by Bouton's rule, or None when every move loses."""
    if not nim_player_to_move_wins(piles, last_counter_loses) or not any(piles):
        return None
    big_piles = [index for index, pile in enumerate(piles) if pile > 1]
    if last_counter_loses and len(big_piles) <= 1:
        return _misere_endgame_move(piles, big_piles)
    target = nim_sum(piles)
    index = next(i for i, pile in enumerate(piles) if pile ^ target < pile)
    return piles[:index] + (piles[index] ^ target,) + piles[index + 1 :]


def _misere_endgame_move(piles: tuple[int, ...], big_piles: list[int]) -> tuple[int, ...]:
    """Misère play with at most one pile above 1: leave an odd number of piles of one."""
    if big_piles:
        index = big_piles[0]
        ones = sum(1 for pile in piles if pile == 1)
        left = 0 if ones % 2 == 1 else 1
    else:
        index = next(i for i, pile in enumerate(piles) if pile == 1)
        left = 0
    return piles[:index] + (left,) + piles[index + 1 :]


def simple_nim_player_to_move_wins(counters: int, max_take: int = 3, last_counter_loses: bool = True) -> bool:
    """Simple-Nim with takes 1..max_take repeats with period max_take + 1.

    Misère play: the player to move loses exactly on 1, 1 + (max_take + 1), ...; normal play:
    exactly on the multiples of max_take + 1.
    """
    period = max_take + 1
    losing_remainder = 1 if last_counter_loses else 0
    return counters % period != losing_remainder


def mex(values: list[int]) -> int:
    """The minimum excluded value: the smallest whole number not in `values`."""
    present = set(values)
    return next(n for n in range(len(present) + 1) if n not in present)


def grundy(game: Game, state: State, cache: dict | None = None) -> int:
    """The Sprague-Grundy value of `state` in a normal-play `game`: 0 exactly when it is lost.

    A finished position has value 0; any other has the mex of its children's values. Values
    are remembered (in `cache`, if given) by canonical state.
    """
    state = game.validate(state)
    return fold_positions(game, state, value_at_end=lambda end: 0, combine=mex, values=cache)


def fibonacci_numbers(limit: int) -> list[int]:
    """The Fibonacci numbers 1, 2, 3, 5, 8, ... up to `limit`."""
    numbers = [1, 2]
    while numbers[-1] + numbers[-2] <= limit:
        numbers.append(numbers[-1] + numbers[-2])
    return [n for n in numbers if n <= limit]


def zeckendorf(n: int) -> list[int]:
    """`n` as a sum of non-consecutive Fibonacci numbers, largest first (Zeckendorf's theorem)."""
    parts = []
    for fib in reversed(fibonacci_numbers(n)):
        if fib <= n:
            parts.append(fib)
            n -= fib
    return parts


def fibonacci_nim_winning_take(state: tuple[int, int]) -> int | None:
    """The winning take in Fibonacci Nim: the smallest Zeckendorf part, if it is allowed.

    Returns None when no take wins (the pile is a Fibonacci number at the start, or the
    smallest part is more than the player may take).
    """
    counters, max_take = state
    if counters == 0:
        return None
    smallest_part = zeckendorf(counters)[-1]
    return smallest_part if smallest_part <= max_take else None
