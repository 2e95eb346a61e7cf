"""No stored or linked data can stop a page (issue 33, findings 6-9, 12): stored settings of the
wrong shape, a replay with impossible match facts or parts too large to send, an analyzer link
with an option of Object.prototype's, a puzzle link's note of any shape or a puzzle number past the
set. Each page loads once and takes many cases: a table or a message, never a dead page, and every
message bounded."""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from pagehelp import TABLE_UP, base64url, idle, open_game, shot
from py_engine import Game, bots
from py_engine.record import replay

ROOT = Path(__file__).resolve().parents[2]
SHOWN = "() => window.mahjong.replay && window.mahjong.replay.shown.then(() => true)"


def words(lang: str) -> dict[str, Any]:
    return json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))


def bot_replay(hands: int = 2, seed: int = 5) -> dict[str, Any]:
    """A replay of `hands` hands the normal bots played."""
    records = []
    scores = None
    for number in range(hands):
        game = Game.new("xinyu", seed=seed * 1000 + number, **({"scores": scores} if scores else {}))
        game.hand_number = number
        while not game.is_over:
            seat = game.waiting_for[0]
            game.apply(seat, bots.choose(game, seat, "normal"))
        records.append(replay.hand_record(game, number))
        scores = game.result["scores"]
    return replay.export("xinyu", Game.new("xinyu", seed=1).options,
                         {"hands": hands, "seed": seed, "human": 0, "level": "normal", "autoplay": False}, records)


def test_stored_settings_of_the_wrong_shape_are_reset_in_one_line_and_the_game_deals(page, site, console_errors, output_path):
    """Finding 6: {"options": {"xinyu": "str"}} stored: the game never dealt, on every visit."""
    zh = words("zh-Hant")
    page.add_init_script("""(() => { if (sessionStorage.getItem('test.stored')) return; sessionStorage.setItem('test.stored', '1');
        localStorage.setItem('mahjong.settings', JSON.stringify({options: {xinyu: 'str'}, hands: 999, level: ['hard'], lang: 'zh-Hant'}));
        localStorage.setItem('mahjong.history', '[{"format": "mahjong-replay", "hands": 5}, 7, null]');
        localStorage.setItem('mahjong.daily', '"20260101"'); })()""")
    open_game(page, site, "speed=instant")
    page.wait_for_selector("#banner[data-kind=notice]")
    text = page.text_content("#banner")
    names = zh["alt"]["sep"].join([zh["settings"]["rules"], zh["settings"]["hands"], zh["settings"]["level"]])
    assert zh["settings"]["reset"].format(names=names) in text, text
    shot(page, output_path, "settings-reset")
    s = idle(page)
    assert s["human"] or not s["over"]
    stored = json.loads(page.evaluate("() => localStorage.getItem('mahjong.settings')"))
    assert stored == {"options": {}, "lang": "zh-Hant"}               # reset for good: said once
    page.reload()
    page.wait_for_function(TABLE_UP, timeout=90_000)
    assert page.is_hidden("#banner")
    assert console_errors == []


