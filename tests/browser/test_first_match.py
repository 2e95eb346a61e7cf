"""A newcomer's first match (issue 36) and every match after (issue 48): nothing rushes them.
Against bots the decision clock runs only when the player turned it on (docs/RULES.md §4: Longyan's
20 s is the rule's, named in the settings; the second match has no clock either), and when it runs
the table labels it ("13 s to act"), not a bare number; the settings apply at once what can apply at once (the clock
too) and keep, and say so, what needs a new match; a clock that runs warns in its last five seconds
and plays the tile the player had selected, saying so; the deal of the day runs the player's clock.
And the "covered first discard" banner shows only while that tile lies face down."""
from __future__ import annotations

from pagehelp import HAND_TILES, SAID, idle, open_game, phone_visit, shot

CLOCK = "() => window.mahjong._view.timer ? window.mahjong._view.timer.total : 0"

# Every frame: a "covered first discard" banner on the table while that tile is drawn face up.
BANNER_WATCH = """
window.__faceUpUnderBanner = [];
(function watch() {
  const v = window.mahjong && window.mahjong._view;
  const s = v && v.state;
  if (s && s.discards) {
    const now = performance.now();
    const first = s.discards[s.dealer][0];
    const down = (first && first.covered) || v.anims.some((c) => c.type === "cover" && now < c.t0 + c.down + 50);
    const banner = v.anims.find((a) => a.type === "banner" && (a.key === "covered" || a.title === "Covered first discard") && a.t0 + 50 <= now && now < a.t0 + a.dur);
    if (banner && !down) window.__faceUpUnderBanner.push(JSON.stringify({now: Math.round(now), banner: [banner.t0, banner.dur], first}));
  }
  requestAnimationFrame(watch);
})();
"""


def tap(page, x: float, y: float) -> None:
    page.touchscreen.tap(x, y)


def test_a_first_visit_plays_a_whole_longyan_hand_by_taps_with_no_clock(browser, site, output_path):
    context, page, errors = phone_visit(browser)
    page.add_init_script(SAID)
    page.add_init_script(BANNER_WATCH)
    open_game(page, site, "variant=longyan&seed=21&speed=fast&lang=en")  # no timer parameter: the page decides
    turns = 0
    while not (s := idle(page))["over"]:
        assert page.evaluate(CLOCK) == 0, "a clock runs in a newcomer's first match"
        legal = s["legal"]
        if turns == 0:
            shot(page, output_path, "first-turn")
        if "win" in legal:
            page.tap('#actions button[data-action="win"]')
        elif "pass" in legal:
            page.tap('#actions button[data-action="pass"]')
        else:
            tiles = [t for t in page.evaluate(HAND_TILES) if f"discard {t['code']}" in legal]
            tile = tiles[0]
            tap(page, tile["x"], tile["y"])
            page.wait_for_timeout(3000 if turns == 0 else 50)  # reading the table: nothing happens meanwhile
            assert page.evaluate("() => window.mahjong.state().human_to_move")
            tap(page, tile["x"], tile["y"])
            page.wait_for_function("() => !window.mahjong.state().human_to_move || window.mahjong.state().is_over")
        turns += 1
        assert turns < 120
    assert not [line for line in page.evaluate("() => window.__said") if "Time ran out" in line]
    assert "Covered first discard" in " ".join(page.evaluate("() => window.__said"))
    assert page.evaluate("() => window.__faceUpUnderBanner") == []  # the banner tells of the table as it is
    assert page.evaluate("() => window.mahjong.state().options.timer") == 0
    page.wait_for_selector("#settle", timeout=15_000)
    shot(page, output_path, "settlement")
    # the next match (a hand has been played to its end): still no clock, and Settings says why
    page.tap("#settle-peek")
    page.tap("#tb-newGame")
    page.tap("#set-start")
    page.wait_for_function("() => window.mahjong.state().history_length < 5")
    s = idle(page)
    while not s["human"]:
        s = idle(page)
    assert page.evaluate(CLOCK) == 0
    assert page.evaluate("() => window.mahjong.state().options.timer") == 0
    page.tap("#tb-settings")
    assert page.input_value("#opt-timer") == "0"
    assert "only if you turn it on" in page.inner_text("#set-clock-first")
    assert "Longyan Xinzhuang rule" in page.inner_text("#opt-timer option[value='20']")
    assert errors == []
    context.close()


