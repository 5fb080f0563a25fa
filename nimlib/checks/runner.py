"""How a check runs the learner's function on its cases and reports what differs (CheckResult):
the first FAILURES_SHOWN wrong cases in full, and a count of the rest. A function that runs far
too long (more calls, or more seconds, than any right answer needs) is stopped and reported as a
wrong answer, as an exception is; so is an answer that changes the list, dict or set it is given
(``call_case`` gives copies, ``leaving_its_input``), and input() during a check says nobody types.

How a wrong answer gets its hint, from the plainest tool to the most particular:

- ``Hinted(expected, hint)`` (or one of its kinds, ``Scores``, ``WholeNumbers``,
  ``TruthValues``, which also tell an answer of another kind): the hint is a sentence, or a
  function of the answer that returns one or None;
- ``one_slip_hint(answer, slips)``: inside such a function, a table of (what a slip answers,
  its hint), where the answer alone tells the slip;
- ``agrees_with(function, slip, arguments)``: inside such a function, where only asking the
  learner's function again tells the slip (a memo kept between calls, say); ``rehinted_where``
  gives a case that hint where such a question holds, ``rehinted`` any other hint;
- ``CaseHint(found, advice)``: a hint whose advice a report says once, the figures of each case
  every time.
"""

from __future__ import annotations

import ast
import builtins
import copy
import functools
import gc
import inspect
import re
import signal
import sys
import textwrap
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, redirect_stdout
from contextvars import ContextVar
from dataclasses import FrozenInstanceError, dataclass, field
from inspect import CO_ASYNC_GENERATOR, CO_COROUTINE, CO_GENERATOR
from numbers import Number, Real
from pathlib import Path
from types import CodeType, FrameType, FunctionType, GeneratorType
from typing import TextIO

from nimlib.book.explained import NIMLIB
from nimlib.book.limits import MAX_RECURSION_LIMIT
from nimlib.games.base import Game
from nimlib.games.printer import shown, shown_typed, wrapped
from nimlib.games.values import hashable, is_number, is_whole

Case = tuple[str, Callable[[], object], object]  # (how the call is shown, the call, its answer)

MAX_CALLS = 2_000_000  # Python calls one case may make: far more than any right answer needs
# and the seconds it may take, where a timer can stop it (Unix, main thread): the calls run out in
# about a second, so the timer stops a loop that makes no call, before a learner takes it for a hang
MAX_SECONDS = 10
QUICK_SECONDS = 2  # for an exercise of a few sums (UCB1, a step of Pig, a bot, a sort): no search
RING_AGAIN = 1  # seconds between the timer's later rings, should one be lost (see time_limit)
SOON = 1e-5  # seconds to a ring asked for at once (CallBudget.stop)
SHOWN = 160  # characters of an answer, or of an exception's message, shown in a message
# truth values in a list this long are shown as letters, T and F, one an answer: 22 of them fill
# five lines written out, and a pattern (FTTTF...) is easier to see in letters
LETTERED_FROM = 10
FAILURES_SHOWN = 8  # wrong cases listed in full; a skeleton gets every case wrong
# what the learner's code may print during a check, in lines and in characters (a print with
# end=" " writes one endless line); the rest is counted
PRINTED_LINES, PRINTED_CHARACTERS = 40, 4_000


class TooMuchWork(BaseException):
    """Stops a learner's function that runs past a check's budget (not an Exception, so that
    a bare ``except Exception`` in the learner's code cannot swallow it; one that a bare
    ``except:`` swallows is raised again, CallBudget.stop)."""


@dataclass
class CallBudget:
    """Counts the calls of Python functions made while it is active, and stops the code past
    MAX_CALLS.

    The steps of a generator or a comprehension are not counted (Python enters a generator again
    for every item, and on Python 3.11 a comprehension too): a right won/lost search that lists
    every move's answer, ``any([...])``, makes twice the entries of one that stops at the first
    win, ``any(...)``, for the same work. With `watch_recursion`, `worked_again` collects the
    calls of a recursion that were worked out more than once: a call that asks the same question
    of itself a second time (the same arguments, from the same arguments) is working its answer
    out again, where a memo would have kept it.

    Once the budget is spent (or the timer's seconds), the body is stopped: see ``stop``.
    """

    watch_recursion: bool = False
    calls: int = 0
    asked: Counter = field(default_factory=Counter)  # (function, call, question) -> times
    worked_again: dict = field(default_factory=dict)  # (function, call) -> None, in order found
    body: FrameType | None = None  # the frame whose with statement runs the body
    timed: bool = False  # whether a timer rings for the body (see time_limit)
    stopping: str | None = None  # why the body is stopped, once it is

    def __post_init__(self) -> None:
        """Hold the tracing hook by a name of its own, for as long as the budget (see budget)."""
        self.hook = self.trace

    def trace(self, frame: FrameType, event: str, argument: object) -> Callable | None:
        """The tracing hook: count a call of a function, and stop once the budget is spent, at a
        call of a function (a generator entered may be one being closed, by the garbage collector
        say, where Python would print the exception and lose it)."""
        if self.stopping is not None:
            return self.stop_again(frame, event)
        if event == "call":
            # a limit raised far (by the learner's code, say) lets an endless recursion crash
            # Python before it can raise RecursionError: the check keeps nimlib's own limit
            if sys.getrecursionlimit() > MAX_RECURSION_LIMIT:
                sys.setrecursionlimit(MAX_RECURSION_LIMIT)
            if not is_function_call(frame.f_code):
                return None
            self.calls += 1
            if self.watch_recursion:
                self.note_recursion(frame)
            if self.calls > MAX_CALLS:
                self.stop(f"more than {MAX_CALLS:,} calls (of Python functions, the game's too)")
                raise TooMuchWork(self.stopping)
        return None

    def stop(self, reason: str) -> None:
        """Stop the body for `reason` (the first one given), and have the timer ring at once.

        A hook that raises TooMuchWork is unset by Python: a bare ``except:`` in the learner's
        code, ``while ...: try: ... except: pass``, would catch that one stop and run on for
        ever. So the timer's ring (``ring``) sets the hook again, on every frame of the body
        (their f_trace, as a debugger does), and raises too; the hook then raises at the next
        line, the except's own, which no try of that loop catches (``stop_again``)."""
        if self.stopping is None:
            self.stopping = reason
        if self.timed:
            signal.setitimer(signal.ITIMER_REAL, SOON, RING_AGAIN)

    def ring(self, reason: str, frame: FrameType) -> None:
        """The timer's ring at `frame`: stop the body with TooMuchWork. The timer is set to ring
        again at once first, should this ring come to nothing: in this module's own code (the
        hook, the printing of the learner's output), which it leaves to run, or at the recursion
        limit, where a call made here raises RecursionError. Outside the body (the stop has got
        out) nothing is left to stop."""
        signal.setitimer(signal.ITIMER_REAL, SOON, RING_AGAIN)  # before any call (see above)
        if self.stopping is None:
            self.stopping = reason
        if frame.f_globals is globals() or not self.runs_the_body(frame):
            return
        sys.settrace(self.hook)
        below: FrameType | None = frame
        while below is not None and below is not self.body:
            below.f_trace = self.hook
            below = below.f_back
        raise TooMuchWork(self.stopping)

    def stop_again(self, frame: FrameType, event: str) -> Callable | None:
        """The hook of a body being stopped: TooMuchWork again at each call and line of the
        learner's in the body, and the timer's ring at once (which sets the hook again); an
        exception on its way out of a frame (the stop, say) goes on as it is, and this module's
        own code (the timer's ring, say) runs to its end."""
        if frame.f_globals is globals() or not self.runs_the_body(frame):
            return None
        if event in ("exception", "return"):
            return self.hook
        if self.timed:
            signal.setitimer(signal.ITIMER_REAL, SOON, RING_AGAIN)
        raise TooMuchWork(self.stopping)

    def runs_the_body(self, frame: FrameType | None) -> bool:
        """Whether `frame` runs in the body of the budget's with statement: below its frame, and
        not in the with statement's own exit (contextlib's, which must run to its end)."""
        below = None
        while frame is not None and frame is not self.body:
            below, frame = frame, frame.f_back
        return (
            frame is not None and below is not None and below.f_globals["__name__"] != "contextlib"
        )

    def note_recursion(self, frame: FrameType) -> None:
        """Count the question `frame` answers if its function is already running below the check
        (called again through helpers, lambdas, generators or comprehensions, as in ``any(...
        for ...)``), keyed by the arguments of both calls."""
        caller = frame.f_back
        while caller is not None and caller.f_code is not frame.f_code:
            if str(caller.f_globals.get("__name__")).startswith("nimlib."):
                return  # the check itself: no learner's call of this function is running
            caller = caller.f_back
        if caller is None:
            return
        question = (frame.f_code, arguments_of(caller), arguments_of(frame))
        self.asked[question] += 1
        if self.asked[question] == 2:
            self.worked_again[question[:2]] = None


