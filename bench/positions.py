"""Bad positions and bridge requests: ``python bench/positions.py [MUTANTS_PER_POSITION]``.

Measures what issue 12 item 4 counts (none of it is a timing):
  * mutants: valid ``to_position()`` outputs of bot-played hands (tests/support/position_mutations.py),
    mutated; each is loaded, and an accepted one is played out and reloaded. Counted: refused with
    ValueError, raised another exception (by type), accepted and then failed in play, accepted but
    not round-tripping, accepted and sound; and the longest error message.
  * probes: the silent acceptances the issue lists, each expected to be refused.
  * bridge: requests the page or an embedding page may send, each expected to answer kind "invalid".
"""
from __future__ import annotations

import json
import reprlib
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "support"))

from helpers import pos  # noqa: E402
from position_mutations import bot_positions, mutate, play_out, round_trips  # noqa: E402

from py_engine import Game, bridge  # noqa: E402


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother, _SHORT.maxlist, _SHORT.maxdict = 4, 60, 60, 6, 6


def sources() -> list[dict[str, Any]]:
    out = list(bot_positions("xinyu", range(1, 11)))
    out += list(bot_positions("longyan", range(1, 11)))
    out += list(bot_positions("xinyu", range(11, 14), options={"discard_win": True, "scoring": "simple"}))
    out += list(bot_positions("longyan", (45, 189, 320, 340, 379, 391)))     # flower kongs paid in the deal
    out += list(bot_positions("longyan", range(11, 14), options={"gold_wild": "suited", "white_dragon": "plain", "reserve_tiles": 16}))
    return out


def run_mutants(per_position: int) -> None:
    outcomes: Counter[str] = Counter()
    examples: dict[str, str] = {}
    longest = 0
    started = time.perf_counter()
    for i, source in enumerate(sources()):
        rng = random.Random(i)
        for j in range(per_position):
            mutant = mutate(source, rng)
            try:
                game = Game.from_position(mutant)
            except ValueError as err:
                outcomes["refused (ValueError)"] += 1
                longest = max(longest, len(str(err)))
                continue
            except Exception as err:  # what the issue counts: anything but ValueError
                key = f"raised {type(err).__name__}"
                outcomes[key] += 1
                examples.setdefault(key, f"{_SHORT.repr(mutant)} -> {str(err)[:200]}")
                continue
            try:
                sound = round_trips(game, seed=j)
                play_out(game, random.Random(j))
            except Exception as err:
                key = f"accepted, then {type(err).__name__} in play or reload"
                outcomes[key] += 1
                examples.setdefault(key, f"{_SHORT.repr(mutant)} -> {str(err)[:200]}")
                continue
            if not sound:
                outcomes["accepted, not round-tripping"] += 1
                examples.setdefault("accepted, not round-tripping", _SHORT.repr(mutant))
            else:
                outcomes["accepted, sound"] += 1
    total = sum(outcomes.values())
    print(f"mutants: {total} in {time.perf_counter() - started:.1f} s")
    for key, n in sorted(outcomes.items()):
        print(f"  {key:45s} {n:6d}")
    print(f"  longest error message: {longest} characters")
    for key, text in sorted(examples.items()):
        print(f"  e.g. {key}: {text}")


X_HANDS = ["123m456p789s1z2z3z4z7z", "147m258p369s1234z", "258m369p147s4567z", "369m147p258s2356z"]
L_HANDS = ["123m456p789s1z2z3z4z7z", "147m258p369s1234z", "258m369p147s4567z", "369m147p258s2366z"]


def _pay(**kw: Any) -> dict[str, Any]:
    return {"variant": "longyan", "hands": L_HANDS, "gold": "9m", "flowers": [["1f", "2f", "3f", "4f"], [], [], []],
            "opening_payments": [{"from": 1, "to": 0, "amount": 2, "reason": "flower_kong", **kw}]}


def _pong_of_the_gold() -> dict[str, Any]:
    """A pong of 5m and a tail that turns 5m as the gold: its own to_position() could not be reloaded."""
    return pos("longyan", ["123m456p789s11z", None, None, None], melds=[["pong 5m"], [], [], []], tail="5m")


