"""Every link form checked where it is read, and followed as a fresh link (issue 44 findings 5, 6,
9 and 10): a lesson link's step is a whole step of the lesson or said not to be (it opened "Step
1.5 of 4" and never started); a lesson is accepted only if the requests it will cause fit the
engine's size limit, and one too large or too deep is called so; the analyzer names a `dealer` it
cannot read; the analyzer, the puzzles and the replay viewer follow a changed hash and back /
forward as a fresh link, as the lessons do."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pagehelp import base64url, idle, open_game

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 256 * 1024   # engine.js LIMITS.bytes


def words(area: str, lang: str = "en") -> dict[str, Any]:
    return json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))[area]


def lesson(rules: str, n: int) -> dict[str, Any]:
    return json.loads((ROOT / "web" / "lessons" / f"{rules}.json").read_text("utf-8"))["lessons"][n - 1]


def open_learn(page, site, hash_: str) -> None:
    page.goto(site.url + "learn.html#" + hash_)
    page.wait_for_function("() => window.learn && true", timeout=90_000)
    page.evaluate("window.learn.ready")


def step_up(page) -> None:
    """The step on show is drawn: no "Starting the engine…", no "Analyzing…" left."""
    page.wait_for_function("() => document.getElementById('status').textContent === '' && document.getElementById('text').textContent !== ''", timeout=60_000)


@pytest.mark.parametrize("link", ["rules=longyan&lesson=3&step=1.5", "rules=longyan&lesson=3&step=2.5&single=1",
                                  "rules=xinyu&lesson=2&step=0", "rules=xinyu&lesson=2&step=99&single=1", "l={custom}&step=1.5"])
def test_a_lesson_link_whose_step_is_not_a_step_opens_the_lesson_at_its_first_and_says_so(page, site, console_errors, link):
    if "{custom}" in link:
        link = link.replace("{custom}", base64url(lesson("xinyu", 3)))
    open_learn(page, site, link + "&lang=en")
    step_up(page)
    s = page.evaluate("window.learn.state()")
    assert s["step"] == 1 and s["single"] is False and s["steps"] >= 2
    total = s["steps"]
    assert page.inner_text("#counter").endswith(words("learn")["step"].format(n=1, total=total))
    given = link.split("step=")[1].split("&")[0]
    assert given in page.inner_text("#notice")                              # said, naming the step as written
    assert page.inner_text("#notice") == words("learn")["badStep"].format(step=given, total=total)
    assert page.is_visible("#index")                                       # a way on: the lesson, whole
    assert console_errors == []


def padded(lesson_: dict[str, Any], size: int) -> dict[str, Any]:
    """`lesson_` with its first step's English text padded until its JSON is `size` characters."""
    out = json.loads(json.dumps(lesson_))
    out["steps"][0]["text"]["en"] += " "
    extra = size - len(json.dumps(out, separators=(",", ":"), ensure_ascii=False))
    out["steps"][0]["text"]["en"] += "x" * extra
    assert len(json.dumps(out, separators=(",", ":"), ensure_ascii=False)) == size
    return out


def test_a_lesson_whose_later_requests_would_be_too_large_is_called_too_large(page, site, console_errors):
    # its check fits (the lesson and ~45 characters); its steps' requests would not
    big = padded(lesson("xinyu", 3), LIMIT - 50)
    open_learn(page, site, "l=" + base64url(big) + "&lang=en")
    page.wait_for_selector(".problems li")
    item = page.locator(".problems li")
    assert item.count() == 1 and item.get_attribute("data-code") == "size"
    assert "too large" in item.inner_text() and "KB" in item.inner_text()
    assert console_errors == []


def test_a_lesson_too_deep_is_called_too_deep(page, site, console_errors):
    deep: Any = "x"
    for _ in range(40):
        deep = [deep]
    bad = lesson("xinyu", 3)
    bad["steps"][0]["extra"] = deep
    open_learn(page, site, "l=" + base64url(bad) + "&lang=zh-Hans")
    page.wait_for_selector(".problems li")
    item = page.locator(".problems li")
    assert item.get_attribute("data-code") == "depth"
    assert item.inner_text() == words("learn", "zh-Hans")["atLesson"].format(problem=words("learn", "zh-Hans")["problem.depth"].format(depth=30))
    assert console_errors == []


