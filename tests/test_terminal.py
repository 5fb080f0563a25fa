"""The terminal game: whole games played by a script of answers, bad input retried, and quiet
endings."""

import os
import select
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from child import ctrl_c_as_in_a_terminal

from nimlib import SearchBudgetExceeded, theory
from nimlib.__main__ import main
from nimlib.games.base import Game, has_dice
from nimlib.games.connect_four import ConnectFour
from nimlib.games.nim import Nim
from nimlib.games.nim_variants import FibonacciNim, SplitNim
from nimlib.games.simple_nim import SimpleNim
from nimlib.games.tictactoe import TicTacToe
from nimlib.terminal import GAMES, Quit, TerminalGame, board, chosen_column, play_in_terminal

ROOT = Path(__file__).resolve().parents[1]


class Script:
    """A player who answers each question by the first matching start of a prompt, and records
    everything."""

    def __init__(self, answers, moves=("1",)):
        self.answers, self.moves, self.lines, self.prompts = list(answers), list(moves), [], []

    def read(self, prompt):
        self.prompts.append(prompt)
        self.lines.append(prompt)
        if prompt.startswith("Your move"):
            return self.moves.pop(0) if len(self.moves) > 1 else self.moves[0]
        if not self.answers:
            raise EOFError
        return self.answers.pop(0)

    def write(self, text):
        self.lines.append(text)

    @property
    def text(self):
        return "\n".join(self.lines)

    @property
    def said(self):
        """The text with its lines joined again: a message as it reads, however it was wrapped."""
        return " ".join(self.text.split())


def play(answers, moves=("1",)):
    script = Script(answers, moves)
    status = play_in_terminal(script.read, script.write)
    return status, script


def test_the_computer_wins_simple_nim_when_it_starts_from_a_winning_count():
    status, script = play(
        ["1", "10", "n", "n"]
    )  # Simple-Nim from 10, the computer first; we always take 1
    assert status == 0
    assert "The computer: take 1, leaving 9." in script.text  # 9 is lost for the player to move
    assert script.text.count("The computer won.") == 1 and "Thanks for playing!" in script.text


def test_you_can_win_from_a_winning_position_by_playing_well():
    status, script = play(
        ["1", "6", "y", "n"], moves=["1", "3", "3"]
    )  # 6 -> 5; the computer cannot escape
    assert status == 0 and "You won! Well played." in script.text


def test_tic_tac_toe_by_square_names_ends_in_a_draw_or_a_win_for_the_computer():
    status, script = play(
        ["5", "y", "n"], moves=["b2", "a1", "c3", "a3", "c1", "b1", "a2", "c2", "b3"]
    )
    assert status == 0 and "You play X, the computer O." in script.text
    assert "You: X in the centre." in script.text
    assert ("A draw: nobody won." in script.text) or ("The computer won." in script.text)
    assert "You won!" not in script.text
    final_board = script.text.rsplit("\n\n", 1)[-1]  # after the last move, nothing is asked
    assert "squares" not in final_board and "1 2 3" not in final_board


@pytest.mark.parametrize(
    ("answers", "message"),
    [
        (
            ["99", "1", "", "n", "n"],
            f"The game must be a whole number from 1 to {len(GAMES)}, not '99'. Try again",
        ),
        (
            ["1", "many", "3", "n", "n"],
            "The number of counters must be a whole number from 1 to 100, not 'many'.",
        ),
        (
            ["2", "1 2 3 4 5 6", "1 2", "y", "n"],
            "Give 1 to 5 piles, separated by spaces, such as 1 2 3.",
        ),
        (
            ["2", "1 0", "1 2", "y", "n"],
            "Each of the piles must be a whole number from 1 to 9, not '0'.",
        ),
        (["3", "2", "5", "y", "n"], "from 3 to 30, not '2'"),
        (["1", "", "maybe", "y", "n"], "Answer y or n, not 'maybe'."),
        (
            ["", "1", "", "n", "n"],
            f"Type a whole number from 1 to {len(GAMES)} for the game. Try again, or type q to quit.",
        ),
    ],
)
def test_bad_answers_get_a_message_and_another_try(answers, message):
    status, script = play(answers)
    assert status == 0 and message in script.said
    assert "Thanks for playing!" in script.text  # the game went on after the mistake


