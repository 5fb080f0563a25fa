"""A smoke test of benchmarks/compare.py: one small row, every answer checked against nimlib's;
and every benchmark script answers --help."""

import subprocess
import sys
from pathlib import Path

import compare  # noqa: E402
import pytest
import solvers  # noqa: E402

import nimlib

SMALL = solvers.Position((2, 3, 5))


def assert_all_agree(cells: compare.Row) -> None:
    expected = solvers.reference_answer(SMALL)
    for column, result in cells.items():
        assert result.status == "ok", (column, result)
        assert result.wins == expected, column
        assert result.times and result.median > 0, column


def newest_table_columns() -> set[str]:
    """The columns of the newest table of benchmarks/README.md that compare.py printed (its header
    starts "position  minimax")."""
    readme = Path(solvers.__file__).with_name("README.md").read_text(encoding="utf-8")
    headers = [line.split() for line in readme.splitlines() if line.startswith("position ")]
    return set([header for header in headers if "minimax" in header][-1][1:])


def test_nimlib_methods_agree_on_a_small_position():
    cells = compare.row(SMALL, solvers.nimlib_solvers(), repeat=1, time_limit=10)
    # the columns of benchmarks/README.md's tables: every method of the registry, the closed form
    columns = {solvers.NIMLIB_COLUMNS.get(method, method) for method in nimlib.METHODS}
    assert set(cells) == columns | {"theory"}
    assert columns <= newest_table_columns(), (
        "a method was added or renamed: run benchmarks/compare.py and copy its table of nodes into "
        "benchmarks/README.md"
    )
    assert_all_agree(cells)
    assert cells["minimax"].nodes == 63_282  # the whole tree of (2, 3, 5)


@pytest.mark.parametrize("library", ["easyAI", "OpenSpiel"])
def test_peers_agree_on_a_small_position(library):
    pytest.importorskip({"easyAI": "easyAI", "OpenSpiel": "pyspiel"}[library])
    peers = solvers.PEERS[library]()
    cells = compare.row(
        SMALL, [peer for peer in peers if peer.column != "expecti"], repeat=1, time_limit=10
    )
    assert_all_agree(cells)
    assert all(result.nodes for result in cells.values())


def test_nimlib_searches_run_without_nimlib_budget():
    """A benchmark times a search to its end: only its own time limit stops it, never nimlib's
    budget of calls, seconds or bytes (a minimax of (1, ..., 7) takes more than nimlib's 10 s)."""
    budget = solvers.unlimited_stats().budget
    assert (budget.max_calls, budget.max_seconds, budget.max_bytes) == (None, None, None)


@pytest.mark.slow
def test_every_benchmark_script_answers_help_without_running():
    """benchmarks/budgets.py --help ran the whole benchmark, a minute of child processes."""
    folder = Path(solvers.__file__).parent
    modules = {"solvers.py", "timing.py"}  # imported by the scripts, not run
    for script in sorted(set(path.name for path in folder.glob("*.py")) - modules):
        done = subprocess.run(
            [sys.executable, str(folder / script), "--help"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0 and done.stdout.startswith("usage:"), (script, done.stderr)
