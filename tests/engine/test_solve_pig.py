"""Pig solved pair by pair (engine/pig.py): the values of the book's value iteration, faster."""

from fractions import Fraction

import pytest

from nimlib.book.value_iteration import solve_by_value_iteration
from nimlib.engine.pig import solve_pig
from nimlib.games.pig import ROLLED, Pig
from nimlib.games.simple_nim import SimpleNim


@pytest.mark.parametrize("goal", [2, 5, 8])
def test_the_game_contract_agrees_with_pigs_own_step_and_its_own_solver(goal):
    game = Pig(goal)
    layered, _ = solve_by_value_iteration(game, 1e-12)
    by_pairs, _ = solve_pig(game)
    states = list(game.states())
    assert set(layered) == set(by_pairs) == set(states)
    assert all(abs(game.step(layered, state) - layered[state]) < 1e-9 for state in states)
    assert all(abs(layered[state] - by_pairs[state]) < 1e-9 for state in states)


@pytest.mark.parametrize("tolerance", [1, 10])
def test_solve_pig_refuses_a_tolerance_any_chance_meets(tolerance):
    # it stopped after two passes, its chances silently off in the fourth decimal
    with pytest.raises(ValueError, match=f"a tolerance of {tolerance} is met by any value"):
        solve_pig(Pig(10), tolerance)


def test_solve_pig_refuses_another_game_by_name():
    with pytest.raises(TypeError, match=r"game must be a Pig such as Pig\(\), not SimpleNim"):
        solve_pig(SimpleNim())


class PigOutOnTwo(Pig):
    """Pig in which a 2 loses the turn total too: other dice, other chances of winning."""

    def outcomes(self, state):
        mine, theirs, turn, _ = state
        scored = [(Fraction(1, 6), (mine, theirs, turn + face, ROLLED)) for face in range(3, 7)]
        return [(Fraction(1, 3), (theirs, mine, 0)), *scored]


class PigInPercent(Pig):
    """Pig whose score range says percent, while it scores 0 or 1."""

    score_range = (0, 100)


def test_solve_pig_refuses_a_pig_whose_rules_are_not_pigs():
    # it gave Pig's own chances: 0.774 at the start, where the game's rules give less
    pigs = solve_pig(Pig(6))[0][(0, 0, 0)]
    assert solve_by_value_iteration(PigOutOnTwo(6))[0][(0, 0, 0)] < pigs - 0.05
    with pytest.raises(ValueError, match="PigOutOnTwo changes its outcomes: solve it by solve_by"):
        solve_pig(PigOutOnTwo(6))
    with pytest.raises(ValueError, match="PigInPercent changes its score_range"):
        solve_pig(PigInPercent(6))


def test_solve_pig_solves_a_pig_that_only_adds_to_pig():
    class NamedPig(Pig):
        def greeting(self):
            return "oink"

    assert solve_pig(NamedPig(5)) == solve_pig(Pig(5))
