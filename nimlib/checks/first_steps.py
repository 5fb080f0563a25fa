"""Checks of notebooks 01 to 03: a first minimax, the general minimax, negamax, who wins, and a
variant."""

from __future__ import annotations

import dis
import inspect
import re
from collections.abc import Callable
from functools import cache, partial
from math import inf

from nimlib.book.minimax import memoized_minimax, minimax
from nimlib.book.table import MOVERS
from nimlib.checks.runner import (
    Case,
    CheckResult,
    Hinted,
    N,
    Scores,
    TruthValues,
    WholeNumbers,
    agrees_with,
    asked_again,
    budget,
    call_case,
    checks_a_function,
    counts_case,
    given_instead,
    is_nimlibs_own,
    is_truth_value,
    message_of,
    name_of,
    nimlibs_own_refused,
    number_hint,
    one_slip_hint,
    rehinted,
    rehinted_where,
    run_cases,
    same,
)
from nimlib.checks.trial_games import UNSEEN_MARKS, NumberTree, TinyTree, UnseenGame, unseen
from nimlib.games.base import Game, State
from nimlib.games.explicit_tree import ExplicitTree
from nimlib.games.nim import Nim
from nimlib.games.nim_variants import FibonacciNim, SplitNim
from nimlib.games.printer import shown
from nimlib.games.simple_nim import SimpleNim
from nimlib.games.tictactoe import TicTacToe
from nimlib.games.values import declared_score_range, is_number


@checks_a_function
def check_simple_minimax(
    function: Callable[[int, bool], int], takes: tuple[int, ...] = (1, 2, 3)
) -> CheckResult:
    """Check `function(counters, max_turn)`: the score of Simple-Nim (last counter loses) where one
    may take `takes`."""
    game, name, counts = SimpleNim(takes=takes), name_of(function), range(13)
    cases = [
        (
            f"{name}(0, max_turn={max_turn})",
            lambda max_turn=max_turn: function(0, max_turn),
            Scores(score, partial(simple_minimax_hint, function, score, [])),
        )
        for max_turn in (True, False)
        for score in [minimax(game, 0, max_turn)]
    ]
    for max_turn in (True, False):
        expected = [minimax(game, n, max_turn) for n in counts]
        slips = simple_slips(takes, max_turn)
        cases.append(
            (
                f"[{name}(n, max_turn={max_turn}) for n in range(13)]",
                lambda max_turn=max_turn: [function(n, max_turn) for n in counts],
                Scores(expected, partial(simple_minimax_hint, function, expected, slips)),
            )
        )
    return run_cases(f"check_simple_minimax (takes {', '.join(map(str, takes))})", cases)


def of_no_scores(answer: object) -> bool:
    """Whether `answer` is the ValueError of max() or min() given no scores (Python 3.11: "max()
    arg is an empty sequence"; 3.12: "max() iterable argument is empty"), not another's."""
    return isinstance(answer, ValueError) and bool(re.match(r"(max|min)\(\) .*empty", str(answer)))


def simple_slips(takes: tuple[int, ...], max_turn: bool) -> list[tuple[list[int], str]]:
    """What likely slips score for 0 to 12 counters with `max_turn` to move, each with its hint:
    max and min swapped, and, where `takes` adds to 1, 2 and 3, the old takes."""
    counts = range(13)
    slips = [
        (
            [minimax_with_slip(SimpleNim(takes=takes), n, max_turn, "swapped") for n in counts],
            MINIMAX_SLIPS["swapped"],
        )
    ]
    if set(takes) > {1, 2, 3}:
        more = " or ".join(str(take) for take in takes if take not in (1, 2, 3))
        usual = [minimax(SimpleNim(), n, max_turn) for n in counts]
        first_take_only = [old_search_below(takes, n, max_turn) for n in counts]
        slips += [
            (
                usual,
                "these are the scores when a move takes 1, 2 or 3 counters: does your function "
                f"try taking {more} too?",
            ),
            (
                first_take_only,
                f"only the first move may take {more}: does the recursion call minimax, the "
                "search of 1, 2 or 3, instead of your function itself?",
            ),
        ]
    return slips


def old_search_below(takes: tuple[int, ...], counters: int, max_turn: bool) -> int:
    """Simple-Nim's score where the first move may take `takes` and every later one 1, 2 or 3."""
    if counters == 0:
        return +1 if max_turn else -1
    game = SimpleNim()
    scores = [minimax(game, counters - take, not max_turn) for take in takes if take <= counters]
    return max(scores) if max_turn else min(scores)


