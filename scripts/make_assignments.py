"""Write the nbgrader source notebooks of a course from the series' own exercises and checks.

    python scripts/make_assignments.py                  # write course/source/ (checks visible)
    python scripts/make_assignments.py --hidden-checks  # the checks hidden until grading
    python scripts/make_assignments.py --check          # say whether course/source/ is up to date

One truth: each notebook's exercise cell (a skeleton and a call of a check from nimlib.checks),
its worked solution (the ``<details>`` block below it) and the code of the notebook the exercise
uses become one assignment, ``course/source/NN_name/NN_name.ipynb``, in nbgrader's format:

- a locked setup cell: the cells of the notebook that define what the exercises use;
- per exercise, its prompt, a solution cell (the skeleton's signature and docstring, the worked
  solution between ``### BEGIN SOLUTION`` and ``### END SOLUTION``), and an autograded test cell
  that calls the same check, asserts that it passed (its message carries the check's hints) and
  prints what the check said (a cell's last value would be read by nbgrader as a partial score);
- POINTS points per exercise; an exercise whose check grades partially (it has ``points``, such
  as check_ladder's one per reference bot beaten) gets that many, and its test cell's last value
  is the points earned, which nbgrader reads as the cell's score.

With ``--hidden-checks`` the test cells are hidden from the student version until grading (one
setting, the lecturer's choice); by default a student runs them for instant feedback.
"""

from __future__ import annotations

import argparse
import ast
import builtins
import re
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
from nbformat import NotebookNode

import nimlib.checks

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
COURSE = ROOT / "course"
POINTS = 1
BEGIN, END = "### BEGIN SOLUTION", "### END SOLUTION"
HELPERS = "# Helpers and constants of your own go here, if you use any:"
HIDDEN_BEGIN, HIDDEN_END = "### BEGIN HIDDEN TESTS", "### END HIDDEN TESTS"
BUILTINS = set(dir(builtins)) | {"__file__", "__name__", "display", "get_ipython"}
SKELETON_MARK = "# your code here"
EXERCISES_HEADING = re.compile(r"^##\s+Exercises?\b.*$", re.M)
SOLUTION_CODE = re.compile(r"```python\n(.*?)```", re.S)


@dataclass
class Exercise:
    """One exercise of a notebook: its prompt, skeleton cell, worked solution and check call."""

    number: int
    title: str
    prompt: str
    skeleton: str
    solution: str
    check_call: str = ""
    imports: list[str] = field(default_factory=list)

    @property
    def check(self) -> str:
        """The name of the exercise's check, such as check_bot."""
        found = re.match(r"\s*(check_\w+)", self.check_call)
        if found is None:
            raise ValueError(
                f"exercise {self.number}: cannot read the check in {self.check_call!r}"
            )
        return found.group(1)

    @property
    def points(self) -> int:
        """POINTS, or the points of a check that grades partially (check_ladder's)."""
        return getattr(getattr(nimlib.checks, self.check, None), "points", POINTS)

    @property
    def partial(self) -> bool:
        """Whether the check grades partially: its test cell's last value is the points."""
        return hasattr(getattr(nimlib.checks, self.check, None), "points")


def markdown_of(cell: NotebookNode) -> str:
    """The text of a cell."""
    return cell.source if isinstance(cell.source, str) else "".join(cell.source)


def code_of(source: str) -> str:
    """`source` without IPython's magic and shell lines, so that Python's parser reads it."""
    return "\n".join(
        "" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines()
    )


def exercises_start(cells: list[NotebookNode]) -> tuple[int, int]:
    """The index of the cell where the exercises begin, and the offset of their heading in it."""
    for index, cell in enumerate(cells):
        match = (
            EXERCISES_HEADING.search(markdown_of(cell)) if cell.cell_type == "markdown" else None
        )
        if match:
            return index, match.start()
    raise ValueError(
        "no '## Exercises' heading: each notebook of the series ends with its exercises (a "
        "markdown cell that opens with '## Exercises', then the exercise cells)"
    )


