"""Alpha-beta as engines play it: move ordering, a table of bounds and best moves, null windows,
deepening.

The search is negamax alpha-beta (scores for the player to move) with what makes engines fast:

- the game's hints (engine/hints.py): a win at once is scored without searching (``win_at_once``),
  moves that let the other player win at once are left out (``safe_new_states``), the others
  are tried in the game's ``order`` (the most threats first in Connect Four);
- bounds that the position itself puts on its score (``score_bounds``: in Connect Four, the
  fewer the cells left, the smaller a win or a loss): a window they close returns at once;
- a table of bounds ``(lower, upper, estimated)``, estimated when they rest on an estimate at a
  horizon, asked before a position's moves are listed, and of best moves: a position's best move
  is tried first when it comes back (its mirror image gets its bounds, not this hint), and the
  game orders the other moves only if that one did not cut off already; a position with neither
  takes its moves one at a time from the game, so that a cut-off leaves the rest unmade
  (engine_moves.py); a hint the game does not give is never asked;
- null windows, as in Pons' Connect Four solver: searches that only ask "more than g?" narrow
  the scores the position can still take (``score_reach``), each g the middle of what is open,
  or halfway from the range's middle to the open end if further (quick wins and losses first).

Without a depth limit it searches to the end at once and is exact; in a game that names no
wins at once and no safe moves (Nim), a visit is then one function (``to_the_end``): the same
search in fewer Python calls. With ``depth=d`` it deepens: it searches 1, 2, ..., d moves
ahead, each iteration ordered by the best moves of the one before, and stops early once an
iteration met no position at its horizon (it saw every line to the end); best_move's
``anytime=True`` keeps the best move of the deepest finished iteration. A depth-limited search
widens the bounds of ``score_bounds`` to take in the game's ``estimate_range``, so that it gives
the depth-limited minimax value.

Its contract is alpha-beta's: a result strictly inside the window (alpha, beta) is exact, one at
or below alpha an upper bound, one at or above beta a lower bound. A call is one visit, as in
every method; a position whose player wins at once is scored one move ahead, so it costs no call
(the look ahead of Pons' solver). An iteration that uses an estimated entry is not exact.
"""

from __future__ import annotations

from math import inf

from nimlib.book.stats import SearchStats, checked_stats, checked_table
from nimlib.book.table import answer_from_table, stored_bounds, table_key, within
from nimlib.engine.engine_moves import EngineMoves
from nimlib.engine.hints import Hints
from nimlib.engine.narrowing import middle_of, null_window
from nimlib.games.base import Game, State
from nimlib.games.values import (
    checked_depth,
    checked_score,
    checked_start,
    checked_window,
    dead_end,
    for_mover,
    mover_window,
)

LONG_LIST = 64  # move lists at least this long are watched by the memory budget while held


class _BestMove:
    """Marks the table keys under which a position's best move is kept (beside its bounds)."""

    def __repr__(self) -> str:
        return "BEST_MOVE"


BEST_MOVE = _BestMove()
NOTHING_KNOWN = (-inf, inf, False)
END = object()
Window = tuple[float, float]


