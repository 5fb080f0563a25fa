"""The call-count figures of notebooks 04 and 05 show what nimlib's searches count today.

benchmarks/scaling.py keeps each figure's numbers in its SVG; every point that is cheap to
compute is computed again here, so a change to how a method counts its calls cannot leave a
stale figure behind (redraw it with `.venv/bin/python benchmarks/scaling.py`).
"""

from functools import cache

import pytest
from scaling import IMAGES, PILE_SIZE, figure_points

from nimlib import Nim, SearchStats, SimpleNim, solver

CHEAP_CALLS = 50_000
FIGURES = {  # figure: its game, the state of a size, and the largest size worth computing again
    "scaling_nim.svg": (Nim(), lambda piles: (PILE_SIZE,) * piles, 12),
    "scaling_simple_nim.svg": (SimpleNim(), lambda counters: counters, 200),
}


@cache
def calls_of(game, state, method: str) -> int:
    """The calls `method` makes to solve `state`, as the figure counts them (the method itself, no
    budget); worked out once, for the figure's test and the doctored figure's."""
    stats = SearchStats(max_calls=None, max_seconds=None, max_bytes=None)
    solver(game, method, stats)(state, True)
    return stats.calls


def stale_points(path, game, state_of, largest: int) -> dict:
    """The cheap points of the figure at `path` whose count nimlib no longer makes: point -> (shown,
    now)."""
    shown = figure_points(path)
    cheap = {
        point: calls
        for point, calls in shown.items()
        if calls <= CHEAP_CALLS and point[1] <= largest
    }
    assert len(cheap) >= 30, f"{path.name} shows too few points to check"
    now = {(method, size): calls_of(game, state_of(size), method) for method, size in cheap}
    return {point: (calls, now[point]) for point, calls in cheap.items() if now[point] != calls}


@pytest.mark.parametrize("name", FIGURES)
def test_a_scaling_figure_shows_the_calls_nimlib_counts(name):
    stale = stale_points(IMAGES / name, *FIGURES[name])
    assert stale == {}, (
        f"{name} shows other counts than nimlib makes (shown, now): redraw it with benchmarks/scaling.py"
    )


def test_a_figure_with_an_old_count_is_found(tmp_path):
    doctored = tmp_path / "scaling_nim.svg"
    text = (IMAGES / "scaling_nim.svg").read_text(encoding="ascii")
    doctored.write_text(
        text.replace("memo_canonical 4 371;", "memo_canonical 4 370;"), encoding="ascii"
    )
    assert stale_points(doctored, *FIGURES["scaling_nim.svg"]) == {
        ("memo_canonical", 4): (370, 371)
    }


def test_a_figure_without_its_numbers_is_refused(tmp_path):
    bare = tmp_path / "bare.svg"
    bare.write_text("<svg></svg>", encoding="ascii")
    with pytest.raises(ValueError, match="holds no numbers"):
        figure_points(bare)