def arguments_of(frame: FrameType) -> tuple:
    """The hashable arguments `frame`'s function was called with, and the values it reads from the
    function around it (a helper ``lambda take: not wins(counters - take)`` asks about its
    counters too); a memo passed down is not one of them: it changes, and it cannot be a key."""
    code = frame.f_code
    names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount] + code.co_freevars
    values = [frame.f_locals.get(name) for name in names]
    return tuple(value for value in values if hashable(value))


def is_function_call(code: CodeType) -> bool:
    """Whether running `code` is a call of a function, not a step of a generator or a
    comprehension."""
    stepwise = CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR
    return not code.co_flags & stepwise and not code.co_name.endswith("comp>")


@contextmanager
def budget(watch_recursion: bool = False, seconds: float | None = None) -> Iterator[CallBudget]:
    """Run the body under a CallBudget of MAX_CALLS, and under a timer of `seconds` (None:
    MAX_SECONDS) where Python offers one.

    The tracing hook is held by the counter (its hook) until the end: Python unsets a hook that
    raises (as any code does at its recursion limit) and, had it no other reference, CPython 3.11
    would free it while an outer call of it still runs, a segmentation fault (seen with a learner's
    endless recursion that left objects for the garbage collector to finalize). The collector's
    callbacks (other libraries', such as hypothesis's) are put aside meanwhile: the timer's alarm,
    ringing inside one, would be lost. Python's recursion limit is kept at most nimlib's own (see
    CallBudget.trace), and is as the learner left it afterwards.
    """
    # the body runs in the frame of the with statement (always `with budget(...)` itself, never
    # through an ExitStack): this generator's caller's caller, after contextlib's __enter__
    counter = CallBudget(watch_recursion, body=sys._getframe(2))
    previous_trace = sys.gettrace()
    callbacks = gc.callbacks[:]
    gc.callbacks.clear()
    python_limit = sys.getrecursionlimit()  # as the learner left it, whatever the code checked does
    try:
        with time_limit(MAX_SECONDS if seconds is None else seconds, counter):
            sys.settrace(counter.hook)  # the hook's own reference (see above)
            yield counter
            if counter.stopping is not None:  # caught by the learner's code, which went on
                raise TooMuchWork(counter.stopping)
    finally:  # outside the timer: an alarm that rings late cannot leave the counter tracing
        sys.settrace(previous_trace)
        gc.callbacks[:0] = callbacks
        sys.setrecursionlimit(python_limit)


@contextmanager
def time_limit(seconds: float, counter: CallBudget) -> Iterator[None]:
    """Stop the body after `seconds` (`counter`'s ring, which raises TooMuchWork), when a timer is
    free (Unix, main thread).

    A ring that comes while Python runs a finalizer (an object's __del__, a weak reference's
    callback, a generator closed) is lost: Python hands it to sys.unraisablehook, which would
    print its traceback under the learner's cell, and goes on. So such a ring is let go
    unprinted, and the timer rings again every RING_AGAIN seconds until the body ends. A ring
    still on its way as the body ends is let go: the body's end is marked first thing (Python
    runs a signal's handler only at a call or a jump back, none before the mark), so no ring can
    stop the timer being turned off. A ring before `seconds` that the body's stop did not ask
    for is another timer's (the last check's, on its way as that one was turned off, say), and
    is let go too.
    """
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable or signal.getitimer(signal.ITIMER_REAL)[0] > 0:
        yield
        return
    ended, started = False, time.monotonic()
    counter.timed = True

    def ring(signum: int, frame: FrameType) -> None:
        taken = time.monotonic() - started
        if not ended and (taken >= seconds or counter.stopping is not None):
            counter.ring(overtime(seconds, taken), frame)

    def unprinted(lost: sys.UnraisableHookArgs) -> None:
        if not isinstance(lost.exc_value, TooMuchWork):  # another's: as Python would say it
            previous_hook(lost)

    previous, previous_hook = signal.signal(signal.SIGALRM, ring), sys.unraisablehook
    sys.unraisablehook = unprinted
    try:  # the timer is set inside: a first ring before the try would leave it ringing
        signal.setitimer(signal.ITIMER_REAL, seconds, RING_AGAIN)
        yield
    finally:
        ended = True
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        sys.unraisablehook = previous_hook


