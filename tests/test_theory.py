"""The closed forms of nimlib.theory agree with search on every position in a range."""

import time
from itertools import pairwise, product

import numpy as np
import pytest

from nimlib import (
    ConnectFour,
    ExplicitTree,
    FibonacciNim,
    Nim,
    SearchBudgetExceeded,
    SearchStats,
    SimpleNim,
    SplitNim,
    TicTacToe,
    best_move,
    solve,
    solver,
)
from nimlib.theory import (
    CLOSED_FORMS,
    fibonacci_nim_winning_take,
    fibonacci_numbers,
    grundy,
    mex,
    nim_player_to_move_wins,
    nim_sum,
    nim_winning_move,
    quick_best_move,
    simple_nim_player_to_move_wins,
    theory_best_move,
    zeckendorf,
)

PLAYS = [pytest.param(True, id="misere"), pytest.param(False, id="normal")]


def nim_positions(max_piles: int, max_pile: int) -> list[tuple[int, ...]]:
    """Every position of 1 to `max_piles` piles of 0 to `max_pile` counters, in every order."""
    return [
        piles for n in range(1, max_piles + 1) for piles in product(range(max_pile + 1), repeat=n)
    ]


def test_nim_sum_is_the_xor_of_the_piles():
    assert nim_sum((2, 3, 5)) == 0b010 ^ 0b011 ^ 0b101 == 4
    assert nim_sum((1, 2, 3)) == 0 and nim_sum(()) == 0


@pytest.mark.parametrize("last_counter_loses", PLAYS)
def test_bouton_agrees_with_search_up_to_4_piles_of_7(last_counter_loses):
    wins = solver(Nim(last_counter_loses), "memo_canonical")
    for piles in nim_positions(4, 7):
        assert nim_player_to_move_wins(piles, last_counter_loses) == (wins(piles, True) == 1), piles


@pytest.mark.parametrize("last_counter_loses", PLAYS)
def test_the_winning_move_wins_and_is_none_exactly_on_lost_positions(last_counter_loses):
    score = solver(Nim(last_counter_loses), "memo_canonical")
    for piles in nim_positions(4, 7):
        move = nim_winning_move(piles, last_counter_loses)
        if not any(piles) or score(piles, True) == -1:
            assert move is None, piles
        else:
            assert move in set(Nim().possible_new_states(piles)), (piles, move)
            assert score(move, False) == 1, (piles, move)  # after the move, the mover wins


def test_misere_nim_differs_from_normal_nim_only_when_no_pile_is_above_one():
    misere, normal = (
        solver(Nim(), "memo_canonical"),
        solver(Nim(last_counter_loses=False), "memo_canonical"),
    )
    for piles in nim_positions(4, 5):
        differs = misere(piles, True) != normal(piles, True)
        assert differs == all(pile <= 1 for pile in piles), piles


def test_the_theory_accepts_lists_and_huge_piles_and_names_bad_piles():
    assert nim_winning_move([2, 3, 5], last_counter_loses=False) == (2, 3, 1)
    assert nim_player_to_move_wins((10**9, 10**9), last_counter_loses=False) is False
    with pytest.raises(ValueError, match="pile 2 must be at least 0"):
        nim_sum((3, -1))
    with pytest.raises(
        ValueError, match="the piles must be a list or tuple of whole numbers such as"
    ):
        nim_player_to_move_wins("235")


@pytest.mark.parametrize("piles", [set([3, 3]), frozenset({1, 2}), {1: 2, 3: 4}])
def test_piles_given_as_a_set_or_dict_are_refused_not_merged(piles):
    # {3, 3} is {3}: its nim-sum would be 3, not 0, and a set's order is not the piles' order
    for theory in (nim_sum, nim_player_to_move_wins, nim_winning_move):
        with pytest.raises(ValueError, match="the piles must be a list or tuple.*a set keeps"):
            theory(piles)
    assert mex({1, 2}) == 0  # values given to mex are a set in all but name


@pytest.mark.parametrize("last_counter_loses", PLAYS)
@pytest.mark.parametrize("max_take", [1, 2, 3, 4, 5])
def test_simple_nim_has_period_max_take_plus_one(max_take, last_counter_loses):
    wins = solver(SimpleNim(tuple(range(1, max_take + 1)), last_counter_loses), "iterative")
    for counters in range(61):
        assert simple_nim_player_to_move_wins(counters, max_take, last_counter_loses) == (
            wins(counters, True) == 1
        )


def test_mex_is_the_smallest_missing_whole_number():
    assert [mex([]), mex([0]), mex([1, 2]), mex([0, 1, 3]), mex([2, 0, 1, 0])] == [0, 1, 0, 2, 3]


def test_grundy_values_of_nim_are_the_nim_sum():
    game, table = Nim(last_counter_loses=False), {}
    for piles in nim_positions(3, 5):
        assert grundy(game, piles, table) == nim_sum(piles), piles


