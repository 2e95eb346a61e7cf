#!/usr/bin/env python3
"""Bot decision times inside the browser: the engine in Pyodide, in its module worker.

    python bench/latency.py [--decisions 300] [--chromium /usr/bin/chromium]

Builds dist/, writes dist/bench-latency.html (a page that starts the page's own engine client,
web/engine.js, and its worker, and drives autoplay matches through the bridge: new_match, then bot_step until enough
decisions are made) and prints, per variant and bot level, the p50 / p95 / max of the
decision time measured in Python inside the worker (`think_ms`) and of the whole call as the
page sees it (think, apply, observation, JSON both ways). Targets: p95 think ≤ 30 ms (normal),
≤ 150 ms (hard). Figures only, no verdict.
"""
from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from served_site import CHROMIUM, ROOT, Site, load_build  # noqa: E402  (build, serve, launch: shared with the other browser benches)

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bot latency bench</title>
<link rel="icon" href="data:,"></head><body>
<script type="module" src="./bench-latency.js"></script></body></html>
"""

# The page's module: the page's own engine client (web/engine/engine.js), bundled by the build's
# esbuild as the pages' modules are (dist/ keeps no unbundled engine.js), and its worker.
MODULE = """import { startEngine } from "ENGINE_JS";
const engine = startEngine();
const ready = engine.ready;
const call = (method, args) => engine.call(method, args).catch((e) => ({ ok: false, error: e.message }));
window.runBench = async (variant, level, decisions, seed) => {
  await ready;
  let reply = await call("new_match", { variant, level, seed, autoplay: true, hands: 16 }); // the longest match (MATCH_LENGTHS)
  if (!reply.ok) throw new Error(reply.error);
  const think = [], round = [];
  while (think.length < decisions) {
    if (reply.state && reply.state.is_over) {
      reply = await call("next_hand", {});
      // the match's 16 hands played: another match, on the next seed
      if (!reply.ok) reply = await call("new_match", { variant, level, seed: ++seed, autoplay: true, hands: 16 });
      if (!reply.ok) throw new Error(reply.error);
      continue;
    }
    const t0 = performance.now();
    reply = await call("bot_step", {});
    round.push(performance.now() - t0);
    if (!reply.ok) throw new Error(reply.error);
    think.push(reply.think_ms);
  }
  return { think, round };
};
window.benchReady = ready.then(() => true);
"""


def bundle_page(dist: Path) -> None:
    """dist/bench-latency.html and its module, bundled from MODULE with the build's esbuild."""
    build = load_build()
    (dist / "bench-latency.html").write_text(PAGE, encoding="utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        entry = Path(tmp) / "bench-latency.js"
        entry.write_text(MODULE.replace("ENGINE_JS", (ROOT / "web" / "engine" / "engine.js").as_posix()), encoding="utf-8")
        build.esbuild(build.node_tools(), dist, [str(entry)], Path(tmp) / "out", "--entry-names=[name]")
        shutil.copyfile(Path(tmp) / "out" / "files" / "bench-latency.js", dist / "bench-latency.js")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--chromium", default=CHROMIUM)
    parser.add_argument("--levels", default="easy,normal,hard")
    args = parser.parse_args()

    targets = {"easy": None, "normal": 30.0, "hard": 150.0}
    with Site(chromium=args.chromium) as site:
        bundle_page(site.dist)
        page = site.browser.new_page()
        page.goto(site.url("bench-latency.html"))
        page.evaluate("window.benchReady")
        print(f"bot decisions in Pyodide (module worker), {args.decisions} decisions each, autoplay matches")
        print(f"{'variant':8} {'level':7} {'think p50':>10} {'p95':>8} {'max':>8}   {'call p50':>9} {'p95':>8}   target p95")
        for variant in ("xinyu", "longyan"):
            for level in args.levels.split(","):
                page.evaluate("([v, l, n]) => window.runBench(v, l, 20, 99)", [variant, level])  # warm-up
                out = page.evaluate("([v, l, n]) => window.runBench(v, l, n, 7)", [variant, level, args.decisions])
                think, round_trip = out["think"], out["round"]
                target = targets.get(level)
                print(f"{variant:8} {level:7} {percentile(think, .5):8.1f}ms {percentile(think, .95):6.1f}ms "
                      f"{max(think):6.1f}ms   {percentile(round_trip, .5):7.1f}ms {percentile(round_trip, .95):6.1f}ms"
                      f"   {'≤ %.0f ms' % target if target else '-'}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
