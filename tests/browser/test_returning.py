"""A returning visitor: every page after the game kept its memory snapshot, as a player's browser
does 7–40 s into a first visit (web/engine/snapshot.js), in its own tab and framed by a host page of
another origin. The restored engine holds no installed wheel (a snapshot is the heap, not the file
system), so a page whose engine module was imported only when first asked found nothing to import:
the puzzles, the analyzer and the lessons died with ModuleNotFoundError on every later visit while the
rest of the suite, with the snapshot switched off (conftest), passed.

One kept snapshot serves every test of a scenario: a module-scoped browser profile makes it once,
then each page is opened in it, as a reader's later visits are."""
from __future__ import annotations

from pathlib import Path

import pytest

from pagehelp import TABLE_OR_OFFER, base64url
from test_boot import wait_ready
from test_learn import AUTHORS, LONGYAN
from test_replay_viewer import SHOWN, bad_player_replay

pytestmark = pytest.mark.snapshot  # the player's path: the snapshot is made and restored

SNAPSHOT_MS = 240_000  # a second Pyodide boots, plays the warm-up, is restored and plays it again
FAILED = "No module named|could not start|cannot be used"


def keep_snapshot(page, url: str, timeout: int) -> dict:
    """Open the game at url (a page or a host page with the game framed) and wait until its engine's
    page has kept the memory snapshot (its report: window.mahjong.snapshot)."""
    page.goto(url)
    frame = page.frame(url=lambda u: "/mahjong/" in u and ("index.html" in u or u.split("#")[0].split("?")[0].endswith("/mahjong/"))) or page.main_frame
    wait_ready(frame, timeout)
    report = settled(frame, "window.mahjong.snapshot", timeout)
    assert report and report["type"] == "stored", report
    return report


def settled(target, promise: str, ms: int = 120_000) -> object:
    """The value of a page's promise (an expression), or a failure once ms have passed: a page whose
    engine never answers fails the test, never hangs it."""
    return target.evaluate(f"""() => Promise.race([{promise}, new Promise((_, fail) =>
        setTimeout(() => fail(new Error("{promise} did not settle in {ms // 1000} s")), {ms}))])""")


def errors_of(page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"pageerror: {error}"))
    page.on("console", lambda m: m.type == "error" and errors.append(f"console: {m.text}"))
    return errors


