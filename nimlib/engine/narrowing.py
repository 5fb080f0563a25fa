"""The engine's null windows: which test "is the score more than g?" to make next.

A null-window search asks one question and is cheap: a window (g, g') with no score strictly
between g and g' fails low (the score is at most its result) or high (at least its result). As
in Pascal Pons' Connect Four solver, g is the middle of the interval still open, moved out to
halfway between the middle of the score range and the open interval's end when that lies further
out: the quick wins and losses, at the ends of the range, are tested early, where the bounds a
position puts on its score make the test cheap. Whole-number scores get whole-number windows
(g, g + 1), so that scores too large for a float (10**400) are narrowed as well.
"""

from __future__ import annotations

from math import ceil, floor, inf, isinf, nextafter


def null_window(low: float, high: float, middle: float) -> tuple[float, float]:
    """The next null window (g, g') inside the open interval [low, high] (low < high), `middle`
    being the middle of the game's score range (games.values.middle_of_range)."""
    if low.__class__ is int and high.__class__ is int:
        return whole_window(low, high, middle)
    try:
        guess = pulled_out(low / 2 + high / 2, low, high, float(middle))
    except OverflowError:  # a whole number too large for a float meets a float: whole numbers then
        return whole_window(low, high, middle)
    if not low <= guess < high or isinf(guess):
        guess = low if low > -inf else nextafter(high, -inf)
    return guess, nextafter(guess, inf)


def whole_window(low: float, high: float, middle: float) -> tuple[int, int]:
    """The null window (g, g + 1) for whole-number scores in [low, high]; an infinite end is sought
    by moving out from the other end by its own size, so that the steps double."""
    if low == -inf and high == inf:  # (isinf would turn a whole number into a float)
        return 0, 1
    if high == inf:
        guess = floor(low) + max(abs(floor(low)), 1)
        return guess, guess + 1
    if low == -inf:
        guess = ceil(high) - max(abs(ceil(high)), 1)
        return guess - 1, guess
    low, high, middle = floor(low), ceil(high), floor(middle)
    guess = pulled_out(low + (high - low) // 2, low, high, middle)
    guess = min(max(guess, low), high - 1)  # the window (guess, guess + 1) inside [low, high]
    return guess, guess + 1


def pulled_out(guess: float, low: float, high: float, middle: float) -> float:
    """`guess` moved out to halfway from `middle` to the end of [low, high] on its side, if that
    is further out."""
    if guess <= middle:
        halfway = middle - half(middle - low)
        return halfway if halfway < guess else guess
    halfway = middle + half(high - middle)
    return halfway if halfway > guess else guess


def half(distance: float) -> float:
    """Half of a distance (not negative): rounded down for whole numbers."""
    return distance // 2 if distance.__class__ is int else distance / 2
