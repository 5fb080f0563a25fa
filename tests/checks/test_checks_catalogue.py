"""Every check of notebooks 01 to 09, tried against at least five wrong solutions of different kinds
and two right ones of different styles, written as learners write them (issue 25; the checks of the
newer notebooks have their own catalogue, test_checks_catalogue_10_11.py, by a stricter rule).
CATALOGUE is the table of them; `python tests/checks/test_checks_catalogue.py` prints it with the
verdicts."""

import sys
from functools import cache, lru_cache, reduce
from itertools import count
from math import inf
from operator import xor
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(
    0, str(Path(__file__).parent)
)  # the solutions kept by the other tests of the checks

import table_solutions  # noqa: E402
import test_checks_issue_kinds as kinds  # noqa: E402
import test_checks_wrong_solutions as earlier  # noqa: E402
from flat_text import flat  # noqa: E402

import nimlib.checks as checks  # noqa: E402
from nimlib import SimpleNim, alphabeta, memoized_minimax, minimax  # noqa: E402
from nimlib.games.tictactoe import TicTacToe  # noqa: E402
from nimlib.theory import fibonacci_numbers, mex  # noqa: E402

# Notebook 01: a minimax for Simple-Nim, and the patient best move


def simple_minimax(counters, max_turn, takes=(1, 2, 3), last_counter_loses=True):
    if counters == 0:
        mover_wins = last_counter_loses
        return 1 if mover_wins == max_turn else -1
    scores = [
        simple_minimax(counters - t, not max_turn, takes, last_counter_loses)
        for t in takes
        if t <= counters
    ]
    return max(scores) if max_turn else min(scores)


def max_and_min_swapped(counters, max_turn):
    if counters == 0:
        return 1 if max_turn else -1
    scores = [
        max_and_min_swapped(counters - take, not max_turn) for take in (1, 2, 3) if take <= counters
    ]
    return min(scores) if max_turn else max(scores)


def period_four(counters, max_turn):
    mover_loses = counters % 4 == 1
    return (-1 if mover_loses else 1) * (1 if max_turn else -1)


def minimax_base_case_at_one(counters, max_turn):
    if counters <= 1:
        return -1 if max_turn else 1
    scores = [
        minimax_base_case_at_one(counters - t, not max_turn) for t in (1, 2, 3) if t <= counters
    ]
    return max(scores) if max_turn else min(scores)


def takes_more_than_left(counters, max_turn):
    if counters == 0:
        return 1 if max_turn else -1
    scores = [
        takes_more_than_left(counters - t, not max_turn) for t in (1, 2, 3) if counters - t >= -1
    ]
    return max(scores) if max_turn else min(scores)


SIMPLE_MINIMAX = (
    {
        "recursion with max and min": simple_minimax,
        "closed form, period 4": period_four,
        "functools.cache": cache(lambda n, max_turn: simple_minimax(n, max_turn)),
    },
    {
        "normal play (last counter wins)": lambda n, max_turn: simple_minimax(
            n, max_turn, last_counter_loses=False
        ),
        "max and min swapped": max_and_min_swapped,
        "the score of the player to move": lambda n, max_turn: simple_minimax(n, True),
        "takes 1 or 2 only": lambda n, max_turn: simple_minimax(n, max_turn, takes=(1, 2)),
        "game over at 1 counter": minimax_base_case_at_one,
        "a take may overshoot 0": takes_more_than_left,
    },
)


def first_winning_move(counters, otherwise=lambda counters: counters - 1):
    for take in (1, 2, 3):
        if take <= counters and minimax(SimpleNim(), counters - take, False) == 1:
            return counters - take
    return otherwise(counters)


def leave_four_k_plus_one(counters):
    return counters - 1 if counters % 4 == 1 else counters - (counters - 1) % 4


