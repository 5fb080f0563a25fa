"""Each check rejects whole kinds of wrong solutions, accepts right ones written in other styles,
and never raises, whatever the learner's function returns, raises, or however long it runs."""

from collections import Counter
from functools import cache, reduce
from math import inf
from operator import xor

import numpy as np
import pytest
from flat_text import flat

import nimlib.checks
from nimlib import Nim, alphabeta, best_move, memoized_minimax, minimax
from nimlib.checks import (
    check_alphabeta,
    check_canonical,
    check_general_minimax,
    check_memoized_won_lost,
    check_mex,
    check_nim_sum_rule,
    check_simple_minimax,
    check_variant,
    check_visited_states,
    check_window_after,
    check_winning_moves,
    check_won_lost,
)

# Alpha-beta: right in five styles


def textbook(game, state, is_maximizing, alpha=-1, beta=1):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    best = -inf if is_maximizing else inf
    for new_state in game.possible_new_states(state):
        value = textbook(game, new_state, not is_maximizing, alpha, beta)
        if is_maximizing:
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break
    return best


def wider_default_window(game, state, is_maximizing, alpha=-inf, beta=inf):
    return textbook(game, state, is_maximizing, alpha, beta)


def fail_hard(game, state, is_maximizing, alpha=-1, beta=1):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    for new_state in game.possible_new_states(state):
        value = fail_hard(game, new_state, not is_maximizing, alpha, beta)
        if is_maximizing:
            if value >= beta:
                return beta
            alpha = max(alpha, value)
        else:
            if value <= alpha:
                return alpha
            beta = min(beta, value)
    return alpha if is_maximizing else beta


def negamax_style(game, state, is_maximizing, alpha=-1, beta=1):
    def search(state, sign, alpha, beta):
        score = game.evaluate(state, sign == 1)
        if score is not None:
            return sign * score
        best = -inf
        for new_state in game.possible_new_states(state):
            best = max(best, -search(new_state, -sign, -beta, -alpha))
            alpha = max(alpha, best)
            if alpha >= beta:
                break
        return best

    return search(state, 1, alpha, beta) if is_maximizing else -search(state, -1, -beta, -alpha)


def sorted_moves(game, state, is_maximizing, alpha=-1, beta=1):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    best = -inf if is_maximizing else inf
    for new_state in sorted(game.possible_new_states(state)):
        value = sorted_moves(game, new_state, not is_maximizing, alpha, beta)
        best = max(best, value) if is_maximizing else min(best, value)
        alpha, beta = (max(alpha, best), beta) if is_maximizing else (alpha, min(beta, best))
        if alpha >= beta:
            break
    return best


def numpy_scores(game, state, is_maximizing, alpha=-1, beta=1):
    return np.int64(textbook(game, state, is_maximizing, alpha, beta))


RIGHT_ALPHABETA = [
    textbook,
    wider_default_window,
    fail_hard,
    negamax_style,
    sorted_moves,
    numpy_scores,
    alphabeta,
]


@pytest.mark.parametrize("function", RIGHT_ALPHABETA, ids=lambda f: f.__name__)
def test_check_alphabeta_accepts_right_solutions_in_other_styles(function):
    result = check_alphabeta(function)
    assert result.ok, result


# Alpha-beta: wrong, each a kind of bug


def with_cutoff(test):
    """Alpha-beta that passes its window down, and cuts off when `test(alpha, beta)` holds."""

    def search(game, state, is_maximizing, alpha=-1, beta=1):
        score = game.evaluate(state, is_maximizing)
        if score is not None:
            return score
        best = -inf if is_maximizing else inf
        for new_state in game.possible_new_states(state):
            value = search(game, new_state, not is_maximizing, alpha, beta)
            if is_maximizing:
                best, alpha = max(best, value), max(alpha, value)
            else:
                best, beta = min(best, value), min(beta, value)
            if test(alpha, beta):
                break
        return best

    return search


