"""Connect Four against a published solver: positions searched and time on the End-Easy test set.

Run it with:  .venv/bin/python benchmarks/connect_four.py [--methods deepening negamax] [--cases N]

It also times the computer's move in play_connect_four() (``think``, with its default budget of
1 s, wall clock) from the empty board and from positions after 4, 8, ..., 36 stones.

Every one of the 1,000 End-Easy positions (tests/data/connect4, from Pascal Pons' benchmark) is
solved with ``solve(ConnectFour(), state, method=...)``, nimlib's general search, and its score
compared with the benchmark's. A position searched is one call of the search (SearchStats.calls),
counted as the tutorial counts: a position whose player to move wins at once is scored before the
search recurses and costs no call (where the method reads the game's ``win_at_once`` hook).
Positions searched do not depend on the machine; the times do (CPU time of this process, on a
machine shared with other work: expect them to vary by a quarter from run to run).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from time import perf_counter, process_time

from nimlib import METHODS, ConnectFour, SearchStats, solve
from nimlib.widgets.connect_four import SEARCH, think

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "connect4" / "end-easy.txt"

TUTORIAL = {  # mean positions searched per End-Easy case, by the tutorial's solver versions
    "minimax": 11_024,
    "alpha-beta": 283.6,
    "centre-first order": 139.7,
    "transposition table": 92.8,
    "iterative deepening, null windows": 131.6,
    "ordering by threats": 54.9,
    "lower-bound table (final)": 51.3,
}
FINAL = TUTORIAL["lower-bound table (final)"]


def end_easy(limit: int | None = None) -> list[tuple[str, int]]:
    """The End-Easy cases as (moves, score), the first `limit` of them (None: all 1,000)."""
    cases = [(moves, int(score)) for moves, score in (line.split() for line in DATA.read_text().splitlines())]
    return cases[:limit]


def measure(method: str, cases: list[tuple[str, int]]) -> dict:
    """Solve every case with `method`: how many were exact, the positions searched and the CPU seconds."""
    game, exact, calls, seconds = ConnectFour(), 0, 0, 0.0
    for moves, expected in cases:
        stats = SearchStats(track_states=False, max_calls=None, max_seconds=None, max_bytes=None)
        state = game.from_moves(moves)
        start = process_time()
        score = solve(game, state, method=method, stats=stats)
        seconds += process_time() - start
        exact += score == expected
        calls += stats.calls
    return {"method": method, "cases": len(cases), "exact": exact, "calls": calls, "seconds": seconds}


def report(result: dict) -> str:
    """One line of the table: exactness, mean positions against the tutorial, time, positions per second."""
    cases = result["cases"]
    mean = result["calls"] / cases
    return (
        f"| {result['method']} | {result['exact']:,} / {cases:,} | {mean:,.1f} | {mean / FINAL:.2f}x "
        f"| {result['seconds']:.2f} s | {1000 * result['seconds'] / cases:.2f} ms "
        f"| {result['calls'] / result['seconds']:,.0f} |"
    )


def computer_moves(seconds: float = 1.0) -> list[str]:
    """The computer's move from positions early to late: CPU and wall seconds, depth, exact or not."""
    game, lines = ConnectFour(), []
    games = [moves for moves, _ in end_easy(3)]
    for stones in range(0, 37, 4):
        for moves in games:
            state = game.from_moves(moves[:stones])
            cpu, wall = process_time(), perf_counter()
            thought = think(game, state, seconds)
            cpu, wall = process_time() - cpu, perf_counter() - wall
            kind = f"{'exact' if thought.exact else 'estimate'}, {thought.depth} moves ahead"
            lines.append(f"| {stones} | {moves[:stones] or '(empty)'} | {cpu:.2f} s | {wall:.2f} s | {kind} |")
            if stones == 0:
                break
    return lines


def main() -> None:
    """Measure the methods asked for (by default deepening where it exists, and negamax) and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = [name for name in ("deepening", "negamax") if name in METHODS]
    parser.add_argument("--methods", nargs="+", default=default, choices=list(METHODS))
    parser.add_argument("--cases", type=int, default=None, help="only the first N cases (default: all 1,000)")
    arguments = parser.parse_args()
    cases = end_easy(arguments.cases)
    print(f"End-Easy, {len(cases):,} cases; the tutorial's final solver searches {FINAL} positions per case")
    print("Load average of the machine (1, 5, 15 min): {:.1f}, {:.1f}, {:.1f}\n".format(*os.getloadavg()))
    print("| method | exact | mean positions | / tutorial's final | CPU time | per case | positions/s |")
    print("|---|---|---|---|---|---|---|")
    for method in arguments.methods:
        print(report(measure(method, cases)), flush=True)
    print(f"\nThe computer's move (think, 1 s budget, method {SEARCH!r}):\n")
    print("| stones | position | CPU | wall | searched |")
    print("|---|---|---|---|---|")
    print("\n".join(computer_moves()))
    print("\nThe tutorial's means per End-Easy case, by solver version:")
    for version, mean in TUTORIAL.items():
        print(f"- {version}: {mean:,}")


if __name__ == "__main__":
    main()
