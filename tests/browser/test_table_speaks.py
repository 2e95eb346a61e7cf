"""The table speaks for itself (issue 13): the covered first discard seen face down, Longyan's
moments and Xinyu's kong bloom reaching the narration region, tile faces in the page's script,
the decision timer standing still under a dialog, and the loading card's words."""
from __future__ import annotations

import sys
from pathlib import Path

from pagehelp import SAID, idle, open_game, shot

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))  # tests/support/helpers.py: positions
from helpers import pos  # noqa: E402



def said(page) -> str:
    return "\n".join(page.evaluate("() => window.__said"))


def new_game(page, **args) -> dict:
    page.evaluate("(args) => window.mahjong.newGame(args)", args)
    return idle(page)


# The colour (mean RGB of a 5x5 patch) at the centre of the dealer's first discard slot, each
# frame from the first frame with a table for `ms`, kept in window.__frames (read while it runs).
SAMPLE_FIRST_DISCARD = """
(() => {
  const ms = 8000;
  const begin = () => {
    const M = window.mahjong, v = M && M._view, r = M && M._renderer;
    if (!v || !v.state || !r || !r.layout) return requestAnimationFrame(begin);
    const dealer = v.state.dealer;
    const ctx = document.getElementById("table").getContext("2d");
    const sample = () => {
      const at = r.discardScreen(dealer, 0), d = devicePixelRatio, k = 2;
      const px = ctx.getImageData(Math.round(at.x * d) - k, Math.round(at.y * d) - k, 2 * k + 1, 2 * k + 1).data;
      const sum = [0, 0, 0];
      for (let i = 0; i < px.length; i += 4) for (let c = 0; c < 3; c++) sum[c] += px[i + c];
      return sum.map((x) => Math.round(x / (px.length / 4)));
    };
    window.__frames = [];
    const t0 = performance.now();
    const tick = () => {
      window.__frames.push({ t: performance.now() - t0, c: sample(), n: v.state.discards[dealer].length });
      if (performance.now() - t0 < ms) requestAnimationFrame(tick);
      else window.__framesDone = true;
    };
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(begin);
})();
"""


def looks(frame: dict) -> str:
    """'face' (ivory or a red dot), 'back' (the green back, brighter than the felt), or 'empty'."""
    r, g, b = frame["c"]
    if r > 150:
        return "face"
    if g >= 130 and r < 110:
        return "back"
    return "empty"


def test_the_covered_first_discard_is_seen_face_down_then_turned_over(page, site, console_errors, output_path):
    page.add_init_script(SAID)
    page.add_init_script(SAMPLE_FIRST_DISCARD)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site.url + "?variant=longyan&seed=710&speed=slow&lang=en")
    page.wait_for_function("() => (window.__frames || []).some((x) => x.c[0] < 110 && x.c[1] >= 130)", timeout=90_000)
    shot(page, output_path, "covered-face-down")
    page.wait_for_function("() => window.__framesDone", timeout=30_000)
    page.wait_for_function("() => window.__said.some((s) => s.includes('Turned over: '))", timeout=15_000)
    frames = page.evaluate("() => window.__frames")
    seq = [(f["t"], looks(f)) for f in frames]
    first_back = next(t for t, k in seq if k == "back")
    first_face = next(t for t, k in seq if k == "face")
    assert not any(k == "face" for t, k in seq if t < first_back), "the tile showed its face before its back"
    # face down on the table for well over a second (1.5 s at slow speed, plus half the turn)
    assert first_face - first_back >= 900, seq
    assert all(k == "face" for t, k in seq if t > first_face + 400), "turned over, it stays face up"
    # and the narration said so: covered, then turned over with its tile
    text = said(page)
    assert "Covered first discard" in text and "Turned over" in text, text
    assert not console_errors


