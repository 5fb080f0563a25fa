"""What the tests share: the repository's scripts and benchmarks folders and tests/ itself (for
child.py), importable by name; games against the computer that take clicks at machine speed; how
many workers pytest-xdist starts."""

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
for folder in ("scripts", "benchmarks", "tests"):
    if str(ROOT / folder) not in sys.path:
        sys.path.insert(0, str(ROOT / folder))


@pytest.fixture(autouse=True)
def clicks_at_machine_speed(monkeypatch):
    """Tests click a game's buttons one right after another: no click counts as made before the
    answer showed (tests of that rule set LATE_CLICK themselves)."""
    monkeypatch.setattr("nimlib.widgets.match.LATE_CLICK", 0.0)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """One worker more than the machine has processors (pyproject's ``-n auto``): the browser tests
    spend much of their time waiting for a server, a kernel or a page, and the extra worker fills it
    (the suite took 5:56 with two workers on this repository's 2-core build machine, 5:24 with
    three)."""
    return (os.cpu_count() or 1) + 1


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that drives a browser belongs to CI's tier (``-m ci``) as well."""
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.ci)