def is_exercise_cell(cell: NotebookNode) -> bool:
    """Whether `cell` is an exercise's skeleton: code with a 'your code here' and a check call."""
    return cell.cell_type == "code" and SKELETON_MARK in cell.source and "check_" in cell.source


def worked_solution(cell: NotebookNode) -> str | None:
    """The Python code of a worked-solution block, or None if `cell` is not one."""
    text = markdown_of(cell)
    if cell.cell_type != "markdown" or not text.lstrip().startswith("<details>"):
        return None
    blocks = [
        block for block in SOLUTION_CODE.findall(text) if not block.lstrip().startswith(">>>")
    ]
    return "\n".join(blocks).strip() + "\n"


def title_and_prompt(texts: list[str], number: int) -> tuple[str, str]:
    """The title of exercise `number` and its prompt, from the markdown written above its cell: its
    heading, "### Exercise 2 · The title", and the words under it."""
    text = "\n\n".join(texts)
    heading = re.search(rf"^### Exercise {number} · (.+)$", text, re.M)
    if heading is None:
        raise ValueError(
            f"exercise {number} has no heading '### Exercise {number} · Its title' above its cell"
        )
    return heading.group(1).strip(), text[heading.end() :].strip()


def notebook_exercises(cells: list[NotebookNode]) -> tuple[list[Exercise], list[str]]:
    """The exercises of a notebook, and the code cells of its exercise section that are not one."""
    start, offset = exercises_start(cells)
    exercises: list[Exercise] = []
    texts, other_code = [markdown_of(cells[start])[offset:]], []
    for cell in cells[start + 1 :]:
        solution = worked_solution(cell)
        if solution is not None and exercises:  # a worked solution may take several blocks
            exercises[-1].solution = "\n\n".join(filter(None, [exercises[-1].solution, solution]))
        elif is_exercise_cell(cell):
            title, prompt = title_and_prompt(texts, len(exercises) + 1)
            exercises.append(split_skeleton(len(exercises) + 1, title, prompt, cell.source))
            texts = []
        elif cell.cell_type == "code":
            other_code.append(cell.source)
        elif solution is None and not markdown_of(cell).lstrip().startswith("---"):
            texts.append(markdown_of(cell))
    missing = [exercise.number for exercise in exercises if not exercise.solution]
    if missing:
        raise ValueError(f"exercises {missing} have no worked solution")
    return exercises, other_code


def split_skeleton(number: int, title: str, prompt: str, source: str) -> Exercise:
    """An Exercise from a skeleton cell: its imports, definitions and the call of its check."""
    tree = ast.parse(source)
    lines = source.splitlines()
    imports, definitions, calls = [], [], []
    for node in tree.body:
        segment = "\n".join(lines[node.lineno - 1 : node.end_lineno])
        if isinstance(node, ast.Import | ast.ImportFrom):
            imports.append(segment)
        elif isinstance(node, ast.Expr) and "check_" in segment:
            calls.append(segment)
        else:
            definitions.append(segment)
    if len(calls) != 1:
        raise ValueError(f"exercise {number} ({title}) has {len(calls)} check calls, not one")
    return Exercise(number, title, prompt, "\n\n\n".join(definitions), "", calls[0], imports)


def free_names(source: str) -> set[str]:
    """The names `source` reads but defines nowhere in itself (nor are they Python's own)."""
    tree = ast.parse(code_of(source))
    defined, used = defined_names(tree, everywhere=True), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            used.add(node.id)
    return used - defined - BUILTINS


def defined_names(tree: ast.AST, everywhere: bool = False) -> set[str]:
    """The names bound at the top level of `tree` (or anywhere in it, with `everywhere`)."""
    nodes = ast.walk(tree) if everywhere else iter(getattr(tree, "body", []))
    names: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
        elif isinstance(node, ast.arg):
            names.add(node.arg)
        for target in getattr(node, "targets", [getattr(node, "target", None)]):
            names |= (
                {name.id for name in ast.walk(target) if isinstance(name, ast.Name)}
                if target
                else set()
            )
    return names


