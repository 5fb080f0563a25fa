"""The limits: one case per finding of issue 15 (error type, a message naming the value, time
taken).

Times are CPU times of this process (the budget's own clock), so other jobs on the machine do
not make the tests flaky. The big cases run in a child process under a memory limit.
"""

from __future__ import annotations

import math
import resource
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from time import process_time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimlib import (
    METHODS,
    ConnectFour,
    Game,
    Nim,
    SearchBudgetExceeded,
    SearchStats,
    SearchTooDeep,
    SimpleNim,
    SplitNim,
    TicTacToe,
    alphabeta,
    best_move,
    deepening,
    game_tree,
    iterative_minimax,
    mcts_best_move,
    memoized_minimax,
    minimax,
    negamax,
    principal_variation,
    solve,
    tree_size,
)
from nimlib.book import limits
from nimlib.drawing.tree import MAX_NODES_CEILING
from nimlib.games.pig import Pig, hold_at, play_match
from nimlib.terminal import TerminalGame
from nimlib.tournament.game import Rules as TournamentRules
from nimlib.widgets.connect_four import ConnectFourMatch

QUICK = 2.0  # CPU seconds: a refusal or a contract error comes at once


class Rules(Game):
    """A custom game given by a dict of moves; a position with a score in `ends` is over."""

    score_range = (-1, 1)

    def __init__(self, moves: dict, ends: dict) -> None:
        self.moves, self.ends = moves, ends

    def possible_new_states(self, state):
        return self.moves.get(state, [])

    def evaluate(self, state, is_maximizing):
        return self.ends.get(state)

    def validate(self, state):
        return state


# "end" is a loss for Max: every search must look at "stuck" too, whatever its order of moves
DEAD_END = Rules({"start": ["stuck", "end"]}, {"end": -1})
CYCLE = Rules({"start": ["loop"], "loop": ["again"], "again": ["loop"]}, {})


def timed(call):
    """Run `call`; return the exception it raised (or None) and the CPU seconds it took."""
    started = process_time()
    try:
        call()
    except Exception as error:  # the tests look at its type and message
        return error, process_time() - started
    return None, process_time() - started


SEARCHES = {
    **{
        f"solve-{method}": (lambda game, state, m=method: solve(game, state, True, m))
        for method in METHODS
    },
    "best_move": lambda game, state: best_move(game, state),
    "game_tree": lambda game, state: game_tree(game, state),
    "game_tree-alphabeta": lambda game, state: game_tree(game, state, alphabeta=True),
}


@pytest.mark.parametrize("search", list(SEARCHES))
def test_a_dead_end_is_named(search):
    error, seconds = timed(lambda: SEARCHES[search](DEAD_END, "start"))
    assert isinstance(error, ValueError) and "dead end at 'stuck'" in str(error)
    assert seconds < QUICK


@pytest.mark.ci  # a limit checked in a child process: CI's tier
def test_memory_of_the_big_cases_stays_under_the_bound_in_a_child_process():
    gigabyte = 1_000_000_000
    script = textwrap.dedent(
        """
        import resource, sys
        from nimlib import *
        cases = {
            "tree_size": lambda: tree_size(SimpleNim(), 10**6),
            "iterative": lambda: iterative_minimax(SplitNim(), (1000,) * 20),
            "memo": lambda: memoized_minimax(SplitNim(), (200,)),
        }
        for name, case in cases.items():
            try:
                case()
                print(name, "finished")
            except SearchBudgetExceeded as error:
                print(name, "stopped:", error)
        print("peak", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024)
        """
    )

    def limit_memory():
        resource.setrlimit(resource.RLIMIT_AS, (2 * gigabyte, 2 * gigabyte))

    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        preexec_fn=limit_memory,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    for name in ("tree_size", "iterative", "memo"):
        line = next(line for line in lines if line.startswith(name))
        assert "stopped: the search from" in line and (
            "memory limit" in line or "time limit" in line
        ), line
    assert int(lines[-1].split()[1]) < 1.3 * gigabyte


