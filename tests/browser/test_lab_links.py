"""The pictures and links of every notebook's text, in JupyterLab as the README's quick start opens it.

The server serves a fresh copy of notebooks/ (with its images/) and nothing above it, as
`jupyter lab notebooks/...` does; the notebooks are untrusted and nothing is run. In headless
Chromium at 1024x768, with every request that leaves localhost blocked, each picture of the
markdown must have loaded and each relative link must lead to a file the server has. Notebooks 04
and 05, which show the scaling plot, are photographed at it into build/screenshots/. It needs
Debian's chromium and skips, saying so, where /usr/bin/chromium is missing.
"""

import sys
from pathlib import Path

import nbformat
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))

from lab_browser import CHROMIUM, CHROMIUM_ARGS, fresh_copy, jupyter_lab, only_localhost, open_notebook, shut_down  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9]*.ipynb"))
SCREENSHOTS = ROOT / "build" / "screenshots"
PHOTOGRAPHED = ("04_memoization.ipynb", "05_alphabeta.ipynb")
VIEWPORT = {"width": 1024, "height": 768}
PAGE_SECONDS = 60

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium"),
]

MARKDOWN = """() => {
  const panel = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)');
  const rendered = [...panel.querySelectorAll('.jp-MarkdownOutput')];
  return {
    pictures: rendered.flatMap(cell => [...cell.querySelectorAll('img')]).map(img => ({
      src: img.getAttribute('src'), alt: img.alt, loaded: img.complete && img.naturalWidth > 0,
      width: img.getBoundingClientRect().width,
    })),
    links: rendered.flatMap(cell => [...cell.querySelectorAll('a[href]')]).map(a => a.href),
  };
}"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab on localhost with fresh folders (nothing trusted), serving a fresh copy of notebooks/ as its root."""
    folder = tmp_path_factory.mktemp("lab")
    fresh_copy(folder / "notebooks")
    with open(folder / "lab.log", "wb") as log, jupyter_lab(folder / "notebooks", folder / "home", log) as url:
        yield url


@pytest.fixture(scope="module")
def page(lab):
    """Headless Chromium at 1024x768 showing that JupyterLab, with the file browser open, as a learner has it."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, timeout=30_000)
        try:
            shown = browser.new_page(viewport=VIEWPORT)
            shown.route("**/*", only_localhost)
            shown.goto(lab + "lab", timeout=PAGE_SECONDS * 1000)
            shown.wait_for_selector("#jp-left-stack", timeout=PAGE_SECONDS * 1000)
            yield shown
        finally:
            browser.close()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_every_picture_of_the_text_loads_and_every_link_reaches_a_file(lab, page, path):
    open_notebook(page, path.name, len(nbformat.read(path, as_version=4).cells))
    try:
        page.wait_for_function(
            "() => [...document.querySelectorAll('.jp-MarkdownOutput img')].every(img => img.complete)"
        )
        found = page.evaluate(MARKDOWN)
        if path.name in PHOTOGRAPHED:
            photograph(page, path)
    finally:
        shut_down(page)
    assert [picture["src"] for picture in found["pictures"] if not picture["loaded"]] == []
    local = [link for link in found["links"] if link.startswith(lab)]
    unreachable = [link for link in local if page.request.get(link).status != 200]
    assert unreachable == []
    if path.name in PHOTOGRAPHED:
        assert [picture["alt"] for picture in found["pictures"] if picture["width"] > 300], "the scaling plot shows"


def photograph(page, path: Path) -> None:
    """Save a screenshot of the notebook's first picture of its text, scrolled into view, into build/screenshots/."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    picture = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-MarkdownOutput img").first
    picture.scroll_into_view_if_needed()
    page.screenshot(path=str(SCREENSHOTS / f"lab_{path.stem}.png"))
