"""The rules of each game: moves, endings, symmetries, descriptions and bad input."""

import re
from collections import deque

import pytest

from nimlib import (
    FibonacciNim,
    Nim,
    Pig,
    SearchBudgetExceeded,
    SimpleNim,
    SplitNim,
    deep_cutoff_tree,
    solve,
    textbook_tree,
)
from nimlib.games.columns_from import ColumnsFrom
from nimlib.games.connect_four import ConnectFour
from nimlib.games.dice import DiceNim
from nimlib.games.explicit_tree import ExplicitTree
from nimlib.games.printer import short_move
from nimlib.games.scored_nim import ScoredNim
from nimlib.games.tictactoe import TicTacToe
from nimlib.games.values import checked_choice


def test_simple_nim_moves_follow_the_takes_in_order():
    assert SimpleNim().possible_new_states(6) == [5, 4, 3]
    assert SimpleNim().possible_new_states(2) == [1, 0]
    assert SimpleNim(takes=(1, 4)).possible_new_states(5) == [4, 1]


def test_sensible_moves_only_empty_the_pile_when_forced():
    sensible = SimpleNim(sensible_moves=True)
    assert sensible.possible_new_states(3) == [2, 1]
    assert sensible.possible_new_states(1) == [0]
    assert SimpleNim(takes=(2, 3), sensible_moves=True).possible_new_states(2) == [0]


def test_simple_nim_ends_when_no_take_fits():
    misere, normal = SimpleNim(), SimpleNim(last_counter_loses=False)
    assert misere.evaluate(0, True) == 1 and misere.evaluate(0, False) == -1
    assert normal.evaluate(0, True) == -1 and normal.evaluate(0, False) == 1
    assert misere.evaluate(1, True) is None
    assert SimpleNim(takes=(2, 3)).evaluate(1, True) == 1


def test_nim_moves_go_largest_pile_first_emptying_the_pile_first():
    assert list(Nim().possible_new_states((1, 2))) == [(1, 0), (1, 1), (0, 2)]
    assert list(Nim().possible_new_states((2, 0, 2))) == [
        (0, 0, 2),
        (1, 0, 2),
        (2, 0, 0),
        (2, 0, 1),
    ]


def test_nim_ends_when_every_pile_is_empty():
    assert Nim().evaluate((0, 0), True) == 1
    assert Nim(last_counter_loses=False).evaluate((0, 0), True) == -1
    assert Nim().evaluate((0, 1), True) is None


def test_split_nim_splits_into_unequal_piles():
    assert list(SplitNim().possible_new_states((7,))) == [(6, 1), (5, 2), (4, 3)]
    assert list(SplitNim().possible_new_states((2, 4))) == [(2, 3, 1)]
    assert SplitNim().evaluate((1, 2, 2), True) == -1
    assert SplitNim().evaluate((3,), True) is None


def test_fibonacci_nim_allows_twice_the_last_take():
    assert FibonacciNim.start(5) == (5, 4)
    assert FibonacciNim().possible_new_states((5, 4)) == [(4, 2), (3, 4), (2, 6), (1, 8)]
    assert FibonacciNim().possible_new_states((3, 2)) == [(2, 2), (1, 4)]
    assert FibonacciNim().evaluate((0, 4), True) == -1


def test_canonical_states_drop_what_does_not_matter():
    assert Nim().canonical((3, 0, 1, 2)) == (1, 2, 3)
    assert SplitNim().canonical((5, 1, 2, 3)) == (3, 5)
    assert FibonacciNim().canonical((3, 10)) == (3, 3)
    assert SimpleNim().canonical(7) == 7


def reachable_states(game, start, most=300):
    """The first `most` states play reaches from `start`, breadth first (the dice's too)."""
    seen, waiting = {start}, deque([start])
    while waiting and len(seen) < most:
        state = waiting.popleft()
        chance = game.is_chance(state)
        for new_state in (
            [new for _, new in game.outcomes(state)] if chance else game.possible_new_states(state)
        ):
            if new_state not in seen:
                seen.add(new_state)
                waiting.append(new_state)
    return seen


