"""The book and the engine: the search a learner reads stays short, narrow and true to its glossary.

Run with ``pytest -s`` to see the figures: the modules and functions behind ``solve`` and
``best_move``, the reading order's lines, the longest function and the widest signature.
"""

import ast
import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

import nimlib
from nimlib import Nim, best_move, solve

NIMLIB = Path(nimlib.__file__).parent
BOOK_WINGS = ("games", "search")
LONGEST_BODY = 40  # lines of a function's body, its docstring left out
MOST_POSITIONAL = 6  # positional parameters, self and cls left out
WIDEST_LINE = 100  # characters of a line of nimlib (the notebooks keep to 74)
READING_ORDER_LINES = 1_400  # the ceiling the reading order keeps to (the issue's)


def entered(call) -> tuple[set[str], set[str]]:
    """The nimlib modules and functions that `call()` enters, as a learner would follow it.

    A function is a piece of code someone wrote: lambdas count, comprehensions (a part of the
    function they stand in) and the methods dataclasses generate do not.
    """
    modules, functions = set(), set()

    def watch(frame, event, argument):
        name, code = frame.f_globals.get("__name__", ""), frame.f_code
        generated = "__create_fn__" in code.co_qualname
        comprehension = code.co_name.endswith(("comp>", "genexpr>"))
        if event == "call" and name.startswith("nimlib") and not generated and not comprehension:
            modules.add(name)
            functions.add(f"{name}.{code.co_qualname}")

    sys.setprofile(watch)
    try:
        call()
    finally:
        sys.setprofile(None)
    return modules, functions


FOLLOWED = {
    "solve": (lambda: solve(Nim(), (1, 2, 3), method="alphabeta"), 6, 25),
    "best_move": (lambda: best_move(Nim(), (1, 2, 3), method="alphabeta"), 7, 35),
}


@pytest.mark.parametrize("name", FOLLOWED)
def test_following_solve_and_best_move_enters_few_modules_and_functions(name):
    call, most_modules, most_functions = FOLLOWED[name]
    modules, functions = entered(call)
    print(f"\n{name}: {len(modules)} modules, {len(functions)} functions: {sorted(modules)}")
    assert len(modules) <= most_modules, sorted(modules)
    assert len(functions) <= most_functions, sorted(functions)


def test_the_reading_order_lists_every_module_that_solve_and_best_move_enter():
    listed = set(re.findall(r"``([a-z_]+/[a-z_]+)\.py``", nimlib.__doc__))
    needed = set()
    for call, _, _ in FOLLOWED.values():
        needed |= entered(call)[0]
    needed = {module.removeprefix("nimlib.").replace(".", "/") for module in needed}
    assert needed <= listed, f"the reading order misses {sorted(needed - listed)}"


def test_the_reading_order_is_short():
    reading = nimlib.__doc__.split("Reading order")[1].split("Then, as you like")[0]
    files = set(re.findall(r"``([a-z_]+/[a-z_]+\.py)``", reading))
    total = sum(len((NIMLIB / path).read_text().splitlines()) for path in files)
    print(f"\nthe reading order: {len(files)} files, {total:,} lines")
    assert total <= READING_ORDER_LINES


def functions_of(wing: str):
    """Every function of a wing: its file, its line, its name, its body's lines, its positional
    parameters."""
    for path in sorted((NIMLIB / wing).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                body = node.body
                if (
                    body
                    and isinstance(body[0], ast.Expr)
                    and isinstance(body[0].value, ast.Constant)
                ):
                    body = body[1:]
                lines = body[-1].end_lineno - body[0].lineno + 1 if body else 0
                arguments = node.args.posonlyargs + node.args.args
                positional = len(arguments) - (
                    1 if arguments and arguments[0].arg in ("self", "cls") else 0
                )
                yield f"{wing}/{path.name}:{node.lineno} {node.name}", lines, positional


def test_no_function_of_the_games_and_the_search_is_long_or_wide():
    found = [function for wing in BOOK_WINGS for function in functions_of(wing)]
    longest = max(found, key=lambda function: function[1])
    widest = max(found, key=lambda function: function[2])
    print(
        f"\nlongest: {longest[0]} ({longest[1]} lines); widest: {widest[0]} ({widest[2]} positional)"
    )
    assert [f for f in found if f[1] > LONGEST_BODY] == []
    assert [f for f in found if f[2] > MOST_POSITIONAL] == []


def test_no_lambda_returns_a_lambda_in_the_games_and_the_search():
    for wing in BOOK_WINGS:
        for path in (NIMLIB / wing).glob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Lambda):
                    assert not any(
                        isinstance(inner, ast.Lambda) for inner in ast.walk(node.body)
                    ), path


