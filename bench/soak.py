#!/usr/bin/env python3
"""A long session (issue 44): autoplayed hands in one page, both rule sets, the largest Chromium
process's memory sampled as they go.

    python bench/soak.py [--hands 5000] [--every 100] [--level normal] [--json FILE] [--python] [--dist DIR]

The game page (this tree's dist/, served locally) plays autoplay matches of 16 hands, Xinyu and
Longyan in turn, each the next seed, at the instant speed; each hand's end starts the next at once
(the page's own 300 ms pause between autoplayed hands is skipped), so the figures are per hand,
not per minute. Every `--every` hands: the resident and proportional set size (RSS, PSS, from
/proc) of the largest Chromium process (the renderer whose dedicated worker runs Pyodide), the PSS
of all of them, the page's JS heap (performance.memory), the canvases it made and DOM nodes (CDP Performance.getMetrics),
the engine worker's JS heap (CDP) and wasm memory (Pyodide's heap, which grows and never shrinks: read in the worker
as this bench serves it, see WORKER_HOOK), with `--python` the objects Python's collector tracks,
the wall time and the load average. At the end, the growth after the warm-up (the first fifth of
the hands) and over the last half, per 1,000 hands, by least-squares lines through the samples.
Figures only, no verdict. Console errors are printed. With `--json` the samples are written after
each one (a run cut short keeps what it measured).
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
# The canvases the page makes (OffscreenCanvas: the tile images tiles.js keeps), counted as they are
# made, with their pixels' bytes: canvas memory is the renderer's, outside the JS heap.
CANVASES = """(() => { if (typeof OffscreenCanvas === "undefined") return;
  const made = window.__soakCanvas = { n: 0, bytes: 0 };
  const Real = OffscreenCanvas;
  window.OffscreenCanvas = class extends Real { constructor(w, h) { super(w, h); made.n++; made.bytes += w * h * 4; } };
})()"""
HEAP = "() => (performance.memory ? performance.memory.usedJSHeapSize / 1048576 : null)"
# The engine worker as served to this bench only (never in the built site): the same file, with its
# Pyodide handed to the worker's global scope once booted, so the bench can read the worker's wasm
# memory and ask Python about its own heap. Nothing else changes.
WORKER_HOOK = ("drop=pyodide.runPython(", "self.__soakPyodide=pyodide,drop=pyodide.runPython(")
# Inside the worker (with --python): a full collection, then the objects the collector tracks and
# the most numerous types (to see what grows). The wasm memory's size is read at every sample.
PYTHON = """
import gc, collections, json
gc.collect()
_objects = gc.get_objects()
_types = collections.Counter(type(o).__name__ for o in _objects)
_out = json.dumps({"objects": len(_objects), "types": dict(_types.most_common(12))})
del _objects, _types
_out
"""
WORKER = """(python) => {
  const py = self.__soakPyodide;
  if (!py) return null;
  const out = python ? JSON.parse(py.runPython(python)) : {};
  out.wasm = py._module.HEAP8.length / 1048576;
  return out;
}"""


def memory() -> dict[str, float | str]:
    """The largest Chromium process (by RSS): its kind, RSS and PSS, its RSS by region; and the PSS of all (MB)."""
    largest: tuple[float, float, str, int] = (0.0, 0.0, "", 0)
    total = 0.0
    for pid, kind in chromium_processes().items():
        try:
            rollup = {line.split(":")[0]: int(line.split()[1]) / 1024
                      for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:] if line.split()[-1] == "kB"}
        except OSError:
            continue  # ended meanwhile
        total += rollup.get("Pss", 0.0)
        if rollup.get("Rss", 0.0) > largest[0]:
            largest = (rollup.get("Rss", 0.0), rollup.get("Pss", 0.0), kind, pid)
    try:
        parts = regions(largest[3]) if largest[3] else {}
    except OSError:
        parts = {}
    return {"rss": round(largest[0], 1), "pss": round(largest[1], 1), "kind": largest[2], "all_pss": round(total, 1),
            "regions": parts}


class WorkerHeap:
    """The engine worker's JS heap (CDP Runtime.getHeapUsage in the worker, through the browser's
    session: Playwright opens none on a worker)."""

    def __init__(self, browser, page) -> None:
        self.cdp = browser.new_browser_cdp_session()
        self.page = page
        self.replies: dict[int, dict] = {}
        self.next = 0
        self.cdp.on("Target.receivedMessageFromTarget", self._reply)
        workers = [t for t in self.cdp.send("Target.getTargets")["targetInfos"]
                   if t["type"] == "worker" and t["url"].endswith("engine-worker.js")]
        self.session = self.cdp.send("Target.attachToTarget", {"targetId": workers[0]["targetId"], "flatten": False})["sessionId"] \
            if workers else None

    def _reply(self, event: dict) -> None:
        message = json.loads(event["message"])
        if "id" in message:
            self.replies[message["id"]] = message

    def used(self) -> float | None:
        """MB, or None when the worker cannot be asked."""
        if not self.session:
            return None
        self.next += 1
        ask = self.next
        self.cdp.send("Target.sendMessageToTarget", {"sessionId": self.session,
                                                     "message": json.dumps({"id": ask, "method": "Runtime.getHeapUsage"})})
        deadline = time.monotonic() + 30
        while ask not in self.replies and time.monotonic() < deadline:
            self.page.wait_for_timeout(20)
        answer = self.replies.pop(ask, {}).get("result")
        return round(answer["usedSize"] / 1048576, 1) if answer else None


def regions(pid: int) -> dict[str, float]:
    """A process's resident memory by kind of mapping (MB): `heap` the C heap ([heap]), `anon` every
    other anonymous mapping (the wasm memory, V8's heaps, PartitionAlloc, thread stacks), `file`
    what is mapped from files (libraries, fonts)."""
    out = {"heap": 0.0, "anon": 0.0, "file": 0.0}
    kind = "anon"
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        head = line.split()
        if "-" in head[0] and len(head) >= 5 and ":" not in head[0]:
            name = head[5] if len(head) > 5 else ""
            kind = "heap" if name == "[heap]" else "file" if name.startswith("/") else "anon"
        elif head[0] == "Rss:":
            out[kind] += int(head[1]) / 1024
    return {k: round(v, 1) for k, v in out.items()}


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
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="where to build the site (default dist/)")
    parser.add_argument("--python", action="store_true",
                        help="also ask Python in the worker (a full collection, then its objects by type) at each sample")
    args = parser.parse_args()

    samples: list[dict] = []
    with Site(dist=args.dist) as site:
        page = site.browser.new_page(viewport={"width": 1000, "height": 700})
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))

        def worker_script(route) -> None:
            body = route.fetch().text()
            if WORKER_HOOK[0] not in body:
                errors.append("soak: the worker's hook point was not found (its Python and wasm heap not sampled)")
            route.fulfill(body=body.replace(WORKER_HOOK[0], WORKER_HOOK[1], 1), content_type="text/javascript")

        page.route("**/engine-worker.js", worker_script)
        page.add_init_script(CANVASES)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")
        page.goto(site.url(PAGE.format(level=args.level)))
        page.wait_for_function("() => !!(window.mahjong && window.mahjong.state && window.mahjong.state())", timeout=180_000)
        page.evaluate(DRIVER, args.level)
        worker_heap = WorkerHeap(site.browser, page)
        start = time.monotonic()
        target = args.every
        print(f"{'hands':>6} {'s':>7} {'largest RSS':>11} {'PSS':>7} {'all PSS':>8} {'JS heap':>8} {'worker':>6} {'wasm':>6} "
              f"{'py objs':>8} {'nodes':>6} {'load':>5}  (MB)", flush=True)
        while target <= args.hands:
            page.wait_for_function("(n) => window.__soak.hands >= n", arg=target, timeout=600_000, polling=500)
            m = memory()
            metrics = {x["name"]: x["value"] for x in cdp.send("Performance.getMetrics")["metrics"]}
            engine = next((w.evaluate(WORKER, PYTHON if args.python else "") for w in page.workers
                           if w.url.endswith("engine-worker.js")), None)
            row = {"hands": page.evaluate("() => window.__soak.hands"), "seconds": round(time.monotonic() - start, 1), **m,
                   "heap": page.evaluate(HEAP), "worker_heap": worker_heap.used(),
                   "canvases": page.evaluate("() => window.__soakCanvas || null"), "nodes": metrics.get("Nodes"), "listeners": metrics.get("JSEventListeners"),
                   "wasm": engine and round(engine["wasm"], 1), "objects": engine and engine.get("objects"),
                   "types": engine and engine.get("types"),
                   "load": round(os.getloadavg()[0], 1)}
            samples.append(row)
            heap = f"{row['heap']:8.1f}" if row["heap"] is not None else f"{'-':>8}"
            print(f"{row['hands']:6d} {row['seconds']:7.0f} {row['rss']:11.1f} {row['pss']:7.1f} {row['all_pss']:8.1f} {heap} "
                  f"{row['worker_heap'] or 0:6.1f} {row['wasm'] or 0:6.1f} {row['objects'] or 0:8d} {int(row['nodes'] or 0):6d} {row['load']:5.1f}"
                  f"  ({row['kind']}: {' '.join(f'{k} {v:.0f}' for k, v in row['regions'].items())})", flush=True)
            if args.json:
                write(args, samples, errors)
            target += args.every
        soak = page.evaluate("() => window.__soak")
    warm = [s for s in samples if s["hands"] > args.hands // 5]
    print(f"\n{soak['hands']} hands in {samples[-1]['seconds']:.0f} s ({soak['matches']} matches, both rule sets), level {args.level}")
    for name, part in (("after the warm-up", warm), ("over the last half", [s for s in samples if s["hands"] > samples[-1]["hands"] // 2])):
        if len(part) < 2:
            continue
        per = {k: slope([(s["hands"], s[k]) for s in part if s.get(k) is not None]) for k in ("rss", "pss", "all_pss", "wasm", "heap", "worker_heap")}
        print(f"{name} (hands {part[0]['hands']}-{part[-1]['hands']}): largest process RSS {part[0]['rss']:.0f} -> {part[-1]['rss']:.0f} MB; "
              "MB per 1,000 hands: " + ", ".join(f"{k} {v:+.1f}" for k, v in per.items()))
    print(f"errors: {len(errors) + len(soak['errors'])}", *[e[:200] for e in (errors + soak["errors"])[:5]], sep="\n  ")
    if args.json:
        write(args, samples, errors + soak["errors"])
    return 0


def write(args: argparse.Namespace, samples: list[dict], errors: list[str]) -> None:
    """The samples so far (written after each: a long run cut short keeps what it measured)."""
    args.json.write_text(json.dumps({"hands": args.hands, "level": args.level, "samples": samples,
                                     "date": time.strftime("%Y-%m-%d"), "errors": errors}, indent=1))


if __name__ == "__main__":
    sys.exit(main())