def simple_minimax_hint(
    function: Callable[[int, bool], int],
    expected: int | list[int],
    slips: list[tuple[list[int], str]],
    answer: object,
) -> str | None:
    """A hint for a wrong score of Simple-Nim, or a list of them: `slips` pairs what a likely slip
    scores with its hint (none for a single score). Where the answer alone cannot tell the cause,
    `function` is asked again at 0 counters, whose scores every other one is built on."""
    zero_right = agrees_with(function, zero_counters_score, [(0, True), (0, False)])
    if of_no_scores(answer):
        if zero_right:  # the scores at 0 come first: a pile with counters left had no move
            return "a move may take every counter left: take <= counters, not take < counters"
        return (
            "with 0 counters there is no move, and max() or min() of no scores fails: return "
            "the score at 0 counters first, before looking at the moves"
        )
    answers = answer if isinstance(answer, list) else [answer]
    if any(isinstance(score, bool) for score in answers):
        return "return a score, +1 or -1 (an int), not True or False"
    named = one_slip_hint(answer, slips)
    if named is not None:
        return named
    if isinstance(expected, list) and same(answer, [-score for score in expected]):
        return "every score is turned round: " + ZERO_COUNTERS
    if not zero_right and all(is_number(score) for score in answers):
        return ZERO_COUNTERS
    numbers = isinstance(answer, list) and all(isinstance(score, int) for score in answer)
    if numbers and len(set(answer)) == 1 and len(set(expected)) > 1:
        return (
            "every pile gets the same score: pass the turn to the other player in the recursive "
            "call (not max_turn)"
        )
    return None


ZERO_COUNTERS = (
    "at 0 counters the player to move did not take the last counter, the other one did, and "
    "lost; so the score at 0 is +1 with Max to move, -1 with Min to move"
)


def zero_counters_score(counters: int, max_turn: bool) -> int:
    """Simple-Nim's score at 0 counters (misère: the player to move has won), for agrees_with."""
    return 1 if max_turn else -1


def first_move_that(counters: int, max_turn_after: bool, otherwise: int) -> int:
    """The counters left by the first take whose position, with `max_turn_after` to move, scores
    +1 for Max; `otherwise` if there is none."""
    for take in (1, 2, 3):
        if take <= counters and minimax(SimpleNim(), counters - take, max_turn_after) == 1:
            return counters - take
    return otherwise


def patient_move(counters: int) -> int:
    """The counters to leave in Simple-Nim: the first winning move if there is one, else taking just
    1."""
    return first_move_that(counters, False, counters - 1)


COUNTERS_LEFT = "return the counters to leave, a whole number"


@checks_a_function
def check_first_best_move(function: Callable[[int], int]) -> CheckResult:
    """Check `function(counters)`: the counters to leave in Simple-Nim, a winning move if any, else
    taking just 1."""
    name, counts = name_of(function), range(1, 14)
    cases = [
        (
            f"{name}({counters}){where}",
            lambda counters=counters: function(counters),
            WholeNumbers(
                patient_move(counters), partial(best_move_hint, [counters]), why=COUNTERS_LEFT
            ),
        )
        for counters, where in [(6, ""), (5, ", where every move loses,"), (1, "")]
    ]
    expected = WholeNumbers(
        list(map(patient_move, counts)), partial(best_move_hint, list(counts)), why=COUNTERS_LEFT
    )
    cases.append(counts_case(function, (N,), counts, expected))
    return run_cases("check_first_best_move", cases)


def best_move_hint(piles: list[int], answer: object) -> str | None:
    """A hint for a wrong move from each of `piles`, one answer or a list of them: the mistakes
    a first best_move is likely to make. From 1 alone the take and the counters left untouched
    are both 1, and neither slip is named there."""

    def each(move: Callable[[int], int]) -> object:
        moves = [move(counters) for counters in piles]
        return moves if len(piles) > 1 else moves[0]

    if of_no_scores(answer):
        return (
            "max() or min() got no scores: a take larger than the counters leaves fewer than 0, "
            "where minimax has no move (ask take <= counters first), and where no move wins "
            "(from 5, say) there is no winning move to choose (take just 1)"
        )
    if any(map(is_truth_value, answer if isinstance(answer, list) else [answer])):
        return None  # WholeNumbers says it is a bool, not a take or a count read as 0 or 1
    takes = each(lambda counters: counters - patient_move(counters))
    untouched = each(lambda counters: first_move_that(counters, False, counters))
    if same(answer, untouched) and not same(answer, takes):
        return (
            "where every move loses (from 5, say), your move leaves every counter: a move takes at "
            "least 1, so take just 1 there, decided after the loop"
        )
    if same(answer, takes) and not same(answer, untouched):
        return "return the counters to leave (counters - take), not the take"
    if same(answer, each(lambda counters: first_move_that(counters, True, counters - 1))):
        return (
            "after your move the other player is to move, and minimax scores for Max: your take "
            "wins where minimax(left, False) == +1 (Min to move, Max winning), as in best_move"
        )
    if same(answer, each(lambda counters: first_move_that(counters, False, max(counters - 3, 0)))):
        return (
            "that is best_move's answer: where every move loses (from 5, say), take just 1, "
            "decided after the loop"
        )
    if same(answer, each(lambda counters: counters - 1)):
        return (
            "your function always takes 1: does a return in the loop's else end the loop after "
            "the first take? Take just 1 after the loop, once every take was tried"
        )
    return None


# Notebook 02: the general minimax


