"""Pig solved quickly, as Neller and Presser solve it (``solve_pig``): the engine's way for one
game, where the book's value iteration (nimlib.book.value_iteration) sweeps any game that lists
its states. It knows Pig's rules: the layers of the banked scores, and in each the two players'
positions at a turn total of 0, whose values the secant method finds (the widget ``play_pig``
plays by it; benchmarks/pig.py measures it against the book's sweeps).
"""

from __future__ import annotations

from nimlib.book.stats import SearchStats, checked_stats
from nimlib.book.value_iteration import checked_tolerance
from nimlib.games.base import RULES
from nimlib.games.pig import Pig
from nimlib.games.values import Values, checked_game

MAX_PASSES = 10_000  # far more than the secant method needs: it is stopped there
PIG_RULES = (*RULES, "is_chance", "outcomes", "score_range")  # what solve_pig knows of Pig


def solve_pig(
    game: Pig, tolerance: float = 1e-12, stats: SearchStats | None = None
) -> tuple[Values, int]:
    """Every state of Pig solved as Neller and Presser solve it, quickly: (values, iterations).

    The layers go from the highest sum of the banked scores down, as ``solve_by_value_iteration``
    sweeps them, but a layer is not swept whole. In it, a state (mine, theirs, turn) leads only to
    larger turn totals of its own (a roll), to the layers already solved (a hold), and to the other
    player's (theirs, mine, 0) (a 1, or holding at 0). So for each pair of players' scores, two
    values are unknown, x = (mine, theirs, 0) and y = (theirs, mine, 0): given y, one pass from the
    largest turn total down gives every state of (mine, theirs, ...) and x (``turn_values``); then
    x gives y the same way. Iterating y -> x -> y is value iteration on two values; the secant
    method finds its fixed point in a few passes, where plain iteration needs dozens.
    """
    checked_pig(game)
    tolerance, stats = checked_tolerance(tolerance, game), checked_stats(stats)
    goal, values = game.goal, {}
    start = [[0.5] * goal for _ in range(goal)]  # [mine][theirs]: (mine, theirs, 0) once solved
    iterations = 0

    def hold_values(mine: int, theirs: int) -> list[float]:
        """The chance of winning by holding at each turn total: 1 minus the other player's at
        (theirs, mine + turn, 0), of a layer already solved (at 0 the turn passes: not used)."""
        return [0.0] + [1.0 - value for value in start[theirs][mine + 1 : goal]]

    smaller = f"try a goal below {goal}"  # a tolerance hardly matters: the secant method is quick
    with stats.searching(f"every state of {game.name}", values, advice=smaller):
        for total in range(2 * goal - 2, -1, -1):
            for mine in range(max(0, total - goal + 1), total // 2 + 1):
                theirs = total - mine
                holds = (hold_values(mine, theirs), hold_values(theirs, mine))
                stats.count_call((mine, theirs, 0))
                guess = start[theirs][mine + 1] if mine + 1 < goal else 0.5  # solved: a neighbour
                row, other, passes = solved_pair(holds, guess, tolerance)
                iterations += passes
                for turn, value in enumerate(row[: goal - mine]):
                    values[(mine, theirs, turn)] = value
                for turn, value in enumerate(other[: goal - theirs]):
                    values[(theirs, mine, turn)] = value
                start[mine][theirs], start[theirs][mine] = row[0], other[0]
    return values, iterations


def checked_pig(game: object) -> Pig:
    """`game` if it is a Pig with Pig's own rules (PIG_RULES), which solve_pig knows without asking
    the game; else an error naming what a class of Pig's changes (its dice, say)."""
    checked_game(game, Pig)
    changed = [rule for rule in PIG_RULES if getattr(type(game), rule) != getattr(Pig, rule)]
    if changed:
        raise ValueError(
            f"solve_pig knows the rules of Pig, and {type(game).__name__} changes its "
            f"{', '.join(changed)}: solve it by solve_by_value_iteration(game), which asks the "
            "game for its rules"
        )
    return game


def solved_pair(holds: tuple[list, list], guess: float, tolerance: float) -> tuple[list, list, int]:
    """The values of (mine, theirs, ...) and of (theirs, mine, ...), given the chances of holding
    at each turn total (`holds`), and how many passes y -> x -> y the secant method took from
    the `guess` of y."""

    def passes(y: float) -> tuple[list[float], list[float], float]:
        """From y: the values of (mine, theirs, ...), then (theirs, mine, ...), and y's change."""
        row = turn_values(holds[0], 1.0 - y)
        other = turn_values(holds[1], 1.0 - row[0])
        return row, other, other[0] - y

    y0, (row, other, h0) = guess, passes(guess)
    y1, count = other[0], 2
    row, other, h1 = passes(y1)
    while abs(h1) > tolerance and count < MAX_PASSES:
        step = h1 * (y1 - y0) / (h1 - h0) if h1 != h0 else -h1
        y0, y1, h0 = y1, min(max(y1 - step, 0.0), 1.0), h1
        row, other, h1 = passes(y1)
        count += 1
    return row, other, count


def turn_values(holds: list[float], pig_out: float) -> list[float]:
    """The chance of winning at each turn total of one pair of scores, from the largest down, given
    the chance after a 1 (`pig_out`) and after holding (`holds`); then six wins past the goal.

    A roll's chance is (pig_out + the next five turn totals' chances) / 6: `window` keeps the sum
    of those five as the turn total goes down."""
    row = [0.0] * len(holds) + [1.0] * 6
    window = 5.0  # the five turn totals past the largest have all won
    for turn in range(len(holds) - 1, 0, -1):
        roll, hold = (pig_out + window) / 6, holds[turn]
        row[turn] = roll if roll > hold else hold
        window += row[turn + 1] - row[turn + 6]
    roll = (pig_out + window) / 6  # at a turn total of 0, holding passes the turn as a 1 does
    row[0] = roll if roll > pig_out else pig_out
    return row
