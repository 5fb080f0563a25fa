"""The repository keeps its promises: CI runs the README's test command, the code is ruff clean,
and a test run ends, failed, when a test worker dies, instead of waiting for it for ever."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def readme_commands() -> list[str]:
    """The shell commands of the README's quick start."""
    return re.findall(r"```bash\n(.+?)\n```", (ROOT / "README.md").read_text(encoding="utf-8"))


def test_the_readme_has_two_quick_start_commands_and_ci_runs_the_test_one():
    open_notebooks, run_tests = readme_commands()[:2]
    assert "jupyter lab" in open_notebooks and "pytest" in run_tests
    assert run_tests in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()


def test_the_code_is_ruff_clean():
    for command in (["check"], ["format", "--check"]):
        result = subprocess.run(
            [sys.executable, "-m", "ruff", *command, "."], cwd=ROOT, capture_output=True, text=True
        )
        assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow  # two workers and a run of pytest: seconds
def test_a_test_worker_that_dies_ends_the_run_failed_instead_of_hanging(tmp_path):
    """pytest with the project's settings over a test that kills its worker and three that pass
    (in files of their own, handed out whole, as the project's are): the run must end and name the
    test. Without --max-worker-restart=0, pytest-xdist 3.8.0 replaces the worker and waits for
    ever."""
    (tmp_path / "test_dies.py").write_text("import os\n\ndef test_dies():\n    os.abort()\n")
    for number in range(3):
        (tmp_path / f"test_passes_{number}.py").write_text("def test_passes():\n    pass\n")
    command = [sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml")]
    command += ["--rootdir", str(tmp_path), "-n", "2", "-p", "no:faulthandler", str(tmp_path)]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired as error:
        raise AssertionError("the run waited for the dead worker for five minutes") from error
    said = done.stdout + done.stderr
    assert done.returncode == 1 and "test_dies.py::test_dies" in said and "crashed" in said, said
