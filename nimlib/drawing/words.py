"""How captions, menus and messages say a count or a game's name: "5 counters", "Textbook tree"."""


def plural(count: int, word: str) -> str:
    """Such as "1 counter" or "5 counters", with thousands separated: "1,200 nodes"."""
    return f"{count:,} {word}" if count == 1 else f"{count:,} {word}s"


def menu_name(name: str) -> str:
    """A game's name as a menu lists it: "the textbook tree" becomes "Textbook tree"."""
    name = name.removeprefix("the ")
    return name[:1].upper() + name[1:]
