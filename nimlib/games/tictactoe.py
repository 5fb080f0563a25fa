"""Tic-tac-toe: a game with draws, and with a board whose eight symmetries make many positions
alike.

A state is the board as a string read row by row, top to bottom: "X" and "O" for the marks, "." for
an empty square, so the empty board is "........." and "X...O...." has X in the top-left corner
and O in the centre. X always moves first, so the number of marks says whose turn it is: X when
both have as many, O when X has one more.

The squares are named like a chess board turned upside down: columns a, b, c from left to right,
rows 1, 2, 3 from top to bottom, so "a1" is the top-left corner and "b2" the centre.

**Scores.** A finished game is scored +1, 0 or -1 for the maximizing player. The maximizing player
is whoever is to move at the start of a search, X or O alike: a line of three is always made by
the player who just moved, so when the game ends in a line the player to move has lost. A position
is therefore worth the same to whoever is to move, whichever mark they play
(``score_depends_only_on_mover``), just as in Nim, and negamax needs no turn in its table.

``TicTacToe(size=4, in_a_row=3)`` plays on a larger board, where searching to the end is far too
slow and a search cut short scores its positions with ``estimate``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from operator import itemgetter

from nimlib.games.base import Game
from nimlib.games.printer import shown
from nimlib.games.values import for_mover, whole_number

EMPTY = "."
MARKS = ("X", "O")
COLUMNS = "abcdef"
LARGEST_BOARD = 5
ESTIMATE_SCALE = 0.9  # estimates stay within (-0.9, +0.9): always less sure than a finished game


@dataclass(frozen=True, repr=False)
class TicTacToe(Game):
    """Noughts and crosses on a `size` x `size` board: the first to get `in_a_row` marks in a line
    wins."""

    size: int = 3
    in_a_row: int | None = None
    lines: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    symmetries: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    lines_through: tuple[int, ...] = field(init=False, repr=False, compare=False)
    # the same lines and symmetries as itemgetters, which read a line's marks (or a turned board)
    # in one call: the searches read every line of every position they reach
    line_getters: tuple[itemgetter, ...] = field(init=False, repr=False, compare=False)
    symmetry_getters: tuple[itemgetter, ...] = field(init=False, repr=False, compare=False)
    full_lines: frozenset[tuple[str, ...]] = field(init=False, repr=False, compare=False)

    score_range = (-1, 1)
    name = "tic-tac-toe"
    score_depends_only_on_mover = True

    def __post_init__(self) -> None:
        size = whole_number(self.size, "size", smallest=3, largest=LARGEST_BOARD)
        in_a_row = (
            size
            if self.in_a_row is None
            else whole_number(self.in_a_row, "in_a_row", smallest=3, largest=size)
        )
        object.__setattr__(self, "size", size)
        object.__setattr__(self, "in_a_row", None if in_a_row == size else in_a_row)
        object.__setattr__(self, "lines", lines_of(size, in_a_row))
        object.__setattr__(self, "symmetries", symmetries_of(size))
        through = tuple(sum(square in line for line in self.lines) for square in range(size**2))
        object.__setattr__(self, "lines_through", through)
        object.__setattr__(self, "line_getters", tuple(itemgetter(*line) for line in self.lines))
        symmetry_getters = tuple(itemgetter(*symmetry) for symmetry in self.symmetries)
        object.__setattr__(self, "symmetry_getters", symmetry_getters)
        # a line filled by one player, as its getter reads it
        full_lines = frozenset((mark,) * in_a_row for mark in MARKS)
        object.__setattr__(self, "full_lines", full_lines)

    def start(self) -> str:
        """The empty board."""
        return EMPTY * self.size**2

    def to_move(self, state: str) -> str:
        """Whose turn it is: "X" when both have as many marks, else "O"."""
        return mark_to_move(self.validate(state))

    def winner(self, state: str) -> str | None:
        """The mark that has a line, or None."""
        return self.line_owner(self.validate(state))

    def line_owner(self, state: str) -> str | None:
        """The mark that has a line on a board already checked, or None: winner without the
        check, for the searches, which ask it at every position."""
        for marks_on in self.line_getters:
            marks = marks_on(state)
            if marks in self.full_lines:
                return marks[0]
        return None

    def completed_lines(self, state: str) -> list[tuple[int, ...]]:
        """The lines that one player's marks fill, in the order of `lines`."""
        return [
            line
            for line, marks_on in zip(self.lines, self.line_getters, strict=True)
            if marks_on(state) in self.full_lines
        ]

    def possible_new_states(self, state: str) -> list[str]:
        """The mover's mark on each empty square, in reading order; no move once somebody has a
        line."""
        if self.line_owner(state):
            return []
        mark = mark_to_move(state)
        return [
            state[:i] + mark + state[i + 1 :] for i, square in enumerate(state) if square == EMPTY
        ]

    def evaluate(self, state: str, is_maximizing: bool) -> int | None:
        """-1 for the player to move once the other has a line (+1 seen by the other), 0 for a full
        board."""
        if self.line_owner(state):
            return for_mover(-1, is_maximizing)
        return None if EMPTY in state else 0

    def estimate(self, state: str, is_maximizing: bool) -> float:
        """A guess for a search cut short: lines still open to the player to move minus lines open
        to the other (open: without the other's marks), over all lines, times 0.9."""
        mover = mark_to_move(state)
        difference = self.lines_open_to(state, mover) - self.lines_open_to(state, other_mark(mover))
        guess = ESTIMATE_SCALE * difference / len(self.lines)
        return for_mover(guess, is_maximizing)

    def open_lines(self, state: str, mark: str) -> int:
        """How many lines `mark` could still complete: those with no mark of the other player."""
        if mark not in MARKS:
            raise ValueError(f"mark must be 'X' or 'O', not {shown(mark)}")
        return self.lines_open_to(self.validate(state), mark)

    def lines_open_to(self, state: str, mark: str) -> int:
        """open_lines of a board and mark already checked: a search's estimate asks it at every
        leaf."""
        other = other_mark(mark)
        return sum(all(state[square] != other for square in line) for line in self.lines)

    def ordered_new_states(self, state: str, new_states: list[str]) -> list[str]:
        """The moves on squares with the most lines through them first (the centre, then corners),
        stable."""
        through = self.lines_through
        return sorted(new_states, key=lambda new_state: -through[changed_square(state, new_state)])

    def win_at_once(self, state: str) -> str | None:
        """The board after the mover completes a line, or None: a win now is the best there is."""
        if self.line_owner(state) or EMPTY not in state:
            return None
        mark = mark_to_move(state)
        square = next(iter(self.threats(state, mark)), None)
        return None if square is None else state[:square] + mark + state[square + 1 :]

    def safe_new_states(self, state: str) -> list[str]:
        """The moves after which the other player cannot complete a line: block their one threat, if
        any."""
        mark = mark_to_move(state)
        threats = self.threats(state, other_mark(mark))
        new_states = self.possible_new_states(state)
        if not threats:
            return new_states
        if len(threats) > 1:
            return []
        (square,) = threats
        return [new_state for new_state in new_states if new_state[square] == mark]

    def threats(self, state: str, mark: str) -> set[int]:
        """The empty squares on which `mark` would complete a line."""
        squares = set()
        for line in self.lines:
            marks = [state[square] for square in line]
            if marks.count(mark) == len(line) - 1 and EMPTY in marks:
                squares.add(line[marks.index(EMPTY)])
        return squares

    def canonical(self, state: str) -> str:
        """The smallest of the board's eight rotations and reflections: they all play alike."""
        return min("".join(turned(state)) for turned in self.symmetry_getters)

    def validate(self, state: object) -> str:
        """A board of size x size characters "X", "O" or ".", with counts and lines that play can
        reach."""
        squares = self.size**2
        if not isinstance(state, str) or len(state) != squares:
            raise ValueError(
                f"the board must be a string of {squares} characters X, O or . read row by row, "
                f"such as {'X' + 'O' + EMPTY * (squares - 2)!r}, not {shown(state)}"
            )
        bad = [character for character in state if character not in (*MARKS, EMPTY)]
        if bad:
            wrong = f"the board {shown(state)} has the character {shown(bad[0])}"
            raise ValueError(f"{wrong}: use only X, O and . (empty)")
        counts = Counter(state)
        if counts["X"] - counts["O"] not in (0, 1):
            raise ValueError(
                f"the board {shown(state)} has {counts['X']} X and {counts['O']} O: X moves first, "
                "so X has as many marks as O or one more"
            )
        self.check_lines(state, counts)
        return state

    def check_lines(self, state: str, counts: Counter) -> None:
        """A ValueError if both players have a line, or if the player with a line was not the last
        to move."""
        has_line = {state[line[0]] for line in self.completed_lines(state)}
        if has_line == set(MARKS):
            both = f"the board {shown(state)} has a line of X and a line of O"
            raise ValueError(f"{both}: the game ends at the first")
        last_to_move = "X" if counts["X"] > counts["O"] else "O"
        if has_line and has_line != {last_to_move}:
            line = f"the board {shown(state)} has a line of {has_line.pop()}"
            raise ValueError(f"{line}, yet the other player moved after it")

    def describe_move(self, state: str, new_state: str) -> str:
        """Such as "X at a1", or "O in the centre"."""
        state, new_state = self.checked_move(state, new_state)
        square = changed_square(state, new_state)
        mark = new_state[square]
        if self.size % 2 == 1 and square == self.size**2 // 2:
            return f"{mark} in the centre"
        return f"{mark} at {self.square_name(square)}"

    def square_name(self, square: int) -> str:
        """The name of square number `square` (from 0, in reading order): "a1", "b1", ..."""
        square = whole_number(square, "square", largest=self.size**2 - 1)
        row, column = divmod(square, self.size)
        return f"{COLUMNS[column]}{row + 1}"

    def play(self, state: str, square: int) -> str:
        """The board after the mover's mark on `square` (from 0, in reading order), or a
        ValueError naming the move if the game is over or the square is taken."""
        state = self.validate(state)
        square = whole_number(square, "square", largest=self.size**2 - 1)
        name, winner = f"square {self.square_name(square)}", self.line_owner(state)
        if winner:
            raise ValueError(f"{name}: the game is over, {winner} has a line")
        if state[square] != EMPTY:
            raise ValueError(f"{name} is taken: choose an empty square")
        return state[:square] + mark_to_move(state) + state[square + 1 :]

    def square_number(self, name: str) -> int:
        """The number of the square called `name` (such as "b2"), or a ValueError naming the
        squares."""
        names = [self.square_name(square) for square in range(self.size**2)]
        cleaned = name.strip().lower() if isinstance(name, str) else name
        if cleaned not in names:
            raise ValueError(
                f"{shown(name, 40)} is not a square: name one by its column and row, from a1 to "
                f"{names[-1]}"
            )
        return names.index(cleaned)

    def picture(self, state: str) -> str:
        """The board as lines of text, with the names of the columns and rows."""
        state = self.validate(state)
        header = "  " + " ".join(COLUMNS[: self.size])
        rows = [
            f"{row + 1} " + " ".join(state[row * self.size : (row + 1) * self.size])
            for row in range(self.size)
        ]
        return "\n".join([header, *rows])


