"""explore_mcts(): a slider of playouts; MCTS's tree grows, its move shown beside the exact best.

The slider sets how many playouts Monte Carlo tree search makes from the position (a seeded
random generator, so that a setting always gives the same tree). The widget redraws the top of
the tree (visits and rewards on the nodes, the move MCTS plays in green), and says the move MCTS
plays (how many playouts went through it) next to the exact best moves, which nimlib's exact
search finds, chosen as best_move chooses: of the best score, the quickest win or the longest
defence. It says whether MCTS got it right, or played a slower win (far from the end of a large
game, where the exact search would take long, it says so instead); then how many nodes the tree
has and how many are drawn. While a search of 1,000 playouts or more runs, its words say
"Searching" above the old tree. The words keep the room of their longest so far, so that their
changing length does not move the tree up and down while the slider moves. A tree too wide to read
on the page (a game of many moves) scrolls sideways at a readable size, as explore()'s does. Shown
without a kernel, the widget is a still picture of its words and its tree.
"""

from __future__ import annotations

from itertools import zip_longest
from math import inf

import ipywidgets as widgets

from nimlib.book.limits import SearchBudgetExceeded, listed_moves
from nimlib.book.mcts import MCTSNode, mcts_tree, most_visited
from nimlib.book.stats import SearchStats
from nimlib.drawing.draw import Drawing, draw_mcts_tree
from nimlib.drawing.nodes import score_text
from nimlib.games.base import Game, State
from nimlib.games.printer import plural, shown
from nimlib.games.tictactoe import TicTacToe
from nimlib.games.values import (
    checked_choice,
    checked_game,
    checked_start,
    dead_end,
    game_over,
    is_chance_node,
    middle_of_range,
    whole_number,
)
from nimlib.quickest import quickest_moves
from nimlib.solving import solve
from nimlib.widgets.controls import (
    SelectionSlider,
    ShownInView,
    View,
    reporting_errors,
)
from nimlib.widgets.saved import Setting

PLAYOUT_CHOICES = (10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000)
# a node is drawn when a twentieth of the playouts went through it, as in notebook 13's trees
# (5 visits of 100, 50 of 1,000)
DRAWN_SHARE = 20
CALLS_PER_PLAYOUT = 100  # its steps down the tree and random moves: 43 at most in Connect Four
TREE_CAPTION = "MCTS's tree"  # over a drawing that scrolls sideways
LONG_PLAYOUTS = (
    f"The random playouts from this position are too long to search quickly (more than "
    f"{CALLS_PER_PLAYOUT} moves each): choose a smaller position (or, in a game of your own, "
    "check that its play ends)."
)
EXACT_CALLS = 100_000  # the exact search beside MCTS: a second or two at most
LISTED_MOVES = 7  # the exact best moves named, at most: every column of Connect Four
SAID_FROM = 1_000  # playouts that take a tenth of a second or more: "Searching..." meanwhile


def exact_judgement(game: Game, state: State) -> tuple[dict[State, float], list[State]] | None:
    """Each move's exact score for the player to move, Max (by nimlib's exact search, Min to
    move after it: the score for Max, in a game scored for Max whoever moves too), and the best
    moves by best_move's rule, all within EXACT_CALLS; None if they need more (a position far from
    the end of a large game, where MCTS is shown unjudged)."""
    # calls, not seconds: a busy machine judges the same positions as any other, only later
    stats = SearchStats(max_calls=EXACT_CALLS, max_seconds=None, track_states=False)
    try:
        with stats.searching(state, game=game):
            scores = {
                new: solve(game, new, False, method="deepening", stats=stats)
                for new in game.possible_new_states(state)
            }
            return scores, best_moves(game, scores, stats)
    except SearchBudgetExceeded:
        return None


def best_moves(game: Game, scores: dict[State, float], stats: SearchStats) -> list[State]:
    """The moves of the best of `scores` that best_move chooses among: the quickest win or the
    longest defence (nimlib.quickest's quickest_moves, which breaks best_move's ties too)."""
    best = max(scores.values())
    tied = [new for new, score in scores.items() if score == best]
    return quickest_moves(game, tied, True, stats, inf, {})


