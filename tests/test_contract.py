"""The search contract, on games nimlib has never seen: every method of the registry gives the
exact score (or, with a depth, the depth-limited one) of small hand-made games whose score
ranges are not the Nim games' (0 to 1 with draws of 1/2, -3 to 7, floats, fractions), through
solve, best_move, principal_variation and solver, with and without a shared table; best_move
takes the quickest win and the longest defence; the searches with dice give the exact expected
score; a bad score is refused by name, at the root too. Each answer is checked against a
brute-force reference written here."""

import math
import random
import re
from decimal import Decimal
from fractions import Fraction
from math import inf, nan

import numpy as np
import pytest

from nimlib import (
    Game,
    SimpleNim,
    TicTacToe,
    best_move,
    expectiminimax,
    memoized_expectiminimax,
    memoized_minimax,
    minimax,
    principal_variation,
    solve,
    solver,
    star1,
)
from nimlib.methods import METHODS


class Dag(Game):
    """A game written out as a dict of children and a dict of leaf scores (for Max), its states
    numbered so that a move always goes to a larger number; positions may have several parents
    (transpositions, reached at different depths). `estimates` score the positions at a depth
    limit; `dice` makes positions chance nodes, with their (probability, new_state) outcomes."""

    def __init__(
        self,
        children: dict,
        scores: dict,
        score_range: tuple,
        estimates: dict | None = None,
        dice: dict | None = None,
    ) -> None:
        self.children, self.scores, self.score_range = children, scores, score_range
        self.estimates, self.dice = estimates or {}, dice or {}

    def possible_new_states(self, state: int) -> list[int]:
        return list(self.children.get(state, []))

    def is_chance(self, state: int) -> bool:
        return state in self.dice

    def outcomes(self, state: int) -> list:
        return list(self.dice[state])

    def evaluate(self, state: int, is_maximizing: bool) -> float | None:
        return self.scores.get(state)

    def estimate(self, state: int, is_maximizing: bool) -> float:
        return self.estimates[state]

    def validate(self, state: object) -> int:
        if state not in self.children and state not in self.scores and state not in self.dice:
            raise ValueError(f"{state!r} is not a position of this game")
        return state


def reference(game: Dag, state: int, is_maximizing: bool, depth: float = inf) -> float:
    """Minimax (expectiminimax at the dice) by the definition, `depth` moves ahead."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    if game.is_chance(state):
        return sum(
            p * reference(game, new, is_maximizing, depth) for p, new in game.outcomes(state)
        )
    if depth == 0:
        return game.estimate(state, is_maximizing)
    scores = [reference(game, new, not is_maximizing, depth - 1) for new in game.children[state]]
    return max(scores) if is_maximizing else min(scores)


def timed(game: Dag, state: int, is_maximizing: bool) -> tuple:
    """(score, tie-break) for the player to move: a win (above the middle of the range) the
    sooner the better, a loss the later the better."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return (score if is_maximizing else -score, 0)
    return max(one_move_earlier(game, new, is_maximizing) for new in game.children[state])


def one_move_earlier(game: Dag, new_state: int, is_maximizing: bool) -> tuple:
    """The timed score of the move to `new_state` for the player who made it (Max if
    `is_maximizing`)."""
    score, tie_break = timed(game, new_state, not is_maximizing)
    low, high = game.score_range
    middle = Fraction(low + high) / 2 if is_maximizing else -Fraction(low + high) / 2
    outcome = (-score > middle) - (-score < middle)  # 1 a win, -1 a loss
    return -score, -outcome * (abs(tie_break) + 1)


def chosen(game: Dag, state: int, is_maximizing: bool) -> int:
    """The move best_move must make: the best timed score, then the largest new state."""
    moves = {new: one_move_earlier(game, new, is_maximizing) for new in game.children[state]}
    best = max(moves.values())
    return max(new for new, value in moves.items() if value == best)


