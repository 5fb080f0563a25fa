"""Running a tournament: games on every core by default, or on a Dask cluster, all stored.

``run_tournament`` pairs a round (schedule.py), plays its games and stores each move and result
(store.py), then pairs the next round, until the rounds are played; then the engine judges the
moves and the leaderboard is worked out (ratings.py). Stopped at any point, it resumes with the
same call. A game a reference bot loses by failing (its clock, on a busy machine) is played
again, in a tournament as on the ladder (``replayed``); failing in every play, it gives neither
bot a point.

Locally, a thread per core plays one game at a time: the bots think in their own processes (the
threads only pass observations and moves, and store them), so the games of n threads use n cores.
Given a Dask scheduler's address, the games are played by the cluster's workers instead (each
receives the bots' code, so the workers need no shared folder); each game's moves are stored when
its result comes back. Dask's ``distributed`` is imported only then.
"""

from __future__ import annotations

import inspect
import json
import os
import tempfile
import threading
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from time import perf_counter
from typing import NamedTuple

from nimlib.games.printer import plural, shown, shown_typed, wrapped
from nimlib.games.values import checked_choice, checked_function, near_miss, whole_number
from nimlib.tournament.bots import (
    LADDER,
    SHORTEST_SECONDS,
    Agent,
    Bot,
    as_bot,
    file_digest,
    reference,
)
from nimlib.tournament.game import (
    GameRecord,
    Rules,
    checked_rules,
    failure_of,
    move_of,
    on_its_moves,
    play_game,
)
from nimlib.tournament.player import BotFailed, stop_all
from nimlib.tournament.ratings import JUDGE_CALLS, Standing, crosstable, kept_results, standings
from nimlib.tournament.schedule import SCHEDULES, pair_round
from nimlib.tournament.store import Store, StoredGame

# games done, games to do, what was just done ("round 2: alice v bob", "judged: alice v bob")
Progress = Callable[[int, int, str], None]

MAX_ROUNDS = 100  # a class plays 2 to 10: a few hundred would run for days
MAX_WORKERS = 256  # games played at once on this machine, each by two processes
MAX_JUDGE_CALLS = 1_000_000  # the engine's calls per position judged: 3,000 by default
MAX_LADDER_GAMES = 100  # games against each reference bot: 4 by default
REPLAYS = 3  # plays of a ladder game whose reference bot fails (its clock, on a busy machine)


@dataclass
class Results:
    """A tournament's results: the leaderboard, the crosstable, the games, and the moves the
    engine judged."""

    standings: list[Standing]
    crosstable: dict[tuple[str, str], tuple[float, int]]
    games: list[StoredGame]
    judged: int  # moves judged by the engine, of all the moves played
    moves: int
    rounds: int  # the rounds played: more than asked where the database held more
    unplayed: int = 0  # games scheduled and not played yet (stored_results of a stopped one)


def instead_of_a_bot(bots: object) -> str:
    """What to give for the first item of the list `bots` that is not a Bot, where it is a
    reference bot's name or an agent function ("" for anything else)."""
    items = bots if isinstance(bots, (list, tuple)) else []
    other = next((bot for bot in items if not isinstance(bot, Bot)), None)
    if isinstance(other, str) and other in LADDER:
        return f": for the reference bot {other!r}, give reference({other!r})"
    if inspect.isfunction(other):
        name = other.__name__
        return f": for the function {name}, give bot_from_function({name}, folder), its bot's file"
    return ""


