"""The stored notebooks as learners meet them in JupyterLab: a fresh copy, untrusted, each notebook
opened once in one JupyterLab at 1024x768 in headless Chromium and checked in the order a learner
meets it: its tab once its kernel is ready, its stored figures with nothing run, then axe-core as
opened and as run, then its widgets live. Opening a notebook starts a kernel (12 to 24 s on a loaded
machine), so each is opened once for all of them: the fixture `notebook` is parametrized at module
scope, pytest runs every check of one notebook, in the order of this file, before it opens the next,
and closes its tab and shuts its kernel down in between; nothing run leaks into the next.

**Its tab.** Opening a notebook (through JupyterLab's document manager, as a double click in the
file browser does) changes nothing: once its kernel is ready, its tab shows no unsaved-changes dot.
JupyterLab writes the running kernel's `kernelspec` and `language_info` into a notebook's metadata
when the kernel starts; if they differ from what the file holds, the tab is marked as changed before
the learner has typed anything. The notebooks therefore store the kernelspec exactly as ipykernel
installs it ("Python 3 (ipykernel)"). `language_info.version` is the Python version of the kernel
that last executed the notebooks, which no file can match on every machine: the copies the server
serves have this machine's version, everything else as stored.

**Its stored figures, pictures and links**, untrusted with nothing run. The server serves a fresh
copy of notebooks/ (with its images/) and nothing above it, as the README's `jupyter lab
notebooks/...` does. For each notebook it checks that each picture of its text (markdown) has loaded
and each relative link leads to a file the server has; that every figure stored in the file shows as
a picture (an <img> that loaded, counted against the pictures in the stored outputs); that no output
shows DOT or SVG source as text; that no picture is wider than its output area unless it sits in a
box that scrolls sideways and starts with the tree's root in view (each <details> of the outputs is
opened to check), whose caption then says "scroll sideways" at the cut while no other caption says
it; and that all text of a drawing is at least 10 px, both with the file browser closed (outputs 844
px wide) and open (572 px), where a drawing keeps its readable width in a box that scrolls sideways;
and so is a plot's (a matplotlib PNG, at its default font sizes: it is shown at 72% of its width or
more; 08's row of take sets, 12 inches wide, once showed its labels 6 px high beside the file
browser), and so is the text of a picture of the text that is an SVG, such as the scaling plot of 04
and 05, beside the file browser (drawn 8.5 inches wide at 10 pt, it once showed 9 px). Each drawn
tree (TREES: those of 04, 06, 12 and 13) reads on a projector beside the file browser: no taller
than the screen's room unless its text would then shrink below 10 px, a replay step's node visited
now in view, its legend whole; 04's graph of positions stands beside its tree at the tree's scale.
With the file browser open, 05's text tables fit and a code line too long for its cell would wrap
instead of running out of sight; and no code line of 05, 08 or 10 wraps there at all (a line of the
editor holds 74 characters, and the notebooks keep to that), each photographed at its longest line.
Notebooks 04 and 05, which show the scaling plot, are photographed at it into build/screenshots/.

**axe-core** (issue 35), as opened and as run (Run All), with the file browser open: no serious or
critical violation in the project's own content (the notebooks' text and outputs, widgets and
matplotlib's plots included; scripts/accessibility.py's KNOWN lists any left to other issues, none
today). JupyterLab's own violations, and those of the controls ipywidgets draws itself, are counted
apart and printed, not failed on; those controls get their names from jupyter-config's extension
(checked on notebook 06). scripts/accessibility.py prints the same counts for any copy of the
notebooks. The slide decks are audited with the decks' other tests (test_slides.py), where they are
built.

**Live**, once the notebook has run (the audit's Run All, or a Run All of their own): in 11, a click
on a column gets the computer's answer, with its score and how far it looked, and a double click
plays one move; in 12, Pig's widget rolls and holds and shows the chance of winning; in 13, the
slider of playouts redraws the tree and names the exact best move; in 14 (whose stored leaderboard,
plot and replay show before it runs), the replay's slider steps back and the board answers a click.

Which notebooks: the tab of every notebook, and 11 to 14 live, always. CI checks every notebook's
figures (NIMLIB_LAB_NOTEBOOKS=all) and audits every notebook (NIMLIB_AXE_NOTEBOOKS=all); `pytest -m
ci` run by hand checks the figures of SAMPLE (the trees of 01 and 05, the plots of 04 and 08, the
widgets' pictures of 06, 10's tables, 11's boards) and audits AUDITED (05's trees, 06's sliders,
07's Nim game widget, 11's Connect Four), to stay quick. Every request that leaves localhost is
blocked. The browser tests need Debian's chromium and skip, saying so, where /usr/bin/chromium is
missing; the audit skips without axe-core (axe-playwright-python, in requirements-dev.txt). The
screenshots it takes are in build/screenshots/.
"""

import base64
import html
import json
import os
import platform
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import nbformat
import pytest
from accessibility import report, run_all, serious, violations
from jupyter_client.kernelspec import KernelSpecManager
from lab_browser import (
    CHROMIUM,
    EVERY_CELL_RUN,
    KERNEL_READY,
    KERNEL_SECONDS,
    KERNEL_WRITTEN,
    TEXT_WIDTH,
    browser,
    fresh_copy,
    jupyter_lab,
    open_notebook,
    shut_down,
)

from nimlib.drawing.picture import (
    MIN_TEXT_PX,
    SCREEN_PX,
    least_text_px,
    node_share,
    smallest_text_pt,
)
from nimlib.drawing.plots import DPI
from nimlib.games.printer import WIDTH
from nimlib.widgets.match import LATE_CLICK
from nimlib.widgets.saved import NOTE
from nimlib.widgets.snapshots import NOW

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9]*.ipynb"))
SAMPLE = ("01", "04", "05", "06", "08", "10", "11")
CHECKED = (
    NOTEBOOKS
    if os.environ.get("NIMLIB_LAB_NOTEBOOKS") == "all"
    else [path for path in NOTEBOOKS if path.name[:2] in SAMPLE]
)
AUDITED = [
    path
    for path in NOTEBOOKS
    if os.environ.get("NIMLIB_AXE_NOTEBOOKS") == "all" or path.name[:2] in ("05", "06", "07", "11")
]
SCREENSHOTS = ROOT / "build" / "screenshots"
PHOTOGRAPHED = ("04_memoization.ipynb", "05_alphabeta.ipynb")
VIEWPORT = {"width": 1024, "height": 768}
PAGE_SECONDS = 60
# a plot's PNG at DPI draws matplotlib's smallest default text (10 pt) this many px high
PLOT_TEXT_PX = 10 * DPI / 72
SOURCE_AS_TEXT = re.compile(r"<svg|</svg>|xmlns|digraph|\bn\d+ ?-> ?n\d+|\bn0\b|viewBox|base64,")
PICTURE_SRC = re.compile(r'<img\b[^>]*\bsrc="data:image/')


