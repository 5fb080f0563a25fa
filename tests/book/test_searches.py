"""The search algorithms: the classic results, the call counts, and the limits."""

import re
import sys
from collections.abc import Iterator
from decimal import Decimal
from math import inf

import pytest

from nimlib import (
    METHODS,
    ConnectFour,
    DiceNim,
    ExplicitTree,
    FibonacciNim,
    Game,
    Nim,
    SearchBudgetExceeded,
    SearchStats,
    SearchTooDeep,
    SimpleNim,
    alphabeta,
    best_move,
    expectiminimax,
    game_tree,
    iterative_minimax,
    mcts_best_move,
    memoized_minimax,
    minimax,
    negamax,
    principal_variation,
    solve,
    solver,
    star1,
    textbook_tree,
    tree_size,
)
from nimlib.book.twenty_one import memoized_wins, wins
from nimlib.engine.iterative import fold_positions


def test_the_classic_simple_nim_results():
    assert minimax(SimpleNim(), 6, True) == 1
    assert minimax(SimpleNim(), 5, False) == 1
    assert minimax(SimpleNim(), 4, False) == -1
    assert best_move(SimpleNim(), 6) == (1, 5)


def test_the_classic_nim_results():
    assert best_move(Nim(), (2, 3, 5)) == (1, (2, 3, 1))
    assert best_move(Nim(), (2, 3, 1))[0] == -1


def test_ties_go_to_the_largest_new_state():
    assert best_move(SimpleNim(), 5) == (-1, 4)


@pytest.mark.parametrize("method", list(METHODS))
def test_every_method_gives_the_same_best_move(method):
    assert best_move(Nim(), (2, 3, 5), method=method) == (1, (2, 3, 1))
    assert best_move(SimpleNim(), 9, method=method) == (-1, 8)


@pytest.mark.parametrize("method", list(METHODS))
def test_every_solver_takes_a_window_as_alpha_and_beta_or_either_alone(method):
    score = solver(textbook_tree(), method)  # 3 with Max to move at A, 6 with Min
    assert [score("A"), score("A", True, alpha=2), score("A", True, beta=4)] == [3, 3, 3]
    assert score("A", True, 2, 4) == 3  # exact strictly inside the window
    assert 6 >= score("A", False, 2, 4) >= 4  # at or above beta: a lower bound of the score
    assert 3 <= score("A", True, alpha=5) <= 5  # at or below alpha: an upper bound


def test_the_21_game_call_counts():
    plain, memo = SearchStats(), SearchStats()
    assert wins(21, plain) and memoized_wins(21, stats=memo)
    assert plain.calls == 39_216
    assert memo.calls == 21


def test_the_21_game_memo_starts_with_the_lost_position_whether_given_or_not():
    """A memo given empty made 22 calls for 21 counters (0 counters searched too), though the
    docstring says the memo starts with the rules' answer for 0; and 21 asked again, in the memo,
    was counted as a call."""
    memo, stats = {}, SearchStats()
    assert memoized_wins(21, memo, stats) and stats.calls == 21 and memo[0] is False
    assert memoized_wins(21, memo, stats) and stats.calls == 21  # found in the memo: no call


def test_the_won_lost_recursion_is_minimax_from_the_player_to_move():
    normal = SimpleNim(last_counter_loses=False)
    assert [wins(n) for n in range(13)] == [minimax(normal, n) == 1 for n in range(13)]


def test_stats_count_calls_states_hits_and_cutoffs_without_changing_results():
    plain, memo, pruned, cache = SearchStats(), SearchStats(), SearchStats(), {}
    assert minimax(SimpleNim(), 7, stats=plain) == memoized_minimax(
        SimpleNim(), 7, table=cache, stats=memo
    )
    assert alphabeta(SimpleNim(), 7, stats=pruned) == minimax(SimpleNim(), 7)
    assert plain.calls == tree_size(SimpleNim(), 7) and plain.states == 8 and plain.table_hits == 0
    assert memo.states == 8 and memo.table_hits == memo.calls - len(cache) > 0
    assert pruned.cutoffs > 0 and pruned.calls < plain.calls


