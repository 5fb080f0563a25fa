"""Connect Four: the benchmark's notation and scores, End-Easy's exact scores, small boards' known
outcomes (Tromp), the search hooks against plain search, and clear errors."""

import random
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import nimlib
from nimlib import SearchStats, solve
from nimlib.games.connect_four import ConnectFour

GAME = ConnectFour()
DATA = Path(__file__).resolve().parents[2] / "notebooks" / "data" / "end-easy.txt"
END_EASY = [
    (moves, int(score)) for moves, score in (line.split() for line in DATA.read_text().splitlines())
]
SAMPLE = random.Random(24).sample(END_EASY, 40)


def solve_by_hooks(game, state, calls=None):
    """The score for the player to move, by null-window alpha-beta with a table of bounds, using
    only the game's hooks (win_at_once, safe_new_states, order, score_bounds, canonical)."""
    table = {}

    def search(state, alpha, beta):
        if calls is not None:
            calls.append(state)
        if not game.possible_new_states(state):
            return game.evaluate(state, True)
        moves = game.safe_new_states(state)
        if not moves:
            return -game.win_score(game.stones(state) + 1)
        key = game.canonical(state)
        low, high = table.get(key) or game.score_bounds(state, True)
        alpha, beta = max(alpha, low), min(beta, high)
        if alpha >= beta:
            return alpha if alpha == low else beta
        best = -99
        for new_state in game.ordered_new_states(state, moves):
            best = max(best, -search(new_state, -beta, -max(alpha, best)))
            if best >= beta:
                break
        table[key] = (
            (best, high) if best >= beta else (low, best) if best <= alpha else (best, best)
        )
        return best

    if game.win_at_once(state) is not None:
        return game.win_score(game.stones(state))
    if not game.safe_new_states(state):
        return search(state, -99, 99)
    low, high = game.score_bounds(state, True)
    while low < high:
        middle = (low + high) // 2
        if search(state, middle, middle + 1) > middle:
            low = middle + 1
        else:
            high = middle
    return low


def test_connect_four_is_exported_and_on_the_map():
    assert nimlib.ConnectFour is ConnectFour
    assert "``connect_four``" in nimlib.games.__doc__ and "Connect Four" in " ".join(
        nimlib.__doc__.split()
    )


def test_from_moves_uses_the_benchmarks_columns_and_the_picture_shows_them():
    state = GAME.from_moves("4453")
    assert GAME.picture(state).splitlines()[-3:] == [
        ". . . O . . .",
        ". . O X X . .",
        "1 2 3 4 5 6 7",
    ]
    assert GAME.stones(state) == 4 and GAME.validate(state) == state
    assert GAME.describe_move(state, GAME.play(state, 7)) == "X in column 7"
    assert GAME.describe_move(GAME.start(), GAME.from_moves("1")) == "X in column 1"


def test_moves_go_left_to_right_and_order_puts_the_centre_first_on_an_empty_board():
    empty = GAME.start()
    columns = [GAME.column_played(empty, new) for new in GAME.possible_new_states(empty)]
    assert columns == [1, 2, 3, 4, 5, 6, 7]
    ordered = GAME.ordered_new_states(empty, GAME.possible_new_states(empty))
    assert [GAME.column_played(empty, new) for new in ordered] == [4, 3, 5, 2, 6, 1, 7]


def test_order_tries_a_move_that_makes_threats_before_the_centre():
    state = GAME.from_moves("4637")  # X to move: 2 makes two threats (1 and 5), 5 and 1 one each
    ordered = GAME.ordered_new_states(state, GAME.possible_new_states(state))
    assert [GAME.column_played(state, new) for new in ordered] == [2, 5, 1, 4, 3, 6, 7]


def test_a_row_of_four_ends_the_game_and_is_scored_by_the_stones_it_took():
    won = GAME.from_moves("1212121")  # X's 4th stone, 7 on the board: 6 before the winning one
    assert GAME.has_won(won) and GAME.possible_new_states(won) == []
    assert GAME.evaluate(won, True) == -18 and GAME.evaluate(won, False) == 18
    assert GAME.score_range == (-18, 18)
    assert GAME.evaluate(GAME.from_moves("121212"), True) is None
    for moves in ("1122334", "12233434414", "76655454474", "7766554"):
        state = GAME.from_moves(moves)
        assert GAME.has_won(state), moves
        assert GAME.evaluate(state, True) == -GAME.win_score(len(moves) - 1), moves


