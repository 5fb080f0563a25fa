"""Pig: its moves in words (every pair of nodes one move or one roll apart, and no other pair),
its policies and matches, and its methods of values."""

import pytest

from nimlib.engine.pig import solve_pig
from nimlib.games.pig import ROLLED, ROLLING, Pig, hold_at, optimal, play_match
from nimlib.games.simple_nim import SimpleNim

PIG = Pig(20)


@pytest.mark.parametrize(
    ("state", "new_state", "words"),
    [
        ((0, 0, 0), (0, 0, 0, ROLLING), "roll"),
        ((0, 0, 3), (0, 3, 0), "hold"),
        ((0, 0, 3, ROLLING), (0, 0, 0), "1"),
        ((0, 0, 3, ROLLING), (0, 0, 7, ROLLED), "4"),
        ((0, 0, 18, ROLLING), (0, 0, 24, ROLLED), "6"),  # past the goal: a win
        ((0, 0, 7, ROLLED), (0, 0, 7), "hand the die back"),
    ],
)
def test_each_move_and_roll_of_pig_is_described(state, new_state, words):
    assert PIG.describe_move(state, new_state) == words


@pytest.mark.parametrize(
    ("state", "new_state"),
    [
        ((0, 0, 0), (5, 5, 5)),  # once described as "hold"
        ((0, 0, 0), (0, 0, 0)),  # no hold at a turn total of 0
        ((0, 0, 3, ROLLING), (0, 0, 10, ROLLED)),  # no die shows 7
        ((0, 0, 7, ROLLED), (0, 7, 0)),  # the die is handed back, not held
    ],
)
def test_a_pair_that_is_no_move_of_pig_is_refused_by_name(state, new_state):
    with pytest.raises(ValueError, match=r"no move of Pig leads from \(0, 0, \d+"):
        PIG.describe_move(state, new_state)


def test_a_policy_is_asked_about_positions_not_the_dies_nodes():
    with pytest.raises(ValueError, match="a Pig state is \\(mine, theirs, turn\\)"):
        hold_at(10)(PIG, (0, 0, 3, ROLLING))


@pytest.mark.parametrize("maker", [hold_at, optimal])
def test_a_match_given_the_maker_of_a_policy_says_to_call_it(maker):
    """play_match(pig, optimal, hold_at, ...) said "hold_at() takes 1 positional argument but 2
    were given", from inside the match."""
    with pytest.raises(TypeError, match=f"not {maker.__name__} itself: call it to make one"):
        play_match(PIG, hold_at(10), maker, 10)


@pytest.mark.parametrize(
    "values, words",
    [
        ({}, "values must be the dict of chances that solve_pig gives, not {}"),
        (solve_pig(Pig(5)), "not the pair (values, iterations) that solve_pig gives"),
    ],
)
def test_best_play_is_made_from_the_values_of_solve_pig_alone(values, words):
    """optimal({}) made a policy that failed in the first game; solve_pig's whole pair was shown."""
    with pytest.raises(TypeError) as error:
        optimal(values)
    assert words in str(error.value)


def test_each_method_of_values_given_solve_pigs_whole_pair_says_to_take_its_first_item():
    """roll_and_hold(solve_pig(game), state) said "values must be the dict of chances that
    solve_pig gives, not ({...}, 8)", which solve_pig did give."""
    game = Pig(5)
    pair = solve_pig(game)
    for method in (game.step, game.rolls, game.roll_and_hold, game.win_chance, game.value):
        with pytest.raises(TypeError, match=r"not the pair \(values, iterations\) that solve_pig"):
            method(pair, (0, 0, 1))


def test_each_method_of_values_takes_the_values_then_the_state_and_names_them_swapped():
    """value, win_chance, roll_and_hold, step and rolls: one order, (values, state); the state
    given first is refused by name, not unpacked."""
    game = Pig(5)
    values, _ = solve_pig(game)
    assert game.step(values, (0, 0, 0)) == game.roll_and_hold(values, (0, 0, 0))[0]
    for method in (game.step, game.rolls, game.roll_and_hold, game.win_chance):
        with pytest.raises(ValueError, match=r"a Pig state is \(mine, theirs, turn\), not \{"):
            method((0, 0, 0), values)


@pytest.mark.parametrize(
    ("state", "words"),
    [
        ("x", r"a Pig state is \(mine, theirs, turn\), not 'x'"),
        ((1, 2), r"a Pig state is \(mine, theirs, turn\), not \(1, 2\)"),
        ((-1, 0, 0), "points must be at least 0, not -1"),
    ],
)
def test_the_chance_of_winning_from_a_state_pig_cannot_have_is_refused_by_name(state, words):
    """win_chance("x") said "not enough values to unpack (expected 3, got 1)"."""
    with pytest.raises(ValueError, match=words):
        PIG.win_chance({}, state)


def test_a_match_of_another_game_than_pig_is_refused_by_name():
    with pytest.raises(TypeError, match=r"game must be a Pig such as Pig\(\), not SimpleNim"):
        play_match(SimpleNim(), hold_at(10), hold_at(20), 2)


def test_first_hold_is_the_smallest_turn_total_at_which_best_play_holds():
    game = Pig(50)  # to 20, best play never holds; to 50 it does, early in the game
    values, _ = solve_pig(game)
    for mine in (0, 10, 20, 30):
        turn = game.first_hold(values, mine)
        holds = [t for t in range(1, game.goal - mine) if not game.rolls(values, (mine, 0, t))]
        assert turn == (holds[0] if holds else None)
    assert (game.first_hold(values, 0), game.first_hold(values, 30)) == (21, None)
    with pytest.raises(ValueError, match="points = 50 is too large: at most 49"):
        game.first_hold(values, 50)
