"""Review: each of the human's decisions in a hand beside the hard bot's choice, by the bot's own
estimate (issue 15). Nothing here estimates a hand: the values are those ``bots.hard.decide`` (and,
for a choice its look-ahead did not weigh, ``bots.normal``) gave the candidates.

``review_hand(position, actions, seat)`` -> JSON-safe list, one entry per decision the seat had
(more than one legal action), in order:

    {"step": 17,                      # index of the action in the hand's actions
     "action": "discard 5p",          # what the seat played
     "bot": "discard 9m",             # the hard bot's choice there
     "value": 1.9, "bot_value": 3.4,  # expected points of each by the bot's estimate (None: not weighed)
     "cost": 1.5,                     # bot_value - value (0 when they agree)
     "estimate": "hard" | "normal",   # whose numbers these are
     "text": {"en": ..., "zh-Hans": ..., "zh-Hant": ...}}   # one sentence, None when they agree

Estimates carry each choice's plain shanten and outs (unseen tiles that bring it closer; a ready
hand's waits), which the sentence compares.
"""
from __future__ import annotations

from typing import Any

from .bots import hard, normal
from .bots.common import View
from .bots.normal import Candidate
from .game import Game
from .hints import away_words, tile_words

LANGS = ("en", "zh-Hans", "zh-Hant")
#: How many of the costliest decisions the page lists and marks.
COSTLIEST = 5


def review_hand(position: dict[str, Any], actions: list[tuple[int, str]], seat: int) -> list[dict[str, Any]]:
    game = Game.from_position(position)
    decisions = []
    for step, (who, action) in enumerate(actions):
        if who == seat and len(game.legal_actions(seat)) > 1:
            decisions.append(judge(game, seat, action, step))
        game.apply(who, action)
    return decisions


def costliest(decisions: list[dict[str, Any]], count: int = COSTLIEST) -> list[dict[str, Any]]:
    """The decisions that cost most by the bot's estimate, costliest first (agreements left out)."""
    wrong = [d for d in decisions if d["action"] != d["bot"] and d["cost"] is not None and d["cost"] > 0]
    return sorted(wrong, key=lambda d: -d["cost"])[:count]


def judge(game: Game, seat: int, action: str, step: int) -> dict[str, Any]:
    """The seat's `action` in this state beside the hard bot's choice."""
    view = View.from_observation(dict(game.observation(seat)))
    decision = hard.decide(view)
    bot = decision.action
    by = "hard"
    mine, theirs = _find(decision.candidates, action), _find(decision.candidates, bot)
    if mine is None or theirs is None:       # the look-ahead did not weigh it: normal's numbers for both
        usual = normal.NormalBot(view).decide()
        m2, t2 = _find(usual.candidates, action), _find(usual.candidates, bot)
        if m2 is not None and t2 is not None:
            mine, theirs, by = m2, t2, "normal"
    value = None if mine is None else round(mine.score, 3)
    bot_value = None if theirs is None else round(theirs.score, 3)
    cost = 0.0 if action == bot else (None if value is None or bot_value is None else round(bot_value - value, 3))
    return {
        "step": step, "action": action, "bot": bot, "value": value, "bot_value": bot_value,
        "cost": cost, "estimate": by,
        "text": None if action == bot else sentence(action, bot, mine, theirs),
    }


def _find(candidates: list[Candidate], action: str) -> Candidate | None:
    return next((c for c in candidates if c.action == action), None)


# ---------------------------------------------------------------------------------------------
# The sentence

def sentence(action: str, bot: str, mine: Candidate | None, theirs: Candidate | None) -> dict[str, str]:
    """"discard 5p: the bot kept 5p and waited on 4 tiles instead of 2", in each language."""
    kept = _kept(action, bot)
    a = mine.estimate if mine else None
    b = theirs.estimate if theirs else None
    # the English verbs follow the head: "the bot kept 5p and waited" / "the bot would pong and wait"
    wait, have, stay = ("waited", "had", "stayed") if kept else ("wait", "have", "stay")
    tail: dict[str, str] = {lang: "" for lang in LANGS}
    if a is not None and b is not None:
        if a.shanten == b.shanten == 0:
            tail = {"en": f" and {wait} on {b.outs} tiles instead of {a.outs}",
                    "zh-Hans": f"，听{b.outs}张而不是{a.outs}张", "zh-Hant": f"，聽{b.outs}張而不是{a.outs}張"}
        elif a.shanten == b.shanten:
            tail = {"en": f" and {have} {b.outs} tiles to improve on instead of {a.outs}",
                    "zh-Hans": f"，有{b.outs}张进张而不是{a.outs}张", "zh-Hant": f"，有{b.outs}張進張而不是{a.outs}張"}
        else:
            wa, wb = away_words(a.shanten), away_words(b.shanten)
            tail = {"en": f" and {stay} {wb['en']} instead of {wa['en']}",
                    "zh-Hans": f"，{wb['zh-Hans']}而不是{wa['zh-Hans']}", "zh-Hant": f"，{wb['zh-Hant']}而不是{wa['zh-Hant']}"}
    elif mine is not None and theirs is not None:
        tail = {"en": f" (worth {theirs.score:.1f} points to it, against {mine.score:.1f})",
                "zh-Hans": f"（估值{theirs.score:.1f}分，对{mine.score:.1f}分）",
                "zh-Hant": f"（估值{theirs.score:.1f}分，對{mine.score:.1f}分）"}
    sep = {"en": ": ", "zh-Hans": "：", "zh-Hant": "："}
    return {lang: f"{_action_words(action, lang)}{sep[lang]}{_bot_did(action, bot, kept, lang)}{tail[lang]}"
            for lang in LANGS}


def _kept(action: str, bot: str) -> bool:
    """Both discards: the sentence says the bot kept the player's tile (and what it let go)."""
    return action.startswith(("discard ", "swim ")) and bot.startswith(("discard ", "swim "))


_VERBS = {"discard": ("discard", "打", "打"), "swim": ("swim with", "游金打", "游金打"),
          "pong": ("pong", "碰", "碰"), "kong": ("kong", "杠", "槓"), "win": ("win", "和牌", "和牌"),
          "pass": ("pass", "过", "過")}


def _tile(tile: str, lang: str) -> str:
    return tile_words([tile], lang)


def _action_words(action: str, lang: str) -> str:
    verb, _, tile = action.partition(" ")
    words = _VERBS.get(verb, (verb, verb, verb))[LANGS.index(lang)]
    return f"{words} {_tile(tile, lang)}".strip() if lang == "en" else words + (_tile(tile, lang) if tile else "")


def _bot_did(action: str, bot: str, kept: bool, lang: str) -> str:
    tile = action.partition(" ")[2]
    if kept:
        return {"en": f"the bot kept {tile} (it chose {_action_words(bot, 'en')})",
                "zh-Hans": f"机器人留着{_tile(tile, lang)}（它选择{_action_words(bot, lang)}）",
                "zh-Hant": f"機器人留著{_tile(tile, lang)}（它選擇{_action_words(bot, lang)}）"}[lang]
    return {"en": f"the bot would {_action_words(bot, 'en')}",
            "zh-Hans": f"机器人会{_action_words(bot, lang)}", "zh-Hant": f"機器人會{_action_words(bot, lang)}"}[lang]
