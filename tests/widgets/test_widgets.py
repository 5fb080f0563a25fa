"""The widgets of nimlib.widgets, driven from Python: set sliders, click buttons, read what they
show."""

import base64
import html
import operator
import re
from fractions import Fraction
from urllib.parse import unquote

import numpy as np
import pytest
from pictures import pictures_in

from nimlib import (
    DiceNim,
    FibonacciNim,
    Nim,
    Pig,
    SimpleNim,
    SplitNim,
    TicTacToe,
    expectiminimax,
    memoized_minimax,
    theory,
)
from nimlib.drawing import game_tree
from nimlib.drawing.picture import node_share
from nimlib.theory import theory_best_move
from nimlib.widgets import (
    Match,
    Position,
    Snapshot,
    explain,
    explore,
    exploring,
    play,
    replay,
    replaying,
    search_drawing,
    search_tree,
)
from nimlib.widgets.controls import message
from nimlib.widgets.positions import VARIANTS
from nimlib.widgets.searches import TRACED, run_search


def svg_text(html: str) -> str:
    """The first drawing in `html`: an inline <svg>, or the SVG of an <img> data: URI (base64 or
    percent-encoded)."""
    pictures = re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', html)
    if pictures:
        return base64.b64decode(pictures[0]).decode()
    encoded = re.findall(r'src="data:image/svg\+xml(?:;charset=utf-8)?,([^"]+)"', html)
    return unquote(encoded[0]) if encoded else html


def svg_nodes(html: str) -> int:
    """How many tree nodes the first drawing in `html` has (the legend's samples are not tree
    nodes)."""
    return len(re.findall(r'<g id="node\d+" class="node">\s*<title>n\d+</title>', svg_text(html)))


def has_picture(html: str) -> bool:
    """Whether `html` holds a drawing, inline or as an image."""
    return "<svg" in svg_text(html)


def test_explore_shows_score_best_move_work_and_tree():
    explorer = explore("Simple-Nim", 5, method="alphabeta")
    assert explorer.text.splitlines() == [
        "Score -1: the player to move (Max) loses against best play.",
        "Best move: take 1, leaving 4 (every move loses; none holds out longer).",
        "Work of alpha-beta: 22 calls, 6 distinct states, 6 cut-offs.",
        "Alpha-beta tree of Simple-Nim from 5: 28 nodes, 22 visited, 6 pruned; root score -1",
    ]
    assert svg_nodes(explorer.view.value) == 28


def test_moving_a_slider_redraws_the_tree():
    explorer = explore("Simple-Nim", 5, method="minimax")
    before = explorer.view.value
    explorer.picker.counters.value = 6
    assert explorer.view.value != before and svg_nodes(explorer.view.value) == 52
    assert "Best move: take 1, leaving 5 (it wins)." in explorer.text
    assert "Work of plain minimax: 52 calls, 7 distinct states." in explorer.text


def test_explore_says_searching_over_the_old_tree_after_a_search_that_took_long(monkeypatch):
    """Split Nim from (12, 12, 12, 12), a pile moved to 10: for 2.7 s its old words stood under
    the new sliders, with nothing to say that a search was under way."""
    ticks = iter(range(0, 1000, 1))  # every search takes a second
    monkeypatch.setattr(exploring, "monotonic", lambda: next(ticks))
    explorer = explore("Simple-Nim", 5, method="minimax")
    old_tree, shown = explorer.view.picture, []
    explorer.view.observe(lambda change: shown.append(change["new"]), names="value")
    explorer.picker.counters.value = 6
    assert len(shown) == 2 and "Searching..." in shown[0] and old_tree in shown[0]
    assert "Searching..." not in shown[1] and "leaving 5 (it wins)" in shown[1]
    explorer.large.value = True  # in large print as its words are, so that the tree stays put
    explorer.picker.counters.value = 5
    assert "Searching..." in shown[-2] and "font-size:150%" in shown[-2]


def test_explore_says_nothing_between_quick_searches():
    explorer = explore("Simple-Nim", 5, method="minimax")
    shown = []
    explorer.view.observe(lambda change: shown.append(change["new"]), names="value")
    explorer.picker.counters.value = 6
    assert len(shown) == 1 and "Searching..." not in shown[0]


def test_each_algorithm_reports_its_own_work():
    explorer = explore("Nim", piles=(1, 2, 2), method="minimax")
    assert "Work of plain minimax: 150 calls" in explorer.text
    explorer.method.value = "memo"
    assert (
        "Work of memoized minimax: 63 calls, 18 distinct states, 35 from the table."
        in explorer.text
    )
    explorer.method.value = "alphabeta"
    assert "cut-offs" in explorer.text


def test_pruned_branches_can_be_hidden():
    explorer = explore("Simple-Nim", 5, show_pruned=False)
    assert (
        "22 nodes visited, the branches cut off left out" in explorer.text
        and svg_nodes(explorer.view.value) == 22
    )
    explorer.show_pruned.value = True
    assert svg_nodes(explorer.view.value) == 28


def test_large_font_draws_larger_text():
    explorer = explore("Simple-Nim", 3)
    small = explorer.view.value
    explorer.large.value = True
    assert 'font-size="22.00"' in svg_text(
        explorer.view.value
    ) and 'font-size="22.00"' not in svg_text(small)


def test_too_large_position_says_so_and_still_gives_score_and_best_move():
    explorer = explore("Simple-Nim", 14, method="minimax")
    assert not has_picture(explorer.view.value)
    assert "Score +1: the player to move (Max) can force a win." in explorer.text
    assert "Best move: take 1, leaving 13 (it wins)." in explorer.text
    assert explorer.text.endswith(
        "The tree has 6,872 nodes, too many to draw (the limit is 1,200). Choose memoized "
        'minimax or alpha-beta, then untick "show pruned branches" (show_pruned=False) there, or '
        "pick a smaller position."
    )


def test_memoized_minimax_unticked_draws_its_visits_where_its_whole_tree_is_too_large():
    explorer = explore("Simple-Nim", 12, method="memo", show_pruned=False)
    assert has_picture(explorer.view.value)
    assert "Game tree of Simple-Nim from 12: 61 nodes; root score +1" in explorer.text
    text = explain("Simple-Nim", 12, method="memo")
    assert text.endswith(
        'Untick\n  "show pruned branches" (show_pruned=False), or pick a smaller position.'
    )
    assert explain("Simple-Nim", 12, method="memo", show_pruned=False).endswith(
        "Game tree of Simple-Nim from 12: 61 nodes; root score +1"
    )


def test_a_tree_that_scrolls_is_captioned_by_its_name_its_summary_said_once_in_the_words():
    explorer = explore("Simple-Nim", 5, method="minimax")  # 28 nodes: it scrolls beside the files
    summary = "Game tree of Simple-Nim from 5: 28 nodes; root score -1"
    captions = re.findall(r"<summary[^>]*>(.*?)</summary>", explorer.view.value)
    assert len(captions) == 1 and captions[0].endswith(">The game tree")
    assert explorer.text.count(summary) == 1


@pytest.mark.slow
def test_too_large_messages_speak_of_the_widgets_controls_not_of_nimlib_arguments():
    texts = [
        explore("Simple-Nim", 14, method="alphabeta").text,
        explore("Split Nim", piles=(12, 12, 12, 12)).text,
        explore("Split Nim", piles=(12, 12, 12, 12), show_pruned=False).text,
        replay("Simple-Nim", 20).text,
        explain("Nim", piles=(3, 4, 5), method="memo"),
    ]
    assert (
        'Untick "show pruned branches" (show_pruned=False), or pick a smaller position.' in texts[0]
    )
    assert (
        "more than 1,200 nodes, too many to draw (the limit is 1,200). Pick a smaller position."
        in texts[1]
    )
    assert texts[2].endswith(
        "Alpha-beta visits more than 1,200 nodes here, too many to draw (the limit is 1,200). Pick a smaller position."
    )
    assert (
        texts[3]
        == "The tree has 266,079 nodes, too many to draw (the limit is 1,200). Pick a smaller position."
    )
    assert "The tree has 1,038,768 nodes" in texts[4]
    for text in texts:
        assert not re.search(r"keep_pruned|alphabeta=|max_nodes|memoization|iterative", text)


def test_a_search_past_its_budget_is_stopped_with_a_message():
    explorer = explore("Nim", piles=(3, 4, 5), method="minimax")
    assert (
        "Work of plain minimax: stopped, as this position needs more than 50,000 calls: "
        "choose memoized minimax or alpha-beta, or a smaller position."
    ) in explorer.text
    assert "Score +1" in explorer.text and "too many to draw" in explorer.text


