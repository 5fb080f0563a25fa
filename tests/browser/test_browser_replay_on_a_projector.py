"""replay() live in JupyterLab at 1024x768, as a lecturer shows it on a projector, with the file
browser open beside the notebook and closed. Dragged to a step, the step slider, every line of the
step's caption and the whole of the step's tree show together, the caption between the slider and
the tree (as the still picture has it), the tree's text still readable (notebook 06's replay at
visit 7 once needed a scroll between slider and tree, the tree under a tall caption; then, the
caption under the tree, its cut-off line fell off the screen beside the file browser). In large
print, scrolled so that the widget starts at the top of the notebook, the tree's root shows without
scrolling further (the legend above it once took most of the screen), and no control's words are
cut short. Every request leaving localhost is blocked; it skips where /usr/bin/chromium is
missing. The screenshots are left in pytest's tmp_path, to look at."""

import base64
import re

import pytest
from lab_browser import (
    browser,
    jupyter_lab,
    notebook_of,
    open_notebook,
    shut_down,
    start_run_all,
)
from voila_browser import painted

from nimlib.drawing.picture import readable_width, smallest_text_pt, svg_size

pytestmark = pytest.mark.browser  # CI's tier; skipped without chromium (conftest)

# notebook 06's replays, each at the step a lecturer stops at: its tree is as large at every step
REPLAYS = {
    "simple_nim_5_visit_7": 'replay("Simple-Nim", 5)',
    "memo_visit_7": 'replay("Simple-Nim", 5, method="memo")',
    "deep_cut_off_visit_18": 'replay("Deep cut-off tree")',
}
STEPS = {"simple_nim_5_visit_7": 7, "memo_visit_7": 7, "deep_cut_off_visit_18": 18}
# notebook 06's first replay, and the four-ply tree, each with the large-font button pressed
LARGE_REPLAYS = {
    "simple_nim_5": 'replay("Simple-Nim", 5, large=True)',
    "deep_cut_off": 'replay("Deep cut-off tree", large=True)',
    "textbook": 'replay("Textbook tree", window="wide", large=True)',
}
# the place of each replay in the notebook (after the import)
ORDER = [*REPLAYS, *LARGE_REPLAYS]
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
  // the caption's lines shown (not those that only keep room for longer ones)
  const words = [...widget.querySelectorAll('.nim-replay-tree div')].filter(line =>
    !line.children.length && line.innerText.trim() && !line.closest('[aria-hidden="true"]'));
  const box = element => element.getBoundingClientRect();
  return {panelTop: box(panel).top, panelBottom: box(panel).bottom, rowTop: box(row).top,
          treeTop: box(img).top, treeBottom: box(img).bottom, treeWidth: box(img).width,
          wordsTop: Math.min(...words.map(line => box(line).top)),
          wordsBottom: Math.max(...words.map(line => box(line).bottom)),
          lines: words.length, src: img.getAttribute('src')};
}"""


# where a large replay's widget and tree are, and its controls whose words are cut short
ROOT_PLACES = """number => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer')
    || document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
  const img = document.querySelectorAll('.nim-replay-tree img')[number];
  const cut = [...img.closest('.nim-replay').querySelectorAll('button, label')]
    .filter(e => e.offsetWidth > 0 && e.scrollWidth > e.clientWidth + 1).map(e => e.innerText);
  const shown = panel.getBoundingClientRect(), picture = img.getBoundingClientRect();
  return {panelTop: shown.top, panelBottom: shown.bottom, widgetTop: img.closest('.nim-replay').getBoundingClientRect().top,
          top: picture.top, height: picture.height, src: img.getAttribute('src'), cut};
}"""


def root_rows(svg: str) -> tuple[float, float]:
    """How far down its drawing the root node (n0) begins and ends, as shares of the drawing's
    height."""
    height = float(re.search(r'viewBox="[-\d.]+ [-\d.]+ [\d.]+ ([\d.]+)', svg)[1])
    shift = float(re.search(r'<g id="graph0"[^>]*translate\([-\d.]+ ([-\d.]+)\)', svg)[1])
    node = re.search(r"<title>n0</title>(.*?)</g>", svg, flags=re.DOTALL)[1]
    shape = re.search(r"<(?:polygon|path|ellipse)[^>]*>", node)[0]
    if shape.startswith("<ellipse"):
        middle, half = (float(re.search(rf'{name}="([-\d.]+)"', shape)[1]) for name in ("cy", "ry"))
        ys = [middle - half, middle + half]
    else:
        points = re.search(r'(?:points|d)="([^"]+)"', shape)[1]
        ys = [float(y) for y in re.findall(r"[-\d.]+,([-\d.]+)", points)]
    return (shift + min(ys)) / height, (shift + max(ys)) / height


def cell_at_step(name: str) -> str:
    """The code of a cell showing replay `name` moved to its step."""
    return f"r = {REPLAYS[name]}\nr.step.value = {STEPS[name]}\nr"


@pytest.fixture(scope="module")
def replays_page(tmp_path_factory):
    """JupyterLab at 1024x768 showing a notebook that has run every replay of REPLAYS, one a cell,
    each at its step, then every one of LARGE_REPLAYS."""
    folder = tmp_path_factory.mktemp("projector")
    (folder / "notebooks").mkdir()
    cells = [
        "from nimlib.widgets import replay",
        *map(cell_at_step, REPLAYS),
        *LARGE_REPLAYS.values(),
    ]
    notebook_of(folder / "notebooks", cells, "projector.ipynb")
    with jupyter_lab(folder / "notebooks", folder / "home") as url, browser() as page:
        page.goto(url + "lab")
        open_notebook(page, "projector.ipynb", len(cells))
        start_run_all(page)  # the waits below have timeouts
        page.wait_for_function(
            "count => document.querySelectorAll('.nim-replay-tree img').length === count",
            arg=len(ORDER),
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


def at_visit(page, number: int, step: int) -> None:
    """Wait until the replay `number` (of Simple-Nim from 5) says it is at visit `step`, with its
    tree painted."""
    page.wait_for_function(
        "([number, words]) => document.querySelectorAll('.nim-replay')[number]"
        ".innerText.includes(words)",
        arg=[number, f"visit {step} of 22"],
    )
    painted(page.locator(".nim-replay-tree img").nth(number))


@pytest.mark.parametrize("file_browser", NOTEBOOK_WIDTH)
@pytest.mark.parametrize("name", REPLAYS)
def test_a_replay_shows_its_step_slider_and_whole_tree_together_at_768_px(
    replays_page, tmp_path, name, file_browser
):
    page, number = replays_page, ORDER.index(name)
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
    assert places["lines"], "the caption is missing"
    assert places["rowTop"] < places["wordsTop"] and places["wordsBottom"] <= places["treeTop"], (
        "the caption is not between the step slider and the tree, as in the still picture"
    )
    assert places["wordsBottom"] <= places["panelBottom"], (
        f"the caption ends at {places['wordsBottom']:.0f} px, under the notebook's "
        f"{places['panelBottom']:.0f} px: its last line is cut off"
    )
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
    page, number = replays_page, ORDER.index("deep_cut_off_visit_18")
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
  return {left: box.left, top: box.top, width: box.width, src: img.getAttribute('src')};
}"""


