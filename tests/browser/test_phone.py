"""Phones: the hints and tile-tracker panels dock where they cover neither the player's hand, the
discards (every slot of every seat's grid) nor the claim buttons, and the claim buttons, however
many, cover neither the hand nor the discards; the discards in landscape are large enough to read;
the toolbar covers no other seat's row.
Emulated as a phone: touch, pixel ratio 3."""
from __future__ import annotations

import pytest

from pagehelp import HAND_TILES, base64url, idle, open_game, shot

PHONES = {"portrait": (390, 844), "landscape": (844, 390), "desktop": (1280, 800)}

# Xinyu, winning on a discard allowed: the dealer (seat 3) discards 3m, and the player holds
# 333m45m with 456p789s11z: four buttons at once, 胡 Win, 杠 Kong, 碰 Pong, 过 Pass.
CLAIM_POSITION = {
    "variant": "xinyu", "options": {"discard_win": True}, "dealer": 3,
    "hands": ["33345m456p789s11z", "1479m1479p1369s2z", "2568m2368p245s34z", "369m1589p1368s567z"],
    "history": [[3, "discard 3m"]],
}

# Boxes on screen: the open panels, the action buttons, the hand (with the lift of a selected
# tile) and every discard slot of the four seats (24 each, the grid the layout reserves).
BOXES = """() => {
    const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const R = window.mahjong._renderer;
    const discards = [];
    for (let seat = 0; seat < 4; seat++) {
        for (let i = 0; i < 24; i++) {
            const d = R.discardScreen(seat, i);
            const half = d.w * 0.68; // a tile is w wide and about 1.36 w tall, either way round
            discards.push([d.x - half, d.y - half, d.x + half, d.y + half]);
        }
    }
    return {
        panels: [...document.querySelectorAll("#side > .panel:not([hidden])")].map(box),
        buttons: [...document.querySelectorAll("#actions button")].map(box),
        hand: R.handRects.map((t) => [t.x, t.y - t.extra, t.x + t.w, t.y + t.h]),
        discards, u: R.layout.u, width: innerWidth, height: innerHeight,
    };
}"""


def overlaps(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def assert_clear(boxes: dict, name: str, panels: int = 2) -> None:
    assert len(boxes["panels"]) == panels, (name, boxes["panels"])
    for panel in boxes["panels"]:
        assert 0 <= panel[0] and panel[2] <= boxes["width"] and 0 <= panel[1] and panel[3] <= boxes["height"], (name, panel)
        for kind in ("hand", "discards", "buttons"):
            hit = [b for b in boxes[kind] if overlaps(panel, b)]
            assert not hit, (name, kind, panel, hit[:3])
    for i, button in enumerate(boxes["buttons"]):
        assert 0 <= button[0] and button[2] <= boxes["width"] and 0 <= button[1], (name, "off screen", button)
        hit = [b for b in boxes["hand"] + boxes["discards"] + boxes["buttons"][i + 1:] if overlaps(button, b)]
        assert not hit, (name, "button", button, hit[:3])


def phone_page(browser, name: str):
    width, height = PHONES[name]
    phone = name != "desktop"
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=3 if phone else 1,
                                  has_touch=phone, is_mobile=phone)
    return context, context.new_page(), phone


@pytest.mark.parametrize("name", list(PHONES))
def test_panels_leave_the_hand_discards_and_buttons_clear(browser, site, output_path, name):
    context, page, phone = phone_page(browser, name)
    try:
        open_game(page, site, "variant=longyan&seed=5&speed=instant&lang=en&hints=1")
        s = idle(page)
        assert s["human"] and not s["over"], s
        (page.tap if phone else page.click)("#tb-tracker")
        page.wait_for_selector("#tracker:not([hidden])")
        page.wait_for_selector("#hints:not([hidden])")
        # select a tile: its Discard button shows over the hand
        tiles = page.evaluate(HAND_TILES)
        tile = next(t for t in tiles if f"discard {t['code']}" in s["legal"])
        if phone:
            page.touchscreen.tap(tile["x"], tile["y"])
        else:
            page.mouse.click(tile["x"], tile["y"])
        page.wait_for_selector("#actions button[data-action^='discard']")
        page.wait_for_timeout(200)  # the next frame places the overlay
        boxes = page.evaluate(BOXES)
        shot(page, output_path, f"panels-{name}")
        assert boxes["buttons"], name
        assert_clear(boxes, name)
        if name == "landscape":
            assert boxes["u"] >= 20, boxes["u"]  # was 18 px before the layout used the height better
    finally:
        context.close()


