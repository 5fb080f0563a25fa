"""The engine's limits (issue 36), each case in a child process under a memory limit.

The method "deepening" takes a game's moves under the budget (an endless generator ends in
SearchBudgetExceeded, in solve and in anytime mode), counts the long move lists it holds at each
level against the memory budget, and stops deepening once an iteration saw every line to the end.
"""

from __future__ import annotations

import pytest
from child import GIGABYTE, SLACK, check

pytestmark = pytest.mark.ci

# The clock is set far off (60 s) where the cap on moves must stop a search: with 1 s, the clock of
# a busy machine could stop it first.
TOO_MANY = "Moves.possible_new_states gave more than 1,000,000 moves from 0, too many to search"


@pytest.mark.parametrize(
    "expression",
    [
        "solve(ENDLESS, 0, method='deepening', stats=SearchStats(max_seconds=60))",
        "solve(ENDLESS, 0, method='deepening', depth=3, stats=SearchStats(max_seconds=60))",
        "best_move(ENDLESS, 0, method='deepening', anytime=True, stats=SearchStats(max_seconds=60))",
    ],
)
def test_endless_moves_end_in_the_budget(expression):
    result = check(expression, "SearchBudgetExceeded", [TOO_MANY], 1 + SLACK, memory=GIGABYTE)
    assert result["peak"] < 0.5 * GIGABYTE


@pytest.mark.parametrize("seconds", [2, 5])
def test_the_move_lists_held_at_every_level_count_against_the_memory_budget(seconds):
    """SplitNim from twenty piles of 1,000 holds about 10,000 moves at each level of its search."""
    result = check(
        f"solve(SplitNim(), (1000,) * 20, method='deepening', stats=SearchStats(max_seconds={seconds}))",
        "SearchBudgetExceeded",
        ["the search from (1000, 1000"],
        seconds + SLACK,
    )
    assert (
        f"time limit of {seconds} s" in result["message"]
        or "memory limit of 1,000 MB" in result["message"]
    )
    assert result["peak"] < 0.5 * GIGABYTE


def test_a_depth_past_the_end_of_the_game_is_searched_once_to_the_end():
    expression = "(lambda c: solve(c, c.from_moves('1212343421'), method='deepening', depth=10**9))(ConnectFour(4, 4))"
    check(expression, "answer", ["0"], 0.5 + SLACK)


def test_anytime_with_depth_zero_gives_a_move():
    expression = "best_move(ConnectFour(), ConnectFour().from_moves('4453'), 'deepening', anytime=True, depth=0)[1]"
    check(expression, "answer", ["(4210688, 283131904)"], 0.5 + SLACK)  # a stone in column 4


def test_a_search_stopped_deep_in_play_that_never_ends_asks_whether_it_ends():
    """A game whose every move leads on (n to n + 1) ran out of memory, and its message advised
    a smaller position only."""
    from nimlib import Game, SearchBudgetExceeded, SearchStats, solve

    class Endless(Game):
        score_range = (-1, 1)

        def possible_new_states(self, counters):
            return [counters + 1]

        def evaluate(self, counters, is_maximizing):
            return None

        def validate(self, counters):
            return counters

    with pytest.raises(
        SearchBudgetExceeded,
        match=r"moves down one line of play, no position on it met twice: so long a game needs a "
        r"larger budget, and one whose play never ends cannot be solved$",
    ):
        solve(Endless(), 0, True, "minimax", SearchStats(max_bytes=100_000_000))


def test_a_game_whose_state_grows_at_every_move_is_said_to_go_on_down_one_line():
    """Its states, a tuple one longer at each move, filled the memory 3,000 moves deep, and the
    message advised a smaller position or a faster method only: the line's length was said from
    100,000 moves on."""
    from nimlib import Game, SearchBudgetExceeded, SearchStats, solve

    class Growing(Game):
        score_range = (-1, 1)

        def possible_new_states(self, state):
            return [(*state, 1)]

        def evaluate(self, state, is_maximizing):
            return None

        def validate(self, state):
            return state

    with pytest.raises(SearchBudgetExceeded, match=r"moves down one line of play, no position"):
        solve(Growing(), (), stats=SearchStats(max_bytes=100_000_000))  # 1,400 moves down
