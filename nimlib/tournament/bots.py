"""Bots: what a tournament's players are, how one is loaded, and the ladder of reference bots.

A bot is a Python file that defines ``agent(observation, configuration)``, as Kaggle's ConnectX
does, so that a ConnectX bot runs unchanged (``agent(observation)`` too, given the observation
alone, as Kaggle gives it): ``observation.board`` is the board's rows * columns
cells, top row first, 0 for an empty cell, 1 and 2 for the players' stones (1 moved first);
``observation.mark`` is the mark of the player to move (1 or 2), ``observation.step`` the moves
so far; ``configuration`` holds ``columns``, ``rows``, ``inarow``, ``actTimeout`` and ``timeout``
(the seconds a move may take), ``seed`` (the game's), and ConnectX's other keys. Both read as
attributes and as keys (``observation["board"]``), as Kaggle's do. The agent returns a column,
an int from 0 at the left. A file without ``agent`` plays its last function, as ConnectX does.

The reference bots are nimlib's own players, each an agent too, named by a source such as
``nimlib:alphabeta_4``: ``random``; ``one_ply`` (win at once, else block, else random);
``alphabeta_2``, ``alphabeta_4``, ``alphabeta_6`` (alpha-beta with deepening, looking that many
moves ahead, guessing at its horizon with Connect Four's estimate); ``mcts_100``, ``mcts_1000``
(Monte Carlo tree search with that many playouts); ``perfect`` (the same alpha-beta with no
limit of depth, the engine: it deepens until it reaches the end of every line, which proves the
move's result, and plays that move; where the move's time runs out first, as from the empty
board, it plays the best move of the deepest search it finished, an estimate; each alpha-beta
bot plays a safe move, as one_ply, where not even one move ahead is finished in time).
``nimlib:alphabeta_2:0.3`` is the same bot with a handicap: it plays a random move 30% of the
time (a class of known strengths, for the benchmark).

``bot_from_function`` writes an agent defined in a notebook to a bot's file, with the helpers,
modules and constants it uses: what notebook 14's assignment grades, what ``play_against`` and
``grade_on_ladder`` play when given a function, and a way into a tournament.
"""

from __future__ import annotations

import ast
import builtins
import functools
import hashlib
import importlib.util
import inspect
import linecache
import operator
import pickle
import pickletools
import random
import symtable
import sys
import textwrap
import types
from collections.abc import Callable
from dataclasses import dataclass
from inspect import Parameter
from pathlib import Path

from nimlib import ConnectFour, SearchBudgetExceeded, SearchStats, best_move, mcts_best_move

# from nimlib's inner modules, what the package's face does not export
from nimlib.games.connect_four import Board
from nimlib.games.printer import shown, shown_typed
from nimlib.games.values import checked_choice, is_number

Agent = Callable[[object, object], object]
Chooser = Callable[[ConnectFour, Board, float, random.Random], Board]  # a move in `seconds`
REFERENCE_PREFIX = "nimlib:"
THINKING = 0.6  # the share of a move's time a reference bot spends searching (the rest: margin)
# The shortest move time a game with reference bots may give: their alpha-beta search looks at
# its clock only every so many calls, and beside two busy loops on two cores it stopped up to
# 0.07 s past its time, and a paused bot was woken up to 0.03 s late; at 0.5 s a move, the margin
# left by THINKING (0.2 s) is twice what the two took together.
SHORTEST_SECONDS = 0.5
SEARCH_BYTES = 300_000_000  # what a reference bot's search may build: well inside a bot's memory
HELD_CHARS = 1_000_000  # the largest value a bot's file holds (its literal or its pickle)
GIVE_A_BOT_FILE = "give the path of a .py file that defines agent(observation, configuration)"
WRITTEN = "# Written by bot_from_function: change the function, not this file.\n\n"
# the names every module has of its own, which a bot's file is not given from the notebook's
MODULES_OWN = {*vars(types.ModuleType("bot")), "__file__", "__cached__", "__builtins__"}
# Python's own builtins that the notebook's kernel replaces with its own (input, which asks the
# notebook's page): a bot's file has Python's, which finds no keyboard in a game (it says so)
REPLACED_BY_THE_KERNEL = {"input"}


