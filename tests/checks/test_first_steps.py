"""The checks of notebooks 01 to 03 (a first minimax, the general minimax, negamax, a variant): what
their messages say about a wrong answer. Their verdicts on right and wrong solutions are in
test_catalogue.py."""

from functools import cache, partial

import pytest
from flat_text import flat
from solutions import (
    RefusesOnlyNegativeNumbers,
    TakeOneThreeOrFour,
    evaluates_for_max,
    evaluates_for_the_other,
    first_winning_move,
    max_and_min_swapped,
    minus_the_max,
    negamax,
    negamax_evaluating_for_min,
    negamax_without_minus,
    negates_the_end,
    never_switches,
    never_takes_the_last,
    result_of,
    simple_minimax,
    wins,
    wins_at_zero,
)

from nimlib.checks import (
    check_first_best_move,
    check_general_minimax,
    check_negamax,
    check_simple_minimax,
    check_variant,
    check_won_lost,
)
from nimlib.checks.first_steps import minimax_with_slip, slip_hint
from nimlib.games.nim import Nim
from nimlib.games.simple_nim import SimpleNim


def test_check_simple_minimax_checks_the_takes_it_is_given():
    assert check_simple_minimax(
        lambda n, max_turn: simple_minimax(n, max_turn, (1, 2, 3, 4)), takes=(1, 2, 3, 4)
    ).ok
    usual_takes = check_simple_minimax(simple_minimax, takes=(1, 2, 3, 4))
    assert not usual_takes.ok
    assert "a move takes 1, 2 or 3 counters: does your function try taking 4 too?" in " ".join(
        repr(usual_takes).split()
    )


def test_check_simple_minimax_names_its_takes_and_each_wrong_call():
    normal_play = check_simple_minimax(lambda n, max_turn: -simple_minimax(n, max_turn))
    assert repr(normal_play).startswith(
        "✘ check_simple_minimax (takes 1, 2, 3): 4 of 4 cases wrong:\n  - f(0, max_turn"
    )


def test_check_first_best_move_says_where_every_move_loses():
    result = check_first_best_move(
        lambda n: first_winning_move(n, otherwise=lambda n: max(n - 3, 0))
    )
    assert "f(5), where every move loses, gave 2, expected 4" in repr(result)


def test_check_simple_minimax_names_the_likely_slip():
    def no_end(counters, max_turn):
        scores = [no_end(counters - t, not max_turn) for t in (1, 2, 3) if t <= counters]
        return max(scores) if max_turn else min(scores)

    def same_turn(counters, max_turn):
        if counters == 0:
            return 1 if max_turn else -1
        scores = [same_turn(counters - t, max_turn) for t in (1, 2, 3) if t <= counters]
        return max(scores) if max_turn else min(scores)

    slips = {
        "with 0 counters there is no move, and max() or min() of no scores fails": no_end,
        "every pile gets the same score: pass the turn to the other player": same_turn,
        "every score is turned round: at 0 counters the player to move did not take": (
            lambda n, max_turn: -simple_minimax(n, max_turn)
        ),
        "return a score, +1 or -1 (an int), not True or False": (
            lambda n, max_turn: simple_minimax(n, max_turn) == 1
        ),
    }
    for hint, slip in slips.items():
        assert f"Hint: {hint}" in flat(check_simple_minimax(slip))
    assert "Hint" not in repr(check_simple_minimax(lambda n, max_turn: None))


def test_check_simple_minimax_blames_the_score_at_0_or_the_last_take_where_they_are_wrong():
    """A score at 0 that forgets whose turn it is makes every pile score alike, and a take that
    may not empty the pile leaves max() no scores at 1 counter: the hints said "pass the turn" and
    "return the score at 0 first", both already done."""
    said = flat(result_of(check_simple_minimax, "+1 at 0 whoever is to move"))
    assert "Hint: at 0 counters the player to move did not take the last counter" in said
    assert "the score at 0 is +1 with Max to move, -1 with Min to move" in said
    assert "pass the turn" not in said and "turned round" not in said
    said = flat(result_of(check_simple_minimax, "never empties the pile (take < counters)"))
    assert "Hint: a move may take every counter left: take <= counters, not take < counters" in said
    assert "return the score at 0 counters first" not in said


def test_check_simple_minimax_names_max_and_min_swapped():
    hint = "Hint: Max takes the largest score (max) and Min the smallest (min): yours are swapped"
    assert hint in flat(check_simple_minimax(max_and_min_swapped))


