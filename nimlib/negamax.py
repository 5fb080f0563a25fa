"""Negamax: alpha-beta from the side of the player to move, with one table entry for both players.

In every game here the score only depends on who is to move, never on which player that is:
a position worth +1 to Max when Max moves is worth +1 to Min when Min moves. So a search can
score each position for the player to move, and a child's score for the parent is just the
negative of the child's own score. The alpha-beta window flips the same way, (alpha, beta)
becoming (-beta, -alpha). The transposition table then needs no `is_maximizing` in its key,
and symmetric positions share an entry through ``game.canonical``: the fastest search here.
"""

from __future__ import annotations

from math import inf

from nimlib.alphabeta import UNKNOWN, checked_window, proven_bounds, settled_score
from nimlib.games import Game, State
from nimlib.limits import recursion_guard
from nimlib.stats import SearchStats


def negamax(
    game: Game,
    state: State,
    alpha: float = -1,
    beta: float = 1,
    *,
    table: dict | None = None,
    stats: SearchStats | None = None,
) -> int:
    """The score of `state` for the player to move (+1: that player wins), by negamax alpha-beta.

    `table` maps canonical positions to (lower, upper) bounds on their score for the player to
    move; pass the same dict again to reuse it for this game.
    """
    stats = SearchStats.budget_only() if stats is None else stats
    table = {} if table is None else table
    alpha, beta = checked_window(alpha, beta)

    def search(state: State, alpha: float, beta: float) -> int:
        stats.count_call(state)
        score = game.evaluate(state, True)
        if score is not None:
            return score
        key = game.canonical(state)
        lower, upper = table.get(key, UNKNOWN)
        settled = settled_score((lower, upper), alpha, beta)
        if settled is not None:
            stats.cache_hits += 1
            return settled
        alpha, beta = max(alpha, lower), min(beta, upper)
        window, best = (alpha, beta), -inf
        for new_state in game.possible_new_states(state):
            best = max(best, -search(new_state, -beta, -alpha))
            alpha = max(alpha, best)
            if alpha >= beta:
                stats.cutoffs += 1
                break
        table[key] = proven_bounds(best, window, (lower, upper))
        return best

    with recursion_guard(state):
        return search(game.validate(state), alpha, beta)