def minimax_case(
    function: Callable[..., int],
    game: Game,
    state: State,
    is_maximizing: bool | None = None,
) -> Case:
    """A case comparing `function(game, state, is_maximizing)` with nimlib's minimax (memoized:
    the learner waits for it too); for negamax (`is_maximizing` None) `function(game, state)`, the
    player to move being Max."""
    turn = () if is_maximizing is None else (is_maximizing,)
    expected = memoized_minimax(game, state, is_maximizing is not False)
    hint = partial(slip_hint, function, game, [state], is_maximizing)
    return call_case(function, (game, state, *turn), Scores(expected, hint))


def counters_case(
    function: Callable[..., int], game: Game, counts: range, is_maximizing: bool | None = None
) -> Case:
    """A case comparing ``[function(game, n, is_maximizing) for n in counts]`` with nimlib's
    minimax, as minimax_case does for one state (negamax: `is_maximizing` None)."""
    turn = () if is_maximizing is None else (is_maximizing,)
    expected = [minimax(game, n, is_maximizing is not False) for n in counts]
    hint = partial(slip_hint, function, game, list(counts), is_maximizing)
    return counts_case(function, (game, N, *turn), counts, Scores(expected, hint))


END_OF_GAME_HINT = (
    "a finished game has no moves, so max() or min() got no scores: return game.evaluate's "
    "score first whenever it is not None (0 is a score too: `score is not None`, not `if score:`)"
)
PASS_THE_TURN = (
    "pass the turn on: the recursive call needs `not is_maximizing` (passed on as it is, or "
    "left out at a default, it has the same player move at every position below)"
)
ONLY_THE_RESULT_HINT = (
    "give the score itself, not only who won (+1 or -1): the made-up trees score from -9 to 9, "
    "and a draw scores 0; a finished game's score is game.evaluate's, as it is"
)
MINIMAX_SLIPS = {
    "if score": (
        "a draw scores 0, which `if score:` takes for a game going on, with no moves to try: "
        "return game.evaluate's score whenever it is not None (`if score is not None:`)"
    ),
    "same turn": PASS_THE_TURN,
    "Max below": PASS_THE_TURN,  # is_maximizing left out, at a default of True: alike where Max moves
    "Min below": PASS_THE_TURN,  # ... at a default of False
    "swapped": "Max takes the largest score (max) and Min the smallest (min): yours are swapped",
    "max alone": (
        "Min takes the smallest score: (max if is_maximizing else min)(scores), not max on "
        "every turn"
    ),
    "minus the max": (
        "Min takes the smallest score, min(scores), not minus the largest: every score here is "
        "Max's (minus the max is negamax's, whose scores are the mover's)"
    ),
    "best from 1": (
        "scores may lie beyond -1 and +1 (the made-up trees score up to 9): start best at -inf "
        "for Max and inf for Min, or at the first move's score"
    ),
    "evaluate as Max": (
        "score a finished game for the player the call is about: game.evaluate(state, "
        "is_maximizing), not always True"
    ),
    "minus the end": (
        "a finished game's score is already Max's: return game.evaluate(state, is_maximizing) "
        "as it is, not its minus (minus belongs to negamax, whose scores are the mover's)"
    ),
    "sign of the end": ONLY_THE_RESULT_HINT,  # a finished game's score as +1, 0 or -1
    "win or loss at the end": ONLY_THE_RESULT_HINT,  # ... as +1 for a win, else -1
    "evaluate as the other": (  # or the rules of the other way to end: a misère evaluate
        "score a finished game by the rules of the game given, for the player to move there: "
        "game.evaluate(state, is_maximizing), not its opposite (evaluate knows who made the "
        "last move), nor an evaluate of your own, nor a memo kept from another game"
    ),
}
NEGAMAX_SLIPS = {
    "no minus": (
        "a move is worth to you minus what it is worth to the opponent, who moves next: "
        "max(-negamax(game, new_state) ...)"
    ),
    "evaluate as Min": (
        "the player to move plays Max in a finished game too: return game.evaluate(state, "
        "True) as it is, not its minus (nor evaluate(state, False))"
    ),
    "min": (
        "the player to move takes the move best for them, the largest of minus the opponent's "
        "scores: max(-negamax(game, new_state) ...), not min, nor minus the max"
    ),
}


