"""The method "deepening" against alpha-beta with a table: calls and time, for solve and best_move.

Run it with:  .venv/bin/python benchmarks/deepening.py  [--repeat 3]

Calls are counted as every method counts them (one visit of a position, the root included) and
do not depend on the machine; the times are the median CPU seconds of `repeat` fresh runs, noisy
on a shared machine. The issue's targets: on the empty tic-tac-toe board deepening makes at most
1.5 times alphabeta_table's calls, and on TicTacToe(size=4, in_a_row=3) no more than it does.
"""

from __future__ import annotations

import argparse
import statistics
from time import process_time

from nimlib import Nim, SearchStats, TicTacToe, best_move, solve

POSITIONS = {
    "tic-tac-toe, empty board": (TicTacToe(), "........."),
    "4x4, three in a row, empty": (TicTacToe(size=4, in_a_row=3), "." * 16),
    "Nim (1, ..., 7)": (Nim(), (1, 2, 3, 4, 5, 6, 7)),
}
METHODS = ("alphabeta_table", "deepening")
ASKS = {
    "solve": lambda game, state, method, stats: solve(game, state, True, method, stats),
    "best_move": lambda game, state, method, stats: best_move(game, state, method, stats),
}


def measured(ask, game, state, method: str, repeat: int) -> tuple[int, float]:
    """The calls of one search, and its median CPU seconds over `repeat` fresh runs."""
    times, calls = [], 0
    for _ in range(repeat):
        stats = SearchStats(track_states=False, max_calls=None, max_seconds=None)
        started = process_time()
        ask(game, state, method, stats)
        times.append(process_time() - started)
        calls = stats.calls
    return calls, statistics.median(times)


def main() -> None:
    """Print one line per position and question: each method's calls and time, and the ratio of
    calls."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    print(
        f"{'position':28} {'ask':9} "
        + " ".join(f"{m + ' calls':>22} {'s':>6}" for m in METHODS)
        + "  ratio"
    )
    for name, (game, state) in POSITIONS.items():
        for ask_name, ask in ASKS.items():
            results = [measured(ask, game, state, method, repeat) for method in METHODS]
            cells = " ".join(f"{calls:>22,} {seconds:>6.2f}" for calls, seconds in results)
            print(f"{name:28} {ask_name:9} {cells}  {results[1][0] / results[0][0]:.2f}")


if __name__ == "__main__":
    main()