def test_check_simple_minimax_names_a_copy_that_recurses_into_the_old_search():
    def first_move_up_to_4(counters, max_turn):
        if counters == 0:
            return 1 if max_turn else -1
        scores = [simple_minimax(counters - t, not max_turn) for t in (1, 2, 3, 4) if t <= counters]
        return max(scores) if max_turn else min(scores)

    result = flat(check_simple_minimax(first_move_up_to_4, takes=(1, 2, 3, 4)))
    assert "Hint: only the first move may take 4: does the recursion call minimax" in result


def test_check_first_best_move_names_the_likely_slip():
    slips = {
        "return the counters to leave (counters - take), not the take": (
            lambda n: n - first_winning_move(n)
        ),
        "after your move the other player is to move, and minimax scores for Max: your take "
        "wins where minimax(left, False) == +1": lambda n: next(
            (n - t for t in (1, 2, 3) if t <= n and simple_minimax(n - t, True) == 1), n - 1
        ),
        "after your move the other player is to move, and minimax scores for Max: your take "
        "wins where minimax(left, False) == +1 (Min to move, Max winning)": lambda n: next(
            (n - t for t in (1, 2, 3) if t <= n and simple_minimax(n - t, False) == -1), n - 1
        ),
        "that is best_move's answer: where every move loses (from 5, say), take just 1": (
            lambda n: first_winning_move(n, otherwise=lambda n: max(n - 3, 0))
        ),
    }
    for hint, slip in slips.items():
        assert f"Hint: {hint}" in flat(check_first_best_move(slip))


def test_check_first_best_move_tells_the_counters_left_untouched_from_the_take():
    """From 1 the take and the counters are both 1: a move that left every counter where all
    lose was told it gave the take."""
    said = flat(result_of(check_first_best_move, "every counter left when all lose"))
    assert "Hint: where every move loses (from 5, say), your move leaves every counter" in said
    assert "not the take" not in said
    assert "leaves every counter" not in flat(
        result_of(check_first_best_move, "the take, not the counters left")
    )


def test_a_best_move_given_in_a_list_is_told_to_give_one_number():
    """`wins or [counters - 1]` gives [5] from 6: it was told to take just 1 where every move
    loses, and to ask minimax(left, False), the expected moves put in lists to match its own."""
    said = flat(check_first_best_move(lambda counters: [counters - 1]))
    assert "gave [5], expected 5. Hint: return one whole number, not a list" in said
    assert "every move loses (from 5, say)" not in said and "minimax(left" not in said


def test_a_best_move_given_in_a_tuple_or_as_a_string_is_told_its_kind():
    """`return counters - 1,` gives (5,) from 6, and a move built with str() gives '5': each was
    shown with no hint."""
    said = flat(check_first_best_move(lambda counters: (counters - 1,)))
    assert "gave (5,), expected 5. Hint: return one whole number, not a tuple" in said
    said = flat(check_first_best_move(lambda counters: str(counters - 1)))
    assert "gave '5', expected 5. Hint: that is a str, not an int" in said


def test_a_best_move_that_answers_whether_it_wins_is_told_to_return_a_count_not_a_bool():
    """True from 6 was read as a take of 1, and told to leave counters - take."""
    said = flat(check_first_best_move(lambda counters: counters % 4 != 1))
    assert "gave True, expected 5. Hint: that is a bool, not an int: return the counters" in said
    assert "not the take" not in said


def test_a_general_minimax_that_calls_step_1s_functions_is_told_to_ask_the_game():
    """It called the evaluate and possible_new_states of notebook 02's Step 1, not the game's: no
    hint for the Simple-Nim whose last counter wins, then a hint of alpha and beta, untaught in
    02."""
    said = flat(result_of(check_general_minimax, "Simple-Nim's rules built in"))
    assert "Hint: your function plays Simple-Nim, the last counter losing, whatever" in said
    assert "game.evaluate(state, is_maximizing)" in said and "alpha and beta" not in said
    assert "plays Simple-Nim" not in flat(check_general_minimax(lambda g, s, m: 0))


def test_a_memo_keyed_by_the_state_alone_is_told_to_key_it_by_the_player_too():
    said = flat(
        result_of(check_general_minimax, "state between calls: a memo keyed by the state alone")
    )
    assert "Hint: a memo kept between calls and keyed by the state alone" in said
    assert "yours are swapped" not in said and "not always True" not in said


