"""The games against the computer as a lecturer shows them live: JupyterLab at 1024x768 with the
file browser open beside the notebook (outputs about 570 px wide), every request leaving localhost
blocked, headless Chromium. Nim, Connect Four and Pig run in one notebook keep who moves first, New
game and a game's own buttons (Undo, Hint) on one row, every button's words whole, the board's
buttons and the words under them inside the output; a move's news shows under the board (Nim's,
above its moves), and Pig's words say what a hold best play would not make cost. (The matches'
still pictures, saved in notebooks 07, 09, 11 and 12, are checked with the notebooks' other stored
figures, in test_lab_notebooks.py.)

It skips, saying so, where /usr/bin/chromium is missing.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from lab_browser import (
    EVERY_CELL_RUN,
    NOTEBOOKS,
    browser,
    jupyter_lab,
    notebook_of,
    open_notebook,
    shut_down,
    start_run_all,
)

from nimlib.widgets.match import LATE_CLICK

pytestmark = pytest.mark.browser  # CI's tier; skipped without chromium (conftest)

PAGE_SECONDS = 60
SCREENSHOTS = NOTEBOOKS.parent / "build" / "screenshots"
# Each element of a widget with its box, whether its words are cut (text wider than its box), and
# whether it runs out of `area` (the output area) sideways.
BOXES = """(widget, area) => {
  const outer = widget.closest(area).getBoundingClientRect();
  return [...widget.querySelectorAll(':scope *')].filter(e => e.getClientRects().length).map(e => {
    const box = e.getBoundingClientRect();
    return {tag: e.tagName, cls: e.className.baseVal ?? e.className, text: (e.innerText || '').trim(),
            top: box.top, bottom: box.bottom, left: box.left, right: box.right,
            cut: e.tagName === 'BUTTON' && e.scrollWidth > e.clientWidth + 1,
            out: box.left < outer.left - 1 || box.right > outer.right + 1};
  });
}"""


@contextmanager
def page_of_lab(folder: Path) -> Iterator[object]:
    """A page of headless Chromium at 1024x768 showing JupyterLab on localhost with fresh folders
    (nothing trusted), serving `folder`/notebooks."""
    with (
        open(folder / "lab.log", "wb") as log,
        jupyter_lab(folder / "notebooks", folder / "home", log) as url,
        browser() as page,
    ):
        page.set_default_timeout(PAGE_SECONDS * 1000)
        page.goto(url + "lab", timeout=PAGE_SECONDS * 1000)
        yield page


def open_beside_the_file_browser(page, name: str, cells: int) -> None:  # noqa: ANN001
    """Open notebook `name` with the file browser open beside it (outputs about 570 px wide)."""
    open_notebook(page, name, cells)
    page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
    page.wait_for_selector("#jp-left-stack", state="visible")
    page.wait_for_function(
        "() => document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)')"
        ".getBoundingClientRect().width < 800"
    )


def boxes(widget) -> list[dict]:  # noqa: ANN001 (a Playwright Locator)
    """BOXES of the elements of `widget`."""
    return widget.evaluate(BOXES, ".jp-OutputArea-output")


def test_each_live_match_keeps_its_controls_on_one_row_beside_the_file_browser(tmp_path):
    cells = [
        "from nimlib.widgets import play, play_connect_four, play_pig",
        'play("Nim", piles=(7, 7, 7, 7))',  # 28 moves: the words stay above them
        "play_connect_four(seconds=0.2)",
        "play_pig(goal=20, seed=1)",
    ]
    (tmp_path / "notebooks").mkdir()
    notebook_of(tmp_path / "notebooks", cells, "matches.ipynb")
    with page_of_lab(tmp_path) as page:
        open_beside_the_file_browser(page, "matches.ipynb", len(cells))
        start_run_all(page)  # the waits below have timeouts
        page.wait_for_selector(".nim-pig button", timeout=120_000)
        page.wait_for_selector(".nim-connect-four img")
        page.wait_for_function(EVERY_CELL_RUN)
        for widget, own in (
            (".nim-play", ["Undo", "Hint"]),
            (".nim-connect-four", []),
            (".nim-pig", []),
        ):
            match = page.locator(widget)
            match.scroll_into_view_if_needed()
            shown = boxes(match)
            assert [box for box in shown if box["out"] or box["cut"]] == [], widget
            row = [
                box
                for box in shown
                if box["tag"] == "BUTTON"
                and box["text"] in ("you", "the computer", "New game", *own)
            ]
            assert len(row) == 3 + len(own) and len({round(box["top"]) for box in row}) == 1, row
        nim = page.locator(".nim-play")
        nim.locator(".nim-move", has_text="take 1 from pile 1").click()
        words = nim.locator(".nim-words")
        page.wait_for_function(
            "w => w.innerText.includes('The computer:')", arg=words.element_handle()
        )
        assert "You: take 1 from pile 1." in words.inner_text()
        assert words.bounding_box()["y"] >= nim.locator(".nim-board").bounding_box()["y"]
        assert words.bounding_box()["y"] < nim.locator(".nim-move").first.bounding_box()["y"]
        # Pig: a hold best play would not make says, under the buttons, what it cost
        pig = page.locator(".nim-pig")
        pig.scroll_into_view_if_needed()
        pig.locator("button", has_text="Roll").click()
        page.wait_for_function(
            "() => document.querySelector('.nim-pig').innerText.includes('You rolled')"
        )
        page.wait_for_timeout(LATE_CLICK * 1000 + 200)  # a click sooner is not played
        pig.locator("button", has_text="Hold").click()
        page.wait_for_function(
            "() => document.querySelector('.nim-pig').innerText.includes("
            "'You held: 2 banked. Best play would have rolled: your hold took your chance')"
        )
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "lab_pig_hold_live.png"))
        page.screenshot(path=str(SCREENSHOTS / "lab_nim_match_live.png"))
        shut_down(page)