# 0 -> 1, 2; transpositions: 4 is reached in two moves and in three, 6 in two and in three
TRANSPOSED = {0: [1, 2], 1: [3, 4], 2: [4, 5], 3: [6], 4: [6, 7], 5: [7, 8], 6: [9, 10]}
GAMES = {
    "0 to 1, draws of 1/2": Dag(
        TRANSPOSED, {7: 0.5, 8: 1, 9: 0, 10: 1}, (0, 1), dict.fromkeys(range(11), 0.5)
    ),
    "-3 to 7": Dag(TRANSPOSED, {7: 7, 8: -3, 9: 2, 10: 7}, (-3, 7), dict.fromkeys(range(11), 2)),
    "floats": Dag(
        TRANSPOSED, {7: 0.25, 8: -2.5, 9: 0.5, 10: -1.0}, (-2.5, 0.5), dict.fromkeys(range(11), 0.0)
    ),
    "fractions": Dag(
        TRANSPOSED,
        {7: Fraction(1, 3), 8: Fraction(2, 3), 9: Fraction(0), 10: Fraction(1)},
        (Fraction(0), Fraction(1)),
        dict.fromkeys(range(11), Fraction(1, 2)),
    ),
    "one move each": Dag({0: [1], 1: [2], 2: [3]}, {3: -1}, (-1, 1), dict.fromkeys(range(4), 0)),
}


def random_game(seed: int) -> Dag:
    """A small game of seed `seed`: 2 to 14 positions, moves to larger numbers only."""
    rng = random.Random(seed)
    low, high = rng.choice([(0, 1), (-3, 7), (-1, 1), (0.0, 1.0), (-2.5, 0.5)])
    scores = [low, high, low + (high - low) / 2, low + (high - low) / 4]
    size = rng.randint(2, 14)
    children, leaves = {}, {}
    for state in reversed(range(size)):
        later = range(state + 1, size)
        if not later or (state and rng.random() < 0.3):
            leaves[state] = rng.choice(scores)
        else:
            children[state] = rng.sample(later, rng.randint(1, min(3, len(later))))
    estimates = {state: rng.choice(scores) for state in range(size)}
    return Dag(children, leaves, (low, high), estimates)


ALL_GAMES = list(GAMES.values()) + [random_game(seed) for seed in range(40)]
LIVE_GAMES = [game for game in ALL_GAMES if 0 in game.children]


@pytest.mark.parametrize("method", METHODS)
def test_every_method_gives_the_exact_and_the_depth_limited_score(method):
    for game in ALL_GAMES:
        for is_maximizing in (True, False):
            for depth in (None, 0, 1, 2, 3):
                expected = reference(game, 0, is_maximizing, inf if depth is None else depth)
                assert solve(game, 0, is_maximizing, method, depth=depth) == expected


@pytest.mark.parametrize("method", METHODS)
def test_best_move_scores_for_the_mover_and_moves_as_best_play_does(method):
    for game in LIVE_GAMES:
        for is_maximizing in (True, False):
            score, new_state = best_move(game, 0, method, is_maximizing=is_maximizing)
            expected = reference(game, 0, is_maximizing)
            assert score == (expected if is_maximizing else -expected)
            assert new_state == chosen(game, 0, is_maximizing)
            for depth in (1, 2, 3):
                score, new_state = best_move(
                    game, 0, method, depth=depth, is_maximizing=is_maximizing
                )
                expected = reference(game, 0, is_maximizing, depth)
                assert score == (expected if is_maximizing else -expected)
                assert reference(game, new_state, not is_maximizing, depth - 1) == expected


@pytest.mark.parametrize("method", METHODS)
def test_principal_variation_plays_best_move_at_every_step(method):
    for game in LIVE_GAMES:
        state, is_maximizing = 0, True
        for new_state in principal_variation(game, 0, method):
            assert new_state == best_move(game, state, method, is_maximizing=is_maximizing)[1]
            state, is_maximizing = new_state, not is_maximizing
        assert game.evaluate(state, is_maximizing) is not None


@pytest.mark.parametrize("method", METHODS)
def test_a_solver_sharing_its_table_keeps_the_window_contract(method):
    rng = random.Random(method)
    for game in ALL_GAMES:
        low, high = game.score_range
        for depth in (None, 2):
            score = solver(game, method, depth=depth)
            for _ in range(6):
                state, is_maximizing = rng.choice(range(len(game.estimates))), rng.random() < 0.5
                exact = reference(game, state, is_maximizing, inf if depth is None else depth)
                alpha, beta = sorted(rng.sample([low, high, exact, low + (high - low) / 2], 2))
                if alpha == beta:
                    alpha, beta = low, high
                found = score(state, is_maximizing, alpha, beta)
                assert (
                    (alpha < found < beta and found == exact)
                    or (found <= alpha and exact <= found)
                    or (found >= beta and exact >= found)
                ), (game.children, game.scores, state, is_maximizing, depth, alpha, beta)


