"""A newcomer's way in (issue 34), in Chromium on a 390x844 touch phone: the game offers "Learn in 5
minutes" beside "Play"; the reader takes it, finishes the first three Longyan lessons by taps (the
right answers from the engine, as a reader would find them), is offered a hand at the end of lesson
3, plays it by taps to its end with no clock, and the settlement says why it was won or lost. Then
the game's toolbar opens the course again, with the three lessons marked finished, and the offer
is not made a second time. Every step is a screenshot under test-results/."""
from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from pagehelp import HAND_TILES, discard_and_keep, idle, phone_visit, shot
from py_engine.teach.lessons import judge, moment_of

LESSONS = Path(__file__).resolve().parents[2] / "web" / "lessons"
LONGYAN = json.loads((LESSONS / "longyan.json").read_text(encoding="utf-8"))["lessons"]
XINYU = json.loads((LESSONS / "xinyu.json").read_text(encoding="utf-8"))["lessons"]
TO_MOVE = "() => window.mahjong.state().human_to_move && !window.mahjong.state().is_over"
CLOCK = "() => window.mahjong._view.timer ? window.mahjong._view.timer.total : 0"


def right_answer(lesson: dict, n: int) -> str:
    """The selector of the button that gives step n's right answer."""
    step = lesson["steps"][n - 1]
    if "question" in step:
        return f"#choices button[data-choice='{step['question']['answer']}']"
    game, seat = moment_of(step)
    action = next(a for a in game.legal_actions(seat) if judge(lesson, n, a)["right"])
    return f"#lesson button[data-action='{action}']"


def take_lesson(page, output_path: str, number: int, course: list | None = None) -> None:
    lesson = (course or LONGYAN)[number - 1]
    page.wait_for_function("(id) => window.learn && window.learn.state().id === id", arg=lesson["id"], timeout=90_000)
    for n, step in enumerate(lesson["steps"], 1):
        page.wait_for_function("(n) => window.learn.state().step === n", arg=n)
        if "question" not in step and "position" not in step:
            page.wait_for_selector("#next:not([hidden])")
            shot(page, output_path, f"lesson{number}-step{n}")
            page.tap("#next")
            continue
        page.wait_for_selector("#choices button:not([disabled]), #hand button:not([disabled])")
        page.tap(right_answer(lesson, n))
        page.wait_for_selector("#feedback [data-right='true']")
        assert page.get_attribute("#feedback .rule", "data-rule")  # the rule is named
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        shot(page, output_path, f"lesson{number}-step{n}")
        if n < len(lesson["steps"]):
            page.tap("#next")
    page.wait_for_selector("#feedback .finished")
    page.wait_for_selector("#play")
    shot(page, output_path, f"lesson{number}-finished")


