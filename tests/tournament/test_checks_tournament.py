"""The checks of notebook 14: right answers pass, the skeleton and wrong answers of several kinds
fail, each with a message that says what was expected (never a traceback)."""

import numpy as np
import pytest

from nimlib import ConnectFour
from nimlib.checks import check_bot, check_keeps_result
from nimlib.checks.tournament import BOT_CASES, expected_move


def keeps(before, after):
    """The worked solution."""
    return (before > 0) - (before < 0) == (after < 0) - (after > 0)


def win_at_once(observation, configuration, mark, lines=((0, 1), (1, 0), (1, 1), (1, -1))):
    """A column where `mark`'s stone makes four at once along one of the `lines` (a row, a
    column, the two diagonals), or None. (Written out here: the course's round trip copies this
    function, alone, into a student's notebook.)"""
    columns, rows, board = configuration.columns, configuration.rows, observation.board

    def four(cells):
        return any(
            all(cells[(r + k * dr) * columns + c + k * dc] == mark for k in range(4))
            for r in range(rows)
            for c in range(columns)
            for dr, dc in lines
            if 0 <= r + 3 * dr < rows and 0 <= c + 3 * dc < columns
        )

    def dropped(column):
        cells = list(board)
        row = max(r for r in range(rows) if cells[r * columns + column] == 0)
        cells[row * columns + column] = mark
        return cells

    return next((c for c in range(columns) if board[c] == 0 and four(dropped(c))), None)


def nearest_centre(observation, configuration):
    """The column with room nearest the centre, the left one of two as near."""
    columns = configuration.columns
    free = [c for c in range(columns) if observation.board[c] == 0]
    return min(free, key=lambda c: (abs(c - (columns - 1) / 2), c))


def first_of(*columns):
    """The first column that is not None."""
    return next(column for column in columns if column is not None)


def wins_blocks_centre(observation, configuration):
    """The worked solution of the bot exercise: a win, a block, else the centre."""
    me = observation.mark
    return first_of(
        win_at_once(observation, configuration, me),
        win_at_once(observation, configuration, 3 - me),
        nearest_centre(observation, configuration),
    )


def keeps_only_wins(before, after):
    """A wrong solution: a draw kept is not seen as kept."""
    return before > 0 and after < 0 or before < 0


def centre_only(observation, configuration):
    """A wrong solution: the centre column, whatever the board."""
    return configuration.columns // 2


def sign(score):
    """-1, 0 or 1: the sign of a score."""
    return (score > 0) - (score < 0)


WRONG_KEEPS = {  # a kind of mistake: (a wrong keeps_result, words its message must hold)
    "forgets whose score after is": (
        lambda before, after: sign(before) == sign(after),
        "f(3, 2) gave True, expected False",
    ),
    "misses a draw kept": (keeps_only_wins, "keeps_only_wins(0, 0) gave False, expected True"),
    "compares sizes, not signs": (
        lambda before, after: -after >= before,
        "f(-2, 6) gave False, expected True",
    ),
    "takes a slower win for a blunder": (
        lambda before, after: -after >= before if before >= 0 else True,
        "f(5, -3) gave False, expected True. Hint: after is the opponent's score",
    ),
    "compares sizes, in numpy's truth values": (
        lambda before, after: np.bool_(-after >= before),
        "f(5, -3) gave np.False_, expected True. Hint: after is the opponent's score",
    ),
    "answers in words": (
        lambda before, after: "yes" if sign(before) == -sign(after) else "no",
        "Hint: answer True or False",
    ),
    "divides by a score of 0": (
        lambda before, after: before / after < 0,
        "raised ZeroDivisionError: division by zero; expected False. Hint: before and after",
    ),
    "takes equal scores for a draw kept": (
        lambda before, after: before * after < 0 or before == after,
        "f(3, 3) gave True, expected False",
    ),
    "the skeleton": (lambda before, after: None, "9 of 9 cases wrong"),
}


def first_free(observation, configuration):
    """A wrong bot: the leftmost column with room."""
    return observation.board.index(0)


def never_blocks(observation, configuration):
    """A wrong bot: its own win at once, else the centre; it never blocks."""
    return first_of(
        win_at_once(observation, configuration, observation.mark),
        nearest_centre(observation, configuration),
    )


def blocks_first(observation, configuration):
    """A wrong bot: a block before its own win."""
    me = observation.mark
    return first_of(
        win_at_once(observation, configuration, 3 - me),
        win_at_once(observation, configuration, me),
        nearest_centre(observation, configuration),
    )


def down_the_columns_only(observation, configuration):
    """A wrong bot: it looks for wins and blocks down the columns, never along a row or a
    diagonal."""
    me, down = observation.mark, ((1, 0),)
    return first_of(
        win_at_once(observation, configuration, me, down),
        win_at_once(observation, configuration, 3 - me, down),
        nearest_centre(observation, configuration),
    )


