"""Alpha-beta as engines play it: one negamax with a table of bounds and best moves, null windows,
the game's hints and deepening, in the way of Pascal Pons' Connect Four solver.

Pons' solver keeps every idea that makes it fast inside one negamax, each where it acts; so does
this engine (``Engine.negamax``), each idea commented in place:

- a win at once is scored one move ahead, without a visit (``win_at_once``: Pons' look ahead);
- moves that let the other player win at once are left out (``safe_new_states``: his "anticipate
  losing moves"); if every move does, the position is lost at the other player's next move;
- the bounds that the position itself puts on its score (``score_bounds``: in Connect Four, the
  fewer the cells left, the smaller a win or a loss) narrow the window, and close it at once
  when they leave nothing inside;
- a table of bounds ``(lower, upper, estimated)`` (estimated: they rest on an estimate at a
  horizon), asked before a position's moves are listed, under the rules of the book's table
  (book/table.py); and of best moves, kept under the position (its canonical form and, unless
  it is worth the same to either mover, the mover), whatever the depth searched: a position's
  best move is tried first when it comes back (its mirror image gets its bounds, not this hint);
- the game's ``ordered_new_states`` for the other moves (the most threats first in Connect
  Four), worked out only if the best move did not cut off already; a position with neither a
  best move nor an order takes its moves one at a time from the game, so that a cut-off leaves
  the rest unmade (in Nim, whose first winning move cuts off, most moves are never made);
- null windows at the root, as in Pons' solver: searches that only ask "more than g?" narrow the
  scores the position can still take (``score_reach``), each g chosen by narrowing.null_window.

A hint the game does not give is never asked: a game with none (Nim) takes the same negamax,
which skips the hint steps. Without a depth limit the search goes to the end at once and is
exact. With ``depth=d`` it deepens: it searches 1, 2, ..., d moves ahead, each iteration
ordered by the best moves of the ones before, and stops early once an iteration met no position
at its horizon (it saw every line to the end); a game with no estimate of its own is searched d
moves ahead at once. best_move's ``anytime=True`` keeps the best move of the deepest finished
iteration. A depth-limited search widens the bounds of ``score_bounds`` to take in the game's
``estimate_range``, so that it gives the depth-limited minimax value.

Its contract is alpha-beta's: a result strictly inside the window (alpha, beta) is exact, one at
or below alpha an upper bound, one at or above beta a lower bound. A call is one visit, as in
every method; a position whose player wins at once is scored one move ahead, so it costs no call.
Any list of moves is taken under the search's budget (limits.listed_moves), so that an endless
generator of moves ends in a clear error. An iteration that uses an estimated entry is not exact.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain, islice
from math import inf

from nimlib.book.limits import advice_to, listed_moves
from nimlib.book.moves import any_left, in_game_order
from nimlib.book.stats import SearchStats, checked_stats, checked_table
from nimlib.book.table import (
    BEST_MOVE,
    ENGINE,
    answer_from_table,
    mover_key,
    stored_bounds,
    within,
)
from nimlib.engine.hints import SAFE_SHOULD, WIN_SHOULD, Hints, wrong_hint
from nimlib.engine.narrowing import null_window
from nimlib.games.base import Game, State
from nimlib.games.values import (
    CHUNK,
    canonical_form,
    checked_depth,
    checked_score,
    checked_start,
    checked_window,
    dead_end,
    finished_score,
    for_mover,
    horizon_score,
    middle_of_range,
    mover_window,
    plain_zero,
    player_moves,
    same_for_either_mover,
)

FASTEST = advice_to(None)  # said when the budget stops it: no search of nimlib is faster
LONG_LIST = 64  # move lists at least this long are watched by the memory budget while held


NOTHING_KNOWN = (-inf, inf, False)
NO_MOVE = object()  # no best move in the table yet (None would be a state, in a game that has it)


class Engine:
    """The registry's solver for "deepening": one search of one game, its table (so that best moves
    carry from call to call), the move lists it holds, and whether it met a horizon."""

    def __init__(self, game: Game, table: dict, stats: SearchStats, depth: float) -> None:
        """An engine for `game` that looks `depth` moves ahead, keeping its bounds in `table` and
        counting in `stats`."""
        self.game = game
        self.table = table
        self.stats = stats
        self.depth = depth
        self.same_for_either = same_for_either_mover(game)
        movers = (True, False)
        low, high = game.score_range
        # the score range as the player to move sees it
        self.ranges = {mover: mover_window(low, high, mover) for mover in movers}
        # the middle of the range, that null windows pull out from (one infinite end: none, 0 does)
        middle = middle_of_range(game, otherwise=0)
        self.middles = {mover: for_mover(middle, mover) for mover in movers}
        self.hints = hints = Hints(game)
        # where estimates lie, likewise
        self.guesses = {mover: mover_window(*hints.estimate_range, mover) for mover in movers}
        self.held: list[list[State]] = []  # the long move lists of the positions being searched
        self.reached_horizon = False  # some position was scored by estimate at the depth limit

    def __call__(
        self,
        state: State,
        is_maximizing: bool,
        alpha: float | None = None,
        beta: float | None = None,
    ) -> float:
        """The score of `state` for Max from the window (alpha, beta), or the game's score range:
        to the end at once, or by iterations 1, 2, ..., `depth` moves ahead, stopping after the
        first that met no horizon (deeper ones would search the same tree). A game with no
        estimate of its own is searched once, `depth` moves ahead: a shallower iteration would ask
        it for one, where the other methods may never need it."""
        depth = self.depth
        alpha, beta = checked_window(alpha, beta, self.game.score_range)
        if depth == inf:
            return self.score(state, is_maximizing, alpha, beta, inf)
        first = 1 if depth >= 1 and self.hints.gives_estimate else depth
        score, ahead, met = None, first, self.reached_horizon
        while score is None or (ahead <= depth and self.reached_horizon):
            self.reached_horizon = False
            score = self.score(state, is_maximizing, alpha, beta, ahead)
            ahead += 1
        self.reached_horizon = met or self.reached_horizon
        return score

    def score(
        self, state: State, is_maximizing: bool, alpha: float, beta: float, depth: float
    ) -> float:
        """The score of `state` for Max inside the window (alpha, beta) seen by Max."""
        low, high = mover_window(alpha, beta, is_maximizing)
        with self.stats.searching(state, self.table, self.held, game=self.game, advice=FASTEST):
            score = self.narrowed(state, is_maximizing, low, high, depth)
        return plain_zero(for_mover(score, is_maximizing))

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
            return self.score_of_win(state, won, not is_maximizing, is_maximizing)
        middle = self.middles[is_maximizing]
        lower, upper = self.root_bounds(state, is_maximizing, depth)
        while lower < upper and lower < beta and upper > alpha:
            # Null window: is the score more than guess? The answer is a bound on one side.
            guess, above = null_window(max(lower, alpha), min(upper, beta), middle)
            result = self.negamax(state, is_maximizing, guess, above, depth)
            if guess < result < above:  # a score inside the window is exact (not whole numbers)
                return result
            if result <= guess:
                upper = result
            else:
                lower = result
            if lower == upper:  # the search's own number, not an end of the range it equals
                return result
        # the bounds met, or left the window: the table's rule answers, as for a stored entry
        return answer_from_table(lower, upper, alpha, beta)

    def root_bounds(self, state: State, is_maximizing: bool, depth: float) -> tuple[float, float]:
        """Where the null windows on a position that goes on start: the game's score_reach (from a
        loss at the other player's next move to a win with one's own), as in Pons' solver; with a
        depth limit, the bounds of own_bounds where a move does not lose at once."""
        lower, upper = self.ranges[is_maximizing]
        safe_moves = self.safe_moves(state) if depth >= 2 else None
        if safe_moves == []:
            lost = self.lost_at_once(state, is_maximizing)
            if lost is not None:
                return lost, lost
        if depth == inf:
            reach = self.hints.bounds("score_reach", state, is_maximizing)
            low, high = mover_window(*reach, is_maximizing)
        elif safe_moves:
            low, high = self.own_bounds(state, is_maximizing, depth)
        else:
            return lower, upper
        return max(lower, low), min(upper, high)

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
        table, stats = self.table, self.stats
        # A win at once (scored one move ahead, at no call), a finished game, or the horizon.
        score = self.score_without_search(state, is_maximizing, depth, safe)
        if score is not None:
            return score
        safe_moves = None  # the moves after which the other player cannot win at once, if named
        if self.hints.gives_safe_moves and depth >= 2:
            # Safe moves, and the bounds they put on the score: bounds that leave the window
            # empty answer at once, as the table's would; else they narrow the window.
            safe_moves, low, high = self.safe_bounds(state, is_maximizing, depth)
            answer = answer_from_table(low, high, alpha, beta)
            if answer is not None:
                return answer
            if alpha < low:
                alpha = low
            if beta > high:
                beta = high
        # The table of bounds, asked before the moves are listed, under the book's mover_key:
        # the canonical form, the mover (unless the same for either) and the depth (unless inf).
        position = canonical_form(self.game, state)
        to_the_end = mover_key(position, is_maximizing, inf, self.same_for_either)
        key = to_the_end
        if depth < inf:
            key = mover_key(position, is_maximizing, depth, self.same_for_either)
        lower, upper, estimated = table.get(key, NOTHING_KNOWN)
        if estimated:
            self.reached_horizon = True
        answer = answer_from_table(lower, upper, alpha, beta)
        if answer is not None:
            stats.table_hits += 1
            return answer
        if alpha < lower:
            alpha = lower
        if beta > upper:
            beta = upper
        window_alpha = alpha  # the window searched, for what its result proves
        outer, self.reached_horizon = self.reached_horizon, False
        # The best-move hint, kept under the position whatever the depth: tried first, then the
        # others in the game's order (see moves_to_try).
        best_key = (BEST_MOVE, to_the_end)
        moves, new_states = self.moves_to_try(state, safe_moves, best_key)
        safe = safe_moves is not None
        held = new_states is not None and len(new_states) >= LONG_LIST
        if held:
            self.held.append(new_states)
        best, best_state, tried = -inf, None, 0  # a state may be None: `tried` counts the moves
        try:
            for tried, new_state in enumerate(moves, start=1):
                value = -self.negamax(new_state, not is_maximizing, -beta, -alpha, depth - 1, safe)
                if value > best or tried == 1:  # the first move, even if worth -inf
                    best, best_state = value, new_state
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:  # a cut-off, counted where it skips a move
                            stats.cutoffs += skipped_any(moves, new_states, tried)
                            break
        finally:
            if held:
                self.held.pop()
        if tried == 0:  # no move at all
            raise dead_end(self.game, state)
        # What the result proves, stored by the table's rules, and the best move beside it.
        proven = stored_bounds(best, window_alpha, beta, lower, upper)
        lower, upper = within(proven, self.ranges[is_maximizing])
        reached = self.reached_horizon
        self.reached_horizon = outer or reached
        table[key] = (lower, upper, reached or estimated)
        table[best_key] = best_state
        return best

    def score_without_search(
        self, state: State, is_maximizing: bool, depth: float, safe: bool
    ) -> float | None:
        """The score for the player to move found without searching a move, or None: a win at
        once (scored one move ahead, at no call: `safe` says the move here came from the safe
        moves, so its mover cannot win at once), a finished game, or the estimate at the horizon.
        Any other position is one call."""
        game = self.game
        if self.hints.gives_wins and not safe and depth >= 1:
            won = self.hints.win_at_once(state)
            if won is not None:
                return self.score_of_win(state, won, not is_maximizing, is_maximizing)
        self.stats.count_call(state)
        score = finished_score(game, state, is_maximizing)
        if score is not None:  # the game is over
            return for_mover(score, is_maximizing)
        if depth == 0:  # the horizon: the game's estimate
            self.reached_horizon = True
            return for_mover(horizon_score(game, state, is_maximizing), is_maximizing)
        return None

    def moves_to_try(
        self, state: State, safe_moves: list[State] | None, best_key: tuple
    ) -> tuple[Iterator[State], list[State] | None]:
        """The moves from `state` in the order to try them, and their list (None: not listed).

        The `safe_moves` if there are any, else all: the table's best move first, then the others
        in the game's order; with neither a best move nor an order, one at a time from the game,
        so that a cut-off leaves the rest unmade (in Nim, whose first winning move cuts off, most
        moves are never made)."""
        new_states = safe_moves
        if new_states is None and (self.hints.gives_order or best_key in self.table):
            new_states = self.all_moves(state)
        if new_states is None:
            return self.one_at_a_time(state), None
        return iter(self.ordered(state, new_states, best_key)), new_states

    def score_of_win(self, state: State, won: State, to_move: bool, mover: bool) -> float:
        """The score, for the player `mover`, of the position `won` in which `to_move` is to
        move: the game's win at once from `state`, which must be a finished game."""
        score = None if won.__class__ is bool else self.game.evaluate(won, to_move)
        if score is None:  # no finished game (False given for no win at once, say)
            raise wrong_hint(self.game, "win_at_once", state, won, WIN_SHOULD)
        return for_mover(checked_score(self.game, won, score), mover)

    def safe_moves(self, state: State) -> list[State] | None:
        """The game's safe moves from `state`, listed under the budget (None: it names none)."""
        safe_moves = self.hints.safe_new_states(state)
        if safe_moves is None or safe_moves.__class__ is list:
            return safe_moves
        if not isinstance(safe_moves, Iterable):
            raise wrong_hint(self.game, "safe_new_states", state, safe_moves, SAFE_SHOULD)
        return self.listed(state, safe_moves)

    def safe_bounds(
        self, state: State, is_maximizing: bool, depth: float
    ) -> tuple[list[State] | None, float, float]:
        """Pons' "anticipate losing moves": the safe moves from `state` (None: search them all),
        and the bounds on its score for the player to move. If every move lets the other player
        win at once, the best of those losses, exactly; if a move is safe, the game's own score
        bounds (nobody wins at once); else none."""
        safe_moves = self.safe_moves(state)
        if safe_moves:
            low, high = self.own_bounds(state, is_maximizing, depth)
            return safe_moves, low, high
        lost = None if safe_moves is None else self.lost_at_once(state, is_maximizing)
        return (None, -inf, inf) if lost is None else (None, lost, lost)

    def lost_at_once(self, state: State, is_maximizing: bool) -> float | None:
        """The score, if every move from `state` lets the other player win at once: the best of
        those losses; else None (the moves are then searched as they are)."""
        new_states = self.all_moves(state)
        replies = [self.hints.win_at_once(new_state) for new_state in new_states]
        if not replies or any(won is None for won in replies):
            return None
        return max(
            self.score_of_win(new_state, won, is_maximizing, is_maximizing)
            for new_state, won in zip(new_states, replies, strict=True)
        )

    def own_bounds(self, state: State, is_maximizing: bool, depth: float) -> tuple[float, float]:
        """The game's score_bounds seen by the player to move, where nobody wins at once; with a
        depth limit widened to take in every estimate, so that they bound the depth-limited score
        too."""
        bounds = self.hints.bounds("score_bounds", state, is_maximizing)
        low, high = mover_window(*bounds, is_maximizing)
        if depth == inf:
            return low, high
        guess_low, guess_high = self.guesses[is_maximizing]
        return min(low, guess_low), max(high, guess_high)

    def one_at_a_time(self, state: State) -> Iterator[State]:
        """The moves from `state` one at a time: the first CHUNK as the game gives them (a
        position has fewer, almost always), then the rest as a list (see `listed`)."""
        moves = iter(in_game_order(self.game, state, self.stats))
        return chain(islice(moves, CHUNK), self.the_rest(state, moves))

    def the_rest(self, state: State, moves: Iterator[State]) -> Iterator[State]:
        """The rest of `moves`, listed once asked for."""
        yield from self.listed(state, moves)

    def all_moves(self, state: State) -> list[State]:
        """Every move from `state`, as a list taken under the budget; a dead end is an error."""
        new_states = player_moves(self.game, state)
        if new_states.__class__ is not list:
            new_states = self.listed(state, new_states)
        if not new_states:
            raise dead_end(self.game, state)
        return new_states

    def listed(self, state: State, new_states: Iterable[State]) -> list[State]:
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
        best = self.table.get(best_key, NO_MOVE)
        if best is NO_MOVE or best not in new_states:
            return self.hints.ordered_new_states(state, new_states)
        return self.best_first(state, new_states, best)

    def best_first(self, state: State, new_states: list[State], best: State) -> Iterator[State]:
        """`best`, then the other moves in the game's order, worked out once `best` is tried."""
        yield best
        yield from self.hints.ordered_new_states(
            state, [other for other in new_states if other != best]
        )


def skipped_any(moves: Iterator[State], new_states: list[State] | None, tried: int) -> bool:
    """Whether a cut-off after `tried` moves skipped any: of the list `new_states`, or (None) of
    the moves still to come from `moves`."""
    if new_states is not None:
        return tried < len(new_states)
    return any_left(moves)


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
    stats, depth = checked_stats(stats), checked_depth(depth)
    table = checked_table(table, keeps=ENGINE)
    return Engine(game, table, stats, depth)(state, is_maximizing, alpha, beta)
