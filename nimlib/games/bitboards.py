"""Connect Four's board as bits: the layout, the masks of a board's size, and the few shifts
that find lines of four, threats and mirror images (the rules and the hints are in
``connect_four``).

A state is the pair ``(mover, mask)`` of two whole numbers used as bitboards: ``mask`` has a bit
set for every stone on the board, ``mover`` for the stones of the player to move. The board is
stored column by column, from the bottom up, with one spare bit on top of each column (so a
column of a board ``height`` high takes ``height + 1`` bits): the stone in column c (from 0 at the
left) and row r (from 0 at the bottom) is bit ``c * (height + 1) + r``. With this layout one move
is one addition, and a line of four is found with a few shifts, whatever the board's size.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nimlib.games.values import whole_number

SMALLEST, LARGEST = 4, 9  # board sides supported: columns are named by one digit, 1 to 9
# The most entries each cache of a board keeps: the stone patterns whose threats it remembers,
# those it remembers having four in a row or not, and the positions whose canonical form it
# remembers (a search meets them again and again)
CACHE_ENTRIES = 1 << 18

Board = tuple[int, int]  # (mover, mask)


@dataclass(frozen=True, repr=False)
class Bitboards:
    """A Connect Four board `width` columns wide and `height` rows high, as bits: its masks and
    the operations on bitboards that the game's rules and hints are made of."""

    width: int = 7
    height: int = 6
    # Worked out from the size (see __post_init__), none compared or shown:
    bottom: int = field(init=False, repr=False, compare=False)  # the lowest cell of every column
    cells: int = field(init=False, repr=False, compare=False)  # every cell of the board
    centre_first: tuple[int, ...] = field(init=False, repr=False, compare=False)  # columns, from 0
    cell_rank: dict = field(init=False, repr=False, compare=False)  # each cell's column's place
    column_masks: tuple[int, ...] = field(init=False, repr=False, compare=False)  # each column
    first_players_rows: int = field(init=False, repr=False, compare=False)  # see __post_init__
    directions: tuple[int, ...] = field(init=False, repr=False, compare=False)  # a line's steps
    line_steps: tuple[tuple[int, int, int], ...] = field(init=False, repr=False, compare=False)
    four_steps: tuple[int, ...] = field(init=False, repr=False, compare=False)  # 4 lines, 2 each
    mirror_pairs: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    middle_column: int = field(init=False, repr=False, compare=False)  # 0 on an even width
    threat_cache: dict = field(init=False, repr=False, compare=False)  # stones -> completing_cells
    mirror_cache: dict = field(init=False, repr=False, compare=False)  # key -> canonical state
    four_cache: dict = field(init=False, repr=False, compare=False)  # stones -> has_four

    def __post_init__(self) -> None:
        """The sides checked, and the masks and steps of a board of this size."""
        width = whole_number(self.width, "width", smallest=SMALLEST, largest=LARGEST)
        height = whole_number(self.height, "height", smallest=SMALLEST, largest=LARGEST)
        object.__setattr__(self, "width", width)
        object.__setattr__(self, "height", height)
        stride = height + 1  # one bit a row, and a spare one on top of each column
        bottom = sum(1 << column * stride for column in range(width))
        object.__setattr__(self, "bottom", bottom)
        object.__setattr__(self, "cells", bottom * ((1 << height) - 1))
        centre = (width - 1) / 2
        centre_first = tuple(sorted(range(width), key=lambda c: abs(c - centre)))
        object.__setattr__(self, "centre_first", centre_first)
        columns = tuple(((1 << height) - 1) << c * stride for c in range(width))
        object.__setattr__(self, "column_masks", columns)
        rank = {c: centre_first.index(c) for c in range(width)}  # in centre_first
        cells = {1 << c * stride + r: rank[c] for c in range(width) for r in range(height)}
        object.__setattr__(self, "cell_rank", cells)
        # The rows whose cells fall to the first player once the rest of the board is full: a
        # column's last empty cells are filled in turn, and the parity of all the empty cells says
        # whose turn it is. On 7 x 6 the odd rows (1, 3, 5 from the bottom); the even ones where
        # the width is even and the height odd.
        odd_rows = bottom * ((4 ** ((height + 1) // 2) - 1) // 3)
        first_rows = odd_rows if height * (width + 1) % 2 == 0 else self.cells & ~odd_rows
        object.__setattr__(self, "first_players_rows", first_rows)
        steps = (stride, height, height + 2)  # across, down to the right, up to the right
        directions = (1, *steps)  # up first
        object.__setattr__(self, "directions", directions)
        object.__setattr__(self, "line_steps", tuple((step, 2 * step, 3 * step) for step in steps))
        four = tuple(shift for step in directions for shift in (step, 2 * step))
        object.__setattr__(self, "four_steps", four)
        whole = [((1 << stride) - 1) << c * stride for c in range(width)]  # spare bit included
        pairs = tuple((whole[c], (width - 1 - 2 * c) * stride) for c in range(width // 2))
        object.__setattr__(self, "mirror_pairs", pairs)
        object.__setattr__(self, "threat_cache", {})
        object.__setattr__(self, "mirror_cache", {})
        object.__setattr__(self, "four_cache", {})
        object.__setattr__(self, "middle_column", whole[width // 2] if width % 2 else 0)

    def cell(self, column: int, row: int) -> int:
        """The bit of the cell in `column` and `row`, both from 0 (the left, the bottom): each
        column takes height + 1 bits, the one above its top left empty."""
        return 1 << (column * (self.height + 1) + row)

    def is_full(self, mask: int, column: int) -> bool:
        """Whether `column` (from 0 at the left) has no room for another stone on the board whose
        stones are `mask`: its highest cell holds one."""
        return bool(mask & self.cell(column, self.height - 1))

    def four_in_a_row(self, stones: int) -> bool:
        """Whether `stones` (a bitboard) hold four in a line: up, across, or along either
        diagonal."""
        up, up2, across, across2, down, down2, rising, rising2 = self.four_steps  # one line each
        pairs = stones & (stones >> up)
        if pairs & (pairs >> up2):
            return True
        pairs = stones & (stones >> across)
        if pairs & (pairs >> across2):
            return True
        pairs = stones & (stones >> down)
        if pairs & (pairs >> down2):
            return True
        pairs = stones & (stones >> rising)
        return pairs & (pairs >> rising2) != 0

    def has_four(self, stones: int) -> bool:
        """four_in_a_row, remembered: a search meets the same stones again and again."""
        found = self.four_cache.get(stones)
        if found is None:
            found = self.four_in_a_row(stones)
            # each cache is emptied once full, written out in each (no call: a search misses
            # the caches some hundred thousand times)
            if len(self.four_cache) >= CACHE_ENTRIES:
                self.four_cache.clear()
            self.four_cache[stones] = found
        return found

    def fours(self, stones: int) -> int:
        """The cells of every four in a row of `stones` (a bitboard): up, across, or along either
        diagonal."""
        four = 0
        for step in self.directions:
            starts = self.four_starts(stones, step)
            four |= starts | starts << step | starts << 2 * step | starts << 3 * step
        return four

    def four_starts(self, cells: int, step: int) -> int:
        """The first cell of each line of four along `step` (one of `directions`) whose four cells
        are all among `cells` (a bitboard): no line runs over the spare bit above a column."""
        pairs = cells & (cells >> step)
        return pairs & (pairs >> 2 * step)

    def threats(self, stones: int, mask: int) -> int:
        """The empty cells where one more of `stones` would make four in a row (a bitboard)."""
        found = self.threat_cache.get(stones)
        if found is None:
            found = self.completing_cells(stones)
            if len(self.threat_cache) >= CACHE_ENTRIES:
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

    def cells_of(self, cells: int) -> list[int]:
        """The cells of the bitboard `cells`, one bit each, from the left column to the right."""
        found = []
        while cells:
            lowest = cells & -cells
            found.append(lowest)
            cells ^= lowest
        return found

    def column_of_cell(self, cell: int) -> int:
        """The column (from 0) of the cell with the single bit `cell`."""
        return (cell.bit_length() - 1) // (self.height + 1)

    def mirrored(self, bits: int) -> int:
        """A bitboard seen in a mirror: column c becomes column width - 1 - c."""
        found = bits & self.middle_column
        # A left column and how far its mirror image lies
        for column, distance in self.mirror_pairs:
            found |= ((bits >> distance) & column) | ((bits & column) << distance)
        return found

    def canonical(self, state: Board) -> Board:
        """Of the state and its mirror image (left and right swapped), which play alike, the one
        whose key (mover + mask: each column's stones, one carry above the mover's) is smaller;
        remembered, as positions come back."""
        key = state[0] + state[1]
        found = self.mirror_cache.get(key)
        if found is None:
            image = self.mirrored(key)
            if key <= image:
                found = state
            else:  # no carry leaves its column: the mirrored key is the mirrored stones' key
                mask = self.mirrored(state[1])
                found = image - mask, mask
            if len(self.mirror_cache) >= CACHE_ENTRIES:
                self.mirror_cache.clear()
            self.mirror_cache[key] = found
        return found
