"""Tests of nimlib.drawing.tree and .nodes: explicit game trees, full and pruned, and the guard
against huge ones."""

import re
import time
from fractions import Fraction
from math import inf

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimlib import (
    ConnectFour,
    FibonacciNim,
    Game,
    Nim,
    SearchStats,
    SimpleNim,
    SplitNim,
    TicTacToe,
    TreeTooLarge,
    alphabeta,
    deep_cutoff_tree,
    game_tree,
    memoized_minimax,
    minimax,
    textbook_tree,
    tree_size,
)
from nimlib.book.mcts import mcts_tree
from nimlib.book.table import UNKNOWN, stored_bounds, within
from nimlib.checks.trial_games import TinyTree
from nimlib.drawing import draw_mcts_tree, draw_tree
from nimlib.drawing.nodes import GameTree, Node, score_text
from nimlib.drawing.tree import traced_memo


class RangedTinyTree(TinyTree):
    """The tiny tree with its leaf scores (1 to 9) declared."""

    score_range = (0, 9)


class PassAtOne(Game):
    """Take 2 or 3 counters; with 1 left, Max must pass (the move leads to the same state) and
    Min, to move at 1, has lost."""

    score_range = (-1, 1)

    def possible_new_states(self, counters: int) -> list[int]:
        return [1] if counters == 1 else [counters - t for t in (2, 3) if t <= counters]

    def evaluate(self, counters: int, is_maximizing: bool) -> int | None:
        if counters == 1 and not is_maximizing:
            return 1
        return (-1 if is_maximizing else 1) if counters == 0 else None

    def validate(self, counters: int) -> int:
        return counters


CLASSIC = SimpleNim(sensible_moves=True)
POSITIONS = [
    (CLASSIC, 6),
    (SimpleNim(), 5),
    (SimpleNim(takes=(1, 3, 4), last_counter_loses=False), 8),
    (Nim(), (1, 2)),
    (Nim(), (1, 2, 2)),
    (Nim(last_counter_loses=False), (1, 2, 3)),
    (SplitNim(), (9,)),
    (FibonacciNim(), FibonacciNim.start(8)),
    (PassAtOne(), 10),
]


def fewest_first(counters: int) -> int:
    return counters


def test_classic_tree_sizes():
    assert [len(game_tree(CLASSIC, n)) for n in range(8)] == [1, 2, 3, 6, 12, 22, 41, 76]
    assert tree_size(CLASSIC, 25) == 4_434_690


def test_full_rules_trees_are_larger():
    assert [len(game_tree(SimpleNim(), n)) for n in range(7)] == [1, 2, 4, 8, 15, 28, 52]


@pytest.mark.parametrize(("game", "state"), POSITIONS)
def test_full_tree_matches_tree_size_and_minimax(game, state):
    tree = game_tree(game, state)
    assert len(tree) == tree.visited_count == tree_size(game, state)
    assert tree.root.score == minimax(game, state)
    assert all(node.score == minimax(game, node.state, node.is_maximizing) for node in tree)


def test_nodes_know_turn_depth_and_move():
    root = game_tree(CLASSIC, 6).root
    assert (root.state, root.is_maximizing, root.level, root.move) == (6, True, 0, "")
    assert [child.state for child in root.children] == [5, 4, 3]
    first = root.children[0]
    assert (first.is_maximizing, first.level, first.move) == (False, 1, "take 1, leaving 5")


def test_order_sets_children_left_to_right():
    root = game_tree(CLASSIC, 6, order=fewest_first).root
    assert [child.state for child in root.children] == [3, 4, 5]


def test_minimax_tree_visits_every_node_in_preorder():
    tree = game_tree(CLASSIC, 5)
    assert [node.visit_index for node in tree] == list(range(len(tree)))
    assert tree.visit_order == list(tree)


def test_classic_alphabeta_tree():
    tree = game_tree(CLASSIC, 6, alphabeta=True, order=fewest_first)
    assert (len(tree), tree.visited_count, tree.pruned_count) == (41, 17, 24)
    assert len(tree.without_pruned()) == tree.without_pruned().visited_count == 17


