"""How the work of nimlib's searches grows: with the counters of Simple-Nim, with the piles of Nim.

Run it with:  .venv/bin/python benchmarks/scaling.py  [--quick] [--no-figures] [--time-figure FILE]

It prints a table of calls and times, and saves two figures of the CALL COUNTS, which are the
same on every machine (the times are not, so they are only printed, or drawn with
--time-figure into a file of your choice that is not committed):

- notebooks/images/scaling_simple_nim.svg: Simple-Nim (takes 1-3, misère) from 1 to 1,000,000
  counters; plain minimax while its tree has at most 2 million nodes, memoized minimax until
  Python's recursion limit stops it, the iterative search all the way;
- notebooks/images/scaling_nim.svg: misère Nim with 1, 2, 3, ... piles of 3 counters; each method
  until it needs more than 1 million calls.

Every stopping point is decided by call counts or by the recursion limit, never by a clock,
so the figures come out the same byte for byte.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import nimlib
from nimlib import Nim, SearchBudgetExceeded, SearchStats, SearchTooDeep, SimpleNim, tree_size

IMAGES = Path(__file__).resolve().parent.parent / "notebooks" / "images"
PLAIN_MAX_NODES = 2_000_000  # plain minimax on Simple-Nim only while its tree is at most this big
NIM_MAX_CALLS = 1_000_000  # each method on Nim until it needs more calls than this
PILE_SIZE = 3
SIMPLE_NIM_METHODS = ("minimax", "memo", "iterative")
NIM_METHODS = ("minimax", "memo", "memo_canonical", "alphabeta", "alphabeta_table", "iterative")


def simple_nim_sizes(largest: int) -> list[int]:
    """1 to 30 counters one by one, then 40, 50, 70, 100, 200, 500, ... up to `largest`."""
    sizes = list(range(1, 31)) + [40, 50, 70]
    scale = 100
    while scale <= largest:
        sizes += [size for size in (scale, 2 * scale, 5 * scale) if size <= largest]
        scale *= 10
    return sizes


@dataclass(frozen=True)
class Point:
    """One measurement: `method` on a position of `size` (counters, or piles)."""

    method: str
    size: int
    calls: int
    seconds: float


def timed_solve(
    game: nimlib.Game, state: object, method: str, max_calls: int | None, repeat: int
) -> tuple[int, float]:
    """(calls, median seconds) of `repeat` runs of nimlib.solve; raises when the search cannot
    finish."""
    times, calls = [], 0
    for _ in range(repeat):
        stats = SearchStats(max_calls=max_calls, max_seconds=None, max_bytes=None)
        started = time.perf_counter()
        nimlib.solver(game, method, stats)(
            state, True
        )  # the method itself: solve would switch methods
        times.append(time.perf_counter() - started)
        calls = stats.calls
    return calls, statistics.median(times)


def repeats_for(calls_hint: int) -> int:
    """Three runs for quick searches, one for those of a million calls or more."""
    return 3 if calls_hint < 1_000_000 else 1


def simple_nim_points(
    largest: int, progress: Callable[[str], None]
) -> tuple[list[Point], dict[str, str]]:
    """Calls and times on Simple-Nim for each method, and why each method stopped where it did."""
    game = SimpleNim()
    points: list[Point] = []
    stopped: dict[str, str] = {}
    for method in SIMPLE_NIM_METHODS:
        last_done = 0
        for counters in simple_nim_sizes(largest):
            if (
                method == "minimax"
                and tree_size(game, counters, cap=PLAIN_MAX_NODES + 1) > PLAIN_MAX_NODES
            ):
                stopped[method] = f"> {PLAIN_MAX_NODES / 1e6:g}M nodes from {counters}"
                break
            try:
                calls, seconds = timed_solve(game, counters, method, None, repeats_for(counters))
            except SearchTooDeep:
                deepest = deepest_search(game, method, last_done, counters)
                if deepest > last_done:
                    points.append(
                        Point(method, deepest, *timed_solve(game, deepest, method, None, 3))
                    )
                stopped[method] = (
                    f"recursion limit ({sys.getrecursionlimit():,}) from {deepest + 1}"
                )
                break
            points.append(Point(method, counters, calls, seconds))
            last_done = counters
        progress(f"Simple-Nim {method}: up to {points[-1].size:,} counters")
    return points, stopped


def deepest_search(game: nimlib.Game, method: str, low: int, high: int) -> int:
    """The most counters a recursive `method` can search: `low` is known to work, `high` is too
    deep."""
    while high - low > 1:
        middle = (low + high) // 2
        try:
            nimlib.solver(game, method, SearchStats(max_calls=None, max_seconds=None))(middle, True)
            low = middle
        except SearchTooDeep:
            high = middle
    return low


def nim_points(
    most_piles: int, progress: Callable[[str], None]
) -> tuple[list[Point], dict[str, str]]:
    """Calls and times on Nim with 1, 2, ... piles of PILE_SIZE counters, per method."""
    game = Nim()
    points: list[Point] = []
    stopped: dict[str, str] = {}
    for method in NIM_METHODS:
        for piles in range(1, most_piles + 1):
            state = (PILE_SIZE,) * piles
            try:
                calls, seconds = timed_solve(game, state, method, NIM_MAX_CALLS, repeat=3)
            except SearchBudgetExceeded:
                stopped[method] = f"> {NIM_MAX_CALLS / 1e6:g}M calls at {piles} piles"
                break
            points.append(Point(method, piles, calls, seconds))
        progress(f"Nim {method}: up to {points[-1].size} piles")
    return points, stopped


# ---------------------------------------------------------------- printing


def seconds_text(seconds: float) -> str:
    """Such as "3.2 µs", "41.0 ms" or "2.50 s"."""
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds * 1e6:.1f} µs"


def points_table(
    title: str, size_name: str, points: Sequence[Point], methods: Sequence[str]
) -> str:
    """Sizes down, methods across; each cell "calls / time"."""
    found = {(p.method, p.size): p for p in points}
    sizes = sorted({p.size for p in points})
    cells = {
        size: [
            f"{found[m, size].calls:,} / {seconds_text(found[m, size].seconds)}"
            if (m, size) in found
            else ""
            for m in methods
        ]
        for size in sizes
    }
    widths = [max(len(m), *(len(row[i]) for row in cells.values())) for i, m in enumerate(methods)]
    lines = [
        title,
        f"{size_name:>10}  " + "  ".join(m.rjust(w) for m, w in zip(methods, widths, strict=True)),
    ]
    for size, row in cells.items():
        lines.append(
            f"{size:>10,}  " + "  ".join(c.rjust(w) for c, w in zip(row, widths, strict=True))
        )
    return "\n".join(lines)


# ---------------------------------------------------------------- figures


def plot(
    points: Sequence[Point],
    methods: Sequence[str],
    *,
    value: Callable[[Point], float],
    title: str,
    xlabel: str,
    ylabel: str,
    log_x: bool,
    path: Path,
    ends: dict[str, str] | None = None,
) -> Path:
    """One line per method, log scale for y (and x when `log_x`); an SVG that is the same on every
    run."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "nimlib-benchmarks"
    # 7 inches at 12 points: the text stays 12 pixels or more on a page 600 pixels wide (a
    # notebook on a 1024x768 projector, beside the file browser)
    plt.rcParams["font.size"] = 12
    figure, axes = plt.subplots(figsize=(7, 5.5))
    for method in methods:
        mine = [p for p in points if p.method == method]
        why = (
            f"\n({ends[method]})" if ends and method in ends else ""
        )  # in the legend: no label lies on a line
        axes.plot([p.size for p in mine], [value(p) for p in mine], marker=".", label=method + why)
    axes.set_yscale("log")
    if log_x:
        axes.set_xscale("log")
    axes.set(title=title, xlabel=xlabel, ylabel=ylabel)
    axes.grid(True, which="major", alpha=0.3)
    # below the plot, where no line runs, two columns across its width
    axes.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=2, frameon=False)
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(
        path,
        format="svg",
        metadata={"Date": None, "Description": points_description(points, value)},
    )
    plt.close(figure)
    # ASCII only (è as &#232;): the in-browser site hands a notebook's SVG to the browser as
    # Latin-1.
    path.write_bytes(path.read_text(encoding="utf-8").encode("ascii", "xmlcharrefreplace"))
    return path