@pytest.mark.parametrize(
    "game, start",
    [
        (SimpleNim(), 12),
        (SimpleNim(takes=(1, 3, 4), last_counter_loses=False), 12),
        (Nim(), (1, 2, 3)),
        (FibonacciNim(), FibonacciNim.start(9)),
        (SplitNim(), (9,)),
        (ScoredNim(), ScoredNim().start()),
        (TicTacToe(), "........."),
        (ConnectFour(4, 4), ConnectFour(4, 4).start()),
        (ColumnsFrom(ConnectFour(4, 4), ConnectFour(4, 4).from_moves("1234")), "…"),
        (textbook_tree(), textbook_tree().root),
        (deep_cutoff_tree(), deep_cutoff_tree().root),
        (DiceNim(7), DiceNim(7).start()),
        (Pig(5), Pig(5).start()),
    ],
    ids=repr,
)
def test_every_game_lists_each_move_once_and_tells_its_moves_apart_in_short(game, start):
    """The contract (Game.possible_new_states, Game.describe_move): a state two moves reach is
    listed once, and a move's words up to their first comma (a drawn edge's label, what a player
    types in the terminal game) tell the moves from one state apart."""
    for state in reachable_states(game, game.validate(start)):
        if game.is_chance(state):
            continue
        new_states = list(game.possible_new_states(state))
        assert len(set(new_states)) == len(new_states), (state, new_states)
        shorts = [short_move(game.describe_move(state, new)) for new in new_states]
        assert len(set(shorts)) == len(shorts), (state, shorts)


def test_moves_are_described_in_words():
    assert SimpleNim().describe_move(6, 4) == "take 2, leaving 4"
    assert Nim().describe_move((2, 3, 5), (2, 3, 1)) == "take 4 from pile 3"
    assert SplitNim().describe_move((3, 7), (3, 5, 2)) == "split pile 2 (7) into 5 and 2"
    assert FibonacciNim().describe_move((10, 9), (7, 6)) == "take 3, leaving 7"


@pytest.mark.parametrize(
    "game, state, words",
    [
        (SimpleNim(), -1, "counters must be at least 0, not -1"),
        (SimpleNim(), 2.5, "counters must be a whole number, not 2.5"),
        (SimpleNim(), True, "not True (bool)"),
        (SimpleNim(), "6", "not '6' (str)"),
        (SimpleNim(), 10**9, "counters = 1000000000 is too large"),
        (Nim(), 5, "tuple of pile sizes"),
        (Nim(), (), "at least one pile"),
        (Nim(), (2, -1), "pile 2 must be at least 0, not -1"),
        (Nim(), (2, 1.5), "pile 2 must be a whole number"),
        (Nim(), (1,) * 21, "21 piles are too many"),
        (Nim(), (5000,), "pile 1 = 5000 is too large"),
        (SplitNim(), (0, 3), "pile 1 must be at least 1, not 0"),
        (SplitNim(), (1,) * 20_001, "20,001 piles are too many: at most 20,000 are allowed"),
        (FibonacciNim(), (5,), "pair (counters, max_take)"),
        (FibonacciNim(), (5, 0), "max_take must be at least 1, not 0"),
        (FibonacciNim(), (False, 1), "counters must be a whole number"),
    ],
)
def test_bad_states_are_refused_with_a_message_naming_the_value(game, state, words):
    with pytest.raises(ValueError, match=None) as error:
        game.validate(state)
    assert words in str(error.value)


def test_validate_returns_the_standard_form():
    assert Nim().validate([2, 3]) == (2, 3)
    assert FibonacciNim().validate([0, 0]) == (0, 0)


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda: SimpleNim(takes=()), "non-empty tuple"),
        (lambda: SimpleNim(takes=(1, 0)), "each of takes must be at least 1, not 0"),
        (lambda: SimpleNim(takes=(1, 1)), "must not repeat"),
        (lambda: FibonacciNim.start(1), "counters must be at least 2, not 1"),
    ],
)
def test_bad_game_settings_are_refused(make, words):
    with pytest.raises(ValueError) as error:
        make()
    assert words in str(error.value)