def test_an_alphabeta_tree_grows_pruned_branches_where_a_player_passes():
    tree = game_tree(PassAtOne(), 8, alphabeta=True)
    assert tree.pruned_count > 0
    assert len(tree) == tree_size(PassAtOne(), 8)


class CountdownInLists(Game):
    """A count taken one at a time, its states lists after the first: no state a table can keep."""

    score_range = (-1, 1)

    def possible_new_states(self, state):
        return [[state[0] - 1]] if state[0] else []

    def evaluate(self, state, is_maximizing):
        return None if state[0] else (-1 if is_maximizing else 1)

    def validate(self, state):
        return state


def test_a_tree_names_the_move_that_gave_an_unhashable_state():
    message = r"CountdownInLists.possible_new_states gave \[1\] \(list\) at state \(2,\)"
    with pytest.raises(TypeError, match=message):
        game_tree(CountdownInLists(), (2,))


def test_a_part_of_a_tree_copies_the_nodes_kept_below_nodes_kept_in_the_trees_order():
    tree = game_tree(CLASSIC, 6, alphabeta=True, order=fewest_first)
    part = tree.part(lambda node: node.level != 2)  # none below a node left out
    assert [node.state for node in part] == [node.state for node in tree if node.level <= 1]
    assert part.root is not tree.root and len(tree) == 41  # a copy: the tree stays whole
    assert (
        str(tree)
        == "Alpha-beta tree of Simple-Nim from 6: 41 nodes, 17 visited, 24 pruned; root score +1"
    )


@pytest.mark.parametrize(("game", "state"), POSITIONS)
@pytest.mark.parametrize("order", [None, repr])
def test_visited_nodes_are_the_calls_of_alphabeta(game, state, order):
    stats = SearchStats()
    score = alphabeta(game, state, order=order, stats=stats)
    tree = game_tree(game, state, alphabeta=True, order=order)
    assert tree.visited_count == stats.calls
    assert tree.root.score == score
    assert len(tree) == tree_size(game, state)
    assert [node.state for node in tree.visit_order] == [
        node.state for node in tree if node.visited
    ]


@settings(max_examples=40, deadline=None)
@given(
    takes=st.lists(st.integers(1, 4), min_size=1, max_size=3, unique=True),
    counters=st.integers(0, 12),
    sensible=st.booleans(),
)
def test_visited_nodes_are_the_calls_of_alphabeta_for_any_simple_nim(takes, counters, sensible):
    game = SimpleNim(takes=tuple(takes), sensible_moves=sensible)
    stats = SearchStats()
    alphabeta(game, counters, order=fewest_first, stats=stats)
    tree = game_tree(game, counters, alphabeta=True, order=fewest_first, keep_pruned=False)
    assert len(tree) == tree.visited_count == stats.calls


@pytest.mark.parametrize(
    ("game", "state"),
    [*POSITIONS, (textbook_tree(), "A"), (deep_cutoff_tree(), "A"), (RangedTinyTree(), "root")],
)
@pytest.mark.parametrize("alpha, beta", [(None, None), (-inf, inf)])
def test_cut_offs_are_the_nodes_with_pruned_children(game, state, alpha, beta):
    stats = SearchStats()
    alphabeta(game, state, True, alpha, beta, stats=stats)
    tree = game_tree(game, state, alphabeta=True, alpha=alpha, beta=beta)
    assert stats.cutoffs == sum(
        node.visited and any(child.pruned for child in node.children) for node in tree
    )


def test_visited_nodes_carry_their_window_and_bound():
    tree = game_tree(CLASSIC, 6, alphabeta=True, order=fewest_first)
    assert [node.visit_index for node in tree.visit_order] == list(range(17))
    assert all(
        (node.alpha, node.beta) == (-1, 1) and node.bound == "exact" for node in tree.visit_order
    )
    assert tree.root.score_text() == "+1"
    assert tree.root.children[0].score_text() == "-1"


def test_a_wide_window_prunes_less_and_every_nim_bound_is_exact_within_the_score_range():
    tree = game_tree(CLASSIC, 6, alphabeta=True, order=fewest_first, alpha=-inf, beta=inf)
    stats = SearchStats()
    alphabeta(CLASSIC, 6, True, -inf, inf, order=fewest_first, stats=stats)
    assert tree.visited_count == stats.calls == 20
    assert {node.bound for node in tree.visit_order} == {"exact"}