def minimax_with_slip(
    game: Game,
    state: State,
    is_maximizing: bool,
    slip: str,
    depth: float = inf,
    guess: Callable[[State, bool], float] | None = None,
) -> float:
    """Minimax with one of the slips of MINIMAX_SLIPS, to recognise a learner's answer; with a
    `depth`, the look ahead of notebook 07, which gives a game going on at depth 0 its `guess`,
    with a slip of playing.LOOK_AHEAD_SLIPS too: the "depth first" (asked before the game's end),
    "negamax on Max's scores" (the best of the moves' scores turned round, on every turn), or the
    "best from 0"."""
    if slip == "depth first" and depth == 0:
        return guess(state, is_maximizing)
    evaluate_as = {"evaluate as Max": True, "evaluate as the other": not is_maximizing}
    score = game.evaluate(state, evaluate_as.get(slip, is_maximizing))
    if score if slip == "if score" else score is not None:
        if slip == "sign of the end":
            return (score > 0) - (score < 0)
        if slip == "win or loss at the end":
            return 1 if score > 0 else -1
        return -score if slip == "minus the end" else score
    if depth == 0:
        return guess(state, is_maximizing)
    turn = {"same turn": is_maximizing, "Max below": True, "Min below": False}.get(
        slip, not is_maximizing
    )
    scores = [
        minimax_with_slip(game, new_state, turn, slip, depth - 1, guess)
        for new_state in game.possible_new_states(state)
    ]
    if not scores:  # "if score" at a draw: the best so far, as it started
        return -inf if is_maximizing else inf
    if slip == "max alone":
        return max(scores)
    if slip == "minus the max" and not is_maximizing:
        return -max(scores)
    if slip == "negamax on Max's scores":
        return max(-score for score in scores)
    if slip in ("best from 1", "best from 0"):
        scores.append(0 if slip == "best from 0" else -1 if is_maximizing else 1)
    return max(scores) if is_maximizing != (slip == "swapped") else min(scores)


def negamax_with_slip(game: Game, state: State, slip: str) -> int:
    """Negamax with one of the slips of NEGAMAX_SLIPS, to recognise a learner's answer."""
    score = game.evaluate(state, slip != "evaluate as Min")
    if score is not None:
        return score
    sign = 1 if slip == "no minus" else -1
    return (min if slip == "min" else max)(
        sign * negamax_with_slip(game, new_state, slip)
        for new_state in game.possible_new_states(state)
    )


def slip_hint(
    function: Callable[..., int],
    game: Game,
    states: list[State],
    is_maximizing: bool | None,
    answer: object,
) -> str | None:
    """A hint for `function`'s wrong minimax score of each of `states` (one answer, or a list of
    them): the slip of MINIMAX_SLIPS (of NEGAMAX_SLIPS where `is_maximizing` is None) that gives
    exactly that answer and answers the TELLING questions as `function` does, if only one does. A
    search that went on past the end of the game (max() of no scores) gets END_OF_GAME_HINT."""
    if of_no_scores(answer):
        return END_OF_GAME_HINT

    def scores_with(slip: str) -> list[int]:
        if is_maximizing is None:
            return [negamax_with_slip(game, state, slip) for state in states]
        return [minimax_with_slip(game, state, is_maximizing, slip) for state in states]

    if not isinstance(answer, list) and answer in (-1, 1) and tuple(game.score_range) == (-1, 1):
        return None  # one score of a game scored +1 or -1, which every slip may give
    slips = NEGAMAX_SLIPS if is_maximizing is None else MINIMAX_SLIPS
    answers = answer if isinstance(answer, list) else [answer]
    giving = [slip for slip in slips if same(answers, scores_with(slip))]
    # a slip that gives these answers by chance (one score of a game scored beyond +1 and -1,
    # which a search that kept only the sign of each score gives too, say) is not named: the
    # function must answer as it does where the slips differ
    hints = {slips[slip] for slip in giving if answers_as(function, slip, is_maximizing is None)}
    return hints.pop() if len(hints) == 1 else None  # slips with other hints: none is named


# questions on which the slips of MINIMAX_SLIPS and NEGAMAX_SLIPS answer differently (a tree
# worth 0, whose sign is no score, among them)
TELLING = [
    (TinyTree(), "root"),
    (ExplicitTree([[0, 7], [-4, 2]]), "A"),
    (ExplicitTree([5, 3]), "A"),  # a search from best = -1 gives 5, one of the sign alone 1
    (SimpleNim(), 4),
    (SimpleNim(), 5),
    (Nim(), (1, 2)),
]


def answers_as(function: Callable[..., int], slip: str, negamax: bool) -> bool:
    """Whether `function` answers the TELLING questions as a search with `slip` does (minimax's
    with either player to move, or, if `negamax`, negamax's)."""
    if negamax:
        return agrees_with(function, partial(negamax_with_slip, slip=slip), TELLING)
    asked = [(*question, is_maximizing) for question in TELLING for is_maximizing in (True, False)]
    return agrees_with(function, partial(minimax_with_slip, slip=slip), asked)


NEGAMAX_FOR_MAX_HINT = (
    "that is negamax, Max's score turned round for Min: negamax's minus holds only where a score "
    "for one player is minus the other's (+1 and -1 in Nim), and TinyTree's scores, 1 to 9, are "
    "Max's whoever moves, so take max for Max and min for Min, as minimax does"
)


def tiny_tree_cases(function: Callable[[Game, State, bool], int]) -> list[Case]:
    """TinyTree from its root with Max and with Min to move: a game scored for Max whoever moves,
    where negamax's score turned round for Min is wrong (NEGAMAX_FOR_MAX_HINT)."""
    minus_max = -memoized_minimax(TinyTree(), "root", True)
    for_min = minimax_case(function, TinyTree(), "root", False)
    own_hint = for_min[2].hint_for
    return [
        minimax_case(function, TinyTree(), "root", True),
        rehinted(
            for_min,
            lambda answer: NEGAMAX_FOR_MAX_HINT if same(answer, minus_max) else own_hint(answer),
        ),
    ]