class LoggedNim(Game):
    """Nim that logs every position a search scores, its moves handed out as a list or one at a
    time."""

    score_range = (-1, 1)

    score_depends_only_on_mover = True

    def __init__(self, generated: bool) -> None:
        self.nim, self.generated, self.scored = Nim(), generated, []

    def possible_new_states(self, state):
        new_states = self.nim.possible_new_states(state)
        return (new_state for new_state in new_states) if self.generated else list(new_states)

    def evaluate(self, state, is_maximizing):
        self.scored.append(state)
        return self.nim.evaluate(state, is_maximizing)

    def validate(self, state):
        return self.nim.validate(state)


@pytest.mark.parametrize(
    "search",
    [
        lambda game, stats: alphabeta(game, (1, 2, 3, 3), stats=stats),
        lambda game, stats: alphabeta(game, (1, 2, 3, 3), True, -inf, inf, table={}, stats=stats),
        lambda game, stats: negamax(game, (1, 2, 3, 3), stats=stats),
    ],
)
def test_a_cut_off_looks_ahead_for_a_skipped_move_without_searching_it(search):
    listed, generated = LoggedNim(generated=False), LoggedNim(generated=True)
    by_list, by_generator = SearchStats(), SearchStats()
    search(listed, by_list)
    search(generated, by_generator)
    assert generated.scored == listed.scored and by_generator.calls == by_list.calls
    assert by_generator.cutoffs == by_list.cutoffs > 0


def test_a_cut_off_after_the_last_move_is_not_counted():
    stats = SearchStats()
    alphabeta(textbook_tree(), "A", True, -inf, inf, stats=stats)
    assert (
        stats.cutoffs == 1
    )  # at C, whose last two leaves are skipped; D falls to alpha only at its last leaf


def test_memo_on_canonical_states_shares_symmetric_positions():
    plain, canonical = SearchStats(), SearchStats()
    memoized_minimax(Nim(), (3, 4, 5), stats=plain)
    memoized_minimax(Nim(), (3, 4, 5), canonical=True, stats=canonical)
    assert canonical.calls < plain.calls


def test_a_shared_cache_is_reused():
    cache, stats = {}, SearchStats()
    memoized_minimax(Nim(), (1, 2, 3), table=cache)
    memoized_minimax(Nim(), (1, 2, 3), table=cache, stats=stats)
    assert stats.calls == 1 and stats.table_hits == 1


def test_the_transposition_table_stores_bounds_and_stays_correct():
    table, wide = {}, {"alpha": -inf, "beta": inf}
    assert alphabeta(Nim(), (2, 2, 3), table=table, **wide) == 1
    assert any(lower != upper for lower, upper in table.values())
    for piles in [(1, 2, 3), (2, 3, 5), (1, 3, 4), (2, 2, 3), (2, 2, 2)]:
        assert alphabeta(Nim(), piles, table=table, **wide) == minimax(Nim(), piles)
        assert alphabeta(Nim(), piles, table=table) == minimax(Nim(), piles)


def test_alphabeta_with_move_order_reproduces_the_classic_count():
    stats = SearchStats()
    alphabeta(SimpleNim(sensible_moves=True), 6, order=lambda state: state, stats=stats)
    assert stats.calls == 17


@pytest.mark.slow
def test_a_hundred_thousand_counters_are_solved_without_recursion():
    """A game a hundred times deeper than Python's recursion limit (memoized_minimax refuses 5,000
    counters, below)."""
    stats = SearchStats(max_seconds=60, max_calls=None)  # a busy machine slows the clock
    # a call per visit: each position once, and the two others of its three moves answered from the
    # table
    assert iterative_minimax(SimpleNim(), 100_000, stats=stats) == 1 and stats.calls == 299_998


def test_a_deep_search_out_of_calls_is_told_a_larger_budget_not_a_search_too_deep_for_it():
    """It was advised negamax, which refuses so deep a game, and asked whether play ends."""
    with pytest.raises(SearchBudgetExceeded) as error:
        iterative_minimax(SimpleNim(), 300_000, stats=SearchStats(max_calls=200_000))
    said = str(error.value)
    assert "try a smaller position, or a larger SearchStats(" in said  # no estimate: no depth
    assert "negamax" not in said and "so long a game needs a larger budget" in said


