"""A hand as an SVG document, from the notation of <mj-hand>, with the page's own tile art.

    >>> from py_engine.draw import hand_svg
    >>> hand_svg("123m456p789s11z|pong 7z from left|gold 5m", size=36, lang="en")
    '<svg xmlns="http://www.w3.org/2000/svg" width="...

The layout is handdraw.js's (layout.py), the faces are faces.json's (faces.py), the alt text is the
page's sentence in the reader's language (the catalogs' alt.* and tile names, words.py). Every
text that reaches the document is escaped; ids carry a prefix of the drawing's own, so that any
number of drawings can sit inline in one page.
"""
from __future__ import annotations

import hashlib
import math

from ..teach.words import LANGS, say, tile_name
from .faces import SvgDefs, TILE_H, esc, faces, items_svg, num, tile_layers
from .layout import Layout, layout_hand
from .notation import BACK, MELD_TYPES, SEATS, Discard, Drawn, HandSpec, Meld, NotationError, parse_hand

__all__ = ["SIZE", "THEMES", "SCRIPTS", "script_of", "alt_text", "hand_svg", "layout_svg", "check_size", "check_max_width",
           "check_spec"]

SVG_NS = "http://www.w3.org/2000/svg"
# <use> points at its definition by xlink:href, not href: a host's script that sets every element's
# `href` (MkDocs Material's instant navigation, reassigning every [href]) throws on SVGUseElement,
# whose `href` is a read-only property; `xlink:href` is an attribute no such script reads.
XLINK_NS = "http://www.w3.org/1999/xlink"
#: A tile's width in css px: <mj-hand size>'s range and its default.
SIZE = {"min": 12, "max": 160, "none": 36}
THEMES = tuple(faces()["themes"])
#: The faces' characters: "hans" 万东发 (zh-Hans, and English), "hant" 萬東發 (zh-Hant).
SCRIPTS = ("hans", "hant")


def script_of(lang: str) -> str:
    """The faces' script for a language (tiles.js scriptOf): 繁體 for zh-Hant, 简体 otherwise."""
    return "hant" if lang == "zh-Hant" else "hans"


def _shown(value: object) -> str:
    """A value as an error names it: its repr, cut short (a 10**400 or a 1 MB string is not repeated whole)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _number(value: object) -> float | None:
    """A finite int or float as a float; None for anything else (a bool, a string, 10**400, nan)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        n = float(value)
    except OverflowError:
        return None
    return n if math.isfinite(n) else None


def check_size(size: float) -> float:
    """A tile's width, checked: a number from 12 to 160 (px), as <mj-hand size> takes."""
    n = _number(size)
    if n is None or not SIZE["min"] <= n <= SIZE["max"]:
        raise ValueError(f"size is a tile's width in px from {SIZE['min']} to {SIZE['max']}, not {_shown(size)}")
    return size


def check_max_width(max_width: float | None) -> float:
    """The px to wrap to: None (one line) or a number from 0 up (a width below a tile's wraps a tile a line)."""
    if max_width is None or (isinstance(max_width, float) and max_width == math.inf):
        return math.inf
    n = _number(max_width)
    if n is None or n < 0:
        raise ValueError(f"max_width is the px to wrap to (a number, 0 or more), or None, not {_shown(max_width)}")
    return n


_SOURCES = (None, *SEATS)


