"""The small pieces the widgets share: sliders and toggles, a view of text above a picture, and
errors as messages.

No widget ever shows a traceback: its callbacks are wrapped by `reporting_errors`, which turns any
error into a sentence in the widget.
"""

from __future__ import annotations

import functools
import html
import textwrap
from collections.abc import Callable, Iterable, Mapping

import ipywidgets as widgets
import traitlets

from nimlib.book.limits import SearchBudgetExceeded, SearchTooDeep
from nimlib.drawing.picture import NARROW_PAGE_PX
from nimlib.games.values import checked_choice, truth_value, whole_number
from nimlib.widgets.saved import SavedAsPicture

UNEXPECTED = "Something went wrong"
# what a widget says once Kernel → Interrupt stopped what a click or a slider asked of it
INTERRUPTED = "Stopped by Kernel → Interrupt before it was done: try again."
# a box that takes the width it is given, whatever it holds
AS_WIDE_AS_THE_WIDGET = "width:0;min-width:100%"
# a view's rows as high as their text, where ipywidgets makes every row of its HTML 28 px high (a
# picture's caption, and the row of a picture, which left 10 px under it): a replay's caption, its
# step slider and its whole tree then fit a 768 px high screen together beside the file browser
VIEW_ROWS = "line-height:1.3"
CHECKBOX_LAYOUT = {"width": "auto", "margin": "2px 1.5em 2px 0"}  # as wide as its words, then a gap

# ## Controls


STEP_PX = 10  # the track gives each value at least this much: a mouse on a projector can pick one
SLIDER_FRAME_PX = 180  # what a slider takes beside its track: the description, the readout, margins


def slider_layout(smallest: int, largest: int) -> widgets.Layout:
    """A slider's width: STEP_PX of track a step from `smallest` to `largest`, within the page."""
    width = SLIDER_FRAME_PX + STEP_PX * (largest - smallest)
    return widgets.Layout(width=f"{width}px", max_width="100%")


# A visible focus ring on the sliders' handles (issue 35): JupyterLab and Voila draw none, so a
# keyboard user could not see which slider the arrow keys move. A live widget's HTML is not cleaned.
FOCUS_RING = (
    "<style>.widget-slider .noUi-handle:focus, .widget-slider .noUi-handle:focus-visible"
    "{outline:3px solid #0072b2;outline-offset:2px}</style>"
)


def focus_ring() -> widgets.HTML:
    """An invisible widget whose style gives every slider handle a visible focus ring."""
    ring = widgets.HTML(FOCUS_RING, layout=widgets.Layout(height="0px", margin="0px"))
    ring.add_class("nim-focus-ring")
    return ring


class WholeNumberControl(traitlets.HasTraits):
    """A control of whole numbers (a slider, a Play button) whose value, set by hand
    (``replay().step.value = 18``), must be a whole number from its min to its max: else nimlib's
    ValueError naming the control, where ipywidgets would move 99 into the range unsaid, take 2.5
    as 2 and "3" as 3, or raise traitlets' TraitError."""

    value = traitlets.TraitType(0).tag(sync=True)  # any value, None too, for _validate_value

    @traitlets.validate("value")
    def _validate_value(self, proposal: traitlets.Bunch) -> int:
        """The value proposed, if it is a whole number from min to max."""
        value = proposal["value"]
        return whole_number(value, self.description, smallest=self.min, largest=self.max)


