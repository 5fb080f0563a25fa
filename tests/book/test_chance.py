"""Expectiminimax on Dice Nim, Star1's cut-offs, and value iteration on games that list their states
(Pig, and a coin game made up here)."""

import math
import sys
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from nimlib.book.alphabeta import alphabeta
from nimlib.book.expectiminimax import expectiminimax, memoized_expectiminimax, star1
from nimlib.book.limits import SearchBudgetExceeded
from nimlib.book.stats import SearchStats
from nimlib.book.value_iteration import solve_by_value_iteration
from nimlib.drawing import draw_chance_tree
from nimlib.engine.iterative import tree_size
from nimlib.games.base import Game
from nimlib.games.dice import DiceNim
from nimlib.games.nim import Nim
from nimlib.games.pig import Pig, hold_at, optimal, play_match
from nimlib.games.tictactoe import TicTacToe
from nimlib.games.values import checked_outcomes
from nimlib.solving import solve


def by_hand(counters):
    """Dice Nim's score for the player to move, by its own short recursion (no game object)."""

    @cache
    def mover(n):
        if n == 0:
            return Fraction(-1)
        takes = [-mover(n - take) for take in (1, 2) if take <= n]
        roll = sum(Fraction(1, 6) * -mover(max(n - face, 0)) for face in (1, 1, 1, 2, 2, 3))
        return max(*takes, roll)

    return mover(counters)


@pytest.mark.parametrize("counters", range(9))
def test_expectiminimax_agrees_with_a_recursion_by_hand(counters):
    game = DiceNim(counters)
    assert expectiminimax(game, game.start(), True) == by_hand(counters)
    assert expectiminimax(game, game.start(), False) == -by_hand(counters)


def test_the_dice_nim_scores_are_exact_fractions():
    scores = [expectiminimax(DiceNim(n), (n, False), True) for n in range(7)]
    assert scores == [-1, 1, 1, Fraction(-2, 3), Fraction(2, 3), Fraction(2, 3), Fraction(-4, 9)]


@pytest.mark.parametrize("counters", [6, 9, 14])
def test_the_memo_and_star1_give_the_same_scores_with_less_work(counters):
    game = DiceNim(counters)
    # no wall-clock limit: a busy machine may take longer than the default five seconds
    memo, pruned = SearchStats(max_seconds=None), SearchStats(max_seconds=None)
    exact = by_hand(counters)
    assert memoized_expectiminimax(game, game.start(), True, memo) == exact
    assert star1(game, game.start(), True, stats=pruned) == exact
    nodes = tree_size(game, game.start())
    assert memo.calls <= 12 * counters < nodes  # each position once: the calls grow by 12 a counter
    assert pruned.calls < nodes and pruned.cutoffs > 0


@pytest.mark.parametrize(("game", "state"), [(Nim(), (1, 2, 3)), (TicTacToe(), "." * 9)], ids=repr)
def test_star1_without_dice_counts_as_alpha_beta_does(game, state):
    """Star1 counted a cut-off after a position's last move too, which skips nothing."""
    textbook, pruned = SearchStats(max_seconds=None), SearchStats(max_seconds=None)
    alphabeta(game, state, stats=textbook)
    star1(game, state, True, stats=pruned)
    assert (pruned.calls, pruned.cutoffs) == (textbook.calls, textbook.cutoffs)


class MaxAfterTheDice(Game):
    """The dice first: half the time Max then chooses 0 or 4, half the time it ends at 3."""

    score_range = (0, 4)

    def is_chance(self, state):
        return state == "dice"

    def outcomes(self, state):
        return [(Fraction(1, 2), "max"), (Fraction(1, 2), 3)]

    def possible_new_states(self, state):
        return [0, 4] if state == "max" else []

    def evaluate(self, state, is_maximizing):
        return state if isinstance(state, int) else None

    def validate(self, state):
        return state


class HugeStakes(MaxAfterTheDice):
    """MaxAfterTheDice with float probabilities and a win of 10**399, too large for a float."""

    score_range = (0, 10**400)

    def outcomes(self, state):
        return [(0.5, "max"), (0.5, 3)]

    def possible_new_states(self, state):
        return [0, 10**399] if state == "max" else []


@pytest.mark.parametrize("search", [expectiminimax, memoized_expectiminimax, star1])
def test_a_float_probability_of_a_score_too_large_for_a_float_is_refused_by_name(search):
    with pytest.raises(ValueError) as error:
        search(HugeStakes(), "dice", True)
    message = str(error.value)
    assert "too large for a float" in message and "HugeStakes from 'dice'" in message
    assert "Fraction(1, 2)" in message
    assert "convert" not in message  # Star1 told Python's "int too large to convert to float"


class HugeRange(MaxAfterTheDice):
    """MaxAfterTheDice with float probabilities and small scores, in a score range of 10**400."""

    score_range = (0, 10**400)

    def outcomes(self, state):
        return [(0.5, "max"), (0.5, 3)]


