"""A phone on its side keeps the toolbar to a narrow rail (issue 48): a newcomer's labelled toolbar,
its labels beside the icons, took a fifth of an 844 px screen (179 px in English, 146 px in 繁體).
The rail is two buttons wide (at most an eighth of an 844 px width), every button a finger's size with its name for
assistive technology, each label read whole under its icon, and the rail clear of the hand.
Emulated as a phone: touch, pixel ratio 3; a first visit (the toolbar labelled)."""
from __future__ import annotations

import pytest

from pagehelp import HAND_TILES, shot

RAIL = """() => {
    const bar = document.querySelector('.toolbar');
    const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    return {
        labelled: bar.classList.contains('labelled'),
        bar: box(bar),
        buttons: [...bar.querySelectorAll('button')].map((b) => {
            const label = b.querySelector('.label');
            return {id: b.id, box: box(b), name: b.getAttribute('aria-label') || '',
                    label: label.textContent, shown: label.getBoundingClientRect().height > 0,
                    cut: label.scrollWidth > label.clientWidth + 1};
        }),
        width: innerWidth,
    };
}"""


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
@pytest.mark.parametrize("size", [(844, 390), (640, 360)])
def test_a_sideways_phones_toolbar_is_a_narrow_labelled_rail(browser, site, output_path, size, lang):
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=3,
                                  has_touch=True, is_mobile=True)
    context.add_init_script("window.mahjongTestNoSnapshot = true;")
    page = context.new_page()
    try:
        page.goto(site.url + f"?lang={lang}")
        page.tap("#welcome-play-xinyu", timeout=90_000)
        page.wait_for_function("() => !!(window.mahjong && window.mahjong.state && window.mahjong.state())", timeout=90_000)
        page.wait_for_timeout(500)
        m = page.evaluate(RAIL)
        hand = page.evaluate(HAND_TILES)
        hand_top = min(t["y"] for t in page.evaluate("() => window.mahjong._renderer.handRects.map(r => ({y: r.y - r.extra}))"))
        shot(page, output_path, f"rail-{width}x{height}-{lang}")
        assert m["labelled"], "a first visit's toolbar is labelled"
        rail = m["bar"][2] - m["bar"][0]
        assert rail <= 2 * 52 + 4, (f"the toolbar takes {rail:.0f} px, {rail / width:.0%} of the width", m["bar"])
        if width >= 844:
            assert rail / width <= 1 / 8, (f"the toolbar takes {rail / width:.0%} of the width", m["bar"])
        assert len(m["buttons"]) >= 8 and hand, m["buttons"]
        for b in m["buttons"]:
            left, top, right, bottom = b["box"]
            assert right - left >= 44 - 0.5 and bottom - top >= 44 - 0.5, (b["id"], "under a finger's size", b["box"])
            assert b["name"], (b["id"], "no accessible name")
            assert b["shown"] and b["label"] and not b["cut"], (b["id"], "its label is not read whole", b)
            assert bottom <= hand_top, (b["id"], "over the hand", b["box"], hand_top)
    finally:
        context.close()
