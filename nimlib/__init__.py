"""nimlib: the games and search algorithms of the Nim minimax notebooks.

Everything a notebook imports comes from here (``from nimlib import best_move``); the code lives
in wings, each a folder that opens with a docstring saying what it holds. A wing imports only the
wings listed before it, never one after it:

- ``games/``: the Game contract and every game: the Nim family, Scored Nim, tic-tac-toe, Connect
  Four (notebook 11), trees written out by hand; and apart from them the games of chance
  (``chance.py``: the ChanceGame contract; Dice Nim and Pig, notebook 12). The rules live here and
  nowhere else.
- ``search/``: the book (minimax, memoized minimax, alpha-beta and its table of bounds, negamax,
  the 21 game's won/lost search, the registry of search methods, ``solve`` and ``best_move``,
  counting calls, the limits that keep a search from freezing the kernel), and the engine beside
  it, read after the book: deepening with the game's hints, best moves under a clock, and the
  iterative solver for positions too deep to recurse. Speed lives in the engine, never the book.
  Beside them, for notebooks 12 and 13: expectiminimax and Star1, value iteration, and Monte
  Carlo tree search (``mcts_best_move``: a good move, never an exact score).
- ``theory.py``: the closed forms (nim-sums, Grundy values, Zeckendorf) that predict what
  minimax finds (notebook 08).
- ``drawing/``: game trees made explicit as nodes, laid out and drawn with Graphviz; matplotlib
  plots shown with a text alternative (``show_plot``).
- ``widgets/``: explore(), replay() and play() for JupyterLab and Voila; ``terminal.py``, the
  same games and Connect Four in a terminal (``python -m nimlib play``).
- ``checks/``: the exercise checks, one module per notebook or two.
- ``jupyter/``: plumbing for Jupyter itself, apart from the teaching code.

Reading order, for a learner who has finished notebook 05 (about 1,399 lines in all): every file
that ``solve(Nim(), (1, 2, 3), method="alphabeta")`` and ``best_move`` pass through.

1. ``games/base.py`` (74 lines): the contract every game keeps.
2. ``games/nim.py`` (77): Nim, a handful of short methods, and Piles, the checks of its state.
3. ``search/minimax.py`` (139): minimax and memoized minimax, as notebooks 02 and 04 derive them.
4. ``search/alphabeta.py`` (177) and ``search/table.py`` (54): alpha-beta and its table of bounds,
   as notebook 05 derives them.
5. ``search/methods.py`` (82): every method once, in one registry of named factories.
6. ``search/solve.py`` (189): ``solve``, ``best_move`` and ``principal_variation`` on top of it;
   ``search/quickest.py`` (150): how ``best_move`` prefers the quickest win, the longest defence.
7. ``search/stats.py`` (158): what a search counts, and the guard it runs in;
   ``search/limits.py`` (139): the budget that stops it; ``games/values.py`` (160): how every
   value is checked.

Then, as you like: ``games/simple_nim.py`` (the one pile of notebooks 01 to 05),
``search/negamax.py`` (the same search from the player to move's side),
``drawing/nodes.py`` and ``drawing/tree.py`` (a tree of nodes, and how a search becomes one),
``theory.py``; and the engine: ``games/hints.py``, ``search/deepening.py`` (with
``search/engine_moves.py``, its moves), ``search/anytime.py``, ``search/iterative.py``.
After notebooks 12 and 13 (some 600 lines more): ``games/chance.py`` and ``games/dice.py``,
``search/expectiminimax.py``, ``search/value_iteration.py`` and ``games/pig.py``, then
``search/mcts.py``.

Glossary (each word has one meaning, in code, docstrings and notebooks):

- state: the value a game's methods take and return for a point of play, such as 5 counters,
  the piles (1, 2, 3) or a board ``"X.O......"``.
- position: a state together with the player to move (``is_maximizing``); what a search visits.
- move: going from a state to one of ``game.possible_new_states(state)``; ``best_move`` gives
  ``(score, new_state)``: the move's score for the player to move, and the state it leads to.
- node: one position as it stands in a drawn game tree; one position may be several nodes.
- call: one visit of a position by a search, the root included; a visit answered from the
  table counts too (``SearchStats.calls``).
- score: what a position is worth with best play by both, seen by the maximizing player (a
  number in the game's ``score_range``); negamax and ``best_move`` state it for the player to
  move instead.
- bound: what a search proved about a score it did not find exactly: a lower bound (at least)
  or an upper bound (at most).
- window: ``(alpha, beta)``, the scores a search still cares about; a result strictly inside
  is exact, one at or outside an edge is a bound on that side.
- cut-off: skipping a position's remaining moves once alpha >= beta.
- table: what a search stores, by position: scores (memoized minimax; notebook 04 calls it a
  memo) or bounds on them (alpha-beta's transposition table), under the key ``table_key`` builds;
  ``stored_bounds`` and ``answer_from_table`` are its rules, as notebook 05 names them.
- for the mover: a score or window seen by the player to move instead of Max (``for_mover``,
  ``mover_window``): the one way the sides are swapped.
- depth: how many moves a search still looks ahead; ``None`` means to the end of the game (inf
  inside a search). The one name for it: never "remaining" or "moves left".
- canonical: one representative of all the positions that play alike (symmetries).
- quickest win, longest defence: how ``best_move`` breaks a tie between moves of equal score:
  a player sure to win picks the move that ends the game soonest, one sure to lose the move
  that holds out longest (engines carry this distance in the score, as "mate in 3"; here it is
  a tie-break beside the plain score, so solve and the drawn trees keep their scores).
- the book, the engine: nimlib's two shelves. The book holds each algorithm as its notebook
  derives it (the reading order above); the engine (``deepening``, ``anytime``, ``iterative``,
  the games' hints) may be clever for speed, is measured in benchmarks/, and is read after it.
- chance node: a position where the dice move next, not a player (``is_chance``); its
  ``outcomes`` are the states the dice lead to, each with its probability. The dice never pass
  the turn.
- expectiminimax: minimax with chance nodes, each worth its outcomes' scores weighted by their
  probabilities (notebook 12); Star1 is its alpha-beta, which cuts at a chance node only because
  the scores are bounded.
- value iteration: solving a game whose positions come back (Pig) by sweeping over every state
  again and again, each time replacing its value by one step of its rule, until nothing moves.
- playout: random moves from a position to the end of the game; its reward is 1 for a win, 1/2
  for a draw, 0 for a loss.
- UCB1: a child's mean reward plus c * sqrt(ln(parent's visits) / visits); Monte Carlo tree
  search (UCT) goes down the tree by it, and plays the root's most visited child (notebook 13).
- principal variation: the states best play passes through, both sides playing ``best_move``;
  ``draw_tree(tree, best_play=...)`` and the widgets' "show best play" draw it green.
"""