def test_star1_with_a_range_beyond_floats_and_float_probabilities_names_the_range_end():
    """Its windows meet the range's end in floats: Python's "int too large to convert to float",
    now what met what; expectiminimax, which uses no window, answers."""
    assert expectiminimax(HugeRange(), "dice", True) == 3.5
    with pytest.raises(ValueError) as error:
        star1(HugeRange(), "dice", True)
    assert "(an end of the window or of the score range, a whole number beyond floats" in str(
        error.value
    )
    assert "convert" not in str(error.value)


def test_value_iteration_refuses_a_rescored_game_saying_why_it_lost_its_mirror():
    class Rescored(Pig):  # rewrites the rules: keeps none of Pig's knowledge of them
        def evaluate(self, state, is_maximizing):
            return super().evaluate(state, is_maximizing)

    with pytest.raises(ValueError, match="set it to True in Rescored if it is: a class that"):
        solve_by_value_iteration(Rescored(5))
    assert solve_by_value_iteration(Pig(5))[0]  # Pig says it


class MirroredDiceNim(DiceNim):
    score_range = (-(10**400), 10**400)


class MirroredNim(Nim):
    score_range = (-(10**400), 10**400)


def test_a_game_scored_by_the_mover_alone_in_a_range_beyond_floats_is_searched():
    """Its mirrored scores were compared within a float tolerance of the range's size, which
    overflowed: every search stopped, told to use whole numbers, which the game did."""
    assert expectiminimax(MirroredDiceNim(4), (4, False), True) == Fraction(2, 3)
    assert solve(MirroredNim(), (1, 2)) == 1


class ExactHugeStakes(MaxAfterTheDice):
    """MaxAfterTheDice with a win of 10**399, exact as a whole number, in the score range given."""

    def __init__(self, score_range):
        self.score_range = score_range

    def possible_new_states(self, state):
        return [0, 10**399] if state == "max" else []


@pytest.mark.parametrize(
    ("score_range", "window"),
    [((-math.inf, math.inf), (None, None)), ((0, 10**400), (-math.inf, math.inf))],
)
def test_star1_with_an_infinite_end_and_a_score_too_large_for_a_float_names_the_end(
    score_range, window
):
    """Star1 adds an end of the score range or window to the average so far (10**399 / 2), a
    float where the end is infinite: the overflow stopped it with advice to use whole numbers,
    which the game did. It now names the infinite end too; expectiminimax cuts nothing, and
    answers exactly."""
    game = ExactHugeStakes(score_range)
    with pytest.raises(ValueError, match="a finite score range and window"):
        star1(game, "dice", True, *window)
    assert expectiminimax(game, "dice", True) == Fraction(10**399 + 3, 2)


EDGES = [Fraction(edge, 9) for edge in range(-12, 46, 3)]


@pytest.mark.parametrize(("game", "state"), [(DiceNim(6), (6, False)), (MaxAfterTheDice(), "dice")])
def test_star1_inside_a_window_is_exact_and_outside_a_bound_on_the_right_side(game, state):
    """Every window, inside the score range, across it or beyond it: exact strictly inside, at or
    below alpha an upper bound, at or above beta a lower bound."""
    exact = expectiminimax(game, state, True)  # -4/9 and 7/2
    for alpha in EDGES:
        for beta in (edge for edge in EDGES if edge > alpha):
            result = star1(game, state, True, alpha, beta)
            if result <= alpha:
                assert exact <= result, (alpha, beta, result)
            elif result >= beta:
                assert exact >= result, (alpha, beta, result)
            else:
                assert result == exact, (alpha, beta, result)


class CloseCall(Game):
    """Dice in floats: 0.33 and 0.07 to a score of 0.1, 0.6 to Max's choice of 0.1 or 0.3 (0.22 in
    all), whose outcomes' windows a null window around 0.22 makes rounding close."""

    score_range = (-1, 1)

    def is_chance(self, state):
        return state == "dice"

    def outcomes(self, state):
        return [(0.33, "low"), (0.07, "low"), (0.6, "choice")]

    def possible_new_states(self, state):
        return ["low", "high"] if state == "choice" else []

    def evaluate(self, state, is_maximizing):
        return {"low": 0.1, "high": 0.3}.get(state)

    def validate(self, state):
        return state


@pytest.mark.parametrize("alpha", [math.nextafter(0.22, 0), 0.22])
def test_star1_in_a_null_window_of_floats_gives_a_true_bound(alpha):
    beta = math.nextafter(alpha, 1)
    exact = expectiminimax(CloseCall(), "dice", True)
    result = star1(CloseCall(), "dice", True, alpha, beta)
    assert exact == 0.22  # it said at most 0.1
    assert exact <= result if result <= alpha else exact >= result


@pytest.mark.parametrize("window", [(-1.0, -0.5), (0.5, 1.0), (-1, 0), (0.3, 1)])
def test_star1_of_a_float_game_gives_a_float_bound_outside_its_window(window):
    """Its bound was the exact sum, a Fraction such as 3602879701896397/36028797018963968, where
    the float of it lay on the near side: now the float just beyond it."""
    for is_maximizing in (True, False):
        exact = expectiminimax(CloseCall(), "dice", is_maximizing)
        result = star1(CloseCall(), "dice", is_maximizing, *window)
        assert type(result) is float, result
        assert exact <= result if result <= window[0] else exact >= result


