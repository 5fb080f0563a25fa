"""The database: a stopped tournament resumes where it stopped and plays no game twice."""

import errno
import fcntl
import os
import sqlite3
from pathlib import Path

import numpy
import pytest

from nimlib.tournament import (
    Bot,
    Rules,
    Store,
    reference,
    replay_game,
    run_tournament,
    stored_results,
)
from nimlib.tournament.bots import bot_of_file
from nimlib.tournament.game import Move
from nimlib.tournament.store import Pairing

BOTS = [reference("random"), reference("one_ply")]


def test_a_tournament_stopped_mid_game_resumes_without_duplicates(tmp_path):
    """The first game is played; the second was under way with two moves stored when it
    stopped: resuming plays it again from its start, and only it."""
    database = tmp_path / "t.sqlite"
    run_tournament(BOTS, database, rounds=1, judge_calls=0)  # round 1: one game
    store = Store(database)
    store.schedule([Pairing(1, "one_ply", "random", 7)])
    second = store.games("scheduled")[0].id
    store.start(second)
    store.add_move(second, Move(1, 4, 0.01))
    store.add_move(second, Move(2, 4, 0.01))
    first_game = store.games("done")[0]
    store.close()
    results = run_tournament(BOTS, database, rounds=2, judge_calls=0)
    assert [game.id for game in results.games] == [first_game.id, second]
    assert results.games[0] == first_game  # not played again
    with sqlite3.connect(database) as connection:
        plies = connection.execute("SELECT ply FROM moves WHERE game = ?", (second,)).fetchall()
        statuses = connection.execute("SELECT status FROM games").fetchall()
    assert [ply for (ply,) in plies] == list(range(1, len(plies) + 1))
    assert statuses == [("done",), ("done",)]
    assert sum(line.games for line in results.standings) == 4  # two games, two bots each


def test_the_judging_is_told_game_by_game_and_kept_when_it_is_stopped(tmp_path):
    """The engine's judging ran for minutes after the last game without a word of progress, and
    a Ctrl-C during it lost every position judged so far."""
    database = tmp_path / "t.sqlite"
    told = []

    def stop_at_the_second_judged(done, total, what):
        told.append((done, total, what))
        if what.startswith("judged") and done == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_tournament(BOTS, database, rounds=2, workers=1, progress=stop_at_the_second_judged)
    store = Store(database, existing=True)
    games = store.games("done")
    store.close()
    played = [  # each round's start said before its first game ends
        (0, 1, "round 1: games under way"),
        (1, 1, f"round 1: {games[0].first} v {games[0].second}"),
        (0, 1, "round 2: games under way"),
        (1, 1, f"round 2: {games[1].first} v {games[1].second}"),
    ]
    judged = [(n, 2, f"judged: {game.first} v {game.second}") for n, game in enumerate(games, 1)]
    assert told == played + judged
    with sqlite3.connect(database) as connection:
        assert connection.execute("SELECT COUNT(*) FROM positions").fetchone()[0] > 0


def test_a_finished_tournament_plays_nothing_more(tmp_path):
    """The same call again: the same games, none played again."""
    database = tmp_path / "t.sqlite"
    once = run_tournament(BOTS, database, rounds=1, judge_calls=0)
    again = run_tournament(BOTS, database, rounds=1, judge_calls=0)
    assert once.games == again.games


def test_a_database_a_tournament_is_playing_into_is_refused_to_another(tmp_path):
    """Two commands on one database (two terminals, or a notebook and a terminal) played the
    same games: the second reset the first's games under way and mixed their moves, and one
    stopped with sqlite3's IntegrityError. Once the first has finished, the second resumes it."""
    database = tmp_path / "t.sqlite"
    playing = Store(database)  # as run_tournament holds it while it plays
    with pytest.raises(ValueError, match="'.*t.sqlite' is in use: a tournament is being played"):
        run_tournament(BOTS, database, rounds=1, judge_calls=0)
    Store(database, existing=True).close()  # reading it, as replay_game does, is still allowed
    playing.close()
    run_tournament(BOTS, database, rounds=1, judge_calls=0)


