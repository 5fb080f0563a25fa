"""play_pig() and explore_mcts() without a browser: what they say, and bad input as messages."""

import html
import itertools
import re
from collections.abc import Iterator

import pytest
from pictures import pictures_in

import nimlib.book.limits
import nimlib.widgets.mcts
from nimlib import (
    DiceNim,
    ExplicitTree,
    Game,
    Pig,
    SearchBudgetExceeded,
    SearchStats,
    SimpleNim,
    TicTacToe,
)
from nimlib.book.mcts import mcts_tree
from nimlib.drawing.draw import draw_mcts_tree
from nimlib.solving import best_move
from nimlib.widgets.mcts import explore_mcts
from nimlib.widgets.pig import move_cost, play_pig


def test_pig_says_each_roll_and_the_chance_of_winning():
    widget = play_pig(goal=10, seed=3)
    assert "Your chance of winning with best play from here: " in widget.text
    widget.choose(True)
    assert "You rolled a" in widget.text
    for _ in range(60):  # play on, holding whenever allowed, until the game ends
        if widget.winner is not None:
            break
        widget.choose(False)
    assert widget.winner in ("you", "computer")
    assert widget.roll_button.disabled and widget.hold_button.disabled  # on again at New game
    widget.choose(True)
    assert (
        "The game is over: " in widget.words.value
        and "Press New game" in widget.words.value
        and "Traceback" not in widget.words.value
    )
    widget.new_game()
    assert widget.winner is None and "New game to 10" in widget.text
    assert not (widget.roll_button.disabled or widget.hold_button.disabled)


def test_your_last_move_stays_in_the_news_however_long_the_computers_turn():
    """Seed 0: your third roll is a 1, and the computer then rolls six times and wins. Its turn
    is one line, so your 1 is still there to say why your turn ended."""
    widget = play_pig(seed=0)
    for _ in range(3):
        widget.choose("roll")
    lines = widget.text.splitlines()
    assert "You rolled a 1: the turn total is lost." in lines
    assert "The computer rolled 3, 5, 4, 4, 3, then a 4: turn total 23." in lines
    assert widget.winner == "computer"


def test_a_hold_best_play_would_not_make_says_what_it_cost_with_the_hold():
    """Holding 2 at the start of Pig to 20 passes the turn: the news says the chance it cost
    (63.7% to 40.6%) in the hold's own line, before the computer's turn (it stood under the
    status, after that turn, and in a line of its own would have outlived its move at the top of
    the news), and no cost of your next roll, which best play would make too."""
    widget = play_pig(goal=20, seed=1)
    widget.choose("roll")  # a 2; at a turn total of 0 rolling is the only move: no cost
    assert "Best play would" not in widget.text.replace("Best play would roll now.", "")
    widget.choose("hold")
    lines = widget.text.splitlines()
    held = lines.index(
        "You held: 2 banked. Best play would have rolled: your hold took your chance of winning "
        "from 63.7% to 40.6%."
    )
    assert lines[held + 1].startswith("The computer rolled")
    widget.choose("roll")
    assert widget.text.count("Best play would") == 2  # the hold's, and "roll now"


@pytest.mark.parametrize(
    "rolls, roll, hold, words",
    [
        (
            True,
            0.5,
            0.6,
            "Best play would have held: your roll took your chance of winning from 60.0% "
            "to 50.0%, on average over the die.",
        ),
        (
            False,
            0.6,
            0.5,
            "Best play would have rolled: your hold took your chance of winning from 60.0% to "
            "50.0%.",
        ),
        (True, 0.6, 0.5, None),  # best play's own move
        (False, 0.50001, 0.5, None),  # as good to the tenth of a percent shown
    ],
)
def test_a_moves_cost_is_said_only_where_best_play_would_move_otherwise(rolls, roll, hold, words):
    assert move_cost(rolls, roll, hold) == words


def test_a_hold_at_a_turn_total_of_0_is_refused_and_not_kept_in_the_news():
    """The refusal stayed among the rolls in the news, long after it was made."""
    widget = play_pig(goal=20, seed=1)
    widget.choose("hold")
    assert "Nothing to hold yet: a turn starts with a roll." in widget.text
    assert widget.turn == 0 and not widget.moved
    widget.choose("roll")
    assert "Nothing to hold yet" not in widget.text


