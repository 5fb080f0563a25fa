"""nimlib: the games and search algorithms of the Nim minimax notebooks."""

from nimlib.alphabeta import alphabeta
from nimlib.games import FibonacciNim, Game, Nim, SimpleNim, SplitNim
from nimlib.iterative import iterative_minimax, tree_size
from nimlib.limits import SearchBudgetExceeded, SearchTooDeep
from nimlib.minimax import memoized_minimax, minimax
from nimlib.moves import METHODS, best_move, solve, solver
from nimlib.stats import SearchStats

__all__ = [
    "METHODS",
    "FibonacciNim",
    "Game",
    "Nim",
    "SearchBudgetExceeded",
    "SearchStats",
    "SearchTooDeep",
    "SimpleNim",
    "SplitNim",
    "alphabeta",
    "best_move",
    "iterative_minimax",
    "memoized_minimax",
    "minimax",
    "solve",
    "solver",
    "tree_size",
]
