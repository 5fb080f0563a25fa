"""Build a reveal.js slide deck from every notebook, into slides/ (which git ignores).

    python scripts/build_slides.py                  # every notebook: slides/NN_name.slides.html
    python scripts/build_slides.py 01 05            # only those whose names contain 01 or 05
    python scripts/build_slides.py --output-dir /tmp/decks

The decks show the stored outputs, so nothing is executed. Which cell starts a slide comes from
each cell's `metadata.slideshow`, set by scripts/add_slide_metadata.py. Open a deck in a browser:
arrow keys move between slides (down for a worked solution), F is full screen, S opens the speaker
view.

The decks work offline: what they load (reveal.js with its theme and speaker notes, and MathJax
for the formulas of notebook 04) is installed from the npm registry by this script, once, into
build/slide-assets/ (ignored by git), and copied into an `assets/` folder next to the decks, which
point at it by relative paths. Copy the whole output folder to present from another computer.
Nothing else is loaded: not jQuery, require.js or mermaid, which nbconvert's template would fetch
from CDNs but these decks do not use. Without npm the decks load reveal.js and MathJax from their
CDNs instead, and the script says so.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import nbformat
from jinja2 import DictLoader
from nbconvert import SlidesExporter
from nbformat import NotebookNode
from run_notebooks import notebook_paths

ROOT = Path(__file__).resolve().parent.parent
SLIDES = ROOT / "slides"
SUFFIX = ".slides.html"

# The npm packages the decks load, pinned: the reveal.js that nbconvert 7.17's template is written
# for, and MathJax 3, whose SVG output needs no font files. Only the files listed are copied.
NPM_PACKAGES = {"reveal.js": "4.0.2", "mathjax": "3.2.2"}
NPM_FOLDER = ROOT / "build" / "slide-assets"
ASSET_FILES = {
    "reveal.js": [
        "dist/reveal.js",
        "dist/reveal.css",
        "dist/theme/white.css",
        "dist/theme/fonts/source-sans-pro",
        "plugin/notes/notes.js",
    ],
    "mathjax": ["es5/tex-svg.js"],
}
ASSETS = "assets"
CDN = {
    "reveal.js": f"https://unpkg.com/reveal.js@{NPM_PACKAGES['reveal.js']}",
    "mathjax": f"https://cdn.jsdelivr.net/npm/mathjax@{NPM_PACKAGES['mathjax']}",
}

# Slides start at the top and scroll when long (a worked solution unfolds downwards; the keys scroll
# them too, see SCROLL_FIRST), a title leaves room for the text under it and keeps its case, code
# wraps instead of running off the slide while printed tables keep their columns (at 18 px, the
# largest at which the notebooks' longest printed line, 74 characters, fits the slide: beside the
# code's 19 px, where 15 px was hard to read from the back of a lecture hall; a formula set as
# code in the text is 19 px too, where reveal.js made it 11), and trees and
# plots are as wide as the slide at most (two trees of nimlib's side_by_side too wide for it
# together stand one under the other, each readable); the slide number is white on black
# (reveal.js's own grey on the slide fell below WCAG's 4.5:1 for text, issue 35). At 1024x768 the
# slide's box (706 high, padding inside it: it ran 15 px below the screen) stands at the top of the
# screen, and the arrows in a row and the slide number in the strip below it, where they hid the
# slide's bottom corners; a title slide fits (no margin over the title, lists spaced as the text),
# and a tree of nimlib's shows at the size it is drawn, its labels 16 px, as wide as the slide at
# most: the width stored with it fits a notebook's 620 px height, 68% of it for some.
SLIDE_CSS = """
.reveal .slide-number {
  color: #ffffff;
  background-color: #000000;
  right: auto;
  left: 8px;
  bottom: 8px;
}
.reveal .slides {
  margin-top: 0 !important;
}
.reveal .slides section:not(.stack) {
  top: 0 !important;
  height: 100%;
  box-sizing: border-box;
  padding: 4px 0;
  overflow-y: auto;
}
.reveal .controls {
  bottom: 0;
}
.reveal .controls button {
  bottom: 0 !important;
  padding-bottom: 0 !important;
}
.reveal .controls .navigate-left {
  right: 10.8em;
}
.reveal .controls .navigate-up {
  right: 7.2em;
}
.reveal .controls .navigate-down {
  right: 3.6em;
}
.reveal .slides h1 {
  font-size: 2.6em;
  line-height: 1.1;
  margin-top: 0;
}
.reveal .jp-RenderedMarkdown li {
  line-height: 1.3;
}
.reveal h1, .reveal h2, .reveal h3, .reveal h4 {
  text-transform: none !important;
}
.reveal div.jp-OutputArea-output > pre {
  font-size: 18px;
  white-space: pre;
  overflow-x: auto;
}
.reveal div.highlight > pre {
  white-space: pre-wrap;
}
.reveal .jp-RenderedMarkdown pre {
  font-size: 19px;
  box-shadow: none;
}
.reveal .jp-OutputArea-output svg,
.reveal .jp-OutputArea-output img {
  max-width: 100%;
  height: auto;
}
.reveal .jp-OutputArea-output img[style*="min-width"] {
  width: auto !important;
  min-width: 0 !important;
  max-height: none;
}
"""
# A long slide taller than the screen (a tree, a code cell) is read to its end from the keys a
# lecturer presses, or a presenter's clicker sends: PageDown, space and the down arrow scroll it a
# screen at a time before they move on (to the next slide, or down to a worked solution), and
# PageUp and the up arrow scroll back before they move back. A slide opens at its top, or at its
# end when PageUp or the up arrow came back to it (a slide left scrolled kept its place, and
# PageDown skipped its top when it was shown again). A slide at most SLACK_PX past the screen that
# way has nothing left to read there (its last cell's padding): the key moves on at once, where a
# first press scrolled 4 to 8 px, a clicker's press that seemed lost.
SCROLL_FIRST = """
const SLACK_PX = 12;
let cameBack = false;
function scrollingFirst(direction, move) {
  return () => {
    const slide = Reveal.getCurrentSlide();
    const end = slide.scrollHeight - slide.clientHeight;
    if ((direction > 0 ? end - slide.scrollTop : slide.scrollTop) > SLACK_PX) {
      slide.scrollBy({top: direction * slide.clientHeight * 0.85, behavior: "instant"});
      return;
    }
    cameBack = direction < 0;
    move();
    if (Reveal.getCurrentSlide() === slide) cameBack = false;  // no slide that way: not moved
  };
}
function openAtTopOrEnd(event) {
  event.currentSlide.scrollTop = cameBack ? event.currentSlide.scrollHeight : 0;
  cameBack = false;
}
const scrollFirstKeys = {
  34: scrollingFirst(1, () => Reveal.next()),
  32: scrollingFirst(1, () => Reveal.next()),
  40: scrollingFirst(1, () => Reveal.down()),
  33: scrollingFirst(-1, () => Reveal.prev()),
  38: scrollingFirst(-1, () => Reveal.up()),
};
"""
TEMPLATE = "nim_slides.html.j2"
# nbconvert's reveal template, less what it fetches from CDNs and these decks do not use (jQuery,
# require.js, mermaid, the widget manager: saved widgets show their stored picture), with MathJax 3
# for MathJax 2, and reveal.js loaded by plain script tags, which work from file:// too.
TEMPLATES = {
    TEMPLATE: """{%- extends 'index.html.j2' -%}
{%- block html_head_js -%}{%- endblock html_head_js -%}
{%- block jupyter_widgets -%}{%- endblock jupyter_widgets -%}
{%- block html_head_js_mathjax -%}
<script>
window.MathJax = {
  tex: {inlineMath: [["$", "$"], ["\\\\(", "\\\\)"]], processEscapes: true},
  options: {enableMenu: false},
};
</script>
<script src="{{ resources.mathjax_url }}"></script>
{%- endblock html_head_js_mathjax -%}
{%- block html_head_css -%}<style>"""
    + SLIDE_CSS
    + """</style>{%- endblock html_head_css -%}
{%- block footer_js -%}
<script src="{{ resources.reveal.url_prefix }}/dist/reveal.js"></script>
<script src="{{ resources.reveal.url_prefix }}/plugin/notes/notes.js"></script>
<script>"""
    + SCROLL_FIRST
    + """Reveal.initialize({
  keyboard: scrollFirstKeys,
  controls: true,
  progress: true,
  history: true,
  transition: "slide",
  slideNumber: "{{ resources.reveal.number }}",
  plugins: [RevealNotes],
  width: 960,
  height: 706,
});
Reveal.on("slidechanged", openAtTopOrEnd);
</script>
{%- endblock footer_js -%}
"""
}
NOTEBOOK_LINK = re.compile(r"\]\((\d\d_[\w-]+)\.ipynb\)")
IMAGE_LINK = re.compile(r"\]\(images/([\w.-]+)\)")


def npm_assets() -> Path | None:
    """The folder of the installed npm packages, installing them first if needed; None, saying
    why, without npm or where it cannot install them (no network to its registry)."""
    wanted = [f"{name}@{version}" for name, version in NPM_PACKAGES.items()]
    if all(installed_version(name) == version for name, version in NPM_PACKAGES.items()):
        return NPM_FOLDER / "node_modules"
    npm = shutil.which("npm")
    if npm is None:
        print("npm not found", end=": ", file=sys.stderr)
        return None
    command = [
        npm,
        "install",
        "--prefix",
        str(NPM_FOLDER),
        "--no-save",
        "--ignore-scripts",
        "--no-audit",
        "--no-fund",
    ]
    try:
        subprocess.run([*command, *wanted], check=True, capture_output=True, text=True, timeout=300)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as error:
        said = (error.stderr or "").strip().splitlines()[:1] or ["offline?"]  # its first line
        print(f"npm could not install reveal.js and MathJax ({said[0]})", end=": ", file=sys.stderr)
        return None
    return NPM_FOLDER / "node_modules"


def installed_version(package: str) -> str | None:
    """The version of `package` installed in NPM_FOLDER, or None if it is not there."""
    manifest = NPM_FOLDER / "node_modules" / package / "package.json"
    if not manifest.exists():
        return None
    return re.search(r'"version":\s*"([^"]+)"', manifest.read_text(encoding="utf-8")).group(1)


def copy_assets(packages: Path, folder: Path) -> None:
    """Copy the files the decks load from the npm packages in `packages` into `folder`/assets."""
    for package, files in ASSET_FILES.items():
        for name in files:
            source, target = packages / package / name, folder / ASSETS / package / name
            target.parent.mkdir(parents=True, exist_ok=True)
            if source.is_dir():
                shutil.copytree(source, target, dirs_exist_ok=True)
            else:
                shutil.copy2(source, target)


def asset_prefixes(folder: Path) -> dict[str, str]:
    """Where the decks in `folder` load each package from: the local copy, or its CDN without
    npm."""
    packages = npm_assets()
    if packages is None:
        print("the decks load reveal.js and MathJax from CDNs and need a network", file=sys.stderr)
        return CDN
    copy_assets(packages, folder)
    return {package: f"{ASSETS}/{package}" for package in NPM_PACKAGES}


def exporter(prefixes: dict[str, str]) -> SlidesExporter:
    """nbconvert's reveal.js exporter: no prompts, slide numbers, the template above, assets at
    `prefixes`."""
    return SlidesExporter(
        extra_loaders=[DictLoader(TEMPLATES)],
        template_file=TEMPLATE,
        exclude_input_prompt=True,
        exclude_output_prompt=True,
        reveal_number="c/t",
        reveal_theme="white",
        reveal_url_prefix=prefixes["reveal.js"],
        mathjax_url=f"{prefixes['mathjax']}/es5/tex-svg.js",
    )


def links_between_decks(notebook: NotebookNode) -> NotebookNode:
    """`notebook` with its links to other notebooks pointing at their decks, and to images at the
    copies."""
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            cell.source = NOTEBOOK_LINK.sub(rf"](\1{SUFFIX})", cell.source)
            cell.source = IMAGE_LINK.sub(rf"]({ASSETS}/images/\1)", cell.source)
    return notebook


def copy_images(notebook: NotebookNode, folder: Path) -> None:
    """Copy the pictures of notebooks/images/ that the markdown of `notebook` shows into
    `folder`/assets/images."""
    for cell in notebook.cells:
        for name in IMAGE_LINK.findall(cell.source) if cell.cell_type == "markdown" else []:
            (folder / ASSETS / "images").mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / "notebooks" / "images" / name, folder / ASSETS / "images" / name)


def build_deck(path: Path, folder: Path, slides: SlidesExporter) -> Path:
    """Write the deck of the notebook at `path` into `folder`, and return its path."""
    notebook = nbformat.read(path, as_version=4)
    copy_images(notebook, folder)
    notebook = links_between_decks(notebook)
    body, _ = slides.from_notebook_node(notebook, resources={"metadata": {"name": path.stem}})
    deck = folder / f"{path.stem}{SUFFIX}"
    deck.write_text(body, encoding="utf-8")
    return deck


def main() -> int:
    """Build the chosen decks and print the seconds each took."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("patterns", nargs="*", help="parts of notebook file names, such as 01")
    parser.add_argument(
        "--output-dir", type=Path, default=SLIDES, help="where the decks go (default: slides/)"
    )
    args = parser.parse_args()
    try:
        paths = notebook_paths(args.patterns)
    except ValueError as error:
        parser.error(str(error))
    args.output_dir.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    prefixes = asset_prefixes(args.output_dir)
    slides = exporter(prefixes)
    total = time.perf_counter() - start
    if prefixes != CDN:  # copied beside the decks
        print(f"{total:6.1f} s  {args.output_dir / ASSETS}", flush=True)
    for path in paths:
        start = time.perf_counter()
        deck = build_deck(path, args.output_dir, slides)
        seconds = time.perf_counter() - start
        total += seconds
        print(f"{seconds:6.1f} s  {deck}", flush=True)
    print(f"{total:6.1f} s  in total")
    return 0


if __name__ == "__main__":
    sys.exit(main())
