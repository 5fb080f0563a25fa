"""replay() live in JupyterLab at 1024x768, as a lecturer drags its step slider at a projector, with
the file browser open beside the notebook and closed: scrolled to its step slider, the slider and
the whole of the step's tree show together, the tree's text still readable (notebook 06's replay at
visit 7 once needed a scroll between the two, the tree under a tall caption), and the first line of
the caption shows under the tree. Every request leaving localhost is blocked; it skips where
/usr/bin/chromium is missing. The screenshots are left in pytest's tmp_path, to look at."""

import base64
import sys
from pathlib import Path

import nbformat
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

from lab_browser import (  # noqa: E402
    CHROMIUM,
    browser,
    jupyter_lab,
    open_notebook,
    shut_down,
    start_run_all,
)
from voila_browser import painted  # noqa: E402

from nimlib.drawing.picture import readable_width, smallest_text_pt, svg_size  # noqa: E402

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium"
    ),
]

# notebook 06's replays, each at the step a lecturer stops at: its tree is as large at every step
REPLAYS = {
    "simple_nim_5_visit_7": 'replay("Simple-Nim", 5)',
    "memo_visit_7": 'replay("Simple-Nim", 5, method="memo")',
    "deep_cut_off_visit_18": 'replay("Deep cut-off tree")',
}
STEPS = {"simple_nim_5_visit_7": 7, "memo_visit_7": 7, "deep_cut_off_visit_18": 18}
# the notebook's width with the file browser open beside it, and closed
NOTEBOOK_WIDTH = {"open": "width => width < 800", "closed": "width => width >= 800"}
TOGGLE = "() => window.jupyterapp.commands.execute('application:toggle-left-area')"

# where the step slider's row, the tree and the caption's first line are, scrolled to the row
PLACES = """number => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer')
    || document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
  const widget = document.querySelectorAll('.nim-replay')[number];
  const row = widget.querySelector('.widget-play').closest('.widget-hbox');  // the step row
  row.scrollIntoView({block: 'start'});
  const img = widget.querySelector('.nim-replay-tree img');
  const words = [...widget.querySelectorAll('.nim-replay-tree div')]
    .find(line => !line.children.length && line.innerText.startsWith('Visit '));
  const box = element => element.getBoundingClientRect();
  return {panelTop: box(panel).top, panelBottom: box(panel).bottom, rowTop: box(row).top,
          treeTop: box(img).top, treeBottom: box(img).bottom, treeWidth: box(img).width,
          wordsBottom: box(words).bottom, src: img.getAttribute('src')};
}"""


def cell_at_step(name: str) -> str:
    """The code of a cell showing replay `name` moved to its step."""
    return f"r = {REPLAYS[name]}\nr.step.value = {STEPS[name]}\nr"


@pytest.fixture(scope="module")
def replays_page(tmp_path_factory):
    """JupyterLab at 1024x768 showing a notebook that has run every replay of REPLAYS, one a cell,
    each at its step."""
    folder = tmp_path_factory.mktemp("projector")
    (folder / "notebooks").mkdir()
    cells = ["from nimlib.widgets import replay", *map(cell_at_step, REPLAYS)]
    notebook = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell(source) for source in cells]
    )
    notebook.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
    }
    nbformat.write(notebook, folder / "notebooks" / "projector.ipynb")
    with jupyter_lab(folder / "notebooks", folder / "home") as url, browser() as page:
        page.goto(url + "lab")
        open_notebook(page, "projector.ipynb", len(cells))
        start_run_all(page)  # the waits below have timeouts
        page.wait_for_function(
            "count => document.querySelectorAll('.nim-replay-tree img').length === count",
            arg=len(REPLAYS),
            timeout=120_000,
        )
        yield page
        shut_down(page)


def show_file_browser(page, state: str) -> None:  # noqa: ANN001 (a Playwright Page of JupyterLab)
    """Put JupyterLab's file browser in `state`, "open" or "closed", and wait for the notebook to
    take the width that leaves it."""
    if (state == "open") != page.locator("#jp-left-stack").is_visible():
        page.evaluate(TOGGLE)
    page.wait_for_function(
        f"() => ({NOTEBOOK_WIDTH[state]})(document.querySelector('.jp-NotebookPanel').offsetWidth)"
    )