def test_bounds_of_real_scores_follow_the_three_cases():
    game = RangedTinyTree()
    for alpha, beta in ((-inf, inf), (0, 9), (4, 6), (5, 5.5), (3, 4.5)):
        tree = game_tree(game, "root", alphabeta=True, alpha=alpha, beta=beta)
        for node in tree.visit_order:
            bounds = stored_bounds(node.score, node.alpha, node.beta, *UNKNOWN)
            lower, upper = within(bounds, game.score_range)
            expected = (
                "exact"
                if lower == upper or not node.children
                else "upper"
                if upper == node.score
                else "lower"
            )
            assert node.bound == expected
    narrow = game_tree(game, "root", alphabeta=True, alpha=3, beta=4.5)
    assert {node.bound for node in narrow.visit_order} == {"exact", "lower", "upper"}
    assert narrow.root.score_text() == "≥ +5"
    # scored from 0 to 9, where a plus would say nothing: the caption writes none
    assert narrow.root.score_text(narrow.middle) == "≥ 5" and "root score ≥ 5" in str(narrow)


def test_zero_is_shown_without_a_sign():
    assert [Node(0, True, 0, score=s).score_text() for s in (0, 0.0, -0.0)] == ["0", "0", "0"]
    assert [Node(0, True, 0, score=0, bound=b).score_text() for b in ("lower", "upper")] == [
        "≥ 0",
        "≤ 0",
    ]


def test_a_plus_sign_is_written_only_where_the_middle_of_the_range_is_zero():
    """A plus says Max is ahead of a draw at 0; in a game scored from 0 to 20 (middle 10), "+3"
    would read as Max ahead where Min is, so its scores are written plain."""
    assert [score_text(score) for score in (3, 2.5, Fraction(1, 3))] == ["+3", "+2.5", "+1/3"]
    plain = [score_text(score, 10) for score in (3, 2.5, -4, 0, inf)]
    assert plain == ["3", "2.5", "-4", "0", "∞"]
    assert score_text(Fraction(1, 3), Fraction(1, 2)) == "1/3"
    tree = game_tree(textbook_tree(), "A")
    source = draw_tree(tree).source
    assert 'label="A\\n3"' in source and 'label="B1\\n3"' in source and "+" not in source
    assert str(tree).endswith("root score 3")


def test_a_tree_built_by_hand_names_a_game_whose_score_range_cannot_sign_its_scores():
    """The range signs and colours a tree's scores, so a GameTree refuses a game without one in
    the words every search uses, and a tree of a game scored 0 to 1 prints its score plain."""

    class Unranged(SimpleNim):
        score_range = None

    with pytest.raises(ValueError, match=r"score_range must be a pair of numbers"):
        GameTree(Unranged(), Node(3, True, 0, score=1))
    with pytest.raises(TypeError, match=r"game must be a Game such as SimpleNim\(\)"):
        GameTree("Simple-Nim", Node(3, True, 0, score=1))

    class Chances(SimpleNim):
        score_range = (0, 1)

    assert str(GameTree(Chances(), Node(3, True, 0, score=1))).endswith("root score 1")


def test_scores_that_are_not_whole_numbers_are_shown_with_their_decimals():
    assert [Node(0, True, 0, score=score).score_text() for score in (2.5, -0.75, 1.0, -3)] == [
        "+2.5",
        "-0.75",
        "+1",
        "-3",
    ]


def test_pruned_nodes_have_no_score_and_no_visit():
    tree = game_tree(CLASSIC, 6, alphabeta=True, order=fewest_first)
    pruned = [node for node in tree if node.pruned]
    assert len(pruned) == 24
    assert all(
        node.score is None and node.visit_index is None and node.alpha is None for node in pruned
    )
    assert all(child.pruned for node in pruned for child in node.children)


