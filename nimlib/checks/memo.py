"""Checks of notebook 04: memoized minimax, canonical states, the won/lost memo, distinct moves."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from functools import partial
from types import GeneratorType

from nimlib.book.minimax import Minimax, memoized_minimax
from nimlib.book.stats import SearchStats
from nimlib.checks.first_steps import minimax_case, tiny_tree_cases, won_lost_cases, won_with
from nimlib.checks.runner import (
    LIST_THE_MOVES_HINT,
    QUICK_SECONDS,
    Case,
    CaseHint,
    CheckResult,
    Hinted,
    Scores,
    TruthValues,
    asked_again,
    budget,
    checks_a_function,
    in_another_order,
    is_pair,
    name_of,
    number_hint,
    python_value,
    rehinted,
    run_cases,
    shown_call,
)
from nimlib.checks.trial_games import (
    UNSCORED,
    AtMost,
    CountingGame,
    Searched,
    score_and_work,
    unseen_work,
    work_shown,
)
from nimlib.games.base import Game, State
from nimlib.games.nim import Nim
from nimlib.games.nim_variants import FibonacciNim, SplitNim
from nimlib.games.simple_nim import SimpleNim
from nimlib.games.tictactoe import TicTacToe
from nimlib.games.values import is_whole

# calls per number of counters and move a won/lost memo may make: one of its own per move that
# reaches the number (and one more), and as many of helpers (a moves(), a loses(), methods)
CALLS_PER_MOVE = 4
DRAWN_BOARDS = ("X...O...X", "XOX......")  # tic-tac-toe boards from which best play draws (score 0)


MOVER_HINT = (
    "the key must hold the player to move as well as the state: with Min to move the same "
    "counters score the other way"
)
TURN_HINT = (
    "with Min to move the same counters score the other way, for Max: the memo's key must hold "
    "the player to move as well as the state, and a score found for the player to move (as "
    "negamax finds it) must be turned round where Min is to move"
)
SHARED_MEMO_HINT = (
    "a memo kept from one call to the next must know which game it is for: normal play scores "
    "the counters of misère play the other way (make the memo inside the call, or put the game "
    "in the key)"
)


@checks_a_function
def check_memoized_minimax(function: Callable[[Game, State, bool], int]) -> CheckResult:
    """Check `function(game, state, is_maximizing)`: minimax scores, and each position expanded at
    most once."""
    normal = SimpleNim(last_counter_loses=False)
    cases = []
    # with the two mistakes the notebook warns of, each hinted at the case that shows it
    for game, state, is_maximizing, hint in [
        (SimpleNim(), 6, True, None),
        (SimpleNim(), 6, False, TURN_HINT),  # the same position with the other player to move
        (SimpleNim(), 5, False, None),
        (SimpleNim(), 8, True, None),
        (normal, 8, True, SHARED_MEMO_HINT),  # the same counters in the other game
        (Nim(), (1, 2, 3), True, None),
        (Nim(last_counter_loses=False), (1, 2, 4), False, None),
        (SplitNim(), (7,), True, None),
    ]:
        case = minimax_case(function, game, state, is_maximizing)
        cases.append(rehinted(case, partial(number_hint, hint)) if hint else case)
    cases += [minimax_case(function, TicTacToe(), board, True) for board in DRAWN_BOARDS]
    cases += tiny_tree_cases(function)  # negamax's minus is no minimax there
    for game, state in [
        (SimpleNim(), 15),
        (Nim(), (2, 3, 4)),
        *((TicTacToe(), board) for board in DRAWN_BOARDS),
    ]:
        score, limit = score_and_work(memoized_minimax, game, state)
        searched = Searched()  # where the learner's search ran, for the hint
        cases.append(
            (
                work_shown(function, game, state),
                partial(unseen_work, function, game, state, searched),
                Hinted(
                    (Scores(score), AtMost(limit, "one per position and player to move")),
                    partial(memo_hint, function, score, searched),
                ),
            )
        )
    return run_cases("check_memoized_minimax", cases)


STORED_HINT = (
    "is every result stored, under a key of the state and the player to move, and looked up first, "
    "in one memo for the whole search (not one made anew in every call)?"
)
DRAWS_HINT = (
    "only drawn positions (score 0) were searched again: 0 counts as false, so a memo looked up "
    "with `if memo.get(key):` (or `if cached := memo.get(key):`) takes a stored draw for a "
    "missing entry; ask `if key in memo:`"
)
ASKED_TWICE_HINT = (
    "asked for the moves of a position more than once: keep a position's moves from the first "
    "time (on the stack, say) for when the search comes back to it, and ask each position once"
)


@dataclass
class OneSideMemo(Minimax):
    """nimlib's minimax with a memo that keeps the positions of one `side` only (Max's if True):
    a slip to recognise by the positions it expands."""

    side: bool = True

    def key(self, state: State, is_maximizing: bool, depth: float) -> tuple | None:
        """The position's key where `side` is to move; None, not remembered, elsewhere."""
        return super().key(state, is_maximizing, depth) if is_maximizing == self.side else None