def overtime(seconds: float, taken: float) -> str:
    """How long a body stopped after `seconds` ran: "more than 10 seconds", or, where it kept
    running far longer, how long and why: one long step that no timer can cut short (a call of
    Python's own), or code that caught the stop as a RecursionError, again and again (a ring at
    the recursion limit comes as one)."""
    if taken < seconds + 2 * RING_AGAIN:
        return f"more than {seconds} seconds"
    return (
        f"{taken:,.0f} seconds (its limit is {seconds}, but one long call of Python's own, such "
        "as sum(range(10**10)), cannot be cut short, and code that catches RecursionError "
        "holds a stop up)"
    )


class Hinted:
    """An expected answer that comes with a hint: what may have caused an answer that differs.

    `hint` is a sentence, or a function of the answer giving one (or None when it has nothing
    to say about that answer). `stopped`, a sentence or a function of nothing giving one, is the
    hint for a function stopped for running too long, where the exercise knows a likely cause (a
    missing memo, say): `hint` is never asked about a stop, which no answer-reading hint could
    read. It compares and prints as the expected answer itself.
    """

    def __init__(
        self,
        expected: object,
        hint: str | Callable[[object], str | None] | None = None,
        stopped: str | Callable[[], str] | None = None,
    ) -> None:
        """Expect `expected`: `hint` for an answer that differs, `stopped` for a case stopped."""
        self.expected, self.hint, self.stopped = expected, hint, stopped

    def __eq__(self, answer: object) -> bool:
        return same(answer, self.expected)

    def unhinted(self) -> Hinted:
        """The same expected answer, with no hint to work out (for a failure that is not shown)."""
        plain = copy.copy(self)
        plain.hint = plain.stopped = None
        return plain

    def __repr__(self) -> str:
        return shown(self.expected, SHOWN)

    def hint_for(self, answer: object) -> str | None:
        """The hint for `answer` (or a stop: TooMuchWork), never raising; none for a function
        not written yet (NotImplementedError), whose hint could only guess."""
        try:
            if isinstance(answer, NotImplementedError):
                return None
            if isinstance(answer, TooMuchWork):
                return self.stopped() if callable(self.stopped) else self.stopped
            return self.answer_hint(answer)
        except KeyboardInterrupt:
            raise
        except BaseException:  # an answer the hint cannot read gets no hint, nor does a learner's
            return None  # function that a hint calls again and that exits or raises GeneratorExit

    def answer_hint(self, answer: object) -> str | None:
        """The hint for `answer`, an answer or an exception; it may raise (hint_for guards it)."""
        return self.hint(answer) if callable(self.hint) else self.hint


@dataclass(frozen=True)
class CaseHint:
    """A hint in two parts, as a hint function may give it: what the check `found` at this case
    (the right figures there, say) and the `advice`, which a report gives once: the cases after
    the first that share it show only what was found."""

    found: str
    advice: str

    def said_in(self, said: set[str]) -> str:
        """The hint as a report shows it, the advice only if not yet `said` (which it joins)."""
        if self.advice in said:
            return f"{self.found} (see the hint above)"
        said.add(self.advice)
        return f"{self.found}: {self.advice}"


class OfOneKind(Hinted):
    """An expected answer of one kind of value, or a list of them: an answer that equals it but
    holds a value of another kind (3.0 or True for 3, 1 for True) is wrong, with a hint that names
    that kind and says `why` the kind matters. A subclass names its `kind`, as a hint says it
    ("an int"), the values `of_kind`, and the usual `why`."""

    kind: str
    of_kind: Callable[[object], bool]
    why: str
    one_not_a_list: str  # the hint for a list given where one value belongs
    one_not_a_tuple: str  # and for a tuple (a comma after the value makes one: return 5,)

    def __init__(
        self,
        expected: object,
        hint: str | Callable[[object], str | None] | None = None,
        stopped: str | Callable[[], str] | None = None,
        why: str | None = None,
    ) -> None:
        """Expect `expected`, and say `why` (else the kind's usual reason) of an answer equal in
        another kind."""
        super().__init__(expected, hint, stopped)
        if why is not None:
            self.why = why

    def __eq__(self, answer: object) -> bool:
        return not self.odd_values(answer) and same(answer, self.expected)

    def answer_hint(self, answer: object) -> str | None:
        """Where `answer` differs only in kind, what kind it is; else the hint for `answer`; else,
        for a list or a tuple given where one value belongs (each, in a list of them), to give the
        value; else, for a value of another kind (True or "5" for 5), what kind it is."""
        odd = self.odd_values(answer)
        if odd and same(answer, self.expected):
            return self.kind_hint(odd[0])
        hint = super().answer_hint(answer)
        if hint is not None:
            return hint
        packing = self.packing(answer)
        if packing is not None:
            return self.one_not_a_list if packing is list else self.one_not_a_tuple
        # a number, a bool or a str of another kind; None (a lost return), a generator and the
        # like have hints of their own (run_case's)
        plain = [value for value in odd if isinstance(value, (int, float, str))]
        return self.kind_hint(plain[0]) if plain else None

    def kind_hint(self, value: object) -> str:
        """That `value` is not of the kind, and why the kind matters."""
        return f"that is {with_article(type(value).__name__)}, not {self.kind}: {self.why}"

    def packing(self, answer: object) -> type | None:
        """list or tuple, where `answer` gives one where a single value belongs (each, in a list
        of them) and the expected answer holds none; else None."""
        listed = isinstance(self.expected, list) and isinstance(answer, list)
        answers, expected = (answer, self.expected) if listed else ([answer], [self.expected])
        for packing in (list, tuple):
            if any(isinstance(item, packing) for item in answers) and not any(
                isinstance(item, packing) for item in expected
            ):
                return packing
        return None

    def odd_values(self, answer: object) -> list:
        """What in `answer`, one value or a list of them, is not of the kind (numpy's values are,
        as the Python values they stand for)."""
        value = python_value(answer)
        values = value if type(value) is tuple else [value]
        return [item for item in values if not self.of_kind(item)]


def with_article(name: str) -> str:
    """`name` after "a", or "an" before a vowel: "an int", "a float"."""
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"


class WholeNumbers(OfOneKind):
    """An expected whole number (a count, say), or a list of them: 3.0 or True for 3 is wrong."""

    kind, why = "an int", "counts are whole numbers"
    one_not_a_list = "return one whole number, not a list: the number itself, with no [ ] round it"
    one_not_a_tuple = (
        "return one whole number, not a tuple: the number itself, with no ( ) round it and no "
        "comma after it (return 5, gives the tuple (5,))"
    )
    of_kind = staticmethod(is_whole)


def is_truth_value(value: object) -> bool:
    """Whether `value` is True or False itself (numpy's bools are), not a number equal to one."""
    return isinstance(python_value(value), bool)