def test_a_full_board_without_four_is_a_draw():
    small = ConnectFour(4, 4)
    state = small.from_moves("1113233214423442")
    assert small.picture(state).splitlines()[0] == "X O X X" and small.stones(state) == 16
    assert not small.has_won(state)
    assert small.evaluate(state, True) == 0 and small.possible_new_states(state) == []


@pytest.mark.parametrize(("moves", "score"), SAMPLE)
def test_the_hooks_give_end_easys_exact_scores(moves, score):
    assert solve_by_hooks(GAME, GAME.from_moves(moves)) == score


@pytest.mark.parametrize(("moves", "score"), SAMPLE[:8])
def test_plain_negamax_gives_end_easys_exact_scores(moves, score):
    state = GAME.from_moves(moves)
    assert solve(GAME, state, method="negamax") == score
    assert solve(GAME, state, is_maximizing=False, method="negamax") == -score


@pytest.mark.parametrize(("moves", "score"), SAMPLE[:20])
def test_deepening_gives_end_easys_exact_scores(moves, score):
    assert solve(GAME, GAME.from_moves(moves), method="deepening") == score


class CountingHooks(ConnectFour):
    """Connect Four that counts how often a search asks it for threats (win_at_once and
    ordered_new_states)."""

    asked = Counter()

    def win_at_once(self, state):
        self.asked["win_at_once"] += 1
        return super().win_at_once(state)

    def ordered_new_states(self, state, new_states):
        self.asked["ordered_new_states"] += 1
        return super().ordered_new_states(state, new_states)


def test_deepening_searches_few_positions_and_asks_for_threats_only_where_they_can_matter():
    game, calls = CountingHooks(), 0
    CountingHooks.asked.clear()
    for moves, score in SAMPLE:
        stats = SearchStats(max_calls=None, max_seconds=None)
        assert solve(game, game.from_moves(moves), method="deepening", stats=stats) == score
        calls += stats.calls
    assert calls / len(SAMPLE) < 2 * 51.3, "within 2x of the tutorial's final solver"
    assert CountingHooks.asked["win_at_once"] < calls / 2, (
        "never after a safe move, whose mover cannot win at once"
    )
    assert CountingHooks.asked["ordered_new_states"] < calls, (
        "not where the table's best move cuts off, nor for a single move"
    )


@pytest.mark.parametrize(
    ("width", "height", "score"),
    [(4, 4, 0), (5, 4, 0), (4, 5, 0), (5, 5, 0), (6, 4, -1)],
)
@pytest.mark.slow
def test_small_boards_have_their_known_outcomes(width, height, score):
    """Tromp: 4x4, 5x4, 4x5 and 5x5 are draws; on 6x4 the second player wins (with the last
    stone)."""
    game = ConnectFour(width, height)
    assert solve_by_hooks(game, game.start()) == score


@pytest.mark.parametrize(("width", "height"), [(4, 4), (4, 5)])
def test_plain_negamax_agrees_on_the_smallest_boards(width, height):
    game = ConnectFour(width, height)
    unclocked = SearchStats(max_seconds=None)  # a busy machine must not stop the search
    assert solve(game, game.start(), method="negamax", stats=unclocked) == 0


def test_the_hooks_agree_with_the_rules_on_random_positions():
    rng = random.Random(7)
    for _ in range(300):
        state = GAME.start()
        for _ in range(rng.randrange(1, 38)):
            moves = GAME.possible_new_states(state)
            if not moves:
                break
            state = rng.choice(moves)
        moves = GAME.possible_new_states(state)
        winners = [new for new in moves if GAME.has_won(new)]
        assert (GAME.win_at_once(state) is None) == (not winners)
        safe = [
            new
            for new in moves
            if not any(GAME.has_won(reply) for reply in GAME.possible_new_states(new))
        ]
        if not winners and GAME.evaluate(state, True) is None:  # asked only where play goes on
            assert GAME.safe_new_states(state) == safe
        mirrored = mirror(state)
        assert mirror(mirrored) == state and GAME.canonical(mirrored) == GAME.canonical(state)
        assert GAME.validate(mirrored) == mirrored
        assert -1 < GAME.estimate(state, True) < 1, (
            "strictly between a proven loss and a proven win"
        )


