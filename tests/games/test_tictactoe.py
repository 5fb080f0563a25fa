"""Tic-tac-toe: the known counts of its game tree, a draw from the empty board, symmetries and clear
errors."""

from functools import cache

import pytest

from nimlib import METHODS, SearchStats, best_move, memoized_minimax, minimax, solve, tree_size
from nimlib.engine.iterative import fold_positions
from nimlib.games.tictactoe import TicTacToe

GAME = TicTacToe()
EMPTY = GAME.start()


def reachable_positions(game, start):
    """Every position that play from `start` can reach, `start` included."""
    seen, stack = {start}, [start]
    while stack:
        for new_state in game.possible_new_states(stack.pop()):
            if new_state not in seen:
                seen.add(new_state)
                stack.append(new_state)
    return seen


@cache
def every_position() -> frozenset[str]:
    """Every position of tic-tac-toe, the empty board's and those play reaches from it (worked out
    when a test first asks, not as pytest collects the tests)."""
    return frozenset(reachable_positions(GAME, EMPTY))


def test_the_game_tree_has_549946_nodes_and_255168_games():
    assert tree_size(GAME, EMPTY) == 549_946
    assert fold_positions(GAME, EMPTY, value_at_end=lambda end: 1, combine=sum) == 255_168


def test_there_are_5478_positions_and_765_up_to_symmetry():
    assert len(every_position()) == 5_478
    assert len({GAME.canonical(position) for position in every_position()}) == 765
    stats, cache = SearchStats(), {}
    memoized_minimax(GAME, EMPTY, True, stats=stats)
    memoized_minimax(GAME, EMPTY, True, canonical=True, table=cache)
    assert stats.states == 5_478 and len(cache) == 765


def test_plain_minimax_calls_once_per_node_of_the_tree():
    """After X in a corner and O in the centre: a draw, in as many calls as the tree has nodes
    (notebook 09 counts the whole tree's 549,946 with tree_size, which plain minimax would take
    seconds to visit; the 55,505 after X's centre alone took about one)."""
    board, stats = "X...O....", SearchStats(max_seconds=60)  # a busy machine slows the clock
    assert minimax(GAME, board, True, stats) == 0
    assert stats.calls == tree_size(GAME, board) == 7_332


@pytest.mark.parametrize("canonical", [False, True])
def test_the_empty_board_is_a_draw_for_either_player_with_a_memo(canonical):
    assert memoized_minimax(GAME, EMPTY, True, canonical=canonical) == 0
    assert memoized_minimax(GAME, EMPTY, False, canonical=canonical) == 0


@pytest.mark.slow
def test_symmetric_positions_have_the_same_value_and_a_position_is_worth_the_same_to_either_mover():
    memo = {}
    for position in every_position():
        score = memoized_minimax(GAME, position, True, table=memo)
        assert score == memoized_minimax(GAME, GAME.canonical(position), True, table=memo), position
        assert score == -memoized_minimax(GAME, position, False, table=memo), position


def test_the_eight_symmetries_of_a_board_share_one_canonical_form():
    board = "XO......."  # X in a corner, O beside it: no symmetry maps it onto itself
    images = {"".join(board[square] for square in symmetry) for symmetry in GAME.symmetries}
    assert len(images) == 8
    assert {GAME.canonical(image) for image in images} == {GAME.canonical(board)}
    assert GAME.canonical("....X....") == "....X...."  # the centre maps onto itself
    assert GAME.canonical("X.O......") != GAME.canonical("X...O....")  # these do not play alike


def test_the_rules():
    assert GAME.to_move(EMPTY) == "X" and GAME.to_move("X........") == "O"
    assert GAME.possible_new_states("XOXXOOOX.") == ["XOXXOOOXX"]
    assert GAME.possible_new_states("XXXOO....") == []  # X has a line: the game is over
    assert len(GAME.possible_new_states(EMPTY)) == 9
    assert (
        GAME.evaluate("XXXOO....", True) == -1 and GAME.evaluate("XXXOO....", False) == 1
    )  # O is to move
    assert GAME.evaluate("XOXXOOOXX", True) == 0  # a full board without a line: a draw
    assert GAME.evaluate("XO.......", True) is None
    assert GAME.winner("XOXOXOX..") == "X" and GAME.winner("XO.XO....") is None


def test_moves_are_described_by_their_squares():
    assert GAME.describe_move(EMPTY, "....X....") == "X in the centre"
    assert GAME.describe_move("....X....", "O...X....") == "O at a1"
    assert GAME.describe_move("....X....", "....X...O") == "O at c3"
    assert GAME.square_name(5) == "c2" and GAME.square_number(" B2 ") == 4
    with pytest.raises(
        ValueError, match="'d4' is not a square: name one by its column and row, from a1 to c3"
    ):
        GAME.square_number("d4")
    assert GAME.picture("X...O...X") == "  a b c\n1 X . .\n2 . O .\n3 . . X"


@pytest.mark.parametrize(
    ("board", "message"),
    [
        (123, "a string of 9 characters"),
        ("X..", "a string of 9 characters"),
        ("X..x.....", "the character 'x'"),
        ("XX.......", "2 X and 0 O"),
        ("O........", "0 X and 1 O"),
        ("XXXOOO...", "a line of X and a line of O"),
        ("XXX.OO.O.", "a line of X, yet the other player moved after it"),
        ("OOOXX.X.X", "a line of O, yet the other player moved after it"),
    ],
)
def test_impossible_boards_are_refused_with_a_clear_message(board, message):
    with pytest.raises(ValueError, match=message):
        GAME.validate(board)


