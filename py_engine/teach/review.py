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
     "reason_code": {"code": "kept", "action": "discard 5p", "bot": "discard 9m",
                     "compare": "waits", "outs": 2, "bot_outs": 4},   # the sentence as a code, None
                                      # when they agree: the page writes its words (hint-words.js)
     "text": {"en": ..., "zh-Hans": ..., "zh-Hant": ...}}   # that sentence, None when they agree

Estimates carry each choice's plain shanten and outs (unseen tiles that bring it closer; a ready
hand's waits), which the sentence compares. The sentence's code (``reason_code``): "kept" when the
bot kept the tile the player let go (both discards), else "would" (what the bot would have
played); "compare" says what the sentence weighs: "waits" (both ready: ``outs`` against
``bot_outs``), "outs" (as far from ready: tiles that improve each), "shanten" (``shanten`` against
``bot_shanten``), "value" (the bot's estimate, ``value`` against ``bot_value``, to one decimal), or
None. Its words (``text``) are words.py's, from the page's catalogs (None where they are not: the
page's wheel).
"""
from __future__ import annotations

from typing import Any

from . import words
from ..bots import hard, normal
from ..bots.common import View
from ..bots.normal import Candidate
from ..play.game import Game

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
    code = None if action == bot else sentence_code(action, bot, mine, theirs)
    return {
        "step": step, "action": action, "bot": bot, "value": value, "bot_value": bot_value,
        "cost": cost, "estimate": by, "reason_code": code,
        "text": words.per_lang(words.review_words, code) if code and words.available() else None,
    }


def _find(candidates: list[Candidate], action: str) -> Candidate | None:
    return next((c for c in candidates if c.action == action), None)


# ---------------------------------------------------------------------------------------------
# The sentence, as a code

def sentence_code(action: str, bot: str, mine: Candidate | None, theirs: Candidate | None) -> dict[str, Any]:
    """What the sentence says ("discard 5p: the bot kept 5p and waited on 4 tiles instead of 2"),
    as a code with its numbers (the module's docstring)."""
    code: dict[str, Any] = {"code": "kept" if _kept(action, bot) else "would", "action": action, "bot": bot,
                            "compare": None}
    a = mine.estimate if mine else None
    b = theirs.estimate if theirs else None
    if a is not None and b is not None:
        if a.shanten == b.shanten:
            code.update(compare="waits" if a.shanten == 0 else "outs", outs=a.outs, bot_outs=b.outs)
        else:
            code.update(compare="shanten", shanten=a.shanten, bot_shanten=b.shanten)
    elif mine is not None and theirs is not None:
        # to one decimal, as the sentence says it (+ 0.0: no "-0.0")
        code.update(compare="value", value=round(mine.score, 1) + 0.0, bot_value=round(theirs.score, 1) + 0.0)
    return code


def _kept(action: str, bot: str) -> bool:
    """Both discards: the sentence says the bot kept the player's tile (and what it let go)."""
    return action.startswith(("discard ", "swim ")) and bot.startswith(("discard ", "swim "))
