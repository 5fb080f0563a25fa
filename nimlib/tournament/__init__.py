"""A class tournament: Connect Four bots, each in a process of its own, play each other and a
ladder of reference bots; the games are stored as they are played, and the bots rated (notebook
14, ``python -m nimlib tournament BOTS_DIR``).

One idea per module, each building on the ones before it:

- ``bots``: what a bot is (a file defining ConnectX's ``agent(observation, configuration)``), how
  one is loaded or written from a notebook's function, and the reference bots, from random play
  to the engine.
- ``player``: a bot in its own process for one game, stopped when it fails (time, memory, crash).
- ``game``: one game between two bots, by nimlib's ConnectFour rules, and why it ended.
- ``store``: the SQLite database of every move and game, which lets a stopped tournament resume.
- ``schedule``: who plays whom, round by round (round robin, Swiss, sampled).
- ``ratings``: openskill ratings with their uncertainty, the crosstable, and the share of moves
  that keep the result perfect play would keep.
- ``runner``: ``run_tournament``, on every core or on a Dask cluster, and ``stored_results``,
  a tournament's results as they stand; ``grade_on_ladder``, a
  point per reference bot a bot beats (the assignment "write a bot": nimlib.checks.check_ladder).
- ``watching``: replay a stored game on the Connect Four board, and play against any bot.
- ``command``: ``python -m nimlib tournament``; ``__main__`` runs it as
  ``python -m nimlib.tournament`` too.

The names below are imported when first used: ``nimlib.checks`` reads a board with ``bots``
alone, also where processes and openskill are missing (the in-browser site).
"""

import importlib

PLACES = {
    "LADDER": "bots",
    "Bot": "bots",
    "bot_from_function": "bots",
    "bots_in": "bots",
    "ladder": "bots",
    "read_observation": "bots",
    "reference": "bots",
    "BotFailed": "player",
    "BotProcess": "player",
    "GameRecord": "game",
    "Move": "game",
    "Rules": "game",
    "play_game": "game",
    "Store": "store",
    "SCHEDULES": "schedule",
    "Standing": "ratings",
    "crosstable": "ratings",
    "standings": "ratings",
    "LadderGrade": "runner",
    "Results": "runner",
    "grade_on_ladder": "runner",
    "run_tournament": "runner",
    "stored_results": "runner",
    "BotMatch": "watching",
    "GameReplay": "watching",
    "play_against": "watching",
    "replay_game": "watching",
}


def __getattr__(name: str) -> object:
    """The tournament's names, each imported from its module when first used."""
    if name not in PLACES:
        raise AttributeError(f"module 'nimlib.tournament' has no attribute {name!r}")
    return getattr(importlib.import_module(f"nimlib.tournament.{PLACES[name]}"), name)


__all__ = sorted(PLACES)
