"""Issue 34's "done when": a real MkDocs site (built by `mkdocs build`, its default theme, the
author's Markdown with two iframes and the author's guide's height snippet as `extra_javascript`), served
from another origin, embeds lesson 3 of the Longyan course and an author's own lesson from a link;
both are read, the author's is played to its verdict, and the frames take the heights they post."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from pagehelp import HEIGHT_SNIPPET, base64url, shot

# An author's lesson: one page of text, then a position where the reader acts (Xinyu: self-draw only).
LESSON = {
    "id": "site-self-draw", "rules": "xinyu",
    "title": {"en": "Our lesson: a self-drawn win", "zh-Hans": "我们的一课：自摸和牌"},
    "steps": [
        {"text": {"en": "In Xinyu you win only on a tile you draw yourself.",
                  "zh-Hans": "新余麻将只能自摸和牌。"}},
        {"text": {"en": "You drew [9s]: your hand is complete. Act.", "zh-Hans": "你摸到 [9s]，手牌已经和了。请行动。"},
         "position": {"variant": "xinyu", "hands": ["123m456p78s11z999m9s", "", "", ""]},
         "goal": "win", "rule": "self_draw_only",
         "feedback": {"right": {"en": "A self-drawn win.", "zh-Hans": "自摸和牌。"},
                      "wrong": {"en": "Win: the hand is complete.", "zh-Hans": "和牌：手牌已经完整。"}}},
    ],
}

MKDOCS_YML = """site_name: Mahjong notes
theme:
  name: mkdocs
  highlightjs: false   # (the theme's highlight.js comes from a CDN, which this machine cannot reach)
extra_javascript:
  - frames.js
"""

PAGE_MD = """# Learning Longyan mahjong

Lesson 3 of the course:

<iframe id="course" src="{course}" title="Lesson 3" width="700" height="200" style="border:0"></iframe>

And one of ours, from a link:

<iframe id="mine" src="{mine}" title="Our lesson" width="700" height="200" style="border:0"></iframe>
"""


def build_site(tmp_path: Path, site_url: str) -> Path:
    """`mkdocs build` of a one-page site whose Markdown embeds our two frames."""
    project = tmp_path / "notes"
    docs = project / "docs"
    docs.mkdir(parents=True)
    (project / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    (docs / "frames.js").write_text(HEIGHT_SNIPPET, encoding="utf-8")  # the guide's snippet, as the site's extra JavaScript
    (docs / "index.md").write_text(PAGE_MD.format(
        course=f"{site_url}learn.html#rules=longyan&amp;lesson=3&amp;lang=zh-Hans",
        mine=f"{site_url}learn.html#l={base64url(LESSON)}&amp;lang=en"), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "--strict", "-f", str(project / "mkdocs.yml"),
                    "-d", str(project / "built")], check=True, cwd=project)
    return project / "built"


def test_a_mkdocs_site_embeds_lesson_3_and_an_authors_lesson(browser, site, output_path, tmp_path):
    built = build_site(tmp_path, site.url)
    assert "learn.html#rules=longyan&amp;lesson=3" in (built / "index.html").read_text(encoding="utf-8")
    served = Path(site.dist).parent / "notes-site"   # the other origin's root (site.parent_url)
    shutil.copytree(built, served, dirs_exist_ok=True)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto(site.parent_url.replace("parent.html", "notes-site/index.html"))
    course = page.frame(url=lambda url: "lesson=3" in url)
    mine = page.frame(url=lambda url: "#l=" in url)
    assert course is not None and mine is not None
    for frame in (course, mine):
        frame.wait_for_function("() => window.learn && true")
        frame.evaluate("window.learn.ready")
    assert course.evaluate("window.learn.state().id") == "longyan-3"
    assert "第 3 课" in course.inner_text("#counter")
    assert mine.inner_text("#title") == LESSON["title"]["en"]
    mine.click("#next")
    mine.wait_for_selector("#choices button[data-action='win']")
    mine.click("#choices button[data-action='win']")
    mine.wait_for_selector("#feedback .finished")
    assert "A self-drawn win." in mine.inner_text("#feedback")
    # each frame is as tall as it last said, on the host's page
    page.wait_for_function("""() => ["course", "mine"].every((id) => {
        const last = got.filter((m) => m.frame === id).at(-1);
        return last && last.height > 250 && document.getElementById(id).style.height === last.height + "px";
    })""", timeout=30_000)
    assert {m["page"] for m in page.evaluate("window.got")} == {"learn"}
    shot(page, output_path, "mkdocs")
    context.close()
    assert errors == []
