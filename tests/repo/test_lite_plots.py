"""The in-browser site's matplotlib: Pyodide's builds when the build can fetch them, else the
stand-in.

The stand-in (lite/matplotlib_stand_in/, packed with the stored plots by scripts/build_lite.py) is
tried here in a desktop kernel that finds it before the real matplotlib: notebooks 04, 08, 10 and
13 run top to bottom with no error, and each plot cell shows the picture stored for it (through
nimlib's show_plot, with its words) under one line that says why. Fetching Pyodide's builds is
tried from a folder, as from an unpacked release.
"""

import base64
import hashlib
import importlib.util
import json
import runpy
import zipfile
from pathlib import Path

import nbformat
import pytest
from lite_stand_in import pngs
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]
SPEC = importlib.util.spec_from_file_location("build_lite", ROOT / "scripts" / "build_lite.py")
build_lite = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(build_lite)
PLOTTING = [
    "04_memoization.ipynb",
    "08_patterns_and_theory.ipynb",
    "10_move_ordering_and_deepening.ipynb",
    "13_monte_carlo_tree_search.ipynb",
]
WHY = runpy.run_path(str(ROOT / "lite" / "matplotlib_stand_in" / "matplotlib" / "pyplot.py"))["WHY"]


@pytest.fixture(scope="module")
def stand_in(tmp_path_factory) -> Path:
    """A folder holding the stand-in matplotlib, unpacked from the wheel the build makes."""
    folder = tmp_path_factory.mktemp("stand_in")
    wheel = build_lite.stand_in_wheel(folder, frozenset(build_lite.NOT_ON_THE_SITE))
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(folder / "site-packages")
    return folder / "site-packages"


def test_the_stand_in_wheel_holds_every_stored_plot_and_a_lock_entry_for_matplotlib(stand_in):
    index = json.loads((stand_in / "matplotlib" / "pictures" / "index.json").read_text())
    assert (
        sum(len(names) for names in index.values()) == 6
    )  # one plot in 04, three in 08, one in 10, one in 13
    assert all(
        (stand_in / "matplotlib" / "pictures" / name).exists()
        for names in index.values()
        for name in names
    )
    entry = build_lite.lock_entry(next(stand_in.parent.glob("matplotlib-*.whl")))
    assert entry["name"] == "matplotlib" and entry["imports"] == ["matplotlib"]


@pytest.mark.parametrize("name", PLOTTING)
def test_with_the_stand_in_a_plotting_notebook_runs_to_its_end_and_shows_the_stored_plots(
    stand_in, name, monkeypatch
):
    monkeypatch.setenv("PYTHONPATH", str(stand_in))
    monkeypatch.delenv("MPLBACKEND", raising=False)
    stored = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    notebook = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=60,
        kernel_name="python3",
        resources={"metadata": {"path": str(ROOT / "notebooks")}},  # where the site runs them
    )
    client.execute(transport_encryption="auto")  # raises CellExecutionError if a cell fails
    for before, after in zip(stored.cells, notebook.cells, strict=True):
        pictures = [png for output in before.get("outputs", []) for png in pngs(output)]
        if not pictures:
            continue
        shown = [png for output in after.outputs for png in pngs(output)]
        said = "".join(
            output.get("text", "") for output in after.outputs if output.output_type == "stream"
        )
        assert [picture_hash(picture) for picture in shown] == [
            picture_hash(picture) for picture in pictures
        ]
        assert said.count(WHY) == len(pictures)


def picture_hash(picture: str) -> str:
    """The SHA-256 of a base64 picture, so that a failing comparison prints short."""
    return hashlib.sha256(base64.b64decode(picture)).hexdigest()


def test_pyodide_builds_are_fetched_from_a_folder_and_checked_against_the_lock(tmp_path):
    good, bad = b"a wheel", b"tampered"
    lock = {
        "packages": {
            "matplotlib": {
                "file_name": "m.whl",
                "sha256": hashlib.sha256(good).hexdigest(),
                "depends": ["numpy"],
            },
            "numpy": {
                "file_name": "n.whl",
                "sha256": hashlib.sha256(good).hexdigest(),
                "depends": [],
            },
            "matplotlib-inline": {
                "file_name": "i.whl",
                "sha256": hashlib.sha256(good).hexdigest(),
                "depends": ["x"],
            },
            "x": {"file_name": "x.whl", "sha256": "", "depends": []},
        }
    }
    source, site = tmp_path / "release", tmp_path / "site"
    source.mkdir()
    site.mkdir()
    for name in ("m.whl", "n.whl", "i.whl"):
        (source / name).write_bytes(good)
    assert build_lite.plot_wheels(lock, {"x"}, str(source), site) == [
        "matplotlib",
        "matplotlib-inline",
        "numpy",
    ]
    assert sorted(path.name for path in site.iterdir()) == ["i.whl", "m.whl", "n.whl"]
    (source / "n.whl").write_bytes(bad)
    with pytest.raises(build_lite.PlotsUnavailable, match="does not match"):
        build_lite.plot_wheels(lock, {"x"}, str(source), tmp_path / "other")
    (source / "n.whl").write_bytes(good)
    with pytest.raises(build_lite.PlotsUnavailable, match="x.whl is missing"):
        build_lite.plot_wheels(lock, set(), str(source), tmp_path / "other")


pytestmark = pytest.mark.ci  # builds a site or decks, or runs nbval in a child: CI's tier