def children_window(window_for_child):
    """Alpha-beta whose children get `window_for_child(entered, now)` instead of the window as it is
    now."""

    def search(game, state, is_maximizing, alpha=-1, beta=1):
        root = (alpha, beta)

        def visit(state, is_maximizing, alpha, beta):
            score = game.evaluate(state, is_maximizing)
            if score is not None:
                return score
            best, entered = (-inf if is_maximizing else inf), (alpha, beta)
            for new_state in game.possible_new_states(state):
                value = visit(
                    new_state, not is_maximizing, *window_for_child(root, entered, (alpha, beta))
                )
                if is_maximizing:
                    best, alpha = max(best, value), max(alpha, value)
                else:
                    best, beta = min(best, value), min(beta, value)
                if alpha >= beta:
                    break
            return best

        return visit(state, is_maximizing, alpha, beta)

    return search


def stops_at(low, high):
    """No alpha-beta: a position stops at the first score of `high` (Max) or `low` (Min)."""

    def search(game, state, is_maximizing, alpha=-1, beta=1):
        score = game.evaluate(state, is_maximizing)
        if score is not None:
            return score
        best = -inf if is_maximizing else inf
        for new_state in game.possible_new_states(state):
            value = search(game, new_state, not is_maximizing)
            best = max(best, value) if is_maximizing else min(best, value)
            if best == (high if is_maximizing else low):
                break
        return best

    return search


def stops_at_the_score_range(game, state, is_maximizing, alpha=-1, beta=1):
    low, high = game.score_range
    return stops_at(low, high)(game, state, is_maximizing)


def only_max_cuts_off(game, state, is_maximizing, alpha=-1, beta=1):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    best = -inf if is_maximizing else inf
    for new_state in game.possible_new_states(state):
        value = only_max_cuts_off(game, new_state, not is_maximizing, alpha, beta)
        if is_maximizing:
            best, alpha = max(best, value), max(alpha, value)
            if alpha >= beta:
                break
        else:
            best, beta = min(best, value), min(beta, value)
    return best


def first_move_only(game, state, is_maximizing, alpha=-1, beta=1):
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    return first_move_only(game, next(iter(game.possible_new_states(state))), not is_maximizing)


WRONG_ALPHABETA = {
    "alpha > beta": with_cutoff(lambda alpha, beta: alpha > beta),
    "alpha > beta, wide default window": lambda game, state, is_max, alpha=-inf, beta=inf: (
        with_cutoff(lambda a, b: a > b)(game, state, is_max, alpha, beta)
    ),
    "alpha > beta + 1": with_cutoff(lambda alpha, beta: alpha > beta + 1),
    "children get the default window": children_window(lambda root, entered, now: (-1, 1)),
    "children get the root's window": children_window(lambda root, entered, now: root),
    "children get the window their parent was entered with": children_window(
        lambda root, entered, now: entered
    ),
    "children get (-inf, inf)": children_window(lambda root, entered, now: (-inf, inf)),
    "children get alpha and beta swapped": children_window(
        lambda root, entered, now: (-now[1], -now[0])
    ),
    "stops only at +1 or -1": stops_at(-1, 1),
    "stops only at the ends of the score range": stops_at_the_score_range,
    "only Max cuts off": only_max_cuts_off,
    "plain minimax": lambda game, state, is_max, alpha=-1, beta=1: minimax(game, state, is_max),
    "memoized minimax": lambda game, state, is_max, alpha=-1, beta=1: memoized_minimax(
        game, state, is_max
    ),
    "first move only": first_move_only,
}


@pytest.mark.parametrize("kind", WRONG_ALPHABETA)
def test_check_alphabeta_rejects_every_kind_of_wrong_pruning(kind):
    assert not check_alphabeta(WRONG_ALPHABETA[kind]).ok


def test_alpha_greater_than_beta_is_caught_by_counting_positions():
    failures = check_alphabeta(WRONG_ALPHABETA["alpha > beta"]).failures
    assert failures and all("positions expanded" in failure for failure in failures)
    assert any("as many as textbook alpha-beta" in failure for failure in failures)


def test_a_window_not_passed_down_gives_wrong_scores_on_trees_scored_beyond_one():
    failures = check_alphabeta(WRONG_ALPHABETA["children get the default window"]).failures
    assert any(
        "NumberTree" in failure and "positions expanded" not in failure for failure in failures
    )


# Canonical keys


def nim_sum(piles):
    return reduce(xor, piles, 0)


