"""The assignment "write a bot", graded by the ladder (check_ladder): a bot written as a function
becomes a bot file with what it uses; a point per reference bot beaten; a bot that breaks loses
its games, with the reason, and the grader goes on. The worked solution is the course's own."""

import builtins
import functools
import json
import linecache
import math
import os
import re
import subprocess
import sys
import time
from math import floor
from pathlib import Path

import make_assignments as course
import nbformat
import pytest
from solutions import wins_blocks_centre

from nimlib import ConnectFour
from nimlib.checks import check_ladder
from nimlib.checks.tournament import LADDER_GAMES, LADDER_RUNGS, LADDER_SECONDS
from nimlib.tournament import (
    LadderGrade,
    Rules,
    grade_on_ladder,
    play_game,
    reference,
    run_tournament,
)
from nimlib.tournament.bots import Struct, board_cells, bot_from_function, load_agent

MIDDLE = 3  # a constant a bot uses


def middle_or_left(observation, configuration):
    """A bot with a helper, a module, a function imported from one, and a constant."""
    return first_free(observation.board, [MIDDLE, floor(math.e), *range(7)])


def first_free(board, columns):
    """The first of `columns` with room."""
    return next(column for column in columns if board[column] == 0)


def raises(observation, configuration):
    """A bot that raises."""
    return 1 / 0


def hangs(observation, configuration):
    """A bot that never answers."""
    while True:
        pass


def assert_plays_the_same(agent, bot) -> None:
    """The bot's file, loaded, answers as `agent` does on a few boards."""
    (copied, _), game = load_agent(bot.source), ConnectFour()
    configuration = Struct(columns=7, rows=6, inarow=4)
    for moves in ("", "4444", "444444", "4444443"):
        state = game.from_moves(moves)
        observation = Struct(board=board_cells(game, state), mark=1 + len(moves) % 2)
        assert copied(observation, configuration) == agent(observation, configuration)


def flat(grade: LadderGrade) -> str:
    """What a grade says, on one line."""
    return " ".join(repr(grade).split())


def student_namespace(code: str, cell: str = "<cell>") -> dict:
    """The namespace of `code` run as IPython runs a notebook cell named `cell`: in __main__, its
    source kept where inspect finds a function's (not a class's)."""
    linecache.cache[cell] = (len(code), None, code.splitlines(keepends=True), cell)
    namespace: dict = {"__name__": "__main__"}
    exec(compile(code, cell, "exec"), namespace)
    return namespace


def worked_solution() -> dict:
    """The namespace of the course's worked solution of exercise 3 of notebook 14, run as IPython
    runs a cell (its source kept where inspect finds it)."""
    path = course.COURSE / "source" / "14_class_tournament" / "14_class_tournament.ipynb"
    cells = nbformat.read(path, as_version=4).cells
    source = next(
        cell.source for cell in cells if cell.metadata.nbgrader["grade_id"] == "ex3_solution"
    )
    code = re.sub(rf"^ *({course.BEGIN}|{course.END})\n", "", source, flags=re.M)
    return student_namespace(code, "<ex3>")


def test_a_grade_is_a_point_per_reference_bot_beaten_and_says_how_the_bot_failed():
    grade = LadderGrade(
        "mine",
        4,
        {"random": 3.0, "one_ply": 2.0, "mcts_100": 2.5},
        {"one_ply": "raised KeyError: 3"},
    )
    # 2 of 4 is not more than half
    assert grade.beaten == ["random", "mcts_100"] and grade.points == 2
    assert not grade  # assert check_ladder(bot) stops at a bot that beat two of three
    assert LadderGrade("mine", 4, {"random": 3.0, "one_ply": 2.5})
    said = repr(grade)
    assert said.startswith("✘ mine: 2 of 3 points") and "one_ply: 2 of 4, not beaten" in said
    assert "failed (one_ply): raised KeyError: 3" in said
    assert max(len(line) for line in said.splitlines()) <= 74


def stub_agent(observation, configuration):
    """The exercise's stub, as nbgrader releases it."""
    # YOUR CODE HERE
    raise NotImplementedError()


def unfinished_agent(observation, configuration):
    if observation.mark == 2:
        raise NotImplementedError("the second player's moves")
    return 3


def test_a_notebook_bots_failure_quotes_the_line_that_raised(tmp_path):
    """Its file's line numbers are not the notebook's: the reason said only "in raises()"."""
    record = play_game(bot_from_function(raises, tmp_path), reference("random"), Rules())
    assert record.reason.endswith(
        "ZeroDivisionError: division by zero in raises(), at `return 1 / 0`"
    )


