"""Lessons (issue 34): short sequences of steps where the reader does something and the engine says
whether it was right, naming the rule. The project's courses are web/lessons/<rules>.json; an
author's own lesson comes in a link (learn.html#l=<base64url JSON>) and is checked here first.

A lesson is JSON::

    {"id": "longyan-3", "rules": "longyan",
     "title": {"en": "The gold", "zh-Hans": "金", "zh-Hant": "金"},
     "steps": [STEP, ...]}                         # 1 to MAX_STEPS steps

Texts (a title, a step's text, a choice, a feedback) are {language: text}: English is required, the
others (zh-Hans, zh-Hant) optional; a reader of another language reads English. Tiles are written
inline in the hand notation between brackets, "[123m]", "[11z|pong 7z]", and drawn as small tiles.
A step is one of:

- reading: ``{"text": T}``: the reader reads and goes on;
- acting: ``{"text": T, "position": P, "expect": "discard 5z"}`` (or a list of actions, any of which
  is right) or ``{"text": T, "position": P, "goal": "ready" | "win"}``: P is a position of
  docs/API.md (its ``history`` extension may bring the moment on, py_engine/OBSERVATION.md) at which
  one seat, the reader's, is to act; the reader taps a tile to discard or a button for another
  action. Goal ``ready``: discard so that the 13 tiles left are ready (one tile from winning);
  ``win``: win now. A hand written "" is dealt from the tiles the position leaves (never a gold
  nor a flower), so a step writes only the reader's hand;
- question: ``{"text": T, "question": {"choices": [T, ...], "answer": 0}}``: 2 to 6 choices, the
  right one's index from 0.

An acting step may add ``"pays": [d0, d1, d2, d3]``: how each seat's score changes at once when
the reader gives the right answer (a kong's payment, a win's settlement); the engine must agree for
every right action, and the page shows the change after any answer that moves a score.

Acting and question steps may add ``"rule"``, the code of the rule they teach (RULE_CODES; the
page names it in the reader's language: the catalogs' ``learn.rule.<code>``), and ``"feedback":
{"right": T, "wrong": T}``, the author's own words after the reader's answer.

check() returns every problem as ``{"step": n (1-based, None for the lesson), "code": ...,
**parameters}`` (PROBLEMS; the page writes the sentence, ``learn.problem.<code>``); judge() gives the
verdict on one answer: ``{"right": bool, "rule": code | None, ...}``.
"""
from __future__ import annotations

import re
from typing import Any

from . import analysis
from ..play.game import Game
from ..play.positions import dealt  # (a lesson's "" hands: Game.from_position deals them too)
from ..rules import RULESETS
from ..tiles import parse_tiles

MAX_STEPS = 40
LANGS = ("en", "zh-Hans", "zh-Hant")
GOALS = ("ready", "win")
#: The rule a goal's verdict names when its step names none.
GOAL_RULES = {"ready": "ready", "win": "winning_shape"}
MAX_CHOICES = 6

#: The rules a step may name (learn.rule.<code> in the catalogs says each in a line).
RULE_CODES = (
    "tiles", "suits", "honors", "flowers_tiles", "sets", "pair", "winning_shape", "seven_pairs",
    "all_honors_free", "ready", "pong", "kong", "kong_payment", "self_draw_only", "patterns",
    "flowers", "gold", "gold_wild", "white_dragon", "gold_no_claim",
    "multipliers", "flying", "kong_bloom", "settlement", "flower_kong", "dealer_kong_payment",
    "rob_gold", "three_golds", "first_discard_bonus", "swim", "swim_forbids",
    "categories", "discard_win_pays",
)

#: Every problem code check() reports, with its parameters (the page's learn.problem.<code>).
PROBLEMS = {
    "lesson": ("detail",),            # not an object, or a field missing or of the wrong kind
    "rules": ("rules",),              # an unknown rule set
    "steps": ("max",),                # no steps, or more than max
    "step": ("detail",),              # a step that is not one of the three kinds
    "text": ("field",),               # a text with no English (or not {language: text})
    "tiles": ("field", "tiles"),      # tiles between brackets that cannot be read
    "position": ("detail",),          # the position does not load: the engine's words
    "position_rules": ("rules",),     # the position is of another rule set than the lesson
    "nobody": (),                     # the position leaves no single seat to act
    "illegal": ("action",),           # the expected action is not legal there
    "goal": ("goal",),                # an unknown goal
    "unreachable": ("goal",),         # no legal action meets the goal
    "rule": ("rule",),                # an unknown rule code
    "choices": ("max",),              # fewer than 2 or more than max choices
    "answer": (),                     # the answer is not the index of a choice
    "pays": ("action", "engine"),     # the scores a right action changes are not the step's "pays"
}