@pytest.mark.parametrize(
    ("slip", "hint"),
    [
        ("minus the max for Min", "Hint: Min takes the smallest score, min(scores), not minus"),
        ("best from -1 and +1", "Hint: scores may lie beyond -1 and +1 (the made-up trees"),
        ("is_maximizing left at its default below", "Hint: pass the turn on: the recursive"),
    ],
)
def test_check_general_minimax_names_slips_alike_on_some_cases(slip, hint):
    """Each got no hint: other slips give the same answers in every case, which the check tells
    apart by asking the function where they differ."""
    assert hint in flat(result_of(check_general_minimax, slip))


def test_check_general_minimax_shows_scores_beyond_one_on_the_trees():
    result = flat(result_of(check_general_minimax, "only +1 and -1"))
    assert "f(TinyTree(), 'root', True) gave 1, expected 5" in result
    assert "f(NumberTree(seed=2), 'r', False)" in result


def test_checks_of_notebook_02_name_the_likely_slip():
    def if_score(game, state, is_max):
        score = game.evaluate(state, is_max)
        if score:
            return score
        scores = [if_score(game, new, not is_max) for new in game.possible_new_states(state)]
        return max(scores) if is_max else min(scores)

    def negamax_if_score(game, state):
        score = game.evaluate(state, True)
        if score:
            return score
        return max(-negamax_if_score(game, new) for new in game.possible_new_states(state))

    def swapped(game, state, is_max):
        score = game.evaluate(state, is_max)
        if score is not None:
            return score
        scores = [swapped(game, new, not is_max) for new in game.possible_new_states(state)]
        return min(scores) if is_max else max(scores)

    slips = [
        (check_general_minimax, if_score, "a finished game has no moves, so max() or min()"),
        (
            check_general_minimax,
            swapped,
            "Max takes the largest score (max) and Min the smallest (min): yours are swapped",
        ),
        (check_general_minimax, never_switches, "pass the turn on: the recursive call needs"),
        (check_general_minimax, evaluates_for_max, "score a finished game for the player the"),
        (check_negamax, negamax_if_score, "a finished game has no moves, so max() or min()"),
        (check_negamax, negamax_without_minus, "a move is worth to you minus what it is worth"),
        (check_negamax, negamax_evaluating_for_min, "the player to move plays Max in a finished"),
        (
            check_won_lost,
            lambda n, takes: 1 if wins(n, takes) else -1,
            "answer True (the player to move can force a win) or False, not a score",
        ),
    ]
    for check, slip, hint in slips:
        assert f"Hint: {hint}" in flat(check(slip)), hint
    assert "Hint" not in repr(check_general_minimax(lambda game, state, is_max: None))


def test_check_first_best_move_says_a_return_in_the_loops_else_always_takes_1():
    def returns_in_the_else(counters):
        for take in (1, 2, 3):
            if take <= counters and simple_minimax(counters - take, False) == 1:
                return counters - take
            else:
                return counters - 1

    assert "Hint: your function always takes 1: does a return in the loop's else" in flat(
        check_first_best_move(returns_in_the_else)
    )


def test_checks_of_notebook_02_name_more_slips():
    """Evaluating for the player who just moved, minus the end's score, minus the max (or the min
    of minus), and the won/lost recursion's slips got no hint: only what was expected."""

    # the slips of this test remember their scores, so that the check finds them in no time
    @cache
    def all_over_the_moves(counters, takes):
        return all(not all_over_the_moves(counters - t, takes) for t in takes if t <= counters)

    @cache
    def ignores_the_takes(counters, takes):
        return any(not ignores_the_takes(counters - t, takes) for t in (1, 2, 3) if t <= counters)

    @cache
    def takes_past_zero(counters, takes):
        if counters <= 0:
            return False
        return any(not takes_past_zero(counters - t, takes) for t in takes)

    slips = [
        (
            check_general_minimax,
            evaluates_for_the_other,
            "score a finished game by the rules of the game given",
        ),
        (check_general_minimax, negates_the_end, "a finished game's score is already Max's"),
        (check_negamax, minus_the_max, "the player to move takes the move best for them"),
        (check_won_lost, all_over_the_moves, "a position is won if some move leaves the opponent"),
        (check_won_lost, wins_at_zero, "with no counters left the player to move has lost"),
        (check_won_lost, ignores_the_takes, "these are the answers for the"),
        (check_won_lost, never_takes_the_last, "a move may take every counter left (and so win)"),
        (check_won_lost, takes_past_zero, "a move takes no more counters than there are"),
    ]
    for check, slip, hint in slips:
        assert f"Hint: {hint}" in flat(check(slip)), hint
    assert "Hint" not in flat(check_won_lost(lambda n, takes: None))


