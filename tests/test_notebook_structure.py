"""Every notebook of the series keeps the series' promises: objectives at the top, a summary,
checked exercises with hidden solutions, and links to its neighbours that lead somewhere."""

import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def markdown(notebook: nbformat.NotebookNode) -> str:
    """All the markdown of `notebook`, as one text."""
    return "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")


def code(notebook: nbformat.NotebookNode) -> str:
    """All the code of `notebook`, as one text."""
    return "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "code")


def test_the_series_is_numbered_without_gaps():
    assert [path.name[:2] for path in NOTEBOOKS] == [f"{n:02d}" for n in range(1, len(NOTEBOOKS) + 1)]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_a_notebook_states_its_goals_sums_up_and_has_checked_exercises(path):
    notebook = nbformat.read(path, as_version=4)
    first = notebook.cells[0].source
    assert first.startswith("# ") and "You will learn" in first
    assert "## Summary" in markdown(notebook)
    assert "## Exercises" in markdown(notebook) or "## Exercise" in markdown(notebook)
    assert re.search(r"\bcheck_\w+\(", code(notebook)), "an exercise checked by nimlib.checks"
    assert "<details><summary>" in markdown(notebook), "a hidden worked solution"


@pytest.mark.parametrize("index", range(len(NOTEBOOKS)), ids=lambda index: NOTEBOOKS[index].stem)
def test_a_notebook_links_to_its_neighbours(index):
    notebook = nbformat.read(NOTEBOOKS[index], as_version=4)
    links = set(re.findall(r"\]\(([^)#]+\.ipynb)\)", markdown(notebook)))
    neighbours = {NOTEBOOKS[i].name for i in (index - 1, index + 1) if 0 <= i < len(NOTEBOOKS)}
    assert neighbours <= links
    assert all((NOTEBOOKS[index].parent / link).exists() for link in links), links
