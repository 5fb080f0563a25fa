"""Every check of notebooks 10 and 11, tried against at least eight wrong solutions of different
kinds and three right ones in other styles, written as learners write them (issue 37), among them
one that keeps state between calls. `python tests/checks/test_checks_catalogue_10_11.py` prints the
table."""

import math
import random
from functools import cache

import pytest
from flat_text import flat

import nimlib.checks as checks
from nimlib import SearchStats, alphabeta
from nimlib.games.base import Game
from nimlib.games.tictactoe import TicTacToe

SMALL_LINES = TicTacToe().lines

# Notebook 10, exercise 1: alpha-beta's best case


class UniformTree(Game):
    """Notebook 10's uniform tree: `branching` moves everywhere, leaves at `depth`, all scores
    apart."""

    def __init__(self, branching, depth):
        self.branching, self.depth = branching, depth

    def possible_new_states(self, path):
        return [] if len(path) == self.depth else [(*path, move) for move in range(self.branching)]

    def evaluate(self, path, is_maximizing):
        return random.Random(str(path)).random() if len(path) == self.depth else None

    def validate(self, path):
        return path


def leaves_by_searching(branching, depth):
    """Search the tree in the best order (exact scores first, for whoever moves) and count the
    leaves."""
    tree = UniformTree(branching, depth)
    exact = cache(lambda path, is_max: alphabeta(tree, path, is_max, -math.inf, math.inf))
    stats = SearchStats()
    key = lambda path: -exact(path, False) if len(path) % 2 else exact(path, True)  # noqa: E731
    alphabeta(tree, (), order=key, stats=stats)
    return sum(1 for path in stats.seen if len(path) == depth)


def leaves_by_rounding(branching, depth):
    return branching ** math.ceil(depth / 2) + branching ** math.floor(depth / 2) - 1


def leaves_by_halves(branching, depth):
    up, down = (depth + 1) // 2, depth // 2
    return branching**up + branching**down - 1


FIRST_DEPTH = {}


def leaves_remembering_the_first_depth(branching, depth):
    """Keeps the first depth it was asked for each branching, across calls."""
    depth = FIRST_DEPTH.setdefault(branching, depth)
    return leaves_by_halves(branching, depth)


