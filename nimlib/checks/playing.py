"""Checks of notebook 07: winning moves, and a search that stops at a depth."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from nimlib.book.minimax import Minimax, memoized_minimax, minimax
from nimlib.book.stats import SearchStats
from nimlib.checks.first_steps import (
    END_OF_GAME_HINT,
    MINIMAX_SLIPS,
    PASS_THE_TURN,
    minimax_with_slip,
    of_no_scores,
)
from nimlib.checks.memo import SHARED_MEMO_HINT
from nimlib.checks.pruning import KEPT_BETWEEN_CALLS_HINT, changes_when_asked_again
from nimlib.checks.runner import (
    CheckResult,
    Hinted,
    Scores,
    agrees_with,
    asked_again,
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


def winning_moves_of(game: Game, state: State, max_to_move: bool = False) -> list[State]:
    """The positions one move from `state` after which the player who moved can force a win (the
    moves' searches share one memo: the learner waits for the answers too). With `max_to_move`,
    a learner's slip: the moves after which Max, were Max to move again, could."""
    memo: dict = {}
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
    "plain minimax searches the same positions again and again here, and so does alpha-beta "
    "without a table: score each move with memoized_minimax"
)


def winning_moves_hint(
    function: Callable[[Game, State], list], game: Game, state: State, answer: object
) -> str | None:
    """The hint for a wrong `answer` of `function` from `state`: the right moves only where the
    game gives its moves in a list (a generator gone through twice), a table kept across games
    (which the search refuses), something else than a list
    of new states (winning_kind_hint), another answer each time it is asked (something kept
    between calls), the moves asked about with Max to move after them (where that is not every
    move, and `function` asks so from the first position too), one of several winning moves, the
    answer of an earlier game of the check (a memo kept across games), the right moves in another
    order, or the moves that draw too."""
    min_to_move: dict = {}  # the memo of the searches after each move, shared by those below
    moves = list(game.possible_new_states(state))
    scores = [memoized_minimax(game, new, False, table=min_to_move) for new in moves]
    winners = [new for new, score in zip(moves, scores, strict=True) if score == 1]
    if right_only_on(function, Listed(game), (game, state), winners):
        return MOVES_ONCE_HINT
    if isinstance(answer, ValueError) and "this table holds the positions of" in str(answer):
        return (  # the search's refusal of a table another game filled, cut short in the message
            "the table given to memoized_minimax outlives the call (a default argument, table={}, "
            "is made once, when def runs) and holds another game's positions: make a new dict in "
            "each call"
        )
    hint = winning_kind_hint(game, state, scores, winners, answer)
    if hint is not None:
        return hint
    if changes_when_asked_again(function, (game, state)):
        return KEPT_BETWEEN_CALLS_HINT
    for_the_mover_again = partial(winning_moves_of, max_to_move=True)
    mover_again = for_the_mover_again(game, state)
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
    if len(winners) > 1 and isinstance(answer, list) and len(answer) == 1 and answer[0] in winners:
        return "every winning move, not only one: go through all the moves"
    if answer and answered_for_an_earlier_game(game, state, answer):
        return (
            "that is the answer for the same state in another game of the check: a memo kept "
            "from one call to the next must know which game it is for (make it inside the call, "
            "or put the game in its key)"
        )
    if in_another_order(answer, winners):
        return "give a list in the order of game.possible_new_states (a set, or sorted(), loses it)"
    if same(answer, [new for new, score in zip(moves, scores, strict=True) if score >= 0]):
        return "a move that draws (score 0) is no win: keep the moves that score +1"
    return None


def answered_for_an_earlier_game(game: Game, state: State, answer: object) -> bool:
    """Whether `answer` is the winning moves from `state` in a game of the same kind that the
    check asks about before `game` (an empty answer can be any game's)."""
    earlier = WINNING_POSITIONS[: WINNING_POSITIONS.index((game, state))]
    return any(
        type(other) is type(game) and other != game and same(answer, winning_moves_of(other, state))
        for other, _ in earlier
    )