def run_tournament(
    bots: list[Bot],
    database: str | Path,
    rules: Rules | None = None,
    *,
    schedule: str = "round robin",
    rounds: int = 2,
    seed: int = 0,
    workers: int | None = None,
    scheduler: str | None = None,
    judge_calls: int = JUDGE_CALLS,
    progress: Progress | None = None,
) -> Results:
    """Play (or resume) the tournament stored in `database` between `bots`, and its results.

    `rounds`: a round robin's rounds (each pair plays once a round, colours swapped each round),
    or the rounds of a Swiss or sampled schedule; a finished tournament called again with more
    rounds plays the rounds it lacks (every other setting must stay the same), and one that holds
    more rounds than `rounds` plays none: its results are those of all its rounds (Results.rounds
    says how many). `workers`: games played at once on this machine (default: one per core).
    `scheduler`: a Dask scheduler's address, to play on its cluster. `judge_calls`: the engine's
    budget of calls per position judged (0: judge none). A game a reference bot loses by failing
    is played again, up to REPLAYS plays; failing in each, it is stored with no result (None),
    which gives neither bot a point.
    """
    rules = checked_rules(rules)
    checked_choice(schedule, SCHEDULES, "schedule")
    rounds = whole_number(rounds, "rounds", smallest=1, largest=MAX_ROUNDS)
    seed = whole_number(seed, "seed", smallest=-(2**63), largest=None)  # as an int: JSON stores it
    workers = checked_workers(workers)
    scheduler = checked_scheduler(scheduler)
    judge_calls = whole_number(judge_calls, "judge_calls", smallest=0, largest=MAX_JUDGE_CALLS)
    progress = checked_progress(progress)
    if not isinstance(bots, (list, tuple)) or not all(isinstance(bot, Bot) for bot in bots):
        raise TypeError(
            f"bots must be a list of Bots, such as bots_in(folder) or ladder() gives, not "
            f"{shown(bots)}{instead_of_a_bot(bots)}"
        )
    names = [bot.name for bot in bots]
    if len(names) < 2:
        raise ValueError(
            f"a tournament needs two bots or more, not {names}: add bots' files, or the ladder "
            "(ladder(); in the command, leave out --no-ladder)"
        )
    alike = sorted({name for name in names if names.count(name) > 1})
    if alike:
        raise ValueError(
            f"bots share the {'name' if len(alike) == 1 else 'names'} "
            f"{', '.join(map(repr, alike))}: each bot needs a name of its "
            f"own (a bot's file named as a reference bot ({', '.join(LADDER)}) needs another "
            "name while the ladder plays)"
        )
    for bot in bots:  # a file not there, a reference bot misspelt: named before any game
        as_bot(bot, ".")
    checked_clock(rules, bots, ", or play without them (no ladder(); in the command, --no-ladder)")
    with Store(database) as store:
        store.keep_settings(
            {
                "rules": asdict(rules),
                "bots": sorted([bot.name, bot.source, file_digest(bot)] for bot in bots),
                "schedule": schedule,
                "seed": seed,
            }
        )
        by_name = {bot.name: bot for bot in bots}
        while (unplayed := store.unplayed()) or store.rounds() < rounds:
            if unplayed:
                # said at once, not when the first game ends
                progress(0, len(unplayed), f"round {unplayed[0].round + 1}: games under way")
                play = play_on_cluster if scheduler else play_here
                play(store, unplayed, by_name, rules, workers or scheduler, progress)
            else:  # every scheduled game played: the next round
                pairings = pair_round(schedule, names, store.rounds(), store.games("done"), seed)
                store.schedule(pairings)
        return results(store, names, rules, judge_calls, progress)


def stored_results(database: str | Path, judge_calls: int | None = None) -> Results:
    """The results of the tournament in `database` as they stand, playing no game and reading no
    bot's file: a file changed since its games were played (which run_tournament refuses) does
    not hide them. The moves are judged as they were when it was played (None), or within
    `judge_calls` calls (the positions not judged so within them are judged and stored)."""
    with Store(database, existing=True) as store:
        if judge_calls is None:
            judge_calls = store.judged_calls()
        judge_calls = whole_number(judge_calls, "judge_calls", smallest=0, largest=MAX_JUDGE_CALLS)
        settings = store.settings()
        if not store.games("done") or "bots" not in settings:
            raise ValueError(f"{database} holds no game played yet: there are no results to show")
        names = [name for name, _, _ in json.loads(settings["bots"])]
        return results(store, names, store.rules(), judge_calls, checked_progress(None))


