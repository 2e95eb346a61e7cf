"""What makes a shown line unreadable (issue 36, "every line reads as a sentence"): a tile code
("5z", "234p", where a player reads "White Dragon"), a catalog key or what looks like one, a seat's
name where the sentence needs "you" ("You pays", "You's"), words run together ("Bamboo
flowerChrysanthemum", "as 7 Dotsas 8 Dots"), and on a Chinese page an English word."""
from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CATALOG = json.loads((ROOT / "web" / "i18n" / "en.json").read_text(encoding="utf-8"))
KEYS = {f"{area}.{key}" for area, table in CATALOG.items() for key in table}
LOOKS_LIKE_KEY = re.compile(r"(?<![\w./-])(?:%s)\.[A-Za-z_][\w-]*(?:\.[\w-]+)*" % "|".join(CATALOG))
FILE_NAME = re.compile(r"\.(html|m?js|json|css|png|svg|py|md)$")

TILE_CODE = re.compile(r"(?<![A-Za-z0-9])[1-9]{1,9}[mpszf](?![A-Za-z0-9])")
YOU = re.compile(r"\bYou(?:'s| (?:pays|wins|discards|draws|passes|pongs|kongs|declares|adds|has|is|sets)\b)"
                 r"|\b(?:to|from|of|pays|on) You\b")
# a lower-case word running into the next word's capital ("flowerChrysanthemum"), a tile's name
# into the next word ("Dotsas"), English into Chinese ("win胡牌")
RUN_TOGETHER = re.compile(r"[a-z][A-Z][a-z]|(?:Dots|Bamboo|Characters|Wind|Dragon)(?=[a-z])|[a-z][\u4e00-\u9fff]|[\u4e00-\u9fff][a-z]")
ENGLISH = re.compile(r"[A-Za-z]{2,}")


def unreadable(texts: list[str], lang: str, where: str) -> list[str]:
    """`where: what` for each unreadable line of `texts`, shown on a page in `lang`."""
    found = []
    for text in dict.fromkeys(texts):
        short = text[:120]
        if text.strip() in KEYS:
            found.append(f"{where}: key {text!r}")
        for m in LOOKS_LIKE_KEY.finditer(text):
            if not FILE_NAME.search(m[0]):
                found.append(f"{where}: key {m[0]!r} in {short!r}")
        for pattern, what in ((TILE_CODE, "tile code"), (YOU, "you"), (RUN_TOGETHER, "run together")):
            if m := pattern.search(text):
                found.append(f"{where}: {what} {m[0]!r} in {short!r}")
        if lang != "en" and (m := ENGLISH.search(text)):
            found.append(f"{where}: English {m[0]!r} in {short!r}")
    return found
