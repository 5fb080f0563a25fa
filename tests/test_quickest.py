"""Quickest win, longest defence: best_move, principal_variation and their cost, on tic-tac-toe and
Nim."""

import math
import re
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from nimlib import (
    ColumnsFrom,
    ConnectFour,
    Game,
    Nim,
    SearchBudgetExceeded,
    SearchStats,
    SimpleNim,
    TicTacToe,
    best_move,
    mcts_best_move,
    solve,
)
from nimlib.games.explicit_tree import ExplicitTree
from nimlib.methods import METHODS
from nimlib.solving import principal_variation

GAME = TicTacToe()


@cache
def outcome(board: str) -> tuple[int, int]:
    """(score for the player to move, moves to the end) when the winner hurries and the loser holds
    out."""
    score = GAME.evaluate(board, True)
    if score is not None:
        return score, 0
    lines = [outcome(new_board) for new_board in GAME.possible_new_states(board)]
    best = max(-score for score, _ in lines)
    lengths = [moves + 1 for score, moves in lines if -score == best]
    return best, (min(lengths) if best > 0 else max(lengths) if best < 0 else min(lengths))


@cache
def live_positions() -> list[str]:
    """Every position of tic-tac-toe reachable from the empty board in which play goes on (worked
    out when a test first asks, not as pytest collects the tests)."""
    found, frontier = {GAME.start()}, [GAME.start()]
    while frontier:
        board = frontier.pop()
        for new_board in GAME.possible_new_states(board):
            if new_board not in found and GAME.evaluate(new_board, True) is None:
                found.add(new_board)
                frontier.append(new_board)
    return sorted(found)


def self_play(board: str, method: str) -> list[str]:
    """The boards best_move plays through from `board`, both sides, to the end."""
    line, is_maximizing = [], True
    while GAME.evaluate(board, is_maximizing) is None:
        _, board = best_move(GAME, board, method, is_maximizing=is_maximizing)
        line.append(board)
        is_maximizing = not is_maximizing
    return line


def test_tic_tac_toe_has_4_520_positions_in_play_2_358_of_them_with_a_win_at_once():
    live = live_positions()
    assert len(live) == 4_520 and len([board for board in live if GAME.win_at_once(board)]) == 2_358


@pytest.mark.slow
def test_self_play_from_every_decided_position_lasts_as_long_as_best_play():
    decided = [board for board in live_positions() if outcome(board)[0] != 0]
    wrong = [board for board in decided if len(self_play(board, "negamax")) != outcome(board)[1]]
    assert not wrong, f"{len(wrong)} of {len(decided)} positions, such as {wrong[:3]}"


@pytest.mark.slow
def test_a_win_at_once_is_always_taken():
    for board in live_positions():
        if GAME.win_at_once(board):
            assert GAME.winner(best_move(GAME, board, "alphabeta_table")[1])


@pytest.mark.parametrize("method", sorted(set(METHODS) - {"minimax"}))
def test_the_principal_variation_is_legal_and_as_long_as_best_play(method):
    for board in ["X...O....", "XO..X....", ".X.O.....", "XX.OO...."]:
        line = principal_variation(GAME, board, method)
        assert len(line) == outcome(board)[1]
        for before, after in zip([board, *line], line, strict=False):
            assert after in GAME.possible_new_states(before)
        assert GAME.evaluate(line[-1], True) is not None


def test_the_principal_variation_stops_at_the_depth_limit():
    line = principal_variation(GAME, GAME.start(), "alphabeta", depth=3)
    assert len(line) == 3 and line[0] == best_move(GAME, GAME.start(), "alphabeta", depth=3)[1]


@pytest.mark.parametrize("method", ["memo", "alphabeta_table", "negamax", "deepening"])
def test_the_moves_of_a_principal_variation_share_one_table(method):
    together = SearchStats()
    line = principal_variation(GAME, GAME.start(), method, together)
    apart, is_maximizing = SearchStats(), True
    for before, after in zip([GAME.start(), *line], line, strict=False):
        assert best_move(GAME, before, method, apart, is_maximizing=is_maximizing)[1] == after
        is_maximizing = not is_maximizing
    assert together.calls < apart.calls  # each move looks up what the one before searched