RIGHT_CANONICAL = {
    "sorted, empty piles dropped": lambda piles: tuple(sorted(pile for pile in piles if pile)),
    "sorted largest first": lambda piles: tuple(
        sorted((pile for pile in piles if pile), reverse=True)
    ),
    "a multiset": lambda piles: frozenset(Counter(pile for pile in piles if pile).items()),
    "a string": lambda piles: ",".join(map(str, sorted(pile for pile in piles if pile > 0))),
    "Nim's own": Nim().canonical,
}

WRONG_CANONICAL = {
    "the nim-sum": nim_sum,
    "the nim-sum and the number of piles": lambda piles: (nim_sum(piles), len(piles)),
    "the sum": sum,
    "a set": lambda piles: frozenset(pile for pile in piles if pile),
    "the state itself": lambda piles: piles,
    "sorted with the empty piles": lambda piles: tuple(sorted(piles)),
    "sorted piles, no repeats": lambda piles: tuple(sorted({pile for pile in piles if pile})),
    "the largest pile and the count": lambda piles: (max(piles), sum(1 for pile in piles if pile)),
    "a list": lambda piles: sorted(pile for pile in piles if pile),
    "a numpy array": lambda piles: np.sort(np.array([pile for pile in piles if pile])),
}


@pytest.mark.parametrize("kind", RIGHT_CANONICAL)
def test_check_canonical_accepts_every_key_that_merges_exactly_the_alike(kind):
    assert check_canonical(RIGHT_CANONICAL[kind]).ok


@pytest.mark.parametrize("kind", WRONG_CANONICAL)
def test_check_canonical_rejects_keys_too_coarse_too_fine_or_unhashable(kind):
    assert not check_canonical(WRONG_CANONICAL[kind]).ok


def test_a_nim_sum_memo_is_shown_getting_misere_positions_wrong():
    result = flat(check_canonical(nim_sum))
    for piles in ["(2, 3)", "(2, 2, 1)", "(5, 4)"]:
        assert f"memoized_minimax(Nim(), {piles}, canonical=True) with nim_sum gave" in result


# The window after some children


def window_loop(alpha, beta, is_maximizing, scores):
    for score in scores:
        if is_maximizing:
            alpha = max(alpha, score)
        else:
            beta = min(beta, score)
    return alpha, beta


RIGHT_WINDOWS = [
    window_loop,
    lambda alpha, beta, is_max, scores: (
        (max([alpha, *scores]), beta) if is_max else (alpha, min([beta, *scores]))
    ),
    lambda alpha, beta, is_max, scores: np.array(window_loop(alpha, beta, is_max, scores)),
    lambda alpha, beta, is_max, scores: [
        np.float64(x) for x in window_loop(alpha, beta, is_max, scores)
    ],
]

WRONG_WINDOWS = {
    "the last score only": lambda a, b, is_max, s: (
        ((s[-1] if s else a), b) if is_max else (a, (s[-1] if s else b))
    ),
    "the first score only": lambda a, b, is_max, s: (
        (max(a, s[0]) if s else a, b) if is_max else (a, b)
    ),
    "alpha = max(scores)": lambda a, b, is_max, s: (
        (max(s, default=a), b) if is_max else (a, min(s, default=b))
    ),
    "the best score, capped by the other bound": lambda a, b, is_max, s: (
        (min(max([a, *s]), b), b) if is_max else (a, max(min([b, *s]), a))
    ),
    "swapped roles": lambda a, b, is_max, s: window_loop(a, b, not is_max, s),
    "unchanged": lambda a, b, is_max, s: (a, b),
    "only +1 and -1": lambda a, b, is_max, s: window_loop(
        a, b, is_max, [max(-1, min(1, x)) for x in s]
    ),
}


@pytest.mark.parametrize("function", RIGHT_WINDOWS)
def test_check_window_after_accepts_right_windows_and_numpy_answers(function):
    assert check_window_after(function).ok


@pytest.mark.parametrize("kind", WRONG_WINDOWS)
def test_check_window_after_rejects_shortcuts(kind):
    assert not check_window_after(WRONG_WINDOWS[kind]).ok


# The visit order


def level_by_level(tree, k):
    level, states = [tree.root], []
    while level:
        states += [node.state for node in level if node.visited]
        level = [child for node in level for child in node.children]
    return states[:k]


