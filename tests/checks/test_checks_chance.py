"""What the checks of notebooks 12 and 13 say (their verdicts are tried in test_catalogue.py on the
catalogue's solutions): values as a learner reads them, a hint where the bug is, given once."""

import math
from fractions import Fraction

import numpy as np
import pytest
from flat_text import flat
from solutions import (
    BACK_UP,
    EXPECTI_MEMO,
    PIG_STEP,
    UCB1,
    expecti_global_memo,
    expecti_if_score,
    expecti_min_for_max,
    expecti_not_written,
    expecti_variant,
    guarded,
    pig_step,
    pig_step_by_defaults,
    pig_step_reads_past_the_goal,
    pig_wrong,
    result_of,
    ucb1,
)

from nimlib import Pig
from nimlib.checks import (
    check_back_up,
    check_expectiminimax,
    check_pig_step,
    check_playout,
    check_ucb1,
)
from nimlib.checks.chance import PIG_GOAL, SMALLER_GOAL, pig_values


def test_an_untouched_skeleton_is_not_written_yet():
    said = flat(check_expectiminimax(expecti_not_written))
    assert "not written yet" in said and "NotImplementedError: ;" not in said


def test_an_end_scored_for_the_other_player_is_told_to_ask_evaluate_for_the_mover():
    said = flat(result_of(check_expectiminimax, "the end scored for the other player"))
    assert "Hint: at (0, False) the game is over, and you gave its score for the other" in said


def test_a_memo_keyed_by_the_state_alone_is_told_to_key_it_by_the_player_too():
    said = flat(result_of(check_expectiminimax, "a memo keyed by the state alone"))
    assert "Hint: a memo keyed by the state alone" in said and "at the chance node" not in said


def test_a_search_wrong_at_its_chance_nodes_is_not_told_of_a_memo_it_does_not_have():
    for name in ("the dice as Max", "a sum, not weighted", "max and min swapped"):
        assert "a memo keyed by the state alone" not in flat(result_of(check_expectiminimax, name))


def test_an_expected_fraction_is_shown_as_a_decimal_too_beside_a_float_answer():
    """A plain mean at the chance node answers -1/3 as a float: the expected -2/3 is shown as a
    decimal too, so that the two can be compared at a glance."""
    said = flat(result_of(check_expectiminimax, "every outcome alike"))
    assert "gave -0.3333333333333333, expected -2/3 (-0.666667 as a decimal)" in said


def test_outcomes_unpacked_the_other_way_are_told_the_order_of_their_pairs():
    said = flat(result_of(check_expectiminimax, "outcomes unpacked as (new state, probability)"))
    assert "whose pairs are (probability, new state)" in said


def test_a_step_that_answers_whether_to_roll_is_told_to_return_a_number():
    said = flat(result_of(check_pig_step, "whether rolling is better"))
    assert "Hint: return a number: the better of the chances" in said


@pytest.mark.parametrize(
    ("name", "hint"),
    [
        ("base-2 logarithm", "math.log is the natural logarithm"),
        ("the root of the logarithm alone", "the square root is of the whole fraction"),
        ("the mean by //", "the mean reward is total / visits: // rounds it down"),
        ("a 2 inside the root, and c", "c takes the place of the 2 in sqrt(2 ln N / n)"),
        ("c inside the root", "c multiplies the square root, it is not inside it"),
        ("the mean and the bonus as a pair", "return one number"),
    ],
)
def test_a_slip_in_ucb1_is_named(name, hint):
    assert f"Hint: {hint}" in flat(result_of(check_ucb1, name))


def test_a_logarithm_divided_by_floor_division_is_not_told_to_add_the_bonus():
    """math.log(parent_visits) // visits is 0 in most cases, as if the bonus were left out."""
    said = flat(result_of(check_ucb1, "the logarithm by // in the root"))
    assert "not math.log(parent_visits) // visits" in said
    assert "add the exploration term" not in said


def test_no_case_of_ucb1_gives_another_slip_s_hint_by_chance():
    """With c = 2 = visits, c * (mean + bonus) equals total + c * bonus, and that case told this
    slip "the first term is the mean reward"."""
    said = flat(result_of(check_ucb1, "c times the mean and the bonus"))
    assert "the first term is the mean reward" not in said


