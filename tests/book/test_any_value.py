"""The limits, round three (issue 36): every public entry point of nimlib, given values of every
kind.

Each public function and class of ``nimlib``, ``nimlib.widgets`` and ``nimlib.theory``, the
terminal game, and the methods of every game are called with random arguments: plausible ones
(games, small states, method names) mixed with odd ones (None, NaN, whole numbers of 5,000
digits, a million characters, lists nested too deep to print, nodes built by hand). Whatever
comes out must be an answer or the project's own error: an exception raised by a ``raise``
statement of nimlib, of a kind the project raises (ValueError, TypeError, TreeTooLarge,
SearchBudgetExceeded, ...), with a message of a sensible length; never a foreign exception
(AttributeError, IndexError, RecursionError, OverflowError, MemoryError, an error of ipywidgets
or of Python's own operations) and never a hang (a call stops the test after HANG_SECONDS of CPU).

A game's methods on states (possible_new_states, evaluate, ...) are what searches call with states
the game's ``validate`` accepted: they get only such states, and ``validate`` gets anything.

The examples are derandomized (the same on every run) and few per function, so that the test
takes seconds; NIMLIB_ANY_VALUE_EXAMPLES=500 tries more (and prints how many were tried).
"""

from __future__ import annotations

import ast
import atexit
import functools
import inspect
import linecache
import math
import os
import signal
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import nimlib
import nimlib.theory
import nimlib.widgets
from nimlib import (
    ColumnsFrom,
    ConnectFour,
    DiceNim,
    ExplicitTree,
    FibonacciNim,
    Game,
    GameTree,
    Nim,
    Node,
    Pig,
    ScoredNim,
    SearchStats,
    SimpleNim,
    SplitNim,
    TicTacToe,
    deep_cutoff_tree,
    game_tree,
    hold_at,
    solve_pig,
    textbook_tree,
)
from nimlib.drawing import render
from nimlib.methods import METHODS
from nimlib.terminal import play_in_terminal

EXAMPLES = int(os.environ.get("NIMLIB_ANY_VALUE_EXAMPLES", "12"))
HANG_SECONDS = (
    8.0  # a search stops at QUICK_SECONDS; a drawing or a widget takes about a second at most
)
QUICK_SECONDS = (
    0.3  # each search's time limit here, instead of 10 s: the limit tests check that one
)
LONGEST_MESSAGE = 2_000  # characters: a message names the value, cut short, and what to do
PACKAGE = Path(nimlib.__file__).parent
PROJECT_ERRORS = (
    ValueError,
    TypeError,
    RuntimeError,
)  # and their subclasses: TreeTooLarge, SearchBudgetExceeded...
FOREIGN_SUBCLASSES = (RecursionError, UnicodeError)  # Python's own, though subclasses of those
TRIED: Counter = Counter()

# The functions and classes given random arguments, by name.
EXCLUDED = {
    "Game",  # abstract: Python itself refuses to make one, in its own words
    "METHODS",  # a dict, not a function
}


def public_callables() -> dict[str, object]:
    """Every public function and class of nimlib's __all__, the widgets' __all__ and
    nimlib.theory."""
    found = {}
    for module in (nimlib, nimlib.widgets):
        for name in module.__all__:
            value = getattr(module, name)
            if name not in EXCLUDED and callable(value) and not is_exception_class(value):
                found[name] = value
    for name, value in vars(nimlib.theory).items():
        if (
            inspect.isfunction(value)
            and value.__module__ == "nimlib.theory"
            and not name.startswith("_")
        ):
            found[f"theory.{name}"] = value
    return found


def is_exception_class(value: object) -> bool:
    """Whether `value` is an exception class (made by the project, never called by a learner)."""
    return isinstance(value, type) and issubclass(value, BaseException)


CALLABLES = public_callables()


def nested(depth: int) -> list:
    """A list nested `depth` deep: [[[...]]], too deep for Python's repr."""
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def endless():
    """A generator that never ends."""
    number = 0
    while True:
        number += 1
        yield number


def hand_built_chain(length: int) -> GameTree:
    """A chain of `length` nodes, Max and Min in turn, every one scored +1."""
    root = node = Node(0, True, 0, score=1)
    for level in range(1, length):
        node.children.append(Node(level, level % 2 == 0, level, move="m", score=1))
        node = node.children[0]
    return GameTree(SimpleNim(), root)


