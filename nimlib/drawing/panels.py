"""Drawings side by side: two trees in one row of a notebook, at one scale, their roots level.

``side_by_side(left, right, titles)`` shows, say, a tree before and after alpha-beta cut it.
Each panel keeps the width at which its text is readable and wraps under the other when the page is
too narrow (narrower still, the row scrolls sideways and says so at its top right, as a wide drawing
does); a drawing with a legend above it is set lower by the legend's height, so that both roots
stand at the same height and a reader compares the trees level by level.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from nimlib.drawing.draw import Drawing
from nimlib.drawing.picture import (
    CAPTION_STYLE,
    PX_PER_PT,
    data_uri,
    graph_shift,
    image,
    least_text_px,
    readable_width,
    scroll_cue,
    smallest_text_pt,
    summary_line,
    svg_size,
)
from nimlib.games.printer import shown, shown_typed


@dataclass(frozen=True)
class SideBySide:
    """Drawings next to each other in a notebook, each under its title, at one scale; one under the
    other when they cannot be read side by side."""

    panels: tuple[tuple[str, Drawing], ...]

    def __post_init__(self) -> None:
        panels = self.panels
        if isinstance(panels, (str, bytes)) or not isinstance(panels, (tuple, list)) or not panels:
            raise TypeError(
                "panels must be a tuple of (title, drawing) pairs, such as (('Minimax', drawing),),"
                f" not {shown(panels)}"
            )
        for number, pair in enumerate(panels, 1):
            if not (
                isinstance(pair, (tuple, list)) and len(pair) == 2 and isinstance(pair[0], str)
            ):
                raise TypeError(
                    f"panel {number} must be a pair (title, drawing) with a str title, not "
                    f"{shown(pair)}"
                )
            if not isinstance(pair[1], Drawing):
                raise TypeError(
                    f"the drawing of panel {number} must be a Drawing, as draw_tree makes, not "
                    f"{shown_typed(pair[1])}"
                )
        object.__setattr__(self, "panels", tuple(tuple(pair) for pair in panels))

    def html(self) -> str:
        """The drawings as a row of pictures in HTML, which wraps into a column when the page is too
        narrow."""
        svgs = [drawing.svg() for _, drawing in self.panels]
        widths = [svg_size(svg)[0] for svg in svgs]
        least = max(narrowest(svg, width) for svg, width in zip(svgs, widths, strict=True))
        roots = [root_top(svg) for svg in svgs]
        level = max((root for root in roots if root is not None), default=0)
        row = "".join(
            panel(title, drawing, svg, width, 0 if root is None else (level - root) * PX_PER_PT)
            for (title, drawing), svg, width, root in zip(
                self.panels, svgs, widths, roots, strict=True
            )
        )
        row_style = "display:flex;flex-wrap:wrap;gap:1em 2em;align-items:flex-start"
        cue = scroll_cue(least, f"position:absolute;top:0;right:0;background:white;{CAPTION_STYLE}")
        return f'<div style="{row_style};overflow-x:auto;position:relative">{cue}{row}</div>'

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, str]:
        return {"text/html": self.html(), "text/plain": repr(self)}

    def __repr__(self) -> str:
        return "\n".join(f"{title}: {drawing.summary}" for title, drawing in self.panels)


def side_by_side(left: Drawing, right: Drawing, titles: tuple[str, str]) -> SideBySide:
    """Show two drawings next to each other in a notebook, each under its title, such as a tree
    before and after pruning, titled ("Minimax", "Alpha-beta") (SideBySide checks that they are
    drawings)."""
    if isinstance(titles, Drawing):
        raise TypeError(
            "side_by_side shows two drawings, then their titles: side_by_side(left, right, "
            "titles=('Minimax', 'Alpha-beta'))"
        )
    if (
        not isinstance(titles, (tuple, list))
        or len(titles) != 2
        or not all(isinstance(t, str) for t in titles)
    ):
        raise ValueError(f"titles must be a pair of strings, one per drawing, not {shown(titles)}")
    return SideBySide(((titles[0], left), (titles[1], right)))


def panel(title: str, drawing: Drawing, svg: str, width: float, lower: float = 0) -> str:
    """One drawing under its title, as a flexible item of SideBySide's row, `lower` px (at its own
    size) further down than the others, so that the roots of the row stand level (one drawing may
    have a legend above it).

    It starts from the width at which its smallest text is just readable and grows in proportion
    to its own width, up to that width: so the panels of a row share one scale, and wrap when they
    cannot be read; it never shrinks below that width (a page narrower scrolls sideways). The room
    above it is a share of its width (a padding in %), so that it shrinks with the picture.
    """
    smallest = narrowest(svg, width)
    box = f"flex:{width:.0f} 1 {smallest:.0f}px;max-width:{width:.0f}px;min-width:{smallest:.0f}px"
    picture = image(data_uri(svg), html.escape(drawing.text_alternative), "width:100%")
    heading = summary_line(html.escape(title), "font-weight:bold;margin:0.3em 0")
    room = f'<div style="padding-top:{100 * lower / width:.2f}%"></div>' if lower >= 1 else ""
    return (  # a <details> whose <summary> keyboards reach: the arrow keys then scroll the row
        f'<details open style="{box}">{drawing.marker}{heading}{room}{picture}</details>'
    )


def narrowest(svg: str, width: float) -> float:
    """The narrowest, in px, that the drawing `svg`, `width` px wide, shows at in a row: where its
    smallest text is just readable, or its own width if that is narrower."""
    font = smallest_text_pt(svg)
    return min(readable_width(width, font, least_text_px(font)), width)


def root_top(svg: str) -> float | None:
    """How far below the top of Graphviz's `svg` the root's (node n0's) first line of text stands,
    in points; None for a drawing that is not a tree grown from a root n0 (such as
    draw_positions')."""
    shift = graph_shift(svg)
    # a tree that nimlib placed and drew: its root is a <use> of a node kind
    used = re.search(r'<title>n0</title><use xlink:href="#(\w+)" x="[-\d.]+" y="([-\d.]+)"', svg)
    if used:
        kind = (
            rf'<g id="{used[1]}" transform="translate\([-\d.]+,([-\d.]+)\)">.*?<text '
            r'[^>]*?y="([-\d.]+)"'
        )
        found = re.search(kind, svg, flags=re.DOTALL)
        text = None if found is None else float(used[2]) + float(found[1]) + float(found[2])
    else:
        found = re.search(r'<title>n0</title>.*?<text [^>]*?y="([-\d.]+)"', svg, flags=re.DOTALL)
        text = None if found is None else float(found[1])
    if shift is None or text is None:
        return None
    return shift[1] + text
