"""nimlib: the games and search algorithms of the Nim minimax notebooks."""

from nimlib.alphabeta import alphabeta
from nimlib.draw import Drawing, SideBySide, draw_tree, side_by_side
from nimlib.explicit_tree import ExplicitTree, deep_cutoff_tree, textbook_tree
from nimlib.games import FibonacciNim, Game, Nim, SimpleNim, SplitNim
from nimlib.iterative import iterative_minimax, tree_size
from nimlib.limits import SearchBudgetExceeded, SearchTooDeep
from nimlib.minimax import memoized_minimax, minimax
from nimlib.moves import METHODS, best_move, solve, solver
from nimlib.negamax import negamax
from nimlib.render import render_backend, render_svg, set_render_backend
from nimlib.scored_nim import ScoredNim
from nimlib.stats import SearchStats
from nimlib.tictactoe import TicTacToe
from nimlib.tree import GameTree, Node, TreeTooLarge, game_tree

__all__ = [
    "Drawing",
    "ExplicitTree",
    "FibonacciNim",
    "Game",
    "GameTree",
    "METHODS",
    "Nim",
    "Node",
    "ScoredNim",
    "SearchBudgetExceeded",
    "SearchStats",
    "SearchTooDeep",
    "SideBySide",
    "SimpleNim",
    "SplitNim",
    "TicTacToe",
    "TreeTooLarge",
    "alphabeta",
    "best_move",
    "deep_cutoff_tree",
    "draw_tree",
    "game_tree",
    "iterative_minimax",
    "memoized_minimax",
    "minimax",
    "negamax",
    "render_backend",
    "render_svg",
    "set_render_backend",
    "side_by_side",
    "solve",
    "solver",
    "textbook_tree",
    "tree_size",
]
