"""Monte Carlo tree search measured against exact answers, and against alpha-beta at equal time.

    .venv/bin/python benchmarks/mcts.py                    # about 20 minutes on one busy core
    .venv/bin/python benchmarks/mcts.py --positions 20     # a quicker, rougher table
    .venv/bin/python benchmarks/mcts.py --no-match         # the accuracy table only

Three sets of positions, each with the exact score of every move: tic-tac-toe (a seeded sample of
the 431 positions, up to symmetry, where some move is worse than the best, solved by nimlib), and
samples of the End-Easy and Middle-Easy sets of Pascal Pons' Connect Four benchmark
(notebooks/data, each move solved by nimlib). A move is right when its exact score equals the
best move's.

For N = 10, 100, 1,000 and 10,000 playouts it prints the share of positions where MCTS (seeded,
so the moves are repeatable) picks a right move, and the share for alpha-beta with iterative
deepening (nimlib's "deepening", anytime, scoring at its horizon with the game's estimate) given
the same time per position as MCTS took: times depend on the machine, so that column varies a
little from run to run. Then a match on Connect Four: MCTS against that engine at equal time per
move, from seeded two-move openings, each side playing both colours, with a 95% interval.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from math import sqrt
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nimlib import ConnectFour, SearchStats, TicTacToe, best_move, solve  # noqa: E402
from nimlib.book.mcts import mcts_best_move  # noqa: E402

PLAYOUTS = (10, 100, 1_000, 10_000)
DATA = ROOT / "notebooks" / "data"


def right_moves(game, state) -> list:
    """The new states whose exact score, for the player to move, equals the best one's."""
    stats = SearchStats(max_calls=None, max_seconds=120)
    scores = {
        new: -solve(game, new, method="deepening", stats=stats)
        for new in game.possible_new_states(state)
    }
    best = max(scores.values())
    return [new for new, score in scores.items() if score == best]


def tic_tac_toe_positions() -> list:
    """Every position of tic-tac-toe up to symmetry that goes on and has a wrong move, with its
    right moves."""
    game, seen, found, frontier = TicTacToe(), set(), [], [TicTacToe().start()]
    while frontier:
        state = frontier.pop()
        if game.canonical(state) in seen or game.evaluate(state, True) is not None:
            continue
        seen.add(game.canonical(state))
        right = right_moves(game, state)
        if len(right) < len(game.possible_new_states(state)):
            found.append((state, right))
        frontier.extend(game.possible_new_states(state))
    return found


def connect_four_positions(name: str, count: int) -> list:
    """The first `count` positions of a Pons set with a wrong move, with their right moves."""
    game, found = ConnectFour(), []
    for line in (DATA / f"{name}.txt").read_text().splitlines():
        state = game.from_moves(line.split()[0])
        right = right_moves(game, state)
        if len(right) < len(game.possible_new_states(state)):
            found.append((state, right))
        if len(found) == count:
            break
    return found


def sample(positions: list, count: int) -> list:
    """`count` of `positions` drawn with a fixed seed (all of them if there are no more)."""
    return positions if len(positions) <= count else random.Random(13).sample(positions, count)


def accuracy(game, positions, playouts: int) -> tuple[float, float, float]:
    """(share right for MCTS, mean seconds per position, share right for alpha-beta in that
    time)."""
    right, start = 0, time.perf_counter()
    for state, moves in positions:
        right += mcts_best_move(game, state, playouts, seed=0) in moves
    seconds = (time.perf_counter() - start) / len(positions)
    engine_right = 0
    for state, moves in positions:
        stats = SearchStats(max_calls=None, max_seconds=seconds, track_states=False)
        engine_right += best_move(game, state, "deepening", stats, anytime=True)[1] in moves
    return right / len(positions), seconds, engine_right / len(positions)


def play_one(game, mcts_first: bool, opening: str, seconds: float, seed: int) -> float:
    """One game from `opening`: MCTS's result (1 win, 1/2 draw, 0 loss)."""
    state, mcts_to_move = game.from_moves(opening), mcts_first == (len(opening) % 2 == 0)
    while game.evaluate(state, True) is None:
        if mcts_to_move:
            state = mcts_best_move(game, state, 10**6, seed=seed, seconds=seconds)
        else:
            stats = SearchStats(max_calls=None, max_seconds=seconds, track_states=False)
            state = best_move(game, state, "deepening", stats, anytime=True)[1]
        mcts_to_move = not mcts_to_move
    score = game.evaluate(state, True)  # for the player to move now, who did not make the last move
    mover_is_mcts = mcts_to_move
    return 0.5 if score == 0 else float((score > 0) == mover_is_mcts)


def match(openings: int, seconds: float) -> None:
    """MCTS against the deepening engine on Connect Four, each opening played with both colours."""
    game, rng, results = ConnectFour(), random.Random(2006), []
    for number in range(openings):
        opening = f"{rng.randint(1, 7)}{rng.randint(1, 7)}"
        for mcts_first in (True, False):
            results.append(play_one(game, mcts_first, opening, seconds, seed=number))
    n, mean = len(results), sum(results) / len(results)
    spread = sqrt(sum((r - mean) ** 2 for r in results) / (n - 1) / n) * 1.96
    wins, draws = results.count(1.0), results.count(0.5)
    print(
        f"\nMatch on Connect Four, {seconds:g} s a move, {n} games ({openings} openings, both colours):"
    )
    print(
        f"MCTS {wins} wins, {draws} draws, {n - wins - draws} losses: "
        f"score {mean:.2f} +- {spread:.2f} (95%) against alpha-beta with deepening"
    )


def main() -> None:
    """The accuracy table, then the match."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=50, help="positions per Connect Four set")
    parser.add_argument("--openings", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=0.2, help="per move in the match")
    parser.add_argument("--no-match", action="store_true")
    options = parser.parse_args()
    sets = {
        "tic-tac-toe": (TicTacToe(), sample(tic_tac_toe_positions(), options.positions * 2)),
        "End-Easy": (ConnectFour(), connect_four_positions("end-easy", options.positions)),
        "Middle-Easy": (ConnectFour(), connect_four_positions("middle-easy", options.positions)),
    }
    print(
        f"{'set':12} {'positions':>9} {'playouts':>9} {'MCTS right':>11} {'s/position':>11} {'alpha-beta right':>17}"
    )
    for name, (game, positions) in sets.items():
        for playouts in PLAYOUTS:
            share, seconds, engine = accuracy(game, positions, playouts)
            print(
                f"{name:12} {len(positions):>9} {playouts:>9,} {share:>11.1%} {seconds:>11.4f} {engine:>17.1%}",
                flush=True,
            )
    if not options.no_match:
        match(options.openings, options.seconds)


if __name__ == "__main__":
    main()