def statements(sources: list[str]) -> list[ast.stmt]:
    """The top-level statements of `sources`, in order, each knowing its own source text."""
    found = []
    for source in sources:
        code = code_of(source)
        lines = code.splitlines()
        for node in ast.parse(code).body:
            # type: ignore[attr-defined]
            node.text = "\n".join(lines[first_line(node) - 1 : node.end_lineno])
            found.append(node)
    return found


def setup_code(earlier: list[str], needed: set[str]) -> str:
    """The statements of `earlier` that define the `needed` names, and those they need in turn, in
    order; an import keeps only the names needed."""
    nodes = statements(earlier)
    chosen: dict[int, set[str]] = {}
    wanted = set(needed)
    while wanted:
        name = wanted.pop()
        definers = [
            i for i, node in enumerate(nodes) if name in defined_names(ast.Module([node], []))
        ]
        if definers and name not in chosen.setdefault(definers[-1], set()):
            chosen[definers[-1]].add(name)
            wanted |= free_names(nodes[definers[-1]].text)  # type: ignore[attr-defined]
    imports = [shown_statement(nodes[i], chosen[i]) for i in sorted(chosen) if is_import(nodes[i])]
    others = [
        shown_statement(nodes[i], chosen[i]) for i in sorted(chosen) if not is_import(nodes[i])
    ]
    return "\n\n\n".join(part for part in ["\n".join(imports), *others] if part)


def is_import(node: ast.stmt) -> bool:
    """Whether `node` is an import statement."""
    return isinstance(node, ast.Import | ast.ImportFrom)


def shown_statement(node: ast.stmt, names: set[str]) -> str:
    """The source of `node`; an import keeps only the `names`."""
    if not is_import(node):
        return node.text  # type: ignore[attr-defined]
    kept = [alias for alias in node.names if (alias.asname or alias.name).split(".")[0] in names]
    return ast.unparse(type(node)(**{**node.__dict__, "names": kept}))


def solution_cell_source(exercise: Exercise) -> str:
    """The solution cell: the skeleton's imports and signatures with the worked solution inside."""
    body = with_regions(exercise.skeleton, exercise.solution)
    if body is None:  # the solution does not fit the skeleton's shape: one region for all of it
        body = f"{BEGIN}\n{without_check_calls(exercise.solution)}\n{END}"
    return (
        "\n\n\n".join([*([("\n".join(exercise.imports))] if exercise.imports else []), body]) + "\n"
    )


def without_check_calls(code: str) -> str:
    """`code` without its top-level calls of a check (the test cell makes them)."""
    tree, lines = ast.parse(code), code.splitlines()
    kept = [
        "\n".join(lines[first_line(node) - 1 : node.end_lineno])
        for node in tree.body
        if not (isinstance(node, ast.Expr) and "check_" in ast.unparse(node))
    ]
    return "\n\n\n".join(kept)


def first_line(node: ast.stmt) -> int:
    """The first line of a statement, its decorators included."""
    return min(
        [node.lineno, *(decorator.lineno for decorator in getattr(node, "decorator_list", []))]
    )


def with_regions(skeleton: str, solution: str) -> str | None:
    """The skeleton with each definition's body replaced by the solution's, marked as a solution
    region, and the rest of the solution in one region below, in its order: its imports, helpers
    and constants, and the decorators the skeleton lacks, each applied by name where its
    definition stood (a student's cell raises there until its stub goes, but defines the
    skeleton's names; a decorator such as @cache is the solution's to give, not the skeleton's).
    None when the solution lacks a definition of the skeleton, gives it twice or with other
    parameters."""
    code = without_check_calls(solution)
    given = statements([code])
    wanted = ast.parse(skeleton).body
    names = [getattr(want, "name", None) for want in wanted]
    if None in names:  # a skeleton with code of its own beside its definitions
        return None
    defined = {node.name: node for node in given if getattr(node, "name", None) in names}
    twice = len([node for node in given if getattr(node, "name", None) in names]) > len(defined)
    if twice or len(defined) != len(wanted):
        return None
    pieces = [fill(skeleton, want, code, defined[want.name]) for want in wanted]
    if None in pieces:
        return None
    skeletons = dict(zip(names, wanted, strict=True))
    rest: list[str] = []
    for node in given:
        if node in defined.values():
            applied = decorators_applied(skeletons[node.name], node)
            if applied is None:
                return None
            rest += applied
        elif not isinstance(node, ast.Expr) or isinstance(node.value, ast.Call):
            rest.append(node.text)  # a bare expression only shows what the solution gives
    helpers = [f"{HELPERS}\n{BEGIN}\n" + "\n\n\n".join(rest) + f"\n{END}"] if rest else []
    return "\n\n\n".join([*pieces, *helpers])