def test_columns_from_refuses_a_game_that_is_not_connect_four_by_name():
    with pytest.raises(TypeError, match=r"must be a ConnectFour such as ConnectFour\(\), not Nim"):
        ColumnsFrom(Nim(), (1, 2))


def test_sensible_moves_are_only_for_misere_play():
    with pytest.raises(ValueError, match="sensible_moves=True needs last_counter_loses=True"):
        SimpleNim(last_counter_loses=False, sensible_moves=True)


@pytest.mark.parametrize(
    "make, words",
    [
        (
            lambda: SimpleNim(last_counter_loses="no"),
            "last_counter_loses must be True or False, not 'no'",
        ),
        (
            lambda: Nim(last_counter_loses=None),
            "last_counter_loses must be True or False, not None",
        ),
        (lambda: FibonacciNim.start(5_000), "counters = 5000 is too large"),
    ],
)
def test_game_settings_must_be_true_or_false_and_in_range(make, words):
    with pytest.raises(ValueError) as error:
        make()
    assert words in str(error.value)


def test_every_game_of_the_series_has_a_readable_name_of_its_own():
    from nimlib import ConnectFour, ScoredNim, TicTacToe, deep_cutoff_tree, textbook_tree
    from nimlib.games.columns_from import ColumnsFrom

    games = [
        SimpleNim(),
        Nim(),
        SplitNim(),
        FibonacciNim(),
        ScoredNim(),
        TicTacToe(),
        ConnectFour(),
    ]
    names = [game.name for game in games]
    assert names == [
        "Simple-Nim",
        "Nim",
        "Split Nim",
        "Fibonacci Nim",
        "Scored Nim",
        "tic-tac-toe",
        "Connect Four",
    ]
    assert (
        textbook_tree().name == "the textbook tree"
        and deep_cutoff_tree().name == "the deep cut-off tree"
    )
    assert ColumnsFrom(ConnectFour(), ConnectFour().from_moves("44")).name == "Connect Four"


def test_a_game_of_ones_own_is_called_by_its_class_and_a_written_tree_by_the_name_given():
    from nimlib import ExplicitTree

    class Race(SimpleNim):
        """A learner's own game, with no name given."""

    assert Race().name == "Simple-Nim"  # a subclass keeps its parent's name
    assert ExplicitTree([[1, 2]]).name == "a hand-written tree"
    assert ExplicitTree([[1, 2]], name="my first tree").name == "my first tree"
    with pytest.raises(ValueError, match="name must be a non-empty string"):
        ExplicitTree([[1, 2]], name="  ")


def test_a_game_without_a_name_is_called_by_its_class():
    from nimlib.games.base import Game

    class Countdown(Game):
        """A game with no name: one pile, take 1."""

        score_range = (-1, 1)

        def possible_new_states(self, state):
            return [state - 1] if state else []

        def evaluate(self, state, is_maximizing):
            return (1 if is_maximizing else -1) if state == 0 else None

        def validate(self, state):
            return state

    assert Countdown().name == "Countdown" and Countdown.name == "Countdown"
    named = Countdown()
    named.name = "countdown from any number"  # a game of one's own may name itself
    assert named.name == "countdown from any number" and Countdown().name == "Countdown"


def test_a_menu_lists_a_name_with_a_capital_and_no_article():
    from nimlib.games.printer import menu_name

    assert [menu_name(name) for name in ("the textbook tree", "tic-tac-toe", "Simple-Nim")] == [
        "Textbook tree",
        "Tic-tac-toe",
        "Simple-Nim",
    ]


