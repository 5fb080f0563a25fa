"""Connect Four's picture, its tree with moves for names, and the game against the computer."""

import pytest

from nimlib import ConnectFour, SearchStats, game_tree, principal_variation
from nimlib.drawing.board import board_html, board_svg, draw_board
from nimlib.games.connect_four import ColumnsFrom
from nimlib.widgets.connect_four import play_connect_four, signed, think

GAME = ConnectFour()


def test_the_board_is_drawn_with_a_circle_per_cell_in_the_players_colours():
    state = GAME.from_moves("4453")
    svg = board_svg(GAME, state)
    assert svg.count("<circle") == 42 and svg.count("#d62828") == 2 and svg.count("#f4c430") == 2
    assert board_html(GAME, state).startswith('<img src="data:image/svg+xml;base64,')
    assert "stroke-dasharray" in board_svg(GAME, state, highlight=3)
    assert repr(draw_board(GAME, state)) == GAME.picture(state)
    with pytest.raises(ValueError, match="floating"):
        draw_board(GAME, (0, 2))


def test_a_tree_from_a_late_position_names_its_nodes_by_the_columns_played():
    state = GAME.from_moves("211376455663355325112113664364524722")
    view = ColumnsFrom(GAME, state)
    tree = game_tree(view, view.start(), alphabeta=True)
    nodes = list(tree)
    assert tree.root.score == 0 and nodes[1].state == "…4" and len(nodes) == 30
    assert sum(not node.visited for node in nodes) == 16
    with pytest.raises(ValueError, match="column 8 is not on the board"):
        view.validate("…8")


def test_the_computer_finds_a_win_at_once_and_says_its_exact_score():
    state = GAME.from_moves("1212121"[:-1])  # X to move: column 1 wins
    thought = think(GAME, state, 0.5)
    assert GAME.column_played(state, thought.new_state) == 1 and thought.score == 18 and thought.exact


def test_the_computer_thinks_within_its_budget_from_the_empty_board():
    thought = think(GAME, GAME.start(), 0.3)
    assert thought.depth >= 2 and not thought.exact
    assert GAME.column_played(GAME.start(), thought.new_state) == 4


@pytest.mark.parametrize(
    ("moves", "score"), [("52677675164321472411331752454", 0), ("7422341735647741166133573473242566", 1)]
)
def test_once_the_position_is_solvable_in_time_the_computer_says_the_exact_score_and_its_line(moves, score):
    state = GAME.from_moves(moves)  # End-Easy cases with the benchmark's scores
    thought = think(GAME, state, 2.0)
    assert thought.exact and thought.score == score
    stats = SearchStats(max_calls=None, max_seconds=None)
    line = principal_variation(GAME, thought.new_state, "deepening", stats, depth=thought.depth - 1)
    assert thought.variation == line and len(line) == thought.depth - 1 > 4


def test_scores_in_the_news_carry_their_sign_and_a_draw_is_zero():
    assert (signed(3), signed(-0.5), signed(0), signed(0.0)) == ("+3", "-0.5", "0", "0")


def test_a_game_against_the_computer_takes_clicks_and_refuses_bad_ones_in_words():
    match = play_connect_four(seconds=0.2)
    match.choose(4)
    assert GAME.stones(match.state) == 2 and "The computer: column" in match.text
    assert "an estimate" in match.text and "moves ahead" in match.text and "It expects the columns" in match.text
    match.choose(9)
    assert "Column 9 is not on the board" in match.words.value and GAME.stones(match.state) == 2
    for _ in range(6):
        match.choose(1)
    assert "full" in match.words.value or match.is_over
    bundle = match._repr_mimebundle_()
    assert bundle["text/html"].startswith("<img") and "text/plain" in bundle


@pytest.mark.parametrize(("settings", "message"), [({"seconds": 0}, "seconds must be"), ({"game": "x"}, "ConnectFour")])
def test_bad_settings_raise_clear_errors(settings, message):
    with pytest.raises(ValueError, match=message):
        play_connect_four(**settings)
