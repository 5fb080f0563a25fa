"""explore()'s and replay()'s pictures as a person looks at them at 1024x768, live (Voila) and saved
(JupyterLab, untrusted): a wide tree at full size opens with its root in view and its sideways
scrollbar on screen, and the replay's picture stays put while its caption changes. Every request
that leaves localhost is aborted; the tests skip, saying so, where /usr/bin/chromium is missing.
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

pytestmark = pytest.mark.browser  # CI's tier; skipped without chromium (conftest)

FULL_SIZE_BOX = """img => {
  let scroller = img.parentElement;
  while (getComputedStyle(scroller).overflowX !== 'auto') scroller = scroller.parentElement;
  const box = scroller.getBoundingClientRect(), picture = img.getBoundingClientRect();
  return {bottom: box.bottom, left: box.left, width: scroller.clientWidth, scrolls: scroller.scrollWidth > box.width,
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


def check_root_and_scrollbar_in_view(page, img) -> None:
    """The full-size picture `img` scrolls sideways, starts with its root in view, and its box's
    bottom edge, where the sideways scrollbar is, lies on screen."""
    shown = img.evaluate(FULL_SIZE_BOX)
    svg = base64.b64decode(shown["src"].split(",", 1)[1]).decode()
    assert (
        shown["scrolls"] and shown["scrollLeft"] == 0
    )  # (headless Chromium draws no scrollbars: not counted)
    root = shown["pictureLeft"] - shown["left"] + root_x(svg) * shown["pictureWidth"]
    assert 0 < root < shown["width"], "the root is out of view"
    assert shown["bottom"] <= page.viewport_size["height"], (
        "the sideways scrollbar is below the fold"
    )


def test_explore_at_full_size_opens_with_the_root_and_the_scrollbar_in_view(in_voila, tmp_path):
    sync_api = pytest.importorskip("playwright.sync_api")
    cells = ['from nimlib.widgets import explore\nexplore("Simple-Nim", 9, method="memo")']
    with browser() as page:
        open_in_voila(page, in_voila(cells))
        explorer = page.locator(".nim-explore")
        explorer.evaluate("element => element.scrollIntoView({block: 'start'})")
        explorer.get_by_role("button", name="full size").click()
        full = explorer.locator(".nim-tree img[style*='max-width:none']")
        sync_api.expect(full).to_have_count(1, timeout=STEP_SECONDS * 1000)
        painted(full)
        page.screenshot(path=str(tmp_path / "explore_full_size.png"))
        check_root_and_scrollbar_in_view(page, full)


def test_a_saved_explore_opens_at_full_size_with_the_root_and_the_scrollbar_in_view(tmp_path):
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
        switch = page.locator(".jp-OutputArea-output summary", has_text="Show at full size")
        sync_api.expect(switch).to_have_count(1, timeout=PAGE_SECONDS * 1000)
        switch.evaluate("element => element.scrollIntoView({block: 'start'})")
        switch.click()
        full = page.locator(".jp-OutputArea-output details img")
        sync_api.expect(full).to_be_visible()
        painted(full)
        page.screenshot(path=str(tmp_path / "saved_full_size.png"))
        check_root_and_scrollbar_in_view(page, full)
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
            view.get_by_text(f"Visit {step + 1} of").wait_for()
            tops.add(round(box(view.locator("img").first)["y"]))
            shown = view.locator(
                "div[style*='grid-area']"
            ).first  # the caption, beside the room kept for it
            captions.add(round(box(shown.locator("div", has_text="Being searched:"))["height"]))
        assert len(captions) > 1  # the call stack wraps onto more lines as the search goes deeper
        assert len(tops) == 1, f"the picture moved: its top at {sorted(tops)} px"


def test_explore_in_large_print_shows_a_wide_tree_at_full_size_with_the_root_in_view(
    in_voila, tmp_path
):
    sync_api = pytest.importorskip("playwright.sync_api")
    cells = ['from nimlib.widgets import explore\nexplore("Simple-Nim", 9, method="memo")']
    with browser() as page:
        open_in_voila(page, in_voila(cells))
        explorer = page.locator(".nim-explore")
        explorer.evaluate("element => element.scrollIntoView({block: 'start'})")
        explorer.get_by_role("button", name="large font").click()
        full = explorer.locator(".nim-tree img[style*='max-width:none']")
        sync_api.expect(full).to_have_count(1, timeout=STEP_SECONDS * 1000)
        painted(full)
        page.screenshot(path=str(tmp_path / "explore_large_print.png"))
        check_root_and_scrollbar_in_view(page, full)
        shown = full.evaluate(FULL_SIZE_BOX)
        svg = base64.b64decode(shown["src"].split(",", 1)[1]).decode()
        drawn_px = float(re.search(r'<svg[^>]*?width="([\d.]+)pt"', svg)[1]) * 4 / 3
        assert shown["pictureWidth"] == pytest.approx(drawn_px, abs=1)  # unsqueezed: large text
        sync_api.expect(explorer.get_by_role("button", name="full size")).to_be_hidden()