def mirror(state: tuple[int, int]) -> tuple[int, int]:
    """The board seen in a mirror, as ConnectFour.canonical compares it."""
    return GAME.mirrored(state[0]), GAME.mirrored(state[1])


def test_the_mirror_image_is_worth_the_same():
    for moves, score in SAMPLE[:10]:
        mirrored = "".join(str(8 - int(column)) for column in moves)
        assert GAME.from_moves(mirrored) == mirror(GAME.from_moves(moves))
        assert solve_by_hooks(GAME, GAME.from_moves(mirrored)) == score


def test_the_search_counts_as_the_tutorial_about_its_final_solvers_positions():
    calls = []
    for moves, _ in SAMPLE:
        solve_by_hooks(GAME, GAME.from_moves(moves), calls)
    assert len(calls) / len(SAMPLE) < 2 * 51.3


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ("448", "move 3 of '448': column 8 is not on the board"),
        ("40", "move 2 of '40': column 0 is not on the board"),
        ("4a", "move 2 of '4a' is 'a': not a column number"),
        ("4 5", "move 2 of '4 5' is ' '"),
        ("1111111", "move 7 of '1111111': column 1 is full"),
        ("12121212", "move 8 of '12121212': column 2: the game is over, X has four in a row"),
    ],
)
def test_a_bad_move_raises_a_value_error_naming_it(moves, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        GAME.from_moves(moves)


@pytest.mark.parametrize(
    ("position", "message"),
    [
        (5, "a pair \\(mover, mask\\)"),
        ((1.0, 2.0), "a pair \\(mover, mask\\)"),
        ("x", "a pair \\(mover, mask\\)"),
        ((1, 2), "outside mask"),
        ((0, 2**60), "off the board"),
    ],
)
def test_from_moves_refuses_a_position_that_validate_refuses(position, message):
    for moves in ("4", ""):
        with pytest.raises(ValueError, match=message):
            GAME.from_moves(moves, position)
    assert GAME.from_moves("3", GAME.from_moves("44")) == GAME.from_moves("443")


def test_a_column_may_be_a_numpy_integer_but_not_a_float():
    board = GAME.play(GAME.start(), np.int64(4))
    assert GAME.column_played(GAME.start(), board) == 4 and type(board[0]) is int
    with pytest.raises(ValueError, match="is not on the board: the columns are 1 to 7"):
        GAME.play(GAME.start(), np.int64(9))
    for column in (4.0, True, "4"):  # "4" was told it is not on the board
        with pytest.raises(ValueError, match="a column is a whole number from 1 to 7, not "):
            GAME.play(GAME.start(), column)


def test_a_state_may_hold_numpy_integers_but_not_floats_or_bools():
    moves, score = SAMPLE[0]
    mover, mask = GAME.from_moves(moves)
    state = (np.int64(mover), np.int64(mask))
    assert GAME.validate(state) == (mover, mask) and type(GAME.validate(state)[1]) is int
    assert solve(GAME, state, method="negamax") == score
    for odd in ((float(mover), mask), (False, 0), (mover, True)):
        with pytest.raises(ValueError, match="a pair \\(mover, mask\\) of whole numbers"):
            solve(GAME, odd)


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"width": 3}, "width must be at least 4"),
        ({"height": 3}, "height must be at least 4"),
        ({"width": 10}, "width = 10 is too large: at most 9"),
        ({"height": 12}, "height = 12 is too large: at most 9"),
        ({"width": 7.5}, "width must be a whole number"),
    ],
)
def test_sizes_outside_4_to_9_raise_a_clear_error(settings, message):
    with pytest.raises(ValueError, match=message):
        ConnectFour(**settings)


def stones(*cells: tuple[int, int]) -> int:
    """The bitboard of `cells` on 7 x 6, each (column, row) from 1 at the bottom left."""
    return sum(1 << (column - 1) * 7 + row - 1 for column, row in cells)


# O to move after X's fours in columns 1 and 3, which no one stone of X made together
X_FOURS = stones(*((column, row) for column in (1, 3) for row in range(1, 5)))
O_STONES = stones((2, 1), (2, 2), (2, 3), (5, 1), (5, 2), (6, 1), (6, 2))
BOTH_FOURS_OF_X = (O_STONES, X_FOURS | O_STONES)
# O to move after X's four along the bottom, each of its stones covered since
X_BOTTOM = stones((1, 1), (2, 1), (3, 1), (4, 1), (3, 2))
O_ABOVE = stones((1, 2), (2, 2), (4, 2), (5, 1))
COVERED_FOUR_OF_X = (O_ABOVE, X_BOTTOM | O_ABOVE)