def test_a_database_on_a_file_system_without_locks_is_played_unguarded(tmp_path, monkeypatch):
    def no_locks(file, operation):
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(fcntl, "flock", no_locks)
    assert len(run_tournament(BOTS, tmp_path / "t.sqlite", rounds=1, judge_calls=0).games) == 1


def test_a_database_whose_tables_lack_columns_is_refused_and_left_as_it_was(tmp_path):
    """A games table without its reason (edited by hand, or another program's): the command and
    replay_game stopped with sqlite3's OperationalError, "no such column: reason"."""
    database = tmp_path / "t.sqlite"
    with sqlite3.connect(database) as connection:
        connection.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, round INTEGER)")
    connection.close()
    said = "'.*t.sqlite' is not a tournament's database: its tables lack the columns games.first, "
    with pytest.raises(ValueError, match=said):
        run_tournament(BOTS, database, rounds=1, judge_calls=0)
    with sqlite3.connect(database) as connection:
        tables = connection.execute("SELECT name FROM sqlite_master").fetchall()
    connection.close()
    assert tables == [("games",)]


def test_other_settings_on_the_same_database_are_refused(tmp_path):
    """A resumed run must be the same tournament: another time per move, a bot more, are named
    with what differs."""
    database = tmp_path / "t.sqlite"
    run_tournament(BOTS, database, rounds=1, judge_calls=0)
    with pytest.raises(ValueError, match=r"other settings \(rules: seconds 2.0 stored, 1 asked\)"):
        run_tournament(BOTS, database, Rules(seconds=1), rounds=1, judge_calls=0)
    with pytest.raises(ValueError, match=r"other settings \(bots: new mcts_100\)"):
        run_tournament([*BOTS, reference("mcts_100")], database, rounds=1, judge_calls=0)


def test_a_database_with_no_game_played_takes_new_settings(tmp_path):
    """A run refused before its first game (a mistyped scheduler) left settings that refused the
    corrected run."""
    database = tmp_path / "t.sqlite"
    with pytest.raises(ValueError, match="scheduler 'foo' cannot be reached"):
        run_tournament(BOTS, database, rounds=1, judge_calls=0, scheduler="foo")
    run_tournament(BOTS, database, Rules(seconds=1), rounds=1, judge_calls=0)
    assert len(Store(database).games("done")) == 1  # the one pair, once a round


def test_a_bot_edited_since_its_games_were_played_is_named_when_the_tournament_resumes(tmp_path):
    """Only its name and path were stored: the resumed tournament played its later games with
    the new code, without a word, beside games of the old."""
    database, bot = tmp_path / "t.sqlite", tmp_path / "first_column.py"
    bot.write_text("def agent(observation, configuration):\n    return 0\n")
    bots = [bot_of_file(bot), reference("random")]
    run_tournament(bots, database, rounds=1, judge_calls=0)
    run_tournament(bots, database, rounds=1, judge_calls=0)  # the same file: resumed
    bot.write_text("def agent(observation, configuration):\n    return 6\n")
    edited = (
        r"other settings \(bots: first_column's file changed since its games were played\): resume "
        "it with the same bots, their files as they were, and options, or give another database"
    )  # not "the same options" alone, which the lecturer had given
    with pytest.raises(ValueError, match=edited):
        run_tournament(bots, database, rounds=1, judge_calls=0)
    moved = tmp_path / "elsewhere" / "first_column.py"
    moved.parent.mkdir()
    moved.write_text("def agent(observation, configuration):\n    return 1\n")
    with pytest.raises(ValueError, match=r"\(bots: first_column's file changed since its games"):
        run_tournament([bot_of_file(moved), bots[1]], database, rounds=1, judge_calls=0)


def test_the_same_bots_reached_from_another_folder_resume_the_tournament(tmp_path, monkeypatch):
    """A bot was known by its path too: the command run again from another folder (bots/alice.py
    now ../bots/alice.py) was refused, its bots said to come "from another file"."""
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "alice.py").write_text(
        "def agent(observation, configuration):\n    return 0\n"
    )
    monkeypatch.chdir(tmp_path)
    bots = [bot_of_file("bots/alice.py"), reference("random")]
    run_tournament(bots, "t.sqlite", rounds=1, judge_calls=0)
    (tmp_path / "results").mkdir()
    monkeypatch.chdir(tmp_path / "results")
    bots = [bot_of_file("../bots/alice.py"), reference("random")]
    assert len(run_tournament(bots, "../t.sqlite", rounds=2, judge_calls=0).games) == 2


