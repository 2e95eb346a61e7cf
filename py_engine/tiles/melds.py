"""Exposed and concealed sets: pong, kong (from a discard), added kong, concealed kong."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .codes import check_code
from .quote import quote

MELD_TYPES = ("pong", "kong", "added_kong", "concealed_kong")
KONG_TYPES = ("kong", "added_kong", "concealed_kong")


@dataclass(frozen=True)
class Meld:
    type: str                  # one of MELD_TYPES
    tile: str
    source: int | None = None  # the seat whose discard was claimed (None: concealed, or given by a position)

    @property
    def is_kong(self) -> bool:
        return self.type in KONG_TYPES

    @property
    def tiles(self) -> list[str]:
        return [self.tile] * (3 if self.type == "pong" else 4)

    def __str__(self) -> str:
        return f"{self.type} {self.tile}"

    def to_dict(self, hidden: bool = False) -> dict[str, Any]:
        if hidden:
            return {"type": self.type, "tile": None, "tiles": [None] * 4, "from": None}
        return {"type": self.type, "tile": self.tile, "tiles": self.tiles, "from": self.source}


def parse_meld(text: str) -> Meld:
    """``"pong 7z"`` / ``"kong 1m"`` / ``"added_kong 1m"`` / ``"concealed_kong 9s"`` -> Meld."""
    parts = text.split() if isinstance(text, str) else []
    if len(parts) != 2 or parts[0] not in MELD_TYPES:
        raise ValueError(f"bad meld {quote(text)} (melds read like 'pong 7z', 'kong 1m', 'added_kong 1m', 'concealed_kong 9s')")
    tile = check_code(parts[1])
    if tile[1] == "f":
        raise ValueError(f"bad meld {quote(text)}: flowers are set aside, not melded")
    return Meld(parts[0], tile)
