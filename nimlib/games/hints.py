"""The hints a game may give an engine (the method "deepening"), read after the book.

Each default knows nothing, so a game without hints is searched exactly as before:

- ``order(state, new_states)``: the same new states, the most promising first;
- ``win_at_once(state)``: a new state in which the player to move has just won, found cheaply;
- ``safe_new_states(state)``: the moves after which the other player cannot win at once;
- ``estimate_range``: where every estimate lies, if narrower than ``score_range`` (so that a
  depth-limited search may use ``score_bounds`` too);
- ``score_bounds(state, is_maximizing)``: bounds on a score where nobody wins at once (the player
  to move cannot, and has a move after which the other cannot either); ``score_reach``: where
  play goes on, wins at once included (a search's null windows start there).
"""

from __future__ import annotations

from nimlib.games.values import State


class EngineHints:
    """What a game may tell an engine about its positions; a Game has them all, knowing nothing."""

    estimate_range: tuple[float, float] | None = None  # where estimates lie (None: score_range)

    def order(self, state: State, new_states: list[State]) -> list[State]:
        """The same new states, the most promising first (a hint for move ordering; default: as
        given)."""
        return list(new_states)

    def win_at_once(self, state: State) -> State | None:
        """A new state in which the player to move has just won, or None (default: no cheap test).

        Offer a win only where winning now is the best the mover can do (as in every game scored
        +1/-1): a search then scores the position by it without searching the other moves.
        """
        return None

    def safe_new_states(self, state: State) -> list[State] | None:
        """The new states after which the other player cannot win at once, or None (default: no
        filter).

        Asked only where play goes on and ``win_at_once`` gave None. An empty list says every move
        loses at once.
        """
        return None

    def score_bounds(self, state: State, is_maximizing: bool) -> tuple[float, float]:
        """Bounds (for Max) on the score of a position where nobody wins at once: the player to move
        cannot, and has a move (a safe one, if the game names them) after which the other cannot."""
        return self.score_range

    def score_reach(self, state: State, is_maximizing: bool) -> tuple[float, float]:
        """Bounds (for Max) on the score of a position where play goes on (default: the range)."""
        return self.score_range
