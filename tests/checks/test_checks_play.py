"""The checks of notebooks 06 (exploring the search) and 07 (playing, a look ahead): right passes,
wrong is caught."""

from flat_text import flat

from nimlib import memoized_minimax
from nimlib.checks import (
    check_depth_limited,
    check_visited_states,
    check_window_after,
    check_winning_moves,
)


def visited_states(tree, k):
    """Right: the visit order, which leaves out what alpha-beta cut off."""
    return [node.state for node in tree.visit_order[:k]]


def drawn_states(tree, k):
    """Wrong: the order of the drawing, pruned nodes included."""
    return [node.state for node in tree][:k]


def test_check_visited_states():
    assert check_visited_states(visited_states).ok
    result = check_visited_states(drawn_states)
    assert not result.ok and "game_tree(SimpleNim(), 5, alphabeta=True)" in flat(result)


def window_after(alpha, beta, is_maximizing, scores):
    """Right: Max raises alpha, Min lowers beta."""
    for score in scores:
        if is_maximizing:
            alpha = max(alpha, score)
        else:
            beta = min(beta, score)
    return alpha, beta


def window_swapped(alpha, beta, is_maximizing, scores):
    """Wrong: Max lowers beta and Min raises alpha."""
    return window_after(alpha, beta, not is_maximizing, scores)


def test_check_window_after():
    assert check_window_after(window_after).ok
    assert not check_window_after(window_swapped).ok


def winning_moves(game, state):
    """Right: the moves after which the opponent, to move, loses."""
    return [
        new for new in game.possible_new_states(state) if memoized_minimax(game, new, False) == 1
    ]


def losing_moves(game, state):
    """Wrong: the score read from the wrong side."""
    return [
        new for new in game.possible_new_states(state) if memoized_minimax(game, new, True) == 1
    ]


def test_check_winning_moves():
    assert check_winning_moves(winning_moves).ok
    assert not check_winning_moves(losing_moves).ok


def look_ahead(game, state, depth, is_maximizing, guess):
    """Right: a finished game scores exactly; at depth 0 the guess; otherwise minimax one level
    down."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    if depth == 0:
        return guess(state, is_maximizing)
    scores = [
        look_ahead(game, new, depth - 1, not is_maximizing, guess)
        for new in game.possible_new_states(state)
    ]
    return max(scores) if is_maximizing else min(scores)


def guess_even_at_the_end(game, state, depth, is_maximizing, guess):
    """Wrong: at depth 0 it guesses even when the game is over."""
    if depth == 0:
        return guess(state, is_maximizing)
    return look_ahead(game, state, depth, is_maximizing, guess)


def test_check_depth_limited():
    assert check_depth_limited(look_ahead).ok
    result = check_depth_limited(guess_even_at_the_end)
    assert not result.ok and "(0, 0), 0, True, more_counters_for_max" in flat(result)