def test_a_back_up_that_takes_a_draw_for_a_win_is_told_a_draw_is_half_for_both():
    said = flat(result_of(check_back_up, "a draw taken for a win by Max"))
    assert "expected [(1, 0.5), (1, 0.5)]. Hint: a draw's reward, 1/2, is both players'" in said


def test_a_fraction_prints_as_it_reads():
    said = flat(check_expectiminimax(lambda game, state, is_maximizing: Fraction(1, 6)))
    assert "gave 1/6" in said and "Fraction(" not in said


def test_the_hint_names_the_chance_node_where_the_average_is_wrong():
    every_outcome_alike = expecti_variant(
        lambda pairs, mover: sum(s for _, s in pairs) / len(pairs)
    )
    assert "at the chance node (3, True)" in flat(check_expectiminimax(every_outcome_alike))


def test_the_hint_names_a_players_node_when_the_chance_nodes_are_right():
    said = flat(check_expectiminimax(expecti_min_for_max))
    assert "where Max moves" in said and "chance node" not in said


def test_if_score_is_told_that_0_is_a_score():
    assert "`if score:`" in flat(check_expectiminimax(expecti_if_score))


def test_a_memo_that_ignores_the_game_is_told_so():
    EXPECTI_MEMO.clear()
    said = flat(check_expectiminimax(expecti_global_memo))
    assert "Key it by the game too" in said


def test_a_memo_kept_from_call_to_call_and_keyed_by_the_state_alone_is_told_so():
    """The learner's evaluate is right: the memo gave the score asked first for the other player."""
    said = flat(
        result_of(check_expectiminimax, "state between calls: a memo keyed by the state alone")
    )
    first_hint = said.split("Hint: ")[1]
    assert first_hint.startswith("you gave (0, False) the score -1 with Min to move, as with Max")
    assert "A memo keyed by the state alone (one made outside the call too)" in first_hint
    assert "the game is over" not in said  # once the memo holds wrong scores too
    assert "(3, False) the score -1 with Min to move" in said  # not dropped as the one before


def test_a_search_that_gives_every_position_one_score_is_not_told_of_a_memo():
    said = flat(result_of(check_expectiminimax, "always 0"))
    assert "as with Max" not in said and "as with Min" not in said


def test_a_search_that_gives_both_players_one_wrong_score_is_not_told_of_a_memo():
    """Both players get 1 at (3, False), which is neither's score: no memo answered there."""
    said = flat(result_of(check_expectiminimax, "max and min swapped"))
    assert "as with Max" not in said and "as with Min" not in said


def test_ucb1_with_a_c_of_its_own_is_told_to_use_the_c_given_and_a_memo_without_c_of_its_memo():
    said = flat(result_of(check_ucb1, "c ignored"))  # sqrt(2 ln N / n): c = sqrt(2), to rounding
    assert "that is the value for c = math.sqrt(2): multiply by the c given" in said
    assert "memo" not in said
    said = flat(result_of(check_ucb1, "state between calls: a memo keyed without c"))
    assert "does a memo outlive the call, keyed without c?" in said


def test_a_step_that_takes_the_worse_of_rolling_and_holding_is_told_so_at_every_state():
    """At one state its answer is also what a die without its 6 gives: the smaller is said there
    too, as at every other."""
    said = flat(result_of(check_pig_step, "the worse choice"))
    assert "range(2, 7)" not in said and "yours is the smaller" in said


def test_a_hint_is_given_once():
    said = flat(check_ucb1(lambda total, visits, parent_visits, c: total / (visits or 1)))
    assert said.count("Hint:") == 2  # the exploration term, and a child never visited: each once
    assert "add the exploration term" in said and "divided by the child's own" not in said


def test_ucb1_prints_the_call_a_learner_can_copy():
    said = flat(check_ucb1(lambda total, visits, parent_visits, c: 0.0))
    assert "math.sqrt(2)" in said and "1.414" not in said
    assert math.isclose(eval("math.sqrt(2)"), math.sqrt(2))


def test_a_hold_read_from_the_wrong_state_is_told_which_state_to_read():
    own = flat(result_of(check_pig_step, "holding read from one's own side"))
    assert "holding passes the turn: your chance is 1 minus the other player's" in own
    unbanked = flat(result_of(check_pig_step, "holding without banking the turn total"))
    assert "holding banks the turn total before the other player moves" in unbanked
    worse = flat(result_of(check_pig_step, "the worse choice"))
    assert "your chance is 1 minus" not in worse and "holding banks" not in worse
    assert "yours is the smaller: return the better one" in worse


