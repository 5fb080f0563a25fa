"""Checks for the exercises: call one with your function, and it tells you at once what is right.

Every check runs your code on a handful of cases and returns a CheckResult, which prints as
one line when all is well, and as one line per wrong case otherwise. A check never raises:
an exception in your code is reported as a wrong answer, with its message, and so is a
function that runs far too long (more calls, or more seconds, than any right answer needs).
"""

from __future__ import annotations

import random
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from inspect import CO_GENERATOR
from math import inf
from numbers import Real
from types import CodeType, FrameType

from nimlib.games import FibonacciNim, Game, Nim, SimpleNim, SplitNim, State
from nimlib.minimax import memoized_minimax, minimax
from nimlib.moves import solver
from nimlib.theory import grundy, mex, zeckendorf
from nimlib.tree import GameTree, Node, game_tree

Case = tuple[str, Callable[[], object], object]

MAX_CALLS = 2_000_000  # Python calls one case may make: far more than any right answer needs
MAX_SECONDS = 20  # and the seconds it may take, where a timer can stop it (Unix, main thread)
SHOWN = 160  # characters of an answer shown in a message
FAILURES_SHOWN = 8  # wrong cases listed in full; a skeleton gets every case wrong


class TooMuchWork(BaseException):
    """Stops a learner's function that runs past a check's budget (not an Exception, so that
    a bare ``except Exception`` in the learner's code cannot swallow it)."""


@dataclass
class CallBudget:
    """Counts the Python calls made while it is active, and stops the code past `max_calls`.

    `own_code` holds the code objects of one learner's function: calls to them are counted
    apart, in `own_calls`, to see how often a recursion called itself.
    """

    max_calls: int = MAX_CALLS
    own_code: frozenset[CodeType] = frozenset()
    calls: int = 0
    own_calls: int = 0

    def trace(self, frame: FrameType, event: str, argument: object) -> None:
        """The tracing hook: count a call, and stop once the budget is spent."""
        if event == "call":
            self.calls += 1
            if frame.f_code in self.own_code:
                self.own_calls += 1
            if self.calls > self.max_calls:
                raise TooMuchWork(f"more than {self.max_calls:,} calls")


@contextmanager
def budget(own_code: frozenset[CodeType] = frozenset()) -> Iterator[CallBudget]:
    """Run the body under a CallBudget of MAX_CALLS, and under a timer of MAX_SECONDS where Python offers one."""
    counter, previous_trace = CallBudget(MAX_CALLS, own_code), sys.gettrace()
    with time_limit(MAX_SECONDS):
        sys.settrace(counter.trace)
        try:
            yield counter
        finally:
            sys.settrace(previous_trace)


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Stop the body with TooMuchWork after `seconds`, when a timer is free (Unix, main thread)."""
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if not usable or signal.getitimer(signal.ITIMER_REAL)[0] > 0:
        yield
        return

    def stop(signum: int, frame: object) -> None:
        raise TooMuchWork(f"more than {seconds} seconds")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def plain(value: object) -> object:
    """`value` with numpy arrays and numbers turned into Python lists and numbers, to compare safely."""
    if isinstance(value, (list, tuple)):
        return type(value)(plain(item) for item in value) if type(value) in (list, tuple) else value
    to_list = getattr(value, "tolist", None)
    if callable(to_list) and type(value).__module__.startswith("numpy"):
        try:
            return plain(to_list())
        except Exception:  # an odd object: compare it as it is
            return value
    return value


def same(answer: object, expected: object) -> bool:
    """Whether `answer` equals `expected`, never raising, whatever `answer` is (a list may stand for a tuple)."""
    try:
        return bool(tuples(expected) == tuples(plain(answer)))
    except Exception:  # an answer that cannot even be compared is a wrong answer
        return False


def tuples(value: object) -> object:
    """`value` with every list in it turned into a tuple, so that [1, 2] and (1, 2) compare equal."""
    if type(value) in (list, tuple):
        return tuple(tuples(item) for item in value)
    return value


def shown(value: object) -> str:
    """`repr(value)`, cut short when long, and never raising."""
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ in the learner's object
        text = f"<a {type(value).__name__} object>"
    return text if len(text) <= SHOWN else text[: SHOWN - 5] + " ...>"


@dataclass
class CheckResult:
    """What a check found: how many cases passed, and what went wrong in the others."""

    name: str
    passed: int
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when every case gave the expected answer."""
        return not self.failures

    def __repr__(self) -> str:
        total = self.passed + len(self.failures)
        if self.ok:
            return f"✔ {self.name}: all {total} cases right. Well done!"
        lines = [f"✘ {self.name}: {len(self.failures)} of {total} cases wrong:"]
        lines += [f"  - {failure}" for failure in self.failures[:FAILURES_SHOWN]]
        if len(self.failures) > FAILURES_SHOWN:
            lines.append(f"  ... and {len(self.failures) - FAILURES_SHOWN} more: fix these first")
        return "\n".join(lines)


def run_cases(name: str, cases: list[Case]) -> CheckResult:
    """Run each case ``(description, call, expected)`` and collect what differs from the expected."""
    passed, failures = 0, []
    for description, call, expected in cases:
        problem = run_case(description, call, expected)
        if problem is None:
            passed += 1
        else:
            failures.append(problem)
    return CheckResult(name, passed, failures)


