"""nimlib's searches against the peer libraries easyAI and OpenSpiel, on a fixed suite of positions.

Run it with:  .venv/bin/python benchmarks/compare.py  [--repeat 5] [--time-limit 10] [--quick]

Every cell (one solver on one position) runs in a child process: the median wall time of its
runs, and the nodes it visited. Every answer is checked against nimlib's closed form before its
time counts; a disagreement is printed loudly and makes the exit status 1. The peer libraries
are optional (pip install -r benchmarks/requirements.txt): a missing one is left out, and said so.
"""

from __future__ import annotations

import argparse
import datetime
import math
import platform
import sys
from collections.abc import Callable, Iterable, Sequence
from importlib import metadata

from solvers import SUITE, Position, Solver, nimlib_solvers, peer_solvers, reference_answer
from timing import Measurement, measure

DEFAULT_REPEAT = 5
DEFAULT_TIME_LIMIT = 10.0
QUICK_REPEAT = 3
QUICK_TIME_LIMIT = 1.0
Row = dict[str, Measurement]

# ---------------------------------------------------------------- measuring


def row(
    position: Position,
    solvers: Sequence[Solver],
    repeat: int = DEFAULT_REPEAT,
    time_limit: float = DEFAULT_TIME_LIMIT,
    timed_out: dict[str, list[Position]] | None = None,
) -> Row:
    """One row of the table: each solver's measurement on `position`, keyed by column.

    `timed_out` holds, per column, the positions on which that solver ran out of time; a
    position that contains one of them (a bigger game) is skipped, and new time-outs are added.
    """
    timed_out = {} if timed_out is None else timed_out
    expected = reference_answer(position)
    cells: Row = {}
    for solver in solvers:
        cells[solver.column] = cell(solver, position, expected, repeat, time_limit, timed_out)
        if cells[solver.column].status == "timeout":
            timed_out.setdefault(solver.column, []).append(position)
    return cells


def cell(
    solver: Solver,
    position: Position,
    expected: bool,
    repeat: int,
    time_limit: float,
    timed_out: dict[str, list[Position]],
) -> Measurement:
    """Measure one solver on one position, unless it cannot play it or is sure to time out."""
    if not solver.applies(position):
        return Measurement("n/a")
    smaller = next(
        (done for done in timed_out.get(solver.column, []) if position.contains(done)), None
    )
    if smaller is not None:
        return Measurement("skipped", detail=f"timed out on the smaller {smaller.label}")
    result = measure(solver, position, repeat, time_limit)
    if result.status == "ok" and result.wins != expected:
        return Measurement(
            "wrong", result.times, result.wins, result.nodes, f"answered wins={result.wins}"
        )
    return result


def progress(message: str) -> None:
    """A line on stderr, so that the tables on stdout stay clean."""
    print(message, file=sys.stderr, flush=True)


def run_suite(
    positions: Iterable[Position], solvers: Sequence[Solver], repeat: int, time_limit: float
) -> dict[Position, Row]:
    """Every row of the table, in the order of `positions`."""
    timed_out: dict[str, list[Position]] = {}
    rows = {}
    for position in positions:
        progress(f"measuring {position.label} ...")
        rows[position] = row(position, solvers, repeat, time_limit, timed_out)
    return rows


# ---------------------------------------------------------------- formatting


def format_seconds(seconds: float) -> str:
    """Such as "512 µs", "85.4 ms" or "1.13 s"."""
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale or unit == "µs":
            value = seconds / scale
            return f"{value:.3g} {unit}" if value < 100 else f"{value:.0f} {unit}"
    raise AssertionError("unreachable")


def format_count(count: int) -> str:
    """Such as "653", "19.4k" or "1.13M"."""
    for suffix, scale in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if count >= scale:
            return f"{count / scale:.3g}{suffix}"
    return str(count)


def time_text(result: Measurement, time_limit: float, repeat: int) -> str:
    """A cell of the time table; a "*" marks fewer runs than asked for (the limit allowed fewer)."""
    if result.status == "timeout":
        return f"> {time_limit:g} s"
    if result.status in ("skipped", "n/a"):
        return "skipped" if result.status == "skipped" else "n/a"
    if result.status == "wrong":
        return "WRONG!"
    if result.status == "error":
        return "error"
    marker = "*" if len(result.times) < repeat else ""
    return format_seconds(result.median) + marker


def nodes_text(result: Measurement) -> str:
    """A cell of the node table."""
    if result.status in ("ok", "wrong") and result.nodes is not None:
        return format_count(result.nodes)
    if result.status == "ok":
        return "-"
    return {"timeout": "?", "skipped": "?", "n/a": "n/a"}.get(result.status, "?")