def test_pig_step_hint_after_an_exception_is_about_the_exception():
    said = flat(check_pig_step(pig_step_reads_past_the_goal))
    assert "KeyError" in said and "values has no such state" in said
    assert "return a number" not in said
    said = flat(check_pig_step(lambda values, state, goal: 1 / 0))
    assert "raised ZeroDivisionError" in said and "return a number" not in said


def test_a_roll_that_compares_the_turn_total_alone_with_the_goal_is_told_to_add_the_points():
    said = flat(result_of(check_pig_step, "the turn total alone against the goal"))
    assert "values has no such state" in said and "mine + turn + face" in said


def test_a_roll_that_reaches_the_goal_exactly_is_told_it_wins_not_of_points_swapped():
    """A state past the goal is in no values: that (0, 6, 4) was there made the hint say the
    points of (6, 0, 4) were the wrong way round."""
    said = flat(result_of(check_pig_step, "a roll that reaches the goal exactly read from values"))
    assert "reaching it exactly too" in said and "the wrong way round" not in said, said
    said = flat(result_of(check_pig_step, "the points after a roll the wrong way round"))
    assert "whose points are the wrong way round" in said, said


def test_a_pair_for_a_score_is_told_to_return_a_number():
    said = flat(check_expectiminimax(lambda game, state, is_maximizing: (0, None)))
    assert "Hint: return a number, the expected score for Max, not a tuple" in said


def test_pig_steps_arguments_swapped_are_named_in_pigs_own_order():
    """The hint once said Pig's own method was step(state, values): it is step(values, state)."""
    said = flat(check_pig_step(lambda state, values, goal: pig_step(values, state, goal)))
    assert "the step is called as step(values, state, goal)" in said
    assert "as in Pig's own step(values, state)" in said


def test_a_wrong_pig_step_is_shown_the_chances_of_rolling_and_of_holding():
    said = flat(check_pig_step(lambda values, state, goal: min(0.5, pig_step(values, state, goal))))
    assert "at (0, 0, 0) with a goal of 10 a turn starts with a roll, which gives 0.5802" in said
    assert "nothing to hold" not in said and "holding 0.0000" not in said
    assert "rolling gives 0.6295, holding 0.6970" in said


def test_a_slip_in_pigs_step_is_explained_once_and_each_case_keeps_its_figures():
    """A 1 read from the wrong side gave 16 wrong cases whose eight lines each repeated the same
    two lines of advice after the case's own figures."""
    said = flat(check_pig_step(pig_wrong(pig_out=False)))
    assert said.count("a 1 (chance 1/6) passes the turn, and you may still win") == 1
    assert "Hint: at (3, 7, 4) with a goal of 10 rolling gives 0.7933 (see the hint above)" in said


def test_a_pig_step_given_in_a_tuple_is_told_of_the_comma():
    """`return max(roll, hold),` was told only to return a number."""
    said = flat(check_pig_step(lambda values, state, goal: (pig_step(values, state, goal),)))
    assert "Hint: return one number, not a tuple (a comma after it makes one)" in said


def test_a_step_that_took_the_better_of_a_wrong_pair_is_told_which_one_came_out_too_small():
    """Holding read as the other player's chance, not 1 minus it: at (0, 0, 5) the better of the
    wrong pair is the true rolling, the smaller one, and "return the better one" alone misled."""
    said = flat(result_of(check_pig_step, "holding as the other player's chance"))
    assert "rolling gives 0.6295, holding 0.6970, and yours is the smaller" in said
    assert "if you did, your chance of holding came out smaller than it is" in said


@pytest.mark.parametrize(
    ("solution", "told"),
    [
        ("holds with a turn total of 0", True),
        ("a 1 counted as worth nothing", False),
        ("faces 2 to 5 only, range(2, 6)", False),
    ],
)
def test_only_a_step_that_holds_a_turn_total_of_0_is_told_there_is_nothing_to_hold(solution, told):
    said = flat(check_pig_step(PIG_STEP[1][solution]))
    assert ("there is nothing to hold" in said) == told
    assert ("a turn starts with a roll, which gives" in said) == (not told)


