"""A phone's settlement reads whole without scrolling (issue 48): the scores, who won, why (the
category, the patterns and the arithmetic), the engine's reading of the hand and every payment are
inside the dialog, above its sticky row of buttons, as it opens; a phone on its side shows them in
two columns. Held upright at 360x640 and 390x844, sideways at 844x390, in a language with short
words (简体) and one with long ones (English); the player's first win (its own moment at the top of
the settlement) included. Emulated as a phone: touch, pixel ratio 3."""
from __future__ import annotations

import pytest

from pagehelp import base64url, open_game, shot

SIZES = {"360x640": (360, 640), "390x844": (390, 844), "844x390": (844, 390)}

# Xinyu: the player deals and wins at once with three melds on the table (15 tiles, the longest
# reading): a self-draw paid alike by each, with a pattern.
MELDED_WIN = {"variant": "xinyu", "dealer": 0,
              "hands": ["12355m", "1113334446667z", "46789m12345678p", "1122334466778s"],
              "melds": [["pong 2z", "pong 5s", "kong 9p"], [], [], []]}
# Longyan: the player deals and wins on Right's South wind (the longest arithmetic: the dealer's
# win doubled, the discarder's extra point).
DEALER_WINS = {"variant": "longyan", "dealer": 0, "gold": "9p",
               "hands": ["123m456p789s111z2z7z", "258m369p147s2z3z4z6z", "369m147p258s3z4z6z7z", "147m258p369s3z4z6z7z"],
               "history": [[0, "discard 7z"], [0, "pass"], [1, "discard 2z"]]}
# Longyan, gold 9 Dots: the player deals with a gold standing in for the East wind (a caption
# under the reading's tile).
GOLD_STANDS_IN = {"variant": "longyan", "dealer": 0, "gold": "9p",
                  "hands": ["123m456m789m123s9p1z", "258m369p147s2z3z4z6z", "369m147p258s3z4z6z7z", "147m258p369s3z4z6z7z"]}

# Each part of the explanation: where it is, and the box of the dialog's part that is seen (from
# its top to the top of its sticky buttons, within the screen), as the settlement opens.
MEASURE = """() => {
    const d = document.querySelector('#settle');
    const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const dialog = box(d);
    const foot = d.querySelector('.buttons').getBoundingClientRect();
    const seen = [dialog[0], dialog[1], dialog[2], Math.min(dialog[3], foot.top, innerHeight)];
    const parts = {
        first: '.first-win', scores: 'table.scores', who: '.win .headline', reading: '.win .reading',
        category: '.win .names', arithmetic: '.win .arithmetic', payments: 'table.payments',
    };
    const out = {};
    for (const [name, selector] of Object.entries(parts)) out[name] = [...d.querySelectorAll(selector)].map(box);
    const small = [...d.querySelectorAll('.win .headline, .win .arithmetic, .win .names span, table.scores td, table.payments td')]
        .map((e) => parseFloat(getComputedStyle(e).fontSize)).filter((s) => s < 12);
    const tiles = [...d.querySelectorAll('.win .reading canvas')].map((c) => c.getBoundingClientRect().width);
    // the whole of it, its buttons too, without scrolling (issue 57: 689 px in 628 at 360x640)
    const whole = d.scrollHeight <= d.clientHeight + 1 && dialog[3] <= innerHeight + 0.5;
    return {scrollTop: d.scrollTop, seen, parts: out, small, tiles, size: [innerWidth, innerHeight], whole,
            heights: [d.scrollHeight, d.clientHeight]};
}"""


def settle(page, site, position, lang: str) -> dict:
    open_game(page, site, f"position={base64url(position)}&speed=instant&lang={lang}")
    page.click('#actions button[data-action="win"]')
    page.wait_for_selector("#settle .arithmetic", timeout=15_000)
    page.wait_for_timeout(900)  # the first win's moment grows in (0.7 s)
    return page.evaluate(MEASURE)


@pytest.mark.parametrize("lang", ["zh-Hans", "en"])
@pytest.mark.parametrize("size", list(SIZES))
def test_a_phones_settlement_reads_whole_without_scrolling(browser, site, output_path, size, lang):
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=3,
                                  has_touch=True, is_mobile=True)
    context.add_init_script("window.mahjongTestNoSnapshot = true;")
    page = context.new_page()
    try:
        for name, position in (("first-win", MELDED_WIN), ("dealer-wins", DEALER_WINS), ("gold", GOLD_STANDS_IN)):
            m = settle(page, site, position, lang)
            shot(page, output_path, f"{name}-{size}-{lang}")
            assert m["scrollTop"] == 0, (name, m)
            if size != "390x844" or name != "first-win":
                assert m["whole"], (name, size, "the settlement scrolls", m["heights"])
            left, top, right, bottom = m["seen"]
            assert left >= 0 and top >= 0 and right <= width, (name, m["seen"])
            expected = ["scores", "who", "reading", "category", "arithmetic", "payments"]
            if name == "first-win":
                expected.append("first")
            for part in expected:
                boxes = m["parts"][part]
                assert boxes, (name, part, "missing")
                for b in boxes:
                    assert b[2] > b[0] and b[3] > b[1], (name, part, "not shown", b)
                    assert b[0] >= left - 0.5 and b[2] <= right + 0.5, (name, part, "cut at the side", b, m["seen"])
                    assert b[1] >= top - 0.5 and b[3] <= bottom + 0.5, (name, part, "needs scrolling", b, m["seen"])
            assert not m["small"], (name, "text under 12 px", m["small"])
            assert min(m["tiles"]) >= 18, (name, "the reading's tiles too small to read", m["tiles"])
    finally:
        context.close()