def test_huge_full_tree_is_refused_with_its_size():
    with pytest.raises(TreeTooLarge, match=r"4,434,690 nodes.*max_nodes=1,500.*alphabeta=True"):
        game_tree(CLASSIC, 25)
    assert issubclass(TreeTooLarge, ValueError)


@pytest.mark.parametrize("settings", [{}, {"alphabeta": True, "keep_pruned": False}])
def test_a_tree_deeper_than_a_recursion_goes_is_refused_as_too_large_to_draw(settings):
    """Not as SearchTooDeep, whose advice (iterative_minimax, solve) draws nothing."""
    with pytest.raises(TreeTooLarge, match="too large to draw: the game tree of Simple-Nim from "):
        game_tree(SimpleNim(), 5_000, **settings)


def test_huge_alphabeta_tree_is_refused():
    with pytest.raises(TreeTooLarge, match="alpha-beta visits more than 1,500 nodes"):
        game_tree(CLASSIC, 25, alphabeta=True, order=fewest_first)


def test_huge_pruned_branches_are_refused_unless_left_out():
    with pytest.raises(TreeTooLarge, match=r"visits 44 nodes.*1,564 nodes.*keep_pruned=False"):
        game_tree(CLASSIC, 12, alphabeta=True, order=fewest_first)
    assert len(game_tree(CLASSIC, 12, alphabeta=True, order=fewest_first, keep_pruned=False)) == 44


def test_vast_game_is_refused_at_once():
    start = time.process_time()  # CPU seconds: a busy machine does not add to them
    with pytest.raises(TreeTooLarge, match="more than 1,500 nodes"):
        game_tree(Nim(), (100,) * 6)
    assert time.process_time() - start < 2


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="max_nodes"):
        game_tree(CLASSIC, 3, max_nodes=0)
    with pytest.raises(ValueError, match="counters"):
        game_tree(CLASSIC, -1)


@pytest.mark.parametrize(
    "options, words",
    [
        ({"alphabeta": True, "alpha": 1, "beta": -1}, "alpha must be less than beta"),
        ({"alphabeta": True, "alpha": 1}, "alpha must be less than beta"),  # beta: the range's 1
    ],
)
def test_bad_tree_options_are_refused(options, words):
    with pytest.raises(ValueError, match=words):
        game_tree(SimpleNim(), 4, **options)


def test_a_vast_position_is_refused_at_once():
    with pytest.raises(TreeTooLarge, match="more than 1,500 nodes"):
        game_tree(Nim(), (1_000,) * 20)


def test_the_chance_tree_is_the_book_expectiminimax_s_own_visits():
    from nimlib import DiceNim, expectiminimax
    from nimlib.drawing.tree import chance_tree

    game = DiceNim(3)
    tree = chance_tree(game, game.start())
    assert isinstance(tree, GameTree) and len(tree) == tree_size(game, game.start()) == 35
    for node in tree:
        assert node.score == expectiminimax(game, node.state, node.is_maximizing)
        assert node.chance == game.is_chance(node.state)
        if node.chance:
            assert sum(child.probability for child in node.children) == 1
            assert all(child.is_maximizing == node.is_maximizing for child in node.children)
    assert [node.visit_index for node in tree] == list(range(35))  # the search's order
    assert tree.root.score_text() == "-2/3" and tree.root.state_label == "3"


class Spinner(Game):
    """A spinner a learner might write: two of its three outcomes lead to one state."""

    score_range = (-1, 1)

    def possible_new_states(self, state: str) -> list[str]:
        return ["spin"] if state == "start" else []

    def is_chance(self, state: str) -> bool:
        return state == "spin"

    def outcomes(self, state: str) -> list:
        return [(Fraction(1, 6), "lose"), (Fraction(1, 2), "win"), (Fraction(1, 3), "lose")]

    def evaluate(self, state: str, is_maximizing: bool) -> int | None:
        return {"win": 1, "lose": -1}.get(state)

    def validate(self, state: str) -> str:
        return state


def test_each_outcome_of_a_chance_node_is_drawn_with_its_own_probability():
    """Two outcomes to one state were both drawn with the first one's probability, 1/6."""
    from nimlib.drawing.tree import chance_tree

    spin = chance_tree(Spinner(), "start").root.children[0]
    assert [child.probability for child in spin.children] == [
        Fraction(1, 6),
        Fraction(1, 2),
        Fraction(1, 3),
    ]