def test_a_file_that_is_not_a_database_is_refused(tmp_path):
    """A clear error names the file, not sqlite3's exception."""
    (tmp_path / "notes.txt").write_text("not a database " * 100)
    with pytest.raises(ValueError, match="is not a tournament's database"):
        Store(tmp_path / "notes.txt")


def test_another_programs_database_is_refused_and_left_as_it_was(tmp_path):
    """A tournament given the database of another program (a typo, a file of the same name)
    adds none of its tables to it, nor changes its journal."""
    other = tmp_path / "marks.sqlite"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE marks (student TEXT, mark REAL)")
    connection.close()
    with pytest.raises(ValueError, match=r"marks.sqlite' is not a tournament's database: it holds"):
        run_tournament(BOTS, other, rounds=1, judge_calls=0)
    with sqlite3.connect(other) as connection:
        tables = connection.execute("SELECT name FROM sqlite_master").fetchall()
        journal = connection.execute("PRAGMA journal_mode").fetchone()
    connection.close()
    assert (tables, journal) == ([("marks",)], ("delete",))


def test_a_database_that_cannot_be_written_is_named_before_any_game(tmp_path, monkeypatch):
    """Not sqlite3's raw 'attempt to write a readonly database' once the games begin."""
    database = tmp_path / "t.sqlite"
    run_tournament(BOTS, database, rounds=1, judge_calls=0)
    connect = sqlite3.connect

    def read_only(path, **options):  # as a file this user may read but not write
        return connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True, **options)

    monkeypatch.setattr(sqlite3, "connect", read_only)
    with pytest.raises(ValueError, match=r"t.sqlite' cannot be written \(attempt to write a read"):
        run_tournament(BOTS, database, rounds=2, judge_calls=0)


def test_a_database_in_a_folder_that_cannot_be_written_names_the_folder(tmp_path, monkeypatch):
    """SQLite makes files beside a database in WAL mode, to read it too: in a read-only folder it
    cannot open it (SQLITE_CANTOPEN), which was called 'not a tournament's database'. (A read-only
    folder cannot be made here for root, who may write anywhere: SQLite's refusal is played.)"""
    database = tmp_path / "t.sqlite"
    run_tournament(BOTS, database, rounds=1, judge_calls=0)

    def cannot_open(path, **options):
        refusal = sqlite3.OperationalError("unable to open database file")
        refusal.sqlite_errorname = "SQLITE_CANTOPEN"
        raise refusal

    monkeypatch.setattr(sqlite3, "connect", cannot_open)
    monkeypatch.setattr(os, "access", lambda path, mode: Path(path) != tmp_path)
    for existing in (True, False):
        with pytest.raises(
            ValueError, match=rf"t.sqlite' cannot be opened: its folder '{tmp_path}'"
        ):
            Store(database, existing=existing)


def test_replaying_from_a_mistyped_path_names_it_and_makes_no_file(tmp_path, monkeypatch):
    """A database that is not there is named, not made empty (then said to hold no game)."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(ValueError, match=r"^no such file: 'nope.sqlite': give the database"):
        replay_game("nope.sqlite", 1)
    with pytest.raises(ValueError, match="no such file: 'nope.sqlite'"):
        Store("nope.sqlite", existing=True)
    assert list(tmp_path.iterdir()) == []


def test_replaying_reads_a_tournament_and_changes_no_other_database(tmp_path):
    """A stored game replays, with no file left beside its database; a database of something
    else is refused, and gets none of the tournament's tables."""
    database = tmp_path / "t.sqlite"
    game = run_tournament(BOTS, database, rounds=1, judge_calls=0).games[0]
    assert repr(replay_game(database, game.id)) == f"{game.first} against {game.second}, replayed"
    assert list(tmp_path.iterdir()) == [database]
    other = tmp_path / "marks.sqlite"
    with sqlite3.connect(other) as connection:
        connection.execute("CREATE TABLE marks (name TEXT, mark REAL)")
    connection.close()
    said = "'.*marks.sqlite' is not a tournament's database: it has no table games, moves, "
    with pytest.raises(ValueError, match=said):
        replay_game(other, 1)
    with sqlite3.connect(other) as connection:
        tables = connection.execute("SELECT name FROM sqlite_master").fetchall()
    connection.close()
    assert tables == [("marks",)]


