"""The series as a JupyterLite site: built by the repository's command, run in headless Chromium,
offline.

The site is built once for this module by `scripts/build_lite.py` into a temporary folder and
served on localhost; the browser may load nothing else. Every notebook (with
NIMLIB_SITE_NOTEBOOKS=all, as CI runs it; otherwise 01, 04 and 06, since each notebook costs the
in-browser kernel seconds to start) is opened in one tab, one after another as a learner goes on to
the next (the first loads the site; each closes and shuts its kernel down before the next opens),
and runs top to bottom in its in-browser kernel (Pyodide) with its stored outputs cleared first,
with no error, every picture of its text loads, its code cells wrap long lines, and its tab shows
no unsaved changes once its kernel is ready; in 01 every tree counted was drawn there, in 06 a
slider of `explore()` must redraw its tree, and the plots of 04 and 08 show (drawn by Pyodide's
matplotlib, or the stored ones where the site was built without it, under a line that says so). The
site's size and the time to a ready kernel on a first visit (nothing cached) and a second one (the
first notebook opened again in a new tab) are printed (run pytest with -s to see them); while the
page loads and until the kernel answers, the site's notice says that Python is starting
(lite/kernel_notice.js), and it goes once the kernel has answered; 04 and 05 are photographed at
1024x768 into build/screenshots/. axe-core audits 04 (plots) and 06 (sliders) on the site, in the
visit that runs them, as opened (the notice showing) and as run: no serious or critical violation
in the project's own content, nor in the controls ipywidgets draws, which nimlib_lab.js (from
jupyter-config's extension) names (scripts/accessibility.py; JupyterLab's own are printed, not
failed on).
It needs requirements-lite.txt, npm (Pyodide and viz.js come from the npm registry) and Debian's
chromium, and skips, saying which, where one is missing.
"""

import functools
import importlib.util
import os
import re
import runpy
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import nbformat
import pytest
from build_lite import NOT_ON_THE_SITE
from lab_browser import KERNEL_WRITTEN, shut_down
from lite_stand_in import pngs
from voila_browser import chromium, painted  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
ALL_NOTEBOOKS = [  # those the site serves (NOT_ON_THE_SITE says which it leaves out, and why)
    path
    for path in sorted((ROOT / "notebooks").glob("[0-9]*.ipynb"))
    if path.name not in NOT_ON_THE_SITE
]
QUICK_SET = (
    "01_simple_nim_minimax",
    "04_memoization",
    "06_explore_the_search",
)  # trees, plots, a slider
EVERY_NOTEBOOK = (
    os.environ.get("NIMLIB_SITE_NOTEBOOKS") == "all"
)  # CI sets it: each costs a kernel start
NOTEBOOKS = (
    ALL_NOTEBOOKS if EVERY_NOTEBOOK else [path for path in ALL_NOTEBOOKS if path.stem in QUICK_SET]
)
SCREENSHOTS = ROOT / "build" / "screenshots"
PLOTTING = (
    "04_memoization.ipynb",
    "08_patterns_and_theory.ipynb",
    "10_move_ordering_and_deepening.ipynb",
)
PHOTOGRAPHED = ("04_memoization.ipynb", "05_alphabeta.ipynb")
AUDITED = ("04_memoization.ipynb", "06_explore_the_search.ipynb")  # by axe-core
STAND_IN_WHY = runpy.run_path(
    str(ROOT / "lite" / "matplotlib_stand_in" / "matplotlib" / "pyplot.py")
)["WHY"]
BUILD_SECONDS = 600
KERNEL_MS = 120_000
STEP_MS = 60_000  # waits fail only on a hang: a busy machine is slow, not broken
NOTICE_GONE_MS = 30_000

pytestmark = [
    pytest.mark.browser,  # CI's tier; skipped without chromium (conftest)
    pytest.mark.skipif(
        shutil.which("npm") is None, reason="needs npm, which installs Pyodide and viz.js"
    ),
    pytest.mark.skipif(
        importlib.util.find_spec("jupyterlite_core") is None,
        reason="needs the site's build tools: pip install -r requirements-lite.txt",
    ),
]