def beaten_by(games: int) -> str:
    """What beating a reference bot takes in `games` games: "more than 2 points in 4 games"."""
    half = games / 2
    return f"more than {half:g} {'point' if half == 1 else 'points'} in {plural(games, 'game')}"


@dataclass
class LadderGrade:
    """A bot graded by the ladder: its points against each reference bot, over `games` games
    each (half with each colour); a point per reference bot it beat (more than half the points),
    and, for each reference bot, how the bot failed in a game it lost by failing (if it did), and
    how the reference bot failed where it failed in every play of a game (which gives the bot no
    point); or, where no game was played (no bot's file could be made of an agent function), why."""

    bot: str
    games: int
    scores: dict[str, float]
    failures: dict[str, str] = field(default_factory=dict)
    unplayed: str = ""  # why no game was played: "" where the games were played
    reference_failures: dict[str, str] = field(default_factory=dict)

    @property
    def beaten(self) -> list[str]:
        """The reference bots it scored more than half the points against."""
        return [name for name, points in self.scores.items() if points > self.games / 2]

    @property
    def points(self) -> int:
        """One per reference bot beaten."""
        return len(self.beaten)

    def __bool__(self) -> bool:
        """Whether every reference bot was beaten, as the mark says: ``assert check_ladder(bot)``
        stops at a bot that beat fewer."""
        return self.points == len(self.scores)

    def __repr__(self) -> str:
        total = len(self.scores)
        lines = wrapped(
            f"{'✔' if self else '✘'} {self.bot}: {self.points} of {total} "
            f"points, one per reference bot beaten ({beaten_by(self.games)}; a win 1, a draw "
            "1/2):",
            rest="  ",
        )
        for rung, score in self.scores.items():
            verdict = "beaten" if rung in self.beaten else "not beaten"
            lines.append(f"  - {rung}: {score:g} of {self.games}, {verdict}")
        return "\n".join(lines + self.failure_lines())

    def failure_lines(self) -> list[str]:
        """How the bot failed in the games it lost by failing, each kind of failure once with the
        reference bots it met so, and how a reference bot failed in every play of a game, or why
        no game was played, as indented lines of at most WIDTH characters."""
        if self.unplayed:
            return wrapped(f"no game was played, because {self.unplayed}", "  ", "    ")
        lines = []
        kinds = {rung: move_of(failure) for rung, failure in self.failures.items()}
        for kind in dict.fromkeys(kind for _, kind in kinds.values()):  # alike on other moves too
            rungs = [rung for rung, (_, other) in kinds.items() if other == kind]
            moves = on_its_moves([kinds[rung][0] for rung in rungs])
            said = f"lost games as the bot failed ({', '.join(rungs)}): {moves}{kind}"
            lines += wrapped(said, "  ", "    ")
        for rung, reason in self.reference_failures.items():
            said = (
                f"{rung} failed in each of {REPLAYS} plays of a game ({reason}), which gives this "
                "bot no point: grade again on a machine less busy, or with more seconds a move"
            )
            lines += wrapped(said, "  ", "    ")
        return lines


