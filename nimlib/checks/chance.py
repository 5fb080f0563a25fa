"""Checks for the exercises of notebooks 12 and 13: a chance node, a value iteration step, UCB1,
backing up a playout's reward, a random playout."""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, partial
from numbers import Real

from nimlib.book.expectiminimax import Expectiminimax, expectiminimax
from nimlib.book.mcts import MCTSNode, back_up, ucb1
from nimlib.book.stats import SearchStats
from nimlib.checks.runner import (
    QUICK_SECONDS,
    Case,
    CaseHint,
    CheckResult,
    Hinted,
    OfOneKind,
    Scores,
    Shown,
    agrees_with,
    answered_again,
    asked_again,
    checks_a_function,
    leaving_its_input,
    name_of,
    one_slip_hint,
    rehinted_where,
    run_cases,
    same,
)
from nimlib.games.base import Game, State
from nimlib.games.dice import DiceNim
from nimlib.games.pig import Pig
from nimlib.games.printer import shown
from nimlib.games.simple_nim import SimpleNim
from nimlib.games.tictactoe import TicTacToe
from nimlib.games.values import is_number

TOLERANCE = 1e-9
RELATIVE_TOLERANCE = 1e-6  # a right answer computed in np.float32 (about 7 digits) passes


class Close(Scores):
    """An expected number that a float answer equals when it is within TOLERANCE of it, or within
    RELATIVE_TOLERANCE of its size: ``Close(value, hint)``, the hint as Hinted takes it. True or
    False is no number here, as for Scores."""

    # the hint of OfOneKind, then the check's own: a UCB1 value or a chance position's score is no
    # best of the moves' scores, which Scores' hint for a list would tell one to return
    answer_hint = OfOneKind.answer_hint

    def __eq__(self, answer: object) -> bool:
        if isinstance(answer, bool) or not isinstance(answer, (int, float, Fraction)):
            return False
        if math.isinf(self.expected):
            return answer == self.expected
        within = max(TOLERANCE, RELATIVE_TOLERANCE * abs(self.expected))
        return math.isfinite(answer) and abs(answer - self.expected) <= within

    def __repr__(self) -> str:
        value = self.expected
        if isinstance(value, Fraction) and value.denominator != 1:  # beside a float answer too
            return f"{value} ({float(value):.6g} as a decimal)"
        rounded = isinstance(value, float) and math.isfinite(value)
        return shown(round(value, 12) if rounded else value)  # 0.697, not 0.69700000001


@dataclass(frozen=True)
class ChanceTree(Game):
    """A tiny made-up game: Max plays "safe" (then Min picks a draw, 0, or 3) or "gamble", a chance
    node where the dice give 9 with probability `win`, 0 with `draw` and -1 otherwise.

    Two trees with other chances share every state but not every score."""

    win: Fraction
    draw: Fraction
    score_range = (-9, 9)
    children = {"root": ("safe", "gamble"), "safe": ("drawn", "three")}
    scores = {"drawn": 0, "three": 3, "won": 9, "tied": 0, "lost": -1}

    @property
    def name(self) -> str:
        """The tree and its chances, as a message shows it."""
        return f"ChanceTree(win={self.win}, draw={self.draw})"

    def is_chance(self, state: str) -> bool:
        """Only "gamble" belongs to the dice."""
        return state == "gamble"

    def outcomes(self, state: str) -> list:
        """The gamble's three outcomes."""
        lose = 1 - self.win - self.draw
        return [(self.win, "won"), (self.draw, "tied"), (lose, "lost")]

    def possible_new_states(self, state: str) -> tuple[str, ...]:
        """The nodes below `state`."""
        return self.children.get(state, ())

    def evaluate(self, state: str, is_maximizing: bool) -> int | None:
        """A leaf's score, whoever is to move."""
        return self.scores.get(state)

    def validate(self, state: str) -> str:
        """Any node of the tree."""
        return state


TREES = [ChanceTree(Fraction(1, 4), Fraction(1, 4)), ChanceTree(Fraction(1, 12), Fraction(1, 2))]
CHANCE_POSITIONS = [(DiceNim(n), (n, False), mover) for n in range(6) for mover in (True, False)]
CHANCE_POSITIONS += [(DiceNim(4), (4, True), True), (DiceNim(3), (3, True), False)]
CHANCE_POSITIONS += [
    (tree, state, mover)
    for tree in TREES
    for state, mover in (("root", True), ("gamble", False), ("safe", True), ("drawn", False))
]


@checks_a_function
def check_expectiminimax(function: Callable) -> CheckResult:
    """Check `function(game, state, is_maximizing)`: the expected score, chance nodes averaged by
    their probabilities, players at their best."""
    name = name_of(function)
    cases = [
        (
            f"{name}({game.name}, {state!r}, {mover})",
            lambda game=game, state=state, mover=mover: function(game, state, mover),
            Close(
                expectiminimax(game, state, mover),
                partial(chance_hint, function, game, state, mover),
            ),
        )
        for game, state, mover in CHANCE_POSITIONS
    ]
    return run_cases("check_expectiminimax", cases)