def test_replays_the_viewer_cannot_open_are_said_naming_what_and_the_next_opens(page, site, console_errors, output_path, tmp_path):
    """Finding 7: a replay whose match.human is 7, -1 or true drew no frame ("The engine failed: seat
    must be a seat 0-3"), buttons dead. Finding 9: a replay too big or deep was "The engine failed:
    request not sent: 5003690 characters is over the limit", naming no hand; a 200 KB engine string
    made a 200,211-character notice."""
    good = bot_replay()
    page.goto(f"{site.url}replay.html?lang=en")
    page.wait_for_function(SHOWN, timeout=90_000)
    page.wait_for_function("() => !document.getElementById('rp-open').disabled")

    def open_file(name: str, data: Any) -> str:
        opened = page.evaluate("() => window.mahjong.replay.opened()")
        notice = page.evaluate("() => window.mahjong.replay.notice()")
        page.set_input_files("#rp-file", files=[{"name": f"{name}.json", "mimeType": "application/json",
                                                 "buffer": json.dumps(data).encode()}])
        page.wait_for_function("([n, before]) => window.mahjong.replay.opened() > n || window.mahjong.replay.notice() !== before",
                               arg=[opened, notice], timeout=60_000)
        page.wait_for_timeout(100)
        return page.evaluate("() => window.mahjong.replay.notice()")

    for human in (7, -1, True):
        bad = copy.deepcopy(good)
        bad["match"]["human"] = human
        message = open_file(f"human-{human}", bad)
        assert message.startswith("This replay is damaged") and "human" in message, message
        assert "engine failed" not in message
        open_file("good", good)                                 # and the next replay opens, every button alive
        assert page.evaluate("() => window.mahjong.replay.notice()") == ""
        assert page.is_enabled("#rp-forward") and page.evaluate("() => !!window.mahjong.state()")

    big = copy.deepcopy(good)
    big["hands"][1]["position"]["padding"] = "x" * 5_000_000
    message = open_file("big", big)
    assert "hand 2" in message and "engine failed" not in message and len(message) <= 400, message
    deep = copy.deepcopy(good)
    value: Any = 0
    for _ in range(40):
        value = [value]
    deep["hands"][0]["position"]["padding"] = value
    message = open_file("deep", deep)
    assert "hand 1" in message and "nested" in message and "engine failed" not in message, message
    long_engine = {**copy.deepcopy(good), "engine": "e" * 200_000}      # another engine's, stopping at hand 2
    long_engine["hands"][1]["actions"][3][1] = "discard 9z"
    message = open_file("engine", long_engine)
    assert message.startswith("This replay is from another version") and len(message) <= 400, len(message)
    shot(page, output_path, "bounded-notice")
    assert console_errors == []


def test_an_analyzer_link_with_a_prototype_option_is_reported_and_the_next_hand_analyzed(page, site, console_errors):
    """Finding 8: `o.constructor=` (toString, hasOwnProperty) refused every later hand "Bad option",
    and the hash kept it. Finding 9: a hand too long was "The engine could not start: request not sent"."""
    en = words("en")["analyzer"]
    page.goto(site.url + "analyze.html#v=xinyu&h=123m&o.constructor=1&o.toString=x&lang=en")
    page.wait_for_function("() => window.analyzer && true")
    page.evaluate("window.analyzer.ready")
    assert "o.constructor=1" in page.text_content("#notice")
    page.evaluate("(t) => window.analyzer.edit(t, {full: true})", "11223344556677m")
    assert page.text_content("#result .verdict") == "This hand wins"
    assert page.is_hidden("#hand-error")
    assert page.evaluate("() => window.analyzer.model().options") == {}
    page.wait_for_function("() => !location.hash.includes('constructor')")
    page.evaluate("(t) => window.analyzer.edit(t)", "1m" * 2_500_000)
    error = page.text_content("#hand-error")
    assert error == en["tooLong"].format(n=5_000_000, limit=300), error
    assert "engine" not in page.text_content("#status")
    page.evaluate("(t) => window.analyzer.edit(t, {full: true})", "11223344556677m")
    assert page.text_content("#result .verdict") == "This hand wins"
    assert console_errors == []


def test_a_puzzle_link_shows_its_note_as_written_and_a_number_past_the_set_is_said(page, site, console_errors):
    """Finding 12: a puzzle note given as a plain string showed empty, as an object "[object Object]";
    `n=999` opened puzzle 1 with no word."""
    en = words("en")["puzzle"]
    position = json.loads((ROOT / "web" / "puzzles" / "xinyu.json").read_text("utf-8"))["puzzles"][0]["position"]
    for note, shown in (("Keep the pairs.", "Keep the pairs."), ({"en": {"x": 1}, "fr": "Gardez"}, "Gardez"),
                        ({"en": ["x"]}, en["title"]), (7, en["title"])):
        page.goto("about:blank")
        page.goto(site.url + "puzzle.html#p=" + base64url({"position": position, "note": note}) + "&lang=en")
        page.wait_for_function("() => window.puzzles && true")
        page.evaluate("window.puzzles.ready")
        assert page.text_content("#note") == shown, note
    page.goto("about:blank")
    page.goto(site.url + "puzzle.html#set=xinyu&n=999&lang=en")
    page.wait_for_function("() => window.puzzles && true")
    page.evaluate("window.puzzles.ready")
    said = en["broken"].format(why=en["why.past"].format(n=999, total=14))  # the broken-link sentence (issue 37)
    assert page.text_content("#notice") == said
    assert page.evaluate("window.puzzles.current().id") == "xinyu-01"
    assert console_errors == []
