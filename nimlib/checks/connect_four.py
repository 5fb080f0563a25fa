"""Checks for the exercises of notebook 11, Connect Four: the win test and a score from a stone
count.

Both exercises take a few sums, no search: a case is stopped after QUICK_SECONDS (a right answer
takes milliseconds), not the searches' MAX_SECONDS, so that an endless loop making no call is told
in seconds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from types import GeneratorType

from nimlib.checks.runner import (
    QUICK_SECONDS,
    CheckResult,
    TruthValues,
    WholeNumbers,
    agrees_with,
    asked_again,
    checks_a_function,
    is_truth_value,
    leaving_its_input,
    name_of,
    reference_cases,
    run_cases,
    same,
)
from nimlib.games.connect_four import ConnectFour

FOUR_CASES = [  # (stones as (column, row) cells from 1 at the bottom left, four in a row?, note)
    ({(1, 1), (2, 1), (3, 1), (4, 1)}, True, "across, at the bottom"),
    ({(4, 1), (5, 1), (6, 1), (7, 1)}, True, "across, at the right edge"),
    ({(4, 6), (5, 6), (6, 6), (7, 6)}, True, "across, in the top row"),
    ({(3, 2), (3, 3), (3, 4), (3, 5)}, True, "up a column"),
    ({(6, 3), (6, 4), (6, 5), (6, 6)}, True, "up a column, to its top"),
    ({(7, 2), (7, 3), (7, 4), (7, 5)}, True, "up the last column"),
    ({(1, 1), (2, 2), (3, 3), (4, 4)}, True, "up to the right"),
    ({(7, 1), (6, 2), (5, 3), (4, 4)}, True, "up to the left"),
    ({(4, 3), (5, 4), (6, 5), (7, 6)}, True, "a diagonal ending in the top right corner"),
    ({(1, 6), (2, 5), (3, 4), (4, 3)}, True, "a diagonal from the top left corner"),
    ({(1, 1), (2, 1), (3, 1), (5, 1)}, False, "a gap in the row"),
    ({(5, 1), (5, 2), (5, 4), (5, 5)}, False, "four in a column, with a gap"),
    ({(1, 1), (2, 1), (3, 1)}, False, "only three"),
    ({(3, 4), (4, 4), (5, 4)}, False, "three in the middle, with room on both sides"),
    ({(1, 5), (1, 6), (2, 1), (2, 2)}, False, "a column's top and the next column's bottom"),
    ({(6, 1), (7, 1), (1, 2), (2, 2)}, False, "a row's right end and the next row's left end"),
    ({(5, 1), (6, 2), (7, 3), (1, 5)}, False, "a diagonal that would wrap round the right edge"),
    ({(1, 6), (2, 6), (3, 6), (4, 5)}, False, "three across and one below: bent"),
    ({(1, 1), (2, 2), (3, 3), (5, 5)}, False, "a gap on the diagonal"),
    ({(2, 1), (3, 2), (4, 3), (6, 5), (7, 6), (1, 6)}, False, "broken diagonals"),
    (set(), False, "no stones"),
    ({(1, 1), (1, 2), (1, 3), (2, 1), (3, 1), (2, 2), (3, 3), (4, 4)}, True, "a diagonal, threes"),
    ({(1, 2), (2, 1), (3, 1), (4, 1), (5, 1)}, True, "across, and a stone further left"),
]

SEVEN_BY_SIX = 42  # the cells of the board of every score the notebook shows
SCORE_CASES = [  # (width, height, stones on the board after the winning stone)
    (7, 6, 7),
    (7, 6, 8),
    (7, 6, 20),
    (7, 6, 41),
    (7, 6, 42),
    (4, 4, 7),
    (4, 4, 16),
    (5, 4, 9),
    (6, 7, 30),
    (5, 5, 7),  # boards with an odd number of cells: the first player's k-th stone is worth
    (5, 5, 8),  # one more than the second player's k-th
    (5, 5, 25),
    (7, 5, 20),
    (7, 5, 34),
    (7, 5, 35),
]


DIRECTIONS = {  # (column step, row step): the line's name in a hint, and one in mid-board
    (1, 0): ("across", {(2, 3), (3, 3), (4, 3), (5, 3)}),
    (0, 1): ("up a column", {(4, 2), (4, 3), (4, 4), (4, 5)}),
    (1, 1): ("along a diagonal up to the right", {(2, 2), (3, 3), (4, 4), (5, 5)}),
    (1, -1): ("along a diagonal up to the left", {(2, 5), (3, 4), (4, 3), (5, 2)}),
}
THREE_IN_MID_BOARD = {(3, 4), (4, 4), (5, 4)}
LONE_STONE = (1, 1)  # in line with none of DIRECTIONS' fours, and the first cell a scan meets


def in_a_row(stones: set[tuple[int, int]], length: int, directions: Iterable = DIRECTIONS) -> bool:
    """Whether the cells `stones` hold `length` in a line, in any of `directions` (the hints ask
    whether a wrong answer counted three, and which way a missed line runs)."""
    return any(
        all((c + k * dc, r + k * dr) in stones for k in range(length))
        for c, r in stones
        for dc, dr in directions
    )


def says_four(function: Callable[[set], bool], stones: set[tuple[int, int]]) -> bool:
    """Whether `function`, asked again, answers True for the cells `stones`."""
    return asked_again(lambda: same(function(set(stones)), True))


class InOrder(set):
    """A set of cells that a loop over it meets in the order given: a probe of the hints."""

    def __init__(self, cells: list[tuple[int, int]]) -> None:
        """The set of `cells`, met in their order."""
        super().__init__(cells)
        self.order = cells

    def __iter__(self) -> Iterator[tuple[int, int]]:
        return iter(self.order)


def stops_at_first_stone(function: Callable[[set], bool]) -> set[tuple[int, int]]:
    """The stones of a four in mid-board that `function` finds when its loop meets the line's
    first stone first, and misses once LONE_STONE comes before, with that stone: it answered
    False after trying one stone (a return False inside its loops). An empty set if it does
    not."""
    for (column_step, row_step), (_, line) in DIRECTIONS.items():
        in_line = sorted(line, key=lambda cell: cell[0] * column_step + cell[1] * row_step)
        if asked_again(lambda cells=in_line: same(function(InOrder(cells)), True)):
            with_lone = [LONE_STONE, *in_line]
            if asked_again(lambda cells=with_lone: same(function(InOrder(cells)), True)):
                return set()
            return set(with_lone)
    return set()


@checks_a_function
def check_four_in_a_row(function: Callable[[set], bool]) -> CheckResult:
    """Check `function(stones)`: True when the set of (column, row) cells holds four in a line."""
    name = name_of(function)
    cases = [
        (
            f"{name}({set_shown(stones)}) ({note})",
            lambda stones=stones: leaving_its_input(function, set(stones)),
            TruthValues(expected, partial(four_hint, function, stones, expected, note)),
        )
        for stones, expected, note in FOUR_CASES
    ]
    return run_cases("check_four_in_a_row", cases, QUICK_SECONDS)


def set_shown(stones: set[tuple[int, int]]) -> str:
    """The set `stones` as Python writes it, its cells in order: a call a learner can copy."""
    return "{" + ", ".join(map(repr, sorted(stones))) + "}" if stones else "set()"


# Python's words for a bitboard's shift or mask tried on a set: set & set is a set's own
SET_SHIFTED = re.compile(r"for (>>|<<|&|\||\^): '(set' and 'int|int' and 'set)'")


def four_hint(
    function: Callable[[set], bool], stones: set, expected: bool, note: str, answer: object
) -> str | None:
    """A hint for `function`'s wrong answer about the `stones` that `note` describes (none for an
    error, whose message says more, but for the bitboard's shifts tried on the set); it asks
    `function` about a line in mid-board, or three, to tell which slip it made."""
    if isinstance(answer, TypeError) and SET_SHIFTED.search(str(answer)):
        return (
            "here stones is a set of (column, row) cells, not a bitboard: the shifts of the "
            "notebook's four_in_a_row work on an int's bits. Look for the cells of a line in the "
            "set instead, such as (column + 1, row) in stones"
        )
    if isinstance(answer, BaseException):
        return None
    if isinstance(answer, GeneratorType):
        return (
            "that is a generator, as (... for ... in ...) gives: any(...) around it answers "
            "True or False"
        )
    if not is_truth_value(answer):
        return "answer True or False"
    if expected:
        return missed_four_hint(function, stones)
    if not stones:
        return "an empty set holds no stones, so no line: answer False for it"
    if says_four(function, set()):  # an empty board: stones kept from other calls
        return (
            "an empty board, asked again, gave True too: stones outlive the call and count on the "
            "next board, as in a default argument (cells=set() is made once, when def runs) or "
            "a set outside the function: make it inside the function"
        )
    if in_a_row(stones, 3) and says_four(function, THREE_IN_MID_BOARD):
        return "four in a line means four cells: three are not enough (count to four)"
    if "wrap" in note or "next" in note:
        return "a line stops at the board's edge: it never goes on in the next row or column"
    return "four in a line means four cells side by side, with no gap and no bend"


def missed_four_hint(function: Callable[[set], bool], stones: set) -> str:
    """A hint for `function`, which missed the four in `stones`: the way the line runs, if it
    misses such a line in mid-board too, else the board's edge."""
    probed = stops_at_first_stone(function)
    if probed:
        return (
            f"asked about {set_shown(probed)}, a four with a lone stone at {LONE_STONE} met first, "
            "it answered False after trying one stone. Return False only after both loops, once "
            "every stone has been tried in every direction"
        )
    step = next(step for step in DIRECTIONS if in_a_row(stones, 4, [step]))
    name, mid_board = DIRECTIONS[step]
    if not says_four(function, mid_board):
        return (
            f"a line {name} counts too, {step} a step: try each stone as the start of a line "
            "in each of four directions, (1, 0), (0, 1), (1, 1) and (1, -1)"
        )
    return "try every start and every direction, up to the board's last row and column"


