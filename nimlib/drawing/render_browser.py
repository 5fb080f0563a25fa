"""Graphviz in a browser tab: the renderer nimlib uses when Python itself runs in the browser
(Pyodide).

In JupyterLite the kernel is Pyodide, a Python compiled to WebAssembly, which cannot start
wasmtime or a `dot` program. The browser can run WebAssembly itself, though: viz.js
(`@viz-js/viz` on npm) is Graphviz compiled for it. The site serves viz.js next to Pyodide, and
this module loads it once through Pyodide's bridge to JavaScript, the `js` module, then hands it
DOT source and gets SVG back. It can be imported only inside Pyodide.
"""

from __future__ import annotations

import functools

import js  # Pyodide's view of the browser's JavaScript globals
import pyodide_js
from pyodide.ffi import can_run_sync, run_sync, to_js

MODULE_PATH = "../viz/viz.js"  # where the site serves viz.js, from Pyodide's own folder


def render_with_viz(dot_source: str, format: str) -> str:
    """The SVG drawing of `dot_source` (or another `format`, such as "plain"), by Graphviz inside
    viz.js."""
    result = viz().render(
        dot_source, to_js({"format": format}, dict_converter=js.Object.fromEntries)
    )
    if result.status != "success":
        messages = "; ".join(error.message for error in result.errors)
        raise ValueError(f"viz.js could not draw this DOT source: {messages}")
    return result.output


def graphviz_version() -> str:
    """The version of Graphviz inside viz.js, such as "12.2.1"."""
    return viz_module().graphvizVersion


@functools.cache
def viz() -> object:
    """The viz.js renderer, with its WebAssembly compiled (once per kernel)."""
    return wait_for(viz_module().instance())


@functools.cache
def viz_module() -> object:
    """The viz.js JavaScript module, imported from the site that serves Pyodide."""
    url = js.URL.new(MODULE_PATH, pyodide_js._api.config.indexURL).href
    return wait_for(js.eval(f"import({url!r})"))


def wait_for(promise: object) -> object:
    """The value of a JavaScript promise, waited for without leaving the Python call."""
    if not can_run_sync():
        raise RuntimeError(
            "this browser cannot wait for JavaScript inside Python (no JSPI): use Chrome 137+"
        )
    return run_sync(promise)
