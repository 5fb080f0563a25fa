"""A table of bounds: what a search stores about a position's score, and when that answers at once.

Alpha-beta finds a position's exact score only when it lands strictly inside the window; at or
outside an edge it is a bound. So the table keeps, for each position, the bounds ``(lower,
upper)`` proven so far, as notebook 05 derives: ``stored_bounds`` says what a result proves, and
``answer_from_table`` when the stored bounds answer a later visit without a search. Alpha-beta,
negamax and the engine share these rules.

A table keeps one kind of entry: scores (memoized minimax, the iterative search), bounds
(alpha-beta, negamax) or the engine's bounds and best moves; a search refuses a table that keeps
another kind (``kept_in``). A key says whose view its entry is: Max's under ``table_key``
(memoized minimax, alpha-beta), the mover's under ``mover_key`` (negamax, the engine, the
iterative search), so that a table passed from one view to the other never reads a score with
the wrong sign. (What a search refuses in a table given to it, another game's positions or
entries no search stores, is in limits.py.)
"""

from __future__ import annotations

from math import inf

from nimlib.games.printer import shown
from nimlib.games.values import State

UNKNOWN = (-inf, inf)  # the bounds of a position the table knows nothing of
SCORES = "scores"  # what memoized minimax and the iterative search keep: exact scores
BOUNDS = "bounds (lower, upper)"  # what alpha-beta and negamax keep
ENGINE = "the engine's bounds (lower, upper, estimated) and best moves"
MOVERS = {True: "Max", False: "Min"}  # the mover in a key of the mover's view (Max's: a bool)


class _BestMove:
    """Marks the keys under which the engine keeps a position's best move (beside its bounds)."""

    def __repr__(self) -> str:
        return "BEST_MOVE"


BEST_MOVE = _BestMove()


def table_key(state: State, is_maximizing: bool, depth: float) -> tuple:
    """The key of a position in a table of Max's view: the state, the player to move (True:
    Max), and the `depth` (left out if inf, the end of the game).

    Keys of both kinds never meet, so searches to different depths can share a table."""
    return (state, is_maximizing) if depth == inf else (state, is_maximizing, depth)


def mover_key(state: State, is_maximizing: bool, depth: float, same_for_either: bool) -> tuple:
    """The key of a position in a table of the mover's view: as ``table_key``'s, with "Max" or
    "Min" for the player to move, or "either" if `same_for_either` (the game's
    same_for_either_mover: a position is worth the same to either, and symmetric positions
    share an entry)."""
    mover = "either" if same_for_either else MOVERS[is_maximizing]
    return (state, mover) if depth == inf else (state, mover, depth)


def kept_in(table: dict) -> str | None:
    """What `table` keeps (SCORES, BOUNDS or ENGINE), read from one entry; None if it is empty."""
    for key, value in table.items():
        if (key.__class__ is tuple and key and key[0] is BEST_MOVE) or (
            value.__class__ is tuple and len(value) == 3
        ):
            return ENGINE
        return BOUNDS if value.__class__ is tuple else SCORES
    return None


def stored_bounds(
    best: float, alpha: float, beta: float, lower: float, upper: float
) -> tuple[float, float]:
    """What `best`, found from the window (alpha, beta), proves about the score: the new (lower,
    upper)."""
    try:
        if best <= alpha:  # fail low: an upper bound
            return lower, min(upper, best)
        if best >= beta:  # fail high: a lower bound
            return max(lower, best), upper
    except TypeError:  # costs nothing until a caller passes something that is not a number
        raise not_scores("stored_bounds", best, alpha, beta, lower, upper) from None
    return best, best  # strictly inside the window: the exact score


def answer_from_table(lower: float, upper: float, alpha: float, beta: float) -> float | None:
    """The score to return at once from the stored bounds, or None to search the position."""
    try:
        if lower == upper or lower >= beta:  # known exactly, or a cut-off anyway
            return lower
        if upper <= alpha:  # no better than what the caller already has
            return upper
    except TypeError:  # costs nothing until a caller passes something that is not a number
        raise not_scores("answer_from_table", lower, upper, alpha, beta) from None
    return None


def within(bounds: tuple[float, float], score_range: tuple[float, float]) -> tuple[float, float]:
    """`bounds` no wider than the game's score range, where every score lies anyway."""
    try:
        return max(bounds[0], score_range[0]), min(bounds[1], score_range[1])
    except (TypeError, IndexError, KeyError):
        raise not_scores("within", bounds, score_range) from None


def not_scores(rule: str, *values: object) -> TypeError:
    """The error for a table rule given something other than numbers (or pairs of them)."""
    given = ", ".join(shown(value) for value in values)
    return TypeError(f"{rule} takes scores, and pairs of them, as numbers: not ({given})")
