"""Frames that follow their host, and the game as authors drive it (issue 47): a host page on
another origin toggled dark while the reader's system is light shows no white box (its frames told
by a message; a frame opened with `theme=`), and back; the game takes what its address takes
(`seat`, `timer`) or refuses naming it, answers the height and theme requests, and gives a parent
the address names the reader's own observation, never another seat's; a replay link opens with
every hand face up."""
from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

from pagehelp import shot
from py_engine import Game, bots
from py_engine.record import replay

HOST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A tutorial with a dark switch</title>
<link rel="icon" href="data:,">
<style>
  :root {{ color-scheme: light; background: #ffffff; color: #111; }}
  :root.dark {{ color-scheme: dark; background: #101418; color: #eee; }}
  body {{ margin: 0; font: 16px sans-serif; }}
  iframe {{ border: 0; display: block; margin: 8px; }}
</style></head>
<body>
<p>Tiles, a lesson and the analyzer:</p>
<iframe id="tiles" src="{site}tiles.html#123m456p|pong 7z from left|gold 5m?lang=en&amp;download=0" width="420" height="110" title="Tiles"></iframe>
<iframe id="learn" src="{site}learn.html#rules=longyan&amp;lesson=1&amp;lang=en" width="420" height="260" title="Lesson"></iframe>
<iframe id="analyze" src="{site}analyze.html?lang=en" width="420" height="200" title="Analyzer"></iframe>
<iframe id="untold" src="{site}tiles.html#1m?lang=en&amp;download=0" width="200" height="90" title="A frame the host never tells"></iframe>
<iframe id="linked" src="{site}tiles.html#5m?lang=en&amp;download=0&amp;theme=dark" width="200" height="90" title="Dark by its link"></iframe>
<script src="./host-theme.js"></script>
</body></html>
"""

HOST_SCRIPT = """window.said = [];
addEventListener("message", (e) => { if (e.data && e.data.source === "mahjong" && e.data.type === "theme") said.push(e.data.detail); });
window.setDark = (dark, frames = ["tiles", "learn", "analyze"]) => {
  document.documentElement.classList.toggle("dark", dark);
  for (const id of frames) document.getElementById(id).contentWindow.postMessage({ target: "mahjong", method: "theme", args: dark ? "dark" : "light" }, "*");
};
"""


def pixel(page, x: float, y: float) -> tuple[int, int, int]:
    """The colour the reader sees at (x, y) of the host page."""
    image = page.screenshot(clip={"x": x, "y": y, "width": 1, "height": 1})
    from io import BytesIO
    import struct
    import zlib
    data = BytesIO(image)
    data.read(8)
    raw = b""
    while True:
        length, kind = struct.unpack(">I4s", data.read(8))
        body = data.read(length)
        data.read(4)
        if kind == b"IDAT":
            raw += body
        if kind == b"IEND":
            break
    row = zlib.decompress(raw)
    return row[1], row[2], row[3]


def frame_corner(page, frame_id: str) -> tuple[int, int, int]:
    """The colour near a frame's bottom-right corner (off its diagram and text)."""
    box = page.locator(f"#{frame_id}").bounding_box()
    return pixel(page, box["x"] + box["width"] - 6, box["y"] + box["height"] - 6)


def dark(rgb) -> bool:
    return sum(rgb) < 3 * 80


def light(rgb) -> bool:
    return sum(rgb) > 3 * 200


def test_a_host_toggled_dark_against_a_light_system_shows_no_white_box(browser, site, output_path):
    root = Path(site.dist).parent
    (root / "host-theme.html").write_text(HOST.format(site=site.url), encoding="utf-8")
    (root / "host-theme.js").write_text(HOST_SCRIPT, encoding="utf-8")
    context = browser.new_context(color_scheme="light", viewport={"width": 480, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto(site.parent_url.replace("parent.html", "host-theme.html"))
    frames = {name: page.frame(url=lambda url, name=name: f"{name}.html" in url) for name in ("tiles", "learn", "analyze")}
    frames["tiles"].wait_for_selector("mj-hand:not([hidden])")
    frames["learn"].wait_for_function("() => window.learn && true", timeout=90_000)
    frames["learn"].evaluate("window.learn.ready")
    page.wait_for_timeout(300)
    for name in ("tiles", "learn", "analyze", "untold"):
        assert light(frame_corner(page, name)), name
    shot(page, output_path, "host-light")

    page.evaluate("setDark(true)")
    page.wait_for_function("() => said.length >= 3")
    assert {(d["page"], d["taken"], d["dark"]) for d in page.evaluate("said")} == \
        {("tiles", True, True), ("learn", True, True), ("analyze", True, True)}
    page.wait_for_timeout(200)
    for name in ("tiles", "learn", "analyze"):
        assert dark(frame_corner(page, name)), f"{name}: a white box on the dark host"
    # the transparent page is still transparent: the host's own dark shows through it
    assert frame_corner(page, "tiles") == pixel(page, 470, 890)
    assert frames["tiles"].evaluate("[...document.documentElement.classList].sort()") == ["dark", "transparent"]
    # a frame the host does not tell keeps the reader's scheme: that is the white box a message prevents
    assert light(frame_corner(page, "untold"))
    shot(page, output_path, "host-dark")

    page.evaluate("setDark(false)")
    page.wait_for_function("() => said.length >= 6")
    page.wait_for_timeout(200)
    for name in ("tiles", "learn", "analyze"):
        assert light(frame_corner(page, name)), name
    # anything else is no theme: nothing changes, and it reaches no page as markup
    page.evaluate("""() => document.getElementById("learn").contentWindow.postMessage(
        {target: "mahjong", method: "theme", args: "<img src=x onerror=alert(1)>"}, "*")""")
    page.wait_for_function("() => said.length >= 7")
    assert page.evaluate("said.at(-1)")["taken"] is False
    assert light(frame_corner(page, "learn"))
    context.close()
    assert errors == []


def test_a_theme_in_the_link_and_auto_follow_the_reader(browser, site):
    context = browser.new_context(color_scheme="dark")
    page = context.new_page()
    page.goto(f"{site.url}learn.html?theme=auto#rules=longyan&lesson=1&lang=en")
    page.wait_for_function("() => document.documentElement.classList.contains('dark')")
    page.emulate_media(color_scheme="light")
    page.wait_for_function("() => !document.documentElement.classList.contains('dark')")
    page.goto(f"{site.url}analyze.html?theme=dark&lang=en")
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "dark"
    page.goto(f"{site.url}tiles.html#1m?theme=dark&lang=en")
    page.wait_for_selector("mj-hand:not([hidden])")
    assert page.evaluate("[[...document.documentElement.classList].sort(), document.getElementById('hand').getAttribute('theme')]") == \
        [["dark", "transparent"], "dark"]
    context.close()


def game_host(site, root: Path, query: str) -> str:
    (root / "host-game.html").write_text(f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Driving the game</title><link rel="icon" href="data:,"></head><body>
<iframe id="game" src="{site.url}?{query}" width="800" height="520" style="border:0" title="Mahjong"></iframe>
<script>window.got = []; addEventListener("message", (e) => {{ if (e.data && e.data.source === "mahjong") got.push(e.data); }});
window.ask = (id, method, args) => document.getElementById("game").contentWindow.postMessage({{target: "mahjong", id, method, args}}, "*");</script>
</body></html>""", encoding="utf-8")
    return site.parent_url.replace("parent.html", "host-game.html")


def reply(page, id_: int, timeout: int = 60_000) -> dict:
    page.wait_for_function(f"() => got.some(m => m.type === 'reply' && m.id === {id_})", timeout=timeout)
    return page.evaluate(f"() => got.find(m => m.type === 'reply' && m.id === {id_})")


def test_new_game_takes_the_seat_and_the_clock_and_the_named_parent_sees_the_readers_hand(page, site, output_path):
    # the dealer is seat 1, to discard first: the author's reader plays that seat, with no clock
    host_origin = site.parent_url.split("/parent.html")[0]
    position = {"variant": "xinyu", "dealer": 1,
                "hands": ["1112223334445z", "123456789m12355p", "6667778889995s", "4666777888999p"]}
    page.goto(game_host(site, Path(site.dist).parent, f"lang=en&speed=instant&origin={quote(host_origin, safe='')}"))
    page.wait_for_function("() => got.some(m => m.type === 'ready')", timeout=90_000)

    page.evaluate("ask(1, 'newGame', {variant: 'xinyu', seet: 1})")
    assert reply(page, 1)["ok"] is False and 'unknown setting "seet"' in reply(page, 1)["error"]
    page.evaluate("ask(2, 'newGame', {variant: 'xinyu', timer: 15})")
    assert reply(page, 2)["ok"] is False and "timer 15 is not one of 0, 10, 20, 30" in reply(page, 2)["error"]

    page.evaluate(f"ask(3, 'newGame', {{seat: 1, timer: 0, position: {json.dumps(position)}}})")
    started = reply(page, 3)
    assert started["ok"], started
    frame = page.frame(url=lambda url: url.startswith(site.url))
    moments = frame.evaluate("() => window.mahjong.state().history_length")
    page.wait_for_timeout(1500)  # a bot would have discarded for seat 1 by now, and a clock ticked
    page.evaluate("ask(4, 'state')")
    state = reply(page, 4)["value"]
    assert state["seat"] == 1 and state["turn"] == 1 and state["human_to_move"] and state["phase"] == "discard"
    assert "".join(state["hand"]) == "1m2m3m4m5m6m7m8m9m1p2p3p5p5p"   # the reader's own hand: seat 1's
    assert "hands" not in state and all(len(m) == 0 for m in state["melds"])
    assert frame.evaluate("() => window.mahjong.state().options.timer") == 0
    assert frame.evaluate("() => window.mahjong._view.timer") is None  # no clock runs
    assert frame.evaluate("() => window.mahjong.state().history_length") == moments  # nobody played for the reader

    # the height, as every page answers it, and the theme (the felt stays dark)
    page.evaluate("ask(5, 'height')")
    assert reply(page, 5)["ok"] and reply(page, 5)["value"]["page"] == "game"
    page.wait_for_function("() => got.some(m => m.type === 'height' && m.detail.page === 'game' && m.detail.height > 100)")
    page.evaluate("ask(6, 'theme', 'light')")
    assert reply(page, 6)["value"] == {"page": "game", "taken": False, "scheme": "dark"}
    shot(page, output_path, "seat-1-no-clock")


def test_without_origin_the_replies_carry_no_hand(page, site):
    page.goto(game_host(site, Path(site.dist).parent, "lang=en&speed=instant"))
    page.wait_for_function("() => got.some(m => m.type === 'ready')", timeout=90_000)
    page.evaluate("ask(1, 'state')")
    state = reply(page, 1)["value"]
    assert "hand" not in state and "melds" not in state and state["variant"]


def one_hand_replay(seed: int = 5) -> dict:
    game = Game.new("xinyu", seed=seed)
    game.hand_number = 0
    while not game.is_over:
        seat = game.waiting_for[0]
        game.apply(seat, bots.choose(game, seat, "easy"))
    facts = {"hands": 1, "seed": seed, "human": 0, "level": "easy", "autoplay": False}
    return replay.export("xinyu", game.options, facts, [replay.hand_record(game, 0)])


def test_a_replay_link_opens_with_every_hand_face_up(page, site, output_path):
    shown = "() => window.mahjong.replay && window.mahjong.replay.shown.then(() => true)"
    page.goto(f"{site.url}replay.html?lang=en")
    page.wait_for_function(shown, timeout=90_000)
    link = page.evaluate("""async (data) => {
        const io = await import("./replayio.js");
        return io.replayLink(data, {hand: 0, step: 10, faceUp: true});
    }""", one_hand_replay())
    assert link.endswith("&faceup=1")
    page.goto(link)
    page.wait_for_function(shown, timeout=90_000)
    assert page.is_checked("#rp-faceup")
    page.wait_for_function("() => window.mahjong.state().hands.every(h => h !== null)")
    shot(page, output_path, "replay-face-up")
    # and the viewer's own link keeps it
    page.click("#rp-link")
    page.wait_for_function("() => location.hash.includes('faceup=1')")


LESSON_HOST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>A narrow column</title></head><body style="margin:0;font:16px sans-serif">
<iframe id="learn" src="{src}" width="320" height="700" style="border:0" title="Lessons"></iframe></body></html>"""


def test_every_lesson_fits_a_320_px_frame_that_says_once_progress_is_not_kept(page, site, output_path):
    root = Path(site.dist).parent
    lessons = {rules: json.loads((Path(site.dist) / "lessons" / f"{rules}.json").read_text(encoding="utf-8"))["lessons"]
               for rules in ("xinyu", "longyan")}
    (root / "host-lesson.html").write_text(LESSON_HOST.format(src=f"{site.url}learn.html#rules=xinyu&amp;lesson=3&amp;lang=zh-Hans"),
                                           encoding="utf-8")
    page.set_viewport_size({"width": 340, "height": 720})
    page.goto(site.parent_url.replace("parent.html", "host-lesson.html"))  # another origin: the frame may not store
    frame = page.frame(url=lambda url: "learn.html" in url)
    frame.wait_for_function("() => window.learn && true", timeout=90_000)
    frame.evaluate("window.learn.ready")
    assert frame.evaluate("() => { try { localStorage.setItem('x', '1'); return false; } catch (e) { return e.name; } }") \
        == "SecurityError"
    note = frame.locator("#not-kept")
    note.wait_for()
    assert note.inner_text() == "这里不会保存你的学习进度：在这个页面里，浏览器不允许课程保存任何数据，学完的课程不会被标记。"
    shot(page, output_path, "lesson-320-not-kept")
    too_wide = []
    for lang in ("zh-Hans", "en"):
        for rules, course in lessons.items():
            for n, lesson in enumerate(course, 1):
                for step in range(1, len(lesson["steps"]) + 1):
                    frame.evaluate(f"location.hash = 'rules={rules}&lesson={n}&step={step}&lang={lang}'")
                    frame.wait_for_function(f"() => window.learn.state().id === {json.dumps(lesson['id'])} && "
                                            f"window.learn.state().step === {step} && window.learn.state().lang === '{lang}'")
                    frame.wait_for_function("() => !document.getElementById('status').textContent")
                    width = frame.evaluate("document.documentElement.scrollWidth")
                    if width > 320:
                        too_wide.append((lang, rules, n, step, width))
    assert too_wide == []
    # said once: the first lesson opened said it; no other lesson says it again
    assert note.is_hidden()
    frame.evaluate("location.hash = 'rules=xinyu&lesson=3&step=1&lang=en'")
    frame.wait_for_function("() => window.learn.state().id && window.learn.state().lang === 'en'")
    assert note.is_hidden()
