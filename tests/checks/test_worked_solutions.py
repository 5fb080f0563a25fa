"""The worked solutions the notebooks show (in their folded <details> cells) pass their checks."""

import re
from functools import cache
from pathlib import Path

import nbformat
import pytest

import nimlib.checks as checks

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
IMPORTS = "from functools import cache\nfrom math import inf\nfrom nimlib import *\nfrom nimlib.checks import *\n"
SET_UP = {  # what the notebook defined before its exercises
    "08_patterns_and_theory": "from nimlib.theory import mex",
    "09_beyond_nim": "game = TicTacToe()",
}
WORKED_SOLUTIONS = [  # (notebook, the solution's name, its check)
    ("02_general_minimax", "my_minimax", checks.check_general_minimax),
    ("02_general_minimax", "negamax", checks.check_negamax),
    ("02_general_minimax", "wins_taking", checks.check_won_lost),
    ("03_variants", "TakeOneThreeOrFour", checks.check_variant),
    ("04_memoization", "my_memoized_minimax", checks.check_memoized_minimax),
    ("04_memoization", "my_canonical", checks.check_canonical),
    ("04_memoization", "memo_wins_taking", checks.check_memoized_won_lost),
    ("04_memoization", "distinct_new_states", checks.check_distinct_new_states),
    ("05_alphabeta", "my_alphabeta", checks.check_alphabeta),
    ("06_explore_the_search", "visited_states", checks.check_visited_states),
    ("06_explore_the_search", "window_after", checks.check_window_after),
    ("07_play_against_the_computer", "winning_moves", checks.check_winning_moves),
    ("07_play_against_the_computer", "my_look_ahead", checks.check_depth_limited),
    ("08_patterns_and_theory", "normal_nim_wins", checks.check_nim_sum_rule),
    ("08_patterns_and_theory", "my_mex", checks.check_mex),
    ("08_patterns_and_theory", "subtraction_grundy", checks.check_grundy),
    ("08_patterns_and_theory", "my_zeckendorf", checks.check_zeckendorf),
    ("09_beyond_nim", "winner", checks.check_winner),
    ("09_beyond_nim", "canonical_board", checks.check_canonical_board),
    ("09_beyond_nim", "count_games", checks.check_count_games),
    ("09_beyond_nim", "open_lines", checks.check_open_lines),
    ("10_move_ordering_and_deepening", "best_case_leaves", checks.check_best_case_leaves),
    ("10_move_ordering_and_deepening", "move_order", checks.check_move_order),
    ("10_move_ordering_and_deepening", "deepen", checks.check_deepening),
    ("11_connect_four", "has_four", checks.check_four_in_a_row),
    ("11_connect_four", "win_score", checks.check_win_score),
    ("12_games_of_chance", "my_expectiminimax", checks.check_expectiminimax),
    ("12_games_of_chance", "pig_step", checks.check_pig_step),
    ("13_monte_carlo_tree_search", "my_back_up", checks.check_back_up),
    ("13_monte_carlo_tree_search", "my_playout", checks.check_playout),
    ("14_class_tournament", "keeps_result", checks.check_keeps_result),
    ("14_class_tournament", "agent", checks.check_bot),
]


@cache
def worked_solutions(notebook: str) -> dict:
    """The names the worked solutions of `notebook` define, run in turn as a learner would (the
    blocks that define a function or a class; the others show a session)."""
    cells = nbformat.read(NOTEBOOKS / f"{notebook}.ipynb", as_version=4).cells
    namespace = {}
    exec(IMPORTS + SET_UP.get(notebook, ""), namespace)
    for cell in cells:
        if cell.cell_type == "markdown" and "<details>" in cell.source:
            for block in re.findall(r"```python\n(.*?)```", cell.source, re.DOTALL):
                if re.search(r"^(def|class) ", block, re.MULTILINE):
                    exec(block, namespace)
    return namespace


@pytest.mark.slow
@pytest.mark.parametrize(
    ("notebook", "name", "check"), WORKED_SOLUTIONS, ids=lambda x: getattr(x, "__name__", x)
)
def test_a_worked_solution_passes_its_check(notebook, name, check):
    result = check(worked_solutions(notebook)[name])
    assert result.ok, result
