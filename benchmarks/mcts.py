"""Monte Carlo tree search measured against exact answers, and against alpha-beta at equal time.

    .venv/bin/python benchmarks/mcts.py                    # about half an hour on one busy core
    .venv/bin/python benchmarks/mcts.py --positions 20     # a quicker, rougher table
    .venv/bin/python benchmarks/mcts.py --no-match         # the accuracy tables only
    .venv/bin/python benchmarks/mcts.py --match-only --openings 40

Three sets of positions, each with the exact score of every move: tic-tac-toe (a seeded sample of
the positions, up to symmetry, where some move is worse than the best, solved by nimlib), and the
first positions of the End-Easy and Middle-Easy sets of Pascal Pons' Connect Four benchmark
(notebooks/data, each move solved by nimlib) where some move scores less than the best.

A move is judged two ways. It **keeps the result** when it wins, draws or loses as the best move
does; it **keeps the best score** when its exact score equals the best move's, and Connect Four's
score also rewards a quicker win and a longer defence, which MCTS's reward (1, 1/2, 0) cannot
see. So the positions fall in three groups, counted apart: those where some move changes the
result (judged both ways), those where every move keeps the result but some score less (judged
on the score), and those lost whatever one plays (judged on the score: the longest defence).
For N = 10, 100, 1,000 and 10,000 playouts it prints, per group, the share where MCTS (seeded) is
right, and the share for alpha-beta with iterative deepening (nimlib's "deepening", anytime,
scoring at its horizon with the game's estimate) given the same time per position as MCTS took:
times depend on the machine, so that column varies a little from run to run. It then sorts
MCTS's misses of the best score into those that keep the result and those that change it.

Then a match on Connect Four: MCTS against that engine at equal time per move, from seeded
two-move openings, each opening played twice with the colours swapped. The two games of an
opening are a pair; the exact two-sided sign test on the pairs (MCTS ahead in the pair, behind,
or even) says whether the match could be even.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from math import comb
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from nimlib import ConnectFour, SearchStats, TicTacToe, best_move, solve  # noqa: E402
from nimlib.book.mcts import mcts_best_move  # noqa: E402

PLAYOUTS = (10, 100, 1_000, 10_000)
DATA = ROOT / "notebooks" / "data"


def move_scores(game, state) -> dict:
    """Each new state's exact score for the player to move at `state`."""
    stats = SearchStats(max_calls=None, max_seconds=120)
    return {
        new: -solve(game, new, method="deepening", stats=stats)
        for new in game.possible_new_states(state)
    }


def sign(score: float) -> int:
    """+1 a win, 0 a draw, -1 a loss."""
    return (score > 0) - (score < 0)


def group(scores: dict) -> str:
    """Which group a position falls in: "result" (some move changes the result), "score" (every
    move keeps the result, some score less), "lost" (lost whatever one plays), or "" (every move
    is best)."""
    best = max(scores.values())
    if all(score == best for score in scores.values()):
        return ""
    if best < 0:
        return "lost"
    return "result" if any(sign(s) != sign(best) for s in scores.values()) else "score"


def keeps_result(scores: dict, new) -> bool:
    """Whether the move to `new` wins, draws or loses as the best move does."""
    return sign(scores[new]) == sign(max(scores.values()))


def keeps_score(scores: dict, new) -> bool:
    """Whether the move to `new` has the best move's exact score."""
    return scores[new] == max(scores.values())


def tic_tac_toe_positions() -> list:
    """Every position of tic-tac-toe up to symmetry that goes on and has a move worse than the
    best, with each move's exact score."""
    game, seen, found, frontier = TicTacToe(), set(), [], [TicTacToe().start()]
    while frontier:
        state = frontier.pop()
        if game.canonical(state) in seen or game.evaluate(state, True) is not None:
            continue
        seen.add(game.canonical(state))
        scores = move_scores(game, state)
        if group(scores):
            found.append((state, scores))
        frontier.extend(game.possible_new_states(state))
    return found


def connect_four_positions(name: str, count: int) -> list:
    """The first `count` positions of a Pons set with a move worse than the best, with each
    move's exact score."""
    game, found = ConnectFour(), []
    for line in (DATA / f"{name}.txt").read_text().splitlines():
        state = game.from_moves(line.split()[0])
        scores = move_scores(game, state)
        if group(scores):
            found.append((state, scores))
        if len(found) == count:
            break
    return found


def sample(positions: list, count: int) -> list:
    """`count` of `positions` drawn with a fixed seed (all of them if there are no more)."""
    return positions if len(positions) <= count else random.Random(13).sample(positions, count)