def test_a_second_click_on_roll_before_the_dice_answered_is_ignored(monkeypatch):
    """Six quick clicks on Roll made five rolls and ended the game: a double click rolled twice,
    the second time before the first roll's face was on screen."""
    from nimlib.widgets import match as match_module

    monkeypatch.setattr(match_module, "LATE_CLICK", 0.3)
    widget = play_pig(goal=20, seed=1)
    widget.roll_button.click()
    rolled = widget.text.count("You rolled")
    widget.roll_button.click()  # a double click's second click, handled right after the first
    assert widget.text.count("You rolled") == rolled == 1
    assert "came before the last roll was on screen" in widget.text  # no mystery, no board
    monkeypatch.setattr(match_module, "monotonic", lambda: widget.answered_at + 0.31)
    widget.roll_button.click()  # a click made once the face was on screen rolls
    assert widget.text.count("You rolled") == 2  # seed 1 rolls a 2, then a 5
    assert widget.unseen_click not in widget.text


def test_pig_takes_roll_and_hold_by_their_words_and_names_any_other_move():
    """choose("hold") rolled (any non-empty str was a roll); now "hold" holds, and 1 or None is a
    message under the board, no move made."""
    words, flags = play_pig(goal=10, seed=5), play_pig(goal=10, seed=5)
    words.choose("roll")
    flags.choose(True)
    assert words.text == flags.text
    words.choose(" Hold")
    flags.choose(False)
    assert words.text == flags.text and "You held" in words.text
    for wrong in (1, None, "stay"):
        words.new_game()
        words.choose(wrong)
        said = f"Your move must be 'roll' or 'hold' (True or False), not {wrong!r}"
        assert said in words.text and words.turn == 0 and "rolled" not in words.text


def test_the_same_seed_gives_the_same_game_and_the_still_picture_has_the_words():
    one, two = play_pig(goal=10, seed=5), play_pig(goal=10, seed=5)
    for widget in (one, two):
        widget.choose(True)
        widget.choose(True)
    assert one.text == two.text
    assert "Roll" in one._repr_mimebundle_()["text/html"]


def test_pig_refuses_a_goal_too_large_to_solve_quickly():
    with pytest.raises(ValueError, match="goal"):
        play_pig(goal=100)


def test_the_mcts_slider_redraws_and_says_right_or_wrong():
    widget = explore_mcts(TicTacToe(), "O...X..X.", playouts=100)
    assert "Exact best: O at b1" in widget.view.text and ": right." in widget.view.text
    widget.slider.value = 10
    assert "of the 10 playouts went through this move" in widget.view.text
    assert ": wrong." in widget.view.text
    assert "<img" in widget._repr_mimebundle_()["text/html"]


class TakeUpToSixty(Game):
    """Take 1 to 60 counters, the last counter wins: 60 moves a position, a wide MCTS tree."""

    score_range = (-1, 1)
    score_depends_only_on_mover = True

    def possible_new_states(self, counters):
        return [counters - take for take in range(1, 61) if take <= counters]

    def evaluate(self, counters, is_maximizing):
        return (-1 if is_maximizing else 1) if counters == 0 else None

    def validate(self, counters):
        return counters


def test_a_wide_mcts_tree_scrolls_sideways_at_readable_text():
    """61 nodes were squeezed into the page, their text about a pixel high, until "full size" was
    pressed."""
    from nimlib.drawing.picture import PX_PER_PT, smallest_text_pt, svg_size

    widget = explore_mcts(TakeUpToSixty(), 150)
    page = widget.view.value
    (svg,) = pictures_in(page)
    least = float(re.search(r"min-width:([\d.]+)px", page)[1])
    assert "scroll sideways" in page and not hasattr(widget, "full_size")
    assert smallest_text_pt(svg) * PX_PER_PT * least / svg_size(svg)[0] == pytest.approx(
        10, abs=0.05
    )


def test_the_mcts_slider_says_searching_above_the_old_tree_while_a_long_search_runs():
    """5,000 playouts take most of a second: until their tree shows, the words say so above the
    old tree, with the old words' room kept; 200 playouts are too quick to say anything."""
    widget = explore_mcts(TicTacToe(), "O...X..X.", playouts=100)
    old_words, old_tree, shown = widget.view.lines, widget.view.picture, []
    widget.view.observe(lambda change: shown.append(change["new"]), names="value")
    widget.slider.value = 5000
    assert len(shown) == 2 and "4,471 of the 5,000" in shown[1]
    assert "<div>Searching: 5,000 playouts...</div>" in shown[0] and old_tree in shown[0]
    assert all(html.escape(line) in shown[0] for line in old_words)  # their room, unseen
    shown.clear()
    widget.slider.value = 200
    assert len(shown) == 1 and "Searching" not in shown[0]


