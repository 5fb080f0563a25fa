"""A matplotlib plot shown with a text alternative, as the drawn trees are (see ``picture``).

matplotlib's own output is a bare PNG, which JupyterLab shows as an <img> with no alt text: a
screen reader says nothing of it. ``show_plot`` shows the figure instead as an <img> of its PNG
with the alt text the cell gives, in HTML that JupyterLab, Notebook 7, VS Code and GitHub show
without trust, and gives the same words as the output's plain text. ``plot_text`` writes such
words for a line plot from its numbers, so that a screen-reader user gets what a sighted one reads
off the axes. The PNG's bytes carry no version of matplotlib, so they are the same on every machine
with the same matplotlib and fonts.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Sequence
from typing import Any

from nimlib.drawing.picture import image
from nimlib.games.printer import shown, shown_typed
from nimlib.games.values import is_finite

DPI = 100  # matplotlib's own figure.dpi: the plots keep the size they had as plain PNGs
MAX_PIXELS = 16_000_000  # a PNG of 40 x 40 inches at DPI: far more than a screen shows


class Plot:
    """A figure as a PNG with its text alternative: HTML for a notebook, the words as plain
    text."""

    def __init__(self, png: bytes, alt: str) -> None:
        """Hold the PNG's bytes and the words that say what it shows."""
        self.png, self.alt = png, alt

    @property
    def width(self) -> int:
        """The PNG's width in pixels, read from its header."""
        return int.from_bytes(self.png[16:20], "big")

    def html(self) -> str:
        """An <img> of the PNG, at its own width or the page's if narrower, with the alt text."""
        source = "data:image/png;base64," + base64.b64encode(self.png).decode("ascii")
        style = f"width:{self.width}px;max-width:100%"
        return f"<div>{image(source, html.escape(self.alt), style)}</div>"

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, str]:
        return {"text/html": self.html(), "text/plain": self.alt}

    def __repr__(self) -> str:
        return self.alt


def plot_picture(alt: str, figure: Any = None) -> Plot:
    """The matplotlib `figure` (pyplot's current one if None) as a Plot with the text `alt`; the
    figure is closed, so that the notebook does not show it a second time, without alt text."""
    import matplotlib.pyplot as plt

    if not isinstance(alt, str) or not alt.strip():
        raise ValueError("a plot needs words that say what it shows: alt must be a non-empty text")
    try:
        from matplotlib.figure import Figure
    except ImportError:  # the in-browser site's stand-in for matplotlib, which has no Figure
        Figure = None
    figure = plt.gcf() if figure is None else figure
    if not (isinstance(figure, Figure) if Figure else hasattr(figure, "savefig")):
        raise TypeError(f"figure must be a matplotlib Figure or None, not {shown_typed(figure)}")
    width, height = figure.get_size_inches() * DPI if Figure else (0, 0)
    if width * height > MAX_PIXELS:
        raise ValueError(
            f"the figure of {width / DPI:,.0f} x {height / DPI:,.0f} inches would be a PNG of "
            f"{width * height / 1e6:,.0f} million pixels, more than the "
            f"{MAX_PIXELS / 1e6:,.0f} million a notebook shows well: give it a smaller figsize"
        )
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI, bbox_inches="tight", metadata={"Software": None})
    plt.close(figure)
    return Plot(buffer.getvalue(), alt)


def show_plot(alt: str, figure: Any = None) -> None:
    """Show the matplotlib `figure` (pyplot's current one if None) with the text alternative
    `alt`, in place of ``plt.show()``."""
    from IPython.display import display

    display(plot_picture(alt, figure))


def plot_text(title: str, x_name: str, xs: Sequence[float], series: dict[str, Sequence]) -> str:
    """Words for a line plot: its title, then the x values and each line's values at them, such
    as "Nodes by counters. counters: 1, 2, 3. nodes: 2, 4, 8." """
    for name, text in (("title", title), ("x_name", x_name)):
        if not isinstance(text, str):
            raise TypeError(f"{name} must be a text, not {shown(text)}")
    if not title.strip(" ."):
        raise ValueError(
            f"a plot's words start with what it shows: title must say it, not {shown(title)}"
        )
    if not isinstance(series, dict):
        raise TypeError(f"series must be a dict of names and values, not {shown(series)}")
    xs = numbers_in(xs, x_name)
    for name, values in series.items():
        if len(numbers_in(values, name)) != len(xs):
            raise ValueError(f"{shown(name)} has {len(values)} values for {len(xs)} x values")
    lines = [f"{x_name}: {numbers(xs)}"]
    lines += [f"{name}: {numbers(values)}" for name, values in series.items()]
    return f"{title.rstrip('.')}. " + ". ".join(lines) + "."


def numbers_in(values: object, name: object) -> list[float]:
    """`values` as a list if it is a sequence of real numbers, else a TypeError naming `name`."""
    if not isinstance(values, Sequence) or isinstance(values, str):
        raise TypeError(f"the values of {shown(name)} must be a sequence, not {shown(values)}")
    if not all(is_finite(value) for value in values):
        raise TypeError(
            f"the values of {shown(name)} must be finite numbers (not NaN, inf or too large for a "
            f"float): {shown(values)}"
        )
    return list(values)


def numbers(values: Sequence[float]) -> str:
    """Values as a reader says them: whole (or from 100 up, rounded) with thousands separators,
    smaller ones to three significant digits."""
    return ", ".join(
        f"{round(v):,}" if float(v).is_integer() or abs(v) >= 100 else f"{v:.3g}" for v in values
    )