def test_the_mate_searches_of_a_long_line_keep_what_they_found_from_one_move_to_the_next():
    together = SearchStats(max_calls=None)
    line = principal_variation(SimpleNim(), 60, "memo", together)
    apart, is_maximizing = SearchStats(max_calls=None), True
    for before, after in zip([60, *line], line, strict=False):
        assert (
            best_move(SimpleNim(), before, "memo", apart, is_maximizing=is_maximizing)[1] == after
        )
        is_maximizing = not is_maximizing
    assert 4 * together.calls < apart.calls, (together.calls, apart.calls)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("method", "calls"),
    [("memo", 50_000), ("negamax", 50_000), ("deepening", 50_000), ("iterative", 150_000)],
)
def test_the_ties_of_a_line_too_deep_for_recursion_are_broken_without_searching_again(
    method, calls
):
    """Every move of the loser ties three takes. Each one's tie-break used to search again: mate
    searches down to nimlib's recursion limit, a look for a cycle, then timed scores from a new
    table to the end of the game (over 2,000,000 calls for the line, quadratic in its length).
    The iterative method, which never recurses, still ran the mate searches to the limit at every
    move (620,771 calls at 2,000 counters); the timed scores worked out once now break the ties to
    the end (90,169 calls at 7,000)."""
    stats = SearchStats(max_calls=calls)
    line = principal_variation(SimpleNim(), 7_000, method, stats)
    assert line == [counters for k in range(1_749, -1, -1) for counters in (4 * k + 1, 4 * k)]


def test_nim_is_won_quickly_and_lost_slowly():
    assert best_move(SimpleNim(), 5) == (-1, 4), "a lost position: take one, and hold out longest"
    assert principal_variation(SimpleNim(), 9) == [8, 5, 4, 1, 0]
    assert best_move(Nim(), (1, 1, 3)) == (1, (1, 1, 1)), (
        "three single counters: the other ends up with the last"
    )


@pytest.mark.parametrize("method", ["alphabeta", "alphabeta_table", "negamax"])
@pytest.mark.parametrize("game, depth", [(GAME, 2), (GAME, 3), (TicTacToe(size=4, in_a_row=3), 2)])
def test_with_a_depth_limit_best_move_costs_little_more_than_solve(method, game, depth):
    for board in [game.start(), *game.possible_new_states(game.start())[:4]]:
        moved, solved = SearchStats(max_calls=None), SearchStats(max_calls=None)
        best_move(game, board, method, moved, depth=depth)
        solve(game, board, True, method, solved, depth=depth)
        assert moved.calls <= 1.15 * solved.calls, (board, moved.calls, solved.calls)


def test_the_root_window_prunes_at_depth_two():
    pruned, plain = SearchStats(), SearchStats()
    best_move(GAME, GAME.start(), "alphabeta", pruned, depth=2)
    best_move(GAME, GAME.start(), "minimax", plain, depth=2)
    assert pruned.calls < plain.calls
    assert (pruned.calls, plain.calls) == (26, 82)


@pytest.mark.parametrize("method", ["memo", "alphabeta", "deepening"])
def test_ties_go_to_the_move_the_games_own_order_puts_first(method):
    # every first move of tic-tac-toe draws: the centre, as the game orders its moves, not the
    # largest new state (a corner)
    assert best_move(GAME, GAME.start(), method) == (0, "....X....")


@pytest.mark.parametrize(
    "depth",
    [*range(1, 7), 8, 9, *(pytest.param(depth, marks=pytest.mark.slow) for depth in (10, 11))],
)
def test_connect_four_opens_in_the_centre(depth):
    # 7 moves ahead the estimate prefers column 3, which draws (Allis): 4 is the only winning move
    game = ConnectFour()
    new_state = best_move(game, game.start(), "deepening", depth=depth)[1]
    assert game.column_played(game.start(), new_state) == 4


