"""Checks of notebook 07: winning moves, and a search that stops at a depth."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from nimlib.book.minimax import memoized_minimax, minimax
from nimlib.checks.first_steps import END_OF_GAME_HINT, PASS_THE_TURN, of_no_scores
from nimlib.checks.memo import SHARED_MEMO_HINT
from nimlib.checks.runner import (
    CheckResult,
    Hinted,
    Scores,
    agrees_with,
    call_case,
    checks_a_function,
    in_another_order,
    run_cases,
    same,
)
from nimlib.checks.trial_games import PlaysLike
from nimlib.games.base import Game, State
from nimlib.games.nim import Nim
from nimlib.games.nim_variants import FibonacciNim, SplitNim
from nimlib.games.simple_nim import SimpleNim
from nimlib.games.tictactoe import TicTacToe
from nimlib.games.values import is_number


def winning_moves_of(
    game: Game, state: State, memo: dict | None = None, max_to_move: bool = False
) -> list[State]:
    """The positions one move from `state` after which the player who moved can force a win (the
    moves' searches share one memo, `memo` if given: the learner waits for the answers too). With
    `max_to_move`, a learner's slip: the moves after which Max, were Max to move again, could."""
    memo = {} if memo is None else memo
    return [
        new
        for new in game.possible_new_states(state)
        if memoized_minimax(game, new, max_to_move, table=memo) == 1
    ]


NORMAL = Nim(last_counter_loses=False)
WINNING_POSITIONS = [
    (SimpleNim(), 6),
    (SimpleNim(), 5),
    (SimpleNim(last_counter_loses=False), 7),
    (SimpleNim(takes=(1, 2, 4), last_counter_loses=False), 10),
    (SimpleNim(takes=(1, 3, 4)), 11),
    (Nim(), (1, 2, 3)),
    (NORMAL, (1, 2, 4)),
    (NORMAL, (3, 3)),
    (NORMAL, (3, 5, 7)),
    (NORMAL, (5, 7, 3)),  # three winning moves, in an order neither sorted nor reversed
    (Nim(), (1, 4, 6, 7)),
    (SplitNim(), (7,)),
    (SplitNim(), (12,)),
    (FibonacciNim(), FibonacciNim.start(10)),
    (TicTacToe(), "X.......O"),  # moves that win, draw and lose
    (TicTacToe(), "XO......."),
]


@checks_a_function
def check_winning_moves(function: Callable[[Game, State], list]) -> CheckResult:
    """Check `function(game, state)`: every new state that wins for the player to move, in the
    game's order."""
    cases = [
        call_case(
            function,
            (game, state),
            Hinted(
                winning_moves_of(game, state),
                partial(winning_moves_hint, function, game, state),
                stopped=SLOW_SEARCH_HINT,
            ),
        )
        for game, state in WINNING_POSITIONS
    ]
    return run_cases("check_winning_moves", cases)


SLOW_SEARCH_HINT = (
    "plain minimax searches the same positions again and again here: score each move with "
    "memoized_minimax"
)


def winning_moves_hint(
    function: Callable[[Game, State], list], game: Game, state: State, answer: object
) -> str | None:
    """The hint for a wrong `answer` of `function` from `state`: the moves asked about with Max to
    move after them (where that is not every move, and `function` asks so from the first position
    too), one of several winning moves, the answer of another game of the check (a memo kept
    across games), or the right moves in another order."""
    for_the_mover_again = partial(winning_moves_of, max_to_move=True)
    moves, mover_again = list(game.possible_new_states(state)), for_the_mover_again(game, state)
    first = WINNING_POSITIONS[:1]  # asked first: a memo kept across games holds least there
    if (
        same(answer, mover_again)
        and mover_again != moves
        and agrees_with(function, for_the_mover_again, first)
    ):
        return (
            "after your move the other player is to move, and the score is for the player who "
            "moved (Max): keep the moves where memoized_minimax(game, new_state, False) == +1"
        )
    min_to_move: dict = {}  # the memo of the searches after each move, shared by those below
    winners = winning_moves_of(game, state, min_to_move)
    if len(winners) > 1 and isinstance(answer, list) and len(answer) == 1 and answer[0] in winners:
        return "every winning move, not only one: go through all the moves"
    for other, _ in WINNING_POSITIONS:
        if (
            type(other) is type(game)
            and other != game
            and same(answer, winning_moves_of(other, state))
        ):
            return (
                "that is the answer for the same state in another game of the check: a memo kept "
                "from one call to the next must know which game it is for (make it inside the "
                "call, or put the game in its key)"
            )
    if in_another_order(answer, winners):
        return "give a list in the order of game.possible_new_states (a set, or sorted(), loses it)"
    scores = [memoized_minimax(game, new, False, table=min_to_move) for new in moves]
    if same(answer, [new for new, score in zip(moves, scores, strict=True) if score >= 0]):
        return "a move that draws (score 0) is no win: keep the moves that score +1"
    if same(answer, [(1, new) for new in winners]):
        return "give the new states themselves, not (score, new_state) pairs"
    return None


class Guessing(PlaysLike):
    """A game that plays exactly like `game` and estimates a position by `guess(state,
    is_maximizing)`: the look ahead of the exercise is nimlib's minimax with a depth on it."""

    def __init__(self, game: Game, guess: Callable[[State, bool], float]) -> None:
        """A game like `game`, whose estimate is `guess`."""
        super().__init__(game)
        self.guess = guess

    def estimate(self, state: State, is_maximizing: bool) -> float:
        """The guess of the case."""
        return self.guess(state, is_maximizing)


def no_idea(state: State, is_maximizing: bool) -> float:
    """A guess that knows nothing: 0 for every position."""
    return 0


def more_counters_for_max(state: tuple[int, ...], is_maximizing: bool) -> float:
    """A made-up guess for the checks: a tenth of the counters left, positive when Max is to
    move."""
    return sum(state) / 10 if is_maximizing else -sum(state) / 10


def counters_whoever_moves(state: tuple[int, ...], is_maximizing: bool) -> float:
    """A made-up guess for the checks that is the same for either player to move: a tenth of the
    counters left (so a look ahead that negates Max's guess for Min gets it wrong)."""
    return sum(state) / 10


@checks_a_function
def check_depth_limited(function: Callable[..., float]) -> CheckResult:
    """Check `function(game, state, depth, is_maximizing, guess)`: minimax `depth` moves deep, then
    `guess`."""
    examples = [
        (NORMAL, (1, 2, 3), 0, True, more_counters_for_max),
        (NORMAL, (1, 2, 3), 1, True, more_counters_for_max),
        (NORMAL, (1, 2, 3), 1, True, no_idea),  # the same question with another guess
        (NORMAL, (1, 2, 3), 1, True, counters_whoever_moves),  # the guess asked for Min
        (NORMAL, (1, 2, 3), 2, False, more_counters_for_max),
        (NORMAL, (2, 3), 3, True, no_idea),
        (NORMAL, (1, 1), 2, True, no_idea),
        (Nim(), (1, 1), 2, True, no_idea),  # the same question in misère play: a memo kept?
        (NORMAL, (0, 0), 0, True, more_counters_for_max),
        (Nim(), (1, 2, 2), 8, True, no_idea),
        (Nim(), (1, 2, 2), 8, False, no_idea),
        (NORMAL, (4, 5, 6), 2, True, no_idea),
        (TicTacToe(), "XXOOOXXO.", 2, True, no_idea),  # a draw one move ahead: 0 is a score
    ]
    cases = [
        call_case(
            function,
            (game, state, depth, is_maximizing, guess),
            Scores(
                minimax(Guessing(game, guess), state, is_maximizing, depth=depth),
                partial(look_ahead_hint, function, game, state, depth, is_maximizing, guess),
                DEPTH_HINT,
            ),
        )
        for game, state, depth, is_maximizing, guess in examples
    ]
    return run_cases("check_depth_limited", cases)


DEPTH_HINT = (
    "a look ahead stops `depth` moves ahead: give each move depth - 1, and at depth 0 return "
    "the guess"
)


def for_the_mover(
    game: Game, state: State, depth: int, is_maximizing: bool, guess: Callable[[State, bool], float]
) -> float:
    """The look ahead's score seen by the player to move, as negamax gives it: a slip to tell."""
    sign = 1 if is_maximizing else -1
    return sign * minimax(Guessing(game, guess), state, is_maximizing, depth=depth)


def for_the_other_player(
    game: Game, state: State, depth: int, is_maximizing: bool, guess: Callable[[State, bool], float]
) -> float:
    """The look ahead of `state` asked with the other player to move: Max and Min swapped
    throughout, a slip to tell."""
    return minimax(Guessing(game, guess), state, not is_maximizing, depth=depth)


def look_ahead_with_slip(
    game: Game,
    state: State,
    depth: int,
    is_maximizing: bool,
    guess: Callable[[State, bool], float],
    slip: str,
) -> float:
    """A look ahead with a slip to tell: the "depth first" (asked before the game's end, so that
    a game finished at depth 0 gets the guess), the "turn kept" in the recursive call, or
    "negamax on Max's scores", the best of the moves' scores turned round on scores seen by Max
    (the game's and the guess's), never turned for the player to move."""
    score = None if slip == "depth first" and depth == 0 else game.evaluate(state, is_maximizing)
    if score is not None:
        return score
    if depth == 0:
        return guess(state, is_maximizing)
    turn = is_maximizing if slip == "turn kept" else not is_maximizing
    scores = [
        look_ahead_with_slip(game, new_state, depth - 1, turn, guess, slip)
        for new_state in game.possible_new_states(state)
    ]
    if slip == "negamax on Max's scores":
        return max(-score for score in scores)
    return max(scores) if is_maximizing else min(scores)


def a_move_too_far(
    game: Game, state: State, depth: int, is_maximizing: bool, guess: Callable[[State, bool], float]
) -> float:
    """A look ahead that stops below depth 0 instead of at it: a slip to tell."""
    return minimax(Guessing(game, guess), state, is_maximizing, depth=depth + 1)


def look_ahead_hint(
    function: Callable[..., float],
    game: Game,
    state: State,
    depth: int,
    is_maximizing: bool,
    guess: Callable[[State, bool], float],
    answer: object,
) -> str | None:
    """A hint for a wrong look ahead `function`: a search that stopped a move late (asked again
    at depth 0, where a chance match is unlikely; from depth 1 its answer may be Max and Min
    swapped by chance), Max and Min swapped throughout, a finished game given the guess at depth
    0 (or the depth asked before the game's end), a search to the end of the game that never
    stopped at its depth, negamax's max(-score) on scores seen by Max, a score seen by Min where
    Min is to move (negamax's, asked again on a Min position where no other slip gives it), the
    turn not passed on, one that stopped a move early, or a guess asked with the other player to
    move, or asked for Max and turned round for Min; a game's end taken for a game going on (max()
    of no scores), or the answer of the other Nim of the check (a memo kept across games)."""
    if of_no_scores(answer):
        return END_OF_GAME_HINT
    if not is_number(answer):
        return None
    this_case = (game, state, depth, is_maximizing, guess)
    at_depth_0 = (NORMAL, (1, 2, 3), 0, True, more_counters_for_max)  # swapped: 0.6, as is right
    if agrees_with(function, a_move_too_far, [this_case, at_depth_0]):
        return (
            "that search looked a move too far: at depth 0 a look ahead tries no move; return "
            "the guess when depth == 0 (not only below 0)"
        )
    max_to_move = (NORMAL, (1, 2, 3), 1, True, more_counters_for_max)  # swapped: 0.3, not -0.3
    if agrees_with(function, for_the_other_player, [this_case, max_to_move]):
        return (
            "that is the score with the other player to move: where is_maximizing is True, Max "
            "is to move and takes the largest score; ask evaluate and the guess with "
            "is_maximizing as it is"
        )
    finished_at_depth_0 = (NORMAL, (0, 0), 0, True, more_counters_for_max)
    if (depth == 0 and game.evaluate(state, is_maximizing) is not None) or agrees_with(
        function,
        partial(look_ahead_with_slip, slip="depth first"),
        [this_case, finished_at_depth_0],
    ):
        return (
            "a finished game returns its true score, even at depth 0: ask game.evaluate before "
            "looking at the depth"
        )
    if answer == memoized_minimax(game, state, is_maximizing):
        return f"that is the score of a search to the end of the game: {DEPTH_HINT}"
    min_to_move = (NORMAL, (1, 2, 3), 1, False, more_counters_for_max)
    asked = [(game, state, depth, is_maximizing, guess), min_to_move]
    if agrees_with(function, partial(look_ahead_with_slip, slip="negamax on Max's scores"), asked):
        return (
            "that is negamax's max(-score) on scores seen by Max: game.evaluate and the guess give "
            "Max's score whoever is to move, so take the largest of the moves' scores where Max "
            "is to move and the smallest where Min is, as minimax does"
        )
    if not is_maximizing and agrees_with(function, for_the_mover, asked):
        return (
            "that is the score seen by Min, the player to move (as negamax gives it): a look "
            "ahead gives Max's score, so turn it round where Min is to move"
        )
    if agrees_with(
        function, partial(look_ahead_with_slip, slip="turn kept"), [this_case, max_to_move]
    ):
        return PASS_THE_TURN
    guessing = Guessing(game, guess)
    if depth > 0 and answer == minimax(guessing, state, is_maximizing, depth=depth - 1):
        return (
            "that search stopped a move early: at depth 1 a look ahead still tries every move; "
            "return the guess at depth 0 only"
        )
    other_side = Guessing(game, lambda state, is_maximizing: guess(state, not is_maximizing))
    if answer == minimax(other_side, state, is_maximizing, depth=depth):
        return (
            "ask the guess about the position with its own player to move: guess(state, "
            "is_maximizing), not the other one"
        )
    negated = Guessing(
        game, lambda state, is_maximizing: (1 if is_maximizing else -1) * guess(state, True)
    )
    if answer == minimax(negated, state, is_maximizing, depth=depth):
        return (
            "the guess is already seen by Max, whoever is to move: ask guess(state, "
            "is_maximizing), and do not negate Max's guess for Min"
        )
    if type(game) is Nim:  # the check asks Nim in normal play and in misère play
        other_play = Nim(last_counter_loses=not game.last_counter_loses)
        if answer == minimax(Guessing(other_play, guess), state, is_maximizing, depth=depth):
            return SHARED_MEMO_HINT
    return None