def test_dragging_a_replays_slider_never_moves_its_tree_sideways(replays_page, tmp_path):
    """A node still being searched shows "?", narrower than "+1": notebook 06's alpha-beta replay
    from 5 was 703 pt wide at visits 15 to 17 and 723 pt at the others, so the tree moved sideways
    under the lecturer's slider. Nor does it move down as the caption above it grows: the caption
    keeps room for its longest lines."""
    page, number = replays_page, ORDER.index("simple_nim_5_visit_7")
    show_file_browser(page, "closed")
    page.evaluate(PLACES, number)
    handle = page.locator(".nim-replay").nth(number).locator(".widget-hbox .noUi-handle").last
    seen = {}
    for step in range(STEPS["simple_nim_5_visit_7"] + 1, 20):
        handle.press("ArrowRight")
        at_visit(page, number, step)
        box = page.evaluate(TREE_BOX, number)
        svg = base64.b64decode(box["src"].split(",", 1)[1]).decode()
        seen[step] = (round(box["left"]), round(box["top"]), round(box["width"]), svg_size(svg))
    page.screenshot(path=str(tmp_path / "replay_simple_nim_5_visit_19_closed.png"))
    for _ in seen:
        handle.press("ArrowLeft")  # back at its step, for the other tests
    assert len(set(seen.values())) == 1, f"the tree moved or changed size: {seen}"


