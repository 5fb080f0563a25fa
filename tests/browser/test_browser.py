"""The widgets in a real browser: Voila or JupyterLab on localhost, headless Chromium at 1024x768.

- explore() redraws its tree when a slider moves, and play() answers a move;
- notebook 06 run live: plain minimax at 9 counters draws a tree that lies wholly inside the
  output area; its page shows the widgets and the prose, and nothing of the exercises;
- replay(): its caption wraps at 1024 px in large font and at 1366 px; after a switch to a larger
  search the End key reaches the new last step, and the step label agrees with the caption;
- a saved notebook (the widget views stripped, as scripts/run_notebooks.py stores them) opened in
  JupyterLab, untrusted and trusted, shows each widget's still picture: its words and its tree;
- a picture, slimmed for an <img>, paints the same pixels as the SVG Graphviz wrote.

Every request that leaves localhost is aborted. They need Debian's chromium (apt-get install
chromium) and skip, saying so, where /usr/bin/chromium is missing. Every wait has a timeout, and
the servers are stopped whatever happens.
"""

import base64
import re
import shutil
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]

from lab_browser import jupyter_lab, notebook_of, trust  # noqa: E402
from voila_browser import (  # noqa: E402
    PAGE_SECONDS,
    STEP_SECONDS,
    box,
    browser,
    open_in_voila,
    painted,
)

from nimlib import SimpleNim, draw_tree, game_tree, textbook_tree  # noqa: E402
from nimlib.drawing.dot import FONT  # noqa: E402
from nimlib.drawing.picture import for_image  # noqa: E402
from nimlib.widgets.positions import Position  # noqa: E402
from nimlib.widgets.searches import search_tree  # noqa: E402
from nimlib.widgets.snapshots import search_drawing  # noqa: E402

WIDE = {"width": 1366, "height": 768}
PICTURE = "svg, img"  # a tree, inline or as an image

pytestmark = pytest.mark.browser  # CI's tier; skipped without chromium (conftest)


def inside(inner: dict, outer: dict, slack: float = 1.0) -> bool:
    """Whether the box `inner` lies wholly within the box `outer`."""
    return (
        inner["x"] >= outer["x"] - slack
        and inner["y"] >= outer["y"] - slack
        and inner["x"] + inner["width"] <= outer["x"] + outer["width"] + slack
        and inner["y"] + inner["height"] <= outer["y"] + outer["height"] + slack
    )


def press(handle, key: str, times: int) -> None:
    """Press `key` `times` times on a slider's handle."""
    for _ in range(times):
        handle.press(key)


def test_a_slider_redraws_the_tree_and_the_computer_answers_a_move(in_voila):
    sync_api = pytest.importorskip("playwright.sync_api")
    cells = [
        'from nimlib.widgets import explore, play\nexplore("Simple-Nim", 3, method="minimax")',
        'play("Nim", piles=(1, 2, 3))',
    ]
    with browser() as page:
        open_in_voila(page, in_voila(cells))
        tree = page.locator(".nim-explore .nim-tree")
        sync_api.expect(tree).to_contain_text("Game tree of Simple-Nim from 3: 8 nodes")
        page.locator(".nim-explore .nim-counters .noUi-handle").press(
            "ArrowRight"
        )  # from 3 counters to 4
        sync_api.expect(tree).to_contain_text("Game tree of Simple-Nim from 4: 15 nodes")
        assert box(tree.locator(PICTURE).first)["height"] > 50

        page.locator(".nim-move", has_text="take 1 from pile 1").click()
        words = page.locator(".nim-play .nim-words")
        sync_api.expect(words).to_contain_text("The computer: take 1 from pile 3.")
        sync_api.expect(words).to_contain_text("You: take 1 from pile 1.")


@pytest.mark.parametrize(
    "drawing",
    [
        draw_tree(game_tree(textbook_tree(), "A", alphabeta=True), window=True),
        draw_tree(game_tree(SimpleNim(), 5, alphabeta=True), large=True),
    ],
    ids=["textbook tree with alpha and beta", "alpha-beta in large font"],
)
def test_a_picture_paints_the_same_pixels_as_the_svg_graphviz_wrote(drawing):
    svg = drawing.svg().replace(
        FONT, "serif"
    )  # unlike the browser's default font: a font lost would show
    slim = for_image(svg)
    assert (
        slim.count("font-family") == 1 < svg.count("font-family")
    )  # the font named once, on the <svg>
    with browser() as page:
        shots = []
        for shown in (svg, slim):
            source = "data:image/svg+xml;base64," + base64.b64encode(shown.encode("utf-8")).decode(
                "ascii"
            )
            page.set_content(f'<img id="tree" src="{source}">')
            page.wait_for_function(
                "document.getElementById('tree').complete", timeout=STEP_SECONDS * 1000
            )
            shots.append(page.locator("#tree").screenshot())
    assert box_of_png(shots[0])[0] > 300 and shots[0] == shots[1]


