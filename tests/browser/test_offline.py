"""The service worker (web/sw.js): after one visit the game starts and plays with no network, and
a new build replaces the whole cache once the page has said a new version is ready.

Each test serves its own copy of the built site on its own port (its own origin, so its own
service worker and caches), under the same /mahjong/ sub-path, and stops that server to go offline.
"""
from __future__ import annotations

import json
import re
import shutil
import threading
from pathlib import Path

import pytest

from conftest import _load_build
from pagehelp import reopen, shot
from test_boot import wait_ready

OFFLINE_READY = """async () => { const registration = await window.mahjong.offline;
    return {scope: registration.scope, controlled: !!navigator.serviceWorker.controller,
            caches: (await caches.keys()).filter((n) => n.startsWith("mahjong-site-"))}; }"""

MANIFEST_LINKS = """() => [...document.querySelectorAll('link[rel="manifest"]')].map((link) => link.href)"""


class Server:
    """The built site copied to folder/mahjong/ and served from folder until stop()."""

    def __init__(self, dist: Path, folder: Path) -> None:
        self.build = _load_build()
        self.dist = folder / "mahjong"
        shutil.copytree(dist, self.dist)
        self.server = self.build.make_server(folder, "127.0.0.1", 0, quiet=True)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/mahjong/"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def rebuild(self, page: str, marker: str) -> str:
        """A new build of the site: one file changed, then build.py's offline list and version."""
        (self.dist / page).write_text((self.dist / page).read_text(encoding="utf-8") + f"\n<!-- {marker} -->\n",
                                      encoding="utf-8")
        worker = self.dist / "sw.js"
        worker.write_text(re.sub(r'const VERSION = "[0-9a-f]+";', 'const VERSION = "dev";', worker.read_text()))
        return self.build.write_offline_list(self.dist)


@pytest.mark.snapshot  # the offline visit restores the first visit's snapshot
def test_after_one_visit_the_game_starts_and_plays_offline(page, site, tmp_path, boot_timeout):
    server = Server(site.dist, tmp_path)
    try:
        page.goto(server.url + "?lang=en")
        wait_ready(page, boot_timeout)
        ready = page.evaluate(OFFLINE_READY)
        assert ready["scope"] == server.url and ready["controlled"] and len(ready["caches"]) == 1
        assert page.evaluate("() => window.mahjong.snapshot")["type"] == "stored"  # all quiet
        # kept for offline play, the game can be installed: the manifest is linked now (web/offline.js),
        # and it is the one the browser reads, without errors
        assert page.evaluate(MANIFEST_LINKS) == [server.url + "manifest.webmanifest"]
        found = page.context.new_cdp_session(page).send("Page.getAppManifest")
        assert found["url"] == server.url + "manifest.webmanifest" and found["errors"] == []
        assert json.loads(found["data"])["start_url"] == "./"
    finally:
        server.stop()
    page.context.set_offline(True)
    requests_failed: list[str] = []
    page.on("requestfailed", lambda request: requests_failed.append(request.url))
    reopen(page, boot_timeout)  # offered the match saved on the first visit: a new one
    assert page.evaluate("() => window.mahjong.path") == "snapshot"
    state = page.evaluate("""() => window.mahjong.newGame({variant: "xinyu", seed: 4, autoplay: true,
                                                           speed: "instant", hands: 1})""")
    assert state["autoplay"]
    page.wait_for_function("() => window.mahjong.state().is_over", timeout=120_000, polling=250)
    assert page.evaluate("() => window.mahjong.state().result") is not None
    assert requests_failed == []
    page.evaluate("() => window.mahjong.offline")
    assert page.evaluate(MANIFEST_LINKS) == [server.url + "manifest.webmanifest"]  # linked once again
    # the help page too is in the cache
    page.goto(server.url + "help.html")
    assert page.locator("h1").count() >= 1


def test_a_new_build_replaces_the_cache_after_the_page_says_so(page, site, tmp_path, boot_timeout, output_path):
    server = Server(site.dist, tmp_path)
    try:
        page.goto(server.url + "?lang=en")
        wait_ready(page, boot_timeout)
        old = page.evaluate(OFFLINE_READY)["caches"]
        version = server.rebuild("help.html", "the second build")
        assert old != [f"mahjong-site-{version}"]

        page.reload()  # the old version still serves this visit; the browser fetches the new sw.js
        wait_ready(page, boot_timeout)
        page.wait_for_selector("#update-ready button", timeout=60_000)
        assert "new version" in page.text_content("#update-ready")
        for width, height in ((390, 844), (844, 390), (1280, 800)):
            page.set_viewport_size({"width": width, "height": height})
            box = page.locator("#update-ready").bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= width and box["y"] + box["height"] <= height
            shot(page, output_path, f"update-ready-{width}x{height}")
        # until the player says so, the page is the old build's
        assert "the second build" not in page.evaluate("() => fetch('help.html').then((r) => r.text())")

        with page.expect_navigation(timeout=60_000):
            page.click("#update-ready button")
        wait_ready(page, boot_timeout)
        assert page.evaluate(OFFLINE_READY)["caches"] == [f"mahjong-site-{version}"]
        assert "the second build" in page.evaluate("() => fetch('help.html').then((r) => r.text())")
        assert page.locator("#update-ready").count() == 0
    finally:
        server.stop()