def memo_hint(
    function: Callable[[Game, State, bool], float], score: float, searched: Searched, answer: object
) -> str | None:
    """The hint for a memoized minimax `function` that expanded too many positions (given its score
    was right), or that found a wrong score where the searches were deep enough for a memo keyed by
    the state alone to mix up Max's and Min's scores.

    An lru_cache with a maxsize on `function` forgets. Else the positions `searched` asked for their
    moves more often than memoized_minimax tell the slips apart: those of a memo of one player's
    positions, only drawn positions (a memo read with ``memo.get``, which takes a stored 0 for a
    missing entry), none more than twice as often (a search that asks a position again when it
    comes back to it), or more (no memo in use).
    """
    if not is_pair(answer):
        return None
    if answer[0] not in (score, UNSCORED):  # a memo that hands one position's score to another
        return number_hint(MOVER_HINT, answer[0])
    forgets = forgetting_cache_hint(function)
    if forgets is not None:
        return forgets
    if answer[0] is UNSCORED:
        return STORED_HINT
    game, asked = searched.counting.game, Counter(searched.counting.expansions)
    for side, player, other in ((True, "Max", "Min"), (False, "Min", "Max")):
        one_side = CountingGame(game)
        search = OneSideMemo(one_side, SearchStats(track_states=False), table={}, side=side)
        search(searched.state, True)
        if asked == Counter(one_side.expansions):
            return (
                f"your memo keeps only {player}'s positions: {other}'s are searched again each "
                f"time the search meets them; store every result, {other}'s too"
            )
    reference = CountingGame(game)
    memoized_minimax(reference, searched.state, True)
    needed = Counter(reference.expansions)
    again = {state: asks for state, asks in asked.items() if asks > needed[state]}
    table: dict = {}
    drawn = [
        memoized_minimax(game, state, is_maximizing, table=table) == 0
        for state in again
        for is_maximizing in (True, False)
    ]
    if again and all(drawn):
        return DRAWS_HINT
    if again and all(asks <= 2 * needed[state] for state, asks in again.items()):
        return ASKED_TWICE_HINT
    return STORED_HINT


def key_hint(
    function: Callable[[State], Hashable],
    canonical: Callable[[State], State],
    positions: tuple,
    answer: object,
) -> str | None:
    """The hint for keys of `positions` that cannot go in a set or a dict, that are no key at
    all (a generator, a new object each time, equal to no other, or None), or that merge two
    positions or split two, as their `canonical` forms show."""
    if isinstance(answer, TypeError) and "unhashable" in str(answer):
        given = str(answer).partition("unhashable type: ")[2].strip("'") or "list"
        return (
            f"a key must go in a set or a dict: return a tuple (or a string), not a {given}, "
            f"nor a tuple with a {given} inside"
        )
    with budget(seconds=QUICK_SECONDS):  # asked again, as agrees_with asks: a stop gives no hint
        keys = [function(position) for position in positions]
    if any(hasattr(key, "__next__") for key in keys):
        return (
            "your function returns a generator, a new object at every call, equal to no other: "
            "(... for ... in ...) makes a generator, tuple(... for ... in ...) a tuple"
        )
    if any(key is None for key in keys):
        return "your function returns None: return the key"
    return mixed_up_hint(dict(zip(positions, keys, strict=True)), canonical)