def test_a_newcomer_learns_three_longyan_lessons_then_plays_a_hand(browser, site, output_path):
    context, page, errors = phone_visit(browser, scale=2)

    # a tutorial's link to the Longyan game: nothing kept in this browser yet
    page.goto(site.url + "?variant=longyan&lang=en")
    page.wait_for_selector("#welcome-learn-longyan")
    assert page.inner_text("#welcome-play-longyan") == "Play"
    assert "Longyan" in page.inner_text("#welcome")
    shot(page, output_path, "offer")
    page.tap("#welcome-learn-longyan")

    page.wait_for_url("**/learn.html#*")
    assert parse_qs(urlparse(page.url).fragment)["rules"] == ["longyan"]
    page.wait_for_function("() => window.learn && true")
    page.evaluate("window.learn.ready")
    for number in (1, 2, 3):
        take_lesson(page, output_path, number)
        if number < 3:
            page.tap("#next-lesson")
    assert page.evaluate("window.learn.state().stored") == ["longyan-1", "longyan-2", "longyan-3"]
    assert "Longyan" in page.inner_text("#feedback")   # "Ready for a real hand? Play the Longyan … rules"

    # the offered hand: the game with the lesson's rule set
    href = page.get_attribute("#play", "href")
    assert parse_qs(urlparse(href).query)["variant"] == ["longyan"]
    page.tap("#play")
    page.wait_for_function("() => !!(window.mahjong && window.mahjong.state && window.mahjong.state())", timeout=90_000)
    assert page.evaluate("window.mahjong.state().variant") == "longyan"
    assert page.locator("#welcome").count() == 0            # the offer was answered: not made again
    turns = 0
    while not (s := idle(page))["over"]:
        assert page.evaluate(CLOCK) == 0, "a clock runs in a newcomer's first match"
        legal = s["legal"]
        if "win" in legal:
            page.tap('#actions button[data-action="win"]')
        elif "pass" in legal:
            page.tap('#actions button[data-action="pass"]')
        else:
            tiles = page.evaluate(HAND_TILES)
            index = max(i for i, t in enumerate(tiles) if f"discard {t['code']}" in legal)
            # the first tap selects (or, on the tile already selected, discards): wait for it to
            # be handled before the second, which would otherwise race it on a loaded machine
            already = page.evaluate("() => window.mahjong._view.ui.selected") == index
            page.touchscreen.tap(tiles[index]["x"], tiles[index]["y"])
            page.wait_for_function(f"(i) => window.mahjong._view.ui.selected === i || !({TO_MOVE})()", arg=index)
            if not already and page.evaluate(TO_MOVE):
                tile = page.evaluate(HAND_TILES)[index]
                page.touchscreen.tap(tile["x"], tile["y"])
            page.wait_for_function(f"() => !({TO_MOVE})()", timeout=60_000)
        if turns < 3:
            shot(page, output_path, f"hand-turn{turns + 1}")
        turns += 1
        assert turns < 150
    page.wait_for_selector("#settle", timeout=30_000)
    result = page.evaluate("window.mahjong.state().result")
    text = page.inner_text("#settle")
    shot(page, output_path, "settlement")
    en = json.loads((LESSONS.parent / "i18n" / "en.json").read_text(encoding="utf-8"))
    if result["winners"]:   # why it was won: its category (and who paid what, below it)
        assert en["category"][result["wins"][0]["category"]] in text, text
    else:
        assert en["settle"]["drawn"] in text, text

    # the toolbar's entry opens the course, the three lessons marked
    page.tap("#settle-peek")
    page.tap("#tb-learn")
    page.wait_for_url("**/learn.html#*")
    page.wait_for_function("() => window.learn && true")
    page.evaluate("window.learn.ready")
    page.tap("#index")
    page.wait_for_selector("#course li[data-id] .done")
    assert page.locator("#course li[data-id] .done").count() == 3
    shot(page, output_path, "course")
    context.close()
    assert errors == []


def test_a_match_left_for_a_lesson_is_offered_again_in_the_readers_language(browser, site, output_path):
    """A player in the middle of a match opens the lessons from the toolbar, finishes one and takes
    its "Play" link: the match they left is offered (that link once started a new match and offered
    nothing, the match kept out of sight); the course's own way back to the game keeps the reader's
    language (it once opened the game in the browser's)."""
    context, page, errors = phone_visit(browser, scale=2, locale="en-US")
    page.goto(site.url + "?lang=zh-Hant")
    page.tap("#welcome-play-xinyu", timeout=90_000)
    moves = discard_and_keep(page, 2)

    page.tap("#tb-learn")
    page.wait_for_url("**/learn.html#*")
    page.wait_for_function("() => window.learn && true")
    page.evaluate("window.learn.ready")
    take_lesson(page, output_path, 1, XINYU)
    page.tap("#play")
    page.wait_for_selector("#resume-continue", timeout=90_000)   # the match left, offered
    shot(page, output_path, "offered-again")
    page.tap("#resume-continue")
    page.wait_for_function("(n) => window.mahjong.state && window.mahjong.state() && window.mahjong.state().history_length === n",
                           arg=moves, timeout=90_000)
    assert page.evaluate("document.documentElement.lang") == "zh-Hant"

    page.tap("#tb-learn")                                           # and back by the course's own link
    page.wait_for_url("**/learn.html#*")
    page.wait_for_function("() => window.learn && true")
    page.evaluate("window.learn.ready")
    page.tap("#index")
    page.tap("#to-game")
    page.wait_for_selector("#resume-continue", timeout=90_000)
    assert page.evaluate("document.documentElement.lang") == "zh-Hant"
    assert "繼續" in page.inner_text("#resume-continue")
    shot(page, output_path, "back-from-the-course")
    context.close()
    assert errors == []
