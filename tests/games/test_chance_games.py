"""One Game contract with chance optional: the deterministic games have no chance nodes, Dice Nim
and Pig are Games with them, and the searches with no chance nodes refuse one by name."""

import itertools
from fractions import Fraction

import pytest

from nimlib import (
    DiceNim,
    Game,
    Pig,
    SearchBudgetExceeded,
    SimpleNim,
    TicTacToe,
    alphabeta,
    best_move,
    expectiminimax,
    iterative_minimax,
    memoized_minimax,
    minimax,
    negamax,
    solve,
)
from nimlib.book.mcts import mcts_best_move
from nimlib.games.pig import hold_at, optimal
from nimlib.games.values import checked_outcomes


@pytest.mark.parametrize("game, state", [(SimpleNim(), 5), (TicTacToe(), ".........")])
def test_a_deterministic_game_has_no_chance_node(game, state):
    assert game.is_chance(state) is False
    with pytest.raises(ValueError, match="not a chance node"):
        game.outcomes(state)


def test_dice_nim_and_pig_are_games():
    assert isinstance(DiceNim(3), Game) and isinstance(Pig(20), Game)
    assert DiceNim(3).is_chance((3, True)) and not DiceNim(3).is_chance((3, False))


def test_pigs_moves_and_dice_keep_the_contract():
    game = Pig(10)
    roll, hold = game.possible_new_states((4, 2, 3))
    assert game.is_chance(roll) and hold == (2, 7, 0)
    assert game.possible_new_states(roll) == []
    outcomes = checked_outcomes(game, roll)
    assert outcomes[0] == (Fraction(1, 6), (2, 4, 0))  # a 1: the other player moves, nothing banked
    assert [game.describe_move(roll, new) for _, new in outcomes] == ["1", "2", "3", "4", "5", "6"]
    rolled = outcomes[1][1]  # a 2: the other player's one move hands the die back
    assert game.possible_new_states(rolled) == [(4, 2, 5)]
    won = outcomes[-1][1]  # a 6 reaches the goal: the roller has won, the player to move lost
    assert game.evaluate(won, True) == 0 and game.evaluate(won, False) == 1
    assert game.evaluate((2, 10, 0), True) == 0  # the other player held at the goal


SEARCHES = [
    lambda game, state: minimax(game, state, True),
    lambda game, state: memoized_minimax(game, state, True),
    lambda game, state: iterative_minimax(game, state, True),
    lambda game, state: alphabeta(game, state, True),
    lambda game, state: negamax(game, state),
    lambda game, state: solve(game, state),
    lambda game, state: best_move(game, state),
    lambda game, state: mcts_best_move(game, state, 50),
]


@pytest.mark.parametrize("search", SEARCHES)
@pytest.mark.parametrize("game, state", [(DiceNim(3), (3, True)), (DiceNim(3), (3, False))])
def test_a_search_with_no_chance_nodes_refuses_one_by_name(search, game, state):
    """MCTS too, at the first chance node its playouts meet, whether or not it is the root."""
    with pytest.raises(ValueError, match="is a chance node of DiceNim.*expectiminimax"):
        search(game, state)


def test_a_search_refuses_pig_and_names_value_iteration():
    """Pig's play comes back to a position: expectiminimax, which a chance node's refusal names for
    a game whose play always ends, refuses it too, and both say what solves it."""
    advice = "value iteration solves it.*solve_by_value_iteration"
    ends = "whose play always ends by expectiminimax or star1, and draw its tree with .*"
    with pytest.raises(ValueError, match=f"is a chance node of Pig.*{ends}; Pig .*{advice}"):
        minimax(Pig(3), (0, 0, 0), True)
    with pytest.raises(ValueError, match=f"Pig has a cycle.*{advice}"):
        expectiminimax(Pig(3), (0, 0, 0), True)


def test_pig_has_no_hold_with_a_turn_total_of_0_as_notebook_12s_recursion():
    pig = Pig(10)
    assert len(pig.possible_new_states((3, 4, 0))) == 1  # roll only
    assert len(pig.possible_new_states((3, 4, 2))) == 2  # roll or hold
    values = {state: 0.2 for state in pig.states()}  # a hold at 0 would be worth 0.8
    roll, hold = pig.roll_and_hold(values, (3, 4, 0))
    assert hold == 0.0 and pig.step(values, (3, 4, 0)) == roll < 0.8


