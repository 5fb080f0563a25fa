"""Connect Four's picture, its tree with moves for names, and the game against the computer."""

import threading
import time

import pytest

from nimlib import (
    ConnectFour,
    SearchBudgetExceeded,
    SearchStats,
    best_move,
    game_tree,
    principal_variation,
    theory,
)
from nimlib.drawing.board import board_html, board_svg, draw_board
from nimlib.drawing.nodes import score_text
from nimlib.games.columns_from import ColumnsFrom
from nimlib.theory import TimedMove
from nimlib.widgets import connect_four as connect_four_widget
from nimlib.widgets import match as match_module
from nimlib.widgets.connect_four import Thought, expected, play_connect_four, score_words, think

GAME = ConnectFour()


def test_the_board_is_drawn_with_a_circle_per_cell_in_the_players_colours():
    state = GAME.from_moves("4453")
    svg = board_svg(GAME, state)
    assert svg.count("<circle") == 42 and svg.count("#d62828") == 2 and svg.count("#f4c430") == 2
    assert board_html(GAME, state).startswith('<img src="data:image/svg+xml;base64,')
    assert "stroke-dasharray" in board_svg(GAME, state, highlight=3)
    assert repr(draw_board(GAME, state)) == GAME.picture(state)
    with pytest.raises(ValueError, match="floating"):
        draw_board(GAME, (0, 2))


def test_a_tree_from_a_late_position_names_its_nodes_by_the_columns_played():
    state = GAME.from_moves("211376455663355325112113664364524722")
    view = ColumnsFrom(GAME, state)
    tree = game_tree(view, view.start(), alphabeta=True)
    nodes = list(tree)
    assert tree.root.score == 0 and nodes[1].state == "…4" and len(nodes) == 30
    assert sum(not node.visited for node in nodes) == 16
    with pytest.raises(ValueError, match="column 8 is not on the board"):
        view.validate("…8")


def test_the_computer_finds_a_win_at_once_and_says_its_exact_score():
    state = GAME.from_moves("1212121"[:-1])  # X to move: column 1 wins
    thought = think(GAME, state, 0.5)
    assert (
        GAME.column_played(state, thought.move.new_state) == 1
        and thought.move.score == 18
        and thought.move.exact
    )


def test_the_computer_thinks_within_its_budget_from_the_empty_board():
    thought = think(GAME, GAME.start(), 0.3)
    assert thought.move.depth >= 2 and not thought.move.exact
    # a central column, whatever depth the machine's load let it reach: 4 wins, 3 and 5 draw,
    # the others lose (Allis, Tromp); the search plays 4 at every depth to 13 but 7, 3 there
    assert GAME.column_played(GAME.start(), thought.move.new_state) in (3, 4, 5)


@pytest.mark.parametrize(
    ("moves", "score"),
    [("52677675164321472411331752454", 0), ("7422341735647741166133573473242566", 1)],
)
def test_once_the_position_is_solvable_in_time_the_computer_says_the_exact_score_and_its_line(
    moves, score
):
    state = GAME.from_moves(moves)  # End-Easy cases with the benchmark's scores
    thought = think(GAME, state, 30.0)  # exact in well under a second: the search stops there
    assert thought.move.exact and thought.move.score == score
    stats = SearchStats(max_calls=None, max_seconds=None)
    line = principal_variation(
        GAME, thought.move.new_state, "deepening", stats, depth=thought.move.depth - 1
    )
    # the line runs to the end of the game; the search may have looked a move further, to be
    # sure that no other move wins as quickly
    assert thought.variation == line and 4 < len(line) <= thought.move.depth - 1


def test_scores_in_the_news_carry_their_sign_and_a_draw_is_zero():
    assert [score_text(value) for value in (3, -0.5, 0, 0.0)] == ["+3", "-0.5", "0", "0"]


def thinks_four_moves_ahead(game, state, seconds):
    """think() without the clock: the same Thought whatever the machine's load."""
    stats = SearchStats(max_calls=None, max_seconds=None)
    score, new_state = best_move(game, state, "deepening", stats, depth=4)
    line = principal_variation(game, new_state, "deepening", stats, depth=3)
    return Thought(TimedMove(new_state, score, 4, stats.exact), line)


