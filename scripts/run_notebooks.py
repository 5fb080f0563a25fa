"""Re-execute every notebook in notebooks/ in place, each in a fresh kernel, and print the times.

    python scripts/run_notebooks.py                 # all notebooks
    python scripts/run_notebooks.py 01 05           # only those whose names contain 01 or 05
    python scripts/run_notebooks.py --check         # run, print times, but write nothing

Outputs are what nbval compares, so run this whenever nimlib or a notebook changes.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
CELL_TIMEOUT = 60


def notebook_paths(patterns: list[str]) -> list[Path]:
    """The notebooks whose file names contain one of `patterns` (all of them if there is none)."""
    paths = sorted(NOTEBOOKS.glob("[0-9]*.ipynb"))
    return [path for path in paths if not patterns or any(pattern in path.name for pattern in patterns)]


def execute(path: Path, write: bool = True) -> float:
    """Run the notebook at `path` top to bottom in a fresh kernel; save it unless `write` is False."""
    notebook = nbformat.read(path, as_version=4)
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
    client.execute()
    seconds = time.perf_counter() - start
    if write:
        nbformat.write(notebook, path)
    return seconds


def main() -> int:
    """Execute the chosen notebooks and print seconds per notebook and in total."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("patterns", nargs="*", help="parts of notebook file names, such as 01")
    parser.add_argument("--check", action="store_true", help="run and time only; write nothing")
    args = parser.parse_args()
    total = 0.0
    for path in notebook_paths(args.patterns):
        seconds = execute(path, write=not args.check)
        total += seconds
        print(f"{seconds:6.1f} s  {path.name}", flush=True)
    print(f"{total:6.1f} s  in total")
    return 0


if __name__ == "__main__":
    sys.exit(main())
