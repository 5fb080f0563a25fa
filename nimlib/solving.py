"""Asking for a score or a move, by any method of the registry: ``solve``, ``best_move`` (and
``anytime_best_move``, best_move under a clock, as engines play), ``principal_variation`` and
``solver``."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import count
from math import inf, nextafter

from nimlib.book.explained import cycle_error
from nimlib.book.limits import (
    SearchBudgetExceeded,
    SearchTooDeep,
    listed_moves,
)
from nimlib.book.stats import SearchStats, checked_stats
from nimlib.engine.hints import Hints
from nimlib.engine.iterative import too_deep_solver
from nimlib.games.base import Game, State
from nimlib.games.printer import shown
from nimlib.games.values import (
    CHUNK,
    checked_choice,
    checked_depth,
    checked_game,
    checked_start,
    checked_state,
    checked_window,
    dead_end,
    for_mover,
    game_over,
    hashable_moves,
    leaf_score,
    mover_window,
    stats_by_name,
    truth_value,
)
from nimlib.methods import REGISTRY, Method, Solver
from nimlib.quickest import Timing, quickest_or_longest


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
    if isinstance(is_maximizing, str) and is_maximizing in REGISTRY:  # as best_move takes it third
        raise ValueError(
            f"is_maximizing must be True or False, not {is_maximizing!r}: solve takes the player "
            f"to move third and the method fourth, or by name: method={is_maximizing!r}"
        )
    game, state, is_maximizing = checked_start(game, state, is_maximizing)
    stats, depth, chosen = checked_stats(stats), checked_depth(depth), registered(method)
    with stats.searching(state, game=game, advice=chosen.advice(game, depth)):
        try:
            return chosen.make(game, {}, stats, depth)(state, is_maximizing)
        except SearchTooDeep:
            return too_deep_solver(game, {}, stats, depth)(state, is_maximizing)


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
    """The best move for the player to move (Max unless ``is_maximizing=False``): ``(score,
    new_state)``, the score seen by the player to move (+1: they can force a win, in Nim). For
    Min that is the negative of Max's score (values.for_mover), so in a game scored 0 to 2 Min's
    win shows as 0 and a draw as -1.

    Among moves of equal score: the quickest win or the longest defence (nimlib.quickest),
    then tie_order's first: the game's own order, else the largest new state (``anytime=True``:
    among scores that are no win or loss, the move that the iteration before found best, as an
    engine keeps its move unless a better one comes).
    With `depth`, moves are judged that many moves ahead, the move included (0 as 1: a move is
    judged by where it leads at least). ``anytime=True`` (method "deepening") plays under a clock
    (anytime_best_move): its score may be an estimate, which only `stats` tells from an exact one
    (pass a SearchStats and read ``stats.exact`` and ``stats.depth_reached``); otherwise a search
    out of budget raises SearchBudgetExceeded, never a score less than exact.
    """
    game, state, is_maximizing = checked_start(game, state, is_maximizing)
    stats, depth, chosen = checked_stats(stats), checked_depth(depth), registered(method)
    if leaf_score(game, state, is_maximizing, inf) is not None:
        raise game_over(game, state)
    if truth_value(anytime, "anytime"):
        return anytime_best_move(game, state, is_maximizing, chosen, stats, depth)
    with stats.searching(state, game=game, advice=chosen.advice(game, depth)):
        return searched_best_move(game, state, is_maximizing, chosen, stats, depth, Memory())


@dataclass
class Memory:
    """What best_move's searches remember, each kind in a table of its own: principal_variation
    keeps it from one move of its line to the next, so that each move looks up what the one before
    searched."""

    table: dict = field(default_factory=dict)  # the method's
    mates: dict = field(default_factory=dict)  # the mate searches' that break ties (quickest.py)
    timed: dict = field(default_factory=dict)  # the timed scores' that break ties (quickest.py)
    too_deep: dict = field(default_factory=dict)  # too_deep_solver's, for a line too deep


def searched_best_move(
    game: Game,
    state: State,
    is_maximizing: bool,
    method: Method,
    stats: SearchStats,
    depth: float,
    memory: Memory,
) -> tuple[float, State]:
    """best_move's search, once its arguments are checked, remembering in `memory`: by `method`,
    unless the position is too deep for it, or a move before it on a line of principal_variation
    was (then every move after it is too): then too_deep_best_move's. A depth that no line of play
    reaches is no limit: every score is then exact, and the moves are chosen as to the end (a win
    above the middle of the score range is one, not only a win at its end)."""
    # A game whose scores count the moves breaks no tie by them: no need to walk its lines first
    if (
        depth < inf
        and not game.score_counts_moves
        and not reaches_horizon(game, state, is_maximizing, max(depth, 1), stats)
    ):
        depth = inf
    below = max(depth - 1, 0)
    stats.count_call(state)  # the root is visited too, as in every search
    new_states = root_order(game, state, stats)
    if memory.too_deep:  # a move before it was too deep for `method`
        return too_deep_best_move(game, new_states, is_maximizing, stats, below, memory)
    try:
        score = method.make(game, memory.table, stats, below)
        best, tied = root_search(game, new_states, is_maximizing, score, method.prunes, below)
    except SearchTooDeep:
        return too_deep_best_move(game, new_states, is_maximizing, stats, below, memory)
    return best, quickest_or_longest(
        game, tied, is_maximizing, best, stats, below, memory.mates, memory.timed
    )


def reaches_horizon(
    game: Game, state: State, is_maximizing: bool, depth: float, stats: SearchStats
) -> bool:
    """Whether some line of play from the position goes on for `depth` moves without ending, so
    that a search `depth` moves ahead would score a position there by estimate: depth first on an
    explicit stack. A position whose lines all end within d moves ends within more too, so one is
    looked at again only with fewer moves ahead than before; a line longer than the positions
    looked at has come back to one of them, and can go round for ever."""
    looked_at: dict = {}  # position: the fewest moves ahead it was looked at with
    lines, steps = [(state, is_maximizing, depth)], 0
    with stats.searching(state, looked_at, lines):  # the budget watches what the walk holds
        while lines:
            steps += 1
            if steps % CHUNK == 0:
                stats.check_budget(state)
            state, is_maximizing, left = lines.pop()
            if looked_at.get((state, is_maximizing), inf) <= left:
                continue
            if game.evaluate(state, is_maximizing) is None:
                if left == 0 or depth - left > len(looked_at):
                    return True
                new_states = listed_moves(game, state, stats.check_budget)
                lines += [(new_state, not is_maximizing, left - 1) for new_state in new_states]
            looked_at[(state, is_maximizing)] = left
    return False


def too_deep_best_move(
    game: Game,
    new_states: list[State],
    is_maximizing: bool,
    stats: SearchStats,
    depth: float,
    memory: Memory,
) -> tuple[float, State]:
    """The best of the moves to `new_states`, too deep to search by recursion: scored by
    too_deep_solver (the game's known scores, else the iterative method), ties broken by the timed
    scores (quickest.py), remembering in ``memory.too_deep`` and ``memory.timed``."""
    score = too_deep_solver(game, memory.too_deep, stats, depth)
    best, tied = root_search(game, new_states, is_maximizing, score, False, depth)
    return best, quickest_or_longest(
        game, tied, is_maximizing, best, stats, depth, memory.mates, memory.timed, recursion=False
    )


def registered(method: object) -> Method:
    """The method of the registry called `method`, or a ValueError that lists the choices (a
    TypeError for a function given in place of its name)."""
    if isinstance(method, bool):  # best_move(game, state, False), as if it took the turn third
        raise TypeError(
            f"a method is named by a string such as 'memo', not {method}: the player to move is "
            f"given by name, is_maximizing={method}"
        )
    if stats_by_name(method):  # solve(game, state, True, stats)
        raise TypeError(
            f"a method is named by a string such as 'memo', not {shown(method)}"
            f"{stats_by_name(method)}"
        )
    if callable(method):  # solve(game, state, method=minimax): the function itself
        name = getattr(method, "__name__", "")
        by_name = f": method={name!r}" if name in REGISTRY else ""
        raise TypeError(
            f"a method is named by a string such as 'memo', not the function {name}{by_name}"
        )
    return REGISTRY[checked_choice(method, REGISTRY, "method")]


def root_order(
    game: Game, state: State, stats: SearchStats, found: tuple[float, State] | None = None
) -> list[State]:
    """The moves from `state` in tie_order, and the move of `found`, the (score, new state) an
    earlier iteration found best, if any, before them all (a move may be None, a state of some
    games); a new state that is not hashable is named (a numpy array's comparisons would fail on
    their own words)."""
    new_states = hashable_moves(game, state, listed_moves(game, state, stats.check_budget))
    if not new_states:
        raise dead_end(game, state)
    new_states = tie_order(game, state, new_states)
    if found is not None and found[1] in new_states:
        new_states.remove(found[1])
        new_states.insert(0, found[1])
    return new_states


def tie_order(game: Game, state: State, new_states: list[State]) -> list[State]:
    """`new_states` in the order that breaks best_move's ties: the largest new state first, then
    sorted by the game's own order of moves where it gives one (``ordered_new_states``: Connect
    Four's moves that make the most threats, then the centre; tic-tac-toe's centre, then the
    corners), as an engine keeps the first move that scored best. An order that changes the moves
    themselves is refused (the engine's Hints check it)."""
    return Hints(game).ordered_new_states(state, largest_first(new_states))


def largest_first(new_states: list[State]) -> list[State]:
    """`new_states` from the largest, or as given where they cannot be compared (whatever their <
    raised: a TypeError, a Decimal NaN's InvalidOperation, a state's own error): the order only
    breaks ties."""
    try:
        return sorted(new_states, reverse=True)
    except Exception:
        return new_states


def root_search(
    game: Game, new_states: list, is_maximizing: bool, score: Solver, prunes: bool, depth: float
) -> tuple[float, list[State]]:
    """The best score the mover reaches by the moves to `new_states`, and the moves that reach it.

    As one alpha-beta node: the first move gets the whole score range, each later move the window
    (best so far, highest), so a method that `prunes` skips what cannot beat it. If the best is a
    win or a loss (Timing.outcome), a null window asks of each later move "does it reach it too?".
    """
    high = mover_window(*game.score_range, is_maximizing)[1]
    best, chosen, later = -inf, None, []
    for index, new_state in enumerate(new_states):
        if best == high:  # nothing beats it: the later moves can only tie
            later.append((new_state, None))
            continue
        alpha, beta = mover_window(best, high, is_maximizing) if prunes and index else (None, None)
        value = for_mover(score(new_state, not is_maximizing, alpha, beta), is_maximizing)
        if index == 0 or value > best:
            best, chosen, later = value, new_state, []
        else:
            later.append((new_state, value))
    if not Timing(game, depth).outcome(best, is_maximizing):
        return best, [chosen]
    if best == -inf:  # no score is lower: every move reaches it (and no window lies below it)
        return best, [chosen, *(new_state for new_state, _ in later)]
    below = nextafter(best, -inf) if isinstance(best, float) else best - 1  # whole numbers stay
    tied = [chosen]
    for new_state, value in later:
        if value is None or prunes:  # no exact score: does the move reach best too?
            alpha, beta = mover_window(below, best, is_maximizing)
            value = for_mover(score(new_state, not is_maximizing, alpha, beta), is_maximizing)
        if value >= best:
            tied.append(new_state)
    return best, tied


def solver(
    game: Game,
    method: str = "memo",
    stats: SearchStats | None = None,
    depth: int | None = None,
) -> Solver:
    """A function ``score(state, is_maximizing, alpha=None, beta=None)`` for `game` by `method`:
    its searches share one table and look `depth` moves ahead; it checks each state and window."""
    game = checked_game(game)
    search = registered(method).make(game, {}, checked_stats(stats), checked_depth(depth))

    def score(
        state: State,
        is_maximizing: bool = True,
        alpha: float | None = None,
        beta: float | None = None,
    ) -> float:
        state = checked_state(game, state)
        is_maximizing = truth_value(is_maximizing, "is_maximizing")
        return search(state, is_maximizing, *checked_window(alpha, beta, game.score_range))

    return score


def principal_variation(
    game: Game,
    state: State,
    method: str = "memo",
    stats: SearchStats | None = None,
    *,
    depth: int | None = None,
    is_maximizing: bool = True,
) -> list[State]:
    """The states best play passes through from `state`, best_move (same `method` and `stats`)
    playing both sides: from the state after the first move to the end, or `depth` moves ahead.
    The searches of the moves share one Memory, so that each move looks up what the one before
    searched (its tie-breaks too); once a move is too deep for `method`, the rest of the line is
    searched as it was: by the game's known scores, else by the iterative method."""
    game, state, is_maximizing = checked_start(game, state, is_maximizing)
    stats, depth, chosen = checked_stats(stats), checked_depth(depth), registered(method)
    line, memory, met = [], Memory(), {(state, is_maximizing)}
    with stats.searching(state, game=game, advice=chosen.advice(game, depth)):
        while leaf_score(game, state, is_maximizing, inf) is None and depth > 0:
            _, state = searched_best_move(game, state, is_maximizing, chosen, stats, depth, memory)
            line.append(state)
            is_maximizing, depth = not is_maximizing, depth - 1
            if (state, is_maximizing) in met:  # a search that pruned the cycle away met none
                raise cycle_error(game, state)
            met.add((state, is_maximizing))
    return line


def anytime_best_move(
    game: Game, state: State, is_maximizing: bool, method: Method, stats: SearchStats, depth: float
) -> tuple[float, State]:
    """best_move like an engine under a clock: deepening 1, 2, 3, ... moves ahead until the budget
    runs out (a game without an estimate: one search, `depth` moves ahead or to the end, by the
    iterative method as best_move's if too long for recursion).

    It searches until an iteration reaches the end of the game (or `depth` moves), and once the
    budget of `stats` runs out it answers with the best move of the deepest finished iteration,
    whose depth it leaves in ``stats.depth_reached`` (and in ``stats.exact`` whether that
    iteration reached the end of every line, so that its score is exact).
    """
    if method.name != "deepening":
        raise ValueError(
            "anytime=True needs method='deepening', which can stop between iterations, not "
            f"{method.name!r}"
        )
    memory = Memory()  # what the iterations remember, for the next one
    found, depth = None, max(depth, 1)  # depth 0: as best_move, one move ahead
    steps = count(1) if depth == inf else range(1, depth + 1)
    if not Hints(game).gives_estimate:  # each shallower iteration would ask for an estimate
        steps = [depth]
    with stats.searching(state, game=game, advice=method.advice(game, depth)):
        stats.count_call(state)
        for ahead in steps:
            score = method.make(game, memory.table, stats, ahead - 1)
            try:
                new_states = root_order(game, state, stats, found)
                best, tied = root_search(game, new_states, is_maximizing, score, True, ahead - 1)
                exact = not score.reached_horizon
                if exact and ahead < inf:  # every line ended: any win or loss is one, as to the end
                    to_the_end = root_search(game, new_states, is_maximizing, score, True, inf)
                    # the moves tied at the end may be searched past the lines seen: if one
                    # met the horizon, not yet exact (a deeper iteration asks again)
                    exact = not score.reached_horizon
                    if exact:
                        best, tied = to_the_end
                tied = tie_order(game, state, tied)  # as best_move's, not the move tried first
                timing = inf if exact else ahead - 1
                move = quickest_or_longest(
                    game, tied, is_maximizing, best, stats, timing, memory.mates, memory.timed
                )
            except SearchBudgetExceeded:
                if found is None:
                    raise
                return found
            except SearchTooDeep:  # deeper than recursion goes: best_move's iterative search
                if found is not None:
                    return found
                # a game with no estimate, searched once
                stats.depth_reached, stats.exact = ahead, True
                return searched_best_move(game, state, is_maximizing, method, stats, ahead, memory)
            found = best, move
            stats.depth_reached, stats.exact = ahead, exact
            if exact:
                break
    return found
