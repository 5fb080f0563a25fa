"""A game given as its tree: textbook figures of minimax and alpha-beta, searched like any other
game.

Write the tree as nested lists, one list per position whose player still has a choice and one
number per leaf: ``ExplicitTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])`` is the classic two-ply
figure. The positions get the textbook's names: the root is "A", its children "B", "C", "D", ...,
and below those a number is added per level ("B1", "B2", ...; then "B1.1", "B1.2", ...). A move
is named after the position it leads to, in lower case ("b1", "b1.2"), and the root's moves are
"a1", "a2", ... as in the textbook.

Or give the tree as a dict that maps each inner position to the list of its children and each leaf
to its score, with any names you like: ``ExplicitTree({"A": ["B", "C"], "B": 3, "C": 5})``. The root
is the one position that is nobody's child. A position may have several parents (a transposition),
but no position may lead back to itself.

Leaf scores are any real numbers, all for the maximizing player, who moves at the root. The score
range is the lowest and the highest leaf, unless you give a wider one. A `name`, such as "the
textbook tree", is what widgets and captions call the tree ("a hand-written tree" if none is given).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from string import ascii_uppercase

from nimlib.games.base import Game
from nimlib.games.printer import shown
from nimlib.games.values import is_finite

Tree = Sequence | Mapping
MAX_POSITIONS = 10_000  # a tree written by hand; larger ones are better made by a game's rules


class ExplicitTree(Game):
    """A game whose positions, moves and leaf scores are written out, as in a textbook figure."""

    name = "a hand-written tree"  # or the name it is given, such as "the textbook tree"
    score_depends_only_on_mover = False  # the leaves score for Max, whoever moves into them

    def __init__(
        self, tree: Tree, score_range: tuple[float, float] | None = None, name: str | None = None
    ) -> None:
        """The game of `tree` (nested lists, or a dict of children and scores), checked."""
        self.textbook_names = isinstance(tree, (list, tuple))
        if isinstance(tree, Mapping):
            self.children, self.scores = tree_from_dict(tree)
        elif self.textbook_names:
            self.children, self.scores = tree_from_lists(tree)
        else:
            wanted = "nested lists of scores or a dict of children and scores"
            raise ValueError(f"tree must be {wanted}, not {shown(tree)}")
        self.root = find_root(self.children, self.scores)
        self.score_range = checked_score_range(score_range, self.scores)
        self.given = tree
        if name is not None:
            if not isinstance(name, str) or not name.strip():
                raise ValueError(
                    "name must be a non-empty string such as 'the textbook tree', not "
                    f"{shown(name)}"
                )
            self.name = name

    def possible_new_states(self, state: str) -> list[str]:
        """The children of `state`, left to right as written."""
        return list(self.children.get(state, ()))

    def evaluate(self, state: str, is_maximizing: bool) -> float | None:
        """A leaf's score (for Max, whoever is to move); None at a position with children."""
        return self.scores.get(state)

    def validate(self, state: object) -> str:
        """One of the tree's positions."""
        if not isinstance(state, str) or (state not in self.children and state not in self.scores):
            names = ", ".join(list(self.children)[:5])
            wrong = f"{shown(state)} is not a position of this tree"
            raise ValueError(f"{wrong}: its positions are named like {names}")
        return state

    def describe_move(self, state: str, new_state: str) -> str:
        """The move's short name: the position it leads to in lower case ("b1"); "a1", "a2", ...
        from the root of a tree given as nested lists, as in the textbook."""
        state, new_state = self.checked_move(state, new_state)
        if self.textbook_names and state == self.root:
            return f"a{self.children[state].index(new_state) + 1}"
        return new_state.lower()

    def __eq__(self, other: object) -> bool:
        """Two trees are equal when their moves, leaf scores and score ranges are."""
        if not isinstance(other, ExplicitTree):
            return NotImplemented
        return (self.children, self.scores, self.score_range) == (
            other.children,
            other.scores,
            other.score_range,
        )

    def __hash__(self) -> int:
        """Equal trees hash alike: by the root and the leaf scores."""
        return hash((self.root, frozenset(self.scores.items())))

    def __repr__(self) -> str:
        try:
            return f"ExplicitTree({self.given!r})"
        except RecursionError:  # nested lists too deep for Python's repr
            return f"ExplicitTree(<a tree of {len(self.children) + len(self.scores):,} positions>)"


