#!/usr/bin/env python3
"""Boot of the page against a bare Pyodide boot, first and repeat visits, in one Chromium.

    python bench/boot.py [--runs 3] [--chromium /usr/bin/chromium] [--no-throttle] [--before DIST]

Builds dist/ and, beside it in dist/bench-bare/, the unmodified files of the npm package
pyodide (the whole package, as a site serving it would) with a page that only runs loadPyodide.
Each run opens each page in a fresh browser profile (empty caches, no service worker), once
unthrottled and once throttled with Chromium's network emulation (CDP
Network.emulateNetworkConditions: 10 Mbit/s down, 40 ms latency), and measures:

- first visit: the bare boot until loadPyodide resolves; our page until its first playable
  table (window.mahjong.state() answers), its first paint and first contentful paint (the
  'paint' entries), and whether that paint came before the runtime's download began;
- repeat visit: the same page loaded again in the same context, until its table or its offer to
  continue the first visit's match (keeper.js) is up. Before it, our page is left to finish what a
  first visit does after the table is up (the service worker's cache, the memory snapshot); so
  the repeat visit is the snapshot path, served by the service worker;
- a later reload ("later"): the repeat visit's page left 2 s, then reloaded. The repeat visit
  comes right after the first visit's last background work (its snapshot report), so the first
  page's ending (its fresh engine worker's teardown, the snapshot worker's) overlaps it on the
  machine's cores; a reload a moment later, from a page that restored, shows the restore alone;
- return visit: then the browser is closed and opened again on the same profile (its disk cache,
  Cache Storage, service worker) and the page visited once more: a player coming back later.
  A reload keeps what the browser holds in memory (its memory cache, the running service worker,
  warm processes); a return visit starts from the disk, as a real later visit does;
- bytes over the wire, counted by the server (which sends GitHub Pages' Cache-Control: max-age=600) (file bodies: raw, as a plain static server such as
  this one sends them), with the compressed estimate (gzip -6 of the same files, as GitHub
  Pages sends them), and the first run's first visit file by file (and what it fetched after
  its table was up);
- how true the progress bar is: the largest gap between the bar and the share of the boot time
  gone, on each path.

Medians over the runs and the ratios ours / bare, measured in the same run; the machine's load
average is printed beside them. `--before DIST` adds another build of the site (say, main's,
built by its own build.py) as a third page, "before", measured in the same run the same way.
Figures only, no verdict.
"""
from __future__ import annotations

import argparse
import gzip
import importlib.util
import os
import shutil
import statistics
import sys
import tarfile
import tempfile
import threading
from collections import defaultdict
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
THROTTLE = {"offline": False, "latency": 40, "downloadThroughput": 10_000_000 / 8, "uploadThroughput": 10_000_000 / 8}

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

# In every page from its start: the moment our first playable table is up, or (a repeat visit)
# the offer to continue the match the first visit left (keeper.js), which the player answers first.
TABLE_WATCH = """
const poll = setInterval(() => {
  try {
    if ((window.mahjong && window.mahjong.state && window.mahjong.state()) || document.getElementById("resume-new")) {
      window.__bootDone = performance.now();
      clearInterval(poll);
    }
  } catch {}
}, 5);
"""

MEASURE = """async () => {
  await new Promise((resolve) => { const poll = () => (window.__bootDone ? resolve() : setTimeout(poll, 10)); poll(); });
  const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
  const fp = performance.getEntriesByName("first-paint")[0]?.startTime ?? null;
  // when the engine worker's downloads began (its first report): the card must be painted before
  const bigStart = window.mahjong?.timing?.downloads ?? null;
  const m = window.mahjong;
  let bar = null;
  if (m && m._progress) {
    // the largest gap between the bar and the share of the time to ready gone
    const start = m.timing.loader, span = m.timing.ready - start;
    bar = Math.max(0, ...m._progress.map((e) => Math.abs(e.overall - (e.t - start) / span)));
  }
  return { ready: window.__bootDone, fcp, fp, bigStart, path: m ? m.path : null, bar };
}"""

# the visits of a run, in the order they happen
WHEN = ("first", "repeat", "later", "return")
LATER_MS = 2000  # the "later" reload: the repeat visit's page left this long first

# Our page after its table: wait for the service worker's cache and the snapshot to be kept.
SETTLE = """async () => {
  const report = await window.mahjong.snapshot;
  await window.mahjong.offline;
  return report ? report.type : "none";
}"""


