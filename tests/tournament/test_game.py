"""One game between two bots in their own processes: a broken bot loses, with the reason."""

import contextlib
import itertools
import json
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import asdict
from fractions import Fraction
from pathlib import Path

import numpy
import pytest
from broken_bots import BROKEN

from nimlib import ConnectFour
from nimlib.tournament import (
    Bot,
    Rules,
    bot_from_function,
    grade_on_ladder,
    ladder,
    play_against,
    play_game,
    reference,
    run_tournament,
)
from nimlib.tournament.bots import bot_reply
from nimlib.tournament.game import dropped, failure_of
from nimlib.tournament.player import LAUNCHER, BotFailed, failure


def test_a_bot_that_raises_loses_at_once_and_says_why(bots_dir):
    """The first move of the broken bot ends the game; the other bot's win is recorded."""
    record = play_game(reference("one_ply"), Bot("raises", str(bots_dir / "raises.py")), Rules())
    assert record.result == 1.0
    assert record.reason == (
        "raises lost: on its move 1, raised ZeroDivisionError: division by zero in agent(), line 2"
    )
    assert len(record.moves) == 1


def test_a_bot_given_by_a_relative_path_names_the_function_that_raised(bots_dir, monkeypatch):
    """With a relative BOTS_DIR, as the README runs it, the reason lost "in agent()"."""
    monkeypatch.chdir(bots_dir.parent)
    raises = Bot("raises", f"{bots_dir.name}/raises.py")
    record = play_game(reference("one_ply"), raises, Rules())
    assert record.reason.endswith("division by zero in agent(), line 2"), record.reason


def test_a_game_between_bots_follows_the_rules():
    """Every move is legal by ConnectFour's rules, and the reason matches the last board."""
    record = play_game(reference("one_ply"), reference("random"), Rules(), seed=4)
    game = ConnectFour()
    state = game.from_moves(record.columns)
    if record.result == 0.5:
        assert record.reason == "the board is full: a draw" and game.evaluate(state, True) == 0
    else:
        winner = "one_ply" if record.result == 1.0 else "random"
        assert record.reason == f"{winner} made four in a row" and game.has_won(state)


def test_a_connectx_style_bot_runs_unchanged(bots_dir):
    """A file with my_agent(obs, config) reading obs.board and config.columns plays a game."""
    kaggle = Bot("kaggle_style", str(bots_dir / "kaggle_style.py"))
    record = play_game(kaggle, reference("random"), Rules(), seed=1)
    assert "lost" not in record.reason and len(record.moves) >= 7


@pytest.mark.ci
@pytest.mark.parametrize("name", sorted(BROKEN))
def test_each_kind_of_breakage_loses_its_game_with_its_reason(bots_dir, name):
    """Raising, illegal columns, non-numbers, hanging, sleeping, flooding, exiting, eating memory,
    failing to load, breaking Python's len and reading the keyboard: each loses, moving first or
    second, with words that say how."""
    broken, rules = Bot(name, str(bots_dir / f"{name}.py")), Rules(seconds=1)
    if name == "eats_memory":  # time enough to reach the memory limit on a busy machine
        rules = Rules(seconds=30, memory_mb=128)
    for first, second, result in [
        (broken, reference("random"), 0.0),
        (reference("random"), broken, 1.0),
    ]:
        record = play_game(first, second, rules)
        assert record.result == result
        assert record.reason.startswith(f"{name} lost: ")
        assert BROKEN[name][1] in record.reason
        assert ("while loading" in record.reason) == (name == "exits_while_loading")


def test_a_bot_split_over_two_files_is_told_a_bot_is_one_file_and_reads_a_file_beside_it(
    tmp_path, monkeypatch
):
    """alice.py, importing alice_utils.py beside it, lost with 'No module named' alone; a bot that
    opened 'weights.json' beside it found it only when the tournament ran in the bots' folder (it
    runs in its own folder now, wherever the tournament runs)."""
    monkeypatch.chdir(tmp_path.parent)
    (tmp_path / "alice_utils.py").write_text("def first_free(board):\n    return board.index(0)\n")
    (tmp_path / "alice.py").write_text(
        "from alice_utils import first_free\n\n"
        "def agent(observation, configuration):\n    return first_free(observation.board)\n"
    )
    (tmp_path / "_shared.py").write_text("COLUMN = 3\n")  # a file no tournament enters
    (tmp_path / "gina.py").write_text(
        "from _shared import COLUMN\n\ndef agent(observation, configuration):\n    return COLUMN\n"
    )
    (tmp_path / "weights.json").write_text('{"column": 3}')
    (tmp_path / "reads.py").write_text(
        "import json\n\ndef agent(observation, configuration):\n"
        "    with open('weights.json') as weights:\n        return json.load(weights)['column']\n"
    )
    for name, words in [
        ("alice", "(alice_utils.py beside it is a bot of its own, not a module a bot can import"),
        ("gina", "(_shared.py beside it is not a bot either, not a module a bot can import"),
    ]:
        record = play_game(
            Bot(name, str(tmp_path / f"{name}.py")), reference("random"), Rules(seconds=1)
        )
        assert record.result == 0.0 and words in record.reason, record.reason
    reads = Bot("reads", str(Path(tmp_path.name) / "reads.py"))  # a path from the folder above
    record = play_game(reads, reference("random"), Rules(seconds=1))
    assert "reads lost" not in record.reason and record.columns[0] == "4", record.reason


