"""replay() and explore_mcts() in a real browser on games beyond +1/-1 Nim: Voila on localhost,
headless Chromium at 1024x768.

Choosing the textbook tree in the game list hides the counters, names the window after the tree's
own score range, and the replay runs to the tree's minimax score. MCTS from Connect Four's start
shows its tree and its move, unjudged, and its slider grows the tree, saying "Searching" while it
searches. The plumbing is tests/test_browser.py's.
"""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

from voila_browser import box, browser, open_in_voila  # noqa: E402

pytestmark = pytest.mark.browser  # CI's tier; skipped without chromium (conftest)


SEEN_TEXTS = """view => {
    view.seen = [];
    new MutationObserver(() => view.seen.push(view.innerText))
        .observe(view, {childList: true, subtree: true, characterData: true});
}"""


def test_choosing_the_textbook_tree_replays_it_from_its_own_score_range(in_voila):
    sync_api = pytest.importorskip("playwright.sync_api")
    cells = ['from nimlib.widgets import replay\nreplay("Simple-Nim", 5)']
    with browser() as page:
        open_in_voila(page, in_voila(cells))
        replay = page.locator(".nim-replay")
        replay.locator("select").first.select_option("Textbook tree")
        tree = replay.locator(".nim-replay-tree")
        sync_api.expect(tree).to_contain_text(
            "Visit 1 of 11: A with Max to move, entered with α = 0, β = 20."
        )
        sync_api.expect(replay.get_by_role("button", name="α, β from 0, 20")).to_be_visible()
        sync_api.expect(replay.locator(".nim-counters")).to_be_hidden()
        step = replay.locator(".widget-hslider", has=page.locator("label", has_text="step"))
        step.locator(".noUi-handle").press("End")
        sync_api.expect(tree).to_contain_text(
            "The search is over after 11 visits: the root scores 3."
        )


def test_mcts_from_connect_fours_start_shows_its_tree_and_leaves_its_move_unjudged(in_voila):
    """Far from the end the exact search is out of reach: the widget says so where the verdict
    goes, draws the tree within the page's width, and the slider grows the tree: the words say
    "Searching" meanwhile."""
    sync_api = pytest.importorskip("playwright.sync_api")
    cells = [
        "from nimlib import ConnectFour\nfrom nimlib.widgets import explore_mcts\n"
        "explore_mcts(ConnectFour(), ConnectFour().start(), playouts=100)"
    ]
    with browser() as page:
        page.set_default_timeout(60_000)
        page.goto(in_voila(cells), timeout=120_000)
        view = page.locator(".nim-mcts-view")
        sync_api.expect(view).to_contain_text("MCTS's move is not judged.")
        sync_api.expect(view).to_contain_text("of the 100 playouts went through this move")
        tree = view.locator("img, svg").first
        sync_api.expect(tree).to_be_visible()
        assert box(tree)["x"] + box(tree)["width"] <= 1024
        view.evaluate(SEEN_TEXTS)  # every text the view shows, however briefly
        page.locator(".nim-mcts .noUi-handle").press("End")
        sync_api.expect(view).to_contain_text("of the 5,000 playouts went through this move")
        assert "Searching: 5,000 playouts..." in view.evaluate("view => view.seen.join(' ')")


def test_the_end_key_takes_a_picker_to_the_largest_value_of_the_game_chosen(in_voila):
    """After Scored Nim (1 to 8 counters), Simple-Nim's counters slider went to 8 on End, not 30,
    and from 10 End moved it down: a slider shown in a browser keeps its first range for End."""
    sync_api = pytest.importorskip("playwright.sync_api")
    cells = ['from nimlib.widgets import explore\nexplore("Scored Nim", 3)']
    with browser() as page:
        open_in_voila(page, in_voila(cells))
        explorer = page.locator(".nim-explore")
        explorer.locator("select").first.select_option("Simple-Nim")
        handle = explorer.locator(".nim-counters .noUi-handle")
        sync_api.expect(handle).to_have_attribute("aria-valuemax", "30.0")  # Simple-Nim's slider
        handle.press("End")
        sync_api.expect(explorer.locator(".nim-counters .widget-readout")).to_have_text("30")
        sync_api.expect(explorer).to_contain_text("Best move: take 1, leaving 29 (it wins).")
