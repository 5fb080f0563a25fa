"""Bots: what a tournament's players are, how one is loaded, and the ladder of reference bots.

A bot is a Python file that defines ``agent(observation, configuration)``, as Kaggle's ConnectX
does, so that a ConnectX bot runs unchanged: ``observation.board`` is the board's rows * columns
cells, top row first, 0 for an empty cell, 1 and 2 for the players' stones (1 moved first);
``observation.mark`` is the mark of the player to move (1 or 2); ``configuration`` holds
``columns``, ``rows``, ``inarow``, ``actTimeout`` and ``timeout`` (the seconds a move may take)
and ``seed`` (the game's). The agent returns a column, from 0 at the left. A file without
``agent`` plays its last function, as ConnectX plays it.

The reference bots are nimlib's own players, each an agent too, named by a source such as
``nimlib:alphabeta_4``: ``random``; ``one_ply`` (win at once, else block, else random);
``alphabeta_2``, ``alphabeta_4``, ``alphabeta_6`` (alpha-beta with deepening, looking that many
moves ahead, guessing at its horizon with Connect Four's estimate); ``mcts_100``, ``mcts_1000``
(Monte Carlo tree search with that many playouts); ``perfect`` (the engine: it deepens until it
reaches the end of every line, which proves the move's result, and plays that move; where the
move's time runs out first, as from the empty board, it plays the best move of the deepest search
it finished, an estimate). ``nimlib:alphabeta_2:0.3`` is the same bot with a handicap: it plays a
random move 30% of the time (a class of known strengths, for the benchmark).

``bot_from_function`` writes an agent defined in a notebook to a bot's file, with the helpers,
modules and constants it uses: what notebook 14's assignment grades, and a way into a tournament.
"""

from __future__ import annotations

import ast
import functools
import importlib.util
import inspect
import random
import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import CodeType

from nimlib import ConnectFour, SearchBudgetExceeded, SearchStats, best_move

# nimlib's inner modules: the one place the tournament reaches past the package's faces.
from nimlib.book.mcts import mcts_best_move

Agent = Callable[[object, object], object]
Board = tuple[int, int]  # nimlib's Connect Four state: (mover, mask), see ConnectFour
REFERENCE_PREFIX = "nimlib:"
THINKING = 0.6  # the share of a move's time a reference bot spends searching (the rest: margin)
SEARCH_BYTES = 300_000_000  # what a reference bot's search may build: well inside a bot's memory


class Struct(dict):
    """A dict whose keys read as attributes too, as ConnectX's observation and configuration do."""

    def __getattr__(self, name: str) -> object:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


@dataclass(frozen=True)
class Bot:
    """A player of the tournament: its name, and its source (a file's path, or nimlib:NAME)."""

    name: str
    source: str

    @property
    def is_reference(self) -> bool:
        """Whether the bot is one of nimlib's reference bots."""
        return self.source.startswith(REFERENCE_PREFIX)


def reference(name: str, random_share: float = 0.0) -> Bot:
    """The reference bot `name` (one of LADDER), with a handicap of `random_share` random moves."""
    source = f"{REFERENCE_PREFIX}{name}" + (f":{random_share:g}" if random_share else "")
    reference_agent(source)  # checks the name and the share
    label = name if not random_share else f"{name}+{random_share:.0%} random"
    return Bot(label, source)


def ladder() -> list[Bot]:
    """Every reference bot, weakest first."""
    return [reference(name) for name in LADDER]


def bots_in(folder: str | Path) -> list[Bot]:
    """A bot for each Python file in `folder` (not those starting with _), named by its stem."""
    folder = Path(folder)
    if not folder.is_dir():
        raise ValueError(f"{str(folder)!r} is not a folder: give the folder of the bots' files")
    return [Bot(path.stem, str(path)) for path in sorted(folder.glob("[!_]*.py"))]