def reads_a_file_beside_the_notebook(observation, configuration):
    with open("weights.json") as weights:
        return json.load(weights)["column"]


def test_a_bot_written_from_a_function_that_opens_a_file_is_told_to_read_it_in_the_notebook(
    tmp_path, monkeypatch
):
    """It was graded in the notebook's folder, where the file was, and lost every game of the
    class tournament, which ran elsewhere: its file is alone in its folder in both now."""
    (tmp_path / "weights.json").write_text('{"column": 3}')
    monkeypatch.chdir(tmp_path)  # the notebook's folder
    (tmp_path / "bots").mkdir()
    bot = bot_from_function(reads_a_file_beside_the_notebook, tmp_path / "bots")
    record = play_game(bot, reference("random"), Rules(seconds=1))
    assert record.result == 0.0, record.reason
    assert "a bot written from a function has no weights.json beside it: read the file" in (
        record.reason
    )


def test_a_bot_whose_folder_is_gone_is_told_its_file_is_not_there(tmp_path):
    """Its process, moving into the folder, ended with no word, blamed on memory."""
    gone = Bot("gone", str(tmp_path / "no_such_folder" / "gone.py"))
    record = play_game(gone, reference("random"), Rules(seconds=1))
    assert record.result == 0.0 and "could not be loaded: no such file" in record.reason


def test_a_bot_that_cannot_load_loses_before_any_move(bots_dir):
    """It lost only when it had to move: second, it beat a bot that raised at its first move."""
    raises, broken = (
        Bot(name, str(bots_dir / f"{name}.py")) for name in ("raises", "fails_to_load")
    )
    record = play_game(raises, broken, Rules(seconds=1))
    assert (record.result, record.moves) == (1.0, []), record.reason  # the first wins
    assert (
        record.reason.startswith("fails_to_load lost: ") and "could not be loaded" in record.reason
    )


def test_a_game_where_neither_bot_can_load_is_won_by_neither(bots_dir):
    """Only the first bot's failure was recorded, and the second, which could not load either,
    was given the win: files that never ran climbed the standings."""
    path = str(bots_dir / "fails_to_load.py")
    record = play_game(Bot("one", path), Bot("two", path), Rules(seconds=1))
    assert (record.result, record.moves) == (0.5, []), record.reason
    for name in ("one", "two"):
        assert failure_of(record.reason, name).startswith("could not be loaded")


def test_a_bot_whose_file_is_missing_or_a_folder_loses_saying_which(bots_dir):
    """A missing file was said to be "not a Python file"; and nimlib's words were said to be the
    file's ("raised ValueError: ..."), which raised nothing."""
    first = Bot("raises", str(bots_dir / "raises.py"))
    for source, words in (
        (bots_dir / "ghost.py", "no such file: "),
        (bots_dir, "is not a bot's file"),
    ):
        record = play_game(first, Bot("ghost", str(source)), Rules(seconds=1))
        assert (
            record.reason.startswith("ghost lost: could not be loaded") and words in record.reason
        )
        assert "raised" not in record.reason


def test_any_board_size_plays_by_connectx_rules_four_in_a_row_only():
    """Rules(columns, rows) plays on any board nimlib's ConnectFour can (5 x 4 here): the bots are
    told its size, every move is legal and the result matches the last board. ConnectX's inarow
    is always 4: a game of three in a row would need ConnectFour to count lines of any length."""
    rules = Rules(columns=5, rows=4, seconds=1)
    assert rules.configuration(seed=0)["inarow"] == 4
    record = play_game(reference("one_ply"), reference("alphabeta_2"), rules, seed=2)
    game, state = ConnectFour(5, 4), ConnectFour(5, 4).from_moves(record.columns)
    assert all(1 <= move.column <= 5 for move in record.moves)
    assert game.has_won(state) == (record.result != 0.5)