@pytest.mark.slow
@pytest.mark.parametrize("method", list(METHODS))
def test_a_time_budget_stops_every_method_promptly(method):
    stats = SearchStats(max_seconds=0.3)
    error, seconds = timed(lambda: solve(SplitNim(), (200,), True, method, stats))
    assert isinstance(error, SearchBudgetExceeded)
    assert "from (200,) ran past its time limit of 0.3 s" in str(error) and "max_seconds" in str(
        error
    )
    assert seconds < 0.3 + 0.5


def test_tree_size_and_the_iterative_search_have_the_time_budget_too():
    for call in (
        lambda: tree_size(
            SplitNim(), (60,) * 8, stats=SearchStats(max_seconds=0.3, max_calls=None)
        ),
        lambda: iterative_minimax(SplitNim(), (200,), stats=SearchStats(max_seconds=0.3)),
    ):
        error, seconds = timed(call)
        assert isinstance(error, SearchBudgetExceeded) and "time limit of 0.3 s" in str(error)
        assert seconds < 0.3 + 0.5


def test_a_count_of_nodes_stopped_suggests_no_search_that_prunes():
    """tree_size counts every node: pruning or a depth limit cannot make it quicker."""
    error, _ = timed(lambda: tree_size(SplitNim(), (40,) * 3, stats=SearchStats(max_calls=1_000)))
    assert isinstance(error, SearchBudgetExceeded)
    assert "stopped: try a smaller position, or a larger SearchStats(max_calls=...)" in str(error)


def test_max_nodes_has_a_ceiling():
    error, _ = timed(lambda: game_tree(SimpleNim(), 3, max_nodes=1_000_000))
    assert isinstance(error, ValueError) and "max_nodes = 1000000 is too large" in str(error)
    assert f"{MAX_NODES_CEILING:,}" in str(error)


def test_a_raised_recursion_limit_never_crashes_the_interpreter():
    script = "import sys; sys.setrecursionlimit(10**6)\nfrom nimlib import *\n"
    script += "print(solve(SimpleNim(), 20000, method='memo'))"
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0 and done.stdout.strip() == "1", done.stderr[-2000:]


def test_too_deep_says_what_to_do_and_never_invites_raising_pythons_limit():
    error, seconds = timed(lambda: memoized_minimax(SimpleNim(), 20_000))
    assert (
        isinstance(error, SearchTooDeep)
        and "from 20000" in str(error)
        and "iterative" in str(error)
    )
    assert "setrecursionlimit" not in str(error) and seconds < QUICK


@pytest.mark.parametrize("search", list(SEARCHES))
def test_a_cycle_is_named(search):
    error, seconds = timed(lambda: SEARCHES[search](CYCLE, "start"))
    assert isinstance(error, ValueError) and "has a cycle" in str(error)
    assert "'loop'" in str(error) or "'again'" in str(error)
    assert seconds < QUICK


class Passing(Game):
    """Counters taken one at a time; with none left the player to move passes, and the game is over
    there only with Min to move. The state 0 comes back, the position (0, Max to move) never."""

    score_range = (-1, 1)

    def possible_new_states(self, counters):
        return [counters - 1] if counters else [0]

    def evaluate(self, counters, is_maximizing):
        return 1 if counters == 0 and not is_maximizing else None

    def validate(self, counters):
        return counters


@pytest.mark.parametrize("search", [name for name in SEARCHES if "game_tree" not in name])
def test_a_state_back_with_the_other_player_to_move_is_no_cycle(search):
    answer = SEARCHES[search](Passing(), 7_001)  # too deep for recursion: no cycle to name
    assert answer == (1 if search.startswith("solve") else (1, 7_000))


