"""nimlib against an earlier nimlib, in one run: did a change make the searches slower?

Run it with:  .venv/bin/python benchmarks/before_after.py --baseline REV  [--repeat 5] [--rounds 2]

The nimlib of git revision REV is exported to a temporary folder. Every cell (one method on one
position of the suite of compare.py) is measured by both nimlibs, each in its own child process
(the folder put first on PYTHONPATH for the old one), alternating old and new for `--rounds`
rounds, so that both meet the same load on the machine. A cell shows the median CPU time of all
its runs (the steadier clock on a shared machine), and the table ends with the ratio new / old
per method and its geometric mean over the suite. Node counts must agree, and so must answers.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Sequence
from io import BytesIO
from pathlib import Path

HERE = Path(__file__).resolve().parent
TIME_LIMIT = 10.0


def export_nimlib(revision: str, folder: Path) -> None:
    """Write the `nimlib` package of git `revision` into `folder`."""
    archive = subprocess.run(
        ["git", "archive", revision, "nimlib"], cwd=HERE.parent, check=True, capture_output=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")


def measure_in_child(old_folder: Path | None, method: str, index: int, repeat: int) -> dict:
    """One cell measured by a fresh Python: the old nimlib when `old_folder` is given."""
    environment = dict(os.environ)
    if old_folder is not None:
        environment["PYTHONPATH"] = f"{old_folder}{os.pathsep}{environment.get('PYTHONPATH', '')}"
    command = [sys.executable, str(Path(__file__)), "--child", method, str(index), str(repeat)]
    done = subprocess.run(command, env=environment, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def child(method: str, index: int, repeat: int) -> None:
    """In the child: time one cell and print it as JSON (with the nimlib it imported)."""
    sys.path.insert(0, str(HERE))
    from solvers import SUITE, Solver, nimlib_search
    from timing import measure

    import nimlib

    solver = Solver("nimlib", method, method, nimlib_search(method))
    result = measure(solver, SUITE[index], repeat, TIME_LIMIT)
    print(
        json.dumps(
            {
                "status": result.status,
                "cpu": result.cpu_times,
                "nodes": result.nodes,
                "wins": result.wins,
                "nimlib": nimlib.__file__,
            }
        )
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Measure every cell old and new, print the table; exit status 1 if the two ever disagree."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--baseline", default="HEAD", help="git revision of the old nimlib (default HEAD)"
    )
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per child (default 5)")
    parser.add_argument(
        "--rounds",
        type=int,
        default=2,
        help="children per cell and nimlib, alternating (default 2)",
    )
    parser.add_argument("--methods", default="", help="comma-separated methods (default: all)")
    arguments = parser.parse_args(argv)
    sys.path.insert(0, str(HERE))
    from solvers import SUITE

    import nimlib

    methods = arguments.methods.split(",") if arguments.methods else list(nimlib.METHODS)
    disagreements, ratios = [], {method: [] for method in methods}
    with tempfile.TemporaryDirectory() as folder:
        export_nimlib(arguments.baseline, Path(folder))
        print(
            f"old: nimlib of {arguments.baseline}; new: {HERE.parent}; median CPU time of "
            f"{arguments.rounds} x {arguments.repeat} runs per cell"
        )
        print(
            f"{'position':<20} {'method':<15} {'nodes':>9} {'old':>10} {'new':>10} {'new/old':>8}"
        )
        timed_out: set[str] = set()
        for index, position in enumerate(SUITE):
            for method in methods:
                if method in timed_out and method in ("minimax", "alphabeta"):
                    continue
                runs = {"old": [], "new": []}
                for _ in range(arguments.rounds):
                    for which, old_folder in (("old", Path(folder)), ("new", None)):
                        runs[which].append(
                            measure_in_child(old_folder, method, index, arguments.repeat)
                        )
                if any(run["status"] != "ok" for run in runs["old"] + runs["new"]):
                    timed_out.add(method)
                    print(f"{position.label:<20} {method:<15} {'':>9} {'> 10 s':>10}")
                    continue
                answers = {(run["wins"], run["nodes"]) for run in runs["old"] + runs["new"]}
                if len(answers) != 1:
                    disagreements.append(f"{position.label} {method}: {answers}")
                old, new = (
                    statistics.median([t for run in runs[w] for t in run["cpu"]])
                    for w in ("old", "new")
                )
                ratios[method].append(new / old)
                nodes = runs["new"][0]["nodes"]
                print(
                    f"{position.label:<20} {method:<15} {nodes:>9,} {old * 1e3:>8.2f}ms {new * 1e3:>8.2f}ms "
                    f"{new / old:>7.2f}x",
                    flush=True,
                )
    print("\ngeometric mean of new / old per method:")
    everything = [ratio for values in ratios.values() for ratio in values]
    for method, values in ratios.items():
        if values:
            print(
                f"  {method:<15} {math.exp(statistics.fmean(map(math.log, values))):.3f}x over {len(values)} positions"
            )
    print(
        f"  {'all':<15} {math.exp(statistics.fmean(map(math.log, everything))):.3f}x over {len(everything)} cells"
    )
    for line in disagreements:
        print("DISAGREE:", line)
    return 1 if disagreements else 0


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--child":
        child(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
    else:
        sys.exit(main())