class Struct(dict):
    """A dict whose keys read and write as attributes too, as Kaggle's Struct (ConnectX's
    observation and configuration) does: ``observation.board`` is ``observation["board"]``."""

    def __getattr__(self, name: str) -> object:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(f"no {name!r} here: it holds {', '.join(self)}") from None

    __setattr__ = dict.__setitem__


def connectx_configuration(
    columns: int, rows: int, seconds: float, seed: int, load_seconds: float
) -> dict:
    """The configuration a bot receives, with ConnectX's keys: `seconds` a move (actTimeout, and
    the older timeout), `load_seconds` to load (agentTimeout), as many steps as cells."""
    return {
        "columns": columns,
        "rows": rows,
        "inarow": 4,
        "actTimeout": seconds,
        "timeout": seconds,
        "agentTimeout": load_seconds,
        "episodeSteps": columns * rows,
        "runTimeout": columns * rows * seconds,
        "seed": seed,
    }


def connectx_observation(game: ConnectFour, state: Board) -> dict:
    """The observation a bot receives, with ConnectX's keys: the board's cells, the mark of the
    player to move, the moves so far (step) and no time beyond each move's (overage)."""
    step = game.stones(state)
    board = board_cells(game, state)
    return {"board": board, "mark": 1 + step % 2, "step": step, "remainingOverageTime": 0}


@dataclass(frozen=True)
class Bot:
    """A player of the tournament: its name, and its source (a file's path, or nimlib:NAME)."""

    name: str
    source: str

    def __post_init__(self) -> None:
        for field_name in ("name", "source"):
            value = getattr(self, field_name)
            if not isinstance(value, str) or not value:
                raise TypeError(
                    f"a Bot's {field_name} must be a non-empty str, such as "
                    f"Bot('my_bot', 'bots/my_bot.py'), not {shown_typed(value)}"
                )

    @property
    def is_reference(self) -> bool:
        """Whether the bot is one of nimlib's reference bots."""
        return self.source.startswith(REFERENCE_PREFIX)


def reference(name: str, random_share: float = 0.0) -> Bot:
    """The reference bot `name` (one of LADDER), with a handicap of `random_share` random moves."""
    checked_choice(name, LADDER, "reference bot")  # "nimlib:None" would name 'None'
    if not is_number(random_share):
        raise TypeError(f"random_share must be a number from 0 to 1, not {shown(random_share)}")
    source = f"{REFERENCE_PREFIX}{name}" + (f":{random_share:g}" if random_share else "")
    reference_agent(source)  # checks the name and the share
    label = name if not random_share else f"{name}+{random_share:.0%} random"
    return Bot(label, source)


def ladder() -> list[Bot]:
    """Every reference bot, weakest first."""
    return [reference(name) for name in LADDER]


def checked_path(path: object, what: str, example: str) -> Path:
    """`path` (a str or a Path) as a Path, else a TypeError saying that `what` is a path, such as
    `example`; a ValueError for a blank one, which Path would read as the current folder."""
    if not isinstance(path, (str, Path)):
        raise TypeError(f"{what} must be a path such as {example!r}, not {shown(path)}")
    if isinstance(path, str) and not path.strip():
        raise ValueError(f"{what} must be a path such as {example!r}, not the blank {path!r}")
    return Path(path)


def checked_folder(folder: object) -> Path:
    """`folder` as a Path, if it is a folder that exists, else an error naming it."""
    folder = checked_path(folder, "folder", "bots")
    if not folder.exists():
        raise ValueError(f"no such folder: {str(folder)!r}: give the folder of the bots' files")
    if not folder.is_dir():
        raise ValueError(f"{str(folder)!r} is not a folder: give the folder of the bots' files")
    return folder


def bots_in(folder: str | Path) -> list[Bot]:
    """A bot for each Python file in `folder` itself (not those starting with _ or ., such as the
    ._alice.py a Mac leaves in a zip), named by its stem; the files of its sub-folders, and
    notebooks or scripts saved under another name, are not bots (skipped_note names them). Names
    that differ only in case (Alice.py, alice.py) are refused: one student's two hand-ins, say,
    which a Mac's or Windows's folder could not hold side by side."""
    folder = checked_folder(folder)
    bots = [bot_of_file(path) for path in sorted(folder.glob("[!_.]*.py"))]
    if not bots:
        raise ValueError(
            f"{str(folder)!r} holds no bot: a bot is a .py file of the folder itself, whose name "
            f"does not start with _. {skipped_note(folder)}".strip()
        )
    folded = [bot.name.casefold() for bot in bots]
    twins = [bot.name for bot, name in zip(bots, folded, strict=True) if folded.count(name) > 1]
    if twins:
        raise ValueError(
            f"{str(folder)!r} holds bots whose names differ only in case ({', '.join(twins)}): "
            "their results would be hard to tell apart, and a Mac's or Windows's folder cannot "
            "hold both: rename or remove one of each"
        )
    return bots