def test_longyan_moments_reach_the_narration_region(page, site, console_errors, output_path):
    page.add_init_script(SAID)
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(page, site, "variant=longyan&seed=710&speed=normal&lang=en")
    idle(page)
    page.wait_for_function("() => window.__said.some((s) => s.includes('Turned over: '))", timeout=15_000)
    text = said(page)
    assert "Gold revealed: 9 Bamboo is the gold" in text, text
    assert "Covered first discard: Left: face down" in text, text

    # robbing the gold: the human holds four sets and a gold; the dealer's covered discard waits
    rob = pos("longyan", ["123p456p789s111z4z", None, None, "123m678p789s1z2z3z6z7z"], gold="9m", dealer=3)
    s = new_game(page, variant="longyan", position=rob, speed="normal")
    assert s["phase"] == "rob_gold" and "win" in s["legal"], s
    state = page.evaluate("() => window.mahjong.state()")
    assert state["discards"][3][0]["covered"] and state["discards"][3][0]["tile"] is None
    shot(page, output_path, "rob-gold-window")
    page.evaluate("() => window.mahjong.act('win')")
    page.wait_for_function("() => window.__said.some((s) => s.includes('Robbing the gold'))")
    assert "a win with the turned gold" in said(page)
    # the settlement shows the engine's reading (the gold stood for the North wind) and the sum
    page.wait_for_selector("#settle .arithmetic", timeout=15_000)
    assert page.text_content("#settle .arithmetic") == (
        "Robbing the gold, with base b = 4: the dealer pays 2b = 8, the others pay b = 4 each")
    assert page.text_content("#settle .stand-in .as") == "as North Wind"
    sets = page.eval_on_selector_all("#settle .reading .set", "xs => xs.map(x => x.className)")
    assert sets == ["set set-chow"] * 3 + ["set set-pong", "set set-pair"], sets
    shot(page, output_path, "rob-gold-settlement")

    # three golds, asked before the dealer plays
    three = pos("longyan", ["9m9m9m147p258s1367z", None, None, None], gold="9m", dealer=3)
    s = new_game(page, variant="longyan", position=three, speed="normal")
    assert s["phase"] == "three_golds"
    page.evaluate("() => window.mahjong.act('win')")
    page.wait_for_function("() => window.__said.some((s) => s.includes('Three golds: You: three golds'))")

    # a flower kong (the fourth flower) with what it brings: dealer 2, the others 1 each
    flowers = pos("longyan", ["123m456p789s1z2z3z4z7z", None, None, None], gold="9m",
                  flowers=[[], ["1f", "2f", "3f"], [], []], wall="4f", tail="3p")
    new_game(page, variant="longyan", position=flowers, speed="normal")
    page.evaluate("() => window.mahjong.act('discard 7z')")
    page.wait_for_function("() => window.__said.some((s) => s.includes('Flower kong: Right: flower kong 1, +4'))",
                           timeout=15_000)

    # the first-discard bonus (分饼): the human's 1z completes round 1; the dealer pays each 1
    bonus = pos("longyan", ["2m5m8m3p6p9p1s4s7s5z6z7z1z", "1m4m7m2p5p8p3s6s9s2z3z4z1z6m",
                            "1m4m7m2p5p8p3s6s9s2z3z4z1z", "3m6m9m1p4p7p2s5s8s2z3z7z1z"],
                gold="9m", dealer=1, wall="5s6s8m", history=[[1, "discard 1z"], [2, "discard 1z"], [3, "discard 1z"]])
    new_game(page, variant="longyan", position=bonus, speed="normal")
    page.evaluate("() => window.mahjong.act('discard 1z')")
    page.wait_for_function("() => window.__said.some((s) => s.includes('First-discard bonus, round 1'))")
    assert "the dealer pays each 1" in said(page)

    # a single swim and what it forbids (nothing for the others)
    swim = pos("longyan", ["123m456p789s123s9m", None, None, "1z2z3z4z5m6m7m1p2p3p4s5s6s7z"],
               gold="9m", dealer=3, wall="5p")
    s = new_game(page, variant="longyan", position=swim, speed="normal")
    for _ in range(3):  # pass the rob of the gold and the claim of the first discard, then draw 5p
        if any(a.startswith("swim") for a in s["legal"]):
            break
        page.evaluate("() => window.mahjong.act('pass')")
        s = idle(page)
    assert "swim 5p" in s["legal"], s
    page.evaluate("() => window.mahjong.act('swim 5p')")
    page.wait_for_function("() => window.__said.some((s) => s.includes('Single swim: You: the next draw wins'))")
    assert "The others may still win any way" in said(page)
    assert not console_errors