def grade_on_ladder(
    bot: Bot | str | Path | Agent,
    games: int = 4,
    rules: Rules | None = None,
    rungs: tuple[str, ...] = LADDER,
    workers: int | None = None,
    progress: Progress | None = None,
) -> LadderGrade:
    """Grade `bot` by the ladder: `games` games against each reference bot of `rungs`, the
    colours alternating, game i seeded with i (the same bot gets the same grade), on every
    core. A bot that fails (an exception, a wrong column, past the time) loses that game. A game
    a reference bot loses by failing (past the time, on a busy machine) is played again, up to
    REPLAYS plays; failing in each, it gives the bot no point, and the grade says so. `bot` is a
    Bot, the path of a bot's file, or an agent function (saved to a bot's file for the grade, as
    check_ladder saves it). The move's time must be SHORTEST_SECONDS or more. `progress` is told
    of each game played: (games done, games in all, "v" and the last one's reference bot)."""
    games = whole_number(games, "games", smallest=1, largest=MAX_LADDER_GAMES)
    rules = checked_rules(rules)
    workers = checked_workers(workers)
    rungs = checked_rungs(rungs)
    progress = checked_progress(progress)
    checked_clock(rules, [reference(rung) for rung in rungs])
    with tempfile.TemporaryDirectory() as folder:  # an agent function's file, while it plays
        bot = as_bot(bot, folder)

        def play(rung: str, index: int) -> tuple[str, float, str, str | None]:
            return rung, *ladder_game(bot, rung, index, rules)

        grade = LadderGrade(bot.name, games, dict.fromkeys(rungs, 0.0))
        with threads(workers) as pool:
            played = pool.map(
                play,
                [rung for rung in rungs for _ in range(games)],
                [index for _ in rungs for index in range(games)],
            )
            for done, (rung, score, reason, reference_failure) in enumerate(played, start=1):
                progress(done, games * len(rungs), f"v {rung}")
                grade.scores[rung] += score
                failure = failure_of(reason, bot.name)
                if failure is not None:
                    grade.failures.setdefault(rung, failure)
                if reference_failure is not None:
                    grade.reference_failures.setdefault(rung, reference_failure)
    return grade


def ladder_game(bot: Bot, rung: str, index: int, rules: Rules) -> tuple[float, str, str | None]:
    """`bot`'s points in game `index` against the reference bot `rung` (first in an even game),
    the game's reason, and how the reference bot failed where it lost by failing in each of
    REPLAYS plays (the game then gives no point), else None."""
    first, second = (bot, reference(rung)) if index % 2 == 0 else (reference(rung), bot)
    record = replayed(lambda: play_game(first, second, rules, seed=index), [rung])
    if record.result is None:
        return 0.0, record.reason, failure_of(record.reason, rung)
    return (record.result if index % 2 == 0 else 1 - record.result), record.reason, None


def replayed(play: Callable[[], GameRecord], references: list[str]) -> GameRecord:
    """The game `play()` plays, played again while one of the reference bots named `references`
    loses it by failing (its clock, on a busy machine), up to REPLAYS plays; where one fails in
    every play, the last play's record with no result (None): the game gives neither bot a
    point."""
    for _ in range(REPLAYS):
        record = play()
        if all(failure_of(record.reason, name) is None for name in references):
            return record
    record.result = None
    return record


def reference_names(players: Iterable[Bot]) -> list[str]:
    """The names of the reference bots among `players`, whose failures replayed plays again."""
    return [bot.name for bot in players if bot.is_reference]


def checked_clock(rules: Rules, bots: list[Bot], instead: str = "") -> None:
    """A ValueError if reference bots are among `bots` and a move's time of `rules` is shorter
    than they keep on a busy machine (SHORTEST_SECONDS), naming `instead`, what else to do."""
    if rules.seconds < SHORTEST_SECONDS and any(bot.is_reference for bot in bots):
        raise ValueError(
            f"seconds = {rules.seconds:g} is too short for nimlib's reference bots: they need "
            f"{SHORTEST_SECONDS:g} s a move or more to answer in time on a busy machine (their "
            "search looks at its clock only every so many calls, and a busy machine wakes a bot "
            "late), else they fail games on time, each played again and, failed in every play, "
            f"worth no point to either bot: give {SHORTEST_SECONDS:g} or more{instead}"
        )


