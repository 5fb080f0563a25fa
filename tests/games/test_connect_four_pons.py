"""Connect Four's search against Pascal Pons' final solver, position by position.

notebooks/data/pons-counts.txt holds how many positions his solver searches on every case of the
five test sets (how they were measured: the README there). The engine (method "deepening") must
stay within 10x of it on every position his solver needs at least 50 for; here on a sample that
runs in seconds (every 25th case of each set among those his solver needs 50 to 5,000 for), the
benchmark (benchmarks/connect_four.py) on all of them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from nimlib import ConnectFour, SearchStats, solve

DATA = Path(__file__).resolve().parents[2] / "notebooks" / "data"
SETS = ("end-easy", "middle-easy", "middle-medium", "begin-easy", "begin-medium")
FEW, CHEAP, EVERY = 50, 5_000, 25  # the positions sampled: Pons' solver needs FEW to CHEAP
MOST = 10  # times Pons' count, at most, on any position of the sample


def pons_counts() -> dict[tuple[str, str], int]:
    """Pons' positions searched, by (set, moves)."""
    lines = (line.split() for line in (DATA / "pons-counts.txt").read_text().splitlines())
    return {(name, moves): int(count) for name, moves, count in lines}


def sample() -> list[tuple[str, str, int, int]]:
    """(set, moves, score, Pons' count) of every EVERY-th case of each set that Pons' solver
    needs FEW to CHEAP positions for."""
    counts, found = pons_counts(), []
    for name in SETS:
        words = (DATA / f"{name}.txt").read_text().split()
        cases = [
            (name, moves, int(score), counts[name, moves])
            for moves, score in zip(words[::2], words[1::2], strict=True)
            if FEW <= counts[name, moves] <= CHEAP
        ]
        found += cases[::EVERY]
    return found


def test_the_counts_cover_every_case_and_reproduce_the_published_means():
    counts = pons_counts()
    assert len(counts) == 5_000
    means = {
        name: sum(count for (set_name, _), count in counts.items() if set_name == name) / 1_000
        for name in SETS
    }
    published = (51.28, 449.6, 39_900, 3_298, 1_201_000)  # the tutorial's final solver
    for name, mean in zip(SETS, published, strict=True):
        assert means[name] == pytest.approx(mean, rel=0.001), name


@pytest.mark.slow
def test_the_engine_stays_within_10x_of_pons_on_every_sampled_position():
    game, cases, worse = ConnectFour(), sample(), []
    assert len(cases) >= 50 and {name for name, *_ in cases} == set(SETS)
    for name, moves, score, pons in cases:
        stats = SearchStats(track_states=False)
        assert solve(game, game.from_moves(moves), method="deepening", stats=stats) == score
        if stats.calls > MOST * pons:
            worse.append(f"{name} {moves}: {stats.calls:,} positions, Pons {pons:,}")
    assert not worse, worse
