"""Every line reads as a sentence (issue 36): hands of both rule sets, played from the player's
seat by the hints' choices (claims taken where offered, so pongs and kongs are said), in each of the
three languages: every sentence the table says (the live region: narration, moments, prompts, the
clock), the prompt's line, the hints panel and the settlement hold no tile code ("5z", "234p"), no
catalog key, no "You pays" (a seat's name where the sentence needs "you"), no words run together,
and on a Chinese page no English word. The review's and the hints' words are the engine's codes
written by hint-words.js: tests/engine/test_hints_words.py holds every one of them to the same."""
from __future__ import annotations

from pagehelp import SAID, idle, open_game, shot
from readable import unreadable

LANGS = ("en", "zh-Hans", "zh-Hant")
# (rule set, seed): hands with a pong or a kong, a win, payments of several kinds
HANDS = (("longyan", 13), ("xinyu", 1))

# the words of the player's side of the table, as shown: text and what names an element
TEXTS = """() => {
  const out = [];
  for (const id of ["prompt", "hints", "settle", "actions", "banner"]) {
    const box = document.getElementById(id);
    if (!box || box.hidden) continue;
    out.push(box.innerText);
    for (const e of box.querySelectorAll("[aria-label], [title]")) out.push(e.getAttribute("aria-label") || "", e.getAttribute("title") || "");
  }
  // text copied from the winning hand's reading keeps its words apart
  for (const row of document.querySelectorAll("#settle .reading")) out.push(row.textContent);
  return out.filter((s) => s && s.trim());
}"""

# the player's move: what the hints suggest; a claim when one is offered (to hear it said)
CHOOSE = """() => {
  const s = window.mahjong.state();
  const legal = s.legal_actions;
  for (const a of ["win", "kong", "pong"]) { const m = legal.find((x) => x === a || x.startsWith(a + " ")); if (m) return m; }
  const tile = window.mahjong._view.ui.hintTile;
  if (tile && legal.includes("discard " + tile)) return "discard " + tile;
  return legal.includes("pass") ? "pass" : legal[legal.length - 1];
}"""


def test_every_line_of_a_played_hand_reads_as_a_sentence_in_each_language(page, site, console_errors, output_path):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.add_init_script(SAID)
    open_game(page, site, "lang=en&speed=instant&hints=1&hands=1")
    idle(page)
    found: list[str] = []
    for variant, seed in HANDS:
        for lang in LANGS:
            page.evaluate("(l) => window.mahjong.setLang(l)", lang)
            page.evaluate("() => { window.__said.length = 0; document.getElementById('live').textContent = ''; }")
            page.evaluate("([v, s]) => window.mahjong.newGame({variant: v, seed: s, hands: 1, hints: true, speed: 'instant'})", [variant, seed])
            shown: list[str] = []
            steps = 0
            while not idle(page)["over"]:
                page.wait_for_timeout(30)  # the hints panel's answer
                shown += page.evaluate(TEXTS)
                page.evaluate("(a) => window.mahjong.act(a)", page.evaluate(CHOOSE))
                steps += 1
                assert steps < 150
            page.wait_for_selector("#settle", timeout=30_000)
            shown += page.evaluate(TEXTS)
            shown += page.evaluate("() => window.__said")
            if lang != "en":
                shot(page, output_path, f"{variant}-{lang}-settlement")
            found += unreadable(shown, lang, f"{variant} {lang}")
    assert found == [], "\n".join(found)
    assert console_errors == []
