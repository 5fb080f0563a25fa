"""Small games the checks try a learner's function on: tiny trees, counted calls, a path, and the
work a search does on them."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from itertools import count
from math import inf

from nimlib.checks.runner import Shown, shown_call
from nimlib.games.base import Game, State
from nimlib.games.explicit_tree import ExplicitTree
from nimlib.games.values import is_whole


class TinyTree(ExplicitTree):
    """A made-up game given as its tree: from "root" a move goes to "a", "b" or "c", the next to a
    leaf.

    The leaves score 4 and 9 under "a", 1 and 7 under "b", 6 and 5 under "c": any numbers, not only
    +1 and -1.
    """

    name = "TinyTree"
    score_range = (1, 9)

    def __init__(self) -> None:
        """The tree of three moves, each with two answers, written out."""
        tree = {"root": ["a", "b", "c"], "a": ["a1", "a2"], "b": ["b1", "b2"], "c": ["c1", "c2"]}
        tree |= {"a1": 4, "a2": 9, "b1": 1, "b2": 7, "c1": 6, "c2": 5}
        super().__init__(tree, self.score_range)

    def __repr__(self) -> str:
        return "TinyTree()"


class NumberTree(ExplicitTree):
    """A made-up game tree, drawn at random from `seed`, whose leaves score whole numbers from -9 to
    9.

    Its nodes are strings: the root is "r", and a move appends a digit ("r" -> "r0", "r1", ...), so
    the moves come in sorted order and every node is met once. Scores repeat, as they do in games.
    """

    name = "NumberTree"

    def __init__(self, seed: int, depth: int = 6) -> None:
        """A tree grown at random from `seed`, `depth` moves deep."""
        self.seed, tree, chance = seed, {}, random.Random(seed)

        def grow(node: str, levels: int) -> None:
            """Give `node` 2 or 3 children down to `levels` levels (now and then a leaf sooner), or
            a score."""
            if levels == 0 or (levels < depth - 1 and chance.random() < 0.1):
                tree[node] = chance.randint(-9, 9)
                return
            tree[node] = [f"{node}{digit}" for digit in range(chance.choice((2, 3, 3)))]
            for new_node in tree[node]:
                grow(new_node, levels - 1)

        grow("r", depth)
        super().__init__(tree, (-9, 9))

    def __repr__(self) -> str:
        return f"NumberTree(seed={self.seed})"


class PlaysLike(Game):
    """A game that plays exactly like `game`: the base of the games below, which each change one
    thing about it."""

    def __init__(self, game: Game) -> None:
        """A game with the name, moves and scores of `game`."""
        self.game, self.name, self.score_range = game, game.name, game.score_range

    def possible_new_states(self, state: State) -> Iterable[State]:
        """The game's own moves."""
        return self.game.possible_new_states(state)

    def evaluate(self, state: State, is_maximizing: bool) -> float | None:
        """The game's own score."""
        return self.game.evaluate(state, is_maximizing)

    def validate(self, state: object) -> State:
        """The game's own check of a state."""
        return self.game.validate(state)

    def describe_move(self, state: State, new_state: State) -> str:
        """The game's own words for a move."""
        return self.game.describe_move(state, new_state)

    def __repr__(self) -> str:
        return repr(self.game)


# Positions a measured search may expand: no right answer of a check comes near (at most 1,000 or
# so), and a search whose memo never hits (a key that is a generator, say) is stopped at this
# count in a fraction of a second, not after seconds of searching every line.
MOST_EXPANDED = 10_000
UNSCORED = Shown("?")  # the score of a search stopped at MOST_EXPANDED


class TooManyExpanded(BaseException):
    """A measured search expanded more than MOST_EXPANDED positions (not an Exception, so that a
    bare ``except Exception`` in a learner's search cannot swallow it)."""


