"""The engine: what makes a search fast, read after the book and measured in benchmarks/.

- ``hints``: what a game may tell an engine (move order, wins at once, safe moves, bounds).
- ``deepening``: alpha-beta as engines play it: the game's hints, move ordering, a table of best
  moves, null windows, iterative deepening (the method "deepening").
- ``narrowing``: which null window ("is the score more than g?") the engine asks next.
- ``engine_moves``: which moves the engine searches, in what order, made one at a time where a
  cut-off can stop them.
- ``iterative``: memoized minimax on an explicit stack, for positions too deep to recurse.
"""