FIRST_BEST_MOVE = (
    {"search each take": first_winning_move, "closed form": leave_four_k_plus_one},
    {
        "the last take tried when all lose": lambda n: first_winning_move(
            n, otherwise=lambda n: max(n - 3, 0)
        ),
        "the take, not the counters left": lambda n: n - first_winning_move(n),
        "read from the wrong side": lambda n: next(
            (n - t for t in (1, 2, 3) if t <= n and minimax(SimpleNim(), n - t, True) == 1), n - 1
        ),
        "best_move's pair": lambda n: (1, first_winning_move(n)),
        "the score": lambda n: minimax(SimpleNim(), n, True),
        "always take 1": lambda n: n - 1,
    },
)

# Notebook 02: the general minimax, negamax, the won/lost recursion


def general_minimax(game, state, is_maximizing):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    scores = [
        general_minimax(game, new, not is_maximizing) for new in game.possible_new_states(state)
    ]
    return max(scores) if is_maximizing else min(scores)


def loop_minimax(game, state, is_maximizing):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    best = -inf if is_maximizing else inf
    for new_state in game.possible_new_states(state):
        value = loop_minimax(game, new_state, not is_maximizing)
        best = max(best, value) if is_maximizing else min(best, value)
    return best


def never_switches(game, state, is_maximizing):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    scores = [never_switches(game, new, is_maximizing) for new in game.possible_new_states(state)]
    return max(scores) if is_maximizing else min(scores)


def evaluates_for_max(game, state, is_maximizing):
    score = game.evaluate(state, True)
    if score is not None:
        return score
    scores = [
        evaluates_for_max(game, new, not is_maximizing) for new in game.possible_new_states(state)
    ]
    return max(scores) if is_maximizing else min(scores)


def first_move_only(game, state, is_maximizing):
    score = game.evaluate(state, is_maximizing)
    return (
        score
        if score is not None
        else first_move_only(game, game.possible_new_states(state)[0], not is_maximizing)
    )


GENERAL_MINIMAX = (
    {
        "max and min of a list": general_minimax,
        "a loop keeping the best": loop_minimax,
        "nimlib's": minimax,
    },
    {
        "max and min swapped": lambda game, state, is_max: (
            -general_minimax(game, state, not is_max)
        ),
        "the player never switches": never_switches,
        "evaluate always for Max": evaluates_for_max,
        "only +1 and -1": lambda game, state, is_max: (
            1 if general_minimax(game, state, is_max) > 0 else -1
        ),
        "the first move only": first_move_only,
        "Simple-Nim's rules built in": lambda game, state, is_max: simple_minimax(state, is_max),
    },
)


def negamax(game, state):
    score = game.evaluate(state, True)
    if score is not None:
        return score
    return max(-negamax(game, new) for new in game.possible_new_states(state))


@cache
def cached_negamax(game, state):
    score = game.evaluate(state, True)
    return (
        score
        if score is not None
        else -min(cached_negamax(game, new) for new in game.possible_new_states(state))
    )


def negamax_without_minus(game, state):
    score = game.evaluate(state, True)
    if score is not None:
        return score
    return max(negamax_without_minus(game, new) for new in game.possible_new_states(state))


def negamax_evaluating_for_min(game, state):
    score = game.evaluate(state, False)
    if score is not None:
        return score
    return max(-negamax_evaluating_for_min(game, new) for new in game.possible_new_states(state))


NEGAMAX = (
    {"max of the negated": negamax, "minus the min, cached": cached_negamax},
    {
        "for the other player": lambda game, state: -negamax(game, state),
        "no minus sign": negamax_without_minus,
        "evaluate for Min": negamax_evaluating_for_min,
        "min instead of max": lambda game, state: min(
            [-negamax(game, new) for new in game.possible_new_states(state)]
            or [game.evaluate(state, True)]
        ),
        "the first move only": lambda game, state: first_move_only(game, state, True),
    },
)


def wins(counters, takes):
    return any(not wins(counters - take, takes) for take in takes if take <= counters)


def wins_by_table(counters, takes):
    won = []
    for n in range(counters + 1):
        won.append(any(not won[n - take] for take in takes if take <= n))
    return won[counters]


