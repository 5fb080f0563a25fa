"""play_grid(): tic-tac-toe against the computer on a grid of 3 x 3 buttons.

Click an empty square to put your mark there; the computer answers at once with best_move
(theory's computer_move, as in play() and the terminal). The player who moves first plays X.
When the game ends the winning line lights up. The columns are lettered and the rows numbered
around the board, as the words name the squares ("O at a1"). Shown without a running kernel (a
saved notebook, a slide), the widget is a picture of its board and its words. The frame of the
game (who moves first, New game, late clicks, the words) is match.py's Match.
"""

from __future__ import annotations

import functools
import html

import ipywidgets as widgets

from nimlib.games.printer import shown
from nimlib.games.tictactoe import COLUMNS, EMPTY, TicTacToe
from nimlib.widgets.match import Match, game_or_new

SQUARE = "64px"
LABEL = "24px"  # the column of row numbers, beside the squares
LABEL_STYLE = "color:#595959;background:white;font-size:16px;text-align:center"  # 7:1
# An empty square's text: a no-break space, since a button in the browser redraws its text only when
# it is non-empty
BLANK = "\u00a0"
# Okabe-Ito blue, and a darker vermillion: 3:1 on the winning line's yellow (issue 35)
MARK_COLOURS = {"X": "#0072b2", "O": "#b34d00"}
LINE_COLOUR = "#f0e442"  # Okabe-Ito yellow: the winning line


class GridMatch(Match):
    """A game of tic-tac-toe against the computer: the board as buttons, the computer's answers by
    best_move."""

    def __init__(self, game: TicTacToe | None = None, you_start: bool = True) -> None:
        """A match on `game`'s 3 x 3 grid of buttons."""
        game = three_by_three(game_or_new(game, TicTacToe))
        self.squares = [self.square_button(game, square) for square in range(game.size**2)]
        # the columns lettered above and the rows numbered beside, as the squares are named
        cells = [grid_label(""), *map(grid_label, COLUMNS[: game.size])]
        for row in range(game.size):
            cells += [grid_label(str(row + 1)), *self.squares[row * game.size :][: game.size]]
        columns = f"{LABEL} repeat({game.size}, {SQUARE})"
        self.grid = widgets.GridBox(
            cells, layout=widgets.Layout(grid_template_columns=columns, grid_gap="4px")
        )
        self.grid.add_class("nim-grid")
        super().__init__(game, you_start, [self.grid], self.squares)
        self.add_class("nim-grid-play")

    def square_button(self, game: TicTacToe, square: int) -> widgets.Button:
        """The button of one square, which plays there when clicked."""
        button = widgets.Button(description=BLANK, tooltip=game.square_name(square))
        button.layout = widgets.Layout(width=SQUARE, height=SQUARE)
        button.style.font_size, button.style.font_weight = "28px", "bold"
        button.add_class("nim-square")
        button.on_click(functools.partial(self.click, square))
        return button

    def prompt(self) -> str:
        """What to do on your turn."""
        return f"Your turn: click an empty square for {self.your_mark}."

    def show_board(self) -> None:
        """Marks on the squares and the winning line lit; every square stays clickable, so that
        marks stay crisp (a disabled button is drawn faded), and a click on a taken square says why
        nothing happens."""
        line = self.winning_line()
        for square, button in enumerate(self.squares):
            mark = self.state[square]
            button.description = BLANK if mark == EMPTY else mark
            button.style.text_color = MARK_COLOURS.get(mark, "black")
            button.style.button_color = LINE_COLOUR if square in line else None

    def is_on(self, index: int) -> bool:
        """Every square on, even once the game is over: a disabled button is drawn faded, and the
        final board's marks and winning line stay crisp (a click there says the game is over)."""
        return True

    def winning_line(self) -> tuple[int, ...]:
        """The squares of a completed line, or () if there is none."""
        lines = self.game.completed_lines(self.state)
        return lines[0] if lines else ()

    def board_picture(self) -> str:
        """The board as static HTML (a plain table, which every sanitizer keeps): what a saved
        notebook shows without a kernel."""
        line, size = self.winning_line(), self.game.size
        letters = "".join(f'<th style="{LABEL_STYLE}">{letter}</th>' for letter in COLUMNS[:size])
        rows = [f"<tr><th></th>{letters}</tr>"]
        for row in range(size):
            cells = [f'<th style="{LABEL_STYLE};width:{LABEL}">{row + 1}</th>']
            for square in range(row * size, (row + 1) * size):
                mark = self.state[square]
                background = LINE_COLOUR if square in line else "#eeeeee"
                cells.append(
                    f'<td style="width:{SQUARE};height:{SQUARE};background:{background};'
                    f"color:{MARK_COLOURS.get(mark, 'black')};font-size:28px;font-weight:bold;"
                    'text-align:center;padding:0">'
                    f"{html.escape(mark if mark != EMPTY else '')}</td>"
                )
            rows.append(f"<tr>{''.join(cells)}</tr>")
        return f'<table style="border-collapse:separate;border-spacing:4px">{"".join(rows)}</table>'


def grid_label(text: str) -> widgets.HTML:
    """A column's letter or a row's number beside the squares, centred in its cell."""
    label = widgets.HTML(f'<div style="{LABEL_STYLE}">{text}</div>')
    label.layout = widgets.Layout(width="auto", align_self="center")
    return label


def three_by_three(game: TicTacToe) -> TicTacToe:
    """`game` if its board is 3 x 3 (small enough to search to the end), else a ValueError."""
    if game.size != 3:
        raise ValueError(
            "the grid plays on a 3 x 3 board, which the computer searches to the end, not on "
            f"{shown(game)}: "
            "larger boards need a search cut short at some depth"
        )
    return game


def play_grid(game: TicTacToe | None = None, *, you_start: bool = True) -> GridMatch:
    """Play tic-tac-toe against the computer on a grid of buttons (X moves first)."""
    return GridMatch(game, you_start)