@pytest.mark.parametrize("bad", [nan, 5, True, "over"], ids=["nan", "outside", "bool", "str"])
def test_a_bad_score_at_the_root_is_named_by_best_move_and_principal_variation(bad):
    game = Dag({1: [2]}, {0: bad, 2: 1}, (-1, 1))
    for ask in (
        lambda: best_move(game, 0),
        lambda: best_move(game, 0, "deepening", anytime=True),
        lambda: principal_variation(game, 0),
        lambda: principal_variation(game, 0, depth=0),
    ):
        with pytest.raises(ValueError, match="evaluate gave .* at state 0: a score must be"):
            ask()


class TakeOneOrTwo(Game):
    """Take 1 or 2 counters; whoever takes the last wins: the moves and the end as a newcomer
    writes them, each test below with one slip."""

    score_range = (-1, 1)

    def possible_new_states(self, counters):
        return [counters - take for take in (1, 2) if counters - take >= 0]

    def evaluate(self, counters, is_maximizing):
        return (-1 if is_maximizing else 1) if counters == 0 else None

    def validate(self, counters):
        if not isinstance(counters, int) or counters < 0:
            raise ValueError(f"not a number of counters: {counters!r}")
        return counters


class ZeroWhileItGoesOn(TakeOneOrTwo):
    def evaluate(self, counters, is_maximizing):
        return super().evaluate(counters, is_maximizing) or 0  # "not over yet" as 0


@pytest.mark.parametrize("method", METHODS)
def test_a_score_given_while_the_game_lists_moves_is_refused_where_a_search_starts(method):
    """Every method answered 0 at once, the root taken for a finished draw."""
    said = (
        "ZeroWhileItGoesOn.evaluate gave 0 at state 4, a draw that ends the game, but "
        "possible_new_states gives a move there (3): while play goes on, evaluate must give None"
    )
    for ask in (
        lambda: solve(ZeroWhileItGoesOn(), 4, True, method),
        lambda: best_move(ZeroWhileItGoesOn(), 4, method),
        lambda: principal_variation(ZeroWhileItGoesOn(), 4, method),
    ):
        with pytest.raises(ValueError, match=re.escape(said)):
            ask()
    assert solve(TakeOneOrTwo(), 4, True, method) == 1 and solve(TakeOneOrTwo(), 0) == -1


class NoMovesOnceOver(TakeOneOrTwo):
    def possible_new_states(self, counters):
        if counters == 0:
            raise ValueError("the game is over")
        return super().possible_new_states(counters)


def test_a_game_that_cannot_list_moves_where_it_is_over_is_solved_there():
    assert solve(NoMovesOnceOver(), 0) == -1 and solve(NoMovesOnceOver(), 0, False) == 1


class FalseWhileItGoesOn(TakeOneOrTwo):
    def evaluate(self, counters, is_maximizing):
        return super().evaluate(counters, is_maximizing) or False  # "nobody has won yet"


def test_false_given_while_play_goes_on_is_told_to_be_none():
    said = "FalseWhileItGoesOn.evaluate gave False at state 4: a score must be a real number"
    with pytest.raises(ValueError, match=said + r".*; False is no score: give None while play"):
        solve(FalseWhileItGoesOn(), 4)


class TrueForMaxsWin(TakeOneOrTwo):
    def evaluate(self, counters, is_maximizing):
        return None if counters else not is_maximizing  # "Max has won"


class Float32Scores(TakeOneOrTwo):
    score_range = (0.0, 0.3)

    def evaluate(self, counters, is_maximizing):
        return None if counters else np.float32(0.0 if is_maximizing else 0.3)


