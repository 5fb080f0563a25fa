"""A bot in a process of its own, kept for one game, which the parent stops when it fails.

The child process limits its own memory (``resource.setrlimit``), sends what it prints to /dev/null,
starts a session of its own (so that stopping it stops any process it started), moves into the bot
file's folder (a file beside the bot opens by its name, wherever the tournament runs), loads the bot
and answers each observation with the agent's move. The parent waits for each answer at most the
move's time and then kills the child's process group: a bot that hangs, sleeps or prints without end
costs the tournament its move's time, once. Once loaded, and between its moves, the bot's process
group is paused (SIGSTOP, then SIGCONT with the next observation): a thread or process it leaves
running thinks on its own time only, never on its opponent's. Whatever goes wrong (an exception, a
move that is not a whole number, a crash, the memory limit) ends in BotFailed, with the reason in
words, and the game loop counts it as the bot's loss.

The children come from nimlib's own launcher: a Python process, started on first use in a session
of its own, that has imported the bots' module and forks a child for each bot, then sends back
its exit status when it ends. So a child starts in milliseconds; the parent, which may have
threads (a Jupyter kernel, a Dask worker), is never forked; a script that plays games is not run
again in every child (multiprocessing's fork server runs a script's top level in each one, and
without an ``if __name__ == "__main__":`` guard every bot failed); and a kernel that shuts down
has no process of its own group left to wait for. The launcher ends, and stops any child still
running, when the parent's end of its socket closes. The messages to a child and its exit status
go over multiprocessing's Connection (pickled, each behind its length), on socket pairs, as
multiprocessing.Pipe makes them.

This guards against bots that break, not against hostile code: a bot runs with your rights, and
can read and write your files (see the README, "A class tournament").
"""

from __future__ import annotations

import contextlib
import os
import pickle
import resource
import select
import signal
import socket
import subprocess
import sys
import threading
import traceback
from multiprocessing.connection import Connection, wait
from pathlib import Path
from time import perf_counter

from nimlib.games.printer import shown
from nimlib.tournament.bots import (
    REFERENCE_PREFIX,
    Bot,
    NotABot,
    Struct,
    agent_move,
    bot_reply,
    load_agent,
    written_from_a_function,
)

# The launcher runs with -P: not the current folder first on its path, where a file such as
# random.py would stand for the standard module; nimlib's own folder last, should pip not know it
LAUNCH = (
    "import sys; sys.path.append(sys.argv[2]); from nimlib.tournament.player import launch; "
    "launch(int(sys.argv[1]))"
)
NIMLIB_ROOT = str(Path(__file__).resolve().parents[2])  # the folder that holds nimlib


# said of a bot too slow on its first move, which may have been setting up (or looping, or
# printing): what it does once belongs where it loads
SET_UP_NOTE = (
    " (if it was setting up, such as imports or tables: a set-up belongs at the top of its file, "
    "which has its own time to load)"
)
RUNNING: set[BotProcess] = set()  # every bot's process running now, for stop_all
RUNNING_LOCK = threading.Lock()
CODE_SHOWN = 50  # at most this much of the line that raised, in a failure's reason


class BotFailed(Exception):
    """A bot failed during a game: the message says how (it loses the game)."""


class Launcher:
    """nimlib's launcher of bots' processes, in a process of its own started on first use."""

    def __init__(self) -> None:
        """No launcher yet: the first `start` begins one."""
        self.lock = threading.Lock()
        self.process: subprocess.Popen | None = None
        self.socket: socket.socket | None = None
        # requests sent, each numbered: a reply to an earlier one (left unread by a Ctrl-C) is
        # skipped, never taken for the child just asked for
        self.requests = 0

    def start(self, source: str, memory_bytes: int) -> tuple[int, Connection, Connection]:
        """A child serving the bot at `source` with `memory_bytes` of memory: its process id, the
        channel to it, and the channel on which its exit status comes when it ends."""
        with self.lock:  # one request at a time, from any of the parent's threads
            try:
                return self.request(source, memory_bytes)
            except (OSError, EOFError):  # it ended (a bot killed its parent): a new launcher
                self.begin()
            try:
                return self.request(source, memory_bytes)
            except (OSError, EOFError) as error:
                raise RuntimeError(
                    f"nimlib's launcher of bots' processes ended, and so did a new one ({error})"
                ) from None

    def request(self, source: str, memory_bytes: int) -> tuple[int, Connection, Connection]:
        """The child `start` asks for (OSError or EOFError if the launcher has gone)."""
        if self.process is None or self.process.poll() is not None:
            self.begin()
        self.requests += 1
        bot, bot_end = socket.socketpair()
        status, status_end = socket.socketpair()
        try:
            with bot_end, status_end:
                request = pickle.dumps((self.requests, source, memory_bytes))
                socket.send_fds(self.socket, [request], [bot_end.fileno(), status_end.fileno()])
            while True:
                while not wait([self.socket], 1):  # a bot may have stopped its parent
                    self.process.send_signal(signal.SIGCONT)
                reply = self.socket.recv(64)
                if not reply:
                    raise EOFError("it ended")
                number, pid = map(int, reply.split())
                if number == self.requests:
                    return pid, Connection(bot.detach()), Connection(status.detach())
        except BaseException:
            bot.close()
            status.close()
            raise

    def begin(self) -> None:
        """Start the launcher's process, in a session of its own, and keep the socket to it."""
        if self.socket is not None:
            self.socket.close()
        self.socket, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        with theirs:
            self.process = subprocess.Popen(
                [sys.executable, "-P", "-c", LAUNCH, str(theirs.fileno()), NIMLIB_ROOT],
                pass_fds=[theirs.fileno()],
                stdin=subprocess.DEVNULL,
                start_new_session=True,  # not in the group a Jupyter kernel waits for at shutdown
            )