def load_build():
    spec = importlib.util.spec_from_file_location("mahjong_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


def write_bare(build, dist: Path) -> None:
    """dist/bench-bare/: the npm package's files as they are, and a page booting them."""
    folder = dist / "bench-bare"
    tarball = build.fetch_pyodide_tarball(build.load_pin())
    with tarfile.open(tarball, "r:gz") as tar:
        for member in tar.getmembers():
            if member.isfile() and member.name.startswith("package/"):
                target = folder / "pyodide" / member.name[len("package/"):]
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(tar.extractfile(member).read())  # type: ignore[union-attr]
    (folder / "index.html").write_text(BARE_PAGE, encoding="utf-8")


class Wire:
    """Bytes the server sent, per file, since the last reset (thread-safe enough for counters)."""

    def __init__(self, dist: Path) -> None:
        self.dist = dist
        self.files: dict[str, int] = defaultdict(int)
        self.gzipped: dict[Path, int] = {}
        self.lock = threading.Lock()

    def sent(self, path: str, size: int) -> None:
        with self.lock:
            self.files[unquote(urlsplit(path).path)] += size

    def take(self) -> tuple[int, int, dict[str, tuple[int, int]]]:
        """(raw bytes, gzip estimate, {file: (raw, gzip)}) since the last take."""
        with self.lock:
            files, self.files = dict(self.files), defaultdict(int)
        each = {}
        for path, size in files.items():
            local = self.dist / path.lstrip("/")
            if local.is_dir():
                local = local / "index.html"
            if local not in self.gzipped:
                self.gzipped[local] = len(gzip.compress(local.read_bytes(), 6)) if local.is_file() else size
            whole = local.stat().st_size if local.is_file() else size
            each[path] = (size, round(self.gzipped[local] * size / max(1, whole)))
        return sum(r for r, _ in each.values()), sum(g for _, g in each.values()), each


def breakdown(title: str, files: dict[str, tuple[int, int]], top: int = 12) -> None:
    """The files of one visit by their gzip bytes, the biggest first, the rest summed."""
    rows = sorted(files.items(), key=lambda item: -item[1][1])
    print(f"  {title}: {len(rows)} files, {sum(r for r, _ in files.values()) / 1e6:.3f} MB raw, "
          f"{sum(g for _, g in files.values()) / 1e6:.3f} MB gzip")
    for path, (raw, packed) in rows[:top]:
        print(f"    {packed / 1e6:7.3f} MB gzip {raw / 1e6:7.3f} MB raw  {path}")
    rest = rows[top:]
    if rest:
        print(f"    {sum(g for _, (_, g) in rest) / 1e6:7.3f} MB gzip {sum(r for _, (r, _) in rest) / 1e6:7.3f} MB raw  "
              f"the other {len(rest)} files")


def visit(playwright, chromium: str, url: str, throttled: bool, wire: Wire, ours: bool) -> dict[str, dict]:
    """A first and a repeat visit in a new browser profile: its own disk cache, as a real browser
    has (an in-memory context's HTTP cache does not keep Pyodide's 9.6 MB wasm between visits)."""
    with tempfile.TemporaryDirectory(prefix="bench-boot-profile-") as profile:
        context = launch(playwright, chromium, profile)
        try:
            figures = visits(context, url, throttled, wire, ours)
        finally:
            context.close()
        # the return visit: the browser again, on the same profile
        context = launch(playwright, chromium, profile)
        try:
            context.add_init_script(TABLE_WATCH)
            page = context.pages[0] if context.pages else context.new_page()
            if throttled:
                throttle(context, page)
            page.wait_for_timeout(1000)  # the browser's own start settles first, as a player's would
            wire.take()
            page.goto(url, wait_until="commit")
            figures["return"] = page.evaluate(MEASURE)
            figures["return"]["bytes"] = wire.take()
            return figures
        finally:
            context.close()


def launch(playwright, chromium: str, profile: str):
    """Chromium on a browser profile kept on disk, the same one each time it is given."""
    return playwright.chromium.launch_persistent_context(
        profile, executable_path=chromium, args=CHROMIUM_ARGS, viewport={"width": 1280, "height": 800})


def throttle(context, page) -> None:
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", THROTTLE)


def visits(context, url: str, throttled: bool, wire: Wire, ours: bool) -> dict[str, dict]:
    context.add_init_script(TABLE_WATCH)
    page = context.pages[0] if context.pages else context.new_page()
    say = lambda where: lambda m: m.type in ("warning", "error") and print(f"  ({where} {m.type}: {m.text[:300]})", file=sys.stderr, flush=True)  # noqa: E731
    page.on("console", say("page"))
    page.on("worker", lambda worker: worker.on("console", say("worker")))
    if throttled:
        throttle(context, page)
    figures = {}
    wire.take()
    page.goto(url, wait_until="commit")
    figures["first"] = page.evaluate(MEASURE)
    figures["first"]["bytes"] = wire.take()
    if ours:
        print("  (waiting for the service worker's cache and the snapshot)", file=sys.stderr, flush=True)
        figures["settled"] = page.evaluate(SETTLE)
    figures["first"]["after"] = wire.take()  # what the visit fetched after its table was up
    page.reload(wait_until="commit")
    figures["repeat"] = page.evaluate(MEASURE)
    figures["repeat"]["bytes"] = wire.take()
    page.wait_for_timeout(LATER_MS)
    wire.take()
    page.reload(wait_until="commit")
    figures["later"] = page.evaluate(MEASURE)
    figures["later"]["bytes"] = wire.take()
    return figures


def bytes_ms(figures: dict) -> float:
    """The time a visit's own bytes (raw, until its table) take at the throttled speed, in ms."""
    return figures["bytes"][0] / THROTTLE["downloadThroughput"] * 1000


def median(rows: list[dict], key: str) -> float:
    values = [r[key] for r in rows if r[key] is not None]
    return statistics.median(values) if values else float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--no-throttle", action="store_true", help="unthrottled visits only")
    parser.add_argument("--before", type=Path, help="another build of the site to measure beside ours")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    build = load_build()
    dist = build.build()
    write_bare(build, dist)
    wire = Wire(dist)
    # GitHub Pages' caching: a repeat visit within ten minutes may take the bare boot's files from
    # the browser's HTTP cache, as it would there
    server = build.make_server(dist, "127.0.0.1", 0, quiet=True, sent=wire.sent, cache_control="max-age=600")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    pages = {"bare": base + "bench-bare/", "ours": base}
    if args.before:
        shutil.copytree(args.before, dist / "bench-before")
        pages["before"] = base + "bench-before/"
    conditions = ["unthrottled"] + ([] if args.no_throttle else ["throttled"])
    results: dict[tuple[str, str, str], list[dict]] = defaultdict(list)
    loads = [os.getloadavg()[0]]

    try:
        with sync_playwright() as p:
            visit(p, args.chromium, pages["bare"], False, wire, ours=False)  # warm-up, not counted: disk caches
            for run in range(1, args.runs + 1):
                for condition in conditions:
                    order = list(pages) if run % 2 else list(reversed(pages))  # alternated: no page always first
                    for which in order:
                        figures = visit(p, args.chromium, pages[which], condition == "throttled", wire, ours=which != "bare")
                        for when in WHEN:
                            f = figures[when]
                            results[(which, condition, when)].append(f)
                            print(f"run {run} {condition:11} {which:6} {when:6}: ready {f['ready']:7.0f} ms  "
                                  f"first paint {f['fp'] or 0:5.0f} ms, contentful {f['fcp'] or 0:5.0f} ms  "
                                  f"{f['bytes'][0] / 1e6:6.2f} MB raw, {f['bytes'][1] / 1e6:5.2f} MB gzip"
                                  + (f" (+{f['after'][0] / 1e6:.2f} MB raw after the table)" if "after" in f else "")
                                  + (f"  path {f['path']}, bar off by {f['bar']:.2f}" if f["path"] else ""),
                                  flush=True)
                            if run == 1 and which == "ours" and when == "first":
                                breakdown("its files", f["bytes"][2])
                                breakdown("after the table (the service worker's fill, the snapshot worker)",
                                          f["after"][2], top=6)
                        loads.append(os.getloadavg()[0])
    finally:
        server.shutdown()
        server.server_close()

    print()
    print(f"load average (1 min) during the runs: {min(loads):.1f} to {max(loads):.1f}, on {os.cpu_count()} cores")
    print(f"{'':24}{'bare ms':>9}{'ours ms':>9}{'ratio':>7}{'ours FP':>9}{'ours FCP':>9}{'ours raw MB':>13}"
          f"{'ours gzip MB':>14}{'bare raw MB':>13}{'bare gzip MB':>14}{'bar off':>9}{'x own bytes':>13}")
    for condition in conditions:
        for when, which in [(w, who) for who in ("ours", "before") if who == "ours" or args.before for w in WHEN]:
            bare, ours = results[("bare", condition, when)], results[(which, condition, when)]
            b, o = median(bare, "ready"), median(ours, "ready")
            print(f"{condition + ' ' + when + ('' if which == 'ours' else ' (before)'):24}{b:9.0f}{o:9.0f}{o / b:7.2f}{median(ours, 'fp'):9.0f}{median(ours, 'fcp'):9.0f}"
                  f"{statistics.median(r['bytes'][0] for r in ours) / 1e6:13.2f}"
                  f"{statistics.median(r['bytes'][1] for r in ours) / 1e6:14.2f}"
                  f"{statistics.median(r['bytes'][0] for r in bare) / 1e6:13.2f}"
                  f"{statistics.median(r['bytes'][1] for r in bare) / 1e6:14.2f}"
                  f"{max(r['bar'] for r in ours):9.2f}"
                  + (f"{statistics.median(r['ready'] / bytes_ms(r) for r in ours):13.2f}" if condition == "throttled" and when == "first" else ""))
    late = [r for key, rows in results.items() if key[0] == "ours" for r in rows
            if r["fcp"] is not None and r["bigStart"] is not None and r["fcp"] > r["bigStart"]]
    print(f"ours: the loading card painted before the engine worker's downloads began on "
          f"{sum(1 for k, rows in results.items() if k[0] == 'ours' for _ in rows) - len(late)} of "
          f"{sum(len(rows) for k, rows in results.items() if k[0] == 'ours')} visits")
    print("x own bytes: ready against the time the visit's own bytes (raw, as this server sends them, until "
          "the table) take at the throttled speed")
    print("targets: first visit throttled <= 0.45x bare, within 1.3x its own bytes' time and <= 5 MB gzip; "
          "repeat <= 0.2x bare's; first paint < 300 ms; bar off by < 0.15")
    return 0


if __name__ == "__main__":
    sys.exit(main())