class MCTSExplorer(ShownInView, widgets.VBox):
    """A slider of playouts above MCTS's words and its tree, shown in one View."""

    def __init__(self, game: Game, state: State, playouts: int, seed: int) -> None:
        """The explorer of MCTS from `state`, `playouts` playouts drawn by `seed`."""
        checked_choice(playouts, PLAYOUT_CHOICES, "playouts")  # -5 and 0 as 7: not offered
        playouts = whole_number(playouts, "playouts", largest=None)  # 100.0 is not a choice
        self.game, self.state, _ = checked_start(game, state)
        if game.evaluate(self.state, True) is not None:
            raise game_over(self.game, self.state)
        self.seed = whole_number(seed, "seed", largest=None)
        moves = listed_moves(game, self.state, SearchStats(track_states=False).check_budget)
        for new_state in moves:  # taken under a budget: a game's moves may never end
            if is_chance_node(game, new_state):  # else the exact search beside it fails on the dice
                raise dead_end(game, new_state)
        self.exact = exact_judgement(game, self.state)
        self.slider = SelectionSlider(
            options=[(f"{choice:,}", choice) for choice in PLAYOUT_CHOICES],  # 5,000 as the words
            value=playouts,
            description="playouts",
            continuous_update=False,
        )
        self.view = View("nim-mcts-view")
        self.room: list[str] = []  # the longest of each line of the words shown so far
        super().__init__([self.slider, self.view])
        self.add_class("nim-mcts")
        self.slider.observe(self.redraw, names="value")
        self.redraw()

    def lines(self, root: MCTSNode, drawing: Drawing) -> list[str]:
        """MCTS's move and the playouts through it, the exact best moves and whether MCTS got it
        right (where the exact search finished), and what the `drawing` of its tree holds."""
        chosen = most_visited(root)
        return [
            f"MCTS plays {self.game.describe_move(self.state, chosen.state)}: "
            f"{chosen.visits:,} of the {root.visits:,} playouts went through this move, "
            f"{most_or_tied(root, chosen)}.",
            self.judged(chosen.state),
            f"{drawing.summary}.",
        ]

    def judged(self, chosen: State) -> str:
        """The exact best moves and whether MCTS's move to `chosen` is one, in a sentence."""
        if self.exact is None:
            return (
                f"Exact best: not known, the exact search needs more than {EXACT_CALLS:,} calls "
                "from this position; MCTS's move is not judged."
            )
        scores, _ = self.exact
        chosen_text = score_text(scores[chosen], middle_of_range(self.game, otherwise=0))
        return f"{self.exact_best()}; MCTS's move scores {chosen_text}: {self.verdict(chosen)}."

    def exact_best(self) -> str:
        """The exact best moves by best_move's rule and their score, and the rule where it left
        out moves of that score."""
        scores, best_states = self.exact
        best = scores[best_states[0]]
        middle = middle_of_range(self.game, otherwise=0)
        best_text = score_text(best, middle)
        named = [self.game.describe_move(self.state, new) for new in best_states[:LISTED_MOVES]]
        left = len(best_states) - len(named)  # of a game with many moves as good: not a screenful
        moves = ", ".join(named) + (f" and {plural(left, 'other move')}" if left else "")
        tied = sum(score == best for score in scores.values())
        rule = "quickest win" if best > middle else "longest defence"
        among = f"; the {rule} among the {tied} moves that score {best_text}"
        return (
            f"Exact best: {moves} (score {best_text} for the player to move"
            f"{among if tied > len(best_states) else ''})"
        )

    def verdict(self, chosen: State) -> str:
        """Whether MCTS's move to `chosen` is one of the exact best moves: right; or of their
        score, but a slower win or a shorter defence; or wrong."""
        scores, best_states = self.exact
        if chosen in best_states:
            return "right"
        if scores[chosen] < scores[best_states[0]]:
            return "wrong"
        if scores[chosen] > middle_of_range(self.game, otherwise=0):
            return "it wins too, but not the quickest"
        return "it loses too, but not by the longest defence"

    @reporting_errors
    def redraw(self, *change: object) -> None:
        """Search with the slider's playouts and show the words and the tree; while a long
        search runs after the slider moved, "Searching: 5,000 playouts..." above the old tree."""
        playouts = self.slider.value
        if change and playouts >= SAID_FROM:  # the slider moved: the old tree stays meanwhile
            self.view.searching(f"Searching: {playouts:,} playouts...", reserve=self.room)
        # no clock, so that a busy machine draws the same tree as any other, only later; calls
        # bounded by the playouts, so that a game whose playouts are long is refused at once
        unclocked = SearchStats(
            max_calls=playouts * CALLS_PER_PLAYOUT, max_seconds=None, track_states=False
        )
        try:
            root = mcts_tree(self.game, self.state, playouts, seed=self.seed, stats=unclocked)
        except SearchBudgetExceeded:  # a playout too long, or one that never ends
            raise ValueError(LONG_PLAYOUTS) from None
        drawing = draw_mcts_tree(
            self.game, root, depth=2, min_visits=max(1, playouts // DRAWN_SHARE)
        )
        # the words say what the tree holds, at every slider setting: a tree that scrolls sideways
        # is captioned just by its name
        lines = self.lines(root, drawing)
        # room for the longest of each line so far, so that the tree does not move as the words
        # change length (a move's name, "tied", "right" or "wrong" wrapped onto two lines or one)
        self.room = [max(pair, key=len) for pair in zip_longest(lines, self.room, fillvalue="")]
        self.view.show(lines, drawing.html(caption=TREE_CAPTION), reserve=self.room)

    def settings(self) -> list[Setting]:
        """The slider's playouts, for the still picture."""
        return [("playouts", self.slider.label)]

    def __repr__(self) -> str:
        return f"MCTS on {self.game.name} from {shown(self.state)}"


def most_or_tied(root: MCTSNode, chosen: MCTSNode) -> str:
    """How the playouts through `chosen` compare with the other moves': the most, or tied for the
    most (MCTS then plays the move of the tie that it tried first)."""
    others = sum(child.visits == chosen.visits for child in root.children) - 1
    if others == 0:
        return "the most of any move"
    return (
        f"tied for the most with {plural(others, 'other move')} (MCTS plays the one it tried first)"
    )


def explore_mcts(
    game: Game | None = None, state: State | None = None, *, playouts: int = 100, seed: int = 0
) -> MCTSExplorer:
    """A slider of playouts; the MCTS tree redrawn, and MCTS's move beside the exact best. With
    no game, tic-tac-toe from "O...X..X." (notebook 13's board); a game given starts from `state`,
    else from its ``start()`` if it has one (Connect Four's empty board)."""
    if game is None:
        return MCTSExplorer(TicTacToe(), "O...X..X." if state is None else state, playouts, seed)
    game = checked_game(game)
    if state is None and not callable(getattr(game, "start", None)):
        raise ValueError(
            f"explore_mcts needs the state to start {game.name} from: explore_mcts(game, state)"
        )
    return MCTSExplorer(game, game.start() if state is None else state, playouts, seed)
