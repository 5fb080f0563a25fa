"""play_grid(): tic-tac-toe on a grid of buttons, played by clicks, against a computer that never
loses."""

import random
import re

import pytest

from nimlib.games.simple_nim import SimpleNim
from nimlib.games.tictactoe import TicTacToe
from nimlib.widgets.grid import BLANK, GridMatch, play_grid


def click(match, square):
    """Click the button of `square`, as a person would."""
    match.squares[square].click()


def test_a_click_puts_your_mark_and_the_computer_answers():
    match = play_grid()
    assert match.text.splitlines()[-1] == "Your turn: click an empty square for X."
    click(match, 4)
    assert match.state.count("X") == 1 and match.state.count("O") == 1 and match.state[4] == "X"
    assert match.news[0] == "You: X in the centre." and match.news[1].startswith("The computer: O ")
    assert match.squares[4].description == "X" and match.squares[4].style.text_color == "#0072b2"
    assert sum(button.description == BLANK for button in match.squares) == 7


def test_the_computer_moves_first_when_you_choose_so():
    match = play_grid(you_start=False)
    assert match.state.count("X") == 1 and match.your_mark == "O"
    assert "New game: you play O." in match.text and "The computer: X" in match.text
    match.first.value = True  # switching who starts begins a new game
    assert match.state == "........." and match.your_mark == "X"


def test_a_taken_square_and_a_bad_square_give_messages_not_tracebacks():
    match = play_grid()
    click(match, 0)
    taken = next(i for i, mark in enumerate(match.state) if mark == "O")
    match.choose(taken)
    assert (
        f"Square {TicTacToe().square_name(taken)} is taken: choose an empty square"
        in match.words.value
    )
    match.choose("x")
    assert "Square must be a whole number, not &#x27;x&#x27; (str)" in match.words.value
    match.choose(9)
    assert "Square = 9 is too large: at most 8 is allowed" in match.words.value


@pytest.mark.parametrize("seed", range(12))
def test_the_computer_never_loses_against_random_clicks(seed):
    chance = random.Random(seed)
    match = play_grid(you_start=seed % 2 == 0)
    while not match.is_over:
        click(match, chance.choice([i for i, mark in enumerate(match.state) if mark == "."]))
    assert match.game.winner(match.state) != match.your_mark
    match.choose(next((i for i, mark in enumerate(match.state) if mark == "."), 0))
    outcome = "a draw" if match.status()[0].startswith("A draw") else "the computer won"
    assert f"The game is over: {outcome}. Press New game to play again." in match.words.value


def test_the_winning_line_lights_up_and_new_game_clears_the_board():
    match = play_grid()
    for square in (0, 1, 3):  # X a1, b1, a2: the computer wins or blocks
        if match.is_over or match.state[square] != ".":
            break
        click(match, square)
    while not match.is_over:
        click(match, next(i for i, mark in enumerate(match.state) if mark == "."))
    line = match.winning_line()
    lit = [i for i, button in enumerate(match.squares) if button.style.button_color]
    assert lit == list(line)
    match.new_game_button.click()
    assert match.state == "........." and all(
        button.description == BLANK for button in match.squares
    )


def play_to_the_end(match):
    """Click the first empty square until the game is over."""
    while not match.is_over:
        click(match, match.state.index("."))


def test_empty_squares_get_a_blank_the_browser_redraws_after_new_game_and_first_move():
    match = (
        play_grid()
    )  # ipywidgets' Button view redraws its text only when the new description is non-empty
    assert [button.description for button in match.squares] == [BLANK] * 9
    play_to_the_end(match)
    match.new_game_button.click()
    assert [button.description for button in match.squares] == [BLANK] * 9
    assert BLANK and not BLANK.strip()  # a text the browser draws, which shows nothing
    play_to_the_end(match)
    match.first.value = False
    opening = match.state.index("X")
    assert [button.description for button in match.squares] == [
        "X" if i == opening else BLANK for i in range(9)
    ]


def test_a_click_after_the_end_keeps_the_outcome_in_view():
    match = play_grid()
    play_to_the_end(match)
    state, status, words = match.state, match.status(), match.words.value
    assert not any(button.disabled for button in match.squares)  # marks not faded at the end
    click(match, 0)
    assert match.state == state and match.status() == status
    outcome = "a draw" if status[0].startswith("A draw") else "the computer won"
    assert (
        match.words.value.rsplit("<div>", 1)[0] == words.rsplit("<div>", 1)[0]
    )  # the last moves stay
    assert match.words.value.count("<div>") == words.count(
        "<div>"
    )  # in place of the outcome: same height
    assert f"The game is over: {outcome}. Press New game to play again." in match.words.value


def test_the_static_picture_shows_the_board_and_the_words():
    match = play_grid()
    click(match, 4)
    bundle = match._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert (
        bundle["text/html"].count('<td style="width:64px') == 9
        and bundle["text/html"].count("<tr>") == 4  # the letters of the columns, then the rows
    )
    assert re.findall(r">([a-c1-3])</th>", bundle["text/html"]) == list("abc123")
    assert "You: X in the centre." in bundle["text/html"] and ">X</td>" in bundle["text/html"]
    assert bundle["text/plain"].splitlines()[1] == "  a b c"


@pytest.mark.parametrize(
    ("arguments", "kind", "message"),
    [
        (
            {"game": "abc"},
            TypeError,
            "game must be a TicTacToe such as TicTacToe(), not 'abc' (str)",
        ),
        (
            {"game": SimpleNim()},
            TypeError,
            "game must be a TicTacToe such as TicTacToe(), not SimpleNim(). This board plays only "
            "TicTacToe; play() plays the Nim variants, and for a game of your own, draw its tree "
            "with draw_tree(game_tree(game, state)) from nimlib.drawing, or watch MCTS play it "
            "with explore_mcts(game, state)",
        ),
        ({"you_start": "no"}, ValueError, "you_start must be True or False, not 'no'"),
        ({"you_start": None}, ValueError, "you_start must be True or False, not None"),
    ],
)
def test_bad_arguments_are_refused_with_a_clear_message(arguments, kind, message):
    """A game of another kind is a TypeError, as every function given one says (checked_game)."""
    with pytest.raises(kind) as error:
        play_grid(**arguments)
    assert str(error.value) == message


def test_a_board_too_large_to_search_to_the_end_is_refused():
    with pytest.raises(
        ValueError,
        match="the grid plays on a 3 x 3 board.*not on TicTacToe\\(size=4, in_a_row=3\\)",
    ):
        GridMatch(TicTacToe(4, in_a_row=3))
    assert len(GridMatch(TicTacToe()).squares) == 9


def test_the_columns_are_lettered_and_the_rows_numbered_as_the_squares_are_named():
    match = play_grid()
    header, *rows = [match.grid.children[start : start + 4] for start in range(0, 16, 4)]
    assert [re.sub("<[^>]+>", "", label.value) for label in header] == ["", "a", "b", "c"]
    for number, (label, *squares) in enumerate(rows, start=1):
        assert re.sub("<[^>]+>", "", label.value) == str(number)
        assert [square.tooltip for square in squares] == [f"{column}{number}" for column in "abc"]
