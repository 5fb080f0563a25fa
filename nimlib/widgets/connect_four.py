"""play_connect_four(): Connect Four against the computer, which thinks within a time budget.

Click a column's button to drop your stone there (a full column's button says "full"). The computer
answers as the terminal game's does (``theory.computer_move_in_time``), with the anytime mode of
nimlib's "deepening" search (``best_move(..., anytime=True)``): it searches deeper and deeper (1,
2, 3, ... moves ahead) until its time is up, and plays the best move of the deepest search it
finished. It says that search's score and what it means: exact once the
search reached the end of every line (who wins, with how many more stones), else an estimate from
the threats each side has and how deep it looked; and the moves it expects after its own, from its
principal variation (``principal_variation``). Once somebody has four in a row, the four are ringed
on the board. Shown without a running kernel, the widget is a picture of its board and its words.
The frame of the game (who moves first, New game, late clicks, the words) is match.py's Match.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from time import monotonic

import ipywidgets as widgets

from nimlib.book.limits import SearchBudgetExceeded
from nimlib.book.stats import SearchStats
from nimlib.drawing.board import board_html
from nimlib.drawing.nodes import score_text
from nimlib.games.connect_four import Board, ConnectFour
from nimlib.games.printer import plural
from nimlib.games.values import checked_seconds
from nimlib.solving import principal_variation
from nimlib.theory import TimedMove, computer_move_in_time
from nimlib.widgets.match import Match, game_or_new
from nimlib.widgets.saved import Setting

SEARCH = "deepening"  # the strongest general search, which can stop between iterations (anytime)
# the share of the time per move spent finding the move; the rest finds the line it expects
THINKING = 2 / 3
LONGEST_THOUGHT = 10.0  # seconds: the most a learner may give the computer per move


@dataclass
class Thought:
    """What the computer found: its move (theory.TimedMove) and the moves it expects after it."""

    move: TimedMove
    variation: list[Board]


def think(game: ConnectFour, state: Board, seconds: float) -> Thought:
    """The computer's move, found within about `seconds` (wall clock).

    Two thirds of the time go to the move (theory.computer_move_in_time, as the terminal game plays
    it), the rest to the principal variation of its search, the moves it expects next (fewer of
    them if the whole line does not fit in the time left; none after a move not searched).
    """
    deadline = monotonic() + seconds
    move = computer_move_in_time(game, state, seconds * THINKING)
    if move.score is None:
        return Thought(move, [])
    return Thought(move, expected_line(game, move.new_state, move.depth - 1, deadline))


def expected_line(game: ConnectFour, state: Board, depth: int, deadline: float) -> list[Board]:
    """The principal variation from `state`, `depth` moves ahead, or, if that does not end by
    `deadline`, the deepest one that did (looking 1, 2, 3, ... moves ahead in turn)."""
    line: list[Board] = []
    for ahead in range(1, depth + 1):
        left = deadline - monotonic()
        if left <= 0:
            break
        stats = SearchStats(max_calls=None, max_seconds=left, track_states=False)
        try:
            line = principal_variation(game, state, SEARCH, stats, depth=ahead)
        except SearchBudgetExceeded:
            break
    return line


class ConnectFourMatch(Match):
    """A game of Connect Four against the computer: a button per column above the board's
    picture."""

    sides = {"X": "red (X)", "O": "yellow (O)"}  # the stones' colours, and their letters

    def __init__(
        self, game: ConnectFour | None = None, you_start: bool = True, seconds: float = 1.0
    ) -> None:
        """A match on `game`'s board, the computer thinking `seconds` a move."""
        game = game_or_new(game, ConnectFour)
        self.seconds = float(checked_seconds(seconds, "seconds", longest=LONGEST_THOUGHT))
        self.columns = [self.column_button(column) for column in range(1, game.width + 1)]
        self.board = widgets.HTML()
        buttons = widgets.HBox(self.columns, layout=widgets.Layout(width=f"{40 * game.width}px"))
        super().__init__(game, you_start, [buttons, self.board], self.columns)
        self.add_class("nim-connect-four")

    def column_button(self, column: int) -> widgets.Button:
        """The button above `column` (from 1), which drops a stone there."""
        button = widgets.Button()  # its words are show_board's: the number, or "full"
        button.layout = widgets.Layout(width="38px", height="32px", margin="0 1px", padding="0")
        button.on_click(functools.partial(self.click, column))
        return button

    def move_words(self, state: Board, new_state: Board) -> str:
        """Such as "column 4"."""
        return f"column {self.game.column_played(state, new_state)}"

    def computer_moves(self) -> None:
        """The computer thinks within its time budget, plays, and says its score and the line it
        expects."""
        state, thought = self.state, think(self.game, self.state, self.seconds)
        self.play(thought.move.new_state, "The computer")
        self.news.append(score_words(self.game, state, thought))
        if thought.variation:
            self.news.append(expected(self.game, thought))

    def prompt(self) -> str:
        """What to do on your turn."""
        return "Your turn: click a column's number above the board."

    def is_on(self, index: int) -> bool:
        """Whether the button of column `index` (from 0 at the left) is on: while the game goes on,
        if the column has room (a full column's button is off)."""
        return super().is_on(index) and not self.is_full(index)

    def is_full(self, index: int) -> bool:
        """Whether column `index` (from 0 at the left) has no room for another stone."""
        return self.game.is_full(self.state[1], index)

    def show_board(self) -> None:
        """The board's picture, the last stone's column marked and, once somebody has won, the four
        ringed; a full column's button says "full" in place of its number."""
        for column, button in enumerate(self.columns, start=1):
            full = self.is_full(column - 1)
            button.description = "full" if full else f"{column}"
            button.tooltip = (
                f"column {column} is full" if full else f"drop a stone in column {column}"
            )
        last = self.game.column_played(*self.history[-2:]) if len(self.history) > 1 else None
        four = self.game.winning_cells(self.state)
        self.board.value = board_html(
            self.game, self.state, highlight=None if four else last, rings=four
        )

    def settings(self) -> list[Setting]:
        """Who moved first and the computer's time per move, for the still picture."""
        return [*super().settings(), ("time per move", f"{self.seconds:g} s")]


