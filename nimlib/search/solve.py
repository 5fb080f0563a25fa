"""Asking for a score or a move: ``solve``, ``best_move`` and ``principal_variation``, by any method of the registry."""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import suppress
from math import inf, nextafter

from nimlib.games.base import Game, State, checked_range, checked_score, shown, truth_value
from nimlib.search.contract import checked_depth, checked_start, checked_state, dead_end, explained_errors
from nimlib.search.deepening import taken_under_budget
from nimlib.search.limits import SearchBudgetExceeded, SearchTooDeep
from nimlib.search.methods import Method, Solver, method_named
from nimlib.search.quickest import MateSearch, decides, middle, one_move_earlier, timed_scores
from nimlib.search.stats import SearchStats, checked_stats


def solver(game: Game, method: str = "memo", stats: SearchStats | None = None, depth: int | None = None) -> Solver:
    """A function ``score(state, is_maximizing)`` for `game` using `method`, with one shared table.

    With `depth`, every search looks at most that many moves ahead (see Game.estimate). The
    game and the other arguments are checked once, here; each state when it is asked about.
    """
    checked_range(game)
    stats, remaining = checked_stats(stats), checked_depth(depth)
    search = method_named(method).solver(game, {}, stats, None if remaining == inf else remaining)

    def score(state: State, is_maximizing: bool = True, *window: float) -> float:
        state, is_maximizing = checked_state(game, state), truth_value(is_maximizing, "is_maximizing")
        with explained_errors(game):
            return search(state, is_maximizing, *window)

    return score


def solve(
    game: Game,
    state: State,
    is_maximizing: bool = True,
    method: str = "memo",
    stats: SearchStats | None = None,
    *,
    depth: int | None = None,
) -> float:
    """The minimax score of `state` for the maximizing player, found with `method`.

    With `depth`, the search looks that many moves ahead and scores the positions there with
    ``game.estimate``. A position too deep for a recursive method is solved by the game's known
    score where it has one (Game.known_score), else by the iterative method.
    """
    game, state, is_maximizing = checked_start(game, state, is_maximizing)
    stats, remaining, chosen = checked_stats(stats), checked_depth(depth), method_named(method)
    depth = None if remaining == inf else remaining
    with stats.searching(state), explained_errors(game):
        try:
            return chosen.solver(game, {}, stats, depth)(state, is_maximizing)
        except SearchTooDeep:
            return too_deep_solver(game, stats, depth)(state, is_maximizing)


def best_move(
    game: Game,
    state: State,
    method: str = "memo",
    stats: SearchStats | None = None,
    *,
    depth: int | None = None,
    is_maximizing: bool = True,
    anytime: bool = False,
) -> tuple[float, State]:
    """The best move for the player to move (Max unless ``is_maximizing=False``), as ``(score, new_state)``.

    The score is the minimax score seen by the player to move (+1 if they can force a win in
    the Nim games, else -1). The root is searched as one alpha-beta node: the score the earlier
    moves reached is the window of the later ones, so a method that prunes skips at the root too.
    Among moves of equal score it plays as engines do, the quickest win and the longest defence
    (see nimlib.search.quickest); among moves still equal, the largest new state (the most
    counters left, or for piles the largest tuple; for states that cannot be compared, the first).
    With `depth`, the moves are judged by looking that many moves ahead in all (the move itself
    included). A position too deep for a recursive method is solved by the game's known score where
    it has one (Game.known_score), else by the iterative method.

    With ``anytime=True`` (method "deepening" only) it plays like an engine under a clock: it
    searches 1, 2, 3, ... moves ahead until the search reaches the end of the game (or `depth`),
    and once the budget of `stats` runs out it answers with the best move of the deepest finished
    iteration, whose depth it leaves in ``stats.depth`` (and in ``stats.exact`` whether that iteration
    reached the end of every line, so that its score is exact). Without it, a search out of budget raises
    SearchBudgetExceeded: a score is never silently less than exact.
    """
    game, state, is_maximizing = checked_start(game, state, is_maximizing)
    stats = checked_stats(stats)
    if truth_value(anytime, "anytime"):
        return anytime_best_move(game, state, is_maximizing, method_named(method), stats, checked_depth(depth))
    if game.evaluate(state, is_maximizing) is not None:
        raise ValueError(f"the game is already over at {shown(state)}: there is no move to make")
    below = inf if depth is None else max(checked_depth(depth) - 1, 0)
    below_depth = None if below == inf else below
    chosen = method_named(method)
    with stats.searching(state), explained_errors(game):
        stats.count_call(state)  # the root is visited too, as in every search
        try:
            score = chosen.solver(game, {}, stats, below_depth)
            return root_search(game, state, is_maximizing, score, chosen.prunes, stats, below)
        except SearchTooDeep:
            score = too_deep_solver(game, stats, below_depth)
            return root_search(game, state, is_maximizing, score, False, stats, below)