WON_LOST = (
    {
        "any over the moves": wins,
        "a table from 0 up": wins_by_table,
        "numpy bool": lambda n, t: np.bool_(wins(n, t)),
    },
    {
        "the other player": lambda n, t: not wins(n, t),
        "takes 1, 2, 3 whatever the takes": lambda n, t: wins(n, (1, 2, 3)),
        "the period of 1, 2, 3 for every takes": lambda n, t: n % (max(t) + 1) != 0,
        "all instead of any": lambda n, t: (
            n > 0 and all(not wins(n - take, t) for take in t if take <= n)
        ),
        "misère: the last counter loses": lambda n, t: (
            n == 0 or any(not wins_misere(n - take, t) for take in t if take <= n)
        ),
    },
)


def wins_misere(counters, takes):
    return counters == 0 or any(
        not wins_misere(counters - take, takes) for take in takes if take <= counters
    )


# Notebook 03: a game of one's own


class Misere(kinds.TakeOneThreeOrFour):
    def evaluate(self, counters, is_maximizing):
        return None if counters > 0 else (1 if is_maximizing else -1)


class TakesOneTwoThree(kinds.TakeOneThreeOrFour):
    def possible_new_states(self, counters):
        return [counters - take for take in (1, 2, 3) if take <= counters]


class Overshoots(kinds.TakeOneThreeOrFour):
    def possible_new_states(self, counters):
        return [counters - take for take in (1, 3, 4)]


class TrustsItsInput(kinds.TakeOneThreeOrFour):
    def validate(self, counters):
        return counters


VARIANT = (
    {
        "a class of its own": kinds.TakeOneThreeOrFour,
        "an instance": kinds.TakeOneThreeOrFour(),
        "SimpleNim with other takes": SimpleNim(takes=(1, 3, 4), last_counter_loses=False),
    },
    {
        "misère": Misere,
        "takes 1, 2 or 3": TakesOneTwoThree,
        "a take may overshoot 0": Overshoots,
        "validate refuses 0": kinds.TakeOneThreeOrFour(smallest=1),
        "validate accepts anything": TrustsItsInput,
        "validate converts with int()": earlier.TakeOneThreeOrFour(convert=int),
    },
)

# Notebook 04: memos


def memo_minimax(game, state, is_maximizing, memo=None):
    memo = {} if memo is None else memo
    if (state, is_maximizing) not in memo:
        score = game.evaluate(state, is_maximizing)
        if score is None:
            scores = [
                memo_minimax(game, new, not is_maximizing, memo)
                for new in game.possible_new_states(state)
            ]
            score = max(scores) if is_maximizing else min(scores)
        memo[state, is_maximizing] = score
    return memo[state, is_maximizing]


@cache
def cached_minimax(game, state, is_maximizing):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    scores = [
        cached_minimax(game, new, not is_maximizing) for new in game.possible_new_states(state)
    ]
    return max(scores) if is_maximizing else min(scores)


def state_only_memo(game, state, is_maximizing, memo=None):
    memo = {} if memo is None else memo
    if state not in memo:
        score = game.evaluate(state, is_maximizing)
        if score is None:
            scores = [
                state_only_memo(game, new, not is_maximizing, memo)
                for new in game.possible_new_states(state)
            ]
            score = max(scores) if is_maximizing else min(scores)
        memo[state] = score
    return memo[state]


SHARED = {}


def stored_never_read(game, state, is_maximizing, memo=None):
    memo = {} if memo is None else memo
    score = game.evaluate(state, is_maximizing)
    if score is None:
        scores = [
            stored_never_read(game, new, not is_maximizing, memo)
            for new in game.possible_new_states(state)
        ]
        score = max(scores) if is_maximizing else min(scores)
    memo[state, is_maximizing] = score
    return score


GLOBAL_MEMO = {}


