"""explore()'s and replay()'s pictures as a person looks at them at 1024x768, live (Voila) and saved
(JupyterLab, untrusted): a tree too wide to read on the page scrolls sideways at a readable size,
opening with its root in view, and the replay's picture stays put while its caption changes. Every
request that leaves localhost is aborted; the tests skip, saying so, where /usr/bin/chromium is
missing.
"""

import base64
import re
import shutil

import nbformat
import pytest
from lab_browser import jupyter_lab, notebook_of
from voila_browser import (
    PAGE_SECONDS,
    STEP_SECONDS,
    box,
    browser,
    open_in_voila,
    painted,
)

from nimlib.drawing.picture import (
    MIN_LARGE_TEXT_PX,
    MIN_TEXT_PX,
    readable_width,
    smallest_text_pt,
    svg_size,
)

pytestmark = pytest.mark.browser  # CI's tier; skipped without chromium (conftest)

SCROLL_BOX = """img => {
  let scroller = img.parentElement;
  while (getComputedStyle(scroller).overflowX !== 'auto') scroller = scroller.parentElement;
  const box = scroller.getBoundingClientRect(), picture = img.getBoundingClientRect();
  return {left: box.left, bottom: box.bottom, width: scroller.clientWidth,
          scrolls: scroller.scrollWidth > box.width,
          scrollLeft: scroller.scrollLeft, pictureLeft: picture.left, pictureWidth: picture.width,
          src: img.getAttribute('src')};
}"""