def test_deep_recursion_ends_in_a_clear_error():
    with pytest.raises(SearchTooDeep, match="iterative"):
        memoized_minimax(SimpleNim(), 5_000)


def test_a_search_too_deep_names_whose_limit_stopped_it():
    """Python's limit of 1,000 nested calls was called nimlib's, which is 6,000."""
    limit = sys.getrecursionlimit()
    with pytest.raises(SearchTooDeep, match=f"deeper than Python's limit of {limit:,} nested"):
        memoized_minimax(SimpleNim(), limit)
    assert best_move(SimpleNim(), 5_000, method="iterative") == (1, 4_997)


def test_a_runaway_search_is_stopped_with_a_message():
    with pytest.raises(SearchBudgetExceeded, match="1,000 calls"):
        minimax(SimpleNim(), 20, stats=SearchStats(max_calls=1_000))


def test_best_move_refuses_a_finished_game_and_unknown_methods():
    with pytest.raises(ValueError, match="already over"):
        best_move(Nim(), (0, 0))
    four = ConnectFour()  # the board in words, not its two bitboards
    with pytest.raises(ValueError, match=r"over at the board of 7 stones, O to move \(rows from"):
        best_move(four, four.from_moves("1212121"))
    with pytest.raises(ValueError, match="unknown method 'fast'"):
        solve(Nim(), (1, 2), method="fast")
    with pytest.raises(ValueError, match=r"'iterative' \(did you mean 'alphabeta'\?\)$"):
        best_move(Nim(), (1, 2), method="Alpha-Beta")


def test_bad_states_are_refused_by_every_search():
    for search in (minimax, memoized_minimax, alphabeta, iterative_minimax):
        with pytest.raises(ValueError, match="at least 0"):
            search(SimpleNim(), -3)
    with pytest.raises(ValueError, match="pair"):
        best_move(FibonacciNim(), 7)
    with pytest.raises(ValueError, match="at least 0"):
        wins(-1)


def test_tree_sizes_are_counted_without_building_the_tree():
    sensible = SimpleNim(sensible_moves=True)
    assert [tree_size(sensible, n) for n in range(8)] == [1, 2, 3, 6, 12, 22, 41, 76]
    assert tree_size(sensible, 25) == 4_434_690
    assert tree_size(sensible, 60, cap=1_000) == 1_000


def test_the_21_game_recursion_ends_in_a_clear_error_when_too_deep():
    with pytest.raises(SearchTooDeep, match="too long to search by recursion"):
        memoized_wins(5_000)


def test_the_21_game_memo_keeps_won_or_lost_and_refuses_a_score():
    memo = {0: False}
    assert memoized_wins(8, memo) is False and memo[7] is True
    with pytest.raises(ValueError, match=r"memo\[0\] is -1 \(int\).* not a score"):
        memoized_wins(8, memo={0: -1, 4: -1})


def test_negamax_scores_for_the_player_to_move_with_one_entry_for_both_players():
    table, stats = {}, SearchStats()
    assert negamax(Nim(), (1, 2, 3), table=table, stats=stats) == -1 == minimax(Nim(), (1, 2, 3))
    assert negamax(SimpleNim(), 5) == minimax(SimpleNim(), 5, False) * -1
    assert all(mover == "either" and piles == tuple(sorted(piles)) for piles, mover in table)
    finished = ((), "either")  # never stored: the table is asked first, before evaluate
    assert finished not in table
    calls, hits = stats.calls, stats.table_hits
    assert negamax(Nim(), (3, 2, 1), table=table, stats=stats) == -1
    assert (stats.calls, stats.table_hits) == (calls + 1, hits + 1)


