"""Notebooks 12 and 13 live in JupyterLab at 1024x768: Pig's widget rolls and holds and shows your
chance of winning; MCTS's slider of playouts redraws the tree and says the move beside the exact
best. Run All started while a notebook's kernel is still starting runs every cell (sent before
JupyterLab had the kernel, it once cleared them all and ran none, and 13's widget never showed).
Every request leaving localhost is blocked; it skips where /usr/bin/chromium is missing."""

import sys
from collections.abc import Iterator
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
from test_browser import notebook_of  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
# JupyterLab's request for a notebook's session (which starts its kernel) sent 15 s late, as a
# kernel starts late on a loaded machine
LATE_KERNEL = """() => {
    const fetched = window.fetch.bind(window);
    window.fetch = (input, init) => {
        const url = typeof input === 'string' ? input : input.url;
        const method = init?.method ?? (typeof input === 'string' ? 'GET' : input.method);
        const late = url.includes('/api/sessions') && method === 'POST';
        const wait = new Promise(resolve => setTimeout(resolve, late ? 15000 : 0));
        return wait.then(() => fetched(input, init));
    };
}"""

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium"
    ),
]


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory) -> Iterator[str]:
    """One JupyterLab for this file's tests, serving a fresh copy of the notebooks and late.ipynb,
    a notebook of one cell; each test opens its notebook in a page of its own and shuts its kernel
    down."""
    folder = tmp_path_factory.mktemp("lab")
    fresh_copy(folder / "notebooks")
    notebook_of(folder / "notebooks", ["print(6 * 7)"], "late.ipynb")
    with jupyter_lab(folder / "notebooks", folder / "home") as url:
        yield url


def run_notebook(page, url: str, name: str, widget: str) -> None:
    """Open notebook `name` in JupyterLab at `url`, run every cell, and wait for its `widget`."""
    cells = len(nbformat.read(ROOT / "notebooks" / name, as_version=4).cells)
    page.goto(url + "lab")
    open_notebook(page, name, cells)
    start_run_all(page)  # the waits below have timeouts
    # Generous waits: alone the notebook runs in seconds, but CI runs this beside the site's and
    # the audits' browsers on two cores, where it once took over two minutes to show the widget.
    page.wait_for_selector(f"{widget} button, {widget} .noUi-handle", timeout=360_000)
    page.wait_for_function(EVERY_CELL_RUN, timeout=360_000)  # then the kernel hears a click


def test_pig_rolls_holds_and_shows_the_chance_of_winning(lab_url, tmp_path):
    with browser() as page:
        run_notebook(page, lab_url, "12_games_of_chance.ipynb", ".nim-pig")
        widget = page.locator(".nim-pig")
        widget.scroll_into_view_if_needed()
        assert "Your chance of winning with best play from here: 61.6%" in widget.inner_text()
        widget.locator("button", has_text="Roll").click()
        page.wait_for_function(
            "() => document.querySelector('.nim-pig').innerText.includes('You rolled')"
        )
        widget.locator("button", has_text="Hold").click()
        # after the hold the computer plays its turn ("Thinking..."): wait until it is over
        page.wait_for_function(
            "() => { const text = document.querySelector('.nim-pig').innerText;"
            " return /You hold|rolled a 1/.test(text) && !text.includes('Thinking')"
            " && /Your chance of winning|won/.test(text); }",
            timeout=120_000,
        )
        text = widget.inner_text()
        assert "Your chance of winning" in text or "won" in text, text
        assert "Traceback" not in text
        page.screenshot(path=str(tmp_path / "pig.png"))
        shut_down(page)


def test_the_playouts_slider_redraws_the_tree_and_names_the_exact_best(lab_url, tmp_path):
    with browser() as page:
        run_notebook(page, lab_url, "13_monte_carlo_tree_search.ipynb", ".nim-mcts")
        widget = page.locator(".nim-mcts")
        widget.scroll_into_view_if_needed()
        page.wait_for_function(
            "() => document.querySelector('.nim-mcts img') !== null", timeout=60_000
        )
        assert "25 of the 100 playouts went through this move" in widget.inner_text()
        before = widget.locator("img").first.get_attribute("src")
        handle = widget.locator(".noUi-handle")
        for _ in range(3):  # 100 -> 200 -> 500 -> 1,000 playouts
            handle.press("ArrowRight")
        page.wait_for_function(
            "() => document.querySelector('.nim-mcts').innerText.includes('of the 1,000 playouts')"
        )
        text = widget.inner_text()
        assert "Exact best: O at b1" in text and ": right." in text and "Traceback" not in text
        assert widget.locator("img").first.get_attribute("src") != before
        page.screenshot(path=str(tmp_path / "mcts_1000.png"))
        for _ in range(6):  # back to 10 playouts
            handle.press("ArrowLeft")
        page.wait_for_function(
            "() => document.querySelector('.nim-mcts').innerText.includes('of the 10 playouts')"
        )
        assert ": wrong." in widget.inner_text()
        # MCTS's move, green, is not best play here: neither the legend nor the words call it so
        alt = widget.locator("img").first.get_attribute("alt")
        assert "The move MCTS plays, the most visited, is drawn thick" in alt, alt
        assert "best play" not in alt, alt
        page.screenshot(path=str(tmp_path / "mcts_10.png"))
        shut_down(page)


def test_run_all_waits_for_a_kernel_that_starts_late(lab_url):
    with browser() as page:
        page.add_init_script(f"({LATE_KERNEL})()")
        page.goto(lab_url + "lab")
        open_notebook(page, "late.ipynb", 1)
        start_run_all(page)
        page.wait_for_function(EVERY_CELL_RUN, timeout=360_000)
        assert page.locator(".jp-OutputArea-output").inner_text().strip() == "42"
        shut_down(page)
