"""play(): play any Nim variant, or tic-tac-toe, against the computer, which answers with best_move.

Your moves are buttons; Hint says what best_move would play for you, Undo takes back your last
move and the computer's answer. The computer searches on a budget of calls, so it always answers.
"""

from __future__ import annotations

import functools

import ipywidgets as widgets

from nimlib.drawing.words import menu_name, plural
from nimlib.games.base import Game, State
from nimlib.games.nim_variants import FibonacciNim
from nimlib.games.simple_nim import SimpleNim
from nimlib.games.tictactoe import TicTacToe
from nimlib.games.values import shown
from nimlib.widgets.closed_forms import BestMove, theory_best_move
from nimlib.widgets.controls import html_lines, message, reporting_errors, toggles
from nimlib.widgets.grid import GridMatch, play_grid
from nimlib.widgets.picker import PositionPicker
from nimlib.widgets.positions import NIM_VARIANTS, Position, checked_choice, flag
from nimlib.widgets.saved import SavedAsPicture, Setting, buttons_html, choice
from nimlib.widgets.searches import quick_best_move

TIC_TAC_TOE = menu_name(
    TicTacToe.name
)  # play()'s one game beyond Nim, on play_grid's board of buttons
PLAY_CALLS = 200_000  # the computer's budget: a few tenths of a second at most
COUNTER = "●"


class Match(SavedAsPicture, widgets.VBox):
    """A game against the computer: your moves as buttons, its answers by best_move, hints and
    undo."""

    def __init__(self, position: Position, you_start: bool) -> None:
        self.picker = PositionPicker(position, NIM_VARIANTS)
        self.first = toggles(
            {True: "you", False: "the computer"}, flag(you_start, "you_start"), "first move"
        )
        self.new_game_button = widgets.Button(description="New game", icon="refresh")
        self.undo_button = widgets.Button(description="Undo", icon="undo")
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o")
        self.board = widgets.HTML()
        self.board.add_class("nim-board")
        self.moves = widgets.Box(layout=widgets.Layout(flex_flow="row wrap"))
        self.history: list[State] = []
        self.news: list[str] = []
        buttons = widgets.HBox([self.new_game_button, self.undo_button, self.hint_button])
        super().__init__([self.picker, self.first, buttons, self.board, self.moves])
        self.add_class("nim-play")
        self.picker.on_change(self.new_game)
        self.first.observe(self.new_game, names="value")
        self.new_game_button.on_click(self.new_game)
        self.undo_button.on_click(self.undo)
        self.hint_button.on_click(self.hint)
        self.new_game()

    @property
    def game(self) -> Game:
        """The rules of the game being played."""
        return self.picker.position.game

    @property
    def state(self) -> State:
        """The position now."""
        return self.history[-1]

    def is_your_turn(self, index: int | None = None) -> bool:
        """Whether you are to move at the position `index` of the game (by default, now)."""
        index = len(self.history) - 1 if index is None else index
        return (index % 2 == 0) == self.first.value

    @property
    def is_over(self) -> bool:
        """Whether nobody can move any more."""
        return self.game.evaluate(self.state, True) is not None

    @property
    def you_won(self) -> bool:
        """At the end: whether you won (evaluate scores +1 when the player to move has won)."""
        return (self.game.evaluate(self.state, True) > 0) == self.is_your_turn()

    @reporting_errors
    def new_game(self, *change: object) -> None:
        """Start again from the position the pickers show; the computer moves at once if it
        begins."""
        position = self.picker.position
        self.history = [position.state]
        self.news = [f"New game: {position}."]
        if not self.is_over and not self.is_your_turn():
            self.computer_moves()
        self.show()

    @reporting_errors
    def choose(self, new_state: State) -> None:
        """Make your move, then let the computer answer; an illegal move is refused and changes
        nothing."""
        if self.is_over or not self.is_your_turn():
            raise ValueError("it is not your turn: start a new game")
        new_state = self.legal_move(new_state)
        self.news = [f"You: {self.game.describe_move(self.state, new_state)}."]
        self.history.append(new_state)
        if not self.is_over:
            self.computer_moves()
        self.show()

    def legal_move(self, new_state: object) -> State:
        """`new_state` as the game writes it, if one move reaches it from the position now; else a
        ValueError."""
        moves = list(self.game.possible_new_states(self.state))
        try:
            written = self.game.validate(new_state)
        except (ValueError, TypeError):
            written = None
        if written is None or not any(written == move for move in moves):
            wrong = f"{shown(new_state)} is not one move away from {shown(self.state)}"
            raise ValueError(f"{wrong}: choose one of the moves below")
        return written

    def computer_moves(self) -> None:
        """The computer plays best_move, or the closed form of the game if a search takes too
        long."""
        state = self.state
        found = best_move_in_time(self.game, state)
        if found is None:
            new_state = next(iter(self.game.possible_new_states(state)))
            self.news.append(
                "This position is too large to search in time, so the computer plays its first "
                "move."
            )
        else:
            new_state = found.new_state
        self.news.append(f"The computer: {self.game.describe_move(state, new_state)}.")
        self.history.append(new_state)

    @reporting_errors
    def undo(self, *button: object) -> None:
        """Take back your last move, and the computer's answer to it."""
        your_moves = [index for index in range(len(self.history) - 1) if self.is_your_turn(index)]
        if not your_moves:
            self.news = ["There is no move of yours to take back."]
        else:
            del self.history[your_moves[-1] + 1 :]
            self.news = ["Your last move is taken back: your turn again."]
        self.show()

    @reporting_errors
    def hint(self, *button: object) -> None:
        """Say what best_move would play for you."""
        if self.is_over or not self.is_your_turn():
            self.news = ["No hint: the game is over. Start a new game."]
        else:
            self.news = [self.hint_text()]
        self.show()

    def hint_text(self) -> str:
        """What best_move would play for you, searched on the computer's budget (or by a closed
        form), or why not."""
        found = best_move_in_time(self.game, self.state)
        if found is None:
            return "No hint: this position is too large to search quickly."
        move = self.game.describe_move(self.state, found.new_state)
        verdict = (
            "it wins, whatever the computer does"
            if found.score > 0
            else "every move loses against best play"
        )
        how = (
            f", found by {found.rule} without a search, which would take too long"
            if found.rule
            else ""
        )
        return f"Hint: {move} ({verdict}{how})."

    def show(self) -> None:
        """Show the position, whose turn it is or who won, the news, and your moves as buttons."""
        self.board.value = (
            html_lines(self.news)
            + board_html(self.game, self.state)
            + html_lines([self.status()], True)
        )
        for button in self.moves.children:
            button.close()
        self.moves.children = tuple(self.move_buttons())

    def status(self) -> str:
        """Whose turn it is, or who won, or that nobody can move from the start."""
        if self.is_over and len(self.history) == 1:
            return (
                "The game is over before it starts: there is no move to make. Choose a larger "
                "position above."
            )
        if self.is_over:
            return (
                "You won! 🎉" if self.you_won else "The computer won. Try again: Undo, or New game."
            )
        return "Your turn: choose a move." if self.is_your_turn() else "The computer's turn."

    def move_buttons(self) -> list[widgets.Button]:
        """One button per legal move, when it is your turn."""
        if self.is_over or not self.is_your_turn():
            return []
        buttons = []
        for new_state in self.game.possible_new_states(self.state):
            button = widgets.Button(description=self.game.describe_move(self.state, new_state))
            button.layout.width = "auto"
            button.add_class("nim-move")
            button.on_click(functools.partial(self.play_move, new_state))
            buttons.append(button)
        return buttons

    def play_move(self, new_state: State, button: widgets.Button) -> None:
        """A move button's click: play its move."""
        self.choose(new_state)

    def show_error(self, error: Exception) -> None:
        """Show `error` as the news, above the board and the moves as they were (or alone, if they
        cannot show)."""
        self.news = [message(error)]
        try:
            self.show()
        except (
            Exception
        ):  # the position itself is at fault: show the message alone, and offer no moves
            self.board.value = html_lines(self.news)
            self.moves.children = ()

    @property
    def text(self) -> str:
        """The news and the status, as plain text."""
        return "\n".join(self.news + ([self.status()] if self.history else []))

    def settings(self) -> list[Setting]:
        """The controls' values, for a still picture of the widget."""
        return [*self.picker.settings(), ("first move", choice(self.first))]

    def picture_html(self) -> str:
        """The news, the board and your moves as the widget shows them."""
        moves = [button.description for button in self.moves.children]
        return self.board.value + (
            html_lines(["Your moves:"]) + buttons_html(moves) if moves else ""
        )

    def __repr__(self) -> str:
        return f"A game of {self.picker.position} against the computer"