class CountingGame(PlaysLike):
    """A game that plays exactly like `game` and counts the positions a search expands (asks for
    their moves).

    Only positions where the game goes on count, and a position asked about twice in a row (its
    moves printed, then searched, say) counts once. With `canonical`, that function is the game's
    canonical form instead of the game's own. `tried_at` says when the search tried a position,
    which orders the moves as it tried them. `expansions` lists the positions expanded, one entry
    each time one was.
    """

    def __init__(self, game: Game, canonical: Callable[[State], State] | None = None) -> None:
        """A game like `game`, its states told apart by `canonical` (None: the game's own)."""
        super().__init__(game)
        self.expansions: list[State] = []
        self.asked = count()  # numbers each question the search asks the game, in turn
        self.first_expanded: dict[State, int] = {}
        self.scored: dict[State, list[int]] = {}  # when it scored each finished game
        self.last_asked: tuple[State, int] | None = None  # the last moves asked for, and when
        self.canonical_form = game.canonical if canonical is None else canonical

    @property
    def expanded(self) -> int:
        """How many times the search asked for the moves of a position where the game goes on."""
        return len(self.expansions)

    def possible_new_states(self, state: State) -> Iterable[State]:
        """The moves of the game, counted."""
        asked = next(self.asked)
        self.first_expanded.setdefault(state, asked)
        again = self.last_asked is not None and self.last_asked == (state, asked - 1)
        self.last_asked = (state, asked)
        if not again and self.game.evaluate(state, True) is None:
            self.expansions.append(state)
            if self.expanded > MOST_EXPANDED:
                raise TooManyExpanded
        return self.game.possible_new_states(state)

    def evaluate(self, state: State, is_maximizing: bool) -> float | None:
        """The game's own score."""
        score = self.game.evaluate(state, is_maximizing)
        if score is not None:
            self.scored.setdefault(state, []).append(next(self.asked))
        return score

    def tried_at(self, state: State, peeks: bool) -> float:
        """When the search tried `state` (inf: never): when it first asked for its moves, else, for
        a finished game, the last time it scored it. With `peeks`, the search is taken to score the
        moves before it tries them (to put the wins first, say): a finished game it scored only
        once was left untried after a cut-off."""
        times = self.scored.get(state, [])
        if state in self.first_expanded:
            return self.first_expanded[state]
        return inf if not times or (peeks and len(times) == 1) else times[-1]

    def canonical(self, state: State) -> State:
        """The canonical form in use."""
        return self.canonical_form(state)


@dataclass
class Searched:
    """Where a measured search ran: its counting game and the state it started from, kept for a
    hint to read (None until it ran)."""

    counting: CountingGame | None = None
    state: State | None = None


UNSEEN_MARKS = count(1)  # a new mark for each measure of work: states no earlier call has met


def score_and_work(
    function: Callable[..., float],
    game: Game,
    state: State,
    window: tuple[float, float] | None = None,
    canonical: Callable | None = None,
    searched: Searched | None = None,
) -> tuple[float, int] | tuple[Shown, Shown]:
    """The score of `function(game, state, True)`, from the (alpha, beta) of `window` if one is
    given, and how many times it asked for the moves of a position; with `canonical`, that function
    is the game's canonical form. Past MOST_EXPANDED positions: (UNSCORED, more than that). With
    `searched`, the counting game and the state are kept there."""
    counting = CountingGame(game, canonical)
    if searched is not None:
        searched.counting, searched.state = counting, state
    return counted(lambda: function(counting, state, True, *(window or ())), counting)


def counted(
    search: Callable[[], float], counting: CountingGame
) -> tuple[float, int] | tuple[Shown, Shown]:
    """The score `search()` gives and how many positions `counting` saw it expand; past
    MOST_EXPANDED: (UNSCORED, more than that, in words)."""
    try:
        score = search()
    except TooManyExpanded:
        return UNSCORED, Shown(f"more than {MOST_EXPANDED:,}, where the check stopped it")
    return score, counting.expanded


def work_shown(
    function: Callable[..., float],
    game: Game,
    state: State,
    window: tuple[float, float] | None = None,
) -> str:
    """How a case that measures work shows the search `function` it runs: from `state`, Max to
    move, in the (alpha, beta) of `window` if one is given."""
    call = shown_call(function, (game, state, True, *(window or ())))
    return f"(score, positions expanded) of {call}"