@pytest.mark.parametrize(
    ("state", "message"),
    [
        ("4453", "a pair \\(mover, mask\\)"),
        ((3, 3), "half the stones"),
        ((0, 2), "floating"),
        ((0, 1 << 6), "off the board"),
        ((2, 1), "outside mask"),
        (BOTH_FOURS_OF_X, "no last stone made"),
        (COVERED_FOUR_OF_X, "no last stone made"),
    ],
)
def test_invalid_states_are_refused_by_name(state, message):
    with pytest.raises(ValueError, match=message):
        GAME.validate(state)
    with pytest.raises(ValueError):
        solve(GAME, state)


def test_score_bounds_hold_where_neither_player_wins_at_once_and_flip_for_min():
    for moves, score in SAMPLE:
        state = GAME.from_moves(moves)
        if GAME.win_at_once(state) is None:
            low, high = GAME.score_bounds(state, True)
            assert low <= score <= high and GAME.score_bounds(state, False) == (-high, -low), moves


def test_repr_names_only_the_settings_that_differ():
    assert (
        repr(GAME) == "ConnectFour()"
        and repr(ConnectFour(5, 4)) == "ConnectFour(width=5, height=4)"
    )
    assert ConnectFour(7, 6) == GAME and hash(ConnectFour(7, 6)) == hash(GAME)


def test_an_exact_score_says_who_wins_and_with_how_many_more_stones():
    game = ConnectFour()
    assert game.outlook(6, 18) == "this stone makes four in a row"
    assert game.outlook(4, 18) == "it wins with its next stone, whatever you play"
    assert (
        game.outlook(0, 14) == "it wins with 7 more of its stones, whatever you play"
    )  # its 8th: the 15th stone
    assert game.outlook(5, -18) == "you can win with your next stone"
    assert game.outlook(5, -17) == "you can win with 2 more of your stones"
    assert game.outlook(1, -18) == "you can win with 3 more of your stones"  # your 4th
    assert game.outlook(9, 0) == "a draw if both play their best"


@pytest.mark.parametrize(
    "state, problem",
    [
        ("4453", r"a state must be a pair \(mover, mask\)"),
        ((0, 1.0), r"a state must be a pair \(mover, mask\)"),
        ((0, 2), "has a stone floating above an empty cell"),
        ((1, 1), "stones of the player to move out of 1"),
    ],
)
def test_describe_state_refuses_a_board_play_cannot_reach(state, problem):
    with pytest.raises(ValueError, match=problem):
        GAME.describe_state(state)


@pytest.mark.parametrize(
    "stones, score, problem",
    [
        (8, 18, "no move played onto 8 stones scores 18"),
        (3, 100, "score = 100 is too large: at most 18 is allowed"),
        (1, -19, "score must be at least -18, not -19"),
        (3, 2.5, r"score must be a whole number, not 2.5 \(float\)"),
        ("x", 1, r"stones must be a whole number, not 'x' \(str\)"),
        (42, 0, "stones = 42 is too large: at most 41 is allowed"),
    ],
)
def test_the_outlook_of_a_score_no_move_can_have_is_refused(stones, score, problem):
    with pytest.raises(ValueError, match=problem):
        GAME.outlook(stones, score)


def test_on_a_board_of_odd_cells_no_win_comes_before_the_winners_fourth_stone():
    game = ConnectFour(5, 5)  # a win onto 5 stones would be worth 10, as onto 6
    assert game.score_range == (-10, 10)
    assert game.outlook(6, 10) == "this stone makes four in a row"
    with pytest.raises(ValueError, match="no move played onto 5 stones scores 10"):
        game.outlook(5, 10)


def test_a_wins_worth_runs_from_the_first_stone_to_the_last_cell():
    assert GAME.win_score(0) == 21 and GAME.win_score(6) == 18 and GAME.win_score(41) == 1
    assert ConnectFour(4, 4).win_score(15) == 1
    assert GAME.win_score(42) == 0  # a full board: notebook 11's bound on a loss one stone later