_BRACKETS = re.compile(r"\[([^\]]*)\]")


class LessonError(ValueError):
    """A lesson that check() finds problems in: ``problems`` names each."""

    def __init__(self, problems: list[dict[str, Any]]) -> None:
        first = problems[0]
        super().__init__(f"lesson problem at step {first['step']}: {first['code']} {first}")
        self.problems = problems


def _problem(step: int | None, code: str, **params: Any) -> dict[str, Any]:
    return {"step": step, "code": code, **params}


def _text_problems(value: Any, step: int | None, field: str) -> list[dict[str, Any]]:
    if not isinstance(value, dict) or not isinstance(value.get("en"), str) or not value["en"].strip() \
            or not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
        return [_problem(step, "text", field=field)]
    out = []
    for text in value.values():
        for inner in _BRACKETS.findall(text):
            try:
                parse_tiles(inner.split("|")[0])
            except ValueError:
                out.append(_problem(step, "tiles", field=field, tiles=inner[:40]))
    return out


def moment_of(step: dict[str, Any]) -> tuple[Game, int]:
    """The game at an acting step's moment and the reader's seat; ValueError when it does not load
    or leaves no single seat to act."""
    game = Game.from_position(dealt(step["position"]))
    if game.is_over or len(game.waiting_for) != 1:
        raise LookupError("nobody")
    return game, game.waiting_for[0]


def _meets(game: Game, seat: int, action: str, goal: str) -> bool:
    """Whether ``action`` meets ``goal`` at this moment (GOALS)."""
    if goal == "win":
        return action == "win"
    return action.startswith("discard ") and _shanten_after(game, seat, action.split(" ")[1]) == 0


def _shanten_after(game: Game, seat: int, tile: str) -> int:
    """The seat's shanten once ``tile`` is discarded (0: ready)."""
    obs = game.observation(seat)
    hand = list(obs["hands"][seat] or ())     # the seat's own hand: never hidden from it
    hand.remove(tile)
    melds = [f"{m['type']} {m['tile']}" for m in obs["melds"][seat]]
    return analysis.shanten(hand, melds, game.variant, obs.get("gold"), game.options)


def paid(game: Game, seat: int, action: str) -> list[int]:
    """How each seat's score changes at once when ``seat`` plays ``action`` (on a copy of the game)."""
    after = game.clone()
    before = game.observation(None)["scores"]
    after.apply(seat, action)
    return [a - b for a, b in zip(after.observation(None)["scores"], before)]


def _step_kind(step: dict[str, Any]) -> str | None:
    keys = set(step) - {"text", "rule", "feedback"}
    if not keys:
        return "reading"
    if keys == {"question"}:
        return "question"
    if keys - {"pays"} in ({"position", "expect"}, {"position", "goal"}):
        return "acting"
    return None


def _step_problems(step: Any, n: int, rules: str) -> list[dict[str, Any]]:
    if not isinstance(step, dict):
        return [_problem(n, "step", detail="not an object")]
    kind = _step_kind(step)
    if kind is None:
        return [_problem(n, "step", detail=", ".join(sorted(step))[:80])]
    out = _text_problems(step.get("text"), n, "text")
    if "rule" in step and step["rule"] not in RULE_CODES:
        out.append(_problem(n, "rule", rule=str(step["rule"])[:40]))
    feedback = step.get("feedback")
    if feedback is not None:
        if not isinstance(feedback, dict) or not set(feedback) <= {"right", "wrong"}:
            out.append(_problem(n, "step", detail="feedback"))
        else:
            for which, text in feedback.items():
                out += _text_problems(text, n, f"feedback.{which}")
    if kind == "question":
        question = step["question"]
        choices = question.get("choices") if isinstance(question, dict) else None
        if not isinstance(choices, list) or not 2 <= len(choices) <= MAX_CHOICES:
            return out + [_problem(n, "choices", max=MAX_CHOICES)]
        for i, choice in enumerate(choices):
            out += _text_problems(choice, n, f"choice {i + 1}")
        answer = question.get("answer")
        if not isinstance(answer, int) or isinstance(answer, bool) or not 0 <= answer < len(choices):
            out.append(_problem(n, "answer"))
    elif kind == "acting":
        position = step["position"]
        if not isinstance(position, dict):
            return out + [_problem(n, "position", detail="not an object")]
        if position.get("variant") != rules:
            return out + [_problem(n, "position_rules", rules=rules)]
        try:
            game, seat = moment_of(step)
        except LookupError:
            return out + [_problem(n, "nobody")]
        except (ValueError, TypeError) as err:
            return out + [_problem(n, "position", detail=str(err)[:200])]
        legal = game.legal_actions(seat)
        if "expect" in step:
            expect = step["expect"]
            expected = [expect] if isinstance(expect, str) else expect
            if not isinstance(expected, list) or not expected or not all(isinstance(a, str) for a in expected):
                return out + [_problem(n, "illegal", action=str(expect)[:40])]
            illegal = [_problem(n, "illegal", action=a[:40]) for a in expected if a not in legal]
            if illegal:
                return out + illegal
        elif step["goal"] not in GOALS:
            return out + [_problem(n, "goal", goal=str(step["goal"])[:40])]
        elif not any(_meets(game, seat, a, step["goal"]) for a in legal):
            return out + [_problem(n, "unreachable", goal=step["goal"])]
        if "pays" in step:
            pays = step["pays"]
            if not isinstance(pays, list) or len(pays) != 4 or not all(
                    isinstance(d, int) and not isinstance(d, bool) for d in pays):
                return out + [_problem(n, "step", detail="pays")]
            right = expected if "expect" in step else [a for a in legal if _meets(game, seat, a, step["goal"])]
            for action in right:
                engine = paid(game, seat, action)
                if engine != pays:
                    out.append(_problem(n, "pays", action=action[:40], engine=" ".join(f"{d:+d}" for d in engine)))
    return out