def test_a_stub_not_written_yet_is_no_bot_and_a_bot_that_raises_on_one_branch_is_one(tmp_path):
    """collect_bots.py entered a released notebook left as it was as a bot that raised in every
    game, and the ladder graded it as one."""
    with pytest.raises(ValueError, match=r"stub_agent is not written yet \(it raises NotImpl"):
        bot_from_function(stub_agent, tmp_path)
    assert bot_from_function(unfinished_agent, tmp_path).name == "unfinished_agent"


def test_a_bot_written_as_a_function_plays_the_same_from_its_file(tmp_path):
    bot = bot_from_function(middle_or_left, tmp_path)
    code = (tmp_path / "middle_or_left.py").read_text()
    assert "import math as math" in code and "from math import floor as floor" in code
    assert (
        "MIDDLE = 3" in code
        and "def first_free" in code
        and code.endswith("agent = middle_or_left\n")
    )
    assert "pytest" not in code  # only what the bot uses
    assert_plays_the_same(middle_or_left, bot)


@functools.wraps(open)
def open(file, *arguments, **settings):  # noqa: A001 (as IPython gives a notebook its own open)
    return builtins.open(file, *arguments, **settings)


def reads_a_file(observation, configuration):
    with open(Path(__file__).parent / "column.txt") as file:
        return int(file.read())


def test_a_function_that_calls_open_in_a_notebook_uses_the_builtin(tmp_path):
    """IPython's open(), a wrapper of the builtin, was refused as something the file cannot hold:
    "uses open (a function), which its bot's file cannot hold", and the bot scored 0; and its
    module's __file__ was copied, so that the bot looked for its file beside the module."""
    bot = bot_from_function(reads_a_file, tmp_path)
    code = (tmp_path / "reads_a_file.py").read_text()
    assert "open" not in code.split("def reads_a_file")[0]  # no line of its own: the builtin's
    (tmp_path / "column.txt").write_text("2")
    copied, _ = load_agent(bot.source)
    assert copied(Struct(board=[0] * 42, mark=1), Struct(columns=7, rows=6)) == 2


def shows_the_board(observation, configuration):
    display(observation.board)  # noqa: F821 (a notebook's builtin, from IPython)
    return 3


def test_a_function_that_calls_display_in_a_notebook_imports_it_in_its_file(tmp_path):
    """display() works in the notebook, a builtin IPython gives it, but the bot's own Python
    has no such builtin: the bot lost every game of the ladder to a NameError on its first move
    (and so it did when the notebook imported display from IPython.display, the same object)."""
    from IPython.core.display_functions import display

    with pytest.MonkeyPatch.context() as patch:  # as IPython gives a notebook its display
        patch.setattr(builtins, "display", display, raising=False)
        bot = bot_from_function(shows_the_board, tmp_path)
    code = (tmp_path / "shows_the_board.py").read_text()
    assert "from IPython.core.display_functions import display as display" in code
    copied, _ = load_agent(bot.source)
    assert copied(Struct(board=[0] * 42, mark=1), Struct(columns=7, rows=6)) == 3


class Kernel:
    """A stand-in for ipykernel's kernel, whose method answers input() in a notebook."""

    def raw_input(self, prompt=""):
        return "3"


Kernel.raw_input.__module__ = "ipykernel.kernelbase"  # where the kernel's own is defined


def asks_for_a_column(observation, configuration):
    return int(input("column? "))


def test_a_function_that_calls_input_in_a_notebook_has_pythons_own_in_its_file(tmp_path):
    """The kernel's input(), a method, was refused as something the bot's file cannot hold ("make
    it inside asks_for_a_column"); the file has Python's own, which a game's bot finds no keyboard
    for, and the game says so (a bot has no keyboard)."""
    with pytest.MonkeyPatch.context() as patch:  # as ipykernel gives a notebook its input
        patch.setattr(builtins, "input", Kernel().raw_input)
        bot_from_function(asks_for_a_column, tmp_path)
    code = (tmp_path / "asks_for_a_column.py").read_text()
    assert "input" not in code.split("def asks_for_a_column")[0]


__column__ = 3  # a name of dunders that no module has of its own


def dunder_column(observation, configuration):
    return __column__


