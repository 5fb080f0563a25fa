"""Kernel messages that reach the browser at once: a Jupyter server extension.

The Jupyter server passes a kernel's messages to the browser over a websocket, and Tornado keeps
Nagle's algorithm on for it. So a message smaller than one TCP segment (about 64 KB on localhost)
that follows another one before the browser has acknowledged it (the kernel's "busy", say) waits
for that acknowledgement, which the browser delays by up to 40 ms. Every widget move with a small
answer (a few counters, a game of tic-tac-toe) took about 33 ms longer than its kernel needed.
Tornado's documented remedy is `set_nodelay(True)` on the websocket; this module applies it to
the kernel websockets of the servers that show the notebooks:

- JupyterLab and Notebook load it as a server extension: pip installs
  etc/jupyter/jupyter_server_config.d/nimlib.json, which turns it on;
- Voila, run on its own, is told to use `PromptConnection` by etc/jupyter/voila.json.
"""

from __future__ import annotations

from jupyter_server.serverapp import ServerApp
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

SETTING = "kernel_websocket_connection_class"


class PromptConnection(ZMQChannelsWebsocketConnection):
    """The connection of a browser to a kernel, which sends each message to the browser at once."""

    def connect(self) -> object:
        """Connect to the kernel, with Nagle's algorithm off for the browser's websocket."""
        self.websocket_handler.set_nodelay(True)
        return super().connect()


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """Where the Jupyter server finds this extension."""
    return [{"module": "nimlib.jupyter.prompt_websocket"}]


def _load_jupyter_server_extension(server: ServerApp) -> None:
    """Make the server's kernel websockets send each message at once, unless it uses a connection of
    its own."""
    settings = server.web_app.settings
    if settings.get(SETTING, ZMQChannelsWebsocketConnection) is ZMQChannelsWebsocketConnection:
        settings[SETTING] = PromptConnection
