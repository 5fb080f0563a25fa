"""The searches: every algorithm of the series, and the ways to ask one for a score or a move.

The book, in the order the notebooks derive it (one screen per idea, no speed tricks):

- ``minimax``: plain minimax, and minimax with a table of scores (memoization).
- ``twenty_one``: the won/lost search of the 21 game (notebook 02).
- ``alphabeta``: alpha-beta pruning, with or without a table of bounds.
- ``table``: the table's rules: its keys, the bounds a result proves, when they answer at once.
- ``negamax``: alpha-beta from the point of view of the player to move.
- ``methods``: the registry: every search method once, with its name, label and factory.
- ``solve``: ``solve``, ``best_move`` and ``principal_variation``, by any method of the registry.
- ``quickest``: the quickest win and the longest defence, by which best_move breaks ties.
- ``stats``: what a search counts: calls, distinct states, cache hits, cut-offs; and the guard
  every search runs in.
- ``limits``: the budget of calls, seconds and bytes.
- ``explained``: what went wrong, named: a game's bad output, a game with a cycle, a search
  too deep.
- ``moves``: a position's moves sorted by a key (``order=``), under the budget.
- ``deprecated``: old names (``proven_bounds``, ``cache=``), kept a while with a warning.

The engine, to read after the book (clever, and measured in benchmarks/):

- ``deepening``: alpha-beta as engines play it: the game's hints, move ordering, a table of best
  moves, null windows, iterative deepening (the method "deepening"); ``narrowing``: which null
  window ("is the score more than g?") the engine asks next; ``engine_moves``: which moves it
  searches, in what order, made one at a time where a cut-off can stop them.
- ``anytime``: best_move under a clock: the deepest finished iteration's move.
- ``iterative``: memoized minimax on an explicit stack, for positions too deep to recurse.

Chance and sampling (notebooks 12 and 13), in the book's plain style:

- ``expectiminimax``: minimax with chance nodes, with a memo, and Star1's cut-offs (notebook 12).
- ``value_iteration``: sweeps until the values agree with their rule, for games with cycles.
- ``mcts``: Monte Carlo tree search (UCT): a move from random playouts, never an exact score, so
  not a method of the registry (notebook 13).
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
