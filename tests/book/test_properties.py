"""Property tests: on random positions every method agrees, and agrees with the theory."""

from hypothesis import given, settings
from hypothesis import strategies as st

from nimlib import METHODS, FibonacciNim, Nim, SearchStats, SimpleNim, SplitNim, solve
from nimlib.theory import (
    fibonacci_numbers,
    grundy,
    nim_player_to_move_wins,
    nim_sum,
    simple_nim_player_to_move_wins,
)

# the methods that remember positions in a table, fast enough for larger positions; named, not
# derived, so that a new method joins them only once it is known to be as fast
FAST_METHODS = ["memo", "memo_canonical", "alphabeta_table", "negamax", "deepening", "iterative"]
CANONICAL_METHODS = ["memo_canonical", "alphabeta_table", "iterative"]


def scores(game, state, methods=tuple(METHODS)):
    """The score of `state` by each method in `methods` (a minute each: a busy machine slows the
    wall clock)."""
    return {
        solve(game, state, method=method, stats=SearchStats(max_seconds=60)) for method in methods
    }


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=1, max_size=3), st.booleans())
def test_nim_methods_agree_with_bouton(piles, last_counter_loses):
    """Every method, plain minimax too, on piles small enough for its whole tree (larger Nim is
    the fast methods' test below)."""
    game, piles = Nim(last_counter_loses), tuple(piles)
    expected = 1 if nim_player_to_move_wins(piles, last_counter_loses) else -1
    assert scores(game, piles) == {expected}


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=4), st.booleans())
def test_larger_nim_by_the_fast_methods(piles, last_counter_loses):
    """Piles of up to three bits each for the nim-sum: four piles of up to 9 took "memo", which
    keeps each order of the piles apart, up to a second a draw."""
    game, piles = Nim(last_counter_loses), tuple(piles)
    expected = 1 if nim_player_to_move_wins(piles, last_counter_loses) else -1
    assert scores(game, piles, FAST_METHODS) == {expected}


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 14), st.integers(1, 4), st.booleans())
def test_simple_nim_repeats_with_period_max_take_plus_one(counters, max_take, last_counter_loses):
    game = SimpleNim(takes=tuple(range(1, max_take + 1)), last_counter_loses=last_counter_loses)
    expected = 1 if simple_nim_player_to_move_wins(counters, max_take, last_counter_loses) else -1
    assert scores(game, counters) == {expected}


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=1, max_size=3))
def test_split_nim_is_won_exactly_when_the_grundy_values_xor_to_nonzero(piles):
    game, piles = SplitNim(), tuple(piles)
    values = tuple(grundy(game, (pile,)) for pile in piles)
    expected = 1 if nim_sum(values) else -1
    assert scores(game, piles, CANONICAL_METHODS) == {expected}


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 25))
def test_fibonacci_nim_is_lost_exactly_on_fibonacci_numbers(counters):
    expected = -1 if counters in fibonacci_numbers(counters) else 1
    assert scores(FibonacciNim(), FibonacciNim.start(counters), FAST_METHODS) == {expected}
