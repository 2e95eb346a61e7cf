"""Bots: always legal, fall back on failure, deterministic, and sensible in clear cases (issue 4)."""
from __future__ import annotations

import logging

import pytest

from py_engine import Game, bots
from py_engine.bots import easy, hard, normal

LEVELS = ("easy", "normal", "hard")


def play_out(game: Game, levels: list[str]) -> Game:
    """Play a hand to its end with the given level in each seat, checking every choice is legal."""
    while not game.is_over:
        seat = game.waiting_for[0]
        action = bots.choose(game, seat, levels[seat])
        assert action in game.legal_actions(seat), (seat, levels[seat], action)
        game.apply(seat, action)
    return game


@pytest.mark.parametrize("variant", ["xinyu", "longyan"])
def test_bots_always_return_legal_actions(variant: str) -> None:
    for seed in range(6):
        play_out(Game.new(variant, seed=seed), ["easy"] * 4)
    for seed in range(3):
        play_out(Game.new(variant, seed=100 + seed), ["normal"] * 4)
    for seed in range(2):
        play_out(Game.new(variant, seed=200 + seed), ["hard", "normal", "easy", "hard"])


@pytest.mark.parametrize("options", [{"gold_wild": "suited"}, {"white_dragon": "plain", "reserve_tiles": 16},
                                     {"gold_holder_no_discard_win": True, "three_golds": "opening_only"}])
def test_bots_legal_under_longyan_options(options: dict) -> None:
    for seed in range(2):
        play_out(Game.new("longyan", seed=300 + seed, options=options), ["normal", "hard", "easy", "normal"])


def test_bots_legal_under_xinyu_options() -> None:
    game = Game.new("xinyu", seed=5, options={"discard_win": True, "scoring": "simple"})
    play_out(game, ["normal", "hard", "easy", "normal"])


def test_unknown_level_is_an_error() -> None:
    game = Game.new("xinyu", seed=1)
    with pytest.raises(ValueError, match="unknown level"):
        bots.choose(game, game.waiting_for[0], "grandmaster")


