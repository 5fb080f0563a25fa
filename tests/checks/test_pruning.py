"""The checks of notebooks 05 and 06 (alpha-beta, its table of bounds, the visit order): what their
messages say of a search that prunes too little, too late or wrongly. Their verdicts on right and
wrong solutions are in test_catalogue.py."""

import operator
from functools import partial
from math import inf

import pytest
from flat_text import flat
from solutions import (
    CATALOGUE,
    MIN_MOVES,
    MIN_RAISES_ALPHA,
    result_of,
    table_alphabeta_by_the_rules,
    textbook_with,
)

import nimlib.checks.pruning
import nimlib.checks.trial_games
from nimlib import SimpleNim
from nimlib.book.minimax import memoized_minimax
from nimlib.checks import (
    check_alphabeta,
    check_table_alphabeta,
    check_visited_states,
    check_window_after,
)
from nimlib.checks.pruning import TextbookWork, WithinWindow, window_case
from nimlib.checks.runner import run_cases
from nimlib.checks.trial_games import UNSCORED, NumberTree


@pytest.mark.slow
def test_check_alphabeta_explains_a_cache_that_takes_a_bound_for_a_score():
    for name in ("a cache of bounds as scores", "a cache of bounds as scores, fail-hard"):
        result = result_of(check_alphabeta, name)
        assert "(TicTacToe(), '..OXX....', False, -inf, inf) gave 1, expected 0" in flat(result)
        assert "only a bound" in result.failures[0]  # said once, at the first case it fits
        assert sum("only a bound" in failure for failure in result.failures) == 1


def test_check_alphabeta_names_bounds_updated_the_other_way_round():
    """Its first wrong score, in Nim, got no hint; the tic-tac-toe hint after it spoke first of
    memos, which this search does not keep."""
    failures = result_of(check_alphabeta, "Max lowers beta, Min raises alpha").failures
    hinted = [failure for failure in failures if "Hint" in failure]
    assert "(Nim(), (2, 2, 3), False) gave 1, expected -1. Hint: Max raises alpha" in flat(
        hinted[0]
    )
    assert "If it remembers nothing: Max raises alpha, Min lowers beta" in hinted[1]


@pytest.mark.slow
def test_check_alphabeta_names_bounds_swapped_only_for_a_search_that_swaps_them():
    """A wrong score of a Nim game is the other of -1 and +1 whatever the slip: only a search
    that swaps the bounds on the made-up trees too is told it does."""
    for name in ("alpha > beta + 1", "only Max cuts off", "children get alpha and beta swapped"):
        assert "yours are the other way round" not in flat(result_of(check_alphabeta, name))


def test_a_search_wrong_at_the_first_question_in_turn_is_not_told_of_remembered_scores():
    """Max lowering beta and Min raising alpha, with no memo, is wrong at the first of the positions
    asked in turn, before any could be remembered; it was told that a score remembered from an
    earlier call is only a bound. A memo of bounds as scores is told so still."""
    failures = result_of(check_alphabeta, "Max lowers beta, Min raises alpha").failures
    in_turn = [failure for failure in failures if "asked in turn" in failure]
    assert in_turn and all("wrong one at question 1:" in failure for failure in in_turn)
    assert not any("a score remembered from an earlier call" in failure for failure in failures)
    global_cache = "state between calls: a global cache of bounds as scores"
    remembers = result_of(check_alphabeta, global_cache).failures
    assert any("Hint: a score remembered from an earlier call" in failure for failure in remembers)


def test_a_search_that_never_passes_the_turn_on_is_told_so_not_of_memos():
    """Its tic-tac-toe scores were explained by a cache of bounds, and its answers asked in turn by
    a score remembered from an earlier call: it remembers nothing."""
    said = flat(result_of(check_alphabeta, "the turn not passed on"))
    assert "Hint: pass the turn on: the recursive call needs `not is_maximizing`" in said
    assert "remembered" not in said and "remembers" not in said


@pytest.mark.slow
def test_an_alpha_beta_slip_is_not_named_a_slip_of_minimax_it_agrees_with_by_chance():
    """Min raising alpha too, or alpha given back, answer a few tic-tac-toe boards as minimax
    with `if score:` or with evaluate always asked for Max does: those slips were named."""
    for name, not_its_cause in [
        ("Min raises alpha too", "`if score:`"),
        ("Min raises alpha too", "not max on every turn"),
        ("alpha given back on both turns", "not always True"),
    ]:
        said = flat(result_of(check_alphabeta, name))
        assert not_its_cause not in said, name
        assert "If it remembers nothing: Max raises alpha, Min lowers beta" in said, name


