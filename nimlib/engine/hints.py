"""The hints a game may give an engine (the method "deepening"), read after the book.

A game gives a hint by having the method; the Game contract names none of them, so a game
without hints is searched exactly as the book searches it, and so is a subclass that rewrites the
rules (``evaluate``, ``possible_new_states``) or the ``estimate`` of the class that gave the hint
(``gives``), as the contract's own knowledge of the rules is dropped there (games.base.KNOWLEDGE).
``Hints(game)`` is what the engine asks: the game's own method where it has one, else a default
that knows nothing. The engine checks a hint's answer where it reads it (a ValueError names the
hint that gives what no hint gives: a move left out of the order, a win at once in a game that
goes on):

- ``ordered_new_states(state, new_states)``: the same new states, the most promising first;
- ``win_at_once(state)``: a new state in which the player to move has just won, found cheaply,
  or None; its score is taken as the position's without a look at the other moves, so it
  must be the best the mover can reach (none scores more later), and it is asked before
  ``evaluate``, so at a finished position too (give None there);
- ``safe_new_states(state)``: the moves after which the other player cannot win at once; where
  there are any, the engine searches only those, so allowing a win at once must never be better
  for the mover than a safe move: a win at once scores, for its winner, at least what any other
  line from the position before gives them, or an estimate at a depth limit (as where a win
  scores an end of the range, or the more the sooner it comes: Connect Four); else the engine's
  score may be wrong;
- ``estimate_range``: where every estimate lies, if narrower than ``score_range`` (so that a
  depth-limited search may use ``score_bounds`` too);
- ``score_bounds(state, is_maximizing)``: bounds on a score where nobody wins at once (the player
  to move cannot, and has a move after which the other cannot either); ``score_reach``: where
  play goes on, wins at once included (a search's null windows start there).
"""

from __future__ import annotations

from collections.abc import Iterable

from nimlib.games.base import RULES, Game, has_estimate
from nimlib.games.printer import shown
from nimlib.games.values import State, checked_bounds

KNOWN_BY_HINTS = (*RULES, "estimate")  # a hint's premises: the moves, the scores, the estimate
# the hints about moves (the bounds are hints about scores)
ENGINE_MOVE_HINTS = ("win_at_once", "safe_new_states", "ordered_new_states")
ORDER_SHOULD = "the same new states, the most promising first"
WIN_SHOULD = "None, or a new state in which the player to move has just won (a finished game)"
SAFE_SHOULD = "None, or the new states after which the other player cannot win at once"


def wrong_hint(game: Game, hint: str, state: State, given: object, should: str) -> ValueError:
    """The error for a hint that gave the engine `given` at `state` where it `should` give."""
    return ValueError(
        f"{type(game).__name__}.{hint} gave {shown(given)} for state {shown(state)}: it must "
        f"give {should}"
    )


def same_states(ordered: list, new_states: list[State]) -> bool:
    """Whether `ordered` holds as many states as `new_states` and the same ones, in any order: an
    order that repeated one move and left out another would have a search score the wrong moves.
    (Sets, not counts: a Counter of each cost Connect Four's search a fifth of its speed.)"""
    try:
        return len(ordered) == len(new_states) and set(ordered) == set(new_states)
    except TypeError:  # something unhashable, which no new state is (the engine's table holds them)
        return False


def gives(game: Game, hint: str) -> bool:
    """Whether `game` has a method named `hint` (an attribute of that name that is no method, such
    as a setting, is none of the engine's business) written for its rules: a hint knows the rules
    and the estimate of the class that gives it (KNOWN_BY_HINTS), so a subclass that rewrites them
    (misère tic-tac-toe, whose three in a row loses; Connect Four guessing beyond its
    estimate_range, whose win at once is then no longer the best a depth limit sees) and not the
    hint gives none."""
    if not callable(getattr(game, hint, None)):
        return False
    giver = defined_in(game, hint)
    if giver is None:
        return True
    definers = [defined_in(game, known) for known in KNOWN_BY_HINTS]
    return all(definer is not None and issubclass(giver, definer) for definer in definers)


def defined_in(game: Game, method: str) -> type | None:
    """The class whose `method` `game` uses (None: one of the game's own attributes)."""
    return next((kind for kind in type(game).__mro__ if method in vars(kind)), None)


class Hints:
    """The hints of one game as the engine asks them, and which of them the game really gives."""

    def __init__(self, game: Game) -> None:
        """Ask `game` which hints it gives, and stand in for the others."""
        self.game = game
        self.gives_wins = gives(game, "win_at_once")
        self.gives_safe_moves = gives(game, "safe_new_states")
        self.gives_order = gives(game, "ordered_new_states")
        # the Game contract's estimate raises: deepening iterates only where a game has its own
        self.gives_estimate = has_estimate(game)
        estimate_range = getattr(game, "estimate_range", None) or game.score_range
        self.estimate_range = checked_bounds(game, "estimate_range", estimate_range)
        self.ordered_new_states = self.checked_order if self.gives_order else self.as_given
        self.win_at_once = game.win_at_once if self.gives_wins else self.no_hint
        self.safe_new_states = game.safe_new_states if self.gives_safe_moves else self.no_hint
        bound_hints = ("score_bounds", "score_reach")
        self.bounds_given = {hint: getattr(game, hint) for hint in bound_hints if gives(game, hint)}

    def checked_order(self, state: State, new_states: list[State]) -> list[State]:
        """The game's ``ordered_new_states``, as a list of as many new states, else refused."""
        ordered = self.game.ordered_new_states(state, new_states)
        if ordered.__class__ is not list and isinstance(ordered, Iterable):
            ordered = list(ordered)
        if ordered.__class__ is not list or not same_states(ordered, new_states):
            raise wrong_hint(self.game, "ordered_new_states", state, ordered, ORDER_SHOULD)
        return ordered

    def as_given(self, state: State, new_states: list[State]) -> list[State]:
        """The new states in the game's own order (no hint to sort them)."""
        return list(new_states)

    def no_hint(self, state: State) -> None:
        """No win at once found cheaply, no moves named safe (every move is searched)."""
        return None

    def bounds(self, hint: str, state: State, is_maximizing: bool) -> tuple[float, float]:
        """The game's `hint`, score_bounds or score_reach, checked, or its score range where it
        gives none."""
        given = self.bounds_given.get(hint)
        if given is None:
            return self.game.score_range
        return checked_bounds(self.game, hint, given(state, is_maximizing), state)
