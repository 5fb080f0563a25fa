"""The course's commands and its whole round trip with nbgrader, in one temporary copy of course/
(issue 35): first the README's block of course commands, word for word, by whoever runs the tests
(a user or root), with the tests' Python environment standing for the one the block's first two
lines make and activate: every command succeeds and says no error, the exchange is the course's own
exchange/, and the student's feedback comes back. The round trip goes on from there, as a lecturer
would: the student versions keep no solution line; the student edits the assignment the block
fetched (the worked solutions) and submits it again through the exchange; the other submissions
are laid out as a learning platform's download; one `nbgrader autograde` grades three students in
every assignment (the worked solutions: full marks; a wrong solution from the checks' catalogue in
each assignment: exactly those exercises lost; nothing written: zero, without an error), and the
feedback shows the checks' own messages and hints. The scores are printed for CI's log.

CI runs every assignment (NIMLIB_COURSE_ASSIGNMENTS=all, three minutes on a busy 2-core machine);
`pytest -m ci` run by hand runs 01, 03, 11 and 14. 14's last exercise is graded by games against
the ladder, with partial credit: the worked bot gets its 3 points, the partial student's bot
(exercise 2's, which loses to one_ply) 2 of them, no bot none.

Skips, saying why, where nbgrader is not installed (it is in requirements-teach.txt, for lecturers).
"""

import ast
import html
import inspect
import os
import pwd
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import make_assignments as course
import nbformat
import pytest
import solutions

import nimlib.checks as checks

EVERY_ASSIGNMENT = (
    os.environ.get("NIMLIB_COURSE_ASSIGNMENTS") == "all"
)  # CI sets it: each costs kernels
ASSIGNMENTS = [
    path.stem
    for path in sorted(course.NOTEBOOKS.glob("[0-9]*.ipynb"))
    if EVERY_ASSIGNMENT
    or path.stem[:2] in ("01", "03", "11", "14")  # functions, a class, constants; a hint; games
]
EXCHANGED = ASSIGNMENTS[0]  # 01, which the README's commands send through the exchange
WORKED = pwd.getpwuid(os.getuid()).pw_name  # the exchange knows a student by the account's name
STUDENTS = (
    WORKED,
    "partial",
    "empty",
)  # the worked solutions, a wrong one in each assignment, none


def wrong_solutions() -> dict[str, list[object]]:
    """The wrong solutions of each check, by the check's name, from the tests of the checks."""
    wrongs = {
        check.__name__: list(wrong.values()) for check, (_, wrong) in solutions.CATALOGUE.items()
    }
    wrongs["check_keeps_result"] = [wrong for wrong, _ in solutions.WRONG_KEEPS.values()]
    wrongs["check_bot"] = [wrong for wrong, _ in solutions.WRONG_BOTS.values()]
    wrongs["check_ladder"] = [solutions.wins_blocks_centre]  # exercise 2's bot: 2 of 3 rungs
    return wrongs


def source_of(solution: object) -> str | None:
    """The code of a wrong solution as a learner would write it: a def, a class or a lambda."""
    if (
        not (inspect.isfunction(solution) or inspect.isclass(solution))
        or solution.__module__ == "nimlib"
    ):
        return None
    if "<locals>" in solution.__qualname__:  # made inside a function, with names of its own
        return None
    if solution.__name__ != "<lambda>":
        return inspect.getsource(solution)
    module = Path(inspect.getsourcefile(solution)).read_text()
    lambdas = [
        node
        for node in ast.walk(ast.parse(module))
        if isinstance(node, ast.Lambda) and node.lineno == solution.__code__.co_firstlineno
    ]
    return (
        f"lambda_solution = {ast.get_source_segment(module, lambdas[0])}\n"
        if len(lambdas) == 1
        else None
    )


def wrong_cell(call: str, name: str, known: set[str], worked: str) -> tuple[str, str]:
    """A solution cell defining `name` with a wrong solution of the check that can stand alone, one
    the check gives a hint for if there is one, and what the check says of it. The tests' helpers it
    calls are written above it and, for a wrong class made from the right one (a subclass of the
    solutions' X), the worked solution of X, as a learner's slip would be."""
    check = call.split("(")[0]
    messages = {
        id(solution): message(call, name, solution) for solution in wrong_solutions()[check]
    }
    hinted_first = sorted(
        wrong_solutions()[check], key=lambda solution: "Hint:" not in messages[id(solution)]
    )
    for solution in hinted_first:
        code = standalone(solution, name, known, worked)
        if code is not None:
            defined = "lambda_solution" if "lambda_solution = " in code else solution.__name__
            return f"{code}\n\n{name} = {defined}\n", messages[id(solution)]
    raise AssertionError(f"no wrong solution of {check} stands alone")


