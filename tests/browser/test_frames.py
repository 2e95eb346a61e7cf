"""The game in a frame a reader cannot see (issue 37, "never frozen"): below the fold, hidden with
display:none and shown later, or squeezed to 200 px, on a host of another origin. Chromium does not
run animation frames for an out-of-view cross-origin frame, so the table is never drawn there; the
game must go on anyway (its events keep flowing to the host) and draw once it has a size. Before,
the first discard's animation asked the undrawn table where the hand was (Renderer.handScreen on a
null layout), threw, and the game stopped at its third event for good."""
from __future__ import annotations

from pathlib import Path

import pytest

HOST = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Host</title></head>
<body style="margin:0;font:16px sans-serif">
<p>A long tutorial text…</p>
<div style="height:{gap}px"></div>
<iframe id="game" src="{src}" title="Mahjong" style="border:0;{style}" width="800" height="560"></iframe>
<script>
window.got = [];
addEventListener("message", (e) => {{
  if (e.data && e.data.source === "mahjong") got.push(e.data.type === "event" ? e.data.detail?.type : e.data.type);
}});
</script>
</body></html>"""

CASES = {
    "below-the-fold": {"gap": 4000, "style": ""},
    "hidden": {"gap": 0, "style": "display:none"},
    "narrow": {"gap": 0, "style": "width:200px;height:200px"},
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_game_no_one_can_see_keeps_playing_and_draws_once_shown(page, site, console_errors, case):
    root = Path(site.dist).parent
    name = f"host-{case}.html"
    src = site.url + "index.html?autoplay=1&speed=fast&variant=longyan&seed=5&lang=en"
    (root / name).write_text(HOST.format(src=src, **CASES[case]), encoding="utf-8")
    page.set_viewport_size({"width": 1000, "height": 700})
    page.goto(site.parent_url.replace("parent.html", name))  # the host is another origin than the game
    # the autoplay match goes on: many moves, well past the third event
    page.wait_for_function("() => got.filter((t) => t === 'discard').length >= 12", timeout=120_000)
    if case == "hidden":
        page.evaluate("document.getElementById('game').style.display = 'block'")
    page.evaluate("document.getElementById('game').scrollIntoView()")
    frame = page.frame_locator("#game")
    # once it has a size it draws: the canvas is sized to its box and painted
    frame.locator("#table").wait_for()
    drawn = "() => { const c = document.getElementById('table'); return c.width > 0 && c.clientWidth > 0 && Math.abs(c.width / (window.devicePixelRatio || 1) - c.clientWidth) < 2; }"
    page.frames[1].wait_for_function(drawn, timeout=30_000)
    assert console_errors == []
