"""The documentation as the repository shows it: every relative link of the README and the docs
resolves to a file, and every anchor to a heading of that file; the README is a front door (play,
embed, Python and the test command on its first screen, the test command the one CI runs); the
layers picture of docs/architecture.md is what tools/layers.py draws from today's imports; the docs
site's link rewriting. The built site and its live embeds: tests/browser/test_docs_site.py."""
from __future__ import annotations

import re
import runpy
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# every Markdown file a reader is sent to: the front door, the docs, and what they link
PAGES = sorted({ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "CONTRIBUTING.md", ROOT / "THIRD_PARTY.md",
                ROOT / "bench" / "README.md", *(ROOT / "docs").rglob("*.md")})
LINK = re.compile(r"!?\[[^\]\n]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def outside_code(text: str) -> list[str]:
    """The lines of a Markdown file outside its fenced code blocks, inline code blanked."""
    lines, fenced = [], False
    for line in text.splitlines():
        if re.match(r"^\s*(```|~~~)", line):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(re.sub(r"`[^`]*`", "``", line))
    return lines


def slug(heading: str) -> str:
    """A heading's anchor as GitHub and MkDocs both make it for the plain headings these files use:
    lower case, markup and punctuation dropped, spaces to hyphens."""
    text = re.sub(r"`([^`]*)`", r"\1", heading)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text).lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.strip().replace(" ", "-")


def anchors(path: Path) -> set[str]:
    found = set()
    for line in outside_code(path.read_text(encoding="utf-8")):
        match = HEADING.match(line)
        if match:
            found.add(slug(match.group(2)))
    return found


def test_every_link_of_the_readme_and_the_docs_resolves():
    assert len(PAGES) >= 10, PAGES
    broken = []
    for page in PAGES:
        for line in outside_code(page.read_text(encoding="utf-8")):
            for target in LINK.findall(line):
                if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                    continue    # another site's page (pyodide.org)
                path, _, anchor = target.partition("#")
                file = (page.parent / path).resolve() if path else page
                name = f"{page.relative_to(ROOT)}: {target}"
                if not file.exists() or not file.is_relative_to(ROOT):
                    broken.append(f"{name} (no such file)")
                elif anchor and file.suffix == ".md" and anchor not in anchors(file):
                    broken.append(f"{name} (no such heading)")
    assert broken == []


def test_every_url_in_the_docs_is_relative():
    """No page of the docs loads or links anything by an absolute address of its own site: what is
    ours is reached relatively (an author's snippet names the host as <user>.github.io, in code)."""
    for page in PAGES:
        for line in outside_code(page.read_text(encoding="utf-8")):
            for url in re.findall(r'(?:src|href)="([^"]+)"', line):
                assert not re.match(r"^[a-z]+:|^/", url), f"{page.relative_to(ROOT)}: {url}"


def test_the_readme_is_a_front_door():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert 100 <= len(lines) <= 200, len(lines)
    assert not re.search(r"\bsession \d|\bissue \d", text, re.I)
    first_screen = "\n".join(lines[:30])   # play, embed, Python and test, under the picture
    for heading in ("## Play it", "## Embed it", "## The engine from Python", "## Build and test"):
        assert heading in text, heading
    assert "./tests/run.sh" in first_screen and "https://<user>.github.io/<repository>/" in first_screen
    assert "<iframe" in first_screen and "from py_engine import" in first_screen
    # the test command the README names is the one CI runs
    assert "exec ./tests/run.sh" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "```sh\npython build.py" in text and "\n./tests/run.sh\n```" in text


def test_the_docs_speak_without_a_diary():
    """History lives in git and the changelog: no session or issue numbers in what a reader reads."""
    for page in PAGES:
        if page.name in ("RULES.md",):
            continue   # the shared rules text, copied as it is
        text = page.read_text(encoding="utf-8")
        found = re.findall(r"\b(?:session|issue)s? \d+", text, re.I)
        assert found == [], f"{page.relative_to(ROOT)}: {found}"