def table(title: str, solvers: Sequence[Solver], lines: dict[str, list[str]]) -> str:
    """A text table: positions down, solvers across, grouped under their library's name."""
    label_width = max(len(label) for label in [*lines, "position"])
    widths = [
        max(len(solver.column), *(len(cells[i]) for cells in lines.values()))
        for i, solver in enumerate(solvers)
    ]
    groups: list[str] = []
    for library in dict.fromkeys(solver.library for solver in solvers):
        span = (
            sum(
                width + 2
                for solver, width in zip(solvers, widths, strict=True)
                if solver.library == library
            )
            - 2
        )
        groups.append(
            f"{library:-^{span}}" if len(library) + 2 <= span else library[:span].ljust(span)
        )
    out = [title, " " * label_width + "  " + "  ".join(groups)]
    out.append(
        "position".ljust(label_width)
        + "  "
        + "  ".join(s.column.rjust(w) for s, w in zip(solvers, widths, strict=True))
    )
    for label, cells in lines.items():
        out.append(
            label.ljust(label_width)
            + "  "
            + "  ".join(c.rjust(w) for c, w in zip(cells, widths, strict=True))
        )
    return "\n".join(out)


def result_tables(
    rows: dict[Position, Row], solvers: Sequence[Solver], time_limit: float, repeat: int
) -> str:
    """The table of median times and the table of nodes."""
    times = {
        p.label: [time_text(r[s.column], time_limit, repeat) for s in solvers]
        for p, r in rows.items()
    }
    nodes = {p.label: [nodes_text(r[s.column]) for s in solvers] for p, r in rows.items()}
    return "\n\n".join(
        [
            table(
                f"Median wall time of {repeat} runs (* fewer runs: the time limit allowed fewer)",
                solvers,
                times,
            ),
            table(
                "Nodes visited (calls of the search, answers from the table and finished positions included)",
                solvers,
                nodes,
            ),
        ]
    )


# ---------------------------------------------------------------- ratios


Clock = Callable[[Measurement], "float | None"]


def wall(result: Measurement) -> float | None:
    """The median wall time of a cell."""
    return result.median


def cpu(result: Measurement) -> float | None:
    """The median CPU time of a cell."""
    return result.median_cpu


def fastest(cells: Row, solvers: Iterable[Solver], clock: Clock = wall) -> tuple[str, float] | None:
    """The column and median time of the fastest correct, finished search among `solvers`."""
    finished = [
        (clock(cells[s.column]), s.column)
        for s in solvers
        if s.is_search and cells[s.column].status == "ok"
    ]
    if not finished:
        return None
    seconds, column = min(finished)
    return column, seconds


def peer_ratio(
    cells: Row,
    peers: Sequence[Solver],
    ours: tuple[str, float],
    time_limit: float,
    clock: Clock = wall,
) -> tuple[str, float | None]:
    """(text, ratio) of the fastest of `peers` against nimlib's fastest; ratio None if not measured.

    When every peer solver ran out of time the text is a lower bound ("> 120x") and the ratio None.
    """
    applicable = [s for s in peers if cells[s.column].status != "n/a"]
    if not applicable:
        return "n/a", None
    best = fastest(cells, applicable, clock)
    if best is None:
        if all(cells[s.column].status in ("timeout", "skipped") for s in applicable):
            return f"all > {time_limit:g} s  (> {time_limit / ours[1]:.0f}x)", None
        return "no correct answer", None
    ratio = best[1] / ours[1]
    return f"{best[0]} {format_seconds(best[1])}  ({ratio:.1f}x)", ratio


def geometric_mean(values: Sequence[float]) -> float:
    """The geometric mean of positive numbers."""
    return math.exp(sum(math.log(value) for value in values) / len(values))


def ratio_table(
    rows: dict[Position, Row], solvers: Sequence[Solver], time_limit: float, clock: Clock = wall
) -> str:
    """nimlib's fastest search against each peer's fastest solver, and against the fastest peer."""
    libraries = [lib for lib in dict.fromkeys(s.library for s in solvers) if lib != "nimlib"]
    groups = {lib: [s for s in solvers if s.library == lib] for lib in libraries}
    groups["any peer"] = [s for s in solvers if s.library != "nimlib"]
    ours_solvers = [s for s in solvers if s.library == "nimlib"]
    lines: dict[str, list[str]] = {}
    ratios: dict[str, list[float]] = {name: [] for name in groups}
    for position, cells in rows.items():
        ours = fastest(cells, ours_solvers, clock)
        if ours is None:
            lines[position.label] = ["none finished"] + ["-"] * len(groups)
            continue
        texts = [f"{ours[0]} {format_seconds(ours[1])}"]
        for name, peers in groups.items():
            text, ratio = peer_ratio(cells, peers, ours, time_limit, clock)
            texts.append(text)
            if ratio is not None:
                ratios[name].append(ratio)
        lines[position.label] = texts
    means = [
        f"{geometric_mean(values):.1f}x over {len(values)}" if values else "-"
        for values in ratios.values()
    ]
    lines["geometric mean"] = ["", *means]
    headers = ["nimlib fastest", *(f"fastest {name} (ratio)" for name in groups)]
    title = {
        wall: "Peer time / nimlib time: median wall time of the fastest correct search on each side",
        cpu: "The same by CPU time of the child process (less disturbed by other jobs on the machine)",
    }[clock]
    return plain_table(title, headers, lines)


