"""play(): play any variant against the computer, which answers every move with best_move.

Your moves are buttons; Hint says what best_move would play for you, Undo takes back your last
move and the computer's answer. The computer searches on a budget of calls, so it always answers.
"""

from __future__ import annotations

import functools

import ipywidgets as widgets

from nimlib.games import FibonacciNim, Game, SimpleNim, State
from nimlib.widgets.controls import html_lines, message, reporting_errors, toggles
from nimlib.widgets.picker import PositionPicker
from nimlib.widgets.positions import Position
from nimlib.widgets.searches import quick_best_move

PLAY_CALLS = 200_000  # the computer's budget: a few tenths of a second at most
COUNTER = "●"


class Match(widgets.VBox):
    """A game against the computer: your moves as buttons, its answers by best_move, hints and undo."""

    def __init__(self, position: Position, you_start: bool) -> None:
        self.picker = PositionPicker(position)
        self.first = toggles({True: "you", False: "the computer"}, bool(you_start), "first move")
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
        """Start again from the position the pickers show; the computer moves at once if it begins."""
        position = self.picker.position
        self.history = [position.state]
        self.news = [f"New game: {position}."]
        if not self.is_over and not self.is_your_turn():
            self.computer_moves()
        self.show()

    @reporting_errors
    def choose(self, new_state: State) -> None:
        """Make your move, then let the computer answer."""
        if self.is_over or not self.is_your_turn():
            raise ValueError("it is not your turn: start a new game")
        self.news = [f"You: {self.game.describe_move(self.state, new_state)}."]
        self.history.append(new_state)
        if not self.is_over:
            self.computer_moves()
        self.show()

    def computer_moves(self) -> None:
        """The computer plays best_move; on a position too large to search in time, its first move."""
        state = self.state
        try:
            _, new_state = quick_best_move(self.game, state, max_calls=PLAY_CALLS)
        except RuntimeError:
            new_state = next(iter(self.game.possible_new_states(state)))
            self.news.append("This position is too large to search in time, so the computer plays its first move.")
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
        """What best_move would play for you, searched on the computer's budget, or why there is no hint."""
        try:
            score, new_state = quick_best_move(self.game, self.state, max_calls=PLAY_CALLS)
        except RuntimeError:
            return "No hint: this position is too large to search quickly."
        move = self.game.describe_move(self.state, new_state)
        verdict = "it wins, whatever the computer does" if score > 0 else "every move loses against best play"
        return f"Hint: {move} ({verdict})."

    def show(self) -> None:
        """Show the position, whose turn it is or who won, the news, and your moves as buttons."""
        self.board.value = html_lines(self.news) + board_html(self.game, self.state) + html_lines([self.status()], True)
        for button in self.moves.children:
            button.close()
        self.moves.children = tuple(self.move_buttons())

    def status(self) -> str:
        """Whose turn it is, or who won, or that nobody can move from the start."""
        if self.is_over and len(self.history) == 1:
            return "The game is over before it starts: there is no move to make. Choose a larger position above."
        if self.is_over:
            return "You won! 🎉" if self.you_won else "The computer won. Try again: Undo, or New game."
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
        """Show `error` as the news, and offer no moves until a new game."""
        self.news = [message(error)]
        self.board.value = html_lines(self.news)
        self.moves.children = ()

    @property
    def text(self) -> str:
        """The news and the status, as plain text."""
        return "\n".join(self.news + ([self.status()] if self.history else []))

    def __repr__(self) -> str:
        return f"A game of {self.picker.position} against the computer"


def board_html(game: Game, state: State) -> str:
    """The position drawn as rows of counters, in large print."""
    return html_lines(board_lines(game, state), large=True)


def board_lines(game: Game, state: State) -> list[str]:
    """The position as rows of counters: one row per pile, with the pile's size."""
    if isinstance(game, SimpleNim):
        return [f"{COUNTER * state} ({state} counters)"]
    if isinstance(game, FibonacciNim):
        counters, max_take = state
        return [f"{COUNTER * counters} ({counters} counters)", f"The next take may be 1 to {min(max_take, counters)}."]
    return [f"pile {n}: {COUNTER * pile} ({pile})" for n, pile in enumerate(state, start=1)]


def play(
    variant: str = "Nim",
    counters: int = 10,
    piles: tuple[int, ...] = (1, 2, 3),
    *,
    misere: bool = True,
    you_start: bool = True,
) -> Match:
    """Play a variant against the computer, which answers every move with best_move."""
    return Match(Position(variant, counters, piles, misere), you_start)
