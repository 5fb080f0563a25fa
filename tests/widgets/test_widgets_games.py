"""The widgets on the games beyond +1/-1 Nim: Scored Nim, the textbook trees, and tic-tac-toe in
play()."""

import dataclasses
import re
import traceback

import pytest

from nimlib import TicTacToe, minimax
from nimlib.games.explicit_tree import deep_cutoff_tree, textbook_tree
from nimlib.games.printer import plural
from nimlib.games.scored_nim import ScoredNim
from nimlib.widgets import (
    GridMatch,
    Position,
    explain,
    explore,
    play,
    play_connect_four,
    replay,
    search_tree,
)
from nimlib.widgets.positions import NIM_VARIANTS, VARIANTS


def captions(player) -> list[str]:
    """Every caption a replay shows, from its first step to its last."""
    shown = []
    for step in range(1, player.step.max + 1):
        player.step.value = step
        shown.append(player.text)
    return shown


def cut_offs(player) -> list[str]:
    """The cut-off lines of a whole replay, in the order they appear."""
    return [
        line
        for text in captions(player)
        for line in text.splitlines()
        if line.startswith("Cut-off")
    ]


def test_replay_of_the_textbook_tree_cuts_off_under_c_with_alpha_from_b():
    player = replay("Textbook tree")
    assert player.step.max == 12 and player.text.startswith("Visit 1 of 11: A with Max to move")
    assert player.window.label == "α, β from 0, 20"  # its own range: no plus, its middle is 10
    assert cut_offs(player) == [
        "Cut-off at C (Min to move, reached by A → C): α = 3 ≥ β = 2, "
        "so its other 2 moves are skipped: nothing there can change its score."
    ]
    assert player.text == "The search is over after 11 visits: the root scores 3."


def test_replay_of_the_deep_cutoff_tree_hands_alpha_down_three_levels():
    player = replay("Deep cut-off tree")
    texts = captions(player)
    assert any("C1.1 with Min to move, entered with α = 5, β = 9." in text for text in texts)
    assert any(
        line.startswith("Cut-off at C1.1 (Min to move, reached by A → C → C1 → C1.1)")
        for line in cut_offs(player)
    )
    assert texts[-1] == "The search is over after 26 visits: the root scores 6."
    assert minimax(deep_cutoff_tree(), "A", True) == 6


def test_replay_of_scored_nim_starts_from_its_score_range_or_from_infinity():
    player = replay("Scored Nim", counters=8)
    assert player.window.label == "α, β from -31, +31"
    assert player.text.startswith(
        "Visit 1 of 26: (8, 0) with Max to move, entered with α = -31, β = +31."
    )
    player.step.value = player.step.max
    best = minimax(ScoredNim(), (8, 0), True)
    assert player.text.startswith(f"The search is over after 26 visits: the root scores +{best}")
    wide = replay("Scored Nim", counters=8, window="wide")
    assert "entered with α = -∞, β = +∞" in wide.text and wide.window.label == "α, β from -∞, +∞"
    bounds = {bound for text in captions(wide) for bound in re.findall(r"[αβ] = [+-]\d+", text)}
    assert len(bounds) > 5  # real bounds from the scores found, carried down the tree


def test_changing_the_game_relabels_the_window_and_keeps_the_choice():
    player = replay("Simple-Nim", 5, window="wide")
    player.picker.variant.value = (
        "Scored Nim"  # the counters stay at 5: the row 3 1 4 1 5, worth 14
    )
    assert player.window.value == "wide" and "α = -∞" in player.text
    player.window.value = "narrow"
    assert (
        player.window.label == "α, β from -14, +14"
        and "entered with α = -14, β = +14" in player.text
    )
    player.picker.variant.value = "Textbook tree"
    assert player.window.value == "narrow" and "entered with α = 0, β = 20" in player.text


def test_relabelling_the_window_for_a_new_game_searches_it_once(monkeypatch):
    from nimlib.widgets import replaying

    player = replay("Simple-Nim", 5, window="wide")
    searched = []

    def counted(position, *args, **kwargs):
        searched.append(position.variant)
        return search_tree(position, *args, **kwargs)

    monkeypatch.setattr(replaying, "search_tree", counted)
    player.picker.variant.value = "Scored Nim"  # a new score range: the window's labels change
    assert searched == ["Scored Nim"] and player.window.value == "wide"