def chance_hint(
    function: Callable, game: Game, state: object, mover: bool, answer: object
) -> str | CaseHint | None:
    """A hint that says where the learner's search goes wrong: an end of the game, a chance node, a
    player's move, or a memo that kept another game's score."""
    if answer is not None and not isinstance(answer, (BaseException, Real)):  # None: see below
        return f"return a number, the expected score for Max, not a {type(answer).__name__}"
    for other, same_state, same_mover in CHANCE_POSITIONS:
        asked_elsewhere = (same_state, same_mover) == (state, mover) and other != game
        if asked_elsewhere and reference_expectiminimax(other, state, mover) == answer:
            return (
                f"that is the score of {state!r} in {other.name}: does a memo outlive the "
                "call? Key it by the game too, or make it inside the call"
            )
    if answer is not None and agrees_with(function, negamax_scores, CHANCE_POSITIONS):
        return (
            "you gave each score for the player to move, as negamax does; expectiminimax gives "
            "every score for Max, at Min's positions too: game.evaluate's score as it is, and "
            "the lowest of the new states' scores where Min moves"
        )
    if answer is not None and agrees_with(function, keyed_by_state_alone, CHANCE_POSITIONS):
        return (
            "a memo keyed by the state alone gives a state the score it had with the other player "
            "to move: key it by (state, is_maximizing)"
        )
    if isinstance(answer, Real) and one_score_for_both(function, game, state, mover, answer):
        mover_now, other = ("Max", "Min") if mover else ("Min", "Max")
        return CaseHint(
            f"you gave {state!r} the score {answer:.4g} with {mover_now} to move, as with "
            f"{other}, though the two differ",
            "does every position read is_maximizing? A memo keyed by the state alone (one made "
            "outside the call too) reads it only once, and keeps the score of the player asked "
            "first: key it by (state, is_maximizing)",
        )
    found = answered_again(partial(first_wrong, function, game, state, mover))
    if found is None:  # a search that cannot be followed gets the general hint
        return "a chance node returns the sum of probability * score over game.outcomes(state)"
    state, mover = found
    score = game.evaluate(state, mover)
    if score is not None and agrees_with(function, for_the_other_side, [(game, state, mover)]):
        return (
            f"at {state!r} the game is over, and you gave its score for the other player to "
            "move: ask game.evaluate(state, is_maximizing) with the player to move there"
        )
    if score is not None:
        zero = (
            " (0 is a score too: test `score is not None`, not `if score:`)" if score == 0 else ""
        )
        return f"at {state!r} the game is over: return game.evaluate's score{zero}"
    if game.is_chance(state):
        general = (
            f"at the chance node {state!r}, return the sum of probability * score over "
            "game.outcomes(state), whose pairs are (probability, new state); the dice do not "
            "change whose turn it is"
        )
        return chance_slip_hint(function, game, state, mover) or general
    player, best = ("Max", "highest") if mover else ("Min", "lowest")
    return (
        f"at {state!r}, where {player} moves, return the {best} score of the new states, with "
        "the other player to move in them"
    )


TURN_PASSED_ON_HINT = (
    "the dice do not change whose turn it is: score each outcome with the player to move at the "
    "chance node (is_maximizing as it is)"
)
DICE_CHOOSE_NOTHING_HINT = (
    "the dice choose no outcome: take the average, sum(probability * score), not the highest "
    "score nor the lowest"
)
CHANCE_SLIPS = [  # (what a chance node gives from its (probability, score) pairs, its hint)
    (
        lambda scored: sum(score for _, score in scored) / len(scored),
        "weigh each outcome by its probability, sum(probability * score): the plain mean of the "
        "scores holds only where every outcome is as likely",
    ),
    (
        lambda scored: sum(score for _, score in scored),
        "multiply each outcome's score by its probability before adding them up",
    ),
    (lambda scored: max(score for _, score in scored), DICE_CHOOSE_NOTHING_HINT),
    (lambda scored: min(score for _, score in scored), DICE_CHOOSE_NOTHING_HINT),
]


def chance_slip_hint(function: Callable, game: Game, state: object, mover: bool) -> str | None:
    """The hint for the chance node (state, mover), which `function` scores wrongly while it
    scores every outcome right: the one slip of CHANCE_SLIPS its score matches, or the turn
    passed on to the dice's outcomes, named with the node; else None."""
    answer = answered_again(partial(function, game, state, mover))  # None: no slip matches
    outcomes = game.outcomes(state)
    scored = [(probability, expectiminimax(game, new, mover)) for probability, new in outcomes]
    slips = [(Close(slip(scored)), hint) for slip, hint in CHANCE_SLIPS]
    passed_on = sum(p * expectiminimax(game, new, not mover) for p, new in outcomes)
    slips.append((Close(passed_on), TURN_PASSED_ON_HINT))
    found = one_slip_hint(answer, slips)
    return f"at the chance node {state!r}, {found}" if found else None


def negamax_scores(game: Game, state: object, mover: bool) -> Close:
    """The expected score seen by the player to move, as a negamax gives it: a slip whose wrong
    scores, at Min's positions only, look like an end scored for the other side."""
    score = expectiminimax(game, state, mover)
    return Close(score if mover else -score)


def one_score_for_both(
    function: Callable, game: Game, state: object, mover: bool, answer: Real
) -> bool:
    """Whether `function` gives `state` the score `answer` with the other player to move too,
    though the two differ, as a memo keyed by the state alone that outlives the call answers:
    `answer` is the other player's score, from the call that first asked, or, once the memo holds
    wrong scores too, the function gives every position of the check one score for both."""
    others = expectiminimax(game, state, not mover)
    if others == expectiminimax(game, state, mover):
        return False
    return asked_again(
        lambda: (
            Close(answer) == function(game, state, not mover)
            and (Close(answer) == others or one_score_everywhere(function))
        )
    )


def one_score_everywhere(function: Callable) -> bool:
    """Whether `function` gives each position of the check the same score with either player to
    move, and not one score to them all: a memo keyed by the state alone, made outside the call."""
    scores = [
        (function(game, state, True), function(game, state, False))
        for game, state, _ in CHANCE_POSITIONS
    ]
    return all(same(mine, theirs) for mine, theirs in scores) and any(
        not same(score, scores[0]) for score in scores
    )


def keyed_by_state_alone(game: Game, state: object, mover: bool) -> Close:
    """The score expectiminimax gives with a memo made inside the call but keyed by the state
    alone, not the player to move: a slip whose wrong scores look like a wrong chance node's."""
    search = StateAloneMemo(game, SearchStats(track_states=False), table={})
    return Close(search.score(state, mover))


class StateAloneMemo(Expectiminimax):
    """nimlib's expectiminimax with a memo whose key leaves the player to move out: the slip of
    keyed_by_state_alone."""

    def key(self, state: State, is_maximizing: bool) -> State:
        """The state, whoever is to move."""
        return state


