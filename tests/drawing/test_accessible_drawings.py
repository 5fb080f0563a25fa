"""Drawings everyone can use (issue 35): every drawn tree and board says what it shows in words (the
SVG's <title> and <desc>, the picture's alt text), and every colour pair the trees, boards and
widgets draw meets WCAG 2.1's contrast: 3:1 for graphics against what is next to them, 4.5:1 for
text. The ratios are printed (pytest -s) for the record."""

import re
from pathlib import Path

import matplotlib as mpl
import nbformat
import pytest
from pictures import pictures_in

from nimlib import DiceNim, Nim, SimpleNim, draw_tree, game_tree, principal_variation
from nimlib.drawing import board, style
from nimlib.drawing.legend import describe
from nimlib.drawing.tree import chance_tree
from nimlib.games.connect_four import ConnectFour
from nimlib.widgets import grid, snapshots

WHITE, BLACK = "#ffffff", "#000000"


def luminance(colour: str) -> float:
    """WCAG's relative luminance of a colour such as "#1d4e89"."""
    channels = [int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(first: str, second: str) -> float:
    """WCAG's contrast ratio of two colours, from 1 to 21."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


TEXT, GRAPHIC = 4.5, 3.0  # WCAG 2.1 AA: 1.4.3 for text, 1.4.11 for graphics
LARGE_TEXT = (
    3.0  # 1.4.3 for large text: at least 18.66 px bold (tic-tac-toe's marks are 28 px bold)
)
SQUARE = "#eeeeee"  # tic-tac-toe's squares: the still table's, and JupyterLab's button colour
PAIRS = [  # (what, foreground, background, the ratio it needs)
    ("tree: node outline on the page", BLACK, WHITE, GRAPHIC),
    ("tree: text on a Max-to-move box", BLACK, style.MAX_TURN, TEXT),
    ("tree: text on a Min-to-move oval", BLACK, style.MIN_TURN, TEXT),
    ("tree: text on a Max-won node", BLACK, style.MAX_WON, TEXT),
    ("tree: text on a Min-won node", BLACK, style.MIN_WON, TEXT),
    ("tree: outline on a Max-won fill", BLACK, style.MAX_WON, GRAPHIC),
    ("tree: outline on a Min-won fill", BLACK, style.MIN_WON, GRAPHIC),
    ("tree: pruned text on its fill", style.PRUNED_LINE, style.PRUNED_FILL, TEXT),
    ("tree: pruned edge and move on the page", style.PRUNED_LINE, WHITE, TEXT),
    ("tree: best-play line on the page", style.BEST_PLAY, WHITE, GRAPHIC),
    ("replay: the node being visited, its outline on the page", snapshots.NOW, WHITE, GRAPHIC),
    ("replay: its outline on a Max-to-move box", snapshots.NOW, style.MAX_TURN, GRAPHIC),
    ("replay: its outline on a Min-to-move oval", snapshots.NOW, style.MIN_TURN, GRAPHIC),
    ("board: empty cell on the frame", board.COLOURS["."], board.BOARD_COLOUR, GRAPHIC),
    ("board: a stone's rim on the frame", board.RIM, board.BOARD_COLOUR, GRAPHIC),
    ("board: red stone within its rim", board.COLOURS["X"], board.RIM, GRAPHIC),
    ("board: X on a red stone", board.LETTER_COLOURS["X"], board.COLOURS["X"], TEXT),
    ("board: O on a yellow stone", board.LETTER_COLOURS["O"], board.COLOURS["O"], TEXT),
    ("board: winning ring on a red stone", board.RING, board.COLOURS["X"], GRAPHIC),
    ("board: winning ring on a yellow stone", board.RING, board.COLOURS["O"], GRAPHIC),
    ("board: column numbers on the page", BLACK, WHITE, TEXT),
    ("tic-tac-toe: X on its square", grid.MARK_COLOURS["X"], SQUARE, LARGE_TEXT),
    ("tic-tac-toe: O on its square", grid.MARK_COLOURS["O"], SQUARE, LARGE_TEXT),
    ("tic-tac-toe: X on the winning line", grid.MARK_COLOURS["X"], grid.LINE_COLOUR, LARGE_TEXT),
    ("tic-tac-toe: O on the winning line", grid.MARK_COLOURS["O"], grid.LINE_COLOUR, LARGE_TEXT),
]


@pytest.mark.parametrize(
    ("what", "foreground", "background", "needed"), PAIRS, ids=[pair[0] for pair in PAIRS]
)
def test_every_colour_pair_meets_wcag_contrast(what, foreground, background, needed):
    ratio = contrast(foreground, background)
    print(f"contrast {ratio:5.2f}:1 (needs {needed:g}:1) {what}: {foreground} on {background}")
    assert ratio >= needed


def test_the_two_connect_four_stones_differ_in_more_than_hue():
    """Red and yellow differ in lightness (a reader who cannot tell red from green still tells them
    apart) and each stone carries its letter, so no reader has to tell them by colour alone."""
    assert contrast(board.COLOURS["X"], board.COLOURS["O"]) >= GRAPHIC
    svg = board.board_svg(ConnectFour(), ConnectFour().from_moves("44"))
    assert ">X</text>" in svg and ">O</text>" in svg


@pytest.mark.parametrize(
    ("tree", "facts"),
    [
        (
            game_tree(SimpleNim(), 6),
            ["Simple-Nim from 6", " nodes", "root score +1", "Max to move", "take 1"],
        ),
        (
            game_tree(SimpleNim(), 6, alphabeta=True),
            ["Alpha-beta tree", "pruned", "Best move: take 1", "grey and dashed"],
        ),
        (game_tree(Nim(), (1, 2)), ["Nim from (1, 2)", "Best move: take 2 from pile 2 (score +1)"]),
        (game_tree(SimpleNim(), 0), ["Simple-Nim from 0", "The game is over"]),
    ],
    ids=["minimax", "alphabeta", "nim", "over"],
)
def test_a_tree_says_in_words_the_game_position_nodes_score_and_best_move(tree, facts):
    drawing = draw_tree(tree)
    html = drawing.html()
    alt = re.search(r'alt="([^"]*)"', html)[1]
    svg = pictures_in(html)[0]
    title = re.search(
        r'<svg [^>]*role="img" aria-labelledby="(title-\w+) (desc-\w+)"><title id="\1">(.*?)</title>',
        svg,
    )
    description = re.search(rf'<desc id="{title[2]}">(.*?)</desc>', svg)[1]
    for fact in facts:
        assert fact in alt and fact in f"{title[3]} {description}", fact
    print(f"text alternative: {alt}")


def test_a_chance_tree_says_the_dice_roll_first_and_calls_no_roll_a_move():
    rolling = describe(chance_tree(DiceNim(), (3, True)))
    assert rolling == "The dice roll at the root, then Max moves."
    choosing = describe(chance_tree(DiceNim(), (3, False)))
    assert choosing.startswith("Max to move at the root. Best move: roll (score -2/3).")


def test_a_tree_with_its_best_play_says_so():
    game = SimpleNim()
    drawing = draw_tree(game_tree(game, 5), best_play=principal_variation(game, 5))
    assert "The line of best play is drawn thick and green." in drawing.text_alternative


def test_a_board_says_in_words_where_the_stones_are_the_same_words_in_its_alt_and_desc():
    game = ConnectFour()
    html = board.board_html(game, game.from_moves("44"))
    alt = re.search(r'alt="([^"]*)"', html)[1]
    description = re.search(r"<desc [^>]*>(.*?)</desc>", pictures_in(html)[0])[1]
    assert alt == description
    assert alt.startswith("X is red, O is yellow") and alt.endswith(". . . O . . . / . . . X . . .")


PLOTS = {  # each plotted series' own marker or line style, as the notebooks write them
    "04_memoization.ipynb": ['"o", label="nodes in the game tree"', '"--",'],
    "10_move_ordering_and_deepening.ipynb": ['marker + ":", label=name'],
}


def test_the_plots_series_differ_in_marker_as_well_as_colour():
    """Notebooks 04 and 10 plot with matplotlib's default colours; its orange is 2.4:1 on white,
    below 3:1, so no series may be told by colour alone: each has a marker or line style of its own.
    The ratios are printed (the orange's is a known gap: the notebooks' plot cells are outside this
    issue's edits)."""
    for colour in map(mpl.colors.to_hex, mpl.rcParams["axes.prop_cycle"].by_key()["color"][:4]):
        print(f"plot colour {colour}: {contrast(colour, WHITE):.2f}:1 on white")
    for name, styles in PLOTS.items():
        cells = nbformat.read(Path(__file__).parents[2] / "notebooks" / name, as_version=4).cells
        code = "\n".join(cell.source for cell in cells if cell.cell_type == "code")
        assert all(style in code for style in styles), name