KERNEL_READY = """async () => {
  const panel = window.jupyterapp.shell.currentWidget;
  await panel.sessionContext.ready;
  await panel.sessionContext.session.kernel.info;
}"""
# Clear the stored outputs, run every cell, and report what the kernel made of them.
RUN_ALL = """async () => {
  const panel = window.jupyterapp.shell.currentWidget;
  await window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs');
  await window.jupyterapp.commands.execute('notebook:run-all-cells');
  const code = [...panel.content.model.cells].filter(cell => cell.type === 'code').map(cell => cell.toJSON());
  const outputs = code.flatMap(cell => cell.outputs);
  const trees = outputs.filter(output => /<svg|data:image\\/svg\\+xml/.test(JSON.stringify(output.data || {})));
  const said = outputs.filter(output => output.output_type === 'stream').map(output => output.text).join('');
  return {
    cells: code.length,
    run: code.filter(cell => cell.execution_count).length,
    errors: outputs.filter(output => output.output_type === 'error').map(output => output.ename + ': ' + output.evalue),
    trees: trees.length,
    plots: outputs.filter(output => 'image/png' in (output.data || {})
      || /<img src="data:image\\/png/.test((output.data || {})['text/html'] || '')).length,
    said,
  };
}"""
# The text of the stored outputs, as the site shows them before anything runs.
STORED_TEXT = """() => [...window.jupyterapp.shell.currentWidget.node.querySelectorAll('.jp-OutputArea-output pre')]
  .map(pre => pre.innerText)"""
# The pictures of the notebook's text (markdown), once every one has finished loading.
TEXT_PICTURES = """async () => {
  const panel = window.jupyterapp.shell.currentWidget;
  const pictures = [...panel.node.querySelectorAll('.jp-MarkdownOutput img')];
  await Promise.all(pictures.map(img => img.complete ? null : new Promise(done => {
    img.addEventListener('load', done); img.addEventListener('error', done);
  })));
  return pictures.map(img => ({src: img.getAttribute('src'), loaded: img.naturalWidth > 0}));
}"""
# The code cells the site has drawn (it draws those on screen): does each wrap its long lines, as
# the
# desktop JupyterLab does with the repository's settings?
CODE_WRAPS = """() => [...window.jupyterapp.shell.currentWidget.node.querySelectorAll('.jp-CodeCell .cm-content')]
  .map(content => content.classList.contains('cm-lineWrapping'))"""
# Open a notebook in the site's tab, as a double click in the file browser does.
OPEN = "async path => { await window.jupyterapp.commands.execute('docmanager:open', {path}); }"
BACKEND = """async () => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const code = 'import nimlib, os; print(nimlib.render_backend(), "| cwd", os.getcwd())';
  const future = kernel.requestExecute({code, silent: false});
  const said = [];
  future.onIOPub = message => said.push(message.content.text || message.content.evalue || '');
  await future.done;
  return said.join('');
}"""


class QuietHandler(SimpleHTTPRequestHandler):
    """A static file server that keeps its request log to itself."""

    def log_message(self, format, *args):  # noqa: A002 (the name of the parent's parameter)
        """Say nothing."""


@pytest.fixture(scope="module")
def built_site(tmp_path_factory) -> Iterator[dict]:
    """The site built by scripts/build_lite.py into a temporary folder, served on localhost: its
    address, and the build's line on which matplotlib it serves (Pyodide's, or the stand-in with the
    stored plots)."""
    site = tmp_path_factory.mktemp("lite") / "site"
    command = [sys.executable, "scripts/build_lite.py", "--output-dir", str(site)]
    result = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=BUILD_SECONDS
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    said = result.stdout.strip().splitlines()
    print(*said[-2:], sep="\n")  # which matplotlib, then time, size and folder
    server = ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(site))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield {"url": f"http://127.0.0.1:{server.server_address[1]}/", "matplotlib": said[-2]}
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def site_url(built_site) -> str:
    """The address of the site."""
    return built_site["url"]


