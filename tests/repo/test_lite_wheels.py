"""The JupyterLite site's wheels (scripts/lite_wheels.py): each lock entry says what the package
needs in the browser, the kernel preloads only what it needs to answer, and the wheels and the
standard library get bytecode compiled by Pyodide itself (the compiling needs Node.js and the
Pyodide that scripts/build_lite.py installs from npm; it skips, saying so, without them)."""

import shutil
import zipfile
from pathlib import Path

import pytest
from lite_wheels import LEFT_OUT, compile_archives, kernel_preloads, lock_entry

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "build" / "lite-npm" / "node_modules" / "pyodide"


def wheel(folder: Path, name: str, requires: list[str], files: dict[str, str]) -> Path:
    """A small wheel of `name` 1.0 with the requirements and files given."""
    path = folder / f"{name}-1.0-py3-none-any.whl"
    metadata = f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n"
    metadata += "".join(f"Requires-Dist: {requirement}\n" for requirement in requires)
    info = f"{name}-1.0.dist-info"
    contents = {**files, f"{info}/METADATA": metadata, f"{info}/RECORD": f"{info}/RECORD,,\n"}
    with zipfile.ZipFile(path, "w") as archive:
        for file, text in contents.items():
            archive.writestr(file, text)
    return path


def test_a_lock_entry_needs_what_the_browser_needs(tmp_path):
    requires = [
        "graphviz>=0.20",
        "wasmtime>=30",
        "matplotlib>=3.7",
        'pexpect>4.6; sys_platform != "win32" and sys_platform != "emscripten"',
        'pytest; extra == "test"',
    ]
    entry = lock_entry(wheel(tmp_path, "nimlib", requires, {"nimlib/__init__.py": ""}))
    # matplotlib is loaded by the plot cells' own import; wasmtime is cut where the lock lacks it
    assert entry["depends"] == ["graphviz", "wasmtime"]
    assert entry["imports"] == ["nimlib"]


def test_the_kernel_preloads_what_it_needs_to_answer_and_no_more():
    kernel = ["micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython"]
    packages = {name: [] for name in kernel} | {"parso": [], "graphviz": [], "nimlib": []}
    packages |= {"jedi": ["parso"], "ipython": ["jedi", "numpy-not-served"], "nimlib": ["graphviz"]}
    lock = {"packages": {name: {"depends": depends} for name, depends in packages.items()}}
    assert kernel_preloads(lock) == sorted([*kernel, "parso"])
    assert lock["packages"]["ipython"]["depends"] == ["jedi"]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
@pytest.mark.skipif(not PYODIDE.exists(), reason="needs Pyodide: run scripts/build_lite.py once")
def test_wheels_and_the_standard_library_get_pyodides_bytecode(tmp_path):
    left_out = LEFT_OUT[0] + "requests/__init__.pyi"
    files = {"pkg/__init__.py": "X = 1\n", "pkg/broken.py": "def (:\n", left_out: "x: int\n"}
    built = wheel(tmp_path, "pkg", [], files)
    with zipfile.ZipFile(tmp_path / "python_stdlib.zip", "w") as archive:
        archive.writestr("json/__init__.py", "LOADS = 1\n")
    assert compile_archives(PYODIDE, tmp_path) == {built.name: 1, "python_stdlib.zip": 1}
    with zipfile.ZipFile(built) as archive:
        names = archive.namelist()
        record = archive.read("pkg-1.0.dist-info/RECORD").decode()
        pyc = archive.read("pkg/__pycache__/__init__.cpython-314.pyc")
    assert left_out not in names and left_out not in record
    assert "pkg/__pycache__/__init__.cpython-314.pyc,sha256=" in record
    assert int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, unchecked
    with zipfile.ZipFile(tmp_path / "python_stdlib.zip") as archive:
        assert sorted(archive.namelist()) == ["json/__init__.py", "json/__init__.pyc"]