def looped_tree() -> GameTree:
    """A 'tree' whose root is its own child."""
    root = Node(0, True, 0, score=1)
    root.children.append(root)
    return GameTree(SimpleNim(), root)


HUGE = 10**5000


class Odd:
    """An odd value, shown by a short name where Hypothesis reports an example (some are too deep to
    print)."""

    def __init__(self, name: str, value: object) -> None:
        self.name, self.value = name, value

    def __repr__(self) -> str:
        return self.name


def unwrapped(value: object) -> object:
    """The value an Odd stands for; any other value as it is."""
    return value.value if isinstance(value, Odd) else value


ODD_VALUES = [
    Odd(repr(value), value)
    for value in (
        None,
        True,
        0,
        -1,
        10**9,
        math.nan,
        math.inf,
        -math.inf,
        1e308,
        "",
        "²",
        "٣",
        "4453",
        "abc",
    )
] + [
    Odd("10**5000", HUGE),
    Odd("-10**5000", -HUGE),
    Odd("'X' * 10**6", "X" * 1_000_000),
    Odd("b'4453'", b"4453"),
    Odd("()", ()),
    Odd("[]", []),
    Odd("{}", {}),
    Odd("set()", set()),
    Odd("(1, 2, 'a')", (1, 2, "a")),
    Odd("(nan, 1)", (math.nan, 1)),
    Odd("tuple(range(10**6))", tuple(range(1_000_000))),
    Odd("a list nested 100,000 deep", nested(100_000)),
    Odd("object()", object()),
    Odd("type", type),
    Odd("print", print),
    Odd("range(10**18)", range(10**18)),
    Odd("1+2j", complex(1, 2)),
    Odd("Ellipsis", Ellipsis),
    Odd("(10**5000, 0)", (HUGE, 0)),
    Odd("(0, 10**5000)", (0, HUGE)),
]
GAMES = [
    SimpleNim(),
    SimpleNim(takes=(1, 4), last_counter_loses=False),
    Nim(),
    Nim(last_counter_loses=False),
    FibonacciNim(),
    SplitNim(),
    ScoredNim(),
    TicTacToe(),
    ConnectFour(4, 4),
    ConnectFour(),
    ColumnsFrom(ConnectFour(4, 4), ConnectFour(4, 4).from_moves("1234")),
    textbook_tree(),
    deep_cutoff_tree(),
    ExplicitTree([[1, -1], [0]]),
    DiceNim(3),
    DiceNim(7),
    Pig(5),
    Pig(20),
]


def test_every_game_nimlib_exports_is_among_the_games_given_any_value():
    exported = [getattr(nimlib, name) for name in nimlib.__all__]
    games = {kind for kind in exported if isinstance(kind, type) and issubclass(kind, Game)}
    assert games - {Game} == {type(game) for game in GAMES}


PIG_VALUES = {goal: solve_pig(Pig(goal))[0] for goal in (5, 20)}  # solved once, for "values"
SMALL_STATES = st.one_of(
    st.integers(-2, 12),
    st.tuples(st.integers(-1, 4), st.integers(-1, 4)),
    st.lists(st.integers(-1, 4), max_size=4).map(tuple),
    st.text("XO.", min_size=8, max_size=10),
    st.sampled_from(["A", "B", "C1", "Z", "XO.......", "(0, 0)", (0, 1), (1, 3), (2, 3, 4)]),
    st.sampled_from(
        [(3, False), (3, True), (7, False), (0, 0, 0), (2, 1, 1), (4, 0, 0, "rolling")]
    ),
)


def node_trees(draw) -> GameTree:
    """A GameTree of a few nodes built by hand, their fields drawn at random."""
    field = st.one_of(
        st.sampled_from(ODD_VALUES[:16]).map(unwrapped), st.integers(-3, 3), st.text(max_size=3)
    )
    nodes = [
        Node(
            draw(field),
            draw(st.one_of(st.booleans(), field)),
            draw(st.integers(0, 3)),
            move=draw(st.one_of(st.text(max_size=5), field)),
            score=draw(st.one_of(st.none(), st.integers(-1, 1), field)),
            visited=draw(st.one_of(st.booleans(), field)),
            bound=draw(st.sampled_from(["exact", "lower", "upper", None, "x", 3])),
        )
        for _ in range(draw(st.integers(1, 4)))
    ]
    for parent, node in zip(nodes, nodes[1:], strict=False):
        parent.children.append(node)
    return GameTree(draw(st.sampled_from(GAMES[:3])), nodes[0])


