"""The searches behind the widgets: the score, the best move and the work of a method, and the tree
it searches.

Every search runs on a budget of calls, and a tree too large to draw is refused before it is
built, so that no slider position freezes the kernel.
"""

from __future__ import annotations

import functools
from math import inf

from nimlib.book.limits import SearchTooDeep
from nimlib.book.stats import SearchStats
from nimlib.drawing.nodes import GameTree, TreeTooLarge
from nimlib.drawing.tree import full_tree_size, game_tree, traced_memo
from nimlib.games.base import Game, State
from nimlib.games.values import checked_choice, truth_value
from nimlib.methods import REGISTRY
from nimlib.solving import principal_variation
from nimlib.widgets.positions import Position, checked_position

# alpha-beta's starting alpha and beta; None: the end of the game's score_range
WINDOWS = {"narrow": (None, None), "wide": (-inf, inf)}
# The book's searches whose trees drawing/tree.py traces, with their labels for the toggles
TRACED = {name: REGISTRY[name].label for name in ("minimax", "memo", "alphabeta")}
QUICK_CALLS = 50_000  # a search budget that answers well within a second
WIDGET_MAX_NODES = 1_200  # larger trees take a second or more to draw
UNTICK = '"show pruned branches" (show_pruned=False)'  # the box, and its keyword


def run_search(game: Game, state: State, method: str) -> tuple[float, SearchStats]:
    """The score of `state` for Max by `method`, one of TRACED as the registry makes it (alpha-beta
    from the game's score range), and the work it took; SearchBudgetExceeded past QUICK_CALLS."""
    stats = SearchStats(max_calls=QUICK_CALLS)
    search = REGISTRY[checked_choice(method, TRACED, "method")].make(game, {}, stats, inf)
    with stats.searching(state, game=game):
        return search(state, True), stats


@functools.lru_cache(maxsize=32)  # a replay asks again at every step
def best_play(position: Position) -> tuple[State, ...]:
    """The states best play passes through from `position`, both sides playing best_move (the
    principal variation); none if that takes more than QUICK_CALLS calls."""
    stats = SearchStats(max_calls=QUICK_CALLS)
    try:
        return tuple(principal_variation(position.game, position.state, "memo_canonical", stats))
    except RuntimeError:
        return ()


def search_tree(
    position: Position,
    method: str,
    *,
    alpha: float | None = None,
    beta: float | None = None,
    show_pruned: bool = True,
) -> GameTree:
    """The tree `method` searches from `position` (alpha-beta from the window (alpha, beta), by
    default the game's score range, memoized minimax with its memo's answers marked); TreeTooLarge,
    in the widgets' words, past WIDGET_MAX_NODES nodes."""
    checked_position(position)
    show_pruned = truth_value(show_pruned, "show_pruned")
    if checked_choice(method, TRACED, "method") != "alphabeta" and (alpha, beta) != (None, None):
        raise ValueError(
            f"alpha and beta are alpha-beta's window: {TRACED[method]} searches without one, so "
            'leave them out (or choose method="alphabeta")'
        )
    try:
        return built_search_tree(position, method, alpha, beta, show_pruned)
    except TreeTooLarge:
        raise TreeTooLarge(too_large_to_draw(position, method, alpha, beta, show_pruned)) from None


def built_search_tree(
    position: Position, method: str, alpha: float | None, beta: float | None, show_pruned: bool
) -> GameTree:
    """The tree `method` (one of TRACED) searches from `position`, built by drawing.tree (which
    refuses one past WIDGET_MAX_NODES)."""
    game, state = position.game, position.state
    if method == "alphabeta":
        return game_tree(
            game,
            state,
            alphabeta=True,
            alpha=alpha,
            beta=beta,
            keep_pruned=show_pruned,
            max_nodes=WIDGET_MAX_NODES,
        )
    if method == "memo":  # with the visits its memo answered, their subtrees drawn pruned
        return traced_memo(game, state, WIDGET_MAX_NODES, show_pruned)
    return game_tree(game, state, max_nodes=WIDGET_MAX_NODES)  # minimax: every node


def too_large_to_draw(
    position: Position, method: str, alpha: float | None, beta: float | None, show_pruned: bool
) -> str:
    """Why the tree of a search is not drawn, in the widgets' words: how large it is, and what would
    make it fit."""
    limit = f"too many to draw (the limit is {WIDGET_MAX_NODES:,})"
    if method != "minimax" and not show_pruned:
        visits = f"{TRACED[method].capitalize()} visits more than {WIDGET_MAX_NODES:,} nodes here"
        return f"{visits}, {limit}. Pick a smaller position."
    size = full_tree_size(position.game, position.state, WIDGET_MAX_NODES)
    nodes = f"more than {WIDGET_MAX_NODES:,}" if size is None else f"{size:,}"
    lighter = [method] if method != "minimax" else [name for name in TRACED if name != "minimax"]
    fitting = [TRACED[name] for name in lighter if visits_fit(position, name, alpha, beta)]
    if not fitting:
        advice = "Pick a smaller position."
    elif method == "minimax":
        advice = (  # the box is greyed out under plain minimax, which draws every node
            f"Choose {' or '.join(fitting)}, then untick {UNTICK} there, or pick a smaller "
            "position."
        )
    else:
        advice = f"Untick {UNTICK}, or pick a smaller position."
    return f"The tree has {nodes} nodes, {limit}. {advice}"


def visits_fit(position: Position, method: str, alpha: float | None, beta: float | None) -> bool:
    """Whether `method` visits at most WIDGET_MAX_NODES nodes from `position`: few enough to
    draw."""
    try:
        built_search_tree(position, method, alpha, beta, False)
    except TreeTooLarge:
        return False
    return True


def stopped_search(error: RuntimeError, game: Game, state: State, method: str) -> str:
    """Why `method` stopped on `state` (on its budget of QUICK_CALLS calls), and what would finish
    it."""
    if isinstance(error, SearchTooDeep):
        return "this game is too long to search: choose a smaller position"
    # plain minimax visits every node that memoized minimax or alpha-beta visits: where either
    # stopped, it would stop too, and it is not tried
    others = [other for other in TRACED if other not in (method, "minimax")]
    finishing = [TRACED[other] for other in others if finishes(game, state, other)]
    advice = (
        f"choose {' or '.join(finishing)}, or a smaller position"
        if finishing
        else "choose a smaller position"
    )
    return f"this position needs more than {QUICK_CALLS:,} calls: {advice}"


def finishes(game: Game, state: State, method: str) -> bool:
    """Whether `method` searches `state` within QUICK_CALLS calls."""
    try:
        run_search(game, state, method)
    except RuntimeError:
        return False
    return True