@pytest.fixture
def offline_page(site_url):
    """A page at 1024x768 of a new browser context (nothing cached, no layout to restore:
    JupyterLite would reopen the notebooks of an earlier page, and start their kernels), and the
    addresses it was refused."""
    with offline_tab(site_url) as tab:
        yield tab


@pytest.fixture(scope="module")
def site_tab(site_url):
    """One tab of a new browser context at 1024x768 (nothing cached) in which the notebooks are
    opened one after another, as a learner opens the next from the file browser or a notebook's
    link; and the addresses it was refused. The first notebook loads the site."""
    with offline_tab(site_url) as tab:
        yield tab


@pytest.fixture
def notebook_tab(site_tab):
    """The site's tab; once the test is done, its notebook is closed unsaved and its kernel shut
    down (the next notebook starts its own, as for a learner)."""
    yield site_tab
    page, _ = site_tab
    if page.url != "about:blank":
        shut_down(page)


@contextmanager
def offline_tab(site_url: str) -> Iterator[tuple[object, list[str]]]:
    """A page of a new context of headless Chromium at 1024x768 that may load from the site only,
    and the addresses it was refused; the context is closed afterwards."""
    pytest.importorskip("playwright.sync_api")
    refused = []

    def only_the_site(route) -> None:  # noqa: ANN001 (a Playwright Route)
        """Let the page load from the site; refuse and note everything else."""
        if route.request.url.startswith(site_url):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    context = chromium().new_context(viewport={"width": 1024, "height": 768})
    context.route("**/*", only_the_site)
    try:
        page = context.new_page()
        page.set_default_timeout(STEP_MS)
        yield page, refused
    finally:
        context.close()


def kernel_ready_seconds(
    page, site_url: str, name: str, starting: Callable | None = None
) -> tuple[float, dict[str, str]]:
    """Open notebooks/`name` in the site: in `page` as it is, or by loading the site into it if it
    has not loaded it yet. Return the seconds until its kernel answers, and what the site's notice
    said meanwhile ("loading": once the page has loaded, where it was loaded for this notebook;
    "starting": once the notebook shows); then, once the kernel has answered, check that the
    notice has gone. `starting`, if given, is called with the page once the notebook shows, while
    its kernel starts."""
    notice = page.locator(".nim-kernel-notice [role=status]")
    said = {}
    start = time.perf_counter()
    if page.url == "about:blank":
        page.goto(f"{site_url}lab/index.html?path=notebooks/{name}", timeout=KERNEL_MS)
        said["loading"] = notice.inner_text() if notice.is_visible() else "(no notice)"
    else:
        page.evaluate(OPEN, f"notebooks/{name}")
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=KERNEL_MS)
    said["starting"] = notice.inner_text() if notice.is_visible() else "(no notice)"
    if starting is not None:
        starting(page)
    page.evaluate(KERNEL_READY)
    seconds = time.perf_counter() - start
    page.wait_for_selector(".nim-kernel-notice", state="hidden", timeout=NOTICE_GONE_MS)
    return seconds, said