def too_deep_solver(game: Game, stats: SearchStats, depth: int | None) -> Solver:
    """Scores of positions too deep to search by recursion: the game's known score where its theory
    gives one (and the search would go to the end), else the iterative method's."""
    iterative = method_named("iterative").solver(game, {}, stats, depth)

    def score(state: State, is_maximizing: bool, *window: float) -> float:
        known = game.known_score(state, is_maximizing) if depth is None else None
        return iterative(state, is_maximizing) if known is None else checked_score(game, state, known, "known_score")

    return score


def anytime_best_move(
    game: Game, state: State, is_maximizing: bool, method: Method, stats: SearchStats, limit: float
) -> tuple[float, State]:
    """best_move by deepening, one iteration deeper at a time, keeping the deepest finished one's move."""
    if method.name != "deepening":
        raise ValueError(
            f"anytime=True needs method='deepening', which can stop between iterations, not {method.name!r}"
        )
    if game.evaluate(state, is_maximizing) is not None:
        raise ValueError(f"the game is already over at {shown(state)}: there is no move to make")
    table, found, ahead, limit = {}, None, 0, max(limit, 1)  # depth 0: as best_move, one move ahead
    stats.depth, stats.exact = None, None
    with stats.searching(state):
        stats.count_call(state)
        taken_under_budget(game, state, stats)  # endless moves end in SearchBudgetExceeded
        while ahead < limit:
            ahead += 1
            score = method.solver(game, table, stats, ahead - 1)
            try:
                found = root_search(game, state, is_maximizing, score, True, stats, ahead - 1, first=found)
            except SearchBudgetExceeded:
                if found is None:
                    raise
                return found
            stats.depth, stats.exact = ahead, not score.reached_horizon
            if stats.exact:
                break
    return found


def root_search(
    game: Game,
    state: State,
    is_maximizing: bool,
    score: Solver,
    prunes: bool,
    stats: SearchStats,
    below: float,
    first: tuple[float, State] | None = None,
) -> tuple[float, State]:
    """The best move from `state`, its root searched as one alpha-beta node, scored for the mover.

    The first move gets the whole score range; each later move the window (alpha, highest), alpha
    being the best score so far, so a method that `prunes` skips whatever cannot beat it. Once the
    best score is a win or a loss for the mover, the moves after the best one are tested with a
    null window ("do they reach it too?"), and the quickest win or longest defence among those
    that tie is chosen by their distance to the end (see nimlib.search.quickest). A win or a loss
    is a score off the middle of the range; with a depth limit, where scores may be estimates,
    only a score at an end of the range. A move `first` (a shallower search's best) is tried first.
    """
    low, high = mover_range(game, is_maximizing)

    def for_mover(new_state: State, *window: float) -> float:
        if is_maximizing:
            return score(new_state, False, *window)
        return -score(new_state, True, *[-bound for bound in reversed(window)])

    best, chosen, later = None, None, []
    for new_state in root_order(game.possible_new_states(state), None if first is None else first[1]):
        if best == high:  # nothing beats it: the later moves can only tie
            later.append((new_state, None))
            continue
        value = for_mover(new_state, best, high) if prunes and best is not None else for_mover(new_state)
        if best is None or value > best:
            best, chosen, later = value, new_state, []
        else:
            later.append((new_state, value))
    if best is None:
        raise dead_end(game, state)
    decided = decides(game, is_maximizing, below)
    if not decided(best):
        return best, chosen

    def ties(new_state: State, value: float | None) -> bool:
        if value is not None and not prunes:  # an exact score
            return value == best
        return for_mover(new_state, nextafter(best, -inf), best) >= best

    tied = [chosen] + [new_state for new_state, value in later if ties(new_state, value)]
    if len(tied) == 1:
        return best, chosen
    return best, quickest_or_longest(game, tied, is_maximizing, best, stats, below)


