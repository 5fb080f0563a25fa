"""Checks of notebooks 05 and 06: alpha-beta, its table of bounds, the states it visits, the window
after a move."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from math import inf
from typing import Any

from nimlib.book.alphabeta import alphabeta
from nimlib.book.minimax import memoized_minimax, minimax
from nimlib.checks.first_steps import (
    MINIMAX_SLIPS,
    minimax_case,
    minimax_with_slip,
    raises_value_error,
)
from nimlib.checks.runner import (
    QUICK_SECONDS,
    Case,
    CheckResult,
    Hinted,
    Scores,
    Shown,
    agrees_with,
    asked_again,
    call_case,
    checks_a_function,
    in_turn_case,
    is_pair,
    message_of,
    name_of,
    number_hint,
    one_slip_hint,
    python_value,
    rehinted,
    rehinted_where,
    run_cases,
    same,
    shown_call,
)
from nimlib.checks.trial_games import (
    UNSCORED,
    UNSEEN_MARKS,
    AtMost,
    CountingGame,
    NumberTree,
    PathGame,
    Searched,
    counted,
    positions_from,
    score_and_work,
    work_shown,
)
from nimlib.drawing.nodes import GameTree, Node
from nimlib.drawing.tree import game_tree
from nimlib.games.base import Game, State
from nimlib.games.explicit_tree import ExplicitTree
from nimlib.games.nim import Nim
from nimlib.games.nim_variants import SplitNim
from nimlib.games.printer import shown
from nimlib.games.scored_nim import ScoredNim
from nimlib.games.simple_nim import SimpleNim
from nimlib.games.tictactoe import TicTacToe
from nimlib.games.values import is_number


def expansions(
    game: Game,
    state: State,
    windows: list[tuple[float, float]],
    order: Callable[[State], Any] | None = None,
) -> int:
    """The most positions alpha-beta (no table) expands from `state`, Max to move, under any
    `windows`, trying the moves in the game's order or, with `order`, sorted by that key."""
    search = partial(alphabeta, order=order)
    return max(score_and_work(search, game, state, window)[1] for window in windows)


class TextbookWork(AtMost):
    """The expected work of alpha-beta from `state`: at most the positions textbook alpha-beta
    expands under `windows`, trying the moves in the game's order or in the order the learner's
    search tried them.

    Any move order is right: alpha-beta cuts off after different moves, but never expands more than
    textbook alpha-beta trying the same moves in the same order. `measure` runs the learner's
    search, reads its order off when it tried each position, and sets the limit from both
    orders.
    """

    def __init__(self, game: Game, state: State, windows: list[tuple[float, float]]) -> None:
        """Expect at most the positions textbook alpha-beta expands from `state` in `windows`."""
        self.game, self.state, self.windows = game, state, windows
        self.in_game_order = expansions(game, state, windows)
        window_words = "" if len(windows) > 1 else " from this window"
        super().__init__(self.in_game_order, f"as many as textbook alpha-beta{window_words}")

    def measure(
        self, function: Callable[..., float], window: tuple[float, float] | None = None
    ) -> tuple[float, int]:
        """`function`'s score from the state with Max to move (from the (alpha, beta) of `window`
        if one is given), and the positions it expanded; sets the limit."""
        searched = Searched()
        measured = score_and_work(function, self.game, self.state, window, searched=searched)
        tried_at = searched.counting.tried_at
        in_its_order = max(  # in its order, whether it scored every move before trying one or not
            expansions(self.game, self.state, self.windows, order=partial(tried_at, peeks=peeks))
            for peeks in (False, True)
        )
        if in_its_order > self.in_game_order:
            self.limit = in_its_order
            self.reason = f"{self.reason}, trying the moves in the order yours did"
        return measured


class WithinWindow:
    """The expected answer of alpha-beta called with the window (alpha, beta) on a position worth
    `score`.

    Inside the window the answer is the score itself. Outside, the search may stop at the edge
    (fail-hard) or report a bound between the edge and the score (fail-soft): both are right.
    """

    def __init__(self, score: float, alpha: float, beta: float) -> None:
        """Expect alpha-beta's answer in (`alpha`, `beta`) on a position worth `score`."""
        self.score, self.alpha, self.beta = score, alpha, beta

    def __eq__(self, answer: object) -> bool:
        if not is_number(answer):
            return False
        if self.score <= self.alpha:
            return self.score <= answer <= self.alpha
        if self.score >= self.beta:
            return self.beta <= answer <= self.score
        return answer == self.score

    def __repr__(self) -> str:
        if self.alpha < self.score < self.beta:
            return repr(self.score)
        if self.score <= self.alpha:
            return (
                f"a number from the true score {self.score} up to alpha {self.alpha} (alpha "
                "itself if your search fails hard)"
            )
        return (
            f"a number from beta {self.beta} up to the true score {self.score} (beta itself if "
            "your search fails hard)"
        )


@checks_a_function
def check_alphabeta(function: Callable[..., float]) -> CheckResult:
    """Check `function(game, state, is_maximizing, alpha=-1, beta=1)`: minimax scores, with branches
    cut off.

    The scores are checked with the default window on Nim games, with explicit windows on
    made-up trees whose scores run from -9 to 9, and on tic-tac-toe, whose boards repeat and
    whose draws score 0 (a cache that keeps a bound as a score fails there). The positions
    expanded are counted in games where no position comes twice, and compared with textbook
    alpha-beta trying the moves in the game's order, or in the order the function tried them.
    """
    # every game but tic-tac-toe shares the names of its positions with another game of the check:
    # a memo kept between calls (of this run, or an earlier one) can mix them up
    cases = games_told_apart(function, nim_cases(function))
    cases += transposition_cases(function)
    cases += games_told_apart(function, [two_paths_case(function), mover_case(function)])
    cases += in_turn_cases(function)
    cases += games_told_apart(function, number_tree_cases(function) + work_cases(function))
    return run_cases("check_alphabeta", cases)


def nim_cases(function: Callable) -> list[Case]:
    """Scores of Nim games from the default window, and from (-inf, inf)."""
    classic = SimpleNim(sensible_moves=True)
    swapped, alpha_returned = (
        partial(agrees_with, function, partial(alphabeta_with_slip, slip=slip), SWAPPED_TREES)
        for slip in ("bounds swapped", ALPHA_RETURNED)
    )
    cases = [
        min_slip_hinted(
            function,
            rehinted_where(
                rehinted_where(
                    minimax_case(function, game, state, is_maximizing),
                    swapped,
                    BOUNDS_SWAPPED_HINT,
                ),
                alpha_returned,
                ALPHA_RETURNED_HINT,
            ),
        )
        for game, state, is_maximizing in [
            (classic, 6, True),
            (SimpleNim(), 5, True),
            (SimpleNim(), 5, False),
            (SimpleNim(last_counter_loses=False), 8, True),
            (Nim(), (1, 2, 3), True),
            (Nim(), (2, 2, 3), False),
            (Nim(last_counter_loses=False), (1, 2, 4), True),
            (SplitNim(), (9,), True),
        ]
    ]
    return [*cases, window_case(function, Nim(), (2, 2, 3), True, -inf, inf)]


def mover_case(function: Callable) -> Case:
    """The score of Nim's (1, 2, 3) from (-inf, inf): the search meets positions with either
    player to move, and a memo keyed by the state alone hands one player's exact score to the
    other (under -1 and +1 it keeps none)."""
    mover = window_case(function, Nim(), (1, 2, 3), True, -inf, inf)
    right_elsewhere = partial(agrees_with, function, exact_score, MOVER_FIXED)
    return rehinted_where(mover, right_elsewhere, MOVER_KEY_HINT)