def skipped_note(folder: str | Path) -> str:
    """Sentences naming what in `folder` looks like a bot handed in but is not taken by bots_in,
    and what to do: sub-folders that hold Python files, and files saved as a notebook or under
    another ending (alice.ipynb, alice.PY, alice.py.txt); "" if none. Names starting with _ or .
    (.venv, a Mac's ._alice.py) are not named."""
    folder = checked_folder(folder)
    entries = [path for path in sorted(folder.iterdir()) if not path.name.startswith(("_", "."))]
    in_folders = [f"{path.name}/" for path in entries if path.is_dir() and any(path.rglob("*.py"))]
    misnamed = [
        path.name
        for path in entries
        if path.is_file()
        and path.suffix != ".py"
        and any(ending.lower() in (".py", ".ipynb") for ending in path.suffixes)
    ]
    notes = []
    if in_folders:
        notes.append(
            f"The .py files in sub-folders are not bots (found in {', '.join(in_folders)}): move "
            f"each bot's file up into {str(folder)!r} to enter it."
        )
    if misnamed:
        notes.append(
            f"Only files ending in .py are bots (left out: {', '.join(misnamed)}): save each bot "
            "as NAME.py (a notebook: File > Save and Export Notebook As > Executable Script; "
            "notebook 14 graded by nbgrader: scripts/collect_bots.py)."
        )
    return " ".join(notes)


class NotABot(ValueError):
    """What bot_of_file and load_agent say of a source that holds no bot, in nimlib's own words
    (the file raised nothing)."""


def bot_of_file(path: str | Path) -> Bot:
    """The bot whose source is the Python file at `path`, named by the file's stem."""
    path = checked_path(path, "a bot's file", "bots/alice.py")
    if not path.exists():
        raise NotABot(f"no such file: {str(path)!r}: {GIVE_A_BOT_FILE}")
    if not (path.is_file() and path.suffix == ".py"):
        raise NotABot(f"{str(path)!r} is not a bot's file: {GIVE_A_BOT_FILE}")
    return Bot(path.stem, str(path))


def file_digest(bot: Bot) -> str:
    """The first 16 hex digits of the SHA-256 of the bot's file ("" for a reference bot), so that
    a resumed tournament knows a bot edited since its games were played."""
    return (
        "" if bot.is_reference else hashlib.sha256(Path(bot.source).read_bytes()).hexdigest()[:16]
    )


def as_bot(bot: object, folder: str | Path) -> Bot:
    """`bot` as a Bot: a Bot (its file or its reference name checked), the bot of the file at
    `bot` if it is a path, the bot that bot_from_function saves in `folder` if it is an agent
    function (as check_ladder does); else an error that names it and says what to give."""
    if inspect.isfunction(bot):
        return bot_from_function(bot, folder)
    # a reference bot's name ("random") or its source ("nimlib:random"), where a file was asked
    name = bot.removeprefix(REFERENCE_PREFIX).partition(":")[0] if isinstance(bot, str) else None
    if name in LADDER and (bot == name or bot.startswith(REFERENCE_PREFIX)):
        raise ValueError(f"{bot!r} is a reference bot, not a bot's file: give reference({name!r})")
    if isinstance(bot, str) and bot.isidentifier() and not Path(bot).exists():
        raise ValueError(
            f"no such file: {bot!r}: to give the Bot or the agent function held in {bot}, write "
            f"{bot} without quotes"
        )
    if isinstance(bot, (str, Path)):
        return bot_of_file(bot)
    if not isinstance(bot, Bot):
        raise TypeError(
            f"bot must be a Bot, an agent function or the path of a bot's file, not {shown(bot)}"
        )
    if bot.is_reference:
        reference_agent(bot.source)  # checks the name and the share
    else:
        bot_of_file(bot.source)  # checks that the file is there
    return bot