def test_best_play_of_a_tree_too_large_to_draw_is_said_in_words():
    """Ticking "show best play" did nothing where no tree was drawn to show it."""
    explorer = explore("Nim", piles=(1, 3, 5, 7), method="minimax", best_play=True)
    assert "too many to draw" in explorer.text
    assert "Best play: (1, 3, 5, 7) → " in explorer.text
    assert "the tree is too large to draw it." in explorer.text


@pytest.mark.slow
def test_budget_messages_suggest_only_what_finishes_the_search():
    text = explore("Split Nim", piles=(12, 12, 12, 12), method="memo").text
    assert (
        "Work of memoized minimax: stopped, as this position needs more than 50,000 calls: choose a smaller position."
    ) in text
    assert "faster" not in text and "memoization" not in text
    text = explore("Split Nim", piles=(12, 12, 12, 12), method="minimax").text
    assert (
        "stopped, as this position needs more than 50,000 calls: choose a smaller position." in text
    )
    text = explore("Nim", piles=(5, 6, 7), method="alphabeta").text
    assert "Work of alpha-beta: stopped, as this position needs more than 50,000 calls: " in text
    assert "choose memoized minimax, or a smaller position." in text


@pytest.mark.slow
def test_a_position_too_large_to_search_is_scored_by_its_closed_form_and_says_so():
    text = explore("Split Nim", piles=(12, 12, 12, 12), method="memo").text
    assert text.splitlines()[:2] == [
        "Score -1: the player to move (Max) loses against best play (by the nim-sum of the piles' Grundy values: "
        "a search needs more than 50,000 calls).",
        "Best move: split pile 1 (12) into 11 and 1 (every move loses).",
    ]
    text = explore("Split Nim", piles=(12, 12, 12, 11), method="memo").text
    assert text.startswith(
        "Score +1: the player to move (Max) can force a win (by the nim-sum of the piles' Grundy"
    )
    # its first winning move wins in 29 moves, where 27 are enough: it was told as a best move
    assert "(it wins; the closed form does not count moves: a quicker win may exist)." in text


def test_switching_variants_shows_their_pickers_and_ranges():
    explorer = explore()
    picker = explorer.picker
    picker.variant.value = "Nim"
    assert picker.counters.layout.display == "none" and picker.piles[0].layout.display == ""
    assert picker.piles[3].layout.display == "none"  # three piles of four
    picker.variant.value = "Split Nim"
    assert picker.ending.layout.display == "none" and picker.piles[0].min == 1
    assert "split pile" in explorer.text
    picker.variant.value = "Fibonacci Nim"
    assert picker.counters.min == 2 and str(picker.position) == "Fibonacci Nim from 5 counters"
    assert "take" in explorer.text and has_picture(explorer.view.value)


def test_a_slider_keeps_the_value_given_it_across_variants_of_smaller_ranges():
    picker = explore().picker
    picker.counters.value = 30
    picker.variant.value = "Scored Nim"
    assert picker.counters.value == 8  # Scored Nim's most
    picker.variant.value = "Simple-Nim"
    assert picker.counters.value == 30 and picker.position.counters == 30
    picker.variant.value = "Split Nim"
    picker.piles[0].value = 12
    picker.variant.value = "Nim"
    assert picker.piles[0].value == 7 and picker.position.piles[0] == 7  # Nim's most
    picker.variant.value = "Split Nim"
    assert picker.piles[0].value == 12


def test_a_finished_game_is_explained():
    explorer = explore("Nim", piles=(0, 0))
    assert explorer.text.startswith(
        "The game is over before it starts: the player to move has won."
    )


@pytest.mark.parametrize(
    ("arguments", "problem"),
    [
        (
            {"variant": "Chess"},
            "unknown variant 'Chess': choose one of 'Simple-Nim', 'Nim', 'Split Nim', 'Fibonacci Nim'",
        ),
        ({"counters": 99}, "counters = 99 is too large: at most 30 is allowed"),
        (
            {"variant": "Nim", "piles": (1, 2, 3, 4, 5)},
            "piles must be a tuple of 1 to 4 pile sizes",
        ),
        ({"variant": "Split Nim", "piles": (0, 3)}, "Split Nim's pile 1 must be at least 1, not 0"),
        ({"method": "negamax"}, "unknown method 'negamax'"),
        ({"last_counter_loses": "yes"}, "last_counter_loses must be True or False, not 'yes'"),
        (
            {"variant": "Nim", "piles": "1 2"},
            "piles must be a tuple of 1 to 4 pile sizes such as (1, 2, 3), not '1 2'",
        ),
        (
            {"method": ["memo"]},
            "unknown method ['memo']: choose one of 'minimax', 'memo', 'alphabeta'",
        ),
    ],
)
def test_bad_arguments_get_a_clear_error(arguments, problem):
    with pytest.raises(ValueError, match=re.escape(problem)):
        explore(**arguments)


@pytest.mark.parametrize(
    ("arguments", "start"),
    [
        ({"variant": "Simple-Nim", "counters": 4}, "4 counters"),
        ({"variant": "Fibonacci Nim", "counters": 4, "piles": None}, "4 counters"),
        ({"variant": "Nim", "piles": (1, 2)}, "(1, 2)"),
        ({"variant": "Split Nim", "counters": None, "piles": (3,)}, "(3,)"),
    ],
)
def test_the_settings_the_variant_does_not_use_take_usable_defaults(arguments, start):
    explorer = explore(**arguments)
    assert repr(explorer).endswith(f"from {start}, by alpha-beta") and has_picture(
        explorer.view.value
    )
    explorer.picker.variant.value = (
        "Nim" if arguments["variant"] in ("Simple-Nim", "Fibonacci Nim") else "Simple-Nim"
    )
    assert has_picture(explorer.view.value)  # the hidden pickers got a usable value


def test_an_error_in_a_callback_becomes_a_message_not_a_traceback(monkeypatch):
    explorer = explore()

    def broken(*args):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(exploring, "search_report", broken)
    exploring.explorer_page.cache_clear()  # so that the next position is searched, not remembered
    explorer.picker.counters.value = 4
    assert explorer.text == "Something went wrong: ZeroDivisionError: division by zero."
    assert "Traceback" not in explorer.view.value


def test_an_error_is_said_from_a_capital_to_a_full_stop_as_the_widgets_own_sentences():
    """play_grid said "Square a1 is taken: choose an empty square", without its full stop."""
    assert message(ValueError("square a1 is taken: choose an empty square")) == (
        "Square a1 is taken: choose an empty square."
    )
    assert message(ValueError("no move. Try again?")) == "No move. Try again?"
    assert message(ValueError("see notebook 04 (the memo.)")) == "See notebook 04 (the memo.)"
    assert message(ValueError("  ")) == "ValueError."


def test_a_search_stopped_by_kernel_interrupt_is_said_in_the_widget(monkeypatch):
    explorer = explore()

    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(exploring, "search_report", interrupted)
    exploring.explorer_page.cache_clear()
    explorer.picker.counters.value = 4
    assert explorer.text.startswith("Stopped by Kernel → Interrupt before it was done")


def test_replay_steps_through_the_visits():
    player = replay("Simple-Nim", 5)
    assert player.step.max == 23 and player.text.startswith(
        "Visit 1 of 22: 5 with Max to move"
    )  # 22 visits, done
    player.step.value = 13
    assert (
        player.text.splitlines()[0]
        == "Visit 13 of 22: 0 with Min to move, entered with α = -1, β = +1."
    )
    assert "Being searched: 5 (Max, α = -1, β = +1) → 4 (Min, α = -1, β = +1)" in player.text
    player.step.value = 23
    assert player.text.startswith(
        "The search is over after 22 visits: the root scores -1.\nCut-off at 2"
    )


def test_replay_shows_cut_offs_as_they_happen():
    player = replay("Simple-Nim", 5)
    cut_offs = []
    for step in range(1, player.step.max + 1):
        player.step.value = step
        cut_offs += [line for line in player.text.splitlines() if line.startswith("Cut-off")]
    assert cut_offs[0] == (
        "Cut-off at 2 (Min to move, reached by 5 → 4 → 3 → 2): α = -1 ≥ β = -1, "
        "so its other move is skipped: nothing there can change its score."
    )
    assert len(cut_offs) == 6  # one per node with pruned children


def test_each_cut_off_names_its_node_unambiguously():
    player = replay("Simple-Nim", 7)
    named = set()
    for step in range(1, player.step.max + 1):
        player.step.value = step
        named |= {
            line.split(":")[0] for line in player.text.splitlines() if line.startswith("Cut-off")
        }
    tree = player.tree
    assert (
        len(named)
        == sum(node.visited and any(child.pruned for child in node.children) for node in tree)
        > 6
    )
    assert (
        sum(name.startswith("Cut-off at 2 (") for name in named) > 1
    )  # several nodes show 2, each named apart


