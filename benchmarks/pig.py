"""Pig to 100 solved by value iteration, checked against Neller and Presser's published figure.

    .venv/bin/python benchmarks/pig.py              # goal 100: about 4 minutes on one core
    .venv/bin/python benchmarks/pig.py --goal 50    # quicker
    .venv/bin/python benchmarks/pig.py --picture    # also redraws
    notebooks/images/pig_policy_100.svg

Prints the first player's chance of winning to four decimals beside Neller and Presser's 53.06%
("Optimal Play of the Dice Game Pig", The UMAP Journal 25(1), 2004), the time the value iteration
took (wall-clock, so it depends on the machine and on what else runs on it), and the exact-policy
match of best play against "hold at 20" (200,000 games, seeded).
"""

from __future__ import annotations

import argparse
import sys
import time
from math import sqrt
from pathlib import Path

import matplotlib.pyplot as plt

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nimlib.book.value_iteration import solve_by_value_iteration  # noqa: E402
from nimlib.drawing.pig_policy import draw_pig_policy  # noqa: E402
from nimlib.games.pig import Pig, hold_at, optimal, play_match  # noqa: E402

PUBLISHED = 0.5306  # Neller and Presser: the first player wins about 53.06% with best play to 100
PICTURE = ROOT / "notebooks" / "images" / "pig_policy_100.svg"


def main() -> None:
    """Solve, print the figures, and redraw the picture if asked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--goal", type=int, default=100)
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--picture", action="store_true")
    options = parser.parse_args()
    start = time.perf_counter()
    game = Pig(options.goal)
    values, sweeps = solve_by_value_iteration(game)
    seconds = time.perf_counter() - start
    chance = values[(0, 0, 0)]
    print(f"Pig to {options.goal}: {len(values):,} states, {sweeps:,} sweeps of layers")
    print(f"first player wins {chance:.4f} with best play ({seconds:.1f} s of value iteration)")
    if options.goal == 100:
        print(
            f"Neller and Presser: {PUBLISHED:.4f}; agree to 4 decimals: {round(chance, 4) == PUBLISHED}"
        )
    print(
        f"against an opponent at 0, best play never holds from my score "
        f"{never_holds_from(game, values)} on"
    )
    wins = play_match(game, optimal(values), hold_at(20), options.games, seed=2004)
    share = wins / options.games
    error = 1.96 * sqrt(share * (1 - share) / options.games)
    print(
        f"best play against hold at 20, each starting half the {options.games:,} games: "
        f"wins {share:.4f} +- {error:.4f} (95%)"
    )
    if options.picture:
        plt.rcParams["svg.hashsalt"] = "nimlib-benchmarks"
        figure = draw_pig_policy(game, values, theirs=(0, 50, 90))
        figure.savefig(PICTURE, format="svg", metadata={"Date": None})
        print(f"drew {PICTURE.relative_to(ROOT)}")


def never_holds_from(game: Pig, values: dict, theirs: int = 0) -> int:
    """The lowest score of mine from which best play rolls at every turn total, the opponent at
    `theirs`."""
    holds = [
        mine
        for mine, their_score, turn in values
        if their_score == theirs and not game.rolls(values, (mine, theirs, turn))
    ]
    return max(holds, default=-1) + 1


if __name__ == "__main__":
    main()