def points_description(points: Sequence[Point], value: Callable[[Point], float]) -> str:
    """The figure's numbers as text ("method size value; ..."), kept in the SVG so that a test can
    recompute them."""
    return "; ".join(f"{p.method} {p.size} {value(p):g}" for p in points)


def figure_points(path: Path) -> dict[tuple[str, int], float]:
    """The numbers a figure saved by `plot` shows: (method, size) -> value."""
    found = re.search(
        r"<dc:description>(.*?)</dc:description>", path.read_text(encoding="ascii"), re.DOTALL
    )
    if found is None:
        raise ValueError(f"{path} holds no numbers: draw it again with benchmarks/scaling.py")
    entries = (entry.split() for entry in found[1].split("; "))
    return {(method, int(size)): float(value) for method, size, value in entries}


def calls(point: Point) -> float:
    """The deterministic quantity the saved figures show."""
    return point.calls


def seconds(point: Point) -> float:
    """The machine-dependent quantity, for --time-figure only."""
    return point.seconds


def save_figures(
    simple: Sequence[Point],
    nim: Sequence[Point],
    stopped: tuple[dict[str, str], dict[str, str]],
    folder: Path,
) -> list[Path]:
    """The two call-count figures, each line named in the legend with why it stops where it does."""
    return [
        plot(
            simple,
            SIMPLE_NIM_METHODS,
            value=calls,
            title="Simple-Nim (takes 1-3, misère): calls of the search",
            xlabel="counters",
            ylabel="calls",
            log_x=True,
            path=folder / "scaling_simple_nim.svg",
            ends=stopped[0],
        ),
        plot(
            nim,
            NIM_METHODS,
            value=calls,
            title=f"Misère Nim with piles of {PILE_SIZE}: calls of the search",
            xlabel="number of piles",
            ylabel="calls",
            log_x=False,
            path=folder / "scaling_nim.svg",
            ends=stopped[1],
        ),
    ]


