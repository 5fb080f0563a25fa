"""Connect Four from a given position, with states named by the columns played: a drawn tree that
reads.

A drawn game tree names each node by its state, and a Connect Four state is two long numbers
(bitboards). ``ColumnsFrom(game, position)`` is the same game from `position` with each state a
short string instead ("…43": a stone in column 4, then one in column 3), so that a late position's
tree can be drawn and read move by move (notebook 11).
"""

from __future__ import annotations

from dataclasses import dataclass

from nimlib.games.base import Game
from nimlib.games.connect_four import MARKS, Board, ConnectFour
from nimlib.games.printer import shown
from nimlib.games.values import checked_game


@dataclass(frozen=True, repr=False)
class ColumnsFrom(Game):
    """Connect Four from a given position, each state named by the columns played since then.

    The states are strings: "…" at the given position, "…4" after a stone in column 4, "…43"
    after one more in column 3. A drawn game tree then reads move by move, where Connect Four's
    own nodes each show a whole board. Everything else is the game's own: scores, order, hooks.
    """

    game: ConnectFour
    position: Board

    score_depends_only_on_mover = True

    def __post_init__(self) -> None:
        checked_game(self.game, ConnectFour)
        object.__setattr__(self, "position", self.game.validate(self.position))
        object.__setattr__(self, "score_range", self.game.score_range)
        object.__setattr__(self, "score_counts_moves", self.game.score_counts_moves)

    @property
    def name(self) -> str:
        """The game's name: "Connect Four"."""
        return self.game.name

    def board(self, state: str) -> Board:
        """The bitboards of `state`."""
        return self.game.from_moves(state[1:], self.position)

    def start(self) -> str:
        """The given position."""
        return "…"

    def possible_new_states(self, state: str) -> list[str]:
        """A stone in each column that is not full, left to right."""
        board = self.board(state)
        return [
            state + str(self.game.column_played(board, new))
            for new in self.game.possible_new_states(board)
        ]

    def evaluate(self, state: str, is_maximizing: bool) -> int | None:
        """The game's score once it is over, else None."""
        return self.game.evaluate(self.board(state), is_maximizing)

    def estimate(self, state: str, is_maximizing: bool) -> float:
        """The game's estimate."""
        return self.game.estimate(self.board(state), is_maximizing)

    def validate(self, state: object) -> str:
        """A string "…" followed by columns that can be played from the position."""
        if not isinstance(state, str) or not state.startswith("…"):
            raise ValueError(
                f"a state must be '…' followed by column numbers, such as '…43', not {shown(state)}"
            )
        try:
            self.board(state)
        except ValueError as error:
            raise ValueError(f"{state!r}: {error}") from None
        return state

    def describe_state(self, state: str) -> str:
        """`state` as a drawn tree's caption names it, since "…" alone says nothing: "the position
        given (36 stones, X to move)", or "'…47' (columns 4, 7 after the position given)"."""
        if self.validate(state) == self.start():
            stones = self.game.stones(self.position)
            return f"the position given ({stones} stones, {MARKS[stones % 2]} to move)"
        return f"{shown(state)} (columns {', '.join(state[1:])} after the position given)"

    def describe_move(self, state: str, new_state: str) -> str:
        """Such as "X in column 4"."""
        state, new_state = self.checked_move(state, new_state)
        return self.game.describe_move(self.board(state), self.board(new_state))

    def ordered_new_states(self, state: str, new_states: list[str]) -> list[str]:
        """The game's order."""
        boards = {self.board(new): new for new in new_states}
        return [
            boards[board] for board in self.game.ordered_new_states(self.board(state), list(boards))
        ]
