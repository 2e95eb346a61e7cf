#!/usr/bin/env python3
"""What embeds cost a host page (issue 37 item 5): one embed against three on one page.

    python bench/embeds.py [--runs 2] [--chromium /usr/bin/chromium] [--before DIST] [--no-build]

A tutorial page on another site (localhost) embeds the site (127.0.0.1): "one" holds the game,
"three" the game, the analyzer and a puzzle. Each run opens each page in a fresh browser
profile (first visit: empty caches), waits until every frame is up (the game's table, the
analyzer's full answer, the puzzle's choices) and then 3 s more, and measures; then reloads it
(repeat visit: the browser's HTTP cache; in a frame on another site the service worker and the
snapshot are refused, issue 37 item 2) and measures again:

- memory: the proportional set size (PSS, /proc/<pid>/smaps_rollup) of every Chromium process of
  the browser, summed, and of its renderers alone;
- CPU: user + system time of every Chromium process from the visit's start to the measure, and
  split by thread: the renderers' main threads, the dedicated workers' threads (Pyodide runs
  in one), the rest (the browser process, the GPU and network services, compositors...);
- the engine workers started and the runtime's downloads (pyodide.asm.wasm) of the visit.

`--before DIST` adds another build of the site (say, main's before this change, built by its
own build.py) measured the same way in the same run. Medians over the runs and ratios three /
one; the machine's load average is printed beside them (this machine is shared: read the ratios).
Figures only, no verdict.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from served_site import ROOT, load_build  # noqa: E402  (shared with the other browser benches)
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
TICK = os.sysconf("SC_CLK_TCK")
SETTLE_MS = 3000

FRAME = '<iframe name="{name}" src="{src}" width="632" height="380" style="border:0"></iframe>'
PAGE = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A tutorial</title></head>
<body style="margin:0;font:16px sans-serif">{frames}</body></html>"""
EMBEDS = {
    "game": "index.html?lang=en&variant=xinyu&seed=3&speed=instant",
    "analyzer": "analyze.html#v=xinyu&h=123456789m11234p&lang=en",
    "puzzle": "puzzle.html#set=longyan&n=1&lang=en",
}
PAGES = {"one": ["game"], "three": ["game", "analyzer", "puzzle"]}
UP = {
    "game": "() => !!(window.mahjong && window.mahjong.state && window.mahjong.state())",
    "analyzer": "() => !!document.querySelector('#result[data-full=true]')",
    "puzzle": "() => !!(window.puzzles && document.querySelector('#choices button'))",
}


# --- the browser's processes, from /proc ---------------------------------------------------

def descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def chromium_processes() -> dict[int, str]:
    """Every Chromium process under this one (through Playwright's driver): pid -> its --type."""
    found = {}
    for pid in descendants(os.getpid()):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        # (a process the zygote forked has its whole command line in its first argument)
        words = b" ".join(cmdline).decode(errors="replace").split()
        if words and Path(words[0]).name in ("chromium", "chrome", "headless_shell"):
            kind = next((w.split("=", 1)[1] for w in words if w.startswith("--type=")), "browser")
            found[pid] = kind
    return found


def cpu_seconds(stat_path: str) -> tuple[str, float]:
    text = Path(stat_path).read_text()
    name = text[text.index("(") + 1:text.rindex(")")]
    fields = text.rsplit(")", 1)[1].split()
    return name, (int(fields[11]) + int(fields[12])) / TICK  # utime, stime


def sample() -> dict[str, dict]:
    """CPU seconds so far of each process and of each renderer main thread and dedicated worker
    thread (by pid and tid: a process or thread that ends takes its figure with it, one that
    starts counts from zero), and the PSS of each process (MB)."""
    out: dict[str, dict] = {"cpu": {}, "main": {}, "worker": {}, "pss": {}, "renderer_pss": {}}
    for pid, kind in chromium_processes().items():
        try:
            out["cpu"][pid] = cpu_seconds(f"/proc/{pid}/stat")[1]
            for tid in os.listdir(f"/proc/{pid}/task"):
                name, seconds = cpu_seconds(f"/proc/{pid}/task/{tid}/stat")
                if kind == "renderer" and tid == str(pid):
                    out["main"][tid] = seconds
                elif name.startswith("DedicatedWorker"):
                    out["worker"][tid] = seconds
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    out["pss"][pid] = int(line.split()[1]) / 1024
                    if kind == "renderer":
                        out["renderer_pss"][pid] = out["pss"][pid]
        except OSError:
            continue  # a process that ended meanwhile
    return out


def spent(start: dict[str, float], now: dict[str, float]) -> float:
    """The CPU seconds spent since `start` by what runs now (per process or thread)."""
    return sum(max(0.0, seconds - start.get(key, 0.0)) for key, seconds in now.items())


