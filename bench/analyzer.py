#!/usr/bin/env python3
"""The analyzer's per-edit latency in the browser (issue 14): analyze.html, its engine in Pyodide.

    python bench/analyzer.py [--hands 300] [--chromium /usr/bin/chromium]

Builds dist/, opens analyze.html, waits for the engine, then edits the hand to each of a few
hundred random hands (seeded; 13 and 14 tiles, both rule sets, a random gold in Longyan) through
``window.analyzer.edit`` and times each edit in the page, from the new text to its answer drawn
(the engine call with JSON both ways, and the drawing). Prints p50 / p95 / max per rule set and
hand size. Target: p95 ≤ 50 ms. Figures only, no verdict.
"""
from __future__ import annotations

import argparse
import random
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from boot import CHROMIUM_ARGS, load_build  # the same Chromium and the same site build as the boot bench
from py_engine.tiles import format_tiles, full_set

TIME_EDIT = """async ([text]) => {
    const t0 = performance.now();
    await window.analyzer.edit(text);
    const first = performance.now() - t0;
    await window.analyzer.edit(text + " ", {full: true});   // the same hand again, now to the bots' answer
    return [first, performance.now() - t0 - first];
}"""


def hands(n: int, seed: int) -> list[tuple[str, str]]:
    """(variant, hand text) pairs: shuffled sets dealt 13 or 14 tiles; Longyan gets a gold face."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        variant = "xinyu" if i % 2 == 0 else "longyan"
        tiles = [t for t in full_set(False)]
        rng.shuffle(tiles)
        size = 13 if i % 4 < 2 else 14
        hand = tiles[:size]
        text = format_tiles(hand[:-1]) + format_tiles(hand[-1:])     # the last tile stays last: the winning tile
        if variant == "longyan":
            gold = rng.choice([t for t in tiles[size:] if hand.count(t) < 3])
            text += f"|gold {gold}"
        out.append((variant, text))
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    build = load_build()
    dist = build.build()
    server = build.make_server(dist, "127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/analyze.html"
    times: dict[tuple[str, int], list[float]] = {}
    full: dict[tuple[str, int], list[float]] = {}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
            page = browser.new_page()
            for variant in ("xinyu", "longyan"):
                page.goto(f"{base}#v={variant}&lang=en")
                page.evaluate("window.analyzer.ready")
                todo = [h for v, h in hands(args.hands, args.seed) if v == variant]
                for text in todo[:10]:                       # warm-up: the engine's tables, the page's caches
                    page.evaluate(TIME_EDIT, [text])
                for text in todo:
                    first, with_bots = page.evaluate(TIME_EDIT, [text])
                    size = sum(c.isdigit() for c in text.split("|")[0])
                    times.setdefault((variant, size), []).append(first)
                    full.setdefault((variant, size), []).append(with_bots)
            browser.close()
    finally:
        server.shutdown()
    print(f"analyzer edits in the browser (engine in Pyodide), {args.hands} random hands, seed {args.seed}")
    print("first answer (verdict, settlement, shanten, waits, improving tiles): target p95 ≤ 50 ms;")
    print("then the bots' answer (the hard bot's choice, every reason), timed apart on a second edit")
    print(f"{'variant':8} {'tiles':>5} {'n':>4} {'p50':>8} {'p95':>8} {'max':>8}   {'bots p50':>9} {'p95':>8}")
    for key, ms in sorted(times.items()):
        b = full[key]
        print(f"{key[0]:8} {key[1]:5} {len(ms):4} {percentile(ms, .5):6.1f}ms {percentile(ms, .95):6.1f}ms {max(ms):6.1f}ms"
              f"   {percentile(b, .5):7.1f}ms {percentile(b, .95):6.1f}ms")
    every = [m for ms in times.values() for m in ms]
    bots = [m for ms in full.values() for m in ms]
    print(f"{'all':8} {'':5} {len(every):4} {percentile(every, .5):6.1f}ms {percentile(every, .95):6.1f}ms {max(every):6.1f}ms"
          f"   {percentile(bots, .5):7.1f}ms {percentile(bots, .95):6.1f}ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
