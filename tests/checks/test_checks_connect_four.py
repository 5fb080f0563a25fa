"""The checks of notebook 11 accept right answers in several styles and reject at least five kinds of
wrong ones each."""

import pytest

from nimlib.checks import check_four_in_a_row, check_win_score


def four_by_directions(stones):
    directions = ((1, 0), (0, 1), (1, 1), (1, -1))
    return any(all((c + k * dc, r + k * dr) in stones for k in range(4)) for c, r in stones for dc, dr in directions)


def four_by_lines(stones):
    """Every line of four on the 7x6 board, tried one by one."""
    lines = []
    for c in range(1, 8):
        for r in range(1, 7):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                line = [(c + k * dc, r + k * dr) for k in range(4)]
                if all(1 <= x <= 7 and 1 <= y <= 6 for x, y in line):
                    lines.append(line)
    return any(all(cell in stones for cell in line) for line in lines)


def four_by_bits(stones):
    bits = sum(1 << ((c - 1) * 7 + r - 1) for c, r in stones)
    for step in (1, 7, 6, 8):
        pairs = bits & (bits >> step)
        if pairs & (pairs >> 2 * step):
            return True
    return False


def four_without_diagonals(stones):
    return any(
        all((c + k * dc, r + k * dr) in stones for k in range(4)) for c, r in stones for dc, dr in ((1, 0), (0, 1))
    )


def four_without_falling_diagonal(stones):
    directions = ((1, 0), (0, 1), (1, 1))
    return any(all((c + k * dc, r + k * dr) in stones for k in range(4)) for c, r in stones for dc, dr in directions)


def three_is_enough(stones):
    directions = ((1, 0), (0, 1), (1, 1), (1, -1))
    return any(all((c + k * dc, r + k * dr) in stones for k in range(3)) for c, r in stones for dc, dr in directions)


def bits_without_a_spare_row(stones):
    """A bitboard with 6 bits a column: a column's top runs into the next column's bottom."""
    bits = sum(1 << ((c - 1) * 6 + r - 1) for c, r in stones)
    for step in (1, 6, 5, 7):
        pairs = bits & (bits >> step)
        if pairs & (pairs >> 2 * step):
            return True
    return False


def four_counted_in_a_column_only(stones):
    return any(sum((c, r) in stones for r in range(1, 7)) >= 4 for c in range(1, 8))


def four_as_text(stones):
    return "yes" if four_by_directions(stones) else "no"


@pytest.mark.parametrize("right", [four_by_directions, four_by_lines, four_by_bits])
def test_check_four_in_a_row_accepts_right_answers(right):
    assert check_four_in_a_row(right).ok


@pytest.mark.parametrize(
    "wrong",
    [
        four_without_diagonals,
        four_without_falling_diagonal,
        three_is_enough,
        bits_without_a_spare_row,
        four_counted_in_a_column_only,
        four_as_text,
        lambda stones: None,
        lambda stones: 1 / 0,
    ],
)
def test_check_four_in_a_row_rejects_wrong_answers(wrong):
    result = check_four_in_a_row(wrong)
    assert not result.ok and "✘" in repr(result)


@pytest.mark.parametrize(
    "right",
    [
        lambda width, height, stones: (width * height + 2 - stones) // 2,
        lambda width, height, stones: width * height // 2 + 1 - (stones + 1) // 2,
        lambda width, height, stones: (width * height + 1 - (stones - 1)) // 2,
    ],
)
def test_check_win_score_accepts_right_answers(right):
    assert check_win_score(right).ok


@pytest.mark.parametrize(
    "wrong",
    [
        lambda width, height, stones: (width * height + 1 - stones) // 2,  # counts the winning stone as before it
        lambda width, height, stones: 22 - (stones + 1) // 2,  # 7x6 only
        lambda width, height, stones: (width * height + 2 - stones) / 2,  # not rounded down
        lambda width, height, stones: width * height // 2 - stones // 2,  # off by one
        lambda width, height, stones: -((width * height + 2 - stones) // 2),  # the loser's side
        lambda width, height, stones: width * height - stones,  # stones left, not the winner's
        lambda width, height, stones: None,
    ],
)
def test_check_win_score_rejects_wrong_answers(wrong):
    result = check_win_score(wrong)
    assert not result.ok and "✘" in repr(result)