@pytest.mark.parametrize(
    "edit, words",
    [
        ("DELETE FROM settings WHERE name = 'rules'", "holds no rules of a tournament"),
        (
            "UPDATE settings SET value = '{\"width\": 7' WHERE name = 'rules'",
            "holds rules that cannot be read",
        ),
        (
            "UPDATE settings SET value = '{\"colour\": 1}' WHERE name = 'rules'",
            "holds rules that cannot be read",
        ),
        (
            "UPDATE settings SET value = '[7, 6]' WHERE name = 'rules'",
            "holds rules that cannot be read",
        ),
        (  # said "invalid literal for int() with base 10: 'x'"
            "UPDATE moves SET \"column\" = 'x' WHERE ply = 2",
            "holds moves of game 1 that cannot be played",
        ),
        (  # said "column 9 is not on the board", of no game nor database
            'UPDATE moves SET "column" = 9 WHERE ply = 2',
            "holds moves of game 1 that cannot be played .*: column 9 is not on the board",
        ),
    ],
)
def test_a_database_edited_by_hand_is_named_not_a_key_error(tmp_path, edit, words):
    database = tmp_path / "t.sqlite"
    game = run_tournament(BOTS, database, rounds=1, judge_calls=0).games[0]
    with sqlite3.connect(database) as connection:
        connection.execute(edit)
    connection.close()
    with pytest.raises(ValueError, match=f"t.sqlite {words}"):
        replay_game(database, game.id)
    if "rules" in edit:  # the results as they stand read the same rules (a KeyError, once)
        with pytest.raises(ValueError, match=f"t.sqlite {words}"):
            stored_results(database)
        # resumed, it holds other settings (rules not JSON: a JSONDecodeError, once)
        with pytest.raises(ValueError, match="t.sqlite holds a tournament with other settings"):
            run_tournament(BOTS, database, rounds=1, judge_calls=0)


def test_the_ladder_grades_a_point_per_reference_bot_beaten(bots_dir):
    """A bot that raises scores nothing; one_ply beats random over two games (one each colour)."""
    from nimlib.tournament import Bot, grade_on_ladder

    broken = grade_on_ladder(Bot("raises", str(bots_dir / "raises.py")), 2, rungs=("random",))
    assert broken.scores == {"random": 0.0} and broken.points == 0
    good = grade_on_ladder(reference("one_ply"), 2, rungs=("random",))
    assert good.beaten == ["random"] and good.points == 1
    by_path = grade_on_ladder(bots_dir / "raises.py", 2, rungs=("random",))
    assert by_path.bot == "raises" and by_path.points == 0


def test_the_ladder_names_a_bot_it_cannot_grade():
    from nimlib.tournament import grade_on_ladder

    with pytest.raises(ValueError, match="the bot is a lambda, not a function defined with def"):
        grade_on_ladder(lambda observation, configuration: 3)
    with pytest.raises(ValueError, match="^no such file: 'my_bot.py'"):
        grade_on_ladder("my_bot.py")


def test_the_same_settings_written_otherwise_resume_the_tournament(tmp_path):
    """Rules(seconds=2) is the default Rules() (2.0 seconds): the same tournament, resumed."""
    database = tmp_path / "t.sqlite"
    once = run_tournament(BOTS, database, rounds=1, judge_calls=0)
    again = run_tournament(
        BOTS, database, Rules(seconds=2, load_seconds=10), rounds=1, judge_calls=0
    )
    assert once.games == again.games


