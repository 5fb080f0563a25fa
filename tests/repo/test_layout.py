"""The layout of nimlib: the book imports only the games, every wing imports only the wings
below it, the map in nimlib's docstring and CONTRIBUTING.md's places for a change stay true, and
the code keeps to the glossary's words."""

import ast
import re
import subprocess
import sys
from pathlib import Path

import nimlib
from nimlib import Nim, best_move, solve

NIMLIB = Path(nimlib.__file__).parent
LEVEL = {  # a wing (or module standing directly in nimlib) imports only lower levels and its own
    "games": 0,
    "book": 1,
    "engine": 2,
    "methods": 3,
    "quickest": 3,
    "solving": 4,
    "theory": 5,
    "drawing": 5,
    "widgets": 6,
    "terminal": 6,
    "jupyter": 6,
    "tournament": 7,
    "checks": 8,
}
SHELVES = ("games", "book", "engine")


def wing_of(module: str) -> str | None:
    """The wing of a dotted module name inside nimlib (None for nimlib itself and __main__)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LEVEL else None


def modules_of(wing: str) -> list[tuple[str, Path]]:
    """Every module of a wing (a folder of nimlib, or one module standing in nimlib)."""
    folder = NIMLIB / wing
    paths = sorted(folder.rglob("*.py")) if folder.is_dir() else [NIMLIB / f"{wing}.py"]
    return [
        ("nimlib." + ".".join(path.relative_to(NIMLIB).with_suffix("").parts), path)
        for path in paths
    ]


def imports_of(path: Path) -> set[str]:
    """The nimlib modules that the file at `path` imports."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("nimlib"):
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.startswith("nimlib"))
    return found


def test_the_book_imports_nothing_but_the_games_and_itself():
    outside = [
        f"{module} imports {imported}"
        for module, path in modules_of("book")
        for imported in imports_of(path)
        if wing_of(imported) not in ("games", "book")
    ]
    assert outside == []


def test_a_wing_imports_only_its_own_modules_and_wings_below_it():
    upward = []
    for path in NIMLIB.rglob("*.py"):
        module = "nimlib." + ".".join(path.relative_to(NIMLIB).with_suffix("").parts)
        wing = wing_of(module)
        if wing is None:
            continue
        for imported in imports_of(path):
            other = wing_of(imported)
            if other is not None and other != wing and LEVEL[other] >= LEVEL[wing]:
                upward.append(f"{module} imports {imported}")
    assert upward == []


def test_every_wing_and_module_is_on_the_map():
    standing = {p.stem for p in NIMLIB.glob("*.py")} - {"__init__", "__main__"}
    folders = {p.parent.name for p in NIMLIB.glob("*/__init__.py")}
    assert standing | folders <= set(LEVEL), "a wing the layout test does not know"
    missing = [wing for wing in standing | folders if f"``{wing}" not in nimlib.__doc__]
    assert missing == [], "nimlib/__init__.py's map misses a wing"
    for init in NIMLIB.glob("*/__init__.py"):
        doc = ast.get_docstring(ast.parse(init.read_text()))
        assert doc, f"{init.parent.name}/ has no docstring"
        missing = [
            p.stem
            for p in init.parent.glob("*.py")
            if p.stem != "__init__" and f"``{p.stem}``" not in doc
        ]
        assert missing == [], f"{init.parent.name}/__init__.py does not name {missing}"


def reading_order() -> str:
    """The part of nimlib's docstring that lists the book's files in reading order."""
    return nimlib.__doc__.split("Reading order of the book")[1].split("After notebook")[0]


def test_the_reading_order_gives_each_file_its_length_and_the_total():
    """True counts: a reader plans an hour by them (stats.py was said to be 136 lines, at 130)."""
    listed = re.findall(r"``([a-z_]+/[a-z_]+\.py)`` \((\d+)(?: lines)?\)", reading_order())
    assert len(listed) >= 6, "the reading order lists files with their lengths"
    for path, said in listed:
        assert path.split("/")[0] in ("games", "book"), f"{path} is not of the book"
        lines = len((NIMLIB / path).read_text().splitlines())
        assert lines == int(said), (
            f"{path} has {lines} lines, the map says {said}: update its count in the reading "
            "order of nimlib/__init__.py's docstring"
        )
    total = re.search(r"about ([\d,]+) lines in all", nimlib.__doc__)
    counted = sum(len((NIMLIB / path).read_text().splitlines()) for path, _ in listed)
    print(f"\nthe reading order: {len(listed)} files, {counted:,} lines")
    assert total and abs(int(total[1].replace(",", "")) - counted) < 10, (  # to the nearest ten
        f"the reading order's files have {counted:,} lines: update its total in nimlib/__init__.py"
    )