def test_bad_moves_get_a_message_and_another_try():
    script = Moves([], moves=["a1", "5", "z9", "0", "", "3"])
    assert (
        TerminalGame(script.read, script.write).your_move(TicTacToe(), "X...O....") == "X.X.O...."
    )
    assert "Square a1 is taken: choose an empty square. Try again" in script.said
    assert "Square 5 (b2) is taken: choose an empty square. Try again" in script.said
    assert (
        "'z9' is not a square: name one by its column and row, from a1 to c3. Try again"
        in script.said
    )
    assert "The square must be a whole number from 1 to 9, not '0'." in script.said
    assert "Type a square, 1 to 9, or its name such as b2. Try again" in script.said
    assert script.lines[-1] == "You: X at c1."


def test_a_tic_tac_toe_square_has_the_same_number_all_game_as_the_board_shows():
    """The numbers counted the free squares: 5 was the centre only while it was free."""
    game, script = TicTacToe(), Moves([], moves=["9", "5", "9"])
    terminal_game = TerminalGame(script.read, script.write)
    assert terminal_game.your_move(game, "X...O....") == "X...O...X"  # 9: the last square
    assert terminal_game.your_move(game, "XOXXOOOX.") == "XOXXOOOXX"  # the last free square
    assert "Your move (a square, 1 to 9, or its name such as b2)? " in script.prompts
    assert "Square 5 (b2) is taken: choose an empty square." in script.said
    assert board(game, "X...O....").split("\n") == [
        "  a b c    squares",
        "1 X . .    1 2 3",
        "2 . O .    4 5 6",
        "3 . . .    7 8 9",
    ]


def test_an_empty_move_asks_for_a_move():
    status, script = play(["1", "5", "y", "n"], moves=["", "1"])
    assert (
        "Type the number of your move, 1 to 3, or the move itself, such as take 1. Try again"
        in script.said
    )


def test_one_counter_and_one_choice_read_naturally():
    status, script = play(
        ["1", "1", "y", "n"], moves=["2", "1"]
    )  # Simple-Nim from 1: take 1 is the only move
    assert "● (1 counter)" in script.text and "Your move (1)? " in script.prompts
    assert "Your move must be 1, not '2'. Try again" in script.text
    status, script = play(["4", "2", "y", "n"])  # Fibonacci Nim from 2: take 1, then 1 again
    assert "●● (2 counters)\nThe next take must be 1." in script.text
    assert "● (1 counter)\nThe next take must be 1." in script.text
    assert "1 to 1" not in script.text and "1 counters" not in script.text


@pytest.mark.parametrize(
    ("game", "state", "summary", "typed"),
    [
        (FibonacciNim(), FibonacciNim.start(50), ["  take 1 to 49"], "take 2"),
        (
            Nim(),
            (9, 9, 9, 9, 9),
            [f"  take 1 to 9 from pile {pile}" for pile in range(1, 6)],
            "take 2 from pile 3",
        ),
        (
            Nim(),
            (9, 0, 8),
            ["  take 1 to 9 from pile 1", "  take 1 to 8 from pile 3"],
            "take 2 from pile 3",
        ),
        (  # grouped by any number, it read "take 3 from pile 4 to 5", as if moving counters
            Nim(),
            (0, 9, 9, 3, 3),
            [
                f"  take 1 to {most} from pile {pile}"
                for most, pile in [(9, 2), (9, 3), (3, 4), (3, 5)]
            ],
            "take 2 from pile 4",
        ),
    ],
)
def test_many_moves_are_summed_up_and_typed_in_words(game, state, summary, typed):
    """49 moves listed one a line, numbered, pushed the board off a 24-line screen."""
    script = Moves([], moves=["3", "take 99", typed])
    TerminalGame(script.read, script.write).your_move(game, state)
    assert script.lines[: len(summary) + 1] == [*summary, script.prompts[0]]
    assert script.prompts[0].startswith("Your move, in words (such as take ")
    # a bare number, where the moves are not numbered, is shown the move it may mean
    assert "Type your move in words, such as take 3" in script.said and "not '3'." in script.said
    assert "'take 99'" in script.said and script.lines[-1].startswith(f"You: {typed}")


