"""The engine's words for Python users: a hint's reason, a shanten, why a hand cannot win now and
the review's sentence, written from their codes in English, 简体中文 or 繁體中文.

The words come from the page's own catalogs, web/i18n/<lang>.json (one object per area; a key's
full name is "area.key", placeholders are ``{name}``), so that no sentence is written twice; the
page writes the same sentences from the same codes in web/i18n/hint-words.js, and
tests/engine/test_hints_words.py holds the two writers to each other. The catalogs travel with the
package (``py_engine/i18n/*.json``, links in the tree to web/i18n/, their one source; package data in a
wheel, ``pip install .`` or from git); the page's wheel has none and needs none (it writes its own
words), so importing py_engine never needs them: only asking for words does (``CatalogMissing``).
"""
from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["LANGS", "CATALOG", "CatalogMissing", "available", "say", "per_lang", "tile_name", "tile_words",
           "away_words", "reason_words", "reason_head", "reason_text", "cannot_win_words", "action_words",
           "review_words"]

LANGS = ("en", "zh-Hans", "zh-Hant")
#: Where the catalogs are: the package's i18n/ (in the tree, links to web/i18n/*.json; in a wheel, copies).
CATALOG = Path(__file__).resolve().parents[1] / "i18n"
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
SUITED = ("m", "p", "s")


class CatalogMissing(LookupError):
    """The words were asked for where the catalogs are not (the page's wheel, a copy of py_engine/ alone)."""


@cache
def _catalog(lang: str) -> dict[str, str]:
    """A language's catalog with full keys ("hint.away.ready")."""
    path = CATALOG / f"{lang}.json"
    try:
        areas = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CatalogMissing(f"{path} is missing: py_engine's words travel in its package data (py_engine/i18n/; "
                             f"the page's own wheel leaves them out)") from None
    return {f"{area}.{key}": text for area, table in areas.items() for key, text in table.items()}


def available() -> bool:
    """Whether the catalogs are at hand (not in the page's wheel)."""
    return all((CATALOG / f"{lang}.json").is_file() for lang in LANGS)


def say(lang: str, key: str, **params: Any) -> str:
    """The catalog's sentence `key` in `lang` (English when that language lacks it), its ``{name}``
    placeholders filled from `params` (i18n.js's tIn)."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (one of {', '.join(LANGS)})")
    text = _catalog(lang).get(key)
    if text is None:
        text = _catalog("en")[key]
    return _PLACEHOLDER.sub(lambda m: str(params[m[1]]) if m[1] in params else m[0], text)


def per_lang(words: Callable[..., str], *args: Any) -> dict[str, str]:
    """``{lang: words(*args, lang)}`` for every language."""
    return {lang: words(*args, lang) for lang in LANGS}


# ---------------------------------------------------------------------------------------------
# Tiles

def tile_name(code: str | None, lang: str) -> str:
    """A tile's name: "3 Dots", 三饼, "East Wind"; None (hidden) -> "a hidden tile" (i18n.js tileNameIn)."""
    if not code:
        return say(lang, "tile.hidden")
    if code[1] in SUITED:
        return say(lang, "tile.suited", n=say(lang, "tile.numerals")[int(code[0]) - 1], suit=say(lang, f"suit.{code[1]}"))
    return say(lang, f"tile.{code}")


def tile_words(tiles: list[str], lang: str) -> str:
    """Tiles as a reason names them, in words: "3-4-5 Dots", "the 1 Bamboo pair", "East Wind"; 三四五饼,
    一对一条, 东 in Chinese (hint-words.js groupWords)."""
    if 1 < len(tiles) <= 4 and all(t == tiles[0] for t in tiles):
        return say(lang, f"hint.group.{len(tiles)}", tile=tile_name(tiles[0], lang))
    one_suit = len({t[1] for t in tiles}) == 1 and tiles[0][1] in SUITED
    if lang == "en":
        if len(tiles) == 1:
            return tile_name(tiles[0], lang)
        if one_suit:
            n = [int(t[0]) for t in tiles]
            run = all(x == n[i - 1] + 1 for i, x in enumerate(n) if i)
            numbers = "-".join(map(str, n)) if run else _list([str(x) for x in n], lang)
            return say(lang, "hint.group.suit", numbers=numbers, suit=say(lang, f"suit.{tiles[0][1]}"))
        return _list([tile_name(t, lang) for t in tiles], lang)
    digits, honors = say(lang, "tile.numerals"), say(lang, "hint.honorChars")
    if one_suit:
        return say(lang, "hint.group.suit", numbers="".join(digits[int(t[0]) - 1] for t in tiles),
                   suit=say(lang, f"suit.{tiles[0][1]}"))
    # tiles of several kinds, each named apart: 七条、八条、白 (they ran together as 七條八條白: issue 57);
    # honors alone read as one word, as 东南 or 中发白 do
    sep = "" if all(t[1] == "z" for t in tiles) else say(lang, "hint.sep")
    return sep.join(digits[int(t[0]) - 1] + say(lang, f"suit.{t[1]}") if t[1] in SUITED
                                      else honors[int(t[0]) - 1] if t[1] == "z" else tile_name(t, lang) for t in tiles)


def _list(items: list[str], lang: str) -> str:
    """"a, b and c" / "a、b、c"."""
    if len(items) <= 1:
        return "".join(items)
    return say(lang, "hint.and", a=say(lang, "hint.sep").join(items[:-1]), b=items[-1])


# ---------------------------------------------------------------------------------------------
# A hint's reason (hints.reason_code's codes)

