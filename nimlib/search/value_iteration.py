"""Value iteration: scores for a game whose positions lead back to themselves (notebook 12).

Recursion needs a game that ends: in Pig, two players who keep rolling a 1 pass the same position
back and forth for ever. Value iteration gives up recursion. It starts from a guess for every
state (0: a sure loss), then sweeps over all of them again and again, each time replacing a
state's value by what its rule says given the current values of the others (one **step**, or
**backup**). The values stop changing once they agree with their own rule: they are then the
fixed point, the scores of best play, to within `tolerance`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from nimlib.games.base import State

Values = dict[State, float]
MAX_SWEEPS = 10_000  # far more than a convergent game needs: a rule that never settles is refused


def value_iteration(
    states: Iterable[State],
    step: Callable[[State, Values], float],
    tolerance: float = 1e-9,
    values: Values | None = None,
) -> tuple[Values, int]:
    """Sweep `step` over `states` until no value moves more than `tolerance`: (values, sweeps made)."""
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
