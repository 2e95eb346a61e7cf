"""One description of the state (issue 54): the page's types of the engine's state are generated
from the engine's own (py_engine/types.py, by tools/page_types.py, into types/engine.d.ts), the
page's State is that type with no catch-all, and the bridge's answer has exactly the fields
types.py gives it. Each failed on the tree before the change: model.js typed the discards as
strings (the engine and render.js read objects) behind `[key: string]: any`."""
from __future__ import annotations

import importlib.util
import json
import re
import typing
from pathlib import Path

from test_page_js import ROOT, tsc

from py_engine import bridge
from py_engine.types import TableState

TYPES = ROOT / "types" / "engine.d.ts"


def page_types():
    spec = importlib.util.spec_from_file_location("page_types", ROOT / "tools" / "page_types.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_page_types_are_generated_from_the_engines_and_current():
    tool = page_types()
    assert TYPES.read_text(encoding="utf-8") == tool.render(tool.SOURCE.read_text(encoding="utf-8")), \
        "types/engine.d.ts is not current: run python tools/page_types.py"
    assert "export interface DiscardDict {\n  tile: string | null;" in TYPES.read_text(encoding="utf-8")


def test_the_pages_state_is_the_engines_with_no_catch_all():
    model = (ROOT / "web" / "table" / "model.js").read_text(encoding="utf-8")
    assert '@typedef {import("engine-types").TableState} State' in model
    assert not re.search(r"\[key: string\]: any", model)
    assert not re.search(r"discards:", model), "the discards' type is the engine's, not written again here"


def test_the_bridge_answers_the_fields_types_py_describes():
    """The state the page is given (bridge.py Session.state) has exactly TableState's fields."""
    answer = json.loads(bridge.call(json.dumps({"method": "new_match", "args": {"seed": 7}})))
    state = answer["state"]
    assert set(state) == set(typing.get_type_hints(TableState)), set(state) ^ set(typing.get_type_hints(TableState))
    assert set(state["match"]) == set(typing.get_type_hints(typing.get_type_hints(TableState)["match"]))
    discard = next(d for seat in state["discards"] for d in seat) if any(state["discards"]) else None
    assert discard is None or set(discard) == {"tile", "claimed", "covered", "thrown_drawn"}


def test_the_type_check_catches_the_discards_drift(tmp_path: Path):
    """Were the page's discards typed as strings again (model.js before the change), the type check
    fails where the table reads a discard's fields (render.js paintDiscards)."""
    tool = page_types()
    drifted = tool.SOURCE.read_text(encoding="utf-8").replace("discards: list[list[DiscardDict]]",
                                                             "discards: list[list[str | None]]")
    assert drifted != tool.SOURCE.read_text(encoding="utf-8")
    (tmp_path / "engine.d.ts").write_text(tool.render(drifted), encoding="utf-8")
    config = tmp_path / "tsconfig.json"
    config.write_text(json.dumps({
        "extends": str(ROOT / "tsconfig.json"),
        "compilerOptions": {"paths": {"engine-types": [str(tmp_path / "engine.d.ts")]}},
        # the table's renderer and what it imports (the whole page is checked by test_page_js)
        "include": [], "files": [str(ROOT / "web" / "table" / "render.js"), str(ROOT / "types" / "globals.d.ts")],
    }), encoding="utf-8")
    done = tsc("-p", str(config))
    assert done.returncode != 0
    assert re.search(r"web/table/render\.js\(\d+,\d+\): error TS2339: Property '(?:tile|covered|claimed)' does not exist on type 'string'",
                     done.stdout), done.stdout[-3000:]
