"""What the tests share: the repository's scripts and benchmarks folders, importable by name; games against
the computer that take clicks at machine speed."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
for folder in ("scripts", "benchmarks"):
    if str(ROOT / folder) not in sys.path:
        sys.path.insert(0, str(ROOT / folder))


@pytest.fixture(autouse=True)
def clicks_at_machine_speed(monkeypatch):
    """Tests click a game's buttons one right after another: no click counts as made before the answer
    showed (tests of that rule set LATE_CLICK themselves)."""
    monkeypatch.setattr("nimlib.widgets.match.LATE_CLICK", 0.0)