class TruthValues(OfOneKind):
    """An expected truth value, or a list of them: 1 or 1.0 for True is wrong."""

    kind, why = "a bool", "return True or False"
    one_not_a_list = "return True or False, not a list"
    one_not_a_tuple = "return True or False, not a tuple (a comma after it makes one)"
    of_kind = staticmethod(is_truth_value)


# Python's words for a tuple compared with a number, or a number with a tuple
COMPARED_TUPLE = re.compile(r"not supported between instances of '(tuple' and|\w+' and 'tuple)")


class Scores(OfOneKind):
    """An expected score (a number), or a list of them: True or False for 1 or 0 is wrong."""

    kind, why = "a number", "a score is a number such as -1, 0 or +1, not True or False"
    one_not_a_list = (
        "a score is one number, not a list: return the best of the moves' scores for the player "
        "to move (max on Max's turn, min on Min's)"
    )
    one_not_a_tuple = (
        "a score is one number, not a tuple: return the score alone, not a pair such as "
        "(score, new_state)"
    )
    of_kind = staticmethod(is_number)

    def answer_hint(self, answer: object) -> str | None:
        """For a tuple compared with a score (a pair returned below, a score with its move say),
        where the exercise has no hint of its own, to give one score; else the hint of
        OfOneKind."""
        if isinstance(answer, TypeError) and COMPARED_TUPLE.search(str(answer)):
            return super().answer_hint(answer) or (  # a pair from a search below, or a window
                "a tuple met a score: a search below returned a pair such as (score, new_state) "
                "(return the score alone), or alpha and beta went down as one tuple (pass them "
                "as two arguments)"
            )
        return super().answer_hint(answer)


def rehinted(case: Case, hint: str | Callable[[object], str | None]) -> Case:
    """`case` with `hint` (a sentence, or a function of the answer, as Hinted takes it) in place
    of its own; an expected answer of one kind keeps its kind."""
    description, call, expected = case
    if not isinstance(expected, Hinted):
        return (description, call, Hinted(expected, hint))
    rehinted_expected = copy.copy(expected)
    rehinted_expected.hint = hint
    return (description, call, rehinted_expected)


def number_hint(hint: str, answer: object) -> str | None:
    """`hint` for a wrong answer that is a number, as ``rehinted(case, partial(number_hint,
    hint))``: not for None (a skeleton's answer) or another kind of answer, which it would not
    explain."""
    return hint if isinstance(answer, Real) else None


def python_value(value: object) -> object:
    """`value` as a check compares it: numpy arrays and numbers turned into Python ones, and every
    list into a tuple, so that [1, 2] and (1, 2) compare equal."""
    if type(value) in (list, tuple):
        return tuple(python_value(item) for item in value)
    to_list = getattr(value, "tolist", None)
    if callable(to_list) and type(value).__module__.startswith("numpy"):
        try:
            return python_value(to_list())
        except Exception:  # an odd object: compare it as it is
            return value
    return value


def same(answer: object, expected: object) -> bool:
    """Whether `answer` equals `expected`, never raising, whatever `answer` is (a list may stand for
    a tuple)."""
    try:
        return bool(python_value(expected) == python_value(answer))
    except Exception:  # an answer that cannot even be compared is a wrong answer
        return False


def answered_again(call: Callable[[], object], otherwise: object = None) -> object:
    """`call()` within QUICK_SECONDS: how a hint asks the learner's function questions beside its
    case (to tell a slip from a chance match); `otherwise` for an exception or a stop."""
    try:
        with budget(seconds=QUICK_SECONDS):
            return call()
    except (Exception, TooMuchWork):
        return otherwise


def asked_again(question: Callable[[], bool]) -> bool:
    """Whether `question()` is true, asked as answered_again asks: an exception or a stop is a
    no."""
    return answered_again(question, False)


def agrees_with(function: Callable, reference: Callable, arguments: list[tuple]) -> bool:
    """Whether `function` answers as `reference` does for every tuple of `arguments`, asked
    again."""
    return asked_again(lambda: all(same(function(*each), reference(*each)) for each in arguments))


def rehinted_where(case: Case, slipped: Callable[[], bool], hint: str) -> Case:
    """`case`, whose wrong answer gets `hint` where `slipped()` (asking the learner's function
    again: the answer alone cannot tell that slip from another) is true, else the hint of its
    Hinted expected answer."""
    expected = case[2]
    return rehinted(case, lambda answer: hint if slipped() else expected.hint_for(answer))


def in_another_order(answer: object, expected: list) -> bool:
    """Whether `answer`, a collection (not a generator, which has GENERATOR_HINT), holds the items
    of `expected`, each as often, in another order (a set, or a sorted list, say)."""
    if not isinstance(answer, (list, tuple, set, frozenset)) or same(answer, expected):
        return False
    return sorted(map(repr, answer)) == sorted(map(repr, expected))


class CheckFailed(AssertionError):
    """A check's wrong cases, raised where a cell must fail (a graded check: CheckResult's
    raise_if_wrong), shown as the check's message alone."""

    def _render_traceback_(self) -> list[str]:
        """What IPython shows in place of a traceback: the check's lines, which say what is wrong
        and why, where a traceback of the check cell's own code would stand above them."""
        return str(self).splitlines()


@dataclass
class CheckResult:
    """What a check found: how many cases passed, and what went wrong in the others."""

    name: str
    passed: int
    failures: list[str] = field(default_factory=list)
    not_run: int = 0  # cases left out once one was stopped for running too long
    not_printed: int = 0  # characters the learner's code printed past those shown

    @property
    def ok(self) -> bool:
        """True when every case gave the expected answer."""
        return not self.failures

    def __bool__(self) -> bool:
        """Whether it passed, as ok says: ``assert check_mex(my_mex)`` stops at a wrong answer."""
        return self.ok

    def raise_if_wrong(self) -> None:
        """Raise CheckFailed, with this result's message, unless every case passed: how a graded
        cell fails, nbgrader giving it no points."""
        if not self.ok:
            raise CheckFailed(repr(self))

    def __repr__(self) -> str:
        total = self.passed + len(self.failures) + self.not_run
        lines = []
        if self.not_printed:
            lines += wrapped(
                f"(your code printed {self.not_printed:,} more characters, not shown: a print "
                "runs at every call, and a check makes many)"
            )
        if self.ok:
            lines += wrapped(f"✔ {self.name}: all {total} cases right. Well done!", "", "    ")
            return "\n".join(lines)
        wrong = f"{len(self.failures)} of {total} cases wrong"
        if self.not_run:
            wrong += f" ({self.not_run} more not run: each might run as long)"
        lines += wrapped(f"✘ {self.name}: {wrong}:", "", "    ")
        for failure in self.failures[:FAILURES_SHOWN]:
            lines += wrapped(failure, "  - ", "    ")
        if len(self.failures) > FAILURES_SHOWN:
            lines.append(f"  ... and {len(self.failures) - FAILURES_SHOWN} more: fix these first")
        return "\n".join(lines)


