"""Who plays whom, round by round: a full round robin, a Swiss system or sampled pairings.

- ``round robin``: every pair of bots plays once a round, each bot moving first in half its games
  of a round (one more or one fewer where it plays an odd number), the colours swapped from one
  round to the next (so two rounds give each pair a game with each colour). n bots play n(n-1)/2
  games a round: right for a class of tens.
- ``swiss``: each round pairs bots of equal points (the Swiss system of chess tournaments):
  after a few rounds the strong meet the strong. n/2 games a round, each round paired from the
  results of the rounds before it: for a class of hundreds.
- ``sampled``: each round pairs the bots at random, n/2 games a round.

In Connect Four the first player has the edge, so who moves first is shared out: in a Swiss or
sampled round, the bot of a pair that has moved first less often so far (by the games before).

A round is paired from the bots and the results so far, with a seeded generator: the same
tournament always pairs the same games, which is what lets a stopped one resume.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from itertools import combinations

from nimlib.tournament.store import Pairing, StoredGame

SCHEDULES = ("round robin", "swiss", "sampled")


def pair_round(
    schedule: str, names: list[str], round_number: int, played: list[StoredGame], seed: int = 0
) -> list[Pairing]:
    """The games of round `round_number` (from 0) of `schedule` for the bots `names`, given the
    games `played` so far."""
    rng = random.Random(f"{seed}:{round_number}")
    swap = round_number % 2 == 1
    if schedule == "round robin":  # each pair's colours swapped from one round to the next
        pairs = [
            (second, first) if swap else (first, second) for first, second in round_robin(names)
        ]
    elif schedule == "sampled":
        order = rng.sample(names, len(names))
        pairs = first_moves_shared(zip(order[::2], order[1::2], strict=False), played, swap)
    else:
        pairs = first_moves_shared(swiss_pairs(names, played, rng), played, swap)
    return [Pairing(round_number, first, second, rng.randrange(2**31)) for first, second in pairs]


def round_robin(names: list[str]) -> list[tuple[str, str]]:
    """Every pair of `names` once, the one to move first named first: of the i-th and the j-th
    bot (i < j), the i-th where i + j is odd, else the j-th, so that each moves first in half
    its games (one more or one fewer where it plays an odd number of them)."""
    return [
        (first, second) if (i + j) % 2 else (second, first)
        for (i, first), (j, second) in combinations(enumerate(names), 2)
    ]


def first_moves_shared(
    pairs: Iterable[tuple[str, str]], played: list[StoredGame], swap: bool
) -> list[tuple[str, str]]:
    """`pairs`, each with the bot that has moved first less often in the games `played` named
    first; where they have moved first as often, as paired, or swapped if `swap` (every other
    round)."""
    ahead = Counter()  # each bot's first moves less its second moves
    for game in played:
        ahead[game.first] += 1
        ahead[game.second] -= 1
    shared = []
    for first, second in pairs:
        behind = ahead[second] < ahead[first] or (ahead[second] == ahead[first] and swap)
        shared.append((second, first) if behind else (first, second))
    return shared


def points(names: list[str], played: list[StoredGame]) -> dict[str, float]:
    """Each bot's points so far: 1 a win, 1/2 a draw."""
    total = dict.fromkeys(names, 0.0)
    for game in played:
        for name, _, won in game.sides():
            total[name] += won
    return total


def swiss_pairs(
    names: list[str], played: list[StoredGame], rng: random.Random
) -> list[tuple[str, str]]:
    """Pairs of bots with equal or near points, most points first, avoiding rematches where
    another opponent is free; of an odd number, the bot with the fewest points among those that
    have sat out fewest rounds sits this one out."""
    total = points(names, played)
    met = {frozenset((game.first, game.second)) for game in played}
    tie_break = {name: rng.random() for name in names}
    waiting = sorted(names, key=lambda name: (-total[name], tie_break[name]))
    if len(waiting) % 2:  # one sits out: the last of those that have sat out fewest rounds
        rounds = len({game.round for game in played})
        games = Counter(name for game in played for name in (game.first, game.second))
        sat_out = {name: rounds - games[name] for name in waiting}
        fewest = min(sat_out.values())
        waiting.remove([name for name in waiting if sat_out[name] == fewest][-1])
    pairs = []
    while len(waiting) > 1:
        top = waiting.pop(0)
        fresh = [other for other in waiting if frozenset((top, other)) not in met]
        opponent = (fresh or waiting)[0]
        waiting.remove(opponent)
        pairs.append((top, opponent))
    return pairs
