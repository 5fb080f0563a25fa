"""The JupyterLite site's kernel changes to the notebooks' folder after its imports, not before
(scripts/lite_kernel.py), checked on the worker of the jupyterlite-pyodide-kernel installed here
(requirements-lite.txt; it skips, saying so, without it)."""

import re
import shutil
import sys
from pathlib import Path

import pytest
from lite_kernel import KERNEL_EXTENSION, defer_working_directory

INSTALLED = (
    Path(sys.prefix)
    / "share"
    / "jupyter"
    / "labextensions"
    / KERNEL_EXTENSION.relative_to("extensions")
)


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A site folder holding a copy of the installed kernel extension's scripts."""
    if not INSTALLED.is_dir():
        pytest.skip("jupyterlite-pyodide-kernel comes with requirements-lite.txt")
    shutil.copytree(INSTALLED, tmp_path / KERNEL_EXTENSION)
    return tmp_path


def test_the_drive_is_mounted_first_and_entered_after_the_kernels_import(site):
    rewritten = defer_working_directory(site)
    assert rewritten
    for name in rewritten:
        text = (site / KERNEL_EXTENSION / name).read_text(encoding="utf-8")
        assert not re.search(r"\.mount\(\w+,\{\},(\w+)\),\w+\.chdir\(\1\)", text)
        kernel = text.index('"import pyodide_kernel"')
        entered = text.index("'os.chdir(\"/drive\")'")
        folder = text.index('os.chdir("${this._localPath}")')
        assert kernel < entered < folder  # the import, the drive, the notebook's folder


def test_a_worker_not_as_expected_stops_the_build(site):
    defer_working_directory(site)
    with pytest.raises(SystemExit, match="not as scripts/lite_kernel.py expects"):
        defer_working_directory(site)  # rewritten already: no change of directory left to move