def numbered(prefix: str) -> Path:
    """The notebook whose name starts with `prefix` ("05")."""
    return next(path for path in NOTEBOOKS if path.name.startswith(prefix))


def opening(
    paths: list[Path], ids: Callable[[Path], str] = lambda path: path.stem
) -> pytest.MarkDecorator:
    """Parametrize a test by the notebooks `paths`, each opened once for all its checks (the
    fixture `notebook`)."""
    return pytest.mark.parametrize("notebook", paths, indirect=True, ids=ids)


@pytest.fixture(scope="module")
def lab(tmp_path_factory) -> Iterator[str]:
    """A JupyterLab server on localhost with fresh folders (nothing trusted) serving a fresh copy of
    the notebooks, each with this Python's version in its `language_info`."""
    if not CHROMIUM.exists():
        pytest.skip("needs Debian's chromium at /usr/bin/chromium")
    folder = tmp_path_factory.mktemp("lab")
    for copy in fresh_copy(folder / "notebooks"):
        notebook = json.loads(copy.read_text(encoding="utf-8"))
        notebook["metadata"]["language_info"]["version"] = platform.python_version()
        copy.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    with (
        open(folder / "lab.log", "wb") as log,
        jupyter_lab(folder / "notebooks", folder / "home", log) as url,
    ):
        yield url


@pytest.fixture(scope="module")
def page(lab):
    """Headless Chromium at 1024x768 showing that JupyterLab, with the file browser closed."""
    pytest.importorskip("playwright.sync_api")
    with browser(VIEWPORT) as shown:
        shown.goto(lab + "lab", timeout=PAGE_SECONDS * 1000)
        shown.wait_for_selector("#jp-left-stack", timeout=PAGE_SECONDS * 1000)
        if shown.locator("#jp-left-stack").is_visible():
            shown.evaluate(
                "() => window.jupyterapp.commands.execute('application:toggle-left-area')"
            )
        yield shown


@dataclass
class Opened:
    """The notebook open in the page: its path in notebooks/, and whether it has been run."""

    path: Path
    ran: bool = False


@pytest.fixture(scope="module")
def notebook(request, page) -> Iterator[Opened]:
    """The notebook `request.param` open in the page as its only tab, as a learner opens it, once
    its kernel has started and is idle; afterwards its tab closed unsaved and its kernel shut down,
    before the next notebook opens."""
    path = request.param
    try:
        open_notebook(page, path.name, len(nbformat.read(path, as_version=4).cells))
        page.wait_for_function(KERNEL_READY, timeout=KERNEL_SECONDS * 1000)
        yield Opened(path)
    finally:
        shut_down(page)