def test_a_move_that_could_be_several_gets_an_example_that_says_which():
    script = Moves([], moves=["take 2", "TAKE 2 from  pile 2"])
    new_state = TerminalGame(script.read, script.write).your_move(Nim(), (9, 9, 9, 9, 9))
    assert new_state == (9, 7, 9, 9, 9)
    assert "Type your move in words, such as take 2 from pile 1, not 'take 2'." in script.said


def test_a_split_typed_smaller_pile_first_is_shown_the_move_it_means():
    """ "split pile 1 into 3 and 7" got the message for words that name no move at all."""
    script = Moves([], moves=["split pile 1 into 3 and 7", "split pile 1 into 7 and 3"])
    new_state = TerminalGame(script.read, script.write).your_move(SplitNim(), (10,))
    assert new_state == (7, 3)
    said = " ".join(script.said.split())
    assert "the move like it is split pile 1 into 7 and 3 (or its number, 1 to 4)." in said


@pytest.mark.parametrize(
    ("game", "state", "typed", "move"),
    [
        (SimpleNim(), 10, "2", 8),
        (SimpleNim(), 10, "take 2", 8),
        (SimpleNim(), 10, "Take 2, leaving 8", 8),
        (SplitNim(), (12,), "split pile 1 into 7 and 5", (7, 5)),
        (SplitNim(), (12,), "split pile 1 (12) into 7 and 5", (7, 5)),
        (Nim(), (1, 2, 3), "take 2 from pile 3", (1, 2, 1)),
    ],
)
def test_a_listed_move_is_typed_by_its_number_or_its_words(game, state, typed, move):
    script = Moves([], moves=[typed])
    assert TerminalGame(script.read, script.write).your_move(game, state) == move
    assert script.prompts[0].startswith("Your move (1 to ") and "  1. " in script.text


class TakeFromAPile(Game):
    """Piles from which a move takes 1 or more, in words as Game.describe_move says any move:
    "move from (2, 2) to (2, 1)", whose brackets are the states, not a remark."""

    score_range = (-1, 1)

    def possible_new_states(self, state: tuple) -> list[tuple]:
        return [
            (*state[:pile], left, *state[pile + 1 :])
            for pile in range(len(state))
            for left in range(state[pile])
        ]

    def evaluate(self, state: tuple, is_maximizing: bool) -> int | None:
        return None if any(state) else (1 if is_maximizing else -1)

    def validate(self, state: object) -> tuple:
        return state


@pytest.mark.parametrize(
    ("game", "state", "typed", "said"),
    [
        (
            Nim(),
            (1, 2, 3),
            "Take 3 From Pile 2",
            "There is no move 'Take 3 From Pile 2'; the moves like it are take 3 from pile 3 and "
            "take 1 to 2 from pile 2 (or its number, 1 to 6).",
        ),
        (
            FibonacciNim(),
            FibonacciNim.start(50),
            "take 50",
            "There is no move 'take 50'; the moves like it are take 1 to 49.",
        ),
    ],
)
def test_a_move_that_is_not_one_is_told_the_moves_like_it(game, state, typed, said):
    """ "Take 3 from pile 2" with 2 counters there was told only "such as take 3 from pile 3"."""
    script = Moves([], moves=[typed, "q"])
    with pytest.raises(Quit):
        TerminalGame(script.read, script.write).your_move(game, state)
    assert said in script.said


def test_a_question_mark_at_your_move_shows_the_board_and_the_moves_again():
    """A few mistakes' messages scrolled the board off a 24-line screen, and help was read as a
    wrong move."""
    script = Moves([], moves=["take 9", "help", "?", "take 2 from pile 3"])
    new_state = TerminalGame(script.read, script.write).your_move(Nim(), (1, 2, 3))
    assert new_state == (1, 2, 1) and script.text.count(board(Nim(), (1, 2, 3))) == 2
    assert script.text.count("  1. ") == 3 and "not 'help'" not in script.said


class TallBoard(TakeFromAPile):
    """TakeFromAPile drawn as a board of ten rows, one a pile, a game's own picture."""

    def picture(self, state: tuple) -> str:
        return "\n".join("#" * pile + "." * (9 - pile) for pile in state)