def winning_kind_hint(
    game: Game, state: State, scores: list[float], winners: list[State], answer: object
) -> str | None:
    """The hint for an answer that is not a list of the new states (the `winners`): one value
    (whether the position wins, say), a score or a truth value for each move (the moves'
    `scores`), (score, new_state) pairs, or the words for the moves."""
    if isinstance(answer, (bool, int, float)):
        return "give a list of the new states after the winning moves (an empty list if none)"
    if same(answer, scores) or same(answer, [score == 1 for score in scores]):
        return (
            "give the winning new states themselves, not a score or True/False for each move: "
            "keep the new_state where its score is +1"
        )
    if same(answer, [(1, new) for new in winners]) or same(answer, [(new, 1) for new in winners]):
        return "give the new states themselves, not (score, new_state) pairs"
    if same(answer, [game.describe_move(state, new) for new in winners]):
        return "give the new states themselves, not the words for the moves"
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


def mover_ahead(state: State, is_maximizing: bool) -> float:
    """A made-up guess for any game: +0.5 where Max is to move, -0.5 where Min is."""
    return 0.5 if is_maximizing else -0.5


LOOK_AHEAD_EXAMPLES = [
    (NORMAL, (1, 2, 3), 0, True, more_counters_for_max),
    (NORMAL, (1, 2, 3), 1, True, more_counters_for_max),
    (NORMAL, (1, 2, 3), 1, True, no_idea),  # the same question with another guess
    (NORMAL, (1, 2, 3), 1, True, counters_whoever_moves),  # the guess asked for Min
    (NORMAL, (1, 2, 3), 2, False, more_counters_for_max),
    (NORMAL, (2, 3), 3, True, no_idea),
    (NORMAL, (2, 3), 4, True, more_counters_for_max),  # (2, 0) met at depths 3 and 2: a memo?
    (NORMAL, (1, 1), 2, True, no_idea),
    (Nim(), (1, 1), 2, True, no_idea),  # the same question in misère play: a memo kept?
    (NORMAL, (0, 0), 0, True, more_counters_for_max),
    (Nim(), (1, 2, 2), 8, True, no_idea),
    (Nim(), (1, 2, 2), 8, False, no_idea),
    (NORMAL, (4, 5, 6), 2, True, no_idea),
    (TicTacToe(), "XXOOOXXO.", 2, True, no_idea),  # a draw one move ahead: 0 is a score
    (TicTacToe(), "XXOOOXXO.", 1, True, mover_ahead),  # a draw at the horizon: 0, not a guess
]


@checks_a_function
def check_depth_limited(function: Callable[..., float]) -> CheckResult:
    """Check `function(game, state, depth, is_maximizing, guess)`: minimax `depth` moves deep, then
    `guess`."""
    cases = [
        call_case(
            function,
            question,
            Scores(
                look_ahead(*question),
                partial(look_ahead_hint, function, question, LOOK_AHEAD_EXAMPLES[:number]),
                DEPTH_HINT,
            ),
        )
        for number, question in enumerate(LOOK_AHEAD_EXAMPLES)
    ]
    return run_cases("check_depth_limited", cases)


def look_ahead(
    game: Game, state: State, depth: int, is_maximizing: bool, guess: Callable[[State, bool], float]
) -> float:
    """The right answer: nimlib's minimax `depth` moves deep, on a game that estimates by
    `guess`."""
    return minimax(Guessing(game, guess), state, is_maximizing, depth=depth)


DEPTH_HINT = (
    "a look ahead stops `depth` moves ahead: give each move depth - 1, and at depth 0 return "
    "the guess"
)


def for_the_mover(
    game: Game, state: State, depth: int, is_maximizing: bool, guess: Callable[[State, bool], float]
) -> float:
    """The look ahead's score seen by the player to move, as negamax gives it: a slip to tell."""
    sign = 1 if is_maximizing else -1
    return sign * look_ahead(game, state, depth, is_maximizing, guess)


def for_the_other_player(
    game: Game, state: State, depth: int, is_maximizing: bool, guess: Callable[[State, bool], float]
) -> float:
    """The look ahead of `state` asked with the other player to move: Max and Min swapped
    throughout, a slip to tell."""
    return look_ahead(game, state, depth, not is_maximizing, guess)


def a_move_too_far(
    game: Game, state: State, depth: int, is_maximizing: bool, guess: Callable[[State, bool], float]
) -> float:
    """A look ahead that stops below depth 0 instead of at it: a slip to tell."""
    return look_ahead(game, state, depth + 1, is_maximizing, guess)


