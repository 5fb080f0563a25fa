"""The contributor's scripts refuse arguments they cannot use, naming them, before doing any work:
exit status 2, no traceback."""

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parent.parent.parent / "scripts"


def run(script: str, *arguments: str) -> subprocess.CompletedProcess:
    """Run scripts/`script` with `arguments`, as a contributor types it."""
    command = [sys.executable, str(SCRIPTS / script), *arguments]
    return subprocess.run(
        command, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL
    )


@pytest.mark.parametrize(
    "script, arguments",
    [
        ("run_notebooks.py", ["--check", "no_such_notebook"]),
        ("run_notebooks.py", ["--check", "01", "no_such_notebook"]),
        ("build_slides.py", ["no_such_notebook", "--output-dir", "OUT"]),
        ("accessibility.py", ["no_such_notebook"]),
    ],
)
def test_a_pattern_that_matches_no_notebook_is_named(tmp_path, script, arguments):
    """Not a silent run of nothing (or of the other patterns' notebooks only) that exits 0."""
    arguments = [str(tmp_path / "decks") if part == "OUT" else part for part in arguments]
    refused = run(script, *arguments)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr, refused.stderr
    assert "has a name containing ['no_such_notebook']" in refused.stderr
    assert not (tmp_path / "decks").exists()


def test_a_folder_without_notebooks_is_named_by_the_accessibility_audit(tmp_path):
    """Not an IndexError from the JupyterLab page it would have opened."""
    refused = run("accessibility.py", "--notebooks", str(tmp_path / "missing"))
    assert refused.returncode == 2 and "Traceback" not in refused.stderr, refused.stderr
    assert f"{tmp_path / 'missing'} holds no notebook" in refused.stderr


@pytest.mark.parametrize("kind", ["missing", "folder", "text"])
def test_a_file_that_is_not_a_notebook_is_named_by_the_slide_marker(tmp_path, kind):
    """Not nbformat's raw traceback; and the notebook given before it is left as it was."""
    path = tmp_path / "given.ipynb"
    if kind == "folder":
        path.mkdir()
    if kind == "text":
        path.write_text("# notes, not a notebook\n")
    notebook = tmp_path / "01_a.ipynb"
    notebook.write_text(
        '{"cells": [{"cell_type": "markdown", "id": "a", "metadata": {}, "source": "# A"}], '
        '"metadata": {}, "nbformat": 4, "nbformat_minor": 5}'
    )
    before = notebook.read_text()
    refused = run("add_slide_metadata.py", str(notebook), str(path))
    assert refused.returncode == 2 and "Traceback" not in refused.stderr, refused.stderr
    assert f"{path} is not a notebook that can be read" in refused.stderr
    assert notebook.read_text() == before


@pytest.mark.parametrize("check", [["--check"], []])
def test_a_series_folder_without_notebooks_is_named_by_the_course_writer(tmp_path, check):
    """Not 'course/source is up to date' (exit 0) or a course of nothing written."""
    arguments = ["--notebooks", str(tmp_path / "missing"), "--course", str(tmp_path / "course")]
    refused = run("make_assignments.py", *check, *arguments)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr, refused.stderr
    assert f"{tmp_path / 'missing'} holds no notebook" in refused.stderr
    assert not (tmp_path / "course").exists()


def test_a_course_not_written_yet_is_stale_to_the_course_check(tmp_path):
    """Not a FileNotFoundError from nbformat: each assignment not written is named as stale."""
    checked = run("make_assignments.py", "--check", "--course", str(tmp_path / "course"))
    assert checked.returncode == 1 and "Traceback" not in checked.stderr, checked.stderr
    assert checked.stdout.startswith("stale: 01_")


@pytest.mark.parametrize("arguments", [["--help"], ["--bogus"]])
def test_the_screenshot_script_takes_no_photo_when_given_arguments(arguments):
    """--help prints what it does, an unknown argument is refused (status 2), and neither starts
    Voila and Chromium to write over images/ (it did, for --help too)."""
    pytest.importorskip("playwright")
    images = SCRIPTS.parent / "images"
    before = {path.name: path.stat().st_mtime_ns for path in images.glob("*.png")}
    done = run("make_screenshots.py", *arguments)
    assert done.returncode == (0 if arguments == ["--help"] else 2), done.stderr
    assert "Traceback" not in done.stderr and "wrote" not in done.stdout
    assert {path.name: path.stat().st_mtime_ns for path in images.glob("*.png")} == before