def tree_from_lists(tree: Sequence) -> tuple[dict[str, list[str]], dict[str, float]]:
    """The children and leaf scores of a tree written as nested lists, with the textbook's names."""
    children: dict[str, list[str]] = {}
    scores: dict[str, float] = {}
    if not tree:
        raise ValueError("the tree must have at least one move: the root is an empty list")
    if len(tree) > len(ascii_uppercase) - 1:
        raise ValueError(
            f"the root may have at most {len(ascii_uppercase) - 1} children (B to Z), not "
            f"{len(tree)}"
        )
    stack = [("A", tree)]
    while stack:
        name, subtree = stack.pop()
        if len(children) + len(scores) >= MAX_POSITIONS:
            raise ValueError(
                f"the tree has more than {MAX_POSITIONS:,} positions: write a game's rules instead"
            )
        if isinstance(subtree, (list, tuple)):
            if not subtree:
                raise ValueError(
                    f"position {name} is an empty list: give it a score or at least one child"
                )
            children[name] = [child_name(name, index) for index in range(len(subtree))]
            stack.extend(zip(children[name], subtree, strict=True))
        else:
            scores[name] = checked_leaf_score(subtree, name)
    return children, scores


def child_name(parent: str, index: int) -> str:
    """The name of the child number `index` (from 0): "B", "C", ... below "A", else "B1", "B1.2",
    ..."""
    if parent == "A":
        return ascii_uppercase[index + 1]
    separator = "." if parent[-1].isdigit() else ""
    return f"{parent}{separator}{index + 1}"


def tree_from_dict(tree: Mapping) -> tuple[dict[str, list[str]], dict[str, float]]:
    """The children and leaf scores of a tree given as {position: [children] or score}."""
    if not tree:
        raise ValueError("the tree must have at least one position: the dict is empty")
    if len(tree) > MAX_POSITIONS:
        raise ValueError(
            f"the tree has {len(tree):,} positions: at most {MAX_POSITIONS:,} are allowed"
        )
    children: dict[str, list[str]] = {}
    scores: dict[str, float] = {}
    for name, entry in tree.items():
        if not isinstance(name, str) or not name:
            wanted = "named by a non-empty string"
            raise ValueError(f"every position must be {wanted}, not {shown(name)}")
        if isinstance(entry, (list, tuple)):
            children[name] = checked_children(name, entry, tree)
        else:
            scores[name] = checked_leaf_score(entry, name)
    return children, scores


def checked_children(name: str, entry: Sequence, tree: Mapping) -> list[str]:
    """The children of position `name`, each one a position of `tree`, none repeated."""
    if not entry:
        advice = "give it a score or at least one child"
        raise ValueError(f"position {shown(name)} has an empty list of children: {advice}")
    for child in entry:
        if not isinstance(child, str) or child not in tree:
            wrong = f"position {shown(name)} has a child {shown(child)}"
            raise ValueError(f"{wrong} that is not a position of the tree")
    if len(set(entry)) != len(entry):
        raise ValueError(f"position {shown(name)} lists a child twice: {shown(list(entry))}")
    return list(entry)


def checked_leaf_score(score: object, name: str) -> float:
    """A leaf's score if it is a finite real number, else a ValueError naming the leaf."""
    if not is_finite(score):
        raise ValueError(f"the score of leaf {name} must be a finite number, not {shown(score)}")
    return score