@pytest.fixture(scope="module")
def kept(browser, site):
    """A browser profile whose first visit played the game until the snapshot was kept."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(SNAPSHOT_MS)
    keep_snapshot(page, site.url + "?lang=en", SNAPSHOT_MS)
    page.close()
    yield context
    context.close()


def later_visit(kept):
    page = kept.new_page()
    page.set_default_timeout(120_000)
    return page, errors_of(page)


def test_the_game_restores_and_deals(kept, site):
    page, errors = later_visit(kept)
    page.goto(site.url + "?lang=en")
    wait_ready(page, 120_000)
    assert page.evaluate("() => window.mahjong.path") == "snapshot"
    page.wait_for_function(TABLE_OR_OFFER)
    assert page.evaluate("() => window.mahjong._call('ping')")["ok"]
    page.close()
    assert errors == []


def test_a_puzzle_answers(kept, site):
    page, errors = later_visit(kept)
    page.goto(site.url + "puzzle.html#set=longyan&n=1&lang=en")
    page.wait_for_function("() => window.puzzles && true")
    settled(page, "window.puzzles.ready")
    current = page.evaluate("window.puzzles.current()")
    assert current["answer"] == "swim 7z", current
    page.click("#choices button[data-action='swim 7z']")
    assert page.get_attribute("#verdict p", "data-right") == "true"
    assert page.evaluate("() => window.mahjong?.path ?? window.puzzles.path?.()") in (None, "snapshot")
    page.close()
    assert errors == []


def test_the_analyzer_answers(kept, site):
    page, errors = later_visit(kept)
    page.goto(site.url + "analyze.html#v=longyan&h=123456p789s11144z%7Cgold%205m&dealer=1&lang=en")
    page.wait_for_function("() => window.analyzer && true")
    settled(page, "window.analyzer.ready")
    page.wait_for_function("() => !!document.querySelector('#result table.scores')")
    assert "No module" not in page.inner_text("body")
    # and the bots' answer (the hard bot's choice), the other module the page imports on first use
    page.fill("#hand", "123m456p789s11z23p5s|gold 5m")
    page.wait_for_function("() => document.querySelector('#result .waits, #result .choice, #result .verdict') !== null")
    page.close()
    assert errors == []


def test_a_project_lesson_answers(kept, site):
    lesson = LONGYAN[2]
    n = next(n for n, s in enumerate(lesson["steps"], 1) if s.get("goal") == "ready")
    page, errors = later_visit(kept)
    page.goto(site.url + f"learn.html#rules=longyan&lesson=3&step={n}&lang=en")
    page.wait_for_function("() => window.learn && true")
    settled(page, "window.learn.ready")
    assert page.evaluate("window.learn.state().id") == lesson["id"]
    page.wait_for_selector("#lesson #hand button:not([disabled]), #choices button:not([disabled])")
    assert page.locator(".problems li").count() == 0
    page.close()
    assert errors == []


def test_an_authors_lesson_answers(kept, site):
    page, errors = later_visit(kept)
    page.goto(site.url + f"learn.html#l={base64url(AUTHORS)}&lang=en")
    page.wait_for_function("() => window.learn && true")
    settled(page, "window.learn.ready")
    page.click("#next")
    page.click("#choices button[data-action='win']")
    page.wait_for_selector("#feedback .finished")
    assert page.get_attribute("#feedback .paid", "data-paid") == "12 -4 -4 -4"
    page.close()
    assert errors == []


def test_a_replay_and_its_review_answer(kept, site):
    page, errors = later_visit(kept)
    page.goto(site.url + "replay.html?lang=en")
    page.wait_for_function(SHOWN)
    link = page.evaluate("""async (data) => (await import("./replayio.js")).replayLink(data, {hand: 0, step: 5})""",
                         bad_player_replay("longyan", 4))
    page.goto("about:blank")
    page.goto(link)
    page.wait_for_function(SHOWN)
    assert page.evaluate("() => window.mahjong.replay.where().step") == 5
    page.click("#rp-review")
    page.wait_for_selector("#rp-review-list li button", timeout=120_000)
    page.close()
    assert errors == []


def test_tiles_and_help_show(kept, site):
    page, errors = later_visit(kept)
    page.goto(site.url + "tiles.html#123m%7Cgold%205m?lang=en")
    page.wait_for_function("() => !!document.querySelector('#hand')?.shadowRoot?.querySelector('canvas')")
    page.goto(site.url + "help.html?lang=en")
    page.wait_for_function("() => document.body.dataset.examples")  # its worked examples are in
    page.close()
    assert errors == []


HOST = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>A tutorial page</title></head><body>
<h1>Longyan, with the game, a puzzle, the analyzer and a lesson</h1>
<iframe id="game" src="{url}?lang=zh-Hans" width="900" height="600"></iframe>
<iframe id="puzzle" src="{url}puzzle.html#set=longyan&amp;n=1&amp;lang=zh-Hans" width="700" height="500"></iframe>
<iframe id="analyzer" src="{url}analyze.html#v=longyan&amp;h=123456p789s11144z%7Cgold%205m&amp;lang=zh-Hans" width="700" height="500"></iframe>
<iframe id="lesson" src="{url}learn.html#l={lesson}&amp;lang=en" width="700" height="500"></iframe>
</body></html>"""


