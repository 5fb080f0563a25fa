"""The tournament on a local Dask cluster, and from the command line, stopped and resumed."""

import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from broken_bots import BROKEN
from child import ctrl_c_as_in_a_terminal

import nimlib.tournament.command
from nimlib.__main__ import main
from nimlib.tournament import (
    Bot,
    LadderGrade,
    Results,
    Rules,
    reference,
    run_tournament,
    standings,
)
from nimlib.tournament.bots import LADDER
from nimlib.tournament.command import display_width, failures, leaderboard, plan, progress_bar
from nimlib.tournament.ratings import Standing
from nimlib.tournament.runner import load_trials
from nimlib.tournament.store import Pairing, Store, StoredGame


@pytest.mark.ci
def test_a_dask_cluster_plays_the_same_games_as_this_machine(tmp_path, bots_dir):
    """Deterministic bots, the same seeds: the same results, and each game's moves stored."""
    distributed = pytest.importorskip("distributed")
    bots = [
        reference("one_ply"),
        reference("alphabeta_2"),
        Bot("raises", str(bots_dir / "raises.py")),
    ]
    here = run_tournament(bots, tmp_path / "here.sqlite", rounds=1, judge_calls=0)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False) as cluster:
        there = run_tournament(
            bots,
            tmp_path / "there.sqlite",
            rounds=1,
            judge_calls=0,
            scheduler=cluster.scheduler_address,
        )
    assert [(g.first, g.second, g.result, g.reason) for g in there.games] == [
        (g.first, g.second, g.result, g.reason) for g in here.games
    ]
    with sqlite3.connect(tmp_path / "there.sqlite") as connection:
        assert connection.execute("SELECT COUNT(*) FROM moves").fetchone()[0] > 3


def test_without_distributed_the_cluster_path_names_the_package(tmp_path, monkeypatch):
    """A clear ImportError, not a ModuleNotFoundError from deep inside."""
    monkeypatch.setitem(sys.modules, "distributed", None)
    bots = [reference("random"), reference("one_ply")]
    with pytest.raises(ImportError, match="needs Dask's distributed package: pip install"):
        run_tournament(bots, tmp_path / "t.sqlite", rounds=1, scheduler="tcp://127.0.0.1:1")


def test_a_scheduler_that_cannot_be_reached_is_named_by_the_command(tmp_path, capsys):
    """Not Dask's words alone ("unknown address scheme 'http'"), which named no option."""
    pytest.importorskip("distributed")
    bots = tmp_path / "bots"
    bots.mkdir()
    (bots / "mine.py").write_text("def agent(observation, configuration):\n    return 3\n")
    database = str(tmp_path / "t.sqlite")
    arguments = ["tournament", str(bots), "--database", database, "--scheduler", "http://x"]
    assert main(arguments) == 2
    said = capsys.readouterr().err
    assert "tournament: --scheduler 'http://x' cannot be reached: unknown address scheme" in said


def bots_in_column_4(folder: Path, *names: str) -> Path:
    """`folder`, made, with a bot of each of `names` that plays column 4 (3, from 0) every move."""
    folder.mkdir()
    for name in names:
        (folder / f"{name}.py").write_text("def agent(observation, configuration):\n    return 3\n")
    return folder


def done_games(database):
    """How many games the database holds as played (0 while the command has not made it)."""
    if not database.exists():
        return 0
    try:
        with sqlite3.connect(database) as connection:
            return connection.execute(
                "SELECT COUNT(*) FROM games WHERE status = 'done'"
            ).fetchone()[0]
    except sqlite3.OperationalError:  # no table yet
        return 0


