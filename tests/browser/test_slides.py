"""Every notebook is also a slide deck: each cell has a slide type, and each deck builds with its
pictures.

The decks are built once for this module, by the repository's own command
(`python scripts/build_slides.py`), into a temporary folder. The browser tests serve that folder on
localhost and open decks in headless Chromium with every other request refused: reveal.js must
start, the arrow key must move on, and the formulas and trees must show, with no network.
"""

import base64
import functools
import html
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import nbformat
import pytest
from accessibility import open_deck
from voila_browser import CHROMIUM, browser  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9]*.ipynb"))
BUILD_SECONDS = 300
SUFFIX = ".slides.html"
PAGE_MS = 60_000  # a wait fails only on a hang: a busy machine is slow, not broken


def load_script(name: str):
    """The module scripts/<name>.py, imported from its file."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return script


marker = load_script("add_slide_metadata")


@pytest.fixture(scope="module")
def deck_folder(tmp_path_factory) -> Path:
    """The folder where scripts/build_slides.py built every deck, a temporary one."""
    folder = tmp_path_factory.mktemp("slides")
    command = [sys.executable, "scripts/build_slides.py", "--output-dir", str(folder)]
    result = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=BUILD_SECONDS
    )
    assert result.returncode == 0, result.stderr
    return folder


@pytest.fixture(scope="module")
def decks(deck_folder) -> dict[str, str]:
    """Every deck's HTML by notebook name."""
    return {
        deck.name.removesuffix(SUFFIX): deck.read_text(encoding="utf-8")
        for deck in deck_folder.glob(f"*{SUFFIX}")
    }


def notebook_cells(path: Path) -> list:
    """The cells of the notebook at `path`."""
    return nbformat.read(path, as_version=4).cells


def svgs(page: str) -> list[str]:
    """Every SVG of a page, inline or as an image (nbconvert embeds SVG outputs as base64
    images)."""
    inline = re.findall(r"<svg\b.*?</svg>", page, flags=re.DOTALL)
    images = re.findall(r'src="data:image/svg\+xml;base64,([^"]+)"', page)
    return inline + [base64.b64decode(image).decode() for image in images]


def tree_nodes(svg: str) -> int:
    """How many nodes of a game tree an SVG of nimlib's draw_tree shows (the legend's are named
    apart)."""
    return len(re.findall(r"<title>n\d+</title>", svg))


def fingerprint(svg: str) -> tuple[str, ...]:
    """The texts of an SVG, in order: what stays the same when nbconvert rewrites its markup."""
    return tuple(
        html.unescape(text)
        for text in re.findall(r"<text\b[^>]*>(.*?)</text>", svg, flags=re.DOTALL)
    )


def pictures(cell) -> list:
    """What a code cell shows as pictures: the fingerprints of its SVGs (also those inside HTML),
    its PNGs (also those of show_plot's <img>)."""
    found = []
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        found += [
            fingerprint(svg)
            for svg in svgs(data.get("image/svg+xml", "") + data.get("text/html", ""))
        ]
        if "image/png" in data:
            found.append("".join(data["image/png"].split()))
        found += re.findall(r'src="data:image/png;base64,([^"]+)"', data.get("text/html", ""))
    return found


def deck_pictures(page: str) -> set:
    """What a deck shows as pictures: the fingerprints of its SVGs, its PNGs in base64."""
    return {fingerprint(svg) for svg in svgs(page)} | set(
        re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    )


def test_there_is_a_deck_for_every_notebook(decks):
    assert sorted(decks) == [path.stem for path in NOTEBOOKS]
    for page in decks.values():
        assert "<section" in page and "Reveal.initialize" in page


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_every_picture_and_worked_solution_is_in_the_deck(path, decks):
    page, shown = decks[path.stem], deck_pictures(decks[path.stem])
    cells = [
        cell
        for cell in notebook_cells(path)
        if cell.metadata.get("slideshow", {}).get("slide_type") != "skip"
    ]
    for cell in cells:
        assert all(picture in shown for picture in pictures(cell)), (
            f"a picture of cell {cell.get('id')} is missing"
        )
    solutions = sum(marker.is_worked_solution(cell) for cell in cells)
    assert page.count("<summary>Show a worked solution") == solutions  # 14's in two parts


