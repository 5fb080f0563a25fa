"""Negamax: alpha-beta from the side of the player to move.

A position's score for the player to move is the maximizing player's score when Max moves and
its negative when Min moves. Then every player maximizes, and a child's score for the parent is
just the negative of the child's own score; the alpha-beta window flips the same way, (alpha,
beta) becoming (-beta, -alpha), and so does the score range. In the Nim games a position is
worth the same to whichever player is to move (``game.score_depends_only_on_mover``): then the
transposition table needs no `is_maximizing` in its key, and symmetric positions share an entry
through ``game.canonical``: the fastest search here.
"""

from __future__ import annotations

from math import inf

from nimlib.games.base import Game, State, checked_score
from nimlib.search.alphabeta import UNKNOWN, checked_window, cut_off, proven_bounds, settled_score
from nimlib.search.contract import (
    checked_depth,
    checked_start,
    dead_end,
    estimated_score,
    explained_errors,
    table_key,
)
from nimlib.search.limits import recursion_guard
from nimlib.search.stats import SearchStats, checked_stats, checked_table


def negamax(
    game: Game,
    state: State,
    alpha: float | None = None,
    beta: float | None = None,
    *,
    is_maximizing: bool = True,
    table: dict | None = None,
    stats: SearchStats | None = None,
    depth: int | None = None,
) -> float:
    """The score of `state` for the player to move (+1: that player wins), by negamax alpha-beta.

    `is_maximizing` says which player is to move (it matters unless the game's scores depend
    only on the mover). The window (`alpha`, `beta`) is seen from the player to move and
    defaults to the score range from their side. `table` maps positions to (lower, upper)
    bounds on their score for the player to move; pass the same dict again to reuse it for
    this game. With `depth`, positions that many moves ahead are scored by ``game.estimate``.
    """
    game, state, is_maximizing = checked_start(game, state, is_maximizing)
    stats, table, remaining = checked_stats(stats), checked_table(table, "table"), checked_depth(depth)
    low, high = game.score_range
    ranges = {True: (low, high), False: (-high, -low)}  # the score range seen by Max, and by Min
    mover_range = ranges[is_maximizing]
    alpha, beta = checked_window(mover_range[0] if alpha is None else alpha, mover_range[1] if beta is None else beta)
    with explained_errors(game):
        return negamax_search(game, state, is_maximizing, alpha, beta, table, stats, remaining)


def negamax_search(
    game: Game,
    state: State,
    is_maximizing: bool,
    alpha: float,
    beta: float,
    table: dict,
    stats: SearchStats,
    remaining: float,
) -> float:
    """negamax on arguments its caller has checked, the window seen from the player to move."""
    low, high = game.score_range
    ranges = {True: (low, high), False: (-high, -low)}  # the score range seen by Max, and by Min
    keyed_by_mover, canonical = game.score_depends_only_on_mover, game.canonical
    plain_keys = keyed_by_mover and remaining == inf  # the key is the canonical position itself

    def search(state: State, is_maximizing: bool, alpha: float, beta: float, remaining: float) -> float:
        stats.count_call(state)
        if remaining:  # the table first (probe(), written out): most visits end there; no finished game is in it
            position = canonical(state)
            key = position if plain_keys else table_key(position, is_maximizing, remaining, keyed_by_mover)
            known = table.get(key, UNKNOWN)
            settled = settled_score(known, alpha, beta)
            if settled is not None:
                stats.cache_hits += 1
                return settled
        as_max = is_maximizing or keyed_by_mover  # such a game's score for Max is also the mover's
        score = game.evaluate(state, as_max)
        if score is not None:
            score = checked_score(game, state, score)
            return score if as_max else -score
        if remaining == 0:
            score = estimated_score(game, state, is_maximizing)
            return score if is_maximizing else -score
        lower, upper = known
        if lower > alpha:
            alpha = lower
        if upper < beta:
            beta = upper
        window, best, value = (alpha, beta), -inf, None
        to_move, below, moves = not is_maximizing, remaining - 1, iter(game.possible_new_states(state))
        for new_state in moves:
            value = -search(new_state, to_move, -beta, -alpha, below)
            if value > best:
                best = value
                if best > alpha:  # only a higher alpha can close the window
                    alpha = best
                    if cut_off(alpha, beta, moves, stats):
                        break
        if value is None:
            raise dead_end(game, state)
        table[key] = proven_bounds(best, window, known, ranges[is_maximizing])
        return best

    with stats.searching(state, table), recursion_guard(state, game, stats):
        return search(state, is_maximizing, alpha, beta, remaining)