BEST_CASE_LEAVES = (
    {
        "a formula by rounding": leaves_by_rounding,
        "by halves": leaves_by_halves,
        "search and count": leaves_by_searching,
    },
    {
        "every leaf": lambda b, d: b**d,
        "both halves rounded down": lambda b, d: 2 * b ** (d // 2) - 1,
        "both halves rounded up": lambda b, d: 2 * b ** ((d + 1) // 2) - 1,
        "a float": lambda b, d: b ** (d / 2) + b ** (d / 2) - 1,
        "no minus one": lambda b, d: b ** ((d + 1) // 2) + b ** (d // 2),
        "the square root of the leaves": lambda b, d: round(math.sqrt(b**d)),
        "half the leaves": lambda b, d: b**d // 2,
        "the summary's 2 * b ** (d / 2)": lambda b, d: round(2 * b ** (d / 2)),
        "state between calls: the first depth remembered": leaves_remembering_the_first_depth,
        "nothing yet": lambda b, d: None,
    },
)

# Notebook 10, exercise 2: the moves on the squares with most lines first


def changed(board, new_board):
    return next(i for i, (a, b) in enumerate(zip(board, new_board, strict=True)) if a != b)


def lines_through(game, board, new_board):
    return sum(changed(board, new_board) in line for line in game.lines)


def order_by_sort(game, board, new_boards):
    return sorted(new_boards, key=lambda new: -lines_through(game, board, new))


def order_by_buckets(game, board, new_boards):
    buckets = {}
    for new in new_boards:
        buckets.setdefault(lines_through(game, board, new), []).append(new)
    return [new for lines in sorted(buckets, reverse=True) for new in buckets[lines]]


def order_by_insertion(game, board, new_boards):
    ordered = []
    for new in new_boards:
        where = sum(
            lines_through(game, board, old) >= lines_through(game, board, new) for old in ordered
        )
        ordered.insert(where, new)
    return ordered


ORDERS_SEEN = {}


def order_remembered_by_board(game, board, new_boards):
    """Keeps the first order it worked out for a board, across calls, whatever moves it is given."""
    return ORDERS_SEEN.setdefault((game, board), order_by_sort(game, board, new_boards))


MOVE_ORDER = (
    {
        "sorted by a key": order_by_sort,
        "buckets of equal lines": order_by_buckets,
        "insertion": order_by_insertion,
    },
    {
        "as given": lambda game, board, new_boards: new_boards,
        "fewest lines first": lambda game, board, new_boards: order_by_sort(
            game, board, new_boards
        )[::-1],
        "ties by square": lambda game, board, new_boards: sorted(
            new_boards, key=lambda new: (-lines_through(game, board, new), changed(board, new))
        ),
        "ties by square, backwards": lambda game, board, new_boards: sorted(
            new_boards, key=lambda new: (-lines_through(game, board, new), -changed(board, new))
        ),
        "all the game's moves, not those given": lambda game, board, new_boards: order_by_sort(
            game, board, game.possible_new_states(board)
        ),
        "the best one only": lambda game, board, new_boards: order_by_sort(game, board, new_boards)[
            :1
        ],
        "sorted boards": lambda game, board, new_boards: sorted(new_boards),
        "lines counted on the 3 x 3 board": lambda game, board, new_boards: sorted(
            new_boards, key=lambda new: -sum(changed(board, new) in line for line in SMALL_LINES)
        ),
        "state between calls: an order remembered by board": order_remembered_by_board,
        "nothing yet": lambda game, board, new_boards: None,
    },
)


# Notebook 10, exercise 3: iterative deepening


def deepen(game, state, max_depth, search):
    best = None
    for depth in range(1, max_depth + 1):
        score, best = search(game, state, depth, best)
    return score, best


def deepen_recursively(game, state, max_depth, search):
    if max_depth == 1:
        return search(game, state, 1, None)
    _, best = deepen_recursively(game, state, max_depth - 1, search)
    return search(game, state, max_depth, best)


def deepen_keeping_every_result(game, state, max_depth, search):
    results = [(None, None)]
    for depth in range(1, max_depth + 1):
        results.append(search(game, state, depth, first=results[-1][1]))
    return results[-1]


CARRIED = {"best": None}


def deepen_with_a_global_best(game, state, max_depth, search):
    """Carries the best move in a global: the next position's first iteration starts from it."""
    for depth in range(1, max_depth + 1):
        score, CARRIED["best"] = search(game, state, depth, CARRIED["best"])
    return score, CARRIED["best"]


def deepen_variant(
    depths=lambda d: range(1, d + 1), carry=lambda result, best: result[1], answer=None
):
    def deepening(game, state, max_depth, search):
        best, results = None, []
        for depth in depths(max_depth):
            results.append(search(game, state, depth, best))
            best = carry(results[-1], best)
        return answer(results) if answer else results[-1]

    return deepening


DEEPENING = (
    {
        "a loop": deepen,
        "recursion": deepen_recursively,
        "a list of results": deepen_keeping_every_result,
    },
    {
        "from depth 0": deepen_variant(depths=lambda d: range(d + 1)),
        "one depth short": deepen_variant(depths=lambda d: range(1, d)),
        "the last depth only": deepen_variant(depths=lambda d: [d]),
        "deepest first": deepen_variant(depths=lambda d: range(d, 0, -1)),
        "nothing carried": deepen_variant(carry=lambda result, best: None),
        "the first iteration's move carried": deepen_variant(carry=lambda r, best: best or r[1]),
        "the score carried": deepen_variant(carry=lambda result, best: result[0]),
        "the first iteration's answer": deepen_variant(answer=lambda results: results[0]),
        "(move, score)": deepen_variant(answer=lambda results: results[-1][::-1]),
        "every other depth": deepen_variant(depths=lambda d: range(1, d + 1, 2)),
        "nothing yet": lambda game, state, max_depth, search: None,
        "state between calls: a global best move": deepen_with_a_global_best,
    },
)

# Notebook 11, exercise 1: four in a row


def four_by_directions(stones):
    directions = ((1, 0), (0, 1), (1, 1), (1, -1))
    return any(
        all((c + k * dc, r + k * dr) in stones for k in range(4))
        for c, r in stones
        for dc, dr in directions
    )


def four_by_lines(stones):
    """Every line of four on the 7x6 board, tried one by one."""
    for c in range(1, 8):
        for r in range(1, 7):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                line = [(c + k * dc, r + k * dr) for k in range(4)]
                if all(1 <= x <= 7 and 1 <= y <= 6 for x, y in line) and all(
                    cell in stones for cell in line
                ):
                    return True
    return False


def four_by_bits(stones):
    bits = sum(1 << ((c - 1) * 7 + r - 1) for c, r in stones)
    for step in (1, 7, 6, 8):
        pairs = bits & (bits >> step)
        if pairs & (pairs >> 2 * step):
            return True
    return False


def four_by_scan(stones, rows=range(1, 7), top=6):
    """A scan from every start a line fits in; `top` is the last row a vertical four may start in +
    3."""
    for c in range(1, 8):
        for r in rows:
            if r + 3 <= top and all((c, r + k) in stones for k in range(4)):
                return True
            if c + 3 <= 7 and all((c + k, r) in stones for k in range(4)):
                return True
            if any(all((c + k, r + s * k) in stones for k in range(4)) for s in (1, -1)):
                return True
    return False


def bits_by_rows(stones):
    """A bitboard laid out row by row, seven bits a row and no spare bit."""
    bits = sum(1 << ((r - 1) * 7 + c - 1) for c, r in stones)
    for step in (1, 7, 6, 8):
        pairs = bits & (bits >> step)
        if pairs & (pairs >> 2 * step):
            return True
    return False


def bits_by_columns_without_a_spare_bit(stones):
    bits = sum(1 << ((c - 1) * 6 + r - 1) for c, r in stones)
    for step in (1, 6, 5, 7):
        pairs = bits & (bits >> step)
        if pairs & (pairs >> 2 * step):
            return True
    return False


SEEN_FOURS = set()


def four_remembering_fours(stones):
    """Keeps every cell of a four it found, across calls, and counts them again on the next
    board."""
    if four_by_directions(stones):
        SEEN_FOURS.update(stones)
    return four_by_directions(stones | SEEN_FOURS) if SEEN_FOURS else False


FOUR_IN_A_ROW = (
    {
        "every start, every direction": four_by_directions,
        "every line of the board": four_by_lines,
        "bits": four_by_bits,
    },
    {
        "no diagonals": lambda stones: any(
            all((c + k * dc, r + k * dr) in stones for k in range(4))
            for c, r in stones
            for dc, dr in ((1, 0), (0, 1))
        ),
        "no falling diagonal": lambda stones: any(
            all((c + k * dc, r + k * dr) in stones for k in range(4))
            for c, r in stones
            for dc, dr in ((1, 0), (0, 1), (1, 1))
        ),
        "three is enough": lambda stones: any(
            all((c + k * dc, r + k * dr) in stones for k in range(3))
            for c, r in stones
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1))
        ),
        "vertical starts one row short": lambda stones: four_by_scan(stones, top=5),
        "four stones in a column": lambda stones: (
            four_by_lines(stones)
            or any(sum((c, r) in stones for r in range(1, 7)) >= 4 for c in range(1, 8))
        ),
        "bits row by row, no spare bit": bits_by_rows,
        "bits column by column, no spare bit": bits_by_columns_without_a_spare_bit,
        "yes or no as text": lambda stones: "yes" if four_by_directions(stones) else "no",
        "state between calls: fours remembered": four_remembering_fours,
        "nothing yet": lambda stones: None,
        "raises": lambda stones: 1 / 0,
    },
)

# Notebook 11, exercise 2: what a win is worth


def score_by_stones_left(width, height, stones):
    return (width * height - stones) // 2 + 1


def score_by_turns(width, height, stones):
    """The winner's own stones, counted; a win with one's last possible stone is worth 1."""
    mine = (stones + 1) // 2
    most = (width * height + (stones % 2)) // 2
    return most - mine + 1


SCORES_SEEN = {}


def score_remembered_by_stones(width, height, stones):
    """Keeps the first score for each stone count, across calls, whatever the board."""
    return SCORES_SEEN.setdefault(stones, (width * height + 2 - stones) // 2)


WIN_SCORE = (
    {
        "Pons' formula": lambda width, height, stones: (width * height + 2 - stones) // 2,
        "the stones left": score_by_stones_left,
        "the winner's turns": score_by_turns,
    },
    {
        "half the cells plus one, minus the winner's stones": lambda w, h, s: (
            w * h // 2 + 1 - (s + 1) // 2
        ),
        "the same, rounded up": lambda w, h, s: (w * h + 1) // 2 + 1 - (s + 1) // 2,
        "the winning stone counted as before it": lambda w, h, s: (w * h + 1 - s) // 2,
        "7x6 only": lambda w, h, s: 22 - (s + 1) // 2,
        "not rounded down": lambda w, h, s: (w * h + 2 - s) / 2,
        "off by one": lambda w, h, s: w * h // 2 - s // 2,
        "the loser's side": lambda w, h, s: -((w * h + 2 - s) // 2),
        "the stones left, not the winner's": lambda w, h, s: w * h - s,
        "state between calls: a score remembered by stones": score_remembered_by_stones,
        "nothing yet": lambda w, h, s: None,
    },
)

CATALOGUE = {
    checks.check_best_case_leaves: BEST_CASE_LEAVES,
    checks.check_move_order: MOVE_ORDER,
    checks.check_deepening: DEEPENING,
    checks.check_four_in_a_row: FOUR_IN_A_ROW,
    checks.check_win_score: WIN_SCORE,
}

SOLUTIONS = [
    pytest.param(
        check, solution, right, id=f"{check.__name__}-{'right' if right else 'wrong'}-{name}"
    )
    for check, (rights, wrongs) in CATALOGUE.items()
    for right, solutions in ((True, rights), (False, wrongs))
    for name, solution in solutions.items()
]


def test_every_check_of_notebooks_10_and_11_is_in_the_catalogue():
    every_check = [getattr(checks, name) for name in checks.__all__ if name.startswith("check_")]
    modules = ("ordering", "connect_four")
    assert set(CATALOGUE) == {
        check for check in every_check if check.__module__.split(".")[-1] in modules
    }


@pytest.mark.parametrize("check", CATALOGUE, ids=lambda check: check.__name__)
def test_every_check_has_eight_kinds_of_wrong_solution_and_three_styles_of_right_one(check):
    rights, wrongs = CATALOGUE[check]
    assert len(rights) >= 3 and len(wrongs) >= 8
    assert any(name.startswith("state between calls") for name in wrongs)


@pytest.mark.parametrize(("check", "solution", "right"), SOLUTIONS)
def test_a_check_accepts_each_right_solution_and_rejects_each_wrong_one(check, solution, right):
    for _ in range(2):  # a second run meets whatever the solution remembered from the first
        result = check(solution)
        assert result.ok == right, result
    if not right:
        assert " expected " in flat(result) or "was stopped" in flat(
            result
        )  # it says what was expected


def verdicts(catalogue):
    """The catalogue as table rows: each check, its wrong solutions, how many were rejected and
    how many right ones accepted."""
    rows = []
    for check, (rights, wrongs) in catalogue.items():
        rejected = sum(not check(solution).ok for solution in wrongs.values())
        accepted = sum(check(solution).ok for solution in rights.values())
        rows.append(
            f"| {check.__name__} | {len(wrongs)}: {'; '.join(wrongs)} | {rejected}/{len(wrongs)} "
            f"| {accepted}/{len(rights)}: {'; '.join(rights)} |"
        )
    return rows


if __name__ == "__main__":
    print("| check | wrong solutions tried | rejected | right ones accepted |")
    print("|---|---|---|---|")
    print("\n".join(verdicts(CATALOGUE)))
