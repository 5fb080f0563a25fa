"""play(): play any Nim variant, or tic-tac-toe, against the computer, which answers with best_move.

Your moves are buttons under the words (what was played, whose turn it is), which stay right under
the counters however many moves there are; Hint says what best_move would play for you, Undo takes
back your last move and the computer's answer. The computer searches on a budget of calls, so it
always answers. The frame of the game (who moves first, New game, a change of settings during a
game, late clicks, the words) is match.py's Match.
"""

from __future__ import annotations

import functools

import ipywidgets as widgets

from nimlib import theory
from nimlib.games.base import State
from nimlib.games.printer import menu_name, shown
from nimlib.games.tictactoe import TicTacToe
from nimlib.widgets.controls import html_lines, reporting_errors
from nimlib.widgets.grid import GridMatch, play_grid
from nimlib.widgets.match import FIRST, Match, one_at_a_time
from nimlib.widgets.picker import PositionPicker
from nimlib.widgets.positions import (
    NIM_VARIANTS,
    Position,
    checked_variant,
    given_position,
    refuse_unused,
)
from nimlib.widgets.saved import Setting, buttons_html

# play()'s one game beyond Nim, on play_grid's board of buttons
TIC_TAC_TOE = menu_name(TicTacToe.name)
PLAY_COUNTERS = 10  # play()'s pile, unless told: the lecture's first game