def test_every_line_of_nimlib_fits_100_characters():
    wide = [
        f"{path.relative_to(NIMLIB)}:{number}"
        for path in sorted(NIMLIB.rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if len(line) > WIDEST_LINE
    ]
    assert wide == []


OLD_WORDS = {  # a word the glossary gave up: the one it uses instead
    "remaining": "depth",
    "moves_left": "depth",
    "settled_score": "answer_from_table",
    "proven_bounds": "stored_bounds",
    "probe": "answer_from_table",
    "explained_errors": "the guard of stats.searching",
    "recursion_guard": "the guard of stats.searching",
}


def test_the_book_and_the_engine_use_the_glossarys_words():
    """One name per idea: the words the glossary replaced appear in no name of games/ and
    search/."""
    reused = []
    for wing in BOOK_WINGS:
        for path in sorted((NIMLIB / wing).glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                name = (
                    getattr(node, "id", None)
                    or getattr(node, "arg", None)
                    or getattr(node, "name", None)
                )
                if name in OLD_WORDS and path.name != "deprecated.py":
                    reused.append(
                        f"{wing}/{path.name}:{node.lineno} {name} (say {OLD_WORDS[name]})"
                    )
    assert reused == []


def flips(node: ast.AST) -> bool:
    """Whether `node` turns a score or a window to the other side by hand: ``x if is_maximizing else
    -x``, or the same of a pair of numbers."""
    if not isinstance(node, ast.IfExp) or "is_maximizing" not in ast.unparse(node.test):
        return False

    def parts(branch: ast.AST) -> list[ast.AST]:
        return branch.elts if isinstance(branch, ast.Tuple) else [branch]

    kept = {ast.unparse(value) for value in parts(node.body) if not isinstance(value, ast.Constant)}
    negated = parts(node.orelse)
    return all(
        isinstance(value, ast.UnaryOp)
        and isinstance(value.op, ast.USub)
        and ast.unparse(value.operand) in kept
        for value in negated
    )


def test_one_helper_turns_a_score_or_a_window_to_the_other_side():
    found = [
        f"{path.relative_to(NIMLIB)}:{node.lineno}"
        for wing in BOOK_WINGS
        for path in sorted((NIMLIB / wing).glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text()))
        if flips(node) and path.name != "values.py"
    ]
    assert found == [], "use values.for_mover and values.mover_window"


def test_the_old_names_of_the_tables_rules_still_work_with_a_warning():
    from nimlib.search.table import answer_from_table, stored_bounds, within

    module = importlib.import_module("nimlib.search.alphabeta")

    with pytest.warns(DeprecationWarning, match="moved"):
        old = module.proven_bounds
    with pytest.warns(DeprecationWarning, match="stored_bounds"):
        assert old(2, (3, 9), (-9, 9), (-5, 5)) == within(stored_bounds(2, 3, 9, -9, 9), (-5, 5))
    with pytest.warns(DeprecationWarning):
        assert module.settled_score is answer_from_table


def test_a_search_loads_no_drawing_widget_or_plot_library():
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from nimlib import solve; print(' '.join(sys.modules))",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert [
        name for name in loaded if name.split(".")[0] in ("graphviz", "ipywidgets", "matplotlib")
    ] == []


def test_the_limits_do_not_import_the_counters():
    imported = ast.parse((NIMLIB / "search" / "limits.py").read_text())
    modules = {node.module for node in ast.walk(imported) if isinstance(node, ast.ImportFrom)}
    assert "nimlib.search.stats" not in modules
