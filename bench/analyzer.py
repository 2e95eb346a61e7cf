#!/usr/bin/env python3
"""The analyzer's per-edit latency in the browser (issue 14): analyze.html, its engine in Pyodide.

    python bench/analyzer.py [--hands 300] [--base OLD_TREE] [--chromium /usr/bin/chromium]

Builds dist/, opens analyze.html, waits for the engine, then edits the hand to each of a few
hundred random hands (seeded; 13 and 14 tiles, both rule sets, a random gold in Longyan) through
``window.analyzer.edit`` and times each edit in the page, from the new text to its answer drawn
(the engine call with JSON both ways, and the drawing): first the page's first answer (verdict,
settlement, shanten, waits, the discard table) and the engine call within it, then, on a second
edit of the same hand, the bots' answer (the hard bot's choice and every reason); and the first
answers when edits follow one another as fast as they are answered (typing: the bots' answers of
hands gone must not hold the engine). Prints p50 / p95 / max per rule set and hand size.
Target: p95 ≤ 50 ms for the first answer.

``--base OLD_TREE`` (a checkout of another commit, e.g. ``git archive main | tar -x -C /tmp/base``)
builds that tree too, into a folder of its own, and measures both pages in the same browser,
hand by hand in turn, so that both see the same load: the same-run comparison. The load average
is printed before and after. Figures only, no verdict.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from served_site import CHROMIUM, Site  # noqa: E402  (build, serve, launch: shared with the other browser benches)
from py_engine.tiles import format_tiles, full_set  # noqa: E402

# An edit's answer counts as drawn once the frame showing it is painted (the next animation
# frame, then a task after it).
PAINTED = "() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))"

TIME_EDIT = """async ([text]) => {
    const painted = %s;
    await painted();
    const t0 = performance.now();
    const split = await window.analyzer.edit(text);
    await painted();
    const first = performance.now() - t0;
    await window.analyzer.edit(text + " ", {full: true});   // the same hand again, now to the bots' answer
    await painted();
    return [first, performance.now() - t0 - first, split ? split.engine : null];
}""" % PAINTED

# Typing: edits one after the other, each as soon as the previous one's first answer is painted
# (the bots' answers of the hands gone are not awaited); then the last one's bots' answer.
TIME_TYPING = """async ([texts]) => {
    const painted = %s;
    const out = [];
    for (const text of texts) {
        const t0 = performance.now();
        await window.analyzer.edit(text);
        await painted();
        out.push(performance.now() - t0);
    }
    await window.analyzer.edit(texts[texts.length - 1] + " ", {full: true});
    return out;
}""" % PAINTED


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


Times = dict[tuple[str, int], list[float]]


def line(ms: list[float]) -> str:
    if not ms:
        return f"{'-':>8} {'-':>8}"
    return f"{percentile(ms, .5):6.1f}ms {percentile(ms, .95):6.1f}ms"


def report(name: str, runs: dict[str, Times]) -> None:
    """One tree's figures: per rule set and hand size, p50 and p95 of each measure."""
    print(f"\n{name}")
    print(f"{'variant':8} {'tiles':>5} {'n':>4} {'first p50':>10} {'p95':>8} {'max':>8}"
          f"  {'engine p50':>10} {'p95':>8}  {'typing p50':>10} {'p95':>8}  {'bots p50':>10} {'p95':>8}")
    keys = sorted(runs["first"]) + [("all", 0)]
    for key in keys:
        def get(measure: str, key: tuple = key) -> list[float]:
            if key[0] == "all":
                return [m for ms in runs[measure].values() for m in ms]
            return runs[measure].get(key, [])
        first = get("first")
        size = str(key[1]) if key[1] else ""
        print(f"{key[0]:8} {size:>5} {len(first):4}   {line(first)} {max(first):6.1f}ms"
              f"    {line(get('engine'))}    {line(get('typing'))}    {line(get('bots'))}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--base", type=Path, help="another tree, measured in turn with this one")
    parser.add_argument("--chromium", default=CHROMIUM)
    args = parser.parse_args()

    names = ["this tree"] + ([f"base {args.base}"] if args.base else [])
    runs: list[dict[str, Times]] = [{m: {} for m in ("first", "engine", "typing", "bots")} for _ in names]
    with tempfile.TemporaryDirectory(prefix="bench-base-") as scratch, Site(chromium=args.chromium) as site:
        urls = [site.url("analyze.html")]
        if args.base:
            urls.append(site.extra(args.base, Path(scratch) / "dist").url("analyze.html"))
        print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} (before)")
        pages = [site.browser.new_page() for _ in urls]
        for variant in ("xinyu", "longyan"):
            for page, url in zip(pages, urls):
                page.goto("about:blank")                 # a new document: the hash alone would not reload
                page.goto(f"{url}#v={variant}&lang=en")
                page.evaluate("window.analyzer.ready")
            todo = [h for v, h in hands(args.hands, args.seed) if v == variant]
            for text in todo[:10]:                       # warm-up: the engine's tables, the page's caches
                for page in pages:
                    page.evaluate(TIME_EDIT, [text])
            for i, text in enumerate(todo):
                key = (variant, sum(c.isdigit() for c in text.split("|")[0]))
                order = list(range(len(pages)))
                if i % 2:
                    order.reverse()                      # each tree goes first on every other hand
                for k in order:
                    first, with_bots, engine = pages[k].evaluate(TIME_EDIT, [text])
                    runs[k]["first"].setdefault(key, []).append(first)
                    runs[k]["bots"].setdefault(key, []).append(with_bots)
                    if engine is not None:
                        runs[k]["engine"].setdefault(key, []).append(engine)
            for start in range(0, len(todo), 10):        # typing: ten edits in a row, a new hand each
                chunk = todo[start:start + 10]
                for k in (range(len(pages)) if start % 20 else reversed(range(len(pages)))):
                    for text, ms in zip(chunk, pages[k].evaluate(TIME_TYPING, [chunk])):
                        key = (variant, sum(c.isdigit() for c in text.split("|")[0]))
                        runs[k]["typing"].setdefault(key, []).append(ms)
        print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} (after)")
    print(f"analyzer edits in the browser (engine in Pyodide), {args.hands} random hands, seed {args.seed}")
    print("first: an edit's first answer painted (verdict, settlement, shanten, waits, the discard table),")
    print("  the engine idle before it; target p95 ≤ 50 ms. engine: the engine call within it (trees")
    print("  that report it). typing: the first answer when the edits come one after the other, each")
    print("  once the last one's first answer is painted. bots: then the bots' answer (the hard bot's")
    print("  choice, every reason), on a second edit of the hand")
    for k, name in enumerate(names):
        report(name, runs[k])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
