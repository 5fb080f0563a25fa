"""What went wrong, named: the game's output that broke a search, the cycle of a game that never
ends, moves that lead off the game's positions, sort keys that cannot be compared.

The budget's guard (nimlib.book.limits) calls on this module (``raise_named``) only once a search
has failed: a TypeError deep inside the search becomes a message naming the game's method and the
value to blame (a method that cannot take what a search passes it, too; the game is looked at again
from the search's root), a search that went too deep is looked at for a position that play comes
back to, or one LONG_LINE moves down that the game's own validate refuses (``off_the_game``, which
the iterative solver asks as it goes), and a number too large for a float is named as such; any
other error raised by the game's own code (a KeyError in a learner's possible_new_states) comes as
it was, with a note naming the search (``note_the_search``). A search's moves sorted by ``order=``
(nimlib.book.moves) ask it for the message on keys that cannot be compared (``incomparable_keys``).
"""

from __future__ import annotations

import inspect
import sys
import traceback
from collections.abc import Iterable, Iterator
from itertools import islice
from pathlib import Path
from time import monotonic
from typing import NoReturn

from nimlib.book.limits import MAX_RECURSION_LIMIT, BeyondFloats, SearchTooDeep
from nimlib.book.moves import NO_MORE
from nimlib.games.base import Game, has_dice
from nimlib.games.printer import shown
from nimlib.games.values import (
    State,
    by_value_iteration,
    finished_score,
    hashable,
    hashable_instead,
    is_chance_node,
    is_one_state,
    moves_as_one_state,
    no_moves_given,
    unhashable_state,
)

MAX_CYCLE_SEARCH = 20_000  # moves looked at when naming a cycle (a search that hit the depth limit)
# at most this long (and never past the search's time limit) is spent looking for a cycle
CYCLE_SECONDS = 0.5
CYCLE_BYTES = 100_000_000  # and at most this much memory for the line of play it follows
NIMLIB = Path(__file__).resolve().parents[1]  # nimlib's own folder, whose errors say enough
LOOKED_AT = 10_000  # positions (and moves of one position) looked at again to explain a search
LONG_LINE = 1_000  # moves down one line of play from which a search asks whether it is still on
# the game's positions (validate), and a stopped search says how long its line was


def raise_named(error: Exception, game: Game | None, state: State, outermost: bool) -> NoReturn:
    """Raise, for the `error` that stopped a search from `state` of `game`, one that names what
    went wrong: a search too deep; and for the `outermost` of searches run one inside another
    (named once, from the root of them all), a number too large for a float or a TypeError the
    game caused. Any other error goes on as it came, noting the search where the game's own code
    raised it."""
    if isinstance(error, RecursionError):
        raise too_deep(game, state, sys.getrecursionlimit()) from None
    if not outermost:
        raise error
    if isinstance(error, OverflowError):  # such as a probability 0.5 times a score of 10**400
        searched = "" if game is None else f" of {type(game).__name__}"
        detail = f" ({error})" if isinstance(error, BeyondFloats) else ""  # Python's: no number
        raise ValueError(
            f"a number too large for a float{detail} stopped nimlib's search{searched} "
            f"from {shown(state)}: scores beyond floats stay exact only as whole numbers or "
            "fractions, with probabilities as fractions (fractions.Fraction(1, 2)) and a finite "
            "score range and window (an infinite end meets them as a float); otherwise scale the "
            "scores down"
        ) from error
    if game is None:
        raise error
    if isinstance(error, TypeError):
        raise_explained(error, game, state)
    note_the_search(error, game, state)
    raise error


def raise_explained(error: TypeError, game: Game, root: State) -> NoReturn:
    """Raise, for a TypeError that stopped a search from `root`, one naming the game's bad output
    (in place of `error`), if any; else `error` as it came, with a note naming the root.

    While a search runs, only the moves of each position are checked (games.values.player_moves).
    Once a TypeError stops it, the game is looked at again from `root`, depth first as the searches
    go: a state that is not hashable, or moves that are not an iterable, become a TypeError that
    says so.
    """
    blamed = blamed_output(game, root)
    if blamed is not None:
        raise blamed from None
    raise with_note(error, game, root)


def note_the_search(error: Exception, game: Game, root: State) -> None:
    """Note on `error`, raised by the game's own code (its innermost line is not nimlib's: a
    KeyError in a learner's possible_new_states, say), the search it stopped; nimlib's own errors
    say enough."""
    frames = traceback.extract_tb(error.__traceback__)
    if frames and not Path(frames[-1].filename).resolve().is_relative_to(NIMLIB):
        with_note(error, game, root)