LAUNCHER = Launcher()


def launch(control_fd: int) -> None:
    """The launcher's life: a child for each request on the socket `control_fd`, each child's exit
    status sent back when it ends, and every child still running stopped when the parent goes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the parent, which stops it
    control = socket.socket(fileno=control_fd)
    wake, woken = os.pipe()
    os.set_blocking(woken, False)
    signal.set_wakeup_fd(woken)  # a child's end wakes the select below
    signal.signal(signal.SIGCHLD, lambda *_: None)
    statuses: dict[int, Connection] = {}  # each child's process id: the end for its exit status
    try:
        while True:
            ready, _, _ = select.select([control, wake], [], [])
            if wake in ready:
                os.read(wake, 512)
                reap(statuses)
            if control in ready:
                request, fds, _, _ = socket.recv_fds(control, 4096, 2)
                if not request:  # the parent has gone
                    break
                bot_fd, status_fd = fds
                number, source, memory_bytes = pickle.loads(request)
                pid = os.fork()
                if pid == 0:  # the child: nothing of the launcher's but its own two ends
                    ends = [channel.fileno() for channel in statuses.values()]
                    run_child(
                        source, memory_bytes, bot_fd, [control_fd, wake, woken, status_fd, *ends]
                    )
                os.close(bot_fd)
                statuses[pid] = Connection(status_fd)
                control.send(f"{number} {pid}".encode())
    except (ConnectionResetError, BrokenPipeError):  # the parent has gone, a reply to it unread
        pass
    finally:
        for pid in statuses:
            stop_group(pid)


def run_child(source: str, memory_bytes: int, bot_fd: int, launchers: list[int]) -> None:
    """A child's life: the launcher's file descriptors `launchers` closed, the bot at `source`
    served, then the end (code 1 if serving itself failed; never the launcher's loop again)."""
    code = 1
    try:
        signal.set_wakeup_fd(-1)
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        for fd in launchers:
            os.close(fd)
        serve(source, Connection(bot_fd), memory_bytes)
        code = 0
    finally:
        os._exit(code)


def reap(statuses: dict[int, Connection]) -> None:
    """Collect every child that has ended, kill what it started (its session outlives it), and
    send its exit status (-N: killed by signal N)."""
    while statuses:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):  # no process left in it
            os.killpg(pid, signal.SIGKILL)  # its number is not reused while its group lives
        channel = statuses.pop(pid, None)
        if channel is not None:
            with contextlib.suppress(OSError):  # the parent has stopped waiting for it
                channel.send(os.waitstatus_to_exitcode(status))
            channel.close()


def stop_group(pid: int) -> None:
    """Kill the process `pid` and every process of its session (a bot's child and what it
    started)."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):  # not yet in a session of its own, or gone
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def serve(source: str, connection: Connection, memory_bytes: int) -> None:
    """The child's life: limits, silence, the bot loaded, then a move for every observation."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the tournament, which stops it
    os.setsid()
    resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
    silence = os.open(os.devnull, os.O_RDWR)
    for stream in (0, 1, 2):
        os.dup2(silence, stream)
    if not source.startswith(REFERENCE_PREFIX):  # a file (its full path): in its own folder
        with contextlib.suppress(OSError):  # a folder gone: load_agent says the file is not there
            os.chdir(os.path.dirname(source))
    try:
        agent, stand_in = load_agent(source)
    except BaseException as error:  # whatever the file does, even sys.exit()
        # NotABot in nimlib's own words: the file raised nothing
        said = str(error) if isinstance(error, NotABot) else failure(error)
        connection.send(("failed", f"could not be loaded: {said}{where_a_bot_runs(error, source)}"))
        return
    connection.send(("ready", stand_in))
    while (request := connection.recv()) is not None:
        observation, configuration = request
        try:
            move = agent_move(agent, Struct(observation), Struct(configuration))
        except BaseException as error:
            said = failure(error) + where(error, source) + where_a_bot_runs(error, source)
            connection.send(("failed", said))
            return
        connection.send(bot_reply(move))