def test_negamax_takes_the_player_to_move_then_the_window_as_alphabeta_does():
    """negamax(game, state, False) read False as alpha, and was refused as no number."""
    tree = textbook_tree()  # its leaves are scored for Max: the player to move matters
    assert (negamax(tree, "A", True), negamax(tree, "A", False)) == (3, -6)
    assert negamax(tree, "A", False, -100, 100) == negamax(tree, "A", is_maximizing=False) == -6


def test_stats_can_skip_collecting_states():
    stats = SearchStats(track_states=False)
    minimax(SimpleNim(), 6, stats=stats)
    assert stats.calls == 52 and stats.states == 0


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: alphabeta(SimpleNim(), 3, True, 0, 0, table={}), "alpha must be less than beta"),
        (lambda: negamax(Nim(), (1, 2), alpha=2, beta=1), "alpha must be less than beta"),
        (lambda: alphabeta(SimpleNim(), 3, True, "low", 1), "alpha must be a number"),
        (  # minimax takes the stats fourth, alphabeta alpha
            lambda: alphabeta(SimpleNim(), 3, True, SearchStats()),
            "exact=None): give the stats by name (stats=...)",
        ),
        (lambda: minimax(SimpleNim(), 5, "no"), "is_maximizing must be True or False"),
        (lambda: iterative_minimax(SimpleNim(), 5, 1), "is_maximizing must be True or False"),
        (lambda: solve(Nim(), (1, 2), method=["memo"]), "unknown method ['memo']"),
    ],
)
def test_bad_search_settings_are_refused_with_a_message(call, words):
    with pytest.raises(ValueError) as error:
        call()
    assert words in str(error.value)


def test_a_number_nimlib_cannot_take_for_alpha_is_not_told_to_go_by_name():
    """Only a SearchStats where alpha goes is told that the stats go by name: a Decimal was."""
    with pytest.raises(ValueError) as error:
        alphabeta(SimpleNim(), 3, True, Decimal("0.5"))
    assert str(error.value).startswith(
        "alpha must be a number (not NaN), not Decimal('0.5'); Decimal('0.5') is a Decimal"
    )


def test_a_turn_given_where_the_method_goes_is_named():
    """best_move(game, state, False), written as solve takes the turn (third), said "unknown method
    False"."""
    with pytest.raises(TypeError, match="not False: the player to move is given by name, is_max"):
        best_move(SimpleNim(), 5, False)


@pytest.mark.parametrize(
    "call",
    [lambda: solve(SimpleNim(), 6, SearchStats()), lambda: minimax(SimpleNim(), 6, SearchStats())],
)
def test_stats_given_where_the_player_to_move_goes_are_told_to_go_by_name(call):
    """It said only "is_maximizing must be True or False, not SearchStats(...)"."""
    with pytest.raises(ValueError, match=r"exact=None\): give the stats by name \(stats=\.\.\.\)$"):
        call()


@pytest.mark.parametrize(
    "call",
    [
        lambda: solve(SimpleNim(), 6, True, SearchStats()),
        lambda: best_move(SimpleNim(), 6, SearchStats()),
    ],
)
def test_stats_given_where_the_method_goes_are_told_to_go_by_name(call):
    """solve(game, state, True, stats), written as minimax takes its stats, said "unknown method
    SearchStats(max_calls=2000000, ...)"."""
    with pytest.raises(TypeError, match=r"exact=None\): give the stats by name \(stats=\.\.\.\)$"):
        call()


@pytest.mark.parametrize("call", [solve, best_move, principal_variation])
def test_a_search_function_given_as_the_method_is_told_to_go_by_its_name(call):
    """solve(game, state, method=minimax) said "unknown method <function minimax at 0x7f...>"."""
    with pytest.raises(TypeError, match="not the function minimax: method='minimax'$"):
        call(SimpleNim(), 5, method=minimax)


def test_a_method_given_where_the_turn_goes_is_named():
    """solve(game, state, "alphabeta"), written as best_move takes the method (third), said only
    "is_maximizing must be True or False"."""
    with pytest.raises(ValueError, match="or by name: method='alphabeta'"):
        solve(SimpleNim(), 5, "alphabeta")


