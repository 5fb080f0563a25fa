"""The games the checks search in place of a notebook's game: each plays, and describes its moves,
as the game it wraps."""

import pytest

from nimlib.checks.playing import Guessing, no_idea
from nimlib.checks.trial_games import CountingGame, PathGame, UnseenGame
from nimlib.games.nim import Nim

NIM = Nim()
START, AFTER = (1, 2, 3), (1, 2, 0)

WRAPPERS = [CountingGame(NIM), UnseenGame(NIM, mark=1), Guessing(NIM, no_idea)]


@pytest.mark.parametrize("game", WRAPPERS, ids=lambda game: type(game).__name__)
def test_a_wrapper_describes_a_move_in_the_words_of_its_game(game):
    state = game.validate(START)
    new_state = next(iter(game.possible_new_states(state)))
    assert game.describe_move(state, new_state) == NIM.describe_move(START, AFTER)
    assert game.name == "Nim"


def test_a_path_game_describes_the_move_that_ends_the_longer_path():
    game = PathGame(NIM)
    assert game.describe_move((START,), (START, AFTER)) == NIM.describe_move(START, AFTER)


def test_a_path_game_refuses_a_pair_of_paths_that_is_no_move():
    with pytest.raises(ValueError, match=r"no move of Nim leads from \(\(1, 1, 1\),\)"):
        PathGame(NIM).describe_move(((1, 1, 1),), (START, AFTER))


def test_moves_asked_for_twice_in_a_row_count_as_one_expansion_and_asked_again_later_as_two():
    """A search that printed a position's moves before trying them was counted twice and failed
    check_alphabeta's cases, told to cut off more; one that asks again on its way back still counts
    twice."""
    game = CountingGame(NIM)
    list(game.possible_new_states((1, 2)))  # printed
    list(game.possible_new_states((1, 2)))  # searched
    assert game.expanded == 1
    list(game.possible_new_states((1, 1)))
    list(game.possible_new_states((1, 2)))  # back at (1, 2): a second expansion
    assert game.expansions == [(1, 2), (1, 1), (1, 2)]
