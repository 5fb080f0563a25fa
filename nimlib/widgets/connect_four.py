"""play_connect_four(): Connect Four against the computer, which thinks within a time budget.

Click a column's button to drop your stone there. The computer answers with the anytime mode of
nimlib's "deepening" search (``best_move(..., anytime=True)``): it searches deeper and deeper (1,
2, 3, ... moves ahead) until its time is up, and plays the best move of the deepest search it
finished. It says that search's score (exact once the search reached the end of every line, else
an estimate from the threats each side has), how deep it looked, and its principal variation
(``principal_variation``), the moves it expects next. Shown without a running kernel, the widget is
a picture of its board and its words.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from time import monotonic

import ipywidgets as widgets

from nimlib.drawing.board import board_html
from nimlib.games.base import is_number, plural, shown, truth_value
from nimlib.games.connect_four import MARKS, Board, ConnectFour
from nimlib.search.limits import SearchBudgetExceeded
from nimlib.search.solve import best_move, principal_variation
from nimlib.search.stats import SearchStats
from nimlib.widgets.controls import html_lines, message, reporting_errors, toggles

SEARCH = "deepening"  # the strongest general search, which can stop between iterations (anytime)
THINKING = 2 / 3  # the share of the time per move spent finding the move; the rest finds the line it expects
LONGEST_THOUGHT = 10.0  # seconds: the most a learner may give the computer per move


@dataclass
class Thought:
    """What the computer found: its move, the score for it, how deep it looked, and the moves it expects."""

    new_state: Board
    score: float
    depth: int
    exact: bool
    variation: list[Board]


def think(game: ConnectFour, state: Board, seconds: float) -> Thought:
    """The computer's move, found within about `seconds` (wall clock) by the anytime deepening search.

    Two thirds of the time go to ``best_move(..., anytime=True)``: it searches 1, 2, 3, ... moves
    ahead and plays the best move of the deepest search finished in time, exact once a search
    reached the end of every line. The rest goes to the principal variation of that search, the
    moves it expects next (fewer of them if the whole line does not fit in the time left).
    """
    deadline = monotonic() + seconds
    stats = SearchStats(max_calls=None, max_seconds=seconds * THINKING, track_states=False)
    score, new_state = best_move(game, state, SEARCH, stats, anytime=True)
    line = expected_line(game, new_state, stats.depth - 1, deadline)
    return Thought(new_state, score, stats.depth, stats.exact, line)


def expected_line(game: ConnectFour, state: Board, depth: int, deadline: float) -> list[Board]:
    """The principal variation from `state`, `depth` moves ahead, or less deep if that takes past `deadline`
    (each try gets half the time left, and the next one looks half as deep)."""
    while depth > 0 and monotonic() < deadline:
        stats = SearchStats(max_calls=None, max_seconds=(deadline - monotonic()) / 2, track_states=False)
        try:
            return principal_variation(game, state, SEARCH, stats, depth=depth)
        except SearchBudgetExceeded:
            depth //= 2
    return []


class ConnectFourMatch(widgets.VBox):
    """A game of Connect Four against the computer: a button per column above the board's picture."""

    def __init__(self, game: ConnectFour | None = None, you_start: bool = True, seconds: float = 1.0) -> None:
        self.game = ConnectFour() if game is None else checked_game(game)
        self.seconds = checked_seconds(seconds)
        self.first = toggles({True: "you", False: "the computer"}, truth_value(you_start, "you_start"), "first move")
        self.new_game_button = widgets.Button(description="New game", icon="refresh")
        self.columns = [self.column_button(column) for column in range(1, self.game.width + 1)]
        self.board = widgets.HTML()
        self.words = widgets.HTML()
        buttons = widgets.HBox(self.columns, layout=widgets.Layout(width=f"{40 * self.game.width}px"))
        super().__init__([widgets.HBox([self.first, self.new_game_button]), buttons, self.board, self.words])
        self.add_class("nim-connect-four")
        self.history: list[Board] = []
        self.news: list[str] = []
        self.first.observe(self.new_game, names="value")
        self.new_game_button.on_click(self.new_game)
        self.new_game()

    def column_button(self, column: int) -> widgets.Button:
        """The button above `column` (from 1), which drops a stone there."""
        button = widgets.Button(description=f"{column}", tooltip=f"drop a stone in column {column}")
        button.layout = widgets.Layout(width="38px", height="32px", margin="0 1px", padding="0")
        button.on_click(functools.partial(self.click, column))
        return button

    @property
    def state(self) -> Board:
        """The board now."""
        return self.history[-1]

    @property
    def your_mark(self) -> str:
        """X (red) if you move first, else O (yellow)."""
        return MARKS[0] if self.first.value else MARKS[1]

    @property
    def is_your_turn(self) -> bool:
        """Whether the stone to play now is yours."""
        return MARKS[self.game.stones(self.state) % 2] == self.your_mark

    @property
    def is_over(self) -> bool:
        """Whether somebody has four in a row or the board is full."""
        return self.game.evaluate(self.state, True) is not None

    @reporting_errors
    def new_game(self, *change: object) -> None:
        """An empty board; the computer moves at once if it begins."""
        self.history = [self.game.start()]
        colour = "red" if self.your_mark == MARKS[0] else "yellow"
        self.news = [f"New game: you play {colour}."]
        if not self.is_your_turn:
            self.computer_moves()
        self.show()

    def click(self, column: int, button: widgets.Button) -> None:
        """A column's click: play there."""
        self.choose(column)

    @reporting_errors
    def choose(self, column: int) -> None:
        """Drop your stone in `column` (from 1 at the left), then let the computer answer."""
        if self.is_over:
            raise ValueError(f"the game is over: {self.outcome()}. Press New game to play again.")
        new_state = self.game.play(self.state, column)
        self.news = [f"You: column {column}."]
        self.history.append(new_state)
        if not self.is_over:
            self.computer_moves()
        self.show()

    def computer_moves(self) -> None:
        """The computer thinks within its time budget and plays what it found."""
        thought = think(self.game, self.state, self.seconds)
        column = self.game.column_played(self.state, thought.new_state)
        kind = "exact" if thought.exact else "an estimate"
        line = [column] + [
            self.game.column_played(a, b)
            for a, b in zip([thought.new_state, *thought.variation], thought.variation, strict=False)
        ]
        self.news.append(
            f"The computer: column {column}, score {thought.score:+g} for it "
            f"({kind}, {plural(thought.depth, 'move')} ahead)."
        )
        self.news.append(f"It expects the columns {', '.join(map(str, line))}.")
        self.history.append(thought.new_state)

    def status(self) -> str:
        """Whose turn it is, or how the game ended."""
        if not self.is_over:
            return "Your turn: click a column." if self.is_your_turn else "Thinking..."
        return {"a draw": "A draw. Press New game to play again.", "you won": "You won! 🎉"}.get(
            self.outcome(), "The computer won. Press New game to try again."
        )

    def outcome(self) -> str:
        """How the game ended, in a few words."""
        if not self.game.has_won(self.state):
            return "a draw"
        winner = MARKS[(self.game.stones(self.state) + 1) % 2]
        return "you won" if winner == self.your_mark else "the computer won"

    def show(self) -> None:
        """The board's picture and the words under it."""
        last = self.game.column_played(*self.history[-2:]) if len(self.history) > 1 else None
        self.board.value = board_html(self.game, self.state, highlight=last)
        self.words.value = html_lines([*self.news, self.status()])

    def show_error(self, error: Exception) -> None:
        """Show `error` under the board as it is."""
        self.words.value = html_lines([message(error), self.status()])

    @property
    def text(self) -> str:
        """The board, the news and the status, as plain text."""
        return "\n".join([self.game.picture(self.state), *self.news, self.status()])

    def _repr_mimebundle_(self, **kwargs: object) -> dict:
        """The live widget, with a still picture and text for a notebook read without a kernel."""
        bundle = super()._repr_mimebundle_(**kwargs) or {}
        still = self.board.value + self.words.value
        return {**bundle, "text/html": still, "text/plain": self.text}

    def __repr__(self) -> str:
        return f"A game of {self.game.name} against the computer"


def checked_game(game: object) -> ConnectFour:
    """`game` if it is a ConnectFour, else a ValueError."""
    if not isinstance(game, ConnectFour):
        raise ValueError(f"game must be a ConnectFour such as ConnectFour(), not {shown(game)}")
    return game


def checked_seconds(seconds: object) -> float:
    """`seconds` if it is a number of seconds the computer may think (above 0, at most 10), else a ValueError."""
    if not (is_number(seconds) and 0 < seconds <= LONGEST_THOUGHT):
        raise ValueError(f"seconds must be a number above 0 and at most {LONGEST_THOUGHT:g}, not {shown(seconds)}")
    return float(seconds)


def play_connect_four(
    game: ConnectFour | None = None, *, you_start: bool = True, seconds: float = 1.0
) -> ConnectFourMatch:
    """Play Connect Four against the computer, which thinks at most about `seconds` per move (wall clock)."""
    return ConnectFourMatch(game, you_start, seconds)