@pytest.mark.parametrize("file_browser", NOTEBOOK_WIDTH)
@pytest.mark.parametrize("name", LARGE_REPLAYS)
def test_a_large_replay_shows_its_root_without_scrolling_at_768_px(
    replays_page, tmp_path, name, file_browser
):
    page, number = replays_page, ORDER.index(name)
    show_file_browser(page, file_browser)
    painted(page.locator(".nim-replay-tree img").nth(number))
    page.locator(".nim-replay").nth(number).evaluate(
        "widget => widget.scrollIntoView({block: 'start'})"
    )
    page.wait_for_timeout(300)  # JupyterLab settles its scrolling
    page.screenshot(path=str(tmp_path / f"large_replay_{name}_{file_browser}.png"))
    places = page.evaluate(ROOT_PLACES, number)
    svg = base64.b64decode(places["src"].split(",", 1)[1]).decode()
    top, bottom = (places["top"] + share * places["height"] for share in root_rows(svg))
    assert abs(places["widgetTop"] - places["panelTop"]) < 40, (
        "the widget is not scrolled to the top"
    )
    assert places["panelTop"] < top and bottom <= places["panelBottom"], (
        f"the root is at {top:.0f}-{bottom:.0f} px"
    )
    assert not places["cut"], f"controls cut short: {places['cut']}"


@pytest.mark.parametrize("file_browser", NOTEBOOK_WIDTH)
def test_a_large_replays_words_sit_on_its_tree_at_every_step_and_nothing_moves(
    replays_page, tmp_path, file_browser
):
    """The caption keeps room for its longest lines (the deepest call stack, a cut-off's line), so
    that the tree stays put as the slider moves; its lines stood at the top of that room, and in
    large print, at the first steps, two lines of eight left a blank band of 100 to 250 px between
    the words and the tree they describe. The words now sit at the bottom of the room, on the
    tree, and the blank is above them: the slider, the tree and the words' last line stay put."""
    page, number = replays_page, ORDER.index("simple_nim_5")
    show_file_browser(page, file_browser)
    handle = page.locator(".nim-replay").nth(number).locator(".widget-hbox .noUi-handle").last
    handle.press("Home")
    seen = {}
    for step in range(1, 12):
        if step > 1:
            handle.press("ArrowRight")
        at_visit(page, number, step)
        page.evaluate(PLACES, number)
        page.wait_for_timeout(100)  # JupyterLab settles its scrolling
        places = page.evaluate(PLACES, number)
        if step == 1:
            page.screenshot(path=str(tmp_path / f"large_replay_step_1_{file_browser}.png"))
        seen[step] = {
            key: round(places[key]) for key in ("rowTop", "treeTop", "wordsBottom", "lines")
        }
    handle.press("Home")
    gaps = {step: at["treeTop"] - at["wordsBottom"] for step, at in seen.items()}
    assert max(gaps.values()) <= 40, f"a blank band between the words and the tree: {gaps} px"
    for key in ("rowTop", "treeTop", "wordsBottom"):
        assert len({at[key] for at in seen.values()}) == 1, f"{key} moved: {seen}"
    assert len({at["lines"] for at in seen.values()}) > 1  # the caption did change length
