"""The closed forms that predict what minimax finds: nim-sums, Grundy values and Fibonacci sums.

Each function here answers in a few steps what a search answers by visiting every reachable
position; the tests and the notebook 08 check every one of them against minimax. The computer of
the widgets and of the terminal game plays by them (`computer_move`) where a position is too large
to search in time, and names the rule it used; Connect Four's computer plays on a clock instead
(`computer_move_in_time`).

A few steps, but on numbers of any size: so that no call can fill the memory or run for minutes,
numbers may have at most about a thousand digits (up to 10**1000), and a list of piles or values
may hold at most 1,000,000 of them. Anything larger is refused at once with a ValueError.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Set
from dataclasses import dataclass
from functools import reduce
from itertools import islice
from operator import xor

from nimlib.book.stats import SearchStats
from nimlib.engine.hints import Hints
from nimlib.engine.iterative import fold_positions
from nimlib.games.base import Game, State
from nimlib.games.nim import Nim
from nimlib.games.nim_variants import FibonacciNim, SplitNim
from nimlib.games.printer import shown, shown_typed
from nimlib.games.simple_nim import SimpleNim
from nimlib.games.values import checked_game, is_number, truth_value, whole_number
from nimlib.solving import best_move

LARGEST_NUMBER = 10**1000  # Fibonacci numbers up to it: 4,785 of them, found in milliseconds
LARGEST_NUMBER_TEXT = "10**1000"
MOST_NUMBERS = 1_000_000  # piles in a position, or values given to mex
COMPUTER_CALLS = 200_000  # the computer's search budget: a few tenths of a second at most
TOO_LARGE = "This position is too large to search in time, so the computer plays {how}."


def nim_sum(piles: Iterable[int]) -> int:
    """The XOR of the pile sizes (binary addition without carries)."""
    return reduce(xor, pile_sizes(piles), 0)


def nim_player_to_move_wins(piles: tuple[int, ...], last_counter_loses: bool = True) -> bool:
    """Bouton's rule: who wins Nim, without any search.

    Normal play: the player to move wins exactly when the nim-sum is not 0. Misère play is the
    same, except when no pile has more than one counter: then the player to move wins exactly
    when the number of piles of one is even.
    """
    piles = pile_sizes(piles)
    if truth_value(last_counter_loses, "last_counter_loses") and all(pile <= 1 for pile in piles):
        return sum(piles) % 2 == 0
    return nim_sum(piles) != 0


def nim_winning_move(
    piles: tuple[int, ...], last_counter_loses: bool = True
) -> tuple[int, ...] | None:
    """The piles after a winning move by Bouton's rule; None on a lost position or a finished game.

    Normal play: make the nim-sum 0 by shrinking a pile p to p XOR nim-sum. Misère play does the
    same until at most one pile is larger than 1; then it leaves an odd number of piles of one.
    """
    piles = pile_sizes(piles)  # checked once: the rule below reads them as they are
    big_piles = [index for index, pile in enumerate(piles) if pile > 1]
    if truth_value(last_counter_loses, "last_counter_loses") and len(big_piles) <= 1:
        return _misere_endgame_move(piles, big_piles)
    target = reduce(xor, piles, 0)  # the nim-sum: 0 on a lost position or a finished game
    if target == 0:
        return None
    index = next(i for i, pile in enumerate(piles) if pile ^ target < pile)
    return _replace(piles, index, piles[index] ^ target)


def _misere_endgame_move(piles: tuple[int, ...], big_piles: list[int]) -> tuple[int, ...] | None:
    """Misère play with at most one pile above 1: leave an odd number of piles of one; None where
    that is lost (an odd number of piles of one) or over (no counter left)."""
    ones = piles.count(1)
    if big_piles:
        return _replace(piles, big_piles[0], 0 if ones % 2 == 1 else 1)
    return None if ones % 2 == 1 or ones == 0 else _replace(piles, piles.index(1), 0)


def _replace(piles: tuple[int, ...], index: int, new_pile: int) -> tuple[int, ...]:
    """`piles` with the pile at `index` changed to `new_pile`."""
    return piles[:index] + (new_pile,) + piles[index + 1 :]


def simple_nim_player_to_move_wins(
    counters: int, max_take: int = 3, last_counter_loses: bool = True
) -> bool:
    """Simple-Nim with takes 1..max_take repeats with period max_take + 1.

    Misère play: the player to move loses exactly on 1, 1 + (max_take + 1), ...; normal play:
    exactly on the multiples of max_take + 1.
    """
    counters = _bounded_whole_number(counters, "counters")
    max_take = _bounded_whole_number(max_take, "max_take", smallest=1)
    period = max_take + 1
    losing_remainder = 1 if truth_value(last_counter_loses, "last_counter_loses") else 0
    return counters % period != losing_remainder


def mex(values: Iterable[int]) -> int:
    """The minimum excluded value: the smallest whole number not in `values` (whole numbers >=
    0)."""
    present = set(_whole_numbers(values, "values", "such as [0, 1, 3]", item="value number"))
    return next(n for n in range(len(present) + 1) if n not in present)


def grundy(
    game: Game, state: State, table: dict | None = None, stats: SearchStats | None = None
) -> int:
    """The Sprague-Grundy value of `state` in a normal-play `game`: 0 exactly when it is lost.

    A finished position has value 0; any other has the mex of its children's values. Values are
    remembered by canonical state, in `table` if given (pass the same dict again to reuse them,
    for this game only); `stats` counts the positions worked out. A game whose finished position
    is not a loss for the player to move (a misère game's is won, a board game's may be a draw)
    raises ValueError: the theory of Grundy values is about normal play.
    """
    state = checked_game(game).validate(state)
    if getattr(game, "last_counter_loses", False):  # said at once, not at the first end reached
        raise ValueError(
            f"Grundy values need normal play (whoever cannot move loses), but {game!r} is misère "
            "play, where the last counter loses: use last_counter_loses=False"
        )

    def value_at_end(end: State) -> int:
        score = game.evaluate(end, True)
        if score != -1:
            raise ValueError(_not_normal_play(game, end, score))
        return 0

    return fold_positions(
        game,
        state,
        value_at_end=value_at_end,
        combine=mex,
        values=table,
        values_name="table",
        stats=stats,
    )


def _not_normal_play(game: Game, end: State, score: object) -> str:
    """Why `game`, whose finished position `end` scores `score` for the player to move, has no
    Grundy values."""
    if is_number(score) and score > 0:
        outcome = "a win for the player to move"
    elif is_number(score) and score == 0:
        outcome = "a draw"
    else:
        outcome = f"scored {shown(score)} for the player to move, not -1 (a loss)"
    return (
        "Grundy values are for impartial games in normal play (the player who cannot move "
        f"loses), but the end {shown(end)} of {game!r} is {outcome}"
    )


def fibonacci_numbers(limit: int) -> list[int]:
    """The Fibonacci numbers 1, 2, 3, 5, 8, ... up to `limit` (at most 10**1000)."""
    limit = _bounded_whole_number(limit, "limit")
    numbers = [1, 2]
    while numbers[-1] + numbers[-2] <= limit:
        numbers.append(numbers[-1] + numbers[-2])
    return [n for n in numbers if n <= limit]


def zeckendorf(n: int) -> list[int]:
    """`n` as a sum of non-consecutive Fibonacci numbers, largest first (Zeckendorf's theorem).

    Taking the largest Fibonacci number that fits, again and again, never takes two neighbours:
    if it did, their sum, a larger Fibonacci number, would have fitted first.
    """
    n = _bounded_whole_number(n, "n")
    parts = []
    for fib in reversed(fibonacci_numbers(n)):
        if fib <= n:
            parts.append(fib)
            n -= fib
    return parts


def fibonacci_nim_winning_take(state: tuple[int, int]) -> int | None:
    """The winning take in Fibonacci Nim: the smallest Zeckendorf part, if it is allowed.

    After that take the smallest part left is more than twice as large, so the opponent can
    never take it. Returns None when no take wins (the pile is a Fibonacci number at the start,
    or the smallest part is more than the player may take) and when the game is over.
    """
    counters, max_take = FibonacciNim().validate(state)
    if counters == 0:
        return None
    smallest_part = zeckendorf(counters)[-1]
    return smallest_part if smallest_part <= max_take else None


def pile_sizes(piles: Iterable[int]) -> tuple[int, ...]:
    """`piles` as a tuple of whole numbers, or a ValueError naming the bad one (a set or a dict
    too: it has already merged piles of one size, {3, 3} being {3}, and keeps no order)."""
    if isinstance(piles, (Set, Mapping)):
        raise ValueError(
            "the piles must be a list or tuple of whole numbers such as (2, 3, 5), not "
            f"{shown_typed(piles)}: a set keeps one pile of each size, and no order"
        )
    return _whole_numbers(piles, "the piles", "such as (2, 3, 5)", item="pile")


def _whole_numbers(
    numbers: Iterable[int], name: str, example: str, item: str = "value"
) -> tuple[int, ...]:
    """`numbers` as a tuple of whole numbers >= 0, at most MOST_NUMBERS of them, or a ValueError
    naming the bad one."""
    if isinstance(numbers, (str, bytes)) or not isinstance(numbers, Iterable):
        raise ValueError(
            f"{name} must be a list or tuple of whole numbers {example}, not {shown(numbers)}"
        )
    numbers = tuple(islice(numbers, MOST_NUMBERS + 1))
    if len(numbers) > MOST_NUMBERS:
        raise ValueError(
            f"{name} hold more than {MOST_NUMBERS:,} numbers: at most {MOST_NUMBERS:,} are allowed"
        )
    return tuple(
        _bounded_whole_number(number, f"{item} {index}")
        for index, number in enumerate(numbers, start=1)
    )


def _bounded_whole_number(value: object, name: str, smallest: int = 0) -> int:
    """`value` as an int from `smallest` to LARGEST_NUMBER, or a ValueError naming `name` and the
    limit."""
    value = whole_number(value, name, smallest=smallest, largest=None)
    if value > LARGEST_NUMBER:
        raise ValueError(
            f"{name} = {shown(value)} is too large: numbers up to {LARGEST_NUMBER_TEXT} are "
            "allowed, so that the answer comes at once"
        )
    return value


@dataclass(frozen=True)
class BestMove:
    """A best move: the score for the player to move, the new state, and the closed form that found
    it ("" if a search found it)."""

    score: float
    new_state: State
    rule: str = ""


def quick_best_move(game: Game, state: State, max_calls: int) -> BestMove | None:
    """best_move with a memo of canonical positions, on a budget of `max_calls` calls; past it, the
    game's closed form (which names its rule); None if neither answers."""
    try:
        stats = SearchStats(max_calls=max_calls, track_states=False)
        return BestMove(*best_move(game, state, "memo_canonical", stats))
    except RuntimeError:
        return theory_best_move(game, state)


def computer_move(game: Game, state: State) -> tuple[State, str]:
    """The computer's move, by quick_best_move on COMPUTER_CALLS calls, and "" if the search
    answered, else the note that says how it chose instead (TOO_LARGE): by the closed form's rule,
    or, where none applies, its first move."""
    found = quick_best_move(game, state, COMPUTER_CALLS)
    if found is None:
        return next(iter(game.possible_new_states(state))), TOO_LARGE.format(how="its first move")
    return found.new_state, found.rule and TOO_LARGE.format(how=f"by {found.rule}")


@dataclass(frozen=True)
class TimedMove:
    """The computer's move found on a clock: its score for the computer (None if not even one move
    ahead was searched in time), how many moves ahead it looked, and whether to the end of the
    game (the score then exact)."""

    new_state: State
    score: float | None
    depth: float
    exact: bool


def computer_move_in_time(game: Game, state: State, seconds: float) -> TimedMove:
    """The computer's move within about `seconds` (wall clock), as Connect Four's widget and the
    terminal game play it: best_move by the anytime deepening search, which looks 1, 2, 3, ...
    moves ahead and plays the best move of the deepest search finished in time; if not even the
    first finished, the game's most promising move (its hint's order), unsearched."""
    stats = SearchStats(max_calls=None, max_seconds=seconds, track_states=False)
    try:
        score, new_state = best_move(game, state, method="deepening", stats=stats, anytime=True)
    except RuntimeError:  # not even one move ahead in time
        moves = list(game.possible_new_states(state))
        return TimedMove(Hints(game).ordered_new_states(state, moves)[0], None, 0, False)
    return TimedMove(new_state, score, stats.depth_reached, stats.exact)


def theory_best_move(game: Game, state: State) -> BestMove | None:
    """A best move by the closed form of `game`, or None if no closed form applies (or the game is
    over)."""
    game = checked_game(game)
    state = game.validate(state)
    if game.evaluate(state, True) is not None:
        return None
    player_to_move_wins = winner_test(game)
    if player_to_move_wins is None:
        return None
    new_states = list(game.possible_new_states(state))
    losing_for_them = [new for new in new_states if not player_to_move_wins(new)]
    rule = CLOSED_FORMS[type(game)]
    if losing_for_them:
        return BestMove(+1, losing_for_them[0], rule)
    return BestMove(-1, new_states[0], rule)


def winner_test(game: Game) -> Callable[[State], bool] | None:
    """A test of whether the player to move wins from a state of `game`, by its closed form; None if
    none applies. Only nimlib's own classes have one: a subclass may change the rules."""
    if type(game) is Nim:
        return lambda piles: nim_player_to_move_wins(piles, game.last_counter_loses)
    if type(game) is SplitNim:
        return lambda piles: split_nim_grundy(piles) != 0
    if type(game) is SimpleNim and game.known_score(0, True) is not None:  # takes 1 to k
        return lambda counters: game.known_score(counters, True) > 0
    if type(game) is FibonacciNim:
        return lambda state: state[0] > 0 and fibonacci_nim_winning_take(state) is not None
    return None


# one pile of Split Nim: its Grundy value, remembered for every widget
GRUNDY_VALUES: dict[State, int] = {}


def split_nim_grundy(piles: tuple[int, ...]) -> int:
    """The Grundy value of Split Nim piles: the nim-sum of the Grundy values of each pile alone."""
    return nim_sum(grundy(SplitNim(), (pile,), GRUNDY_VALUES) for pile in pile_sizes(piles))


CLOSED_FORMS = {
    Nim: "the nim-sum of the piles (Bouton's rule)",
    SplitNim: "the nim-sum of the piles' Grundy values",
    SimpleNim: "the counters modulo (largest take + 1)",
    FibonacciNim: "the Zeckendorf sum of the counters",
}
