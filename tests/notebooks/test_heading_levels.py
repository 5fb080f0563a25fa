"""Every notebook, and every assignment of the course, reads in order by heading level (issue 35):
one title (#) first, and no heading deeper than one level below the heading before it, so that a
screen reader's list of headings is an outline with no gaps (WCAG 2.1, 1.3.1 and 2.4.6)."""

import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9]*.ipynb")) + sorted(
    (ROOT / "course" / "source").glob("*/*.ipynb")
)
FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)


def heading_levels(path: Path) -> list[tuple[int, str]]:
    """The level and text of each Markdown heading of a notebook, in order (code blocks left
    out)."""
    headings = []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "markdown":
            text = FENCE.sub("", cell.source)
            headings += [
                (len(found[1]), found[2]) for found in re.finditer(r"^(#{1,6})\s+(.*)$", text, re.M)
            ]
            headings += [
                (int(level), title)
                for level, title in re.findall(r"<h([1-6])[^>]*>(.*?)</h\1>", text)
            ]
    return headings


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_headings_start_with_one_title_and_skip_no_level(path):
    levels = heading_levels(path)
    assert levels and levels[0][0] == 1, f"the first heading is not a title (#): {levels[:1]}"
    assert [level for level, _ in levels].count(1) == 1, "more than one title (#)"
    for (before, _), (level, text) in zip(levels, levels[1:], strict=False):
        assert level <= before + 1, (
            f"{'#' * level} {text} comes right after a level-{before} heading"
        )


def test_a_skipped_level_is_caught(tmp_path):
    notebook = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_markdown_cell("# Title\n\n### Too deep")]
    )
    nbformat.write(notebook, tmp_path / "skips.ipynb")
    with pytest.raises(AssertionError, match="### Too deep comes right after a level-1 heading"):
        test_headings_start_with_one_title_and_skip_no_level(tmp_path / "skips.ipynb")