def global_walrus_memo(game, state, is_maximizing):
    """A memo at module level, one for every call, that takes a stored draw (0) for a missing
    entry."""
    key = (repr(game), state, is_maximizing)
    if cached := GLOBAL_MEMO.get(key):
        return cached
    score = game.evaluate(state, is_maximizing)
    if score is None:
        scores = [
            global_walrus_memo(game, new, not is_maximizing)
            for new in game.possible_new_states(state)
        ]
        score = max(scores) if is_maximizing else min(scores)
    GLOBAL_MEMO[key] = score
    return score


MEMOIZED_MINIMAX = (
    {
        "a dict passed down": memo_minimax,
        "functools.cache": cached_minimax,
        "walrus, is not None": kinds.get_with_none_default,
    },
    {
        "no memo": minimax,
        "keyed by the state only": state_only_memo,
        "one memo for every game": lambda game, state, is_max: memo_minimax(
            game, state, is_max, SHARED
        ),
        "a draw taken for a missing entry": kinds.walrus_memo,
        "state between calls: a global memo, a draw taken for a missing entry": global_walrus_memo,
        "stored, never read": stored_never_read,
    },
)


def tiny_cache_wins(counters, takes):
    @lru_cache(maxsize=1)
    def won(counters):
        return any(not won(counters - take) for take in takes if take <= counters)

    return won(counters)


WON_LOST_MEMO = (
    {
        "functools.cache": earlier.cached_wins,
        "a dict passed down": earlier.memo_wins,
        "a memo inside": earlier.memo_inside,
        "a memo and a helper": kinds.memo_with_a_helper,
    },
    {
        "no memo": wins,
        "one memo for every takes": earlier.shared_memo_wins,
        "a memo on a wrapper": kinds.a_memo_on_the_wrapper(),
        "functools.cache on a wrapper": kinds.a_cached_wrapper(),
        "a memo of the wrong answers": cache(lambda n, t: not wins(n, t)),
        "a cache too small": tiny_cache_wins,
    },
)

DISTINCT_NEW_STATES = (
    {
        "a generator": earlier.first_of_each_canonical_form,
        "a list": lambda game, state: list(earlier.first_of_each_canonical_form(game, state)),
    },
    earlier.WRONG_DISTINCT,
)

CANONICAL = (earlier.RIGHT_CANONICAL, earlier.WRONG_CANONICAL)

# Notebook 05: alpha-beta, and its table of bounds

GLOBAL_CACHE = {}


def alphabeta_with_a_global_cache(game, state, is_maximizing, alpha=-1, beta=1):
    """A cache at module level that keeps whatever a search under a narrowed window found as
    exact."""
    key = (game, state, is_maximizing)
    if key in GLOBAL_CACHE:
        return GLOBAL_CACHE[key]
    score = game.evaluate(state, is_maximizing)
    if score is None:
        score = -inf if is_maximizing else inf
        for new_state in game.possible_new_states(state):
            value = alphabeta_with_a_global_cache(game, new_state, not is_maximizing, alpha, beta)
            score = max(score, value) if is_maximizing else min(score, value)
            alpha, beta = (max(alpha, value), beta) if is_maximizing else (alpha, min(beta, value))
            if alpha >= beta:
                break
    GLOBAL_CACHE[key] = score
    return score


ALPHABETA = (
    {function.__name__: function for function in earlier.RIGHT_ALPHABETA}
    | {
        "moves reversed": kinds.in_order(reversed),
        "caches exact scores only": kinds.exact_only_cache,
    },
    earlier.WRONG_ALPHABETA
    | {
        "a cache of bounds as scores": kinds.cached_alphabeta,
        "state between calls: a global cache of bounds as scores": alphabeta_with_a_global_cache,
    },
)


def nimlib_table(game, state, is_maximizing, alpha, beta, table):
    return alphabeta(game, state, is_maximizing, alpha, beta, table=table)


def bounds_swapped(game, state, is_maximizing, alpha, beta, table):
    score = table_solutions.table_alphabeta(game, state, is_maximizing, alpha, beta, table)
    for key, (lower, upper) in list(table.items()):
        if lower != upper:
            table[key] = (upper, lower)
    return score


