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


def test_a_friend_late_to_the_table_takes_a_bots_seat_mid_hand_and_the_table_is_unchanged():
    """`people` mid-match: seat 2, a bot's until now, becomes a person's; nothing on the table moves,
    the bots no longer play it, its moves are the friend's, and a save keeps it."""
    first = ask("new_match", "people-5", variant="longyan", seed=11, people=[0], level="easy")
    assert first["state"]["people"] == [0] and "views" not in first
    ask("bot_step", "people-5") if first["state"]["bot_to_move"] else None
    before = ask("state", "people-5")["state"]
    late = ask("people", "people-5", people=[0, 2], keep=True)
    assert late["ok"] and late["state"]["people"] == [0, 2] and sorted(late["views"]) == ["0", "2"]
    assert late["state"]["history_length"] == before["history_length"]  # the table is unchanged
    assert late["views"]["2"]["hands"][2] is not None and late["views"]["2"]["hands"][0] is None
    assert late["save"]["match"]["people"] == [0, 2]
    # play on: seat 2's turns now wait for the friend, never a bot
    for _ in range(200):
        s = ask("state", "people-5")["state"]
        if s["is_over"] or 2 in s["people_to_move"]:
            break
        if s["human_to_move"]:
            ask("act", "people-5", action=s["legal_actions"][-1])
        else:
            step = ask("bot_step", "people-5")
            assert step["seat"] != 2, step
    # the human's seat stays a person's; an empty or autoplay call is refused, nothing changed
    assert ask("people", "people-5", people=[2])["state"]["people"] == [0, 2]
    assert ask("people", "people-5", people=[])["kind"] == "invalid"
    ask("new_match", "people-6", variant="xinyu", autoplay=True)
    assert ask("people", "people-6", people=[0, 1])["kind"] == "invalid"
