"""Notebook 11 live in JupyterLab at 1024x768: run it, click a column, and the computer answers on
the board within its time budget, saying its score, how many moves ahead it looked and the columns
it expects. Every request leaving localhost is blocked; it skips where /usr/bin/chromium is
missing."""

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

from nimlib.widgets.match import LATE_CLICK  # noqa: E402

NAME = "11_connect_four.ipynb"
ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium"
    ),
]

ANSWERED = "() => document.querySelector('.nim-connect-four').innerText.includes('The computer')"
THINKING = """() => {
    const widget = document.querySelector('.nim-connect-four');
    const columns = [...widget.querySelectorAll('button')].filter(button => /^[1-7]$/.test(button.innerText.trim()));
    return widget.innerText.includes('Thinking...') && columns.length === 7 && columns.every(b => b.disabled)
        && widget.querySelector('img').alt.includes('X');
}"""
REDS = "() => (document.querySelector('.nim-connect-four img').alt.match(/X/g) || []).length"


def test_a_click_on_a_column_drops_a_stone_and_the_computer_answers(tmp_path):
    cells = len(nbformat.read(ROOT / "notebooks" / NAME, as_version=4).cells)
    fresh_copy(tmp_path / "notebooks")
    with (
        jupyter_lab(tmp_path / "notebooks", tmp_path / "home") as url,
        browser() as page,
    ):
        page.goto(url + "lab")
        open_notebook(page, NAME, cells)
        start_run_all(page)  # the waits below have timeouts
        page.wait_for_selector(".nim-connect-four button", timeout=120_000)
        page.wait_for_function(
            "() => document.querySelector('.nim-connect-four img') !== null", timeout=60_000
        )
        page.wait_for_function(EVERY_CELL_RUN, timeout=180_000)  # then the kernel hears a click
        page.set_default_timeout(60_000)  # every wait and click below ends, passed or failed
        widget = page.locator(".nim-connect-four")
        widget.scroll_into_view_if_needed()
        widget.locator("button", has_text="4").first.click()
        # before the answer: your stone, "Thinking...", the buttons off (shown only after it,
        # they would never be seen, however long the wait)
        page.wait_for_function(THINKING, timeout=30_000)
        # the computer thinks one second by its clock; no wall-clock check here, which a busy
        # machine could fail: the wait's limit is what a hang would meet
        page.wait_for_function(ANSWERED, timeout=30_000)
        text = widget.inner_text()
        picture = widget.locator("img").first
        assert picture.evaluate("img => img.complete && img.naturalWidth === 280")
        assert (
            "You: column 4." in text
            and "It expects you to play column" in text
            and "Score for it" in text
        )
        assert (
            "moves ahead" in text and "Your turn: click a column's number above the board." in text
        )
        assert (
            widget.locator("text=first move").is_visible()
            and picture.bounding_box()["width"] == 280
        )
        page.screenshot(path=str(tmp_path / "after_4.png"))

        page.wait_for_timeout(LATE_CLICK * 1000 + 100)  # the answer has been on screen a moment
        widget.locator(
            "button", has_text="3"
        ).first.dblclick()  # the second click comes while it thinks
        page.wait_for_function(
            "() => document.querySelector('.nim-connect-four').innerText.includes('column 3.')"
        )
        page.wait_for_function(ANSWERED, timeout=30_000)
        page.wait_for_timeout(
            3_000
        )  # time for a second move and answer, had the second click been played
        text = widget.inner_text()
        assert (
            page.evaluate(REDS) == 2
            and text.count("You:") == 1
            and text.count("The computer:") == 1
        ), text
        assert widget.locator("button", has_text="3").first.is_enabled()
        page.screenshot(path=str(tmp_path / "double_3.png"))
        shut_down(page)
