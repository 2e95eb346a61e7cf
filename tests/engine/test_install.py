"""The engine installs like a package (issue 56, item 2): a wheel in a clean venv, `pip install .` and
`pip install git+file://<a clone>` each draw hands in three languages, run the Markdown extension and
say a hint's reason, with nothing of the checkout on their path (the words and the faces are the
wheel's package data). Before, every one raised CatalogMissing and a hint's reason was None."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from wheelenv import clean_env, engine_venv, new_venv, pip, run_in, source_copy

# What an author does first with the engine: run outside the checkout, by the installed package alone.
CHECK = r"""
import sys
from pathlib import Path
import markdown
import py_engine
from py_engine import Game, hints
from py_engine.draw import Hand, NotationError, Position, alt_text, hand_svg

where = Path(py_engine.__file__).resolve()
assert "site-packages" in where.parts, where              # the installed copy, not a checkout's
assert not (where.parents[1] / "web").exists(), where      # and no web/ beside it to read words from

svg = hand_svg("123m456p789s11z|pong 7z from left|concealed_kong 9s|flowers 1f5f|gold 5m", lang="zh-Hans")
assert "手牌：一万、二万、三万" in svg and svg.count("<use ") > 20, svg[:300]
assert "萬" in alt_text("5m", "zh-Hant") and alt_text("5m", "en") == "Hand: 5 Characters"
try:
    hand_svg("12q")
except NotationError as error:
    said = error.words("zh-Hans")
    assert "q" in said and "notation." not in said, said
else:
    raise AssertionError("12q was drawn")

html = markdown.markdown("Wait on :mj[13m]{size=20}.\n\n```mahjong\n123m|pong 7z\n```\n", extensions=["py_engine.draw.markdown"])
assert html.count("<svg ") == 2 and "mj-hand-error" not in html, html[:300]

