"""Checks for the exercises of notebook 14, a class tournament: judging a move by the engine's
scores, a bot that wins at once, blocks, or plays the centre, and a bot graded by the ladder."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from nimlib import ConnectFour
from nimlib.checks.runner import (
    QUICK_SECONDS,
    CheckResult,
    Hinted,
    TruthValues,
    checks_a_function,
    is_truth_value,
    name_of,
    reference_cases,
    run_cases,
)
from nimlib.tournament.bots import (
    Struct,
    agent_move,
    bot_from_function,
    bot_reply,
    column_of,
    connectx_configuration,
    connectx_observation,
)

if TYPE_CHECKING:
    from nimlib.tournament.runner import LadderGrade

LADDER_RUNGS = ("random", "one_ply", "mcts_100")  # the reference bots check_ladder plays
LADDER_GAMES = 4  # games against each, two with each colour, seeded 0 to 3
# The time a move may take (a bot that takes longer loses the game): the tournament's own. The rung
# mcts_100 stops its playouts at 60% of it (THINKING); its 100 take about 0.2 s, so a grading
# machine several times busier still gives the same bot the same points.
LADDER_SECONDS = 2.0

KEPT_CASES = [  # (score before the move for its player, score after for the opponent)
    (5, -3),  # a win stays a win, if a slower one
    (3, 0),  # a win thrown away for a draw
    (3, 2),  # a win thrown away for a loss
    (3, 3),  # the same, for a loss as large: equal scores are no sign of a draw kept
    (0, 0),  # a draw kept
    (0, 4),  # a draw thrown away
    (-2, 6),  # a loss stays a loss: nothing to keep but the result
    (-2, 1),
    (18, -18),  # the winning stone itself: the game is won
]

BOT_CASES = [  # (moves so far, as columns from 1; the column, from 0, the bot must play)
    ("", 3),  # the empty board: the centre
    ("1212123", 1),  # O wins at once in column 1, rather than block X's four in column 0
    ("12171", 0),  # X threatens four in column 0: O blocks it
    ("4444445", 2),  # the centre is full: columns 2 and 4 are as near, the left one
    ("3434344", 2),  # X threatens the top of column 2: O blocks it
    ("444444333333", 4),  # columns 2 and 3 are full: 4 is the nearest with room
    ("674632", 4),  # X wins at once along a row
    ("37164", 1),  # X threatens four along a row: O blocks it
    ("3454352543", 4),  # X wins at once on a diagonal
    ("754464455", 5),  # O threatens four on a diagonal: X blocks it
    ("223344", 0),  # X makes four at either end of a row: the first column, from 0
    ("27374", 0),  # X threatens both ends of a row: O blocks the first, from 0
    ("15277", 3),  # stones at one row's end and the next row's start make no line: the centre
    ("152774", 5),  # O threatens four along a row: X blocks it, not a line wrapped round an edge
    ("11224455", 2),  # X wins at once in the gap of a row, making five: longer than four wins too
]


def keeps_result(before: int, after: int) -> bool:
    """Whether a move kept the result (the check's own answer): the sign of `before` for its
    player is the sign of `-after`."""
    return (before > 0) - (before < 0) == (-after > 0) - (-after < 0)


@checks_a_function
def check_keeps_result(function: Callable[[int, int], bool]) -> CheckResult:
    """Check `function(before, after)`: whether a move keeps the result perfect play would keep."""
    cases = reference_cases(function, keeps_result, KEPT_CASES, TruthValues, kept_hint)
    return run_cases("check_keeps_result", cases, QUICK_SECONDS)


def kept_hint(before: int, after: int, answer: object) -> str:
    """A hint for a wrong judgement of the move from `before` to `after`."""
    if isinstance(answer, BaseException):
        return "before and after are whole numbers, 0 for a draw: compare their signs"
    if not is_truth_value(answer):
        return "answer True or False"
    if 0 in (before, after):
        return (
            "a draw (0) is a result of its own: 0 before is kept only by 0 after, and 0 after "
            "keeps neither a win nor a loss; compare the signs of before and -after"
        )
    return (
        "after is the opponent's score, and a result is a score's sign: compare the sign of "
        "before with the sign of -after, not the scores themselves"
    )


def expected_move(game: ConnectFour, moves: str) -> tuple[int, str, list[int]]:
    """The check's own bot's column, from 0, why, and the later columns that would win (or block)
    as well: a win at once, else a block, each the first in the order of the columns, else the
    column nearest the centre with room (the left one of two as near)."""
    state = game.from_moves(moves)
    mover, mask = state
    for own, trial in ((True, state), (False, (mover ^ mask, mask))):  # the opponent's: a block
        after = game.win_at_once(trial)  # the leftmost column that wins
        if after is not None:
            column = column_of(game, trial, after)
            line = line_of(game.winning_cells(after))
            later = [other for other in fours(game, trial) if other != column]
            if own:
                threat = game.win_at_once((mover ^ mask, mask)) is not None
                first = " (a win at once comes before a block)" if threat else ""
                why = f"column {column} (from 0) makes your own {line} at once{first}"
                return column, why, later
            return column, f"column {column} (from 0) blocks their {line}", later
    nearest = nearest_the_centre(game, full_columns(game, state))
    return (
        nearest,
        f"nobody can make four at once: column {nearest} (from 0) is the nearest the centre with "
        "room (the left one of two as near)",
        [],
    )


def fours(game: ConnectFour, state: tuple[int, int]) -> list[int]:
    """The columns, from 0, in which the player to move at `state` makes four at once."""
    return [
        column_of(game, state, new_state)
        for new_state in game.possible_new_states(state)
        if game.has_won(new_state)
    ]


def nearest_the_centre(game: ConnectFour, full: list[int]) -> int:
    """The column, from 0, nearest the centre among those not `full` (the left one of two)."""
    return next(column for column in game.centre_first if column not in full)


LONGER = {5: "five", 6: "six", 7: "seven"}  # a line longer than four, of a board 7 wide


def line_of(cells: list[tuple[int, int]]) -> str:
    """The line `cells` make, and where: four along a row, up a column or on a diagonal, a longer
    line (which wins too), or four in more than one line."""
    columns, rows = {column for column, _ in cells}, {row for _, row in cells}
    if len(rows) == 1:
        where = "along a row"
    elif len(columns) == 1:
        where = "up a column"
    elif len(columns) == len(rows) == len(cells):  # two diagonals crossing share a column
        where = "on a diagonal"
    else:
        return "four in more than one line"
    if len(cells) == 4:
        return f"four {where}"
    return f"line of {LONGER.get(len(cells), len(cells))} {where} (more than four wins too)"


@checks_a_function
def check_bot(agent: Callable[..., int]) -> CheckResult:
    """Check `agent(observation, configuration)`, or `agent(observation)`, called as the tournament
    calls it (agent_move): a win at once, else a block, else the centre."""
    game = ConnectFour()
    configuration = Struct(connectx_configuration(7, 6, seconds=2, seed=0, load_seconds=10))
    cases = []
    for moves, _ in BOT_CASES:
        state = game.from_moves(moves)
        observation = Struct(connectx_observation(game, state))
        expected, why, later = expected_move(game, moves)
        hint = partial(bot_hint, game, expected, why, later, full_columns(game, state))
        where = f"after the moves {moves} (columns from 1)" if moves else "on the empty board"
        cases.append(
            (
                f"{name_of(agent)} {where}",
                lambda observation=observation: agent_move(agent, observation, configuration),
                Column(expected, hint),
            )
        )
    return run_cases("check_bot", cases, QUICK_SECONDS)


class Column(Hinted):
    """The expected column: a whole number (numpy's too), as the tournament takes it, so that
    3.0, which a game would refuse, is no answer here either."""

    def __eq__(self, answer: object) -> bool:
        return bot_reply(answer) == ("move", self.expected)


def full_columns(game: ConnectFour, state: tuple[int, int]) -> list[int]:
    """The columns, from 0, with no room left."""
    return [column for column in range(game.width) if game.is_full(state[1], column)]


def bot_hint(
    game: ConnectFour, expected: int, why: str, later: list[int], full: list[int], answer: object
) -> str | None:
    """A hint for a wrong column: `why` the `expected` one is right, where the columns `later`
    would do as well but come after it, and the columns `full` have no room; for an error in
    reading the observation, how it is laid out (none for another error: an import, an exit)."""
    if isinstance(answer, (ImportError, SystemExit)):
        return None
    if isinstance(answer, BaseException):
        return (
            "observation.board is one flat list of rows * columns cells, the top row "
            "first, and observation.mark is your mark, 1 or 2"
        )
    if answer is None:
        return "return a column number (an int), from 0 at the left"
    kind, column = bot_reply(answer)
    if kind == "failed":
        return f"the tournament's game would refuse it: {column}"
    if column not in range(game.width):
        return f"column {column} is not on the board: the columns are 0 to {game.width - 1}"
    if column in full:
        return f"column {column} (from 0) is full: a column has room while its top cell is 0"
    if column in later:
        return f"column {column} would do as well, but look in the order of the columns: {why}"
    if column == expected + 1 and column != nearest_the_centre(game, full):
        # maybe counted from 1, maybe another slip (not the centre's pull): both are said
        return f"{why} (ConnectX numbers the columns from 0 at the left: did you count from 1?)"
    return why


@checks_a_function
def check_ladder(agent: Callable[..., int]) -> LadderGrade:
    """Grade `agent(observation, configuration)` by the ladder's lower rungs: LADDER_GAMES games
    against each reference bot of LADDER_RUNGS, a point per one beaten (more than half the games'
    points). Each bot plays in a process of its own: one that raises, answers a wrong column or
    takes longer than LADDER_SECONDS loses that game, and the grade says how."""
    from nimlib.tournament.game import Rules  # processes and openskill: only when grading
    from nimlib.tournament.runner import LadderGrade, grade_on_ladder

    with tempfile.TemporaryDirectory() as folder:
        try:
            bot = bot_from_function(agent, folder)
        except ValueError as error:  # no bot to play: no game played, no point, and why
            zeros = dict.fromkeys(LADDER_RUNGS, 0.0)
            return LadderGrade(name_of(agent), LADDER_GAMES, zeros, unplayed=str(error))
        rules = Rules(seconds=LADDER_SECONDS)
        return grade_on_ladder(bot, LADDER_GAMES, rules, LADDER_RUNGS, progress=rung_told)


def rung_told(done: int, total: int, what: str) -> None:
    """Tell each rung of the ladder as its games end, on a line of its own (a grade of a slow bot
    takes minutes; a line redrawn would run together in nbgrader's feedback)."""
    if done % LADDER_GAMES == 0:
        print(f"the ladder: {done} of {total} games played ({what})", flush=True)


check_ladder.points = len(LADDER_RUNGS)  # it grades partially: make_assignments reads its points