def checks_a_function(check: Callable[..., CheckResult]) -> Callable[..., CheckResult]:
    """`check`, which first makes sure it was given something to call (its `options`, such as
    check_simple_minimax's takes, passed on): a common slip calls the function,
    ``check_won_lost(wins_taking(5, (1, 2, 3)))``, and gives the check its answer. A function
    written with async def is named as such: its calls give coroutines, not answers (and Python
    would warn, later, of each one never awaited). A function of nimlib's own (its minimax, or a
    check's reference) is refused: it would pass, and earn a graded exercise's point, unwritten."""

    @functools.wraps(check)
    def checked(function: object, **options: object) -> CheckResult:
        if isinstance(function, FunctionType) and function.__code__.co_flags & (
            CO_COROUTINE | CO_ASYNC_GENERATOR
        ):
            written = f"{name_of(function)} is written with async def"
            return CheckResult(check.__name__, 0, [f"{written}: write it with def"])
        if isinstance(function, type) and issubclass(function, Game):  # makes a game, not answers
            given = f"{check.__name__} needs your function, not the game {function.__name__}"
            how = f"write {check.__name__}(your_function), the function the exercise's def names"
            return CheckResult(check.__name__, 0, [f"{given}: {how}"])
        if is_nimlibs_own(function):  # the answer, imported
            return nimlibs_own_refused(check.__name__, function)
        if callable(function):
            ending = WITHOUT_RETURN.set(ends_without_return(function))
            instead = GAME_UNREAD.set(game_parameter_unread(function))
            try:
                return check(function, **options)
            finally:
                GAME_UNREAD.reset(instead)
                WITHOUT_RETURN.reset(ending)
        how = f"{check.__name__}(your_function), without parentheses after the function's name"
        return given_instead(check.__name__, "function itself", function, how)

    return checked


def is_nimlibs_own(answer: object) -> bool:
    """Whether `answer` (a function, a class or a game) is nimlib's own, not the learner's."""
    module = getattr(answer, "__module__", None)  # None for a function exec made
    return isinstance(module, str) and module.startswith("nimlib.")


def nimlibs_own_refused(check: str, answer: object) -> CheckResult:
    """What the check `check` says of nimlib's own `answer`: it would pass, and earn a graded
    exercise's point, unwritten."""
    name = name_of(answer) if hasattr(answer, "__name__") else repr(answer)  # a game: SimpleNim()
    named = f"{name} is nimlib's own, from {answer.__module__}"
    return CheckResult(check, 0, [f"{named}: the exercise is to write yours"])


# whether the function being checked can end without a return (see ends_without_return), for the
# hint of a case that gets None from it: set by checks_a_function, read by run_case
WITHOUT_RETURN: ContextVar[bool] = ContextVar("WITHOUT_RETURN", default=False)
NO_RETURN_HINT = (
    "your function can reach its end without a return statement, and then gives None: return "
    "the answer"
)


def definition_of(function: object) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
    """`function`'s def as its source reads, or None where the source cannot be read (a built-in,
    code typed at a prompt, a lambda)."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    except Exception:  # no source, or not a def
        return None
    definition = tree.body[0] if tree.body else None
    return definition if isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef)) else None


def ends_without_return(function: object) -> bool:
    """Whether `function`'s body, as its source reads, can run past its last statement (where
    Python returns None): a forgotten return. False where the source cannot be read."""
    definition = definition_of(function)
    return definition is not None and not always_returns(definition.body)


def always_returns(statements: list[ast.stmt]) -> bool:
    """Whether `statements` end in a return or a raise, or in an if whose branches both do, a try
    whose body and handlers do (or its finally), or a with whose body does."""
    last = statements[-1] if statements else None
    if isinstance(last, ast.If):
        return always_returns(last.body) and always_returns(last.orelse)
    if isinstance(last, ast.Try):
        ends = [last.orelse or last.body, *(handler.body for handler in last.handlers)]
        return all(map(always_returns, ends)) or always_returns(last.finalbody)
    if isinstance(last, ast.With):
        return always_returns(last.body)
    return isinstance(last, (ast.Return, ast.Raise))


# the first parameter of the function being checked where it never reads it, but reads the
# notebook's global game in its place (see game_parameter_unread), for every hint of a wrong case:
# set by checks_a_function, read by with_hint
GAME_UNREAD: ContextVar[str | None] = ContextVar("GAME_UNREAD", default=None)
NOTEBOOKS_GAME = "game"  # the name the notebooks give the game they play, a global


def game_parameter_unread(function: Callable) -> str | None:
    """The name of `function`'s first parameter where its source never reads it, but reads the
    global `game`, a game the notebook made (``game = DiceNim(3)``), in its place (in a function
    inside it too): a parameter named g, say, with game.evaluate in the body, which searches the
    notebook's game whatever game the check gives it; else None."""
    definition = definition_of(function)
    namespace = getattr(inspect.unwrap(function), "__globals__", {})
    if definition is None or not definition.args.args:
        return None
    if not isinstance(namespace.get(NOTEBOOKS_GAME), Game):
        return None
    first = definition.args.args[0].arg
    read = {node.id for node in ast.walk(definition) if isinstance(node, ast.Name)}
    return first if NOTEBOOKS_GAME in read - {first} and first not in read else None


def notebooks_game_hint(parameter: str) -> str:
    """The hint for a function that never reads its first `parameter`, the game it is given, but
    the notebook's global `game`."""
    return (
        f"does your function search the game it is given (its first parameter, {parameter}), not "
        f"the notebook's game? It never reads {parameter}, but reads the global game that a cell "
        "above made: name the parameter game, as the exercise's def line does"
    )


def given_instead(name: str, needed: str, given: object, how: str) -> CheckResult:
    """What the check `name` says when it is given `given` instead of the learner's `needed`
    (their function, say): `how` to call it."""
    given_shown = shown_typed(given)
    return CheckResult(name, 0, [f"{name} needs your {needed}, not {given_shown}: write {how}"])