@pytest.mark.parametrize("algorithm", ["minimax", "memo", "alphabeta"])
@pytest.mark.parametrize(("variant", "score"), [("Textbook tree", "3"), ("Deep cut-off tree", "6")])
def test_every_algorithm_replays_the_trees_to_their_minimax_score(variant, score, algorithm):
    player = replay(variant, method=algorithm)
    player.step.value = player.step.max
    assert player.text.startswith(
        f"The search is over after {player.step.max - 1} visits: the root scores {score}."
    )


def test_explore_shows_scored_nim_by_its_margin_with_a_slider_for_the_row():
    explorer = explore("Scored Nim", counters=8)
    best = minimax(ScoredNim(), (8, 0), True)
    assert explorer.text.splitlines()[:2] == [
        f"Score +{best}: the most the player to move (Max) can make sure of, whatever Min does.",
        f"Best move: take 3 worth 17 (it makes sure of +{best}).",
    ]
    picker = explorer.picker
    assert (picker.counters.min, picker.counters.max) == (
        1,
        8,
    ) and picker.counters.layout.display == ""
    assert picker.pile_count.layout.display == "none" and picker.ending.layout.display == "none"
    picker.counters.value = 4  # the row 3 1 4 1: Max takes 4 1 (5), Min the rest (4)
    assert explorer.text.startswith(
        f"Score {minimax(ScoredNim(values=(3, 1, 4, 1)), (4, 0), True):+d}:"
    )
    assert "Scored Nim from (4, 0)" in explorer.text


def test_explore_shows_the_trees_with_no_counters_or_piles_to_pick():
    explorer = explore("Textbook tree")
    picker = explorer.picker
    hidden = [picker.counters, picker.pile_count, picker.ending, *picker.piles]
    assert all(control.layout.display == "none" for control in hidden)
    assert explorer.text.splitlines()[1] == "Best move: a1 (it makes sure of 3)."
    assert "13 nodes, 11 visited, 2 pruned; root score 3" in explorer.text
    assert explain("Deep cut-off tree").startswith("Score 6: the most the player to move (Max)")
    assert minimax(textbook_tree(), "A", True) == 3


@pytest.mark.parametrize(
    ("variant", "count"),
    [("Textbook tree", "1 cut-off."), ("Deep cut-off tree", "3 cut-offs."), ("Scored Nim", "")],
)
def test_explore_counts_the_cut_offs_that_replay_shows(variant, count):
    shown = len(cut_offs(replay(variant)))
    assert f", {plural(shown, 'cut-off')}." in explain(variant) and count in explain(variant)