NOT_MOVES = [
    (SimpleNim(), 6, 6),  # no take of 0
    (SimpleNim(), 6, 1),  # no take of 5
    (SimpleNim(), 6, 9),
    (Nim(), (2, 3), (1, 2)),  # from two piles at once
    (Nim(), (2, 3), (2, 3)),
    (Nim(), (2, 3), (2, 3, 0)),
    (SplitNim(), (7,), (4, 2)),  # counters lost
    (SplitNim(), (7,), (7, 1)),
    (FibonacciNim(), (10, 9), (0, 20)),  # the whole pile at the first take
    (FibonacciNim(), (10, 2), (7, 6)),
    (ScoredNim(), (8, 0), (4, 0)),  # a take of 4
    (ScoredNim(), (8, 0), (7, 0)),  # the wrong lead
    (TicTacToe(), "X........", "X........"),
    (TicTacToe(), "X........", "XX.O....."),  # two marks at once
    (TicTacToe(), "X........", ".O..X...."),  # X's mark moved
    (ConnectFour(), ConnectFour().start(), ConnectFour().from_moves("44")),
    (ExplicitTree([[3, 12], [2, 4]]), "A", "B1"),
    (ExplicitTree([[3, 12], [2, 4]]), "B", "C1"),
    (DiceNim(), (3, False), (0, False)),
    (DiceNim(), (3, True), (3, False)),
    (ColumnsFrom(ConnectFour(), ConnectFour().from_moves("44")), "…", "…45"),
]


@pytest.mark.parametrize("game, state, new_state", NOT_MOVES, ids=repr)
def test_describe_move_refuses_a_pair_of_states_that_is_not_a_move(game, state, new_state):
    with pytest.raises(ValueError, match=f"no move of {game.name} leads from .* to "):
        game.describe_move(state, new_state)


@pytest.mark.parametrize(
    "game, state, new_state, problem",
    [
        (SimpleNim(), -1, 0, "counters must be at least 0"),
        (SimpleNim(), 3, None, "counters must be a whole number, not None"),
        (Nim(), (2, 3), "x", "the state must be a tuple of pile sizes"),
        (FibonacciNim(), 5, (3, 2), r"the state must be a pair \(counters, max_take\)"),
        (TicTacToe(), "XXXXXO...", "XXXXXOO..", "has 5 X and 1 O"),
        (TicTacToe(), "X..", "X..O", "the board must be a string of 9 characters"),
        (TicTacToe(), ".........", "....Z....", "has the character 'Z'"),
        (ConnectFour(), (0, 1.0), (0, 1), r"a state must be a pair \(mover, mask\)"),
        (ExplicitTree([[3, 12], [2, 4]]), "A", "Z", "'Z' is not a position of this tree"),
        (DiceNim(), (3, "no"), (2, False), r"a Dice Nim state is \(counters, rolling\)"),
    ],
)
def test_describe_move_refuses_a_state_the_game_cannot_have(game, state, new_state, problem):
    with pytest.raises(ValueError, match=problem):
        game.describe_move(state, new_state)


class ForgotTheComma(ExplicitTree):
    """A tree whose moves from "A" are written ("AB"), one string, where ("AB",) was meant: "B"
    is a position of the tree too."""

    def possible_new_states(self, state: str) -> object:
        return "AB" if state == "A" else super().possible_new_states(state)


def test_describe_move_refuses_one_string_given_for_the_moves_as_the_searches_do():
    """A move "B" was once found among the moves "AB", one string read as its characters."""
    game = ForgotTheComma({"A": ["AB", "B"], "AB": 1, "B": -1})
    for new_state in ("AB", "B"):
        with pytest.raises(TypeError, match="gave 'AB' .str. at state 'A': it must give the"):
            game.describe_move("A", new_state)


class OnePileForgotTheComma(Nim):
    """Nim of one pile whose one move from (3,) is written ((2,)), the state, where ((2,),) was
    meant."""

    def possible_new_states(self, state: tuple) -> object:
        return (2,) if state == (3,) else super().possible_new_states(state)


def test_describe_move_names_one_state_given_for_the_moves():
    """It said only that no move leads from (3,) to (2,), having looked for it among 2."""
    words = r"gave \(2,\) at state \(3,\): the state \(2,\) itself, whose items were taken"
    with pytest.raises(TypeError, match=words):
        OnePileForgotTheComma().describe_move((3,), (2,))


@pytest.mark.parametrize("method", ["minimax", "memo", "alphabeta", "negamax", "deepening"])
def test_a_search_names_one_state_given_for_the_moves_where_its_items_fail_as_states(method):
    """Its items, 2 and so on, were searched as states, and the game's own evaluate failed on one
    with "'int' object is not iterable", under a note naming only the root."""
    words = r"gave \(2,\) at state \(3,\): the state \(2,\) itself, whose items were taken"
    with pytest.raises(TypeError, match=words):
        solve(OnePileForgotTheComma(), (3,), method=method)


