"""The tournament's SQLite database: every move and every game, stored as it is played.

Each move is its own transaction, and so is each game's result; the database is in WAL mode, so a
tournament stopped by Ctrl-C, a crash or the machine loses at most the game under way. The same
command resumes it: games already played are never played again, and a game that was under way
when it stopped is played again from its first move (its stored moves are dropped first), so
that no game counts twice; and one tournament at a time plays into it (a second is refused
while the first runs). The database also keeps the tournament's settings, so that a resumed
run is the same tournament, and the engine's judgement of the positions it has solved.

Tables: ``settings`` (name, value), ``games`` (id, round, first, second, seed, status:
scheduled, playing or done, result for the first player: 1, 0.5 or 0, or NULL where a reference
bot failed in every play of it, reason), ``moves`` (game, ply, column from 1, seconds),
``positions`` (moves, the engine's budget of calls, score for the player to move, NULL where the
engine did not solve it within the budget).
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from nimlib.tournament.bots import checked_path
from nimlib.tournament.game import DRAW, FIRST_WINS, SECOND_WINS, GameRecord, Move, Rules

SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    round INTEGER NOT NULL,
    first TEXT NOT NULL,
    second TEXT NOT NULL,
    seed INTEGER NOT NULL,
    status TEXT NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'playing', 'done')),
    result REAL,
    reason TEXT,
    UNIQUE (round, first, second, seed)
);
CREATE TABLE IF NOT EXISTS moves (
    game INTEGER NOT NULL REFERENCES games (id),
    ply INTEGER NOT NULL,
    "column" INTEGER NOT NULL,
    seconds REAL NOT NULL,
    PRIMARY KEY (game, ply)
);
CREATE TABLE IF NOT EXISTS positions (
    moves TEXT NOT NULL,
    calls INTEGER NOT NULL,
    score INTEGER,
    PRIMARY KEY (moves, calls)
);
"""
TABLES = ("settings", "games", "moves", "positions")
RESULTS = (FIRST_WINS, DRAW, SECOND_WINS, None)  # a game's result (None: no point)
ADD_MOVE = 'INSERT INTO moves (game, ply, "column", seconds) VALUES (?, ?, ?, ?)'


@dataclass(frozen=True)
class Pairing:
    """A game to play: its round, who moves first, who second, and its seed."""

    round: int
    first: str
    second: str
    seed: int


@dataclass(frozen=True)
class StoredGame:
    """A game as the database holds it: its round, players, seed, status, result and reason."""

    id: int
    round: int
    first: str
    second: str
    seed: int
    status: str
    result: float | None
    reason: str | None

    def sides(self) -> list[tuple[str, str, float]]:
        """Each player of the game, its opponent and its points (1 a win, 1/2 a draw); none if
        the game has no result: not played yet, or a reference bot failed in every play of it."""
        if self.result is None:
            return []
        return [(self.first, self.second, self.result), (self.second, self.first, 1 - self.result)]


