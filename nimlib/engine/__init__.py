"""The engine: what makes a search fast, read after the book and measured in benchmarks/.

- ``hints``: what a game may tell an engine (move order, wins at once, safe moves, bounds).
- ``deepening``: alpha-beta as engines play it, one negamax as in Pons' Connect Four solver: the
  game's hints, a table of bounds and best moves, move ordering (moves made one at a time where a
  cut-off can stop them), null windows, iterative deepening (the method "deepening").
- ``narrowing``: which null window ("is the score more than g?") the engine asks next.
- ``iterative``: memoized minimax on an explicit stack, for positions too deep to recurse.
- ``pig``: Pig solved as Neller and Presser solve it, a pair of positions at a time (the secant
  method), where the book's value iteration sweeps every state.
"""