def test_xinyu_kong_bloom_and_flying_are_called_out_and_settled_with_their_arithmetic(page, site, console_errors):
    page.add_init_script(SAID)
    open_game(page, site, "variant=xinyu&seed=3&speed=normal&lang=zh-Hans")
    idle(page)
    bloom = pos("xinyu", ["1111p123m456s999s1z", None, None, None], tail="1z")
    new_game(page, variant="xinyu", position=bloom, speed="normal")
    page.evaluate("() => window.mahjong.act('kong 1p')")
    idle(page)
    page.evaluate("() => window.mahjong.act('win')")
    page.wait_for_function("() => window.__said.some((s) => s.includes('杠上开花：你摸杠后的补牌胡了。'))")
    page.wait_for_selector("#settle .arithmetic", timeout=15_000)
    assert page.text_content("#settle .arithmetic") == "总倍数 M = 2 × 2 = 4；自摸每家付 2 × M，即每家付 8"
    # flying (飞起来): four pongs and one concealed tile (RULES.md's patterns table); the dealer
    # discards, the player draws the tile that pairs it
    flying = pos("xinyu", ["4z", None, None, None], melds=[["pong 1m", "pong 2p", "pong 3s", "pong 7z"], [], [], []],
                 dealer=3, wall="4z")
    s = new_game(page, variant="xinyu", position=flying, speed="normal")
    assert s["legal"] == ["win"] or "win" in s["legal"], s
    page.evaluate("() => window.mahjong.act('win')")
    page.wait_for_function("() => window.__said.some((s) => s.includes('飞起来：你：四组都是碰杠，单钓胡牌。'))")
    patterns = page.evaluate("() => window.mahjong.state().result.wins[0].patterns")
    assert "flying" in patterns, patterns
    assert not console_errors


def test_a_timeout_is_told_and_the_timer_stands_still_under_a_dialog(page, site, console_errors, output_path):
    page.add_init_script(SAID)
    open_game(page, site, "variant=longyan&seed=710&speed=fast&lang=en&timer=10")
    s = idle(page)
    assert s["human"]
    page.wait_for_function("() => window.mahjong._view.timer")
    page.click("#tb-settings")
    page.wait_for_function("() => window.mahjong._view.timer && window.mahjong._view.timer.paused", timeout=5_000)
    left = page.evaluate("() => window.mahjong._view.timer.deadline - performance.now()")
    page.wait_for_timeout(2500)
    after = page.evaluate("() => window.mahjong._view.timer.deadline - performance.now()")
    assert abs(after - left) < 600, (left, after)  # it stood still (to a tick of 250 ms) under the dialog
    assert page.evaluate("() => window.mahjong.state().human_to_move")
    page.keyboard.press("Escape")
    page.wait_for_function("() => window.__said.some((s) => s.startsWith('Time ran out: ') && s.includes('discarded for you'))",
                           timeout=30_000)
    shot(page, output_path, "timeout-banner")
    assert not console_errors