@st.composite
def trees(draw) -> GameTree:
    """A drawn game tree: built by game_tree, by hand with odd fields, a 600-node chain, or a
    loop."""
    kind = draw(st.integers(0, 3))
    if kind == 0:
        game, state = draw(
            st.sampled_from([(SimpleNim(), 5), (Nim(), (1, 2)), (textbook_tree(), "A")])
        )
        return game_tree(game, state, alphabeta=draw(st.booleans()))
    if kind == 1:
        return node_trees(draw)
    return hand_built_chain(600) if kind == 2 else looped_tree()


def callables_of_any_kind() -> st.SearchStrategy:
    """Functions a learner might pass (as an order, say): they answer anything and never fail."""
    return st.sampled_from(
        [lambda *args, **kwargs: None, lambda *args, **kwargs: 0, lambda *args, **kwargs: "a"]
    )


ANY_VALUE = st.one_of(
    st.sampled_from(ODD_VALUES),
    st.integers(),
    st.floats(),
    st.text(max_size=20),
    st.lists(st.one_of(st.integers(-5, 5), st.text(max_size=2)), max_size=5),
    st.tuples(st.integers(-5, 5), st.text(max_size=3)),
    st.dictionaries(st.text(max_size=2), st.integers(-3, 3), max_size=3),
    st.sampled_from(GAMES),
    SMALL_STATES,
    callables_of_any_kind(),
    st.builds(endless),
)


def plausible(name: str) -> st.SearchStrategy:
    """Values a learner would give a parameter called `name`, mixed with values of any kind."""
    by_name = {
        "game": st.sampled_from(GAMES),
        "state": SMALL_STATES,
        "method": st.sampled_from(sorted(METHODS)),
        "variant": st.sampled_from(
            ["Nim", "Simple-Nim", "Tic-tac-toe", "Fibonacci Nim", "Scored Nim"]
        ),
        "stats": st.builds(lambda: SearchStats(max_seconds=QUICK_SECONDS)),
        "tree": trees(),
        "order": callables_of_any_kind(),
        "piles": st.lists(st.integers(0, 5), min_size=1, max_size=3).map(tuple),
        "counters": st.integers(-1, 30),
        "values": st.sampled_from(list(PIG_VALUES.values())),
        "states": st.lists(SMALL_STATES, max_size=5),
        "step": callables_of_any_kind(),
        "tolerance": st.one_of(st.floats(), st.sampled_from([0, 1e-9, 0.5])),
        "playouts": st.integers(-1, 60),
        "seconds": st.one_of(st.floats(), st.sampled_from([None, 0.05])),
        "c": st.floats(),
        "window": st.tuples(st.floats(-2, 2), st.floats(-2, 2)),
        "goal": st.integers(-1, 12),
        "games": st.integers(-1, 30),
        "one": st.sampled_from([hold_at(1), hold_at(3), hold_at(20)]),
        "other": st.sampled_from([hold_at(1), hold_at(3), hold_at(20)]),
        "max_seconds": st.one_of(st.floats(), st.sampled_from([None, 0.05])),
    }
    return st.one_of(by_name.get(name, ANY_VALUE), ANY_VALUE)


@st.composite
def arguments(draw, function) -> tuple[list, dict]:
    """Random arguments for `function`, by the names of its parameters: each required one, and some
    of the optional ones, positional where the signature allows it (up to the first one given by
    keyword)."""
    try:
        parameters = list(inspect.signature(function).parameters.values())
    except (TypeError, ValueError):
        parameters = []
    args, kwargs = [], {}
    for parameter in parameters:
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        required = parameter.default is parameter.empty
        if not required and not draw(st.booleans()):
            continue
        value = draw(plausible(parameter.name))
        positional = parameter.kind != parameter.KEYWORD_ONLY and len(args) == parameters.index(
            parameter
        )
        if positional and (required or draw(st.booleans())):
            args.append(value)
        else:
            kwargs[parameter.name] = value
    return args, kwargs


class Hang(BaseException):
    """A call that ran past HANG_SECONDS."""