def installed_kernelspec() -> dict[str, str]:
    """The notebook metadata JupyterLab writes for the python3 kernel installed here."""
    spec = KernelSpecManager().get_kernel_spec("python3")
    return {"display_name": spec.display_name, "language": spec.language, "name": "python3"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_every_notebook_stores_the_kernelspec_that_jupyterlab_writes(path):
    metadata = json.loads(path.read_text(encoding="utf-8"))["metadata"]
    assert metadata["kernelspec"] == installed_kernelspec()


@pytest.mark.browser
@opening(NOTEBOOKS)
def test_the_tab_shows_no_unsaved_changes_once_the_kernel_is_ready(page, notebook):
    page.evaluate(KERNEL_WRITTEN)
    opened = page.locator(".jp-NotebookPanel").count()
    assert opened == 1, "every notebook opens in a panel of its own"
    changed = page.locator(".lm-TabBar-tab.jp-mod-dirty .lm-TabBar-tabLabel").all_inner_texts()
    assert changed == [], (
        "JupyterLab marks these as changed on opening: compare their metadata with a saved copy"
    )


# the code font's size as the page computes it, with an inline size of the theme settings', as
# JupyterLab's theme manager sets one, and once it has taken it away again
CODE_SIZES = """() => {
  const size = () => getComputedStyle(document.documentElement)
    .getPropertyValue('--jp-code-font-size').trim();
  const sizes = [size()];
  document.documentElement.style.setProperty('--jp-code-font-size', '14px');
  sizes.push(size());
  document.documentElement.style.removeProperty('--jp-code-font-size');
  return [...sizes, size()];
}"""


@pytest.mark.browser
def test_code_is_12_5_px_unless_the_theme_settings_set_a_size(page):
    """At JupyterLab's 13 px, a browser whose scrollbar takes room (Chrome on Linux) shows 72
    characters beside the file browser, not 74; jupyter-config's extension sets 12.5 px. A size of
    the theme settings wins; taken away (Restore to Defaults), it left 13 px until a reload."""
    assert page.evaluate(CODE_SIZES) == ["12.5px", "14px", "12.5px"]


OUTPUTS = """() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  return [...panel.querySelectorAll('.jp-OutputArea-output')].map(output => {
    const area = output.getBoundingClientRect();
    const pictures = [...output.querySelectorAll('img')].map(img => {
      const box = img.getBoundingClientRect();
      let scroller = img.parentElement;
      while (scroller !== output && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) {
        scroller = scroller.parentElement;
      }
      const scrolls = scroller !== output && scroller.scrollWidth > scroller.clientWidth;
      const caption = img.closest('details')?.querySelector(':scope > summary');
      const says = element => [...element.childNodes].some(
        text => text.nodeType === Node.TEXT_NODE && text.textContent.includes('scroll sideways'));
      const near = [caption, scroller !== output ? scroller : null].filter(Boolean);
      const cue = near.flatMap(box => [box, ...box.querySelectorAll('span')]).some(
        said => says(said) && said.getBoundingClientRect().width > 10);
      return {
        src: img.getAttribute('src'), loaded: img.complete && img.naturalWidth > 0,
        natural: img.naturalWidth, width: box.width, height: box.height,
        left: box.left - area.left, shown: box.width > 0 && box.height > 0,
        scroller: scrolls ? {
          scrollLeft: scroller.scrollLeft, width: scroller.clientWidth,
          left: scroller.getBoundingClientRect().left - area.left,
        } : null,
        cue,
      };
    });
    return {width: area.width, text: output.innerText, pictures};
  });
}"""


MARKDOWN = """() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  const rendered = [...panel.querySelectorAll('.jp-MarkdownOutput')];
  return {
    pictures: rendered.flatMap(cell => [...cell.querySelectorAll('img')]).map(img => ({
      src: img.getAttribute('src'), url: img.src, alt: img.alt,
      loaded: img.complete && img.naturalWidth > 0,
      width: img.getBoundingClientRect().width,
    })),
    links: rendered.flatMap(cell => [...cell.querySelectorAll('a[href]')]).map(a => a.href),
  };
}"""


# The code spans of the text that break inside a word ("--|scheduler"), each with a "|" where
# the line breaks: Chromium breaks a line after a hyphen or an "=", and a flag or a path split
# there reads wrong on a projector (and copies wrong by hand); a break at a space is fine.
BROKEN_CODE = """() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  const spans = [...panel.querySelectorAll('.jp-MarkdownOutput code')]
    .filter(code => !code.closest('pre') && code.getClientRects().length > 1);
  return spans.flatMap(code => {
    const text = code.firstChild, range = document.createRange(), breaks = [];
    let top = null;
    for (let i = 0; i < text.length; i++) {
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const rect = range.getClientRects()[0];
      if (!rect) continue;
      if (top !== null && rect.top > top + 2 && !/\\s/.test(text.data.slice(i - 1, i + 1)))
        breaks.push(text.data.slice(0, i) + '|' + text.data.slice(i));
      top = rect.top;
    }
    return breaks;
  });
}"""


def stored_pictures(path: Path) -> int:
    """How many pictures the stored outputs of the notebook at `path` hold, as an untrusted notebook
    shows them: the <img>s of an HTML output (JupyterLab shows HTML first), else one PNG, JPEG or
    SVG."""
    count = 0
    for cell in nbformat.read(path, as_version=4).cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "text/html" in data:
                count += len(PICTURE_SRC.findall(data["text/html"]))
            elif any(kind in data for kind in ("image/png", "image/jpeg", "image/svg+xml")):
                count += 1
    return count


def svg_of(src: str) -> str | None:
    """The SVG of a data: URI, or None if it holds another kind of picture."""
    prefix = "data:image/svg+xml;base64,"
    return base64.b64decode(src[len(prefix) :]).decode() if src.startswith(prefix) else None


def viewbox_width(svg: str) -> float:
    """The width of an SVG's viewBox (points, for Graphviz)."""
    return float(re.search(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+)', svg)[1])


def root_share(svg: str) -> float | None:
    """Where the root (node n0) of a drawn tree sits across it, from 0 (left edge) to 1, or None if
    it has none."""
    found = re.search(
        r"<title>n0</title>.*?(?:cx=\"|points=\"|d=\"M)([-\d.]+)", svg, flags=re.DOTALL
    )
    if found is None:
        return None
    offset = float(re.search(r"translate\(([-\d.]+)", svg)[1])
    return (float(found[1]) + offset) / viewbox_width(svg)


def text_px(
    svg: str, shown_width: float, pick: Callable[[list[float]], float] = min
) -> float | None:
    """The size on screen, in CSS pixels, of the smallest text (or, with `pick` max, the largest) of
    a drawing shown `shown_width` px wide, or None if it has no text."""
    sizes = [float(size) for size in re.findall(r'font-size="([\d.]+)"', svg)]
    # matplotlib draws text as glyph paths 100 units high, scaled to the font size in points
    sizes += [100 * float(scale) for scale in re.findall(r"scale\(([\d.]+) -\1\)", svg)]
    return pick(sizes) * shown_width / viewbox_width(svg) if sizes else None


@pytest.mark.browser
@opening(CHECKED)
def test_every_picture_and_link_of_the_text_and_every_stored_figure_shows(
    lab, page, notebook, seen
):
    path = notebook.path
    text, outputs, narrow = (seen[key] for key in ("text", "outputs", "narrow"))
    assert [picture["src"] for picture in text["pictures"] if not picture["loaded"]] == []
    local = [link for link in text["links"] if link.startswith(lab)]
    assert [link for link in local if page.request.get(link).status != 200] == [], (
        "a link reaches no file"
    )
    if path.name in PHOTOGRAPHED:
        assert [picture["alt"] for picture in text["pictures"] if picture["width"] > 300], (
            "the scaling plot shows"
        )
    for picture in seen["text_narrow"]["pictures"]:  # the scaling plot beside the file browser
        svg = page.request.get(picture["url"]).text() if ".svg" in picture["src"] else None
        smallest = None if svg is None else text_px(svg, picture["width"])
        assert smallest is None or smallest >= MIN_TEXT_PX - 0.05, (
            f"{urlsplit(picture['url']).path}: text {smallest:.1f} px high, shown {picture['width']:.0f} px wide"
        )
    pictures = [picture for output in outputs for picture in output["pictures"]]
    assert sum(picture["loaded"] for picture in pictures) == stored_pictures(path) == len(pictures)
    for output in outputs:
        assert not SOURCE_AS_TEXT.search(output["text"]), (
            f"source shown as text: {output['text'][:200]!r}"
        )
    assert all(output["width"] < 620 for output in narrow), "the file browser takes its room"
    for output in outputs + narrow:
        for picture in output["pictures"]:
            check_fits(picture, output["width"])


@pytest.mark.browser
@opening(CHECKED)
def test_no_code_of_the_text_breaks_inside_a_word_at_1024_px(seen):
    """14's `--scheduler` broke after its "--" with the file browser open, 11's path after
    "pons-"."""
    assert seen["broken_code"] == [], "with the file browser closed"
    assert seen["broken_code_narrow"] == [], "with the file browser open"


PANEL_WIDTH = "() => document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)').getBoundingClientRect().width"
IMAGES_LOADED = "selector => [...document.querySelectorAll(selector)].every(img => img.complete)"
# Whether each <details> of the open notebook is open, and setting them so again.
DETAILS_OPEN = """() => [...document.querySelectorAll(
  '.jp-NotebookPanel:not(.lm-mod-hidden) details')].map(details => details.open)"""
DETAILS_REOPEN = """states => document.querySelectorAll(
  '.jp-NotebookPanel:not(.lm-mod-hidden) details').forEach((details, i) => details.open = states[i])"""


@pytest.fixture(scope="module")
def seen(page, notebook) -> dict:
    """What JupyterLab shows of the open notebook with nothing run (see look), gathered once for
    every test that checks it."""
    assert not notebook.ran, "the stored figures are checked before anything runs"
    return look(page, notebook.path)


def look(page, path: Path) -> dict:  # noqa: ANN001 (a Playwright Page showing JupyterLab)
    """Gather what the tests check of the notebook at `path`, open untrusted with nothing run,
    taking the photographs on the way: with the file browser closed, the pictures and links of
    its text (MARKDOWN), its code spans broken inside a word (BROKEN_CODE) and its rows of trees
    side by side (SIDE_BY_SIDE); with the file browser open, its text's pictures again
    (MARKDOWN), its text outputs (TEXT_OUTPUTS), its
    code spans broken again, its code editors (CODE_CELLS), its matches' still
    pictures (SAVED) and, for WIDEST_CODE's
    notebooks, every line of its code (CODE_LINES); then, each <details> of its outputs opened, its
    outputs (OUTPUTS) with the file browser closed and open ("outputs", "narrow"). The notebook's
    <details> are left open or closed as they were, for the audit as opened."""
    shut = page.evaluate(DETAILS_OPEN)
    page.wait_for_function(IMAGES_LOADED, arg=".jp-MarkdownOutput img")
    seen = {"text": page.evaluate(MARKDOWN), "broken_code": page.evaluate(BROKEN_CODE)}
    if path.name in PHOTOGRAPHED:
        photograph(page, path)
    page.wait_for_function(IMAGES_LOADED, arg=".jp-OutputArea-output img")
    seen["side_by_side"] = page.evaluate(SIDE_BY_SIDE)
    with file_browser_open(page):
        seen["text_narrow"] = page.evaluate(MARKDOWN)
        seen["text_outputs"] = page.evaluate(TEXT_OUTPUTS)
        seen["broken_code_narrow"] = page.evaluate(BROKEN_CODE)
        photograph_tables(page, path)
        seen["code"] = page.evaluate(CODE_CELLS)
        seen["saved"] = page.evaluate(SAVED)
        if path.name[:2] in WIDEST_CODE:
            seen["lines"] = page.evaluate(CODE_LINES)
            photograph_code(page, path, WIDEST_CODE[path.name[:2]])
    page.evaluate(
        "() => document.querySelectorAll('.jp-OutputArea-output details').forEach(d => d.open = true)"
    )
    page.wait_for_function(IMAGES_LOADED, arg=".jp-OutputArea-output img")
    seen["outputs"] = page.evaluate(OUTPUTS)
    with file_browser_open(page):
        seen["narrow"] = page.evaluate(OUTPUTS)
    page.evaluate(DETAILS_REOPEN, shut)
    return seen


@contextmanager
def file_browser_open(page) -> Iterator[None]:  # noqa: ANN001 (a Playwright Page)
    """The file browser open beside the open notebook (outputs about 570 px wide), closed again
    afterwards (outputs 844 px wide)."""
    page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
    try:
        page.wait_for_selector("#jp-left-stack", state="visible")
        page.wait_for_function(f"() => ({PANEL_WIDTH})() < 800")
        yield
    finally:
        page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
        page.wait_for_function(f"() => ({PANEL_WIDTH})() >= 800")


def photograph(page, path: Path) -> None:  # noqa: ANN001 (a Playwright Page showing JupyterLab)
    """Save a screenshot of the notebook's first picture of its text, scrolled into view, into
    build/screenshots/."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    picture = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-MarkdownOutput img").first
    picture.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / f"lab_{path.stem}.png"))


def check_fits(picture: dict, area_width: float) -> None:
    """A picture lies inside its output area, or in a box that scrolls sideways and starts with its
    root in view; no text of a drawing shown whole, nor of a plot, is smaller than MIN_TEXT_PX."""
    assert picture["shown"]
    if picture["src"].startswith("data:image/png"):  # a plot: its text shrinks with its width
        shown_px = PLOT_TEXT_PX * picture["width"] / picture["natural"]
        assert shown_px >= MIN_TEXT_PX - 0.05, (
            f"a plot's text {shown_px:.1f} px high: {picture['natural']} px wide, shown in "
            f"{picture['width']:.0f}"
        )
    svg = svg_of(picture["src"])
    if svg is not None:
        smallest = text_px(svg, picture["width"])
        assert smallest is None or smallest >= MIN_TEXT_PX - 0.05, (
            f"text {smallest:.1f} px high in a picture {picture['width']:.0f} px wide"
        )
    if picture["scroller"] is None:
        assert picture["left"] >= -1 and picture["left"] + picture["width"] <= area_width + 1
        assert not picture["cue"], "a picture the page does not cut says 'scroll sideways'"
        return
    assert picture["scroller"]["scrollLeft"] == 0
    assert picture["cue"], "a picture the page cuts does not say 'scroll sideways'"
    share = root_share(svg) if svg is not None else None
    assert share is not None and share * picture["width"] < picture["scroller"]["width"], (
        "the root is out of view"
    )


# The drawn trees (SVG pictures) of the notebooks that show them, and the words of the legend each
# tree of a notebook shows, if it has one
TREES = {
    "04_memoization.ipynb": (2, ()),
    "06_explore_the_search.ipynb": (6, ()),
    "12_games_of_chance.ipynb": (1, ("Max to move", "Min to move", "dice", "best play")),
    "13_monte_carlo_tree_search.ipynb": (4, ("Max to move", "reward/visits of", "MCTS's move")),
}
# a text size above MIN_TEXT_PX that a notebook's trees keep: 12's chance tree is as high as the
# screen, and its legend's row beside its top-left root (not above the tree) makes it 11.2 px
READS_AT = {"12_games_of_chance.ipynb": 11}


def trees(outputs: list[dict]) -> list[tuple[str, dict]]:
    """The SVG and the picture, as shown, of every drawing among `outputs` (OUTPUTS)."""
    pictures = [picture for output in outputs for picture in output["pictures"]]
    svgs = [svg_of(picture["src"]) for picture in pictures]
    return [(svg, picture) for svg, picture in zip(svgs, pictures, strict=True) if svg is not None]


def visited_now(svg: str) -> str:
    """The name of a replay step's node visited now, outlined in NOW (not the legend's sample), or
    ""."""
    found = re.search(rf'<title>(n\d+)</title>\n<\w+ [^>]*stroke="{NOW}"', svg)
    return found[1] if found else ""


@pytest.mark.browser
@opening([path for path in CHECKED if path.name in TREES])
def test_every_tree_fits_the_projector_and_reads(page, notebook, seen):
    """Beside the file browser, as a lecturer shows it: no taller than SCREEN_PX unless its text
    would then read smaller than MIN_TEXT_PX (16 px in large fonts), its text as high as READS_AT
    asks, a replay step's node visited now in view, its legend whole; each photographed into
    build/screenshots/."""
    name = notebook.path.name
    count, legend = TREES[name]
    shown = trees(seen["narrow"])
    assert len(shown) == count, f"{len(shown)} trees"
    for svg, picture in shown:
        least = least_text_px(smallest_text_pt(svg))  # 16 px for a drawing in large fonts
        assert text_px(svg, picture["width"]) >= READS_AT.get(name, least) - 0.05
        at_screen_height = picture["width"] * SCREEN_PX / picture["height"]
        if text_px(svg, at_screen_height) >= least:  # it can fit: it must
            assert picture["height"] <= SCREEN_PX + 1, f"{picture['height']:.0f} px high"
        view = picture["scroller"] or {"left": 0, "width": seen["narrow"][0]["width"]}
        if visited_now(svg):
            middle = picture["left"] + picture["width"] * node_share(svg, visited_now(svg))
            assert view["left"] + 20 <= middle <= view["left"] + view["width"] - 20, (
                f"{middle:.0f} px: the node visited now is cut"
            )
        missing = [words for words in legend if f">{words}<" not in html.unescape(svg)]
        assert missing == [], f"the legend lacks {missing}"
    with file_browser_open(page):
        photograph_trees(page, notebook.path)


def photograph_trees(page, path: Path) -> None:  # noqa: ANN001 (a Playwright Page)
    """Save a screenshot of each drawing of the open notebook `path`'s outputs, scrolled to its
    top, into build/screenshots/."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    pictures = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-OutputArea-output img")
    for index in range(pictures.count()):
        if pictures.nth(index).get_attribute("src").startswith("data:image/svg+xml"):
            pictures.nth(index).evaluate("img => img.scrollIntoView({block: 'start'})")
            page.screenshot(path=str(SCREENSHOTS / f"trees_{path.name[:2]}_{index}.png"))


