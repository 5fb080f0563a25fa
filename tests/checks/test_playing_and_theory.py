"""The checks of notebooks 07 and 08 (winning moves, a look ahead, the theory of Nim): what their
messages say. Their verdicts on right and wrong solutions are in test_catalogue.py."""

import functools
from operator import xor

import numpy as np
import pytest
from flat_text import flat
from solutions import result_of

import nimlib
import nimlib.checks.theory
from nimlib import alphabeta, memoized_minimax, minimax
from nimlib.checks import (
    check_depth_limited,
    check_grundy,
    check_mex,
    check_nim_sum_rule,
    check_winning_moves,
    check_zeckendorf,
)
from nimlib.checks.playing import Guessing


def test_normal_play_nim_3_5_7_has_three_winning_moves_in_the_check():
    result = flat(result_of(check_winning_moves, "best_move's one move"))
    assert "(3, 5, 7)) gave [(3, 5, 6)], expected [(3, 5, 6), (3, 4, 7), (2, 5, 7)]" in result
    assert "(5, 7, 3)) gave [(5, 7, 2)], expected [(5, 6, 3), (4, 7, 3), (5, 7, 2)]" in result


def test_check_depth_limited_names_the_guess_of_each_case():
    result = flat(result_of(check_depth_limited, "guesses even at the end"))
    assert "(0, 0), 0, True, more_counters_for_max" in result


def test_check_grundy_tries_more_takes_than_one_two_three():
    assert result_of(check_grundy, "the period of 1, 2, 3").passed == 2  # 1 to 3, 1 to 5 only


def test_a_look_ahead_taking_the_largest_score_for_min_too_is_told_so():
    """It got no hint."""
    said = flat(result_of(check_depth_limited, "max for Min too"))
    assert "Hint: Min takes the smallest score: (max if is_maximizing else min)(scores)" in said


@pytest.mark.slow
def test_a_look_ahead_with_a_slip_of_its_own_is_not_told_of_a_memo_it_does_not_have():
    """Its answer to a question equalled the right one to another question asked before, with
    another depth or guess: the hint blamed a memo kept between calls, though there was none."""
    for slip in ("the horizon at depth 1, depth 0 to the end", "the guess negated"):
        assert "a memo kept from one call to the next" not in flat(
            result_of(check_depth_limited, slip)
        )
    said = flat(result_of(check_depth_limited, "state between calls: a memo without the depth"))
    assert "a memo kept from one call to the next must have the depth in its key" in said


def test_a_look_ahead_whose_memo_leaves_out_the_depth_is_told_so():
    """It passed every case: none met a position at two depths with a guess telling them apart."""
    said = flat(result_of(check_depth_limited, "a memo without the depth"))
    assert "(2, 3), 4, True, more_counters_for_max) gave 1, expected 0.1" in said
    assert "a memo may reuse only a score that looked exactly as many moves ahead" in said


@pytest.mark.slow
def test_check_depth_limited_names_a_guess_at_the_end_and_a_depth_never_counted_down():
    guessed_at_the_end = flat(result_of(check_depth_limited, "guesses even at the end"))
    assert "Hint: a finished game returns its true score, even at depth 0" in guessed_at_the_end
    never_down = flat(result_of(check_depth_limited, "never counts down"))
    assert "Hint: that is the score of a search to the end of the game" in never_down


def test_check_depth_limited_names_the_depth_asked_first_and_the_turn_kept():
    """Asking the depth before the game's end was told "stopped a move early" at its first wrong
    case; the turn kept in the recursive call was told to ask the guess with its own player."""
    said = flat(result_of(check_depth_limited, "guesses even at the end"))
    assert (
        "(1, 1), 2, True, no_idea) gave 0, expected -1. Hint: a finished game returns its" in said
    )
    said = flat(result_of(check_depth_limited, "the turn not passed on"))
    assert "Hint: pass the turn on: the recursive call needs `not is_maximizing`" in said


