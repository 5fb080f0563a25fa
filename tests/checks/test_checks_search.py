"""The checks of notebooks 04 (memoization) and 05 (alpha-beta): right answers pass, wrong ones are
caught."""

import re
from functools import cache
from math import inf
from pathlib import Path

import nbformat

from nimlib import Nim, alphabeta, memoized_minimax, minimax
from nimlib.checks.memo import check_canonical, check_memoized_minimax
from nimlib.checks.pruning import check_alphabeta
from nimlib.checks.trial_games import AtMost


def memo_minimax(game, state, is_maximizing, memo=None):
    """A right memoized minimax: the memo is keyed by state and player, and belongs to one
    search."""
    memo = {} if memo is None else memo
    if (state, is_maximizing) not in memo:
        score = game.evaluate(state, is_maximizing)
        if score is None:
            scores = [
                memo_minimax(game, new, not is_maximizing, memo)
                for new in game.possible_new_states(state)
            ]
            score = max(scores) if is_maximizing else min(scores)
        memo[state, is_maximizing] = score
    return memo[state, is_maximizing]


@cache
def cached_minimax(game, state, is_maximizing):
    """A right memoized minimax with functools.cache: the game is part of the key."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    scores = [
        cached_minimax(game, new, not is_maximizing) for new in game.possible_new_states(state)
    ]
    return max(scores) if is_maximizing else min(scores)


def state_only_memo(game, state, is_maximizing, memo=None):
    """A wrong memo: it forgets who is to move."""
    memo = {} if memo is None else memo
    if state not in memo:
        score = game.evaluate(state, is_maximizing)
        if score is None:
            scores = [
                state_only_memo(game, new, not is_maximizing, memo)
                for new in game.possible_new_states(state)
            ]
            score = max(scores) if is_maximizing else min(scores)
        memo[state] = score
    return memo[state]


SHARED_MEMO = {}


def memo_shared_by_all_games(game, state, is_maximizing):
    """A wrong memo: one dict for every game, so the answers of one game leak into another."""
    return memo_minimax(game, state, is_maximizing, SHARED_MEMO)


def test_check_memoized_minimax_passes_right_memos():
    assert check_memoized_minimax(memo_minimax).ok
    assert check_memoized_minimax(cached_minimax).ok
    assert check_memoized_minimax(
        lambda game, state, is_max: memoized_minimax(game, state, is_max)
    ).ok


def test_check_memoized_minimax_catches_no_memo_and_wrong_keys():
    plain = check_memoized_minimax(minimax)
    assert plain.passed == 10 and len(plain.failures) == 4
    assert (
        "gave (1, 6872), expected (1, at most 28 (one per position and player to move))"
        in plain.failures[0]
    )
    assert not check_memoized_minimax(state_only_memo).ok
    assert not check_memoized_minimax(memo_shared_by_all_games).ok


def test_check_memoized_minimax_reports_the_skeleton():
    result = check_memoized_minimax(lambda game, state, is_maximizing: None)
    assert result.passed == 0 and repr(result).startswith(
        "✘ check_memoized_minimax: 14 of 14 cases wrong:"
    )


def test_check_canonical_passes_sorted_nonempty_piles_either_way():
    assert check_canonical(Nim().canonical).ok
    assert check_canonical(
        lambda piles: tuple(sorted((pile for pile in piles if pile), reverse=True))
    ).ok


def test_check_canonical_catches_keys_that_are_too_fine_too_coarse_or_unhashable():
    assert not check_canonical(lambda piles: piles).ok
    assert not check_canonical(lambda piles: tuple(sorted(piles))).ok
    assert not check_canonical(lambda piles: sum(piles)).ok
    unhashable = check_canonical(lambda piles: sorted(pile for pile in piles if pile))
    assert "raised TypeError: unhashable type: 'list'" in unhashable.failures[0]


def test_check_alphabeta_passes_alphabeta_in_any_move_order():
    assert check_alphabeta(alphabeta).ok
    assert check_alphabeta(
        lambda game, state, is_max, alpha=-1, beta=1: alphabeta(game, state, is_max, alpha, beta)
    ).ok

    def fewest_first(game, state, is_maximizing, alpha=-1, beta=1):
        return alphabeta(game, state, is_maximizing, alpha, beta, order=lambda new_state: new_state)

    assert check_alphabeta(fewest_first).ok


def test_check_alphabeta_catches_no_pruning_and_wrong_pruning():
    plain = check_alphabeta(
        lambda game, state, is_maximizing, alpha=-1, beta=1: minimax(game, state, is_maximizing)
    )
    assert not plain.ok and all("positions expanded" in failure for failure in plain.failures)
    assert "fewer than the" in plain.failures[0]

    def stops_too_early(game, state, is_maximizing, alpha=-1, beta=1):
        score = game.evaluate(state, is_maximizing)
        if score is not None:
            return score
        first = next(iter(game.possible_new_states(state)))
        return stops_too_early(game, first, not is_maximizing, alpha, beta)

    assert not check_alphabeta(stops_too_early).ok


def test_check_alphabeta_catches_a_memo_without_pruning():
    def memo_without_pruning(game, state, is_maximizing, alpha=-1, beta=1):
        return memo_minimax(game, state, is_maximizing)

    for function in (
        memo_without_pruning,
        lambda game, state, is_max, alpha=-1, beta=1: memoized_minimax(game, state, is_max),
    ):
        result = check_alphabeta(function)
        assert not result.ok and all("positions expanded" in failure for failure in result.failures)
        assert "where no position repeats" in result.failures[0]


def test_check_alphabeta_passes_the_worked_solution_of_notebook_05():
    notebook = nbformat.read(
        Path(__file__).resolve().parents[2] / "notebooks" / "05_alphabeta.ipynb", as_version=4
    )
    solutions = [
        cell.source
        for cell in notebook.cells
        if "<details>" in cell.source and "my_alphabeta" in cell.source
    ]
    code = re.search(r"```python\n(.*?)```", solutions[0], re.DOTALL).group(1)
    namespace = {"inf": inf, "check_alphabeta": check_alphabeta}
    exec(code, namespace)
    assert check_alphabeta(namespace["my_alphabeta"]).ok


def test_at_most_matches_every_count_up_to_its_limit():
    limit = AtMost(3, "three")
    assert [answer == limit for answer in (0, 3, 4, None, "3")] == [True, True, False, False, False]
    answers = [(1, 2), (1, 4)]
    assert [answer == (1, limit) for answer in answers] == [True, False]
    assert repr(AtMost(1_000, "a thousand")) == "at most 1,000 (a thousand)"


def test_the_full_window_case_runs_with_infinite_bounds():
    assert alphabeta(Nim(), (2, 2, 3), True, -inf, inf) == minimax(Nim(), (2, 2, 3))