BOUNDS_SWAPPED_HINT = (
    "Max raises alpha, alpha = max(alpha, best), and Min lowers beta, beta = min(beta, best): "
    "yours are the other way round"
)
# made-up trees scored -9 to 9, where a search with the bounds swapped shows it: -1 and +1 alone
# cannot tell that slip from another
SWAPPED_TREES = [(NumberTree(seed), "r", True, -inf, inf) for seed in (1, 2, 3)]
# for a Min that raises alpha (a search's, with a table or without, or a window after moves where
# both numbers move)
ONE_BOUND_EACH_HINT = (
    "Max raises alpha only, and Min lowers beta only: the other number stays as it was"
)
# a window passed on swapped cuts off as such a Min does: told apart by no answer, both are said
WINDOW_SWAPPED_HINT = (
    f"{ONE_BOUND_EACH_HINT}; if your search does keep them so, pass the window on in its "
    "order, alpha then beta: "
    "(game, new_state, not is_maximizing, alpha, beta)"
)
# each move searched from (beta, alpha): the window passed on in the wrong order
WINDOW_SWAPPED = "window passed swapped"
# alpha returned whoever is to move: half of a fail-hard search remembered
ALPHA_RETURNED = "alpha returned by Min too"
ALPHA_RETURNED_HINT = (
    "where Min is to move, your function returned alpha, which only Max raises: return the best "
    "of the moves' scores (or, failing hard, alpha where Max is to move and beta where Min is)"
)
# Min raising alpha as well as lowering beta, or instead (to its best so far, or to each value)
MIN_SLIPS = (
    "Min raises alpha too",
    "Min raises alpha, not beta",
    "Min raises alpha to each value, not beta",
)
# made-up trees from their full window, where each of MIN_SLIPS shows: from (-inf, inf) a Min that
# lowers no beta never cuts off, and answers right
FULL_WINDOW_TREES = [(NumberTree(seed), "r", True, -9, 9) for seed in (1, 2, 3)]


def alphabeta_with_slip(
    game: Game, state: State, is_maximizing: bool, alpha: float, beta: float, slip: str
) -> float:
    """Alpha-beta with a learner's `slip`, to recognise their answers: "bounds swapped", Max
    lowers beta and Min raises alpha; one of MIN_SLIPS (see moved_window); "window not
    passed", each move searched with the default window (-1, 1) instead of its own, fail-soft, or
    fail-hard ("window not passed, fail-hard"); WINDOW_SWAPPED, each move searched from (beta,
    alpha); ALPHA_RETURNED, alpha returned at every position."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    best = -inf if is_maximizing else inf
    for new_state in game.possible_new_states(state):
        window = (-1, 1) if slip.startswith("window not passed") else (alpha, beta)
        if slip == WINDOW_SWAPPED:
            window = (beta, alpha)
        value = alphabeta_with_slip(game, new_state, not is_maximizing, *window, slip)
        best = max(best, value) if is_maximizing else min(best, value)
        alpha, beta = moved_window(alpha, beta, is_maximizing, best, value, slip)
        if alpha >= beta:
            break
    if slip.endswith("fail-hard"):
        return alpha if is_maximizing else beta
    if slip == ALPHA_RETURNED:
        return alpha
    return best


def moved_window(
    alpha: float, beta: float, is_maximizing: bool, best: float, value: float, slip: str
) -> tuple[float, float]:
    """The window of alphabeta_with_slip after a move worth `value`, `best` the best so far: Max
    raises alpha and Min lowers beta, but with the bounds swapped, or a Min that raises alpha too
    (to its best), or instead of lowering beta (to its best, or "to each value")."""
    max_side = is_maximizing != (slip == "bounds swapped")
    if max_side or slip.startswith("Min raises alpha"):
        alpha = max(alpha, value if "each value" in slip else best)
    if not max_side and not slip.endswith("not beta"):
        beta = min(beta, best)
    return alpha, beta


TRANSPOSING_BOARDS = [
    ("X...O...X", False),
    ("..OXX....", False),
    (".X..OX...", False),
    (".X...XXOO", False),
]
# with the boards above, where an alpha-beta slip agrees with a slip of minimax only by chance
MAX_TO_MOVE_BOARDS = [("X...O....", True), ("X.O.X...O", True), ("XOXX.OO..", True)]
# positions where a memo keyed by the state alone is right (no position comes with both players
# to move; a tic-tac-toe board says whose turn it is) and most slips are not: a search wrong from
# Nim's (1, 2, 3) alone is told of its key
MOVER_FIXED = [
    (Nim(), (2, 2, 3), False, -1, 1),
    (Nim(), (2, 2, 3), True, -inf, inf),
    *(
        (TicTacToe(), board, is_maximizing, -inf, inf)
        for board, is_maximizing in TRANSPOSING_BOARDS
    ),
    *SWAPPED_TREES,
]
MOVER_KEY_HINT = (
    "a position scores differently with the other player to move: if your function remembers "
    "scores, key them by (state, is_maximizing)"
)


def exact_score(game: Game, state: State, is_maximizing: bool, alpha: float, beta: float) -> float:
    """Minimax's score of `state`, which alpha-beta gives from any window that holds it."""
    return memoized_minimax(game, state, is_maximizing)


CACHE_HINT = (
    "tic-tac-toe reaches a board along several paths, and draws score 0. If your function "
    "remembers scores: one found after a cut-off is only a bound (at most alpha, or at least "
    "beta), not the exact score; remember only exact scores, or bounds as the table exercise "
    "does. If it remembers nothing: Max raises alpha, Min lowers beta, and a draw's 0 is a score"
)


# x is reached along two paths, the second after a cut-off below a (Min to move at r): there x's
# 3 is only a bound, though no move was cut at x itself
TWO_PATHS = ExplicitTree(
    {"r": ["a", "b"], "a": ["l5", "c"], "c": ["x"], "x": ["y"], "y": ["l3", "l1"], "b": ["d"]}
    | {"d": ["x"], "l5": 5, "l3": 3, "l1": 1},
    (-9, 9),
)


TWO_PATHS_HINT = (
    "this tree reaches x along two paths. If your function remembers scores: a result is exact "
    "only strictly inside the window it was searched with, even where none of the position's own "
    "moves was cut off (its moves' results may be bounds); remember only those, or bounds as the "
    "table exercise does"
)


def memo_hint_unless_a_slip(function: Callable, memo_hint: str) -> str:
    """`memo_hint`, about a memo that keeps a bound as a score, unless `function` answers every
    transposing board, and boards with Max to move, as minimax does with one of its slips (the
    turn not passed on, say): a function that remembers nothing gets that slip's hint instead.
    Max on every turn is not named: an alpha-beta whose Min raises alpha gives its answers too;
    nor best started at -1 and +1, nor the sign of each finished game's score, which give
    minimax's own on tic-tac-toe."""
    boards = [
        (TicTacToe(), board, is_maximizing)
        for board, is_maximizing in TRANSPOSING_BOARDS + MAX_TO_MOVE_BOARDS
    ]
    for slip, hint in MINIMAX_SLIPS.items():
        if slip not in ("max alone", "best from 1", "sign of the end") and agrees_with(
            function, partial(minimax_with_slip, slip=slip), boards
        ):
            return hint
    return memo_hint


def transposition_cases(function: Callable) -> list[Case]:
    """Scores of tic-tac-toe boards, from the default window and from (-inf, inf): positions repeat
    here, and scores are -1, 0 and +1, so a cache that takes a bound for a score gives a wrong
    one."""
    cases = []
    for board, is_maximizing in TRANSPOSING_BOARDS:
        default, wide = (
            minimax_case(function, TicTacToe(), board, is_maximizing),
            window_case(function, TicTacToe(), board, is_maximizing, -inf, inf),
        )
        cases += [
            rehinted(case, partial(cache_hint, function, CACHE_HINT)) for case in (default, wide)
        ]
    return cases


def two_paths_case(function: Callable) -> Case:
    """The score of a tree scored from -9 to 9 whose position x is reached twice, where a cache
    that keeps what a position found when none of its own moves was cut off keeps a bound."""
    wide = window_case(function, TWO_PATHS, "r", False, -inf, inf)
    return rehinted(wide, partial(cache_hint, function, TWO_PATHS_HINT))


def cache_hint(function: Callable, memo_hint: str, answer: object) -> str | None:
    """For a wrong score, `memo_hint` about a cache that keeps a bound as a score, unless
    `function` makes a slip of minimax."""
    return number_hint(memo_hint_unless_a_slip(function, memo_hint), answer)


