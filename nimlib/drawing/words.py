"""How captions, menus and messages say a count or a game's name: "5 counters", "Textbook tree"."""

from nimlib.games.printer import plural  # the count in words, as the games' pictures say it

__all__ = ["menu_name", "plural"]


def menu_name(name: str) -> str:
    """A game's name as a menu lists it: "the textbook tree" becomes "Textbook tree"."""
    name = name.removeprefix("the ")
    return name[:1].upper() + name[1:]