class Millions(ExplicitTree):
    """A tree whose root has more moves than any position may have (as one without end would):
    the generator ends, so that a move looked for among them all is not looked for forever."""

    def possible_new_states(self, state: str) -> object:
        return (f"{n}" for n in range(3_000_000)) if state == "A" else []


def test_describe_move_looks_through_a_million_moves_at_most_as_the_searches_do():
    """It once looked through them all, and through a generator without end for ever."""
    game = Millions({"A": ["B"], "B": 1})
    with pytest.raises(SearchBudgetExceeded, match="gave more than 1,000,000 moves from 'A'"):
        game.describe_move("A", "B")


def test_split_nim_takes_every_state_its_splits_reach():
    """Four piles of 12 split down to 44 piles: its picture, moves and descriptions take them."""
    game, state = SplitNim(), (12, 12, 12, 12)
    while new_states := list(game.possible_new_states(state)):
        assert game.describe_move(state, new_states[0]).startswith("split pile")
        state = new_states[0]
    assert len(game.validate(state)) == 44 and game.picture(state).count("pile") == 44


@pytest.mark.parametrize(
    "game, state, problem",
    [
        (TicTacToe(), "XXXXXO...", "has 5 X and 1 O"),
        (TicTacToe(), "X..", "the board must be a string of 9 characters"),
        (SimpleNim(), -1, "counters must be at least 0, not -1"),
        (Nim(), "1 2", "the state must be a tuple of pile sizes"),
        (ExplicitTree([[3, 12], [2, 4]]), "Z", "'Z' is not a position of this tree"),
        (ColumnsFrom(ConnectFour(), ConnectFour().from_moves("44")), "…x", "…x"),
    ],
)
def test_describe_state_refuses_a_state_the_game_cannot_have(game, state, problem):
    """Not the state shown as if it were one."""
    with pytest.raises(ValueError, match=problem):
        game.describe_state(state)


VARIANTS = ("Simple-Nim", "Nim", "Split Nim", "Fibonacci Nim")


@pytest.mark.parametrize(
    ("given", "meant"),
    [
        ("simple-nim", "Simple-Nim"),
        ("NIM", "Nim"),
        ("split-nim", "Split Nim"),
        ("fibonacci", "Fibonacci Nim"),
    ],
)
def test_a_near_miss_of_a_name_is_told_the_name_it_meant(given, meant):
    listed = "choose one of 'Simple-Nim', 'Nim', 'Split Nim', 'Fibonacci Nim'"
    said = f"unknown variant {given!r}: {listed} (did you mean {meant!r}?)"
    with pytest.raises(ValueError, match=f"^{re.escape(said)}$"):
        checked_choice(given, VARIANTS, "variant")


@pytest.mark.parametrize("given", ["Chess", ["Nim"], None])
def test_a_name_like_none_of_the_choices_is_told_the_choices_alone(given):
    listed = "choose one of 'Simple-Nim', 'Nim', 'Split Nim', 'Fibonacci Nim'"
    with pytest.raises(ValueError, match=re.escape(f": {listed}") + "$"):
        checked_choice(given, VARIANTS, "variant")


class TopRowWins(TicTacToe):
    """A learner's tic-tac-toe: play ends at any line, but only a line in the top row wins."""

    def evaluate(self, state, is_maximizing):
        if self.line_owner(state):
            top = state[0] == state[1] == state[2] != "."
            return (-1 if is_maximizing else 1) if top else 0
        return None if "." in state else 0


class MaxAlwaysWins(SimpleNim):
    """A learner's Simple-Nim whose end is a win for Max, whoever took the last counter."""

    def evaluate(self, state, is_maximizing):
        return None if state else 1


