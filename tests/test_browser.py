"""The widgets in a real browser: Voila serves a small notebook, headless Chromium drives it.

It moves a slider of explore() and checks that the drawn tree changes, then plays a move in
play() and checks that the computer answered. It needs Debian's chromium (apt-get install
chromium) and skips, saying so, where /usr/bin/chromium is missing. Every wait has a timeout,
and the server is stopped whatever happens.
"""

import sys
from pathlib import Path

import nbformat
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))

from voila_browser import CHROMIUM, CHROMIUM_ARGS, only_localhost, voila  # noqa: E402

PAGE_SECONDS = 25  # Voila runs the notebook before the widgets show
STEP_SECONDS = 10

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium"),
]

CELLS = [
    'from nimlib.widgets import explore, play\nexplore("Simple-Nim", 3, algorithm="minimax")',
    'play("Nim", piles=(1, 2, 3))',
]


@pytest.fixture
def voila_url(tmp_path):
    """A Voila server on a free port of localhost, serving a notebook that shows explore() and play()."""
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in CELLS])
    nbformat.write(notebook, tmp_path / "widgets.ipynb")
    with open(tmp_path / "voila.log", "wb") as log, voila(tmp_path / "widgets.ipynb", log) as url:
        yield url


def tree_nodes(page) -> int:
    """How many nodes the drawn tree of explore() has, the legend's included."""
    return page.locator(".nim-tree svg g.node").count()


def test_a_slider_redraws_the_tree_and_the_computer_answers_a_move(voila_url):
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, timeout=30_000)
        try:
            page = browser.new_page()
            page.set_default_timeout(STEP_SECONDS * 1000)
            page.route("**/*", only_localhost)
            page.goto(voila_url, timeout=PAGE_SECONDS * 1000)
            page.wait_for_selector(".nim-tree svg", timeout=PAGE_SECONDS * 1000)
            before = tree_nodes(page)

            page.locator(".nim-explore .nim-counters .noUi-handle").press("ArrowRight")  # from 3 counters to 4
            page.wait_for_function(
                f"document.querySelectorAll('.nim-tree svg g.node').length !== {before}",
                timeout=STEP_SECONDS * 1000,
            )
            assert tree_nodes(page) > before
            assert "Game tree of SimpleNim from 4" in page.locator(".nim-tree").inner_text()

            page.locator(".nim-move", has_text="take 1 from pile 1").click()
            board = page.locator(".nim-board")
            sync_api.expect(board).to_contain_text("The computer: take 1 from pile 3.", timeout=STEP_SECONDS * 1000)
            sync_api.expect(board).to_contain_text("You: take 1 from pile 1.")
        finally:
            browser.close()