def load_agent(source: str) -> Agent:
    """The agent function of the bot at `source`; a ValueError saying what is wrong with it."""
    if source.startswith(REFERENCE_PREFIX):
        return reference_agent(source)
    path = Path(source)
    spec = importlib.util.spec_from_file_location(f"bot_{abs(hash(source))}", path)
    if spec is None or not path.is_file():
        raise ValueError(f"{source!r} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # so that its classes can be pickled and its imports resolve
    spec.loader.exec_module(module)
    agent = getattr(module, "agent", None)
    if agent is None:  # ConnectX's rule: the last function the file defines
        functions = [
            value
            for value in vars(module).values()
            if inspect.isfunction(value) and value.__module__ == module.__name__
        ]
        agent = functions[-1] if functions else None
    if not callable(agent):
        raise ValueError(f"{path.name} defines no function agent(observation, configuration)")
    return agent


def reference_agent(source: str) -> Agent:
    """The agent of a reference bot's source, such as nimlib:alphabeta_4 or nimlib:random:0.5."""
    name, _, share = source.removeprefix(REFERENCE_PREFIX).partition(":")
    if name not in LADDER:
        raise ValueError(f"unknown reference bot {name!r}: choose one of {', '.join(LADDER)}")
    try:
        random_share = float(share) if share else 0.0
    except ValueError:
        random_share = -1.0
    if not 0 <= random_share <= 1:
        raise ValueError(f"the share of random moves in {source!r} must be from 0 to 1")
    choose, setting = REFERENCE[name]

    def agent(observation: object, configuration: object) -> int:
        game, state = read_observation(observation, configuration)
        rng = random.Random(f"{configuration.get('seed', 0)}:{observation.board}")
        if rng.random() < random_share:
            return column_of(game, state, rng.choice(game.possible_new_states(state)))
        seconds = float(configuration.get("actTimeout", 2)) * THINKING
        return column_of(game, state, choose(game, state, setting, seconds, rng))

    return agent


def read_observation(observation: object, configuration: object) -> tuple[ConnectFour, Board]:
    """The game and the board (nimlib's state) that a ConnectX observation describes."""
    game = game_of_size(configuration.columns, configuration.rows)
    mover = mask = 0
    for index, cell in enumerate(observation.board):
        if cell:
            row, column = divmod(index, game.width)
            bit = 1 << (column * (game.height + 1) + game.height - 1 - row)  # see bitboards
            mask |= bit
            mover |= bit if cell == observation.mark else 0
    return game, game.validate((mover, mask))


@functools.cache
def game_of_size(columns: int, rows: int) -> ConnectFour:
    """The game on a board of `columns` x `rows`, made once (it keeps caches between moves)."""
    return ConnectFour(columns, rows)


def board_cells(game: ConnectFour, state: Board) -> list[int]:
    """The ConnectX board of `state`: rows * columns cells, top row first, 0, 1 or 2 each."""
    rows = game.picture(state).splitlines()[:-1]  # the last line numbers the columns
    marks = {".": 0, "X": 1, "O": 2}
    return [marks[cell] for row in rows for cell in row.split()]


def column_of(game: ConnectFour, state: Board, new_state: Board) -> int:
    """The column, from 0 at the left (ConnectX's numbering), of the move to `new_state`."""
    return game.column_played(state, new_state) - 1


def random_move(
    game: ConnectFour, state: Board, setting: int, seconds: float, rng: random.Random
) -> Board:
    """Any move, at random."""
    return rng.choice(game.possible_new_states(state))


def one_ply(
    game: ConnectFour, state: Board, setting: int, seconds: float, rng: random.Random
) -> Board:
    """A move that wins at once, else one that leaves the opponent no win at once, else any."""
    winning = game.win_at_once(state)
    if winning is not None:
        return winning
    safe = game.safe_new_states(state)
    return rng.choice(safe or game.possible_new_states(state))


def alphabeta_move(
    game: ConnectFour, state: Board, depth: int, seconds: float, rng: random.Random
) -> Board:
    """The best move `depth` moves ahead (fewer if the time runs out), by nimlib's deepening."""
    stats = SearchStats(
        max_calls=None, track_states=False, max_seconds=seconds, max_bytes=SEARCH_BYTES
    )
    return best_move(game, state, "deepening", stats, depth=depth, anytime=True)[1]


def mcts_move(
    game: ConnectFour, state: Board, playouts: int, seconds: float, rng: random.Random
) -> Board:
    """Monte Carlo tree search's move after `playouts` playouts (fewer if the time runs out)."""
    seed = rng.randrange(2**32)
    return mcts_best_move(game, state, playouts, seed=seed, seconds=seconds)


def perfect(
    game: ConnectFour, state: Board, setting: int, seconds: float, rng: random.Random
) -> Board:
    """The engine's move: proven best where it searches to the end in time, else the deepest
    finished search's."""
    stats = SearchStats(
        max_calls=None, track_states=False, max_seconds=seconds, max_bytes=SEARCH_BYTES
    )
    try:
        return best_move(game, state, "deepening", stats, anytime=True)[1]
    except SearchBudgetExceeded:  # not even one move ahead in time: a safe move
        return one_ply(game, state, setting, seconds, rng)


REFERENCE = {  # each reference bot's way of choosing, and its setting (depth, playouts)
    "random": (random_move, 0),
    "one_ply": (one_ply, 0),
    "mcts_100": (mcts_move, 100),
    "alphabeta_2": (alphabeta_move, 2),
    "mcts_1000": (mcts_move, 1000),
    "alphabeta_4": (alphabeta_move, 4),
    "alphabeta_6": (alphabeta_move, 6),
    "perfect": (perfect, 0),
}
LADDER = tuple(REFERENCE)  # the reference bots, roughly weakest first


def bot_from_function(agent: Agent, folder: str | Path) -> Bot:
    """A bot made from an agent function defined in a notebook or a module: its file in `folder`
    holds the function's source and what the function uses from its module (the modules it
    imported, its helper functions, and constants such as numbers and strings), as a ConnectX
    submission would. A name the file cannot hold (any other object) stays undefined, and the
    bot then loses its games with a NameError that names it; a ValueError if the source cannot
    be read."""
    name = getattr(agent, "__name__", "")
    if not inspect.isfunction(agent) or name == "<lambda>":
        raise ValueError(f"{name or agent!r} is not a function defined with def: a bot needs one")
    parts: dict[str, str] = {}
    waiting = [agent]
    while waiting:
        function = waiting.pop()
        parts[function.__name__] = function_source(function)
        for used in sorted(global_names(function.__code__) & set(function.__globals__)):
            if used in parts:
                continue
            value = function.__globals__[used]
            line = definition(used, value, agent.__globals__)
            if (
                line is None
                and inspect.isfunction(value)
                and value.__globals__ is agent.__globals__
            ):
                waiting.append(value)
            elif line is not None:
                parts[used] = line
    lines = [*reversed(parts.values()), *([f"agent = {name}"] if name != "agent" else [])]
    path = Path(folder) / f"{name}.py"
    path.write_text("\n\n".join(lines) + "\n")
    return Bot(name, str(path))


def function_source(function: Agent) -> str:
    """The source of a function; a ValueError if Python cannot find it."""
    try:
        return textwrap.dedent(inspect.getsource(function))
    except (OSError, TypeError):
        raise ValueError(
            f"the source of {function.__name__} cannot be read: define it in a notebook cell or "
            "a Python file"
        ) from None


def global_names(code: CodeType) -> set[str]:
    """The names `code` (and the functions, classes and comprehensions inside it) may read from
    its module: its co_names, which hold its globals and also its attributes' names."""
    names = set(code.co_names)
    for constant in code.co_consts:
        if isinstance(constant, CodeType):
            names |= global_names(constant)
    return names


def definition(name: str, value: object, namespace: dict) -> str | None:
    """The line that defines `name` as `value` in a bot's file: an import of a module or of a
    module's function, or a constant's literal; None for anything else (a helper function of the
    same namespace is copied by its source instead)."""
    if inspect.ismodule(value):
        return f"import {value.__name__} as {name}"
    module = getattr(value, "__module__", None)
    own = module == namespace.get("__name__")  # a decorated helper of the namespace: no import
    if callable(value) and module and not own:
        if getattr(sys.modules.get(module), getattr(value, "__qualname__", ""), None) is value:
            return f"from {module} import {value.__qualname__} as {name}"
        return None
    if isinstance(value, int | float | str | bytes | bool | tuple | frozenset | type(None)):
        try:
            if ast.literal_eval(repr(value)) == value:
                return f"{name} = {value!r}"
        except (ValueError, SyntaxError):
            return None
    return None
