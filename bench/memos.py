#!/usr/bin/env python3
"""The engine's memory over a long session, in CPython: autoplay hands through the bridge (as the
page asks for them), Xinyu and Longyan in turn, and every 100 hands Python's traced memory
(tracemalloc) and the sizes of the shape memos (py_engine/tiles/shapes.py).

    python bench/memos.py [--hands 1000] [--level normal]

What bench/soak.py measures in the browser (the whole renderer), without Pyodide's heap around it.
Figures only; the largest allocation sites at the end.
"""
from __future__ import annotations

import argparse
import gc
import json
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from py_engine import bridge  # noqa: E402
from py_engine.tiles import shapes  # noqa: E402


def ask(method: str, **args):
    return json.loads(bridge.call(json.dumps({"method": method, "args": args}), "memos"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
    a = parser.parse_args()
    tracemalloc.start()
    start = time.time()
    for hand in range(1, a.hands + 1):
        ask("new_match", variant="xinyu" if hand % 2 else "longyan", seed=hand, autoplay=True, level=a.level, hands=1)
        while not ask("bot_step")["state"]["is_over"]:
            pass
        if hand % 100 == 0:
            gc.collect()
            traced, _peak = tracemalloc.get_traced_memory()
            print(f"{hand:6d} hands {time.time() - start:6.0f} s  traced {traced / 1e6:6.1f} MB  "
                  f"shape memo entries {shapes._memo_entries():7d} (bound {shapes.MEMO_BOUND})", flush=True)
    for stat in tracemalloc.take_snapshot().statistics("lineno")[:8]:
        print(stat)


if __name__ == "__main__":
    main()