def run_case(description: str, call: Callable[[], object], expected: object) -> str | None:
    """None when `call()` gives `expected`; else what went wrong, in one line."""
    try:
        with budget():
            answer = call()
    except TooMuchWork as stopped:
        return f"{description} was stopped after {stopped}: does it always reach the end of the game?"
    except RecursionError:
        return f"{description} raised RecursionError: does every call get closer to the end of the game?"
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # a learner's bug is a wrong answer, not a crash (sys.exit() included)
        return f"{description} raised {type(error).__name__}: {message_of(error)}"
    if same(answer, expected):
        return None
    return f"{description} gave {shown(answer)}, expected {shown(expected)}"


def message_of(error: BaseException) -> str:
    """The message of `error`, cut short when long, and never raising."""
    try:
        text = str(error)
    except Exception:  # a broken __str__ in the learner's exception
        text = "(no message)"
    return text if len(text) <= SHOWN else text[: SHOWN - 4] + " ..."


def name_of(function: object) -> str:
    """The name a function was defined with, for the messages of a check ("f" for a lambda)."""
    name = getattr(function, "__name__", "f")
    return "f" if name == "<lambda>" or not isinstance(name, str) else name


# Notebook 01: Simple-Nim and a first minimax


def check_simple_minimax(function: Callable[[int, bool], int], takes: tuple[int, ...] = (1, 2, 3)) -> CheckResult:
    """Check `function(counters, max_turn)`: the score of Simple-Nim (last counter loses) where one may take `takes`."""
    game, name, counts = SimpleNim(takes=takes), name_of(function), range(13)
    cases = [
        (f"{name}(0, max_turn=True)", lambda: function(0, True), minimax(game, 0, True)),
        (f"{name}(0, max_turn=False)", lambda: function(0, False), minimax(game, 0, False)),
    ]
    for max_turn in (True, False):
        cases.append(
            (
                f"[{name}(n, max_turn={max_turn}) for n in range(13)]",
                lambda max_turn=max_turn: [function(n, max_turn) for n in counts],
                [minimax(game, n, max_turn) for n in counts],
            )
        )
    return run_cases(f"check_simple_minimax (takes {', '.join(map(str, takes))})", cases)


def patient_move(counters: int) -> int:
    """The counters to leave in Simple-Nim: the first winning move if there is one, else taking just 1."""
    left = [counters - take for take in (1, 2, 3) if take <= counters]
    winning = [new_counters for new_counters in left if minimax(SimpleNim(), new_counters, False) == 1]
    return winning[0] if winning else counters - 1


def check_first_best_move(function: Callable[[int], int]) -> CheckResult:
    """Check `function(counters)`: the counters to leave in Simple-Nim, a winning move if any, else taking just 1."""
    name, counts = name_of(function), range(1, 14)
    cases = [
        (f"{name}(6)", lambda: function(6), patient_move(6)),
        (f"{name}(5), where every move loses", lambda: function(5), patient_move(5)),
        (f"{name}(1)", lambda: function(1), patient_move(1)),
        (f"[{name}(n) for n in range(1, 14)]", lambda: [function(n) for n in counts], list(map(patient_move, counts))),
    ]
    return run_cases("check_first_best_move", cases)


# Notebook 02: the general minimax


class TinyTree(Game):
    """A made-up game given as its tree: from "root" a move goes to "a", "b" or "c", the next to a leaf.

    The leaves score 4 and 9 under "a", 1 and 7 under "b", 6 and 5 under "c": any numbers, not only +1 and -1.
    """

    score_range = (1, 9)
    children = {"root": ("a", "b", "c"), "a": ("a1", "a2"), "b": ("b1", "b2"), "c": ("c1", "c2")}
    leaf_scores = {"a1": 4, "a2": 9, "b1": 1, "b2": 7, "c1": 6, "c2": 5}

    def possible_new_states(self, state: str) -> tuple[str, ...]:
        """The nodes below `state`."""
        return self.children[state]

    def evaluate(self, state: str, is_maximizing: bool) -> int | None:
        """A leaf's score, the same whoever is to move; None above the leaves."""
        return self.leaf_scores.get(state)

    def validate(self, state: object) -> str:
        """One of the tree's nodes."""
        if state not in self.children and state not in self.leaf_scores:
            raise ValueError(f"{state!r} is not a node of the tiny tree")
        return state


class NumberTree(TinyTree):
    """A made-up game tree, drawn at random from `seed`, whose leaves score whole numbers from -9 to 9.

    Its nodes are strings: the root is "r", and a move appends a digit ("r" -> "r0", "r1", ...), so
    the moves come in sorted order and every node is met once. Scores repeat, as they do in games.
    """

    score_range = (-9, 9)

    def __init__(self, seed: int, depth: int = 6) -> None:
        self.seed, self.depth, self.children, self.leaf_scores = seed, depth, {}, {}
        self.grow("r", depth, random.Random(seed))

    def grow(self, node: str, depth: int, chance: random.Random) -> None:
        """Give `node` 2 or 3 children down to `depth` levels (now and then a leaf sooner), or a score."""
        if depth == 0 or (depth < self.depth - 1 and chance.random() < 0.1):
            self.leaf_scores[node] = chance.randint(*self.score_range)
            return
        self.children[node] = tuple(f"{node}{digit}" for digit in range(chance.choice((2, 3, 3))))
        for new_node in self.children[node]:
            self.grow(new_node, depth - 1, chance)

    def __repr__(self) -> str:
        return f"NumberTree(seed={self.seed})"


