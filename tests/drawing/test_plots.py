"""matplotlib plots with words (issue 35): show_plot gives a figure's PNG in an <img> whose alt
text says what it shows, the same words as plain text, the same bytes on every run; plot_text
reads a line plot's numbers out; and every plot the notebooks store carries such words."""

import base64
import html
import re
from pathlib import Path

import matplotlib
import nbformat
import pytest

from nimlib import plot_text
from nimlib.drawing.plots import plot_picture

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 (after choosing the backend)

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("[0-9]*.ipynb"))
IMAGE = re.compile(r'<img src="data:image/png;base64,([^"]+)" alt="([^"]*)"')


def squares() -> None:
    """A small line plot on pyplot's current figure."""
    plt.figure(figsize=(3, 2))
    plt.plot([1, 2, 3], [1, 4, 9], "o-")


def test_a_plot_is_an_image_with_its_words_and_plain_text():
    squares()
    words = plot_text("Squares", "n", [1, 2, 3], {"n ** 2": [1, 4, 9]})
    plot = plot_picture(words)
    bundle = plot._repr_mimebundle_()
    found = IMAGE.search(bundle["text/html"])
    assert found is not None
    assert base64.b64decode(found[1]).startswith(b"\x89PNG")
    assert html.unescape(found[2]) == words == bundle["text/plain"]
    assert f"width:{plot.width}px" in bundle["text/html"]
    assert plt.get_fignums() == []  # closed: the notebook does not show it again, bare


def test_the_same_figure_gives_the_same_bytes_and_none_names_matplotlib():
    pictures = []
    for _ in range(2):
        squares()
        pictures.append(plot_picture("squares").png)
    assert pictures[0] == pictures[1]
    assert b"Matplotlib" not in pictures[0] and b"Software" not in pictures[0]


def test_words_are_escaped_and_required():
    squares()
    plot = plot_picture('a "quoted" <b>word</b> & more')
    assert 'alt="a &quot;quoted&quot; &lt;b&gt;word&lt;/b&gt; &amp; more"' in plot.html()
    for empty in ("", "   ", None):
        squares()
        with pytest.raises(ValueError, match="words that say what it shows"):
            plot_picture(empty)
    plt.close("all")


def test_plot_text_reads_the_numbers_out():
    said = plot_text(
        "Growth.", "d", [1, 2, 3], {"all": [3, 2187.0, 1234567], "root": [1.732, 3, 46.77]}
    )
    assert said == "Growth. d: 1, 2, 3. all: 3, 2,187, 1,234,567. root: 1.73, 3, 46.8."
    with pytest.raises(ValueError, match="'all' has 2 values for 3 x values"):
        plot_text("Growth", "d", [1, 2, 3], {"all": [1, 2]})


@pytest.mark.parametrize("title", ["", "  ", "."])
def test_plot_text_needs_a_title_that_says_what_the_plot_shows(title):
    """An empty title gave words such as ". d: 1, 2. all: 3, 4.", which show_plot took as the
    plot's text alternative, though it refuses empty words."""
    with pytest.raises(ValueError, match="title must say it"):
        plot_text(title, "d", [1, 2], {"all": [3, 4]})


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_every_stored_plot_says_what_it_shows(path):
    for cell in nbformat.read(path, as_version=4).cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            assert "image/png" not in data, f"{path.name}: a bare PNG, with no words: use show_plot"
            for _, alt in IMAGE.findall(data.get("text/html", "")):
                assert len(alt) > 40 and any(ch.isdigit() for ch in alt), alt
