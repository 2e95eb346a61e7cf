"""A Sphinx extension (so MyST pages too) that draws hands as inline SVG when the docs are built, as
the Markdown extension does for MkDocs: no script, no frame. docs/drawing.md, "In Sphinx".

    # conf.py
    extensions = ["py_engine.draw.sphinx"]      # with MyST: also "myst_parser"
    mahjong_lang = "zh-Hans"                    # default: from `language` (zh_CN: zh-Hans, zh_TW/zh_HK: zh-Hant), else en
    mahjong_size = 32                           # a tile's width in px (default 36)
    mahjong_theme = "light"                     # transparent (default), light, dark

    .. mahjong::                                (reST; in MyST: ```{mahjong} with the same options)
       :theme: light
       :rows: 2

       123m456p789s11z|pong 7z from left|gold 5m

    Wait on :mj:`13m`.                          (in MyST: {mj}`13m`)

A directive draws each line of its content as a hand (options: size, theme, lang, rows, width); the
role draws one inline with the site's options. A hand that cannot be read is shown in its place with
the wrong part marked, in the site's language, and warned about through Sphinx's logger at its page
and line (`sphinx-build -W` stops). The SVG is raw HTML: builders other than HTML leave it out.
"""
from __future__ import annotations

from typing import Any

from docutils import nodes  # type: ignore[import-untyped,import-not-found,unused-ignore]
from docutils.parsers.rst import Directive  # type: ignore[import-untyped,import-not-found,unused-ignore]
from sphinx.util import logging  # type: ignore[import-untyped,import-not-found,unused-ignore]

from ..teach.words import LANGS
from .faces import esc
from .notation import NotationError
from .svg import SIZE, THEMES, hand_svg

__all__ = ["setup", "site_lang"]

log = logging.getLogger(__name__)


def site_lang(config: Any) -> str:
    """The hands' language: mahjong_lang, else the project's `language` (zh_CN -> zh-Hans), else en."""
    if config.mahjong_lang:
        if config.mahjong_lang not in LANGS:
            raise ValueError(f"mahjong_lang is one of {', '.join(LANGS)}, not {config.mahjong_lang!r}")
        return str(config.mahjong_lang)
    language = str(config.language or "").replace("_", "-").lower()
    if language in ("zh-tw", "zh-hk", "zh-hant", "zh-mo"):
        return "zh-Hant"
    return "zh-Hans" if language.startswith("zh") else "en"


def _drawn(text: str, options: dict[str, Any], location: Any) -> str:
    """The hand as SVG, or the reason it cannot be drawn (escaped, the wrong part marked; warned at `location`)."""
    try:
        return hand_svg(text, size=options["size"], theme=options["theme"], lang=options["lang"],
                        rows=options.get("rows", 0), max_width=options.get("width"))
    except NotationError as error:
        log.warning("%s (%r, %d-%d)", error.words(options["lang"]), text, error.at[0], error.at[1], location=location)
        a, b = error.at
        marked = f"{esc(text[:a])}<mark>{esc(text[a:max(b, a + 1)]) or ' '}</mark>{esc(text[max(b, a + 1):])}"
        return (f'<span class="mj-hand-error" role="alert">{esc(error.words(options["lang"]))} '
                f"<code>{marked}</code></span>")


def _site_options(env: Any) -> dict[str, Any]:
    config = env.config
    return {"size": config.mahjong_size, "theme": config.mahjong_theme, "lang": site_lang(config)}


def _size(value: str) -> float:
    n = float(value)
    if not SIZE["min"] <= n <= SIZE["max"]:
        raise ValueError(f"size is a tile's width in px from {SIZE['min']} to {SIZE['max']}, not {value}")
    return n


def _one_of(value: str, name: str, choices: tuple[str, ...]) -> str:
    if (value or "").strip() not in choices:
        raise ValueError(f"{name} is one of {', '.join(choices)}, not {value}")
    return value.strip()


def _whole(value: str, name: str, low: int, high: int) -> int:
    if not str(value).strip().isdigit() or not low <= int(value) <= high:
        raise ValueError(f"{name} is a whole number from {low} to {high}, not {value}")
    return int(value)


class MahjongDirective(Directive):  # type: ignore[misc]
    """.. mahjong:: with a hand a line."""

    has_content = True
    option_spec = {
        "size": _size,
        "theme": lambda value: _one_of(value, "theme", THEMES),
        "lang": lambda value: _one_of(value, "lang", LANGS),
        "rows": lambda value: _whole(value, "rows", 1, 20),
        "width": lambda value: _whole(value, "width", 1, 100000),
    }

    def run(self) -> list[Any]:
        env = self.state.document.settings.env
        options = {**_site_options(env), **self.options}
        lines = []
        for k, line in enumerate(self.content):
            if line.strip():
                source, number = self.content.info(k)
                where = (env.docname, number + 1 if isinstance(number, int) else self.lineno)
                lines.append(f'<div class="mj-hand-line">{_drawn(line.strip(), options, where)}</div>')
        return [nodes.raw("", f'<div class="mj-hands">{"".join(lines)}</div>', format="html")]


def mj_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any, options: Any = None,
            content: Any = None) -> tuple[list[Any], list[Any]]:
    """:mj:`notation`: the hand inline, with the site's options."""
    env = inliner.document.settings.env
    svg = _drawn(text.strip(), _site_options(env), (env.docname, lineno))
    return [nodes.raw(rawtext, svg, format="html")], []


def _check_config(app: Any, config: Any) -> None:
    site_lang(config)  # a bad mahjong_lang stops the build, naming it
    _size(str(config.mahjong_size))
    if config.mahjong_theme not in THEMES:
        raise ValueError(f"mahjong_theme is one of {', '.join(THEMES)}, not {config.mahjong_theme!r}")


def setup(app: Any) -> dict[str, Any]:
    app.add_config_value("mahjong_lang", "", "env")
    app.add_config_value("mahjong_size", SIZE["none"], "env")
    app.add_config_value("mahjong_theme", "transparent", "env")
    app.add_directive("mahjong", MahjongDirective)
    app.add_role("mj", mj_role)
    app.connect("config-inited", _check_config)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