def bot_reply(move: object) -> tuple[str, object]:
    """The reply for a bot's `move`: ("move", a whole number) or ("failed", why)."""
    if isinstance(move, bool):
        return "failed", f"returned {move!r}, not a column number"
    try:
        return "move", operator.index(move)  # an int, or numpy's integers
    except Exception:  # not a whole number, or one whose __index__ raises
        kind = "" if move is None else f" (of type {type(move).__name__})"
        return "failed", f"returned {shown(move, 40)}{kind}, not a column: return an int"


def agent_move(agent: Agent, observation: Struct, configuration: Struct) -> object:
    """What `agent` answers, given as many of ConnectX's observation and configuration as it has
    positional parameters for, as kaggle_environments gives them (``def agent(observation)`` plays
    too); both where it takes *args or has no signature to read (kaggle_environments gives *args
    none)."""
    try:
        parameters = inspect.signature(agent).parameters.values()
    except (TypeError, ValueError):  # no signature to read (a function of C): both
        return agent(observation, configuration)
    positional = (Parameter.POSITIONAL_ONLY, Parameter.POSITIONAL_OR_KEYWORD)
    kinds = [parameter.kind for parameter in parameters]
    taken = 2 if Parameter.VAR_POSITIONAL in kinds else sum(kind in positional for kind in kinds)
    return agent(*(observation, configuration)[:taken])