def minimax_case(name: str, function: Callable[..., int], game: Game, *arguments: object) -> Case:
    """A case comparing `function(game, *arguments)` with nimlib's minimax."""
    call = ", ".join(map(repr, [game, *arguments]))
    return (f"{name}({call})", lambda: function(game, *arguments), minimax(game, *arguments))


def check_general_minimax(function: Callable[[Game, State, bool], int]) -> CheckResult:
    """Check `function(game, state, is_maximizing)`: minimax for any game, on Simple-Nim, Nim and a tiny tree."""
    name, misere, normal, counts = name_of(function), SimpleNim(), SimpleNim(last_counter_loses=False), range(10)
    cases = [
        (
            f"[{name}({game!r}, n, {is_maximizing}) for n in range(10)]",
            lambda game=game, is_maximizing=is_maximizing: [function(game, n, is_maximizing) for n in counts],
            [minimax(game, n, is_maximizing) for n in counts],
        )
        for game, is_maximizing in [(misere, True), (misere, False), (normal, True)]
    ]
    cases += [
        minimax_case(name, function, Nim(), (1, 2), True),
        minimax_case(name, function, Nim(), (1, 1, 1), False),
        minimax_case(name, function, Nim(last_counter_loses=False), (1, 2, 3), True),
        minimax_case(name, function, TinyTree(), "root", True),
        minimax_case(name, function, TinyTree(), "root", False),
        minimax_case(name, function, NumberTree(seed=1, depth=4), "r", True),
        minimax_case(name, function, NumberTree(seed=2, depth=5), "r", False),
    ]
    return run_cases("check_general_minimax", cases)


def check_negamax(function: Callable[[Game, State], int]) -> CheckResult:
    """Check `function(game, state)`: the score (+1 or -1) for the player to move, in any game."""
    name, counts = name_of(function), range(10)
    cases = [
        (
            f"[{name}({game!r}, n) for n in range(10)]",
            lambda game=game: [function(game, n) for n in counts],
            [minimax(game, n, True) for n in counts],
        )
        for game in (SimpleNim(), SimpleNim(last_counter_loses=False))
    ]
    cases += [
        minimax_case(name, function, game, state)
        for game, state in [
            (Nim(), (1, 2)),
            (Nim(), (1, 1, 1)),
            (Nim(last_counter_loses=False), (1, 2, 3)),
            (SplitNim(), (7,)),
            (FibonacciNim(), FibonacciNim.start(8)),
        ]
    ]
    return run_cases("check_negamax", cases)


# Notebook 03: variants


def raises_value_error(call: Callable[[], object]) -> bool:
    """Whether `call()` raises a ValueError."""
    try:
        call()
    except ValueError:
        return True
    return False


def player_to_move_wins(game: Game, state: State) -> bool:
    """Whether the player to move can force a win, searching `game`'s own rules, with a clear error at a dead end."""
    score = game.evaluate(state, True)
    if score is not None:
        return same(score, 1)
    new_states = list(game.possible_new_states(state))
    if not new_states:
        raise ValueError(f"evaluate({state!r}, True) is None, so the game goes on, yet there is no move from {state!r}")
    return any(not player_to_move_wins(game, new_state) for new_state in new_states)


def check_variant(game_class: type[Game] | Game) -> CheckResult:
    """Check a game class for the subtraction game: take 1, 3 or 4 counters; whoever takes the last counter wins."""
    try:
        with budget():
            game = game_class() if isinstance(game_class, type) else game_class
    except (Exception, TooMuchWork) as error:  # a learner's bug is a wrong answer, not a crash
        return CheckResult("check_variant", 0, [f"making the game raised {type(error).__name__}: {message_of(error)}"])
    reference, counts = SimpleNim(takes=(1, 3, 4), last_counter_loses=False), range(15)

    def wins_and_losses(game: Game) -> str:
        return "".join("W" if player_to_move_wins(game, n) else "L" for n in counts)

    cases = [
        ("sorted(possible_new_states(7))", lambda: sorted(game.possible_new_states(7)), [3, 4, 6]),
        ("sorted(possible_new_states(2))", lambda: sorted(game.possible_new_states(2)), [1]),
        ("evaluate(0, is_maximizing=True)", lambda: game.evaluate(0, True), -1),
        ("evaluate(0, is_maximizing=False)", lambda: game.evaluate(0, False), 1),
        ("evaluate(5, is_maximizing=True)", lambda: game.evaluate(5, True), None),
        ("validate(7)", lambda: game.validate(7), 7),
        ("does validate(-1) raise a ValueError?", lambda: raises_value_error(lambda: game.validate(-1)), True),
        ("does validate('7') raise a ValueError?", lambda: raises_value_error(lambda: game.validate("7")), True),
        ("does validate(2.5) raise a ValueError?", lambda: raises_value_error(lambda: game.validate(2.5)), True),
        ("does validate(None) raise a ValueError?", lambda: raises_value_error(lambda: game.validate(None)), True),
        (
            "who wins from 0, 1, ..., 14 counters (W: the player to move, L: the other)",
            lambda: wins_and_losses(game),
            wins_and_losses(reference),
        ),
    ]
    return run_cases("check_variant (take 1, 3 or 4; the last counter wins)", cases)