class SureOrDice(Game):
    """The player takes a sure 1/3 (a float), or dice whose two faces, of probability 1/6 and
    5/6 (or 1/11 and 10/11), both score it: an average that floats added up one by one made just
    above 1/3 (or just below), so that the player preferred the dice by a hair."""

    score_range = (-1.0, 1.0)

    def __init__(self, first):
        self.first = first

    def is_chance(self, state):
        return state == "dice"

    def outcomes(self, state):
        return [(self.first, "face"), (1 - self.first, "face")]

    def possible_new_states(self, state):
        return ["sure", "dice"] if state == "choice" else []

    def evaluate(self, state, is_maximizing):
        return 1 / 3 if state in ("sure", "face") else None

    def validate(self, state):
        return state


@pytest.mark.parametrize(
    ("first", "is_maximizing"), [(Fraction(1, 6), True), (Fraction(1, 11), False)]
)
def test_star1_of_float_scores_gives_the_average_as_expectiminimax_rounds_it(first, is_maximizing):
    game = SureOrDice(first)
    dice = expectiminimax(game, "dice", is_maximizing)
    assert dice == 1 / 3  # rounded once, from the exact average: a tie
    assert star1(game, "choice", is_maximizing) == expectiminimax(game, "choice", is_maximizing)
    for window in [(1 / 3, 1.0), (-1.0, 1 / 3), (-math.inf, dice), (dice, math.inf)]:
        result = star1(game, "dice", is_maximizing, *window)
        if result <= window[0]:
            assert dice <= result, (window, result)
        elif result >= window[1]:
            assert dice >= result, (window, result)
        else:
            assert result == dice, (window, result)


class TenthEachFace(Game):
    """Stay at 0.1, or roll a fair die whose every face scores 0.1 (Fraction(1, 6) each)."""

    score_range = (0, 1)

    def is_chance(self, state):
        return state == "roll"

    def outcomes(self, state):
        return [(Fraction(1, 6), face) for face in range(1, 7)]

    def possible_new_states(self, state):
        return ["stay", "roll"] if state == "choice" else []

    def evaluate(self, state, is_maximizing):
        return 0.1 if state != "choice" and state != "roll" else None

    def validate(self, state):
        return state


@pytest.mark.parametrize("search", [expectiminimax, memoized_expectiminimax, star1])
def test_an_average_of_float_scores_is_rounded_once_not_at_every_sum(search):
    """Six sixths of 0.1, added up in floats, made 0.09999999999999999: less than every face,
    and Min rolled to get it."""
    assert search(TenthEachFace(), "roll", True) == 0.1
    assert search(TenthEachFace(), "choice", False) == 0.1


class ScoredDice(Game):
    """A roll whose outcomes, and their leaves' scores, are given: mixed kinds of number."""

    def __init__(self, score_range, outcomes, scores):
        self.score_range, self.given, self.scores = score_range, outcomes, scores

    def is_chance(self, state):
        return state == "roll"

    def outcomes(self, state):
        return self.given

    def possible_new_states(self, state):
        return []

    def evaluate(self, state, is_maximizing):
        return None if state == "roll" else self.scores[state]

    def validate(self, state):
        return state


@pytest.mark.parametrize(
    ("game", "window"),
    [
        (
            ScoredDice(
                (0, 1), [(Fraction(9, 10), "a"), (Fraction(1, 10), "b")], {"a": 0, "b": 1.0}
            ),
            (Fraction(1, 10), 1),
        ),
        (
            ScoredDice((0, 1.0), [(Fraction(2, 3), "a"), (Fraction(1, 3), "b")], {"a": 0, "b": 1}),
            (1 / 3, 1.0),
        ),
    ],
)
def test_star1_is_exact_in_its_window_whatever_kinds_its_numbers_are(game, window):
    """Its bounds were rounded by the range end's kind, not by the average's: 1/10 for a float
    0.1 just above it, and 0.333... for an exact 1/3 just above that."""
    exact = expectiminimax(game, "roll", True)
    assert window[0] < exact < window[1]
    assert star1(game, "roll", True, *window) == exact


class BadDice(Game):
    """A chance node whose probabilities add up to more than 1."""

    score_range = (-1, 1)

    def is_chance(self, state):
        return state == "roll"

    def outcomes(self, state):
        return [(Fraction(1, 2), "a"), (Fraction(2, 3), "b")]

    def possible_new_states(self, state):
        return []

    def evaluate(self, state, is_maximizing):
        return 0 if state != "roll" else None

    def validate(self, state):
        return state


class EndlessDice(BadDice):
    """A fair coin between a score of inf and one of -inf, in a range without ends."""

    score_range = (-math.inf, math.inf)

    def outcomes(self, state):
        return [(Fraction(1, 2), "up"), (Fraction(1, 2), "down")]

    def evaluate(self, state, is_maximizing):
        return {"up": math.inf, "down": -math.inf}.get(state)


class DiceWithAMove(BadDice):
    """A chance node that also offers a player's move."""

    def outcomes(self, state):
        return [(Fraction(1, 2), "a"), (Fraction(1, 2), "b")]

    def possible_new_states(self, state):
        return ["c"] if state == "roll" else []


