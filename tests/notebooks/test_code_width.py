"""Every line of code in a notebook fits beside JupyterLab's file browser at 1024x768 (issue 37).

A code cell there shows 74 characters of a line (nimlib.games.printer.WIDTH, the width of the
stored outputs too), at the 12.5 px that jupyter-config's extension sets (at JupyterLab's 13 px a
browser whose scrollbar takes room, Chrome on Linux, shows 72). JupyterLab wraps a longer line,
and its continuation starts at the left edge of the cell, where Python reads a new statement. So
no line of a code cell is longer: a long call is split inside its brackets, a long string by
implicit concatenation, a long docstring or comment folded. The code the text shows in a
```python block (the worked solutions) wraps the same way, and sooner: the text's font is larger
(14 px), so its 550 px beside a scrollbar hold 65 characters (scripts/lab_browser.py's
TEXT_WIDTH). The course's assignments make code cells of the worked solutions, where 65 fits too.
The browser test tests/browser/test_lab_notebooks.py opens notebooks there, its scrollbars shown,
and finds no line of either kind that wraps.
"""

import re
from pathlib import Path

import nbformat
import pytest
from lab_browser import TEXT_WIDTH

from nimlib.games.printer import WIDTH

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
PYTHON_BLOCK = re.compile(r"```python\n(.*?)```", re.DOTALL)


def code_lines(cell: nbformat.NotebookNode) -> list[tuple[str, int]]:
    """The lines of code of a cell, each with the width it may take: all of a code cell, at most
    WIDTH; the ```python blocks of a markdown cell, at most TEXT_WIDTH."""
    if cell.cell_type == "code":
        return [(line, WIDTH) for line in cell.source.splitlines()]
    if cell.cell_type == "markdown":
        blocks = PYTHON_BLOCK.findall(cell.source)
        return [(line, TEXT_WIDTH) for block in blocks for line in block.splitlines()]
    return []


def too_wide(notebook: nbformat.NotebookNode) -> list[str]:
    """Every line of code of `notebook` wider than it may be, as "cell 9: 81: text"."""
    return [
        f"cell {index}: {len(line)}: {line}"
        for index, cell in enumerate(notebook.cells)
        for line, width in code_lines(cell)
        if len(line) > width
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem[:2])
def test_every_code_line_fits_beside_the_file_browser(path):
    assert too_wide(nbformat.read(path, as_version=4)) == []


def test_the_width_rule_can_fail():
    fits = nbformat.v4.new_code_cell("x = 1\n" + "y" * WIDTH)
    wide = nbformat.v4.new_code_cell("def f():\n    return " + "1" * (WIDTH - 10))
    prose = nbformat.v4.new_markdown_cell("z" * 200)  # prose wraps as prose does
    solution = nbformat.v4.new_markdown_cell(
        "<details>\n\n```python\n" + "u" * TEXT_WIDTH + "\n" + "w" * (TEXT_WIDTH + 1) + "\n```"
    )
    notebook = nbformat.v4.new_notebook(cells=[fits, wide, prose, solution])
    assert too_wide(notebook) == [
        f"cell 1: {WIDTH + 1}: " + "    return " + "1" * (WIDTH - 10),
        f"cell 3: {TEXT_WIDTH + 1}: " + "w" * (TEXT_WIDTH + 1),
    ]
