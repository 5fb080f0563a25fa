"""The games: the Game contract and every game of the series, each a small object holding its rules.

- ``base``: the Game contract (``possible_new_states``, ``evaluate``, ``score_range`` ...), with
  chance optional (``is_chance``, ``outcomes``) and, for value iteration, ``layers``.
- ``values``: checking what a caller or a game gives (states, numbers, scores, windows).
- ``printer``: ``shown``, the one printer of values in messages, which never fails
  (``shown_typed`` adds the value's type).
- ``simple_nim``: Simple-Nim, one pile and a few takes (notebooks 01 to 05).
- ``nim``: Nim with several piles.
- ``nim_variants``: SplitNim and Fibonacci Nim, the variants of notebook 03.
- ``scored_nim``: Simple-Nim whose counters carry values: the score is the margin of values kept,
  not just a win or a loss.
- ``tictactoe``: tic-tac-toe, and its bigger boards, with draws.
- ``bitboards``: Connect Four's board as bits (the layout, lines of four, threats, mirror images).
- ``connect_four``: Connect Four on those bitboards, scored as Pons' benchmark scores it, with the
  hooks a strong search reads (wins at once, moves that do not lose at once, move order, bounds).
- ``columns_from``: Connect Four from a given position, each state named by the columns played
  since (for drawn trees).
- ``explicit_tree``: a game given as a tree written out by hand, such as the textbook's.
- ``dice``: Dice Nim, a pile of counters, a take or a roll of the die: a finite tree with chance.
- ``pig``: Pig, roll or hold, whose positions come back: it lists its states in the order value
  iteration solves them (``layers``).

No search lives here: the algorithms of ``nimlib.book`` and ``nimlib.engine`` never know the
rules.
"""
