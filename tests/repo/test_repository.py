"""The repository keeps its promises: CI runs the README's test command, and the code is ruff
clean."""

import re
import subprocess
import sys
from pathlib import Path

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
