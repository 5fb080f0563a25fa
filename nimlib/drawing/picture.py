"""A drawing as HTML that every notebook view shows, trusted or not, sized to fit the page.

Notebook views clean the HTML of an untrusted notebook (a fresh clone) before showing it:
JupyterLab, Notebook 7, VS Code and GitHub remove inline ``<svg>``, but keep an ``<img>`` whose
source is a ``data:`` URI. So a drawing is shown as an ``<img>`` of its SVG, with inline styles only
(a cleaner keeps no ``<style>`` blocks and no scripts).

How it fits a page whose output area is PAGE_PX wide (JupyterLab at 1024x768), one rule for every
drawing:

- A drawing narrower than the page shows at its own size; a wider one shrinks to the page's width,
  and a taller one than SCREEN_PX to that height, so that a projector shows it whole, as long as
  its smallest text (a move's label, say) stays at least MIN_TEXT_PX high (MIN_LARGE_TEXT_PX in a
  drawing in large fonts, whose text would otherwise shrink to the normal's size). It never
  shrinks further: on a narrower page (JupyterLab with its file browser open leaves 572 px), or
  for a tree of many nodes on any page, it keeps the width at which that text is that high, in a
  box that scrolls sideways. So every drawing is readable, whole or a page of it at a time: none
  is squeezed into the page as an outline whose text no one can read (explore()'s trees of 41 to
  1,104 nodes once were, their text 3 to 8 px high, until a "full size" button was pressed).
- Such a drawing has a caption, a ``<summary>`` inside the box, which the Tab key reaches (a
  cleaner keeps no tabindex, so the box itself cannot take the focus): on a plain page the arrow
  keys then scroll the box; JupyterLab keeps them for the notebook, and there Ctrl+B, which closes
  the file browser, gives the drawing the page's whole width. Where the page cuts it, the
  caption's line ends with SCROLL_CUE, at the cut, since browsers that hide scroll bars show
  nothing else: a cue as wide as the cut (times a hundred, so whole as soon as there is one), none
  where the page is wide enough. A box whose drawing is taller than SCREEN_PX at that width is no
  higher than SCREEN_PX, and scrolls up and down too, so that its sideways scrollbar is on the
  screen with the drawing (memoized minimax from 30 counters is about 1,800 px high at its
  readable width).
- Trees too wide to read on a page are drawn with the root at the top left (see layout.py), so
  that the box opens with the root in view. A drawing about one node (a replay's step, about the
  node visited now) opens its box at the end nearer that node: right to left (CSS direction, since
  no script runs there), with the cue at the left, if the node is in the right half. A box at least
  half as wide as the drawing (every page's, for a drawing up to two pages wide beside the file
  browser) then shows the node without scrolling; in a wider one, a node near the middle is a
  scroll away.

A live widget's picture is the same HTML: no script runs in either, and nothing in it needs one.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re

PAGE_PX = 844  # the width of JupyterLab's output area in a 1024x768 window
NARROW_PAGE_PX = 572  # the same with JupyterLab's file browser open beside it
MIN_TEXT_PX = 10  # no text of a drawing is shown smaller than this, on any page
# A drawing in large fonts (large=True: no text under LARGE_TEXT_PT) is for the back of a room: its
# text never shrinks below normal text at its own size (12 pt), or large would show no larger
LARGE_TEXT_PT, MIN_LARGE_TEXT_PX = 18, 16
SCREEN_PX = 620  # the height a drawing fits in whole: JupyterLab's notebook at 1024x768 shows 648
# the height a replay's step fits in with its caption above it, under its step slider, on the same
# screen (a lecturer drags the slider while the tree and what happens there show whole)
STEP_SCREEN_PX = 560
PX_PER_PT = 4 / 3  # Graphviz sizes its SVG in points; browsers draw 96 px per 72 pt
SCROLL_CUE = "scroll sideways ▸"  # said where the page cuts a drawing (see scrolling)
SCROLL_CUE_LEFT = "◂ scroll sideways"  # the same for a box that opens at its right end
CAPTION_STYLE = "color:#595959;font-size:90%"  # a picture's caption, above it


def svg_size(svg: str) -> tuple[float, float]:
    """The width and height of Graphviz's `svg` in CSS pixels."""
    found = re.search(r'<svg[^>]*?width="([\d.]+)pt"[^>]*?height="([\d.]+)pt"', svg)
    if found is None:
        raise ValueError("this SVG does not say its size in points, as Graphviz's SVG does")
    return float(found[1]) * PX_PER_PT, float(found[2]) * PX_PER_PT


