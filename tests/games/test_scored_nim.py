"""Scored Nim: margins instead of wins, checked against a direct recursion, and alpha-beta's bounds
at work."""

from functools import cache
from itertools import product
from math import inf

import pytest

from nimlib import METHODS, SearchStats, alphabeta, game_tree, memoized_minimax, minimax, solve
from nimlib.games.scored_nim import ScoredNim


def best_margin(values, takes):
    """The margin the player to move can force over the other from the whole row, by a direct
    recursion."""

    @cache
    def margin(left):
        options = [
            sum(values[left - take : left]) - margin(left - take) for take in takes if take <= left
        ]
        return max(options) if options else 0

    return margin(len(values))


def test_the_rules_take_from_the_end_and_hand_the_lead_over():
    game = ScoredNim()
    assert game.start() == (8, 0) and game.score_range == (-31, 31)
    assert game.possible_new_states((8, 0)) == [(5, -17), (6, -8), (7, -6)]  # 9+2+6, 2+6, 6
    assert game.possible_new_states((2, 4)) == [(0, -8), (1, -5)]
    assert game.evaluate((0, 4), True) == 4 and game.evaluate((0, 4), False) == -4
    assert game.evaluate((1, 4), True) is None
    assert game.describe_move((8, 0), (5, -17)) == "take 3 worth 17"
    assert game.row((5, -17)) == "3 1 4 1 5"


@pytest.mark.parametrize(
    "values", [(3, 1, 4, 1, 5, 9, 2, 6), (5, -2, 7, 0, 1), (1,) * 9, (9, 1, 9, 1, 9, 1, 9)]
)
@pytest.mark.parametrize("takes", [(3, 2, 1), (1, 2, 3), (1, 2), (2, 3)])
def test_minimax_finds_the_best_margin_of_a_direct_recursion(values, takes):
    game = ScoredNim(values, takes)
    expected = best_margin(values, takes)
    assert minimax(game, game.start(), True) == expected
    assert minimax(game, game.start(), False) == -expected
    assert memoized_minimax(game, game.start(), True) == expected


def test_a_position_is_worth_the_same_to_whoever_is_to_move():
    game = ScoredNim((4, 1, 3, 1, 5, 2))
    assert game.score_depends_only_on_mover
    for left, lead in product(range(7), range(-16, 17)):
        if abs(lead) <= sum(game.values[left:]):  # no more lead than points already taken
            assert minimax(game, (left, lead), True) == -minimax(game, (left, lead), False)


def test_alphabeta_visits_far_fewer_nodes_than_minimax():
    game = ScoredNim()
    plain, pruning = SearchStats(), SearchStats()
    assert minimax(game, game.start(), True, plain) == 11
    assert alphabeta(game, game.start(), True, *game.score_range, stats=pruning) == 11
    print(f"ScoredNim from {game.start()}: minimax {plain.calls} nodes, alpha-beta {pruning.calls}")
    assert (plain.calls, pruning.calls) == (177, 26)
    slow_order = ScoredNim(takes=(1, 2, 3))
    assert (
        alphabeta(
            slow_order, slow_order.start(), True, *slow_order.score_range, stats=SearchStats()
        )
        == 11
    )


def test_cutoffs_come_from_bounds_set_further_up():
    game = ScoredNim((3, 1, 4, 1, 5, 9, 2, 6, 5, 3), takes=(1, 2, 3))
    tree = game_tree(game, game.start(), alphabeta=True, alpha=-inf, beta=inf, max_nodes=2_000)
    parent = {child: node for node in tree for child in node.children}
    deep = [
        node
        for node in tree
        if node.visited
        and any(child.pruned for child in node.children)
        and node in parent
        and parent[node] in parent
        and (
            node.alpha == parent[node].alpha
            if not node.is_maximizing
            else node.beta == parent[node].beta
        )
        and abs(node.alpha if not node.is_maximizing else node.beta) != inf
    ]
    assert len(deep) >= 3, [node.state for node in deep]
    assert (
        len({node.score for node in tree if node.visited}) > 10
    )  # scores vary: real bounds, not just -1 and +1


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"values": ()}, "values must be a non-empty tuple"),
        ({"values": (1, "x")}, "each of values must be a whole number"),
        ({"values": (1, 5000)}, "too large"),
        ({"takes": (0, 1)}, "each of takes must be at least 1"),
        ({"takes": (1, 1)}, "must not repeat"),
    ],
)
def test_bad_settings_are_refused(arguments, message):
    with pytest.raises(ValueError, match=message):
        ScoredNim(**arguments)


def test_bad_states_are_refused():
    game = ScoredNim()
    assert game.validate([3, -2]) == (3, -2)
    with pytest.raises(ValueError, match=r"a pair \(left, lead\) such as \(8, 0\)"):
        game.validate(8)
    with pytest.raises(ValueError, match="left = 9 is too large"):
        game.validate((9, 0))
    with pytest.raises(ValueError, match=r"lead \(with 3 counters left\) must be at least -23"):
        game.validate((3, -24))
    with pytest.raises(
        ValueError, match=r"lead \(with 8 counters left\) = 1 is too large: at most 0"
    ):
        game.validate((8, 1))
    assert game.validate((3, 23)) == (3, 23)


def test_every_method_gives_the_minimax_score():
    """Runs once the core contract (score ranges as alpha-beta's default window) is merged."""
    for game in (ScoredNim(), ScoredNim((5, -2, 7, 0, 1, 8, 3), (1, 2, 3))):
        for is_maximizing in (True, False):
            expected = minimax(game, game.start(), is_maximizing)
            for method in METHODS:
                assert solve(game, game.start(), is_maximizing, method=method) == expected, (
                    method,
                    is_maximizing,
                )
    assert alphabeta(ScoredNim(), ScoredNim().start()) == 11


@pytest.mark.parametrize(
    "state, problem",
    [
        ("", r"the state must be a pair \(left, lead\)"),
        ({}, r"the state must be a pair \(left, lead\)"),
        ((9, 0), "left = 9 is too large: at most 8 is allowed"),
        ((-1, 0), "left must be at least 0, not -1"),
    ],
)
def test_the_row_of_a_state_the_game_cannot_have_is_refused(state, problem):
    with pytest.raises(ValueError, match=problem):
        ScoredNim().row(state)