def with_note(error: Exception, game: Game, root: State) -> Exception:
    """`error` with a note naming the search from `root` of `game` that it stopped, once (a search
    inside another names it once)."""
    note = f"(raised while nimlib searched {type(game).__name__} from state {shown(root)})"
    if note not in getattr(error, "__notes__", ()):
        error.add_note(note)
    return error


def blamed_output(game: Game, root: State) -> TypeError | None:
    """The error naming the first thing the game gives wrong from `root`, looking at LOOKED_AT
    positions at most, or None if all is well."""
    if not hashable(root):
        return unhashable_state(game, None, root)
    for method, arguments in CALLED_AS.items():
        wrong = arguments_refused(game, method, arguments)
        if wrong is not None:
            return wrong
    stack, seen = [root], {root}
    for _ in range(LOOKED_AT):
        if not stack:
            return None
        state = stack.pop()
        if not hashable(game.canonical(state)):
            return TypeError(
                f"{type(game).__name__}.canonical gave {shown(game.canonical(state))} for state "
                f"{shown(state)}: a canonical state must be hashable, to be a key of a table: "
                f"use {hashable_instead(game.canonical(state))}"
            )
        try:
            if game.evaluate(state, True) is not None:
                continue
            moves = game.possible_new_states(state)
        except Exception:  # the game's own error, raised again by the search that called it
            return None
        if not isinstance(moves, Iterable):
            return no_moves_given(game, state, moves)
        if is_one_state(game, moves):
            return moves_as_one_state(game, state, moves)
        new_states = list(islice(moves, LOOKED_AT))
        for new_state in new_states:
            if not hashable(new_state):
                return unhashable_state(game, state, new_state)
        stack.extend(new for new in reversed(new_states) if new not in seen)
        seen.update(new_states)
    return None


# the game's methods a search calls, with what it passes them
CALLED_AS = {"possible_new_states": "state", "evaluate": "state, is_maximizing"}


def arguments_refused(game: Game, method: str, arguments: str) -> TypeError | None:
    """The error for a method of `game` that cannot take the `arguments` a search passes it (an
    evaluate written without is_maximizing, or without self, say), else None."""
    passed = arguments.split(", ")
    try:
        signature = inspect.signature(getattr(game, method))
    except (TypeError, ValueError):  # no signature to read (a function of C): nothing to say
        return None
    try:
        signature.bind(*passed)
    except TypeError:
        name = f"{type(game).__name__}.{method}"
        written = getattr(type(game), method, None)  # as def wrote it: self first, if there
        written_as = (
            list(inspect.signature(written).parameters) if inspect.isfunction(written) else []
        )
        no_self = len(written_as) == len(passed) and written_as[0] != "self"
        return TypeError(
            f"{name} must take ({arguments}), as every search calls it: {name}{signature} does "
            f"not{' (is self missing?)' if no_self else ''}"
        )
    return None


def cycle_error(game: Game, repeated: State) -> ValueError:
    """The error for a game in which play can come back to the position `repeated`; in a game
    that says it is worth the same to either mover, first the error naming the two scores of
    `repeated` if it is over for one player to move only (a search that met it with the other
    player to move went on there)."""
    if game.score_depends_only_on_mover:
        for is_maximizing in (True, False):
            try:
                finished_score(game, repeated, is_maximizing)
            except ValueError as error:
                return error
    return ValueError(
        f"{type(game).__name__} has a cycle: play from {game.describe_state(repeated)} can come "
        f"back to {game.describe_state(repeated)}{to_itself(game, repeated)}. "
        "A game searched here must end: every line of play must reach a position where evaluate "
        f"gives a score{by_value_iteration(game)}"
    )


def to_itself(game: Game, state: State) -> str:
    """What to add where one of the moves `state` lists is `state` itself: a sign of moves given
    for the states they lead to (the counters to take, say, in place of what is left)."""
    try:
        itself = state in islice(game.possible_new_states(state), LOOKED_AT)
    except Exception:  # the game's own error: the cycle is said without this
        return ""
    if not itself:
        return ""
    return (
        ", in one move (does possible_new_states give the states the moves lead to, or the "
        "moves themselves?)"
    )


def find_cycle(game: Game, state: State) -> State | None:
    """A state that play from `state` can reach twice on one line with the same player to move,
    whichever player moves first, or None if none was found.

    Whether play ends may depend on who is to move, and the search that went too deep does not
    say who moved first: a cycle is named only if play from `state` meets one with either
    player first (else that search's SearchTooDeep stands, and solve goes on without recursion).
    Each look gives up (None) after MAX_CYCLE_SEARCH moves, half of CYCLE_SECONDS, or a line of
    play that holds CYCLE_BYTES.
    """
    half = CYCLE_SECONDS / 2
    repeated = cycle_from(game, state, True, half)
    if repeated is None or cycle_from(game, state, False, half) is None:
        return None
    return repeated