def find_root(children: dict[str, list[str]], scores: dict[str, float]) -> str:
    """The one position that is nobody's child, or a ValueError when there is none or several."""
    has_parent = {child for kids in children.values() for child in kids}
    roots = [name for name in [*children, *scores] if name not in has_parent]
    if len(roots) != 1:
        found = (
            ", ".join(map(repr, roots))
            if roots
            else "none (every position is some position's child)"
        )
        raise ValueError(
            f"the tree must have exactly one root, a position that is nobody's child; found {found}"
        )
    if roots[0] in scores:
        raise ValueError(f"the root {shown(roots[0])} is a leaf: the tree needs at least one move")
    unreached = set(children) | set(scores)
    unreached -= reached_without_cycle(children, roots[0])
    if unreached:
        unreachable, root = shown(sorted(unreached)), roots[0]
        raise ValueError(f"positions {unreachable} cannot be reached from the root {shown(root)}")
    return roots[0]


def reached_without_cycle(children: dict[str, list[str]], root: str) -> set[str]:
    """Every position that play from `root` can reach, `root` included; a ValueError naming a
    position from which play can come back to it, if there is one."""
    on_path: set[str] = set()
    done: set[str] = set()
    stack: list[tuple[str, bool]] = [(root, False)]
    while stack:
        name, leaving = stack.pop()
        if leaving:
            on_path.discard(name)
            done.add(name)
            continue
        if name in done:
            continue
        on_path.add(name)
        stack.append((name, True))
        for child in children.get(name, ()):
            if child in on_path:
                circle = f"position {shown(child)} leads back to itself"
                raise ValueError(f"play can go round in a circle: {circle}")
            stack.append((child, False))
    return done


def checked_score_range(score_range: object, scores: dict[str, float]) -> tuple[float, float]:
    """The given range if it holds every leaf, or (lowest leaf, highest leaf) when none is given."""
    lowest, highest = min(scores.values()), max(scores.values())
    if score_range is None:
        return (lowest, highest) if lowest < highest else (lowest - 1, highest + 1)
    if (
        not isinstance(score_range, (tuple, list))
        or len(score_range) != 2
        or not all(map(is_finite, score_range))
    ):
        raise ValueError(
            "score_range must be a pair of finite numbers (lowest, highest), not "
            f"{shown(score_range)}"
        )
    low, high = score_range
    if not low <= lowest <= highest <= high or low >= high:
        raise ValueError(
            f"score_range {shown(tuple(score_range))} must be increasing and hold every leaf "
            f"score, from {lowest} to {highest}"
        )
    return (low, high)


def textbook_tree() -> ExplicitTree:
    """The classic two-ply figure (a move of Max, then one of Min): Max at A, Min at B, C, D; A's
    score is 3.

    Alpha-beta visits all of B (3, 12, 8: B is worth 3, so alpha = 3), then C's first leaf (2):
    C is worth at most 2 < 3, so its other two leaves are cut off. D's leaves are all visited.
    Its scores lie between 0 and 20, as in notebook 05 (so C's 2 is a bound, not the lowest score).
    """
    return ExplicitTree(
        [[3, 12, 8], [2, 4, 6], [14, 5, 2]], score_range=(0, 20), name="the textbook tree"
    )


def deep_cutoff_tree() -> ExplicitTree:
    """A four-ply tree where a cut-off comes from an alpha set three levels further up.

    B is worth 5, so alpha = 5 at the root A. Under C (Min), C1 (Max) enters C1.1 (Min) with
    alpha = 5 handed down from A, though neither C nor C1 has found anything yet. C1.1's first
    leaf is 3, so C1.1 is worth at most 3 <= 5, and its second leaf is cut off: a deep cut-off,
    caused by a bound from A, three levels above C1.1 (A, C, C1, C1.1).
    """
    return ExplicitTree(
        [
            [[[5, 6], [7, 4]], [[5, 9], [8, 6]]],
            [[[3, 4], [6, 9]], [[2, 1], [7, 8]]],
        ],
        name="the deep cut-off tree",
    )
