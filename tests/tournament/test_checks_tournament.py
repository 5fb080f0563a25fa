"""The checks of notebook 14: right answers pass, the skeleton and wrong answers fail."""

from nimlib import ConnectFour
from nimlib.checks import check_bot, check_keeps_result
from nimlib.checks.tournament import BOT_CASES, expected_column


def keeps(before, after):
    """The worked solution."""
    return (before > 0) - (before < 0) == (after < 0) - (after > 0)


def wins_blocks_centre(observation, configuration):
    """The worked solution of the bot exercise: a win, a block, else the centre."""
    columns, rows, board = configuration.columns, configuration.rows, observation.board

    def four(cells, mark):
        lines = [(0, 1), (1, 0), (1, 1), (1, -1)]
        return any(
            all(cells[(r + k * dr) * columns + c + k * dc] == mark for k in range(4))
            for r in range(rows)
            for c in range(columns)
            for dr, dc in lines
            if 0 <= r + 3 * dr < rows and 0 <= c + 3 * dc < columns
        )

    def dropped(column, mark):
        cells = list(board)
        row = max(r for r in range(rows) if cells[r * columns + column] == 0)
        cells[row * columns + column] = mark
        return cells

    free = [c for c in range(columns) if board[c] == 0]
    for mark in (observation.mark, 3 - observation.mark):
        for column in free:
            if four(dropped(column, mark), mark):
                return column
    return min(free, key=lambda c: (abs(c - (columns - 1) / 2), c))


def keeps_only_wins(before, after):
    """A wrong solution: a draw kept is not seen as kept."""
    return before > 0 and after < 0 or before < 0


def centre_only(observation, configuration):
    """A wrong solution: the centre column, whatever the board."""
    return configuration.columns // 2


def test_the_cases_stated_are_the_checks_own_answers():
    """The columns written beside BOT_CASES are what expected_column finds."""
    game = ConnectFour()
    assert [expected_column(game, moves) for moves, _ in BOT_CASES] == [c for _, c in BOT_CASES]


def test_right_answers_pass_and_wrong_ones_fail():
    """Every case right for the worked solutions; a skeleton and a plain centre bot are wrong."""
    assert check_keeps_result(keeps).ok
    assert len(check_keeps_result(lambda before, after: None).failures) == 8
    assert (
        len(check_keeps_result(lambda before, after: before * after < 0).failures) == 1
    )  # misses the draw
    assert check_bot(wins_blocks_centre).ok
    assert len(check_keeps_result(keeps_only_wins).failures) == 1
    assert len(check_bot(centre_only).failures) == 5  # right on the empty board only
    assert "column 3 is full" in repr(check_bot(centre_only))
