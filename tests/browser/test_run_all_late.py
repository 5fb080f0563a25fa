"""Run All in JupyterLab, started while a notebook's kernel is still starting, runs every cell: sent
before JupyterLab had the kernel, it once cleared them all and ran none, and notebook 13's widget
never showed (lab_browser's start_run_all waits for the kernel). Every request leaving localhost
is blocked; it skips where /usr/bin/chromium is missing. (Notebooks 11 to 14 live, their widgets
clicked, are tested with the notebooks' other checks in test_lab_notebooks.py.)"""

from collections.abc import Iterator

import pytest
from lab_browser import (
    EVERY_CELL_RUN,
    browser,
    jupyter_lab,
    notebook_of,
    open_notebook,
    shut_down,
    start_run_all,
)

# JupyterLab's request for a notebook's session (which starts its kernel) sent 15 s late, as a
# kernel starts late on a loaded machine
LATE_KERNEL = """() => {
    const fetched = window.fetch.bind(window);
    window.fetch = (input, init) => {
        const url = typeof input === 'string' ? input : input.url;
        const method = init?.method ?? (typeof input === 'string' ? 'GET' : input.method);
        const late = url.includes('/api/sessions') && method === 'POST';
        const wait = new Promise(resolve => setTimeout(resolve, late ? 15000 : 0));
        return wait.then(() => fetched(input, init));
    };
}"""

pytestmark = pytest.mark.browser  # CI's tier; skipped without chromium (conftest)


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory) -> Iterator[str]:
    """A JupyterLab serving late.ipynb, a notebook of one cell."""
    folder = tmp_path_factory.mktemp("lab")
    (folder / "notebooks").mkdir()
    notebook_of(folder / "notebooks", ["print(6 * 7)"], "late.ipynb")
    with jupyter_lab(folder / "notebooks", folder / "home") as url:
        yield url


def test_run_all_waits_for_a_kernel_that_starts_late(lab_url):
    with browser() as page:
        page.add_init_script(f"({LATE_KERNEL})()")
        page.goto(lab_url + "lab")
        open_notebook(page, "late.ipynb", 1)
        start_run_all(page)
        page.wait_for_function(EVERY_CELL_RUN, timeout=360_000)
        assert page.locator(".jp-OutputArea-output").inner_text().strip() == "42"
        shut_down(page)