@contextmanager
def no_hang(what: str):
    """Raise Hang in the call if it runs past HANG_SECONDS of CPU time (the process's: a busy
    machine does not add to it, a call that loops does)."""

    def stop(signum, frame):
        raise Hang(f"{what} ran for more than {HANG_SECONDS} s")

    previous = signal.signal(signal.SIGPROF, stop)
    signal.setitimer(signal.ITIMER_PROF, HANG_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


@contextmanager
def quick_searches():
    """Every search started without a SearchStats of its own stops after QUICK_SECONDS, not 10 s."""
    init = SearchStats.__init__
    names = [name for name in inspect.signature(init).parameters if name != "self"]
    defaults = list(init.__defaults__)
    saved = tuple(defaults)
    defaults[names.index("max_seconds") - (len(names) - len(defaults))] = QUICK_SECONDS
    init.__defaults__ = tuple(defaults)
    try:
        yield
    finally:
        init.__defaults__ = saved


@functools.cache
def raise_lines(path: str) -> frozenset[int]:
    """The numbers of the lines of the file at `path` that belong to a raise statement."""
    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    return frozenset(
        line
        for node in ast.walk(tree)
        if isinstance(node, ast.Raise)
        for line in range(node.lineno, node.end_lineno + 1)
    )


def raised_by_nimlib(error: BaseException) -> bool:
    """Whether `error` comes from a raise statement of nimlib (not from Python's own operations or a
    library)."""
    trace = error.__traceback__
    while trace.tb_next is not None:
        trace = trace.tb_next
    path = trace.tb_frame.f_code.co_filename
    return Path(path).is_relative_to(PACKAGE) and trace.tb_lineno in raise_lines(path)


def where(error: BaseException) -> str:
    """The file, line and code that raised `error` (its innermost frame)."""
    trace = error.__traceback__
    while trace.tb_next is not None:
        trace = trace.tb_next
    path, line = trace.tb_frame.f_code.co_filename, trace.tb_lineno
    return f"{path}:{line}: {linecache.getline(path, line).strip()}"


def short(value: object) -> str:
    """`value` for a failure's message, short."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a huge int, a list nested too deep, a tree with a loop
        return f"<{type(value).__name__}>"
    return text if len(text) < 120 else text[:100] + "..."


def check_call(name: str, function, args: list, kwargs: dict) -> None:
    """Call `function`: an answer, or the project's own error with a message of sensible length."""
    with no_hang(name):
        call = f"{name}({', '.join([*map(short, args), *(f'{k}={short(v)}' for k, v in kwargs.items())])})"
    TRIED[name] += 1
    args, kwargs = (
        [unwrapped(arg) for arg in args],
        {key: unwrapped(value) for key, value in kwargs.items()},
    )
    try:
        with no_hang(call):
            function(*args, **kwargs)
    except Hang:
        pytest.fail(f"{call} hangs (more than {HANG_SECONDS} s)")
    except PROJECT_ERRORS as error:
        if isinstance(error, FOREIGN_SUBCLASSES) or not raised_by_nimlib(error):
            pytest.fail(
                f"{call} gave a foreign {type(error).__name__}: {str(error)[:300]} (at {where(error)})"
            )
        message = str(error)
        assert 10 <= len(message) <= LONGEST_MESSAGE, (call, len(message), message[:300])
    except BaseException as error:  # noqa: BLE001 - any other kind is foreign
        pytest.fail(
            f"{call} gave a foreign {type(error).__name__}: {str(error)[:300]} (at {where(error)})"
        )


@pytest.fixture(autouse=True)
def one_renderer_and_quick_searches():
    """A call may switch the renderer (set_render_backend): every example starts from the one in
    use."""
    chosen = render.chosen
    with quick_searches():
        yield
    render.chosen = chosen


SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
    phases=[
        Phase.explicit,
        Phase.generate,
    ],  # no shrinking: a failing call is named as it was tried
    report_multiple_bugs=False,
)


# Failures found in files this round does not change (issue 36 lists them for whoever changes them
# next).
KNOWN_FAILURES: dict[str, str] = {}  # name: why it is expected to fail (none today)


def with_known_failures(names: list[str]) -> list:
    """`names` as pytest parameters, those of KNOWN_FAILURES marked as expected to fail."""
    return [
        pytest.param(name, marks=pytest.mark.xfail(reason=KNOWN_FAILURES[name], strict=True))
        if name in KNOWN_FAILURES
        else name
        for name in names
    ]