def test_a_value_named_with_dunders_is_copied_unless_every_module_has_that_name(tmp_path):
    bot = bot_from_function(dunder_column, tmp_path)
    code = (tmp_path / "dunder_column.py").read_text()
    assert "__column__ = 3" in code and "__file__" not in code and "__name__" not in code
    assert_plays_the_same(dunder_column, bot)


def agent(observation, configuration):  # a student's bot of Exercise 2, named as it asks
    return 3


def reuses_its_agent(observation, configuration):
    return agent(observation, configuration)


def test_a_function_that_calls_a_helper_named_agent_is_refused_saying_why(tmp_path):
    """Its file ended `agent = reuses_its_agent`, so that the bot called itself until Python's
    recursion limit, and lost every game of the ladder."""
    with pytest.raises(ValueError, match="reuses_its_agent calls agent, a function of your own"):
        bot_from_function(reuses_its_agent, tmp_path)
    assert not (tmp_path / "reuses_its_agent.py").exists()


def test_a_function_written_to_a_folder_keeps_a_bot_written_by_hand_there(tmp_path):
    # its file of the same name was overwritten, the student's own bot lost
    by_hand = tmp_path / "middle_or_left.py"
    by_hand.write_text("def agent(observation, configuration):\n    return 0\n")
    with pytest.raises(ValueError, match="is there already, and bot_from_function did not"):
        bot_from_function(middle_or_left, tmp_path)
    assert by_hand.read_text() == "def agent(observation, configuration):\n    return 0\n"
    by_hand.unlink()
    bot_from_function(middle_or_left, tmp_path)
    bot_from_function(middle_or_left, tmp_path)  # its own file, written again


@pytest.mark.parametrize(
    ("folder", "kind", "words"),
    [
        ("no_such_folder", ValueError, "no such folder: 'no_such_folder'"),
        ("", ValueError, "folder must be a path such as 'bots', not the blank ''"),
        (None, TypeError, "folder must be a path such as 'bots', not None"),
    ],
)
def test_a_function_written_to_a_folder_that_is_not_one_names_it(folder, kind, words):
    # a FileNotFoundError or Python's own TypeError from writing the file; "" wrote it here
    with pytest.raises(kind, match=re.escape(words)):
        bot_from_function(middle_or_left, folder)


def test_grade_on_ladder_takes_an_agent_function_saved_as_check_ladder_saves_it():
    grade = grade_on_ladder(middle_or_left, 1, Rules(seconds=1), rungs=("random",))
    assert grade.bot == "middle_or_left" and set(grade.scores) == {"random"}


def test_a_function_whose_bot_cannot_be_made_says_why(tmp_path):
    with pytest.raises(ValueError, match="not a function defined with def"):
        bot_from_function(lambda observation, configuration: 3, tmp_path)
    namespace: dict = {}
    exec("def lost(observation, configuration):\n    return 3\n", namespace)  # no source kept
    with pytest.raises(ValueError, match="the source of lost cannot be read"):
        bot_from_function(namespace["lost"], tmp_path)
    grade = check_ladder(namespace["lost"])  # the check never raises: no points, and why
    assert grade.points == 0 and "the source of lost cannot be read" in flat(grade)


def test_a_bot_that_raises_gets_no_point_and_the_grade_says_why(capsys):
    grade = check_ladder(raises)
    assert capsys.readouterr().out.splitlines() == [  # each rung as its games end
        "the ladder: 4 of 12 games played (v random)",
        "the ladder: 8 of 12 games played (v one_ply)",
        "the ladder: 12 of 12 games played (v mcts_100)",
    ]
    assert grade.points == 0 and set(grade.scores) == set(LADDER_RUNGS)
    assert grade.games == LADDER_GAMES
    assert "raised ZeroDivisionError: division by zero" in flat(grade)
    assert (
        "lost games as the bot failed (random, one_ply, mcts_100): on its move 1, raised"
        in flat(grade)
    )