class ChoiceControl(traitlets.HasTraits):
    """A control of choices (toggle buttons, a dropdown, a selection slider) whose value, label
    and index, set by hand (``explore().method.value = 'negamax'``, ``.label = 'negamax'``,
    ``.index = 5``), must be ones it offers: else nimlib's ValueError naming the control and
    listing what it offers, where ipywidgets raises traitlets' TraitError."""

    # any value, None too, for the validators below, which take the names of ipywidgets' own and so
    # replace them: ipywidgets' Any lets None by unchecked, its Unicode and Int raise traitlets'
    # TraitError for a value of another kind
    value = traitlets.TraitType(None)
    label = traitlets.TraitType(None)
    index = traitlets.TraitType(None).tag(sync=True)

    @traitlets.validate("value")
    def _validate_value(self, proposal: traitlets.Bunch) -> object:
        """The option equal to the value proposed, if the control offers one."""
        values = [value for _, value in labelled(self.options)]
        checked_choice(proposal["value"], values, self.description)
        return values[values.index(proposal["value"])]

    @traitlets.validate("label")
    def _validate_label(self, proposal: traitlets.Bunch) -> str:
        """The label proposed, if it is one of the control's."""
        labels = [label for label, _ in labelled(self.options)]
        return checked_choice(proposal["value"], labels, f"{self.description} label")

    @traitlets.validate("index")
    def _validate_index(self, proposal: traitlets.Bunch) -> int:
        """The index proposed, if it is a whole number that indexes one of the options."""
        largest = len(labelled(self.options)) - 1
        return whole_number(
            proposal["value"], f"{self.description} index", smallest=0, largest=largest
        )


class OnOffControl(traitlets.HasTraits):
    """A control that is on or off (a checkbox, a toggle button) whose value, set by hand
    (``explore().large.value = None``), must be True or False: else nimlib's ValueError naming the
    control, where ipywidgets raises traitlets' TraitError (and takes 1 as True)."""

    value = traitlets.TraitType(False).tag(sync=True)  # any value, None too, for _validate_value

    @traitlets.validate("value")
    def _validate_value(self, proposal: traitlets.Bunch) -> bool:
        """The value proposed, if it is True or False."""
        return truth_value(proposal["value"], self.description)


def labelled(options: Iterable) -> list[tuple[str, object]]:
    """Each option of a choice control as (label, value), read as ipywidgets documents its
    `options`: a dict of labels and values, (label, value) pairs, or values, each labelled as str
    writes it."""
    if isinstance(options, Mapping):
        options = options.items()
    options = list(options)
    if all(isinstance(option, (list, tuple)) and len(option) == 2 for option in options):
        return [(str(label), value) for label, value in options]
    return [(str(option), option) for option in options]


class Slider(WholeNumberControl, widgets.IntSlider):
    """An integer slider that refuses a value set by hand outside its range."""


class Player(WholeNumberControl, widgets.Play):
    """A Play button that refuses a value set by hand outside its range."""


class Checkbox(OnOffControl, widgets.Checkbox):
    """A checkbox that refuses a value set by hand other than True or False."""


class ToggleButton(OnOffControl, widgets.ToggleButton):
    """A toggle button that refuses a value set by hand other than True or False."""


class Toggles(ChoiceControl, widgets.ToggleButtons):
    """Toggle buttons that refuse a value, label or index set by hand that they do not offer."""


class Dropdown(ChoiceControl, widgets.Dropdown):
    """A dropdown that refuses a value, label or index set by hand that it does not offer."""


class SelectionSlider(ChoiceControl, widgets.SelectionSlider):
    """A slider of choices that refuses a value, label or index set by hand that it does not
    offer."""


def slider(description: str, value: int, smallest: int, largest: int) -> Slider:
    """An integer slider that reports its value only when the drag ends, so a drag redraws once,
    with STEP_PX of track for each step."""
    return Slider(
        value=value,
        min=smallest,
        max=largest,
        description=description,
        continuous_update=False,
        layout=slider_layout(smallest, largest),
    )


def toggles(options: dict, value: object, description: str) -> Toggles:
    """Toggle buttons for the `options` {value: label}, each as wide as its label; a ValueError for
    another value.

    Their description stands on the same row, as a slider's does (ipywidgets puts it on a row of its
    own), so that a widget's controls leave room for its tree on a 768 px high screen.
    """
    buttons = Toggles(
        options=[(label, key) for key, label in options.items()],
        value=value,
        description=description,
        style={"button_width": "auto"},
    )
    # ipywidgets' own row: the description 80 px wide, then the buttons
    buttons.add_class("widget-inline-hbox")
    return buttons


