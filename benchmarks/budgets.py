"""How long and how big the searches get before their default budget stops them.

Run it with:  .venv/bin/python benchmarks/budgets.py

Each case runs in its own child process: the position too large for the method, the default
budget (10 s of wall-clock time, about 1 GB for what it builds), and what the child used: CPU
seconds, wall seconds and its peak memory (maximum resident set size). The budget counts wall
time, the time the learner waits, so on a busy machine the CPU seconds are fewer.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

import nimlib

CASES = {
    **{
        f"solve(SplitNim(), (200,), method={method!r})": f"solve(SplitNim(), (200,), method={method!r})"
        for method in nimlib.METHODS
    },
    "tree_size(SimpleNim(), 10**6)": "tree_size(SimpleNim(), 10**6)",
    "iterative_minimax(SplitNim(), (1000,) * 20)": "iterative_minimax(SplitNim(), (1000,) * 20)",
    "best_move(SimpleNim(), 10**6)": "best_move(SimpleNim(), 10**6)",
    **{  # issue 27: too deep to recurse, then too large for the budget
        f"solve(SplitNim(), (1000,) * {piles}, method={method!r})": f"solve(SplitNim(), (1000,) * {piles}, method={method!r})"
        for piles, method in [(4, "memo"), (8, "memo"), (20, "memo"), (8, "negamax")]
    },
    **{
        f"{search}(SplitNim(), (1000,) * 4)": f"{search}(SplitNim(), (1000,) * 4)"
        for search in ("minimax", "alphabeta", "negamax")
    },
}

CHILD = """
import json, resource, sys, time
from nimlib import *
wall, cpu = time.perf_counter(), time.process_time()
try:
    outcome = repr(eval(sys.argv[1]))
except (SearchBudgetExceeded, SearchTooDeep) as error:
    outcome = "stopped: " + str(error).split(": try")[0].split(": use")[0]
print(json.dumps({"outcome": outcome, "cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall,
                  "peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}))
"""


def main() -> int:
    """Run every case in a child and print one line each."""
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args()  # --help; no options
    print(f"{'case':<48} {'CPU s':>6} {'wall s':>7} {'peak MB':>8}  outcome")
    for name, expression in CASES.items():
        done = subprocess.run(
            [sys.executable, "-c", CHILD, expression], capture_output=True, text=True, check=True
        )
        result = json.loads(done.stdout)
        peak = result["peak"] / 1e6
        print(
            f"{name:<48} {result['cpu']:>6.2f} {result['wall']:>7.2f} {peak:>8.0f}  {result['outcome']}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