def decorators_applied(want: ast.stmt, give: ast.stmt) -> list[str] | None:
    """The decorators of the solution's `give` outside those of the skeleton's `want`, each as
    the assignment that applies it (``count_games = cache(count_games)``), innermost first; None
    where the skeleton's are not the innermost (nothing applied afterwards could come under
    them)."""
    own = [ast.dump(decorator) for decorator in want.decorator_list]
    theirs = [ast.dump(decorator) for decorator in give.decorator_list]
    if theirs[len(theirs) - len(own) :] != own:
        return None
    return [
        f"{give.name} = {ast.unparse(decorator)}({give.name})"
        for decorator in reversed(give.decorator_list[: len(theirs) - len(own)])
    ]


def fill(skeleton: str, want: ast.stmt, solution: str, give: ast.stmt) -> str | None:
    """One skeleton definition, the body of the matching solution definition inside a region."""
    lines, solution_lines = skeleton.splitlines(), solution.splitlines()
    if isinstance(want, ast.FunctionDef) and isinstance(give, ast.FunctionDef):
        if not same_signature(want, give):
            return None
        header_end = want.body[0].end_lineno if has_docstring(want) else want.body[0].lineno - 1
        body = give.body[1:] if has_docstring(give) else give.body
        indent = " " * want.body[0].col_offset
        code = textwrap.dedent(
            "\n".join(solution_lines[first_line(body[0]) - 1 : body[-1].end_lineno])
        )
        region = textwrap.indent(f"{BEGIN}\n{code}\n{END}", indent)
        return "\n".join(lines[first_line(want) - 1 : header_end]) + "\n" + region
    if isinstance(want, ast.ClassDef) and isinstance(give, ast.ClassDef) and want.name == give.name:
        return fill_class(skeleton, want, solution, give)
    return None


def fill_class(skeleton: str, want: ast.ClassDef, solution: str, give: ast.ClassDef) -> str | None:
    """A skeleton class whose methods get the bodies of the solution class's methods."""
    lines = skeleton.splitlines()
    methods = {node.name: node for node in give.body if isinstance(node, ast.FunctionDef)}
    wanted = [node for node in want.body if isinstance(node, ast.FunctionDef)]
    if set(methods) != {node.name for node in wanted}:
        return None
    pieces = ["\n".join(lines[first_line(want) - 1 : first_line(wanted[0]) - 1]).rstrip()]
    for method in wanted:
        piece = fill(skeleton, method, solution, methods[method.name])
        if piece is None or decorators_applied(method, methods[method.name]) != []:
            return None  # a method's decorator cannot be applied after its class
        pieces.append(piece)
    return "\n\n".join(pieces)


def same_signature(want: ast.FunctionDef, give: ast.FunctionDef) -> bool:
    """Whether two definitions have the same name, parameters and defaults."""

    def shape(node: ast.FunctionDef) -> tuple[object, ...]:
        arguments = node.args
        names = [
            argument.arg
            for argument in arguments.posonlyargs + arguments.args + arguments.kwonlyargs
        ]
        defaults = [ast.dump(default) for default in arguments.defaults]
        return node.name, names, defaults

    return shape(want) == shape(give)


def has_docstring(node: ast.FunctionDef) -> bool:
    """Whether a function's body starts with a docstring."""
    first = node.body[0]
    return (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    )