def test_alpha_greater_than_beta_is_caught_by_counting_positions():
    failures = result_of(check_alphabeta, "alpha > beta").failures
    assert failures and all("positions expanded" in failure for failure in failures)
    assert any("as many as textbook alpha-beta" in failure for failure in failures)


def test_a_window_not_passed_down_gives_wrong_scores_on_trees_scored_beyond_one():
    result = result_of(check_alphabeta, "children get the default window")
    assert any(
        "NumberTree" in failure and "positions expanded" not in failure
        for failure in result.failures
    )
    assert "Hint: pass the window down: call your function on each move with alpha and beta" in (
        flat(result)
    )


def test_a_best_that_starts_at_minus_one_or_one_is_told_where_to_start_it():
    """A search whose best started at -1 on Max's turn and +1 on Min's gives, on a tree scored
    beyond one, what one that passes no window down gives: it was told only to pass the window
    down, which it did."""
    result = result_of(check_alphabeta, "best starts at -1 or +1")
    assert "and start best at -inf on Max's turn and inf on Min's" in flat(result)


ONE_BOUND_EACH = (
    "Hint: Max raises alpha only, and Min lowers beta only: the other number stays as it was"
)


@pytest.mark.slow
@pytest.mark.parametrize("name", MIN_MOVES)
def test_an_alpha_beta_whose_min_raises_alpha_is_told_which_bound_each_player_moves(name):
    """A plain alpha-beta (no memo) whose Min raised alpha, instead of lowering beta or as well,
    got no hint at its wrong Nim scores, and was told to pass the window down, which it does: its
    answer to NumberTree(2) from (-6, -3), or from (-inf, inf), is the one alpha-beta that passes
    no window down gives."""
    result = result_of(check_alphabeta, name)
    assert f"(SimpleNim(), 5, True) gave 1, expected -1. {ONE_BOUND_EACH}" in flat(result)
    assert not any("pass the window down" in failure for failure in result.failures)


@pytest.mark.parametrize("name", MIN_MOVES)
def test_a_window_case_names_a_min_that_raises_alpha_not_a_window_not_passed_down(name):
    """The case alone where Min raising alpha gives, by chance, what alpha-beta that passes no
    window down gives: it was told to pass the window down."""
    case = window_case(CATALOGUE[check_alphabeta][1][name], NumberTree(2), "r", True, -6, -3)
    said = flat(run_cases("check_alphabeta", [case]))
    assert f"'r', True, -6, -3) gave -2, expected -4. {ONE_BOUND_EACH}" in said


@pytest.mark.slow
def test_only_a_search_that_passes_no_window_down_is_told_to_pass_it():
    """Searches that give one answer of a window not passed down by chance (alpha given back, the
    bounds swapped) are not told to pass the window down; searches that pass none down, fail-soft
    or with best starting at -1 or +1 (fail-hard), are, at their first wrong score."""
    for name in ("alpha given back on both turns", "Max lowers beta, Min raises alpha"):
        failures = result_of(check_alphabeta, name).failures
        assert not any("pass the window down" in failure for failure in failures), name
    for name in ("children get the default window", "best starts at -1 or +1"):
        first = result_of(check_alphabeta, name).failures[0]
        assert "Hint: pass the window down: call your function on each move" in first, name


def test_a_memo_kept_between_calls_without_the_game_is_told_so_not_to_pass_the_window_down():
    """An alpha-beta keeping exact scores in a default memo={}, keyed by (state, is_maximizing),
    answered a made-up tree with another tree's score (their positions share names): it was told
    to pass the window down, which it does. Its memo keeps scores from an earlier run of the
    check too, so the case that shows it first may differ from run to run."""
    name = "state between calls: exact scores in a default memo={}, keyed without the game"
    for _ in range(2):
        said = flat(result_of(check_alphabeta, name))
        assert "Hint: your memo keeps scores from one call to the next, and from one game" in said
        assert "Make a new memo in each call (a default memo={} is made once" in said
        assert "or put the game in its key" in said
        assert "pass the window down" not in said


def test_only_a_memo_that_mixes_games_up_is_told_it_does():
    """Memos that keep bounds as scores, made in each call or kept between calls under a key that
    holds the game, are not told of games mixed up; a memo of exact scores keyed by the game too
    is right."""
    for name in (
        "a cache of bounds as scores",
        "state between calls: a global cache of bounds as scores",
    ):
        assert "from one game to another" not in flat(result_of(check_alphabeta, name)), name
    assert check_alphabeta(
        CATALOGUE[check_alphabeta][0]["exact scores kept between calls, keyed by the game too"]
    ).ok


