"""The drawn trees of notebooks 04, 06, 12 and 13 as a lecturer shows them: a fresh copy opened in
JupyterLab at 1024x768 with the file browser open, untrusted and nothing run, in headless Chromium.

Each tree figure (an SVG picture of a drawing) must fit the output area's width, or sit in a box
that scrolls sideways; be no taller than the screen's room (SCREEN_PX), unless that would make its
text smaller than MIN_TEXT_PX; show its smallest text at least MIN_TEXT_PX high; and, where a
legend is drawn, show it; a replay step's node visited now is in view without scrolling (a box
that scrolls opens at its end nearer that node). Notebook 04's graph of positions stands beside its
tree at the tree's scale, its text as high as the tree's. Every request that leaves localhost is
blocked; it skips where /usr/bin/chromium is missing. The screenshots it takes are in
build/screenshots/.
"""

import base64
import html
import re
from pathlib import Path

import nbformat
import pytest
from lab_browser import (
    CHROMIUM,
    browser,
    fresh_copy,
    jupyter_lab,
    open_notebook,
    shut_down,
)

from nimlib.drawing.picture import MIN_TEXT_PX, SCREEN_PX, node_share
from nimlib.widgets.snapshots import NOW

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "build" / "screenshots"
# the tree figures of each notebook, and the legend's samples each one with a legend must show
TREES = {
    "04_memoization.ipynb": 2,
    "06_explore_the_search.ipynb": 6,
    "12_games_of_chance.ipynb": 1,
    "13_monte_carlo_tree_search.ipynb": 4,
}
LEGENDS = {
    "12_games_of_chance.ipynb": ("Max to move", "Min to move", "dice", "best play"),
    "13_monte_carlo_tree_search.ipynb": ("Max to move", "wins/visits of", "MCTS's move"),
}
# a text size above MIN_TEXT_PX that a notebook's trees keep: 12's chance tree is as high as the
# screen, and its legend's row beside its top-left root (not above the tree) makes it 11.2 px
READS_AT = {"12_games_of_chance.ipynb": 11}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium"
    ),
]

# Every SVG picture of the open notebook's outputs, as shown: its size, its output area's width,
# and whether it sits in a box that scrolls sideways.
FIGURES = """() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  return [...panel.querySelectorAll('.jp-OutputArea-output img')]
    .filter(img => img.getAttribute('src').startsWith('data:image/svg+xml'))
    .map(img => {
      const box = img.getBoundingClientRect();
      const area = img.closest('.jp-OutputArea-output').getBoundingClientRect();
      let scroller = img.parentElement;
      while (!scroller.classList.contains('jp-OutputArea-output')
             && getComputedStyle(scroller).overflowX !== 'auto') {
        scroller = scroller.parentElement;
      }
      const view = scroller.getBoundingClientRect();
      return {
        src: img.getAttribute('src'), width: box.width, height: box.height,
        left: box.left - area.left, area: area.width,
        scrolls: !scroller.classList.contains('jp-OutputArea-output')
          && scroller.scrollWidth > scroller.clientWidth,
        shown: [view.left - area.left, view.left - area.left + scroller.clientWidth],
      };
    });
}"""


def svg_of(src: str) -> str:
    """The SVG of a data: URI."""
    return base64.b64decode(src.split(",", 1)[1]).decode("utf-8")


