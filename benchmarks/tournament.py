"""The class tournament's targets (issue 48), measured side by side, with the machine's load.

    .venv/bin/python benchmarks/tournament.py            # about 3 minutes on 2 cores
    .venv/bin/python benchmarks/tournament.py --quick    # about 1 minute: fewer games and rounds

1. Games per second on one and on two workers (threads, each driving one game's two bot
   processes): a round robin of fast reference bots, no judging. Target: two workers at least
   1.8 times as fast as one. With it, the cores the machine kept busy: a game's two bots load
   at the same time, so one worker already keeps more than one core busy, and on two cores the
   two workers cannot be twice as fast.
2. The process boundary's cost per move: a bot that answers at once (its own time is a few
   microseconds), timed by the parent from sending the observation to receiving the column.
   Target: at most 5 ms.
3. A simulated class of 100 bots of known strength: alpha-beta looking 2 moves ahead, with a
   handicap of i% random moves (i = 0 to 99), so that the true order is the handicap's. A Swiss
   tournament, round after round until the rank correlation (Spearman's) of the ratings' order
   with the true order reaches 0.9 (at most 40 rounds), and the games it took. Target: 0.9.
4. A bot that hangs: the wall time of its games against the move's time limit. Target: at most
   the limit per game (plus the processes' start).

The load average is printed before and after: the machine is shared, and a busy machine lowers
the two-worker figure most.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from nimlib.tournament import Bot, Rules, play_game, reference, run_tournament

INSTANT = "def agent(observation, configuration):\n    return observation.board.index(0) % 7\n"
HANGS = "def agent(observation, configuration):\n    while True:\n        pass\n"


def load() -> str:
    """The load averages over 1, 5 and 15 minutes."""
    return ", ".join(f"{value:.2f}" for value in os.getloadavg())


def machine_cpu_seconds() -> float | None:
    """CPU seconds used so far by every process of the machine (Linux's /proc/stat; None
    elsewhere): the bots' processes are not this process's children, so its own clock misses
    them."""
    try:
        with open("/proc/stat") as stat:
            ticks = [int(field) for field in stat.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")  # not idle, not iowait


def games_per_second(folder: Path, rounds: int) -> dict[int, tuple[float, float | None]]:
    """Games per second of the same round robin on 1 and on 2 workers, each with the cores the
    machine kept busy on average meanwhile (None where that cannot be read)."""
    bots = [reference(name) for name in ("random", "one_ply", "mcts_100", "alphabeta_2")]
    bots += [reference("alphabeta_2", 0.2), reference("one_ply", 0.5)]
    rates = {}
    for workers in (1, 2):
        start, cpu = time.perf_counter(), machine_cpu_seconds()
        results = run_tournament(
            bots,
            folder / f"speed_{workers}.sqlite",
            Rules(seconds=2),
            rounds=rounds,
            workers=workers,
            judge_calls=0,
        )
        seconds, now = time.perf_counter() - start, machine_cpu_seconds()
        busy = None if cpu is None or now is None else (now - cpu) / seconds
        rates[workers] = (len(results.games) / seconds, busy)
    return rates


def boundary_cost(folder: Path, games: int) -> tuple[float, float, int]:
    """The mean and the 95th percentile of the parent's seconds per move of a bot that answers at
    once, and the moves measured."""
    (folder / "instant.py").write_text(INSTANT)
    instant = Bot("instant", str(folder / "instant.py"))
    seconds = []
    for seed in range(games):
        record = play_game(instant, reference("random"), Rules(seconds=2), seed=seed)
        seconds += [move.seconds for move in record.moves[::2]]  # the instant bot's moves
    return statistics.mean(seconds), statistics.quantiles(seconds, n=20)[-1], len(seconds)


def spearman(order: list[str], truth: list[str]) -> float:
    """Spearman's rank correlation of two orders of the same names (no ties)."""
    place = {name: index for index, name in enumerate(truth)}
    n = len(order)
    squares = sum((index - place[name]) ** 2 for index, name in enumerate(order))
    return 1 - 6 * squares / (n * (n * n - 1))


def simulated_class(folder: Path, most_rounds: int) -> list[tuple[int, int, float]]:
    """(round, games so far, rank correlation) after each round of a Swiss tournament of 100
    handicapped bots, until the correlation reaches 0.9 or `most_rounds` are played. The bots
    are named in a shuffled order, so that no tie is broken by a name that gives the truth."""
    labels = random.Random(0).sample(range(100), 100)
    bots = [
        Bot(f"bot{label:02d}", reference("alphabeta_2", share / 100).source)
        for share, label in zip(range(100), labels, strict=True)
    ]
    truth = [bot.name for bot in bots]  # strongest first: the fewest random moves
    rows = []
    for played in range(1, most_rounds + 1):
        results = run_tournament(
            bots,
            folder / "class.sqlite",
            Rules(seconds=2),
            schedule="swiss",
            rounds=played,
            judge_calls=0,
        )
        order = [line.name for line in results.standings]
        rows.append((played, len(results.games), spearman(order, truth)))
        print(
            f"    round {played:>2}: {len(results.games):>5} games, rank correlation "
            f"{rows[-1][2]:.3f}",
            flush=True,
        )
        if rows[-1][2] >= 0.9:
            break
    return rows


def hang_cost(folder: Path, limit: float, games: int) -> list[float]:
    """The wall time of each game of a bot that hangs (moving first, then second)."""
    (folder / "hangs.py").write_text(HANGS)
    hangs, times = Bot("hangs", str(folder / "hangs.py")), []
    for seed in range(games):
        pair = (hangs, reference("random")) if seed % 2 == 0 else (reference("random"), hangs)
        start = time.perf_counter()
        play_game(*pair, Rules(seconds=limit), seed=seed)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and rounds")
    quick = parser.parse_args().quick
    print(f"load average before: {load()} (2 cores here: {os.cpu_count()} CPUs seen)")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        rates = games_per_second(folder, rounds=2 if quick else 4)
        (one, one_busy), (two, two_busy) = rates[1], rates[2]
        print(
            f"1. games per second: 1 worker {one:.2f}, 2 workers {two:.2f}: "
            f"{two / one:.2f}x (target: at least 1.8x)"
        )
        if one_busy is not None and two_busy is not None:
            print(
                f"   cores busy on average: {one_busy:.2f} with 1 worker (a game's two bots "
                f"load at once), {two_busy:.2f} with 2: {os.cpu_count()} cores leave room for "
                f"about {os.cpu_count() / one_busy:.2f}x"
            )
        mean, high, moves = boundary_cost(folder, games=5 if quick else 20)
        print(
            f"2. the process boundary per move: mean {mean * 1000:.2f} ms, 95th percentile "
            f"{high * 1000:.2f} ms, over {moves} moves of a bot that answers at once "
            "(target: at most 5 ms)"
        )
        print(
            "3. a simulated class of 100 bots (alpha-beta, depth 2, with 0% to 99% random "
            "moves), Swiss rounds:"
        )
        rows = simulated_class(folder, most_rounds=8 if quick else 40)
        reached = next((row for row in rows if row[2] >= 0.9), None)
        where = f"after round {reached[0]} ({reached[1]} games)" if reached else "not reached"
        print(
            f"   rank correlation at least 0.9: {where}; at the end {rows[-1][2]:.3f} "
            f"({rows[-1][1]} games)"
        )
        limit = 1.0
        times = hang_cost(folder, limit, games=4)
        print(
            f"4. a bot that hangs, {limit:g} s a move: its games took "
            f"{', '.join(f'{t:.2f}' for t in times)} s (target: at most the limit per game)"
        )
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
