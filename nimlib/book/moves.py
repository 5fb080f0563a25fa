"""A position's moves in the order a search tries them: the game's, one at a time, or sorted by a
key (``order=``), all taken at once under the budget; and whether a cut-off left one to skip."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from nimlib.book.limits import listed_moves
from nimlib.book.stats import SearchStats
from nimlib.games.base import Game
from nimlib.games.values import State, player_moves, shown

ORDER_EXAMPLE = "lambda state: state (each state's sort key)"  # said when order= is not a function
NO_MORE = object()  # what next() gives for moves that have run out


def ordered(
    game: Game, state: State, order: Callable[[State], Any] | None, stats: SearchStats
) -> Iterable[State]:
    """The moves from `state`: as the game gives them if `order` is None (taken one at a time, so
    that a cut-off leaves the rest unmade), else all at once, sorted by the key `order` (keys that
    cannot be compared, None say, get a TypeError naming them)."""
    if order is None:
        return player_moves(game, state)
    new_states = listed_moves(game, state, stats.check_budget)
    keys = [order(new_state) for new_state in new_states]
    try:
        ranks = sorted(range(len(keys)), key=keys.__getitem__)
    except TypeError:
        raise incomparable_keys(new_states, keys) from None
    return [new_states[rank] for rank in ranks]


def incomparable_keys(new_states: list[State], keys: list) -> TypeError:
    """The error for sort keys that cannot be compared: the first key, one it fails with, and their
    states."""
    other = next(
        (index for index in range(1, len(keys)) if not comparable(keys[0], keys[index])), 1
    )
    return TypeError(
        f"order gave sort keys that cannot be compared: {shown(keys[0])} for "
        f"{shown(new_states[0])} and "
        f"{shown(keys[other])} for {shown(new_states[other])}; order must give every state a key "
        "of one kind, such as a number"
    )


def comparable(key: object, other_key: object) -> bool:
    """Whether two sort keys can be compared with <."""
    try:
        key < other_key  # noqa: B015 (only whether the comparison works matters)
        other_key < key  # noqa: B015
    except TypeError:
        return False
    return True


def any_left(moves: Iterator[State]) -> bool:
    """Whether `moves` holds one more move, taking it only to know: a cut-off is counted where it
    skips a move."""
    return next(moves, NO_MORE) is not NO_MORE