class CappedOutput:
    """Standard output that passes on to `stream` the first `lines` lines written, and no more than
    `characters` in all, and counts the characters after them (`not_printed`) and those of all
    (`written`); anything else asked of it (encoding, isatty) is the stream's."""

    def __init__(self, stream: TextIO, lines: int, characters: int) -> None:
        """Pass on `lines` lines, up to `characters`, to `stream`."""
        self.stream, self.lines_left, self.characters_left = stream, lines, characters
        self.not_printed, self.written, self.line_open = 0, 0, False

    def write(self, text: str) -> int:
        """Pass `text` on while lines and characters are left, and count the characters held
        back; the first held back ends the line cut short with "..."."""
        self.written += len(text)
        shown = text[: self.characters_left] if self.lines_left > 0 else ""
        if shown:
            self.stream.write(shown)
            self.lines_left -= shown.count("\n")
            self.characters_left -= len(shown)
            self.line_open = not shown.endswith("\n")
        held_back = len(text) - len(shown)
        if held_back and self.line_open:
            self.stream.write("...\n")
            self.line_open = False
        self.not_printed += held_back
        return len(text)

    def flush(self) -> None:
        """Flush the stream passed on to."""
        self.stream.flush()

    def __getattr__(self, name: str) -> object:
        return getattr(self.stream, name)


def run_cases(name: str, cases: list[Case], seconds: float | None = None) -> CheckResult:
    """Run each case ``(description, call, expected)``, each within `seconds` (None:
    MAX_SECONDS), and collect what differs from the expected. Once a case is stopped for running
    too long, the rest are not run: a learner's endless loop would keep the kernel busy for
    minutes, case after case, to say it again. Each hint is said once, at the first case it fits:
    one slip often fails most cases. What the learner's code prints is shown up to PRINTED_LINES
    lines (and PRINTED_CHARACTERS): a print in a search would fill the notebook with thousands."""
    output = CappedOutput(sys.stdout, PRINTED_LINES, PRINTED_CHARACTERS)
    with redirect_stdout(output), no_keyboard():
        result = checked_cases(name, cases, seconds, output)
    result.not_printed = output.not_printed
    return result


@contextmanager
def no_keyboard() -> Iterator[None]:
    """Run the body with an input() that raises EOFError saying why: a check calls the learner's
    function many times, with nobody to type (in a notebook, input() would open a box under the
    cell and wait there until the check's clock stopped it)."""
    kernels = builtins.input

    def nobody_types(prompt: object = "") -> str:
        raise EOFError(
            "input() during a check, with nobody to type: take what it needs from its arguments"
        )

    builtins.input = nobody_types
    try:
        yield
    finally:
        builtins.input = kernels


def checked_cases(
    name: str, cases: list[Case], seconds: float | None, output: CappedOutput
) -> CheckResult:
    """What run_cases finds of `cases`, apart from what the learner's code prints to `output`."""
    passed, failures, said = 0, [], set()
    for number, (description, call, expected) in enumerate(cases):
        if len(failures) >= FAILURES_SHOWN and isinstance(expected, Hinted):
            expected = expected.unhinted()  # its failure is counted, not shown: no hint is read
        problem = run_case(description, call, expected, said, output, seconds)
        if problem is None:
            passed += 1
            continue
        failures.append(problem)
        if isinstance(problem, Stopped):
            return CheckResult(name, passed, failures, len(cases) - number - 1)
    return CheckResult(name, passed, failures)


class Stopped(str):
    """What a check says of a case it stopped for running too long."""


def run_case(
    description: str,
    call: Callable[[], object],
    expected: object,
    said: set[str],
    output: CappedOutput,
    seconds: float | None,
) -> str | None:
    """None when `call()` gives `expected` within `seconds`; else what went wrong, in one line,
    with a hint not yet `said` (PRINTED_HINT for None given after printing to `output`)."""
    written = output.written
    try:
        with budget(seconds=seconds):
            answer = call()
    except TooMuchWork as stopped:
        likely = isinstance(expected, Hinted) and expected.stopped is not None  # a known cause
        question = (
            "it takes far too long, or never ends"
            if likely
            else "far more than a right answer needs: is it far too slow, or does a loop or a "
            "recursion never end?"
        )
        message = f"{description} was stopped after {stopped}: {question}"
        return Stopped(with_hint(message, expected, stopped, said))
    except RecursionError:
        if "RecursionError" in said:
            return f"{description} raised the same RecursionError"
        said.add("RecursionError")
        return (
            f"{description} raised RecursionError; expected {shown_expected(expected, said)}. "
            "Hint: does every call get closer to one that returns without calling again (in a "
            "search, the end of the game), and never past it (in Nim, a take larger than the "
            "counters left goes below 0, and play never ends)?"
        )
    except KeyboardInterrupt:
        raise
    # a learner's bug is a wrong answer, not a crash (sys.exit() included)
    except BaseException as error:
        text = message_of(error)
        if isinstance(error, NotImplementedError) and not text:
            return (
                f"{description}: not written yet (it raises NotImplementedError); expected "
                f"{shown_expected(expected, said)}"
            )
        raised = type(error).__name__ + (f": {text}" if text else "")
        if raised in said:  # said in full once: the cases after it only name the error
            raised = f"the same {type(error).__name__}"
        else:
            said.add(raised)
        message = f"{description} raised {raised}; expected {shown_expected(expected, said)}"
        if refused_its_arguments(error):  # the exercise's own hint would be about its code
            expected = Hinted(expected, ARGUMENTS_HINT)
        return with_hint(message, expected, error, said)
    if same(answer, expected):
        return None
    if holds(answer, lambda item: item is None):
        if output.written > written:
            expected = Hinted(expected, PRINTED_HINT)
        elif WITHOUT_RETURN.get():
            own = expected.hint_for(answer) if isinstance(expected, Hinted) else None
            if own is None or "None" not in own:  # a hint written for None knows its cause
                expected = Hinted(expected, NO_RETURN_HINT)
    return with_hint(
        f"{description} {gave_expected(answer, expected, said)}", expected, answer, said
    )


LETTERS = "a letter for each answer, in order: T for True, F for False"  # said of lettered's


def lettered(answer: object) -> str | None:
    """A list of LETTERED_FROM or more truth values (or Nones, as a function not yet written gives)
    as letters, one an answer: "FTT-" for [False, True, True, None]; None for anything else."""
    items = answer.expected if isinstance(answer, Hinted) else answer
    if type(items) is not list or len(items) < LETTERED_FROM:
        return None
    if not all(item is None or type(item) is bool for item in items):
        return None
    return "".join({True: "T", False: "F", None: "-"}[item] for item in items)


def letters_legend(letters: str, said: set[str]) -> str:
    """What the `letters` of `lettered` stand for, the Nones among them if any, each part once in
    a report (kept in `said`): a report of five cases says it once."""
    parts = {LETTERS: True, "- for None": "-" in letters}
    told = [part for part, needed in parts.items() if needed and part not in said]
    said.update(told)
    return f" ({', '.join(told)})" if told else ""


