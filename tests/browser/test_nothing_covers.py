"""Nothing covers what the player must tap, and the board holds still (issue 57, items 2 and 3):
during a claim with the coach on, the element at each claim button's centre is that button at
360x640, 390x844, 844x390 and 1280x800, whatever tip the coach shows (the gold's, the claim's), and
the coach's bubble meets neither the buttons, the hand nor the toolbar; the board's rectangle is
the same before the claim, during it, and with the hints opened or closed (the hints lie beside or
over the table: at 360x640 they shrank the board to about 130x80 px)."""
from __future__ import annotations

from pagehelp import idle, shot

SIZES = [(360, 640), (390, 844), (844, 390), (1280, 800)]
FRAME = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"

# the board: its centre, its unit and its reach each way (layout.js), rounded
BOARD = """() => { const L = window.mahjong._renderer.layout, r = (v) => Math.round(v * 10) / 10;
  return [r(L.cx), r(L.cy), r(L.u), r(L.halfW), ...L.reach.map(r)]; }"""

# each claim button: is it what a finger at its centre meets? and does the coach's bubble meet it,
# the toolbar or the hand?
COVERED = """() => {
  const out = [];
  for (const b of document.querySelectorAll("#actions button")) {
    const r = b.getBoundingClientRect();
    const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!(e === b || b.contains(e))) out.push(`${b.dataset.action}: ${e ? e.id || e.className || e.tagName : "nothing"}`);
  }
  const c = document.getElementById("coach");
  if (c && !c.hidden) {
    const cb = c.getBoundingClientRect(), L = window.mahjong._renderer.layout;
    const meets = (r) => cb.left < r.right && cb.right > r.left && cb.top < r.bottom && cb.bottom > r.top;
    for (const b of document.querySelectorAll("#actions button")) if (meets(b.getBoundingClientRect())) out.push(`bubble over ${b.dataset.action}`);
    if (meets(document.querySelector(".toolbar").getBoundingClientRect())) out.push("bubble over the toolbar");
    if (cb.bottom > L.handY - L.lift) out.push("bubble over the hand");
  }
  return out;
}"""

TIP = "() => { const c = document.getElementById('coach'); return c && !c.hidden ? c.dataset.tip : null; }"


def test_the_coach_covers_no_button_and_the_board_holds_still(page, site, console_errors, output_path):
    page.set_viewport_size({"width": 360, "height": 640})
    # Longyan seed 2: the player's first claim (a pong) comes while the coach still shows the gold
    page.goto(site.url + "?variant=longyan&seed=2&speed=instant&hints=1&lang=zh-Hant")
    page.wait_for_function("() => !!(window.mahjong && window.mahjong.state && window.mahjong.state())", timeout=90_000)
    page.wait_for_selector("#hints:not([hidden])")
    before = {}
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.evaluate(FRAME)
        before[(w, h)] = page.evaluate(BOARD)
    page.set_viewport_size({"width": 360, "height": 640})
    for _ in range(60):
        s = idle(page)
        assert not s["over"], "no claim came"
        if "pong" in s["legal"] or "kong" in s["legal"]:
            break
        s2 = page.evaluate("() => window.mahjong.state()")
        discard = f"discard {s2['drawn']}" if s2["drawn"] and f"discard {s2['drawn']}" in s["legal"] else \
            [a for a in s["legal"] if a.startswith("discard ")][-1]
        page.evaluate("(a) => window.mahjong.act(a)", discard)
    found = []
    tips = set()
    for round_ in range(2):  # the gold's tip, then (Got it) the claim's
        for w, h in SIZES:
            page.set_viewport_size({"width": w, "height": h})
            page.evaluate(FRAME)
            tip = page.evaluate(TIP)
            tips.add(tip)
            found += [f"{w}x{h} {tip}: {c}" for c in page.evaluate(COVERED)]
            board = page.evaluate(BOARD)
            if board != before[(w, h)]:
                found.append(f"{w}x{h}: the board moved in the claim: {board} not {before[(w, h)]}")
            if round_ == 0:
                page.keyboard.press("?")  # the hints close, and open again: the board stays
                page.evaluate(FRAME)
                closed = page.evaluate(BOARD)
                page.keyboard.press("?")
                page.evaluate(FRAME)
                if closed != before[(w, h)]:
                    found.append(f"{w}x{h}: the board moved as the hints closed: {closed} not {before[(w, h)]}")
                found += [f"{w}x{h} hints reopened: {c}" for c in page.evaluate(COVERED)]
            shot(page, output_path, f"{tip}-{w}x{h}")
        while page.evaluate(TIP) in ("gold", "flower"):
            page.click("#coach-ok")
            page.evaluate(FRAME)
        page.set_viewport_size({"width": 360, "height": 640})
    assert {"gold", "claim"} <= tips, tips
    assert found == [], "\n".join(found)
    assert console_errors == []
