"""A smoke test of benchmarks/connect_four.py: a few End-Easy cases, exact, counted and reported."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import connect_four  # noqa: E402


def test_the_benchmark_solves_end_easy_cases_exactly_and_reports_them():
    cases = connect_four.end_easy(5)
    assert len(connect_four.end_easy()) == 1_000 and cases[0] == ("2252576253462244111563365343671351441", -1)
    result = connect_four.measure("negamax", cases)
    assert result["exact"] == 5 and result["calls"] > 5 and result["seconds"] > 0
    line = connect_four.report(result)
    assert line.startswith("| negamax | 5 / 5 |") and line.endswith(" |")
