"""The Content-Security-Policy (issue 12, item 3) on every page, each page doing its main thing
under it with no violation and no console error; and "make a puzzle from this moment" (issue 14,
item 3): the game's puzzle.html link opens that very hand as a puzzle."""
from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from pagehelp import CSP_WATCH, click_discard, idle, open_game, shot
from test_replay_viewer import SHOWN, bad_player_replay, link_for
from test_tutorial_tiles import engine_requests, shadow

# every page of the site (a new page is checked without being named here)
PAGES = tuple(sorted(p.name for p in (Path(__file__).resolve().parents[2] / "web").glob("*.html")))
POLICY = 'meta[http-equiv="Content-Security-Policy"]'
RELAYS_SRC = "connect-src 'self' wss: ws://127.0.0.1:* ws://localhost:*;"


def violations(target) -> list[str]:
    return target.evaluate("() => window.__csp")


def test_every_page_carries_the_one_policy_and_no_inline_code_or_style(site):
    """Only our own files: no 'unsafe-inline', no inline script, no style attribute, no <style> block
    but the loading card's, allowed by its digest; the same policy on every page."""
    policies = {}
    for name in PAGES:
        html = (Path(site.dist) / name).read_text(encoding="utf-8")
        found = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
        assert len(found) == 1, name
        policies[name] = found[0]
        if name == "friends.html":
            # the one exception: a room talks to its relays (web/friends/mqtt.js), and to no one else
            assert RELAYS_SRC in found[0], found[0]
            policies[name] = found[0].replace(RELAYS_SRC, "connect-src 'self';")
        assert "'unsafe-inline'" not in found[0] and "'unsafe-eval'" not in found[0], name
        assert re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html) is None, f"{name}: an inline script"
        assert " style=" not in html, f"{name}: a style attribute"
        # one <style> block, the game page's loading card (build.py inline_shell), allowed by its digest
        blocks = re.findall(r"<style>(.*?)</style>", html, re.S)
        assert html.count("<style") == len(blocks) == (1 if name == "index.html" else 0), name
        for block in blocks:
            assert block == (Path(site.dist) / "shell.css").read_text(encoding="utf-8")
            digest = base64.b64encode(hashlib.sha256(block.encode("utf-8")).digest()).decode()
            assert f"style-src 'self' 'sha256-{digest}';" in found[0], name
        assert re.search(r"\son[a-z]+=", html) is None, f"{name}: an inline event handler"
    assert len(set(policies.values())) == 1, policies
    policy = policies["index.html"]
    for directive in ("default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "worker-src 'self'",
                      "connect-src 'self'", "style-src 'self'", "object-src 'none'", "base-uri 'none'"):
        assert directive in policy


def test_help_page_runs_under_the_policy(page, site, console_errors):
    page.add_init_script(CSP_WATCH)
    page.goto(site.url + "help.html#zh-Hans")
    page.wait_for_load_state("load")
    assert page.evaluate("() => getComputedStyle(document.body).maxWidth") != "none"  # help.css applied
    assert violations(page) == []
    assert console_errors == []


def test_tiles_page_draws_and_downloads_under_the_policy(page, site, console_errors, output_path):
    page.add_init_script(CSP_WATCH)
    seen = engine_requests(page)
    page.goto(site.url + "tiles.html#123m456p789s11z5m|pong%207z|gold%205m?lang=en&size=40&theme=dark")
    page.wait_for_function(f"() => !!{shadow(page, '#hand', 'canvas')}")
    # the element's own stylesheet applied in its shadow root (a <style> element would be refused)
    assert page.evaluate(f"getComputedStyle({shadow(page, '#hand', '.dl')}).display") == "flex"
    assert page.evaluate("getComputedStyle(document.body).margin") == "0px"  # tiles.css
    with page.expect_download() as info:
        page.evaluate(f"{shadow(page, '#hand', 'button')}.click()")
    assert Path(info.value.path()).read_text(encoding="utf-8").startswith("<svg")
    with page.expect_download() as info:
        page.evaluate(f"{shadow(page, '#hand', 'button:nth-of-type(2)')}.click()")
    assert Path(info.value.path()).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    shot(page, output_path, "tiles")
    assert seen == [] and violations(page) == []
    assert console_errors == []


def test_analyzer_answers_under_the_policy(page, site, console_errors, output_path):
    page.add_init_script(CSP_WATCH)
    page.goto(site.url + "analyze.html#lang=en")
    page.wait_for_function("() => window.analyzer && true")
    page.evaluate("window.analyzer.ready")
    page.fill("#hand", "11223344556677m")
    page.wait_for_function("() => document.querySelector('#result .verdict')?.textContent === 'This hand wins'")
    assert page.evaluate("getComputedStyle(document.querySelector('.title-row')).justifyContent") == "space-between"
    shot(page, output_path, "analyzer")
    assert violations(page) == []
    assert console_errors == []


def test_puzzle_answered_under_the_policy(page, site, console_errors):
    page.add_init_script(CSP_WATCH)
    page.goto(site.url + "puzzle.html#set=longyan&n=1&lang=en")
    page.wait_for_function("() => window.puzzles && true")
    page.evaluate("window.puzzles.ready")
    page.click("#choices button[data-action='swim 7z']")
    assert page.get_attribute("#verdict p", "data-right") == "true"
    assert violations(page) == []
    assert console_errors == []