def message(call: str, name: str, solution: object) -> str:
    """What the check of the exercise, called as its test cell calls it, says of `solution`, run
    here."""
    return repr(eval(call, {**vars(checks), name: solution}))


def standalone(solution: object, name: str, known: set[str], worked: str) -> str | None:
    """The code of `solution` and of the helpers of its module that it needs, or None."""
    code = source_of(solution)
    if code is None:
        return None
    if re.search(rf"^class \w+\({name}\)", code, re.MULTILINE):
        code = worked + "\n\n" + code
    if name in course.free_names(code) and getattr(solution, "__name__", "") != name:
        return None  # it calls the right `name`; in the learner's cell, `name` would be itself
    for _ in range(3):
        missing = course.free_names(code) - known - {getattr(solution, "__name__", "")}
        helpers = [source_of(solution.__globals__.get(helper)) for helper in sorted(missing)]
        if not missing or None in helpers:
            return None if missing else code
        code = "\n\n".join([*helpers, code])
    return None


README = Path(__file__).resolve().parents[2] / "README.md"
SETUP = ("python3 -m venv .venv", "source .venv/bin/activate")  # the tests' environment stands in


def course_commands() -> list[str]:
    """The README's block of course commands, without the lines that make the environment."""
    block = next(
        block
        for block in re.findall(r"```bash\n(.+?)\n```", README.read_text(encoding="utf-8"), re.S)
        if "nbgrader generate_assignment" in block
    )
    lines = block.splitlines()
    assert [line.startswith(SETUP) for line in lines[:2]] == [True, True], lines[:2]
    return lines[2:]


def environment(home: Path) -> dict[str, str]:
    """The environment of a lecturer's shell: the tests' Python environment activated, and `home`
    for nbgrader's cache of submissions, apart from the user's."""
    return {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "HOME": str(home),
    }


@dataclass
class CourseRun:
    """A copy of course/ (`root`) in which the README's block of course commands has run: what
    they said, their exit status, and the environment they ran in."""

    root: Path
    said: str
    returncode: int
    environment: dict[str, str]