def test_replay_with_the_wide_window_shows_infinite_bounds():
    player = replay("Simple-Nim", 5, window="wide")
    assert "entered with α = -∞, β = +∞" in player.text
    player.step.value = 9
    assert "3 (Max, α = -1, β = +∞)" in player.text


def test_replay_reveals_only_the_nodes_visited_so_far():
    tree = search_tree(Position("Simple-Nim", 5), "alphabeta")
    first, last = Snapshot(tree, 1), Snapshot(tree, tree.visited_count + 1)
    assert first.shown == {tree.root} and first.current is tree.root
    assert last.shown == set(tree) and last.current is None
    source = search_drawing(tree, 1, keep_room=True).source
    hidden = re.findall(r"^\tn\d+.*style=invis", source, flags=re.MULTILINE)
    assert len(hidden) == 2 * (len(tree) - 1)  # every node but the root, and the edge into it
    assert 'label="5\\n?"' in source and "penwidth=3" in source


class NamedPins(SimpleNim):
    """Simple-Nim whose drawn nodes name their states, as a game with a label() does."""

    def label(self, counters: int) -> str:
        return f"{counters} pins"


def test_a_step_names_a_node_not_yet_finished_by_the_games_label():
    tree = game_tree(NamedPins(), 3, alphabeta=True)
    assert 'label="3 pins\\n?"' in search_drawing(tree, 3).source


def test_replay_of_a_too_large_position_says_so_and_hides_the_steps_till_one_draws():
    player = replay("Simple-Nim", 20)
    assert (
        player.text.startswith("The tree has 266,079 nodes, too many to draw")
        and player.step.max == 1
    )
    # nothing to step through: no Play button and no stub of a slider
    assert player.steps.layout.display == "none"
    player.picker.counters.value = 5
    assert player.steps.layout.display == "" and player.step.max == 23


OVER = "The game is over before it starts: the player to move has won. Choose a larger position."


@pytest.mark.parametrize(
    ("variant", "start"), [("Simple-Nim", {"counters": 0}), ("Nim", {"piles": (0, 0, 0)})]
)
def test_replay_of_a_finished_position_says_the_game_is_over_with_nothing_to_step_through(
    variant, start
):
    """It showed "Visit 1 of 1: 0 with Max to move" and a Play button of one step."""
    player = replay(variant, **start)
    assert player.text == OVER and player.tree is None
    assert player.steps.layout.display == "none"


def test_replay_says_so_when_a_slider_moves_to_a_finished_position_and_replays_once_moved_back():
    player = replay("Simple-Nim", 3)
    player.picker.counters.value = 0
    assert player.text == OVER and player.steps.layout.display == "none"
    player.best_play.value = True  # nothing to redraw: the words stay
    assert player.text == OVER
    player.picker.counters.value = 3
    assert player.text.startswith("Visit 1 of ") and player.steps.layout.display == ""


def test_replay_step_rejects_a_step_past_the_end_or_before_the_first_visit():
    tree = search_tree(Position("Simple-Nim", 3), "minimax")
    with pytest.raises(ValueError, match="step = 99 is too large"):
        search_drawing(tree, 99)
    with pytest.raises(ValueError, match="step must be at least 1, not 0"):
        search_drawing(tree, 0)


@pytest.mark.parametrize("step", [None, 1])
def test_search_drawing_and_a_step_refuse_what_is_not_a_game_tree(step):
    with pytest.raises(TypeError, match="tree must be a GameTree, as game_tree or search_tree"):
        search_drawing("tree", step)
    with pytest.raises(TypeError, match="tree must be a GameTree"):
        Snapshot([1, 2], 1)


def test_step_n_is_visit_n_in_the_slider_the_caption_and_the_drawing():
    player, tree = replay("Simple-Nim", 5), search_tree(Position("Simple-Nim", 5), "alphabeta")
    player.step.value = 7
    assert player.step_label.value == "visit 7 of 22" and player.text.startswith(
        "Visit 7 of 22: 1 with Min"
    )
    assert Snapshot(tree, 7).caption()[0] == player.text.splitlines()[0]
    assert search_drawing(tree, 7).source == search_drawing(player.tree, player.step.value).source


def moves_of(match):
    return [button.description for button in match.moves.children]


def click_move(match, description):
    next(button for button in match.moves.children if button.description == description).click()


def test_the_words_stay_under_the_counters_above_a_long_list_of_moves():
    """Four piles of seven make 28 move buttons: what was played and whose turn it is stay right
    under the counters, live and in the still picture, so they stay in view on a projector."""
    match = play("Nim", piles=(7, 7, 7, 7))
    shown = list(match.children)
    assert shown.index(match.board) < shown.index(match.words) < shown.index(match.moves)
    assert len(match.moves.children) == 28
    click_move(match, "take 7 from pile 4")
    picture = match.picture_html()
    assert picture.index("The computer:") < picture.index("Your moves:")
    assert picture.index("pile 4") < picture.index("The computer:")


def test_play_a_move_and_the_computer_answers():
    match = play("Nim", piles=(1, 2, 3))
    assert (
        match.text
        == "New game: Nim (misère: the last counter loses) from (1, 2, 3).\nYour turn: choose a move."
    )
    game = Nim()
    assert moves_of(match) == [
        game.describe_move((1, 2, 3), new) for new in game.possible_new_states((1, 2, 3))
    ]
    click_move(match, "take 1 from pile 1")
    assert match.text.splitlines() == [
        "You: take 1 from pile 1.",
        "The computer: take 1 from pile 3.",
        "Your turn: choose a move.",
    ]
    assert match.history == [(1, 2, 3), (0, 2, 3), (0, 2, 2)]
    assert "pile 2: ●● (2)" in match.board.value


def test_a_click_from_an_earlier_board_finds_its_button_open_and_is_not_played():
    """Each redraw closed the move buttons and made new ones: a quick second click reached a closed
    button, and JupyterLab's log said "No such comm"."""
    match = play("Simple-Nim", counters=6)
    first = match.moves.children[0]
    first.click()  # take 1, leaving 5; the computer answers
    history = list(match.history)
    assert first.comm is not None and first not in match.moves.children
    first.click()
    assert match.history == history and Match.unseen_click in match.text
    match.new_game_button.click()
    assert first.comm is None, "a new game closes the last game's move buttons"


def test_hint_undo_and_new_game():
    match = play("Simple-Nim", counters=6)
    match.hint_button.click()
    assert match.text.startswith("Hint: take 1, leaving 5 (it wins, whatever the computer does).")
    match.moves.children[2].click()
    match.undo_button.click()
    assert match.history == [6] and "Your last move is taken back" in match.text
    match.undo_button.click()
    assert match.text.startswith("There is no move of yours to take back.")
    match.moves.children[0].click()
    match.new_game_button.click()
    assert match.history == [6]


def test_the_computer_can_start_and_win():
    match = play("Simple-Nim", counters=5, you_start=False)
    assert match.history == [5, 4] and "The computer: take 1, leaving 4." in match.text
    while not match.is_over:
        match.moves.children[0].click()
    assert (
        match.text.endswith("The computer won. Try again: Undo, or New game.")
        and not match.moves.children
    )


def test_you_can_win():
    match = play("Simple-Nim", counters=6)
    while not match.is_over:
        match.hint_button.click()
        best = match.text.split("Hint: ")[1].split(" (")[0]
        next(button for button in match.moves.children if button.description == best).click()
    assert match.text.endswith("You won! Press New game to play again.")


@pytest.mark.parametrize(
    ("variant", "start"),
    [
        ("Simple-Nim", {"counters": 8}),
        ("Nim", {"piles": (3, 4)}),
        ("Split Nim", {"piles": (3, 4)}),
        ("Fibonacci Nim", {"counters": 8}),
    ],
)
def test_every_variant_can_be_played_to_the_end(variant, start):
    match = play(variant, **start)
    while not match.is_over:
        match.moves.children[-1].click()
    assert "won" in match.text.splitlines()[-1]


def test_the_computer_plays_on_when_a_position_is_too_large(monkeypatch):
    monkeypatch.setattr(theory, "COMPUTER_CALLS", 10)
    monkeypatch.setattr(
        theory, "theory_best_move", lambda game, state: None
    )  # a game with no closed form
    match = play("Nim", piles=(3, 4, 5))
    match.moves.children[0].click()
    assert "too large to search in time, so the computer plays its first move" in match.text
    assert len(match.history) == 3


def test_the_computer_says_which_rule_it_plays_by_when_a_position_is_too_large(monkeypatch):
    """The computer moved by Bouton's rule and said nothing of it: only the Hint button did."""
    monkeypatch.setattr(theory, "COMPUTER_CALLS", 10)
    match = play("Nim", piles=(3, 4, 5))
    match.moves.children[0].click()
    assert "so the computer plays by the nim-sum of the piles (Bouton's rule)." in match.text