def test_the_layers_picture_is_drawn_from_todays_imports():
    """docs/architecture.md carries what tools/layers.py prints; after moving modules, run it and
    paste its output between the markers."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    start, end = "<!-- layers: python tools/layers.py -->\n```text\n", "```\n<!-- /layers -->"
    assert start in text and end in text
    kept = text.split(start, 1)[1].split(end, 1)[0]
    drawn = subprocess.run([sys.executable, str(ROOT / "tools" / "layers.py")], capture_output=True, text=True,
                           check=True).stdout
    assert kept == drawn


def test_the_site_rewrites_repository_links_to_its_own_pages():
    rewrite = runpy.run_path(str(ROOT / "tools" / "docs_site.py"))["rewrite_links"]
    readme = ("See [the guide](docs/embedding.md#lessons), [the code](py_engine/bridge.py), "
              "[bench](bench/README.md), ![a hand](docs/screenshot.jpg), [Pyodide](https://pyodide.org).\n"
              "```sh\n[not](a/link.md)\n```\n")
    assert rewrite(readme, "README.md", "index.md") == (
        "See [the guide](embedding.md#lessons), the code, [bench](bench.md), ![a hand](screenshot.jpg), "
        "[Pyodide](https://pyodide.org).\n```sh\n[not](a/link.md)\n```\n")
    assert rewrite("[log](../CHANGELOG.md#what-the-embed-api-promises) [API](API.md)", "docs/embedding.md",
                   "embedding.md") == "[log](changelog.md#what-the-embed-api-promises) [API](API.md)"
    assert rewrite("[guide](../docs/boot.md#the-snapshot)", "bench/README.md", "bench.md") == "[guide](boot.md#the-snapshot)"


def test_the_published_site_is_built_with_the_pinned_mkdocs():
    """GitHub Pages' workflow installs the MkDocs the tests build the docs with (or the published
    site would have no docs: build.py leaves them out without MkDocs)."""
    import tomllib
    pinned = next(p for p in tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
                  ["project"]["optional-dependencies"]["test"] if p.startswith("mkdocs=="))
    workflow = (ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8")
    assert f"pip install {pinned}\n" in workflow
    assert workflow.index(pinned) < workflow.index("run: python build.py")


def test_the_docs_site_sizes_its_frames_with_the_guides_own_snippet():
    """docs/js/frames.js is the height snippet of docs/embedding.md, as an author would paste it."""
    guide = (ROOT / "docs" / "embedding.md").read_text(encoding="utf-8")
    snippet = guide.split("## Sizing the frames", 1)[1].split("```js\n", 1)[1].split("```", 1)[0]
    code = lambda text: [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("//")]  # noqa: E731
    assert code((ROOT / "docs" / "js" / "frames.js").read_text(encoding="utf-8")) == code(snippet)


def test_the_docs_site_builds_strictly(tmp_path):
    """`mkdocs build --strict`: every page in the navigation exists, every link between the pages
    and every anchor resolves once the links are the site's (tools/docs_site.py). MkDocs is in the
    test extra: without it build.py leaves the docs out, and this fails."""
    build = runpy.run_path(str(ROOT / "tools" / "docs_site.py"))["build"]
    assert build(tmp_path / "docs", strict=True), "MkDocs is not installed: pip install -e '.[test]'"
    assert {"index.html", "embedding.html", "architecture.html", "boot.html"} <= {p.name for p in (tmp_path / "docs").glob("*.html")}


def test_without_mkdocs_the_site_is_built_without_its_docs_and_says_so(tmp_path, monkeypatch, capsys):
    import importlib.util
    docs_site = runpy.run_path(str(ROOT / "tools" / "docs_site.py"))
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "mkdocs" else real(name, *a))
    assert docs_site["build"](tmp_path / "docs") is False
    assert not (tmp_path / "docs").exists()
    assert "MkDocs is not installed" in capsys.readouterr().err
