"""The checks of notebooks 01-03 pass a right answer and catch a wrong one."""

from nimlib import Game, SimpleNim
from nimlib.checks import (
    check_first_best_move,
    check_general_minimax,
    check_negamax,
    check_simple_minimax,
    check_variant,
)


def simple_minimax(counters, max_turn, takes=(1, 2, 3)):
    if counters == 0:
        return 1 if max_turn else -1
    scores = [
        simple_minimax(counters - take, not max_turn, takes) for take in takes if take <= counters
    ]
    return max(scores) if max_turn else min(scores)


def test_check_simple_minimax_passes_a_right_minimax_for_any_takes():
    assert check_simple_minimax(simple_minimax).ok
    assert check_simple_minimax(
        lambda n, max_turn: simple_minimax(n, max_turn, (1, 2, 3, 4)), takes=(1, 2, 3, 4)
    ).ok


def test_check_simple_minimax_catches_a_minimax_for_other_takes_or_the_other_rule():
    assert not check_simple_minimax(simple_minimax, takes=(1, 2, 3, 4)).ok
    normal_play = check_simple_minimax(lambda n, max_turn: -simple_minimax(n, max_turn))
    assert repr(normal_play).startswith(
        "✘ check_simple_minimax (takes 1, 2, 3): 4 of 4 cases wrong:\n  - f(0, max_turn"
    )


def first_winning_move(counters, otherwise):
    for take in (1, 2, 3):
        if take <= counters and simple_minimax(counters - take, False) == 1:
            return counters - take
    return otherwise(counters)


def test_check_first_best_move_wants_a_winning_move_or_else_taking_one():
    assert check_first_best_move(lambda n: first_winning_move(n, otherwise=lambda n: n - 1)).ok
    result = check_first_best_move(
        lambda n: first_winning_move(n, otherwise=lambda n: max(n - 3, 0))
    )
    assert not result.ok and "f(5), where every move loses gave 2, expected 4" in repr(result)


def general_minimax(game, state, is_maximizing):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    scores = [
        general_minimax(game, new_state, not is_maximizing)
        for new_state in game.possible_new_states(state)
    ]
    return (max if is_maximizing else min)(scores)


def test_check_general_minimax_passes_a_minimax_for_any_game():
    assert check_general_minimax(general_minimax).ok


def test_check_general_minimax_catches_a_minimax_that_only_knows_plus_and_minus_one():
    def clipped(game, state, is_maximizing):
        score = general_minimax(game, state, is_maximizing)
        return 1 if score > 0 else -1

    result = check_general_minimax(clipped)
    assert not result.ok and "clipped(TinyTree(), 'root', True) gave 1, expected 5" in repr(result)
    assert "clipped(NumberTree(seed=2), 'r', False)" in repr(result)


def negamax(game, state):
    score = game.evaluate(state, True)
    if score is not None:
        return score
    return max(-negamax(game, new_state) for new_state in game.possible_new_states(state))


def test_check_negamax_passes_negamax_and_catches_a_score_for_the_wrong_player():
    assert check_negamax(negamax).ok
    assert not check_negamax(lambda game, state: -negamax(game, state)).ok


def test_check_messages_name_each_game_by_its_repr():
    result = repr(check_negamax(lambda game, state: None))
    assert "[f(SimpleNim(last_counter_loses=False), n) for n in range(10)] gave" in result
    assert "f(Nim(), (1, 2)) gave None" in result


class TakeOneThreeOrFour(Game):
    def __init__(self, last_counter_loses=False):
        self.last_counter_loses = last_counter_loses

    def possible_new_states(self, state):
        return [state - take for take in (1, 3, 4) if take <= state]

    def evaluate(self, state, is_maximizing):
        if state > 0:
            return None
        player_to_move_wins = self.last_counter_loses
        return 1 if player_to_move_wins == is_maximizing else -1

    def validate(self, state):
        return SimpleNim().validate(state)


def test_check_variant_passes_a_class_or_an_instance_of_the_right_game():
    assert check_variant(TakeOneThreeOrFour).ok
    assert check_variant(TakeOneThreeOrFour()).ok
    assert check_variant(SimpleNim(takes=(1, 3, 4), last_counter_loses=False)).ok


def test_check_variant_catches_the_wrong_rules_and_a_broken_class():
    misere = check_variant(TakeOneThreeOrFour(last_counter_loses=True))
    assert not misere.ok and "evaluate(0, is_maximizing=True) gave 1, expected -1" in repr(misere)
    assert not check_variant(SimpleNim(last_counter_loses=False)).ok
    broken = check_variant(type("Broken", (TakeOneThreeOrFour,), {"__init__": lambda self: 1 / 0}))
    assert repr(broken) == (
        "✘ check_variant: 1 of 1 cases wrong:\n  - making the game raised ZeroDivisionError: division by zero"
    )
