"""Checks of notebook 10: alpha-beta's best case, ordering the moves, iterative deepening."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from types import GeneratorType

from nimlib.checks.runner import (
    QUICK_SECONDS,
    Case,
    CheckResult,
    Hinted,
    WholeNumbers,
    agrees_with,
    asked_again,
    checks_a_function,
    is_pair,
    leaving_its_input,
    name_of,
    reference_cases,
    run_cases,
    with_article,
)
from nimlib.games.base import Game, State
from nimlib.games.tictactoe import TicTacToe, changed_square
from nimlib.games.values import is_number


def best_case_leaves(branching: int, depth: int) -> int:
    """Knuth and Moore's count: the leaves alpha-beta examines in a uniform tree ordered
    perfectly."""
    return branching ** ((depth + 1) // 2) + branching ** (depth // 2) - 1


def leaves_hint(function: Callable, branching: int, depth: int, answer: object) -> str | None:
    """What `function`'s wrong count of best-case leaves may have got wrong (asking it again
    where only its other answers tell the slip)."""
    if isinstance(answer, str):
        return "return the count, a whole number, not text"
    if isinstance(answer, (tuple, list)) and len(answer) == 2:
        return "return one whole number: the two terms added, less the one leaf they share"
    if isinstance(answer, (tuple, list)):
        return "return the count itself, one whole number"
    # an answer two slips give (every leaf of a tree of 2 x 2 is one too many) is told neither; at
    # depth 1 one more is every node, the root too, and with branching 2 the count a move deeper
    one_too_many = answer == best_case_leaves(branching, depth) + 1 and depth > 1
    every_leaf = answer == branching**depth
    if one_too_many and not every_leaf:
        return (
            "one leaf too many: the leaf at the end of best play is in both terms, so take 1 away"
        )
    swapped = best_case_leaves(depth, branching)
    if answer == swapped and branching != depth and min(branching, depth) > 1:
        return "the arguments come as (branching, depth), the branching factor first"
    if every_leaf and not one_too_many:
        return "that is every leaf, as minimax examines them: the best case skips most"
    if depth >= 2 and agrees_with(function, precedence_slip, LEAF_CASES):
        return (
            "Python works out // before + (it binds tighter): depth + 1 // 2 is depth + (1 // 2), "
            "that is depth + 0, so your first term is branching ** depth. Write (depth + 1) // 2, "
            "in parentheses"
        )
    if counts_another_depth(function):
        return (
            "that is the count one move deeper or shallower, at every depth: the depth counts "
            "the moves from the root to a leaf (a tree of depth 0 is one leaf)"
        )
    # both halves rounded up is the count a move deeper at an odd depth (told above)
    if depth % 2 and answer in halves_alike(branching, depth) and answer != swapped:
        return "with an odd depth the two halves differ: one rounds depth / 2 up, the other down"
    # the same count as one a move deeper (told above), and at depth 0 as one without the - 1
    half = depth // 2
    if answer == branching ** (half + 1) + branching**half - 1 and depth >= 2 and not depth % 2:
        return (
            "with an even depth the two halves are equal, depth / 2 each: depth // 2 + 1 rounds up "
            "an even depth too, (depth + 1) // 2 only an odd one"
        )
    if isinstance(answer, float):
        return "count whole leaves: round depth / 2 up for one term and down for the other"
    return None


def precedence_slip(branching: int, depth: int) -> int:
    """The count with the depth rounded up written without parentheses, depth + 1 // 2, which
    Python reads as depth + (1 // 2): depth itself."""
    return branching ** (depth + 1 // 2) + branching ** (depth // 2) - 1


def halves_alike(branching: int, depth: int) -> set[int]:
    """The counts that take both halves of an odd depth alike: both rounded down, both rounded
    up, or twice the square root of the leaves, 2 * b ** (d / 2), rounded (with the - 1 or
    without)."""
    twice_the_root = round(2 * branching ** (depth / 2))
    both_down, both_up = (2 * branching**half - 1 for half in (depth // 2, (depth + 1) // 2))
    return {both_down, both_up, twice_the_root, twice_the_root - 1}


def counts_another_depth(function: Callable) -> bool:
    """Whether `function` gives the count of a depth one more, or one less, in every case."""
    return any(
        agrees_with(
            function,
            lambda b, d, shift=shift: best_case_leaves(b, d + shift),
            [(b, d) for b, d in LEAF_CASES if d + shift >= 0],
        )
        for shift in (-1, 1)
    )


LEAF_CASES = [(2, 0), (3, 1), (2, 2), (3, 3), (3, 4), (4, 5), (5, 4), (2, 7), (1, 7), (6, 3)]


@checks_a_function
def check_best_case_leaves(function: Callable[[int, int], int]) -> CheckResult:
    """Check `function(branching, depth)`: the leaves alpha-beta examines at best.

    The trees are small enough (at most 1,024 leaves) for an answer that searches a uniform tree
    in the best order and counts the leaves, as well as for a formula.
    """
    hint = partial(leaves_hint, function)
    cases = reference_cases(function, best_case_leaves, LEAF_CASES, WholeNumbers, hint)
    return run_cases("check_best_case_leaves", cases, QUICK_SECONDS)


def order_hint(
    function: Callable, game: TicTacToe, board: str, given: list[str], answer: object
) -> str | None:
    """What `function`'s wrong order of the moves `given` may have got wrong: one hint per slip,
    so that the new boards sorted as text are not told of a key that is the same for every move
    as well (it asks `function` again about two of the moves: does it sort all the game's?)."""
    if isinstance(answer, TypeError) and "'tuple' object is not callable" in str(answer):
        return "game.lines is a tuple of the lines, not a method: write game.lines, without ()"
    if isinstance(answer, BaseException):
        other_size = "" if game.size == 3 else f" (this board is {game.size}x{game.size})"
        return (
            "a move's square is where its new board differs from board (X's move or O's): "
            f"sort the new boards by how many of game.lines hold that square{other_size}"
        )
    if isinstance(answer, GeneratorType):
        return None  # the generator hint says it
    if answer is None:
        return (
            "give back a list of the new boards: sorted(new_boards, key=...) gives one, "
            "new_boards.sort(key=...) sorts in place and gives None"
        )
    if not isinstance(answer, list):
        return "give back a list of the new boards"
    if not all(isinstance(new_board, str) for new_board in answer):
        kind = next(type(item).__name__ for item in answer if not isinstance(item, str))
        return f"give back the new boards themselves, strings as given, not {with_article(kind)}"
    if sorted(answer) == sorted(game.possible_new_states(board)) != sorted(given):
        return "order only the new boards you are given: the engine passes a few of them"
    if sorted(answer) != sorted(given):
        return "give back the same new boards, none left out and none added, only in another order"
    every_move = game.possible_new_states(board)
    if answer == game.ordered_new_states(board, every_move) and asked_again(
        lambda: sorted(function(game, board, given[:2])) == sorted(every_move)
    ):
        return (
            "sort new_boards, the moves you are given, in the order they came: "
            "game.possible_new_states(board) lists them in another order"
        )
    rotated = given[1:] + given[:1]  # asked again: a function that reverses reverses these too
    if answer == given[::-1] != given and asked_again(
        lambda: len(given) > 2 and function(game, board, list(rotated)) == rotated[::-1]
    ):
        return (
            "those are the new boards you were given, backwards: sort them by how many of "
            "game.lines hold each move's square (a key), the index where its new board differs "
            "from board"
        )
    lines = partial(lines_of_move, game, board)
    counts = [lines(new_board) for new_board in answer]
    most_first = counts == sorted(counts, reverse=True)
    if answer == sorted(given) and (answer == given or most_first):
        return None  # sorted as text by chance too: another case tells the slips apart
    if answer == sorted(given):
        return (
            "those are the new boards sorted as text: sort them by how many of game.lines hold "
            "each move's square (a key), the index where its new board differs from board"
        )
    if answer == given:
        return (
            "the moves came back in the order given, as a sort leaves them whose key is the same "
            "for every move: sort by how many of game.lines hold each move's square, the index "
            "where its new board differs from board"
        )
    if most_first:
        return "among squares on as many lines, keep the order the moves came in (a stable sort)"
    if answer == sorted(given, key=lines):  # the sort itself, not a wrong key by chance
        return "the squares on the most lines come first, not last"
    return (
        "sort by how many of game.lines hold each move's square, the index in the board "
        "string where the new board differs from board"
    )


def lines_of_move(game: TicTacToe, board: str, new_board: str) -> int:
    """How many of the game's lines hold the square of the move from `board` to `new_board`."""
    return game.lines_through[changed_square(board, new_board)]


def order_cases() -> list[tuple[TicTacToe, str, list[str], str]]:
    """(game, board, the new boards given, how they are given): all or some, in varied orders."""
    small, big = TicTacToe(), TicTacToe(size=4, in_a_row=3)
    shuffled = random.Random(10)
    cases = []
    positions = [(small, "........."), (small, "X...O...."), (small, ".X..O...X"), (big, "." * 16)]
    for game, board in positions:
        moves = game.possible_new_states(board)
        cases.append((game, board, moves, "all, in reading order"))
        cases.append((game, board, moves[::-1], "all, backwards"))
        cases.append((game, board, shuffled.sample(moves, len(moves)), "all, shuffled"))
        cases.append((game, board, shuffled.sample(moves, 4), "four of them"))
    board = "X" + "." * 14 + "O"
    cases.append((big, board, big.possible_new_states(board)[::-3], "a third, backwards"))
    return cases


@checks_a_function
def check_move_order(function: Callable[[TicTacToe, str, list[str]], list[str]]) -> CheckResult:
    """Check `function(game, board, new_boards)`: the moves given, most lines first.

    The moves come in reading order, backwards, shuffled, or only some of them, as an engine
    passes them (the safe moves, or those left after the table's best move): squares on as many
    lines keep the order they came in.
    """
    name = name_of(function)
    cases: list[Case] = []
    for game, board, given, how in order_cases():
        expected = Hinted(
            game.ordered_new_states(board, given), partial(order_hint, function, game, board, given)
        )
        described = f"{name}({game!r}, {board!r}, {len(given)} moves: {how})"
        call = partial(leaving_its_input, function, game, board, given)
        cases.append((described, call, expected))
    return run_cases("check_move_order", cases, QUICK_SECONDS)


class SpySearch:
    """A stand-in for a depth-limited search that records how it was called.

    Called as ``search(game, state, depth, first)``, it answers (score, best new state) from a
    made-up table, so that each depth finds another best move, and notes (depth, first).
    """

    def __init__(self, seed: int) -> None:
        """A stand-in whose made-up scores come from `seed`, with no calls recorded yet."""
        self.seed, self.calls = seed, []

    def __call__(self, game: Game, state: State, depth: int, first: State | None = None) -> tuple:
        self.calls.append((depth, first))
        moves = list(game.possible_new_states(state))
        pick = random.Random(f"{self.seed} {state} {depth}")
        return round(pick.uniform(-1, 1), 2), moves[pick.randrange(len(moves))]


def expected_deepening(game: Game, state: State, max_depth: int, seed: int) -> tuple:
    """The result and the calls of a right iterative deepening, with SpySearch(seed)."""
    spy, best, result = SpySearch(seed), None, None
    for depth in range(1, max_depth + 1):
        result = spy(game, state, depth, best)
        best = result[1]
    return result, spy.calls


CALL = "search(game, state, depth, first)"
SHORT_HINT = (
    "the depths searched stop before max_depth: search each depth from 1 to max_depth, "
    "max_depth included (range(1, max_depth + 1)), and return after the loop, not inside it"
)


def deepening_hint(expected: tuple, spies: list[SpySearch], answer: object) -> str | None:
    """What a wrong iterative deepening may have got wrong, given the `expected` (result, calls)
    and the stand-in searches it was given (the last one, this call's)."""
    if isinstance(answer, (NameError, IndexError)) and spies and not spies[-1].calls:
        return (  # a result read after a loop that never ran (max_depth 1, range(1, max_depth))
            "your loop ran no search before this error: it must search each depth from 1 to "
            "max_depth, max_depth included (range(1, max_depth + 1))"
        )
    if isinstance(answer, TypeError) and "SpySearch" in str(answer):
        return f"the check's search is called as it is written: {CALL}"
    if not is_pair(answer):
        return None
    result, calls = answer
    if isinstance(result, GeneratorType):  # its body never ran: no search was called
        return (
            "return the last search's pair once, after the loop: a function that yields "
            "runs no search"
        )
    if calls == expected[1]:
        return "answer with what the last search returned: the pair (score, best move)"
    if not calls:
        return f"call {CALL} for each depth from 1 to max_depth"
    depths = [depth for depth, _ in calls]
    if not all(isinstance(depth, int) for depth in depths):
        return f"give search its arguments in order, {CALL}: the depth before the best move"
    if depths != list(range(1, len(depths) + 1)):
        return f"search depth 1, 2, 3, ... each once, in that order: {CALL} with the loop's depth"
    if calls[0][1] is not None:
        return "at depth 1 there is no best move yet: first=None, each time you are called"
    if any(isinstance(first, tuple) for _, first in calls):
        return "first is the best move alone, the second of the pair (score, move) search returns"
    if any(is_number(first) for _, first in calls):  # the pair unpacked the wrong way round
        return "search returns the pair (score, move): pass its move as first, not its score"
    if len(depths) < len(expected[1]):
        return SHORT_HINT
    if len(depths) > len(expected[1]):
        return (
            "the depths searched go past max_depth: search each depth from 1 to max_depth and "
            "stop there (range(1, max_depth + 1))"
        )
    return "pass each iteration the best move of the one before; answer with the last one's"


@checks_a_function
def check_deepening(function: Callable[..., tuple]) -> CheckResult:
    """Check `function(game, state, max_depth, search)`: iterative deepening around `search`.

    It must call ``search(game, state, depth, first)`` for depth 1, 2, ..., max_depth in turn,
    `first` being the best move the iteration before found (None at depth 1), and answer with
    the (score, best move) of the last. The positions are asked one after another, so a best
    move kept from an earlier call must not leak into the next.
    """
    name, game = name_of(function), TicTacToe()
    cases = []
    for state, max_depth, seed in [
        ("X...O....", 4, 1),
        (".........", 1, 2),
        ("X...O....", 3, 3),
        ("XO..X....", 5, 4),
        ("X.O.O.X..", 2, 5),
        (".........", 6, 6),
        ("X...O....", 4, 7),  # asked again: another search, which finds other moves
    ]:
        spies: list[SpySearch] = []  # each call's stand-in, for the hint

        def call(
            state: str = state, max_depth: int = max_depth, seed: int = seed, spies: list = spies
        ) -> tuple:
            spies.append(SpySearch(seed))
            return function(game, state, max_depth, spies[-1]), spies[-1].calls

        right = expected_deepening(game, state, max_depth, seed)
        expected = Hinted(right, partial(deepening_hint, right, spies))
        spy = f"search_{seed}"  # each case's search answers from made-up scores of its own
        described = f"({name}(game, {state!r}, {max_depth}, {spy}), the calls of {spy})"
        cases.append((described, call, expected))
    return run_cases("check_deepening", cases, QUICK_SECONDS)  # search_N answers at once
