"""How every message of nimlib shows a value: ``shown``, a repr cut short that never fails (and
``shown_typed``, with the value's type, for a value of the wrong kind); how
captions, menus and messages say a count or a game's name: "5 counters", "Textbook tree", and a
move in short (``short_move``: a drawn edge's label, what a player types); and
how printed text is cut into lines that fit beside the file browser (``wrapped``).

A message that names a bad value must not fail itself: not on a value whose repr raises, a list
nested too deeply for any repr, or a whole number too long to print (Python refuses to turn one
of more than 4,300 digits into text).
"""

from __future__ import annotations

import reprlib
import textwrap
from math import log10

LONGEST_INT = 40  # digits: a whole number longer than this is described, not printed
# where shown() cut a repr: one character, never three dots, which a board's empty squares look like
CUT = "…"
CLOSING = {"(": ")", "[": "]", "{": "}"}
# characters a printed line may take: what fits beside JupyterLab's file browser at 1024x768
WIDTH = 74


class _Printer(reprlib.Repr):
    """reprlib's short repr, which also describes whole numbers too long to print and reprs that
    fail."""

    def __init__(self, limit: int) -> None:
        """A printer that cuts a repr of a number or an unknown object at `limit` characters."""
        super().__init__()
        self.maxlevel, self.maxtuple, self.maxlist, self.maxarray = 4, 40, 40, 40
        self.maxdict = self.maxset = self.maxfrozenset = self.maxdeque = 20
        self.maxlong = self.maxother = limit
        self.fillvalue = CUT  # what stands for the items left out of a long list

    def repr_str(self, value: str, level: int) -> str:
        """A string whole, quoted."""
        return repr(value)  # whole: shown() cuts the text once, at its end

    def repr_int(self, value: int, level: int) -> str:
        """A whole number, or what it is if too long to print."""
        digits = int(value.bit_length() * log10(2)) + 1  # 10**k has k + 1 digits
        if digits > LONGEST_INT:
            return f"an integer of about {digits:,} digits"
        return super().repr_int(value, level)

    def repr_Fraction(self, value: object, level: int) -> str:  # noqa: N802 (reprlib's naming)
        """A fraction as it reads."""
        return str(value)  # 1/6, as it reads, not Fraction(1, 6)

    def repr_instance(self, value: object, level: int) -> str:
        """An object's own repr, or what it is if that fails."""
        try:
            return super().repr_instance(value, level)
        except Exception:  # a repr of the caller's own that fails: say what it is, not why
            return f"<a {type(value).__name__} that cannot be shown>"


def shown(value: object, limit: int = 80) -> str:
    """`value` as a message shows it: its repr, cut short when long, never failing."""
    try:
        text = _Printer(limit).repr(value)
    except Exception:  # such as lists nested too deeply for any repr
        text = f"<a {type(value).__name__} that cannot be shown>"
    return text if len(text) <= limit else cut_short(text, limit)


def cut_short(text: str, limit: int) -> str:
    """The repr `text` cut to at most `limit` characters: after its last whole item that fits, if
    one ends past the middle, then CUT and the quote and brackets left open, closed."""
    head = text[: limit - 1]
    while head and len(head) + 1 + len(left_open(head)) > limit:  # room for what closes it
        head = head[:-1]
    boundary = head.rfind(", ")
    if boundary > limit // 2:
        head = head[: boundary + 2]
    return f"{head}{CUT}{left_open(head)}"


def left_open(text: str) -> str:
    """What closes the quote and brackets that the start of a repr, `text`, leaves open."""
    closers: list[str] = []
    quote, escaped = "", False
    for char in text:
        if quote:  # inside a quoted string, which only its own quote, unescaped, ends
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == quote:
                quote = ""
        elif char in "'\"":
            quote = char
        elif char in CLOSING:
            closers.append(CLOSING[char])
        elif closers and char == closers[-1]:
            closers.pop()
    return quote + "".join(reversed(closers))


def shown_typed(value: object) -> str:
    """`value` as a message shows it, and its type: "5.0 (float)", for a value of the wrong kind."""
    return f"{shown(value)} ({type(value).__name__})"


def plural(count: int, word: str) -> str:
    """Such as "1 counter" or "5 counters", with thousands separated: "1,200 nodes"."""
    return f"{count:,} {word}" if count == 1 else f"{count:,} {word}s"


def wrapped(text: str, first: str = "", rest: str = "") -> list[str]:
    """`text` cut into lines of at most WIDTH characters, the first led by `first`, the others by
    `rest`.

    Lines break at spaces, and inside a word only when one is longer than a line.
    """
    return textwrap.wrap(
        text, WIDTH, initial_indent=first, subsequent_indent=rest, break_on_hyphens=False
    )


def paragraph(text: str) -> str:
    """`text` as wrapped lines of at most WIDTH characters, joined into one text to print."""
    return "\n".join(wrapped(text))


def menu_name(name: str) -> str:
    """A game's name as a menu lists it: "the textbook tree" becomes "Textbook tree"."""
    name = name.removeprefix("the ")
    return name[:1].upper() + name[1:]


def short_move(move: str) -> str:
    """`move` up to its first comma outside brackets: "take 2, leaving 3" is "take 2", while the
    default "move from (2, 0) to (1, 0)" is kept whole, its states' commas inside brackets."""
    depth = 0
    for index, char in enumerate(move):
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth = max(depth - 1, 0)
        elif char == "," and depth == 0:
            return move[:index]
    return move
