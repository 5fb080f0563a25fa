"""The searches: every algorithm of the series, and the ways to ask one for a score or a move.

Read them in the order the notebooks derive them:

- ``minimax``: plain minimax, and minimax with a table of scores (memoization).
- ``twenty_one``: the won/lost search of the 21 game (notebook 02).
- ``negamax``: minimax from the point of view of the player to move.
- ``alphabeta``: alpha-beta pruning, with a table of bounds.
- ``deepening``: alpha-beta as engines play it: move ordering, a table of best moves, null
  windows, iterative deepening and an anytime best move (the method "deepening");
  ``narrowing``: which null window ("is the score more than g?") the engine asks next.
- ``iterative``: the same searches with an explicit stack, for positions too deep to recurse.
- ``methods``: the registry: every search method once, with its name, label and description.
- ``solve``: ``solve``, ``best_move`` and ``principal_variation``, by any method of the registry.
- ``quickest``: the quickest win and the longest defence, by which best_move breaks ties.
- ``stats``: counting calls, the table's size, and the budgets of a search.
- ``limits``: the budgets' errors and the guard against deep recursion.
- ``contract``: what a public search checks once before it starts (the searches inside trust it),
  and how a game's bad output met during a search is named.
"""

from nimlib.search.alphabeta import alphabeta
from nimlib.search.iterative import iterative_minimax, tree_size
from nimlib.search.limits import SearchBudgetExceeded, SearchTooDeep
from nimlib.search.methods import METHODS
from nimlib.search.minimax import memoized_minimax, minimax
from nimlib.search.negamax import negamax
from nimlib.search.solve import best_move, principal_variation, solve, solver
from nimlib.search.stats import SearchStats

__all__ = [
    "METHODS",
    "SearchBudgetExceeded",
    "SearchStats",
    "SearchTooDeep",
    "alphabeta",
    "best_move",
    "iterative_minimax",
    "memoized_minimax",
    "minimax",
    "negamax",
    "principal_variation",
    "solve",
    "solver",
    "tree_size",
]
