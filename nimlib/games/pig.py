"""Pig, the dice game: roll to build a turn total, or hold to bank it; a 1 loses the turn total.

The player to move rolls one die as often as they like. Each roll of 2 to 6 adds to their turn
total; a 1 ends the turn and the turn total is lost. Holding, once the turn total is above 0 (a
turn starts with a roll), banks the turn total into their points and passes the turn. The first to
reach `goal` points (100 in the classic game) wins. (A player's points are not the game's score,
which is what a position is worth: here a chance of winning.)

A state is ``(mine, theirs, turn)``: the points of the player to move, the other player's points,
and the turn total, always from the side of the player to move (as negamax sees it). Its value is
the probability that the player to move wins with best play by both. A 1 passes the turn without
changing the points, so ``(0, 0, 0)`` can come back to ``(0, 0, 0)``: the game graph has cycles,
and the values are found by value iteration (nimlib.book.value_iteration.solve_by_value_iteration),
as Neller and Presser ("Optimal Play of the Dice Game Pig", The UMAP Journal 25(1), 2004) found
them, over the states in their order (``layers``).

Pig is a Game with chance nodes. Its score for Max is Max's chance of winning (``score_range`` is
0 to 1). Rolling is a move, so it passes the turn, as every move does: the die is rolled at the
chance node ``(mine, theirs, turn, ROLLING)``, the other player's, as in Dice Nim. A 1 leaves that
player to move at ``(theirs, mine, 0)``. A 2 to 6 leaves them ``(mine, theirs, turn + face,
ROLLED)``, where their one move hands the die back (``(mine, theirs, turn + face)``), since in
Pig the roller keeps it; or, once the turn total reaches the goal, the roller has won.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from random import Random
from time import monotonic

from nimlib.games.base import Game, Outcome
from nimlib.games.printer import shown, shown_typed
from nimlib.games.values import (
    SearchBudgetExceeded,
    Values,
    checked_function,
    checked_game,
    checked_seconds,
    is_number,
    truth_value,
    whole_number,
)

PigState = tuple[int, int, int]
MAX_GOAL = 200
MATCH_SECONDS = 10.0  # wall-clock seconds a match may take unless told otherwise
ROLLING = "rolling"  # the die is about to be rolled (a chance node)
ROLLED = "rolled"  # the die showed 2 to 6: the roller gets it back
PAST_GOAL = 6  # a roll's turn total passes the goal by 5 points at most (a 6 one short of it)
SIXTH = Fraction(1, 6)


@dataclass(frozen=True, repr=False)
class Pig(Game):
    """The rules of Pig to `goal`, seen from the player to move."""

    goal: int = 100
    name = "Pig"
    score_range = (0, 1)
    solved_quicker_by = (
        "solve_pig"  # than by value iteration, whose advice names it (engine/pig.py)
    )
    score_depends_only_on_mover = True

    def __post_init__(self) -> None:
        goal = whole_number(self.goal, "goal", smallest=1, largest=MAX_GOAL)
        object.__setattr__(self, "goal", goal)

    def start(self) -> PigState:
        """No points for anybody, the first player to roll."""
        return (0, 0, 0)

    def is_chance(self, state: tuple) -> bool:
        """Whether the die is about to be rolled."""
        return state[3:] == (ROLLING,)

    def outcomes(self, state: tuple) -> list[Outcome]:
        """A 1 passes the turn, the turn total lost; 2 to 6 add to it, each with probability 1/6."""
        mine, theirs, turn, _ = state
        scored = [(SIXTH, (mine, theirs, turn + face, ROLLED)) for face in range(2, 7)]
        return [(SIXTH, (theirs, mine, 0)), *scored]

    def after_a_roll(self, points: int, turn: int, face: int) -> tuple[int, bool]:
        """The turn total after a roll of `face` by a player with `points` banked and the turn
        total `turn` (a 1 loses it, ending the turn), and whether the roll wins: the turn total
        carries the points to the goal. What outcomes says, for a game played out with dice."""
        turn = 0 if face == 1 else turn + face
        return turn, face != 1 and points + turn >= self.goal

    def possible_new_states(self, state: tuple) -> list[tuple]:
        """Roll or hold; after a roll of 2 to 6, hand the die back; nothing at a chance node."""
        if self.is_chance(state) or self.evaluate(state, True) is not None:
            return []
        mine, theirs, turn = state[:3]
        if state[3:] == (ROLLED,):
            return [(mine, theirs, turn)]
        if turn == 0:  # a turn starts with a roll: nothing to hold yet
            return [(mine, theirs, turn, ROLLING)]
        return [(mine, theirs, turn, ROLLING), (theirs, mine + turn, 0)]

    def evaluate(self, state: tuple, is_maximizing: bool) -> int | None:
        """0 (Max lost) or 1 (Max won) once the player who is not to move has reached the goal."""
        mine, theirs, turn = state[:3]
        rolled = state[3:] == (ROLLED,)
        if (mine + turn if rolled else theirs) < self.goal:
            return None
        return 0 if is_maximizing else 1

    def layers(self) -> list[list[PigState]]:
        """Every state where the game goes on, as Neller and Presser solve them: in layers of the
        banked points' sum, highest first (no move lowers it, so a layer leads only to itself and to
        the layers before it), and within a layer the larger turn totals first, since a roll leads
        from a turn total to larger ones."""
        layers: dict[int, list[PigState]] = {}
        for state in self.states():
            layers.setdefault(state[0] + state[1], []).append(state)
        return [
            sorted(layers[total], key=lambda state: -state[2])
            for total in sorted(layers, reverse=True)
        ]

    def states(self) -> Iterator[PigState]:
        """Every state where the game goes on: both players' points under the goal, and mine + turn
        too."""
        for mine in range(self.goal):
            for theirs in range(self.goal):
                for turn in range(self.goal - mine):
                    yield (mine, theirs, turn)

    def validate(self, state: object) -> tuple:
        """`state` as a node of the game: a position (validate_position), alone or followed by
        ROLLING, the die about to be rolled, or by ROLLED, the die having shown 2 to 6 (the turn
        total may then reach past the goal, up to 5 points: a win); or a ValueError saying why
        not."""
        if isinstance(state, tuple) and len(state) == 4 and state[3] in (ROLLING, ROLLED):
            past_goal = PAST_GOAL if state[3] == ROLLED else 0
            return (*self.validate_position(state[:3], past_goal), state[3])
        return self.validate_position(state)

    def validate_position(self, state: object, past_goal: int = 0) -> PigState:
        """`state` as (mine, theirs, turn) of a game going on, the player to move to roll or hold
        (with `past_goal`, mine + turn may reach that far past the goal), or a ValueError saying
        why not."""
        reach = self.goal + past_goal
        if state.__class__ is tuple and len(state) == 3:  # the usual case, quickly
            mine, theirs, turn = state
            if mine.__class__ is theirs.__class__ is turn.__class__ is int and (
                mine >= 0 and turn >= 0 and mine + turn < reach and 0 <= theirs < self.goal
            ):
                return state
        if not (isinstance(state, tuple) and len(state) == 3):
            raise ValueError(f"a Pig state is (mine, theirs, turn), not {shown(state)}")
        mine, theirs, turn = (whole_number(part, "points", largest=reach - 1) for part in state)
        if mine + turn >= reach or theirs >= self.goal:
            over = f"someone has reached the goal {self.goal}"
            raise ValueError(f"{shown(state)}: {over}; the game is over")
        return (mine, theirs, turn)

    def describe_move(self, state: tuple, new_state: tuple) -> str:
        """ "roll", "hold", "hand the die back", or what the die showed, such as "3"; a ValueError
        for a pair that is no move or roll."""
        state, new_state = self.checked_move(state, new_state)
        if self.is_chance(state):
            return str(new_state[2] - state[2]) if new_state[3:] == (ROLLED,) else "1"
        if state[3:] == (ROLLED,):
            return "hand the die back"
        return "roll" if self.is_chance(new_state) else "hold"

    def value(self, values: Values, state: PigState) -> float:
        """The chance of winning that `values` give `state`, or an error saying why there is none
        (values solved for another goal, say)."""
        try:
            value = values[state]
        except KeyError:
            raise ValueError(
                f"the values have no chance of winning for {shown(state)}: were they solved for "
                f"another goal? Solve {shown(self)} with solve_pig({shown(self)})"
            ) from None
        except TypeError:
            raise not_values(values) from None
        if not (type(value) is float or is_number(value)):
            raise ValueError(f"the values give {shown(value)} for {shown(state)}, not a chance")
        return value

    def win_chance(self, values: Values, state: PigState) -> float:
        """The mover's chance of winning from `state` (1 once mine + turn reach the goal)."""
        return self._win_chance(values, *self.validate_position(state, PAST_GOAL))

    def _win_chance(self, values: Values, mine: int, theirs: int, turn: int) -> float:
        """win_chance of the position (mine, theirs, turn), already validated: a roll asks it five
        times (value iteration of Pig to 20 takes about 200,000 steps)."""
        return 1.0 if mine + turn >= self.goal else self.value(values, (mine, theirs, turn))

    def roll_and_hold(self, values: Values, state: PigState) -> tuple[float, float]:
        """The mover's chances of winning at `state`, a game going on, if they roll (a 1 passes the
        turn, 2 to 6 add to the turn total) and if they hold (1 minus the other player's, the turn
        total banked; 0 with a turn total of 0, since a turn starts with a roll)."""
        mine, theirs, turn = self.validate_position(state)
        pig_out = 1.0 - self.value(values, (theirs, mine, 0))
        totals = range(turn + 2, turn + 7)  # after a 2 to 6
        roll = (pig_out + sum(self._win_chance(values, mine, theirs, t) for t in totals)) / 6
        hold = 0.0 if turn == 0 else 1.0 - self.value(values, (theirs, mine + turn, 0))
        return roll, hold

    def step(self, values: Values, state: PigState) -> float:
        """One value iteration step: the better of rolling and holding, given the current values."""
        return max(self.roll_and_hold(values, state))

    def rolls(self, values: Values, state: PigState) -> bool:
        """Whether best play rolls at `state` (it rolls when the two are equal, to rounding)."""
        roll, hold = self.roll_and_hold(values, state)
        return roll >= hold - 1e-12

    def first_hold(self, values: Values, mine: int, theirs: int = 0) -> int | None:
        """The smallest turn total at which best play (by `values`) holds, with `mine` points to
        the opponent's `theirs`; None if it rolls at every turn total short of the goal."""
        mine, theirs, _ = self.validate_position((mine, theirs, 0))
        turns = range(1, self.goal - mine)
        return next((turn for turn in turns if not self.rolls(values, (mine, theirs, turn))), None)


