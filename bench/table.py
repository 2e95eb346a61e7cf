#!/usr/bin/env python3
"""Main-thread long tasks at the table: the page's thread while four bots play.

    python bench/table.py [--runs 3] [--hands 4] [--chromium /usr/bin/chromium]

Builds dist/, opens the game in autoplay (instant speed, Longyan seed 5 and Xinyu seed 5), and
once the table is up records every long task (> 50 ms, PerformanceObserver "longtask") on the
page's thread until the match ends. Prints each run's count, median and worst task. Target: no
task over 100 ms once the table is up (the engine runs in a worker). Figures only, no verdict:
a busy machine makes every task longer, so say the load (`uptime`) beside the figures.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from served_site import CHROMIUM, Site  # noqa: E402  (build, serve, launch: shared with the other browser benches)

OBSERVE = """() => { window.__long = [];
    new PerformanceObserver(list => { for (const e of list.getEntries()) window.__long.push(Math.round(e.duration)); })
        .observe({type: "longtask"}); }"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--chromium", default=CHROMIUM)
    args = parser.parse_args()

    with Site(chromium=args.chromium) as site:
        print(f"load average {os.getloadavg()[0]:.2f}; {args.hands} autoplay hands a run, 1366x768")
        for variant in ("longyan", "xinyu"):
            for run in range(args.runs):
                context = site.browser.new_context(viewport={"width": 1366, "height": 768})
                page = context.new_page()
                page.goto(site.url(f"?autoplay=1&speed=instant&hands={args.hands}&variant={variant}&seed=5&lang=en"))
                page.wait_for_function("() => window.mahjong && window.mahjong.on")
                page.evaluate("() => window.mahjong.on('matchEnd', () => { window.__done = true; })")
                page.wait_for_function("() => window.mahjong.state && window.mahjong.state()", timeout=120_000)
                page.evaluate(OBSERVE)
                page.wait_for_function("() => window.__done === true", timeout=600_000, polling=500)
                tasks = page.evaluate("() => window.__long")
                worst = max(tasks, default=0)
                median = statistics.median(tasks) if tasks else 0
                print(f"{variant:8} run {run + 1}: {len(tasks):3} long tasks, median {median:5.0f} ms, "
                      f"worst {worst:4} ms (target: none over 100 ms)", flush=True)
                context.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
