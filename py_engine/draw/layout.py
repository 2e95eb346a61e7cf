"""Where every tile of a hand diagram goes: web/art/handdraw.js layoutHand, in Python.

The groups (the hand, the drawn or winning tile, each meld, the flowers, the turned gold) are apart
by a gap; a claimed tile lies turned where its giver sits, an added kong's tile on it; a concealed
kong shows its two outer tiles face down. The groups wrap onto lines no wider than `max_width` (a
long hand splits between tiles, a meld never), or onto `rows` lines; the pond follows in rows of
six, claimed discards dimmed. tests/engine/test_draw.py holds this to handdraw.js, tile for tile.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from .faces import TILE_H
from .notation import HandSpec

__all__ = ["Placed", "Plate", "Layout", "layout_hand", "SIDEWAYS"]

#: a claimed tile lies turned, its top to the left (radians, as the canvas turns)
SIDEWAYS = -math.pi / 2


def js_round(x: float) -> int:
    """Math.round: halves up (Python's round() goes to even)."""
    return math.floor(x + 0.5)


@dataclass(frozen=True)
class Placed:
    code: str
    x: float
    y: float
    look: str
    angle: float


@dataclass(frozen=True)
class Plate:
    x: float
    y: float
    w: float
    h: float


@dataclass
class Layout:
    width: int
    height: int
    tiles: list[Placed]
    plates: list[Plate]
    tile_width: float


@dataclass(frozen=True)
class _Slot:
    code: str
    look: str = ""
    side: bool = False
    stack: str | None = None


@dataclass
class _Group:
    slots: list[_Slot]
    gap: float
    plate: bool = False
    split: bool = False


def _groups(spec: HandSpec, w: float) -> list[_Group]:
    gap = js_round(w * 0.4)

    def gold_look(code: str) -> str:
        return "gold" if spec.gold and code == spec.gold else ""

    groups: list[_Group] = []
    if spec.hand:
        groups.append(_Group([_Slot(c, gold_look(c)) for c in spec.hand], gap, split=True))
    if spec.drawn:
        look = "+".join(x for x in (gold_look(spec.drawn.tile), "hi" if spec.drawn.win else "") if x)
        groups.append(_Group([_Slot(spec.drawn.tile, look, bool(spec.drawn.source))], js_round(w * 0.3)))
    for meld in spec.melds:
        n = 3 if meld.type == "pong" or (meld.type == "added_kong" and meld.source) else 4
        turned = {"left": 0, "across": 1, "right": n - 1}[meld.source] if meld.source else -1
        slots = []
        for i in range(n):
            if meld.type == "concealed_kong":
                slots.append(_Slot("back" if i in (0, 3) else meld.tile))
            else:
                stack = meld.tile if i == turned and meld.type == "added_kong" else None
                slots.append(_Slot(meld.tile, gold_look(meld.tile), i == turned, stack))
        groups.append(_Group(slots, gap))
    if spec.flowers:
        groups.append(_Group([_Slot(c) for c in spec.flowers], gap, split=True))
    if spec.gold and spec.gold_shown:
        groups.append(_Group([_Slot(spec.gold, "gold")], gap * 2, plate=True))
    return groups


def _wrap(groups: list[_Group], limit: float, slot_width: Callable[[_Slot], float]) -> list[list[_Group]]:
    lines: list[list[_Group]] = []
    line: list[_Group] = []
    x = 0.0
    for group in groups:
        width = sum(slot_width(s) for s in group.slots)
        if line and x + group.gap + width > limit:
            lines.append(line)
            line, x = [], 0.0
        if not line and width > limit and group.split:
            chunk: list[_Slot] = []
            cx = 0.0
            for s in group.slots:
                if chunk and cx + slot_width(s) > limit:
                    lines.append([replace(group, slots=chunk, gap=0)])
                    chunk, cx = [], 0.0
                chunk.append(s)
                cx += slot_width(s)
            line, x = [replace(group, slots=chunk, gap=0)], cx
            continue
        line.append(group if line else replace(group, gap=0))
        x += (group.gap if len(line) > 1 else 0) + width
    if line:
        lines.append(line)
    return lines


def layout_hand(spec: HandSpec, w: float, *, max_width: float = math.inf, rows: int = 0) -> Layout:
    """Every tile's place for a tile width `w` (handdraw.js layoutHand)."""
    pad = js_round(w * 0.18)
    H = w * TILE_H
    groups = _groups(spec, w)

    def slot_width(s: _Slot) -> float:
        return H if s.side else w

    if rows > 0:
        total = sum(g.gap + sum(slot_width(s) for s in g.slots) for g in groups)
        limit = max([slot_width(s) for g in groups for s in g.slots] + [total / rows])
        lines = _wrap(groups, limit, slot_width)
        while len(lines) > rows and limit < total:
            limit += w / 2
            lines = _wrap(groups, limit, slot_width)
    else:
        lines = _wrap(groups, max(max_width - 2 * pad, w), slot_width)
    tiles: list[Placed] = []
    plates: list[Plate] = []
    y = float(pad)
    width = 2 * pad + w
    for line in lines:
        rise = max(0.0, 2 * w - H) if any(s.stack for g in line for s in g.slots) else 0.0
        x = float(pad)
        for k, g in enumerate(line):
            if k:
                x += g.gap
            start = x
            for s in g.slots:
                box = slot_width(s)
                if s.side:
                    cx = x + box / 2
                    cy = y + rise + H - w / 2
                    tiles.append(Placed(s.code, cx - w / 2, cy - H / 2, s.look, SIDEWAYS))
                    if s.stack:
                        tiles.append(Placed(s.stack, cx - w / 2, cy - w - H / 2, s.look, SIDEWAYS))
                else:
                    tiles.append(Placed(s.code, x, y + rise, s.look, 0.0))
                x += box
            if g.plate:
                plates.append(Plate(start - pad / 2, y + rise - pad / 2, x - start + pad, H + pad))
        width = max(width, x + pad)
        y += rise + H + js_round(w * 0.25)
    if lines:
        y -= js_round(w * 0.25)
    if spec.pond:
        if lines:
            y += js_round(w * 0.4)
        for i, d in enumerate(spec.pond):
            col = i % 6
            if i and not col:
                y += H
            tiles.append(Placed(d.tile, pad + col * w, y, "dim" if d.claimed else "", 0.0))
        y += H
        width = max(width, 2 * pad + min(6, len(spec.pond)) * w)
    return Layout(js_round(width), js_round(max(y, pad + H) + pad), tiles, plates, w)