@pytest.mark.parametrize("search", [expectiminimax, memoized_expectiminimax, star1])
def test_a_move_offered_at_a_chance_node_is_refused_not_left_out(search):
    with pytest.raises(ValueError, match=r"possible_new_states\('roll'\) gave 'c' at a chance"):
        search(DiceWithAMove(), "roll", True)


@pytest.mark.parametrize("search", [expectiminimax, memoized_expectiminimax, star1])
def test_a_chance_node_between_inf_and_minus_inf_is_refused_not_nan(search):
    with pytest.raises(ValueError, match="'roll' of EndlessDice lead to scores of inf and -inf"):
        search(EndlessDice(), "roll", True)


class NumpyLosses(Game):
    """Max's moves both lose, each scored numpy.float64(-1.0) in a score range of numpy floats, as a
    board's numpy sums would score them."""

    score_range = (np.float64(-1), np.float64(1))

    def possible_new_states(self, state):
        return ["a", "b"] if state == "r" else []

    def evaluate(self, state, is_maximizing):
        return None if state == "r" else np.float64(-1)

    def validate(self, state):
        return state


@pytest.mark.parametrize("search", [expectiminimax, memoized_expectiminimax, star1])
def test_a_numpy_score_is_given_back_as_python_s_float(search):
    """Star1 started a player's best at the end of the score range, and gave that end,
    np.float64(-1.0), where no move did better."""
    assert repr(search(NumpyLosses(), "r", True)) == "-1.0"


class NumpyCoin(BadDice):
    """A fair coin between a win and a loss, its probabilities numpy's floats."""

    score_range = (0, 1)

    def outcomes(self, state):
        return [(np.float64(0.5), "won"), (np.float64(0.5), "lost")]

    def evaluate(self, state, is_maximizing):
        return {"won": 1, "lost": 0}.get(state)


@pytest.mark.parametrize("search", [expectiminimax, memoized_expectiminimax, star1])
def test_numpy_probabilities_give_an_average_of_python_s_floats(search):
    assert repr(search(NumpyCoin(), "roll", True)) == "0.5"


class RoundedDice(BadDice):
    """Dice whose probabilities add up to exactly 1, all of whose faces score `top`, a float at
    the end of the score range: the products of the floats round the average past it."""

    def __init__(self, top, probabilities):
        self.score_range, self.top, self.probabilities = (-top, top), top, probabilities

    def outcomes(self, state):
        return [(probability, "end") for probability in self.probabilities]

    def evaluate(self, state, is_maximizing):
        return None if state == "roll" else self.top


ROUNDED = [
    (0.2, [0.75, 0.0625, 0.1875]),  # 0.20000000000000004
    (sys.float_info.max, [Fraction(1, 5), Fraction(2, 5), Fraction(2, 5)]),  # inf
]


@pytest.mark.parametrize("search", [expectiminimax, memoized_expectiminimax, star1])
@pytest.mark.parametrize(("top", "probabilities"), ROUNDED)
def test_an_average_rounded_past_the_score_range_is_its_end(search, top, probabilities):
    assert sum(probabilities) == 1
    assert search(RoundedDice(top, probabilities), "roll", True) == top


def test_probabilities_that_do_not_add_up_are_named():
    with pytest.raises(ValueError, match="add up to exactly 1"):
        checked_outcomes(BadDice(), "roll")
    with pytest.raises(ValueError, match="add up"):
        expectiminimax(BadDice(), "roll", True)


class FloatDice(BadDice):
    """A chance node whose outcomes have the float `probabilities`."""

    def __init__(self, probabilities):
        self.probabilities = probabilities

    def outcomes(self, state):
        return [
            (probability, f"face {face}") for face, probability in enumerate(self.probabilities)
        ]


@pytest.mark.parametrize("order", [slice(None), slice(None, None, -1)])
def test_float_probabilities_are_added_by_their_exact_values_whatever_their_order(order):
    assert len(checked_outcomes(FloatDice([0.5, 0.25, 0.125, 0.125][order]), "roll")) == 4
    for probabilities in ([0.1, 0.2, 0.7], [1 / 6] * 6, [0.1] * 10):
        with pytest.raises(
            ValueError, match=r"up to (0\.9999|1\.0000)\d*: .* a float such as 0\.1"
        ):
            checked_outcomes(FloatDice(probabilities[order]), "roll")


class SilentDice(BadDice):
    """A chance node whose outcomes are `given`: none, or one iterator handed out at each call."""

    def __init__(self, given):
        self.given = given

    def outcomes(self, state):
        return self.given


@pytest.mark.parametrize("search", [expectiminimax, memoized_expectiminimax, star1])
@pytest.mark.parametrize("given", [[], "iterator"])
def test_a_chance_node_with_no_outcome_is_named_as_one(search, given):
    # it was told its probabilities added up to 0
    if given == "iterator":
        given = iter([(Fraction(1), "a")])
        assert search(SilentDice(given), "roll", True) == 0  # the first call uses it up
    with pytest.raises(ValueError, match=r"outcomes\('roll'\) gave no outcome: at a chance"):
        search(SilentDice(given), "roll", True)