@pytest.mark.browser
@opening([numbered("04")])
def test_the_graph_of_positions_stands_beside_its_tree_at_its_scale(seen):
    (tree_svg, tree), (graph_svg, graph) = trees(seen["narrow"])
    tree_text = text_px(tree_svg, tree["width"], max)
    graph_text = text_px(graph_svg, graph["width"], max)
    assert abs(tree_text - graph_text) <= 0.5, f"{graph_text:.1f} px beside {tree_text:.1f} px"
    assert graph_text >= 12, "the graph's positions read from the back of the room"
    assert graph["width"] >= 0.5 * tree["width"], "the graph squeezed beside its tree"


# The stored matches of each notebook, and words each of their still pictures shows
SAVED_MATCHES = {
    "07_play_against_the_computer.ipynb": (4, ["first move:", "Your moves:"]),
    "09_beyond_nim.ipynb": (2, ["first move:"]),
    "11_connect_four.ipynb": (1, ["first move:", "time per move:"]),
    "12_games_of_chance.ipynb": (1, ["goal:", "Your chance of winning"]),
}
# Each match's still picture in the open notebook: its words, and the elements that run out of its
# output area sideways.
SAVED = """() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  return [...panel.querySelectorAll('.jp-OutputArea-output .nim-saved')].map(saved => {
    const area = saved.closest('.jp-OutputArea-output').getBoundingClientRect();
    const out = [...saved.querySelectorAll('*')].filter(part => {
      const box = part.getBoundingClientRect();
      return part.getClientRects().length
        && (box.left < area.left - 1 || box.right > area.right + 1);
    });
    return {text: saved.innerText, out: out.map(part => part.outerHTML.slice(0, 120))};
  });
}"""