def test_grundy_refuses_misere_games_at_once_with_a_clear_message():
    """Misère play was found at the first end reached: Simple-Nim from 1,000,000 counters took
    two seconds to be refused."""
    misere = r"but Nim\(\) is misère play, where the last counter loses: use last_counter_loses="
    with pytest.raises(ValueError, match=misere):
        grundy(Nim(), (3,))
    refused_quickly(lambda: grundy(SimpleNim(), 10**6), r"SimpleNim\(\) is misère play")
    assert grundy(SimpleNim(last_counter_loses=False), 7) == 3


@pytest.mark.parametrize(
    ("game", "state", "end"),
    [
        (TicTacToe(), TicTacToe().start(), "of TicTacToe\\(\\) is a draw"),
        (ExplicitTree([1, [1]]), "A", "'B' of .* is a win for the player to move"),
        (ConnectFour(4, 4), ConnectFour(4, 4).start(), "is scored -2 for the player to move, "),
    ],
)
def test_grundy_says_what_a_game_without_a_normal_play_setting_gives_at_an_end(game, state, end):
    with pytest.raises(
        ValueError, match=f"^Grundy values are for impartial games in normal play.*{end}"
    ) as error:
        grundy(game, state)
    assert "last_counter_loses" not in str(error.value)


def test_a_copy_of_a_grundy_table_is_used_again_not_read_as_scores():
    """It was refused: "the table holds 2 under (2,), which no search of Nim(...) stores"."""
    game, table = Nim(last_counter_loses=False), {}
    grundy(game, (2,), table)
    assert grundy(game, (4,), dict(table)) == 4


def test_grundy_stopped_by_its_budget_is_not_told_to_prune():
    """It was advised "a search that prunes (negamax, ...)", which computes no Grundy value."""
    with pytest.raises(SearchBudgetExceeded, match=r"try a smaller position, or a larger Search"):
        grundy(Nim(last_counter_loses=False), (9, 9, 9), stats=SearchStats(max_calls=100))


def test_grundy_names_its_table_when_it_is_not_a_dict():
    with pytest.raises(
        TypeError, match=r"^table must be a dict \(or None for a new one\), not \[\]"
    ):
        grundy(Nim(False), (3,), [])


def test_split_nim_grundy_values_agree_with_search_up_to_30():
    game, table, wins = SplitNim(), {}, solver(SplitNim(), "memo_canonical")
    values = [grundy(game, (pile,), table) for pile in range(1, 31)]
    assert values[:12] == [0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1]
    for pile, value in enumerate(values, start=1):
        assert (value != 0) == (wins((pile,), True) == 1), pile
    for piles in [
        *product(range(1, 13), repeat=2),
        (3, 5, 7),
        (4, 7, 9),
        (5, 6, 8, 10),
        (10, 11, 12),
    ]:
        xor_of_values = nim_sum(values[pile - 1] for pile in piles)
        assert (xor_of_values != 0) == (wins(piles, True) == 1), piles


def test_fibonacci_nim_is_lost_exactly_on_fibonacci_numbers_up_to_60():
    game = FibonacciNim()
    wins = solver(game, "iterative")
    lost = [n for n in range(2, 61) if wins(game.start(n), True) == -1]
    assert lost == fibonacci_numbers(60)[1:] == [2, 3, 5, 8, 13, 21, 34, 55]


def test_the_fibonacci_nim_winning_take_wins_from_every_position_up_to_60():
    game = FibonacciNim()
    score = solver(game, "iterative")
    for counters, max_take in product(range(1, 61), repeat=2):
        take = fibonacci_nim_winning_take((counters, max_take))
        if score((counters, max_take), True) == -1:
            assert take is None, (counters, max_take)
        else:
            assert take is not None and 1 <= take <= max_take, (counters, max_take)
            assert score((counters - take, 2 * take), False) == 1, (counters, max_take, take)
    assert fibonacci_nim_winning_take((0, 0)) is None


def test_zeckendorf_parts_are_non_consecutive_fibonacci_numbers_summing_to_n():
    for n in range(1001):
        parts, fibs = zeckendorf(n), fibonacci_numbers(n)
        assert sum(parts) == n and parts == sorted(parts, reverse=True)
        positions = [fibs.index(part) for part in parts]
        assert all(bigger - smaller >= 2 for bigger, smaller in pairwise(positions)), (n, parts)
    assert zeckendorf(100) == [89, 8, 3] and zeckendorf(0) == []


def refused_quickly(call, message):
    """Assert that `call()` raises a ValueError matching `message` within a second of CPU time
    (which a busy machine does not lengthen); return its text."""
    start = time.process_time()
    with pytest.raises(ValueError, match=message) as error:
        call()
    seconds = time.process_time() - start
    assert seconds < 1, f"refused only after {seconds:.1f} s"
    return str(error.value)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (
            lambda: zeckendorf(10**30000),
            r"n = an integer of about 30,001 digits is too large: .* up to 10\*\*1000",
        ),
        (
            lambda: fibonacci_numbers(10**50000),
            r"limit = an integer of about 50,001 digits is too large",
        ),
        (
            lambda: fibonacci_numbers(-(10**5000)),
            "limit must be at least 0, not an integer of about 5,001 digits",
        ),
        (
            lambda: simple_nim_player_to_move_wins(10**2000),
            "counters = an integer of about 2,001 digits is too large",
        ),
        (lambda: nim_sum([1, 10**1001]), "pile 2 = an integer of about 1,002 digits is too large"),
        (lambda: nim_sum(range(2_000_000)), "more than 1,000,000 numbers"),
        (lambda: mex(iter(range(10**12))), "more than 1,000,000 numbers"),
    ],
)
def test_numbers_too_large_for_an_answer_at_once_are_refused_at_once(call, message):
    refused_quickly(call, message)


