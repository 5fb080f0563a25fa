"""``python -m nimlib tournament BOTS_DIR``: a tournament from the command line, with a progress
bar, and at the end the leaderboard, how each bot that lost by failing failed, and how a
reference bot failed where it failed in every play of a game (which gave neither bot a point).
Before the first game it names the bots that cannot be loaded; ``--results`` prints a stored
tournament's results as they stand, playing nothing."""

from __future__ import annotations

import argparse
import inspect
import shutil
import sqlite3
import sys
import unicodedata
from collections.abc import Callable, Iterable

from nimlib.games.printer import paragraph, plural, wrapped
from nimlib.games.values import whole_number
from nimlib.tournament.bots import LADDER, SHORTEST_SECONDS, Bot, bots_in, ladder, skipped_note
from nimlib.tournament.game import Rules, failure_of, move_of, on_its_moves
from nimlib.tournament.runner import (
    MAX_LADDER_GAMES,
    REPLAYS,
    Progress,
    Results,
    beaten_by,
    checked_clock,
    checked_workers,
    grade_on_ladder,
    load_trials,
    run_tournament,
    stored_results,
)
from nimlib.tournament.schedule import SCHEDULES
from nimlib.tournament.store import Store, StoredGame

BAR = 30  # characters of the progress bar
# unicodedata.east_asian_width's wide and full-width characters: two columns of a terminal each
DOUBLE_WIDTH = ("W", "F")
# a bot whose file takes this long to load is named before the first game: each game loads it anew
SLOW_LOAD_SECONDS = 1.0
SWISS_FROM = 40  # players from whom a round robin's games, 780 a round, call for a Swiss schedule
# The command's options, by the names nimlib's functions give the settings they refuse
OPTIONS = {
    "columns": "--columns",
    "rows": "--rows",
    "seconds": "--seconds",
    "memory_mb (MB)": "--memory",
    "load_seconds": "--load-seconds",
    "rounds": "--rounds",
    "workers": "--workers",
    "judge_calls": "--judge-calls",
    "seed": "--seed",
    "scheduler": "--scheduler",
}
# the options that set the rules of the games (left out: None, Rules' default), by their Rules name
RULE_OPTIONS = {
    "columns": "columns",
    "rows": "rows",
    "seconds": "seconds",
    "memory": "memory_mb",
    "load_seconds": "load_seconds",
}
RUN_TOURNAMENT = inspect.signature(run_tournament).parameters
TOURNAMENT_ONLY = {  # the options of a tournament that --grade has no use for, and their defaults
    "database": "tournament.sqlite",
    "no_ladder": False,
} | {  # run_tournament's own defaults, given here as they are there
    name: RUN_TOURNAMENT[name].default
    for name in ("rounds", "schedule", "seed", "scheduler", "judge_calls")
}


def number(text: str) -> int | float:
    """An option's number: a whole one as an int, so that a refusal echoes "-1" as -1, not
    -1.0."""
    try:
        return int(text)
    except ValueError:
        return float(text)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The tournament command's options."""
    parser.add_argument(
        "bots_dir",
        metavar="BOTS_DIR",
        nargs="?",
        help="a folder of bots' .py files (those of its sub-folders are not taken); not needed "
        "with --results",
    )
    parser.add_argument(
        "--database",
        help="the SQLite file that keeps every game; the same file resumes it "
        f"(default: {TOURNAMENT_ONLY['database']})",
    )
    parser.add_argument(
        "--seconds",
        type=number,
        help=f"seconds a move may take, {SHORTEST_SECONDS:g} or more where the reference bots play "
        f"(default: {Rules.seconds:g})",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        help="rounds: a round robin's pairs play once a round, colours swapped "
        f"(default: {TOURNAMENT_ONLY['rounds']})",
    )
    parser.add_argument(
        "--schedule",
        choices=SCHEDULES,
        help="who plays whom: every pair (round robin), bots of equal points (swiss) or random "
        f"pairs (sampled), the last two n/2 games a round (default: {TOURNAMENT_ONLY['schedule']})",
    )
    parser.add_argument(
        "--columns", type=int, help=f"the board's columns (default: {Rules.columns})"
    )
    parser.add_argument("--rows", type=int, help=f"the board's rows (default: {Rules.rows})")
    parser.add_argument(
        "--memory",
        type=int,
        help=f"MB of memory a bot's process may use (default: {Rules.memory_mb})",
    )
    parser.add_argument(
        "--load-seconds",
        type=number,
        help=f"seconds a bot's file may take to load (default: {Rules.load_seconds:g})",
    )
    parser.add_argument(
        "--no-ladder", action="store_true", default=None, help="leave out nimlib's reference bots"
    )
    parser.add_argument(
        "--workers", type=int, default=None, help="games played at once (default: one per core)"
    )
    parser.add_argument(
        "--scheduler",
        default=None,
        help="a Dask scheduler's address (tcp://host:8786): play on its cluster",
    )
    parser.add_argument(
        "--judge-calls",
        type=int,
        help="the engine's calls to judge a position; 0: no judging "
        f"(default: {TOURNAMENT_ONLY['judge_calls']:,})",
    )
    parser.add_argument(
        "--seed", type=int, help=f"the seed of the games (default: {TOURNAMENT_ONLY['seed']})"
    )
    parser.add_argument(
        "--results",
        action="store_true",
        help="print the results of the tournament in --database as they stand, and play no game "
        "(no bot's file is read: one changed since its games does not hide them)",
    )
    parser.add_argument(
        "--grade",
        type=int,
        metavar="GAMES",
        default=None,
        help="grade each bot by the ladder instead: GAMES games against each reference bot, a "
        "point per reference bot beaten (the assignment 'write a bot')",
    )


