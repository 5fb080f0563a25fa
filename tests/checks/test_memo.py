"""The checks of notebook 04 (memos): what their messages say of the work a memo saves and of the
memo's usual slips. Their verdicts on right and wrong solutions are in test_catalogue.py."""

import re

from flat_text import flat
from solutions import CATALOGUE, result_of

import nimlib.checks.trial_games
from nimlib.checks import (
    check_canonical,
    check_distinct_new_states,
    check_general_minimax,
    check_memoized_minimax,
    check_memoized_won_lost,
)


def test_check_memoized_minimax_shows_the_work_of_a_search_without_a_memo():
    plain = result_of(check_memoized_minimax, "no memo")
    assert plain.passed == 12 and len(plain.failures) == 4
    assert (
        "gave (1, 6872), expected (1, at most 28 (one per position and player to move))"
        in plain.failures[0]
    )


def test_a_search_without_a_memo_is_not_told_of_memo_get_and_draws():
    said = flat(result_of(check_memoized_minimax, "no memo"))
    assert "Hint: is every result stored, under a key of the state and the player to move" in said
    assert "memo.get" not in said and "draw" not in said


def test_a_search_that_asks_a_position_for_its_moves_twice_is_told_so():
    said = flat(result_of(check_memoized_minimax, "two visits on a stack, the moves asked at each"))
    assert "two_visits_on_a_stack(SimpleNim(), 15, True) gave (1, 47), expected (1, at most 28" in (
        said
    )
    assert "Hint: asked for the moves of a position more than once" in said
    assert "ask each position once" in said
    assert "memo.get" not in said and "is every result stored" not in said


def test_a_memo_of_max_s_positions_or_a_small_lru_cache_is_named_not_asked_twice():
    """Both were told to keep a position's moves on the stack, which neither had to do."""
    max_only = flat(result_of(check_memoized_minimax, "Max's positions only"))
    assert "gave (1, 50), expected (1, at most 28" in max_only
    assert "Hint: your memo keeps only Max's positions: Min's are searched again" in max_only
    small = flat(result_of(check_memoized_minimax, "state between calls: lru_cache(maxsize=128)"))
    assert "Hint: your lru_cache keeps only 128 results (maxsize=128) and forgets the others" in (
        small
    )
    assert "on the stack" not in max_only + small


def test_check_memoized_minimax_reports_the_skeleton():
    result = check_memoized_minimax(lambda game, state, is_maximizing: None)
    assert result.passed == 0 and repr(result).startswith(
        "✘ check_memoized_minimax: 16 of 16 cases wrong:"
    )


def test_check_memoized_minimax_explains_a_memo_that_forgets_draws():
    result = result_of(check_memoized_minimax, "a draw taken for a missing entry")
    assert not result.ok and len(result.failures) == 2
    assert (
        "walrus_memo(TicTacToe(), 'X...O...X', True) gave (0, 189), expected (0, at most 153"
        in flat(result)
    )
    assert "only drawn positions (score 0) were searched again" in flat(result)
    assert "a stored draw for a missing entry" in flat(result)
    assert "is every result stored" not in flat(result)


def test_check_memoized_minimax_names_a_memo_shared_between_games():
    result = result_of(check_memoized_minimax, "one memo for every game")
    assert len(result.failures) == 1
    assert "SimpleNim(last_counter_loses=False), 8, True) gave 1, expected -1" in flat(result)
    assert "must know which game it is for" in flat(result)


def test_check_memoized_minimax_names_a_score_for_the_player_to_move():
    """A memo keyed by the state alone was named where a negamax's score, for the player to move,
    was given with Min to move: its key needs no player, its score needs turning round."""
    said = flat(result_of(check_memoized_minimax, "the score for the player to move"))
    assert "6, False) gave 1, expected -1. Hint: with Min to move the same counters" in said
    assert "must be turned round where Min is to move" in said


def test_check_memoized_minimax_names_a_memo_keyed_by_the_state_alone():
    result = result_of(check_memoized_minimax, "keyed by the state only")
    assert "gave (-1, 15), expected (1, at most 28" in flat(result)
    assert "the key must hold the player to move" in flat(result)


def test_check_memoized_minimax_tells_negamax_from_minimax_in_a_game_scored_for_max():
    """It passed every case: in the Nim games and tic-tac-toe, Min's score is minus Max's; and
    check_general_minimax failed it with no hint."""
    said = flat(
        result_of(check_memoized_minimax, "negamax's memo, Max's score turned round for Min")
    )
    assert "(TinyTree(), 'root', False) gave -5, expected 6" in said
    assert "negamax's minus holds only where a score for one player is minus the other's" in said
    said = flat(result_of(check_general_minimax, "negamax, Max's score turned round for Min"))
    assert "Hint: that is negamax, Max's score turned round for Min" in said


