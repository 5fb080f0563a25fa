"""Monte Carlo tree search: seeded and repeatable, visits that add up, and moves that converge on
the exact best as the playouts grow."""

import math
import re

import pytest

from nimlib import (
    ConnectFour,
    Game,
    Nim,
    Pig,
    SearchBudgetExceeded,
    SearchStats,
    SimpleNim,
    TicTacToe,
    solve,
)
from nimlib.book.mcts import MCTSNode, mcts_best_move, mcts_tree, most_visited, ucb1
from nimlib.drawing import draw_mcts_tree
from nimlib.drawing.tree import mcts_nodes


def visits_add_up(node):
    """Each node's visits are one (its own playout) plus its children's, except at the root."""
    return all(visits_add_up(child) for child in node.children) and (
        node.parent is None or node.visits == 1 + sum(child.visits for child in node.children)
    )


def test_the_same_seed_gives_the_same_tree_and_another_seed_another():
    game = TicTacToe()
    first, again = (
        mcts_tree(game, "O...X..X.", 300, seed=4),
        mcts_tree(game, "O...X..X.", 300, seed=4),
    )
    assert [c.visits for c in first.children] == [c.visits for c in again.children]
    assert [c.reward for c in first.children] == [c.reward for c in again.children]
    other = mcts_tree(game, "O...X..X.", 300, seed=5)
    assert [c.visits for c in other.children] != [c.visits for c in first.children]


def test_each_playout_adds_one_node_and_one_visit_to_the_root():
    root = mcts_tree(TicTacToe(), TicTacToe().start(), 200, seed=0)
    assert root.visits == 200 and mcts_nodes(root) == 201 and visits_add_up(root)
    assert all(0 <= child.reward <= child.visits for child in root.children)


def unclocked() -> SearchStats:
    """A budget of calls without a wall clock: a busy machine must not stop the playouts."""
    return SearchStats(max_seconds=None)


@pytest.mark.parametrize("board", ["O...X..X.", "XO.XO....", "X...O...X", "XOX.O...."])
def test_with_enough_playouts_mcts_plays_an_exact_best_move(board):
    game = TicTacToe()
    scores = {new: -solve(game, new) for new in game.possible_new_states(board)}
    chosen = mcts_best_move(game, board, 3000, seed=1, stats=unclocked())
    assert scores[chosen] == max(scores.values())


def test_mcts_wins_simple_nim_and_finds_connect_fours_winning_stone():
    game = SimpleNim()
    new = mcts_best_move(game, 8, 2000, seed=0, stats=unclocked())
    assert solve(game, new, is_maximizing=False) == 1
    c4 = ConnectFour()
    state = c4.from_moves("1212121"[:-1])  # red's three in column 1: the fourth stone wins
    assert c4.column_played(state, mcts_best_move(c4, state, 500, seed=0, stats=unclocked())) == 1


def test_the_other_side_is_searched_when_min_moves():
    game = SimpleNim()
    new = mcts_best_move(game, 8, 2000, seed=0, is_maximizing=False, stats=unclocked())
    assert solve(game, new, is_maximizing=True) == -1  # Min leaves Max a lost position


def test_a_bad_score_at_the_root_is_named_not_taken_for_the_end_of_the_game():
    class OverAtOnce(SimpleNim):
        def evaluate(self, state, is_maximizing):
            return math.nan if state == 5 else super().evaluate(state, is_maximizing)

    with pytest.raises(ValueError, match="evaluate gave nan at state 5: a score must be"):
        mcts_best_move(OverAtOnce(), 5, 10)


class ListedCounters(Game):
    """One pile of counters, a move takes one; its moves lead to lists, [2] from (3,), which no
    table can hold, though its own rules read them."""

    score_range = (-1, 1)

    def possible_new_states(self, state):
        return [[state[0] - 1]] if state[0] else []

    def evaluate(self, state, is_maximizing):
        return None if state[0] else (1 if is_maximizing else -1)

    def validate(self, state):
        return tuple(state)


def test_a_move_to_an_unhashable_state_is_named_as_the_other_searches_name_it():
    """MCTS keeps no table: it grew a tree of lists, where every other search names the state."""
    with pytest.raises(TypeError, match=r"gave \[2\] \(list\) at state \(3,\): every state must"):
        mcts_tree(ListedCounters(), (3,), 10)


def test_ucb1_and_bad_input():
    assert ucb1(3, 5, 20) == pytest.approx(0.6 + math.sqrt(2) * math.sqrt(math.log(20) / 5))
    assert ucb1(0, 0, 1) == math.inf
    with pytest.raises(ValueError, match="playouts"):
        mcts_tree(TicTacToe(), TicTacToe().start(), 0)
    with pytest.raises(ValueError, match="over"):
        mcts_tree(TicTacToe(), "XXXOO....", 10)


