"""Connect Four's board as a picture: a blue frame with a circle per cell, red and yellow stones.

Nothing is told by colour alone: each stone carries its player's mark (X on red, O on yellow) and
a white rim that sets it off from the frame by more than WCAG's 3:1 for graphics; the picture's
<title> and <desc>, and the <img>'s alt text (the same words), give the board as text.

The picture is an SVG inside an ``<img>`` (a data: URI), so a saved notebook shows it without
trust and without a kernel, as every picture of nimlib does.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from nimlib.drawing.picture import data_uri, image, with_text_alternative
from nimlib.games.connect_four import Board, ConnectFour
from nimlib.games.values import checked_game

CELL = 40  # pixels per cell
# the first player red, the second yellow
COLOURS = {"X": "#d62828", "O": "#f4c430", ".": "#ffffff"}
# each stone's letter: 4.6:1 on red, 11:1 on yellow
LETTER_COLOURS = {"X": "#ffffff", "O": "#111111"}
RIM = "#ffffff"  # round each stone: 8.4:1 against the frame, where red alone has 1.7:1
BOARD_COLOUR = "#1d4e89"  # the frame the stones sit in
RING = "#111111"  # the ring on each stone of a winning four: dark on red and on yellow


def board_svg(
    game: ConnectFour,
    state: Board,
    *,
    highlight: int | None = None,
    rings: Iterable[tuple[int, int]] = (),
) -> str:
    """The board as SVG: circles for the cells, the column numbers below; `highlight` frames a
    column (from 1), `rings` marks stones, given as (column, row) from 1 at the bottom left (such as
    a winning four)."""
    rows = game.mark_rows(state)
    width, height = game.width * CELL, (game.height + 0.6) * CELL
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" font-family="sans-serif" font-size="{CELL * 0.4:g}">',
        f'<rect width="{width:g}" height="{game.height * CELL}" rx="8" fill="{BOARD_COLOUR}"/>',
    ]
    for row, line in enumerate(rows):
        for column, mark in enumerate(line):
            x, y = (column + 0.5) * CELL, (row + 0.5) * CELL
            parts.append(stone(x, y, mark))
    for column, row in rings:
        x, y = (column - 0.5) * CELL, (game.height - row + 0.5) * CELL
        parts.append(
            f'<circle cx="{x:g}" cy="{y:g}" r="{CELL * 0.27:g}" fill="none" stroke="{RING}" '
            'stroke-width="4"/>'
        )
    if highlight is not None:
        x = (highlight - 1) * CELL
        parts.append(
            f'<rect x="{x + 2}" y="2" width="{CELL - 4}" height="{game.height * CELL - 4}" rx="6" '
            'fill="none" stroke="#ffffff" stroke-width="3" stroke-dasharray="6 4"/>'
        )
    for column in range(game.width):
        x, y = (column + 0.5) * CELL, (game.height + 0.45) * CELL
        parts.append(f'<text x="{x:g}" y="{y:g}" text-anchor="middle">{column + 1}</text>')
    parts.append("</svg>")
    words = board_words(rows)
    title = f"Connect Four board, {game.width} x {game.height}"
    return with_text_alternative("".join(parts), title, words)


def stone(x: float, y: float, mark: str) -> str:
    """A cell at (`x`, `y`): empty (white), or a stone with a white rim and its player's letter."""
    if mark not in LETTER_COLOURS:
        return f'<circle cx="{x:g}" cy="{y:g}" r="{CELL * 0.4:g}" fill="{COLOURS[mark]}"/>'
    rim = f'stroke="{RIM}" stroke-width="2"'
    circle = f'<circle cx="{x:g}" cy="{y:g}" r="{CELL * 0.4:g}" fill="{COLOURS[mark]}" {rim}/>'
    letter = f'<text x="{x:g}" y="{y + CELL * 0.14:g}" text-anchor="middle" font-weight="bold" '
    return circle + letter + f'fill="{LETTER_COLOURS[mark]}">{mark}</text>'


def board_words(rows: list[str]) -> str:
    """The board in words, from its `rows` of marks (from the top): X for red, O for yellow, . for
    empty; the picture's <desc> and the <img>'s alt text alike."""
    spaced = " / ".join(" ".join(row) for row in rows)
    return f"X is red, O is yellow, . is empty; rows from the top: {spaced}"


def board_html(
    game: ConnectFour,
    state: Board,
    *,
    highlight: int | None = None,
    rings: Iterable[tuple[int, int]] = (),
) -> str:
    """The board as an ``<img>`` holding its SVG, with the board in words as its alt text."""
    alt = escape(board_words(game.mark_rows(state)), quote=True)
    return image(
        data_uri(board_svg(game, state, highlight=highlight, rings=rings)), alt, "max-width: 100%"
    )


class BoardPicture:
    """A board that a notebook shows as a picture (its text form when printed)."""

    def __init__(self, game: ConnectFour, state: Board) -> None:
        """The picture of `state` in `game`, both checked now: a notebook draws it only once
        shown."""
        checked_game(game, ConnectFour)
        self.game, self.state = game, game.validate(state)

    def _repr_html_(self) -> str:
        return board_html(self.game, self.state)

    def __repr__(self) -> str:
        return self.game.picture(self.state)


def draw_board(game: ConnectFour, state: Board) -> BoardPicture:
    """The board of `state` as a picture: red for the first player, yellow for the second."""
    return BoardPicture(game, state)