class Store:
    """The database at `path` (created if new; an `existing` one only, with the tournament's
    tables, to read a tournament), shared by the threads that play the games; closed by ``close()``
    or at the end of a ``with`` block."""

    def __init__(self, path: str | Path, *, existing: bool = False) -> None:
        """Open the database at `path`, creating it unless `existing`."""
        self.path = checked_path(path, "the database", "tournament.sqlite")
        self.lock = threading.Lock()
        if existing and not self.path.exists():
            raise ValueError(
                f"no such file: {str(path)!r}: give the database a tournament was stored in"
            )
        if self.path.is_dir():
            raise ValueError(f"{str(path)!r} is a folder: give a file, such as tournament.sqlite")
        if not self.path.parent.is_dir():
            raise ValueError(
                f"no such folder: {str(self.path.parent)!r}: make it, or give the database a "
                "path in a folder that exists"
            )
        try:
            self.connection = self.connect(existing)
        except sqlite3.DatabaseError as error:
            error_name = getattr(error, "sqlite_errorname", None) or ""
            if error_name.startswith("SQLITE_READONLY"):
                raise ValueError(
                    f"{str(path)!r} cannot be written ({error}): give a database you may write to"
                ) from None
            if error_name.startswith("SQLITE_CANTOPEN") and not os.access(
                self.path.parent, os.W_OK
            ):
                raise ValueError(
                    f"{str(path)!r} cannot be opened: its folder {str(self.path.parent)!r} may not "
                    "be written to, and SQLite keeps files beside a database as it reads or writes "
                    "it: give a database in a folder you may write to (a copy, for one stored)"
                ) from None
            if error_name.startswith("SQLITE_BUSY"):
                raise ValueError(
                    f"{str(path)!r} is held by another program ({error}): close it there, or wait "
                    "for the command that plays into it to end"
                ) from None
            raise ValueError(f"{str(path)!r} is not a tournament's database: {error}") from None
        self.claim = None if existing else claimed(self.path, self.connection)

    def connect(self, existing: bool) -> sqlite3.Connection:
        """A connection to the database: one made if new, with the tables it lacks; or, `existing`,
        one to a file that has them all (mode=rw never makes a file and, unlike ro, removes WAL's
        files on close). A sqlite3.DatabaseError if the file is not a tournament's database, or
        (not `existing`) is another's database, which the tournament's tables would change."""
        if existing:
            uri = f"{self.path.resolve().as_uri()}?mode=rw"
            connection = sqlite3.connect(uri, uri=True, check_same_thread=False, timeout=30)
        else:
            connection = sqlite3.connect(self.path, check_same_thread=False, timeout=30)
        unlike = unlike_a_tournament(connection, existing)
        if unlike:
            connection.close()
            raise sqlite3.DatabaseError(unlike)
        if not existing:
            with connection:
                connection.execute("PRAGMA journal_mode=WAL")
                connection.executescript(SCHEMA)
                connection.execute("DELETE FROM settings WHERE 0")  # a read-only file fails here
        return connection

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the database, and let another tournament play into it."""
        self.connection.close()
        if self.claim is not None:
            self.claim.close()

    def write(self, statement: str, *rows: tuple) -> None:
        """Run `statement` for each of `rows` in one transaction."""
        with self.lock, self.connection:
            self.connection.executemany(statement, rows)

    def read(self, query: str, *parameters: object) -> list[tuple]:
        """The rows `query` finds."""
        with self.lock:
            return self.connection.execute(query, parameters).fetchall()

    def settings(self) -> dict[str, str]:
        """The tournament's settings stored in the database, each as JSON."""
        return dict(self.read("SELECT name, value FROM settings"))

    def rules(self) -> Rules:
        """The rules the tournament is played by, or a ValueError saying that the database holds
        none that can be read (one edited by hand, or stored by another version of nimlib)."""
        stored = self.settings().get("rules")
        if stored is None:
            raise ValueError(f"{self.path} holds no rules of a tournament")
        try:
            return Rules(**json.loads(stored))
        except (TypeError, ValueError) as error:  # not JSON, not the rules' fields or values
            raise ValueError(f"{self.path} holds rules that cannot be read: {error}") from None

    def keep_settings(self, settings: dict) -> None:
        """Store the tournament's `settings`, or a ValueError if the database holds another's
        whose games have begun to be played. One with none played yet (a run refused before its
        first game ended, a mistyped scheduler say) is started afresh with the new settings."""
        stored = self.settings()
        wanted = {name: json.dumps(value) for name, value in settings.items()}
        if not self.games("done"):
            with self.lock, self.connection:
                for table in ("moves", "games", "settings"):
                    self.connection.execute(f"DELETE FROM {table}")
                self.connection.executemany("INSERT INTO settings VALUES (?, ?)", wanted.items())
            return
        changed = sorted(  # compared as values, not as text: 2 seconds are 2.0 seconds
            name
            for name in wanted.keys() | stored.keys()
            if setting_value(name, wanted.get(name)) != setting_value(name, stored.get(name))
        )
        if changed:
            differences = "; ".join(
                difference(name, stored.get(name), wanted.get(name)) for name in changed
            )
            same = "bots, their files as they were, and options" if "bots" in changed else "options"
            raise ValueError(
                f"{self.path} holds a tournament with other settings ({differences}): resume it "
                f"with the same {same}, or give another database (its results as they stand: "
                "stored_results, or the command's --results)"
            )

    def schedule(self, pairings: list[Pairing]) -> None:
        """Add the games of `pairings` that are not in the database yet."""
        self.write(
            "INSERT OR IGNORE INTO games (round, first, second, seed) VALUES (?, ?, ?, ?)",
            *[(p.round, p.first, p.second, p.seed) for p in pairings],
        )

    def games(self, status: str) -> list[StoredGame]:
        """The games with `status` (scheduled, playing or done), in order of their id."""
        columns = "id, round, first, second, seed, status, result, reason"  # StoredGame's fields
        rows = self.read(f"SELECT {columns} FROM games WHERE status = ? ORDER BY id", status)
        for game_id, *_, result, _ in rows:
            if result not in RESULTS:  # edited by hand: the ratings would stop at a KeyError
                raise ValueError(
                    f"{self.path} holds a result of game {game_id} that no game ends with "
                    f"({result!r}): a game's result is 1, 0.5 or 0 for its first player, or "
                    "empty (NULL) where it gave no point; mend it, or give another database"
                )
        return [StoredGame(*row) for row in rows]

    def rounds(self) -> int:
        """How many rounds are scheduled."""
        return self.read("SELECT COALESCE(MAX(round) + 1, 0) FROM games")[0][0]

    def unplayed(self) -> list[StoredGame]:
        """The games to play: those scheduled, and those that were under way when the tournament
        stopped, whose moves are dropped (they are played again from the start)."""
        with self.lock, self.connection:
            self.connection.execute(
                "DELETE FROM moves WHERE game IN (SELECT id FROM games WHERE status = 'playing')"
            )
            self.connection.execute(
                "UPDATE games SET status = 'scheduled' WHERE status = 'playing'"
            )
        return self.games("scheduled")

    def start(self, game: int) -> None:
        """Mark `game` as under way, from its first move: the moves of a play before are dropped
        (a game a reference bot failed is played again)."""
        with self.lock, self.connection:
            self.connection.execute("DELETE FROM moves WHERE game = ?", (game,))
            self.connection.execute("UPDATE games SET status = 'playing' WHERE id = ?", (game,))

    def add_move(self, game: int, move: Move) -> None:
        """Store one move of `game`, at once."""
        self.write(ADD_MOVE, move_row(game, move))

    def finish(self, game: int, record: GameRecord, with_moves: bool = False) -> None:
        """Store the result of `game` (and its moves, `with_moves`, for a game played elsewhere)."""
        with self.lock, self.connection:
            if with_moves:
                self.connection.execute("DELETE FROM moves WHERE game = ?", (game,))
                self.connection.executemany(
                    ADD_MOVE, [move_row(game, move) for move in record.moves]
                )
            self.connection.execute(
                "UPDATE games SET status = 'done', result = ?, reason = ? WHERE id = ?",
                (record.result, record.reason, game),
            )

    def columns(self, game: int) -> str:
        """The moves of `game`, first to last, as GameRecord.columns gives them ("4453")."""
        rows = self.read('SELECT "column" FROM moves WHERE game = ? ORDER BY ply', game)
        return "".join(str(column) for (column,) in rows)

    def scores(self, calls: int) -> dict[str, int | None]:
        """The engine's score of each position it judged within `calls` calls (None: not
        solved)."""
        return dict(self.read("SELECT moves, score FROM positions WHERE calls = ?", calls))

    def judged_calls(self) -> int:
        """The engine's budget of calls that the stored judgement used (the largest, if several),
        or 0 where no position was judged."""
        return self.read("SELECT MAX(calls) FROM positions")[0][0] or 0

    def add_scores(self, scores: dict[str, int | None], calls: int) -> None:
        """Store the engine's scores of positions, judged within `calls` calls."""
        rows = [(moves, calls, score) for moves, score in scores.items()]
        self.write("INSERT OR REPLACE INTO positions VALUES (?, ?, ?)", *rows)


