"""Issue 48's "done when": on a 360x640 phone in 简体, from the first visit, by taps: the welcome asks
which game the newcomer came for and offers each rule set's course and table; Longyan's course, its
first lesson (touch targets a finger's size), the lesson's "play a hand" dealing one hand, coached on
the table as things happen (the gold, a flower, the drawn tile, the discard, a claim; once), then a
whole match offered; the second match runs no clock (docs/RULES.md §4) and the first was against easy
bots; the hand's tiles measure 44 px."""
from __future__ import annotations

from pagehelp import HAND_TILES, idle, phone_visit, shot
from test_learn import LONGYAN, answers, tap as lesson_tap

CLOCK = "() => window.mahjong._view.timer ? window.mahjong._view.timer.total : 0"
TIP = "() => { const c = document.querySelector('#coach'); return c && !c.hidden ? c.dataset.tip : null; }"
BOX = "(sel) => { const r = document.querySelector(sel).getBoundingClientRect(); return {w: r.width, h: r.height}; }"


def finger(page, selector: str) -> None:
    box = page.evaluate(BOX, selector)
    assert box["h"] >= 44, (selector, box)


def hand_tiles_are_finger_sized(page) -> None:
    rects = page.evaluate("() => window.mahjong._renderer.handRects.map(r => ({w: r.w, h: r.h}))")
    assert rects and all(r["w"] >= 44 and r["h"] >= 44 for r in rects), rects