def wraps_round_the_edges(observation, configuration):
    """A wrong bot: it looks for lines in the flat board by steps of 1, w - 1, w and w + 1, so a
    line may go on from one row's end to the next row's start."""
    w, h, me = configuration.columns, configuration.rows, observation.mark
    free = [column for column in range(w) if observation.board[column] == 0]

    def makes_four(column, mark):
        board = list(observation.board)
        cell = max(row * w + column for row in range(h) if board[row * w + column] == 0)
        board[cell] = mark
        return any(
            all(0 <= start + k * step < w * h and board[start + k * step] == mark for k in range(4))
            for step in (1, w - 1, w, w + 1)
            for start in range(cell - 3 * step, cell + 1, step)
        )

    for mark in (me, 3 - me):
        for column in free:
            if makes_four(column, mark):
                return column
    return nearest_centre(observation, configuration)


def columns_from_one(observation, configuration):
    """A wrong bot: the right column, numbered from 1."""
    return wins_blocks_centre(observation, configuration) + 1


def always_first_player(observation, configuration):
    """A wrong bot: it plays as if its mark were always 1."""
    return first_of(
        win_at_once(observation, configuration, 1),
        win_at_once(observation, configuration, 2),
        nearest_centre(observation, configuration),
    )


def from_the_right(observation, configuration):
    """A wrong bot: it looks for wins and blocks from the rightmost column."""
    board = mirror(observation.board, configuration.columns)
    mirrored = type(observation)({**observation, "board": board})
    column = wins_blocks_centre(mirrored, configuration)
    return configuration.columns - 1 - column


def mirror(board, columns):
    """The cells of a flat board, each row right to left."""
    rows = [board[start : start + columns] for start in range(0, len(board), columns)]
    return [cell for row in rows for cell in reversed(row)]


def board_as_rows(observation, configuration):
    """A wrong bot: it reads the board as a list of rows, and raises."""
    return observation.board[0].index(0)


def column_as_text(observation, configuration):
    """A wrong bot: the right column, as a string."""
    return str(wins_blocks_centre(observation, configuration))


def column_as_float(observation, configuration):
    """A wrong bot: the right column, as a float (which a game of the tournament refuses)."""
    return float(wins_blocks_centre(observation, configuration))


WRONG_BOTS = {  # a kind of mistake: (a wrong agent, words its message must hold)
    "the centre whatever the board": (centre_only, "column 3 (from 0) is full"),
    "the leftmost column with room": (first_free, "on the empty board gave 0"),
    "never blocks": (never_blocks, "after the moves 12171 (columns from 1) gave 3, expected 0"),
    "blocks before winning": (blocks_first, "gave 0, expected 1"),
    "looks down the columns only": (down_the_columns_only, "674632 (columns from 1) gave 3"),
    "lines wrapped round the edges": (wraps_round_the_edges, "152774 (columns from 1) gave 2"),
    "columns numbered from 1": (
        columns_from_one,
        "gave 4, expected 3. Hint: nobody can make four at once: column 3 (from 0) is the nearest",
    ),
    "always plays as the first player": (always_first_player, "gave 0, expected 1"),
    "looks from the right": (
        from_the_right,
        "223344 (columns from 1) gave 4, expected 0. Hint: column 4 would do as well, but look in "
        "the order of the columns: column 0 (from 0) makes your own four",
    ),
    "reads the board as rows": (board_as_rows, "raised AttributeError"),
    "answers a column as text": (column_as_text, "returned '3' (of type str), not a column"),
    "answers a column as a float": (column_as_float, "returned 3.0 (of type float), not a column"),
}


def test_the_cases_stated_are_the_checks_own_answers():
    """The columns written beside BOT_CASES are what expected_move finds."""
    game = ConnectFour()
    assert [expected_move(game, moves)[0] for moves, _ in BOT_CASES] == [c for _, c in BOT_CASES]


def test_right_answers_pass_and_wrong_ones_fail():
    """Every case right for the worked solutions; a skeleton and a plain centre bot are wrong."""
    assert check_keeps_result(keeps).ok
    assert len(check_keeps_result(lambda before, after: None).failures) == 9
    # misses the draw
    assert len(check_keeps_result(lambda before, after: before * after < 0).failures) == 1
    assert check_bot(wins_blocks_centre).ok
    assert len(check_keeps_result(keeps_only_wins).failures) == 1
    assert len(check_bot(centre_only).failures) == 12  # right on two boards with no threat
    said = " ".join(repr(check_bot(centre_only)).split())
    assert said.count("column 3 (from 0) is full") == 1  # in two cases, said once
    assert "did you count from 1" not in said  # the centre, not a column counted from 1
    # in every case, said once
    assert (
        " ".join(repr(check_bot(lambda observation, configuration: None)).split()).count(
            "return a column number"
        )
        == 1
    )


@pytest.mark.parametrize(
    ("check", "wrongs", "kind"),
    [(check_keeps_result, WRONG_KEEPS, kind) for kind in WRONG_KEEPS]
    + [(check_bot, WRONG_BOTS, kind) for kind in WRONG_BOTS],
    ids=lambda value: value if isinstance(value, str) else "",
)
def test_each_kind_of_wrong_answer_gets_a_clear_message(check, wrongs, kind):
    """Seven kinds of wrong judgement, nine kinds of wrong bot: each fails, and its message says
    what was expected, with the words of its kind (a hint where one fits), never a traceback."""
    wrong, words = wrongs[kind]
    result = check(wrong)
    said = " ".join(repr(result).split())
    assert not result.ok and words in said, said
    assert " expected " in said and "Traceback" not in said
