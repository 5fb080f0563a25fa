"""Value iteration: scores for a game whose positions lead back to themselves (notebook 12).

Recursion needs a game that ends: in Pig, two players who keep rolling a 1 pass the same position
back and forth for ever. Value iteration gives up recursion. It starts from a guess for every
state (the lowest score: a sure loss), then sweeps over all of them again and again, each time
replacing a state's value by what its rule says given the current values of the others (one
**step**, or **backup**). The values stop changing once they agree with their own rule: they are
then the fixed point, the scores of best play, to within `tolerance` (by default a billionth of
the width of the game's score range).

``solve_by_value_iteration`` applies it to any Game that lists its states (``layers``, in the
order the game's author gives, such as Neller and Presser's for Pig): the rule of a state is
expectiminimax's, one step deep (the best move for a player, the expected score at a chance node),
read from the game's moves and outcomes, so the search never knows the rules. It sweeps twice over:
up from a sure loss and down from a sure win, the score always between the two, and it answers once
they meet. Values that merely stop moving prove nothing: in a game whose play can go round for ever,
the rules may have more than one solution, and which one the sweeps found would depend on the order
of the states. There the two stay apart, and the state is refused by name.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable, Iterator
from math import inf
from numbers import Rational

from nimlib.book.explained import raise_explained
from nimlib.book.limits import listed_moves, listed_outcomes
from nimlib.book.stats import SearchStats, checked_stats
from nimlib.games.base import Game
from nimlib.games.printer import shown
from nimlib.games.values import (
    CHUNK,
    FLOAT_DIGITS,
    State,
    Values,
    checked_game,
    dead_end,
    hashable,
    hashable_instead,
    is_chance_node,
    is_finite,
    is_number,
    leaf_score,
)

FEWER_STATES = "try a game with fewer states, or a larger tolerance"  # said when stopped
SHARE_OF_RANGE = 1e-9  # the tolerance when none is given, as a share of the score range's width
FLOAT_STEPS = 8  # and at least this many steps between floats as large as the range's ends
FLOAT_MAX = sys.float_info.max  # the largest number a float holds


def checked_tolerance(tolerance: object, game: Game) -> float:
    """`tolerance` if it is a number at least 0 (not NaN) and smaller than the width of the game's
    score range, which any value meets; else a ValueError naming it. None is a billionth of that
    width (SHARE_OF_RANGE), so that the scores of a range of 0 to 1e-12 or 0 to 1e12 are found as
    closely, for their size, as those of 0 to 1, but no less than floats can tell apart at the
    range's ends (FLOAT_STEPS: a range of 1e8 to 1e8 + 1 holds floats 1.5e-8 apart)."""
    low, high = game.score_range
    if tolerance is None:
        float_step = math.ulp(max(abs(float(low)), abs(float(high))))
        return max(float(high - low) * SHARE_OF_RANGE, FLOAT_STEPS * float_step)
    if not (is_number(tolerance) and tolerance >= 0):
        raise ValueError(f"tolerance must be a number at least 0 (not NaN), not {shown(tolerance)}")
    if tolerance >= high - low:
        raise ValueError(
            f"a tolerance of {shown(tolerance)} is met by any value in the score range of "
            f"{shown(game)}, {shown((low, high))}: ask one smaller than its width, {high - low}"
        )
    return tolerance


def listed_states(game: Game, number: int, states: object, stats: SearchStats) -> list[State]:
    """The layer `number` of `game` (`states`) as a list of hashable states, each one the game's
    ``validate`` accepts, taken a chunk at a time under the budget of `stats` (endless states end
    in SearchBudgetExceeded), else an error naming them."""
    if not isinstance(states, Iterable) or isinstance(states, (str, bytes, dict)):
        raise TypeError(
            f"{type(game).__name__}.layers() gave {shown(states)} as its layer {number} (from 0): "
            "each layer must be a list of states"
        )
    found: list[State] = []
    with stats.searching("the states to sweep", found, advice=FEWER_STATES):
        for state in states:
            found.append(state)
            if len(found) % CHUNK == 0:
                stats.check_budget(state)
    for state in found:
        if not hashable(state):
            raise TypeError(
                f"{type(game).__name__}.layers() lists {shown(state)} in its layer {number} (from "
                f"0): every state must be hashable: use {hashable_instead(state)}"
            )
        try:
            game.validate(state)
        except (TypeError, ValueError) as error:
            raise ValueError(
                f"{type(game).__name__}.layers() lists {shown(state)} in its layer {number} (from "
                f"0), which is no state of the game: {error}"
            ) from None
    return found