def test_only_piles_share_lines_never_a_boards_rows():
    """A ten-row board of a game of one's own came out two lines of five rows each."""
    state = (9, 8, 7, 6, 5, 4, 3, 2, 1, 0)
    assert board(TallBoard(), state) == TallBoard().picture(state)
    assert len(board(SplitNim(), (3, 2, *[1] * 24)).split("\n")) == 7


class TakeOneThreeOrFour(SimpleNim):
    """Simple-Nim taking 1, 3 or 4, each move's words its take alone: "1", "3", "4"."""

    def describe_move(self, state: int, new_state: int) -> str:
        return str(state - new_state)


def test_a_number_typed_at_a_numbered_list_is_the_lists_even_where_words_are_numbers():
    """Move 3 of the list, "4", was typed as 3 and played "3", the second."""
    script = Moves([], moves=["3"])
    game = TakeOneThreeOrFour(takes=(1, 3, 4))
    assert TerminalGame(script.read, script.write).your_move(game, 10) == 6


def test_words_after_the_short_move_must_be_the_moves_own():
    """ "take 1, leaving 19" played take 1, leaving 12: what came after the comma was not read."""
    script = Moves(
        [], moves=["take 1, leaving 19", "take 1, no wait: take 2", "take 1, leaving 12"]
    )
    assert TerminalGame(script.read, script.write).your_move(SimpleNim(), 13) == 12
    assert "no move 'take 1, leaving 19': take 1 is take 1, leaving 12 (or its" in script.said
    assert "no move 'take 1, no wait: take 2': take 1 is take 1, leaving 12" in script.said


@pytest.mark.parametrize("state", [(2, 2), (9, 9)])  # moves listed, and summed up
def test_a_move_in_the_default_words_plays_the_move_typed_not_the_first(state):
    """Without its brackets every move read "move from to", and any move typed played the
    first. Summed up, the moves alike but for one number, wherever it stands, take one line (they
    took one each, 18 lines, summed up by their first number only)."""
    typed = f"move from {state} to (1, {state[1]})"
    script = Moves([], moves=["move from to", typed])
    played = TerminalGame(script.read, script.write).your_move(TakeFromAPile(), state)
    assert played == (1, state[1]) and "not 'move from to'" in script.said
    if state == (9, 9):
        summary = ["  move from (9, 9) to (0 to 8, 9)", "  move from (9, 9) to (9, 0 to 8)"]
        assert script.lines[:3] == [*summary, script.prompts[0]]


@pytest.mark.parametrize(
    ("game", "state"),
    [
        (FibonacciNim(), FibonacciNim.start(50)),
        (Nim(), (9, 9, 9, 9, 9)),
        (Nim(), (3, 3, 3, 3, 3)),  # the most moves listed, numbered, under the most piles
        (SplitNim(), (30,)),
        (SplitNim(), (3, 2, *[1] * 24)),  # a pile a line, it ran past 24 lines
        (TicTacToe(), TicTacToe().start()),
    ],
)
def test_your_move_fits_a_24_line_screen_under_the_computers_move(game, state):
    """The blank line, the board, the moves and the question: 23 lines at most, so that the
    computer's move stays in sight above them."""
    script = Moves([], moves=["q"])
    with pytest.raises(Quit):
        TerminalGame(script.read, script.write).your_move(game, state)
    screen = ["", *board(game, state).split("\n"), *"\n".join(script.lines).split("\n")]
    assert len(screen) <= 23 and max(map(len, screen)) <= 80, screen


def test_every_message_fits_80_columns_broken_between_words():
    """The messages were cut mid-word at 80 columns: "Try again, or type q to q" / "uit."."""
    sessions = [
        play(["1", "many", "10", "y", "n"], moves=["xyzzy", "1"])[1],
        play(["2", "1 2 3 4 5 6", "9 9 9 9 9", "y", "n"], moves=["take 99999 from pile 1", "q"])[1],
    ]
    script = Moves([])
    TerminalGame(script.read, script.write, QUICK).computer_move(
        ConnectFour(), ConnectFour().from_moves("121212")
    )
    for session in [*sessions, script]:
        lines = session.text.split("\n")
        assert max(map(len, lines)) <= 80, [line for line in lines if len(line) > 80]
    assert (
        "The number of counters must be a whole number from 1 to 100, not 'many'. Try again, or "
        "type q to quit." in sessions[0].said
    )
    assert "Give 1 to 5 piles, separated by spaces, such as 1 2 3. Try again" in sessions[1].said
    assert "(this stone makes four in a row)." in script.said


