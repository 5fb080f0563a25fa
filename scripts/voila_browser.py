"""Servers on localhost and headless Chromium to look at them: shared by the browser tests, the
screenshot script and the latency benchmark.

- ``voila(notebook)``: Voila runs `notebook` in a kernel and serves its widgets.
- ``serving(command_at, ...)``: any server, on a free port of localhost, until a block ends
  (lab_browser.py starts JupyterLab with it).
- ``browser()``: a page of headless Chromium that may load from localhost only, in a new context
  of the one Chromium a process launches (``chromium()``); ``open_in_voila(page, url)`` loads a
  page of Voila's and waits for its first widget, ``painted`` for its pictures.

It needs Debian's chromium at /usr/bin/chromium (apt-get install chromium); Playwright and Voila
come with requirements-dev.txt.
"""

from __future__ import annotations

import atexit
import functools
import http.client
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
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
PAGE_SECONDS = 60  # the server runs the notebook before the widgets show
STEP_SECONDS = 60  # a wait fails only on a hang: a busy machine is slow, not broken
PORT_TRIES = 3  # ports a server is tried on, should another process take the first


def free_port() -> int:
    """A TCP port on localhost that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class ServerStopped(RuntimeError):
    """A server that ended before it answered (such as one whose port another process took)."""


def wait_until_serving(url: str, server: subprocess.Popen) -> None:
    """Return once the server answers at `url`, with any HTTP status; raise ServerStopped if it
    ends first, RuntimeError if it takes too long. It asks for the page's head only: fetching
    Voila's page would run the notebook in a kernel of its own, beside the browser's."""
    deadline = time.monotonic() + SERVER_START_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise ServerStopped(f"the server stopped at once, with exit code {server.returncode}")
        try:
            with urllib.request.urlopen(urllib.request.Request(url, method="HEAD"), timeout=2):
                return
        except urllib.error.HTTPError:
            return  # an answer, if not the page (Voila allows no HEAD): the server is up
        except (OSError, http.client.HTTPException):  # not up yet, or not our server's answer
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
    command_at: Callable[[int], list[str]],
    folder: Path,
    log: IO[bytes] | None,
    env: dict[str, str] | None = None,
    answers_at: str = "",
) -> Iterator[str]:
    """Run the server `command_at(port)` in `folder` on a free port of localhost until the block
    ends, and give its URL once it answers at `answers_at` (a path under it).

    The command must make the server end if that port is taken (port_retries=0: else it would
    serve on another port while this asked the process that took it). Between choosing a port and
    binding it another process may take it, so a server that ends before it answers is tried on
    another port, PORT_TRIES in all."""
    output = log if log is not None else subprocess.DEVNULL
    for tried in range(1, PORT_TRIES + 1):
        port = free_port()
        server = subprocess.Popen(
            command_at(port),
            cwd=folder,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            env=env,
        )
        try:
            wait_until_serving(f"http://127.0.0.1:{port}/{answers_at}", server)
            break
        except BaseException as error:
            stop(server)
            if not isinstance(error, ServerStopped) or tried == PORT_TRIES:
                raise
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        stop(server)


@contextmanager
def voila(notebook: Path, log: IO[bytes] | None = None) -> Iterator[str]:
    """The URL of a Voila server on a free port of localhost that shows `notebook` (given a
    folder, that lists its notebooks and shows each at its own address); stopped afterwards."""

    def command_at(port: int) -> list[str]:
        return [
            sys.executable,
            "-m",
            "voila",
            notebook.name,
            "--no-browser",
            f"--port={port}",
            "--Voila.port_retries=0",
            "--Voila.ip=127.0.0.1",
        ]

    with serving(command_at, notebook.parent, log) as url:
        yield url


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
    """Headless Chromium, launched by this process's Playwright, its scrollbars shown as a desktop
    browser on Linux or Windows shows them (Playwright hides them by default): a notebook's takes
    15 px of its width, the room of two characters of code."""
    return playwright_driver().chromium.launch(
        executable_path=str(CHROMIUM),
        args=CHROMIUM_ARGS,
        ignore_default_args=["--hide-scrollbars"],
        timeout=30_000,
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


def open_in_voila(page, url: str) -> None:
    """Load `url` and wait until the first widget shows."""
    page.set_default_timeout(STEP_SECONDS * 1000)
    page.goto(url, timeout=PAGE_SECONDS * 1000)
    page.wait_for_selector(".nim-tree, .nim-replay-tree, .nim-board", timeout=PAGE_SECONDS * 1000)


def box(locator) -> dict:
    """The bounding box of the element `locator` points at, in page pixels."""
    found = locator.bounding_box()
    assert found is not None, "the element is not displayed"
    return found


def only_localhost(route) -> None:  # noqa: ANN001 (a Playwright Route)
    """Let a page load from the local server only: there is no network beyond it."""
    if route.request.url.startswith("http://127.0.0.1"):
        route.continue_()
    else:
        route.abort()
