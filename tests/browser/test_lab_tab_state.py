"""Opening a notebook in JupyterLab changes nothing: its tab shows no unsaved-changes dot.

JupyterLab writes the running kernel's `kernelspec` and `language_info` into a notebook's metadata
when the kernel starts; if they differ from what the file holds, the tab is marked as changed
before the learner has typed anything. The notebooks therefore store the kernelspec exactly as
ipykernel installs it ("Python 3 (ipykernel)"). `language_info.version` is the Python version of
the kernel that last executed the notebooks, which no file can match on every machine: the
browser test sets it to this machine's version in its copy, and checks everything else as stored.
"""

import json
import os
import platform
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from jupyter_client.kernelspec import KernelSpecManager
from voila_browser import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    free_port,
    only_localhost,
    stop,
    wait_until_serving,
)

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9]*.ipynb"))
OPEN_MS = 60_000
SETTLE_MS = 1_500


def installed_kernelspec() -> dict[str, str]:
    """The notebook metadata JupyterLab writes for the python3 kernel installed here."""
    spec = KernelSpecManager().get_kernel_spec("python3")
    return {"display_name": spec.display_name, "language": spec.language, "name": "python3"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_every_notebook_stores_the_kernelspec_that_jupyterlab_writes(path):
    metadata = json.loads(path.read_text(encoding="utf-8"))["metadata"]
    assert metadata["kernelspec"] == installed_kernelspec()


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory) -> Iterator[str]:
    """JupyterLab on a free port of localhost, serving copies of the notebooks (this Python's
    version)."""
    folder = tmp_path_factory.mktemp("lab")
    for path in NOTEBOOKS:
        notebook = json.loads(path.read_text(encoding="utf-8"))
        notebook["metadata"]["language_info"]["version"] = platform.python_version()
        (folder / path.name).write_text(
            json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )
    port = free_port()
    command = [
        *(
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--allow-root",
            f"--ServerApp.port={port}",
        ),
        *(
            "--ServerApp.ip=127.0.0.1",
            "--IdentityProvider.token=",
            f"--ServerApp.root_dir={folder}",
        ),
    ]
    settings = {
        "JUPYTERLAB_SETTINGS_DIR": str(folder / ".settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(folder / ".ws"),
    }
    with open(folder / ".lab.log", "wb") as log:
        server = subprocess.Popen(
            command,
            env=os.environ | settings,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            url = f"http://127.0.0.1:{port}/"
            wait_until_serving(f"{url}lab", server)
            yield url
        finally:
            stop(server)


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
def test_no_notebook_tab_shows_unsaved_changes_once_its_kernel_is_ready(lab_url):
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, timeout=30_000
        )
        try:
            page = browser.new_page(viewport={"width": 1024, "height": 768})
            page.route("**/*", only_localhost)
            page.goto(f"{lab_url}lab?reset", timeout=OPEN_MS)
            for path in NOTEBOOKS:
                # Opened from the file browser, as a learner opens them: one page, a tab each.
                page.locator(".jp-DirListing-itemText", has_text=path.name).dblclick()
                panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
                panel.locator(".jp-Cell").first.wait_for(timeout=OPEN_MS)
                idle = ".jp-Notebook-ExecutionIndicator[data-status='idle']"
                panel.locator(idle).wait_for(timeout=OPEN_MS)
            page.wait_for_timeout(SETTLE_MS)
            opened = page.locator(".jp-NotebookPanel").count()
            assert opened == len(NOTEBOOKS), "every notebook opens in a panel of its own"
            changed = page.locator(
                ".lm-TabBar-tab.jp-mod-dirty .lm-TabBar-tabLabel"
            ).all_inner_texts()
        finally:
            browser.close()
    assert changed == [], (
        "JupyterLab marks these as changed on opening: compare their metadata with a saved copy"
    )
