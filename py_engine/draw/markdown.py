"""A Python-Markdown extension (so MkDocs) that draws hands as inline SVG when the site is built:
no script, no frame, no entry in a Content-Security-Policy. pip install "py_engine[markdown]".

    ```mahjong
    123m456p789s11z|pong 7z from left|gold 5m
    ```

    ```mahjong size=28 theme=light rows=2
    1234m|kong 1z from across|concealed_kong 9s|flowers 1f5f
    ```

    Wait on :mj[13m] with the gold :mj[5m]{size=20}, or :mj[123m|win 2m|gold 5m]{theme=dark}.
    | in a table | :mj[123m\\|win 2m] |        (a cell's "|" escaped, as the tables extension asks)

A block draws each of its lines as a hand (notation: README, "Hand notation"); the inline form
draws one hand inside the text. Options (on the fence line, in braces inline, or for the whole
site in the extension's config): size (a tile's width in px, 12-160), theme (transparent, light,
dark), lang (zh-Hans, zh-Hant, en: the alt text and the faces' script), rows (1-20), width (the px
to wrap a block's hand to). A hand that cannot be read is shown in its place with the part that is
wrong marked, in the page's language, and logged as a warning (`mkdocs build --strict` stops).
MkDocs:

    markdown_extensions:
      - py_engine.draw.markdown:
          lang: zh-Hans
"""
from __future__ import annotations

import logging
import math
import re
from typing import Any

from markdown import Extension, Markdown
from markdown.inlinepatterns import InlineProcessor
from markdown.preprocessors import Preprocessor

from ..teach.words import LANGS, say
from .faces import esc
from .notation import NotationError
from .svg import SIZE, THEMES, hand_svg

__all__ = ["MahjongExtension", "fence_format", "makeExtension"]

log = logging.getLogger("mkdocs.py_engine.draw")

