"""Whether a repeat visit compiles the runtime from the code the browser kept (V8's wasm module
cache), measured over several fresh profiles: each makes its first visit, waits for the memory
snapshot (whose rehearsal compiles the kept runtime as the service worker serves it, so V8 keeps
its code beside the Cache Storage entry), then reloads under a trace and reads Chromium's
`v8.wasm.moduleCacheHit` event: its URL and how much compiled code it read.

A browser's caching at a given moment is not a test's to assert (it depends on V8's tier-up
finishing before its timeout, which a busy machine delays): this bench counts the hits instead.

    python bench/code_cache.py [--runs N] [--tree CHECKOUT]
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from served_site import Site  # noqa: E402

READY = "() => window.mahjong && window.mahjong.ready.then(() => true)"


def one_visit(site: Site) -> dict:
    context = site.browser.new_context()
    page = context.new_page()
    page.route("**/app.js", lambda route: route.abort())  # the engine only: nothing else drives it
    page.set_default_timeout(300_000)
    try:
        page.goto(site.url())
        page.wait_for_function(READY)
        report = page.evaluate("() => window.mahjong.snapshot")
        cdp = context.new_cdp_session(page)
        events: list[dict] = []
        done = threading.Event()
        cdp.on("Tracing.dataCollected", lambda e: events.extend(e["value"]))
        cdp.on("Tracing.tracingComplete", lambda e: done.set())
        cdp.send("Tracing.start", {"traceConfig": {"includedCategories": ["disabled-by-default-devtools.timeline"]},
                                   "transferMode": "ReportEvents"})
        page.reload()
        page.wait_for_function(READY)
        path = page.evaluate("() => window.mahjong.path")
        cdp.send("Tracing.end")
        done.wait(30)
        hits = [e["args"] for e in events if e["name"] == "v8.wasm.moduleCacheHit"]
        kept = [h for h in hits if "/snapshot/" in h.get("url", "")]
        return {"stored": report.get("type") == "stored", "served": report.get("served"), "path": path,
                "hit": bool(kept), "consumed": kept[0].get("consumedCacheSize", 0) if kept else 0}
    finally:
        context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parents[1],
                        help="the checkout whose site to build and measure (an older one, for a comparison)")
    args = parser.parse_args()
    print(f"{time.strftime('%Y-%m-%d %H:%M')}, load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory(prefix="code-cache-") as tmp, Site(args.tree, Path(tmp) / "dist") as site:
        rows = [one_visit(site) for _ in range(args.runs)]
    for n, row in enumerate(rows, 1):
        print(f"run {n}: snapshot stored {row['stored']}, served by the service worker {row['served']}, "
              f"repeat visit path {row['path']}, module-cache hit {row['hit']} ({row['consumed']:,} bytes of code read)")
    print(f"hits: {sum(r['hit'] for r in rows)} of {len(rows)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