WRONG_VISITS = {
    "the drawing's order": lambda tree, k: [node.state for node in tree][:k],
    "the drawing's order, visited nodes only": lambda tree, k: [
        node.state for node in tree if node.visited
    ][:k],
    "level by level": level_by_level,
    "one too few": lambda tree, k: [node.state for node in tree.visit_order[: k - 1]],
}


def test_check_visited_states_accepts_the_visit_order_however_it_is_found():
    assert check_visited_states(lambda tree, k: [node.state for node in tree.visit_order][:k]).ok
    assert check_visited_states(
        lambda tree, k: [
            n.state for n in sorted((n for n in tree if n.visited), key=lambda n: n.visit_index)
        ][:k]
    ).ok


@pytest.mark.parametrize("kind", WRONG_VISITS)
def test_check_visited_states_rejects_the_drawing_order(kind):
    assert not check_visited_states(WRONG_VISITS[kind]).ok


# Winning moves


def winning_moves(game, state):
    return [
        new for new in game.possible_new_states(state) if memoized_minimax(game, new, False) == 1
    ]


WRONG_WINNING_MOVES = {
    "best_move's one move": lambda game, state: (
        [best_move(game, state)[1]] if best_move(game, state)[0] == 1 else []
    ),
    "the first winning move": lambda game, state: winning_moves(game, state)[:1],
    "sorted": lambda game, state: sorted(winning_moves(game, state)),
    "sorted largest first": lambda game, state: sorted(winning_moves(game, state), reverse=True),
    "a set": lambda game, state: set(winning_moves(game, state)),
    "read from the wrong side": lambda game, state: [
        new for new in game.possible_new_states(state) if memoized_minimax(game, new, True) == 1
    ],
}


def test_check_winning_moves_accepts_every_winning_move_in_order_also_as_a_tuple():
    assert check_winning_moves(winning_moves).ok


@pytest.mark.parametrize("kind", WRONG_WINNING_MOVES)
def test_check_winning_moves_rejects_one_move_or_another_order(kind):
    assert not check_winning_moves(WRONG_WINNING_MOVES[kind]).ok


def test_normal_play_nim_3_5_7_has_three_winning_moves_in_the_check():
    result = flat(check_winning_moves(WRONG_WINNING_MOVES["best_move's one move"]))
    assert "(3, 5, 7)) gave [(3, 5, 6)], expected [(3, 5, 6), (3, 4, 7), (2, 5, 7)]" in result
    assert "(5, 7, 3)) gave [(5, 7, 2)], expected [(5, 6, 3), (4, 7, 3), (5, 7, 2)]" in result


# A game of one's own: validate


class TakeOneThreeOrFour:
    """Right, as the worked solution of notebook 03 writes it; `convert` is how validate treats its
    input."""

    def __init__(self, convert=None):
        self.convert = convert

    def possible_new_states(self, counters):
        return [counters - take for take in (1, 3, 4) if take <= counters]

    def evaluate(self, counters, is_maximizing):
        return None if counters > 0 else (-1 if is_maximizing else 1)

    def validate(self, counters):
        if self.convert is not None:
            counters = self.convert(counters)
        if not isinstance(counters, int) or counters < 0:
            raise ValueError(f"counters must be a whole number from 0 up, not {counters!r}")
        return counters


def only_negative_numbers_refused(counters):
    if counters < 0:
        raise ValueError("negative")
    return counters


@pytest.mark.parametrize(
    "game, right",
    [
        (TakeOneThreeOrFour(), True),
        (TakeOneThreeOrFour(convert=int), False),
        (TakeOneThreeOrFour(convert=lambda counters: counters), True),
        (
            TakeOneThreeOrFour(
                convert=lambda counters: np.int64(counters) if counters == 7 else counters
            ),
            False,
        ),
    ],
)
def test_check_variant_checks_how_validate_treats_its_input(game, right):
    assert check_variant(game).ok == right


def test_check_variant_rejects_a_validate_that_accepts_2_5_or_7_as_text():
    game = TakeOneThreeOrFour()
    game.validate = only_negative_numbers_refused
    result = flat(check_variant(game))
    assert "does validate(2.5) raise a ValueError? gave False" in result
    assert "does validate('7') raise a ValueError? raised TypeError" in result


# Won and lost: the recursion and its memo


def wins(counters, takes):
    return any(not wins(counters - take, takes) for take in takes if take <= counters)