GAMES_MIXED_HINT = (
    "your memo keeps scores from one call to the next, and from one game to another: the check's "
    "games share the names of their positions (its trees all start at 'r'), so a score kept from "
    "another game answers for this one. Make a new memo in each call (a default memo={} is made "
    "once, and kept), or put the game in its key; and keep only exact scores: a result found "
    "after a cut-off is only a bound"
)


def twin_trees(mark: int) -> list[ExplicitTree]:
    """Two small trees, Max to move at the root, whose positions have the same names, none met
    before (`mark` is in them), but which score 5 and -3."""
    root, left, right = (f"{name} #{mark}" for name in ("r", "r0", "r1"))
    return [
        ExplicitTree({root: [left, right], left: first, right: second}, (-9, 9))
        for first, second in [(2, 5), (-3, -6)]
    ]


def mixes_games(function: Callable) -> bool:
    """Whether `function` answers a tree otherwise after searching another tree whose positions
    have the same names: a memo kept between calls whose key leaves the game out."""

    def score(tree: ExplicitTree) -> object:
        return function(tree, tree.root, True, -inf, inf)

    def answers_otherwise() -> bool:
        alone = score(twin_trees(next(UNSEEN_MARKS))[1])
        first, second = twin_trees(next(UNSEEN_MARKS))
        score(first)
        return is_number(alone) and not same(score(second), alone)  # not a new generator

    return asked_again(answers_otherwise)


def games_told_apart(function: Callable, cases: list[Case]) -> list[Case]:
    """`cases`, whose wrong answers get GAMES_MIXED_HINT where `function` mixes games up (see
    mixes_games), else their own hints."""
    mixed = partial(mixes_games, function)
    return [rehinted_where(case, mixed, GAMES_MIXED_HINT) for case in cases]


STALE_HINT = (
    "a score remembered from an earlier call, found under a narrower window, is only a bound: "
    "keep exact scores only (or bounds as bounds), or clear your memo at each call"
)


def in_turn_cases(function: Callable) -> list[Case]:
    """Tic-tac-toe positions asked one after another: a root first, then the positions below it,
    whose scores a memo kept between calls may have stored as bounds while searching the root."""
    game, cases, table = TicTacToe(), [], {}  # one table: the answers share their positions
    for board in ("X...O...X", ".X..O...."):
        questions = [
            call_case(
                function,
                (game, position, game.to_move(position) == "X"),
                Scores(
                    memoized_minimax(game, position, game.to_move(position) == "X", table=table)
                ),
            )
            for position in positions_from(game, board)
        ]
        below = len(questions) - 1
        description = f"the scores of {board!r} and the {below:,} positions below, asked in turn,"
        case = in_turn_case(description, questions, STALE_HINT)
        cases.append(rehinted(case, partial(slip_or_stale_hint, function, case[2])))
    return cases


def slip_or_stale_hint(function: Callable, asked: Hinted, answer: object) -> str | None:
    """The hint of in_turn_case's `asked` for `answer`, STALE_HINT, unless `function` makes a
    slip of minimax, which remembers nothing."""
    return asked.hint_for(answer) and memo_hint_unless_a_slip(function, STALE_HINT)


def window_case(
    function: Callable,
    game: Game,
    state: State,
    is_maximizing: bool,
    alpha: float,
    beta: float,
) -> Case:
    """A case calling `function` with the window (`alpha`, `beta`), right if fail-hard or
    fail-soft; a wrong answer gets WINDOW_SWAPPED_HINT where `function`'s Min raises alpha."""
    expected = Hinted(
        WithinWindow(memoized_minimax(game, state, is_maximizing), alpha, beta),
        partial(window_not_passed_hint, function, game, state, is_maximizing, alpha, beta),
    )
    case = call_case(function, (game, state, is_maximizing, alpha, beta), expected)
    return min_slip_hinted(function, case)


WINDOW_NOT_PASSED_HINT = (  # a best that starts at -1 or +1 gives the same answers
    "pass the window down: call your function on each move with alpha and beta as they stand, "
    "(game, new_state, not is_maximizing, alpha, beta), and start best at -inf on Max's turn and "
    "inf on Min's; -1 and +1, as defaults or as where best starts, suit only games scored -1 or +1"
)


# made-up trees where alpha-beta that searches every move with the default window answers wrong,
# fail-soft and fail-hard: one answer alone may agree with that slip by chance (a Min that raises
# alpha answers NumberTree(2) from (-6, -3) as it does)
NOT_PASSED_TREES = [(NumberTree(2), "r", True, -inf, inf), (NumberTree(3), "r", False, -inf, inf)]


def window_not_passed_hint(
    function: Callable,
    game: Game,
    state: State,
    is_maximizing: bool,
    alpha: float,
    beta: float,
    answer: object,
) -> str | None:
    """WINDOW_NOT_PASSED_HINT, if `answer` is what alpha-beta gives from (`alpha`, `beta`) when
    it searches every move with the default window instead, fail-soft or fail-hard, and
    `function` answers NOT_PASSED_TREES as that slip does too."""
    if not is_number(answer):
        return None
    for slip in ("window not passed", "window not passed, fail-hard"):
        slipped = partial(alphabeta_with_slip, slip=slip)
        if answer == slipped(game, state, is_maximizing, alpha, beta) and agrees_with(
            function, slipped, NOT_PASSED_TREES
        ):
            return WINDOW_NOT_PASSED_HINT
    return None


def number_tree_cases(function: Callable) -> list[Case]:
    """Scores from made-up trees with scores from -9 to 9, under wide, tight and missed windows."""
    cases = []
    for seed in (1, 2, 3):
        game = NumberTree(seed)
        for is_maximizing in (True, False):
            score = minimax(game, "r", is_maximizing)
            windows = [
                (-inf, inf),
                (-9, 9),
                (score - 2, score + 1),
                (score + 1, score + 4),
                (score - 5, score - 1),
            ]
            cases += [
                window_case(function, game, "r", is_maximizing, alpha, beta)
                for alpha, beta in windows
            ]
    return cases


PRUNING_HINT = (  # for an alpha-beta that expanded more positions than textbook alpha-beta
    "alpha-beta stops trying moves as soon as alpha >= beta (equal is enough), and passes "
    "the window as it stands, narrowed by the moves tried so far, down to each child"
)
NO_CUT_OFF_HINT = (  # for one that expanded as many as plain minimax
    "nothing was cut off: alpha-beta stops trying moves as soon as alpha >= beta (equal is "
    "enough, > waits too long), and the window closes only as Max raises alpha, alpha = "
    "max(alpha, best), and Min lowers beta, beta = min(beta, best), after each move"
)


def work_hint(plain_work: int, answer: object) -> str:
    """NO_CUT_OFF_HINT for an answer (score, positions expanded) that expanded the `plain_work` of
    plain minimax, else PRUNING_HINT."""
    if isinstance(answer, tuple) and len(answer) == 2 and same(answer[1], plain_work):
        return NO_CUT_OFF_HINT
    return PRUNING_HINT


def work_cases(function: Callable) -> list[Case]:
    """Score and positions expanded, in games where no position repeats, against plain minimax and
    textbook alpha-beta."""
    cases = []
    for game, state in [
        (PathGame(SimpleNim(sensible_moves=True)), (10,)),
        (PathGame(SimpleNim()), (9,)),
    ]:
        score, plain_work = score_and_work(minimax, game, state)
        fewer = f"fewer than the {plain_work:,} of minimax, where no position repeats"
        cases.append(
            (
                work_shown(function, game, state),
                lambda game=game, state=state: score_and_work(function, game, state),
                Hinted(
                    (Scores(score), AtMost(plain_work - 1, fewer)), partial(work_hint, plain_work)
                ),
            )
        )
    for game, state, window in [
        (PathGame(Nim()), ((2, 3, 4),), None),
        (PathGame(Nim(last_counter_loses=False)), ((1, 3, 4),), None),
        (NumberTree(4), "r", (-inf, inf)),
        (NumberTree(5), "r", (-9, 9)),
        (NumberTree(6), "r", (-inf, inf)),
        (NumberTree(7), "r", (-9, 9)),
    ]:
        work = TextbookWork(game, state, [(-1, 1), (-inf, inf)] if window is None else [window])
        plain_work = score_and_work(minimax, game, state)[1]
        cases.append(
            (
                work_shown(function, game, state, window),
                lambda work=work, window=window: work.measure(function, window),
                Hinted((Scores(minimax(game, state)), work), partial(work_hint, plain_work)),
            )
        )
    return cases