def test_a_long_list_of_truth_values_is_shown_in_letters():
    """22 answers of True or False filled five lines each way: a pattern such as FTTTF shows
    better in letters (and a function not written yet gives Nones)."""
    slip = flat(check_won_lost(never_takes_the_last))
    assert (
        "for n in range(22)] gave FFTTTFTTTFTTTFTTTFTTTF, expected FTTTFTTTFTTTFTTTFTTTFT" in slip
    )
    assert "(a letter for each answer, in order: T for True, F for False)" in slip
    assert "[False" not in slip
    unwritten = flat(check_won_lost(lambda n, takes: None))
    assert "gave ----------------------, expected FTTTF" in unwritten
    assert unwritten.count("F for False, - for None)") == 1  # said once, not for each of 5 cases


@pytest.mark.slow
def test_check_won_lost_names_a_recursion_without_its_not_stopped_or_not():
    """Without the not, any() finds no winning move and searches every line of play to its end:
    it calls every pile lost, or is stopped for its work, where it was told only "far too slow,
    or never ends?"."""

    def without_not(counters, takes):
        return any(without_not(counters - t, takes) for t in takes if t <= counters)

    def wasted():
        pass

    def slower_without_not(counters, takes):  # past the budget at once: stopped in a second
        for _ in range(2_000):
            wasted()
        return any(slower_without_not(counters - t, takes) for t in takes if t <= counters)

    for function in (without_not, slower_without_not):
        said = flat(check_won_lost(function))
        name = function.__name__
        assert f"Hint: {name} calls every pile lost: a move wins when it leaves the" in said
        assert f"any(not {name}(counters - take, takes) ...)" in said
    assert "was stopped after more than 2,000,000 calls" in said

    def right_but_slow(counters, takes):  # stopped for another cause: no hint about a not
        for _ in range(2_000):
            wasted()
        return any(not right_but_slow(counters - t, takes) for t in takes if t <= counters)

    said = flat(check_won_lost(right_but_slow))
    assert "was stopped after more than 2,000,000 calls" in said and "Hint" not in said


def test_check_general_minimax_blames_no_max_on_every_turn_for_a_turn_left_at_its_default():
    """A recursive call that leaves is_maximizing out, at a default of True, was told "Min takes
    the smallest score", which its max-or-min already does."""

    def max_below(game, state, is_maximizing=True):
        score = game.evaluate(state, is_maximizing)
        if score is not None:
            return score
        scores = [max_below(game, new_state) for new_state in game.possible_new_states(state)]
        return (max if is_maximizing else min)(scores)

    said = flat(check_general_minimax(max_below))
    assert "not max on every turn" not in said and "Min takes the smallest" not in said


def test_check_first_best_move_says_where_max_or_min_got_no_scores():
    """A take tried before asking whether it fits sends minimax below 0, and a max() over the
    winning moves alone has none from 5: both raised "max() arg is an empty sequence", unexplained.
    """

    def minimax(counters, max_turn):
        return simple_minimax(counters, max_turn) if counters >= 0 else min([])

    def tries_every_take(counters):
        wins = [counters - t for t in (1, 2, 3) if minimax(counters - t, False) == 1]
        return wins[0] if wins else counters - 1

    def largest_winning_move(counters):
        fits = [take for take in (1, 2, 3) if take <= counters]
        return max(counters - t for t in fits if simple_minimax(counters - t, False) == 1)

    for slip in (tries_every_take, largest_winning_move):
        said = flat(check_first_best_move(slip))
        assert "Hint: max() or min() got no scores: a take larger than the counters" in said
        assert "where no move wins (from 5, say) there is no winning move to choose" in said


