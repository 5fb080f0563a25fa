"""axe-core's accessibility checks over the notebooks as learners meet them in JupyterLab: a fresh,
untrusted copy at 1024x768, first as opened (nothing run), then run top to bottom.

    python scripts/accessibility.py            # every notebook: violations by rule, ours and
                                               # JupyterLab's
    python scripts/accessibility.py 05 11      # only those whose names contain 05 or 11
    python scripts/accessibility.py --notebooks OTHER/notebooks   # another copy (an older one)
    python scripts/accessibility.py --site build/lite-site 05     # on the JupyterLite site instead

The project's own content is what the notebooks put on the page: their rendered text
(``.jp-MarkdownOutput``) and their outputs (``.jp-OutputArea-output``); axe runs once on the whole
page, and the elements it finds inside those are ours, the others JupyterLab's own. Inside the
outputs, the controls that ipywidgets draws itself (a slider's handle, the Play widget's buttons)
are counted as ipywidgets' own: their markup is the library's (jupyter-config's extension,
nimlib_lab.js, gives them the names ipywidgets leaves out; none is left unnamed today). axe-core
comes bundled in axe-playwright-python (requirements-dev.txt); every request that leaves localhost
is blocked.
"""

from __future__ import annotations

import argparse
import functools
import re
import sys
import tempfile
import threading
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import nbformat
from lab_browser import (
    browser,
    chromium,
    fresh_copy,
    jupyter_lab,
    only_localhost,
    open_notebook,
    shut_down,
)

ROOT = Path(__file__).resolve().parent.parent
OURS = ".jp-MarkdownOutput, .jp-OutputArea-output"  # what the notebooks put on the page
SITE_OURS = f"{OURS}, .nim-kernel-notice"  # on the JupyterLite site, with its notice (lite/)
SERIOUS = ("serious", "critical")
IPYWIDGETS = re.compile(r"noUi-|widget-play")  # controls whose markup is ipywidgets' own
# Serious violations of our content left to other issues: (notebook prefix, rule) and why. The
# matplotlib plots of 04, 08, 10 and 13 left it: they show with words (nimlib's show_plot).
KNOWN: dict[tuple[str, str], str] = {}
RUN_SECONDS = 120
VIEWPORT = {"width": 1024, "height": 768}

# One run over the whole page: its violations, and those of them on elements inside `ours`.
AXE_RUN = """async (ours) => {
  const results = await axe.run(document, {resultTypes: ['violations'], elementRef: true});
  const listed = (v, nodes) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: nodes.map(node => node.target.join(' ') + ' ' + node.html.slice(0, 120)),
  });
  const inside = node => node.element instanceof Element && node.element.closest(ours) !== null;
  return {
    page: results.violations.map(v => listed(v, v.nodes)),
    ours: results.violations.map(v => listed(v, v.nodes.filter(inside)))
      .filter(v => v.nodes.length > 0),
  };
}"""

RUN_ALL = """async () => {  // resolves once every cell has run, true if none failed
  const panel = window.jupyterapp.shell.currentWidget;
  await panel.sessionContext.ready;
  return await window.jupyterapp.commands.execute('notebook:run-all-cells');
}"""


SITE_RUN_ALL = """async () => {  // on the JupyterLite site: once the kernel has answered
  const panel = window.jupyterapp.shell.currentWidget;
  await panel.sessionContext.ready;
  await panel.sessionContext.session.kernel.info;
  return await window.jupyterapp.commands.execute('notebook:run-all-cells');
}"""


ERRORS_SHOWN = """() => [...document.querySelectorAll(
  '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')]
  .map(output => output.innerText.slice(-400)).join(' / ')"""


def axe_script() -> str:
    """axe-core's JavaScript, as axe-playwright-python bundles it."""
    from axe_playwright_python.base import AXE_SCRIPT

    return AXE_SCRIPT


def violations(page, moment: str, selector: str = OURS) -> dict[str, list[dict]]:  # noqa: ANN001 (a Page)
    """axe's violations on the whole page at `moment` ("opened", "run") and those of them in the
    project's own content (`selector`), from one run: keyed "`moment`, page", "`moment`, ours"."""
    page.evaluate(axe_script())
    found = page.evaluate(AXE_RUN, selector)
    return {f"{moment}, ours": found["ours"], f"{moment}, page": found["page"]}