def test_the_new_choices_keep_their_still_pictures():
    picture = replay("Textbook tree")._repr_mimebundle_()["text/html"]
    assert "game: <b>Textbook tree</b>" in picture and "window: <b>α, β from 0, 20</b>" in picture
    assert "<svg" in picture or "data:image/svg+xml" in picture
    explorer = explore("Scored Nim", counters=5)
    bundle = explorer._repr_mimebundle_()
    assert "row: <b>3 1 4 1 5</b>" in bundle["text/html"] and "counters:" not in bundle["text/html"]
    assert bundle["text/plain"].startswith(
        "Explorer of Scored Nim from the row 3 1 4 1 5, by alpha-beta"
    )


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (
            lambda: replay("Scored Nim", counters=9),
            "Scored Nim's counters = 9 is too large: at most 8",
        ),
        (lambda: explore("Scored Nim", counters=0), "counters must be at least 1, not 0"),
        (lambda: replay("Textbook tree", window="textbook"), "unknown window 'textbook'"),
        (
            lambda: explore("Deep cut-off tree", large="yes"),
            "large must be True or False, not 'yes'",
        ),
        (
            lambda: play("Textbook tree"),
            "unknown variant 'Textbook tree': choose one of 'Simple-Nim'",
        ),
        (lambda: play("Tic-tac-toe", you_start="no"), "you_start must be True or False, not 'no'"),
        # these said only "unknown variant": the games of 11 and 12 have widgets of their own
        (lambda: play("Connect Four"), "not 'Connect Four': play it with play_connect_four()"),
        (lambda: play("pig"), "not 'pig': play it with play_pig()"),
        # explore() said "unknown variant", and "a game of your own" for tic-tac-toe itself
        (lambda: explore("Connect Four"), "play it with play_connect_four(), or watch MCTS"),
        (lambda: explore(TicTacToe()), "not TicTacToe(): play it with play_grid(), or watch"),
        # names written otherwise: "Dice Nim" was asked "did you mean 'Scored Nim'?"
        (lambda: explore("connect-four"), "not 'connect-four': play it with play_connect_four()"),
        (lambda: explore("Dice Nim"), "not 'Dice Nim': solve it with expectiminimax(game, "),
        (lambda: play("tictactoe"), "unknown variant 'tictactoe'"),
    ],
)
def test_bad_choices_are_clear_errors(make, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        make()


@pytest.mark.parametrize(
    "settings, words",
    [
        (("Nim", (1, 2)), "Nim has no use for counters=(1, 2): it takes piles and last_counter_"),
        (("Split Nim", 7), "Split Nim has no use for counters=7: it takes piles"),
        (("Simple-Nim", 5, (9, 9)), "Simple-Nim has no use for piles=(9, 9): it takes counters"),
        (("Textbook tree", -3, "no piles"), "has no use for counters=-3, piles='no piles'"),
    ],
)
def test_a_position_refuses_the_settings_its_variant_does_not_use(settings, words):
    """Position("Nim", (1, 2)), the piles given where the counters go, was Nim from (1, 2, 3),
    the default piles, without a word: notebook 06's learner searched another position."""
    with pytest.raises(ValueError, match=re.escape(words)):
        Position(*settings)


@pytest.mark.parametrize(
    "call",
    [
        lambda: explore("Nim", 7),
        lambda: replay("Nim", counters=3),
        lambda: play("Split Nim", 5),
        lambda: explain("Scored Nim", 0),
    ],
)
def test_a_refused_setting_is_raised_from_the_widgets_entry_point(call):
    """Its traceback went on through the dataclass's __init__, __post_init__ and refuse_unused:
    36 lines in a notebook above the one that says what is wrong."""
    with pytest.raises(ValueError) as refused:
        call()
    frames = [frame.name for frame in traceback.extract_tb(refused.value.__traceback__)]
    entry_points = ("explore", "replay", "play", "explain")
    assert frames[-1] == "given_position" and frames[-2] in entry_points, frames
    assert refused.value.__suppress_context__


def test_a_position_is_one_game_whose_repr_reads_back():
    """One game is one Position, however the pickers it came from stood."""
    position = Position("Textbook tree")
    assert position.state == "A" and str(position).startswith("the textbook tree [[3, 12, 8]")
    assert search_tree(position, "alphabeta").root.score == 3
    assert Position("Nim", piles=[1, 2, 3]) == Position("Nim", None, (1, 2, 3), True)
    nim = Position("Nim", piles=(1, 2))
    assert eval(repr(nim)) == nim and nim.counters is None
    assert dataclasses.replace(nim, piles=(2, 3)).state == (2, 3)
    with pytest.raises(ValueError, match=r"such as explore\('Nim', piles=\(1, 2\)\), not a Posi"):
        explore(nim)  # it said "unknown variant Position(variant='Nim', counters=5, ...)"


def test_play_keeps_its_ten_counters_for_a_one_pile_game_chosen_after_a_game_of_piles():
    """Chosen from the menu after Nim, Fibonacci Nim started from 5 counters, a loss for the
    player who moves first, not play()'s 10."""
    match = play("Nim", piles=(1, 2, 3))
    match.picker.variant.value = "Fibonacci Nim"
    assert match.picker.position.counters == 10


def test_play_hands_tic_tac_toe_to_the_grid_and_offers_only_nim_in_its_list():
    grid = play("Tic-tac-toe", you_start=False)
    assert isinstance(grid, GridMatch) and grid.state.count("X") == 1  # the computer has opened
    assert "X" not in play("Tic-tac-toe").state  # you start: the board waits for you
    with pytest.raises(ValueError, match=f"{NIM_VARIANTS[-1]!r}, 'Tic-tac-toe'"):
        play("Chess")
    match = play("Nim")
    won_or_lost = [name for name in VARIANTS if Position(name).game.score_range == (-1, 1)]
    assert match.picker.variant.options == tuple(won_or_lost)  # no scored game, no fixed tree


CLASS_NAMES = re.compile(
    r"SimpleNim|SplitNim|FibonacciNim|ScoredNim|ExplicitTree|TicTacToe|ConnectFour|ColumnsFrom"
)


@pytest.mark.parametrize("variant", VARIANTS)
def test_widgets_call_every_game_by_its_name_never_by_its_class(variant):
    explorer, player = explore(variant), replay(variant)
    player.step.value = player.step.max
    shown = [
        explorer.text,
        explorer.picture_html(),
        repr(explorer),
        player.text,
        player.picture_html(),
        repr(player),
    ]
    shown.append(explain(variant))
    if variant in NIM_VARIANTS:
        match = play(variant)
        shown += [match.text, match.picture_html(), repr(match)]
    assert not CLASS_NAMES.search("\n".join(shown))
    assert Position(variant).game.name in explorer.text


def test_a_variant_is_one_entry_of_variants(monkeypatch):
    from nimlib import SimpleNim
    from nimlib.widgets import positions

    subtraction = positions.Variant(
        game=lambda position: SimpleNim(
            takes=(1, 3, 4), last_counter_loses=position.last_counter_loses
        ),
        start=lambda position: position.counters,
        picks=positions.ONE_PILE,
        sizes=(0, 20),
        either_ending=True,
    )
    monkeypatch.setitem(positions.VARIANTS, "Take 1, 3 or 4", subtraction)
    explorer = explore("Take 1, 3 or 4", 7)
    assert explorer.picker.variant.options[-1] == "Take 1, 3 or 4"
    assert explorer.picker.counters.max == 20 and explorer.picker.ending.layout.display != "none"
    assert "Best move: take 4, leaving 3 (it wins)" in explorer.text  # misère: 3 loses
    assert "Score -1" in explain(
        "Take 1, 3 or 4", 7, last_counter_loses=False
    )  # 7 loses in normal play
    assert replay("Take 1, 3 or 4", 6).picker.position.game.takes == (1, 3, 4)
    larger = positions.Variant(
        game=lambda position: positions.VARIANTS["Nim"].game(position),
        start=lambda position: position.piles,
        picks=positions.PILES,
        sizes=(0, 20),
    )
    monkeypatch.setitem(positions.VARIANTS, "Larger Nim", larger)
    assert explore("Larger Nim", piles=(15, 3)).picker.position.piles == (15, 3)


def test_a_variant_starts_from_its_games_standard_form(monkeypatch):
    """A game of one's own whose validate drops the empty rows, (0, 2) to (2,), was given (0, 2)
    by the pickers: play() offered moves to (0,) and (0, 1), each refused as "not one move away",
    and explore() blamed the game for a dead end at (0,)."""
    from nimlib import Nim
    from nimlib.widgets import playing, positions

    class Rows(Nim):
        name = "Rows"
        score_depends_only_on_mover = True

        def validate(self, state):
            return tuple(row for row in super().validate(state) if row) or (0,)

        def possible_new_states(self, state):
            return [self.validate(new_state) for new_state in super().possible_new_states(state)]

    rows = positions.Variant(
        game=lambda position: Rows(), start=lambda position: position.piles, picks=positions.PILES
    )
    monkeypatch.setitem(positions.VARIANTS, "Rows", rows)
    monkeypatch.setattr(playing, "NIM_VARIANTS", (*positions.NIM_VARIANTS, "Rows"))
    match = play("Rows", piles=(0, 2))
    assert match.text.startswith("New game: Rows from (2,).")
    assert [button.description for button in match.moves.children] == [
        "take 2 from pile 1",
        "take 1 from pile 1",
    ]
    assert "Best move: take 1 from pile 1 (it wins)" in explore("Rows", piles=(0, 2)).text


def test_the_boards_of_buttons_call_their_games_by_name():
    assert repr(play("Tic-tac-toe")) == "A game of tic-tac-toe against the computer"
    assert repr(play_connect_four()) == "A game of Connect Four against the computer"
