"""Scored Nim: Simple-Nim whose counters carry values, so that a game is won by a margin, not just
won.

The counters lie in a row, each with a value written on it: (3, 1, 4, 1, 5, 9, 2, 6) by default.
A move takes 3, 2 or 1 counters from the right-hand end of the row (tried in that order: big
takes first, because they tend to be the good ones and good moves found early let alpha-beta cut
off more), and the player who takes them keeps their values. When the row is empty the game is
over, and the score is Max's total minus Min's total: +5 means Max won by 5 points, 0 a tie, -3
that Min won by 3.

Scores now range over many numbers, so alpha and beta become real bounds ("Max is already sure of
at least 4 here"), and cut-offs caused by a bound from further up the tree happen all the time.
With +1/-1 games every window is (-1, +1) and they never do.

The state is a pair ``(left, lead)``: the first `left` counters of the row are still there, and
`lead` is the total of the player to move minus the total of the other player so far. Keeping the
lead from the side of the player to move makes a position worth the same to whoever is to move
(``score_depends_only_on_mover``), as in every Nim game here, so negamax and tables need no turn.
``ScoredNim().start()`` is the opening ``(8, 0)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from nimlib.games.base import Game
from nimlib.games.printer import shown
from nimlib.games.simple_nim import checked_takes
from nimlib.games.values import for_mover, whole_number, whole_numbers

MAX_VALUE = 1_000
MAX_LENGTH = 1_000


@dataclass(frozen=True, repr=False)
class ScoredNim(Game):
    """A row of counters with values; take 1 to 3 from the right end and keep their values; most
    points win."""

    values: tuple[int, ...] = (3, 1, 4, 1, 5, 9, 2, 6)
    takes: tuple[int, ...] = (3, 2, 1)

    name = "Scored Nim"
    score_depends_only_on_mover = True

    def __post_init__(self) -> None:
        values = whole_numbers(
            self.values, "values", smallest=-MAX_VALUE, largest=MAX_VALUE, longest=MAX_LENGTH
        )
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "takes", checked_takes(self.takes, largest=MAX_LENGTH))

    @property
    def score_range(self) -> tuple[int, int]:
        """From -(sum of all values) to +(sum of all values): one player takes every point."""
        total = max(sum(abs(value) for value in self.values), 1)
        return (-total, total)

    def start(self) -> tuple[int, int]:
        """The opening state: every counter in the row, nobody ahead."""
        return (len(self.values), 0)

    def possible_new_states(self, state: tuple[int, int]) -> list[tuple[int, int]]:
        """Taking each of `takes` from the end, in that order; the new lead is the other
        player's."""
        left, lead = state
        return [
            (left - take, -(lead + self.worth(left, take))) for take in self.takes if take <= left
        ]

    def worth(self, left: int, take: int) -> int:
        """The points in the last `take` of the first `left` counters."""
        return sum(self.values[left - take : left])

    def evaluate(self, state: tuple[int, int], is_maximizing: bool) -> int | None:
        """Once no take fits, the lead of the player to move, seen from Max's side."""
        left, lead = state
        if left >= min(self.takes):
            return None
        return for_mover(lead, is_maximizing)

    def estimate(self, state: tuple[int, int], is_maximizing: bool) -> float:
        """A guess for a search cut short: the lead so far, as if nobody scored any more."""
        lead = state[1]
        return for_mover(lead, is_maximizing)

    def validate(self, state: object) -> tuple[int, int]:
        """A pair (left, lead): 0 to len(values) counters left, and a lead no larger than the points
        already taken, so that every final score stays inside the score range."""
        if not isinstance(state, (tuple, list)) or len(state) != 2:
            wanted = f"a pair (left, lead) such as {self.start()}"
            raise ValueError(f"the state must be {wanted}, not {shown(state)}")
        left = whole_number(state[0], "left", largest=len(self.values))
        taken = self.score_range[1] - sum(abs(value) for value in self.values[:left])
        lead = whole_number(
            state[1], f"lead (with {left} counters left)", smallest=-taken, largest=taken
        )
        return (left, lead)

    def describe_move(self, state: tuple[int, int], new_state: tuple[int, int]) -> str:
        """Such as "take 2 worth 8"."""
        state, new_state = self.checked_move(state, new_state)
        take = state[0] - new_state[0]
        return f"take {take} worth {self.worth(state[0], take)}"

    def row(self, state: tuple[int, int]) -> str:
        """The counters still in the row, such as "3 1 4 1 5"."""
        return " ".join(map(str, self.values[: self.validate(state)[0]]))