def test_a_slip_in_ucb1_gets_its_own_hint():
    def explore(log=math.log, root=math.sqrt, sign=1):
        def ucb(total, visits, parent_visits, c):
            if visits == 0:
                return math.inf
            return total / visits + sign * c * root(log(parent_visits) / visits)

        return ucb

    assert "natural logarithm (not log10" in flat(check_ucb1(explore(log=math.log10)))
    assert "takes the square root" in flat(check_ucb1(explore(root=lambda x: x)))
    assert "a bonus, not a penalty" in flat(check_ucb1(explore(sign=-1)))
    swapped = guarded(lambda t, n, p, c: t / n + c * math.sqrt(math.log(n) / p))
    assert "math.log(parent_visits) / visits" in flat(check_ucb1(swapped))
    over_parent = guarded(lambda t, n, p, c: t / p + c * math.sqrt(math.log(p) / n))
    assert "its own visits: total / visits" in flat(check_ucb1(over_parent))
    said = flat(check_ucb1(lambda total, visits, parent_visits, c: "inf" if not visits else 0.0))
    assert "not the text 'inf'" in said


def test_a_list_for_ucb1_gets_ucb1s_hint_not_minimaxs():
    said = flat(check_ucb1(lambda total, visits, parent_visits, c: [total, visits]))
    assert "return one number, the child's UCB1 value" in said
    assert "the best of the moves' scores" not in said


def test_ucb1_that_adds_1_to_the_visits_is_told_so_not_to_multiply_by_c():
    said = flat(check_ucb1(lambda t, n, p, c: t / (n + 1) + c * math.sqrt(math.log(p) / (n + 1))))
    assert "not visits + 1" in said and "multiply the exploration term by c" not in said


@pytest.mark.slow
def test_an_endless_loop_in_a_check_of_a_few_sums_is_stopped_in_seconds():
    def ucb1(total, visits, parent_visits, c):
        while visits == 0:
            pass
        return total / visits + c * math.sqrt(math.log(parent_visits) / visits)

    said = flat(check_ucb1(ucb1))
    assert "was stopped after more than 2 seconds" in said


@pytest.mark.slow
def test_an_endless_loop_in_a_step_of_pig_is_stopped_in_seconds():
    def endless_step(values, state, goal):
        mine, theirs, turn = state
        while turn < goal:  # turn is never moved on
            pass
        return 1.0

    assert "was stopped after more than 2 seconds" in flat(check_pig_step(endless_step))


def test_a_step_that_takes_the_goal_before_the_state_is_told_the_arguments_order():
    said = flat(check_pig_step(lambda values, goal, state: pig_step(values, state, goal)))
    assert "called as step(values, state, goal)" in said


def test_a_step_that_forgets_the_turn_is_not_told_of_the_arguments_order():
    def forgets_the_turn(values, state, goal):
        mine, theirs = state
        return 0.0

    said = flat(check_pig_step(forgets_the_turn))
    assert "too many values to unpack (expected 2)" in said
    assert "called as step(values, state, goal)" not in said


@pytest.mark.parametrize(
    ("solution", "words"),
    [
        ("the same reward everywhere", "Min moved there, and gets 1 - reward_for_max"),
        ("whose reward flipped", "was reached by Max's move"),
        ("a win as 1 whoever won", "add reward_for_max to a node where Min is to move"),
        ("short of the root", "the root too, gets one more visit"),
        ("the reward replaced, not added", "a running total: node.reward += ..."),
        ("a running mean, not a total", "the total of the rewards, not their mean"),
        ("the other player's reward negated", "not -reward_for_max"),
        ("the root's reward left out", "the root gets a reward too"),
        ("the mover read from the root's parent", "from the node itself"),
        ("the root's reward from the wrong side", "was reached by Max's move"),
        ("one node only", "the root too, gets one more visit"),
        ("down the tree", "never down to children"),
        ("the rewards returned, the tree unchanged", "the check reads the tree"),
    ],
)
def test_each_slip_in_backing_up_gets_its_own_hint(solution, words):
    said = flat(check_back_up(BACK_UP[1][solution]))
    assert said.count(words) == 1  # once, however many cases it fits