def check_spec(spec: object) -> HandSpec:
    """A HandSpec built by hand (not by parse_hand), checked: each code a tile of faces.json (or "back"),
    each meld of a known type and source; ValueError naming the first that is not."""
    if not isinstance(spec, HandSpec):
        raise ValueError(f"a hand is notation text or a HandSpec, not {_shown(spec)}")
    known = faces()["faces"]["hans"]

    def tile(code: object, what: str, back: bool = True) -> None:
        if not isinstance(code, str) or not (code in known or (back and code == BACK)):
            raise ValueError(f"{what} is no tile: {_shown(code)}")

    try:
        for code in spec.hand:
            tile(code, "a tile of the hand")
        for m in spec.melds:
            if not isinstance(m, Meld) or m.type not in MELD_TYPES or m.source not in _SOURCES:
                raise ValueError(f"a meld is Meld(type in {MELD_TYPES}, tile, source in {SEATS} or None), not {_shown(m)}")
            tile(m.tile, f"the {m.type}'s tile")
        if spec.drawn is not None:
            if not isinstance(spec.drawn, Drawn) or spec.drawn.source not in _SOURCES:
                raise ValueError(f"the drawn tile is Drawn(tile, win, source), not {_shown(spec.drawn)}")
            tile(spec.drawn.tile, "the drawn tile", back=False)
        for code in spec.flowers:
            tile(code, "a flower", back=False)
            if code[1] != "f":
                raise ValueError(f"a flower is one of 1f-8f, not {_shown(code)}")
        if spec.gold is not None and spec.gold[1:] == "f":
            raise ValueError(f"the gold is no flower: {_shown(spec.gold)}")
        if spec.gold is not None:
            tile(spec.gold, "the gold", back=False)
        for d in spec.pond:
            if not isinstance(d, Discard):
                raise ValueError(f"a discard is Discard(tile, claimed), not {_shown(d)}")
            tile(d.tile, "a discard")
    except TypeError:  # a field that is not a list
        raise ValueError(f"a HandSpec's hand, melds, flowers and pond are lists: {_shown(spec)}") from None
    return spec


def _spec(hand: str | HandSpec) -> HandSpec:
    spec = parse_hand(hand) if isinstance(hand, str) else check_spec(hand)
    if spec.is_empty:
        raise NotationError("notation.empty", {}, (0, len(hand) if isinstance(hand, str) else 0))
    return spec