@pytest.mark.parametrize("seed", [numpy.int64(3), numpy.uint8(3)])
def test_a_numpy_seed_is_the_same_seed_as_pythons(tmp_path, seed):
    by_numpy = run_tournament(BOTS, tmp_path / "a.sqlite", rounds=1, seed=seed, judge_calls=0)
    by_python = run_tournament(BOTS, tmp_path / "b.sqlite", rounds=1, seed=3, judge_calls=0)
    assert by_numpy.games == by_python.games


@pytest.mark.parametrize("seed", ["x", 1.5, None, True])
def test_a_seed_that_is_not_a_whole_number_is_named(tmp_path, seed):
    with pytest.raises(ValueError, match="seed must be a whole number"):
        run_tournament(BOTS, tmp_path / "t.sqlite", rounds=1, seed=seed, judge_calls=0)
    assert not (tmp_path / "t.sqlite").exists()  # refused before a database is made


def stored_game(database, record):
    """A database holding one finished game, `record`, as a tournament stores it."""
    from dataclasses import asdict

    store = Store(database)
    store.keep_settings({"rules": asdict(Rules())})
    store.schedule([Pairing(0, record.first, record.second, 0)])
    game = store.games("scheduled")[0].id
    store.finish(game, record, with_moves=True)
    store.close()
    return game


def test_a_replayed_game_lost_on_its_first_move_says_why_it_ended(tmp_path):
    """A bot that failed before any move: the replay, at move 0 of 0, gives the reason."""
    from nimlib.tournament.game import GameRecord

    reason = "raises lost: raised ZeroDivisionError: division by zero in agent()"
    record = GameRecord("raises", "random", [], 0.0, reason)
    replay = replay_game(tmp_path / "t.sqlite", stored_game(tmp_path / "t.sqlite", record))
    assert replay.text == f"raises, red (X), against random, yellow (O).\nThe end: {reason}."


def test_a_replayed_game_takes_no_move_of_yours(tmp_path):
    """choose() on a replay is a message, not a game against the computer on its board."""
    from nimlib.tournament.game import GameRecord

    moves = [Move(1, 4, 0.01), Move(2, 4, 0.01)]
    record = GameRecord("a", "b", moves, 0.0, "a lost: played column 9")
    replay = replay_game(tmp_path / "t.sqlite", stored_game(tmp_path / "t.sqlite", record))
    replay.choose(1)
    assert replay.history == replay.states
    assert "This replays a stored game, which takes no moves: move the slider" in replay.text
    assert "You" not in replay.text


def test_a_replay_names_the_players_at_every_move(tmp_path):
    """The players and their stones stand above each move's line, not only at move 0: a replay
    shown at its last move said who played that move, but not who was red."""
    from nimlib.tournament.game import GameRecord

    moves = [Move(1, 4, 0.01), Move(2, 4, 0.01)]
    record = GameRecord("a", "b", moves, 0.0, "a lost: played column 9")
    replay = replay_game(tmp_path / "t.sqlite", stored_game(tmp_path / "t.sqlite", record))
    for step, line in [(1, "Move 1 of 2: a in column 4."), (2, "Move 2 of 2: b in column 4.")]:
        replay.step.value = step
        assert replay.text.startswith(f"a, red (X), against b, yellow (O).\n{line}")
    assert replay.text.endswith("The end: a lost: played column 9.")


@pytest.mark.parametrize(
    "game_id, words",
    [
        (1.0, r"game_id must be a whole number, not 1.0 \(float\)"),
        (True, r"game_id must be a whole number, not True \(bool\)"),
        ("1", r"game_id must be a whole number, not '1' \(str\)"),
        (0, "game_id must be at least 1, not 0"),
        (2, r"holds no finished game 2 \(its finished games are 1 to 1\): give the id of one"),
    ],
)
def test_a_game_id_that_is_no_game_number_is_named(tmp_path, game_id, words):
    """1.0 and True were taken for game 1 without a word."""
    from nimlib.tournament.game import GameRecord

    database = tmp_path / "t.sqlite"
    stored_game(database, GameRecord("a", "b", [Move(1, 4, 0.01)], 0.0, "a lost: it slept"))
    with pytest.raises(ValueError, match=words):
        replay_game(database, game_id)
    assert repr(replay_game(database, numpy.int64(1))) == "a against b, replayed"


