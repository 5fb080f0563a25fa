"""Connect Four: stones dropped into columns, the first to line up four wins.

A state is the pair ``(mover, mask)`` of two whole numbers used as bitboards: ``mask`` has a bit
set for every stone on the board, ``mover`` for the stones of the player to move. The board is
stored column by column, from the bottom up, with one spare bit on top of each column (so a
column of a board ``height`` high takes ``height + 1`` bits): the stone in column c (from 0 at the
left) and row r (from 0 at the bottom) is bit ``c * (height + 1) + r``. With this layout one move
is one addition, and a line of four is found with a few shifts, whatever the board's size.

Columns are numbered from 1 at the left in everything a person reads or types, as in the
benchmark's notation: ``from_moves("4453")`` is the position after stones in columns 4, 4, 5, 3.

**Scores**, for the player to move, as Pascal Pons' Connect Four benchmark defines them: a win is
worth ``(width * height + 1 - n) // 2``, n being the number of stones on the board before the
winning stone (on 7x6: 18 for a win with one's 4th stone, 1 with one's 21st), a loss the
negative, a draw 0. A win sooner is worth more. As in tic-tac-toe, a position is worth the same
to whichever player is to move (``score_depends_only_on_mover``).

**For a search** the game also says which moves win at once (``win_at_once``), which moves do
not hand the opponent a win at once (``safe_new_states``), and in which order to try moves
(``order``: the moves that make the most threats first, then the centre first): Connect Four's
knowledge stays here, the search stays general.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nimlib.games.base import Game
from nimlib.games.values import for_mover, mover_window, shown, whole_number

SMALLEST, LARGEST = 4, 9  # board sides supported: columns are named by one digit, 1 to 9
MARKS = ("X", "O")  # the first player's stones, the second player's
EMPTY = "."
THREAT_CACHE = 1 << 18  # stone patterns whose threats the game remembers (met again and again)

Board = tuple[int, int]  # (mover, mask)


@dataclass(frozen=True, repr=False)
class ConnectFour(Game):
    """Connect Four on a board `width` columns wide and `height` rows high (7 x 6 by default)."""

    width: int = 7
    height: int = 6
    bottom: int = field(init=False, repr=False, compare=False)  # the lowest cell of every column
    cells: int = field(init=False, repr=False, compare=False)  # every cell of the board
    centre_first: tuple[int, ...] = field(init=False, repr=False, compare=False)  # columns, from 0
    centre_rank: tuple[int, ...] = field(
        init=False, repr=False, compare=False
    )  # each column's place in it
    column_masks: tuple[int, ...] = field(
        init=False, repr=False, compare=False
    )  # each column's cells
    column_weights: tuple[float, ...] = field(
        init=False, repr=False, compare=False
    )  # 1 in the centre
    line_steps: tuple[tuple[int, int, int], ...] = field(init=False, repr=False, compare=False)
    four_steps: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    mirror_pairs: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    middle_column: int = field(init=False, repr=False, compare=False)  # 0 on an even width
    threat_cache: dict = field(init=False, repr=False, compare=False)  # stones -> completing_cells

    name = "Connect Four"
    estimate_range = (-1, 1)  # every estimate lies inside: below a proven win, above a loss
    score_depends_only_on_mover = True

    def __post_init__(self) -> None:
        width = whole_number(self.width, "width", smallest=SMALLEST, largest=LARGEST)
        height = whole_number(self.height, "height", smallest=SMALLEST, largest=LARGEST)
        object.__setattr__(self, "width", width)
        object.__setattr__(self, "height", height)
        bottom = sum(1 << column * (height + 1) for column in range(width))
        object.__setattr__(self, "bottom", bottom)
        object.__setattr__(self, "cells", bottom * ((1 << height) - 1))
        centre = (width - 1) / 2
        centre_first = tuple(sorted(range(width), key=lambda c: abs(c - centre)))
        object.__setattr__(self, "centre_first", centre_first)
        object.__setattr__(self, "centre_rank", tuple(centre_first.index(c) for c in range(width)))
        object.__setattr__(self, "column_masks", tuple(self.column_bits(c) for c in range(width)))
        weights = [
            min(c + 1, width - c, 4, width - 3) for c in range(width)
        ]  # rows of four through column c
        object.__setattr__(self, "column_weights", tuple(w / max(weights) for w in weights))
        stride = height + 1  # one bit a row, and a spare one on top of each column
        steps = (stride, height, height + 2)  # across, down to the right, up to the right
        object.__setattr__(self, "line_steps", tuple((step, 2 * step, 3 * step) for step in steps))
        object.__setattr__(self, "four_steps", tuple((step, 2 * step) for step in (1, *steps)))
        whole = [((1 << stride) - 1) << c * stride for c in range(width)]  # spare bit included
        pairs = tuple((whole[c], (width - 1 - 2 * c) * stride) for c in range(width // 2))
        object.__setattr__(self, "mirror_pairs", pairs)
        object.__setattr__(self, "threat_cache", {})
        object.__setattr__(self, "middle_column", whole[width // 2] if width % 2 else 0)
        best = self.win_score(6)  # the soonest win: one's 4th stone, after 3 stones each
        object.__setattr__(self, "score_range", (-best, best))

    def __repr__(self) -> str:
        """Such as "ConnectFour()" or "ConnectFour(width=5, height=4)"."""
        settings = [f"width={self.width}"] if self.width != 7 else []
        settings += [f"height={self.height}"] if self.height != 6 else []
        return f"ConnectFour({', '.join(settings)})"

    # The board as bits

    def column_bits(self, column: int) -> int:
        """Every cell of `column` (from 0 at the left)."""
        return ((1 << self.height) - 1) << column * (self.height + 1)

    def top_cell(self, column: int) -> int:
        """The highest cell of `column`: once it holds a stone, the column is full."""
        return 1 << (self.height - 1 + column * (self.height + 1))

    def four_in_a_row(self, stones: int) -> bool:
        """Whether `stones` (a bitboard) hold four in a line: up, across, or along either
        diagonal."""
        for step, double in self.four_steps:
            pairs = stones & (stones >> step)
            if pairs & (pairs >> double):
                return True
        return False

    def winning_cells(self, state: Board) -> list[tuple[int, int]]:
        """The cells of every four in a row of the player who just moved, as (column, row) from 1 at
        the bottom left; [] while nobody has four."""
        stones = state[0] ^ state[1]
        four = 0
        for step in (1, self.height + 1, self.height, self.height + 2):
            pairs = stones & (stones >> step)
            starts = pairs & (pairs >> 2 * step)  # the first cell of each four along this line
            four |= starts | starts << step | starts << 2 * step | starts << 3 * step
        stride = self.height + 1
        return [
            (cell.bit_length() // stride + 1, (cell.bit_length() - 1) % stride + 1)
            for cell in self.cells_of(four)
        ]

    def threats(self, stones: int, mask: int) -> int:
        """The empty cells where one more of `stones` would make four in a row (a bitboard)."""
        found = self.threat_cache.get(stones)
        if found is None:
            found = self.completing_cells(stones)
            if len(self.threat_cache) >= THREAT_CACHE:
                self.threat_cache.clear()
            self.threat_cache[stones] = found
        return found & ~mask

    def completing_cells(self, stones: int) -> int:
        """The cells, empty or not, where one more of `stones` would make four in a row."""
        found = (stones << 1) & (stones << 2) & (stones << 3)  # three below, in the same column
        for step, double, triple in self.line_steps:  # across and along both diagonals
            near_before, near_after = stones << step, stones >> step  # a stone next to the cell
            before = near_before & (stones << double)  # two in a row ending next to the cell
            after = near_after & (stones >> double)  # two in a row starting next to it
            found |= before & ((stones << triple) | near_after) | after & (
                (stones >> triple) | near_before
            )
        return found & self.cells

    def playable(self, mask: int) -> int:
        """The cell each column would take next (a bitboard; none in a full column)."""
        return (mask + self.bottom) & self.cells

    def drop(self, state: Board, cell: int) -> Board:
        """The state after the player to move puts a stone on `cell` (a playable cell's bit)."""
        mover, mask = state
        return mover ^ mask, mask | cell

    # The Game contract

    def start(self) -> Board:
        """The empty board."""
        return (0, 0)

    def stones(self, state: Board) -> int:
        """How many stones are on the board."""
        return state[1].bit_count()

    def win_score(self, stones_before: int) -> int:
        """What a win is worth when the winning stone joins `stones_before` stones on the board."""
        return (self.width * self.height + 1 - stones_before) // 2

    def has_won(self, state: Board) -> bool:
        """Whether the player who just moved (not the player to move) has four in a row."""
        mover, mask = state
        return self.four_in_a_row(mover ^ mask)

    def possible_new_states(self, state: Board) -> list[Board]:
        """A stone in each column that is not full, from left to right; none once somebody has
        four."""
        mover, mask = state
        if self.four_in_a_row(mover ^ mask):
            return []
        free = self.playable(mask)
        return [(mover ^ mask, mask | cell) for cell in self.cells_of(free)]

    def cells_of(self, cells: int) -> list[int]:
        """The cells of the bitboard `cells`, one bit each, from the left column to the right."""
        found = []
        while cells:
            lowest = cells & -cells
            found.append(lowest)
            cells ^= lowest
        return found

    def evaluate(self, state: Board, is_maximizing: bool) -> int | None:
        """Once the player who just moved has four: minus the win's worth for the player to move
        (plus for the other); 0 for a full board without four; None while play goes on."""
        mover, mask = state
        if self.four_in_a_row(mover ^ mask):
            score = -self.win_score(mask.bit_count() - 1)
            return for_mover(score, is_maximizing)
        return 0 if mask == self.cells else None

    def estimate(self, state: Board, is_maximizing: bool) -> float:
        """A guess for a search cut short, for the player to move: their threats (empty cells that
        would complete four) minus the other's, plus a tenth of a point per stone for central stones
        (weighted by the rows of four through its column), squeezed into (-1, 1) by x / (1 + |x|):
        strictly between a loss (-1 at most) and a win (1 at least), so that a search never prefers
        a guess to a win it has proven, nor a loss to a guess."""
        mover, mask = state
        other = mover ^ mask
        threats = self.threats(mover, mask).bit_count() - self.threats(other, mask).bit_count()
        central = sum(
            weight * ((mover & bits).bit_count() - (other & bits).bit_count())
            for weight, bits in zip(self.column_weights, self.column_masks, strict=True)
        )
        guess = threats + central / 10
        guess /= 1 + abs(guess)
        return for_mover(guess, is_maximizing)

    def canonical(self, state: Board) -> Board:
        """Of the state and its mirror image (left and right swapped), which play alike, the one
        whose key (mover + mask: each column's stones, one carry above the mover's) is smaller."""
        key = state[0] + state[1]
        return state if key <= self.mirrored(key) else self.mirror(state)

    def mirrored(self, bits: int) -> int:
        """A bitboard seen in a mirror: column c becomes column width - 1 - c."""
        found = bits & self.middle_column
        for (
            column,
            distance,
        ) in self.mirror_pairs:  # a left column and how far its mirror image lies
            found |= ((bits >> distance) & column) | ((bits & column) << distance)
        return found

    def mirror(self, state: Board) -> Board:
        """The board seen in a mirror: column c becomes column width - 1 - c (pairs of columns
        swap)."""
        return self.mirrored(state[0]), self.mirrored(state[1])

    # Hooks for a strong search (Game's defaults say what each promises)

    def win_at_once(self, state: Board) -> Board | None:
        """A new state in which the player to move has just made four, or None if no move wins at
        once."""
        mover, mask = state
        winning = self.threats(mover, mask) & self.playable(mask)
        if not winning or self.four_in_a_row(mover ^ mask):
            return None
        return self.drop(state, winning & -winning)

    def safe_new_states(self, state: Board) -> list[Board]:
        """The moves after which the opponent cannot win at once, left to right (empty: every
        move loses); asked only where play goes on."""
        mover, mask = state
        other = mover ^ mask
        free = (mask + self.bottom) & self.cells  # the playable cells
        against = self.threats(other, mask)
        forced = free & against  # cells the opponent would win on next: the mover must take them
        if forced & (forced - 1):  # two or more: the opponent wins on the other one
            return []
        choices = (forced or free) & ~(against >> 1)  # never play just below an opponent's threat
        found = []
        while choices:  # each cell, from the left column to the right
            cell = choices & -choices
            found.append((other, mask | cell))
            choices ^= cell
        return found

    def order(self, state: Board, new_states: list[Board]) -> list[Board]:
        """`new_states` best guess first: most threats made for the player who moves, then centre
        first."""
        if len(new_states) < 2:
            return list(new_states)
        mask, rank, stride, threats = state[1], self.centre_rank, self.height + 1, self.threats

        def key(new_state: Board) -> tuple[int, int]:
            opponent, new_mask = new_state
            made = threats(opponent ^ new_mask, new_mask).bit_count()
            return -made, rank[((new_mask ^ mask).bit_length() - 1) // stride]

        return sorted(new_states, key=key)

    def score_bounds(self, state: Board, is_maximizing: bool) -> tuple[int, int]:
        """Bounds (for Max) on the score where the player to move cannot win with their next
        stone and has a move that does not lose at once: a win takes them two more stones, a
        loss the other two more."""
        empty = self.width * self.height - state[1].bit_count()  # at least 1: play goes on
        high, low = (empty - 1) // 2, -((empty - 2) // 2) if empty > 1 else 0
        return mover_window(low, high, is_maximizing)

    # Moves people read and type

    def column_of_cell(self, cell: int) -> int:
        """The column (from 0) of the cell with the single bit `cell`."""
        return (cell.bit_length() - 1) // (self.height + 1)

    def column_played(self, state: Board, new_state: Board) -> int:
        """The column (from 1 at the left) in which the move from `state` to `new_state` dropped its
        stone."""
        return self.column_of_cell(new_state[1] ^ state[1]) + 1

    def outlook(self, stones: int, score: int) -> str:
        """What the exact `score` of a move played onto `stones` stones means, for its player ("it")
        against you: such as "it wins with its next stone, whatever you play" or "a draw if both
        play their best"."""
        if score == 0:
            return "a draw if both play their best"
        # The winner's stones after this move: the winning stone joins stones + 2 * more (it) or + 1
        # + 2 * more (you)
        first = stones if score > 0 else stones + 1
        more = next(
            k
            for k in range(self.width * self.height)
            if self.win_score(first + 2 * k) == abs(score)
        )
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
        mark = MARKS[self.stones(state) % 2]
        return f"{mark} in column {self.column_played(state, new_state)}"

    def play(self, state: Board, column: int) -> Board:
        """The state after a stone in `column` (from 1 at the left), or a ValueError naming the
        move."""
        return self.dropped_in(self.validate(state), column)

    def dropped_in(self, state: Board, column: int) -> Board:
        """The state after a stone in `column` of `state`, a board already checked; a ValueError
        naming the move if the column is not on the board or has no room."""
        label = f"column {shown(column)}"
        if isinstance(column, bool) or not isinstance(column, int) or not 1 <= column <= self.width:
            raise ValueError(f"{label} is not on the board: the columns are 1 to {self.width}")
        if self.has_won(state):
            winner = MARKS[(self.stones(state) + 1) % 2]
            raise ValueError(f"{label}: the game is over, {winner} has four in a row")
        if state[1] == self.cells:
            raise ValueError(f"{label}: the game is over, the board is full")
        if state[1] & self.top_cell(column - 1):
            raise ValueError(f"{label} is full: choose a column with room in it")
        return self.drop(state, self.playable(state[1]) & self.column_bits(column - 1))

    def from_moves(self, moves: str) -> Board:
        """The position after `moves`, a string of column numbers from 1 at the left (such as
        "4453")."""
        if not isinstance(moves, str):
            raise ValueError(
                f"moves must be a string of column numbers such as '4453', not {shown(moves)}"
            )
        if len(moves) > self.width * self.height:
            raise ValueError(
                f"moves {shown(moves)} has {len(moves):,} moves: a board of {self.width} x "
                f"{self.height} "
                f"holds at most {self.width * self.height} stones"
            )
        state = self.start()
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
        example = "ConnectFour().from_moves('4453')"
        if not (
            isinstance(state, tuple)
            and len(state) == 2
            and all(type(part) is int for part in state)
        ):
            raise ValueError(
                f"a state must be a pair (mover, mask) of whole numbers, such as {example}, not "
                f"{shown(state)}"
            )
        mover, mask = state
        if mover < 0 or mask < 0 or mask & ~self.cells or mover & ~mask:
            raise ValueError(
                f"{shown(state)} is not a board of {self!r}: it has stones off the board or "
                "outside mask"
            )
        if (mask + self.bottom) & ~(self.cells | self.cells << 1) or ((mask + self.bottom) & mask):
            raise ValueError(
                f"{shown(state)} has a stone floating above an empty cell: stones drop to the "
                "bottom"
            )
        if mover.bit_count() != mask.bit_count() // 2:
            raise ValueError(
                f"{shown(state)} has {mover.bit_count()} stones of the player to move out of "
                f"{mask.bit_count()}: "
                "players take turns, so the player to move has half the stones, rounded down"
            )
        if self.four_in_a_row(mover):
            raise ValueError(
                f"{shown(state)}: the player to move has four in a row, yet the other moved after "
                "it"
            )
        return state

    def picture(self, state: Board) -> str:
        """The board as text, top row first: X for the first player, O for the second, column
        numbers below."""
        mover, mask = self.validate(state)
        first = mover if self.stones(state) % 2 == 0 else mover ^ mask
        rows = []
        for row in reversed(range(self.height)):
            cells = []
            for column in range(self.width):
                bit = 1 << (column * (self.height + 1) + row)
                cells.append(EMPTY if not mask & bit else MARKS[0] if first & bit else MARKS[1])
            rows.append(" ".join(cells))
        return "\n".join([*rows, " ".join(str(c) for c in range(1, self.width + 1))])
