"""Checks for the exercises of notebook 09, Beyond Nim: tic-tac-toe's lines, symmetries and
games."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import partial

from nimlib.checks.memo import answer_and_work, forgetting_cache_hint, keys_case
from nimlib.checks.runner import (
    QUICK_SECONDS,
    CheckResult,
    Hinted,
    WholeNumbers,
    agrees_with,
    asked_again,
    checks_a_function,
    name_of,
    reference_cases,
    run_cases,
    shown_call,
)
from nimlib.checks.trial_games import positions_from
from nimlib.engine.iterative import fold_positions, tree_size
from nimlib.games.printer import plural, shown
from nimlib.games.tictactoe import TicTacToe, other_mark
from nimlib.games.values import is_whole

GAME = TicTacToe()
EMPTY_BOARD = "........."

WINNER_BOARDS = [
    ".........",
    "XXXOO....",
    "OOOXX.X..",
    "X..XO.XO.",
    "XO..XO..X",
    "XXO.O.O.X",
    ".X.OXO.X.",
    "XOXXOOOXX",
    "XOX.O.XO.",
    "...OO.XXX",  # an empty row before the winning row
    ".OX.OX..X",  # an empty column before the winning column
    "X.OX.OX..",  # an empty column after the winning column
    "OO.XXX...",  # the middle row: with the cases above, every one of the 8 lines wins once
]
SYMMETRIC_BOARDS = [
    "X........",
    "XO.......",
    "....X...O",
    "XX.O.....",
]  # each with its rotations and reflections
DIFFERENT_BOARDS = [
    ("X........", ".X......."),
    ("X.O......", "X...O...."),
    ("XO.......", "X.O......"),
    ("....X....", "X........"),
]
DRAWN_BOARD = "XOXXOOOXX"  # full, with no line: one game, whether play stops at a line or not
WON_BOARD = "XXXOO...."  # a game over, with a line: one game, as a draw is
# a won board that no case asks before the hint does: a set of boards kept between calls lacks it
UNASKED_WON_BOARD = "O.XOX.X.."
GAME_COUNT_BOARDS = [
    "XOXXOOOXX",
    "XXXOO....",
    "XOXOXO...",
    "XOXOXO.X.",
    "X...O...X",
    "XO.......",
    "X........",
    ".........",
]
MEMO_BOARD = "X...O...."  # from here a count without a memo meets boards again, quickly
OPEN_LINE_CASES = [
    (".........", "X"),
    ("....X....", "O"),
    ("....X....", "X"),
    ("X...O...X", "O"),
    ("XO.XO....", "X"),
    # with these too, a line with one square mistyped, a line left out or one written twice
    # gives a wrong count on some board
    ("..X....XO", "O"),
    (".X....X.O", "O"),
    ("...X...XO", "O"),
    ("XX......O", "O"),
    ("........X", "O"),
]


def images(board: str) -> tuple[str, ...]:
    """The different boards that the eight rotations and reflections make of `board`."""
    return tuple(
        sorted({"".join(board[square] for square in symmetry) for symmetry in GAME.symmetries})
    )


class SameWinner(Hinted):
    """The expected answer of check_winner, with its hint: the winner's mark in either case, or
    None, as the exercise asks, where nobody has won (as Column is check_bot's)."""

    def __eq__(self, answer: object) -> bool:
        if self.expected is None:
            return answer is None
        return isinstance(answer, str) and answer.upper() == self.expected

    def __repr__(self) -> str:
        return repr(self.expected) if self.expected else "None (nobody has a line)"


@checks_a_function
def check_winner(function: Callable[[str], str | None]) -> CheckResult:
    """Check `function(board)`: "X" or "O" if that player has three in a row, else None."""
    questions = [(board,) for board in WINNER_BOARDS]
    hint = partial(winner_hint, function)
    cases = reference_cases(function, GAME.winner, questions, SameWinner, hint)
    return run_cases("check_winner", cases, QUICK_SECONDS)  # a few comparisons


def winner_hint(function: Callable[[str], str | None], board: str, answer: object) -> str | None:
    """The hint for None where `board` has a line, naming the first line the function misses
    (asked again, from a function that finds a line elsewhere: one that finds none may not be
    written yet), a winner that is no player's mark, or the mark of the player without the
    line; first, whatever the answer (an IndexError, say), lines whose squares are numbered 1 to
    9."""
    winner = GAME.winner(board)
    if asked_again(lambda: numbers_squares_from_one(function)):
        return NUMBERED_FROM_ONE_HINT
    if answer is None and winner and asked_again(lambda: finds_a_line(function)):
        return missed_line_hint(first_line_missed(function))
    if answer is True:
        return "return the mark that has the line, 'X' or 'O', not True"
    if winner and isinstance(answer, str) and answer.upper() == other_mark(winner):
        return f"{answer!r} is the other player's mark: return the mark on the line's three squares"
    if answer == ".":
        return (
            "'.' is an empty square: three empty squares in a line are three equal squares, "
            "but no win"
        )
    if answer == "" or answer is False or answer == "None":
        return f"where nobody has a line, return None itself, not {answer!r}"
    if isinstance(answer, str) and answer.upper() not in ("X", "O"):
        return (
            "return 'X' or 'O', the mark with a line, or None where nobody has one: not "
            f"{shown(answer)}"
        )
    return None


# a hint for lines written with squares 1 to 9: it names None, which such lines often give (a
# function that can end without a return gets the hint for that otherwise, see run_case)
NUMBERED_FROM_ONE_HINT = (
    "your lines number the squares 1 to 9, but a board's 9 characters are indexed from 0: the "
    "squares are numbered 0 to 8, row by row (the top row is 0, 1, 2). Square 9 is past the end, "
    "and a line one square off gives None or the wrong mark"
)


def numbers_squares_from_one(function: Callable[[str], str | None]) -> bool:
    """Whether `function` finds every winner of check_winner's boards on the board shifted one
    square on (a blank before it): its squares are numbered 1 to 9 (asked again)."""
    return all(function(" " + board) == GAME.winner(board) for board in WINNER_BOARDS)


def finds_a_line(function: Callable[[str], str | None]) -> bool:
    """Whether `function` gives a mark for one of the boards of check_winner."""
    return any(function(board) is not None for board in WINNER_BOARDS)


def first_line_missed(function: Callable[[str], str | None]) -> str | None:
    """The first board of check_winner with a line where `function` gives None (asked again)."""
    won = [board for board in WINNER_BOARDS if GAME.winner(board)]
    return next(
        (board for board in won if asked_again(lambda board=board: function(board) is None)), None
    )


def missed_line_hint(board: str | None) -> str | None:
    """The hint for a line missed on `board`: the same for every case, so said once."""
    if board is None:
        return None
    line = line_named(GAME.completed_lines(board)[0])
    return (
        f"{board!r} has {GAME.winner(board)}'s three in a row on {line}: does your function try "
        "all eight lines (3 rows, 3 columns, 2 diagonals), for both marks, before it returns None?"
    )


def line_named(line: tuple[int, ...]) -> str:
    """The squares of `line`, and whether it is a row, a column or a diagonal."""
    rows, columns = {square // 3 for square in line}, {square % 3 for square in line}
    kind = "a row" if len(rows) == 1 else "a column" if len(columns) == 1 else "a diagonal"
    return f"squares {', '.join(map(str, line))} ({kind})"


@checks_a_function
def check_canonical_board(function: Callable[[str], Hashable]) -> CheckResult:
    """Check `function(board)`: one key for the eight rotations and reflections of a board,
    different keys for boards that do not play alike, and 765 keys for the 5,478 positions of the
    game."""
    name = name_of(function)
    # boards, and how many different keys they get: one for a board's images, two for a pair
    groups = [(boards, 1) for boards in map(images, SYMMETRIC_BOARDS)]
    groups += [(pair, 2) for pair in DIFFERENT_BOARDS]
    cases = [
        keys_case(
            f"how many different keys {name}(b) gives for b in {boards!r}",
            function,
            GAME.canonical,
            boards,
            keys,
        )
        for boards, keys in groups
    ]
    positions = tuple(sorted(positions_from(GAME, GAME.start())))  # all 5,478 of them
    every = f"how many different {name}(board) over all 5,478 positions"
    cases.append(keys_case(every, function, GAME.canonical, positions, 765))
    return run_cases("check_canonical_board", cases)


def games_from(board: str) -> int:
    """How many different games can be played from `board` to their end."""
    return fold_positions(GAME, board, value_at_end=lambda end: 1, combine=sum)


@checks_a_function
def check_count_games(function: Callable[[str], int]) -> CheckResult:
    """Check `function(board)`: how many different games can be played from `board` to the end (1 if
    it is over)."""
    questions = [(board,) for board in GAME_COUNT_BOARDS]
    hint = partial(counted_hint, function)
    cases = reference_cases(
        function, games_from, questions, WholeNumbers, hint, stopped=slow_count_hint
    )
    # the exercise asks for a memo: each board's count worked out once, watched on a board whose
    # tree a count without a memo goes through in a blink, watched or not (one without a memo
    # that the empty board does not stop, on a fast machine, is told here)
    cases.append(
        (
            shown_call(function, (MEMO_BOARD,)),
            lambda: counted_once(function, MEMO_BOARD),
            WholeNumbers(games_from(MEMO_BOARD), partial(counted_hint, function, MEMO_BOARD)),
        )
    )
    return run_cases("check_count_games", cases)


@dataclass(frozen=True)
class CountedAgain:
    """A right count of games, from a recursion that counted some boards more than once."""

    count: int
    boards: int  # the boards counted more than once

    def __repr__(self) -> str:
        return f"{self.count!r}, working {self.boards:,} boards out more than once"


def counted_once(function: Callable[[str], int], board: str) -> object:
    """`function(board)`; where that is the right count but the recursion counted boards more
    than once on the way (no memo), a CountedAgain that says so."""
    answer, _, again = answer_and_work(function, board)
    if again and is_whole(answer) and answer == games_from(board):
        return CountedAgain(answer, len(again))
    return answer


def counted_hint(function: Callable[[str], int], board: str, answer: object) -> str | None:
    """The hint for a count of games that counts no finished game (or no draw, where a won board
    counts one), plays on after a line, or counts every node of the tree, or every position, or
    that counts boards more than once (CountedAgain)."""
    if isinstance(answer, CountedAgain):
        return forgetting_cache_hint(function) or (
            "the count is right, but boards met along two lines of play were counted again: "
            "remember each board's count (functools.cache, or a dict looked up first), so that "
            "each position is worked out only once"
        )
    if (
        answer == 0
        and GAME.evaluate(board, True) == 0
        and agrees_with(function, games_from, [(WON_BOARD,)])
    ):
        return (
            "a draw is one game too: a finished board counts 1, won or drawn (a draw's score, 0, "
            "is false: test `game.evaluate(board, True) is not None`, not its truth)"
        )
    if answer == 0 and agrees_with(function, games_from, [(UNASKED_WON_BOARD,)]):
        return (
            "your function counts a finished board as one game, yet no game from this board: "
            "does it skip a board it has met before (in a set kept from an earlier call, say)? "
            "Count the games from every board: one reached along two lines of play is in both"
        )
    if answer == 0:
        return "a finished board is one game: return 1 there (a sum of no counts is 0)"
    if GAME.winner(board) and answer != 1 and agrees_with(function, games_from, [(DRAWN_BOARD,)]):
        return (
            f"{board!r} is won by {GAME.winner(board)}: a line ends the game, so that board counts "
            "one game, and play does not go on to a full board"
        )
    if answer == tree_size(GAME, board):
        return (
            "that is the number of nodes of the game tree: count the finished boards only, "
            "returning 1 at the end of a game and the sum of the moves' counts before it"
        )
    if answer == len(positions_from(GAME, board)):
        return (
            "that is the number of different boards play can reach, each once: many games pass "
            "through the same board, so return 1 at the end of a game and the sum of the moves' "
            "counts before it"
        )
    return None


SMALL_TREE = 100  # a tree of fewer nodes is counted in a blink, memo or not


def slow_count_hint(board: str) -> str:
    """The hint for a count of games stopped for running too long: a memo keeps the work to the
    positions, where the tree is large enough for that to matter."""
    nodes = tree_size(GAME, board)
    if nodes < SMALL_TREE:
        return (
            f"the game tree from {board!r} has only {plural(nodes, 'node')}, which a count goes "
            "through in a blink, memo or not: does a loop or a recursion never end?"
        )
    return (
        f"the game tree from {board!r} has {nodes:,} nodes; remember each board's count "
        "(functools.cache), so that each position is worked out only once"
    )


@checks_a_function
def check_open_lines(function: Callable[[str, str], int]) -> CheckResult:
    """Check `function(board, mark)`: how many of the 8 lines hold no mark of the other player."""
    hint = partial(open_lines_hint, function)
    cases = reference_cases(function, GAME.open_lines, OPEN_LINE_CASES, WholeNumbers, hint)
    return run_cases("check_open_lines", cases, QUICK_SECONDS)  # a few comparisons


def open_lines_of_the_other(board: str, mark: str) -> int:
    """The open lines of the player other than `mark`: a learner's likely slip."""
    return GAME.open_lines(board, other_mark(mark))


def empty_lines(board: str, mark: str) -> int:
    """The lines with no mark at all: a learner's likely slip."""
    return sum(all(board[square] == "." for square in line) for line in GAME.lines)


def lines_holding(board: str, mark: str) -> int:
    """The lines that hold `mark`: a learner's likely slip."""
    return sum(any(board[square] == mark for square in line) for line in GAME.lines)


OPEN_LINE_SLIPS = [  # (a slip, as a function of board and mark; its hint)
    (
        open_lines_of_the_other,
        "those are the counts for the other player: the lines open to `mark` hold no mark of the "
        "other player (they may hold its own)",
    ),
    (
        empty_lines,
        "a line that holds `mark`'s own marks is still open to it: count the lines with no mark "
        "of the other player",
    ),
    (
        lines_holding,
        "an empty line is open too: count the lines with no mark of the other player, whether "
        "they hold `mark` or not",
    ),
]


def counts_fewer_than_eight(function: Callable[[str, str], int]) -> bool:
    """Whether `function` counts some lines, yet fewer than 8, open on the empty board."""
    count = function(EMPTY_BOARD, "X")
    return is_whole(count) and 0 < count < 8


def open_lines_hint(
    function: Callable[[str, str], int], board: str, mark: str, answer: object
) -> str | None:
    """The hint for open lines given as the lines themselves, counted by another rule (on every
    board of the check, asked beside the case: one count may match by chance), or counted over
    fewer than the 8 lines (asked of the empty board)."""
    if isinstance(answer, (list, tuple, set)) and len(answer) == GAME.open_lines(board, mark):
        return "give how many lines are open (len(...) or sum(...)), not the lines themselves"
    for slip, hint in OPEN_LINE_SLIPS:
        if agrees_with(function, slip, OPEN_LINE_CASES):
            return hint
    if asked_again(lambda: counts_fewer_than_eight(function)):
        return (
            "on the empty board every line is open, and your function counts fewer than 8: are "
            "all eight lines in your list (3 rows, 3 columns, 2 diagonals)?"
        )
    return None