def test_exact_best_lists_only_the_quickest_wins_and_a_slower_win_is_not_called_right():
    """X at c1 wins at once, X at a3 in three moves: "Exact best" listed both, and called MCTS's
    X at a3 right; best_move, as engines do, plays the quickest win."""
    text = explore_mcts(TicTacToe(), "O..O.X..X", playouts=10).view.text
    assert text.startswith("MCTS plays X at a3: ")
    assert text.splitlines()[1] == (
        "Exact best: X at c1 (score +1 for the player to move; the quickest win among the 2 moves "
        "that score +1); MCTS's move scores +1: it wins too, but not the quickest."
    )
    assert best_move(TicTacToe(), "O..O.X..X")[1] == "O.XO.X..X"  # X at c1


def test_exact_best_in_a_lost_position_lists_the_longest_defences():
    text = explore_mcts(TicTacToe(), "....X..OX", playouts=10).view.text
    assert text.startswith("MCTS plays O at a2: ")
    assert text.splitlines()[1] == (
        "Exact best: O at a1 (score -1 for the player to move; the longest defence among the 6 "
        "moves that score -1); MCTS's move scores -1: it loses too, but not by the longest defence."
    )


def test_exact_best_lists_every_move_as_quick_as_the_quickest():
    """X at a3 and X at c3 both win in three moves (X at a2 and X at b3 in five)."""
    widget = explore_mcts(TicTacToe(), "XOO....X.", playouts=20)
    assert "Exact best: X at a3, X at c3 (score +1 for the player to move; the quickest win " in (
        widget.view.text
    )
    widget.slider.value = 100
    assert widget.view.text.startswith("MCTS plays X at a3") and ": right." in widget.view.text


@pytest.mark.parametrize("leaves", [(1, 2), (0.25, 0.75)])
def test_mcts_is_judged_right_in_a_game_scored_for_max_whoever_moves(leaves):
    """A tree whose leaves score for Max, as the textbook's: the exact best is Max's larger leaf,
    not the smaller (the exact scores were negated, as if each were for the player to move)."""
    small, large = leaves
    game = ExplicitTree({"A": ["B", "C"], "B": small, "C": large})
    text = explore_mcts(game, "A", playouts=100).view.text
    assert f"Exact best: c (score {large} for the player to move)" in text  # no plus: not ±
    assert "MCTS plays c" in text and ": right." in text


@pytest.mark.slow
def test_the_mcts_words_say_what_the_playouts_counted_and_what_the_tree_holds_once():
    """The move's playouts out of all of them, with the caption's thousands separators; and the
    line saying what the tree holds shows at every slider setting, once (not in the caption of a
    tree that scrolls sideways too)."""
    widget = explore_mcts(TicTacToe(), "O...X..X.", playouts=5000)
    assert widget.view.text.startswith(
        "MCTS plays O at b1: 4,471 of the 5,000 playouts went through this move, the most of any "
        "move."
    )
    for playouts in (10, 20, 50, 100, 200, 5000):
        widget.slider.value = playouts
        tree = widget.view.text.splitlines()[-1]
        assert tree.startswith(f"MCTS tree after {playouts:,} playouts: ")
        # the picture's alt text is for screen readers, and the words' room lies unseen
        unseen = r"<img [^>]*>|<div [^>]*aria-hidden=\"true\">(<div>[^<]*</div>)*</div>"
        shown = re.sub(unseen, "", widget.view.value)
        assert shown.count(html.escape(tree[:-1])) == 1, playouts


def test_the_mcts_words_keep_the_room_of_their_longest_so_far_so_that_they_do_not_move_the_tree():
    """The words wrapped onto more or fewer lines from one setting to the next (a tie, "right"
    or "wrong"), and the tree under them moved up and down by two lines as the slider moved."""
    widget = explore_mcts(TicTacToe(), "O...X..X.", playouts=10)
    seen: list[list[str]] = []
    for playouts in (100, 10, 5000, 20):
        widget.slider.value = playouts
        seen.append(widget.view.lines)
    longest = [max(lines, key=len) for lines in zip(*seen, strict=True)]
    assert widget.room == longest and longest != widget.view.lines
    assert all(html.escape(line) in widget.view.value for line in longest)


