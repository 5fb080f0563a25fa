"""What a widget leaves in a saved notebook: a still picture of itself, for readers with no running
kernel.

A widget needs a kernel to show itself. Opened without one (a fresh clone, a notebook on GitHub),
a notebook shows the other forms of an output instead, so each widget displays three: the live
widget, a `text/html` picture of what it showed at that moment (its settings as a line of text,
its words and its tree as draw.py draws it), and `text/plain` words.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

import ipywidgets as widgets

Setting = tuple[str, str]  # a control's name and the value it shows, such as ("counters", "5")

FRAME = (
    "border:1px solid #c8c8c8;border-radius:4px;padding:0.4em "
    "0.8em;max-width:100%;box-sizing:border-box"
)
MUTED = "color:#606060;font-size:90%;margin:0.2em 0"
BUTTON = (
    "display:inline-block;border:1px solid #9a9a9a;border-radius:3px;padding:0.1em "
    "0.5em;margin:0.15em"
)
NOTE = "A still picture of the widget as its cell first showed it: run the notebook to use it."


class SavedAsPicture:
    """A widget that also displays as a still picture of itself and as text, for readers without a
    kernel.

    A widget class lists it first among its bases and gives `settings()` and `picture_html()`
    (and `picture_text()` if its picture can be said as text); its `text` is what it says in
    words. Every widget of nimlib leaves its still picture this way.
    """

    text: str

    def settings(self) -> list[Setting]:
        """The controls' values, as (name, value) pairs."""
        raise NotImplementedError

    def picture_html(self) -> str:
        """What the widget shows below its controls, as HTML."""
        raise NotImplementedError

    def picture_text(self) -> str:
        """What the picture shows, as plain text ("" for a tree, which `text` describes)."""
        return ""

    def saved_html(self) -> str:
        """The still picture, framed: the settings as one line of text, then what the widget shows,
        then a note."""
        line = " · ".join(
            f"{html.escape(name)}: <b>{html.escape(value)}</b>" for name, value in self.settings()
        )
        return (
            f'<div class="nim-saved" style="{FRAME}"><div style="{MUTED}">{line}</div>'
            f"{self.picture_html()}"
            f'<div style="{MUTED};font-style:italic">{NOTE}</div></div>'
        )

    def _repr_mimebundle_(self, **kwargs: object) -> dict:
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/html"] = self.saved_html()
        bundle["text/plain"] = "\n".join(filter(None, [repr(self), self.picture_text(), self.text]))
        return bundle


def buttons_html(labels: Iterable[str]) -> str:
    """Buttons drawn as text in boxes, such as the move buttons of play()."""
    return "".join(f'<span style="{BUTTON}">{html.escape(label)}</span>' for label in labels)


def choice(control: widgets.ToggleButtons | widgets.Dropdown) -> str:
    """The label of the option a toggle or a dropdown shows."""
    return str(control.label)


def ticked(control: widgets.Checkbox | widgets.ToggleButton) -> str:
    """ "on" or "off", as a checkbox or a toggle button stands."""
    return "on" if control.value else "off"