def test_a_wrong_answer_says_what_to_return():
    """A float column, a column numbered from 1, a full column: each named, with what to do;
    numpy's integers are columns."""
    assert bot_reply(3.0) == ("failed", "returned 3.0 (of type float), not a column: return an int")
    assert bot_reply(None) == ("failed", "returned None, not a column: return an int")
    assert bot_reply(numpy.int64(3)) == ("move", 3)
    game = ConnectFour()
    with pytest.raises(BotFailed, match="columns are 0 to 6, counted from 0"):
        dropped(game, game.start(), 7)
    with pytest.raises(BotFailed, match="played column an integer of about 101 digits: the col"):
        dropped(game, game.start(), 10**100)
    with pytest.raises(
        BotFailed, match=r"played column 3 \(counted from 0: the board's column 4\), which is full"
    ):
        dropped(game, game.from_moves("444444"), 3)


class Unreadable:
    """A bot's answer that is no column and cannot even say what it is: its __index__ and
    __repr__ raise."""

    def __index__(self):
        raise ValueError("no index")

    def __repr__(self):
        raise RuntimeError("no repr")


def test_an_answer_whose_own_methods_raise_is_a_failure_that_says_so():
    """Not a child that dies on reading the answer, which the game could only call "exited with
    code 1"."""
    kind, why = bot_reply(Unreadable())
    assert kind == "failed" and "(of type Unreadable), not a column: return an int" in why


class Unsayable(Exception):
    def __str__(self):
        raise RuntimeError("no str")


@pytest.mark.parametrize(
    ("error", "words"),
    [(Unsayable(), "raised Unsayable"), (KeyboardInterrupt(), "raised KeyboardInterrupt")],
)
def test_an_exception_with_no_words_is_named_by_its_kind_alone(error, words):
    """An exception whose __str__ raises killed the bot's process as it said why ("exited with
    code 1"); one with no message was "raised KeyboardInterrupt: "."""
    assert failure(error) == words


def test_an_exit_with_no_code_is_said_as_it_was_written():
    """raise SystemExit, or sys.exit(), was "called exit(None)"."""
    assert failure(SystemExit()) == "called exit()"
    assert failure(SystemExit(3)) == "called exit(3)"


def test_a_bots_long_exit_message_is_cut_short():
    """sys.exit with a text of a million characters was written whole into the failures."""
    said = failure(SystemExit("x" * 1_000_000))
    assert said.startswith("called exit('xxx") and len(said) < 120, len(said)


def test_a_bots_long_error_message_is_cut_after_a_word_and_said_to_be_cut():
    """A file not in UTF-8 was reported as "... invalid start byte (latin.py, li"."""
    said = failure(SyntaxError("(unicode error) 'utf-8' codec can't decode byte 0xff " * 3))
    assert said.endswith("codec can't decode ...") and len(said) < 130, said


def test_a_bots_error_message_of_several_lines_is_said_on_one(tmp_path):
    """A message that printed the board on lines of its own ("no move in\\n[[0 0 ...") was kept
    so: the failures' summary, which reads a game's reason line by line, showed its first line
    alone, without the function and line that raised; and a line of it that started as a
    reference bot's loss ("random lost: ...") was taken for that bot's failure, and the game
    played again, three times, then given no result."""
    said = failure(ValueError("no good move in\n[[0 0]\n [0 0]]"))
    assert said == "raised ValueError: no good move in [[0 0] [0 0]]"
    path = tmp_path / "liar.py"
    path.write_text(
        "def agent(observation, configuration):\n"
        "    raise ValueError('no move\\nrandom lost: on its move 1, hung')\n"
    )
    record = play_game(Bot("liar", str(path)), reference("random"), Rules(seconds=1))
    assert record.reason.count("\n") == 0, record.reason
    assert failure_of(record.reason, "random") is None
    assert record.reason.endswith("in agent(), line 2"), record.reason


@pytest.mark.parametrize(
    "setting",
    [{"seconds": "1"}, {"seconds": None}, {"load_seconds": float("inf")}, {"memory_mb": "big"}],
)
def test_the_rules_name_a_setting_that_is_not_a_number(setting):
    with pytest.raises(ValueError, match=f"{next(iter(setting))}.* must be a (whole )?number"):
        Rules(**setting)


@pytest.mark.parametrize(
    "setting, words",
    [
        ({"memory_mb": 10**100}, "memory_mb (MB) = an integer of about 101 digits is too large"),
        ({"memory_mb": 100.5}, "memory_mb (MB) must be a whole number, not 100.5"),
        ({"memory_mb": 63}, "memory_mb (MB) must be at least 64, not 63"),
        (
            {"load_seconds": 10**100},
            "load_seconds must be a number of seconds above 0 and at most 3600",
        ),
        ({"seconds": 1e300}, "seconds must be a number of seconds above 0 and at"),
    ],
)
def test_the_rules_refuse_limits_no_process_can_be_given(setting, words):
    with pytest.raises(ValueError) as refused:
        Rules(**setting)
    assert words in str(refused.value)