def root_x(svg: str) -> float:
    """How far from the left edge of its SVG the root (node n0) of a drawn tree sits, as a share of
    the width."""
    width = float(re.search(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+)', svg)[1])
    found = re.search(
        r"<title>n0</title>.*?(?:cx=\"|points=\"|d=\"M|x=\")([-\d.]+)", svg, flags=re.DOTALL
    )
    return (float(found[1]) + float(re.search(r"translate\(([-\d.]+)", svg)[1])) / width


def check_readable_from_the_root(img, least_px: float) -> None:
    """The picture `img` scrolls sideways, starts with its root in view, and is drawn as wide as
    its smallest text needs to be `least_px` high (no wider: one rule for every tree)."""
    shown = img.evaluate(SCROLL_BOX)
    svg = base64.b64decode(shown["src"].split(",", 1)[1]).decode()
    assert shown["scrolls"] and shown["scrollLeft"] == 0
    root = shown["pictureLeft"] - shown["left"] + root_x(svg) * shown["pictureWidth"]
    assert 0 < root < shown["width"], "the root is out of view"
    readable = readable_width(svg_size(svg)[0], smallest_text_pt(svg), least_px)
    assert shown["pictureWidth"] == pytest.approx(readable, abs=1)


def test_explore_scrolls_a_wide_tree_at_readable_text_from_the_root(in_voila, tmp_path):
    """Simple-Nim from 9 on memoized minimax, 326 nodes, was squeezed into the page, its text
    5 px high, until "full size" was pressed."""
    cells = ['from nimlib.widgets import explore\nexplore("Simple-Nim", 9, method="memo")']
    with browser() as page:
        open_in_voila(page, in_voila(cells))
        explorer = page.locator(".nim-explore")
        explorer.evaluate("element => element.scrollIntoView({block: 'start'})")
        picture = explorer.locator(".nim-tree img")
        painted(picture)
        page.screenshot(path=str(tmp_path / "explore_wide.png"))
        check_readable_from_the_root(picture, MIN_TEXT_PX)
        assert explorer.get_by_role("button", name="full size").count() == 0


def test_a_saved_explore_scrolls_a_wide_tree_at_readable_text_from_the_root(tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    from nbclient import NotebookClient

    path = notebook_of(
        tmp_path, ['from nimlib.widgets import explore\nexplore("Simple-Nim", 9, method="memo")']
    )
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, kernel_name="python3", timeout=60).execute(transport_encryption="auto")
    for output in notebook.cells[0].outputs:
        output.get("data", {}).pop(
            "application/vnd.jupyter.widget-view+json", None
        )  # as run_notebooks stores it
    nbformat.write(notebook, path)
    home = tmp_path / ".jupyter-home"
    with jupyter_lab(tmp_path, home) as url, browser() as page:
        page.set_default_timeout(STEP_SECONDS * 1000)
        page.goto(f"{url}lab/tree/{path.name}", timeout=PAGE_SECONDS * 1000)
        picture = page.locator(".jp-OutputArea-output img")
        sync_api.expect(picture).to_have_count(1, timeout=PAGE_SECONDS * 1000)
        picture.evaluate("element => element.scrollIntoView({block: 'start'})")
        painted(picture)
        page.screenshot(path=str(tmp_path / "saved_wide.png"))
        check_readable_from_the_root(picture, MIN_TEXT_PX)
    shutil.rmtree(home, ignore_errors=True)


def test_the_replay_picture_stays_put_while_its_caption_wraps_and_grows(in_voila):
    cells = ['from nimlib.widgets import replay\nreplay("Simple-Nim", 9, window="wide")']
    with browser() as page:
        open_in_voila(page, in_voila(cells))
        view = page.locator(".nim-replay-tree")
        handle = page.locator(
            ".nim-replay .widget-hslider", has=page.locator("label", has_text="step")
        )
        tops, captions = set(), set()
        for step in range(1, 40):
            handle.locator(".noUi-handle").press("ArrowRight")
            view.get_by_text(re.compile(f"^Visit {step + 1} of")).wait_for()  # not "at visit"
            tops.add(round(box(view.locator("img").first)["y"]))
            shown = view.locator(
                "div[style*='grid-area']"
            ).first  # the caption, beside the room kept for it
            captions.add(round(box(shown.locator("div", has_text="Being searched:"))["height"]))
        assert len(captions) > 1  # the call stack wraps onto more lines as the search goes deeper
        assert len(tops) == 1, f"the picture moved: its top at {sorted(tops)} px"


def test_explore_in_large_print_scrolls_a_wide_tree_at_16_px_text_from_the_root(in_voila, tmp_path):
    cells = ['from nimlib.widgets import explore\nexplore("Simple-Nim", 9, method="memo")']
    with browser() as page:
        open_in_voila(page, in_voila(cells))
        explorer = page.locator(".nim-explore")
        explorer.evaluate("element => element.scrollIntoView({block: 'start'})")
        explorer.get_by_role("button", name="large font").click()
        explorer.locator(".nim-tree div[style*='font-size:150%']").first.wait_for()
        picture = explorer.locator(".nim-tree img")
        painted(picture)
        page.screenshot(path=str(tmp_path / "explore_large_print.png"))
        check_readable_from_the_root(picture, MIN_LARGE_TEXT_PX)


def test_a_tall_wide_tree_keeps_its_sideways_scrollbar_on_the_screen(in_voila, tmp_path):
    """Memoized minimax from 30 counters, its pruned branches hidden, is about 1,800 px high at
    its readable width: its box's sideways scrollbar was some 1,200 px below a 768 px screen."""
    explore = 'explore("Simple-Nim", 30, method="memo", show_pruned=False)'
    cells = [f"from nimlib.widgets import explore\n{explore}"]
    with browser() as page:
        open_in_voila(page, in_voila(cells))
        picture = page.locator(".nim-explore .nim-tree img")
        painted(picture)
        # the box at the top of the screen, as a lecturer scrolls to it
        picture.evaluate(
            "img => img.closest('div[style*=overflow]').scrollIntoView({block: 'start'})"
        )
        page.screenshot(path=str(tmp_path / "explore_tall.png"))
        shown = picture.evaluate(SCROLL_BOX)
        assert shown["bottom"] <= page.viewport_size["height"], "the scrollbar is off the screen"
        check_readable_from_the_root(picture, MIN_TEXT_PX)