def test_cell_source(exercise: Exercise, hidden: bool) -> str:
    """The autograded test cell: the exercise's own check, asserted, its result printed (nbgrader
    reads a cell's last value as its score, and warns about one that is no number)."""
    code = f"from nimlib.checks import {exercise.check}\n\nresult = {exercise.check_call}\n"
    if exercise.partial:  # nbgrader reads the last value as the points earned
        code += "print(result)\nresult.points  # your points: nbgrader reads this number"
    else:
        code += "result.raise_if_wrong()  # no points unless every case is right\nprint(result)"
    if not hidden:
        return (
            f"# The check of this exercise: run this cell to see if your code is right.\n{code}\n"
        )
    note = "# The check of this exercise is hidden: it runs when your work is graded."
    return f"{note}\n{HIDDEN_BEGIN}\n{code}\n{HIDDEN_END}\n"


def nbgrader_metadata(grade_id: str, solution: bool = False, points: int | None = None) -> dict:
    """The metadata nbgrader reads from a cell (schema 3): locked unless it is a solution."""
    metadata = {
        "grade": points is not None,
        "grade_id": grade_id,
        "locked": not solution,
        "schema_version": 3,
    }
    metadata["solution"] = solution
    if points is not None:
        metadata["points"] = points
    return {"nbgrader": metadata}


def assignment(path: Path, hidden: bool) -> NotebookNode:
    """The nbgrader source notebook of the exercises of the notebook at `path`, or a ValueError
    that names the notebook and what is wrong with it."""
    try:
        return assignment_of(path, nbformat.read(path, as_version=4), hidden)
    except (ValueError, SyntaxError) as error:  # SyntaxError: the code of an exercise
        raise ValueError(f"{path.name}: {error}") from None


def assignment_of(path: Path, notebook: NotebookNode, hidden: bool) -> NotebookNode:
    """The nbgrader source notebook of the exercises of `notebook`, read from `path`."""
    start, _ = exercises_start(notebook.cells)
    exercises, other_code = notebook_exercises(notebook.cells)
    earlier = [
        cell.source for cell in notebook.cells[:start] if cell.cell_type == "code"
    ] + other_code
    needed = set().union(
        *(free_names(exercise.skeleton + "\n" + exercise.solution) for exercise in exercises)
    )
    needed = {
        name for name in needed if not name.startswith("check_")
    }  # the test cells import them
    title = markdown_of(notebook.cells[0]).splitlines()[0].lstrip("# ").strip()
    cells = [intro_cell(path, title, exercises, hidden)]
    own = {name for exercise in exercises for name in defined_names(ast.parse(exercise.skeleton))}
    setup = setup_code(earlier, needed - own)
    cells.append(
        nbformat.v4.new_code_cell(setup_source(setup), metadata=nbgrader_metadata("setup"))
    )
    for exercise in exercises:
        cells += exercise_cells(exercise, hidden)
    for cell in cells:
        cell.id = cell.metadata.nbgrader["grade_id"]  # the same ids on every run, not random ones
    result = nbformat.v4.new_notebook(
        cells=cells, metadata={"kernelspec": notebook.metadata.get("kernelspec", {})}
    )
    result.metadata["language_info"] = {"name": "python"}
    return result


def setup_source(code: str) -> str:
    """The setup cell: the code of the notebook that the exercises use (or a note that none is)."""
    if not code:
        return "# The exercises use no code of the notebook: the checks import themselves.\n"
    return f"# The code of the notebook that the exercises use: run this cell first.\n\n{code}\n"


