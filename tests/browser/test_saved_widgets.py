"""A notebook a learner ran and saved shows its widgets as saved when reopened the next day, with a
new kernel: JupyterLab saves the widgets' state with the notebook (jupyter-config's
overrides.json). Without it every widget showed "Error displaying widget: model not found", since
the saved output names a widget whose model died with the old kernel, and JupyterLab shows that
error rather than the still picture beside it. Every request leaving localhost is blocked; it skips
where /usr/bin/chromium is missing."""

import json

import pytest
from lab_browser import (
    EVERY_CELL_RUN,
    KERNEL_READY,
    KERNEL_SECONDS,
    browser,
    jupyter_lab,
    notebook_of,
    open_notebook,
    shut_down,
    start_run_all,
)

pytestmark = pytest.mark.browser  # CI's tier; skipped without chromium (conftest)

SAVE = "async () => { await window.jupyterapp.commands.execute('docmanager:save'); }"
PLAY = 'from nimlib.widgets import play\nplay("Simple-Nim", counters=5)'


def test_a_notebook_saved_after_running_shows_its_widget_when_reopened(tmp_path):
    folder = tmp_path / "notebooks"
    folder.mkdir()
    saved = notebook_of(folder, [PLAY], "saved.ipynb")
    with jupyter_lab(folder, tmp_path / "home") as url, browser() as page:
        page.goto(url + "lab")
        open_notebook(page, saved.name, 1)
        start_run_all(page)
        page.wait_for_function(EVERY_CELL_RUN, timeout=KERNEL_SECONDS * 1000)
        page.get_by_role("button", name="New game").wait_for(timeout=60_000)
        page.evaluate(SAVE)
        shut_down(page)  # the kernel that made the widget ends, as at the end of a day

        stored = json.loads(saved.read_text(encoding="utf-8"))
        assert stored["metadata"]["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]

        open_notebook(page, saved.name, 1)
        page.wait_for_function(KERNEL_READY, timeout=KERNEL_SECONDS * 1000)  # a new kernel
        page.get_by_role("button", name="New game").wait_for(timeout=60_000)
        output = page.locator(".jp-OutputArea-output").inner_text()
        assert "model not found" not in output and "Your turn" in output
        shut_down(page)