class Engine(EngineMoves):
    """One search of one game: its table, the move lists it holds, and whether it met a horizon."""

    def __init__(self, game: Game, table: dict, stats: SearchStats) -> None:
        self.game, self.table, self.stats = game, table, stats
        self.by_mover, self.canonical = game.score_depends_only_on_mover, game.canonical
        low, high = game.score_range
        self.ranges = {True: (low, high), False: (-high, -low)}  # as the player to move sees it
        self.hints = hints = Hints(game)
        low, high = hints.estimate_range
        self.guesses = {True: (low, high), False: (-high, -low)}  # where estimates lie, likewise
        self.held: list[list[State]] = []  # the long move lists of the positions being searched
        # the hints the game gives: a hint it does not give is never asked
        self.wins, self.filters = hints.gives_wins, hints.gives_safe_moves
        self.ordering = hints.gives_order
        self.hintless = not (self.wins or self.filters)  # then to_the_end searches to the end
        self.reached_horizon = False  # some position was scored by estimate at the depth limit

    def score(
        self, state: State, is_maximizing: bool, alpha: float, beta: float, depth: float
    ) -> float:
        """The score of `state` for Max inside the window (alpha, beta) seen by Max."""
        low, high = mover_window(alpha, beta, is_maximizing)
        with self.stats.searching(state, self.table, self.held, game=self.game):
            return for_mover(self.narrowed(state, is_maximizing, low, high, depth), is_maximizing)

    def narrowed(
        self, state: State, is_maximizing: bool, alpha: float, beta: float, depth: float
    ) -> float:
        """The score for the player to move, inside (alpha, beta), found by a series of null-window
        tests.

        A finished game and a win at once are scored as they are; otherwise each test asks whether
        the score is more than some g (see narrowing.null_window), and its result, a true bound,
        closes the interval the score is known to lie in.
        """
        if self.game.evaluate(state, is_maximizing) is not None or depth < 1:
            return self.negamax(state, is_maximizing, alpha, beta, depth)
        won = self.hints.win_at_once(state)
        if won is not None:
            return self.for_mover(won, not is_maximizing, is_maximizing)
        middle = middle_of(*self.ranges[is_maximizing])
        lower, upper = self.root_bounds(state, is_maximizing, depth)
        while lower < upper and lower < beta and upper > alpha:
            guess, above = null_window(max(lower, alpha), min(upper, beta), middle)
            result = self.negamax(state, is_maximizing, guess, above, depth)
            if result <= guess:
                upper = result
            else:
                lower = result
        return lower if lower >= beta or lower == upper else upper

    def root_bounds(self, state: State, is_maximizing: bool, depth: float) -> Window:
        """Where the null windows on a position that goes on start: the game's score_reach (from a
        loss at the other player's next move to a win with one's own), as in Pons' solver; with a
        depth limit, the bounds of own_bounds where a move does not lose at once."""
        lower, upper = self.ranges[is_maximizing]
        safe = self.hints.safe_new_states(state) if depth >= 2 else None
        found = self.moves(state, is_maximizing, safe)
        if found.__class__ is not tuple:  # every move loses at once
            return found, found
        if depth == inf:
            low, high = mover_window(*self.hints.score_reach(state, is_maximizing), is_maximizing)
        elif found[1]:
            low, high = self.own_bounds(state, is_maximizing, depth)
        else:
            return lower, upper
        return max(lower, low), min(upper, high)

    def own_bounds(self, state: State, is_maximizing: bool, depth: float) -> Window:
        """The game's score_bounds seen by the player to move, where nobody wins at once; with a
        depth limit widened to take in every estimate, so that they bound the depth-limited score
        too."""
        bounds = self.hints.score_bounds(state, is_maximizing)  # for Max: as the mover sees them
        low, high = bounds if is_maximizing else (-bounds[1], -bounds[0])
        if depth == inf:
            return low, high
        guess_low, guess_high = self.guesses[is_maximizing]
        return (low if low < guess_low else guess_low), (high if high > guess_high else guess_high)

    def negamax(
        self,
        state: State,
        is_maximizing: bool,
        alpha: float,
        beta: float,
        depth: float,
        safe: bool = False,
    ) -> float:
        """The score of `state` for the player to move: exact inside (alpha, beta), a bound on the
        side outside.

        `safe` says the move to `state` came from ``safe_new_states``: its mover cannot win at once.
        """
        if depth == inf and self.hintless:
            return self.to_the_end(state, is_maximizing, alpha, beta)
        game = self.game
        if not safe and depth >= 1 and self.wins:
            won = self.hints.win_at_once(state)
            if won is not None:
                return self.for_mover(won, not is_maximizing, is_maximizing)
        self.stats.count_call(state)
        score = game.evaluate(state, is_maximizing)
        if score is not None:
            score = checked_score(game, state, score)
            return for_mover(score, is_maximizing)
        if depth == 0:
            self.reached_horizon = True
            score = checked_score(game, state, game.estimate(state, is_maximizing), "estimate")
            return for_mover(score, is_maximizing)
        safe_moves = self.hints.safe_new_states(state) if depth >= 2 and self.filters else None
        if safe_moves is None:  # no safe moves named: the table is asked before the moves listed
            return self.searched(state, is_maximizing, (alpha, beta), depth, None, False)
        found = self.moves(state, is_maximizing, safe_moves)
        if found.__class__ is not tuple:  # every move loses at once: the score
            return found
        new_states, safe = found
        if safe:  # the position's own bounds hold
            low, high = self.own_bounds(state, is_maximizing, depth)
            if alpha < low:
                alpha = low
                if alpha >= beta:
                    return alpha
            if beta > high:
                beta = high
                if alpha >= beta:
                    return beta
        return self.searched(state, is_maximizing, (alpha, beta), depth, new_states, safe)

    def to_the_end(self, state: State, is_maximizing: bool, alpha: float, beta: float) -> float:
        """negamax to the end of a game that names no safe moves and no wins at once (Nim): the
        same calls, cache hits, cut-offs and table, a visit in one function, which is faster.

        The moves come one at a time, each searched by this function; a position whose moves
        are listed (a best move to try first, or the game's order) is searched by `searched`."""
        stats = self.stats
        stats.count_call(state)
        score = self.game.evaluate(state, is_maximizing)
        if score is not None:
            return for_mover(checked_score(self.game, state, score), is_maximizing)
        key = self.canonical(state) if self.by_mover else self.key(state, is_maximizing, inf)
        lower, upper, _ = known = self.table.get(key, NOTHING_KNOWN)
        answer = answer_from_table(lower, upper, alpha, beta)
        if answer is not None:
            stats.cache_hits += 1
            return answer
        best_key = (BEST_MOVE, key)
        if self.ordering or best_key in self.table:
            return self.searched(state, is_maximizing, (alpha, beta), inf, None, False)
        window = (alpha if alpha > lower else lower, beta if beta < upper else upper)
        (alpha, beta), best, best_state = window, -inf, None
        moves = self.one_at_a_time(state)
        for new_state in moves:
            value = -self.to_the_end(new_state, not is_maximizing, -beta, -alpha)
            if value > best:
                best, best_state = value, new_state
                if best > alpha:
                    alpha = best
                    if alpha >= beta:  # a cut-off, counted where it skips a move
                        stats.cutoffs += next(moves, END) is not END
                        break
        if best_state is None:  # no move at all
            raise dead_end(self.game, state)
        self.table[key] = stored(best, window, known, self.ranges[is_maximizing], False)
        self.table[best_key] = best_state
        return best

    def searched(
        self,
        state: State,
        is_maximizing: bool,
        window: Window,
        depth: float,
        new_states: list,
        safe: bool,
    ) -> float:
        """The score from the moves `new_states` (None: all of them, listed if the table's bounds
        do not settle it), the table's bounds and best move used, updated."""
        plain = depth == inf and self.by_mover  # the key is the canonical form
        key = self.canonical(state) if plain else self.key(state, is_maximizing, depth)
        lower, upper, estimated = known = self.table.get(key, NOTHING_KNOWN)
        alpha, beta = window
        if estimated:
            self.reached_horizon = True
        answer = answer_from_table(lower, upper, alpha, beta)
        if answer is not None:
            self.stats.cache_hits += 1
            return answer
        window = (alpha if alpha > lower else lower, beta if beta < upper else upper)
        outer, self.reached_horizon = self.reached_horizon, False
        best_key = (BEST_MOVE, key if depth == inf else key[1] if self.by_mover else key[1:3])
        if new_states is None:
            new_states = self.unlisted(state, best_key)
        held = new_states.__class__ is list and len(new_states) >= LONG_LIST
        if held:
            self.held.append(new_states)
        try:
            moves = (new_states, safe, best_key)
            best, best_state = self.best_of(state, is_maximizing, window, depth, *moves)
        finally:
            if held:
                self.held.pop()
        estimated = self.reached_horizon
        self.reached_horizon = outer or estimated
        self.table[key] = stored(best, window, known, self.ranges[is_maximizing], estimated)
        self.table[best_key] = best_state
        return best

    def best_of(
        self,
        state: State,
        is_maximizing: bool,
        window: Window,
        depth: float,
        *moves: object,
    ) -> tuple:
        """The best score of the moves (`new_states`, a list or the game's moves one at a time,
        `safe`, `best_key`) and its move."""
        new_states, safe, best_key = moves
        (alpha, beta), best, best_state, below = window, -inf, None, depth - 1
        listed = new_states.__class__ is list
        ordered = iter(self.ordered(state, new_states, best_key) if listed else new_states)
        for tried, new_state in enumerate(ordered, start=1):
            value = -self.negamax(new_state, not is_maximizing, -beta, -alpha, below, safe)
            if value > best:
                best, best_state = value, new_state
                if best > alpha:
                    alpha = best
                    if alpha >= beta:  # a cut-off, counted where it skips a move
                        more = tried < len(new_states) if listed else next(ordered, END) is not END
                        self.stats.cutoffs += more
                        break
        if best_state is None:  # no move at all (a list of moves was checked before)
            raise dead_end(self.game, state)
        return best, best_state

    def key(self, state: State, is_maximizing: bool, depth: float) -> object:
        """The table key of a position's bounds: its canonical form, the mover, the moves left."""
        return table_key(self.canonical(state), is_maximizing, depth, self.by_mover)