@pytest.mark.ci
def test_the_worked_solution_gets_every_point_exercise_2s_bot_some_a_hanging_bot_none(capsys):
    """The grades, and the seconds each took (printed for CI's log): the worked solution beats
    every rung; exercise 2's bot (a win, a block, else the centre) beats random and mcts_100 but
    not one_ply; a bot that hangs is stopped at each move's time limit and loses every game."""
    worked = worked_solution()["ladder_agent"]
    expected, grades = {worked: 3, wins_blocks_centre: 2, hangs: 0}, {}
    for agent, points in expected.items():
        start = time.perf_counter()
        grade = check_ladder(agent)
        with capsys.disabled():
            print(
                f"\ncheck_ladder({agent.__name__}): {grade.points} of 3 points, "
                f"{time.perf_counter() - start:.1f} s; {grade.scores}"
            )
        assert grade.points == points, grade
        grades[agent] = grade
    assert f"took longer than {LADDER_SECONDS:g} s for a move" in flat(grades[hangs])
    again = check_ladder(wins_blocks_centre)  # seeded: the same games, the same points again
    assert again.scores == grades[wins_blocks_centre].scores


STUDENT_CELL = '''
import functools
from functools import lru_cache

from nimlib import ConnectFour

GAME = ConnectFour()  # not a literal: copied by pickle
CACHE = {}  # filled between moves of a game
ORDER = [3, 2, 4, 1, 5, 0, 6]


class Brain:
    """A class of the notebook: copied by its source."""

    def __init__(self, order):
        self.order = order

    def move(self, board):
        return next(column for column in self.order if board[column] == 0)


def never_fails(agent):
    """A decorator of the notebook."""

    @functools.wraps(agent)
    def safe(observation, configuration):
        try:
            return agent(observation, configuration)
        except Exception:
            return observation.board.index(0)

    return safe


@lru_cache(maxsize=None)
def stones(board):
    return GAME.stones(GAME.from_moves("")) + sum(cell != 0 for cell in board)


@never_fails
def student_bot(observation, configuration):
    board = tuple(observation["board"])
    if board not in CACHE:
        CACHE[board] = Brain(ORDER).move(board) if stones(board) < 40 else 1 / 0
    return CACHE[board]
'''


def test_a_bot_with_a_class_a_cache_a_decorator_and_an_engine_object_plays_from_its_file(
    tmp_path,
):
    """What students write: a class, a global dict filled between moves, a decorated helper and
    a decorated agent, a ConnectFour object made in the notebook; the file holds them all."""
    agent = student_namespace(STUDENT_CELL)["student_bot"]
    bot = bot_from_function(agent, tmp_path)
    code = (tmp_path / "student_bot.py").read_text()
    assert "class Brain" in code and "CACHE = {}" in code and "pickle.loads(" in code
    assert code.index("def never_fails") < code.index("@never_fails")
    assert_plays_the_same(agent, bot)


DATACLASS_CELL = """
from dataclasses import dataclass
from enum import Enum


@dataclass
class Choice:
    column: int


class Side(Enum):
    LEFT = 0


def picks_a_choice(observation, configuration):
    return Choice(observation.board.index(0)).column + Side.LEFT.value
"""


def test_a_class_with_no_method_of_its_own_is_copied_from_its_cell(tmp_path):
    """A dataclass or an Enum of a notebook cell, whose methods Python writes itself, was refused:
    "the source of Choice cannot be read: define it in a notebook cell"."""
    agent = student_namespace(DATACLASS_CELL, "<cell with a dataclass>")["picks_a_choice"]
    bot = bot_from_function(agent, tmp_path)
    code = (tmp_path / "picks_a_choice.py").read_text()
    assert "@dataclass\nclass Choice:" in code and "class Side(Enum):" in code
    assert_plays_the_same(agent, bot)


IPYTHON = """
import json, sys
from traitlets.config import Config
from IPython.core.interactiveshell import InteractiveShell

config = Config()
config.HistoryManager.enabled = False
shell = InteractiveShell.instance(config=config)
for cell in json.loads(sys.argv[1]):
    shell.run_cell(cell)
"""
WRITE_CELL = """
from pathlib import Path
from nimlib.tournament.bots import bot_from_function

try:
    print(Path(bot_from_function({agent}, {folder!r}).source).read_text())
except ValueError as error:
    print(error)
"""


def in_ipython(folder: Path, agent: str, *cells: str) -> str:
    """What IPython's shell prints running `cells` in turn, then writing the bot of the function
    `agent` to `folder`: as a kernel runs a notebook's cells, in a process of its own (the shell
    takes __main__ over)."""
    code = [*cells, WRITE_CELL.format(agent=agent, folder=str(folder))]
    ran = subprocess.run(
        [sys.executable, "-c", IPYTHON, json.dumps(code)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "IPYTHONDIR": str(folder / ".ipython")},
    )
    assert ran.returncode == 0, ran.stderr
    return ran.stdout