def test_mcts_words_say_a_tie_for_the_most_playouts_is_a_tie():
    """20 playouts from tic-tac-toe's start give 3 each to five moves: MCTS plays the first it
    tried, and the words say it is tied with 4 others, not that it had the most of any move."""
    widget = explore_mcts(TicTacToe(), TicTacToe().start(), playouts=20)
    assert widget.view.text.startswith(
        "MCTS plays X at c2: 3 of the 20 playouts went through this move, tied for the most with "
        "4 other moves (MCTS plays the one it tried first)."
    )


def test_the_playouts_slider_writes_thousands_as_the_words_do():
    widget = explore_mcts(playouts=5000)
    assert widget.slider.label == "5,000" and widget.slider.value == 5000
    assert "5,000 playouts" in widget.view.text


def test_a_busy_machine_draws_the_same_mcts_tree_only_later(monkeypatch):
    """The slider's playouts run with no clock (their calls are bounded by the playouts): on a
    machine so busy that each look at the clock finds 0.05 s gone, 5,000 playouts are
    the same tree, not "too large to search quickly" (which a clock on the playouts said)."""
    ticks = itertools.count()
    monkeypatch.setattr(nimlib.book.limits, "monotonic", lambda: next(ticks) * 0.05)
    widget = explore_mcts(TicTacToe(), "O...X..X.", playouts=5000)
    assert widget.view.text.startswith("MCTS plays O at b1: 4,471 of the 5,000 playouts")


def test_mcts_explorer_refuses_bad_input_clearly():
    for playouts in (7, 0, -5):  # -5 was "at least 0", and 0 then "unknown"
        with pytest.raises(ValueError, match=f"unknown playouts {playouts}: choose one of 10, 20"):
            explore_mcts(playouts=playouts)
    with pytest.raises(ValueError, match="over"):
        explore_mcts(TicTacToe(), "XXXOO....")


def test_mcts_explorer_refuses_playouts_of_a_float_as_nimlib_does_everywhere():
    # 100.0 == 100 was taken as the slider's choice, though no other count in nimlib takes it
    with pytest.raises(ValueError, match=re.escape("playouts must be a whole number, not 100.0")):
        explore_mcts(playouts=100.0)


def test_mcts_explorer_refuses_at_once_a_game_whose_playouts_are_long():
    """Each playout of Simple-Nim from 50,000 makes some 25,000 random moves: 10 of them took
    seconds, and every move of the slider up to 5,000 playouts far longer, before any word."""
    widget = explore_mcts(SimpleNim(), 50_000, playouts=10)
    assert widget.text.startswith("The random playouts from this position are too long to search")
    assert "never" not in widget.text  # Simple-Nim's play ends, as every game of nimlib's does


def test_the_playouts_slider_set_by_hand_to_a_number_it_does_not_offer_names_its_choices():
    """explore_mcts().slider.value = 7 is refused by nimlib, not by traitlets' TraitError."""
    widget = explore_mcts(playouts=20)
    with pytest.raises(
        ValueError,
        match=re.escape("unknown playouts 7: choose one of 10, 20, 50, 100, 200, 500, 1000, 2000"),
    ):
        widget.slider.value = 7
    assert widget.slider.value == 20 and "20 playouts" in widget.text


class EndlessMoves(Game):
    """A learner's game whose moves from 0 never end (a generator of 1, 2, 3, ...)."""

    score_range = (-1, 1)

    def possible_new_states(self, state: int) -> Iterator[int]:
        return itertools.count(1) if state == 0 else iter(())

    def evaluate(self, state: int, is_maximizing: bool) -> int | None:
        return None if state == 0 else 1

    def validate(self, state: int) -> int:
        return state


def test_mcts_explorer_refuses_moves_that_never_end():
    """It went through the moves for chance nodes with no budget, and never came back."""
    with pytest.raises(SearchBudgetExceeded, match="gave more than 1,000,000 moves from 0"):
        explore_mcts(EndlessMoves(), 0)


