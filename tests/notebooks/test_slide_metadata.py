"""Every notebook is also a slide deck: each cell has a slide type, by the rules of
scripts/add_slide_metadata.py. (The decks themselves are built and opened in a browser in
tests/browser/test_slides.py, CI's tier; these rules are checked on every run.)"""

from pathlib import Path

import add_slide_metadata as marker
import nbformat
import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("[0-9]*.ipynb"))
SLIDE_TYPES = {"slide", "subslide", "fragment", "skip", "notes", "-"}


def fix(path: Path) -> str:
    """What to run to mark the notebook at `path`."""
    return f"run python scripts/add_slide_metadata.py notebooks/{path.name}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_every_cell_has_a_slide_type(path):
    missing = [
        index
        for index, cell in enumerate(nbformat.read(path, as_version=4).cells)
        if cell.metadata.get("slideshow", {}).get("slide_type") not in SLIDE_TYPES
    ]
    assert not missing, f"cells {missing} have no slide type: {fix(path)}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_the_slide_types_follow_the_rules(path):
    notebook = nbformat.read(path, as_version=4)
    stored = [cell.metadata.get("slideshow", {}).get("slide_type") for cell in notebook.cells]
    assert stored == marker.slide_types(notebook), fix(path)


def markdown(source: str):
    """A markdown cell."""
    return nbformat.v4.new_markdown_cell(source)


def code(source: str, outputs: tuple = ()):
    """A code cell with these outputs."""
    return nbformat.v4.new_code_cell(source, outputs=list(outputs))


TREE = nbformat.v4.new_output(
    "display_data", data={"image/svg+xml": "<svg></svg>", "text/plain": "a tree"}
)
PRINTED = nbformat.v4.new_output("stream", text="41\n")


def test_the_rules_on_a_small_notebook():
    cells_and_types = [
        (markdown("# 09 · A title\n\nWhat it teaches."), "slide"),
        (code("from nimlib import SimpleNim"), "skip"),
        (markdown("Some words under the title."), "subslide"),  # the title slide alone
        (markdown("## A section"), "slide"),
        (code("print(41)", [PRINTED]), "-"),
        (markdown("The next step."), "subslide"),
        (code("draw_tree(tree)", [TREE]), "subslide"),
        (code("print(41)", [PRINTED]), "subslide"),
        (markdown("### A smaller part\n\n```python\n# a comment, not a heading\n```"), "subslide"),
        (markdown("More words, and then:\n\n## Summary"), "slide"),
        (markdown("### Exercise 1 · One\n\nWrite it."), "slide"),  # not a mere subslide
        (code("def f():\n    return None  # your code here", [PRINTED]), "-"),
        (
            markdown(
                "<details><summary>Show a worked solution</summary>\n\n```python\n# f\n```\n</details>"
            ),
            "subslide",
        ),
        (markdown("### Exercise 2 · Another one"), "slide"),
        (
            markdown(
                "---\n\nThe end of the series.\n\n[← 08 Theory](08_patterns_and_theory.ipynb)"
            ),
            "slide",
        ),
        (
            markdown("---\n\n[← 08 Theory](08_patterns_and_theory.ipynb) · [README](../README.md)"),
            "skip",
        ),
        (
            markdown(
                "---\nPrevious: [09 Beyond Nim](09_beyond_nim.ipynb) · Next: [11](11_c.ipynb)"
            ),
            "skip",
        ),
    ]
    notebook = nbformat.v4.new_notebook(cells=[cell for cell, _ in cells_and_types])
    assert marker.slide_types(notebook) == [slide_type for _, slide_type in cells_and_types]
    assert marker.mark(notebook) and not marker.mark(notebook)  # the second run changes nothing
    assert [cell.metadata.slideshow.slide_type for cell in notebook.cells] == [
        t for _, t in cells_and_types
    ]