def memo_without_depth(
    game: Game, state: State, depth: int, is_maximizing: bool, guess: Callable[[State, bool], float]
) -> float:
    """A look ahead whose memo leaves the depth out of its key, so a position met again at another
    depth keeps the score of the first: a slip to tell."""
    search = DepthlessMemo(Guessing(game, guess), SearchStats(track_states=False), depth, table={})
    return search(state, is_maximizing)


class DepthlessMemo(Minimax):
    """nimlib's minimax with a memo whose key leaves the depth out (memo_without_depth)."""

    def key(self, state: State, is_maximizing: bool, depth: float) -> tuple:
        """The state and the player to move, whatever the depth."""
        return (state, is_maximizing)


def a_move_early(
    game: Game, state: State, depth: int, is_maximizing: bool, guess: Callable[[State, bool], float]
) -> float:
    """A look ahead that stops at depth 1 instead of 0 (at 0 too): a slip to tell."""
    return look_ahead(game, state, max(depth - 1, 0), is_maximizing, guess)


def to_the_end(
    game: Game, state: State, depth: int, is_maximizing: bool, guess: Callable[[State, bool], float]
) -> float:
    """A search to the end of the game, whatever the depth: a slip to tell."""
    return memoized_minimax(game, state, is_maximizing)


def never_counted_down(
    game: Game, state: State, depth: int, is_maximizing: bool, guess: Callable[[State, bool], float]
) -> float:
    """A look ahead that gives each move the same depth: the guess at depth 0, else a search to
    the end of the game: a slip to tell."""
    if depth == 0:
        return look_ahead(game, state, 0, is_maximizing, guess)
    return to_the_end(game, state, depth, is_maximizing, guess)


def with_guess(asked: Callable[..., float]) -> Callable[..., float]:
    """The right look ahead whose guess at the horizon is asked as `asked` asks it, given the
    learner's `guess`, a state and the player to move: a slip to tell."""

    def slipped(
        game: Game,
        state: State,
        depth: int,
        is_maximizing: bool,
        guess: Callable[[State, bool], float],
    ) -> float:
        return look_ahead(game, state, depth, is_maximizing, partial(asked, guess))

    return slipped


def guess_ignored(
    guess: Callable[[State, bool], float], state: State, is_maximizing: bool
) -> float:
    """0 at the horizon instead of the guess."""
    return 0


def guess_of_the_other_player(
    guess: Callable[[State, bool], float], state: State, is_maximizing: bool
) -> float:
    """The guess asked with the other player to move."""
    return guess(state, not is_maximizing)


def max_guess_negated(
    guess: Callable[[State, bool], float], state: State, is_maximizing: bool
) -> float:
    """The guess asked for Max, and negated where Min is to move."""
    return guess(state, True) if is_maximizing else -guess(state, True)


def min_guess_negated(
    guess: Callable[[State, bool], float], state: State, is_maximizing: bool
) -> float:
    """The guess negated where Min is to move."""
    return guess(state, True) if is_maximizing else -guess(state, False)


def guess_for_max(
    guess: Callable[[State, bool], float], state: State, is_maximizing: bool
) -> float:
    """The guess asked for Max, whoever is to move."""
    return guess(state, True)


TO_THE_END_HINT = f"that is the score of a search to the end of the game: {DEPTH_HINT}"
OWN_PLAYER_HINT = (
    "ask the guess about the position with its own player to move: guess(state, is_maximizing), "
    "not the other one"
)
GUESS_NEGATED_HINT = (
    "the guess is already seen by Max, whoever is to move: ask guess(state, is_maximizing), and "
    "do not negate Max's guess for Min"
)
FINISHED_HINT = (
    "a finished game returns its true score, even at depth 0: ask game.evaluate before looking at "
    "the depth"
)


def with_slip(slip: str) -> Callable[..., float]:
    """The look ahead of minimax_with_slip with `slip`, called as the exercise's function is."""

    def slipped(
        game: Game, state: State, depth: int, is_maximizing: bool, guess: Callable
    ) -> float:
        return minimax_with_slip(game, state, is_maximizing, slip, depth, guess)

    return slipped


