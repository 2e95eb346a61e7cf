"""Issue 33's probe of the engine (tests/engine/test_fuzz.py, bench/fuzz.py): replays, saves and
bridge requests mutated at random, and the checks each answer must pass.

Whatever a file, a link or a stored save holds, the engine answers with what it can use or a
short refusal: `replay.load` raises nothing but ReplayError (a ValueError), the bridge never
answers "engine" for bad input and never sends back more than a few hundred characters of
message, and the public functions refuse junk with ValueError.
"""
from __future__ import annotations

import json
from functools import cache
from typing import Any

from hypothesis import strategies as st

from py_engine import Game, Match, analysis, bridge, format_tiles, parse_tiles
from py_engine.record import replay
from py_engine.record.viewer import Viewer

#: The longest error message or problem a refusal may carry (it names fields, it does not echo them).
LONGEST_MESSAGE = 400

# JSON of any shape, as a file or a link may carry it: with the numbers and strings that broke things before.
LEAVES = (st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False, allow_infinity=False)
          | st.text(max_size=12) | st.sampled_from(["xinyu", "longyan", "discard 1m", "pass", "constructor", "x" * 5000])
          | st.sampled_from([10**400, -10**400]))   # (a 401-digit number once came back as a 515-character error)
JSON = st.recursive(LEAVES, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=8)
#: The bridge's methods, and names that are none.
METHODS = sorted(bridge.ARGUMENTS) + ["constructor", "__class__", ""]


def call(method: str, **args: Any) -> dict[str, Any]:
    return json.loads(bridge.call(json.dumps({"method": method, "args": args})))


@cache
def saved_match(variant: str) -> str:
    """A two-hand match the bots played, as the page saves it (JSON text: each case parses its own copy)."""
    assert call("new_match", variant=variant, seed=3, hands=2, autoplay=True)["ok"]
    while True:
        state = call("state")["state"]
        if state["is_over"]:
            if state["match"]["is_over"]:
                break
            call("next_hand")
            continue
        call("bot_step")
    return json.dumps(call("save")["save"])


def paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += paths(v, (*path, i))
    return out


@st.composite
def mutants(draw: st.DrawFn) -> dict[str, Any]:
    """A saved match with one to three of its values deleted, replaced by junk, or nested deep."""
    data = json.loads(saved_match(draw(st.sampled_from(["xinyu", "longyan"]))))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(paths(data)[1:]))
        parent = data
        for k in path[:-1]:
            parent = parent[k]
        how = draw(st.sampled_from(["delete", "junk", "junk", "deep"]))
        if how == "delete" and isinstance(parent, dict):
            del parent[path[-1]]
        elif how == "deep":
            value: Any = 0
            for _ in range(draw(st.integers(30, 400))):   # Python's json writes up to ~1,000; deeper: test_hostile
                value = [value]
            parent[path[-1]] = value
        else:
            parent[path[-1]] = draw(JSON)
    return data


@st.composite
def requests(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A bridge request: a method (or none) with arguments of its names (and others) holding anything."""
    method = draw(st.sampled_from(METHODS))
    names = sorted(bridge.ARGUMENTS.get(method, {})) + ["junk"]
    return method, draw(st.dictionaries(st.sampled_from(names), JSON, max_size=4))


def short(answer: dict[str, Any]) -> None:
    assert len(answer.get("error", "")) <= LONGEST_MESSAGE, answer.get("error", "")[:200]
    problem = json.dumps(answer.get("problem") or "")
    assert len(problem) <= LONGEST_MESSAGE + 200, problem[:200]


def check_replay(data: dict[str, Any]) -> str:
    """Loaded (and every hand shown at its start, middle and end) or refused with a short problem."""
    try:
        loaded = replay.load(json.loads(json.dumps(data)))
    except replay.ReplayError as err:
        assert len(str(err)) <= LONGEST_MESSAGE, str(err)[:200]
        return "refused"
    if loaded.problem:
        assert len(loaded.problem.message) <= LONGEST_MESSAGE, loaded.problem.message[:200]
    viewer = Viewer(loaded)
    for hand, info in enumerate(viewer.summary()["hands"]):
        for step in {0, info["steps"] // 2, info["steps"]}:
            viewer.frame(hand, step, True)
    return "stopped" if loaded.problem else "loaded"


def check_save(data: dict[str, Any], method: str) -> str:
    """Resumed (or opened) and playable, or refused as bad input: never an engine failure."""
    answer = call(method, **{"save" if method == "resume" else "replay": data})
    if answer["ok"]:
        assert call("state" if method == "resume" else "replay_frame")["ok"]
        return "accepted"
    assert answer["kind"] in ("invalid", "replay"), answer
    short(answer)
    return answer["kind"]


def check_request(method: str, args: dict[str, Any]) -> str:
    """Any request is answered as JSON {ok}; bad input is refused, never an engine failure."""
    answer = json.loads(bridge.call(json.dumps({"method": method, "args": args})))
    assert isinstance(answer["ok"], bool)
    if answer["ok"]:
        return "accepted"
    assert answer["kind"] in ("invalid", "illegal", "replay"), answer
    short(answer)
    return answer["kind"]


PUBLIC = (format_tiles, parse_tiles, lambda v: analysis.shanten("123m456p789s1122z", melds=v),
          lambda v: analysis.shanten(v), lambda v: analysis.waits(v), lambda v: Game.new(v),
          lambda v: Game.new("xinyu", seed=v), lambda v: Match("xinyu", hands=v),
          lambda v: Match("longyan", options=v), lambda v: Game.from_position(v))


def check_public(value: Any) -> str:
    """The public functions take `value` or refuse it with a short ValueError; nothing else."""
    for function in PUBLIC:
        try:
            function(value)
        except ValueError as err:
            assert len(str(err)) <= LONGEST_MESSAGE, str(err)[:200]
    return "checked"