@checks_a_function
def check_general_minimax(function: Callable[[Game, State, bool], int]) -> CheckResult:
    """Check `function(game, state, is_maximizing)`: minimax for any game, on Simple-Nim, Nim, a
    drawn tic-tac-toe board and made-up trees."""
    misere, normal = SimpleNim(), SimpleNim(last_counter_loses=False)
    cases = [
        counters_case(function, game, range(10), is_maximizing)
        for game, is_maximizing in [(misere, True), (misere, False), (normal, True)]
    ]
    cases += [
        minimax_case(function, Nim(), (1, 2), True),
        minimax_case(function, Nim(), (1, 1, 1), False),
        minimax_case(function, Nim(last_counter_loses=False), (1, 2, 3), True),
        minimax_case(function, TicTacToe(), "XOXX.OO..", True),  # a draw, with best play
        *tiny_tree_cases(function),
        minimax_case(function, NumberTree(seed=1, depth=4), "r", True),
        minimax_case(function, NumberTree(seed=2, depth=5), "r", False),
    ]
    kept = partial(asked_again, partial(keeps_one_score_for_both, function))
    asked = partial(asked_again, partial(plays_simple_nim_whatever_the_game, function))
    cases = [
        rehinted_where(case, lambda: calls_step_one(function) or asked(), SIMPLE_NIM_ALONE_HINT)
        for case in cases
    ]
    return run_cases(
        "check_general_minimax", [rehinted_where(case, kept, KEPT_MEMO_HINT) for case in cases]
    )


SIMPLE_NIM_ALONE_HINT = (
    "your function plays Simple-Nim, the last counter losing, whatever the game (in part at "
    "least): ask the game it is given, game.evaluate(state, is_maximizing) and "
    "game.possible_new_states(state), not Step 1's evaluate and possible_new_states"
)


STEP_ONE = ("evaluate", "possible_new_states")  # notebook 02's Step 1: Simple-Nim's rules


def calls_step_one(function: Callable) -> bool:
    """Whether `function` calls a function of notebook 02's Step 1 by its name (a global), not
    the game's method: with either one, Nim's tuples meet Simple-Nim's numbers, and Python's
    TypeError says nothing of the game."""
    code = getattr(inspect.unwrap(function), "__code__", None)
    if code is None:
        return False
    return any(
        step.opname == "LOAD_GLOBAL" and step.argval in STEP_ONE
        for step in dis.get_instructions(code)
    )


def plays_simple_nim_whatever_the_game(function: Callable[[Game, State, bool], int]) -> bool:
    """Whether `function`, asked Simple-Nim where the last counter wins and Simple-Nim taking 1,
    3 or 4, answers as Simple-Nim itself (taking 1 to 3, the last counter losing): it calls the
    functions of notebook 02's Step 1, not the game's. (A search that scores the end for the
    wrong player answers the first so too, but not the second.)"""
    others = [SimpleNim(last_counter_loses=False), SimpleNim(takes=(1, 3, 4))]
    notebook_01 = SimpleNim()
    return all(
        same(function(game, n, True), minimax(notebook_01, n, True))
        for game in others
        for n in range(1, 8)
    )


KEPT_MEMO_HINT = (
    "a memo kept between calls and keyed by the state alone gives a state the score it had with "
    "the other player to move: key it by (state, is_maximizing), or leave the memo to notebook 04"
)


def keeps_one_score_for_both(function: Callable[[Game, State, bool], int]) -> bool:
    """Whether `function`, asked a finished Simple-Nim position no earlier call has met with Min
    to move and then with Max, scores it for Min both times: a memo kept between calls and keyed
    by the state alone answers the second question from the first. (A search that scores every
    end for Max, a slip of MINIMAX_SLIPS, gives Max's score both times.)"""
    mark = next(UNSEEN_MARKS)
    game, end = UnseenGame(SimpleNim(), mark), unseen(0, mark)
    for_min = game.evaluate(end, False)
    return same(function(game, end, False), for_min) and same(function(game, end, True), for_min)


@checks_a_function
def check_negamax(function: Callable[[Game, State], int]) -> CheckResult:
    """Check `function(game, state)`: the score for the player to move, in any game (+1 or -1
    in Nim's, 0 for tic-tac-toe's draw)."""
    cases = [
        counters_case(function, game, range(10))
        for game in (SimpleNim(), SimpleNim(last_counter_loses=False))
    ]
    cases += [
        minimax_case(function, game, state)
        for game, state in [
            (Nim(), (1, 2)),
            (Nim(), (1, 1, 1)),
            (Nim(last_counter_loses=False), (1, 2, 3)),
            (TicTacToe(), "XOXX.OO.."),  # a draw, with best play
            (SplitNim(), (7,)),
            (FibonacciNim(), FibonacciNim.start(8)),
        ]
    ]
    flagged = partial(asked_again, partial(keeps_a_flag, function))
    cases = [rehinted_where(case, flagged, FLAG_HINT) for case in cases]
    flagless = f"does {name_of(function)}(game, state) score without an is_maximizing flag?"

    def scores_without_a_flag() -> bool | None:
        if not is_number(function(SimpleNim(), 0)):  # one not written yet passes no case
            return None
        return not flagged()

    flag_hint = partial(number_hint, FLAG_HINT)  # for False: None has a hint of its own
    cases.append((flagless, scores_without_a_flag, Hinted(True, flag_hint)))
    return run_cases("check_negamax", cases)


