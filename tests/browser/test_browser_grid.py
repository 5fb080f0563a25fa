"""play_grid() in a real browser: Voila serves a one-cell notebook, headless Chromium clicks
squares.

It needs Debian's chromium and skips, saying so, where /usr/bin/chromium is missing. Every wait
has a timeout, and the server is stopped whatever happens.
"""

import pytest
from voila_browser import browser  # noqa: E402

from nimlib.widgets.grid import play_grid
from nimlib.widgets.match import LATE_CLICK, Match

sync_api = pytest.importorskip("playwright.sync_api")

PAGE_SECONDS = 60  # waits fail only on a hang: a busy machine is slow, not broken
STEP_SECONDS = 60

pytestmark = pytest.mark.browser  # CI's tier; skipped without chromium (conftest)


@pytest.fixture
def page(in_voila):
    """Headless Chromium showing a notebook that shows play_grid() in Voila, loading from localhost
    only."""
    with browser() as page:
        page.set_default_timeout(STEP_SECONDS * 1000)
        url = in_voila(["from nimlib.widgets.grid import play_grid\nplay_grid()"])
        page.goto(url, timeout=PAGE_SECONDS * 1000)
        page.wait_for_selector(".nim-grid .nim-square", timeout=PAGE_SECONDS * 1000)
        yield page


def shown_marks(page):
    """The text each square shows, stripped of blanks (a no-break space counts as blank)."""
    squares = page.locator(".nim-grid .nim-square")
    return [squares.nth(i).inner_text().strip() for i in range(squares.count())]


def expect_board(page, state):
    """Wait until the squares show the marks of `state` and nothing on its empty squares."""
    marks = ["" if mark == "." else mark for mark in state]
    sync_api.expect(page.locator(".nim-grid .nim-square")).to_have_text(marks)
    assert shown_marks(page) == marks


def click_square(page, square):
    """Click `square` as a person would: not before the computer's last answer has been on screen a
    moment (a click sooner counts as made before it, and is ignored)."""
    page.wait_for_timeout(LATE_CLICK * 1000 + 100)
    page.locator(".nim-grid .nim-square").nth(square).click()


def click_like(page, match, square):
    """Click `square` in the browser and on `match`, the same game played in this process, then
    compare."""
    click_square(page, square)
    match.squares[square].click()
    words = page.locator(".nim-grid-play .nim-words")
    sync_api.expect(words).to_contain_text(match.news[-1])
    sync_api.expect(words).to_contain_text(match.status()[-1])
    expect_board(page, match.state)


def play_to_the_end(page, match):
    """Click the first empty square until the game is over, in the browser and on `match` alike."""
    while not match.is_over:
        click_like(page, match, match.state.index("."))


def test_new_game_and_first_move_clear_the_board_in_the_browser(page):
    words = page.locator(".nim-grid-play .nim-words")
    match = play_grid()  # the same game in this process: the computer's answers are the same
    play_to_the_end(page, match)
    click_square(
        page, 0
    )  # after the end: the last moves stay in view, the outcome's line says it is over
    match.squares[0].click()
    sync_api.expect(words).to_contain_text(match.news[0])
    sync_api.expect(words).to_contain_text("The game is over")

    page.locator("button", has_text="New game").click()
    match.new_game_button.click()
    sync_api.expect(words).to_contain_text("New game: you play X.")
    expect_board(page, "." * 9)
    boxes = [page.locator(".nim-grid .nim-square").nth(i).bounding_box() for i in range(9)]
    assert {(box["width"], box["height"]) for box in boxes} == {
        (64, 64)
    }  # blank squares keep their size
    click_like(page, match, 4)
    assert shown_marks(page)[4] == "X" and shown_marks(page).count("O") == 1

    page.locator(
        "button", has_text="the computer"
    ).click()  # during a game: it goes on, New game starts one
    match.first.value = False
    sync_api.expect(words).to_contain_text("press New game to start it. This game goes on.")
    assert shown_marks(page)[4] == "X"
    page.locator("button", has_text="New game").click()
    match.new_game_button.click()
    sync_api.expect(words).to_contain_text("New game: you play O.")
    expect_board(page, match.state)
    assert shown_marks(page).count("X") == 1 and shown_marks(page).count("") == 8
    click_like(page, match, match.state.index("."))
    assert shown_marks(page).count("O") == 1
    play_to_the_end(page, match)


def test_clicking_a_square_marks_it_and_the_computer_answers(page, tmp_path):
    squares = page.locator(".nim-grid .nim-square")
    assert squares.count() == 9
    words = page.locator(".nim-grid-play .nim-words")
    sync_api.expect(words).to_contain_text("Your turn: click an empty square for X.")

    squares.nth(4).click()
    sync_api.expect(words).to_contain_text("You: X in the centre.")
    sync_api.expect(words).to_contain_text("The computer: O at")
    sync_api.expect(squares.nth(4)).to_have_text("X")
    click_square(page, 4)
    sync_api.expect(words).to_contain_text("Square b2 is taken: choose an empty square")
    assert [squares.nth(i).inner_text() for i in range(9)].count("O") == 1
    page.screenshot(path=str(tmp_path / "grid.png"))


def test_a_double_click_plays_one_move(page):
    """Both clicks of a double click reach the kernel: they are made in one task of the page, so no
    answer of the kernel can change the square between them. (Playwright's dblclick sends its
    clicks one by one: on a busy machine the answer to the first could redraw the square before
    the second, which the browser then never sent.)"""
    words = page.locator(".nim-grid-play .nim-words")
    page.locator(".nim-grid .nim-square").nth(0).evaluate(
        "square => { square.click(); square.click(); }"
    )
    sync_api.expect(words).to_contain_text("The computer: O")
    page.wait_for_timeout(
        LATE_CLICK * 1000 + 500
    )  # time for a second click to come through, if it did
    assert shown_marks(page).count("X") == 1 and shown_marks(page).count("O") == 1
    assert "taken" not in words.inner_text() and words.inner_text().count("You:") == 1
    # the squares stay on, so the second click reaches the kernel: the words say it was not played
    sync_api.expect(words).to_contain_text(Match.unseen_click)