def test_a_truth_value_or_a_rounded_numpy_float_for_a_score_is_told_what_to_give():
    with pytest.raises(ValueError, match=r"; True is no score: .* \(1 if Max has won, -1 if"):
        solve(TrueForMaxsWin(), 4, False)
    said = r"gave 0.30000001192092896 .*; that is a numpy float32's rounding: give a Python float"
    with pytest.raises(ValueError, match=said):
        solve(Float32Scores(), 4)


class BelowZero(TakeOneOrTwo):
    def possible_new_states(self, counters):
        return [counters - 1, counters - 2]  # on past 0: -1, -2, ...


@pytest.mark.parametrize("method", ["minimax", "memo", "iterative"])
def test_moves_off_the_games_positions_are_named_a_long_line_down(method):
    """Play that went on below 0 ran until the budget stopped it (10 s and a gigabyte), with
    no word of the position it had reached."""
    said = (
        "BelowZero.possible_new_states led, 1,000 moves down one line of play, to -99"
        r"\d, which BelowZero.validate refuses \(not a number of counters: -99\d\): every move "
        "must lead to a position of the game"
    )
    with pytest.raises(ValueError, match=said):
        solve(BelowZero(), 4, True, method)


@pytest.mark.parametrize("search", [minimax, memoized_minimax])
def test_moves_off_the_games_positions_are_named_by_the_books_recursion_too(search):
    """The book's searches, called as notebook 03 calls them, said the game was too long to
    search by recursion: use iterative_minimax."""
    with pytest.raises(ValueError, match="BelowZero.possible_new_states led, 1,000 moves down"):
        search(BelowZero(), 4, True)


class TakesForStates(TakeOneOrTwo):
    def possible_new_states(self, counters):
        return [take for take in (1, 2) if take <= counters]  # the takes, not what is left


@pytest.mark.parametrize("method", METHODS)
def test_moves_given_for_the_states_they_lead_to_are_asked_about_at_the_cycle(method):
    said = (
        "TakesForStates has a cycle: play from 1 can come back to 1, in one move (does "
        "possible_new_states give the states the moves lead to, or the moves themselves?)"
    )
    with pytest.raises(ValueError, match=re.escape(said)):
        solve(TakesForStates(), 4, True, method)


class WithoutTheMover(TakeOneOrTwo):
    def evaluate(self, counters):  # is_maximizing left out
        return -1 if counters == 0 else None


class WithoutSelf(TakeOneOrTwo):
    def evaluate(state, is_maximizing):  # noqa: N805 (the slip itself)
        return None


class AskingTheMover(TakeOneOrTwo):
    def possible_new_states(self, counters, is_maximizing):
        return super().possible_new_states(counters)


@pytest.mark.parametrize("method", METHODS)
def test_a_method_written_with_other_arguments_is_named_with_what_a_search_passes(method):
    """Python's own words said "takes 2 positional arguments but 3 were given"."""
    said = r"WithoutTheMover.evaluate must take \(state, is_maximizing\), as every search calls "
    with pytest.raises(TypeError, match=said + r"it: WithoutTheMover.evaluate\(counters\) does"):
        solve(WithoutTheMover(), 4, True, method)
    with pytest.raises(TypeError, match=r"AskingTheMover.possible_new_states must take \(state\)"):
        solve(AskingTheMover(), 4, True, method)
    with pytest.raises(
        TypeError, match=r"WithoutSelf.evaluate\(is_maximizing\) does not \(is self missing\?\)"
    ):
        solve(WithoutSelf(), 4, True, method)


def test_a_decimal_score_range_or_score_is_told_what_to_give_instead():
    said = "Decimal('0.5') is a Decimal, which Python does not count as a real number"
    with pytest.raises(ValueError, match=re.escape(said) + r".*Fraction\(Decimal\('0.5'\)\)"):
        solve(Dag({}, {0: Decimal("0.5")}, (-1, 1)), 0)
    with pytest.raises(ValueError, match=r"score_range must be a pair .*Decimal.*: give -1$"):
        solve(Dag({}, {0: 1}, (Decimal(-1), Decimal(1))), 0)
    with pytest.raises(ValueError, match="alpha must be a number .*is a Decimal.*: give 0$"):
        star1(DICE, 0, True, Decimal(0), 1)
    for value, instead in (("Infinity", "a float"), ("NaN", "a number")):  # no Fraction of it
        with pytest.raises(ValueError, match=rf"mix with floats\): give {instead}$"):
            solve(Dag({}, {0: Decimal(value)}, (-1, 1)), 0)


