"""JupyterLab on localhost, as a fresh clone meets it, and headless Chromium to look at it: shared
by the browser tests and the screenshot script (``notebook_of`` writes a notebook of code cells
for them).

The server starts with empty Jupyter folders of its own (data, runtime, config, settings,
workspaces): it has no trust database, so every notebook it opens is untrusted, as on a fresh
clone, and no earlier layout is restored. It runs without a token, on 127.0.0.1 only. Its one
setting draws every cell of a notebook, not only those on screen, so that a test can count every
output; JupyterLab asks nothing about news, as for every user of the series (the settings of
jupyter-config/overrides.json, which requirements.txt installs). It needs Debian's
chromium at /usr/bin/chromium (apt-get install chromium); Playwright comes with
requirements-dev.txt, JupyterLab with requirements.txt.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import nbformat
from voila_browser import (
    CHROMIUM,
    browser,
    chromium,
    only_localhost,
    serving,
)

__all__ = [
    "CHROMIUM",
    "KERNEL_WRITTEN",
    "TEXT_WIDTH",
    "browser",
    "chromium",
    "fresh_copy",
    "jupyter_lab",
    "notebook_of",
    "only_localhost",
    "open_notebook",
    "start_run_all",
    "shut_down",
    "trust",
]

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
# characters a line of a ```python block of a notebook's text shows beside the file browser at
# 1024 px, a scrollbar beside it (tests/notebooks/test_code_width.py holds the notebooks to it)
TEXT_WIDTH = 65
OPEN_SECONDS = 30
# draw every cell, not only those on screen
SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}


KERNEL_SECONDS = 360  # a kernel starts in seconds, but once took 24 s beside other browsers
# The open notebook's kernel has started and is connected and idle (for Playwright's
# wait_for_function). Run All sent before JupyterLab has the notebook's kernel clears every code
# cell and runs none, silently: its widgets then never show.
KERNEL_READY = """() => {
    const kernel = window.jupyterapp.shell.currentWidget?.sessionContext?.session?.kernel;
    return kernel?.connectionStatus === 'connected' && kernel.status === 'idle';
}"""
# The open notebook's kernel has written its name and language into the notebook's metadata (for
# Playwright's evaluate): JupyterLab writes them once the kernel's info and spec arrive, in
# callbacks it registered before this one, and a notebook whose file holds others shows as
# changed; the two frames let the tab redraw.
KERNEL_WRITTEN = """async () => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
    await kernel.info;
    await kernel.spec;
    await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""
# Starts Run All without waiting for the command's promise, which has been seen never to settle
# after every cell had run (a test then hung with no timeout): the caller waits with a timeout.
RUN_ALL_UNAWAITED = "() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }"
# Every cell of the open notebook has run and its kernel is idle (for Playwright's
# wait_for_function): a widget's click sent before waits behind the cells still running, and on a
# loaded machine its answer comes late.
EVERY_CELL_RUN = """() => {
    const panel = window.jupyterapp.shell.currentWidget;
    const cells = panel.content.widgets.filter(cell => cell.model.type === 'code');
    return panel.sessionContext.session?.kernel?.status === 'idle'
        && cells.every(cell => cell.model.executionCount !== null);
}"""


def fresh_copy(folder: Path, notebooks: Path = NOTEBOOKS) -> list[Path]:
    """Copy the notebooks of `notebooks`, the pictures their text shows (images/) and the data they
    read (data/), into `folder`, as a fresh clone has them, and return the copied notebooks."""
    folder.mkdir(parents=True, exist_ok=True)
    for extra in ("images", "data"):  # the pictures the text shows, the data the code reads
        if (notebooks / extra).is_dir():
            shutil.copytree(notebooks / extra, folder / extra, dirs_exist_ok=True)
    return [Path(shutil.copy2(path, folder)) for path in sorted(notebooks.glob("[0-9]*.ipynb"))]


def notebook_of(folder: Path, cells: list[str], name: str = "widgets.ipynb") -> Path:
    """A notebook of code `cells` written in `folder`."""
    notebook = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell(source) for source in cells]
    )
    notebook.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path = folder / name
    nbformat.write(notebook, path)
    return path