@pytest.mark.browser
@opening([path for path in CHECKED if path.name in SAVED_MATCHES])
def test_a_saved_match_shows_its_still_picture_whole_beside_the_file_browser(notebook, seen):
    """Each match's still picture, untrusted with nothing run and the file browser open, shows the
    settings line, the board, the words and the note that it is a picture, and nothing of it runs
    out of its output sideways."""
    count, words = SAVED_MATCHES[notebook.path.name]
    saved = [match for match in seen["saved"] if words[0] in match["text"]]
    assert len(saved) == count
    for match in saved:
        text = match["text"]
        assert all(word in text for word in words) and text.count(NOTE) == 1, text
        assert "Your turn:" not in text, text  # a click on no button: the note says run it
        assert match["out"] == [], match["out"]


@pytest.mark.browser
@opening([numbered("14")])
def test_the_tournament_shows_its_stored_leaderboard_plot_and_replay(page, notebook):
    assert not notebook.ran, "the stored outputs are checked before anything runs"
    leaderboard = page.locator(".jp-OutputArea-output", has_text="95% interval").first
    leaderboard.scroll_into_view_if_needed()
    photograph_live(page, notebook.path, "stored_leaderboard")
    assert page.locator("img[alt^='Ratings with 95% intervals']").count() == 1
    replay = page.locator("img[alt^='X is red, O is yellow']").first  # the stored replay's board
    replay.scroll_into_view_if_needed()
    photograph_live(page, notebook.path, "stored_replay")


SIDE_BY_SIDE = """() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  const rows = [...panel.querySelectorAll('.jp-OutputArea-output div[style*="display:flex"]')];
  return rows.map(row => [...row.querySelectorAll('img')].map(img => {
    const box = img.getBoundingClientRect();
    return {src: img.getAttribute('src'), top: box.top, left: box.left, width: box.width, height: box.height};
  }));
}"""