FLAG_HINT = (
    "negamax keeps no is_maximizing flag: it always scores for the player to move, who plays Max "
    "in a finished game, game.evaluate(state, True), and takes minus the opponent's score one "
    "move down: max(-negamax(game, new_state) ...)"
)


def keeps_a_flag(function: Callable[..., int]) -> bool:
    """Whether `function` takes an is_maximizing flag after (game, state) and scores by it: every
    small pile of Simple-Nim scores +1 or -1 with True and the opposite with False, as for Max and
    for Min to move (a negamax that refuses a third argument raises: a no, asked through
    asked_again). A third argument of another kind, alpha of a negamax that cuts off moves, makes
    True and False the window's edge, from which a search gives back scores, or bounds, of its
    own. A search with a flag gets FLAG_HINT at every case: the slips of NEGAMAX_SLIPS would name
    a sign or an evaluate that the flag, not the learner, got wrong."""
    game = SimpleNim()
    answers = [
        (function(game, counters, True), function(game, counters, False)) for counters in range(5)
    ]
    return all(
        is_number(answer) and answer in (-1, 1) for pair in answers for answer in pair
    ) and all(same(for_max, -for_min) for for_max, for_min in answers)


def won_lost_cases(function: Callable[[int, tuple[int, ...]], bool]) -> list[Case]:
    """The cases of check_won_lost: who wins from 0 to 21 counters, for five sets of takes. The
    last, (1, 5), shares its sum with (1, 2, 3) and its last, largest and count of takes with (2,
    5): a memo kept between calls and keyed by any of them gives it their answers."""
    counts = range(22)
    return [
        counts_case(
            function,
            (N, takes),
            counts,
            TruthValues(
                [won_with(n, takes) for n in counts],
                partial(won_lost_hint, function, takes),
                stopped=partial(never_won_hint, function),
            ),
        )
        for takes in [(1, 2, 3), (1, 3, 4), (2, 5), (3, 1), (1, 5)]
    ]


def never_won_hint(function: Callable[[int, tuple[int, ...]], bool]) -> str | None:
    """The hint for a won/lost search stopped for running too long that calls every small pile
    lost (asked again, within the checks' budget): its recursive call lacks its `not`."""
    small_piles = [(counters, (1, 2, 3)) for counters in range(1, 8)]
    if not agrees_with(function, lambda counters, takes: False, small_piles):
        return None
    return without_not_hint(function)


def without_not_hint(function: Callable[[int, tuple[int, ...]], bool]) -> str:
    """The hint for a won/lost search that calls every pile lost: its recursive call lacks its
    `not`."""
    name = name_of(function)
    return (
        f"{name} calls every pile lost: a move wins when it leaves the other player a lost "
        f"position, any(not {name}(counters - take, takes) ...); without the not, any() never "
        "stops at a winning move, and every line of play is searched to its end"
    )


def won_with(counters: int, takes: tuple[int, ...]) -> bool:
    """Whether the player to move can force a win from `counters`, a move taking one of `takes`
    and whoever takes the last counter winning: the answer of check_won_lost."""
    return memoized_minimax(SimpleNim(takes=takes, last_counter_loses=False), counters) == 1


WON_LOST_SLIPS = {
    "all": (
        "a position is won if some move leaves the opponent a lost position: any(...), not all(...)"
    ),
    "won at 0": (
        "with no counters left the player to move has lost (the other one took the last "
        "counter): False at 0, as any() of no moves already gives"
    ),
    "takes 1, 2, 3": (
        "these are the answers for the takes 1, 2, 3, asked first: take the counters of "
        "`takes`, the argument, and pass it on in the recursive call (and if your function "
        "remembers answers between calls, key them by the counters and the takes)"
    ),
    "not the last counter": (
        "a move may take every counter left (and so win): take <= counters, not take < counters"
    ),
    "takes past 0": (
        "a move takes no more counters than there are: try only the takes with take <= "
        "counters; one past 0 leaves fewer than 0, which your function calls lost, so it won"
    ),
    "won at 1": (
        "one counter is won only if 1 is among the takes: with the takes (2, 5) no move fits, so "
        "the player to move has lost; let the moves decide, with no base case but 0 counters"
    ),
    "first take only": (
        "only the first take that fits was tried: a return inside the loop ends it at once; "
        "return True at a winning move, and False only after the loop, once every take is tried"
    ),
}