@pytest.mark.slow
def test_the_largest_numbers_allowed_still_answer_at_once():
    start = time.process_time()  # CPU seconds: a busy machine does not add to them
    parts = zeckendorf(10**1000)
    assert sum(parts) == 10**1000 and len(fibonacci_numbers(10**1000)) == 4_785
    assert nim_sum([10**1000, 10**1000]) == 0 and mex(range(1_000_000)) == 1_000_000
    assert simple_nim_player_to_move_wins(10**1000) is True  # 10**1000 leaves 0 when divided by 4
    assert time.process_time() - start < 5


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ("abc", "values must be a list or tuple of whole numbers such as \\[0, 1, 3\\], not 'abc'"),
        ([0.5], r"value number 1 must be a whole number, not 0.5 \(float\)"),
        ([0, 1, -2], "value number 3 must be at least 0, not -2"),
        ([True], "value number 1 must be a whole number, not True"),
        (5, "values must be a list or tuple"),
        (None, "not None"),
    ],
)
def test_mex_refuses_anything_but_whole_numbers(values, message):
    refused_quickly(lambda: mex(values), message)


def test_mex_accepts_generators_sets_and_numpy_integers():
    assert mex(n for n in (0, 1, 3)) == 2 and mex({2, 0}) == 1 and mex(np.array([0, 1, 2])) == 3


@pytest.mark.parametrize("bad", [None, "yes", 1, 0, 2.0, "False"])
def test_the_flags_of_the_theory_must_be_true_or_false(bad):
    shown = repr(bad)
    for call in (
        lambda: nim_player_to_move_wins((1, 2), last_counter_loses=bad),
        lambda: nim_winning_move((1, 2), last_counter_loses=bad),
        lambda: simple_nim_player_to_move_wins(5, 3, last_counter_loses=bad),
    ):
        assert shown in refused_quickly(call, "last_counter_loses must be True or False, not ")


def test_numpy_booleans_and_integers_are_accepted():
    assert nim_player_to_move_wins((1, 1), last_counter_loses=np.True_) is True
    assert nim_player_to_move_wins((1, 1), last_counter_loses=np.False_) is False
    assert nim_winning_move(np.array([2, 3, 5]), last_counter_loses=np.bool_(False)) == (2, 3, 1)
    assert simple_nim_player_to_move_wins(np.int64(5), np.int64(3), np.True_) is False
    assert zeckendorf(np.int64(100)) == [89, 8, 3]


class TakeOneOrTwo(Nim):
    """Nim whose moves take one or two counters from a pile: a subclass with rules of its own."""

    def possible_new_states(self, piles):
        return [
            piles[:index] + (pile - take,) + piles[index + 1 :]
            for index, pile in enumerate(piles)
            for take in (1, 2)
            if take <= pile
        ]


def test_a_subclass_of_a_game_with_a_closed_form_is_searched_not_given_its_parents_rule():
    """theory_best_move raised KeyError: <class 'TakeOneOrTwo'>; a rule matched by isinstance
    would have given Nim's nim-sum rule to a game that it does not fit."""
    game = TakeOneOrTwo()
    assert theory_best_move(game, (3, 4, 5)) is None
    found = quick_best_move(game, (3, 4, 5), 100_000)
    assert (found.score, found.new_state) == best_move(game, (3, 4, 5))


CLOSED_FORM_POSITIONS = {
    Nim(): nim_positions(3, 3),
    Nim(last_counter_loses=False): nim_positions(3, 3),
    SplitNim(): [(n,) for n in range(1, 13)] + [(3, 4), (2, 5, 6)],
    SimpleNim(): list(range(1, 15)),
    SimpleNim(takes=(1, 2, 3, 4), last_counter_loses=False): list(range(1, 15)),
    FibonacciNim(): [FibonacciNim.start(n) for n in range(2, 16)] + [(7, 2), (9, 1)],
}


def test_every_closed_form_scores_and_moves_as_the_search_does():
    """A closed form turned the wrong way round still named its rule as it played a losing move:
    each game's theory_best_move against best_move and solve, position by position."""
    assert {type(game) for game in CLOSED_FORM_POSITIONS} == set(CLOSED_FORMS)
    for game, positions in CLOSED_FORM_POSITIONS.items():
        for state in positions:
            by_theory = theory_best_move(game, state)
            if by_theory is None:  # over
                assert game.evaluate(game.validate(state), True) is not None, (game, state)
                continue
            score, _ = best_move(game, state)
            assert by_theory.score == score, (game, state)
            assert solve(game, by_theory.new_state, False) == score, (game, state)
            assert by_theory.rule == CLOSED_FORMS[type(game)]
