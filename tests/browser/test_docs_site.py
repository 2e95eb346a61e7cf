"""The documentation site as published (build.py: MkDocs into dist/docs/, served with the game under
its sub-path): it is built, every link and resource of its pages resolves in the site, and the
author's guide's live embeds answer on the page: an <mj-hand> drawn, the diagram page, the analyzer
settling its hand and a lesson of the course, each frame sized by the guide's own height snippet."""
from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from pagehelp import shot


class _Refs(HTMLParser):
    """The href and src of every element of a page, and its ids."""

    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href", "src") and value:
                self.refs.append(value)
            if name == "id" and value:
                self.ids.add(value)


def _read(path: Path) -> _Refs:
    parser = _Refs()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def test_the_docs_are_built_and_every_link_resolves_in_the_site(site):
    dist = Path(site.dist)
    docs = dist / "docs"
    pages = sorted(docs.glob("*.html"))
    names = {p.name for p in pages}
    assert {"index.html", "embedding.html", "architecture.html", "boot.html", "playing.html", "API.html",
            "changelog.html", "contributing.html", "bench.html", "license.html", "third-party.html"} <= names, names
    assert (dist / "LICENSE").is_file() and (dist / "THIRD_PARTY.md").is_file()
    broken = []
    for page in pages:
        for ref in _read(page).refs:
            if re.match(r"^[a-z][a-z0-9+.-]*:", ref):
                assert ref.startswith(("https://www.mkdocs.org", "https://pyodide.org")), f"{page.name}: {ref}"
                continue   # links out (the theme's credit, Pyodide); nothing is loaded from elsewhere
            parts = urlsplit(ref)
            target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            if not target.is_relative_to(dist.resolve()) or not target.exists():
                broken.append(f"{page.name}: {ref}")
            elif parts.fragment and target.suffix == ".html" and target.parent == docs.resolve() \
                    and parts.fragment not in _read(target).ids:
                broken.append(f"{page.name}: {ref} (no such anchor)")
    assert broken == []


def test_the_guides_live_embeds_answer(page, site, console_errors, output_path):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site.url + "docs/embedding.html")
    # <mj-hand>, from ../mj-hand.js: drawn, its alt text naming the tiles
    page.wait_for_function("() => !!document.querySelector('#demo-hand mj-hand').shadowRoot?.querySelector('canvas')")
    label = page.evaluate("document.querySelector('#demo-hand mj-hand').shadowRoot.querySelector('canvas').getAttribute('aria-label')")
    assert "Dots" in label, label
    frames = {name: page.frame_locator(f"#demo-{name}") for name in ("tiles", "analyzer", "lesson")}
    tiles = page.frame(url=lambda url: "/tiles.html" in url)
    analyzer = page.frame(url=lambda url: "/analyze.html" in url)
    lesson = page.frame(url=lambda url: "/learn.html" in url)
    assert frames and tiles and analyzer and lesson
    tiles.wait_for_function("() => !!document.querySelector('#hand')?.shadowRoot?.querySelector('canvas')")
    # the analyzer and the lesson share one engine on this page; each answers
    analyzer.wait_for_function("() => window.analyzer && true")
    analyzer.evaluate("window.analyzer.ready")
    analyzer.wait_for_function("() => (document.querySelector('#result .verdict')?.textContent || '').length > 0",
                               timeout=90_000)
    assert "wins" in analyzer.inner_text("#result .verdict")
    lesson.wait_for_function("() => window.learn && true")
    lesson.evaluate("window.learn.ready")
    assert lesson.evaluate("window.learn.state().id") == "longyan-3"
    # the guide's height snippet (docs/js/frames.js) sized the frames to what they posted
    for name in ("tiles", "analyzer", "lesson"):
        page.wait_for_function(f"() => /^[0-9]+px$/.test(document.getElementById('demo-{name}').style.height)",
                               timeout=30_000)
    shot(page, output_path, "docs-embedding")
    assert console_errors == []


def test_the_docs_home_is_the_readme_with_its_picture(page, site, console_errors):
    page.goto(site.url + "docs/index.html")
    assert page.inner_text("h1").startswith("Mahjong")
    page.wait_for_function("() => [...document.images].every((i) => i.complete && i.naturalWidth > 0)")
    assert page.evaluate("document.querySelector('img[src=\"screenshot.jpg\"]').naturalWidth") == 1280
    page.click("text=the author's guide")
    page.wait_for_url(re.compile(r"/docs/embedding\.html$"))
    assert console_errors == []
