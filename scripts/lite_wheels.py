"""The JupyterLite site's wheels: compiled to bytecode, and described in Pyodide's package lock.

Bytecode. Pure-Python wheels hold only sources, so does the standard library's zip of npm's
`pyodide` package, and Pyodide writes no bytecode (sys.dont_write_bytecode): the in-browser kernel
compiled every module it imported on each start (IPython, jedi, prompt_toolkit, pydoc, pdb, ...),
seconds of a first visit. Here Pyodide itself, run once by Node.js at build time, compiles every
module of each wheel into `__pycache__/NAME.cpython-314.pyc` and every module of the standard
library into NAME.pyc beside its source in the zip (where zipimport looks), as unchecked
hash-based .pyc files (CPython uses them without reading the source's date, which unpacking a
wheel does not keep). The sources stay, for tracebacks and completion; a wheel's RECORD names the
new files with their hashes (and no longer names the files LEFT_OUT).

The lock. Each wheel's entry names the modules it provides and the packages it needs in the
browser (its requirements whose markers hold under Pyodide), so that a cell's `import` loads a
package with what it needs; the kernel preloads only what it needs to answer (KERNEL_PACKAGES).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

from packaging.requirements import Requirement

# What jupyterlite-pyodide-kernel's worker loads before its kernel answers.
KERNEL_PACKAGES = ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython")
# Where a package's requirements are judged: Pyodide's Python in a browser.
BROWSER = {"sys_platform": "emscripten", "platform_system": "Emscripten", "python_version": "3.14"}
# Requirements loaded by a cell's own import instead: nimlib imports matplotlib only inside
# drawing/plots.py's functions, which each plot cell calls after its own `import matplotlib`.
LOADED_BY_THEIR_IMPORT = {"nimlib": {"matplotlib"}}

# Left out of the wheels: jedi's type stubs of third-party packages (typeshed's stubs/ and
# django-stubs: 4,800 files, 2.5 s of unpacking on every first visit), none of which the site
# serves; jedi completes without them (its stubs of the standard library stay).
LEFT_OUT = ("jedi/third_party/typeshed/stubs/", "jedi/third_party/django-stubs/")
NODE_SECONDS = 600
# Run by Node.js: start Pyodide from its folder, mount the wheels' folder, run the compiler.
NODE_SCRIPT = """
const [pyodideFolder, archives, code] = process.argv.slice(1);
const {loadPyodide} = await import(pyodideFolder + '/pyodide.mjs');
const pyodide = await loadPyodide({indexURL: pyodideFolder + '/'});
pyodide.FS.mkdir('/archives');
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, {root: archives}, '/archives');
console.log(pyodide.runPython(code));
"""
# Run by Pyodide: rewrite every wheel of /archives, and the standard library's zip, with the
# bytecode of their modules added (a wheel's in __pycache__, the zip's beside each source, where
# zipimport looks for it).
COMPILER = r'''
import base64, hashlib, importlib.util, json, pathlib, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def record_hash(data):
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()

def bytecode(name, source, beside):
    """The path and bytes of the .pyc of the module `name`, or None if it does not compile."""
    try:
        code = compile(source, name, "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return None
    folder, _, file = name.rpartition("/")
    stem = file.removesuffix(".py")
    if beside:
        pyc = name.removesuffix(".py") + ".pyc"
    else:
        pyc = f"{folder}/__pycache__/" if folder else "__pycache__/"
        pyc += f"{stem}.{sys.implementation.cache_tag}.pyc"
    return pyc, _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)

compiled = {}
for archive_path in sorted(pathlib.Path("/archives").glob("*.*")):
    wheel = archive_path.suffix == ".whl"
    if not wheel and archive_path.name != "python_stdlib.zip":
        continue
    with zipfile.ZipFile(archive_path) as archive:
        names = [info.filename for info in archive.infolist()]
        if any(name.endswith(".pyc") for name in names):
            continue
        kept = [name for name in names if not name.startswith(LEFT_OUT)]
        files = {name: archive.read(name) for name in kept}
    sources = [name for name in files if name.endswith(".py")]
    added = [bytecode(name, files[name], beside=not wheel) for name in sources]
    added = dict(pair for pair in added if pair is not None)
    if wheel:
        record = next(name for name in files if name.endswith(".dist-info/RECORD"))
        lines = [line for line in files[record].decode().splitlines() if line.split(",")[0] in files]
        lines += [f"{name},sha256={record_hash(data)},{len(data)}" for name, data in added.items()]
        files[record] = ("\n".join(lines) + "\n").encode()
    with zipfile.ZipFile(archive_path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in [*files.items(), *added.items()]:
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    compiled[archive_path.name] = len(added)
json.dumps(compiled)
'''


def compile_archives(pyodide_folder: Path, archives: Path) -> dict[str, int]:
    """Add the bytecode of Pyodide's Python to every wheel in `archives`, and to the standard
    library's zip there (python_stdlib.zip); return, for each archive compiled, how many modules
    it got."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("Node.js is needed, to compile the site's wheels with Pyodide")
    command = [node, "--input-type=module", "-e", NODE_SCRIPT, str(pyodide_folder.resolve())]
    code = f"LEFT_OUT = {LEFT_OUT!r}\n{COMPILER}"
    result = subprocess.run(
        [*command, str(archives.resolve()), code],
        capture_output=True,
        text=True,
        timeout=NODE_SECONDS,
        check=False,
    )
    if result.returncode != 0:
        raise SystemExit(f"compiling the wheels failed:\n{result.stderr[-2000:]}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def lock_entry(wheel: Path) -> dict:
    """The entry of `wheel` in Pyodide's package lock: its name, file, hash, importable names and
    the packages it needs in the browser."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = next(name for name in names if name.endswith(".dist-info/METADATA"))
        lines = archive.read(metadata).decode().splitlines()
    fields = dict(line.split(": ", 1) for line in lines if ": " in line)
    name = canonical(fields["Name"])
    requirements = [
        Requirement(line.split(": ", 1)[1]) for line in lines if line.startswith("Requires-Dist: ")
    ]
    depends = {
        canonical(requirement.name)
        for requirement in requirements
        if requirement.marker is None or requirement.marker.evaluate({**BROWSER, "extra": ""})
    }
    tops = {path.split("/")[0].removesuffix(".py") for path in names}
    return {
        "name": name,
        "version": fields["Version"],
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": sorted(top for top in tops if top.isidentifier()),  # not *.dist-info, *.data
        "depends": sorted(depends - LOADED_BY_THEIR_IMPORT.get(name, set())),
        "unvendored_tests": False,
    }


def canonical(name: str) -> str:
    """A package name as Pyodide's lock spells it: lower case, with dashes."""
    return "-".join(name.lower().replace("_", "-").replace(".", "-").split("-"))


def kernel_preloads(lock: dict) -> list[str]:
    """The packages the kernel needs to answer, with all they need: those it preloads. Each
    entry's depends are first cut to the packages the `lock` holds (the rest are not for the
    browser, such as nimlib's wasmtime)."""
    for package in lock["packages"].values():
        package["depends"] = [name for name in package["depends"] if name in lock["packages"]]
    found: set[str] = set()
    waiting = list(KERNEL_PACKAGES)
    while waiting:
        name = waiting.pop()
        if name not in found:
            found.add(name)
            waiting.extend(lock["packages"][name]["depends"])
    return sorted(found)