def test_check_memoized_won_lost_counts_the_work_of_every_function_called():
    for name in ("a memo on a wrapper", "functools.cache on a wrapper"):
        result = result_of(check_memoized_won_lost, name)
        assert not result.ok and len(result.failures) >= 2
        found = re.search(
            r"worked out again\) gave \(True, ([\d,]+), \[[\d, ]+\]\), expected \(True, at most 400",
            flat(result),
        )
        assert found and int(found[1].replace(",", "")) > 10_000, repr(result)
        assert "look it up in the function that recurses" in flat(result)


def test_check_memoized_won_lost_names_helpers_that_call_too_much_where_nothing_is_redone():
    """A memo whose helpers made more calls than the cap was told to store its answers and make
    its memo once, which it did; a class of small methods was refused (183 calls against 176)."""

    def chatty(counters, takes):
        memo = {}

        def fits(take, left):
            return take <= left

        def wins(left):
            if left not in memo:
                moves = []
                for take in takes:
                    for _ in range(9):  # asked again and again
                        allowed = fits(take, left)
                    if allowed:
                        moves.append(left - take)
                memo[left] = any(not wins(move) for move in moves)
            return memo[left]

        return wins(counters)

    said = flat(check_memoized_won_lost(chatty))
    assert "no number of counters was worked out twice, but every function call counts" in said
    assert "store each answer" not in said


def test_check_memoized_won_lost_names_a_memo_that_stores_nothing_or_starts_anew_each_call():
    """The hint named only a memo on a wrapper, for memos that sit on the recursion already."""

    def never_stores(counters, takes):
        memo = {}

        def wins(left):
            if left in memo:
                return memo[left]
            return any(not wins(left - take) for take in takes if take <= left)

        return wins(counters)

    def anew_each_call(counters, takes):
        memo = {}
        if counters not in memo:
            memo[counters] = any(
                not anew_each_call(counters - take, takes) for take in takes if take <= counters
            )
        return memo[counters]

    for slip in (never_stores, anew_each_call):
        said = flat(check_memoized_won_lost(slip))
        assert "store each answer as soon as it is found (memo[counters] = ...)" in said
        assert "make the memo once for the whole search (not anew in every call)" in said


def test_check_memoized_won_lost_names_the_lost_positions_a_memo_get_works_out_again():
    result = result_of(check_memoized_won_lost, "a stored loss read as missing (memo.get)")
    text = flat(result)
    assert "gave (True, 72, [4, 8, 12, 16])" in text  # right answers, fewer calls than the limit
    assert "[2, 7, 9, 14, 16]" in text and "[7, 14, 21, 28]" in text  # (1, 3, 4) and (2, 5)
    assert "a memo looked up with `if memo.get(key):` takes a stored loss" in text
    helper = flat(
        result_of(check_memoized_won_lost, "a stored loss read as missing, through a helper")
    )
    assert "[4, 8, 12, 16]" in helper and "takes a stored loss for a missing entry" in helper
    assert "worked out once" in flat(result_of(check_memoized_won_lost, "no memo"))


def test_check_canonical_reports_an_unhashable_key():
    unhashable = result_of(check_canonical, "a list")
    assert "raised TypeError: unhashable type: 'list'" in unhashable.failures[0]


def test_a_nim_sum_memo_is_shown_getting_misere_positions_wrong():
    result = flat(result_of(check_canonical, "the nim-sum"))
    for piles in ["(2, 3)", "(2, 2, 1)", "(5, 4)"]:
        assert f"memoized_minimax(Nim(), {piles}, canonical=True) with nim_sum gave" in result


def test_check_memoized_won_lost_names_a_memo_shared_between_sets_of_takes():
    result = result_of(check_memoized_won_lost, "one memo for every takes")
    assert "[shared_memo_wins(n, (1, 3, 4)) for n in range(22)] gave" in result.failures[0]
    assert "it must know the takes too" in flat(result)
    skeleton = check_memoized_won_lost(lambda counters, takes: None)
    assert "takes too" not in flat(skeleton)


def test_check_canonical_says_a_list_cannot_be_a_key():
    result = flat(check_canonical(lambda piles: sorted(pile for pile in piles if pile)))
    assert "raised TypeError: unhashable type: 'list'; expected 1. Hint: a key must go in" in result
    assert "return a tuple (or a string), not a list" in result