def stored(
    best: float, window: Window, known: tuple, score_range: Window, estimated: bool
) -> tuple:
    """What a search that returned `best` inside `window` proves, tightened from `known`, by the
    table's rules (table.py): (lower, upper, estimated), never wider than `score_range`."""
    lower, upper = within(stored_bounds(best, *window, *known[:2]), score_range)
    return lower, upper, estimated or known[2]


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

    Without `depth` it searches to the end with null windows (exact); with `depth`, 1, 2, ...
    `depth` moves ahead (``game.estimate`` at the limit). Window and result are Max's, with
    alpha-beta's contract; `table` keeps bounds and best moves between calls. ``alpha=-1,
    beta=1`` on a game scored around 0 makes a weak solver: a win, a draw or a loss.
    """
    game, state, is_maximizing = checked_start(game, state, is_maximizing)
    low, high = game.score_range
    alpha, beta = checked_window(low if alpha is None else alpha, high if beta is None else beta)
    stats, table, depth = checked_stats(stats), checked_table(table, "table"), checked_depth(depth)
    return deepened(Engine(game, table, stats), state, is_maximizing, alpha, beta, depth)


def deepened(
    engine: Engine, state: State, is_maximizing: bool, alpha: float, beta: float, depth: float
) -> float:
    """The engine's score for Max, to the end at once, or by iterations 1, 2, ..., `depth` moves
    ahead, stopping after the first that met no horizon (deeper ones would search the same tree)."""
    if depth == inf:
        return engine.score(state, is_maximizing, alpha, beta, inf)
    score, ahead, met = None, 1 if depth >= 1 else 0, engine.reached_horizon
    while score is None or (ahead <= depth and engine.reached_horizon):
        engine.reached_horizon = False
        score = engine.score(state, is_maximizing, alpha, beta, ahead)
        ahead += 1
    engine.reached_horizon = met or engine.reached_horizon
    return score


def solver(game: Game, table: dict, stats: SearchStats, depth: int | None) -> DeepeningSolver:
    """``score(state, is_maximizing, alpha=None, beta=None)`` for the registry, one engine for all
    its calls."""
    return DeepeningSolver(Engine(game, table, stats), inf if depth is None else depth)


class DeepeningSolver:
    """The registry's solver for "deepening": one engine, so best moves carry from call to call."""

    def __init__(self, engine: Engine, depth: float) -> None:
        self.engine, self.depth = engine, depth

    def __call__(
        self,
        state: State,
        is_maximizing: bool,
        alpha: float | None = None,
        beta: float | None = None,
    ) -> float:
        low, high = self.engine.game.score_range
        alpha, beta = low if alpha is None else alpha, high if beta is None else beta
        return deepened(self.engine, state, is_maximizing, alpha, beta, self.depth)

    @property
    def reached_horizon(self) -> bool:
        """Whether some position was scored by estimate at the depth limit (deeper may differ)."""
        return self.engine.reached_horizon
