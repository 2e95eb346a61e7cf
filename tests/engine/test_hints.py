"""Hints: shanten, waits with the copies still unseen, the suggestion and its reason, and why a
complete-looking hand cannot win (issue 4). Hands are written as tile strings."""
from __future__ import annotations

import json

from py_engine import Game, hints, words

#: Far-from-ready 13-tile fillers (no pairs) for seats a test does not use.
FILLERS = ["1479m2589p1356s1z", "2589m1469p2457s2z", "3569m1478p3678s3z"]


def table(variant: str, *hands: str, **kw: object) -> Game:
    given = list(hands) + FILLERS[len(hands) - 1:]
    return Game.from_position({"variant": variant, "dealer": 0, "hands": given[:4], **kw})


def test_shanten_of_the_dealers_hand() -> None:
    game = table("xinyu", "123m456p789s11z258m")         # three sets, a pair and three lone tiles
    h = hints.hint(game, 0)
    assert h["shanten"] == 1
    assert h["suggested"] in game.legal_actions(0)
    assert json.loads(json.dumps(h, ensure_ascii=False)) == h


def test_winning_hand_is_minus_one_and_suggests_the_win() -> None:
    game = table("xinyu", "11234m456p789s666z")
    h = hints.hint(game, 0)
    assert h["shanten"] == -1
    assert h["suggested"] == "win"
    assert h["cannot_win"] is None


def test_waits_with_copies_left_from_the_seats_view() -> None:
    # seat 1 waits on 1z/2z (two pairs); seat 0 holds one 1z, which seat 1 cannot see
    game = table("xinyu", "1479m2589p1356s1z7z", "123m456p789s1122z")
    h = hints.hint(game, 1)
    assert h["shanten"] == 0
    assert h["waits"] == [["1z", 2], ["2z", 2]]
    assert h["suggested"] is None and h["reason"] is None       # not seat 1's turn


def test_waits_count_the_visible_discards() -> None:
    game = table("xinyu", "1479m2589p1356s1z7z", "123m456p789s1122z")
    game.apply(0, "discard 1z")              # seat 1 may pong 1z: a claim window
    h = hints.hint(game, 1)
    assert ["1z", 1] in h["waits"] and ["2z", 2] in h["waits"]


def test_waits_with_a_gold_list_the_gold_too() -> None:
    # gold 3p: 123m 456m 789m + 56s + 1z + gold: the gold makes a set or pairs 1z -> 4s, 7s, 1z, or a gold
    game = table("longyan", "2589m1469p2457s4z7p", "123m456m789m56s1z3p", gold="3p")
    h = hints.hint(game, 1)
    assert h["shanten"] == 0
    tiles = [t for t, _ in h["waits"]]
    assert tiles == ["3p", "4s", "7s", "1z"]
    left = dict(h["waits"])
    assert left["3p"] == 2                   # four 3p: one turned up, one in the hand
    assert left["4s"] == 4                   # the dealer's and seat 2's 4s are hidden from seat 1


def test_white_dragons_stand_for_the_golds_face() -> None:
    # gold 9m: 5z reads as a natural 9m, so 78m + 5z is a set; the hand waits on 2s/5s
    game = table("longyan", "2589m1469p2457s4z7p", "123m456p78m5z34s11z", gold="9m")
    h = hints.hint(game, 1)
    assert h["shanten"] == 0
    tiles = [t for t, _ in h["waits"]]
    assert "2s" in tiles and "5s" in tiles and "9m" in tiles


def test_suggestion_and_reason_name_what_is_kept() -> None:
    game = table("xinyu", "345p77s1289m1z5z9p11s")
    h = hints.hint(game, 0)
    assert h["suggested"].startswith("discard ")
    assert set(h["reason"]) == {"en", "zh-Hans", "zh-Hant"}
    assert "3-4-5 Dots" in h["reason"]["en"] and "away from ready" in h["reason"]["en"]
    assert "三四五饼" in h["reason"]["zh-Hans"] and "三四五餅" in h["reason"]["zh-Hant"]
    # "why": the same reason without the words naming the action, for a display showing it already
    tile = h["suggested"].split()[1]
    assert h["reason"]["en"] == f"discard {words.tile_name(tile, 'en')}: {h['why']['en']}"
    assert h["why"]["en"].startswith("keeps ") and "3-4-5 Dots" in h["why"]["en"]
    for lang in ("zh-Hans", "zh-Hant"):
        assert h["reason"][lang].endswith(h["why"][lang]) and not h["why"][lang].startswith("打")