def test_the_chance_tree_draws_circles_and_probabilities():
    drawing = draw_chance_tree(DiceNim(3), (3, False))
    assert "root score -2/3" in drawing.summary and tree_size(DiceNim(3), (3, False)) == 35
    assert "shape=circle" in drawing.source and "1/6" in drawing.source
    with pytest.raises(ValueError, match="too many"):
        draw_chance_tree(DiceNim(9), (9, False))


def test_pig_to_1_is_won_with_chance_6_7():
    values, _ = solve_by_value_iteration(Pig(1))
    assert values[(0, 0, 0)] == pytest.approx(6 / 7, abs=1e-9)  # P = 5/6 + (1 - P)/6


@pytest.mark.slow
def test_best_play_beats_hold_at_10_and_the_match_is_seeded():
    game = Pig(20)
    # No wall-clock limit: the clocks are not what this test checks, and a busy machine may
    # take longer than the default five seconds to solve, or ten for two thousand games.
    values, _ = solve_by_value_iteration(game, stats=SearchStats(max_seconds=None))
    wins = play_match(game, optimal(values), hold_at(10), 2000, seed=7, max_seconds=None)
    assert wins == play_match(game, optimal(values), hold_at(10), 2000, seed=7, max_seconds=None)
    assert wins > 1200  # best play wins about two games in three against hold at 10
    assert game.rolls(values, (0, 0, 0)) and game.rolls(values, (0, 0, 19))


def test_a_turn_total_that_reaches_the_goal_has_won():
    game = Pig(5)
    values, _ = solve_by_value_iteration(game)
    assert game.win_chance(values, (2, 0, 3)) == 1.0


def test_bad_pig_input_is_named():
    with pytest.raises(ValueError, match="goal"):
        Pig(0)
    with pytest.raises(ValueError, match="game is over"):
        Pig(10).validate((5, 0, 5))
    for state, words in [
        ("x", r"a Pig state is \(mine, theirs, turn\), not 'x'"),
        ((25, 0, 0), "points = 25 is too large: at most 19 is allowed"),
        ((-1, 0, 0), "points must be at least 0, not -1"),
    ]:
        with pytest.raises(ValueError, match=words):
            Pig(20).step({}, state)


def test_a_policy_that_holds_at_a_turn_total_of_0_is_refused_by_name():
    with pytest.raises(ValueError, match="limit must be at least 1, not 0"):
        hold_at(0)
    never_rolls = lambda game, state: False  # noqa: E731
    with pytest.raises(ValueError, match=r"player held at \(0, 0, 0\): a turn starts"):
        play_match(Pig(20), never_rolls, hold_at(10), 2)
    with pytest.raises(ValueError, match=r"opponent held at \(\d+, \d+, 0\): a turn"):
        play_match(Pig(20), hold_at(10), never_rolls, 2)


def test_a_match_stops_at_its_time_limit_in_the_middle_of_a_long_game():
    # Both roll until they win: seed 0's first game to 200 lasts 28,823 turns (tenths of a second)
    with pytest.raises(SearchBudgetExceeded, match="time limit of 0.01 s after 0 games"):
        play_match(Pig(200), hold_at(200), hold_at(200), 1, seed=0, max_seconds=0.01)


class CoinRace(Game):
    """The player to move flips a coin (heads wins, tails passes the turn) or passes: a cycle."""

    score_range = (0, 1)  # Max's chance of winning
    score_depends_only_on_mover = True

    def possible_new_states(self, state):
        return [] if state != "turn" else ["coin", "turn"]  # flip, or pass the turn

    def is_chance(self, state):
        return state == "coin"

    def outcomes(self, state):
        return [(Fraction(1, 2), "lost"), (Fraction(1, 2), "turn")]  # heads, tails

    def evaluate(self, state, is_maximizing):
        if state != "lost":  # "lost": the player to move has lost, the flipper threw heads
            return None
        return 0 if is_maximizing else 1

    def validate(self, state):
        return state

    def layers(self):
        return [["turn"]]


def test_value_iteration_solves_a_made_up_game_with_a_cycle():
    values, sweeps = solve_by_value_iteration(CoinRace(), 1e-12)
    assert values["turn"] == pytest.approx(2 / 3, abs=1e-9)  # P = 1/2 + 1/2 (1 - P)
    assert sweeps > 10


class ScaledCoinRace(CoinRace):
    """A coin race whose win is worth `prize` instead of 1."""

    score_depends_only_on_mover = True  # new rules: the symmetry is stated again

    def __init__(self, prize: float) -> None:
        self.score_range = (0, prize)

    def evaluate(self, state, is_maximizing):
        score = super().evaluate(state, is_maximizing)
        return None if score is None else score * self.score_range[1]


@pytest.mark.parametrize("prize", [1e-12, 1.0, 1e12])
def test_the_default_tolerance_is_a_share_of_the_score_range(prize):
    """It was 1e-9 whatever the range: a range of 0 to 1e-12 was refused (any value met it), and
    one of 0 to 1e12 was told that floats cannot bring its bounds that close."""
    values, _ = solve_by_value_iteration(ScaledCoinRace(prize))
    assert values["turn"] == pytest.approx(2 / 3 * prize, abs=1e-9 * prize)


