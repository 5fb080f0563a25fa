"""Six kinds of solution, written as a learner would, that the checks once judged wrongly (issue
25): five wrong ones they accepted and one right one they rejected. Each now gets the right verdict,
and a message that says what was expected, what came back, and a hint of the cause."""

import re
from functools import cache
from math import inf

from flat_text import flat

from nimlib import alphabeta
from nimlib.checks import (
    check_alphabeta,
    check_memoized_minimax,
    check_memoized_won_lost,
    check_variant,
    check_winner,
)

# 1. Alpha-beta with a cache that stores a score found under a narrowed window as exact


def cached_alphabeta(game, state, is_maximizing, alpha=-1, beta=1, memo=None):
    memo = {} if memo is None else memo
    if (state, is_maximizing) in memo:
        return memo[state, is_maximizing]
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    best = -inf if is_maximizing else inf
    for new_state in game.possible_new_states(state):
        value = cached_alphabeta(game, new_state, not is_maximizing, alpha, beta, memo)
        if is_maximizing:
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break
    memo[state, is_maximizing] = best
    return best


def cached_fail_hard(game, state, is_maximizing, alpha=-1, beta=1, memo=None):
    memo = {} if memo is None else memo
    if (state, is_maximizing) in memo:
        return memo[state, is_maximizing]
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    for new_state in game.possible_new_states(state):
        value = cached_fail_hard(game, new_state, not is_maximizing, alpha, beta, memo)
        if is_maximizing:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            break
    memo[state, is_maximizing] = alpha if is_maximizing else beta
    return memo[state, is_maximizing]


def exact_only_cache(game, state, is_maximizing, alpha=-1, beta=1, memo=None):
    """Right: it remembers a score only when it lies strictly inside the window it was found in."""
    memo = {} if memo is None else memo
    if (state, is_maximizing) in memo:
        return memo[state, is_maximizing]
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    entered, best = (alpha, beta), -inf if is_maximizing else inf
    for new_state in game.possible_new_states(state):
        value = exact_only_cache(game, new_state, not is_maximizing, alpha, beta, memo)
        if is_maximizing:
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break
    if entered[0] < best < entered[1]:
        memo[state, is_maximizing] = best
    return best


def table_of_bounds(game, state, is_maximizing, alpha=-1, beta=1):
    """Right: nimlib's alpha-beta with a transposition table of bounds."""
    return alphabeta(game, state, is_maximizing, alpha, beta, table={})


def test_check_alphabeta_rejects_a_cache_that_takes_a_bound_for_a_score():
    for wrong in (cached_alphabeta, cached_fail_hard):
        result = check_alphabeta(wrong)
        assert not result.ok
        assert "(TicTacToe(), '..OXX....', False, -inf, inf) gave 1, expected 0. Hint:" in flat(
            result
        )
        assert all("only a bound" in failure for failure in result.failures)


def test_check_alphabeta_accepts_caches_that_keep_only_exact_scores_or_bounds():
    for right in (exact_only_cache, table_of_bounds):
        assert check_alphabeta(right).ok, check_alphabeta(right)


# 2. A memo on a wrapper whose work is done by an un-memoized recursion


def wins(counters, takes):
    return any(not wins(counters - take, takes) for take in takes if take <= counters)


def a_memo_on_the_wrapper():
    """A learner's wrapper with a memo kept between calls (made anew for each test, which must not
    share it)."""
    memo = {}

    def memo_on_the_wrapper(counters, takes):
        if (counters, takes) not in memo:
            memo[counters, takes] = wins(counters, takes)
        return memo[counters, takes]

    return memo_on_the_wrapper


def a_cached_wrapper():
    """functools.cache on a wrapper around the plain recursion (made anew for each test)."""

    @cache
    def cached_wrapper(counters, takes):
        return wins(counters, takes)

    return cached_wrapper


def memo_with_a_helper(counters, takes):
    """Right: the memo sits on the recursion; a helper lists the moves."""
    memo = {}

    def left_after_moves(counters):
        return [counters - take for take in takes if take <= counters]

    def won(counters):
        if counters not in memo:
            memo[counters] = not all(won(left) for left in left_after_moves(counters))
        return memo[counters]

    return won(counters)


def test_check_memoized_won_lost_counts_the_work_of_every_function_called():
    for wrong in (a_memo_on_the_wrapper(), a_cached_wrapper()):
        result = check_memoized_won_lost(wrong)
        assert not result.ok and len(result.failures) >= 2
        found = re.search(
            r"function calls it made\) gave \(True, ([\d,]+)\), expected \(True, at most 200",
            flat(result),
        )
        assert found and int(found[1].replace(",", "")) > 10_000, repr(result)
        assert "the memo must sit on the function that recurses" in flat(result)
    assert check_memoized_won_lost(memo_with_a_helper).ok


# 3. A memo that takes a stored draw (0) for a missing entry


