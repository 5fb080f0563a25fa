"""The check of notebook 05's last exercise: alpha-beta with a table that stores and uses bounds."""

from __future__ import annotations

from collections.abc import Callable
from math import inf

from nimlib.book.minimax import memoized_minimax
from nimlib.checks.runner import CheckResult, name_of, run_cases
from nimlib.checks.trial_games import CountingGame
from nimlib.games.base import Game, State
from nimlib.games.explicit_tree import ExplicitTree
from nimlib.games.scored_nim import ScoredNim
from nimlib.games.simple_nim import SimpleNim

TableSearch = Callable[[Game, State, bool, float, float, dict], float]


def check_table_alphabeta(function: TableSearch) -> CheckResult:
    """Check `function(game, state, is_maximizing, alpha, beta, table)`: alpha-beta with a table of
    bounds.

    The table maps ``(state, is_maximizing)`` to ``(lower, upper)``. Scores must be exact from the
    game's full window, even when the table is shared by searches from other windows; every entry
    must hold the true score between its bounds; and a second search of a solved position must
    answer from the table, without expanding a single position.
    """
    name = name_of(function)
    games = [
        (ExplicitTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), "A"),
        (ScoredNim((3, 1, 4, 1, 5)), (5, 0)),
        (ScoredNim(), (8, 0)),
        (SimpleNim(), 9),
    ]
    cases = []
    for game, state in games:
        low, high = game.score_range
        for is_maximizing in (True, False):
            true = memoized_minimax(game, state, is_maximizing)
            call = f"{name}({game!r}, {state!r}, {is_maximizing}, {low}, {high}, table)"
            cases.append(
                (
                    call,
                    lambda g=game, s=state, m=is_maximizing: exact_after_narrow(function, g, s, m),
                    true,
                )
            )
            cases.append(
                (
                    f"bounds stored by {call}",
                    lambda g=game, s=state, m=is_maximizing: bad_entries(function, g, s, m),
                    [],
                )
            )
            cases.append(
                (
                    f"positions expanded by {call} a second time",
                    lambda g=game, s=state, m=is_maximizing: expanded_again(function, g, s, m),
                    0,
                )
            )
    return run_cases("check_table_alphabeta", cases)


def exact_after_narrow(
    function: TableSearch, game: Game, state: State, is_maximizing: bool
) -> float:
    """The score from the full window, after narrow and wide searches filled the same table."""
    table: dict = {}
    low, high = game.score_range
    middle = (low + high) / 2
    for alpha, beta in [(middle - 1, middle), (-inf, inf), (low, middle), (middle, high)]:
        function(game, state, is_maximizing, alpha, beta, table)
    return function(game, state, is_maximizing, low, high, table)


def bad_entries(function: TableSearch, game: Game, state: State, is_maximizing: bool) -> list:
    """The table entries whose bounds do not hold the true score, after a few searches."""
    table: dict = {}
    low, high = game.score_range
    for alpha, beta in [(-inf, inf), ((low + high) / 2, high), (low, high)]:
        function(game, state, is_maximizing, alpha, beta, table)
    if not table:
        return ["the table is empty: store (lower, upper) for every position searched"]
    wrong = []
    for key, bounds in table.items():
        stored_state, player = key
        true = memoized_minimax(game, stored_state, player)
        if not (isinstance(bounds, tuple) and len(bounds) == 2 and bounds[0] <= true <= bounds[1]):
            wrong.append((key, bounds, f"true score {true}"))
    return wrong[:3]


def expanded_again(function: TableSearch, game: Game, state: State, is_maximizing: bool) -> int:
    """How many positions a second full-window search of the same position expands."""
    counting, table = CountingGame(game), {}
    low, high = game.score_range
    function(counting, state, is_maximizing, low, high, table)
    counting.expanded = 0
    function(counting, state, is_maximizing, low, high, table)
    return counting.expanded
