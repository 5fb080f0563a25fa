"""play_grid() in a real browser: Voila serves a one-cell notebook, headless Chromium clicks a square.

It needs Debian's chromium and skips, saying so, where /usr/bin/chromium is missing. Every wait
has a timeout, and the server is stopped whatever happens.
"""

import sys
from pathlib import Path

import nbformat
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

from voila_browser import CHROMIUM, CHROMIUM_ARGS, only_localhost, voila  # noqa: E402

PAGE_SECONDS = 25
STEP_SECONDS = 10

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium"),
]


@pytest.fixture
def voila_url(tmp_path):
    """A Voila server on a free port of localhost, serving a notebook that shows play_grid()."""
    cell = nbformat.v4.new_code_cell("from nimlib.widgets.grid import play_grid\nplay_grid()")
    nbformat.write(nbformat.v4.new_notebook(cells=[cell]), tmp_path / "grid.ipynb")
    with open(tmp_path / "voila.log", "wb") as log, voila(tmp_path / "grid.ipynb", log) as url:
        yield url


def test_clicking_a_square_marks_it_and_the_computer_answers(voila_url, tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, timeout=30_000)
        try:
            page = browser.new_page(viewport={"width": 1024, "height": 768})
            page.set_default_timeout(STEP_SECONDS * 1000)
            page.route("**/*", only_localhost)
            page.goto(voila_url, timeout=PAGE_SECONDS * 1000)
            page.wait_for_selector(".nim-grid .nim-square", timeout=PAGE_SECONDS * 1000)
            squares = page.locator(".nim-grid .nim-square")
            assert squares.count() == 9
            words = page.locator(".nim-grid-words")
            sync_api.expect(words).to_contain_text("Your turn: click an empty square for X.")

            squares.nth(4).click()
            sync_api.expect(words).to_contain_text("You: X in the centre.")
            sync_api.expect(words).to_contain_text("The computer: O at")
            sync_api.expect(squares.nth(4)).to_have_text("X")
            squares.nth(4).click()
            sync_api.expect(words).to_contain_text("Square b2 is taken: choose an empty square")
            assert [squares.nth(i).inner_text() for i in range(9)].count("O") == 1
            page.screenshot(path=str(tmp_path / "grid.png"))
        finally:
            browser.close()
