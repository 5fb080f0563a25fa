"""Alpha-beta as engines play it: move ordering, a table of bounds and best moves, null windows,
deepening.

The search is negamax alpha-beta (scores for the player to move) with what makes engines fast:

- the game's hints (see Game): a win at once is scored without searching (``win_at_once``),
  moves that let the other player win at once are left out (``safe_new_states``), and the
  remaining moves are tried in the game's order (``order``: centre first in tic-tac-toe);
- a table of bounds, as in alpha-beta with a table, which also keeps each position's best
  move (the new state it led to): it is tried first when the position comes back, at once or
  in the next iteration (a mirror image of the position gets its bounds, not this hint), and
  the game orders the other moves only if that one did not cut off already;
- null windows: the score is narrowed by searches that only ask "more than g?", each cheap, as
  Pascal Pons' Connect Four solver does, starting from the game's ``score_bounds``.

Without a depth limit it searches to the end at once and is exact. With ``depth=d`` it deepens:
it searches 1, 2, ..., d moves ahead, each iteration ordered by the best moves of the one
before; best_move's ``anytime=True`` keeps the best move of the deepest finished iteration.

Its contract is alpha-beta's: a result strictly inside the window (alpha, beta) is exact, one at
or below alpha an upper bound, one at or above beta a lower bound. A call is one visit, as in
every method; a position whose player wins at once is scored one move ahead, so it costs no call
(the look ahead of Pons' solver).
"""

from __future__ import annotations

from collections.abc import Iterator
from math import inf, nextafter

from nimlib.games.base import Game, State
from nimlib.games.values import (
    checked_depth,
    checked_score,
    checked_start,
    checked_window,
    dead_end,
    leaf_score,
)
from nimlib.search.stats import SearchStats, checked_stats, checked_table
from nimlib.search.table import UNKNOWN, answer_from_table, stored_bounds, within


class _BestMove:
    """Marks the table keys under which a position's best move is kept (beside its bounds)."""

    def __repr__(self) -> str:
        return "BEST_MOVE"


BEST_MOVE = _BestMove()


class Engine:
    """One search of one game: its table, and whether it stopped at a depth limit."""

    def __init__(self, game: Game, table: dict, stats: SearchStats) -> None:
        self.game, self.table, self.stats = game, table, stats
        self.by_mover = game.score_depends_only_on_mover
        low, high = game.score_range
        self.ranges = {
            True: (low, high),
            False: (-high, -low),
        }  # the score range seen by the player to move
        self.reached_horizon = False  # some position was scored by estimate at the depth limit

    def score(
        self, state: State, is_maximizing: bool, alpha: float, beta: float, remaining: float
    ) -> float:
        """The score of `state` for Max inside the window (alpha, beta) seen by Max, narrowed by
        null windows."""
        mover = 1 if is_maximizing else -1
        low, high = (alpha, beta) if is_maximizing else (-beta, -alpha)
        with self.stats.searching(state, self.table, game=self.game):
            return mover * self.narrowed(state, is_maximizing, low, high, remaining)

    def narrowed(
        self, state: State, is_maximizing: bool, alpha: float, beta: float, remaining: float
    ) -> float:
        """The score for the player to move, inside (alpha, beta), found by a series of null-window
        tests.

        Each test asks whether the score is more than some g, halving the interval the score is
        known to lie in; a test's result is a real score bound, so the interval closes in a
        few steps even for scores that are not whole numbers.
        """
        lower, upper = self.bounds(state, is_maximizing, remaining)
        while lower < upper and lower < beta and upper > alpha:
            guess = (max(lower, alpha) + min(upper, beta)) / 2
            if not lower <= guess < upper or guess in (inf, -inf):
                guess = max(lower, alpha) if lower > -inf else nextafter(min(upper, beta), -inf)
            result = self.negamax(state, is_maximizing, guess, nextafter(guess, inf), remaining)
            if result <= guess:
                upper = result
            else:
                lower = result
        return lower if lower >= beta or lower == upper else upper

    def bounds(self, state: State, is_maximizing: bool, remaining: float) -> tuple[float, float]:
        """Where the score for the player to move can lie: the game's score_bounds, if nobody wins
        at once."""
        low, high = self.ranges[is_maximizing]
        if remaining < 1 or self.game.win_at_once(state) is not None:
            return low, high
        bound_low, bound_high = self.game.score_bounds(state, is_maximizing)
        if not is_maximizing:
            bound_low, bound_high = -bound_high, -bound_low
        return max(low, bound_low), min(high, bound_high)

    def negamax(
        self,
        state: State,
        is_maximizing: bool,
        alpha: float,
        beta: float,
        remaining: float,
        safe: bool = False,
    ) -> float:
        """The score of `state` for the player to move: exact inside (alpha, beta), a bound on the
        side outside.

        `safe` says the move to `state` came from ``safe_new_states``: its mover cannot win at once.
        """
        game = self.game
        if remaining >= 1 and not safe:
            won = game.win_at_once(state)
            if won is not None:
                return self.for_mover(won, not is_maximizing, is_maximizing)
        self.stats.count_call(state)
        score = game.evaluate(state, is_maximizing)
        if score is not None:
            score = checked_score(game, state, score)
            return score if is_maximizing else -score
        if remaining == 0:
            self.reached_horizon = True
            score = leaf_score(game, state, is_maximizing, 0)
            return score if is_maximizing else -score
        key = self.key(state, is_maximizing, remaining)
        known = self.table.get(key, UNKNOWN)
        settled = answer_from_table(*known, alpha, beta)
        if settled is not None:
            self.stats.cache_hits += 1
            return settled
        alpha, beta = max(alpha, known[0]), min(beta, known[1])
        found = self.moves(state, is_maximizing, remaining)
        if isinstance(found, float):  # every move loses at once: scored without a call
            return found
        new_states, safe = found
        window, best, best_state, best_key = (alpha, beta), -inf, None, best_move_key(key)
        for tried, new_state in enumerate(
            self.ordered(state, new_states, self.table.get(best_key)), start=1
        ):
            value = -self.negamax(new_state, not is_maximizing, -beta, -alpha, remaining - 1, safe)
            if value > best:
                best, best_state = value, new_state
            alpha = max(alpha, best)
            if alpha >= beta:  # a cut-off, counted where it skips a move
                self.stats.cutoffs += tried < len(new_states)
                break
        self.table[key] = within(stored_bounds(best, *window, *known), self.ranges[is_maximizing])
        self.table[best_key] = best_state
        return best

    def for_mover(self, won: State, to_move: bool, mover: bool) -> float:
        """The score, for the player `mover`, of the position `won` in which `to_move` is to
        move."""
        score = checked_score(self.game, won, self.game.evaluate(won, to_move))
        return score if mover else -score

    def moves(
        self, state: State, is_maximizing: bool, remaining: float
    ) -> tuple[list[State], bool] | float:
        """The moves worth searching and whether they are the game's safe ones, or, if every move
        lets the other player win at once, the score."""
        game = self.game
        safe = game.safe_new_states(state) if remaining >= 2 else None
        if safe is not None and not isinstance(safe, list):
            safe = list(safe)
        if safe == []:
            replies = [
                (new_state, game.win_at_once(new_state))
                for new_state in game.possible_new_states(state)
            ]
            if replies and all(won is not None for _, won in replies):
                return float(
                    max(self.for_mover(won, is_maximizing, is_maximizing) for _, won in replies)
                )
            safe = None
        new_states = list(game.possible_new_states(state)) if safe is None else safe
        if not new_states:
            raise dead_end(game, state)
        return new_states, safe is not None

    def ordered(self, state: State, new_states: list[State], best: State | None) -> Iterator[State]:
        """The moves in the order to try them: the table's `best` move first, then the others in the
        game's order (which the game works out only if the best move did not cut off)."""
        if best in new_states:
            yield best
            new_states = [new_state for new_state in new_states if new_state != best]
        yield from self.game.order(state, new_states)

    def key(self, state: State, is_maximizing: bool, remaining: float) -> tuple:
        """The table key of a position's bounds: the moves left, its canonical form, the player to
        move."""
        position = self.game.canonical(state)
        return (remaining, position) if self.by_mover else (remaining, position, is_maximizing)