def failure(error: BaseException) -> str:
    """What a bot's exception says, in a line: "raised ZeroDivisionError: division by zero"."""
    if isinstance(error, MemoryError):
        return "ran out of memory"
    if isinstance(error, SystemExit):  # sys.exit(), or raise SystemExit: no code to show
        return "called exit()" if error.code is None else f"called exit({shown(error.code)})"
    try:
        # on one line: a game's reason is read line by line, a line per bot that failed
        said = " ".join(str(error).split())
    except Exception:  # an exception whose __str__ raises: the child would die sending it
        said = ""
    if len(said) > 100:  # a line: cut after a word where there is one, and said to be cut
        said = said[:100].rsplit(" ", 1)[0] + " ..."
    return f"raised {type(error).__name__}" + (f": {said}" if said else "")


def where(error: BaseException, source: str) -> str:
    """In which of the bot's own functions `error` was raised, and on which line: its number in a
    file written by hand, " in best(), line 12", its code in one written from a notebook's
    function, " in best(), at `return free[9]`", or ""."""
    frames = [
        frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename == source
    ]
    if not frames:
        return ""
    if written_from_a_function(source):  # its file's line numbers are not the notebook's
        code = (frames[-1].line or "").strip()
        code = code if len(code) <= CODE_SHOWN else code[: CODE_SHOWN - 4] + " ..."
        return f" in {frames[-1].name}()" + (f", at `{code}`" if code else "")
    return f" in {frames[-1].name}(), line {frames[-1].lineno}"


def where_a_bot_runs(error: BaseException, source: str) -> str:
    """For a bot that imports a file beside it, opens one that a bot written from a notebook's
    function does not have beside it, or reads the keyboard, why that fails: a bot is one file,
    run in its own folder, with nothing to read; else ""."""
    if isinstance(error, EOFError):
        return " (a bot has no keyboard: input() finds nothing to read)"
    folder = Path(source).parent
    if isinstance(error, ModuleNotFoundError) and (folder / f"{error.name}.py").is_file():
        other = "not a bot either" if error.name.startswith("_") else "a bot of its own"
        return (
            f" ({error.name}.py beside it is {other}, not a module a bot can import: a bot is one "
            "file, so put what it uses into it)"
        )
    name = getattr(error, "filename", None)
    relative = isinstance(name, str) and name != "" and not os.path.isabs(name)
    if isinstance(error, FileNotFoundError) and relative and written_from_a_function(source):
        return (
            f" (a bot runs in its own file's folder, and a bot written from a function has no "
            f"{name} beside it: read the file in a cell of the notebook, into a value the "
            "function uses, which the bot's file then holds as it stands)"
        )
    return ""