@pytest.mark.parametrize(
    "stones_before, problem",
    [
        (-1, "stones_before must be at least 0, not -1"),
        (43, "stones_before = 43 is too large: at most 42 is allowed"),
        (6.0, r"stones_before must be a whole number, not 6.0 \(float\)"),
        (True, r"stones_before must be a whole number, not True \(bool\)"),
    ],
)
def test_a_wins_worth_is_refused_for_stones_no_board_can_hold(stones_before, problem):
    with pytest.raises(ValueError, match=problem):
        GAME.win_score(stones_before)


def test_the_winning_cells_are_the_four_of_the_player_who_just_moved():
    assert GAME.winning_cells(GAME.from_moves("1212121")) == [(1, 1), (1, 2), (1, 3), (1, 4)]
    assert GAME.winning_cells(GAME.from_moves("121212")) == []


@pytest.mark.parametrize(
    "state, problem",
    [
        ("x", r"a state must be a pair \(mover, mask\)"),
        ((1 << 60, 1 << 60), "has stones off the board"),
        ((-1, 0), "has stones off the board"),  # its bits never ran out: winning_cells hung
    ],
)
def test_the_winning_cells_of_stones_off_the_board_are_refused(state, problem):
    with pytest.raises(ValueError, match=problem):
        GAME.winning_cells(state)


def test_describe_state_counts_one_stone_in_the_singular():
    """A message about a one-stone position said "the board of 1 stones"."""
    assert GAME.describe_state(GAME.from_moves("4")).startswith("the board of 1 stone, O to move")
    assert GAME.describe_state(GAME.from_moves("44")).startswith("the board of 2 stones, X to move")


def test_the_estimate_counts_the_open_lines_through_each_stone():
    # the player to move (O) after X's first stone: the centre lies on 7 lines, a corner on 3
    assert GAME.estimate(GAME.from_moves("4"), True) == pytest.approx(-0.7 / 1.7)
    assert GAME.estimate(GAME.from_moves("1"), True) == pytest.approx(-0.3 / 1.3)
    # O's stone on X's closes X's line up the column: X keeps 6 lines, O's stone has 9
    assert GAME.estimate(GAME.from_moves("44"), True) == pytest.approx(-0.3 / 1.3)


def points_by_hand(game, state):
    """The estimate's points as its docstring words them, cell by cell (column, row from 0 at the
    bottom left): each stone's open lines; 3 for each threat on a row that suits its owner."""
    mover_bits, mask = state
    width, height = game.width, game.height

    def mark(column, row):  # +1 the mover's stone, -1 the other's, 0 empty, None off the board
        if not (0 <= column < width and 0 <= row < height):
            return None
        bit = 1 << column * (height + 1) + row
        return 0 if not mask & bit else 1 if mover_bits & bit else -1

    def lines_through(column, row):
        for across, up in ((0, 1), (1, 0), (1, 1), (1, -1)):
            for back in range(4):
                yield [mark(column + (k - back) * across, row + (k - back) * up) for k in range(4)]

    def falls_to_the_first_player(row):  # the last of its column, every other cell full
        return (width * height - (height - row)) % 2 == 0  # an even number of stones before it

    first_to_move = mask.bit_count() % 2 == 0
    points = 0
    for column in range(width):
        for row in range(height):
            own = mark(column, row)
            if own:  # a stone: a point for each line with none of the other's
                points += own * sum(None not in line and -own not in line
                                    for line in lines_through(column, row))  # fmt: skip
            for owner in (1, -1) if own == 0 else ():  # an empty cell: whose threat is it?
                owner_moved_first = (owner == 1) == first_to_move
                if falls_to_the_first_player(row) == owner_moved_first and any(
                    line.count(owner) == 3 and None not in line
                    for line in lines_through(column, row)
                ):
                    points += 3 * owner
    return points


@pytest.mark.parametrize(
    ("width", "height", "games"), [(7, 6, 40), (6, 7, 10), (6, 5, 10), (4, 4, 10)]
)
def test_the_estimate_is_the_points_its_docstring_counts(width, height, games):
    game, rng = ConnectFour(width, height), random.Random(3)
    for _ in range(games):
        state = game.start()
        while game.evaluate(state, True) is None:
            squeezed = game.estimate(state, True)
            assert 10 * squeezed / (1 - abs(squeezed)) == pytest.approx(points_by_hand(game, state))
            state = rng.choice(game.possible_new_states(state))