def solve_by_value_iteration(
    game: Game, tolerance: float | None = None, stats: SearchStats | None = None
) -> tuple[Values, int]:
    """The score of every state `game.layers()` lists, for its player to move, found by value
    iteration a layer at a time: (values, sweeps in all).

    A table of one value per state holds a game worth the same to whichever player moves
    (``score_depends_only_on_mover``): the value is the score for Max with Max to move, and with Min
    to move the score for Max is its mirror in the score range, ``low + high - value``. Each listed
    state's rule is asked of the game once per layer (``rule``), then swept up and down until the
    values meet within `tolerance` (``sweeps_until_they_meet``; None: a billionth of the width of
    the score range).
    """
    game = checked_game(game)
    if not game.score_depends_only_on_mover:
        raise ValueError(
            f"value iteration keeps one value per state, but {shown(game)} is not worth the same "
            f"to whichever player moves (score_depends_only_on_mover is False; set it to True in "
            f"{type(game).__name__} if it is: a class that rewrites possible_new_states or "
            "evaluate keeps no such knowledge of a parent game's rules, games.base.KNOWLEDGE)"
        )
    if not callable(getattr(game, "layers", None)):
        raise ValueError(
            f"{shown(game)} does not list its states: value iteration needs a layers() method "
            "giving every state where play goes on (see nimlib.games.base)"
        )
    low, high = game.score_range
    # a state's mirror is low + high - value; a whole number past 2**53 rounds to another one
    if abs(low) + abs(high) > FLOAT_MAX or not (held_by_floats(low) and held_by_floats(high)):
        raise ValueError(
            f"value iteration sweeps in floats, and the score range of {shown(game)}, "
            f"{shown((low, high))}, goes beyond what they hold: scale the scores down"
        )
    tolerance, stats = checked_tolerance(tolerance, game), checked_stats(stats)
    lower: Values = {}  # each value from a sure loss up
    upper: Values = {}  # and from a sure win down
    sweeps = 0
    quicker = getattr(game, "solved_quicker_by", "")  # a solver of the game's own, if it names one
    advice = FEWER_STATES + (f": {game.name} is solved quicker by {quicker}" if quicker else "")
    # No game= here: an error of the game is explained from the listed state whose rule it broke
    with stats.searching(f"every state of {game.name}", lower, advice=advice):
        layers = []
        for number, layer in enumerate(listed_layers(game)):  # endless layers end in the budget
            stats.check_budget(f"the layers of {game.name}")
            layers.append(listed_states(game, number, layer, stats))
        lower.update((state, float(low)) for layer in layers for state in layer)
        upper.update((state, float(high)) for layer in layers for state in layer)
        solved: set[State] = set()
        for layer in layers:
            rules = {state: rule_of_listed(game, state, lower, stats) for state in layer}
            check_order(game, rules, solved)
            sweeps += sweeps_until_they_meet(rules, lower, upper, tolerance, stats)
            solved.update(rules)
    return lower, sweeps


def listed_layers(game: Game) -> Iterable:
    """What `game.layers()` gives, if it can be gone through, else a TypeError naming it."""
    layers = game.layers()
    if not isinstance(layers, Iterable) or isinstance(layers, (str, bytes, dict)):
        raise TypeError(
            f"{type(game).__name__}.layers() must give the layers, each a list of states, not "
            f"{shown(layers)}"
        )
    return layers


def check_order(game: Game, rules: dict[State, tuple], solved: set[State]) -> None:
    """A ValueError if a rule of this layer reads a listed state of a layer still to come: each
    layer may lead only to itself and to the layers before it, which are solved."""
    for state, given in rules.items():
        for read in states_read(given):
            if read not in rules and read not in solved:
                raise ValueError(
                    f"{type(game).__name__}.layers() lists {shown(read)} in a later layer than "
                    f"{shown(state)}, which leads to it: a layer may lead only to itself and to "
                    "the layers before it"
                )


def states_read(given: tuple) -> Iterator[State]:
    """The listed states whose values the rule `given` reads."""
    kind, _, parts = given
    if kind == SUM:
        yield from (state for _, state in parts)
    else:
        for part in parts:
            yield from states_read(part[1] if kind == CHANCE else part)


def sweeps_until_they_meet(
    rules: dict[State, tuple], lower: Values, upper: Values, tolerance: float, stats: SearchStats
) -> int:
    """Sweep the `rules` of one layer over both tables until every state's `lower` and `upper`
    values are within `tolerance`: how many sweeps that took.

    A state's lower value reads its own player's states from `lower` and the other player's from
    `upper` (whose mirror is then the lowest), and the other way round: from a sure loss and a sure
    win, each sweep moves them towards each other, the score always between them. Where a cycle
    can go on for ever, the rules may have more than one solution, and the two stop apart: what
    endless play is worth decides the score there, and no score is given. (A sweep only raises the
    lower values and lowers the upper ones, so in floats they come to rest: apart, see ``apart``.)
    """
    if not rules:
        return 0
    sweeps = 0
    while True:  # a game that settles too slowly ends in the budget of `stats`
        sweeps += 1
        moved = False
        for state, given in rules.items():
            stats.count_call(state)
            low, high = worth(given, lower, upper)
            moved = moved or low != lower[state] or high != upper[state]
            lower[state], upper[state] = low, high
        state = max(rules, key=lambda state: upper[state] - lower[state])  # the widest apart
        if upper[state] - lower[state] <= tolerance:
            return sweeps
        if not moved:  # floats' rounding has them stuck: they never meet
            raise apart(state, lower[state], upper[state])