def test_a_database_in_a_missing_folder_or_a_folder_is_named(tmp_path):
    """Not "is not a tournament's database: unable to open database file" (sqlite3's words)."""
    missing = tmp_path / "no_such_folder" / "t.sqlite"
    with pytest.raises(ValueError, match=r"^no such folder: '.*no_such_folder': make it, or give"):
        run_tournament(BOTS, missing, rounds=1, judge_calls=0)
    assert not missing.parent.exists()
    with pytest.raises(ValueError, match=r"is a folder: give a file, such as tournament.sqlite"):
        run_tournament(BOTS, tmp_path, rounds=1, judge_calls=0)
    with pytest.raises(ValueError, match=r"is a folder: give a file, such as tournament.sqlite"):
        replay_game(tmp_path, 1)


@pytest.mark.parametrize(
    "bot, words",
    [
        (Bot("typo", "no_such_bot.py"), r"^no such file: 'no_such_bot.py': give the path of a .py"),
        (Bot("ref", "nimlib:Random"), r"^unknown reference bot 'Random': choose one of 'random'"),
    ],
)
def test_a_bot_that_cannot_be_loaded_is_named_before_any_game_is_stored(tmp_path, bot, words):
    """The whole tournament was played with that bot losing every game, and its database then
    refused the corrected bot (other settings): start again elsewhere."""
    database = tmp_path / "t.sqlite"
    with pytest.raises(ValueError, match=words):
        run_tournament([*BOTS, bot], database, rounds=1, judge_calls=0)
    assert not database.exists()


@pytest.mark.parametrize(
    "value, words",
    [
        (3, "move = 3 is too large: at most 2 is allowed"),
        (-1, "move must be at least 0, not -1"),
        (1.5, r"move must be a whole number, not 1.5 \(float\)"),
    ],
)
def test_a_replays_move_slider_set_by_hand_names_a_bad_value(tmp_path, value, words):
    """Not a last move reached unsaid for 3, nor move 1 for 1.5."""
    from nimlib.tournament.game import GameRecord

    moves = [Move(1, 4, 0.01), Move(2, 4, 0.01)]
    record = GameRecord("a", "b", moves, 0.0, "a lost: played column 9")
    replay = replay_game(tmp_path / "t.sqlite", stored_game(tmp_path / "t.sqlite", record))
    with pytest.raises(ValueError, match=words):
        replay.step.value = value
    assert replay.step.value == 2


def test_a_replayed_game_with_no_result_says_it_gave_neither_bot_a_point(tmp_path):
    """A reference bot failed in every play: the replay names it, how it failed and the point
    nobody got, not "perfect lost"."""
    from nimlib.tournament.game import GameRecord
    from nimlib.tournament.runner import REPLAYS

    failure = "took longer than 2 s for a move, and was stopped"
    record = GameRecord("alice", "perfect", [], None, f"perfect lost: {failure}")
    replay = replay_game(tmp_path / "t.sqlite", stored_game(tmp_path / "t.sqlite", record))
    assert replay.text.endswith(
        f"The end: perfect {failure}, in each of {REPLAYS} plays of this game: a reference bot's "
        "failure, which gives neither bot a point."
    )


@pytest.mark.parametrize("result", [7, "'win'", -1])
def test_a_games_result_edited_by_hand_is_named_not_a_key_error(tmp_path, result):
    """A game's result set by hand to what no game ends with (2 for "the second won", a word):
    the results as they stand, and the tournament resumed, stopped with a KeyError from the
    ratings, a raw traceback after every game was played."""
    database = tmp_path / "t.sqlite"
    game = run_tournament(BOTS, database, rounds=1, judge_calls=0).games[0]
    with sqlite3.connect(database) as connection:
        connection.execute(f"UPDATE games SET result = {result} WHERE id = {game.id}")
    connection.close()
    words = f"t.sqlite holds a result of game {game.id} that no game ends with"
    with pytest.raises(ValueError, match=words):
        stored_results(database)
    with pytest.raises(ValueError, match=words):
        run_tournament(BOTS, database, rounds=1, judge_calls=0)
