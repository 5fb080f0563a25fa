"""Every game widget played with the keyboard alone (issue 35): Voila serves Nim, tic-tac-toe and
Connect Four, and headless Chromium (1024x768, localhost only) reaches each move with Tab, plays it
with Enter or Space, and plays on until the game is over; the focused control always shows a visible
focus ring; a slider of explore() moves with the arrow keys. Skips where /usr/bin/chromium is
missing."""

import re
import time

import pytest
from voila_browser import browser

from nimlib.widgets.match import LATE_CLICK

pytestmark = pytest.mark.browser  # CI's tier; skipped without chromium (conftest)

TAB_SECONDS = 60  # Tabs pressed this long without reaching a control: it counts as unreachable
FOCUSED = """() => {
  const element = document.activeElement;
  const style = getComputedStyle(element);
  const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
  const widget = element.closest('.nim-play, .nim-grid-play, .nim-connect-four, .widget-hslider');
  return {text: (element.innerText || '').trim(), title: element.title || '', ring,
          widget: widget ? widget.className : '', tag: element.tagName, disabled: !!element.disabled};
}"""


def tab_to(page, widget: str, wanted, over: str | None = None) -> dict | None:  # noqa: ANN001
    """Press Tab until the focus is on a control of `widget` (a class) for which `wanted(focus)`
    holds: round the page as often as it takes a busy browser to show the control (a move's buttons
    come after the computer's answer), for up to TAB_SECONDS; None once the widget's words match
    `over` (a game whose end reached the page after its last move was pressed)."""
    deadline = time.monotonic() + TAB_SECONDS
    seen = []
    while time.monotonic() < deadline:
        if over is not None and re.search(over, page.locator(f".{widget}").inner_text()):
            return None
        page.keyboard.press("Tab")
        focus = page.evaluate(FOCUSED)
        if widget in focus["widget"] and not focus["disabled"] and wanted(focus):
            assert focus["ring"], f"no visible focus on {focus}"
            return focus
        seen = [*seen[-59:], focus["text"][:20] + (" (off)" if focus["disabled"] else "")]
    raise AssertionError(f"Tab never reached the wanted control of {widget}; last seen: {seen}")


def play_with_keys(page, widget: str, key: str, wanted, over: str, moves: int = 30) -> int:
    """Play `widget`'s game with keys only: Tab to a wanted move, press `key`, until `over`
    shows."""
    locator = page.locator(f".{widget}")
    for played in range(1, moves + 1):
        before = locator.inner_text()
        focus = tab_to(page, widget, wanted, over)
        if focus is None:  # the last move's words came after the check below had read the page
            return played - 1
        page.keyboard.press(key)
        try:
            page.wait_for_function(
                "([cls, before]) => document.querySelector('.' + cls).innerText !== before",
                arg=[widget, before],
            )
        except Exception as error:
            raise AssertionError(f"{widget}: {key} on {focus} changed nothing: {before}") from error
        page.wait_for_function(
            "cls => !document.querySelector('.' + cls).innerText.includes('Thinking')",
            arg=widget,
            timeout=60_000,
        )
        if re.search(over, locator.inner_text()):
            return played
        page.wait_for_timeout(
            LATE_CLICK * 1000 + 200
        )  # a press right after the answer counts as too late
    raise AssertionError(f"{widget}: not over after {moves} moves: {locator.inner_text()}")


def test_each_game_is_played_to_its_end_with_keys_only(in_voila):
    cells = [
        'from nimlib.widgets import explore, play, play_connect_four, play_grid\nplay("Simple-Nim", counters=7)',
        "play_grid()",
        "play_connect_four(seconds=0.2)",
        'explore("Simple-Nim", 4)',
    ]
    with browser() as page:
        page.set_default_timeout(60_000)
        page.goto(in_voila(cells))
        page.wait_for_selector(".nim-connect-four img")
        page.locator("body").click(
            position={"x": 1, "y": 1}
        )  # the focus starts at the top of the page

        nim = play_with_keys(
            page, "nim-play", "Enter", lambda f: f["text"].startswith("take"), "won"
        )
        grid = play_with_keys(
            page, "nim-grid-play", "Space", lambda f: f["text"] == "" and f["title"], "won|draw"
        )
        four = play_with_keys(
            page,
            "nim-connect-four",
            "Enter",
            lambda f: re.fullmatch(r"[1-7]", f["text"]),
            "won|draw",
            25,
        )
        print(
            f"keyboard only: Nim over after {nim} moves, tic-tac-toe after {grid}, Connect Four after {four}"
        )

        tab_to(
            page,
            "widget-hslider",
            lambda f: "noUi-handle" in page.evaluate("() => document.activeElement.className"),
        )
        slider = page.evaluate("() => document.activeElement.getAttribute('aria-valuenow')")
        named = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
        assert named == "counters"  # a screen reader says it (jupyter-config's nimlib_lab.js)
        page.keyboard.press("ArrowRight")
        page.wait_for_function(
            "before => document.activeElement.getAttribute('aria-valuenow') !== before", arg=slider
        )