@pytest.mark.parametrize(
    "method, faster", [("minimax", "'negamax'"), ("negamax", "'deepening'"), ("deepening", None)]
)
def test_a_stopped_search_advises_a_method_faster_than_its_own(method, faster):
    with pytest.raises(SearchBudgetExceeded) as stopped:
        solve(SplitNim(), (9, 9, 9), method=method, stats=SearchStats(max_calls=50))
    said = str(stopped.value)
    assert f"such as method={faster}" in said if faster else "faster method" not in said


def test_a_stopped_search_with_a_depth_advises_a_smaller_one():
    """It advised "a depth limit (depth=...)" to a search that had one."""
    game, board = TicTacToe(), "........."
    with pytest.raises(SearchBudgetExceeded, match="or a smaller depth than 8, or a larger"):
        best_move(game, board, "deepening", SearchStats(max_calls=200), depth=8)
    with pytest.raises(SearchBudgetExceeded, match=r"or a depth limit \(depth=\.\.\.\), or"):
        solve(game, board, method="minimax", stats=SearchStats(max_calls=200))


@pytest.mark.parametrize(
    ("search", "advice"),
    [
        (minimax, "a faster search (negamax, or solve with method='negamax')"),
        (alphabeta, "a faster search (negamax, or solve with method='negamax')"),
        # negamax advised negamax, and so did the engine's deepening, the fastest
        (negamax, "a faster search (deepening, or solve with method='deepening')"),
        (deepening, "try a smaller position, or a depth limit (depth=...), or a larger Search"),
        # for games too deep to recurse, where negamax refuses; no depth for a game with no
        # estimate
        (iterative_minimax, "try a smaller position, or a larger SearchStats(max_calls=...)"),
    ],
)
def test_a_search_called_by_itself_advises_what_it_can_take(search, advice):
    """It advised "method='negamax'", which only solve and best_move take."""
    with pytest.raises(SearchBudgetExceeded) as stopped:
        search(SplitNim(), (9, 9, 9), stats=SearchStats(max_calls=50))
    said = str(stopped.value)
    assert advice in said
    assert "such as method=" not in said


def test_a_game_with_the_engines_hints_is_advised_deepening_at_once():
    """Connect Four's memo stopped with "such as method='negamax'", and negamax then with "such
    as method='deepening'": a circle of two stops for the advice a game with hints needs first.
    A game without hints is advised the next method, as the notebooks teach them."""
    game = ConnectFour()
    with pytest.raises(SearchBudgetExceeded, match="such as method='deepening'"):
        solve(game, game.from_moves("4453"), method="memo", stats=SearchStats(max_calls=500))
    with pytest.raises(SearchBudgetExceeded, match="such as method='negamax'"):
        solve(SplitNim(), (9, 9, 9), method="memo", stats=SearchStats(max_calls=50))


def test_a_budget_shared_by_several_searches_says_the_calls_before_this_search_count_too():
    alone = SearchStats(max_calls=300)
    minimax(SplitNim(), (9,), stats=alone)
    assert alone.calls == 176
    shared = SearchStats(max_calls=300)
    minimax(SplitNim(), (9,), stats=shared)
    with pytest.raises(SearchBudgetExceeded) as stopped:
        minimax(SplitNim(), (9,), stats=shared)
    assert str(stopped.value).startswith(
        "the search from (9,) passed its limit of 300 calls, counted over every search this "
        "SearchStats has counted (176 before this one), and was stopped: give each search a "
        "SearchStats of its own, or try a smaller position"
    )
    with pytest.raises(SearchBudgetExceeded, match="limit of 100 calls and was stopped: try a"):
        minimax(SplitNim(), (9,), stats=SearchStats(max_calls=100))


