"""Browser fixtures: the built site served under a sub-path, Debian's Chromium, and a
screenshot of every test kept under test-results/.

The site is built once per run into a temporary folder as `mahjong/` (with pytest-xdist, once for all
the workers: each copies it), beside a `parent.html` that embeds it in an iframe, and served on
127.0.0.1. Serving under
/mahjong/ (as GitHub Pages serves /<repository>/) proves every URL in the page is relative.
"""
from __future__ import annotations

import fcntl
import functools
import http.server
import importlib.util
import os
import shutil
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("MAHJONG_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]
BOOT_TIMEOUT_MS = 90_000  # Pyodide on a busy two-core machine; it usually takes ~5 s

PARENT_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>An embedding site</title>
<link rel="icon" href="data:,"></head>
<body style="margin:0;font:16px sans-serif">
<p style="margin:8px">A tutorial page embedding the game:</p>
<iframe id="game" src="{src}" title="Mahjong" width="800" height="500" style="border:0"></iframe>
</body></html>
"""


@dataclass(frozen=True)
class Site:
    url: str          # the page, under a sub-path: http://127.0.0.1:<port>/mahjong/
    parent_url: str   # a page on another origin (localhost) that embeds url in an iframe
    dist: Path


def _load_build():
    spec = importlib.util.spec_from_file_location("mahjong_build", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _built_site(build, tmp_path_factory: pytest.TempPathFactory, root: Path) -> Path:
    """The site built into root/mahjong. Alone, built there; as one of pytest-xdist's workers, copied
    from the run's one build, which the first worker to get here makes while the others wait (a lock
    file), so a run builds once however many workers it has."""
    if "PYTEST_XDIST_WORKER" not in os.environ:
        return build.build(root / "mahjong")
    shared = tmp_path_factory.getbasetemp().parent  # the run's folder, above each worker's own
    with open(shared / "site-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = shared / "site-build.done"
        if not done.exists():
            build.build(shared / "site-build" / "mahjong")
            done.write_text("built\n", encoding="utf-8")
    return Path(shutil.copytree(shared / "site-build" / "mahjong", root / "mahjong"))


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    build = _load_build()
    root = tmp_path_factory.mktemp("site")
    dist = _built_site(build, tmp_path_factory, root)
    server = build.make_server(root, "127.0.0.1", 0, quiet=True)
    port = server.server_address[1]
    url = f"http://127.0.0.1:{port}/mahjong/"
    (root / "parent.html").write_text(PARENT_PAGE.format(src=url), encoding="utf-8")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Site(url=url, parent_url=f"http://localhost:{port}/parent.html", dist=dist)
    finally:
        server.shutdown()
        server.server_close()
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run the README's test command (tests/run.sh), "
                    "which installs Debian's chromium")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture
def console_errors(page) -> list[str]:
    """Console errors and uncaught exceptions of the page, its frames and its workers."""
    errors: list[str] = []

    def on_console(message) -> None:
        if message.type == "error":
            errors.append(f"console: {message.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(f"pageerror: {error}"))
    page.on("worker", lambda worker: worker.on("console", on_console))
    return errors


@pytest.fixture(autouse=True)
def _screenshot(request: pytest.FixtureRequest) -> Iterator[None]:
    """Keep a screenshot of where each browser test ended, passed or failed."""
    if "page" not in request.fixturenames:
        yield
        return
    page = request.getfixturevalue("page")  # set up first, so torn down after this
    folder = Path(request.getfixturevalue("output_path"))
    yield
    folder.mkdir(parents=True, exist_ok=True)
    try:
        page.screenshot(path=str(folder / "screenshot.png"))
    except Exception as error:  # a closed page must not turn a pass into an error
        print(f"no screenshot: {error}")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "snapshot: the page makes its memory snapshot after a first visit, "
                                       "as for a player (other browser tests skip it)")


@pytest.fixture(autouse=True)
def _no_snapshot_worker(request: pytest.FixtureRequest) -> None:
    """After a first visit the page boots a second Pyodide in idle time to make the memory snapshot
    of the next visit (web/snapshot.js): a test that never makes a second visit only pays for it in
    CPU. Its pages are told to skip it (window.mahjongTestNoSnapshot, read by web/loader.js) unless
    the test is marked `snapshot`."""
    if "page" not in request.fixturenames or request.node.get_closest_marker("snapshot"):
        return
    request.getfixturevalue("page").context.add_init_script("window.mahjongTestNoSnapshot = true;")


@pytest.fixture
def boot_timeout() -> int:
    return BOOT_TIMEOUT_MS


@pytest.fixture(scope="session")
def same_site_host(site) -> Iterator[str]:
    """A second server on 127.0.0.1 (another port: another origin of the same site), serving the host pages."""
    root = Path(site.dist).parent
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    handler.log_message = lambda *a: None  # type: ignore[method-assign]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
