"""The lessons (issue 34): the project's courses (web/lessons/<rules>.json) against the engine, and
the engine's check of an author's lesson, which names each bad step."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from py_engine import bridge
from py_engine.lessons import GOAL_RULES, RULE_CODES, check, judge, moment, moment_of

LESSONS = Path(__file__).resolve().parents[2] / "web" / "lessons"
COURSES = {v: json.loads((LESSONS / f"{v}.json").read_text(encoding="utf-8")) for v in ("xinyu", "longyan")}
ALL = [lesson for course in COURSES.values() for lesson in course["lessons"]]
LANGS = {"en", "zh-Hans", "zh-Hant"}


def texts(lesson):
    yield lesson["title"]
    for step in lesson["steps"]:
        yield step["text"]
        yield from step.get("feedback", {}).values()
        yield from step.get("question", {}).get("choices", [])


@pytest.mark.parametrize("rules", sorted(COURSES))
def test_each_course_is_of_its_rule_set_with_unique_ids(rules):
    lessons = COURSES[rules]["lessons"]
    assert COURSES[rules]["rules"] == rules and len(lessons) >= 4
    assert [lesson["id"] for lesson in lessons] == [f"{rules}-{n}" for n in range(1, len(lessons) + 1)]
    assert all(lesson["rules"] == rules for lesson in lessons)


@pytest.mark.parametrize("lesson", ALL, ids=[lesson["id"] for lesson in ALL])
def test_every_lesson_is_good_and_in_three_languages(lesson):
    assert check(lesson) == []
    assert all(set(text) == LANGS for text in texts(lesson))
    # every lesson makes the reader do something, and names the rule it teaches
    acting = [s for s in lesson["steps"] if "position" in s or "question" in s]
    assert acting and all(s.get("rule") in RULE_CODES or s.get("goal") in GOAL_RULES for s in acting)


@pytest.mark.parametrize("lesson", ALL, ids=[lesson["id"] for lesson in ALL])
def test_the_engines_verdict_is_the_one_the_text_promises(lesson):
    """Right answers are judged right and every other answer wrong, each naming the step's rule."""
    for n, step in enumerate(lesson["steps"], 1):
        rule = step.get("rule") or GOAL_RULES.get(step.get("goal"))
        if "question" in step:
            for i in range(len(step["question"]["choices"])):
                assert judge(lesson, n, i) == {"right": i == step["question"]["answer"], "rule": rule}
        elif "position" in step:
            game, seat = moment_of(step)
            legal = game.legal_actions(seat)
            assert moment(lesson, n)["actions"] == legal
            verdicts = {a: judge(lesson, n, a) for a in legal}
            assert all(v["rule"] == rule for v in verdicts.values())
            right = {a for a, v in verdicts.items() if v["right"]}
            if "expect" in step:
                expect = step["expect"]
                assert right == set([expect] if isinstance(expect, str) else expect)
            assert right and len(right) < len(legal), (n, "a step where every answer is right teaches nothing")


def test_a_ready_goal_says_how_far_a_wrong_discard_leaves_the_hand():
    lesson = next(lesson for lesson in ALL if lesson["id"] == "xinyu-3")
    n = next(n for n, s in enumerate(lesson["steps"], 1) if s.get("goal") == "ready")
    assert judge(lesson, n, "discard 9m") == {"right": True, "rule": "ready", "shanten": 0}
    assert judge(lesson, n, "discard 1z") == {"right": False, "rule": "ready", "shanten": 1}


def _authors_lesson():
    good = COURSES["longyan"]["lessons"][1]
    return json.loads(json.dumps(good))


def test_an_expected_action_that_is_not_legal_is_reported_naming_the_step():
    lesson = _authors_lesson()
    n = next(n for n, s in enumerate(lesson["steps"], 1) if "expect" in s)
    lesson["steps"][n - 1]["expect"] = "discard 5z"
    assert check(lesson) == [{"step": n, "code": "illegal", "action": "discard 5z"}]


def test_an_inconsistent_position_is_reported_naming_the_step():
    lesson = _authors_lesson()
    n = next(n for n, s in enumerate(lesson["steps"], 1) if "position" in s)
    lesson["steps"][n - 1]["position"]["hands"][0] = "11111m456p789s77z1s"
    [problem] = check(lesson)
    assert problem["step"] == n and problem["code"] == "position" and "1m" in problem["detail"]


def test_an_unreachable_goal_a_bad_question_and_unreadable_tiles_are_each_reported():
    lesson = _authors_lesson()
    lesson["steps"][0]["text"]["en"] = "A set is [12x]."
    lesson["steps"][1]["question"]["answer"] = 5
    lesson["steps"].append({"text": {"en": "Win"}, "goal": "win",
                            "position": {"variant": "longyan", "gold": "6s", "hands": ["123m456p789s77z11s9p", "", "", ""]}})
    lesson["steps"].append({"text": {"en": "?"}, "rule": "no_such_rule", "question": {"choices": [{"en": "a"}], "answer": 0}})
    assert check(lesson) == [
        {"step": 1, "code": "tiles", "field": "text", "tiles": "12x"},
        {"step": 2, "code": "answer"},
        {"step": 5, "code": "unreachable", "goal": "win"},
        {"step": 6, "code": "rule", "rule": "no_such_rule"},
        {"step": 6, "code": "choices", "max": 6},
    ]


def test_a_position_of_another_rule_set_and_a_step_of_no_kind():
    lesson = _authors_lesson()
    lesson["steps"][3]["position"]["variant"] = "xinyu"
    lesson["steps"][0]["goal"] = "win"
    assert check(lesson) == [{"step": 1, "code": "step", "detail": "goal, text"},
                             {"step": 4, "code": "position_rules", "rules": "longyan"}]
    assert check([]) == [{"step": None, "code": "lesson", "detail": "not an object"}]
    assert check({**lesson, "rules": "riichi"}) == [{"step": None, "code": "rules", "rules": "riichi"}]


def test_the_bridge_checks_steps_and_judges_answers():
    lesson = COURSES["longyan"]["lessons"][3]
    def call(method, **args):
        return json.loads(bridge.call(json.dumps({"method": method, "args": args})))
    assert call("lesson_check", lesson=lesson) == {"ok": True, "problems": []}
    n = next(n for n, s in enumerate(lesson["steps"], 1) if s.get("goal") == "win")
    assert "win" in call("lesson_step", lesson=lesson, step=n)["moment"]["actions"]
    assert call("lesson_judge", lesson=lesson, step=n, action="win")["verdict"] == {"right": True, "rule": "gold"}
    assert call("lesson_judge", lesson=lesson, step=n, action="pong")["kind"] == "invalid"
    assert call("lesson_judge", lesson=lesson, step=3, choice=1)["verdict"] == {"right": False, "rule": "gold"}
    assert call("lesson_step", lesson={"id": "x"}, step=1)["kind"] == "invalid"
