"""What the tests share: the repository's scripts and benchmarks folders, tests/ itself (for
child.py and pictures.py) and tests/checks (the learners' solutions, solutions.py, which the
course's and the tournament's tests try too), importable by name; games against the computer
that take clicks at machine speed; the checks' timer made patient with a busy machine;
Hypothesis's examples fixed in CI; how many workers pytest-xdist starts, and which files it
hands out first."""

import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent
for folder in ("scripts", "benchmarks", "tests", "tests/checks"):
    if str(ROOT / folder) not in sys.path:
        sys.path.insert(0, str(ROOT / folder))

# Hypothesis draws new examples on every run, so that a contributor's runs keep looking for a case
# that fails. CI (.ci/run sets NIMLIB_HYPOTHESIS=ci) draws the same examples every time, from a
# seed of each test's own: a push is judged on the code it changes, not on where the draw fell.
from voila_browser import CHROMIUM  # noqa: E402 (scripts/ is importable from here on)

settings.register_profile("ci", derandomize=True)
settings.load_profile(os.environ.get("NIMLIB_HYPOTHESIS", "default"))


@pytest.fixture(autouse=True)
def clicks_at_machine_speed(monkeypatch):
    """Tests click a game's buttons one right after another: no click counts as made before the
    answer showed (tests of that rule set LATE_CLICK themselves)."""
    monkeypatch.setattr("nimlib.widgets.match.LATE_CLICK", 0.0)


@pytest.fixture(autouse=True)
def checks_timed_for_a_busy_machine(monkeypatch):
    """A check stops a learner's case after MAX_SECONDS of wall time, a backstop for a loop that
    makes no call: a case's work is bounded by its calls (MAX_CALLS, about a second). A machine
    busy with other tests runs a right case of a second or two several times slower, so here the
    backstop waits six times as long (tests of the timer set MAX_SECONDS themselves). So do the
    questions a hint asks the learner's function again (asked_again, within QUICK_SECONDS): one
    stopped by a busy machine gives another hint, or none."""
    monkeypatch.setattr("nimlib.checks.runner.MAX_SECONDS", 60)
    monkeypatch.setattr("nimlib.checks.runner.QUICK_SECONDS", 12)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """The workers of pyproject's ``-n auto``: one per processor where the tests keep a processor
    busy (the README's command and the quick tier, which leave CI's tier out: on the 2-core build
    machine the README's command took 200 s with two workers, 217 s with three); one more where
    CI's browser tests run, which spend much of their time waiting for a server, a kernel or a page
    (the extra worker fills it: 5:24 with three workers, 5:56 with two)."""
    processors = os.cpu_count() or 1
    return processors if "not ci" in config.getoption("markexpr") else processors + 1


# The test files that take longest, longest first (CI's tier on 2 cores, in worker-seconds: 437,
# 417, 284, 164; the README's command: 60 s). pytest-xdist hands whole files to its workers
# (pyproject's --dist loadfile) in the order collected (--no-loadscope-reorder): the three longest
# start at once on CI's three workers, and none of these starts while the other workers are running
# out of work. xdist's own order, by the number of tests in a file, gave the course's two long
# tests out last and CI's tier took a minute longer; given out fourth, the round trip started only
# once test_browser.py had ended. The quick tier's longest follow (16 to 22 worker-seconds each on
# the 2 cores while other tests ran): in the order collected, the widgets' two longest came last,
# and one worker ran them while the other stood idle.
LONGEST_FIRST = (
    "browser/test_lab_notebooks.py",
    "browser/test_lite.py",
    "course/test_course_round_trip.py",
    "browser/test_browser.py",
    "checks/test_catalogue.py",
    "widgets/test_widgets.py",
    "book/test_any_value.py",
    "checks/test_pruning.py",
    "repo/test_script_arguments.py",
    "checks/test_runner.py",
    "widgets/test_widgets_games.py",
)


PLACES = {ROOT / "tests" / name: place for place, name in enumerate(LONGEST_FIRST)}


def handed_out(item: pytest.Item) -> int:
    """Where `item`'s file comes in LONGEST_FIRST; every other file comes after them. (A dict: a
    list of paths built and searched for each of the 3,695 tests took 0.4 s of collection.)"""
    return PLACES.get(item.path, len(LONGEST_FIRST))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test that drives a browser belongs to CI's tier (``-m ci``) as well, and skips where
    Debian's chromium is missing; the longest files come first (LONGEST_FIRST), the rest in the
    order collected."""
    no_chromium = pytest.mark.skipif(
        not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium"
    )
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.ci)
            item.add_marker(no_chromium)
    items.sort(key=handed_out)
