"""Build the series as a JupyterLite site: JupyterLab and a Python kernel that run in a browser tab.

    .venv/bin/pip install -r requirements-lite.txt
    .venv/bin/python scripts/build_lite.py                 # into build/lite-site/
    .venv/bin/python -m http.server -d build/lite-site     # then open http://localhost:8000/

The site is static files: serve it from any web server, or publish the folder (GitHub Pages).
Everything the notebooks need is served by the site itself, so they run with no network:

- Pyodide 314.0.6's core (CPython compiled to WebAssembly) and viz.js 3.31.0 (Graphviz compiled
  to WebAssembly, which draws the trees there), from the npm registry;
- the kernel's Python packages (IPython, ipywidgets, graphviz, nimlib built from this repository,
  ...) as wheels from PyPI, listed in lite/requirements-browser.txt, compiled to bytecode with the
  standard library by Pyodide at build time (scripts/lite_wheels.py, which needs Node.js); the
  kernel preloads only what it needs to answer, and a cell's `from nimlib import ...` loads nimlib
  with what it needs, so that it works unchanged; the kernel changes to the notebooks' folder
  after its own imports, not before (scripts/lite_kernel.py);
- the notebooks and notebooks/images/, with the widgets' and the kernel's JupyterLab extensions of
  the environment that builds the site (and no other: nbgrader's and Voila's need a server);
- two scripts of the site's own in its pages (lite/): a notice that Python is starting, shown
  until the kernel answers, and names for the controls ipywidgets draws without one; and a first
  page that opens notebook 01 in JupyterLab.

Pyodide's own builds of packages with compiled code (numpy, matplotlib and what matplotlib needs)
are in none of the registries (npm's `pyodide` package holds the core and a lock file that points at
Pyodide's CDN; PyPI has no Pyodide build of numpy, matplotlib, kiwisolver or pillow). The build
fetches them, checked against the lock's SHA-256, from Pyodide's CDN or from `--pyodide-packages`
(another address, or a folder such as an unpacked pyodide-314.0.6.tar.bz2 of Pyodide's GitHub
release), and serves them from the site. Where it cannot, it says so and serves a stand-in for
matplotlib instead (lite/matplotlib_stand_in/, packed by scripts/lite_stand_in.py): the plot
cells run to their end and show the picture stored with the notebook, under one line that says
why, so Run All never stops there.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import nbformat
from lite_kernel import defer_working_directory
from lite_stand_in import stand_in_wheel
from lite_wheels import compile_archives, kernel_preloads, lock_entry

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
SITE = BUILD / "lite-site"
NPM_FOLDER = BUILD / "lite-npm"
WHEELS = BUILD / "lite-wheels"
CONTENTS = BUILD / "lite-contents"
# Notebooks the site leaves out, and why: what they need the browser's Python has not.
NOT_ON_THE_SITE = {
    "14_class_tournament.ipynb": "its bots play in processes of their own, which Pyodide cannot start",
}
LITE_CONFIG = ROOT / "lite"
BROWSER_REQUIREMENTS = LITE_CONFIG / "requirements-browser.txt"
# The site's own scripts, loaded by each page that opens notebooks: the notice while Python starts,
# and the desktop JupyterLab's extension (names for the controls ipywidgets draws without one, code
# at 12.5 px).
LAB_SCRIPT = ROOT / "jupyter-config" / "labextension" / "static" / "nimlib_lab.js"
PAGE_SCRIPTS = (LITE_CONFIG / "kernel_notice.js", LAB_SCRIPT)
SCRIPT_PAGES = ("lab", "notebooks")  # the site's apps that open notebooks
# Where the site's first page leads: JupyterLab with notebook 01 open, not a bare launcher.
FIRST_NOTEBOOK = "lab/index.html?path=notebooks/01_simple_nim_minimax.ipynb"
REDIRECT = re.compile(
    r"<script type=\"module\">\s*await import\('\./config-utils\.js'\);\s*</script>"
)
LAB_SETTINGS = (
    ROOT / "jupyter-config" / "overrides.json"
)  # the desktop JupyterLab's settings (code lines wrap)
PLOT_PACKAGES = [
    "matplotlib",
    "matplotlib-inline",
]  # matplotlib_inline: the kernel's backend for plots
FETCH_SECONDS = 60

PYODIDE_VERSION = "314.0.6"
NPM_PACKAGES = {"pyodide": PYODIDE_VERSION, "@viz-js/viz": "3.31.0"}
PYODIDE_CORE = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]
STDLIB = "python_stdlib.zip"  # compiled in WHEELS with the wheels, served from there
PYODIDE_CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
PYTHON_IN_BROWSER = "3.14"
# The only JupyterLab extensions the site serves: the widgets and the in-browser kernel. The others
# the building environment may hold (nbgrader's, Voila's preview) need a server, and would cost
# every learner their download on a first visit.
SITE_EXTENSIONS = ("@jupyter-widgets/jupyterlab-manager", "@jupyterlite/pyodide-kernel-extension")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# How the site's kernel names itself in a notebook's metadata once it has started (the site's
# browser test
# fails if a notebook's tab shows unsaved changes after its kernel is ready).
SITE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
SITE_LANGUAGE_INFO = {
    "codemirror_mode": {"name": "python", "version": 3},
    "file_extension": ".py",
    "mimetype": "text/x-python",
    "name": "python",
    "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3",
    "version": "3.8",
}
# The kernel's stand-ins, bundled with jupyterlite-pyodide-kernel: used instead of the real ones.
BUNDLED = ("ipykernel-", "piplite-", "pyodide_kernel-", "widgetsnbextension-4.0.999-")
REPLACED_BY_BUNDLED = ("ipykernel-", "widgetsnbextension-")


def run(command: list[str], **options) -> None:
    """Run `command`, stopping the build with its output if it fails."""
    subprocess.run(command, check=True, **options)


def npm_packages() -> Path:
    """The folder of the pinned npm packages, installed first if needed: into a folder beside it,
    which then takes its place, so that an install stopped halfway leaves no half of them there."""
    modules = NPM_FOLDER / "node_modules"
    if all(
        installed_npm_version(modules, name) == version for name, version in NPM_PACKAGES.items()
    ):
        return modules
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("npm is needed once, to install Pyodide and viz.js from the npm registry")
    wanted = [f"{name}@{version}" for name, version in NPM_PACKAGES.items()]
    installing = NPM_FOLDER.with_name(NPM_FOLDER.name + ".partial")
    shutil.rmtree(installing, ignore_errors=True)  # what an interrupted install left
    command = [
        npm,
        "install",
        "--prefix",
        str(installing),
        "--no-save",
        "--ignore-scripts",
        "--no-audit",
        "--no-fund",
    ]
    run([*command, *wanted], stdout=subprocess.DEVNULL)
    shutil.rmtree(NPM_FOLDER, ignore_errors=True)  # other versions'
    installing.rename(NPM_FOLDER)
    return modules


def installed_npm_version(modules: Path, package: str) -> str | None:
    """The version of `package` in `modules`, or None if it is not there."""
    manifest = modules / package / "package.json"
    return (
        json.loads(manifest.read_text(encoding="utf-8"))["version"] if manifest.exists() else None
    )


def browser_wheels() -> list[Path]:
    """Every wheel the in-browser kernel loads: from PyPI, nimlib's own, and the kernel's bundled
    ones."""
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
    extension = (
        Path(sys.prefix)
        / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    )
    if not extension.exists():
        raise SystemExit(
            "jupyterlite-pyodide-kernel is not installed: pip install -r requirements-lite.txt"
        )
    return extension


def pyodide_folder(
    modules: Path, wheels: list[Path], folder: Path, plots_from: str
) -> tuple[list[str], str]:
    """Fill `folder` with Pyodide's core, the wheels, matplotlib (Pyodide's, fetched from
    `plots_from`, or the stand-in) and a lock naming them; return the packages to preload, and a
    line saying which matplotlib."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_CORE:
        shutil.copy2(WHEELS / name if name == STDLIB else modules / "pyodide" / name, folder / name)
    lock = json.loads((modules / "pyodide" / "pyodide-lock.json").read_text(encoding="utf-8"))
    ours = [lock_entry(wheel) for wheel in wheels]
    try:
        served = plot_wheels(lock, {entry["name"] for entry in ours}, plots_from, folder)
        said = f"matplotlib: Pyodide's builds of {', '.join(served)}, served by the site"
    except PlotsUnavailable as reason:
        served = []
        wheels = [*wheels, stand_in_wheel(WHEELS, frozenset(NOT_ON_THE_SITE))]
        ours.append(lock_entry(wheels[-1]))
        said = f"matplotlib: a stand-in that shows the stored plots ({reason})"
    for name, package in lock["packages"].items():
        if name not in served:
            package["file_name"] = (
                PYODIDE_CDN + package["file_name"]
            )  # not served here: from the CDN
    for entry, wheel in zip(ours, wheels, strict=True):
        lock["packages"][entry["name"]] = entry
        shutil.copy2(wheel, folder / wheel.name)
    preloads = kernel_preloads(lock)
    (folder / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return preloads, said


class PlotsUnavailable(Exception):
    """Pyodide's builds of matplotlib and what it needs could not be fetched: the reason."""


def needed(lock: dict, names: list[str], have: set[str]) -> list[str]:
    """The packages of Pyodide's `lock` that `names` need, themselves included, leaving out those in
    `have`."""
    found: list[str] = []
    waiting = list(names)
    while waiting:
        name = waiting.pop()
        if name in found or name in have:
            continue
        found.append(name)
        waiting.extend(lock["packages"][name]["depends"])
    return sorted(found)


def plot_wheels(lock: dict, have: set[str], source: str, folder: Path) -> list[str]:
    """Fetch Pyodide's builds of matplotlib and what it needs (not in `have`) from `source`, an
    address or a folder, into `folder`, each checked against the lock's SHA-256; return their
    names."""
    fetched = {}
    for name in needed(lock, PLOT_PACKAGES, have):
        package = lock["packages"][name]
        fetched[package["file_name"]] = fetch(source, package["file_name"])
        if hashlib.sha256(fetched[package["file_name"]]).hexdigest() != package["sha256"]:
            raise PlotsUnavailable(
                f"{package['file_name']} from {source} does not match Pyodide's lock"
            )
    for file_name, data in fetched.items():
        (folder / file_name).write_bytes(data)
    return needed(lock, PLOT_PACKAGES, have)


def fetch(source: str, file_name: str) -> bytes:
    """The bytes of `file_name` from `source`: an address (http, https) or a folder."""
    if not source.startswith(("http://", "https://")):
        path = Path(source) / file_name
        if not path.is_file():
            raise PlotsUnavailable(f"{path} is missing")
        return path.read_bytes()
    address = source.rstrip("/") + "/" + file_name
    try:
        with urllib.request.urlopen(address, timeout=FETCH_SECONDS) as answer:
            return answer.read()
    except (urllib.error.URLError, TimeoutError, OSError) as error:
        raise PlotsUnavailable(
            f"could not fetch {address}: {getattr(error, 'reason', error)}"
        ) from None


def without_links_off_the_site(text: str) -> str:
    """Markdown `text` whose links to a notebook the site leaves out (NOT_ON_THE_SITE) say why
    instead, where a click did nothing (the site has no such file)."""
    for name, why in NOT_ON_THE_SITE.items():
        text = re.sub(
            rf"\[([^\]]*)\]\({re.escape(name)}\)",
            lambda link, why=why: (
                f"{link[1].rstrip(' →')} (not on this site: {why}; open it in JupyterLab on "
                'your own machine, as the README\'s "Run it" says)'
            ),
            text,
        )
    return text


def contents() -> Path:
    """A folder with the notebooks and the pictures their text shows (notebooks/images/), as the
    site's files: each names the site's kernel as that kernel names itself, so that a notebook just
    opened has no unsaved changes (its tab shows no dot, closing it asks nothing)."""
    if CONTENTS.exists():
        shutil.rmtree(CONTENTS)
    (CONTENTS / "notebooks").mkdir(parents=True)
    for path in sorted((ROOT / "notebooks").glob("[0-9]*.ipynb")):
        if path.name in NOT_ON_THE_SITE:
            continue
        notebook = nbformat.read(path, as_version=4)
        notebook.metadata.update(kernelspec=SITE_KERNELSPEC, language_info=SITE_LANGUAGE_INFO)
        for cell in notebook.cells:
            if cell.cell_type == "markdown":
                cell.source = without_links_off_the_site(cell.source)
        # Each text in one piece: the site shows a stored output given as a list of lines joined by
        # commas.
        nbformat.write(notebook, CONTENTS / "notebooks" / path.name, split_lines=False)
    shutil.copytree(ROOT / "notebooks" / "images", CONTENTS / "notebooks" / "images")
    shutil.copytree(ROOT / "notebooks" / "data", CONTENTS / "notebooks" / "data")
    return CONTENTS


def build_config() -> Path:
    """A configuration for JupyterLite's build that takes SITE_EXTENSIONS only from the
    environment."""
    labextensions = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    paths = [str(labextensions / name) for name in SITE_EXTENSIONS]
    missing = [path for path in paths if not Path(path).is_dir()]
    if missing:
        raise SystemExit(
            f"missing JupyterLab extensions: {missing}: pip install -r requirements.txt"
        )
    settings = {"ignore_sys_prefix": ["federated_extensions"], "federated_extensions": paths}
    path = BUILD / "jupyter_lite_build_config.json"
    path.write_text(json.dumps({"LiteBuildConfig": settings}, indent=2), encoding="utf-8")
    return path


def configure(site: Path, packages: list[str]) -> None:
    """Name the site, give it the desktop JupyterLab's settings, and point its kernel at the Pyodide
    it serves, preloading `packages`, never asking PyPI."""
    config_path = site / "jupyter-lite.json"
    config = json.loads(config_path.read_text(encoding="utf-8"))
    data = config["jupyter-config-data"]
    data["appName"] = "Nim minimax notebooks"
    data["settingsOverrides"] = json.loads(LAB_SETTINGS.read_text(encoding="utf-8"))
    data["exposeAppInBrowser"] = True  # window.jupyterapp, which the browser test drives
    data.setdefault("litePluginSettings", {})[KERNEL_PLUGIN] = {
        "pyodideUrl": "./static/pyodide/pyodide.mjs",
        "disablePyPIFallback": True,
        "loadPyodideOptions": {"packages": packages},
    }
    config_path.write_text(json.dumps(config, indent=2), encoding="utf-8")


def build(site: Path, plots_from: str = PYODIDE_CDN) -> str:
    """Build the whole site into `site`, with Pyodide's matplotlib fetched from `plots_from` if it
    can be; return a line saying which matplotlib it serves."""
    modules = npm_packages()
    wheels = browser_wheels()
    shutil.copy2(modules / "pyodide" / STDLIB, WHEELS / STDLIB)
    compile_archives(modules / "pyodide", WHEELS)  # the wheels and the standard library
    if site.exists():
        shutil.rmtree(site)
    command = [
        sys.executable,
        "-m",
        "jupyterlite_core",
        "build",
        "--lite-dir",
        str(LITE_CONFIG),
        "--no-sourcemaps",
    ]
    command += ["--config", str(build_config())]
    run(
        [*command, "--contents", str(contents()), "--output-dir", str(site)],
        cwd=BUILD,
        stdout=subprocess.DEVNULL,
    )
    packages, said = pyodide_folder(modules, wheels, site / "static" / "pyodide", plots_from)
    (site / "static" / "viz").mkdir(parents=True, exist_ok=True)
    shutil.copy2(
        modules / "@viz-js" / "viz" / "dist" / "viz.js", site / "static" / "viz" / "viz.js"
    )
    configure(site, packages)
    add_page_scripts(site)
    open_on_the_first_notebook(site)
    defer_working_directory(site)
    return said


def add_page_scripts(site: Path) -> None:
    """Serve PAGE_SCRIPTS and load them in each page that opens notebooks: a notice that Python is
    starting until the kernel answers, and names for ipywidgets' unnamed controls."""
    tags = []
    for script in PAGE_SCRIPTS:
        shutil.copy2(script, site / script.name)
        tags.append(f'  <script src="../{script.name}" defer></script>\n')
    for app in SCRIPT_PAGES:
        page = site / app / "index.html"
        html = page.read_text(encoding="utf-8")
        if "</head>" not in html:
            raise SystemExit(f"{page} has no </head> to add the site's scripts to")
        page.write_text(html.replace("</head>", "".join(tags) + "</head>", 1), encoding="utf-8")


def open_on_the_first_notebook(site: Path) -> None:
    """Make the site's first page (its root, which JupyterLite sends on to a bare launcher) open
    FIRST_NOTEBOOK, with a link to it for a browser that does not follow; the page keeps its
    configuration, which every other page of the site reads."""
    page = site / "index.html"
    text = page.read_text(encoding="utf-8")
    if REDIRECT.search(text) is None or "</html>" not in text:
        raise SystemExit(f"{page} is not JupyterLite's root page, which this build rewrites")
    target = html.escape(FIRST_NOTEBOOK)
    text = REDIRECT.sub(
        "<title>Nim minimax notebooks</title>\n"
        f'    <meta http-equiv="refresh" content="0; url={target}">',
        text,
    )
    link = f'<body><p><a href="{target}">Open notebook 01, Simple-Nim and a first minimax</a></p></body>'
    page.write_text(text.replace("</html>", f"  {link}\n</html>"), encoding="utf-8")


def size_mb(folder: Path) -> float:
    """The size of every file under `folder`, in megabytes."""
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file()) / 1e6


def main() -> int:
    """Build the site and print how long it took and how large it is."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--output-dir",
        type=Path,
        default=SITE,
        help="where the site goes (default: build/lite-site)",
    )
    parser.add_argument(
        "--pyodide-packages",
        default=PYODIDE_CDN,
        help="where to fetch Pyodide's builds of matplotlib and numpy: an address or a folder (default: its CDN)",
    )
    args = parser.parse_args()
    start = time.perf_counter()
    print(build(args.output_dir.resolve(), args.pyodide_packages))
    print(
        f"{time.perf_counter() - start:6.1f} s  {size_mb(args.output_dir):6.1f} MB  {args.output_dir}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
