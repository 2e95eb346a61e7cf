"""learn.html (issue 34) in Chromium: a Longyan lesson done by taps on a 390x844 phone, wrong and
right answers judged by the engine and the rule named, the lesson marked finished in the course
index; an author's lesson from a link with a bad step reported in the reader's language, naming
the step; lesson 3 and an author's lesson embedded by a page of another origin under a strict
policy, sizing its frames from their height messages; a lesson from a file; one step alone; a
language changed mid-step. One page load per scenario."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from pagehelp import CSP_WATCH, HEIGHT_SNIPPET, base64url, shot
from py_engine.teach.lessons import judge, moment_of

LESSONS = Path(__file__).resolve().parents[2] / "web" / "lessons"
LONGYAN = json.loads((LESSONS / "longyan.json").read_text(encoding="utf-8"))["lessons"]


def answers(lesson: dict, n: int) -> tuple[dict, dict | None]:
    """A right and a wrong answer to step n (as the page's buttons name them), from the engine."""
    step = lesson["steps"][n - 1]
    if "question" in step:
        right = step["question"]["answer"]
        return {"choice": right}, {"choice": (right + 1) % len(step["question"]["choices"])}
    game, seat = moment_of(step)
    verdicts = {a: judge(lesson, n, a)["right"] for a in game.legal_actions(seat)}
    return ({"action": next(a for a, ok in verdicts.items() if ok)},
            {"action": next(a for a, ok in verdicts.items() if not ok)})


def tap(page, given: dict) -> None:
    if "choice" in given:
        page.tap(f"#choices button[data-choice='{given['choice']}']")
    else:
        page.tap(f"#lesson button[data-action='{given['action']}']")


def test_a_longyan_lesson_by_taps_on_a_phone(browser, site, output_path, console_errors):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    page.on("pageerror", lambda error: console_errors.append(f"pageerror: {error}"))
    lesson = LONGYAN[2]
    page.goto(site.url + "learn.html#rules=longyan&lesson=3&lang=en")
    page.wait_for_function("() => window.learn && true")
    page.evaluate("window.learn.ready")
    assert page.evaluate("window.learn.state()")["id"] == lesson["id"]
    for n, step in enumerate(lesson["steps"], 1):
        page.wait_for_function("(n) => window.learn.state().step === n", arg=n)
        if "question" not in step and "position" not in step:
            shot(page, output_path, f"step-{n}")
            page.tap("#next")
            continue
        page.wait_for_selector("#choices button, #hand button")
        right, wrong = answers(lesson, n)
        tap(page, wrong)
        page.wait_for_selector("#feedback [data-right='false']")
        rule = step.get("rule") or {"ready": "ready", "win": "winning_shape"}[step["goal"]]
        assert page.get_attribute("#feedback .rule", "data-rule") == rule
        assert "Not quite." in page.inner_text("#feedback")
        shot(page, output_path, f"step-{n}-wrong")
        page.tap("#retry")
        page.wait_for_selector("#choices button:not([disabled]), #hand button:not([disabled])")
        tap(page, right)
        page.wait_for_selector("#feedback [data-right='true']")
        shot(page, output_path, f"step-{n}-right")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        if n < len(lesson["steps"]):
            page.tap("#next")
    page.wait_for_selector("#feedback .finished")
    assert page.evaluate("window.learn.state()")["stored"] == [lesson["id"]]
    shot(page, output_path, "finished")
    page.tap("#index")   # the course index marks the lesson finished
    page.wait_for_selector(f"#course li[data-id='{lesson['id']}'] .done")
    assert page.locator("#course li[data-id] .done").count() == 1
    assert page.locator("#course li[data-id]").count() == sum(
        len(json.loads((LESSONS / f"{v}.json").read_text(encoding="utf-8"))["lessons"]) for v in ("xinyu", "longyan"))
    shot(page, output_path, "course")
    context.close()
    assert console_errors == []


def test_an_authors_lesson_with_a_bad_step_is_reported_naming_it(page, site, console_errors):
    lesson = json.loads(json.dumps(LONGYAN[1]))
    n = next(n for n, s in enumerate(lesson["steps"], 1) if "expect" in s)
    lesson["id"] = "mine"
    lesson["steps"][n - 1]["expect"] = "discard 5z"
    page.goto(site.url + f"learn.html#l={base64url(lesson)}&lang=zh-Hans")
    page.wait_for_function("() => window.learn && true")
    page.evaluate("window.learn.ready")
    item = page.locator(f".problems li[data-step='{n}']")
    assert item.get_attribute("data-code") == "illegal"
    text = item.inner_text()
    assert text.startswith(f"第 {n} 步") and "discard 5z" in text and "不合规则" in text
    assert page.locator("#lesson").is_hidden()
    assert console_errors == []


# An author's own lesson (the format of docs/embedding.md): a reading step and an acting step, English only.
AUTHORS = {
    "id": "my-gold-lesson", "rules": "longyan",
    "title": {"en": "My lesson: the gold completes a hand"},
    "steps": [
        {"text": {"en": "With the gold [5m], [34p] and a gold make a sequence."}},
        {"text": {"en": "The gold is [5m]. Your hand is complete: act."},
         "position": {"variant": "longyan", "gold": "5m", "hands": ["123m456p789s11z34p5m", "", "", ""]},
         "goal": "win", "rule": "gold", "pays": [12, -4, -4, -4],
         "feedback": {"right": {"en": "The gold stands for [2p] or [5p]."}, "wrong": {"en": "Win: the gold completes [34p]."}}},
    ],
}

HOST = """<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'; frame-src {origin}; img-src data:">
<link rel="icon" href="data:,"><title>A MkDocs page</title></head><body>
<h1>Learning Longyan mahjong</h1>
<p>Lesson 3 of the course:</p>
<iframe id="course" src="{course}" title="Lesson 3" width="700" height="200"></iframe>
<p>And one of ours:</p>
<iframe id="mine" src="{mine}" title="Our lesson" width="700" height="200"></iframe>
<script src="host.js"></script>
</body></html>"""



def test_lesson_3_and_an_authors_lesson_embedded_on_another_origin_under_a_strict_policy(browser, site, output_path):
    root = Path(site.dist).parent
    origin = site.url.split("/mahjong/")[0]
    (root / "host.js").write_text(HEIGHT_SNIPPET, encoding="utf-8")  # a file: the policy runs no inline script
    (root / "lessons-host.html").write_text(HOST.format(
        origin=origin, course=f"{site.url}learn.html#rules=longyan&amp;lesson=3&amp;lang=zh-Hant",
        mine=f"{site.url}learn.html#l={base64url(AUTHORS)}&amp;lang=en"), encoding="utf-8")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(CSP_WATCH)   # the host's document and both frames'
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto(site.parent_url.replace("parent.html", "lessons-host.html"))
    course = page.frame(url=lambda url: "lesson=3" in url)
    mine = page.frame(url=lambda url: "#l=" in url)
    assert course is not None and mine is not None
    for frame in (course, mine):
        frame.wait_for_function("() => window.learn && true")
        frame.evaluate("window.learn.ready")
    assert course.evaluate("window.learn.state().id") == "longyan-3"
    assert course.inner_text("#title") == LONGYAN[2]["title"]["zh-Hant"] and "第 3 課" in course.inner_text("#counter")
    assert mine.inner_text("#title") == AUTHORS["title"]["en"]
    # the author's lesson, done in its frame: the engine judges it, the frame grows, the host follows
    mine.click("#next")
    mine.wait_for_selector("#choices button[data-action='win']")
    mine.click("#choices button[data-action='win']")
    mine.wait_for_selector("#feedback .finished")
    assert mine.get_attribute("#feedback .paid", "data-paid") == "12 -4 -4 -4"
    page.wait_for_function("""() => {
        const f = document.getElementById("mine");
        const last = got.filter((m) => m.frame === "mine").at(-1);
        return last && last.height > 400 && f.style.height === last.height + "px";
    }""", timeout=30_000)
    got = page.evaluate("window.got")
    assert {m["page"] for m in got} == {"learn"}
    for frame_id in ("course", "mine"):
        last = [m for m in got if m["frame"] == frame_id][-1]
        assert page.evaluate(f"document.getElementById('{frame_id}').style.height") == f"{last['height']}px"
    assert mine.evaluate("window.learn.state().stored") == []        # an author's lesson is not the course's
    for target in (page, course, mine):
        assert target.evaluate("() => window.__csp") == []
    shot(page, output_path, "host")
    context.close()
    assert errors == []


def test_changing_the_language_mid_step_keeps_the_step_and_the_answer(page, site, console_errors):
    lesson = LONGYAN[2]
    n = next(n for n, s in enumerate(lesson["steps"], 1) if s.get("goal") == "ready")
    page.goto(site.url + f"learn.html#rules=longyan&lesson=3&step={n}&lang=en")
    page.wait_for_function("() => window.learn && true")
    page.evaluate("window.learn.ready")
    page.wait_for_selector("#hand button:not([disabled])")
    right, _ = answers(lesson, n)
    page.click(f"#lesson button[data-action='{right['action']}']")
    page.wait_for_selector("#feedback [data-right='true']")
    page.select_option("#lang", "zh-Hans")
    page.wait_for_function("() => document.getElementById('feedback').innerText.includes('答对了')")
    state = page.evaluate("window.learn.state()")
    assert state["step"] == n and state["verdict"]["right"] and state["lang"] == "zh-Hans"
    assert page.inner_text("#text").startswith("打一张牌") and f"第 {n} 步" in page.inner_text("#counter")
    assert "lang=zh-Hans" in page.url and f"step={n}" in page.url
    assert console_errors == []


def test_one_step_alone_and_a_lesson_from_a_file(page, site, console_errors, tmp_path):
    page.goto(site.url + "learn.html#rules=longyan&lesson=4&step=3&single=1&lang=en")
    page.wait_for_function("() => window.learn && true")
    page.evaluate("window.learn.ready")
    page.click("#choices button[data-choice='0']")
    page.wait_for_selector("#feedback [data-right='true']")
    state = page.evaluate("window.learn.state()")
    assert state["single"] and state["step"] == 3 and not state["finished"]
    assert page.locator("#next").is_hidden() and page.locator("#index").is_hidden()
    # the course index's file button: a good lesson opens, a bad one is said and the index stays
    page.goto(site.url + "learn.html#lang=zh-Hant")
    page.wait_for_selector("#open-file")
    assert page.inner_text("#open-file") == "打開課程檔案"
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    page.set_input_files("#lesson-file", str(bad))
    page.wait_for_selector("#notice:not([hidden])")
    assert page.inner_text("#notice").startswith("這個檔案不是課程") and page.locator("#course li").count() > 0
    good = tmp_path / "good.json"
    good.write_text(json.dumps(AUTHORS), encoding="utf-8")
    page.set_input_files("#lesson-file", str(good))
    page.wait_for_function("() => window.learn.state().id === 'my-gold-lesson'")
    assert "來自檔案的課程" in page.inner_text("#counter")
    assert console_errors == []


# Each small tile row in the lesson's text followed by a closing mark (，。；：、）！？) whose first
# mark begins a line of its own: {text, row: [top, bottom], mark: [left, top, bottom]}.
STRANDED_MARKS = """() => {
    const out = [];
    for (const row of document.querySelectorAll('#lesson .tiles')) {
        const next = row.nextSibling;
        if (!next || next.nodeType !== Node.TEXT_NODE || !/^[，。；：、）！？,.;:)!?]/.test(next.textContent)) continue;
        const range = document.createRange();
        range.setStart(next, 0);
        range.setEnd(next, 1);
        const mark = range.getBoundingClientRect(), box = row.getBoundingClientRect();
        if (mark.top >= box.bottom - 2) out.push({text: next.textContent.slice(0, 12), row: [box.top, box.bottom], mark: [mark.left, mark.top, mark.bottom]});
    }
    return out;
}"""


def test_no_line_of_a_lesson_begins_with_a_mark_torn_from_its_tiles(browser, site, output_path):
    """On a 390 px phone a Chinese lesson's "如 [123m]；或…" once broke after the tiles and began
    the next line with the semicolon, which Chinese never does: a tile row keeps the mark after it."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    found = []
    try:
        for lang in ("zh-Hans", "zh-Hant"):
            for rules in ("xinyu", "longyan"):
                course = json.loads((LESSONS / f"{rules}.json").read_text(encoding="utf-8"))["lessons"]
                for number, lesson in enumerate(course, 1):
                    for step in range(1, len(lesson["steps"]) + 1):
                        page.goto(site.url + f"learn.html#rules={rules}&lesson={number}&step={step}&lang={lang}")
                        page.wait_for_function("([id, n]) => window.learn && window.learn.state().id === id && window.learn.state().step === n",
                                               arg=[lesson["id"], step], timeout=90_000)
                        for where in page.evaluate(STRANDED_MARKS):
                            found.append((lang, lesson["id"], step, where))
                            shot(page, output_path, f"{lesson['id']}-{step}-{lang}")
    finally:
        context.close()
    assert found == []


def test_a_lessons_win_button_says_what_the_games_says(page, site, console_errors):
    """A lesson's table names its actions as the game's does: its win button read 現在和 ("win now")
    where the game's says 胡, and a learner met a word the table never uses."""
    game = json.loads((LESSONS.parent / "i18n" / "zh-Hant.json").read_text(encoding="utf-8"))
    page.goto(site.url + "learn.html#rules=longyan&lesson=7&step=3&lang=zh-Hant")
    page.wait_for_function("() => window.learn && window.learn.state().id === 'longyan-7' && window.learn.state().step === 3",
                           timeout=90_000)
    page.wait_for_selector("#lesson button[data-action='win']")
    assert page.inner_text("#lesson button[data-action='win']") == game["action"]["win"] == "胡"
    assert page.inner_text("#lesson button[data-action='pass']") == game["action"]["pass"]
    assert console_errors == []


@pytest.mark.parametrize("lesson,shown", [(2, False), (3, False), (5, True)])
def test_a_lesson_shows_the_gold_only_once_the_course_has_taught_it(page, site, console_errors, lesson, shown):
    """Every Longyan position has a gold: lessons 2 and 3 once showed "Gold: 6 Bamboo" beside the
    hand two lessons before lesson 4 explains it (issue 48); from lesson 5 on it is shown."""
    steps = LONGYAN[lesson - 1]["steps"]
    n = next(n for n, s in enumerate(steps, 1) if "position" in s)
    page.goto(site.url + f"learn.html#rules=longyan&lesson={lesson}&step={n}&lang=en")
    page.wait_for_function("() => window.learn && true")
    page.evaluate("window.learn.ready")
    page.wait_for_selector("#hand button")
    text = page.inner_text("#hand")
    assert ("Gold" in text) == shown, text
    assert console_errors == []