def smallest_text_pt(svg: str) -> float:
    """The size, in points, of the smallest text in Graphviz's `svg` (14, Graphviz's default, if it
    has none)."""
    return min((float(size) for size in re.findall(r'font-size="([\d.]+)"', svg)), default=14.0)


def readable_width(width_px: float, font_pt: float, least_px: float = MIN_TEXT_PX) -> float:
    """The narrowest a picture `width_px` wide, whose smallest text is `font_pt` points, can shrink
    to with that text still `least_px` high."""
    return width_px * least_px / (font_pt * PX_PER_PT)


def least_text_px(font_pt: float) -> float:
    """How high, in pixels, a drawing's smallest text of `font_pt` points may shrink to:
    MIN_TEXT_PX, or MIN_LARGE_TEXT_PX in a drawing in large fonts."""
    return MIN_LARGE_TEXT_PX if font_pt >= LARGE_TEXT_PT else MIN_TEXT_PX


def data_uri(svg: str) -> str:
    """`svg` as a data: URI, for the src of an <img>: without what only a page holding the SVG
    itself can use."""
    encoded = base64.b64encode(for_image(svg).encode("utf-8")).decode("ascii")
    return "data:image/svg+xml;base64," + encoded


def for_image(svg: str) -> str:
    """Graphviz's `svg` as an <img> needs it: without its comments, which an <img> never shows, and
    with the font and the white-space rule that every text has written once, on the <svg>: a fifth
    smaller."""
    svg = re.sub(r"<!-- .*? -->\n", "", svg)
    texts = svg.count("<text ")
    font = re.search(r' font-family="[^"]*"', svg)
    for shared in (' xml:space="preserve"', font[0] if font else None):
        if texts and shared and svg.count(shared) == texts:
            svg = svg.replace(shared, "").replace("<svg ", f"<svg{shared} ", 1)
    return svg


def with_text_alternative(svg: str, title: str, description: str) -> str:
    """`svg` with its text alternative for screen readers: `title` and `description` as the first
    <title> and <desc> of the <svg>, which names itself by them (role="img", aria-labelledby)."""
    key = hashlib.sha256(svg.encode("utf-8")).hexdigest()[:8]  # ids of its own, on a page of many
    opening = re.search(r"<svg\b[^>]*>", svg)
    if opening is None:
        raise ValueError("this is not SVG: it has no <svg> element")
    labels = f'role="img" aria-labelledby="title-{key} desc-{key}"'
    head = opening[0][:-1].rstrip("/") + f" {labels}>"
    named = f'<title id="title-{key}">{html.escape(title)}</title>'
    described = f'<desc id="desc-{key}">{html.escape(description)}</desc>'
    return svg[: opening.start()] + head + named + described + svg[opening.end() :]


def image(source: str, alt: str, style: str) -> str:
    """An <img> of `source` (a data: URI), with `alt` (HTML-escaped) as its text for screen readers
    and when it cannot be shown."""
    return f'<img src="{source}" alt="{alt}" style="{style}">'


def picture_html(
    svg: str,
    text_alternative: str,
    *,
    caption: str,
    focus: str = "",
    screen_px: float = SCREEN_PX,
) -> str:
    """The drawing `svg` (with its `text_alternative` for screen readers, and a short `caption`
    over it if it scrolls sideways) as HTML that fits the page and, as far as its text stays
    readable, `screen_px` in height, kept in view the node named `focus` (its <title>) if it
    scrolls: see the module's docstring."""
    width, height = svg_size(svg)
    font = smallest_text_pt(svg)
    readable = readable_width(width, font, least_text_px(font))  # 16 px in large fonts, else 10
    on_screen = max(readable, min(width, width * screen_px / height))  # as wide as fits
    picture = image(
        data_uri(svg), html.escape(text_alternative), shrinking_style(on_screen, readable)
    )
    if readable <= NARROW_PAGE_PX:  # readable on every page: it shrinks, never scrolls
        return f"<div>{picture}</div>"
    from_end = bool(focus) and node_share(svg, focus) > 0.5
    # taller than a screen where it scrolls: its box no higher, so that its scrollbar shows (a
    # replay's tree, fitted to less than a screen, may be taller than that: its box is not cut)
    box_height = SCREEN_PX if height * readable / width > SCREEN_PX else None
    return scrolling(picture, html.escape(caption), readable, from_end, box_height)


