"""Ratings, the crosstable, and the moves that keep the result."""

import pytest

from nimlib import ConnectFour
from nimlib.tournament.ratings import crosstable, engine_score, kept_results, standings
from nimlib.tournament.store import StoredGame


def game(number, first, second, result):
    """A finished game."""
    return StoredGame(number, 0, first, second, 0, "done", result, "")


GAMES = [
    game(i, *pair)
    for i, pair in enumerate(
        [("a", "b", 1.0), ("b", "c", 1.0), ("a", "c", 1.0), ("b", "a", 0.0), ("c", "b", 0.5)]
    )
]


def test_the_leaderboard_ranks_by_rating_with_an_interval():
    """a beat everybody, c nobody: a first, c last; each interval holds its mu; the counts add"""
    table = standings(["a", "b", "c"], GAMES)
    assert [line.name for line in table] == ["a", "b", "c"]
    assert all(line.interval[0] < line.mu < line.interval[1] for line in table)
    assert [(line.wins, line.draws, line.losses) for line in table] == [
        (3, 0, 0),
        (1, 1, 2),
        (0, 1, 2),
    ]
    assert table[0].sigma < 25 / 3  # games shrink the uncertainty


def test_the_crosstable_counts_points_and_games_between_each_pair():
    """a scored 2 of 2 against b; b 1.5 of 2 against c (a win and a draw)."""
    table = crosstable(["a", "b", "c"], GAMES)
    assert table["a", "b"] == (2.0, 2) and table["b", "a"] == (0.0, 2)
    assert table["b", "c"] == (1.5, 2) and table["c", "b"] == (0.5, 2)


def test_a_move_keeps_the_result_when_the_engine_says_so():
    """X could win at once in column 1 (X 1, O 2 thrice); playing 3 instead throws the win
    away and O's block keeps its result; the winning move itself is kept."""
    board = ConnectFour()
    assert engine_score(board, "121212") > 0
    played = [(game(0, "x", "o", 0.0), "1212123"), (game(1, "x", "o", 1.0), "1212121")]
    kept = kept_results(board, played, {}, 3_000)
    assert kept["x"][1] >= 2
    assert kept["x"][0] == kept["x"][1] - 1  # all but the blunder in column 3


@pytest.mark.parametrize(
    "names, games, error, words",
    [
        (["a", "b"], GAMES, ValueError, "names must hold every bot of the games: c missing"),
        (["a", "b", "c", "a"], GAMES, ValueError, "names must name each bot once: 'a' twice"),
        (["a", ["b"], "c"], GAMES, TypeError, "names must be the bots' names, as strings, not"),
        ("abc", GAMES, TypeError, "names must be a list of the bots' names, such as"),
        (None, GAMES, TypeError, "names must be a list of the bots' names, .* not None"),
        (["a", "b", "c"], None, TypeError, "games must be a list of stored games, .* not None"),
        (["a", "b", "c"], "ab", TypeError, "games must be a list of stored games, .* not 'ab'"),
    ],
)
def test_standings_and_crosstable_name_names_and_games_that_do_not_match(
    names, games, error, words
):
    """Not openskill's KeyError, nor 'NoneType' object is not iterable (nor, from the crosstable,
    an empty table for one string of names)."""
    with pytest.raises(error, match=words):
        standings(names, games)
    with pytest.raises(error, match=words):
        crosstable(names, games)


def test_standings_read_names_and_games_from_any_iterable():
    """A generator of games is read once, as a list of them."""
    assert standings(iter(["a", "b", "c"]), iter(GAMES)) == standings(["a", "b", "c"], GAMES)