SCRIPT_PROBE = """async (lang) => {
  const tiles = await import('./tiles.js');  // the public module (build.py PUBLIC_MODULES): the faces the page draws
  const glyphs = [];
  const protos = [CanvasRenderingContext2D.prototype, globalThis.OffscreenCanvasRenderingContext2D?.prototype].filter(Boolean);
  const reals = protos.map((p) => p.fill);  // (a face's characters are outlines: tiles.js names each one's char)
  protos.forEach((p, i) => { p.fill = function (path, ...rest) { if (path?.char) glyphs.push(path.char); return reals[i].call(this, path, ...rest); }; });
  try {
    tiles.setTileScript(tiles.scriptOf(lang));
    for (const code of ['5m', '1z', '6z', '6f']) tiles.tileImage(code, (window.__w = (window.__w || 30) + 1), 1); // a new size: painted, not cached
  } finally {
    protos.forEach((p, i) => { p.fill = reals[i]; });
    tiles.setTileScript(tiles.scriptOf(window.mahjong.settings().lang));
  }
  return glyphs;
}"""


# Every string painted on any canvas of the page, from its first frame.
LOG_GLYPHS = """
window.__glyphs = new Set();
for (const p of [CanvasRenderingContext2D.prototype, globalThis.OffscreenCanvasRenderingContext2D?.prototype]) {
  if (!p) continue;
  const real = p.fillText;
  p.fillText = function (text, ...rest) { window.__glyphs.add(String(text)); return real.call(this, text, ...rest); };
  const fill = p.fill;  // a tile face's characters: outlines, each naming its char (tiles.js)
  p.fill = function (path, ...rest) { if (path?.char) window.__glyphs.add(path.char); return fill.call(this, path, ...rest); };
}
"""


def test_tile_faces_follow_the_script_of_the_language(page, site, console_errors):
    page.add_init_script(LOG_GLYPHS)
    open_game(page, site, "variant=xinyu&seed=5&speed=fast&lang=zh-Hant")
    idle(page)
    painted = set(page.evaluate("() => [...window.__glyphs]"))
    hand = page.evaluate("() => window.mahjong.state().hands[0]")
    assert not {"万", "东", "发", "兰"} & painted, painted  # the table itself, in 繁體
    if any(code.endswith("m") for code in hand):
        assert "萬" in painted, painted
    hant = page.evaluate(SCRIPT_PROBE, "zh-Hant")
    hans = page.evaluate(SCRIPT_PROBE, "zh-Hans")
    english = page.evaluate(SCRIPT_PROBE, "en")
    assert {"萬", "東", "發", "蘭"} <= set(hant) and not {"万", "东", "发", "兰"} & set(hant), hant
    assert {"万", "东", "发", "兰"} <= set(hans) and not {"萬", "東", "發", "蘭"} & set(hans), hans
    assert {"万", "东", "发", "兰"} <= set(english) and not {"萬", "東", "發", "蘭"} & set(english), english
    # the page's own tiles follow its language: the table redrawn in 繁體 paints 萬 / 發
    assert page.evaluate("() => document.documentElement.lang") == "zh-Hant"
    assert not console_errors


def test_chinese_buttons_do_not_say_da_twice(page, site, console_errors):
    open_game(page, site, "variant=xinyu&seed=5&speed=fast&lang=zh-Hans")
    s = idle(page)
    assert s["human"]
    tile = next(a for a in s["legal"] if a.startswith("discard ")).split()[1]
    page.evaluate("(t) => { const i = window.mahjong._renderer.handRects.findIndex((r) => r.code === t); window.mahjong._view.ui.selected = i; }", tile)
    page.focus("#table")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    button = page.locator("button.act-discard")
    button.wait_for()
    text = button.inner_text()
    assert "打出" in text and "打 打出" not in text and not text.startswith("打\n打出"), text
    assert not console_errors


def test_the_loading_card_speaks_in_players_words_and_fits(browser, site, output_path):
    # a fresh context per viewport: a first visit each time (no service worker, no saved engine)
    for width, height in ((1280, 800), (844, 390), (390, 844)):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
        try:
            page.goto(site.url + "?lang=en")
            status = page.locator("#boot-status")
            status.wait_for(state="visible", timeout=30_000)
            bar = page.locator("#boot-bar").bounding_box()
            box = status.bounding_box()
            assert box and bar and box["height"] > 0
            assert box["y"] >= bar["y"] + bar["height"] - 0.5, (box, bar)  # below the bar, not over it
            text = status.inner_text()
            assert "Python" not in text and "runtime" not in text, text
            shot(page, output_path, f"loading-{width}x{height}")
            page.wait_for_function("() => window.mahjong && window.mahjong.state && window.mahjong.state()",
                                   timeout=90_000)
            assert not errors
        finally:
            context.close()