@pytest.mark.parametrize("method", ["alphabeta", "alphabeta_table", "memo"])
def test_best_move_on_the_empty_board_costs_about_what_solve_costs(method):
    # no wall clock: a busy machine must not stop either search
    moved, solved = SearchStats(max_seconds=None), SearchStats(max_seconds=None)
    best_move(GAME, GAME.start(), method, moved)
    solve(GAME, GAME.start(), True, method, solved)
    # best_move tries the centre first (the game's order), solve the moves as listed: alpha-beta
    # prunes differently, memoized minimax searches every position all the same
    assert moved.calls <= 1.1 * solved.calls
    assert method != "memo" or moved.calls == solved.calls


def test_connect_four_breaks_no_tie_between_moves_that_win_equally_soon():
    # Its scores count the moves: columns 4 and 6 both win with X's 12th stone. A tie-break by
    # the moves to the end searched every line from 21 stones (memoized minimax) and ran out of
    # best_move's default budget, where solve takes a few positions.
    game = ConnectFour()
    state = game.from_moves("12335722316577533464")
    worth = {
        column: -solve(game, game.play(state, column), True, "deepening") for column in range(1, 8)
    }
    assert [column for column, score in worth.items() if score == 10] == [4, 6]
    stats = SearchStats(max_seconds=None)
    score, new_state = best_move(game, state, "deepening", stats)
    # the game's order first: 6 makes more threats than 4
    assert (score, game.column_played(state, new_state)) == (10, 6)
    assert stats.calls < 10_000
    assert ColumnsFrom(game, state).score_counts_moves and not GAME.score_counts_moves


class ConnectFourWonOrLost(ConnectFour):
    """Connect Four scored +1, -1 or 0, however soon the four comes: its scores count no moves."""

    def evaluate(self, state, is_maximizing):
        score = super().evaluate(state, is_maximizing)
        return None if score is None else (score > 0) - (score < 0)


@pytest.mark.parametrize("method", METHODS)
def test_a_connect_four_that_scores_no_moves_takes_the_win_at_once(method):
    # It kept Connect Four's score_counts_moves, so best_move broke no tie among the wins and
    # played a slower one (column 3) where column 2 wins at once.
    game = ConnectFourWonOrLost(width=4, height=4)
    state = game.from_moves("113144")
    score, new_state = best_move(game, state, method)
    assert (score, game.column_played(state, new_state)) == (1, 2)
    assert game.evaluate(new_state, False) == 1
    assert not game.score_counts_moves


def test_numpy_scores_get_a_move():
    tree = ExplicitTree({"A": ["B", "C"], "B": np.float64(-0.5), "C": np.float64(0.25)})
    for method in METHODS:
        assert best_move(tree, "A", method) == (0.25, "C"), method
        assert best_move(tree, "A", method, depth=1) == (0.25, "C"), method


def test_a_win_in_a_range_near_the_largest_float_is_still_taken_quickest():
    win, largest = 1.5e308, 1.7976931348623157e308
    tree = ExplicitTree(
        {"A": ["B", "C"], "B": ["B1"], "B1": ["B2"], "B2": win, "C": win}, (1e308, largest)
    )
    assert best_move(tree, "A") == (win, "C")


class Detour(Game):
    """Max wins either way: in five moves by Q, or in seven by P, past a position M whose other
    move reaches a roll of the dice (C) that a search which prunes never needs to see."""

    score_range = (-1, 1)

    MOVES = {"R": "PQ", "P": "M", "M": "XC", "X": "1", "1": "2", "2": "3", "3": "W"}
    MOVES |= {"Q": "4", "4": "5", "5": "6", "6": "W"}

    def possible_new_states(self, state):
        return list(self.MOVES.get(state, ""))

    def is_chance(self, state):
        return state == "C"

    def outcomes(self, state):
        return [(Fraction(1, 2), "L"), (Fraction(1, 2), "L")]

    def evaluate(self, state, is_maximizing):
        return {"W": 1, "L": -1}.get(state)

    def validate(self, state):
        return state


@pytest.mark.parametrize("method", METHODS)
def test_a_chance_node_met_choosing_the_quickest_win_is_refused_by_name(method):
    with pytest.raises(ValueError, match="'C' is a chance node of Detour"):
        best_move(Detour(), "R", method)