def test_a_search_without_recursion_stops_on_a_vast_position_naming_the_moves_it_looked_at():
    # it said it "put more than 100,000 positions on its stack", a stack never longer than a line
    with pytest.raises(SearchBudgetExceeded, match=r"looked at more than 100,000 moves \(those"):
        fold_positions(Nim(), (1_000,) * 5, lambda end: 1, sum, max_stacked=100_000)


class SlipInEvaluate(Game):
    """A game whose evaluate slips (a TypeError raised while it handles a KeyError)."""

    score_range = (-1, 1)

    def possible_new_states(self, state: str) -> list[str]:
        return {"A": ["B"]}.get(state, [])

    def evaluate(self, state: str, is_maximizing: bool) -> int | None:
        if state != "B":
            return None
        try:
            return {"x": 1}[state]
        except KeyError:
            return 1 + "one"

    def validate(self, state: object) -> str:
        return state


@pytest.mark.parametrize(
    "search",
    [
        lambda game: solve(game, "A", method="memo"),
        lambda game: solve(game, "A", method="deepening"),
        lambda game: game_tree(game, "A"),  # a search inside another: the note came twice
    ],
    ids=["memo", "deepening", "game_tree"],
)
def test_an_error_of_the_games_own_code_comes_as_it_was_with_a_note_naming_the_root(search):
    with pytest.raises(TypeError) as error:
        search(SlipInEvaluate())
    assert isinstance(error.value.__context__, KeyError) and not error.value.__suppress_context__
    assert error.value.__notes__ == ["(raised while nimlib searched SlipInEvaluate from state 'A')"]


class KeyErrorInMoves(SlipInEvaluate):
    """SlipInEvaluate whose possible_new_states raises a KeyError of its own at "B", before
    evaluate slips there."""

    def possible_new_states(self, state: str) -> list[str]:
        return {"A": ["B"]}[state]

    def evaluate(self, state: str, is_maximizing: bool) -> int | None:
        return None


@pytest.mark.parametrize(
    "search",
    [
        lambda game: solve(game, "A", method="memo"),
        lambda game: solve(game, "A", method="iterative"),
        lambda game: best_move(game, "A"),
        lambda game: game_tree(game, "A"),
    ],
    ids=["memo", "iterative", "best_move", "game_tree"],
)
def test_any_error_of_the_games_own_code_gets_the_note_once(search):
    """A KeyError, a ZeroDivisionError ... came with nothing to say which search met it, where a
    TypeError had a note."""
    with pytest.raises(KeyError) as error:
        search(KeyErrorInMoves())
    assert error.value.__notes__ == [
        "(raised while nimlib searched KeyErrorInMoves from state 'A')"
    ]


def test_nimlibs_own_errors_get_no_note():
    with pytest.raises(SearchBudgetExceeded) as error:
        solve(SimpleNim(), 30, method="minimax", stats=SearchStats(max_calls=100))
    assert not hasattr(error.value, "__notes__")


class MovesAsOneString(Game):
    """A game whose possible_new_states gives one string, "BC", for the list ["B", "C"]."""

    score_range = (-1, 1)

    def possible_new_states(self, state: str) -> str:
        return "BC" if state == "A" else ""

    def evaluate(self, state: str, is_maximizing: bool) -> int | None:
        return {"B": -1, "C": 1}.get(state)

    def validate(self, state: object) -> str:
        return state


class MovesAsADict(MovesAsOneString):
    """A game whose possible_new_states gives a dict of the moves' names, for a list of states."""

    def possible_new_states(self, state: str) -> dict:
        return {"B": "take the left", "C": "take the right"} if state == "A" else {}


@pytest.mark.parametrize(
    "search",
    [
        *(lambda game, method=method: solve(game, "A", method=method) for method in METHODS),
        lambda game: best_move(game, "A"),
        lambda game: expectiminimax(game, "A", True),
        lambda game: star1(game, "A", True),
        lambda game: mcts_best_move(game, "A", 10),
        lambda game: game_tree(game, "A"),
    ],
)
def test_moves_given_as_one_string_or_a_dict_are_refused_not_read_as_states(search):
    with pytest.raises(TypeError, match=r"possible_new_states gave 'BC' \(str\) at state 'A'"):
        search(MovesAsOneString())
    with pytest.raises(TypeError, match=r"possible_new_states gave \{'B': .*\} \(dict\) at state"):
        search(MovesAsADict())


