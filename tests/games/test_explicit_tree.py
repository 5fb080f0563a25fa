"""A game given as its tree: the textbook figures, their names and scores, and clear errors for bad
trees."""

from math import inf, nan

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimlib import METHODS, draw_tree, game_tree, memoized_minimax, minimax, solve
from nimlib.games.explicit_tree import ExplicitTree, deep_cutoff_tree, textbook_tree

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def test_the_textbook_tree_has_the_textbook_names_scores_and_value():
    tree = textbook_tree()
    assert tree.root == "A"
    assert tree.possible_new_states("A") == ["B", "C", "D"]
    assert tree.possible_new_states("C") == ["C1", "C2", "C3"]
    leaves = [f"{parent}{n}" for parent in "BCD" for n in (1, 2, 3)]
    assert [tree.evaluate(leaf, True) for leaf in leaves] == [3, 12, 8, 2, 4, 6, 14, 5, 2]
    assert tree.evaluate("B", True) is None and tree.evaluate("B2", False) == 12
    assert [tree.describe_move("A", child) for child in "BCD"] == ["a1", "a2", "a3"]
    assert tree.describe_move("B", "B3") == "b3"
    assert tree.score_range == (0, 20)
    assert minimax(tree, "A", True) == 3 and minimax(tree, "A", False) == 6
    assert memoized_minimax(tree, "B", False) == 3 and minimax(tree, "D", False) == 2


def test_alphabeta_on_the_textbook_tree_cuts_off_the_two_leaves_after_c1():
    tree = game_tree(textbook_tree(), "A", alphabeta=True, alpha=-inf, beta=inf)
    assert tree.root.score == 3
    assert [node.state for node in tree if node.pruned] == ["C2", "C3"]
    assert [node.state for node in tree.visit_order] == [
        "A",
        "B",
        "B1",
        "B2",
        "B3",
        "C",
        "C1",
        "D",
        "D1",
        "D2",
        "D3",
    ]


def deep_cutoffs(tree):
    """The nodes cut off by a bound their parent was entered with, unchanged: it came from further
    up."""
    parent = {child: node for node in tree for child in node.children}
    found = []
    for node in tree:
        if (
            not node.visited
            or not any(child.pruned for child in node.children)
            or node not in parent
        ):
            continue
        above = parent[node]
        inherited = node.alpha == above.alpha if not node.is_maximizing else node.beta == above.beta
        if inherited and abs(node.alpha if not node.is_maximizing else node.beta) != inf:
            found.append(node.state)
    return found


def test_the_deep_cutoff_tree_cuts_off_with_an_alpha_from_the_root():
    game = deep_cutoff_tree()
    assert minimax(game, "A", True) == 6
    tree = game_tree(game, "A", alphabeta=True, alpha=-inf, beta=inf)
    assert tree.root.score == 6
    assert [node.state for node in tree if node.pruned][-2:] == ["C1.1.2", "C2.1.2"]
    assert "C1.1" in deep_cutoffs(tree)
    nodes = {node.state: node for node in tree}
    assert [nodes[name].alpha for name in ("C", "C1", "C1.1")] == [5, 5, 5]  # handed down from A
    assert nodes["C1.1"].score == 3  # 3 <= alpha = 5: its second leaf cannot matter


def test_a_tree_given_as_a_dict_plays_like_the_same_tree_as_lists():
    as_dict = {
        "A": ["B", "C", "D"],
        "B": ["B1", "B2", "B3"],
        "C": ["C1", "C2", "C3"],
        "D": ["D1", "D2", "D3"],
    }
    as_dict |= {"B1": 3, "B2": 12, "B3": 8, "C1": 2, "C2": 4, "C3": 6, "D1": 14, "D2": 5, "D3": 2}
    game, same = ExplicitTree(as_dict), ExplicitTree(TEXTBOOK)
    for name in as_dict:
        for is_maximizing in (True, False):
            assert minimax(game, name, is_maximizing) == minimax(same, name, is_maximizing), name


def test_a_dict_may_share_a_position_between_parents_and_use_any_names():
    game = ExplicitTree(
        {"start": ["left", "right"], "left": ["end", "x"], "right": ["end"], "end": 4, "x": 1.5}
    )
    assert game.root == "start" and game.score_range == (1.5, 4)
    assert minimax(game, "start", True) == 4 and minimax(game, "left", False) == 1.5
    assert (
        game.describe_move("start", "right") == "right" and game.describe_move("left", "x") == "x"
    )


