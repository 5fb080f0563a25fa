"""A smoke test of benchmarks/connect_four.py: a few cases of each set, exact, counted and
reported."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import connect_four  # noqa: E402


def test_the_benchmark_solves_end_easy_cases_exactly_and_reports_them():
    cases = connect_four.end_easy(5)
    assert len(connect_four.end_easy()) == 1_000 and cases[0] == (
        "2252576253462244111563365343671351441",
        -1,
    )
    result = connect_four.measure("negamax", cases)
    assert result["exact"] == 5 and result["calls"] > 5 and result["seconds"] > 0
    line = connect_four.report(result)
    assert line.startswith("| End-Easy | negamax | 5 / 5 |") and line.endswith(" |")


def test_every_set_is_in_the_repository_with_its_published_mean():
    sizes = {name: len(connect_four.cases(name)) for name in connect_four.SETS}
    assert sizes == {
        "End-Easy": 1_000,
        "Middle-Easy": 1_000,
        "Middle-Medium": 1_000,
        "Begin-Easy": 1_000,
        "Begin-Medium": 20,
    }
    result = connect_four.measure("deepening", connect_four.cases("Middle-Easy", 3))
    assert result["exact"] == 3 and result["worst"][0] > 0
    pons = connect_four.pons_counts()
    assert len(pons) == 5_000 and result["pons"] == sum(
        pons[moves] for moves, _ in connect_four.cases("Middle-Easy", 3)
    )
    ratio, moves = result["ratio"]  # the worst among the cases Pons' solver needs 50 or more for
    assert ratio > 0 and pons[moves] >= connect_four.FEW
    assert "| Middle-Easy | deepening | 3 / 3 |" in connect_four.report(result, "Middle-Easy")
    assert "449.6" in connect_four.report(result, "Middle-Easy")