@pytest.mark.slow
def test_a_hint_on_a_large_split_nim_uses_grundy_values_and_keeps_the_board_and_the_moves():
    match = play("Split Nim", piles=(12, 12, 12, 12))
    moves = moves_of(match)
    match.hint_button.click()
    assert match.text == (
        "Hint: split pile 1 (12) into 11 and 1 (every move loses against best play, found by the nim-sum of the "
        "piles' Grundy values without a search, which would take too long; it may not be the "
        "longest defence).\nYour turn: choose a move."
    )
    assert moves_of(match) == moves and "pile 4: ●●●●●●●●●●●● (12)" in match.board.value


@pytest.mark.parametrize(
    ("variant", "start", "rule"),
    [
        ("Nim", {"piles": (3, 4, 5)}, "the nim-sum of the piles (Bouton's rule)"),
        ("Simple-Nim", {"counters": 14}, "the counters modulo (largest take + 1)"),
        ("Fibonacci Nim", {"counters": 14}, "the Zeckendorf sum of the counters"),
    ],
)
def test_the_hint_searches_on_the_computers_budget_then_uses_the_closed_form(
    monkeypatch, variant, start, rule
):
    monkeypatch.setattr(theory, "COMPUTER_CALLS", 10)
    match = play(variant, **start)
    match.hint_button.click()
    assert f"found by {rule} without a search" in match.text and match.moves.children
    assert "it may not be the quickest win" in match.text
    match.moves.children[0].click()
    assert "The computer: " in match.text and "first move" not in match.text


def test_with_no_closed_form_a_hint_too_large_to_search_says_so(monkeypatch):
    monkeypatch.setattr(theory, "COMPUTER_CALLS", 10)
    monkeypatch.setattr(theory, "theory_best_move", lambda game, state: None)
    match = play("Nim", piles=(3, 4, 5))
    match.hint_button.click()
    assert (
        match.text.startswith("No hint: this position is too large to search quickly.")
        and match.moves.children
    )


def test_a_game_over_before_it_starts_says_so():
    for match in [play("Nim", piles=(0, 0, 0, 0)), play("Simple-Nim", counters=0, you_start=False)]:
        assert match.text.endswith(
            "The game is over before it starts: there is no move to make. Choose a larger position above."
        )
        assert "won" not in match.text and len(match.history) == 1 and not match.moves.children
        match.new_game_button.click()
        assert "over before it starts" in match.text


def control_of(match, name):
    """The picker's control `name` of play()'s widget: a pile slider or the ending toggle."""
    return {"pile 1": match.picker.piles[0], "ending": match.picker.ending}[name]


@pytest.mark.parametrize(
    ("name", "value", "next_game"),
    [
        ("pile 1", 3, "Nim (normal play: the last counter wins) from (3, 2, 3)"),
        ("ending", True, "Nim (misère: the last counter loses) from (1, 2, 3)"),
    ],
)
def test_a_picker_moved_during_a_game_keeps_it_until_new_game(name, value, next_game):
    """A pile slider or the ending started a new game at once, the game under way lost unsaid,
    while the first-move toggle kept it: now each keeps it and says how to start the next, under
    the last moves (which the note replaced), a second change in place of the first's note."""
    match = play("Nim", piles=(1, 2, 3), last_counter_loses=False)
    match.choose((1, 2, 0))
    history, moves = list(match.history), match.text.splitlines()[:2]
    match.first.value = False
    control_of(match, name).value = value
    assert match.history == history and match.moves.children
    assert match.text.splitlines() == [
        *moves,
        f"The next game is {next_game}, starting with the computer: press New game to start it. "
        "This game goes on.",
        "Your turn: choose a move.",
    ]
    assert repr(match) == (
        "A game of Nim (normal play: the last counter wins) from (1, 2, 3) against the computer"
    )
    match.new_game_button.click()
    assert match.text.startswith(f"New game: {next_game}.\nThe computer: ")


def test_the_note_on_the_next_game_stays_while_the_game_under_way_goes_on():
    """After the next move, Undo or Hint it was gone, while the pickers above still showed the
    next game, Fibonacci Nim, over a board of Nim."""
    match = play("Nim", piles=(1, 2, 3))
    match.choose((0, 2, 3))
    match.picker.variant.value = "Fibonacci Nim"
    note = (
        "The next game is Fibonacci Nim from 10 counters, starting with you: press New game to "
        "start it. This game goes on."
    )
    for step in (lambda: match.choose(next(iter(match.game.possible_new_states(match.state)))),
                 match.undo, match.hint):  # fmt: skip
        step()
        assert match.text.startswith(note + "\n"), match.text
    match.new_game_button.click()
    assert note not in match.text


def test_the_note_on_the_next_game_says_no_more_that_this_game_goes_on_once_it_is_over():
    match = play("Nim", piles=(1, 1, 1), last_counter_loses=False)
    match.choose((0, 1, 1))  # the computer takes one of the two left
    match.picker.variant.value = "Fibonacci Nim"
    assert "This game goes on." in match.text
    match.choose((0, 0, 0))  # the last counter: you won
    note = "The next game is Fibonacci Nim from 10 counters, starting with you: press New game to "
    assert note + "start it.\n" in match.text and "This game goes on." not in match.text
    assert match.text.endswith("You won! Press New game to play again.")


@pytest.mark.parametrize(("name", "value"), [("pile 1", 3), ("ending", True)])
def test_a_picker_moved_before_a_move_starts_the_new_game_at_once(name, value):
    match = play("Nim", piles=(1, 2, 3), last_counter_loses=False)
    control_of(match, name).value = value
    assert match.history == [match.picker.position.state]
    assert match.text.startswith(f"New game: {match.picker.position}.")


def test_a_larger_position_starts_a_game_after_one_over_before_it_starts():
    match = play("Nim", piles=(0, 0, 0, 0))
    match.picker.piles[0].value = 3
    assert match.text.endswith("Your turn: choose a move.") and len(match.moves.children) == 3


def test_widget_reprs_are_plain_and_stable():
    assert (
        repr(explore())
        == "Explorer of Simple-Nim (misère: the last counter loses) from 5 counters, by alpha-beta"
    )
    assert repr(replay(method="memo")) == (
        "Replay of memoized minimax from Simple-Nim (misère: the last counter loses) from 5 counters"
    )
    assert (
        repr(play("Split Nim", piles=(7,))) == "A game of Split Nim from (7,) against the computer"
    )


def test_explain_says_what_explore_shows():
    for method in ["minimax", "memo", "alphabeta"]:
        said = explain("Nim", piles=(1, 2), method=method)
        assert " ".join(said.split()) == " ".join(
            explore("Nim", piles=(1, 2), method=method).text.split()
        )
        assert max(len(line) for line in said.splitlines()) <= 74
    assert "too many to draw" in explain("Simple-Nim", 20)


# ## Still pictures for notebooks read without a kernel

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def test_explore_displays_the_live_widget_a_still_picture_and_text():
    explorer = explore("Simple-Nim", 4, method="minimax")
    explorer.picker.counters.value = 5  # the picture shows the widget as it is when displayed
    bundle = explorer._repr_mimebundle_()
    assert set(bundle) == {WIDGET_VIEW, "text/html", "text/plain"}
    picture = bundle["text/html"]
    assert (
        svg_nodes(picture) == 28
        and "Work of plain minimax: 28 calls, 6 distinct states." in picture
    )
    assert "counters: <b>5</b>" in picture and "method: <b>plain minimax</b>" in picture
    assert "large font: <b>off</b>" in picture and "run the notebook to use it" in picture
    assert bundle["text/plain"] == f"{explorer!r}\n{explorer.text}"


def test_a_wide_tree_travels_once_to_the_live_widget_and_is_saved_as_it_shows():
    explorer = explore("Simple-Nim", 9, method="minimax")
    live, saved = explorer.view.value, explorer._repr_mimebundle_()["text/html"]
    assert len(pictures_in(live)) == 1 and pictures_in(saved) == pictures_in(live)
    assert "<details open>" in live and live in saved  # scrolling, in either


def shown_text_px(page: str) -> float:
    """How high the smallest text of the picture in `page` (HTML of a widget's view) is shown at
    its least width, in px."""
    from nimlib.drawing.picture import PX_PER_PT, smallest_text_pt, svg_size

    (svg,) = pictures_in(page)
    least = float(
        re.search(r'<img[^>]*style="width:[\d.]+px;max-width:100%;min-width:([\d.]+)px', page)[1]
    )
    return smallest_text_pt(svg) * PX_PER_PT * least / svg_size(svg)[0]


