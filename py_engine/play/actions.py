"""Actions as values: ``Action(kind, tile)`` and its string form, the one notation (API.md, Actions).

``Action.parse("discard 3p")`` and ``str(action)`` round-trip like python-chess's
``Move.from_uci`` / ``uci``. The referee, the bots, the hints and the bridge read an action's kind
and tile here instead of splitting the string themselves.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

from ..tiles.quote import quote
from ..tiles import check_code

#: kind -> whether it names a tile: "yes", "no", or "maybe" (a kong names one on one's own turn)
KINDS: dict[str, str] = {
    "discard": "yes", "swim": "yes", "kong": "maybe", "pong": "no", "win": "no", "pass": "no",
}


@dataclass(frozen=True)
class Action:
    kind: str                  # one of KINDS
    tile: str | None = None    # the tile a discard, swim or own-turn kong names

    @staticmethod
    def parse(text: str) -> Action:
        """``"discard 3p"`` -> Action("discard", "3p"); bad text raises ValueError saying what is wrong."""
        return _parse(text) if isinstance(text, str) else _bad(text)

    def __str__(self) -> str:
        return self.kind if self.tile is None else f"{self.kind} {self.tile}"

    @property
    def text(self) -> str:
        return str(self)

    def to_dict(self) -> dict[str, str | None]:
        return {"action": str(self), "kind": self.kind, "tile": self.tile}


def _bad(text: object) -> Action:
    raise ValueError(f"bad action {quote(text)} (actions read like 'discard 3p', 'pong', 'kong', 'kong 5z', "
                     f"'swim 2m', 'win', 'pass')")


@functools.lru_cache(maxsize=1024)
def _parse(text: str) -> Action:
    kind, _, tile = text.partition(" ")
    takes = KINDS.get(kind)
    if takes is None or (takes == "yes" and not tile) or (takes == "no" and tile) or " " in tile:
        return _bad(text)
    if not tile:
        return Action(kind)
    try:
        return Action(kind, check_code(tile))
    except ValueError:
        return _bad(text)


def kind_of(text: str) -> str:
    """The kind of an action string ("discard 3p" -> "discard")."""
    return Action.parse(text).kind


def tile_of(text: str) -> str | None:
    """The tile an action string names, or None ("swim 2m" -> "2m", "pong" -> None)."""
    return Action.parse(text).tile