def test_play_against_takes_a_bot_or_the_path_of_its_file_and_names_a_wrong_one(bots_dir):
    path = bots_dir / "kaggle_style.py"
    assert play_against(str(path)).bot == play_against(path).bot == Bot("kaggle_style", str(path))
    with pytest.raises(ValueError, match="^no such file: 'my_bot.py': give the path of a .py"):
        play_against("my_bot.py")
    (bots_dir / "notes.txt").write_text("a bot, one day")
    with pytest.raises(ValueError, match="is not a bot's file: give the path of a .py file"):
        play_against(bots_dir / "notes.txt")
    with pytest.raises(TypeError, match="bot must be a Bot, an agent function or the path of a"):
        play_against(42)
    for name, source in [
        ("random", "random"),
        ("random", "nimlib:random"),
        ("one_ply", "nimlib:one_ply:0.5"),
    ]:
        with pytest.raises(
            ValueError, match=rf"^'{source}' is a reference bot.* reference\('{name}'\)"
        ):
            play_against(source)  # a reference Bot's source was "no such file"


def test_play_against_names_a_bot_that_cannot_play_at_once_with_what_to_give(tmp_path):
    """A Bot whose file is not there, a reference bot's name, a variable's name in quotes: each
    refused before the board is made, by what is wrong and what to give instead."""
    missing = tmp_path / "does_not_exist.py"
    with pytest.raises(ValueError, match=f"^no such file: '{missing}'"):
        play_against(Bot("mine", str(missing)))
    with pytest.raises(ValueError, match=r"give reference\('alphabeta_4'\)"):
        play_against("alphabeta_4")
    with pytest.raises(ValueError, match="^no such file: 'centre_first': .* without quotes"):
        play_against("centre_first")
    with pytest.raises(ValueError, match="unknown reference bot 'best'"):
        play_against(Bot("best", "nimlib:best"))


