"""No raw string key reaches the screen (issue 32): each page, in each of its three languages, with
its dialogs and results open, shows no text that is a catalog key ("table.goldLabel") or looks like
one ("area.someKey"): not in the document's text, its shadow roots (<mj-hand>), its labels and
titles, nor in what is drawn on a canvas. The replay viewer drew `gold.label` on its table while
that string lived in a module only the game page imported. The replay viewer's review and settlement
read as sentences too (readable.py: no tile code, no English on a Chinese page; issue 36)."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from pagehelp import idle, open_game
from readable import unreadable

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_replay_viewer import SHOWN, bad_player_replay, link_for  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "zh-Hans", "zh-Hant")
CATALOG = json.loads((ROOT / "web" / "i18n" / "en.json").read_text(encoding="utf-8"))
KEYS = {f"{area}.{key}" for area, table in CATALOG.items() for key in table}
LOOKS_LIKE_KEY = re.compile(r"(?<![\w./-])(?:%s)\.[A-Za-z_][\w-]*(?:\.[\w-]+)*" % "|".join(CATALOG))
FILE_NAME = re.compile(r"\.(html|m?js|json|css|png|svg|py|md)$")

# every string drawn on a canvas (the table, the tiles), kept for the scan
DRAWN = """
window.__drawn = new Set();
for (const proto of [CanvasRenderingContext2D.prototype, globalThis.OffscreenCanvasRenderingContext2D?.prototype]) {
  if (!proto) continue;
  for (const name of ["fillText", "strokeText"]) {
    const draw = proto[name];
    proto[name] = function (text, ...rest) { if (window.__drawn.size < 5000) window.__drawn.add(String(text)); return draw.call(this, text, ...rest); };
  }
}
"""

# every string the page shows: the title, text (open shadow roots too), what names an element, what was drawn
SHOWN_TEXT = """() => {
  const out = new Set([document.title]);
  const names = ["aria-label", "title", "alt", "placeholder", "aria-description", "aria-valuetext", "aria-roledescription"];
  const walk = (root) => {
    for (const el of root.querySelectorAll("*")) {
      if (["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"].includes(el.tagName)) continue;
      for (const node of el.childNodes) if (node.nodeType === 3 && node.textContent.trim()) out.add(node.textContent.trim());
      for (const name of names) if (el.getAttribute(name)) out.add(el.getAttribute(name));
      if (el.tagName === "INPUT" && ["button", "submit"].includes(el.type)) out.add(el.value);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  for (const text of window.__drawn || []) out.add(text);
  return [...out];
}"""


def raw_keys(page, where: str) -> list[str]:
    """What of the page's shown text is a key, or looks like one (file names aside)."""
    found = []
    for text in page.evaluate(SHOWN_TEXT):
        if text.strip() in KEYS:
            found.append(f"{where}: {text!r}")
        for m in LOOKS_LIKE_KEY.finditer(text):
            if not FILE_NAME.search(m[0]):
                found.append(f"{where}: {m[0]!r} in {text[:80]!r}")
    return found


# the words of a part of the page as a reader takes them: its text, and what names its elements
WORDS_OF = """(selector) => {
  const box = document.querySelector(selector);
  if (!box) return [];
  return [box.innerText, ...[...box.querySelectorAll("[aria-label], [title]")].map((e) => e.getAttribute("aria-label") || e.title)];
}"""


def visit(page, url: str) -> None:
    page.goto("about:blank")  # (a new hash alone would not load the page again)
    page.goto(url)


def test_the_game_shows_no_raw_key(page, site, console_errors):
    page.add_init_script(DRAWN)
    found: list[str] = []
    for lang, variant in (("en", "longyan"), ("zh-Hans", "xinyu"), ("zh-Hant", "longyan")):
        page.goto("about:blank")
        open_game(page, site, f"lang={lang}&variant={variant}&seed=5&speed=instant&hints=1")
        idle(page)
        found += raw_keys(page, f"{lang} table")
        for button, dialog in (("#tb-settings", "#settings"), ("#tb-help", "#help")):
            page.click(button)
            page.wait_for_selector(dialog)
            found += raw_keys(page, f"{lang} {dialog}")
            page.keyboard.press("Escape")
            page.wait_for_selector(dialog, state="detached")
        # a whole hand played by the bots, to its settlement
        page.evaluate("(v) => window.mahjong.newGame({variant: v, seed: 4, autoplay: true, speed: 'instant', hands: 1})", variant)
        page.wait_for_selector("#settle", timeout=120_000)
        found += raw_keys(page, f"{lang} settlement")
    assert found == []
    assert console_errors == []


def test_the_replay_viewer_shows_no_raw_key(page, site, console_errors):
    page.add_init_script(DRAWN)
    link = link_for(page, site, bad_player_replay("longyan", 4))
    found: list[str] = []
    for lang in LANGS:
        visit(page, link.replace("replay.html#", f"replay.html?lang={lang}#"))
        page.wait_for_function(SHOWN, timeout=90_000)
        page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
        found += raw_keys(page, f"{lang} replay")
        page.click("#rp-review")
        page.wait_for_selector("#rp-review-list li button", timeout=90_000)
        found += raw_keys(page, f"{lang} review")
        found += unreadable(page.evaluate(WORDS_OF, "#rp-review-list"), lang, f"{lang} review")  # issue 36: words, not codes
        page.focus("#rp-slider")
        page.keyboard.press("End")
        page.wait_for_selector("#rp-settle:not([hidden])", timeout=60_000)
        found += raw_keys(page, f"{lang} settlement")
        found += unreadable(page.evaluate(WORDS_OF, "#rp-settle"), lang, f"{lang} settlement")
    assert found == [], "\n".join(found)
    assert console_errors == []


def test_the_tutorial_pages_show_no_raw_key(page, site, console_errors):
    page.add_init_script(DRAWN)
    found: list[str] = []
    for lang in LANGS:
        # a diagram with melds and a gold, then one the notation refuses
        for hand in ("123m456p789s11z|pong 7z|gold 5m", "12x3m"):
            visit(page, f"{site.url}tiles.html?lang={lang}#{hand.replace(' ', '%20').replace('|', '%7C')}")
            page.wait_for_function("() => document.querySelector('mj-hand')?.shadowRoot?.childElementCount > 0")
            found += raw_keys(page, f"{lang} tiles {hand}")
        # the analyzer: every discard ranked with its reason, a win's settlement, a hand that cannot win, a typo
        visit(page, f"{site.url}analyze.html?lang={lang}#v=longyan&dealer=1&h=13m468p2345s9s1z2z7z7z%7Cgold%209s")
        page.wait_for_function("() => window.analyzer && true")
        page.evaluate("window.analyzer.ready")
        page.wait_for_selector("#result[data-full=true] table.choices-table", timeout=90_000)
        found += raw_keys(page, f"{lang} analyzer ranking")
        # a win's settlement, a ready hand's waits, a hand that is not complete, two refusals (the
        # notation's and the engine's), and Xinyu's "self-draw only" for a win on a discard
        for text in ("123m456p789s11z|pong 7z", "123m456p789s11z23p", "123m456p789s1234z", "123q", "11111m2345p6789s"):
            page.evaluate("(t) => window.analyzer.edit(t, {full: true})", text)
            found += raw_keys(page, f"{lang} analyzer {text}")
        page.select_option("#variant", "xinyu")
        page.uncheck("#dealer")
        page.select_option("#win", "discard")
        page.evaluate("(t) => window.analyzer.edit(t, {full: true})", "123m456p789s11z|pong 7z")
        page.wait_for_selector("#result .why")
        found += raw_keys(page, f"{lang} analyzer cannot win")
        # a puzzle answered, its ranking shown
        visit(page, f"{site.url}puzzle.html?lang={lang}#set=longyan&n=1")
        page.wait_for_function("() => window.puzzles && true")
        page.evaluate("window.puzzles.ready")
        found += raw_keys(page, f"{lang} puzzle")
        page.click("#choices button[data-action='swim 7z']")
        page.wait_for_selector("#verdict tbody tr")
        found += raw_keys(page, f"{lang} puzzle answered")
        # the lessons: the course index, and a lesson's acting step answered wrong (its feedback)
        visit(page, f"{site.url}learn.html?lang={lang}")
        page.wait_for_selector("#course li")
        found += raw_keys(page, f"{lang} learn index")
        visit(page, f"{site.url}learn.html?lang={lang}#rules=longyan&lesson=3&step=2")
        page.wait_for_function("() => window.learn && true")
        page.wait_for_selector("#choices button, #hand button", timeout=90_000)
        found += raw_keys(page, f"{lang} learn step")
        # the help, with its worked examples drawn
        visit(page, f"{site.url}help.html?lang={lang}")
        page.wait_for_selector(".example, .failed", state="attached", timeout=30_000)
        found += raw_keys(page, f"{lang} help")
    assert found == []
    assert console_errors == []
