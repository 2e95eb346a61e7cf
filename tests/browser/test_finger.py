"""A finger's table (issue 36 items 2 and 4): on a phone held upright (390x844) the hand's tiles are
drawn at least 40 css px tall (two rows of them), and on a phone either way round every target a
finger meets (hand tiles, claim and turn buttons, toolbar icons, the panels' close buttons) is at
least 44 css px each way, in both rule sets; a hand of Longyan played by taps alone on a phone held
upright; and the replay viewer's review sits beside the table, never over the player's hand nor
past the screen's foot, a chosen decision ringed on the table (read from the canvas's pixels).
Emulated as a phone: touch, pixel ratio 3."""
from __future__ import annotations

import pytest

from pagehelp import base64url, idle, open_game, shot
from test_phone import CLAIM_POSITION, overlaps
from test_replay_viewer import SHOWN, bad_player_replay, link_for

PHONES = {"portrait": (390, 844), "landscape": (844, 390)}
FINGER = 44

# the hand's tiles as drawn and as they answer a touch, every visible button, the layout's rows
MEASURE = """() => {
    const R = window.mahjong._renderer, L = R.layout;
    const box = (e) => { const r = e.getBoundingClientRect(); return {w: r.width, h: r.height, name: e.id || e.dataset.action || e.getAttribute("aria-label") || e.textContent}; };
    return {
        tiles: R.handRects.map((t) => ({x: t.x, y: t.y, w: t.w, h: t.h, top: t.y - t.extra, bottom: t.y + t.h + t.below, code: t.code})),
        buttons: [...document.querySelectorAll("#ui button")].filter((b) => b.offsetParent).map(box),
        toolbar: [...document.querySelectorAll(".toolbar button")].map((e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }),
        prompt: [...document.querySelectorAll("#prompt:not([hidden]) > *")].map((e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }),
        rows: L.rows, u: L.u, width: innerWidth, height: innerHeight,
    };
}"""


def phone(browser, name: str):
    width, height = PHONES[name]
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=3,
                                  has_touch=True, is_mobile=True)
    return context, context.new_page()


def assert_fingers(m: dict, name: str) -> None:
    """Every hand tile answers a touch 44 px each way and is whole on the screen; every button is 44 px each way."""
    assert m["tiles"], name
    for t in m["tiles"]:
        assert t["w"] >= FINGER and t["bottom"] - t["top"] >= FINGER, (name, t)
        assert 0 <= t["x"] and t["x"] + t["w"] <= m["width"] and t["y"] + t["h"] <= m["height"], (name, t)
    small = [b for b in m["buttons"] if b["w"] < FINGER - 0.01 or b["h"] < FINGER - 0.01]
    assert not small, (name, small)
    # the toolbar's larger buttons keep clear of the prompt's line and the hand (a phone on its side's
    # first visit: its column of labelled buttons once came over the prompt)
    hand = [[t["x"], t["top"], t["x"] + t["w"], t["bottom"]] for t in m["tiles"]]
    hit = [(b, o) for b in m["toolbar"] for o in m["prompt"] + hand if overlaps(b, o)]
    assert not hit, (name, hit[:3])
    # no two tiles answer the same touch (two rows: the first row's ends where the second's lift begins)
    for i, a in enumerate(m["tiles"]):
        for b in m["tiles"][i + 1:]:
            e = 0.01  # neighbours meet at an edge
            assert not overlaps([a["x"] + e, a["top"] + e, a["x"] + a["w"] - e, a["bottom"] - e], [b["x"], b["top"], b["x"] + b["w"], b["bottom"]]), (a, b)