@cache
def cached_wins(counters, takes):
    return any(not cached_wins(counters - take, takes) for take in takes if take <= counters)


def memo_wins(counters, takes, memo=None):
    memo = {} if memo is None else memo
    if counters not in memo:
        memo[counters] = any(
            not memo_wins(counters - take, takes, memo) for take in takes if take <= counters
        )
    return memo[counters]


def memo_inside(counters, takes):
    memo = {}

    def won(counters):
        if counters not in memo:
            memo[counters] = any(not won(counters - take) for take in takes if take <= counters)
        return memo[counters]

    return won(counters)


def shared_memo_wins(counters, takes, memo={}):  # noqa: B006
    if counters not in memo:
        memo[counters] = any(
            not shared_memo_wins(counters - take, takes, memo) for take in takes if take <= counters
        )
    return memo[counters]


def test_check_won_lost_accepts_the_recursion_and_rejects_the_other_rule():
    assert check_won_lost(wins).ok
    assert check_won_lost(lambda counters, takes: np.bool_(wins(counters, takes))).ok
    assert not check_won_lost(lambda counters, takes: not wins(counters, takes)).ok
    assert not check_won_lost(lambda counters, takes: wins(counters, (1, 2, 3))).ok
    assert not check_won_lost(lambda counters, takes: counters % (max(takes) + 1) != 0).ok


@pytest.mark.parametrize("function", [cached_wins, memo_wins, memo_inside])
def test_check_memoized_won_lost_accepts_memos_of_every_style(function):
    assert check_memoized_won_lost(function).ok


def test_check_memoized_won_lost_rejects_no_memo_and_a_memo_shared_between_games():
    no_memo = check_memoized_won_lost(wins)
    assert not no_memo.ok and "calls it made" in flat(no_memo)
    assert not check_memoized_won_lost(shared_memo_wins).ok


# Numpy answers and everything else a learner's function may do: the check never raises


class Unfriendly:
    """An answer that cannot be compared, printed or used as a truth value."""

    def __eq__(self, other):
        raise RuntimeError("no comparing")

    def __bool__(self):
        raise RuntimeError("no truth value")

    def __repr__(self):
        raise RuntimeError("no repr")

    __hash__ = None


def stuck_forever(*arguments):
    while True:
        pass


def recurses_forever(*arguments):
    return recurses_forever(*arguments)


def calls_forever(*arguments):
    while True:
        abs(len(arguments))
        list(range(2))
        (lambda: None)()


def moves_forever(game, state, *arguments):
    def endless():
        while True:
            yield state

    return len(list(endless()))


def exits(*arguments):
    raise SystemExit(3)


ODD_ANSWERS = [
    lambda *arguments: np.array([1, -1]),
    lambda *arguments: np.array([]),
    lambda *arguments: np.int64(1),
    lambda *arguments: np.bool_(True),
    lambda *arguments: Unfriendly(),
    lambda *arguments: [Unfriendly()],
    lambda *arguments: list(range(100_000)),
    lambda *arguments: None,
    stuck_forever,
    recurses_forever,
    calls_forever,
    moves_forever,
    exits,
]

CHECKS = [
    check_simple_minimax,
    check_general_minimax,
    check_alphabeta,
    check_canonical,
    check_window_after,
    check_visited_states,
    check_winning_moves,
    check_won_lost,
    check_memoized_won_lost,
    check_nim_sum_rule,
    check_mex,
]


@pytest.fixture
def short_budget(monkeypatch):
    monkeypatch.setattr(nimlib.checks.runner, "MAX_CALLS", 20_000)
    monkeypatch.setattr(nimlib.checks.runner, "MAX_SECONDS", 0.05)


@pytest.mark.parametrize("answer", ODD_ANSWERS)
@pytest.mark.parametrize("check", CHECKS, ids=lambda check: check.__name__)
def test_a_check_never_raises_and_rejects_odd_answers(short_budget, check, answer):
    result = check(answer)
    assert not result.ok
    assert repr(result).startswith("✘")


def test_a_check_of_a_class_never_raises_whatever_the_class_does(short_budget):
    for game in [Unfriendly(), None, 3, type("Stuck", (), {"__init__": stuck_forever})]:
        assert not check_variant(game).ok