def test_pig_step_values_hold_only_states_of_the_goal_asked():
    for goal in (PIG_GOAL, SMALLER_GOAL):
        assert set(pig_values(1, goal)) == set(Pig(goal).states())
    smaller = pig_values(1, SMALLER_GOAL)  # the same numbers as for PIG_GOAL, fewer states
    assert all(pig_values(1, PIG_GOAL)[state] == value for state, value in smaller.items())


def test_the_hint_for_a_state_missing_from_values_is_given_once():
    said = flat(check_pig_step(pig_step_reads_past_the_goal))
    assert said.count("raised KeyError: (") > 1  # each missing state is named by its error
    assert said.count("it holds only states where nobody has reached the goal") == 1


def test_a_pig_step_that_trusts_values_to_hold_only_games_going_on_is_accepted():
    assert check_pig_step(pig_step_by_defaults).ok


@pytest.mark.parametrize(
    "solution",
    [
        "whose reward flipped",
        "the root's reward from the wrong side",
        "the same reward everywhere",
        "the other player's reward negated",
    ],
)
def test_a_root_that_got_a_reward_is_not_told_it_gets_one_too(solution):
    assert "the root gets a reward too" not in flat(check_back_up(BACK_UP[1][solution]))


def test_ucb1_computed_in_float32_is_accepted():
    def ucb1_in_float32(total, visits, parent_visits, c):
        if visits == 0:
            return math.inf
        total, visits, parent, c = (np.float32(x) for x in (total, visits, parent_visits, c))
        return total / visits + c * np.sqrt(np.log(parent) / visits)

    assert check_ucb1(ucb1_in_float32).ok


def test_a_slip_in_the_fourth_digit_of_ucb1_is_still_rejected():
    assert not check_ucb1(UCB1[1]["c as 1.414"]).ok
    assert not check_ucb1(lambda t, n, p, c: math.inf if n == 0 else ucb1(t, n, p, c) * 1.00001).ok


def first_case(said: str) -> str:
    """The line of a check's report that tells its first wrong case."""
    return said.splitlines()[1]


def back_up_keeping_its_path(node, reward_for_max, path=[]):  # noqa: B006
    """The slip tried: right on a fresh tree, but its path, made once when def ran, grows over
    every call."""
    while node is not None:
        path.append(node)
        node = node.parent
    for each in path:
        each.visits += 1
        each.reward += 1 - reward_for_max if each.is_maximizing else reward_for_max


def test_a_back_up_that_keeps_its_path_between_calls_is_caught_and_told_so():
    said = flat(check_back_up(back_up_keeping_its_path))
    assert not check_back_up(back_up_keeping_its_path).ok
    assert "something outlives the call, such as a default argument (path=[]" in said


def test_two_playouts_backed_up_right_are_not_told_of_state_kept_between_calls():
    said = flat(check_back_up(BACK_UP[1]["the root's reward left out"]))
    assert "outlives the call" not in said


def test_a_root_left_without_its_reward_is_told_so_at_its_first_wrong_case():
    """Where the root's reward is 0 from the wrong side too, both slips fit: that case said
    nothing, and the hint came cases later."""
    line = first_case(flat(check_back_up(BACK_UP[1]["the root's reward left out"])))
    assert "Hint: the root gets the reward of the player who moved into it" in line


def test_no_exploration_term_in_ucb1_is_told_so_at_its_first_case():
    """In most cases math.log(parent_visits) // visits is 0, as if the bonus were left out: the
    first case tells the two apart."""
    line = first_case(flat(check_ucb1(lambda total, visits, parent_visits, c: total / visits)))
    assert "Hint: add the exploration term" in line


def score_for_the_mover(game, state, is_maximizing):
    """Expectiminimax as negamax: every score for the player to move."""
    sign = 1 if is_maximizing else -1
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return sign * score
    if game.is_chance(state):
        pairs = game.outcomes(state)
        return sum(p * score_for_the_mover(game, new, is_maximizing) for p, new in pairs)
    new_states = game.possible_new_states(state)
    return max(-score_for_the_mover(game, new, not is_maximizing) for new in new_states)


def test_scores_for_the_player_to_move_are_told_expectiminimax_scores_for_max():
    said = flat(check_expectiminimax(score_for_the_mover))
    assert "you gave each score for the player to move, as negamax does" in said
    assert "you gave its score for the other player to move" not in said


