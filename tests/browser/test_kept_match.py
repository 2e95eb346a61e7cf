"""The shared engine never drops a live frame's match (issue 44 finding 1): a tutorial page on
another site embeds the game and a lesson question per section (20 of them); the engine keeps every
frame's match while the frame is there, and lets a frame's go only when it leaves (its goodbye, or
its port closing). A page whose match the engine has let go anyway sets it up again from its
latest save before the player's move is answered (engine.js restore), storage or not."""
from __future__ import annotations

from pathlib import Path

from pagehelp import idle, open_game, shot

LESSONS = 20
HOST = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A tutorial</title></head>
<body style="margin:0;font:16px sans-serif">
<iframe name="game" id="game" src="{site}index.html?lang=en&amp;variant=xinyu&amp;seed=3&amp;speed=instant" width="632" height="380" style="border:0"></iframe>
{lessons}
</body></html>"""
LESSON = """<iframe name="q{i}" id="q{i}" src="{site}learn.html#rules={rules}&amp;lesson={lesson}&amp;step={step}&amp;single=1&amp;lang=en" width="400" height="200" style="border:0"></iframe>"""

GAME_UP = "() => !!(window.mahjong && window.mahjong.state && window.mahjong.state())"
LESSON_UP = "() => !!(window.learn && window.learn.state().id && document.getElementById('status').textContent === '')"
CLIENTS = "() => { const h = window.mahjongEngineHub; return h ? h.clients.size : 0; }"
MOVE = """async () => { const s = window.mahjong.state(); const legal = s.legal_actions;
  await window.mahjong.act(legal.find((a) => a.startsWith('discard ')) ?? legal.find((a) => a === 'pass') ?? legal[0]); }"""
NOTICE = "() => { const b = document.getElementById('banner'); return b && !b.hidden ? b.textContent : ''; }"


def test_a_game_plays_on_beside_twenty_lesson_questions(page, site, console_errors, output_path):
    root = Path(site.dist).parent
    lessons = "\n".join(LESSON.format(site=site.url, i=i, rules=("xinyu", "longyan")[i % 2], lesson=1 + i // 4 % 3, step=1 + i % 3)
                        for i in range(LESSONS))
    (root / "host-tutorial.html").write_text(HOST.format(site=site.url, lessons=lessons), encoding="utf-8")
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site.parent_url.replace("parent.html", "host-tutorial.html"))
    game = page.frame(name="game")
    game.wait_for_function(GAME_UP, timeout=120_000, polling=250)
    first = idle(game)
    assert first["human"]
    # every lesson question is up (each a client of the one engine) after the game dealt
    questions = [page.frame(name=f"q{i}") for i in range(LESSONS)]
    for q in questions:
        q.wait_for_function("() => window.learn && true", timeout=120_000, polling=250)
        q.evaluate("window.learn.ready")
        q.wait_for_function(LESSON_UP, timeout=60_000, polling=250)
    hosts = [f for f in [game, *questions] if f.evaluate(CLIENTS)]
    assert len(hosts) == 1 and hosts[0].evaluate(CLIENTS) == LESSONS + 1
    # the game, asked last of all, still has its match: its moves are played
    before = game.evaluate("() => window.mahjong.state().history_length")
    for _ in range(3):
        game.evaluate(MOVE)
        assert idle(game)["variant"] == "xinyu"
    assert game.evaluate("() => window.mahjong.state().history_length") > before
    assert game.evaluate(NOTICE) == ""
    assert game.evaluate("() => window.mahjong._engine.restores") == 0
    shot(page, output_path, "game-and-twenty-lessons")
    # frames that leave are let go: the engine keeps only the pages still there
    for i in range(5):
        page.evaluate("(id) => document.getElementById(id).remove()", f"q{i}")
    host = hosts[0]
    if host.is_detached():
        return
    host.wait_for_function(f"() => window.mahjongEngineHub.clients.size === {LESSONS + 1 - 5}", timeout=10_000, polling=100)
    assert console_errors == []


def test_a_match_the_engine_let_go_is_set_up_again_from_its_save(page, site, console_errors):
    open_game(page, site, "lang=en&variant=longyan&seed=11&speed=instant&hands=2")
    idle(page)
    page.evaluate(MOVE)
    idle(page)
    moves = page.evaluate("() => window.mahjong.state().history_length")
    # the engine lets the page's match go (as past its limit of clients)
    page.evaluate("""() => { const e = window.mahjong._engine; e.hub.worker.postMessage({type: 'drop', client: e.client}); }""")
    page.evaluate(MOVE)
    s = idle(page)
    assert s["variant"] == "longyan"
    assert page.evaluate("() => window.mahjong.state().history_length") > moves
    assert page.evaluate("() => window.mahjong._engine.restores") == 1
    assert page.evaluate(NOTICE) == ""
    # the match set up again is the match: its save holds every move before the drop
    save = page.evaluate("async () => (await window.mahjong._call('save')).save")
    assert len(save["hands"][-1]["actions"]) >= moves
    assert console_errors == []
