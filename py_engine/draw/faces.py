"""The tile faces as SVG, from faces.json: the same primitives the page paints (web/art/tiles.js).

faces.json is written once by tools/tile_faces.mjs from the painters the faces were first drawn
with; the page bundles it, this package ships it (package data in the wheel). Nothing here draws
a face of its own: it chooses the layers of a tile (tile_layers, as tiles.js tileLayers does) and
writes each primitive as an SVG element.
"""
from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["faces", "tile_layers", "SvgDefs", "items_svg", "num", "esc", "TILE_W", "FACE_H", "TILE_H"]


@cache
def faces() -> dict[str, Any]:
    """faces.json, read once."""
    data: dict[str, Any] = json.loads(resources.files(__package__).joinpath("faces.json").read_text(encoding="utf-8"))
    return data


_size = faces()["size"]
#: the design space of a face: 60 wide, FACE_H tall, and the tile's side below it (tiles.js TILE_H)
TILE_W: float = _size["width"]
FACE_H: float = _size["face"] / TILE_W
TILE_H: float = (_size["face"] + _size["side"]) / TILE_W


def tile_layers(code: str | None, look: str = "", pixel_width: float = 36, script: str = "hans") -> list[list[Any]]:
    """The layers of a tile in painting order: the back whole, or the body, the face in its script
    ("hans" 万东发, "hant" 萬東發), the corner index (22 px and wider), then each look ("gold",
    "hi", "dim", joined with "+")."""
    data = faces()
    if not code or code == "back":
        return [data["back"]]
    face = (data["faces"]["hant"].get(code) if script == "hant" else None) or data["faces"]["hans"].get(code)
    if face is None:
        return [data["back"]]
    layers = [data["body"], face]
    if code in data["index"] and pixel_width >= data["size"]["index_from"]:
        layers.append(data["index"][code])
    looks = set(look.split("+"))
    layers.extend(data["looks"][name] for name in ("gold", "hi", "dim") if name in looks)
    return layers


def num(n: float) -> str:
    """A number as svgctx.js writes it: to 1/1000, no trailing zeros."""
    r = round(n * 1000) / 1000
    if abs(r) < 1e-9:
        return "0"
    text = f"{r:.3f}".rstrip("0").rstrip(".")
    return text


def _fine(n: float) -> str:
    return "0" if abs(n) < 1e-12 else format(float(f"{n:.6g}"), ".6g")


# what XML 1.0 does not allow in a document (a NUL from a title: not well-formed): dropped
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff\ufffe\uffff]")


def esc(text: object) -> str:
    """Text for an SVG attribute or element: &, <, >, " and ' escaped; characters XML does not allow dropped."""
    return (_NOT_XML.sub("", str(text)).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


class SvgDefs:
    """The <defs> of one SVG document: gradients (one per kind) and clip paths, under ids with a
    prefix of their own, so that many drawings inline in one HTML page never share an id."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.parts: list[str] = []
        self.gradients: dict[str, str] = {}
        self.paths: dict[int, str] = {}
        self.count = 0

    def path(self, p: int) -> str:
        """The id of faces.json's path `p`, defined once in this document (a face's 万 drawn nine
        times is written once)."""
        if p not in self.paths:
            pid = self.new_id()
            self.parts.append(f'<path id="{pid}" d="{esc(faces()["paths"][p])}"/>')
            self.paths[p] = pid
        return self.paths[p]

    def new_id(self) -> str:
        self.count += 1
        return f"{self.prefix}{self.count - 1}"

    def paint(self, style: Any) -> str:
        if isinstance(style, str):
            return esc(style)
        key = json.dumps(style, sort_keys=True)
        if key not in self.gradients:
            gid = self.new_id()
            x1, y1, x2, y2 = style["linear"]
            stops = "".join(f'<stop offset="{num(o)}" stop-color="{esc(c)}"/>' for o, c in style["stops"])
            self.parts.append(f'<linearGradient id="{gid}" gradientUnits="userSpaceOnUse" x1="{num(x1)}" '
                              f'y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}">{stops}</linearGradient>')
            self.gradients[key] = gid
        return f"url(#{self.gradients[key]})"

    def svg(self) -> str:
        return f"<defs>{''.join(self.parts)}</defs>" if self.parts else ""


def _matrix(m: list[float]) -> str:
    a, b, c, d, e, f = m
    return f"matrix({_fine(a)} {_fine(b)} {_fine(c)} {_fine(d)} {num(e)} {num(f)})"


def items_svg(items: list[Any], defs: SvgDefs) -> str:
    """faces.json primitives as SVG elements: a path under its transform, filled, stroked, or a clip
    around its items."""
    out = []
    for item in items:
        transform = _matrix(item["m"])
        if "clip" in item:
            cid = defs.new_id()
            d = esc(faces()["paths"][item["p"]])
            defs.parts.append(f'<clipPath id="{cid}"><path d="{d}" transform="{transform}"/></clipPath>')
            out.append(f'<g clip-path="url(#{cid})">{items_svg(item["clip"], defs)}</g>')
            continue
        ref = f'<use xlink:href="#{defs.path(item["p"])}" transform="{transform}"'
        if "stroke" in item:
            out.append(f'{ref} fill="none" stroke="{defs.paint(item["stroke"])}" stroke-width="{num(item["width"])}" '
                       f'stroke-linecap="{esc(item["cap"])}" stroke-linejoin="{esc(item["join"])}"/>')
        else:
            out.append(f'{ref} fill="{defs.paint(item["fill"])}"/>')
    return "".join(out)