# Notebook 04: memoization


class CountingGame(Game):
    """A game that plays exactly like `game` and counts the positions a search expands (asks for their moves).

    Only positions where the game goes on count. With `canonical`, that function is the game's
    canonical form instead of the game's own.
    """

    def __init__(self, game: Game, canonical: Callable[[State], State] | None = None) -> None:
        self.game, self.expanded, self.expanded_states = game, 0, set()
        self.canonical_form = game.canonical if canonical is None else canonical
        self.score_range = getattr(game, "score_range", (-1, 1))

    def possible_new_states(self, state: State) -> Iterable[State]:
        """The moves of the game, counted."""
        if self.game.evaluate(state, True) is None:
            self.expanded += 1
            self.expanded_states.add(state)
        return self.game.possible_new_states(state)

    def evaluate(self, state: State, is_maximizing: bool) -> float | None:
        """The game's own score."""
        return self.game.evaluate(state, is_maximizing)

    def validate(self, state: object) -> State:
        """The game's own check of a state."""
        return self.game.validate(state)

    def canonical(self, state: State) -> State:
        """The canonical form in use."""
        return self.canonical_form(state)

    def describe_move(self, state: State, new_state: State) -> str:
        """The game's own words for a move."""
        return self.game.describe_move(state, new_state)

    def __repr__(self) -> str:
        return repr(self.game)


class AtMost:
    """The expected answer of a case that counts: every whole number up to `limit` is right."""

    def __init__(self, limit: int, reason: str) -> None:
        self.limit, self.reason = limit, reason

    def __eq__(self, other: object) -> bool:
        return isinstance(other, int) and not isinstance(other, bool) and other <= self.limit

    def __repr__(self) -> str:
        return f"at most {self.limit:,} ({self.reason})"


def score_and_work(
    function: Callable[..., float], game: Game, state: State, canonical: Callable | None = None, *window: float
) -> tuple[float, int]:
    """The score of `function(game, state, True, *window)`, and how many times it asked for the moves of a position."""
    counting = CountingGame(game, canonical)
    score = function(counting, state, True, *window)
    return score, counting.expanded


def memo_search(game: Game, state: State, is_maximizing: bool) -> int:
    """nimlib's memoized minimax, remembering positions by their canonical form."""
    return memoized_minimax(game, state, is_maximizing, canonical=True)


def check_memoized_minimax(function: Callable[[Game, State, bool], int]) -> CheckResult:
    """Check `function(game, state, is_maximizing)`: minimax scores, and each position expanded at most once."""
    name = name_of(function)
    normal = SimpleNim(last_counter_loses=False)
    cases = [
        minimax_case(name, function, game, state, is_maximizing)
        for game, state, is_maximizing in [
            (SimpleNim(), 6, True),
            (SimpleNim(), 5, False),
            (SimpleNim(), 8, True),
            (normal, 8, True),
            (Nim(), (1, 2, 3), True),
            (Nim(last_counter_loses=False), (1, 2, 4), False),
            (SplitNim(), (7,), True),
        ]
    ]
    for game, state in [(SimpleNim(), 15), (Nim(), (2, 3, 4))]:
        score, limit = score_and_work(memoized_minimax, game, state)
        cases.append(
            (
                f"(score, positions expanded) of {name}({game!r}, {state!r}, True)",
                lambda game=game, state=state: score_and_work(function, game, state),
                (score, AtMost(limit, "one per position and player to move")),
            )
        )
    return run_cases("check_memoized_minimax", cases)


def check_canonical(function: Callable[[tuple[int, ...]], State]) -> CheckResult:
    """Check `function(piles)`: one key for Nim positions that play alike, different keys for the others."""
    name = name_of(function)

    def distinct_keys(positions: tuple[tuple[int, ...], ...], expected: int) -> Case:
        shown = ", ".join(f"{name}({position!r})" for position in positions)
        return (f"len({{{shown}}})", lambda: len({function(position) for position in positions}), expected)

    alike = [((3, 2, 1), (1, 2, 3)), ((0, 2, 0, 1), (1, 2)), ((5, 2, 2), (2, 5, 2), (2, 2, 5)), ((0, 0), (0,))]
    different = [
        ((1, 2), (1, 3)),
        ((1, 3), (2, 2)),
        ((1, 1), (1,)),
        ((0, 0), (0, 1)),
        ((2, 2), (2,)),
        ((1,), (2, 3), (4, 5), (1, 6, 7)),
        ((1, 1), (2, 2), (3, 3), (1, 2, 3)),
        ((3,), (1, 2), (1, 1, 1)),
    ]
    cases = [distinct_keys(positions, 1) for positions in alike]
    cases += [distinct_keys(positions, len(positions)) for positions in different]
    for piles in [(2, 3), (2, 2, 1), (5, 4), (1, 2, 3, 4)]:
        score, limit = score_and_work(memo_search, Nim(), piles)
        cases.append(
            (
                f"(score, positions expanded) of memoized_minimax(Nim(), {piles}, canonical=True) with {name}",
                lambda piles=piles: score_and_work(memo_search, Nim(), piles, function),
                (score, AtMost(limit, "as many as with Nim's own canonical form")),
            )
        )
    return run_cases("check_canonical", cases)