class StrictAboutTheMover(TicTacToe):
    def evaluate(self, board, is_maximizing):
        if is_maximizing != (board.count("X") == board.count("O")):  # X is Max, and moves first
            raise ValueError(f"{'Min' if is_maximizing else 'Max'} is to move at {board!r}")
        return super().evaluate(board, is_maximizing)


class EmptyCellsAfterAWin(TicTacToe):
    def possible_new_states(self, board):  # the empty cells, won or not: evaluate is asked first
        return [
            board[:cell] + "XO"[board.count("X") > board.count("O")] + board[cell + 1 :]
            for cell, mark in enumerate(board)
            if mark == "."
        ]


def test_a_game_that_lists_moves_after_a_win_is_solved_where_it_is_won():
    """The check of a finished root refused any score there with a move listed: only a draw's 0,
    the slip of "nobody has won yet", is refused."""
    assert solve(EmptyCellsAfterAWin(), "XXXOO....") == -1  # O to move, X has three
    assert solve(EmptyCellsAfterAWin(), "XO.XO....") == 1


def test_a_game_that_refuses_the_player_not_to_move_is_searched_as_before():
    """The check of a finished root asked evaluate about both players, and such a game was
    refused from every position."""
    assert solve(StrictAboutTheMover(), "XO.XO....") == 1
    assert best_move(StrictAboutTheMover(), "XO.XO....") == (1, "XO.XO.X..")


# Dice: 0 -> 1, 2; 1 a chance node of one outcome; 2 of three, in float probabilities. Max to
# move at 0: 1 leads to 3, where Min takes -3, and 2 to -3, 1/2 and -3 (-1.25 on average); Min
# to move: 1 leads to 3, where Max takes 7, and 2 to -3, 1/2 and 7 (1.25 on average)
DICE = Dag(
    {0: [1, 2], 3: [5, 6], 4: [6]},
    {5: 7, 6: -3, 7: 0.5},
    (-3, 7),
    dice={1: [(Fraction(1), 3)], 2: [(0.25, 4), (0.5, 7), (0.25, 3)]},
)


@pytest.mark.parametrize("is_maximizing", [True, False])
def test_the_searches_with_dice_give_the_expected_score(is_maximizing):
    expected = reference(DICE, 0, is_maximizing)
    assert expected == (-1.25 if is_maximizing else 1.25)
    for search in (expectiminimax, memoized_expectiminimax, star1):
        assert search(DICE, 0, is_maximizing) == expected
    for alpha, beta in [(-3, 0), (0, 7), (-10, -5), (6.5, 7), (-0.5, 10)]:
        found = star1(DICE, 0, is_maximizing, alpha, beta)
        inside = alpha < found < beta and found == expected
        assert inside or (found <= alpha and expected <= found) or (beta <= found <= expected)


@pytest.mark.parametrize("method", METHODS)
def test_every_method_refuses_a_chance_node_by_name(method):
    with pytest.raises(ValueError, match="[12] is a chance node .* expectiminimax or star1"):
        solve(DICE, 0, True, method)
    with pytest.raises(ValueError, match="[12] is a chance node"):
        best_move(DICE, 0, method)


class FalseMirror(SimpleNim):
    """Simple-Nim that says a position is worth the same to either mover, yet scores its end 0
    with Max to move and +1 with Min to move (no mirror: a search from the mover's side would
    find other scores than minimax)."""

    score_depends_only_on_mover = True

    def evaluate(self, state, is_maximizing):
        return (0 if is_maximizing else 1) if state == 0 else None


@pytest.mark.parametrize("method", METHODS)
def test_every_method_refuses_a_false_mirror_naming_the_two_scores(method):
    named = r"evaluate\(0, True\) gives 0 and evaluate\(0, False\) gives 1"
    with pytest.raises(ValueError, match=f"{named}.*score_depends_only_on_mover"):
        solve(FalseMirror(), 3, True, method)