class Counters:
    """A learner's class of states with no __eq__: compared by identity, as Python does."""

    def __init__(self, counters: int) -> None:
        self.counters = counters


class TakeOneOrTwo(Game):
    """Take 1 or 2 counters; whoever takes the last one wins."""

    score_range = (-1, 1)

    def possible_new_states(self, state: Counters) -> list[Counters]:
        return [Counters(state.counters - take) for take in (1, 2) if take <= state.counters]

    def evaluate(self, state: Counters, is_maximizing: bool) -> int | None:
        return None if state.counters else (-1 if is_maximizing else 1)

    def validate(self, state: Counters) -> Counters:
        return state


@pytest.mark.parametrize(
    "drawn",
    [
        lambda game, state: game_tree(game, state),
        lambda game, state: draw_mcts_tree(game, mcts_tree(game, state, 10)),
    ],
    ids=["game_tree", "draw_mcts_tree"],
)
def test_a_tree_of_states_compared_by_identity_names_them(drawn):
    """The same state made again is another object, not equal to it, so no move was found among
    the game's moves: game_tree said "no move leads from" the states of a move, and draw_mcts_tree
    that the tree "was grown in another game"."""
    with pytest.raises(ValueError, match="TakeOneOrTwo are not equal to themselves made again"):
        drawn(TakeOneOrTwo(), Counters(3))


@pytest.mark.parametrize("alphabeta_tree", [False, True])
def test_game_tree_sends_a_game_with_dice_to_draw_chance_tree(alphabeta_tree):
    """It said "Search a game with dice by expectiminimax or star1", of a chance node the learner
    never gave, and nothing of how to draw the tree."""
    from nimlib import DiceNim, Pig

    for game, state in ((DiceNim(3), (3, False)), (Pig(5), (0, 0, 0))):
        with pytest.raises(ValueError, match=r"with draw_chance_tree\(game, state\)$"):
            game_tree(game, state, alphabeta=alphabeta_tree)


def test_a_game_that_only_passes_on_is_chance_is_drawn_when_its_dice_never_move():
    """A wrapper that counts the moves of Simple-Nim, passing on every method (is_chance too), was
    refused as "a game with dice": game_tree judged by the class, not by the positions it met."""
    from nimlib import SimpleNim
    from nimlib.drawing import draw_positions

    class Counted(Game):
        def __init__(self, inner: Game) -> None:
            self.inner, self.score_range, self.expanded = inner, inner.score_range, 0

        def possible_new_states(self, state):
            self.expanded += 1
            return self.inner.possible_new_states(state)

        def evaluate(self, state, is_maximizing):
            return self.inner.evaluate(state, is_maximizing)

        def validate(self, state):
            return self.inner.validate(state)

        def is_chance(self, state):
            return self.inner.is_chance(state)

    game = Counted(SimpleNim())
    assert len(game_tree(game, 3)) == len(game_tree(SimpleNim(), 3))
    assert len(game_tree(game, 3, alphabeta=True)) == len(game_tree(SimpleNim(), 3, alphabeta=True))
    assert str(draw_positions(game, 4)) == "8 different positions from 4"


def test_best_play_through_a_chance_node_follows_every_face_of_the_die():
    from nimlib import DiceNim
    from nimlib.drawing.tree import chance_tree

    game = DiceNim(3)
    tree = chance_tree(game, game.start())
    best = tree.best_play()
    roll = next(node for node in tree.root.children if node.chance)
    assert roll in best and all(child in best for child in roll.children)
    assert not any(child in best for child in tree.root.children if not child.chance)