def never_reads_the_table(game, state, is_maximizing, alpha, beta, table):
    return table_solutions.table_alphabeta(game, state, is_maximizing, alpha, beta, {})


def stores_every_result_as_exact(game, state, is_maximizing, alpha, beta, table):
    score = alphabeta(game, state, is_maximizing, alpha, beta)
    table[state, is_maximizing] = (score, score)
    return score


def plain_alphabeta_and_an_exact_table(game, state, is_maximizing, alpha, beta, table):
    score = alphabeta(game, state, is_maximizing, alpha, beta)
    table[state, is_maximizing] = (-inf, inf)
    return score


TABLE_ALPHABETA = (
    {"the notebook's table": table_solutions.table_alphabeta, "nimlib's table": nimlib_table},
    {
        "scores cached as exact": table_solutions.naive_table_alphabeta,
        "bounds swapped": bounds_swapped,
        "never reads the table": never_reads_the_table,
        "every result stored as exact": stores_every_result_as_exact,
        "stores nothing it can use": plain_alphabeta_and_an_exact_table,
        "stores nothing": lambda game, state, is_maximizing, alpha, beta, table: None,
    },
)

# Notebook 06: the visit order, the window after a move

VISITED_STATES = (
    {
        "the visit order": lambda tree, k: [node.state for node in tree.visit_order][:k],
        "sorted by visit_index": lambda tree, k: [
            node.state
            for node in sorted((n for n in tree if n.visited), key=lambda n: n.visit_index)
        ][:k],
    },
    earlier.WRONG_VISITS
    | {
        "visited, sorted by state": lambda tree, k: sorted(node.state for node in tree.visit_order)[
            :k
        ]
    },
)

WINDOW_AFTER = (
    {f"style {n}": function for n, function in enumerate(earlier.RIGHT_WINDOWS, 1)},
    earlier.WRONG_WINDOWS,
)

# Notebook 07: winning moves, and a look ahead


def winning_moves_as_a_tuple(game, state):
    return tuple(
        new for new in game.possible_new_states(state) if memoized_minimax(game, new, True) == -1
    )


WINNING_MOVES = (
    {
        "a list, with the memo": earlier.winning_moves,
        "a tuple, from the other side": winning_moves_as_a_tuple,
    },
    earlier.WRONG_WINNING_MOVES,
)


def look_ahead(game, state, depth, is_maximizing, guess):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    if depth == 0:
        return guess(state, is_maximizing)
    scores = [
        look_ahead(game, new, depth - 1, not is_maximizing, guess)
        for new in game.possible_new_states(state)
    ]
    return max(scores) if is_maximizing else min(scores)


def look_ahead_negamax(game, state, depth, is_maximizing, guess):
    def value(state, depth, sign):
        score = game.evaluate(state, sign == 1)
        if score is None and depth == 0:
            score = guess(state, sign == 1)
        if score is not None:
            return sign * score
        return max(-value(new, depth - 1, -sign) for new in game.possible_new_states(state))

    return value(state, depth, 1 if is_maximizing else -1) * (1 if is_maximizing else -1)


def variant_of_look_ahead(
    at_depth_zero=None, next_depth=lambda depth: depth - 1, evaluate_first=True
):
    def search(game, state, depth, is_maximizing, guess):
        score = game.evaluate(state, is_maximizing) if evaluate_first else None
        if score is not None:
            return score
        if depth == 0:
            return (at_depth_zero or guess)(state, is_maximizing)
        new_states = game.possible_new_states(state)
        if not new_states:
            return game.evaluate(state, is_maximizing)
        scores = [
            search(game, new, next_depth(depth), not is_maximizing, guess) for new in new_states
        ]
        return max(scores) if is_maximizing else min(scores)

    return search