def test_check_mex_names_one_more_than_the_largest_and_a_count_from_one():
    one_more = flat(check_mex(lambda values: max(values) + 1 if values else 0))
    assert "f([1, 2]) gave 3, expected 0. Hint: the mex is the smallest whole number missing" in (
        one_more
    )
    from_one = flat(check_mex(lambda values: min(set(range(1, len(values) + 2)) - set(values))))
    assert "f([]) gave 1, expected 0. Hint: 0 is a whole number too: start counting at 0" in (
        from_one
    )


def test_a_mex_that_takes_the_largest_value_is_told_at_no_values_that_their_mex_is_0():
    """max(values) + 1 raised at [] with Python's words alone, its hint one case later."""
    said = flat(check_mex(lambda values: max(values) + 1))
    assert "expected 0. Hint: the mex of no values is 0: max() and min() have nothing" in said


def test_a_mex_taken_as_the_count_of_the_values_is_told_so():
    said = flat(check_mex(lambda values: len(values)))
    assert "gave 2, expected 0. Hint: that is how many values there are" in said


def test_check_zeckendorf_asks_for_the_parts_largest_first():
    """The right parts, smallest first, were shown against the expected ones with no word on
    their order."""
    said = flat(result_of(check_zeckendorf, "smallest first"))
    assert "gave [1, 3], expected [3, 1]. Hint: list the parts largest first" in said
    assert "largest first" not in flat(result_of(check_zeckendorf, "powers of two"))


def test_check_zeckendorf_asks_for_a_list_where_the_sum_is_written_as_text():
    """ " + ".join(...) was told "that is a str, not an int: Fibonacci numbers are whole
    numbers", as though one number were asked for."""
    said = flat(check_zeckendorf(lambda n: " + ".join(map(str, nimlib.zeckendorf(n)))))
    assert "gave '3 + 1', expected [3, 1]" in said
    assert "Hint: return the parts as a list of numbers, largest first, such as [8, 3]" in said


def test_check_zeckendorf_tries_fibonacci_numbers_and_names_neighbours_as_parts():
    result = result_of(check_zeckendorf, "Fibonacci numbers built short of n")
    assert not result.ok and len(result.failures) == 3
    said = flat(result)
    assert "fibonacci_numbers_short_of_n(8) gave [5, 3], expected [8]. Hint: n is a Fibonacci" in (
        said
    )
    assert "build the Fibonacci numbers up to n, n included (<=)" in said
    assert "(21) gave [13, 8], expected [21]" in said
    neighbours = flat(result_of(check_zeckendorf, "consecutive Fibonacci numbers allowed"))
    assert "gave [55, 34, 8, 3], expected [89, 8, 3]" in neighbours
    assert "Zeckendorf's parts are never neighbours among the Fibonacci numbers" in neighbours


def test_check_zeckendorf_names_parts_that_fall_short_of_n():
    """Taking a Fibonacci number only where it lies below what is left (< for <=) got no hint."""
    said = flat(result_of(check_zeckendorf, "a part fits only below what is left"))
    assert "(1) gave [], expected [1]. Hint: the parts must add up to n" in said


def test_check_mex_names_values_that_repeat_for_the_first_gap_of_the_sorted_list():
    said = flat(result_of(check_mex, "the first gap of the sorted list"))
    assert "gave 1, expected 3. Hint: the values may repeat" in said
    assert "may repeat" not in flat(result_of(check_mex, "the smallest value"))


def test_check_grundy_names_a_take_past_zero():
    said = flat(result_of(check_grundy, "a take may pass 0"))
    assert "expected [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2]. Hint: a take may not pass 0" in said
    assert "take may not pass 0" not in flat(result_of(check_grundy, "the number of moves"))


@pytest.mark.parametrize(
    ("slip", "hint"),
    [
        ("no take of the whole pile", "Hint: a take of the whole pile is a move too"),
        ("the XOR of the values reached", "every pile got 0: does your function return the mex"),
        ("won or lost, 1 or 0", "Hint: those say whether each pile is won or lost, not its"),
        ("a mex not written yet", "Hint: your function gave None for every pile: does it"),
        ("a generator given to a mex that asks its len()", "Hint: your mex was given a generator "),
        ("a map given to a mex that asks its len()", "Hint: your mex was given a map object"),
        ("a generator given to a mex that takes its max first", "a generator is used up by"),
    ],
)
def test_check_grundy_names_a_learners_usual_slips(slip, hint):
    """Each got no hint at all."""
    assert hint in flat(result_of(check_grundy, slip))