def shrinking_style(width: float, readable: float) -> str:
    """The style of a drawing `width` px wide that shrinks with the page, down to `readable` px."""
    return f"width:{width:.0f}px;max-width:100%;min-width:{min(width, readable):.0f}px"


def scrolling(
    picture: str,
    caption: str,
    least_width: float,
    from_end: bool = False,
    box_height: float | None = None,
) -> str:
    """`picture` under its `caption` (HTML) in a box that scrolls sideways once the page is
    narrower than the picture's `least_width`, when the caption's line ends with SCROLL_CUE; the
    caption is a summary that keyboards reach. The box opens at the picture's right end if
    `from_end` (right to left: the picture overflows to the left, the caption reads left to right
    and starts with SCROLL_CUE_LEFT). With `box_height` (px), the box is at most that high and
    scrolls up and down too, so that a projector shows its sideways scrollbar with the picture."""
    box = (
        "overflow-x:auto" if box_height is None else f"overflow:auto;max-height:{box_height:.0f}px"
    )
    if not from_end:
        framed = summary_line(scroll_cue(least_width) + caption) + picture
        return f'<div style="{box}"><details open>{framed}</details></div>'
    cue = scroll_cue(least_width, "float:left", at_left=True)
    framed = summary_line(cue + caption, f"{CAPTION_STYLE};direction:ltr") + picture
    return (
        f'<div style="{box};direction:rtl">'
        f'<details open style="text-align:left">{framed}</details></div>'
    )


def scroll_cue(least_width: float, place: str = "float:right", at_left: bool = False) -> str:
    """SCROLL_CUE at the right of a box as wide as the page (floated, or placed by `place`), or
    SCROLL_CUE_LEFT at its left if `at_left`, shown whole while the page is narrower than
    `least_width` px and not at all once it is as wide: its width is the part of the picture cut
    off, times a hundred, which CSS takes as 0 below 0."""
    width = f"calc(({least_width:.0f}px - 100%) * 100)"
    style = f"{place};width:{width};max-width:9em;overflow:hidden;white-space:nowrap"
    cue, align = (SCROLL_CUE_LEFT, "left") if at_left else (SCROLL_CUE, "right")
    return f'<span style="{style};text-align:{align}">{cue}</span>'


def node_share(svg: str, name: str) -> float:
    """Where the centre of node `name` (its <title> in Graphviz's `svg`) lies across the drawing:
    0 at its left edge, 1 at its right."""
    node = re.search(rf"<title>{re.escape(name)}</title>.*?\bx=\"([-\d.]+)\"", svg, re.DOTALL)
    box = re.search(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+) ', svg)
    shift = graph_shift(svg)
    if node is None or box is None:
        raise ValueError(f"this SVG has no node {name!r} with a text to find it by")
    return (float(node[1]) + (shift[0] if shift else 0)) / float(box[1])


def graph_shift(svg: str) -> tuple[float, float] | None:
    """How far Graphviz's `svg` moves its whole drawing (the translate of its graph), across and
    down, in points; None if it does not say."""
    found = re.search(r'<g id="graph0"[^>]*translate\(([-\d.]+) ([-\d.]+)\)', svg)
    return None if found is None else (float(found[1]), float(found[2]))


def summary_line(caption: str, style: str = CAPTION_STYLE) -> str:
    """A <summary> showing `caption` (HTML) in `style`, without the disclosure triangle."""
    return f'<summary style="list-style:none;{style}">{caption}</summary>'