@pytest.mark.parametrize(
    ("game", "state", "is_maximizing", "methods"),
    [
        (TopRowWins(), "X..O...OX", True, ["memo_canonical", "iterative"]),
        (MaxAlwaysWins(), 5, True, ["negamax"]),
    ],
    ids=["canonical", "score_depends_only_on_mover"],
)
def test_a_subclass_that_rewrites_the_rules_keeps_none_of_its_parents_knowledge_of_them(
    game, state, is_maximizing, methods
):
    """memo_canonical and iterative scored the top-row game's draw 1, trusting tic-tac-toe's
    symmetries; negamax scored Max's sure win -1, trusting Simple-Nim's mirror."""
    expected = solve(game, state, is_maximizing, method="minimax")
    found = {method: solve(game, state, is_maximizing, method=method) for method in methods}
    assert found == dict.fromkeys(methods, expected)
    assert game.canonical(state) == state and not game.score_depends_only_on_mover


def test_a_subclass_that_rewrites_the_rules_is_named_by_its_class_unless_it_names_itself():
    """Simple-Nim with other takes was captioned "Simple-Nim" in every drawing and widget."""

    class TakeOneOrTwo(SimpleNim):
        def possible_new_states(self, state):
            return [state - take for take in (1, 2) if take <= state]

    class Renamed(TakeOneOrTwo):
        name = "Take one or two"

    class Explained(SimpleNim):
        def describe_state(self, state):
            return f"{state} left"

    assert [TakeOneOrTwo().name, Renamed().name] == ["TakeOneOrTwo", "Take one or two"]
    assert TopRowWins().name == "TopRowWins" and Explained().name == "Simple-Nim"


def test_knowledge_stated_again_or_given_by_a_mixin_is_kept():
    class NimWithoutMirrorMoves(Nim):
        canonical = Nim.canonical

        def possible_new_states(self, state):
            return list(dict.fromkeys(map(self.canonical, super().possible_new_states(state))))

    assert NimWithoutMirrorMoves().canonical((3, 1, 2)) == (1, 2, 3)
    assert not NimWithoutMirrorMoves.score_depends_only_on_mover  # not stated again
    board = ConnectFour().from_moves("1")
    assert ConnectFour().canonical(board) == ConnectFour().canonical(ConnectFour().from_moves("7"))


def test_the_middle_of_a_score_range_tells_a_win_from_a_loss_where_it_has_one():
    from fractions import Fraction

    from nimlib.games.values import middle_of_range

    def scored(low: float, high: float) -> ExplicitTree:
        tree = ExplicitTree([[1, 2]], score_range=(0, 10))
        tree.score_range = (low, high)
        return tree

    assert middle_of_range(SimpleNim()) == 0 and middle_of_range(scored(0, 1)) == Fraction(1, 2)
    assert middle_of_range(scored(0.5, 2.5)) == 1.5
    assert middle_of_range(scored(-float("inf"), float("inf"))) == 0
    assert middle_of_range(scored(0, float("inf")), otherwise=0) == 0
    with pytest.raises(ValueError, match=r"has no middle, so no score in it is a win or a loss"):
        middle_of_range(scored(0, float("inf")))


def test_a_long_state_is_shown_cut_short_in_a_moves_words():
    """A game's states of thousands of characters were written whole into a move's words."""
    from nimlib import Game

    class LongCountdown(Game):
        """A pile of counters, taken one at a time, the state written out as a long tuple."""

        score_range = (-1, 1)

        def possible_new_states(self, state):
            return [(state[0] - 1, *state[1:])] if state[0] else []

        def evaluate(self, state, is_maximizing):
            return (1 if is_maximizing else -1) if state[0] == 0 else None

        def validate(self, state):
            return state

    state = (3, *range(5_000))
    words = LongCountdown().describe_move(state, (2, *range(5_000)))
    assert words.startswith("move from (3, 0, 1, 2") and len(words) < 200, len(words)


