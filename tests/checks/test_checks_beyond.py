"""The checks of notebook 09 accept right answers in several styles, reject wrong ones, and never
raise."""

import re
from functools import cache
from pathlib import Path

import nbformat
import pytest

from nimlib.checks.beyond import (
    DIFFERENT_BOARDS,
    GAME,
    GAME_COUNT_BOARDS,
    OPEN_LINE_CASES,
    SYMMETRIC_BOARDS,
    WINNER_BOARDS,
    check_canonical_board,
    check_count_games,
    check_open_lines,
    check_winner,
    images,
)

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def winner(board):
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


def winner_in_lower_case_or_empty(board):
    return (winner(board) or "").lower()


def winner_without_diagonals(board):
    for a, b, c in LINES[:6]:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


def rotate(board):
    return "".join(board[6 - 3 * (i % 3) + i // 3] for i in range(9))


def mirror(board):
    return "".join(board[3 * (i // 3) + 2 - i % 3] for i in range(9))


def all_eight(board):
    boards = [board]
    for _ in range(3):
        boards.append(rotate(boards[-1]))
    return boards + [mirror(b) for b in boards]


def canonical_smallest(board):
    return min(all_eight(board))


def canonical_as_a_set(board):
    return frozenset(all_eight(board))


def canonical_rotations_only(board):
    boards = [board]
    for _ in range(3):
        boards.append(rotate(boards[-1]))
    return min(boards)


def canonical_as_a_list(board):
    return sorted(all_eight(board))


@cache
def count_games(board):
    if winner(board) or "." not in board:
        return 1
    mark = "X" if board.count("X") == board.count("O") else "O"
    return sum(count_games(board[:i] + mark + board[i + 1 :]) for i in range(9) if board[i] == ".")


def count_games_forgetting_wins(board):
    if "." not in board:
        return 1
    mark = "X" if board.count("X") == board.count("O") else "O"
    return sum(
        count_games_forgetting_wins(board[:i] + mark + board[i + 1 :])
        for i in range(9)
        if board[i] == "."
    )


def open_lines(board, mark):
    other = "O" if mark == "X" else "X"
    return sum(other not in (board[a], board[b], board[c]) for a, b, c in LINES)


def open_lines_counting_only_marked(board, mark):
    return sum(mark in (board[a], board[b], board[c]) for a, b, c in LINES)


def test_the_boards_of_the_checks_are_possible_positions():
    for board in WINNER_BOARDS + GAME_COUNT_BOARDS + [board for board, _ in OPEN_LINE_CASES]:
        assert GAME.validate(board) == board
    assert [len(images(board)) for board in SYMMETRIC_BOARDS] == [4, 8, 4, 8]
    assert all(GAME.canonical(a) != GAME.canonical(b) for a, b in DIFFERENT_BOARDS)


@pytest.mark.parametrize("right", [winner, winner_in_lower_case_or_empty])
def test_check_winner_accepts_right_answers(right):
    assert check_winner(right).ok


@pytest.mark.parametrize(
    "wrong", [winner_without_diagonals, lambda board: None, lambda board: "X", lambda board: 1 / 0]
)
def test_check_winner_rejects_wrong_answers_without_raising(wrong):
    result = check_winner(wrong)
    assert not result.ok and "✘" in repr(result)


@pytest.mark.parametrize("right", [canonical_smallest, canonical_as_a_set, GAME.canonical])
def test_check_canonical_board_accepts_any_key_that_groups_the_symmetries(right):
    assert check_canonical_board(right).ok


@pytest.mark.parametrize(
    "wrong", [canonical_rotations_only, canonical_as_a_list, lambda board: board, len]
)
def test_check_canonical_board_rejects_wrong_keys(wrong):
    result = check_canonical_board(wrong)
    assert not result.ok


def test_check_count_games_accepts_the_right_count_and_rejects_a_wrong_one():
    assert check_count_games(count_games).ok
    result = check_count_games(count_games_forgetting_wins)
    assert not result.ok and "forgetting_wins" in repr(result) and "expected" in repr(result)
    assert not check_count_games(lambda board: None).ok


def test_check_open_lines():
    assert check_open_lines(open_lines).ok and check_open_lines(GAME.open_lines).ok
    assert not check_open_lines(open_lines_counting_only_marked).ok
    assert not check_open_lines(
        lambda board: 8
    ).ok  # the wrong number of arguments is a wrong answer


def test_a_skeleton_that_returns_none_fails():
    for check, skeleton in [
        (check_winner, lambda board: None),
        (check_canonical_board, lambda board: None),
        (check_count_games, lambda board: None),
        (check_open_lines, lambda board, mark: None),
    ]:
        assert not check(skeleton).ok, check


def test_the_worked_solutions_of_notebook_09_pass_their_checks():
    notebook = nbformat.read(
        Path(__file__).resolve().parents[2] / "notebooks" / "09_beyond_nim.ipynb", 4
    )
    solutions = [cell.source for cell in notebook.cells if cell.source.startswith("<details>")]
    namespace = {"game": GAME}
    for solution in solutions:
        exec(re.search(r"```python\n(.*?)```", solution, re.DOTALL).group(1), namespace)
    checks = {check_winner: "winner", check_canonical_board: "canonical_board"}
    checks |= {check_count_games: "count_games", check_open_lines: "open_lines"}
    assert len(solutions) == len(checks)
    for check, name in checks.items():
        assert check(namespace[name]).ok, name