def test_a_line_of_play_given_to_a_chance_tree_may_pass_a_roll_of_the_die():
    """A line through a roll was refused: '(0, False) is not a move from (1, True)'."""
    from nimlib import DiceNim
    from nimlib.drawing.style import BEST_PLAY
    from nimlib.drawing.tree import chance_tree

    game = DiceNim(3)
    tree = chance_tree(game, game.start())
    line = [(1, False), (1, True), (0, False)]  # take 2; roll; the die takes the last counter
    assert [node.state for node in tree.line(line)] == [(3, False), *line]
    assert tree.line(line)[2].chance
    with pytest.raises(ValueError, match=r"\(3, True\) is not a move from \(1, True\)"):
        tree.line([(1, False), (1, True), (3, True)])
    source = draw_tree(tree, best_play=line, legend=False).source
    assert [edge for edge in source.splitlines() if "->" in edge and BEST_PLAY in edge] == [
        f'\t{edge} [label="{move}\xa0" color="{BEST_PLAY}" penwidth=3.5]'
        for edge, move in [
            ("n0 -> n1", "take 2"),
            ("n1 -> n3", "roll"),
            ("n3 -> n4", "1-6\xa0\\n1"),
        ]
    ]


def test_the_mcts_tree_is_copied_without_recursion_and_sorted_by_visits():
    import sys

    from nimlib import MCTSNode, TicTacToe, mcts_tree
    from nimlib.drawing.tree import mcts_game_tree

    deep = node = MCTSNode(1000, True, visits=1)  # a line of play: one counter taken at a time
    for number in range(1000):
        node.children.append(MCTSNode(999 - number, number % 2 == 1, parent=node, visits=1))
        node = node.children[0]
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)
    try:
        tree = mcts_game_tree(SimpleNim(), deep, depth=1000, min_visits=1, max_nodes=1200)
    finally:
        sys.setrecursionlimit(limit)
    assert len(tree) == 1001
    game = TicTacToe()
    root = mcts_tree(game, "O...X..X.", 100, seed=0)
    top = mcts_game_tree(game, root, depth=1, min_visits=1, max_nodes=100).root
    assert [child.visits for child in top.children] == sorted(
        (child.visits for child in root.children), reverse=True
    )
    assert top.visits_text == "100 playouts" and top.children[0].label.startswith("O at")


def test_an_mcts_node_is_named_by_its_move_as_an_edge_shows_it_up_to_its_first_comma():
    """Its nodes showed the whole move, "take 1, leaving 3" (a game of one's own: "knock pin 2 of
    row 2, leaving 1 and 2"), and a wide tree shrank until it could not be read."""
    from nimlib.drawing.tree import mcts_game_tree

    game = FibonacciNim()
    root = mcts_tree(game, game.start(8), 200, seed=0)
    top = mcts_game_tree(game, root, depth=2, min_visits=1, max_nodes=200).root
    labels = [child.label for child in top.children]
    assert labels and all(label.startswith("take ") and "," not in label for label in labels)


def test_the_mcts_trees_size_is_counted_as_it_is_copied_every_move_of_the_root_kept():
    from nimlib import TicTacToe, mcts_tree
    from nimlib.drawing.tree import mcts_game_tree, mcts_nodes

    game = TicTacToe()
    root = mcts_tree(game, "O...X..X.", 100, seed=0)
    fewest = min(child.visits for child in root.children) + 1  # one move of the root has fewer
    tree = mcts_game_tree(game, root, depth=3, min_visits=fewest, max_nodes=1000)
    assert mcts_nodes(root, 3, fewest) == len(tree)
    with pytest.raises(TreeTooLarge):
        mcts_game_tree(game, root, depth=3, min_visits=fewest, max_nodes=len(tree) - 1)


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("reward", None, "must be a number (the sum of its playouts' rewards), not None"),
        ("visits", None, "visits must be a whole number, not None"),
        ("children", None, "children must be a list of MCTSNodes, not None"),
        ("children", (1, 2), "children must be a list of MCTSNodes, not (1, 2)"),
    ],
)
@pytest.mark.parametrize("below", [False, True])
def test_an_mcts_tree_built_by_hand_is_drawn_or_its_wrong_field_named(field, value, words, below):
    """Notebook 13 builds its tree by hand: a reward None said "unsupported format string passed
    to NoneType.__format__", a visits None "'>=' not supported", a child 1 "'int' object has no
    attribute 'visits'", from inside the drawing; also for a node deeper than the drawing goes."""
    game = TicTacToe()
    root = mcts_tree(game, "O...X..X.", 50, seed=0)
    node = root.children[0]
    while below and node.children:
        node = max(node.children, key=lambda kid: kid.visits)
    setattr(node, field, value)
    with pytest.raises((TypeError, ValueError), match=re.escape(words)):
        draw_mcts_tree(game, root, depth=1)