# Notebook 05's last exercise: alpha-beta with a table that stores and uses bounds

TableSearch = Callable[[Game, State, bool, float, float, dict], float]


@checks_a_function
def check_table_alphabeta(function: TableSearch) -> CheckResult:
    """Check `function(game, state, is_maximizing, alpha, beta, table)`: alpha-beta with a table of
    bounds.

    The table maps ``(state, is_maximizing)`` to ``(lower, upper)``. Scores must be exact from the
    game's full window, even when the table is shared by searches from other windows; every entry
    must hold the true score between its bounds, a draw's 0 too; a second search of a solved
    position must answer from the table, without expanding a single position; a search whose table
    holds a bound on the score must narrow its window with it and keep it in the bounds it stores
    (bounds_kept_cases); and a search from a new table expands no more positions than textbook
    alpha-beta where no position repeats.
    """
    games = [
        (ExplicitTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), "A"),
        (ScoredNim((3, 1, 4, 1, 5)), (5, 0)),
        (ScoredNim(), (8, 0)),
        (SimpleNim(), 9),
        (TicTacToe(), NEAR_A_DRAW),
    ]
    cases, draws = [], partial(misses_a_draw, function)
    for game, state in games:
        low, high = game.score_range
        for is_maximizing in (True, False):
            true = memoized_minimax(game, state, is_maximizing)
            call = shown_call(function, (game, state, is_maximizing, low, high, Shown("table")))
            # the window each measure searches first, from an empty table, for the hint to try
            hint = partial(table_hint, function, game, state, is_maximizing)
            for description, measure, expected in [
                (call, exact_after_narrow, Scores(true, hint)),
                (f"what is wrong in the bounds stored by {call}", bad_entries, Hinted([], hint)),
                (
                    f"positions expanded by {call} a second time",
                    expanded_again,
                    Hinted(0, partial(again_hint, function, game, state, is_maximizing)),
                ),
            ]:
                case = (
                    description,
                    partial(measure, function, game, state, is_maximizing),
                    expected,
                )
                if state == NEAR_A_DRAW:
                    case = rehinted_where(case, draws, DRAW_HINT)
                cases.append(case)
    cases.append(unbounded_case(function, *games[0]))
    cases += bounds_kept_cases(function)
    # stored bounds that miss the score, or a wrong one, may come from a Min that raises alpha
    searched = new_table_search(function)
    # a draw taken for a game going on meets draws in the games of the work cases too
    cases += [rehinted_where(case, draws, DRAW_HINT) for case in table_work_cases(function)]
    cases = [min_slip_hinted(searched, case) for case in cases]
    return run_cases("check_table_alphabeta", cases)


NEAR_A_DRAW = "O..XXOXOX"  # two moves from a draw, whose score, 0, is false
DRAWN_END = "OXOXXOXOX"  # that draw, the game over
DRAW_HINT = (
    "a draw scores 0, which is false: test `is not None`, not the truth of a score (`if score:` "
    "plays on from a finished draw, `if answer:` passes over a draw the table settles)"
)


def misses_a_draw(function: TableSearch) -> bool:
    """Whether `function` takes a draw's 0 for no score, where it reads a win's or a loss's
    (asked again): it searches on from the DRAWN_END, where a finished game of Simple-Nim gets its
    score, or it searches the NEAR_A_DRAW that its table holds exactly at 0, where it answers from
    the table a position held exactly at 1."""

    def expanded(game: Game, state: State, score: int) -> int:
        counting = CountingGame(game)
        function(counting, state, True, -1, 1, {(state, True): (score, score)})
        return counting.expanded

    def finished(game: Game, state: State) -> object:
        return function(game, state, True, -1, 1, {})

    return asked_again(
        lambda: (
            finished(SimpleNim(), 0) == SimpleNim().evaluate(0, True)
            and finished(TicTacToe(), DRAWN_END) != 0
        )
    ) or asked_again(
        lambda: expanded(TicTacToe(), NEAR_A_DRAW, 0) > 0 and expanded(SimpleNim(), 5, 1) == 0
    )


# Trees whose root the table holds at least 3, (3, 9), with Max to move, or at most 3, (0, 3), with
# Min to move, before the search: each reply is held to 3 at its first move, so a search that
# narrows its window with the bound cuts every reply off there, whatever the order of the moves;
# one that does not searches a reply through.
BOUND_AT_THE_ROOT = [
    (ExplicitTree([[[1, 3], [3, 2], [0, 3]], [[3, 3], [2, 3], [3, 1]]], (0, 9)), True, (3, 9)),
    (ExplicitTree([[[3, 5], [4, 3], [6, 3]], [[3, 3], [4, 3], [3, 5]]], (0, 9)), False, (0, 3)),
]

NARROW_HINT = (
    "narrow the window with the table's bounds before searching the moves, alpha, beta = "
    "max(alpha, lower), min(beta, upper): where the table holds the score at least 3 (or at "
    "most 3), a reply that holds the player to move to 3 needs no more search"
)
NO_CUT_WITH_A_TABLE_HINT = (  # for a table search that cut nothing off from a new table
    "nothing was cut off, even from a new table: narrow the window with the bounds read, alpha, "
    "beta = max(alpha, lower), min(beta, upper) (min and max the other way round widen it to "
    "(-inf, inf) at a position not yet in the table), pass it down to each move as it stands, "
    "and close it after each move, Max raising alpha and Min lowering beta, until alpha >= beta "
    "stops the moves"
)
KEEP_BOUNDS_HINT = (
    "store stored_bounds(best, alpha, beta, lower, upper) with the bounds read from the table: "
    "the search proved one bound of the score, 3, the table held the other, and together they "
    "make it exact, (3, 3), which the same search again answers from the table alone"
)


def bounds_kept_cases(function: TableSearch) -> list[Case]:
    """The positions expanded by a search of each tree of BOUND_AT_THE_ROOT from (-inf, inf) with
    the table holding the bound on its root, then by the same search again: at most those of
    nimlib's alpha-beta, which narrows its window with the bounds read and keeps them in the
    bounds it stores."""
    cases = []
    for game, is_maximizing, bounds in BOUND_AT_THE_ROOT:
        filled, windows = {("A", is_maximizing): bounds}, [(-inf, inf), (-inf, inf)]
        call = shown_call(function, (game, "A", is_maximizing, -inf, inf, Shown("table")))
        held = f"with a table holding {shown(filled)}"
        for searches, again, hint in [
            (1, "", NARROW_HINT),
            (2, ", a second time", KEEP_BOUNDS_HINT),
        ]:
            measure = partial(
                expanded_last,
                game=game,
                state="A",
                is_maximizing=is_maximizing,
                windows=windows[:searches],
                filled=filled,
                score=3,  # each tree's
            )
            cases.append(
                (
                    f"positions expanded by {call} {held}{again}",
                    partial(measure, function),
                    Hinted(
                        AtMost(measure(nimlibs_table_search), "as many as alpha-beta with a table"),
                        partial(hint_if_sound, function, game, "A", hint),
                    ),
                )
            )
    return cases


def hint_if_sound(
    function: TableSearch, game: Game, state: State, hint: str, answer: object
) -> str | None:
    """`hint` for work wasted by a search whose stored bounds all hold the true scores (asked
    again), or NO_CUT_WITH_A_TABLE_HINT for one that cuts nothing off even from a new table: one
    whose bounds are wrong has a hint of its own, at the case that shows them."""
    if not asked_again(lambda: bad_entries(function, game, state, True) == []):
        return None
    return cut_off_hint(function, hint)


def cut_off_hint(function: TableSearch, hint: str) -> str:
    """NO_CUT_WITH_A_TABLE_HINT for a table search that cuts nothing off even from a new table
    (asked again), else `hint`."""
    return NO_CUT_WITH_A_TABLE_HINT if asked_again(partial(cuts_nothing, function)) else hint