class CoinRaceFarFromZero(CoinRace):
    """A coin race scored 1e8 for a loss and 1e8 + 1 for a win."""

    score_depends_only_on_mover = True  # new rules: the symmetry is stated again
    score_range = (1e8, 1e8 + 1)

    def evaluate(self, state, is_maximizing):
        score = super().evaluate(state, is_maximizing)
        return None if score is None else 1e8 + score


def test_the_default_tolerance_is_no_finer_than_floats_at_the_ranges_ends():
    """A billionth of the width, 1e-9, is finer than floats 1.5e-8 apart near 1e8: it was refused
    as bounds that floats bring no closer."""
    values, _ = solve_by_value_iteration(CoinRaceFarFromZero())
    assert values["turn"] == pytest.approx(1e8 + 2 / 3, abs=1e-6)


class Uncut(CoinRace):
    """A coin race whose "turn" can also lead into "round" and "about", which lead to each other
    for ever: a cycle through no state that layers() lists."""

    score_depends_only_on_mover = True  # new rules: the symmetry is stated again

    def possible_new_states(self, state):
        return {"turn": ["coin", "round"], "round": ["about"], "about": ["round"]}.get(state, [])


def test_value_iteration_names_a_cycle_its_layers_do_not_cut():
    with pytest.raises(ValueError, match="a cycle of the game passes through none of them"):
        solve_by_value_iteration(Uncut())


class Corridor(CoinRace):
    """The player to move may resign, or pass the turn to the other end of a corridor, whose
    player may do the same: play can go on for ever, and never ends in a score."""

    score_depends_only_on_mover = True  # new rules: the symmetry is stated again

    def possible_new_states(self, state):
        return {"near": ["resigned", "far"], "far": ["resigned", "near"]}.get(state, [])

    def evaluate(self, state, is_maximizing):  # "resigned": the player to move has won
        return (1 if is_maximizing else 0) if state == "resigned" else None

    def layers(self):
        return [self.order]


@pytest.mark.parametrize("order", [["near", "far"], ["far", "near"]])
def test_value_iteration_refuses_a_score_that_only_endless_play_decides(order):
    """Passing for ever is as good as anything: sweeping up from a sure loss, the first state
    swept was worth 1 and the other 0, whichever came first; the sweeps from a sure win now say
    that the score is anywhere from 0 to 1 there."""
    game = Corridor()
    game.order = order
    with pytest.raises(ValueError, match=r"stops at 0, swept down from a sure win at 1\. Play"):
        solve_by_value_iteration(game)


class WinningCorridor(Corridor):
    """A corridor whose near end also has a winning move: "beaten", the player to move has lost."""

    score_depends_only_on_mover = True  # new rules: the symmetry is stated again

    order = ["far", "near"]

    def possible_new_states(self, state):
        moves = super().possible_new_states(state)
        return ["beaten", *moves] if state == "near" else moves

    def evaluate(self, state, is_maximizing):
        if state == "beaten":
            return 0 if is_maximizing else 1
        return super().evaluate(state, is_maximizing)


def test_a_cycle_that_best_play_leaves_is_scored():
    """Play may still go round for ever, but the near end wins at once, and the far end, whose
    player then loses whatever it does, is worth 0."""
    assert solve_by_value_iteration(WinningCorridor()) == ({"far": 0.0, "near": 1.0}, 2)


class Drift(CoinRace):
    """Chance alone: "a" wins half the time, else comes back to "a"; "b" drifts into "a" once in a
    hundred, else stays. Both are won for sure in the end, "b" slowly: its layer meets the
    bounds "a"'s layer left, at best."""

    score_depends_only_on_mover = True  # new rules: the symmetry is stated again

    def __init__(self, layers):
        self.given = layers

    def possible_new_states(self, state):
        return []

    def is_chance(self, state):
        return state in ("a", "b")

    def outcomes(self, state):
        if state == "a":
            return [(Fraction(1, 2), "won"), (Fraction(1, 2), "a")]
        return [(Fraction(1, 100), "a"), (Fraction(99, 100), "b")]

    def evaluate(self, state, is_maximizing):
        return (1 if is_maximizing else 0) if state == "won" else None

    def layers(self):
        return self.given


@pytest.mark.parametrize("layers", [[["a", "b"]], [["a"], ["b"]], [[], ["a"], [], ["b"], []]])
def test_layers_of_any_size_give_the_scores_within_the_tolerance(layers):
    """The later layer reads the bounds the earlier one stopped at: it was refused as endless, the
    bounds of "b" slow to meet; an empty layer raised max()'s own error."""
    values, _ = solve_by_value_iteration(Drift(layers))
    assert values == pytest.approx({"a": 1.0, "b": 1.0}, abs=1e-9)


class SlowDrift(Drift):
    """A drift from "b" into "a" once in 2,000: its bounds meet after some 40,000 sweeps."""

    def outcomes(self, state):
        if state == "a":
            return super().outcomes(state)
        return [(Fraction(1, 2000), "a"), (Fraction(1999, 2000), "b")]