def test_the_first_deck_shows_the_whole_41_node_tree(decks):
    assert 41 in [tree_nodes(svg) for svg in svgs(decks["01_simple_nim_minimax"])]


def side_by_side_pairs(page: str) -> list[list[int]]:
    """The node counts of the two trees of every side_by_side picture of a page."""
    return [
        [tree_nodes(svg) for svg in svgs(part)[:2]]
        for part in page.split('<div style="display:flex')[1:]
    ]


def test_the_alphabeta_deck_shows_both_trees_of_6_counters_side_by_side(decks):
    assert [41, 41] in side_by_side_pairs(decks["05_alphabeta"])


def test_the_memoization_deck_shows_the_log_plot(decks):
    cells = notebook_cells(ROOT / "notebooks" / "04_memoization.ipynb")
    plot = next(cell for cell in cells if "semilogy" in cell.source)
    assert pictures(plot) and set(pictures(plot)) <= deck_pictures(decks["04_memoization"])


def test_npm_that_cannot_reach_its_registry_leaves_the_decks_on_the_cdns(
    tmp_path, monkeypatch, capsys
):
    """npm offline raised CalledProcessError out of the build, and wrote no deck."""
    build = load_script("build_slides")
    monkeypatch.setattr(build, "installed_version", lambda package: None)
    monkeypatch.setattr(build.shutil, "which", lambda name: "/usr/bin/npm")

    def offline(command: list, **settings: object) -> None:
        raise subprocess.CalledProcessError(1, command, stderr="npm error code ECONNREFUSED\n...")

    monkeypatch.setattr(build.subprocess, "run", offline)
    assert build.asset_prefixes(tmp_path) == build.CDN and not (tmp_path / build.ASSETS).exists()
    assert capsys.readouterr().err == (
        "npm could not install reveal.js and MathJax (npm error code ECONNREFUSED): the decks "
        "load reveal.js and "
        "MathJax from CDNs and need a network\n"
    )


HEADING = re.compile(r"<h([1-6])\b[^>]*>(.*?)</h\1>", flags=re.DOTALL)
NAVIGATION = re.compile(r'<a href="\d\d_[\w-]+\.slides\.html">[^<]*</a>\s*(?:·|&middot;)')


def slide_headings(page: str) -> list[list[str]]:
    """The texts of the headings on each slide of a deck (a reveal.js section), in order."""
    return [
        [re.sub(r"<[^>]+>|¶", "", text).strip() for _, text in HEADING.findall(part)]
        for part in page.split("<section")[1:]
    ]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_each_exercise_and_summary_starts_a_slide_with_its_heading(path, decks):
    slides = slide_headings(decks[path.stem])
    exercises = [text for headings in slides for text in headings if text.startswith("Exercise ")]
    assert exercises, "no exercise heading in the deck"
    for headings in slides:
        for text in headings[1:]:
            assert not text.startswith(("Exercise ", "Summary")) or headings[0] == "Exercises", (
                f"{text!r} under {headings[0]!r} on one slide"
            )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_no_slide_shows_the_links_to_the_previous_and_next_notebook(path, decks):
    assert not NAVIGATION.search(decks[path.stem])
    assert "Previous:" not in decks[path.stem]


class QuietHandler(SimpleHTTPRequestHandler):
    """A static file server that keeps its request log to itself."""

    def log_message(self, format, *args):  # noqa: A002 (the name of the parent's parameter)
        """Say nothing."""


@pytest.fixture(scope="module")
def deck_url(deck_folder) -> Iterator[str]:
    """The address of the deck folder, served on a free port of localhost for this module."""
    server = ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(deck_folder))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def offline_page(deck_url):
    """A headless Chromium page that may load from the deck server only, and the addresses it was
    refused."""
    pytest.importorskip("playwright.sync_api")
    refused = []

    def only_the_deck_server(route) -> None:  # noqa: ANN001 (a Playwright Route)
        """Let the page load from the deck server; refuse and note everything else."""
        if route.request.url.startswith(deck_url):
            route.continue_()
        else:
            refused.append(route.request.url)
            route.abort()

    with browser() as page:
        page.set_default_timeout(PAGE_MS)
        page.route("**/*", only_the_deck_server)
        yield page, refused


needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium"
)
needs_npm = pytest.mark.skipif(
    shutil.which("npm") is None, reason="needs npm, which installs the decks' reveal.js"
)


@pytest.mark.browser
@needs_chromium
@needs_npm
def test_a_deck_starts_and_the_arrow_key_moves_on_with_no_network(offline_page, deck_url):
    page, refused = offline_page
    open_deck(page, f"{deck_url}01_simple_nim_minimax{SUFFIX}")
    first = page.evaluate("Reveal.getIndices().h")
    page.keyboard.press("ArrowRight")
    page.wait_for_function(f"Reveal.getIndices().h === {first + 1}")
    assert page.evaluate("Reveal.getTotalSlides()") > 10
    pictures = "section img[src^='data:image/svg+xml'], section svg"
    assert page.locator(pictures).count() > 0
    assert refused == []


@pytest.mark.browser
@needs_chromium
@needs_npm
def test_a_long_slide_is_read_to_its_end_by_page_down_before_it_moves_on(offline_page, deck_url):
    """Slide 9 of the alpha-beta deck holds two trees, one under the other, 965 px past a 768 px
    screen: PageDown (a clicker's next) and the arrows moved to the next slide, leaving the second
    tree unseen but by a mouse's wheel. They scroll it a screen at a time first, then move on."""
    page, refused = offline_page
    page.set_viewport_size({"width": 1024, "height": 768})
    open_deck(page, f"{deck_url}05_alphabeta{SUFFIX}")
    tall = page.evaluate(
        """() => Reveal.getSlides().findIndex(slide => slide.querySelectorAll(
            'div[style*="display:flex"] details').length === 2)"""
    )
    page.evaluate(f"Reveal.slide(...Object.values(Reveal.getIndices(Reveal.getSlides()[{tall}])))")
    start = page.evaluate("[Reveal.getIndices().h, Reveal.getIndices().v]")
    hidden = page.evaluate(
        "(() => { const s = Reveal.getCurrentSlide(); return s.scrollHeight - s.clientHeight; })()"
    )
    assert hidden > 300  # a tree below the screen
    scrolled = [0]
    while page.evaluate("[Reveal.getIndices().h, Reveal.getIndices().v]") == start:
        page.keyboard.press("PageDown")
        scrolled.append(page.evaluate("Reveal.getCurrentSlide().scrollTop"))
        assert len(scrolled) < 20
    assert len(scrolled) >= 3 and scrolled[1:-1] == sorted(set(scrolled[1:-1]))  # down, then on
    assert scrolled[-2] >= hidden - 12  # to the slide's end, but for its last cell's padding
    page.keyboard.press("PageUp")  # back: to the slide before, at its end
    assert page.evaluate("[Reveal.getIndices().h, Reveal.getIndices().v]") == start
    assert page.evaluate("Reveal.getCurrentSlide().scrollTop") >= hidden - 1
    page.keyboard.press("Home")  # shown again otherwise: at its top (it kept its place)
    page.evaluate(f"Reveal.slide(...Object.values(Reveal.getIndices(Reveal.getSlides()[{tall}])))")
    assert page.evaluate("Reveal.getCurrentSlide().scrollTop") == 0
    page.keyboard.press("Home")
    page.keyboard.press("ArrowUp")  # nothing above the first slide: no move, so no coming back
    page.evaluate(f"Reveal.slide(...Object.values(Reveal.getIndices(Reveal.getSlides()[{tall}])))")
    assert page.evaluate("Reveal.getCurrentSlide().scrollTop") == 0  # it opened at its end
    assert refused == []


# Every slide of a deck, by its indices, and how far it runs past the screen (in px)
OVERFLOWS = """() => Reveal.getSlides().map(slide => {
    Reveal.slide(...Object.values(Reveal.getIndices(slide)));
    return [Reveal.getIndices(slide), slide.scrollHeight - slide.clientHeight];
})"""