def intro_cell(path: Path, title: str, exercises: list[Exercise], hidden: bool) -> NotebookNode:
    """The assignment's first cell: what it is, how many points, and how the checks work."""
    total = sum(exercise.points for exercise in exercises)
    same = all(exercise.points == POINTS for exercise in exercises)
    each = f"{POINTS} point each, " if same else ""
    checks = (
        "The checks are hidden until your work is graded: test your functions yourself."
        if hidden
        else "Each exercise's check cell tells you at once whether your code is right: run it after yours."
    )
    removed = (
        "remove each `raise NotImplementedError()` under it: a cell with a place for helpers has "
        "two, and both go (write any helpers where the second was)"
        if any(HELPERS in solution_cell_source(exercise) for exercise in exercises)
        else "remove the `raise NotImplementedError()` under it"
    )
    text = (
        f"# Assignment: {title}\n\n"
        f"The exercises of notebook `{path.name}`: {len(exercises)} "
        f"exercise{'s' * (len(exercises) != 1)}, {each}{total} point{'s' * (total != 1)} in all. Run the setup cell first, then write your code where it says "
        f"`YOUR CODE HERE` ({removed}). {checks}"
    )
    return nbformat.v4.new_markdown_cell(text, metadata=nbgrader_metadata("intro"))


def exercise_cells(exercise: Exercise, hidden: bool) -> list[NotebookNode]:
    """The prompt, solution cell and test cell of one exercise."""
    number = exercise.number
    points = exercise.points
    heading = f"## Exercise {number}: {exercise.title} ({points} point{'s' * (points != 1)})\n\n"
    prompt = heading + exercise.prompt
    if with_regions(exercise.skeleton, exercise.solution) is None:  # the cell will start empty
        prompt += f"\n\nYour cell defines:\n\n```python\n{exercise.skeleton}\n```"
    return [
        nbformat.v4.new_markdown_cell(prompt, metadata=nbgrader_metadata(f"ex{number}_prompt")),
        nbformat.v4.new_code_cell(
            solution_cell_source(exercise),
            metadata=nbgrader_metadata(f"ex{number}_solution", solution=True),
        ),
        nbformat.v4.new_code_cell(
            test_cell_source(exercise, hidden),
            metadata=nbgrader_metadata(f"ex{number}_check", points=points),
        ),
    ]


def write_course(course: Path, hidden: bool, notebooks: Path = NOTEBOOKS) -> list[Path]:
    """Write every assignment's source notebook under `course`/source; return their paths."""
    written = []
    for path in sorted(notebooks.glob("[0-9]*.ipynb")):
        target = course / "source" / path.stem / path.name
        target.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(assignment(path, hidden), target)
        written.append(target)
    return written


def main() -> int:
    """Write course/source, or with --check say whether it matches the notebooks."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--hidden-checks", action="store_true", help="hide the checks until grading"
    )
    parser.add_argument(
        "--check", action="store_true", help="only say whether course/source is up to date"
    )
    parser.add_argument(
        "--course", type=Path, default=COURSE, help="the course directory (default: course/)"
    )
    parser.add_argument(
        "--notebooks", type=Path, default=NOTEBOOKS, help="the series (default: notebooks/)"
    )
    arguments = parser.parse_args()
    try:
        return written_or_checked(arguments)
    except ValueError as error:  # a notebook the course cannot be made from: said, no traceback
        print(f"make_assignments: {error}", file=sys.stderr)
        return 2


def written_or_checked(arguments: argparse.Namespace) -> int:
    """Write the course (0), or with --check say whether it is up to date (0) or stale (1: one
    not written is stale too); a ValueError if the series' folder holds no notebook."""
    if not sorted(arguments.notebooks.glob("[0-9]*.ipynb")):
        raise ValueError(f"{arguments.notebooks} holds no notebook (a file such as 01_name.ipynb)")
    if not arguments.check:
        for path in write_course(arguments.course, arguments.hidden_checks, arguments.notebooks):
            print(f"wrote {path.relative_to(arguments.course)}")
        return 0
    stale = [
        path.name
        for path in sorted(arguments.notebooks.glob("[0-9]*.ipynb"))
        if not (arguments.course / "source" / path.stem / path.name).is_file()
        or assignment(path, arguments.hidden_checks)
        != nbformat.read(arguments.course / "source" / path.stem / path.name, as_version=4)
    ]
    print("stale: " + ", ".join(stale) if stale else "course/source is up to date")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