def pig_step_by(roll_of, combine=max):
    """A step of Pig whose roll is `roll_of(values, mine, theirs, turn, goal)`; its hold right."""

    def step(values, state, goal):
        mine, theirs, turn = state
        roll = roll_of(values, mine, theirs, turn, goal)
        if turn == 0:
            return roll
        return combine(roll, 1 - values[(theirs, mine + turn, 0)])

    return step


def roll_with(pig_out):
    """A roll whose 1 gives `pig_out(values, mine, theirs, turn)`, its 2 to 6 right."""

    def roll(values, mine, theirs, turn, goal):
        faces = [turn + face for face in range(2, 7)]
        wins = sum(1.0 if mine + t >= goal else values[(mine, theirs, t)] for t in faces)
        return (pig_out(values, mine, theirs, turn) + wins) / 6

    return roll


RIGHT_ROLL = roll_with(lambda values, mine, theirs, turn: 1 - values[(theirs, mine, 0)])


def faces_by_five(values, mine, theirs, turn, goal):
    """A roll whose 1 is right, its 2 to 6 each given the chance 1/5."""
    faces = [turn + face for face in range(2, 7)]
    wins = sum(1.0 if mine + t >= goal else values[(mine, theirs, t)] for t in faces)
    return (1 - values[(theirs, mine, 0)]) / 6 + wins / 5


@pytest.mark.parametrize(
    ("step", "hint"),
    [
        (
            pig_step_by(roll_with(lambda values, mine, theirs, turn: values[(theirs, mine, 0)])),
            "a 1 passes the turn: your chance is then 1 minus the other player's",
        ),
        (
            pig_step_by(
                roll_with(lambda values, mine, theirs, turn: 1 - values[(theirs, mine + turn, 0)])
            ),
            "a 1 loses the turn total: the other player moves at (theirs, mine, 0)",
        ),
        (pig_wrong(pig_out=False), "a 1 (chance 1/6) passes the turn, and you may still win"),
        (pig_wrong(fifth=True), "the 1 too: divide by 6, not by 5"),
        (pig_step_by(faces_by_five), "the 1 too: divide by 6, not by 5"),
        (pig_wrong(top_face=5), "range(2, 7), which stops before the 7"),
        (pig_wrong(one_adds=True), "a 1 adds nothing: it ends the turn"),
        (
            pig_step_by(RIGHT_ROLL, lambda roll, hold: (roll + hold) / 2),
            "and yours is their mean: the step is the better of the two, max(roll, hold)",
        ),
    ],
)
def test_a_slip_in_pigs_roll_or_a_mean_for_the_better_is_named_at_the_first_wrong_case(step, hint):
    said = flat(check_pig_step(step))
    assert hint in first_case(said)
    assert "print your two there and see which differs" not in said


def test_a_roll_that_must_pass_the_goal_is_told_that_reaching_it_wins():
    def step(values, state, goal):
        mine, theirs, turn = state
        totals = [turn + face for face in range(2, 7)]
        wins = sum(1.0 if mine + t > goal else values[(mine, theirs, t)] for t in totals)
        roll = (1 - values[(theirs, mine, 0)] + wins) / 6
        return roll if turn == 0 else max(roll, 1 - values[(theirs, mine + turn, 0)])

    assert "mine + turn + face >= goal (reaching it exactly too)" in flat(check_pig_step(step))


def test_a_pig_step_answered_from_an_earlier_calls_values_is_told_of_a_memo():
    memo = {}

    def remembers(values, state, goal):
        if (state, goal) not in memo:
            memo[state, goal] = pig_step(values, state, goal)
        return memo[state, goal]

    said = flat(check_pig_step(remembers))
    assert "with the values of an earlier call: does a memo outlive the call" in said
    assert "print your two there" not in said


def test_a_ucb1_answered_from_the_call_with_another_c_is_told_of_a_memo():
    """Its stale answer, c = math.sqrt(2)'s value where c is 1.0, is also what a 2 inside the root
    gives: it was told that slip."""
    memo = {}

    def remembers(total, visits, parent_visits, c):
        return memo.setdefault(
            (total, visits, parent_visits), ucb1(total, visits, parent_visits, c)
        )

    said = flat(check_ucb1(remembers))
    assert "that is the value for c = math.sqrt(2), asked before" in said
    assert "c takes the place of the 2" not in said