@pytest.mark.ci
def test_the_command_stopped_by_ctrl_c_resumes_and_plays_no_game_twice(tmp_path, bots_dir):
    """Interrupted after some games, the same command finishes the tournament; every game is
    done once, and the leaderboard lists every bot."""
    command = [sys.executable, "-m", "nimlib", "tournament", str(bots_dir), "--no-ladder",
               "--seconds", "0.5", "--rounds", "1", "--memory", "256", "--workers", "2",
               "--database", str(tmp_path / "t.sqlite")]  # fmt: skip
    run = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=ctrl_c_as_in_a_terminal,
    )
    while run.poll() is None and done_games(tmp_path / "t.sqlite") < 5:
        time.sleep(0.2)  # until a few games are stored
    run.send_signal(signal.SIGINT)
    _, stopped = run.communicate(timeout=120)
    said = " ".join(stopped.split())  # wrapped at 74 columns, where a long path may break it
    assert run.returncode == 130 and "run the same command to resume" in said, stopped[-300:]
    finished = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert finished.returncode == 0, finished.stderr
    with sqlite3.connect(tmp_path / "t.sqlite") as connection:
        statuses = connection.execute("SELECT status, COUNT(*) FROM games GROUP BY status")
        bots = len(BROKEN) + 1  # and kaggle_style
        assert statuses.fetchall() == [("done", bots * (bots - 1) // 2)]  # each pair, one round
    for name in ("kaggle_style", "raises", "eats_memory", "fails_to_load"):
        assert name in finished.stdout
    assert "kept: " in finished.stdout  # what the engine judged, or that it judged none
    failed = finished.stdout.partition("Games lost by failing")[2].replace("\n    ", " ")
    failed = failed.splitlines()  # each failure on a line, its wrapped lines joined
    for name, (_, words) in BROKEN.items():  # each broken bot, and how it failed, once
        said = [line for line in failed if line.startswith(f"  {name}: ")]
        assert said and all(words in line for line in said), failed


@pytest.mark.ci
def test_the_grade_command_says_how_each_bot_failed_and_refuses_a_tournaments_options(tmp_path):
    for name in ("illegal", "fails_to_load"):
        (tmp_path / f"{name}.py").write_text(BROKEN[name][0])
    command = [sys.executable, "-m", "nimlib", "tournament", str(tmp_path), "--grade", "2",
               "--seconds", "0.5", "--memory", "256"]  # fmt: skip
    graded = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert graded.returncode == 0, graded.stderr
    assert "grading fails_to_load (1 of 2)" in graded.stderr
    # a bar of its games, where a bot thinking for its time gave no sign for minutes
    assert "16/16 grading illegal (2 of 2) v " in graded.stderr
    rows = graded.stdout.splitlines()
    for name in ("illegal", "fails_to_load"):
        row = next(index for index, line in enumerate(rows) if line.startswith(name))
        assert rows[row + 1].startswith("  lost games as the bot failed (random, ")
        assert BROKEN[name][1] in " ".join(rows[row + 1 : row + 4])
    for option in (["--database", "x.sqlite"], ["--rounds", "3"], ["--seed", "1"], ["--no-ladder"]):
        refused = subprocess.run([*command, *option], capture_output=True, text=True, timeout=60)
        assert refused.returncode == 2 and f"{option[0]} has no use with it" in refused.stderr
    no_rounds = [*command[:5], "--rounds", "0", "--database", str(tmp_path / "t.sqlite")]
    refused = subprocess.run(no_rounds, capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "--rounds must be at least 1, not 0" in refused.stderr


@pytest.mark.slow
@pytest.mark.parametrize(
    "option, words",
    [
        (
            ["--seconds", "-1"],
            "--seconds must be a number of seconds above 0 and at most 3600, not -1\n",
        ),
        (["--columns", "2"], "--columns must be at least 4, not 2"),
        (["--rows", "99"], "--rows 99 is too large: at most 9"),
        (["--memory", "0"], "--memory must be at least 64, not 0"),
        (
            ["--load-seconds", "0.0"],
            "--load-seconds must be a number of seconds above 0 and at most 3600, not 0.0\n",
        ),
    ],
)
@pytest.mark.parametrize("kind", [["--grade", "2"], ["--database", "t.sqlite"]])
def test_bad_rules_are_named_by_the_tournament_and_the_grades(tmp_path, option, words, kind):
    """--grade raised a traceback on them; each is named as the command's user gives it, not as
    Rules names it (memory_mb), and a whole number of seconds is echoed whole (-1, not -1.0)."""
    command = [sys.executable, "-m", "nimlib", "tournament", str(tmp_path), *kind, *option]
    refused = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr, refused.stderr
    assert refused.stderr.startswith(f"python -m nimlib tournament: {words}")


@pytest.mark.parametrize("workers", ["-1", "0"])
@pytest.mark.parametrize("kind", [["--grade", "2"], ["--database", "t.sqlite"]])
def test_a_number_of_workers_below_one_is_named_by_the_command(tmp_path, capsys, workers, kind):
    """Not concurrent.futures' 'max_workers must be greater than 0', and no game played."""
    (tmp_path / "bot.py").write_text("def agent(observation, configuration):\n    return 0\n")
    database = tmp_path / "t.sqlite"
    kind = [str(database) if part == "t.sqlite" else part for part in kind]
    status = main(["tournament", str(tmp_path), *kind, "--workers", workers])
    assert status == 2 and not database.exists()
    assert f"python -m nimlib tournament: --workers must be at least 1, not {workers}" in (
        capsys.readouterr().err
    )


@pytest.mark.parametrize(
    "option, words",
    [
        (["--grade", "0"], "--grade GAMES must be at least 1, not 0"),
        (
            ["--database", "t.sqlite", "--judge-calls", "-1"],
            "--judge-calls must be at least 0, not -1",
        ),
    ],
)
def test_a_count_below_its_least_is_named_before_anything_is_printed(
    tmp_path, capsys, option, words
):
    """--grade 0 printed the grades' header first; --judge-calls -1 was taken without a word."""
    (tmp_path / "bot.py").write_text("def agent(observation, configuration):\n    return 0\n")
    option = [str(tmp_path / part) if part == "t.sqlite" else part for part in option]
    assert main(["tournament", str(tmp_path), *option]) == 2
    said = capsys.readouterr()
    assert said.out == "" and said.err == f"python -m nimlib tournament: {words}\n"
    assert not (tmp_path / "t.sqlite").exists()


def test_the_failures_name_each_bot_that_failed_once_per_kind_with_its_games():
    def game(first, second, reason):
        return StoredGame(0, 0, first, second, 0, "done", 1.0, reason)

    games = [
        game("a", "slow", "slow lost: took longer than 2 s for a move, and was stopped"),
        game("slow", "b", "slow lost: took longer than 2 s for a move, and was stopped"),
        game("b", "a", "b made four in a row"),
        game("a", "b", "the board is full: a draw"),
    ]
    assert failures(games).splitlines()[1:] == [
        "  slow: took longer than 2 s for a move, and was stopped (2 games)"
    ]
    assert failures(games[2:]) == "No bot lost a game by failing."


def test_a_bots_file_named_as_a_reference_bot_is_named_by_the_command(tmp_path, capsys):
    """Not every bot's name listed, the ladder's too, as "each with its own name"."""
    for name in ("random", "alice"):
        (tmp_path / f"{name}.py").write_text(
            "def agent(observation, configuration):\n    return 0\n"
        )
    database = tmp_path / "t.sqlite"
    assert main(["tournament", str(tmp_path), "--database", str(database)]) == 2
    said = capsys.readouterr().err
    assert said.startswith("python -m nimlib tournament: bots share the name 'random': each bot")
    assert "named as a reference bot (random, one_ply," in said
    assert not database.exists()


def test_the_tournament_package_runs_as_the_tournament_command(tmp_path):
    """`python -m nimlib.tournament`, the package notebook 14 imports from, said "No module named
    nimlib.tournament.__main__"."""
    command = [sys.executable, "-m", "nimlib.tournament"]
    helped = subprocess.run([*command, "--help"], capture_output=True, text=True, timeout=60)
    assert helped.returncode == 0 and "BOTS_DIR" in helped.stdout, helped.stderr
    refused = subprocess.run([*command, str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert refused.returncode == 2 and "holds no bot" in refused.stderr
    assert refused.stderr.startswith("python -m nimlib tournament: ")


def test_the_help_says_what_each_schedule_does(capsys):
    """`--schedule` listed its three choices with nothing but the default beside them."""
    with pytest.raises(SystemExit):
        main(["tournament", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "who plays whom: every pair (round robin), bots of equal points (swiss)" in said
    assert "random pairs (sampled), the last two n/2 games a round" in said
    assert "a folder of bots' .py files (those of its sub-folders are not taken)" in said
    assert "then print the standings" in said  # what the command does, above its options


def test_the_command_names_the_sub_folders_whose_files_it_does_not_take(tmp_path, capsys):
    """A lecturer who put each student's bot in a folder of its own saw those bots missing from
    the leaderboard without a word."""
    bots = tmp_path / "bots"
    (bots / "carol").mkdir(parents=True)
    for path in (bots / "alice.py", bots / "bob.py", bots / "carol" / "carol.py"):
        path.write_text("def agent(observation, configuration):\n    return 3\n")
    database = str(tmp_path / "t.sqlite")
    options = ["--no-ladder", "--rounds", "1", "--judge-calls", "0", "--database", database]
    assert main(["tournament", str(bots), *options]) == 0
    said = capsys.readouterr()
    assert "The .py files in sub-folders are not bots (found in carol/)" in said.err
    assert max(len(line) for line in said.err.splitlines()[:3]) <= 74  # a terminal's 80 columns
    assert "2 players, 1 round (round robin): 1 game in all." in said.err
    assert "alice" in said.out and "carol" not in said.out


@pytest.mark.parametrize(
    "options",
    [
        ["--rounds", "0"],
        ["--judge-calls", "-1"],
        ["--workers", "0"],
        ["--grade", "2", "--workers", "0"],
    ],
)
def test_an_option_refused_is_said_alone_not_after_the_note_on_sub_folders(
    tmp_path, capsys, options
):
    """The note on the files not taken came first, then the refusal: the lecturer read the note
    as the reason, though the command would have taken the folder as it is."""
    (tmp_path / "carol").mkdir()
    for path in (tmp_path / "alice.py", tmp_path / "carol" / "carol.py"):
        path.write_text("def agent(observation, configuration):\n    return 3\n")
    database = ["--database", str(tmp_path / "t.sqlite")] if "--grade" not in options else []
    assert main(["tournament", str(tmp_path), *options, *database]) == 2
    said = capsys.readouterr()
    assert said.err.startswith("python -m nimlib tournament: --") and said.out == "", said


def test_a_resumed_tournament_says_how_many_of_its_games_were_played_before(
    tmp_path, capsys, monkeypatch
):
    """The plan line counted every game of a resumed tournament, and the bar only those left."""
    monkeypatch.chdir(tmp_path)  # a short path, which the plan line does not break
    bots_in_column_4(Path("bots"), "alice", "bob", "carol")
    options = ["--no-ladder", "--judge-calls", "0", "--database", "t.sqlite"]
    assert main(["tournament", "bots", *options, "--rounds", "1"]) == 0
    assert "Resumed" not in capsys.readouterr().err
    assert main(["tournament", "bots", *options, "--rounds", "2"]) == 0
    said = " ".join(capsys.readouterr().err.split())
    assert "3 players, 2 rounds (round robin): 6 games in all. Resumed: 3 games played " in said
    assert "kept in t.sqlite; the bar counts the games left in each round." in said
    assert "3/3 round 2" in said
    done = {"schedule": "round robin", "rounds": 2, "database": "t.sqlite"}  # nothing left
    said = " ".join(plan(3, done, played=6).split())
    assert said.endswith("6 games in all. Every game was played before, and is kept in t.sqlite.")


def test_bots_whose_names_share_their_first_24_characters_keep_their_own_rows(tmp_path, capsys):
    """Names were cut at 24 characters: two rows read connect_four_minimax_bot."""
    bots = tmp_path / "bots"
    bots.mkdir()
    for version in ("v1", "v2"):
        (bots / f"connect_four_minimax_bot_{version}.py").write_text(
            "def agent(observation, configuration):\n    return 3\n"
        )
    database = str(tmp_path / "t.sqlite")
    options = ["--no-ladder", "--rounds", "1", "--judge-calls", "0", "--database", database]
    assert main(["tournament", str(bots), *options]) == 0
    said = capsys.readouterr().out
    assert "connect_four_minimax_bot_v1 " in said and "connect_four_minimax_bot_v2 " in said


def test_a_database_that_cannot_be_written_midway_is_named_and_its_games_kept(
    tmp_path, capsys, monkeypatch
):
    """A full disk or a file held by another program ended in sqlite3's traceback."""

    def disk_full(*arguments, **settings):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr("nimlib.tournament.command.run_tournament", disk_full)
    (tmp_path / "alice.py").write_text("def agent(observation, configuration):\n    return 3\n")
    database = str(tmp_path / "t.sqlite")
    assert main(["tournament", str(tmp_path), "--no-ladder", "--database", database]) == 2
    said = capsys.readouterr().err
    assert f"could not write to {database} (database or disk is full); every game" in said


def test_fewer_rounds_than_the_database_holds_are_named_with_the_results(
    tmp_path, capsys, monkeypatch
):
    """--rounds 1 on a database of 3 rounds showed the results of all 3 without a word."""
    bots = bots_in_column_4(tmp_path / "bots", "alice", "bob")
    monkeypatch.chdir(tmp_path)
    database = "t.sqlite"  # as a lecturer names it: a path longer than a line is cut in two
    options = ["--no-ladder", "--judge-calls", "0", "--database", database]
    assert main(["tournament", str(bots), *options, "--rounds", "3"]) == 0
    assert "more than the" not in capsys.readouterr().out
    assert main(["tournament", str(bots), *options, "--rounds", "1"]) == 0
    said = capsys.readouterr().out
    assert " ".join(said.split()).startswith(
        f"{database} holds 3 rounds, more than the 1 asked: these are the results of all 3 (a "
        "new --database plays 1 round)."
    )
    assert max(len(line) for line in said.split("round).")[0].splitlines()) <= 74, said
    for name in ("alice", "bob"):  # each with its 3 games
        assert re.search(rf"{name} .* 3 +[0-3]-[0-3]-[0-3] ", said), said


def test_the_progress_bar_fits_the_terminal_so_that_it_is_redrawn(monkeypatch, capsys):
    """A line of 100 characters wrapped in a terminal of 80 columns, and every game added a line
    where it should have redrawn one."""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)  # capsys's stand-in for a terminal
    monkeypatch.setenv("COLUMNS", "60")
    progress_bar(3, 10, f"round 1: {'a_bot_with_a_long_name' * 3} v bob")
    said = capsys.readouterr().err
    assert said.startswith("\r[#########.....................] 3/10 round 1: a_bot")
    assert len(said) == 60  # "\r" and 59 characters


def test_the_progress_bar_fits_the_terminal_in_columns_whatever_its_bots_names(monkeypatch, capsys):
    """A bot named 学生 takes two columns a character: cut by characters, its bar line overran
    an 80-column terminal and left a stray line for every game."""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    monkeypatch.setenv("COLUMNS", "60")
    progress_bar(3, 10, f"round 1: {'学生' * 30} v bob")
    said = capsys.readouterr().err
    assert display_width(said[1:]) == 59 and said.endswith("学生")
    progress_bar(3, 10, f"round 1: a{'学生' * 30} v bob")  # no half of a wide character
    assert display_width(capsys.readouterr().err[1:]) == 59


def test_the_progress_bar_into_a_log_is_a_line_at_each_tenth_of_the_games(capsys):
    """Under nohup the bar's redraws, one a game, made one line of 25 KB in nohup.out."""
    for done in range(1, 154):
        progress_bar(done, 153, f"round 1: bot_{done} v bob")
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 10 and "\r" not in "".join(lines)
    assert lines[0] == f"[###{'.' * 27}] 16/153 round 1: bot_16 v bob"
    assert lines[-1] == f"[{'#' * 30}] 153/153 round 1: bot_153 v bob"


def test_the_plan_advises_a_swiss_schedule_for_a_round_robin_of_many_players():
    """A round robin of 48 players plays 1,128 games a round, and nothing said that a Swiss
    schedule plays 24."""
    many = " ".join(plan(48, {"schedule": "round robin", "rounds": 2}).split())
    assert many.startswith("48 players, 2 rounds (round robin): 2,256 games in all.")
    assert "(1,128 a round here): --schedule swiss plays 24 a round" in many
    assert "swiss" not in plan(11, {"schedule": "round robin", "rounds": 2})
    assert plan(1, {"schedule": "round robin", "rounds": 1}).startswith("1 player, 1 round")
    assert plan(48, {"schedule": "swiss", "rounds": 11}) == (
        "48 players, 11 rounds (swiss): 264 games in all."
    )


def test_the_leaderboard_and_the_failures_fit_74_columns():
    """The line under the leaderboard took 125 characters, and a failure's line up to 140 or so:
    a terminal at 1024 px beside a notebook broke them inside words."""
    games = [StoredGame(0, 0, "a_bot_with_a_long_name_x", "b", 0, "done", 0.0, None)]
    results = Results(standings(["a_bot_with_a_long_name_x", "b"], games), {}, games, 1234, 5678, 1)
    board = leaderboard(results)
    assert "of the 1,234 moves (of 5,678) the engine solved." in " ".join(board.split())
    reason = "a_bot_with_a_long_name_x lost: could not be loaded: raised ModuleNotFoundError: "
    games = [StoredGame(0, 0, "a_bot_with_a_long_name_x", "b", 0, "done", 0.0, reason + "x" * 40)]
    said = failures(games)
    assert "could not be loaded: raised ModuleNotFoundError: xxx" in " ".join(said.split())
    assert said.splitlines()[2].startswith("    ")  # the failure's second line, indented
    for line in [*board.splitlines(), *said.splitlines()]:
        assert len(line) <= 74, line


def test_an_interval_that_starts_just_below_0_reads_0_0():
    """-0.04 was printed "-0.0": adding 0.0 turned -0.0 itself into 0.0, not what rounds to it."""
    results = Results(
        [Standing("alice", 14.12, 7.08), Standing("bob", -0.04, 1.0)], {}, [], 0, 0, 1
    )
    board = leaderboard(results)
    assert "14.1 (  0.0,  28.3)" in board and "0.0 ( -2.0,   2.0)" in board
    assert "-0.0" not in board


def test_a_tournament_whose_moves_were_not_judged_says_so():
    """With --judge-calls 0 the line under the leaderboard said "of the 0 moves (of 80) the engine
    solved"."""
    board = " ".join(leaderboard(Results(standings(["a", "b"], []), {}, [], 0, 80, 1)).split())
    assert "kept: not judged: the engine solved none of the 80 moves" in board
    assert "of the 0 moves" not in board


def test_a_stopped_tournament_says_its_moves_are_not_judged_yet():
    """--results of a tournament stopped with games to play blamed the engine's budget of calls
    for moves that are judged only at the end; and one judged move was "1 moves"."""
    stopped = Results(standings(["a", "b"], []), {}, [], 0, 264, 1, unplayed=3)
    board = " ".join(leaderboard(stopped).split())
    assert "kept: not judged yet: the moves are judged once every game is played." in board
    one = " ".join(leaderboard(Results(standings(["a", "b"], []), {}, [], 1, 10, 1)).split())
    assert "of the 1 move (of 10) the engine solved." in one


# bots' names, and the columns of a terminal each takes: an emoji and a CJK letter two each, a
# combining accent none; the last takes 30, more than the table's 24, in 15 characters
WIDE_NAMES = {"🤖bot": 5, "plain": 5, "e\u0301te\u0301": 3, "棋手": 4, "機器人" * 5: 30}


def assert_columns_in_line(rows: list[str]) -> None:
    """The `rows` of a table whose first column names the bots: with each name as wide as a
    terminal shows it (WIDE_NAMES), each row's columns after the name start where every other
    row's do."""
    as_shown = []
    for row in rows:
        for name, columns in WIDE_NAMES.items():
            row = row.replace(name, "x" * columns)
        as_shown.append(row)
    assert len({len(row) for row in as_shown}) == 1, "\n" + "\n".join(rows)


def test_a_wide_character_in_a_name_keeps_the_leaderboards_columns_in_line():
    """A bot named with an emoji or a CJK letter (two columns each in a terminal) pushed the
    rest of its row a column to the right for each, as one with a combining accent pulled it."""
    results = Results(standings(list(WIDE_NAMES), []), {}, [], 0, 0, 1)
    rows = leaderboard(results).splitlines()[: len(WIDE_NAMES) + 1]  # the heading and the bots
    assert_columns_in_line(rows)


def test_a_wide_character_in_a_name_keeps_the_grades_columns_in_line(tmp_path, capsys, monkeypatch):
    """The table of points of --grade, as the leaderboard, for bots' files so named."""

    def grade_on_ladder(bot, games, rules, workers, progress):  # no game: the table alone
        return LadderGrade(bot.name, games, dict.fromkeys(LADDER, 1.0))

    monkeypatch.setattr(nimlib.tournament.command, "grade_on_ladder", grade_on_ladder)
    for name in WIDE_NAMES:
        (tmp_path / f"{name}.py").write_text(
            "def agent(observation, configuration):\n    return 3\n"
        )
    assert main(["tournament", str(tmp_path), "--grade", "2"]) == 0
    table = capsys.readouterr().out.splitlines()
    heading = next(index for index, line in enumerate(table) if line.startswith("bot "))
    assert_columns_in_line(table[heading : heading + len(WIDE_NAMES) + 1])


def test_the_grades_table_fits_74_columns_its_columns_numbered(tmp_path, capsys):
    """A column 11 characters wide for each reference bot made the table 129 characters wide,
    cut or broken on a projector's 1024 px; one 5 wide took a ninth bot, a newcomer's, past 74:
    a column is as wide as its scores (0.5 of 1 game) and its number."""
    (tmp_path / "nine.py").write_text(BROKEN["illegal"][0])  # loses each game at its first move
    assert main(["tournament", str(tmp_path), "--grade", "1", "--seconds", "0.5"]) == 0
    table = capsys.readouterr().out.splitlines()
    assert "points against 1=random, 2=one_ply, 3=mcts_100," in " ".join(table)
    assert "bot                      points    1   2   3   4   5   6   7   8" in table
    assert "nine                          0    0   0   0   0   0   0   0   0" in table
    assert all(len(line) <= 74 for line in table), table


def test_one_bot_without_the_ladder_is_refused_saying_what_to_add(tmp_path, capsys):
    """ "a tournament needs two bots or more, not ['alice']" said nothing of what to add."""
    (tmp_path / "alice.py").write_text("def agent(observation, configuration):\n    return 3\n")
    database = tmp_path / "t.sqlite"
    assert main(["tournament", str(tmp_path), "--no-ladder", "--database", str(database)]) == 2
    assert capsys.readouterr().err == (
        "python -m nimlib tournament: a tournament needs two bots or more, not ['alice']: add "
        "bots' files, or the ladder (ladder(); in the command, leave out --no-ladder)\n"
    )
    assert not database.exists()


@pytest.mark.slow
def test_a_bot_slow_to_load_is_named_before_the_first_game(tmp_path, capsys, monkeypatch):
    """A file that took 6 s to load made each of its games wait 6 s, with no word: a run of 12
    games took 31 s rather than 1."""
    monkeypatch.chdir(tmp_path)
    bots_in_column_4(Path("bots"), "alice", "bob")
    Path("bots/slow.py").write_text(
        "import time\n\ntime.sleep(1.2)\n\n\ndef agent(observation, configuration):\n    return 5\n"
    )
    options = ["--no-ladder", "--judge-calls", "0", "--rounds", "1", "--database", "t.sqlite"]
    assert main(["tournament", "bots", *options]) == 0
    err = " ".join(capsys.readouterr().err.split())
    assert "Bots slow to load, whose every game waits that long for its file" in err
    # not sent to its first move, which has a time limit of its own and is played in every game
    assert "could wait for the first move" not in err and "since each game loads it anew" in err
    assert (
        re.search(r"slow: 1\.\d s", err) and "alice:" not in err and "cannot be loaded" not in err
    )


def test_ctrl_c_while_the_files_load_stops_at_once(tmp_path):
    """Ctrl-C while the bots' files were loaded, before the first game, waited for the files under
    way to load (a file that hangs: its 10 s to load) with no word: here a file of 30 s."""
    for name in "abcd":
        (tmp_path / f"{name}.py").write_text(
            "import time\n\ntime.sleep(30)\n\n\ndef agent(observation, configuration):\n"
            "    return 3\n"
        )
    bots = [Bot(name, str(tmp_path / f"{name}.py")) for name in "abcd"]
    start = time.perf_counter()
    # Ctrl-C as in a terminal, even if a shell started the tests with SIGINT ignored
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            # Ctrl-C, a second in, as a terminal sends it
            threading.Timer(1, os.kill, (os.getpid(), signal.SIGINT)).start()
            load_trials(bots, Rules(load_seconds=60), workers=2)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert time.perf_counter() - start < 20


def test_a_bot_that_cannot_load_is_named_before_the_first_game_and_results_stay_readable(
    tmp_path, capsys, monkeypatch
):
    """A file that could not load was named only in the summary, after every game; and once a
    bot's file was changed, nothing showed the finished tournament's results."""
    monkeypatch.chdir(tmp_path)
    bots_in_column_4(Path("bots"), "alice", "bob")
    Path("bots/erin.py").write_text("def agent(observation, configuration)\n    return 3\n")
    options = ["--no-ladder", "--judge-calls", "0", "--rounds", "1", "--database", "t.sqlite"]
    assert main(["tournament", "bots", *options]) == 0
    said = capsys.readouterr()
    err = " ".join(said.err.split())
    assert err.index("Loading the files of 3 bots...") < err.index("Bots that cannot be loaded")
    assert err.index("Bots that cannot be loaded") < err.index("3 players, 1 round")
    assert "erin: could not be loaded: raised SyntaxError" in said.err
    Path("bots/alice.py").write_text("def agent(observation, configuration):\n    return 4\n")
    assert main(["tournament", "bots", *options]) == 2
    assert "(its results as they stand: stored_results, or the command's --results)" in " ".join(
        capsys.readouterr().err.split()
    )
    assert main(["tournament", "--results", "--database", "t.sqlite"]) == 0  # no BOTS_DIR needed
    shown = capsys.readouterr().out
    assert shown == said.out  # the same table, judged as it was, and no game played
    assert main(["tournament", "--results", "--database", "none.sqlite"]) == 2
    assert main(["tournament", "--results", "--rounds", "3", "--database", "t.sqlite"]) == 2
    assert "--rounds has no use with it" in capsys.readouterr().err
    for given, option in [(["--seconds", "1"], "--seconds"), (["--workers", "3"], "--workers"),
                          (["--memory", "500"], "--memory"), (["bots"], "BOTS_DIR")]:  # fmt: skip
        assert main(["tournament", "--results", *given, "--database", "t.sqlite"]) == 2
        assert f"{option} has no use with it" in capsys.readouterr().err  # it was taken in silence
    more = ["tournament", "--results", "--judge-calls", "200", "--database", "t.sqlite"]
    assert main(more) == 0 and capsys.readouterr().err == ""  # judged again, within 200 calls
    assert main(["tournament", "--rounds", "3"]) == 2
    assert "give BOTS_DIR, the folder of the bots' .py files" in capsys.readouterr().err


def test_the_results_of_a_tournament_stopped_midway_say_it_is_not_finished(tmp_path, capsys):
    bots = bots_in_column_4(tmp_path / "bots", "alice", "bob")
    database = str(tmp_path / "t.sqlite")
    options = ["--no-ladder", "--judge-calls", "0", "--rounds", "1", "--database", database]
    assert main(["tournament", str(bots), *options]) == 0
    store = Store(database, existing=True)
    store.schedule([Pairing(1, "alice", "bob", 7)])  # a second round, stopped before its game
    store.close()
    capsys.readouterr()
    assert main(["tournament", "--results", "--database", database]) == 0
    assert " ".join(capsys.readouterr().out.split()).startswith(
        "Not finished: 1 game played, 1 still to play in the rounds begun, and any rounds not "
        "begun (the tournament's command, with its BOTS_DIR and --rounds, plays them)"
    )


def test_failures_alike_on_different_moves_are_told_as_one_kind_naming_the_moves():
    """A bot that raised on moves 3, 4 and 6 filled a line for each move."""
    raised = "flaky lost: on its move {}, raised RuntimeError: oops in agent()"
    reasons = [raised.format(move) for move in (4, 3, 6, 4)]
    reasons.append("flaky lost: could not be loaded: raised SyntaxError")
    games = [StoredGame(0, 0, "flaky", "b", 0, "done", 0.0, reason) for reason in reasons]
    told = " ".join(failures(games).split())
    assert told.endswith(
        "flaky: on its moves 3, 4 and 6, raised RuntimeError: oops in agent() (4 games) "
        "flaky: could not be loaded: raised SyntaxError (1 game)"
    )


def test_at_a_terminal_a_bot_that_cannot_load_can_be_fixed_before_the_first_game(
    tmp_path, capsys, monkeypatch
):
    """ "fix a file before its first game: stop now with Ctrl+C" could not be followed: the games
    began as it was said, the broken bot's lost in milliseconds, and its file fixed was then
    refused. At a terminal the command asks first; answered no, it plays nothing, and the same
    command with the file fixed plays the tournament."""
    monkeypatch.chdir(tmp_path)
    bots_in_column_4(Path("bots"), "alice", "bob")
    Path("bots/erin.py").write_text("def agent(observation, configuration)\n    return 3\n")
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("sys.stderr.isatty", lambda: True)
    options = ["--no-ladder", "--judge-calls", "0", "--rounds", "1", "--database", "t.sqlite"]
    # no, Enter (a terminal shows the Enter typed), Ctrl-D and Ctrl-C (which end no line): no game
    for answer, typed in [
        (lambda: "n", True),
        (lambda: "", True),
        (raising(EOFError), False),
        (raising(KeyboardInterrupt), False),
    ]:
        monkeypatch.setattr("builtins.input", answer)
        assert main(["tournament", "bots", *options]) == 1
        said = capsys.readouterr().err
        assert "erin: could not be loaded" in said and "Play anyway, each of them losing" in said
        assert "Not started: fix the files named above, then run the same command." in said
        assert typed or "[y/N] Not started" not in said  # on a line of its own
    Path("bots/erin.py").write_text("def agent(observation, configuration):\n    return 3\n")
    assert main(["tournament", "bots", *options]) == 0
    assert "Play anyway" not in capsys.readouterr().err
    assert main(["tournament", "--results", "--database", "t.sqlite"]) == 0
    assert "could not be loaded" not in capsys.readouterr().out  # erin's games, played


def test_a_misspelt_option_is_told_the_option_meant(tmp_path, capsys):
    """ "--secnods 2" got the top level's usage and "unrecognized arguments", nothing more."""
    for given, words in [
        (["--secnods", "2"], "unrecognized arguments: --secnods 2 (did you mean --seconds?)"),
        (["--databse=t.sqlite"], "(did you mean --database?)"),
        (["--flavour", "9"], "unrecognized arguments: --flavour 9\n"),
    ]:
        with pytest.raises(SystemExit) as stopped:
            main(["tournament", str(tmp_path), *given])
        said = capsys.readouterr().err
        assert stopped.value.code == 2 and words in said, said
        assert said.startswith("usage: python -m nimlib tournament")


def raising(kind: type[BaseException]):
    """An input() that raises `kind`, as Ctrl-D (EOFError) or Ctrl-C (KeyboardInterrupt) does."""

    def answer() -> str:
        raise kind

    return answer
