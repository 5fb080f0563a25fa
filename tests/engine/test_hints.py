"""The hints a game may give the engine (engine/hints.py): defaults that know nothing where a game
gives none, and a setting that shares a hint's name is none."""

from nimlib import Nim, solve
from nimlib.engine.hints import Hints


def test_a_game_without_hints_gives_the_engine_defaults_that_know_nothing():
    game, hints = Nim(), Hints(Nim())
    new_states = list(game.possible_new_states((1, 2)))
    assert not (hints.gives_wins or hints.gives_safe_moves or hints.gives_order)
    assert hints.ordered_new_states((1, 2), new_states) == new_states
    assert hints.win_at_once((1, 2)) is None and hints.safe_new_states((1, 2)) is None
    assert hints.bounds("score_bounds", (1, 2), True) == game.score_range
    assert hints.bounds("score_reach", (1, 2), False) == game.score_range
    assert hints.estimate_range == game.score_range


def test_a_setting_named_as_a_hint_is_no_hint():
    game = Nim()
    object.__setattr__(game, "win_at_once", False)  # a setting that happens to share the name
    object.__setattr__(game, "ordered_new_states", 3)
    hints = Hints(game)
    assert not (hints.gives_wins or hints.gives_order)
    assert solve(game, (1, 2, 3), method="deepening") == solve(Nim(), (1, 2, 3))