class FalseMirrorInAWideRange(FalseMirror):
    """FalseMirror, its end scored 10**12 for Max, in a score range of 10**30 and of inf: the gap
    was allowed 1e-9 of the range (1e21, and inf), so that negamax said -10**12 and minimax 0."""

    score_depends_only_on_mover = True  # a game's own word: a subclass says it again

    def __init__(self, score_range, score):
        self.score_range, self.score = score_range, score

    def evaluate(self, state, is_maximizing):
        return (self.score if is_maximizing else 0) if state == 0 else None


@pytest.mark.parametrize(
    ("score_range", "score"),
    [((-(10**30), 10**30), 10**12), ((-(10**30), 10**30), 5.0), ((-math.inf, math.inf), 5.0)],
)
@pytest.mark.parametrize("method", ["memo", "negamax"])
def test_a_false_mirror_is_refused_in_a_range_of_any_width(method, score_range, score):
    game = FalseMirrorInAWideRange(score_range, score)
    with pytest.raises(ValueError, match="score_depends_only_on_mover"):
        solve(game, 3, True, method)


class NearlyMirrored(FalseMirror):
    """FalseMirror whose end scores `score` for Max with Max to move and, with Min to move, its
    mirror in the range moved by `gap`: 400 off at 5 * 10**11 passed as rounding (1e-9 of the
    score), and negamax answered the mirror, the other methods the game's own score."""

    score_depends_only_on_mover = True  # a game's own word: a subclass says it again

    def __init__(self, score_range, score, gap):
        self.score_range, self.score, self.gap = score_range, score, gap

    def evaluate(self, state, is_maximizing):
        if state != 0:
            return None
        low, high = self.score_range
        mirror = -self.score if low == -high else low + high - self.score
        return self.score if is_maximizing else mirror + self.gap


@pytest.mark.parametrize(
    ("score_range", "score", "gap"),
    [((-1e12, 1e12), 5e11, 400.0), ((0.0, 1e12), 7e11, 400.0), ((-1.0, 1.0), 0.4, 1e-16)],
)
@pytest.mark.parametrize("method", ["memo", "negamax"])
def test_a_mirror_off_by_more_than_rounding_is_refused(method, score_range, score, gap):
    """In a range symmetric about 0 the mirror, -score, is exact: a float step off is refused,
    and told to negate the score."""
    game = NearlyMirrored(score_range, score, gap)
    exactly = "-score exactly: negate the score" if gap < 1 else "score_depends_only_on_mover"
    with pytest.raises(ValueError, match=exactly):
        solve(game, 3, True, method)


class MirroredInFloats(Game):
    """From 0 one move to 1, over and worth 0.7 to the player to move, in the range (0.1, 0.7):
    with Min to move Max's score is the mirror, low + high - score, as base.py says, which floats
    round to 0.09999999999999998, a step below the range. The game was refused for it."""

    score_range = (0.1, 0.7)
    score_depends_only_on_mover = True

    def possible_new_states(self, state):
        return [1] if state == 0 else []

    def evaluate(self, state, is_maximizing):
        if state == 0:
            return None
        low, high = self.score_range
        return 0.7 if is_maximizing else low + high - 0.7

    def validate(self, state):
        return state


@pytest.mark.parametrize("method", METHODS)
def test_a_mirror_rounded_past_an_end_of_the_range_is_that_end(method):
    assert solve(MirroredInFloats(), 0, True, method) == 0.1
    assert best_move(MirroredInFloats(), 0, method) == (0.1, 1)


class OnePastTheTop(MirroredInFloats):
    """MirroredInFloats scoring its end 0.1 * 10 + 2.3e-16, a step past the top of (0.0, 1.0), for
    either mover: no mirror rounded it there, and a game not worth the same to either mover has
    no mirror to round."""

    score_range = (0.0, 1.0)
    score_depends_only_on_mover = False

    def evaluate(self, state, is_maximizing):
        return None if state == 0 else sum([0.1] * 10) + 2.3e-16


def test_a_score_a_step_past_the_range_is_refused_where_no_mirror_rounded_it():
    with pytest.raises(ValueError, match=r"gave 1.0000000000000002 at state 1: a score must be"):
        solve(OnePastTheTop(), 0)


