"""Embedding: URL parameters (good, bad, a position), and events posted to a parent page."""
from __future__ import annotations

import json

from pagehelp import base64url, idle, open_game, shot

# A tutorial position: the dealer (the player, seat 0) holds a complete hand at once (天胡).
WINNING_POSITION = {
    "variant": "xinyu",
    "dealer": 0,
    "hands": ["123456789m12355p", "1112223334445z", "6667778889995s", "4666777888999p"],
}

COLLECT_IN_PARENT = """
if (window.top === window) {
    window.__got = [];
    window.addEventListener("message", (e) => {
        if (e.data && e.data.source === "mahjong") window.__got.push(e.data);
    });
}
"""


def test_url_parameters_set_up_the_game(page, site, console_errors):
    open_game(page, site, "variant=longyan&seed=42&lang=zh-Hant&level=easy&hints=1&speed=fast&hands=4")
    s = page.evaluate("() => window.mahjong.state()")
    assert s["variant"] == "longyan" and s["match"]["seed"] == 42 and s["match"]["hands"] == 4
    assert s["level"] == "easy" and not s["autoplay"]
    assert page.evaluate("() => document.documentElement.lang") == "zh-Hant"
    assert page.get_attribute("#tb-hints", "aria-pressed") == "true"
    assert page.evaluate("() => window.mahjong.settings().speed") == "fast"
    assert "龍岩新莊麻將" in page.text_content("#status")
    assert page.is_hidden("#banner")
    assert console_errors == []


def test_a_bad_parameter_is_reported_and_a_normal_game_starts(page, site, console_errors, output_path):
    open_game(page, site, "variant=klondike&seed=abc&level=genius&lang=en&speed=instant")
    banner = page.text_content("#banner")
    assert page.get_attribute("#banner", "data-kind") == "notice"
    for name in ("variant=klondike", "seed=abc", "level=genius"):
        assert name in banner, banner
    shot(page, output_path, "bad-parameter")
    s = page.evaluate("() => window.mahjong.state()")
    assert s["variant"] == "xinyu" and s["level"] == "normal" and not s["is_over"]
    s = idle(page)
    assert s["human"]
    assert console_errors == []


def test_a_position_parameter_deals_that_position(page, site, console_errors, output_path):
    open_game(page, site, f"position={base64url(WINNING_POSITION)}&lang=en&speed=instant")
    s = page.evaluate("() => window.mahjong.state()")
    assert "".join(s["hands"][0]) == "1m2m3m4m5m6m7m8m9m1p2p3p5p5p"
    assert s["dealer"] == 0 and s["human_to_move"] and "win" in s["legal_actions"]
    assert page.is_visible('#actions button[data-action="win"]')
    page.click('#actions button[data-action="win"]')
    page.wait_for_selector("#settle", timeout=15_000)
    shot(page, output_path, "position-win")
    result = page.evaluate("() => window.mahjong.state().result")
    assert result["winners"] == [0]
    patterns = page.eval_on_selector_all("#settle [data-pattern]", "xs => xs.map(x => x.dataset.pattern)")
    assert "concealed" in patterns
    text = page.text_content("#settle")
    assert "Concealed hand" in text and "门清" in text and "×2" in text
    assert console_errors == []


def test_a_bad_position_falls_back_to_a_normal_game(page, site, console_errors):
    bad = {**WINNING_POSITION, "hands": ["11111m23456789m12p", *WINNING_POSITION["hands"][1:]]}
    open_game(page, site, f"position={base64url(bad)}&lang=en")
    page.wait_for_selector("#banner[data-kind=notice]")
    assert "could not be played" in page.text_content("#banner")
    s = page.evaluate("() => window.mahjong.state()")
    assert s["variant"] == "xinyu" and not s["is_over"]
    assert "".join(s["hands"][0]) != "1m1m1m1m1m2m3m4m5m6m7m8m9m1p"
    # not base64 at all
    open_game(page, site, "position=%%%&lang=en")
    assert "position" in page.text_content("#banner")
    assert console_errors == []


def test_a_refused_new_game_says_not_accepted_not_an_engine_failure(page, site, console_errors, output_path):
    open_game(page, site, "lang=en&speed=instant")
    seed = page.evaluate("() => window.mahjong.state().match.seed")
    # refused, and the match in play goes on (issue 33, finding 10: a default match was started instead)
    message = page.evaluate("() => window.mahjong.newGame({variant: 'xinyu', options: {scoring: 'fancy'}}).then(() => null, (e) => e.message)")
    assert message and "scoring" in message, message
    page.wait_for_selector("#banner[data-kind=notice]")
    banner = page.text_content("#banner")
    assert "Not accepted" in banner and "scoring" in banner and "engine failed" not in banner, banner
    shot(page, output_path, "not-accepted")
    s = page.evaluate("() => window.mahjong.state()")
    assert s["variant"] == "xinyu" and not s["is_over"] and s["match"]["seed"] == seed
    assert console_errors == []


def test_events_are_posted_to_the_parent_page(page, site, console_errors, output_path):
    page.add_init_script(COLLECT_IN_PARENT)
    page.goto(site.parent_url)
    frame = page.frame(url=lambda url: url.startswith(site.url))
    assert frame is not None
    page.wait_for_function("() => window.__got.some(m => m.type === 'ready')", timeout=90_000)
    kinds = page.evaluate("() => window.__got.map(m => m.type)")
    assert "newGame" in kinds and "state" not in kinds
    # the parent drives the game by postMessage: a one-hand demo at full speed
    page.evaluate("""() => document.getElementById("game").contentWindow.postMessage({target: "mahjong", id: 7,
        method: "newGame", args: {variant: "longyan", seed: 3, autoplay: true, hands: 1, speed: "instant"}}, "*")""")
    page.wait_for_function("() => window.__got.some(m => m.type === 'reply' && m.id === 7)", timeout=30_000)
    reply = page.evaluate("() => window.__got.find(m => m.type === 'reply' && m.id === 7)")
    assert reply["ok"] and reply["value"]["variant"] == "longyan"
    page.wait_for_function("() => window.__got.some(m => m.type === 'matchEnd')", timeout=120_000, polling=250)
    got = page.evaluate("() => window.__got")
    events = [m["detail"]["type"] for m in got if m["type"] == "event"]
    assert "discard" in events and ("win" in events or "draw_game" in events)
    hand_end = next(m for m in got if m["type"] == "handEnd")
    assert sum(hand_end["detail"]["result"]["deltas"]) == 0
    json.dumps(got)  # everything posted is plain data
    assert frame.evaluate("() => window.mahjong.state().is_over")
    shot(page, output_path, "embedded")
    assert console_errors == []