def check_won_lost(function: Callable[[int, tuple[int, ...]], bool]) -> CheckResult:
    """Check `function(counters, takes)`: True when the player to move can force a win, if a move takes
    one of `takes` counters and whoever takes the last counter wins (whoever cannot move has lost)."""
    name, counts = name_of(function), range(22)
    cases = [
        (
            f"[{name}(n, {takes}) for n in range(22)]",
            lambda takes=takes: [function(n, takes) for n in counts],
            [memoized_minimax(SimpleNim(takes=takes, last_counter_loses=False), n) == 1 for n in counts],
        )
        for takes in [(1, 2, 3), (1, 3, 4), (2, 5), (3, 1)]
    ]
    return run_cases("check_won_lost (the last counter wins)", cases)


def own_code_of(function: object) -> frozenset[CodeType]:
    """The code of `function` (unwrapped from functools.cache and the like) and of the functions defined
    inside it, leaving out generators and comprehensions (Python enters them again at every item)."""
    function = getattr(function, "__wrapped__", function)
    found, waiting = set(), [getattr(function, "__code__", None)]
    while waiting:
        code = waiting.pop()
        if isinstance(code, CodeType) and code not in found:
            found.add(code)
            waiting.extend(constant for constant in code.co_consts if isinstance(constant, CodeType))
    return frozenset(code for code in found if not code.co_flags & CO_GENERATOR and not code.co_name.endswith("comp>"))


def answer_and_calls(function: Callable[..., bool], *arguments: object) -> tuple[object, int]:
    """`function(*arguments)`, and how many times the code of `function` was called on the way."""
    with budget(own_code=own_code_of(function)) as counter:
        answer = function(*arguments)
    return plain(answer), counter.own_calls


def check_memoized_won_lost(function: Callable[[int, tuple[int, ...]], bool]) -> CheckResult:
    """Check `function(counters, takes)`: the answers of check_won_lost, and a memo that calls the
    function at most a few times per number of counters (once, plus once per move that reaches it)."""
    result = check_won_lost(function)
    cases = []
    for counters, takes in [(21, (1, 2, 3)), (24, (1, 3, 4)), (40, (2, 5))]:
        wins = memoized_minimax(SimpleNim(takes=takes, last_counter_loses=False), counters) == 1
        limit = (counters + 1) * (len(takes) + 1)
        cases.append(
            (
                f"({name_of(function)}({counters}, {takes}), calls it made)",
                lambda counters=counters, takes=takes: answer_and_calls(function, counters, takes),
                (wins, AtMost(limit, f"{len(takes) + 1} per number of counters from {counters} down")),
            )
        )
    calls = run_cases("", cases)
    return CheckResult("check_memoized_won_lost", result.passed + calls.passed, result.failures + calls.failures)


def distinct_new_states(game: Game, state: State) -> list[State]:
    """The states one move from `state`, in the game's order, leaving out any whose canonical form came before."""
    seen, kept = set(), []
    for new_state in game.possible_new_states(state):
        if game.canonical(new_state) not in seen:
            seen.add(game.canonical(new_state))
            kept.append(new_state)
    return kept


def listed(answer: object) -> object:
    """`answer` as a list when it is a generator or another iterator, else as it is."""
    return list(answer) if hasattr(answer, "__next__") else answer


def check_distinct_new_states(function: Callable[[Game, State], Iterable[State]]) -> CheckResult:
    """Check `function(game, state)`: the game's moves from `state`, in its order, without the ones that
    lead to the same canonical state as an earlier move (mirror images)."""
    name = name_of(function)
    positions = [
        (Nim(), (2, 2, 2)),
        (Nim(), (1, 2, 3)),
        (Nim(), (0, 3, 3)),
        (Nim(last_counter_loses=False), (1, 1)),
        (SplitNim(), (7, 7)),
        (SplitNim(), (4, 3, 5)),
        (SimpleNim(), 5),
        (FibonacciNim(), (6, 10)),
    ]
    cases = [
        (
            f"{name}({game!r}, {state!r})",
            lambda g=game, s=state: listed(function(g, s)),
            distinct_new_states(game, state),
        )
        for game, state in positions
    ]
    return run_cases("check_distinct_new_states", cases)


# Notebook 05: alpha-beta pruning