def score_words(game: ConnectFour, state: Board, thought: Thought) -> str:
    """The computer's score for its move from `state`, and what it means: exact once its search
    reached the end of the game (who wins, with how many more stones), else an estimate from how the
    board looks."""
    move = thought.move
    score = move.score
    if score is None:
        return "Out of time before it looked one move ahead: it played its most promising move."
    if not move.exact:
        rounded = round(score, 1)  # an estimate's tenths are all it means
        leaning = "it thinks you are ahead" if rounded < 0 else "it thinks it is ahead"
        return (
            f"Score for it: {score_text(rounded)}, an estimate: it looked "
            f"{plural(move.depth, 'move')} ahead, not to the end of the game "
            f"({leaning if rounded else 'it sees the game as even'})."
        )
    ending = game.outlook(game.stones(state), score)
    return (
        f"Score for it: {score_text(score)}, exact (it searched to the end of the game): {ending}."
    )


def expected(game: ConnectFour, thought: Thought) -> str:
    """The moves the computer expects after its own, yours first: "It expects you to play column 5,
    then columns 6, 4."."""
    states = [thought.move.new_state, *thought.variation]
    columns = [game.column_played(a, b) for a, b in zip(states, states[1:], strict=False)]
    later = ", ".join(map(str, columns[1:]))
    then = f", then column{'s' if len(columns) > 2 else ''} {later}" if later else ""
    return f"It expects you to play column {columns[0]}{then}."


def play_connect_four(
    game: ConnectFour | None = None, *, you_start: bool = True, seconds: float = 1.0
) -> ConnectFourMatch:
    """Play Connect Four against the computer, which thinks at most about `seconds` per move (wall
    clock)."""
    return ConnectFourMatch(game, you_start, seconds)
