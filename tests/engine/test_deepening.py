"""The method "deepening": exact everywhere, cheaper than alpha-beta with a table, and an engine's
clock."""

import math

import numpy as np
import pytest

from nimlib import (
    METHODS,
    Game,
    Nim,
    SearchBudgetExceeded,
    SearchStats,
    SimpleNim,
    TicTacToe,
    best_move,
    solve,
)
from nimlib.book.minimax import memoized_minimax
from nimlib.engine.deepening import BEST_MOVE, deepening
from nimlib.games.explicit_tree import ExplicitTree
from nimlib.games.scored_nim import ScoredNim

GAME = TicTacToe()


def live_positions(game):
    """Every position reachable from the start in which play goes on."""
    found, frontier = {game.start()}, [game.start()]
    while frontier:
        board = frontier.pop()
        for new_board in game.possible_new_states(board):
            if new_board not in found and game.evaluate(new_board, True) is None:
                found.add(new_board)
                frontier.append(new_board)
    return sorted(found)


@pytest.mark.slow
def test_deepening_agrees_with_memoized_minimax_on_every_tictactoe_position():
    table = {}
    wrong = [
        board
        for board in live_positions(GAME)
        if solve(GAME, board, True, "deepening") != memoized_minimax(GAME, board, table=table)
    ]
    assert wrong == []


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_with_a_depth_limit_deepening_gives_depth_limited_minimax(depth):
    for board in live_positions(GAME)[::50]:
        assert deepening(GAME, board, depth=depth) == pytest.approx(
            memoized_minimax(GAME, board, depth=depth)
        )


@pytest.mark.parametrize(
    ("game", "state"),
    [
        (Nim(), (1, 2, 3)),
        (Nim(), (2, 3, 5)),
        (Nim(last_counter_loses=False), (2, 3, 4, 5)),
        (SimpleNim(), 21),
        (ScoredNim(), (8, 0)),
        (ScoredNim((4, -3, 8, -3, -8, -7, 0, -7), (3, 1)), (8, 0)),
        (ExplicitTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), "A"),
    ],
)
def test_deepening_is_exact_on_games_without_hints(game, state):
    """A game that gives no hints takes the same negamax, which skips the hint steps."""
    for is_maximizing in (True, False):
        assert solve(game, state, is_maximizing, "deepening") == solve(
            game, state, is_maximizing, "memo"
        )


def test_a_window_gives_a_bound_on_the_right_side():
    board = "X...O...."  # a draw
    assert deepening(GAME, board, alpha=0.5, beta=1) <= 0.5
    assert deepening(GAME, board, alpha=-1, beta=-0.5) >= -0.5
    assert deepening(GAME, board, alpha=-0.5, beta=0.5) == 0


@pytest.mark.slow
def test_deepening_calls_at_most_a_little_more_than_alphabeta_with_a_table():
    for game, most in [(GAME, 1.5), (TicTacToe(size=4, in_a_row=3), 1.0)]:
        table, deep = (
            SearchStats(max_calls=None, max_seconds=None),
            SearchStats(max_calls=None, max_seconds=None),
        )
        solve(game, game.start(), True, "alphabeta_table", table)
        solve(game, game.start(), True, "deepening", deep)
        assert deep.calls <= most * table.calls, (game, deep.calls, table.calls)


def test_a_win_at_once_costs_no_call():
    stats = SearchStats()
    assert solve(GAME, "XX.OO....", True, "deepening", stats) == 1
    assert stats.calls == 0


def test_without_anytime_a_search_out_of_budget_raises():
    game = TicTacToe(size=4, in_a_row=3)
    with pytest.raises(SearchBudgetExceeded):
        best_move(game, game.start(), "deepening", SearchStats(max_calls=50))


def test_anytime_answers_with_the_deepest_finished_iteration_and_says_its_depth():
    game = TicTacToe(size=4, in_a_row=3)
    stats = SearchStats(max_calls=300)
    score, new_state = best_move(game, game.start(), "deepening", stats, anytime=True)
    assert new_state in game.possible_new_states(game.start())
    assert stats.depth_reached >= 1 and stats.exact is False, (
        "300 calls cannot reach the end on 4x4"
    )
    deepest = best_move(
        game, game.start(), "deepening", SearchStats(max_calls=None), depth=stats.depth_reached
    )
    assert (score, new_state) == deepest


def test_anytime_with_room_enough_is_exact():
    stats = SearchStats()
    score, new_state = best_move(GAME, "X...O....", "deepening", stats, anytime=True)
    assert score == best_move(GAME, "X...O....", "memo")[0] == -solve(GAME, new_state)
    assert stats.depth_reached == 7, (
        "the iteration 7 moves ahead reaches the end of every game from there"
    )
    assert stats.exact is True
    best_move(GAME, "X...O....", "memo", stats)
    assert (stats.depth_reached, stats.exact) == (None, None), (
        "a plain search says nothing of iterations"
    )