def test_stopped_functions_are_reported_as_running_too_long(short_budget, monkeypatch):
    stuck = flat(check_mex(stuck_forever))
    assert "was stopped after more than 0.05 seconds" in stuck
    monkeypatch.setattr(
        nimlib.checks.runner, "MAX_SECONDS", 30
    )  # the calls run out first, even on a busy machine
    endless = flat(check_mex(calls_forever))
    assert "was stopped after more than 20,000 calls" in endless


def test_numpy_answers_that_are_right_pass():
    assert check_mex(lambda values: np.int64(min(set(range(len(values) + 1)) - set(values)))).ok
    assert check_nim_sum_rule(lambda piles: np.bool_(nim_sum(piles) != 0)).ok
    assert check_general_minimax(
        lambda game, state, is_max: np.float64(minimax(game, state, is_max))
    ).ok
    assert check_simple_minimax(
        lambda counters, max_turn: np.int64(minimax(nimlib.SimpleNim(), counters, max_turn))
    ).ok


def test_the_tracing_of_a_debugger_is_left_as_it_was():
    import sys

    def tracer(frame, event, argument):
        return None

    sys.settrace(tracer)
    try:
        check_mex(lambda values: 0)
        assert sys.gettrace() is tracer
    finally:
        sys.settrace(None)


# Mirror moves left out


def first_of_each_canonical_form(game, state):
    seen = set()
    for new_state in game.possible_new_states(state):
        if game.canonical(new_state) not in seen:
            seen.add(game.canonical(new_state))
            yield new_state


WRONG_DISTINCT = {
    "every move": lambda game, state: list(game.possible_new_states(state)),
    "the canonical forms": lambda game, state: list(
        dict.fromkeys(game.canonical(new) for new in game.possible_new_states(state))
    ),
    "the last of each form": lambda game, state: list(
        {game.canonical(new): new for new in game.possible_new_states(state)}.values()
    ),
    "sorted": lambda game, state: sorted(first_of_each_canonical_form(game, state)),
    "equal states only": lambda game, state: list(dict.fromkeys(game.possible_new_states(state))),
}


def test_check_distinct_new_states_accepts_a_list_or_a_generator():
    assert nimlib.checks.check_distinct_new_states(first_of_each_canonical_form).ok
    assert nimlib.checks.check_distinct_new_states(
        lambda g, s: list(first_of_each_canonical_form(g, s))
    ).ok


@pytest.mark.parametrize("kind", WRONG_DISTINCT)
def test_check_distinct_new_states_rejects_every_other_filter(kind):
    assert not nimlib.checks.check_distinct_new_states(WRONG_DISTINCT[kind]).ok


# The worked solutions of the notebooks pass their checks

NOTEBOOK_SOLUTIONS = [
    ("02_general_minimax", "wins_taking", check_won_lost),
    ("04_memoization", "memo_wins_taking", check_memoized_won_lost),
    ("04_memoization", "distinct_new_states", nimlib.checks.check_distinct_new_states),
    ("03_variants", "TakeOneThreeOrFour", check_variant),
    ("06_explore_the_search", "visited_states", check_visited_states),
    ("06_explore_the_search", "window_after", check_window_after),
    ("07_play_against_the_computer", "winning_moves", check_winning_moves),
]


@pytest.mark.parametrize(
    "notebook, name, check", NOTEBOOK_SOLUTIONS, ids=lambda x: getattr(x, "__name__", x)
)
def test_a_worked_solution_passes_its_check(notebook, name, check):
    import re
    from pathlib import Path

    import nbformat

    path = Path(__file__).resolve().parents[2] / "notebooks" / f"{notebook}.ipynb"
    cells = nbformat.read(path, as_version=4).cells
    blocks = [
        block
        for cell in cells
        if cell.cell_type == "markdown" and "<details>" in cell.source
        for block in re.findall(r"```python\n(.*?)```", cell.source, re.DOTALL)
        if re.search(rf"^(def|class) {name}\b", block, re.MULTILINE)
    ]
    assert len(blocks) == 1
    namespace = {}
    imports = "from functools import cache\nfrom math import inf\nfrom nimlib import *\nfrom nimlib.checks import *"
    exec(imports, namespace)
    exec(blocks[0], namespace)
    assert check(namespace[name]).ok