def test_check_nim_sum_rule_names_the_rule_turned_round_only_where_it_is():
    """The nim-sum's == 0, whether the player to move loses, got no hint; every wrong truth value
    is the other one, so the hint asks the function at every position of the check."""
    turned = flat(result_of(check_nim_sum_rule, "the nim-sum is zero"))
    assert "((0,)) gave True, expected False. Hint: that is whether the player to move loses" in (
        turned
    )
    assert "player to move loses" not in flat(result_of(check_nim_sum_rule, "misère's rule"))


def test_check_nim_sum_rule_names_the_parity_of_the_total():
    """It got no hint."""
    said = flat(result_of(check_nim_sum_rule, "the sum is odd"))
    assert "Hint: that is whether the counters add up to an odd number" in said
    assert "add up to an odd" not in flat(result_of(check_nim_sum_rule, "any pile left"))


def test_check_nim_sum_rule_reads_numpys_truth_values_as_truth_values():
    """The rule turned round, answered in numpy's bools, was told to answer True or False."""
    said = flat(check_nim_sum_rule(lambda piles: np.bool_(functools.reduce(xor, piles, 0) == 0)))
    assert "answer True or False" not in said and "whether the player to move loses" in said


def test_a_mex_or_grundy_values_given_as_floats_are_wrong_and_told_so():
    mex_said = flat(check_mex(lambda values: float(min(set(range(len(values) + 1)) - set(values)))))
    assert "gave 0.0, expected 0. Hint: that is a float, not an int: the mex is a whole" in mex_said
    grundy_said = flat(check_grundy(lambda n, takes: float(n % (max(takes) + 1))))
    assert "Hint: that is a float, not an int: Grundy values are whole numbers" in grundy_said


@pytest.mark.slow
def test_check_winning_moves_names_the_likely_slip():
    """A wrong list of winning moves got no hint: the moves scored with the mover to move again,
    the right moves in a set, or a plain minimax stopped as too slow, which was asked whether it
    always comes to an end."""
    slips = {
        "read from the wrong side": "after your move the other player is to move",
        "a set": "give a list in the order of game.possible_new_states",
    }
    for name, hint in slips.items():
        assert f"Hint: {hint}" in flat(result_of(check_winning_moves, name)), name

    def with_plain_minimax(game, state):
        moves = game.possible_new_states(state)
        return [new for new in moves if minimax(game, new, False) == 1]

    stopped = flat(check_winning_moves(with_plain_minimax))
    assert "Hint: plain minimax searches the same positions again and again" in stopped
    assert "does a loop or a recursion never end" not in stopped


@pytest.mark.slow
def test_check_winning_moves_tries_a_game_with_draws_and_names_more_slips():
    """A draw taken for a win passed (no game of the check could draw), and the first winning move
    alone or (score, new_state) pairs got no hint."""
    slips = {
        "a draw counts as a win": "a move that draws (score 0) is no win",
        "the first winning move": "every winning move, not only one",
        "(score, new_state) pairs": "give the new states themselves, not (score, new_state) pairs",
    }
    for name, hint in slips.items():
        assert f"Hint: {hint}" in flat(result_of(check_winning_moves, name)), name


def test_check_depth_limited_names_a_search_that_stops_early_or_guesses_for_the_other_side():
    early = flat(result_of(check_depth_limited, "stops at depth 1"))
    assert "Hint: that search stopped a move early: at depth 1 a look ahead still tries" in early
    late = flat(result_of(check_depth_limited, "stops below depth 0"))
    assert "gave -0.3, expected 0.6. Hint: that search looked a move too far" in late
    assert "the other player to move" not in late  # from depth 1 its 0.3 matches by chance
    swapped = flat(result_of(check_depth_limited, "max and min swapped"))
    assert "a move too far" not in swapped  # from depth 1 its 0.3 matches by chance
    other = flat(result_of(check_depth_limited, "guesses for the other player"))
    assert "Hint: ask the guess about the position with its own player to move" in other


