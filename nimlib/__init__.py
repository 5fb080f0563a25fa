"""nimlib: the games and search algorithms of the Nim minimax notebooks.

Everything a notebook imports comes from one of four faces: ``nimlib`` (the games and the
searches), ``nimlib.drawing``, ``nimlib.widgets`` and ``nimlib.checks`` (and notebook 14 from
the tournament's, ``nimlib.tournament``). ``nimlib`` also gives every name of ``nimlib.drawing``,
loaded the first time one is used. The code lives in wings,
each a folder that opens with a docstring saying what it holds. A wing imports only the wings
listed before it, never one after it:

- ``games/``: the rules. The Game contract (``base.py``: chance nodes optional) and every game:
  the Nim family, Scored Nim, tic-tac-toe, Connect Four (notebook 11), trees written out by hand,
  Dice Nim and Pig (notebook 12). The rules live here and nowhere else.
- ``book/``: every algorithm as its notebook derives it, plain: minimax and its memo, the 21
  game's search, alpha-beta and its table's rules, negamax, expectiminimax and Star1, value
  iteration, Monte Carlo tree search, what a search counts and the budget that stops it.
  The book imports nothing but the games: no engine, no drawing, no widget.
- ``engine/``: what makes search fast, read after the book and measured in benchmarks/:
  deepening with the game's hints and null windows, the iterative solver for positions too
  deep to recurse, and Pig solved pair by pair (``solve_pig``).
- ``methods.py``, ``solving.py``, ``quickest.py``: above the book and the engine. The registry
  of search methods (book and engine alike, by name: ``nimlib.METHODS`` names each with what it
  does), ``solve``, ``best_move`` (under a clock too) and ``principal_variation`` on top of it,
  and how best_move prefers the quickest win and the longest defence.
- ``theory.py``: the closed forms (nim-sums, Grundy values, Zeckendorf) that predict what
  minimax finds (notebook 08), and the computer's move of play(), play_grid() and the terminal
  game: a search on a budget, else the closed form; Connect Four's, a search on a clock.
- ``drawing/``: game trees made explicit as nodes, laid out and drawn with Graphviz; matplotlib
  plots shown with a text alternative (``show_plot``, which the face ``nimlib`` exports).
- ``widgets/``: explore(), replay() and play() for JupyterLab and Voila; beside it, at the top
  level, ``terminal.py``: the same games and Connect Four in a terminal (``python -m nimlib
  play``).
- ``jupyter/``: plumbing for Jupyter itself, apart from the teaching code.
- ``tournament/``: a class tournament (notebook 14, ``python -m nimlib tournament BOTS_DIR``):
  ConnectX bots in processes of their own, a ladder of reference bots, games stored as they are
  played, ratings. Its own face, ``nimlib.tournament``, since only notebook 14 needs it.
- ``checks/``: the exercise checks, one module per notebook or two.

Where a change belongs (a game and its place in the widgets, a search method, a reference bot, an
exercise check), step by step: CONTRIBUTING.md.

Reading order of the book, for a learner who has finished notebook 05 (about 1,090 lines in all):

1. ``games/base.py`` (199 lines): the contract every game keeps, chance nodes optional.
2. ``games/nim.py`` (116): Nim, a handful of short methods, and Piles, the checks of its state and
   its picture.
3. ``book/minimax.py`` (140): minimax and memoized minimax, as notebooks 02 and 04 derive them,
   with ``book/moves.py`` (52): the moves in the order a search tries them, and whether a cut-off
   left one to skip; ``book/twenty_one.py`` (51): the won/lost search of the 21 game (notebook 02).
4. ``book/alphabeta.py`` (165) and ``book/table.py`` (108): alpha-beta and its table of bounds,
   as notebook 05 derives them; ``book/negamax.py`` (134): the same search from the player to
   move's side.
5. ``book/stats.py`` (130): what a search counts.

What these files import from ``games/values.py`` are the checks that every search shares, to
look up by name rather than read through: ``leaf_score`` is the checked score of a position a
search does not expand (the game's ``evaluate`` once it is over; at the depth limit, its
``estimate``), ``checked_start`` the game, state and player checked where a search starts,
``for_mover`` the one way the sides are swapped. ``book/trace.py`` is what a search tells the
drawing of its visits (nothing, unless a drawing asks).

After notebook 07, which first gives a search a budget: ``book/limits.py``, the budget that stops a
search too long, too big or too deep, the guard every search runs in, and what a search refuses in
a table given to it; then ``book/explained.py``, how a stopped search names what went wrong (a
game too long to recurse, a cycle of positions, a move off the game's positions, the game method
at fault). After notebooks 12 and
13: ``book/expectiminimax.py``, ``book/value_iteration.py``, then ``book/mcts.py``. Then, as you
like: ``methods.py``, ``solving.py`` and ``quickest.py`` (how ``solve`` and ``best_move`` ask the
book or the engine), ``games/values.py`` (how every value is checked), ``games/simple_nim.py``
(the one pile of notebooks 01 to 05), ``book/trace.py``, ``drawing/nodes.py`` and
``drawing/tree.py`` (what a search tells of its visits, a tree of nodes, and how a search becomes
one), ``theory.py``; and the engine: ``engine/hints.py``, ``engine/deepening.py`` (with
``engine/narrowing.py``, its null windows), ``engine/iterative.py``, ``engine/pig.py``.

Glossary (each word has one meaning, in code, docstrings and notebooks):

- state: the value a game's methods take and return for a point of play, such as 5 counters,
  the piles (1, 2, 3) or a board ``"X.O......"``.
- position: a state together with the player to move (``is_maximizing``); what a search visits.
  (The widgets' ``Position`` is what their pickers set: a variant and the state it starts from.)
- move: going from a state to one of ``game.possible_new_states(state)``; ``best_move`` gives
  ``(score, new_state)``: the move's score for the player to move, and the state it leads to.
- node: one position as it stands in a drawn game tree; one position may be several nodes.
  (Monte Carlo tree search grows a tree of its own, of ``MCTSNode``; a chance node is a
  position, below.)
- ply: one move of one player; a tree of Max's move and Min's answer is two-ply (notebook 05's
  textbook tree), and a game record counts its moves by ply.
- call: one visit of a position by a search, the root included; a visit answered from the
  table counts too (``SearchStats.calls``). The 21 game's ``memoized_wins`` looks in its memo
  before it calls itself, so its 21 calls are the counts it works out.
- expand: ask a position for its moves, ``game.possible_new_states(state)``; the checks of
  notebooks 04 and 05 count the positions a search expands, which a memo or a cut-off saves.
  Monte Carlo tree search's expansion (notebook 13) adds one of those moves to its tree.
- score: what a position is worth with best play by both, seen by the maximizing player (a
  number in the game's ``score_range``); negamax and ``best_move`` state it for the player to
  move instead.
- value: not a word of the search: a position's worth is its score. Elsewhere a value is what
  its name says: a Grundy value (notebook 08), a UCB1 value (notebook 13), the values of value
  iteration (the scores it works out, notebook 12), or any value Python holds.
- bound: what a search proved about a score it did not find exactly: a lower bound (at least)
  or an upper bound (at most).
- window: ``(alpha, beta)``, the scores a search still cares about; a result strictly inside
  is exact, one at or outside an edge is a bound on that side.
- cut-off: skipping a position's remaining moves once alpha >= beta.
- table: what a search stores, by position: scores (memoized minimax; notebook 04 calls it a
  memo) or bounds on them (alpha-beta's transposition table), under the key ``table_key`` builds
  (``mover_key`` for the searches from the mover's side); ``stored_bounds`` and
  ``answer_from_table`` are its rules, as notebook 05 names them. A table keeps one kind of
  entry and one game's positions: a search refuses a table another kind of search, or a search
  of another game, filled.
- negamax: minimax from the player to move's side, one rule at every level (the best of the
  negated scores of the moves) instead of max and min in turn. Notebook 02's exercise writes it
  plain; ``nimlib.negamax`` and the registry's "negamax" add alpha-beta's window and table to it
  (notebook 05).
- for the mover: a score or window seen by the player to move instead of Max (``for_mover``,
  ``mover_window``): the one way the sides are swapped.
- depth: how many moves a search still looks ahead; ``None`` means to the end of the game (inf
  inside a search). The one name for it: never "remaining" or "moves left". (A drawing of MCTS's
  tree takes a depth too: how many moves below the root it draws.)
- horizon, estimate: the positions where a search with a depth stops (its horizon); one that is
  not over there is scored by the game's ``estimate``, a guess (notebook 07's heuristic).
- canonical: one representative of all the positions that play alike (symmetries).
- quickest win, longest defence: how ``best_move`` breaks a tie between moves of equal score:
  a player sure to win picks the move that ends the game soonest, one sure to lose the move
  that holds out longest (engines carry this distance in the score, as "mate in 3"; here it is
  a tie-break beside the plain score, so solve and the drawn trees keep their scores). Moves
  still equal go to the first in the game's own order where it gives one (``ordered_new_states``:
  tic-tac-toe's centre, Connect Four's moves that make the most threats, then the centre), as an
  engine keeps the first move that scored best, else to the largest new state.
- the shelves: the three wings of the search, ``games/`` (the rules), the book and the engine.
  The book holds each algorithm as its notebook derives it (the reading order above); the
  engine (``deepening``, ``iterative``, the games' hints) may be clever for speed, is measured
  in benchmarks/, and is read after it.
- chance node: a position where the dice move next, not a player (``is_chance``); its
  ``outcomes`` are the states the dice lead to, each with its probability. The dice never pass
  the turn.
- expectiminimax: minimax with chance nodes, each worth its outcomes' scores weighted by their
  probabilities (notebook 12); Star1 is its alpha-beta, which cuts at a chance node only because
  the scores are bounded.
- value iteration: solving a game whose positions come back (Pig) by sweeping over every state
  it lists (``layers``) again and again, each time replacing its value by one step of its rule,
  until nothing moves; ``solve_by_value_iteration`` sweeps up from a sure loss and down from a
  sure win, and answers once the two meet.
- playout: random moves from a position to the end of the game; its reward is 1 for a win, 1/2
  for a draw, 0 for a loss (a score above, at or below the middle of the score range).
- UCB1: a child's mean reward plus c * sqrt(ln(parent's visits) / visits); Monte Carlo tree
  search (UCT) goes down the tree by it, and plays the root's most visited child (notebook 13).
- principal variation: the states best play passes through, both sides playing ``best_move``;
  ``draw_tree(tree, best_play=line)`` and the widgets' "show best play" draw it green.
  (``best_play=True`` draws the tree's own best moves instead: the first of equal score.)
"""

