"""Issue 33's probe kept in Chromium: a seeded generator of what a browser keeps and a link carries.

Stored keys (saves, settings, history, the deal of the day; issue 15's old key continued), replay
files and links, URL parameters, analyzer hands and hashes, puzzle links, lesson links and their
steps, a parent's messages and a host page's embeds coming and going, each mutated at
random from a fixed seed, with script payloads among the values. Asserted for every case: the page
is left with a table or a message (never dead), nothing stored is deleted that was not set aside,
no payload runs, no message is over its bound, no error in the console. Each page loads once or
twice and takes many cases: about two hundred here; `python bench/fuzz.py --browser N` runs N
times as many from another seed (MAHJONG_FUZZ_ROUNDS, MAHJONG_FUZZ_SEED).
"""
from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any
from urllib.parse import quote

from fuzz_cases import paths, saved_match
from pagehelp import TABLE_OR_OFFER, TABLE_UP, base64url

SEED = int(os.environ.get("MAHJONG_FUZZ_SEED", "33"))
ROUNDS = int(os.environ.get("MAHJONG_FUZZ_ROUNDS", "1"))
PAYLOADS = ['<img src=x onerror="window.__pwned=1">', "javascript:window.__pwned=1", "</script><script>window.__pwned=1</script>",
            "{{constructor.constructor('window.__pwned=1')()}}", "constructor", "__proto__", "toString", "hasOwnProperty",
            "\u202e\u0000", "😀", "x" * 5000, ""]
MESSAGE_BOUND = 400        # characters: any notice line, banner line, error or reply
SHOWN = "() => window.mahjong.replay && window.mahjong.replay.shown.then(() => true)"