def test_check_depth_limited_names_a_negamax_that_gives_min_s_score_where_min_is_to_move():
    """It was told that it stopped a move early, which its answer matched by chance."""
    said = flat(result_of(check_depth_limited, "negamax, Min's score for Min"))
    assert (
        "gave 0.3, expected -0.3. Hint: that is the score seen by Min, the player to move" in said
    )
    assert "stopped a move early" not in said


def test_check_depth_limited_names_negamax_fed_max_s_scores():
    """It was told to ask the guess with the other player to move, and that the guess is already
    Max's: both true of its answers by chance, neither its slip."""
    said = flat(result_of(check_depth_limited, "negamax on Max's scores"))
    assert "gave 0.5, expected -0.3. Hint: that is negamax's max(-score) on scores seen by" in said
    assert "its own player to move" not in said and "do not negate" not in said


def test_check_depth_limited_names_max_and_min_swapped_throughout():
    """It was told to ask the guess with its own player to move, that it gave Min's score, and to
    ask evaluate first: three slips its answers matched by chance, none its own."""
    said = flat(result_of(check_depth_limited, "max and min swapped"))
    assert "gave -0.6, expected 0.6. Hint: that is the score with the other player to move" in said
    assert said.count("Hint:") == 1


def test_check_grundy_names_a_mex_given_a_generator():
    """The notebook warns that a generator can be gone through only once; a mex that looks for
    each number with `in` in one gave wrong values, shown with no word on why."""

    def mex_by_in(values):
        smallest = 0
        while smallest in values:
            smallest += 1
        return smallest

    @functools.cache
    def grundy_of(counters, takes):
        return mex_by_in(grundy_of(counters - take, takes) for take in takes if take <= counters)

    assert "Hint: give your mex a list" in flat(check_grundy(grundy_of))
    assert "give your mex a list" not in flat(check_grundy(lambda counters, takes: 0))


def test_check_winning_moves_names_a_memo_kept_across_games_not_the_wrong_side():
    """Its answer from 10 counters matched the moves asked from the wrong side by chance."""
    said = flat(result_of(check_winning_moves, "state between calls: one memo for every game"))
    assert "(SimpleNim(last_counter_loses=False), 7) gave [5], expected [4]. Hint: that is the" in (
        said
    )
    assert "answer for the same state in another game of the check: a memo kept" in said
    assert "after your move the other player is to move" not in said


def test_check_winning_moves_names_one_winning_move_of_several_not_a_memo():
    """best_move's one move from 11 counters with takes (1, 3, 4) matched another game's answer by
    chance, and was told of a memo kept across games, which it does not keep."""
    said = flat(result_of(check_winning_moves, "best_move's one move"))
    assert "10) gave [6], expected [9, 6]. Hint: every winning move, not only one" in said
    assert "a memo kept" not in said  # from 11 counters, where it was said


@pytest.mark.slow
def test_check_winning_moves_wrong_side_hint_fits_both_ways_of_asking():
    """A learner who asked whether Min, to move after the move, loses (== -1) was told to ask with
    is_maximizing=False, which they did: the hint names the comparison too."""
    hint = "Hint: after your move the other player is to move, and the score is for the player who"
    for asked, wins in ((True, 1), (False, -1)):
        said = flat(
            check_winning_moves(
                lambda game, state, asked=asked, wins=wins: [
                    new
                    for new in game.possible_new_states(state)
                    if memoized_minimax(game, new, asked) == wins
                ]
            )
        )
        assert hint in said, asked


def test_check_winning_moves_does_not_take_every_move_for_the_wrong_side():
    """From 5 counters the moves scored with the mover to move again are all three: a function
    giving every move was told to ask with is_maximizing=False."""
    said = flat(check_winning_moves(lambda game, state: list(game.possible_new_states(state))))
    assert "after your move the other player is to move" not in said


def test_check_winning_moves_calls_a_generator_a_generator():
    """The right moves given as a generator were told to keep the game's order, which they did."""
    said = flat(result_of(check_winning_moves, "a set"))
    assert "give a list in the order" in said
    generator = flat(
        check_winning_moves(
            lambda game, state: (
                new
                for new in game.possible_new_states(state)
                if memoized_minimax(game, new, False) == 1
            )
        )
    )
    assert "Hint: that is a generator" in generator and "in the order" not in generator


