"""Collect the class's bots from the graded notebook 14: one file per student, for the tournament.

Run it in course/ once `nbgrader autograde` has graded 14_class_tournament:

    python ../scripts/collect_bots.py autograded bots
    python -m nimlib tournament bots --seconds 2 --rounds 2 --database class.sqlite

Each student's notebook runs once more, in a kernel of its own, without its check cells (the
ladder has graded the bot already, and a failed check would stop nothing here); then
nimlib.tournament.bot_from_function writes its `ladder_agent` as BOTS/STUDENT.py, the file
check_ladder graded. A student whose notebook gives no bot is named, with the reason, and left
out.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellTimeoutError, DeadKernelError

ASSIGNMENT = "14_class_tournament"
BOT = "ladder_agent"  # the function exercise 3 asks for
SECONDS = 300  # a cell's time, as course/nbgrader_config.py gives it
WRITE_THE_BOT = f"""
from nimlib.tournament import bot_from_function
try:
    print("bot:", bot_from_function({BOT}, {{folder!r}}))
except Exception as error:  # no function, or one its file cannot hold: said, not raised
    print("no bot:", error)
"""


def collect(autograded: Path, bots: Path) -> dict[str, str]:
    """Write each student's bot into `bots`, as STUDENT.py, from `autograded`: what became of each
    student, "bots/alice.py" or why there is no bot."""
    bots.mkdir(parents=True, exist_ok=True)
    done = {}
    for notebook in sorted(autograded.glob(f"*/{ASSIGNMENT}/{ASSIGNMENT}.ipynb")):
        student = notebook.parent.parent.name
        done[student] = written_bot(notebook, bots / f"{student}.py")
    return done


def written_bot(notebook: Path, path: Path) -> str:
    """Run `notebook` without its check cells, and write its bot at `path`: the path, or why not."""
    book = nbformat.read(notebook, as_version=4)
    book.cells = [cell for cell in book.cells if not is_check(cell)]
    with tempfile.TemporaryDirectory() as folder:
        book.cells.append(nbformat.v4.new_code_cell(WRITE_THE_BOT.format(folder=folder)))
        client = NotebookClient(
            book,
            timeout=SECONDS,
            allow_errors=True,
            resources={"metadata": {"path": notebook.parent}},  # where it was graded
        )
        try:  # its messages encrypted, as JupyterLab's are; what the cells print is kept in
            # them, and the kernel's own log (a stopped kernel's complaints) is left out
            client.execute(transport_encryption="auto", stderr=subprocess.DEVNULL)
        except (CellTimeoutError, DeadKernelError) as error:  # a student's cell that never ends
            return f"the notebook did not run to its end: {str(error).splitlines()[0]}"
        said = "".join(output.get("text", "") for output in book.cells[-1].outputs).strip()
        if not said.startswith("bot:"):
            return f"{said or 'the notebook did not run to its end'}{first_error(book)}"
        shutil.move(Path(folder, f"{BOT}.py"), path)  # across file systems too
    return str(path)


def first_error(book: nbformat.NotebookNode) -> str:
    """What the first cell of `book` to raise raised, as " (a cell raised NameError: ...)", or ""
    (a bot missing for want of a name is missing for what stopped the cell that defines it)."""
    for cell in book.cells[:-1]:
        for output in cell.get("outputs", []):
            if output.output_type == "error":
                return f" (a cell raised {output.ename}: {output.evalue})"
    return ""


def is_check(cell: nbformat.NotebookNode) -> bool:
    """Whether `cell` is one of nbgrader's check cells: graded, and not a student's answer."""
    grading = cell.get("metadata", {}).get("nbgrader", {})
    return bool(grading.get("grade")) and not grading.get("solution")


def main(argv: Sequence[str] | None = None) -> int:
    """Collect the bots, and say what became of each student."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("autograded", type=Path, help="nbgrader's autograded/ folder")
    parser.add_argument("bots", type=Path, help="the folder of bots to write, one per student")
    arguments = parser.parse_args(argv)
    if not arguments.autograded.is_dir():
        parser.error(f"{arguments.autograded} is not a folder: give nbgrader's autograded/")
    done = collect(arguments.autograded, arguments.bots)
    if not done:
        parser.error(f"{arguments.autograded} holds no */{ASSIGNMENT}/{ASSIGNMENT}.ipynb")
    for student, outcome in done.items():
        print(f"{student}: {outcome}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
