"""Frames keep the reader's hand (issue 55 item 2). Every page of the site, framed by a host of another
origin with no `origin=`, posts its host nothing of the reader's concealed hand while the reader plays
a hand: no hand, no drawn tile, legal actions and actions named without their tiles, replies alike.
An `origin=` that is not a list of origins (`null`) is refused: said on the page in the reader's
language and answered as an error, and the frame posts nothing else. A frame whose `origin=` names the
host does carry the hand (so the check below sees a hand when there is one)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ZH = json.loads((Path(__file__).resolve().parents[2] / "web" / "i18n" / "zh-Hans.json").read_text(encoding="utf-8"))

PAGES = ["analyze.html", "learn.html", "puzzle.html", "replay.html", "tiles.html#123m", "help.html", "friends.html"]

HOST = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Host</title></head>
<body style="margin:0">
<script>
window.got = [];
addEventListener("message", (e) => {{
  const i = [...document.querySelectorAll("iframe")].findIndex((f) => f.contentWindow === e.source);
  if (e.data && e.data.source === "mahjong") got.push({{frame: document.querySelectorAll("iframe")[i]?.id, data: e.data}});
}});
</script>
{frames}
</body></html>"""

HIDDEN_KEYS = {"hand", "hands", "drawn", "concealed"}


def leaks(message: Any, path: str = "") -> list[str]:
    """What of the reader's concealed hand a message carries: a hand or drawn tile, an action or a
    legal action with its tile, a draw event with its tile."""
    found: list[str] = []
    if isinstance(message, dict):
        if message.get("type") == "draw" and message.get("tile") is not None:
            found.append(f"{path}: a draw with its tile")
        for key, value in message.items():
            if key in HIDDEN_KEYS and isinstance(value, (list, str)) and value not in ([], ""):  # (match.hands: its length)
                found.append(f"{path}.{key}")
            if key in ("legal_actions", "legal") and isinstance(value, list) and any(" " in str(a) for a in value):
                found.append(f"{path}.{key}: {value}")
            if key == "action" and isinstance(value, str) and " " in value:
                found.append(f"{path}.action: {value}")
            found += leaks(value, f"{path}.{key}")
    elif isinstance(message, list):
        for i, item in enumerate(message):
            found += leaks(item, f"{path}[{i}]")
    return found


def test_no_frame_without_origin_posts_the_reader_hand(page, site, console_errors):
    root = Path(site.dist).parent
    host_origin = site.parent_url.split("/parent.html")[0]
    game = site.url + "index.html?variant=longyan&seed=11&speed=instant&hints=1&lang=en"
    frames = [f'<iframe id="game" src="{game}" width="800" height="560"></iframe>',
              f'<iframe id="named" src="{game}&origin={host_origin}" width="400" height="300"></iframe>',
              f'<iframe id="refused" src="{site.url}index.html?variant=xinyu&lang=zh-Hans&origin=null" width="400" height="300"></iframe>']
    frames += [f'<iframe id="p{i}" src="{site.url}{name}{"&" if "#" in name else "?"}lang=en" width="400" height="300"></iframe>'
               for i, name in enumerate(PAGES)]
    (root / "host-privacy.html").write_text(HOST.format(frames="\n".join(frames)), encoding="utf-8")
    page.set_viewport_size({"width": 1000, "height": 800})
    page.goto(f"{host_origin}/host-privacy.html")
    game_frame = page.frame(url=lambda u: u.startswith(site.url + "index.html?variant=longyan") and "origin=" not in u)
    refused = page.frame(url=lambda u: "origin=null" in u)
    assert game_frame is not None and refused is not None
    for f in (game_frame, refused):
        f.wait_for_function("() => !!(window.mahjong && window.mahjong.state && window.mahjong.state())", timeout=120_000)
    page.wait_for_function("() => got.some((m) => m.frame === 'named' && m.data.type === 'ready')", timeout=120_000)

    ask = """([frame, id, method, args]) => document.getElementById(frame).contentWindow.postMessage(
        {target: "mahjong", id, method, args}, "*")"""
    reply = "([frame, id]) => got.find((m) => m.frame === frame && m.data.type === 'reply' && m.data.id === id)?.data"

    # the reader plays a hand (through the frame's own page), the host asks as it goes
    seen_hand: set[str] = set()
    for turn in range(60):
        s = game_frame.evaluate("""async () => { const s = await window.mahjong.idle();
            return {over: s.is_over, human: s.human_to_move, legal: s.legal_actions, hand: s.hands[s.seat] || [], drawn: s.drawn}; }""")
        if s["over"]:
            break
        seen_hand.update(s["hand"])
        if turn == 3:  # the host asks for the state, the legal actions, and plays tiles no hand holds
            for n, (method, args) in enumerate((("state", None), ("legal", None), ("act", "discard 9z"), ("act", {"action": "kong 9z"}))):
                page.evaluate(ask, ["game", 100 + n, method, args])
                page.wait_for_function(f"(a) => !!({reply})(a)", arg=["game", 100 + n])
        if not s["human"]:
            break
        action = next((a for a in s["legal"] if a.startswith(("concealed_kong", "win"))), None) \
            or next((a for a in s["legal"] if a.startswith("discard ")), s["legal"][0])
        game_frame.evaluate("(a) => window.mahjong.act(a)", action)

    for f in page.frames[1:]:
        f.wait_for_load_state()
    got = page.evaluate("() => got")
    by_frame: dict[str, list[Any]] = {}
    for m in got:
        by_frame.setdefault(m["frame"], []).append(m["data"])
    mine = by_frame["game"]
    assert {"ready", "turn", "event", "reply"} <= {m["type"] for m in mine}, {m["type"] for m in mine}
    assert any(m["type"] == "event" and m["detail"]["type"] == "draw" for m in mine)
    # every message of every frame without origin= is checked, the pages besides the game too
    for name, messages in by_frame.items():
        if name in ("named", "refused"):
            continue
        for m in messages:
            assert leaks(m) == [], (name, m["type"], leaks(m))
    replies = {m["id"]: m for m in mine if m["type"] == "reply"}
    assert replies[100]["ok"] and "hand" not in replies[100]["value"]
    assert replies[101]["ok"] and all(" " not in a for a in replies[101]["value"])
    for n in (102, 103):  # refused, by kind, naming no tile of the hand
        assert not replies[n]["ok"] and replies[n]["kind"] in ("illegal", "not_now"), replies[n]
        assert not any(t in replies[n]["error"] for t in seen_hand), replies[n]["error"]
    assert len([p for p in by_frame if p.startswith("p")]) >= 4, by_frame.keys()  # the pages that post (height, theme) were heard

    # the frame whose origin= names the host: its hand (the checker sees one when there is one)
    assert any(leaks(m) for m in by_frame["named"]), by_frame["named"][:3]

    # origin=null: said on the page in the reader's language, refused as a reply, nothing else posted
    refused.wait_for_selector("#banner[data-kind=notice]")
    assert ZH["error"]["why.originRefused"] in refused.inner_text("#banner")
    page.evaluate(ask, ["refused", 1, "state", None])
    page.wait_for_function("() => got.some((m) => m.frame === 'refused' && m.data.type === 'reply')")
    answer = page.evaluate("() => got.find((m) => m.frame === 'refused' && m.data.type === 'reply').data")
    assert not answer["ok"] and answer["kind"] == "invalid" and "origin=" in answer["error"], answer
    posted = {m["type"] for m in page.evaluate("() => got.filter((m) => m.frame === 'refused').map((m) => m.data)")}
    assert posted <= {"height", "theme", "reply"}, posted
    assert console_errors == []