@pytest.mark.parametrize(("game", "state"), [(Pig(10), (0, 0, 0)), (DiceNim(3), (3, False))])
def test_mcts_explorer_refuses_a_game_with_dice_by_name(game, state):
    # its exact search met the dice: Pig's said "a Pig state is (mine, theirs, turn), not
    # (0, 0, 0, 'rolling')", of a state the learner never gave
    with pytest.raises(ValueError, match="is a chance node of .*expectiminimax or star1"):
        explore_mcts(game, state)


def test_mcts_explorer_far_from_the_end_shows_mcts_unjudged_at_once(monkeypatch):
    """Where the exact search needs more than its calls (Connect Four's start: it refused after
    10 s), MCTS is shown and its move left unjudged; a call budget, not a clock, so that a busy
    machine judges the same positions."""
    monkeypatch.setattr(nimlib.widgets.mcts, "EXACT_CALLS", 50)
    widget = explore_mcts(TicTacToe(), TicTacToe().start(), playouts=100)
    assert widget.view.text.splitlines()[1] == (
        "Exact best: not known, the exact search needs more than 50 calls from this "
        "position; MCTS's move is not judged."
    )
    assert widget.view.text.startswith("MCTS plays ") and "right" not in widget.view.text


def test_pig_refuses_a_hold_with_a_turn_total_of_0_as_the_rules_do():
    widget = play_pig(goal=10, seed=3)
    before = widget.seen_by("you")
    widget.choose(False)
    assert widget.seen_by("you") == before and "a turn starts with a roll" in widget.text


def test_the_mcts_tree_at_5000_playouts_draws_every_move_of_the_root_and_says_what_it_hides():
    game = TicTacToe()
    unclocked = SearchStats(max_seconds=None)  # a busy machine must not stop the playouts
    root = mcts_tree(game, "O...X..X.", 5000, seed=0, stats=unclocked)
    source = draw_mcts_tree(game, root, depth=2, min_visits=200).source
    assert all(f"O at {cell}" in source for cell in ("b1", "c1", "a2", "c2", "a3", "c3"))
    assert (
        "29 of the 36 nodes up to 2 moves below the root not drawn: fewer than 200 visits" in source
    )
    assert 'label="O at' not in source.split("->")[-1]  # the moves are in the nodes, not edges


def test_a_game_given_without_its_state_is_asked_for_it_not_started_from_tic_tac_toe():
    """A game of strings started from the tic-tac-toe board "O...X..X." without a word."""
    with pytest.raises(ValueError, match="explore_mcts needs the state to start Simple-Nim from"):
        explore_mcts(SimpleNim())
    assert repr(explore_mcts(StartsAtThree(), playouts=10)) == "MCTS on Simple-Nim from 3"


class StartsAtThree(SimpleNim):
    """Simple-Nim that names where its games start, as Connect Four does (start())."""

    def start(self):
        return 3


class ManyAsGood(Game):
    """From 0, any of 30 moves; each ends the game, a win for the player who made it."""

    score_range = (-1, 1)

    def possible_new_states(self, state):
        return list(range(1, 31)) if state == 0 else []

    def evaluate(self, state, is_maximizing):
        return None if state == 0 else (-1 if is_maximizing else 1)

    def validate(self, state):
        return state


def test_exact_best_names_seven_moves_and_counts_the_others():
    """Thirty moves as good would make one line of thirty moves under the slider."""
    text = explore_mcts(ManyAsGood(), 0, playouts=10).view.text
    best = next(line for line in text.splitlines() if line.startswith("Exact best: "))
    assert best.startswith(
        "Exact best: move from 0 to 1, move from 0 to 2, move from 0 to 3, move from 0 to 4, "
        "move from 0 to 5, move from 0 to 6, move from 0 to 7 and 23 other moves (score +1"
    ), best


class Upward(Game):
    """A game of one's own whose play never ends: every move adds 1."""

    score_range = (-1, 1)

    def possible_new_states(self, state: int) -> list[int]:
        return [state + 1]

    def evaluate(self, state: int, is_maximizing: bool) -> None:
        return None

    def validate(self, state: int) -> int:
        return state


def test_mcts_explorer_asks_whether_the_play_of_a_game_of_ones_own_ends():
    """It said only "too large to search quickly: choose a smaller position" of the position 1."""
    widget = explore_mcts(Upward(), 1, playouts=10)
    assert widget.text.endswith("(or, in a game of your own, check that its play ends).")