def apart(state: State, low: float, high: float) -> ValueError:
    """The error for a state whose bounds stopped `low` and `high` apart: too close for floats to
    bring together, or two solutions of a game whose play can go round for ever."""
    if high - low <= FLOAT_DIGITS * max(1.0, abs(low), abs(high)):
        return ValueError(
            f"value iteration brings the bounds of {shown(state)} no closer than "
            f"{high - low:.3g}, near {low:.6g}, the precision of floats: ask a tolerance above it"
        )
    return ValueError(
        f"value iteration gives {shown(state)} no score: swept up from a sure loss its value "
        f"stops at {low:.6g}, swept down from a sure win at {high:.6g}. Play can go round a "
        "cycle for ever there, and evaluate scores no endless game: give every cycle an end "
        "(a limit on the moves, say)"
    )


# A rule gives a state's score for Max from the current values of the listed states. Most come to
# a weighted sum (SUM, constant, [(weight, listed state), ...]): a finished game (a constant), a
# listed state (its value, or with Min to move its mirror), a chance node over such sums. The others
# are the best of the rules of a player's moves (BEST, is_maximizing, rules), and the expected score
# of (probability, rule) pairs that are not all sums (CHANCE, None, pairs).
SUM, BEST, CHANCE = "sum", "best", "chance"


def rule(
    game: Game, state: State, is_maximizing: bool, listed: Values, stats: SearchStats
) -> tuple:
    """The rule of `state`, read from the game down to the states in `listed` (each cycle of the
    game must pass through a listed state)."""
    stats.count_call(state)
    over = leaf_score(game, state, is_maximizing, inf)
    if over is not None:
        if not held_by_floats(over):
            raise ValueError(
                f"value iteration sweeps in floats, which cannot hold the score {shown(over)} of "
                f"{type(game).__name__} at {shown(state)}: a float holds every whole number up "
                f"to 2**53 only, so it would be {float(over):.17g}; scale the scores down"
            )
        return (SUM, over, [])
    if is_chance_node(game, state):
        pairs = [
            (float(p), rule_below(game, new, is_maximizing, listed, stats))
            for p, new in listed_outcomes(game, state, stats.check_budget)
        ]
        if any(part[0] != SUM for _, part in pairs):
            return (CHANCE, None, pairs)
        constant = sum(p * part[1] for p, part in pairs)
        return (SUM, constant, [(p * w, new) for p, part in pairs for w, new in part[2]])
    moves = [
        rule_below(game, new, not is_maximizing, listed, stats)
        for new in listed_moves(game, state, stats.check_budget)
    ]
    if not moves:
        raise dead_end(game, state)
    return moves[0] if len(moves) == 1 else (BEST, is_maximizing, moves)


def held_by_floats(score: float) -> bool:
    """Whether a float holds `score` as it is, or as near as a float holds a fraction: not a whole
    number past 2**53 (an int, or a Fraction such as Fraction(2**53 + 1)), which would round to
    another whole number, nor one past the largest float."""
    whole = isinstance(score, Rational) and score.denominator == 1
    return not whole or is_finite(score) and float(score) == score


def rule_of_listed(game: Game, state: State, listed: Values, stats: SearchStats) -> tuple:
    """The rule of the listed `state`; a ValueError if reading it down never meets a listed state (a
    cycle the game's layers() does not cut), a TypeError naming the game's bad output."""
    try:
        return rule(game, state, True, listed, stats)
    except TypeError as error:  # the game's bad output named, read again from `state`
        raise_explained(error, game, state)
    except RecursionError:
        raise ValueError(
            f"reading the rule of {shown(state)} down to the states "
            f"{type(game).__name__}.layers() lists went deeper than nimlib's limit of nested "
            "calls: a cycle of the game passes through none of them (value iteration needs every "
            "cycle to pass through a listed state), or the moves between listed states are too "
            "many"
        ) from None


def rule_below(
    game: Game, state: State, is_maximizing: bool, listed: Values, stats: SearchStats
) -> tuple:
    """The rule of a state one move or outcome down: its value if listed, else its own rule."""
    if state not in listed:
        return rule(game, state, is_maximizing, listed, stats)
    low, high = game.score_range
    return (SUM, 0, [(1, state)]) if is_maximizing else (SUM, low + high, [(-1, state)])


def worth(given: tuple, low: Values, high: Values) -> tuple[float, float]:
    """The bounds on the score for Max that the rule `given` gives, from the bounds `low` and
    `high` of the listed states: the lower bound reads the states with Max to move from `low` and
    those with Min to move (weighed negatively: their mirror) from `high`; the upper bound the
    other way round."""
    kind, detail, parts = given
    if kind == SUM:
        lowest = highest = float(detail)
        for weight, state in parts:
            if weight > 0:
                lowest += weight * low[state]
                highest += weight * high[state]
            else:
                lowest += weight * high[state]
                highest += weight * low[state]
        return lowest, highest
    if kind == CHANCE:
        bounds = [(p, worth(part, low, high)) for p, part in parts]
        return sum(p * lo for p, (lo, _) in bounds), sum(p * hi for p, (_, hi) in bounds)
    bounds = [worth(part, low, high) for part in parts]
    best = max if detail else min
    return best(lo for lo, _ in bounds), best(hi for _, hi in bounds)
