"""Issue 56's "done when": a Material for MkDocs site with `navigation.instant` (Material pinned in the
test extra), built by `mkdocs build --strict` in a clean venv from the engine's wheel (not the checkout),
served from another origin: the reader clicks between two pages with drawn hands, a page with none and
a game frame, and back; every click changes the content in the same document (no page error: before,
Material's `el.href = …` on each <use href> threw and the site was stuck on the first page with a
hand); the frames follow the palette toggle through v1/embed.js with no code of the author's; and the
game frame's messages are promises (newGame, legal, act) whose replies are the frame's own."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from pagehelp import shot
from wheelenv import clean_env, engine_venv

MKDOCS_YML = """site_name: Mahjong notes
site_url: {site_url}
theme:
  name: material
  font: false          # (Google's fonts: this machine reaches no CDN)
  features:
    - navigation.instant
  palette:
    - scheme: default
      toggle: {{icon: material/brightness-7, name: Dark}}
    - scheme: slate
      toggle: {{icon: material/brightness-4, name: Light}}
nav:
  - Hands: index.md
  - More hands: two.md
  - No hand: plain.md
extra_javascript:
  - {helper}
markdown_extensions:
  - tables
  - py_engine.draw.markdown:
      lang: zh-Hans
  - pymdownx.superfences:
      custom_fences:
        - name: mahjong
          class: mahjong
          format: !!python/name:py_engine.draw.markdown.fence_format
"""

PAGES = {
    "index.md": """# 金与花

```mahjong theme=light
123m456p789s11z|pong 7z from left|concealed_kong 9s|flowers 1f5f|gold 5m
```

听 :mj[13m]{{size=20}}。暗杠 :mj[concealed_kong 9s]{{size=20}}。

<iframe id="diagram" src="{site}tiles.html?tiles=123m456p|pong 7z&amp;lang=zh-Hans" title="diagram" width="600" height="120" style="border:0"></iframe>
""",
    "two.md": """# 碰与杠

```mahjong
1234m|kong 1z from across|added_kong 3p from right|win 4m from left
```
""",
    "plain.md": """# 一局

<iframe id="game" src="{site}index.html?origin={host}&amp;lang=zh-Hans" title="game" width="900" height="500" style="border:0"></iframe>
""",
}


@pytest.fixture(scope="module")
def material(site, tmp_path_factory):
    """The site, built once for the module by the wheel's venv and served at <parent origin>/material/."""
    python = engine_venv()
    host = site.parent_url.rsplit("/", 1)[0]  # http://localhost:<port>
    project = tmp_path_factory.mktemp("material")
    docs = project / "docs"
    docs.mkdir()
    (project / "mkdocs.yml").write_text(MKDOCS_YML.format(site_url=f"{host}/material/", helper=f"{site.url}v1/embed.js"),
                                        encoding="utf-8")
    for name, text in PAGES.items():
        (docs / name).write_text(text.format(site=site.url, host=host), encoding="utf-8")
    done = subprocess.run([str(python), "-m", "mkdocs", "build", "--strict", "-f", str(project / "mkdocs.yml"),
                           "-d", str(project / "built")], capture_output=True, text=True, cwd=project, env=clean_env())
    assert done.returncode == 0, done.stdout + done.stderr
    served = Path(site.dist).parent / "material"
    shutil.copytree(project / "built", served, dirs_exist_ok=True)
    return f"{host}/material/"


def go(page, title: str, heading: str) -> None:
    page.locator(".md-sidebar--primary a.md-nav__link", has_text=title).first.click()
    page.wait_for_function("(h) => document.querySelector('article h1')?.textContent.trim() === h", arg=heading)


DRAWN = """() => [...document.querySelectorAll("article svg.mj-hand")].map((svg) => {
    const uses = [...svg.querySelectorAll("use")];
    // every <use> found its definition: it paints something
    return {uses: uses.length, painted: uses.filter((u) => u.getBBox().width > 0).length};
})"""