@pytest.mark.parametrize("policy", [hold_at(20), optimal({(0, 0, 0): 0.5})])
@pytest.mark.parametrize(
    "game, state, kind, words",
    [
        (Pig(20), "x", ValueError, "a Pig state is (mine, theirs, turn), not 'x'"),
        (Pig(20), (1, 2), ValueError, "a Pig state is (mine, theirs, turn), not (1, 2)"),
        (Pig(20), None, ValueError, "a Pig state is (mine, theirs, turn), not None"),
        (Pig(20), (-1, 2, 3), ValueError, "points must be at least 0, not -1"),
        (SimpleNim(), (1, 2, 3), TypeError, "with game a Pig, such as Pig(20), not SimpleNim()"),
        ("Pig", (1, 2, 3), TypeError, "with game a Pig, such as Pig(20), not 'Pig' (str)"),
    ],
)
def test_a_pig_policy_asked_about_no_pig_state_names_what_it_was_given(
    policy, game, state, kind, words
):
    with pytest.raises(kind) as refused:
        policy(game, state)
    assert words in str(refused.value)


@pytest.mark.parametrize("state", ["", (3,), (-1, False), ("3", False)])
def test_a_dice_nim_label_names_a_state_the_game_cannot_have(state):
    with pytest.raises(
        ValueError, match=r"a Dice Nim state is \(counters, rolling\)|counters must"
    ):
        DiceNim().label(state)


class EndlessCoin(Game):
    """A chance node whose outcomes never end (each of probability 1/2: they would add up to more
    than 1, were they ever added up)."""

    score_range = (-1, 1)

    def possible_new_states(self, state):
        return []

    def is_chance(self, state):
        return state == 0

    def outcomes(self, state):
        return ((Fraction(1, 2), n) for n in itertools.count(1))

    def evaluate(self, state, is_maximizing):
        return None if state == 0 else 1

    def validate(self, state):
        return state


def test_describe_move_stops_at_the_searches_limit_of_outcomes(monkeypatch):
    """It once took a chance node's outcomes to the end, and outcomes without end for ever (the
    limit is a million: ten thousand here, which stops as surely and sooner)."""
    monkeypatch.setattr("nimlib.games.values.MAX_MOVES", 10_000)
    with pytest.raises(SearchBudgetExceeded, match="gave more than 10,000 outcomes at 0"):
        EndlessCoin().describe_move(0, 3)


class CoinToss(Game):
    """A count and whether the coin is tossed next: a toss takes 1 counter or none, each at 1/2;
    whoever is to move at 0 has lost. Its subclasses leave out is_chance or outcomes."""

    score_range = (-1, 1)

    def possible_new_states(self, state):
        counters, tossing = state
        return [] if tossing or not counters else [(counters, True)]

    def is_chance(self, state):
        return state[1]

    def outcomes(self, state):
        return [(Fraction(1, 2), (state[0] - 1, False)), (Fraction(1, 2), (state[0], False))]

    def evaluate(self, state, is_maximizing):
        return None if state[0] or state[1] else (-1 if is_maximizing else 1)

    def validate(self, state):
        return state


class TossWithoutOutcomes(CoinToss):
    outcomes = Game.outcomes


class TossWithoutIsChance(CoinToss):
    is_chance = Game.is_chance


class TossGivingBareStates(CoinToss):
    """Its outcomes are the states alone, pairs themselves: (1, False) was read as probability 1
    of state False."""

    def outcomes(self, state):
        return [(state[0] - 1, False), (state[0], False)]


def test_a_chance_node_without_outcomes_asks_for_them():
    """It said "(2, True) is not a chance node", where is_chance says it is."""
    with pytest.raises(ValueError) as refused:
        expectiminimax(TossWithoutOutcomes(), (2, False), True)
    said = str(refused.value)
    assert "is_chance says the dice move at (2, True)" in said and "outcomes(state)" in said
    assert "not a chance node" not in said


def test_a_dead_end_of_a_game_with_outcomes_but_no_is_chance_names_is_chance():
    with pytest.raises(ValueError, match=r"dead end at \(2, True\).*has outcomes but no is_chance"):
        expectiminimax(TossWithoutIsChance(), (2, False), True)


def test_outcomes_given_as_bare_states_are_told_pairs_were_expected():
    with pytest.raises(ValueError, match=r"must give \(probability, new_state\) pairs"):
        expectiminimax(TossGivingBareStates(), (2, False), True)