def hold_at(limit: int) -> Callable[[Pig, PigState], bool]:
    """The rule "hold at `limit`": roll until the turn total reaches `limit` or would win."""
    limit = whole_number(limit, "limit", smallest=1, largest=None)  # 0 would never roll

    def rolls(game: Pig, state: PigState) -> bool:
        """Whether to roll: below the limit, and not yet at the goal."""
        mine, _, turn = asked_about(game).validate_position(state)
        return turn < limit and mine + turn < game.goal

    return rolls


def not_values(values: object) -> TypeError:
    """The error for `values` that are not the dict of chances solve_pig gives (its whole pair,
    say)."""
    if isinstance(values, tuple) and values and isinstance(values[0], dict):
        return TypeError(
            "values must be the dict of chances, not the pair (values, iterations) that solve_pig "
            "gives: values, _ = solve_pig(game)"
        )
    return TypeError(
        f"values must be the dict of chances that solve_pig gives, not {shown(values)}"
    )


def optimal(values: Values) -> Callable[[Pig, PigState], bool]:
    """The policy of best play, read off the values that value iteration found."""
    if not isinstance(values, dict) or not values:  # now: the policy is called once a game starts
        raise not_values(values)

    def rolls(game: Pig, state: PigState) -> bool:
        """Whether best play rolls at `state`."""
        return asked_about(game).rolls(values, state)

    return rolls


