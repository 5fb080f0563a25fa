"""Take the screenshots of the widgets in images/: Voila serves notebooks 06 and 07 on localhost,
headless Chromium shows them, and each widget is saved as a PNG once it has done something.

    python scripts/make_screenshots.py

It needs Debian's chromium at /usr/bin/chromium (apt-get install chromium); Playwright and Voila
come with requirements.txt. The pictures are not compared byte for byte anywhere: fonts and
browsers differ from machine to machine, so run this again whenever the widgets change.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright
from voila_browser import CHROMIUM, CHROMIUM_ARGS, only_localhost, voila

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
IMAGES = ROOT / "images"
VIEWPORT = {"width": 1500, "height": 1000}
PAGE_SECONDS = 60  # Voila runs the whole notebook before it shows the page
STEP_SECONDS = 15
REPLAY_STEP = 6  # in notebook 06's first replay (alpha-beta on Simple-Nim 5), a moment just after a cut-off


def shoot_explore(page: Page) -> list[Path]:
    """The first explore() of notebook 06, after its counters slider has moved from 5 down to 4 (a tree that fits)."""
    explorer = page.locator(".nim-explore").first
    before = explorer.locator(".nim-tree svg g.node").count()
    explorer.locator(".nim-counters .noUi-handle").press("ArrowLeft")
    page.wait_for_function(
        f"document.querySelector('.nim-explore .nim-tree svg').querySelectorAll('g.node').length !== {before}",
        timeout=STEP_SECONDS * 1000,
    )
    return [save(explorer, "screenshot_explore.png")]


def shoot_replay(page: Page) -> list[Path]:
    """The first replay() of notebook 06, moved on to step REPLAY_STEP."""
    replay = page.locator(".nim-replay").first
    step = replay.locator(".widget-hslider", has=page.locator("label", has_text="step"))
    for _ in range(REPLAY_STEP):
        step.locator(".noUi-handle").press("ArrowRight")
    expect(step).to_contain_text(str(REPLAY_STEP), timeout=STEP_SECONDS * 1000)
    page.wait_for_timeout(1000)  # the tree is redrawn once the kernel has answered
    return [save(replay, "screenshot_replay.png")]


def shoot_play(page: Page) -> list[Path]:
    """The first play() of notebook 07, after one move of the learner and the computer's answer."""
    match = page.locator(".nim-play").first
    match.locator(".nim-move").first.click()
    expect(match.locator(".nim-board")).to_contain_text("The computer", timeout=STEP_SECONDS * 1000)
    return [save(match, "screenshot_play.png")]


def save(widget, name: str) -> Path:
    """Save a screenshot of `widget` as images/`name`."""
    path = IMAGES / name
    widget.screenshot(path=str(path))
    return path


SHOTS: dict[str, list[Callable[[Page], list[Path]]]] = {
    "06_explore_the_search.ipynb": [shoot_explore, shoot_replay],
    "07_play_against_the_computer.ipynb": [shoot_play],
}


def make_screenshots() -> list[Path]:
    """Serve each notebook of SHOTS with Voila, take its screenshots, and return their paths."""
    if not CHROMIUM.exists():
        raise SystemExit(f"needs Debian's chromium at {CHROMIUM}: apt-get install chromium")
    saved = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, timeout=30_000)
        try:
            for name, shots in SHOTS.items():
                with voila(NOTEBOOKS / name) as url:
                    page = browser.new_page(viewport=VIEWPORT)
                    page.set_default_timeout(STEP_SECONDS * 1000)
                    page.route("**/*", only_localhost)
                    page.goto(url, timeout=PAGE_SECONDS * 1000)
                    page.wait_for_selector(".nim-tree svg, .nim-board", timeout=PAGE_SECONDS * 1000)
                    for shot in shots:
                        saved += shot(page)
                    page.close()
        finally:
            browser.close()
    return saved


if __name__ == "__main__":
    for path in make_screenshots():
        print(f"wrote {path}")
