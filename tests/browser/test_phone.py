"""Phones: the hints and tile-tracker panels dock where they cover neither the player's hand, the
prompt nor the claim buttons (on a wide screen, beside the board, no discard either; on a phone
they lie over the board, which keeps its size: issue 57), and the claim buttons, however
many, cover neither the hand nor the discards; the discards in landscape are large enough to read;
the toolbar covers no other seat's row.
Emulated as a phone: touch, pixel ratio 3."""
from __future__ import annotations

import pytest

from pagehelp import HAND_TILES, SAID, base64url, idle, open_game, shot

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
    const last = window.mahjong.state().last_discard;
    const latest = last ? R.discardScreen(last.seat, last.index) : null;
    const L = R.layout;
    return {
        panels: [...document.querySelectorAll("#side > .panel:not([hidden])")].map(box),
        buttons: [...document.querySelectorAll("#actions button")].map(box),
        hand: R.handRects.map((t) => [t.x, t.y - t.extra, t.x + t.w, t.y + t.h]),
        // the other seats' tile counts and swim tags, and the prompt's line (its badges, its text)
        badges: R.badgeRects.filter(Boolean).map((b) => [b.x, b.y, b.x + b.w, b.y + b.h]),
        prompt: [...document.querySelectorAll("#prompt:not([hidden]) > *")].map(box),
        latest: latest ? [latest.x - latest.w * 0.68, latest.y - latest.w * 0.68, latest.x + latest.w * 0.68, latest.y + latest.w * 0.68] : null,
        board: [L.cx - L.halfW, L.cx + L.halfW],
        discards, u: L.u, width: innerWidth, height: innerHeight,
    };
}"""


def overlaps(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def assert_clear(boxes: dict, name: str, panels: int = 2) -> None:
    """Panels, the action bar, the badges, the prompt's line and the hand: none covers another
    (nor a discard slot; a phone's panels lie over the board: issue 57); the panels leave the board
    a third of the width at least."""
    assert len(boxes["panels"]) == panels, (name, boxes["panels"])
    for panel in boxes["panels"]:
        assert 0 <= panel[0] and panel[2] <= boxes["width"] and 0 <= panel[1] and panel[3] <= boxes["height"], (name, panel)
        for kind in ("hand", "discards", "buttons", "badges", "prompt") if name == "desktop" else ("hand", "buttons", "prompt"):
            hit = [b for b in boxes[kind] if overlaps(panel, b)]
            assert not hit, (name, kind, panel, hit[:3])
    for i, button in enumerate(boxes["buttons"]):
        assert 0 <= button[0] and button[2] <= boxes["width"] and 0 <= button[1], (name, "off screen", button)
        hit = [b for b in boxes["hand"] + boxes["discards"] + boxes["badges"] + boxes["prompt"] + boxes["buttons"][i + 1:]
               if overlaps(button, b)]
        assert not hit, (name, "button", button, hit[:3])
    for item in boxes["prompt"] + boxes["badges"]:
        hit = [b for b in boxes["hand"] if overlaps(item, b)]
        assert not hit, (name, "badge or prompt", item, hit[:3])
    board = boxes["board"]
    assert board[1] - board[0] >= boxes["width"] / 3, (name, "board squeezed", board, boxes["width"])


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
        assert boxes["latest"] and (name != "desktop" or not any(overlaps(p, boxes["latest"]) for p in boxes["panels"])), boxes
        assert boxes["prompt"], name  # "Tap … again to discard it"
        if name == "landscape":
            # was 18 px before the layout used the height better, 20 before the hand's tiles grew a
            # finger wide (44 px, from 36: its strip takes 14 px more of the height)
            assert boxes["u"] >= 19, boxes["u"]
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
TOOLBAR_SIZES = {"small-phone-landscape": (568, 320), "narrow-phone-landscape": (592, 360), "phone-landscape": (667, 375),
                 "small": (800, 600), "tablet": (1024, 768), "desktop": (1280, 800)}
ROWS_AND_TOOLBAR = """() => {
    const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const R = window.mahjong._renderer;
    return {
        bar: [...document.querySelectorAll(".toolbar, #status")].filter((e) => e.getBoundingClientRect().width).map(box),
        rows: [1, 2, 3].map((rel) => R.rowRects[rel]).map((r) => [r.x, r.y, r.x + r.w, r.y + r.h]),
        buttons: [...document.querySelectorAll(".toolbar button")].map(box),
        stripTop: R.layout.stripTop, screen: [innerWidth, innerHeight],
        hand: [R.layout.handX, R.layout.handY - R.layout.lift, R.layout.handX + R.layout.handW, R.layout.handY + R.layout.hh],
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
        # every button on the screen, and the other seats' rows on the table above the player's strip
        # (at 568x320 the toolbar's column ran off the bottom, and the board was squeezed under it;
        # at 592x360 its last buttons came over the hand)
        w, h = boxes["screen"]
        assert all(b[0] >= 0 and b[1] >= 0 and b[2] <= w and b[3] <= h for b in boxes["buttons"]), boxes["buttons"]
        assert not [b for b in boxes["buttons"] if overlaps(b, boxes["hand"])], boxes
        assert all(r[0] >= 0 and r[1] >= 0 and r[2] <= w and r[3] <= boxes["stripTop"] for r in boxes["rows"]), boxes
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



# The dealer wins at once with three melds (a pong of South, a pong of 5 Bamboo, a kong of 9 Dots):
# 5 + 3 + 3 + 4 tiles, more than a phone's settlement holds on one line.
MELDED_WIN = {"variant": "xinyu", "dealer": 0,
              "hands": ["12355m", "1113334446667z", "46789m12345678p", "1122334466778s"],
              "melds": [["pong 2z", "pong 5s", "kong 9p"], [], [], []]}


def test_a_meld_is_never_split_across_lines_of_the_settlement(browser, site, output_path):
    """The winning hand wraps on a phone between its groups, never inside a meld (a pong once showed
    two of its tiles at the end of a line and the third on the next, read as a pair and a single)."""
    context, page, _ = phone_page(browser, "portrait")
    try:
        open_game(page, site, f"position={base64url(MELDED_WIN)}&speed=instant&lang=en")
        page.click('#actions button[data-action="win"]')
        page.wait_for_selector("#settle", timeout=15_000)
        tops = page.evaluate("() => [...document.querySelectorAll('#settle .hand canvas')].map((c) => Math.round(c.getBoundingClientRect().top))")
        shot(page, output_path, "melded-win")
        assert len(tops) == 15, tops
        lines = len(set(tops))
        assert lines > 1, "the hand fits one line: this test no longer tries a wrap"
        for first, size in ((5, 3), (8, 3), (11, 4)):
            assert len(set(tops[first:first + size])) == 1, tops
    finally:
        context.close()

def test_a_phone_on_its_side_keeps_the_settlement_readable_above_one_row_of_buttons(browser, site, output_path):
    """On a phone held sideways (390 px tall) the settlement's five buttons once took two sticky rows,
    a third of the dialog, and left about 140 px to read why the hand was won: the dialog takes
    the width of the screen there, and its buttons share one row."""
    context, page, _ = phone_page(browser, "landscape")
    try:
        open_game(page, site, f"position={base64url(MELDED_WIN)}&speed=instant&lang=en")
        page.click('#actions button[data-action="win"]')
        page.wait_for_selector("#settle", timeout=15_000)
        page.wait_for_timeout(300)
        rows, foot, dialog = page.evaluate("""() => {
            const d = document.querySelector('#settle'), f = d.querySelector('.buttons');
            const tops = [...f.querySelectorAll('button')].map((b) => Math.round(b.getBoundingClientRect().top));
            return [new Set(tops).size, f.getBoundingClientRect().height, d.getBoundingClientRect().height];
        }""")
        shot(page, output_path, "settlement-on-its-side")
        assert rows == 1, (rows, foot, dialog)
        assert foot < dialog / 4, (foot, dialog)
    finally:
        context.close()

@pytest.mark.parametrize("name", list(PHONES))
def test_the_settlement_opens_at_its_top(browser, site, output_path, name):
    """The settlement opens at its title and totals, the settings at their first choices: focusing
    their primary button (in the sticky row of buttons) once scrolled the dialog by the row's scroll
    padding, 12-190 px, and cut off its title (on a phone on its side, the settings' whole first part)."""
    context, page, _ = phone_page(browser, name)
    try:
        open_game(page, site, f"position={base64url(MELDED_WIN)}&speed=instant&lang=en")
        page.click("#tb-settings")
        page.wait_for_selector("#settings")
        page.wait_for_timeout(300)
        assert page.evaluate("() => document.querySelector('#settings').scrollTop") == 0
        page.keyboard.press("Escape")
        page.click('#actions button[data-action="win"]')
        page.wait_for_selector("#settle", timeout=15_000)
        page.wait_for_timeout(300)
        top, title, focused = page.evaluate("""() => {
            const d = document.querySelector('#settle');
            return [d.scrollTop, d.querySelector('h2').getBoundingClientRect().top - d.getBoundingClientRect().top, document.activeElement.id];
        }""")
        shot(page, output_path, f"settlement-top-{name}")
        assert focused == "settle-next"
        assert top == 0 and title > 0, (top, title)
    finally:
        context.close()

# Longyan, gold 9p: the player (the dealer) may win or swim, discarding the East wind.
SWIM_OR_WIN = {"variant": "longyan", "dealer": 0, "gold": "9p",
               "hands": ["123m456m789m123s9p1z", "258m369p147s2z3z4z6z", "369m147p258s3z4z6z7z", "147m258p369s3z4z6z7z"]}


def test_a_long_prompt_is_read_whole_on_a_phone(browser, site, output_path):
    """"Your turn: Win, Single swim (discard East Wind), or tap a tile twice to discard" is wider
    than a 390 px phone even at the prompt's smallest font: it was cut after "tap a tile twi…". It
    takes a second line of its band instead."""
    context, page, _ = phone_page(browser, "portrait")
    try:
        open_game(page, site, f"position={base64url(SWIM_OR_WIN)}&speed=instant&lang=en")
        idle(page)
        page.wait_for_timeout(300)
        text, cut, inside = page.evaluate("""() => {
            const line = document.querySelector('#prompt'), say = line.querySelector('.say');
            const a = say.getBoundingClientRect(), b = line.getBoundingClientRect();
            return [say.textContent, say.scrollWidth > say.clientWidth + 1 || say.scrollHeight > say.clientHeight + 1,
                    a.top >= b.top - 1 && a.bottom <= b.bottom + 1 && a.right <= innerWidth];
        }""")
        shot(page, output_path, "long-prompt")
        assert text == "Your turn: Win, Single swim (discard East Wind), or tap a tile twice to discard"
        assert not cut and inside, (text, cut, inside)
    finally:
        context.close()

@pytest.mark.parametrize("name", ["portrait", "landscape"])
def test_a_first_visits_cards_fit_a_phone_while_the_engine_loads(browser, site, output_path, name):
    """A newcomer's phone shows two cards while the engine loads: the welcome (which game, its
    course or its table: issue 48) and the loading card; the first-paint card's choice of rule set
    is the welcome's meanwhile. On its side a card once ran 40 px off the bottom of the screen, its
    button out of reach: each card now lies whole on the screen, and none over another. (A
    returning player's first-paint card: test_a_returning_players_first_paint_card_fits.)"""
    context, page, _ = phone_page(browser, name)
    try:
        page.route("**/wheels/**", lambda route: None)  # the engine never arrives: the page stays loading
        page.goto(site.url + "?lang=zh-Hant")
        page.wait_for_selector("#quick:not([hidden])", state="attached")
        page.wait_for_selector("#welcome")
        assert not page.is_visible("#quick")
        boxes, size = page.evaluate("""() => {
            const r = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
            return [Object.fromEntries(['welcome', 'boot'].map((id) => [id, r(document.getElementById(id))])),
                    [innerWidth, innerHeight]];
        }""")
        shot(page, output_path, f"loading-{name}")
        for card, (left, top, right, bottom) in boxes.items():
            assert left >= 0 and top >= 0 and right <= size[0] and bottom <= size[1], (card, boxes, size)
        cards = [boxes[c] for c in ("welcome", "boot")]
        for i, a in enumerate(cards):
            for b in cards[i + 1:]:
                assert a[3] <= b[1] or b[3] <= a[1] or a[2] <= b[0] or b[2] <= a[0], (a, b)
    finally:
        context.close()

@pytest.mark.parametrize("name", ["portrait", "landscape"])
def test_a_returning_players_first_paint_card_fits(browser, site, output_path, name):
    """A player who has been here before gets no welcome: the loading card and the rule set's
    choice with "All settings…", each whole on the screen, neither over the other."""
    context, page, _ = phone_page(browser, name)
    try:
        page.add_init_script("localStorage.setItem('mahjong.welcome', '1')")
        page.route("**/wheels/**", lambda route: None)
        page.goto(site.url + "?lang=zh-Hant")
        page.wait_for_selector("#quick:not([hidden])")
        assert page.locator("#welcome").count() == 0
        boxes, size = page.evaluate("""() => {
            const r = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
            return [Object.fromEntries(['boot', 'quick', 'quick-more'].map((id) => [id, r(document.getElementById(id))])),
                    [innerWidth, innerHeight]];
        }""")
        shot(page, output_path, f"loading-again-{name}")
        for card, (left, top, right, bottom) in boxes.items():
            assert left >= 0 and top >= 0 and right <= size[0] and bottom <= size[1], (card, boxes, size)
        a, b = boxes["boot"], boxes["quick"]
        assert a[3] <= b[1] or b[3] <= a[1] or a[2] <= b[0] or b[2] <= a[0], (a, b)
    finally:
        context.close()


# Every number painted on the table's canvas, with the transform it was painted under.
NUMBERS = """
window.__numbers = [];
const real = CanvasRenderingContext2D.prototype.fillText;
CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
  if (this.canvas.id === "table" && /^[+-]?\\d+$/.test(String(text))) {
    const m = this.getTransform();
    window.__numbers.push([String(text), m.a, m.b, m.c, m.d]);
  }
  return real.call(this, text, ...rest);
};
"""

SIZES = """() => {
    const box = (e) => { const r = e.getBoundingClientRect(); return {w: r.width, h: r.height, id: e.id || e.dataset.action || e.textContent}; };
    const R = window.mahjong._renderer;
    const hand = R.handRects;
    return {
        buttons: [...document.querySelectorAll("#ui button")].filter((b) => b.offsetParent).map(box),
        touch: hand.map((t) => t.extra + t.h + t.below), faces: hand.map((t) => t.h),
        span: [Math.min(...hand.map((t) => t.x)), Math.max(...hand.map((t) => t.x + t.w))],
        prompt: document.querySelector("#prompt .say")?.textContent ?? null,
        labels: [...document.querySelectorAll(".toolbar .label")].map((l) => l.offsetWidth > 0 ? l.textContent : ""),
        width: innerWidth,
    };
}"""


def assert_finger_sized(sizes: dict) -> None:
    for b in sizes["buttons"]:
        assert b["w"] >= 44 and b["h"] >= 44, b
    assert min(sizes["touch"]) >= 44, sizes["touch"]


def test_a_portrait_phone_has_finger_sized_targets_a_full_width_hand_and_a_prompt(browser, site, output_path):
    """390x844: every button of the table is at least 44x44 css px, every hand tile answers a touch
    at least 44 px tall, the hand spans 90% of the width; the prompt says what to do (and the
    live region says it once); the other seats' scores are painted upright; the toolbar's labels
    show on the first visit and go once a hand is played to its end."""
    context, page, _ = phone_page(browser, "portrait")
    page.add_init_script(SAID)
    page.add_init_script(NUMBERS)
    try:
        open_game(page, site, "variant=longyan&seed=710&speed=instant&lang=en&hints=0")
        s = idle(page)
        assert s["human"] and any(a.startswith("discard ") for a in s["legal"]), s
        page.wait_for_timeout(200)
        sizes = page.evaluate(SIZES)
        shot(page, output_path, "portrait-turn")
        assert_finger_sized(sizes)
        assert len(sizes["touch"]) == 14
        left, right = sizes["span"]
        assert right - left >= 0.9 * sizes["width"], sizes["span"]
        assert sizes["prompt"] == "Your turn: tap a tile, tap it again to discard", sizes["prompt"]
        assert all(sizes["labels"]) and "Settings" in sizes["labels"], sizes["labels"]  # a first visit
        said = page.evaluate("() => window.__said")
        assert sum("Your turn: tap a tile, tap it again to discard" in x for x in said) == 1, said
        numbers = page.evaluate("() => window.__numbers")
        assert numbers and all(abs(b) < 1e-6 and abs(c) < 1e-6 and a > 0 and d > 0 for _, a, b, c, d in numbers), numbers

        # a tap selects: the prompt says the next tap discards, and the Discard button is a finger's size
        tiles = page.evaluate(HAND_TILES)
        tile = next(t for t in tiles if f"discard {t['code']}" in s["legal"])
        page.touchscreen.tap(tile["x"], tile["y"])
        page.wait_for_selector("#actions button[data-action^='discard']")
        page.wait_for_timeout(100)
        sizes = page.evaluate(SIZES)
        assert sizes["prompt"].startswith("Tap ") and sizes["prompt"].endswith(" again to discard it"), sizes["prompt"]
        assert_finger_sized(sizes)

        # four claims at once: each button a finger's size, the prompt names the tile once
        page.evaluate("(p) => window.mahjong.newGame({variant: p.variant, options: p.options || {}, position: p, speed: 'instant'})", CLAIM_POSITION)
        s = idle(page)
        assert sorted(s["legal"]) == ["kong", "pass", "pong", "win"], s
        page.wait_for_timeout(200)
        sizes = page.evaluate(SIZES)
        shot(page, output_path, "portrait-claims")
        assert_finger_sized(sizes)
        assert sizes["prompt"] == "3 Characters: Win, Kong or Pong, or pass?", sizes["prompt"]
        assert "3 Characters: Win, Kong or Pong, or pass?" in page.evaluate("() => window.__said.join(' ')")

        # a hand played to its end: the labels stay (issue 57: they vanished after a first match)
        page.evaluate("(p) => window.mahjong.newGame({variant: p.variant, options: p.options || {}, position: p, speed: 'instant'})", WIN_AT_ONCE)
        idle(page)
        page.click('#actions button[data-action="win"]')
        page.wait_for_selector("#settle", timeout=15_000)
        page.wait_for_timeout(200)
        sizes = page.evaluate(SIZES)
        assert all(sizes["labels"]) and "Settings" in sizes["labels"], sizes["labels"]
        assert any(b["id"] == "settle-next" for b in sizes["buttons"]), sizes["buttons"]
        assert_finger_sized(sizes)  # the settlement's buttons too
        shot(page, output_path, "portrait-settlement")
        assert page.get_attribute("#tb-settings", "aria-label") == "Settings"
        assert page.evaluate("() => JSON.parse(localStorage.getItem('mahjong.settings')).played") is True
    finally:
        context.close()


SWIM_POSITION = {
    "variant": "longyan", "dealer": 0, "gold": "5m",
    "hands": ["123m456p789s111z5m9p", "1378m1378p1378s2z", "2468m2468p2468s3z", "1469m1469p1469s7z"],
    "wall": "4z4z4z6z6z6z",
}


def test_after_a_swim_the_win_button_covers_no_badge_with_hints_open(browser, site, output_path):
    """1280x800, hints open: after a single swim the Win button (docked under the panel), the
    swim badge and the hand do not meet (the button once covered the badge); the toolbar's
    labels show on a wide screen."""
    context, page, _ = phone_page(browser, "desktop")
    try:
        open_game(page, site, f"position={base64url(SWIM_POSITION)}&speed=instant&lang=en&hints=1")
        s = idle(page)
        assert "swim 9p" in s["legal"], s
        page.click('#actions button[data-action="swim 9p"]')
        s = idle(page)
        assert s["legal"] == ["win"], s
        page.wait_for_selector("#hints:not([hidden])")
        page.wait_for_timeout(200)
        boxes = page.evaluate(BOXES)
        shot(page, output_path, "swim-hints-1280")
        assert page.text_content("#prompt .badge.swim") == "Single swim"
        assert len(boxes["buttons"]) == 1 and len(boxes["prompt"]) == 2, boxes
        assert_clear(boxes, "desktop", panels=1)
        labels = page.eval_on_selector_all(".toolbar .label", "ls => ls.map((l) => l.offsetWidth > 0 ? l.textContent : '')")
        assert labels == ["Settings", "New", "Hints", "Tracker", "Sound", "Link", "Learn", "Help"], labels
    finally:
        context.close()


def test_a_360x640_iframe_stays_playable(browser, site, output_path):
    """A tutorial site embeds the game in a 360x640 iframe: a tile is discarded with two taps, and
    claim buttons are inside the frame and answer."""
    # a touch screen; not a "mobile" viewport, which would zoom the parent page (it has no viewport tag) out
    context = browser.new_context(viewport={"width": 400, "height": 720}, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    try:
        page.goto(site.parent_url)
        page.evaluate("""(src) => { const f = document.getElementById("game");
            f.width = 360; f.height = 640; f.src = src; }""", site.url + "?variant=xinyu&seed=5&speed=instant&lang=en")
        frame_el = page.wait_for_selector("#game")
        frame = None
        for _ in range(100):
            frame = frame_el.content_frame()
            if frame and frame.url.startswith(site.url + "?"):
                break
            page.wait_for_timeout(100)
        frame.wait_for_function("() => !!(window.mahjong && window.mahjong.state && window.mahjong.state())", timeout=90_000)
        s = idle(frame)
        assert s["human"], s
        at = frame_el.bounding_box()
        tiles = frame.evaluate(HAND_TILES)
        tile = next(t for t in tiles if f"discard {t['code']}" in s["legal"])
        before = frame.evaluate("() => window.mahjong.state().history_length")
        for _ in range(2):
            page.touchscreen.tap(at["x"] + tile["x"], at["y"] + tile["y"])
            page.wait_for_timeout(100)
        frame.wait_for_function("(n) => window.mahjong.state().history_length > n", arg=before, timeout=15_000)
        assert frame.evaluate("() => window.mahjong.state().discards[0].length") == 1
        shot(page, output_path, "iframe-discarded")

        frame.evaluate("(p) => window.mahjong.newGame({variant: p.variant, options: p.options || {}, position: p, speed: 'instant'})", CLAIM_POSITION)
        s = idle(frame)
        assert sorted(s["legal"]) == ["kong", "pass", "pong", "win"], s
        frame.wait_for_selector("#actions button[data-action='pass']")
        page.wait_for_timeout(200)
        buttons = frame.eval_on_selector_all("#actions button", """bs => bs.map((b) => {
            const r = b.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })""")
        shot(page, output_path, "iframe-claims")
        assert len(buttons) == 4
        # the prompt's words fit its line (its font shrinks before they are cut)
        assert frame.eval_on_selector("#prompt .say", "s => s.textContent.endsWith('or pass?') && s.scrollWidth <= s.clientWidth")
        for b in buttons:
            assert 0 <= b[0] and b[2] <= 360 and 0 <= b[1] and b[3] <= 640, b
        pass_box = frame.eval_on_selector("#actions button[data-action='pass']", """b => {
            const r = b.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; }""")
        page.touchscreen.tap(at["x"] + pass_box[0], at["y"] + pass_box[1])
        frame.wait_for_function("() => !window.mahjong.state().legal_actions.includes('pong')", timeout=15_000)
    finally:
        context.close()


@pytest.mark.parametrize("name,lang", [("portrait", "en"), ("landscape", "zh-Hant")])   # en: two rows of buttons
def test_a_field_reached_in_the_settings_is_not_under_its_buttons(browser, site, output_path, name, lang):
    """Tabbing through the settings on a phone, each field (and the level's note under it) scrolls
    into view above the dialog's sticky buttons: the footer once covered the field it scrolled to."""
    context, page, _ = phone_page(browser, name)
    try:
        open_game(page, site, f"speed=instant&lang={lang}")
        page.click("#tb-settings")
        page.wait_for_selector("#settings #opt-timer", timeout=10_000)
        covered = []
        for step in range(40):
            page.keyboard.press("Tab")
            page.wait_for_timeout(60)
            found = page.evaluate("""() => {
                const el = document.activeElement, dialog = el.closest('.dialog');
                if (!dialog) return null;
                const foot = dialog.querySelector(':scope > .buttons, form > .buttons, .buttons');
                if (!foot || foot.contains(el)) return {inFooter: true};
                const r = el.getBoundingClientRect(), f = foot.getBoundingClientRect();
                return {id: el.id || el.textContent, bottom: r.bottom, footTop: f.top};
            }""")
            if found is None or found.get("inFooter"):
                if step > 3 and found:
                    break
                continue
            if found["bottom"] > found["footTop"] + 0.5:
                covered.append(found)
        # the level's note is read with the level: both in view when the level has focus
        page.focus("#set-level")
        page.wait_for_timeout(100)
        note = page.evaluate("""() => {
            const n = document.querySelector('#set-level-note').getBoundingClientRect();
            const f = document.querySelector('#settings .buttons').getBoundingClientRect();
            return [n.bottom, f.top];
        }""")
        shot(page, output_path, f"settings-focus-{name}-{lang}")
        assert not covered, covered
        assert note[0] <= note[1] + 0.5, note
    finally:
        context.close()