TIMED_CELL = """%%time

from dataclasses import dataclass


@dataclass
class Choice:
    column: int


class Picker:
    def pick(self, board):
        return Choice(board.index(0)).column


def timed_agent(observation, configuration):
    return Picker().pick(observation.board)
"""


def test_what_a_cell_run_under_time_defines_is_copied_from_its_cell(tmp_path):
    """%%time compiles its cell's body under a name of its own, "<timed exec>", where inspect
    finds no source: its classes and functions were refused, "define it in a notebook cell"."""
    said = in_ipython(tmp_path, "timed_agent", TIMED_CELL)
    assert (tmp_path / "timed_agent.py").exists(), said
    code = (tmp_path / "timed_agent.py").read_text()
    assert "@dataclass\nclass Choice:" in code and "class Picker:" in code
    assert "def timed_agent(observation, configuration):" in code
    agent, _ = load_agent(str(tmp_path / "timed_agent.py"))
    board = [1, 2, 0, *[0] * 39]
    assert agent(Struct(board=board, mark=1), Struct(columns=7, rows=6)) == 2


def test_a_class_of_a_cell_run_under_another_cell_magic_is_named_with_what_to_do(tmp_path):
    """%%prun runs its body as a string, whose source Python keeps nowhere: the message told the
    learner to define the class in a notebook cell, which they had."""
    profiled = "%%prun -q\nclass Picker:\n    def pick(self):\n        return 3\n"
    agent = "def picks(observation, configuration):\n    return Picker().pick()\n"
    said = " ".join(in_ipython(tmp_path, "picks", profiled, agent).split())
    assert (
        "the source of Picker cannot be read: define it in a plain notebook cell (not one run "
        "under a cell magic such as %%prun) or in a Python file" in said
    )


def test_what_a_bot_file_cannot_hold_is_named_with_what_to_do(tmp_path):
    """An object of the notebook's own class, or functools.partial: a ValueError that says so
    (check_ladder shows it), not a NameError in every game."""
    namespace = student_namespace(
        STUDENT_CELL + "\nBRAIN = Brain(ORDER)\n\ndef uses_brain(observation, configuration):\n"
        "    return BRAIN.move(observation.board)\n"
    )
    with pytest.raises(
        ValueError, match=r"uses_brain uses BRAIN \(an object of type Brain\), which its bot's"
    ):
        bot_from_function(namespace["uses_brain"], tmp_path)
    partial = functools.partial(namespace["student_bot"].__wrapped__)
    with pytest.raises(
        ValueError, match="the bot is an object of type partial, not a function defined"
    ):
        bot_from_function(partial, tmp_path)


KEYS_CELL = """
KEYS = [lambda c: abs(c - 3), lambda c: c]


def uses_keys(observation, configuration):
    return min(range(7), key=KEYS[0])
"""


def test_a_list_the_file_cannot_hold_is_named_by_what_it_holds(tmp_path):
    """A list of lambdas was "KEYS (of type list)", and the advice to make it of numbers, strings,
    lists...: a learner sees a list. Now the lambda in it is named."""
    agent = student_namespace(KEYS_CELL)["uses_keys"]
    with pytest.raises(ValueError, match=r"uses KEYS \(a list holding a function\), which its"):
        bot_from_function(agent, tmp_path)


UNSHOWABLE_CELL = """
class Unshowable:
    def __repr__(self):
        raise RuntimeError("no repr")


SETTING = Unshowable()


def uses_setting(observation, configuration):
    return 3 if SETTING else 2
"""


def test_a_value_whose_repr_raises_is_named_as_one_the_file_cannot_hold(tmp_path):
    """Not the RuntimeError of its __repr__, out of bot_from_function and out of check_ladder,
    which never raises."""
    agent = student_namespace(UNSHOWABLE_CELL)["uses_setting"]
    with pytest.raises(
        ValueError, match=r"uses_setting uses SETTING \(an object of type Unshowable\)"
    ):
        bot_from_function(agent, tmp_path)
    grade = check_ladder(agent)
    assert grade.points == 0 and "SETTING (an object of type Unshowable)" in flat(grade)


LAMBDA_CELL = """
key = lambda c: abs(c - 3)
wide = (
    lambda c:
    abs(c - 3) * 2
)
nearest = wide


def ladder_agent(observation, configuration):
    free = [c for c in range(configuration.columns) if observation.board[c] == 0]
    return min(free, key=key) + min(free, key=nearest) - min(free, key=wide)
"""