def cuts_nothing(function: TableSearch) -> bool:
    """Whether `function`, from a new table and the game's window, expands as many positions of a
    made-up tree as plain minimax: its window never closed (not narrowed as moves are tried, or
    widened by a new position's bounds, (-inf, inf))."""
    game, state = NumberTree(5), "r"
    searched = score_and_work(new_table_search(function), game, state, game.score_range)[1]
    return searched == score_and_work(minimax, game, state)[1]


def nimlibs_table_search(
    game: Game, state: State, is_maximizing: bool, alpha: float, beta: float, table: dict
) -> float:
    """nimlib's alphabeta called as the exercise's function is, the table passed last."""
    return alphabeta(game, state, is_maximizing, alpha, beta, table=table)


def unbounded_case(function: TableSearch, game: Game, state: State) -> Case:
    """The score of `state`, Max to move, from the window (-inf, inf) and a new table: a position
    the table does not hold has the bounds (-inf, inf), which settle nothing (a search whose window
    comes to answer_from_table the wrong way round took them for an answer)."""
    call = shown_call(function, (game, state, True, -inf, inf, Shown("{}")))

    def hint(answer: object) -> str | None:
        if answer in (-inf, inf):
            return (
                "a position not yet in the table has the bounds (-inf, inf), which settle nothing: "
                "search it. answer_from_table takes (lower, upper, alpha, beta), in that order"
            )
        return table_hint(function, game, state, True, answer)

    return (
        call,
        lambda: function(game, state, True, -inf, inf, {}),
        Scores(minimax(game, state), hint),
    )


def new_table_search(function: TableSearch) -> Callable[..., float]:
    """`function` as a search without a table argument: each call from a new, empty table."""

    def searched(game: Game, state: State, is_maximizing: bool, alpha: float, beta: float):
        return function(game, state, is_maximizing, alpha, beta, {})

    return searched


def min_raises_alpha(search: Callable[..., float]) -> bool:
    """Whether `search(game, state, is_maximizing, alpha, beta)` answers made-up trees from their
    full window as alpha-beta whose Min raises alpha does (as well as lowering beta, or
    instead)."""
    return any(
        agrees_with(search, partial(alphabeta_with_slip, slip=slip), FULL_WINDOW_TREES)
        for slip in (*MIN_SLIPS, WINDOW_SWAPPED)
    )


def min_slip_hinted(search: Callable[..., float], case: Case) -> Case:
    """`case`, whose wrong answer gets WINDOW_SWAPPED_HINT where `search` (a table search with a
    new table each time, say) has Min raise alpha (see min_raises_alpha), else its own hint: a
    search that passes its window on swapped gives the same answers."""
    return rehinted_where(case, partial(min_raises_alpha, search), WINDOW_SWAPPED_HINT)


def table_work_cases(function: TableSearch) -> list[Case]:
    """Score and positions expanded by `function` from a new table, in games where no position
    repeats (the table never answers): at most textbook alpha-beta's, since a search with a table
    is alpha-beta still."""
    searched, cases = new_table_search(function), []
    for game, state in [(PathGame(Nim()), ((2, 3, 4),)), (NumberTree(5), "r")]:
        window = game.score_range
        work = TextbookWork(game, state, [window])
        call = shown_call(function, (game, state, True, *window, Shown("{}")))
        cases.append(
            (
                f"(score, positions expanded) of {call}",
                lambda work=work, window=window: work.measure(searched, window),
                Hinted(
                    (Scores(minimax(game, state)), work),
                    lambda answer: cut_off_hint(function, PRUNING_HINT),
                ),
            )
        )
    return cases


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


class ReadTable(dict):
    """A table that remembers the keys a search looked up in it (`looked_up`)."""

    def __init__(self) -> None:
        """An empty table, nothing looked up."""
        super().__init__()
        self.looked_up: set = set()

    def get(self, key: object, default: object = None) -> object:
        """The entry of `key`, else `default`."""
        found = super().get(key, default)
        self.looked_up.add(key)
        return found

    def __getitem__(self, key: object) -> object:
        """The entry of `key`, else a KeyError."""
        self.looked_up.add(key)
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        """Whether the table holds `key`."""
        held = super().__contains__(key)
        self.looked_up.add(key)
        return held


def filled_table(function: TableSearch, game: Game, state: State, is_maximizing: bool) -> ReadTable:
    """The table `function` leaves after searching `state` from a few windows, one after another."""
    table = ReadTable()
    low, high = game.score_range
    for alpha, beta in [(-inf, inf), ((low + high) / 2, high), (low, high)]:
        function(game, state, is_maximizing, alpha, beta, table)
    return table


# what bad_entries says, at every case, of a table that holds the first position alone: where the
# recursive calls were not given it, and where they looked in it but stored nothing; how to mend
# each, said once (table_hint)
ROOT_ALONE = Shown("the table holds the first position alone")
ROOT_ALONE_HINT = (
    "pass the table on in the recursive call, so that every position searched stores (lower, "
    "upper) in it"
)
NOTHING_STORED_BELOW = Shown(
    "the table holds the first position alone, though the positions below looked in it"
)
NOTHING_STORED_BELOW_HINT = (
    "the positions below the first returned before storing their bounds: is their window closed "
    "(alpha >= beta) before they search? Narrow it by the table's bounds as max(alpha, lower), "
    "min(beta, upper), and store (lower, upper) at every position searched"
)


def bad_entries(function: TableSearch, game: Game, state: State, is_maximizing: bool) -> list:
    """What is wrong with the table after a few searches (the first wrong entry, and how many more
    there are); an empty list if nothing."""
    table = filled_table(function, game, state, is_maximizing)
    if not table:
        return ["the table is empty: store (lower, upper) for every position searched"]
    if list(table) == [(state, is_maximizing)]:  # each game here has positions below it to store
        passed_on = table.looked_up - {(state, is_maximizing)}
        return [NOTHING_STORED_BELOW if passed_on else ROOT_ALONE]
    problems = [entry_problem(game, key, bounds) for key, bounds in table.items()]
    wrong = [problem for problem in problems if problem is not None]
    others = len(wrong) - 1
    more = f" (and {others:,} more {'entry' if others == 1 else 'entries'})" if others else ""
    return [Shown(wrong[0] + more)] if wrong else []


def entry_problem(game: Game, key: object, bounds: object) -> str | None:
    """What is wrong with the table entry `key`: `bounds` in `game`, in words; None if nothing:
    the key is a pair (state, is_maximizing), the bounds a pair (lower, upper) around its true
    score."""
    if not is_position_key(game, key):
        return f"the key {shown(key)} is not a pair (state, is_maximizing)"
    if not (is_pair(bounds) and all(map(is_number, bounds))):
        return f"{shown(key)}: {shown(bounds)} is not a pair of numbers (lower, upper)"
    true = memoized_minimax(game, *key)
    if not bounds[0] <= true <= bounds[1]:
        return f"{shown(key)}: {shown(bounds)} does not hold the true score {true}"
    return None


def is_position_key(game: Game, key: object) -> bool:
    """Whether `key` is a pair (state, is_maximizing), the state one of `game`'s."""
    shaped = isinstance(key, tuple) and len(key) == 2 and isinstance(key[1], bool)
    return shaped and not raises_value_error(lambda: game.validate(key[0]))


EVERY_SCORE_EXACT_HINT = (
    "your table holds only exact scores, (best, best): a best is exact only strictly inside the "
    "window (alpha, beta) the call was given; store stored_bounds(best, alpha, beta, lower, "
    "upper) with that window, which keeps a bound where a cut-off left one"
)


