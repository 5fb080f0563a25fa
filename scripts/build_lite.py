"""Build the series as a JupyterLite site: JupyterLab and a Python kernel that run in a browser tab.

    .venv/bin/pip install -r requirements-lite.txt
    .venv/bin/python scripts/build_lite.py                 # into build/lite-site/
    .venv/bin/python -m http.server -d build/lite-site     # then open http://localhost:8000/lab/

The site is static files: serve it from any web server, or publish the folder (GitHub Pages).
Everything the notebooks need is served by the site itself, so they run with no network:

- Pyodide 314.0.6's core (CPython compiled to WebAssembly) and viz.js 3.31.0 (Graphviz compiled
  to WebAssembly, which draws the trees there), from the npm registry;
- the kernel's Python packages (IPython, ipywidgets, graphviz, nimlib built from this repository,
  ...) as wheels from PyPI, listed in lite/requirements-browser.txt, preloaded when the kernel
  starts, so that `from nimlib import ...` works unchanged;
- the notebooks and notebooks/images/, with the widget extension of the environment that builds the site.

Pyodide's own builds of packages with compiled code (numpy, matplotlib) are on Pyodide's CDN only:
the site points the kernel there for them, so the plots of notebooks 04 and 08 need a network.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
SITE = BUILD / "lite-site"
NPM_FOLDER = BUILD / "lite-npm"
WHEELS = BUILD / "lite-wheels"
CONTENTS = BUILD / "lite-contents"
LITE_CONFIG = ROOT / "lite"
BROWSER_REQUIREMENTS = LITE_CONFIG / "requirements-browser.txt"

PYODIDE_VERSION = "314.0.6"
NPM_PACKAGES = {"pyodide": PYODIDE_VERSION, "@viz-js/viz": "3.31.0"}
PYODIDE_CORE = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]
PYODIDE_CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
PYTHON_IN_BROWSER = "3.14"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# The kernel's stand-ins, bundled with jupyterlite-pyodide-kernel: used instead of the real ones.
BUNDLED = ("ipykernel-", "piplite-", "pyodide_kernel-", "widgetsnbextension-4.0.999-")
REPLACED_BY_BUNDLED = ("ipykernel-", "widgetsnbextension-")


def run(command: list[str], **options) -> None:
    """Run `command`, stopping the build with its output if it fails."""
    subprocess.run(command, check=True, **options)


def npm_packages() -> Path:
    """The folder of the pinned npm packages, installed first if needed."""
    modules = NPM_FOLDER / "node_modules"
    if all(installed_npm_version(modules, name) == version for name, version in NPM_PACKAGES.items()):
        return modules
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("npm is needed once, to install Pyodide and viz.js from the npm registry")
    wanted = [f"{name}@{version}" for name, version in NPM_PACKAGES.items()]
    command = [npm, "install", "--prefix", str(NPM_FOLDER), "--no-save", "--ignore-scripts", "--no-audit", "--no-fund"]
    run([*command, *wanted], stdout=subprocess.DEVNULL)
    return modules


def installed_npm_version(modules: Path, package: str) -> str | None:
    """The version of `package` in `modules`, or None if it is not there."""
    manifest = modules / package / "package.json"
    return json.loads(manifest.read_text(encoding="utf-8"))["version"] if manifest.exists() else None


def browser_wheels() -> list[Path]:
    """Every wheel the in-browser kernel loads: from PyPI, nimlib's own, and the kernel's bundled ones."""
    if WHEELS.exists():
        shutil.rmtree(WHEELS)
    target = ["--only-binary=:all:", "--platform", "any", "--implementation", "py", "--abi", "none"]
    target += ["--python-version", PYTHON_IN_BROWSER]
    pip = [sys.executable, "-m", "pip", "-q"]
    run([*pip, "download", *target, "-d", str(WHEELS), "-r", str(BROWSER_REQUIREMENTS)])
    run([*pip, "wheel", "--no-deps", "-w", str(WHEELS), str(ROOT)])
    for wheel in WHEELS.glob("*.whl"):
        if wheel.name.startswith(REPLACED_BY_BUNDLED):
            wheel.unlink()
    for wheel in bundled_kernel_folder().glob("*.whl"):
        if wheel.name.startswith(BUNDLED):
            shutil.copy2(wheel, WHEELS / wheel.name)
    return sorted(WHEELS.glob("*.whl"))


def bundled_kernel_folder() -> Path:
    """Where jupyterlite-pyodide-kernel keeps the wheels it serves to its kernel."""
    extension = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    if not extension.exists():
        raise SystemExit("jupyterlite-pyodide-kernel is not installed: pip install -r requirements-lite.txt")
    return extension


def lock_entry(wheel: Path) -> dict:
    """The entry of `wheel` in Pyodide's package lock: its name, file, hash and importable names."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        metadata = next(name for name in names if name.endswith(".dist-info/METADATA"))
        fields = dict(line.split(": ", 1) for line in archive.read(metadata).decode().splitlines() if ": " in line)
    tops = {name.split("/")[0].removesuffix(".py") for name in names}
    return {
        "name": canonical(fields["Name"]),
        "version": fields["Version"],
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": sorted(top for top in tops if top.isidentifier()),  # not *.dist-info, *.data
        "depends": [],
        "unvendored_tests": False,
    }


