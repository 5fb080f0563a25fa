"""replay() in a real browser on a game beyond +1/-1 Nim: Voila on localhost, headless Chromium at
1024x768.

Choosing the textbook tree in the game list hides the counters, names the window after the tree's
own score range, and the replay runs to the tree's minimax score. The plumbing is
tests/test_browser.py's.
"""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

from test_browser import open_in_voila  # noqa: E402
from voila_browser import CHROMIUM, browser  # noqa: E402

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium"
    ),
]


def test_choosing_the_textbook_tree_replays_it_from_its_own_score_range(in_voila):
    sync_api = pytest.importorskip("playwright.sync_api")
    cells = ['from nimlib.widgets import replay\nreplay("Simple-Nim", 5)']
    with browser() as page:
        open_in_voila(page, in_voila(cells))
        replay = page.locator(".nim-replay")
        replay.locator("select").first.select_option("Textbook tree")
        tree = replay.locator(".nim-replay-tree")
        sync_api.expect(tree).to_contain_text(
            "Visit 1 of 11: A with Max to move, entered with α = 0, β = +20."
        )
        sync_api.expect(replay.get_by_role("button", name="α, β from 0, +20")).to_be_visible()
        sync_api.expect(replay.locator(".nim-counters")).to_be_hidden()
        step = replay.locator(".widget-hslider", has=page.locator("label", has_text="step"))
        step.locator(".noUi-handle").press("End")
        sync_api.expect(tree).to_contain_text(
            "The search is over after 11 visits: the root scores +3."
        )