def test_a_plain_class_shows_the_settings_its_init_gave_it():
    """A learner's game written as a plain class printed as Takes() whatever its takes, and a
    table filled for one was refused for another as "of Takes(), and this search is of
    Takes()". A game whose own __repr__ leaves its settings out is said to be another."""
    from nimlib import Game, memoized_minimax

    class Takes(Game):
        score_range = (-1, 1)

        def __init__(self, takes):
            self.takes, self._seen = takes, set()

        def possible_new_states(self, state):
            return [state - take for take in self.takes if take <= state]

        def evaluate(self, state, is_maximizing):
            return (1 if is_maximizing else -1) if state == 0 else None

        def validate(self, state):
            return state

    class QuietTakes(Takes):
        def __repr__(self):
            return "QuietTakes()"

    assert repr(Takes((1, 2))) == "Takes(takes=(1, 2))"
    for game, refused in [
        (Takes, r"of Takes\(takes=\(1, 2\)\), and this search is of Takes"),
        (QuietTakes, r"of QuietTakes\(\), and this search is of another QuietTakes\(\), with"),
    ]:
        table: dict = {}
        memoized_minimax(game((1, 2)), 5, table=table)
        with pytest.raises(ValueError, match=refused):
            memoized_minimax(game((1, 3)), 5, table=table)


class Forgetful(SimpleNim):
    """possible_new_states without its return: it gives None."""

    def possible_new_states(self, counters):
        [counters - take for take in self.takes if take <= counters]


@pytest.mark.parametrize(
    "asked",
    ["describe_move", "draw_positions", "explore_mcts", "solve"],
)
def test_moves_that_are_no_states_are_named_wherever_they_are_listed(asked):
    """describe_move, draw_positions and explore_mcts raised Python's own "'NoneType' object is
    not iterable", where the searches named the method."""
    from nimlib.drawing import draw_positions
    from nimlib.widgets import explore_mcts

    calls = {
        "describe_move": lambda: Forgetful().describe_move(5, 4),
        "draw_positions": lambda: draw_positions(Forgetful(), 5),
        "explore_mcts": lambda: explore_mcts(Forgetful(), 5),
        "solve": lambda: solve(Forgetful(), 5),
    }
    words = r"Forgetful.possible_new_states gave None \(NoneType\) at state 5: it must give"
    with pytest.raises(TypeError, match=words):
        calls[asked]()


def test_a_long_value_is_cut_after_a_whole_item_with_its_brackets_closed():
    """A cut inside a board read as empty squares: [(6, (0.68, 'X.......]"""
    from nimlib.games.printer import shown

    pairs = [(move, (move / 10, "X" + "." * 8)) for move in range(9)]
    assert shown(pairs, limit=60) == "[(0, (0.0, 'X........')), (1, (0.1, 'X........')), (2, …)]"
    assert shown("O" * 100) == "'" + "O" * 77 + "…'"  # 80 characters
    said = "he said \"it's, " * 3  # a repr of escaped quotes, the cut inside it
    assert shown([said] * 2) == f"[{said!r}, " + r"""'he said "it\'s, …']"""
    assert shown(list(range(50)), limit=400).endswith(", 38, 39, …]")


def test_a_value_cut_short_is_never_longer_than_the_limit():
    """Brackets closed after the cut ran up to 3 characters past it."""
    from nimlib.games.printer import shown

    nested = {0: [(1.5, ([[1] * 5], [[2] * 5])), "x" * 13], 1: ({0: ["x" * 25]},)}
    assert len(shown(nested)) <= 80 and shown(nested).endswith("…']})}")


def test_many_piles_share_lines_of_the_picture_a_few_have_a_line_each():
    """26 piles of Split Nim took 26 lines, past a 24-line terminal and a projector's screen."""
    many = SplitNim().picture((3, 2, *[1] * 24))
    assert len(many.split("\n")) == 7 and max(map(len, many.split("\n"))) <= 72
    assert many.startswith("pile 1: ●●● (3)  ·  pile 2: ●● (2)  ·  pile 3: ● (1)")
    assert Nim().picture((9, 9, 9)) == "\n".join(f"pile {n}: {'●' * 9} (9)" for n in (1, 2, 3))


def test_a_pile_reads_naturally_at_two_takes_and_empty():
    """An empty pile began with a space, " (0 counters)"; two takes read "1 to 2"."""
    assert FibonacciNim().picture((5, 2)).endswith("The next take may be 1 or 2.")
    assert FibonacciNim().picture((5, 3)).endswith("The next take may be 1 to 3.")
    assert Nim().picture((0, 3)) == "pile 1: (0)\npile 2: ●●● (3)"
    assert SimpleNim().picture(0) == "(0 counters)"
