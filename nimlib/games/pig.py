"""Pig, the dice game: roll to build a turn total, or hold to bank it; a 1 loses the turn total.

The player to move rolls one die as often as they like. Each roll of 2 to 6 adds to their turn
total; a 1 ends the turn and the turn total is lost. Holding banks the turn total into their score
and passes the turn. The first to reach `goal` (100 in the classic game) wins.

A state is ``(mine, theirs, turn)``: the score of the player to move, the other player's score, and
the turn total, always from the side of the player to move (as negamax sees it). Its value is the
probability that the player to move wins with best play by both. A 1 passes the turn without
changing the scores, so ``(0, 0, 0)`` can come back to ``(0, 0, 0)``: the game graph has cycles, and
the scores are found by value iteration (nimlib.book.value_iteration.solve_pig), as Neller and
Presser
("Optimal Play of the Dice Game Pig", The UMAP Journal 25(1), 2004) found them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from random import Random

from nimlib.games.values import shown, whole_number

PigState = tuple[int, int, int]
Values = dict  # the chance of winning of each state, as value iteration found it
Policy = Callable[[PigState], bool]  # True: roll, False: hold
MAX_GOAL = 200


@dataclass(frozen=True)
class Pig:
    """The rules of Pig to `goal`, seen from the player to move."""

    goal: int = 100
    name = "Pig"

    def __post_init__(self) -> None:
        goal = whole_number(self.goal, "goal", smallest=1, largest=MAX_GOAL)
        object.__setattr__(self, "goal", goal)

    def states(self) -> Iterator[PigState]:
        """Every state where the game goes on: both scores under the goal, and mine + turn too."""
        for mine in range(self.goal):
            for theirs in range(self.goal):
                for turn in range(self.goal - mine):
                    yield (mine, theirs, turn)

    def validate(self, state: object) -> PigState:
        """`state` as (mine, theirs, turn) of a game going on, or a ValueError saying why not."""
        if not (isinstance(state, tuple) and len(state) == 3):
            raise ValueError(f"a Pig state is (mine, theirs, turn), not {shown(state)}")
        mine, theirs, turn = (whole_number(part, "a score", largest=self.goal) for part in state)
        if mine + turn >= self.goal or theirs >= self.goal:
            over = f"someone has reached the goal {self.goal}"
            raise ValueError(f"{shown(state)}: {over}; the game is over")
        return (mine, theirs, turn)

    def win_chance(self, values: Values, state: PigState) -> float:
        """The mover's chance of winning from `state` (1 once mine + turn reach the goal)."""
        mine, _, turn = state
        return 1.0 if mine + turn >= self.goal else values[state]

    def hold_value(self, values: Values, state: PigState) -> float:
        """The mover's chance if they hold: 1 minus the other player's, the turn total banked."""
        mine, theirs, turn = state
        if mine + turn >= self.goal:
            return 1.0
        return 1.0 - values[(theirs, mine + turn, 0)]

    def roll_value(self, values: Values, state: PigState) -> float:
        """The mover's chance if they roll: a 1 passes the turn, 2 to 6 add to the turn total."""
        mine, theirs, turn = state
        pig_out = 1.0 - values[(theirs, mine, 0)]
        scored = sum(self.win_chance(values, (mine, theirs, turn + face)) for face in range(2, 7))
        return (pig_out + scored) / 6

    def step(self, state: PigState, values: Values) -> float:
        """One value iteration step: the better of rolling and holding, given the current values."""
        return max(self.roll_value(values, state), self.hold_value(values, state))

    def rolls(self, values: Values, state: PigState) -> bool:
        """Whether best play rolls at `state` (it rolls when the two are equal, to rounding)."""
        return self.roll_value(values, state) >= self.hold_value(values, state) - 1e-12


def hold_at(limit: int) -> Callable[[Pig, PigState], bool]:
    """The rule "hold at `limit`": roll until the turn total reaches `limit` or would win."""

    def rolls(game: Pig, state: PigState) -> bool:
        """Whether to roll: below the limit, and not yet at the goal."""
        mine, _, turn = state
        return turn < limit and mine + turn < game.goal

    return rolls


def optimal(values: Values) -> Callable[[Pig, PigState], bool]:
    """The policy of best play, read off the values that solve_pig found."""

    def rolls(game: Pig, state: PigState) -> bool:
        """Whether best play rolls at `state`."""
        return game.rolls(values, state)

    return rolls


def play_game(game: Pig, first: Callable, second: Callable, rng: Random) -> int:
    """One game of Pig between two policies, with the dice of `rng`: 0 if `first` wins, else 1."""
    scores, mover, turn = [0, 0], 0, 0
    policies = (first, second)
    while True:
        state = (scores[mover], scores[1 - mover], turn)
        if policies[mover](game, state):
            face = rng.randint(1, 6)
            turn = 0 if face == 1 else turn + face
            if face == 1:
                mover = 1 - mover
            elif scores[mover] + turn >= game.goal:
                return mover
        else:
            scores[mover] += turn
            mover, turn = 1 - mover, 0


def play_match(game: Pig, one: Callable, other: Callable, games: int, seed: int = 0) -> int:
    """How many of `games` games `one` wins against `other`, each starting every other game."""
    rng = Random(seed)
    wins = 0
    for number in range(whole_number(games, "games", smallest=1, largest=10**6)):
        if number % 2 == 0:
            wins += play_game(game, one, other, rng) == 0
        else:
            wins += play_game(game, other, one, rng) == 1
    return wins
