"""nbval's markers are cell tags, which a learner does not see in the code, never comments in it."""

from pathlib import Path

import nbformat
import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("[0-9][0-9]_*.ipynb"))
IGNORE_OUTPUT = "nbval-ignore-output"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_no_nbval_marker_in_code_and_a_tagged_cell_says_why_on_its_first_line(path):
    notebook = nbformat.read(path, as_version=4)
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        assert "NBVAL_" not in cell.source.upper(), (
            f"cell {index}: a marker in the code; use a cell tag"
        )
        if IGNORE_OUTPUT in cell.metadata.get("tags", []):
            first = cell.source.splitlines()[0]
            assert first.startswith("# ("), (
                f"cell {index}: the first line should say why its output varies"
            )
