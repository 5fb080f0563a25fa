"""A large tree placed by nimlib and drawn a kind of node at a time (nimlib.drawing.placement)
looks, in Chromium at 1024x768, as Graphviz's own drawing of the same DOT source: the two pictures,
each at its own size from the top left, differ by at most a few hundred pixels' edges. Every request
that leaves localhost is aborted; the test skips, saying so, where /usr/bin/chromium is missing.
"""

import base64

import numpy
import pytest
from PIL import Image
from voila_browser import browser, painted

from nimlib import Nim, SimpleNim, draw_tree, game_tree, render_svg
from nimlib.drawing.dot import FONT, MEASURED_FONT
from nimlib.widgets import Position
from nimlib.widgets.exploring import best_play
from nimlib.widgets.searches import search_tree
from nimlib.widgets.snapshots import search_drawing

pytestmark = pytest.mark.browser  # CI's tier; skipped without chromium (conftest)

DIFFERENT = 40  # grey levels (of 255): a pixel this much lighter or darker differs
MOST_DIFFERENT = (
    0.0012  # of the pixels: 0.05-0.08% differ (edge ends); a kind of node 3 pt off, 0.16%
)


def drawings():
    """Placed drawings of each kind: a plain tree, a pruned one, one with memo answers, one with
    best play."""
    nine = Position("Simple-Nim", 9)
    yield "minimax", draw_tree(game_tree(SimpleNim(), 9), moves=False)
    yield (
        "alpha-beta",
        draw_tree(game_tree(Nim(), (1, 2, 3), alphabeta=True, keep_pruned=True), moves=False),
    )
    yield "memo", search_drawing(search_tree(nine, "memo", show_pruned=True))
    yield (
        "best play",
        search_drawing(search_tree(nine, "minimax", show_pruned=True), best_play=best_play(nine)),
    )


def screenshot(page, svg: str, path) -> numpy.ndarray:
    """`svg` as an <img> at its own size, from the top left of a 1024x768 page, as grey levels."""
    source = base64.b64encode(svg.encode()).decode()
    page.set_content(
        f'<body style="margin:0"><img src="data:image/svg+xml;base64,{source}"></body>'
    )
    painted(page.locator("img"))
    page.screenshot(path=path)
    return numpy.asarray(Image.open(path).convert("L")).astype(int)


def test_a_placed_tree_looks_as_graphviz_draws_it(tmp_path):
    with browser() as page:
        for name, drawing in drawings():
            assert "layout=nop" in drawing.source, name  # placed by nimlib
            ours = screenshot(page, drawing.svg(), tmp_path / "ours.png")
            theirs = screenshot(
                page,
                render_svg(drawing.source).replace(MEASURED_FONT, FONT),
                tmp_path / "theirs.png",
            )
            assert (theirs < 128).mean() > 0.02, name  # a tree is on screen: lines, nodes and text
            assert (abs(ours - theirs) > DIFFERENT).mean() < MOST_DIFFERENT, name