def test_a_memory_budget_shared_by_several_searches_says_the_states_before_count_too(
    monkeypatch,
):
    # the distinct states of an earlier search filled the budget, and the next search was blamed.
    # The budget looks at the memory after 16 calls, then at doubling intervals, more often where
    # two looks lie CHECK_SECONDS apart: a busy machine looked in between, at the moment the first
    # search or the second alone passed the limit. Here the looks come at the same calls anywhere.
    monkeypatch.setattr(limits, "CHECK_SECONDS", math.inf)
    shared = SearchStats(max_bytes=11_000)
    solve(SimpleNim(), 30, stats=shared)
    assert shared.states == 31
    with pytest.raises(SearchBudgetExceeded) as stopped:
        solve(Nim(), (3, 4), stats=shared)
    said = str(stopped.value)
    assert "would need more than its memory limit of 0.011 MB for its tables (about " in said
    assert "included: 31 met before this one) and was stopped: give each search a Search" in said
    assert solve(Nim(), (3, 4), stats=SearchStats(max_bytes=11_000)) == 1  # alone, it fits


def test_a_tables_entries_are_judged_by_the_newest_few_and_shared_numbers_take_nothing():
    """The engine refused a tenth of Connect Four's Begin-Medium set for its limit of 1,000 MB
    while the process held 453 MB: its table holds a position's bounds, (2, 18, False), whose
    small numbers Python keeps one of, and its best move, in turn, and was judged by the newest
    entry alone (a best move's, the larger)."""
    assert limits.size_of(5) == limits.size_of(None) == limits.size_of(True) == 0
    assert limits.size_of((2, 18, False)) == sys.getsizeof((2, 18, False))
    assert limits.size_of(10**30) == sys.getsizeof(10**30)
    bounds = {("position", n): (2, 18, False) for n in range(50)}
    best_moves = {("best move", n): (10**20 + n, 10**20 - n) for n in range(50)}
    both = {}
    for (position, bound), (best, move) in zip(bounds.items(), best_moves.items(), strict=True):
        both[position], both[best] = bound, move
    assert limits.entry_bytes(bounds) < limits.entry_bytes(both) < limits.entry_bytes(best_moves)


@pytest.mark.parametrize("method", ["memo", "deepening", "iterative"])
def test_a_stopped_search_names_a_connect_four_board_as_the_game_describes_it(method):
    game = ConnectFour()
    with pytest.raises(SearchBudgetExceeded) as stopped:
        solve(game, game.from_moves("4453"), method=method, stats=SearchStats(max_calls=50))
    said = str(stopped.value)
    assert said.startswith(
        "the search from the board of 4 stones, X to move (rows from the bottom: ..OXX.. / ...O...)"
    )


def test_unhashable_states_are_named():
    game = Rules({}, {})
    error, _ = timed(lambda: minimax(game, ["a", "list"]))
    assert (
        isinstance(error, ValueError)
        and "['a', 'list']" in str(error)
        and "unhashable" in str(error)
    )


class ValidateWithoutReturn(Game):
    """A game whose validate checks its state and then forgets to return it, a slip of notebook
    03's first exercise."""

    score_range = (-1, 1)

    def possible_new_states(self, state: int) -> list[int]:
        return [state - 1] if state > 0 else []

    def evaluate(self, state: int, is_maximizing: bool) -> int | None:
        return None if state > 0 else -1 if is_maximizing else 1

    def validate(self, state: object) -> None:
        if not isinstance(state, int):
            raise ValueError("not a number of counters")


@pytest.mark.parametrize("search", [minimax, game_tree])
def test_a_validate_that_forgets_to_return_is_named_not_a_comparison_with_none(search):
    with pytest.raises(TypeError, match=r"ValidateWithoutReturn.validate\(7\) gave None: validate"):
        search(ValidateWithoutReturn(), 7)


class ArraysAsMoves(Game):
    """A game whose moves lead to numpy arrays, which no table can hold and no sort can compare."""

    score_range = (-1, 1)

    def possible_new_states(self, state: object) -> list:
        return [np.array([1, 2]), np.array([3, 4])] if state == 0 else []

    def evaluate(self, state: object, is_maximizing: bool) -> int | None:
        return None if isinstance(state, int) else 1

    def validate(self, state: object) -> object:
        return state