def test_every_game_of_the_menu_plays_to_the_end():
    for answers, moves in (
        (["2", "", "y", "n"], ["1"]),
        (["3", "", "n", "n"], ["1"]),
        (["4", "", "y", "n"], ["take 1"]),  # 19 moves: too many to number
        (["4", "8", "n", "n"], ["take 1"]),
    ):
        status, script = play(answers, moves)
        assert status == 0 and ("won" in script.text), answers


def test_every_game_of_the_menu_is_one_the_terminal_can_play():
    """A newcomer's game with dice on the menu crashed the terminal mid-game (its chance nodes are
    nobody's turn there), as did one with no picture: CONTRIBUTING says so, and this names it."""
    for choice in GAMES:
        game, state = choice.start(choice.default)
        assert not has_dice(game), f"{choice.name} has dice: the terminal plays none"
        picture = getattr(game, "picture", None)
        assert callable(picture), f"{choice.name} needs picture(state), the board it shows"
        assert isinstance(picture(state), str)


def test_a_search_out_of_budget_with_no_closed_form_still_gets_a_move(monkeypatch):
    monkeypatch.setattr(theory, "COMPUTER_CALLS", 1)
    monkeypatch.setattr(theory, "theory_best_move", lambda game, state: None)
    status, script = play(["1", "6", "n", "n"])
    assert (
        status == 0
        and "too large to search in time, so the computer plays its first move" in script.said
    )
    assert "The computer: take 1, leaving 5." in script.text


def test_q_and_end_of_input_stop_quietly():
    status, script = play(["1", "q"])
    assert status == 0 and script.lines[-1] == "Goodbye."
    status, script = play(["1"])  # then the input ends
    assert status == 0 and script.lines[-1] == "\nGoodbye."