def asked_about(game: object) -> Pig:
    """`game`, the game a policy is asked about, if it is Pig; else a TypeError naming it."""
    if not isinstance(game, Pig):
        raise TypeError(
            f"a policy of Pig is asked policy(game, state) with game a Pig, such as Pig(20), not "
            f"{shown_typed(game)}"
        )
    return game


def rolling_first(policy: Callable, name: str) -> Callable[[Pig, PigState], bool]:
    """`policy`, its answers as bools, refused with a ValueError naming it (`name`) where it
    would hold at a turn total of 0: a turn starts with a roll, as Pig's rules say."""

    def rolls(game: Pig, state: PigState) -> bool:
        """Whether `policy` rolls at `state`."""
        roll = truth_value(policy(game, state), "a policy's answer (roll?)")
        if not roll and state[2] == 0:
            raise ValueError(
                f"{name} held at {shown(state)}: a turn starts with a roll (there is "
                "nothing to hold at a turn total of 0), so a policy must roll there"
            )
        return roll

    return rolls


def winner_of_one_game(
    game: Pig, first: Callable, second: Callable, rng: Random, deadline: float | None
) -> int | None:
    """One game of Pig between two policies that roll at a turn total of 0 (rolling_first), with
    the dice of `rng`: 0 if `first` wins, 1 if `second` does, None if the clock (monotonic)
    passes `deadline` before the game ends.

    Every game ends: a turn banks points or wins at least when the dice carry its turn total to
    the goal before a 1, a chance of about 1 in 8,900 to 200. Policies that seldom hold may still
    play thousands of turns, so the clock is looked at after every turn."""
    points, mover, turn = [0, 0], 0, 0
    policies = (first, second)
    while True:
        while True:  # one turn of the mover
            if policies[mover](game, (points[mover], points[1 - mover], turn)):
                face = rng.randint(1, 6)
                turn, won = game.after_a_roll(points[mover], turn, face)
                if won:
                    return mover
                if face == 1:
                    break
            else:
                points[mover] += turn
                break
        mover, turn = 1 - mover, 0
        if deadline is not None and monotonic() > deadline:
            return None