class HalfWins(Game):
    """A win worth 0.5 (not an end of the range) at once by "A", or in three moves by "B": a
    deepening that reaches the end of every line knows both exactly."""

    score_range = (-1, 1)

    def __init__(self, worth: float) -> None:
        self.worth = worth

    def possible_new_states(self, state: str) -> list[str]:
        return {"root": ["B", "A"], "B": ["B1"], "B1": ["B2"]}.get(state, [])

    def evaluate(self, state: str, is_maximizing: bool) -> float | None:
        return self.worth if state in ("A", "B2") else None

    def estimate(self, state: str, is_maximizing: bool) -> float:
        return self.worth  # right, but an estimate: the shallower iterations see two ties

    def validate(self, state: object) -> object:
        return state


@pytest.mark.parametrize(("worth", "chosen"), [(0.5, "A"), (-0.5, "B")])
def test_anytime_once_exact_takes_the_quickest_win_and_the_longest_defence(worth, chosen):
    stats = SearchStats()
    assert best_move(HalfWins(worth), "root", "deepening", stats, anytime=True) == (worth, chosen)
    assert stats.exact and best_move(HalfWins(worth), "root") == (worth, chosen)


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize(("worth", "chosen"), [(0.5, "A"), (-0.5, "B")])
def test_a_depth_no_line_reaches_chooses_as_to_the_end(method, worth, chosen):
    """Every line of HalfWins ends within 3 moves, so depth 5 scores nothing by estimate: the win
    of 0.5 is one, and taken quickest (once, only a win at an end of the range counted as one
    under any depth, and best_move took "B", the larger, as anytime=True did not)."""
    assert best_move(HalfWins(worth), "root", method, depth=5) == (worth, chosen)


class ThroughT(Game):
    """Both "near" and "far" lead to T, which ends in a draw a move later: "near" reaches it two
    moves from the root, "far" four; T's estimate, 1, is a guess too kind."""

    score_range = (-1, 1)
    moves = {"root": ["far", "near"], "near": ["T"], "far": ["F1"], "F1": ["F2"], "F2": ["T"]}

    def possible_new_states(self, state: str) -> list[str]:
        return self.moves.get(state, ["end"])

    def evaluate(self, state: str, is_maximizing: bool) -> int | None:
        return 0 if state == "end" else None

    def estimate(self, state: str, is_maximizing: bool) -> int:
        return 1

    def validate(self, state: object) -> object:
        return state


@pytest.mark.parametrize("method", METHODS)
def test_a_depth_one_line_reaches_limits_though_a_shorter_line_met_its_positions_first(method):
    """At depth 4 "far" meets T at the horizon (its estimate: 1), after "near" met it with moves
    to spare: the depth is a limit, and "far" scores 1, as solve says."""
    assert best_move(ThroughT(), "root", method, depth=4) == (1, "far")


class EndAtTheHorizon(Game):
    """Move `real` ends 2 moves from the root with `end` (a real score); move `guessed` is scored
    `end` by its estimate at every horizon and really ends in 4 moves with -`end`."""

    score_range = (-1, 1)

    def __init__(self, end: int, real: str, guessed: str) -> None:
        self.end, self.real, self.guessed = end, real, guessed

    def possible_new_states(self, state: str) -> list[str]:
        line = {self.real: [self.real + "1"], self.guessed: [self.guessed + "1"]}
        line |= {self.guessed + "1": [self.guessed + "2"], self.guessed + "2": [self.guessed + "3"]}
        return [self.guessed, self.real] if state == "root" else line[state]

    def evaluate(self, state: str, is_maximizing: bool) -> int | None:
        return {self.real + "1": self.end, self.guessed + "3": -self.end}.get(state)

    def estimate(self, state: str, is_maximizing: bool) -> int:
        return self.end

    def validate(self, state: object) -> object:
        return state


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize(
    ("end", "real", "guessed", "chosen"), [(1, "A", "B", "A"), (-1, "B", "A", "A")]
)
def test_a_win_or_loss_ending_at_the_horizon_is_real_not_an_estimate(
    method, end, real, guessed, chosen
):
    """At depth 2 the real end is in sight and the guessed one is not: the real win is taken,
    the real loss put off, whichever move comes first among the ties ("B", the larger)."""
    game = EndAtTheHorizon(end, real, guessed)
    assert best_move(game, "root", method, depth=2) == (end, chosen)
    if method == "deepening":
        assert best_move(game, "root", method, depth=2, anytime=True) == (end, chosen)


