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

On one's own turn with 14 tiles, ``waits`` are those after the suggested discard when it leaves
the hand ready. In Longyan a drawn gold completes any ready hand (when a gold may stand for one of
the waits): it is listed too. ``cannot_win`` is the referee's own reason (``Game.why_not``, the
observation's ``why_not_win``: a code, the discard that would have won, the others' swim level)
with its words; the codes are those of CANNOT_WIN below.

The words are for CPython library users; the page writes its own from the codes (web/hint-words.js,
web/i18n-hints.js). The public helpers others use: ``cannot_win``, ``reason_code``,
``reason_words`` / ``reason_text`` (a reason code's words), ``away_words`` (a shanten in words),
``tile_words`` (tiles as a reason names them); every code: REASON_CODES, CANNOT_WIN, TARGETS.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import analysis
from .actions import Action, kind_of, tile_of
from .bots import normal
from .bots.common import View, plain_shanten
from .tiles import HONOR_BASE, INDEX, WHITE_DRAGON, format_tiles

__all__ = ["hint", "hint_from_observation", "cannot_win", "reason_code", "reason_words", "reason_text",
           "away_words", "tile_words", "LANGS", "REASON_CODES", "CANNOT_WIN", "TARGETS"]

LANGS = ("en", "zh-Hans", "zh-Hant")
#: The codes of a suggestion's reason (reason_code's "code").
REASON_CODES = ("win", "swim", "hold_for_swim", "pass", "pong", "kong", "discard")
_ZH_NUM = "一二三四五六七八九"
_ZH_SUIT = {"m": ("万", "萬"), "p": ("饼", "餅"), "s": ("条", "條")}
_ZH_HONOR = ("东南西北白发中", "東南西北白發中")
_EN_SUIT = {"m": "characters", "p": "dots", "s": "bamboo"}

CANNOT_WIN = {
    "furiten": {"en": "you passed a win: no discard win until your next draw (furiten)",
                "zh-Hans": "弃先和后：放弃过和牌，下次摸牌前不能再和别人打出的牌",
                "zh-Hant": "棄先和後：放棄過和牌，下次摸牌前不能再和別人打出的牌"},
    "swim": {"en": "a swim in progress forbids this win",
             "zh-Hans": "有人在游金，现在不能这样和牌",
             "zh-Hant": "有人在游金，現在不能這樣和牌"},
    "suited_gold": {"en": "a gold stands only for a suited tile here, not for an honor",
                    "zh-Hans": "金只能当序数牌用，不能当字牌",
                    "zh-Hant": "金只能當序數牌用，不能當字牌"},
    "self_draw_only": {"en": "Xinyu wins by self-draw only: not on a discard",
                       "zh-Hans": "新余麻将只能自摸，不能和别人打出的牌",
                       "zh-Hant": "新余麻將只能自摸，不能和別人打出的牌"},
    "after_pong": {"en": "right after a pong you must discard: no self-draw win",
                   "zh-Hans": "碰牌后只能出牌，不算自摸",
                   "zh-Hant": "碰牌後只能出牌，不算自摸"},
    "gold_discard": {"en": "a discarded gold cannot be claimed",
                     "zh-Hans": "打出的金不能吃碰和",
                     "zh-Hant": "打出的金不能吃碰和"},
    "gold_holder": {"en": "holding a gold, you may not win on a discard (house rule)",
                    "zh-Hans": "有金不平胡：手里有金不能和别人打出的牌",
                    "zh-Hant": "有金不平胡：手裡有金不能和別人打出的牌"},
}

TARGETS = {
    "seven_pairs": ("seven pairs", "七小对", "七小對"),
    "all_pungs": ("all pungs", "碰碰胡", "碰碰胡"),
    "half_flush": ("a half flush", "混一色", "混一色"),
    "full_flush": ("a full flush", "清一色", "清一色"),
    "all_honors": ("all honors", "全风向", "全風向"),
    "swim": ("a swim with the gold", "游金", "游金"),
    "three_golds": ("a third gold", "三金倒", "三金倒"),
}


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
    """The referee's reason (Game.why_not, the observation's ``why_not_win``) with its words."""
    reason = obs.get("why_not_win")
    if not reason or reason.get("code") not in CANNOT_WIN:
        return None
    return {**reason, "text": dict(CANNOT_WIN[reason["code"]])}


# ---------------------------------------------------------------------------------------------
# The one-line reason

def away_words(shanten: int) -> dict[str, str]:
    """A shanten in words, per language: "a winning hand", "ready", "2 away from ready"."""
    if shanten < 0:
        return {"en": "a winning hand", "zh-Hans": "已成和牌", "zh-Hant": "已成和牌"}
    if shanten == 0:
        return {"en": "ready", "zh-Hans": "听牌", "zh-Hant": "聽牌"}
    return {"en": f"{shanten} away from ready", "zh-Hans": f"还差{shanten}步听牌", "zh-Hant": f"還差{shanten}步聽牌"}


def tile_words(tiles: list[str], lang: str) -> str:
    """Tiles as a reason names them: ``345p`` in English, 三四五饼 (餅) in Chinese."""
    return format_tiles(tiles) if lang == "en" else _zh_tiles(tiles, lang == "zh-Hant")


def _zh_tiles(tiles: list[str], trad: bool) -> str:
    """``["3p", "4p", "5p"]`` -> 三四五饼 (餅); honors by name."""
    suits = {t[1] for t in tiles}
    if len(suits) == 1 and tiles[0][1] in _ZH_SUIT:
        return "".join(_ZH_NUM[int(t[0]) - 1] for t in tiles) + _ZH_SUIT[tiles[0][1]][trad]
    out = []
    for t in tiles:
        if t[1] == "z":
            out.append(_ZH_HONOR[trad][int(t[0]) - 1])
        else:
            out.append(_ZH_NUM[int(t[0]) - 1] + _ZH_SUIT[t[1]][trad])
    return "".join(out)


def _join(items: list[str], lang: str) -> str:
    if lang != "en":
        return "、".join(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


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


def _target_phrase(target: str, lang: int) -> str | None:
    name, _, suit = target.replace(":open", "").partition(":")
    parts = name.split("+")
    names = []
    for p in parts:
        if p not in TARGETS:
            return None
        names.append(TARGETS[p][lang])
    if lang == 0:
        text = " with ".join(names)
        if suit in _EN_SUIT:
            text += f" in {_EN_SUIT[suit]}"
        return f"aiming for {text}"
    text = "".join(names)
    if suit in _ZH_SUIT:
        text += f"（{_ZH_SUIT[suit][lang - 1]}）"
    return ("做" if lang == 1 else "做") + text


Pair = tuple[str, str]


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
    return {"targets": parts, "suit": suit if suit in _EN_SUIT else None}


def reason_text(code: dict[str, Any], with_action: bool = True) -> dict[str, str]:
    """A reason code in words, per language: the whole ("discard 2z: keeps …"), or without the
    words naming the action (``with_action=False``: for a display naming it already)."""
    out = {}
    for lang, (head, body) in reason_words(code).items():
        if not with_action:
            out[lang] = body or head
        elif not body:
            out[lang] = head
        else:
            out[lang] = f"{head}: {body}" if lang == "en" else f"{head}：{body}"
    return out


def reason_words(data: dict[str, Any]) -> dict[str, Pair]:
    """Per language, (the words naming the action, why): "discard 2z" and "keeps …; 2 away". The
    hint's ``reason`` joins them; its ``why`` is the second alone, for a display naming the action."""
    code = data["code"]
    tile = data.get("tile") or ""
    if code == "win":
        return {"en": ("win now", ""), "zh-Hans": ("和牌", ""), "zh-Hant": ("和牌", "")}
    if code == "swim":
        names = {1: ("single swim", "单游", "單游"), 2: ("double swim", "双游", "雙游"), 3: ("triple swim", "三游", "三游")}[data["level"]]
        pays = "pays more than winning now"
        return {"en": ("swim", f"discard {tile} and win on your next draw whatever it is ({names[0]} {pays})"),
                "zh-Hans": ("游金", f"打{_zh_tiles([tile], False)}，下一张摸什么都和（{names[1]}，比现在和得多）"),
                "zh-Hant": ("游金", f"打{_zh_tiles([tile], True)}，下一張摸什麼都和（{names[2]}，比現在和得多）")}
    if code == "hold_for_swim":
        return {"en": ("pass", "your gold can swim on your next draw, which pays far more"),
                "zh-Hans": ("过", "留着金，下次摸牌可以游金，得分更多"),
                "zh-Hant": ("過", "留著金，下次摸牌可以游金，得分更多")}
    away = away_words(data["shanten"])
    if code == "pass":
        return {"en": ("pass", f"the claim does not help; {away['en']}"),
                "zh-Hans": ("过", f"碰了也没有好处；{away['zh-Hans']}"),
                "zh-Hant": ("過", f"碰了也沒有好處；{away['zh-Hant']}")}
    if code in ("pong", "kong"):
        zh = _zh_tiles([tile] * (4 if code == "kong" else 3), False)
        zt = _zh_tiles([tile] * (4 if code == "kong" else 3), True)
        en_what = "a kong pays at once" if code == "kong" else "makes a set"
        word = ("杠", "槓") if code == "kong" else ("碰", "碰")
        what = ("杠钱马上到手", "槓錢馬上到手") if code == "kong" else ("成一副", "成一副")
        return {"en": (f"{code} {tile}", f"{en_what}; {away['en']}"),
                "zh-Hans": (f"{word[0]}{zh}", f"{what[0]}；{away['zh-Hans']}"),
                "zh-Hant": (f"{word[1]}{zt}", f"{what[1]}；{away['zh-Hant']}")}
    # a discard
    groups, gold = data["keeps"], data["gold"]
    en_groups = [format_tiles(gr) if not (gold and gr[0] == gold) else "the gold" for gr in groups]
    zs_groups = [_zh_tiles(gr, False) if not (gold and gr[0] == gold) else "金" for gr in groups]
    zt_groups = [_zh_tiles(gr, True) if not (gold and gr[0] == gold) else "金" for gr in groups]
    phrases = [_target_phrase(data["target"], i) for i in range(3)]
    en = [f"keeps {_join(en_groups, 'en')}"] if groups else []
    hs = [f"留{_join(zs_groups, 'zh')}"] if groups else []
    ht = [f"留{_join(zt_groups, 'zh')}"] if groups else []
    if phrases[0] and phrases[1] and phrases[2]:      # a target is named in every language or none
        en.append(phrases[0])
        hs.append(phrases[1])
        ht.append(phrases[2])
    return {"en": (f"discard {tile}", (", ".join(en) + "; " if en else "") + away["en"]),
            "zh-Hans": (f"打{_zh_tiles([tile], False)}", ("，".join(hs) + "；" if hs else "") + away["zh-Hans"]),
            "zh-Hant": (f"打{_zh_tiles([tile], True)}", ("，".join(ht) + "；" if ht else "") + away["zh-Hant"])}