def run_module(*arguments, text=""):
    return subprocess.run(
        [sys.executable, "-m", "nimlib", *arguments],
        input=text,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def playing(**settings) -> subprocess.Popen:
    """`python -m nimlib play` started with pipes for its input and outputs, and `settings` of
    subprocess.Popen."""
    return subprocess.Popen(
        [sys.executable, "-m", "nimlib", "play"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        **settings,
    )


def test_a_terminal_that_cannot_show_the_counters_plays_with_question_marks():
    """Not a UnicodeEncodeError's traceback at the first picture of a pile."""
    played = subprocess.run(
        [sys.executable, "-m", "nimlib", "play"],
        input="1\n5\ny\n1\n1\n1\nn\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )
    assert played.returncode == 0 and played.stderr == "", played.stderr
    assert "????? (5 counters)" in played.stdout and "Thanks for playing!" in played.stdout


def test_python_m_nimlib_play_plays_a_game_from_piped_input():
    result = run_module("play", text="1\n5\ny\n1\n1\n1\nn\n")
    assert result.returncode == 0, result.stderr
    assert "The computer won." in result.stdout and "Thanks for playing!" in result.stdout
    assert result.stderr == ""


@pytest.mark.slow
def test_the_end_of_piped_input_ends_quietly_at_any_question():
    for text in ("", "1\n", "1\n10\n", "1\n10\ny\n", "5\ny\nb2\n"):
        result = run_module("play", text=text)
        assert result.returncode == 0 and result.stderr == "", (text, result.stderr)
        assert result.stdout.rstrip().endswith("Goodbye."), text


def test_output_piped_into_a_command_that_stops_reading_ends_quietly():
    """`python -m nimlib play | head -1` ended in BrokenPipeError's traceback."""
    played = playing()
    played.stdout.close()  # the reader stops at once
    _, said = played.communicate(b"1\n5\ny\n1\n1\n1\nn\n", timeout=60)
    assert said.decode() == "" and played.returncode == 1, said.decode()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full, a disk always full")
def test_output_to_a_full_disk_ends_with_a_one_line_error():
    """`python -m nimlib play > /dev/full` ended in OSError's traceback."""
    with open("/dev/full", "w") as full:
        played = subprocess.run(
            [sys.executable, "-m", "nimlib", "play"],
            input="1\n5\ny\n1\n1\n1\nn\n",
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
            timeout=60,
        )
    assert played.returncode == 1
    assert played.stderr == "python -m nimlib play: stopped: No space left on device\n"


def test_without_a_command_it_prints_its_usage():
    result = run_module()
    assert result.returncode == 2 and "play" in result.stdout
    result = run_module("dance")
    assert result.returncode == 2 and "invalid choice: 'dance'" in result.stderr


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT")
def test_ctrl_c_ends_quietly_while_waiting_for_an_answer():
    process = playing(text=True, preexec_fn=ctrl_c_as_in_a_terminal)
    process.stdin.write("1\n")
    process.stdin.flush()
    asked = read_until(process, "How many counters")
    os.kill(process.pid, signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, (asked, stdout, stderr)
    assert "Traceback" not in stderr and stderr == ""
    assert stdout.rstrip().endswith("Goodbye.")


def read_until(process: subprocess.Popen, text: str, seconds: float = 120) -> str:
    """What the child has printed up to and including `text`, read as it arrives (the question it
    now waits on), however slowly a busy machine starts it; fails after `seconds` without it."""
    printed = b""
    while text.encode() not in printed:
        ready, _, _ = select.select([process.stdout], [], [], seconds)
        chunk = os.read(process.stdout.fileno(), 4096) if ready else b""
        assert chunk, f"the child stopped printing before {text!r}: {printed.decode()!r}"
        printed += chunk
    return printed.decode()


# Connect Four: columns typed by number, the computer on a clock

QUICK = 0.05  # seconds per computer move in these tests: a quick game, searched a few moves ahead


class Moves(Script):
    """A player who types the moves given, one per question, and stops (end of input) when they run
    out."""

    def read(self, prompt):
        if prompt.startswith("Your move"):
            self.prompts.append(prompt)
            self.lines.append(prompt)
            if not self.moves:
                raise EOFError
            return self.moves.pop(0)
        return super().read(prompt)


def test_connect_four_is_on_the_menu_and_plays_to_the_end_against_a_column_cycler():
    script = Moves(["6", "y", "n"], moves=list("1726354") * 10)
    status = play_in_terminal(script.read, script.write, seconds=QUICK)
    assert status == 0 and "6. Connect Four: drop stones into 7 columns" in script.text
    assert "You play X, the computer O." in script.text and "You: X in column 1." in script.text
    assert "Your move (a column, 1 to 7)? " in script.prompts
    assert "1 2 3 4 5 6 7" in script.text  # the board with its column numbers
    assert ("The computer won." in script.text) or ("A draw: nobody won." in script.text)
    assert "You won!" not in script.text and "Thanks for playing!" in script.text


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("x", "Type the number of a column, 1 to 7, not 'x'. Try again, or type q to quit."),
        ("-1", "Type the number of a column, 1 to 7, not '-1'."),
        ("4.5", "Type the number of a column, 1 to 7, not '4.5'."),
        ("", "Type the number of a column, 1 to 7. Try again"),
        ("9", "Column 9 is not on the board: the columns are 1 to 7. Try again"),
        ("0", "Column 0 is not on the board: the columns are 1 to 7."),
        ("12345", "Column 12345 is not on the board: the columns are 1 to 7."),
        ("4", "Column 4 is full: choose a column with room in it. Try again, or type q to quit."),
    ],
)
def test_a_bad_column_gets_a_message_and_another_try(typed, message):
    game = ConnectFour()
    full_middle = game.from_moves("444444")
    script = Moves([], moves=[typed, "3"])
    new_state = TerminalGame(script.read, script.write, QUICK).your_move(game, full_middle)
    assert new_state == game.play(full_middle, 3) and message in script.said
    assert script.lines[-1] == "You: X in column 3."


def test_a_number_with_leading_zeros_is_read_as_the_number():
    """04 was "not on the board", and 03 at the menu not a game, where 010 was read as 10."""
    game = ConnectFour()
    script = Moves([], moves=["04"])
    new_state = TerminalGame(script.read, script.write, QUICK).your_move(game, game.start())
    assert new_state == game.play(game.start(), 4)
    assert TerminalGame(script.read, script.write, QUICK).menu_number("03") == 3


def test_the_menu_fits_80_columns():
    script = Moves(["q"], moves=[])
    with pytest.raises(Quit):
        TerminalGame(script.read, script.write, QUICK).play_one()
    assert script.lines and max(map(len, script.lines)) <= 80
    assert "  1. Simple-Nim: one pile; take 1, 2 or 3 counters; whoever takes the last" in (
        script.lines
    )


def test_a_column_is_read_by_its_number_from_1_at_the_left():
    game = ConnectFour()
    assert chosen_column(game, game.start(), " 7 ") == game.from_moves("7")
    with pytest.raises(ValueError, match="column 8 is not on the board"):
        chosen_column(ConnectFour(), ConnectFour().start(), "8")


def test_the_computer_takes_a_win_at_once_and_says_so():
    game = ConnectFour()
    script = Moves([])
    three_up = game.from_moves("121212")  # X, to move, has three in column 1
    assert TerminalGame(script.read, script.write, QUICK).computer_move(
        game, three_up
    ) == game.from_moves("1212121")
    assert "The computer is thinking (at most 0.05 s) ..." in script.text
    assert (
        "The computer, to the end of the game: X in column 1 (this stone makes four in a row)."
        in script.said
    )


def test_the_computer_thinks_by_anytime_deepening_on_its_clock(monkeypatch):
    asked = {}

    def recorded(game, state, **options):
        asked.update(options)
        options["stats"].depth_reached = 3
        return 0, game.play(state, 4)

    monkeypatch.setattr(theory, "best_move", recorded)
    script = Moves([])
    game = ConnectFour()
    TerminalGame(script.read, script.write, 1.5).computer_move(game, game.start())
    assert asked["method"] == "deepening" and asked["anytime"] is True
    assert asked["stats"].max_seconds == 1.5 and asked["stats"].max_calls is None
    assert "The computer, 3 moves ahead: X in column 4." in script.text


def test_a_clock_too_short_for_one_move_ahead_still_gets_a_move(monkeypatch):
    def exhausted(*arguments, **options):
        raise SearchBudgetExceeded("the search passed its limit")

    monkeypatch.setattr(theory, "best_move", exhausted)
    script = Moves([])
    game = ConnectFour()
    assert TerminalGame(script.read, script.write, QUICK).computer_move(
        game, game.start()
    ) == game.from_moves("4")
    assert "The computer, out of time: X in column 4." in script.text


def test_once_it_searched_to_the_end_the_computer_says_who_wins_and_how_soon_not_how_deep():
    script = Moves([])
    game = ConnectFour()
    state = game.from_moves("4455")  # red plays 6 and wins with its next stone, in 3 or 7
    TerminalGame(script.read, script.write, 2.0).computer_move(game, state)
    assert "The computer, to the end of the game: X in column" in script.text
    assert (
        "(it wins with its next stone, whatever you play)." in script.said
        and "moves ahead" not in script.text
    )


@pytest.mark.parametrize("closed", ["<&-", ">&-"])
def test_a_closed_input_or_output_is_named_by_the_command(closed):
    """Not input()'s raw 'RuntimeError: input(): lost sys.stdin' (or stdout)."""
    command = f"{sys.executable} -m nimlib play {closed}"
    played = subprocess.run(command, shell=True, capture_output=True, text=True, timeout=60)
    assert played.returncode == 2 and "Traceback" not in played.stderr, played.stderr
    assert "python -m nimlib play: there is no " in played.stderr


@pytest.mark.parametrize("answer", [None, 5, b"1"])
def test_a_read_that_gives_no_string_is_named(answer):
    """Not "'NoneType' object has no attribute 'strip'", nor bytes asked about for ever."""
    with pytest.raises(TypeError, match="read must give the answer as a string, as input does"):
        play_in_terminal(lambda question: answer, lambda line: None)


def test_the_play_command_says_what_it_does_and_how_to_quit(capsys):
    """`python -m nimlib play --help` gave its usage line alone."""
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "in this terminal: choose a game from the menu, then type each move" in said
    assert "(? shows the moves again, q quits)" in said