# --- the visits ----------------------------------------------------------------------------

def wait_up(page, embeds: list[str]) -> None:
    for name in embeds:
        frame = page.frame(name=name)
        assert frame is not None, name
        # polling, not animation frames: Chromium runs none in a cross-origin frame out of view
        frame.wait_for_function(UP[name], timeout=180_000, polling=100)


def measure(page, embeds: list[str], start: dict[str, dict], requests: list[str], workers: list[str]) -> dict[str, float]:
    wait_up(page, embeds)
    page.wait_for_timeout(SETTLE_MS)
    now = sample()
    figures = {key: spent(start[key], now[key]) for key in ("cpu", "main", "worker")}
    figures.update(pss=sum(now["pss"].values()), renderer_pss=sum(now["renderer_pss"].values()),
                   engines=sum("engine-worker" in w for w in workers),
                   runtimes=sum("pyodide.asm.wasm" in r for r in requests))
    requests.clear()
    workers.clear()
    return figures


def visit(playwright, chromium: str, url: str, embeds: list[str]) -> dict[str, dict[str, float]]:
    with tempfile.TemporaryDirectory(prefix="bench-embeds-profile-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium, args=CHROMIUM_ARGS, viewport={"width": 1280, "height": 800})
        try:
            page = context.pages[0] if context.pages else context.new_page()
            requests: list[str] = []
            workers: list[str] = []
            page.on("request", lambda r: requests.append(r.url))
            page.on("worker", lambda w: workers.append(w.url))
            say = lambda m: m.type == "error" and print(f"  (console error: {m.text[:200]})", file=sys.stderr)  # noqa: E731
            page.on("console", say)
            page.wait_for_timeout(1000)  # the browser's own start settles first
            start = sample()
            page.goto(url)
            first = measure(page, embeds, start, requests, workers)
            start = sample()
            page.reload()
            repeat = measure(page, embeds, start, requests, workers)
            return {"first": first, "repeat": repeat}
        finally:
            context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--before", type=Path, help="another build of the site to measure beside ours")
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    build = load_build()
    dist = ROOT / "dist" if args.no_build else build.build(ROOT / "dist")
    with tempfile.TemporaryDirectory(prefix="bench-embeds-") as tmp:
        root = Path(tmp)
        sites = {"ours": dist}
        if args.before:
            sites["before"] = args.before.resolve()
        for name, folder in sites.items():
            (root / name).symlink_to(folder, target_is_directory=True)
        server = build.make_server(root, "127.0.0.1", 0, quiet=True)
        port = server.server_address[1]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        urls = {}
        for site in sites:
            for page_name, embeds in PAGES.items():
                frames = "\n".join(FRAME.format(name=e, src=f"http://127.0.0.1:{port}/{site}/{EMBEDS[e]}") for e in embeds)
                (root / f"host-{site}-{page_name}.html").write_text(PAGE.format(frames=frames), encoding="utf-8")
                # the host is on another site than the embeds (localhost, 127.0.0.1)
                urls[site, page_name] = f"http://localhost:{port}/host-{site}-{page_name}.html"
        results: dict[tuple[str, str], list[dict]] = {key: [] for key in urls}
        loads = []
        with sync_playwright() as playwright:
            for run in range(args.runs):
                for (site, page_name), url in urls.items():
                    print(f"run {run + 1}: {site} {page_name}", file=sys.stderr, flush=True)
                    results[site, page_name].append(visit(playwright, args.chromium, url, PAGES[page_name]))
                    loads.append(os.getloadavg()[0])
        server.shutdown()

    print(f"\nEmbeds on a host page of another site: medians of {args.runs} runs; "
          f"load average (1 min) {min(loads):.1f}..{max(loads):.1f} on {os.cpu_count()} cores (shared machine)")
    keys = [("pss", "memory PSS, all processes (MB)"), ("renderer_pss", "memory PSS, renderers (MB)"),
            ("cpu", "CPU, all processes (s)"), ("main", "CPU, renderers' main threads (s)"),
            ("worker", "CPU, dedicated workers (s)"), ("engines", "engine workers started"),
            ("runtimes", "runtime downloads")]
    for site in sites:
        for when in ("first", "repeat"):
            print(f"\n{site}, {when} visit:      one      three   three/one")
            for key, label in keys:
                one = statistics.median(r[when][key] for r in results[site, "one"])
                three = statistics.median(r[when][key] for r in results[site, "three"])
                ratio = f"{three / one:6.2f}" if one else "   -"
                each = " ".join(f"{r[when][key]:.0f}" if key.endswith("pss") else f"{r[when][key]:.1f}"
                                for r in results[site, "three"])
                print(f"  {label:34} {one:8.1f} {three:8.1f}   {ratio}   (three, each run: {each})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
