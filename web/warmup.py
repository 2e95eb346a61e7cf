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


def play(variant: str, seed: int) -> str:
    """One hand of variant against hard bots with hints, every bridge method once; its score changes."""
    _call("options")
    state = _call("new_match", variant=variant, seed=seed, level="hard", hands=1)["state"]
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


def run() -> list[str]:
    """Both rule sets, then the error paths the page meets (a refused call, a formatted traceback)."""
    results = [play(variant, seed=1) for variant in bridge.options()["variants"]]
    _call("no_such_method")
    try:
        raise RuntimeError("warm-up: a traceback is formatted")
    except RuntimeError:
        traceback.format_exc()
        logging.getLogger("warmup").debug("formatted", exc_info=True)
    bridge._session = None  # no match left behind: a snapshot taken now starts like a fresh import
    return results
