"""Notebook 14 in JupyterLab at 1024x768: stored as a fresh clone has it (untrusted), its
leaderboard, plot, replay and board show; run live, the replay's slider steps back through the
game and a click on a column gets the bot's answer. Every request leaving localhost is blocked;
it skips where /usr/bin/chromium is missing. With NIMLIB_SCREENSHOTS=DIR it saves what it saw."""

import os
import sys
from pathlib import Path

import nbformat
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

from lab_browser import (  # noqa: E402
    CHROMIUM,
    EVERY_CELL_RUN,
    browser,
    fresh_copy,
    jupyter_lab,
    open_notebook,
    shut_down,
    start_run_all,
)

NAME = "14_class_tournament.ipynb"
ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.ci,
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium"
    ),
]

ANSWERED = "() => document.querySelector('.nim-connect-four').innerText.includes('alphabeta_4:')"
STONES = "selector => (document.querySelector(selector + ' img').alt.match(/[XO]/g) || []).length"


def screenshot(page, name: str) -> None:
    """Save what the page shows, where NIMLIB_SCREENSHOTS asks for it."""
    folder = os.environ.get("NIMLIB_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"14_{name}.png"))


def test_the_tournament_notebook_stored_and_live(tmp_path):
    cells = len(nbformat.read(ROOT / "notebooks" / NAME, as_version=4).cells)
    fresh_copy(tmp_path / "notebooks")
    with (
        jupyter_lab(tmp_path / "notebooks", tmp_path / "home") as url,
        browser() as page,
    ):
        page.goto(url + "lab")
        open_notebook(page, NAME, cells)
        page.set_default_timeout(60_000)
        stored = page.locator(".jp-OutputArea-output", has_text="95% interval").first
        stored.scroll_into_view_if_needed()
        screenshot(page, "stored_leaderboard")
        assert page.locator("img[alt^='Ratings with 95% intervals']").count() == 1
        replay = page.locator("img[alt$='1 2 3 4 5 6 7']").first  # the stored replay's board
        replay.scroll_into_view_if_needed()
        screenshot(page, "stored_replay")
        start_run_all(page)  # the waits below have timeouts
        page.wait_for_selector(".nim-replay .noUi-handle", timeout=120_000)
        page.wait_for_function(EVERY_CELL_RUN, timeout=180_000)
        replay = page.locator(".nim-replay")
        replay.scroll_into_view_if_needed()
        last = page.evaluate(STONES, ".nim-replay")
        replay.locator(".noUi-handle").first.focus()
        page.keyboard.press("Home")  # the slider back to move 0: the empty board
        page.wait_for_function(f"() => ({STONES})('.nim-replay') < {last}")
        screenshot(page, "live_replay")
        board = page.locator(".nim-connect-four")
        board.scroll_into_view_if_needed()
        board.locator("button", has_text="4").first.click()
        page.wait_for_function(ANSWERED, timeout=30_000)
        assert page.evaluate(STONES, ".nim-connect-four") == 2
        screenshot(page, "live_play")
        shut_down(page)