class PathGame(Game):
    """A game that plays exactly like `game`, but whose states are whole paths of play from the start.

    No two paths are alike, so no position ever comes twice: a memo saves nothing here, and only cutting
    off moves lets a search expand fewer positions than plain minimax.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.score_range = getattr(game, "score_range", (-1, 1))

    def possible_new_states(self, path: tuple) -> list[tuple]:
        """The path so far, followed by each position one move can reach, in the game's order."""
        return [(*path, new_state) for new_state in self.game.possible_new_states(path[-1])]

    def evaluate(self, path: tuple, is_maximizing: bool) -> float | None:
        """The game's score of the last position of the path."""
        return self.game.evaluate(path[-1], is_maximizing)

    def validate(self, path: object) -> tuple:
        """A non-empty tuple of positions, the last one valid in the game."""
        if not isinstance(path, tuple) or not path:
            raise ValueError(f"a path must be a non-empty tuple of positions, not {path!r}")
        return (*path[:-1], self.game.validate(path[-1]))

    def __repr__(self) -> str:
        return f"PathGame({self.game!r})"


def textbook_alphabeta(game: Game, state: State, is_maximizing: bool, alpha: float, beta: float) -> float:
    """Alpha-beta as the notebooks write it, with no table and the game's own move order: the reference."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    best = -inf if is_maximizing else inf
    for new_state in game.possible_new_states(state):
        value = textbook_alphabeta(game, new_state, not is_maximizing, alpha, beta)
        if is_maximizing:
            best, alpha = max(best, value), max(alpha, value)
        else:
            best, beta = min(best, value), min(beta, value)
        if alpha >= beta:
            break
    return best


def expansions(game: Game, state: State, *windows: tuple[float, float]) -> int:
    """The most positions textbook alpha-beta expands from `state` (Max to move) under any of `windows`."""
    counts = []
    for window in windows:
        counting = CountingGame(game)
        textbook_alphabeta(counting, state, True, *window)
        counts.append(counting.expanded)
    return max(counts)


class WithinWindow:
    """The expected answer of alpha-beta called with the window (alpha, beta) on a position worth `score`.

    Inside the window the answer is the score itself. Outside, the search may stop at the edge
    (fail-hard) or report a bound between the edge and the score (fail-soft): both are right.
    """

    def __init__(self, score: float, alpha: float, beta: float) -> None:
        self.score, self.alpha, self.beta = score, alpha, beta

    def __eq__(self, answer: object) -> bool:
        if isinstance(answer, bool) or not isinstance(answer, Real):
            return False
        if self.score <= self.alpha:
            return self.score <= answer <= self.alpha
        if self.score >= self.beta:
            return self.beta <= answer <= self.score
        return answer == self.score

    def __repr__(self) -> str:
        if self.alpha < self.score < self.beta:
            return repr(self.score)
        edge = "at most alpha" if self.score <= self.alpha else "at least beta"
        return f"{edge} and a bound on the true score {self.score} (fail-hard or fail-soft)"


def check_alphabeta(function: Callable[..., float]) -> CheckResult:
    """Check `function(game, state, is_maximizing, alpha=-1, beta=1)`: minimax scores, with branches cut off.

    The scores are checked with the default window on Nim games, and with explicit windows on
    made-up trees whose scores run from -9 to 9. The positions expanded are counted in games
    where no position comes twice, and compared with textbook alpha-beta in the game's move order.
    """
    name, classic = name_of(function), SimpleNim(sensible_moves=True)
    cases = [
        minimax_case(name, function, game, state, is_maximizing)
        for game, state, is_maximizing in [
            (classic, 6, True),
            (SimpleNim(), 5, True),
            (SimpleNim(), 5, False),
            (SimpleNim(last_counter_loses=False), 8, True),
            (Nim(), (1, 2, 3), True),
            (Nim(), (2, 2, 3), False),
            (Nim(last_counter_loses=False), (1, 2, 4), True),
            (SplitNim(), (9,), True),
        ]
    ]
    cases += [window_case(name, function, game, state, True, (-inf, inf)) for game, state in [(Nim(), (2, 2, 3))]]
    cases += number_tree_cases(name, function)
    cases += work_cases(name, function)
    return run_cases("check_alphabeta", cases)


def window_case(name: str, function: Callable, game: Game, state: State, is_maximizing: bool, window: tuple) -> Case:
    """A case calling `function` with an explicit window, right if fail-hard or fail-soft."""
    alpha, beta = window
    return (
        f"{name}({game!r}, {state!r}, {is_maximizing}, {alpha}, {beta})",
        lambda: function(game, state, is_maximizing, alpha, beta),
        WithinWindow(minimax(game, state, is_maximizing), alpha, beta),
    )


def number_tree_cases(name: str, function: Callable) -> list[Case]:
    """Scores from made-up trees with scores from -9 to 9, under wide, tight and missed windows."""
    cases = []
    for seed in (1, 2, 3):
        game = NumberTree(seed)
        for is_maximizing in (True, False):
            score = minimax(game, "r", is_maximizing)
            windows = [(-inf, inf), (-9, 9), (score - 2, score + 1), (score + 1, score + 4), (score - 5, score - 1)]
            cases += [window_case(name, function, game, "r", is_maximizing, window) for window in windows]
    return cases


def work_cases(name: str, function: Callable) -> list[Case]:
    """Score and positions expanded, in games where no position repeats, against textbook alpha-beta."""
    cases = []
    for game, state in [(PathGame(SimpleNim(sensible_moves=True)), (10,)), (PathGame(SimpleNim()), (9,))]:
        score, plain_work = score_and_work(minimax, game, state)
        cases.append(
            (
                f"(score, positions expanded) of {name}({game!r}, {state!r}, True)",
                lambda game=game, state=state: score_and_work(function, game, state),
                (score, AtMost(plain_work - 1, f"fewer than the {plain_work:,} of minimax, where no position repeats")),
            )
        )
    for game, state in [(PathGame(Nim()), ((2, 3, 4),)), (PathGame(Nim(last_counter_loses=False)), ((1, 3, 4),))]:
        limit = expansions(game, state, (-1, 1), (-inf, inf))
        cases.append(
            (
                f"(score, positions expanded) of {name}({game!r}, {state!r}, True)",
                lambda game=game, state=state: score_and_work(function, game, state),
                (minimax(game, state), AtMost(limit, "as many as textbook alpha-beta, where no position repeats")),
            )
        )
    for seed, window in [(4, (-inf, inf)), (5, (-9, 9)), (6, (-inf, inf)), (7, (-9, 9))]:
        game = NumberTree(seed)
        limit = expansions(game, "r", window)
        cases.append(
            (
                f"(score, positions expanded) of {name}({game!r}, 'r', True, {window[0]}, {window[1]})",
                lambda game=game, window=window: score_and_work(function, game, "r", None, *window),
                (minimax(game, "r"), AtMost(limit, "as many as textbook alpha-beta from this window")),
            )
        )
    return cases


# Notebook 06: exploring the search


def mirrored(node: Node) -> Node:
    """A copy of `node` with the children of every node drawn right to left; the visits keep their order."""
    return replace(node, children=[mirrored(child) for child in reversed(node.children)])


def check_visited_states(function: Callable[..., list]) -> CheckResult:
    """Check `function(tree, k)`: the states of the first `k` nodes the search of `tree` visits, in visit order."""

    name = name_of(function)
    four, five = game_tree(SimpleNim(), 4), game_tree(SimpleNim(), 5, alphabeta=True)
    four_mirrored, five_mirrored = GameTree(four.game, mirrored(four.root)), GameTree(five.game, mirrored(five.root))
    trees = [
        ("game_tree(SimpleNim(), 4)", four),
        ("game_tree(SimpleNim(), 5, alphabeta=True)", five),
        ("game_tree(Nim(), (1, 2), alphabeta=True)", game_tree(Nim(), (1, 2), alphabeta=True)),
        (
            "game_tree(Nim(), (2, 2), alphabeta=True, window=(-inf, inf))",
            game_tree(Nim(), (2, 2), alphabeta=True, window=(-inf, inf)),
        ),
        ("game_tree(SimpleNim(), 4) drawn right to left", four_mirrored),
        ("game_tree(SimpleNim(), 5, alphabeta=True) drawn right to left", five_mirrored),
    ]
    cases = [
        (
            f"{name}({shown_tree}, {k})",
            lambda tree=tree, k=k: function(tree, k),
            [n.state for n in tree.visit_order[:k]],
        )
        for shown_tree, tree in trees
        for k in (1, 6, tree.visited_count)
    ]
    return run_cases("check_visited_states", cases)


def check_window_after(function: Callable[..., tuple[float, float]]) -> CheckResult:
    """Check `function(alpha, beta, is_maximizing, scores)`: alpha and beta after the children's `scores`."""
    name = name_of(function)
    examples = [
        ((-1, 1, True, []), (-1, 1)),
        ((-1, 1, True, [-1]), (-1, 1)),
        ((-1, 1, True, [-1, 1]), (1, 1)),
        ((-1, 1, False, [1, -1]), (-1, -1)),
        ((-inf, inf, True, [-1]), (-1, inf)),
        ((-inf, inf, False, [1]), (-inf, 1)),
        ((-1, inf, False, [1, 1]), (-1, 1)),
        ((-inf, 1, True, [-1, -1]), (-1, 1)),
        ((-inf, inf, True, [3, 7, 2]), (7, inf)),
        ((-inf, inf, False, [3, 1, 5]), (-inf, 1)),
        ((4, 9, True, [2, 3]), (4, 9)),
        ((-9, 0, False, [1, 5]), (-9, 0)),
        ((0, 9, True, [6, 2, 5]), (6, 9)),
        ((0, 9, False, [2, 8, 4]), (0, 2)),
        ((2, 9, False, []), (2, 9)),
        ((0, 5, True, [3, 7]), (7, 5)),
        ((-2, 6, False, [4, -5]), (-2, -5)),
    ]
    cases = [(f"{name}{arguments}", lambda a=arguments: function(*a), expected) for arguments, expected in examples]
    return run_cases("check_window_after", cases)