def test_a_lambda_the_bot_uses_is_copied_by_its_statement(tmp_path):
    """A lambda made at the top of the cell by a statement of its own (across lines too, or
    under a second name) is copied by that statement, which its bot's file runs."""
    agent = student_namespace(LAMBDA_CELL)["ladder_agent"]
    bot = bot_from_function(agent, tmp_path)
    code = (tmp_path / "ladder_agent.py").read_text()
    assert "key = lambda c: abs(c - 3)\n" in code and "<lambda>" not in code
    assert "wide = (\n    lambda c:\n    abs(c - 3) * 2\n)\nnearest = wide" in code
    assert_plays_the_same(agent, bot)


def test_a_lambda_inside_a_larger_expression_is_named_with_what_to_do(tmp_path):
    """A lambda whose statement makes more than it (here a second lambda) cannot be copied
    faithfully: a ValueError that names it (check_ladder shows it), not a SyntaxError in the
    games naming a file the student never wrote."""
    namespace = student_namespace(
        "key, far = lambda c: abs(c - 3), lambda c: -abs(c - 3)\n\n"
        "def ladder_agent(observation, configuration):\n    return min(range(7), key=key)\n"
    )
    said = r"ladder_agent uses key \(a lambda inside a larger expression: define it with def\)"
    with pytest.raises(ValueError, match=said):
        bot_from_function(namespace["ladder_agent"], tmp_path)
    grade = check_ladder(namespace["ladder_agent"])  # no games: no points, and why
    assert grade.points == 0 and "key (a lambda inside a larger expression" in flat(grade)


@pytest.mark.parametrize("bots", ["bots", None, ["random", "one_ply"]])
def test_run_tournament_names_bots_that_are_not_a_list_of_bots(bots, tmp_path):
    # a folder's name or the reference bots' names failed deep inside: 'str' object has no
    # attribute 'name'
    with pytest.raises(TypeError, match="bots must be a list of Bots, such as bots_in"):
        run_tournament(bots, tmp_path / "t.sqlite")


@pytest.mark.parametrize(
    ("other", "words"),
    [
        ("random", ": for the reference bot 'random', give reference('random')"),
        (agent, ": for the function agent, give bot_from_function(agent, folder)"),
    ],
)
def test_run_tournament_says_how_to_give_a_reference_name_or_a_function(other, words, tmp_path):
    """It said only "bots must be a list of Bots", of a list."""
    with pytest.raises(TypeError, match=re.escape(words)):
        run_tournament([reference("one_ply"), other], tmp_path / "t.sqlite")


@pytest.mark.parametrize(
    "rungs, kind, words",
    [
        ("random", TypeError, r"rungs must be a tuple of reference bots' names, .* not 'random'"),
        (None, TypeError, r"rungs must be a tuple of reference bots' names, .* not None"),
        ((), ValueError, r"rungs must be one or more of the reference bots, each once \(none\)"),
        (("random", "random"), ValueError, r"each once \(repeated\)"),
        (("Random",), ValueError, r"each once \(unknown 'Random'\): choose from random, one_ply"),
        (("alphabeta2",), ValueError, r"perfect \(did you mean 'alphabeta_2'\?\)$"),
    ],
)
def test_rungs_that_are_not_reference_bots_each_once_are_named(rungs, kind, words):
    """Not "unknown reference bot 'r'" for a str, a full grade for no rung, or a rung given
    twice scored over twice the games ("2 of 2, beaten" for 2 points of 4)."""
    with pytest.raises(kind, match=words):
        grade_on_ladder(middle_or_left, games=2, rungs=rungs)


def test_a_bot_made_inside_another_function_is_named_with_what_to_do():
    """Its file holds its source alone, not the variables of the function that made it: a
    ValueError that names them (check_ladder shows it, grade_on_ladder raises it), not a NameError
    in every game."""

    def bot_preferring(column):
        def preferring(observation, configuration):
            return column if observation.board[column] == 0 else observation.board.index(0)

        return preferring

    grade = check_ladder(bot_preferring(3))
    assert grade.points == 0 and "preferring uses column of the function that made it" in flat(
        grade
    )
    assert "NameError" not in flat(grade)
    with pytest.raises(ValueError, match="preferring uses column of the function that made it"):
        grade_on_ladder(bot_preferring(3), games=2)  # and play_against, which saves it alike