def test_check_window_after_names_the_likely_slip():
    """A wrong window was only shown against the right one."""
    slips = {
        "swapped roles": "Max raises alpha and Min lowers beta: yours are swapped",
        "the last score only": "the window keeps the best score so far",
        "alpha = max(scores)": "start from the window the position was entered with",
        "both bounds move": "Max raises alpha only, and Min lowers beta only",
    }
    for name, hint in slips.items():
        assert f"Hint: {hint}" in flat(result_of(check_window_after, name)), name
    assert "Hint" not in flat(check_window_after(lambda alpha, beta, is_max, scores: None))


@pytest.mark.slow
def test_searches_without_pruning_are_caught_where_no_position_repeats():
    for name in ("plain minimax", "memoized minimax"):
        failures = result_of(check_alphabeta, name).failures
        assert failures and all("positions expanded" in failure for failure in failures)
        assert "fewer than the" in failures[0] and "where no position repeats" in failures[0]


@pytest.mark.slow
def test_a_late_cut_off_in_another_move_order_is_still_caught():
    late = textbook_with(lambda moves: moves[::-1], cuts_off=operator.gt)
    result = check_alphabeta(late)
    assert not result.ok
    assert "trying the moves in the order yours did" in flat(result)
    assert "Hint: alpha-beta stops trying moves as soon as alpha >= beta" in flat(result)


def test_check_table_alphabeta_shows_the_wrong_bounds_or_an_empty_table():
    said = repr(result_of(check_table_alphabeta, "scores cached as exact"))
    assert "what is wrong in the bounds stored by" in said
    assert "the table is empty" in repr(result_of(check_table_alphabeta, "stores nothing"))


def test_check_visited_states_names_the_tree():
    result = flat(result_of(check_visited_states, "the drawing's order"))
    assert "game_tree(SimpleNim(), 5, alphabeta=True)" in result


def test_check_visited_states_names_the_likely_slip():
    drawing = flat(result_of(check_visited_states, "the drawing's order"))
    assert "Hint: that is the order of the drawing (for node in tree), pruned nodes" in drawing
    visited = flat(result_of(check_visited_states, "the drawing's order, visited nodes only"))
    assert "SimpleNim(), 4) drawn right to left, 6) gave [4, 1, 0, 2, 0, 1]" in visited
    assert "Hint: that is the order of the drawing (for node in tree): the visits" in visited
    nodes = flat(check_visited_states(lambda tree, k: tree.visit_order[:k]))
    assert "Hint: give back the states of the nodes (node.state), not the nodes" in nodes
    pruned = flat(result_of(check_visited_states, "pruned nodes sorted as visit 0"))
    assert "Hint: pruned nodes were never visited (their visit_index is None): leave" in pruned
    one_more = flat(
        check_visited_states(lambda tree, k: [n.state for n in tree.visit_order[: k + 1]])
    )
    assert "Hint: one state too many: the first k nodes give k states" in one_more
    no_root = flat(
        check_visited_states(lambda tree, k: [n.state for n in tree.visit_order[1 : k + 1]])
    )
    assert "SimpleNim(), 4), 1) gave [3], expected [4]. Hint: the search visits the root" in no_root


def test_check_visited_states_says_a_pruned_nodes_visit_index_is_none():
    """Sorting every node by visit_index raised TypeError on a tree with pruned nodes (None met a
    number), with no hint."""
    said = flat(
        result_of(check_visited_states, "every node sorted by visit_index, pruned ones too")
    )
    assert (
        "'NoneType' and 'int'; expected [5]. Hint: pruned nodes were never visited, and their "
        "visit_index is None, which sorted() cannot compare with a number: take the nodes in "
        "tree.visit_order" in said
    )


def test_a_table_read_with_the_window_swapped_is_caught_from_the_full_window():
    """It answered -inf from (-inf, inf) and a new table, yet passed 25 of 26 cases."""
    result = result_of(check_table_alphabeta, "the table read with (beta, alpha)")
    assert "-inf, inf, {}) gave -inf, expected 3. Hint: a position not yet in the table has" in (
        flat(result)
    )


