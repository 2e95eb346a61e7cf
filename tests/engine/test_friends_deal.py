"""A table of friends' deal (issue 53): a hex deal seed of 128 bits or more deals each hand, a friend's
view carries no match seed, and deal_check ties a seed to the tiles of a hand as played."""
from __future__ import annotations

import json

from py_engine import bridge
from py_engine.play.game import Game


def call(method, **args):
    return json.loads(bridge.call(json.dumps({"method": method, "args": args}), "friends-deal-test"))


def play_out(answer):
    while not answer["state"]["is_over"]:
        s = answer["state"]
        answer = call("bot_step") if s["bot_to_move"] else call("timeout", seat=s["people_to_move"][0])
    return answer


def test_a_deal_seed_uses_every_bit_and_the_solo_seed_is_unchanged():
    one, other = "0" * 63 + "1", "0" * 63 + "2"       # differ in the last bit only
    assert Game.new("xinyu", shuffle=one).to_position()["wall"] != Game.new("xinyu", shuffle=other).to_position()["wall"]
    # far beyond 2**53 too: the shuffle is seeded by the whole text
    high = "f" * 64
    assert Game.new("xinyu", shuffle=high).to_position()["wall"] != Game.new("xinyu", shuffle="e" + "f" * 63).to_position()["wall"]
    assert Game.new("xinyu", seed=41).to_position() == Game.new("xinyu", seed=41).to_position()
    assert call("new_match", variant="xinyu", seed=41)["state"]["match"]["seed"] == 41


def test_a_friends_view_has_no_seed_and_the_deal_checks_against_the_hand_played():
    seed = "ab" * 32
    answer = call("new_match", variant="longyan", people=[0, 2], deal_seed=seed, hands=2, level="easy")
    assert "seed" not in answer["views"]["2"]["match"]
    assert "seed" not in json.dumps(answer["views"]["2"]["match"])
    first = answer["views"]["2"]
    answer = play_out(answer)
    replay = call("export", hand=0)["replay"]
    check = call("deal_check", replay=replay, deal_seed=seed, seat=2, steps=[0, len(replay["hands"][0]["actions"])])
    assert check["dealt"] is True and check["problem"] is None
    assert check["views"]["0"]["hands"][2] == first["hands"][2]
    assert check["views"][str(len(replay["hands"][0]["actions"]))]["discards"] == answer["views"]["2"]["discards"]
    wrong = call("deal_check", replay=replay, deal_seed="cd" * 32, seat=2, steps=[])
    assert wrong["dealt"] is False and "hands" in wrong["problem"]
    nxt = call("next_hand", deal_seed="ef" * 32)
    assert nxt["state"]["hand_number"] == 1
    dealt = Game.new("longyan", shuffle="ef" * 32, dealer=nxt["state"]["dealer"], scores=answer["state"]["scores"])
    assert call("position")["position"]["wall"] == dealt.to_position()["wall"]


def test_a_deal_seed_that_is_not_hex_is_refused():
    for bad in ["xyz", "ab" * 8, "AB" * 32, 12, "ab" * 100]:
        answer = call("new_match", variant="xinyu", deal_seed=bad)
        assert answer["ok"] is False and answer["kind"] == "invalid" and "deal_seed" in answer["error"]
