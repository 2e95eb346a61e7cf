#!/usr/bin/env python3
"""Boot time of the page against a bare Pyodide boot, in one Chromium session.

    python bench/boot.py [--runs 5] [--chromium /usr/bin/chromium]

Builds dist/, writes dist/bench-bare.html (a page that only runs loadPyodide from the same
files; also a variant doing it in a module worker) and loads each page --runs times, in
rotating order, each in a fresh browser context (so an empty cache). Prints medians of: first contentful paint, time to ready (bare: loadPyodide
resolved; ours: window.mahjong.ready resolved), the ratio ours/bare (target <= 1.25), and
the longest main-thread task after first paint (target < 100 ms). Figures only, no verdict.
"""
from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]

BARE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide boot</title>
<link rel="icon" href="data:,"></head>
<body style="background:#1f5a40">
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
await loadPyodide({ indexURL: "./pyodide/" });
window.__bootDone = performance.now();
</script>
</body></html>
"""

# The same bare boot, in a module worker as our page does it: the price of the worker alone.
BARE_WORKER_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide boot in a worker</title>
<link rel="icon" href="data:,"></head>
<body style="background:#1f5a40">
<script type="module">
const worker = new Worker("./bench-bare-worker.js", { type: "module" });
worker.onmessage = () => { window.__bootDone = performance.now(); };
</script>
</body></html>
"""

BARE_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
self.postMessage("ready");
"""

# Collects long tasks (>50 ms) on the main thread from the very start of each page.
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });
"""

MEASURE = """async (which) => {
  const until = (test) => new Promise((resolve) => {
    const poll = () => (test() ? resolve() : setTimeout(poll, 10));
    poll();
  });
  let done;
  if (which !== "ours") {
    await until(() => window.__bootDone);
    done = window.__bootDone;
  } else {
    await until(() => window.mahjong);
    await window.mahjong.ready;
    done = window.mahjong.timing.ready;
  }
  const t = which === "ours" ? window.mahjong.timing : {};
  const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
  const after = window.__longTasks.filter(([start]) => fcp !== null && start >= fcp);
  return { ready: done, fcp, longest: Math.max(0, ...after.map(([, d]) => d)),
           stages: which === "ours" ? { python: t.start, micropip: t.micropip - t.start,
                                        engine: t.engine - t.micropip, import: t.import - t.engine } : null };
}"""


def load_build():
    spec = importlib.util.spec_from_file_location("mahjong_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    build = load_build()
    dist = build.build()
    (dist / "bench-bare.html").write_text(BARE_PAGE, encoding="utf-8")
    (dist / "bench-bare-worker.html").write_text(BARE_WORKER_PAGE, encoding="utf-8")
    (dist / "bench-bare-worker.js").write_text(BARE_WORKER, encoding="utf-8")
    server = build.make_server(dist, "127.0.0.1", 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    pages = {"bare": base + "bench-bare.html", "worker": base + "bench-bare-worker.html", "ours": base}
    results: dict[str, list[dict]] = {which: [] for which in pages}

    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
            # One warm-up of each, not counted: the first launch pays for disk caches.
            for run in range(args.runs + 1):
                order = list(pages)
                for which in order[run % 3:] + order[:run % 3]:
                    context = browser.new_context(viewport={"width": 1280, "height": 800})
                    context.add_init_script(LONG_TASKS)
                    page = context.new_page()
                    page.goto(pages[which], wait_until="commit")
                    figures = page.evaluate(MEASURE, which)
                    context.close()
                    if run:
                        results[which].append(figures)
                        stages = figures["stages"]
                        detail = ("  (" + ", ".join(f"{k} {v:.0f}" for k, v in stages.items()) + ")") if stages else ""
                        print(f"run {run} {which:6}: ready {figures['ready']:7.0f} ms  "
                              f"first paint {figures['fcp'] or 0:6.0f} ms  longest task {figures['longest']:4.0f} ms"
                              + detail, flush=True)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()

    med = {w: {k: statistics.median(r[k] or 0 for r in rs) for k in ("ready", "fcp", "longest")}
           for w, rs in results.items()}
    print()
    print(f"bare Pyodide boot     median {med['bare']['ready']:7.0f} ms")
    print(f"bare boot in a worker median {med['worker']['ready']:7.0f} ms")
    print(f"our page until ready  median {med['ours']['ready']:7.0f} ms")
    print(f"ratio ours / bare            {med['ours']['ready'] / med['bare']['ready']:7.2f}   (target <= 1.25)")
    print(f"our first paint       median {med['ours']['fcp']:7.0f} ms")
    for stage in ("python", "micropip", "engine", "import"):
        print(f"  {stage + ' ready at' if stage == 'python' else stage + ' stage':16}     median "
              f"{statistics.median(r['stages'][stage] for r in results['ours']):7.0f} ms")
    worst = max(r["longest"] for r in results["ours"])
    print(f"longest main-thread task after first paint: median {med['ours']['longest']:.0f} ms, "
          f"worst {worst:.0f} ms   (target < 100)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
