"""The checks of notebook 10: the hints a learner's likely slips get."""

import pytest
from flat_text import flat
from solutions import result_of

import nimlib.checks.ordering
from nimlib.checks import check_best_case_leaves, check_deepening, check_move_order
from nimlib.games.tictactoe import changed_square


def test_a_wrong_count_of_best_case_leaves_is_told_its_slip():
    def said(count):
        return flat(check_best_case_leaves(count))

    assert "one leaf too many" in said(lambda b, d: b ** ((d + 1) // 2) + b ** (d // 2))
    swapped = said(lambda d, b: b ** ((d + 1) // 2) + b ** (d // 2) - 1)
    assert "the arguments come as (branching, depth)" in swapped
    assert "not text" in said(lambda b, d: str(b ** ((d + 1) // 2) + b ** (d // 2) - 1))


def test_a_term_rounded_up_at_an_even_depth_too_is_told_the_halves_are_equal():
    said = flat(result_of(check_best_case_leaves, "up as depth // 2 + 1"))
    assert "gave 5, expected 3. Hint: with an even depth the two halves are equal" in said
    for name in ("no minus one", "one move too deep"):  # the same count at some cases
        assert "with an even depth" not in flat(result_of(check_best_case_leaves, name))


def test_a_depth_rounded_up_without_parentheses_is_told_the_precedence():
    """b ** (d + 1 // 2) got the even depth's hint (its count at depth 2 is the same)."""
    said = flat(result_of(check_best_case_leaves, "up as d + 1 // 2, no parentheses"))
    assert (
        "gave 5, expected 3. Hint: Python works out // before + (it binds tighter): depth + 1 // 2 "
        "is depth + (1 // 2)" in said
    )
    assert "Write (depth + 1) // 2, in parentheses" in said
    assert "with an even depth" not in said


def test_both_halves_of_an_odd_depth_taken_alike_are_told_the_halves_differ():
    both_up = flat(result_of(check_best_case_leaves, "both halves rounded up"))
    assert "gave 5, expected 3. Hint: with an odd depth the two halves differ" in both_up
    twice_the_root = flat(result_of(check_best_case_leaves, "the summary's 2 * b ** (d / 2)"))
    assert "gave 10, expected 11. Hint: with an odd depth the two halves differ" in twice_the_root
    too_deep = flat(result_of(check_best_case_leaves, "one move too deep"))  # both up, at odd d
    assert "with an odd depth" not in too_deep


def test_a_count_one_move_too_deep_is_told_so_not_that_it_has_one_leaf_too_many():
    too_deep = flat(result_of(check_best_case_leaves, "one move too deep"))
    assert "Hint: that is the count one move deeper or shallower, at every depth" in too_deep
    every_node = flat(result_of(check_best_case_leaves, "every node, the root too"))
    assert "one leaf too many" not in too_deep + every_node


def test_a_count_that_matches_another_depth_only_by_chance_is_not_told_so():
    for name in ("half the leaves", "the square root of the leaves"):
        assert "one move deeper" not in flat(result_of(check_best_case_leaves, name))


def test_the_two_terms_given_as_a_pair_are_told_to_add_them():
    said = flat(result_of(check_best_case_leaves, "the two terms as a pair"))
    assert "gave (1, 1), expected 1. Hint: return one whole number: the two terms added" in said


def test_a_wrong_order_of_the_moves_is_told_its_slip():
    def fewest_first(game, board, new_boards):
        return sorted(new_boards, key=lambda new: game.lines_through[changed_square(board, new)])

    assert "the most lines come first, not last" in flat(check_move_order(fewest_first))
    said = flat(check_move_order(lambda game, board, new_boards: 1 / 0))
    assert "where its new board differs from board" in said and "give back a list" not in said


def test_game_lines_called_as_a_method_is_told_it_is_a_tuple():
    said = flat(result_of(check_move_order, "game.lines called"))
    assert (
        "Hint: game.lines is a tuple of the lines, not a method: write game.lines, without ()"
        in (said)
    )


def test_the_games_moves_sorted_instead_of_those_given_are_told_to_sort_new_boards():
    said = flat(result_of(check_move_order, "all the game's moves, not those given"))
    assert "9 moves: all, backwards) gave" in said
    assert "Hint: sort new_boards, the moves you are given, in the order they came" in said
    assert "(a stable sort)" not in said  # sorted() is stable: the moves sorted were others
    ties = flat(result_of(check_move_order, "ties by square"))  # the same order, of those given
    assert "sort new_boards" not in ties and "(a stable sort)" in ties


def test_a_key_of_the_wrong_lines_is_not_told_to_put_the_most_lines_first():
    """A count of the 3 x 3 board's lines on the 4 x 4 one sorts most first, by its own count: some
    cases came out fewest first by the true count, and were told to reverse the sort."""
    said = flat(result_of(check_move_order, "lines by row and column of the 3 x 3 board"))
    assert "come first, not last" not in said and "how many of game.lines hold" in said
    said = flat(result_of(check_move_order, "lines from a 3 x 3 table"))
    assert (
        "sort the new boards by how many of game.lines hold that square (this board is 4x4)" in said
    )


def test_the_new_boards_sorted_as_text_are_told_so_in_one_hint():
    """They were told three slips in turn, over nine lines: no key, a key the same for every move,
    and ties in the wrong order."""
    said = flat(result_of(check_move_order, "sorted boards"))
    assert said.count("Hint:") == 1
    assert "Hint: those are the new boards sorted as text: sort them by how many of game" in said


def test_the_new_boards_given_backwards_are_not_told_they_were_sorted_as_text():
    """From the empty board, the moves backwards are the new boards sorted as text too: that case
    was told "those are the new boards sorted as text", a slip not made."""
    said = flat(result_of(check_move_order, "given backwards"))
    assert "sorted as text" not in said
    assert "Hint: those are the new boards you were given, backwards: sort them by how" in said
    # the moves given backwards sorted as text, descending, are the moves given, as given: no
    # slip of reversing, which would reverse other moves too
    said = flat(check_move_order(lambda game, board, new_boards: sorted(new_boards, reverse=True)))
    assert "backwards:" not in said


@pytest.mark.parametrize(
    ("name", "hint"),
    [
        ("sorted in place, None given back", "new_boards.sort(key=...) sorts in place"),
        ("a generator", "that is a generator"),
        ("each board a list of squares", "the new boards themselves, strings as given, not a list"),
        ("a move's square taken as its first X", "as a sort leaves them whose key is the same"),
    ],
)
def test_a_sort_that_gives_nothing_a_generator_or_the_same_order_is_told_why(name, hint):
    said = flat(result_of(check_move_order, name))
    assert hint in said and "Hint: give back a list of the new boards." not in said


def test_deepening_that_answers_with_less_than_the_last_search_is_told_the_pair():
    def best_move_only(game, state, max_depth, search):
        first = None
        for depth in range(1, max_depth + 1):
            first = search(game, state, depth, first)[1]
        return first

    said = flat(check_deepening(best_move_only))
    assert "answer with what the last search returned: the pair (score, best move)" in said


def test_deepening_that_yields_is_told_to_return_not_to_start_at_depth_1():
    def yields_each(game, state, max_depth, search):
        first = None
        for depth in range(1, max_depth + 1):
            score, first = search(game, state, depth, first)
            yield score, first

    said = flat(check_deepening(yields_each))
    assert "a function that yields runs no search" in said and "start at depth 1" not in said


def test_deepening_one_depth_short_is_told_that_max_depth_is_never_searched():
    said = flat(result_of(check_deepening, "one depth short, the score read after the loop"))
    assert "Hint: the depths searched stop before max_depth" in said
    assert "pass each iteration the best move" not in said
    assert "raised UnboundLocalError" in said  # max_depth 1: the loop never ran
    assert "Hint: your loop ran no search before this error" in said
    listed = flat(result_of(check_deepening, "one depth short"))
    assert "stop before max_depth" in listed and "raised IndexError" in listed


def test_deepening_one_depth_too_many_is_told_to_stop_at_max_depth():
    said = flat(result_of(check_deepening, "one depth too many"))
    assert "Hint: the depths searched go past max_depth" in said
    assert "pass each iteration the best move" not in said


@pytest.mark.parametrize(
    ("name", "hint"),
    [
        ("search's arguments swapped", "give search its arguments in order"),
        ("max_depth at every iteration", "with the loop's depth"),
        ("the whole pair carried", "first is the best move alone"),
        ("the score carried", "pass its move as first, not its score"),
        ("a return inside the loop", "return after the loop, not inside it"),
    ],
)
def test_deepening_that_calls_its_search_wrongly_is_told_how(name, hint):
    said = flat(result_of(check_deepening, name))
    assert hint in said and "start at depth 1" not in said


def test_deepening_that_calls_its_search_with_a_keyword_of_its_own_is_told_the_call():
    def keyword(game, state, max_depth, search):
        best = None
        for depth in range(1, max_depth + 1):
            score, best = search(game, state, depth, best_move=best)
        return score, best

    said = flat(check_deepening(keyword))
    assert "Hint: the check's search is called as it is written" in said


def test_an_answer_two_slips_give_is_not_told_the_other_slip():
    every_leaf = flat(check_best_case_leaves(lambda b, d: b**d))
    assert "that is every leaf" in every_leaf and "one leaf too many" not in every_leaf
    swapped = flat(check_best_case_leaves(lambda d, b: b ** ((d + 1) // 2) + b ** (d // 2) - 1))
    assert "the arguments come as" in swapped and "with an odd depth" not in swapped


@pytest.mark.slow
def test_an_endless_loop_in_a_count_or_a_sort_is_stopped_in_seconds():
    def leaves(branching, depth):
        while depth > 0:  # depth is never counted down
            pass
        return 1

    assert "was stopped after more than 2 seconds" in flat(check_best_case_leaves(leaves))
    said = flat(check_move_order(lambda game, board, new_boards: leaves(3, 2)))
    assert "was stopped after more than 2 seconds" in said


def test_a_count_of_best_case_leaves_given_as_a_float_is_wrong_and_told_so():
    said = flat(check_best_case_leaves(lambda b, d: float(b ** ((d + 1) // 2) + b ** (d // 2) - 1)))
    assert "gave 1.0, expected 1. Hint: that is a float, not an int: counts are whole" in said


def test_a_loop_that_forgets_to_go_deeper_is_stopped_by_the_short_clock(monkeypatch):
    """The stand-in search answers at once, so the check waits no longer than for a few sums (it
    waited 10 s, as for a real search)."""
    monkeypatch.setattr(nimlib.checks.ordering, "QUICK_SECONDS", 0.1)

    def deepen(game, state, max_depth, search):
        depth, best = 1, None
        while depth <= max_depth:  # depth += 1 forgotten
            best = search(game, state, depth, best)[1]

    assert "was stopped after more than 0.1 seconds" in flat(check_deepening(deepen))


def test_a_move_order_that_sorts_the_moves_it_was_given_in_place_is_wrong():
    """new_boards.sort(key=...) then return new_boards passed: the engine that asked would find
    its own list of moves reordered under it."""

    def sorts_in_place(game, board, new_boards):
        new_boards.sort(
            key=lambda new: -sum(changed_square(board, new) in line for line in game.lines)
        )
        return new_boards

    said = flat(check_move_order(sorts_in_place))
    assert "all, in reading order) gave ['....X....', 'X........'," in said
    assert "but changed the list it was given, expected ['....X....'," in said
    assert "Hint: leave what your function is given as it is" in said
