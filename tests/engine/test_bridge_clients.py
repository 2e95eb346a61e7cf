"""One engine, several pages (issue 37 item 5): the embeds of one host page share one worker, and
each page is a client of the bridge with its own match and replay viewer."""
from __future__ import annotations

import json
from typing import Any

from py_engine import bridge


def ask(client: str, method: str, **args: Any) -> dict[str, Any]:
    return json.loads(bridge.call(json.dumps({"method": method, "args": args}), client))


def test_two_clients_play_two_matches_that_stay_apart():
    a = ask("a", "new_match", variant="xinyu", seed=11, hands=1)["state"]
    b = ask("b", "new_match", variant="longyan", seed=22, hands=1)["state"]
    assert (a["variant"], b["variant"]) == ("xinyu", "longyan")
    # a's moves leave b's match where it was
    before = ask("b", "state")["state"]
    steps = 0
    while not ask("a", "state")["state"]["human_to_move"] and steps < 20:
        assert ask("a", "bot_step")["ok"]
        steps += 1
    state = ask("a", "state")["state"]
    if state["human_to_move"]:
        discard = next(x for x in state["legal_actions"] if x.startswith("discard "))
        assert ask("a", "act", action=discard)["ok"]
    assert ask("a", "state")["state"] != a   # a's match moved on
    assert ask("b", "state")["state"] == before
    # an illegal move of b's lists b's legal actions, not a's
    refused = ask("b", "act", action="discard 9z")
    assert refused["kind"] == "illegal" and refused["legal"] == before["legal_actions"]
    # a new match of b's leaves a's alone
    a_now = ask("a", "state")["state"]
    ask("b", "new_match", variant="xinyu", seed=5, hands=1)
    assert ask("a", "state")["state"] == a_now


def test_a_client_without_a_match_is_told_so_even_when_another_has_one():
    ask("c-with", "new_match", variant="xinyu", seed=1, hands=1)
    answer = ask("c-without", "state")
    assert answer["kind"] == "invalid" and "new_match" in answer["error"]


def test_replay_viewers_are_per_client_too():
    ask("v1", "new_match", variant="xinyu", seed=3, hands=1, autoplay=True)
    for _ in range(8):
        ask("v1", "bot_step")
    replay = ask("v1", "save")["save"]
    assert ask("v1", "replay_open", replay=replay)["ok"]
    assert ask("v1", "replay_frame", hand=0, step=2)["ok"]
    assert ask("v2", "replay_frame", hand=0, step=2)["kind"] == "invalid"   # v2 opened none


def test_a_page_that_names_no_client_is_a_client_of_its_own():
    ask("x", "new_match", variant="longyan", seed=9, hands=1)
    plain = json.loads(bridge.call(json.dumps({"method": "new_match", "args": {"variant": "xinyu", "seed": 9, "hands": 1}})))
    assert plain["state"]["variant"] == "xinyu"
    assert ask("x", "state")["state"]["variant"] == "longyan"


def test_clients_are_bounded_and_dropped():
    bridge._clients.clear()
    for n in range(bridge.MAX_CLIENTS + 3):
        ask(f"many-{n}", "new_match", variant="xinyu", seed=n, hands=1)
    kept = bridge.clients()
    assert len(kept) == bridge.MAX_CLIENTS
    assert "many-0" not in kept and f"many-{bridge.MAX_CLIENTS + 2}" in kept   # the least recent went first
    assert bridge.drop("many-5") and not bridge.drop("many-5")
    assert ask("many-5", "state")["kind"] == "invalid"


def test_the_client_limit_is_far_above_a_tutorial_page():
    # issue 44 finding 1: a game and 16 lesson questions on one page dropped the game's match
    assert bridge.MAX_CLIENTS >= 100


def test_a_client_whose_match_is_gone_is_told_what_is_missing():
    # the page then sets its match up again from its save and asks again (engine.js restore)
    bridge._clients.clear()
    save = ask("gone", "new_match", variant="xinyu", seed=4, hands=1, keep=True)["save"]
    assert bridge.drop("gone")
    lost = ask("gone", "act", action="pass")
    assert lost["ok"] is False and lost["kind"] == "invalid" and lost["missing"] == "match"
    assert ask("gone", "replay_frame", hand=0, step=1)["missing"] == "viewer"
    assert ask("gone", "resume", save=save)["ok"]
    assert ask("gone", "state")["ok"]
    assert "missing" not in ask("gone", "act", action="no such action")