@pytest.mark.browser
@needs_chromium
@needs_npm
def test_a_slide_a_few_pixels_past_the_screen_moves_on_at_the_first_press(offline_page, deck_url):
    """Slides 4 to 8 px taller than the screen (the last cell's padding) took a first PageDown, or
    a clicker's press, to scroll those pixels: nothing seemed to happen."""
    page, _ = offline_page
    page.set_viewport_size({"width": 1024, "height": 768})
    open_deck(page, f"{deck_url}01_simple_nim_minimax{SUFFIX}")
    overflows = page.evaluate(OVERFLOWS)
    barely = [indices for indices, hidden in overflows if 0 < hidden <= 12]
    assert barely, overflows  # the deck has such slides to try
    for indices in barely:
        page.evaluate(f"Reveal.slide({indices['h']}, {indices['v']})")
        page.keyboard.press("PageDown")
        assert page.evaluate("Reveal.getIndices()") != indices
        assert page.evaluate("Reveal.getCurrentSlide().scrollTop") == 0  # the next, at its top


# Every printed block of a deck, shown: its text size, and how far its longest line runs past it
PRINTED_BLOCKS = """() => [...document.querySelectorAll('.reveal .slides section')].flatMap(slide => {
    slide.style.display = 'block';
    return [...slide.querySelectorAll('div.jp-OutputArea-output > pre')].map(pre => [
        parseFloat(getComputedStyle(pre).fontSize), pre.scrollWidth - pre.clientWidth]);
})"""


@pytest.mark.browser
@needs_chromium
@needs_npm
def test_printed_lines_are_large_and_fit_the_slide(offline_page, deck_url):
    """Printed outputs were 15 px beside the code's 19 px, hard to read from the back of a lecture
    hall; at 18 px the longest printed line (74 characters) still fits the slide, no deck's table
    scrolls sideways."""
    page, refused = offline_page
    for notebook in NOTEBOOKS:
        open_deck(page, f"{deck_url}{notebook.stem}{SUFFIX}")
        printed = page.evaluate(PRINTED_BLOCKS)
        assert printed, notebook.stem
        assert {size for size, _ in printed} == {18}, notebook.stem
        assert max(past for _, past in printed) <= 1, notebook.stem
    assert refused == []


# Every tree of nimlib's drawings in a deck, each slide shown in turn: its width on the screen, its
# own width (the SVG's), and the width of the output it is in
TREES_SHOWN = """async () => {
    const found = [];
    for (const slide of document.querySelectorAll('.reveal .slides section:not(.stack)')) {
        slide.style.display = 'block';
        for (const img of slide.querySelectorAll('.jp-OutputArea-output img[style*="min-width"]')) {
            await img.decode().catch(() => null);
            found.push([img.getBoundingClientRect().width, img.naturalWidth * Reveal.getScale(),
                        img.parentElement.getBoundingClientRect().width]);
        }
        slide.style.display = '';
    }
    return found;
}"""
FIRST_SLIDE = """() => { const slide = Reveal.getSlides()[0];
    return [slide.scrollHeight, slide.clientHeight, slide.getBoundingClientRect().bottom]; }"""
# Where reveal.js's arrows and the slide number are, and the slide's box, on the screen
CORNERS = """() => [Reveal.getCurrentSlide().getBoundingClientRect().toJSON(),
    [...document.querySelectorAll('.reveal .controls button.enabled, .reveal .slide-number')]
        .map(box => box.getBoundingClientRect().toJSON())]"""