def test_a_pong_hints_why_leaves_out_the_pong_in_every_language() -> None:
    game = table("longyan", "1479m2589p1356s1z7z", "1258m399p4677s11z", gold="9s")
    game.apply(0, "discard 1z")
    h = hints.hint(game, 1)
    assert h["suggested"] == "pong"
    assert h["reason"]["en"] == f"pong East Wind: {h['why']['en']}"
    assert h["reason"]["zh-Hans"] == f"碰东东东：{h['why']['zh-Hans']}"
    assert h["reason"]["zh-Hant"] == f"碰東東東：{h['why']['zh-Hant']}"
    for lang in ("en", "zh-Hans", "zh-Hant"):
        assert "away" in h["why"][lang] or "步" in h["why"][lang]


def test_ready_after_the_suggested_discard_shows_the_waits() -> None:
    game = table("xinyu", "123m456p789s1122z9m")
    h = hints.hint(game, 0)
    assert h["suggested"] == "discard 9m"
    assert [t for t, _ in h["waits"]] == ["1z", "2z"]
    assert h["reason"]["en"].endswith("ready")


def test_cannot_win_self_draw_only_in_xinyu() -> None:
    game = table("xinyu", "1479m2589p1356s1z7z", "123m456p789s1122z")
    game.apply(0, "discard 1z")              # seat 1 could only pong it
    assert game.legal_actions(1) == ["pong", "pass"]
    h = hints.hint(game, 1)
    assert h["cannot_win"]["code"] == "self_draw_only"
    assert set(h["cannot_win"]["text"]) == {"en", "zh-Hans", "zh-Hant"}


def test_cannot_win_after_a_pong() -> None:
    game = table("xinyu", "1479m2589p1356s1z7z", "123m456p789s1155z")
    game.apply(0, "discard 1z")
    game.apply(1, "pong")
    h = hints.hint(game, 1)
    assert "win" not in game.legal_actions(1)
    assert h["cannot_win"]["code"] == "after_pong"


def test_cannot_win_with_a_gold_standing_for_an_honor_when_golds_are_suited() -> None:
    game = table("longyan", "123m456m789m555p1z9s", gold="9s", options={"gold_wild": "suited"})
    assert "win" not in game.legal_actions(0)
    assert hints.hint(game, 0)["cannot_win"]["code"] == "suited_gold"
    anyway = table("longyan", "123m456m789m555p1z9s", gold="9s")
    assert hints.hint(anyway, 0)["cannot_win"] is None and "win" in anyway.legal_actions(0)


def test_cannot_win_in_furiten() -> None:
    # seat 2 waits on 1z/6z; golds (9s) are suited only, so nobody robs the gold with these hands
    game = table("longyan", "2589m14679p2457s1z", "1479m2589p1356s6z", "123m456m789m11z66z",
                 gold="9s", options={"gold_wild": "suited"}, wall="3z")
    game.apply(0, "discard 1z")              # covered, then turned up
    assert "win" in game.legal_actions(2)
    game.apply(2, "pass")                    # passes the win: furiten until seat 2's next draw
    game.apply(1, "discard 6z")
    assert game.legal_actions(2) == ["pong", "pass"]
    h = hints.hint(game, 2)
    assert h["cannot_win"]["code"] == "furiten"


def test_cannot_win_during_another_players_double_swim() -> None:
    # the dealer's pair is two golds (9s): a double swim; then no one may win on a discard
    game = table("longyan", "123m456m789m123p9s9s", "1479m2589p1356s6z", "123s456p789p11z66z",
                 gold="9s", wall="3z")
    game.apply(0, "swim 9s")
    if game.phase == "rob_gold":
        for seat in list(game.waiting_for):
            game.apply(seat, "pass")
    game.apply(1, "discard 6z")
    assert game.legal_actions(2) == ["pong", "pass"]
    assert hints.hint(game, 2)["cannot_win"]["code"] == "swim"


def test_hint_on_every_turn_of_a_hand_is_json_safe() -> None:
    from py_engine import bots
    for variant in ("xinyu", "longyan"):
        game = Game.new(variant, seed=8)
        while not game.is_over:
            seat = game.waiting_for[0]
            h = hints.hint(game, seat)
            json.dumps(h)
            assert h["suggested"] in game.legal_actions(seat)
            game.apply(seat, bots.choose(game, seat, "easy"))


def test_the_reason_is_a_code_with_its_tiles_and_the_words_follow_it() -> None:
    game = table("xinyu", "123m456p789s11z258m")
    h = hints.hint(game, 0)
    code = h["reason_code"]
    assert code["code"] == "discard" and f"discard {code['tile']}" == h["suggested"]
    assert code["shanten"] >= 0 and all(isinstance(g, list) for g in code["keeps"])
    assert h["reason"]["en"].startswith(f"discard {words.tile_name(code['tile'], 'en')}")
    assert hints.hint(game, 1)["reason_code"] is None            # not seat 1's turn
