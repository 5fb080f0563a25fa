"""The limits, round three (issue 36): its cases outside the searches, each in a child process under
a limit of 8 GB of address space (wasmtime reserves about 6 GB of it), 0.5 GB used at most.

Whole numbers too long to print, move strings that are not column numbers, pictures of things that
are not states, values of a million characters, trees built by hand (deep, or with long labels) and
games whose moves never end: each ends at once, in bounded memory, with an answer or the project's
own error naming the problem in a message of sensible length.
"""

from __future__ import annotations

import textwrap

import pytest
from child import GIGABYTE, SLACK, check

pytestmark = pytest.mark.ci

SHORT = 500  # characters: a message that names a value cuts it short

HELPERS = textwrap.dedent(
    """
    def widget_play(*args):
        '''The widgets' play(), imported only where a case uses it.'''
        from nimlib.widgets import play

        return play(*args)

    def chain(length):
        '''A hand-built chain of `length` nodes, Max and Min in turn, each scored +1.'''
        root = node = Node(0, True, 0, score=1)
        for level in range(1, length):
            node.children.append(Node(level, level % 2 == 0, level, move="m", score=1))
            node = node.children[0]
        return GameTree(SimpleNim(), root)

    def wide(count, size):
        '''A hand-built root with `count` children whose states are `size` characters long.'''
        root = Node(9, True, 0, score=1)  # a state of Simple-Nim, which the caption describes
        root.children = [Node("x" * size + str(index), False, 1, score=1) for index in range(count)]
        return GameTree(SimpleNim(), root)

    WINS = Moves(endless)  # endless moves, each a win for Max: the first one cuts off all the others
    WINS.evaluate = lambda state, is_maximizing: None if state == 0 else 1
    """
)


def case(expression: str, kind: str, words: list[str], seconds: float = 1.0 + SLACK) -> dict:
    """`expression` in a child with HELPERS: it ends in `kind`, its message holds `words` and is
    short."""
    # 8 GB of address space: wasmtime reserves about 6 GB for Graphviz's memory; the peak of what
    # is used stays under 0.5 GB
    result = check(expression, kind, words, seconds, 8 * GIGABYTE, HELPERS)
    assert len(result["message"]) < SHORT or kind == "answer", result
    assert result["peak"] < 0.5 * GIGABYTE, result
    return result


def test_a_board_of_huge_numbers_is_refused_in_words():
    case("solve(ConnectFour(), (10**5000, 0))", "ValueError", ["is not a board of ConnectFour()"])


@pytest.mark.parametrize(
    "expression, words",
    [
        (
            "solve(Nim(), 10**5000)",
            "the state must be a tuple of pile sizes such as (2, 3, 5), not an integer of",
        ),
        (
            "SimpleNim(takes=10**5000)",
            "takes must be a non-empty tuple of whole numbers, not an integer of about",
        ),
        ("widget_play(10**5000)", "unknown variant an integer of about 5,001 digits"),
        (
            "SimpleNim(takes=(10**5000,))",
            "each of takes = an integer of about 5,001 digits is too large",
        ),
        ("TicTacToe().validate(10**5000)", "the board must be a string of 9 characters"),
    ],
)
def test_whole_numbers_too_long_to_print_are_named_by_their_size(expression, words):
    result = case(expression, "ValueError", [words])
    assert "Exceeds the limit" not in result["message"]


@pytest.mark.parametrize(
    "expression, words",
    [
        ("ConnectFour().from_moves('²')", "move 1 of '²' is '²': not a column number (1 to 7)"),
        ("ConnectFour().from_moves('4٣')", "move 2 of '4٣' is '٣': not a column number (1 to 7)"),
        ("ConnectFour().picture('4453')", "a state must be a pair (mover, mask) of whole numbers"),
        ("ConnectFour().picture('abc')", "not 'abc'"),
        ("ConnectFour().play(None, 4)", "a state must be a pair (mover, mask) of whole numbers"),
        ("ConnectFour().play((0, 3), 4)", "(0, 3) has 0 stones of the player to move out of 2"),
        (
            "TicTacToe().picture(None)",
            "the board must be a string of 9 characters X, O or . read row by row",
        ),
        ("TicTacToe().picture('abc')", "such as 'XO.......', not 'abc'"),
    ],
)
def test_pictures_and_moves_check_what_they_are_given(expression, words):
    result = case(expression, "ValueError", [words])
    assert "invalid literal" not in result["message"] and "unpack" not in result["message"]


@pytest.mark.parametrize(
    "expression, words",
    [
        (
            "ConnectFour().from_moves('4' * 10**6)",
            "has 1,000,000 moves: a board of 7 x 6 holds at most 42",
        ),
        (
            "widget_play('Nim', None, list(range(10**6)))",
            "piles must be a tuple of 1 to 4 pile sizes",
        ),
        ("ExplicitTree({'A': ['B' * 10**6], 'B': 1})", "has a child"),
    ],
)
def test_values_of_a_million_characters_are_cut_short(expression, words):
    case(expression, "ValueError", [words])


def test_the_terminal_game_cuts_a_million_character_answer_short():
    result = case(
        "terminal_session(['1', '5', 'y' * 10**6, 'n'])", "answer", ["Answer y or n, not 'yyyy"]
    )
    assert len(result["message"]) < 5_000, len(result["message"])


def test_a_hand_built_chain_of_600_nodes_is_drawn_without_its_pruned_nodes():
    result = case(
        "len(draw_tree(chain(600), show_pruned=False).svg()) > 10_000", "answer", [], 5.0 + SLACK
    )
    assert result["message"] == "True"


def test_a_hand_built_loop_is_refused():
    expression = "(lambda root: (root.children.append(root), draw_tree(GameTree(SimpleNim(), root))))(Node(0, True, 0))"
    case(
        expression, "ValueError", ["appears twice in the tree: a node has one parent, and no loops"]
    )


def test_long_labels_count_in_the_drawings_limit():
    case(
        "draw_tree(wide(2000, 9000), moves=False).svg()",
        "TreeTooLarge",
        ["hold 18,006,891 characters (the limit is 200,000)"],
    )


def test_a_cut_off_takes_endless_moves_lazily():
    case(
        "game_tree(WINS, 0, alphabeta=True)",
        "TreeTooLarge",
        ["cuts off hold more than 1,500 nodes"],
    )


def test_without_its_pruned_branches_a_tree_of_endless_moves_is_drawn():
    case(
        "str(game_tree(WINS, 0, alphabeta=True, keep_pruned=False))",
        "answer",
        ["2 nodes visited, the branches cut off left out"],
    )


def test_a_line_of_play_among_endless_moves_is_looked_for_as_far_as_a_search_would_look():
    """The moves are taken one at a time, up to the searches' limit of a million (it looked at
    100,000, then called the line no game)."""
    case(
        "draw_tree(game_tree(WINS, 0, alphabeta=True, keep_pruned=False), best_play=[0])",
        "SearchBudgetExceeded",
        ["Moves.possible_new_states gave more than 1,000,000 moves from 0", "a smaller position"],
    )