@cache
def won_with_slip(counters: int, takes: tuple[int, ...], slip: str) -> bool:
    """The answer of check_won_lost with one of the slips of WON_LOST_SLIPS, to recognise a
    learner's answer."""
    if slip == "won at 0" and counters == 0 or slip == "won at 1" and counters == 1:
        return True
    if slip == "takes past 0" and counters <= 0:
        return False
    largest_take = {"not the last counter": counters - 1, "takes past 0": max(takes)}.get(
        slip, counters
    )
    answers = [
        not won_with_slip(counters - take, takes, slip)
        for take in ((1, 2, 3) if slip == "takes 1, 2, 3" else takes)
        if take <= largest_take
    ]
    if slip == "first take only":
        return answers[:1] == [True]
    return all(answers) if slip == "all" else any(answers)


def won_lost_hint(
    function: Callable[[int, tuple[int, ...]], bool], takes: tuple[int, ...], answer: object
) -> str | None:
    """The hint for answers that are scores, not True or False, for every pile called lost (by
    `function`), or for the answers of one of WON_LOST_SLIPS with `takes`, which `function` gives
    to the TELLING_PILES too."""
    if not isinstance(answer, list):
        return None
    if any(type(won) in (int, float) for won in answer):
        return "answer True (the player to move can force a win) or False, not a score"
    if answer and all(won is False for won in answer):  # no pile of 0 to 21 is lost for all takes
        return without_not_hint(function)
    counts = range(len(answer))
    hints = {  # a slip that gives these answers by chance is not named: asked where slips differ
        hint
        for slip, hint in WON_LOST_SLIPS.items()
        if same(answer, [won_with_slip(n, takes, slip) for n in counts])
        and agrees_with(function, partial(won_with_slip, slip=slip), TELLING_PILES)
    }
    return hints.pop() if len(hints) == 1 else None


# questions on which the slips of WON_LOST_SLIPS answer differently
TELLING_PILES = [
    (counters, takes) for takes in [(1, 2, 3), (2, 5), (3, 1)] for counters in range(9)
]


@checks_a_function
def check_won_lost(function: Callable[[int, tuple[int, ...]], bool]) -> CheckResult:
    """Check `function(counters, takes)`: True when the player to move can force a win, if a move
    takes one of `takes` counters and whoever takes the last counter wins (whoever cannot move has
    lost)."""
    return run_cases("check_won_lost (the last counter wins)", won_lost_cases(function))


# Notebook 03: variants


def raises_value_error(call: Callable[[], object]) -> bool:
    """Whether `call()` raises a ValueError."""
    try:
        call()
    except ValueError:
        return True
    return False


def dead_end_hint(answer: object) -> str | None:
    """The hint for a search of the learner's game stopped where the game goes on with no move
    (player_to_move_wins's ValueError)."""
    if isinstance(answer, ValueError) and "yet there is no move from" in str(answer):
        return (
            "a game that goes on must offer a move: a move may take every counter left (take <= "
            "counters, not take < counters), and the game ends only at 0 counters"
        )
    return None


def player_to_move_wins(game: Game, state: State, is_maximizing: bool) -> bool:
    """Whether the player to move (Max if `is_maximizing`) can force a win, searching `game`'s own
    rules, with a clear error at a dead end."""
    score = game.evaluate(state, is_maximizing)
    if score is not None:
        return same(score, 1 if is_maximizing else -1)
    new_states = list(game.possible_new_states(state))
    if not new_states:
        raise ValueError(
            f"evaluate({shown(state)}, {is_maximizing}) is None, so the game goes on, yet there "
            f"is no move from {shown(state)}"
        )
    return any(
        not player_to_move_wins(game, new_state, not is_maximizing) for new_state in new_states
    )


ZERO_COUNTERS_HINT = (
    "0 counters is a position of the game, the one where it is over (evaluate scores it): "
    "validate should refuse only what the game can never reach, such as -1 or '7'"
)


def zero_counters_hint(answer: object) -> str | None:
    """ZERO_COUNTERS_HINT for validate(0) refusing 0 (a ValueError, or an assert that fails); none
    for another slip, such as a validate that returns nothing or is missing."""
    return ZERO_COUNTERS_HINT if isinstance(answer, (ValueError, AssertionError)) else None


def refusal_hint(unreachable: object, answer: object) -> str | None:
    """A hint for validate(`unreachable`) that did not raise a ValueError: it raised another
    error (`answer`), or let the input through (False)."""
    if isinstance(answer, AssertionError):
        return "an assert raises AssertionError: raise ValueError(...) yourself, with a message"
    if isinstance(answer, TypeError):
        return (
            "raise a ValueError for input of the wrong type too: check the type first, "
            "isinstance(counters, int), and raise ValueError for anything else"
        )
    if answer is False and isinstance(unreachable, int):
        return "counters below 0 are no position of the game: refuse them too"
    if answer is False and isinstance(unreachable, float) and unreachable.is_integer():
        return (
            f"{unreachable!r} is a float, though a whole one: counters are an int, so refuse it too"
        )
    if answer is False:
        return (
            "validate let through what is no whole number: check the type, isinstance(counters, "
            "int), and refuse anything else"
        )
    return None