class KeptMoves(ExplicitTree):
    """A tree whose possible_new_states keeps the iterator it gives for a position (`keep` makes
    it) and gives the same one again."""

    keep = staticmethod(iter)

    def possible_new_states(self, state: str) -> Iterator[str]:
        kept = self.__dict__.setdefault("kept", {})
        if state not in kept:
            kept[state] = self.keep(list(super().possible_new_states(state)))
        return kept[state]


class KeptGenerators(KeptMoves):
    """The same, with a generator kept for each position."""

    keep = staticmethod(lambda new_states: (new_state for new_state in new_states))


@pytest.mark.parametrize(
    ("game", "refused"),
    [
        (KeptGenerators, r"gave a generator at state '\w+' that had given moves before"),
        (KeptMoves, r"possible_new_states gives the same iterator at each call at state '\w+'"),
    ],
)
def test_moves_given_again_are_refused_not_searched_for_what_a_cut_off_left(game, refused):
    """Deepening met N3 and N6 again after a cut-off had taken only some of their moves, and scored
    this tree -2 where it is worth 2. A generator met again is refused by name; another iterator
    is listed when first met, and is empty when met again: the game is asked twice more, and
    named for giving one iterator. A search either scores the tree right or says so."""
    tree = {"A": ["N0", "N1", "N2"], "N0": ["N6", "N5", "N4"], "N1": ["N3", "N6"]}
    tree |= {"N2": ["N3", "N6"], "N3": -2, "N4": 2, "N5": 3, "N6": 2}
    assert solve(ExplicitTree(tree), "A") == 2
    for method in METHODS:
        try:
            assert solve(game(tree), "A", method=method) == 2, method
        except ValueError as error:
            assert re.search(refused, str(error)), method
    with pytest.raises(ValueError, match=refused):
        solve(game(tree), "A", method="deepening")


def test_the_table_rules_name_what_is_not_a_score():
    """answer_from_table("a", 1, -1, 1) raised "'>=' not supported" from inside the rule."""
    from nimlib.book.table import answer_from_table, stored_bounds

    with pytest.raises(TypeError, match=r"answer_from_table takes scores.*not \('a', 1, -1, 1\)"):
        answer_from_table("a", 1, -1, 1)
    with pytest.raises(TypeError, match=r"stored_bounds takes scores.*not \(None, -1, 1, -1, 1\)"):
        stored_bounds(None, -1, 1, -1, 1)


def test_the_counters_print_one_of_each_in_the_singular():
    stats = SearchStats(table_hits=1, cutoffs=1)
    stats.count_call(5)
    assert str(stats) == "1 call, 1 distinct state, 1 from the table, 1 cut-off"
    stats = SearchStats(table_hits=1_200, cutoffs=3)
    stats.count_call(5)
    stats.count_call(4)
    assert str(stats) == "2 calls, 2 distinct states, 1,200 from the table, 3 cut-offs"


class Listener:
    """An onlooker that hears a visit begin but has no leave or skip: no Trace."""

    def enter(self, state, is_maximizing, alpha=None, beta=None):
        pass


@pytest.mark.parametrize(
    "search",
    [
        lambda trace: alphabeta(SimpleNim(), 5, trace=trace),
        lambda trace: expectiminimax(DiceNim(3), (3, False), True, trace=trace),
    ],
    ids=["alphabeta", "expectiminimax"],
)
@pytest.mark.parametrize(
    "trace, lacks", [(5, "enter, leave, skip"), (Listener(), "leave, skip")], ids=["5", "Listener"]
)
def test_a_trace_without_the_methods_of_one_is_named_before_the_search(search, trace, lacks):
    # it was an AttributeError of Python's from inside the search: 'int' object has no 'enter'
    with pytest.raises(TypeError, match=f"trace must be None or an onlooker .* lacks {lacks}$"):
        search(trace)
