"""Rounds: a round robin's pairs, the Swiss system's pairs of equal points, sampled pairs."""

from collections import Counter

import pytest

from nimlib.tournament.schedule import pair_round, swiss_pairs
from nimlib.tournament.store import StoredGame

NAMES = ["a", "b", "c", "d", "e"]


def finished(first, second, result, number=0, round_number=0):
    """A finished game between `first` and `second`, of round `round_number`."""
    return StoredGame(number, round_number, first, second, 0, "done", result, "")


def test_a_round_robin_pairs_everybody_once_a_round_and_swaps_colours():
    """5 bots: 10 games a round; round 2 plays the same pairs with the colours swapped."""
    one, two = pair_round("round robin", NAMES, 0, []), pair_round("round robin", NAMES, 1, [])
    assert len(one) == 10 == len({frozenset((p.first, p.second)) for p in one})
    assert [(p.second, p.first) for p in two] == [(p.first, p.second) for p in one]


def test_each_bot_of_a_round_robin_moves_first_in_half_its_games_of_a_round():
    """In round 0 the bot whose name sorts first moved first in all its games, the last in none
    (23, 22, 21 ... 0 of 23 in a class's tournament): with one round, a file's name decided who
    had Connect Four's first move."""
    for names in (NAMES, [*NAMES, "f"]):
        firsts = Counter(pairing.first for pairing in pair_round("round robin", names, 0, []))
        games = len(names) - 1
        assert all(games // 2 <= firsts[name] <= (games + 1) // 2 for name in names), firsts


@pytest.mark.parametrize("schedule", ["swiss", "sampled"])
def test_swiss_and_sampled_rounds_share_out_the_first_move(schedule):
    """After 4 Swiss rounds two bots had moved first in none of their games, two in all."""
    names, played = [f"bot{number}" for number in range(10)], []
    for round_number in range(4):
        for pairing in pair_round(schedule, names, round_number, played):
            result = float(len(played) % 3 == 0)  # some wins, more losses
            played.append(
                finished(pairing.first, pairing.second, result, len(played), round_number)
            )
    firsts, seconds = Counter(g.first for g in played), Counter(g.second for g in played)
    assert all(abs(firsts[name] - seconds[name]) <= 2 for name in names), (firsts, seconds)


def test_the_same_round_is_paired_the_same_way_again():
    """What lets a stopped tournament resume: seeds and pairs are a function of the round."""
    for schedule in ("round robin", "sampled", "swiss"):
        assert pair_round(schedule, NAMES, 3, []) == pair_round(schedule, NAMES, 3, [])


def test_swiss_pairs_equal_points_and_avoids_rematches():
    """The winners meet each other, the losers each other; a pair that met is not paired again
    while another opponent is free; with an odd number, one bot sits out."""
    played = [finished("a", "b", 1.0), finished("c", "d", 0.0)]
    pairs = swiss_pairs(NAMES, played, __import__("random").Random(0))
    assert len(pairs) == 2
    assert {frozenset(pair) for pair in pairs}.isdisjoint({frozenset("ab"), frozenset("cd")})
    assert frozenset(pairs[0]) == frozenset("ad")  # the two winners


def test_sampled_rounds_pair_everybody_but_one_at_random():
    """n/2 games a round, each bot at most once."""
    pairs = pair_round("sampled", NAMES, 0, [])
    players = [name for p in pairs for name in (p.first, p.second)]
    assert len(pairs) == 2 and len(set(players)) == 4


def test_of_an_odd_number_each_bot_sits_out_once_before_any_twice():
    """Three bots over three Swiss rounds played 2, 3 and 1 games: the lowest sat out twice."""
    for names in (NAMES[:3], NAMES, [*NAMES, "f", "g"]):
        played = []
        for round_number in range(len(names)):
            for pairing in pair_round("swiss", names, round_number, played):
                played.append(
                    finished(pairing.first, pairing.second, 1.0, len(played), round_number)
                )
        games = Counter(name for game in played for name in (game.first, game.second))
        assert set(games.values()) == {len(names) - 1}, games