class EqualWinsAfterAGuess(Game):
    """Max wins in 3 moves by "a" or by "b"; the estimates favour "a" (0.5 against -0.5), so the
    shallow iterations of anytime prefer it, and the exact one finds the two tied."""

    score_range = (-1, 1)

    def possible_new_states(self, state: str) -> list[str]:
        return ["a", "b"] if state == "root" else [state + "+"]

    def evaluate(self, state: str, is_maximizing: bool) -> int | None:
        return 1 if state.endswith("++") else None

    def estimate(self, state: str, is_maximizing: bool) -> float:
        return 0.5 if state.startswith("a") else -0.5

    def validate(self, state: object) -> object:
        return state


def test_anytime_breaks_a_tie_of_equal_wins_as_best_move_does():
    stats = SearchStats()
    timed = best_move(EqualWinsAfterAGuess(), "root", "deepening", stats, anytime=True)
    assert stats.exact and timed == best_move(EqualWinsAfterAGuess(), "root") == (1, "b")


class EndlessRange(Game):
    """A win at once ("A") or in three moves ("B"), scored in `score_range`."""

    def __init__(self, score_range: tuple) -> None:
        self.score_range = score_range

    def possible_new_states(self, state: str) -> list[str]:
        return {"root": ["B", "A"], "B": ["B1"], "B1": ["B2"]}.get(state, [])

    def evaluate(self, state: str, is_maximizing: bool) -> float | None:
        return 3 if state in ("A", "B2") else None

    def validate(self, state: object) -> object:
        return state


def test_a_range_of_two_infinite_ends_has_its_middle_at_0():
    assert best_move(EndlessRange((-math.inf, math.inf)), "root") == (3, "A")


@pytest.mark.parametrize("score_range", [(0, math.inf), (-math.inf, 5)])
def test_a_range_with_one_infinite_end_has_no_win_and_takes_equal_moves_in_their_order(
    score_range,
):
    """No score is a win or a loss there, so no distance breaks a tie: best_move refused such a
    game, even one whose moves did not tie. MCTS, whose rewards are wins and losses, still does."""
    game = EndlessRange(score_range)
    assert all(solve(game, "root", True, method) == 3 for method in METHODS)
    assert all(best_move(game, "root", method) == (3, "B") for method in METHODS)
    assert best_move(game, "root", "deepening", is_maximizing=False) == (-3, "B")
    assert principal_variation(game, "root") == ["B", "B1", "B2"]
    named = re.escape(f"range of EndlessRange, ({score_range[0]:g}, {score_range[1]:g}), has no")
    with pytest.raises(ValueError, match=named):
        mcts_best_move(game, "root", 50)


class FalselyMirrored(Game):
    """Max chooses between two leaves that both score `leaf` for Max, whoever moves: yet the game
    says a position is worth the same to either player (it is not)."""

    score_range = (-1, 1)

    score_depends_only_on_mover = True

    def __init__(self, leaf: int) -> None:
        self.leaf = leaf

    def possible_new_states(self, state: str) -> list[str]:
        return ["left", "right"] if state == "choice" else []

    def evaluate(self, state: str, is_maximizing: bool) -> int | None:
        return None if state == "choice" else self.leaf

    def validate(self, state: str) -> str:
        return state


@pytest.mark.parametrize("leaf", [1, -1])
def test_scores_that_contradict_each_other_are_named_not_a_hang(leaf):
    """Negamax would trust the false mirror, and find both of Max's moves a loss (leaves of +1) or
    a win (-1), which the mate search that breaks the tie could not find (it once asked for ever):
    the first finished position met names the two scores that are no mirror of each other."""
    named = rf"evaluate\('right', True\) gives {leaf} and evaluate\('right', False\) gives {leaf}"
    with pytest.raises(ValueError, match=f"{named}.*score_depends_only_on_mover"):
        best_move(FalselyMirrored(leaf), "choice", "negamax")


