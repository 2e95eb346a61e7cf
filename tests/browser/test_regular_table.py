"""Issue 48 section 5, what a regular player misses, as far as it is built: a warning on the table
before a gold leaves the hand (the gold selected: the prompt says it, in red, before the second tap);
a first win with a moment of its own, once per browser; and the gold in the centre large enough to
see on a phone on its side."""
from __future__ import annotations

from pagehelp import HAND_TILES, base64url, idle, open_game, phone_visit, shot

# Longyan, the player deals holding the gold (5m) among loose tiles: a discard turn.
GOLD_IN_HAND = {"variant": "longyan", "dealer": 0, "gold": "5m",
                "hands": ["5m19m19p19s1234567z", "258m369p147s3z4z6z7z", "369m147p258s3z4z6z7z", "147m258p369s2z3z4z6z"]}
# Xinyu, the player deals and holds a winning hand: a self-draw win at once.
WIN_AT_ONCE = {"variant": "xinyu", "dealer": 0,
               "hands": ["123456789m12355p", "1112223334445z", "6667778889995s", "4666777888999p"]}


def test_selecting_the_gold_warns_before_it_is_discarded(browser, site, output_path):
    context, page, errors = phone_visit(browser, 360, 640)
    try:
        open_game(page, site, f"position={base64url(GOLD_IN_HAND)}&lang=zh-Hans&speed=fast")
        s = idle(page)
        assert "discard 5m" in s["legal"], s
        gold = next(t for t in page.evaluate(HAND_TILES) if t["code"] == "5m")
        other = next(t for t in page.evaluate(HAND_TILES) if t["code"] == "9m")
        page.touchscreen.tap(other["x"], other["y"])
        page.wait_for_function("() => document.querySelector('#prompt .say').textContent.includes('再点一次')")
        assert not page.evaluate("() => document.querySelector('#prompt .say').classList.contains('warn')")
        page.touchscreen.tap(gold["x"], gold["y"])
        page.wait_for_function("() => document.querySelector('#prompt .say').textContent.includes('是金')")
        assert page.evaluate("() => document.querySelector('#prompt .say').classList.contains('warn')")
        assert page.inner_text("#prompt .say") == "五万是金，和牌时能当任何牌：真要打出再点一次"
        shot(page, output_path, "gold-warning")
        assert page.evaluate("() => window.mahjong.state().human_to_move")  # nothing left the hand
        page.touchscreen.tap(gold["x"], gold["y"])  # warned, the player means it
        page.wait_for_function("() => window.mahjong.state().discards[0].some((d) => d.tile === '5m')")
        assert errors == []
    finally:
        context.close()


def test_a_first_win_has_a_moment_of_its_own_once_and_each_match_joins_the_record(browser, site, output_path):
    """The record of one's matches is kept in the browser (nothing sent): each finished match a
    line, a few figures per rule set on the final settlement; a stored record the page cannot
    read is set aside, not overwritten."""
    context, page, errors = phone_visit(browser, 390, 844)
    try:
        page.goto(site.url + "help.html")
        page.evaluate("() => localStorage.setItem('mahjong.record', '{not a record')")
        for first in (True, False):
            open_game(page, site, f"position={base64url(WIN_AT_ONCE)}&hands=1&lang=en&speed=instant")
            page.tap('#actions button[data-action="win"]')
            page.wait_for_selector("#settle .arithmetic", timeout=15_000)
            assert page.locator("#settle .first-win").count() == (1 if first else 0)
            if first:
                assert page.inner_text("#settle .first-win strong") == "Your first win!"
                page.wait_for_timeout(800)
                shot(page, output_path, "first-win")
        record = page.inner_text("#settle-record")
        assert record.startswith("Your Xinyu record in this browser"), record
        assert "2 matches, 2 hands; won 2 (100%); average final score 12; first place 2 times" in record, record
        page.locator("#settle-record").scroll_into_view_if_needed()
        shot(page, output_path, "record")
        lines = page.evaluate("() => JSON.parse(localStorage.getItem('mahjong.record'))")
        assert [(x["variant"], x["score"], x["place"], x["wins"], x["dealtIn"]) for x in lines] == [("xinyu", 12, 1, 1, None)] * 2  # Xinyu: no discard win, no deal-in figure
        assert page.evaluate("() => localStorage.getItem('mahjong.record.unread')") == "{not a record"
        # the whole record a tap away: its figures for the rule set, both matches
        page.tap("#settle-record-open")
        page.wait_for_selector("#record-matches")
        assert page.locator("#record-matches tbody tr").count() == 2
        assert page.inner_text("#record-figures tbody tr").split("\t")[:3] == ["Xinyu", "2", "2"]
        page.keyboard.press("Escape")
        page.wait_for_selector("#record", state="detached")
        assert page.is_visible("#settle")
        assert errors == []
    finally:
        context.close()


