"""A newcomer's first hands as a journey (issue 57, item 6): a fresh browser, the coach on, at a
phone held upright (360x640) and then on its side (844x390); every tap chosen from what the screen
shows (the prompt's words, the buttons on screen, the coach's bubble, the settlement), never from
the page's API: a "Got it" is tapped, a 胡 tapped when it shows, any other claim passed, and a tile
of the hand tapped where the hand lies, then its Discard button. The hand ends in a settlement,
whose Next starts the second hand. Each size's screen is kept in test-results/ (conftest keeps the
last; shot() the others)."""
from __future__ import annotations

import time
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from pagehelp import shot

SIZES = [(360, 640), (844, 390)]
SHOWN = "(s) => { const e = document.querySelector(s); return !!e && !e.hidden && e.getClientRects().length > 0; }"


def visible(page, selector: str) -> bool:
    return page.evaluate(SHOWN, selector)


def tap(page, selector: str) -> bool:
    """Tap what the selector shows; False when it went meanwhile (a claim the others settled)."""
    try:
        box = page.locator(selector).first.bounding_box(timeout=500) if page.locator(selector).count() else None
    except PlaywrightTimeout:  # it went between the count and the look
        box = None
    if not box:
        return False
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    return True


def discard_a_tile(page, width: int, height: int) -> bool:
    """Tap a tile where the hand lies (its lowest row, from the left), then its Discard button."""
    for x in range(30, width - 20, 44):
        page.touchscreen.tap(x, height - 42)
        try:
            page.wait_for_selector("#actions button[data-action^='discard']", timeout=400)
        except Exception:
            continue
        return tap(page, "#actions button[data-action^='discard']")
    return False


def play_a_hand(page, width: int, height: int, output_path: str, deadline: float) -> dict:
    seen = {"coach": 0, "tips": 0, "discards": 0, "claims": 0}
    while time.monotonic() < deadline:
        seen["tips"] += visible(page, "#coach")
        if visible(page, "#settle"):
            shot(page, output_path, f"settlement-{width}x{height}")
            return seen
        if visible(page, "#coach-ok"):
            seen["coach"] += tap(page, "#coach-ok")
            continue
        if visible(page, "#actions button[data-action='win']"):
            tap(page, "#actions button[data-action='win']")
            continue
        if visible(page, "#actions button[data-action='pass']"):
            seen["claims"] += tap(page, "#actions button[data-action='pass']")
            continue
        prompt = page.text_content("#prompt") if visible(page, "#prompt") else ""
        if prompt.startswith("Your turn"):
            assert discard_a_tile(page, width, height), f"no tile answered a tap at {width}x{height}"
            seen["discards"] += 1
            continue
        page.wait_for_timeout(60)
    raise AssertionError(f"the hand did not end at {width}x{height}: {seen}")


def test_a_newcomers_first_hands_by_what_the_screen_shows(browser, site, output_path):
    context = browser.new_context(viewport={"width": 360, "height": 640}, device_scale_factor=2, has_touch=True, is_mobile=True)
    context.add_init_script("window.mahjongTestNoSnapshot = true;")
    page = context.new_page()
    try:
        page.goto(site.url + "?variant=xinyu&seed=7&speed=instant&lang=en&hands=2")
        page.wait_for_selector("#prompt:not([hidden])", timeout=90_000)
        deadline = time.monotonic() + 60
        totals = []
        for n, (width, height) in enumerate(SIZES):
            page.set_viewport_size({"width": width, "height": height})
            seen = play_a_hand(page, width, height, output_path, deadline)
            totals.append(seen)
            assert seen["discards"] >= 3, seen
            if n == 0:
                assert seen["tips"] >= 1, seen  # the coach was on
                assert tap(page, "#settle-next")
                page.wait_for_function("() => !document.querySelector('#settle')", timeout=10_000)
        assert totals
    finally:
        context.close()