def check(lesson: Any) -> list[dict[str, Any]]:
    """Every problem of a lesson (PROBLEMS), each naming its step; [] for a good lesson."""
    if not isinstance(lesson, dict):
        return [_problem(None, "lesson", detail="not an object")]
    for field, kind in (("id", str), ("rules", str), ("title", dict), ("steps", list)):
        if not isinstance(lesson.get(field), kind):
            return [_problem(None, "lesson", detail=field)]
    if lesson["rules"] not in RULESETS:
        return [_problem(None, "rules", rules=lesson["rules"][:40])]
    steps = lesson["steps"]
    if not 1 <= len(steps) <= MAX_STEPS:
        return [_problem(None, "steps", max=MAX_STEPS)]
    out = _text_problems(lesson["title"], None, "title")
    for n, step in enumerate(steps, 1):
        out += _step_problems(step, n, lesson["rules"])
    return out


def _step(lesson: Any, n: int) -> dict[str, Any]:
    problems = check(lesson)
    if problems:
        raise LessonError(problems)
    if not 1 <= n <= len(lesson["steps"]):
        raise ValueError(f"the lesson has {len(lesson['steps'])} steps, not a step {n}")
    step: dict[str, Any] = lesson["steps"][n - 1]
    return step


def moment(lesson: Any, n: int) -> dict[str, Any]:
    """What the reader sees of step n's position: their seat, hand, melds, flowers, the gold, the
    tile just drawn and the legal actions (the page offers exactly these). {} for other steps."""
    step = _step(lesson, n)
    if "position" not in step:
        return {}
    game, seat = moment_of(step)
    obs = game.observation(seat)
    return {"seat": seat, "dealer": obs["dealer"], "hand": obs["hands"][seat], "melds": obs["melds"][seat],
            "flowers": obs["flowers"][seat], "gold": obs.get("gold"), "drawn": obs.get("drawn"),
            "last_discard": obs.get("last_discard"), "actions": game.legal_actions(seat)}


def judge(lesson: Any, n: int, answer: str | int) -> dict[str, Any]:
    """The verdict on the reader's answer to step n: an action string on an acting step, a choice's
    index on a question. {"right", "rule"} (the step's rule, else the goal's own), plus "shanten"
    after a discard on a "ready" goal. An answer the step does not offer raises ValueError."""
    step = _step(lesson, n)
    rule = step.get("rule")
    if "question" in step:
        choices = step["question"]["choices"]
        if not isinstance(answer, int) or isinstance(answer, bool) or not 0 <= answer < len(choices):
            raise ValueError(f"step {n} is a question of {len(choices)} choices: answer with an index from 0")
        return {"right": answer == step["question"]["answer"], "rule": rule}
    if "position" not in step:
        raise ValueError(f"step {n} is a reading step: nothing to answer")
    game, seat = moment_of(step)
    if not isinstance(answer, str) or answer not in game.legal_actions(seat):
        raise ValueError(f"{answer!r} is not a legal action at step {n}")
    if "expect" in step:
        expect = step["expect"]
        verdict: dict[str, Any] = {"right": answer in ([expect] if isinstance(expect, str) else expect), "rule": rule}
    else:
        goal = step["goal"]
        verdict = {"right": _meets(game, seat, answer, goal), "rule": rule or GOAL_RULES[goal]}
        if goal == "ready" and answer.startswith("discard "):
            verdict["shanten"] = _shanten_after(game, seat, answer.split(" ")[1])
    change = paid(game, seat, answer)
    if any(change):
        verdict["paid"] = change     # the score changes, seat by seat (the reader's is change[seat])
        verdict["seat"] = seat
    return verdict