class Unranged(Game):
    """Max's moves: x, whose two leaves score 1, or y, whose one leaf scores 7; and no
    score_range. With (-1, 1) taken for granted, the searches that prune cut y off once x reached
    1, the top of that range, and answered 1 (minimax refused the 7 it met)."""

    MOVES = {"start": ["x", "y"], "x": ["x1", "x2"], "y": ["y1"]}

    def possible_new_states(self, state):
        return self.MOVES.get(state, [])

    def evaluate(self, state, is_maximizing):
        return {"x1": 1, "x2": 1, "y1": 7}.get(state)

    def validate(self, state):
        return state


@pytest.mark.parametrize("method", METHODS)
def test_every_method_refuses_a_game_that_declares_no_score_range(method):
    with pytest.raises(ValueError, match=r"^Unranged declares no score_range: give the class"):
        solve(Unranged(), "start", True, method)
    with pytest.raises(ValueError, match="declares no score_range"):
        best_move(Unranged(), "start", method)


class FalseMirrorWithAPass(Game):
    """Take 2 or 3 counters; with 1 left Max must pass (a move to the same state) and Min has
    lost: over for one player to move only, so not worth the same to either, as it says."""

    score_range = (-1, 1)

    score_depends_only_on_mover = True

    def possible_new_states(self, counters):
        return [1] if counters == 1 else [counters - take for take in (2, 3) if take <= counters]

    def evaluate(self, counters, is_maximizing):
        if counters == 1 and not is_maximizing:
            return 1
        return (-1 if is_maximizing else 1) if counters == 0 else None

    def validate(self, counters):
        return counters


@pytest.mark.parametrize("method", METHODS)
def test_every_method_names_a_false_mirror_where_play_passes_not_a_cycle(method):
    """A method that meets 1 counter with Max to move names the false claim, not a cycle; one that
    proves the score without meeting it (a newcomer's deepening did) gives it exactly: -1, each
    move leaving Min a move to 0 counters with Max to move."""
    named = r"evaluate\(1, True\) gives None and evaluate\(1, False\) gives 1"
    try:
        score = solve(FalseMirrorWithAPass(), 5, True, method)
    except ValueError as error:
        assert re.search(f"{named}.*score_depends_only_on_mover", str(error)), error
    else:
        assert score == -1


class FalseMirrorInWords(FalseMirror):
    """The false mirror whose score with Min to move is not even a number."""

    score_depends_only_on_mover = True

    def evaluate(self, state, is_maximizing):
        return (-1 if is_maximizing else "won") if state == 0 else None


def test_a_mirror_that_is_no_number_is_named_not_a_raw_error():
    with pytest.raises(ValueError, match="FalseMirrorInWords.evaluate gave .won. at state 0"):
        solve(FalseMirrorInWords(), 3, False, "minimax")


class ForgottenReturn(SimpleNim):
    """Simple-Nim whose canonical form forgets its `return`: every state would share one entry
    of a table."""

    def canonical(self, state):
        state + 0


@pytest.mark.parametrize("method", METHODS)
def test_a_canonical_that_gives_none_is_named_by_every_method_that_keeps_a_table(method):
    try:
        score = solve(ForgottenReturn(), 7, True, method)
    except ValueError as error:
        assert "ForgottenReturn.canonical gave None for state" in str(error)
    else:  # a method with no table never asks for the canonical form
        assert score == solve(SimpleNim(), 7, True, "minimax")


class Counters:
    """A count of counters as a state of a class of its own: equal and hashed by its count, which
    can change."""

    def __init__(self, count: int) -> None:
        self.count = count

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Counters) and other.count == self.count

    def __hash__(self) -> int:
        return hash(self.count)

    def __lt__(self, other: "Counters") -> bool:
        return self.count < other.count

    def __repr__(self) -> str:
        return f"Counters({self.count})"


class TakesInPlace(Game):
    """Take 1 or 2, whoever takes the last counter wins; its moves also take one counter from the
    state they were given, in place: tables that keep that state lose it (memo said -1 from 4, a
    win, and best_move raised a KeyError from inside its budget)."""

    score_range = (-1, 1)

    def possible_new_states(self, state):
        moves = [Counters(state.count - take) for take in (1, 2) if take <= state.count]
        state.count = max(state.count - 1, 0)
        return moves

    def evaluate(self, state, is_maximizing):
        return (-1 if is_maximizing else 1) if state.count == 0 else None

    def validate(self, state):
        return state