def test_check_general_minimax_names_no_slip_the_answer_does_not_show():
    """A search taking max on every turn was told to pass the turn on, which it did (Max's side of
    a search that never passes it gives the same scores); one keeping only the sign of each score
    was told so too, its 1 on TinyTree being the smallest leaf, what a search that never passes the
    turn gives as Min (it is told to keep the score itself)."""

    def max_alone(game, state, is_max):
        score = game.evaluate(state, is_max)
        if score is not None:
            return score
        return max(max_alone(game, new, not is_max) for new in game.possible_new_states(state))

    max_alone_said = flat(check_general_minimax(max_alone))
    assert "pass the turn on" not in max_alone_said
    assert "Hint: Min takes the smallest score" in max_alone_said
    only_the_result = flat(result_of(check_general_minimax, "only +1 and -1"))
    assert "Hint: give the score itself, not only who won" in only_the_result
    assert "pass the turn on" not in only_the_result


def test_one_wrong_score_of_plus_or_minus_one_names_no_slip():
    """Every wrong +1 is a -1: one such score named a slip by chance, so a search wrong for another
    reason was told "yours are swapped" on normal-play Nim's (1, 2, 3). A list of scores, or a
    score of a game scored beyond one, still names its slip."""
    normal = Nim(last_counter_loses=False)

    def wins_always(game, state, is_maximizing=True):  # wrong for a reason of its own
        return 1

    assert slip_hint(wins_always, normal, [(1, 2, 3)], True, 1) is None
    assert slip_hint(wins_always, Nim(), [(1, 1, 1)], False, -1) is None
    assert slip_hint(wins_always, Nim(), [(1, 2)], None, -1) is None
    swapped = partial(minimax_with_slip, slip="swapped")
    assert "swapped" in slip_hint(
        swapped, SimpleNim(), list(range(10)), True, [1, -1, -1, -1, 1, -1, -1, -1, 1, -1]
    )
    assert (
        slip_hint(  # the same answers from a function that gives them for another reason
            wins_always, SimpleNim(), list(range(10)), True, [1, -1, -1, -1, 1, -1, -1, -1, 1, -1]
        )
        is None
    )


def test_the_no_move_hint_comes_to_max_of_no_scores_only():
    """Any ValueError whose message had "empty" got it: SimpleNim passed for the function ("takes
    must be a non-empty tuple") was told to return the score at 0 counters first."""
    assert "max() or min() of no scores" not in flat(check_simple_minimax(SimpleNim))

    def no_base_case(counters, max_turn):
        takes = [take for take in (1, 2, 3) if take <= counters]
        return max(no_base_case(counters - take, not max_turn) for take in takes)

    assert "max() or min() of no scores fails" in flat(check_simple_minimax(no_base_case))


def test_check_negamax_names_an_is_maximizing_flag_not_a_minus_sign():
    """A negamax that kept minimax's flag, and so scored a finished game for Min, was told to add
    the minus sign it had; minimax with a default flag passed, though the exercise asks for a
    search without one."""
    flag_hint = "Hint: negamax keeps no is_maximizing flag: it always scores for the player to move"
    beside_the_minus = flat(result_of(check_negamax, "a flag kept beside the minus"))
    assert flag_hint in beside_the_minus
    assert "minus what it is worth" not in beside_the_minus
    assert (
        "does minimax_by_another_name(game, state) score without an is_maximizing flag? gave "
        f"False, expected True. {flag_hint}"
    ) in flat(result_of(check_negamax, "minimax, flag and all"))


def test_check_negamax_takes_a_third_argument_that_is_no_flag():
    """A negamax with alpha-beta, alpha its third argument, failing hard, gave back True and False
    as the window's edge and was told it kept an is_maximizing flag."""
    assert result_of(check_negamax, "alpha-beta, failing hard").ok


def test_check_messages_name_each_game_by_its_repr():
    result = repr(check_negamax(lambda game, state: None))
    assert "[f(SimpleNim(last_counter_loses=False), n) for n in range(10)] gave" in result
    assert "f(Nim(), (1, 2)) gave None" in result
    assert check_negamax(negamax).ok


@pytest.mark.parametrize(
    ("slip", "hint"),
    [
        ("won at 1 counter", "Hint: one counter is won only if 1 is among the takes"),
        ("a return inside the loop", "Hint: only the first take that fits was tried"),
    ],
)
def test_check_won_lost_names_a_base_case_at_one_and_a_return_inside_the_loop(slip, hint):
    """Each got no hint."""
    assert hint in flat(result_of(check_won_lost, slip))


def test_check_variant_says_none_is_how_evaluate_says_the_game_goes_on():
    """An evaluate that gave 0 while play goes on was told "gave 0, expected None" and no more."""

    class ZeroGoesOn(TakeOneThreeOrFour):
        def evaluate(self, counters, is_maximizing):
            return super().evaluate(counters, is_maximizing) or 0

    said = flat(check_variant(ZeroGoesOn))
    assert "gave 0, expected None. Hint: the game goes on at 5 counters, so evaluate" in said