@pytest.mark.parametrize("file_browser", NOTEBOOK_WIDTH)
@pytest.mark.parametrize("name", REPLAYS)
def test_a_replay_shows_its_step_slider_and_whole_tree_together_at_768_px(
    replays_page, tmp_path, name, file_browser
):
    page, number = replays_page, list(REPLAYS).index(name)
    show_file_browser(page, file_browser)
    painted(page.locator(".nim-replay-tree img").nth(number))
    page.evaluate(PLACES, number)
    page.wait_for_timeout(300)  # JupyterLab settles its scrolling
    places = page.evaluate(PLACES, number)
    page.screenshot(path=str(tmp_path / f"replay_{name}_{file_browser}.png"))
    assert places["panelTop"] - 1 <= places["rowTop"] < places["treeTop"], (
        "the step slider is not above the tree"
    )
    assert places["treeBottom"] <= places["panelBottom"], (
        f"the tree ends at {places['treeBottom']:.0f} px, under the notebook's "
        f"{places['panelBottom']:.0f} px: the slider and the tree do not show together"
    )
    assert places["wordsBottom"] <= places["panelBottom"], "the caption's first line is cut off"
    svg = base64.b64decode(places["src"].split(",", 1)[1]).decode()
    readable = readable_width(svg_size(svg)[0], smallest_text_pt(svg))
    assert places["treeWidth"] >= readable - 1, (
        f"the tree is {places['treeWidth']:.0f} px wide: its text shrinks below readable"
    )


# a focused slider handle's ring reaches this far past its box (a box-shadow)
FOCUS_RING_PX = 6
# the step label's left edge and the slider handle's right edge, and the tree's top
STEP_ROW = """number => {
  const widget = document.querySelectorAll('.nim-replay')[number];
  const row = widget.querySelector('.widget-play').closest('.widget-hbox');
  const box = element => element.getBoundingClientRect();
  return {labelLeft: box(row.querySelector(':scope > .widget-label')).left,
          handleRight: box(row.querySelector('.noUi-handle')).right,
          label: row.querySelector(':scope > .widget-label').innerText,
          treeTop: box(widget.querySelector('.nim-replay-tree img')).top};
}"""


def test_the_last_step_of_a_replay_moves_nothing_beside_the_file_browser(replays_page, tmp_path):
    """At the search's end the slider's handle covered the start of "done: 26 visits", and the
    caption over the picture, the whole tree's counts, took a second line: the tree moved down."""
    page, number = replays_page, list(REPLAYS).index("deep_cut_off_visit_18")
    show_file_browser(page, "open")
    page.evaluate(PLACES, number)
    handle = page.locator(".nim-replay").nth(number).locator(".widget-hbox .noUi-handle").last
    before = page.evaluate(STEP_ROW, number)
    handle.press("End")
    page.wait_for_function(
        "number => document.querySelectorAll('.nim-replay')[number].innerText.includes('done:')",
        arg=number,
    )
    painted(page.locator(".nim-replay-tree img").nth(number))
    at_end = page.evaluate(STEP_ROW, number)
    page.screenshot(path=str(tmp_path / "replay_deep_cut_off_done_open.png"))
    handle.press("Home")
    assert at_end["label"].startswith("done:")
    gap = at_end["labelLeft"] - at_end["handleRight"]
    assert gap >= FOCUS_RING_PX, f"the slider's handle, ringed, covers its label ({gap:.0f} px)"
    assert abs(at_end["treeTop"] - before["treeTop"]) < 1, (
        f"the tree moved {at_end['treeTop'] - before['treeTop']:.0f} px at the last step"
    )


# the tree's picture: where it stands, how wide it is drawn, and its SVG's own size (its src)
TREE_BOX = """number => {
  const img = document.querySelectorAll('.nim-replay')[number].querySelector('.nim-replay-tree img');
  const box = img.getBoundingClientRect();
  return {left: box.left, width: box.width, src: img.getAttribute('src')};
}"""


def test_dragging_a_replays_slider_never_moves_its_tree_sideways(replays_page, tmp_path):
    """A node still being searched shows "?", narrower than "+1": notebook 06's alpha-beta replay
    from 5 was 703 pt wide at visits 15 to 17 and 723 pt at the others, so the tree moved sideways
    under the lecturer's slider."""
    page, number = replays_page, list(REPLAYS).index("simple_nim_5_visit_7")
    show_file_browser(page, "closed")
    page.evaluate(PLACES, number)
    handle = page.locator(".nim-replay").nth(number).locator(".widget-hbox .noUi-handle").last
    seen = {}
    for step in range(STEPS["simple_nim_5_visit_7"] + 1, 20):
        handle.press("ArrowRight")
        page.wait_for_function(
            "([number, words]) => document.querySelectorAll('.nim-replay')[number]"
            ".innerText.includes(words)",
            arg=[number, f"visit {step} of 22"],
        )
        painted(page.locator(".nim-replay-tree img").nth(number))
        box = page.evaluate(TREE_BOX, number)
        svg = base64.b64decode(box["src"].split(",", 1)[1]).decode()
        seen[step] = (round(box["left"]), round(box["width"]), svg_size(svg))
    page.screenshot(path=str(tmp_path / "replay_simple_nim_5_visit_19_closed.png"))
    for _ in seen:
        handle.press("ArrowLeft")  # back at its step, for the other tests
    assert len(set(seen.values())) == 1, f"the tree moved or changed size: {seen}"
