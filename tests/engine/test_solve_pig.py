"""Pig solved pair by pair (engine/pig.py): the values of the book's value iteration, faster."""

import pytest

from nimlib.book.value_iteration import solve_by_value_iteration
from nimlib.engine.pig import solve_pig
from nimlib.games.pig import Pig
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