def assigned_names(path: Path) -> set[str]:
    """The names a module assigns at its top level."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    targets = [
        target
        for node in tree.body
        if isinstance(node, (ast.Assign, ast.AnnAssign))
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
    ]
    return {target.id for target in targets if isinstance(target, ast.Name)}


def test_each_place_contributing_names_for_a_change_is_there():
    """Where CONTRIBUTING.md says a change belongs, "`VARIANTS` in `widgets/positions.py`", that
    module (of the repository or of nimlib) assigns that name."""
    root = NIMLIB.parent
    text = " ".join((root / "CONTRIBUTING.md").read_text(encoding="utf-8").split())
    places = re.findall(r"`([A-Z][A-Z_]{2,})` (?:in|of) `([\w/.-]+\.py)`", text)
    assert len(places) >= 5, "CONTRIBUTING.md names the places of a change"
    missing = [
        f"{name} in {path}"
        for name, path in places
        if not any(
            candidate.is_file() and name in assigned_names(candidate)
            for candidate in (root / path, NIMLIB / path)
        )
    ]
    assert missing == []


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


def test_the_reading_order_lists_every_module_of_the_book_that_solve_and_best_move_enter():
    needed = set()
    for call in (
        lambda: solve(Nim(), (1, 2, 3), method="alphabeta"),
        lambda: best_move(Nim(), (1, 2, 3), method="alphabeta"),
    ):
        needed |= entered(call)[0]
    needed = {module.removeprefix("nimlib.").replace(".", "/") for module in needed}
    listed = set(re.findall(r"``([a-z_]+(?:/[a-z_]+)?)\.py``", nimlib.__doc__))
    assert needed <= listed, f"the map misses {sorted(needed - listed)}"


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
    """One name per idea: the words the glossary replaced appear in no name of the shelves."""
    reused = []
    for shelf in SHELVES:
        for path in sorted((NIMLIB / shelf).glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                name = (
                    getattr(node, "id", None)
                    or getattr(node, "arg", None)
                    or getattr(node, "name", None)
                )
                if name in OLD_WORDS:
                    reused.append(
                        f"{shelf}/{path.name}:{node.lineno} {name} (say {OLD_WORDS[name]})"
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


# Names that two modules define for the same thing, each for its own game, widget or bot
ONE_MEANING_TWICE = {
    "EMPTY": "an empty cell of tic-tac-toe's and of Connect Four's boards",
    "MARKS": "the two players' marks on tic-tac-toe's and on Connect Four's boards",
    "LONGEST_SECONDS": "the most seconds a setting takes (MCTS's, a tournament's move)",
    "THINKING": "the share of a move's time the computer spends searching",
    "TREE_CAPTION": "the caption over a widget's tree that scrolls sideways",
    # the glossary's position; the widgets' holds a variant of Nim and the state it starts from,
    # Max to move, as their pickers set it (the glossary says so)
    "Position": "where a search starts from: a state and the player to move",
}


def test_no_two_modules_give_one_name_to_different_things():
    """The board's colour and a still picture's style were both FRAME, the database's columns and
    the board's letters COLUMNS, a game's rule methods and the closed forms' rules RULES."""
    defined: dict[str, list[str]] = {}
    for path in sorted(NIMLIB.rglob("*.py")):
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names = [node.name]
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names = [target.id for target in targets if isinstance(target, ast.Name)]
            else:
                continue
            for name in names:
                if not name.startswith("_") and name != "__all__":
                    defined.setdefault(name, []).append(str(path.relative_to(NIMLIB)))
    twice = {name: paths for name, paths in defined.items() if len(set(paths)) > 1}
    assert set(twice) <= set(ONE_MEANING_TWICE), {
        name: paths for name, paths in twice.items() if name not in ONE_MEANING_TWICE
    }


def test_one_helper_turns_a_score_or_a_window_to_the_other_side():
    found = [
        f"{path.relative_to(NIMLIB)}:{node.lineno}"
        for shelf in SHELVES
        for path in sorted((NIMLIB / shelf).glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text()))
        if flips(node) and path.name != "values.py"
    ]
    assert found == [], "use values.for_mover and values.mover_window"


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
    imported = ast.parse((NIMLIB / "book" / "limits.py").read_text())
    modules = {node.module for node in ast.walk(imported) if isinstance(node, ast.ImportFrom)}
    assert "nimlib.book.stats" not in modules


def test_every_check_imports_from_nimlib_checks():
    import nimlib.checks

    names = set()
    for path in (NIMLIB / "checks").glob("*.py"):
        names.update(
            n.name for n in ast.parse(path.read_text()).body if isinstance(n, ast.FunctionDef)
        )
    checks = {name for name in names if name.startswith("check_")}
    assert checks and checks <= set(nimlib.checks.__all__)


BEFORE_THE_WINGS = [
    "Drawing",
    "ExplicitTree",
    "FibonacciNim",
    "Game",
    "GameTree",
    "METHODS",
    "Nim",
    "Node",
    "ScoredNim",
    "SearchBudgetExceeded",
    "SearchStats",
    "SearchTooDeep",
    "SideBySide",
    "SimpleNim",
    "SplitNim",
    "TicTacToe",
    "TreeTooLarge",
    "alphabeta",
    "best_move",
    "deep_cutoff_tree",
    "draw_tree",
    "game_tree",
    "iterative_minimax",
    "memoized_minimax",
    "minimax",
    "negamax",
    "render_backend",
    "render_svg",
    "set_render_backend",
    "side_by_side",
    "solve",
    "solver",
    "textbook_tree",
    "tree_size",
]


def test_nimlib_gives_every_name_of_the_drawing_face_and_the_face_every_one_nimlib_gives():
    """show_plot came only from nimlib, draw_chance_tree only from nimlib.drawing."""
    import nimlib.drawing

    assert set(nimlib.DRAWING) == set(nimlib.drawing.__all__) <= set(nimlib.__all__)
    assert all(getattr(nimlib, name) is getattr(nimlib.drawing, name) for name in nimlib.DRAWING)


def test_every_name_nimlib_gave_before_the_wings_still_comes_from_nimlib():
    assert set(BEFORE_THE_WINGS) <= set(nimlib.__all__)
    assert all(getattr(nimlib, name) is not None for name in BEFORE_THE_WINGS)
    assert nimlib.METHODS["memo"] == "minimax remembering each position's score"