def option_checkbox(description: str, value: bool) -> Checkbox:
    """A checkbox for an option of what the widget draws, as wide as its `description`."""
    return Checkbox(value=value, description=description, indent=False, layout=CHECKBOX_LAYOUT)


def large_font_toggle(value: bool) -> ToggleButton:
    """A button for large print, to read on a projector (a tree too wide for the page then
    scrolls sideways, its text at least MIN_LARGE_TEXT_PX high: see nimlib.drawing.picture)."""
    return ToggleButton(
        value=value,
        description="large font",
        icon="search-plus",
        tooltip="large print for a projector: a wide tree scrolls sideways, starting at the root",
    )


def options_row(*controls: widgets.Widget) -> widgets.HBox:
    """The checkboxes and buttons of a widget's options in a row, which wraps on a narrow page
    (never cutting a button's words short)."""
    return widgets.HBox(
        list(controls), layout=widgets.Layout(flex_flow="row wrap", align_items="center")
    )


def set_range(control: widgets.IntSlider, smallest: int, largest: int) -> None:
    """Give a slider a new range (its value moves into it), in an order that never crosses min and
    max."""
    control.min, control.max = min(smallest, control.min), max(largest, control.max)
    control.min, control.max = smallest, largest
    control.layout.width = slider_layout(smallest, largest).width


def set_visible(control: widgets.Widget, visible: bool) -> None:
    """Show or hide a control without removing it."""
    control.layout.display = "" if visible else "none"  # not None: the in-browser site keeps "none"


# ## Text and pictures


class View(widgets.HTML):
    """Lines of text above a picture, shown in one assignment so that the old picture never blinks
    out."""

    def __init__(self, css_class: str) -> None:
        """An empty view with the CSS class `css_class`."""
        super().__init__()
        self.add_class(css_class)
        self.lines: list[str] = []
        self.picture = ""
        self.large = False

    def show(
        self,
        lines: Iterable[str],
        picture: str = "",
        *,
        large: bool = False,
        reserve: Iterable[str] = (),
    ) -> None:
        """Show `lines` (in large print if `large`) above `picture`, an HTML string such as
        Drawing.html()'s, with room for the lines `reserve` (unseen), so that the picture
        stays put while the lines change (see words_height for the room they take).

        The box is as wide as the widget, never as wide as its picture, so that the lines wrap
        (draw.py's picture fits itself to that width).
        """
        self.lines, self.picture, self.large = list(lines), picture, large
        self.value = self.page_html(picture, reserve)

    def searching(self, words: str, reserve: Iterable[str]) -> None:
        """Show `words` (such as "Searching...") in place of the lines, above the picture shown,
        with room for the lines `reserve`, while a search for the next page runs."""
        self.show([words], self.picture, large=self.large, reserve=reserve)

    def page_html(self, picture: str, reserve: Iterable[str] = ()) -> str:
        """The lines shown above `picture`, with room for the lines `reserve` (unseen)."""
        text = html_lines(self.lines, self.large, reserve=list(reserve))
        return f'<div style="{AS_WIDE_AS_THE_WIDGET};{VIEW_ROWS}">{text}{picture}</div>'

    @property
    def still(self) -> str:
        """The lines and the picture shown, with no room kept for other lines: a still picture."""
        return self.page_html(self.picture)

    @property
    def text(self) -> str:
        """The lines shown, as plain text (the picture is left out)."""
        return "\n".join(self.lines)