def root_text_top(svg: str) -> float:
    """How far down its drawing the root's first line of text stands, as a share of the drawing's
    height."""
    shift = float(re.search(r'<g id="graph0"[^>]*translate\([-\d.]+ ([-\d.]+)\)', svg)[1])
    text = float(
        re.search(r"<title>n0</title>.*?<text [^>]*?y=\"([-\d.]+)\"", svg, flags=re.DOTALL)[1]
    )
    return (shift + text) / float(re.search(r'viewBox="[-\d.]+ [-\d.]+ [\d.]+ ([\d.]+)', svg)[1])


@pytest.mark.browser
@opening([numbered("05")])
def test_the_trees_of_a_side_by_side_stand_level(seen):
    rows = seen["side_by_side"]
    assert len(rows) >= 2
    for left, right in (row for row in rows if len(row) == 2):
        roots = [
            picture["top"] + root_text_top(svg_of(picture["src"])) * picture["height"]
            for picture in (left, right)
        ]
        if right["left"] >= left["left"] + left["width"]:  # side by side, not wrapped into a column
            assert abs(roots[0] - roots[1]) <= 2, (
                f"the roots stand at {roots[0]:.0f} and {roots[1]:.0f} px"
            )


TEXT_OUTPUTS = """() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  return [...panel.querySelectorAll('.jp-OutputArea-output pre')].map(pre => {
    const unwrapped = pre.cloneNode(true);
    unwrapped.style.whiteSpace = 'pre';
    unwrapped.style.wordBreak = 'normal';
    pre.after(unwrapped);
    const heights = [pre.getBoundingClientRect().height, unwrapped.getBoundingClientRect().height];
    unwrapped.remove();
    return {text: pre.innerText, width: pre.clientWidth, heights};
  });
}"""


# Every code cell's editor: whether it wraps long lines, and how much wider than its box its text
# is.
CODE_CELLS = """() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  return [...panel.querySelectorAll('.jp-CodeCell .cm-scroller')].map(scroller => ({
    wraps: scroller.querySelector('.cm-content').classList.contains('cm-lineWrapping'),
    hidden: scroller.scrollWidth - scroller.clientWidth,
    text: scroller.innerText.slice(0, 120),
  }));
}"""


@pytest.mark.browser
@opening([numbered("05")])
def test_the_tables_and_code_of_05_show_whole_at_1024_px_with_the_file_browser_open(seen):
    outputs, code = seen["text_outputs"], seen["code"]
    tables = [
        output
        for output in outputs
        if not output["text"].lstrip().startswith(("✘", "✔", "(not stored"))
    ]
    assert len(tables) > 10 and all(
        output["width"] < 620 for output in tables
    )  # the file browser takes its room
    for output in tables:
        wrapped, unwrapped = output["heights"]
        assert wrapped <= unwrapped + 1, f"wraps at {output['width']} px: {output['text'][:160]!r}"
    assert len(code) > 10 and all(cell["wraps"] for cell in code), (
        "JupyterLab's settings (overrides.json) not used"
    )
    assert [cell["text"] for cell in code if cell["hidden"] > 1] == [], (
        "a line of code runs out of sight"
    )


# Every line of every code cell's editor: its height against one line's, and how many characters
# of its font a line of the editor holds (issue 37: a wrapped line's continuation starts at the
# left edge, where Python reads a new statement, so no notebook line may wrap); and the code the
# text shows (the worked solutions, opened), which JupyterLab wraps too.
CODE_LINES = """async () => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  const frame = () => new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const heights = [], texts = [];
  for (const cell of panel.querySelectorAll('.jp-CodeCell')) {
    cell.scrollIntoView({block: 'start'});  // CodeMirror draws only the lines near the view
    await frame();
    for (const line of cell.querySelectorAll('.cm-content .cm-line')) {
      heights.push(line.getBoundingClientRect().height);
      texts.push(line.innerText);
    }
  }
  const one = Math.min(...heights.filter(height => height > 0));
  const first = panel.querySelector('.jp-CodeCell .cm-line');
  const style = getComputedStyle(first);
  const width = element => {  // of one character in the font of `element`
    const probe = document.createElement('span');
    probe.style.font = getComputedStyle(element).font;
    probe.style.whiteSpace = 'pre';
    probe.textContent = 'x'.repeat(100);
    document.body.append(probe);
    const character = probe.getBoundingClientRect().width / 100;
    probe.remove();
    return character;
  };
  const room = first.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  panel.querySelectorAll('.jp-MarkdownOutput details').forEach(details => details.open = true);
  const text = panel.querySelector('.jp-MarkdownOutput pre');
  const shown = [...panel.querySelectorAll('.jp-MarkdownOutput pre')].filter(pre => {
    const unwrapped = pre.cloneNode(true);
    [unwrapped, ...unwrapped.querySelectorAll('*')].forEach(part => part.style.whiteSpace = 'pre');
    pre.after(unwrapped);
    const wraps = pre.getBoundingClientRect().height > unwrapped.getBoundingClientRect().height + 1;
    unwrapped.remove();
    return wraps;
  });
  return {
    count: heights.length, one, fits: Math.floor(room / width(first)),
    text_fits: text ? Math.floor(text.clientWidth / width(text)) : 0,
    wrapped: texts.filter((text, i) => heights[i] > one * 1.5),
    text_code: panel.querySelectorAll('.jp-MarkdownOutput pre').length,
    text_wrapped: shown.map(pre => pre.innerText.slice(0, 120)),
  };
}"""
# a code cell with a line of WIDTH characters, photographed before and after (build/screenshots/)
WIDEST_CODE = {"05": "cutoffs:10", "08": "def ", "10": "def "}


@pytest.mark.browser
@opening([numbered(prefix) for prefix in sorted(WIDEST_CODE)], ids=lambda path: path.name[:2])
def test_no_code_line_wraps_at_1024_px_with_the_file_browser_open(notebook, seen):
    path = notebook.path
    lines = seen["lines"]
    cells = nbformat.read(path, as_version=4).cells
    assert lines["count"] == sum(
        cell.source.count("\n") + 1 for cell in cells if cell.cell_type == "code"
    ), "every line of every code cell is on the page"
    assert lines["fits"] >= WIDTH, f"a line of the editor holds {lines['fits']} characters"
    assert lines["wrapped"] == [], f"{len(lines['wrapped'])} code lines wrap"
    assert lines["text_fits"] >= TEXT_WIDTH, f"the text's code holds {lines['text_fits']}"
    assert lines["text_code"] > 0 and lines["text_wrapped"] == [], "the text's code wraps"