@pytest.mark.slow
@pytest.mark.parametrize("name", with_known_failures(sorted(CALLABLES)))
@SETTINGS
@given(data=st.data())
def test_a_public_function_gives_an_answer_or_its_own_error(name, data):
    function = CALLABLES[name]
    args, kwargs = data.draw(arguments(function), label="arguments")
    chosen = render.chosen
    try:
        check_call(name, function, args, kwargs)
    finally:
        render.chosen = chosen


# A game's entry points: what a learner calls with values of their own.
ENTRY_METHODS = [
    "validate",
    "start",
    "picture",
    "play",
    "from_moves",
    "square_number",
    "square_name",
]


def game_methods() -> list[tuple[str, str]]:
    """Every (game, method) pair of the entry methods that the game has."""
    return [
        (f"{type(game).__name__}#{index}", method)
        for index, game in enumerate(GAMES)
        for method in ENTRY_METHODS
        if callable(getattr(game, method, None))
    ]


@pytest.mark.parametrize("game_name, method", game_methods())
@SETTINGS
@given(data=st.data())
def test_a_games_entry_method_gives_an_answer_or_its_own_error(game_name, method, data):
    game = GAMES[int(game_name.split("#")[1])]
    function = getattr(game, method)
    count = len(inspect.signature(function).parameters)
    args = [data.draw(st.one_of(SMALL_STATES, ANY_VALUE)) for _ in range(count)]
    check_call(f"{game!r}.{method}", function, args, {})


# The methods a search calls, on states that validate accepted (the Game contract).
STATE_METHODS = [
    "possible_new_states",
    "evaluate",
    "estimate",
    "known_score",
    "canonical",
    "ordered_new_states",
    "win_at_once",
    "safe_new_states",
    "score_bounds",
    "describe_move",
]


@pytest.mark.parametrize("index", range(len(GAMES)), ids=[repr(game) for game in GAMES])
@SETTINGS
@given(data=st.data())
def test_a_games_methods_take_every_state_that_validate_accepts(index, data):
    game = GAMES[index]
    given_state = unwrapped(data.draw(st.one_of(SMALL_STATES, ANY_VALUE)))
    check_call(f"{game!r}.validate", game.validate, [given_state], {})
    try:
        state = game.validate(given_state)
    except (ValueError, TypeError):
        return
    new_states = list(game.possible_new_states(state))
    is_maximizing = data.draw(st.booleans())
    for method in STATE_METHODS:
        function = getattr(game, method, None)
        if function is None:  # a hint the game does not give
            continue
        if method == "ordered_new_states":
            args = [state, new_states]
        elif method == "describe_move":
            if not new_states:
                continue
            args = [state, data.draw(st.sampled_from(new_states))]
        elif method in ("possible_new_states", "canonical", "win_at_once", "safe_new_states"):
            args = [state]
        else:
            args = [state, is_maximizing]
        check_call(f"{game!r}.{method}", function, args, {})


@SETTINGS
@given(
    answers=st.lists(
        st.one_of(
            st.sampled_from(
                ["1", "2", "3", "4", "5", "y", "n", "", "q", "a1", "b2", "10", "²", "y" * 1_000_000]
            ),
            st.text(max_size=12),
        ),
        max_size=12,
    ),
    seconds=st.one_of(st.just(0.1), ANY_VALUE),
)
def test_the_terminal_game_takes_any_answers(answers, seconds):
    replies, written = iter(answers), []
    seconds = unwrapped(seconds)

    def reader(prompt: str) -> str:
        """The next answer; the end of input after the last."""
        try:
            return next(replies)
        except StopIteration:
            raise EOFError from None

    check_call("play_in_terminal", play_in_terminal, [reader, written.append, seconds], {})
    assert sum(len(str(line)) for line in written) < 100_000


@pytest.mark.parametrize("read, write", [(None, print), (input, 5), ("abc", print)])
def test_the_terminal_game_checks_its_reader_and_writer(read, write):
    check_call("play_in_terminal", play_in_terminal, [read, write], {})


if os.environ.get("NIMLIB_ANY_VALUE_EXAMPLES"):  # a longer run says how much it tried

    @atexit.register
    def say_how_many() -> None:
        print(
            f"\n{len(TRIED)} functions and methods, {sum(TRIED.values()):,} calls:",
            dict(sorted(TRIED.items())),
        )