def jupyter_folders(home: Path) -> dict[str, str]:
    """Environment variables that give Jupyter, JupyterLab and IPython empty folders of their own
    under `home`."""
    names = {
        "JUPYTER_DATA_DIR": "data",
        "JUPYTER_RUNTIME_DIR": "runtime",
        "JUPYTER_CONFIG_DIR": "config",
        "JUPYTERLAB_SETTINGS_DIR": "settings",
        "JUPYTERLAB_WORKSPACES_DIR": "workspaces",
        "IPYTHONDIR": "ipython",
    }
    for folder in names.values():
        (home / folder).mkdir(parents=True, exist_ok=True)
    for name, settings in SETTINGS.items():
        path = home / "settings" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(settings), encoding="utf-8")
    return {name: str(home / folder) for name, folder in names.items()}


@contextmanager
def jupyter_lab(folder: Path, home: Path, log: IO[bytes] | None = None) -> Iterator[str]:
    """The URL of a token-less JupyterLab on a free port of localhost serving `folder`, with its
    Jupyter folders under `home` (empty ones: nothing is trusted); stopped, with its kernels,
    afterwards."""

    def command_at(port: int) -> list[str]:
        command = [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            f"--port={port}",
            "--ServerApp.port_retries=0",
            "--ServerApp.ip=127.0.0.1",
        ]
        command += [
            "--IdentityProvider.token=",
            "--ServerApp.password=",
            f"--ServerApp.root_dir={folder}",
        ]
        command += ["--LabApp.expose_app_in_browser=True", "--ServerApp.open_browser=False"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            command.append("--allow-root")  # containers often run as root
        return command

    environment = os.environ | jupyter_folders(home)
    with serving(command_at, folder, log, environment, answers_at="api/status") as url:
        yield url


def trust(notebook: Path, home: Path) -> None:
    """Mark `notebook` as trusted in the Jupyter folders under `home` (as jupyter_lab() sets them
    up)."""
    command = [sys.executable, "-m", "jupyter", "trust", str(notebook)]
    subprocess.run(command, env=os.environ | jupyter_folders(home), check=True, capture_output=True)


# a Playwright Page showing JupyterLab
def open_notebook(page, name: str, cells: int) -> None:
    """Open notebook `name` (a file in the server's folder) in JupyterLab's `page` as its only tab,
    and return once all its `cells` are on the page, their outputs drawn."""
    page.wait_for_function("() => window.jupyterapp !== undefined", timeout=OPEN_SECONDS * 1000)
    page.evaluate(
        "async () => { await window.jupyterapp.started; await window.jupyterapp.restored; }"
    )
    close_all(page)
    page.evaluate(
        "name => window.jupyterapp.commands.execute('docmanager:open', {path: name})", name
    )
    page.wait_for_function(
        "cells => document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell').length === cells",
        arg=cells,
        timeout=OPEN_SECONDS * 1000,
    )
    page.wait_for_load_state("networkidle")


def start_run_all(page) -> None:  # noqa: ANN001 (a Playwright Page showing JupyterLab)
    """Start Run All in the open notebook of JupyterLab's `page` once its kernel is ready, without
    waiting for the cells to run: the caller waits for what they show, with a timeout."""
    page.wait_for_function(KERNEL_READY, timeout=KERNEL_SECONDS * 1000)
    page.evaluate(RUN_ALL_UNAWAITED)


def shut_down(page) -> None:  # noqa: ANN001 (a Playwright Page showing JupyterLab)
    """Close every tab of JupyterLab's `page` and shut down every kernel (opening a notebook starts
    one)."""
    close_all(page)
    page.evaluate("() => window.jupyterapp.serviceManager.sessions.shutdownAll()")


CLOSE_ALL = """() => {
  for (const widget of [...window.jupyterapp.shell.widgets('main')]) {
    if (widget.context) { widget.context.model.dirty = false; }
    widget.close();
  }
}"""


def close_all(page) -> None:  # noqa: ANN001 (a Playwright Page showing JupyterLab)
    """Close every tab of JupyterLab's `page` without saving, so that no "Save your work?" dialog
    stops it: nothing is ever written to the copied notebooks."""
    page.evaluate(CLOSE_ALL)