def table_hint(
    function: TableSearch, game: Game, state: State, is_maximizing: bool, answer: object
) -> str | None:
    """The hint for a wrong score or wrong bounds: entered_hint's from the full window, else
    EVERY_SCORE_EXACT_HINT where `function`'s table (asked again, within the checks' budget)
    holds only exact entries; for a KeyError, how to read a position the table does not hold."""
    if isinstance(answer, KeyError):
        return (
            "a position not yet in the table has no entry to read: take table.get(key, (-inf, "
            "inf)), the bounds (-inf, inf), which settle nothing"
        )
    hint = entered_hint(function, game, state, is_maximizing, -inf, inf, answer)
    if hint is None and answer in ([ROOT_ALONE], [NOTHING_STORED_BELOW]):
        return ROOT_ALONE_HINT if answer == [ROOT_ALONE] else NOTHING_STORED_BELOW_HINT
    if hint is not None or answer == []:
        return hint
    only_exact = asked_again(partial(only_exact_entries, function, game, state, is_maximizing))
    return EVERY_SCORE_EXACT_HINT if only_exact else None


def only_exact_entries(
    function: TableSearch, game: Game, state: State, is_maximizing: bool
) -> bool:
    """Whether `function`'s filled table has entries below the first position's too, each an
    exact score, (s, s), under a key (state, is_maximizing): a table that holds the first position
    alone has a hint of its own (bad_entries)."""
    table = filled_table(function, game, state, is_maximizing)
    return len(table) > 1 and all(
        is_position_key(game, key) and type(bounds) in (tuple, list) and len(set(bounds)) == 1
        for key, bounds in table.items()
    )


ENTERED_HINT = (
    "store the bounds with the window the position was entered with (alpha and beta before the "
    "loop narrowed them, in that order): a best score inside that window is exact, (best, best)"
)


def entered_hint(
    function: TableSearch,
    game: Game,
    state: State,
    is_maximizing: bool,
    alpha: float,
    beta: float,
    answer: object,
) -> str | None:
    """ENTERED_HINT, if a search from (`alpha`, `beta`) into an empty table stores the score of
    `state`, which lies inside that window, as one edge of a bound instead of exactly: the bounds
    worked out with the window as the loop narrowed it (or with alpha and beta swapped)."""
    if answer in ([], 0):
        return None
    true = memoized_minimax(game, state, is_maximizing)
    if not alpha < true < beta:
        return None

    def a_bound_at_the_true_score() -> bool:
        entry = root_entry(function, game, state, is_maximizing, alpha, beta)
        return is_pair(entry) and true in entry and entry[0] != entry[1]

    return ENTERED_HINT if asked_again(a_bound_at_the_true_score) else None


def root_entry(
    function: TableSearch, game: Game, state: State, is_maximizing: bool, alpha: float, beta: float
) -> object:
    """The entry `function` leaves for (state, is_maximizing) searching it from (`alpha`,
    `beta`) with an empty table: a hint asks it again, within the checks' budget."""
    table: dict = {}
    function(game, state, is_maximizing, alpha, beta, table)
    return table.get((state, is_maximizing))


TABLE_FIRST_HINT = (
    "the first search left this position's score exact in the table, under (state, "
    "is_maximizing): look it up under that key and ask answer_from_table(lower, upper, alpha, "
    "beta) before searching, returning its answer"
)


NOTHING_STORED_HINT = (
    "the first search left no entry for this position under (state, is_maximizing): after its "
    "moves are searched, store table[key] = stored_bounds(best, ...) with the window the moves "
    "were searched with, as for a position whose game is over"
)


def again_hint(
    function: TableSearch, game: Game, state: State, is_maximizing: bool, answer: object
) -> str | None:
    """The hint for a second full-window search of `state` that expands positions again:
    entered_hint's, else TABLE_FIRST_HINT where the first search stored the score exactly, or
    NOTHING_STORED_HINT where it stored other positions but not `state`."""
    low, high = game.score_range
    hint = entered_hint(function, game, state, is_maximizing, low, high, answer)
    if hint is not None:
        return hint
    entry = partial(root_entry, function, game, state, is_maximizing, low, high)
    exact = memoized_minimax(game, state, is_maximizing)
    if agrees_with(entry, lambda: (exact, exact), [()]):
        return TABLE_FIRST_HINT

    def others_stored_alone() -> bool:
        table: dict = {}
        function(game, state, is_maximizing, low, high, table)
        return bool(table) and (state, is_maximizing) not in table

    return NOTHING_STORED_HINT if asked_again(others_stored_alone) else None


def expanded_again(
    function: TableSearch, game: Game, state: State, is_maximizing: bool
) -> int | Shown:
    """How many positions a second full-window search of the same position expands."""
    window = game.score_range
    return expanded_last(function, game, state, is_maximizing, [window, window])


EMPTIED = Shown("none to count: the table was left empty")


def expanded_last(
    function: TableSearch,
    game: Game,
    state: State,
    is_maximizing: bool,
    windows: list[tuple[float, float]],
    filled: dict | None = None,
    score: float | None = None,
) -> int | Shown:
    """How many positions the last of the searches of `state` from the `windows`, in turn with one
    table (a copy of `filled`, if given), expands (none to tell, in words, where the table is left
    empty or the search gives no score, or not `score` if given: a search that does nothing, or
    answers anything from a table filled by hand, expands nothing)."""
    counting, table = CountingGame(game), dict(filled or {})

    def in_turn() -> float | Shown:
        for alpha, beta in windows[:-1]:
            function(counting, state, is_maximizing, alpha, beta, table)
        if not table:
            return EMPTIED
        counting.expansions.clear()
        return function(counting, state, is_maximizing, *windows[-1], table)

    answer, expanded = counted(in_turn, counting)
    if answer is EMPTIED:
        return EMPTIED
    if answer is not UNSCORED and not is_number(answer):  # a search not written yet, say
        return Shown(f"none to count: the search gave {shown(answer)}, not a score")
    if answer is not UNSCORED and score is not None and answer != score:
        return Shown(f"none to count: the search gave {shown(answer)}, not the score {score}")
    return expanded


# Notebook 06: exploring the search


def mirrored(node: Node) -> Node:
    """A copy of `node` with the children of every node drawn right to left; the visits keep their
    order."""
    return replace(node, children=[mirrored(child) for child in reversed(node.children)])


def visit_trees() -> list[tuple[str, GameTree]]:
    """The trees check_visited_states asks about, each with the code that builds it."""
    four, five = game_tree(SimpleNim(), 4), game_tree(SimpleNim(), 5, alphabeta=True)
    return [
        ("game_tree(SimpleNim(), 4)", four),
        ("game_tree(SimpleNim(), 5, alphabeta=True)", five),
        ("game_tree(Nim(), (1, 2), alphabeta=True)", game_tree(Nim(), (1, 2), alphabeta=True)),
        (
            "game_tree(Nim(), (2, 2), alphabeta=True, alpha=-inf, beta=inf)",
            game_tree(Nim(), (2, 2), alphabeta=True, alpha=-inf, beta=inf),
        ),
        ("game_tree(SimpleNim(), 4) drawn right to left", GameTree(four.game, mirrored(four.root))),
        (
            "game_tree(SimpleNim(), 5, alphabeta=True) drawn right to left",
            GameTree(five.game, mirrored(five.root)),
        ),
    ]


def visited(tree: GameTree) -> list[State]:
    """The states of the nodes `tree`'s search visited, in the order it visited them."""
    return [node.state for node in tree.visit_order]


@checks_a_function
def check_visited_states(function: Callable[..., list]) -> CheckResult:
    """Check `function(tree, k)`: the states of the first `k` nodes the search of `tree` visits, in
    visit order."""
    name, trees = name_of(function), visit_trees()
    cases = [
        (
            f"{name}({shown_tree}, {k})",
            lambda tree=tree, k=k: function(tree, k),
            Hinted(visited(tree)[:k], partial(visited_states_hint, function, trees, tree, k)),
        )
        for shown_tree, tree in trees
        for k in (1, 6, tree.visited_count)
    ]
    return run_cases("check_visited_states", cases, QUICK_SECONDS)  # a sort, no search


