"""The rules of each game: moves, endings, symmetries, descriptions and bad input."""

import pytest

from nimlib import FibonacciNim, Nim, SimpleNim, SplitNim


def test_simple_nim_moves_follow_the_takes_in_order():
    assert SimpleNim().possible_new_states(6) == [5, 4, 3]
    assert SimpleNim().possible_new_states(2) == [1, 0]
    assert SimpleNim(takes=(1, 4)).possible_new_states(5) == [4, 1]


def test_sensible_moves_only_empty_the_pile_when_forced():
    sensible = SimpleNim(sensible_moves=True)
    assert sensible.possible_new_states(3) == [2, 1]
    assert sensible.possible_new_states(1) == [0]
    assert SimpleNim(takes=(2, 3), sensible_moves=True).possible_new_states(2) == [0]


def test_simple_nim_ends_when_no_take_fits():
    misere, normal = SimpleNim(), SimpleNim(last_counter_loses=False)
    assert misere.evaluate(0, True) == 1 and misere.evaluate(0, False) == -1
    assert normal.evaluate(0, True) == -1 and normal.evaluate(0, False) == 1
    assert misere.evaluate(1, True) is None
    assert SimpleNim(takes=(2, 3)).evaluate(1, True) == 1


def test_nim_moves_go_pile_by_pile_emptying_the_pile_first():
    assert list(Nim().possible_new_states((1, 2))) == [(0, 2), (1, 0), (1, 1)]


def test_nim_ends_when_every_pile_is_empty():
    assert Nim().evaluate((0, 0), True) == 1
    assert Nim(last_counter_loses=False).evaluate((0, 0), True) == -1
    assert Nim().evaluate((0, 1), True) is None


def test_split_nim_splits_into_unequal_piles():
    assert list(SplitNim().possible_new_states((7,))) == [(6, 1), (5, 2), (4, 3)]
    assert list(SplitNim().possible_new_states((2, 4))) == [(2, 3, 1)]
    assert SplitNim().evaluate((1, 2, 2), True) == -1
    assert SplitNim().evaluate((3,), True) is None


def test_fibonacci_nim_allows_twice_the_last_take():
    assert FibonacciNim.start(5) == (5, 4)
    assert FibonacciNim().possible_new_states((5, 4)) == [(4, 2), (3, 4), (2, 6), (1, 8)]
    assert FibonacciNim().possible_new_states((3, 2)) == [(2, 2), (1, 4)]
    assert FibonacciNim().evaluate((0, 4), True) == -1


def test_canonical_states_drop_what_does_not_matter():
    assert Nim().canonical((3, 0, 1, 2)) == (1, 2, 3)
    assert SplitNim().canonical((5, 1, 2, 3)) == (3, 5)
    assert FibonacciNim().canonical((3, 10)) == (3, 3)
    assert SimpleNim().canonical(7) == 7


def test_moves_are_described_in_words():
    assert SimpleNim().describe_move(6, 4) == "take 2, leaving 4"
    assert Nim().describe_move((2, 3, 5), (2, 3, 1)) == "take 4 from pile 3"
    assert SplitNim().describe_move((3, 7), (3, 5, 2)) == "split pile 2 (7) into 5 and 2"
    assert FibonacciNim().describe_move((10, 9), (7, 6)) == "take 3, leaving 7"


@pytest.mark.parametrize(
    "game, state, words",
    [
        (SimpleNim(), -1, "counters must be at least 0, not -1"),
        (SimpleNim(), 2.5, "counters must be a whole number, not 2.5"),
        (SimpleNim(), True, "not True (bool)"),
        (SimpleNim(), "6", "not '6' (str)"),
        (SimpleNim(), 10**9, "counters = 1000000000 is too large"),
        (Nim(), 5, "tuple of pile sizes"),
        (Nim(), (), "at least one pile"),
        (Nim(), (2, -1), "pile 2 must be at least 0, not -1"),
        (Nim(), (2, 1.5), "pile 2 must be a whole number"),
        (Nim(), (1,) * 21, "21 piles are too many"),
        (Nim(), (5000,), "pile 1 = 5000 is too large"),
        (SplitNim(), (0, 3), "pile 1 must be at least 1, not 0"),
        (FibonacciNim(), (5,), "pair (counters, max_take)"),
        (FibonacciNim(), (5, 0), "max_take must be at least 1, not 0"),
        (FibonacciNim(), (False, 1), "counters must be a whole number"),
    ],
)
def test_bad_states_are_refused_with_a_message_naming_the_value(game, state, words):
    with pytest.raises(ValueError, match=None) as error:
        game.validate(state)
    assert words in str(error.value)


def test_validate_returns_the_standard_form():
    assert Nim().validate([2, 3]) == (2, 3)
    assert FibonacciNim().validate([0, 0]) == (0, 0)


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda: SimpleNim(takes=()), "non-empty tuple"),
        (lambda: SimpleNim(takes=(1, 0)), "a take must be at least 1, not 0"),
        (lambda: SimpleNim(takes=(1, 1)), "must not repeat"),
        (lambda: FibonacciNim.start(1), "counters must be at least 2, not 1"),
    ],
)
def test_bad_game_settings_are_refused(make, words):
    with pytest.raises(ValueError) as error:
        make()
    assert words in str(error.value)


def test_sensible_moves_are_only_for_misere_play():
    with pytest.raises(ValueError, match="sensible_moves=True needs last_counter_loses=True"):
        SimpleNim(last_counter_loses=False, sensible_moves=True)


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda: SimpleNim(last_counter_loses="no"), "last_counter_loses must be True or False, not 'no'"),
        (lambda: Nim(last_counter_loses=None), "last_counter_loses must be True or False, not None"),
        (lambda: FibonacciNim.start(5_000), "counters = 5000 is too large"),
    ],
)
def test_game_settings_must_be_true_or_false_and_in_range(make, words):
    with pytest.raises(ValueError) as error:
        make()
    assert words in str(error.value)


def test_the_search_hooks_know_nothing_by_default():
    game = Nim()
    new_states = list(game.possible_new_states((1, 2)))
    assert game.order((1, 2), new_states) == new_states
    assert game.win_at_once((1, 2)) is None and game.safe_new_states((1, 2)) is None
    assert game.score_bounds((1, 2), True) == game.score_range