@pytest.mark.parametrize("panels", [0, 2])
@pytest.mark.parametrize("name", list(PHONES))
def test_claim_buttons_leave_the_hand_and_discards_clear(browser, site, output_path, name, panels):
    """Four claim buttons at once (win, kong, pong, pass) cover no discard slot of any seat and no
    tile of the hand, with the panels closed or open; nor do the panels cover them."""
    context, page, phone = phone_page(browser, name)
    try:
        open_game(page, site, f"position={base64url(CLAIM_POSITION)}&speed=instant&lang=en&hints={int(panels > 0)}")
        s = idle(page)
        assert sorted(s["legal"]) == ["kong", "pass", "pong", "win"], s
        if panels:
            (page.tap if phone else page.click)("#tb-tracker")
            page.wait_for_selector("#tracker:not([hidden])")
            page.wait_for_selector("#hints:not([hidden])")
        page.wait_for_selector("#actions button[data-action='pass']")
        page.wait_for_timeout(200)  # the next frame places the overlay
        boxes = page.evaluate(BOXES)
        shot(page, output_path, f"claim-{name}-{panels}")
        assert len(boxes["buttons"]) == 4, boxes["buttons"]
        assert_clear(boxes, name, panels)
    finally:
        context.close()


# Landscape sizes where the toolbar and the status line once covered the top and the left seat's rows.
TOOLBAR_SIZES = {"phone-landscape": (667, 375), "small": (800, 600), "tablet": (1024, 768), "desktop": (1280, 800)}
ROWS_AND_TOOLBAR = """() => {
    const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const R = window.mahjong._renderer;
    return {
        bar: [...document.querySelectorAll(".toolbar, #status")].filter((e) => e.getBoundingClientRect().width).map(box),
        rows: [1, 2, 3].map((rel) => R.rowRects[rel]).map((r) => [r.x, r.y, r.x + r.w, r.y + r.h]),
    };
}"""


@pytest.mark.parametrize("name", list(TOOLBAR_SIZES))
def test_toolbar_leaves_the_other_seats_rows_clear(browser, site, output_path, name):
    """The toolbar and the status line under it never cover another seat's row (its tiles and count)."""
    width, height = TOOLBAR_SIZES[name]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    try:
        open_game(page, site, "variant=xinyu&seed=5&speed=instant&lang=zh-Hans&hints=0")
        idle(page)
        page.wait_for_timeout(200)
        boxes = page.evaluate(ROWS_AND_TOOLBAR)
        shot(page, output_path, f"toolbar-{name}")
        assert boxes["bar"] and len(boxes["rows"]) == 3, boxes  # the status line hides on a short screen
        for bar in boxes["bar"]:
            hit = [row for row in boxes["rows"] if overlaps(bar, row)]
            assert not hit, (name, bar, hit)
    finally:
        context.close()


def test_the_players_flowers_stay_on_a_portrait_screen(browser, site, output_path):
    """Longyan, seed 21: the player holds 14 tiles and a flower; the strip (hand, drawn tile, flower)
    fits the width of a phone held upright (the flower once went past the edge)."""
    context, page, _ = phone_page(browser, "portrait")
    try:
        open_game(page, site, "variant=longyan&seed=21&speed=instant&lang=en&hints=0")
        s = idle(page)
        assert s["human"] and len(s["legal"]) > 1, s
        page.wait_for_timeout(200)
        flowers, right, width = page.evaluate("""() => {
            const R = window.mahjong._renderer;
            return [window.mahjong.state().flowers[R.layout.view].length, R.stripRight, innerWidth];
        }""")
        assert flowers, "seed 21 deals the player a flower"
        shot(page, output_path, "flowers-portrait")
        assert right <= width, (right, width)
    finally:
        context.close()


WIN_AT_ONCE = {"variant": "xinyu", "dealer": 0,
               "hands": ["123456789m12355p", "1112223334445z", "6667778889995s", "4666777888999p"]}


@pytest.mark.parametrize("name", ["portrait", "landscape"])
def test_the_settlement_fits_a_phone(browser, site, output_path, name):
    """The settlement dialog stays inside the screen (its padding once pushed it 13 px past a
    375 px tall one, and 18 px past a 390 px wide one), its buttons in view; the rest scrolls."""
    context, page, _ = phone_page(browser, name)
    try:
        open_game(page, site, f"position={base64url(WIN_AT_ONCE)}&speed=instant&lang=en")
        page.click('#actions button[data-action="win"]')
        page.wait_for_selector("#settle", timeout=15_000)
        page.wait_for_timeout(200)
        box, button, size = page.evaluate("""() => {
            const r = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
            const settle = document.querySelector('#settle');
            return [r(settle), r(settle.querySelector('.buttons button:last-child')), [innerWidth, innerHeight]];
        }""")
        shot(page, output_path, f"settlement-{name}")
        for rect in (box, button):
            assert rect[0] >= 0 and rect[1] >= 0 and rect[2] <= size[0] and rect[3] <= size[1], (rect, size)
    finally:
        context.close()