def test_a_newcomer_comes_for_longyan_learns_plays_a_coached_hand_then_a_match_without_a_clock(browser, site, output_path):
    context, page, errors = phone_visit(browser, 360, 640)
    try:
        page.goto(site.url + "?lang=zh-Hans")
        # the welcome: which game did you come for? each with its course and its table
        page.wait_for_selector("#welcome .welcome-rules[data-variant=longyan]", timeout=90_000)
        assert page.locator("#welcome .welcome-rules").count() == 2
        assert "你想打哪一种" in page.inner_text("#welcome")
        for variant in ("longyan", "xinyu"):
            finger(page, f"#welcome-learn-{variant}")
            finger(page, f"#welcome-play-{variant}")
        shot(page, output_path, "welcome")
        page.tap("#welcome-learn-longyan")

        # Longyan's first lesson, by taps, its buttons a finger tall
        page.wait_for_function("() => window.learn && window.learn.state && window.learn.state()", timeout=90_000)
        page.evaluate("window.learn.ready")
        lesson = LONGYAN[0]
        assert page.evaluate("window.learn.state()")["id"] == lesson["id"]
        for n, step in enumerate(lesson["steps"], 1):
            page.wait_for_function("(n) => window.learn.state().step === n", arg=n)
            if "question" not in step and "position" not in step:
                finger(page, "#next")
                page.tap("#next")
                continue
            page.wait_for_selector("#choices button, #hand button")
            right, _ = answers(lesson, n)
            lesson_tap(page, right)
            page.wait_for_selector("#feedback [data-right='true']")
            if n < len(lesson["steps"]):
                finger(page, "#next")
                page.tap("#next")
        page.wait_for_selector("#feedback .finished")
        finger(page, "#next-lesson")
        finger(page, "#index")
        finger(page, "#play")
        text = page.inner_text("body")
        assert "§" not in text
        shot(page, output_path, "lesson-finished")
        page.tap("#play")

        # one hand of Longyan, coached on the table
        page.wait_for_function("() => window.mahjong && window.mahjong.state && window.mahjong.state()", timeout=90_000)
        s = page.evaluate("() => window.mahjong.state()")
        assert s["variant"] == "longyan" and s["match"]["hands"] == 1 and s["level"] == "easy", s["match"]
        tips: list[str] = []
        turns = 0
        while True:
            s = idle(page)
            if s["over"]:
                break
            assert page.evaluate(CLOCK) == 0
            page.wait_for_timeout(120)  # a frame: the tip due is on show
            tip = page.evaluate(TIP)
            while tip in ("gold", "flower"):  # things to know, nothing to do: "知道了"
                tips.append(tip)
                shot(page, output_path, f"tip-{tip}")
                finger(page, "#coach-ok")
                page.tap("#coach-ok")
                page.wait_for_timeout(120)
                tip = page.evaluate(TIP)
            legal = s["legal"]
            if "win" in legal:
                page.tap('#actions button[data-action="win"]')
            elif "pass" in legal:
                if tip == "claim" and "claim" not in tips:
                    tips.append("claim")
                    shot(page, output_path, "tip-claim")
                page.tap('#actions button[data-action="pass"]')
            else:
                hand_tiles_are_finger_sized(page)
                if tip == "drawn":
                    tips.append(tip)
                    shot(page, output_path, "tip-drawn")
                    drawn = page.evaluate("() => window.mahjong.state().drawn")
                    box = page.evaluate("() => { const r = document.querySelector('.coach-ring').getBoundingClientRect(); return {x: r.x + r.width / 2, y: r.y + r.height / 2}; }")
                    ring_on = [t for t in page.evaluate(HAND_TILES) if abs(t["x"] - box["x"]) < 10 and abs(t["y"] - box["y"]) < 30]
                    assert ring_on and ring_on[0]["code"] == drawn, (ring_on, drawn)
                tiles = [t for t in page.evaluate(HAND_TILES) if f"discard {t['code']}" in legal]
                tile = tiles[0]
                page.touchscreen.tap(tile["x"], tile["y"])
                page.wait_for_timeout(120)
                if page.evaluate(TIP) == "discard":
                    tips.append("discard")
                    shot(page, output_path, "tip-discard")
                page.touchscreen.tap(tile["x"], tile["y"])
                page.wait_for_function("() => !window.mahjong.state().human_to_move || window.mahjong.state().is_over")
            turns += 1
            assert turns < 150
        assert {"gold", "drawn", "discard"} <= set(tips), tips
        assert len(tips) == len(set(tips)), tips  # each once
        # the hand over: a whole match is offered
        page.wait_for_selector("#settle-new", timeout=30_000)
        assert page.inner_text("#settle-new") == "打一整场（8 局）"
        shot(page, output_path, "one-hand-over")
        page.tap("#settle-new")

        # the second match: eight hands, no clock, no coaching again, the player's own level
        page.wait_for_function("() => window.mahjong.state().match.hands === 8 && !window.mahjong.state().is_over")
        s = idle(page)
        assert page.evaluate("() => window.mahjong.state().level") == "normal"
        for _ in range(3):
            while not s["human"]:
                s = idle(page)
            assert page.evaluate(CLOCK) == 0, "a clock runs against bots nobody turned on"
            assert page.evaluate("() => window.mahjong.state().options.timer") == 0
            assert page.evaluate(TIP) is None
            legal = s["legal"]
            if "pass" in legal:
                page.tap('#actions button[data-action="pass"]')
            elif any(a.startswith("discard ") for a in legal):
                hand_tiles_are_finger_sized(page)
                tile = [t for t in page.evaluate(HAND_TILES) if f"discard {t['code']}" in legal][-1]
                page.touchscreen.tap(tile["x"], tile["y"])
                page.wait_for_timeout(1500)  # reading the table: no clock counts meanwhile
                assert page.evaluate(CLOCK) == 0 and page.evaluate("() => window.mahjong._renderer.clockLabel") == ""
                page.touchscreen.tap(tile["x"], tile["y"])
            else:
                break
            s = idle(page)
            if s["over"]:
                break
        shot(page, output_path, "second-match")
        assert errors == []
    finally:
        context.close()


def test_the_course_index_links_are_a_finger_tall_on_a_phone(browser, site, output_path):
    context, page, errors = phone_visit(browser, 360, 640)
    try:
        page.goto(site.url + "learn.html#lang=zh-Hans")
        page.wait_for_selector(".course li a", timeout=90_000)
        heights = page.eval_on_selector_all(".course li a", "xs => xs.map(x => x.getBoundingClientRect().height)")
        assert len(heights) == 20 and min(heights) >= 44, heights
        shot(page, output_path, "course")
        assert errors == []
    finally:
        context.close()
