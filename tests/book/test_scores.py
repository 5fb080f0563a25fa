"""Real scores: every search method gives the exact minimax score of any game with scores in a
range.

The games are random trees (with shared positions, so tables meet the same position twice)
whose leaves carry random numbers; the reference is a plain minimax written here, cut at a
depth where asked, with the game's estimate at the cut.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import partial

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from nimlib import (
    METHODS,
    ExplicitTree,
    Game,
    SearchStats,
    SimpleNim,
    alphabeta,
    best_move,
    deepening,
    game_tree,
    iterative_minimax,
    mcts_best_move,
    memoized_minimax,
    minimax,
    negamax,
    solve,
    textbook_tree,
)
from nimlib.book.limits import FILLED_FOR
from nimlib.book.table import BEST_MOVE
from nimlib.checks.trial_games import TinyTree
from nimlib.games.values import for_mover, middle_of_range

LOW, HIGH = -10, 10


@dataclass(frozen=True, eq=False)
class RandomTree(Game):
    """Positions 0, 1, ...: `children[i]` are the positions a move from i reaches (always larger
    numbers, so that play ends), `leaves[i]` the score where play has ended, `guesses[i]` the
    estimate of a position that goes on, each from LOW to HIGH and moved up by `offset` (a range
    from 0 to 20, say). With `same_for_either`, a leaf's score is for the player to move (with
    Min to move, Max's score is its mirror in the range: negated when the range is symmetric), as
    in the Nim games."""

    children: tuple[tuple[int, ...], ...]
    leaves: tuple[float | None, ...]
    guesses: tuple[float, ...]
    same_for_either: bool = False
    offset: int = 0

    @property
    def score_range(self) -> tuple[int, int]:
        return LOW + self.offset, HIGH + self.offset

    @property
    def score_depends_only_on_mover(self) -> bool:
        return self.same_for_either

    def possible_new_states(self, state: int) -> tuple[int, ...]:
        return self.children[state]

    def evaluate(self, state: int, is_maximizing: bool) -> float | None:
        score = self.leaves[state]
        return None if score is None else self.for_max(score, is_maximizing)

    def estimate(self, state: int, is_maximizing: bool) -> float:
        return self.for_max(self.guesses[state], is_maximizing)

    def for_max(self, score: float, is_maximizing: bool) -> float:
        """A leaf's or a guess's number as Max's score, from LOW to HIGH moved up by the offset."""
        if self.same_for_either and not is_maximizing:
            return self.offset - score  # the mirror of score + offset in the range
        return score + self.offset

    def validate(self, state: object) -> int:
        if not isinstance(state, int) or not 0 <= state < len(self.children):
            raise ValueError(f"no position {state!r}")
        return state


scores = st.one_of(st.integers(LOW, HIGH), st.sampled_from([-9.5, -0.75, 0.25, 2.5, 7.125]))


@st.composite
def random_trees(draw: st.DrawFn, same_for_either: bool | None = None) -> RandomTree:
    """A random game of 1 to 25 positions; later positions are shared by several parents."""
    size = draw(st.integers(1, 25))
    children: list[tuple[int, ...]] = [()] * size
    leaves: list[float | None] = [None] * size
    for position in reversed(range(size)):
        later = range(position + 1, size)
        if not later or draw(st.integers(0, 3)) == 0:
            leaves[position] = draw(scores)
        else:
            children[position] = tuple(
                draw(st.lists(st.sampled_from(later), min_size=1, max_size=4))
            )
    guesses = tuple(draw(scores) for _ in range(size))
    mover = draw(st.booleans()) if same_for_either is None else same_for_either
    offset = draw(st.sampled_from([0, 10]))  # scores from -10 to 10, or from 0 to 20
    return RandomTree(tuple(children), tuple(leaves), guesses, mover, offset)