def junk(rng: random.Random, depth: int = 0) -> Any:
    """A JSON value of any shape: numbers at the edges, payload strings, small lists and objects."""
    roll = rng.random()
    if depth < 3 and roll < 0.15:
        return [junk(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    if depth < 3 and roll < 0.3:
        return {rng.choice(PAYLOADS[:8] + ["a", "en", "hands"]): junk(rng, depth + 1) for _ in range(rng.randint(0, 3))}
    return rng.choice([None, True, False, 0, -1, 7, 17, 999, 1.5, 10**13, 2**53 + 1, *PAYLOADS])


def mutate(rng: random.Random, value: Any, changes: int = 2) -> Any:
    """`value` (JSON) with some of its values deleted or replaced by junk."""
    value = json.loads(json.dumps(value))
    for _ in range(rng.randint(1, changes)):
        where = paths(value)[1:]
        if not where:
            break
        path = rng.choice(where)
        parent = value
        for k in path[:-1]:
            parent = parent[k]
        if isinstance(parent, dict) and rng.random() < 0.25:
            del parent[path[-1]]
        else:
            parent[path[-1]] = junk(rng)
    return value


def text_of(rng: random.Random, value: Any) -> str:
    """A value as stored text: JSON, now and then cut short or not JSON at all."""
    text = json.dumps(value)
    roll = rng.random()
    if roll < 0.1:
        return text[: rng.randint(0, len(text))]
    if roll < 0.15:
        return rng.choice(PAYLOADS)
    return text


def bounded(lines: list[str]) -> None:
    for line in lines:
        assert len(line) <= MESSAGE_BOUND, (len(line), line[:120])


def no_payload(target) -> None:
    assert target.evaluate("() => window.__pwned === undefined"), "a payload ran"


def test_stored_keys_at_random_leave_a_table_and_lose_nothing(page, site, console_errors):
    rng = random.Random(SEED)
    save = json.loads(saved_match("xinyu"))
    page.goto(site.url + "help.html")                          # the origin, to write its storage
    for round_ in range(3 * ROUNDS):
        stored: dict[str, str] = {}
        for i in range(4):                                      # kept matches, most of them broken
            record = {"kind": "mahjong-save", "link": "", "at": 1_700_000_000_000 + i, "behind": False, "save": save}
            stored[f"mahjong.match.fuzz{round_}x{i}"] = text_of(rng, mutate(rng, record, 3) if i else record)
        stored["mahjong.save"] = text_of(rng, mutate(rng, save, 3))
        stored["mahjong.settings"] = text_of(rng, mutate(rng, {"variant": "xinyu", "options": {"xinyu": {"timer": 0}},
                                                               "hands": 8, "level": "normal", "speed": "fast", "lang": "en"}, 4))
        stored["mahjong.history"] = text_of(rng, [mutate(rng, save), junk(rng)])
        stored["mahjong.daily"] = text_of(rng, mutate(rng, {"seed": 20260101, "hands": 4}))
        page.evaluate("(stored) => { localStorage.clear(); for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v); }", stored)
        page.goto(site.url + "?lang=en&speed=instant")
        page.wait_for_function(TABLE_OR_OFFER, timeout=90_000)
        if not page.evaluate(TABLE_UP):                          # offered: continue one now and then
            page.click("#resume-continue" if rng.random() < 0.5 else "#resume-new")
        page.wait_for_function(TABLE_UP, timeout=60_000)
        page.wait_for_timeout(300)
        lines = page.eval_on_selector_all("#banner p", "ps => ps.map(p => p.textContent)")
        bounded(lines)
        no_payload(page)
        # nothing deleted that was not set aside: every stored save is where it was, or aside
        now = page.evaluate("() => ({...localStorage})")
        kept = set(now.values())
        for key, text in stored.items():
            if key.startswith("mahjong.match.") or key == "mahjong.save":
                assert text in kept or key in now, (key, text[:80])
    assert console_errors == []


def test_replay_files_at_random_are_opened_or_said_and_the_viewer_runs(page, site, console_errors):
    rng = random.Random(SEED + 1)
    good = json.loads(saved_match("longyan"))
    page.goto(f"{site.url}replay.html?lang=en")
    page.wait_for_function(SHOWN, timeout=90_000)
    page.wait_for_function("() => !document.getElementById('rp-open').disabled")
    for i in range(40 * ROUNDS):
        data = mutate(rng, good, 3) if i % 8 else good
        before = page.evaluate("() => [window.mahjong.replay.opened(), window.mahjong.replay.notice()]")
        page.evaluate("() => document.getElementById('rp-notice').textContent = ''")  # each case says its own
        page.set_input_files("#rp-file", files=[{"name": f"case{i}.json", "mimeType": "application/json",
                                                 "buffer": text_of(rng, data).encode()}])
        page.wait_for_function("""(n) => window.mahjong.replay.opened() > n || window.mahjong.replay.notice() !== ''""",
                               arg=before[0], timeout=60_000)
        notice = page.evaluate("() => window.mahjong.replay.notice()")
        bounded([notice])
        if not notice:                                          # opened: a frame is drawn
            assert page.evaluate("() => !!window.mahjong.state()"), i
    no_payload(page)
    # a link: random bytes, and a deflate bomb, each said
    for hash_ in ("#r=" + base64url(junk(rng)), "#r=" + "eJzt" + "A" * 2000):
        page.goto("about:blank")
        page.goto(f"{site.url}replay.html?lang=en{hash_}")
        page.wait_for_function(SHOWN, timeout=90_000)
        notice = page.evaluate("() => window.mahjong.replay.notice()")
        assert notice and len(notice) <= MESSAGE_BOUND, notice[:120]
    assert console_errors == []


def test_url_parameters_at_random_are_applied_or_reported(page, site, console_errors):
    rng = random.Random(SEED + 2)
    names = ["variant", "seed", "hands", "level", "hints", "autoplay", "speed", "timer", "position", "origin", "lang", "daily", "x"]
    for _ in range(2 * ROUNDS):
        query = "&".join(f"{quote(rng.choice(names))}={quote(str(junk(rng)))}" for _ in range(6))
        page.goto("about:blank")
        page.goto(f"{site.url}?{query}&speed=instant&autoplay=0")
        page.wait_for_function(TABLE_OR_OFFER, timeout=90_000)
        if not page.evaluate(TABLE_UP):
            page.click("#resume-new")
        page.wait_for_function(TABLE_UP, timeout=60_000)
        bounded(page.eval_on_selector_all("#banner p", "ps => ps.map(p => p.textContent)"))
        no_payload(page)
    assert console_errors == []


def test_analyzer_hands_and_hashes_at_random_are_analyzed_or_said(page, site, console_errors):
    rng = random.Random(SEED + 3)
    alphabet = "123456789mpszf |,gold pong kong flowers concealed_kong 中發<>\"'&"
    hashes = [f"v={quote(str(junk(rng)))}&h=123m&o.{quote(str(junk(rng)))}={quote(str(junk(rng)))}&win={quote(str(junk(rng)))}"
              for _ in range(ROUNDS)]
    for hash_ in hashes + ["v=xinyu&lang=en"]:
        page.goto("about:blank")
        page.goto(f"{site.url}analyze.html#{hash_}&lang=en")
        page.wait_for_function("() => window.analyzer && true")
        page.evaluate("window.analyzer.ready")
        bounded([page.text_content("#notice") or ""])
        no_payload(page)
    for i in range(50 * ROUNDS):
        text = "".join(rng.choice(alphabet) for _ in range(rng.choice([3, 14, 20, 40, 400])))
        if i % 10 == 0:
            text = rng.choice(PAYLOADS)
        page.evaluate("(t) => window.analyzer.edit(t)", text)
        bounded([page.text_content("#status") or "", page.text_content("#hand-error") or ""])
    page.evaluate("(t) => window.analyzer.edit(t, {full: true})", "11223344556677m")
    assert page.text_content("#result .verdict") == "This hand wins"        # and it still analyzes
    no_payload(page)
    assert console_errors == []


def test_puzzle_links_at_random_show_a_puzzle_or_say_why(page, site, console_errors):
    rng = random.Random(SEED + 4)
    position = json.loads(saved_match("xinyu"))["hands"][0]["position"]
    position = {**position, "variant": "xinyu"}
    for _ in range(2 * ROUNDS):
        link = base64url({"position": mutate(rng, position, 1), "note": junk(rng)})
        page.goto("about:blank")
        page.goto(f"{site.url}puzzle.html#p={link}&lang=en")
        page.wait_for_function("() => window.puzzles && true")
        page.evaluate("window.puzzles.ready")
        # a puzzle is on show, or the notice says why not (a broken author's link opens no other
        # puzzle in its place: issue 37)
        shown = page.evaluate("() => !!window.puzzles.current()?.id")
        assert shown or (page.text_content("#notice") or "").strip()
        bounded([page.text_content("#notice") or "", page.text_content("#note") or ""])
        no_payload(page)
    assert console_errors == []


def test_parent_messages_at_random_are_answered_short_and_the_game_plays_on(page, site, console_errors):
    rng = random.Random(SEED + 5)
    page.add_init_script("""if (window.top === window) { window.__got = [];
        window.addEventListener("message", (e) => { if (e.data && e.data.source === "mahjong") window.__got.push(e.data); }); }""")
    page.goto(site.parent_url)
    page.wait_for_function("() => window.__got.some(m => m.type === 'ready')", timeout=90_000)
    frame = page.frame(url=lambda url: url.startswith(site.url))
    methods = ["newGame", "act", "state", "legal", "nextHand", "constructor", "toString", "__proto__", "height", "x"]
    sent = []
    for i in range(60 * ROUNDS):
        message = {"target": "mahjong", "id": i, "method": rng.choice(methods), "args": junk(rng)}
        if rng.random() < 0.1:
            message = mutate(rng, message, 2)
        sent.append(message)
    page.evaluate("""(messages) => { const game = document.getElementById("game").contentWindow;
        for (const m of messages) game.postMessage(m, "*"); }""", sent)
    page.wait_for_timeout(3000)
    page.evaluate("() => document.getElementById('game').contentWindow.postMessage({target: 'mahjong', id: 'last', method: 'legal'}, '*')")
    page.wait_for_function("() => window.__got.some(m => m.type === 'reply' && m.id === 'last')", timeout=60_000)
    replies = page.evaluate("() => window.__got.filter(m => m.type === 'reply')")
    for reply in replies:
        assert isinstance(reply["ok"], bool)
        if not reply["ok"]:
            assert len(reply["error"]) <= 300 and reply["kind"] in ("invalid", "illegal", "not_now", "engine", "stale"), reply
    assert not [r for r in replies if not r["ok"] and r["kind"] == "engine"], "bad input called an engine failure"
    assert frame is not None and frame.evaluate("() => !!window.mahjong.state()")
    no_payload(page)
    no_payload(frame)
    assert console_errors == []


# --- issue 44's surfaces: lesson steps, several embeds, the old key ---------------------------

LESSON_SHOWN = """() => { const s = document.getElementById('status').textContent;
  const lesson = !document.getElementById('lesson').hidden && document.getElementById('text').textContent !== '' && s === '';
  const course = !document.getElementById('course').hidden && document.getElementById('course').children.length > 0;
  return lesson || course; }"""


def test_lesson_links_at_random_open_a_whole_step_or_say_why(page, site, console_errors):
    rng = random.Random(SEED + 6)
    lessons = json.loads((Path(__file__).resolve().parents[2] / "web" / "lessons" / "xinyu.json").read_text("utf-8"))["lessons"]
    steps = ["1", "2", "1.5", "2.5", "0", "-1", "1e0", "01", " 2", "99", "４", "", "NaN", *PAYLOADS[:4]]
    page.goto(f"{site.url}learn.html#lang=en")
    page.wait_for_function("() => window.learn && true", timeout=90_000)
    page.evaluate("window.learn.ready")
    for i in range(24 * ROUNDS):
        parts = []
        if rng.random() < 0.3:
            lesson = mutate(rng, rng.choice(lessons), 2) if rng.random() < 0.6 else rng.choice(lessons)
            parts.append(f"l={base64url(lesson)}")
        else:
            parts.append(f"rules={quote(rng.choice(['xinyu', 'longyan', 'xinyu', str(junk(rng))]))}")
            parts.append(f"lesson={quote(rng.choice(['1', '2', '3', '1.5', '0', '99', str(junk(rng))]))}")
        if rng.random() < 0.8:
            parts.append(f"step={quote(rng.choice(steps))}")
        if rng.random() < 0.4:
            parts.append("single=1")
        page.evaluate("""() => { document.getElementById('text').textContent = '';
            document.getElementById('course').replaceChildren(); document.getElementById('notice').textContent = ''; }""")
        page.evaluate("(h) => { location.hash = h; }", "#" + "&".join(parts) + f"&lang=en&case={i}")
        page.wait_for_function(LESSON_SHOWN, timeout=60_000)
        s = page.evaluate("window.learn.state()")
        if not page.is_hidden("#lesson"):                          # a lesson: a whole step of it, drawn
            assert isinstance(s["step"], int) and 1 <= s["step"] <= s["steps"], (parts, s)
            assert page.inner_text("#counter").endswith(f" {s['steps']}") or str(s["steps"]) in page.inner_text("#counter")
        bounded([page.text_content("#notice") or "", *page.eval_on_selector_all(".problems li", "ls => ls.map(l => l.textContent)")])
        no_payload(page)
    assert console_errors == []


EMBED_LINKS = [
    "learn.html#rules=xinyu&lesson=1&step=2&single=1&lang=en", "learn.html#rules=longyan&lesson=3&step=1.5&single=1&lang=en",
    "learn.html#rules=xinyu&lesson=2&step={junk}&lang=en", "analyze.html#v=xinyu&h=123456789m11234p&dealer={junk}&lang=en",
    "analyze.html#v={junk}&h=1m&lang=en", "puzzle.html#set=longyan&n={junk}&lang=en", "puzzle.html#set=xinyu&n=2&lang=en",
]


def test_several_embeds_at_random_come_and_go_and_the_game_plays_on(page, site, console_errors):
    rng = random.Random(SEED + 7)
    root = Path(site.dist).parent
    (root / "host-fuzz.html").write_text(
        "<!doctype html><html><head><meta charset='utf-8'><link rel='icon' href='data:,'></head><body>"
        f"<iframe name='game' id='game' src='{site.url}index.html?lang=en&amp;variant=longyan&amp;seed=5&amp;speed=instant' width='600' height='360'></iframe>"
        "</body></html>", encoding="utf-8")
    page.goto(site.parent_url.replace("parent.html", "host-fuzz.html"))
    game = page.frame(name="game")
    game.wait_for_function("() => !!(window.mahjong && window.mahjong.state && window.mahjong.state())", timeout=90_000, polling=250)
    frames: list[str] = []
    for round_ in range(3 * ROUNDS):
        for n in range(rng.randint(3, 8)):                          # embeds come ...
            name = f"e{round_}x{n}"
            link = rng.choice(EMBED_LINKS).replace("{junk}", quote(str(junk(rng))))
            page.evaluate("""([name, src]) => { const f = document.createElement('iframe');
                Object.assign(f, {name, id: name, src, width: 300, height: 200}); document.body.append(f); }""", [name, site.url + link])
            frames.append(name)
        page.wait_for_timeout(rng.randint(0, 3000))
        for name in rng.sample(frames, k=len(frames) // 2):         # ... and go, some before they are up
            page.evaluate("(id) => document.getElementById(id).remove()", name)
            frames.remove(name)
        s = game.evaluate("() => window.mahjong.idle().then((s) => ({human: s.human_to_move, legal: s.legal_actions, over: s.is_over}))")
        if s["over"]:
            game.evaluate("() => window.mahjong.nextHand()")
        elif s["human"]:
            before = game.evaluate("() => window.mahjong.state().history_length")
            legal = s["legal"]
            game.evaluate("(a) => window.mahjong.act(a)", next((a for a in legal if a.startswith("discard ")), legal[0]))
            assert game.evaluate("() => window.mahjong.state().history_length") > before
        banner = game.evaluate("() => { const b = document.getElementById('banner'); return b && !b.hidden ? b.textContent : ''; }")
        assert "Not accepted" not in banner and "engine failed" not in banner, banner
        no_payload(game)
    # the engine keeps the pages still there, and no more once the removed ones are gone
    hosts = [f for f in page.frames if f.url.startswith(site.url) and f.evaluate("() => !!window.mahjongEngineHub && window.mahjongEngineHub.alive")]
    assert hosts, "no frame hosts the engine"
    hosts[0].wait_for_function(f"() => window.mahjongEngineHub.clients.size <= {len(frames) + 1}", timeout=15_000, polling=200)
    assert console_errors == []


def unfinished_save() -> dict[str, Any]:
    """A match of the human's, a few moves in (the engine's save, as issue 15's page kept it)."""
    from py_engine import bridge
    ask = lambda method, **args: json.loads(bridge.call(json.dumps({"method": method, "args": args}), "fuzz-old-key"))  # noqa: E731
    state = ask("new_match", variant="xinyu", seed=6, hands=4)["state"]
    for _ in range(3):
        state = ask("act", action=next(a for a in state["legal_actions"] if a.startswith("discard ") or a == "pass"))["state"]
        while not state["human_to_move"] and not state["is_over"]:
            state = ask("bot_step")["state"]
    return ask("save")["save"]


def test_the_old_key_at_random_is_continued_under_a_key_of_its_own_or_set_aside(page, site, console_errors):
    rng = random.Random(SEED + 8)
    save = unfinished_save()
    moves = len(save["hands"][-1]["actions"])
    page.goto(site.url + "help.html")
    for round_ in range(4 * ROUNDS):
        old = text_of(rng, mutate(rng, save, 2) if round_ % 2 else save)
        stored = {"mahjong.save": old}
        for i in range(rng.randint(0, 3)):
            stored[f"mahjong.match.f{round_}x{i}"] = text_of(rng, junk(rng))
        page.evaluate("(stored) => { localStorage.clear(); for (const [k, v] of Object.entries(stored)) localStorage.setItem(k, v); }", stored)
        page.goto(site.url + "?lang=en&speed=instant")
        page.wait_for_function(TABLE_OR_OFFER, timeout=90_000)
        continued = False
        if not page.evaluate(TABLE_UP):
            continued = page.locator("#resume-continue").count() > 0 and rng.random() < 0.8
            page.click("#resume-continue" if continued else "#resume-new")
        page.wait_for_function(TABLE_UP, timeout=60_000)
        s = page.evaluate("() => window.mahjong.idle().then((s) => ({human: s.human_to_move, legal: s.legal_actions}))")
        if s["human"]:
            page.evaluate("(a) => window.mahjong.act(a)", next((a for a in s["legal"] if a.startswith("discard ")), s["legal"][0]))
            page.evaluate("() => window.mahjong.idle()")
        page.wait_for_timeout(300)
        bounded(page.eval_on_selector_all("#banner p", "ps => ps.map(p => p.textContent)"))
        no_payload(page)
        now = page.evaluate("() => ({...localStorage})")
        if continued and old == json.dumps(save):
            # the old key's match moved to a key of its own, with the move made here
            assert "mahjong.save" not in now
            slots = [json.loads(v) for k, v in now.items() if k.startswith("mahjong.match.") and v.startswith('{"kind"')]
            assert any(len(r["save"]["hands"][-1]["actions"]) > moves for r in slots), slots
        else:
            # nothing lost: every stored text is where it was, set aside, or (the old key) continued
            kept = set(now.values())
            for key, text in stored.items():
                assert text in kept or key in now or (key == "mahjong.save" and continued), (key, text[:80])
    assert console_errors == []
