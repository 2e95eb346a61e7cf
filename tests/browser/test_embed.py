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
    assert s["variant"] == "xinyu" and not s["is_over"]
    assert s["level"] == "easy"  # a newcomer's first match (issue 48): the bad level is dropped, the first match is easy
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
    assert "Concealed hand" in text and "×2" in text and "门清" not in text  # English, no Chinese (issue 57)
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


# A Longyan deal (Game.new("longyan", seed=11).to_position(), its options the clock alone, at
# Longyan's default 20 s, as a shared link carries it): seat 1 deals; seat 2's turn comes third.
LONGYAN_POSITION = {
    "variant": "longyan", "dealer": 1, "gold": "4p", "options": {"timer": 20},
    "hands": ["349m1378p4566s11z", "458m19p1358s22357z", "55m29p4469s34567z", "68m35567p5579s47z"],
    "flowers": [[], ["1f"], ["5f", "7f", "8f"], []],
    "wall": "3p4m1z3z9p3s1s6m5m2m2p9m9s3m5p4p4f7p2m7m7m7s1m5z4p8s6z4p4m1s3z1z2f8p8s2p9m7s9p5p9m4z6p6z4s1m7p1p3s8m8p"
            "7m1s6p2p6p7s1m2s8m2z7z2m2m3m8p9s1m2s6m5z2s6s3s6f8s3m6m1p2s2z7m3f4z6z3p",
}


def test_a_position_keeps_the_links_other_parameters_and_names_the_readers_seat(page, site, console_errors, output_path):
    """Issue 37: `position=` with `timer=0` still ran Longyan's 20 s clock and played a timeout move
    (the position's options won); and the reader always played seat 0. Now the clock, the hints, the
    level and the speed hold with a position, `seat` names the seat the reader plays, and a `variant`
    that is not the position's is reported as ignored, in the reader's language."""
    query = (f"position={base64url(LONGYAN_POSITION)}&timer=0&hints=1&level=easy&speed=fast&seat=2"
             "&variant=xinyu&lang=zh-Hans")
    open_game(page, site, query)
    s = idle(page)
    assert s["human"] and s["variant"] == "longyan"
    s = page.evaluate("() => window.mahjong.state()")
    assert s["human"] == 2 and s["seat"] == 2 and s["options"]["timer"] == 0 and s["level"] == "easy"
    assert page.evaluate("() => window.mahjong._view.timer") is None  # no clock runs
    assert page.evaluate("() => window.mahjong.settings().speed") == "fast"
    assert page.is_visible("#hints")
    banner = page.text_content("#banner")
    assert "variant=xinyu" in banner and "牌局已指定自己的规则" in banner, banner
    # the table is seat 2's: its hand, as the engine dealt it, at the bottom
    drawn = page.evaluate("() => window.mahjong._renderer.handRects.map((r) => r.code).sort().join('')")
    assert drawn == "".join(sorted(s["hands"][2])) and len(s["hands"][2]) >= 13
    shot(page, output_path, "position-seat-2")
    # a new match of the visit: the same rules and seat
    page.evaluate("() => window.mahjong.newGame({})")
    s = page.evaluate("() => window.mahjong.state()")
    assert s["variant"] == "longyan" and s["human"] == 2
    assert console_errors == []


def test_a_broken_position_plays_its_own_rule_set_and_says_why_in_the_readers_language(page, site, console_errors):
    """A position the engine refuses falls back to a normal game of the position's rule set (it was
    the stored or default rule set, Xinyu on a Longyan tutorial), said in zh-Hant; a bad seat too."""
    bad = {**LONGYAN_POSITION, "hands": ["1111m" + LONGYAN_POSITION["hands"][0], *LONGYAN_POSITION["hands"][1:]]}
    open_game(page, site, f"position={base64url(bad)}&lang=zh-Hant&seat=5")
    page.wait_for_selector("#banner[data-kind=notice]")
    banner = page.text_content("#banner")
    assert "網址中的牌局無法使用" in banner and "seat=5" in banner and "座位為 0、1、2 或 3" in banner, banner
    s = page.evaluate("() => window.mahjong.state()")
    assert s["variant"] == "longyan" and s["human"] == 0 and not s["is_over"]
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
