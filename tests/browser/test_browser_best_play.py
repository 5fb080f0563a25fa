"""Best play in the widgets' trees, as a person sees it: Voila on localhost, headless Chromium at
1024x768.

Ticking "show best play" in explore() draws the line of best play green, from the root to the end
of the game, and says it in words; unticking it gives back the same picture as before. In
replay(), ticked, the line shows as far as the search has come. Every request that leaves
localhost is aborted; the tests skip where /usr/bin/chromium is missing.
"""

import io

import pytest
from voila_browser import box, browser, open_in_voila, painted  # noqa: E402

GREEN = (0, 158, 115)  # nimlib.drawing.style.BEST_PLAY, #009e73
PICTURE = "svg, img"

pytestmark = pytest.mark.browser  # CI's tier; skipped without chromium (conftest)


def green_pixels(locator) -> int:
    """How many pixels of the element `locator` points at are painted in best play's green."""
    image = pytest.importorskip("PIL.Image")
    shot = image.open(io.BytesIO(locator.screenshot())).convert("RGB")
    data = shot.tobytes()
    pixels = (data[index : index + 3] for index in range(0, len(data), 3))
    return sum(all(abs(a - b) <= 24 for a, b in zip(pixel, GREEN, strict=True)) for pixel in pixels)


def test_ticking_show_best_play_draws_the_line_green_and_unticking_takes_it_away(in_voila):
    sync_api = pytest.importorskip("playwright.sync_api")
    cells = ['from nimlib.widgets import explore\nexplore("Simple-Nim", 6)']
    with browser() as page:
        open_in_voila(page, in_voila(cells))
        tree = page.locator(".nim-explore .nim-tree")
        sync_api.expect(tree).to_contain_text("Alpha-beta tree of Simple-Nim from 6")
        painted(tree)
        before = green_pixels(tree.locator(PICTURE).first)
        checkbox = page.locator(".nim-explore .widget-checkbox", has_text="show best play")
        assert box(checkbox)["x"] + box(checkbox)["width"] <= 1024  # in view at 1024 px
        checkbox.locator("input").click()
        sync_api.expect(tree).to_contain_text(
            "Best play, in green: 6 → 5 → 4 → 1 → 0 (4 moves, each side's best)."
        )
        picture = tree.locator(PICTURE).first
        painted(tree)
        after = green_pixels(picture)
        assert (
            before == 0 and after > 400
        )  # four thick edges, five outlines and the legend's sample
        assert (
            box(picture)["x"] + box(picture)["width"] <= 1024
        )  # no wider than the projector's page
        checkbox.locator("input").click()
        sync_api.expect(tree).not_to_contain_text("Best play")
        painted(tree)
        assert green_pixels(tree.locator(PICTURE).first) == 0


def test_a_replay_ticked_shows_best_play_as_far_as_the_search_has_come(in_voila):
    sync_api = pytest.importorskip("playwright.sync_api")
    code = 'r = replay("Simple-Nim", 6, best_play=True)\nr.step.value = {}\nr'
    steps = (2, 24)  # the root and the first move reached; the search done
    cells = ["from nimlib.widgets import replay", *(code.format(step) for step in steps)]
    with browser() as page:
        open_in_voila(page, in_voila(cells))
        views = page.locator(".nim-replay-tree")
        sync_api.expect(views).to_have_count(len(steps))
        counts = []
        for number in range(len(steps)):
            view = views.nth(number)
            sync_api.expect(view).to_contain_text("Best play, in green: 6 → 5 → 4 → 1 → 0")
            view.scroll_into_view_if_needed()
            painted(view)
            counts.append(green_pixels(view.locator(PICTURE).first))
    assert 0 < counts[0] < counts[1]