def test_replay_opened_and_stepped_under_the_policy(page, site, console_errors):
    page.add_init_script(CSP_WATCH)
    data = bad_player_replay()
    page.goto(link_for(page, site, data, step=5))
    page.wait_for_function(SHOWN, timeout=90_000)
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => window.mahjong.replay.where().step === 6")
    page.check("#rp-faceup")
    page.wait_for_function("() => window.mahjong.state().hands.every(h => h !== null)")
    with page.expect_download():
        page.evaluate("""async () => (await import("./replayio.js")).downloadReplay({variant: "xinyu", hands: []})""")
    assert violations(page) == []
    assert console_errors == []


def test_the_game_in_another_origins_iframe_runs_under_the_policy(page, site, console_errors):
    page.add_init_script(CSP_WATCH)  # runs in the iframe's document too
    page.goto(site.parent_url)
    game = page.frame(url=lambda url: url.startswith(site.url))
    assert game is not None
    game.wait_for_function("() => !!(window.mahjong && window.mahjong.state && window.mahjong.state())", timeout=90_000)
    s = idle(game)
    for _ in range(2):
        if s["over"] or not s["human"]:
            break
        game.evaluate("(a) => window.mahjong.act(a)", s["legal"][-1])
        s = idle(game)
    assert urlparse(page.url).netloc != urlparse(game.url).netloc  # another origin: localhost vs 127.0.0.1
    # the loading card's inline style applied (its digest in the policy): the felt and the fixed card
    assert game.evaluate("() => getComputedStyle(document.getElementById('boot')).position") == "fixed"
    assert violations(game) == [] and violations(page) == []
    assert console_errors == []


def test_make_a_puzzle_from_this_moment_opens_that_hand(page, site, console_errors, output_path):
    page.add_init_script(CSP_WATCH)
    open_game(page, site, "variant=xinyu&seed=9&lang=en&speed=instant")
    for _ in range(2):  # a few turns, so the puzzle carries a history
        s = idle(page)
        click_discard(page, s["legal"])
    s = idle(page)
    assert s["phase"] == "discard" and s["human"]
    before = page.evaluate("() => window.mahjong.state()")
    page.click("#tb-share")
    page.wait_for_selector("#share-puzzle")
    assert page.text_content("#share-puzzle-open") == "Open the puzzle"
    shot(page, output_path, "share-with-puzzle")
    link = page.input_value("#share-puzzle")
    assert page.get_attribute("#share-puzzle-open", "href") == link
    assert link.startswith(site.url + "puzzle.html#p=") and link.endswith("&lang=en")
    page.keyboard.press("Escape")

    puzzle = page.context.new_page()
    puzzle.add_init_script(CSP_WATCH)
    puzzle.goto(link)
    puzzle.wait_for_function("() => window.puzzles && true")
    puzzle.evaluate("window.puzzles.ready")
    current = puzzle.evaluate("window.puzzles.current()")
    assert current["id"] == "custom"
    assert sorted(current["rows"]) == sorted(a for a in before["legal_actions"])
    shown = puzzle.eval_on_selector_all("#hand img", "cs => cs.length")   # tutorial-view.js draws tiles as <img>
    assert shown >= len(before["hands"][0])
    # the puzzle's hand is the game's: the engine's answer for that very position
    solved = puzzle.evaluate("""async () => {
        const p = new URLSearchParams(location.hash.slice(1)).get("p");
        const b64 = p.replace(/-/g, "+").replace(/_/g, "/");
        const bytes = Uint8Array.from(atob(b64 + "=".repeat((4 - b64.length % 4) % 4)), (c) => c.charCodeAt(0));
        return JSON.parse(new TextDecoder().decode(bytes));
    }""")
    assert solved["note"] is None
    assert len(solved["position"]["history"]) == before["history_length"]
    puzzle.click(f"#choices button[data-action='{current['choice']}']")
    assert puzzle.get_attribute("#verdict p", "data-right") == "true"
    assert violations(puzzle) == []
    puzzle.close()

    assert violations(page) == []
    assert console_errors == []


def test_no_puzzle_is_offered_while_others_play(page, site, console_errors):
    """Only the player's own discard turn can be posed (py_engine/teach/puzzles.py): bots 4 s a move."""
    open_game(page, site, "variant=xinyu&seed=9&lang=en&speed=4000")
    s = idle(page)
    click_discard(page, s["legal"])
    page.wait_for_function("() => !window.mahjong.state().human_to_move")
    page.click("#tb-share")
    page.wait_for_selector("#share-link")
    assert not page.evaluate("() => window.mahjong.state().human_to_move")
    assert page.query_selector("#share-puzzle") is None and page.query_selector("#share-puzzle-open") is None
    assert console_errors == []


def test_the_puzzle_action_speaks_every_language(page, site, console_errors):
    for lang, words in {"zh-Hans": "用这一刻出题", "zh-Hant": "用這一刻出題", "en": "Make a puzzle from this moment"}.items():
        open_game(page, site, f"variant=longyan&seed=3&lang={lang}&speed=instant")
        s = idle(page)
        assert s["human"] and s["phase"] == "discard", s
        page.click("#tb-share")
        page.wait_for_selector("#share-puzzle")
        assert words in page.text_content("[data-dialog=share]")
        link = page.input_value("#share-puzzle")
        assert parse_qs(urlparse(link).fragment)["lang"] == [lang]
    assert console_errors == []
