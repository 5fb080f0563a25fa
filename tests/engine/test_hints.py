"""The hints a game may give the engine (engine/hints.py): defaults that know nothing where a game
gives none, a setting that shares a hint's name is none, and neither is a hint a subclass inherits
for rules it rewrote."""

from dataclasses import dataclass

import pytest

from nimlib import ConnectFour, Nim, SimpleNim, TicTacToe, best_move, solve
from nimlib.engine.hints import Hints
from nimlib.methods import METHODS


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


@dataclass(frozen=True, repr=False)
class MisereTicTacToe(TicTacToe):
    """A learner's variant: three in a row loses. Tic-tac-toe's win_at_once finds the three in a
    row, which here is no win."""

    def evaluate(self, state: str, is_maximizing: bool) -> int | None:
        score = super().evaluate(state, is_maximizing)
        return None if score is None else -score


@dataclass(frozen=True, repr=False)
class DrawnSimpleNim(SimpleNim):
    """A learner's variant: the game ends in a draw. Simple-Nim's known_score is a win or a loss."""

    def evaluate(self, state: int, is_maximizing: bool) -> int | None:
        return None if state else 0


@pytest.mark.parametrize(
    ("game", "state", "method"),
    [(MisereTicTacToe(), "XX.OO....", "deepening"), (DrawnSimpleNim(), 3_000, "memo")],
    ids=["win_at_once", "known_score"],
)
def test_a_subclass_that_rewrites_the_rules_keeps_no_hint_of_the_old_ones(game, state, method):
    """Deepening scored the misère position -1 (the win at once it was told of) and Simple-Nim's
    theory scored 3,000 counters a win, too deep for recursion: both are draws."""
    assert solve(game, state, method=method) == 0


@dataclass(frozen=True, repr=False)
class BoldConnectFour(ConnectFour):
    """A learner's estimate for Connect Four: the player to move is 6 ahead. Beyond Connect Four's
    estimate_range, a guess at the horizon may outscore a late win at once."""

    def estimate(self, state, is_maximizing: bool) -> int:
        return 6 if is_maximizing else -6


def test_a_subclass_with_an_estimate_of_its_own_keeps_no_hint_that_relies_on_the_old_one():
    """Two moves ahead, depth-limited minimax scores this position 6, a guess at the horizon:
    deepening, trusting Connect Four's hints (its wins at once, safe moves and bounds, made for
    guesses inside its estimate_range, -1 to 1), scored it 4."""
    game = BoldConnectFour(width=5, height=4)
    state = game.from_moves("4352245544")
    assert solve(game, state, method="memo", depth=2) == 6
    assert solve(game, state, method="deepening", depth=2) == 6
    hints = Hints(game)
    assert not (hints.gives_wins or hints.gives_safe_moves or hints.gives_order)


class Take(SimpleNim):
    """Simple-Nim with hints a newcomer gets wrong, one per subclass below."""


class NoneOrdered(Take):
    def ordered_new_states(self, state, new_states):
        return new_states.sort()  # sorts in place, gives None


class SomeOrdered(Take):
    def ordered_new_states(self, state, new_states):
        return new_states[:1]  # leaves moves out


class RepeatOrdered(Take):
    def ordered_new_states(self, state, new_states):
        return [min(new_states)] * len(new_states)  # one move in every place


class ForeignOrdered(Take):
    def ordered_new_states(self, state, new_states):
        return ["a move"] * len(new_states)  # no state of the game's


class FalseWin(Take):
    def win_at_once(self, state):
        return 0 if state == 1 else False  # False meant "no win at once"; 0 is a state


class NoWinWin(Take):
    def win_at_once(self, state):
        return state - 1 if state > 1 else None  # a move, but no finished game


class TrueSafe(Take):
    def safe_new_states(self, state):
        return state > 3


@pytest.mark.parametrize(
    "game, named",
    [
        (NoneOrdered(), "NoneOrdered.ordered_new_states gave None for state 9"),
        (SomeOrdered(), r"SomeOrdered.ordered_new_states gave \[8\] for state 9"),
        (RepeatOrdered(), r"RepeatOrdered.ordered_new_states gave \[6, 6, 6\] for state 9"),
        (ForeignOrdered(), r"ForeignOrdered.ordered_new_states gave \['a move', .* for state 9"),
        (FalseWin(), "FalseWin.win_at_once gave False for state 9"),
        (NoWinWin(), "NoWinWin.win_at_once gave 8 for state 9"),
        (TrueSafe(), "TrueSafe.safe_new_states gave True for state 9"),
    ],
    ids=lambda value: type(value).__name__ if not isinstance(value, str) else "",
)
def test_a_hint_that_gives_what_no_hint_gives_is_named_not_taken(game, named):
    with pytest.raises(ValueError, match=f"{named}: it must give"):
        solve(game, 9, method="deepening")


@pytest.mark.parametrize("method", sorted(METHODS))
def test_best_move_of_every_method_refuses_an_order_that_changes_the_moves(method):
    # best_move breaks its ties by the game's order (solving.tie_order): a move repeated in place
    # of another would have it search, and play, the wrong moves
    with pytest.raises(ValueError, match="RepeatOrdered.ordered_new_states gave .*: it must give"):
        best_move(RepeatOrdered(), 9, method)
