"""replay() in large print, live in JupyterLab at 1024x768 as a lecturer meets it on a projector,
with the file browser open beside the notebook and closed: scrolled so that the widget starts at the
top of the notebook, the tree's root shows without scrolling further (the legend above it once took
most of the screen), and no control's words are cut short. Every request leaving localhost is
blocked; it skips where /usr/bin/chromium is missing. The screenshots are left in pytest's
tmp_path, to look at."""

import base64
import re
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

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium"
    ),
]

# notebook 06's first replay, and the four-ply tree, each with the large-font button pressed
REPLAYS = {
    "simple_nim_5": 'replay("Simple-Nim", 5, large=True)',
    "deep_cut_off": 'replay("Deep cut-off tree", large=True)',
    "textbook": 'replay("Textbook tree", window="wide", large=True)',
}
# the notebook's width with the file browser open beside it, and closed
NOTEBOOK_WIDTH = {"open": "width => width < 800", "closed": "width => width >= 800"}
TOGGLE = "() => window.jupyterapp.commands.execute('application:toggle-left-area')"


PLACES = """number => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer')
    || document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook');
  const img = document.querySelectorAll('.nim-replay-tree img')[number];
  const cut = [...document.querySelectorAll('.nim-replay button, .nim-replay label')]
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


@pytest.fixture(scope="module")
def replays_page(tmp_path_factory):
    """JupyterLab at 1024x768 showing a notebook that has run every replay of REPLAYS, one a
    cell."""
    folder = tmp_path_factory.mktemp("large")
    (folder / "notebooks").mkdir()
    cells = ["from nimlib.widgets import replay", *REPLAYS.values()]
    notebook = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell(source) for source in cells]
    )
    notebook.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
    }
    nbformat.write(notebook, folder / "notebooks" / "large.ipynb")
    with jupyter_lab(folder / "notebooks", folder / "home") as url, browser() as page:
        page.goto(url + "lab")
        open_notebook(page, "large.ipynb", len(cells))
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
def test_a_large_replay_shows_its_root_without_scrolling_at_768_px(
    replays_page, tmp_path, name, file_browser
):
    page, number = replays_page, list(REPLAYS).index(name)
    show_file_browser(page, file_browser)
    painted(page.locator(".nim-replay-tree img").nth(number))
    page.locator(".nim-replay").nth(number).evaluate(
        "widget => widget.scrollIntoView({block: 'start'})"
    )
    page.wait_for_timeout(300)  # JupyterLab settles its scrolling
    page.screenshot(path=str(tmp_path / f"large_replay_{name}_{file_browser}.png"))
    places = page.evaluate(PLACES, number)
    svg = base64.b64decode(places["src"].split(",", 1)[1]).decode()
    top, bottom = (places["top"] + share * places["height"] for share in root_rows(svg))
    assert abs(places["widgetTop"] - places["panelTop"]) < 40, (
        "the widget is not scrolled to the top"
    )
    assert places["panelTop"] < top and bottom <= places["panelBottom"], (
        f"the root is at {top:.0f}-{bottom:.0f} px"
    )
    assert not places["cut"], f"controls cut short: {places['cut']}"