@pytest.mark.parametrize("method", METHODS)
def test_every_method_refuses_moves_that_change_the_state_they_were_given(method):
    named = "TakesInPlace.possible_new_states changed the state it was given"
    for count in (4, 5, 6, 7):
        with pytest.raises(ValueError, match=named):
            solve(TakesInPlace(), Counters(count), True, method)
        with pytest.raises(ValueError, match=named):
            best_move(TakesInPlace(), Counters(count), method)


class SetOfMoves(Game):
    """Take 1 or 2, whoever takes the last counter wins; its moves given as a set (or a frozenset),
    whose order the contract leaves open (a set of strings comes in another order from run to
    run, and so would the moves a search tries and draws)."""

    score_range = (-1, 1)

    def __init__(self, kind: type) -> None:
        self.kind = kind

    def possible_new_states(self, state):
        return self.kind(state - take for take in (1, 2) if take <= state)

    def evaluate(self, state, is_maximizing):
        return (-1 if is_maximizing else 1) if state == 0 else None

    def validate(self, state):
        return state


@pytest.mark.parametrize("kind", [set, frozenset])
@pytest.mark.parametrize("method", METHODS)
def test_every_method_refuses_moves_given_as_a_set(method, kind):
    named = rf"SetOfMoves.possible_new_states gave .* \({kind.__name__}\) at state 3: .* not a set"
    with pytest.raises(TypeError, match=named):
        solve(SetOfMoves(kind), 3, True, method)


class RefilledList(Game):
    """A game that gives one list, emptied and refilled, at every call: the search of a position
    above iterated it while the one below refilled it (every method gave -2 for 3, best_move
    moved to 3)."""

    score_range = (-3, 3)

    def __init__(self) -> None:
        self.moves = []

    def possible_new_states(self, state):
        self.moves.clear()
        self.moves.extend(state + step for step in (1, 2, 3) if state < 6)
        return self.moves

    def evaluate(self, state, is_maximizing):
        return state % 7 - 3 if state >= 6 else None

    def validate(self, state):
        return state


@pytest.mark.parametrize("method", METHODS)
def test_every_method_searches_a_game_that_refills_one_list_of_moves(method):
    assert solve(RefilledList(), 0, True, method) == solve(RefilledList(), 0, False, method) == 3
    assert best_move(RefilledList(), 0, method) == (3, 3)


class NoneAtTheEnd(Game):
    """A game whose finished state is None: Max, at 1, chooses between None (33) and 2 (0);
    deepening took None for "no move yet", and answered 0."""

    score_range = (0, 100)

    def possible_new_states(self, state):
        return {0: [1], 1: [None, 2]}[state]

    def evaluate(self, state, is_maximizing):
        return 33 if state is None else 0 if state == 2 else None

    def validate(self, state):
        return state


class NoneBesideADraw(NoneAtTheEnd):
    """From 1, two draws: 2, then None, states that cannot be compared (best_move keeps their
    order); None went first, taken for "no move found yet to try first"."""

    def evaluate(self, state, is_maximizing):
        return 0 if state in (None, 2) else None

    def possible_new_states(self, state):
        return {0: [1], 1: [2, None]}[state]


@pytest.mark.parametrize("method", METHODS)
def test_every_method_takes_none_for_a_state_like_any_other(method):
    assert solve(NoneAtTheEnd(), 0, False, method) == solve(NoneAtTheEnd(), 1, True, method) == 33
    assert best_move(NoneAtTheEnd(), 1, method) == (33, None)
    assert best_move(NoneBesideADraw(), 1, method) == (0, 2)


def test_a_score_range_of_one_score_is_told_to_give_a_range_around_it():
    """(4, 4) was told only that a range goes from low to high, for a game whose every end scores
    4, where nothing tells what to give instead."""

    class OneScore(SimpleNim):
        score_range = (4, 4)

    with pytest.raises(ValueError, match=r"give a range around it, such as \(3, 5\)"):
        solve(OneScore(), 3)