# trees of 41 to 169 nodes that were squeezed into the page, their text 3 to 8 px high (the
# smallest of the pickers' trees too wide to scroll, then, up to two pages at 10 px)
ONCE_SQUEEZED = [
    ("Simple-Nim", {"counters": 7, "method": "minimax"}),
    ("Simple-Nim", {"counters": 30, "method": "memo", "show_pruned": False}),
    ("Nim", {"piles": (1, 1, 2), "method": "minimax"}),
    ("Nim", {"piles": (1, 1, 1, 1), "method": "memo"}),
    ("Split Nim", {"piles": (3, 6)}),
    ("Fibonacci Nim", {"counters": 6, "method": "memo"}),
]


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize(("variant", "settings"), ONCE_SQUEEZED)
def test_a_tree_too_wide_to_read_on_the_page_scrolls_at_readable_text(variant, settings, large):
    """No tree of explore() or replay() shows its text under 10 px (16 px in large print): it
    scrolls sideways instead, from the root, whatever its width (no "full size" to press)."""
    from nimlib.drawing.picture import least_text_px

    for make in (explore, replay):
        widget = make(variant, **settings, large=large)
        page = widget.view.value
        assert "scroll sideways" in page and not hasattr(widget, "full_size")
        assert shown_text_px(page) == pytest.approx(least_text_px(18 if large else 12), abs=0.05)


def test_explore_scrolls_a_tree_up_to_two_pages_wide_at_readable_text_as_notebook_01s():
    """Plain minimax from 6 counters, as a lecturer drags it in notebook 06, was an outline of
    6 px text until "full size" was pressed; notebook 01's tree of 41 nodes scrolled sideways. A
    small tree still fits the page."""
    explorer = explore("Simple-Nim", 6, method="minimax")
    assert "scroll sideways" in explorer.view.value
    assert shown_text_px(explorer.view.value) == pytest.approx(10, abs=0.05)
    explorer.picker.counters.value = 4
    assert "scroll sideways" not in explorer.view.value
    assert shown_text_px(explorer.view.value) > 10


def test_a_replays_words_for_a_step_tell_nothing_ahead_of_the_search():
    player = replay("Simple-Nim", 5)
    words = html.unescape(player.view.value)
    assert (
        "Alpha-beta tree of Simple-Nim from 5, at visit 1 of 22" in words
        and "root score" not in words
        and "pruned" not in words
    )
    player.step.value = player.step.max  # the search is over
    done = "Alpha-beta tree of Simple-Nim from 5: 28 nodes, 22 visited, 6 pruned; root score -1"
    assert done in html.unescape(player.view.value)


def test_replay_displays_a_still_picture_of_its_step():
    player = replay("Simple-Nim", 5)
    player.step.value = 7
    picture = player._repr_mimebundle_()["text/html"]
    assert (
        "step: <b>visit 7 of 22</b>" in picture and "Visit 7 of 22: 1 with Min to move" in picture
    )
    assert "window: <b>α, β from -1, +1</b>" in picture and has_picture(picture)
    assert "Visit 7 of 22" in player._repr_mimebundle_()["text/plain"]


def test_a_replay_draws_its_step_right_under_its_slider_no_higher_than_a_projector_shows():
    """Notebook 06's replay at visit 7 needed a scroll on a 1024x768 projector: the step slider and
    the tree's lowest nodes did not show together, a tall caption between them and the tree kept
    620 px high. The caption stays right under the slider, above the tree, as in the still
    picture (under the tree, the cut-off's words fell off the screen beside the file browser), and
    the tree is no higher than what the room kept for the caption leaves of STEP_SCREEN_PX."""
    from nimlib.drawing.picture import (
        STEP_SCREEN_PX,
        readable_width,
        smallest_text_pt,
        svg_size,
    )
    from nimlib.widgets.controls import words_height
    from nimlib.widgets.replaying import step_reserve

    player = replay("Simple-Nim", 5)
    player.step.value = 7
    live, still = player.view.value, player.saved_html()
    assert player.children[player.children.index(player.view) - 1] is player.steps
    assert live.index("Cut-off at 2") < live.index("<img") and live.count("<img") == 1
    assert still.index("Cut-off at 2") < still.index("<img")  # the live widget and its still agree
    svg = pictures_in(live)[0]
    width, height = svg_size(svg)
    shown = float(re.search(r'<img[^>]*style="width:([\d.]+)px', live)[1])
    least = readable_width(width, smallest_text_pt(svg))
    room = STEP_SCREEN_PX - words_height(step_reserve(player.tree, (), False))
    assert shown == pytest.approx(max(least, width * room / height), abs=1)
    deep = replay("Deep cut-off tree")  # readable at a lower height: it fits the room
    deep.step.value = 18
    svg = pictures_in(deep.view.value)[0]
    width, height = svg_size(svg)
    shown = float(re.search(r'<img[^>]*style="width:([\d.]+)px', deep.view.value)[1])
    room = STEP_SCREEN_PX - words_height(step_reserve(deep.tree, (), False))
    assert shown * height / width <= room + 1 < height


def test_words_height_counts_the_rows_a_view_wraps_its_lines_into():
    from nimlib.widgets.controls import words_height

    row = 13 * 1.1 * 1.5  # px: 110% of the widget's 13 px, 1.5 high
    one, three = words_height(["Visit 7 of 22."]), words_height(["Visit 7 of 22."] * 3)
    assert three - one == pytest.approx(2 * row)
    long = "Being searched: " + " → ".join(["5 (Max, α = -1, β = +1)"] * 7)  # 177 characters
    assert words_height([long]) - one == pytest.approx(2 * row)  # 3 rows beside the file browser
    assert words_height([long], width_px=844) - one == pytest.approx(row)
    assert words_height([long], large=True) > words_height([long])


def test_a_replays_picture_is_captioned_by_its_step_as_the_slider_says_it_to_the_end():
    """At the end the caption over a picture that scrolls sideways was the whole tree's counts, a
    line longer beside the file browser: the tree moved down at the last step."""
    player = replay("Deep cut-off tree")
    heading = "Alpha-beta tree of the deep cut-off tree from &#x27;A&#x27;"
    assert f"{heading}, at visit 1 of 26</summary>" in player.view.value
    player.step.value = player.step.max
    assert f"{heading}, done: 26 visits</summary>" in player.view.value
    assert f"{heading}, done" not in player.saved_html()  # a still picture keeps its caption


@pytest.mark.parametrize(
    ("arguments", "settings"),
    [
        (("Simple-Nim", 5), {"method": "memo"}),
        (("Simple-Nim", 5), {"method": "alphabeta"}),
        (("Simple-Nim", 5), {"window": "wide"}),
        (("Deep cut-off tree",), {}),
    ],
)
def test_a_replays_tree_keeps_its_size_at_every_step(arguments, settings):
    """Notebook 06's replays. A node the memo answered is outlined twice, and taller: hidden before
    its visit without its second outline, the tree grew 27 px at the memo replay's last steps. A
    node still searched shows "?", narrower than "+1": alpha-beta's tree from 5 was 703 pt wide at
    steps 15 to 17 and 723 pt at the others."""
    from nimlib.drawing.picture import svg_size

    tree = replay(*arguments, **settings).tree
    steps = range(1, tree.visited_count + 2)
    assert len({svg_size(search_drawing(tree, step, keep_room=True).svg()) for step in steps}) == 1


def test_a_replays_still_picture_draws_only_the_nodes_its_step_shows():
    """It kept the live widget's room for the whole tree: at visit 1 one node above a band of blank
    page, under a cue to scroll sideways."""
    player = replay("Simple-Nim", 5)
    live, still = player.view.value, player.saved_html()
    assert svg_height(live) > 500 and "scroll sideways" in live  # room for 28 nodes, kept
    assert svg_height(still) < 120 and "scroll sideways" not in still  # a row of legend, a node
    player.step.value = player.step.max  # the search done: the whole tree in either
    assert svg_text(player.saved_html()) == svg_text(player.view.value)
    with pytest.raises(ValueError, match="keep_room must be True or False, not 'no'"):
        search_drawing(player.tree, 1, keep_room="no")


def svg_height(html: str) -> float:
    """The height, in points, of the first drawing in `html`."""
    return float(re.search(r'<svg[^>]* height="([\d.]+)pt"', svg_text(html))[1])


def node_statements(source: str) -> list[str]:
    """The DOT statements that style the nodes of a tree (not the layout's), in the tree's order."""
    return re.findall(r"^\tn\d+ (\[label=.*\])$", source, flags=re.MULTILINE)