@pytest.mark.parametrize("check", [check_mex, check_grundy])
def test_a_loop_that_never_ends_is_stopped_by_the_short_clock(check, monkeypatch):
    """A mex that forgets to count up waited 10 s, as for a search, before it was named."""
    monkeypatch.setattr(nimlib.checks.theory, "QUICK_SECONDS", 0.1)

    def mex_forgetting_to_count(values):
        n = 0
        while n in values:
            pass  # n += 1 forgotten
        return n

    def grundy(counters, takes):
        return mex_forgetting_to_count(
            {grundy(counters - t, takes) for t in takes if t <= counters}
        )

    answer = mex_forgetting_to_count if check is check_mex else grundy
    assert "was stopped after more than 0.1 seconds" in flat(check(answer))


def test_a_look_ahead_that_negates_max_s_guess_for_min_is_told_the_guess_is_max_s():
    said = flat(result_of(check_depth_limited, "Max's guess negated for Min"))
    assert "Hint: the guess is already seen by Max, whoever is to move" in said


def test_check_mex_names_a_loop_that_keeps_the_last_number_missing():
    """A loop that went on past the first number missing, keeping the last, passed: no case had
    two numbers missing below the largest."""
    said = flat(result_of(check_mex, "the last number missing"))
    assert "([4, 0, 2]) gave 3, expected 1. Hint: that is the largest number missing below" in said
    assert "largest number missing" not in flat(result_of(check_mex, "the number of values"))


def test_check_mex_says_count_from_0_only_to_a_count_from_1():
    """len(values), 2 for [1, 2], was told to start counting at 0."""
    assert "start counting at 0" not in flat(result_of(check_mex, "the number of values"))
    said = flat(result_of(check_mex, "the smallest missing from 1"))
    assert "f([]) gave 1, expected 0. Hint: 0 is a whole number too" in said


def test_check_mex_names_values_remembered_between_calls():
    """One set for every call was told that the mex may lie below the largest value."""
    said = flat(result_of(check_mex, "state between calls: one set of every value seen"))
    assert "Hint: your function remembers the values of earlier calls" in said
    assert "may lie below the largest" not in said


def test_check_nim_sum_rule_reads_no_truth_value_into_an_exception():
    """An IndexError was told to answer True or False."""
    said = flat(result_of(check_nim_sum_rule, "the first two piles only"))
    assert "raised IndexError: tuple index out of range; expected False" in said
    assert "answer True or False" not in said


def test_check_nim_sum_rule_names_misere_rule_and_a_sum_that_is_no_xor():
    misere = flat(result_of(check_nim_sum_rule, "misère's rule"))
    assert "((0,)) gave True, expected False. Hint: that is misère play's rule" in misere
    either = flat(result_of(check_nim_sum_rule, "| for ^"))
    assert "((3, 3)) gave True, expected False. Hint: that is whether any counter is left" in either
    assert "any counter is left" not in flat(result_of(check_nim_sum_rule, "the sum is odd"))


def test_check_nim_sum_rule_names_a_total_that_starts_at_the_first_pile():
    """It got no hint: the first pile, taken twice, cancels out."""
    said = flat(result_of(check_nim_sum_rule, "the total starts at the first pile"))
    assert "((5,)) gave False, expected True. Hint: your total starts at the first pile" in said
    assert "starts at the first pile" not in flat(result_of(check_nim_sum_rule, "a loop"))
    assert "starts at the first pile" not in flat(result_of(check_nim_sum_rule, "the sum is odd"))


def test_check_grundy_names_values_remembered_from_an_earlier_take_set():
    said = flat(result_of(check_grundy, "state between calls: a memo keyed by the counters alone"))
    assert "Hint: those are the values for takes (1, 2, 3), an earlier case" in said
    assert "an earlier case" not in flat(result_of(check_grundy, "the period of 1, 2, 3"))


