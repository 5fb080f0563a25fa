"""Value iteration: scores for a game whose positions lead back to themselves (notebook 12).

Recursion needs a game that ends: in Pig, two players who keep rolling a 1 pass the same position
back and forth for ever. Value iteration gives up recursion. It starts from a guess for every
state (0: a sure loss), then sweeps over all of them again and again, each time replacing a
state's value by what its rule says given the current values of the others (one **step**, or
**backup**). The values stop changing once they agree with their own rule: they are then the
fixed point, the scores of best play, to within `tolerance`.

``solve_pig`` applies it to Pig (nimlib.games.pig), state by state in the order that Neller and
Presser give.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from nimlib.games.base import State
from nimlib.games.pig import Pig, PigState

Values = dict[State, float]
MAX_SWEEPS = 10_000  # far more than a convergent game needs: a rule that never settles is refused


def value_iteration(
    states: Iterable[State],
    step: Callable[[State, Values], float],
    tolerance: float = 1e-9,
    values: Values | None = None,
) -> tuple[Values, int]:
    """Sweep `step` over `states` until no value moves more than `tolerance`: (values, sweeps)."""
    states = list(states)
    values = {} if values is None else values
    for state in states:
        values.setdefault(state, 0.0)
    for sweep in range(1, MAX_SWEEPS + 1):
        change = 0.0
        for state in states:
            new_value = step(state, values)
            change = max(change, abs(new_value - values[state]))
            values[state] = new_value
        if change <= tolerance:
            return values, sweep
    raise ValueError(f"the values still moved after {MAX_SWEEPS:,} sweeps: does the rule converge?")


def solve_pig(goal: int, tolerance: float = 1e-9) -> tuple[Values, int]:
    """The win chance of every state of Pig to `goal`, by value iteration: (values, sweeps in all).

    As Neller and Presser do, the states are solved in layers of the banked scores' sum, highest
    first: a state leads only to states of its own layer or of a higher one, already solved. Within
    a layer the larger turn totals come first, since a roll leads from a turn total to larger ones.
    """
    game, values, sweeps = Pig(goal), {}, 0
    layers: dict[int, list[PigState]] = {}
    for state in game.states():
        layers.setdefault(state[0] + state[1], []).append(state)
    for total in sorted(layers, reverse=True):
        layer = sorted(layers[total], key=lambda state: -state[2])
        _, made = value_iteration(layer, game.step, tolerance, values)
        sweeps += made
    return values, sweeps
