"""A drawing as HTML that every notebook view shows, trusted or not, sized to fit the page.

Notebook views clean the HTML of an untrusted notebook (a fresh clone) before showing it:
JupyterLab, Notebook 7, VS Code and GitHub remove inline ``<svg>``, but keep an ``<img>`` whose
source is a ``data:`` URI. So a drawing is shown as an ``<img>`` of its SVG, with inline styles only
(a cleaner keeps no ``<style>`` blocks and no scripts).

How it fits a page whose output area is PAGE_PX wide (JupyterLab at 1024x768):

- A drawing narrower than the page shows at its own size; a wider one shrinks to the page's width,
  as long as its node text stays at least MIN_TEXT_PX high.
- A tree too wide for that shows whole, squeezed into the page's width, so that its shape shows,
  above a "Show at full size" switch (an HTML ``<details>``) that opens it at its own size in a box
  that scrolls sideways, with the scrollbar right under the tree. Such trees are drawn with the
  root at the top left (see draw.py), so that the box starts with the root in view.
"""

from __future__ import annotations

import base64
import html
import re

PAGE_PX = 844  # the width of JupyterLab's output area in a 1024x768 window
MIN_TEXT_PX = 10  # node text is never shown smaller than this on such a page
PX_PER_PT = 4 / 3  # Graphviz sizes its SVG in points; browsers draw 96 px per 72 pt
SQUEEZED_HEIGHT_PX = 320  # the most that a squeezed whole tree is stretched to, in height


def svg_size(svg: str) -> tuple[float, float]:
    """The width and height of Graphviz's `svg` in CSS pixels."""
    found = re.search(r'<svg[^>]*?width="([\d.]+)pt"[^>]*?height="([\d.]+)pt"', svg)
    if found is None:
        raise ValueError("this SVG does not say its size in points, as Graphviz's SVG does")
    return float(found[1]) * PX_PER_PT, float(found[2]) * PX_PER_PT


def readable_width(width_px: float, font_pt: float) -> float:
    """The narrowest a picture `width_px` wide, with node text of `font_pt` points, can shrink to and still be read."""
    return width_px * MIN_TEXT_PX / (font_pt * PX_PER_PT)


def fits_page(width_px: float, font_pt: float) -> bool:
    """Whether a picture `width_px` wide, with node text of `font_pt` points, can be read in the page's width."""
    return readable_width(width_px, font_pt) <= PAGE_PX


def data_uri(svg: str) -> str:
    """`svg` as a data: URI, for the src of an <img>."""
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def image(source: str, summary: str, style: str) -> str:
    """An <img> of `source` (a data: URI), with `summary` as its text for screen readers and when it cannot be shown."""
    return f'<img src="{source}" alt="{html.escape(summary)}" style="{style}">'


def picture_html(svg: str, summary: str, font_pt: float) -> str:
    """The drawing `svg` (its summary and its node font size) as HTML that fits the page: see the module's docstring."""
    width, height = svg_size(svg)
    if fits_page(width, font_pt):
        return f"<div>{image(data_uri(svg), summary, f'width:{width:.0f}px;max-width:100%')}</div>"
    return squeezed_with_full_size(svg, summary, width, height)


def squeezed_with_full_size(svg: str, summary: str, width: float, height: float) -> str:
    """A tree too wide to read on the page: whole, squeezed to the page's width, and at full size on demand.

    Both pictures are one stretchable SVG, encoded once: at its own width and height it is drawn as it is.
    """
    source = data_uri(stretchable(svg))
    squeezed_height = min(height, max(height * PAGE_PX / width, SQUEEZED_HEIGHT_PX))
    squeezed = image(source, summary, f"width:100%;max-width:{width:.0f}px;height:{squeezed_height:.0f}px")
    full_size = image(source, summary, f"width:{width:.0f}px;height:{height:.0f}px;max-width:none")
    switch = f"<summary>Show at full size ({width:,.0f} px wide: scroll sideways, starting at the root)</summary>"
    box = f'<div style="overflow-x:auto;overflow-y:hidden">{full_size}</div>'
    return f"<div>{squeezed}<details>{switch}{box}</details></div>"


def stretchable(svg: str) -> str:
    """`svg` drawn to fill whatever box it is given, stretched if need be, instead of keeping its proportions."""
    return svg.replace("<svg ", '<svg preserveAspectRatio="none" ', 1)


def pictures_in(page: str) -> list[str]:
    """The SVG of every picture in `page`, HTML such as picture_html makes, decoded from the data: URIs."""
    found = re.findall(r'src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"', page)
    return [base64.b64decode(data).decode("utf-8") for data in found]
