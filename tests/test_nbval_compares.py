"""nbval really compares the stored outputs: a notebook with a wrong stored output fails."""

import subprocess
import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_notebook, new_output

ROOT = Path(__file__).resolve().parent.parent
TREE_CELL = "from nimlib import SimpleNim, draw_tree, game_tree\ndraw_tree(game_tree(SimpleNim(), 2))"


def notebook_with(sum_shown: str, summary_shown: str, svg_shown: str) -> nbformat.NotebookNode:
    """A two-cell notebook whose stored outputs claim `sum_shown` for 2 + 2 and the given tree."""
    tree_output = {"text/plain": summary_shown, "image/svg+xml": svg_shown}
    return new_notebook(
        cells=[
            new_code_cell("2 + 2", execution_count=1, outputs=[execute_result(1, {"text/plain": sum_shown})]),
            new_code_cell(TREE_CELL, execution_count=2, outputs=[execute_result(2, tree_output)]),
        ],
        metadata={"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
    )


def execute_result(count: int, data: dict) -> nbformat.NotebookNode:
    """An execute_result output as Jupyter stores it."""
    return new_output("execute_result", data=data, execution_count=count)


def nbval_passes(notebook: nbformat.NotebookNode, folder: Path) -> bool:
    """Whether pytest --nbval (strict, with the repository's sanitizer) passes on `notebook`."""
    path = folder / "check.ipynb"
    nbformat.write(notebook, path)
    sanitizer = ROOT / "tests" / "nbval_sanitize.cfg"
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval", "--nbval-current-env"]
    command += ["--nbval-sanitize-with", str(sanitizer), "-c", "/dev/null", "--rootdir", str(folder), str(path)]
    return subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=120).returncode == 0


def test_nbval_passes_true_outputs_and_fails_a_wrong_one(tmp_path):
    from nimlib import SimpleNim, draw_tree, game_tree

    drawing = draw_tree(game_tree(SimpleNim(), 2))
    summary, svg = drawing.summary, drawing.svg()
    assert nbval_passes(notebook_with("4", summary, svg), tmp_path)
    assert not nbval_passes(notebook_with("5", summary, svg), tmp_path)
    assert not nbval_passes(notebook_with("4", summary, svg.replace("take 1", "take 9")), tmp_path)
