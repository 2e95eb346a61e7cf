"""Replays (py_engine/record/replay.py), save and resume through the bridge, the viewer, review (issue 15)."""
from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from py_engine import bridge, words
from py_engine.record import replay
from py_engine.bots import normal
from py_engine.bots.common import View
from py_engine.record.viewer import Viewer
from py_engine.teach.review import costliest, review_hand


def call(method: str, **args: Any) -> dict[str, Any]:
    return json.loads(bridge.call(json.dumps({"method": method, "args": args})))


def ok(method: str, **args: Any) -> dict[str, Any]:
    answer = call(method, **args)
    assert answer["ok"], answer
    return answer


def play(variant: str, seed: int, hands: int, stop_after: int | None = None) -> dict[str, Any]:
    """A bot-played match (autoplay) through the bridge; stops mid-hand after `stop_after` bot steps."""
    ok("new_match", variant=variant, seed=seed, hands=hands, level="normal", autoplay=True)
    steps = 0
    while True:
        state = ok("state")["state"]
        if stop_after is not None and steps >= stop_after:
            return state
        if state["is_over"]:
            if state["match"]["is_over"]:
                return state
            ok("next_hand")
            continue
        ok("bot_step")
        steps += 1


@pytest.mark.parametrize("variant,seed", [("xinyu", 3), ("xinyu", 11), ("longyan", 3), ("longyan", 8)])
def test_replay_of_bot_match_reproduces_results(variant: str, seed: int) -> None:
    final = play(variant, seed, hands=3)
    saved = ok("save")["save"]
    text = json.dumps(saved)
    assert len(text) < 12_000, len(text)           # small: positions and actions only
    loaded = replay.load(json.loads(text))
    assert loaded.ok
    assert [g.result["deltas"] for g in loaded.games] == [r["deltas"] for r in final["match"]["results"]]
    assert [g.result["winners"] for g in loaded.games] == [r["winners"] for r in final["match"]["results"]]
    assert [g.result["scores"] for g in loaded.games] == [r["scores"] for r in final["match"]["results"]]
    match = replay.rebuild_match(loaded)
    assert match.is_over and match.scores == final["scores"]
    assert [r["deltas"] for r in match.results] == [r["deltas"] for r in final["match"]["results"]]


@pytest.mark.parametrize("variant", ["xinyu", "longyan"])
def test_resume_mid_hand_is_the_same_state(variant: str) -> None:
    play(variant, 21, hands=4, stop_after=70)      # into the second hand
    before = ok("state")["state"]
    saved = ok("save")["save"]
    ok("new_match", variant="xinyu", seed=1)       # something else in between
    after = ok("resume", save=saved)["state"]
    assert after == before
    # and it plays on exactly as the original would
    ok("bot_step")
    resumed_next = ok("state")["state"]
    ok("resume", save=saved)
    ok("bot_step")
    assert ok("state")["state"] == resumed_next


def test_export_one_hand_and_the_viewer() -> None:
    play("longyan", 5, hands=2)
    one = ok("export", hand=1)["replay"]
    assert [h["number"] for h in one["hands"]] == [1]
    summary = ok("replay_open", replay=one)
    assert summary["problem"] is None and summary["hands"][0]["number"] == 1
    steps = summary["hands"][0]["steps"]
    end = ok("replay_frame", hand=0, step=steps)["state"]
    assert end["is_over"] and end["result"]["deltas"] == one["hands"][0]["result"]["deltas"]
    back = ok("replay_frame", hand=0, step=3, face_up=True)["state"]
    assert all(h is not None for h in back["hands"]) and back["replay"]["step"] == 3
    hidden = ok("replay_frame", hand=0, step=3)["state"]
    assert hidden["hands"] == [None] * 4          # autoplay: seen from no seat unless face up
    bad = call("replay_frame", hand=0, step=steps + 1)
    assert not bad["ok"] and f"0-{steps}" in bad["error"]


def _saved(variant: str = "xinyu", seed: int = 4) -> dict[str, Any]:
    play(variant, seed, hands=2)
    return ok("save")["save"]


@pytest.mark.parametrize("junk", [None, 7, "x", [], {"format": "zip"}, {"format": "mahjong-replay"}])
def test_malformed_replays_are_refused_with_a_reason(junk: Any) -> None:
    with pytest.raises(replay.ReplayError) as err:
        replay.load(junk)
    assert err.value.problem.code in ("malformed", "version")
    answer = call("resume", save=junk)
    assert not answer["ok"] and answer["kind"] == "replay" and answer["problem"]["code"] in ("malformed", "version")


def test_bad_match_facts_are_a_replay_problem() -> None:
    saved = _saved()
    for facts in ({"level": "genius"}, {"human": 7}, {"hands": 1}, {"seed": "x"}):
        broken = {**saved, "match": {**saved["match"], **facts}}
        answer = call("resume", save=broken)
        assert not answer["ok"] and answer["kind"] == "replay" and answer["problem"]["code"] == "malformed", facts