def test_the_settlement_totals_are_seen_without_scrolling_on_a_phone(page, site, console_errors, output_path):
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, site, "variant=longyan&seed=710&speed=fast&lang=en")
    idle(page)
    three = pos("longyan", ["9m9m9m147p258s1367z", None, None, None], gold="9m", dealer=3)
    new_game(page, variant="longyan", position=three, speed="fast")
    page.evaluate("() => window.mahjong.act('win')")
    page.wait_for_selector("#settle table.scores", timeout=15_000)
    page.wait_for_timeout(400)  # the dialog's entrance
    box = page.locator("#settle table.scores").bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= 844, box
    assert page.text_content("#settle .arithmetic") == "Three golds, with base b = 4: the dealer pays 2b = 8, the others pay b = 4 each"
    shot(page, output_path, "settlement-390x844")
    assert not console_errors


def test_the_help_draws_the_tiles_and_the_engines_worked_examples(page, site, console_errors, output_path):
    import json
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site.url + "help.html")
    page.wait_for_function("() => document.body.dataset.examples", timeout=30_000)
    data = json.loads((site.dist / "help-examples.json").read_text(encoding="utf-8"))
    golden = json.loads((Path(__file__).resolve().parents[1] / "golden" / "worked_examples.json").read_text(encoding="utf-8"))
    assert [e["result"]["deltas"] for e in data["examples"]] == [g["deltas"] for g in golden]
    for lang in ("en", "zh-Hans", "zh-Hant"):
        # 9 + 9 + 9 suited, 7 honors, 8 flowers, in the game's own tile art (canvases)
        assert page.locator(f"#{lang} .chart canvas").count() == 42
        assert page.locator(f"#{lang} .example").count() == len(golden)
    lines = page.eval_on_selector_all("#en .example .arithmetic", "xs => xs.map(x => x.textContent)")
    assert "total multiplier M = 2 × 4 × 4 = 32; a self-draw is paid 2 × M by each, so each pays 64" in lines, lines  # RULES.md: seven pairs, full flush
    assert "Double swim, with base b = 8: the dealer pays 2b = 16, the others pay b = 8 each" in lines, lines
    assert any(", who discarded it, pays b + 1 = 2" in x for x in lines), lines
    deltas = page.eval_on_selector_all("#en .example .deltas", "xs => xs.map(x => x.textContent)")
    assert deltas[1] == "Scores of the hand: East -64, South +192, West -64, North -64"
    page.locator("#en .example").first.scroll_into_view_if_needed()
    shot(page, output_path, "help-examples")
    assert not console_errors


def test_at_a_hands_end_show_the_result_covers_neither_toolbar_nor_tiles_left(page, site, console_errors, output_path):
    open_game(page, site, "variant=longyan&seed=710&speed=fast&lang=en")
    idle(page)
    three = pos("longyan", ["9m9m9m147p258s1367z", None, None, None], gold="9m", dealer=3)
    for width, height in ((1280, 800), (844, 390), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        new_game(page, variant="longyan", position=three, speed="fast")
        page.evaluate("() => window.mahjong.act('win')")
        page.click("#settle-peek", timeout=15_000)
        boxes = page.evaluate("""() => {
          const r = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
          const L = window.mahjong._renderer.layout;
          const half = L.ringR - L.wd;  // the centre panel: tiles left, scores, dice and gold
          return {show: r(document.getElementById('settle-show')),
                  toolbar: [...document.querySelectorAll('.toolbar button')].filter((b) => b.offsetWidth).map(r),
                  centre: [L.cx - half, L.cy - half, L.cx + half, L.cy + half]};
        }""")
        shot(page, output_path, f"hand-end-{width}x{height}")
        show = boxes["show"]
        apart = lambda a, b: a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]  # noqa: E731
        assert apart(show, boxes["centre"]), (width, height, boxes)
        assert all(apart(show, b) for b in boxes["toolbar"]), (width, height, boxes)
        assert show[0] >= 0 and show[2] <= width and show[1] >= 0 and show[3] <= height
        page.click("#settle-show")
    assert not console_errors


