"""Widgets to explore the search: sliders for a position, a replay, a game against the computer.

- ``explore()``: pick a variant, a position and a method, and see the game tree, the score,
  the best move and the work of the search, redrawn on every change.
- ``replay()``: step through a search one visit at a time, with alpha and beta, and watch it prune;
  alpha-beta starts from the game's score range or from (-inf, +inf).
- In both, "show best play" draws the principal variation, both sides' best moves, green in the
  tree.
- ``play()``: play any Nim variant against the computer, which answers with ``best_move``;
  ``play("Tic-tac-toe")`` hands over to ``play_grid()``, a 3 x 3 board of buttons.
- ``play_connect_four()``: Connect Four against a computer that thinks within a time budget.
- ``play_pig()``: Pig against best play, your chance of winning shown after every roll (12).
- ``explore_mcts()``: a slider of playouts; MCTS's tree, its move beside the exact best (13).
- ``explain()`` and ``search_drawing()``: what explore() and replay() show, as text and as a
  drawing (whole, or a still picture of one step of a replay: the nodes reached so far), for a
  script or a notebook read without a kernel.

Besides the Nim variants, explore() and replay() offer Scored Nim (a slider for how many counters
of its row), the textbook tree of notebook 05 ("Textbook tree") and a four-ply "Deep cut-off tree".

They use only the standard ipywidgets, so they run in JupyterLab, Jupyter Notebook and Voila.
No widget ever shows a traceback: an error becomes a message in the widget. Every search runs
on a budget of calls, and a tree too large to draw is refused before it is drawn, so no
position freezes the kernel; where a search is too large, a variant's closed form still gives
the score and the best move. Each widget also displays a still picture of itself, which a
saved notebook shows where no kernel runs.

One idea per module, each building on the ones before it:

- ``positions``: a variant and where it starts (``Position``), and the checks of what a learner
  chose.
- ``controls``: the sliders, toggles, text views and error messages that the widgets share, and
  ``ShownInView``, a widget whose words, picture and errors show in one view.
- ``picker``: the pickers for a position, shared by the three widgets.
- ``searches``: the score, best move and work of a search, and the tree it searches.
- ``snapshots``: a search as it stood after some of its visits, in words and as a drawing.
- ``saved``: the still picture of a widget that a saved notebook keeps, the one way every widget
  leaves one.
- ``exploring``: explore(), on ``SearchWidget``, the pickers, options and view it shares with
  replay().
- ``replaying``: replay(), a SearchWidget with a step slider.
- ``match``: ``Match``, a game against the computer (who moves first, New game, the computer's
  answer, late clicks, the words, the still picture), the one base of the four widgets that play.
- ``playing``: ``play()``, a Nim variant against the computer (``NimMatch``).
- ``grid``: ``play_grid()``, the board of buttons that play() hands tic-tac-toe to.
- ``connect_four``: ``play_connect_four()``, Connect Four against a computer that thinks within a
  time budget (notebook 11).
- ``pig``: ``play_pig()``, Pig against best play (notebook 12).
- ``mcts``: ``explore_mcts()``, Monte Carlo tree search under a slider of playouts (notebook 13).
"""

from nimlib.widgets.connect_four import ConnectFourMatch, play_connect_four
from nimlib.widgets.exploring import Explorer, explain, explore
from nimlib.widgets.grid import GridMatch, play_grid
from nimlib.widgets.match import Match
from nimlib.widgets.mcts import MCTSExplorer, explore_mcts
from nimlib.widgets.pig import PigMatch, play_pig
from nimlib.widgets.playing import NimMatch, play
from nimlib.widgets.positions import Position
from nimlib.widgets.replaying import Replay, replay
from nimlib.widgets.searches import search_tree
from nimlib.widgets.snapshots import Snapshot, search_drawing

__all__ = [
    "ConnectFourMatch",
    "Explorer",
    "GridMatch",
    "MCTSExplorer",
    "Match",
    "NimMatch",
    "PigMatch",
    "Position",
    "Replay",
    "Snapshot",
    "explain",
    "explore",
    "explore_mcts",
    "play",
    "play_connect_four",
    "play_grid",
    "play_pig",
    "replay",
    "search_drawing",
    "search_tree",
]