@pytest.mark.parametrize(
    "search",
    [
        lambda: best_move(ArraysAsMoves(), 0, method="minimax"),
        lambda: best_move(ArraysAsMoves(), 0, method="deepening", anytime=True),
        lambda: principal_variation(ArraysAsMoves(), 0),
    ],
)
def test_moves_to_unhashable_arrays_are_named_by_best_move(search):
    """It said numpy's 'The truth value of an array with more than one element is ambiguous'."""
    with pytest.raises(
        TypeError, match=r"ArraysAsMoves.possible_new_states gave array\(\[1, 2\]\)"
    ):
        search()


class ListsAsCanonical(Game):
    """A game whose canonical form of a state is a list, which no table can hold."""

    score_range = (-1, 1)

    def possible_new_states(self, state: int) -> list[int]:
        return [1, 2] if state == 0 else []

    def evaluate(self, state: int, is_maximizing: bool) -> int | None:
        return None if state == 0 else 1

    def validate(self, state: object) -> object:
        return state

    def canonical(self, state: int) -> list[int]:
        return [state]


@pytest.mark.parametrize("search", [tree_size, iterative_minimax])
def test_an_unhashable_canonical_form_is_named_by_the_searches_on_a_stack(search):
    with pytest.raises(TypeError, match=r"ListsAsCanonical.canonical gave \[0\] for state 0"):
        search(ListsAsCanonical(), 0)


@pytest.mark.parametrize(
    "alpha, beta", [(float("nan"), 1), (-1, float("nan")), ("low", 1), (-1, [1])]
)
def test_windows_are_numbers_never_nan(alpha, beta):
    for call in (
        lambda: alphabeta(SimpleNim(), 5, True, alpha, beta),
        lambda: negamax(SimpleNim(), 5, True, alpha, beta),
        lambda: game_tree(SimpleNim(), 5, alphabeta=True, alpha=alpha, beta=beta),
    ):
        error, _ = timed(call)
        assert isinstance(error, ValueError) and ("alpha" in str(error) or "beta" in str(error))


def test_a_result_outside_a_narrow_window_is_only_a_bound():
    assert minimax(SimpleNim(), 5) == -1
    assert (
        alphabeta(SimpleNim(), 5, True, 2, 3) == 1
    )  # at most alpha: "the score is at most +1", true
    assert "only says the score is at most that (an upper bound)" in " ".join(
        alphabeta.__doc__.split()
    )


class ListedNim(Nim):
    """A newcomer's Nim whose validate writes the piles as a list, which no table can key."""

    score_depends_only_on_mover = True

    def validate(self, state):
        return list(super().validate(state))


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: alphabeta(SimpleNim(), 5, table=[]), "table must be a dict"),
        (lambda: negamax(SimpleNim(), 5, table=[]), "table must be a dict"),
        (lambda: iterative_minimax(SimpleNim(), 5, table=[]), "table must be a dict"),
        (lambda: memoized_minimax(SimpleNim(), 5, table=[]), "table must be a dict"),
        (lambda: solve(SimpleNim(), 5, stats=5), "stats must be a SearchStats"),
        (lambda: minimax("notagame", 5), "game must be a Game"),
        (lambda: best_move("notagame", 5), "game must be a Game"),
        (lambda: solve(SimpleNim, 5), "not the class SimpleNim: call it, SimpleNim()"),
        (lambda: solve(ListedNim(), (1, 2)), "[1, 2], which ListedNim.validate made of (1, 2),"),
        (lambda: tree_size(SimpleNim(), 10**5000), "an integer of about 5,001 digits"),
        (lambda: solve(SimpleNim(), 10**5000), "an integer of about 5,001 digits"),
        (lambda: solve(SimpleNim(), 5, depth=-1), "depth must be at least 0, not -1"),
        (lambda: SearchStats(max_seconds=float("nan")), "max_seconds"),
        (lambda: SearchStats(max_bytes=-1), "max_bytes"),
    ],
)
def test_internal_exceptions_never_reach_the_user(call, words):
    error, seconds = timed(call)
    assert isinstance(error, (ValueError, TypeError)) and words in str(error)
    assert seconds < QUICK


