"""The preamble the browser benches share: build a tree's site, serve it, launch Chromium.

    with Site() as site:                      # this tree's dist/, served on a free port
        page = site.browser.new_page()
        page.goto(site.url("analyze.html"))

``Site(tree, dist)`` builds another tree (an older checkout, for a same-run comparison) into a
folder of its own with that tree's build.py; ``Site.extra(tree, dist)`` serves a second site from
the same Chromium. Servers are GitHub Pages-like static servers (build.make_server).
"""
from __future__ import annotations

import importlib.util
import threading
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]


def load_build(tree: Path = ROOT) -> ModuleType:
    """A tree's build.py as a module (its ROOT is that tree: it builds that tree's web/ and engine)."""
    spec = importlib.util.spec_from_file_location(f"mahjong_build_{abs(hash(str(tree)))}", Path(tree) / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Served:
    """One built site on a local server (a daemon thread)."""

    def __init__(self, tree: Path = ROOT, dist: Path | None = None) -> None:
        build = load_build(tree)
        self.dist = Path(build.build(dist)) if dist is not None else Path(build.build())
        self.server = build.make_server(self.dist, "127.0.0.1", 0, quiet=True)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def url(self, page: str = "") -> str:
        return self.base + page

    def close(self) -> None:
        self.server.shutdown()


class Site(Served):
    """A built site and one Chromium (Playwright) to open it; a context manager closing both."""

    def __init__(self, tree: Path = ROOT, dist: Path | None = None, chromium: str = CHROMIUM) -> None:
        super().__init__(tree, dist)
        self.chromium = chromium
        self.extras: list[Served] = []
        self._playwright: Any = None
        self.browser: Any = None

    def extra(self, tree: Path, dist: Path) -> Served:
        """Another tree's site served beside this one (the same browser opens both)."""
        served = Served(tree, dist)
        self.extras.append(served)
        return served

    def __enter__(self) -> Site:
        from playwright.sync_api import sync_playwright
        self._playwright = sync_playwright().start()
        self.browser = self._playwright.chromium.launch(executable_path=self.chromium, args=CHROMIUM_ARGS)
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            if self.browser is not None:
                self.browser.close()
            if self._playwright is not None:
                self._playwright.stop()
        finally:
            for served in [*self.extras, self]:
                served.close()