@pytest.mark.parametrize("field", ["is_maximizing", "visited", "chance", "from_memo"])
def test_a_node_built_by_hand_whose_flag_is_not_true_or_false_is_refused_by_name(field):
    tree = game_tree(SimpleNim(), 2)
    setattr(tree.root.children[0], field, "yes")
    with pytest.raises(ValueError, match=f"a node's {field} must be True or False, not 'yes'"):
        draw_tree(tree)


def test_every_tree_is_drawn_in_one_style():
    from nimlib import DiceNim, TicTacToe, mcts_tree
    from nimlib.drawing import draw_chance_tree, draw_mcts_tree, draw_tree

    chance = draw_chance_tree(DiceNim(3), DiceNim(3).start()).source
    mcts = draw_mcts_tree(TicTacToe(), mcts_tree(TicTacToe(), "O...X..X.", 100), depth=1).source
    minimax_tree = draw_tree(game_tree(SimpleNim(), 4)).source
    min_node = 'fillcolor="#fbe3b3" fontcolor=black shape=ellipse style=filled'
    assert all(min_node in source for source in (chance, mcts, minimax_tree))
    assert 'label=dice fillcolor="#ffffff" margin="0.11,0.055" shape=circle' in chance
    assert "reward/visits" in mcts and "Max won" not in mcts


def test_a_count_of_one_is_said_in_the_singular():
    assert str(game_tree(SimpleNim(), 0)) == "Game tree of Simple-Nim from 0: 1 node; root score +1"
    summary = draw_mcts_tree(TicTacToe(), mcts_tree(TicTacToe(), "XOXOXO...", 1)).summary
    assert summary.startswith("MCTS tree after 1 playout: 2 nodes, 2 drawn")


@pytest.mark.parametrize(
    "settings, named",
    [
        ({"alpha": -inf}, "alpha=-inf need alphabeta=True"),
        ({"beta": 0}, "beta=0 need alphabeta=True"),
        ({"alpha": -1, "beta": 1}, "alpha=-1, beta=1 need alphabeta=True"),
        ({"keep_pruned": False}, "keep_pruned=False need alphabeta=True"),
        ({"alphabeta": False, "alpha": 0}, "alpha=0 need alphabeta=True"),
    ],
)
def test_a_minimax_tree_refuses_alphabetas_settings_instead_of_ignoring_them(settings, named):
    with pytest.raises(ValueError, match=named):
        game_tree(SimpleNim(), 4, **settings)


def test_the_memo_tree_visits_as_often_as_memoized_minimax_calls_and_marks_its_memo_answers():
    for game, state in [(SimpleNim(), 6), (Nim(), (1, 2, 2))]:
        stats = SearchStats()
        memoized_minimax(game, state, stats=stats)
        tree = traced_memo(game, state, 1_500)
        from_memo = sum(node.from_memo for node in tree)
        assert tree.visited_count == stats.calls and from_memo == stats.table_hits


def test_the_memo_tree_marks_the_repeated_positions_and_draws_their_subtrees_pruned():
    tree = traced_memo(SimpleNim(), 4, 1_500)
    seen = set()
    for node in tree.visit_order:
        entry = (node.state, node.is_maximizing)
        assert node.from_memo == (entry in seen)
        assert any(child.pruned for child in node.children) == (
            entry in seen and bool(node.children)
        )
        seen.add(entry)
    assert any(node.from_memo for node in tree)


class Loop(Game):
    """From a, Max may go on to b or win; from b, Min may go back to a or lose: play may go round
    for ever."""

    score_range = (-1, 1)

    def possible_new_states(self, state):
        return {"a": ["b", "won"], "b": ["a", "lost"]}.get(state, [])

    def evaluate(self, state, is_maximizing):
        return {"won": 1, "lost": -1}.get(state)

    def validate(self, state):
        return state