@pytest.mark.parametrize("variant", ["longyan", "xinyu"])
@pytest.mark.parametrize("name", list(PHONES))
def test_tiles_and_targets_are_a_fingers_size(browser, site, output_path, name, variant):
    context, page = phone(browser, name)
    try:
        open_game(page, site, f"variant={variant}&seed=5&speed=instant&lang=en&hints=0")
        s = idle(page)
        assert s["human"] and any(a.startswith("discard ") for a in s["legal"]), s
        page.wait_for_timeout(200)
        closed = page.evaluate(MEASURE)
        shot(page, output_path, f"{name}-{variant}-turn")
        assert_fingers(closed, name)
        assert len(closed["tiles"]) == 14
        if name == "portrait":
            # two rows of tiles drawn 40 px tall at least (one row's were 37 px tall, 25 wide)
            assert closed["rows"] == 2, closed["rows"]
            assert min(t["h"] for t in closed["tiles"]) >= 40, closed["tiles"]
            assert len({t["y"] for t in closed["tiles"]}) == 2
        else:
            assert closed["rows"] == 1
        # a tile tapped: selected, its Discard button a finger's size
        tile = next(t for t in closed["tiles"] if f"discard {t['code']}" in s["legal"])
        page.touchscreen.tap(tile["x"] + tile["w"] / 2, tile["y"] + tile["h"] / 2)
        page.wait_for_selector("#actions button[data-action^='discard']")
        page.wait_for_timeout(100)
        assert_fingers(page.evaluate(MEASURE), f"{name} selected")
        # the hints and tracker open: their close buttons a finger's size, the hand where it was,
        # and the board keeps its size on a phone on its side (its tiles stay readable)
        page.tap("#tb-hints")
        page.tap("#tb-tracker")
        page.wait_for_selector("#tracker:not([hidden])")
        page.wait_for_selector("#hints:not([hidden])")
        page.wait_for_timeout(200)
        opened = page.evaluate(MEASURE)
        shot(page, output_path, f"{name}-{variant}-panels")
        assert_fingers(opened, f"{name} panels")
        assert [(t["x"], t["y"]) for t in opened["tiles"]] == [(t["x"], t["y"]) for t in closed["tiles"]]
        if name == "landscape":
            assert opened["u"] >= 0.95 * closed["u"] and opened["u"] >= 19, (opened["u"], closed["u"])
    finally:
        context.close()


@pytest.mark.parametrize("name", list(PHONES))
def test_claim_buttons_are_a_fingers_size(browser, site, output_path, name):
    """Four claims at once (win, kong, pong, pass): each button 44 px each way, the hand's tiles too."""
    context, page = phone(browser, name)
    try:
        open_game(page, site, f"position={base64url(CLAIM_POSITION)}&speed=instant&lang=en&hints=0")
        s = idle(page)
        assert sorted(s["legal"]) == ["kong", "pass", "pong", "win"], s
        page.wait_for_selector("#actions button[data-action='pass']")
        page.wait_for_timeout(200)
        m = page.evaluate(MEASURE)
        shot(page, output_path, f"{name}-claims")
        assert len([b for b in m["buttons"] if b["name"] in ("win", "kong", "pong", "pass")]) == 4, m["buttons"]
        assert_fingers(m, name)
    finally:
        context.close()


def test_a_hand_of_longyan_by_taps_on_a_phone_held_upright(browser, site, output_path):
    """A whole Longyan hand played by taps at 390x844: a tile tapped twice is discarded, a claim is
    answered by its button; every tap lands on a finger-sized target, and each does what it says."""
    context, page = phone(browser, "portrait")
    try:
        open_game(page, site, "variant=longyan&seed=8&speed=instant&lang=en&hints=0")
        taps = turns = 0
        for _ in range(80):
            s = idle(page)
            if s["over"]:
                break
            page.wait_for_timeout(50)
            m = page.evaluate(MEASURE)
            assert_fingers(m, f"turn {turns}")
            before = page.evaluate("() => window.mahjong.state().history_length")
            discards = [a for a in s["legal"] if a.startswith("discard ")]
            if "win" in s["legal"] or not discards:
                kind = "win" if "win" in s["legal"] else "pass" if "pass" in s["legal"] else s["legal"][0].split(" ")[0]
                button = page.locator(f"#actions button[data-action^='{kind}']").first
                b = button.bounding_box()
                assert b and b["width"] >= FINGER and b["height"] >= FINGER, (kind, b)
                page.touchscreen.tap(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)
                taps += 1
            else:
                code = discards[-1].split(" ")[1]  # the drawn tile where it may go, else the last legal one
                tile = page.evaluate("(c) => { const r = window.mahjong._renderer.handRects.filter((t) => t.code === c).pop(); return r && {x: r.x + r.w / 2, y: r.y + r.h / 2}; }", code)
                for _ in range(2):  # select, then discard
                    page.touchscreen.tap(tile["x"], tile["y"])
                    page.wait_for_timeout(60)
                    taps += 1
                turns += 1
                if turns in (1, 6):
                    shot(page, output_path, f"journey-{turns}")
            page.wait_for_function("(n) => window.mahjong.state().history_length > n || window.mahjong.state().is_over", arg=before, timeout=15_000)
        s = idle(page)
        assert s["over"], s
        assert turns >= 5, (turns, taps)
        page.wait_for_selector("#settle", timeout=15_000)
        shot(page, output_path, "journey-end")
    finally:
        context.close()