def shown_expected(expected: object, said: set[str]) -> str:
    """The `expected` answer as a failure shows it, lettered if it is a long list of truth
    values (what the letters stand for, unless `said`)."""
    letters = lettered(expected)
    return shown(expected, SHOWN) if letters is None else letters + letters_legend(letters, said)


def gave_expected(answer: object, expected: object, said: set[str]) -> str:
    """A wrong answer's "gave ..., expected ...", both in letters where both are long lists of
    truth values (what the letters stand for, unless `said`)."""
    given, wanted = lettered(answer), lettered(expected)
    if given and wanted:
        return f"gave {given}, expected {wanted}{letters_legend(given + wanted, said)}"
    return f"gave {shown(answer, SHOWN)}, expected {shown(expected, SHOWN)}"


# Python's words for a call whose arguments do not fit the function's parameters
MISFIT = re.compile(r"\(\) (takes|missing|got an unexpected keyword|got multiple values)")
ARGUMENTS_HINT = (
    "the check calls your function as shown: keep the parameters of the exercise's def line (a "
    "parameter of your own needs a default value)"
)


def cell_not_run(error: object) -> bool:
    """Whether `error` is the learner's code naming a global name not defined: most often, defined
    in a cell not run (after a restart); not a local or a free variable read before it is given
    (the function's own slip, UnboundLocalError or "cannot access free variable"), nor nimlib's."""
    if type(error) is not NameError or not message_of(error).startswith("name '"):
        return False
    frames = traceback.extract_tb(error.__traceback__)
    return bool(frames) and not Path(frames[-1].filename).resolve().is_relative_to(NIMLIB)


def refused_its_arguments(error: BaseException) -> bool:
    """Whether `error` is Python refusing the arguments a check gave the learner's function, before
    any line of it ran (nimlib's own call is the last line of the traceback)."""
    if not isinstance(error, TypeError) or not MISFIT.search(message_of(error)):
        return False
    frames = traceback.extract_tb(error.__traceback__)
    return bool(frames) and Path(frames[-1].filename).resolve().is_relative_to(NIMLIB)


class Shown(str):
    """Text that prints as itself, without quotes: an answer a check composed to describe."""

    def __repr__(self) -> str:
        return str(self)


def in_turn_case(description: str, questions: list[Case], why: str) -> Case:
    """One case asking `questions` one after another, as a search meets them: whatever the
    learner's function remembers from earlier questions must not change a later answer. Its
    answer is "all N right", or the first question answered wrongly, with `why` as its hint unless
    that is the first question, which no earlier one can have changed."""
    right = Shown(f"all {len(questions):,} right")
    first_wrong = "a wrong one at question 1:"

    def ask_in_turn() -> str:
        for number, (shown_question, call, expected) in enumerate(questions, 1):
            answer = call()
            if not same(answer, expected):
                wrong = f"{shown_question} = {shown(answer, SHOWN)} (not {shown(expected, SHOWN)})"
                return Shown(f"a wrong one at question {number:,}: {wrong}")
        return right

    def hint(answer: object) -> str | None:
        return None if answer.startswith(first_wrong) else why

    return (description, ask_in_turn, Hinted(right, hint))


GENERATOR_HINT = (
    "that is a generator, which a function with a yield in it gives (and so does (... for ... in "
    "...)): return the answer itself"
)


LIST_THE_MOVES_HINT = (
    "game.possible_new_states may give a generator (Nim's does), which is no list (no len(), no "
    "[index], no sort()): make it one first, moves = list(game.possible_new_states(state))"
)


def with_hint(message: str, expected: object, answer: object, said: set[str]) -> str:
    """`message`, followed by the hint that a Hinted `expected` has for `answer` (or an exception),
    else GENERATOR_HINT for an answer that holds a generator, LIST_THE_MOVES_HINT for the error
    of a generator asked its len(), an item or a list's method, or NONE_FROM_A_CALL_HINT for None
    met in a sum or a comparison of a function that can end without a return, if any and not
    already `said` (which it joins; of a CaseHint, its advice). A name not defined has its own
    hint alone (undefined_name_hint): no hint about the exercise fits code that could not run;
    an answer that changed its input, CHANGED_INPUT_HINT; and a function that searches the
    notebook's global game in place of the game it is given, notebooks_game_hint."""
    if cell_not_run(answer):
        hint = undefined_name_hint(answer)
    elif isinstance(answer, ChangedItsInput):
        hint = CHANGED_INPUT_HINT
    elif GAME_UNREAD.get() is not None:  # whatever else its answers show
        hint = notebooks_game_hint(GAME_UNREAD.get())
    else:
        hint = expected.hint_for(answer) if isinstance(expected, Hinted) else None
    if hint is None and holds(answer, lambda item: isinstance(item, GeneratorType)):
        hint = GENERATOR_HINT
    if isinstance(answer, (TypeError, AttributeError)) and "'generator'" in message_of(answer):
        hint = hint or LIST_THE_MOVES_HINT
    if (
        isinstance(answer, TypeError)
        and "'NoneType'" in message_of(answer)
        and WITHOUT_RETURN.get()
    ):
        hint = hint or NONE_FROM_A_CALL_HINT
    if isinstance(answer, FrozenInstanceError):  # a memo kept on one of nimlib's games, say
        hint = hint or FROZEN_GAME_HINT
    if isinstance(hint, CaseHint):
        hint = hint.said_in(said)
    if hint is None or hint in said:
        return message
    said.add(hint)
    return f"{message} Hint: {hint}" if message.endswith("?") else f"{message}. Hint: {hint}"


# a forgotten return in a recursive search: the call inside gives None to max() of the one above
NONE_FROM_A_CALL_HINT = (
    "None met a number. Your function can reach its end without a return statement, where it "
    "gives None: a call of it that does so hands None to the call above it. Return the answer on "
    "every path"
)


FROZEN_GAME_HINT = (
    "nimlib's games cannot be changed (their settings are fixed once made): keep what your "
    "function remembers in a dict of your own, made outside the function or passed down"
)
CHANGED_INPUT_HINT = (
    "leave what your function is given as it is, since its caller goes on using it: work on a "
    "copy (sorted(values) rather than values.sort(), dict(values) before changing one), and put "
    "what you work out into a new list or dict"
)
# a name defined in a cell not run: after a kernel restart, most often
UNDEFINED_NAME_HINT = (
    "if a cell above defines that name or imports it, run that cell first (after a restart of "
    "the kernel, Run > Run All Above Selected Cell); else check its spelling"
)
# the names the exercises import, each with its import: one of them not defined wants it
IMPORTS = {
    "math": "import math",
    "inf": "from math import inf",
    "sqrt": "from math import sqrt",
    "log": "from math import log",
    "cache": "from functools import cache",
    "lru_cache": "from functools import lru_cache",
    "reduce": "from functools import reduce",
    "xor": "from operator import xor",
}