def run_notebook(page, site_url: str, name: str) -> dict:
    """Open notebooks/`name` in the site, wait for its kernel, run it all; what it did, with
    timings, and for AUDITED's notebooks what axe-core found as opened and as run."""
    audits = {}
    audit = functools.partial(audit_site_page, found=audits, moment="opened")
    kernel_seconds, notice = kernel_ready_seconds(
        page, site_url, name, audit if name in AUDITED else None
    )
    page.evaluate(KERNEL_WRITTEN)  # the kernel's name and language, written if they differ
    unsaved = page.evaluate("() => window.jupyterapp.shell.currentWidget.context.model.dirty")
    stored_text = page.evaluate(STORED_TEXT)
    code_wraps = page.evaluate(CODE_WRAPS)
    backend = page.evaluate(BACKEND)
    start = time.perf_counter()
    result = page.evaluate(RUN_ALL)
    if name in AUDITED:
        page.wait_for_load_state("networkidle")
        audit_site_page(page, audits, "run")
    result.update(audits=audits)
    result.update(
        kernel_seconds=kernel_seconds, run_seconds=time.perf_counter() - start, backend=backend
    )
    result.update(stored_text=stored_text, code_wraps=code_wraps, unsaved_on_opening=unsaved)
    result.update(notice=notice)
    print(
        f"{name}: kernel ready in {kernel_seconds:.1f} s, run in {result['run_seconds']:.1f} s, {backend.strip()}"
    )
    return result


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_every_notebook_runs_top_to_bottom_offline_with_no_error(
    notebook_tab, built_site, site_url, path
):
    page, refused = notebook_tab
    result = run_notebook(page, site_url, path.name)
    assert result["errors"] == []
    notice = result["notice"]
    if "loading" in notice:  # the site was loaded for this notebook
        assert "Python in your browser" in notice["loading"], f"nothing says what loads: {notice}"
    starting = notice["starting"]
    assert "Python is starting" in starting and "waits for it" in starting, starting
    assert result["run"] == result["cells"]
    assert result["code_wraps"] and all(result["code_wraps"]), (
        "the site's code cells do not wrap long lines"
    )
    assert not result["unsaved_on_opening"], (
        "the notebook shows unsaved changes once its kernel is ready"
    )
    assert [text for text in result["stored_text"] if "\n," in text] == [], (
        "a stored output's lines joined by commas"
    )
    pictures = page.evaluate(TEXT_PICTURES)
    assert [picture["src"] for picture in pictures if not picture["loaded"]] == []
    if path.name in PLOTTING:
        assert result["plots"] == stored_plots(path)
        stand_in = "stand-in" in built_site["matplotlib"]
        assert result["said"].count(STAND_IN_WHY) == (result["plots"] if stand_in else 0)
    if path.name in AUDITED:
        check_axe(path.name, result["audits"])
    if path.name in MORE_CHECKS:
        MORE_CHECKS[path.name](page, result)
    if path.name in PHOTOGRAPHED:
        photograph(page, path)
    if "loading" in notice:  # a second visit in a new tab, with what the first one cached
        shut_down(page)
        again = page.context.new_page()
        try:
            second, said_again = kernel_ready_seconds(again, site_url, path.name)
        finally:
            again.close()
        print(
            f"kernel ready: first visit {result['kernel_seconds']:.1f} s, second visit {second:.1f} s"
        )
        assert second * 1000 < KERNEL_MS
        assert "first visit" not in " ".join(said_again.values()), said_again  # as slow again
    assert refused == []


def test_the_sites_first_page_opens_notebook_01_with_no_question_over_it(offline_page, site_url):
    page, refused = offline_page
    page.goto(site_url, timeout=KERNEL_MS)
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=KERNEL_MS)
    title = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-MarkdownOutput h1").first
    assert "01 · Simple-Nim and a first minimax" in title.inner_text()
    page.evaluate(KERNEL_READY)  # the news question, where asked, comes once the page has settled
    assert page.locator(".Toastify__toast").all_inner_texts() == []
    assert refused == []


def stored_plots(path: Path) -> int:
    """How many PNG plots the stored outputs of the notebook at `path` hold (matplotlib's own, or
    shown with their words by nimlib's show_plot)."""
    cells = nbformat.read(path, as_version=4).cells
    return sum(len(pngs(output)) for cell in cells for output in cell.get("outputs", []))


