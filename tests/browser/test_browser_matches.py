"""The games against the computer as a lecturer shows them: JupyterLab at 1024x768 with the file
browser open beside the notebook (outputs about 570 px wide), every request leaving localhost
blocked, headless Chromium.

- Saved: notebooks 07 (Nim), 09 (tic-tac-toe), 11 (Connect Four) and 12 (Pig) opened untrusted with
  nothing run show each match's still picture whole inside its output: the settings line, the board,
  the words, and the note that it is a picture; nothing runs out of the frame sideways.
- Live: Nim, Connect Four and Pig run in one notebook keep who moves first, New game and a game's
  own buttons (Undo, Hint) on one row, every button's words whole, the board's buttons and the
  words under them inside the output; a move's news shows under the board.

It skips, saying so, where /usr/bin/chromium is missing.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import nbformat
import pytest
from lab_browser import (
    CHROMIUM,
    EVERY_CELL_RUN,
    NOTEBOOKS,
    browser,
    fresh_copy,
    jupyter_lab,
    open_notebook,
    shut_down,
    start_run_all,
)
from test_browser import notebook_of

from nimlib.widgets.saved import NOTE

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium"
    ),
]

PAGE_SECONDS = 60
SCREENSHOTS = NOTEBOOKS.parent / "build" / "screenshots"
# the stored matches of each notebook, and words each of their still pictures shows
SAVED_MATCHES = {
    "07_play_against_the_computer.ipynb": (4, ["first move:", "Your moves:"]),
    "09_beyond_nim.ipynb": (2, ["first move:"]),
    "11_connect_four.ipynb": (1, ["first move:", "time per move:"]),
    "12_games_of_chance.ipynb": (1, ["goal:", "Your chance of winning"]),
}
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


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """JupyterLab serving a fresh copy of the notebooks."""
    folder = tmp_path_factory.mktemp("lab")
    fresh_copy(folder / "notebooks")
    with page_of_lab(folder) as shown:
        yield shown


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


@pytest.mark.parametrize("name", SAVED_MATCHES, ids=lambda name: name[:2])
def test_a_saved_match_shows_its_still_picture_whole_beside_the_file_browser(page, name):
    count, words = SAVED_MATCHES[name]
    open_beside_the_file_browser(
        page, name, len(nbformat.read(NOTEBOOKS / name, as_version=4).cells)
    )
    try:
        saved = page.locator(".jp-OutputArea-output .nim-saved").filter(has_text=words[0])
        assert saved.count() == count
        for index in range(count):
            picture = saved.nth(index)
            picture.scroll_into_view_if_needed()
            text = picture.inner_text()
            assert all(word in text for word in words) and text.count(NOTE) == 1, text
            assert "Your turn:" not in text, text  # a click on no button: the note says run it
            assert [box for box in boxes(picture) if box["out"]] == []
            page.wait_for_function(
                "p => [...p.querySelectorAll('img')].every(i => i.complete && i.naturalWidth)",
                arg=picture.element_handle(),
            )
    finally:
        shut_down(page)


def test_each_live_match_keeps_its_controls_on_one_row_beside_the_file_browser(tmp_path):
    cells = [
        "from nimlib.widgets import play, play_connect_four, play_pig",
        'play("Nim", piles=(1, 2, 3))',
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
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "lab_nim_match_live.png"))
        shut_down(page)
