"""Every picture and link of every notebook leads somewhere wherever a learner opens it.

JupyterLab started by the README's command serves notebooks/ and nothing above it, the JupyterLite
site serves a copy of notebooks/, and GitHub's viewer shows the repository: a relative target
works in all three only if it exists inside notebooks/. Addresses (https://...) and anchors
(#section) are not files and are left alone.
"""

import re
from pathlib import Path

import nbformat
import pytest
from build_lite import NOT_ON_THE_SITE, without_links_off_the_site

ROOT = Path(__file__).resolve().parents[2]
SERVED = ROOT / "notebooks"
NOTEBOOKS = sorted(SERVED.glob("[0-9][0-9]_*.ipynb"))
# Markdown links and images, ](target) or ](target "title"), and HTML src= and href= attributes.
TARGET = re.compile(
    r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)|(?:src|href)\s*=\s*[\"']([^\"']+)[\"']"
)
NOT_A_FILE = re.compile(
    r"^(?:[a-z][a-z0-9+.-]*:|#|//)", re.IGNORECASE
)  # https:, mailto:, data:, #anchor


def relative_targets(text: str) -> list[str]:
    """The relative targets of the links and pictures in markdown `text`, without #anchors."""
    found = [first or second for first, second in TARGET.findall(text)]
    return [target.split("#")[0] for target in found if not NOT_A_FILE.match(target)]


def broken_targets(path: Path, served: Path = SERVED) -> list[str]:
    """Each relative target of the notebook at `path` that is missing or lies outside `served`."""
    notebook = nbformat.read(path, as_version=4)
    broken = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "markdown":
            continue
        for target in relative_targets(cell.source):
            resolved = (path.parent / target).resolve()
            if not resolved.is_relative_to(served.resolve()):
                broken.append(
                    f"cell {index}: {target} is outside {served.name}/, which the server serves"
                )
            elif not resolved.exists():
                broken.append(f"cell {index}: {target} does not exist")
    return broken


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_every_relative_link_and_picture_of_a_notebook_exists_inside_the_served_folder(path):
    assert broken_targets(path) == []


def test_the_walk_finds_markdown_and_html_targets_and_skips_addresses():
    text = (
        '![a plot](images/plot.svg "title") [next](02_x.ipynb#top) <img src="images/b.png">'
        ' [web](https://example.org/a.md) [here](#summary) <a href="../README.md">up</a>'
    )
    assert relative_targets(text) == [
        "images/plot.svg",
        "02_x.ipynb",
        "images/b.png",
        "../README.md",
    ]


def test_a_target_outside_the_served_folder_or_missing_is_reported(tmp_path):
    served = tmp_path / "notebooks"
    served.mkdir()
    (tmp_path / "README.md").write_text("# up there")
    (served / "images").mkdir()
    (served / "images" / "here.svg").write_text("<svg/>")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_markdown_cell(
            "![ok](images/here.svg) [up](../README.md) ![gone](images/x.svg)"
        )
    ]
    path = served / "01_x.ipynb"
    nbformat.write(notebook, path)
    assert broken_targets(path, served) == [
        "cell 0: ../README.md is outside notebooks/, which the server serves",
        "cell 0: images/x.svg does not exist",
    ]


def test_every_svg_picture_of_the_notebooks_is_ascii():
    # JupyterLite hands a notebook's SVG to the browser as a data: address encoded as Latin-1, so a
    # UTF-8 "è" breaks the picture there: the pictures write such letters as &#232;.
    for path in sorted((SERVED / "images").glob("*.svg")):
        assert path.read_bytes().isascii(), (
            f"{path.name}: write non-ASCII letters as XML character references"
        )


def test_the_in_browser_site_says_why_a_notebook_it_leaves_out_is_missing():
    """Notebook 13's link to 14, which the site leaves out, did nothing when clicked there."""
    for path in NOTEBOOKS:
        if path.name in NOT_ON_THE_SITE:
            continue
        for cell in nbformat.read(path, as_version=4).cells:
            text = without_links_off_the_site(cell.source)
            assert not set(relative_targets(text)) & set(NOT_ON_THE_SITE), path.name
    last = nbformat.read(SERVED / "13_monte_carlo_tree_search.ipynb", as_version=4).cells[-1]
    said = without_links_off_the_site(last.source)
    assert "14 A class tournament (not on this site: its bots play in processes" in said