def visited_states_hint(
    function: Callable, trees: list[tuple[str, GameTree]], tree: GameTree, k: int, answer: object
) -> str | None:
    """A hint for a wrong list of the first `k` states `tree`'s search visits: what the answer
    holds instead of the states (visit_kind_hint), the nodes in another order (visit_order_hint),
    another answer each time it is asked (something kept between calls), one state too many or
    too few or each state once (visit_count_hint), the root left out (where `function` leaves it
    out of other trees too: a list of other states can match by chance), or another tree's
    answer."""
    hint = visit_kind_hint(tree, k, answer) or visit_order_hint(tree, k, answer)
    if hint is not None:
        return hint
    if changes_when_asked_again(function, (tree, k)):
        return KEPT_BETWEEN_CALLS_HINT
    hint = visit_count_hint(visited(tree), k, answer)
    if hint is not None:
        return hint
    if same(answer, visited(tree)[1 : k + 1]) and leaves_out_the_root(function, trees):
        return "the search visits the root first: start at visit_order[0], the root's state"
    if answered_for_another_tree(trees, tree, k, answer):
        return ANOTHER_TREE_HINT
    return None


ANOTHER_TREE_HINT = (
    "that is the answer for another tree of the check: work from the tree your function is given "
    "(does something outlive the call, such as a memo, or a default argument, memo={}, made once "
    "when def runs?)"
)
KEPT_BETWEEN_CALLS_HINT = (
    "asked the same again, your function gave another answer: something outlives the call, such "
    "as a list made outside the function or as a default argument (seen=[] is made once, when "
    "def runs): make it inside the function"
)


def answered_for_another_tree(
    trees: list[tuple[str, GameTree]], tree: GameTree, k: int, answer: object
) -> bool:
    """Whether `answer` is the first `k` visits of another tree of the check, not of `tree`."""
    return any(
        same(answer, visited(other)[:k]) and visited(other)[:k] != visited(tree)[:k]
        for _, other in trees
    )


def visit_kind_hint(tree: GameTree, k: int, answer: object) -> str | None:
    """A hint for an answer that holds something else than the states of the first `k` visits:
    the search of `tree` stopped before (an IndexError), the nodes themselves, a set, the k-th
    state alone, or another attribute of each node."""
    if isinstance(answer, IndexError) and k > tree.visited_count:
        return (
            f"the search of this tree visits only {tree.visited_count} nodes, fewer than k = {k}: "
            "give the states of all of them (a slice, visit_order[:k], stops at the end)"
        )
    if isinstance(answer, list) and answer and all(isinstance(item, Node) for item in answer):
        return "give back the states of the nodes (node.state), not the nodes"
    if isinstance(answer, (set, frozenset)):
        return "give a list in the order of the visits: a set keeps no order, nor a state met twice"
    first = tree.visit_order[:k]
    if same(answer, first[-1].state) and not same(answer, [first[-1].state]):
        return "give a list of the first k states, not the k-th state alone"
    for attribute in ("move", "state_label"):  # words, which no list of states can match
        if same(answer, [getattr(node, attribute) for node in first]):
            return f"give each node's state (node.state), not its {attribute}"
    return None


def visit_count_hint(states: list[State], k: int, answer: object) -> str | None:
    """A hint for the first `k` of the visited `states` with one state too many or too few, or
    each state once (none where two of those give the answer)."""
    slips = [
        (states[: k + 1], "one state too many: the first k nodes give k states (visit_order[:k])"),
        (
            once_each(states)[:k],
            "the search may visit a state at several nodes: keep each visit, not each state once",
        ),
    ]
    if k > 1:
        too_few = "one state too few: the first k nodes give k states (visit_order[:k])"
        slips.append((states[: k - 1], too_few))
    return one_slip_hint(answer, slips)


def once_each(states: list[State]) -> list[State]:
    """`states` without the repeats, each where it first comes."""
    return list(dict.fromkeys(states))


def visit_order_hint(tree: GameTree, k: int, answer: object) -> str | None:
    """A hint for the nodes in another order than the visits': the drawing's (naming pruned
    nodes only where the answer holds some), level by level, sorted by visit_index with the
    pruned nodes' None taken as a number before every visit, or sorted by visit_index with their
    None in it, which sorted() cannot compare with a number (a TypeError)."""
    unsortable = isinstance(answer, TypeError) and NONE_WITH_A_NUMBER.search(message_of(answer))
    if unsortable and tree.pruned_count:
        return PRUNED_UNSORTABLE_HINT
    for drawn in (list(tree)[:k], [node for node in tree if node.visited][:k]):
        if same(answer, [node.state for node in drawn]):
            pruned = "" if all(node.visited for node in drawn) else ", pruned nodes included"
            drawing = f"that is the order of the drawing (for node in tree){pruned}"
            return f"{drawing}: the visits are in tree.visit_order"
    if same(answer, level_by_level(tree)[:k]):
        return (
            "that is level by level: the search goes down each move's branch to its end before it "
            "tries the next move (depth first), in tree.visit_order"
        )
    for unvisited in (-1, 0):  # a pruned node's visit_index None, sorted as a number
        nodes = sorted(tree, key=lambda node: unvisited if node.pruned else node.visit_index)
        if same(answer, [node.state for node in nodes[:k]]):
            return (
                "pruned nodes were never visited (their visit_index is None): leave them out "
                "(node.visited), or take the nodes in tree.visit_order"
            )
    return None


# Python's words for None compared with a number, as sorted() by visit_index meets a pruned node
NONE_WITH_A_NUMBER = re.compile(r"'(NoneType' and '(int|float)|(int|float)' and 'NoneType)'")
PRUNED_UNSORTABLE_HINT = (
    "pruned nodes were never visited, and their visit_index is None, which sorted() cannot "
    "compare with a number: take the nodes in tree.visit_order, the visited ones in the order "
    "of their visits"
)


def level_by_level(tree: GameTree) -> list[State]:
    """The states of `tree`'s visited nodes level by level, each level left to right."""
    level, states = [tree.root], []
    while level:
        states += [node.state for node in level if node.visited]
        level = [child for node in level for child in node.children]
    return states


def leaves_out_the_root(function: Callable, trees: list[tuple[str, GameTree]]) -> bool:
    """Whether `function`, asked for the first two visits of the check's first two trees, starts
    each answer at the root's first child, as a function that leaves out the root does."""

    def starts_after_the_root(tree: GameTree) -> bool:
        return same(function(tree, 2)[:1], visited(tree)[1:2])

    return asked_again(lambda: all(starts_after_the_root(tree) for _, tree in trees[:2]))


def changes_when_asked_again(function: Callable, arguments: tuple) -> bool:
    """Whether `function(*arguments)`, asked twice (within the checks' budget), gives a list or a
    tuple, then another answer: something outlives its call."""

    def differs() -> bool:
        first = python_value(function(*arguments))  # a copy of a list that the next call may grow
        return type(first) is tuple and not same(function(*arguments), first)

    return asked_again(differs)


LAST_SCORE_HINT = (
    "the window keeps the best score so far: the max (Max) or min (Min) over every score, not "
    "the last one alone"
)
MAX_AND_MIN_HINT = (
    "Max raises alpha with max(alpha, score), and Min lowers beta with min(beta, score): yours "
    "takes the other one"
)


def window_after(
    alpha: float, beta: float, is_maximizing: bool, scores: list[float]
) -> tuple[float, float]:
    """The right window after the children's `scores`: Max raises alpha to the best of them, Min
    lowers beta to it."""
    if is_maximizing:
        return max([alpha, *scores]), beta
    return alpha, min([beta, *scores])


def window_for_the_other_player(
    alpha: float, beta: float, is_maximizing: bool, scores: list[float]
) -> tuple[float, float]:
    """The window moved for the other player: Max lowers beta and Min raises alpha."""
    return window_after(alpha, beta, not is_maximizing, scores)


def window_of_the_last_score(
    alpha: float, beta: float, is_maximizing: bool, scores: list[float]
) -> tuple[float, float]:
    """The window moved by the last score alone."""
    return window_after(alpha, beta, is_maximizing, scores[-1:])


def bound_set_to_each_score(
    alpha: float, beta: float, is_maximizing: bool, scores: list[float]
) -> tuple[float, float]:
    """The window whose bound is set to each score as it is (alpha = score, without max())."""
    for score in scores:
        if is_maximizing:
            alpha = score
        else:
            beta = score
    return alpha, beta


