"""nimlib: the games and search algorithms of the Nim minimax notebooks."""

from nimlib.drawing.draw import Drawing, SideBySide, draw_tree, side_by_side
from nimlib.drawing.render import render_backend, render_svg, set_render_backend
from nimlib.drawing.tree import GameTree, Node, TreeTooLarge, game_tree
from nimlib.games.base import Game
from nimlib.games.explicit_tree import ExplicitTree, deep_cutoff_tree, textbook_tree
from nimlib.games.nim import FibonacciNim, Nim, SimpleNim, SplitNim
from nimlib.games.scored_nim import ScoredNim
from nimlib.games.tictactoe import TicTacToe
from nimlib.search.alphabeta import alphabeta
from nimlib.search.iterative import iterative_minimax, tree_size
from nimlib.search.limits import SearchBudgetExceeded, SearchTooDeep
from nimlib.search.methods import METHODS
from nimlib.search.minimax import memoized_minimax, minimax
from nimlib.search.negamax import negamax
from nimlib.search.solve import best_move, solve, solver
from nimlib.search.stats import SearchStats

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
