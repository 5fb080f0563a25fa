"""How long the JupyterLite site's kernel takes to start on a first visit, and where the time goes.

Run it with:  .venv/bin/python benchmarks/lite_start.py  [--site build/lite-site] [--runs 5]

It builds the site with scripts/build_lite.py into a temporary folder (or takes a built one with
--site), serves it on localhost, and opens it in headless Chromium at 1024x768, each run in a new
browser context (nothing cached), every request beyond localhost refused:

1. A first visit to notebook 01 in JupyterLab: the seconds until the page says that Python is
   starting (the site's notice, where the site has it), until the notebook's first cell shows,
   and until the kernel answers (its `kernel_info`).
2. The kernel's start, step by step, as the site's kernel does it, in a bare page: Pyodide's
   core fetched and started, the preloaded packages fetched and unpacked, `import pyodide_kernel`
   (IPython and the kernel), then the imports of a notebook's first cell.

Each run prints the machine's load average (1 minute) beside its figures: the machine is shared,
and the start is work for the processor, so a busy machine doubles them. The medians come last.
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import subprocess
import sys
import tempfile
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from voila_browser import chromium  # noqa: E402

NOTEBOOK = "01_simple_nim_minimax.ipynb"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
WAIT_MS = 180_000
# The imports of the first cells, from the lightest to the heaviest.
FIRST_CELLS = {
    "from nimlib import solve": "from nimlib import solve",
    "from nimlib import draw_tree": "from nimlib import draw_tree",
    "import graphviz": "import graphviz",
    "from nimlib.widgets import play": "from nimlib.widgets import play",
    "import matplotlib.pyplot": "import matplotlib.pyplot",
}
VISIT = """async () => {
  const start = performance.timeOrigin;
  await new Promise(done => { const wait = () => window.jupyterapp
    && window.jupyterapp.shell.currentWidget && window.jupyterapp.shell.currentWidget.sessionContext
    ? done() : setTimeout(wait, 20); wait(); });
  const panel = window.jupyterapp.shell.currentWidget;
  await panel.sessionContext.ready;
  await panel.sessionContext.session.kernel.info;
  return performance.now();
}"""
# The kernel's start as the site's kernel does it (jupyterlite-pyodide-kernel's worker), timed.
STEPS = """async ([base, packages, cells]) => {
  const times = {};
  let last = performance.now();
  const step = name => { const now = performance.now(); times[name] = now - last; last = now; };
  const {loadPyodide} = await import(base + 'pyodide.mjs');
  const pyodide = await loadPyodide({indexURL: base});
  step('Pyodide core');
  await pyodide.loadPackage(packages, {messageCallback: () => {}});
  step('preloaded packages');
  await pyodide.runPythonAsync('import pyodide_kernel');
  step('import pyodide_kernel');
  for (const [name, code] of cells) {
    await pyodide.loadPackagesFromImports(code, {messageCallback: () => {}});
    await pyodide.runPythonAsync(code);
    step(name);
  }
  return times;
}"""


class QuietHandler(SimpleHTTPRequestHandler):
    """A static file server that keeps its request log to itself."""

    def log_message(self, format, *args):  # noqa: A002 (the name of the parent's parameter)
        """Say nothing."""


def serve(site: Path) -> tuple[ThreadingHTTPServer, str]:
    """Serve `site` on localhost in a thread; the server and its address."""
    handler = functools.partial(QuietHandler, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def preloaded(site: Path) -> list[str]:
    """The packages the site's kernel preloads."""
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    plugin = config["jupyter-config-data"]["litePluginSettings"][KERNEL_PLUGIN]
    return plugin["loadPyodideOptions"]["packages"]


def offline_page(url: str):  # noqa: ANN201 (a Playwright Page)
    """A page of a new context of headless Chromium at 1024x768 that may load from `url` only."""
    context = chromium().new_context(viewport={"width": 1024, "height": 768})
    context.route(
        "**/*",
        lambda route: route.continue_() if route.request.url.startswith(url) else route.abort(),
    )
    return context.new_page()


def visit(url: str, notice: bool) -> dict[str, float]:
    """A first visit to the notebook: seconds to the notice (if the site has one), to its first
    cell, to the kernel's answer."""
    page = offline_page(url)
    now = "() => performance.now() / 1000"
    try:
        page.goto(f"{url}lab/index.html?path=notebooks/{NOTEBOOK}", wait_until="commit")
        said = float("nan")
        if notice:
            page.wait_for_selector(".nim-kernel-notice", state="visible", timeout=WAIT_MS)
            said = page.evaluate(now)
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=WAIT_MS)
        shown = page.evaluate(now)
        ready = page.evaluate(VISIT) / 1000
        return {"notice": said, "first cell": shown, "kernel ready": ready}
    finally:
        page.context.close()


def steps(url: str, packages: list[str]) -> dict[str, float]:
    """The kernel's start, step by step, in a bare page of the site: seconds per step."""
    page = offline_page(url)
    try:
        page.goto(f"{url}static/pyodide/pyodide-lock.json", timeout=WAIT_MS)
        cells = list(FIRST_CELLS.items())
        times = page.evaluate(STEPS, [f"{url}static/pyodide/", packages, cells])
        return {name: milliseconds / 1000 for name, milliseconds in times.items()}
    finally:
        page.context.close()


def load() -> float:
    """The machine's load average over the last minute."""
    return float(Path("/proc/loadavg").read_text().split()[0])


def measure(site: Path, runs: int) -> None:
    """Print the figures of `runs` first visits and kernel starts, and their medians."""
    server, url = serve(site)
    packages = preloaded(site)
    notice = (site / "kernel_notice.js").exists()
    print(f"preloaded: {len(packages)} packages: {', '.join(packages)}")
    rows: list[dict[str, float]] = []
    try:
        for run in range(runs):
            row = {"load": load(), **visit(url, notice), **steps(url, packages)}
            rows.append(row)
            print(f"run {run + 1}: " + ", ".join(f"{k} {v:.2f}" for k, v in row.items()))
    finally:
        server.shutdown()
    print("median (s):")
    for name in rows[0]:
        print(f"  {name:34} {statistics.median(row[name] for row in rows):6.2f}")


def main() -> int:
    """Build the site unless given one, then measure it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site built already (default: build one)")
    parser.add_argument("--runs", type=int, default=5, help="first visits to time (default: 5)")
    args = parser.parse_args()
    if args.site:
        measure(args.site.resolve(), args.runs)
        return 0
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        command = [sys.executable, "scripts/build_lite.py", "--output-dir", str(site)]
        subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        measure(site, args.runs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
