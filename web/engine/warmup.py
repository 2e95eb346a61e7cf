"""Play a short match of each rule set through the bridge, as the page does, so that every module
a match imports is imported and its code has run once.

Run inside Pyodide twice: by build.py's bytecode step (tools/precompile.mjs), whose list of
imported modules decides which of the standard library ships and gets bytecode, and by the
snapshot worker (web/snapshot-worker.js) before it takes the memory snapshot, so that a restored
engine starts with its first move already warm. Deterministic: fixed seeds.
"""
from __future__ import annotations

import json
import logging
import traceback

from py_engine import bridge


def _call(method: str, **args: object) -> dict:
    return json.loads(bridge.call(json.dumps({"method": method, "args": args})))


def play(variant: str, seed: int, level: str) -> str:
    """One hand of variant against bots of level, with hints, every bridge method once; its score changes."""
    _call("options")
    state = _call("new_match", variant=variant, seed=seed, level=level, hands=1)["state"]
    refused = _call("act", action="discard nothing")   # the illegal path (message and legal list)
    assert not refused["ok"], refused
    while not state["is_over"]:
        if state["human_to_move"]:
            _call("hint")
            _call("position")
            state = _call("timeout")["state"]              # the player's default action
        else:
            state = _call("bot_step")["state"]
    state = _call("state")["state"]
    _call("next_hand")
    return f"{variant} {state['result']['deltas']}"


def decide(variant: str, seed: int, level: str, moves: int) -> None:
    """The first moves of a hand against bots of level (the strongest's look-ahead is slow to play out)."""
    state = _call("new_match", variant=variant, seed=seed, level=level, hands=1, autoplay=True)["state"]
    for _ in range(moves):
        if state["is_over"]:
            break
        state = _call("bot_step")["state"]


def run() -> list[str]:
    """A hand of both rule sets against easy bots, some moves of every other level, then the error
    paths the page meets (a refused call, a formatted traceback)."""
    variants = bridge.options()["variants"]
    results = [play(variant, seed=1, level="easy") for variant in variants]
    for level in bridge.options()["levels"]:
        for variant in variants:
            decide(variant, seed=2, level=level, moves=6)
    _call("no_such_method")
    try:
        raise RuntimeError("warm-up: a traceback is formatted")
    except RuntimeError:
        traceback.format_exc()
        logging.getLogger("warmup").debug("formatted", exc_info=True)
    bridge._clients.clear()  # no match left behind: a snapshot taken now starts like a fresh import
    return results
