"""Checks for the exercises of notebooks 12 and 13: a chance node, a value iteration step, UCB1.

They work like every check of nimlib.checks: call one with your function, and it prints at once
what is right (✔) or which cases are wrong (✘). A check never raises.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from fractions import Fraction

from nimlib.book.expectiminimax import expectiminimax
from nimlib.checks.runner import CheckResult, Hinted, name_of, run_cases
from nimlib.games.base import Game
from nimlib.games.dice import DiceNim
from nimlib.games.pig import Pig

TOLERANCE = 1e-9


class Close:
    """An expected number that a float answer equals when it is within TOLERANCE of it."""

    def __init__(self, value: float) -> None:
        self.value = value

    def __eq__(self, answer: object) -> bool:
        if isinstance(answer, bool) or not isinstance(answer, (int, float, Fraction)):
            return False
        if math.isinf(self.value):
            return answer == self.value
        return math.isfinite(answer) and abs(answer - self.value) <= TOLERANCE

    def __repr__(self) -> str:
        return f"{self.value:.6g}" if isinstance(self.value, float) else str(self.value)


class ChanceTree(Game):
    """A tiny made-up game: Max plays "safe" (then a sure 1) or "gamble", a chance node where the
    dice give 9 with probability 1/4 and -1 with 3/4; Min moves under "safe" and the outcomes."""

    score_range = (-9, 9)
    children = {"root": ("safe", "gamble"), "safe": ("s1", "s2"), "s1": (), "s2": (), "win": ()}
    chances = {"gamble": [(Fraction(1, 4), "win"), (Fraction(3, 4), "lose")]}
    scores = {"s1": 1, "s2": 3, "win": 9, "lose": -1}

    def is_chance(self, state: str) -> bool:
        """Only "gamble" belongs to the dice."""
        return state in self.chances

    def outcomes(self, state: str) -> list:
        """The gamble's two outcomes."""
        return self.chances[state]

    def possible_new_states(self, state: str) -> tuple[str, ...]:
        """The nodes below `state`."""
        return self.children.get(state, ())

    def evaluate(self, state: str, is_maximizing: bool) -> int | None:
        """A leaf's score, whoever is to move."""
        return self.scores.get(state)

    def validate(self, state: str) -> str:
        """Any node of the tree."""
        return state


CHANCE_POSITIONS = [(DiceNim(n), (n, False), mover) for n in range(6) for mover in (True, False)]
CHANCE_POSITIONS += [(DiceNim(4), (4, True), True), (DiceNim(3), (3, True), False)]


def check_expectiminimax(function: Callable) -> CheckResult:
    """Check `function(game, state, is_maximizing)`: the expected score, chance nodes averaged by
    their probabilities, players at their best."""
    name = name_of(function)
    positions = [*CHANCE_POSITIONS, (ChanceTree(), "root", True), (ChanceTree(), "gamble", False)]
    cases = [
        (
            f"{name}({game.name}, {state!r}, {mover})",
            lambda game=game, state=state, mover=mover: function(game, state, mover),
            Hinted(Close(expectiminimax(game, state, mover)), chance_hint),
        )
        for game, state, mover in positions
    ]
    return run_cases("check_expectiminimax", cases)


def chance_hint(answer: object) -> str | None:
    """A hint for an expected score that is not a number."""
    if answer is None:
        return "a chance node returns the sum of probability * score over game.outcomes(state)"
    return "weigh each outcome by its probability; the dice do not change whose turn it is"


PIG_GOAL = 10


def pig_values(seed: int) -> dict:
    """Made-up current values for every state of Pig to PIG_GOAL, drawn from `seed`."""
    chance = random.Random(seed)
    return {state: round(chance.random(), 3) for state in Pig(PIG_GOAL).states()}


PIG_STATES = [
    (0, 0, 0),
    (0, 0, 5),
    (3, 7, 4),
    (8, 2, 1),
    (9, 9, 0),
    (5, 5, 4),
    (2, 9, 7),
    (6, 0, 0),
]


def check_pig_step(function: Callable) -> CheckResult:
    """Check `function(values, state, goal)`: one value iteration step of Pig, max(roll, hold)."""
    name, game = name_of(function), Pig(PIG_GOAL)
    cases = []
    for seed in (1, 2):
        values = pig_values(seed)
        cases += [
            (
                f"{name}(values (seed {seed}), {state}, {PIG_GOAL})",
                lambda values=values, state=state: function(dict(values), state, PIG_GOAL),
                Hinted(Close(game.step(state, values)), pig_hint),
            )
            for state in PIG_STATES
        ]
    return run_cases("check_pig_step", cases)


def pig_hint(answer: object) -> str | None:
    """A hint for a wrong step of Pig."""
    if not isinstance(answer, (int, float)):
        return "return a number: the better of the chances of rolling and of holding"
    return (
        "rolling: a 1 (chance 1/6) gives 1 - values[(theirs, mine, 0)]; 2 to 6 add to the turn "
        "total (a total reaching the goal wins: 1); holding gives "
        "1 - values[(theirs, mine + turn, 0)]"
    )


UCB_CASES = [  # (total reward, visits, parent's visits, c)
    (3.0, 5, 20, math.sqrt(2)),
    (0.0, 1, 2, math.sqrt(2)),
    (7.5, 10, 10, 1.0),
    (1.0, 4, 100, 0.5),
    (2.0, 2, 2, 2.0),
    (40.0, 50, 1000, math.sqrt(2)),
    (0.0, 0, 10, math.sqrt(2)),
]


def ucb1(total: float, visits: int, parent_visits: int, c: float) -> float:
    """UCB1: the mean reward plus c * sqrt(ln(parent's visits) / visits); inf if unvisited."""
    if visits == 0:
        return math.inf
    return total / visits + c * math.sqrt(math.log(parent_visits) / visits)


def check_ucb1(function: Callable) -> CheckResult:
    """Check `function(total, visits, parent_visits, c)`: UCB1, inf for a child never visited."""
    name = name_of(function)
    cases = [
        (
            f"{name}({total}, {visits}, {parent}, {c:.4g})",
            lambda args=(total, visits, parent, c): function(*args),
            Hinted(Close(ucb1(total, visits, parent, c)), ucb_hint),
        )
        for total, visits, parent, c in UCB_CASES
    ]
    return run_cases("check_ucb1", cases)


def ucb_hint(answer: object) -> str | None:
    """A hint for a wrong UCB1."""
    return (
        "the mean reward total / visits, plus c * math.sqrt(math.log(parent_visits) / visits) "
        "(the natural logarithm); a child never visited gets math.inf"
    )
