"""The engine (method "deepening"), round two: exact where it says so, estimates below proven
results.

Issue 33's correctness cases (a finished board, anytime exactness, estimates against proven wins)
and issue 36's limits that live in the engine (endless moves, huge scores, a depth past the end).
"""

from __future__ import annotations

import random
from fractions import Fraction
from math import inf

import pytest

from nimlib import (
    ConnectFour,
    Game,
    Nim,
    ScoredNim,
    SearchBudgetExceeded,
    SearchStats,
    best_move,
    solve,
)
from nimlib.engine.deepening import deepening

GAME = ConnectFour()
WIN_AT_ONCE = "4633357162414477323513721522215716647655"  # 40 stones: X wins at once in column 4
UNLIMITED = {"max_calls": None, "max_seconds": None, "max_bytes": None}


def late_positions(count: int, stones: int, seed: int = 33) -> list:
    """`count` random positions of 7x6 Connect Four with `stones` stones on which play goes on."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        state = GAME.start()
        for _ in range(stones):
            moves = GAME.possible_new_states(state)
            if not moves:
                break
            state = rng.choice(moves)
        if GAME.evaluate(state, True) is None and GAME.stones(state) == stones:
            found.append(state)
    return found


def test_a_finished_board_is_scored_as_it_is():
    state = GAME.from_moves(WIN_AT_ONCE)
    finished = GAME.play(state, 4)
    assert GAME.evaluate(finished, True) == -1, "the player to move (O) has lost"
    assert solve(GAME, finished, True, "deepening") == -1
    assert solve(GAME, finished, False, "deepening") == 1
    assert best_move(GAME, state, "deepening") == (1, finished)
    stats = SearchStats()
    assert best_move(GAME, state, "deepening", stats, anytime=True) == (1, finished) and stats.exact


def test_late_positions_with_a_win_at_once_are_scored_exactly_at_the_root_and_below():
    for state in late_positions(40, 36):
        exact = solve(GAME, state, method="negamax")
        assert solve(GAME, state, method="deepening") == exact
        score, new_state = best_move(GAME, state, "deepening")
        assert score == exact and solve(GAME, new_state, False, "negamax") == exact, (
            "the move keeps it"
        )


def anytime_is_right_where_exact(game: ScoredNim, max_calls: int) -> bool:
    """Whether best_move(anytime=True) within `max_calls` is right about the score if it says it is
    exact."""
    stats = SearchStats(max_calls=max_calls, max_seconds=None)
    try:
        score, new_state = best_move(game, game.start(), "deepening", stats, anytime=True)
    except SearchBudgetExceeded:  # not even the first iteration finished
        return True
    exact = solve(game, game.start(), method="memo")
    return not stats.exact or (score == exact and solve(game, new_state, False, "memo") == exact)


@pytest.mark.slow
def test_anytime_mode_never_calls_an_estimate_exact():
    """The first game was called exact with -11 (its score is -18): an iteration answered from the
    entries of a shallower one, met at another depth, did not know it rested on estimates."""
    assert anytime_is_right_where_exact(ScoredNim((4, -3, 8, -3, -8, -7, 0, -7), (3, 1)), 390)
    rng = random.Random(1)
    for _ in range(1_000):
        values = tuple(rng.randint(-9, 9) for _ in range(rng.randint(5, 12)))
        game = ScoredNim(values, tuple(rng.sample((1, 2, 3), rng.randint(2, 3))))
        assert anytime_is_right_where_exact(game, rng.randint(5, 400)), game


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_a_depth_limited_search_is_depth_limited_minimax_and_prefers_a_proven_win(depth):
    for state in late_positions(15, 30, seed=depth):
        limited = solve(GAME, state, method="memo", depth=depth)
        assert solve(GAME, state, method="deepening", depth=depth) == pytest.approx(limited)
        won = GAME.win_at_once(state)
        if won is not None:
            score, new_state = best_move(GAME, state, "deepening", depth=depth)
            assert score == GAME.win_score(30) and GAME.has_won(new_state)


def test_estimates_lie_strictly_between_a_proven_loss_and_a_proven_win():
    for state in late_positions(200, 12, seed=5) + late_positions(100, 30, seed=6):
        assert -1 < GAME.estimate(state, True) < 1


def test_a_depth_past_the_end_stops_deepening_once_an_iteration_met_no_horizon():
    game = ConnectFour(4, 4)
    state = game.from_moves("1212343421")
    stats = SearchStats(max_seconds=5)
    assert solve(game, state, method="deepening", depth=10**9, stats=stats) == solve(
        game, state, method="negamax"
    )
    assert stats.calls < 1_000


def test_anytime_with_depth_zero_looks_one_move_ahead():
    state = GAME.from_moves("4453")
    assert best_move(GAME, state, "deepening", anytime=True, depth=0) == best_move(
        GAME, state, "deepening", anytime=True, depth=1
    )


class HugeNim(Nim):
    """Nim scored 10**400 for Max's win and 0 for Max's loss: too large for a float."""

    score_range = (0, 10**400)
    score_depends_only_on_mover = False  # Max's win is worth 10**400 to Max, Min's win 0

    def evaluate(self, state: tuple, is_maximizing: bool) -> int | None:
        score = super().evaluate(state, is_maximizing)
        return None if score is None else (score + 1) * 10**400 // 2

    def estimate(self, state: tuple, is_maximizing: bool) -> int:
        return 10**400 // 3


@pytest.mark.parametrize("piles", [(1, 2), (1, 2, 3), (2, 3, 4)])
def test_scores_too_large_for_a_float_are_narrowed_as_whole_numbers(piles):
    game = HugeNim()
    for is_maximizing in (True, False):
        exact = solve(game, piles, is_maximizing, method="memo")
        assert deepening(game, piles, is_maximizing) == exact
        limited = solve(game, piles, is_maximizing, method="memo", depth=3)
        assert solve(game, piles, is_maximizing, method="deepening", depth=3) == limited


class ThirdOfAHugeRange(Game):
    """Max chooses between 1/3 at once and 1/3 a move later, in a range too large for a float."""

    score_range = (0, 10**400)

    def possible_new_states(self, state: str) -> list[str]:
        return {"A": ["B", "C"], "C": ["D"]}.get(state, [])

    def evaluate(self, state: str, is_maximizing: bool) -> Fraction | None:
        return {"B": Fraction(1, 3), "D": Fraction(1, 3)}.get(state)

    def validate(self, state: object) -> str:
        return state


@pytest.mark.parametrize("range_end", [10**400, 2**1100, 1], ids=["10**400", "2**1100", "1"])
def test_scores_that_are_not_whole_in_a_huge_range_are_narrowed_to_the_end(range_end):
    game = ThirdOfAHugeRange()
    game.score_range = (0, range_end)
    stats = SearchStats(max_calls=10_000)  # the null windows once went round for ever here
    # 1/3 is a loss for Max (below the middle of the range): the longest defence, "C"
    assert best_move(game, "A", "deepening", stats) == (Fraction(1, 3), "C")
    assert best_move(game, "A", "memo") == (Fraction(1, 3), "C")


class OneMoreThanHuge(ThirdOfAHugeRange):
    """Max chooses between 10**400 and 10**400 + 1 (or their negatives), in a range with an
    infinite end."""

    def evaluate(self, state: str, is_maximizing: bool) -> int | None:
        sign = 1 if self.score_range[1] == inf else -1
        return {"B": sign * 10**400, "D": sign * (10**400 + 1)}.get(state)


@pytest.mark.parametrize("score_range", [(0, inf), (-inf, 0), (-inf, inf)])
def test_whole_scores_beyond_floats_are_narrowed_towards_an_infinite_end(score_range):
    game = OneMoreThanHuge()
    game.score_range = score_range
    for is_maximizing in (True, False):
        exact = solve(game, "A", is_maximizing, method="memo")
        assert solve(game, "A", is_maximizing, method="deepening") == exact


def test_the_weak_solver_says_win_draw_or_loss():
    for state in late_positions(20, 30, seed=9):
        exact = solve(GAME, state, method="deepening")
        weak = deepening(GAME, state, alpha=-1, beta=1)
        assert (weak > 0) == (exact > 0) and (weak < 0) == (exact < 0)
