"""Hints for the seat a human plays: how far from ready, what completes the hand, what the normal
bot would play and why, and why a hand that looks complete cannot win now (issue 4).

``hint(game, seat)`` reads only ``game.observation(seat)``; the result is JSON-safe:

    {"shanten": 1,                          # -1 a winning hand, 0 ready, n: n away from ready
     "waits": [["3p", 2], ["6p", 4]],       # when ready: tile, copies this seat has not seen
     "suggested": "discard 9m",             # the normal bot's choice, or None when not to move
     "reason": {"en": ..., "zh-Hans": ..., "zh-Hant": ...},     # one line, or None
     "why": {"en": "keeps 345p, 11s and 12m; 2 away from ready", ...},   # the reason without the
                                            # words naming the action ("discard 1z: "), or None
     "reason_code": {"code": "discard", "tile": "9m", "shanten": 2, "keeps": [["3p", "4p", "5p"], ...],
                     "target": "plain", "aim": None, "gold": None},   # the reason as a code with its
                                            # tiles (reason_code): the page writes its words from it
     "cannot_win": None | {"code": "furiten", "tile": "3p", "swim_level": 0,
                           "text": {"en": ..., "zh-Hans": ..., "zh-Hant": ...}}}

The words (``reason``, ``why``, ``text``) are for CPython library users, written by words.py from
the page's catalogs (web/i18n/*.json); where the catalogs are not (the page's wheel) they are None,
and the page writes its own from the codes (web/i18n/hint-words.js).

On one's own turn with 14 tiles, ``waits`` are those after the suggested discard when it leaves
the hand ready. In Longyan a drawn gold completes any ready hand (when a gold may stand for one of
the waits): it is listed too. ``cannot_win`` is the referee's own reason (``Game.why_not``, the
observation's ``why_not_win``: a code, the discard that would have won, the others' swim level)
with its words; the codes are those of CANNOT_WIN below.

The public helpers others use: ``cannot_win``, ``reason_code``, ``reason_words`` / ``reason_text``
(a reason code's words), ``away_words`` (a shanten in words), ``tile_words`` (tiles as a reason
names them); every code: REASON_CODES, CANNOT_WIN, TARGETS (their words: the catalogs' hint area).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import analysis, words
from ..play.actions import Action, kind_of, tile_of
from ..bots import normal
from ..bots.common import View, plain_shanten
from ..tiles import HONOR_BASE, INDEX, WHITE_DRAGON

__all__ = ["hint", "hint_from_observation", "cannot_win", "reason_code", "reason_words", "reason_text",
           "away_words", "tile_words", "LANGS", "REASON_CODES", "CANNOT_WIN", "TARGETS"]

LANGS = words.LANGS
#: The codes of a suggestion's reason (reason_code's "code").
REASON_CODES = ("win", "swim", "hold_for_swim", "pass", "pong", "kong", "discard")
#: Why a complete-looking hand may not win now (Game.why_not's codes; cannot_win's "code").
CANNOT_WIN = ("furiten", "swim", "suited_gold", "self_draw_only", "after_pong", "gold_discard", "gold_holder")
#: The aims a reason names (reason_code's "aim": the bots' targets with a name).
TARGETS = ("seven_pairs", "all_pungs", "half_flush", "full_flush", "all_honors", "swim", "three_golds")


# ---------------------------------------------------------------------------------------------
# Entry points

def hint(game: Any, seat: int) -> dict[str, Any]:
    """Hints for ``seat`` from its observation only (JSON-safe)."""
    return hint_from_observation(game.observation(seat))


def hint_from_observation(obs: dict[str, Any]) -> dict[str, Any]:
    view = View.from_observation(obs)
    counts, golds = view.counts()
    melds = view.melds.count
    free_honors = view.rules.free_honors
    size = len(view.hand) + 3 * melds
    shanten = plain_shanten(counts, golds, melds, view.wild, free_honors) if view.hand else 8
    suggested = None
    reason = None
    decision = None
    if view.legal and not obs.get("is_over"):
        decision = normal.NormalBot(view).decide()
        suggested = decision.action
    waits: list[list[Any]] = []
    if size == 13 and shanten == 0:
        waits = _waits(view, view.hand)
    elif size == 14 and suggested and kind_of(suggested) in ("discard", "swim"):
        rest = list(view.hand)
        rest.remove(tile_of(suggested) or "")
        c, g = view.counts(rest)
        if plain_shanten(c, g, melds, view.wild, free_honors) == 0 and kind_of(suggested) != "swim":
            waits = _waits(view, rest)
    why = None
    code = None
    if decision is not None and suggested is not None:
        code = reason_code(view, decision, shanten)
        if words.available():
            reason, why = reason_text(code), reason_text(code, with_action=False)
    return {
        "shanten": int(shanten),
        "waits": waits,
        "suggested": suggested,
        "reason": reason,
        "why": why,
        "reason_code": code,
        "cannot_win": cannot_win(obs),
    }


# ---------------------------------------------------------------------------------------------
# Waits with the copies this seat has not seen

def _meld_strings(obs: dict[str, Any], seat: int) -> list[str]:
    return [f"{m['type']} {m['tile']}" for m in obs["melds"][seat]]


def _waits(view: View, tiles: list[str]) -> list[list[Any]]:
    kinds = analysis.waits(tiles, _meld_strings(view.obs, view.seat), view.variant, view.gold,
                           options=view.options)
    out: list[list[Any]] = [[tile, view.unseen[INDEX[tile]]] for tile, _left in kinds]
    if view.gold and out:
        if view.wild == "any" or any(t[1] != "z" or (view.white_replaces and t == WHITE_DRAGON) for t, _ in out):
            if all(t != view.gold for t, _ in out):
                out.append([view.gold, view.unseen[INDEX[view.gold]]])
                out.sort(key=lambda pair: INDEX[pair[0]])
    return out


# ---------------------------------------------------------------------------------------------
# Why a complete-looking hand cannot win

def cannot_win(obs: Mapping[str, Any]) -> dict[str, Any] | None:
    """The referee's reason (Game.why_not, the observation's ``why_not_win``) with its words (None
    where the catalogs are not)."""
    reason = obs.get("why_not_win")
    if not reason or reason.get("code") not in CANNOT_WIN:
        return None
    text = words.per_lang(words.cannot_win_words, reason["code"]) if words.available() else None
    return {**reason, "text": text}


# ---------------------------------------------------------------------------------------------
# The one-line reason

def away_words(shanten: int) -> dict[str, str]:
    """A shanten in words, per language: "a winning hand", "ready", "2 away from ready"."""
    return words.per_lang(words.away_words, shanten)


def tile_words(tiles: list[str], lang: str) -> str:
    """Tiles as a reason names them: ``345p`` in English, 三四五饼 (餅) in Chinese."""
    return words.tile_words(tiles, lang)


def _groups(view: View, tiles: list[str]) -> list[list[str]]:
    """The strongest groups of the hand: sets, then pairs, then two-tile partial sets."""
    counts, golds = view.counts(tiles)
    found: list[tuple[int, tuple[int, ...]]] = []
    for lo, hi, seq in ((0, 9, True), (9, 18, True), (18, 27, True), (HONOR_BASE, 34, False)):
        found += _best_blocks(tuple(counts[lo:hi]), seq, lo)
    found.sort(key=lambda b: (-b[0], b[1]))
    out = []
    for _rank, slots in found[:4]:
        out.append([view.tile_of_slot(tiles, s) for s in slots])
    if golds:
        out.append([view.gold or ""] * golds)
    return out


def _best_blocks(key: tuple[int, ...], seq: bool, base: int) -> list[tuple[int, tuple[int, ...]]]:
    """Sets (rank 3), pairs (2) and partials (1) of one suit, the reading with the most of them."""
    best: tuple[tuple[int, int], list[tuple[int, tuple[int, ...]]]] = ((0, 0), [])
    memo: dict[tuple[int, ...], tuple[tuple[int, int], list[tuple[int, tuple[int, ...]]]]] = {}

    def go(k: tuple[int, ...]) -> tuple[tuple[int, int], list[tuple[int, tuple[int, ...]]]]:
        if k in memo:
            return memo[k]
        i = next((j for j, c in enumerate(k) if c), -1)
        if i < 0:
            return ((0, 0), [])
        rest = list(k)
        rest[i] -= 1
        options = [go(tuple(rest))]                     # this tile left alone
        shapes_here: list[tuple[tuple[int, ...], int, tuple[int, ...]]] = [((0, 0, 0), 3, (i, i, i))]
        if seq:
            shapes_here += [((0, 1, 2), 3, (i, i + 1, i + 2)), ((0, 1), 1, (i, i + 1)), ((0, 2), 1, (i, i + 2))]
        shapes_here.append(((0, 0), 2, (i, i)))
        for offs, rank, slots in shapes_here:
            need = [0] * len(k)
            ok = True
            for o in offs:
                if i + o >= len(k):
                    ok = False
                    break
                need[i + o] += 1
            if not ok or any(need[j] > k[j] for j in range(len(k))):
                continue
            sub = tuple(k[j] - need[j] for j in range(len(k)))
            (s3, s12), blocks = go(sub)
            score = (s3 + (1 if rank == 3 else 0), s12 + (1 if rank < 3 else 0))
            options.append((score, blocks + [(rank, tuple(base + s for s in slots))]))
        result = max(options, key=lambda o: (o[0][0] * 3 + o[0][1] * 1.5, -len(o[1])))
        memo[k] = result
        return result

    best = go(key)
    return best[1]


def reason_code(view: View, decision: normal.Decision, shanten: int) -> dict[str, Any]:
    """Why the suggestion, as a code with its tiles (the hint's ``reason_code``), from which the words
    are written: {"code": "win" | "swim" | "hold_for_swim" | "pass" | "pong" | "kong" | "discard",
    "tile", "level" (a swim's), "shanten" (after the action), "keeps" (the groups a discard keeps,
    as tile lists), "target" (the bot's aim: "plain", "half_flush:p", ...), "aim" (that aim to name:
    {"targets": TARGETS keys, "suit": "m" | "p" | "s" | None}, or None for a plain hand), "gold"}."""
    parsed = Action.parse(decision.action)
    verb, tile = parsed.kind, parsed.tile or ""
    if verb == "win":
        return {"code": "win"}
    if verb == "swim":
        return {"code": "swim", "tile": tile, "level": min(normal.swim_level(view, tile), 3)}
    if verb == "pass":
        if decision.note == "hold_for_swim":
            return {"code": "hold_for_swim"}
        return {"code": "pass", "shanten": shanten}
    est = decision.candidates[0].estimate if decision.candidates else None
    if verb in ("pong", "kong"):
        t = view.last_tile or tile
        if verb == "kong" and tile:
            t = tile
        return {"code": verb, "tile": t, "shanten": est.shanten if est is not None else shanten}
    rest = list(view.hand)
    if tile in rest:
        rest.remove(tile)
    c, g = view.counts(rest)
    target = est.target if est is not None else "plain"
    return {"code": "discard", "tile": tile,
            "shanten": plain_shanten(c, g, view.melds.count, view.wild, view.rules.free_honors),
            "keeps": _groups(view, rest), "target": target, "aim": _aim(target), "gold": view.gold}


def _aim(target: str) -> dict[str, Any] | None:
    """A bot's target ("half_flush+all_pungs:p:open") as the aim a reason names: its TARGETS and
    suit; None when a part has no name (a plain hand)."""
    name, _, suit = target.replace(":open", "").partition(":")
    parts = name.split("+")
    if not all(p in TARGETS for p in parts):
        return None
    return {"targets": parts, "suit": suit if suit in words.SUITED else None}


def reason_text(code: dict[str, Any], with_action: bool = True) -> dict[str, str]:
    """A reason code in words, per language: the whole ("discard 2z: keeps …"), or without the
    words naming the action (``with_action=False``: for a display naming it already)."""
    return {lang: words.reason_text(code, lang, with_action) for lang in LANGS}


Pair = tuple[str, str]


def reason_words(data: dict[str, Any]) -> dict[str, Pair]:
    """Per language, (the words naming the action, why): "discard 2z" and "keeps …; 2 away"; a win's
    is ("win now", ""). The hint's ``reason`` joins them; its ``why`` is the second alone (or the
    first, when it is all), for a display naming the action."""
    out = {}
    for lang in LANGS:
        head, why = words.reason_head(data, lang), words.reason_words(data, lang)
        out[lang] = (head, why) if head else (why, "")
    return out