@pytest.mark.browser
@needs_chromium
@needs_npm
def test_trees_show_at_their_size_and_every_first_slide_fits_the_screen(offline_page, deck_url):
    """At 1024x768 the trees showed at 68-100% of their size, their labels 11 to 14 px (a
    drawing's width stored for a notebook's 620 px, kept on the slide); a tree is now as large as
    it is drawn (its labels 16 px) or as wide as the slide. The first slides of 08 and 11 ran
    245 and 491 px past the screen: they held the next cells too, and every slide's box ran 15 px
    below the screen."""
    page, refused = offline_page
    page.set_viewport_size({"width": 1024, "height": 768})
    for notebook in NOTEBOOKS:
        open_deck(page, f"{deck_url}{notebook.stem}{SUFFIX}")
        for shown, own, room in page.evaluate(TREES_SHOWN):
            assert shown >= min(own, room) - 1, (notebook.stem, shown, own, room)
        height, room, bottom = page.evaluate(FIRST_SLIDE)
        assert height <= room and bottom <= 768, (notebook.stem, height, room, bottom)
    assert refused == []


@pytest.mark.browser
@needs_chromium
@needs_npm
def test_no_slide_lies_under_the_arrows_or_the_slide_number(offline_page, deck_url):
    """reveal.js's arrows and the slide number covered the bottom corners of the slide, and what a
    slide showed there (a tree's leaves, the end of a code cell): they now sit below it."""
    page, refused = offline_page
    page.set_viewport_size({"width": 1024, "height": 768})
    open_deck(page, f"{deck_url}01_simple_nim_minimax{SUFFIX}")
    page.evaluate("Reveal.configure({transition: 'none'})")
    page.evaluate("Reveal.slide(2, 1)")  # a tree, with arrows all four ways
    page.wait_for_function(  # the arrows' fade-in (transitions; not the bounce of a hint)
        "document.getAnimations().every(a => !(a instanceof CSSTransition))"
    )
    slide, boxes = page.evaluate(CORNERS)
    assert len(boxes) >= 4
    for box in boxes:
        assert box["top"] >= slide["bottom"], (box, slide)
    assert refused == []


TEXT_CODE_SIZES = """() => [...document.querySelectorAll('.reveal .jp-RenderedMarkdown pre')]
    .map(pre => parseFloat(getComputedStyle(pre).fontSize))"""


@pytest.mark.browser
@needs_chromium
@needs_npm
def test_code_set_in_the_text_is_as_large_as_a_code_cell(offline_page, deck_url):
    """Star1's bound, a line of code in notebook 12's text, was 11 px on its slide (reveal.js's
    own size for a pre), unreadable from the back of a room."""
    page, refused = offline_page
    open_deck(page, f"{deck_url}12_games_of_chance{SUFFIX}")
    assert set(page.evaluate(TEXT_CODE_SIZES)) == {19}
    assert refused == []


@pytest.mark.browser
@needs_chromium
@needs_npm
def test_the_formulas_of_the_memoization_deck_are_typeset_with_no_network(offline_page, deck_url):
    page, refused = offline_page
    open_deck(page, f"{deck_url}04_memoization{SUFFIX}")
    page.wait_for_function("document.querySelectorAll('mjx-container svg').length >= 5")
    assert "$$" not in page.locator(".reveal .slides").inner_text()
    assert refused == []


@pytest.mark.browser
@needs_chromium
def test_no_serious_violation_in_the_slide_decks(deck_folder):
    """axe-core over the decks (all of them in CI, NIMLIB_AXE_NOTEBOOKS=all; else 05 and 11),
    served on localhost: a deck is the project's own page."""
    pytest.importorskip("axe_playwright_python", reason="axe-core comes with requirements-dev.txt")
    from accessibility import SERIOUS, audit_decks

    every = os.environ.get("NIMLIB_AXE_NOTEBOOKS") == "all"
    names = sorted(
        path.name
        for path in deck_folder.glob(f"*{SUFFIX}")
        if every or path.name[:2] in ("05", "11")
    )
    results = audit_decks(deck_folder, names)
    for name, found in results.items():
        print(
            f"axe, deck {name}: "
            + (", ".join(f"{v['id']} ({v['impact']}): {len(v['nodes'])}" for v in found) or "none")
        )
    problems = [
        (name, v["id"], v["nodes"][:2])
        for name, found in results.items()
        for v in found
        if v["impact"] in SERIOUS
    ]
    assert names and not problems


pytestmark = pytest.mark.ci  # builds a site or decks, or runs nbval in a child: CI's tier
