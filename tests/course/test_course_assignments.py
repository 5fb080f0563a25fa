"""The course's nbgrader assignments (course/source/) stay in step with the notebooks' exercises:
the script that writes them writes the same files again, every exercise is there with its check, its
solution region and its points, and the worked solutions pass their checks (issue 35)."""

import ast
import contextlib
import linecache
import re

import make_assignments as course
import nbformat
import pytest

import nimlib.checks as checks

NOTEBOOKS = sorted(course.NOTEBOOKS.glob("[0-9]*.ipynb"))
GRADED_BY_GAMES = "14"  # check_ladder plays games in processes of their own: CI's tier


def exercise_cells_of(path):
    """The exercise code cells of a notebook."""
    return [
        cell for cell in nbformat.read(path, as_version=4).cells if course.is_exercise_cell(cell)
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem[:2])
def test_the_course_source_is_what_the_script_writes_from_the_notebook(path):
    stored = course.COURSE / "source" / path.stem / path.name
    assert stored.exists(), "run: python scripts/make_assignments.py"
    assert course.assignment(path, hidden=False) == nbformat.read(stored, as_version=4), (
        f"{stored.name} is out of step with the notebook: run python scripts/make_assignments.py"
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem[:2])
def test_every_exercise_has_a_solution_cell_and_a_graded_check_of_the_notebooks_own(path):
    cells = nbformat.read(course.COURSE / "source" / path.stem / path.name, as_version=4).cells
    solutions = [cell for cell in cells if cell.metadata.nbgrader["solution"]]
    tests = [cell for cell in cells if cell.metadata.nbgrader["grade"]]
    exercises = exercise_cells_of(path)
    assert len(solutions) == len(tests) == len(exercises) > 0
    for exercise, solution, test in zip(exercises, solutions, tests, strict=True):
        check_call = [line for line in exercise.source.splitlines() if line.startswith("check_")]
        check = getattr(checks, check_call[0].split("(")[0])
        assert f"result = {check_call[0]}" in test.source
        assert course.BEGIN in solution.source and course.END in solution.source
        if hasattr(check, "points"):  # graded partially: the cell's last value is the points
            assert test.source.rstrip().splitlines()[-1].startswith("result.points")
            assert test.metadata.nbgrader["points"] == check.points > course.POINTS
        else:
            assert "result.raise_if_wrong()" in test.source
            assert test.metadata.nbgrader["points"] == course.POINTS
    ids = [cell.metadata.nbgrader["grade_id"] for cell in cells]
    assert len(set(ids)) == len(ids), "nbgrader needs a grade_id of its own for each cell"


def run_cell(source: str, name: str, namespace: dict) -> None:
    """Run a cell's code in `namespace`, its source kept where inspect finds it, as IPython keeps
    it (check_ladder copies a bot's source to a file)."""
    linecache.cache[name] = (len(source), None, source.splitlines(keepends=True), name)
    exec(compile(source, name, "exec"), namespace)


@pytest.mark.parametrize(
    "path",
    [
        pytest.param(path, marks=[pytest.mark.ci] if path.stem[:2] == GRADED_BY_GAMES else [])
        for path in NOTEBOOKS
    ],
    ids=lambda path: path.stem[:2],
)
@pytest.mark.slow
def test_the_worked_solutions_pass_the_checks_and_the_skeletons_do_not(path):
    """Run the source version (setup, worked solutions, checks) in this process; then again with the
    solution regions replaced by nbgrader's stub, where every check must fail, told of the
    skeleton's function (never Python's NameError: the stub defines it). A check that grades
    partially gives the worked solution all its points."""
    source = nbformat.read(course.COURSE / "source" / path.stem / path.name, as_version=4)
    namespace: dict = {}
    for index, cell in enumerate(source.cells):
        if cell.cell_type == "code":
            run_cell(cell.source, f"<{path.stem} cell {index}>", namespace)  # asserts its check
            if "result.points" in cell.source:
                assert namespace["result"].points == cell.metadata.nbgrader["points"]
    stubbed: dict = {}
    for cell in source.cells:
        if cell.cell_type != "code":
            continue
        code = re.sub(
            r"^( *)### BEGIN SOLUTION\n.*?### END SOLUTION",
            r"\1raise NotImplementedError()",
            cell.source,
            flags=re.S | re.M,
        )
        if "result.points" in code:  # a check that grades partially gives no points
            exec(compile(code, f"<{path.stem} stub>", "exec"), stubbed)
            assert stubbed["result"].points == 0 and "✘" in str(stubbed["result"])
        elif cell.metadata.nbgrader["grade"]:  # the check runs on the skeleton, defined
            with pytest.raises(AssertionError, match="✘"):
                exec(compile(code, f"<{path.stem} stub>", "exec"), stubbed)
        else:  # a stub at the top level of a cell raises, as it does for a student
            with contextlib.suppress(NotImplementedError):
                exec(compile(code, f"<{path.stem} stub>", "exec"), stubbed)


