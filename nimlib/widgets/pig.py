"""play_pig(): Pig against best play, with your chance of winning shown after every roll.

Press Roll to roll the die, Hold to bank your turn total. The computer plays best play, read off
the values that value iteration found (nimlib.book.value_iteration), and says each of its rolls.
After every roll the widget shows your chance of winning if both of you play best from there on,
and, when you hold too soon or roll once too often, how far that move took your chance down. The
dice are a seeded random generator, so that the same clicks give the same game. Shown without a
kernel, the widget is a still picture of its words. The frame of the game (who moves first, New
game, late clicks, the words) is match.py's Match: the second click of a double click on Roll,
made before the first roll's face could be seen, is not played, as a click before the computer's
answer is not.
"""

from __future__ import annotations

import functools
from random import Random

import ipywidgets as widgets

from nimlib.engine.pig import solve_pig
from nimlib.games.pig import Pig
from nimlib.games.printer import shown
from nimlib.games.values import truth_value, whole_number
from nimlib.widgets.match import FIRST, Match
from nimlib.widgets.saved import Setting, buttons_html

LARGEST_GOAL = 40  # value iteration for a larger goal takes longer than a learner should wait
NEWS_LINES = 6  # the last rolls and holds the words keep
ROLL_OR_HOLD = {"roll": True, "hold": False}  # your move, by the button's word