@pytest.mark.parametrize(
    ("variant", "method"),
    [("Simple-Nim", "memo"), ("Scored Nim", "alphabeta"), ("Deep cut-off tree", "alphabeta")],
)
def test_a_still_step_draws_each_node_it_shows_as_the_live_step_does(variant, method):
    """A node being searched was filled as a finished game where its children were left out. (The
    live step also keeps a "?" node as wide as its score will make it: room a still picture of
    the nodes shown does not keep.)"""
    tree = replay(variant, method=method).tree
    for step in range(1, tree.visited_count + 2):
        shown = Snapshot(tree, step).shown
        live_step = search_drawing(tree, step, keep_room=True)
        live = node_statements(re.sub(r" width=[\d.]+", "", live_step.source))
        kept = [style for node, style in zip(tree, live, strict=True) if node in shown]
        assert node_statements(search_drawing(tree, step).source) == kept


def test_play_displays_a_still_picture_of_the_board_and_the_moves():
    match = play("Nim", piles=(1, 2))
    picture = match._repr_mimebundle_()["text/html"]
    assert "pile 2: ●● (2)" in picture and "first move: <b>you</b>" in picture
    assert (
        picture.count("take 1 from pile 1") == 1 and "take 2 from pile 2" in picture
    )  # the move buttons
    assert match._repr_mimebundle_()["text/plain"].endswith("Your turn: choose a move.")


def test_a_still_picture_escapes_what_it_shows():
    explorer = explore("Nim", piles=(1, 2))
    explorer.view.show(["<script>alert(1)</script>"])
    assert "<script>" not in explorer._repr_mimebundle_()["text/html"]


# ## The replay's slider, caption and controls


def test_the_step_slider_follows_a_larger_search_to_its_last_step():
    player = replay("Simple-Nim", 5)
    assert player.step.max == player.player.max == 23  # 22 visits, then the search done
    player.picker.counters.value = 8
    assert player.step.max == player.player.max == player.tree.visited_count + 1 > 23
    player.step.value = player.step.max
    assert player.text.startswith(f"The search is over after {player.step.max - 1} visits")
    player.picker.counters.value = 20  # too large: nothing to replay
    assert player.step.max == player.player.max == 1 and player.step_label.value == ""
    player.picker.counters.value = 4
    assert player.step.max == player.player.max == player.tree.visited_count + 1


def test_the_step_label_and_the_caption_name_the_same_visit():
    player = replay("Simple-Nim", 5, method="memo")
    for step in range(1, player.step.max + 1):
        player.step.value = step
        label, first_line = player.step_label.value, player.text.splitlines()[0]
        if step < player.step.max:
            assert first_line.startswith(label.capitalize() + ":")
        else:
            assert label == "done: 19 visits" and first_line.startswith(
                "The search is over after 19 visits"
            )


def test_the_caption_sits_in_a_box_as_wide_as_the_widget_not_as_the_tree():
    player = replay("Simple-Nim", 9, window="wide")
    player.step.value = 10
    assert player.view.value.startswith(
        '<div style="width:0;min-width:100%;'
    )  # so that the caption wraps
    assert "Being searched: 9 (Max, α = -∞, β = +∞) → 8 (Min" in player.text


def test_the_window_toggle_shows_only_for_alpha_beta():
    player = replay("Simple-Nim", 5, method="minimax")
    assert player.window.layout.display == "none"
    player.method.value = "alphabeta"
    assert player.window.layout.display == ""
    player.method.value = "memo"
    assert player.window.layout.display == "none"
    assert "window" not in dict(player.settings())


@pytest.mark.parametrize("widget", [explore, replay])
def test_show_pruned_branches_is_greyed_out_for_plain_minimax(widget):
    """Plain minimax visits every node: the box changes nothing there, and is greyed out in its
    place, so that the row stays put. Memoized minimax draws the subtrees its memo answered as
    pruned, and keeps it."""
    shown = widget("Simple-Nim", 6, method="minimax")
    assert shown.show_pruned.disabled and shown.show_pruned.layout.display != "none"
    for method in ("alphabeta", "memo"):
        shown.method.value = method
        assert not shown.show_pruned.disabled, method
        trees = [
            search_tree(Position("Simple-Nim", 6), method, show_pruned=ticked)
            for ticked in (True, False)
        ]
        assert len(trees[0]) > len(trees[1]), f"the box changes {method}'s tree"
    plain = [
        search_tree(Position("Simple-Nim", 6), "minimax", show_pruned=t) for t in (True, False)
    ]
    assert len(plain[0]) == len(plain[1]), "the box changes nothing for plain minimax"


def test_counts_of_one_are_singular():
    match = play("Simple-Nim", counters=1)
    assert "● (1 counter)" in match.board.value and "from 1 counter." in match.text
    assert "(2 counters)" in play("Simple-Nim", counters=2).board.value
    fibonacci = play("Fibonacci Nim", counters=2)
    assert (
        "(2 counters)" in fibonacci.board.value
        and "The next take must be 1." in fibonacci.board.value
    )
    assert "after 1 visit:" in "\n".join(
        Snapshot(search_tree(Position("Simple-Nim", 0), "minimax"), 2).caption()
    )  # step 2: done


@pytest.mark.parametrize("method", ["minimax", "alphabeta"])
def test_search_tree_and_explain_name_show_pruned_that_is_not_true_or_false(method):
    # alpha-beta's said "keep_pruned must be ...", a parameter search_tree has not; the others
    # took any value
    with pytest.raises(ValueError, match="show_pruned must be True or False, not 'x'"):
        search_tree(Position("Simple-Nim", 3), method, show_pruned="x")
    with pytest.raises(ValueError, match="show_pruned must be True or False, not 'x'"):
        explain("Simple-Nim", 3, method=method, show_pruned="x")


# ## play() refuses illegal moves


@pytest.mark.parametrize("move", [(7, 7, 7), "x", (1, 2, 3), (0, 0, 3), None, [[1]]])
def test_an_illegal_move_is_refused_with_a_message_and_changes_nothing(move):
    match = play("Nim", piles=(1, 2, 3))
    moves = moves_of(match)
    match.choose(move)
    assert match.history == [(1, 2, 3)] and moves_of(match) == moves
    assert (
        f"{move!r} is not one move away from (1, 2, 3): choose one of the moves below" in match.text
    )
    assert "pile 3: ●●● (3)" in match.board.value and "Traceback" not in match.board.value
    click_move(match, "take 1 from pile 1")  # the game goes on
    assert match.history == [(1, 2, 3), (0, 2, 3), (0, 2, 2)]


def test_a_move_given_as_a_list_is_played_as_the_game_writes_it():
    match = play("Nim", piles=(1, 2, 3))
    match.choose([0, 2, 3])
    assert match.history[:2] == [(1, 2, 3), (0, 2, 3)]


# ## Flags and errors


@pytest.mark.parametrize(
    ("make", "name", "value"),
    [
        (lambda: explore(large="x"), "large", "'x'"),
        (lambda: explore(show_pruned=1), "show_pruned", "1"),
        (lambda: replay(large=None), "large", "None"),
        (lambda: replay(show_pruned="yes"), "show_pruned", "'yes'"),
        (lambda: play(you_start="no"), "you_start", "'no'"),
        (lambda: play(last_counter_loses="no"), "last_counter_loses", "'no'"),
    ],
)
def test_flags_must_be_true_or_false(make, name, value):
    with pytest.raises(ValueError, match=re.escape(f"{name} must be True or False, not {value}")):
        make()


@pytest.mark.parametrize("make", [explore, replay])
@pytest.mark.parametrize("name", ["show_pruned", "best_play", "large"])
@pytest.mark.parametrize("value", [None, 1, "yes"])
def test_a_checkbox_or_toggle_button_set_by_hand_to_a_non_bool_names_itself(make, name, value):
    """explore().show_pruned.value = None raised traitlets' own TraitError."""
    control = getattr(make(), name)
    before = control.value
    with pytest.raises(
        ValueError, match=re.escape(f"{control.description} must be True or False, not {value!r}")
    ):
        control.value = value
    assert control.value == before
    control.value = np.bool_(not before)  # numpy's bools, as the flags take them
    assert control.value is (not before)


def test_numpy_bools_are_accepted_as_flags():
    assert play("Simple-Nim", counters=5, you_start=np.bool_(False)).history == [5, 4]
    explorer = explore(
        "Simple-Nim",
        3,
        large=np.bool_(True),
        show_pruned=np.bool_(False),
        last_counter_loses=np.bool_(True),
    )
    assert explorer.large.value is True and explorer.picker.ending.value is True
    assert replay(large=np.bool_(False)).large.value is False