@pytest.mark.parametrize("seconds", ["1", 0, -1, float("nan"), float("inf"), True, 10**400])
@pytest.mark.parametrize(
    "limited",
    [
        lambda seconds: SearchStats(max_seconds=seconds),
        lambda seconds: mcts_best_move(SimpleNim(), 5, seconds=seconds),
        lambda seconds: play_match(Pig(20), hold_at(10), hold_at(10), 2, max_seconds=seconds),
        lambda seconds: TerminalGame(seconds=seconds),
        lambda seconds: ConnectFourMatch(seconds=seconds),
        lambda seconds: TournamentRules(seconds=seconds),
        lambda seconds: TournamentRules(load_seconds=seconds),
    ],
)
def test_a_time_limit_is_a_number_of_seconds_above_0_and_never_inf(limited, seconds):
    with pytest.raises(ValueError, match="must be a number of seconds above 0"):
        limited(seconds)


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: alphabeta(SimpleNim(), 3, order=5), "order must be a function, such as lambda"),
        (lambda: game_tree(SimpleNim(), 3, order="len"), "order must be a function, such as"),
        (lambda: play_match(Pig(20), hold_at(10), 20, 2), "opponent must be a function, such as"),
        (lambda: play_match(Pig(20), None, hold_at(10), 2), "player must be a function, such as"),
        (lambda: TerminalGame(read="input"), "read must be a function, such as input, not"),
        (lambda: TerminalGame(write=5), "write must be a function, such as print, not 5 (int)"),
        # a function that cannot take the arguments it will be given
        (
            lambda: alphabeta(SimpleNim(), 3, order=lambda: 0),
            "order must take one argument, such as lambda state: state (each state's sort key): "
            "<lambda>() does not",
        ),
        (
            lambda: play_match(Pig(20), lambda: True, hold_at(10), 2),
            "player must take two arguments, such as hold_at(20) (a policy: game, state -> roll?): "
            "<lambda>() does not",
        ),
        (lambda: game_tree(SimpleNim(), 3, order=divmod), "order must take one argument"),
        (lambda: TerminalGame(read=lambda: "q"), "read must take one argument, such as input"),
    ],
)
def test_a_function_given_as_something_else_is_named_before_anything_runs(call, words):
    with pytest.raises(TypeError) as error:
        call()
    assert words in str(error.value)


@pytest.mark.parametrize(
    "options, words",
    [
        ({"alphabeta": "yes"}, "alphabeta must be True or False, not 'yes'"),
        ({"alphabeta": True, "keep_pruned": None}, "keep_pruned must be True or False, not None"),
    ],
)
def test_tree_flags_are_bools(options, words):
    error, _ = timed(lambda: game_tree(SimpleNim(), 4, **options))
    assert isinstance(error, ValueError) and words in str(error)


def test_numpy_bools_and_ints_are_accepted():
    assert minimax(SimpleNim(), np.int64(5), np.bool_(False)) == minimax(SimpleNim(), 5, False)
    assert solve(SimpleNim(), np.int64(6), np.bool_(True), "negamax", depth=np.int64(9)) == 1


def test_best_move_answers_a_position_too_deep_for_recursion():
    stats = SearchStats(
        max_seconds=60
    )  # about 4 s of CPU time: room for a machine busy with other tests
    assert best_move(SimpleNim(), 10**6, stats=stats) == (1, 999_997)


