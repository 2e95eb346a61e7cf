"""learn.html (issue 34) in Chromium: a Longyan lesson done by taps on a 390x844 phone, wrong and
right answers judged by the engine and the rule named, the lesson marked finished in the course
index; an author's lesson from a link with a bad step reported in the reader's language, naming
the step. One page load per scenario."""
from __future__ import annotations

import json
from pathlib import Path

from pagehelp import base64url, shot
from py_engine.lessons import judge, moment_of

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
