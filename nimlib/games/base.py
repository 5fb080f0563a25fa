"""The Game contract: a game is a small object whose methods hold the rules, so that no search
ever needs to know them. Each method says below what it gives. A game may also give an engine
hints (``ordered_new_states``, ``win_at_once`` ...) by having those methods: nimlib.engine.hints
lists them.

Chance is optional, as in OpenSpiel's one state API. A game with dice says which states are
**chance nodes**, where the dice move next (``is_chance``), and what the dice can do there
(``outcomes``: ``(probability, new_state)`` pairs, exact fractions adding up to 1); the
deterministic games say nothing, and none of their states is a chance node. Whose turn it is
travels beside the state (``is_maximizing``): a player's move passes the turn, the dice never do.
So after Max chooses to roll, the chance node is already Min's, and Min moves next whatever the
dice show. The searches with no chance nodes (minimax, alpha-beta, negamax, the engine, MCTS)
refuse a chance node with an error that names it; expectiminimax and Star1 average over it.

Optional too, for a game whose positions come back (Pig): ``layers()`` lists every state where
play goes on, in groups that value iteration solves one after the other (each group leads only
to itself and to the groups before it; a game with no such order gives one group). Value
iteration (nimlib.book.value_iteration) needs it, and no other search does. And ``label(state)``:
what a drawn node shows of a state that says too much or too little itself (Dice Nim: its
counters; Connect Four: its board, where the state is two bitboards).

**Who checks a state.** What a search asks at every position (``possible_new_states``,
``evaluate``, ``estimate``, ``canonical``, ``is_chance``, ``outcomes``, the engine's hints) trusts
its state: a search checks where it starts (``validate``, 3 to 25 times what ``evaluate`` costs)
and then meets only states the game's moves make. So ``SimpleNim().evaluate(-3, True)`` answers,
``solve(SimpleNim(), -3)`` refuses -3, and what a person calls with a state of their own
(``picture``, ``describe_move``, ``play`` ...) checks it first.

**Equal states are one position.** A table finds a state by ``==`` and ``hash``, as a dict does:
two states that compare equal (``1`` and ``True``, ``1`` and ``1.0``, a dataclass with a field
left out of its comparison) are taken for one another, so they must play alike. A game whose
states can be equal and play differently gives such searches wrong answers; a state of one type
throughout (the standard form ``validate`` returns) keeps them apart.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import fields, is_dataclass
from fractions import Fraction

from nimlib.games.printer import shown
from nimlib.games.values import State, is_chance_node, leads_to, not_a_move

Outcome = tuple[Fraction, State]  # what the dice do at a chance node: (probability, new_state)
RULES = ("possible_new_states", "evaluate")  # the methods that make a game what it is
# What a game knows of its own rules, which a search takes on trust: true of these rules only.
KNOWLEDGE = ("canonical", "known_score", "score_depends_only_on_mover", "score_counts_moves")


class Game(ABC):
    """The rules of a two-player zero-sum game, with or without dice.

    A game must define `possible_new_states`, `evaluate` and `validate` (a class without one of
    them cannot be made); every other method is optional. Its states must be hashable (an int, a
    string, a tuple; not a list), since a search keeps them as the keys of a table.

    `score_range` is (lowest, highest): every score `evaluate` or `estimate` gives lies in it.
    Every game declares it, (-1, 1) for a game won or lost: a search that prunes trusts it, and
    skips the moves that cannot beat a score at its edge, scores beyond it unseen.
    `score_depends_only_on_mover` is True when a position is worth the same to whichever player is
    to move (as in every Nim game): with Min to move, Max's score is the mirror, in the score
    range, of Max's score with Max to move, for `evaluate` and `estimate` alike: exactly, or within
    the rounding of floats' ``low + high - score`` (a mirror that rounds a step past an end of the
    range is that end). Where the range is symmetric about 0, so that the mirror is the negative,
    exact, a search may drop `is_maximizing` from its keys (games.values.same_for_either_mover),
    and keeps one entry for a position whoever is to move. A game that says True but scores a
    finished position otherwise is refused, naming the two scores, by every search that meets
    that position; an estimate is taken on trust (a search with a depth keeps in its table the
    first it gets of a position, for either player to move).
    `score_counts_moves` is True when a score already says how soon the game ends (a win sooner
    scores more, a loss later scores less badly: Connect Four, as Pons scores it): moves of equal
    score then end equally soon, and best_move breaks no tie between them by the moves to the end
    (nimlib.quickest).
    """

    score_range: tuple[float, float]  # every game declares its own (values.declared_score_range)
    score_depends_only_on_mover: bool = False
    score_counts_moves: bool = False
    name: str = "Game"  # what widgets and captions call the game; each game sets its own

    def __init_subclass__(cls, **settings: object) -> None:
        """A game class that does not name itself is called by its class name ("MyGame"), and so
        is one that rewrites the rules (RULES) of a named game: Simple-Nim with other takes is no
        longer Simple-Nim. Such a class keeps none of a parent game's KNOWLEDGE of the rules that
        it does not state again (a mixin's, such as Bitboards', is its own): tic-tac-toe won by
        the top row alone lacks tic-tac-toe's symmetries, Simple-Nim whose end scores for Max
        alone is not worth the same to either player, and Connect Four scored +1 or -1 does not
        count the moves in its scores."""
        super().__init_subclass__(**settings)
        rewrites_rules = any(rule in vars(cls) for rule in RULES)
        if cls.name == "Game" or (rewrites_rules and "name" not in vars(cls)):
            cls.name = cls.__name__
        if rewrites_rules:
            for known in KNOWLEDGE:
                owner = next(kind for kind in cls.__mro__ if known in vars(kind))
                if owner not in (cls, Game) and issubclass(owner, Game):  # a parent game's
                    setattr(cls, known, vars(Game)[known])

    @abstractmethod
    def possible_new_states(self, state: State) -> Iterable[State]:
        """The states that one move from `state` can reach, in a fixed, documented order (none at a
        chance node, where the dice move): a list, a tuple or a generator of them, made anew at
        each call (a search asks again for a position it meets again), never a dict (its keys
        would be taken for the states), one string (its characters would) nor a set (its order
        may change from run to run); a state that two moves reach is listed once (a move is known
        by the state it leads to); `state` itself is left as it is (a search finds it in its table
        by its value)."""

    def is_chance(self, state: State) -> bool:
        """Whether the dice move next from `state` (a chance node): never in a game without dice."""
        return False

    def outcomes(self, state: State) -> list[Outcome]:
        """At a chance node, the states the dice lead to, as ``(probability, new_state)`` pairs
        whose probabilities (exact fractions, such as Fraction(1, 6)) add up to 1."""
        if is_chance_node(self, state):
            raise ValueError(
                f"{type(self).__name__}.is_chance says the dice move at {shown(state)}, but the "
                "game has no outcomes method: give it outcomes(state), the (probability, "
                "new_state) pairs the dice lead to"
            )
        raise ValueError(
            f"{type(self).__name__} has no dice: {shown(state)} is not a chance node, "
            "so it has no outcomes"
        )

    @abstractmethod
    def evaluate(self, state: State, is_maximizing: bool) -> float | None:
        """The score for Max once the game is over (in score_range; +1 or -1 in Nim), else None."""

    def estimate(self, state: State, is_maximizing: bool) -> float:
        """A guess at the score of a position that is not over, for a search that stops at a
        depth."""
        raise ValueError(
            f"{type(self).__name__} has no estimate for unfinished positions such as "
            f"{shown(state)}: "
            "search without depth=, or give the game an estimate(state, is_maximizing) method"
        )

    def known_score(self, state: State, is_maximizing: bool) -> float | None:
        """The exact minimax score of `state` if the game's theory gives it without a search, else
        None: solve and best_move ask it only of positions too deep to search by recursion."""
        return None

    @abstractmethod
    def validate(self, state: State) -> State:
        """Return `state` in its standard form, or raise ValueError naming the problem."""

    def canonical(self, state: State) -> State:
        """One representative of all the states that play exactly like `state`."""
        return state

    def checked_move(self, state: State, new_state: State) -> tuple[State, State]:
        """`state` and `new_state` in the game's standard form if one move (or one roll of the
        dice) leads from the first to the second (``leads_to``), else an error naming the pair
        (``not_a_move``)."""
        state, new_state = self.validate(state), self.validate(new_state)
        if not leads_to(self, state, new_state):
            raise not_a_move(self, state, new_state)
        return state, new_state

    def describe_move(self, state: State, new_state: State) -> str:
        """The move from `state` to `new_state` in words. Its part before the first comma outside
        brackets is the move in short (games.printer.short_move: a drawn edge's label, what a
        player types in the terminal game), so it must tell the moves from `state` apart: "take 2"
        of "take 2, leaving 3"."""
        state, new_state = self.checked_move(state, new_state)
        return f"move from {shown(state)} to {shown(new_state)}"

    def describe_state(self, state: State) -> str:
        """`state` as a drawn tree's caption names it: as a message shows it, unless a game has
        words of its own (ColumnsFrom's positions, named from the position given)."""
        return shown(self.validate(state))

    def __repr__(self) -> str:
        """The game as it would be made, naming only the settings that differ from the defaults;
        a class that is no dataclass, each attribute its ``__init__`` gave it."""
        if is_dataclass(self):  # a field with repr=False is worked out from the settings
            settings = [
                f"{f.name}={getattr(self, f.name)!r}"
                for f in fields(self)
                if f.repr and getattr(self, f.name) != f.default
            ]
        else:
            given = getattr(self, "__dict__", {}).items()
            settings = [f"{name}={shown(value)}" for name, value in given if name[:1] != "_"]
        return f"{type(self).__name__}({', '.join(settings)})"


def has_dice(game: Game) -> bool:
    """Whether `game` is a game with dice: it says which states are chance nodes (is_chance)."""
    return type(game).is_chance is not Game.is_chance


def has_estimate(game: Game) -> bool:
    """Whether `game` guesses the score of a position not over (estimate), as a depth needs."""
    return type(game).estimate is not Game.estimate
