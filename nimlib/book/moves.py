"""A position's moves in the order a search tries them: the game's, one at a time, or sorted by a
key (``order=``), all taken at once under the budget; and whether a cut-off left one to skip."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from types import GeneratorType
from typing import Any

from nimlib.book.limits import listed_moves
from nimlib.book.stats import SearchStats
from nimlib.games.base import Game
from nimlib.games.values import State, player_moves

ORDER_EXAMPLE = "lambda state: state (each state's sort key)"  # said when order= is not a function
NO_MORE = object()  # what next() gives for moves that have run out


def ordered(
    game: Game, state: State, order: Callable[[State], Any] | None, stats: SearchStats
) -> Iterable[State]:
    """The moves from `state`: in the game's order if `order` is None (see ``in_game_order``), else
    all at once, sorted by the key `order` (keys that cannot be compared, None say, get a TypeError
    naming them)."""
    if order is None:
        return in_game_order(game, state, stats)
    new_states = listed_moves(game, state, stats.check_budget)
    keys = [order(new_state) for new_state in new_states]
    try:
        ranks = sorted(range(len(keys)), key=keys.__getitem__)
    except Exception:  # a TypeError; a Decimal NaN's InvalidOperation, numpy's ValueError ...
        from nimlib.book.explained import incomparable_keys  # only when something went wrong

        raise incomparable_keys(new_states, keys) from None
    return [new_states[rank] for rank in ranks]


def in_game_order(game: Game, state: State, stats: SearchStats) -> Iterable[State]:
    """The moves from `state` as the game gives them, to be taken one at a time so that a cut-off
    leaves the rest unmade: a list, or a new generator (``player_moves`` refuses one met before).
    Any other iterator, a map say, is listed first, under the budget: a search cannot tell a new
    one from one the game kept and gave before, which a cut-off may have left half taken."""
    new_states = player_moves(game, state)
    if new_states.__class__ in (list, GeneratorType) or not isinstance(new_states, Iterator):
        return new_states
    return listed_moves(game, state, stats.check_budget, new_states)


def any_left(moves: Iterator[State]) -> bool:
    """Whether `moves` holds one more move, taking it only to know: a cut-off is counted where it
    skips a move."""
    return next(moves, NO_MORE) is not NO_MORE