def mixed_up_hint(keys: dict, canonical: Callable[[State], State]) -> str | None:
    """The first two positions that `keys` merges (one key, yet their `canonical` forms differ)
    or splits (two keys, yet one form), as a hint; None if it does neither."""
    by_key, by_form = {}, {}
    for position, key in keys.items():
        other = by_key.setdefault(key, position)
        if canonical(other) != canonical(position):
            return (
                f"{other!r} and {position!r} got one key, yet they do not play alike: your key "
                "merges positions that differ"
            )
        alike = by_form.setdefault(canonical(position), position)
        if keys[alike] != key:
            return (
                f"{alike!r} and {position!r} got two keys, yet they play alike: your key splits "
                "positions that are the same"
            )
    return None


def keys_case(
    description: str,
    function: Callable[[State], Hashable],
    canonical: Callable[[State], State],
    states: tuple,
    expected: int,
) -> Case:
    """A case counting the different keys `function` gives `states`, `expected` of them, with
    key_hint (against the `canonical` forms) for a count that differs; a key of None is no key,
    so the case gives None (states that share None as their key do not pass as alike)."""

    def count() -> int | None:
        keys = {function(state) for state in states}
        return None if None in keys else len(keys)

    return description, count, Hinted(expected, partial(key_hint, function, canonical, states))


RUN_ON = (
    "(1, 11) and (1, 1, 1) got one key: piles written one after the other without a separator "
    "run together ('111'): put a separator between them, or return a tuple"
)


@checks_a_function
def check_canonical(function: Callable[[tuple[int, ...]], State]) -> CheckResult:
    """Check `function(piles)`: one key for Nim positions that play alike, different keys for the
    others."""
    name = name_of(function)

    def distinct_keys(positions: tuple[tuple[int, ...], ...], expected: int) -> Case:
        calls = ", ".join(f"{name}({position!r})" for position in positions)
        described = f"how many different keys among {calls}"
        return keys_case(described, function, Nim().canonical, positions, expected)

    alike = [
        ((3, 2, 1), (1, 2, 3)),
        ((0, 2, 0, 1), (1, 2)),
        ((5, 2, 2), (2, 5, 2), (2, 2, 5)),
        ((0, 0), (0,)),
    ]
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
    cases.append(rehinted(distinct_keys(((1, 11), (1, 1, 1)), 2), partial(number_hint, RUN_ON)))
    by_canonical = partial(memoized_minimax, canonical=True)
    for piles in [(2, 3), (2, 2, 1), (5, 4), (1, 2, 3, 4)]:
        score, expanded = score_and_work(by_canonical, Nim(), piles)
        cases.append(
            (
                f"(score, positions expanded) of memoized_minimax(Nim(), {piles}, canonical=True) "
                f"with {name}",
                lambda piles=piles: score_and_work(by_canonical, Nim(), piles, canonical=function),
                Hinted((score, expanded), partial(expanded_hint, expanded)),
            )
        )
    return run_cases("check_canonical", cases)


def expanded_hint(expanded: int, answer: object) -> CaseHint | None:
    """The hint for a key with which memoized_minimax expanded other than the `expanded` positions
    of Nim's own canonical form: one that merges positions that play differently (fewer), or that
    splits positions that play alike (more)."""
    if not (is_pair(answer) and is_whole(answer[1])) or answer[1] == expanded:
        return None
    means = (
        "fewer means your key gives one key to positions that play differently, and the memo "
        "hands one's score to the other"
        if answer[1] < expanded
        else "more means your key gives different keys to positions that play alike"
    )
    return CaseHint(f"Nim's own canonical form expands {expanded:,} positions here", means)