def plain_table(title: str, headers: list[str], lines: dict[str, list[str]]) -> str:
    """A text table with one header line, left-aligned cells."""
    label_width = max(len(label) for label in [*lines, "position"])
    widths = [
        max(len(h), *(len(cells[i]) for cells in lines.values())) for i, h in enumerate(headers)
    ]
    out = [
        title,
        "position".ljust(label_width)
        + "  "
        + "  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)),
    ]
    for label, cells in lines.items():
        out.append(
            label.ljust(label_width)
            + "  "
            + "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True))
        )
    return "\n".join(line.rstrip() for line in out)


# ---------------------------------------------------------------- the report


def cpu_model() -> str:
    """The CPU's model name from /proc/cpuinfo, or the platform's word for it."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def version(distribution: str) -> str:
    """The installed version of `distribution`, or "not installed"."""
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "not installed"


def header(repeat: int, time_limit: float) -> str:
    """Where and how the benchmark ran."""
    import os

    libraries = ", ".join(f"{name} {version(name)}" for name in ("nimlib", "easyAI", "open_spiel"))
    return "\n".join(
        [
            f"nimlib against its peers, {datetime.date.today().isoformat()}",
            f"machine: {cpu_model()}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}",
            f"libraries: {libraries}",
            f"each cell: up to {repeat} runs in one child process, killed after {time_limit:g} s; misère play",
        ]
    )


def legend(solvers: Sequence[Solver]) -> str:
    """What each column runs."""
    return "\n".join(["Columns:"] + [f"  {s.column:<10} {s.description}" for s in solvers])


def problems(rows: dict[Position, Row]) -> list[str]:
    """Every wrong answer and every error, one line each, and what else a finished cell noted."""
    found = []
    for position, cells in rows.items():
        for column, result in cells.items():
            if result.status in ("wrong", "error"):
                found.append(
                    f"{result.status.upper()}: {column} on {position.label}: {result.detail}"
                )
            elif result.status == "ok" and result.detail:
                found.append(f"{column} on {position.label}: {result.detail}")
    return found


def report(
    rows: dict[Position, Row],
    solvers: Sequence[Solver],
    notes: list[str],
    repeat: int,
    limit: float,
) -> str:
    """The whole printed report."""
    parts = [header(repeat, limit), result_tables(rows, solvers, limit, repeat)]
    if any(solver.library != "nimlib" for solver in solvers):
        parts += [ratio_table(rows, solvers, limit, wall), ratio_table(rows, solvers, limit, cpu)]
    skipped = sorted(
        {r.detail for cells in rows.values() for r in cells.values() if r.status == "skipped"}
    )
    if skipped:
        notes = notes + ["skipped cells: the same solver had already " + "; ".join(skipped)]
    if notes:
        parts.append("Notes:\n" + "\n".join(f"  {note}" for note in notes))
    parts.append(legend(solvers))
    return "\n\n".join(parts)


def parse_arguments(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--repeat",
        type=int,
        help=f"timed runs per cell (default {DEFAULT_REPEAT}, quick {QUICK_REPEAT})",
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        help=f"seconds per cell (default {DEFAULT_TIME_LIMIT:g}, quick {QUICK_TIME_LIMIT:g})",
    )
    parser.add_argument(
        "--quick", action="store_true", help="fewer runs and a shorter limit: under a minute"
    )
    parser.add_argument("--no-peers", action="store_true", help="measure nimlib only")
    arguments = parser.parse_args(argv)
    if arguments.repeat is None:
        arguments.repeat = QUICK_REPEAT if arguments.quick else DEFAULT_REPEAT
    if arguments.time_limit is None:
        arguments.time_limit = QUICK_TIME_LIMIT if arguments.quick else DEFAULT_TIME_LIMIT
    return arguments


def main(argv: Sequence[str] | None = None) -> int:
    """Run the suite and print the report; exit status 1 on any wrong answer or error."""
    arguments = parse_arguments(argv)
    solvers = nimlib_solvers()
    notes: list[str] = []
    if arguments.no_peers:
        notes.append("peers not measured (--no-peers)")
    else:
        peers, notes = peer_solvers()
        solvers += peers
    rows = run_suite(SUITE, solvers, arguments.repeat, arguments.time_limit)
    found = problems(rows)
    print(report(rows, solvers, notes + found, arguments.repeat, arguments.time_limit))
    if any(line.startswith(("WRONG", "ERROR")) for line in found):
        print("\n!!! SOME ANSWERS ARE WRONG OR FAILED: see the notes above !!!", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
