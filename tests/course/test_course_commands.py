"""The README's course commands run as written: its block of nbgrader commands, word for word, in a
copy of course/, by whoever runs the tests (a user or root), with the tests' Python environment
standing for the one the block's first two lines make and activate. Every command succeeds and
says no error, the exchange is the course's own exchange/, and the student's feedback comes back.

Skips, saying why, where nbgrader is not installed (it is in requirements-teach.txt, for lecturers).
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip(
    "nbgrader", reason="nbgrader is for lecturers: pip install -r requirements-teach.txt"
)

ROOT = Path(__file__).resolve().parents[2]
SETUP = ("python3 -m venv .venv", "source .venv/bin/activate")  # the tests' environment stands in


def course_commands() -> list[str]:
    """The README's block of course commands, without the lines that make the environment."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = next(
        block
        for block in re.findall(r"```bash\n(.+?)\n```", readme, re.S)
        if "nbgrader generate_assignment" in block
    )
    lines = block.splitlines()
    assert [line.startswith(SETUP) for line in lines[:2]] == [True, True], lines[:2]
    return lines[2:]


@pytest.mark.ci
def test_the_readmes_course_commands_run_as_written(tmp_path):
    shutil.copytree(
        ROOT / "course",
        tmp_path / "course",
        ignore=shutil.ignore_patterns(*(ROOT / "course" / ".gitignore").read_text().split()),
    )
    environment = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "HOME": str(tmp_path / "home"),  # nbgrader's cache of submissions, apart from the user's
    }
    done = subprocess.run(
        ["bash", "-e", "-c", "\n".join(course_commands())],
        cwd=tmp_path,
        env=environment,
        capture_output=True,
        text=True,
        timeout=600,
    )
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    assert "[ERROR]" not in said and "cannot be converted to" not in said, said
    assert "Creating exchange directory: " + str(tmp_path / "course" / "exchange") in said, said
    assert list((tmp_path / "course" / "student").glob("01_*/feedback/*/01_*.html")), said