class PigMatch(Match):
    """A game of Pig to `goal` against best play: Roll and Hold, then the news and your chance.

    A state is kept as the two players' points, the turn total and whose turn it is; a game's dice
    come from `seed` and how many games were started before it.
    """

    unseen_click = "Your last click came before the last roll was on screen, so it was not played."

    def __init__(self, goal: int = 20, seed: int = 0, you_start: object = True) -> None:
        """A match of Pig to `goal`, its dice rolled from `seed`."""
        game = Pig(whole_number(goal, "goal", smallest=1, largest=LARGEST_GOAL))
        self.values, _ = solve_pig(game)
        self.seed = whole_number(seed, "seed", largest=None)
        self.games = 0
        self.roll_button = widgets.Button(description="Roll", icon="cube")
        self.hold_button = widgets.Button(description="Hold", icon="hand-paper-o")
        self.roll_button.on_click(functools.partial(self.click, True))
        self.hold_button.on_click(functools.partial(self.click, False))
        buttons = [self.roll_button, self.hold_button]
        super().__init__(game, you_start, [widgets.HBox(buttons)], buttons)
        self.add_class("nim-pig")

    def start(self) -> tuple[int, int, int]:
        """Scores 0 and 0, new dice, and the first turn to whoever moves first."""
        self.rng = Random(self.seed + self.games)
        self.games += 1
        self.points, self.turn, self.winner = {"you": 0, "computer": 0}, 0, None
        self.yours, self.moved = self.you_first, False
        return self.seen_by("you")

    def start_words(self) -> str:
        """The news of a new game: its goal and who moves first."""
        return f"New game to {self.game.goal}: {FIRST[self.you_first]} first."

    @property
    def is_your_turn(self) -> bool:
        """Whether you are to roll or hold."""
        return self.yours

    @property
    def is_over(self) -> bool:
        """Whether somebody has reached the goal."""
        return self.winner is not None

    @property
    def is_under_way(self) -> bool:
        """Whether you have rolled or held in a game not over yet."""
        return self.moved and not self.is_over

    def outcome(self) -> str:
        """Who won."""
        return "you won" if self.winner == "you" else "the computer won"

    def your_move(self, rolls: object) -> None:
        """Your roll (True) or hold (False): the computer's turn once yours ended. A hold with a
        turn total of 0 is refused, as in Pig's rules: a turn starts with a roll."""
        if isinstance(rolls, str):  # the buttons' words, as a learner may write them
            rolls = ROLL_OR_HOLD.get(rolls.strip().lower(), rolls)
        try:
            rolls = truth_value(rolls, "your move")
        except ValueError:
            raise ValueError(
                f"your move must be 'roll' or 'hold' (True or False), not {shown(rolls)}"
            ) from None
        if not rolls and self.turn == 0:  # said under the news, not kept in it
            raise ValueError("nothing to hold yet: a turn starts with a roll.")
        self.moved = True
        chances = self.game.roll_and_hold(self.values, self.seen_by("you"))
        cost = move_cost(rolls, *chances) if self.turn else None  # at 0, rolling is all
        if rolls:
            face = self.roll("you")
            said = f"You rolled {rolled(face, self.turn)}."
            self.yours = face != 1 and self.winner is None
        else:
            said = f"You held: {self.hold('you')} banked."
            self.yours = False
        # the cost with the move it judges, before the computer's turn, and gone with it
        self.say(f"{said} {cost}" if cost else said)

    def computer_moves(self) -> None:
        """The computer's turn, by best play, until it holds, rolls a 1 or wins, said in one line
        (so that the news keeps your last move in view, however long its turn)."""
        faces = [self.roll("computer")]  # a turn starts with a roll
        while (
            faces[-1] != 1
            and self.winner is None
            and self.game.rolls(self.values, self.seen_by("computer"))
        ):
            faces.append(self.roll("computer"))
        if faces[-1] == 1 or self.winner is not None:
            earlier = "".join(f"{face}, " for face in faces[:-1]) + ("then " if faces[1:] else "")
            self.say(f"The computer rolled {earlier}{rolled(faces[-1], self.turn)}.")
        else:
            rolls = ", ".join(map(str, faces))
            self.say(f"The computer rolled {rolls}, then held: {self.hold('computer')} banked.")
        self.yours = True

    def roll(self, player: str) -> int:
        """Roll the die for `player`: the face. A 1 loses the turn total; reaching the goal wins."""
        face = self.rng.randint(1, 6)
        self.turn, won = self.game.after_a_roll(self.points[player], self.turn, face)
        if won:
            self.points[player] += self.turn
            self.winner = player
        return face

    def hold(self, player: str) -> int:
        """Bank the turn total for `player`, which ends the turn: the points banked."""
        banked, self.turn = self.turn, 0
        self.points[player] += banked
        return banked

    def say(self, line: str) -> None:
        """Add `line` to the news, which keeps its last NEWS_LINES lines."""
        self.news = [*self.news, line][-NEWS_LINES:]

    def seen_by(self, player: str) -> tuple[int, int, int]:
        """The state as `player` ("you" or "computer") sees it: their points, the other's, the turn
        total."""
        other = "computer" if player == "you" else "you"
        return (self.points[player], self.points[other], self.turn)

    def status(self) -> list[str]:
        """The points, then who won, or your turn total, your chance and best play's choice."""
        points = f"You {self.points['you']}, the computer {self.points['computer']}."
        if self.is_over or not self.is_your_turn:
            return [points, *super().status()]
        best = "roll" if self.game.rolls(self.values, self.seen_by("you")) else "hold"
        chance = self.game.win_chance(self.values, self.seen_by("you"))
        return [
            f"{points} Your turn total: {self.turn}.",
            f"Your chance of winning with best play from here: {chance:.1%}.",
            f"Best play would {best} now.",
        ]

    def show_board(self) -> None:
        """Nothing to draw: the points are in the words."""

    def settings(self) -> list[Setting]:
        """The goal, the seed of the dice and who moved first, for the still picture."""
        return [("goal", str(self.game.goal)), ("seed", str(self.seed)), *super().settings()]

    def board_picture(self) -> str:
        """The Roll and Hold buttons, drawn."""
        return buttons_html(["Roll", "Hold"])

    def picture_text(self) -> str:
        """Nothing beyond the words."""
        return ""

    def __repr__(self) -> str:
        return f"A game of Pig to {self.game.goal} against best play"


def rolled(face: int, turn: int) -> str:
    """What a roll of `face` did, the turn total now `turn`."""
    return "a 1: the turn total is lost" if face == 1 else f"a {face}: turn total {turn}"


def move_cost(rolls: bool, roll: float, hold: float) -> str | None:
    """What rolling (if `rolls`) or holding cost, given your chances of winning `roll` and `hold`
    if you roll or hold; None if it is best play's move, or as good to the tenth of a percent
    shown."""
    chosen, best = (roll, hold) if rolls else (hold, roll)
    if round(best, 3) <= round(chosen, 3):  # best play's move, or as good to the tenth shown
        return None
    move, other = ("roll", "held") if rolls else ("hold", "rolled")
    return (
        f"Best play would have {other}: your {move} took your chance of winning from {best:.1%} "
        f"to {chosen:.1%}" + (", on average over the die." if rolls else ".")
    )


def play_pig(goal: int = 20, *, seed: int = 0, you_start: bool = True) -> PigMatch:
    """Play Pig to `goal` (at most 40) against best play, your chance shown after each roll."""
    return PigMatch(goal, seed, you_start)