def tournament(arguments: argparse.Namespace) -> int:
    """Run the tournament the `arguments` describe; the exit status."""
    if arguments.results:
        return stored(arguments)
    if arguments.bots_dir is None:
        return refused("give BOTS_DIR, the folder of the bots' .py files")
    if arguments.grade is not None:
        return grades(arguments)
    options = {  # each of the tournament's own options as given, or its default
        name: default if getattr(arguments, name) is None else getattr(arguments, name)
        for name, default in TOURNAMENT_ONLY.items()
    }
    database = options["database"]
    try:
        rules = rules_of(arguments)
        students = bots_in(arguments.bots_dir)
        bots = students + ([] if options["no_ladder"] else ladder())
        played = played_before(database)
        first_line = plan(len(bots), options, played)

        def check_files() -> None:  # a resumed tournament's files are as they were, and were told
            if not played:
                say_skipped(arguments.bots_dir)
                if say_load_trouble(students, rules, arguments.workers):
                    play_anyway()

        results = run_tournament(
            bots,
            database,
            rules,
            schedule=options["schedule"],
            rounds=options["rounds"],
            seed=options["seed"],
            workers=arguments.workers,
            scheduler=options["scheduler"],
            judge_calls=options["judge_calls"],
            progress=bar_under(first_line, check_files),
        )
    except NotStarted:
        print("Not started: fix the files named above, then run the same command.", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        stopped = f"Stopped. Every finished game is in {database}: run the same command to resume."
        print("\n" + paragraph(stopped), file=sys.stderr)
        return 130
    except (ValueError, ImportError, OSError) as error:
        return refused(str(error))
    except sqlite3.Error as error:  # the disk full, or the file held by another program
        return refused(
            f"could not write to {database} ({error}); every game finished before is kept in it: "
            "make room on the disk, or close the program that holds the file, and run the same "
            "command to resume"
        )
    print(file=sys.stderr)
    if results.rounds > options["rounds"]:
        more = (
            f"{database} holds {plural(results.rounds, 'round')}, more than the "
            f"{options['rounds']} asked: these are the results of all {results.rounds} (a new "
            f"--database plays {plural(options['rounds'], 'round')})."
        )
        print(paragraph(more))
    print(leaderboard(results))
    print(failures(results.games))
    return 0


def stored(arguments: argparse.Namespace) -> int:
    """Print the leaderboard of the tournament in --database as it stands, and how bots failed;
    the exit status."""
    playing = [*TOURNAMENT_ONLY, *RULE_OPTIONS, "workers", "grade", "bots_dir"]
    for name in playing:  # but a database to read, judged within judge_calls
        if name not in ("database", "judge_calls") and getattr(arguments, name) is not None:
            option = "BOTS_DIR" if name == "bots_dir" else f"--{name.replace('_', '-')}"
            return refused(
                "--results prints the tournament stored in --database and plays no game: "
                f"{option} has no use with it"
            )
    database = arguments.database or TOURNAMENT_ONLY["database"]
    try:
        results = stored_results(database, arguments.judge_calls)
    except (ValueError, OSError) as error:
        return refused(str(error))
    if results.unplayed:
        not_finished = (
            f"Not finished: {plural(len(results.games), 'game')} played, "
            f"{results.unplayed:,} still to play in the rounds begun, and any rounds not begun "
            "(the tournament's command, with its BOTS_DIR and --rounds, plays them). The results "
            "so far:"
        )
        print(paragraph(not_finished))
    print(leaderboard(results))
    print(failures(results.games))
    return 0


class NotStarted(Exception):
    """The lecturer chose to fix the bots that cannot be loaded before the first game."""


def say_load_trouble(bots: list[Bot], rules: Rules, workers: int | None) -> bool:
    """Say on stderr, before any game, which of `bots` cannot be loaded, and how each fails, and
    which are slow to load; whether any cannot."""
    print(f"Loading the files of {plural(len(bots), 'bot')}...", file=sys.stderr, flush=True)
    trials = load_trials(bots, rules, workers)
    failed = {name: trial.failure for name, trial in trials.items() if trial.failure}
    slow = {
        name: trial.seconds
        for name, trial in trials.items()
        if not trial.failure and trial.seconds >= SLOW_LOAD_SECONDS
    }
    lines = []
    if slow:  # a game loads its bots anew: each of their games waits as long
        lines += wrapped(
            "Bots slow to load, whose every game waits that long for its file, since each game "
            "loads it anew (large imports, or tables built as it loads: a set-up moved into the "
            "first move costs each game as much, and counts against the move's time):"
        )
        for name, seconds in slow.items():
            lines += wrapped(f"{name}: {seconds:.1f} s", "  ", "    ")
    if failed:
        lines += wrapped(
            "Bots that cannot be loaded, each of which loses every game against a bot that can "
            "(once its games are played, a file changed needs a new --database):"
        )
        for name, how in failed.items():
            lines += wrapped(f"{name}: {how}", "  ", "    ")
    if lines:
        print("\n".join(lines), file=sys.stderr)
    return bool(failed)


def play_anyway() -> None:
    """Ask, at a terminal, whether to play with bots that cannot be loaded; NotStarted if not
    (before any game, so that a file fixed is taken as it is then). Without a terminal to ask
    at (a script, a scheduled job), play."""
    if not (sys.stdin.isatty() and sys.stderr.isatty()):
        return
    print("Play anyway, each of them losing its games? [y/N] ", end="", file=sys.stderr)
    try:
        answer = input()
    except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C: no
        print(file=sys.stderr)
        answer = ""
    if answer.strip().lower() not in ("y", "yes"):
        raise NotStarted


def grades(arguments: argparse.Namespace) -> int:
    """Grade each bot of the folder by the ladder, and print a table of points, each bot's row
    followed by how it failed where it lost by failing; the exit status."""
    for name in TOURNAMENT_ONLY:
        if getattr(arguments, name) is not None:
            return refused(
                "--grade plays GAMES games against each reference bot on this machine and keeps "
                f"no tournament: --{name.replace('_', '-')} has no use with it"
            )
    try:
        games = whole_number(arguments.grade, "--grade GAMES", smallest=1, largest=MAX_LADDER_GAMES)
        rules = rules_of(arguments)
        checked_clock(rules, ladder())  # before the table's first line
        checked_workers(arguments.workers)
        bots = bots_in(arguments.bots_dir)
        say_skipped(arguments.bots_dir)
        rungs = ", ".join(f"{number}={rung}" for number, rung in enumerate(LADDER, start=1))
        print(paragraph(f"Each numbered column: the bot's points against {rungs}."))
        # as wide as the widest score ("9.5" of 10 games) and rung number, and a space
        column = max(len(f"{games - 0.5:g}"), len(str(len(LADDER)))) + 1
        numbers = "".join(f"{number:>{column}}" for number in range(1, len(LADDER) + 1))
        width = name_width(bot.name for bot in bots)
        print(f"{'bot':{width}} {'points':>6} {numbers}")
        for number, bot in enumerate(bots, start=1):
            grading = f"grading {bot.name} ({number} of {len(bots)})"
            end = "" if sys.stderr.isatty() else "\n"  # in a terminal, the bar follows it
            print(f"{grading}...", end=end, file=sys.stderr, flush=True)
            progress = bar_saying(grading)
            grade = grade_on_ladder(bot, games, rules, workers=arguments.workers, progress=progress)
            clear_bar()
            scores = "".join(f"{grade.scores[rung]:>{column}g}" for rung in LADDER)
            print(f"{padded(bot.name, width)} {grade.points:>6} {scores}", flush=True)
            for line in grade.failure_lines():
                print(line, flush=True)
    except KeyboardInterrupt:
        print("\nStopped: the grades printed above are the bots graded so far.", file=sys.stderr)
        return 130
    except (ValueError, OSError) as error:
        return refused(str(error))
    print(f"points: one per reference bot beaten ({beaten_by(games)}).")
    return 0


def say_skipped(folder: str) -> None:
    """Say on stderr which sub-folders of the bots' `folder` hold files not taken, once every
    option was taken (none refused after it)."""
    note = skipped_note(folder)
    if note:
        print(paragraph(note), file=sys.stderr)


def plan(players: int, options: dict, played: int = 0) -> str:
    """What the tournament of `players` bots plays, by the command's `options`, in a line, with
    the games `played` before it was stopped if it resumes; and, for many players in a round
    robin, how many fewer games a Swiss schedule plays."""
    schedule, rounds = options["schedule"], options["rounds"]
    pairs = players * (players - 1) // 2
    a_round = pairs if schedule == "round robin" else players // 2
    line = f"{plural(players, 'player')}, {plural(rounds, 'round')} ({schedule}): "
    line += f"{plural(a_round * rounds, 'game')} in all."
    if played and played >= a_round * rounds:
        line += f" Every game was played before, and is kept in {options['database']}."
    elif played:
        line += (
            f" Resumed: {plural(played, 'game')} played before, kept in {options['database']}; "
            "the bar counts the games left in each round."
        )
    if schedule == "round robin" and players >= SWISS_FROM:
        line += (
            f" A round robin's games grow as the square of its players ({pairs:,} a round "
            f"here): --schedule swiss plays {players // 2} a round, and in 11 rounds ranked a "
            "simulated class of 100 bots with a rank correlation of 0.9 to their true order "
            "(benchmarks/README.md)."
        )
    return paragraph(line)


def played_before(database: str) -> int:
    """The games finished in the tournament `database` holds: 0 where there is none yet (or the
    file is not a tournament's, which the tournament itself then refuses by name)."""
    try:
        store = Store(database, existing=True)
    except ValueError:
        return 0
    with store:
        return len(store.games("done"))


def refused(message: str) -> int:
    """Say on stderr why the command does nothing (more), naming an option as the command's user
    gives it (not as nimlib's functions name the setting), and give its exit status, 2."""
    for setting, option in OPTIONS.items():
        if message.startswith(f"{setting} "):
            said = message[len(setting) :]  # " must be ...", " = 99 is too large ..."
            message = option + (" " + said[3:] if said.startswith(" = ") else said)
            break
    print(f"python -m nimlib tournament: {message}", file=sys.stderr)
    return 2


def rules_of(arguments: argparse.Namespace) -> Rules:
    """The rules of every game the command plays, from its options, each left out Rules' default
    (a ValueError naming a bad one)."""
    given = {rule: getattr(arguments, name) for name, rule in RULE_OPTIONS.items()}
    return Rules(**{rule: value for rule, value in given.items() if value is not None})


def bar_under(first: str, before: Callable[[], None]) -> Progress:
    """progress_bar, with the line `first` printed above it once, after `before` has run, when
    the first games start (or the judging, if none is left to play): after every option was
    taken, none refused."""
    waiting = [first]

    def progress(done: int, total: int, what: str) -> None:
        while waiting:
            before()
            print(waiting.pop(), file=sys.stderr)
        progress_bar(done, total, what)

    return progress


def progress_bar(done: int, total: int, what: str) -> None:
    """One line, redrawn after every game played or judged: a bar, the games done, the last.
    Where nothing is redrawn (a log file, as under nohup), a line of its own at each tenth of the
    games instead."""
    filled = BAR * done // total
    line = f"[{'#' * filled}{'.' * (BAR - filled)}] {done}/{total} {what}"
    if not sys.stderr.isatty():
        if done == total or 10 * done // total > 10 * (done - 1) // total:
            print(line, file=sys.stderr, flush=True)
        return
    width = shutil.get_terminal_size().columns - 1  # a line that wraps is not redrawn, but repeated
    print("\r" + fitted(line, width), end="", file=sys.stderr)


def bar_saying(words: str) -> Progress:
    """progress_bar, its last game named after `words`: "grading alice (1 of 3) v random"."""
    return lambda done, total, what: progress_bar(done, total, f"{words} {what}")


def clear_bar() -> None:
    """Rub out progress_bar's line, so that what is printed next starts a clean line (in a
    terminal: elsewhere its lines stay)."""
    if not sys.stderr.isatty():
        return
    width = shutil.get_terminal_size().columns - 1
    print("\r" + " " * width + "\r", end="", file=sys.stderr, flush=True)


def name_width(names: Iterable[str]) -> int:
    """The width of a table's column of bots' names, in a terminal's columns: 24, or the widest
    name's, never cut (two bots may share their first 24 characters)."""
    return max([24, *map(display_width, names)])


def display_width(text: str) -> int:
    """The columns `text` takes in a terminal: two for a wide character (an emoji, a CJK letter),
    none for a combining mark (an accent written after its letter), one for any other."""
    return sum(
        0
        if unicodedata.combining(char)
        else 1 + (unicodedata.east_asian_width(char) in DOUBLE_WIDTH)
        for char in text
    )


def padded(text: str, width: int) -> str:
    """`text` and spaces after it, to fill `width` columns of a terminal (as ljust fills
    characters)."""
    return text + " " * (width - display_width(text))


def fitted(text: str, width: int) -> str:
    """`text` cut to `width` columns of a terminal, and spaces after it to fill them (a bot named
    in wide characters takes two columns a character)."""
    kept, used = "", 0
    for char in text:
        used += display_width(char)
        if used > width:
            break
        kept += char
    return padded(kept, width)


def leaderboard(results: Results) -> str:
    """The leaderboard as a table of text, and what the engine judged."""
    width = name_width(line.name for line in results.standings)
    lines = [f"{'':>3} {'bot':{width}} {'rating (95%)':>20} {'games':>5} {'W-D-L':>9} {'kept':>5}"]
    for rank, line in enumerate(results.standings, start=1):
        low, high = line.interval
        mu, low = (round(number, 1) + 0.0 for number in (line.mu, low))  # never "-0.0"
        rating = f"{mu:5.1f} ({low:5.1f}, {high:5.1f})"
        record = f"{line.wins}-{line.draws}-{line.losses}"
        kept = "-" if line.kept_share is None else f"{line.kept_share:.0%}"
        lines.append(
            f"{rank:>3} {padded(line.name, width)} {rating:>20} {line.games:>5} {record:>9} "
            f"{kept:>5}"
        )
    lines += wrapped(
        "rating: openskill's estimate of a bot's skill (every bot starts at 25), with the range "
        "it lies in with 95% belief: bots whose ranges overlap are not told apart by these games."
    )
    if results.judged:
        kept = (
            f"kept: the share of a bot's moves that keep the result perfect play would keep, of "
            f"the {plural(results.judged, 'move')} (of {results.moves:,}) the engine solved."
        )
    elif results.unplayed:  # a stopped tournament, whose moves are judged at its end
        kept = "kept: not judged yet: the moves are judged once every game is played."
    else:  # --judge-calls 0, no position within it, or stopped between two rounds
        kept = (
            f"kept: not judged: the engine solved none of the {plural(results.moves, 'move')} "
            "within its budget of calls (--judge-calls), or the tournament stopped before its "
            "end, where they are judged."
        )
    return "\n".join(lines + wrapped(kept))


def failures(games: list[StoredGame]) -> str:
    """How each bot that lost games by failing failed, each kind of failure once, with how many
    games it lost so (nothing to say: the words "No bot lost a game by failing."), then, likewise,
    how reference bots failed in the games they failed in every play, which gave no point."""
    lost = failure_lines([game for game in games if game.result is not None])
    no_point = failure_lines([game for game in games if game.result is None])
    lines = ["No bot lost a game by failing."]
    if lost:
        lines = ["Games lost by failing, and in how many (a draw where both bots failed):", *lost]
    if no_point:
        lines += wrapped(
            f"Games that gave neither bot a point, as a reference bot failed in each of {REPLAYS} "
            "plays (a busy machine? a new --database with more --seconds or fewer --workers plays "
            "the tournament again):"
        )
        lines += no_point
    return "\n".join(lines)


def failure_lines(games: list[StoredGame]) -> list[str]:
    """For each bot that failed in `games`, each kind of its failures once with how many games,
    as indented lines."""
    failed: dict[str, dict[str, list[int | None]]] = {}
    for game in games:
        for name in (game.first, game.second):
            failure = failure_of(game.reason, name)
            if failure is not None:  # failures alike on different moves: one kind
                move, kind = move_of(failure)
                failed.setdefault(name, {}).setdefault(kind, []).append(move)
    lines = []
    for name, kinds in sorted(failed.items()):
        for kind, moves in sorted(kinds.items(), key=lambda item: -len(item[1])):
            said = f"{name}: {on_its_moves(moves)}{kind} ({plural(len(moves), 'game')})"
            lines += wrapped(said, "  ", "    ")
    return lines