def test_a_game_against_the_computer_takes_clicks_and_refuses_bad_ones_in_words(monkeypatch):
    monkeypatch.setattr(connect_four_widget, "think", thinks_four_moves_ahead)
    match = play_connect_four(seconds=0.2)
    match.choose(4)
    assert GAME.stones(match.state) == 2 and "The computer: column" in match.text
    assert "an estimate: it looked" in match.text and "moves ahead" in match.text
    assert "It expects you to play column" in match.text
    match.choose(9)
    assert "Column 9 is not on the board" in match.words.value and GAME.stones(match.state) == 2
    for _ in range(6):
        match.choose(1)
    assert "full" in match.words.value or match.is_over
    bundle = match._repr_mimebundle_()
    assert "<img" in bundle["text/html"] and "nim-saved" in bundle["text/html"]
    assert "1 2 3 4 5 6 7" in bundle["text/plain"]


@pytest.mark.parametrize(
    ("settings", "kind", "message"),
    [
        ({"seconds": 0}, ValueError, "seconds must be"),
        ({"game": "x"}, TypeError, "game must be a ConnectFour such as ConnectFour"),
    ],
)
def test_bad_settings_raise_clear_errors(settings, kind, message):
    with pytest.raises(kind, match=message):
        play_connect_four(**settings)


def test_the_winning_four_is_ringed_on_the_board_and_a_click_after_the_end_keeps_the_words():
    state = GAME.from_moves("12233434474")  # red's diagonal from column 1 up to column 4
    assert GAME.winning_cells(state) == [(1, 1), (2, 2), (3, 3), (4, 4)]
    assert GAME.winning_cells(GAME.from_moves("1212121")) == [(1, 1), (1, 2), (1, 3), (1, 4)]
    assert GAME.winning_cells(GAME.from_moves("121212")) == []
    assert board_svg(GAME, state, rings=GAME.winning_cells(state)).count('stroke="#111111"') == 4
    match = play_connect_four(seconds=0.2)
    match.history = [GAME.from_moves("1212121"[:n]) for n in range(8)]
    match.news = ["You: column 1."]
    match.show()
    before = match.words.value
    assert match.is_over and match.board.value.count("<img") == 1
    match.choose(5)
    assert match.words.value.startswith(before.rsplit("<div>", 1)[0])  # the last moves' words stay
    assert "The game is over: you won." in match.words.value
    assert match.words.value.count("<div>") == before.count(
        "<div>"
    )  # and the words keep their height


def test_once_the_game_is_over_every_column_is_off_and_new_game_turns_them_on(monkeypatch):
    """Whoever ends the game, the columns with room are off too (a click could only say that the
    game is over); New game stays on and turns them back on."""
    monkeypatch.setattr(connect_four_widget, "think", thinks_four_moves_ahead)
    for moves, column, outcome in [("121212", 1, "you won"), ("712121", 6, "the computer won")]:
        match = play_connect_four(seconds=0.2)
        match.history = [GAME.from_moves(moves[:n]) for n in range(len(moves) + 1)]
        match.show()
        assert not any(button.disabled for button in match.columns)
        match.columns[column - 1].click()
        assert match.is_over and match.outcome() == outcome
        assert all(button.disabled for button in match.columns), outcome
        assert not match.new_game_button.disabled
        match.new_game_button.click()
        assert not any(button.disabled for button in match.columns)


def test_a_full_columns_button_says_full_and_new_game_gives_its_number_back():
    """A lecturer sees at once which column takes no more stones: its button is off and says
    "full", its tooltip why; the news names the stones' colours with their letters."""
    match = play_connect_four(seconds=0.2)
    assert "New game: you play red (X)." in match.text
    match.history = [GAME.from_moves("444444"[:n]) for n in range(7)]
    match.show()
    fourth = match.columns[3]
    assert (fourth.description, fourth.disabled) == ("full", True)
    assert fourth.tooltip == "column 4 is full"
    others = [button.description for button in match.columns if button is not fourth]
    assert others == ["1", "2", "3", "5", "6", "7"]
    match.new_game_button.click()
    assert (fourth.description, fourth.disabled) == ("4", False)
    assert fourth.tooltip == "drop a stone in column 4"


