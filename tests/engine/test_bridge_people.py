"""A table of people (issue 49): bridge.py's `people`, `seat` and `views`. The host's engine answers
each person with their own seat's observation only, and refuses a move for a seat no person plays."""
from __future__ import annotations

import json

from py_engine import bridge


def ask(method: str, client: str, **args):
    return json.loads(bridge.call(json.dumps({"method": method, "args": args}), client))


def test_each_person_sees_only_their_own_hand():
    answer = ask("new_match", "people-1", variant="longyan", seed=5, people=[0, 2], level="easy")
    assert answer["ok"] and sorted(answer["views"]) == ["0", "2"]
    for seat, view in answer["views"].items():
        assert view["seat"] == int(seat) and view["human"] == int(seat)
        assert [hand is not None for hand in view["hands"]] == [s == int(seat) for s in range(4)]
    assert answer["state"]["people"] == [0, 2]


def test_a_move_for_a_seat_no_person_plays_is_refused_and_changes_nothing():
    ask("new_match", "people-2", variant="xinyu", seed=9, people=[0, 1], dealer=1)
    before = ask("state", "people-2", seat=1)["state"]
    refused = ask("act", "people-2", action=before["legal_actions"][0], seat=3)
    assert refused["kind"] == "illegal" and "seat 3 is not played by a person" in refused["error"]
    assert ask("state", "people-2", seat=1)["state"]["history_length"] == before["history_length"]
    played = ask("act", "people-2", action=before["legal_actions"][0], seat=1)
    assert played["ok"] and played["views"]["1"]["history_length"] == before["history_length"] + 1


def test_the_people_stay_through_a_save():
    ask("new_match", "people-3", variant="xinyu", seed=2, people=[0, 3])
    save = ask("save", "people-3")["save"]
    resumed = ask("resume", "people-3", save=save)
    assert resumed["state"]["people"] == [0, 3] and sorted(resumed["views"]) == ["0", "3"]


def test_people_must_be_distinct_seats():
    for bad in ([], [0, 0], [4], "0", [True]):
        answer = ask("new_match", "people-4", variant="xinyu", people=bad)
        assert answer["kind"] == "invalid", bad