GAME_METHODS = ("possible_new_states", "evaluate", "validate")
TAKES_NOT_STATES_HINT = (
    "possible_new_states gives the states the moves leave, counters - take, not the takes"
)
LAST_COUNTER_WINS_HINT = (
    "here whoever takes the last counter wins, unlike Simple-Nim: at 0 counters the other player "
    "took it, so the player to move has lost (-1 when Max is to move)"
)
MAX_S_SCORE_HINT = (
    "evaluate gives Max's score, whoever is to move: at 0 counters with Min to move, Max took the "
    "last counter and has won (+1)"
)
VALIDATE_RETURNS_HINT = (
    "validate gives back the counters it accepts (return counters), and refuses the rest by "
    "raising a ValueError, not by returning False"
)


EVALUATE_GOES_ON_HINT = (
    "the game goes on at 5 counters, so evaluate returns None there: a number, 0 too, is the "
    "score of a finished game (0 a draw)"
)


def check_variant(game_class: type[Game] | Game) -> CheckResult:
    """Check a game class for the subtraction game: take 1, 3 or 4 counters; whoever takes the last
    counter wins."""
    if not isinstance(game_class, type) and not any(
        hasattr(game_class, method) for method in GAME_METHODS
    ):  # the class's name in quotes, a function, or None: no game at all
        if inspect.isfunction(game_class):  # a function that makes a game, or something else
            written = f"{game_class.__name__} is a function, not a class"
            how = "write the game as a class of its own, class TakeOneThreeOrFour(Game):"
            return CheckResult("check_variant", 0, [f"{written}: {how} with its methods"])
        how = "check_variant(TakeOneThreeOrFour), the name of the class without quotes"
        return given_instead("check_variant", "game class", game_class, how)
    if is_nimlibs_own(game_class):  # SimpleNim(takes=(1, 3, 4), ...) too: an instance's module
        return nimlibs_own_refused("check_variant", game_class)
    try:
        with budget():
            game = game_class() if isinstance(game_class, type) else game_class
    except KeyboardInterrupt:
        raise
    except BaseException as error:  # a learner's bug (sys.exit() too): a wrong answer
        return CheckResult(
            "check_variant",
            0,
            [f"making the game raised {type(error).__name__}: {message_of(error)}"],
        )
    reference, counts = SimpleNim(takes=(1, 3, 4), last_counter_loses=False), range(15)

    def wins_and_losses(game: Game, is_maximizing: bool) -> str:
        return "".join("W" if player_to_move_wins(game, n, is_maximizing) else "L" for n in counts)

    cases = [
        (
            "sorted(possible_new_states(7))",
            lambda: sorted(game.possible_new_states(7)),
            Hinted([3, 4, 6], partial(one_slip_hint, slips=[([1, 3, 4], TAKES_NOT_STATES_HINT)])),
        ),
        ("sorted(possible_new_states(2))", lambda: sorted(game.possible_new_states(2)), [1]),
        (
            "evaluate(0, is_maximizing=True)",
            lambda: game.evaluate(0, True),
            Scores(-1, partial(one_slip_hint, slips=[(1, LAST_COUNTER_WINS_HINT)])),
        ),
        (
            "evaluate(0, is_maximizing=False)",
            lambda: game.evaluate(0, False),
            Scores(1, partial(one_slip_hint, slips=[(-1, MAX_S_SCORE_HINT)])),
        ),
        (
            "evaluate(5, is_maximizing=True)",
            lambda: game.evaluate(5, True),
            Hinted(None, EVALUATE_GOES_ON_HINT),
        ),
        (  # as the searches read it: their refusal, if they refuse it (a list, or none)
            "score_range",
            lambda: declared_score_range(game),
            Hinted((-1, 1), "give the class score_range = (-1, 1): the game is won or lost"),
        ),
        (
            "validate(7)",
            lambda: game.validate(7),
            Hinted(
                7,
                partial(
                    one_slip_hint,
                    slips=[(True, VALIDATE_RETURNS_HINT), (None, VALIDATE_RETURNS_HINT)],
                ),
            ),
        ),
        ("validate(0)", lambda: game.validate(0), Hinted(0, zero_counters_hint)),
    ]
    cases += [
        (
            f"does validate({unreachable!r}) raise a ValueError?",
            lambda unreachable=unreachable: raises_value_error(lambda: game.validate(unreachable)),
            Hinted(True, partial(refusal_hint, unreachable)),
        )
        for unreachable in (-1, "7", 2.5, 2.0, None)
    ]
    cases += [
        (
            f"who wins from 0, 1, ..., 14 counters, {MOVERS[is_maximizing]} to move (W: the "
            "player to move, L: the other)",
            lambda is_maximizing=is_maximizing: wins_and_losses(game, is_maximizing),
            Hinted(wins_and_losses(reference, is_maximizing), dead_end_hint),
        )
        for is_maximizing in (True, False)
    ]
    return run_cases("check_variant (take 1, 3 or 4; the last counter wins)", cases)