def test_a_table_not_passed_on_to_the_recursive_calls_is_told_to_pass_it():
    """Given a new table each, the recursive calls left the root's entry alone in the shared one:
    alpha-beta still, every score right, and it passed."""
    said = flat(result_of(check_table_alphabeta, "a new table for each move"))
    assert (
        "gave [the table holds the first position alone], expected []. Hint: pass the table on "
        "in the recursive call" in said
    )
    assert said.count("pass the table on") == 1  # the answer again at each case, the hint once
    assert "Hint: your table holds only exact scores" not in said


def test_a_table_passed_on_whose_positions_below_store_nothing_is_not_told_to_pass_it():
    """A window narrowed the wrong way, (max(alpha, upper), min(beta, lower)), closed it before
    the moves: the positions below looked in the table and returned before storing, and the
    check told the learner to pass the table on, which they had."""

    said = flat(result_of(check_table_alphabeta, "the window narrowed the wrong way round"))
    assert "gave [the table holds the first position alone, though the positions below" in said
    assert "Hint: the positions below the first returned before storing their bounds" in said
    assert "pass the table on" not in said and "only exact scores" not in said


@pytest.mark.parametrize("name", ["the window widened by the bounds read", "no cut-off"])
def test_a_table_search_that_cuts_nothing_off_is_told_both_ways_it_may_miss(name):
    """A window widened by the bounds read, (min(alpha, lower), max(beta, upper)), is (-inf, inf)
    at every new position: nothing was cut off, and it was told to narrow the window with the
    table's bounds and then how alpha-beta cuts off, as a search that never cut off was, though it
    narrowed right."""
    said = flat(result_of(check_table_alphabeta, name))
    assert "Hint: nothing was cut off, even from a new table: narrow the window with" in said
    assert said.count("Hint:") == 1


def test_check_table_alphabeta_names_a_table_of_exact_scores_only():
    """A search that stores (best, best) whatever the window got no hint, at its wrong score nor
    at the bound its table gets wrong."""
    hint = "Hint: your table holds only exact scores, (best, best)"
    said = flat(result_of(check_table_alphabeta, "scores cached as exact"))
    assert "'A', True, 2, 14, table) gave 5, expected 3. " + hint in said
    for name in ("never reads the table", "stores nothing", "bounds swapped"):
        assert hint not in flat(result_of(check_table_alphabeta, name)), name


@pytest.mark.parametrize("name", MIN_RAISES_ALPHA)
def test_a_table_search_whose_min_raises_alpha_is_told_which_bound_each_player_moves(name):
    """Its bounds stored right with stored_bounds, a search whose Min raised alpha as well as
    lowering beta was told its table holds only exact scores; one that raised alpha instead got
    no hint."""
    said = flat(result_of(check_table_alphabeta, name))
    assert f"'A', True, 2, 14, table) gave 14, expected 3. {ONE_BOUND_EACH}" in said
    assert "only exact scores" not in said


def test_check_table_alphabeta_names_a_key_that_is_not_state_and_player():
    for key_of, key in [
        (lambda state, is_maximizing, alpha, beta: (state, is_maximizing, alpha, beta), "('B1',"),
        (lambda state, is_maximizing, alpha, beta: state, "'B1'"),
        (lambda state, is_maximizing, alpha, beta: (is_maximizing, state), "(True, 'B1')"),
    ]:
        result = flat(check_table_alphabeta(table_alphabeta_by_the_rules(key_of=key_of)))
        assert f"gave [the key {key}" in result
        assert "is not a pair (state, is_maximizing)" in result
        assert "unpack" not in result and "is not a position" not in result


def test_check_table_alphabeta_takes_bounds_stored_as_a_list():
    by_position = table_alphabeta_by_the_rules(bounds_as=list)
    assert check_table_alphabeta(by_position).ok


def test_check_table_alphabeta_says_which_bounds_miss_the_true_score():
    result = flat(result_of(check_table_alphabeta, "scores cached as exact"))
    assert "does not hold the true score" in result


def wasteful(game, state, is_maximizing, alpha=-inf, beta=inf, table=None, times=101):
    """The right score, stored in the table if there is one, after asking for the position's
    moves `times` times, each time after its first move's (twice in a row would count once)."""
    first = next(iter(game.possible_new_states(state)))
    for _ in range(times):
        game.possible_new_states(first)
        game.possible_new_states(state)
    score = memoized_minimax(game, state, is_maximizing)
    if table is not None:
        table[state, is_maximizing] = (score, score)
    return score