class Misjudged(Game):
    """Max chooses between B, a loss at once, and A, which Min cannot keep from Max's win (by P, or
    the longer way round by Q and X), though the estimate calls every position a loss for Max."""

    score_range = (-1, 1)

    MOVES = {"R": ["A", "B"], "A": ["P", "Q"], "P": ["T1"], "Q": ["X"], "X": ["P"]}

    def possible_new_states(self, state: str) -> list[str]:
        return self.MOVES.get(state, [])

    def evaluate(self, state: str, is_maximizing: bool) -> int | None:
        return {"T1": 1, "B": -1}.get(state)

    def estimate(self, state: str, is_maximizing: bool) -> int:
        return -1

    def validate(self, state: str) -> str:
        return state


@pytest.mark.parametrize("method", METHODS)
def test_a_loss_only_the_estimate_sees_is_held_out_longest_not_called_a_contradiction(method):
    """Four moves ahead both moves score -1, A's by the estimate at the horizon: the longest
    defence then looked for a loss forced in A, found none, and said the scores disagree."""
    assert best_move(Misjudged(), "R", method, depth=4) == (-1, "A")
    assert principal_variation(Misjudged(), "R", method, depth=4)[0] == "A"


class Doomed(Game):
    """Every move loses at once, by the lowest score of a range that has no lowest float."""

    score_range = (-math.inf, math.inf)

    def possible_new_states(self, state: str) -> list[str]:
        return ["a", "b"] if state == "R" else []

    def evaluate(self, state: str, is_maximizing: bool) -> float | None:
        return None if state == "R" else -math.inf

    def validate(self, state: str) -> str:
        return state


@pytest.mark.parametrize("method", METHODS)
def test_moves_all_scoring_minus_infinity_tie_without_an_empty_window(method):
    """The pruning methods asked of the second move "does it reach -inf too?" with the window
    (-inf, -inf), and were refused: alpha must be less than beta."""
    assert best_move(Doomed(), "R", method) == (-math.inf, "b")


class Circle(Game):
    """A draw at once from x or y, or a move to the other: play that goes round never ends."""

    score_range = (-1, 1)

    MOVES = {"x": ["0", "y"], "y": ["0", "x"]}

    def possible_new_states(self, state: str) -> list[str]:
        return self.MOVES.get(state, [])

    def evaluate(self, state: str, is_maximizing: bool) -> int | None:
        return 0 if state == "0" else None

    def validate(self, state: str) -> str:
        return state


@pytest.mark.parametrize("method", ["memo", "alphabeta", "negamax", "deepening"])
def test_a_line_of_best_play_that_comes_back_names_the_cycle_at_once(method):
    """The pruning methods cut the cycle away and each found a draw, taking the larger state, y,
    then x, ... until the budget's 10 s ran out."""
    with pytest.raises(ValueError, match="Circle has a cycle: play from '[xy]' can come back"):
        principal_variation(Circle(), "x", method, SearchStats(max_seconds=None))


def test_the_look_for_the_horizon_does_not_go_round_a_cycle():
    """From x, x and y follow each other for ever: a line longer than the positions looked at has
    come back to one, so depth 10**9 is a limit at once (looked at again each time round, with a
    move fewer ahead, the look would go round 10**9 times)."""
    assert best_move(Circle(), "x", "alphabeta", depth=10**9) == (0, "y")


class Wide(Game):
    """Ten moves everywhere, a draw after six: a million lines, each scored by estimate at depth 7
    only if the look for the horizon finds none that ends sooner."""

    score_range = (-1, 1)

    def possible_new_states(self, path: tuple) -> list[tuple]:
        return [] if len(path) == 6 else [(*path, move) for move in range(10)]

    def evaluate(self, path: tuple, is_maximizing: bool) -> int | None:
        return 0 if len(path) == 6 else None

    def estimate(self, path: tuple, is_maximizing: bool) -> int:
        return 0

    def validate(self, path: tuple) -> tuple:
        return path


def test_the_look_for_the_horizon_keeps_to_the_memory_budget():
    """It held about 200 MB of positions looked at against a limit of 20 MB, unwatched, and
    answered: now the budget watches them, and stops it with the advice of every search."""
    with pytest.raises(SearchBudgetExceeded, match="memory limit of 20 MB .* smaller depth than 7"):
        best_move(Wide(), (), "alphabeta", SearchStats(max_bytes=20_000_000), depth=7)