def test_settings_apply_at_once_or_say_when_and_the_clock_plays_the_selected_tile(page, site, console_errors, output_path):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.add_init_script(SAID)
    open_game(page, site, "variant=longyan&seed=1&speed=fast&lang=en&timer=10")
    s = idle(page)
    assert s["human"] and page.evaluate(CLOCK) == 10_000
    # the centre says what the number is
    page.wait_for_function("() => /^\\d+ s to act$/.test(window.mahjong._renderer.clockLabel)")
    shot(page, output_path, "clock-labelled")

    # the clock off, Close: off now, and still off when the settings open again
    page.click("#tb-settings")
    page.select_option("#opt-timer", "0")
    page.click("#set-close")
    assert page.evaluate(CLOCK) == 0
    page.wait_for_timeout(600)
    assert page.evaluate(CLOCK) == 0
    page.click("#tb-settings")
    assert page.input_value("#opt-timer") == "0"
    assert "Longyan Xinzhuang rule" in page.inner_text("#opt-timer option[value='20']")   # the rule's value, named

    # a new-match setting: marked beside it, the dialog asks, Close keeps it and says so
    assert page.is_hidden("#set-pending")
    page.select_option("#set-hands", "4")
    assert page.is_visible("#set-pending") and "new match" in page.inner_text("label[for=set-hands]")
    assert page.inner_text("#set-close") == "From the next match"
    shot(page, output_path, "settings-pending")
    page.select_option("#opt-timer", "10")  # and the clock back on: at once
    page.keyboard.press("Escape")
    assert "apply from the next match" in page.inner_text("#banner")
    assert page.evaluate("() => window.mahjong.settings().hands") == 4
    assert page.evaluate("() => window.mahjong.state().match.hands") != 4
    assert page.evaluate(CLOCK) == 10_000

    # the clock warns in its last five seconds, then plays the selected tile and says so
    s = idle(page)
    tiles = [t for t in page.evaluate(HAND_TILES) if f"discard {t['code']}" in s["legal"]]
    drawn = page.evaluate("() => window.mahjong.state().drawn")
    chosen = next(t for t in tiles if t["code"] != drawn)
    page.mouse.click(chosen["x"], chosen["y"])
    page.wait_for_function("() => /s left: then .* \\(selected\\) is discarded/.test(document.querySelector('#prompt').textContent)",
                           timeout=15_000)
    assert page.evaluate("() => document.querySelector('#prompt .say').classList.contains('warn')")
    shot(page, output_path, "clock-warning")
    page.wait_for_function("() => window.__said.some((s) => s.includes('the tile you had selected'))", timeout=15_000)
    mine = page.evaluate("() => window.mahjong.state().discards[window.mahjong.state().human]")
    assert mine[-1]["tile"] == chosen["code"]
    assert any("s left: then" in line for line in page.evaluate("() => window.__said"))

    # the deal of the day runs the player's clock (off), not the rule's
    page.click("#tb-settings")
    page.select_option("#opt-timer", "0")
    page.click("#set-daily")
    today = page.evaluate("() => Number(new Date().toISOString().slice(0, 10).replace(/-/g, ''))")
    page.wait_for_function("(seed) => window.mahjong.state().match.seed === seed", arg=today)
    s = idle(page)
    while not s["human"]:
        s = idle(page)
    assert page.evaluate(CLOCK) == 0
    assert page.evaluate("() => window.mahjong.state().options.timer") == 0
    assert console_errors == []


def test_a_newcomers_first_match_from_a_tutorials_position_has_no_clock_either(browser, site, output_path):
    """A tutorial's link to a Longyan moment (a position that names no clock) was a newcomer's first
    match with Longyan's 20 s running; a position that names its clock (a share link) keeps it."""
    from pagehelp import base64url
    swim = {"variant": "longyan", "dealer": 0, "gold": "9p",
            "hands": ["123m456m789m123s9p1z", "258m369p147s2z3z4z6z", "369m147p258s3z4z6z7z", "147m258p369s3z4z6z7z"]}
    context, page, _ = phone_visit(browser, 844, 390)
    try:
        open_game(page, site, f"position={base64url(swim)}&lang=en")
        assert idle(page)["human"]
        shot(page, output_path, "tutorial-position")
        assert page.evaluate(CLOCK) == 0, "a clock runs in a newcomer's first match"
        assert page.evaluate("() => window.mahjong.state().options.timer") == 0
        shared = {**swim, "options": {"timer": 10}}
        open_game(page, site, f"position={base64url(shared)}&lang=en")
        assert idle(page)["human"]
        assert page.evaluate(CLOCK) == 10_000
    finally:
        context.close()


def test_the_clocks_warning_is_read_whole_on_a_phone(browser, site, output_path):
    """The last five seconds' warning on a 390 px phone: it ran past its line ("…your selected
    tile, is discard…"), its end, what happens at zero, cut off."""
    context, page, _ = phone_visit(browser)
    try:
        open_game(page, site, "variant=longyan&seed=1&speed=fast&lang=en&timer=10")
        s = idle(page)
        while not s["human"]:
            s = idle(page)
        tiles = [t for t in page.evaluate(HAND_TILES) if f"discard {t['code']}" in s["legal"]]
        chosen = next((t for t in tiles if t["code"].endswith("m")), tiles[0])  # "8 Characters": a long name
        page.touchscreen.tap(chosen["x"], chosen["y"])
        page.wait_for_function("() => document.querySelector('#prompt .say.warn')", timeout=15_000)
        text, fits = page.evaluate("""() => { const e = document.querySelector('#prompt .say');
            return [e.textContent, e.scrollWidth <= e.clientWidth && e.getBoundingClientRect().right <= innerWidth]; }""")
        shot(page, output_path, "clock-warning-phone")
        assert "discarded" in text and fits, text
    finally:
        context.close()