def test_anytime_before_the_first_iteration_ends_still_raises():
    with pytest.raises(SearchBudgetExceeded):
        best_move(GAME, GAME.start(), "deepening", SearchStats(max_calls=3), anytime=True)


def test_anytime_on_a_game_too_long_for_recursion_answers_as_best_move():
    """It raised SearchTooDeep, whose advice was best_move, 'which switches by itself'."""
    stats = SearchStats()
    assert best_move(SimpleNim(), 5000, "deepening", stats, anytime=True) == (1, 4997)
    assert best_move(SimpleNim(), 5000) == (1, 4997)
    assert stats.depth_reached == math.inf and stats.exact is True


def test_anytime_needs_deepening():
    with pytest.raises(ValueError, match="anytime=True needs method='deepening'"):
        best_move(GAME, GAME.start(), "alphabeta", anytime=True)


def test_a_position_the_table_settles_has_no_moves_listed():
    class CountingNim(Nim):
        """Nim that counts how often the moves of a position are asked for."""

        listings = 0

        def possible_new_states(self, state):
            """Nim's moves, counted."""
            CountingNim.listings += 1
            return super().possible_new_states(state)

    stats = SearchStats(max_calls=None, max_seconds=None)
    assert solve(CountingNim(), (1, 2, 3, 4, 5, 6, 7), True, "deepening", stats) == -1
    assert stats.table_hits > stats.calls / 2  # most visits are answered by the table
    assert CountingNim.listings <= stats.calls - stats.table_hits + 1  # the root's bounds too


def test_moves_given_one_at_a_time_stop_at_a_cut_off_and_count_alike():
    class MadeNim(Nim):
        """Nim that counts the moves it makes, one at a time as a generator gives them: Nim's
        rules, so Nim's knowledge of them (a subclass that rewrites the moves keeps none)."""

        made = 0
        canonical = Nim.canonical
        score_depends_only_on_mover = True

        def possible_new_states(self, state):
            """Nim's moves, each counted as it is made."""
            for new_state in super().possible_new_states(state):
                type(self).made += 1
                yield new_state

    class ListedNim(MadeNim):
        """The same Nim giving its moves as a list, all made at once."""

        made = 0
        canonical = Nim.canonical
        score_depends_only_on_mover = True

        def possible_new_states(self, state):
            """Nim's moves, listed."""
            return list(super().possible_new_states(state))

    counts = {}
    for game in (MadeNim(), ListedNim()):
        stats = SearchStats(max_calls=None, max_seconds=None)
        score = solve(game, (1, 2, 3, 4, 5, 6, 7), True, "deepening", stats)
        counts[type(game)] = (score, stats.calls, stats.table_hits, stats.cutoffs)
    assert counts[MadeNim] == counts[ListedNim]  # the same search, counted alike
    assert counts[MadeNim][:3] == (-1, 4_905, 4_131)
    assert (MadeNim.made, ListedNim.made) == (5_552, 12_643)  # moves made: one at a time, listed


class Wide(Game):
    """From the start, -1, one move to 0, which has 100,000 moves given one at a time, each to a
    finished game lost by the player who made it, so that none cuts off."""

    score_range = (-1, 1)

    def possible_new_states(self, state):
        """0 from the start, then 1, 2, ..., 100,000, made one at a time; nothing after."""
        yield from [0] if state == -1 else range(1, 100_001) if state == 0 else ()

    def evaluate(self, state, is_maximizing):
        """Play ends after two moves."""
        return None if state <= 0 else (1 if is_maximizing else -1)

    def validate(self, state):
        """Any whole number."""
        return state


def test_the_moves_past_the_first_chunk_are_watched_by_the_memory_budget_while_listed():
    """The engine takes 4,096 moves one at a time, the rest as a list that the budget watches: it
    stops at the memory limit while the list grows, before searching the moves in it."""
    stats = SearchStats(max_calls=None, max_seconds=None, max_bytes=1_000_000, track_states=False)
    with pytest.raises(SearchBudgetExceeded, match="memory limit of 1 MB"):
        solve(Wide(), -1, True, "deepening", stats)
    assert stats.calls == 2 + 4_096  # the start, 0 and the first chunk of moves, then the list
    roomy = SearchStats(max_calls=None, max_seconds=None, track_states=False)
    assert solve(Wide(), -1, True, "deepening", roomy) == 1
    assert roomy.calls == 100_002


@pytest.mark.parametrize("depth", [None, 2, 4])
def test_each_position_keeps_its_own_best_move_whatever_the_depth(depth):
    """The table keeps a best move under the position's key to the end (its canonical form first),
    not under the depth: under a depth limit too, each position searched has its own, one of its
    moves."""
    table = {}
    deepening(GAME, GAME.start(), depth=depth, table=table)
    best_moves = {
        key[1][0]: new_state
        for key, new_state in table.items()
        if key.__class__ is tuple and key[0] is BEST_MOVE
    }
    canonical_live = {GAME.canonical(board) for board in live_positions(GAME)}
    assert len(best_moves) >= 4
    for position, new_state in best_moves.items():
        assert position in canonical_live, f"{position!r} is not a position"
        moves = {GAME.canonical(board) for board in GAME.possible_new_states(position)}
        assert GAME.canonical(new_state) in moves