def test_a_tutorial_page_of_another_origin_after_its_game_frame_kept_the_snapshot(browser, site, same_site_host):
    """The frames' storage is the game origin's, partitioned under the host's: the game frame's first
    visit keeps a snapshot there, and the page's next visit restores it for every frame. The host is
    another origin of the same site (another port), where Chromium lets a frame store; on another
    site it refuses (test_one_engine, test_storage), and the frames boot normally each visit."""
    root = Path(site.dist).parent
    (root / "returning-host.html").write_text(HOST.format(url=site.url, lesson=base64url(AUTHORS)), encoding="utf-8")
    host = same_site_host + "returning-host.html"
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.set_default_timeout(SNAPSHOT_MS)
        page.goto(host)
        game = page.frame(url=lambda u: u.startswith(site.url + "?"))
        wait_ready(game, SNAPSHOT_MS)
        report = settled(game, "window.mahjong.snapshot", SNAPSHOT_MS)
        assert report and report["type"] == "stored", report

        errors = errors_of(page)
        page.reload()
        frames = {name: page.frame(url=lambda u, n=needle: n in u) for name, needle in
                  (("game", site.url + "?"), ("puzzle", "puzzle.html"), ("analyzer", "analyze.html"), ("lesson", "learn.html"))}
        assert all(frames.values()), frames
        wait_ready(frames["game"], 120_000)
        assert frames["game"].evaluate("() => window.mahjong.path") == "snapshot"
        frames["puzzle"].wait_for_function("() => window.puzzles && true")
        settled(frames["puzzle"], "window.puzzles.ready")
        assert frames["puzzle"].evaluate("window.puzzles.current()")["answer"] == "swim 7z"
        frames["analyzer"].wait_for_function("() => window.analyzer && true")
        settled(frames["analyzer"], "window.analyzer.ready")
        frames["analyzer"].wait_for_function("() => !!document.querySelector('#result table.scores')", timeout=120_000)
        lesson = frames["lesson"]
        lesson.wait_for_function("() => window.learn && true")
        settled(lesson, "window.learn.ready")
        lesson.click("#next")
        lesson.click("#choices button[data-action='win']")
        lesson.wait_for_selector("#feedback .finished")
        for name, frame in frames.items():
            text = frame.inner_text("body")
            assert "No module named" not in text and "could not start" not in text, (name, text[:300])
        assert errors == []
    finally:
        context.close()


def test_offline_a_later_visit_still_answers(kept, site):
    """Offline after the first visit: the service worker's copy and the kept snapshot serve the puzzle."""
    kept.set_offline(True)
    try:
        page, errors = later_visit(kept)
        page.goto(site.url + "puzzle.html#set=xinyu&n=2&lang=zh-Hant")
        page.wait_for_function("() => window.puzzles && true")
        settled(page, "window.puzzles.ready")
        assert page.evaluate("window.puzzles.current()")["answer"]
        assert "No module" not in page.inner_text("body")
        page.close()
        assert errors == []
    finally:
        kept.set_offline(False)


def test_a_restore_that_cannot_import_an_engine_module_boots_normally(kept, site):
    """An import failure after a restore is a failed restore: the snapshot is discarded and the engine
    boots normally (engine-worker.js), never a page's "No module named" later. Here the manifest the
    service worker keeps names a module the kept heap does not hold (the last test of the file: it
    discards the snapshot)."""
    page = kept.new_page()
    page.goto(site.url + "tiles.html?lang=en")  # a page of the site that starts no engine
    page.evaluate("""async () => {
        for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const request of await cache.keys()) {
                if (!request.url.endsWith("/engine.json")) continue;
                const manifest = await (await cache.match(request)).json();
                manifest.modules.push("py_engine.not_in_the_snapshot");
                await cache.put(request, new Response(JSON.stringify(manifest), {headers: {"content-type": "application/json"}}));
            }
        }
    }""")
    warnings: list[str] = []
    page.on("worker", lambda worker: worker.on("console", lambda m: warnings.append(m.text)))
    page.goto(site.url + "puzzle.html#set=longyan&n=1&lang=en")
    page.wait_for_function("() => window.puzzles && true")
    settled(page, "window.puzzles.ready")
    assert page.evaluate("window.puzzles.current()")["answer"] == "swim 7z"
    assert any("snapshot could not be restored" in w and "py_engine.not_in_the_snapshot" in w for w in warnings), warnings
    page.close()