def quickest_or_longest(
    game: Game, tied: list[State], is_maximizing: bool, best: float, stats: SearchStats, below: float
) -> State:
    """Among moves of equal score `best` (a win or a loss), the quickest win or the longest defence.

    At an end of the score range a mate search asks "is the win forced within d moves?" for d =
    1, 2, ... (a win: the first move for which it is; a loss: the last); otherwise the timed
    scores of memoized minimax decide. Ties stay with the earlier move.
    """
    low, high = mover_range(game, is_maximizing)
    if best in (low, high):
        winner_is_max = is_maximizing == (best == high)
        mate = MateSearch(game, winner_is_max, best if is_maximizing else -best, stats)
        open_moves, moves = list(tied), 0
        while moves < below:
            forced = [new for new in open_moves if mate.forced(new, not is_maximizing, moves)]
            if best == high and forced:
                return forced[0]
            if best == low and len(forced) == len(open_moves):
                return open_moves[0]
            open_moves = [new for new in open_moves if new not in forced]
            moves += 1
        return open_moves[0]
    timed_score = timed_scores(game, stats, below)
    even, decided = middle(game, is_maximizing), decides(game, is_maximizing, below)
    return max(
        tied, key=lambda new: (one_move_earlier(timed_score(new, not is_maximizing), even, decided), -tied.index(new))
    )


def mover_range(game: Game, is_maximizing: bool) -> tuple[float, float]:
    """The score range seen by the player to move."""
    low, high = game.score_range
    return (low, high) if is_maximizing else (-high, -low)


def root_order(new_states: Iterable[State], first: State | None = None) -> list[State]:
    """The moves from the largest new state down (so ties go to the largest), or as given if they cannot be
    compared; `first`, if given, before them all."""
    new_states = list(new_states)
    with suppress(TypeError):  # states that cannot be compared stay as given
        new_states = sorted(new_states, reverse=True)
    if first in new_states:
        new_states.remove(first)
        new_states.insert(0, first)
    return new_states


def principal_variation(
    game: Game,
    state: State,
    method: str = "memo",
    stats: SearchStats | None = None,
    *,
    depth: int | None = None,
    is_maximizing: bool = True,
) -> list[State]:
    """The states best play passes through from `state`, as best_move plays both sides.

    From the state after the first move to the end of the game, or, with `depth`, to that many
    moves ahead. Each move is best_move's with the same `method` and `stats`.
    """
    game, state, is_maximizing = checked_start(game, state, is_maximizing)
    stats = checked_stats(stats)
    remaining = checked_depth(depth)
    line = []
    with stats.searching(state):
        while remaining > 0 and game.evaluate(state, is_maximizing) is None:
            _, state = best_move(
                game, state, method, stats, depth=None if remaining == inf else remaining, is_maximizing=is_maximizing
            )
            line.append(state)
            is_maximizing, remaining = not is_maximizing, remaining - 1
    return line