def away_words(shanten: int, lang: str) -> str:
    """A shanten in words: "a winning hand", "ready", "2 away from ready"."""
    if shanten < 0:
        return say(lang, "hint.away.win")
    if shanten == 0:
        return say(lang, "hint.away.ready")
    return say(lang, "hint.away.n", n=shanten)


def _aim(aim: Mapping[str, Any], lang: str) -> str:
    """The bot's aim: "aiming for a half flush with all pungs in Dots" / 做混一色碰碰胡（饼）."""
    names = say(lang, f"hint.target.{aim['targets'][0]}")
    for target in aim["targets"][1:]:
        names = say(lang, "hint.both", a=names, b=say(lang, f"hint.target.{target}"))
    if aim.get("suit"):
        names = say(lang, "hint.aimSuit", names=names, suit=say(lang, f"suit.{aim['suit']}"))
    return say(lang, "hint.aim", names=names)


def reason_words(reason: Mapping[str, Any], lang: str) -> str:
    """Why the suggestion, without the words naming the action: "keeps 3-4-5 Dots and the 1 Bamboo pair, aiming for
    seven pairs; 2 away from ready" (hint-words.js reasonWords)."""
    code = reason["code"]
    if code in ("win", "hold_for_swim"):
        return say(lang, f"hint.why.{code}")
    if code == "swim":
        level = min(3, max(1, reason.get("level") or 1))
        return say(lang, "hint.why.swim", tile=tile_name(reason.get("tile"), lang), level=say(lang, f"hint.swim.{level}"))
    away = away_words(reason.get("shanten") or 0, lang)
    if code != "discard":
        return say(lang, f"hint.why.{code}", away=away)
    parts = []
    if keeps := reason.get("keeps"):
        gold = reason.get("gold")
        # a group named once: 7799m is two 7-9 shapes, said "7 and 9 Characters", not twice over
        groups = list(dict.fromkeys(say(lang, "hint.gold") if gold and g[0] == gold else tile_words(g, lang) for g in keeps))
        parts.append(say(lang, "hint.keeps", groups=_list(groups, lang)))
    if reason.get("aim"):
        parts.append(_aim(reason["aim"], lang))
    if not parts:
        return say(lang, "hint.why.discard", away=away)
    plan = parts[0]
    for part in parts[1:]:
        plan = say(lang, "hint.plan", a=plan, b=part)
    return say(lang, "hint.why.discardPlan", plan=plan, away=away)


def reason_head(reason: Mapping[str, Any], lang: str) -> str:
    """The words naming the suggested action: "discard 9 Characters" / 打九万, "pong East Wind" / 碰东东东 (a
    pong's Chinese names the meld), "swim", "pass"; "" for a win (its reason says it)."""
    code, tile = reason["code"], reason.get("tile") or ""
    if code == "win":
        return ""
    if code == "swim":
        return say(lang, "hint.head.swim")
    if code in ("pass", "hold_for_swim"):
        return say(lang, "hint.act.pass")
    if code in ("pong", "kong"):
        n = 4 if code == "kong" else 3           # the meld as Chinese writes it: 碰东东东, 杠五五五五饼
        meld = (say(lang, "hint.honorChars")[int(tile[0]) - 1] * n if tile[1] == "z"
                else say(lang, "tile.numerals")[int(tile[0]) - 1] * n + say(lang, f"suit.{tile[1]}"))
        return say(lang, f"hint.head.{code}", tile=tile_name(tile, lang), meld=meld)
    return say(lang, "hint.act.discard.tile", tile=tile_words([tile], lang))


def reason_text(reason: Mapping[str, Any], lang: str, with_action: bool = True) -> str:
    """A reason whole ("discard 2z: keeps …"), or without the words naming the action."""
    why, head = reason_words(reason, lang), reason_head(reason, lang)
    return say(lang, "hint.withAction", head=head, why=why) if with_action and head else why


def cannot_win_words(code: str, lang: str) -> str:
    """Why a hand that looks complete may not win now (Game.why_not's code)."""
    return say(lang, f"hint.cannot.{code}")


# ---------------------------------------------------------------------------------------------
# The review's sentence (review.py's codes)

def action_words(action: str, lang: str) -> str:
    """An action as the review names it: "discard 5 Dots" / 打五饼, "swim with 5 Dots", "win"."""
    kind, _, tile = action.partition(" ")
    if not tile:
        return say(lang, f"hint.act.{kind}")
    return say(lang, f"hint.act.{kind}.tile", tile=tile_words([tile], lang))


def review_words(code: Mapping[str, Any], lang: str) -> str:
    """"discard 5 Dots: the bot kept 5 Dots (it chose discard 9 Characters) and waited on 4 tiles instead of 2", from a
    review decision's ``reason_code`` (hint-words.js reviewWords)."""
    kept = code["code"] == "kept"
    bot = action_words(code["bot"], lang)
    said = (say(lang, "review.kept", tile=tile_words([code["action"].partition(" ")[2]], lang), bot=bot) if kept
            else say(lang, "review.would", bot=bot))
    tense = "kept" if kept else "would"
    compare = code.get("compare")
    if compare in ("waits", "outs"):
        said = say(lang, f"review.{compare}.{tense}", said=said, outs=code["bot_outs"], instead=code["outs"])
    elif compare == "shanten":
        said = say(lang, f"review.shanten.{tense}", said=said, away=away_words(code["bot_shanten"], lang),
                   instead=away_words(code["shanten"], lang))
    elif compare == "value":
        said = say(lang, "review.value", said=said, value=f"{code['bot_value']:.1f}", instead=f"{code['value']:.1f}")
    return say(lang, "review.line", action=action_words(code["action"], lang), said=said)