def checked_rungs(rungs: object) -> tuple[str, ...]:
    """`rungs` as a tuple of reference bots' names, if it is a list or tuple of one or more of
    LADDER's names, each once; else an error naming what was given."""
    example = "('random', 'one_ply')"
    if not isinstance(rungs, (list, tuple)) or not all(isinstance(r, str) for r in rungs):
        raise TypeError(
            f"rungs must be a tuple of reference bots' names, such as {example}, not {shown(rungs)}"
        )
    unknown = [rung for rung in rungs if rung not in LADDER]
    if unknown or not rungs or len(set(rungs)) != len(rungs):
        said = f"unknown {shown(unknown[0])}" if unknown else "none" if not rungs else "repeated"
        meant = near_miss(unknown[0], LADDER) if unknown else ""
        raise ValueError(
            f"rungs must be one or more of the reference bots, each once ({said}): choose from "
            f"{', '.join(LADDER)}{meant}"
        )
    return tuple(rungs)


def checked_workers(workers: object) -> int | None:
    """`workers` as a number of games played at once (None: one per core), or a ValueError
    naming it."""
    if workers is None:
        return None
    return whole_number(workers, "workers", smallest=1, largest=MAX_WORKERS)


def checked_scheduler(scheduler: object) -> str | None:
    """`scheduler`, a Dask scheduler's address such as 'tcp://10.0.0.5:8786' (None: play on this
    machine), or a ValueError naming what was given."""
    if scheduler is None or (isinstance(scheduler, str) and scheduler.strip()):
        return scheduler
    raise ValueError(
        "scheduler must be a Dask scheduler's address such as 'tcp://10.0.0.5:8786', or None to "
        f"play on this machine, not {shown_typed(scheduler)}"
    )


def checked_progress(progress: object) -> Progress:
    """`progress`, if it is a function of (done, total, what) (None: one told nothing), else a
    TypeError naming it, before any game: the progress of run_tournament and grade_on_ladder."""
    checked_function(
        progress, "progress", "lambda done, games, what: print(done, what)", 3, optional=True
    )
    return progress or (lambda done, games, what: None)


def threads(workers: int | None) -> ThreadPoolExecutor:
    """A pool of `workers` threads to play games on this machine (default: one per core)."""
    return ThreadPoolExecutor(workers or os.cpu_count() or 1)


class LoadTrial(NamedTuple):
    """A bot's file loaded once before a tournament: how it failed (None: it loaded), and the
    seconds it took."""

    failure: str | None
    seconds: float


def load_trials(bots: list[Bot], rules: Rules, workers: int | None = None) -> dict[str, LoadTrial]:
    """Each of `bots` loaded once under `rules`, in a process of its own, `workers` at a time
    (default: one per core): before a tournament, so that its players hear of a file that cannot
    be loaded, or is slow to, before its first game, while it can still be fixed."""
    rules = checked_rules(rules)

    def load_trial(bot: Bot) -> LoadTrial:
        with rules.bot_process(bot) as process:
            start = perf_counter()
            try:
                process.load()
            except BotFailed as error:
                return LoadTrial(str(error), perf_counter() - start)
            return LoadTrial(None, perf_counter() - start)

    with threads(workers) as pool:
        trials = [pool.submit(load_trial, bot) for bot in bots]
        try:
            return {bot.name: trial.result() for bot, trial in zip(bots, trials, strict=True)}
        except BaseException:  # Ctrl-C above all: no bot loaded after it, those loading stopped
            pool.shutdown(wait=False, cancel_futures=True)
            stop_all()
            raise


def play_and_store(
    store: Store, game: StoredGame, bots: dict[str, Bot], rules: Rules, stopping: threading.Event
) -> StoredGame:
    """Play `game` (again where a reference bot fails: replayed), storing each move as it is
    played, and its result unless the tournament is being stopped (the game is then played again
    when it resumes)."""
    players = (bots[game.first], bots[game.second])

    def on_move(move: object) -> None:
        store.add_move(game.id, move)

    def play() -> GameRecord:
        if stopping.is_set():  # no play begun: a record with no failure, never stored
            return GameRecord(game.first, game.second)
        store.start(game.id)
        return play_game(*players, rules, game.seed, on_move)

    record = replayed(play, reference_names(players))
    if not stopping.is_set():
        store.finish(game.id, record)
    return game