def test_instant_navigation_between_drawn_hands_and_frames_that_follow_the_palette(material, browser, site, output_path):
    context = browser.new_context(viewport={"width": 1300, "height": 900}, color_scheme="light")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto(material)
    page.wait_for_selector("article svg.mj-hand")
    first = page.evaluate(DRAWN)
    assert len(first) == 3 and all(d["uses"] and d["painted"] == d["uses"] for d in first), first
    assert "mj-hand-error" not in page.content()  # a meld alone (:mj[concealed_kong 9s]) is read
    page.evaluate("window.__stay = 1")  # gone if a click loads a new document
    diagram = page.frame(url=lambda url: "tiles.html" in url)
    assert diagram is not None
    # the frame is told the host's look (light) and sized to its height, by the helper alone
    diagram.wait_for_function("() => !document.documentElement.classList.contains('dark')")
    page.wait_for_function("() => parseInt(document.getElementById('diagram').style.height) > 0")

    go(page, "More hands", "碰与杠")
    assert page.url.endswith("/two/") and page.evaluate("window.__stay") == 1
    second = page.evaluate(DRAWN)
    assert len(second) == 1 and second[0]["uses"] and second[0]["painted"] == second[0]["uses"], second
    go(page, "No hand", "一局")
    assert page.evaluate("window.__stay") == 1 and page.evaluate(DRAWN) == []

    # the game frame a later page brought, driven by promises (its replies passed on as the frame gives them)
    page.evaluate("""() => { window.__replies = [];
        addEventListener("message", (e) => e.data?.type === "reply" && window.__replies.push(e.data)); }""")
    state = page.evaluate("""async () => mahjongEmbed.game("#game").newGame({variant: "longyan", seed: 3, hands: 1, speed: "instant", seat: 0})""")
    assert state["variant"] == "longyan" and state["seat"] == 0
    legal = page.evaluate("""async () => { const game = mahjongEmbed.game("#game");
        for (let i = 0; i < 300; i++) { const legal = await game.legal(); if (legal.length) return legal;
            await new Promise((r) => setTimeout(r, 100)); } return []; }""")
    assert legal, "the reader never had a move"
    got = page.evaluate("""async (action) => { const game = mahjongEmbed.game("#game"); const turns = [];
        game.on("event", (e) => turns.push(e.type));
        const value = await game.act(action);
        const refused = await game.act("discard 9z").then(() => null, (e) => ({message: e.message, kind: e.kind}));
        return {value, refused, raw: window.__replies.filter((r) => String(r.id).startsWith("embed-") && !String(r.id).startsWith("embed-probe")).map((r) => r.value)}; }""",
                        legal[-1])
    assert got["value"] is not None and json.dumps(got["value"], sort_keys=True) in [json.dumps(v, sort_keys=True) for v in got["raw"]]
    assert got["refused"] and got["refused"]["kind"] in ("illegal", "invalid", "not_now") and got["refused"]["message"], got["refused"]
    page.wait_for_function("() => parseInt(document.getElementById('game').style.height) > 200")

    go(page, "Hands", "金与花")
    assert page.evaluate("window.__stay") == 1 and len(page.evaluate(DRAWN)) == 3
    # the palette toggled: the frames follow, with no code of the author's
    diagram = page.frame(url=lambda url: "tiles.html" in url)
    diagram.wait_for_function("() => !document.documentElement.classList.contains('dark')")
    page.click("form[data-md-component=palette] label:visible")
    page.wait_for_function("() => document.body.getAttribute('data-md-color-scheme') === 'slate'")
    diagram.wait_for_function("() => document.documentElement.classList.contains('dark')")
    shot(page, output_path, "material-slate")
    page.click("form[data-md-component=palette] label:visible")
    diagram.wait_for_function("() => !document.documentElement.classList.contains('dark')")
    context.close()
    assert errors == []
