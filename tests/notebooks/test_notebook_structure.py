"""Every notebook of the series keeps the series' promises: objectives at the top, a summary,
checked exercises with hidden solutions, and links to its neighbours that lead somewhere."""

import json
import re
from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def markdown(notebook: nbformat.NotebookNode) -> str:
    """All the markdown of `notebook`, as one text."""
    return "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "markdown")


def code(notebook: nbformat.NotebookNode) -> str:
    """All the code of `notebook`, as one text."""
    return "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "code")


def test_the_series_is_numbered_without_gaps():
    assert [path.name[:2] for path in NOTEBOOKS] == [
        f"{n:02d}" for n in range(1, len(NOTEBOOKS) + 1)
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_a_notebook_states_its_goals_sums_up_and_has_checked_exercises(path):
    notebook = nbformat.read(path, as_version=4)
    first = notebook.cells[0].source
    assert first.startswith("# ") and "You will learn" in first
    assert "## Summary" in markdown(notebook)
    assert "## Exercises" in markdown(notebook)
    headings = re.findall(r"^#+ Exercise\b.*$", markdown(notebook), re.M)
    numbered = [f"### Exercise {n} · " for n in range(1, len(headings) + 1)]
    assert headings and all(map(str.startswith, headings, numbered)), headings
    assert re.search(r"\bcheck_\w+\(", code(notebook)), "an exercise checked by nimlib.checks"
    assert "<details><summary>" in markdown(notebook), "a hidden worked solution"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_a_worked_solution_is_a_cell_that_ends_with_its_folded_block(path):
    """Text after </details> shows under the folded solution: a stray \"\"\" stood there in 13."""
    cells = nbformat.read(path, as_version=4).cells
    folded = [cell.source for cell in cells if "<details>" in cell.source]
    assert all(source.startswith("<details>") for source in folded), path.name
    assert all(source.rstrip().endswith("</details>") for source in folded), path.name


SECTION_OR_EXERCISE = re.compile(r"^(#{1,2} |#+ Exercise)", re.M)
NEIGHBOUR_LINK = re.compile(r"\[[^\]]*\]\(\d\d_[\w-]+\.ipynb\)")


def headed_late(cell: nbformat.NotebookNode) -> bool:
    """Whether a section or exercise heading of `cell` stands below its own words (code blocks
    aside): a slide is a cell, and a section or an exercise starts one with its heading."""
    text = re.sub(r"```.*?```", "", cell.source, flags=re.S)
    before = [text[: found.start()] for found in SECTION_OR_EXERCISE.finditer(text)]
    return any(
        line.strip() and not line.startswith("#") for lines in before for line in lines.splitlines()
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_each_section_and_exercise_heads_a_cell_and_the_links_stand_alone(path):
    cells = [
        cell for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "markdown"
    ]
    assert [cell.source[:40] for cell in cells if headed_late(cell)] == []
    links = [cell for cell in cells if NEIGHBOUR_LINK.search(cell.source)]
    closing = links[-1].source  # the links to the neighbours, in the last cell that has any
    words = re.sub(r"Previous:|Next:|Back[^:]*:|---|[·|\s]", "", NEIGHBOUR_LINK.sub("", closing))
    assert words == "", f"the links to the neighbours share a cell with {words[:60]!r}"


@pytest.mark.parametrize("index", range(len(NOTEBOOKS)), ids=lambda index: NOTEBOOKS[index].stem)
def test_a_notebook_links_to_its_neighbours(index):
    notebook = nbformat.read(NOTEBOOKS[index], as_version=4)
    links = set(re.findall(r"\]\(([^)#]+\.ipynb)\)", markdown(notebook)))
    neighbours = {NOTEBOOKS[i].name for i in (index - 1, index + 1) if 0 <= i < len(NOTEBOOKS)}
    assert neighbours <= links
    assert all((NOTEBOOKS[index].parent / link).exists() for link in links), links


MAX_CODE_LINES = 20
MAX_MARKDOWN_LINES = 30
# How wide a line of code may be: test_code_width.py holds every code line to 74 characters
# (nimlib.games.printer.WIDTH), what a code cell shows beside JupyterLab's file browser.


def oversized(notebook: nbformat.NotebookNode) -> list[str]:
    """Every cell of `notebook` too tall for a projector, as "cell 9 (code): 28 lines, at most
    20"."""
    problems = []
    for index, cell in enumerate(notebook.cells):
        lines = cell.source.splitlines()
        tallest = MAX_CODE_LINES if cell.cell_type == "code" else MAX_MARKDOWN_LINES
        if len(lines) > tallest:
            problems.append(
                f"cell {index} ({cell.cell_type}): {len(lines)} lines, at most {tallest}"
            )
    return problems


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_every_cell_fits_a_projector(path):
    assert oversized(nbformat.read(path, as_version=4)) == []


def test_the_size_limits_can_fail():
    too_tall = nbformat.v4.new_code_cell("\n".join(["x = 1"] * 21))
    long_text = nbformat.v4.new_markdown_cell("\n".join(["text"] * 31))
    right = nbformat.v4.new_code_cell("\n".join(["x" * 74] * 20))
    notebook = nbformat.v4.new_notebook(cells=[too_tall, long_text, right])
    assert oversized(notebook) == [
        "cell 0 (code): 21 lines, at most 20",
        "cell 1 (markdown): 31 lines, at most 30",
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_a_notebook_that_tells_to_run_voila_says_how_to_install_it(path):
    """Alone, at the version requirements-dev.txt pins, as the README says: not the whole file,
    whose test tools a lecturer does not need."""
    text = markdown(nbformat.read(path, as_version=4))
    root = path.parents[1]
    if ".venv/bin/voila" in text and "voila" not in (root / "requirements.txt").read_text().lower():
        dev = (root / "requirements-dev.txt").read_text()
        pinned = re.search(r"^voila==\S+", dev, re.MULTILINE)
        assert pinned and f"pip install {pinned[0]}`" in text, "the learners' set-up lacks Voila"


EXERCISE_TAG = "exercise"  # the cells Voila leaves out (jupyter-config/voila.json)
VOILA_SETTINGS = Path(__file__).resolve().parents[2] / "jupyter-config" / "voila.json"


def exercise_section(notebook: nbformat.NotebookNode) -> list[int]:
    """The indices of the cells of `notebook`'s exercises: from its "## Exercises" heading to the
    links to its neighbours, which stand alone in its last cell."""
    cells = notebook.cells
    start = next(
        index
        for index, cell in enumerate(cells)
        if cell.cell_type == "markdown" and cell.source.startswith("## Exercises")
    )
    assert NEIGHBOUR_LINK.search(cells[-1].source), "the last cell holds the links"
    return list(range(start, len(cells) - 1))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_every_notebook_leaves_its_exercises_out_of_voila(path):
    """A lecturer shows the widgets of any notebook in Voila, not the exercises at the end (their
    prompts, failing checks and worked solutions): each of those cells, and no other, is tagged
    "exercise", the tag Voila's settings remove."""
    notebook = nbformat.read(path, as_version=4)
    tagged = [
        index
        for index, cell in enumerate(notebook.cells)
        if EXERCISE_TAG in cell.metadata.get("tags", [])
    ]
    assert tagged == exercise_section(notebook)


def test_voila_removes_the_cells_tagged_exercise():
    settings = json.loads(VOILA_SETTINGS.read_text())
    assert settings["TagRemovePreprocessor"]["remove_cell_tags"] == [EXERCISE_TAG]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_a_stored_notebook_holds_no_live_widget_nor_its_state(path):
    """JupyterLab saves the widgets' state with a notebook (jupyter-config's overrides.json), so
    that a learner's saved notebook shows its widgets when reopened: a notebook saved from
    JupyterLab and committed as it is would carry it, some 100 kB a widget, and a view of a live
    widget that a fresh clone cannot show. scripts/run_notebooks.py stores each widget's still
    picture alone."""
    notebook = nbformat.read(path, as_version=4)
    assert "widgets" not in notebook.metadata
    views = [
        index
        for index, cell in enumerate(notebook.cells)
        for output in cell.get("outputs", [])
        if "application/vnd.jupyter.widget-view+json" in output.get("data", {})
    ]
    assert views == [], "re-execute with scripts/run_notebooks.py"