def mark_to_move(state: str) -> str:
    """Whose turn it is on a board already checked: "X" when both have as many marks, else "O"."""
    return "X" if state.count("X") == state.count("O") else "O"


def other_mark(mark: str) -> str:
    """The other player's mark: "O" for "X", "X" for "O"."""
    return "O" if mark == "X" else "X"


def changed_square(state: str, new_state: str) -> int:
    """The square on which a move from `state` to `new_state` put its mark."""
    return next(
        i for i, (before, after) in enumerate(zip(state, new_state, strict=True)) if before != after
    )


def lines_of(size: int, in_a_row: int) -> tuple[tuple[int, ...], ...]:
    """Every line of `in_a_row` squares on a `size` x `size` board: across, down and both
    diagonals."""
    lines = []
    for row in range(size):
        for column in range(size):
            for down, across in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_row, end_column = row + down * (in_a_row - 1), column + across * (in_a_row - 1)
                if end_row < size and 0 <= end_column < size:
                    lines.append(
                        tuple(
                            (row + down * k) * size + column + across * k for k in range(in_a_row)
                        )
                    )
    return tuple(lines)


def symmetries_of(size: int) -> tuple[tuple[int, ...], ...]:
    """The eight rotations and reflections of the board, each as the square that lands on each
    square."""

    def square(row: int, column: int) -> int:
        return row * size + column

    last = size - 1
    moves = [
        lambda r, c: (r, c),
        lambda r, c: (c, last - r),
        lambda r, c: (last - r, last - c),
        lambda r, c: (last - c, r),
        lambda r, c: (r, last - c),
        lambda r, c: (last - r, c),
        lambda r, c: (c, r),
        lambda r, c: (last - c, last - r),
    ]
    return tuple(
        tuple(square(*move(r, c)) for r in range(size) for c in range(size)) for move in moves
    )