def first_wrong(function: Callable, game: Game, state: object, mover: bool) -> tuple:
    """The deepest position below (state, mover), itself included, that `function` scores wrongly
    while it scores every position right under it: where the bug is."""
    if game.is_chance(state):
        below = [(new_state, mover) for _, new_state in game.outcomes(state)]
    elif game.evaluate(state, mover) is None:
        below = [(new_state, not mover) for new_state in game.possible_new_states(state)]
    else:
        below = []
    for new_state, new_mover in below:
        if not agrees_with(function, reference_expectiminimax, [(game, new_state, new_mover)]):
            return first_wrong(function, game, new_state, new_mover)
    return state, mover


def reference_expectiminimax(game: Game, state: object, mover: bool) -> Close:
    """Expectiminimax's score of (state, mover), as a hint compares the learner's with it."""
    return Close(expectiminimax(game, state, mover))


def for_the_other_side(game: Game, state: object, mover: bool) -> float | None:
    """The score of the end of the game `state` with the other player to move: a slip to tell
    (game.evaluate asked for the wrong side)."""
    return game.evaluate(state, not mover)


PIG_GOAL = 10
SMALLER_GOAL = 9  # every state of Pig to 9 is one of Pig to 10


def pig_values(seed: int, goal: int) -> dict:
    """Made-up current values for every state of Pig to `goal`, drawn from `seed`: only states
    where nobody has reached the goal, as the exercise says. A smaller goal keeps the values of
    Pig to PIG_GOAL for its states, so a step that ignores the goal reads the same numbers."""
    chance = random.Random(seed)
    drawn = {state: round(chance.random(), 3) for state in Pig(PIG_GOAL).states()}
    return {state: drawn[state] for state in Pig(goal).states()}


PIG_STATES = [
    (0, 0, 0),
    (0, 0, 5),
    (3, 7, 4),
    (8, 2, 1),
    (9, 9, 0),
    (5, 5, 4),
    (2, 9, 7),
    (6, 0, 0),
]

NEAR_THE_GOAL = [(3, 7, 4), (0, 8, 6), (4, 1, 2)]  # fewer rolls win with a goal of 9
PIG_SEEDS = (1, 2)  # the made-up values of the cases, one set after the other


@checks_a_function
def check_pig_step(function: Callable) -> CheckResult:
    """Check `function(values, state, goal)`: one value iteration step of Pig, max(roll, hold).

    The last cases ask the same states with a smaller goal, and the values of its states (the same
    numbers): a step that keeps the goal of 100 in its rules is wrong there (one that knows a win
    from a state missing in values needs no goal)."""
    name = name_of(function)
    questions = [(seed, state, PIG_GOAL) for seed in PIG_SEEDS for state in PIG_STATES]
    questions += [(1, state, SMALLER_GOAL) for state in NEAR_THE_GOAL]
    cases = [
        (
            f"{name}(values (seed {seed}), {state}, {goal})",
            lambda seed=seed, state=state, goal=goal: leaving_its_input(
                function, pig_values(seed, goal), state, goal
            ),
            Close(
                Pig(goal).step(pig_values(seed, goal), state),
                partial(pig_hint, Pig(goal), state, pig_values(seed, goal)),
            ),
        )
        for seed, state, goal in questions
    ]
    return run_cases("check_pig_step", cases, QUICK_SECONDS)


HOLDING_PASSES = " (holding passes the turn: it is 1 minus the other player's chance)"


def pig_hint(game: Pig, state: tuple, values: dict, answer: object) -> str | CaseHint | None:
    """A hint for a wrong step of Pig at `state`, or for one that raised: the chances of rolling
    and of holding there, to compare with the learner's own, and what to fix (said once)."""
    missing = answer.args[0] if isinstance(answer, KeyError) and answer.args else None
    if isinstance(missing, tuple) and len(missing) == 3:
        first, second, total = missing
        # the points read the wrong way round; not a roll that reached the goal, a state values
        # never holds (its points in the other order may be one of values' by chance)
        past_the_goal = (first, second) == state[:2] and first + total >= game.goal
        if (second, first, total) in values and not past_the_goal:
            return (
                f"values has no state {shown(missing)}, whose points are the wrong way round: "
                "after a roll of 2 to 6 the same player is to move, so the state is (mine, "
                "theirs, turn + face); only a 1 or a hold passes the turn, to (theirs, mine + "
                "..., 0)"
            )
    if isinstance(answer, KeyError):  # the same words for every state missing: said once
        return (
            "values has no such state: it holds only states where nobody has reached the goal, "
            "so a roll whose points and turn total together reach it, mine + turn + face >= "
            "goal (reaching it exactly too), wins (1) without reading values"
        )
    # the state unpacked from a dict, from the goal, or read as a dict
    swapped = (
        r"too many values to unpack \(expected 3\)|cannot unpack non-iterable int"
        r"|tuple indices must be"
    )
    if isinstance(answer, (ValueError, TypeError)) and re.search(swapped, str(answer)):
        return (
            "the step is called as step(values, state, goal): the dict of values first, then the "
            "state (mine, theirs, turn), then the goal as in Pig's own step(values, state)"
        )
    if isinstance(answer, BaseException):
        return (
            "the step only reads values and adds and multiplies: look at the line that raised "
            f"{type(answer).__name__}"
        )
    if isinstance(answer, tuple):  # return max(roll, hold), makes one
        return (
            "return one number, not a tuple (a comma after it makes one): the better of the "
            "chances of rolling and of holding"
        )
    if not is_number(answer):  # True or False too: a comparison of the two, say
        return "return a number: the better of the chances of rolling and of holding"
    roll_slip = roll_slip_hint(game, values, state, answer)
    if not 0 <= answer <= 1:
        return CaseHint(
            f"a chance of winning is from 0 to 1, not {answer:.4g}",
            roll_slip or "print your two chances",
        )
    if answered_before(game, state, values, answer):
        return (
            "that is the step of this state with the values of an earlier call: does a memo "
            "outlive the call (a default argument such as memo={})? Read the values given each "
            "time"
        )
    roll, hold = game.roll_and_hold(values, state)
    where = f"at {state} with a goal of {game.goal}"
    if state[2] == 0:
        mine, theirs, _ = state
        held = 1 - values[(theirs, mine, 0)]  # a hold that banks nothing: the other's turn
        if Close(held) == answer or Close(max(roll, held)) == answer:
            return CaseHint(
                f"{where} rolling gives {roll:.4f}",
                "with a turn total of 0 there is nothing to hold: a turn starts with a roll",
            )
        return CaseHint(
            f"{where} a turn starts with a roll, which gives {roll:.4f}",
            roll_slip
            or "a 1 passes the turn, 2 to 6 add to the turn total; print your chance of rolling "
            "there",
        )
    slip = hold_slip_hint(values, state, roll, answer)
    if slip:
        return CaseHint(f"{where} holding gives {hold:.4f}", slip)
    # before a slip in rolling that gives the same number here: min is wrong at every state
    if Close(min(roll, hold)) == answer:
        better = "rolling" if roll > hold else "holding"
        return CaseHint(
            f"{where} rolling gives {roll:.4f}, holding {hold:.4f}, and yours is the smaller",
            f"return the better one, or, if you did, your chance of {better} came out smaller "
            f"than it is{HOLDING_PASSES if better == 'holding' else ''}: print it there",
        )
    if roll_slip:
        return CaseHint(f"{where} rolling gives {roll:.4f}", roll_slip)
    if Close((roll + hold) / 2) == answer:
        return CaseHint(
            f"{where} rolling gives {roll:.4f}, holding {hold:.4f}, and yours is their mean",
            "the step is the better of the two, max(roll, hold)",
        )
    return CaseHint(
        f"{where} rolling gives {roll:.4f}, holding {hold:.4f}",
        "print your two there and see which differs",
    )