DEPTH_LIMITED = (
    {"minimax with a depth": look_ahead, "negamax with a depth": look_ahead_negamax},
    {
        "guesses even at the end": variant_of_look_ahead(evaluate_first=False),
        "ignores the guess": variant_of_look_ahead(at_depth_zero=lambda state, is_max: 0),
        "guesses for the other player": variant_of_look_ahead(
            at_depth_zero=lambda state, is_max: -sum(state) / 10 if is_max else sum(state) / 10
        ),
        "looks one move less": variant_of_look_ahead(next_depth=lambda depth: max(depth - 2, 0)),
        "never counts down": variant_of_look_ahead(next_depth=lambda depth: depth),
        "max and min swapped": lambda game, state, depth, is_max, guess: look_ahead(
            game, state, depth, not is_max, guess
        ),
    },
)

# Notebook 08: patterns and theory


def nim_sum_loop(piles):
    total = 0
    for pile in piles:
        total ^= pile
    return total != 0


NIM_SUM_RULE = (
    {"reduce with xor": lambda piles: reduce(xor, piles, 0) != 0, "a loop": nim_sum_loop},
    {
        "the sum is odd": lambda piles: sum(piles) % 2 == 1,
        "the nim-sum is zero": lambda piles: reduce(xor, piles, 0) == 0,
        "misère's rule": lambda piles: (
            (reduce(xor, piles, 0) != 0) != all(pile <= 1 for pile in piles)
        ),
        "any pile left": lambda piles: any(piles),
        "the largest pile is odd": lambda piles: max(piles) % 2 == 1,
    },
)


def mex_by_counting(values):
    return next(n for n in count() if n not in values)


MEX = (
    {"nimlib's": mex, "count up": mex_by_counting, "numpy": lambda values: np.int64(mex(values))},
    {
        "one more than the largest": lambda values: max(values, default=-1) + 1,
        "the number of values": len,
        "the smallest missing from 1": lambda values: next(n for n in count(1) if n not in values),
        "the first gap of the sorted list": lambda values: next(
            (n for n, value in enumerate(sorted(values)) if n != value), len(values)
        ),
        "the smallest value": lambda values: min(values, default=0),
    },
)


@cache
def grundy_of(counters, takes):
    return mex({grundy_of(counters - take, takes) for take in takes if take <= counters})


def grundy_table(counters, takes):
    values = []
    for n in range(counters + 1):
        values.append(mex({values[n - take] for take in takes if take <= n}))
    return values[counters]


GRUNDY = (
    {"cached recursion": grundy_of, "a table from 0 up": grundy_table},
    {
        "the period of 1, 2, 3": lambda n, t: n % (max(t) + 1),
        "won or lost as 1 or 0": lambda n, t: int(wins(n, t)),
        "one more than the largest": lambda n, t: (
            max((grundy_of(n - take, t) for take in t if take <= n), default=-1) + 1
        ),
        "the number of moves": lambda n, t: sum(take <= n for take in t),
        "takes 1, 2, 3 whatever the takes": lambda n, t: grundy_of(n, (1, 2, 3)),
    },
)


def greedy_parts(n):
    parts = []
    for fib in reversed(fibonacci_numbers(n)):
        if fib <= n:
            parts, n = [*parts, fib], n - fib
    return parts


def recursive_parts(n):
    if n == 0:
        return []
    largest = max(fib for fib in fibonacci_numbers(n) if fib <= n)
    return [largest, *recursive_parts(n - largest)]


def binary_parts(n):
    return [1 << bit for bit in reversed(range(n.bit_length())) if n >> bit & 1]


ZECKENDORF = (
    {"greedy, largest first": greedy_parts, "recursive": recursive_parts},
    {
        "smallest first": lambda n: sorted(greedy_parts(n)),
        "powers of two": binary_parts,
        "ones": lambda n: [1] * n,
        "the largest part only": lambda n: greedy_parts(n)[:1],
        "consecutive Fibonacci numbers allowed": lambda n: (
            [n - 1, 1] if n in (4, 12) else greedy_parts(n)
        ),
    },
)

# Notebook 09: tic-tac-toe

LINES, GAME = kinds.LINES, TicTacToe()


def winner_of_lines(board):
    for a, b, c in LINES:
        if board[a] != "." and board[a] == board[b] == board[c]:
            return board[a]
    return None


