"""Hands drawn in Python (py_engine.draw), as the readers of a Markdown site and of the page see them:
a MkDocs site in 简体中文 and in English built with the Markdown extension shows hands with melds, a
gold and flowers with no script at all (JavaScript off, a policy allowing none); and Python's SVG
of a hand is the page's drawing of it, pixel for pixel in Chromium."""
from __future__ import annotations

import base64
import hashlib
import http.server
import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from pagehelp import shot
from py_engine.draw import hand_svg

ROOT = Path(__file__).resolve().parents[2]
ORACLE = ROOT / "tests" / "support" / "draw_oracle.mjs"

MKDOCS_YML = """site_name: {name}
theme:
  name: mkdocs
  locale: {locale}
  highlightjs: false
markdown_extensions:
  - tables
  - py_engine.draw.markdown:
      lang: {lang}
      size: 30
"""

PAGES = {
    "zh-Hans": """# 龙岩麻将：金与花

这手牌碰了上家的红中，暗杠九条，补了两张花，金是五万：

```mahjong theme=light
123m456p789s11z|pong 7z from left|concealed_kong 9s|flowers 1f5f|gold 5m
```

听 :mj[13m]{size=20}，金 :mj[5m|gold 5m hidden]{size=20} 可以当任何牌。

| 手牌 | 说明 |
|---|---|
| :mj[123m\\|win 2m from across\\|gold 5m]{size=16} | 对家点和 |
""",
    "en": """# Longyan mahjong: the gold and flowers

This hand has a pong of Red Dragon from the left, a concealed kong of 9 Bamboo, two flowers, and the gold 5m:

```mahjong theme=dark rows=2
123m456p789s11z|pong 7z from left|added_kong 3p from across|concealed_kong 9s|flowers 1f5f|gold 5m
```

Waiting on :mj[13m]{size=20}; the gold :mj[5m|gold 5m hidden]{size=20} stands for any tile.
""",
}


class _Strict(http.server.SimpleHTTPRequestHandler):
    """Serves the sites under a policy that allows no script, no frame, no image but the theme's own
    files, and no inline style but the theme's own attributes (by their digests): the hands need none."""

    policy = ""

    def log_message(self, format: str, *args: object) -> None:
        pass

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", self.policy)
        super().end_headers()


def policy_for(root: Path) -> str:
    """The policy, with the digests of the theme's style attributes (none is in a hand)."""
    styles = {m for page in root.rglob("*.html") for m in re.findall(r'style="([^"]*)"', page.read_text(encoding="utf-8"))}
    digests = " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'" for s in sorted(styles))
    return (f"default-src 'self'; script-src 'none'; frame-src 'none'; img-src 'self'; "
            f"style-src 'self' 'unsafe-hashes' {digests}")


@pytest.fixture
def served(tmp_path: Path):
    """Both sites built by `mkdocs build --strict`, served from one folder."""
    root = tmp_path / "www"
    for lang, text in PAGES.items():
        project = tmp_path / lang
        (project / "docs").mkdir(parents=True)
        (project / "mkdocs.yml").write_text(MKDOCS_YML.format(
            name=f"Mahjong notes ({lang})", locale="zh_CN" if lang == "zh-Hans" else "en", lang=lang), encoding="utf-8")
        (project / "docs" / "index.md").write_text(text, encoding="utf-8")
        subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "--strict", "-f", str(project / "mkdocs.yml"),
                        "-d", str(root / lang)], check=True, cwd=project,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})  # this checkout's py_engine
    handler = type("Handler", (_Strict,), {"policy": policy_for(root)})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), lambda *a, **k: handler(*a, directory=str(root), **k))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield root, f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def painted(page, selector: str) -> list[dict]:
    """Each drawing: its box, its tiles (code, look, turned), its alt text and how many of its pixels are not the page's."""
    return page.eval_on_selector_all(selector, """(svgs) => svgs.map((svg) => {
        const box = svg.getBoundingClientRect();
        const uses = [...svg.querySelectorAll(':scope > use')];
        return {w: box.width, h: box.height, label: svg.getAttribute('aria-label'),
                tiles: uses.map((u) => [u.dataset.tile, u.dataset.look || '', /rotate/.test(u.getAttribute('transform'))]),
                boxes: uses.map((u) => { const b = u.getBoundingClientRect(); return [b.width, b.height]; })};
    })""")