def test_check_variant_given_a_function_that_makes_a_game_asks_for_a_class():
    """It was told to write check_variant(TakeOneThreeOrFour), the name it had written, beside
    the function's memory address."""

    def take_one_three_or_four():
        return SimpleNim(takes=(1, 3, 4), last_counter_loses=False)

    said = flat(check_variant(take_one_three_or_four))
    assert "take_one_three_or_four is a function, not a class: write the game as a class" in said
    assert "0x" not in said


def test_check_variant_refuses_nimlibs_own_game_as_the_answer():
    """SimpleNim(takes=(1, 3, 4), last_counter_loses=False) passed every case, and earned the
    graded point with no class written."""
    said = flat(check_variant(SimpleNim(takes=(1, 3, 4), last_counter_loses=False)))
    assert "is nimlib's own, from nimlib.games.simple_nim: the exercise is to write" in said
    assert "SimpleNim is nimlib's own" in flat(check_variant(SimpleNim))


def test_check_variant_reports_a_class_that_cannot_be_made():
    broken = check_variant(type("Broken", (TakeOneThreeOrFour,), {"__init__": lambda self: 1 / 0}))
    assert repr(broken) == (
        "✘ check_variant: 1 of 1 cases wrong:\n"
        "  - making the game raised ZeroDivisionError: division by zero"
    )


def test_check_variant_names_a_last_take_left_out_where_its_game_has_no_move():
    """take < counters leaves no move from 1 counter: the search of its game stopped with the
    check's own error and no word on the cause."""

    class NeverEmpties(TakeOneThreeOrFour):
        def possible_new_states(self, counters):
            return [counters - take for take in (1, 3, 4) if take < counters]

    said = flat(check_variant(NeverEmpties))
    assert "there is no move from 1; expected 'LWLWWWWLWLWWWWL'. Hint: a game that goes on" in said
    assert "(take <= counters, not take < counters)" in said


def test_check_variant_names_an_end_scored_for_the_mover_and_a_validate_that_returns_nothing():
    """Each got no hint."""

    class ForTheMover(TakeOneThreeOrFour):
        def evaluate(self, counters, is_maximizing):
            return -1 if counters == 0 else None

    class ReturnsNothing(TakeOneThreeOrFour):
        def validate(self, counters):
            super().validate(counters)

    said = flat(check_variant(ForTheMover))
    assert "gave -1, expected 1. Hint: evaluate gives Max's score, whoever is to move" in said
    said = flat(check_variant(ReturnsNothing))
    assert "validate(7) gave None, expected 7. Hint: validate gives back the counters" in said


def test_check_variant_shows_the_score_the_rules_should_give():
    misere = flat(result_of(check_variant, "misère"))
    assert "evaluate(0, is_maximizing=True) gave 1, expected -1" in misere


def test_check_variant_names_the_takes_the_misere_end_and_a_validate_that_answers_true():
    hints = {
        "the takes, not the states they leave": "Hint: possible_new_states gives the states the "
        "moves leave, counters - take, not the takes",
        "misère": "Hint: here whoever takes the last counter wins, unlike Simple-Nim",
        "validate answers True or False": "Hint: validate gives back the counters it accepts "
        "(return counters), and refuses the rest by raising a ValueError, not by returning False",
        "no score range": "Hint: give the class score_range = (-1, 1): the game is won or lost",
        "the score range as a list": "must be a pair of numbers as a tuple (lowest, highest), not "
        "[-1, 1]",
    }
    for name, hint in hints.items():
        assert hint in flat(result_of(check_variant, name)), name


def test_check_variant_explains_that_zero_counters_is_a_position():
    result = check_variant(TakeOneThreeOrFour(smallest=1))
    assert flat(result) == (
        "✘ check_variant (take 1, 3 or 4; the last counter wins): 1 of 15 cases wrong:\n"
        "  - validate(0) raised ValueError: counters must be a whole number from 1 up, not 0; "
        "expected 0. Hint: 0 counters is a position of the game, the one where it is over "
        "(evaluate scores it): validate should refuse only what the game can never reach, such "
        "as -1 or '7'"
    )


