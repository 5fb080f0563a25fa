"""Every search method of the registry against a minimax written here from the Game contract
alone, on positions of 4 x 4 Connect Four: the exact score, the depth-limited score (the game's
estimate at the horizon) and best_move's choice (the engine's Connect Four hints are checked
only by agreeing with it)."""

import random
from math import inf

import pytest

from nimlib import ConnectFour, best_move, solve
from nimlib.methods import REGISTRY

GAME = ConnectFour(4, 4)


def positions(stones: int, count: int, seed: int) -> list:
    """`count` positions reached by random moves with `stones` stones on which play goes on."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        state = GAME.start()
        while GAME.stones(state) < stones and GAME.possible_new_states(state):
            state = rng.choice(GAME.possible_new_states(state))
        if GAME.stones(state) == stones and GAME.evaluate(state, True) is None:
            found.append(state)
    return found


def minimax(state: tuple, is_maximizing: bool, depth: float = inf) -> float:
    """The score for Max, `depth` moves ahead (the estimate there), by the rules alone."""
    score = GAME.evaluate(state, is_maximizing)
    if score is not None:
        return score
    if depth == 0:
        return GAME.estimate(state, is_maximizing)
    scores = [minimax(new, not is_maximizing, depth - 1) for new in GAME.possible_new_states(state)]
    return max(scores) if is_maximizing else min(scores)


# the middle of the game, and its end, where a search's bounds on the score close in
SAMPLE = positions(8, 6, seed=3) + positions(12, 10, seed=4)


@pytest.mark.parametrize("method", sorted(REGISTRY))
def test_every_method_gives_the_score_by_the_rules_to_the_end_and_a_few_moves_ahead(method):
    for state in SAMPLE:
        for is_maximizing in (True, False):
            for depth in (None, 1, 2, 3):
                expected = minimax(state, is_maximizing, inf if depth is None else depth)
                found = solve(GAME, state, is_maximizing, method, depth=depth)
                assert found == pytest.approx(expected, abs=1e-12), (state, is_maximizing, depth)


@pytest.mark.parametrize("method", sorted(REGISTRY))
def test_best_move_reaches_the_best_score_by_the_rules(method):
    for state in SAMPLE:
        is_maximizing = GAME.stones(state) % 2 == 0
        sign = 1 if is_maximizing else -1
        scores = {
            new: sign * minimax(new, not is_maximizing) for new in GAME.possible_new_states(state)
        }
        score, new_state = best_move(GAME, state, method, is_maximizing=is_maximizing)
        assert score == max(scores.values()) == scores[new_state], state
