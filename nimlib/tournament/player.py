"""A bot in a process of its own, kept for one game, which the parent stops when it fails.

The child process limits its own memory (``resource.setrlimit``), sends what it prints to
/dev/null, starts a session of its own (so that stopping it stops any process it started), loads
the bot and answers each observation with the agent's move. The parent waits for each answer at
most the move's time and then kills the child's process group: a bot that hangs, sleeps or prints
without end costs the tournament its move's time, once. Whatever goes wrong (an exception, a move
that is not a whole number, a crash, the memory limit) ends in BotFailed, with the reason in
words, and the game loop counts it as the bot's loss.

Processes come from a fork server that has imported the reference bots once (each child starts
in milliseconds, and a parent with threads, such as a Jupyter kernel or a Dask worker, is never
forked). This guards against bots that break, not against hostile code: a bot runs with your
rights, and can read and write your files (see the README, "A class tournament").
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import resource
import signal
import threading
import traceback
from multiprocessing.connection import Connection
from time import perf_counter

from nimlib.games.values import checked_seconds, whole_number
from nimlib.tournament.bots import Bot, Struct, bot_reply, load_agent

LOAD_SECONDS = 10.0  # the time a bot's file may take to load (its imports included)
MEMORY_MB = 1024  # the memory (address space) a bot's process may take
MEMORY_MB_RANGE = (64, 2**20)  # from what a bot's Python needs to a terabyte
LONGEST_SECONDS = 3_600.0  # the longest a move or a bot's loading may be given: an hour
CONTEXT = multiprocessing.get_context("forkserver")
CONTEXT.set_forkserver_preload(["nimlib.tournament.bots"])


LIVE: set[BotProcess] = set()  # every bot's process running now, for stop_all
LIVE_LOCK = threading.Lock()


class BotFailed(Exception):
    """A bot failed during a game: the message says how (it loses the game)."""


def serve(source: str, connection: Connection, memory_bytes: int) -> None:
    """The child's life: limits, silence, the bot loaded, then a move for every observation."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the tournament, which stops it
    os.setsid()
    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    silence = os.open(os.devnull, os.O_RDWR)
    for stream in (0, 1, 2):
        os.dup2(silence, stream)
    try:
        agent, stand_in = load_agent(source)
    except BaseException as error:  # whatever the file does, even sys.exit()
        connection.send(("failed", f"could not be loaded: {failure(error)}"))
        return
    connection.send(("ready", None))
    played = "" if stand_in is None else f"played its last function, {stand_in}() (no agent()), "
    while (request := connection.recv()) is not None:
        observation, configuration = request
        try:
            move = agent(Struct(observation), Struct(configuration))
        except BaseException as error:
            connection.send(("failed", played + failure(error) + where(error, source)))
            return
        connection.send(bot_reply(move))


def failure(error: BaseException) -> str:
    """What a bot's exception says, in a line: "raised ZeroDivisionError: division by zero"."""
    if isinstance(error, MemoryError):
        return "ran out of memory"
    if isinstance(error, SystemExit):
        return f"called exit({error.code!r})"
    return f"raised {type(error).__name__}: {str(error)[:100]}"


def where(error: BaseException, source: str) -> str:
    """In which of the bot's own functions `error` was raised, " in best()", or "" (a function
    check_ladder saved: its file's lines are not the notebook's)."""
    functions = [
        frame.name
        for frame in traceback.extract_tb(error.__traceback__)
        if frame.filename == source
    ]
    return f" in {functions[-1]}()" if functions else ""


def checked_limits(memory_mb: object, load_seconds: object) -> tuple[int, float]:
    """The memory (MB) and the load time (seconds) a bot's process is given, if each is a number
    in its range (MEMORY_MB_RANGE, at most LONGEST_SECONDS), else a ValueError naming it."""
    smallest, largest = MEMORY_MB_RANGE
    memory_mb = whole_number(memory_mb, "memory_mb (MB)", smallest=smallest, largest=largest)
    return memory_mb, checked_seconds(load_seconds, "load_seconds", longest=LONGEST_SECONDS)


class BotProcess:
    """One bot's process for one game: ``move(observation, configuration, seconds)``, then
    ``close()`` (or use it in a ``with`` block)."""

    def __init__(
        self, bot: Bot, memory_mb: int = MEMORY_MB, load_seconds: float = LOAD_SECONDS
    ) -> None:
        """Start `bot`'s process, with `memory_mb` of memory and `load_seconds` to load."""
        memory_mb, load_seconds = checked_limits(memory_mb, load_seconds)
        self.bot, self.load_seconds, self.loaded = bot, load_seconds, False
        self.connection, child_end = CONTEXT.Pipe()
        self.process = CONTEXT.Process(
            target=serve, args=(bot.source, child_end, memory_mb * 2**20), daemon=True
        )
        self.process.start()
        child_end.close()
        with LIVE_LOCK:
            LIVE.add(self)

    def __enter__(self) -> BotProcess:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    def move(self, observation: dict, configuration: dict, seconds: float) -> tuple[int, float]:
        """The bot's column for `observation`, and the seconds it took; BotFailed if it fails."""
        if not self.loaded:
            self.reply(self.load_seconds, "to load")
            self.loaded = True
        start = perf_counter()
        try:
            self.connection.send((observation, configuration))
        except OSError:
            raise self.crashed() from None
        column = self.reply(seconds, "for a move")
        return column, perf_counter() - start

    def reply(self, seconds: float, what: str) -> object:
        """The child's next answer within `seconds`; BotFailed if it fails, is late or dies."""
        if not self.connection.poll(seconds):
            self.stop()
            raise BotFailed(f"took longer than {seconds:g} s {what}, and was stopped")
        try:
            kind, value = self.connection.recv()
        except (EOFError, OSError):
            raise self.crashed() from None
        if kind == "failed":
            self.stop()
            raise BotFailed(value)
        return value

    def crashed(self) -> BotFailed:
        """The failure of a child that ended without an answer."""
        self.process.join(1)
        code = self.process.exitcode
        if code is not None and code < 0:
            how = f"was killed by {signal.Signals(-code).name}"
        else:
            how = f"exited with code {code}"
        return BotFailed(how)

    def kill(self) -> None:
        """Kill the child and every process it started (its game then sees it fail)."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):  # not yet in a session of its own
            self.process.kill()

    def stop(self) -> None:
        """Kill the child and every process it started, and close the pipe to it."""
        self.kill()
        self.process.join()
        self.connection.close()
        with LIVE_LOCK:
            LIVE.discard(self)

    def close(self) -> None:
        """End the child: asked to stop, else stopped."""
        if self.process.is_alive() and not self.connection.closed:
            with contextlib.suppress(OSError):
                self.connection.send(None)
            self.process.join(0.5)
        if self.process.is_alive():
            self.stop()
        elif not self.connection.closed:
            self.connection.close()
        with LIVE_LOCK:
            LIVE.discard(self)


def stop_all() -> None:
    """Kill every bot's process running now (a tournament being stopped)."""
    with LIVE_LOCK:
        running = list(LIVE)
    for bot_process in running:
        bot_process.kill()


def running_in_daemon() -> bool:
    """Whether this process may not start bots' processes (a daemon's children are refused)."""
    return bool(multiprocessing.current_process().daemon)