def button(page, action: str) -> dict:
    return page.evaluate("""(a) => { const b = document.querySelector(`#actions button[data-action="${a}"]`);
        return b && {text: b.innerText.replace(/\\s+/g, " ").trim(), label: b.getAttribute("aria-label"),
                     tiles: b.querySelectorAll("canvas").length, h: b.getBoundingClientRect().height}; }""", action)


def test_claim_buttons_name_their_tile_and_what_they_score(page, site, console_errors, output_path):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(page, site, "variant=longyan&seed=710&speed=fast&lang=en")
    idle(page)
    # a pong of the dealer's first discard (5p, turned over: nobody may rob the gold)
    pong = pos("longyan", ["5p5p1m4m7m2s5s8s1z2z3z6z7z", None, None, "2m4m7m3p5p9p3s6s9s1z2z3z4z6z"], gold="9m", dealer=3,
               history=[[3, "discard 5p"]])
    s = new_game(page, variant="longyan", position=pong, speed="fast")
    assert "pong" in s["legal"], s
    b = button(page, "pong")
    assert b["text"].startswith("碰 Pong") and b["label"].startswith("碰 Pong 5 Dots") and b["tiles"] == 1, b
    shot(page, output_path, "pong-button")
    # robbing the gold: its own glyph and the gold drawn
    rob = pos("longyan", ["123p456p789s111z4z", None, None, "123m678p789s1z2z3z6z7z"], gold="9m", dealer=3)
    new_game(page, variant="longyan", position=rob, speed="fast")
    b = button(page, "win")
    assert b["text"].startswith("抢金 Rob the gold") and b["label"].startswith("抢金 Rob the gold 9 Characters"), b
    assert b["tiles"] == 1, b
    shot(page, output_path, "rob-gold-button")
    # three golds
    three = pos("longyan", ["9m9m9m147p258s1367z", None, None, None], gold="9m", dealer=3)
    new_game(page, variant="longyan", position=three, speed="fast")
    assert button(page, "win")["text"].startswith("三金倒 Three golds"), button(page, "win")
    # a swim names its level and tile; the win beside it its category and base
    swim = pos("longyan", ["123m456p789s123s9m", None, None, "1z2z3z4z5m6m7m1p2p3p4s5s6s7z"],
               gold="9m", dealer=3, wall="5p")
    s = new_game(page, variant="longyan", position=swim, speed="fast")
    for _ in range(3):
        if "swim 5p" in s["legal"]:
            break
        page.evaluate("() => window.mahjong.act('pass')")
        s = idle(page)
    b = button(page, "swim 5p")
    assert b["text"].startswith("游金 Single swim") and b["label"].startswith("游金 Single swim (discard 5 Dots)") and b["tiles"] == 1, b
    assert button(page, "win")["text"].startswith("胡 Win: Self-draw · base 2"), button(page, "win")
    shot(page, output_path, "swim-and-win-buttons")
    # Xinyu: the win's multiplier M
    bloom = pos("xinyu", ["1111p123m456s999s1z", None, None, None], tail="1z")
    new_game(page, variant="xinyu", position=bloom, speed="fast")
    page.evaluate("() => window.mahjong.act('kong 1p')")
    idle(page)
    assert button(page, "win")["text"].startswith("胡 Win: Self-draw · M = 4"), button(page, "win")
    assert not console_errors
