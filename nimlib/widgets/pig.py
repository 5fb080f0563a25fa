"""play_pig(): Pig against best play, with your chance of winning shown after every roll.

Press Roll to roll the die, Hold to bank your turn total. The computer plays best play, read off
the values that value iteration found (nimlib.book.value_iteration), and says each of its rolls.
After every roll the widget shows your chance of winning if both of you play best from there on:
watch it fall when you hold too soon, or roll once too often. The dice are a seeded random
generator, so that the same clicks give the same game. Shown without a kernel, the widget is a
still picture of its words.
"""

from __future__ import annotations

import html
from random import Random

import ipywidgets as widgets

from nimlib.book.value_iteration import solve_by_value_iteration
from nimlib.games.pig import Pig
from nimlib.games.values import whole_number
from nimlib.widgets.controls import html_lines, message, reporting_errors

LARGEST_GOAL = 40  # value iteration for a larger goal takes longer than a learner should wait


class PigMatch(widgets.VBox):
    """A game of Pig to `goal` against best play: Roll, Hold and New game, then the news."""

    def __init__(self, goal: int = 20, seed: int = 0, you_start: bool = True) -> None:
        self.game = Pig(whole_number(goal, "goal", smallest=1, largest=LARGEST_GOAL))
        self.values, _ = solve_by_value_iteration(self.game)
        self.seed, self.you_start = whole_number(seed, "seed", largest=None), bool(you_start)
        self.roll_button = widgets.Button(description="Roll", icon="cube")
        self.hold_button = widgets.Button(description="Hold", icon="hand-paper-o")
        self.new_game_button = widgets.Button(description="New game", icon="refresh")
        self.words = widgets.HTML()
        self.roll_button.on_click(lambda button: self.act(True))
        self.hold_button.on_click(lambda button: self.act(False))
        self.new_game_button.on_click(lambda button: self.new_game())
        buttons = [self.roll_button, self.hold_button, self.new_game_button]
        super().__init__([widgets.HBox(buttons), self.words])
        self.add_class("nim-pig")
        self.games = 0
        self.new_game()

    @reporting_errors
    def new_game(self) -> None:
        """Scores 0 and 0; the computer plays first every other game (and in the first if asked)."""
        self.rng = Random(self.seed + self.games)
        self.scores, self.turn, self.winner = {"you": 0, "computer": 0}, 0, None
        computer_first = (self.games % 2 == 0) != self.you_start
        self.games += 1
        first = "the computer" if computer_first else "you"
        self.news = [f"New game to {self.game.goal}: {first} first."]
        if computer_first:
            self.computer_plays()
        self.show()

    @reporting_errors
    def act(self, rolls: bool) -> None:
        """Your roll (True) or hold (False), then the computer's turn if yours ended."""
        if self.winner is not None:
            raise ValueError("the game is over: press New game to play again")
        ended = self.roll("you") if rolls else self.hold("you")
        if ended and self.winner is None:
            self.computer_plays()
        self.show()

    def roll(self, player: str) -> bool:
        """Roll for `player`: whether the turn ended (a 1, or a win)."""
        face = self.rng.randint(1, 6)
        self.turn = 0 if face == 1 else self.turn + face
        mover = "You" if player == "you" else "The computer"
        if face == 1:
            self.news.append(f"{mover} rolled a 1: the turn total is lost.")
            return True
        self.news.append(f"{mover} rolled a {face}: turn total {self.turn}.")
        if self.scores[player] + self.turn >= self.game.goal:
            self.scores[player] += self.turn
            self.winner = player
            return True
        return False

    def hold(self, player: str) -> bool:
        """Bank the turn total for `player`; the turn ends."""
        self.scores[player] += self.turn
        holder = "You hold" if player == "you" else "The computer holds"
        self.news.append(f"{holder}: {self.turn} banked.")
        self.turn = 0
        return True

    def computer_plays(self) -> None:
        """The computer's turn, by best play, until it holds, rolls a 1 or wins."""
        while True:
            state = (self.scores["computer"], self.scores["you"], self.turn)
            rolls = self.game.rolls(self.values, state)
            ended = self.roll("computer") if rolls else self.hold("computer")
            if ended:
                return

    def your_chance(self) -> float:
        """Your chance of winning from here, both playing best (you are to move)."""
        if self.winner is not None:
            return 1.0 if self.winner == "you" else 0.0
        return self.game.win_chance(self.values, self.state())

    def status(self) -> list[str]:
        """The scores, the turn total and your chance, or who won."""
        scores = f"You {self.scores['you']}, the computer {self.scores['computer']}."
        if self.winner is not None:
            return [scores, "You won!" if self.winner == "you" else "The computer won. Try again!"]
        best = "roll" if self.game.rolls(self.values, self.state()) else "hold"
        return [
            f"{scores} Your turn total: {self.turn}.",
            f"Your chance of winning with best play from here: {self.your_chance():.1%}.",
            f"Best play would {best} now.",
        ]

    def state(self) -> tuple[int, int, int]:
        """The state from your side: your score, the computer's, your turn total."""
        return (self.scores["you"], self.scores["computer"], self.turn)

    def show(self) -> None:
        """The last news and the status."""
        self.words.value = html_lines([*self.news[-6:], *self.status()])

    def show_error(self, error: Exception) -> None:
        """An error as a line under the news, never a traceback."""
        self.words.value = html_lines([*self.news[-6:], message(error), *self.status()])

    @property
    def text(self) -> str:
        """The news and the status as plain text."""
        return "\n".join([*self.news[-6:], *self.status()])

    def _repr_mimebundle_(self, **kwargs: object) -> dict:
        """The live widget, and a still picture of its words for a notebook without a kernel."""
        bundle = super()._repr_mimebundle_(**kwargs) or {}
        still = "<div><b>[Roll] [Hold] [New game]</b></div>" + self.words.value
        return {**bundle, "text/html": still, "text/plain": html.unescape(self.text)}

    def __repr__(self) -> str:
        return f"A game of Pig to {self.game.goal} against best play"


def play_pig(goal: int = 20, *, seed: int = 0, you_start: bool = True) -> PigMatch:
    """Play Pig to `goal` (at most 40) against best play, your chance shown after each roll."""
    return PigMatch(goal, seed, you_start)
