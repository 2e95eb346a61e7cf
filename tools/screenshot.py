"""Take the README's picture: the built game (dist/) in Chromium, a Longyan hand at the player's turn.

    python tools/screenshot.py [--out docs/screenshot.jpg] [--seed 7]

Serves dist/ (build it first: python build.py) under a sub-path as GitHub Pages does, opens the game
with a seed of its own (so no first-visit offer covers the table), with hints on, waits until the
player is to act, and saves a 1280 x 800 screenshot. Needs Playwright and Chromium, as the browser
tests do ($MAHJONG_CHROMIUM, else /usr/bin/chromium).
"""
from __future__ import annotations

import argparse
import os
import runpy
import shutil
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("MAHJONG_CHROMIUM", "/usr/bin/chromium")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshot.jpg")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--query", default="variant=longyan&lang=en&hints=1&timer=0")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    build = runpy.run_path(str(ROOT / "build.py"))
    with tempfile.TemporaryDirectory() as root:
        shutil.copytree(ROOT / "dist", Path(root) / "mahjong")   # under a sub-path, as on GitHub Pages
        server = build["make_server"](Path(root), port=0, quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/mahjong/?seed={args.seed}&{args.query}"
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                page.add_init_script("window.mahjongTestNoSnapshot = true;")  # no second Pyodide in idle time
                page.goto(url)
                page.wait_for_function("() => !!(window.mahjong && window.mahjong.state && window.mahjong.state())",
                                       timeout=120_000)
                page.evaluate("() => window.mahjong.idle()")
                page.wait_for_timeout(6000)  # the hints panel's answer; the moment's banner gone
                args.out.parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(args.out), **({"quality": 85} if args.out.suffix in (".jpg", ".jpeg") else {}))
                browser.close()
        finally:
            server.shutdown()
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