@pytest.fixture(scope="module")
def course_run(tmp_path_factory) -> CourseRun:
    """The README's block of course commands run word for word in a copy of course/: set up once,
    for the test of the commands and the round trip that goes on from where they leave it.
    Skipped where nbgrader is not installed (imported here, not by the module: a run that leaves
    CI's tier out does not wait for it)."""
    pytest.importorskip(
        "nbgrader", reason="nbgrader is for lecturers: pip install -r requirements-teach.txt"
    )
    folder = tmp_path_factory.mktemp("course")
    shutil.copytree(
        course.COURSE,
        folder / "course",
        ignore=shutil.ignore_patterns(*(Path(course.COURSE / ".gitignore").read_text().split())),
    )
    shell = environment(folder / "home")
    done = subprocess.run(
        ["bash", "-e", "-c", "\n".join(course_commands())],
        cwd=folder,
        env=shell,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return CourseRun(folder / "course", done.stdout + done.stderr, done.returncode, shell)


def nbgrader(*arguments: str, cwd: Path, shell: dict[str, str]) -> str:
    """Run an nbgrader command as a lecturer (or a student) types it in `shell`; fail on an
    error."""
    done = subprocess.run(
        ["nbgrader", *arguments],
        cwd=cwd,
        env=shell,
        capture_output=True,
        text=True,
        timeout=600,
    )
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    assert "[ERROR]" not in said, said
    # nbgrader reads a graded cell's last value as a score, and warns when it is no number
    assert "cannot be converted to" not in said, said
    # its kernels' messages are encrypted (jupyter-config's jupyter_config.json): ipykernel warns
    # at each kernel started without keys, in the lecturer's terminal
    assert "without encryption" not in said, said
    return said


def solution_lines(source: nbformat.NotebookNode) -> list[str]:
    """The lines of every solution region of a source notebook."""
    lines = []
    for cell in source.cells:
        for region in re.findall(rf"{course.BEGIN}\n(.*?)\n *{course.END}", cell.source, re.S):
            lines += [line.strip() for line in region.splitlines() if line.strip()]
    return lines


def outside_regions(source: nbformat.NotebookNode) -> list[str]:
    """The lines of a source notebook outside its solution regions (given to the student)."""
    text = "\n".join(cell.source for cell in source.cells)
    return re.sub(rf"{course.BEGIN}\n.*?\n *{course.END}", "", text, flags=re.S).splitlines()


def submission(
    release: nbformat.NotebookNode,
    source: nbformat.NotebookNode,
    student: str,
    partial: tuple[str, str, str],
) -> nbformat.NotebookNode:
    """A student's notebook: the released one, its solution cells written as `student` writes
    them (the partial student writes `partial`, the assignment's partial_answer, in its cell)."""
    notebook = nbformat.from_dict(release)
    for cell, original in zip(notebook.cells, source.cells, strict=True):
        if cell.metadata.get("nbgrader", {}).get("solution") and student != "empty":
            cell.source = worked_code(original)
    if student == "partial":
        grade_id, code, _ = partial
        [
            cell
            for cell in notebook.cells
            if cell.metadata.get("nbgrader", {}).get("grade_id") == grade_id
        ][0].source = code
    return notebook


def worked_code(cell: nbformat.NotebookNode) -> str:
    """The source version's solution cell without nbgrader's markers: the worked solution."""
    return re.sub(rf"^ *({course.BEGIN}|{course.END})\n", "", cell.source, flags=re.M)


def partial_answer(source: nbformat.NotebookNode) -> tuple[str, str, str]:
    """The partial student's one wrong exercise in an assignment (its last): the grade id of its
    solution cell, the wrong code written there, and what its check says of it (run here: 14's
    plays the ladder's games, about a minute, so the round trip works it out once)."""
    grade_id, call, name = wrong_exercise(source)
    cells = {cell.metadata.nbgrader["grade_id"]: cell for cell in source.cells}
    known = set().union(
        *(
            course.defined_names(ast.parse(cell.source))
            for cell in source.cells
            if cell.cell_type == "code"
        )
    )
    return grade_id, *wrong_cell(call, name, known, worked_code(cells[grade_id]))


def wrong_exercise(source: nbformat.NotebookNode) -> tuple[str, str, str]:
    """The exercise the partial student gets wrong (the last one): its solution cell's grade id, the
    call of its check, and the name it defines."""
    cells = source.cells
    test = [cell for cell in cells if cell.metadata.nbgrader["grade"]][-1]
    solution = cells[cells.index(test) - 1]
    call = re.search(r"^result = (check_.*)$", test.source, re.M).group(1)
    name = re.search(r"^check_\w+\((\w+)", call).group(1)
    return solution.metadata.nbgrader["grade_id"], call, name


def test_the_readmes_course_commands_run_as_written(course_run):
    said = course_run.said
    assert course_run.returncode == 0, said
    assert "[ERROR]" not in said and "cannot be converted to" not in said, said
    assert "Creating exchange directory: " + str(course_run.root / "exchange") in said, said
    assert list((course_run.root / "student").glob("01_*/feedback/*/01_*.html")), said


def test_the_round_trip_gives_full_partial_and_zero_marks_and_feedback_with_the_hints(course_run):
    root, shell = course_run.root, course_run.environment
    assert course_run.returncode == 0, "the README's course commands failed: see the test of them"
    sources = {
        name: nbformat.read(root / "source" / name / f"{name}.ipynb", as_version=4)
        for name in ASSIGNMENTS
    }
    releases = {
        name: nbformat.read(root / "release" / name / f"{name}.ipynb", as_version=4)
        for name in ASSIGNMENTS
    }
    partials = {name: partial_answer(sources[name]) for name in ASSIGNMENTS}
    for name in ASSIGNMENTS:  # the student version keeps no line of any solution
        released = {
            line.strip() for cell in releases[name].cells for line in cell.source.splitlines()
        }
        given = {
            line.strip() for line in outside_regions(sources[name])
        }  # the setup's, the prompts'
        left = [line for line in solution_lines(sources[name]) if line in released - given]
        assert not left, f"{name}: solution lines left in the student version: {left}"
        assert "raise NotImplementedError()" in released
        assert len(solution_lines(sources[name])) > 0

    # The student works on the assignment the README's commands fetched from the course's own
    # exchange/ (its nbgrader_config.py) and submits it again; the lecturer collects the newer one.
    flags = ["--course", "nim-minimax", "--Exchange.root=../exchange"]
    home = root / "student"
    fetched = home / EXCHANGED / f"{EXCHANGED}.ipynb"
    worked = submission(
        nbformat.read(fetched, as_version=4), sources[EXCHANGED], WORKED, partials[EXCHANGED]
    )
    nbformat.write(worked, fetched)
    nbgrader("submit", EXCHANGED, *flags, cwd=home, shell=shell)
    nbgrader("collect", "--update", EXCHANGED, cwd=root, shell=shell)
    collected = nbformat.read(root / "submitted" / WORKED / EXCHANGED / f"{EXCHANGED}.ipynb", 4)
    assert [cell.source for cell in collected.cells] == [cell.source for cell in worked.cells]

    # The rest as a learning platform's download lays them out: submitted/STUDENT/ASSIGNMENT/.
    for student in STUDENTS:
        for name in ASSIGNMENTS:
            target = root / "submitted" / student / name / f"{name}.ipynb"
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                nbformat.write(
                    submission(releases[name], sources[name], student, partials[name]), target
                )
                (target.parent / "timestamp.txt").write_text(
                    f"{datetime.now(UTC):%Y-%m-%d %H:%M:%S.%f} UTC"
                )
    # One autograde for every submission (the collected one is newer than its grading by the
    # README's commands, so it is graded again), then the feedback and the grades.
    nbgrader("autograde", "*", "--create", cwd=root, shell=shell)
    nbgrader("generate_feedback", "*", cwd=root, shell=shell)
    nbgrader("export", cwd=root, shell=shell)
    rows = (root / "grades.csv").read_text().splitlines()[1:]  # one per assignment and student
    assert len(rows) == len(list((root / "source").iterdir())) * len(STUDENTS), rows

    scores = report_scores(root, sources)
    full = sum(maximum for _, maximum in scores[WORKED].values())
    assert all(score == maximum for score, maximum in scores[WORKED].values()), scores[WORKED]
    assert all(score == 0 for score, _ in scores["empty"].values()), scores["empty"]
    for name in ASSIGNMENTS:
        lost = {
            cell
            for cell, (score, maximum) in scores["partial"].items()
            if cell[0] == name and score < maximum
        }
        assert lost == {(name, partials[name][0].replace("_solution", "_check"))}, lost
    assert 0 < sum(score for score, _ in scores["partial"].values()) < full
    ladder = next((name for name in ASSIGNMENTS if name.startswith("14")), None)
    if ladder:  # partial credit: a point per reference bot beaten, of 3
        for student, points in ((WORKED, 3), ("partial", 2), ("empty", 0)):
            assert scores[student][ladder, "ex3_check"] == (points, 3), graded_output(
                root, student, ladder, "ex3_check"
            )
    check_feedback(root, partials)


def graded_output(root: Path, student: str, name: str, grade_id: str) -> str:
    """What the check cell `grade_id` printed when nbgrader graded `student`'s `name`."""
    graded = nbformat.read(root / "autograded" / student / name / f"{name}.ipynb", 4)
    cells = [cell for cell in graded.cells if cell.metadata.get("nbgrader", {}).get("grade_id")]
    cell = next(cell for cell in cells if cell.metadata.nbgrader["grade_id"] == grade_id)
    return "".join(output.get("text", output.get("evalue", "")) for output in cell.outputs)


def report_scores(
    root: Path, sources: dict
) -> dict[str, dict[tuple[str, str], tuple[float, float]]]:
    """Each student's score and maximum on each check cell, from nbgrader's gradebook; printed."""
    from nbgrader.api import Gradebook

    scores: dict[str, dict[tuple[str, str], tuple[float, float]]] = {}
    with Gradebook(f"sqlite:///{root / 'gradebook.db'}") as gradebook:
        for student in STUDENTS:
            scores[student] = {}
            for name in ASSIGNMENTS:
                notebook = gradebook.find_submission_notebook(name, name, student)
                for grade in notebook.grades:
                    scores[student][name, grade.name] = (grade.score, grade.max_score)
    for student, cells in scores.items():
        total = sum(score for score, _ in cells.values())
        full = sum(maximum for _, maximum in cells.values())
        lost = [
            f"{name[:2]} {cell.removesuffix('_check')}"
            for (name, cell), (score, maximum) in cells.items()
            if score < maximum
        ]
        print(
            f"nbgrader round trip: {student}: {total:g} of {full:g} points; lost: {', '.join(lost) or 'none'}"
        )
    return scores


def check_feedback(root: Path, partials: dict[str, tuple[str, str, str]]) -> None:
    """The partial student's feedback shows, for each exercise lost, the check's own message, word
    for word as the check says it here: what was expected and, where the check has one, its hint;
    and no traceback of the check cell's code above it."""
    hints = 0
    for name in ASSIGNMENTS:
        page = (root / "feedback" / "partial" / name / f"{name}.html").read_text()
        page = html.unescape(re.sub(r"<[^>]+>", "", page))  # tags first: a message may say "<="
        _, _, said = partials[name]
        words = " ".join(page.split())  # the page may break the message's lines elsewhere
        traceback = "most recent call last"  # (the page's style sheet names Generic.Traceback)
        assert traceback not in words, f"{name}: the feedback shows a traceback above a message"
        for line in said.splitlines():
            assert " ".join(line.split()) in words, (
                f"{name}: the feedback does not show the check's line {line!r}"
            )
        hints += "Hint:" in said
    print(
        f"nbgrader round trip: feedback of {len(ASSIGNMENTS)} assignments shows the checks' messages, {hints} with a hint"
    )
    assert hints > 0


pytestmark = pytest.mark.ci  # nbgrader in kernels: CI's tier