def forgetting_cache_hint(function: Callable) -> str | None:
    """The hint for a `function` under an lru_cache with a maxsize, which forgets; else None."""
    cache_info = getattr(function, "cache_info", None)
    size = cache_info().maxsize if callable(cache_info) else None
    if size is None:
        return None
    return (
        f"your lru_cache keeps only {size:,} results (maxsize={size}) and forgets the others, "
        "positions the search meets again: use functools.cache"
    )


def answer_and_work(function: Callable[..., bool], *arguments: object) -> tuple[object, int, list]:
    """`function(*arguments)`, how many function calls it made on the way (of `function` itself
    and of every function it calls: a memo on a wrapper around an un-memoized recursion saves
    nothing), and the numbers of counters its recursion worked out more than once (the first
    argument of each such call), smallest first."""
    with budget(watch_recursion=True) as counter:
        answer = function(*arguments)
        calls, again = counter.calls, counter.worked_again
    numbers = list(dict.fromkeys(call[0] for _, call in again if call))
    in_order = all(type(number) is int for number in numbers)
    return python_value(answer), calls, sorted(numbers) if in_order else numbers


def won_lost_memo_hint(limit: int, takes: tuple[int, ...], answer: object) -> str | None:
    """The hint for a won/lost memo that worked only lost numbers of counters out again (a stored
    False taken for a missing entry), that made more than `limit` calls, or that worked others out
    again."""
    if not (isinstance(answer, tuple) and len(answer) == 3):
        return None
    _, calls, again = answer
    if again and all(type(counters) is int and not won_with(counters, takes) for counters in again):
        return (
            "only lost positions were worked out again: False counts as false, so a memo looked up "
            "with `if memo.get(key):` takes a stored loss for a missing entry; ask `if key in memo:`"
        )
    if is_whole(calls) and calls > limit and not again:
        return (
            "no number of counters was worked out twice, but every function call counts, of "
            "your function and of any function it calls: call fewer helpers for each number of "
            "counters (a loop over the takes inside the function that recurses, say)"
        )
    if is_whole(calls) and calls > limit:
        return (
            "each number of counters must be worked out once, and every function call counts, of "
            "your function and of any function it calls: store each answer as soon as it is found "
            "(memo[counters] = ...), make the memo once for the whole search (not anew in every "
            "call), and look it up in the function that recurses"
        )
    if again:
        return "look each number of counters up in the memo before working it out, and store it"
    return None


def takes_hint(answer: object) -> str | None:
    """The hint for wrong answers (True or False each) with the second set of takes or a later
    one: a memo kept between calls, keyed by the counters alone."""
    if not (isinstance(answer, list) and all(isinstance(wins, bool) for wins in answer)):
        return None
    return (
        "if your memo is kept from one call to the next, it must know the takes too: the same "
        "counters win with one set of takes and lose with another (make the memo inside the call, "
        "or key it by the counters and the takes)"
    )


@checks_a_function
def check_memoized_won_lost(function: Callable[[int, tuple[int, ...]], bool]) -> CheckResult:
    """Check `function(counters, takes)`: the answers of check_won_lost, and a memo that makes at
    most a few function calls per number of counters (once, plus once per move that reaches it),
    helpers included."""
    # a memo kept between calls must know the takes: the sets after the first may show it
    cases = [
        rehinted(case, takes_hint) if index else case
        for index, case in enumerate(won_lost_cases(function))
    ]
    for counters, takes in [(21, (1, 2, 3)), (24, (1, 3, 4)), (40, (2, 5))]:
        wins = won_with(counters, takes)
        limit = CALLS_PER_MOVE * (counters + 1) * (len(takes) + 1)
        reason = f"{CALLS_PER_MOVE * (len(takes) + 1)} per number of counters from {counters} down"
        cases.append(
            (
                f"({shown_call(function, (counters, takes))}, function calls it made, numbers of "
                "counters worked out again)",
                lambda counters=counters, takes=takes: answer_and_work(function, counters, takes),
                Hinted(
                    (TruthValues(wins), AtMost(limit, reason), []),  # none worked out twice
                    partial(won_lost_memo_hint, limit, takes),
                ),
            )
        )
    return run_cases("check_memoized_won_lost", cases)


