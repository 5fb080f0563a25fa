"""What every search checks before it starts, so that a bad argument gets a clear message at once."""

from __future__ import annotations

from collections.abc import Hashable
from math import inf

from nimlib.games.base import Game, State, checked_range, checked_score, shown, truth_value, whole_number


class _Lookahead:
    """Marks the table keys of a depth-limited search, so they never equal a position's own key."""

    def __repr__(self) -> str:
        return "LOOKAHEAD"


LOOKAHEAD = _Lookahead()


def checked_start(game: object, state: State, is_maximizing: object = True) -> tuple[Game, State, bool]:
    """The game, the state in its standard form and the player to move, each checked."""
    checked_range(game)
    state = game.validate(state)
    try:
        hash(state)
    except TypeError:
        raise ValueError(
            f"the state {shown(state)} cannot be a key of a table (it is unhashable): use a tuple"
        ) from None
    return game, state, truth_value(is_maximizing, "is_maximizing")


def checked_depth(depth: object) -> float:
    """How many moves a search may look ahead: a whole number, or None for no limit (then inf)."""
    return inf if depth is None else whole_number(depth, "depth", largest=None)


def estimated_score(game: Game, state: State, is_maximizing: bool) -> float:
    """The game's estimate for a position where a depth-limited search stops, checked like a score."""
    return checked_score(game, state, game.estimate(state, is_maximizing), "estimate")


def leaf_score(game: Game, state: State, is_maximizing: bool, remaining: float) -> float | None:
    """The score of a position the search does not expand, else None.

    A finished game gives its checked score; at the depth limit (`remaining` is 0) a game that
    goes on gives its checked estimate.
    """
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return checked_score(game, state, score)
    if remaining == 0:
        return estimated_score(game, state, is_maximizing)
    return None


def dead_end(game: Game, state: State) -> ValueError:
    """The error for a position that is not over (evaluate gave None) but offers no move."""
    return ValueError(
        f"{type(game).__name__} has a dead end at {shown(state)}: evaluate gave None (play goes on) but "
        "possible_new_states gave no move. evaluate must give a score wherever no move is possible"
    )


def table_key(position: State, is_maximizing: bool, remaining: float, keyed_by_mover: bool) -> Hashable:
    """The key of a (canonical) position in a table of scores for the player to move.

    Without a depth limit (`remaining` is inf) it is the position itself, with the player to move
    unless the scores depend only on the mover; with one, the moves left and LOOKAHEAD join it.
    """
    if remaining == inf:
        return position if keyed_by_mover else (position, is_maximizing)
    return (LOOKAHEAD, position, remaining) if keyed_by_mover else (LOOKAHEAD, position, is_maximizing, remaining)
