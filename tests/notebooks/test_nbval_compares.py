"""nbval really compares the stored outputs: a notebook with a wrong stored output fails, a changed
drawing too, while the same drawing by another renderer passes."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_notebook, new_output

from nimlib import SimpleNim, draw_tree, game_tree, set_render_backend

ROOT = Path(__file__).resolve().parents[2]
TREE_CELL = (
    "from nimlib import SimpleNim, draw_tree, game_tree\ndraw_tree(game_tree(SimpleNim(), 3))"
)


def notebook_with(sum_shown: str, tree_shown: dict) -> nbformat.NotebookNode:
    """A two-cell notebook whose stored outputs claim `sum_shown` for 2 + 2 and `tree_shown` for the
    tree cell."""
    return new_notebook(
        cells=[
            new_code_cell(
                "2 + 2", execution_count=1, outputs=[execute_result(1, {"text/plain": sum_shown})]
            ),
            new_code_cell(TREE_CELL, execution_count=2, outputs=[execute_result(2, tree_shown)]),
        ],
        metadata={
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
    )


def execute_result(count: int, data: dict) -> nbformat.NotebookNode:
    """An execute_result output as Jupyter stores it."""
    return new_output("execute_result", data=data, execution_count=count)


def nbval_passes(notebook: nbformat.NotebookNode, folder: Path) -> bool:
    """Whether pytest --nbval (strict, with the repository's sanitizer) passes on `notebook`."""
    path = folder / "check.ipynb"
    nbformat.write(notebook, path)
    sanitizer = ROOT / "tests" / "nbval_sanitize.cfg"
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "--nbval",
        "--nbval-current-env",
    ]
    command += [
        "--nbval-sanitize-with",
        str(sanitizer),
        "-c",
        "/dev/null",
        "--rootdir",
        str(folder),
        str(path),
    ]
    environment = {key: value for key, value in os.environ.items() if key != "NIMLIB_RENDERER"}
    result = subprocess.run(
        command, cwd=folder, capture_output=True, text=True, timeout=120, env=environment
    )
    return result.returncode == 0


def bundle(**options) -> dict:
    """What the tree cell shows, drawn with `options`."""
    return draw_tree(game_tree(SimpleNim(), 3), **options)._repr_mimebundle_()


def test_nbval_passes_true_outputs_and_fails_a_wrong_one(tmp_path):
    true_tree = bundle()
    assert nbval_passes(notebook_with("4", true_tree), tmp_path)
    assert not nbval_passes(notebook_with("5", true_tree), tmp_path)


def test_nbval_fails_a_changed_drawing_with_the_same_summary(tmp_path):
    changed = bundle(moves=False)  # the same tree and summary, without its move labels
    assert changed["text/plain"] == bundle()["text/plain"]
    assert not nbval_passes(notebook_with("4", changed), tmp_path)


@pytest.mark.skipif(
    shutil.which("dot") is None, reason="no `dot` program on this machine: apt-get install graphviz"
)
def test_nbval_passes_the_same_drawing_by_the_other_renderer(tmp_path):
    set_render_backend("dot")
    try:
        by_dot = bundle()
    finally:
        set_render_backend(None)
    assert re.sub(r"base64,[^\"]+", "", by_dot["text/html"]) != re.sub(
        r"base64,[^\"]+", "", bundle()["text/html"]
    )
    assert nbval_passes(notebook_with("4", by_dot), tmp_path)


pytestmark = pytest.mark.ci  # builds a site or decks, or runs nbval in a child: CI's tier