def test_a_pig_step_that_writes_into_the_values_is_wrong():
    """A step that stored its answer in values passed 19 of 19; plugged into value iteration it
    stopped after one sweep, every change 0, with (0, 0, 0) worth 1.0 instead of 0.6156."""

    def storing_step(values, state, goal):
        values[state] = Pig(goal).step(values, state)
        return values[state]

    said = flat(check_pig_step(storing_step))
    assert "(0, 0, 0), 10) gave 0.58016666666" in said
    assert "but changed the dict it was given, expected 0.58016666" in said
    assert "Hint: leave what your function is given as it is" in said


def test_a_pig_step_whose_hold_forgets_the_other_player_moves_next_is_told_so():
    """A hold of values[(theirs, mine + turn, 0)], the other player's chance itself, was told
    only that its chance of holding came out smaller than it is."""

    def step_without_one_minus(values, state, goal):
        mine, theirs, turn = state
        faces = [
            1 if mine + turn + face >= goal else values[(mine, theirs, turn + face)]
            for face in range(2, 7)
        ]
        roll = (1 - values[(theirs, mine, 0)] + sum(faces)) / 6
        return roll if turn == 0 else max(roll, values[(theirs, mine + turn, 0)])

    said = flat(check_pig_step(step_without_one_minus))
    assert "(holding passes the turn: it is 1 minus the other player's chance)" in said


def pig_step_reading_the_roll_the_wrong_way_round(values, state, goal):
    """The worked step, a roll of 2 to 6 read as the other player's state."""
    mine, theirs, turn = state

    def chance(total):
        return 1.0 if mine + total >= goal else values[(theirs, mine, total)]

    roll = (1 - values[(theirs, mine, 0)] + sum(chance(turn + f) for f in range(2, 7))) / 6
    return roll if turn == 0 else max(roll, 1 - values[(theirs, mine + turn, 0)])


def test_a_roll_read_as_the_other_players_state_is_told_who_is_to_move():
    """The KeyError was told of the goal, which the learner's test already reached."""
    said = flat(check_pig_step(pig_step_reading_the_roll_the_wrong_way_round))
    assert "raised KeyError: (7, 3, 6); expected 0.793333333333. Hint: values has no state" in said
    assert "after a roll of 2 to 6 the same player is to move" in said


def back_up_counting_twice(node, reward_for_max):
    while node is not None:
        node.visits += 2
        node.reward += reward_for_max if not node.is_maximizing else 1 - reward_for_max
        node = node.parent


def back_up_by_other_names(node, reward_for_max):
    while node is not None:
        node.wins += reward_for_max
        node = node.parent


def test_a_back_up_that_counts_visits_twice_or_names_other_fields_is_told_so():
    """Two visits a node were told to loop up to the root, which the loop did; a field of another
    tutorial's node (wins) got no hint."""
    assert "Hint: each visit adds one: node.visits += 1 once" in flat(
        check_back_up(back_up_counting_twice)
    )
    said = flat(check_back_up(back_up_by_other_names))
    assert "object has no attribute 'wins'" in said
    assert "Hint: a node of nimlib's tree has parent, children, untried, state" in said


def pig_step_past_the_goal_only(values, state, goal):
    """The worked step with `>` for `>=` at the goal, a state not in values read as 0."""
    mine, theirs, turn = state

    def chance(total):
        return 1.0 if mine + total > goal else values.get((mine, theirs, total), 0)

    roll = (1 - values[(theirs, mine, 0)] + sum(chance(turn + f) for f in range(2, 7))) / 6
    return roll if turn == 0 else max(roll, 1 - values[(theirs, mine + turn, 0)])


def test_a_goal_reached_exactly_and_not_counted_is_named_beside_the_face_6_left_out():
    """Both lose one face's sixth where a face reaches the goal exactly and the 6 wins: the
    hint named the face 6 alone, which the learner's range(2, 7) had."""
    said = flat(check_pig_step(pig_step_past_the_goal_only))
    assert "range(2, 7), which stops before the 7; or, if yours does, a roll that reaches" in said
    assert "the goal exactly, 10, wins too: mine + turn + face >= goal" in said