def canonical(name: str) -> str:
    """A package name as Pyodide's lock spells it: lower case, with dashes."""
    return "-".join(name.lower().replace("_", "-").replace(".", "-").split("-"))


def pyodide_folder(modules: Path, wheels: list[Path], folder: Path) -> list[str]:
    """Fill `folder` with Pyodide's core, the wheels and a lock naming them; return the packages to preload."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_CORE:
        shutil.copy2(modules / "pyodide" / name, folder / name)
    lock = json.loads((modules / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    for package in lock["packages"].values():
        package["file_name"] = PYODIDE_CDN + package["file_name"]  # not served here: from the CDN
    ours = [lock_entry(wheel) for wheel in wheels]
    for entry, wheel in zip(ours, wheels, strict=True):
        lock["packages"][entry["name"]] = entry
        shutil.copy2(wheel, folder / wheel.name)
    (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return sorted(entry["name"] for entry in ours)


def contents() -> Path:
    """A folder with the notebooks and the pictures their text shows (notebooks/images/), as the site's files."""
    if CONTENTS.exists():
        shutil.rmtree(CONTENTS)
    (CONTENTS / "notebooks").mkdir(parents=True)
    for notebook in sorted((ROOT / "notebooks").glob("[0-9]*.ipynb")):
        shutil.copy2(notebook, CONTENTS / "notebooks" / notebook.name)
    shutil.copytree(ROOT / "notebooks" / "images", CONTENTS / "notebooks" / "images")
    return CONTENTS


def configure(site: Path, packages: list[str]) -> None:
    """Name the site, and point its kernel at the Pyodide it serves, preloading `packages`, never asking PyPI."""
    config_path = site / "jupyter-lite.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    data = config["jupyter-config-data"]
    data["appName"] = "Nim minimax notebooks"
    data["exposeAppInBrowser"] = True  # window.jupyterapp, which the browser test drives
    data.setdefault("litePluginSettings", {})[KERNEL_PLUGIN] = {
        "pyodideUrl": "./static/pyodide/pyodide.mjs",
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": packages},
    }
    config_path.write_text(json.dumps(config, indent=2), encoding="utf-8")


def build(site: Path) -> None:
    """Build the whole site into `site`."""
    modules = npm_packages()
    wheels = browser_wheels()
    if site.exists():
        shutil.rmtree(site)
    command = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(LITE_CONFIG), "--no-sourcemaps"]
    run([*command, "--contents", str(contents()), "--output-dir", str(site)], cwd=BUILD, stdout=subprocess.DEVNULL)
    packages = pyodide_folder(modules, wheels, site / "static" / "pyodide")
    (site / "static" / "viz").mkdir(parents=True, exist_ok=True)
    shutil.copy2(modules / "@viz-js" / "viz" / "dist" / "viz.js", site / "static" / "viz" / "viz.js")
    configure(site, packages)


def size_mb(folder: Path) -> float:
    """The size of every file under `folder`, in megabytes."""
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file()) / 1e6


def main() -> int:
    """Build the site and print how long it took and how large it is."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--output-dir", type=Path, default=SITE, help="where the site goes (default: build/lite-site)")
    args = parser.parse_args()
    start = time.perf_counter()
    build(args.output_dir.resolve())
    print(f"{time.perf_counter() - start:6.1f} s  {size_mb(args.output_dir):6.1f} MB  {args.output_dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
