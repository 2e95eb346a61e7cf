"""Honest about storage (issue 37): in a frame on another site's page the browser keeps nothing for
the game (Chromium blocks a third-party frame's localStorage, Cache Storage and service worker: the
"Access is denied" and "The user denied permission to use Service Worker" of the issue). The game
plays all the same; the page says once, in the reader's language and in a corner, what the reader
loses and links to the game in a tab of its own; it tries neither the offline copy nor the start-up
snapshot, and the console has no warning or error of ours. Before: six console warnings, and the
reader was never told."""
from __future__ import annotations

from pathlib import Path

import pytest

from pagehelp import idle, shot

HOST = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Host</title></head>
<body style="margin:0;font:16px sans-serif">
<iframe id="game" src="{src}" title="Mahjong" style="border:0" width="820" height="560"></iframe>
</body></html>"""

DENIED = """() => { try { localStorage.setItem("x", "1"); return false; } catch (e) { return e.name; } }"""


@pytest.mark.snapshot  # the page would make its snapshot after this first visit, where storage allows
def test_a_frame_without_storage_plays_and_says_once_what_the_reader_loses(page, site, output_path):
    said: list[str] = []

    def on_console(message) -> None:
        if message.type in ("warning", "error"):
            said.append(f"{message.type}: {message.text}")

    page.on("console", on_console)
    page.on("worker", lambda worker: worker.on("console", on_console))
    page.on("pageerror", lambda error: said.append(f"pageerror: {error}"))
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    root = Path(site.dist).parent
    src = site.url + "index.html?lang=zh-Hant&variant=longyan&seed=3&speed=instant&origin=http://localhost"
    (root / "host-storage.html").write_text(HOST.format(src=src), encoding="utf-8")
    page.set_viewport_size({"width": 840, "height": 600})
    page.goto(site.parent_url.replace("parent.html", "host-storage.html"))  # another origin than the game's
    frame = page.frame(url=lambda url: url.startswith(site.url))
    assert frame is not None
    frame.wait_for_function("() => window.mahjong && window.mahjong.state && window.mahjong.state()", timeout=90_000)
    # (the premise: this browser refuses the frame its storage, as the reader's did)
    assert frame.evaluate(DENIED) == "SecurityError"
    # the game plays
    s = idle(frame)
    assert s["human"] and s["variant"] == "longyan"
    # one note, in the reader's language, with the way out: the game in a tab of its own
    note = frame.locator("#keep-note")
    note.wait_for()
    assert note.count() == 1
    assert note.get_attribute("data-key") == "storage.framed.both"
    assert note.get_attribute("role") == "status"
    text = note.inner_text()
    assert "保存" in text and "網路" in text, text  # zh-Hant: the match is not saved, no offline play
    link = note.locator("a")
    href = link.get_attribute("href")
    assert link.get_attribute("target") == "_blank"
    assert href.startswith(site.url + "index.html?") and "lang=zh-Hant" in href and "origin=" not in href
    # out of the way: in a corner, clear of the player's hand and the claim buttons
    box = note.bounding_box()
    hand_top = frame.evaluate("() => Math.min(...window.mahjong._renderer.handRects.map((r) => r.y))")
    assert box["y"] + box["height"] < hand_top and box["height"] < 120, (box, hand_top)
    shot(page, output_path, "storage-refused")
    # neither the offline copy nor the snapshot was tried
    assert frame.evaluate("() => window.mahjong.offline") is None
    assert frame.evaluate("async () => (await window.mahjong.snapshot).type") == "skipped"
    assert not [url for url in requested if url.endswith(("sw.js", "snapshot-worker.js"))], requested
    # the reader plays on (a tap on the table): it folds into a chip, which opens it again
    frame.locator("#table").click(position={"x": 400, "y": 300})
    chip = note.locator("button.chip")
    assert chip.is_visible() and not link.is_visible() and "不保存" in chip.inner_text()
    shot(page, output_path, "storage-refused-folded")
    frame.evaluate("async () => { const s = window.mahjong.state(); await window.mahjong.act(s.legal_actions.find((a) => a.startsWith('discard '))); }")
    idle(frame)
    assert note.count() == 1  # said once: a move later, the same note
    chip.click()
    assert link.is_visible() and chip.get_attribute("aria-expanded") == "true"
    note.locator("button.close").click()
    assert frame.locator("#keep-note").count() == 0
    assert said == []
