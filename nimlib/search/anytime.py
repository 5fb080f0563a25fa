"""best_move under a clock, as engines play: deepening one move at a time, keeping the deepest
finished answer.

Part of the engine (read it after the book): ``best_move(..., anytime=True)`` comes here.
"""

from __future__ import annotations

from nimlib.games.base import Game, State
from nimlib.games.values import shown
from nimlib.search.limits import SearchBudgetExceeded
from nimlib.search.methods import Method
from nimlib.search.quickest import quickest_or_longest
from nimlib.search.solve import root_order, root_search
from nimlib.search.stats import SearchStats


def anytime_best_move(
    game: Game, state: State, is_maximizing: bool, method: Method, stats: SearchStats, depth: float
) -> tuple[float, State]:
    """best_move like an engine under a clock: deepening 1, 2, 3, ... moves ahead until the budget
    runs out.

    It searches until an iteration reaches the end of the game (or `depth` moves), and once the
    budget of `stats` runs out it answers with the best move of the deepest finished iteration,
    whose depth it leaves in ``stats.depth`` (and in ``stats.exact`` whether that iteration reached
    the end of every line, so that its score is exact).
    """
    if method.name != "deepening":
        raise ValueError(
            "anytime=True needs method='deepening', which can stop between iterations, not "
            f"{method.name!r}"
        )
    if game.evaluate(state, is_maximizing) is not None:
        raise ValueError(f"the game is already over at {shown(state)}: there is no move to make")
    table, found, ahead, depth = {}, None, 0, max(depth, 1)  # depth 0: as best_move, one move ahead
    stats.depth, stats.exact = None, None
    with stats.searching(state, game=game):
        stats.count_call(state)
        while ahead < depth:
            ahead += 1
            score = method.make(game, table, stats, ahead - 1)
            first = None if found is None else found[1]
            try:
                new_states = root_order(game, state, stats, first)
                best, tied = root_search(game, new_states, is_maximizing, score, True, ahead - 1)
                if len(tied) > 1:
                    tied = [quickest_or_longest(game, tied, is_maximizing, best, stats, ahead - 1)]
            except SearchBudgetExceeded:
                if found is None:
                    raise
                return found
            found = best, tied[0]
            stats.depth, stats.exact = ahead, not score.reached_horizon
            if stats.exact:
                break
    return found