# Notebook 07: playing against the computer, and a look ahead


def winning_moves_of(game: Game, state: State) -> list[State]:
    """The positions one move from `state` after which the player who moved can force a win."""
    return [new for new in game.possible_new_states(state) if memoized_minimax(game, new, False) == 1]


def check_winning_moves(function: Callable[[Game, State], list]) -> CheckResult:
    """Check `function(game, state)`: every new state that wins for the player to move, in the game's order."""
    name = name_of(function)
    normal = Nim(last_counter_loses=False)
    positions = [
        (SimpleNim(), 6),
        (SimpleNim(), 5),
        (SimpleNim(last_counter_loses=False), 7),
        (SimpleNim(takes=(1, 2, 4), last_counter_loses=False), 10),
        (SimpleNim(takes=(1, 3, 4)), 11),
        (Nim(), (1, 2, 3)),
        (normal, (1, 2, 4)),
        (normal, (3, 3)),
        (normal, (3, 5, 7)),
        (Nim(), (1, 4, 6, 7)),
        (SplitNim(), (7,)),
        (SplitNim(), (12,)),
        (FibonacciNim(), FibonacciNim.start(10)),
    ]
    cases = [
        (f"{name}({game!r}, {state!r})", lambda g=game, s=state: function(g, s), winning_moves_of(game, state))
        for game, state in positions
    ]
    return run_cases("check_winning_moves", cases)


