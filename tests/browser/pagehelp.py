"""Helpers for the play tests: open the built page, wait for the table, play through the canvas."""
from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

TABLE_UP = "() => !!(window.mahjong && window.mahjong.state && window.mahjong.state())"

# Resolves with a summary once the page waits for the human only (or the hand is over).
IDLE = """async () => {
    const s = await Promise.race([
        window.mahjong.idle(),
        new Promise((_, reject) => setTimeout(() => reject(new Error("the page never became idle")), 60000)),
    ]);
    return {human: s.human_to_move, over: s.is_over, legal: s.legal_actions, phase: s.phase,
            hand: s.match.hand_number, matchOver: s.match.is_over, variant: s.variant};
}"""

# Every sentence the live region says, in order (a fresh node each time: ui.announce).
SAID = """
window.__said = [];
new MutationObserver(() => {
  const live = document.getElementById("live");
  const text = live ? live.textContent : "";
  if (text && window.__said[window.__said.length - 1] !== text) window.__said.push(text);
}).observe(document, { subtree: true, childList: true, characterData: true });
"""

# Every page and frame (as an init script): record Content-Security-Policy violations.
CSP_WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
    window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
"""


HAND_TILES = """() => window.mahjong._renderer.handRects.map(r => ({x: r.x + r.w / 2, y: r.y + r.h / 2, code: r.code}))"""


# The table is up, or the page offers to continue a match this browser saved (keeper.js).
TABLE_OR_OFFER = "() => " + TABLE_UP[6:] + " || !!document.getElementById('resume-new')"


def open_game(page, site, query: str = "", timeout: int = 90_000, frame=None) -> None:
    """Load the page (with URL parameters) and wait until the first hand is on the table. A test
    opening the page again in the same browser is offered its saved match: it starts a new one."""
    page.goto(site.url + (f"?{query}" if query else ""))
    _new_match_if_offered(page, timeout)


def reopen(page, timeout: int = 90_000) -> None:
    """Reload the page and wait for the table, starting a new match if the saved one is offered."""
    page.reload()
    _new_match_if_offered(page, timeout)


def _new_match_if_offered(page, timeout: int) -> None:
    page.wait_for_function(TABLE_OR_OFFER, timeout=timeout)
    if not page.evaluate(TABLE_UP):
        page.click("#resume-new")
        page.wait_for_function(TABLE_UP, timeout=timeout)


def idle(target) -> dict[str, Any]:
    return target.evaluate(IDLE)


def phone_visit(browser, width: int = 390, height: int = 844, scale: int = 3, **options):
    """A fresh browser profile as a phone (touch, mobile) that never makes the memory snapshot (a
    trip's pages come back to the game at once): its context, a page, and the page's errors
    (uncaught, and console errors) as they come."""
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale,
                                  has_touch=True, is_mobile=True, **options)
    context.add_init_script("window.mahjongTestNoSnapshot = true;")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    return context, page, errors


def discard_and_keep(page, discards: int) -> int:
    """The human's next ``discards`` discards (the first legal one each time, the bots between),
    then wait until the match's save holds them all; returns the match's length (history_length)."""
    for _ in range(discards):
        s = idle(page)
        page.evaluate("(a) => window.mahjong.act(a)", next(a for a in s["legal"] if a.startswith("discard ")))
    idle(page)
    moves = page.evaluate("() => window.mahjong.state().history_length")
    page.wait_for_function("""(n) => Object.keys(localStorage).some((k) => k.startsWith('mahjong.match.')
        && JSON.parse(localStorage.getItem(k)).save.hands.at(-1).actions.length === n)""", arg=moves)
    return moves


def shot(page, output_path: str, name: str) -> Path:
    """A screenshot kept as a test artifact under test-results/<test>/."""
    folder = Path(output_path)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def base64url(value: Any) -> str:
    return base64.urlsafe_b64encode(json.dumps(value).encode()).decode().rstrip("=")


def click_discard(page, legal: list[str], prefer_last: bool = True) -> str:
    """Discard by tapping a tile twice on the canvas (select, then discard); returns the action."""
    tiles = page.evaluate(HAND_TILES)
    choices = [t for t in tiles if f"discard {t['code']}" in legal]
    assert choices, (tiles, legal)
    tile = choices[-1] if prefer_last else choices[0]
    page.mouse.click(tile["x"], tile["y"])
    page.mouse.click(tile["x"], tile["y"])
    return f"discard {tile['code']}"


def key_discard(page, legal: list[str]) -> str:
    """Discard with the keyboard: Home, arrows to a legal tile, Enter."""
    tiles = page.evaluate(HAND_TILES)
    index = next(i for i, t in enumerate(tiles) if f"discard {t['code']}" in legal)
    page.focus("#table")
    page.keyboard.press("Home")
    for _ in range(index):
        page.keyboard.press("ArrowRight")
    selected = page.evaluate("() => window.mahjong._view.ui.selected")
    assert selected == index
    page.keyboard.press("Enter")
    return f"discard {tiles[index]['code']}"


# The author's guide's height snippet (docs/embedding.md, docs/js/frames.js) (a host page sizing every frame of ours), with each message it
# acted on kept in window.got ({frame, page, height}) for the test to read.
HEIGHT_SNIPPET = """window.got = [];
addEventListener("message", (e) => {
  if (e.data?.source !== "mahjong" || e.data.type !== "height") return;
  for (const f of document.querySelectorAll("iframe")) if (f.contentWindow === e.source) {
    f.style.height = e.data.detail.height + "px";
    got.push({ frame: f.id, page: e.data.detail.page, height: e.data.detail.height });
  }
});
for (const f of document.querySelectorAll("iframe")) f.contentWindow.postMessage({ target: "mahjong", method: "height" }, "*");
"""
