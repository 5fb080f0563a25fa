"""One game between two bots, each in its own process: the moves, the result and why it ended.

The rules are nimlib's ConnectFour: it says which columns have room and when somebody has four in
a row. A bot that fails (player.BotFailed) or answers a column off the board or full loses the
game at once, and the reason says how; the other bot's processes, and the tournament's other
games, are untouched.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from nimlib import ConnectFour
from nimlib.games.bitboards import LARGEST, SMALLEST
from nimlib.games.connect_four import Board
from nimlib.games.printer import shown, shown_typed
from nimlib.games.values import checked_function, checked_seconds, python_number, whole_number
from nimlib.tournament.bots import Bot, connectx_configuration, connectx_observation
from nimlib.tournament.player import BotFailed, BotProcess

LOAD_SECONDS = 10.0  # the time a bot's file may take to load (its imports included)
MEMORY_MB = 1024  # the memory (address space) a bot's process may take
LONGEST_SECONDS = 3_600.0  # the longest a move or a bot's loading may be given: an hour

FIRST_WINS, DRAW, SECOND_WINS = 1.0, 0.5, 0.0  # a game's result, for the first player


ON_ITS_MOVE = re.compile(r"on its move (\d+), ")  # as BotProcess.failed starts a failure
LOST_BY_FAILING = " lost: "  # a game's reason where a bot failed: its name, this, what it did


def failure_of(reason: str | None, name: str) -> str | None:
    """What the bot `name` did to lose a game by failing, where the game's `reason` says so (on a
    line of its own, where neither bot could be loaded)."""
    lost = name + LOST_BY_FAILING
    failed = [line for line in (reason or "").splitlines() if line.startswith(lost)]
    return failed[0].removeprefix(lost) if failed else None


def move_of(failure: str) -> tuple[int | None, str]:
    """The move a bot's `failure` came on (None: while loading), and what it did, so that
    failures alike on different moves are told as one kind."""
    found = ON_ITS_MOVE.match(failure)
    return (None, failure) if found is None else (int(found[1]), failure[found.end() :])


def on_its_moves(moves: list[int | None]) -> str:
    """The `moves` a bot failed on, as its failure's words start: "on its move 4, ", "on its
    moves 3, 4 and 6, ", or nothing for failures while it loaded (None)."""
    numbers = sorted({move for move in moves if move is not None})
    if not numbers:
        return ""
    if len(numbers) == 1:
        return f"on its move {numbers[0]}, "
    return f"on its moves {', '.join(map(str, numbers[:-1]))} and {numbers[-1]}, "


@dataclass(frozen=True)
class Rules:
    """What every game of a tournament plays: the board, the seconds a move may take, the memory
    a bot may use, and the seconds a bot's file may take to load."""

    columns: int = 7
    rows: int = 6
    seconds: float = 2.0
    memory_mb: int = MEMORY_MB
    load_seconds: float = LOAD_SECONDS

    def __post_init__(self) -> None:
        """Check each setting, and keep it as Python's int or float (numpy's numbers and
        fractions too): the database stores the rules as JSON, and a bot reads plain numbers."""
        columns = whole_number(self.columns, "columns", smallest=SMALLEST, largest=LARGEST)
        rows = whole_number(self.rows, "rows", smallest=SMALLEST, largest=LARGEST)
        game = ConnectFour(columns, rows)  # named as the rules (and the command) name them
        settings = {
            "columns": game.width,
            "rows": game.height,
            "seconds": json_seconds(self.seconds, "seconds"),
            # from what a bot's Python needs to a terabyte
            "memory_mb": whole_number(self.memory_mb, "memory_mb (MB)", smallest=64, largest=2**20),
            "load_seconds": json_seconds(self.load_seconds, "load_seconds"),
        }
        for name, value in settings.items():
            object.__setattr__(self, name, value)

    @property
    def game(self) -> ConnectFour:
        """nimlib's game with these rules."""
        return ConnectFour(self.columns, self.rows)

    def configuration(self, seed: int) -> dict:
        """The ConnectX configuration a bot receives."""
        return connectx_configuration(
            self.columns, self.rows, self.seconds, seed, self.load_seconds
        )

    def bot_process(self, bot: Bot) -> BotProcess:
        """`bot`'s process for one game, with the memory and the load time these rules give."""
        return BotProcess(bot, self.memory_mb, self.load_seconds)


def json_seconds(seconds: object, name: str) -> float:
    """`seconds`, the setting `name`, checked (up to LONGEST_SECONDS) and as JSON stores it:
    Python's own number (python_number), a fraction as a float."""
    number = python_number(checked_seconds(seconds, name, longest=LONGEST_SECONDS))
    return float(number) if isinstance(number, Fraction) else number