def answered_before(game: Pig, state: tuple, values: dict, answer: object) -> bool:
    """Whether `answer` is the step of `state` with the other made-up values the check gives: an
    answer kept from an earlier call."""
    others = (pig_values(seed, game.goal) for seed in PIG_SEEDS)
    return any(other != values and Close(game.step(other, state)) == answer for other in others)


def roll_slip_hint(game: Pig, values: dict, state: tuple, answer: object) -> str | None:
    """The hint for a step whose roll has one slip, where that roll makes the answer: a 1 read
    from the wrong side, banking the turn total, left out, adding to the turn total or both (a
    pig out and a face that adds 1), the face 6 left out, or the faces' chances divided by 5 (all
    six, or the 2 to 6 alone)."""
    mine, theirs, turn = state
    roll, hold = game.roll_and_hold(values, state)
    pig_out = 1 - values[(theirs, mine, 0)]
    faces = 6 * roll - pig_out  # the chances after a 2 to 6, summed

    def after(total: int) -> float:
        """The mover's chance with the turn total `total`: 1 at the goal."""
        return 1.0 if mine + total >= game.goal else values[(mine, theirs, total)]

    six_left_out = "the faces 2 to 6 add to the turn total: range(2, 7), which stops before the 7"
    # a face of 2 to 5 that reaches the goal exactly, not counted as a win, loses as much as the 6
    if after(turn + 6) == 1 and game.goal - mine - turn in range(2, 6):
        six_left_out += (
            f"; or, if yours does, a roll that reaches the goal exactly, {game.goal}, wins too: "
            "mine + turn + face >= goal"
        )
    slips = [
        (
            (faces + 1 - pig_out) / 6,
            "a 1 passes the turn: your chance is then 1 minus the other player's, "
            "1 - values[(theirs, mine, 0)]",
        ),
        (
            faces / 6,
            "a 1 (chance 1/6) passes the turn, and you may still win from there: add "
            "1 - values[(theirs, mine, 0)] to the chances of 2 to 6 before dividing by 6",
        ),
        *(
            (
                by_five,
                "each of the six faces has chance 1/6, the 1 too: divide by 6, not by 5",
            )
            for by_five in ((faces + pig_out) / 5, faces / 5 + pig_out / 6)
        ),
        (
            (faces - after(turn + 6) + pig_out) / 6,
            six_left_out,
        ),
        (
            (faces + after(turn + 1)) / 6,
            "a 1 adds nothing: it ends the turn, the turn total lost, and the other player moves "
            "at (theirs, mine, 0)",
        ),
        (
            (faces + after(turn + 1) + pig_out) / 6,
            "your roll counts the 1 twice, as a pig out and as 1 added to the turn total: a 1 "
            "ends the turn and scores nothing (pig out), it does not add 1, so only the faces 2 "
            "to 6 add to the turn total, range(2, 7)",
        ),
    ]
    if turn > 0:
        slips.append(
            (
                (faces + 1 - values[(theirs, mine + turn, 0)]) / 6,
                "a 1 loses the turn total: the other player moves at (theirs, mine, 0), your "
                "points as they were before the turn",
            )
        )
    made = ((Close(slipped if turn == 0 else max(slipped, hold)), hint) for slipped, hint in slips)
    return one_slip_hint(answer, made)


def hold_slip_hint(values: dict, state: tuple, roll: float, answer: object) -> str | None:
    """The hint for a step whose hold reads the wrong state, and so beats rolling: the mover's own
    side, or the other player's turn with the turn total not banked."""
    mine, theirs, turn = state
    slips = [
        (
            values[(mine + turn, theirs, 0)],
            "holding passes the turn: your chance is 1 minus the other player's, "
            "1 - values[(theirs, mine + turn, 0)]",
        ),
        (
            1 - values[(theirs, mine, 0)],
            "holding banks the turn total before the other player moves: read the other "
            "player's chance at (theirs, mine + turn, 0)",
        ),
    ]
    # only where the wrong hold beats rolling: else the answer is the roll, as other slips give
    return one_slip_hint(answer, ((Close(held), hint) for held, hint in slips if held > roll))


UCB_CASES = [  # (total reward, visits, parent's visits, c as the call writes it)
    (3.0, 5, 200, "math.sqrt(2)"),  # ln 200 >= 5: a log // visits is not 0, as no bonus is
    (3.0, 5, 200, "1.0"),
    (0.0, 1, 2, "math.sqrt(2)"),
    (7.5, 10, 10, "1.0"),
    (1.0, 4, 100, "0.5"),
    (2.0, 2, 2, "3.0"),  # c not 2 = visits: c * (mean + bonus) would pass for total + c * bonus
    (40.0, 50, 1000, "math.sqrt(2)"),
    (0.0, 0, 10, "math.sqrt(2)"),
]
C_VALUES = {"math.sqrt(2)": math.sqrt(2), "1.0": 1.0, "0.5": 0.5, "3.0": 3.0}
UNASKED_CHILD = (2.0, 3, 50)  # a total reward, visits and parent's visits that no case asks about


