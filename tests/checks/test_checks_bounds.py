"""The check of notebook 05's table exercise passes a right table search and catches the naive
cache."""

import importlib.util
import sys
from pathlib import Path

from nimlib.checks.bounds import check_table_alphabeta

spec = importlib.util.spec_from_file_location(
    "core_solutions", Path(__file__).parent / "table_solutions.py"
)
solutions = importlib.util.module_from_spec(spec)
sys.modules["core_solutions"] = solutions
spec.loader.exec_module(solutions)


def test_a_table_of_bounds_passes():
    assert check_table_alphabeta(solutions.table_alphabeta).ok


def test_a_cache_that_stores_bounds_as_scores_fails():
    result = check_table_alphabeta(solutions.naive_table_alphabeta)
    assert not result.ok and "bounds stored by" in repr(result)


def test_a_function_that_stores_nothing_fails():
    result = check_table_alphabeta(lambda game, state, is_maximizing, alpha, beta, table: None)
    assert not result.ok and "the table is empty" in repr(result)