def best_move_key(key: tuple) -> tuple:
    """Where the table keeps the best move of the position whose bounds are under `key`, whatever
    the depth."""
    return (BEST_MOVE, *key[1:])


def deepening(
    game: Game,
    state: State,
    is_maximizing: bool = True,
    alpha: float | None = None,
    beta: float | None = None,
    *,
    table: dict | None = None,
    stats: SearchStats | None = None,
    depth: int | None = None,
) -> float:
    """The minimax score of `state` for Max by iterative deepening alpha-beta with move ordering.

    Without `depth` it searches to the end, narrowing the score with null windows (exact). With
    `depth`, it searches 1, 2, ... `depth` moves ahead, each iteration trying first the best moves
    of the one before, and scores the positions at the limit with ``game.estimate``. The window
    (`alpha`, `beta`) and the result are seen by Max, with alpha-beta's contract; `table` keeps
    bounds and best moves between calls for this game.
    """
    game, state, is_maximizing = checked_start(game, state, is_maximizing)
    low, high = game.score_range
    alpha, beta = checked_window(low if alpha is None else alpha, high if beta is None else beta)
    stats, table, remaining = (
        checked_stats(stats),
        checked_table(table, "table"),
        checked_depth(depth),
    )
    return deepened(Engine(game, table, stats), state, is_maximizing, alpha, beta, remaining)


def deepened(
    engine: Engine, state: State, is_maximizing: bool, alpha: float, beta: float, remaining: float
) -> float:
    """The engine's score for Max, to the end at once, or by iterations 1, 2, ..., `remaining` moves
    ahead."""
    if remaining == inf:
        return engine.score(state, is_maximizing, alpha, beta, inf)
    score = None
    for ahead in range(1 if remaining >= 1 else 0, int(remaining) + 1):
        score = engine.score(state, is_maximizing, alpha, beta, ahead)
    return score


def solver(game: Game, table: dict, stats: SearchStats, depth: int | None) -> DeepeningSolver:
    """``score(state, is_maximizing, alpha=None, beta=None)`` for the registry, one engine for all
    its calls."""
    return DeepeningSolver(Engine(game, table, stats), inf if depth is None else depth)


class DeepeningSolver:
    """The registry's solver for "deepening": one engine, so best moves carry from call to call."""

    def __init__(self, engine: Engine, remaining: float) -> None:
        self.engine, self.remaining = engine, remaining

    def __call__(
        self,
        state: State,
        is_maximizing: bool,
        alpha: float | None = None,
        beta: float | None = None,
    ) -> float:
        low, high = self.engine.game.score_range
        alpha = low if alpha is None else alpha
        beta = high if beta is None else beta
        return deepened(self.engine, state, is_maximizing, alpha, beta, self.remaining)

    @property
    def reached_horizon(self) -> bool:
        """Whether some position was scored by estimate at the depth limit (so deeper could
        differ)."""
        return self.engine.reached_horizon