@pytest.mark.parametrize("widget", ["replay", "play"])
def test_errors_in_replay_and_play_callbacks_become_messages(monkeypatch, widget):
    def broken(*args, **kwargs):
        raise KeyError("oops")

    if widget == "replay":
        player = replay("Simple-Nim", 4)
        monkeypatch.setattr(replaying, "replay_page", broken)
        player.step.value = 3
        text = player.text
    else:
        player = play("Nim", piles=(1, 2, 3))
        monkeypatch.setattr(theory, "quick_best_move", broken)
        player.hint_button.click()
        text = player.text
    assert "Something went wrong: KeyError: 'oops'" in text and "Traceback" not in text


# ## Closed forms agree with minimax


@pytest.mark.parametrize(
    ("game", "states"),
    [
        (SimpleNim(), range(1, 25)),
        (SimpleNim(last_counter_loses=False), range(1, 25)),
        (Nim(), [(a, b, c) for a in range(4) for b in range(4) for c in range(4) if a + b + c]),
        (
            Nim(last_counter_loses=False),
            [(a, b, c) for a in range(4) for b in range(4) for c in range(4) if a + b + c],
        ),
        (SplitNim(), [(a, b) for a in range(1, 10) for b in range(1, 10) if max(a, b) >= 3]),
        (FibonacciNim(), [(n, m) for n in range(1, 14) for m in range(1, 14)]),
    ],
)
def test_closed_forms_agree_with_minimax(game, states):
    for state in states:
        found = theory_best_move(game, state)
        score = memoized_minimax(game, state, True)
        assert found.score == score and memoized_minimax(game, found.new_state, False) == score, (
            state
        )


def test_no_closed_form_for_a_game_without_one():
    assert theory_best_move(SimpleNim(takes=(1, 3, 4)), 10) is None
    assert theory_best_move(Nim(), (0, 0)) is None  # a finished game has no move


def test_the_widgets_offer_the_searches_they_trace_labelled_as_the_registry_labels_them():
    from nimlib.methods import REGISTRY

    assert explore().method.options == tuple((REGISTRY[name].label, name) for name in TRACED)


@pytest.mark.parametrize("method", TRACED)
@pytest.mark.parametrize("position", [Position("Simple-Nim", 7), Position("Nim", piles=(1, 2, 2))])
def test_each_drawn_tree_is_the_one_its_method_searches(method, position):

    score, stats = run_search(position.game, position.state, method)
    tree = search_tree(position, method)
    assert tree.visited_count == stats.calls
    assert tree.root.score == score


@pytest.mark.parametrize(("counters", "method"), [(7, "memo"), (7, "alphabeta"), (5, "minimax")])
def test_the_replay_keeps_room_for_its_longest_caption_so_the_picture_stays_put(counters, method):
    from nimlib.widgets.snapshots import longest_caption

    window = {"alpha": -float("inf"), "beta": float("inf")} if method == "alphabeta" else {}
    tree = search_tree(Position("Simple-Nim", counters), method, **window)
    room = longest_caption(tree)
    for step in range(1, tree.visited_count + 2):  # every visit, then the search done
        caption = Snapshot(tree, step).caption()
        assert len(caption) <= len(
            room
        )  # as many lines at most, each no longer than the line kept for its kind
        assert len(caption[0]) <= len(room[0])  # "Visit 3 of 22: ..." or "The search is over ..."
        for line in caption[1:]:
            kind = line.split()[0]  # "It", "Being" or "Cut-off"
            assert len(line) <= max(len(kept) for kept in room if kept.split()[0] == kind)
    wide = {"window": "wide"} if method == "alphabeta" else {}
    widget = replay("Simple-Nim", counters, method=method, **wide)
    assert (
        "visibility:hidden" in widget.view.value and "visibility:hidden" not in widget.saved_html()
    )


def test_a_replays_words_stand_at_the_bottom_of_their_room_on_the_tree():
    """In large print, at the first steps, the caption's two lines stood at the top of a room of
    eight, a blank band of 100 to 250 px between them and the tree they describe."""
    from nimlib.widgets.controls import html_lines

    page = replay("Simple-Nim", 5, large=True).view.value
    shown = re.search(r'<div style="grid-area:1/1;([^"]*)"><div>Visit 1 of 22', page)
    assert shown is not None and shown[1] == "align-self:end"
    assert "align-self" not in html_lines(["a line"])  # with no room kept, nothing to align


def test_a_wide_memo_tree_is_drawn_with_its_root_at_the_left_in_explore_and_replay():
    pages = [
        exploring.explorer_page(Position("Simple-Nim", 9), "memo", True, False)[1],
        replaying.replay_page(search_tree(Position("Simple-Nim", 9), "memo"), 5, False)[1],
    ]
    for page in pages:
        svg = pictures_in(page)[0]
        width = float(re.search(r'viewBox="[-\d.]+ [-\d.]+ ([\d.]+)', svg)[1])
        root_x = float(
            re.search(r"<title>n0</title>.*?(?:cx|points|d|x)=\"M?([\d.]+)", svg, flags=re.DOTALL)[
                1
            ]
        )
        assert width > 2000 and root_x < 150  # points from the left edge of a wide tree: in view


def test_a_replay_step_that_scrolls_opens_at_the_end_nearer_the_node_visited_now():
    tree = replay("Deep cut-off tree").tree  # 812 px at its least, more than a narrow page
    step = {}
    for number in (2, 18, tree.visited_count + 1):  # visiting B, C1.2, then all done
        drawing = search_drawing(tree, number, keep_room=True)
        step[number] = drawing.html()
        assert "scroll sideways" in step[number]
        now = Snapshot(tree, number).current
        assert drawing.focus == ("" if now is None else f"n{list(tree).index(now)}")
    assert node_share(svg_text(step[18]), "n21") > 0.5
    assert "direction:rtl" in step[18] and "◂ scroll sideways" in step[18]
    for left_open in (step[2], step[tree.visited_count + 1]):
        assert "direction:rtl" not in left_open and "scroll sideways ▸" in left_open


@pytest.mark.slow
def test_the_step_label_is_as_wide_as_its_longest_words():
    """ipywidgets makes a label 80 px wide, which cut "visit 10 of 22" to "visit 10 c" beside the
    file browser: the label takes the width of the longest words it can show."""
    player = replay("Simple-Nim", 5)
    assert player.step_label.layout.width == "auto"
    for counters in (5, 8):
        player.picker.counters.value = counters
        widths = set()
        for step in range(1, player.step.max + 1):
            player.step.value = step
            widths.add(player.step_label.layout.min_width)
            assert len(player.step_label.value) <= int(player.step_label.layout.min_width[:-2])
        assert len(widths) == 1  # the same all the way: the slider beside it never jumps


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (
            lambda: play("Fibonacci Nim", piles=(1, 2)),
            "Fibonacci Nim has no use for piles=(1, 2): it takes counters",
        ),
        (
            lambda: play("Nim", counters=3),
            "Nim has no use for counters=3: it takes piles and last_counter_loses",
        ),
        (
            lambda: play("Split Nim", last_counter_loses=True),
            "Split Nim has no use for last_counter_loses=True: it takes piles",
        ),
        (
            lambda: play("Tic-tac-toe", counters=3, last_counter_loses=False),
            "Tic-tac-toe has no use for counters=3, last_counter_loses=False: it takes no settings",
        ),
        (
            lambda: explore("Simple-Nim", piles=(4,)),
            "Simple-Nim has no use for piles=(4,): it takes counters and last_counter_loses",
        ),
        (lambda: explain("Split Nim", 7), "Split Nim has no use for counters=7: it takes piles"),
        (
            lambda: replay("Textbook tree", counters=3),
            "Textbook tree has no use for counters=3: it takes no settings",
        ),
        (
            lambda: replay("Scored Nim", last_counter_loses=False),
            "Scored Nim has no use for last_counter_loses=False: it takes counters",
        ),
    ],
)
def test_a_setting_the_variant_has_no_use_for_is_named_instead_of_ignored(make, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        make()


def test_settings_left_out_are_the_variants_defaults():
    assert (
        str(play("Simple-Nim"))
        == "A game of Simple-Nim (misère: the last counter loses) from 10 counters against the computer"
    )
    assert (
        str(explore("Nim").picker.position) == "Nim (misère: the last counter loses) from (1, 2, 3)"
    )
    assert str(replay(counters=4, last_counter_loses=False).picker.position).endswith(
        "(normal play: the last counter wins) from 4 counters"
    )


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (99, "step = 99 is too large: at most 13 is allowed"),
        (0, "step must be at least 1, not 0"),
        (2.5, "step must be a whole number, not 2.5 (float)"),
        ("3", "step must be a whole number, not '3' (str)"),
        (None, "step must be a whole number, not None (NoneType)"),
        (True, "step must be a whole number, not True (bool)"),
    ],
)
def test_a_slider_set_by_hand_names_a_bad_value_and_keeps_its_own(value, words):
    """replay().step.value = 18 is how notebook 06 goes to a visit: not 99 moved to the last step
    unsaid, 2.5 taken as 2, nor traitlets' TraitError for None."""
    replayer = replay("Simple-Nim", 4)
    replayer.step.value = 5
    with pytest.raises(ValueError, match=re.escape(words)):
        replayer.step.value = value
    assert replayer.step.value == 5 and replayer.step_label.value == "visit 5 of 12"


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (999, "replay = 999 is too large: at most 13 is allowed"),
        (0, "replay must be at least 1, not 0"),
        (2.5, "replay must be a whole number, not 2.5 (float)"),
        (None, "replay must be a whole number, not None (NoneType)"),
    ],
)
def test_the_play_button_set_by_hand_names_a_bad_value_and_keeps_its_own(value, words):
    """replay().player.value = 999 is refused, not moved to the last step unsaid."""
    replayer = replay("Simple-Nim", 4)
    replayer.player.value = 5
    with pytest.raises(ValueError, match=re.escape(words)):
        replayer.player.value = value
    assert replayer.player.value == replayer.step.value == 5
    assert replayer.step_label.value == "visit 5 of 12"


