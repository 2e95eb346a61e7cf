"""The table holds still (issue 36): through every phase of a hand (the player's draw and discard,
the others' turns, claims, flowers and melds of the others) the player's hand tiles, the board's
centre and size and the claim buttons keep their boxes, to the pixel, at 390x844, 844x390 and
1280x800 (on a phone held upright, the hand's two rows). Opening or closing the hints and tracker
panels moves neither the hand, the buttons nor the board: a wide screen keeps their room free
beside it, a phone's panels lie over the table (issue 57). And the bots never move in the same moment as the
player: the discard after the player's waits its pause."""
from __future__ import annotations

from pagehelp import idle, open_game, shot

VIEWPORTS = {"portrait": (390, 844), "landscape": (844, 390), "desktop": (1280, 800)}

# what should hold still, at this moment
SAMPLE = """() => {
  const R = window.mahjong._renderer, L = R.layout;
  const r2 = (v) => Math.round(v * 100) / 100;
  const box = (e) => { const b = e.getBoundingClientRect(); return [r2(b.left), r2(b.top), r2(b.width), r2(b.height)]; };
  return {
    tiles: Object.fromEntries(R.handRects.map((t) => [t.index, [r2(t.x), r2(t.y), r2(t.w), r2(t.h)]])),
    centre: [r2(L.cx), r2(L.cy), r2(L.u)],
    buttons: Object.fromEntries([...document.querySelectorAll("#actions button")].map((b) => [b.dataset.action.split(" ")[0], box(b)])),
    panels: ["hints", "tracker"].filter((id) => !document.getElementById(id).hidden).join("+"),
    drawn: window.mahjong.state().hand_counts[window.mahjong.state().seat] % 3 === 2,
  };
}"""

# the player's move: pass on every claim (their melds would change their hand), discard the hints'
# tile (once the hints are closed, the first tile)
CHOOSE = """() => {
  const s = window.mahjong.state(), legal = s.legal_actions;
  if (legal.includes("pass")) return "pass";
  const tile = window.mahjong._view.ui.hintTile;
  if (tile && legal.includes("discard " + tile)) return "discard " + tile;
  return legal.filter((a) => a.startsWith("discard "))[0] || legal[0];
}"""

FRAME = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


def differences(samples: list[dict], what: str) -> list[str]:
    """Where a box differs from the first seen of its kind."""
    first: dict = {}
    out = []
    for n, sample in enumerate(samples):
        items = sample[what].items() if isinstance(sample[what], dict) else [("", sample[what])]
        for key, box in items:
            if key in first and first[key] != box:
                out.append(f"{what} {key} at sample {n}: {box} not {first[key]}")
            first.setdefault(key, box)
    return out


def test_the_hand_the_centre_and_the_buttons_hold_still(page, site, console_errors, output_path):
    open_game(page, site, "variant=longyan&seed=16&speed=instant&lang=en&hints=1&hands=1&level=normal")  # (a first match is easy)
    found: list[str] = []
    for name, (width, height) in VIEWPORTS.items():
        page.set_viewport_size({"width": width, "height": height})
        # Longyan seed 16: 19 turns of the player's, 3 claims passed, 4 flowers drawn
        page.evaluate("() => window.mahjong.newGame({variant: 'longyan', seed: 16, hands: 1, hints: true, speed: 'instant', level: 'normal'})")
        page.wait_for_selector("#hints:not([hidden])")
        samples: list[dict] = []
        for turn in range(22):
            if turn == 8:  # the tracker opens beside the hints for a stretch of turns, then both close
                page.keyboard.press("t")
            if turn == 16:
                page.keyboard.press("t")
                page.keyboard.press("?")
            s = idle(page)
            if s["over"]:
                break
            page.evaluate(FRAME)
            samples.append(page.evaluate(SAMPLE))
            action = page.evaluate(CHOOSE)
            if action.startswith("discard "):  # the tile clicked (selected): its Discard button shows
                rect = page.evaluate("(c) => window.mahjong._renderer.handRects.find((t) => t.code === c)", action.split(" ")[1])
                page.mouse.click(rect["x"] + rect["w"] / 2, rect["y"] + rect["h"] / 2)
                page.evaluate(FRAME)
                samples.append(page.evaluate(SAMPLE))
            page.evaluate("(a) => window.mahjong.act(a)", action)
            page.evaluate(FRAME)
            samples.append(page.evaluate(SAMPLE))  # the others' turn
            if turn == 10:
                shot(page, output_path, f"{name}-panels")
        shot(page, output_path, name)
        # a phone held upright holds the hand on two rows (test_finger.py): they hold still as one row does
        rows = {box[1] for s in samples for box in s["tiles"].values()}
        assert len(rows) == (2 if name == "portrait" else 1), (name, rows)
        kinds = {k for s in samples for k in s["buttons"]}
        assert {"pass", "discard"} <= kinds, (name, kinds)
        assert {s["panels"] for s in samples} == {"hints", "hints+tracker", ""}, name
        # the hand, the buttons and the board, whatever the panels (issue 57: they lie beside the
        # board where the screen has room, else over it; a phone's board made room for them and
        # shrank to a third of its size)
        found += [f"{name}: {d}" for what in ("tiles", "buttons", "centre") for d in differences(samples, what)]
    assert found == [], "\n".join(found[:30])
    assert console_errors == []


# each discard's time, as the page plays it
DISCARD_TIMES = """
window.__discards = [];
addEventListener("load", () => {
  const hook = () => window.mahjong && window.mahjong.on
    ? window.mahjong.on("event", (ev) => { if (ev.type === "discard") window.__discards.push([ev.seat, performance.now()]); })
    : setTimeout(hook, 50);
  hook();
});
"""


def test_the_discard_after_the_players_waits_its_pause(page, site, console_errors):
    page.add_init_script(DISCARD_TIMES)
    open_game(page, site, "variant=xinyu&seed=3&speed=normal&lang=en")
    gaps = []
    for _ in range(3):
        s = idle(page)
        while not any(a.startswith("discard ") for a in s["legal"]):  # a claim: passed
            page.evaluate("(a) => window.mahjong.act(a)", "pass" if "pass" in s["legal"] else s["legal"][0])
            s = idle(page)
        before = page.evaluate("() => window.__discards.length")
        page.evaluate("(a) => window.mahjong.act(a)", next(a for a in s["legal"] if a.startswith("discard ")))
        page.wait_for_function("(n) => window.__discards.length >= n + 2", arg=before, timeout=20_000)
        (mine, t0), (theirs, t1) = page.evaluate("(n) => window.__discards.slice(n, n + 2)", before)
        assert mine == 0 and theirs != 0
        gaps.append(t1 - t0)
    assert min(gaps) >= 500, gaps  # a bot's pause at normal speed is 600 ms: the player's discard is seen, then theirs
    assert console_errors == []