game = Game.new("longyan", seed=1)
hint = hints.hint(game, game.waiting_for[0])
assert hint["suggested"] and isinstance(hint["reason"], dict) and all(hint["reason"].values()), hint
assert "<svg" in Hand("123m").svg() and "<svg" in Position(game, 0)._repr_html_()
print("ok", where)
"""


def check(python: Path, cwd: Path) -> str:
    return run_in(python, CHECK, cwd).stdout


def test_the_wheel_in_a_clean_venv_draws_says_and_runs_the_extension(tmp_path):
    python = engine_venv()
    assert "ok" in check(python, tmp_path)
    # a clean venv: the system's site-packages (where the suite's own mkdocs and py_engine are) are not on its path
    paths = run_in(python, "import sys; print('\\n'.join(sys.path))", tmp_path).stdout
    assert "/work/" not in paths.replace(str(python.parents[1]), "") and "dist-packages" not in paths, paths


def test_pip_install_of_the_tree_and_of_a_git_url(tmp_path):
    """`pip install .` (not -e) of a tree, then `pip install git+file://` of a clone: both as the wheel."""
    source = source_copy(tmp_path / "project")
    python = new_venv(tmp_path / "venv")
    pip(python, "install", "--no-compile", f"{source}[markdown]", cwd=tmp_path)
    assert "ok" in check(python, tmp_path)
    pip(python, "uninstall", "--yes", "py_engine", cwd=tmp_path)
    with pytest.raises(AssertionError, match="ModuleNotFoundError"):
        check(python, tmp_path)
    # a git repository of the project (its links to web/i18n/ committed as links, as in this one)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", "-c", "init.defaultBranch=main"]
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "the engine"]):
        subprocess.run([*git, *args], cwd=source, check=True)
    assert subprocess.run(["git", "ls-files", "-s", "py_engine/i18n/en.json"], cwd=source, capture_output=True,
                          text=True, check=True).stdout.startswith("120000")  # a link, not a copy
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(source), str(clone)], check=True)
    pip(python, "install", "--no-compile", f"git+file://{clone}", cwd=tmp_path)  # (Markdown: still there from the first install)
    assert "ok" in check(python, tmp_path)


def test_every_python_sample_of_docs_drawing_md_runs_in_the_wheels_venv(tmp_path):
    """docs/drawing.md's Python blocks, each run whole by the clean venv (issue 56: its notebook sample
    named an undefined `position`)."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "drawing.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```$", text, re.S | re.M)
    assert len(blocks) >= 2, "docs/drawing.md has its Python samples"
    python = engine_venv()
    for block in blocks:
        run_in(python, block, tmp_path)
    assert (tmp_path / "hand.svg").read_text(encoding="utf-8").startswith("<svg")  # what the first sample writes


def test_mkdocs_build_strict_names_the_page_and_line_in_the_sites_language(tmp_path):
    """A MkDocs site (the wheel's venv) with a hand that cannot be read: `mkdocs build --strict` stops, and
    its warning names the page and the line, in 简体 (issue 56: neither, in English)."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text("site_name: t\nmarkdown_extensions:\n  - py_engine.draw.markdown:\n      lang: zh-Hans\n",
                                         encoding="utf-8")
    (tmp_path / "docs" / "index.md").write_text("# 好\n\n:mj[123m]\n", encoding="utf-8")
    (tmp_path / "docs" / "bad.md").write_text("---\ntitle: x\n---\n# 一\n\n听 :mj[13m] 或 :mj[12q]\n\n```mahjong\n123m\n1z|chow 1m\n```\n",
                                              encoding="utf-8")
    done = subprocess.run([str(engine_venv()), "-m", "mkdocs", "build", "--strict"], cwd=tmp_path,
                          capture_output=True, text=True, env=clean_env())
    assert done.returncode != 0
    said = done.stderr
    assert "bad.md:3: :mj[12q]: 无法读出手牌：“q”不是记法的一部分" in said, said
    assert "bad.md:7: 无法读出手牌：" in said and "chow" in said, said
    assert "index.md" not in said


SPHINX_CONF = """extensions = ["myst_parser", "py_engine.draw.sphinx"]
language = "zh_CN"
mahjong_size = 28
"""
SPHINX_INDEX = """手牌
====

.. toctree::

   myst

.. mahjong::
   :theme: light

   123m456p789s11z|pong 7z from left|concealed_kong 9s|flowers 1f5f|gold 5m

听 :mj:`13m`，暗杠 :mj:`concealed_kong 9s`。
"""
SPHINX_MYST = """# MyST

```{mahjong}
:lang: zh-Hant
1234m|kong 1z from across|win 4m from right
```

听 {mj}`13m`，或 {mj}`12q`。
"""


def test_a_sphinx_site_and_a_myst_page_draw_hands_and_place_their_errors(tmp_path):
    """py_engine.draw.sphinx (issue 56, item 6) in the wheel's venv: a reST page and a MyST page, built by
    sphinx-build; the hands are inline SVG in the project's language; a hand that cannot be read is
    warned about at its page and line, in 简体, and `-W` stops the build."""
    source = tmp_path / "src"
    source.mkdir()
    (source / "conf.py").write_text(SPHINX_CONF, encoding="utf-8")
    (source / "index.rst").write_text(SPHINX_INDEX, encoding="utf-8")
    (source / "myst.md").write_text(SPHINX_MYST, encoding="utf-8")
    python = engine_venv()
    build = [str(python), "-m", "sphinx", "-b", "html", "-q", str(source), str(tmp_path / "out")]
    done = subprocess.run(build, capture_output=True, text=True, cwd=tmp_path, env=clean_env())
    assert done.returncode == 0, done.stderr
    index = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert index.count("<svg ") == 3 and "手牌：一万、二万、三万" in index and "暗杠九条" in index
    assert 'rx="6"' in index  # the light panel (28 px: round(28 * 0.2))
    myst = (tmp_path / "out" / "myst.html").read_text(encoding="utf-8")
    assert myst.count("<svg ") == 2 and "萬" in myst and 'class="mj-hand-error"' in myst and "<mark>q</mark>" in myst
    assert "myst.md:8" in done.stderr and "无法读出手牌：“q”不是记法的一部分" in done.stderr, done.stderr
    failed = subprocess.run([*build[:-1], str(tmp_path / "strict"), "-W", "-E"], capture_output=True, text=True,
                            cwd=tmp_path, env=clean_env())
    assert failed.returncode != 0 and "myst.md:8" in failed.stderr