PROBES: list[tuple[str, Any]] = [
    ("opening_payments seat 7", _pay(**{"from": 7})),
    ("opening_payments seat -1", _pay(**{"from": -1})),
    ("opening_payments from == to", _pay(**{"from": 0})),
    ("opening_payments negative amount", _pay(amount=-2)),
    ("opening_payments string amount", _pay(amount="2")),
    ("opening_payments float amount", _pay(amount=2.5)),
    ("opening_payments any reason text", _pay(reason="gift")),
    ("opening_payments boolean seat", _pay(**{"to": False})),
    ("opening_payments not a list", {**_pay(), "opening_payments": {"from": 1}}),
    ("drawn_count: true", {"variant": "xinyu", "hands": X_HANDS, "drawn_count": True}),
    ("dice: [true, 6]", {"variant": "xinyu", "hands": X_HANDS, "dice": [True, 6]}),
    ("a pong of the tile that becomes the gold", _pong_of_the_gold()),
    ("options as a list of pairs", {"variant": "xinyu", "hands": X_HANDS, "options": [["scoring", "simple"]]}),
    ("history: {} (not a list)", {"variant": "xinyu", "hands": X_HANDS, "history": {}}),
    ("history entry as a 2-letter string", {"variant": "xinyu", "hands": X_HANDS, "history": ["0x"]}),
    ("seed: 2**70 (beyond JSON-safe)", {"variant": "xinyu", "hands": X_HANDS, "seed": 2**70}),
]


def _accepted(position: Any) -> str:
    try:
        game = Game.from_position(position)
    except ValueError as err:
        return f"refused: {str(err)[:110]}"
    except Exception as err:
        return f"RAISED {type(err).__name__}: {str(err)[:100]}"
    try:
        game.observation(0)
        play_out(game, random.Random(0))
    except Exception as err:
        return f"ACCEPTED, then in play {type(err).__name__}: {str(err)[:80]}"
    try:
        Game.from_position(game.to_position())
    except Exception as err:
        return f"ACCEPTED, its to_position() raises {type(err).__name__}: {str(err)[:80]}"
    return "ACCEPTED"


def _bridge(request: str) -> str:
    answer = json.loads(bridge.call(request))
    if answer["ok"]:
        state = answer.get("state") or {}
        return f"ACCEPTED (autoplay {state.get('autoplay')})" if "autoplay" in state else "ACCEPTED"
    return f"{answer['kind']}: {answer['error'][:90]} [{len(answer['error'])} chars]"


BRIDGE: list[tuple[str, str]] = [
    ("[]", "[]"), ("5", "5"), ("null", "null"), ("not JSON", "{"),
    ("args: 'x'", json.dumps({"method": "new_match", "args": "x"})),
    ("method constructor", json.dumps({"method": "constructor", "args": {}})),
    ("variant: 5", json.dumps({"method": "new_match", "args": {"variant": 5}})),
    ("variant: ['xinyu']", json.dumps({"method": "new_match", "args": {"variant": ["xinyu"]}})),
    ("level: 3", json.dumps({"method": "new_match", "args": {"level": 3}})),
    ("level: ['easy']", json.dumps({"method": "new_match", "args": {"level": ["easy"]}})),
    ("hands: true", json.dumps({"method": "new_match", "args": {"hands": True}})),
    ("hands: '8'", json.dumps({"method": "new_match", "args": {"hands": "8"}})),
    ("hands: 10**6", json.dumps({"method": "new_match", "args": {"hands": 10**6}})),
    ("seed: 1.5", json.dumps({"method": "new_match", "args": {"seed": 1.5}})),
    ("seed: true", json.dumps({"method": "new_match", "args": {"seed": True}})),
    ("speed: 'fast!'", json.dumps({"method": "new_match", "args": {"speed": "fast!"}})),
    ("autoplay: 'no'", json.dumps({"method": "new_match", "args": {"autoplay": "no"}})),
    ("human: '1'", json.dumps({"method": "new_match", "args": {"human": "1"}})),
    ("human: 1.5", json.dumps({"method": "new_match", "args": {"human": 1.5}})),
    ("options: 'x'", json.dumps({"method": "new_match", "args": {"options": "x"}})),
    ("dealer: 9", json.dumps({"method": "new_match", "args": {"dealer": 9}})),
    ("unknown argument", json.dumps({"method": "new_match", "args": {"colour": "red"}})),
    ("position nested 3000 deep", '{"method": "new_match", "args": {"position": {"variant": "xinyu", "hands": '
     + "[" * 3000 + "]" * 3000 + "}}}"),
    ("act: 1 MB action", json.dumps({"method": "act", "args": {"action": "discard " + "x" * 1_000_000}})),
    ("act: action 5", json.dumps({"method": "act", "args": {"action": 5}})),
]


def run_probes() -> None:
    print("probes (each should be refused):")
    for name, position in PROBES:
        print(f"  {name:45s} {_accepted(position)}")
    print("bridge (each should answer kind 'invalid'):")
    bridge.call(json.dumps({"method": "new_match", "args": {"variant": "xinyu", "seed": 1}}))
    for name, request in BRIDGE:
        print(f"  {name:30s} {_bridge(request)}")


def main() -> None:
    per_position = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    run_probes()
    run_mutants(per_position)


if __name__ == "__main__":
    main()
