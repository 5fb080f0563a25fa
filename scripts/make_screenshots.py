"""Take the screenshots of the widgets in images/: Voila serves notebooks 06 and 07 on localhost,
headless Chromium shows them 1024 px wide, and each widget is saved as a PNG once it has done
something: explore() at 4 counters, and at 9 counters of plain minimax with the whole tree in the
page; replay() just after a cut-off; play() after a move each.

    python scripts/make_screenshots.py

It needs Debian's chromium at /usr/bin/chromium (apt-get install chromium); Playwright and Voila
come with requirements-dev.txt. The pictures are not compared byte for byte anywhere: fonts and
browsers differ from machine to machine, so run this again whenever the widgets change.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Locator, Page, expect
from voila_browser import CHROMIUM, browser, voila

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
IMAGES = ROOT / "images"
VIEWPORT = {
    "width": 1024,
    "height": 1400,
}  # a 1024 px wide page (a projector), tall enough for a whole widget
PAGE_SECONDS = 60  # Voila runs the whole notebook before it shows the page
STEP_SECONDS = 20
# visit 7 in notebook 06's first replay (alpha-beta on Simple-Nim 5), a moment just after a cut-off
REPLAY_STEP = 7


def shoot_explore(page: Page) -> list[Path]:
    """The first explore() of notebook 06, after its counters slider has moved from 5 down to 4 (a
    tree that fits)."""
    explorer = page.locator(".nim-explore").first
    explorer.locator(".nim-counters .noUi-handle").press("ArrowLeft")
    expect(explorer.locator(".nim-tree")).to_contain_text("tree of Simple-Nim from 4:")
    return [save(explorer, "screenshot_explore.png")]


def shoot_explore_9_counters(page: Page) -> list[Path]:
    """The same explore() on plain minimax, dragged up to 9 counters: 326 nodes, the whole tree in
    the page."""
    explorer = page.locator(".nim-explore").first
    explorer.get_by_role("button", name="plain minimax").click()
    expect(explorer.locator(".nim-tree")).to_contain_text("Work of plain minimax")
    press(explorer.locator(".nim-counters .noUi-handle"), "ArrowRight", 5)  # from 4 counters to 9
    expect(explorer.locator(".nim-tree")).to_contain_text("Game tree of Simple-Nim from 9:")
    return [save(explorer, "screenshot_explore_9_counters.png")]


def shoot_replay(page: Page) -> list[Path]:
    """The first replay() of notebook 06, moved on to step REPLAY_STEP."""
    replay = page.locator(".nim-replay").first
    step = replay.locator(".widget-hslider", has=page.locator("label", has_text="step"))
    press(step.locator(".noUi-handle"), "ArrowRight", REPLAY_STEP - 1)  # from step 1
    expect(replay.locator(".nim-replay-tree")).to_contain_text(f"Visit {REPLAY_STEP} of 22:")
    return [save(replay, "screenshot_replay.png")]


def shoot_play(page: Page) -> list[Path]:
    """The first play() of notebook 07, after one move of the learner and the computer's answer."""
    match = page.locator(".nim-play").first
    match.locator(".nim-move").first.click()
    expect(match.locator(".nim-words")).to_contain_text("The computer")
    return [save(match, "screenshot_play.png")]


def press(handle: Locator, key: str, times: int) -> None:
    """Press `key` `times` times on a slider's handle."""
    for _ in range(times):
        handle.press(key)


def save(widget: Locator, name: str) -> Path:
    """Save a screenshot of `widget` as images/`name`, once its picture is painted."""
    widget.page.wait_for_timeout(500)
    path = IMAGES / name
    widget.screenshot(path=str(path))
    return path


SHOTS: dict[str, list[Callable[[Page], list[Path]]]] = {
    "06_explore_the_search.ipynb": [shoot_explore, shoot_explore_9_counters, shoot_replay],
    "07_play_against_the_computer.ipynb": [shoot_play],
}


def make_screenshots() -> list[Path]:
    """Serve each notebook of SHOTS with Voila, take its screenshots, and return their paths."""
    if not CHROMIUM.exists():
        raise SystemExit(f"needs Debian's chromium at {CHROMIUM}: apt-get install chromium")
    saved = []
    for name, shots in SHOTS.items():
        with voila(NOTEBOOKS / name) as url, browser(VIEWPORT) as page:
            page.set_default_timeout(STEP_SECONDS * 1000)
            page.goto(url, timeout=PAGE_SECONDS * 1000)
            page.wait_for_selector(".nim-tree, .nim-board", timeout=PAGE_SECONDS * 1000)
            for shot in shots:
                saved += shot(page)
    return saved


if __name__ == "__main__":
    import argparse

    # No options: --help prints the docstring, and any other argument is refused before a
    # picture of images/ is written over.
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()
    for path in make_screenshots():
        print(f"wrote {path}")