def depth_limited(game: Game, state: State, depth: int, is_maximizing: bool, guess: Callable[..., float]) -> float:
    """Minimax that looks `depth` moves ahead, and scores the positions there by `guess(state, is_maximizing)`."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    if depth == 0:
        return guess(state, is_maximizing)
    scores = [depth_limited(game, new, depth - 1, not is_maximizing, guess) for new in game.possible_new_states(state)]
    return max(scores) if is_maximizing else min(scores)


def no_idea(state: State, is_maximizing: bool) -> float:
    """A guess that knows nothing: 0 for every position."""
    return 0


def more_counters_for_max(state: tuple[int, ...], is_maximizing: bool) -> float:
    """A made-up guess for the checks: a tenth of the counters left, positive when Max is to move."""
    return sum(state) / 10 if is_maximizing else -sum(state) / 10


def check_depth_limited(function: Callable[..., float]) -> CheckResult:
    """Check `function(game, state, depth, is_maximizing, guess)`: minimax `depth` moves deep, then `guess`."""
    name = name_of(function)
    normal = Nim(last_counter_loses=False)
    examples = [
        (normal, (1, 2, 3), 0, True, more_counters_for_max),
        (normal, (1, 2, 3), 1, True, more_counters_for_max),
        (normal, (1, 2, 3), 2, False, more_counters_for_max),
        (normal, (2, 3), 3, True, no_idea),
        (normal, (0, 0), 0, True, more_counters_for_max),
        (Nim(), (1, 2, 2), 8, True, no_idea),
        (Nim(), (1, 2, 2), 8, False, no_idea),
        (normal, (4, 5, 6), 2, True, no_idea),
    ]
    cases = [
        (
            f"{name}({game!r}, {state!r}, {depth}, {is_maximizing}, {guess.__name__})",
            lambda a=(game, state, depth, is_maximizing, guess): function(*a),
            depth_limited(game, state, depth, is_maximizing, guess),
        )
        for game, state, depth, is_maximizing, guess in examples
    ]
    return run_cases("check_depth_limited", cases)


# Notebook 08: patterns and theory


def check_nim_sum_rule(function: Callable[[tuple[int, ...]], bool]) -> CheckResult:
    """Check `function(piles)`: True exactly when the player to move wins Nim in normal play (last counter wins)."""

    name, wins = name_of(function), solver(Nim(last_counter_loses=False), "memo_canonical")
    positions = [(0,), (5,), (3, 3), (2, 3), (1, 2, 3), (2, 3, 5), (1, 3, 5, 7), (4, 6, 8, 9)]
    cases = [(f"{name}({piles})", lambda piles=piles: function(piles), wins(piles, True) == 1) for piles in positions]
    return run_cases("check_nim_sum_rule (normal play, checked by search)", cases)


def check_mex(function: Callable[[list[int]], int]) -> CheckResult:
    """Check `function(values)`: the smallest whole number (0, 1, 2, ...) that is not in `values`."""

    name = name_of(function)
    examples = [[], [0], [1, 2], [0, 1, 3], [3, 0, 2, 1], [0, 0, 2, 1, 1]]
    cases = [(f"{name}({values})", lambda values=values: function(list(values)), mex(values)) for values in examples]
    return run_cases("check_mex", cases)


def check_grundy(function: Callable[[int, tuple[int, ...]], int]) -> CheckResult:
    """Check `function(counters, takes)`: the Grundy value of a pile from which a move takes one of `takes`."""

    name, counts = name_of(function), range(12)
    cases = []
    for takes in [(1, 2, 3), (1, 3, 4), (2, 5)]:
        game, cache = SimpleNim(takes=takes, last_counter_loses=False), {}
        cases.append(
            (
                f"[{name}(n, {takes}) for n in range(12)]",
                lambda takes=takes: [function(n, takes) for n in counts],
                [grundy(game, n, cache) for n in counts],
            )
        )
    return run_cases("check_grundy (subtraction games, normal play)", cases)


def check_zeckendorf(function: Callable[[int], list[int]]) -> CheckResult:
    """Check `function(n)`: `n` as a sum of non-consecutive Fibonacci numbers (1, 2, 3, 5, ...), largest first."""

    name = name_of(function)
    cases = [(f"{name}({n})", lambda n=n: function(n), zeckendorf(n)) for n in [1, 4, 12, 33, 100, 1000]]
    return run_cases("check_zeckendorf", cases)
