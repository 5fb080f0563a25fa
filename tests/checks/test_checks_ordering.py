"""The checks of notebook 10 accept right solutions in two styles and reject five kinds of wrong ones each."""

import math

import pytest

from nimlib.checks import check_best_case_leaves, check_move_order


def leaves_by_rounding(branching, depth):
    return branching ** math.ceil(depth / 2) + branching ** math.floor(depth / 2) - 1


def leaves_by_halves(branching, depth):
    up, down = (depth + 1) // 2, depth // 2
    return branching**up + branching**down - 1


WRONG_LEAVES = {
    "every leaf": lambda b, d: b**d,
    "both halves rounded down": lambda b, d: 2 * b ** (d // 2) - 1,
    "a float": lambda b, d: b ** (d / 2) + b ** (d / 2) - 1,
    "no minus one": lambda b, d: b ** ((d + 1) // 2) + b ** (d // 2),
    "half the leaves": lambda b, d: b**d // 2,
    "nothing yet": lambda b, d: None,
}


@pytest.mark.parametrize("right", [leaves_by_rounding, leaves_by_halves])
def test_right_counts_of_the_best_case_pass(right):
    assert check_best_case_leaves(right).ok


@pytest.mark.parametrize("wrong", WRONG_LEAVES.values(), ids=WRONG_LEAVES.keys())
def test_wrong_counts_of_the_best_case_fail(wrong):
    assert not check_best_case_leaves(wrong).ok


def lines_through(game, square):
    return sum(square in line for line in game.lines)


def changed(board, new_board):
    return next(i for i, (a, b) in enumerate(zip(board, new_board, strict=True)) if a != b)


def order_by_sort(game, board, new_boards):
    return sorted(new_boards, key=lambda new: -lines_through(game, changed(board, new)))


def order_by_buckets(game, board, new_boards):
    buckets = {}
    for new in new_boards:
        buckets.setdefault(lines_through(game, changed(board, new)), []).append(new)
    return [new for count in sorted(buckets, reverse=True) for new in buckets[count]]


WRONG_ORDERS = {
    "as given": lambda game, board, new_boards: new_boards,
    "fewest lines first": lambda game, board, new_boards: list(reversed(order_by_sort(game, board, new_boards))),
    "not stable": lambda game, board, new_boards: sorted(
        new_boards, key=lambda new: (-lines_through(game, changed(board, new)), -changed(board, new))
    ),
    "centre only": lambda game, board, new_boards: order_by_sort(game, board, new_boards)[:1],
    "reading order reversed": lambda game, board, new_boards: sorted(new_boards),
    "nothing yet": lambda game, board, new_boards: None,
}


@pytest.mark.parametrize("right", [order_by_sort, order_by_buckets])
def test_right_move_orders_pass(right):
    assert check_move_order(right).ok


@pytest.mark.parametrize("wrong", WRONG_ORDERS.values(), ids=WRONG_ORDERS.keys())
def test_wrong_move_orders_fail(wrong):
    result = check_move_order(wrong)
    assert not result.ok and "Hint" in repr(result)
