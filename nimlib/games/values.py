"""Checking values: the numbers, truth values, states and scores a caller or a game gives.

Every argument and every answer of a game is checked by one of the functions here, so that a
wrong value gets a ValueError or TypeError that names it (through ``shown``, from
nimlib.games.printer), at once. SearchBudgetExceeded is here too, for what runs out of its budget.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import is_dataclass
from decimal import Decimal
from difflib import get_close_matches
from fractions import Fraction
from itertools import islice
from math import inf, isfinite, ulp
from numbers import Integral, Rational, Real
from types import GeneratorType
from typing import TYPE_CHECKING

from nimlib.games.printer import shown, shown_typed

if TYPE_CHECKING:
    from nimlib.games.base import Game, Outcome

State = Hashable
Values = dict[State, float]  # a value of each state, as value iteration finds them

MAX_COUNTERS = 1_000_000
FLOAT_DIGITS = 1e-9  # floats closer than this, relative to their size, differ by rounding
CHUNK = 4_096  # moves or outcomes taken from a game between two looks at a search's budget
MOVES_COMPARED = 1_000  # the moves of a position compared when a move was not found among them
MAX_MOVES = 1_000_000  # moves of one position taken at once: by a search (to sort them, say) or
# to find one move among them (checked_move)
PAIRS = "outcomes must give (probability, new_state) pairs"  # said of a wrong probability


class SearchBudgetExceeded(RuntimeError):
    """A search ran out of its budget of calls, seconds or bytes, or a match of Pig its seconds.

    Searches raise it through their budget (nimlib.book.limits), and play_match at its time limit:
    it lives here, among the games, so that both can."""


def is_number(value: object) -> bool:
    """True for a real number that is not NaN (bools are not numbers here)."""
    return isinstance(value, Real) and not isinstance(value, bool) and value == value  # NaN != NaN


def is_whole(value: object) -> bool:
    """True for a whole number: an int (numpy's too), not a bool or a float."""
    return isinstance(value, Integral) and not isinstance(value, bool)


def is_finite(number: object) -> bool:
    """True for a real number (not a bool) that a float can hold: not NaN, not infinite, not a
    400-digit int."""
    if isinstance(number, bool) or not isinstance(number, Real):
        return False
    try:
        return isfinite(number)
    except OverflowError:  # an int too large for a float
        return False


PYTHON_NUMBERS = (int, float, Fraction)  # a search may negate these: numpy's integers wrap round


def python_number(number: Real) -> Real:
    """A real number as Python's own: an int for numpy's whole numbers (their negation wraps round:
    -numpy.uint64(1) is 18446744073709551615), a float for reals that are not ints, floats or
    fractions."""
    if number.__class__ in PYTHON_NUMBERS:
        return number
    if isinstance(number, Integral):
        return int(number)
    return number if isinstance(number, Rational) else float(number)


def hashable(value: object) -> bool:
    """Whether `value` can be a key of a dict (a table's key)."""
    return state_hash(value) is not None


def state_hash(state: State) -> int | None:
    """``hash(state)``, or None for a state that has none (a list given to describe_move, say)."""
    try:
        return hash(state)
    except TypeError:
        return None


def hashable_instead(value: object) -> str:
    """What a table can keep in place of the unhashable `value`, in a message's words."""
    if isinstance(value, list):
        return "a tuple, not a list"
    if isinstance(value, set):
        return "a frozenset, not a set"
    if isinstance(value, dict):
        return "a tuple of its items, not a dict"
    if is_dataclass(value):
        return "a frozen dataclass, @dataclass(frozen=True), not one whose fields can change"
    return "one made of tuples, numbers and strings, with no list, set or dict inside"


def whole_number(
    value: object, name: str, *, smallest: int = 0, largest: int | None = MAX_COUNTERS
) -> int:
    """`value` as an int, or a ValueError saying why it is not a valid `name` (None: no upper
    limit)."""
    if not is_whole(value):
        raise ValueError(f"{name} must be a whole number, not {shown_typed(value)}")
    if value < smallest:
        raise ValueError(f"{name} must be at least {smallest}, not {shown(value)}")
    if largest is not None and value > largest:
        raise ValueError(f"{name} = {shown(value)} is too large: at most {largest:,} is allowed")
    return int(value)


def won_or_lost(memo: dict) -> dict:
    """`memo`, if it keeps True (won) or False (lost) for each state; a ValueError for a score."""
    for state, won in memo.items():
        if won is not True and won is not False:  # a minimax memo's -1 would read as a win
            raise ValueError(
                f"memo[{shown(state)}] is {shown_typed(won)}: a won/lost memo keeps True (won) "
                "or False (lost) for each state, not a score"
            )
    return memo


def whole_numbers(
    numbers: object, name: str, *, smallest: int, largest: int, longest: int
) -> tuple[int, ...]:
    """`numbers` as a non-empty tuple of at most `longest` whole numbers, each from `smallest` to
    `largest`, or a ValueError saying why they are not valid `name`."""
    if not isinstance(numbers, (tuple, list)) or not numbers:
        raise ValueError(f"{name} must be a non-empty tuple of whole numbers, not {shown(numbers)}")
    if len(numbers) > longest:
        raise ValueError(f"{name} has {len(numbers):,} numbers: at most {longest:,} are allowed")
    return tuple(
        whole_number(number, f"each of {name}", smallest=smallest, largest=largest)
        for number in numbers
    )


def checked_seconds(value: object, name: str, *, longest: float = inf) -> float:
    """`value` if it is a number of seconds above 0 and at most `longest` (never inf, nor a whole
    number too large for a float, which a clock could not add), or a ValueError saying why it is
    not a valid `name`."""
    if not (is_finite(value) and 0 < value <= longest):
        most = (
            f" and at most {longest:g}" if longest < inf else " and finite" if value == inf else ""
        )
        raise ValueError(f"{name} must be a number of seconds above 0{most}, not {shown(value)}")
    return value


def checked_function(
    value: object, name: str, example: str, arguments: int, *, optional: bool = False
) -> Callable | None:
    """`value` if it is a function that can be called with `arguments` arguments (or None, where
    `optional`), else a TypeError saying that `name` must be one, such as `example`: said before
    any search or game begins, not from inside it at the first call."""
    if value is None and optional:
        return value
    if not callable(value):
        none = ", or None" if optional else ""
        raise TypeError(
            f"{name} must be a function, such as {example}{none}, not {shown_typed(value)}"
        )
    try:
        signature = inspect.signature(value)
    except (TypeError, ValueError):  # a function of C without a signature: tried when called
        return value
    try:
        signature.bind(*[None] * arguments)
    except TypeError:
        said = {1: "one argument", 2: "two arguments"}.get(arguments, f"{arguments} arguments")
        called = getattr(value, "__name__", type(value).__name__)
        raise TypeError(
            f"{name} must take {said}, such as {example}: {called}{signature} does not"
        ) from None
    return value


def truth_value(value: object, name: str) -> bool:
    """`value` as True or False (numpy's bools too), or a ValueError saying `name` must be one."""
    if isinstance(value, bool):
        return value
    if type(value).__module__ == "numpy" and type(value).__name__ in ("bool_", "bool"):
        return bool(value)
    raise ValueError(f"{name} must be True or False, not {shown(value)}")


def checked_game(game: object, kind: type | None = None) -> Game:
    """`game` if it is a Game (of `kind`, if given: a TicTacToe, say) with a declared_score_range,
    else an error."""
    from nimlib.games.base import Game  # base.py imports this module, so Game comes in here

    if isinstance(game, type) and issubclass(game, kind or Game):  # Kayles for Kayles()
        raise TypeError(
            f"game must be a game, not the class {game.__name__}: call it, {game.__name__}()"
        )
    if not isinstance(game, kind or Game):
        example = f"{kind.__name__}()" if kind else "SimpleNim()"
        raise TypeError(
            f"game must be a {(kind or Game).__name__} such as {example}, not {shown_typed(game)}"
        )
    declared_score_range(game)
    return game


def declared_score_range(game: object) -> tuple[float, float]:
    """The score_range `game` declares, if it is a pair of numbers from low to high as a tuple,
    else a ValueError saying what to write."""
    if not hasattr(game, "score_range"):  # a range of nimlib's choosing could be wrong unseen
        raise ValueError(
            f"{type(game).__name__} declares no score_range: give the class score_range = (-1, 1) "
            "for a game won or lost, or (lowest, highest) of the scores evaluate can give"
        )
    score_range = game.score_range
    pair = isinstance(score_range, tuple) and len(score_range) == 2
    if not (pair and all(map(is_number, score_range))):
        ends = score_range if pair else ()
        decimal = next((end for end in ends if isinstance(end, Decimal)), None)
        raise ValueError(
            f"{shown(game)}.score_range must be a pair of numbers as a tuple (lowest, highest), "
            f"not {shown(score_range)}{decimal_hint(decimal)}"
        )
    if not all(isinstance(end, PYTHON_NUMBERS) for end in score_range):  # numpy's float64 is one
        raise ValueError(
            f"{shown(game)}.score_range must be Python's numbers (int, float or Fraction), not "
            f"{shown(score_range)}: a search negates its ends (numpy's whole numbers wrap round) "
            "and compares scores with them (numpy's smaller floats compare at their own precision)"
        )
    low, high = score_range
    if not low < high:
        one_score = (
            f": where every game ends in one score, give a range around it, such as "
            f"({low - 1}, {high + 1})"
            if low == high  # a search's window needs room inside the range
            else ""
        )
        raise ValueError(
            f"{shown(game)}.score_range must go from low to high, not {shown(score_range)}"
            + one_score
        )
    return score_range


def checked_state(game: Game, state: object) -> State:
    """The state in the game's standard form (``game.validate``), which must be hashable."""
    given, state = state, game.validate(state)
    if state is None and given is not None:  # a validate that checks, then forgets to return
        raise TypeError(
            f"{type(game).__name__}.validate({shown(given)}) gave None: validate must return the "
            "state, in the game's standard form"
        )
    if not hashable(state):
        made = (
            f", which {type(game).__name__}.validate made of {shown(given)},"
            if hashable(given)
            else ""
        )
        raise ValueError(
            f"the state {shown(state)}{made} cannot be a key of a table (it is unhashable): use "
            f"{hashable_instead(state)}"
        )
    return state


def checked_start(
    game: object, state: object, is_maximizing: object = True, *, chance_nodes: bool = False
) -> tuple[Game, State, bool]:
    """Where a search starts: the game, the state in its standard form and the player to move, each
    checked; a search with no chance nodes (`chance_nodes` False) refuses to start at one."""
    game = checked_game(game)
    state = checked_state(game, state)
    chance = is_chance_node(game, state)
    if chance and not chance_nodes:
        raise dead_end(game, state)
    if stats_by_name(is_maximizing):  # solve(game, state, stats)
        raise ValueError(
            f"is_maximizing must be True or False, not {shown(is_maximizing)}"
            f"{stats_by_name(is_maximizing)}"
        )
    is_maximizing = truth_value(is_maximizing, "is_maximizing")
    if not chance:
        check_over_means_no_moves(game, state, is_maximizing)
    return game, state, is_maximizing


def check_over_means_no_moves(game: Game, state: State, is_maximizing: bool) -> None:
    """A ValueError where evaluate gives `state` 0, a draw, for either player to move, while the
    game lists a move from it: the slip of 0 given for "nobody has won yet", which would make
    every search answer 0 at once. (A finished draw lists no move in nimlib's games; a game that
    lists moves where a player has won is left alone: no search asks for them.) Looked at where
    a search starts only: once per search."""
    try:
        for mover in (is_maximizing, not is_maximizing):
            score = game.evaluate(state, mover)
            if not is_number(score) or score != 0:  # going on, won, or a score the search names
                return
        move = next(iter(player_moves(game, state)), None)
    except Exception:  # the search meets evaluate's own errors again, where they are named; a
        return  # game may refuse the player not to move, or to list moves where it is over
    if move is not None:
        raise ValueError(
            f"{type(game).__name__}.evaluate gave {shown(score)} at state {shown(state)}, a draw "
            "that ends the game, but possible_new_states gives a move there "
            f"({shown(move)}): while play goes on, evaluate must give None (0 is the score of a "
            "draw)"
        )


def canonical_form(game: Game, state: State) -> State:
    """``game.canonical(state)``, the key of `state` in a table; a canonical that gives None for
    another state (its ``return`` forgotten) is refused by name, since every state would then share
    one entry."""
    position = game.canonical(state)
    if position is None and state is not None:
        raise ValueError(
            f"{type(game).__name__}.canonical gave None for state {shown(state)}: canonical must "
            "return the state's canonical form (is its `return` missing?)"
        )
    return position


def is_chance_node(game: Game, state: State) -> bool:
    """Whether the dice move next from `state` (``game.is_chance``), or a ValueError naming the
    answer where it is not True or False (numpy's bools pass): a string such as "no" is true."""
    answer = game.is_chance(state)
    if answer is False or answer is True:  # the usual answer, at once
        return answer
    return truth_value(answer, f"{type(game).__name__}.is_chance at state {shown(state)}")


def hashable_moves(game: Game, state: State, new_states: list[State]) -> list[State]:
    """`new_states`, the moves from `state`, if each can be a key of a table, else a TypeError
    naming the first that cannot: said where a search first lists them."""
    for new_state in new_states:
        if not hashable(new_state):
            raise unhashable_state(game, state, new_state)
    return new_states


def unhashable_state(game: Game, parent: State | None, state: State) -> TypeError:
    """The error for a state the game gave that cannot be a key of a table."""
    where = "" if parent is None else f" at state {shown(parent)}"
    return TypeError(
        f"{type(game).__name__}.possible_new_states gave {shown_typed(state)}{where}: every "
        f"state must be hashable, to be a key of a table: use {hashable_instead(state)}"
    )


def checked_depth(depth: object) -> float:
    """How many moves a search may look ahead: a whole number, or None for no limit (then inf)."""
    return inf if depth is None else whole_number(depth, "depth", largest=None)


def checked_score(game: Game, state: State, score: object, what: str = "evaluate") -> float:
    """`score` if it is a real number within the game's score_range (or, in a game worth the same
    to either mover, a float that its mirror rounded a step past an end: that end), else a
    ValueError naming it; as a Python number (``python_number``), which a search may negate, and a
    zero as a plain zero (``plain_zero``: a game's -0.0 is 0.0 to every method alike)."""
    low, high = game.score_range
    given = score
    if is_number(score):  # compared as the number a search takes (float32's 0.3 is above 0.3)
        score = python_number(score)
        if low <= score <= high:
            return plain_zero(score)
        for end in (low, high):  # a mirror low + high - score, rounded a step past an end
            if game.score_depends_only_on_mover and apart_by_rounding(score, end, low, high):
                return float(end)
    hint = decimal_hint(score)
    if isinstance(score, bool) and what == "evaluate":  # "nobody has won yet", or "Max won"
        hint = (
            f"; {score} is no score: give None while play goes on, a number once it is over "
            f"({shown(high)} if Max has won, {shown(low)} if Min has)"
        )
    elif type(given).__module__ == "numpy" and type(given).__name__ in ("float16", "float32"):
        hint = f"; that is a numpy {type(given).__name__}'s rounding: give a Python float"
    raise ValueError(
        f"{type(game).__name__}.{what} gave {shown(score)} at state {shown(state)}: a score must "
        f"be a real number from {shown(low)} to {shown(high)} (the game's score_range){hint}"
    )


def decimal_hint(value: object) -> str:
    """What to say of a Decimal given where a real number belongs ("" for anything else): Python
    does not count it as a real number, since it does not mix with floats."""
    if not isinstance(value, Decimal):
        return ""
    if value.is_nan():
        instead = "a number"
    elif not value.is_finite():
        instead = "a float"
    elif value == value.to_integral_value():
        instead = shown(int(value))
    else:
        instead = f"Fraction({shown(value)}) for its exact value, or a float"
    return (
        f"; {shown(value)} is a Decimal, which Python does not count as a real number (it does "
        f"not mix with floats): give {instead}"
    )


def checked_bounds(game: Game, hint: str, bounds: object, state: object = None) -> tuple:
    """`bounds`, a hint's (low, high) on a score, as Python numbers, if they are two real numbers
    with low <= high, else a ValueError naming the hint (and the state it was asked about)."""
    try:
        low, high = bounds
    except (TypeError, ValueError):
        low = high = None
    if low.__class__ in PYTHON_NUMBERS and high.__class__ in PYTHON_NUMBERS and low <= high:
        return low, high  # the usual case, asked at every position: quickly
    if is_number(low) and is_number(high) and low <= high:
        return python_number(low), python_number(high)
    where = "" if state is None else f" at state {shown(state)}"
    raise ValueError(
        f"{type(game).__name__}.{hint} gave {shown(bounds)}{where}: a hint's bounds must be two "
        "real numbers (low, high) with low <= high"
    )


def by_value_iteration(game: Game) -> str:
    """For a game that lists its states in layers (Pig), whose play can come back to a position:
    the words that send a search's user to value iteration; "" for any other game."""
    if not callable(getattr(game, "layers", None)):
        return ""
    return (
        f"; {type(game).__name__} lists its states by layers(), so value iteration solves it, "
        "play that comes back to a position included: solve_by_value_iteration(game)"
    )


def dead_end(game: Game, state: State) -> ValueError:
    """The error for a position that is not over (evaluate gave None) but offers no move: a chance
    node, to a search with no chance nodes, or a game that forgot a score."""
    if is_chance_node(game, state):
        return ValueError(
            f"{shown(state)} is a chance node of {type(game).__name__}: the dice move there, and "
            "this search knows only the players' moves. Search a game with dice whose play "
            "always ends by expectiminimax or star1, and draw its tree with "
            f"nimlib.drawing.draw_chance_tree{by_value_iteration(game)}"
        )
    if gives_one_iterator(game, state):
        return ValueError(
            f"{type(game).__name__}.possible_new_states gives the same iterator at each call at "
            f"state {shown(state)}, which an earlier visit used up, so it gave no move: it must "
            "give new moves each time it is asked (a new list, or a new generator)"
        )
    return ValueError(
        f"{type(game).__name__} has a dead end at {shown(state)}: evaluate gave None (play goes "
        "on) but possible_new_states gave no move. evaluate must give a score wherever no move "
        f"is possible{without_is_chance(game, state)}"
    )


def without_is_chance(game: Game, state: State) -> str:
    """For a game that gives outcomes but has no is_chance (so no state is a chance node): the
    words that ask for one at `state`; "" for any other game."""
    from nimlib.games.base import Game, has_dice  # base.py imports this module

    if has_dice(game) or type(game).outcomes is Game.outcomes:
        return ""
    return (
        f"; {type(game).__name__} has outcomes but no is_chance: if the dice move at "
        f"{shown(state)}, is_chance(state) must say so (True there)"
    )


def gives_one_iterator(game: Game, state: State) -> bool:
    """Whether `game` hands out one iterator it keeps for `state`, the same at every call (asked
    twice, only once a search met no move there)."""
    try:
        moves = game.possible_new_states(state)
        return isinstance(moves, Iterator) and moves is game.possible_new_states(state)
    except Exception:  # the game's own error shows when a search asks again, not in this one
        return False


def made_again_differ(game: Game, state: State) -> ValueError | None:
    """The error for a game whose states differ from the same states made again (a class of
    states without __eq__ is compared by identity, a NaN equals nothing), if the moves from
    `state`, asked twice, give states that differ; else None. Asked once a move was not found
    among the moves."""
    if is_chance_node(game, state):
        return None  # the dice's outcomes: a move was looked for among them, made once
    first, again = (list(islice(game.possible_new_states(state), MOVES_COMPARED)) for _ in "12")
    unequal = next((new_state for new_state in first if holds_nan(new_state)), None)
    if unequal is not None:  # even the same object: a list compares its items by identity first
        return ValueError(
            f"{shown(unequal)}, a move of {type(game).__name__} from {shown(state)}, is or holds a "
            "NaN (float or Decimal), which equals nothing, so no move to it can be found: use "
            "states that equal themselves"
        )
    if first == again:
        return None
    return ValueError(
        f"the states of {type(game).__name__} are not equal to themselves made again: the moves "
        f"from {shown(state)}, asked for twice, differ (==), so no move can be found among them. "
        "Give the class of its states __eq__ and __hash__ (@dataclass(frozen=True) gives both), "
        "or make them tuples"
    )


def holds_nan(value: object) -> bool:
    """Whether `value` is a NaN (float or Decimal: not equal to itself), or a tuple or frozenset
    holding one, at any depth."""
    if isinstance(value, (tuple, frozenset)):
        return any(holds_nan(item) for item in value)
    try:
        return bool(value != value)
    except Exception:  # a state whose != fails is not a NaN
        return False


def not_a_move(game: Game, state: State, new_state: State) -> Exception:
    """The error for a move from `state` to `new_state` that ``leads_to`` did not find: the moves
    given as that one state itself, (2,) where [(2,)] was meant, whose items were taken for the
    moves; states unequal to themselves made again (``made_again_differ``); else no such move."""
    if not is_chance_node(game, state) and game.possible_new_states(state) == new_state:
        return moves_as_one_state(game, state, new_state)
    return made_again_differ(game, state) or ValueError(
        f"no move of {game.name} leads from {shown(state)} to {shown(new_state)}: a move goes to "
        "one of game.possible_new_states(state), or game.outcomes(state)'s states"
    )


def moves_as_one_state(game: Game, state: State, moves: State) -> TypeError:
    """The error for the moves from `state` given as one state, (2,) where [(2,)] was meant: its
    items were taken for the moves."""
    return TypeError(
        f"{type(game).__name__}.possible_new_states gave {shown(moves)} at state {shown(state)}: "
        f"the state {shown(moves)} itself, whose items were taken for the moves. It must give the "
        f"states one move can reach as a list, such as [{shown(moves)}]"
    )


def is_one_state(game: Game, moves: object) -> bool:
    """Whether `moves`, given for the moves from a state, is rather one state: a tuple the game
    takes for a state, whose first item it does not."""
    if not isinstance(moves, tuple) or not moves:
        return False
    try:
        game.validate(moves)
    except Exception:  # no state: moves, as they should be
        return False
    try:
        game.validate(moves[0])
    except Exception:  # its item is no state: the tuple was one
        return True
    return False


def game_over(game: Game, state: State) -> ValueError:
    """The error for a move asked of `state`, where the game is over (evaluate gives its score)."""
    return ValueError(
        f"the game is already over at {game.describe_state(state)}: there is no move to make"
    )


def player_moves(game: Game, state: State) -> Iterable[State]:
    """The moves from `state`, a player's node, for a search of the players' moves: a chance node
    is refused by name, even where the game lists moves there (the dice move, not a player), and
    so is one string given for the moves (its characters are no states), a set (its order may
    change from run to run), and a generator given before (a search takes moves one at a time
    and may stop early, so a generator it met again would give only the moves left over, and a
    wrong score), and so is a state that the game changed while it listed its moves (a table
    finds a state by its value, so a changed one is lost, and its score is wrong). A list is
    copied, in case the game gives the same one refilled at its next call."""
    if game.is_chance(state) is not False and is_chance_node(game, state):  # False: quickly
        raise dead_end(game, state)
    before = state_hash(state)
    moves = game.possible_new_states(state)
    if state_hash(state) != before:
        raise changed_state(game, state)
    if moves.__class__ is list:  # the usual answer, copied: a game that refills one list at
        return moves.copy()  # each call would change it under the search of a position above
    if isinstance(moves, (str, bytes, Mapping)):
        raise TypeError(
            f"{type(game).__name__}.possible_new_states gave {shown_typed(moves)} at state "
            f"{shown(state)}: it must give the states one move "
            "can reach as a list, such as [new_state], not one string whose characters would be "
            "taken for states, nor a dict whose keys would be"
        )
    if isinstance(moves, (set, frozenset)):
        raise TypeError(
            f"{type(game).__name__}.possible_new_states gave {shown_typed(moves)} at state "
            f"{shown(state)}: it must give the states one move can reach in a fixed order, as a "
            "list, a tuple or a generator, not a set, whose order may change from run to run (a "
            "set of strings does), and with it the order in which moves are tried and drawn"
        )
    if not isinstance(moves, Iterable):
        raise no_moves_given(game, state, moves)
    if moves.__class__ is GeneratorType and inspect.getgeneratorstate(moves) != inspect.GEN_CREATED:
        raise ValueError(
            f"{type(game).__name__}.possible_new_states gave a generator at state {shown(state)} "
            "that had given moves before: it must give new moves each time it is asked (a new "
            "list, or a new generator), since a search may ask again for the same state"
        )
    return moves


def changed_state(game: Game, state: State) -> ValueError:
    """The error for a game whose possible_new_states changed the state it was given."""
    return ValueError(
        f"{type(game).__name__}.possible_new_states changed the state it was given (it is now "
        f"{shown(state)}): it must leave the state as it is and give each move as a new state, "
        "since a search keeps the states it met in a table and finds them there by their value"
    )


def no_moves_given(game: Game, state: State, moves: object) -> TypeError:
    """The error for a game whose possible_new_states gave `moves`, which hold no states (None,
    say: a method that forgot to return them)."""
    return TypeError(
        f"{type(game).__name__}.possible_new_states gave {shown_typed(moves)} at state "
        f"{shown(state)}: it must give the states one move can reach, as a list, a tuple or a "
        "generator"
    )


def leads_to(game: Game, state: State, new_state: State) -> bool:
    """Whether one move, or one roll of the dice at a chance node, leads from `state` to
    `new_state`. The players' moves are taken as a search takes them (``player_moves``): one string
    given for them is refused, not searched for `new_state` as its characters; and MAX_MOVES of
    them (or of the outcomes, ``checked_outcomes``) at most are looked through: more, a generator
    without end say, end in SearchBudgetExceeded (``too_many_moves``), not in a frozen kernel."""
    if is_chance_node(game, state):
        return new_state in [outcome for _, outcome in checked_outcomes(game, state)]
    for count, move in enumerate(player_moves(game, state)):
        if count == MAX_MOVES:
            raise too_many_moves(game, state)
        if move == new_state:
            return True
    return False


def too_many_moves(game: Game, state: State) -> SearchBudgetExceeded:
    """The error for a position whose moves are more than MAX_MOVES (or never end)."""
    return SearchBudgetExceeded(
        f"{type(game).__name__}.possible_new_states gave more than {MAX_MOVES:,} moves from "
        f"{game.describe_state(state)}, too many to search, sort or look through: try a smaller "
        "position"
    )


def checked_outcomes(
    game: Game, state: State, look: Callable[[], None] | None = None
) -> list[Outcome]:
    """`game.outcomes(state)` as a list of checked ``(probability, new_state)`` pairs whose
    probabilities add up to exactly 1, floats by their exact values (so in any order: 0.5 and 0.25
    do, ten faces of 0.1 do not), or an error naming what is wrong (a player's move at the chance
    node too: the dice move there, and a search would leave the move out unseen).

    The outcomes are taken one at a time, MAX_MOVES at most (more, endless outcomes say, end in
    SearchBudgetExceeded); a search passes `look`, called every CHUNK outcomes, to stop
    them sooner by its budget.
    """
    move = next(iter(game.possible_new_states(state)), None)
    if move is not None:
        raise ValueError(
            f"{type(game).__name__}.possible_new_states({shown(state)}) gave {shown(move)} at a "
            "chance node (is_chance is True there): the dice move at a chance node, not a player, "
            "so it must give no move"
        )
    outcomes = game.outcomes(state)
    if not isinstance(outcomes, Iterable) or isinstance(outcomes, (str, bytes, dict)):
        raise TypeError(
            f"{type(game).__name__}.outcomes({shown(state)}) gave {shown_typed(outcomes)}: it "
            "must give (probability, new_state) pairs, as a list"
        )
    found = []
    for outcome in outcomes:
        found.append(checked_outcome(game, state, outcome))
        if len(found) % CHUNK == 0:
            if look is not None:
                look()
            if len(found) > MAX_MOVES:
                raise SearchBudgetExceeded(
                    f"{type(game).__name__}.outcomes gave more than {MAX_MOVES:,} outcomes at "
                    f"{game.describe_state(state)}, too many to search: try a game with fewer"
                )
    if not found:  # a dead end of the dice, or an iterator an earlier call used up
        raise ValueError(
            f"{type(game).__name__}.outcomes({shown(state)}) gave no outcome: at a chance node "
            "the dice must lead somewhere, by (probability, new_state) pairs adding up to 1, "
            "given anew at each call (an iterator kept and given again is used up after one)"
        )
    # a float by its exact value, such as 0.1's 0.1000000000000000055511..., added without rounding
    total = sum(
        Fraction(probability) if isinstance(probability, float) else probability
        for probability, _ in found
    )
    if total != 1:
        floats = any(isinstance(probability, float) for probability, _ in found)
        added = str(Decimal(total.numerator) / total.denominator) if floats else shown(total)
        raise ValueError(
            f"{type(game).__name__}.outcomes({shown(state)}) gave probabilities adding up to "
            f"{added}: together they must add up to exactly 1 (use exact fractions, such as "
            "Fraction(1, 6): a float such as 0.1 or 1/6 is a little off the number it stands for)"
        )
    return found


def checked_outcome(game: Game, state: State, outcome: object) -> Outcome:
    """One ``(probability, new_state)`` pair of `game.outcomes(state)`, checked: a real probability
    above 0 and at most 1 (numpy's float as Python's, ``python_number``: it would make the averages
    numpy's), and a hashable new state; else a ValueError naming it."""
    if not (isinstance(outcome, tuple) and len(outcome) == 2):
        raise bad_outcome(
            game, state, outcome, "each outcome must be a pair (probability, new_state)"
        )
    probability, new_state = outcome
    # NaN passes here, to be refused below as no number from 0 to 1
    if isinstance(probability, bool) or not isinstance(probability, (Rational, float)):
        raise bad_outcome(
            game,
            state,
            outcome,
            f"{PAIRS}, and a probability must be an exact fraction (such as Fraction(1, 6)) or a "
            f"Python float, not {shown_typed(probability)}",
        )
    if not 0 < probability <= 1:
        raise bad_outcome(
            game, state, outcome, f"{PAIRS}, and a probability must be above 0 and at most 1"
        )
    if not hashable(new_state):
        raise bad_outcome(
            game, state, outcome, "a state must be hashable, to be a key of a table (a tuple)"
        )
    return python_number(probability), new_state


def bad_outcome(game: Game, state: State, outcome: object, problem: str) -> ValueError:
    """The error for an outcome of `game.outcomes(state)` that is not what `problem` says."""
    given = f"{type(game).__name__}.outcomes({shown(state)}) gave {shown(outcome)}"
    return ValueError(f"{given}: {problem}")


def leaf_score(game: Game, state: State, is_maximizing: bool, depth: float) -> float | None:
    """The checked score of a position a search does not expand, else None.

    A finished game gives its score (finished_score); at the depth limit (`depth` is 0) a game
    that goes on gives its estimate (``estimate``), except at a chance node, refused by name: only
    the searches of the players' moves have a depth limit.
    """
    score = finished_score(game, state, is_maximizing)
    if score is not None or depth != 0:
        return score
    return horizon_score(game, state, is_maximizing)


def horizon_score(game: Game, state: State, is_maximizing: bool) -> float:
    """The checked estimate (``estimate``) of a position at the depth limit whose game goes on; a
    chance node has none a search may use, and is refused by name (dead_end)."""
    if is_chance_node(game, state):
        raise dead_end(game, state)
    return checked_score(game, state, game.estimate(state, is_maximizing), "estimate")


def finished_score(game: Game, state: State, is_maximizing: bool) -> float | None:
    """The checked score of a finished game (``evaluate``), else None; in a game that says it is
    worth the same to either mover, checked against the other mover's (check_mirrored), which a
    search from the mover's side takes on trust."""
    score = game.evaluate(state, is_maximizing)
    if score is None:
        return None
    score = checked_score(game, state, score)
    if game.score_depends_only_on_mover:
        check_mirrored(game, state, is_maximizing, score)
    return score


def check_mirrored(game: Game, state: State, is_maximizing: bool, score: float) -> None:
    """A ValueError unless the finished `state`, which scores `score` for Max with Max to move if
    `is_maximizing`, scores its mirror in the score range for the other player to move: a game
    worth the same to whichever player moves (score_depends_only_on_mover) scores so."""
    low, high = game.score_range
    other = game.evaluate(state, not is_maximizing)
    other = None if other is None else checked_score(game, state, other)
    mirror = -score if low == -high else low + high - score  # (-inf, inf) too
    if other is None or not (other == mirror or apart_by_rounding(other, mirror, low, high)):
        scores = {is_maximizing: score, not is_maximizing: other}
        mirrored = "-score" if low == -high else f"{shown(low)} + {shown(high)} - score"
        floats = isinstance(other, float) and isinstance(mirror, float)
        if low == -high and floats and abs(other - mirror) <= FLOAT_DIGITS * abs(mirror):
            mirrored += (
                " exactly: negate the score, rather than work the other out again (floats round)"
            )
        raise ValueError(
            f"{type(game).__name__}.evaluate({shown(state)}, True) gives {shown(scores[True])} "
            f"and evaluate({shown(state)}, False) gives {shown(scores[False])}: in a game whose "
            "score depends only on the mover (score_depends_only_on_mover), the score for Max "
            f"with Min to move is the mirror of the one with Max to move, {mirrored}"
        )


def apart_by_rounding(score: float, point: float, low: float, high: float) -> bool:
    """Whether `score` and `point`, numbers of the score range (low, high) or a step past an end,
    one of them a float, differ by no more than the rounding of the mirror ``low + high - score``
    can make: two float steps at the size of the range's ends (none in a range symmetric about 0,
    whose mirror, -score, is exact, nor in one whose ends are infinite or beyond floats)."""
    if low == -high or not (isinstance(score, float) or isinstance(point, float)):
        return False
    try:
        size = float(abs(low) + abs(high))
        return isfinite(size) and abs(Fraction(score) - Fraction(point)) <= 2 * ulp(size)
    except (OverflowError, ValueError):  # a number beyond floats, or not one: no rounding
        return False


def for_mover(score: float, is_maximizing: bool) -> float:
    """A score for Max seen by the player to move, or back: the same number when Max moves, else its
    negative (a zero stays a zero: a float draw for Min prints 0.0, not -0.0)."""
    return score if is_maximizing else -score or abs(score)


def plain_zero(score: float) -> float:
    """`score`, with a zero as a plain zero: a negamax's negations make -0.0 of a float draw, which
    the negamax searches give back at their root as 0.0, the number minimax finds."""
    return score or abs(score)


def same_for_either_mover(game: Game) -> bool:
    """Whether a search may leave the player to move out of a position's key: the game says a
    position is worth the same to whichever player moves, and its score range is symmetric
    about 0, so that negating a score (``for_mover``) mirrors it for the other player. (A game
    scored from 0 to 1 mirrors a score as 1 - score: its searches keep the player in the key.)"""
    low, high = game.score_range
    return game.score_depends_only_on_mover and low == -high


def middle_of_range(game: Game, otherwise: float | None = None) -> Fraction | float:
    """The middle of the game's score range, for Max, exactly: above it a win, below it a loss
    (whole-number ends give a Fraction, however large; floats are halved first, so that none
    overflows; (-inf, inf) has 0). A range with one infinite end has none: `otherwise` stands in,
    if given, else a ValueError says so, for a search that must tell a win from a loss."""
    low, high = game.score_range
    if isinstance(low, int) and isinstance(high, int):
        return Fraction(low + high, 2)
    if low == -high:  # (-inf, inf) too
        return 0
    if (low == -inf or high == inf) and otherwise is not None:
        return otherwise
    if low == -inf or high == inf:
        raise ValueError(
            f"the score range of {game.name}, ({shown(low)}, {shown(high)}), has no middle, so no "
            "score in it is a win or a loss: give the game a finite score range, or (-inf, inf)"
        )
    return low / 2 + high / 2


def mover_window(alpha: float, beta: float, is_maximizing: bool) -> tuple[float, float]:
    """A window (or a score range) for Max seen by the player to move, or back: (-beta, -alpha) when
    Min moves."""
    return (alpha, beta) if is_maximizing else (-beta, -alpha)


def stats_by_name(value: object) -> str:
    """What a message adds of a SearchStats given by position where another argument goes, as
    minimax takes its stats fourth (solve takes the player to move there, alphabeta alpha): ""
    for any other value. (A SearchStats is known by its count_call: the games import no search.)"""
    return ": give the stats by name (stats=...)" if hasattr(value, "count_call") else ""


def checked_window(
    alpha: object, beta: object, score_range: tuple[float, float]
) -> tuple[float, float]:
    """`(alpha, beta)`, as Python numbers, if both are numbers (not NaN) with alpha < beta, else a
    ValueError saying what is wrong; an end that is None is the `score_range`'s."""
    low, high = score_range
    alpha, beta = low if alpha is None else alpha, high if beta is None else beta
    for name, value in (("alpha", alpha), ("beta", beta)):
        if not is_number(value):
            raise ValueError(
                f"{name} must be a number (not NaN), not {shown(value)}{stats_by_name(value)}"
                + decimal_hint(value)
            )
    if alpha >= beta:
        raise ValueError(
            f"alpha must be less than beta, but alpha = {shown(alpha)} and beta = {shown(beta)}"
        )
    return python_number(alpha), python_number(beta)


def checked_choice(value: object, choices: Iterable, name: str) -> object:
    """`value` if it is one of `choices` (a dict: its keys), else a ValueError listing them, and
    naming the one a near miss meant ("did you mean 'Simple-Nim'?")."""
    # a list compares by ==, so an unhashable value such as ["memo"] is just not in it
    if value not in list(choices):
        options = ", ".join(map(repr, choices))
        raise ValueError(
            f"unknown {name} {shown(value)}: choose one of {options}{near_miss(value, choices)}"
        )
    return value


def near_miss(value: object, choices: Iterable) -> str:
    """The words naming the name among `choices` closest to the string `value`, capitals aside,
    such as " (did you mean 'Simple-Nim'?)", if one is close enough to be the name meant
    (difflib's likeness of at least 0.6); else ""."""
    if not isinstance(value, str):
        return ""
    names = {choice.casefold(): choice for choice in choices if isinstance(choice, str)}
    close = get_close_matches(value.casefold(), names, n=1)
    return f" (did you mean {names[close[0]]!r}?)" if close else ""