def reference(game: RandomTree, state: int, is_maximizing: bool, depth: float = math.inf) -> float:
    """Plain minimax, cut at `depth` moves with the game's estimate there."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    if depth == 0:
        return game.estimate(state, is_maximizing)
    values = [
        reference(game, child, not is_maximizing, depth - 1)
        for child in game.possible_new_states(state)
    ]
    return max(values) if is_maximizing else min(values)


def is_consistent(result: float, exact: float, alpha: float, beta: float) -> bool:
    """Alpha-beta's promise: exact inside the window, an upper bound at or below alpha, a lower one
    at or above beta."""
    if result <= alpha:
        return exact <= result
    if result >= beta:
        return exact >= result
    return exact == result


depths = st.one_of(st.none(), st.integers(0, 4))


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(random_trees(), st.booleans(), depths)
def test_every_method_gives_plain_minimax(game, is_maximizing, depth):
    expected = reference(game, 0, is_maximizing, math.inf if depth is None else depth)
    for method in METHODS:
        assert solve(game, 0, is_maximizing, method, depth=depth) == expected, method


@settings(max_examples=200, deadline=None)
@given(
    random_trees(),
    st.lists(st.tuples(st.integers(0, 24), st.booleans(), depths), min_size=1, max_size=6),
)
@pytest.mark.slow
def test_tables_shared_across_calls_players_and_depths_stay_exact(game, calls):
    tables = {name: {} for name in ("memo", "canonical", "alphabeta", "negamax", "iterative")}
    for state, is_maximizing, depth in calls:
        state %= len(game.children)
        expected = reference(game, state, is_maximizing, math.inf if depth is None else depth)
        mover = 1 if is_maximizing else -1
        found = [
            memoized_minimax(game, state, is_maximizing, table=tables["memo"], depth=depth),
            memoized_minimax(
                game, state, is_maximizing, canonical=True, table=tables["canonical"], depth=depth
            ),
            alphabeta(
                game, state, is_maximizing, table=tables["alphabeta"], canonical=True, depth=depth
            ),
            mover
            * negamax(
                game, state, is_maximizing=is_maximizing, table=tables["negamax"], depth=depth
            ),
            iterative_minimax(game, state, is_maximizing, table=tables["iterative"], depth=depth),
        ]
        assert found == [expected] * len(found)


TABLE_SEARCHES = {  # every search that takes a table, called as a learner would, score for Max
    "memo": lambda game, state, is_max, table, depth: memoized_minimax(
        game, state, is_max, table=table, depth=depth
    ),
    "alphabeta": lambda game, state, is_max, table, depth: alphabeta(
        game, state, is_max, table=table, depth=depth
    ),
    "negamax": lambda game, state, is_max, table, depth: (
        (1 if is_max else -1) * negamax(game, state, is_maximizing=is_max, table=table, depth=depth)
    ),
    "deepening": lambda game, state, is_max, table, depth: deepening(
        game, state, is_max, table=table, depth=depth
    ),
    "iterative": lambda game, state, is_max, table, depth: iterative_minimax(
        game, state, is_max, table=table, depth=depth
    ),
}


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(
    random_trees(),
    st.lists(
        st.tuples(st.sampled_from(list(TABLE_SEARCHES)), st.integers(0, 24), st.booleans(), depths),
        min_size=2,
        max_size=8,
    ),
)
def test_one_table_passed_to_every_search_gives_exact_scores_or_a_clear_refusal(game, calls):
    """A table passed from one kind of search to another (scores, bounds, the engine's) is refused
    by name; one passed between the views (Max's, the mover's) keeps their entries apart."""
    table: dict = {}
    for name, state, is_maximizing, depth in calls:
        state %= len(game.children)
        expected = reference(game, state, is_maximizing, math.inf if depth is None else depth)
        try:
            found = TABLE_SEARCHES[name](game, state, is_maximizing, table, depth)
        except ValueError as error:
            assert "another kind of search's" in str(error), error
            continue
        assert found == expected, name


@pytest.mark.parametrize("name", list(TABLE_SEARCHES))
def test_a_table_another_game_filled_is_refused_by_name(name):
    """Misère and normal-play Nim score 9 counters the other way round: a table one filled would
    give the other a wrong score, so it is refused; the same rules (a new instance) and a table
    cleared are not."""
    search, table = TABLE_SEARCHES[name], {}
    misere, normal = SimpleNim(), SimpleNim(last_counter_loses=False)
    assert search(misere, 9, True, table, None) == -1
    with pytest.raises(
        ValueError,
        match=r"holds the positions of SimpleNim\(\), and this search "
        r"is of SimpleNim\(last_counter_loses=False\)",
    ):
        search(normal, 9, True, table, None)
    assert search(SimpleNim(), 9, True, table, None) == -1
    table.clear()
    assert search(normal, 9, True, table, None) == 1


class Takes(Game):
    """A learner's game with settings and no ==: one pile, take one of `takes`, the last wins."""

    score_range = (-1, 1)

    def __init__(self, takes):
        self.takes = takes

    def possible_new_states(self, counters):
        return [counters - take for take in self.takes if take <= counters]

    def evaluate(self, counters, is_maximizing):
        return None if counters else (-1 if is_maximizing else 1)

    def validate(self, counters):
        return counters


@pytest.mark.parametrize("name", list(TABLE_SEARCHES))
def test_a_table_a_game_of_other_settings_filled_is_refused_where_the_class_has_no_eq(name):
    """Taking 1 or 3, 3 counters are a win; the table of taking 1 or 2 scored them a loss."""
    search, table = TABLE_SEARCHES[name], {}
    assert search(Takes((1, 2)), 3, True, table, None) == -1
    with pytest.raises(ValueError, match="holds the positions of .*Takes"):
        search(Takes((1, 3)), 3, True, table, None)
    assert search(Takes((1, 2)), 3, True, table, None) == -1  # the same settings: the same game


@pytest.mark.parametrize("name", list(TABLE_SEARCHES))
def test_a_table_another_tree_filled_is_refused_by_name(name):
    """Two hand-written trees name their positions alike: a table filled for [[3, 12], [2, 4]]
    once gave [[30, 1], [2, 40]] its score of 3, not 2 (ExplicitTree is no dataclass, so the two
    were never compared). The same tree, written again, shares the table."""
    search, table = TABLE_SEARCHES[name], {}
    assert search(ExplicitTree([[3, 12], [2, 4]]), "A", True, table, None) == 3
    with pytest.raises(ValueError, match=r"this search is of ExplicitTree\(\[\[30, 1\]"):
        search(ExplicitTree([[30, 1], [2, 40]]), "A", True, table, None)
    assert search(ExplicitTree([[3, 12], [2, 4]]), "A", True, table, None) == 3


@pytest.mark.parametrize("name", list(TABLE_SEARCHES))
def test_a_hand_made_table_with_an_entry_no_search_stores_is_refused_by_name(name):
    """memoized_minimax(SimpleNim(), 5, table={(5, True): 'x'}) once answered 'x', and alphabeta
    read the bounds (7, 7) as a score of 7 in a game scored -1 to 1. A table no search filled is
    read entry by entry before a search uses it, and every entry a search stores passes."""
    search, filled = TABLE_SEARCHES[name], {}
    assert search(SimpleNim(), 9, True, filled, None) == -1
    by_hand = {tuple(list(key)): value for key, value in filled.items()}  # keys no search made
    assert search(SimpleNim(), 9, True, by_hand, None) == -1
    key = [key for key in by_hand if key[0] is not BEST_MOVE][-1]  # kept_in reads the first
    for junk in ("x", None, 7, -1.5, (1, -1), (7, 7), ("a", "b"), (0, 0, 0, 0)):
        table = {tuple(list(key)): value for key, value in filled.items()}
        table[key] = junk
        with pytest.raises(ValueError, match=r"which no search of SimpleNim\(\) stores"):
            search(SimpleNim(), 9, True, table, None)


@pytest.mark.parametrize("name", list(TABLE_SEARCHES))
def test_a_hand_made_entry_of_the_wrong_sign_for_its_view_is_refused_by_name(name):
    """The textbook tree is scored 0 to 20: Max's view (alphabeta's keys) never stores -3, nor the
    mover's view (negamax's) +3 for Min. Such an entry once passed as 'a score for either player'
    (a table of B's -3 alone scored the root 2, not 3); an entry of the right sign still passes."""
    search, filled = TABLE_SEARCHES[name], {}
    tree = textbook_tree()
    assert search(tree, "A", True, filled, None) == 3
    key = next(key for key in filled if key[0] == "B")  # Min to move at B, worth 3 for Max
    stored = filled[key]
    wrong_sign = (
        tuple(-bound for bound in stored[:2]) + stored[2:] if isinstance(stored, tuple) else -stored
    )
    table = {tuple(list(entry)): value for entry, value in filled.items()}
    table[tuple(list(key))] = wrong_sign
    with pytest.raises(ValueError, match=r"which no search of ExplicitTree.* stores: a score from"):
        search(tree, "A", True, table, None)
    table[tuple(list(key))] = stored
    assert search(tree, "A", True, table, None) == 3


def test_a_new_table_at_the_address_of_a_freed_one_is_not_taken_for_it(monkeypatch):
    """Python may give a new dict the address of a freed table: it is the same table only if its
    first key is the very key object the game's search stored, so a new one is not refused."""
    normal = SimpleNim(last_counter_loses=False)
    table = {tuple([9, True]): 1}
    monkeypatch.setitem(FILLED_FOR, id(table), (tuple([9, True]), SimpleNim(), {}))
    assert memoized_minimax(normal, 9, table=table) == 1


windows = st.tuples(scores, scores).filter(lambda pair: pair[0] < pair[1])


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(random_trees(), st.booleans(), st.lists(st.tuples(windows, depths), min_size=1, max_size=5))
def test_any_window_gives_the_score_or_a_bound_on_the_correct_side(game, is_maximizing, searches):
    ab_table, nega_table = {}, {}
    mover = 1 if is_maximizing else -1
    for (alpha, beta), depth in searches:
        exact = reference(game, 0, is_maximizing, math.inf if depth is None else depth)
        for table in (None, ab_table):
            result = alphabeta(game, 0, is_maximizing, alpha, beta, table=table, depth=depth)
            assert is_consistent(result, exact, alpha, beta)
        result = negamax(game, 0, is_maximizing, alpha, beta, table=nega_table, depth=depth)
        assert is_consistent(result, mover * exact, alpha, beta)
        assert alphabeta(game, 0, is_maximizing, table=ab_table, depth=depth) == exact


def timed_reference(
    game: RandomTree, state: int, is_maximizing: bool, depth: float, limited: bool
) -> tuple:
    """(score for Max, moves to the end) of best play that wins soonest and loses latest, by plain
    recursion.

    A score counts as a win or a loss off the middle of the range; in a search `limited` by
    depth, only at an end of the range (the other scores may be estimates). A line cut at the
    horizon ends beyond it (inf moves): its estimate proves nothing, so a loser holds out longer
    there, and a winner wins sooner by any line proved within the horizon.
    """
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score, 0
    if depth == 0:
        return game.estimate(state, is_maximizing), math.inf
    lines = [
        timed_reference(game, child, not is_maximizing, depth - 1, limited)
        for child in game.children[state]
    ]
    return max(
        ((score, moves + 1) for score, moves in lines),
        key=lambda line: preference(line, is_maximizing, limited, game.score_range),
    )


def reaches_horizon(game: RandomTree, state: int, depth: float) -> bool:
    """Whether a line from `state` goes on for `depth` moves without ending, so that a search
    `depth` moves ahead scores a position by its estimate."""
    if game.leaves[state] is not None:
        return False
    return depth == 0 or any(
        reaches_horizon(game, child, depth - 1) for child in game.children[state]
    )


def preference(line: tuple, is_maximizing: bool, limited: bool, score_range: tuple) -> tuple:
    """How much the player to move likes a line (score for Max, moves): score first, then its
    length."""
    score, moves = line
    low, high = score_range
    mine = score if is_maximizing else -score
    middle = (low + high) / 2 if is_maximizing else -(low + high) / 2
    decided = mine in (low, high, -low, -high) if limited else mine != middle
    return (mine, 0 if not decided else -moves if mine > middle else moves)


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(random_trees(), st.booleans(), st.sampled_from(list(METHODS)), depths)
def test_best_move_picks_the_quickest_win_or_longest_defence_for_either_player(
    game, is_maximizing, method, depth
):
    if not game.children[0]:
        return
    limited = depth is not None and reaches_horizon(game, 0, max(depth, 1))
    below = max(depth - 1, 0) if limited else math.inf  # a depth no line reaches is no limit
    lines = {
        child: timed_reference(game, child, not is_maximizing, below, limited)
        for child in game.children[0]
    }
    mover = 1 if is_maximizing else -1
    best = max(
        lines,
        key=lambda child: (
            preference(
                (lines[child][0], lines[child][1] + 1), is_maximizing, limited, game.score_range
            ),
            child,
        ),
    )
    assert best_move(game, 0, method, depth=depth, is_maximizing=is_maximizing) == (
        mover * lines[best][0],
        best,
    )


def test_anytime_checks_the_ties_of_a_loss_to_the_end_before_it_calls_them_exact():
    """Min loses whatever it does: at once to 3 (3, 4, 5), or later by 1 (1, 3, 4, 5), the
    longest defence. Four moves ahead every line seen ended (alpha-beta cut 1 -> 2 short), but the
    search asking whether 1 loses as surely went 1, 2, 3, 4 and met the horizon, where 4's
    estimate of 2 made 1 look worse: anytime played 3 and called it exact."""
    game = RandomTree(
        children=((1, 3), (2, 3), (3,), (4,), (5,), ()),
        leaves=(None, None, None, None, None, 1),
        guesses=(0, 0, 0, 0, 2, 0),
    )
    stats = SearchStats()
    assert best_move(game, 0, "deepening", is_maximizing=False) == (-1, 1)
    assert best_move(game, 0, "deepening", stats, anytime=True, is_maximizing=False) == (-1, 1)
    assert stats.exact and stats.depth_reached == 5


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(random_trees(), st.booleans())
def test_anytime_to_the_end_chooses_as_best_move_among_wins_and_losses(game, is_maximizing):
    """With budget enough, anytime's move is best_move's where the best is a win or a loss; a
    draw's tie may go to the move the iterations before kept."""
    assume(game.evaluate(0, is_maximizing) is None)
    chosen = best_move(game, 0, "deepening", is_maximizing=is_maximizing)
    stats = SearchStats()
    timed = best_move(game, 0, "deepening", stats, anytime=True, is_maximizing=is_maximizing)
    assert stats.exact and timed[0] == chosen[0]
    if chosen[0] != for_mover(middle_of_range(game), is_maximizing):
        assert timed == chosen


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(random_trees(same_for_either=False))
def test_game_trees_score_their_root_exactly(game):
    expected = reference(game, 0, True)
    assert game_tree(game, 0).root.score == expected
    pruned = game_tree(game, 0, alphabeta=True)
    assert pruned.root.score == expected and pruned.root.bound == "exact"
    assert pruned.visited_count <= len(game_tree(game, 0))


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(random_trees(), st.booleans(), st.integers(0, 4))
def test_depth_limited_search_is_minimax_on_the_tree_cut_at_that_depth(game, is_maximizing, depth):
    cut = cut_tree(game, depth)
    expected = minimax(cut.game, cut.root, is_maximizing)
    for method in METHODS:
        assert solve(game, 0, is_maximizing, method, depth=depth) == expected, method


@dataclass(frozen=True)
class Cut:
    game: RandomTree
    root: int


def cut_tree(game: RandomTree, depth: int) -> Cut:
    """The game tree of `game` from 0 written out to `depth` moves, the estimates as leaves at the
    cut."""
    children: list[tuple[int, ...]] = []
    leaves: list[float | None] = []

    def add(state: int, is_maximizing: bool, left: int) -> int:
        number = len(children)
        children.append(())
        leaves.append(None)
        if game.leaves[state] is not None:
            leaves[number] = game.leaves[state]
        elif left == 0:
            leaves[number] = game.guesses[state]
        else:
            children[number] = tuple(
                add(child, not is_maximizing, left - 1) for child in game.children[state]
            )
        return number

    root = add(0, True, depth)
    return Cut(
        RandomTree(
            tuple(children), tuple(leaves), (0,) * len(children), game.same_for_either, game.offset
        ),
        root,
    )


class RangedTinyTree(TinyTree):
    """nimlib.checks' tiny tree with its leaf scores (1 to 9) declared."""

    score_range = (0, 9)


@pytest.mark.parametrize("is_maximizing, expected", [(True, 5), (False, 6)])
def test_the_tiny_tree_gets_one_answer_from_every_method(is_maximizing, expected):
    assert {solve(RangedTinyTree(), "root", is_maximizing, method) for method in METHODS} == {
        expected
    }


class Leaf(Game):
    """One move from "start" to "end", where `evaluate` gives `score`."""

    score_range = (-1, 1)

    def __init__(self, score: object, guess: object = 0) -> None:
        self.score, self.guess = score, guess

    def possible_new_states(self, state: str) -> list[str]:
        return ["end"] if state == "start" else []

    def evaluate(self, state: str, is_maximizing: bool) -> object:
        return self.score if state == "end" else None

    def estimate(self, state: str, is_maximizing: bool) -> object:
        return self.guess

    def validate(self, state: object) -> object:
        return state


@pytest.mark.parametrize("score", [float("nan"), "1", 2, -1.5, 1j, True, None, math.inf])
@pytest.mark.parametrize("method", list(METHODS))
def test_a_bad_score_is_a_value_error_naming_the_state_and_the_score(score, method):
    with pytest.raises(ValueError) as error:
        solve(Leaf(score), "start", True, method)
    message = str(error.value)
    assert "'end'" in message and (repr(score) in message or "dead end" in message)


@pytest.mark.parametrize("guess", [float("nan"), 5, "x"])
@pytest.mark.parametrize("method", list(METHODS))
def test_a_bad_estimate_is_a_value_error_naming_the_state_and_the_estimate(guess, method):
    with pytest.raises(ValueError, match="estimate gave") as error:
        solve(Leaf(0, guess), "start", True, method, depth=0)
    assert "'start'" in str(error.value) and repr(guess) in str(error.value)


@pytest.mark.parametrize("method", list(METHODS))
def test_a_game_without_an_estimate_refuses_a_depth_limit_by_name(method):
    class NoGuess(Leaf):
        estimate = Game.estimate

    with pytest.raises(ValueError, match="NoGuess has no estimate"):
        solve(NoGuess(0), "start", True, method, depth=0)
    assert solve(NoGuess(1), "start", True, method, depth=1) == 1


def test_exact_fractions_and_numpy_free_reals_are_scores():
    assert solve(Leaf(Fraction(1, 3)), "start") == Fraction(1, 3)
    assert alphabeta(Leaf(-0.75), "start") == -0.75


class NumpyScores(Game):
    """Min to move chooses "a" (then Max: 3 or 7) or "b" (5), every score a numpy integer of
    `kind`, as a board's numpy sum would be: a search that negated them would wrap round."""

    score_range = (0, 10)
    tree = {"r": ["a", "b"], "a": ["a0", "a1"], "b": ["b0"]}
    leaves = {"a0": 3, "a1": 7, "b0": 5}

    def __init__(self, kind: type) -> None:
        self.kind = kind

    def possible_new_states(self, state: str) -> list[str]:
        return self.tree[state]

    def evaluate(self, state: str, is_maximizing: bool) -> object:
        return self.kind(self.leaves[state]) if state in self.leaves else None

    def validate(self, state: object) -> object:
        return state


@pytest.mark.parametrize("kind", [np.uint64, np.int8, np.float32])
@pytest.mark.parametrize("method", list(METHODS))
def test_numpy_scores_are_searched_as_python_numbers(method, kind):
    assert solve(NumpyScores(kind), "r", False, method) == 5
    assert best_move(NumpyScores(kind), "r", method, is_maximizing=False) == (-5, "b")


@pytest.mark.parametrize("kind", [np.int8, np.float32])
def test_a_score_range_of_numpy_numbers_is_refused_by_name(kind):
    game = NumpyScores(int)
    game.score_range = (kind(0), kind(10))
    with pytest.raises(ValueError, match=r"score_range must be Python's numbers \(int, float"):
        solve(game, "r")


class Float32Top(Game):
    """Two moves to scores of 0.3, numpy's float32 first (0.30000001192092896: above the top of
    the range, though float32 compares it as equal), then a Python float (a search that met it
    first would rightly prune the other)."""

    score_range = (0.1, 0.3)

    def possible_new_states(self, state: str) -> list[str]:
        return ["b", "a"] if state == "root" else []

    def evaluate(self, state: str, is_maximizing: bool) -> object:
        return {"a": 0.3, "b": np.float32(0.3)}.get(state)

    def validate(self, state: object) -> object:
        return state


@pytest.mark.parametrize("method", list(METHODS))
def test_a_float32_score_above_the_range_as_a_python_float_is_refused_by_every_method(method):
    """Compared at float32's precision, it passed the range's check; as a Python float, four
    methods answered 0.30000001192092896, four 0.3, and best_move blamed an alpha never given."""
    for search in (partial(solve, method=method), partial(best_move, method=method)):
        with pytest.raises(ValueError, match=r"evaluate gave 0.30000001192092896 at state 'b'"):
            search(Float32Top(), "root")


def test_a_score_range_given_as_a_list_is_refused_as_one():
    """A list of two numbers is a pair too: the error once said only that it must be one."""
    game = NumpyScores(int)
    game.score_range = [0, 10]
    with pytest.raises(ValueError, match=r"a pair of numbers as a tuple .*, not \[0, 10\]"):
        solve(game, "r")


class DecimalStates(Game):
    """From Decimal 0, moves to Decimal 1 (lost for Max) and Decimal NaN (won), which < cannot
    order: it raises decimal.InvalidOperation, not a TypeError."""

    score_range = (-1, 1)

    def possible_new_states(self, state: Decimal) -> list[Decimal]:
        return [Decimal(1), Decimal("NaN")] if state == 0 else []

    def evaluate(self, state: Decimal, is_maximizing: bool) -> int | None:
        return None if state == 0 else 1 if state.is_nan() else -1

    def validate(self, state: object) -> object:
        return state


@dataclass(frozen=True)
class Unordered:
    """A state whose < raises an error of its own, not a TypeError."""

    name: str

    def __lt__(self, other: object) -> bool:
        raise ValueError("Unordered states have no order")


class UnorderedStates(DecimalStates):
    """DecimalStates with Unordered states: "lost" for Max, "won"."""

    def possible_new_states(self, state: Unordered) -> list[Unordered]:
        return [Unordered("lost"), Unordered("won")] if state.name == "start" else []

    def evaluate(self, state: Unordered, is_maximizing: bool) -> int | None:
        return {"won": 1, "lost": -1}.get(state.name)


class NanStates(DecimalStates):
    """From "start", moves to (1, a new float NaN), which was said to be a state not equal to
    itself made again whose class needs __eq__ (a tuple), and to math.nan, one object every time
    (a list compares it as equal to itself, so it was said to be no move at all)."""

    def possible_new_states(self, state: object) -> list:
        return [(1, float("nan")), math.nan] if state == "start" else []

    def evaluate(self, state: object, is_maximizing: bool) -> int | None:
        return None if state == "start" else 1


def test_states_that_cannot_be_ordered_by_any_error_stay_in_the_games_order():
    """best_move tries the largest new state first where the states can be ordered: a Decimal NaN
    raised decimal.InvalidOperation out of best_move, a state's own < its ValueError; as sort
    keys, they and numpy's arrays (whose truth raises a ValueError) get the project's words."""
    score, new_state = best_move(DecimalStates(), Decimal(0))
    assert score == 1 and new_state.is_nan()  # NaN is equal to no NaN
    for game, start in [(DecimalStates(), Decimal(0)), (NanStates(), "start")]:
        with pytest.raises(ValueError, match=r"\), a move of \w+ from .* is or holds a NaN"):
            game_tree(game, start)  # said: give its states' class __eq__ and __hash__, or none
    assert best_move(UnorderedStates(), Unordered("start")) == (1, Unordered("won"))
    for game, start, order in [
        (DecimalStates(), Decimal(0), lambda state: state),
        (UnorderedStates(), Unordered("start"), lambda state: state),
        (UnorderedStates(), Unordered("start"), lambda state: np.array([1, len(state.name)])),
    ]:
        with pytest.raises(TypeError, match="order gave sort keys that cannot be compared"):
            alphabeta(game, start, order=order)


class DiceAtTheHorizon(Leaf):
    """Leaf whose "end" is a chance node (its dice give a win or a loss), with an estimate."""

    def possible_new_states(self, state: str) -> list[str]:
        return ["end"] if state == "start" else []

    def evaluate(self, state: str, is_maximizing: bool) -> object:
        return {"won": 1, "lost": -1}.get(state)

    def is_chance(self, state: str) -> bool:
        return state == "end"

    def outcomes(self, state: str) -> list:
        return [(Fraction(1, 2), "won"), (Fraction(1, 2), "lost")]


@pytest.mark.parametrize("method", list(METHODS))
def test_a_depth_limit_at_a_chance_node_is_refused_not_estimated(method):
    with pytest.raises(ValueError, match="'end' is a chance node of DiceAtTheHorizon"):
        solve(DiceAtTheHorizon(0, guess=1), "start", True, method, depth=1)


class DiceListedAsMoves(DiceAtTheHorizon):
    """DiceAtTheHorizon whose chance node also lists its outcomes as moves (the contract says it
    lists none): searched as Min's choice, it would score -1, not the dice's 0."""

    def possible_new_states(self, state: str) -> list[str]:
        return {"start": ["end"], "end": ["won", "lost"]}.get(state, [])


@pytest.mark.parametrize("method", list(METHODS))
def test_a_chance_node_that_lists_moves_is_refused_not_searched_as_a_players(method):
    refused = pytest.raises(ValueError, match="'end' is a chance node of DiceListedAsMoves")
    with refused:
        solve(DiceListedAsMoves(0), "start", True, method)
    with refused:
        best_move(DiceListedAsMoves(0), "start", method=method)
    with refused:
        mcts_best_move(DiceListedAsMoves(0), "start", 20, seed=1)


class SlowWinAndOneBadScore(Game):
    """Max wins either way, in 4 moves by "a" and in 5 by "b"; but "c2", a leaf below "b" that a
    pruning search never scores, is worth 5 in a game scored from -1 to 1."""

    score_range = (-1, 1)

    moves = {
        "root": ["a", "b"],
        "a": ["a1"],
        "a1": ["a2"],
        "a2": ["a3"],
        "b": ["c"],
        "c": ["c1", "c2"],
        "c1": ["c1a"],
        "c1a": ["c1b"],
    }
    ends = {"a3": 1, "c2": 5, "c1b": 1}

    def possible_new_states(self, state: str) -> list[str]:
        return self.moves.get(state, [])

    def evaluate(self, state: str, is_maximizing: bool) -> object:
        return self.ends.get(state)

    def validate(self, state: object) -> object:
        return state


@pytest.mark.parametrize("method", list(METHODS))
def test_best_move_refuses_a_score_outside_the_range_that_only_its_tie_break_meets(method):
    with pytest.raises(ValueError, match="gave 5 at state 'c2'"):
        best_move(SlowWinAndOneBadScore(), "root", method)


@pytest.mark.parametrize("method", list(METHODS))
def test_a_float_draw_seen_by_min_is_zero_not_minus_zero(method):
    # solve gives 0.0; best_move's score for Min is its negation, which must not print as -0.0
    game = ExplicitTree([[0.0, 1.0], [0.0, 2.0]])
    score, new_state = best_move(game, "B", method, is_maximizing=False)
    assert (str(score), new_state) == ("0.0", "B1")
    assert str(for_mover(0.0, False)) == "0.0" and for_mover(0, False).__class__ is int
    assert for_mover(Fraction(0), False).__class__ is Fraction and for_mover(2.5, False) == -2.5


@pytest.mark.parametrize("method", list(METHODS))
def test_a_games_own_minus_zero_is_zero_to_every_method(method):
    # minimax and alpha-beta gave the game's -0.0 as it was; negamax and the engine gave 0.0
    game = ExplicitTree({"A": ["B", "C"], "B": -0.0, "C": -1.0})
    assert repr(solve(game, "A", True, method)) == "0.0"
    assert repr(best_move(game, "A", method)) == "(0.0, 'B')"


class ChanceInWords(Leaf):
    """Leaf whose is_chance answers "no" in words (a true string), where it means False."""

    def is_chance(self, state: str) -> object:
        return "no"


@pytest.mark.parametrize("method", list(METHODS))
def test_an_is_chance_that_is_not_true_or_false_is_named_with_its_answer(method):
    named = pytest.raises(
        ValueError,
        match=r"ChanceInWords.is_chance at state 'start' must be True or False, not 'no'",
    )
    with named:
        solve(ChanceInWords(0), "start", True, method)
    with named:
        best_move(ChanceInWords(0), "start", method=method)


@pytest.mark.parametrize("guess", [0.0, 10.0])
@pytest.mark.parametrize("is_maximizing", [True, False])
def test_every_method_gives_an_estimate_at_the_depth_limit_as_minimax_prints_it(
    guess, is_maximizing
):
    # one move to a position estimated at the depth limit: negamax's negations made -0.0 of 0.0,
    # and deepening gave the range's end 10 for the estimate 10.0
    game = RandomTree(children=((1,), (2,), ()), leaves=(None, None, 0), guesses=(guess,) * 3)
    printed = {method: repr(solve(game, 0, is_maximizing, method, depth=1)) for method in METHODS}
    assert printed == dict.fromkeys(METHODS, repr(guess))
    mover_score = negamax(game, 0, is_maximizing=is_maximizing, depth=1)
    assert repr(mover_score) == repr(for_mover(guess, is_maximizing))


class UnmirroredGuess(Game):
    """Take 1 or 2, whoever takes the last wins: worth the same to either mover, but its
    estimate, 0.5 for either player to move, is not mirrored (an estimate is taken on trust)."""

    score_range = (-1, 1)
    score_depends_only_on_mover = True

    def possible_new_states(self, state):
        return [state - take for take in (1, 2) if take <= state]

    def evaluate(self, state, is_maximizing):
        return (-1 if is_maximizing else 1) if state == 0 else None

    def estimate(self, state, is_maximizing):
        return 0.5

    def validate(self, state):
        return state


@pytest.mark.parametrize("is_maximizing", [True, False])
def test_every_method_asks_the_estimate_of_the_player_to_move(is_maximizing):
    # negamax alone asked it for Max to move, and gave -0.5 where the others gave 0.5
    scores = {m: solve(UnmirroredGuess(), 5, is_maximizing, m, depth=1) for m in METHODS}
    assert scores == dict.fromkeys(METHODS, 0.5)


@dataclass
class TakeSome(Game):
    """Take some counters, as many as one of `takes` says; whoever takes the last wins. A
    dataclass, not frozen: its settings can be given new values."""

    score_range = (-1, 1)

    takes: tuple = (1, 2)

    def possible_new_states(self, state):
        return [state - take for take in self.takes if take <= state]

    def evaluate(self, state, is_maximizing):
        return (-1 if is_maximizing else 1) if state == 0 else None

    def validate(self, state):
        return state


@pytest.mark.parametrize("search", [alphabeta, memoized_minimax, negamax])
def test_a_table_filled_before_a_setting_of_its_game_changed_is_refused(search):
    """It went on reading the old game's scores: -1 for 6 counters, where 1 is right now."""
    game, table = TakeSome(), {}
    assert search(game, 6, table=table) == -1
    game.takes = (1, 2, 3)
    with pytest.raises(ValueError, match=r"TakeSome as it was before takes changed"):
        search(game, 6, table=table)
    assert search(game, 6, table={}) == 1