def ucb1_with_c(fixed: float, total: float, visits: int, parent: int, c: float) -> Close:
    """UCB1 with the constant `fixed`, whatever `c` is given (to rounding, however the learner
    writes it): a function that ignores its c."""
    return Close(ucb1(total, visits, parent, fixed))


@checks_a_function
def check_ucb1(function: Callable) -> CheckResult:
    """Check `function(total, visits, parent_visits, c)`: UCB1, inf for a child never visited."""
    name = name_of(function)
    cases = [
        (
            f"{name}({total}, {visits}, {parent}, {c})",
            lambda args=(total, visits, parent, C_VALUES[c]): function(*args),
            Close(
                ucb1(total, visits, parent, C_VALUES[c]),
                partial(ucb_hint, function, total, visits, parent, C_VALUES[c]),
            ),
        )
        for total, visits, parent, c in UCB_CASES
    ]
    return run_cases("check_ucb1", cases, QUICK_SECONDS)


NATURAL_LOG_HINT = "math.log is the natural logarithm (not log10 or log2)"
TWO_INSIDE_HINT = (
    "c takes the place of the 2 in sqrt(2 ln N / n), as its square root (c = math.sqrt(2) is "
    "the usual choice): "
    "c * math.sqrt(math.log(parent_visits) / visits), with no 2 inside"
)
UCB_SLIPS = [  # (a slip in UCB1, as a function of total, visits, parent's visits, c; its hint)
    (
        lambda total, visits, parent, c: total / visits,
        "add the exploration term, c * math.sqrt(math.log(parent_visits) / visits), to the mean",
    ),
    (
        lambda total, visits, parent, c: total / visits - c * math.sqrt(math.log(parent) / visits),
        "add the exploration term: a child seldom visited gets a bonus, not a penalty",
    ),
    (
        lambda total, visits, parent, c: total + c * math.sqrt(math.log(parent) / visits),
        "the first term is the mean reward, total / visits",
    ),
    (
        lambda total, visits, parent, c: total / visits + c * math.log(parent) / visits,
        "the exploration term takes the square root: "
        "c * math.sqrt(math.log(parent_visits) / visits)",
    ),
    (
        lambda total, visits, parent, c: (
            total / visits + c * math.sqrt(math.log10(parent) / visits)
        ),
        NATURAL_LOG_HINT,
    ),
    (
        lambda total, visits, parent, c: total / visits + c * math.sqrt(math.log2(parent) / visits),
        NATURAL_LOG_HINT,
    ),
    (
        lambda total, visits, parent, c: (
            total / visits + c * math.sqrt(math.log(parent + 1) / visits)
        ),
        "the logarithm of parent_visits itself, not of parent_visits + 1",
    ),
    (
        lambda total, visits, parent, c: total / visits + math.sqrt(math.log(parent) / visits),
        "multiply the exploration term by c",
    ),
    (
        lambda total, visits, parent, c: total / visits + math.sqrt(c * math.log(parent) / visits),
        "c multiplies the square root, it is not inside it: "
        "c * math.sqrt(math.log(parent_visits) / visits)",
    ),
    (
        lambda total, visits, parent, c: (
            total / (visits + 1) + c * math.sqrt(math.log(parent) / (visits + 1))
        ),
        "divide by the child's own visits, not visits + 1: only a child never visited has 0, "
        "and it gets math.inf before any division",
    ),
    (
        lambda total, visits, parent, c: total / visits + c * math.sqrt(math.log(visits) / parent),
        "the logarithm is of the parent's visits, divided by the child's own: "
        "math.log(parent_visits) / visits",
    ),
    (
        lambda total, visits, parent, c: total / parent + c * math.sqrt(math.log(parent) / visits),
        "the mean reward divides the child's total by its own visits: total / visits",
    ),
    (
        lambda total, visits, parent, c: total / visits + c * math.sqrt(math.log(parent)) / visits,
        "the square root is of the whole fraction: math.sqrt(math.log(parent_visits) / visits)",
    ),
    (
        lambda total, visits, parent, c: total // visits + c * math.sqrt(math.log(parent) / visits),
        "the mean reward is total / visits: // rounds it down to a whole number",
    ),
    (
        lambda total, visits, parent, c: total / visits + c * math.sqrt(math.log(parent) // visits),
        "the logarithm over the visits is a fraction: math.log(parent_visits) / visits, not "
        "math.log(parent_visits) // visits, which rounds it down (often to 0)",
    ),
    (
        lambda total, visits, parent, c: (
            total / visits + c * math.sqrt(2 * math.log(parent) / visits)
        ),
        TWO_INSIDE_HINT,
    ),
    (
        lambda total, visits, parent, c: total / visits + math.sqrt(2 * math.log(parent) / visits),
        TWO_INSIDE_HINT,
    ),
]


def ucb_hint(
    function: Callable, total: float, visits: int, parent: int, c: float, answer: object
) -> str | None:
    """A hint for a wrong UCB1 of a child with `total` reward over `visits`: an answer kept from
    the call with another c, the one slip it matches (none if it matches several), or the
    formula."""
    if visits == 0:
        text = " (the float math.inf, not the text 'inf')" if isinstance(answer, str) else ""
        return f"a child never visited gets math.inf{text}, before any division by its visits"
    if isinstance(answer, (tuple, list)):
        return "return one number, the child's UCB1 value"
    for said, other in C_VALUES.items():
        asked = (total, visits, parent, other)
        if other != c and Close(ucb1(*asked)) == answer and agrees_with(function, ucb1, [asked]):
            # a child no case asks about: a memo keyed without c works it out with the c given
            if agrees_with(function, partial(ucb1_with_c, other), [(*UNASKED_CHILD, c)]):
                return f"that is the value for c = {said}: multiply by the c given"
            return (
                f"that is the value for c = {said}, asked before: does a memo outlive the call, "
                "keyed without c? Work the formula out each time"
            )
    slips = ((Close(slip(total, visits, parent, c)), hint) for slip, hint in UCB_SLIPS)
    return one_slip_hint(answer, slips, UCB1_HINT)


UCB1_HINT = (
    "the mean reward / visits, plus c * math.sqrt(math.log(parent_visits) / visits) (the "
    "natural logarithm); a child never visited gets math.inf"
)


BACK_UP_CASES = [  # (who moves at each node, from the root down; the node backed up from; reward)
    ("Max Min Max", 2, 1.0),
    ("Max Min Max", 2, 0.0),
    ("Min Max Min Max", 3, 1.0),
    ("Max Min Max Min", 1, 0.0),  # from the middle of the path: the nodes below are not visited
    ("Min Max", 1, 0.5),
    ("Max", 0, 1.0),
]
# each case as added_by takes it: its tree, and the one call (depth, reward) backed up on it
ONE_CALL = [(movers, [(depth, reward)]) for movers, depth, reward in BACK_UP_CASES]
BEFORE = [(10, 6.0), (6, 2.5), (3, 2.0), (1, 1.0)]  # each node's (visits, reward) before the call
NAMES = "abcd"


def path_of(movers: str) -> list[MCTSNode]:
    """The nodes a, b, ... from the root down, who moves at each given by `movers`, with the
    visits and rewards of BEFORE."""
    nodes: list[MCTSNode] = []
    for mover, (visits, reward) in zip(movers.split(), BEFORE, strict=False):
        parent = nodes[-1] if nodes else None
        nodes.append(MCTSNode(NAMES[len(nodes)], mover == "Max", parent, [], [], visits, reward))
        if parent is not None:
            parent.children.append(nodes[-1])
    return nodes


def added_by(function: Callable, movers: str, calls: Sequence[tuple[int, float]]) -> list[tuple]:
    """What `function` added to each node's (visits, reward), from the root down, called on one
    tree once for each (depth, reward) of `calls`: backing up `reward` from the node `depth` moves
    below the root."""
    nodes = path_of(movers)
    for depth, reward in calls:
        function(nodes[depth], reward)
    return [(node.visits - v, node.reward - r) for node, (v, r) in zip(nodes, BEFORE, strict=False)]


def path_words(movers: str) -> str:
    """The path of nodes as a message names it: a (Max to move) → b (Min to move) ..."""
    return " → ".join(f"{NAMES[i]} ({mover} to move)" for i, mover in enumerate(movers.split()))


@checks_a_function
def check_back_up(function: Callable) -> CheckResult:
    """Check `function(node, reward_for_max)`: a visit, and the reward of the player who moved
    into it, on every node from `node` up to the root, none below."""
    never_turned = partial(
        agrees_with, partial(added_by, function), partial(added_by, never_turned_round), ONE_CALL
    )
    cases = [
        rehinted_where(
            back_up_case(
                function, movers, [(depth, reward)], partial(back_up_hint, movers, depth, reward)
            ),
            never_turned,
            NEVER_TURNED_HINT,
        )
        for movers, depth, reward in BACK_UP_CASES
    ]
    # two playouts backed up through one tree, as a search does: a back-up that keeps its path
    # between calls (a default argument, path=[]) visits the first one's nodes again
    cases.append(back_up_case(function, *TWICE, partial(kept_between_calls_hint, function)))
    return run_cases("check_back_up", cases, QUICK_SECONDS)


GO_UP_HINT = "go up a node each time round: node = node.parent"
NEVER_TURNED_HINT = (
    "a node keeps the reward of the player who moved into it: where Max is to move, Min moved "
    "there, and gets 1 - reward_for_max"
)


def never_turned_round(node: MCTSNode, reward_for_max: float) -> None:
    """A back-up that adds reward_for_max to every node, whoever moved into it: a slip whose cases
    of one call, taken one by one, look like other slips (the root alone wrong, say)."""
    while node is not None:
        node.visits += 1
        node.reward += reward_for_max
        node = node.parent


TWICE = ("Max Min Max", [(2, 1.0), (1, 0.0)])  # two playouts backed up, one after the other


def back_up_case(
    function: Callable,
    movers: str,
    calls: list[tuple[int, float]],
    hint: Callable[[object], str | None],
) -> Case:
    """The case of `function` called on one tree once for each (depth, reward) of `calls`, one
    after another, and what it added to each node's (visits, reward), with `hint` for a wrong
    answer."""
    name = name_of(function)
    said = ", then ".join(f"{name}({NAMES[depth]}, {reward})" for depth, reward in calls)
    return (
        f"{said} on {path_words(movers)}, added to each (visits, reward),",
        partial(added_by, function, movers, calls),
        Hinted(added_by(back_up, movers, calls), hint, stopped=GO_UP_HINT),
    )


def kept_between_calls_hint(function: Callable, answer: object) -> str | None:
    """The hint for a back-up right in every case of one call but wrong over two calls: it keeps
    something between calls. None where a case of one call is wrong too: it tells what."""
    if not agrees_with(partial(added_by, function), partial(added_by, back_up), ONE_CALL):
        return None
    return (
        "each call backs up one playout, but yours changed the nodes of the call before it "
        "again: something outlives the call, such as a default argument (path=[] is made once, "
        "when def runs): make it inside the function"
    )


def back_up_hint(movers: str, depth: int, reward: float, answer: object) -> str | None:
    """A hint for what a wrong back-up added to each node (`answer`), or for its exception."""
    if isinstance(answer, AttributeError) and "'MCTSNode' object" in str(answer):
        return (
            "a node of nimlib's tree has parent, children, untried, state, is_maximizing "
            "(whether Max is to move there), visits and reward (the total of the rewards of the "
            "player who moved into it): no other field"
        )
    if isinstance(answer, AttributeError) and "NoneType" in str(answer):
        return (
            "the root's parent is None, so node.parent has nothing to read there: read who "
            "moved into a node from the node itself, as `not node.is_maximizing` (the player "
            "not to move there), and go up while node is not None"
        )
    if not isinstance(answer, list):
        return None
    expected = added_by(back_up, movers, [(depth, reward)])
    on_the_way, below = answer[: depth + 1], answer[depth + 1 :]
    visits = [added for added, _ in on_the_way]
    got = [gained for _, gained in on_the_way]
    right = [gained for _, gained in expected[: depth + 1]]
    if depth > 0 and all(change == (0, 0) for change in answer):
        return (
            "change the nodes themselves (node.visits += 1, node.reward += ...): the check "
            "reads the tree, not what the function returns"
        )
    if any(change != (0, 0) for change in below):
        return "back up from the node given to the root, by node.parent: never down to children"
    if visits == [1 - before for before, _ in BEFORE[: depth + 1]]:
        return "visits counts every visit: node.visits += 1, not node.visits = 1"
    if all(added == 2 for added in visits):
        return "each visit adds one: node.visits += 1 once for each node, not twice"
    if visits != [1] * (depth + 1):
        return (
            "every node from the node given up to the root, the root too, gets one more visit "
            "(loop while node is not None, then node = node.parent)"
        )
    if reward == 1 / 2 and 1 in got and all(gained in (0, 1) for gained in got):
        return "a draw's reward, 1/2, is both players': add 1/2 to every node, whoever moved there"
    totals = [before + gained for (_, before), gained in zip(BEFORE, got, strict=False)]
    if totals == right:
        return "node.reward is a running total: node.reward += ..., not node.reward = ..."
    running_means = [  # what node.reward += (reward - node.reward) / node.visits adds
        Close((gained - total) / (visits + 1))
        for (visits, total), gained in zip(BEFORE, right, strict=False)
    ]
    if all(0 <= total <= 1 for total in totals) or running_means == got:
        return "node.reward is the total of the rewards, not their mean: node.reward += ..."
    if any(gained < 0 for gained in got):
        return (
            "each reward added is from 0 to 1 (the other player's is 1 - reward_for_max, "
            "not -reward_for_max), and node.reward is their total"
        )
    movers_there = movers.split()[: depth + 1]
    flipped = [reward if mover == "Max" else 1 - reward for mover in movers_there]
    root_alone = got[1:] == right[1:]  # every node right but the root (any root, at depth 0)
    if root_alone and got[0] == 0 == flipped[0]:  # the root left out, or seen from the wrong side
        return (
            "the root gets the reward of the player who moved into it, as every node does: the "
            "one not to move there (it has no parent to ask)"
        )
    if root_alone and got[0] == 0:
        return (
            "the root gets a reward too: the player who moved into it is the one not to move "
            "there, as everywhere (it has no parent to ask)"
        )
    if depth > 0 and reward != 0 and got == [reward] * len(got):
        return NEVER_TURNED_HINT
    if got == flipped or (root_alone and Close(flipped[0]) == got[0]):
        return (
            "the player who moved into a node is the one not to move there: a node where Min "
            "is to move was reached by Max's move, and gets reward_for_max"
        )
    return (
        "add reward_for_max to a node where Min is to move (Max moved there), and "
        "1 - reward_for_max where Max is to move"
    )


PLAYOUTS = 1_000  # the calls of a learner's playout whose mean reward a case reads
PLAYOUT_MEAN_WITHIN = 0.06  # over four standard deviations of the mean of 1,000 rewards
PLAYED_OUT = TicTacToe()  # the game of the check's mean rewards
PLAYOUT_CASES = [  # (the game as a call shows it, the game, state, is_maximizing, what it shows)
    ("TicTacToe()", PLAYED_OUT, "XXXOO....", False, "over before the first move, won by X"),
    ("TicTacToe()", PLAYED_OUT, "XOXXOOOX.", True, "one move left, a draw"),
    ("SimpleNim()", SimpleNim(), 1, False, "Min must take the last counter, and loses"),
]
MEAN_CASES = [  # (state, is_maximizing, the seed) of tic-tac-toe: Max plays X
    (".........", True, 0),
    ("X........", False, 1),  # Max's reward, not the mover's: about 0.67, not 0.33
]


def reward_of(score: float, draw: Fraction = Fraction(1, 2)) -> Fraction:
    """A finished game's reward for Max: 1 a win, `draw` a draw, 0 a loss (the check's games are
    scored around 0)."""
    return Fraction(1) if score > 0 else draw if score == 0 else Fraction(0)


def random_play_reward(
    game: Game,
    state: object,
    is_maximizing: bool,
    draw: Fraction = Fraction(1, 2),
    turns: bool = True,
) -> Fraction:
    """Max's mean reward over every random game from `state`, each move of a position equally
    likely: what the mean of many playouts comes to. Slips as the hints name them: a `draw`
    rewarded otherwise than 1/2, the player to move never changed (`turns` False)."""

    @cache
    def mean(state: object, is_maximizing: bool) -> Fraction:
        score = game.evaluate(state, is_maximizing)
        if score is not None:
            return reward_of(score, draw)
        new_states = list(game.possible_new_states(state))
        after = is_maximizing != turns
        return sum(mean(new, after) for new in new_states) / len(new_states)

    return mean(state, is_maximizing)


class About(Close):
    """A mean of random playouts, right within PLAYOUT_MEAN_WITHIN of the exact mean."""

    def __eq__(self, answer: object) -> bool:
        return is_number(answer) and abs(answer - self.expected) <= PLAYOUT_MEAN_WITHIN

    def __repr__(self) -> str:
        return f"about {float(self.expected):.3f} (within {PLAYOUT_MEAN_WITHIN})"


def mean_reward(function: Callable, state: str, is_maximizing: bool, seed: int) -> object:
    """The mean of PLAYOUTS rewards of `function` from the tic-tac-toe board `state`, all drawn
    from one generator seeded with `seed`, rounded to 3 places; the first reward that is no number
    from 0 to 1, as it is."""
    rng, total = random.Random(seed), 0
    for _ in range(PLAYOUTS):
        reward = function(PLAYED_OUT, state, is_maximizing, rng)
        if not is_reward(reward):
            return reward
        total += reward
    return round(total / PLAYOUTS, 3)


def same_again(function: Callable) -> object:
    """Whether `function` gives the same 20 rewards from the empty tic-tac-toe board twice, each
    time from a generator seeded with 7; the first reward that is no number from 0 to 1, as it
    is (None twice over is no reward repeated)."""
    rewards = []
    for _ in range(2):
        rng = random.Random(7)
        rewards.append([function(PLAYED_OUT, ".........", True, rng) for _ in range(20)])
    for reward in rewards[0] + rewards[1]:
        if not is_reward(reward):
            return reward
    return SAME_REWARDS if same(rewards[0], rewards[1]) else OTHER_REWARDS


def is_reward(answer: object) -> bool:
    """Whether `answer` is a number from 0 to 1 (not True or False)."""
    return is_number(answer) and 0 <= answer <= 1


def seed_hint(answer: object) -> str | None:
    """The hint for the same seed's playouts: SEED_HINT where they differ; for a reward that is
    no number from 0 to 1, REWARD_HINT where it is a number, and none else (the other cases have
    said why)."""
    if answer is OTHER_REWARDS:
        return SEED_HINT
    return REWARD_HINT if is_number(answer) else None


SAME_REWARDS = Shown("the same rewards both times")
OTHER_REWARDS = Shown("other rewards the second time")
REWARD_HINT = (
    "a playout gives Max's reward: 1 if Max has won, 1/2 for a draw, 0 if Max has lost (a score "
    "above, at or below 0), not the game's score"
)
DRAWN_PLAYOUT_HINT = "a draw (a score of 0) is worth 1/2 to either player"
OVER_FIRST_HINT = (
    "the game can be over before the first move: ask evaluate first, and move only while it "
    "gives None"
)
PASS_THE_TURN_HINT = (
    "after each move the other player is to move (is_maximizing = not is_maximizing), and "
    "evaluate is asked for the player to move then"
)
MAX_REWARD_HINT = "the reward is Max's, whoever is to move at the start (is_maximizing False: Min)"
SAME_EVERY_TIME_HINT = (
    "every playout gave the same reward: each call must play new random moves, drawn with rng "
    "(a memo, such as functools.cache, or always the first move plays one game again and again)"
)
SEED_HINT = (
    "draw every random move with the rng given (rng.choice(moves)): random.choice draws from "
    "Python's own generator, which the seed does not repeat"
)
ENDLESS_PLAYOUT_HINT = (
    "each step must move: state = rng.choice(moves), and the other player is to move; then ask "
    "evaluate again"
)
PLAYOUT_HINT = (
    "from `state`, while evaluate gives None, move to a new state drawn with rng.choice, the "
    "other player to move; then turn the score into Max's reward (1, 1/2 or 0)"
)


@checks_a_function
def check_playout(function: Callable) -> CheckResult:
    """Check `function(game, state, is_maximizing, rng)`: random moves drawn with `rng` to the end
    of the game, and Max's reward there (1, 1/2 or 0)."""
    name = name_of(function)
    cases: list[Case] = [
        (
            f"{name}({shown_game}, {shown(state)}, {is_maximizing}, rng) ({what})",
            partial(function, game, state, is_maximizing, random.Random(0)),
            Close(
                random_play_reward(game, state, is_maximizing),
                partial(one_playout_hint, game, state, is_maximizing),
                ENDLESS_PLAYOUT_HINT,
            ),
        )
        for shown_game, game, state, is_maximizing, what in PLAYOUT_CASES
    ]
    cases += [
        (
            f"the mean of {PLAYOUTS:,} calls {name}(TicTacToe(), {shown(state)}, "
            f"{is_maximizing}, rng), rng = random.Random({seed}),",
            partial(mean_reward, function, state, is_maximizing, seed),
            About(
                random_play_reward(PLAYED_OUT, state, is_maximizing),
                partial(mean_hint, state, is_maximizing),
                ENDLESS_PLAYOUT_HINT,
            ),
        )
        for state, is_maximizing, seed in MEAN_CASES
    ]
    cases.append(
        (
            f"20 calls {name}(TicTacToe(), '.........', True, rng), rng = random.Random(7), "
            "made twice,",
            partial(same_again, function),
            Hinted(SAME_REWARDS, seed_hint, ENDLESS_PLAYOUT_HINT),
        )
    )
    # a thousand playouts take a second or so where a browser runs Python (JupyterLite): the full
    # time of a search, not QUICK_SECONDS
    return run_cases("check_playout", cases)


def one_playout_hint(game: Game, state: object, is_maximizing: bool, answer: object) -> str | None:
    """The hint for a wrong reward from `state`, where every random game ends alike."""
    if isinstance(answer, (IndexError, ValueError)) and "empty" in str(answer):
        return OVER_FIRST_HINT
    if not is_reward(answer):
        return REWARD_HINT if is_number(answer) else None
    if random_play_reward(game, state, is_maximizing) == Fraction(1, 2):
        return DRAWN_PLAYOUT_HINT
    if game.evaluate(state, is_maximizing) is not None:  # no move: the reward of the wrong side
        return MAX_REWARD_HINT
    return f"{PASS_THE_TURN_HINT}; {MAX_REWARD_HINT}"


def mean_hint(state: str, is_maximizing: bool, answer: object) -> str | None:
    """The hint for a wrong mean reward of playouts from the tic-tac-toe board `state`, or for
    the first reward that is no number from 0 to 1: the slip whose mean it is, if one is."""
    if not is_reward(answer):
        return REWARD_HINT if is_number(answer) else None
    mean_of = partial(random_play_reward, PLAYED_OUT, state, is_maximizing)  # a slip's mean
    slips = [
        (mean_of(turns=False), PASS_THE_TURN_HINT),
        (mean_of(draw=Fraction(0)), DRAWN_PLAYOUT_HINT),
        (mean_of(draw=Fraction(1)), DRAWN_PLAYOUT_HINT),
    ]
    if not is_maximizing:  # the reward of the player to move at the start, Min
        slips.append((1 - mean_of(), MAX_REWARD_HINT))
    for mean, hint in slips:
        if abs(answer - mean) <= PLAYOUT_MEAN_WITHIN:
            return hint
    return SAME_EVERY_TIME_HINT if answer in (0, 0.5, 1) else PLAYOUT_HINT