def window_of_the_first_score(
    alpha: float, beta: float, is_maximizing: bool, scores: list[float]
) -> tuple[float, float]:
    """The window moved by the first score alone (a return inside the loop)."""
    return window_after(alpha, beta, is_maximizing, scores[:1])


def both_bounds_moved(
    alpha: float, beta: float, is_maximizing: bool, scores: list[float]
) -> tuple[float, float]:
    """The window moved by either player: alpha raised and beta lowered to the scores."""
    return max([alpha, *scores]), min([beta, *scores])


def window_of_the_scores_alone(
    alpha: float, beta: float, is_maximizing: bool, scores: list[float]
) -> tuple[float, float]:
    """The window whose bound is the best score, whatever the window entered (where there are
    scores)."""
    if not scores:
        return alpha, beta
    return (max(scores), beta) if is_maximizing else (alpha, min(scores))


def max_and_min_swapped(
    alpha: float, beta: float, is_maximizing: bool, scores: list[float]
) -> tuple[float, float]:
    """The window moved with min() for Max and max() for Min."""
    if is_maximizing:
        return min([alpha, *scores]), beta
    return alpha, max([beta, *scores])


def max_for_min_too(
    alpha: float, beta: float, is_maximizing: bool, scores: list[float]
) -> tuple[float, float]:
    """The window moved with max() for either player: Min raises beta."""
    if is_maximizing:
        return window_after(alpha, beta, is_maximizing, scores)
    return alpha, max([beta, *scores])


def capped_at_the_other_bound(
    alpha: float, beta: float, is_maximizing: bool, scores: list[float]
) -> tuple[float, float]:
    """The right window, but alpha kept at most beta (for Max), or beta at least alpha (for
    Min)."""
    alpha, beta = window_after(alpha, beta, is_maximizing, scores)
    if is_maximizing:
        return min(alpha, beta), beta
    return alpha, max(alpha, beta)


def beta_first(
    alpha: float, beta: float, is_maximizing: bool, scores: list[float]
) -> tuple[float, float]:
    """The right window, given as (beta, alpha)."""
    alpha, beta = window_after(alpha, beta, is_maximizing, scores)
    return beta, alpha


def window_unchanged(
    alpha: float, beta: float, is_maximizing: bool, scores: list[float]
) -> tuple[float, float]:
    """The window entered, as it was."""
    return alpha, beta


# each slip of a window after the scores, as a function that answers as it does, with its hint,
# in the order they are asked about
WINDOW_SLIPS = {
    window_for_the_other_player: "Max raises alpha and Min lowers beta: yours are swapped",
    window_of_the_last_score: LAST_SCORE_HINT,
    bound_set_to_each_score: LAST_SCORE_HINT,
    window_of_the_first_score: (
        "the window keeps the best of every score, not the first one alone: is your return "
        "inside the loop? It ends the call after the first score"
    ),
    both_bounds_moved: ONE_BOUND_EACH_HINT,
    window_of_the_scores_alone: (
        "start from the window the position was entered with: alpha = max(alpha, score), so a "
        "score below alpha leaves alpha as it was"
    ),
    max_and_min_swapped: MAX_AND_MIN_HINT,  # the window unchanged, but where a score is beyond it
    max_for_min_too: MAX_AND_MIN_HINT,
    capped_at_the_other_bound: (
        "alpha may pass beta (or beta alpha): that is a cut-off, and the window keeps the score "
        "itself, alpha = max(alpha, score)"
    ),
    beta_first: "give alpha first: the pair (alpha, beta)",
    window_unchanged: (  # also what the two above give where no score passes the window's far edge
        "the window moves with the scores: Max sets alpha = max(alpha, score), Min sets beta = "
        "min(beta, score) (max() or min() alone, without the =, changes nothing)"
    ),
}


def window_after_hint(function: Callable, arguments: tuple, answer: object) -> str | None:
    """The hint for a wrong window: max() or min() of no scores, an answer that is not a pair,
    another answer each time it is asked (something kept between calls), or the one slip of
    WINDOW_SLIPS whose window for `arguments` is `answer`, and whose windows `function` gives
    for TELLING_WINDOWS too."""
    scores = arguments[-1]
    if not scores and isinstance(answer, (TypeError, ValueError)):
        return (
            "scores may be empty (no child searched yet): the window is then the one the position "
            "was entered with; max(alpha, *scores) and max(scores) fail on an empty list, "
            "max([alpha, *scores]) does not"
        )
    if isinstance(answer, (bool, dict)) or is_number(answer) or not_two(answer):
        return "give back the pair (alpha, beta): two numbers, alpha first"
    if changes_when_asked_again(on_a_copy(function), arguments):
        return KEPT_BETWEEN_CALLS_HINT
    return one_slip_hint(
        answer,
        (
            (slipped(*arguments), hint)
            for slipped, hint in WINDOW_SLIPS.items()
            if agrees_with(on_a_copy(function), slipped, TELLING_WINDOWS)
        ),
    )


# windows where each slip of WINDOW_SLIPS gives other answers than every other slip, and than the
# right window: where one of them fits a case by chance (a window left as it was, say, is what
# Max taking min() leaves too where no score is beyond it), these tell them apart
TELLING_WINDOWS = [
    (4, 9, True, [2, 3]),
    (-9, 0, False, [1, 5]),
    (0, 9, True, [6, 2, 5]),
    (0, 9, False, [2, 8, 4]),
    (0, 5, True, [3, 7]),
    (-2, 6, False, [4, -5]),
    (-inf, inf, True, [3, 7, 2]),
    (-inf, inf, False, [3, 1, 5]),
]


def on_a_copy(function: Callable) -> Callable:
    """`function(alpha, beta, is_maximizing, scores)` given a copy of the scores: a function that
    sorts or empties its list leaves the check's own as it was. Unlike an answer that changes the
    data it is given elsewhere (leaving_its_input), it is not wrong for that: the scores of the
    children searched so far are what the replay shows, and nothing reads them again."""

    def given_a_copy(alpha: float, beta: float, is_maximizing: bool, scores: list) -> object:
        return function(alpha, beta, is_maximizing, list(scores))

    return given_a_copy


def not_two(answer: object) -> bool:
    """Whether `answer` is a tuple or a list of other than two items."""
    return type(answer) in (tuple, list) and len(answer) != 2


@checks_a_function
def check_window_after(function: Callable[..., tuple[float, float]]) -> CheckResult:
    """Check `function(alpha, beta, is_maximizing, scores)`: alpha and beta after the children's
    `scores`."""
    examples = [
        ((-1, 1, True, []), (-1, 1)),
        ((-1, 1, True, [-1]), (-1, 1)),
        ((-1, 1, True, [-1, 1]), (1, 1)),
        ((-1, 1, False, [1, -1]), (-1, -1)),
        ((-inf, inf, True, [-1]), (-1, inf)),
        ((-inf, inf, False, [1]), (-inf, 1)),
        ((-1, inf, False, [1, 1]), (-1, 1)),
        ((-inf, 1, True, [-1, -1]), (-1, 1)),
        ((-inf, inf, True, [3, 7, 2]), (7, inf)),
        ((-inf, inf, False, [3, 1, 5]), (-inf, 1)),
        ((4, 9, True, [2, 3]), (4, 9)),
        ((-9, 0, False, [1, 5]), (-9, 0)),
        ((0, 9, True, [6, 2, 5]), (6, 9)),
        ((0, 9, False, [2, 8, 4]), (0, 2)),
        ((2, 9, False, []), (2, 9)),
        ((0, 5, True, [3, 7]), (7, 5)),
        ((-2, 6, False, [4, -5]), (-2, -5)),
    ]
    cases = [
        window_after_case(
            function,
            arguments,
            Scores(expected, partial(window_after_hint, function, arguments)),
        )
        for arguments, expected in examples
    ]
    return run_cases("check_window_after", cases, QUICK_SECONDS)  # a few comparisons


def window_after_case(function: Callable, arguments: tuple, expected: Scores) -> Case:
    """The case of `function(*arguments)`, given a copy of the scores (on_a_copy), which the hint
    reads."""
    return (shown_call(function, arguments), lambda: on_a_copy(function)(*arguments), expected)
