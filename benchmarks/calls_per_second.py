"""Calls per second of the common path: the book's searches and the engine, on mid-size Nim.

Run it with:  .venv/bin/python benchmarks/calls_per_second.py  [--repeat 7]

Each search runs `repeat` times from scratch (a fresh memo, fresh counters), and the line shows
the best and the median of its calls per CPU second (CPU time: steadier than the wall clock on a
shared machine, though still noisy). Compare two nimlibs by putting the older one first on
PYTHONPATH for a second run.
"""

from __future__ import annotations

import argparse
import statistics
from time import process_time

from nimlib import Nim, SearchStats, alphabeta, memoized_minimax, negamax
from nimlib.engine.deepening import deepening

CASES = {
    "memoized_minimax(Nim(), (3, 4, 5, 6))": lambda stats: memoized_minimax(
        Nim(), (3, 4, 5, 6), stats=stats
    ),
    "alphabeta(Nim(), (2, 3, 4, 5))": lambda stats: alphabeta(Nim(), (2, 3, 4, 5), stats=stats),
    "negamax(Nim(), (3, 4, 5, 6, 7))": lambda stats: negamax(Nim(), (3, 4, 5, 6, 7), stats=stats),
    "deepening(Nim(), (1, 2, 3, 4, 5, 6, 7))": lambda stats: deepening(
        Nim(), (1, 2, 3, 4, 5, 6, 7), stats=stats
    ),
}


def calls_per_second(search, repeat: int) -> list[float]:
    """Calls per CPU second of `repeat` runs of `search`, each with fresh counters."""
    rates = []
    for _ in range(repeat):
        stats = SearchStats(track_states=False, max_calls=None, max_seconds=None)
        started = process_time()
        search(stats)
        rates.append(stats.calls / (process_time() - started))
    return rates


def main() -> None:
    """Print the calls per second of every case."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    repeat = parser.parse_args().repeat
    for name, search in CASES.items():
        rates = calls_per_second(search, repeat)
        print(
            f"{name:42} best {max(rates):>10,.0f}  median {statistics.median(rates):>10,.0f} calls/s"
        )


if __name__ == "__main__":
    main()