def cycle_from(game: Game, state: State, is_maximizing: bool, seconds: float) -> State | None:
    """A state that play from the position (`state`, `is_maximizing`) can reach twice on one line,
    with the same player to move; it follows one line at a time, taking the moves one by one."""
    root = (state, is_maximizing)
    on_path, path = {root}, [(root, following(game, root))]
    deadline, path_bytes = monotonic() + seconds, 0
    for looked_at in range(MAX_CYCLE_SEARCH):
        if not path or (
            looked_at % 64 == 0 and (monotonic() > deadline or path_bytes > CYCLE_BYTES)
        ):
            return None
        position, new_positions = path[-1]
        new_position = next(new_positions, NO_MORE)
        if new_position is NO_MORE:
            path.pop()
            on_path.discard(position)
            path_bytes -= sys.getsizeof(position[0])
        elif new_position in on_path:
            return new_position[0]
        elif game.evaluate(*new_position) is None:
            on_path.add(new_position)
            path.append((new_position, following(game, new_position)))
            path_bytes += sys.getsizeof(new_position[0])
    return None


def following(game: Game, position: tuple[State, bool]) -> Iterator[tuple[State, bool]]:
    """The positions one move from `position`, the other player to move; or at a chance node the
    positions its outcomes lead to, the same player to move (the dice never pass the turn)."""
    state, is_maximizing = position
    if is_chance_node(game, state):
        return ((new_state, is_maximizing) for _, new_state in game.outcomes(state))
    return ((new_state, not is_maximizing) for new_state in game.possible_new_states(state))


def too_deep(game: Game | None, state: State, limit: int) -> Exception:
    """The error for a search deeper than `limit` nested calls: the game's cycle if a short look
    finds one, else SearchTooDeep."""
    repeated = None if game is None else find_cycle(game, state)
    if repeated is not None:
        return cycle_error(game, repeated)
    if game is not None and (off := off_the_game(game, *first_line(game, state, LONG_LINE))):
        return off
    if game is not None and has_dice(game):
        advice = "search a smaller position: no search of nimlib's for dice goes without recursion"
    else:
        advice = "use iterative_minimax, or solve/best_move, which switch to it by themselves"
    named = "the game" if game is None else game.name
    start = shown(state) if game is None else game.describe_state(state)
    whose = "nimlib's" if limit >= MAX_RECURSION_LIMIT else "Python's"  # nimlib only lowers it
    return SearchTooDeep(
        f"{named} from {start} is too long to search by recursion (deeper than {whose} "
        f"limit of {limit:,} nested calls, a few for each move): {advice}"
    )


def first_line(game: Game, state: State, moves: int) -> tuple[State, int]:
    """Where play from `state` is `moves` moves down the line a depth-first search goes down
    first, each position's first move after which play goes on (or where that line ends sooner),
    and how many moves down that is."""
    position, line = (state, True), 0
    try:
        while line < moves:
            going_on = (new for new in following(game, position) if game.evaluate(*new) is None)
            new_position = next(going_on, NO_MORE)
            if new_position is NO_MORE:
                break
            position, line = new_position, line + 1
    except Exception:  # the game's own error, which its search raised already: stop there
        pass
    return position[0], line


def off_the_game(game: Game, state: State, line: int) -> ValueError | None:
    """The error for `state`, which play reached `line` moves down one line, if the game's own
    validate refuses it: possible_new_states leads off the game's positions (to a pile below 0,
    say), on a line that would otherwise run until the budget or the recursion stops it."""
    try:
        game.validate(state)
    except Exception as error:  # the game's own words, whatever its error
        return ValueError(
            f"{type(game).__name__}.possible_new_states led, {line:,} moves down one line of "
            f"play, to {shown(state)}, which {type(game).__name__}.validate refuses ({error}): "
            "every move must lead to a position of the game"
        )
    return None


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
        "that < can compare with the others, such as a number"
    )


def comparable(key: object, other_key: object) -> bool:
    """Whether two sort keys can be compared with <."""
    try:  # as sorted asks: the truth of each answer (a numpy array's raises a ValueError)
        bool(key < other_key)
        bool(other_key < key)
    except Exception:  # whatever it raised: a TypeError, a Decimal NaN's InvalidOperation ...
        return False
    return True