import importlib

from nimlib.book import twenty_one
from nimlib.book.alphabeta import alphabeta
from nimlib.book.expectiminimax import expectiminimax, memoized_expectiminimax, star1
from nimlib.book.limits import SearchBudgetExceeded, SearchTooDeep
from nimlib.book.mcts import MCTSNode, mcts_best_move, mcts_tree, most_visited, ucb1
from nimlib.book.minimax import memoized_minimax, minimax
from nimlib.book.negamax import negamax
from nimlib.book.stats import SearchStats
from nimlib.book.table import stored_bounds, within
from nimlib.book.twenty_one import memoized_wins, wins
from nimlib.book.value_iteration import solve_by_value_iteration
from nimlib.engine.deepening import deepening
from nimlib.engine.iterative import iterative_minimax, tree_size
from nimlib.engine.pig import solve_pig
from nimlib.games.base import Game
from nimlib.games.columns_from import ColumnsFrom
from nimlib.games.connect_four import ConnectFour
from nimlib.games.dice import DiceNim
from nimlib.games.explicit_tree import ExplicitTree, deep_cutoff_tree, textbook_tree
from nimlib.games.nim import Nim
from nimlib.games.nim_variants import FibonacciNim, SplitNim
from nimlib.games.pig import Pig, hold_at, optimal, play_match
from nimlib.games.scored_nim import ScoredNim
from nimlib.games.simple_nim import SimpleNim
from nimlib.games.tictactoe import TicTacToe
from nimlib.methods import METHODS
from nimlib.solving import best_move, principal_variation, solve, solver
from nimlib.theory import (
    fibonacci_nim_winning_take,
    fibonacci_numbers,
    grundy,
    mex,
    nim_player_to_move_wins,
    nim_sum,
    nim_winning_move,
    simple_nim_player_to_move_wins,
    zeckendorf,
)

