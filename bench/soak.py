#!/usr/bin/env python3
"""A long session (issue 44): autoplayed hands in one page, both rule sets, the largest Chromium
process's memory sampled as they go.

    python bench/soak.py [--hands 5000] [--every 100] [--level normal] [--json FILE]

The game page (this tree's dist/, served locally) plays autoplay matches of 16 hands, Xinyu and
Longyan in turn, each the next seed, at the instant speed; each hand's end starts the next at once
(the page's own 300 ms pause between autoplayed hands is skipped), so the figures are per hand,
not per minute. Every `--every` hands: the resident and proportional set size (RSS, PSS, from
/proc) of the largest Chromium process (the renderer whose dedicated worker runs Pyodide), the PSS
of all of them, the page's JS heap (performance.memory), the wall time and the load average.
At the end, the growth after the warm-up (the first fifth of the hands) per 1,000 hands, by a
least-squares line through the samples. Figures only, no verdict. Console errors are printed.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from served_site import ROOT, Site  # noqa: E402
from embeds import chromium_processes  # noqa: E402  (the browser's processes, from /proc)

PAGE = "index.html?lang=en&autoplay=1&speed=instant&hands=16&variant=xinyu&seed=1&level={level}"
# Counts the hands and starts the next one as each ends: a new match of the other rule set after
# the last hand of a match (the same autoplay, the next seed).
DRIVER = """(level) => {
  const M = window.mahjong;
  const soak = window.__soak = { hands: 0, matches: 1, errors: [], seed: 1 };
  const variants = ["xinyu", "longyan"];
  M.on("error", (d) => soak.errors.push(d.message));
  M.on("handEnd", (d) => {
    soak.hands++;
    setTimeout(() => {
      const over = d.state.match.is_over;
      const next = over
        ? M.newGame({ variant: variants[soak.matches++ % 2], autoplay: true, hands: 16, seed: ++soak.seed, level })
        : M.nextHand();
      Promise.resolve(next).catch((e) => soak.errors.push(String(e && e.message || e)));
    }, 0);
  });
}"""
HEAP = "() => (performance.memory ? performance.memory.usedJSHeapSize / 1048576 : null)"


def memory() -> dict[str, float | str]:
    """The largest Chromium process (by RSS): its kind, RSS and PSS; and the PSS of all (MB)."""
    largest: tuple[float, float, str] = (0.0, 0.0, "")
    total = 0.0
    for pid, kind in chromium_processes().items():
        try:
            rollup = {line.split(":")[0]: int(line.split()[1]) / 1024
                      for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:] if line.split()[-1] == "kB"}
        except OSError:
            continue  # ended meanwhile
        total += rollup.get("Pss", 0.0)
        if rollup.get("Rss", 0.0) > largest[0]:
            largest = (rollup.get("Rss", 0.0), rollup.get("Pss", 0.0), kind)
    return {"rss": round(largest[0], 1), "pss": round(largest[1], 1), "kind": largest[2], "all_pss": round(total, 1)}


def slope(points: list[tuple[int, float]]) -> float:
    """MB per 1,000 hands, least squares."""
    n = len(points)
    if n < 2:
        return float("nan")
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    return 1000 * sum((x - mx) * (y - my) for x, y in points) / sxx if sxx else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--every", type=int, default=100)
    parser.add_argument("--level", default="normal", choices=["easy", "normal", "hard"])
    parser.add_argument("--json", type=Path, help="also write the samples here")
    args = parser.parse_args()

    samples: list[dict] = []
    with Site(dist=ROOT / "dist") as site:
        page = site.browser.new_page(viewport={"width": 1000, "height": 700})
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(site.url(PAGE.format(level=args.level)))
        page.wait_for_function("() => !!(window.mahjong && window.mahjong.state && window.mahjong.state())", timeout=180_000)
        page.evaluate(DRIVER, args.level)
        start = time.monotonic()
        target = args.every
        print(f"{'hands':>6} {'s':>7} {'largest RSS':>11} {'PSS':>7} {'all PSS':>8} {'JS heap':>8} {'load':>5}  (MB)", flush=True)
        while target <= args.hands:
            page.wait_for_function("(n) => window.__soak.hands >= n", arg=target, timeout=600_000, polling=500)
            m = memory()
            row = {"hands": page.evaluate("() => window.__soak.hands"), "seconds": round(time.monotonic() - start, 1), **m,
                   "heap": page.evaluate(HEAP), "load": round(os.getloadavg()[0], 1)}
            samples.append(row)
            heap = f"{row['heap']:8.1f}" if row["heap"] is not None else f"{'-':>8}"
            print(f"{row['hands']:6d} {row['seconds']:7.0f} {row['rss']:11.1f} {row['pss']:7.1f} {row['all_pss']:8.1f} {heap} {row['load']:5.1f}"
                  f"  ({row['kind']})", flush=True)
            target += args.every
        soak = page.evaluate("() => window.__soak")
    warm = [s for s in samples if s["hands"] > args.hands // 5]
    print(f"\n{soak['hands']} hands in {samples[-1]['seconds']:.0f} s ({soak['matches']} matches, both rule sets), level {args.level}")
    if warm:
        print(f"after the warm-up ({args.hands // 5} hands): largest process RSS {warm[0]['rss']:.0f} -> {warm[-1]['rss']:.0f} MB, "
              f"{slope([(s['hands'], s['rss']) for s in warm]):+.1f} MB per 1,000 hands; "
              f"all PSS {slope([(s['hands'], s['all_pss']) for s in warm]):+.1f} MB per 1,000 hands")
    print(f"errors: {len(errors) + len(soak['errors'])}", *[e[:200] for e in (errors + soak["errors"])[:5]], sep="\n  ")
    if args.json:
        args.json.write_text(json.dumps({"hands": args.hands, "level": args.level, "samples": samples,
                                         "date": time.strftime("%Y-%m-%d"), "errors": errors + soak["errors"]}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