def walrus_memo(game, state, is_maximizing, memo=None):
    memo = {} if memo is None else memo
    if cached := memo.get((state, is_maximizing)):
        return cached
    score = game.evaluate(state, is_maximizing)
    if score is None:
        scores = [
            walrus_memo(game, new, not is_maximizing, memo)
            for new in game.possible_new_states(state)
        ]
        score = max(scores) if is_maximizing else min(scores)
    memo[state, is_maximizing] = score
    return score


def get_with_none_default(game, state, is_maximizing, memo=None):
    """Right: the same walrus, asking whether the entry is missing, not whether it is false."""
    memo = {} if memo is None else memo
    if (cached := memo.get((state, is_maximizing))) is not None:
        return cached
    score = game.evaluate(state, is_maximizing)
    if score is None:
        scores = [
            get_with_none_default(game, new, not is_maximizing, memo)
            for new in game.possible_new_states(state)
        ]
        score = max(scores) if is_maximizing else min(scores)
    memo[state, is_maximizing] = score
    return score


def test_check_memoized_minimax_rejects_a_memo_that_forgets_draws():
    result = check_memoized_minimax(walrus_memo)
    assert not result.ok and len(result.failures) == 2
    assert (
        "walrus_memo(TicTacToe(), 'X...O...X', True) gave (0, 189), expected (0, at most 153"
        in flat(result)
    )
    assert "a stored draw for a missing entry" in flat(result)
    assert check_memoized_minimax(get_with_none_default).ok


# 4. A validate that refuses 0 counters, a legal (finished) position


class TakeOneThreeOrFour:
    def __init__(self, smallest=0):
        self.smallest = smallest

    def possible_new_states(self, counters):
        return [counters - take for take in (1, 3, 4) if take <= counters]

    def evaluate(self, counters, is_maximizing):
        return None if counters > 0 else (-1 if is_maximizing else 1)

    def validate(self, counters):
        if type(counters) is not int or counters < self.smallest:
            raise ValueError(
                f"counters must be a whole number from {self.smallest} up, not {counters!r}"
            )
        return counters


def test_check_variant_rejects_a_validate_that_refuses_zero_counters():
    result = check_variant(TakeOneThreeOrFour(smallest=1))
    assert flat(result) == (
        "✘ check_variant (take 1, 3 or 4; the last counter wins): 1 of 12 cases wrong:\n"
        "  - validate(0) raised ValueError: counters must be a whole number from 1 up, not 0; expected 0. "
        "Hint: 0 counters is a position of the game, the one where it is over (evaluate scores it): "
        "validate should refuse only what the game can never reach, such as -1 or '7'"
    )
    assert check_variant(TakeOneThreeOrFour(smallest=0)).ok


# 5. A winner that is an empty line

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


def three_equal_squares(board):
    for a, b, c in LINES:
        if board[a] == board[b] == board[c]:
            return board[a]
    return None


def three_equal_squares_lines_reversed(board):
    for a, b, c in reversed(LINES):
        if board[a] == board[b] == board[c]:
            return board[a]
    return None


def test_check_winner_rejects_an_empty_line_as_the_winner_whatever_the_order_of_lines():
    for wrong in (three_equal_squares, three_equal_squares_lines_reversed):
        result = check_winner(wrong)
        assert not result.ok
        assert "gave '.', expected 'X'. Hint: '.' is an empty square" in flat(result)
    assert "three_equal_squares('...OO.XXX') gave '.', expected 'X'" in flat(
        check_winner(three_equal_squares)
    )


# 6. A right alpha-beta that tries the moves in another order


def in_order(arrange):
    """Textbook alpha-beta that tries the moves in the order `arrange(moves)` gives."""

    def search(game, state, is_maximizing, alpha=-1, beta=1):
        score = game.evaluate(state, is_maximizing)
        if score is not None:
            return score
        best = -inf if is_maximizing else inf
        for new_state in arrange(list(game.possible_new_states(state))):
            value = search(game, new_state, not is_maximizing, alpha, beta)
            if is_maximizing:
                best, alpha = max(best, value), max(alpha, value)
            else:
                best, beta = min(best, value), min(beta, value)
            if alpha >= beta:
                break
        return best

    return search


def test_check_alphabeta_accepts_any_move_order():
    for arrange in (
        reversed,
        lambda moves: moves[1:] + moves[:1],
        lambda moves: sorted(moves, key=repr),
    ):
        result = check_alphabeta(in_order(arrange))
        assert result.ok, result


def test_check_alphabeta_still_rejects_a_late_cut_off_in_another_order():
    def late(game, state, is_maximizing, alpha=-1, beta=1):
        score = game.evaluate(state, is_maximizing)
        if score is not None:
            return score
        best = -inf if is_maximizing else inf
        for new_state in reversed(list(game.possible_new_states(state))):
            value = late(game, new_state, not is_maximizing, alpha, beta)
            if is_maximizing:
                best, alpha = max(best, value), max(alpha, value)
            else:
                best, beta = min(best, value), min(beta, value)
            if alpha > beta:
                break
        return best

    result = check_alphabeta(late)
    assert not result.ok
    assert "trying the moves in the order yours did" in flat(result)
    assert "Hint: alpha-beta stops trying moves as soon as alpha >= beta" in flat(result)