def test_check_canonical_refuses_piles_that_run_together_in_a_string():
    """Piles joined into a string without a separator passed: every case had piles below 10, where
    (1, 11) and (1, 1, 1), both '111', do not meet."""
    result = flat(result_of(check_canonical, "a string without a separator"))
    assert (
        "how many different keys among f((1, 11)), f((1, 1, 1)) gave 1, expected 2. Hint: (1, 11)"
        in result
    )
    assert check_canonical(lambda piles: ",".join(map(str, sorted(p for p in piles if p)))).ok


def test_check_canonical_says_a_generator_is_no_key():
    result = flat(check_canonical(lambda piles: (pile for pile in sorted(piles) if pile > 0)))
    assert "gave 2, expected 1. Hint: your function returns a generator" in result
    assert "tuple(... for ... in ...) a tuple" in result
    # its memo never hits: the count is stopped at 10,000, not searched to the end (seconds)
    assert "canonical=True) with f gave (?, more than 10,000, where the check" in result


def test_check_canonical_says_none_is_no_key_and_passes_no_case_with_it():
    """Positions that play alike, all keyed None, passed: "9 of 17 cases wrong" for a skeleton."""
    result = check_canonical(lambda piles: None)
    assert result.passed == 0
    assert "gave None, expected 1. Hint: your function returns None: return the key" in flat(result)


def test_a_search_stopped_at_the_most_positions_a_check_counts_keeps_its_memo_hint(monkeypatch):
    monkeypatch.setattr(nimlib.checks.trial_games, "MOST_EXPANDED", 100)
    _, wrongs = CATALOGUE[check_memoized_minimax]  # not result_of's: worked out at 10,000
    said = flat(check_memoized_minimax(wrongs["no memo"]))
    assert "gave (?, more than 100, where the check stopped it), expected (1, at most 28" in said
    assert "is every result stored, under a key of the state and the player to move" in said


def distinct_from_moves_read_twice(game, state):
    moves = game.possible_new_states(state)  # Nim's: a generator
    forms = [game.canonical(new_state) for new_state in moves]
    kept, seen = [], set()
    for index, new_state in enumerate(moves):  # nothing left of the generator
        if forms[index] not in seen:
            seen.add(forms[index])
            kept.append(new_state)
    return kept


def test_moves_read_twice_from_a_generator_are_told_to_be_listed_first():
    """Nim's moves, a generator gone through once for the forms, left nothing for the loop: the
    learner saw "gave [], expected [(0, 2, 2), (1, 2, 2)]" and no more."""
    said = flat(check_distinct_new_states(distinct_from_moves_read_twice))
    assert (
        "gave [], expected [(0, 2, 2), (1, 2, 2)]. Hint: game.possible_new_states may give" in said
    )


def test_check_distinct_new_states_names_the_likely_slip():
    """A wrong list of new states was only shown against the right one, as long, say, and telling
    apart canonical forms given for states, or the states in another order, was left to the
    learner."""
    slips = {
        "the canonical forms": "give the new states themselves, not their canonical forms",
        "the last of each form": "keep the first new state of each canonical form",
        "sorted": "keep the order of game.possible_new_states",
        "equal states only": "compare the new states' canonical forms, game.canonical(new_state)",
        "every move": "compare the new states' canonical forms, game.canonical(new_state)",
        "moves from the canonical form": "these are the moves from the canonical form of the state",
    }
    for name, hint in slips.items():
        assert f"Hint: {hint}" in flat(result_of(check_distinct_new_states, name)), name
    assert "Hint" not in flat(check_distinct_new_states(lambda game, state: []))
    last = flat(result_of(check_distinct_new_states, "the last of each form"))
    assert "not their canonical forms" not in last  # the last corner is the corners' form


def test_a_memo_made_anew_in_every_call_is_told_to_make_one_for_the_whole_search():
    """It stores and looks up, in a memo that lives one call: "is every result stored" sent the
    learner to lines that were right."""
    said = flat(result_of(check_memoized_minimax, "a memo made anew in every call"))
    assert "in one memo for the whole search (not one made anew in every call)" in said


def test_distinct_new_states_given_as_a_set_is_told_at_its_first_case_that_a_set_has_no_order():
    """Its first case happened to iterate in the expected order, and was told of canonical forms."""
    first_hint = flat(result_of(check_distinct_new_states, "a set")).split("Hint: ")[1]
    assert first_hint.startswith("keep the order of game.possible_new_states in a list: a set has")
