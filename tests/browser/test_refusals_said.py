"""Every refusal said on the page that made it, in the reader's language (issue 44 findings 7 and 8):
newGame's own checks said "Not accepted" on the page as the engine's did (a bad level, a match too
long, a seed out of range left the page silent); one seed range, the engine's, in newGame, the URL
and the README; a diagram too large for a canvas drawn in rows or said to be too large, never a
blank box; the command-line renderer refuses what <mj-hand> refuses."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from pagehelp import idle, open_game

ROOT = Path(__file__).resolve().parents[2]
MAX_SEED = 10**12    # py_engine/play/match.py MAX_SEED: seeds are whole numbers from -MAX_SEED to MAX_SEED


def words(lang: str) -> dict[str, Any]:
    return json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))


NOTICES = "() => { window.__notices = []; window.mahjong.on('notice', (d) => window.__notices.push(...d.messages)); }"


def test_newgames_refusals_are_said_on_the_page_in_the_readers_language(page, site, console_errors):
    zh = words("zh-Hans")["error"]
    open_game(page, site, "lang=zh-Hans&speed=instant&variant=xinyu&seed=2")
    idle(page)
    page.evaluate(NOTICES)
    before = page.evaluate("() => window.mahjong.state().match.seed")
    cases = [({"level": "godlike"}, ("api.choice", {"name": "level", "value": '"godlike"', "values": "easy, normal, hard"})),
             ({"hands": 17}, ("api.range", {"name": "hands", "min": 1, "max": 16, "value": 17})),
             ({"seed": MAX_SEED + 1}, ("api.range", {"name": "seed", "min": -MAX_SEED, "max": MAX_SEED, "value": MAX_SEED + 1})),
             ({"seed": 1.5}, ("api.range", {"name": "seed", "min": -MAX_SEED, "max": MAX_SEED, "value": 1.5}))]
    for n, (args, (key, values)) in enumerate(cases, 1):
        refused = page.evaluate("(a) => window.mahjong.newGame(a).then(() => null, (e) => e.message)", args)
        assert refused and refused.startswith("newGame:"), refused            # the caller's English detail
        page.wait_for_function("(n) => window.__notices.length >= n", arg=n, timeout=5_000)   # said on the page
        assert page.evaluate("() => window.__notices.at(-1)") == zh["notAccepted"].format(message=zh[key].format(**values))
    assert page.evaluate("() => window.mahjong.state().match.seed") == before    # the match in play goes on
    # the engine's range is the page's: a negative seed is a seed
    state = page.evaluate("() => window.mahjong.newGame({seed: -1})")
    assert state["match"]["seed"] == -1
    # an act that is not an action is said too
    assert page.evaluate("() => window.mahjong.act(42).then(() => null, (e) => e.kind)") == "invalid"
    page.wait_for_function("() => window.__notices.length === 5")
    assert page.evaluate("() => window.__notices.at(-1)") == zh["notAccepted"].format(message=zh["api.action"].format(value="42"))
    assert console_errors == []


def test_the_url_takes_the_engines_seed_range(page, site, console_errors):
    open_game(page, site, "lang=en&speed=instant&seed=-5")
    assert idle(page)["human"]
    assert page.evaluate("() => window.mahjong.state().match.seed") == -5
    open_game(page, site, f"lang=en&speed=instant&seed={MAX_SEED + 1}")
    page.wait_for_selector("#banner[data-kind=notice]")
    en = words("en")["error"]
    assert en["param"].format(name="seed", value=MAX_SEED + 1, why=en["why.range"].format(min=-MAX_SEED, max=MAX_SEED)) in page.inner_text("#banner")
    assert console_errors == []


def test_the_docs_give_the_engines_seed_range():
    """The author's guide (where the URL's parameters and newGame are described) and any page of the
    docs that names the seed's range name the engine's."""
    ranges = []
    for page in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]:
        ranges += re.findall(r"`seed`[^|]{0,40}?(−?10¹²|0)\s*(?:to|–)\s*10¹²", page.read_text("utf-8"))
    guide = (ROOT / "docs" / "embedding.md").read_text("utf-8")
    assert re.search(r"`seed`[^|]{0,40}?−10¹²\s*(?:to|–)\s*10¹²", guide), "docs/embedding.md names no seed range"
    assert ranges and all(r == "−10¹²" for r in ranges), ranges
    match = (ROOT / "py_engine" / "play" / "match.py").read_text("utf-8")
    assert "MAX_SEED = 10**12" in match


HOST = ("<!doctype html><html lang='en'><head><meta charset='utf-8'><link rel='icon' href='data:,'>"
        "<script type='module' src='/mahjong/mj-hand.js'></script></head><body style='margin:0;width:900px'>"
        "<div id='a'><mj-hand id='long' size='36' rows='1' tiles='{long}'></mj-hand></div>"
        "<div id='b'><mj-hand id='huge' size='160' tiles='{huge}'></mj-hand></div></body></html>")


def test_a_diagram_too_large_for_a_canvas_is_drawn_in_rows_or_said_too_large(page, site, console_errors):
    long = "123456789m" * 334           # 3,006 tiles in one row: wider than any canvas
    huge = "123456789p" * 2223          # 20,007 tiles at size 160: more than any canvas holds
    root = Path(site.dist).parent
    (root / "diagram-host.html").write_text(HOST.format(long=long, huge=huge), encoding="utf-8")
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    page.goto(site.url.replace("/mahjong/", "/diagram-host.html"))
    page.wait_for_function("() => !!document.getElementById('long').shadowRoot?.querySelector('canvas')", timeout=60_000)
    size = page.evaluate("() => { const c = document.getElementById('long').shadowRoot.querySelector('canvas'); return [c.width, c.height]; }")
    assert 0 < size[0] <= 32767 and size[1] > 36 * 2, size                # in rows, as wide as a canvas may be
    # drawn, not blank: some pixel is painted
    assert page.evaluate("""() => { const c = document.getElementById('long').shadowRoot.querySelector('canvas');
        const d = c.getContext('2d').getImageData(0, 0, Math.min(c.width, 400), Math.min(c.height, 200)).data;
        return d.some((v, i) => i % 4 === 3 && v > 0); }""")
    page.wait_for_function("() => !!document.getElementById('huge').shadowRoot?.querySelector('.error')", timeout=60_000)
    said = page.evaluate("() => document.getElementById('huge').shadowRoot.querySelector('.error').textContent")
    assert said == words("en")["notation"]["error"].format(what=words("en")["diagram"]["tooBig"].format(n=20007))
    assert page.evaluate("() => document.getElementById('huge').shadowRoot.querySelector('canvas')") is None
    assert any("drawn in rows" in w for w in warnings) and any("split the diagram" in w for w in warnings), warnings
    assert console_errors == []


@pytest.mark.parametrize("args, said", [
    ([""], "no tiles are given"),
    (["123m", "--rows", "99"], "--rows is a whole number of lines from 1 to 20"),
    (["123m", "--rows", "abc"], "--rows is a whole number of lines from 1 to 20"),
    (["123m", "--rows", "2.5"], "--rows is a whole number of lines from 1 to 20"),
    (["123m", "--width", "-100"], "--width is the diagram's width in css px"),
    (["123m", "--width", "wide"], "--width is the diagram's width in css px"),
])
def test_the_command_line_renderer_refuses_what_mj_hand_refuses(tmp_path, args, said):
    node = shutil.which("node")
    assert node, "node is needed"
    done = subprocess.run([node, str(ROOT / "tools" / "render_hand.mjs"), *args, "--svg-only", "--out", str(tmp_path / "hand")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and said in done.stderr, (done.returncode, done.stderr)
    assert not (tmp_path / "hand.svg").exists()
    good = subprocess.run([node, str(ROOT / "tools" / "render_hand.mjs"), "123m456p", "--rows", "2", "--width", "300", "--svg-only",
                           "--out", str(tmp_path / "good")], capture_output=True, text=True, timeout=60)
    assert good.returncode == 0 and (tmp_path / "good.svg").exists(), good.stderr
