"""Play against the computer in a terminal: ``python -m nimlib play``.

You choose a game, its starting position and who moves first, then type your moves; the computer
answers every one as play()'s computer does (``theory.computer_move``): by ``best_move`` on a
budget of calls, else by the variant's closed form. In Connect Four, too large to search to the
end, it thinks as an engine does: one move further ahead at a time, until its clock of
THINKING_SECONDS runs out (``best_move(..., method="deepening", anytime=True)``).

You type a move in the game's own words, as the game says it ("take 3", "take 2 from pile 1"),
or, when its moves are few enough to list, by its number in the list; in tic-tac-toe a square by
its fixed number (1 to 9, shown beside the board) or its name (b2); in Connect Four a column. A
typing mistake gets a message and another try, never a traceback; ``q``, end of input (Ctrl-D)
and Ctrl-C all end the game quietly. Every message is wrapped to fit an 80-column terminal.

The reading and writing go through two functions, `read` (like ``input``) and `write` (like
``print``), so that a test can play a whole game with a list of answers.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from nimlib import theory
from nimlib.games.base import Game, State
from nimlib.games.connect_four import ConnectFour
from nimlib.games.nim import Nim
from nimlib.games.nim_variants import FibonacciNim, SplitNim
from nimlib.games.printer import (
    menu_name,
    paragraph,
    plural,
    short_move,
    shown,
    shown_typed,
    wrapped,
)
from nimlib.games.simple_nim import SimpleNim
from nimlib.games.tictactoe import EMPTY, TicTacToe
from nimlib.games.values import checked_function, checked_seconds

QUIT_WORDS = ("q", "quit", "exit")
HELP_WORDS = ("?", "help")  # at your move: the board and the moves again
THINKING_SECONDS = 2.0  # Connect Four: the computer's clock for each move (wall time)
LONGEST_THINKING = 600.0  # seconds: the longest clock a player may give it
MOST_LISTED = 15  # moves listed one a line, numbered; more are summed up: "take 1 to 9 from pile 2"

Read = Callable[[str], str]
Write = Callable[[str], None]
SaidMove = tuple[str, State]  # a move's words (as describe_move says it) and the state after it


class Quit(Exception):
    """The player typed q: stop without another word."""


class ShowAgain(Exception):
    """The player typed ? or help at their move: show the board and the moves again."""


@dataclass(frozen=True)
class Choice:
    """A game on the menu: its name, its rules in one line, and how to ask for its starting
    position."""

    name: str
    rules: str
    question: str
    default: str
    start: Callable[[str], tuple[Game, State]]


def span(smallest: int, largest: int) -> str:
    """The whole numbers from `smallest` to `largest` in words: "1 to 7", or "1" when it is the only
    one."""
    return f"{smallest} to {largest}" if smallest < largest else str(smallest)


def one_number(text: str, name: str, smallest: int, largest: int) -> int:
    """`text` as a whole number from `smallest` to `largest`, or a ValueError saying what is
    wanted."""
    wanted = f"a whole number from {smallest} to {largest}" if smallest < largest else str(smallest)
    text = text.strip()
    if not text:
        raise ValueError(f"type {wanted} for {name}.")
    # the length is checked before int() reads a number of any length: 10**100 digits, say
    too_long = len(text.lstrip("0")) > len(str(largest))  # leading zeros: 04 is 4
    if not is_digits(text) or too_long or not smallest <= int(text) <= largest:
        raise ValueError(f"{name} must be {wanted}, not {shown(text, 40)}.")
    return int(text)


def is_digits(text: str) -> bool:
    """Whether `text` is written with the digits 0 to 9 only (not "²" or "٣", which Python also
    calls digits)."""
    return text.isascii() and text.isdigit()


def some_numbers(text: str, name: str, smallest: int, largest: int, most: int) -> tuple[int, ...]:
    """`text` as 1 to `most` whole numbers separated by spaces or commas, each from `smallest` to
    `largest`."""
    words = text.replace(",", " ").split()
    if not 1 <= len(words) <= most:
        raise ValueError(f"give 1 to {most} {name}, separated by spaces, such as 1 2 3.")
    return tuple(one_number(word, f"each of the {name}", smallest, largest) for word in words)


GAMES = (
    Choice(
        menu_name(SimpleNim.name),
        "one pile; take 1, 2 or 3 counters; whoever takes the last counter loses",
        "How many counters (1 to 100)?",
        "10",
        lambda text: (SimpleNim(), one_number(text, "the number of counters", 1, 100)),
    ),
    Choice(
        menu_name(Nim.name),
        "several piles; take any number of counters from one pile; whoever takes the last counter "
        "loses",
        "Which piles (1 to 5 piles of 1 to 9 counters each)?",
        "1 2 3",
        lambda text: (Nim(), some_numbers(text, "piles", 1, 9, 5)),
    ),
    Choice(
        menu_name(SplitNim.name),
        "split one pile into two piles of different sizes; whoever cannot move loses",
        "How many counters in the pile (3 to 30)?",
        "12",
        lambda text: (SplitNim(), (one_number(text, "the number of counters", 3, 30),)),
    ),
    Choice(
        menu_name(FibonacciNim.name),
        "one pile; take at most twice what was taken last (not all at the start); the last "
        "counter wins",
        "How many counters (2 to 50)?",
        "20",
        lambda text: (
            FibonacciNim(),
            FibonacciNim.start(one_number(text, "the number of counters", 2, 50)),
        ),
    ),
    Choice(
        menu_name(TicTacToe.name),
        "X and O take turns on a 3 x 3 board; three in a row wins; X moves first",
        "",
        "",
        lambda text: (TicTacToe(), TicTacToe().start()),
    ),
    Choice(
        menu_name(ConnectFour.name),
        "drop stones into 7 columns of 6 rows; four in a row (across, up or diagonal) wins; X "
        "moves first",
        "",
        "",
        lambda text: (ConnectFour(), ConnectFour().start()),
    ),
)


class TerminalGame:
    """One session of games against the computer, reading with `read` and writing with `write`."""

    def __init__(
        self, read: Read = input, write: Write = print, seconds: float = THINKING_SECONDS
    ) -> None:
        """A session that reads with `read`, writes with `write` and thinks `seconds` a move."""
        self.read = checked_function(read, "read", "input", 1)
        self.write = checked_function(write, "write", "print", 1)
        self.seconds = checked_seconds(seconds, "seconds", longest=LONGEST_THINKING)

    def ask(self, question: str, parse: Callable[[str], object], default: str = "") -> object:
        """Ask until the answer parses; Enter alone gives `default` (if there is one); q quits."""
        hint = f" [Enter: {default}]" if default else ""
        while True:
            answer = self.read(paragraph(f"{question}{hint}") + " ")
            if not isinstance(answer, str):
                raise TypeError(
                    "read must give the answer as a string, as input does, not "
                    f"{shown_typed(answer)}"
                )
            answer = answer.strip()
            if answer.lower() in QUIT_WORDS:
                raise Quit
            try:
                return parse(answer or default)
            except ValueError as error:
                self.say(f"{sentence(str(error))} Try again, or type q to quit.", "  ", "  ")

    def say(self, text: str, first: str = "", rest: str = "") -> None:
        """Write `text` in lines that fit the screen, broken between words, the first line led by
        `first`, the others by `rest`."""
        for line in wrapped(text, first, rest):
            self.write(line)

    def run(self) -> None:
        """Play games until the player says no more."""
        self.say(
            "Play against the computer. Type q at any question to stop, and ? at your move to "
            "see the board again."
        )
        while True:
            self.play_one()
            if not self.ask("Play again (y/n)?", yes_or_no, "y"):
                self.say("Thanks for playing!")
                return

    def play_one(self) -> None:
        """Choose a game, a start and who begins, then play it to the end."""
        self.write("")
        for number, choice in enumerate(GAMES, start=1):
            self.say(f"{choice.name}: {choice.rules}", f"  {number}. ", "     ")
        choice = GAMES[self.ask(f"Which game (1 to {len(GAMES)})?", self.menu_number) - 1]
        game, state = (
            self.ask(choice.question, choice.start, choice.default)
            if choice.question
            else choice.start("")
        )
        you_start = self.ask("Do you want to move first (y/n)?", yes_or_no, "y")
        self.play(game, state, you_start)

    def menu_number(self, text: str) -> int:
        """The number of a game on the menu."""
        return one_number(text, "the game", 1, len(GAMES))

    def play(self, game: Game, state: State, you_start: bool) -> None:
        """Play from `state` to the end: you and the computer in turn."""
        your_turn = you_start
        if isinstance(game, (TicTacToe, ConnectFour)):
            you, computer = ("X", "O") if you_start else ("O", "X")
            self.say(f"You play {you}, the computer {computer}.")
        while game.evaluate(state, True) is None:
            self.write("\n" + board(game, state))
            state = self.your_move(game, state) if your_turn else self.computer_move(game, state)
            your_turn = not your_turn
        self.write("\n" + game.picture(state))  # no move is left: no key of squares
        self.say(who_won(game.evaluate(state, True), your_turn))

    def computer_move(self, game: Game, state: State) -> State:
        """The computer's move as the widgets' computer plays it (theory.computer_move), said."""
        if isinstance(game, ConnectFour):
            return self.computer_move_in_time(game, state)
        new_state, note = theory.computer_move(game, state)
        if note:
            self.say(note)
        self.say(f"The computer: {game.describe_move(state, new_state)}.")
        return new_state

    def computer_move_in_time(self, game: ConnectFour, state: State) -> State:
        """Connect Four's move: best_move searching one move further ahead at a time until its clock
        runs out; it says how far it looked, or, once it searched to the end of the game, who wins
        and how soon."""
        self.say(f"The computer is thinking (at most {self.seconds:g} s) ...")
        found = theory.computer_move_in_time(game, state, self.seconds)
        move = game.describe_move(state, found.new_state)
        if found.score is None:
            self.say(f"The computer, out of time: {move}.")
        elif found.exact:
            self.say(
                f"The computer, to the end of the game: {move} "
                f"({game.outlook(game.stones(state), found.score)})."
            )
        else:
            self.say(f"The computer, {plural(found.depth, 'move')} ahead: {move}.")
        return found.new_state

    def your_move(self, game: Game, state: State) -> State:
        """Ask for your move and say it; ? or help shows the board and the moves again (a few
        mistakes' messages scroll them off a 24-line screen)."""
        while True:
            question, parse = self.move_question(game, state)
            try:
                new_state = self.ask(question, functools.partial(unless_help, parse))
                break
            except ShowAgain:
                self.write("\n" + board(game, state))
        self.say(f"You: {game.describe_move(state, new_state)}.")
        return new_state

    def move_question(self, game: Game, state: State) -> tuple[str, Callable[[str], State]]:
        """The question that asks for your move, and how to read the answer: a column in Connect
        Four, a square in tic-tac-toe, else one of your moves, which it first lists or sums up."""
        if isinstance(game, ConnectFour):
            question = f"Your move (a column, 1 to {game.width})?"
            return question, functools.partial(chosen_column, game, state)
        if isinstance(game, TicTacToe):
            question = f"Your move (a square, 1 to {game.size**2}, or its name such as b2)?"
            return question, functools.partial(chosen_square, game, state)
        moves = [(game.describe_move(state, new), new) for new in game.possible_new_states(state)]
        numbered = len(moves) <= MOST_LISTED
        question = self.list_moves(moves) if numbered else self.sum_up_moves(moves)
        return question, functools.partial(chosen_move, moves, numbered)

    def list_moves(self, moves: list[SaidMove]) -> str:
        """Write the moves one a line, numbered; the question that asks for one."""
        for number, (words, _) in enumerate(moves, start=1):
            self.say(words, f"  {number}. ", "     ")
        return f"Your move ({span(1, len(moves))})?"

    def sum_up_moves(self, moves: list[SaidMove]) -> str:
        """Write the moves in short, such as "take 1 to 9 from pile 2"; the question that asks for
        one in words."""
        shortest = [min(forms, key=len) for forms in typed_forms(moves)]
        for line in summed_up(shortest):
            self.say(line, "  ", "    ")
        return f"Your move, in words (such as {shortest[0]})?"


def unless_help(parse: Callable[[str], State], text: str) -> State:
    """`parse(text)`, unless `text` asks for help (? or help): then ShowAgain."""
    if text.strip().lower() in HELP_WORDS:
        raise ShowAgain
    return parse(text)


def board(game: Game, state: State) -> str:
    """The game's picture of `state` as a move is asked for; tic-tac-toe's with the numbers of its
    squares beside it."""
    picture = game.picture(state)
    if not isinstance(game, TicTacToe):
        return picture
    numbers = [
        " ".join(str(row * game.size + column) for column in range(1, game.size + 1))
        for row in range(game.size)
    ]
    keyed = zip(picture.split("\n"), ["squares", *numbers], strict=True)
    return "\n".join(f"{line}    {key}" for line, key in keyed)


def in_short(words: str) -> str:
    """A move's words as a player may type them: in short (``short_move``), in lower case; "take 3"
    for "take 3, leaving 7"."""
    return " ".join(short_move(words).lower().split())


def without_remarks(short: str) -> str:
    """A move `short` without its remarks in brackets: "split pile 1 into 4 and 3" for "split pile
    1 (7) into 4 and 3"."""
    return " ".join(re.sub(r"\(.*?\)", " ", short).split())


def typed_forms(moves: list[SaidMove]) -> list[set[str]]:
    """What a player may type for each of `moves`: its words in short, and without their remarks
    in brackets too where that still tells it from every other move (not for the default
    describe_move's "move from (2, 2) to (1, 2)", whose brackets are states)."""
    shorts = [in_short(words) for words, _ in moves]
    bare = [without_remarks(short) for short in shorts]
    return [
        {short, plain} if bare.count(plain) == 1 else {short}
        for short, plain in zip(shorts, bare, strict=True)
    ]


def summed_up(moves: list[str]) -> list[str]:
    """`moves` in words, those alike but for their first number together: "take 1 to 9 from pile
    2" for "take 1 from pile 2", "take 2 from pile 2" and so on. Where that leaves more than
    MOST_LISTED lines (the default describe_move's "move from (9, 9) to (0, 9)", whose first
    number is the same in every move), those alike but for any one number: "move from (9, 9) to
    (0 to 8, 9)"."""
    lines = grouped(moves, any_number=False)
    return lines if len(lines) <= MOST_LISTED else grouped(moves, any_number=True)


def grouped(moves: list[str], any_number: bool) -> list[str]:
    """`moves` in words, those alike but for their first number (or, if `any_number`, any one of
    their numbers) on one line, the largest such group of the moves left first (of groups as
    large, the one whose number comes first); each line where its first move stood."""
    parts = [re.split(r"(\d+)", move) for move in moves]  # numbers at the odd places
    groups: dict[tuple, list[int]] = {}  # (a place, the parts but that place's): the moves
    for index, split in enumerate(parts):
        for place in range(1, len(split) if any_number else min(len(split), 2), 2):
            groups.setdefault((place, *split[:place], *split[place + 1 :]), []).append(index)
    lines: dict[int, str] = {}  # by the first move of each line
    left = set(range(len(moves)))
    while left and groups:
        counted = [(key, [i for i in members if i in left]) for key, members in groups.items()]
        (place, *_), members = max(counted, key=lambda group: (len(group[1]), -group[0][0]))
        if len(members) < 2:
            break
        split = parts[members[0]]
        numbers = ranges([int(parts[index][place]) for index in members])
        lines[members[0]] = "".join([*split[:place], numbers, *split[place + 1 :]])
        left -= set(members)
    lines |= {index: moves[index] for index in left}
    return [lines[index] for index in sorted(lines)]


def ranges(numbers: list[int]) -> str:
    """Whole numbers in words, a run of numbers in a row as its ends: "1 to 4, 6" for 4 3 1 6 2."""
    runs: list[list[int]] = []
    for number in sorted(set(numbers)):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(span(run[0], run[-1]) for run in runs)


def chosen_column(game: ConnectFour, state: State, text: str) -> State:
    """The new state after a stone in the column `text` names, or a ValueError: not a number, off
    the board, full."""
    text, columns = text.strip(), f"1 to {game.width}"
    if not is_digits(text):  # nothing typed, or not a number
        typed = f", not {shown(text, 40)}" if text else ""
        raise ValueError(f"type the number of a column, {columns}{typed}.")
    if len(text.lstrip("0")) > len(str(game.width)):  # 04 is 4
        column = text if len(text) <= 20 else text[:20] + "..."
        raise ValueError(f"column {column} is not on the board: the columns are {columns}.")
    return game.play(state, int(text))


def chosen_square(game: TicTacToe, state: State, text: str) -> State:
    """The new state after your mark on the square `text` names: by its number (1 to 9, in reading
    order) or its name (b2); or a ValueError: not a square, or taken."""
    text, squares = text.strip(), game.size**2
    if not text:
        raise ValueError(f"type a square, 1 to {squares}, or its name such as b2.")
    if not is_digits(text):
        return game.play(state, game.square_number(text))
    square = one_number(text, "the square", 1, squares) - 1
    if state[square] != EMPTY:
        name = game.square_name(square)
        raise ValueError(f"square {square + 1} ({name}) is taken: choose an empty square.")
    return game.play(state, square)


def chosen_move(moves: list[SaidMove], numbered: bool, text: str) -> State:
    """The new state of the move that `text` names by its number if the moves are `numbered` (a
    number is the list's, even where a move's words are a number), or in words: in short (such as
    "take 3"), or whole ("take 3, leaving 7", not "take 3, leaving 6"); or a ValueError saying what
    to type."""
    if numbered and is_digits(text.strip()):
        return moves[one_number(text, "your move", 1, len(moves)) - 1][1]
    typed, whole = in_short(text), " ".join(text.lower().split())
    for forms, (words, new_state) in zip(typed_forms(moves), moves, strict=True):
        said = typed in forms or without_remarks(typed) in forms
        if said and whole in (typed, " ".join(words.lower().split())):
            return new_state
    raise ValueError(what_to_type(moves, numbered, text))


def what_to_type(moves: list[SaidMove], numbered: bool, text: str) -> str:
    """What to type for a move, when `text` names none of `moves`: with an example that starts as
    `text` does, if one does ("take 2 from pile 1" for "take 2"), or whose first number `text` is
    ("take 3" for "3", where the moves are not numbered)."""
    typed = without_remarks(in_short(text))
    shorts = [min(forms, key=len) for forms in typed_forms(moves)]
    like = [short for short in shorts if short.startswith(f"{typed} ")]
    like += [short for short in shorts if re.findall(r"\d+", short)[:1] == [typed]]
    example = (like or shorts)[0]
    wanted = (
        f"the number of your move, {span(1, len(moves))}, or the move itself, such as {example}"
        if numbered
        else f"your move in words, such as {example}"
    )
    if not typed:
        return f"type {wanted}."
    by_number = f" (or its number, {span(1, len(moves))})" if numbered else ""
    if typed in shorts:  # the move, but the words after it are another's
        words = moves[shorts.index(typed)][0]
        return f"there is no move {shown(text, 40)}: {typed} is {words}{by_number}."
    near = [short for short in shorts if one_number_apart(typed, short)] or [
        short for short in shorts if reordered(typed, short)
    ]
    if not near:
        return f"type {wanted}, not {shown(text, 40)}."
    alike = " and ".join(grouped(near, any_number=True))  # "take 1 to 2 from pile 2"
    like_it = "the move like it is" if len(near) == 1 else "the moves like it are"
    return f"there is no move {shown(text, 40)}; {like_it} {alike}{by_number}."


def one_number_apart(typed: str, short: str) -> bool:
    """Whether the move `short` is `typed` but for one number ("take 2 from pile 2" of "take 3 from
    pile 2")."""
    typed_parts, parts = re.split(r"(\d+)", typed), re.split(r"(\d+)", short)
    if len(typed_parts) != len(parts):
        return False
    pairs = enumerate(zip(typed_parts, parts, strict=True))
    differ = [index for index, (one, other) in pairs if one != other]
    return len(differ) == 1 and differ[0] % 2 == 1  # a number, not the words around it


def reordered(typed: str, short: str) -> bool:
    """Whether the move `short` is `typed` with its numbers in another order ("split pile 1 into 7
    and 3" of "split pile 1 into 3 and 7")."""
    typed_parts, parts = re.split(r"(\d+)", typed), re.split(r"(\d+)", short)
    return (
        typed_parts != parts
        and typed_parts[::2] == parts[::2]
        and sorted(typed_parts[1::2]) == sorted(parts[1::2])
    )


def sentence(text: str) -> str:
    """`text` with a capital first letter and a full stop at the end."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def yes_or_no(text: str) -> bool:
    """True for y or yes, False for n or no."""
    answer = text.strip().lower()
    if answer not in ("y", "yes", "n", "no"):
        raise ValueError(f"answer y or n, not {shown(text, 40)}.")
    return answer.startswith("y")


def who_won(score_for_mover: int, your_turn: bool) -> str:
    """Who won, from the score for the player to move at the end and whose turn that is."""
    if score_for_mover == 0:
        return "A draw: nobody won."
    you_won = (score_for_mover > 0) == your_turn
    return "You won! Well played." if you_won else "The computer won."


@contextmanager
def unencodable_replaced(stream: object) -> Iterator[None]:
    """While the body runs, `stream` (the terminal's output, or None for none) writes "?" for a
    character its encoding lacks, such as a counter's ● in an ASCII terminal, where it would raise
    UnicodeEncodeError."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is None:
        yield
        return
    errors = stream.errors
    reconfigure(errors="replace")
    try:
        yield
    finally:
        reconfigure(errors=errors)


def play_in_terminal(
    read: Read = input, write: Write = print, seconds: float = THINKING_SECONDS
) -> int:
    """Run the terminal game (the computer thinking `seconds` per Connect Four move); the exit
    status: 0 when it ends normally or by q or end of input, 130 on Ctrl-C, 2 with no input or
    output to play through (python -m nimlib play <&-)."""
    for stream, name, used in (
        (sys.stdin, "input", read is input),
        (sys.stdout, "output", read is input or write is print),
    ):
        if stream is None and used:
            print(f"python -m nimlib play: there is no {name} to play through", file=sys.stderr)
            return 2
    try:
        TerminalGame(read, write, seconds).run()
    except Quit:
        write("Goodbye.")
    except EOFError:
        write("\nGoodbye.")
    except KeyboardInterrupt:
        write("\nGoodbye.")
        return 130
    return 0