@pytest.mark.parametrize(
    ("name", "hint"),
    [
        ("every outcome alike", "weigh each outcome by its probability"),
        ("the dice as Max", "the dice choose no outcome: take the average"),
        ("the dice pass the turn", "the dice do not change whose turn it is: score each outcome"),
    ],
)
def test_a_chance_node_slip_is_told_its_own_hint(name, hint):
    """Each got the one hint for every chance node's slip: the sum of probability * score."""
    said = flat(result_of(check_expectiminimax, name))
    assert f"Hint: at the chance node (3, True), {hint}" in said


def test_a_back_up_that_never_turns_the_reward_round_is_told_so_once():
    """Its case from the middle of a path, where only the root's reward differs, told it the root
    gets the reward of the player who moved into it, and another case another rule still."""
    said = flat(result_of(check_back_up, "the same reward everywhere"))
    assert "Hint: a node keeps the reward of the player who moved into it" in said
    assert said.count("Hint:") == 1


@pytest.mark.parametrize(
    ("name", "hint"),
    [
        ("the turn never passed", "after each move the other player is to move"),
        ("the score, not the reward", "a playout gives Max's reward: 1 if Max has won, 1/2"),
        ("a draw as a loss", "a draw (a score of 0) is worth 1/2 to either player"),
        ("the reward of the player to move first", "the reward is Max's, whoever is to move"),
        ("a move before asking whether the game is over", "the game can be over before the"),
        ("random.choice, not the rng given", "draw every random move with the rng given"),
        ("always the first move", "every playout gave the same reward"),
        ("state between calls: functools.cache", "every playout gave the same reward: each"),
        pytest.param(  # stopped by the call budget: some 8 s
            "the state never changed",
            "each step must move: state = rng.choice(moves)",
            marks=pytest.mark.slow,
        ),
    ],
)
def test_a_slip_in_a_playout_is_named(name, hint):
    assert f"Hint: {hint}" in flat(result_of(check_playout, name))


def test_a_playout_whose_turn_never_passes_is_not_told_it_plays_one_game_again():
    """Never passing the turn, a playout of Simple-Nim ends the same way every time: its mean
    reward is 0 or 1, as a memo's is, but the hint is about the turn."""
    said = flat(result_of(check_playout, "the turn never passed"))
    assert "every playout gave the same reward" not in said


def test_a_playout_not_written_yet_gets_no_case_right():
    """A skeleton giving None passed the case of the same seed's playouts (None twice over is the
    same): 5 of 6 cases wrong."""
    said = flat(result_of(check_playout, "nothing yet"))
    assert "6 of 6 cases wrong" in said
    assert "random.Random(7), made twice, gave None, expected the same rewards both times" in said
    assert "draw every random move with the rng given" not in said


def test_a_search_of_the_notebooks_game_not_the_one_given_is_told_so():
    """Its first parameter named g and game in the body: every Dice Nim case passed (the notebook's
    game), and the made-up trees' ValueError got a hint about game.evaluate's score."""
    said = flat(result_of(check_expectiminimax, "the notebook's game, not the one given"))
    assert "8 of 22 cases wrong" in said
    assert (
        "raised ValueError: too many values to unpack (expected 2); expected 7/4 (1.75 as a "
        "decimal). Hint: does your function search the game it is given (its first parameter, "
        "g), not the notebook's game? It never reads g" in said
    )
    assert "game.evaluate's score" not in said


def test_a_roll_that_counts_the_1_twice_is_told_a_1_adds_nothing_not_to_divide_by_6():
    """The worked solution's range(2, 7) written range(1, 7), the pig out kept: divided by 6, it
    was told to divide by 6, not by 5 (its answer is that slip's where every face wins)."""
    said = flat(result_of(check_pig_step, "a 1 pigs out and adds to the turn total, range(1, 7)"))
    assert (
        "step(values (seed 1), (0, 0, 0), 10) gave 0.7213333333333334, expected "
        "0.580166666667. Hint: at (0, 0, 0) with a goal of 10 a turn starts with a roll, which "
        "gives 0.5802: your roll counts the 1 twice, as a pig out and as 1 added to the turn "
        "total: a 1 ends the turn and scores nothing (pig out), it does not add 1" in said
    )
    assert "divide by 6, not by 5" not in said
