"""Connect Four against a published solver: positions searched and time on Pons' five test sets.

Run it with:  .venv/bin/python benchmarks/connect_four.py [--sets End-Easy ...] [--write]

Every position of each set (notebooks/data, from Pons' benchmark; Begin-Medium a fixed
sample of every 50th, 20 positions, as each takes seconds) is solved with
``solve(ConnectFour(), state, method=...)``, nimlib's general search, and its score compared with
the set's. A position searched is one call of the search (SearchStats.calls), counted as the
tutorial counts: a position whose player to move wins at once is scored before the search
recurses and costs no call. Printed per set: the mean positions per case beside the tutorial's
published mean for its final solver, and beside the mean of that solver on the same cases
(notebooks/data/pons-counts.txt: its count for every position), their ratio, the worst ratio of
a single position (among those Pons' solver needs at least 50 positions for), the position that
took most, CPU seconds and positions per second. ``--write`` puts the table into
benchmarks/README.md (between its markers).

``--moves`` times the computer's move from positions early to late; ``--clock`` plays the
computer of notebook 11 (``think``, 1 s of wall clock) from every position of End-Easy and
Middle-Easy that the player to move wins, and counts the moves that throw the win away (each
checked by an exact search). Positions searched do not depend on the machine;
the times do (CPU time of this process, on a machine shared with other work).
"""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path
from time import perf_counter, process_time

from nimlib import METHODS, ConnectFour, SearchStats, solve
from nimlib.widgets.connect_four import SEARCH, think

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "notebooks" / "data"
README = ROOT / "benchmarks" / "README.md"
SETS = ("End-Easy", "Middle-Easy", "Middle-Medium", "Begin-Easy", "Begin-Medium")
SAMPLED = {"Begin-Medium": 50}  # every 50th position: 20 of the 1,000
PUBLISHED = {  # the tutorial's mean positions per case, by solver version, on the five sets
    "alpha-beta": (283.6, 54_236_700, 453_614_000, None, None),
    "centre-first order": (139.7, 2_081_790, 40_396_700, None, None),
    "transposition table": (92.84, 207_900, 1_731_000, 156_400_000, 306_100_000),
    "iterative deepening, null windows": (131.6, 9_472, 1_699_000, 236_700, 183_600_000),
    "anticipate losing moves": (70.71, 4_135, 1_135_000, 107_400, 110_800_000),
    "better move ordering (threats)": (54.93, 517.2, 48_290, 3_692, 1_449_000),
    "lower-bound transposition table (final)": (51.28, 449.6, 39_900, 3_298, 1_201_000),
}
FINAL = dict(zip(SETS, PUBLISHED["lower-bound transposition table (final)"], strict=True))
PONS_COUNTS = DATA / "pons-counts.txt"  # Pons' final solver, position by position (README there)
FEW = 50  # positions whose ratio can be large by chance: Pons' solver needs fewer than 50
START = "<!-- connect-four-sets: written by benchmarks/connect_four.py -->"
END = "<!-- end connect-four-sets -->"


def cases(name: str, limit: int | None = None) -> list[tuple[str, int]]:
    """The cases of the set `name` as (moves, score): all, or its fixed sample; the first
    `limit`."""
    words = (DATA / f"{name.lower()}.txt").read_text().split()
    found = list(zip(words[::2], map(int, words[1::2]), strict=True))
    return found[:: SAMPLED.get(name, 1)][:limit]


def pons_counts() -> dict[str, int]:
    """The positions Pons' final solver searches, by the moves of each case of the five sets."""
    words = PONS_COUNTS.read_text().split()
    return dict(zip(words[1::3], map(int, words[2::3]), strict=True))


def end_easy(limit: int | None = None) -> list[tuple[str, int]]:
    """The End-Easy cases as (moves, score), the first `limit` of them (None: all 1,000)."""
    return cases("End-Easy", limit)


def measure(method: str, cases: list[tuple[str, int]]) -> dict:
    """Solve every case with `method`: how many were exact, the positions searched (and Pons'
    solver's), the case that took most, the worst ratio to Pons' solver, and the CPU time."""
    game, exact, calls, seconds, worst = ConnectFour(), 0, 0, 0.0, (0, "")
    pons, theirs, ratio = pons_counts(), 0, (0.0, "")
    for moves, expected in cases:
        stats = SearchStats(track_states=False, max_calls=None, max_seconds=None, max_bytes=None)
        state = game.from_moves(moves)
        start = process_time()
        score = solve(game, state, method=method, stats=stats)
        seconds += process_time() - start
        exact += score == expected
        calls += stats.calls
        worst = max(worst, (stats.calls, moves))
        theirs += pons[moves]
        if pons[moves] >= FEW:
            ratio = max(ratio, (stats.calls / pons[moves], moves))
    counted = {"exact": exact, "calls": calls, "seconds": seconds, "worst": worst}
    counted |= {"pons": theirs, "ratio": ratio}
    return {"method": method, "cases": len(cases), **counted}


