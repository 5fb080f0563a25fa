"""Best play (the principal variation) drawn in the tree: draw_tree(best_play=...), explore() and
replay()."""

import re

import pytest

from nimlib import Nim, SimpleNim, draw_tree, game_tree, principal_variation
from nimlib.drawing.layout import node_names
from nimlib.drawing.style import BEST_PLAY
from nimlib.widgets import explore, replay
from nimlib.widgets.exploring import explorer_page
from nimlib.widgets.positions import Position
from nimlib.widgets.searches import best_play, search_tree
from nimlib.widgets.snapshots import NOW, Snapshot, best_play_text, search_drawing


def green_nodes(source: str) -> list[str]:
    """The names of the tree's nodes drawn in the colour of best play (the legend's sample left
    out)."""
    return re.findall(rf"^\t(n\d+) \[[^\n]*color=\"{BEST_PLAY}\"", source, flags=re.MULTILINE)


def green_edges(source: str) -> list[tuple[str, str]]:
    """The edges drawn in the colour of best play, as (parent, child) names."""
    return re.findall(
        rf"^\t(n\d+) -> (n\d+) \[[^\n]*color=\"{BEST_PLAY}\"", source, flags=re.MULTILINE
    )


def names_on(tree, line) -> list[str]:
    """The drawing's names (n0, n1, ...) of the nodes `line` passes through, the root first."""
    names = node_names(tree)
    return [names[node] for node in tree.line(line)]


def test_draw_tree_draws_the_principal_variation_green_from_the_root_to_the_end():
    game = SimpleNim()
    line = principal_variation(game, 6)
    tree = game_tree(game, 6, alphabeta=True)
    source = draw_tree(tree, best_play=line).source
    on_line = names_on(tree, line)
    assert [tree.root.state, *line] == [6, 5, 4, 1, 0] and len(on_line) == len(line) + 1
    assert green_nodes(source) == on_line
    assert green_edges(source) == list(zip(on_line, on_line[1:], strict=False))
    assert 'label="best play"' in source  # the legend says what green means


def test_without_best_play_the_drawing_is_unchanged():
    tree = game_tree(SimpleNim(), 6, alphabeta=True)
    plain = draw_tree(tree)
    assert draw_tree(tree, best_play=()).source == plain.source
    assert BEST_PLAY not in plain.source and "best play" not in plain.source


def test_a_line_that_is_not_a_game_is_refused_and_one_past_the_tree_stops_where_it_does():
    game = Nim()
    tree = game_tree(game, (1, 1, 3), alphabeta=True, keep_pruned=False)
    line = principal_variation(game, (1, 1, 3))
    assert len(tree.line(line)) < len(line) + 1  # best play goes on in a branch alpha-beta cut off
    with pytest.raises(ValueError, match=r"not a game: \(0, 0, 0\) is not a move from \(1, 1, 3\)"):
        tree.line([(0, 0, 0)])
    with pytest.raises(TypeError, match="a line of play must be a list of states"):
        draw_tree(tree, best_play=5)


def test_explore_shows_best_play_when_ticked_and_says_it_in_words():
    explorer = explore("Simple-Nim", 6)
    plain_picture = explorer.view.value
    assert "Best play" not in explorer.text and ("show best play", "on") not in explorer.settings()
    explorer.best_play.value = True
    assert (
        explorer.text.splitlines()[-1]
        == "Best play, in green: 6 → 5 → 4 → 1 → 0 (4 moves, each side's best)."
    )
    assert (
        explorer.text.splitlines()[1] == "Best move: take 1, leaving 5 (it wins)."
    )  # the line's first move
    assert ("show best play", "on") in explorer.settings()
    explorer.best_play.value = False
    assert explorer.view.value == plain_picture  # the stored picture without it is as before


def test_explore_says_which_part_of_best_play_the_search_never_visited_or_the_tree_leaves_out():
    lines = explorer_page(Position("Nim", piles=(1, 1, 3)), "alphabeta", True, False, True)[0]
    assert lines[-1].endswith(
        "The search never visited its last 2 positions (dashed): it knew the score without."
    )
    lines = explorer_page(Position("Nim", piles=(1, 1, 3)), "alphabeta", False, False, True)[0]
    assert lines[-1].endswith(
        'Its last 2 moves lie in branches not drawn (tick "show pruned branches").'
    )


def test_best_play_is_the_principal_variation_and_a_search_past_its_budget_says_so(monkeypatch):
    position = Position("Nim", piles=(2, 3))
    assert best_play(position) == tuple(principal_variation(Nim(), (2, 3), "memo_canonical"))
    monkeypatch.setattr("nimlib.widgets.searches.QUICK_CALLS", 3)
    assert best_play.__wrapped__(position) == ()
    tree = search_tree(position, "alphabeta")
    assert best_play_text(tree, (), wanted=True) == ["Best play: not found within 50,000 calls."]
    assert best_play_text(tree, (), wanted=False) == []


def test_replay_draws_best_play_only_where_the_search_has_been_and_keeps_the_visited_now_colour():
    tree = search_tree(Position("Simple-Nim", 6), "alphabeta")
    line = best_play(Position("Simple-Nim", 6))
    on_line = names_on(tree, line)
    assert (
        green_nodes(search_drawing(tree, 1, best_play=line).source) == []
    )  # the root is visited now
    done = tree.visited_count + 1
    assert green_nodes(search_drawing(tree, done, best_play=line).source) == on_line
    for step in range(2, done):
        source = search_drawing(tree, step, best_play=line).source
        shown = Snapshot(tree, step).shown
        assert all(node in shown for node in tree.line(line)[: len(green_nodes(source))])
        assert (
            'label="best play"' in source
        )  # in the legend at every step: the picture does not move
        assert re.search(rf"color=\"{NOW}\"", source)


def test_replay_ticked_says_best_play_at_every_step_and_in_its_still_picture():
    player = replay("Simple-Nim", 6, best_play=True)
    expected = "Best play, in green: 6 → 5 → 4 → 1 → 0 (4 moves, each side's best)."
    for step in (1, 12, player.step.max):
        player.step.value = step
        assert player.text.splitlines()[-1] == expected
    assert ("show best play", "on") in player.settings()
    assert "Best play, in green" in player.saved_html()


def test_best_play_in_branches_too_large_to_draw_does_not_send_the_learner_round():
    """It said to tick "show pruned branches", which then said the tree was too large and to
    untick it, for Simple-Nim from 12 to 30 counters."""
    lines = explorer_page(Position("Simple-Nim", 12), "memo", False, False, True)[0]
    assert lines[-1].endswith(
        "Its last 5 moves lie in branches not drawn: with them, the tree is too large to draw."
    )
    lines = explorer_page(Position("Simple-Nim", 5), "memo", False, False, True)[0]
    assert lines[-1].endswith(
        'Its last move lies in branches not drawn (tick "show pruned branches").'
    )