def viewbox(svg: str) -> tuple[float, float]:
    """The width and height of an SVG's viewBox (points, for Graphviz)."""
    found = re.search(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ([\d.]+)"', svg)
    return float(found[1]), float(found[2])


def visited_now(svg: str) -> str:
    """The name of a replay step's node visited now, outlined in NOW (not the legend's sample), or
    ""."""
    found = re.search(rf'<title>(n\d+)</title>\n<\w+ [^>]*stroke="{NOW}"', svg)
    return found[1] if found else ""


def text_px(svg: str, shown_width: float, smallest: bool = True) -> float:
    """The smallest (or largest) text of a drawing shown `shown_width` px wide, in CSS pixels."""
    sizes = [float(size) for size in re.findall(r'font-size="([\d.]+)"', svg)]
    return (min(sizes) if smallest else max(sizes)) * shown_width / viewbox(svg)[0]


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """Headless Chromium at 1024x768 showing JupyterLab on a fresh copy of the notebooks, with the
    file browser open beside them."""
    pytest.importorskip("playwright.sync_api")
    folder = tmp_path_factory.mktemp("lab")
    fresh_copy(folder / "notebooks")
    with jupyter_lab(folder / "notebooks", folder / "home") as url, browser() as shown:
        shown.goto(url + "lab", timeout=60_000)
        shown.wait_for_selector("#jp-left-stack", timeout=60_000)
        shown.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
        shown.wait_for_selector("#jp-left-stack", state="visible")
        yield shown


def figures_of(page, name: str) -> list[dict]:  # noqa: ANN001 (a Playwright Page)
    """FIGURES of notebook `name` as stored, each photographed scrolled to its top."""
    path = ROOT / "notebooks" / name
    open_notebook(page, name, len(nbformat.read(path, as_version=4).cells))
    try:
        page.wait_for_function(
            "() => [...document.querySelectorAll('.jp-OutputArea-output img')]"
            ".every(img => img.complete)"
        )
        figures = page.evaluate(FIGURES)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        pictures = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output img")
        for index in range(pictures.count()):
            pictures.nth(index).evaluate("img => img.scrollIntoView({block: 'start'})")
            page.screenshot(path=str(SCREENSHOTS / f"trees_{name[:2]}_{index}.png"))
        return figures
    finally:
        shut_down(page)


@pytest.mark.parametrize("name", sorted(TREES), ids=lambda name: name[:2])
def test_every_tree_fits_the_projector_and_reads(page, name):
    figures = figures_of(page, name)
    assert len(figures) == TREES[name], f"{len(figures)} tree figures"
    assert all(figure["area"] < 620 for figure in figures), "the file browser takes its room"
    for figure in figures:
        svg = svg_of(figure["src"])
        if 'preserveAspectRatio="none"' in svg:  # a squeezed outline under "Show at full size"
            continue
        smallest = text_px(svg, figure["width"])
        least = READS_AT.get(name, MIN_TEXT_PX)
        assert smallest >= least - 0.05, f"text {smallest:.1f} px high"
        if figure["scrolls"]:  # it opens at its start, or at its end to show its node now
            right = figure["left"] + figure["width"]
            assert figure["left"] >= -1 or abs(right - figure["shown"][1]) <= 1
        else:
            assert figure["left"] + figure["width"] <= figure["area"] + 1, "cut at the right"
        now = visited_now(svg)
        if now:
            middle = figure["left"] + figure["width"] * node_share(svg, now)
            left, right = figure["shown"]
            assert left + 20 <= middle <= right - 20, f"{middle:.0f} px: the node now is cut"
        at_screen_height = figure["width"] * SCREEN_PX / figure["height"]
        if text_px(svg, at_screen_height) >= MIN_TEXT_PX:  # it can fit: it must
            assert figure["height"] <= SCREEN_PX + 1, f"{figure['height']:.0f} px high"
    for figure in figures:
        for sample in LEGENDS.get(name, ()):
            assert f">{sample}<" in html.unescape(svg_of(figure["src"])), (
                f"the legend lacks {sample!r}"
            )


def test_the_graph_of_positions_stands_beside_its_tree_at_its_scale(page):
    tree, graph = figures_of(page, "04_memoization.ipynb")
    tree_text = text_px(svg_of(tree["src"]), tree["width"], smallest=False)
    graph_text = text_px(svg_of(graph["src"]), graph["width"], smallest=False)
    assert abs(tree_text - graph_text) <= 0.5, f"{graph_text:.1f} px beside {tree_text:.1f} px"
    assert graph_text >= 12, "the graph's positions read from the back of the room"
    assert graph["width"] >= 0.5 * tree["width"], "the graph squeezed beside its tree"
