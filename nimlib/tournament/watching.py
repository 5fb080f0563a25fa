"""Watching a tournament: a stored game replayed on the Connect Four board, and a game against
any bot.

Both are nimlib's Connect Four widget (``nimlib.widgets.ConnectFourMatch``, notebook 11): its
board, its ringed four, the still picture a saved notebook shows. ``replay_game`` swaps the column
buttons for a slider of moves; ``play_against`` lets the widget's computer be any bot, which plays
in a process of its own, as in the tournament (a bot that fails says so under the board).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from nimlib import ConnectFour
from nimlib.games.values import whole_number
from nimlib.tournament.bots import Agent, Bot, as_bot
from nimlib.tournament.game import Rules, bot_move, checked_rules, failure_of
from nimlib.tournament.player import BotFailed
from nimlib.tournament.runner import REPLAYS
from nimlib.tournament.store import Store, StoredGame
from nimlib.widgets.connect_four import LONGEST_THOUGHT, ConnectFourMatch
from nimlib.widgets.controls import Slider, reporting_errors
from nimlib.widgets.saved import Setting


class GameReplay(ConnectFourMatch):
    """A stored game on the Connect Four board, with a slider to step through its moves."""

    def __init__(
        self, game: ConnectFour, columns: str, first: str, second: str, reason: str
    ) -> None:
        """The game of `columns` between `first` and `second`, ended for `reason`, at its end."""
        self.states = [game.start()]
        for column in columns:
            self.states.append(game.play(self.states[-1], int(column)))
        self.names, self.reason = (first, second), reason
        self.step = Slider(value=len(columns), min=0, max=len(columns), description="move")
        super().__init__(game)
        self.children = [self.step, self.board, self.words]
        self.remove_class("nim-connect-four")
        self.add_class("nim-replay")
        self.step.observe(self.new_game, names="value")

    def new_game(self, *change: object) -> None:
        """The board after the slider's number of moves."""
        self.history = self.states[: self.step.value + 1]
        self.news = []
        self.show()

    def status(self) -> list[str]:
        """Who plays which stones, the move shown and who played it, and, after the last, how the
        game ended."""
        step = self.step.value
        first, second = self.names
        lines = [f"{first}, {self.sides['X']}, against {second}, {self.sides['O']}."]
        if step > 0:
            mover = self.names[(step - 1) % 2]
            column = self.game.column_played(self.states[step - 1], self.states[step])
            lines.append(f"Move {step} of {self.step.max}: {mover} in column {column}.")
        if step == self.step.max:  # at 0 if no move was made
            lines.append(f"The end: {self.reason}.")
        return lines

    @reporting_errors
    def choose(self, where: object) -> None:
        """No move of yours: a replay shows the stored game's moves, a message says so."""
        raise ValueError("this replays a stored game, which takes no moves: move the slider")

    def settings(self) -> list[Setting]:
        """The game replayed and the move shown, for the still picture."""
        return [
            ("game", f"{self.names[0]} against {self.names[1]}"),
            ("move", str(self.step.value)),
        ]

    def __repr__(self) -> str:
        return f"{self.names[0]} against {self.names[1]}, replayed"


def replay_game(database: str | Path, game_id: int) -> GameReplay:
    """The game `game_id` of the tournament stored in `database`, on the board."""
    game_id = whole_number(game_id, "game_id", smallest=1, largest=None)  # not 1.0 nor True
    with Store(database, existing=True) as store:
        games = {game.id: game for game in store.games("done")}
        if game_id not in games:
            held = f"its finished games are {min(games)} to {max(games)}" if games else "none yet"
            raise ValueError(
                f"{database} holds no finished game {game_id!r} ({held}): give the id of one "
                "of results.games"
            )
        game, columns = games[game_id], store.columns(game_id)
        rules = store.rules()
    try:
        return GameReplay(rules.game, columns, game.first, game.second, ending(game))
    except ValueError as error:  # its moves edited by hand
        raise ValueError(
            f"{database} holds moves of game {game_id} that cannot be played ({columns}): {error}"
        ) from None


def ending(game: StoredGame) -> str:
    """How `game` ended, as its replay says it: its reason; for a game with no result, which
    reference bot failed in every play of it, and that this gave neither bot a point."""
    failed = [name for name in (game.first, game.second) if failure_of(game.reason, name)]
    if game.result is not None or not failed:
        return game.reason
    return (
        f"{failed[0]} {failure_of(game.reason, failed[0])}, in each of {REPLAYS} plays of this "
        "game: a reference bot's failure, which gives neither bot a point"
    )


class BotMatch(ConnectFourMatch):
    """A game of Connect Four against `bot`, which plays by `rules` in a process of its own;
    `folder` holds the bot's file while the match lasts, where play_against saved it."""

    def __init__(
        self, bot: Bot, rules: Rules, you_start: bool, folder: tempfile.TemporaryDirectory
    ) -> None:
        """A game against `bot` under `rules`; `folder` holds its file while the match lasts."""
        self.bot, self.rules, self.process, self.folder = bot, rules, None, folder
        super().__init__(rules.game, you_start, min(rules.seconds, LONGEST_THOUGHT))

    def new_game(self, *change: object) -> None:
        """A new game, and a fresh process for the bot."""
        self.end_bot()
        super().new_game(*change)

    def end_bot(self) -> None:
        """Close the bot's process, if it has one."""
        if self.process is not None:
            self.process.close()
            self.process = None

    def computer_moves(self) -> None:
        """The bot's move, within the time per move; a ValueError saying how it failed."""
        if self.process is None:
            self.process = self.rules.bot_process(self.bot)
        try:
            new_state, column, seconds = bot_move(
                self.process, self.game, self.state, self.rules, seed=0
            )
        except BotFailed as error:
            self.end_bot()
            raise ValueError(f"the bot {self.bot.name} failed: {error}. Press New game.") from None
        self.news.append(f"{self.bot.name}: column {column + 1} ({seconds:.2f} s).")
        self.history.append(new_state)

    def __repr__(self) -> str:
        return f"A game of Connect Four against {self.bot.name}"


def play_against(
    bot: Bot | str | Path | Agent, rules: Rules | None = None, *, you_start: bool = True
) -> BotMatch:
    """Play Connect Four against `bot`, as the tournament plays it: a Bot (``reference(name)``,
    or one of ``bots_in(folder)``), the path of a bot's file, or an agent function (saved to a
    bot's file as check_ladder saves it)."""
    rules = checked_rules(rules)
    folder = tempfile.TemporaryDirectory(prefix="nimlib_bot_")  # goes with the match, or at exit
    return BotMatch(as_bot(bot, folder.name), rules, you_start, folder)
