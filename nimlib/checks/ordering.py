"""Checks of notebook 10: ordering the moves, and counting alpha-beta's best case."""

from __future__ import annotations

from collections.abc import Callable

from nimlib.checks.runner import CheckResult, Hinted, name_of, run_cases
from nimlib.games.tictactoe import TicTacToe


def best_case_leaves(branching: int, depth: int) -> int:
    """Knuth and Moore's count: the leaves alpha-beta examines in a uniform tree ordered perfectly."""
    return branching ** ((depth + 1) // 2) + branching ** (depth // 2) - 1


def leaves_hint(branching: int, depth: int) -> Callable[[object], str | None]:
    """What a wrong count of best-case leaves may have got wrong."""

    def hint(answer: object) -> str | None:
        if answer == branching**depth:
            return "that is every leaf, as minimax examines them: the best case skips most"
        if answer == 2 * branching ** (depth // 2) - 1 and depth % 2:
            return "with an odd depth the two halves differ: one rounds depth / 2 up, the other down"
        if isinstance(answer, float):
            return "count whole leaves: round depth / 2 up for one term and down for the other"
        return None

    return hint


def check_best_case_leaves(function: Callable[[int, int], int]) -> CheckResult:
    """Check `function(branching, depth)`: the leaves alpha-beta examines at best (Knuth and Moore)."""
    name = name_of(function)
    cases = [
        (f"{name}({b}, {d})", lambda b=b, d=d: function(b, d), Hinted(best_case_leaves(b, d), leaves_hint(b, d)))
        for b, d in [(2, 0), (3, 1), (2, 2), (3, 3), (3, 4), (9, 5), (10, 6), (1, 7)]
    ]
    return run_cases("check_best_case_leaves", cases)


BOARDS = [
    (TicTacToe(), "........."),
    (TicTacToe(), "X...O...."),
    (TicTacToe(), ".X..O...X"),
    (TicTacToe(), "X.......O"),
    (TicTacToe(size=4, in_a_row=3), "." * 16),
    (TicTacToe(size=4, in_a_row=3), "X" + "." * 14 + "O"),
]


def order_hint(game: TicTacToe, board: str, new_boards: list[str]) -> Callable[[object], str | None]:
    """What a wrong order of moves may have got wrong."""

    def hint(answer: object) -> str | None:
        if not isinstance(answer, list) or sorted(answer) != sorted(new_boards):
            return "give back the same new boards, none left out and none added, only in another order"
        if answer == new_boards:
            return "the moves came back in the order given: sort them, the squares on most lines first"
        if answer == list(reversed(game.order(board, new_boards))):
            return "the squares on the most lines come first, not last"
        return "among squares on as many lines, keep the order they were given in (a stable sort)"

    return hint


def check_move_order(function: Callable[[TicTacToe, str, list[str]], list[str]]) -> CheckResult:
    """Check `function(game, board, new_boards)`: the moves on the squares with the most lines first."""
    name = name_of(function)
    cases = []
    for game, board in BOARDS:
        new_boards = game.possible_new_states(board)
        expected = Hinted(game.order(board, new_boards), order_hint(game, board, new_boards))
        cases.append(
            (
                f"{name}({game!r}, {board!r}, ...)",
                lambda g=game, b=board, n=new_boards: function(g, b, list(n)),
                expected,
            )
        )
    return run_cases("check_move_order", cases)