def test_a_game_that_settles_slowly_is_answered_or_stopped_by_the_budget():
    """It was refused after 10,000 sweeps, however much time was left."""
    values, sweeps = solve_by_value_iteration(
        SlowDrift([["a"], ["b"]]), stats=SearchStats(max_seconds=None)
    )
    assert values["b"] == pytest.approx(1.0, abs=1e-9) and sweeps > 10_000
    with pytest.raises(SearchBudgetExceeded, match="limit of 100 calls.*a larger tolerance"):
        solve_by_value_iteration(SlowDrift([["a"], ["b"]]), stats=SearchStats(max_calls=100))


def test_the_order_of_the_layers_and_the_precision_of_floats_are_named():
    with pytest.raises(ValueError, match="lists 'a' in a later layer than 'b', which leads to it"):
        solve_by_value_iteration(Drift([["b"], ["a"]]))  # the old sweeps answered b = 0, a loss
    with pytest.raises(TypeError, match=r"Drift.layers\(\) must give the layers, .* not None"):
        solve_by_value_iteration(Drift(None))
    with pytest.raises(ValueError, match="no closer than .* the precision of floats"):
        solve_by_value_iteration(CoinRace(), tolerance=0)
    huge = CoinRace()
    huge.score_range = (0, 10**400)
    with pytest.raises(ValueError, match="sweeps in floats, .* goes beyond what they hold"):
        solve_by_value_iteration(huge)  # raised float()'s OverflowError
    huge.score_range = (0, 10**30)  # rounds to another whole number in a float
    with pytest.raises(ValueError, match="sweeps in floats, .* goes beyond what they hold"):
        solve_by_value_iteration(huge)


class PastFloats(Game):
    """Max picks a score of 2**53 + 1 or 0; a float holds neither 2**53 + 1 nor its mirror."""

    score_range = (-(2**60), 2**60)
    score_depends_only_on_mover = True

    def possible_new_states(self, state: str) -> list[str]:
        return ["high", "low"] if state == "pick" else []

    def evaluate(self, state: str, is_maximizing: bool) -> int | None:
        if state == "pick":
            return None
        score = 2**53 + 1 if state == "high" else 0  # for Max, Min to move after Max's pick
        return -score if is_maximizing else score

    def validate(self, state: object) -> object:
        return state

    def layers(self) -> list[list[str]]:
        return [["pick"]]


def test_a_whole_number_score_past_what_floats_hold_is_refused_by_value_iteration():
    """It answered 9007199254740992.0 for 2**53 + 1 within a tolerance of 1e-9, silently off by
    one; solve, which does not sweep in floats, gives it exactly."""
    assert solve(PastFloats(), "pick") == 2**53 + 1
    with pytest.raises(ValueError, match=r"cannot hold the score 9007199254740993 of PastFloats"):
        solve_by_value_iteration(PastFloats())
    as_fraction = PastFloats()
    as_fraction.score_range = (Fraction(-(2**60)), Fraction(2**53 + 1))
    with pytest.raises(ValueError, match=r"sweeps in floats, .* goes beyond what they hold"):
        solve_by_value_iteration(as_fraction)


class MoverView(CoinRace):
    """A coin race whose evaluate gives the loser 0 whoever is to move: not the mirror that
    score_depends_only_on_mover promises."""

    score_depends_only_on_mover = True  # new rules: the symmetry is stated again

    def evaluate(self, state, is_maximizing):
        return 0 if state == "lost" else None


class NoMoves(CoinRace):
    """A coin race whose possible_new_states gives None."""

    score_depends_only_on_mover = True  # new rules: the symmetry is stated again

    def possible_new_states(self, state):
        return None


def test_value_iteration_names_what_the_game_gives_wrong_at_the_state_it_read():
    """The state named was the caption 'every state of ...', and evaluate's promise went unchecked:
    0.0 for 'turn', worth 2/3."""
    both = r"evaluate\('lost', True\) gives 0 and evaluate\('lost', False\) gives 0: .* mirror"
    with pytest.raises(ValueError, match=both):
        solve_by_value_iteration(MoverView())
    with pytest.raises(TypeError, match="possible_new_states gave None .* at state 'turn'"):
        solve_by_value_iteration(NoMoves())
    with pytest.raises(ValueError, match="a tolerance of 1 is met by any value .* width, 1"):
        solve_by_value_iteration(CoinRace(), tolerance=1)


def test_value_iteration_names_a_game_it_cannot_solve():
    with pytest.raises(ValueError, match="does not list its states"):
        solve_by_value_iteration(DiceNim(3))
    with pytest.raises(ValueError, match="score_depends_only_on_mover"):
        solve_by_value_iteration(BadDice())


class ChanceInWords(MaxAfterTheDice):
    """MaxAfterTheDice whose is_chance answers in words, "yes" or "no": both are true, so that
    a search that took the answer for a truth value would ask the dice of Max's node."""

    def is_chance(self, state):
        return "yes" if state == "dice" else "no"


