"""Issue 46's probes, one of each kind, on the searches of notebooks 12 and 13: what each gives,
its wall time and its peak memory, in a child process limited to 2 GB and killed after 30 s.

    .venv/bin/python benchmarks/probes_chance.py                   # this checkout
    .venv/bin/python benchmarks/probes_chance.py --tree /tmp/main  # another checkout (before)

The child runs the same preludes as tests/child.py (its games, and tests/book/
test_limits_of_chance.py's game of one chance node), then times one expression. The tests of
tests/book/test_limits_of_chance.py check these endings; this script prints the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "book"))

from child import GAMES, GIGABYTE, RUN  # noqa: E402
from test_limits_of_chance import CHANCE  # noqa: E402

SOLVE_PIG = "globals().get('solve_pig', solve_by_value_iteration)"  # before: the sweeps
NARROW = "class Narrow(DiceNim):\n    score_range = (-0.5, 0.5)\n"
PROBES = [
    ("1 raw error", "star1(Dice([('1/2', 'a'), ('1/2', 'end')]), 'a', True)"),
    ("2 hang", "value_iteration(range(10**5), lambda s, v: v[s] + 1)"),
    ("3 RecursionError", "memoized_expectiminimax(LOOP, 'a', True)"),
    ("4 past the budget", "star1(Dice(many(10**6)), 'a', True, stats=SearchStats(max_seconds=1))"),
    ("5 memory", "expectiminimax(Dice(endless_outcomes), 'a', True)"),
    ("6 wrong answer", "star1(Narrow(5), (5, False), True)"),
    ("7 message", "len(str(plot_text('t', 'x', [1, 2], {'y' * 5000: [1]})))"),
    ("Pig to 100", f"round({SOLVE_PIG}(Pig(100))[0][(0, 0, 0)], 4)"),
]
SECONDS = 30
MEMORY = 2 * GIGABYTE


def probe(tree: Path, expression: str) -> dict:
    """What `expression` gives in a child that imports nimlib from `tree`."""

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))

    source = GAMES + "from nimlib.drawing.plots import plot_text\n" + CHANCE + NARROW + RUN
    try:
        done = subprocess.run(
            [sys.executable, "-c", source, expression],
            capture_output=True,
            text=True,
            preexec_fn=limit_memory,
            timeout=SECONDS,
            cwd=tree,
            env={**os.environ, "PYTHONPATH": str(tree)},
        )
    except subprocess.TimeoutExpired:
        return {"type": "hang", "message": f"killed after {SECONDS} s", "wall": SECONDS, "peak": 0}
    if not done.stdout:
        return {"type": "crash", "message": done.stderr[-300:], "wall": 0, "peak": 0}
    return json.loads(done.stdout.splitlines()[-1])


def main() -> None:
    """Print each probe's ending, wall time and peak memory."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=ROOT)
    options = parser.parse_args()
    print(f"nimlib from {options.tree}; load average {os.getloadavg()}")
    for kind, expression in PROBES:
        result = probe(options.tree, expression)
        message = " ".join(result["message"].split())
        print(
            f"{kind:<18} {result['wall']:6.2f} s {result['peak'] / 1e6:7.0f} MB  "
            f"{result['type']}: {message[:150]}{'...' if len(message) > 150 else ''} "
            f"({len(message):,} characters)"
        )


if __name__ == "__main__":
    main()