def test_check_zeckendorf_names_a_list_of_parts_kept_between_calls():
    """A default list of parts was told to go on until nothing is left."""
    said = flat(result_of(check_zeckendorf, "state between calls: a default list of parts"))
    assert "Hint: asked again for the same n, your function gives other parts" in said
    assert "go on until nothing is left" not in said
    assert "asked again" not in flat(result_of(check_zeckendorf, "the largest part only"))


def test_check_depth_limited_asks_a_draw_at_the_horizon():
    """A look ahead that took a draw's 0 for a game going on (`if score:`), and so gave the guess
    to a draw at depth 0, passed: its max(..., default=0) scored a draw above the horizon right."""
    said = flat(result_of(check_depth_limited, "a draw at the horizon given the guess (if score:)"))
    assert "'XXOOOXXO.', 1, True, mover_ahead) gave -0.5, expected 0. Hint: a draw scores 0" in said


def test_check_depth_limited_names_more_slips():
    """Each of these got no hint, or the hint of another slip its answer matched by chance: a
    best that starts at 0 was told it stopped a move early, a memo without the depth the same."""
    slips = {
        "the best from 0": "start the best score from the first move's",
        "state between calls: a memo without the depth": "that is the answer to an earlier "
        "question of the check with another depth",
        "the moves gone through twice": "game.possible_new_states may give a generator",
        "the game's own estimate": "use the guess you are given",
        "the guess itself, uncalled": "call the guess, guess(state, is_maximizing)",
        "max on Min's turn, min on Max's": "Max takes the largest score (max) and Min the",
        "evaluate asked for Max": "score a finished game for the player the call is about",
        "ignores the guess": "at depth 0 return the guess you are given",
    }
    for name, hint in slips.items():
        said = flat(result_of(check_depth_limited, name))
        assert f"Hint: {hint}" in said, name
        assert "stopped a move early" not in said, name


def test_a_memo_without_the_guess_is_told_so_not_to_negate_the_guess():
    """Its answer with one guess, given for another, matched Max's guess negated for Min."""
    memo = {}

    def look_ahead_kept_without_the_guess(game, state, depth, is_maximizing, guess):
        if (game, state, depth, is_maximizing) not in memo:
            answer = minimax(Guessing(game, guess), state, is_maximizing, depth=depth)
            memo[game, state, depth, is_maximizing] = answer
        return memo[game, state, depth, is_maximizing]

    said = flat(check_depth_limited(look_ahead_kept_without_the_guess))
    assert "Hint: that is the answer to an earlier question of the check with another guess" in said
    assert "do not negate" not in said


@pytest.mark.parametrize(
    "name, hint",
    [
        pytest.param(
            "the moves gone through twice",
            "game.possible_new_states may give a generator",
            marks=pytest.mark.slow,
        ),
        ("state between calls: a list kept", "asked the same again, your function gave another"),
        ("state between calls: a default table", "the table given to memoized_minimax outlives"),
        ("a score for each move", "give the winning new states themselves, not a score"),
        ("(new_state, score) pairs", "give the new states themselves, not (score, new_state)"),
        ("whether the position wins", "give a list of the new states after the winning moves"),
        ("the words for the moves", "give the new states themselves, not the words for the moves"),
    ],
)
def test_check_winning_moves_names_more_slips(name, hint):
    """The moves gone through twice (a generator), a list or a table kept between calls, a score
    for each move, (new_state, score) pairs, one truth value and the words for the moves got no
    hint."""
    assert f"Hint: {hint}" in flat(result_of(check_winning_moves, name))


@pytest.mark.slow
def test_check_winning_moves_tells_no_memo_to_an_answer_any_game_could_give():
    """An empty list, which another game of the check also answers, was told of a memo kept
    across games."""
    said = flat(result_of(check_winning_moves, "never a win (is True)"))
    assert "a memo kept" not in said


@pytest.mark.slow
def test_check_winning_moves_names_alpha_beta_without_a_table_as_too_slow():
    def with_alphabeta(game, state):
        moves = game.possible_new_states(state)
        return [new for new in moves if alphabeta(game, new, False) == 1]

    said = flat(check_winning_moves(with_alphabeta))
    assert "and so does alpha-beta without a table: score each move with memoized_minimax" in said