# each slip of a look ahead, as a function that answers as it does, with its hint, in the order
# they are asked about (the slips of with_slip are first_steps.minimax_with_slip's, with a depth)
LOOK_AHEAD_SLIPS = [
    (
        a_move_too_far,
        "that search looked a move too far: at depth 0 a look ahead tries no move; return the "
        "guess when depth == 0 (not only below 0)",
    ),
    (
        for_the_other_player,
        "that is the score with the other player to move: where is_maximizing is True, Max is to "
        "move and takes the largest score; ask evaluate and the guess with is_maximizing as it is",
    ),
    (
        with_slip("depth first"),
        FINISHED_HINT,
    ),
    (to_the_end, TO_THE_END_HINT),
    (never_counted_down, TO_THE_END_HINT),
    (
        with_slip("negamax on Max's scores"),
        "that is negamax's max(-score) on scores seen by Max: game.evaluate and the guess give "
        "Max's score whoever is to move, so take the largest of the moves' scores where Max is to "
        "move and the smallest where Min is, as minimax does",
    ),
    (
        for_the_mover,
        "that is the score seen by Min, the player to move (as negamax gives it): a look ahead "
        "gives Max's score, so turn it round where Min is to move",
    ),
    (with_slip("same turn"), PASS_THE_TURN),
    (
        memo_without_depth,
        "a position can be met at another depth (by moves in another order), where its score looks "
        "more or fewer moves ahead: a memo may reuse only a score that looked exactly as many "
        "moves ahead, so its key must hold the depth",
    ),
    (with_slip("max alone"), MINIMAX_SLIPS["max alone"]),
    (
        a_move_early,
        "that search stopped a move early: at depth 1 a look ahead still tries every move; "
        "return the guess at depth 0 only",
    ),
    (with_guess(guess_of_the_other_player), OWN_PLAYER_HINT),
    (with_guess(max_guess_negated), GUESS_NEGATED_HINT),
    (with_guess(min_guess_negated), GUESS_NEGATED_HINT),
    (with_guess(guess_for_max), OWN_PLAYER_HINT),
    (
        with_guess(guess_ignored),
        "at depth 0 return the guess you are given, guess(state, is_maximizing), as it is: yours "
        "gave 0 there",
    ),
    (with_slip("swapped"), MINIMAX_SLIPS["swapped"]),
    (with_slip("evaluate as Max"), MINIMAX_SLIPS["evaluate as Max"]),
    (
        with_slip("best from 0"),
        "start the best score from the first move's, or from -inf for Max (+inf for Min): a best "
        "that starts at 0 hides every score on the wrong side of 0",
    ),
    (
        with_slip("if score"),
        "a draw scores 0, which `if score:` takes for a game going on (at depth 0 it got the "
        "guess): return game.evaluate's score whenever it is not None (`if score is not None:`)",
    ),
]
# questions the check never asks, where each slip above answers otherwise than every other and
# than the right look ahead: a slip is named only where the function answers them as it does
# (one answer alone can match a slip by chance, or come from a memo kept between calls)
TELLING_LOOK_AHEADS = [
    (NORMAL, (2, 2, 1), 1, True, more_counters_for_max),
    (NORMAL, (2, 2, 1), 1, True, counters_whoever_moves),
    (NORMAL, (2, 2, 1), 2, False, more_counters_for_max),
    (NORMAL, (2, 2, 1), 2, False, counters_whoever_moves),
    (NORMAL, (1, 0), 0, True, more_counters_for_max),
    (NORMAL, (2, 2, 1), 3, True, counters_whoever_moves),
    (NORMAL, (0, 1), 1, True, more_counters_for_max),
    (TicTacToe(), "XOXXOOOX.", 1, True, mover_ahead),
]


