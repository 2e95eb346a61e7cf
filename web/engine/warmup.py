"""Import every module of the engine, play a short match of each rule set through the bridge, as the
page does, and ask once what every other page asks (the analyzer, a puzzle, a lesson, a replay and
its review), so that each of those modules is imported and its code has run once.

A restored snapshot has no installed wheel in its file system: it can import only what this
imported (engine-worker.js checks every engine module before it serves; build.py checks this
imports them all).

Run inside Pyodide twice: by build.py's bytecode step (tools/precompile.mjs), whose list of
imported modules decides which of the standard library ships and gets bytecode, and by the
snapshot worker (web/snapshot-worker.js) before it takes the memory snapshot, so that a restored
engine starts with its first move already warm. Deterministic: fixed seeds.
"""
from __future__ import annotations

import importlib
import json
import logging
import os
import traceback

import py_engine
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


def import_all() -> list[str]:
    """Every module of the engine's package, imported: their names."""
    names = []
    for root in py_engine.__path__:
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if not d.startswith(("_", ".")))
            relative = os.path.relpath(folder, root)
            package = ".".join(["py_engine", *([] if relative == "." else relative.split(os.sep))])
            for file in sorted(files):
                if file.endswith(".py"):
                    name = package if file == "__init__.py" else f"{package}.{file[:-3]}"
                    importlib.import_module(name)
                    names.append(name)
    return names


# A lesson as an author writes one (docs/API.md): a question, then an acting step.
LESSON = {
    "id": "warm-up", "rules": "longyan", "title": {"en": "Warm-up"},
    "steps": [
        {"text": {"en": "Which is a sequence?"},
         "question": {"choices": [{"en": "[123m]"}, {"en": "[135m]"}], "answer": 0}},
        {"text": {"en": "Win."}, "goal": "win", "rule": "gold",
         "position": {"variant": "longyan", "gold": "5m", "hands": ["123m456p789s11z34p5m", "", "", ""]}},
    ],
}
PUZZLE = {"variant": "longyan", "gold": "5m",
          "hands": ["123p456p789s234m5m7z", "1123467889m123p", "4567889p122345s", "56789s12234556z"]}


def pages() -> None:
    """What the analyzer, the puzzles, the lessons and the replay viewer ask, once each."""
    for bot in (False, True):
        _call("analyze", variant="longyan", hand="123456p789s11144z", gold="5m", dealer=True, bot=bot)
    _call("analyze", variant="xinyu", hand="123m456p789s1z2z")
    _call("puzzle", position=PUZZLE)
    _call("lesson_check", lesson=LESSON)
    for step in (1, 2):
        _call("lesson_step", lesson=LESSON, step=step)
    _call("lesson_judge", lesson=LESSON, step=1, choice=0)
    _call("lesson_judge", lesson=LESSON, step=2, action="win")
    _call("new_match", variant="xinyu", seed=3, level="easy", hands=1, autoplay=True)
    for _ in range(12):
        _call("bot_step")
    replay = _call("export", hand=0)["replay"]
    _call("replay_open", replay=replay)
    _call("replay_frame", hand=0, step=4, face_up=True)
    _call("review", hand=0)


def run() -> list[str]:
    """Every engine module imported, a hand of both rule sets against easy bots, some moves of every
    other level, each other page's questions, then the error paths the page meets (a refused call, a
    formatted traceback)."""
    import_all()
    variants = bridge.options()["variants"]
    results = [play(variant, seed=1, level="easy") for variant in variants]
    for level in bridge.options()["levels"]:
        for variant in variants:
            decide(variant, seed=2, level=level, moves=6)
    pages()
    _call("no_such_method")
    try:
        raise RuntimeError("warm-up: a traceback is formatted")
    except RuntimeError:
        traceback.format_exc()
        logging.getLogger("warmup").debug("formatted", exc_info=True)
    bridge._clients.clear()  # no match left behind: a snapshot taken now starts like a fresh import
    return results
