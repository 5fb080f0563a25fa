"""play_grid(): tic-tac-toe against the computer on a grid of 3 x 3 buttons.

Click an empty square to put your mark there; the computer answers at once with best_move. The
player who moves first plays X. When the game ends the winning line lights up. Shown without a
running kernel (a saved notebook, a slide), the widget is a picture of its board and its words.
"""

from __future__ import annotations

import functools
import html

import ipywidgets as widgets

from nimlib.games.base import truth_value, whole_number
from nimlib.games.tictactoe import EMPTY, TicTacToe
from nimlib.search.solve import best_move
from nimlib.search.stats import SearchStats
from nimlib.widgets.controls import html_lines, message, reporting_errors, toggles

GRID_CALLS = 200_000  # the computer's budget: 3 x 3 needs a few thousand calls with canonical positions
SQUARE = "64px"
# An empty square's text: a no-break space, since a button in the browser redraws its text only when it is non-empty
BLANK = "\u00a0"
MARK_COLOURS = {"X": "#0072b2", "O": "#d55e00"}  # Okabe-Ito blue and vermillion
LINE_COLOUR = "#f0e442"  # Okabe-Ito yellow: the winning line


class GridMatch(widgets.VBox):
    """A game of tic-tac-toe against the computer: the board as buttons, the computer's answers by best_move."""

    def __init__(self, game: TicTacToe | None = None, you_start: bool = True) -> None:
        self.game = TicTacToe() if game is None else checked_game(game)
        you_start = truth_value(you_start, "you_start")
        self.first = toggles({True: "you", False: "the computer"}, you_start, "first move")
        self.first.style.description_width = "initial"
        self.new_game_button = widgets.Button(description="New game", icon="refresh")
        self.squares = [self.square_button(square) for square in range(self.game.size**2)]
        columns = f"repeat({self.game.size}, {SQUARE})"
        self.grid = widgets.GridBox(self.squares, layout=widgets.Layout(grid_template_columns=columns, grid_gap="4px"))
        self.grid.add_class("nim-grid")
        self.words = widgets.HTML()
        self.words.add_class("nim-grid-words")
        self.history: list[str] = []
        self.news: list[str] = []
        super().__init__([widgets.HBox([self.first, self.new_game_button]), self.grid, self.words])
        self.add_class("nim-grid-play")
        self.first.observe(self.new_game, names="value")
        self.new_game_button.on_click(self.new_game)
        self.new_game()

    def square_button(self, square: int) -> widgets.Button:
        """The button of one square, which plays there when clicked."""
        button = widgets.Button(description=BLANK, tooltip=self.game.square_name(square))
        button.layout = widgets.Layout(width=SQUARE, height=SQUARE)
        button.style.font_size, button.style.font_weight = "28px", "bold"
        button.add_class("nim-square")
        button.on_click(functools.partial(self.click, square))
        return button

    @property
    def state(self) -> str:
        """The board now."""
        return self.history[-1]

    @property
    def your_mark(self) -> str:
        """X if you move first, else O."""
        return "X" if self.first.value else "O"

    @property
    def is_your_turn(self) -> bool:
        """Whether the mark to move now is yours."""
        return self.game.to_move(self.state) == self.your_mark

    @property
    def is_over(self) -> bool:
        """Whether somebody has a line or the board is full."""
        return self.game.evaluate(self.state, True) is not None

    @reporting_errors
    def new_game(self, *change: object) -> None:
        """An empty board; the computer moves at once if it begins."""
        self.history = [self.game.start()]
        self.news = [f"New game: you play {self.your_mark}."]
        if not self.is_your_turn:
            self.computer_moves()
        self.show()

    def click(self, square: int, button: widgets.Button) -> None:
        """A square's click: play there."""
        self.choose(square)

    @reporting_errors
    def choose(self, square: int) -> None:
        """Put your mark on `square` (numbered from 0 in reading order), then let the computer answer."""
        square = whole_number(square, "square", largest=self.game.size**2 - 1)
        if self.is_over:
            raise ValueError(f"the game is over: {self.outcome()}. Press New game to play again.")
        if self.state[square] != EMPTY:
            raise ValueError(f"square {self.game.square_name(square)} is taken: choose an empty square")
        new_state = self.state[:square] + self.your_mark + self.state[square + 1 :]
        self.news = [f"You: {self.game.describe_move(self.state, new_state)}."]
        self.history.append(new_state)
        if not self.is_over:
            self.computer_moves()
        self.show()

    def computer_moves(self) -> None:
        """The computer plays best_move, remembering positions by their canonical form."""
        stats = SearchStats(max_calls=GRID_CALLS, track_states=False)
        _, new_state = best_move(self.game, self.state, "memo_canonical", stats)
        self.news.append(f"The computer: {self.game.describe_move(self.state, new_state)}.")
        self.history.append(new_state)

    def status(self) -> str:
        """Whose turn it is, or how the game ended."""
        if not self.is_over:
            return f"Your turn: click an empty square for {self.your_mark}." if self.is_your_turn else "Thinking..."
        winner = self.game.winner(self.state)
        if winner is None:
            return "A draw: nobody won. Press New game to play again."
        return "You won! 🎉" if winner == self.your_mark else "The computer won. Press New game to try again."

    def outcome(self) -> str:
        """How the game ended, in a few words: who won, or a draw."""
        winner = self.game.winner(self.state)
        if winner is None:
            return "a draw"
        return "you won" if winner == self.your_mark else "the computer won"

    def show(self) -> None:
        """Marks on the squares and the winning line lit; every square stays clickable, so that marks stay
        crisp (a disabled button is drawn faded), and a click on a taken square says why nothing happens."""
        line = self.winning_line()
        for square, button in enumerate(self.squares):
            mark = self.state[square]
            button.description = BLANK if mark == EMPTY else mark
            button.style.text_color = MARK_COLOURS.get(mark, "black")
            button.style.button_color = LINE_COLOUR if square in line else None
        self.words.value = html_lines([*self.news, self.status()])

    def winning_line(self) -> tuple[int, ...]:
        """The squares of a completed line, or () if there is none."""
        winner = self.game.winner(self.state)
        lines = [line for line in self.game.lines if winner and all(self.state[i] == winner for i in line)]
        return lines[0] if lines else ()

    def show_error(self, error: Exception) -> None:
        """Show `error` as the news, under the board as it is."""
        self.news = [message(error)]
        self.words.value = html_lines(self.news)

    @property
    def text(self) -> str:
        """The board, the news and the status, as plain text."""
        return "\n".join([self.game.picture(self.state), *self.news, self.status()])

    def snapshot_html(self) -> str:
        """The board and the words as static HTML (a plain table, which every sanitizer keeps): what a
        saved notebook shows without a kernel."""
        line, size = self.winning_line(), self.game.size
        rows = []
        for row in range(size):
            cells = []
            for square in range(row * size, (row + 1) * size):
                mark = self.state[square]
                background = LINE_COLOUR if square in line else "#eeeeee"
                cells.append(
                    f'<td style="width:{SQUARE};height:{SQUARE};background:{background};'
                    f"color:{MARK_COLOURS.get(mark, 'black')};font-size:28px;font-weight:bold;"
                    f'text-align:center;padding:0">{html.escape(mark if mark != EMPTY else "")}</td>'
                )
            rows.append(f"<tr>{''.join(cells)}</tr>")
        table = f'<table style="border-collapse:separate;border-spacing:4px">{"".join(rows)}</table>'
        return table + html_lines([*self.news, self.status()])

    def _repr_mimebundle_(self, **kwargs: object) -> dict:
        """The live widget, with a static picture and text for a notebook read without a kernel."""
        bundle = super()._repr_mimebundle_(**kwargs) or {}
        return {**bundle, "text/html": self.snapshot_html(), "text/plain": self.text}

    def __repr__(self) -> str:
        return f"A game of {self.game.name} against the computer"


def checked_game(game: object) -> TicTacToe:
    """`game` if it is tic-tac-toe on a 3 x 3 board (small enough to search to the end), else a ValueError."""
    if not isinstance(game, TicTacToe):
        raise ValueError(f"game must be a TicTacToe such as TicTacToe(), not {game!r}")
    if game.size != 3:
        raise ValueError(
            f"the grid plays on a 3 x 3 board, which the computer searches to the end, not on {game!r}: "
            "larger boards need a search cut short at some depth"
        )
    return game


def play_grid(game: TicTacToe | None = None, *, you_start: bool = True) -> GridMatch:
    """Play tic-tac-toe against the computer on a grid of buttons (X moves first)."""
    return GridMatch(game, you_start)