def nearest_the_middle(observation, configuration):
    """A bot written as a function: the free column nearest the middle."""
    free = [column for column in range(configuration.columns) if observation.board[column] == 0]
    return min(free, key=lambda column: abs(column - configuration.columns // 2))


def test_play_against_takes_an_agent_function_saved_as_check_ladder_saves_it():
    match = play_against(nearest_the_middle, Rules(seconds=5))
    assert match.bot.name == "nearest_the_middle"
    assert "def nearest_the_middle" in Path(match.bot.source).read_text()
    match.choose(4)
    assert "nearest_the_middle: column 4" in match.text  # on top of yours, from 1
    match.end_bot()


def test_a_bot_that_fails_against_you_leaves_the_board_off_until_new_game(bots_dir):
    """Its failure shows under the board, with no "Thinking..." and every column off; a new game
    turns them on again."""
    match = play_against(Bot("raises", str(bots_dir / "raises.py")), Rules(seconds=5))
    match.choose(3)
    assert "The bot raises failed: on its move 1, raised ZeroDivisionError" in match.text
    assert "Thinking" not in match.text
    assert all(button.disabled for button in match.columns)
    match.choose(4)  # the same failure again, which said "the computer could not move" alone
    assert "raised ZeroDivisionError" in match.text and "Press New game" in match.text
    assert len(match.history) == 2
    match.new_game()
    assert not any(button.disabled for button in match.columns)
    match.end_bot()


def test_a_bot_with_no_agent_plays_its_last_function_and_its_failure_names_it(tmp_path):
    """ConnectX's rule, said where it matters: a helper defined last is what played."""
    path = tmp_path / "helper_last.py"
    path.write_text(
        "def my_bot(observation, configuration):\n"
        "    return best([column for column in range(7) if observation.board[column] == 0])\n\n\n"
        "def best(free):\n"
        "    return free[len(free) // 2]\n"
    )
    record = play_game(Bot("helper_last", str(path)), reference("random"), Rules(seconds=5))
    assert record.reason.startswith(  # best(observation), as ConnectX calls a function of one
        "helper_last lost: on its move 1, played its last function, best() (no agent()), raised KeyError"
    )


@pytest.mark.parametrize(
    "agent",
    [
        "def agent(observation):\n    return observation.board.index(0) % 7\n",
        "def agent(*given):\n    return given[1].columns // 2\n",
    ],
)
def test_a_bot_that_takes_the_observation_alone_plays_as_kaggle_calls_it(tmp_path, agent):
    """def agent(observation), Kaggle's own first example, lost at once: nimlib gave it two."""
    (tmp_path / "alone.py").write_text(agent)
    record = play_game(Bot("alone", str(tmp_path / "alone.py")), reference("random"), Rules())
    assert "alone lost" not in record.reason and len(record.moves) >= 7, record.reason


@pytest.mark.parametrize(
    "answer, how",
    [("9", "played column 9: the columns are 0 to 6"), ("'3'", "returned '3' (of type str)")],
)
def test_a_stand_in_that_answers_wrongly_is_named_too(tmp_path, answer, how):
    """Not only where it raises: a column off the board or of the wrong kind says it as well."""
    (tmp_path / "helper.py").write_text(
        f"def helper(observation, configuration):\n    return {answer}\n"
    )
    record = play_game(Bot("helper", str(tmp_path / "helper.py")), reference("random"), Rules())
    assert record.reason.startswith(
        f"helper lost: on its move 1, played its last function, helper() (no agent()), {how}"
    )


def test_an_agent_that_is_a_callable_object_or_another_name_plays_as_agent(tmp_path):
    """`agent = Agent()` and `agent = my_bot` are the file's agent: no note of a stand-in."""
    (tmp_path / "instance.py").write_text(
        "class Agent:\n    def __call__(self, observation, configuration):\n        return 1 / 0\n\n\n"
        "agent = Agent()\n"
    )
    record = play_game(Bot("instance", str(tmp_path / "instance.py")), reference("random"), Rules())
    assert (
        record.reason == "instance lost: on its move 1, raised ZeroDivisionError: division by zero "
        "in __call__(), line 3"
    )
    (tmp_path / "named.py").write_text(
        "def my_bot(observation, configuration):\n    return 1 / 0\n\n\nagent = my_bot\n"
    )
    record = play_game(Bot("named", str(tmp_path / "named.py")), reference("random"), Rules())
    assert record.reason == (
        "named lost: on its move 1, raised ZeroDivisionError: division by zero in my_bot(), line 2"
    )


def test_a_new_first_player_after_a_bot_failed_starts_a_new_game(bots_dir):
    match = play_against(Bot("raises", str(bots_dir / "raises.py")), Rules(seconds=5))
    match.choose(3)
    match.first.value = False  # the computer first: no game goes on to keep
    assert "This game goes on" not in match.text and len(match.history) <= 2
    match.end_bot()


@pytest.mark.parametrize(
    "call, kind, words",
    [
        (lambda: Bot(1, "bots/a.py"), TypeError, "a Bot's name must be a non-empty str, such as"),
        (lambda: Bot("a", None), TypeError, "a Bot's source must be a non-empty str, such as"),
        (
            lambda: play_game("random", reference("random"), Rules()),
            TypeError,
            "first must be a Bot, such as reference('random') or one of bots_in(folder), not "
            "'random' (str)",
        ),
        (
            lambda: play_game(reference("random"), reference("random"), "fast"),
            TypeError,
            "rules must be a Rules, such as Rules(seconds=1), or None, not 'fast' (str)",
        ),
        (
            lambda: run_tournament(ladder()[:2], ":memory:", {"seconds": 1}),
            TypeError,
            "rules must be a Rules, such as Rules(seconds=1), or None, not {'seconds': 1}",
        ),
        (
            lambda: grade_on_ladder(reference("random"), 1, "fast"),
            TypeError,
            "rules must be a Rules, such as Rules(seconds=1), or None, not 'fast' (str)",
        ),
    ],
)
def test_the_tournaments_faces_name_a_bot_or_rules_of_the_wrong_kind(call, kind, words):
    with pytest.raises(kind) as refused:
        call()
    assert words in str(refused.value)


def test_the_rules_hold_numpy_and_fraction_settings_as_pythons_numbers():
    """A setting computed with numpy (or as a Fraction) is kept as Python's int or float: the
    database stores the rules as JSON, and a bot reads its configuration as plain numbers."""
    rules = Rules(
        numpy.int64(5), numpy.int64(4), numpy.float32(0.5), numpy.int64(512), Fraction(5, 2)
    )
    assert asdict(rules) == {
        "columns": 5,
        "rows": 4,
        "seconds": 0.5,
        "memory_mb": 512,
        "load_seconds": 2.5,
    }
    assert [type(value) for value in asdict(rules).values()] == [int, int, float, int, float]


SCRIPT = """
from nimlib.tournament import Rules, play_game, reference
from nimlib.tournament.player import LAUNCHER

record = play_game(reference("one_ply"), reference("random"), Rules(), seed=4)
print(record.reason)
print(LAUNCHER.process.pid)
"""


def test_a_script_without_a_main_guard_plays_and_leaves_no_process_behind(tmp_path):
    """multiprocessing's fork server ran such a script again in each bot's process, where it
    failed: every bot lost with "exited with code 1" under a screen of tracebacks. nimlib's
    launcher forks the bots itself, and ends with the script."""
    script = tmp_path / "my_games.py"
    script.write_text(SCRIPT)
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    reason, launcher = done.stdout.splitlines()
    assert reason.startswith(("one_ply made four", "random made four", "the board is full"))
    # the launcher sees the script's end of its socket close, and ends
    assert_ends(launcher, "the launcher still runs after its script ended")


def test_a_random_py_in_the_current_folder_leaves_the_bots_processes_playing(tmp_path):
    """The bots' launcher put the current folder first on its path: a learner's random.py there
    stood for the standard module, the launcher died at its start, and the game ended in a
    RuntimeError ("the launcher of bots' processes ended"). Python's -P keeps that folder off the
    path (the caller's own, here, as it does for `python -P -m nimlib tournament`)."""
    (tmp_path / "random.py").write_text('raise ImportError("a learner\'s random.py")\n')
    script = tmp_path / "my_games.py"
    script.write_text(SCRIPT)
    command = [sys.executable, "-P", str(script)]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    reason, launcher = done.stdout.splitlines()
    assert reason.startswith(("one_ply made four", "random made four", "the board is full"))
    assert_ends(launcher, "the launcher still runs after its script ended")


def process_state(pid: str) -> str:
    """The state letter of process `pid` in /proc (Z: ended, waiting to be collected)."""
    with contextlib.suppress(OSError):
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    return ""


def assert_ends(pid: str, what: str) -> None:
    """Wait up to a minute for process `pid` to end (a signal sent takes a moment); if it does
    not, kill it and fail, saying `what`."""
    for _ in range(600):
        if process_state(pid) in ("", "Z"):
            return
        time.sleep(0.1)
    os.kill(int(pid), signal.SIGKILL)
    raise AssertionError(f"process {pid}: {what}")


def test_the_bots_processes_are_outside_the_process_group_a_kernel_waits_for():
    """ipykernel stops the processes of its own group at shutdown and waits for them: the fork
    server and its resource tracker, which ignore SIGTERM, cost every shutdown 2.6 s."""
    with Rules().bot_process(reference("random")) as process:
        assert process.move({"board": [0] * 42, "mark": 1}, {"columns": 7, "rows": 6}, 10)[
            0
        ] in range(7)
        assert os.getpgid(process.pid) != os.getpgrp()
        assert os.getpgid(LAUNCHER.process.pid) != os.getpgrp()


@pytest.mark.parametrize(
    "call, kind, words",
    [
        (
            lambda: play_game(reference("random"), reference("random"), Rules(), seed="a"),
            ValueError,
            r"seed must be a whole number, not 'a' \(str\)",
        ),
        (
            lambda: play_game(reference("random"), reference("random"), Rules(), seed=1.5),
            ValueError,
            r"seed must be a whole number, not 1.5 \(float\)",
        ),
        (
            lambda: play_game(reference("random"), reference("random"), Rules(), on_move=5),
            TypeError,
            r"on_move must be a function, such as print, or None, not 5 \(int\)",
        ),
        (
            lambda: run_tournament(ladder()[:2], "t.sqlite", Rules(), rounds=1, progress=5),
            TypeError,
            r"progress must be a function, such as lambda done, .* or None, not 5 \(int\)",
        ),
        (  # as run_tournament's: not "'int' object is not callable" once the first game ends
            lambda: grade_on_ladder(reference("random"), 1, progress=5),
            TypeError,
            r"progress must be a function, such as lambda done, .* or None, not 5 \(int\)",
        ),
    ],
)
def test_a_seed_or_a_callback_of_the_wrong_kind_is_named_before_any_game(
    tmp_path, monkeypatch, call, kind, words
):
    """Not a seed taken without a word, nor "'int' object is not callable" after the first move
    or game (the tournament then stopped, its other games unplayed)."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(kind, match=words):
        call()
    assert list(tmp_path.iterdir()) == []  # no database made, no game played


FORKS = """import os
import time


def agent(observation, configuration):
    child = os.fork()
    if child == 0:
        time.sleep(3600)
        os._exit(0)
    with open({path!r}, "w") as file:
        file.write(str(child))
    return 3
"""


def test_what_a_bot_started_ends_with_its_game_even_when_the_bot_ends_well(tmp_path):
    """A bot that ended when asked left every process it had started running (an hour here):
    they were killed only with a bot that had to be stopped."""
    pid_file = tmp_path / "child.txt"
    (tmp_path / "forks.py").write_text(FORKS.format(path=str(pid_file)))
    with Rules().bot_process(Bot("forks", str(tmp_path / "forks.py"))) as process:
        assert process.move({"board": [0] * 42, "mark": 1}, {"columns": 7, "rows": 6}, 60)[0] == 3
    assert_ends(pid_file.read_text(), "the bot's child still ran after its game")


def test_a_game_after_the_launcher_was_killed_plays_with_a_new_one(monkeypatch):
    """A launcher killed (a bot may kill its parent) that Python had not yet collected when the
    next game began: that game raised ConnectionResetError, which stopped the tournament."""
    with Rules().bot_process(reference("random")):  # the launcher runs
        pass
    launcher = LAUNCHER.process
    os.kill(launcher.pid, signal.SIGKILL)
    os.waitid(os.P_PID, launcher.pid, os.WEXITED | os.WNOWAIT)  # ended, and not yet collected
    monkeypatch.setattr(launcher, "poll", lambda: None)  # as Popen sees it until it collects it
    with Rules().bot_process(reference("random")) as process:
        assert process.move({"board": [0] * 42, "mark": 1}, {"columns": 7, "rows": 6}, 60)[0] in (
            range(7)
        )
    assert LAUNCHER.process is not launcher


def test_a_request_interrupted_by_ctrl_c_leaves_the_next_bot_its_own_process_id(
    tmp_path, monkeypatch
):
    """Ctrl-C between a request to the launcher and its reply left that reply unread, and every
    bot after it was given the process id of the one before: a bot that hung was not stopped (its
    neighbour was killed instead), and ran on at full speed."""
    sent = socket.send_fds

    def interrupted(*arguments: object) -> None:
        sent(*arguments)
        raise KeyboardInterrupt

    monkeypatch.setattr(socket, "send_fds", interrupted)
    with pytest.raises(KeyboardInterrupt):
        Rules().bot_process(reference("random"))
    monkeypatch.setattr(socket, "send_fds", sent)
    pid_file = tmp_path / "pid.txt"
    code = f"import os\n\nopen({str(pid_file)!r}, 'w').write(str(os.getpid()))\n"
    (tmp_path / "says_its_pid.py").write_text(code + "\n\ndef agent(obs, config):\n    return 0\n")
    with Rules().bot_process(Bot("says_its_pid", str(tmp_path / "says_its_pid.py"))) as process:
        process.move({"board": [0] * 42, "mark": 1}, {"columns": 7, "rows": 6}, 60)
        assert process.pid == int(pid_file.read_text())


UNREAD = """import os
import socket
import sys

from nimlib.tournament import Bot, Rules, reference

process = Rules().bot_process(Bot("hangs", sys.argv[1]))
process.reply(60, "to load")
process.connection.send(({"board": [0] * 42, "mark": 1}, {"columns": 7, "rows": 6}))
sent = socket.send_fds


def interrupted(*arguments):
    sent(*arguments)
    raise KeyboardInterrupt


socket.send_fds = interrupted
try:
    Rules().bot_process(reference("random"))
except KeyboardInterrupt:
    pass
print(process.pid)
os._exit(0)
"""


def test_a_parent_gone_with_a_reply_unread_leaves_no_bot_running(tmp_path):
    """The launcher read the socket of a parent that ended with a reply unread as an error: it
    printed a traceback and ended without stopping its children, and a bot that hung ran on at
    full speed, for ever."""
    (tmp_path / "hangs.py").write_text(BROKEN["hangs"][0])
    (tmp_path / "script.py").write_text(UNREAD)
    done = subprocess.run(
        [sys.executable, str(tmp_path / "script.py"), str(tmp_path / "hangs.py")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    # the launcher sees the socket close, and kills its children
    assert_ends(done.stdout.strip(), "the bot still ran after its parent ended")
    assert "Traceback" not in done.stderr, done.stderr


STOPS_ITS_PARENT = """import os
import signal

from nimlib.tournament import Bot, Rules, play_game, reference

first = play_game(Bot("stops", {path!r}), reference("random"), Rules(), seed=1)
print(first.reason)
print(play_game(reference("random"), reference("one_ply"), Rules(), seed=1).reason)
"""


@pytest.mark.ci  # 20 s of waiting for the stopped bots to end: CI's tier, with the other limits
def test_a_bot_that_stops_the_launcher_leaves_the_next_game_playing(tmp_path):
    """A bot that sent SIGSTOP to its parent, nimlib's launcher, hung the tournament for ever: the
    next game waited for the launcher's reply."""
    (tmp_path / "stops.py").write_text(
        "import os\nimport signal\n\n\ndef agent(obs, config):\n"
        "    os.kill(os.getppid(), signal.SIGSTOP)\n    return 3\n"
    )
    (tmp_path / "script.py").write_text(STOPS_ITS_PARENT.format(path=str(tmp_path / "stops.py")))
    done = subprocess.run(
        [sys.executable, str(tmp_path / "script.py")], capture_output=True, text=True, timeout=180
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert done.stdout.splitlines()[1].endswith(("made four in a row", "a draw")), done.stdout


@pytest.mark.parametrize(
    "setting, words",
    [
        ({"rounds": 0}, "rounds must be at least 1, not 0"),
        ({"rounds": -1}, "rounds must be at least 1, not -1"),
        ({"rounds": 2.5}, r"rounds must be a whole number, not 2.5 \(float\)"),
        ({"rounds": "3"}, r"rounds must be a whole number, not '3' \(str\)"),
        ({"rounds": 10**9}, "rounds = 1000000000 is too large: at most 100 is allowed"),
        ({"workers": 10**9}, "workers = 1000000000 is too large: at most 256 is allowed"),
        ({"judge_calls": 10**12}, "judge_calls = 1000000000000 is too large: at most 1,000,000"),
        ({"scheduler": 5}, r"scheduler must be a Dask scheduler's address .* not 5 \(int\)"),
        ({"scheduler": " "}, r"scheduler must be a Dask scheduler's address .* not ' ' \(str\)"),
        ({"schedule": "Swiss"}, "unknown schedule 'Swiss': choose one of 'round robin', 'swiss'"),
    ],
)
def test_a_tournament_names_a_setting_out_of_range_before_any_database_or_game(
    tmp_path, monkeypatch, setting, words
):
    """Not a tournament of a billion rounds that never ends, nor Dask's own error."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match=words):
        run_tournament(ladder()[:2], "t.sqlite", **setting)
    assert list(tmp_path.iterdir()) == []


def test_a_ladder_grade_of_too_many_games_is_refused_before_any_game():
    with pytest.raises(ValueError, match="games = 1000000 is too large: at most 100 is allowed"):
        grade_on_ladder(reference("random"), games=10**6)


TICKER = """
import threading, time

ticked = threading.Event()

def tick(path):
    while True:
        with open(path, "a") as ticks:
            ticks.write(f"{time.monotonic()}\\n")
        ticked.set()
        time.sleep(0.005)

threading.Thread(target=tick, args=[PATH], daemon=True).start()  # thinks on, for ever
ticked.wait()

def agent(obs, config):
    ticked.clear()
    ticked.wait()  # a tick in each of its moves, however busy the machine
    return [c for c in range(config.columns) if obs.board[c] == 0][0]
"""
SLEEPER = """
import time

def agent(obs, config):
    start = time.monotonic()
    time.sleep(0.1)
    with open(PATH, "a") as moves:
        moves.write(f"{start} {time.monotonic()}\\n")
    return [c for c in range(config.columns) if obs.board[c] == 0][-1]
"""


def test_a_bot_is_paused_between_its_moves_so_its_threads_use_no_opponents_time(tmp_path):
    """A thread a bot leaves running stops while its opponent thinks, and goes on at its next
    move: the ticks of a thread, started as the bot loads, that writes the time every 5 ms (and
    at least once as the bot loads and in each of its moves) fall in no move of the opponent's
    (each 0.1 s long), but before the first and between each two."""
    ticks, moves = tmp_path / "ticks.txt", tmp_path / "moves.txt"
    for name, code, path in (("ticker", TICKER, ticks), ("sleeper", SLEEPER, moves)):
        (tmp_path / f"{name}.py").write_text(f"PATH = {str(path)!r}\n{code}")
    bots = [Bot(name, str(tmp_path / f"{name}.py")) for name in ("sleeper", "ticker")]
    record = play_game(*bots, Rules(columns=4, rows=4, seconds=5))
    assert record.reason == "sleeper made four in a row"  # in 4 moves, the ticker's 3 between
    times = [float(line) for line in ticks.read_text().split()]
    thinking = [tuple(map(float, line.split())) for line in moves.read_text().splitlines()]
    for start, end in thinking:
        assert not [time for time in times if start + 0.02 < time < end - 0.02]
    assert times[0] < thinking[0][0]
    for (_, end), (start, _) in itertools.pairwise(thinking):
        assert [time for time in times if end < time < start]


def test_a_failure_names_the_bots_move_and_a_slow_first_move_where_set_up_belongs(tmp_path):
    """A bot that raised on its third move, and one that set itself up on its first (as Kaggle's
    tutorials do, with time to spare there), were told only what they did."""
    (tmp_path / "third.py").write_text(
        "moves = []\n\n\ndef agent(observation, configuration):\n"
        "    moves.append(1)\n    return [0, 1, 2][len(moves)]\n"
    )
    (tmp_path / "warms_up.py").write_text(
        "import time\n\n\ndef agent(observation, configuration):\n    time.sleep(2)\n    return 0\n"
    )
    third = play_game(Bot("third", str(tmp_path / "third.py")), reference("random"), Rules())
    assert third.reason.startswith("third lost: on its move 3, raised IndexError"), third.reason
    slow = Bot("warms_up", str(tmp_path / "warms_up.py"))
    record = play_game(slow, reference("random"), Rules(seconds=0.5))
    assert record.reason == (
        "warms_up lost: on its move 1, took longer than 0.5 s for a move, and was stopped (if it "
        "was setting up, such as imports or tables: a set-up belongs at the top of its file, "
        "which has its own time to load)"
    )