def thought(moves, column, score, exact=True, depth=9, line=""):
    """What the computer found from the position after `moves`: a stone in `column`, then `line`."""
    new_state = GAME.play(GAME.from_moves(moves), column)
    variation = [GAME.from_moves(moves + str(column) + line[:n]) for n in range(1, len(line) + 1)]
    return Thought(TimedMove(new_state, score, depth, exact), variation)


def test_a_computer_out_of_time_before_one_move_ahead_still_plays_and_says_so(monkeypatch):
    """The widget had no such guard: the terminal game had one of its own."""

    def out_of_time(*arguments, **options):
        raise SearchBudgetExceeded("the search passed its limit")

    monkeypatch.setattr(theory, "best_move", out_of_time)
    match = play_connect_four(seconds=0.2)
    match.choose(3)
    assert GAME.stones(match.state) == 2 and "The computer: column 4" in match.text
    assert "Out of time before it looked one move ahead: it played its most promising" in (
        match.text
    )


def test_the_news_says_what_an_exact_score_means_and_what_an_estimate_is():
    words = {
        (
            "445566",
            7,
            18,
        ): "exact (it searched to the end of the game): this stone makes four in a row.",
        ("4455", 6, 18): "it wins with its next stone, whatever you play.",
        (
            "",
            4,
            14,
        ): "it wins with 7 more of its stones, whatever you play.",  # its 8th stone, the 15th
        ("44556", 4, -18): "you can win with your next stone.",
        ("44556", 4, -17): "you can win with 2 more of your stones.",
        ("4", 4, 0): "a draw if both play their best.",
    }
    for (moves, column, score), ending in words.items():
        assert score_words(GAME, GAME.from_moves(moves), thought(moves, column, score)).endswith(
            ending
        )
    guess = score_words(GAME, GAME.start(), thought("", 4, -1.075, exact=False, depth=10))
    assert guess == (
        "Score for it: -1.1, an estimate: it looked 10 moves ahead, not to the end of the game "
        "(it thinks you are ahead)."
    )
    for estimate, leaning in ((0.3456789, "+0.3"), (0.04, "0"), (-0.123456, "-0.1")):
        words = score_words(GAME, GAME.start(), thought("", 4, estimate, exact=False, depth=3))
        assert f"Score for it: {leaning}, an estimate" in words
        assert ("it thinks it is ahead" in words) == (estimate > 0.05)
        assert ("it thinks you are ahead" in words) == (estimate < -0.05)


def test_the_line_it_expects_starts_with_your_move_not_its_own():
    assert (
        expected(GAME, thought("", 4, 0.5, line="563"))
        == "It expects you to play column 5, then columns 6, 3."
    )
    assert expected(GAME, thought("", 4, 0.5, line="5")) == "It expects you to play column 5."
    two = expected(GAME, thought("", 4, 0.5, line="57"))
    assert two == "It expects you to play column 5, then column 7."  # it was "the columns 7"


def test_while_it_thinks_your_stone_and_thinking_show_the_buttons_are_off_and_clicks_are_ignored(
    monkeypatch,
):
    monkeypatch.setattr(match_module, "LATE_CLICK", 0.3)
    match = play_connect_four(seconds=0.1)
    seen = []
    think_as_before = match.computer_moves

    def computer_moves():
        buttons = [*match.columns, match.new_game_button]  # New game acted only after the answer
        seen.append((GAME.stones(match.state), match.words.value, [b.disabled for b in buttons]))
        match.columns[2].click()  # a click during thinking: the kernel would only get it afterwards
        think_as_before()

    monkeypatch.setattr(match, "computer_moves", computer_moves)
    match.columns[3].click()
    stones, words, disabled = seen[0]
    assert stones == 1 and "You: column 4." in words and "Thinking..." in words and all(disabled)
    assert GAME.stones(match.state) == 2 and not any(b.disabled for b in match.columns)
    assert not match.new_game_button.disabled
    match.columns[
        2
    ].click()  # a double click's second click, handled right after the answer: ignored too
    assert GAME.stones(match.state) == 2 and len(seen) == 1
    assert f"{match.unseen_click}\nYour turn: click" in match.text
    monkeypatch.setattr(match_module, "monotonic", lambda: match.answered_at + 0.31)
    match.columns[2].click()  # a click made once the answer was on screen plays
    assert GAME.stones(match.state) == 4 and len(seen) == 2


