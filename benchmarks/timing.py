"""Timing one solver on one position in a child process, killed once it runs past the time limit.

The child runs the solver once and reports the time. It runs it again (up to `repeat` times)
only while the runs so far and one more fit in the time limit, so the first run decides
whether to repeat. Then, for solvers that count nodes in a separate run, it makes that
untimed counting run. A first run that has not finished within the time limit is not waited
for: the child is killed and the cell says so.

Children are forked, so the solvers (closures included) need no pickling: this needs a
system with ``fork`` (Linux, macOS).
"""

from __future__ import annotations

import multiprocessing
import statistics
from dataclasses import dataclass
from multiprocessing.connection import Connection
from time import monotonic, perf_counter, process_time

from solvers import Position, Solver

GRACE_SECONDS = 5.0  # allowance for starting the child and for the untimed counting run


@dataclass(frozen=True)
class Measurement:
    """The result of one cell of the table.

    `status` is "ok", "timeout" (first run past the limit), "error", "wrong" (an answer that
    disagrees with nimlib's), "skipped" (timed out on a smaller position already) or "n/a".
    """

    status: str
    times: tuple[float, ...] = ()
    wins: bool | None = None
    nodes: int | None = None
    detail: str = ""
    cpu_times: tuple[float, ...] = ()

    @property
    def median(self) -> float | None:
        """The median wall time of the timed runs, in seconds."""
        return statistics.median(self.times) if self.times else None

    @property
    def median_cpu(self) -> float | None:
        """The median CPU time of the timed runs: less disturbed by other jobs on the machine."""
        return statistics.median(self.cpu_times) if self.cpu_times else None


def measure(solver: Solver, position: Position, repeat: int, time_limit: float) -> Measurement:
    """Time `solver` on `position` in a child process; never wait past the time limit."""
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)
    child = context.Process(
        target=run_child, args=(sender, solver, position, repeat, time_limit), daemon=True
    )
    child.start()
    sender.close()
    try:
        return collect(receiver, time_limit)
    finally:
        if child.is_alive():
            child.kill()
        child.join()
        receiver.close()


def run_child(
    sender: Connection, solver: Solver, position: Position, repeat: int, time_limit: float
) -> None:
    """In the child: the timed runs, the counting run, each reported as soon as it ends."""
    try:
        started = perf_counter()
        for _ in range(repeat):
            run_started, cpu_started = perf_counter(), process_time()
            answer = solver.solve(position)
            elapsed, cpu = perf_counter() - run_started, process_time() - cpu_started
            sender.send(("run", elapsed, cpu, bool(answer.wins), answer.nodes))
            if perf_counter() - started + elapsed > time_limit:
                break
        if solver.count is not None:
            counted = solver.count(position)
            sender.send(("count", bool(counted.wins), counted.nodes))
        sender.send(("done",))
    except Exception as error:  # a library's failure is this cell's result, not the benchmark's end
        sender.send(("error", f"{type(error).__name__}: {error}"))
    finally:
        sender.close()


def collect(receiver: Connection, time_limit: float) -> Measurement:
    """In the parent: read the child's reports until it is done, fails or runs out of time."""
    times: list[float] = []
    cpu_times: list[float] = []
    wins: bool | None = None
    nodes: int | None = None
    deadline = monotonic() + time_limit
    while True:
        remaining = deadline - monotonic()
        if remaining <= 0 or not receiver.poll(remaining):
            if not times:
                return Measurement("timeout")
            return Measurement(
                "ok", tuple(times), wins, nodes, "the node count ran out of time", tuple(cpu_times)
            )
        try:
            message = receiver.recv()
        except EOFError:
            return Measurement("error", tuple(times), wins, nodes, "the child process died")
        kind = message[0]
        if kind == "run":
            if not times:  # the first run fits: allow the repeats and the counting run
                deadline = monotonic() + time_limit + 3 * message[1] + GRACE_SECONDS
            times.append(message[1])
            cpu_times.append(message[2])
            wins, nodes = message[3], message[4]
        elif kind == "count":
            if message[1] != wins:
                return Measurement(
                    "error", tuple(times), wins, nodes, "the counting run answered differently"
                )
            nodes = message[2]
        elif kind == "done":
            return Measurement("ok", tuple(times), wins, nodes, "", tuple(cpu_times))
        else:
            return Measurement("error", tuple(times), wins, nodes, message[1])
