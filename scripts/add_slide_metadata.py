"""Mark every cell of the notebooks with a slide type, so that each notebook is also a slide deck.

    python scripts/add_slide_metadata.py                 # every notebook in notebooks/
    python scripts/add_slide_metadata.py notebooks/06_explore_the_search.ipynb
    python scripts/add_slide_metadata.py --check         # change nothing; fail if a notebook is not
    up to date

Only `metadata.slideshow.slide_type` of each cell changes, never a source or an output, and the
type follows from the cell alone (and the cell shown before it), so running the script again
changes nothing. The rules, first match wins:

- the links to the previous and next notebook (labelled "Previous:" or "Next:" or not): "skip" (a
  deck has its own arrows); closing words before them, after a rule (`---`): "slide" (the deck
  leaves the links out, scripts/build_slides.py);
- a worked solution (a `<details>` block): "subslide", right below its exercise, still folded,
  so that the lecturer opens it with a click when the class is ready;
- an exercise heading ("### Exercise 2 · ..."): "slide";
- a markdown cell with a `#` or `##` heading (a new section, the summary): "slide";
- a markdown cell that starts with a `###` heading: "subslide";
- a code cell that only imports: "skip";
- a code cell that shows a picture (a tree, a plot) or a widget: "subslide", so that it fills the
  screen;
- the cell after a picture, and prose after code or after a worked solution (the next step):
  "subslide";
- the cell after the notebook's title (its first cell, a `#` heading with what it teaches):
  "subslide", so that the title slide fits the screen;
- anything else: "-", on the same slide as the cell before it.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from pathlib import Path

import nbformat
from nbformat import NotebookNode

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PICTURES = ("image/svg+xml", "image/png", "image/jpeg", "application/vnd.jupyter.widget-view+json")

FENCED_CODE = re.compile(r"^```.*?^```", re.DOTALL | re.MULTILINE)
SECTION_HEADING = re.compile(r"^#{1,2} ", re.MULTILINE)
SUBSECTION_HEADING = re.compile(r"#{3,6} ")
EXERCISE = re.compile(r"#{1,6} Exercises?\b")
NAVIGATION_LINK = re.compile(r"\[[^\]]*\]\([^)]*(\.ipynb|README\.md)\)")
NAVIGATION_FILLER = re.compile(r"(?:[\s|·•]|(?:Previous|Next|Back):)*", re.IGNORECASE)


def prose(cell: NotebookNode) -> str:
    """The text of a markdown cell without its code blocks, whose comments could pass for
    headings."""
    return FENCED_CODE.sub("", cell.source).strip()


def is_navigation(cell: NotebookNode) -> bool:
    """A markdown cell of nothing but links to other notebooks (or the README), and rules."""
    text = prose(cell).replace("---", "")
    return (
        bool(NAVIGATION_LINK.search(text))
        and NAVIGATION_FILLER.fullmatch(NAVIGATION_LINK.sub("", text)) is not None
    )


def is_worked_solution(cell: NotebookNode) -> bool:
    """A markdown cell that starts with a folded `<details>` block."""
    return cell.cell_type == "markdown" and prose(cell).startswith("<details>")


def is_title(cell: NotebookNode) -> bool:
    """A markdown cell that starts with a `#` heading: a notebook's title, what it teaches under
    it."""
    return cell.cell_type == "markdown" and prose(cell).startswith("# ")


def only_imports(cell: NotebookNode) -> bool:
    """A code cell that shows nothing and only imports."""
    try:
        statements = ast.parse(cell.source).body
    except SyntaxError:
        return False
    imports = (ast.Import, ast.ImportFrom)
    return (
        bool(statements)
        and not cell.outputs
        and all(isinstance(statement, imports) for statement in statements)
    )


def shows_picture(cell: NotebookNode) -> bool:
    """A code cell whose output is an image, a widget, or HTML holding an SVG (such as
    `side_by_side`)."""
    data = [output.get("data", {}) for output in cell.get("outputs", [])]
    return any(
        any(kind in bundle for kind in PICTURES)
        or "<svg" in bundle.get("text/html", "")
        or "data:image/" in bundle.get("text/html", "")
        for bundle in data
    )


def markdown_slide_type(cell: NotebookNode, next_step: bool) -> str:
    """The slide type of a markdown cell; `next_step` tells if the cell shown before it is code or a
    worked solution (this one goes on from it)."""
    text = prose(cell)
    first_line = text.splitlines()[0] if text else ""
    if is_navigation(cell):
        return "skip"
    if text.startswith("---"):
        return "slide"
    if is_worked_solution(cell):
        return "subslide"
    if EXERCISE.match(first_line) or SECTION_HEADING.search(text):
        return "slide"
    if SUBSECTION_HEADING.match(first_line) or next_step:
        return "subslide"
    return "-"


def slide_types(notebook: NotebookNode) -> list[str]:
    """The slide type of every cell of `notebook`, by the rules of this script's docstring."""
    types, previous = [], None
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            next_step = previous is not None and (
                previous.cell_type == "code" or is_worked_solution(previous)
            )
            slide_type = markdown_slide_type(cell, next_step)
        elif cell.cell_type == "code" and only_imports(cell):
            slide_type = "skip"
        elif cell.cell_type == "code" and (
            shows_picture(cell) or (previous is not None and shows_picture(previous))
        ):
            slide_type = "subslide"
        else:
            slide_type = "-"
        if slide_type == "-" and previous is not None and is_title(previous):
            slide_type = "subslide"
        types.append(slide_type)
        if slide_type != "skip":
            previous = cell
    return types


def mark(notebook: NotebookNode) -> bool:
    """Set every cell's slide type in `notebook`; True if anything changed."""
    changed = False
    for cell, slide_type in zip(notebook.cells, slide_types(notebook), strict=True):
        if cell.metadata.get("slideshow", {}).get("slide_type") != slide_type:
            cell.metadata["slideshow"] = {
                **cell.metadata.get("slideshow", {}),
                "slide_type": slide_type,
            }
            changed = True
    return changed


def main() -> int:
    """Mark the chosen notebooks (all of notebooks/ by default), or with --check only report."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "notebooks", nargs="*", type=Path, help="notebook files (default: all of notebooks/)"
    )
    parser.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 if a notebook would change"
    )
    args = parser.parse_args()
    paths = args.notebooks or sorted(NOTEBOOKS.glob("[0-9]*.ipynb"))
    notebooks = {}  # every notebook read before any is written
    for path in paths:
        try:
            notebooks[path] = nbformat.read(path, as_version=4)
        except (OSError, ValueError) as error:  # missing, a folder, not a notebook's JSON
            parser.error(f"{path} is not a notebook that can be read: {error}")
    out_of_date = []
    for path, notebook in notebooks.items():
        if not mark(notebook):
            print(f"up to date  {path.name}")
        elif args.check:
            out_of_date.append(path.name)
            print(f"OUT OF DATE {path.name}: run python scripts/add_slide_metadata.py {path}")
        else:
            nbformat.write(notebook, path)
            print(f"marked      {path.name}")
    return 1 if out_of_date else 0


if __name__ == "__main__":
    sys.exit(main())
