"""What the browser tests share: one Voila server per test worker (a process), serving a folder of
its own, where each test writes its notebook and opens it in a page of its own. Voila starts a
kernel for each page it serves, so the tests share the server and nothing else: starting one took 5
to 7 s a test on the 2-core machine (scripts/voila_browser.py's Chromium is already launched once
per process, each page in a new context of it)."""

import contextlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from lab_browser import notebook_of
from voila_browser import voila

# Voila 0.5.13 ends no kernel when its page goes (the page's request to end it is refused, for want
# of an _xsrf cookie): the shared server ends those that have had no page this long, sooner than
# the 10 minutes of the settings pip installs (jupyter-config/voila.json).
IDLE_KERNEL_SECONDS = 60
# The Voila settings pip installs, read from the repository: the tests see a change to them at
# once, without installing jupyter-config again.
VOILA_SETTINGS = Path(__file__).resolve().parents[2] / "jupyter-config" / "voila.json"
# Playwright's expect() waits 5 s by default: too little on a busy machine, where the page is slow,
# not broken (a wait fails only on a hang)
EXPECT_MS = 60_000

with contextlib.suppress(ImportError):  # without Playwright the browser tests skip, saying so
    from playwright.sync_api import expect

    expect.set_options(timeout=EXPECT_MS)


@dataclass(frozen=True)
class VoilaSite:
    """A Voila server on localhost showing the notebooks of `folder`, at `url`."""

    folder: Path
    url: str

    def address(self, notebook: Path) -> str:
        """The address at which the server shows `notebook`, a file of its folder."""
        return f"{self.url}voila/render/{notebook.name}"


@pytest.fixture(scope="session")
def voila_site(tmp_path_factory) -> Iterator[VoilaSite]:
    """This worker's Voila server, serving a folder of its own until the worker ends, with the
    repository's Voila settings (VOILA_SETTINGS: the exercises left out, among others) except that
    it ends each kernel that has had no page for IDLE_KERNEL_SECONDS (its voila.json, read from the
    folder the server starts in, before the installed one); its log is voila.log there."""
    home = tmp_path_factory.mktemp("voila")
    settings = json.loads(VOILA_SETTINGS.read_text())
    settings["MappingKernelManager"].update(cull_idle_timeout=IDLE_KERNEL_SECONDS, cull_interval=10)
    (home / "voila.json").write_text(json.dumps(settings))
    folder = home / "notebooks"
    folder.mkdir()
    with open(home / "voila.log", "wb") as log, voila(folder, log) as url:
        yield VoilaSite(folder, url)


@pytest.fixture
def in_voila(voila_site, tmp_path) -> Callable[[list[str]], str]:
    """Write a notebook of code cells, named after the test, where this worker's Voila serves it,
    and give its address."""

    def address(cells: list[str]) -> str:
        """The address of a new notebook of code `cells` in Voila."""
        return voila_site.address(notebook_of(voila_site.folder, cells, f"{tmp_path.name}.ipynb"))

    return address
