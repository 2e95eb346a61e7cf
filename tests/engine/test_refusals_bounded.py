"""Every refusal within the project's bound of 400 characters, whatever the input held (issue 44
finding 9: a save whose action named a 401-digit seat was refused with a 515-character error)."""
from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from py_engine import bridge

BOUND = 400


def ask(method: str, client: str = "bounds", **args: Any) -> dict[str, Any]:
    return json.loads(bridge.call(json.dumps({"method": method, "args": args}), client))


@pytest.fixture(scope="module")
def save() -> dict[str, Any]:
    state = ask("new_match", variant="xinyu", seed=3, hands=1)["state"]
    return ask("act", action=state["legal_actions"][0], keep=True)["save"]


@pytest.mark.parametrize("where", ["seat", "action", "entry", "seed"])
def test_a_save_holding_a_401_digit_number_is_refused_within_the_bound(save, where):
    big = 10**400
    bad = copy.deepcopy(save)
    if where == "seat":
        bad["hands"][0]["actions"][0][0] = big
    elif where == "action":
        bad["hands"][0]["actions"][0][1] = f"discard {big}"
    elif where == "entry":
        bad["hands"][0]["actions"][0] = big
    else:
        bad["match"]["seed"] = big
    answer = ask("resume", save=bad)
    assert answer["ok"] is False
    assert len(answer["error"]) <= BOUND, len(answer["error"])
    assert len((answer.get("problem") or {}).get("message", "")) <= BOUND


def test_a_refusal_is_cut_to_the_bound_with_an_ellipsis():
    assert bridge.bounded("x" * 1000) == "x" * (BOUND - 1) + "…"
    assert bridge.bounded("short") == "short"