VARIANT_NAMES = ", ".join(map(repr, VARIANTS))  # what the game picker offers


@pytest.mark.parametrize(
    ("make", "control", "value", "words"),
    [
        (
            explore,
            "method",
            "negamax",
            "unknown method 'negamax': choose one of 'minimax', 'memo', 'alphabeta'",
        ),
        (
            explore,
            "picker.variant",
            "Chess",
            f"unknown game 'Chess': choose one of {VARIANT_NAMES}",
        ),
        (explore, "picker.ending", None, "unknown ending None: choose one of True, False"),
        (
            replay,
            "window",
            "narrowest",
            "unknown window 'narrowest': choose one of 'narrow', 'wide'",
        ),
        (replay, "method", ["memo"], "unknown method ['memo']: choose one of 'minimax', 'memo'"),
    ],
)
def test_a_choice_set_by_hand_that_the_control_does_not_offer_is_refused_by_name(
    make, control, value, words
):
    """explore().method.value = 'negamax' names the control and what it offers, where ipywidgets
    raised traitlets' TraitError (or took None, choosing nothing)."""
    widget = make("Nim", piles=(1, 2))
    chosen = operator.attrgetter(control)(widget)
    before, text = chosen.value, widget.text
    with pytest.raises(ValueError, match=re.escape(words)):
        chosen.value = value
    assert chosen.value == before and widget.text == text


def test_a_choice_set_by_hand_equal_to_an_option_takes_the_option():
    explorer = explore("Nim", piles=(1, 2), last_counter_loses=True)
    explorer.picker.ending.value = 0
    assert explorer.picker.ending.value is False
    assert "normal play" in str(explorer.picker.position)


METHOD_LABELS = "'plain minimax', 'memoized minimax', 'alpha-beta'"


@pytest.mark.parametrize(
    ("control", "attribute", "value", "words"),
    [
        ("method", "index", 3, "method index = 3 is too large: at most 2 is allowed"),
        ("method", "index", -1, "method index must be at least 0, not -1"),
        ("method", "index", "1", "method index must be a whole number, not '1' (str)"),
        ("method", "index", None, "method index must be a whole number, not None (NoneType)"),
        (
            "method",
            "label",
            "negamax",
            f"unknown method label 'negamax': choose one of {METHOD_LABELS}",
        ),
        ("method", "label", 1, f"unknown method label 1: choose one of {METHOD_LABELS}"),
        (
            "picker.variant",
            "index",
            len(VARIANTS),
            f"game index = {len(VARIANTS)} is too large: at most {len(VARIANTS) - 1} is allowed",
        ),
        ("picker.ending", "label", None, "unknown ending label None: choose one of"),
    ],
)
def test_an_index_or_label_set_by_hand_that_the_control_does_not_offer_is_refused_by_name(
    control, attribute, value, words
):
    """explore().method.index = 3 or .label = 'negamax' names the control and what it offers, as
    .value does, where ipywidgets raised traitlets' TraitError."""
    explorer = explore("Nim", piles=(1, 2))
    chosen = operator.attrgetter(control)(explorer)
    before, text = (chosen.value, chosen.index, chosen.label), explorer.text
    with pytest.raises(ValueError, match=re.escape(words)):
        setattr(chosen, attribute, value)
    assert (chosen.value, chosen.index, chosen.label) == before and explorer.text == text


def test_an_index_or_label_set_by_hand_that_the_control_offers_chooses_its_option():
    explorer = explore("Nim", piles=(1, 2))
    explorer.method.index = 2
    assert explorer.method.value == "alphabeta" and "alpha-beta" in explorer.text
    explorer.method.label = "memoized minimax"
    assert explorer.method.value == "memo" and explorer.method.index == 1


def test_the_pickers_sliders_set_by_hand_name_a_bad_value():
    explorer = explore("Nim", piles=(1, 2))
    with pytest.raises(
        ValueError, match=re.escape("pile 1 = 8 is too large: at most 7 is allowed")
    ):
        explorer.picker.piles[0].value = 8
    explorer.picker.counters.value = 30  # a hidden slider keeps its own range
    with pytest.raises(
        ValueError, match=re.escape("counters must be a whole number, not 'x' (str)")
    ):
        explorer.picker.counters.value = "x"
    explorer.picker.variant.value = "Simple-Nim"
    assert explorer.picker.position.counters == 30


class TakeOneThreeOrFour(SimpleNim):
    """A learner's own game (notebook 03's exercise), a Simple-Nim with other takes."""

    def possible_new_states(self, state):
        return [state - take for take in (1, 3, 4) if take <= state]


def test_the_base_of_the_widgets_that_play_says_which_to_use():
    """Match(Nim(), True, [], []) said "Something went wrong: AttributeError"."""
    with pytest.raises(
        TypeError, match=r"Match is the base of the widgets that play: use play\(\)"
    ):
        Match(Nim(), True, [], [])


@pytest.mark.parametrize(
    ("game", "name"),
    [(Nim(), "'Nim'"), (SimpleNim(), "'Simple-Nim'"), (TicTacToe(), "'Tic-tac-toe'")],
)
def test_one_of_nimlibs_games_given_itself_is_told_its_variants_name(game, name):
    """play(Nim()) was told "not a game of your own such as Nim()", and shown other tools."""
    with pytest.raises(ValueError, match=f"take a variant by its name, {name}, not the game"):
        play(game)


@pytest.mark.parametrize("widget", [explore, replay, play])
def test_a_learners_own_game_is_told_where_it_can_be_seen(widget):
    """It was refused as an "unknown variant", with no word of what takes any game."""
    with pytest.raises(ValueError, match=r"not a game of your own such as TakeOneThreeOrFour\(\)"):
        widget(TakeOneThreeOrFour(), 7) if widget is not replay else widget(TakeOneThreeOrFour())


@pytest.mark.parametrize("game", [DiceNim(3), Pig()])
@pytest.mark.parametrize("widget", [explore, play])
def test_a_game_with_dice_is_told_where_it_can_be_seen_not_sent_to_searches_that_refuse_it(
    widget, game
):
    """A game with dice was sent to draw_tree and explore_mcts, which refuse a chance node; the
    call it is sent to runs as written (it lacked the player to move)."""
    with pytest.raises(ValueError) as error:
        widget(game)
    said = str(error.value)
    assert f"not a game with dice such as {game!r}: solve it with " in said
    assert "draw_chance_tree(game, state)" in said and "play_pig()" in said
    assert "explore_mcts" not in said
    call = re.search(r"expectiminimax\(game, state, True\)", said)[0]
    if game.name == "Dice Nim":  # Pig's play comes back, as the words say: value iteration
        names = {"expectiminimax": expectiminimax, "game": game, "state": game.start()}
        assert eval(call, names) == Fraction(-2, 3)


@pytest.mark.parametrize("method", ["minimax", "memo"])
def test_search_tree_refuses_a_window_for_a_search_without_one(method):
    """An alpha given to minimax was ignored without a word: the tree was minimax's all the same."""
    with pytest.raises(ValueError, match="alpha and beta are alpha-beta's window: .* without one"):
        search_tree(Position("Simple-Nim", 3), method, alpha=0)
    # replay() took a window with them too, and left it unused without a word
    with pytest.raises(ValueError, match=f"the window is alpha-beta's: {TRACED[method]} searches"):
        replay("Simple-Nim", 3, method=method, window="wide")
    player = replay("Simple-Nim", 3, method=method)
    assert str(player.tree) == str(search_tree(Position("Simple-Nim", 3), method))
    player.method.value = "alphabeta"  # the window toggle starts from the game's score range
    assert player.window.value == "narrow"