def photograph(page, path: Path) -> None:
    """Save screenshots of the notebook's first picture of its text and, if it has one, its first
    plot."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    shots = {"text_picture": panel.locator(".jp-MarkdownOutput img").first}
    shots["plot"] = panel.locator(".jp-OutputArea-output img[src^='data:image/png']").first
    for what, picture in shots.items():
        if picture.count():
            picture.scroll_into_view_if_needed()
            painted(picture)  # the site paints only the cells on screen
            box = picture.bounding_box()
            assert box is not None and 0 <= box["y"] < 768, f"{what} not on screen"
            page.screenshot(path=str(SCREENSHOTS / f"lite_{path.stem}_{what}.png"))


def check_notebook_01_draws_its_trees_with_viz_js(page, result: dict) -> None:
    """In 01, nimlib drew its trees in the browser, with viz.js."""
    assert "viz.js" in result["backend"], (
        f"nimlib in the browser must draw with viz.js: {result['backend']}"
    )
    assert result["trees"] >= 2
    assert result["backend"].strip().endswith("| cwd /drive/notebooks")  # scripts/lite_kernel.py


def check_notebook_06_a_slider_redraws_the_tree(page, result: dict) -> None:
    """In 06, a step of explore()'s counters slider redraws its tree with more nodes, and the
    slider comes back after another game has hidden it."""
    tree = page.locator(".nim-explore .nim-tree")
    tree.locator("img").first.scroll_into_view_if_needed()
    before = tree_nodes(tree.first.text_content())
    assert before > 0
    handle = page.locator(".nim-explore .nim-counters .noUi-handle").first
    label = page.locator(".nim-explore .nim-counters .widget-label").first.text_content().strip()
    assert label and handle.get_attribute("aria-label") == label  # nimlib_lab.js
    start = time.perf_counter()
    handle.press("ArrowRight")
    page.wait_for_function(
        "([before]) => { const text = document.querySelector('.nim-explore .nim-tree').textContent;"
        " const found = text.match(/: ([\\d,]+) nodes/);"
        " return found && Number(found[1].replace(/,/g, '')) > before; }",
        arg=[before],
        timeout=STEP_MS,
    )
    after = tree_nodes(tree.first.text_content())
    print(f"explore(): {before} -> {after} nodes in {time.perf_counter() - start:.2f} s")
    # a control hidden and shown again: the site's kernel sent layout.display = None as undefined,
    # which left "none" in place, so Simple-Nim came back without its counters slider
    game = page.locator(".nim-explore .widget-dropdown", has_text="game").locator("select").first
    game.select_option("Nim")
    page.locator(".nim-explore .nim-counters").first.wait_for(state="hidden", timeout=STEP_MS)
    game.select_option("Simple-Nim")
    page.locator(".nim-explore .nim-counters").first.wait_for(state="visible", timeout=STEP_MS)


MORE_CHECKS = {
    "01_simple_nim_minimax.ipynb": check_notebook_01_draws_its_trees_with_viz_js,
    "06_explore_the_search.ipynb": check_notebook_06_a_slider_redraws_the_tree,
}


def tree_nodes(text: str) -> int:
    """The node count in a tree's caption, such as "Game tree of Simple-Nim from 4: 15 nodes"."""
    found = re.search(r": ([\d,]+) nodes", text)
    return int(found.group(1).replace(",", "")) if found else 0


def audit_site_page(page, found: dict, moment: str) -> None:  # noqa: ANN001 (a Playwright Page)
    """Add to `found` axe-core's violations on the site's `page` at `moment` ("opened", while the
    kernel starts and the notice shows, or "run"): in the project's own content and on the page."""
    accessibility = pytest.importorskip("accessibility")
    pytest.importorskip("axe_playwright_python", reason="axe-core comes with requirements-dev.txt")
    found |= accessibility.violations(page, moment, accessibility.SITE_OURS)


def check_axe(name: str, found: dict) -> None:
    """No serious violation in our content on the site (the notice included), nor a control that
    ipywidgets draws without a name (the site names them with nimlib_lab.js); JupyterLab's own
    are printed, not failed on."""
    accessibility = pytest.importorskip("accessibility")
    results = {name: found}
    print(accessibility.report(results))
    assert accessibility.serious(results) == []
    assert accessibility.serious(results, known=True) == []
    for moment in ("opened, ours", "run, ours"):
        assert accessibility.counts(results, moment, 1) == {}, "an ipywidgets control has no name"
