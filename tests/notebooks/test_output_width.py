"""Every stored output fits the page at 1024x768 with JupyterLab's file browser open (issue 37).

The rule: every line of text a reader sees in a stored output is at most 74 characters, which is
what fits beside the file browser at JupyterLab's default font (wider lines wrap, mid-number in a
table). Text a reader sees is a stream (what ``print`` writes) and the ``text/plain`` of a result or
a display that has no richer form: a figure, an SVG, HTML or a widget shows as itself, and its
plain text is only a fallback. Checks' messages wrap themselves at 74 (nimlib.games.printer.WIDTH).
A table too wide for 74 characters is printed in two parts or rendered as an HTML table. The
browser test tests/browser/test_lab_notebooks.py looks at the same pages and finds no wrapped row.
"""

from pathlib import Path

import nbformat
import pytest

from nimlib.games.printer import WIDTH

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9]*.ipynb"))
RICHER = ("image/png", "image/svg+xml", "text/html", "application/vnd.jupyter.widget-view+json")


def shown_text(output: dict) -> str:
    """The text a reader sees of one stored output ("" for a figure, HTML or a widget)."""
    if output["output_type"] == "stream":
        return output["text"]
    data = output.get("data", {})
    if any(kind in data for kind in RICHER):
        return ""
    return data.get("text/plain", "")


def too_wide(path: Path) -> list[str]:
    """The lines of the stored outputs of the notebook at `path` longer than WIDTH, with their
    cell."""
    lines = []
    for number, cell in enumerate(nbformat.read(path, as_version=4).cells):
        for output in cell.get("outputs", []):
            lines += [
                f"cell {number}: {len(line)}: {line}" for line in shown_text(output).splitlines()
            ]
    return [line for line in lines if int(line.split(": ")[1]) > WIDTH]


def test_the_rule_is_the_width_beside_the_file_browser():
    assert WIDTH == 74


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem[:2])
def test_every_stored_output_line_fits_74_characters(path):
    assert too_wide(path) == []


if __name__ == "__main__":
    for path in NOTEBOOKS:
        print(path.name, *too_wide(path)[:5], sep="\n  ")
