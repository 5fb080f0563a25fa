"""What every search checks before it starts, so that a bad argument gets a clear message at once.

A public search (minimax, solve, best_move, ...) checks the game and the start once; the
searches it makes inside trust them. What the game gives during the search is trusted too, at no
cost while it runs: a state that cannot be a table key, or moves that are not an iterable, first
show as a TypeError of Python's deep inside the search, and only then ``explained_errors`` looks
at the position the search was at again, to name the game's method and the value to blame.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from itertools import islice
from math import inf
from types import TracebackType
from typing import Any

from nimlib.games.base import Game, State, checked_range, checked_score, shown, truth_value, whole_number
from nimlib.search.limits import SearchBudgetExceeded


class _Lookahead:
    """Marks the table keys of a depth-limited search, so they never equal a position's own key."""

    def __repr__(self) -> str:
        return "LOOKAHEAD"


LOOKAHEAD = _Lookahead()


def checked_start(game: object, state: State, is_maximizing: object = True) -> tuple[Game, State, bool]:
    """The game, the state in its standard form and the player to move, each checked."""
    checked_range(game)
    return game, checked_state(game, state), truth_value(is_maximizing, "is_maximizing")


def checked_state(game: Game, state: State) -> State:
    """The state in the game's standard form (``game.validate``), which must be hashable."""
    state = game.validate(state)
    if not hashable(state):
        raise ValueError(f"the state {shown(state)} cannot be a key of a table (it is unhashable): use a tuple")
    return state


def hashable(value: object) -> bool:
    """Whether `value` can be a key of a dict."""
    try:
        hash(value)
    except TypeError:
        return False
    return True


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


MAX_MOVES = 1_000_000  # moves of one position that a search sorts (it must hold them all at once)
LOOKED_AT = 10_000  # moves of one position looked at again when a search is explained


def ordered(game: Game, state: State, order: Callable[[State], Any], stats: Any) -> list[State]:
    """The moves from `state` sorted by the key `order`, taken from the game under the budget of `stats`.

    The moves are taken a few at a time, so that an endless generator ends in SearchBudgetExceeded;
    keys that cannot be compared (None, say) get a TypeError naming them.
    """
    moves, new_states = iter(game.possible_new_states(state)), []
    while chunk := list(islice(moves, 1_024)):
        new_states += chunk
        stats.check_budget(state)
        if len(new_states) > MAX_MOVES:
            raise SearchBudgetExceeded(
                f"{type(game).__name__}.possible_new_states gave more than {MAX_MOVES:,} moves from "
                f"{shown(state)}, too many to sort by order=: try a smaller position, or no order"
            )
    keys = [order(new_state) for new_state in new_states]
    try:
        ranks = sorted(range(len(keys)), key=keys.__getitem__)
    except TypeError:
        raise incomparable_keys(new_states, keys) from None
    return [new_states[rank] for rank in ranks]


def incomparable_keys(new_states: list[State], keys: list) -> TypeError:
    """The error for sort keys that cannot be compared: the first key, one it fails with, and their states."""
    other = next((index for index in range(1, len(keys)) if not comparable(keys[0], keys[index])), 1)
    return TypeError(
        f"order gave sort keys that cannot be compared: {shown(keys[0])} for {shown(new_states[0])} and "
        f"{shown(keys[other])} for {shown(new_states[other])}; order must give every state a key of one kind, "
        "such as a number"
    )


def comparable(key: object, other_key: object) -> bool:
    """Whether two sort keys can be compared with <."""
    try:
        key < other_key  # noqa: B015 (only whether the comparison works matters)
        other_key < key  # noqa: B015
    except TypeError:
        return False
    return True


@contextmanager
def explained_errors(game: Game) -> Iterator[None]:
    """Run a search whose TypeErrors caused by the game's output name the game's method and the value.

    Nothing is checked while the search runs. Once a TypeError stops it, the positions it was
    searching are looked at again: a state that is not hashable, or moves that are not an
    iterable, become a TypeError that says so; any other error gets a note naming the position.
    """
    try:
        yield
    except TypeError as error:
        states = searched_states(error.__traceback__)
        blamed = blamed_output(game, states)
        if blamed is not None:
            raise blamed from None
        if states and raised_by_the_game(error.__traceback__):
            error.add_note(f"(raised while nimlib searched {type(game).__name__} at state {shown(states[-1])})")
        raise


def searched_states(trace: TracebackType | None) -> list[State]:
    """The `state` of every frame of nimlib's searches in `trace`, from the outermost to the innermost."""
    states = []
    while trace is not None:
        frame = trace.tb_frame
        searching = frame.f_globals.get("__name__", "").startswith(("nimlib.search", "nimlib.drawing"))
        if searching and "state" in frame.f_locals:
            states.append(frame.f_locals["state"])
        trace = trace.tb_next
    return states


def raised_by_the_game(trace: TracebackType) -> bool:
    """Whether the innermost frame of `trace` is outside nimlib (in a game's own code, say)."""
    while trace.tb_next is not None:
        trace = trace.tb_next
    return not trace.tb_frame.f_globals.get("__name__", "").startswith("nimlib.")


def blamed_output(game: Game, states: list[State]) -> TypeError | None:
    """The error naming what the game gave wrong on the line of play `states`, or None if all is well."""
    for parent, state in zip([None, *states], states, strict=False):
        if not hashable(state):
            return unhashable_state(game, parent, state)
        if not hashable(game.canonical(state)):
            return TypeError(
                f"{type(game).__name__}.canonical gave {shown(game.canonical(state))} for state {shown(state)}: "
                "a canonical state must be hashable, to be a key of a table (a tuple, not a list)"
            )
    if not states:
        return None
    state = states[-1]
    try:
        moves = game.possible_new_states(state)
    except Exception:  # the game's own error, raised again by the search that called it
        return None
    if not isinstance(moves, Iterable):
        return TypeError(
            f"{type(game).__name__}.possible_new_states gave {shown(moves)} ({type(moves).__name__}) at state "
            f"{shown(state)}: it must give the states one move can reach, as a list, a tuple or a generator"
        )
    for new_state in islice(moves, LOOKED_AT):
        if not hashable(new_state):
            return unhashable_state(game, state, new_state)
    return None


def unhashable_state(game: Game, parent: State | None, state: State) -> TypeError:
    """The error for a state the game gave that cannot be a key of a table."""
    where = "" if parent is None else f" at state {shown(parent)}"
    return TypeError(
        f"{type(game).__name__}.possible_new_states gave {shown(state)} ({type(state).__name__}){where}: every "
        "state must be hashable, to be a key of a table: use a tuple, not a list"
    )