def look_ahead_hint(
    function: Callable[..., float], question: tuple, asked_before: list[tuple], answer: object
) -> str | None:
    """A hint for a wrong look ahead `function`, `answer` to `question`: a game's end taken for a
    game going on (max() of no scores), the guess given back uncalled, the right answer only where
    the game's own estimate is the guess, or where the game's moves come as a list (a generator
    gone through twice), the slip of LOOK_AHEAD_SLIPS that gives `answer` (where `function`
    answers TELLING_LOOK_AHEADS as it does too), a finished game given another score than its own
    at depth 0, the answer to a question `asked_before` with another game, guess or depth (a memo
    kept between calls)."""
    if of_no_scores(answer):
        return END_OF_GAME_HINT
    game, state, depth, is_maximizing, guess = question
    if answer is guess:
        return "call the guess, guess(state, is_maximizing): the function itself is no score"
    right = look_ahead(*question)
    if right_only_on(function, Guessing(game, guess), question, right):
        return (
            "use the guess you are given: guess(state, is_maximizing) at depth 0 (the game has no "
            "estimate of its own)"
        )
    if right_only_on(function, Listed(game), question, right):
        return MOVES_ONCE_HINT
    if not is_number(answer):
        return None
    for slipped, hint in LOOK_AHEAD_SLIPS:
        if same(answer, slipped(*question)) and agrees_with(function, slipped, TELLING_LOOK_AHEADS):
            return hint
    if depth == 0 and game.evaluate(state, is_maximizing) is not None:
        return FINISHED_HINT
    return answered_before_hint(function, question, asked_before, answer)


def right_only_on(function: Callable, like: PlaysLike, arguments: tuple, right: object) -> bool:
    """Whether `function(*arguments)` gives the `right` answer asked with the game `like`, which
    plays as the game of `arguments` with one thing changed, but not with a plain copy of the game
    (a new game to a memo kept between calls too)."""
    rest = arguments[1:]

    def answers_right(game: Game) -> bool:
        return same(function(game, *rest), right)

    copy = PlaysLike(arguments[0])
    return asked_again(lambda: answers_right(like)) and not asked_again(lambda: answers_right(copy))


MOVES_ONCE_HINT = (
    "game.possible_new_states may give a generator, which can be gone through only once: make "
    "it a list first, moves = list(game.possible_new_states(state))"
)
# what differs between a question and one asked before with the same state and player to move,
# what a memo kept between calls must then hold in its key, and two questions that differ in it
# alone, on a state the check asks nowhere else: a memo without it answers the second as the first
OTHER_QUESTIONS = {
    0: (
        "game",
        (Nim(), (1, 1, 3), 3, True, more_counters_for_max),
        (NORMAL, (1, 1, 3), 3, True, more_counters_for_max),
    ),
    2: (
        "depth",
        (NORMAL, (1, 3, 5), 0, True, more_counters_for_max),
        (NORMAL, (1, 3, 5), 1, True, more_counters_for_max),
    ),
    4: (
        "guess",
        (NORMAL, (2, 3, 5), 1, True, more_counters_for_max),
        (NORMAL, (2, 3, 5), 1, True, counters_whoever_moves),
    ),
}


def answered_before_hint(
    function: Callable[..., float], question: tuple, asked_before: list[tuple], answer: object
) -> str | None:
    """The hint for `answer`, the right answer to one of the questions `asked_before` that differs
    from `question` in its game, its depth or its guess alone, where `function` answers two
    questions that differ in that alone as a memo kept between calls does."""
    for before in asked_before:
        differ = [place for place in range(5) if before[place] != question[place]]
        if len(differ) != 1 or differ[0] not in OTHER_QUESTIONS:
            continue
        what, first, then = OTHER_QUESTIONS[differ[0]]
        if same(answer, look_ahead(*before)) and kept_from_before(function, first, then):
            if what == "game":
                return SHARED_MEMO_HINT
            return (
                f"that is the answer to an earlier question of the check with another {what}: "
                f"a memo kept from one call to the next must have the {what} in its key (or make "
                "the memo inside the call)"
            )
    return None


def kept_from_before(function: Callable[..., float], first: tuple, then: tuple) -> bool:
    """Whether `function`, asked `first`, then `then`, answers `first` right, then gives that
    answer again (a function that answers `first` wrong has a slip of its own, such as a depth
    off by one, not a memo)."""

    def answers_first_again() -> bool:
        right = look_ahead(*first)
        return same(function(*first), right) and same(function(*then), right)

    return asked_again(answers_first_again)


class Listed(PlaysLike):
    """A game that plays exactly like `game`, whose moves come as a list."""

    def possible_new_states(self, state: State) -> list[State]:
        """The game's own moves, in a list."""
        return list(self.game.possible_new_states(state))