class NimMatch(Match):
    """A game of a Nim variant against the computer: your moves as buttons, its answers by
    best_move, hints and undo."""

    position: Position  # where the game on the board started (the pickers may show the next one)

    def __init__(self, position: Position, you_start: object) -> None:
        """A match from `position`, the picker offering the Nim variants."""
        self.picker = PositionPicker(position, NIM_VARIANTS, hidden_counters=PLAY_COUNTERS)
        self.undo_button = widgets.Button(description="Undo", icon="undo")
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o")
        self.board = widgets.HTML()
        self.board.add_class("nim-board")
        self.move_buttons: dict[State, widgets.Button] = {}  # by the state each move leads to
        self.moves = widgets.Box(layout=widgets.Layout(flex_flow="row wrap"))
        top = (self.undo_button, self.hint_button)
        super().__init__(position.game, you_start, [self.board], [], top)
        # the words right under the counters, the moves below them: with many piles, what the
        # computer did stays in view above a long list of moves
        self.children = (self.picker, *self.children, self.moves)
        self.add_class("nim-play")
        self.picker.on_change(self.settings_changed)
        self.undo_button.on_click(self.undo)
        self.hint_button.on_click(self.hint)

    def start(self) -> State:
        """The position the pickers show, in the game they show."""
        self.position = self.picker.position
        self.game = self.position.game
        return self.position.state

    def start_words(self) -> str:
        """The news of a new game: the game and where it starts."""
        return f"New game: {self.position}."

    def next_game(self) -> str:
        """What the pickers make of the next game: where it starts, and who moves first."""
        return f"The next game is {self.picker.position}, starting with {FIRST[self.first.value]}"

    def move_at(self, new_state: object) -> State:
        """`new_state` as the game writes it, if one move reaches it from the position now; else a
        ValueError (an illegal move is refused and changes nothing)."""
        moves = list(self.game.possible_new_states(self.state))
        try:
            written = self.game.validate(new_state)
        except (ValueError, TypeError):
            written = None
        if written is None or not any(written == move for move in moves):
            wrong = f"{shown(new_state)} is not one move away from {shown(self.state)}"
            raise ValueError(f"{wrong}: choose one of the moves below")
        return written

    @reporting_errors
    @one_at_a_time
    def undo(self, *button: object) -> None:
        """Take back your last move, and the computer's answer to it."""
        yours = [
            index for index in range(len(self.history) - 1) if (index % 2 == 0) == self.you_first
        ]
        if not yours:
            self.fresh_news("There is no move of yours to take back.")
        else:
            del self.history[yours[-1] + 1 :]
            self.fresh_news("Your last move is taken back: your turn again.")
        self.show()

    @reporting_errors
    @one_at_a_time
    def hint(self, *button: object) -> None:
        """Say what best_move would play for you."""
        if self.is_over or not self.is_your_turn:
            self.fresh_news("No hint: the game is over. Start a new game.")
        else:
            self.fresh_news(self.hint_text())
        self.show()

    def hint_text(self) -> str:
        """What best_move would play for you, searched on the computer's budget (or by a closed
        form), or why not."""
        found = theory.quick_best_move(self.game, self.state, theory.COMPUTER_CALLS)
        if found is None:
            return "No hint: this position is too large to search quickly."
        move = self.game.describe_move(self.state, found.new_state)
        why = (
            "it wins, whatever the computer does"
            if found.score > 0
            else "every move loses against best play"
        )
        how = (
            f", found by {found.rule} without a search, which would take too long; it may not"
            f" be the {'quickest win' if found.score > 0 else 'longest defence'}"
            if found.rule
            else ""
        )
        return f"Hint: {move} ({why}{how})."

    def status(self) -> list[str]:
        """Whose turn it is, or who won, or that nobody can move from the start."""
        if self.is_over and len(self.history) == 1:
            return [
                "The game is over before it starts: there is no move to make. Choose a larger "
                "position above."
            ]
        if self.is_over and self.outcome() == "the computer won":
            return ["The computer won. Try again: Undo, or New game."]
        return super().status()

    def prompt(self) -> str:
        """What to do on your turn."""
        return "Your turn: choose a move."

    def show_board(self) -> None:
        """The position as rows of counters in large print, and your moves as buttons, when it is
        your turn."""
        self.board.value = html_lines(self.game.picture(self.state).splitlines(), large=True)
        yours = self.is_your_turn and not self.is_over
        new_states = self.game.possible_new_states(self.state) if yours else []
        self.moves.children = tuple(self.move_button(new_state) for new_state in new_states)

    def move_button(self, new_state: State) -> widgets.Button:
        """The button of the move to `new_state`, made the first time this game offers it and kept
        open till the next game: a click on its way from an earlier board then finds it (a closed
        button's click is lost with a warning in JupyterLab's log) and is refused as late."""
        button = self.move_buttons.get(new_state)
        if button is None:
            button = widgets.Button(layout=widgets.Layout(width="auto"))
            button.add_class("nim-move")
            button.on_click(functools.partial(self.click, new_state))
            self.move_buttons[new_state] = button
        button.description = self.game.describe_move(self.state, new_state)
        return button

    def click(self, where: object, button: widgets.Button) -> None:
        """A click on one of the moves below, as a match takes it; one on a move this board does
        not offer was made on an earlier board, and is not played."""
        if button in self.moves.children:
            super().click(where, button)
        else:
            self.click_not_played()

    @reporting_errors
    def new_game(self, *change: object) -> None:
        """The game's start, with none of the last game's move buttons."""
        for button in self.move_buttons.values():
            button.close()
        self.move_buttons = {}
        super().new_game()

    def settings(self) -> list[Setting]:
        """The pickers' values and who moved first, for the still picture."""
        return [*self.picker.settings(), *super().settings()]

    def picture_html(self) -> str:
        """The counters, the words, then your moves, as the widget shows them."""
        moves = [button.description for button in self.moves.children]
        shown_moves = html_lines(["Your moves:"]) + buttons_html(moves) if moves else ""
        return super().picture_html() + shown_moves

    def __repr__(self) -> str:
        return f"A game of {self.position} against the computer"


def play(
    variant: str = "Nim",
    counters: int | None = None,
    piles: tuple[int, ...] | None = None,
    *,
    last_counter_loses: bool | None = None,
    you_start: bool = True,
) -> NimMatch | GridMatch:
    """Play a variant against the computer, which answers every move with best_move; "Tic-tac-toe"
    is played on a grid of buttons (see play_grid). Counters, piles and last_counter_loses left
    out (None) are the variant's defaults: 10 counters for a one-pile variant ("Simple-Nim", say),
    the piles (1, 2, 3) for "Nim", misère play."""
    if checked_variant(variant, (*NIM_VARIANTS, TIC_TAC_TOE)) == TIC_TAC_TOE:
        refuse_unused(TIC_TAC_TOE, [], counters, piles, last_counter_loses)
        return play_grid(you_start=you_start)
    position = given_position(
        variant, counters, piles, last_counter_loses, default_counters=PLAY_COUNTERS
    )
    return NimMatch(position, you_start)