def save_time_figure(simple: Sequence[Point], nim: Sequence[Point], path: Path) -> Path:
    """Times of both experiments in one SVG (machine-dependent: not for the repository)."""
    combined = [Point(f"Simple-Nim {p.method}", p.size, p.calls, p.seconds) for p in simple]
    combined += [Point(f"Nim {p.method}", p.size, p.calls, p.seconds) for p in nim]
    methods = list(dict.fromkeys(p.method for p in combined))
    return plot(
        combined,
        methods,
        value=seconds,
        title="Wall time (this machine only)",
        xlabel="counters (Simple-Nim) or piles (Nim)",
        ylabel="seconds",
        log_x=True,
        path=path,
    )


# ---------------------------------------------------------------- main


def main(argv: Sequence[str] | None = None) -> int:
    """Measure, print, and draw."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--quick", action="store_true", help="Simple-Nim up to 100,000 counters, Nim up to 8 piles"
    )
    parser.add_argument(
        "--no-figures", action="store_true", help="print only; leave notebooks/images/ alone"
    )
    parser.add_argument("--time-figure", type=Path, help="also draw the times into this SVG file")
    parser.add_argument(
        "--images",
        type=Path,
        default=IMAGES,
        help="folder of the figures (default notebooks/images/)",
    )
    arguments = parser.parse_args(argv)

    def progress(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    simple, simple_stopped = simple_nim_points(100_000 if arguments.quick else 1_000_000, progress)
    nim, nim_stopped = nim_points(8 if arguments.quick else 12, progress)
    print(
        points_table(
            "Simple-Nim (takes 1-3, misère): calls / median time",
            "counters",
            simple,
            SIMPLE_NIM_METHODS,
        )
    )
    print("\n".join(f"  {method} stopped: {why}" for method, why in simple_stopped.items()))
    print()
    print(
        points_table(
            f"Misère Nim, piles of {PILE_SIZE}: calls / median time", "piles", nim, NIM_METHODS
        )
    )
    print("\n".join(f"  {method} stopped: {why}" for method, why in nim_stopped.items()))
    if arguments.quick and not arguments.no_figures:
        progress("--quick measures less than the committed figures show: figures not saved")
    elif not arguments.no_figures:
        for path in save_figures(simple, nim, (simple_stopped, nim_stopped), arguments.images):
            progress(f"saved {path}")
    if arguments.time_figure:
        progress(f"saved {save_time_figure(simple, nim, arguments.time_figure)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