def play_here(
    store: Store,
    games: list[StoredGame],
    bots: dict[str, Bot],
    rules: Rules,
    workers: int | None,
    progress: Progress,
) -> None:
    """Play `games` on this machine, `workers` at a time (default: one per core)."""
    stopping = threading.Event()
    with threads(workers) as pool:
        futures = [pool.submit(play_and_store, store, g, bots, rules, stopping) for g in games]
        try:
            for done, future in enumerate(as_completed(futures), start=1):
                game = future.result()
                progress(done, len(games), played_words(game))
        except BaseException:  # Ctrl-C above all: stop every bot, store no half-played game
            stopping.set()
            for future in futures:
                future.cancel()
            stop_all()
            raise


def play_on_cluster(
    store: Store,
    games: list[StoredGame],
    bots: dict[str, Bot],
    rules: Rules,
    address: str,
    progress: Progress,
) -> None:
    """Play `games` on the Dask cluster whose scheduler is at `address`."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ImportError(
            "a tournament on a cluster needs Dask's distributed package: pip install distributed"
        ) from None
    code = {name: shipped(bot) for name, bot in bots.items()}
    try:
        client = Client(address)
    except (ValueError, OSError) as error:  # a mistyped address, or no scheduler there
        raise ValueError(f"scheduler {address!r} cannot be reached: {error}") from None
    with client:
        futures = {
            client.submit(play_shipped, code[g.first], code[g.second], rules, g.seed, pure=False): g
            for g in games
        }
        for done, future in enumerate(as_completed(futures), start=1):
            game = futures[future]
            store.finish(game.id, future.result(), with_moves=True)
            progress(done, len(games), played_words(game))


def shipped(bot: Bot) -> tuple[str, str, str | None]:
    """What a cluster's worker needs to play `bot`: its name, its source and its file's code."""
    return bot.name, bot.source, None if bot.is_reference else Path(bot.source).read_text()


def play_shipped(
    first: tuple[str, str, str | None], second: tuple[str, str, str | None], rules: Rules, seed: int
) -> GameRecord:
    """A game on a cluster's worker: the bots' files written to a fresh folder, then played
    (again where a reference bot fails: replayed)."""
    with tempfile.TemporaryDirectory() as folder:
        players = []
        for name, source, code in (first, second):
            if code is not None:
                source = str(Path(folder) / f"{name}.py")
                Path(source).write_text(code)
            players.append(Bot(name, source))
        return replayed(lambda: play_game(*players, rules, seed), reference_names(players))


def played_words(game: StoredGame) -> str:
    """What the progress says of a game just played: "round 2: alice v bob"."""
    return f"round {game.round + 1}: {game.first} v {game.second}"


def results(
    store: Store, names: list[str], rules: Rules, judge_calls: int, progress: Progress
) -> Results:
    """The leaderboard, crosstable and judged moves of the games stored in `store`; the engine's
    scores of each game are stored as soon as it is judged, and `progress` told."""
    games = store.games("done")
    played = [(game, store.columns(game.id)) for game in games]
    kept: dict[str, tuple[int, int]] = {}
    if judge_calls:
        scores = store.scores(judge_calls)
        known = set(scores)

        def store_judged(done: int, game: StoredGame) -> None:
            new = scores.keys() - known
            store.add_scores({moves: scores[moves] for moves in new}, judge_calls)
            known.update(new)
            progress(done, len(played), f"judged: {game.first} v {game.second}")

        kept = kept_results(rules.game, played, scores, judge_calls, store_judged)
    judged = sum(count for _, count in kept.values())
    moves = sum(len(moves) for _, moves in played)
    return Results(
        standings(names, games, kept),
        crosstable(names, games),
        games,
        judged,
        moves,
        store.rounds(),
        len(store.games("scheduled")) + len(store.games("playing")),
    )