SCROLL_TO_CODE = """words => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  const lines = [...panel.querySelectorAll('.jp-CodeCell .cm-line')];
  const widest = lines.filter(line => line.innerText.includes(words))
    .sort((a, b) => b.innerText.length - a.innerText.length)[0];
  if (widest) { widest.scrollIntoView({block: 'center'}); }
  return Boolean(widest);
}"""


def photograph_code(page, path: Path, words: str) -> None:  # noqa: ANN001 (a Playwright Page)
    """Save a screenshot of the notebook's longest code line holding `words`, scrolled into view,
    into build/screenshots/."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    assert page.evaluate(SCROLL_TO_CODE, words), f"no code line holds {words!r}"
    page.screenshot(path=str(SCREENSHOTS / f"{path.stem[:2]}_code.png"))


# The text outputs of every notebook, with the file browser open (issue 37): no line of a table
# wraps.
# Each pre is photographed scrolled into view when it holds one of TABLES' words, into
# build/screenshots/.
TABLES = {
    "04_memoization.ipynb": ("counters:", "calls"),
    "08_patterns_and_theory.ipynb": ("reachable",),
    "09_beyond_nim.ipynb": ("remembered",),
    "10_move_ordering_and_deepening.ipynb": ("all leaves", "g/(g-1)"),
}
SCROLL_TO_TEXT = """words => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  const pre = [...panel.querySelectorAll('.jp-OutputArea-output pre')].find(p => p.innerText.includes(words));
  if (pre) { pre.scrollIntoView({block: 'center'}); }
  return Boolean(pre);
}"""


@pytest.mark.browser
@opening(CHECKED, ids=lambda path: path.stem[:2])
def test_no_text_output_wraps_at_1024_px_with_the_file_browser_open(seen):
    outputs = seen["text_outputs"]
    assert outputs and all(
        output["width"] < 620 for output in outputs
    )  # the file browser takes its room
    wrapped = [
        output["text"][:160]
        for output in outputs
        if output["heights"][0] > output["heights"][1] + 1
    ]
    assert wrapped == [], f"text outputs wrap at {outputs[0]['width']} px"


def photograph_tables(page, path: Path) -> None:  # noqa: ANN001 (a Playwright Page)
    """Save a screenshot of each text output holding one of TABLES' words for the notebook at
    `path`, scrolled into view, into build/screenshots/."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for number, words in enumerate(TABLES.get(path.name, ())):
        assert page.evaluate(SCROLL_TO_TEXT, words), f"no output holds {words!r}"
        page.screenshot(path=str(SCREENSHOTS / f"{path.stem[:2]}_table_{number}.png"))


CONTROLS = """() => [...document.querySelectorAll('.noUi-handle[role=slider], .widget-play button')]
  .map(control => {
    const widget = control.closest('.widget-inline-hbox, .widget-play');
    const label = widget && widget.querySelector('.widget-label');
    return {name: control.getAttribute('aria-label'), label: label ? label.textContent.trim() : ''};
  })"""


@pytest.mark.browser
@opening(AUDITED)
def test_no_serious_violation_in_the_notebooks_own_content(page, notebook):
    """As opened and as run, with the file browser open, as a learner first sees JupyterLab; in
    06, jupyter-config's extension (labextension/static/nimlib_lab.js) names each slider's
    handle by its description and each Play button by its icon, as on the site."""
    pytest.importorskip("axe_playwright_python", reason="axe-core comes with requirements-dev.txt")
    with file_browser_open(page):
        found = violations(page, "opened")
        notebook.ran = True
        run_all(page, notebook.path)
        found |= violations(page, "run")
        controls = page.evaluate(CONTROLS)
    results = {notebook.path.name: found}
    print(report(results))
    print("\n".join(f"known: {line}" for line in serious(results, known=True)))
    assert not serious(results)
    if notebook.path.name.startswith("06"):
        names = [control["name"] for control in controls]
        assert {"Play", "Stop", "Repeat", "counters", "pile 1", "step"} <= set(names)
        assert all(control["name"] == control["label"] for control in controls if control["label"])


# The live notebooks: each run top to bottom in its kernel (as the audit left it, or run here), its
# widgets then answer clicks and keys as a learner gives them.
@pytest.fixture
def live(page, notebook) -> Opened:
    """The open notebook once every cell has run and its kernel is idle, run here if the audit did
    not run it; its page's waits time out after a minute."""
    if not notebook.ran:
        notebook.ran = True
        run_all(page, notebook.path)
    page.wait_for_function(EVERY_CELL_RUN, timeout=KERNEL_SECONDS * 1000)
    page.set_default_timeout(PAGE_SECONDS * 1000)  # every wait and click ends, passed or failed
    return notebook


