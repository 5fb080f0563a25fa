"""The layout of nimlib: wings that import only the wings below them, and a map that stays true."""

import ast
from pathlib import Path

import nimlib

NIMLIB = Path(nimlib.__file__).parent
LEVEL = {
    "games": 0,
    "search": 1,
    "theory": 2,
    "drawing": 2,
    "widgets": 3,
    "terminal": 3,
    "checks": 3,
    "jupyter": 3,
}


def wing_of(module: str) -> str | None:
    """The wing of a dotted module name inside nimlib (None for nimlib itself and __main__)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LEVEL else None


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


def test_at_most_four_modules_stand_directly_in_nimlib():
    loose = sorted(
        p.name for p in NIMLIB.glob("*.py") if p.name not in {"__init__.py", "__main__.py"}
    )
    assert len(loose) <= 4, loose


def test_every_wing_and_module_is_on_the_map():
    assert all(f"``{wing}" in nimlib.__doc__ for wing in LEVEL), (
        "nimlib/__init__.py's map misses a wing"
    )
    for init in NIMLIB.glob("*/__init__.py"):
        doc = ast.get_docstring(ast.parse(init.read_text()))
        assert doc, f"{init.parent.name}/ has no docstring"
        missing = [
            p.stem
            for p in init.parent.glob("*.py")
            if p.stem != "__init__" and f"``{p.stem}``" not in doc
        ]
        assert missing == [], f"{init.parent.name}/__init__.py does not name {missing}"


def test_no_check_module_is_over_400_lines():
    sizes = {p.name: len(p.read_text().splitlines()) for p in (NIMLIB / "checks").glob("*.py")}
    assert max(sizes.values()) <= 400, sizes


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


def test_every_name_nimlib_gave_before_the_wings_still_comes_from_nimlib():
    assert set(BEFORE_THE_WINGS) <= set(nimlib.__all__)
    assert all(getattr(nimlib, name) is not None for name in BEFORE_THE_WINGS)
    assert nimlib.METHODS["memo"] == "minimax remembering each position's score"


def test_the_reading_order_gives_each_file_about_its_length():
    import re

    listed = re.findall(r"``([a-z_]+/[a-z_]+\.py)`` \((\d+)(?: lines)?\)", nimlib.__doc__)
    assert len(listed) >= 6, "the reading order lists files with their lengths"
    for path, said in listed:
        lines = len((NIMLIB / path).read_text().splitlines())
        assert abs(lines - int(said)) <= max(20, lines // 5), (
            f"{path} has {lines} lines, the map says {said}"
        )
    total = re.search(r"about ([\d,]+) lines in all", nimlib.__doc__)
    assert total and abs(int(total[1].replace(",", "")) - sum(int(n) for _, n in listed)) <= 100