def undefined_name_hint(error: NameError) -> str:
    """The hint for a name not defined: its import, for a name the exercises import (inf, math,
    cache), else UNDEFINED_NAME_HINT."""
    name = getattr(error, "name", None)
    if name not in IMPORTS:
        return UNDEFINED_NAME_HINT
    return f"{name} is imported, not built in: write {IMPORTS[name]} above your function"


PRINTED_HINT = "your function printed and gave None: return the answer (print only shows it)"


def is_pair(value: object) -> bool:
    """Whether `value` is a tuple or a list of two items: (lower, upper), or (answer, work)."""
    return type(value) in (tuple, list) and len(value) == 2


def holds(answer: object, test: Callable[[object], bool]) -> bool:
    """Whether `answer`, or an item of it (a list of answers, say), passes `test`: is None, or is
    a generator."""
    items = answer if type(answer) in (list, tuple) else [answer]
    return any(map(test, items))


def message_of(error: BaseException) -> str:
    """The message of `error`, cut short at a space when long, and never raising."""
    try:
        text = str(error)
    except Exception:  # a broken __str__ in the learner's exception
        text = "(no message)"
    if len(text) <= SHOWN:
        return text
    cut = text.rfind(" ", 0, SHOWN - 3)  # a word left whole
    return text[: cut if cut > SHOWN // 2 else SHOWN - 4] + " ..."


def call_case(function: Callable, arguments: tuple, expected: object) -> Case:
    """A case calling `function(*arguments)`, described as shown_call writes the call; an answer
    that changes a list, dict or set it is given is wrong (leaving_its_input)."""
    return (
        shown_call(function, arguments),
        lambda: leaving_its_input(function, *arguments),
        expected,
    )


def reference_cases(
    function: Callable,
    reference: Callable,
    questions: Iterable[tuple],
    expected_as: Callable[..., Hinted] = Hinted,
    hint: Callable[..., str | None] | None = None,
    stopped: Callable[..., str] | None = None,
) -> list[Case]:
    """A call_case for each tuple of arguments among `questions`: `function(*arguments)` against
    `reference(*arguments)`, expected as `expected_as` expects it (WholeNumbers, say, or a
    partial of it with its own why), a wrong answer hinted by ``hint(*arguments, answer)`` and a
    stop by ``stopped(*arguments)``."""
    return [
        call_case(
            function,
            arguments,
            expected_as(
                reference(*arguments),
                hint and functools.partial(hint, *arguments),
                stopped and functools.partial(stopped, *arguments),
            ),
        )
        for arguments in questions
    ]


CONTAINERS = (list, dict, set, bytearray)  # what a function can change in place


@dataclass(frozen=True)
class ChangedItsInput:
    """The answer of a function that changed a list, dict or set it was given: its caller would
    find that changed (a value iteration, its values; a search, the moves it goes on to try)."""

    answer: object
    given: object  # the argument, as it was given

    def __repr__(self) -> str:
        kind = type(self.given).__name__
        return f"{shown(self.answer, SHOWN // 2)} but changed the {kind} it was given"


def leaving_its_input(function: Callable, *arguments: object) -> object:
    """`function(*arguments)`, each list, dict and set of plain data given as a copy of its own;
    where the function changed one, a ChangedItsInput (the check's own arguments are left as they
    were). None is left as it is: the hints for None know its causes (a sort in place gives
    None)."""
    copies = [
        copy.deepcopy(given) if isinstance(given, CONTAINERS) and plain_data(given) else given
        for given in arguments
    ]
    answer = function(*copies)
    if answer is None:
        return None
    for given, copied in zip(arguments, copies, strict=True):
        if copied is not given and copied != given:  # a copy: of plain data, it compares
            return ChangedItsInput(answer, given)
    return answer


def plain_data(value: object, levels: int = 4) -> bool:
    """Whether `value` is data that a copy of it equals until one is changed: numbers, strings,
    None, and tuples, lists, dicts and sets of them (not objects equal only to themselves, nor
    numpy's arrays, whose == answers an array)."""
    if value is None or isinstance(value, (Number, str, bytes)):
        return True
    if levels and isinstance(value, (tuple, list, set, frozenset, bytearray)):
        return all(plain_data(item, levels - 1) for item in value)
    if levels and isinstance(value, dict):
        return all(
            plain_data(k, levels - 1) and plain_data(v, levels - 1) for k, v in value.items()
        )
    return False


def shown_call(function: Callable, arguments: tuple) -> str:
    """The call `function(*arguments)` as the learner would write it: the function, and any
    function among the arguments (a guess, say), by name_of."""
    shown_arguments = ", ".join(
        name_of(argument) if isinstance(argument, FunctionType) else repr(argument)
        for argument in arguments
    )
    return f"{name_of(function)}({shown_arguments})"


N = Shown("n")  # among a counts_case's arguments: the place of each number of counters in turn


def counts_case(function: Callable, arguments: tuple, counts: range, expected: object) -> Case:
    """A case calling `function(*arguments)` for each n in `counts`, N among `arguments` standing
    for n, and answering the list of answers: described as the comprehension that makes it, such
    as ``[f(n, (1, 2, 3)) for n in range(22)]``."""

    def call(n: int) -> object:
        return function(*(n if argument is N else argument for argument in arguments))

    bounds = f"{counts.start}, {counts.stop}" if counts.start else f"{counts.stop}"
    description = f"[{shown_call(function, arguments)} for n in range({bounds})]"
    return (description, lambda: [call(n) for n in counts], expected)


def one_slip_hint(
    answer: object, slips: Iterable[tuple[object, str]], otherwise: str | None = None
) -> str | None:
    """The hint for `answer` among `slips`, pairs of (what a slip answers, its hint): the hint of
    the slips that give `answer`, None where slips with different hints give it (other cases tell
    them apart), `otherwise` where none does."""
    hints = {hint for slipped, hint in slips if same(answer, slipped)}
    if not hints:
        return otherwise
    return hints.pop() if len(hints) == 1 else None


def name_of(function: object) -> str:
    """The name a function was defined with, for the messages of a check ("f" for a lambda; a
    partial object by the function it wraps)."""
    if isinstance(function, functools.partial):
        return name_of(function.func)
    name = getattr(function, "__name__", "f")
    return "f" if name == "<lambda>" or not isinstance(name, str) else name