def audit_notebook(page, path: Path) -> dict[str, list[dict]]:  # noqa: ANN001 (a Playwright Page)
    """The violations of notebook `path` as opened and as run: ours and the whole page's, each
    time."""
    notebook = nbformat.read(path, as_version=4)
    open_notebook(page, path.name, len(notebook.cells))
    found = violations(page, "opened")
    run_all(page, path)
    found |= violations(page, "run")
    shut_down(page)
    return found


def audit(notebooks: list[Path]) -> dict[str, dict[str, list[dict]]]:
    """Every notebook of `notebooks` audited in one JupyterLab, a fresh untrusted copy of each."""
    with lab_page(notebooks) as (page, copies):
        return {name: audit_notebook(page, copy) for name, copy in copies.items()}


def run_all(page, path: Path) -> None:  # noqa: ANN001 (a Playwright Page showing JupyterLab)
    """Run every cell of the open notebook `path` and wait until the page is quiet."""
    page.set_default_timeout(RUN_SECONDS * 1000)
    if not page.evaluate(RUN_ALL):
        raise RuntimeError(f"{path.name}: a cell failed when run in JupyterLab")
    page.wait_for_load_state("networkidle")


@contextmanager
def lab_page(notebooks: list[Path]) -> Iterator[tuple[Any, dict[str, Path]]]:
    """JupyterLab on fresh, untrusted copies of `notebooks`, shown in a Chromium page at 1024x768
    that reaches localhost only: the page, and the copies by name."""
    with tempfile.TemporaryDirectory() as scratch:
        folder, home = Path(scratch) / "notebooks", Path(scratch) / "home"
        copies = {
            path.name: path
            for path in fresh_copy(folder, notebooks[0].parent)
            if path in folder_of(notebooks, folder)
        }
        with jupyter_lab(folder, home) as url, browser(VIEWPORT) as page:
            page.goto(url + "lab")
            yield page, copies


def audit_site(url: str, names: list[str]) -> dict[str, dict[str, list[dict]]]:
    """Notebooks `names` audited on the JupyterLite site at `url` (scripts/build_lite.py), each in
    a new context of headless Chromium: as opened, while its kernel starts (the site's notice is
    the project's content too), and as run in the in-browser kernel."""
    results = {}
    for name in names:
        context = chromium().new_context(viewport=VIEWPORT)
        context.route("**/*", only_localhost)
        page = context.new_page()
        page.set_default_timeout(RUN_SECONDS * 1000)
        page.goto(f"{url}lab/index.html?path=notebooks/{name}")
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell")
        found = violations(page, "opened", SITE_OURS)
        if not page.evaluate(SITE_RUN_ALL):
            said = page.evaluate(ERRORS_SHOWN)
            raise RuntimeError(f"{name}: a cell failed when run on the site: {said}")
        page.wait_for_load_state("networkidle")
        found |= violations(page, "run", SITE_OURS)
        results[name] = found
        context.close()
    return results


def audit_site_folder(site: Path, names: list[str]) -> dict[str, dict[str, list[dict]]]:
    """Notebooks `names` audited on the JupyterLite site built in the folder `site`, served on
    localhost."""
    handler = functools.partial(QuietHandler, directory=str(site))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        return audit_site(f"http://127.0.0.1:{server.server_address[1]}/", names)
    finally:
        server.shutdown()
        server.server_close()


def folder_of(notebooks: list[Path], folder: Path) -> set[Path]:
    """Where `notebooks` are once copied into `folder`."""
    return {folder / path.name for path in notebooks}


def open_deck(page: Any, url: str) -> None:
    """Open the deck at `url` and wait until reveal.js is ready and MathJax has typeset it (not
    for the network to fall quiet: on a busy machine that can take longer than any timeout)."""
    page.goto(url)
    page.wait_for_function("window.Reveal !== undefined && Reveal.isReady()")
    page.evaluate("() => window.MathJax?.startup?.promise")