DRAWING = {  # loaded the first time one is asked for: a search needs no graphviz
    "draw_board": "nimlib.drawing.board",
    "Drawing": "nimlib.drawing.draw",
    "draw_chance_tree": "nimlib.drawing.draw",
    "draw_mcts_tree": "nimlib.drawing.draw",
    "draw_tree": "nimlib.drawing.draw",
    "draw_positions": "nimlib.drawing.memo_graph",
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
    "ColumnsFrom",
    "ConnectFour",
    "DiceNim",
    "Drawing",
    "ExplicitTree",
    "FibonacciNim",
    "Game",
    "GameTree",
    "MCTSNode",
    "METHODS",
    "Nim",
    "Node",
    "Pig",
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
    "deepening",
    "draw_board",
    "draw_chance_tree",
    "draw_mcts_tree",
    "draw_positions",
    "draw_tree",
    "expectiminimax",
    "fibonacci_nim_winning_take",
    "fibonacci_numbers",
    "game_tree",
    "grundy",
    "hold_at",
    "iterative_minimax",
    "mcts_best_move",
    "mcts_tree",
    "memoized_expectiminimax",
    "memoized_minimax",
    "memoized_wins",
    "mex",
    "minimax",
    "most_visited",
    "negamax",
    "nim_player_to_move_wins",
    "nim_sum",
    "nim_winning_move",
    "optimal",
    "play_match",
    "plot_text",
    "principal_variation",
    "render_backend",
    "render_svg",
    "set_render_backend",
    "show_plot",
    "side_by_side",
    "simple_nim_player_to_move_wins",
    "solve",
    "solve_by_value_iteration",
    "solve_pig",
    "solver",
    "star1",
    "stored_bounds",
    "textbook_tree",
    "tree_size",
    "twenty_one",
    "ucb1",
    "wins",
    "within",
    "zeckendorf",
]