def play_match(
    game: Pig,
    player: Callable,
    opponent: Callable,
    games: int,
    seed: int = 0,
    *,
    max_seconds: float | None = MATCH_SECONDS,
) -> int:
    """How many of `games` games `player` wins against `opponent`, each starting every other game.

    A policy that holds at a turn total of 0 is refused with a ValueError naming it (player or
    opponent): a turn starts with a roll. A match that runs longer than `max_seconds` of wall
    time (None: no limit), even in the middle of a game, is stopped as a search is at its budget:
    with SearchBudgetExceeded, saying how far it got."""
    for policy, name in ((player, "player"), (opponent, "opponent")):
        if policy in (hold_at, optimal):  # the maker of a policy, not one
            raise TypeError(
                f"{name} must be a policy, such as hold_at(20) or optimal(values), not "
                f"{policy.__name__} itself: call it to make one"
            )
        checked_function(policy, name, "hold_at(20) (a policy: game, state -> roll?)", 2)
    player, opponent = rolling_first(player, "player"), rolling_first(opponent, "opponent")
    checked_game(game, Pig)
    if max_seconds is not None:
        checked_seconds(max_seconds, "max_seconds")
    rng = Random(whole_number(seed, "seed", largest=None))
    games = whole_number(games, "games", smallest=1, largest=10**6)
    deadline = None if max_seconds is None else monotonic() + max_seconds
    wins = 0
    for number in range(games):
        first, second = (player, opponent) if number % 2 == 0 else (opponent, player)
        winner = winner_of_one_game(game, first, second, rng, deadline)
        wins += winner == number % 2  # player plays first in the even games, second in the odd
        if winner is None or (deadline is not None and monotonic() > deadline):
            played = number + (winner is not None)
            raise SearchBudgetExceeded(
                f"the match of {games:,} games ran past its time limit of {max_seconds:g} s after "
                f"{played:,} games: play fewer games, or give more time with max_seconds=..."
            )
    return wins
