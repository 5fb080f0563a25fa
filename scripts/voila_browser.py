"""A Voila server on localhost and headless Chromium to look at it: shared by the browser test
and the screenshot script.

It needs Debian's chromium at /usr/bin/chromium (apt-get install chromium); Playwright and Voila
come with requirements.txt.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
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
    """Return once `url` answers; raise RuntimeError if the server stops or takes too long."""
    deadline = time.monotonic() + SERVER_START_SECONDS
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"Voila stopped at once, with exit code {server.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"Voila did not answer within {SERVER_START_SECONDS} s")


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
def voila(notebook: Path, log: IO[bytes] | None = None) -> Iterator[str]:
    """The URL of a Voila server on a free port of localhost that shows `notebook`; stopped afterwards."""
    port = free_port()
    command = [sys.executable, "-m", "voila", notebook.name, "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]
    output = log if log is not None else subprocess.DEVNULL
    server = subprocess.Popen(
        command, cwd=notebook.parent, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
    )
    try:
        url = f"http://127.0.0.1:{port}/"
        wait_until_serving(url, server)
        yield url
    finally:
        stop(server)


def only_localhost(route) -> None:  # noqa: ANN001 (a Playwright Route)
    """Let a page load from the local server only: there is no network beyond it."""
    if route.request.url.startswith("http://127.0.0.1"):
        route.continue_()
    else:
        route.abort()
