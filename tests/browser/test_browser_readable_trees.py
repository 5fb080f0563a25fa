"""explore()'s and replay()'s trees live in JupyterLab at 1024x768 beside the open file browser, as
a lecturer's projector shows them: every tree is readable or scrolls sideways. Each text of the
tree is measured in the browser (getBoundingClientRect of its <text> in a copy of the picture's SVG
laid over the picture, at its size): none is under MIN_TEXT_PX, across or up and down. Medium trees
of 41 to 169 nodes (Simple-Nim from 7 on plain minimax, from 30 on memoized minimax without the
pruned branches, Nim from (1, 1, 2), Split Nim from (3, 6), Fibonacci Nim from 6 memoized) were
squeezed into the page, their text 3 to 8 px, until "full size" was pressed. Small trees still fit
the page, as before. Every request leaving localhost is blocked; it skips where /usr/bin/chromium is
missing. The screenshots are left in pytest's tmp_path, to look at."""

import pytest
from lab_browser import browser, jupyter_lab, notebook_of, open_notebook, shut_down, start_run_all
from voila_browser import painted

from nimlib.drawing.picture import MIN_LARGE_TEXT_PX, MIN_TEXT_PX, NARROW_PAGE_PX

pytestmark = pytest.mark.browser  # CI's tier; skipped without chromium (conftest)

# each widget as a cell runs it, and whether its tree must still fit the page beside the file
# browser (the small ones) rather than scroll
WIDGETS = {
    "simple_nim_30_memo": ('explore("Simple-Nim", 30, method="memo", show_pruned=False)', False),
    "simple_nim_7_minimax": ('explore("Simple-Nim", 7, method="minimax")', False),
    "nim_1_1_2": ('explore("Nim", piles=(1, 1, 2), method="minimax")', False),
    "split_nim_3_6": ('explore("Split Nim", piles=(3, 6))', False),
    "replay_fibonacci_6_memo": ('replay("Fibonacci Nim", 6, method="memo")', False),
    "replay_simple_nim_8": ('replay("Simple-Nim", 8, method="minimax")', False),
    "replay_simple_nim_7_large": ('replay("Simple-Nim", 7, large=True)', False),
    "simple_nim_4": ('explore("Simple-Nim", 4)', True),
    "textbook": ('explore("Textbook tree")', True),
}
LARGE = {"replay_simple_nim_7_large"}
TOGGLE = "() => window.jupyterapp.commands.execute('application:toggle-left-area')"

# The smallest text of widget `number`'s tree as shown: a copy of its SVG, each node drawn once
# in <defs> put in place of its <use>s, laid over the picture at the picture's size, each <text>
# measured by getBoundingClientRect against its own box (getBBox, in the SVG's points) times its
# font size: up and down, and across (a squeezed picture was stretched, its text narrowed).
SMALLEST_TEXT = """number => {
  const widget = document.querySelectorAll('.nim-explore, .nim-replay')[number];
  const img = widget.querySelector('.nim-tree img, .nim-replay-tree img');
  const shown = img.getBoundingClientRect();
  const bytes = Uint8Array.from(atob(img.getAttribute('src').split(',')[1]), c => c.charCodeAt(0));
  const parsed = new DOMParser().parseFromString(new TextDecoder().decode(bytes), 'image/svg+xml');
  const svg = document.importNode(parsed.documentElement, true);
  for (const use of [...svg.querySelectorAll('use')]) {
    const kind = svg.querySelector(use.getAttribute('xlink:href') || use.getAttribute('href'));
    const placed = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    placed.setAttribute('transform', `translate(${use.getAttribute('x') || 0} ${use.getAttribute('y') || 0})`);
    placed.appendChild(kind.cloneNode(true));
    use.replaceWith(placed);
  }
  svg.querySelector('defs')?.remove();
  svg.setAttribute('width', shown.width);
  svg.setAttribute('height', shown.height);
  const holder = document.createElement('div');
  holder.style.cssText = `position:fixed;left:${shown.left}px;top:${shown.top}px;` +
    `width:${shown.width}px;height:${shown.height}px;visibility:hidden;pointer-events:none`;
  holder.appendChild(svg);
  document.body.appendChild(holder);
  const sizes = [...svg.querySelectorAll('text')].filter(text => text.textContent.trim()).map(text => {
    const box = text.getBoundingClientRect(), own = text.getBBox();
    const points = parseFloat(text.getAttribute('font-size'));
    return {up: points * box.height / own.height, across: points * box.width / own.width,
            boxHeight: box.height};
  });
  holder.remove();
  const least = key => Math.min(...sizes.map(size => size[key]));
  return {up: least('up'), across: least('across'), boxHeight: least('boxHeight'),
          texts: sizes.length, width: shown.width, height: shown.height,
          page: widget.querySelector('.nim-tree, .nim-replay-tree').getBoundingClientRect().width,
          scrolls: [...widget.querySelectorAll('.nim-tree *, .nim-replay-tree *')].some(element =>
            getComputedStyle(element).overflowX === 'auto' && element.scrollWidth > element.clientWidth + 1),
          cue: widget.innerText.includes('scroll sideways')};
}"""


@pytest.fixture(scope="module")
def widgets_page(tmp_path_factory):
    """JupyterLab at 1024x768, the file browser open, showing a notebook that has run every widget
    of WIDGETS, one a cell."""
    folder = tmp_path_factory.mktemp("readable")
    (folder / "notebooks").mkdir()
    cells = ["from nimlib.widgets import explore, replay"]
    cells += [code for code, _ in WIDGETS.values()]
    notebook_of(folder / "notebooks", cells, "readable.ipynb")
    with jupyter_lab(folder / "notebooks", folder / "home") as url, browser() as page:
        page.goto(url + "lab")
        open_notebook(page, "readable.ipynb", len(cells))
        if not page.locator("#jp-left-stack").is_visible():
            page.evaluate(TOGGLE)
        page.wait_for_function(
            "() => document.querySelector('.jp-NotebookPanel').offsetWidth < 800"
        )
        start_run_all(page)  # the wait below has a timeout
        page.wait_for_function(
            "count => document.querySelectorAll("
            "'.nim-tree img, .nim-replay-tree img').length === count",
            arg=len(WIDGETS),
            timeout=180_000,
        )
        yield page
        shut_down(page)


@pytest.mark.parametrize("name", WIDGETS)
def test_every_tree_beside_the_file_browser_is_readable_or_scrolls(widgets_page, tmp_path, name):
    page, number = widgets_page, list(WIDGETS).index(name)
    picture = page.locator(".nim-tree img, .nim-replay-tree img").nth(number)
    picture.scroll_into_view_if_needed()
    painted(picture)
    page.screenshot(path=str(tmp_path / f"{name}.png"))
    text = page.evaluate(SMALLEST_TEXT, number)
    print(
        name,
        {
            key: round(value, 1) if isinstance(value, float) else value
            for key, value in text.items()
        },
    )
    least = MIN_LARGE_TEXT_PX if name in LARGE else MIN_TEXT_PX
    assert text["up"] >= least - 0.5 and text["across"] >= least - 0.5, (
        f"its smallest text is {text['up']:.1f} px high and {text['across']:.1f} px across "
        f"({text['width']:.0f} px wide on a page of {text['page']:.0f} px): too small to read"
    )
    fits = WIDGETS[name][1]
    assert text["page"] < NARROW_PAGE_PX + 30  # beside the file browser
    if fits:
        assert not text["scrolls"] and text["width"] <= text["page"]
    else:
        assert text["scrolls"] and text["cue"], "a tree wider than the page says nothing of it"