def photograph_live(page, path: Path, what: str) -> None:  # noqa: ANN001 (a Playwright Page)
    """Save what the page shows of the notebook at `path` into build/screenshots/."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{path.stem[:2]}_{what}.png"))


# Connect Four's widget once the computer has answered, and while it thinks: your stone on the
# board, "Thinking...", its column buttons off; and the red stones on its board
ANSWERED = "() => document.querySelector('.nim-connect-four').innerText.includes('The computer')"
THINKING = """() => {
    const widget = document.querySelector('.nim-connect-four');
    const columns = [...widget.querySelectorAll('button')]
      .filter(button => /^[1-7]$/.test(button.innerText.trim()));
    return widget.innerText.includes('Thinking...') && columns.length === 7
        && columns.every(b => b.disabled)
        && widget.querySelector('img').alt.split('rows from the top: ')[1].includes('X');
}"""
REDS = """() => (document.querySelector('.nim-connect-four img').alt
    .split('rows from the top: ')[1].match(/X/g) || []).length"""


@pytest.mark.browser
@opening([numbered("11")])
def test_a_click_on_a_column_drops_a_stone_and_the_computer_answers(page, live):
    """Within its time budget the computer answers, saying its score, how many moves ahead it
    looked and the column it expects; a double click plays one move."""
    widget = page.locator(".nim-connect-four")
    widget.scroll_into_view_if_needed()
    widget.locator("button", has_text="4").first.click()
    # before the answer: your stone, "Thinking...", the buttons off (shown only after it, they
    # would never be seen, however long the wait)
    page.wait_for_function(THINKING)
    # the computer thinks one second by its clock; no wall-clock check here, which a busy machine
    # could fail: the wait's limit is what a hang would meet
    page.wait_for_function(ANSWERED)
    text = widget.inner_text()
    picture = widget.locator("img").first
    assert picture.evaluate("img => img.complete && img.naturalWidth === 280")
    assert "You: column 4." in text and "It expects you to play column" in text, text
    assert "Score for it" in text and "moves ahead" in text, text
    assert "Your turn: click a column's number above the board." in text, text
    assert widget.locator("text=first move").is_visible()
    assert picture.bounding_box()["width"] == 280
    photograph_live(page, live.path, "live_after_4")
    page.wait_for_timeout(LATE_CLICK * 1000 + 100)  # the answer has been on screen a moment
    widget.locator("button", has_text="3").first.dblclick()  # the second click while it thinks
    page.wait_for_function(
        "() => document.querySelector('.nim-connect-four').innerText.includes('column 3.')"
    )
    page.wait_for_function(ANSWERED)
    page.wait_for_timeout(3_000)  # time for a second move and answer, had the click been played
    text = widget.inner_text()
    assert text.count("You:") == 1 and text.count("The computer:") == 1, text
    assert page.evaluate(REDS) == 2
    assert widget.locator("button", has_text="3").first.is_enabled()
    photograph_live(page, live.path, "live_double_3")


@pytest.mark.browser
@opening([numbered("12")])
def test_pig_rolls_holds_and_shows_the_chance_of_winning(page, live):
    widget = page.locator(".nim-pig")
    widget.scroll_into_view_if_needed()
    assert "Your chance of winning with best play from here: 61.6%" in widget.inner_text()
    widget.locator("button", has_text="Roll").click()
    page.wait_for_function(
        "() => document.querySelector('.nim-pig').innerText.includes('You rolled')"
    )
    page.wait_for_timeout(LATE_CLICK * 1000 + 200)  # a click right after the dice answered is late
    widget.locator("button", has_text="Hold").click()
    # after the hold the computer plays its turn ("Thinking..."): wait until it is over
    page.wait_for_function(
        "() => { const text = document.querySelector('.nim-pig').innerText;"
        " return /You held|rolled a 1/.test(text) && !text.includes('Thinking')"
        " && /Your chance of winning|won/.test(text); }",
        timeout=120_000,
    )
    text = widget.inner_text()
    assert "Your chance of winning" in text or "won" in text, text
    assert "Traceback" not in text
    photograph_live(page, live.path, "live_pig")


@pytest.mark.browser
@opening([numbered("06")])
def test_the_replays_play_button_is_named_pause_while_it_plays(page, live):
    """nimlib_lab.js named it "Play" once, and it stayed "Play" while its icon showed a pause."""
    button = page.locator(".nim-replay .widget-play button").first
    button.scroll_into_view_if_needed()
    page.wait_for_function(
        "button => button.getAttribute('aria-label') === 'Play'", arg=button.element_handle()
    )
    button.click()
    page.wait_for_function(
        "button => button.getAttribute('aria-label') === 'Pause'", arg=button.element_handle()
    )
    button.click()
    page.wait_for_function(
        "button => button.getAttribute('aria-label') === 'Play'", arg=button.element_handle()
    )


@pytest.mark.browser
@opening([numbered("13")])
def test_the_playouts_slider_redraws_the_tree_and_names_the_exact_best(page, live):
    widget = page.locator(".nim-mcts")
    widget.scroll_into_view_if_needed()
    page.wait_for_function("() => document.querySelector('.nim-mcts img') !== null")
    assert "25 of the 100 playouts went through this move" in widget.inner_text()
    before = widget.locator("img").first.get_attribute("src")
    handle = widget.locator(".noUi-handle")
    for _ in range(3):  # 100 -> 200 -> 500 -> 1,000 playouts
        handle.press("ArrowRight")
    page.wait_for_function(
        "() => document.querySelector('.nim-mcts').innerText.includes('of the 1,000 playouts')"
    )
    text = widget.inner_text()
    assert "Exact best: O at b1" in text and ": right." in text and "Traceback" not in text
    # nimlib_lab.js: the handle's value in words is its readout, not its place in the list (6)
    page.wait_for_function(
        "() => document.querySelector('.nim-mcts .noUi-handle')"
        ".getAttribute('aria-valuetext') === '1,000'"
    )
    assert widget.locator("img").first.get_attribute("src") != before
    photograph_live(page, live.path, "live_mcts_1000")
    for _ in range(6):  # back to 10 playouts
        handle.press("ArrowLeft")
    page.wait_for_function(
        "() => document.querySelector('.nim-mcts').innerText.includes('of the 10 playouts')"
    )
    assert ": wrong." in widget.inner_text()
    # MCTS's move, green, is not best play here: neither the legend nor the words call it so
    alt = widget.locator("img").first.get_attribute("alt")
    assert "The move MCTS plays, the most visited, is drawn thick" in alt, alt
    assert "best play" not in alt, alt
    photograph_live(page, live.path, "live_mcts_10")


# The stones on the board of the widget `selector`, in its alt text's rows
STONES = """selector => (document.querySelector(selector + ' img').alt
    .split('rows from the top: ')[1].match(/[XO]/g) || []).length"""


@pytest.mark.browser
@opening([numbered("14")])
def test_the_tournaments_replay_steps_back_and_its_board_answers_a_click(page, live):
    replay = page.locator(".nim-replay")
    replay.scroll_into_view_if_needed()
    last = page.evaluate(STONES, ".nim-replay")
    replay.locator(".noUi-handle").first.focus()
    page.keyboard.press("Home")  # the slider back to move 0: the empty board
    page.wait_for_function(f"() => ({STONES})('.nim-replay') < {last}")
    photograph_live(page, live.path, "live_replay")
    board = page.locator(".nim-connect-four")
    board.scroll_into_view_if_needed()
    board.locator("button", has_text="4").first.click()
    page.wait_for_function(
        "() => document.querySelector('.nim-connect-four').innerText.includes('alphabeta_4:')"
    )
    assert page.evaluate(STONES, ".nim-connect-four") == 2
    photograph_live(page, live.path, "live_play")