import importlib

from nimlib.games.base import Game
from nimlib.games.connect_four import ConnectFour
from nimlib.games.explicit_tree import ExplicitTree, deep_cutoff_tree, textbook_tree
from nimlib.games.nim import Nim
from nimlib.games.nim_variants import FibonacciNim, SplitNim
from nimlib.games.scored_nim import ScoredNim
from nimlib.games.simple_nim import SimpleNim
from nimlib.games.tictactoe import TicTacToe
from nimlib.search.alphabeta import alphabeta
from nimlib.search.iterative import iterative_minimax, tree_size
from nimlib.search.limits import SearchBudgetExceeded, SearchTooDeep
from nimlib.search.methods import METHODS
from nimlib.search.minimax import memoized_minimax, minimax
from nimlib.search.negamax import negamax
from nimlib.search.solve import best_move, principal_variation, solve, solver
from nimlib.search.stats import SearchStats

DRAWING = {  # loaded the first time one is asked for: a search needs no graphviz
    "Drawing": "nimlib.drawing.draw",
    "draw_tree": "nimlib.drawing.draw",
    "SideBySide": "nimlib.drawing.panels",
    "side_by_side": "nimlib.drawing.panels",
    "plot_text": "nimlib.drawing.plots",
    "render_backend": "nimlib.drawing.render",
    "render_svg": "nimlib.drawing.render",
    "set_render_backend": "nimlib.drawing.render",
    "show_plot": "nimlib.drawing.plots",
    "GameTree": "nimlib.drawing.nodes",
    "Node": "nimlib.drawing.nodes",
    "TreeTooLarge": "nimlib.drawing.nodes",
    "game_tree": "nimlib.drawing.tree",
}


def __getattr__(name: str) -> object:
    """The drawing names of nimlib, imported when first used."""
    if name not in DRAWING:
        raise AttributeError(f"module 'nimlib' has no attribute {name!r}")
    return getattr(importlib.import_module(DRAWING[name]), name)


__all__ = [
    "ConnectFour",
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
    "plot_text",
    "principal_variation",
    "render_backend",
    "render_svg",
    "set_render_backend",
    "show_plot",
    "side_by_side",
    "solve",
    "solver",
    "textbook_tree",
    "tree_size",
]