def test_bot_exception_falls_back_to_easy_and_is_logged(monkeypatch: pytest.MonkeyPatch,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    def broken(view: object) -> str:
        raise RuntimeError("boom")

    monkeypatch.setitem(bots._BOTS, "normal", broken)
    game = Game.new("longyan", seed=3)
    seat = game.waiting_for[0]
    with caplog.at_level(logging.ERROR, logger="py_engine.bots"):
        action = bots.choose(game, seat, "normal")
    assert action in game.legal_actions(seat)
    assert action == easy.choose(bots.View.from_observation(game.observation(seat)))
    assert any("boom" in r.getMessage() or r.exc_info for r in caplog.records)


def test_illegal_choice_falls_back(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setitem(bots._BOTS, "hard", lambda view: "discard 9z")
    game = Game.new("xinyu", seed=4)
    seat = game.waiting_for[0]
    with caplog.at_level(logging.ERROR, logger="py_engine.bots"):
        action = bots.choose(game, seat, "hard")
    assert action in game.legal_actions(seat)
    assert "not legal" in caplog.text


def test_every_bot_failing_still_gives_a_legal_action(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(view: object) -> str:
        raise RuntimeError("boom")

    monkeypatch.setitem(bots._BOTS, "normal", broken)
    monkeypatch.setitem(bots._BOTS, "easy", broken)
    game = Game.new("xinyu", seed=2)
    seat = game.waiting_for[0]
    assert bots.choose(game, seat, "normal") in game.legal_actions(seat)


@pytest.mark.parametrize("level", LEVELS)
def test_same_state_same_choice(level: str) -> None:
    game = Game.new("longyan", seed=11)
    for _ in range(30):
        if game.is_over:
            break
        seat = game.waiting_for[0]
        first = bots.choose(game, seat, level)
        twin = Game.replay(game.to_position(), list(game.history))
        assert bots.choose(twin, seat, level) == first
        assert bots.choose(game.clone(), seat, level) == first
        game.apply(seat, first)


def test_bots_see_only_the_observation() -> None:
    """Hiding the other hands and the wall from the game object does not change a choice."""
    game = Game.new("xinyu", seed=21)
    for _ in range(25):
        seat = game.waiting_for[0]
        obs = game.observation(seat)
        assert all(h is None for s, h in enumerate(obs["hands"]) if s != seat)
        for level in LEVELS:
            assert bots.choose_from_observation(obs, level) == bots.choose(game, seat, level)
        game.apply(seat, bots.choose(game, seat, "normal"))


#: Far-from-ready 13-tile fillers for seats a test does not use (no pairs, no two golds).
FILLERS = ["1479m2589p1356s1z", "2589m1469p2457s2z", "3569m1478p3678s3z"]


def table(dealer_hand: str, *others: str, **kw: object) -> Game:
    hands = [dealer_hand, *others, *FILLERS[len(others):]]
    return Game.from_position({"variant": kw.pop("variant", "longyan"), "dealer": 0, "hands": hands, **kw})


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("variant", ["xinyu", "longyan"])
def test_bot_takes_an_obvious_self_draw_win(level: str, variant: str) -> None:
    kw = {"gold": "7z"} if variant == "longyan" else {}
    game = table("11234m456p789s666z", variant=variant, **kw)
    assert "win" in game.legal_actions(0)
    assert bots.choose(game, 0, level) == "win"


@pytest.mark.parametrize("level", LEVELS)
def test_bot_wins_on_a_discard_without_a_gold(level: str) -> None:
    # seat 1 waits on 1z/6z; golds (9s) stand for suited tiles only, so nobody robs the gold,
    # and the dealer's covered first discard 1z turns up
    game = table("2589m14679p2457s1z", "123m456m789m11z66z", variant="longyan", gold="9s",
                 options={"gold_wild": "suited"})
    game.apply(0, "discard 1z")
    assert 1 in game.waiting_for and "win" in game.legal_actions(1)
    assert bots.choose(game, 1, level) == "win"


@pytest.mark.parametrize("level", LEVELS)
def test_bot_robs_the_gold(level: str) -> None:
    # seat 1's 13 tiles plus the turned gold (9s) win: 123m 456m 789m, 23p + gold, pair 55z
    game = table("2589m14679p2457s4z", "123m456m789m23p55z", variant="longyan", gold="9s")
    game.apply(0, bots.choose(game, 0, level))
    assert game.phase == "rob_gold" and 1 in game.waiting_for
    assert bots.choose(game, 1, level) == "win"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bot_swims_in_a_clear_case(level: str) -> None:
    # dealer: 123m 456m 789p 123s + gold 9s + 5p: a self-draw win (b=2) or a single swim on 5p (b=4)
    game = table("123456m789p123s9s5p", gold="9s")
    legal = game.legal_actions(0)
    assert "win" in legal and "swim 5p" in legal
    assert bots.choose(game, 0, level) == "swim 5p"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bot_swims_up_on_a_drawn_gold(level: str) -> None:
    game = table("123456m789p123s9s5p", gold="9s", wall="4z6z7z9s")
    game.apply(0, "swim 5p")
    while game.waiting_for and game.waiting_for[0] != 0:
        seat = game.waiting_for[0]
        game.apply(seat, game.default_action(seat))
    assert game.legal_actions(0) == ["win", "swim 9s"]
    assert bots.choose(game, 0, level) == "swim 9s"


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bot_keeps_its_gold(level: str) -> None:
    # a far-from-ready hand with one gold (3s): the gold is the last tile to go
    game = table("1479m2589p1569s3s5z", gold="3s")
    assert "discard 3s" in game.legal_actions(0)
    assert bots.choose(game, 0, level) != "discard 3s"


def test_normal_and_hard_never_discard_a_gold_needlessly() -> None:
    for seed in range(3):
        game = Game.new("longyan", seed=400 + seed)
        levels = ["normal", "hard", "normal", "hard"]
        while not game.is_over:
            seat = game.waiting_for[0]
            action = bots.choose(game, seat, levels[seat])
            legal = game.legal_actions(seat)
            if action.startswith("discard ") and action[8:] == game.state.gold:
                assert all(a[8:] == game.state.gold for a in legal if a.startswith("discard "))
            game.apply(seat, action)


def test_normal_takes_a_concealed_kong_in_xinyu() -> None:
    # four 5z in hand, no use for them in seven pairs: the kong pays 2 from each at once
    game = table("19m123m456p78s5555z", variant="xinyu")
    assert "kong 5z" in game.legal_actions(0)
    assert normal.choose(bots.View.from_observation(game.observation(0))) == "kong 5z"
    assert hard.choose(bots.View.from_observation(game.observation(0))) == "kong 5z"


def pong_window(variant: str, seat1: str) -> Game:
    """The dealer throws 1z and seat 1, holding a pair of 1z, may pong it (Longyan: after the covered
    first discard is turned up; the gold 9s robs nothing here)."""
    kw = {"gold": "9s"} if variant == "longyan" else {}
    game = table("2589m14679p2457s1z", seat1, variant=variant, **kw)
    game.apply(0, "discard 1z")
    while game.phase != "claim":
        seat = game.waiting_for[0]
        game.apply(seat, "pass")
    assert "pong" in game.legal_actions(1)
    return game


def test_easy_is_shy_with_pongs_in_longyan_only() -> None:
    far = "2589m147p36s1155z"            # a pong of 1z keeps the hand as close, and it is far from ready
    assert bots.choose(pong_window("longyan", far), 1, "easy") == "pass"
    assert bots.choose(pong_window("xinyu", far), 1, "easy") == "pong"
    ready = "123456789m1167z"            # after a pong of 1z: three sets and 6z/7z, ready on a discard
    assert bots.choose(pong_window("longyan", ready), 1, "easy") == "pong"


def test_easy_is_a_beginner_in_xinyu() -> None:
    # five pairs towards seven pairs: a pong of 1z sets the hand back (a meld ends seven pairs), and
    # Xinyu's easy takes it all the same, as a beginner does; Longyan's easy stays shy
    sevens = "119m228p3s116677z"
    game = pong_window("xinyu", sevens)
    view = bots.View.from_observation(game.observation(1))
    counts, golds = view.counts()
    before = view.shanten(counts, golds, 0)
    counts[view.slot("1z")] -= 2
    assert view.shanten(counts, golds, 1) > before
    assert bots.choose(game, 1, "easy") == "pong"
    assert bots.choose(pong_window("longyan", sevens), 1, "easy") == "pass"
    game.apply(1, "pong")
    assert bots.choose(game, 1, "easy") == "discard 9m"          # the loneliest tile, a terminal


@pytest.mark.parametrize("variant", ["xinyu", "longyan"])
def test_hard_claims_as_normal_does(variant: str) -> None:
    # its look-ahead on pass / pong was measured to choose no better than normal's estimate
    for hand in ("2589m147p36s1155z", "123456789m1167z", "119m228p3s116677z"):
        view = bots.View.from_observation(pong_window(variant, hand).observation(1))
        assert hard.choose(view) == normal.choose(view)


def test_hard_overrules_normal_only_by_a_margin() -> None:
    ranked = [normal.Candidate("discard 1m", 2.0), normal.Candidate("discard 9p", 2.0 - hard.MIN_GAIN * 2.0 * 0.5)]
    assert hard.overrule("discard 9p", ranked).action == "discard 9p"       # within the estimate's error
    ranked[1].score = 2.0 - hard.MIN_GAIN * 2.0 * 1.5
    assert hard.overrule("discard 9p", ranked).action == "discard 1m"       # a real difference
    assert hard.overrule("discard 1m", ranked).action == "discard 1m"


@pytest.mark.parametrize("variant", ["xinyu", "longyan"])
def test_hard_looks_ahead_on_its_discards(variant: str) -> None:
    # in games played by normal, hard's discards come from its look-ahead and some differ from normal's
    looked = differ = 0
    for seed in (1, 2):
        game = Game.new(variant, seed=seed)
        while not game.is_over:
            seat = game.waiting_for[0]
            if game.phase == "discard" and seat == game.state.turn:
                view = bots.View.from_observation(game.observation(seat))
                decision = hard.decide(view)
                if decision.note == "lookahead":
                    looked += 1
                    assert decision.action in {c.action for c in decision.candidates}
                    differ += decision.action != normal.choose(view)
            game.apply(seat, bots.choose(game, seat, "normal"))
    assert looked >= 40 and differ >= 1


@pytest.mark.parametrize("variant, options", [("xinyu", {}), ("xinyu", {"scoring": "simple"}), ("longyan", {})])
def test_the_bots_value_of_a_complete_hand_is_what_scoring_pays(variant: str, options: dict) -> None:
    """hard.NextDraw.win_points (the bots' worth of self-drawing a complete hand) against the
    referee's payments for the very win, over bot-played hands (issue 11: one implementation)."""
    from py_engine.bots.common import View
    from py_engine.bots.hard import NextDraw
    from py_engine.bots.value import Evaluator

    checked = 0
    for seed in range(60):
        game = Game.new(variant, seed=seed, options=options)
        while not game.is_over:
            seat = game.waiting_for[0]
            action = bots.choose(game, seat, "easy")
            if action == "win" and game.state.window is None and not game.state.swims[seat]:
                view = View.from_observation(game.observation(seat))
                counts, golds = view.counts()
                points = NextDraw(view, Evaluator(view)).win_points(counts, golds, view.melds, game.state.replacement)
                game.apply(seat, action)
                paid = sum(p["amount"] for p in game.result["payments"] if p["reason"] == "win" and p["to"] == seat)
                assert points == paid, (seed, game.result["wins"])
                checked += 1
                break
            game.apply(seat, action)
    assert checked >= 10
