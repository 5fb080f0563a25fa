"""The series as a JupyterLite site: built by the repository's command, run in headless Chromium, offline.

The site is built once for this module by `scripts/build_lite.py` into a temporary folder and
served on localhost; the browser may load nothing else. Notebooks 01 and 06 run top to bottom in
the in-browser kernel (Pyodide) with their stored outputs cleared first, so every tree counted was
drawn there; then a slider of `explore()` must redraw its tree. The times are printed (run pytest
with -s to see them). It needs requirements-lite.txt, npm (Pyodide and viz.js come from the npm
registry) and Debian's chromium, and skips, saying which, where one is missing.
"""

import functools
import importlib.util
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from voila_browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
BUILD_SECONDS = 600
KERNEL_MS = 120_000
STEP_MS = 20_000

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium"),
    pytest.mark.skipif(shutil.which("npm") is None, reason="needs npm, which installs Pyodide and viz.js"),
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
  return {
    cells: code.length,
    run: code.filter(cell => cell.execution_count).length,
    errors: outputs.filter(output => output.output_type === 'error').map(output => output.evalue),
    trees: trees.length,
  };
}"""
BACKEND = """async () => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code: 'import nimlib; print(nimlib.render_backend())', silent: false});
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
def site_url(tmp_path_factory) -> Iterator[str]:
    """The site built by scripts/build_lite.py into a temporary folder, served on localhost."""
    site = tmp_path_factory.mktemp("lite") / "site"
    command = [sys.executable, "scripts/build_lite.py", "--output-dir", str(site)]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=BUILD_SECONDS)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    print(result.stdout.strip().splitlines()[-1])
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """Headless Chromium, for this module."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, timeout=30_000)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def offline_page(browser, site_url):
    """A page at 1024x768 that may load from the site only, and the addresses it was refused."""
    refused = []

    def only_the_site(route) -> None:  # noqa: ANN001 (a Playwright Route)
        """Let the page load from the site; refuse and note everything else."""
        if route.request.url.startswith(site_url):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    context = browser.new_context(viewport={"width": 1024, "height": 768})
    context.route("**/*", only_the_site)
    try:
        page = context.new_page()
        page.set_default_timeout(STEP_MS)
        yield page, refused
    finally:
        context.close()


def run_notebook(page, site_url: str, name: str) -> dict:
    """Open notebooks/`name` in the site, wait for its kernel, run it all; what it did, with timings."""
    start = time.perf_counter()
    page.goto(f"{site_url}lab/index.html?path=notebooks/{name}", timeout=KERNEL_MS)
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=KERNEL_MS)
    page.evaluate(KERNEL_READY)
    kernel_seconds = time.perf_counter() - start
    backend = page.evaluate(BACKEND)
    start = time.perf_counter()
    result = page.evaluate(RUN_ALL)
    result.update(kernel_seconds=kernel_seconds, run_seconds=time.perf_counter() - start, backend=backend)
    print(f"{name}: kernel ready in {kernel_seconds:.1f} s, run in {result['run_seconds']:.1f} s, {backend.strip()}")
    return result


def test_notebook_01_runs_in_the_browser_and_draws_its_trees(offline_page, site_url):
    page, refused = offline_page
    result = run_notebook(page, site_url, "01_simple_nim_minimax.ipynb")
    assert "viz.js" in result["backend"], f"nimlib in the browser must draw with viz.js: {result['backend']}"
    assert result["errors"] == [] and result["run"] == result["cells"]
    assert result["trees"] >= 2
    assert refused == []


def test_notebook_06_runs_in_the_browser_and_a_slider_redraws_the_tree(offline_page, site_url):
    page, refused = offline_page
    result = run_notebook(page, site_url, "06_explore_the_search.ipynb")
    assert result["errors"] == [] and result["run"] == result["cells"]
    tree = page.locator(".nim-explore .nim-tree")
    tree.locator("img").first.scroll_into_view_if_needed()
    before = tree_nodes(tree.first.text_content())
    assert before > 0
    start = time.perf_counter()
    page.locator(".nim-explore .nim-counters .noUi-handle").first.press("ArrowRight")
    page.wait_for_function(
        "([before]) => { const text = document.querySelector('.nim-explore .nim-tree').textContent;"
        " const found = text.match(/: ([\\d,]+) nodes/);"
        " return found && Number(found[1].replace(/,/g, '')) > before; }",
        arg=[before],
        timeout=STEP_MS,
    )
    after = tree_nodes(tree.first.text_content())
    print(f"explore(): {before} -> {after} nodes in {time.perf_counter() - start:.2f} s")
    assert refused == []


def tree_nodes(text: str) -> int:
    """The node count in a tree's caption, such as "Game tree of SimpleNim from 4: 15 nodes"."""
    found = re.search(r": ([\d,]+) nodes", text)
    return int(found.group(1).replace(",", "")) if found else 0
