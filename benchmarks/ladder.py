"""The ladder's reference bots against each other: does strength follow the order of the rungs?

    .venv/bin/python benchmarks/ladder.py                        # about 10 minutes on 2 cores
    .venv/bin/python benchmarks/ladder.py alphabeta_4:alphabeta_2 alphabeta_6:alphabeta_4

The ladder (nimlib.tournament's LADDER) is ordered by how far each rung looks, as notebook 14
says; this measures how each pair of neighbouring rungs (or the pairs named, upper:lower) plays.
Each pair plays the 49 openings of two moves of Connect Four, each opening with both colours, so
that bots which always choose the same move still play 98 different games; the reference bots'
own move functions play in this process, each move on its clock of SECONDS, with the game's
number as the seed. Printed: the upper rung's points of 98 (a win 1, a draw 1/2) and the time.
More than 49 says the upper rung is the stronger.
"""

from __future__ import annotations

import argparse
import itertools
import random
import time

from nimlib import ConnectFour
from nimlib.tournament.bots import LADDER, REFERENCE, column_of

GAME = ConnectFour()
OPENINGS = list(itertools.product(range(GAME.width), repeat=2))  # the columns of two moves
SECONDS = 2.0  # each move's clock, as the ladder's games have by default (Rules)


def opened(opening: tuple[int, ...]) -> tuple[int, int]:
    """The board after the moves of `opening`, a column (from 0) each."""
    state = GAME.start()
    for column in opening:
        moves = GAME.possible_new_states(state)
        state = next(new for new in moves if column_of(GAME, state, new) == column)
    return state


def first_players_points(first: str, second: str, opening: tuple[int, ...], seed: int) -> float:
    """The points of the reference bot `first`, to move after `opening`, against `second`."""
    state, players, rng = opened(opening), (first, second), random.Random(seed)
    turn = 0
    while (score := GAME.evaluate(state, True)) is None:
        state = REFERENCE[players[turn]](GAME, state, SECONDS, rng)
        turn = 1 - turn
    if score == 0:
        return 0.5
    return 1.0 if turn == 1 else 0.0  # the player who moved last made four


def points(upper: str, lower: str) -> float:
    """`upper`'s points against `lower` over every opening, with each colour."""
    total = 0.0
    for number, opening in enumerate(OPENINGS):
        total += first_players_points(upper, lower, opening, 2 * number)
        total += 1 - first_players_points(lower, upper, opening, 2 * number + 1)
    return total


def pair(text: str) -> tuple[str, str]:
    """`upper:lower`, two reference bots' names, as a pair."""
    upper, _, lower = text.partition(":")
    for name in (upper, lower):
        if name not in REFERENCE:
            raise argparse.ArgumentTypeError(f"{name!r} is no reference bot: {', '.join(LADDER)}")
    return upper, lower


def main() -> None:
    """Play the pairs asked for, or each pair of neighbouring rungs below perfect, and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pairs", nargs="*", type=pair, help="upper:lower, such as mcts_100:one_ply")
    arguments = parser.parse_args()
    rungs = LADDER[: LADDER.index("perfect")]  # perfect plays 98 games in some 20 minutes
    pairs = arguments.pairs or [(upper, lower) for lower, upper in itertools.pairwise(rungs)]
    print(f"{'upper':12} {'lower':12} points of {2 * len(OPENINGS)}")
    for upper, lower in pairs:
        start = time.perf_counter()
        print(
            f"{upper:12} {lower:12} {points(upper, lower):6g}   "
            f"({time.perf_counter() - start:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