def box_of_png(png: bytes) -> tuple[int, int]:
    """The width and height of a PNG picture, from its header."""
    return int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")


def test_notebook_06_live_draws_plain_minimax_at_9_counters_inside_the_output_area(voila_site):
    sync_api = pytest.importorskip("playwright.sync_api")
    notebook = shutil.copy(ROOT / "notebooks" / "06_explore_the_search.ipynb", voila_site.folder)
    with browser() as page:
        open_in_voila(page, voila_site.address(Path(notebook)))
        explorer = page.locator(".nim-explore").first
        explorer.get_by_role("button", name="plain minimax").click()
        tree = explorer.locator(".nim-tree")
        sync_api.expect(tree).to_contain_text("Work of plain minimax")
        press(
            explorer.locator(".nim-counters .noUi-handle"), "ArrowRight", 4
        )  # from 5 counters to 9
        sync_api.expect(tree).to_contain_text(
            "Game tree of Simple-Nim from 9:", timeout=STEP_SECONDS * 1000
        )
        painted(tree)
        area = box(
            explorer.locator("xpath=ancestor::*[contains(@class, 'jp-OutputArea-output')][1]")
        )
        scroller = box(tree.locator("div[style*='overflow']").first)
        picture = box(tree.locator(PICTURE).first)
        assert inside(scroller, area), f"the tree's box {scroller} is not inside {area}"
        assert scroller["x"] + scroller["width"] <= page.viewport_size["width"]
        # 326 nodes at readable text, scrolling sideways from the root's end
        assert picture["width"] > 3 * area["width"] and abs(picture["x"] - scroller["x"]) <= 1


# What a learner sees of notebook 06's exercises, in the saved notebook: a prompt, a failing check
# (its stub), a worked solution; none of it belongs on a lecturer's projector.
EXERCISE_WORDS = ["Exercises", "Exercise 1", "Exercise 2", "✘", "visited_states", "Show a worked"]


def test_notebook_06_in_voila_shows_the_widgets_and_prose_but_not_the_exercises(voila_site):
    """The cells tagged "exercise" are left out (jupyter-config/voila.json), and only they."""
    sync_api = pytest.importorskip("playwright.sync_api")
    notebook = shutil.copy(ROOT / "notebooks" / "06_explore_the_search.ipynb", voila_site.folder)
    with browser() as page:
        open_in_voila(page, voila_site.address(Path(notebook)))
        cells = page.locator("#rendered_cells")
        # the links to the neighbours, in the last cell: every cell is on the page
        sync_api.expect(
            cells.get_by_role("link", name="07 Playing against the computer")
        ).to_be_visible()
        sync_api.expect(cells.locator("h2", has_text="Summary")).to_be_visible()
        sync_api.expect(cells.locator(".nim-explore")).to_have_count(1)
        sync_api.expect(cells.locator(".nim-replay")).to_have_count(4)
        text = cells.inner_text()
        assert "Explore a position" in text and "The window: (-1, +1)" in text  # the prose
        shown = [words for words in EXERCISE_WORDS if words in text]
        assert not shown, f"the page shows the exercises: {shown}"


@pytest.mark.parametrize(("viewport", "large"), [(None, True), (WIDE, False)])
def test_the_replay_caption_wraps_inside_the_output_area(in_voila, viewport, large):
    code = f'from nimlib.widgets import replay\nr = replay("Simple-Nim", 9, window="wide", large={large})\n'
    cells = [code + "r.step.value = 10\nr"]  # visit 10: ten positions are being searched
    with browser(viewport) as page:
        open_in_voila(page, in_voila(cells))
        view = page.locator(".nim-replay-tree")
        caption = view.locator("div", has_text="Being searched:").last
        # the caption's first line, not the scrolling tree's caption ("at visit 10 of 206")
        first_line = view.locator("div", has_text=re.compile("^Visit 10 of 206")).last
        line_height = box(first_line)["height"]
        area = box(page.locator(".jp-OutputArea-output").first)
        assert inside(box(caption), area)
        assert box(caption)["height"] > 1.5 * line_height  # it wraps onto a second line


def test_after_a_larger_search_the_end_key_reaches_its_last_step(in_voila):
    sync_api = pytest.importorskip("playwright.sync_api")
    cells = ['from nimlib.widgets import replay\nreplay("Simple-Nim", 5)']
    with browser() as page:
        open_in_voila(page, in_voila(cells))
        replay = page.locator(".nim-replay")
        label = replay.locator(".widget-label", has_text="visit")
        sync_api.expect(label).to_have_text("visit 1 of 22")
        press(replay.locator(".nim-counters .noUi-handle"), "ArrowRight", 3)  # from 5 counters to 8
        visits = search_tree(Position("Simple-Nim", 8), "alphabeta").visited_count
        sync_api.expect(label).to_have_text(f"visit 1 of {visits}")
        step = replay.locator(".widget-hslider", has=page.locator("label", has_text="step"))
        step.locator(".noUi-handle").press("End")
        sync_api.expect(replay.locator(".widget-label", has_text="done")).to_have_text(
            f"done: {visits} visits"
        )
        sync_api.expect(replay.locator(".nim-replay-tree")).to_contain_text(
            f"The search is over after {visits} visits"
        )
        step.locator(".noUi-handle").press("ArrowLeft")
        sync_api.expect(label).to_have_text(f"visit {visits} of {visits}")
        sync_api.expect(replay.locator(".nim-replay-tree")).to_contain_text(
            f"Visit {visits} of {visits}:"
        )


