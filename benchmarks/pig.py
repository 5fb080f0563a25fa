"""Pig to 100 solved layer by layer (solve_pig), checked against Neller and Presser's figure.

    .venv/bin/python benchmarks/pig.py              # goal 100: a few seconds
    .venv/bin/python benchmarks/pig.py --sweeping   # also the sweeps of solve_by_value_iteration
    .venv/bin/python benchmarks/pig.py --goal 50    # quicker
    .venv/bin/python benchmarks/pig.py --picture    # also redraws
    notebooks/images/pig_policy_100.svg

Prints the first player's chance of winning to four decimals beside Neller and Presser's 53.06%
("Optimal Play of the Dice Game Pig", The UMAP Journal 25(1), 2004), the time the value iteration
took (wall-clock, so it depends on the machine and on what else runs on it: the load average is
printed beside it), and the exact-policy match of best play against "hold at 20" (200,000 games,
seeded). Measured (2 cores shared, load average about 7): solve_pig 1.4 s to 100 (0.7 s of
CPU); before it, every layer swept whole by solve_by_value_iteration took 130 s (1,018 s at nice
10 after the Game contract's change, about 200 s of CPU); those sweeps now stop at their default
budget of 10 s.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from math import sqrt
from pathlib import Path

import matplotlib.pyplot as plt
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nimlib.book.stats import SearchStats  # noqa: E402
from nimlib.book.value_iteration import solve_by_value_iteration  # noqa: E402
from nimlib.engine.pig import solve_pig  # noqa: E402
from nimlib.games.pig import Pig, hold_at, optimal, play_match  # noqa: E402
from nimlib.games.values import Values, whole_number  # noqa: E402

PUBLISHED = 0.5306  # Neller and Presser: the first player wins about 53.06% with best play to 100
PICTURE = ROOT / "notebooks" / "images" / "pig_policy_100.svg"
STEPS_OF_MINE = range(0, 80, 10)  # the points of mine at which Pig.first_hold is printed
HOLD_AT = 20  # the rule of thumb that best play is measured against, and drawn beside
ROLL, HOLD, OVER = 0, 1, 2  # a cell of the picture: best play rolls, holds, or has already won
COLOURS = ListedColormap(["#56b4e9", "#e69f00", "#ffffff"])  # Okabe-Ito blue, orange; white


def main() -> None:
    """Solve, print the figures, and redraw the picture if asked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--goal", type=int, default=100)
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--picture", action="store_true")
    parser.add_argument("--sweeping", action="store_true")
    options = parser.parse_args()
    game = Pig(options.goal)
    print(f"load average (1, 5, 15 minutes): {os.getloadavg()}")
    if options.sweeping:
        start = time.perf_counter()
        _, sweeps = solve_by_value_iteration(game, stats=SearchStats(max_seconds=None))
        seconds = time.perf_counter() - start
        print(f"solve_by_value_iteration: {sweeps:,} sweeps of layers in {seconds:.1f} s")
    start = time.perf_counter()
    values, passes = solve_pig(game, stats=SearchStats(max_seconds=None))
    seconds = time.perf_counter() - start
    chance = values[(0, 0, 0)]
    print(f"Pig to {options.goal}: {len(values):,} states, {passes:,} passes of solve_pig")
    print(f"first player wins {chance:.4f} with best play ({seconds:.1f} s of solve_pig)")
    if options.goal == 100:
        print(
            f"Neller and Presser: {PUBLISHED:.4f}; agree to 4 decimals: {round(chance, 4) == PUBLISHED}"
        )
    print(
        f"against an opponent at 0, best play never holds from {never_holds_from(game, values)} "
        "points of mine on"
    )
    print(
        "against an opponent at 0, best play first holds at a turn total of "
        + ", ".join(str(game.first_hold(values, mine)) for mine in STEPS_OF_MINE)
        + f" with {', '.join(map(str, STEPS_OF_MINE))} points of mine"
    )
    wins = play_match(
        game, optimal(values), hold_at(HOLD_AT), options.games, seed=2004, max_seconds=None
    )
    share = wins / options.games
    error = 1.96 * sqrt(share * (1 - share) / options.games)
    print(
        f"best play against hold at {HOLD_AT}, each starting half the {options.games:,} games: "
        f"wins {share:.4f} +- {error:.4f} (95%)"
    )
    if options.picture:
        plt.rcParams["svg.hashsalt"] = "nimlib-benchmarks"
        figure = draw_pig_policy(game, values, theirs=(0, 50, 90))
        figure.savefig(PICTURE, format="svg", metadata={"Date": None})
        print(f"drew {PICTURE.relative_to(ROOT)}")


def never_holds_from(game: Pig, values: Values, theirs: int = 0) -> int:
    """The fewest points of mine from which best play rolls at every turn total, the opponent at
    `theirs`."""
    holding = [
        mine for mine in range(game.goal) if game.first_hold(values, mine, theirs) is not None
    ]
    return max(holding, default=-1) + 1


def policy_grid(game: Pig, values: Values, theirs: int) -> list[list[int]]:
    """Rows by turn total, columns by the mover's points: ROLL, HOLD or OVER (already won)."""
    columns = range(game.goal)
    return [[cell(game, values, (mine, theirs, turn)) for mine in columns] for turn in columns]


def cell(game: Pig, values: Values, state: tuple[int, int, int]) -> int:
    """ROLL, HOLD, or OVER where the turn total has already won."""
    mine, _, turn = state
    if mine + turn >= game.goal:
        return OVER
    return ROLL if game.rolls(values, state) else HOLD


def draw_pig_policy(game: Pig, values: Values, theirs: Sequence[int]) -> Figure:
    """Pig's best play as a picture: a panel for each count of the opponent's points in `theirs`,
    the mover's banked points across and the turn total up, blue cells rolling, orange holding,
    white ones past the goal; the black line is the "hold at HOLD_AT" rule.

    Sized for a notebook beside JupyterLab's file browser at 1024x768: the whole figure is about
    580 px wide there, its tick labels about 11 px, and every label inside the picture."""
    theirs = [
        whole_number(points, "the opponent's points", largest=game.goal - 1) for points in theirs
    ]
    figure = Figure(figsize=(2.4 * len(theirs) + 0.6, 3.6), layout="constrained")
    figure.get_layout_engine().set(h_pad=0.1, w_pad=0.08)  # room for the labels at the edges
    axes = figure.subplots(1, len(theirs), squeeze=False)[0]
    for ax, points in zip(axes, theirs, strict=True):
        ax.imshow(policy_grid(game, values, points), origin="lower", cmap=COLOURS, vmin=0, vmax=2)
        if game.goal > HOLD_AT:
            ax.axhline(HOLD_AT - 0.5, color="black", linewidth=1.2, label=f"hold at {HOLD_AT}")
        ax.set_title(f"opponent has {points}", fontsize=13)
        ax.set_xlabel("my points", fontsize=13)
        ax.tick_params(labelsize=12)
    axes[0].set_ylabel("turn total", fontsize=13)
    if game.goal > HOLD_AT:
        axes[0].legend(loc="upper right", fontsize=11)
    figure.suptitle(f"Best play in Pig to {game.goal}: blue rolls, orange holds", fontsize=14)
    return figure


if __name__ == "__main__":
    main()
