"""The engine's moves (engine/deepening.py): which moves of a position it searches, listed or
one at a time, and in what order.

A position whose moves neither the table's best move nor the game's ``order`` needs in a list
gives them one at a time, so that a cut-off stops the game's generator where it is: in Nim,
whose first winning move cuts off, most moves are never made. Any list is taken under the
search's budget (limits.listed_moves), so that an endless generator of moves ends in a clear
error.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain, islice

from nimlib.book.limits import CHUNK, listed_moves
from nimlib.book.stats import SearchStats
from nimlib.games.base import Game, State
from nimlib.games.values import checked_score, dead_end, for_mover


class EngineMoves:
    """The moves of an Engine (its game, table, budget and the long lists it holds), and the score
    of a win at once."""

    game: Game
    table: dict
    stats: SearchStats
    held: list[list[State]]
    ordering: bool  # whether the game orders moves (a hint): they are then listed to be sorted

    def for_mover(self, won: State, to_move: bool, mover: bool) -> float:
        """The score, for the player `mover`, of the position `won` in which `to_move` is to
        move."""
        return for_mover(checked_score(self.game, won, self.game.evaluate(won, to_move)), mover)

    def moves(
        self, state: State, is_maximizing: bool, safe: object
    ) -> tuple[list[State], bool] | float:
        """The moves worth searching, from the game's `safe` ones (None: all moves), and whether
        they are safe, or, if every move lets the other player win at once, the score."""
        game = self.game
        if safe is not None and safe.__class__ is not list:
            safe = self.listed(state, safe)
        if safe == []:
            new_states = self.all_moves(state)
            replies = [(new_state, self.hints.win_at_once(new_state)) for new_state in new_states]
            if replies and all(won is not None for _, won in replies):
                return max(self.for_mover(won, is_maximizing, is_maximizing) for _, won in replies)
            safe = None
        new_states = self.all_moves(state) if safe is None else safe
        if not new_states:
            raise dead_end(game, state)
        return new_states, safe is not None

    def unlisted(self, state: State, best_key: tuple) -> Iterable[State]:
        """The moves of a position not yet listed: one at a time as the game gives them, to stop
        at a cut-off, where neither a best move from the table nor the game's order needs a list."""
        if self.ordering or best_key in self.table:
            new_states = self.all_moves(state)
            if not new_states:
                raise dead_end(self.game, state)
            return new_states
        return self.one_at_a_time(state)

    def one_at_a_time(self, state: State) -> Iterator[State]:
        """The moves from `state` one at a time: the first CHUNK as the game gives them (a
        position has fewer, almost always), then the rest as a list (see `listed`)."""
        moves = iter(self.game.possible_new_states(state))
        return chain(islice(moves, CHUNK), self.the_rest(state, moves))

    def the_rest(self, state: State, moves: Iterator[State]) -> Iterator[State]:
        """The moves left in `moves`, listed once asked for."""
        yield from self.listed(state, moves)

    def all_moves(self, state: State) -> list[State]:
        """Every move from `state`, as a list taken under the budget."""
        new_states = self.game.possible_new_states(state)
        return new_states if new_states.__class__ is list else self.listed(state, new_states)

    def listed(self, state: State, new_states: object) -> list[State]:
        """The moves `new_states` as a list, taken under the budget (see limits.listed_moves)."""
        found: list[State] = []
        self.held.append(found)
        try:
            return listed_moves(self.game, state, self.stats.check_budget, new_states, found)
        finally:
            self.held.pop()

    def ordered(self, state: State, new_states: list[State], best_key: tuple) -> Iterable[State]:
        """The moves in the order to try them: the table's best move first, then the others in
        the game's order (which the game works out only if the best move did not cut off)."""
        best = self.table.get(best_key)
        if best is None or best not in new_states:
            return self.hints.order(state, new_states)
        return self.best_first(state, new_states, best)

    def best_first(self, state: State, new_states: list[State], best: State) -> Iterator[State]:
        """`best`, then the other moves in the game's order, worked out once `best` is tried."""
        yield best
        yield from self.hints.order(state, [other for other in new_states if other != best])
