"""The stand-in of `matplotlib.pyplot`: plotting calls do nothing, and `show()` shows the stored
picture (a figure's `savefig`, as nimlib's `show_plot` calls it, writes it out).

The pictures are the plots stored in the notebooks' outputs, packed beside this module by
scripts/build_lite.py under pictures/, with pictures/index.json naming, for the source of each plot
cell (its SHA-256), the PNG files it shows, in order. `show()` finds the cell that runs it from the
Python stack: IPython keeps each cell's source in `linecache` under the file name its code runs as.
"""

from __future__ import annotations

import hashlib
import json
import linecache
import re
import sys
from importlib import resources

# One line, even at 1024 px with the file browser open.
WHY = "This site has no matplotlib: here is the plot stored with the notebook."
NOT_STORED = "This site has no matplotlib, and no plot is stored for this cell."
# The file names IPython runs a cell's code under: <ipython-input-3-9f2c...> (IPython, and Pyodide's
# kernel),
# /tmp/ipykernel_4383/4081208324.py (ipykernel).
CELL_FILE = re.compile(r"^<ipython-input-\d+-\w+>$|/ipykernel_\d+/\w+\.py$")


class Nothing:
    """A figure, axes or anything else pyplot hands out: every attribute and call gives another
    Nothing."""

    def __getattr__(self, name: str) -> Nothing:
        """Any attribute, such as `ax.set_title`."""
        if name.startswith("__"):
            raise AttributeError(name)
        return Nothing()

    def __call__(self, *args, **kwargs) -> Nothing:
        """Any call, such as `ax.imshow(grid)`."""
        return Nothing()

    def savefig(self, target, *args, **kwargs) -> None:  # noqa: ANN001 (a file or a path)
        """Write the next picture stored for the running cell to `target`, under one line that
        says why; where none is stored, say so and write nothing."""
        picture = next_picture()
        if picture is None:
            return
        if hasattr(target, "write"):
            target.write(picture)
        else:
            with open(target, "wb") as file:
                file.write(picture)


def subplots(nrows: int = 1, ncols: int = 1, **kwargs) -> tuple[Nothing, object]:
    """A figure and its axes, shaped as matplotlib shapes them: one, a row or a column, or rows of
    them."""
    if nrows == ncols == 1:
        return Nothing(), Nothing()
    if nrows == 1 or ncols == 1:
        return Nothing(), tuple(Nothing() for _ in range(max(nrows, ncols)))
    return Nothing(), tuple(tuple(Nothing() for _ in range(ncols)) for _ in range(nrows))


def __getattr__(name: str):
    """Every other function of pyplot (figure, plot, title, legend, ...): it takes anything and does
    nothing."""
    if name.startswith("__"):
        raise AttributeError(name)
    return Nothing()


def index() -> dict[str, list[str]]:
    """For each stored plot cell (the SHA-256 of its source), the names of its pictures in
    pictures/."""
    return json.loads(resources.files(__package__).joinpath("pictures", "index.json").read_text())


def cell_key(source: str) -> str:
    """The key of a cell's source in the index: the SHA-256 of its text without surrounding blank
    space."""
    return hashlib.sha256(source.strip().encode()).hexdigest()


def running_cell_source() -> str | None:
    """The source of the notebook cell now running: the outermost frame whose code IPython compiled
    from a cell."""
    found = None
    frame = sys._getframe(1)
    while frame is not None:
        name = frame.f_code.co_filename
        if CELL_FILE.search(name):
            found = "".join(linecache.getlines(name)) or found
        frame = frame.f_back
    return found


SHOWN: dict[str, int] = {}  # how many pictures each cell has shown in its current run


def show(*args, **kwargs) -> None:
    """Show the next picture stored for the running cell, under one line that says why it is not
    drawn here."""
    from IPython.display import Image, display

    picture = next_picture()
    if picture is not None:
        display(Image(data=picture))


def next_picture() -> bytes | None:
    """The next picture stored for the running cell, after printing one line that says why it is
    not drawn here; None, after saying so, where no more are stored."""
    source = running_cell_source()
    names = index().get(cell_key(source), []) if source is not None else []
    key = f"{source}:{_run_number()}"
    shown = SHOWN.get(key, 0)
    SHOWN[key] = shown + 1
    if shown >= len(names):
        print(NOT_STORED)
        return None
    print(WHY)
    return resources.files(__package__).joinpath("pictures", names[shown]).read_bytes()


def _run_number() -> int:
    """The execution count of the running cell, so that a cell run again starts from its first
    picture."""
    from IPython import get_ipython

    shell = get_ipython()
    return shell.execution_count if shell is not None else 0