def test_the_analyzer_names_a_dealer_it_cannot_read_and_follows_a_changed_hash(page, site, console_errors):
    page.goto(site.url + "analyze.html#v=xinyu&h=11223344556677m&dealer=maybe&lang=en")
    page.wait_for_function("() => window.analyzer && true")
    page.evaluate("window.analyzer.ready")
    assert "dealer=maybe" in page.inner_text("#notice")
    assert page.evaluate("window.analyzer.model()")["dealer"] is False
    page.wait_for_selector("#result table")
    # a second link in the same tab (a tutorial's links into one named window): its hand, fresh
    page.evaluate("() => { location.hash = '#v=longyan&h=123456789m1122p&dealer=1&lang=en'; }")
    page.wait_for_function("() => window.analyzer.model().text === '123456789m1122p'")
    m = page.evaluate("window.analyzer.model()")
    assert m["variant"] == "longyan" and m["dealer"] is True
    assert page.input_value("#hand") == "123456789m1122p"
    assert page.inner_text("#notice") == ""                                # the first link's notice is gone
    page.go_back()
    page.wait_for_function("() => window.analyzer.model().text === '11223344556677m'")
    assert page.evaluate("window.analyzer.model()")["variant"] == "xinyu"
    page.go_forward()
    page.wait_for_function("() => window.analyzer.model().text === '123456789m1122p'")
    assert console_errors == []


def test_the_puzzles_follow_a_changed_hash(page, site, console_errors):
    page.goto(site.url + "puzzle.html#set=xinyu&n=1&lang=en")
    page.wait_for_function("() => window.puzzles && true")
    page.evaluate("window.puzzles.ready")
    assert page.evaluate("window.puzzles.current().id") == "xinyu-01"
    page.evaluate("() => { location.hash = '#set=longyan&n=2&lang=en'; }")
    page.wait_for_function("() => window.puzzles.current().id === 'longyan-02' && !!document.querySelector('#choices button')")
    page.evaluate("() => { location.hash = '#set=nowhere&lang=en'; }")     # a broken link shows no puzzle at all
    page.wait_for_function("() => document.getElementById('notice').textContent.includes('nowhere')")
    assert page.inner_text("#hand") == "" and page.locator("#choices button").count() == 0
    page.go_back()
    page.wait_for_function("() => window.puzzles.current().id === 'longyan-02' && !!document.querySelector('#choices button')")
    assert page.inner_text("#notice") == ""
    page.go_back()
    page.wait_for_function("() => window.puzzles.current().id === 'xinyu-01' && !!document.querySelector('#choices button')")
    assert console_errors == []


def test_the_replay_viewer_follows_a_changed_hash(page, site, console_errors):
    open_game(page, site, "lang=en&speed=instant&variant=xinyu&seed=5")
    for _ in range(3):
        s = idle(page)
        page.evaluate("(a) => window.mahjong.act(a)", next(a for a in s["legal"] if a.startswith("discard ")))
    idle(page)
    links = page.evaluate("""async () => { const save = (await window.mahjong._call('save')).save;
      const io = await import('./replayio.js');
      return [await io.replayLink(save, {hand: 0, step: 3}), await io.replayLink(save, {hand: 0, step: 6})]; }""")
    page.evaluate("() => localStorage.clear()")
    page.goto(site.url + "replay.html?lang=en")
    page.wait_for_function("() => window.mahjong && window.mahjong.replay && window.mahjong.replay.shown.then(() => true)", timeout=90_000)
    assert page.evaluate("window.mahjong.replay.notice()") == words("replay")["none"]
    first, second = ("#" + link.split("#", 1)[1] for link in links)
    page.evaluate("(h) => { location.hash = h; }", first)
    page.wait_for_function("() => window.mahjong.replay.opened() === 1 && window.mahjong.replay.where().step === 3")
    assert page.evaluate("window.mahjong.replay.notice()") == ""
    page.evaluate("(h) => { location.hash = h; }", second)
    page.wait_for_function("() => window.mahjong.replay.opened() === 2 && window.mahjong.replay.where().step === 6")
    page.go_back()
    page.wait_for_function("() => window.mahjong.replay.opened() === 3 && window.mahjong.replay.where().step === 3")
    page.evaluate("() => { location.hash = '#r=not-a-replay&hand=0'; }")
    page.wait_for_function("() => window.mahjong.replay.notice() !== ''")
    assert page.evaluate("window.mahjong.replay.summary()") is None      # nothing of the one before stays
    assert console_errors == []