def test_a_table_search_the_check_stops_is_said_so_in_words_not_by_an_exception_name(
    monkeypatch,
):
    monkeypatch.setattr(nimlib.checks.trial_games, "MOST_EXPANDED", 100)
    said = flat(check_table_alphabeta(wasteful))
    assert "a second time gave more than 100, where the check stopped it" in said
    assert "TooManyExpanded" not in said


def test_alpha_beta_work_the_check_stops_is_said_so_in_words():
    work = TextbookWork(SimpleNim(), 5, [(-1, 1)])
    measured = work.measure(partial(wasteful, times=10_001))
    assert measured == (UNSCORED, "more than 10,000, where the check stopped it")


WINDOW_SLIPS = [
    "bounds of the window the loop narrowed",
    "bounds of the window entered, as (beta, alpha)",
]


@pytest.mark.parametrize("name", WINDOW_SLIPS)
def test_a_table_of_bounds_from_another_window_than_the_one_entered_is_told_so(name):
    said = flat(result_of(check_table_alphabeta, name))
    assert "'A', True, 2, 14, table) a second time gave" in said
    assert ", expected 0. Hint: store the bounds with the window the position was entered" in said
    assert "(alpha and beta before the loop narrowed them, in that order)" in said


def test_no_other_wrong_table_is_told_of_the_window_entered():
    _, wrongs = CATALOGUE[check_table_alphabeta]
    for name in set(wrongs) - set(WINDOW_SLIPS):
        said = flat(result_of(check_table_alphabeta, name))
        assert "the window the position was entered with" not in said, name


@pytest.mark.parametrize(
    ("name", "told"),
    [
        ("a draw from the table taken for no answer", "Hint: a draw scores 0, which is false"),
        ("a finished draw taken for play going on", "Hint: a draw scores 0, which is false"),
        ("the window not narrowed by the bounds read", "Hint: narrow the window with the table's"),
        ("the bounds read forgotten in those stored", "with the bounds read from the table: the"),
    ],
)
def test_table_slips_that_give_right_scores_elsewhere_are_told_where_they_show(name, told):
    """Taking a draw's 0 from answer_from_table for no answer (`if answer:`), searching on from a
    finished draw (`if score:`), searching with the window the table's bounds could narrow, and
    storing bounds that forget those read all passed: no game of the check had a draw but the
    random trees of the work cases (where `if score:` was told of pruning), and no table held a
    bound before a search."""
    said = flat(result_of(check_table_alphabeta, name))
    assert told in said, said
    assert said.count("Hint:") == 1, said


def test_a_table_search_that_stores_only_the_ends_of_the_game_is_told_to_store_after_its_moves():
    """Storing the bounds after the loop forgotten, a lecturer's student saw eight lines of
    positions expanded a second time, and no hint."""
    said = flat(result_of(check_table_alphabeta, "stores the ends of the game alone"))
    assert "a second time gave" in said
    assert "Hint: the first search left no entry for this position" in said, said
    assert "left no entry" not in flat(result_of(check_table_alphabeta, "never reads the table"))


def test_a_table_search_that_never_asks_its_table_is_told_to():
    """A search storing the right bounds but searching again, never asking answer_from_table, was
    only told it expanded positions a second time."""
    said = flat(result_of(check_table_alphabeta, "every result stored as exact"))
    assert "a second time gave" in said
    assert "Hint: the first search left this position's score exact in the table" in said
    assert "left this position's score" not in flat(
        result_of(check_table_alphabeta, "never reads the table")
    )


def test_check_window_after_names_more_slips():
    """A return inside the loop, the pair given beta first, Max taking min(), max() called without
    the =, max(alpha, *scores) on no scores, alpha capped at beta and one number for the pair got
    no hint."""
    slips = {
        "the return inside the loop": "the window keeps the best of every score, not the first",
        "beta first": "give alpha first: the pair (alpha, beta)",
        "Max takes min() and Min max()": "Max raises alpha with max(alpha, score), and Min",
        "max() and min() without the =": "the window moves with the scores",
        "unchanged": "the window moves with the scores",
        "max(alpha, *scores), which fails on no scores": "scores may be empty",
        "the best score, capped by the other bound": "alpha may pass beta (or beta alpha)",
        "the best score alone": "give back the pair (alpha, beta)",
    }
    for name, hint in slips.items():
        assert f"Hint: {hint}" in flat(result_of(check_window_after, name)), name


