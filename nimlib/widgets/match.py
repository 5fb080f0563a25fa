"""A game against the computer: the one base of play() (Nim), play_grid(), play_connect_four() and
play_pig().

A match is the states played so far and a few lines of news under the board. You choose who moves
first and can start a new game at any time; the computer answers each of your moves. Choosing who
moves first (or, in play(), another position) while you are in the middle of a game does not throw
it away: the news says that the choice holds from the next game, which New game starts. While the
computer thinks, your move is on the board with "Thinking..." under it and the board's buttons are
off; a click the kernel receives while it thinks, or within LATE_CLICK seconds after its answer was
shown, was made before you could see that answer, and is not played (so is a click right after Pig's
dice answered your roll): the words under the board say so. No click ever shows a traceback: a bad
move is a message under the board, and so is a computer that cannot move (a bot that fails, a search
its budget stopped), after which the board's buttons stay off until New game, as they do once the
game is over (the grid's squares, drawn faded when off, stay on). Shown without a kernel, a match is
a still picture of its board and its words (saved.py).

What differs from game to game is left to the widget of each game: the board it draws
(``show_board``, and ``board_picture`` for the still picture), how a click becomes a move
(``move_at``, by default the game's own ``play``) and how the computer chooses (``computer_moves``,
by default theory's ``computer_move``).
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from time import monotonic
from typing import Any

import ipywidgets as widgets

from nimlib.games.base import Game, State, has_dice
from nimlib.games.printer import shown
from nimlib.games.values import checked_game, truth_value
from nimlib.theory import computer_move
from nimlib.widgets.controls import html_lines, message, options_row, reporting_errors, toggles
from nimlib.widgets.positions import own_game_seen
from nimlib.widgets.saved import SavedAsPicture, Setting

# Seconds: a click that reaches the kernel this soon after the computer's answer was shown left the
# browser before that answer was on screen (the match handles clicks one after another, so clicks
# made while the computer thought wait until it has answered); nobody sees a new board and clicks
# on it this fast.
LATE_CLICK = 0.3
# what a change of settings says, its last words left out once the game is over
THIS_GAME_GOES_ON = " This game goes on."
GOES_ON = f"press New game to start it.{THIS_GAME_GOES_ON}"
FIRST = {True: "you", False: "the computer"}  # who moves first, by the toggle's value
# what the game says once Kernel → Interrupt stopped the computer's search: it has not moved
COMPUTER_STOPPED = "The computer's move was stopped by Kernel → Interrupt: press New game."


def one_at_a_time(handler: Callable[..., Any]) -> Callable[..., Any]:
    """`handler`, a method of a Match that a click or a change of settings calls, run while no
    other such method of the match runs: a kernel may handle widgets' messages on several threads
    (ipykernel's subshells, which JupyterLab 4.6 uses by default), and New game handled while the
    computer thought mixed its move into the new game."""

    @functools.wraps(handler)
    def alone(self: Match, *arguments: object) -> object:
        with self.handling:
            return handler(self, *arguments)

    return alone


class Match(SavedAsPicture, widgets.VBox):
    """A game against the computer: who moves first and New game (and a game's own buttons), then
    the board, then the words.

    The widget of each game gives this class its board's widgets and defines ``move_at(where)``,
    the state your move there makes, or a ValueError saying why there is none (unless the game's
    own ``play(state, where)`` says it; or ``your_move`` itself, if a click is not one move);
    ``computer_moves()``, which plays the computer's (unless theory's computer_move does, as in
    play() and play_grid()); ``show_board()``, which draws the board as it is; and
    ``board_picture()``, the board as HTML that shows without a kernel (unless the board is drawn
    in an HTML widget, `board`, as in play() and play_connect_four()). ``buttons`` are the board's
    buttons, off while the computer thinks and once the game is over (or as the game's ``is_on``
    says).
    """

    board: widgets.HTML  # the board as HTML, where a game's widget draws it so

    sides = {"X": "X", "O": "O"}  # how the news names each player's stones
    # said of a click made before the answer to the last one was on screen
    unseen_click = (
        "Your last click came before the board above was on screen, so it was not played."
    )

    def __init__(
        self,
        game: Game,
        you_start: object,
        board: list[widgets.Widget],
        buttons: list[widgets.Button],
        top: tuple[widgets.Widget, ...] = (),
    ) -> None:
        """A match of `game`, with the game's `board` and `buttons`, and the widgets `top` above."""
        if type(self) is Match:  # it lacks what each game's widget adds (see the docstring)
            raise TypeError(
                "Match is the base of the widgets that play: use play(), play_grid(), "
                "play_connect_four() or play_pig(), or a class of your own made from it"
            )
        self.game = game
        self.handling = threading.RLock()  # held by a handler of a click or a change
        self.first = toggles(FIRST, truth_value(you_start, "you_start"), "first move")
        self.first.style.description_width = "initial"
        self.new_game_button = widgets.Button(description="New game", icon="refresh")
        self.words = widgets.HTML()
        self.words.add_class("nim-words")
        self.lines: list[str] = []  # the words shown
        self.history: list[State] = []
        self.news: list[str] = []
        self.buttons = buttons
        self.thinking = False
        # the error that kept the computer from moving: the game waits for New game
        self.halted: Exception | None = None
        self.answered_at = -LATE_CLICK  # when the last answer to a move was shown (monotonic s)
        for control in (self.new_game_button, *top):
            control.layout.width = "auto"  # as wide as its words: one row beside the file browser
        super().__init__([options_row(self.first, self.new_game_button, *top), *board, self.words])
        self.you_first = self.first.value  # who moved first in the game on the board
        self.first.observe(self.settings_changed, names="value")
        self.new_game_button.on_click(self.new_game)
        self.new_game()

    @property
    def state(self) -> State:
        """The position now."""
        return self.history[-1]

    @property
    def your_mark(self) -> str:
        """X if you move first, else O."""
        return "X" if self.you_first else "O"

    @property
    def is_your_turn(self) -> bool:
        """Whether the move to make now is yours (moves alternate from the start)."""
        return (len(self.history) % 2 == 1) == self.you_first

    @property
    def is_over(self) -> bool:
        """Whether the game has ended: somebody has won, or nobody can move."""
        return self.game.evaluate(self.state, True) is not None

    @property
    def is_under_way(self) -> bool:
        """Whether you have made a move in a game not over yet (nor halted): not to be thrown
        away unasked."""
        started = len(self.history) > (1 if self.you_first else 2)
        return started and not (self.is_over or self.halted)

    @reporting_errors
    @one_at_a_time
    def settings_changed(self, *change: object) -> None:
        """A new game with the new settings (who moves first, and a game's own), or, with a game
        under way, how to start one."""
        if not self.is_under_way:
            self.new_game()
            return
        # under the last moves' news, in place of what an earlier change said
        news = [line for line in self.news if not line.endswith(GOES_ON)]
        self.news = [*news, f"{self.next_game()}: {GOES_ON}"]
        self.show()

    def next_game(self) -> str:
        """What the settings make of the next game: who moves first."""
        return f"The next game starts with {FIRST[self.first.value]}"

    @reporting_errors
    @one_at_a_time
    def new_game(self, *change: object) -> None:
        """The game's start; the computer moves at once if it begins."""
        self.you_first = self.first.value
        self.halted = None
        self.history = [self.start()]
        self.news = [self.start_words()]
        self.carry_on()

    def start(self) -> State:
        """Where a new game starts."""
        return self.game.start()

    def start_words(self) -> str:
        """The news of a new game."""
        return f"New game: you play {self.sides[self.your_mark]}."

    @one_at_a_time
    def click(self, where: object, button: widgets.Button) -> None:
        """A button's click: play where it stands, unless it was made before the computer's answer
        was on screen."""
        if not self.is_late(monotonic()):
            self.choose(where)
        else:
            self.click_not_played()

    def click_not_played(self) -> None:
        """Say that a click was not played, so that a click lost is not a mystery (once the game
        is over, its end says enough)."""
        if not (self.is_over or self.halted):
            self.show_words([*self.news, self.unseen_click, *self.status()])

    def is_late(self, now: float) -> bool:
        """Whether a click the kernel receives at `now` came while the computer thought or right
        after it answered: made before the answer was on screen, so not aimed at the board it would
        play on."""
        return self.thinking or now - self.answered_at < LATE_CLICK

    @reporting_errors
    def choose(self, where: object) -> None:
        """Play your move at `where` (a square, a column, a move: as the game's widget names it),
        then the computer's once your turn is over."""
        if self.is_over:
            raise ValueError(f"the game is over: {self.outcome()}. Press New game to play again.")
        if self.halted is not None:  # its error again, which says what to do
            raise self.halted
        self.your_move(where)
        self.carry_on()
        self.answered_at = monotonic()  # its answer, the computer's move or Pig's dice, is shown

    def carry_on(self) -> None:
        """The computer's move if it is its turn, else the board as it is."""
        if self.is_over or self.is_your_turn:
            self.show()
        else:
            self.computer_answers()

    def your_move(self, where: object) -> None:
        """Play your move at `where`, the news starting afresh with it."""
        new_state = self.move_at(where)
        self.fresh_news()
        self.play(new_state, "You")

    def fresh_news(self, *lines: str) -> None:
        """Start the news afresh with `lines`, keeping what a change of settings said of the next
        game: it holds until New game, and the pickers above show that game, not this one."""
        self.news = [*(line for line in self.news if line.endswith(GOES_ON)), *lines]

    def move_at(self, where: object) -> State:
        """The state your move at `where` makes, by the game's own play: your mark on a square of
        tic-tac-toe (from 0 in reading order), your stone dropped in a column of Connect Four (from
        1 at the left); else the game's ValueError saying why not."""
        return self.game.play(self.state, where)

    def computer_moves(self) -> None:
        """The computer's move, by default as in every game of play() and of the terminal
        (theory's computer_move): best_move, or the game's closed form if a search takes too long,
        which the news then says."""
        new_state, note = computer_move(self.game, self.state)
        if note:
            self.news.append(note)
        self.play(new_state, "The computer")

    def play(self, new_state: State, who: str) -> None:
        """Make the move to `new_state` for `who` ("You", "The computer") and say it in the news."""
        self.news.append(f"{who}: {self.move_words(self.state, new_state)}.")
        self.history.append(new_state)

    def move_words(self, state: State, new_state: State) -> str:
        """The move from `state` to `new_state` in the news (the game's own words)."""
        return self.game.describe_move(state, new_state)

    def computer_answers(self) -> None:
        """The computer's move, then the board as it is: while it thinks, the board so far with
        "Thinking..." under it and the buttons off, New game too, which could act only once the
        computer has moved (ipywidgets sends each change to the browser at once)."""
        self.thinking = True
        self.show()
        for button in (*self.buttons, self.new_game_button):
            button.disabled = True
        try:
            self.computer_moves()
        except Exception as error:
            self.halted = error  # it says so; the buttons stay off until New game
            raise
        except KeyboardInterrupt:
            if self.is_your_turn or self.is_over:  # it had moved: the game goes on
                return
            self.halted = RuntimeError(COMPUTER_STOPPED)  # a click now would move for it
            raise self.halted from None
        finally:
            self.thinking = False
            self.new_game_button.disabled = False
            self.show()
            self.answered_at = monotonic()

    def outcome(self) -> str:
        """How the game ended: "a draw", "you won" or "the computer won" (evaluate scores the end
        for the player to move there)."""
        score = self.game.evaluate(self.state, True)
        if score == 0:
            return "a draw"
        return "you won" if (score > 0) == self.is_your_turn else "the computer won"

    def status(self) -> list[str]:
        """Whose turn it is, or how the game ended (nothing once the computer could not move: its
        error says what to do)."""
        if self.halted:
            return []
        if not self.is_over:
            return [self.prompt() if self.is_your_turn else "Thinking..."]
        return [
            {
                "a draw": "A draw: nobody won. Press New game to play again.",
                "you won": "You won! Press New game to play again.",
            }.get(self.outcome(), "The computer won. Press New game to try again.")
        ]

    def prompt(self) -> str:
        """What to do on your turn."""
        return "Your turn."

    def show(self) -> None:
        """The board as it is now, the buttons of the moves on (off once the game is over), then
        the news and the status under it (so "Your turn." shows once the buttons are on)."""
        self.show_board()
        if not (self.thinking or self.halted):
            self.enable_buttons()
        news = self.news
        if self.is_over:  # a change of settings still tells of the next game, not this one's
            news = [line.removesuffix(THIS_GAME_GOES_ON) for line in news]
        self.show_words([*news, *self.status()])

    def enable_buttons(self) -> None:
        """Turn each of the board's buttons on or off, as `is_on` says."""
        for index, button in enumerate(self.buttons):
            button.disabled = not self.is_on(index)

    def is_on(self, index: int) -> bool:
        """Whether the board's button `index` (from 0) is on: each is while the game goes on, and
        off once it is over (a click there could only say so), unless a game's widget says
        otherwise."""
        return not self.is_over

    def show_error(self, error: Exception) -> None:
        """Show `error` under the news, with whose turn it is while the game goes on (once it is
        over, the message says so in place of the outcome's line: the words keep their height)."""
        goes_on = bool(self.history) and not self.is_over
        self.show_words([*self.news, message(error), *(self.status() if goes_on else [])])

    def show_words(self, lines: list[str]) -> None:
        """Show `lines` under the board."""
        self.lines = lines
        self.words.value = html_lines(lines)

    @property
    def text(self) -> str:
        """The words under the board, as plain text."""
        return "\n".join(self.lines)

    def settings(self) -> list[Setting]:
        """Who moved first, for the still picture (a game's widget adds its own settings)."""
        return [("first move", FIRST[self.you_first])]

    def board_picture(self) -> str:
        """The board as HTML that shows without a kernel: `board`'s, as the widget shows it."""
        return self.board.value

    def picture_html(self) -> str:
        """The board and the words, but for "Your turn", which would ask for a click on buttons
        that only a running cell shows (the still picture's note says to run the notebook)."""
        prompt = self.prompt() if self.is_your_turn and not self.is_over else None
        lines = [line for line in [*self.news, *self.status()] if line != prompt]
        return self.board_picture() + html_lines(lines)

    def picture_text(self) -> str:
        """The board as plain text, for the still picture's text form."""
        return self.game.picture(self.state)

    def __repr__(self) -> str:
        return f"A game of {self.game.name} against the computer"


def game_or_new(game: object, kind: type[Game]) -> Game:
    """`game` if it is a `kind`, a new `kind()` if it is None, else a TypeError (which tells a
    Game of another kind where it can be seen)."""
    if isinstance(game, Game) and not isinstance(game, kind):
        raise TypeError(
            f"game must be a {kind.__name__} such as {kind.__name__}(), not {shown(game)}. This "
            f"board plays only {kind.__name__}; play() plays the Nim variants, and for a game "
            f"{'with dice' if has_dice(game) else 'of your own'}, {own_game_seen(game)}"
        )
    return kind() if game is None else checked_game(game, kind)