def best_move_in_time(game: Game, state: State) -> BestMove | None:
    """The best move by best_move on the computer's budget, else by the game's closed form; None if
    neither answers."""
    try:
        return BestMove(*quick_best_move(game, state, max_calls=PLAY_CALLS))
    except RuntimeError:
        return theory_best_move(game, state)


def board_html(game: Game, state: State) -> str:
    """The position drawn as rows of counters, in large print."""
    return html_lines(board_lines(game, state), large=True)


def board_lines(game: Game, state: State) -> list[str]:
    """The position as rows of counters: one row per pile, with the pile's size."""
    if isinstance(game, SimpleNim):
        return [f"{COUNTER * state} ({plural(state, 'counter')})"]
    if isinstance(game, FibonacciNim):
        counters, max_take = state
        largest = min(max_take, counters)
        takes = "must be 1" if largest == 1 else f"may be 1 to {largest}"
        return [f"{COUNTER * counters} ({plural(counters, 'counter')})", f"The next take {takes}."]
    return [f"pile {n}: {COUNTER * pile} ({pile})" for n, pile in enumerate(state, start=1)]


def play(
    variant: str = "Nim",
    counters: int = 10,
    piles: tuple[int, ...] = (1, 2, 3),
    *,
    misere: bool = True,
    you_start: bool = True,
) -> Match | GridMatch:
    """Play a variant against the computer, which answers every move with best_move; "Tic-tac-toe"
    is played on a grid of buttons (see play_grid)."""
    if (
        checked_choice(variant, dict.fromkeys((*NIM_VARIANTS, TIC_TAC_TOE)), "variant")
        == TIC_TAC_TOE
    ):
        return play_grid(you_start=flag(you_start, "you_start"))
    return Match(Position(variant, counters, piles, misere), you_start)