def winner_by_rows_and_columns(board):
    rows = [board[i : i + 3] for i in (0, 3, 6)]
    lines = (
        rows + ["".join(column) for column in zip(*rows, strict=True)] + [board[0::4], board[2:7:2]]
    )
    return next((line[0] for line in lines if line in ("XXX", "OOO")), None)


WINNER = (
    {
        "a list of lines": winner_of_lines,
        "rows, columns, diagonals as text": winner_by_rows_and_columns,
    },
    {
        "no diagonals": lambda board: next(
            (
                board[a]
                for a, b, c in LINES[:6]
                if board[a] != "." and board[a] == board[b] == board[c]
            ),
            None,
        ),
        "an empty line wins": kinds.three_equal_squares,
        "the player to move": lambda board: "X" if board.count("X") == board.count("O") else "O",
        "the last player to move": lambda board: (
            "O" if board.count("X") == board.count("O") else "X"
        ),
        "nobody ever": lambda board: None,
    },
)


def all_eight(board):
    rotate = lambda b: "".join(b[6 - 3 * (i % 3) + i // 3] for i in range(9))  # noqa: E731
    mirror = lambda b: "".join(b[3 * (i // 3) + 2 - i % 3] for i in range(9))  # noqa: E731
    boards = [board]
    for _ in range(3):
        boards.append(rotate(boards[-1]))
    return boards + [mirror(b) for b in boards]


CANONICAL_BOARD = (
    {
        "the smallest image": lambda board: min(all_eight(board)),
        "the set of images": lambda b: frozenset(all_eight(b)),
    },
    {
        "rotations only": lambda board: min(all_eight(board)[:4]),
        "a list of images": lambda board: sorted(all_eight(board)),
        "the board itself": lambda board: board,
        "the marks counted": lambda board: (board.count("X"), board.count("O")),
        "the centre and the counts": lambda board: (board[4], board.count("X"), board.count("O")),
    },
)


@cache
def count_games(board):
    if TicTacToe().winner(board) or "." not in board:
        return 1
    mark = "X" if board.count("X") == board.count("O") else "O"
    return sum(count_games(board[:i] + mark + board[i + 1 :]) for i in range(9) if board[i] == ".")


def count_games_with_a_dict(board, counts=None):
    counts = {} if counts is None else counts
    if board not in counts:
        if GAME.evaluate(board, True) is not None:
            counts[board] = 1
        else:
            counts[board] = sum(
                count_games_with_a_dict(new, counts) for new in GAME.possible_new_states(board)
            )
    return counts[board]


def count_games_without_a_memo(board):
    if GAME.evaluate(board, True) is not None:
        return 1
    return sum(count_games_without_a_memo(new) for new in GAME.possible_new_states(board))


def count_until_full(board):
    if "." not in board:
        return 1
    mark = "X" if board.count("X") == board.count("O") else "O"
    return sum(
        count_until_full(board[:i] + mark + board[i + 1 :]) for i in range(9) if board[i] == "."
    )


def count_positions(board):
    seen, stack = {board}, [board]
    while stack:
        for new in TicTacToe().possible_new_states(stack.pop()):
            if new not in seen:
                seen.add(new)
                stack.append(new)
    return len(seen)


COUNT_GAMES = (
    {
        "cached, with the rules written out": count_games,
        "the game's moves, a dict": count_games_with_a_dict,
    },
    {
        "plays on after a win": count_until_full,
        "no memo: stopped from the empty board": count_games_without_a_memo,
        "counts positions": count_positions,
        "counts the moves from here": lambda board: board.count("."),
        "0 for a finished game": lambda board: (
            0 if TicTacToe().evaluate(board, True) is not None else count_games(board)
        ),
        "the factorial of the empty squares": lambda board: int(
            np.prod(range(1, board.count(".") + 1))
        ),
    },
)


def open_lines(board, mark):
    other = "O" if mark == "X" else "X"
    return sum(other not in (board[a], board[b], board[c]) for a, b, c in LINES)


OPEN_LINES = (
    {"a sum over the lines": open_lines, "the game's own": TicTacToe().open_lines},
    {
        "lines holding the mark": lambda board, mark: sum(
            mark in (board[a], board[b], board[c]) for a, b, c in LINES
        ),
        "empty lines only": lambda board, mark: sum(
            board[a] == board[b] == board[c] == "." for a, b, c in LINES
        ),
        "lines free of one's own mark": lambda board, mark: open_lines(
            board, "O" if mark == "X" else "X"
        ),
        "rows and columns only": lambda board, mark: sum(
            ("O" if mark == "X" else "X") not in (board[a], board[b], board[c])
            for a, b, c in LINES[:6]
        ),
        "always 8": lambda board, mark: 8,
    },
)

CATALOGUE = {
    checks.check_simple_minimax: SIMPLE_MINIMAX,
    checks.check_first_best_move: FIRST_BEST_MOVE,
    checks.check_general_minimax: GENERAL_MINIMAX,
    checks.check_negamax: NEGAMAX,
    checks.check_won_lost: WON_LOST,
    checks.check_variant: VARIANT,
    checks.check_memoized_minimax: MEMOIZED_MINIMAX,
    checks.check_canonical: CANONICAL,
    checks.check_memoized_won_lost: WON_LOST_MEMO,
    checks.check_distinct_new_states: DISTINCT_NEW_STATES,
    checks.check_alphabeta: ALPHABETA,
    checks.check_table_alphabeta: TABLE_ALPHABETA,
    checks.check_visited_states: VISITED_STATES,
    checks.check_window_after: WINDOW_AFTER,
    checks.check_winning_moves: WINNING_MOVES,
    checks.check_depth_limited: DEPTH_LIMITED,
    checks.check_nim_sum_rule: NIM_SUM_RULE,
    checks.check_mex: MEX,
    checks.check_grundy: GRUNDY,
    checks.check_zeckendorf: ZECKENDORF,
    checks.check_winner: WINNER,
    checks.check_canonical_board: CANONICAL_BOARD,
    checks.check_count_games: COUNT_GAMES,
    checks.check_open_lines: OPEN_LINES,
}

SOLUTIONS = [
    pytest.param(
        check, solution, right, id=f"{check.__name__}-{'right' if right else 'wrong'}-{name}"
    )
    for check, (rights, wrongs) in CATALOGUE.items()
    for right, solutions in ((True, rights), (False, wrongs))
    for name, solution in solutions.items()
]


SERIES = (
    "first_steps",
    "memo",
    "pruning",
    "bounds",
    "playing",
    "theory",
    "beyond",
)  # notebooks 01 to 09


def test_every_check_of_notebooks_01_to_09_is_in_the_catalogue():
    every_check = [getattr(checks, name) for name in checks.__all__ if name.startswith("check_")]
    assert set(CATALOGUE) == {
        check for check in every_check if check.__module__.split(".")[-1] in SERIES
    }


@pytest.mark.parametrize("check", CATALOGUE, ids=lambda check: check.__name__)
def test_every_check_has_five_kinds_of_wrong_solution_and_two_styles_of_right_one(check):
    rights, wrongs = CATALOGUE[check]
    assert len(rights) >= 2 and len(wrongs) >= 5


@pytest.mark.parametrize(("check", "solution", "right"), SOLUTIONS)
def test_a_check_accepts_each_right_solution_and_rejects_each_wrong_one(check, solution, right):
    result = check(solution)
    assert result.ok == right, result
    if not right:
        assert " expected " in flat(result) or "was stopped" in flat(
            result
        )  # it says what was expected


if __name__ == "__main__":
    for check, (rights, wrongs) in CATALOGUE.items():
        rejected = [name for name, solution in wrongs.items() if not check(solution).ok]
        accepted = [name for name, solution in rights.items() if check(solution).ok]
        print(
            f"| {check.__name__} | {len(wrongs)}: {'; '.join(wrongs)} | {len(rejected)} | {len(accepted)}/{len(rights)}: "
        )