def test_score_range_may_be_given_wider_than_the_leaves():
    assert ExplicitTree(TEXTBOOK, score_range=(0, 20)).score_range == (0, 20)
    assert ExplicitTree([[1, 1]]).score_range == (0, 2)  # one score only: still a range with room
    with pytest.raises(ValueError, match="hold every leaf score, from 2 to 14"):
        ExplicitTree(TEXTBOOK, score_range=(0, 10))
    with pytest.raises(ValueError, match="score_range must be a pair"):
        ExplicitTree(TEXTBOOK, score_range=5)


@pytest.mark.parametrize(
    ("tree", "message"),
    [
        ([], "at least one move"),
        ([[3, []]], "position B2 is an empty list"),
        ([[3, "x"]], "score of leaf B2 must be a finite number, not 'x'"),
        ([[3, nan]], "score of leaf B2 must be a finite number, not nan"),
        ([[3, inf]], "score of leaf B2 must be a finite number"),
        ([[True, 2]], "score of leaf B1 must be a finite number, not True"),
        ("ABC", "nested lists of scores or a dict"),
        ({}, "the dict is empty"),
        ({"A": ["B"], "B": ["Z"]}, "child 'Z' that is not a position"),
        ({"A": ["B", "B"], "B": 1}, "lists a child twice"),
        ({"A": ["B"], "B": 1, "C": 2}, "exactly one root.*'A', 'C'"),
        ({"A": ["B"], "B": ["A"]}, "exactly one root.*none"),
        ({"A": ["B"], "B": 1, "C": ["D"], "D": ["C"]}, r"\['C', 'D'\] cannot be reached"),
        ({"A": ["B", "C"], "B": ["C"], "C": ["B"]}, "circle: position '.' leads back to itself"),
        ({"A": 3}, "the root 'A' is a leaf"),
        ({5: ["B"], "B": 1}, "named by a non-empty string, not 5"),
    ],
)
def test_bad_trees_are_refused_with_a_message_naming_the_problem(tree, message):
    with pytest.raises(ValueError, match=message):
        ExplicitTree(tree)


def test_a_huge_tree_written_by_hand_is_refused():
    with pytest.raises(ValueError, match="more than 10,000 positions"):
        ExplicitTree([[[1] * 20] * 20] * 25)


def test_validate_names_the_positions():
    game = textbook_tree()
    assert game.validate("C2") == "C2"
    with pytest.raises(
        ValueError, match="'E' is not a position of this tree: its positions are named like A, "
    ):
        game.validate("E")
    with pytest.raises(ValueError, match="not a position"):
        game.validate(["A"])


def test_the_tree_draws_with_its_names_and_moves():
    drawing = draw_tree(game_tree(textbook_tree(), "A"))
    assert "B3" in drawing.source and "a2" in drawing.source
    assert "<svg" in drawing.svg()


def test_every_method_gives_the_minimax_score_on_the_figures():
    """Runs once the core contract (score ranges as alpha-beta's default window) is merged."""
    for game in (
        textbook_tree(),
        deep_cutoff_tree(),
        ExplicitTree(TEXTBOOK, score_range=(-100, 100)),
    ):
        for is_maximizing in (True, False):
            expected = minimax(game, "A", is_maximizing)
            for method in METHODS:
                assert solve(game, "A", is_maximizing, method=method) == expected, (
                    game,
                    method,
                    is_maximizing,
                )
    pruned = game_tree(textbook_tree(), "A", alphabeta=True)
    assert [node.state for node in pruned if node.pruned] == ["C2", "C3"] and pruned.root.score == 3


def nested_trees(max_leaves=40):
    """Random trees as nested lists: each inner position has 1 to 4 children, leaves score -9 to
    9."""
    leaf = st.integers(-9, 9)
    return st.recursive(
        leaf, lambda children: st.lists(children, min_size=1, max_size=4), max_leaves=max_leaves
    )


def direct_minimax(tree, is_maximizing):
    """Minimax read straight off the nested lists."""
    if not isinstance(tree, list):
        return tree
    scores = [direct_minimax(child, not is_maximizing) for child in tree]
    return max(scores) if is_maximizing else min(scores)


@settings(max_examples=200, deadline=None)
@given(tree=nested_trees().filter(lambda tree: isinstance(tree, list)), is_maximizing=st.booleans())
def test_every_method_gives_the_score_of_the_lists_on_random_trees(tree, is_maximizing):
    """Every method of the registry, plain minimax and memoized minimax among them."""
    game = ExplicitTree(tree)
    expected = direct_minimax(tree, is_maximizing)
    for method in METHODS:
        assert solve(game, "A", is_maximizing, method=method) == expected, method