# a fence's opening line: its indent, its marks (``` or ~~~, three or more), its info string
OPENING = re.compile(r"^(?P<indent>[ ]{0,3})(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
HANDS_INFO = re.compile(r"^[ \t]*\{?\.?(?:mahjong|mj)\b(?P<options>[^`]*?)\}?[ \t]*$")
INLINE = r":mj\[([^\]\n]+)\](?:\{([^}\n]*)\})?"
ESCAPED = re.compile("\x02(\\d+)\x03")  # Python-Markdown's backslash escape of a character
OPTION = re.compile(r"([a-z]+)=(\"[^\"]*\"|'[^']*'|[^\s\"']+)")


class OptionError(ValueError):
    """An option that cannot be taken: `key` names the catalog's sentence (mdOption.*), said in the site's language."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key, self.params = key, params
        super().__init__(self.words("en"))

    def words(self, lang: str) -> str:
        return say(lang, f"mdOption.{self.key}", **self.params)


def read_options(text: str, base: dict[str, Any], where: str) -> dict[str, Any]:
    """`size=28 theme=light` over the site's options, each checked (a bad one: a warning in the site's
    language, then the site's value)."""
    options = dict(base)
    rest = OPTION.sub("", text).strip(" \t{}.")
    if rest:
        log.warning("%s: %s", where, OptionError("unknown", text=rest).words(base["lang"]))
    for name, raw in OPTION.findall(text):
        value = raw.strip("\"'")
        try:
            options[name] = check_option(name, value)
        except OptionError as error:
            log.warning("%s: %s", where, error.words(base["lang"]))
    return options


def check_option(name: str, value: Any) -> Any:
    """One option's value, as hand_svg takes it; OptionError (a ValueError) naming the option and its range."""
    if name == "size":
        try:
            n = float(value)
        except (TypeError, ValueError, OverflowError):
            n = math.nan
        if not SIZE["min"] <= n <= SIZE["max"]:
            raise OptionError("size", min=SIZE["min"], max=SIZE["max"], value=value)
        return n
    if name == "theme":
        if value not in THEMES:
            raise OptionError("theme", choices=", ".join(THEMES), value=value)
        return value
    if name == "lang":
        if value not in LANGS:
            raise OptionError("lang", choices=", ".join(LANGS), value=value)
        return value
    if name in ("rows", "width"):
        if not str(value).isdigit() or (name == "rows" and not 1 <= int(value) <= 20):
            raise OptionError(name, value=value)
        return int(value)
    raise OptionError("name", name=name)


def draw(text: str, options: dict[str, Any], where: str) -> str:
    """The hand as inline SVG, or the reason it cannot be drawn (escaped, the wrong part marked)."""
    try:
        return hand_svg(text, size=options["size"], theme=options["theme"], lang=options["lang"],
                        rows=options.get("rows", 0), max_width=options.get("width"))
    except NotationError as error:
        # in the site's language, naming the page and line (mkdocs build --strict stops on it)
        log.warning("%s: %s (%r, %d-%d)", where, error.words(options["lang"]), text, error.at[0], error.at[1])
        a, b = error.at
        marked = f"{esc(text[:a])}<mark>{esc(text[a:max(b, a + 1)]) or ' '}</mark>{esc(text[max(b, a + 1):])}"
        return (f'<span class="mj-hand-error" role="alert">{esc(error.words(options["lang"]))} '
                f"<code>{marked}</code></span>")


class HandBlocks(Preprocessor):
    """```mahjong fences -> one stashed HTML block (a <div class="mj-hands">, a hand a line)."""

    def __init__(self, md: Markdown, extension: MahjongExtension) -> None:
        super().__init__(md)
        self.extension = extension

    def run(self, lines: list[str]) -> list[str]:
        self.extension.start_page(self.md, lines)
        out: list[str] = []
        i = 0
        while i < len(lines):
            opening = OPENING.match(lines[i])
            if not opening or (opening["fence"][0] == "`" and "`" in opening["info"]):
                out.append(lines[i])
                i += 1
                continue
            # the fence's end: a line of at least as many of its marks (or the text's end)
            fence = opening["fence"]
            end = i + 1
            while end < len(lines) and not re.match(rf"^[ ]{{0,3}}{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$", lines[end]):
                end += 1
            hands_info = HANDS_INFO.match(opening["info"])
            if not hands_info:
                out.extend(lines[i:end + 1])  # another fence (code, or an example of ours): left as it is
            else:
                out.extend(["", self.hands(hands_info["options"], lines[i + 1:end], i + 1), ""])
            i = end + 1
        return out

    def hands(self, given: str, body: list[str], line: int) -> str:
        """A block's hands, a line each, stashed as one HTML block (`line`: the fence's, from 1)."""
        options = read_options(given, self.extension.options(), self.extension.where(line))
        drawn = "".join(f'<div class="mj-hand-line">{draw(h.strip(), options, self.extension.where(line + 1 + k))}</div>'
                        for k, h in enumerate(body) if h.strip())
        return str(self.md.htmlStash.store(f'<div class="mj-hands">{drawn}</div>'))


class InlineHand(InlineProcessor):
    """:mj[notation]{options} -> the hand inline."""

    def __init__(self, pattern: str, md: Markdown, extension: MahjongExtension) -> None:
        super().__init__(pattern, md)
        self.extension = extension

    def handleMatch(self, m: re.Match[str], data: str) -> tuple[str, int, int]:  # type: ignore[override]
        # in a table "|" parts a cell: there the hand's parts are written "\\|", which the escapes
        # before this pattern kept as a placeholder of the character
        text, given = (ESCAPED.sub(lambda e: chr(int(e[1])), self.unescape(g or "")) for g in m.group(1, 2))
        where = self.extension.where(self.extension.inline_line(text), f":mj[{text}]")
        options = read_options(given, self.extension.options(), where)
        return self.md.htmlStash.store(draw(text.strip(), options, where)), m.start(0), m.end(0)


class MahjongExtension(Extension):
    """Hands drawn as inline SVG: ```mahjong blocks and :mj[...] inline (see the module's doc)."""

    def __init__(self, **kwargs: Any) -> None:
        self.config = {
            "size": [SIZE["none"], "a tile's width in px, 12-160"],
            "theme": ["transparent", "transparent, light or dark"],
            "lang": ["en", "zh-Hans, zh-Hant or en: the alt text and the faces' script"],
            "page": ["", "the page's name in warnings, where MkDocs does not say it (Python-Markdown alone)"],
        }
        super().__init__(**kwargs)
        for name in ("size", "theme", "lang"):
            check_option(name, self.getConfig(name))  # a site's bad option stops its build, naming it

    def options(self) -> dict[str, Any]:
        return {name: self.getConfig(name) for name in ("size", "theme", "lang")}

    # --- where a warning points: the page (MkDocs' own link processor knows it) and the line
    page = ""
    inline_lines: dict[str, list[int]] = {}

    def start_page(self, md: Markdown, lines: list[str]) -> None:
        """A page begins: its name (MkDocs builds each page with its own Markdown, whose "relpath"
        treeprocessor holds the page's file; else the config's `page`), each inline hand's line."""
        relpath = md.treeprocessors["relpath"] if "relpath" in md.treeprocessors else None
        file = getattr(relpath, "file", None)
        self.page = str(getattr(file, "src_uri", "") or self.getConfig("page") or "")
        self.inline_lines = {}
        for number, line in enumerate(lines, 1):
            for m in re.finditer(INLINE, line):
                self.inline_lines.setdefault(m[1].replace("\\|", "|").strip(), []).append(number)

    def inline_line(self, text: str) -> int:
        """The line of the next :mj[text] of the page (0: not known)."""
        lines = self.inline_lines.get(text.strip())
        return lines.pop(0) if lines else 0

    def where(self, line: int, what: str = "") -> str:
        """"docs/index.md:12" (the page and line a warning means), then what it is about."""
        place = (f"{self.page}:{line}" if line else self.page) if self.page else (f"line {line}" if line else "Markdown")
        return f"{place}: {what}" if what else place

    def extendMarkdown(self, md: Markdown) -> None:
        # after normalize_whitespace (30: it would strip the stash's markers), before fenced_code (25);
        # pymdownx.superfences takes fences first: name fence_format there (docs/drawing.md)
        md.preprocessors.register(HandBlocks(md, self), "mahjong_blocks", 29)
        # before links (160): ":mj[...]" is no link
        md.inlinePatterns.register(InlineHand(INLINE, md, self), "mahjong_inline", 175)


def fence_format(source: str, language: str, css_class: str, options: dict[str, Any], md: Markdown,
                 **kwargs: Any) -> str:
    """A custom fence for pymdownx.superfences (which reads fences before this extension would):
    custom_fences: [{name: mahjong, class: mahjong, format: !!python/name:py_engine.draw.markdown.fence_format}].
    The site's options come from this extension's config when it is loaded too."""
    extension = next((e for e in md.registeredExtensions if isinstance(e, MahjongExtension)), None)
    base = extension.options() if extension else {"size": SIZE["none"], "theme": "transparent", "lang": "en"}
    given = " ".join(f"{k}={v}" for k, v in options.items())
    label = f"```{language} {given}".strip()
    where = extension.where(0, label) if extension else label
    merged = read_options(given, base, where)
    hands = [line.strip() for line in source.splitlines() if line.strip()]
    drawn = "".join(f'<div class="mj-hand-line">{draw(h, merged, where)}</div>' for h in hands)
    return f'<div class="mj-hands">{drawn}</div>'


def makeExtension(**kwargs: Any) -> MahjongExtension:  # noqa: N802 (Python-Markdown's name)
    return MahjongExtension(**kwargs)