@checks_a_function
def check_win_score(function: Callable[[int, int, int], int]) -> CheckResult:
    """Check `function(width, height, stones)`: the worth of a win by the `stones`-th stone."""
    whole = partial(WholeNumbers, why="a win's score is a whole number")
    hint = partial(score_hint, function)
    cases = reference_cases(function, score_of, SCORE_CASES, whole, hint)
    return run_cases("check_win_score", cases, QUICK_SECONDS)


def score_of(width: int, height: int, stones: int) -> int:
    """The worth of a win by the `stones`-th stone on a board of width x height (the check's own
    answer: the game's win_score counts the stones before it)."""
    return ConnectFour(width, height).win_score(stones - 1)


def score_hint(
    function: Callable, width: int, height: int, stones: int, answer: object
) -> str | None:
    """A hint for `function`'s wrong score on a board of `width` x `height` cells, won by the
    `stones`-th stone (none for an error: its message says more)."""
    cells = width * height
    if isinstance(answer, BaseException):
        return None
    if isinstance(answer, float):
        return "a score is a whole number: round down (//)"
    if answer == -((cells + 2 - stones) // 2):
        return "the score is the winner's: a positive number"
    if cells != SEVEN_BY_SIX and right_on_seven_by_six(function):  # another board is the slip
        if answer == score_of(7, 6, stones):
            return "that is the score on 7 x 6: this board has width * height cells"
        if cells % 2:  # half the board, as the exercise warns
            return (
                "this board has an odd number of cells: the first player can place one stone "
                "more than the second, so count the cells left after the winning stone"
            )
    if agrees_with(function, stones_first, SCORE_CASES):
        return "the arguments come as (width, height, stones): the stone count last"
    if agrees_with(function, lambda width, height, stones: width * height - stones, SCORE_CASES):
        return (
            "that is every cell left empty: the winner would fill only about half of them, "
            "by section 2's rule"
        )
    right = (cells + 2 - stones) // 2
    if answer == (cells + 1 - stones) // 2 != right:
        return (
            "stones counts the winning stone too: section 2's rule counts the stones before "
            "it, one fewer"
        )
    if answer == right + 1 and agrees_with(function, one_more, SCORE_CASES):
        return (
            "one more than section 2's rule gives, at every stone count: (width × height + 1 "
            "- n) // 2, n the stones before the winning one"
        )
    if answer == right + 1 and agrees_with(function, halved_apart, SCORE_CASES):
        return (
            "halve once, after taking away: width * height // 2 - stones // 2 rounds the "
            "stones' half down, and so the score up where stones is odd (on a board of an even "
            "number of cells). Take the stones from the cells first, then halve what is left"
        )
    if answer == right + 1 and (cells - stones) % 2:  # a half, rounded up
        return "a half is rounded down, with // 2: round() and math.ceil() can round it up"
    return None


def halved_apart(width: int, height: int, stones: int) -> int:
    """Section 2's rule with the cells and the stones halved apart, each rounded down: one more
    where the cells are even and the stones odd (a learner's likely slip)."""
    return width * height // 2 - stones // 2 + 1


def one_more(width: int, height: int, stones: int) -> int:
    """One more than the worth of a win by the `stones`-th stone: a learner's likely slip."""
    return score_of(width, height, stones) + 1


def stones_first(width: int, height: int, stones: int) -> int:
    """What a rule written for (stones, width, height) answers when called with (width, height,
    stones), as the check calls it: a learner's likely slip."""
    return (height * stones + 2 - width) // 2


def right_on_seven_by_six(function: Callable) -> bool:
    """Whether `function` scores every win right on 7 x 6: then its slip on another board is that
    board's."""
    wins = [(7, 6, stones) for stones in range(7, SEVEN_BY_SIX + 1)]
    return agrees_with(function, score_of, wins)