@pytest.mark.parametrize("memo", [False, True], ids=["alpha-beta", "memoized minimax"])
def test_a_traced_tree_names_the_cycle_it_went_round_when_its_budget_runs_out(memo):
    """Where the node budget ran out before the limit of nested calls (a high limit, as a user
    may set, or a small budget), the tree was said to be too large to draw: the cycle is named
    from the line the search was on."""
    with pytest.raises(ValueError, match="Loop has a cycle: play from 'a' can come back to 'a'"):
        if memo:
            traced_memo(Loop(), "a", 60)
        else:
            game_tree(Loop(), "a", alphabeta=True, max_nodes=60)


def test_the_mcts_trees_root_draws_the_board_that_its_moves_name_in_a_font_whose_columns_line_up():
    """The root was labelled "O...X..X." (and Connect Four's "(0, 0)"): no board to find b1 on."""
    from nimlib import ConnectFour, TicTacToe
    from nimlib.drawing.dot import BOARD_FONT

    game = TicTacToe()
    drawing = draw_mcts_tree(game, mcts_tree(game, "O...X..X.", 20, seed=0), depth=1)
    root = re.search(r"\tn0 \[(.*)\]", drawing.source)[1]
    assert r'label="  a b c\l1 O . .\l2 . X .\l3 . X .\l20 playouts"' in root
    assert "fontname=Courier" in root and drawing.source.count("fontname=Courier") == 1
    assert f'font-family="{BOARD_FONT}"' in drawing.svg()
    empty = ConnectFour().start()
    connect = draw_mcts_tree(ConnectFour(), mcts_tree(ConnectFour(), empty, 20, seed=0), depth=1)
    assert "1 2 3 4 5 6 7" in connect.source and "(0, 0)" not in connect.source


def test_the_lines_of_a_board_start_in_one_column_and_the_counts_below_it_are_centred():
    """Nim's piles, a line each and of different lengths, were centred line by line."""
    from nimlib import Nim

    drawing = draw_mcts_tree(Nim(), mcts_tree(Nim(), (3, 1, 5), 20, seed=0), depth=1)
    svg = drawing.svg()
    piles = re.findall(r'<text[^>]* text-anchor="start" x="([\d.]+)"[^>]*>pile \d', svg)
    assert len(piles) == 3 and len(set(piles)) == 1
    assert re.search(r'<text[^>]* text-anchor="middle"[^>]*>20 playouts<', svg)


def test_a_learners_picture_that_gives_no_text_is_named_where_mcts_draws_the_root():
    class Pictured(SimpleNim):
        def picture(self, state):
            return len(str(state))

    game = Pictured()
    with pytest.raises(TypeError, match=r"Pictured.picture gave 1 \(int\) for state 5: a picture"):
        draw_mcts_tree(game, mcts_tree(game, 5, 10, seed=0))


def test_a_learners_label_that_gives_no_text_is_named_where_a_tree_is_built():
    """A label that was not a str was found only by draw_tree, as the node's fault."""

    class Labelled(SimpleNim):
        def label(self, state):
            return state

    with pytest.raises(TypeError, match=r"^Labelled.label gave 3 \(int\) for state 3: a label"):
        game_tree(Labelled(), 3)


def test_a_pruned_node_is_named_by_the_games_label_as_a_visited_one_is():
    """Alpha-beta's pruned nodes showed Connect Four's two bitboards, (138247, 244975), beside the
    boards of the nodes it visited."""
    game = ConnectFour(width=4, height=4)
    tree = game_tree(game, game.from_moves("1234123412"), alphabeta=True)
    pruned = [node for node in tree if node.pruned]
    assert pruned and all(node.state_label == game.label(node.state) for node in pruned)


def test_a_connect_four_tree_names_each_node_by_its_board():
    """Its nodes showed the two bitboards, "(229472, 244835)"; ColumnsFrom was the only way."""
    game = ConnectFour(width=4, height=4)
    tree = game_tree(game, game.from_moves("12123434343"))
    assert tree.root.state_label == ". . X .\n. . X O\nX O X O\nX O X O"
    assert game.picture(tree.root.state) == f"{tree.root.state_label}\n1 2 3 4"
