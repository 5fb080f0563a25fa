"""The book: every algorithm of the series as its notebook derives it, plain.

In the order of the notebooks:

- ``minimax``: plain minimax, and minimax with a table of scores (memoization; 02 and 04).
- ``twenty_one``: the won/lost search of the 21 game (02 and 04).
- ``alphabeta``: alpha-beta pruning, with or without a table of bounds (05).
- ``table``: the table's rules: its keys, the bounds a result proves, when they answer at once.
- ``negamax``: alpha-beta from the point of view of the player to move.
- ``moves``: a position's moves in the order a search tries them: the game's, or sorted by a key
  (``order=``) under the budget; and whether a cut-off left one to skip.
- ``stats``: what a search counts (calls, distinct states, answers from the table, cut-offs).
- ``limits``: the budget of calls, seconds and bytes that stops a search, and the guard every
  search runs in.
- ``explained``: what went wrong, named: a game's bad output, a game with a cycle, sort keys that
  cannot be compared.
- ``trace``: the onlooker a search tells of its visits, from which nimlib.drawing grows a tree.
- ``expectiminimax``: minimax with chance nodes, with a memo, and Star1's cut-offs (12).
- ``value_iteration``: sweeps until the values agree with their rule, for games with cycles, on
  any Game that lists its states, up from a sure loss and down from a sure win until they meet
  (12).
- ``mcts``: Monte Carlo tree search (UCT): a move from random playouts, never an exact score (13).

The book imports nothing but the games (``nimlib.games``): no engine, no drawing, no widget.
"""