def test_every_reachable_position_is_valid():
    assert all(GAME.validate(position) == position for position in every_position())


def test_the_estimate_counts_open_lines_inside_the_score_range():
    assert GAME.estimate(EMPTY, True) == 0
    assert GAME.estimate("....X....", True) == pytest.approx(
        0.9 * (4 - 8) / 8
    )  # O to move: X blocks 4 of O's lines
    assert GAME.estimate("....X....", False) == pytest.approx(-0.9 * (4 - 8) / 8)
    for position in every_position():
        assert -0.9 <= GAME.estimate(position, True) <= 0.9
        assert GAME.estimate(position, True) == pytest.approx(
            GAME.estimate(GAME.canonical(position), True)
        )


def test_a_larger_board_has_its_lines_and_refuses_bad_sizes():
    assert len(TicTacToe(4).lines) == 10 and len(TicTacToe(4, in_a_row=3).lines) == 24
    assert (
        TicTacToe(4, 4) == TicTacToe(4) and repr(TicTacToe(4, 3)) == "TicTacToe(size=4, in_a_row=3)"
    )
    big = TicTacToe(4, in_a_row=3)
    assert (
        big.winner("XXX.OO..........") == "X"
        and big.describe_move(big.start(), "X" + "." * 15) == "X at a1"
    )
    with pytest.raises(ValueError, match="size = 9 is too large"):
        TicTacToe(9)
    with pytest.raises(ValueError, match="in_a_row must be at least 3"):
        TicTacToe(3, in_a_row=2)
    with pytest.raises(ValueError, match="a string of 16 characters"):
        big.validate(EMPTY)


def test_best_move_never_loses_from_the_start():
    score, new_state = best_move(GAME, EMPTY)
    assert score == 0 and memoized_minimax(GAME, new_state, False) == 0


@pytest.mark.slow
def test_every_method_says_the_empty_board_is_a_draw():
    # plain minimax has a test of its own: it takes seconds
    for method in set(METHODS) - {"minimax"}:
        for state, is_maximizing in [(EMPTY, True), (EMPTY, False), ("X...O...X", True)]:
            # no wall clock: a busy machine must not stop the slower methods
            score = solve(GAME, state, is_maximizing, method, SearchStats(max_seconds=None))
            assert score == memoized_minimax(GAME, state, is_maximizing), (method, state)


def depth_limited(game, state, is_maximizing, depth):
    """Minimax that stops `depth` moves ahead and scores the positions there with the game's
    estimate."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    if depth == 0:
        return game.estimate(state, is_maximizing)
    scores = [
        depth_limited(game, new, not is_maximizing, depth - 1)
        for new in game.possible_new_states(state)
    ]
    return max(scores) if is_maximizing else min(scores)


def test_every_method_searches_to_a_depth_with_the_estimate():
    """Runs once the core helper's `depth` argument is merged."""
    big = TicTacToe(4, in_a_row=3)
    for state in [big.start(), "X....O..........", "XO..X...........", "XO..XO.X........"]:
        for depth in (0, 1, 2):
            for is_maximizing in (True, False):
                expected = depth_limited(big, state, is_maximizing, depth)
                for method in METHODS:
                    found = solve(big, state, is_maximizing, method=method, depth=depth)
                    assert found == pytest.approx(expected), (state, depth, method)


def test_search_hooks_of_tictactoe():
    game = TicTacToe()
    first = game.ordered_new_states(game.start(), game.possible_new_states(game.start()))
    assert first[0] == "....X...." and set(first[1:5]) == {
        "X........",
        "..X......",
        "......X..",
        "........X",
    }
    assert game.win_at_once("XX.OO...X") == "XX.OOO..X"
    assert game.win_at_once("X...O....") is None
    assert game.safe_new_states("X..OO...X") == ["X..OOX..X"]
    assert game.safe_new_states("XX.OO.O.X") == [], (
        "two threats of O: every move of X loses at once"
    )


def test_every_safe_move_keeps_the_other_from_winning_at_once():
    game = TicTacToe()
    boards = ["X...O....", "XO..X....", "X..OO...X", "XOX.O...."]
    for board in boards:
        for new_state in game.safe_new_states(board):
            assert game.win_at_once(new_state) is None
        unsafe = set(game.possible_new_states(board)) - set(game.safe_new_states(board))
        assert all(game.win_at_once(new_state) is not None for new_state in unsafe)


@pytest.mark.parametrize(
    "board, problem",
    [
        ("XXXXXO...", "has 5 X and 1 O"),
        ("X..", "must be a string of 9 characters"),
        ("....Z....", "has the character 'Z'"),
        (None, "must be a string of 9 characters"),
        ("XXXOOO...", "has a line of X and a line of O"),
    ],
)
def test_to_move_open_lines_and_winner_refuse_a_board_play_cannot_reach(board, problem):
    """winner("X..") said "string index out of range", and winner("x........") None."""
    with pytest.raises(ValueError, match=problem):
        GAME.to_move(board)
    with pytest.raises(ValueError, match=problem):
        GAME.open_lines(board, "X")
    with pytest.raises(ValueError, match=problem):
        GAME.winner(board)


@pytest.mark.parametrize("mark", ["Z", "x", "", None, ("X",)])
def test_open_lines_names_the_marks_it_counts_for(mark):
    with pytest.raises(ValueError, match="mark must be 'X' or 'O', not "):
        GAME.open_lines("X...O....", mark)
