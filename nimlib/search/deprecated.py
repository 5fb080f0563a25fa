"""Old names, kept for a while with a DeprecationWarning; the book uses only the new ones.

``proven_bounds`` and ``settled_score``, once in nimlib.search.alphabeta, are now the table's
rules (nimlib.search.table); the keyword ``cache=`` of memoized_minimax and iterative_minimax is
now ``table=``.
"""

from __future__ import annotations

import warnings

from nimlib.search.table import UNKNOWN, answer_from_table, stored_bounds, within


def proven_bounds(
    best: float,
    window: tuple[float, float],
    known: tuple[float, float],
    score_range: tuple = UNKNOWN,
) -> tuple[float, float]:
    """The old name of ``within(stored_bounds(best, *window, *known), score_range)``; it will go."""
    warnings.warn(
        "proven_bounds is now stored_bounds (nimlib.search.table)", DeprecationWarning, stacklevel=2
    )
    return within(stored_bounds(best, *window, *known), score_range)


def old_name_in_alphabeta(name: str) -> object:
    """The old names nimlib.search.alphabeta gave the table's rules, with a DeprecationWarning."""
    old_names = {"proven_bounds": proven_bounds, "settled_score": answer_from_table}
    if name not in old_names:
        raise AttributeError(f"module 'nimlib.search.alphabeta' has no attribute {name!r}")
    warnings.warn(f"{name} moved to nimlib.search.table", DeprecationWarning, stacklevel=2)
    return old_names[name]


def renamed_table(table: dict | None, cache: dict | None) -> dict | None:
    """`table`, or the dict passed by the old keyword ``cache=`` with a DeprecationWarning."""
    if cache is None:
        return table
    warnings.warn(
        "cache= is now called table=; the old name will go", DeprecationWarning, stacklevel=3
    )
    return cache