def report(result: dict, name: str = "End-Easy") -> str:
    """One line of the table: the set, exactness, mean positions against the tutorial's final
    solver (its published mean, and its mean on the same cases), the worst ratio of a position,
    the position that took most, time and positions per second."""
    cases, published = result["cases"], FINAL[name]
    mean, pons = result["calls"] / cases, result["pons"] / cases
    (most, moves), (ratio, worst) = result["worst"], result["ratio"]
    return (
        f"| {name} | {result['method']} | {result['exact']:,} / {cases:,} | {mean:,.1f} "
        f"| {published:,} | {pons:,.1f} | {mean / pons:.2f}x | {ratio:.2f}x ({worst}) "
        f"| {most:,} ({moves}) | {result['seconds']:.1f} s "
        f"| {result['calls'] / max(result['seconds'], 1e-9):,.0f} |"
    )


HEADER = (
    "| set | method | exact | mean positions | tutorial's final (published) | Pons' final, "
    "same cases | ratio | worst position's ratio | most positions | CPU time | positions/s |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
)


def computer_keeps_wins(names: tuple = ("End-Easy", "Middle-Easy"), seconds: float = 1.0) -> list:
    """Lines saying, per set, from how many won positions the computer's move threw the win away."""
    game, lines = ConnectFour(), []
    for name in names:
        won = [moves for moves, score in cases(name) if score > 0]
        thrown, inexact, slowest = [], 0, 0.0
        for moves in won:
            wall = perf_counter()
            thought = think(game, game.from_moves(moves), seconds)
            slowest = max(slowest, perf_counter() - wall)
            inexact += not thought.exact
            if solve(game, thought.new_state, method=SEARCH) >= 0:  # the opponent is not lost
                thrown.append(moves)
        lines.append(
            f"- {name}: {len(won):,} won positions, the win thrown away from {len(thrown)} "
            f"{thrown[:5]}; the move was an estimate in {inexact:,}; slowest move {slowest:.2f} s "
            "of wall clock"
        )
    return lines


def computer_moves(seconds: float = 1.0) -> list[str]:
    """The computer's move from positions early to late: CPU and wall seconds, depth, exact or
    not."""
    game, lines = ConnectFour(), ["| stones | position | CPU | wall | searched |", "|---" * 5 + "|"]
    games = [moves for moves, _ in end_easy(3)]
    for stones in range(0, 37, 4):
        for moves in games[: 1 if stones == 0 else 3]:
            state = game.from_moves(moves[:stones])
            cpu, wall = process_time(), perf_counter()
            thought = think(game, state, seconds)
            cpu, wall = process_time() - cpu, perf_counter() - wall
            kind = f"{'exact' if thought.exact else 'estimate'}, {thought.depth} moves ahead"
            lines.append(
                f"| {stones} | {moves[:stones] or '(empty)'} | {cpu:.2f} s | {wall:.2f} s | {kind} |"
            )
    return lines


def written(table: list[str]) -> None:
    """Put `table` into benchmarks/README.md between its markers."""
    text = README.read_text()
    block = "\n".join([START, *table, END])
    pattern = re.compile(re.escape(START) + ".*?" + re.escape(END), re.DOTALL)
    found = pattern.search(text)
    README.write_text(pattern.sub(lambda _: block, text) if found else f"{text}\n{block}\n")


def main() -> None:
    """Measure the sets and methods asked for (by default all five, deepening); print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="+", default=list(SETS), choices=SETS)
    parser.add_argument("--methods", nargs="+", default=["deepening"], choices=list(METHODS))
    parser.add_argument("--cases", type=int, default=None, help="the first N cases of each set")
    parser.add_argument("--write", action="store_true", help="the table into benchmarks/README.md")
    parser.add_argument("--clock", action="store_true", help="check the computer keeps every win")
    parser.add_argument("--moves", action="store_true", help="time the computer's move")
    arguments = parser.parse_args()
    print(
        "Load average of the machine (1, 5, 15 min): {:.1f}, {:.1f}, {:.1f}\n".format(
            *os.getloadavg()
        )
    )
    table = list(HEADER)
    print("\n".join(table), flush=True)
    for name in arguments.sets:
        for method in arguments.methods:
            table.append(report(measure(method, cases(name, arguments.cases)), name))
            print(table[-1], flush=True)
    if arguments.write:
        written(table)
    print(
        "\nThe tutorial's means per case, by solver version (End-Easy, Middle-Easy, Middle-Medium, ...):"
    )
    for version, means in PUBLISHED.items():
        print(
            f"- {version}: " + ", ".join("N/A" if mean is None else f"{mean:,}" for mean in means)
        )
    if arguments.moves:
        print(f"\nThe computer's move (think, 1 s budget, method {SEARCH!r}):\n")
        print("\n".join(computer_moves()), flush=True)
    if arguments.clock:
        print("\nThe computer's move (think, 1 s of wall clock) from every won position:")
        print("\n".join(computer_keeps_wins()), flush=True)


if __name__ == "__main__":
    main()