@pytest.fixture(scope="module")
def saved_widgets_notebook(tmp_path_factory) -> Path:
    """A notebook with explore(), replay() and play() run, stored as scripts/run_notebooks.py stores
    them: without the live widget views and without the widget state. It is run once for the
    module's tests, each of which opens a copy of its own."""
    from nbclient import NotebookClient

    cells = [
        "from nimlib.widgets import explore, play, replay",
        'explore("Simple-Nim", 4)',
        'r = replay("Simple-Nim", 5)\nr.step.value = 7\nr',
        'play("Nim", piles=(1, 2, 3))',
    ]
    path = notebook_of(tmp_path_factory.mktemp("saved"), cells, "saved.ipynb")
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, kernel_name="python3", timeout=60).execute(transport_encryption="auto")
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            output.get("data", {}).pop("application/vnd.jupyter.widget-view+json", None)
    notebook.metadata.pop("widgets", None)
    nbformat.write(notebook, path)
    return path


def pictures_are_images() -> bool:
    """Whether draw.py gives widgets their trees as <img> (which JupyterLab shows in untrusted
    notebooks)."""
    drawing = search_drawing(search_tree(Position("Simple-Nim", 2), "minimax"))
    return "<img" in drawing.html()


@pytest.mark.parametrize("trusted", [False, True])
def test_a_saved_notebook_shows_each_widgets_still_picture_in_jupyterlab(
    saved_widgets_notebook, tmp_path, trusted
):
    sync_api = pytest.importorskip("playwright.sync_api")
    if not trusted and not pictures_are_images():
        pytest.xfail(
            "JupyterLab strips inline <svg> from untrusted notebooks: needs draw.py's <img> pictures"
        )
    path = Path(shutil.copy(saved_widgets_notebook, tmp_path))
    home = tmp_path / ".jupyter-home"
    with jupyter_lab(tmp_path, home) as url, browser() as page:
        if trusted:
            trust(path, home)
        page.set_default_timeout(STEP_SECONDS * 1000)
        page.goto(f"{url}lab/tree/{path.name}", timeout=PAGE_SECONDS * 1000)
        saved = page.locator(".jp-OutputArea-output .nim-saved")
        sync_api.expect(saved).to_have_count(3, timeout=PAGE_SECONDS * 1000)
        sync_api.expect(saved.nth(0)).to_contain_text(
            "Work of alpha-beta: 12 calls, 5 distinct states, 3 cut-offs."
        )
        sync_api.expect(saved.nth(1)).to_contain_text("Visit 7 of 22: 1 with Min to move")
        sync_api.expect(saved.nth(2)).to_contain_text("take 1 from pile 1")
        for index in (0, 1):
            picture = saved.nth(index).locator("svg, img").first
            sync_api.expect(picture).to_be_visible()
            assert box(picture)["height"] > 50
            frame = picture.locator("xpath=ancestor::div[1]")  # its box: it may scroll sideways
            assert box(frame)["width"] <= box(saved.nth(index))["width"] + 1
            if box(picture)["width"] > box(frame)["width"] + 1:  # kept wide enough to read
                assert frame.evaluate("element => getComputedStyle(element).overflowX") == "auto"
        for output in saved.all():
            assert "n0->n1" not in output.inner_text()  # no DOT or SVG source shown as text
    shutil.rmtree(home, ignore_errors=True)


def test_a_slider_gives_each_step_10_px_for_a_mouse_on_a_projector(in_voila):
    cells = ['from nimlib.widgets import explore\nexplore("Simple-Nim", 5, method="minimax")']
    with browser() as page:
        page.set_viewport_size({"width": 1024, "height": 768})
        open_in_voila(page, in_voila(cells))
        track = box(page.locator(".nim-explore .nim-counters .noUi-target").first)
        assert track["width"] / 30 >= 10, track  # 0 to 30 counters
        handle = page.locator(".nim-explore .nim-counters .noUi-handle").first
        start = box(handle)
        page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
        page.mouse.down()
        page.mouse.move(
            start["x"] + start["width"] / 2 + 60, start["y"] + start["height"] / 2, steps=6
        )
        page.mouse.up()
        readout = page.locator(".nim-explore .nim-counters .widget-readout").first
        page.wait_for_function("el => el.textContent.trim() !== '5'", arg=readout.element_handle())
        assert (
            9 <= int(readout.inner_text()) <= 11
        )  # a 60 px drag moves about six steps, not fifteen
        page.screenshot(path=str(ROOT / "build" / "screenshots" / "explore_slider.png"))