@pytest.mark.parametrize("search", [expectiminimax, memoized_expectiminimax, star1])
def test_an_is_chance_that_is_not_true_or_false_is_named_with_its_answer(search):
    with pytest.raises(
        ValueError,
        match=r"ChanceInWords.is_chance at state 'dice' must be True or False, not 'yes'",
    ):
        search(ChanceInWords(), "dice", True)
    with pytest.raises(
        ValueError, match=r"ChanceInWords.is_chance at state 'max' must be True or False, not 'no'"
    ):
        search(ChanceInWords(), "max", True)


class FlatRace(Game):
    """First to flip heads wins, each flip passing the turn; its states are tuples, and its
    layers() forgets a level of lists (a layer of each state), so that the strings inside the
    tuples would be taken for states."""

    score_range = (-1, 1)

    score_depends_only_on_mover = True

    def possible_new_states(self, state):
        return [("flip",)] if state == ("turn",) else []

    def is_chance(self, state):
        return state == ("flip",)

    def outcomes(self, state):
        return [(Fraction(1, 2), ("over",)), (Fraction(1, 2), ("turn",))]

    def evaluate(self, state, is_maximizing):
        return (-1 if is_maximizing else 1) if state == ("over",) else None

    def validate(self, state):
        if state not in [("turn",), ("flip",), ("over",)]:
            raise ValueError(f"no such state {state!r}")
        return state

    def layers(self):
        return [("turn",), ("flip",)]  # meant [[("turn",), ("flip",)]]


def test_value_iteration_names_a_listed_state_the_games_validate_refuses():
    """It said "FlatRace has a dead end at 'turn'"; with the lists mended it gives 1/3."""
    with pytest.raises(ValueError, match=r"lists 'turn' in its layer 0 .*no such state 'turn'"):
        solve_by_value_iteration(FlatRace())


class FractionScoresFloatChances(Game):
    """Min chooses between a sure 2/3 and a coin (probabilities 0.25 and 0.75, floats) whose two
    sides both score 2/3: the coin is worth 2/3 exactly."""

    score_range = (Fraction(-1, 3), Fraction(2, 3))

    def possible_new_states(self, state: str) -> list[str]:
        return ["sure", "coin"] if state == "root" else []

    def is_chance(self, state: str) -> bool:
        return state == "coin"

    def outcomes(self, state: str) -> list:
        return [(0.25, "heads"), (0.75, "tails")]

    def evaluate(self, state: str, is_maximizing: bool) -> Fraction | None:
        return None if state in ("root", "coin") else Fraction(2, 3)

    def validate(self, state: object) -> object:
        return state


@pytest.mark.parametrize("search", [expectiminimax, memoized_expectiminimax, star1])
def test_fraction_scores_weighed_by_float_chances_stay_exact(search):
    """In floats the coin came to 0.6666666666666666, below the sure 2/3: Min took the gamble."""
    game = FractionScoresFloatChances()
    assert search(game, "coin", True) == Fraction(2, 3) == search(game, "root", False)


class PastFloatsChances(Game):
    """Max chooses between a sure score and a coin between two others, its chances of the kind
    given: scores past 2**53, which floats add and multiply exactly no more."""

    score_range = (0, 2**61)

    def __init__(self, chances: tuple, scores: dict) -> None:
        self.chances, self.scores = chances, scores

    def possible_new_states(self, state: str) -> list[str]:
        return ["sure", "coin"] if state == "root" else []

    def is_chance(self, state: str) -> bool:
        return state == "coin"

    def outcomes(self, state: str) -> list:
        return list(zip(self.chances, ["heads", "tails"], strict=True))

    def evaluate(self, state: str, is_maximizing: bool) -> int | None:
        return self.scores.get(state)

    def validate(self, state: object) -> object:
        return state


B = 2**60
PAST_FLOATS = [  # the coin's chances as floats and as Fractions, its scores, Max's exact score
    ((0.5, 0.5), (Fraction(1, 2),) * 2, {"sure": B + 1, "heads": B + 1, "tails": B + 3}, B + 2),
    # floats hold each score, but not 0.7 of one: the coin came to 2**60, under the sure one
    (
        (0.7, 1 - 0.7),
        (Fraction(7, 10), Fraction(3, 10)),
        {"sure": B + 153, "heads": B, "tails": B + 512},
        B + Fraction(768, 5),
    ),
]


@pytest.mark.parametrize("search", [expectiminimax, memoized_expectiminimax, star1])
@pytest.mark.parametrize(("floats", "fractions", "scores", "exact"), PAST_FLOATS)
def test_whole_scores_past_2_to_the_53_are_exact_or_refused_under_float_chances(
    search, floats, fractions, scores, exact
):
    """Halves of 2**60 + 1 and 2**60 + 3 in floats made 2**60, and the searches took a sure
    2**60 + 1 over a coin worth 2**60 + 2; 0.7 of 2**60 and 0.3 of 2**60 + 512 made 2**60, not
    2**60 + 153.6. With Fractions the coin is exact; with floats, refused by name."""
    assert search(PastFloatsChances(fractions, scores), "root", True) == exact
    with pytest.raises(ValueError) as error:
        search(PastFloatsChances(floats, scores), "root", True)
    said = " ".join(str(error.value).split())
    assert "a float, would round: floats add and multiply whole numbers exactly up to 2**53" in said
    assert "stopped nimlib's search of PastFloatsChances from 'root'" in said