def audit_decks(folder: Path, names: list[str]) -> dict[str, list[dict]]:
    """axe's violations on each slide deck `names` (files of `folder`, as scripts/build_slides.py
    writes them), served on localhost: a deck is all the project's own (reveal.js's markup
    included)."""
    handler = functools.partial(QuietHandler, directory=str(folder))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    results = {}
    try:
        with browser(VIEWPORT) as page:
            page.set_default_timeout(RUN_SECONDS * 1000)
            for name in names:
                open_deck(page, url + name)
                results[name] = violations(page, "shown")["shown, page"]
    finally:
        server.shutdown()
        server.server_close()
    return results


class QuietHandler(SimpleHTTPRequestHandler):
    """Serves files without a log line per request."""

    def log_message(self, *arguments: object) -> None:
        """Say nothing."""


def split(violation: dict) -> tuple[dict, dict]:
    """A violation of our content split into its nodes that are ours and those that are
    ipywidgets'."""
    theirs = [node for node in violation["nodes"] if IPYWIDGETS.search(node)]
    ours = [node for node in violation["nodes"] if not IPYWIDGETS.search(node)]
    return violation | {"nodes": ours}, violation | {"nodes": theirs}


def counts(
    results: dict[str, dict[str, list[dict]]], where: str, part: int | None = None
) -> Counter:
    """How many elements violate each rule (with its impact) over all notebooks, `where` ("opened,
    ours" ...); of our content, only ours (`part` 0) or only ipywidgets' (`part` 1)."""
    total: Counter = Counter()
    for found in results.values():
        for violation in found[where]:
            nodes = violation["nodes"] if part is None else split(violation)[part]["nodes"]
            if nodes:
                total[f"{violation['id']} ({violation['impact']})"] += len(nodes)
    return total


def report(results: dict[str, dict[str, list[dict]]]) -> str:
    """The counts by rule: the notebooks' own content, ipywidgets' controls in it, and
    JupyterLab's."""
    lines = []
    for moment in ("opened", "run"):
        groups = {
            "ours": counts(results, f"{moment}, ours", 0),
            "ipywidgets' controls": counts(results, f"{moment}, ours", 1),
            "JupyterLab's": counts(results, f"{moment}, page") - counts(results, f"{moment}, ours"),
        }
        for who, found in groups.items():
            shown = ", ".join(f"{rule}: {count}" for rule, count in sorted(found.items())) or "none"
            lines.append(f"axe, {len(results)} notebooks {moment}, {who}: {shown}")
    return "\n".join(lines)


def serious(results: dict[str, dict[str, list[dict]]], known: bool = False) -> list[str]:
    """The serious or critical violations of the notebooks' own content, each with where it is:
    those not in KNOWN, or with `known` those in it."""
    return [
        f"{name} ({where}): {violation['id']} ({violation['impact']}) {violation['help']}: {violation['nodes'][:2]}"
        for name, found in results.items()
        for where in ("opened, ours", "run, ours")
        for violation in (split(whole)[0] for whole in found[where])
        if violation["impact"] in SERIOUS
        and violation["nodes"]
        and ((name[:2], violation["id"]) in KNOWN) == known
    ]


def main() -> int:
    """Audit the notebooks and print the counts by rule; exit 1 if our content has a serious
    violation."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("patterns", nargs="*", help="parts of notebook file names, such as 05")
    parser.add_argument(
        "--notebooks", type=Path, default=ROOT / "notebooks", help="the notebooks' folder"
    )
    parser.add_argument(
        "--site",
        type=Path,
        help="audit the JupyterLite site built in this folder (scripts/build_lite.py) instead",
    )
    arguments = parser.parse_args()
    paths = sorted(arguments.notebooks.glob("[0-9]*.ipynb"))
    paths = [
        path
        for path in paths
        if not arguments.patterns or any(p in path.name for p in arguments.patterns)
    ]
    unmatched = [p for p in arguments.patterns if not any(p in path.name for path in paths)]
    if unmatched:
        parser.error(f"no notebook of {arguments.notebooks}/ has a name containing {unmatched}")
    if not paths:
        parser.error(f"{arguments.notebooks} holds no notebook (a file such as 01_name.ipynb)")
    if arguments.site:
        results = audit_site_folder(arguments.site, [path.name for path in paths])
    else:
        results = audit(paths)
    print(report(results))
    problems = serious(results)
    print("\n".join(f"known: {line}" for line in serious(results, known=True)))
    print(
        "\n".join(problems)
        or "no other serious or critical violation in the notebooks' own content"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