@pytest.mark.parametrize(
    "reward, visits, c, words",
    [
        # c = inf gave nan: inf times the bonus of a child as often tried as its parent, sqrt(ln 1)
        (1, 1, math.inf, "c must be a number at least 0 (not NaN or inf), not inf"),
        (1, 1, -1, "c must be a number at least 0 (not NaN or inf), not -1"),
        (math.inf, 1, 1.0, "reward must be the sum of the rewards of the 1 visits"),
        # a mean reward above 1 or below 0: the rewards of more playouts than the visits
        (3, 2, 1.0, "each from 0 to 1: a number from 0 to 2, not 3"),
        (-0.5, 2, 1.0, "a number from 0 to 2, not -0.5"),
    ],
)
def test_ucb1_refuses_a_weight_or_a_reward_it_cannot_have(reward, visits, c, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        ucb1(reward, visits, 4, c)


def test_seconds_too_many_for_a_float_are_refused_by_name():
    # 10**400 seconds raised OverflowError from adding the budget's 10 s to them
    with pytest.raises(ValueError, match="seconds must be a number of seconds above 0 and at most"):
        mcts_tree(TicTacToe(), "O...X..X.", 10, seconds=10**400)


def test_a_time_budget_stops_early():
    root = mcts_tree(ConnectFour(), ConnectFour().start(), 10**6, seconds=0.05)
    assert 1 <= root.visits < 10**6


class Endless(Game):
    """A game whose play never ends: from n, the moves lead to n + 1 and n + 2."""

    score_range = (-1, 1)

    def possible_new_states(self, state: int) -> list[int]:
        return [state + 1, state + 2]

    def evaluate(self, state: int, is_maximizing: bool) -> None:
        return None

    def validate(self, state: int) -> int:
        return state


def test_a_playout_that_never_ends_is_named_when_the_budget_stops_it():
    """The budget stopped it, advising fewer playouts: the one playout under way never ended."""
    words = r"20,000 calls.*had made 20,000 random moves and the game had not ended"
    with pytest.raises(SearchBudgetExceeded, match=words):
        mcts_best_move(Endless(), 0, 10, stats=SearchStats(max_calls=20_000))
    with pytest.raises(SearchBudgetExceeded) as stopped:  # a short playout is not named
        mcts_best_move(TicTacToe(), ".........", 10**6, stats=SearchStats(max_calls=20_000))
    assert "random moves" not in str(stopped.value)


@pytest.mark.ci  # ten seconds and a half of playouts
def test_seconds_past_the_default_budget_give_a_move_not_a_budget_error():
    # the default budget's 10 s stopped it, its tree lost, though `seconds` asked for more
    move = mcts_best_move(ConnectFour(), ConnectFour().start(), 10**6, seconds=10.5)
    assert move in ConnectFour().possible_new_states(ConnectFour().start())


def test_the_drawing_shows_visits_and_the_chosen_move():
    game = TicTacToe()
    root = mcts_tree(game, "O...X..X.", 100, seed=0)
    drawing = draw_mcts_tree(game, root, depth=2, min_visits=2)
    assert "100 playouts" in drawing.summary and "#009e73" in drawing.source
    assert f"{most_visited(root).reward:g}/{most_visited(root).visits}" in drawing.source


def test_the_green_move_is_called_mcts_s_move_not_best_play():
    # after 10 playouts from this board MCTS plays O at c2, which loses: its green line said "best
    # play" in the legend and in the words for a screen reader
    game = TicTacToe()
    root = mcts_tree(game, "O...X..X.", 10, seed=0)
    drawing = draw_mcts_tree(game, root)
    assert game.describe_move(root.state, most_visited(root).state) == "O at c2"
    assert "best play" not in drawing.source + drawing.text_alternative
    assert 'label="MCTS\'s move"' in drawing.source
    assert drawing.text_alternative.endswith(
        "The move MCTS plays, the most visited, is drawn thick and green."
    )


@pytest.mark.parametrize(
    "game, words",
    [
        (TicTacToe(), "the board must be a string of 9 characters"),
        (ConnectFour(), "a state must be a pair (mover, mask)"),
        (SimpleNim(), "counters must be a whole number"),
        (Pig(), "(1, 0, 3) is not a move from (1, 2, 3)"),
    ],
)
def test_a_tree_drawn_with_another_game_than_it_was_grown_in_is_refused(game, words):
    root = mcts_tree(Nim(), (1, 2, 3), 50)
    with pytest.raises(ValueError) as refused:
        draw_mcts_tree(game, root)
    said = str(refused.value)
    assert said.startswith(f"the MCTS tree was grown in another game than {game.name}: ")
    assert words in said and said.endswith("Give draw_mcts_tree the game given to mcts_tree")


def test_a_drawing_of_no_move_deep_is_refused_by_name():
    """depth=0 drew the root alone, under a summary that promised every move of the root."""
    root = mcts_tree(Nim(), (1, 2, 3), 50)
    with pytest.raises(ValueError, match="depth must be at least 1, not 0"):
        draw_mcts_tree(Nim(), root, depth=0)


def test_most_visited_names_a_tree_built_by_hand_wrongly():
    with pytest.raises(TypeError, match="children must be a list of MCTSNodes, not \\[1, 2\\]"):
        most_visited(MCTSNode("a", True, children=[1, 2]))
    counted_in_words = [MCTSNode("b", False), MCTSNode("c", False, visits=3)]
    counted_in_words[0].visits = "a"  # changed after it was built
    with pytest.raises(ValueError, match="visits must be a whole number, not 'a'"):
        most_visited(MCTSNode("a", True, children=counted_in_words))


@pytest.mark.parametrize(
    "fields, words",
    [
        ({"visits": -1}, "visits must be at least 0, not -1"),
        ({"visits": 2.0}, "visits must be a whole number, not 2.0 (float)"),
        ({"visits": 2, "reward": 3.0}, ": from 0 to its visits, 2,"),
        ({"visits": 2, "reward": -0.5}, ": from 0 to its visits, 2,"),
        ({"visits": 2, "reward": "1"}, ": from 0 to its visits, 2,"),
        ({"is_maximizing": "Max"}, "is_maximizing must be True or False, not 'Max'"),
    ],
)
def test_a_node_built_by_hand_with_fields_no_search_gives_is_refused_at_once(fields, words):
    """A learner's node with negative visits, more wins than visits or a reward in words: its
    mean and its UCB1 were silently wrong, or failed later far from the mistake."""
    with pytest.raises(ValueError, match=re.escape(words)):
        MCTSNode(**{"state": "a", "is_maximizing": True} | fields)