def test_your_turn_shows_only_once_the_buttons_are_on():
    """The browser shows the widget's changes in the order the kernel makes them: the status says
    "Your turn" after the columns were turned back on, never while they are still off."""
    match = play_connect_four(seconds=0.1)
    seen = []
    match.words.observe(
        lambda change: seen.append((change["new"], [b.disabled for b in match.columns])),
        names="value",
    )
    match.columns[3].click()
    turns = [disabled for words, disabled in seen if "Your turn" in words]
    assert turns and not any(any(disabled) for disabled in turns), seen


def test_a_computer_stopped_by_kernel_interrupt_waits_for_new_game(monkeypatch):
    """Kernel → Interrupt while it thought left "Thinking..." on screen, and the next click
    dropped a stone for the computer."""

    def interrupted():
        raise KeyboardInterrupt

    match = play_connect_four(seconds=0.2)
    monkeypatch.setattr(match, "computer_moves", interrupted)
    match.choose(4)
    said = "The computer's move was stopped by Kernel → Interrupt: press New game."
    assert match.text.endswith(said) and "Thinking" not in match.text
    match.choose(3)
    assert GAME.stones(match.state) == 1 and match.text.endswith(said)
    assert all(column.disabled for column in match.columns)
    monkeypatch.setattr(connect_four_widget, "think", thinks_four_moves_ahead)
    monkeypatch.delattr(match, "computer_moves")
    match.new_game_button.click()
    monkeypatch.setattr(match_module, "monotonic", lambda: match.answered_at + 1)
    match.columns[3].click()
    assert GAME.stones(match.state) == 2  # the computer answers again


def test_an_interrupt_once_the_computer_has_moved_lets_the_game_go_on(monkeypatch):
    monkeypatch.setattr(connect_four_widget, "think", thinks_four_moves_ahead)
    match = play_connect_four(seconds=0.2)
    moves_as_before = match.computer_moves

    def moved_then_interrupted():
        moves_as_before()
        raise KeyboardInterrupt

    monkeypatch.setattr(match, "computer_moves", moved_then_interrupted)
    match.choose(4)
    assert GAME.stones(match.state) == 2 and "Interrupt" not in match.text
    assert match.text.endswith("Your turn: click a column's number above the board.")
    assert not all(column.disabled for column in match.columns)


def test_new_game_clicked_while_the_computer_thinks_waits_for_it_then_starts_clean(monkeypatch):
    """JupyterLab 4.6 has a kernel handle widgets' messages on subshells, threads of their own:
    New game ran while the computer thought, whose move then landed on the new board, and the
    computer never moved again (the board said "Thinking..." while you played both sides)."""
    monkeypatch.setattr(connect_four_widget, "think", thinks_four_moves_ahead)
    match = play_connect_four(seconds=0.2)
    thinking, think_as_before = threading.Event(), match.computer_moves

    def slow_computer_moves():
        thinking.set()
        time.sleep(0.3)  # long enough for New game to come in while it thinks
        think_as_before()

    monkeypatch.setattr(match, "computer_moves", slow_computer_moves)
    on_a_subshell = threading.Thread(target=match.columns[3].click)
    on_a_subshell.start()
    assert thinking.wait(5)
    match.new_game_button.click()  # on the main thread, at once
    on_a_subshell.join()
    assert GAME.stones(match.state) == 0 and match.history == [match.state]
    assert "Thinking" not in match.text and not any(b.disabled for b in match.columns)
    monkeypatch.setattr(match_module, "monotonic", lambda: match.answered_at + 1)
    match.columns[3].click()
    assert GAME.stones(match.state) == 2  # the computer answers again
