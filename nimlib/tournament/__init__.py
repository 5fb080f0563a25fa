"""A class tournament: Connect Four bots, each in a process of its own, play each other and a
ladder of reference bots; the games are stored as they are played, and the bots rated (notebook
14, ``python -m nimlib tournament BOTS_DIR``).

One idea per module, each building on the ones before it:

- ``bots``: what a bot is (a file defining ConnectX's ``agent(observation, configuration)``), how
  one is loaded, and the reference bots, from random play to the engine.
- ``player``: a bot in its own process for one game, stopped when it fails (time, memory, crash).
- ``game``: one game between two bots, by nimlib's ConnectFour rules, and why it ended.
- ``store``: the SQLite database of every move and game, which lets a stopped tournament resume.
- ``schedule``: who plays whom, round by round (round robin, Swiss, sampled).
- ``ratings``: openskill ratings with their uncertainty, the crosstable, and the share of moves
  that keep the result perfect play would keep.
- ``runner``: ``run_tournament``, on every core or on a Dask cluster; ``grade_on_ladder``, a
  point per reference bot a bot beats (the assignment "write a bot").
- ``watching``: replay a stored game on the Connect Four board, and play against any bot.
"""

from nimlib.tournament.bots import LADDER, Bot, bots_in, ladder, reference
from nimlib.tournament.game import GameRecord, Move, Rules, play_game
from nimlib.tournament.player import BotFailed, BotProcess
from nimlib.tournament.ratings import Standing, crosstable, standings
from nimlib.tournament.runner import LadderGrade, Results, grade_on_ladder, run_tournament
from nimlib.tournament.schedule import SCHEDULES
from nimlib.tournament.store import Store
from nimlib.tournament.watching import BotMatch, GameReplay, play_against, replay_game

__all__ = [
    "LADDER",
    "SCHEDULES",
    "Bot",
    "BotFailed",
    "BotMatch",
    "BotProcess",
    "GameRecord",
    "GameReplay",
    "LadderGrade",
    "Move",
    "Results",
    "Rules",
    "Standing",
    "Store",
    "bots_in",
    "crosstable",
    "grade_on_ladder",
    "ladder",
    "play_against",
    "play_game",
    "reference",
    "replay_game",
    "run_tournament",
    "standings",
]
