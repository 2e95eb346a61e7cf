"""Keep and replay (issue 15) in Chromium: the replay viewer from a link, a corrupt replay, the review."""
from __future__ import annotations

import sys
from pathlib import Path

from pagehelp import shot

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from py_engine import Game, bots  # noqa: E402
from py_engine.record import replay
from py_engine.bots import normal  # noqa: E402
from py_engine.bots.common import View  # noqa: E402

SHOWN = "() => window.mahjong.replay && window.mahjong.replay.shown.then(() => true)"


def bad_player_replay(variant: str = "xinyu", seed: int = 9) -> dict:
    """A one-hand replay where seat 0 (the human) discards the normal bot's worst candidate each turn."""
    game = Game.new(variant, seed=seed)
    game.hand_number = 0
    while not game.is_over:
        seat = game.waiting_for[0]
        legal = game.legal_actions(seat)
        if seat == 0 and len(legal) > 1 and any(a.startswith("discard ") for a in legal):
            decision = normal.NormalBot(View.from_observation(game.observation(seat))).decide()
            worst = [c.action for c in decision.candidates if c.action.startswith("discard ")]
            action = worst[-1] if worst else legal[0]
        else:
            action = bots.choose(game, seat, "normal")
        game.apply(seat, action)
    facts = {"hands": 1, "seed": seed, "human": 0, "level": "normal", "autoplay": False}
    return replay.export(variant, game.options, facts, [replay.hand_record(game, 0)])


def open_viewer(page, site, hash_: str = "", query: str = "lang=en") -> None:
    page.goto(f"{site.url}replay.html?{query}{hash_}")
    page.wait_for_function(SHOWN, timeout=90_000)


def link_for(page, site, data: dict, hand: int = 0, step: int | None = None) -> str:
    open_viewer(page, site)
    return page.evaluate("""async ([data, hand, step]) => {
        const io = await import("./replayio.js");
        return io.replayLink(data, {hand, step});
    }""", [data, hand, step])


def test_a_replay_link_opens_the_viewer_at_its_action(page, site, console_errors, output_path):
    data = bad_player_replay()
    link = link_for(page, site, data, step=12)
    assert link.startswith(site.url + "replay.html#r=")
    page.goto(link)
    page.wait_for_function(SHOWN, timeout=90_000)
    where = page.evaluate("() => window.mahjong.replay.where()")
    assert where == {"hand": 0, "step": 12, "steps": len(data["hands"][0]["actions"])}
    state = page.evaluate("() => window.mahjong.state()")
    expected = Game.replay({**data["hands"][0]["position"], "variant": "xinyu", "options": data["options"]},
                           data["hands"][0]["actions"][:12])
    assert state["discards"] == expected.observation(0)["discards"]
    assert state["hands"][0] == expected.observation(0)["hands"][0] and state["hands"][1] is None
    assert page.input_value("#rp-slider") == "12"
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => window.mahjong.replay.where().step === 13")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("() => window.mahjong.replay.where().step === 11")
    page.check("#rp-faceup")
    page.wait_for_function("() => window.mahjong.state().hands.every(h => h !== null)")
    for size in ((390, 844), (844, 390), (1280, 800)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_function("""([w, h]) => { const c = document.getElementById("table");
            return c.width === Math.round(w * devicePixelRatio) && c.height === Math.round(h * devicePixelRatio); }""", arg=list(size))
        shot(page, output_path, f"viewer-{size[0]}x{size[1]}")
    page.keyboard.press("End")
    page.wait_for_selector("#rp-settle:not([hidden])")
    shot(page, output_path, "viewer-settlement")
    assert console_errors == []


def test_review_lists_the_bad_decisions_and_marks_them(page, site, console_errors, output_path):
    data = bad_player_replay("longyan", 4)
    page.goto(link_for(page, site, data))
    page.wait_for_function(SHOWN, timeout=90_000)
    page.click("#rp-review")
    page.wait_for_selector("#rp-review-list li button", timeout=60_000)
    items = page.locator("#rp-review-list li button")
    assert items.count() >= 1
    first = items.nth(0)
    text = first.inner_text()
    assert "the bot" in text
    page.wait_for_selector("#rp-marks span")
    step = int(first.get_attribute("data-step"))
    first.click()
    page.wait_for_function(f"() => window.mahjong.replay.where().step === {step}")
    shot(page, output_path, "review")
    assert console_errors == []


def test_a_corrupt_replay_link_is_reported_and_the_page_runs(page, site, console_errors, output_path):
    open_viewer(page, site, "#r=not-a-replay!!")
    assert "This replay link is broken" in page.evaluate("() => window.mahjong.replay.notice()")
    assert page.is_enabled("#rp-open")
    # in the reader's language, the link's fault in words (issue 37: the browser's own message before)
    for hash_, said in (("#r=not-a-replay!!", "回放連結已損壞：回放不是 base64url 文字"),
                        ("#r=AAAAAAAA", "回放連結已損壞：回放無法解壓（被截斷或改動了？）")):
        page.goto("about:blank")
        open_viewer(page, site, hash_, query="lang=zh-Hant")
        assert page.evaluate("() => window.mahjong.replay.notice()") == said
    # a replay whose action is illegal: the message names the action and the hand shows up to it
    data = bad_player_replay()
    seat = data["hands"][0]["actions"][20][0]
    data["hands"][0]["actions"][20] = [seat, "discard 9z"]
    page.goto(link_for(page, site, data))
    page.wait_for_function(SHOWN, timeout=90_000)
    message = page.evaluate("() => window.mahjong.replay.notice()")
    assert "stops at hand 1, action 21" in message, message
    assert page.evaluate("() => window.mahjong.replay.where()")["step"] == 20
    page.keyboard.press("ArrowLeft")                                  # and it still steps
    page.wait_for_function("() => window.mahjong.replay.where().step === 19")
    shot(page, output_path, "corrupt-replay")
    # a file that is not a replay at all
    page.set_input_files("#rp-file", files=[{"name": "x.json", "mimeType": "application/json", "buffer": b'{"a": 1}'}])
    page.wait_for_function("() => window.mahjong.replay.notice().includes('damaged')")
    page.set_input_files("#rp-file", files=[{"name": "y.json", "mimeType": "application/json", "buffer": b"{not json"}])
    page.wait_for_function("() => window.mahjong.replay.notice().includes('not a replay')")
    assert console_errors == []
