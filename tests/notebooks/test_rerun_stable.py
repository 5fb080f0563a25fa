"""Re-executing a notebook with scripts/run_notebooks.py leaves it byte for byte as it was stored,
so that `git diff` after a re-run shows only real changes."""

import importlib.util
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC = importlib.util.spec_from_file_location(
    "run_notebooks", ROOT / "scripts" / "run_notebooks.py"
)
run_notebooks = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(run_notebooks)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["02_general_minimax.ipynb"])
def test_re_executing_a_stored_notebook_changes_no_byte(tmp_path, name):
    stored = ROOT / "notebooks" / name
    copy = tmp_path / name
    run_notebooks.execute(stored, target=copy)
    assert copy.read_bytes() == stored.read_bytes()


def executed_notebook() -> nbformat.NotebookNode:
    """A notebook as a kernel leaves it: split prints, a widget view, a timing, volatile
    metadata."""
    notebook = nbformat.v4.new_notebook()
    notebook.metadata = {
        "kernelspec": {"name": "python3"},
        "language_info": {"version": "3.11.9"},
        "widgets": {},
    }
    prints = nbformat.v4.new_code_cell("print(1); print(2)")
    prints.outputs = [
        nbformat.v4.new_output("stream", name="stdout", text="1\n"),
        nbformat.v4.new_output("stream", name="stdout", text="2\n"),
        nbformat.v4.new_output("stream", name="stderr", text="careful\n"),
        nbformat.v4.new_output("stream", name="stdout", text="3\n"),
    ]
    widget = nbformat.v4.new_code_cell("explore()")
    bundle = {
        run_notebooks.WIDGET_VIEW: {"model_id": "73959aa3"},
        "text/html": "<img>",
        "text/plain": "Explorer",
    }
    view_only = {run_notebooks.WIDGET_VIEW: {"model_id": "0b1c"}}
    widget.outputs = [
        nbformat.v4.new_output("execute_result", data=bundle, execution_count=1),
        nbformat.v4.new_output("display_data", data=view_only),
    ]
    timing = nbformat.v4.new_code_cell("# (times vary)\nprint(time.time())")
    timing.metadata["tags"] = [run_notebooks.IGNORE_OUTPUT]
    timing.outputs = [nbformat.v4.new_output("stream", name="stdout", text="1763890000.1\n")]
    timing.metadata["execution"] = {"iopub.execute_input": "2026-11-23T10:00:00"}
    notebook.cells = [prints, widget, timing]
    return notebook


def test_normalize_merges_prints_strips_widget_views_and_keeps_the_stored_metadata():
    notebook = executed_notebook()
    stored_metadata = {
        "kernelspec": {"name": "python3"},
        "language_info": {"name": "python"},
        "widgets": {"x": 1},
    }
    run_notebooks.normalize(notebook, stored_metadata)
    assert notebook.metadata == {
        "kernelspec": {"name": "python3"},
        "language_info": {"name": "python"},
    }
    prints, widget, timing = notebook.cells
    assert [(output.name, output.text) for output in prints.outputs] == [
        ("stdout", "1\n2\n"),
        ("stderr", "careful\n"),
        ("stdout", "3\n"),
    ]
    assert [dict(output.data) for output in widget.outputs] == [
        {"text/html": "<img>", "text/plain": "Explorer"}
    ]
    assert [output.text for output in timing.outputs] == [run_notebooks.NOT_STORED]
    assert "execution" not in timing.metadata


def test_normalize_gives_a_repeated_cell_id_one_made_from_its_place():
    notebook = executed_notebook()
    first = notebook.cells[0].id
    notebook.cells[1].id = first
    run_notebooks.normalize(notebook, {})
    assert [cell.id for cell in notebook.cells[:2]] == [first, "cell-01-1"]
    assert len({cell.id for cell in notebook.cells}) == 3