def test_a_markdown_site_shows_hands_with_melds_a_gold_and_flowers_with_no_script(browser, served, output_path):
    root, url = served
    for lang in PAGES:
        html = (root / lang / "index.html").read_text(encoding="utf-8")
        content = html[html.index('<div role="main"'):] if '<div role="main"' in html else html
        assert "<mj-hand" not in content and "<iframe" not in content and ".svg" not in content
        drawings = re.findall(r"<svg.*?</svg>", content, re.S)
        assert drawings and not any(re.search(r"style=|<script|<foreignObject|<img|<image", d) for d in drawings)
    context = browser.new_context(java_script_enabled=False, color_scheme="light", viewport={"width": 900, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: m.type in ("error", "warning") and problems.append(m.text))
    page.on("requestfailed", lambda r: problems.append(f"failed {r.url}"))

    page.goto(url + "zh-Hans/index.html")
    hands = painted(page, "main svg.mj-hand, [role=main] svg.mj-hand, svg.mj-hand")
    assert len(hands) == 4
    block, wait, gold, table = hands
    codes = [t[0] for t in block["tiles"]]
    assert codes[:11] == ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z"]
    assert codes[11:] == ["7z", "7z", "7z", "back", "9s", "9s", "back", "1f", "5f", "5m"]
    assert [t[2] for t in block["tiles"]][11:14] == [True, False, False], "the pong's tile from the left lies turned, first"
    assert block["tiles"][-1][1] == "gold"
    assert block["label"] == "手牌：一万、二万、三万、四饼、五饼、六饼、七条、八条、九条、东风、东风；" \
                             "碰红中（上家打出）；暗杠九条；花牌：春、梅；金：五万"
    # every tile has a size on the page: drawn, not a broken reference
    assert all(w > 10 and h > 10 for hand in hands for w, h in hand["boxes"])
    assert wait["tiles"] == [["1m", "", False], ["3m", "", False]] and wait["w"] < 60
    assert gold["tiles"] == [["5m", "gold", False]]
    assert table["tiles"][3:] == [["2m", "hi", True], ["5m", "gold", False]] and table["h"] < 40
    # the faces are there in ink: the block's pixels are not the page's white
    image = page.locator("svg.mj-hand").first.screenshot()
    assert len(set(image)) > 200
    shot(page, output_path, "markdown-zh-Hans")

    page.goto(url + "en/index.html")
    hands = painted(page, "svg.mj-hand")
    assert len(hands) == 3
    block = hands[0]
    assert "pong of Red Dragon, from the left" in block["label"] and "gold: 5 Characters" in block["label"]
    assert "flowers: Spring, Plum" in block["label"]
    added = [t for t in block["tiles"] if t[0] == "3p"]
    assert sum(1 for t in added if t[2]) == 2, "an added kong's claimed tile lies turned with the added one on it"
    shot(page, output_path, "markdown-en")
    context.close()
    assert problems == []


CASES = [
    ("123m456p789s11z|pong 7z from left|gold 5m", 36, "transparent", "en", {}),
    ("1234m|kong 1z from across|concealed_kong 9s|flowers 1f5f|pond 19m*5z3p", 28, "light", "zh-Hant", {"rows": 2}),
    ("123m|added_kong 3p from across|win 9p from right|gold 9p", 44, "dark", "zh-Hans", {}),
]


COMPARE = """async ([a, b]) => {
    const load = (s) => new Promise((ok, bad) => { const i = new Image(); i.onload = () => ok(i); i.onerror = bad;
        i.src = 'data:image/svg+xml;base64,' + btoa(unescape(encodeURIComponent(s))); });
    const [ia, ib] = [await load(a), await load(b)];
    const px = (img) => { const c = document.createElement('canvas'); c.width = img.width * 2; c.height = img.height * 2;
        const x = c.getContext('2d'); x.drawImage(img, 0, 0, c.width, c.height); return x.getImageData(0, 0, c.width, c.height).data; };
    const pa = px(ia), pb = px(ib); let off = 0, ink = 0;
    for (let i = 0; i < pa.length; i += 4) {
        if (pa[i + 3] > 0) ink++;
        // (edges antialiased a little differently: one path's transform written whole, or nested)
        if ([0, 1, 2, 3].some((k) => Math.abs(pa[i + k] - pb[i + k]) > 64)) off++;
    }
    return {off, ink, all: pa.length / 4};
}"""


def page_svgs(cases: list[tuple]) -> list[str]:
    request = {"svg": [{"text": t, "size": s, "theme": th, "lang": lang, "fit": fit} for t, s, th, lang, fit in cases]}
    done = subprocess.run(["node", str(ORACLE)], input=json.dumps(request), capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["svg"]


def test_pythons_svg_is_the_pages_drawing_pixel_for_pixel(browser):
    page = browser.new_page()
    page.set_content("<p>compare</p>")
    size_of = lambda s: tuple(re.search(r'width="([\d.]+)" height="([\d.]+)"', s).groups())  # noqa: E731
    for (text, size, theme, lang, fit), js in zip(CASES, page_svgs(CASES)):
        py = hand_svg(text, size=size, theme=theme, lang=lang, rows=fit.get("rows", 0))
        assert size_of(py) == size_of(js), text
        diff = page.evaluate(COMPARE, [py, js])
        assert diff["ink"] > diff["all"] * 0.3, "the drawing is not empty"
        assert diff["off"] <= diff["all"] * 0.0002, (text, diff)
    # and the comparison sees a face that differs: 萬 against 万
    (js,) = page_svgs([("1m", 36, "light", "zh-Hant", {})])
    diff = page.evaluate(COMPARE, [hand_svg("1m", size=36, theme="light", lang="zh-Hans"), js])
    assert diff["off"] > 100, diff
    page.close()