def move_row(game: int, move: Move) -> tuple[int, int, int, float]:
    """One move of `game` as a row of the moves table, as ADD_MOVE stores it."""
    return (game, move.ply, move.column, move.seconds)


def claimed(path: Path, connection: sqlite3.Connection) -> BinaryIO:
    """The database at `path` opened and locked, so that no other tournament plays into it while
    this one does (two would play the same games and mix their moves), or a ValueError saying it
    is in use; the lock goes with the file's closing, or with the process."""
    claim = open(path, "rb")  # noqa: SIM115 (held until the store closes)
    try:
        fcntl.flock(claim, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        claim.close()
        connection.close()
        raise ValueError(
            f"{str(path)!r} is in use: a tournament is being played into it now (by another "
            "command or notebook): wait until it ends, or give another database"
        ) from None
    except OSError:  # a file system without locks (some network shares): played unguarded
        pass
    return claim


def unlike_a_tournament(connection: sqlite3.Connection, existing: bool) -> str:
    """What in the database of `connection` a tournament's would not hold, in words ("" for
    nothing): tables of another program (a new tournament's file: its tables would change
    another's database), a table of the tournament's missing (an `existing` one's), or the
    columns (table.column) that the tournament's tables there lack: made by another program, or
    edited by hand (a new tournament's table not there at all is left to SCHEMA to make)."""
    tables = tables_of(connection)
    others = sorted(tables - set(TABLES))
    missing = sorted(set(TABLES) - tables)
    if others and not existing:
        return f"it holds other tables ({', '.join(others)}): give a new file"
    if missing and existing:
        return f"it has no table {', '.join(missing)}"
    lacking = []
    for table, columns in TABLE_COLUMNS.items():
        there = table_columns(connection, table)
        lacking += [f"{table}.{column}" for column in sorted(columns - there) if there]
    return f"its tables lack the columns {', '.join(lacking)}" if lacking else ""


def table_columns(connection: sqlite3.Connection, table: str) -> set[str]:
    """The names of the columns of `table` in the database of `connection` (none if no table)."""
    return {row[1] for row in connection.execute(f'PRAGMA table_info("{table}")')}


def schema_columns() -> dict[str, set[str]]:
    """The columns of each of the tournament's tables, as SCHEMA makes them."""
    with contextlib.closing(sqlite3.connect(":memory:")) as made:
        made.executescript(SCHEMA)
        return {table: table_columns(made, table) for table in TABLES}


# each table's columns: those of a database are checked against them
TABLE_COLUMNS = schema_columns()


def tables_of(connection: sqlite3.Connection) -> set[str]:
    """The names of the tables in the database of `connection`, not SQLite's own."""
    rows = connection.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite!_%' "
        "ESCAPE '!'"
    )
    return {name for (name,) in rows}


