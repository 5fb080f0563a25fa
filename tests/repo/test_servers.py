"""The browser tests' servers (scripts/voila_browser.py): a port taken by another process before
the server binds it costs a retry on another port, never a test."""

import sys
from pathlib import Path

import pytest
from voila_browser import PORT_TRIES, ServerStopped, serving

ENDS_AT_ONCE = [sys.executable, "-c", "raise SystemExit(3)"]  # as when its port was taken


def test_a_server_that_ends_before_it_answers_is_started_again_on_another_port(tmp_path: Path):
    ports: list[int] = []

    def command_at(port: int) -> list[str]:
        ports.append(port)
        if len(ports) == 1:
            return ENDS_AT_ONCE
        return [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port)]

    with serving(command_at, tmp_path, None) as url:
        assert len(ports) == 2 and url == f"http://127.0.0.1:{ports[1]}/"


def test_a_server_that_never_starts_is_reported_after_a_few_ports(tmp_path: Path):
    ports: list[int] = []

    def command_at(port: int) -> list[str]:
        ports.append(port)
        return ENDS_AT_ONCE

    with pytest.raises(ServerStopped, match="exit code 3"), serving(command_at, tmp_path, None):
        pass
    assert len(ports) == PORT_TRIES
