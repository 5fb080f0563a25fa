"""A figure quoted in a notebook's prose comes from one of its outputs, so that the next change to a
method cannot leave the text behind: every count of nodes, calls, visits, positions, games, states
or cut-offs written in a markdown cell must be printed by a code cell of the same notebook with the
same counting word (a figure of a thousand or more with any), or, after "about", be within 5% of
one. The few that are settings, not results, are checked here against the code that sets them
(notebook 12 quotes the match that benchmarks/pig.py plays, minutes long, against the benchmark's
own setting)."""

import re
from pathlib import Path

import nbformat
import pytest

from nimlib import SearchStats, TicTacToe, solve
from nimlib.drawing.tree import game_tree
from nimlib.games.explicit_tree import deep_cutoff_tree
from nimlib.widgets.searches import QUICK_CALLS

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
BENCHMARK_PIG = ROOT / "benchmarks" / "pig.py"
NUMBER = r"(?<![\w.])\d{1,3}(?:,\d{3})+(?!\w)|(?<![\w.,])\d{2,}(?![\w,])"
COUNTED = r"nodes?|calls?|visits?|visited|positions?|games|cut-offs?|states?"
# the games of benchmarks/pig.py's match of best play against "hold at 20", which notebook 12 quotes
PIG_MATCH = re.search(r'"--games", type=int, default=([\d_]+)', BENCHMARK_PIG.read_text())
SETTINGS = {
    "06_explore_the_search": {QUICK_CALLS: "the quick search's budget of calls"},
    "12_games_of_chance": {int(PIG_MATCH[1]): "benchmarks/pig.py's games against hold at 20"},
}


def numbers_in(text: str) -> set[int]:
    """Every whole number of two digits or more in `text`, with or without thousands separators."""
    return {int(number.replace(",", "")) for number in re.findall(NUMBER, text)}


def stem(word: str) -> str:
    """The counting word without its ending: "node" for "nodes", "visit" for "visited",
    "cut-off"."""
    return re.sub(r"(s|ed)$", "", word.lower())


def printed(notebook) -> set[tuple[int, str]]:
    """The figures the notebook's code cells print, each with what it counts: a counting word on the
    same line of the output, or in the cell's code (``stats.calls``). A picture's text is in its
    plain text."""
    found = set()
    for cell in notebook.cells:
        in_code = {stem(word) for word in re.findall(COUNTED, cell.source)}
        for output in cell.get("outputs", []):
            text = output.get("text", "") or output.get("data", {}).get("text/plain", "")
            for line in (text if isinstance(text, str) else "".join(text)).splitlines():
                words = in_code | {stem(word) for word in re.findall(COUNTED, line)}
                found |= {(number, word) for number in numbers_in(line) for word in words}
    return found


def quoted(notebook) -> list[tuple[int, str, bool, str]]:
    """The counts quoted in the prose (worked solutions left out): (figure, what it counts, said to
    be rough, the words)."""
    found = []
    for cell in notebook.cells:
        if cell.cell_type != "markdown" or "<details>" in cell.source:
            continue
        for match in re.finditer(
            rf"(about\s+)?({NUMBER})\s+(?:[\w-]+\s+){{0,2}}?({COUNTED})\b", cell.source
        ):
            figure = int(match.group(2).replace(",", ""))
            found.append((figure, stem(match.group(3)), bool(match.group(1)), match.group(0)))
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_every_count_quoted_in_the_prose_is_printed_by_the_notebook(path):
    notebook = nbformat.read(path, as_version=4)
    outputs, settings = printed(notebook), SETTINGS.get(path.stem, {})
    missing = [
        words
        for figure, counted, rough, words in quoted(notebook)
        if (figure, counted) not in outputs
        and not (
            figure >= 1_000 and any(n == figure for n, word in outputs)
        )  # a large figure, counted as another word
        and figure not in settings
        and not (
            rough and any(word == counted and abs(figure - n) <= 0.05 * n for n, word in outputs)
        )
    ]
    assert not missing, f"{path.name}: quoted but printed by no cell: {missing}"


def test_the_prose_quotes_figures_at_all():
    counts = {path.stem: len(quoted(nbformat.read(path, as_version=4))) for path in NOTEBOOKS}
    assert (
        counts["04_memoization"] > 10 and counts["09_beyond_nim"] > 10 and sum(counts.values()) > 30
    )


def test_the_deep_cutoff_comes_from_three_levels_up_as_notebook_06_says():
    tree = game_tree(deep_cutoff_tree(), "A", alphabeta=True)
    nodes = {node.state: node for node in tree}
    assert nodes["C1.1"].alpha == nodes["B"].score == 5 and any(
        child.pruned for child in nodes["C1.1"].children
    )
    assert nodes["C1.1"].level - nodes["A"].level == 3
    text = nbformat.read(NOTEBOOKS[5], as_version=4)
    assert NOTEBOOKS[5].stem == "06_explore_the_search"
    assert any("a bound that A found three\n  levels up" in cell.source for cell in text.cells)


def test_a_line_of_13s_plot_hidden_under_another_is_said_to_be():
    """Tic-tac-toe's dotted line (the best score) lies under its solid one (the result): on the
    projector the legend named a line nobody could find, and the text did not say where it was."""
    notebook = nbformat.read(next(p for p in NOTEBOOKS if p.name.startswith("13")), as_version=4)
    namespace: dict = {}
    for cell in notebook.cells:
        if cell.source.startswith(("BENCHMARK = {", "SETS = {")):
            exec(cell.source, namespace)
    (plot,) = (cell for cell in notebook.cells if "ax.plot(" in cell.source)
    text = notebook.cells[notebook.cells.index(plot) + 1].source
    for name, rows in namespace["BENCHMARK"].items():
        positions, changes, _ = namespace["SETS"][name]
        if all(row[2] / changes == row[4] / positions for row in rows):  # one line on the other
            assert f"In {name} a score is only the result: its two lines lie one on" in text


@pytest.mark.slow
def test_the_calls_notebook_10_measured_once_are_what_alpha_beta_makes():
    """Notebook 10 prints plain alpha-beta's 245,560 calls on the 4 x 4 board as a figure measured
    once, not searched there (seconds of a notebook that must run in ten): the search still makes
    them, so a change to alpha-beta cannot leave the figure behind."""
    cell = next(
        cell.source
        for cell in nbformat.read(
            ROOT / "notebooks" / "10_move_ordering_and_deepening.ipynb", 4
        ).cells
        if "measured once" in cell.source and cell.cell_type == "code"
    )
    quoted = int(re.search(r'counts\.append\("([\d,]+) \*"\)', cell)[1].replace(",", ""))
    big, stats = TicTacToe(size=4, in_a_row=3), SearchStats(max_seconds=None)
    solve(big, big.start(), method="alphabeta", stats=stats)
    assert stats.calls == quoted == 245_560
