"""One engine per host page (issue 37 item 5): a tutorial page on another origin embeds two games,
the analyzer and a puzzle; Pyodide boots once for all four (web/engine/engine.js: the first frame
hosts the engine, its same-origin siblings find it through parent[i] and talk to it through a
MessagePort). Each frame is its own client of the bridge (a move in one game leaves the other
where it was), and removing the frame that hosts the engine leaves the others working: one of them
takes over, sets its match up again from its kept save and sends again the calls that were waiting.
A replay viewer added later joins the same engine, and opens its replay again on the one that
takes over. Twice: with third-party storage blocked (the host on another site: localhost) and allowed (the host
on the same site, another port)."""
from __future__ import annotations

from pathlib import Path

import pytest

from pagehelp import idle, shot

# (the host's own strict policy: no script, frames only of its own and of the game's loopback origin)
HOST = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A tutorial</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; frame-src 'self' http://127.0.0.1:*; style-src 'unsafe-inline'; img-src data:"></head>
<body style="margin:0;font:16px sans-serif">
<p style="margin:0;height:30px">Embeds of the game's site, and a frame of this site's own:
<iframe name="own" id="own" src="own.html" width="200" height="24" style="border:0"></iframe></p>
<iframe name="game-a" id="game-a" src="{site}index.html?lang=en&amp;variant=xinyu&amp;seed=3&amp;speed=instant" width="632" height="380" style="border:0"></iframe>
<iframe name="analyzer" id="analyzer" src="{site}analyze.html#v=xinyu&amp;h=11223344556677m&amp;lang=en" width="632" height="380" style="border:0"></iframe>
<iframe name="puzzle" id="puzzle" src="{site}puzzle.html#set=longyan&amp;n=1&amp;lang=en" width="632" height="380" style="border:0"></iframe>
<iframe name="game-b" id="game-b" src="{site}index.html?lang=en&amp;variant=longyan&amp;seed=4&amp;speed=instant" width="632" height="380" style="border:0"></iframe>
</body></html>"""

DENIED = """() => { try { localStorage.setItem("x", "1"); return false; } catch (e) { return e.name; } }"""
# (polling, not animation frames: Chromium runs none in a cross-origin frame out of view)
HOSTS = "() => window.mahjongEngineHub ? window.mahjongEngineHub.served : 0"
GAME_UP = "() => !!(window.mahjong && window.mahjong.state && window.mahjong.state())"
MOVE = """async () => { const s = window.mahjong.state();
  const legal = s.legal_actions;
  await window.mahjong.act(legal.find((a) => a.startsWith('discard ')) ?? legal.find((a) => a === 'pass') ?? legal[0]); }"""
LATE = """() => { const e = window.mahjong._engine;
  window.__late = Promise.all(Array.from({length: 5}, () =>
    e.request('analyze', {variant: 'xinyu', hand: '123456789m11234p', bot: true}).then((a) => [a.ok, e.failovers]))); }"""
SHOWN = "() => window.mahjong && window.mahjong.replay && window.mahjong.replay.shown.then(() => true)"
STEP_TO = """(step) => { const s = document.getElementById('rp-slider');
  s.value = String(step); s.dispatchEvent(new Event('input', {bubbles: true})); }"""
SNAPSHOT = """async () => { const r = await Promise.race([window.mahjong.snapshot, new Promise((ok) => setTimeout(() => ok('pending'), 200))]);
  return typeof r === 'string' ? r : r.type === 'skipped' ? `skipped: ${r.why}` : r.type; }"""
SUMMARY = "() => { const s = window.mahjong.state(); return [s.variant, s.match.seed, s.wall_remaining ?? null, JSON.stringify(s.hands?.[s.human] ?? s.hand ?? null), JSON.stringify(s.discards ?? null)]; }"


def frame_named(page, name: str):
    frame = page.frame(name=name)
    assert frame is not None, [f.name for f in page.frames]
    return frame


@pytest.mark.snapshot  # the games would make the next visit's snapshot where storage allows: one of them does
@pytest.mark.parametrize("storage", ["blocked", "allowed"])
def test_embeds_on_one_page_share_one_engine_and_survive_its_frame(page, site, same_site_host, console_errors, output_path, storage):
    root = Path(site.dist).parent
    (root / "own.html").write_text("<!doctype html><title>own</title><p>the host's own frame</p>", encoding="utf-8")
    (root / "host-one-engine.html").write_text(HOST.format(site=site.url), encoding="utf-8")
    workers: list[str] = []
    page.on("worker", lambda worker: workers.append(worker.url))
    runtime: list[str] = []
    page.on("request", lambda request: runtime.append(request.url) if "pyodide.asm.wasm" in request.url else None)
    page.set_viewport_size({"width": 1280, "height": 800})
    host = site.parent_url.replace("parent.html", "") if storage == "blocked" else same_site_host
    page.goto(host + "host-one-engine.html")

    games = [frame_named(page, "game-a"), frame_named(page, "game-b")]
    analyzer, puzzle = frame_named(page, "analyzer"), frame_named(page, "puzzle")
    for game in games:
        game.wait_for_function(GAME_UP, timeout=120_000, polling=250)
    # the premise: the browser blocks the frames' storage on another site's page, not on the same site's
    assert games[0].evaluate(DENIED) == ("SecurityError" if storage == "blocked" else False)

    # every frame works
    analyzer.wait_for_function("() => window.analyzer && true", polling=250)
    analyzer.evaluate("window.analyzer.ready")
    analyzer.wait_for_selector("#result[data-full=true] table.choices-table", timeout=90_000)
    puzzle.wait_for_function("() => window.puzzles && true", polling=250)
    puzzle.evaluate("window.puzzles.ready")
    puzzle.wait_for_selector("#choices button[data-action='swim 7z']")
    puzzle.click("#choices button[data-action='swim 7z']")
    assert puzzle.get_attribute("#verdict p", "data-right") == "true"
    for game in games:
        assert idle(game)["human"]

    # one Pyodide for the four: one engine worker, one runtime download, one frame hosting all
    engine_workers = [url for url in workers if "engine-worker" in url]
    assert len(engine_workers) == 1, workers
    assert len(runtime) <= 1, runtime
    served = {frame.name: frame.evaluate(HOSTS) for frame in [*games, analyzer, puzzle]}
    hosting = [name for name, n in served.items() if n]
    assert len(hosting) == 1 and served[hosting[0]] == 4, served

    # the start-up snapshot: where storage is refused neither game makes it; else one makes it for all
    snapshots = sorted(game.evaluate(SNAPSHOT) for game in games)
    if storage == "blocked":
        assert snapshots == ["skipped: storage refused"] * 2, snapshots
    else:
        assert snapshots[0] in ("pending", "stored") and snapshots[1] == "skipped: another frame makes it", snapshots

    # independent sessions: a move in game A leaves game B where it was, and the other way round
    b_before = games[1].evaluate(SUMMARY)
    a_before = games[0].evaluate(SUMMARY)
    games[0].evaluate(MOVE)
    assert idle(games[0])["variant"] == "xinyu"
    assert games[0].evaluate(SUMMARY) != a_before
    assert games[1].evaluate(SUMMARY) == b_before
    a_now = games[0].evaluate(SUMMARY)
    games[1].evaluate(MOVE)
    assert idle(games[1])["variant"] == "longyan"
    assert games[0].evaluate(SUMMARY) == a_now
    # a replay viewer that comes later joins the same engine, with its own viewer
    link = games[0].evaluate("""async () => { const save = (await window.mahjong._call('save')).save;
      return (await import('./replayio.js')).replayLink(save, {hand: 0, step: 3}); }""")
    page.evaluate("""(src) => { const f = document.createElement('iframe');
      Object.assign(f, {name: 'replay', id: 'replay', src, width: 632, height: 380}); document.body.append(f); }""", link)
    page.wait_for_function("() => document.getElementById('replay').contentWindow", polling=250)
    replay = None
    for _ in range(100):
        replay = page.frame(name="replay")
        if replay is not None and replay.url.startswith(site.url):
            break
        page.wait_for_timeout(100)
    replay.wait_for_function(SHOWN, timeout=60_000, polling=250)
    assert replay.evaluate("() => window.mahjong.replay.where()")["step"] == 3
    assert [frame.evaluate(HOSTS) for frame in [*games, analyzer, puzzle] if frame.name == hosting[0]] == [5]
    assert len([url for url in workers if "engine-worker" in url]) == 1, workers
    shot(page, output_path, f"five-embeds-{storage}")

    # the frame hosting the engine goes away: the others go on
    left = [frame for frame in [*games, analyzer, puzzle, replay] if frame.name != hosting[0]]
    kept_games = [frame for frame in left if frame.name.startswith("game")]
    before = {frame.name: frame.evaluate(SUMMARY) for frame in kept_games}
    # calls under way as it goes: none is lost (each answered, some only by the engine that took over)
    for frame in kept_games:
        frame.evaluate(LATE)
    page.evaluate("(id) => document.getElementById(id).remove()", hosting[0])
    for frame in kept_games:
        # its match set up again on the engine that took over: the same table, and it plays on
        frame.wait_for_function("() => window.mahjong._engine.failovers > 0", timeout=30_000, polling=250)
        assert frame.evaluate(SUMMARY) == before[frame.name]
        assert frame.evaluate("async () => (await window.mahjong._call('state')).state.variant") == before[frame.name][0]
        frame.evaluate(MOVE)
        assert idle(frame)["human"] or idle(frame)["over"]
    late = [answer for frame in kept_games for answer in frame.evaluate("window.__late")]
    assert all(ok for ok, _ in late) and any(failovers for _, failovers in late), late
    if analyzer in left:
        analyzer.evaluate("(t) => window.analyzer.edit(t, {full: true})", "123456789m11234p")
        assert analyzer.locator("#result table.choices-table").count() == 1
    # the replay viewer's replay opened again on the engine that took over: it steps on
    replay.evaluate(STEP_TO, 1)
    replay.wait_for_function("() => window.mahjong.replay.where().step === 1", polling=250)
    assert replay.evaluate("async () => (await window.mahjong._call('replay_frame', {hand: 0, step: 2})).ok") is True
    assert replay.evaluate("() => window.mahjong.replay.notice()") == ""
    if puzzle in left:
        puzzle.click("#next")
        puzzle.wait_for_function("() => window.puzzles.current().id === 'longyan-02' && !!document.querySelector('#choices button')", polling=250)
        answer = puzzle.evaluate("window.puzzles.current().answer")
        puzzle.click(f"#choices button[data-action='{answer}']")
        assert puzzle.get_attribute("#verdict p", "data-right") == "true"
    # one frame took over: one more engine at most, never one each
    engine_workers = [url for url in workers if "engine-worker" in url]
    assert len(engine_workers) == 2, workers
    served = {frame.name: frame.evaluate(HOSTS) for frame in left if frame.name != "replay"}
    served["replay"] = replay.evaluate(HOSTS)
    assert sorted(served.values())[-1] == len(left) and sum(1 for n in served.values() if n) == 1, served
    shot(page, output_path, f"host-frame-removed-{storage}")
    assert console_errors == []
