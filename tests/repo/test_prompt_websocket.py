"""nimlib.jupyter.prompt_websocket: the Jupyter servers that show the notebooks send kernel messages
to the browser at once (Nagle's algorithm off), and pip's install turns it on for JupyterLab and
Voila, and Voila run on its own ends the kernels whose pages have gone. Their kernels, nbgrader's
(its Validate button) and those the scripts, benchmarks and tests start themselves encrypt their
messages (jupyter-config, or transport_encryption="auto" where they are started), so that no kernel
started warns that they can be read in transit.

What it saves (about 30 ms on every widget move with a small answer) is measured by
benchmarks/widget_latency.py, not here.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from http.cookiejar import CookieJar
from pathlib import Path
from types import SimpleNamespace
from unittest import mock
from urllib.request import HTTPCookieProcessor, Request, build_opener

import nbformat
import pytest

pytest.importorskip("jupyter_server")

# noqa: E402
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler  # noqa: E402

# noqa: E402
from nimlib.jupyter.prompt_websocket import PromptConnection, _load_jupyter_server_extension

ROOT = Path(__file__).resolve().parents[2]
KERNEL_SECONDS = 60  # a kernel starts in 2 s, and in 20 on a loaded machine
ASSIGNMENT = "01_simple_nim_minimax"  # the course's first, with two graded exercises
SOLUTION = r"### BEGIN SOLUTION.*?### END SOLUTION"  # nbgrader's markers, and what they hold


def test_a_prompt_connection_turns_nagles_algorithm_off_before_it_connects():
    handler = mock.Mock(spec=KernelWebsocketHandler)
    calls = []
    handler.set_nodelay.side_effect = lambda value: calls.append(("set_nodelay", value))
    with mock.patch.object(
        ZMQChannelsWebsocketConnection, "connect", lambda self: calls.append("connect")
    ):
        PromptConnection(websocket_handler=handler).connect()
    assert calls == [("set_nodelay", True), "connect"]


def test_the_extension_puts_the_prompt_connection_in_place_of_the_servers_own():
    server = SimpleNamespace(web_app=SimpleNamespace(settings={}))
    _load_jupyter_server_extension(server)
    assert server.web_app.settings["kernel_websocket_connection_class"] is PromptConnection
    server.web_app.settings["kernel_websocket_connection_class"] = ZMQChannelsWebsocketConnection
    _load_jupyter_server_extension(server)
    assert server.web_app.settings["kernel_websocket_connection_class"] is PromptConnection


def test_the_extension_leaves_a_connection_someone_chose_alone():
    chosen = type("GatewayConnection", (ZMQChannelsWebsocketConnection,), {})
    server = SimpleNamespace(
        web_app=SimpleNamespace(settings={"kernel_websocket_connection_class": chosen})
    )
    _load_jupyter_server_extension(server)
    assert server.web_app.settings["kernel_websocket_connection_class"] is chosen


@pytest.mark.ci  # a pip install into a fresh virtualenv
def test_pip_turns_it_on_for_jupyterlab():
    listed = subprocess.run(
        [sys.executable, "-m", "jupyter", "server", "extension", "list"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    output = re.sub(r"\x1b\[[0-9;]*m", "", listed.stdout + listed.stderr)  # without its colours
    assert re.search(r"nimlib\.jupyter\.prompt_websocket +enabled", output)
    assert re.search(r"nimlib\.jupyter\.prompt_websocket +OK", output)


@pytest.mark.slow
def test_pip_sets_up_voila_run_on_its_own(tmp_path):
    """The prompt connection, and a kernel that has had no page for 10 minutes ended (Voila's
    own request to end it when its page goes is refused: jupyter-config/pyproject.toml); one with
    its page open, never. The cells tagged "exercise" are left out of its pages."""
    notebook = tmp_path / "empty.ipynb"
    notebook.write_text(
        json.dumps({"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    )
    code = (
        "from voila.app import Voila\n"
        f"app = Voila(); app.initialize([{str(notebook)!r}]); app.init_settings()\n"
        "connection, kernels = app.kernel_websocket_connection_class, app.kernel_manager\n"
        "print(connection.__module__, connection.__name__)\n"
        "print(kernels.cull_idle_timeout, kernels.cull_connected, kernels.transport_encryption)\n"
        "from nbconvert.preprocessors import TagRemovePreprocessor\n"
        "print(*sorted(TagRemovePreprocessor(config=app.config).remove_cell_tags))"
    )
    found = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=120
    )
    assert found.stdout.split() == [
        "nimlib.jupyter.prompt_websocket",
        "PromptConnection",
        "600",
        "False",
        "auto",
        "exercise",
    ], found.stderr[-2000:]


@pytest.mark.ci  # a JupyterLab server and a kernel, some ten seconds
def test_jupyterlab_starts_its_kernels_with_their_messages_encrypted(tmp_path):
    """Without keys, ipykernel 7.4 warns in the terminal JupyterLab runs in, at every kernel it
    starts, that its messages can be read in transit. The kernel answers a client that has the keys
    JupyterLab wrote into its connection file."""
    from jupyter_client import BlockingKernelClient
    from lab_browser import jupyter_lab

    with (
        open(tmp_path / "lab.log", "wb") as log,
        jupyter_lab(tmp_path, tmp_path / "home", log) as url,
    ):
        kernel = posted(url, "api/kernels", {})["id"]
        connection = tmp_path / "home" / "runtime" / f"kernel-{kernel}.json"
        assert "curve_publickey" in json.loads(connection.read_text())
        client = BlockingKernelClient(connection_file=str(connection))
        client.load_connection_file()
        # no heartbeat: on a busy machine a beat a second late read as a kernel that died
        client.start_channels(hb=False)
        try:
            client.wait_for_ready(timeout=KERNEL_SECONDS)
            reply = client.execute_interactive("6 * 7", timeout=KERNEL_SECONDS)
        finally:
            client.stop_channels()
    assert reply["content"]["status"] == "ok"
    printed = (tmp_path / "lab.log").read_text(encoding="utf-8", errors="replace")
    assert "Kernel started" in printed and "without encryption" not in printed, printed[-2000:]


@pytest.mark.ci  # a JupyterLab server, and two kernels that run a notebook, some fifteen seconds
def test_nbgraders_validate_button_runs_a_notebook_in_a_kernel_with_its_messages_encrypted(
    tmp_path,
):
    """The Validate button of a notebook in JupyterLab (nbgrader's server extension, which reads
    jupyter_config.json, not the server's config) runs the notebook in a kernel of its own: the
    worked solutions pass, the assignment with its solutions taken out fails in its two graded
    cells, and the terminal JupyterLab runs in shows no warning of eavesdroppers."""
    pytest.importorskip("nbgrader")
    from lab_browser import jupyter_lab

    notebook = nbformat.read(ROOT / "course" / "source" / f"{ASSIGNMENT}/{ASSIGNMENT}.ipynb", 4)
    nbformat.write(notebook, tmp_path / "worked.ipynb")
    for cell in notebook.cells:
        cell.source = re.sub(SOLUTION, "raise NotImplementedError()", cell.source, flags=re.S)
    nbformat.write(notebook, tmp_path / "unsolved.ipynb")
    with (
        open(tmp_path / "lab.log", "wb") as log,
        jupyter_lab(tmp_path, tmp_path / "home", log) as url,
    ):
        worked = posted(url, "assignments/validate", {"path": "worked.ipynb"})
        unsolved = posted(url, "assignments/validate", {"path": "unsolved.ipynb"})
    assert worked == {"success": True, "value": {}}, worked  # nothing failed
    assert len(unsolved["value"]["failed"]) == 2, unsolved
    printed = (tmp_path / "lab.log").read_text(encoding="utf-8", errors="replace")
    assert "without encryption" not in printed, printed[-2000:]


def posted(url: str, path: str, body: dict) -> dict:
    """JupyterLab's JSON answer to a POST of `body` to `path`, sent as its page sends it: with the
    _xsrf cookie the server gave the page, repeated in a header."""
    cookies = CookieJar()
    opened = build_opener(HTTPCookieProcessor(cookies)).open
    opened(url + "lab")
    xsrf = next(cookie.value for cookie in cookies if cookie.name == "_xsrf")
    request = Request(url + path, json.dumps(body).encode(), {"X-XSRFToken": xsrf}, method="POST")
    return json.loads(opened(request, timeout=KERNEL_SECONDS * 2).read())


def kernel_starts(tree: ast.Module) -> list[ast.Call]:
    """The calls in `tree` that start a kernel: start_new_kernel(...), and the execute() of an
    nbclient NotebookClient, made in place or kept in a name."""
    clients = {
        target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and is_call_of(node.value, "NotebookClient")
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    return [
        node
        for node in ast.walk(tree)
        if is_call_of(node, "start_new_kernel")
        or isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "execute"
        and (
            is_call_of(node.func.value, "NotebookClient")
            or isinstance(node.func.value, ast.Name)
            and node.func.value.id in clients
        )
    ]


def is_call_of(node: ast.AST, name: str) -> bool:
    """Whether `node` calls the function called `name`."""
    return isinstance(node, ast.Call) and getattr(node.func, "id", None) == name


def test_every_kernel_the_scripts_benchmarks_and_tests_start_has_its_messages_encrypted():
    """run_notebooks.py, widget_latency.py and the tests start kernels of their own, outside
    JupyterLab's config: each asks for keys (transport_encryption="auto"), or ipykernel warns at
    its start that the kernel's messages can be read in transit."""
    root = Path(__file__).resolve().parents[2]
    starts = {
        f"{path.relative_to(root)}:{call.lineno}": call
        for folder in ("scripts", "benchmarks", "tests")
        for path in sorted((root / folder).rglob("*.py"))
        for call in kernel_starts(ast.parse(path.read_text(encoding="utf-8")))
    }
    assert len(starts) >= 3, sorted(starts)  # run_notebooks, widget_latency, a browser test
    unencrypted = [
        where
        for where, call in starts.items()
        if not any(
            keyword.arg == "transport_encryption"
            and isinstance(keyword.value, ast.Constant)
            and keyword.value.value == "auto"
            for keyword in call.keywords
        )
    ]
    assert not unencrypted, unencrypted