# the review's box, the bar's, the player's strip and hand tiles, the renderer's marks, and the
# colour of a pixel on the left edge of the ring around the tile let go
REVIEW = """(at) => {
    const R = window.mahjong._renderer, L = R.layout;
    const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const pixel = (x, y) => {
        const c = document.getElementById("table");
        const k = c.width / c.clientWidth;
        return [...c.getContext("2d").getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data].slice(0, 3);
    };
    const hand = R.handRects.map((t) => [t.x, t.y - t.extra, t.x + t.w, t.y + t.h]);
    const mark = R.marked && R.marked.hand;
    const tile = at || mark || R.handRects[0];
    return {
        panel: box(document.getElementById("rp-review-panel")), bar: box(document.getElementById("replay-bar")),
        hand, stripTop: L.stripTop, board: [L.cx - L.halfW, L.cx + L.halfW, L.cy],
        marked: R.marked, ring: pixel(tile.x - 3, tile.y + tile.h / 2),
        width: innerWidth, height: innerHeight, step: window.mahjong.replay.where().step,
    };
}"""
RING = (231, 111, 81)  # review-mark.js's red


@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1280, 800)])
def test_the_review_sits_beside_the_table_and_marks_its_tile(browser, site, output_path, size):
    width, height = size
    touch = width < 900
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=3 if touch else 1,
                                  has_touch=touch, is_mobile=touch)
    page = context.new_page()
    try:
        data = bad_player_replay("longyan", 4)
        page.goto(link_for(page, site, data))
        page.wait_for_function(SHOWN, timeout=90_000)
        page.click("#rp-review")
        page.wait_for_selector("#rp-review-list li button", timeout=60_000)
        decisions = page.evaluate("() => window.mahjong.replay.review().then((r) => r.costliest)")
        items = page.locator("#rp-review-list li button")
        assert items.count() == len(decisions) >= 2
        for n in range(2):
            d = decisions[n]
            items.nth(n).click()
            page.wait_for_function(f"() => window.mahjong.replay.where().step === {d['step']}")
            page.wait_for_function("() => !!window.mahjong._renderer.marked")
            page.wait_for_timeout(150)
            m = page.evaluate(REVIEW, None)
            shot(page, output_path, f"review-{width}x{height}-{n}")
            panel = m["panel"]
            # beside the table: under the bar, inside the screen, clear of the player's strip and hand
            assert panel[1] >= m["bar"][3] - 0.5 and panel[0] >= 0 and panel[2] <= m["width"] and panel[3] <= m["height"], (panel, m["bar"])
            assert panel[3] <= m["stripTop"] + 0.5, (panel, m["stripTop"])
            assert not [t for t in m["hand"] if overlaps(panel, t)], (panel, m["hand"])
            # the moment before the decision, its tile in the hand, ringed on the canvas
            tile = d["action"].split(" ")[1]
            assert m["marked"]["hand"] and m["marked"]["hand"]["code"] == tile, (d, m["marked"])
            assert all(abs(a - b) <= 24 for a, b in zip(m["ring"], RING)), m["ring"]
            assert not overlaps(panel, [m["marked"]["hand"]["x"], m["marked"]["hand"]["y"],
                                        m["marked"]["hand"]["x"] + m["marked"]["hand"]["w"], m["marked"]["hand"]["y"] + m["marked"]["hand"]["h"]])
        # a claim's or a pass's mark: the discard it answered, ringed where the renderer drew it
        # a claim's or a pass's decision marks the discard it answered (a pass chosen where the bot
        # would have claimed, at the moment the last discard is on the table)
        step = page.evaluate("() => window.mahjong.replay.where().step")
        page.evaluate("(s) => window.mahjong.replay.choose({step: s, action: 'pass', bot: 'pong'})", step)
        page.wait_for_function("() => !!(window.mahjong._renderer.marked && window.mahjong._renderer.marked.discard)")
        page.wait_for_timeout(150)
        discard = page.evaluate("""() => {
            const R = window.mahjong._renderer, s = window.mahjong.state(), d = R.marked.discard;
            const c = document.getElementById("table"), k = c.width / c.clientWidth;
            const at = [...c.getContext("2d").getImageData(Math.round((d.x - 3) * k), Math.round((d.y + d.h / 2) * k), 1, 1).data].slice(0, 3);
            return {marked: d, last: s.last_discard, at};
        }""")
        assert discard["marked"]["code"] == discard["last"]["tile"] and discard["marked"]["index"] == discard["last"]["index"], discard
        assert all(abs(a - b) <= 24 for a, b in zip(discard["at"], RING)), discard
        # a step away: the mark goes (it is about that moment), and the ring's pixels with it
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"() => window.mahjong.replay.where().step === {decisions[1]['step'] + 1}")
        page.wait_for_function("() => !window.mahjong._renderer.marked")
        page.wait_for_timeout(150)
        m = page.evaluate(REVIEW, m["marked"]["hand"])
        assert not all(abs(a - b) <= 24 for a, b in zip(m["ring"], RING)), m["ring"]
    finally:
        context.close()