def alt_text(hand: str | HandSpec, lang: str = "en") -> str:
    """The hand in words, in `lang` (handdraw.js altText): "Hand: 1 Characters, …; pong of Red
    Dragon, from the left; gold: 5 Characters"."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (one of {', '.join(LANGS)})")
    spec = parse_hand(hand) if isinstance(hand, str) else check_spec(hand)

    def name(code: str) -> str:
        return say(lang, "alt.back") if code == BACK else tile_name(code, lang)

    def names(codes: list[str]) -> str:
        return say(lang, "alt.sep").join(name(c) for c in codes)

    def source(what: str, seat: str | None) -> str:
        return say(lang, "alt.from", what=what, seat=say(lang, f"alt.seat.{seat}")) if seat else what

    parts = []
    if spec.hand:
        parts.append(say(lang, "alt.hand", tiles=names(spec.hand)))
    if spec.drawn:
        key = "alt.win" if spec.drawn.win else "alt.draw"
        parts.append(source(say(lang, key, tile=name(spec.drawn.tile)), spec.drawn.source))
    for m in spec.melds:
        parts.append(source(say(lang, f"alt.meld.{m.type}", tile=name(m.tile)), m.source))
    if spec.flowers:
        parts.append(say(lang, "alt.flowers", tiles=names(spec.flowers)))
    if spec.gold:
        parts.append(say(lang, "alt.gold", tile=name(spec.gold)))
    if spec.pond:
        discards = [say(lang, "alt.claimed", tile=name(d.tile)) if d.claimed else name(d.tile) for d in spec.pond]
        parts.append(say(lang, "alt.pond", tiles=say(lang, "alt.sep").join(discards)))
    return say(lang, "alt.partSep").join(parts) or say(lang, "alt.empty")


def layout_svg(layout: Layout, *, theme: str = "transparent", title: str = "", script: str = "hans",
               css_class: str = "mj-hand") -> str:
    """A laid-out diagram as an SVG document: the theme's panel, the gold's plate, each tile."""
    if theme not in THEMES:
        raise ValueError(f"theme is one of {', '.join(THEMES)}, not {theme!r}")
    if script not in SCRIPTS:
        raise ValueError(f"script is one of {', '.join(SCRIPTS)}, not {script!r}")
    w = layout.tile_width
    body: list[str] = []
    defs = SvgDefs("")
    panel = faces()["themes"][theme]["panel"]
    if panel:
        body.append(f'<rect width="{layout.width}" height="{layout.height}" rx="{round(w * 0.2)}" fill="{esc(panel)}"/>')
    plate = faces()["plate"]
    for p in layout.plates:
        body.append(f'<rect x="{num(p.x)}" y="{num(p.y)}" width="{num(p.w)}" height="{num(p.h)}" '
                    f'rx="{round(w * 0.15)}" fill="{esc(plate["fill"])}" stroke="{esc(plate["stroke"])}" stroke-width="1"/>')
    h = w * TILE_H
    k = w / faces()["size"]["width"]
    drawn: dict[tuple[str, str], str] = {}  # each tile face once in <defs>, then placed where it lies
    for tile in layout.tiles:
        key = (tile.code, tile.look)
        if key not in drawn:
            drawn[key] = defs.new_id()
            group = "".join(items_svg(layer, defs) for layer in tile_layers(tile.code, tile.look, w, script))
            defs.parts.append(f'<g id="{drawn[key]}">{group}</g>')
        turn = f" rotate({num(math.degrees(tile.angle))})" if tile.angle else ""
        look = f' data-look="{esc(tile.look)}"' if tile.look else ""
        body.append(f'<use xlink:href="#{drawn[key]}" transform="translate({num(tile.x + w / 2)} {num(tile.y + h / 2)}){turn} '
                    f'translate({num(-w / 2)} {num(-h / 2)}) scale({num(k)})" data-tile="{esc(tile.code)}"{look}/>')
    content = "".join(body)
    # ids unique to this drawing (the same drawing twice shares them, with the same definitions)
    prefix = "mj" + hashlib.sha1((defs.svg() + content).encode("utf-8")).hexdigest()[:10] + "-"
    content = content.replace('href="#', f'href="#{prefix}')
    definitions = (defs.svg().replace('id="', f'id="{prefix}').replace("url(#", f"url(#{prefix}")
                   .replace('href="#', f'href="#{prefix}'))
    label = f' aria-label="{esc(title)}"' if title else ""
    head = (f'<svg xmlns="{SVG_NS}" xmlns:xlink="{XLINK_NS}" width="{layout.width}" height="{layout.height}" '
            f'viewBox="0 0 {layout.width} {layout.height}" role="img"{label} class="{esc(css_class)}">')
    return f"{head}{f'<title>{esc(title)}</title>' if title else ''}{definitions}{content}</svg>"


def hand_svg(hand: str | HandSpec, *, size: float = SIZE["none"], theme: str = "transparent", lang: str = "en",
             rows: int = 0, max_width: float | None = None, title: str | None = None) -> str:
    """The hand (notation text, or a parsed HandSpec) as an SVG document: tiles `size` px wide, on
    the theme's panel (transparent, light, dark), faces in the script of `lang`, its alt text in
    `lang` (or `title`), on one line, on `rows` lines, or wrapped to `max_width` px. Raises
    NotationError for a hand that cannot be read, ValueError for an option out of its range."""
    try:
        spec = _spec(hand)
    except NotationError as error:
        error.lang = lang if lang in LANGS else "en"  # (said in the reader's language where it is shown)
        raise
    w = check_size(size)
    if not isinstance(rows, int) or isinstance(rows, bool) or not 0 <= rows <= 20:
        raise ValueError(f"rows is a whole number of lines from 1 to 20 (0: wrap to max_width), not {rows!r}")
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (one of {', '.join(LANGS)})")
    layout = layout_hand(spec, w, max_width=check_max_width(max_width), rows=rows)
    alt = alt_text(spec, lang) if title is None else str(title)
    return layout_svg(layout, theme=theme, title=alt, script=script_of(lang))