class ShownInView(SavedAsPicture):
    """A widget whose words and picture show in one View, `view`: its text, its still picture and
    its errors are the view's."""

    view: View

    def show_error(self, error: Exception) -> None:
        """Show `error` as a message in place of the words and the picture."""
        self.view.show([message(error)])

    @property
    def text(self) -> str:
        """What the widget says, as plain text (the picture is left out)."""
        return self.view.text

    def picture_html(self) -> str:
        """The words and the picture that the widget shows."""
        return self.view.still


# a view's words: their size, times the widget's text, and their line height; large print sets
# its rows closer
WORDS_STYLE = {False: (1.1, 1.5), True: (1.5, 1.3)}
WIDGET_FONT_PX = 13  # a widget's text in JupyterLab and Voila (--jp-widgets-font-size)
CHARACTER_EM = 0.5  # about how wide a character of the words is: 80 to a row of 572 px at 110%


def html_lines(lines: Iterable[str], large: bool = False, reserve: list[str] | None = None) -> str:
    """Lines of text as HTML, in large print for a projector if `large`, as high as the lines
    `reserve` would be (they lie unseen under the others, in one cell of a grid, whose height is
    that of the higher). The lines stand at the bottom of that room, on the picture they describe,
    the blank above them: at a replay's first steps, in large print, two lines of a room of eight
    stood at its top, 100 to 250 px of blank between them and their tree."""
    size, leading = WORDS_STYLE[bool(large)]
    text = f"font-size:{round(size * 100)}%;line-height:{leading}"
    body = "".join(f"<div>{html.escape(line)}</div>" for line in lines)
    if reserve:
        unseen = "".join(f"<div>{html.escape(line)}</div>" for line in reserve)
        body = (
            f'<div style="grid-area:1/1;align-self:end">{body}</div>'
            f'<div style="grid-area:1/1;visibility:hidden" aria-hidden="true">{unseen}</div>'
        )
        return f'<div style="display:grid;{text};margin:0.4em 0">{body}</div>'
    return f'<div style="{text};margin:0.4em 0">{body}</div>'


def words_height(
    lines: Iterable[str], large: bool = False, width_px: float = NARROW_PAGE_PX
) -> float:
    """About how high, in px, html_lines shows `lines` (in large print if `large`) in a view
    `width_px` wide (beside JupyterLab's file browser, where they wrap most), margins included:
    what a picture under them leaves them on a screen."""
    size, leading = WORDS_STYLE[bool(large)]
    font_px = WIDGET_FONT_PX * size
    per_row = max(1, int(width_px / (CHARACTER_EM * font_px)))
    rows = sum(len(textwrap.wrap(line, per_row)) or 1 for line in lines)
    # the rows, and html_lines' margin of 0.4 em above and below them
    return rows * font_px * leading + 2 * 0.4 * font_px


# ## Errors as messages


def message(error: Exception) -> str:
    """An error as a sentence a learner can read, with no traceback: from a capital to a full
    stop, as the widgets' own sentences are."""
    text = str(error).strip() or type(error).__name__
    if isinstance(error, (SearchBudgetExceeded, SearchTooDeep)):
        # their own words name nimlib's functions
        return "This position is too large to search quickly: choose a smaller position."
    if not isinstance(error, (ValueError, RuntimeError)):
        text = f"{UNEXPECTED}: {type(error).__name__}: {text}"
    ended = text.rstrip(")\"'").endswith((".", "?", "!"))  # "(see notebook 04.)" too
    return text[0].upper() + text[1:] + ("" if ended else ".")


def reporting_errors(callback: Callable) -> Callable:
    """Wrap a widget's callback so that an error, or Kernel → Interrupt, becomes the widget's
    message (by its show_error), never a traceback."""

    @functools.wraps(callback)
    def safe_callback(self: widgets.Widget, *args: object) -> None:
        try:
            callback(self, *args)
        except Exception as error:  # shown in the widget, so that no traceback ever appears there
            self.show_error(error)
        except KeyboardInterrupt:  # a search stopped by hand, said where it was asked for
            self.show_error(RuntimeError(INTERRUPTED))

    return safe_callback