class BotProcess:
    """One bot's process for one game: ``move(observation, configuration, seconds)``, then
    ``close()`` (or use it in a ``with`` block)."""

    def __init__(self, bot: Bot, memory_mb: int, load_seconds: float) -> None:
        """Start `bot`'s process, with `memory_mb` of memory and `load_seconds` to load (limits
        that Rules has checked)."""
        self.bot, self.load_seconds, self.loaded = bot, load_seconds, False
        self.moves = 0  # the moves asked of it so far, the one under way included
        self.memory_mb = memory_mb
        self.played = ""  # once loaded: which function plays, where the file has no agent()
        source = bot.source  # a file's path in full: the launcher keeps the folder it started in
        if not source.startswith(REFERENCE_PREFIX):
            source = os.path.abspath(source)
        self.pid, self.connection, self.status = LAUNCHER.start(source, memory_mb * 2**20)
        self.exitcode: int | None = None  # known once the launcher has said it
        with RUNNING_LOCK:
            RUNNING.add(self)

    def __enter__(self) -> BotProcess:
        return self

    def __exit__(self, *exception: object) -> None:
        self.close()

    def load(self) -> None:
        """Wait until the bot's file has loaded (the first time only); BotFailed if it fails to,
        or takes longer than its load time."""
        if not self.loaded:
            stand_in = self.reply(self.load_seconds, "to load")
            if stand_in is not None:
                self.played = f"played its last function, {stand_in}() (no agent()), "
            self.loaded = True
            self.signal_group(signal.SIGSTOP)  # until its first move

    def move(self, observation: dict, configuration: dict, seconds: float) -> tuple[int, float]:
        """The bot's column for `observation`, and the seconds it took; BotFailed if it fails.
        The bot's processes run from the observation to the answer, and are paused after it."""
        self.load()
        self.moves += 1
        self.signal_group(signal.SIGCONT)  # paused since it loaded, or since its last move
        start = perf_counter()
        try:
            self.connection.send((observation, configuration))
        except OSError:
            raise self.crashed() from None
        column = self.reply(seconds, "for a move")
        took = perf_counter() - start
        self.signal_group(signal.SIGSTOP)  # until its next move: no thinking on the opponent's time
        return column, took

    def reply(self, seconds: float, what: str) -> object:
        """The child's next answer within `seconds`; BotFailed if it fails, is late or dies."""
        if not self.connection.poll(seconds):
            self.stop()
            # a bot that sets up on its first move, as Kaggle's allow, would lose every game here
            set_up = SET_UP_NOTE if self.moves == 1 and not self.bot.is_reference else ""
            raise self.failed(f"took longer than {seconds:g} s {what}, and was stopped", set_up)
        try:
            kind, value = self.connection.recv()
        except (EOFError, OSError):
            raise self.crashed() from None
        if kind == "failed":
            self.stop()
            raise self.failed(value)
        return value

    def failed(self, how: str, note: str = "") -> BotFailed:
        """The bot's failure, `how` it failed, saying which function played where the file has
        no agent(), and on which of its moves it failed (with `note`), if not while loading."""
        on = f"on its move {self.moves}, " if self.moves else ""
        return BotFailed(f"{on}{self.played}{how}{note}")

    def crashed(self) -> BotFailed:
        """The failure of a child that ended without an answer; one that ended while loading may
        have been a library short of memory, which ends its process without a Python error."""
        code = self.ended(1)
        if code is None:  # still running, its end of the connection broken
            how = (
                "stopped answering, its link to the tournament broken (as a bot that replaces a "
                "part of Python itself, a built-in such as len say, can break it)"
            )
        elif code < 0:
            how = f"was killed by {signal.Signals(-code).name}"
        else:
            how = f"exited with code {code}"
        if not self.loaded and code is not None:  # ended while loading, no Python error said
            how += (
                f" while loading, with no Python error: a library it imports (numpy's, say) may "
                f"have found too little memory under the limit of {self.memory_mb} MB (--memory)"
            )
        return self.failed(how)

    def ended(self, seconds: float) -> int | None:
        """The child's exit code if it has ended or ends within `seconds`, else None."""
        if self.exitcode is None and not self.status.closed and self.status.poll(seconds):
            with contextlib.suppress(EOFError, OSError):  # the launcher itself was stopped
                self.exitcode = self.status.recv()
        return self.exitcode

    def kill(self) -> None:
        """Kill the child and every process it started (its game then sees it fail)."""
        if self.exitcode is None:  # not known to have ended (the launcher reaps it when it does)
            stop_group(self.pid)

    def signal_group(self, signal_number: int) -> None:
        """Send `signal_number` to the child and every process it started, while it runs."""
        if self.exitcode is None:
            with contextlib.suppress(ProcessLookupError, PermissionError):  # it has just ended
                os.killpg(self.pid, signal_number)

    def stop(self) -> None:
        """Kill the child and every process it started, and close the channels to it."""
        self.kill()
        self.ended(10)
        self.close_channels()

    def close(self) -> None:
        """End the child: asked to stop, else stopped."""
        if self.ended(0) is None and not self.connection.closed:
            self.signal_group(signal.SIGCONT)  # paused since its last move
            with contextlib.suppress(OSError):
                self.connection.send(None)
        if self.ended(0.5) is None:
            self.stop()
        self.close_channels()

    def close_channels(self) -> None:
        """Close both channels to the child, and forget it."""
        for channel in (self.connection, self.status):
            if not channel.closed:
                channel.close()
        with RUNNING_LOCK:
            RUNNING.discard(self)


def stop_all() -> None:
    """Kill every bot's process running now (a tournament being stopped)."""
    with RUNNING_LOCK:
        running = list(RUNNING)
    for bot_process in running:
        bot_process.kill()