def test_hidden_checks_are_one_setting_that_hides_every_check():
    path = NOTEBOOKS[0]
    hidden = course.assignment(path, hidden=True)
    tests = [cell for cell in hidden.cells if cell.metadata.nbgrader["grade"]]
    assert tests and all(
        course.HIDDEN_BEGIN in cell.source and course.HIDDEN_END in cell.source for cell in tests
    )
    assert "hidden until your work is graded" in hidden.cells[0].source
    shown = course.assignment(path, hidden=False)
    assert not any(course.HIDDEN_BEGIN in cell.source for cell in shown.cells)


def test_the_setup_cell_holds_only_what_the_exercises_use():
    setup = course.assignment(course.NOTEBOOKS / "05_alphabeta.ipynb", hidden=False).cells[1].source
    defined = course.defined_names(ast.parse(setup))
    assert {"answer_from_table", "stored_bounds", "inf"} <= defined
    assert "draw_tree" not in defined  # imported by the notebook, used by no exercise


def test_a_student_cell_starts_with_the_skeleton_and_the_solutions_helpers_in_a_region_below():
    """A worked solution with a helper and @cache made the whole cell one region: the student got
    an empty cell (its check then raised NameError); kept whole, the decorator told the way."""
    skeleton = 'def fib(n):\n    """Fibonacci."""\n    return None  # your code here\n'
    solution = (
        "from functools import cache\n\n\ndef small(n):\n    return n < 2\n\n\n@cache\n"
        'def fib(n):\n    """Fibonacci."""\n    return n if small(n) else fib(n - 1) + fib(n - 2)\n'
    )
    cell = course.with_regions(skeleton, solution)
    student = re.sub(
        rf"^( *){course.BEGIN}\n.*?{course.END}",
        r"\1raise NotImplementedError()",
        cell,
        flags=re.S | re.M,
    )
    assert student.startswith('def fib(n):\n    """Fibonacci."""\n    raise NotImplementedError()')
    assert "cache" not in student and "small" not in student
    namespace: dict = {}
    exec(cell, namespace)
    assert namespace["fib"].cache_info  # the solution's @cache, applied below the definition
    students: dict = {}
    with pytest.raises(NotImplementedError):  # the student's cell: its stub below raises...
        exec(student, students)
    assert "fib" in students  # ... once the skeleton is defined


SKELETON = 'def fib(n):\n    """Fibonacci."""\n    return None  # your code here\n'


def test_the_rest_of_a_solution_keeps_its_order_and_a_solution_the_script_cannot_split_is_whole():
    """A constant that calls the decorated function came before the decorator was applied; a
    function given twice, or a skeleton's decorator under one of the solution's, would have run
    otherwise than the solution: those cells stay one region, with the skeleton in the prompt."""
    cached = (
        "from functools import cache\n\n\n@cache\ndef fib(n):\n    return n\n\n\nFIRST = fib(3)\n"
    )
    rest = course.with_regions(SKELETON, cached).split(course.HELPERS)[1]
    assert rest.index("fib = cache(fib)") < rest.index("FIRST = fib(3)")
    twice = "def fib(n):\n    return 0\n\n\ndef fib(n):\n    return n\n"
    assert course.with_regions(SKELETON, twice) is None
    under = "@cache\n@trace\ndef fib(n):\n    return n\n"
    assert course.with_regions("@cache\n" + SKELETON, under) is None


@pytest.mark.slow
def test_a_notebook_without_exercises_is_named_not_a_traceback(tmp_path):
    import subprocess
    import sys

    series = tmp_path / "notebooks"
    series.mkdir()
    cells = [nbformat.v4.new_markdown_cell("# 99 · A notebook\n\nNo exercises yet.")]
    nbformat.write(nbformat.v4.new_notebook(cells=cells), series / "99_no_exercises.ipynb")
    done = subprocess.run(
        [sys.executable, course.__file__, "--notebooks", str(series), "--course", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2, done
    assert "99_no_exercises.ipynb: no '## Exercises' heading" in done.stderr
    assert "Traceback" not in done.stderr
