"""The documentation site: the repository's Markdown built by MkDocs into dist/docs/ (build.py calls
`build`), and the MkDocs hooks that let it take pages from outside docs/ (mkdocs.yml names this file).

The pages are written to be read on the repository too, so their links are the repository's paths
(`../CHANGELOG.md` from docs/, `docs/embedding.md` from the README). On the site, each page below is
published under its own name (the README as the home page), and every relative link is rewritten
from the repository's path to the site's: a link to a published page or file points at it, a link
to anything else of the repository (a source file) keeps its text and loses the link. The pages'
live embeds are raw HTML with URLs relative to dist/docs/ (`../learn.html`), left as they are.

    python build.py                    # builds the site, dist/docs/ included
    python tools/docs_site.py [DIR]    # dist/docs/ alone (or DIR), strictly: a warning fails it
"""
from __future__ import annotations

import importlib.util
import posixpath
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "mkdocs.yml"
DOCS = ROOT / "docs"

# repository path -> the page's path on the site (besides docs/<x>, which is <x>)
PAGES = {
    "README.md": "index.md",
    "CHANGELOG.md": "changelog.md",
    "CONTRIBUTING.md": "contributing.md",
    "THIRD_PARTY.md": "third-party.md",
    "bench/README.md": "bench.md",
}
LICENSE_PAGE = "license.md"   # LICENSE, plain text, shown as a page of its own

UNUSED = ("404.html", "sitemap.xml", "sitemap.xml.gz")
LINK = re.compile(r"(!?\[[^\]\n]*\])\(([^)\s]+)\)")
FENCE = re.compile(r"^(```|~~~)")


def site_path(repo_path: str) -> str | None:
    """Where a file of the repository is on the docs site, or None if it is not published there."""
    if repo_path in PAGES:
        return PAGES[repo_path]
    if repo_path == "LICENSE":
        return LICENSE_PAGE
    if repo_path.startswith("docs/") and (ROOT / repo_path).is_file():
        return repo_path.removeprefix("docs/")
    return None


def repo_path(site_uri: str) -> str:
    """The repository's path of a page published at site_uri."""
    for repo, site in PAGES.items():
        if site == site_uri:
            return repo
    return "LICENSE" if site_uri == LICENSE_PAGE else "docs/" + site_uri


def rewrite_links(markdown: str, page_repo_path: str, page_site_path: str) -> str:
    """Every relative Markdown link of a page, outside code blocks, from the repository's paths to
    the site's (module docstring)."""
    here = posixpath.dirname(page_repo_path)
    there = posixpath.dirname(page_site_path)

    def one(match: re.Match[str]) -> str:
        label, target = match.groups()
        if re.match(r"^[a-z][a-z0-9+.-]*:|^#|^/", target):
            return match.group(0)   # another site, an anchor of this page
        path, _, anchor = target.partition("#")
        published = site_path(posixpath.normpath(posixpath.join(here, path)))
        if published is None:
            return label[1:-1] if not label.startswith("!") else match.group(0)
        new = posixpath.relpath(published, there or ".") + (f"#{anchor}" if anchor else "")
        return f"{label}({new})"

    out, fenced = [], False
    for line in markdown.splitlines(keepends=True):
        if FENCE.match(line.lstrip()):
            fenced = not fenced
        out.append(line if fenced else LINK.sub(one, line))
    return "".join(out)


# --- MkDocs hooks (mkdocs.yml: hooks) ------------------------------------------------------

def on_files(files: Any, config: Any) -> Any:
    from mkdocs.structure.files import File
    for repo, site in PAGES.items():
        files.append(File.generated(config, site, abs_src_path=str(ROOT / repo)))
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    files.append(File.generated(config, LICENSE_PAGE, content=f"# Licence\n\n```text\n{text}```\n"))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    uri = page.file.src_uri
    return rewrite_links(markdown, repo_path(uri), uri)


# --- the build ----------------------------------------------------------------------------

def build(site_dir: Path, strict: bool = False) -> bool:
    """`mkdocs build` of mkdocs.yml into site_dir (replaced); `strict`: a warning (a link to no page,
    an anchor to no heading) fails it, as tests/site/test_docs.py builds it. The site's build is not
    strict, so that a slip in a page is a warning there, not a site that cannot be built. False, with
    a message, when MkDocs is not installed (pip install -e '.[test]' installs it; the tests need it)."""
    if importlib.util.find_spec("mkdocs") is None:
        print("build: MkDocs is not installed (pip install -e '.[test]'): the docs are left out of dist/docs/",
              file=sys.stderr, flush=True)
        return False
    if site_dir.exists():
        shutil.rmtree(site_dir)
    subprocess.run([sys.executable, "-m", "mkdocs", "build", *(["--strict"] if strict else []), "--quiet",
                    "-f", str(CONFIG), "-d", str(site_dir)], check=True, cwd=ROOT)
    # what only works at a host's root with a site_url (its links absolute): the 404 page (a static
    # host serves its own root's) and the sitemap (absolute URLs, which a copy on any host cannot know)
    for name in UNUSED:
        (site_dir / name).unlink(missing_ok=True)
    return True


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "dist" / "docs"
    sys.exit(0 if build(target, strict=True) else 1)