def load_agent(source: str) -> tuple[Agent, str | None]:
    """The agent function of the bot at `source`, and the name of the function that plays for it
    where the file has no `agent` (ConnectX's rule: its last function), else None; NotABot saying
    what is wrong with it, or whatever running the file raised."""
    if source.startswith(REFERENCE_PREFIX):
        return reference_agent(source), None
    path = Path(bot_of_file(source).source)
    spec = importlib.util.spec_from_file_location(f"bot_{abs(hash(source))}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # so that its classes can be pickled and its imports resolve
    spec.loader.exec_module(module)
    agent = getattr(module, "agent", None)
    stand_in = None  # the function that plays for a missing agent
    if agent is None:  # ConnectX's rule: the last function the file defines
        functions = [
            value
            for value in vars(module).values()
            if inspect.isfunction(value) and value.__module__ == module.__name__
        ]
        agent = functions[-1] if functions else None
        stand_in = getattr(agent, "__name__", None)
    if not callable(agent):
        raise NotABot(f"{path.name} defines no function agent(observation, configuration)")
    return agent, stand_in


def reference_agent(source: str) -> Agent:
    """The agent of a reference bot's source, such as nimlib:alphabeta_4 or nimlib:random:0.5."""
    name, _, share = source.removeprefix(REFERENCE_PREFIX).partition(":")
    checked_choice(name, LADDER, "reference bot")
    try:
        random_share = float(share) if share else 0.0
    except ValueError:
        random_share = -1.0
    if not 0 <= random_share <= 1:
        raise ValueError(f"the share of random moves in {source!r} must be from 0 to 1")
    choose = REFERENCE[name]

    def agent(observation: object, configuration: object) -> int:
        game, state = read_observation(observation, configuration)
        rng = random.Random(f"{configuration.get('seed', 0)}:{observation.board}")
        chosen = random_move if rng.random() < random_share else choose
        seconds = float(configuration.get("actTimeout", 2)) * THINKING
        return column_of(game, state, chosen(game, state, seconds, rng))

    return agent


def read_observation(observation: object, configuration: object) -> tuple[ConnectFour, Board]:
    """The game and the board (nimlib's state) that a ConnectX observation describes."""
    game = game_of_size(configuration.columns, configuration.rows)
    mover = mask = 0
    for index, cell in enumerate(observation.board):
        if cell:
            row, column = divmod(index, game.width)
            bit = game.cell(column, game.height - 1 - row)  # ConnectX's rows from the top
            mask |= bit
            mover |= bit if cell == observation.mark else 0
    return game, game.validate((mover, mask))


@functools.cache
def game_of_size(columns: int, rows: int) -> ConnectFour:
    """The game on a board of `columns` x `rows`, made once (it keeps caches between moves)."""
    return ConnectFour(columns, rows)


def board_cells(game: ConnectFour, state: Board) -> list[int]:
    """The ConnectX board of `state`: rows * columns cells, top row first, 0, 1 or 2 each."""
    marks = {".": 0, "X": 1, "O": 2}
    return [marks[cell] for row in game.mark_rows(state) for cell in row]


def column_of(game: ConnectFour, state: Board, new_state: Board) -> int:
    """The column, from 0 at the left (ConnectX's numbering), of the move to `new_state`."""
    return game.column_played(state, new_state) - 1


def random_move(game: ConnectFour, state: Board, seconds: float, rng: random.Random) -> Board:
    """Any move, at random."""
    return rng.choice(game.possible_new_states(state))


def one_ply(game: ConnectFour, state: Board, seconds: float, rng: random.Random) -> Board:
    """A move that wins at once, else one that leaves the opponent no win at once, else any."""
    winning = game.win_at_once(state)
    if winning is not None:
        return winning
    safe = game.safe_new_states(state)
    return rng.choice(safe or game.possible_new_states(state))


def alphabeta_move(
    game: ConnectFour, state: Board, seconds: float, rng: random.Random, depth: int | None
) -> Board:
    """The best move `depth` moves ahead (None: to the end of every line, which proves its
    result), by nimlib's deepening; where the time runs out first, the deepest finished search's,
    and where not even one move ahead is finished, a safe move (one_ply)."""
    stats = SearchStats(
        max_calls=None, track_states=False, max_seconds=seconds, max_bytes=SEARCH_BYTES
    )
    try:
        return best_move(game, state, "deepening", stats, depth=depth, anytime=True)[1]
    except SearchBudgetExceeded:
        return one_ply(game, state, seconds, rng)


def mcts_move(
    game: ConnectFour, state: Board, seconds: float, rng: random.Random, playouts: int
) -> Board:
    """Monte Carlo tree search's move after `playouts` playouts (fewer if the time runs out)."""
    seed = rng.randrange(2**32)
    # `seconds` ends the playouts with the tree grown so far: no other clock may stop them
    stats = SearchStats(
        max_calls=None, track_states=False, max_seconds=None, max_bytes=SEARCH_BYTES
    )
    return mcts_best_move(game, state, playouts, seed=seed, seconds=seconds, stats=stats)


REFERENCE: dict[str, Chooser] = {  # each reference bot's way of choosing, with its setting
    "random": random_move,
    "one_ply": one_ply,
    "mcts_100": functools.partial(mcts_move, playouts=100),
    "alphabeta_2": functools.partial(alphabeta_move, depth=2),
    "mcts_1000": functools.partial(mcts_move, playouts=1000),
    "alphabeta_4": functools.partial(alphabeta_move, depth=4),
    "alphabeta_6": functools.partial(alphabeta_move, depth=6),
    "perfect": functools.partial(alphabeta_move, depth=None),  # the engine, to the end
}
LADDER = tuple(REFERENCE)  # weakest first: each rung beats the one below (benchmarks/ladder.py)


def in_every_file(name: str, item: object) -> bool:
    """Whether the bot's file has `name` without a line of its own: a name every module has, such
    as __file__ (its own path, not the notebook's), or Python's builtin `name`, `item` being it or
    a wrapper of it (IPython gives a notebook an open() of its own that wraps the builtin), but
    not one that IPython gives a notebook alone (display: the file imports it)."""
    if name in MODULES_OWN:
        return True
    if name in from_ipython():
        return False
    builtin = getattr(builtins, name, None)
    return builtin is not None and unwrapped(item) is builtin


def from_ipython() -> dict[str, object]:
    """The builtins that IPython gives a notebook and a plain Python has not (display,
    get_ipython), by name: a bot's file imports them, as the names of its module (IPython's open()
    wraps Python's own, which every file has, and the kernel's input() stands for Python's)."""
    given = {}
    for name, item in vars(builtins).items():
        inner = unwrapped(item)  # None for a chain that comes round: a builtin, not IPython's
        module = getattr(inner, "__module__", None) or type(inner).__module__
        ours = name in MODULES_OWN or name in REPLACED_BY_THE_KERNEL
        if not ours and module.partition(".")[0] in {"IPython", "ipykernel"}:
            given[name] = item
    return given


def written_from_a_function(path: str | Path) -> bool:
    """Whether the file at `path` is a bot that bot_from_function wrote."""
    try:
        with open(path, encoding="utf-8") as file:
            return file.read(len(WRITTEN)) == WRITTEN
    except (OSError, UnicodeDecodeError):
        return False


def only_raises_not_implemented(agent: Agent) -> bool:
    """Whether the body of the function `agent` (past its docstring) is one raise of
    NotImplementedError: an answer not written yet."""
    try:
        body = ast.parse(source_of(agent)).body[0].body
    except (ValueError, SyntaxError, IndexError, AttributeError):  # no source to read
        return False
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the docstring
    return (
        len(body) == 1
        and isinstance(body[0], ast.Raise)
        and "NotImplementedError" in ast.unparse(body[0])
    )


def bot_from_function(agent: Agent, folder: str | Path) -> Bot:
    """A bot made from an agent function defined in a notebook or a module: its file in `folder`
    holds the function's source and what it uses from its module, as a ConnectX submission
    would: the modules it imported, its helper functions and classes (decorators included), its
    lambdas made by a statement of their own (``key = lambda c: abs(c - 3)``), and values such as
    numbers, strings, lists and dicts, or other objects that pickle can copy (a ConnectFour game,
    a numpy array), as they stand now. A ValueError if the source cannot be read, if the function
    calls a helper named agent (the bot's own name in its file), or names what the file cannot
    hold (an object of a class of the notebook, a lambda inside a list, a variable of the function
    that made the agent, say) and what to do instead; or if `folder` holds a file of that name that
    it did not write (a bot written by hand, kept). What IPython gives a notebook (display) is
    imported, as in the notebook."""
    name = getattr(agent, "__name__", "")
    folder = checked_folder(folder)
    if not inspect.isfunction(agent) or name == "<lambda>":
        kind = "a lambda" if name == "<lambda>" else f"an object of type {type(agent).__name__}"
        raise ValueError(
            f"the bot is {kind}, not a function defined with def: write def "
            "my_bot(observation, configuration): ... and call what you need inside it"
        )
    if only_raises_not_implemented(agent):  # the exercise's stub, as nbgrader leaves it
        raise ValueError(
            f"{name} is not written yet (it raises NotImplementedError): write its moves in "
            "place of that line"
        )
    # the function itself, not a decorator's wrapper: the file copies the decorator whole
    made_in = inspect.unwrap(agent).__code__.co_freevars
    if made_in:  # each game would end in a NameError for a name the learner did define
        raise ValueError(
            f"{name} uses {', '.join(made_in)} of the function that made it, which its bot's file "
            f"cannot hold: define {name} at the top of a cell, with what it uses beside it"
        )
    namespace = inspect.unwrap(agent).__globals__
    # what the function can name: its module's names, and those IPython gives a notebook (display)
    named = {**from_ipython(), **namespace}
    parts: dict[str, str] = {name: ""}  # each name's definition, the users before the used
    unheld: dict[str, str] = {}  # each name the file cannot hold, and why
    waiting = [(name, agent)]
    while waiting:
        own, value = waiting.pop()
        source = source_as(own, value)
        if source is None:
            del parts[own]
            unheld[own] = f"{own} (a lambda inside a larger expression: define it with def)"
            continue
        parts[own] = source
        for used in sorted(used_names(source) & set(named)):
            if used in parts or used in unheld or in_every_file(used, named[used]):
                continue
            parts[used], item = "", named[used]
            if is_defined_in(item, namespace):
                waiting.append((used, item))
                continue
            line = definition(used, item, namespace)
            if line is None:
                del parts[used]
                unheld[used] = f"{used} ({unheld_kind(item, namespace)})"
            else:
                parts[used] = line
    if unheld:
        raise ValueError(
            f"{name} uses {', '.join(unheld.values())}, which its bot's file cannot hold: make "
            f"it inside {name} (or a helper function), or of numbers and strings (lists and dicts "
            "of them too)"
        )
    if name != "agent" and "agent" in parts:  # the line below would make it call itself
        raise ValueError(
            f"{name} calls agent, a function of your own; in a bot's file, agent is the bot "
            f"itself, the function the tournament calls, so {name} would call itself for ever: "
            f"give your agent another name (say agent_2), where it is defined and where {name} "
            "calls it"
        )
    lines = [*reversed(parts.values()), *([f"agent = {name}"] if name != "agent" else [])]
    path = folder / f"{name}.py"
    if path.exists() and not written_from_a_function(path):
        raise ValueError(
            f"{str(path)!r} is there already, and bot_from_function did not write it: give "
            f"another folder, or rename {name}, so that the file is kept"
        )
    path.write_text(WRITTEN + "\n\n".join(lines) + "\n")
    return bot_of_file(path)


def defined_name(value: object) -> str:
    """The name a function or class was defined with."""
    return getattr(inspect.unwrap(value), "__name__", "")


def unwrapped(value: object) -> object | None:
    """`value` without the wrappers of its decorators (inspect.unwrap), or None where its chain
    of __wrapped__ comes round, without end."""
    try:
        return inspect.unwrap(value)
    except ValueError:
        return None


def is_defined_in(value: object, namespace: dict) -> bool:
    """Whether `value` is a function (perhaps decorated) or a class defined in `namespace`, to
    be copied by its source."""
    if inspect.isclass(value):
        return value.__module__ == namespace.get("__name__")
    inner = unwrapped(value)
    return inspect.isfunction(inner) and inner.__globals__ is namespace


def source_as(name: str, value: object) -> str | None:
    """The lines that define `name` as the function or class `value` in a bot's file: its source,
    then `name =` the name it was defined with where that differs; for a lambda, lambda_source's."""
    if getattr(value, "__name__", "") == "<lambda>":
        return lambda_source(name, value)
    source, defined = source_of(value), defined_name(value)
    return source if name == defined else f"{source}\n{name} = {defined}"


def lambda_source(name: str, value: object) -> str | None:
    """The lines that define `name` as the lambda `value`: the statement of its module's top level
    that makes it and nothing else, such as ``key = lambda c: abs(c - 3)`` (across lines too),
    then `name =` that statement's name where it differs. None for any other lambda (in a list,
    an argument, a function): the statement around it does more than make it."""
    inner = inspect.unwrap(value)
    line = inner.__code__.co_firstlineno
    text = "".join(linecache.getlines(inner.__code__.co_filename))
    try:
        statements = ast.parse(text).body
    except SyntaxError:  # such as a notebook cell with IPython's magics
        return None
    around = [
        statement for statement in statements if statement.lineno <= line <= statement.end_lineno
    ]
    if inner.__qualname__ != "<lambda>" or len(around) != 1:
        return None  # made inside a function or a class, or on a line of several statements
    statement = around[0]
    if not (
        isinstance(statement, ast.Assign)
        and isinstance(statement.value, ast.Lambda)
        and statement.value.lineno == line
        and len(statement.targets) == 1
        and isinstance(statement.targets[0], ast.Name)
    ):
        return None
    source, made = ast.get_source_segment(text, statement), statement.targets[0].id
    return source if name == made else f"{source}\n{name} = {made}"


def source_of(value: object) -> str:
    """The source of a function or class (its decorators included); a ValueError if Python
    cannot find it."""
    try:
        return textwrap.dedent(inspect.getsource(value))
    except (OSError, TypeError):
        found = cell_source(value)
    if found is None:
        raise ValueError(
            f"the source of {defined_name(value)} cannot be read: define it in a plain notebook "
            "cell (not one run under a cell magic such as %%prun) or in a Python file"
        )
    return found


def cell_source(value: object) -> str | None:
    """The source of a function or class defined in a notebook's cell, where inspect cannot find
    it (a class; anything of a cell run under %%time): found in the cell of its code or, as for a
    class with no method of its own (a dataclass, a NamedTuple, an Enum), in the latest cell
    Python keeps that defines it."""
    inner = inspect.unwrap(value)
    if inspect.isclass(inner):
        methods = [inspect.unwrap(getattr(m, "__func__", m)) for m in vars(inner).values()]
        codes, line = [getattr(method, "__code__", None) for method in methods], None
    else:
        codes, line = [inner.__code__], inner.__code__.co_firstlineno
    own_cells = [code.co_filename for code in codes if code is not None]
    for filename in [*own_cells, *reversed(list(linecache.cache))]:
        found = top_definition(cell_code(linecache.getlines(filename)), inner.__name__, line)
        if found is not None:
            return found
    return None


def top_definition(code: str, name: str, line: int | None) -> str | None:
    """The source, decorators included, of the class `name` (`line` None) or of the function
    `name` whose first line is `line`, defined at the top level of `code`; None if none is."""
    if f"{'class' if line is None else 'def'} {name}" not in code:
        return None
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return None
    kinds = (ast.ClassDef,) if line is None else (ast.FunctionDef, ast.AsyncFunctionDef)
    for node in tree.body:
        if isinstance(node, kinds) and node.name == name:
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            if line in (None, first):
                lines = code.splitlines(keepends=True)
                return textwrap.dedent("".join(lines[first - 1 : node.end_lineno]))
    return None


def cell_code(lines: list[str]) -> str:
    """The code a notebook cell ran, from its `lines` as IPython keeps them: the cell's own or,
    for a cell run under %%time (kept as a call of run_cell_magic), the body that %%time compiled
    under a name of its own ("<timed exec>"), where inspect cannot find it."""
    text = "".join(lines)
    if "run_cell_magic" not in text:
        return text
    try:
        [statement] = ast.parse(text).body
    except (SyntaxError, ValueError):  # not one statement
        return text
    call = statement.value if isinstance(statement, ast.Expr) else None
    said = [arg.value for arg in getattr(call, "args", []) if isinstance(arg, ast.Constant)]
    magic = getattr(getattr(call, "func", None), "attr", "")
    if magic != "run_cell_magic" or len(said) != 3 or said[0] != "time":
        return text
    from IPython.core.inputtransformer2 import TransformerManager  # as %%time transforms it

    return TransformerManager().transform_cell(said[2])


def used_names(source: str) -> set[str]:
    """The global names a function's or class's source reads (in its body, its decorators, its
    defaults and its bases), by Python's own analysis of scopes."""

    def names(table: symtable.SymbolTable, top: bool) -> set[str]:
        found = {
            symbol.get_name()
            for symbol in table.get_symbols()
            if (symbol.is_referenced() if top else symbol.is_global())
        }
        return found.union(*(names(child, False) for child in table.get_children()))

    return names(symtable.symtable(source, "<bot>", "exec"), True)


def unheld_kind(value: object, namespace: dict) -> str:
    """`value`, which a bot's file cannot hold, in words: "an object of type Brain", "a function",
    or a list, tuple, set or dict by the first item it holds that the file cannot ("a list holding
    a function"), or as too large."""
    if isinstance(value, (list, tuple, set, frozenset, dict)):
        items = [*value, *value.values()] if isinstance(value, dict) else value
        for item in items:
            if definition("item", item, namespace) is None:
                return f"a {type(value).__name__} holding {unheld_kind(item, namespace)}"
        return f"a {type(value).__name__} too large to copy (over {HELD_CHARS:,} characters)"
    if isinstance(value, types.FunctionType):
        return "a function"
    return f"an object of type {type(value).__name__}"


def definition(name: str, value: object, namespace: dict) -> str | None:
    """The lines that define `name` as `value` in a bot's file: an import of a module or of a
    module's function or class, a literal (numbers, strings, lists, dicts...), or else a copy
    by pickle; None for what none of them can hold (or too large, above HELD_CHARS)."""
    if inspect.ismodule(value):
        return f"import {value.__name__} as {name}"
    module, own = getattr(value, "__module__", None), namespace.get("__name__")
    qualname = getattr(value, "__qualname__", "")
    if module and module != own and getattr(sys.modules.get(module), qualname, None) is value:
        return f"from {module} import {qualname} as {name}"
    try:
        text = repr(value)
        if len(text) <= HELD_CHARS and ast.literal_eval(text) == value:
            return f"{name} = {text}"
    except Exception:  # no repr (its __repr__ raises), or none that Python reads back as the value
        pass
    try:
        copied = pickle.dumps(value)
    except Exception:  # whatever pickling an object raises: it cannot be copied
        return None
    if len(copied) > HELD_CHARS or any(arg == own for _, arg, _ in pickletools.genops(copied)):
        return None  # too large, or it refers to the notebook's own functions or classes
    return f"import pickle\n\n{name} = pickle.loads({copied!r})"
