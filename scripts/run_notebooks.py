"""Re-execute every notebook in notebooks/ in place, each in a fresh kernel, and print the times.

    python scripts/run_notebooks.py                 # all notebooks
    python scripts/run_notebooks.py 01 05           # only those whose names contain 01 or 05
    python scripts/run_notebooks.py --check         # run, print times, but write nothing

Outputs are what nbval compares, so run this whenever nimlib or a notebook changes. Running it
twice on an unchanged checkout changes nothing: the saved notebook keeps its metadata as it was,
consecutive prints are merged into one output, live widget views and widget state are left out
(each widget also displays a static picture, which is kept), and a cell marked
with the tag ``nbval-ignore-output`` (a timing) is stored with a fixed note instead of its varying
output.
"""

from __future__ import annotations

import argparse
import copy
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
CELL_TIMEOUT = 60
IGNORE_OUTPUT = "nbval-ignore-output"  # the cell tag nbval reads
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
NOT_STORED = "(not stored: it differs on every run; run the cell to see it)\n"


def notebook_paths(patterns: list[str]) -> list[Path]:
    """The notebooks whose file names contain one of `patterns` (all of them if there is none),
    or a ValueError naming each pattern that no notebook's name contains."""
    paths = sorted(NOTEBOOKS.glob("[0-9]*.ipynb"))
    unmatched = [pattern for pattern in patterns if not any(pattern in p.name for p in paths)]
    if unmatched:
        raise ValueError(f"no notebook of {NOTEBOOKS}/ has a name containing {unmatched}")
    return [
        path for path in paths if not patterns or any(pattern in path.name for pattern in patterns)
    ]


def execute(path: Path, write: bool = True, target: Path | None = None) -> float:
    """Run the notebook at `path` top to bottom in a fresh kernel, and save it (to `target` if
    given) unless `write` is False. Returns the seconds it took."""
    notebook = nbformat.read(path, as_version=4)
    stored_metadata = copy.deepcopy(notebook.metadata)
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
    client = NotebookClient(
        notebook,
        timeout=CELL_TIMEOUT,
        kernel_name="python3",
        record_timing=False,
        resources={"metadata": {"path": str(NOTEBOOKS)}},
    )
    start = time.perf_counter()
    # the kernel's messages encrypted, as JupyterLab's are (jupyter-config): ipykernel warns of
    # plain ones at every start
    client.execute(transport_encryption="auto")
    seconds = time.perf_counter() - start
    if write:
        normalize(notebook, stored_metadata)
        nbformat.write(notebook, target or path)
    return seconds


def normalize(notebook: nbformat.NotebookNode, stored_metadata: dict) -> None:
    """Make an executed notebook the same, byte for byte, on every run (see the module's
    docstring)."""
    notebook.metadata = nbformat.from_dict(
        {key: value for key, value in stored_metadata.items() if key != "widgets"}
    )
    for index, cell in enumerate(notebook.cells):
        cell.setdefault("id", f"cell-{index:02d}")
        if cell.cell_type != "code":
            continue
        cell.metadata.pop("execution", None)
        if IGNORE_OUTPUT in cell.metadata.get("tags", []):
            cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=NOT_STORED)]
        else:
            cell.outputs = merged_streams([without_widget_views(output) for output in cell.outputs])
    ensure_unique_ids(notebook)


def without_widget_views(output: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """`output` without the live widget view, whose model id is new on every run."""
    if "data" in output:
        output.data.pop(WIDGET_VIEW, None)
    return output


def merged_streams(outputs: list[nbformat.NotebookNode]) -> list[nbformat.NotebookNode]:
    """`outputs` with consecutive prints to the same stream merged into one output, and empty
    outputs (a widget with nothing but its live view) left out."""
    merged: list[nbformat.NotebookNode] = []
    for output in outputs:
        if "data" in output and not output.data:
            continue
        previous = merged[-1] if merged else None
        if (
            output.output_type == "stream"
            and previous is not None
            and same_stream(previous, output)
        ):
            previous.text += output.text
            continue
        merged.append(output)
    return merged


def same_stream(first: nbformat.NotebookNode, second: nbformat.NotebookNode) -> bool:
    """Whether two outputs are prints to one stream (stdout or stderr)."""
    return first.output_type == second.output_type == "stream" and first.name == second.name


def ensure_unique_ids(notebook: nbformat.NotebookNode) -> None:
    """Give any cell whose id repeats an earlier one an id made from its position, so that ids stay
    fixed."""
    seen: set[str] = set()
    for index, cell in enumerate(notebook.cells):
        if cell.id in seen:
            cell.id = f"cell-{index:02d}-{len(seen)}"
        seen.add(cell.id)


def main() -> int:
    """Execute the chosen notebooks and print seconds per notebook and in total."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("patterns", nargs="*", help="parts of notebook file names, such as 01")
    parser.add_argument("--check", action="store_true", help="run and time only; write nothing")
    args = parser.parse_args()
    try:
        paths = notebook_paths(args.patterns)
    except ValueError as error:
        parser.error(str(error))
    total = 0.0
    for path in paths:
        seconds = execute(path, write=not args.check)
        total += seconds
        print(f"{seconds:6.1f} s  {path.name}", flush=True)
    print(f"{total:6.1f} s  in total")
    return 0


if __name__ == "__main__":
    sys.exit(main())