def choices(game, positions, playouts: int) -> tuple[list, list, float]:
    """MCTS's move in each position, alpha-beta's in the same time, and MCTS's mean seconds."""
    start = time.perf_counter()
    mcts = [mcts_best_move(game, state, playouts, seed=0) for state, _ in positions]
    seconds = (time.perf_counter() - start) / len(positions)
    engine = []
    for state, _ in positions:
        stats = SearchStats(max_calls=None, max_seconds=seconds, track_states=False)
        engine.append(best_move(game, state, "deepening", stats, anytime=True)[1])
    return mcts, engine, seconds


def accuracy_rows(name: str, game, positions: list, playouts: int) -> list[str]:
    """The table's rows for one set and one number of playouts: each group, judged each way."""
    mcts, engine, seconds = choices(game, positions, playouts)
    rows = []
    for kind, judge in (
        ("result", keeps_result),
        ("result", keeps_score),
        ("score", keeps_score),
        ("lost", keeps_score),
    ):
        chosen = [i for i, (_, scores) in enumerate(positions) if group(scores) == kind]
        if not chosen:
            continue
        right = sum(judge(positions[i][1], mcts[i]) for i in chosen)
        engine_right = sum(judge(positions[i][1], engine[i]) for i in chosen)
        way = "keeps the result" if judge is keeps_result else "keeps the best score"
        rows.append(
            f"{name:12} {playouts:>8,} {kind:>7} {len(chosen):>4} {way:>21} "
            f"{right:>5} {engine_right:>6} {seconds:>9.4f}"
        )
    misses = [
        keeps_result(scores, move)
        for (_, scores), move in zip(positions, mcts, strict=True)
        if not keeps_score(scores, move)
    ]
    rows.append(
        f"{'':12} {'':>8} MCTS's {len(misses)} misses of the best score: "
        f"{sum(misses)} keep the result, {len(misses) - sum(misses)} change it"
    )
    return rows


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


def sign_test(ahead: int, behind: int) -> float:
    """The exact two-sided p-value of the sign test: `ahead` pairs won and `behind` lost (the even
    pairs left out), if either side were as likely to win a pair."""
    n = ahead + behind
    tail = sum(comb(n, k) for k in range(min(ahead, behind) + 1)) / 2**n
    return min(1.0, 2 * tail)


def match(openings: int, seconds: float) -> None:
    """MCTS against the deepening engine on Connect Four, each opening played with both colours:
    the games, and the pairs with their sign test."""
    game, rng, pairs = ConnectFour(), random.Random(2006), []
    for number in range(openings):
        opening = f"{rng.randint(1, 7)}{rng.randint(1, 7)}"
        pair = [
            play_one(game, mcts_first, opening, seconds, seed=number)
            for mcts_first in (True, False)
        ]
        pairs.append(pair)
        print(f"opening {opening}: MCTS {pair[0]:g} first, {pair[1]:g} second", flush=True)
    results = [result for pair in pairs for result in pair]
    wins, draws = results.count(1.0), results.count(0.5)
    ahead = sum(sum(pair) > 1 for pair in pairs)
    behind = sum(sum(pair) < 1 for pair in pairs)
    print(
        f"\nMatch on Connect Four, {seconds:g} s a move, {len(results)} games ({openings} openings, "
        f"both colours): MCTS {wins} wins, {draws} draws, {len(results) - wins - draws} losses, "
        f"score {sum(results) / len(results):.3f} against alpha-beta with deepening"
    )
    print(
        f"pairs: MCTS ahead in {ahead}, behind in {behind}, even in {openings - ahead - behind}; "
        f"sign test, two-sided: p = {sign_test(ahead, behind):.2g}"
    )


def main() -> None:
    """The accuracy table, then the match."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=50, help="positions per Connect Four set")
    parser.add_argument("--openings", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=0.2, help="per move in the match")
    parser.add_argument("--no-match", action="store_true")
    parser.add_argument("--match-only", action="store_true")
    options = parser.parse_args()
    if options.match_only:
        match(options.openings, options.seconds)
        return
    sets = {
        "tic-tac-toe": (TicTacToe(), sample(tic_tac_toe_positions(), options.positions * 2)),
        "End-Easy": (ConnectFour(), connect_four_positions("end-easy", options.positions)),
        "Middle-Easy": (ConnectFour(), connect_four_positions("middle-easy", options.positions)),
    }
    print(
        f"{'set':12} {'playouts':>8} {'group':>7} {'n':>4} {'a move is right if it':>21} "
        f"{'MCTS':>5} {'a-b':>6} {'s/pos':>9}"
    )
    for name, (game, positions) in sets.items():
        lost = sum(group(scores) == "lost" for _, scores in positions)
        print(f"{name}: {len(positions)} positions, {lost} of them lost whatever one plays")
        for playouts in PLAYOUTS:
            print("\n".join(accuracy_rows(name, game, positions, playouts)), flush=True)
    if not options.no_match:
        match(options.openings, options.seconds)


if __name__ == "__main__":
    main()