class Doomed(Game):
    """One move, to a loss of -inf, in a score range without ends."""

    score_range = (-math.inf, math.inf)

    def possible_new_states(self, state):
        return ["lost"] if state == "start" else []

    def evaluate(self, state, is_maximizing):
        return -math.inf if state == "lost" else None

    def validate(self, state):
        return state


def test_a_move_worth_minus_infinity_is_still_a_move():
    assert solve(Doomed(), "start", method="deepening") == -math.inf
    assert best_move(Doomed(), "start", "deepening") == (-math.inf, "lost")


class Record(Game):
    """Three moves of 0 or 1, a state the record of play as nested pairs: (None, 0) after a first
    0, ((None, 0), 1) after a 1 then, and so on. The last move decides: 1 wins for its player.
    So a state reached to the end looks like the key of a shallower position under a depth."""

    score_range = (-1, 1)

    score_depends_only_on_mover = True

    def moves_made(self, state):
        return 0 if state is None else 1 + self.moves_made(state[0])

    def possible_new_states(self, state):
        return [(state, 0), (state, 1)] if self.moves_made(state) < 3 else []

    def evaluate(self, state, is_maximizing):
        if self.moves_made(state) < 3:
            return None
        won = 1 if state[1] == 1 else -1  # for the player who made the last move
        return -won if is_maximizing else won

    def estimate(self, state, is_maximizing):
        return 0

    def validate(self, state):
        return state


def test_searches_to_the_end_and_under_a_depth_share_a_table_without_mixing_keys():
    table = {}
    deepening(Record(), ((None, 0), 1), True, table=table)  # stores the key ((None, 0), 1)
    shallow = deepening(Record(), (None, 0), False, table=table, depth=1)
    assert shallow == deepening(Record(), (None, 0), False, depth=1) == 0


def test_a_game_without_an_estimate_is_searched_to_the_depth_at_once():
    """Deepening's shallower iterations would ask for an estimate the other methods never need
    here; anytime=True, too, searches such a game once, to the end."""
    tree = ExplicitTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert {solve(tree, "A", method=method, depth=5) for method in METHODS} == {3}
    stats = SearchStats()
    assert best_move(tree, "A", "deepening", stats, anytime=True) == (3, "B")
    assert stats.exact


class NumpyHints(Game):
    """Min to move chooses "a" (then Max: 3 or 7) or "b" (5), its scores Python's ints but its
    hints' bounds numpy numbers of `kind`, as a board's numpy sums would give them."""

    score_range = (0, 10)
    tree = {"r": ["a", "b"], "a": ["a0", "a1"], "b": ["b0"]}
    leaves = {"a0": 3, "a1": 7, "b0": 5}

    def __init__(self, kind: type, bounds: tuple = (0, 10)) -> None:
        self.kind, self.bounds = kind, bounds
        self.estimate_range = (kind(bounds[0]), kind(bounds[1]))

    def possible_new_states(self, state: str) -> list[str]:
        return self.tree[state]

    def evaluate(self, state: str, is_maximizing: bool) -> int | None:
        return self.leaves.get(state)

    def estimate(self, state: str, is_maximizing: bool) -> int:
        return 5

    def validate(self, state: object) -> object:
        return state

    def safe_new_states(self, state: str) -> list[str]:  # nobody here wins at once
        return self.tree[state]

    def score_bounds(self, state: str, is_maximizing: bool) -> tuple:
        return self.estimate_range

    score_reach = score_bounds


@pytest.mark.parametrize("depth", [None, 2])
@pytest.mark.parametrize("kind", [np.uint64, np.int8, np.float32])
def test_hints_of_numpy_numbers_are_searched_as_python_numbers(kind, depth):
    """Negated, -numpy.uint64(10) wraps round to 18446744073709551606: Min's bounds were lost."""
    assert solve(NumpyHints(kind), "r", False, "deepening", depth=depth) == 5
    assert best_move(NumpyHints(kind), "r", "deepening", is_maximizing=False) == (-5, "b")


@pytest.mark.parametrize("bounds", [(10, 0), (0, math.nan), (0,), "0 to 10"])
def test_a_hints_bounds_that_are_no_bounds_are_refused_by_name(bounds):
    game = NumpyHints(int)
    game.score_bounds = lambda state, is_maximizing: bounds
    with pytest.raises(ValueError, match=r"NumpyHints.score_bounds gave .* at state 'r'"):
        solve(game, "r", False, "deepening")
    game.estimate_range = bounds
    with pytest.raises(ValueError, match=r"NumpyHints.estimate_range gave .*: a hint's bounds"):
        solve(game, "r", False, "deepening")
