"""Connect Four: stones dropped into columns, the first to line up four wins.

The board is a pair of bitboards ``(mover, mask)``: see ``bitboards``, where the layout and the
operations on bits live; this module holds the rules, the scores and the hints.

Columns are numbered from 1 at the left in everything a person reads or types, as in the
benchmark's notation: ``from_moves("4453")`` is the position after stones in columns 4, 4, 5, 3.

**Scores**, for the player to move, as Pascal Pons' Connect Four benchmark defines them: a win is
worth ``(width * height + 1 - n) // 2``, n being the number of stones on the board before the
winning stone (on 7x6: 18 for a win with one's 4th stone, 1 with one's 21st), a loss the
negative, a draw 0. A win sooner is worth more (``score_counts_moves``): best_move needs no
tie-break by the moves to the end. As in tic-tac-toe, a position is worth the same
to whichever player is to move (``score_depends_only_on_mover``).

**For a search** the game also says which moves win at once (``win_at_once``), which moves do
not hand the opponent a win at once (``safe_new_states``), and in which order to try moves
(``ordered_new_states``: the moves that make the most threats first, then the centre first):
Connect Four's knowledge stays here, the search stays general.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nimlib.games.base import Game
from nimlib.games.bitboards import Bitboards, Board
from nimlib.games.printer import plural, shown, shown_typed
from nimlib.games.values import for_mover, is_whole, mover_window, whole_number

__all__ = ["EMPTY", "MARKS", "Board", "ConnectFour"]

MARKS = ("X", "O")  # the first player's stones, the second player's
EMPTY = "."


@dataclass(frozen=True, repr=False)
class ConnectFour(Bitboards, Game):
    """Connect Four on a board `width` columns wide and `height` rows high (7 x 6 by default)."""

    name = "Connect Four"
    estimate_range = (-1, 1)  # every estimate lies inside: below a proven win, above a loss
    score_depends_only_on_mover = True
    score_counts_moves = True  # a win sooner is worth more: equal scores end equally soon
    bounds_by_stones: dict = field(init=False, repr=False, compare=False)  # see score_bounds
    # What a win is worth, by the stones on the board before the winning one: see win_score
    win_scores: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        cells = self.width * self.height
        wins = tuple((cells + 1 - stones) // 2 for stones in range(cells + 1))
        object.__setattr__(self, "win_scores", wins)
        best = self.win_score(6)  # the soonest win: one's 4th stone, after 3 stones each
        object.__setattr__(self, "score_range", (-best, best))
        bounds = [self.stone_bounds(stones) for stones in range(self.width * self.height)]
        flipped = tuple(mover_window(low, high, False) for low, high in bounds)
        object.__setattr__(self, "bounds_by_stones", {True: tuple(bounds), False: flipped})

    # The Game contract

    def start(self) -> Board:
        """The empty board."""
        return (0, 0)

    def stones(self, state: Board) -> int:
        """How many stones are on the board."""
        return state[1].bit_count()

    def win_score(self, stones_before: int) -> int:
        """What a win is worth when the winning stone joins `stones_before` stones on the board
        (0 to the cells: on a full board no win is left, worth 0, a bound a search may ask), or a
        ValueError naming a number of stones that is not."""
        largest = self.width * self.height
        return self.win_scores[whole_number(stones_before, "stones_before", largest=largest)]

    def winning_cells(self, state: Board) -> list[tuple[int, int]]:
        """The cells of every four in a row of the player who just moved, as (column, row) from 1 at
        the bottom left; [] while nobody has four. A ValueError names stones off the board."""
        mover, mask = self.on_board(state)
        return [
            (self.column_of_cell(cell) + 1, (cell.bit_length() - 1) % (self.height + 1) + 1)
            for cell in self.cells_of(self.fours(mover ^ mask))
        ]

    def has_won(self, state: Board) -> bool:
        """Whether the player who just moved (not the player to move) has four in a row."""
        mover, mask = state
        return self.four_in_a_row(mover ^ mask)

    def possible_new_states(self, state: Board) -> list[Board]:
        """A stone in each column that is not full, from left to right; none once somebody has
        four."""
        if self.has_won(state):
            return []
        mover, mask = state
        free = self.playable(mask)
        return [(mover ^ mask, mask | cell) for cell in self.cells_of(free)]

    def evaluate(self, state: Board, is_maximizing: bool) -> int | None:
        """Once the player who just moved has four: minus the win's worth for the player to move
        (plus for the other); 0 for a full board without four; None while play goes on."""
        mover, mask = state
        if self.has_four(mover ^ mask):
            # win_score without its check: a search asks evaluate at every position
            score = -self.win_scores[mask.bit_count() - 1]
            return for_mover(score, is_maximizing)
        return 0 if mask == self.cells else None

    def estimate(self, state: Board, is_maximizing: bool) -> float:
        """A guess for a search cut short, for the player to move. Each stone scores a point for
        every line of four through it that the other player has no stone on, a line still open to
        it (a central stone lies on more lines; three stones on an open line score 3 each); each
        threat (an empty cell that would complete four) scores 3 more where its row suits its
        owner for the end of the game: a row whose cells fall to the first player once the rest of
        the board is full (on 7 x 6 the odd rows, 1, 3, 5 from the bottom) for the player who
        moved first, another row for the other. The player to move's points minus the other's, a
        tenth of that squeezed into (-1, 1) by x / (1 + |x|): strictly between a loss (-1 at most)
        and a win (1 at least), so that a search never prefers a guess to a win it has proven, nor
        a loss to a guess."""
        mover, mask = state
        other = mover ^ mask
        points = 0
        for stones, blocker, sign in ((mover, other, 1), (other, mover, -1)):
            open_cells = self.cells & ~blocker
            for step in self.directions:  # up, across, and along both diagonals
                # the first cell of each line of four without a stone of the blocker
                starts = self.four_starts(open_cells, step)
                for shift in (0, step, 2 * step, 3 * step):  # the stones on each of those lines
                    points += sign * (starts << shift & stones).bit_count()
        # The rows that suit the player to move: the first player's if they moved first (an even
        # number of stones on the board), the others if second
        first_rows = self.first_players_rows
        theirs = first_rows if mask.bit_count() % 2 == 0 else self.cells & ~first_rows
        threats = self.threats(mover, mask) & theirs
        points += 3 * (threats.bit_count() - (self.threats(other, mask) & ~theirs).bit_count())
        guess = points / 10
        guess /= 1 + abs(guess)
        return for_mover(guess, is_maximizing)

    # Hooks for a strong search (Game's defaults say what each promises)

    def win_at_once(self, state: Board) -> Board | None:
        """A new state in which the player to move has just made four, or None if no move wins at
        once."""
        mover, mask = state
        winning = self.threats(mover, mask) & self.playable(mask)
        if not winning or self.has_four(mover ^ mask):
            return None
        return self.drop(state, winning & -winning)

    def safe_new_states(self, state: Board) -> list[Board]:
        """The moves after which the opponent cannot win at once, left to right (empty: every
        move loses); asked only where play goes on."""
        mover, mask = state
        other = mover ^ mask
        free = (mask + self.bottom) & self.cells  # playable(mask), written out: see below
        against = self.threats(other, mask)
        forced = free & against  # cells the opponent would win on next: the mover must take them
        if forced & (forced - 1):  # two or more: the opponent wins on the other one
            return []
        choices = (forced or free) & ~(against >> 1)  # never play just below an opponent's threat
        found = []
        # Each cell, from the left column to the right: cells_of, written out, as this runs at
        # every position a strong search visits (a call of a method costs here)
        while choices:
            cell = choices & -choices
            found.append((other, mask | cell))
            choices ^= cell
        return found

    def ordered_new_states(self, state: Board, new_states: list[Board]) -> list[Board]:
        """`new_states` best guess first: most threats made for the player who moves, then centre
        first."""
        if len(new_states) < 2:
            return list(new_states)
        mask, rank, known, ranked = state[1], self.cell_rank, self.threat_cache, []
        for new_state in new_states:
            opponent, new_mask = new_state
            stones = opponent ^ new_mask  # the mover's, with the new stone
            made = known.get(stones)  # the threats' cells, as self.threats finds them
            if made is None:
                made = self.threats(stones, 0)
            ranked.append((-(made & ~new_mask).bit_count(), rank[new_mask ^ mask], new_state))
        ranked.sort()  # the centre ranks differ: the states themselves are never compared
        return [new_state for _, _, new_state in ranked]

    def score_bounds(self, state: Board, is_maximizing: bool) -> tuple[int, int]:
        """Bounds (for Max) on the score where the player to move cannot win with their next
        stone and has a move that does not lose at once: a win takes them two more stones, a
        loss the other two more."""
        return self.bounds_by_stones[is_maximizing][state[1].bit_count()]

    def stone_bounds(self, stones: int) -> tuple[int, int]:
        """score_bounds for the player to move, with `stones` stones on the board (fewer than the
        cells): a win takes them two more stones, a loss the other two more."""
        empty = self.width * self.height - stones
        return -((empty - 2) // 2) if empty > 1 else 0, (empty - 1) // 2

    def score_reach(self, state: Board, is_maximizing: bool) -> tuple[int, int]:
        """Bounds (for Max) on the score where play goes on: from a loss to the other player's next
        stone to a win with the next stone of the player to move."""
        empty = self.width * self.height - state[1].bit_count()
        return mover_window(-(empty // 2), (empty + 1) // 2, is_maximizing)

    # Moves people read and type

    def column_played(self, state: Board, new_state: Board) -> int:
        """The column (from 1 at the left) in which the move from `state` to `new_state` dropped its
        stone."""
        return self.column_of_cell(new_state[1] ^ state[1]) + 1

    def outlook(self, stones: int, score: int) -> str:
        """What the exact `score` of a move played onto `stones` stones means, for its player ("it")
        against you: such as "it wins with its next stone, whatever you play" or "a draw if both
        play their best"."""
        cells = self.width * self.height
        stones = whole_number(stones, "stones", largest=cells - 1)
        low, high = self.score_range
        score = whole_number(score, "score", smallest=low, largest=high)
        if score == 0:
            return "a draw if both play their best"
        # The winning stone joins stones + 2 * more (it) or stones + 1 + 2 * more (you), and no
        # sooner than as the winner's 4th stone, onto 6 stones or more
        first = stones if score > 0 else stones + 1
        joins = [n for n in range(first, cells, 2) if n >= 6 and self.win_scores[n] == abs(score)]
        if not joins:
            raise ValueError(
                f"no move played onto {stones} stones scores {score}: a win is worth less the more "
                "stones it takes, and takes four of the winner's stones at the least"
            )
        more = (joins[0] - first) // 2
        if score > 0:
            if more == 0:
                return "this stone makes four in a row"
            stone = "its next stone" if more == 1 else f"{more} more of its stones"
            return f"it wins with {stone}, whatever you play"
        return "you can win with " + (
            "your next stone" if more == 0 else f"{more + 1} more of your stones"
        )

    def describe_move(self, state: Board, new_state: Board) -> str:
        """Such as "X in column 4"."""
        state, new_state = self.checked_move(state, new_state)
        mark = MARKS[self.stones(state) % 2]
        return f"{mark} in column {self.column_played(state, new_state)}"

    def describe_state(self, state: Board) -> str:
        """The board in words, for a message: "the board of 3 stones, O to move (rows from the
        bottom: ...XX.. / ...O...)"; "the empty board (X to move)"."""
        stones = self.stones(self.validate(state))
        if stones == 0:
            return "the empty board (X to move)"
        filled = " / ".join(row for row in self.mark_rows(state)[::-1] if row.strip(EMPTY))
        mover = MARKS[stones % 2]
        held = plural(stones, "stone")
        return f"the board of {held}, {mover} to move (rows from the bottom: {filled})"

    def play(self, state: Board, column: int) -> Board:
        """The state after a stone in `column` (from 1 at the left), or a ValueError naming the
        move."""
        return self.dropped_in(self.validate(state), column)

    def dropped_in(self, state: Board, column: int) -> Board:
        """The state after a stone in `column` of `state`, a board already checked; a ValueError
        naming the move if the column is not on the board or has no room."""
        if not is_whole(column):
            raise ValueError(
                f"a column is a whole number from 1 to {self.width}, not {shown_typed(column)}"
            )
        if not 1 <= column <= self.width:
            raise ValueError(
                f"column {shown(column)} is not on the board: the columns are 1 to {self.width}"
            )
        column = int(column)  # a numpy integer as Python's own
        if self.has_won(state):
            winner = MARKS[(self.stones(state) + 1) % 2]
            raise ValueError(f"column {column}: the game is over, {winner} has four in a row")
        if state[1] == self.cells:
            raise ValueError(f"column {column}: the game is over, the board is full")
        if self.is_full(state[1], column - 1):
            raise ValueError(f"column {column} is full: choose a column with room in it")
        return self.drop(state, self.playable(state[1]) & self.column_masks[column - 1])

    def from_moves(self, moves: str, position: Board | None = None) -> Board:
        """The position after `moves`, a string of column numbers from 1 at the left (such as
        "4453"), played from `position` (None: the empty board), or a ValueError naming what is
        wrong with either."""
        if not isinstance(moves, str):
            raise ValueError(
                f"moves must be a string of column numbers such as '4453', not {shown(moves)}"
            )
        if len(moves) > self.width * self.height:
            raise ValueError(
                f"moves {shown(moves)} has {len(moves):,} moves: a board of {self.width} x "
                f"{self.height} holds at most {self.width * self.height} stones"
            )
        state = self.start() if position is None else self.validate(position)
        for number, character in enumerate(moves, start=1):
            if character not in "0123456789":  # str.isdigit would take "²" too
                wrong = f"move {number} of {shown(moves)} is {shown(character)}"
                raise ValueError(f"{wrong}: not a column number (1 to {self.width})")
            try:
                state = self.dropped_in(state, int(character))
            except ValueError as error:
                raise ValueError(f"move {number} of {shown(moves)}: {error}") from None
        return state

    # Checking and showing states

    def validate(self, state: object) -> Board:
        """A pair (mover, mask) of bitboards that play can reach on this board, or a ValueError
        saying why not."""
        mover, mask = self.on_board(state)
        if (mask + self.bottom) & ~(self.cells | self.cells << 1) or ((mask + self.bottom) & mask):
            raise ValueError(
                f"{shown(state)} has a stone floating above an empty cell: stones drop to the "
                "bottom"
            )
        if mover.bit_count() != mask.bit_count() // 2:
            raise ValueError(
                f"{shown(state)} has {mover.bit_count()} stones of the player to move out of "
                f"{mask.bit_count()}: players take turns, so the player to move has half the "
                "stones, rounded down"
            )
        if self.four_in_a_row(mover):
            raise ValueError(
                f"{shown(state)}: the player to move has four in a row, yet the other moved "
                "after it"
            )
        if not self.last_stone_could_win(mover ^ mask, mask):
            raise ValueError(
                f"{shown(state)}: the player who just moved has four in a row that no last stone "
                "made (the game would have ended before), so play cannot reach it"
            )
        return mover, mask

    def last_stone_could_win(self, stones: int, mask: int) -> bool:
        """Whether `stones` (of the player who just moved) hold no four in a row, or hold one that
        their last stone made: a stone on top of its column without which no four is left."""
        if not self.four_in_a_row(stones):
            return True
        tops = ((mask + self.bottom) >> 1) & stones  # each column's top stone, if theirs
        return any(not self.four_in_a_row(stones ^ top) for top in self.cells_of(tops))

    def on_board(self, state: object) -> Board:
        """A pair (mover, mask) of bitboards with every stone on this board (whether play can
        reach it or not: validate says), as Python's ints (numpy's would lose the bits above 64),
        or a ValueError saying why not."""
        example = "ConnectFour().from_moves('4453')"
        if not (isinstance(state, tuple) and len(state) == 2 and all(map(is_whole, state))):
            raise ValueError(
                f"a state must be a pair (mover, mask) of whole numbers, such as {example}, not "
                f"{shown(state)}"
            )
        mover, mask = int(state[0]), int(state[1])
        if mover < 0 or mask < 0 or mask & ~self.cells or mover & ~mask:
            raise ValueError(
                f"{shown(state)} is not a board of {self!r}: it has stones off the board or "
                "outside mask"
            )
        return mover, mask

    def mark_rows(self, state: Board) -> list[str]:
        """The board's rows, top row first, a character a cell: X for the first player, O for the
        second, . for an empty cell."""
        mover, mask = self.validate(state)
        first = mover if self.stones(state) % 2 == 0 else mover ^ mask

        def mark(bit: int) -> str:
            return EMPTY if not mask & bit else MARKS[0] if first & bit else MARKS[1]

        return [
            "".join(mark(self.cell(column, row)) for column in range(self.width))
            for row in reversed(range(self.height))
        ]

    def label(self, state: Board) -> str:
        """The board as a drawn node shows it, where its bitboards would be two long numbers: its
        rows, top row first, the marks spaced out."""
        return "\n".join(" ".join(row) for row in self.mark_rows(state))

    def picture(self, state: Board) -> str:
        """The board as text, its rows spaced out, column numbers below."""
        columns = " ".join(str(column) for column in range(1, self.width + 1))
        return f"{self.label(state)}\n{columns}"
