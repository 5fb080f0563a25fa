"""How long the explore() widget takes to answer one slider move: search, draw, render the SVG.

Run it with:  .venv/bin/python benchmarks/widget_latency.py  [--repeat N]

For game trees of about 50, 300 and 1,000 nodes it prints the median time of one update of
the widget, as a slider's callback runs it: the score, the best move and the work of the search,
the game tree, its drawing and its SVG by nimlib's pinned renderer. The target is at most
150 ms for a tree of 300 nodes, so that a lecturer can drag a slider while talking. It prints
the CPU time of this process too: on a machine busy with other work, the wall time grows but
the CPU time does not.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from nimlib import SimpleNim, draw_tree, game_tree, tree_size
from nimlib.widgets import Explorer, Position
from nimlib.widgets.exploring import explorer_page

TARGET_SECONDS = 0.150
TARGET_NODES = 300
CASES = [  # (the position, the algorithm): trees of about 50, 300 and 1,000 nodes
    (Position("Simple-Nim", counters=6), "minimax"),
    (Position("Simple-Nim", counters=9), "minimax"),
    (Position("Simple-Nim", counters=11), "minimax"),
    (Position("Fibonacci Nim", counters=6), "minimax"),
    (Position("Fibonacci Nim", counters=9), "minimax"),
    (Position("Fibonacci Nim", counters=11), "minimax"),
]


def median_update_seconds(explorer: Explorer, repeat: int) -> tuple[float, float]:
    """The median wall and CPU times of `repeat` updates of `explorer`, each what a slider's change runs,
    with the widget's memory of recent pages emptied first, so that every update searches and draws."""
    wall, cpu = [], []
    for _ in range(repeat):
        explorer_page.cache_clear()
        start, start_cpu = time.perf_counter(), time.process_time()
        explorer.update()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(wall), statistics.median(cpu)


def main() -> int:
    """Print the median update times for each case, and whether the 300-node tree meets the target."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=9, help="updates timed per case (default 9)")
    args = parser.parse_args()
    draw_tree(game_tree(SimpleNim(), 1)).svg()  # the renderer compiles once, on its first drawing
    print(f"{'position':<24} {'nodes':>6} {'median update':>14} {'(CPU time)':>11}")
    verdicts = []
    for position, algorithm in CASES:
        explorer = Explorer(position, algorithm, show_pruned=True, large=False)
        nodes = tree_size(position.game, position.state)
        wall, cpu = median_update_seconds(explorer, args.repeat)
        name = f"{position.variant} from {position.counters}"
        print(f"{name:<24} {nodes:>6,} {wall * 1000:>11.0f} ms {cpu * 1000:>8.0f} ms")
        if abs(nodes - TARGET_NODES) <= 50:
            verdicts.append(wall <= TARGET_SECONDS)
    verdict = "met" if all(verdicts) else "missed (a busy machine is slower: compare the CPU times)"
    print(f"target: at most {TARGET_SECONDS * 1000:.0f} ms for about {TARGET_NODES} nodes: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