def setting_value(name: str, text: str | None) -> object:
    """The setting `name` stored as JSON, as the value a resumed tournament must match (None for
    one not stored; the text itself for one that is not JSON, edited by hand): the bots as each
    one's name and its file's digest, not its path, which differs when the same folder is reached
    from another folder."""
    try:
        value = None if text is None else json.loads(text)
    except ValueError:
        return text
    if name == "bots" and isinstance(value, list):
        return {bot[0]: bot[-1] for bot in value}  # each bot's [name, source, digest]
    return value


def difference(name: str, stored: str | None, wanted: str | None) -> str:
    """How a setting stored in a database (JSON) differs from the one asked for, in words:
    "rules: seconds 0.2 stored, 0.5 asked", "bots: new late_bot"."""
    there, now = setting_value(name, stored), setting_value(name, wanted)
    if name == "bots" and isinstance(there, dict) and isinstance(now, dict):
        changes = [f"new {bot}" for bot in sorted(now.keys() - there.keys())]
        changes += [f"missing {bot}" for bot in sorted(there.keys() - now.keys())]
        changes += [
            f"{bot}'s file changed since its games were played"
            for bot in sorted(there.keys() & now.keys())
            if there[bot] != now[bot]
        ]
        return f"bots: {', '.join(changes)}"
    if isinstance(there, dict) and isinstance(now, dict):
        keys = sorted(key for key in there.keys() | now.keys() if there.get(key) != now.get(key))
        return f"{name}: " + ", ".join(
            f"{key} {there.get(key)} stored, {now.get(key)} asked" for key in keys
        )
    return f"{name}: {there} stored, {now} asked"
