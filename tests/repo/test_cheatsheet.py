"""The cheat sheet's key numbers are what nimlib finds: each row of its table is worked out here
and looked for, word for word, in CHEATSHEET.md, so that a learner who prints it keeps true
figures; and the names it gives in nimlib are nimlib's."""

import inspect
import re
from collections import Counter
from math import inf
from pathlib import Path

import pytest

import nimlib
from nimlib import (
    FibonacciNim,
    SearchStats,
    SimpleNim,
    SplitNim,
    alphabeta,
    game_tree,
    memoized_minimax,
    memoized_wins,
    minimax,
    tree_size,
    wins,
)

ROOT = Path(__file__).resolve().parents[2]
CHEATSHEET = (ROOT / "CHEATSHEET.md").read_text(encoding="utf-8")
SENSIBLE = SimpleNim(sensible_moves=True)  # nobody empties the pile unless forced
TWENTY_ONE = SimpleNim(last_counter_loses=False)


def row(what: str) -> str:
    """The number column of the key numbers' row that starts with `what`."""
    found = re.search(rf"^\| {re.escape(what)}.*? \| (.+) \|$", CHEATSHEET, re.MULTILINE)
    assert found, f"the cheat sheet has no row for {what!r}"
    return found.group(1)


def calls(search, *arguments, **options) -> int:
    """The calls `search` makes on `arguments` and `options` (under no clock: a busy machine
    changes no count)."""
    stats = SearchStats(max_seconds=None)
    search(*arguments, stats=stats, **options)
    return stats.calls


def sizes(counters: int) -> list[int]:
    """Simple-Nim's tree sizes from 0 to `counters`, by the cheat sheet's rule size(n) = 1 +
    size(n-1) + size(n-2) + size(n-3), started from the trees themselves."""
    found = [tree_size(SENSIBLE, n) for n in range(4)]
    while len(found) <= counters:
        found.append(1 + sum(found[-3:]))
    return found


def test_the_trees_grow_by_the_rule_the_cheat_sheet_gives():
    assert sizes(14) == [tree_size(SENSIBLE, n) for n in range(15)]


def test_the_tree_sizes_and_their_growth():
    assert row("Simple-Nim game tree from n = 0") == ", ".join(map(str, sizes(10))) + ", ..."
    assert row("the same from 25 counters") == f"{sizes(25)[25]:,} nodes"
    growth = sizes(25)[25] / sizes(25)[24]
    assert row("growth per extra counter") == f"about {growth:.3f} (the tribonacci constant)"


def test_minimax_and_alphabeta_from_6():
    fewest_first = {"order": lambda counters: counters}
    pruned = calls(alphabeta, SENSIBLE, 6, True, -1, +1, **fewest_first)
    assert (
        row("the same game (`sensible_moves=True`) from 6: minimax")
        == f"{calls(minimax, SENSIBLE, 6)} / {pruned} nodes"
    )
    wide = calls(alphabeta, SENSIBLE, 6, True, -inf, inf, **fewest_first)
    own_order = calls(alphabeta, SENSIBLE, 6, True, -1, +1)
    assert row("the same alpha-beta with the window") == f"{wide} / {own_order} nodes"


def test_the_21_game():
    plain, memo = calls(wins, 21), calls(memoized_wins, 21)
    assert row("the 21 game: plain recursion") == f"{plain:,} / {memo:,} calls"
    full = calls(minimax, TWENTY_ONE, 21)
    assert row("the 21 game: full minimax") == f"{full:,} / {plain:,} calls"


def test_the_tree_from_10_and_its_positions():
    nodes = list(game_tree(SENSIBLE, 10))
    positions = {(node.state, node.is_maximizing) for node in nodes}
    appearances = Counter(node.state for node in nodes)[2]
    told = f"{len(nodes)} / {len(positions)}; the position with 2 counters alone appears"
    assert row("the Simple-Nim tree from 10 counters") == f"{told} {appearances} times"


@pytest.mark.parametrize("takes", [1, 2, 3, 4])
def test_simple_nim_is_lost_on_the_counts_the_cheat_sheet_names(takes):
    game = SimpleNim(takes=tuple(range(1, takes + 1)))
    normal = SimpleNim(takes=game.takes, last_counter_loses=False)
    for n in range(1, 20):
        assert (memoized_minimax(game, n) == -1) == (n % (takes + 1) == 1)
        assert (memoized_minimax(normal, n) == -1) == (n % (takes + 1) == 0)


def test_split_nim_from_7_and_fibonacci_nim_on_fibonacci_numbers():
    assert "SplitNim from a single pile of 7 is lost" in CHEATSHEET
    assert memoized_minimax(SplitNim(), (7,)) == -1
    game = FibonacciNim()
    lost = [n for n in range(2, 22) if memoized_minimax(game, game.start(n)) == -1]
    assert lost == [2, 3, 5, 8, 13, 21]


def test_what_the_cheat_sheet_names_in_nimlib_is_imported_from_nimlib():
    """Each name of its section "In nimlib" imports from nimlib, and each call it writes out,
    ``draw_tree(tree, large=True)``, takes the keywords it is given."""
    section = CHEATSHEET.split("## In nimlib")[1]
    named = set(re.findall(r"`([A-Za-z_]\w*)[`(]", section)) - {"nimlib"}
    assert len(named) >= 10, "the section names nimlib's functions"
    assert [name for name in named if not hasattr(nimlib, name)] == []
    calls_written = re.findall(r"`([a-z_]\w*)\(([^`)]*)\)`", section)
    unknown = [
        f"{function}({keyword}=)"
        for function, arguments in calls_written
        for keyword in re.findall(r"(\w+)=", arguments)
        if keyword not in inspect.signature(getattr(nimlib, function)).parameters
    ]
    assert unknown == []