def test_check_window_after_names_a_slip_only_where_the_function_makes_it_elsewhere_too():
    """A window that sorted its scores in place was told of the last score alone: the hint read the
    check's list, sorted by the function; a window over the scores of every call was told to start
    from the window entered, both by chance."""
    sorted_in_place = flat(
        result_of(check_window_after, "sorts the scores in place, then takes the wrong end")
    )
    assert "Hint" not in sorted_in_place
    assert "Hint" not in flat(
        result_of(check_window_after, "state between calls: every score seen")
    )


@pytest.mark.parametrize("check", [check_visited_states, check_window_after])
def test_a_loop_that_never_ends_is_stopped_by_the_short_clock(check, monkeypatch):
    """A loop that forgets to count up waited 10 s, as for a search, before it was named."""
    monkeypatch.setattr(nimlib.checks.pruning, "QUICK_SECONDS", 0.1)

    def forgets_to_count(*arguments):
        i = 0
        while i < 1:
            pass  # i += 1 forgotten

    assert "was stopped after more than 0.1 seconds" in flat(check(forgets_to_count))


def test_check_visited_states_names_more_slips():
    """A slice by index past the visits, one state too few, each state once, a set, the labels,
    the k-th state alone, level by level and a list kept between calls got no hint."""
    slips = {
        "by index, past the visits": "the search of this tree visits only 3 nodes, fewer than k",
        "one too few": "one state too few",
        "each state once": "the search may visit a state at several nodes",
        "a set": "give a list in the order of the visits",
        "the labels": "give each node's state (node.state), not its state_label",
        "the k-th state alone": "give a list of the first k states, not the k-th state alone",
        "level by level": "that is level by level",
        "state between calls: a list kept": "asked the same again, your function gave another",
    }
    for name, hint in slips.items():
        assert f"Hint: {hint}" in flat(result_of(check_visited_states, name)), name


def test_check_visited_states_tells_the_root_left_out_only_to_a_function_that_leaves_it_out():
    """An answer kept from another tree, or hard-coded, was told that the search visits the root
    first: from 5 counters, [4] is also the first visit after the root."""
    for name in (
        "hard-coded from the check's first answer",
        "state between calls: a memo keyed by k",
    ):
        said = flat(result_of(check_visited_states, name))
        assert "the search visits the root first" not in said, name
        assert "Hint: that is the answer for another tree of the check" in said, name


def test_a_window_passed_on_swapped_is_told_its_order_too():
    """Its updates of alpha and beta were right: the hint sent the learner to them alone."""
    said = flat(result_of(check_alphabeta, "the window passed on as (beta, alpha)"))
    # it cuts off as a Min that raises alpha does
    assert "stays as it was; if your search does keep them so, pass the window on in its" in said


def test_a_pair_returned_at_a_cut_off_is_told_a_score_is_one_number():
    """Python's TypeError ("'<' not supported between instances of 'tuple' and 'int'") alone."""
    said = flat(result_of(check_alphabeta, "a score and its move at a cut-off"))
    assert "Hint: a tuple met a score: a search below returned a pair such as (score," in said


def test_a_table_read_by_its_key_alone_is_told_of_positions_not_in_it():
    """`table[key]` raised KeyError at the first position, with no hint; and a search that
    answered anything from a table filled by hand passed the cases that count its work (one that
    answers that table's bound, 3, the score, passes those alone)."""

    def read_by_key(game, state, is_maximizing, alpha, beta, table):
        lower, upper = table[state, is_maximizing]
        return lower

    result = check_table_alphabeta(read_by_key)
    said = flat(result)
    assert "raised KeyError: ('A', True); expected 3. Hint: a position not yet in the" in said
    assert "take table.get(key, (-inf, inf))" in said
    constant = check_table_alphabeta(lambda game, state, is_maximizing, alpha, beta, table: 0)
    assert any("none to count: the search gave 0, not the score 3" in f for f in constant.failures)


def test_a_score_outside_the_window_is_expected_as_the_numbers_that_may_stand_for_it():
    """A learner read "expected at most alpha and a bound on the true score 3" as 3 expected."""
    assert repr(WithinWindow(3, 4, 7)) == (
        "a number from the true score 3 up to alpha 4 (alpha itself if your search fails hard)"
    )
    assert repr(WithinWindow(8, 4, 7)).startswith("a number from beta 7 up to the true score 8")
    assert repr(WithinWindow(5, 4, 7)) == "5"


def test_an_alpha_beta_returning_alpha_where_min_moves_is_told_so():
    said = flat(result_of(check_alphabeta, "alpha given back on both turns"))
    assert "gave -1, expected 1. Hint: where Min is to move, your function returned alpha" in said