@pytest.mark.parametrize("method", ["memo", "negamax"])
@pytest.mark.parametrize("known", [True, False])
def test_a_principal_variation_too_deep_for_recursion_searches_each_move_once(method, known):
    # each move was searched by recursion to nimlib's limit, then again by a new iterative search
    # (or the game's known score): some 8,000 calls a move, 7,000 moves
    game = SimpleNim(takes=(1,)) if known else Unknown(takes=(1,))
    line = principal_variation(game, 7_000, method, SearchStats(max_calls=30_000))
    assert line == list(range(6_999, -1, -1))


@dataclass(frozen=True, repr=False)
class Unknown(SimpleNim):
    """Simple-Nim without the theory that gives its scores (Game.known_score)."""

    def known_score(self, state: int, is_maximizing: bool) -> None:
        return None


BAD_VALUES = st.one_of(  # None is left out: it means "the default" for many arguments
    st.text(max_size=5),
    st.floats(allow_nan=True),
    st.integers(-(10**30), -1),
    st.integers(10**7, 10**5000),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.integers(), st.integers(), max_size=2),
    st.just(object()),
    st.just(float("nan")),
)


def calls_with_one_bad_argument(bad):
    """Every public search, each with one argument replaced by `bad` (a value wrong for it)."""
    game = SimpleNim()
    not_a_number = (
        float("nan") if isinstance(bad, (int, float)) else bad
    )  # any number is a window bound
    not_a_count = (
        -abs(bad) - 1 if isinstance(bad, int) else bad
    )  # any large count is a depth or a cap
    yield lambda: minimax(game, bad)
    yield lambda: minimax(bad, 5)
    yield lambda: memoized_minimax(game, 5, canonical=bad)
    yield lambda: alphabeta(game, 5, True, not_a_number, 1)
    yield lambda: negamax(game, 5, True, -1, not_a_number)
    yield lambda: iterative_minimax(game, 5, bad)
    not_a_method = (
        f"{bad}?" if isinstance(bad, str) else bad
    )  # a short text may name a method, such as "memo"
    yield lambda: solve(game, 5, True, not_a_method)
    yield lambda: solve(game, 5, True, "memo", bad)
    yield lambda: best_move(game, 5, depth=not_a_count)
    yield lambda: tree_size(game, 5, not_a_count)
    yield lambda: game_tree(game, 4, max_nodes=bad)
    yield lambda: game_tree(game, 4, alpha=not_a_number)


@settings(max_examples=60, deadline=None)
@given(BAD_VALUES)
def test_public_searches_refuse_wrong_values_with_a_message_within_the_budget(bad):
    for call in calls_with_one_bad_argument(bad):
        error, seconds = timed(call)
        assert isinstance(error, (ValueError, TypeError)) and str(error), (bad, error)
        assert seconds < QUICK


class SetsOfCounters(Game):
    """A game whose moves are sets or dicts, which no table can keep: the error says what to use
    instead of each (it said "a tuple, not a list" for all of them)."""

    score_range = (-1, 1)

    def possible_new_states(self, state):
        return [] if state == 0 else [{state - 1}, {state - 1: "counters"}]

    def evaluate(self, state, is_maximizing):
        return (1 if is_maximizing else -1) if state == 0 else None

    def validate(self, state):
        return state


@pytest.mark.parametrize("method", ["minimax", "memo", "alphabeta_table", "iterative"])
def test_unhashable_moves_are_named_with_what_to_use_instead(method):
    with pytest.raises(TypeError, match=r"gave \{1\} \(set\) at state 2: .*a frozenset, not a set"):
        solve(SetsOfCounters(), 2, method=method)


@dataclass
class Heap:
    """A learner's state: a dataclass that is not frozen, so that it cannot be hashed."""

    counters: int


def test_a_dataclass_state_that_is_not_frozen_is_told_to_be():
    """It was told to use "a tuple" at the root, and below it "one made of tuples, numbers and
    strings"."""
    with pytest.raises(ValueError, match=r"Heap\(counters=2\) .*: use a frozen dataclass"):
        solve(SetsOfCounters(), Heap(2))