def distinct_new_states(game: Game, state: State) -> list[State]:
    """The states one move from `state`, in the game's order, leaving out any whose canonical form
    came before."""
    seen, kept = set(), []
    for new_state in game.possible_new_states(state):
        if game.canonical(new_state) not in seen:
            seen.add(game.canonical(new_state))
            kept.append(new_state)
    return kept


def listed(answer: object) -> object:
    """`answer` as a list when it is a generator or another iterator, else as it is."""
    return list(answer) if hasattr(answer, "__next__") else answer


def distinct_case(
    function: Callable[[Game, State], Iterable[State]], game: Game, state: State
) -> Case:
    """A case of check_distinct_new_states: `function(game, state)` against the right states."""
    expected = distinct_new_states(game, state)
    return (
        shown_call(function, (game, state)),
        lambda: listed(function(game, state)),
        Hinted(expected, partial(distinct_hint, function, game, state, expected)),
    )


def distinct_hint(
    function: Callable, game: Game, state: State, expected: list[State], answer: object
) -> str | None:
    """The hint for `answer` where check_distinct_new_states expects `expected`: canonical forms
    given for the states (not where each is a move too: a tic-tac-toe board's last mirror image is
    its canonical form), states told apart as they are, the right states in another order, the
    moves from the state's canonical form, or another state of a form kept."""
    if isinstance(answer, (set, frozenset)):  # whatever order it shows, it keeps none
        return "keep the order of game.possible_new_states in a list: a set has no order"
    given, moves = list(answer), list(game.possible_new_states(state))
    if (  # gone through once for the forms, nothing left after: yet Simple-Nim's list will do
        given == []
        and isinstance(game.possible_new_states(state), GeneratorType)
        and asked_again(lambda: list(function(SimpleNim(), 5)) == [4, 3, 2])
    ):
        return LIST_THE_MOVES_HINT
    forms_not_moves = any(new_state not in moves for new_state in given)
    if forms_not_moves and given == [game.canonical(new_state) for new_state in expected]:
        return "give the new states themselves, not their canonical forms"
    if given != expected and given == list(dict.fromkeys(moves)):
        return (
            "compare the new states' canonical forms, game.canonical(new_state), and keep the "
            "forms met (not the states) to compare with: the states themselves differ even where "
            "they play alike (mirror images)"
        )
    if in_another_order(given, expected):
        return "keep the order of game.possible_new_states (a set, or sorted(), loses it)"
    if given != expected and given == distinct_new_states(game, game.canonical(state)):
        return (
            "these are the moves from the canonical form of the state: give the moves from the "
            "state itself, game.possible_new_states(state), and compare only their forms"
        )
    if [game.canonical(new_state) for new_state in given] == list(map(game.canonical, expected)):
        return (
            "keep the first new state of each canonical form, as the game gives it: yours gave "
            "another state of the same form (the form itself, say, or the last state of a dict "
            "keyed by the form)"
        )
    return None


@checks_a_function
def check_distinct_new_states(function: Callable[[Game, State], Iterable[State]]) -> CheckResult:
    """Check `function(game, state)`: the game's moves from `state`, in its order, without the ones
    that lead to the same canonical state as an earlier move (mirror images)."""
    positions = [
        (Nim(), (2, 2, 2)),
        (Nim(), (1, 2, 3)),
        (Nim(), (0, 3, 3)),
        (Nim(last_counter_loses=False), (1, 1)),
        (SplitNim(), (7, 7)),
        (SplitNim(), (4, 3, 5)),
        (SimpleNim(), 5),
        (FibonacciNim(), (6, 10)),
        (TicTacToe(), "........."),  # boards, whose canonical form is no sorting of the state
        (TicTacToe(), "X...O...."),
    ]
    cases = [distinct_case(function, game, state) for game, state in positions]
    return run_cases("check_distinct_new_states", cases)