def unseen_work(
    function: Callable[..., float], game: Game, state: State, searched: Searched
) -> tuple[float, int] | tuple[Shown, Shown]:
    """score_and_work on states no earlier call has met: a memo kept between calls cannot help.
    The counting game and the state are kept in `searched`."""
    mark = next(UNSEEN_MARKS)
    marked = unseen(state, mark)
    return score_and_work(function, UnseenGame(game, mark), marked, searched=searched)


class AtMost:
    """The expected answer of a case that counts: every whole number up to `limit` is right."""

    def __init__(self, limit: int, reason: str) -> None:
        """Expect a whole number up to `limit`; `reason` says why no more are right."""
        self.limit, self.reason = limit, reason

    def __eq__(self, other: object) -> bool:
        return is_whole(other) and other <= self.limit

    def __repr__(self) -> str:
        return f"at most {self.limit:,} ({self.reason})"


class PathGame(PlaysLike):
    """A game that plays exactly like `game`, but whose states are whole paths of play from the
    start.

    No two paths are alike, so no position ever comes twice: a memo saves nothing here, and only
    cutting off moves lets a search expand fewer positions than plain minimax.
    """

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

    def describe_move(self, path: tuple, new_path: tuple) -> str:
        """The game's own words for the move that ends `new_path`, one position longer than
        `path`."""
        path, new_path = self.checked_move(path, new_path)
        return self.game.describe_move(path[-1], new_path[-1])

    def __repr__(self) -> str:
        return f"PathGame({self.game!r})"


def positions_from(game: Game, state: State) -> list[State]:
    """`state` and every position play can reach from it, each once, parents before their
    children."""
    found, queue = {state: None}, [state]
    for position in queue:
        if game.evaluate(position, True) is None:
            for new_state in game.possible_new_states(position):
                if new_state not in found:
                    found[new_state] = None
                    queue.append(new_state)
    return list(found)


UNSEEN_KINDS: dict[type, type] = {}


def unseen(state: State, mark: int) -> State:
    """`state` as a value no earlier call has met: equal only to itself with the same `mark`.

    It is a str, tuple or int like `state` (a subclass), and prints as `state` does. A state
    marked already with `mark` (one UnseenGame.validate is given back) is returned as it is.
    """
    if type(state) in UNSEEN_KINDS.values() and getattr(state, "mark", None) == mark:
        return state
    kind = type(state)
    if kind not in UNSEEN_KINDS:

        def equals(self: State, other: object) -> bool:
            return kind.__eq__(self, other) is True and getattr(other, "mark", None) == self.mark

        UNSEEN_KINDS[kind] = type(
            f"Unseen{kind.__name__.title()}",
            (kind,),
            {
                "__eq__": equals,
                "__ne__": lambda self, other: not equals(self, other),
                "__hash__": lambda self: hash((kind.__hash__(self), self.mark)),
                "__repr__": kind.__repr__,
            },
        )
    fresh = UNSEEN_KINDS[kind](state)
    fresh.mark = mark
    return fresh


class UnseenGame(PlaysLike):
    """A game that plays exactly like `game`, on states that no earlier call has met.

    Every state is marked with `mark`: a memo kept between calls, from earlier cases or earlier
    runs of a check, holds none of them, so the work measured is the work of this call alone.
    """

    def __init__(self, game: Game, mark: int) -> None:
        """A game like `game`, every one of its states marked with `mark`."""
        super().__init__(game)
        self.mark = mark

    def possible_new_states(self, state: State) -> list[State]:
        """The game's moves, marked."""
        new_states = self.game.possible_new_states(state)
        return [unseen(new_state, self.mark) for new_state in new_states]

    def validate(self, state: object) -> State:
        """The game's own check of a state, marked."""
        return unseen(self.game.validate(state), self.mark)

    def canonical(self, state: State) -> State:
        """The game's canonical form, marked."""
        return unseen(self.game.canonical(state), self.mark)