def test_check_variant_says_which_input_validate_let_through():
    result = flat(check_variant(RefusesOnlyNegativeNumbers()))
    assert "does validate(2.5) raise a ValueError? gave False" in result
    assert "does validate('7') raise a ValueError? raised TypeError" in result


def test_check_variant_says_how_validate_should_refuse():
    """A validate that asserted, raised a TypeError or let text through was only told that a
    ValueError was expected."""
    refusals = {
        "validate asserts": "Hint: an assert raises AssertionError: raise ValueError(...) yourself",
        "validate refuses only negative numbers": (
            "raised TypeError: '<' not supported between instances of 'str' and 'int'; expected "
            "True. Hint: raise a ValueError for input of the wrong type too: check the type first"
        ),
        "validate converts with int()": (
            "raise a ValueError? gave False, expected True. Hint: validate let through what is "
            "no whole number: check the type"
        ),
        "validate accepts anything": "Hint: counters below 0 are no position of the game",
        # it passed: 2.0 was taken as 2, although no game of nimlib's takes a float for an int
        "validate turns 2.0 into 2": (
            "does validate(2.0) raise a ValueError? gave False, expected True. Hint: 2.0 is a "
            "float, though a whole one"
        ),
    }
    for solution, hint in refusals.items():
        assert hint in flat(result_of(check_variant, solution)), solution


def test_check_variant_asks_for_the_class_when_given_its_name_or_no_game():
    for given, shown in [("TakeOneThreeOrFour", "'TakeOneThreeOrFour' (str)"), (None, "None")]:
        result = flat(check_variant(given))
        assert result == (
            f"✘ check_variant: 1 of 1 cases wrong:\n  - check_variant needs your game class, not "
            f"{shown}{' (NoneType)' if given is None else ''}: write "
            "check_variant(TakeOneThreeOrFour), the name of the class without quotes"
        )


def test_check_variant_speaks_of_zero_counters_only_to_a_validate_that_refuses_zero():
    forgets_to_return = type("NoReturn", (TakeOneThreeOrFour,), {"validate": lambda self, n: None})
    result = flat(check_variant(forgets_to_return))
    assert "validate(0) gave None, expected 0" in result
    assert "0 counters is a position" not in result


def test_a_negamax_that_negates_a_finished_games_score_is_told_to_return_it_as_it_is():
    """Its evaluate(state, True) was right: the hint named that call, not the minus before it (a
    game scored by the mover alone gives evaluate(state, False) the same answers)."""
    said = flat(result_of(check_negamax, "evaluate for Min"))
    assert "return game.evaluate(state, True) as it is, not its minus" in said


def test_a_negamax_not_written_yet_passes_no_case():
    """A lecturer's blank submission scored "7 of 8 cases wrong": the question whether it keeps
    an is_maximizing flag came out no for a function that answers nothing."""

    def negamax(game, state):
        raise NotImplementedError

    def skeleton(game, state):
        return None  # notebook 02's

    for blank in (negamax, skeleton):
        result = check_negamax(blank)
        assert result.passed == 0 and "9 of 9 cases wrong" in repr(result)
        assert "keeps no is_maximizing flag" not in repr(result)


def test_a_general_minimax_that_takes_step_ones_moves_is_told_to_ask_the_game():
    """With Step 1's possible_new_states alone (the game's evaluate), Nim's tuples met numbers,
    and the hint spoke of a search returning a pair or a window passed as one tuple."""
    said = flat(result_of(check_general_minimax, "Step 1's moves with the game's evaluate"))
    assert "raised TypeError: '<=' not supported between instances of 'int' and 'tuple'" in said
    assert "Hint: your function plays Simple-Nim, the last counter losing, whatever the" in said


def test_a_won_lost_search_whose_takes_go_below_zero_is_told_its_recursion_goes_past_the_end():
    """Its counters do come down at every call: a learner answers yes to "does every call get
    closer to the end?" unless told that a take can go past 0."""
    said = flat(result_of(check_won_lost, "every take tried, past 0 too"))
    assert "raised RecursionError; expected FTFTTTTFTFTTTTFTFTTTTF (a letter for each" in said
    assert "Hint: does every call get closer" in said
    assert "and never past it (in Nim, a take larger than the counters left goes below 0" in said


def test_a_general_minimax_that_scores_only_who_won_is_told_to_keep_the_score():
    said = flat(result_of(check_general_minimax, "a finished game as +1 or -1"))
    assert "gave 1, expected 5. Hint: give the score itself, not only who won (+1 or -1)" in said