def test_an_illegal_action_stops_the_replay_there() -> None:
    saved = _saved()
    broken = copy.deepcopy(saved)
    seat = broken["hands"][1]["actions"][7][0]
    broken["hands"][1]["actions"][7] = [seat, "discard 9z"]    # Xinyu has no 9z: never legal
    loaded = replay.load(broken)
    assert loaded.problem is not None and loaded.problem.code == "illegal"
    assert (loaded.problem.hand, loaded.problem.action) == (1, 7)
    assert "hand 2, action 8" in loaded.problem.message and "legal" in loaded.problem.message
    assert len(loaded.games) == 2 and len(loaded.games[1].history) == 7   # the hand up to there
    assert loaded.games[0].result["deltas"] == saved["hands"][0]["result"]["deltas"]
    answer = call("resume", save=broken)
    assert not answer["ok"] and answer["problem"]["action"] == 7
    summary = ok("replay_open", replay=broken)
    assert summary["problem"]["code"] == "illegal" and summary["hands"][1]["steps"] == 7


def test_another_engine_version_that_no_longer_replays() -> None:
    saved = _saved("longyan")
    foreign = copy.deepcopy(saved)
    foreign["engine"] = "0.0.1"
    assert replay.load(foreign).ok                  # another version that still replays is fine
    foreign["hands"][0]["actions"][2] = [3, "win"]
    problem = replay.load(foreign).problem
    assert problem is not None and problem.code == "version" and "0.0.1" in problem.message


def test_a_result_that_comes_out_different_is_named() -> None:
    saved = _saved()
    wrong = copy.deepcopy(saved)
    wrong["hands"][0]["result"]["deltas"] = [99, -33, -33, -33]
    problem = replay.load(wrong).problem
    assert problem is not None and problem.code == "mismatch" and problem.hand == 0
    gap = copy.deepcopy(saved)
    gap["hands"][1]["position"]["scores"] = [5, 5, -5, -5]
    problem = replay.load(gap).problem
    assert problem is not None and problem.code == "malformed" and problem.hand == 1


@pytest.mark.parametrize("variant", ["xinyu", "longyan"])
def test_review_finds_the_bad_decisions(variant: str) -> None:
    """The human seat discards the normal bot's worst candidate on purpose: review lists those."""
    from py_engine import Game, bots
    game = Game.new(variant, seed=9)
    human = 0
    while not game.is_over:
        seat = game.waiting_for[0]
        legal = game.legal_actions(seat)
        if seat == human and any(a.startswith("discard ") for a in legal) and len(legal) > 1:
            decision = normal.NormalBot(View.from_observation(game.observation(seat))).decide()
            worst = [c.action for c in decision.candidates if c.action.startswith("discard ")]
            action = worst[-1] if worst else legal[0]
        else:
            action = bots.choose(game, seat, "normal")
        game.apply(seat, action)
    decisions = review_hand(game.to_position(), game.history, human)
    assert decisions and all(d["step"] < len(game.history) for d in decisions)
    bad = costliest(decisions)
    assert bad and bad[0]["cost"] > 0 and bad[0]["action"] != bad[0]["bot"]
    assert bad[0]["text"]["en"].startswith(words.action_words(bad[0]["action"], "en")) and "the bot" in bad[0]["text"]["en"]
    assert bad[0]["text"]["zh-Hans"] and bad[0]["text"]["zh-Hant"]
    assert all(a["cost"] >= b["cost"] for a, b in zip(bad, bad[1:]))


def test_duplicate_plays_the_same_deal_with_a_bot_in_the_human_seat() -> None:
    ok("new_match", variant="xinyu", seed=2, hands=1, level="normal")
    while True:                                    # the human plays the timer's default every time
        state = ok("state")["state"]
        if state["is_over"]:
            break
        ok("timeout") if state["human_to_move"] else ok("bot_step")
    ok("replay_open", replay=ok("save")["save"])
    for level in ("normal", "hard"):
        first = ok("duplicate", hand=0, level=level)["result"]
        assert sum(first["deltas"]) == 0
        assert ok("duplicate", hand=0, level=level)["result"] == first     # deterministic: the same for everyone
    assert not call("duplicate", hand=0, level="genius")["ok"]


def test_viewer_from_loaded_directly() -> None:
    saved = _saved("longyan", 6)
    viewer = Viewer(replay.load(saved))
    assert viewer.frame(1, 0, False)["replay"]["action"] is None


@pytest.mark.parametrize("fact,value", [("human", 7), ("human", -1), ("human", True), ("level", "genius"),
                                        ("level", ["hard"]), ("autoplay", "no"), ("hands", 0), ("hands", 17),
                                        ("seed", 10**13), ("seed", 1.5)])
def test_a_replay_with_impossible_match_facts_is_refused_as_damaged(fact: str, value: Any) -> None:
    """Issue 33, finding 7: `match.human` 7 opened, then every frame failed ("seat must be a seat 0-3")."""
    play("xinyu", 5, hands=1, stop_after=6)
    saved = ok("save")["save"]
    saved["match"][fact] = value
    for method, args in (("replay_open", {"replay": saved}), ("resume", {"save": saved})):
        answer = call(method, **args)
        assert answer["ok"] is False and answer["kind"] == "replay", (method, answer)
        assert answer["problem"]["code"] == "malformed" and fact in answer["error"], answer