def test_the_gold_in_the_centre_can_be_seen_on_a_phone_on_its_side(browser, site, output_path):
    context, page, errors = phone_visit(browser, 844, 390)
    try:
        open_game(page, site, f"position={base64url(GOLD_IN_HAND)}&lang=zh-Hant&speed=fast")
        idle(page)
        page.wait_for_timeout(3500)  # the deal's banners gone
        gold = page.evaluate("() => window.mahjong._renderer.goldRect")
        shot(page, output_path, "gold-844x390")
        assert gold and gold["w"] >= 16 and gold["h"] >= 20, gold
        assert errors == []
    finally:
        context.close()


# Xinyu, Right deals and discards the Red dragon, which the player holds a pair of: pong or pass.
PONG_OFFERED = {"variant": "xinyu", "dealer": 1,
                "hands": ["123456789m1277z", "1112223334445z7z", "6667778889995s", "4666777888999p"],
                "history": [[1, "discard 7z"]]}


def test_auto_pass_and_auto_win_play_without_asking_once_turned_on(page, site, console_errors, output_path):
    page.set_viewport_size({"width": 1280, "height": 800})
    # off (the default): the claim is asked
    open_game(page, site, f"position={base64url(PONG_OFFERED)}&lang=en&speed=instant")
    s = idle(page)
    assert s["human"] and "pong" in s["legal"], s
    # turned on in Settings (kept), the same moment passes by itself, and a win is taken
    page.click("#tb-settings")
    assert page.inner_text("label[for=set-autoPass]") == "Pass on claims without asking (pong, kong)"
    page.check("#set-autoPass")
    page.check("#set-autoWin")
    shot(page, output_path, "settings")
    page.click("#set-close")
    assert page.evaluate("() => JSON.parse(localStorage.getItem('mahjong.settings'))").get("autoPass") is True
    open_game(page, site, f"position={base64url(PONG_OFFERED)}&lang=en&speed=instant")
    page.wait_for_function("() => window.mahjong.state().history_length > 2")
    s = page.evaluate("() => window.mahjong.state()")
    assert s["melds"][0] == [], s["melds"]  # passed, not ponged
    assert s["history_length"] > 2
    open_game(page, site, f"position={base64url(WIN_AT_ONCE)}&hands=1&lang=en&speed=instant")
    page.wait_for_selector("#settle .arithmetic", timeout=15_000)  # won with no tap
    assert page.evaluate("() => window.mahjong.state().result.winners") == [0]
    assert console_errors == []


def test_discards_drawn_and_thrown_are_marked_on_the_table(page, site, console_errors, output_path):
    """摸切 (issue 48): the engine marks a discard that was the tile just drawn; the table draws a dot
    on exactly those."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(page, site, "variant=xinyu&seed=12&lang=en&speed=instant&level=easy")
    for turn in range(8):
        s = idle(page)
        if s["over"]:
            break
        if "pass" in s["legal"]:
            page.evaluate("() => window.mahjong.act('pass')")
            continue
        drawn = page.evaluate("() => window.mahjong.state().drawn")
        mine = f"discard {drawn}" if turn % 2 and drawn and f"discard {drawn}" in s["legal"] else \
            next((a for a in s["legal"] if a.startswith("discard ") and a != f"discard {drawn}"), None)
        page.evaluate("(a) => window.mahjong.act(a)", mine)
    idle(page)
    page.wait_for_timeout(300)
    flagged = page.evaluate("""() => window.mahjong.state().discards.flatMap((ds, seat) =>
        ds.map((d, i) => d.thrown_drawn ? `${seat}:${i}` : null).filter(Boolean))""")
    assert flagged, "no discard drawn and thrown in eight turns"
    assert sorted(page.evaluate("() => window.mahjong._renderer.thrownMarks")) == sorted(flagged)
    assert any(f.startswith("0:") for f in flagged)  # the player's own, thrown on purpose above
    shot(page, output_path, "thrown-marks")
    page.click("#tb-help")  # and the table's help says what the dot means
    assert "a blue dot in a discard's corner means the player threw the tile they had just drawn" in page.inner_text("#help-marks")
    assert console_errors == []
