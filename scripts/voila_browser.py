"""Servers on localhost and headless Chromium to look at them: shared by the browser tests, the
screenshot script and the latency benchmark.

- ``voila(notebook)``: Voila runs `notebook` in a kernel and serves its widgets.
- ``jupyterlab(folder)``: JupyterLab serves `folder`, with no token, in a Jupyter home of its own
  (so that trusting a notebook there leaves the user's own Jupyter alone).
- ``browser()``: a page of headless Chromium that may load from localhost only, in a new context
  of the one Chromium a process launches (``chromium()``).

It needs Debian's chromium at /usr/bin/chromium (apt-get install chromium); Playwright and Voila
come with requirements-dev.txt, JupyterLab with requirements.txt.
"""

from __future__ import annotations

import atexit
import functools
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SERVER_START_SECONDS = 30


def free_port() -> int:
    """A TCP port on localhost that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_serving(url: str, server: subprocess.Popen) -> None:
    """Return once the server answers at `url`, with any HTTP status; raise RuntimeError if it
    stops or takes too long. It asks for the page's head only: fetching Voila's page would run
    the notebook in a kernel of its own, beside the browser's."""
    deadline = time.monotonic() + SERVER_START_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"the server stopped at once, with exit code {server.returncode}")
        try:
            with urllib.request.urlopen(urllib.request.Request(url, method="HEAD"), timeout=2):
                return
        except urllib.error.HTTPError:
            return  # an answer, if not the page (Voila allows no HEAD): the server is up
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"the server did not answer within {SERVER_START_SECONDS} s")


def stop(server: subprocess.Popen) -> None:
    """Stop the server and the kernels it started (its process group), by force if it lingers."""
    for sent in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(server.pid, sent)
        except ProcessLookupError:
            return
        try:
            server.wait(timeout=10)
            return
        except subprocess.TimeoutExpired:
            continue


@contextmanager
def serving(
    command: list[str],
    folder: Path,
    url: str,
    log: IO[bytes] | None,
    env: dict[str, str] | None = None,
) -> Iterator[str]:
    """Run the server `command` in `folder` until the block ends, and give its `url` once it
    answers."""
    output = log if log is not None else subprocess.DEVNULL
    server = subprocess.Popen(
        command,
        cwd=folder,
        stdout=output,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        env=env,
    )
    try:
        wait_until_serving(url, server)
        yield url
    finally:
        stop(server)


@contextmanager
def voila(notebook: Path, log: IO[bytes] | None = None) -> Iterator[str]:
    """The URL of a Voila server on a free port of localhost that shows `notebook`; stopped
    afterwards."""
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "voila",
        notebook.name,
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
    ]
    with serving(command, notebook.parent, f"http://127.0.0.1:{port}/", log) as url:
        yield url


@contextmanager
def jupyterlab(folder: Path, log: IO[bytes] | None = None) -> Iterator[str]:
    """The URL of JupyterLab on a free port of localhost serving `folder`, with its own Jupyter home
    in `folder`/.jupyter-home; stopped afterwards."""
    port = free_port()
    home = folder / ".jupyter-home"
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", f"--port={port}",
        "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={folder}",
        "--LabApp.news_url=", "--LabServerApp.workspaces_dir=" + str(home / "workspaces"),
    ]  # fmt: skip
    quiet = (
        home
        / "settings"
        / "@jupyterlab"
        / "apputils-extension"
        / "notification.jupyterlab-settings"
    )
    quiet.parent.mkdir(parents=True, exist_ok=True)
    quiet.write_text('{"fetchNews": "false", "checkForUpdates": false}')  # no pop-up over the page
    with serving(command, folder, f"http://127.0.0.1:{port}/lab", log, jupyter_home(home)) as url:
        yield url


def jupyter_home(home: Path) -> dict[str, str]:
    """The environment of a Jupyter whose user folders (settings, trust database, runtime) are all
    under `home`."""
    folders = {
        "JUPYTER_CONFIG_DIR": "config",
        "JUPYTER_DATA_DIR": "data",
        "JUPYTER_RUNTIME_DIR": "runtime",
    }
    environment = dict(os.environ, **{name: str(home / sub) for name, sub in folders.items()})
    return environment | {
        "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"),
        "IPYTHONDIR": str(home / "ipython"),
    }


def trust(notebook: Path, home: Path) -> None:
    """Mark `notebook` as trusted in the Jupyter home `home` (as jupyterlab() sets it up)."""
    command = [sys.executable, "-m", "jupyter", "trust", str(notebook)]
    subprocess.run(command, env=jupyter_home(home), check=True, capture_output=True)


@functools.cache
def playwright_driver() -> object:
    """Playwright's driver, started once per process (it allows one in a thread) and stopped when
    the process exits."""
    from playwright.sync_api import sync_playwright

    driver = sync_playwright().start()
    atexit.register(driver.stop)
    return driver


@functools.cache
def launched_chromium() -> object:
    """Headless Chromium, launched by this process's Playwright."""
    return playwright_driver().chromium.launch(
        executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, timeout=30_000
    )


def chromium() -> object:
    """Headless Chromium, launched once per process (a test worker, a script) and again only if it
    has gone: every page of the tests and scripts opens in a new context of it, which shares
    nothing with the others (no cookies, storage or cache), and saves starting a driver and a
    browser each time."""
    if not launched_chromium().is_connected():
        launched_chromium.cache_clear()
    return launched_chromium()


@contextmanager
def browser(viewport: dict[str, int] | None = None) -> Iterator[object]:
    """A page of headless Chromium at `viewport` (1024x768 by default), in a context of its own,
    that loads from localhost only; the context is closed afterwards."""
    context = chromium().new_context(viewport=viewport or {"width": 1024, "height": 768})
    try:
        page = context.new_page()
        page.route("**/*", only_localhost)
        yield page
    finally:
        context.close()


PAINTED = """element => Promise.all(
  [...element.querySelectorAll('img'), ...(element.tagName === 'IMG' ? [element] : [])]
    .map(image => image.decode().catch(() => null))
).then(() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done))))"""


def painted(locator) -> None:
    """Wait until every picture in the element `locator` points at is decoded and a frame has been
    painted with it (however busy the browser: no fixed pause)."""
    locator.evaluate(PAINTED)


def only_localhost(route) -> None:  # noqa: ANN001 (a Playwright Route)
    """Let a page load from the local server only: there is no network beyond it."""
    if route.request.url.startswith("http://127.0.0.1"):
        route.continue_()
    else:
        route.abort()