@dataclass(frozen=True)
class Move:
    """One move of a game: its number from 1, the column from 1 at the left, the bot's seconds."""

    ply: int
    column: int
    seconds: float


@dataclass
class GameRecord:
    """A game as it was played: the moves, the result for the first player and the reason."""

    first: str
    second: str
    moves: list[Move] = field(default_factory=list)
    result: float | None = None
    reason: str = ""

    @property
    def columns(self) -> str:
        """The moves as a string of columns from 1, such as "4453" (ConnectFour.from_moves)."""
        return "".join(str(move.column) for move in self.moves)


def checked_rules(rules: object) -> Rules:
    """`rules`, or the default Rules() for None, or a TypeError naming what was given."""
    if rules is None:
        return Rules()
    if not isinstance(rules, Rules):
        raise TypeError(
            f"rules must be a Rules, such as Rules(seconds=1), or None, not {shown_typed(rules)}"
        )
    return rules


def play_game(
    first: Bot,
    second: Bot,
    rules: Rules,
    seed: int = 0,
    on_move: Callable[[Move], None] | None = None,
) -> GameRecord:
    """Play `first` (mark 1, moves first) against `second`, each in its own process; `on_move` is
    told of each move as it is played."""
    for name, bot in (("first", first), ("second", second)):
        if not isinstance(bot, Bot):
            raise TypeError(
                f"{name} must be a Bot, such as reference('random') or one of bots_in(folder), "
                f"not {shown_typed(bot)}"
            )
    rules = checked_rules(rules)
    seed = whole_number(seed, "seed", smallest=-(2**63), largest=None)
    checked_function(on_move, "on_move", "print", 1, optional=True)
    game, record = rules.game, GameRecord(first.name, second.name)
    state = game.start()
    with rules.bot_process(first) as one, rules.bot_process(second) as two:
        processes = [one, two]
        unloaded = {}  # a bot that cannot load loses at once; where neither can, neither wins
        for turn, process in enumerate(processes):
            try:
                process.load()
            except BotFailed as error:
                unloaded[turn] = error
        if unloaded:
            return lost_by_failing(record, unloaded)
        while (score := game.evaluate(state, True)) is None:
            turn = len(record.moves) % 2
            try:
                state, column, seconds = bot_move(processes[turn], game, state, rules, seed)
            except BotFailed as error:
                return lost_by_failing(record, {turn: error})
            move = Move(len(record.moves) + 1, column + 1, seconds)
            record.moves.append(move)
            if on_move is not None:
                on_move(move)
    last = (first, second)[(len(record.moves) - 1) % 2].name
    record.result = DRAW if score == 0 else FIRST_WINS if len(record.moves) % 2 else SECOND_WINS
    record.reason = "the board is full: a draw" if score == 0 else f"{last} made four in a row"
    return record


def lost_by_failing(record: GameRecord, failed: dict[int, BotFailed]) -> GameRecord:
    """`record`, ended: the bot of each turn (0: the first) in `failed` lost by failing, as its
    error says, each on a line of its own; where both did, neither wins."""
    names = (record.first, record.second)
    reasons = [f"{names[turn]}{LOST_BY_FAILING}{error}" for turn, error in failed.items()]
    record.result = DRAW if len(failed) == 2 else SECOND_WINS if 0 in failed else FIRST_WINS
    record.reason = "\n".join(reasons)
    return record


def bot_move(
    process: BotProcess, game: ConnectFour, state: Board, rules: Rules, seed: int
) -> tuple[Board, int, float]:
    """The board after the move of the bot in `process` on `state`, its column (from 0, as
    ConnectX numbers them) and the seconds it took; BotFailed if the bot fails or its column is
    off the board or full."""
    observation = connectx_observation(game, state)
    column, seconds = process.move(observation, rules.configuration(seed), rules.seconds)
    try:
        return dropped(game, state, column), column, seconds
    except BotFailed as off_the_board:
        raise process.failed(str(off_the_board)) from None


def dropped(game: ConnectFour, state: Board, column: int) -> Board:
    """The board after a stone in `column` (from 0, as ConnectX numbers them); BotFailed if the
    column is off the board or full."""
    if not 0 <= column < game.width:
        raise BotFailed(
            f"played column {shown(column)}: the columns are 0 to {game.width - 1}, counted from 0"
        )
    try:
        return game.play(state, column + 1)
    except ValueError:
        on_the_board = f"counted from 0: the board's column {column + 1}"
        raise BotFailed(f"played column {column} ({on_the_board}), which is full") from None
