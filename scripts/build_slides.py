"""Build a reveal.js slide deck from every notebook, into slides/ (which git ignores).

    python scripts/build_slides.py                  # every notebook: slides/NN_name.slides.html
    python scripts/build_slides.py 01 05            # only those whose names contain 01 or 05
    python scripts/build_slides.py --output-dir /tmp/decks

The decks show the stored outputs, so nothing is executed and the build needs no network. Which
cell starts a slide comes from each cell's `metadata.slideshow`, set by
scripts/add_slide_metadata.py. Open a deck in a browser: arrow keys move between slides (down for
a worked solution), F is full screen, S opens the speaker view. When opened, a deck loads reveal.js,
require.js, jQuery and MathJax from their CDNs, so the computer that shows it needs a connection;
offline, present the notebook itself in JupyterLab.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

import nbformat
from jinja2 import DictLoader
from nbconvert import SlidesExporter
from nbformat import NotebookNode

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
SLIDES = ROOT / "slides"
SUFFIX = ".slides.html"

# Slides start at the top and scroll when long (a worked solution unfolds downwards), a title
# leaves room for the text under it, code wraps instead of running off the slide, trees and plots
# are as wide as the slide, and the two trees of nimlib's side_by_side share its width.
SLIDE_CSS = """
.reveal .slides section:not(.stack) {
  top: 0 !important;
  height: 100%;
  overflow-y: auto;
}
.reveal .slides h1 {
  font-size: 2.6em;
}
.reveal div.highlight > pre {
  white-space: pre-wrap;
}
.reveal .jp-OutputArea-output svg,
.reveal .jp-OutputArea-output img {
  max-width: 100%;
  height: auto;
}
.reveal .jp-OutputArea-output div[style*="display:flex"] > div {
  flex: 1 1 0;
  min-width: 0;
}
"""
TEMPLATE = "nim_slides.html.j2"
TEMPLATES = {
    TEMPLATE: "{%- extends 'index.html.j2' -%}\n"
    "{%- block html_head_css -%}<style>" + SLIDE_CSS + "</style>{%- endblock html_head_css -%}\n"
}
NOTEBOOK_LINK = re.compile(r"\]\((\d\d_[\w-]+)\.ipynb\)")


def notebook_paths(patterns: list[str]) -> list[Path]:
    """The notebooks whose file names contain one of `patterns` (all of them if there is none)."""
    paths = sorted(NOTEBOOKS.glob("[0-9]*.ipynb"))
    return [path for path in paths if not patterns or any(pattern in path.name for pattern in patterns)]


def exporter() -> SlidesExporter:
    """nbconvert's reveal.js exporter: no prompts, slide numbers, and the CSS above."""
    return SlidesExporter(
        extra_loaders=[DictLoader(TEMPLATES)],
        template_file=TEMPLATE,
        exclude_input_prompt=True,
        exclude_output_prompt=True,
        reveal_number="c/t",
    )


def links_between_decks(notebook: NotebookNode) -> NotebookNode:
    """`notebook` with its links to other notebooks pointing at their decks instead."""
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            cell.source = NOTEBOOK_LINK.sub(rf"](\1{SUFFIX})", cell.source)
    return notebook


def build_deck(path: Path, folder: Path, slides: SlidesExporter) -> Path:
    """Write the deck of the notebook at `path` into `folder`, and return its path."""
    notebook = links_between_decks(nbformat.read(path, as_version=4))
    body, _ = slides.from_notebook_node(notebook, resources={"metadata": {"name": path.stem}})
    deck = folder / f"{path.stem}{SUFFIX}"
    deck.write_text(body, encoding="utf-8")
    return deck


def main() -> int:
    """Build the chosen decks and print the seconds each took."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("patterns", nargs="*", help="parts of notebook file names, such as 01")
    parser.add_argument("--output-dir", type=Path, default=SLIDES, help="where the decks go (default: slides/)")
    args = parser.parse_args()
    args.output_dir.mkdir(parents=True, exist_ok=True)
    slides, total = exporter(), 0.0
    for path in notebook_paths(args.patterns):
        start = time.perf_counter()
        deck = build_deck(path, args.output_dir, slides)
        seconds = time.perf_counter() - start
        total += seconds
        print(f"{seconds:6.1f} s  {deck}", flush=True)
    print(f"{total:6.1f} s  in total")
    return 0


if __name__ == "__main__":
    sys.exit(main())
