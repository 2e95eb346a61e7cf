"""The engine's shortcuts for the winning check agree with the full check (winning.is_winning).

Each seat's hand carries its 34-slot counts and its shape (winning.HandShape: components kept in
step tile by tile, waits cached until the hand changes). Claims look a discard up in those waits
and the self-draw check reuses the waits of the hand before its draw (else reads the shape); both
must say exactly what the full check says on the tiles, and counts and shape must always be
those of the hand.
"""
from __future__ import annotations

import random

import pytest

from py_engine import Game
from py_engine.play import legality
from py_engine.tiles import counts34
from py_engine.play.winning import HandShape, is_winning

OPTION_SETS = [
    ("xinyu", {}), ("xinyu", {"discard_win": True}),
    ("longyan", {}), ("longyan", {"gold_wild": "suited"}), ("longyan", {"white_dragon": "plain"}),
]


@pytest.mark.parametrize(("variant", "options"), OPTION_SETS)
def test_cached_waits_agree_with_the_full_winning_check(variant, options):
    checked = 0
    for seed in range(40):
        game = Game.new(variant, seed=seed, options=options)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.waiting_for[0]
            if game.state.window is None and game.state.may_self_draw and not game.state.swims[seat]:
                hand = game.state.hands[seat]
                full = is_winning(hand, len(game.state.melds[seat]), variant, game.state.gold, game.options)
                assert legality.wins(game.state, seat) == full, (seed, hand, game.state.gold)
                checked += 1
            if game.state.window is not None and game.state.window.kind == "claim":
                tile = game.state.window.tile
                for s in range(4):
                    if s == game.state.window.source or game.state.swims[s]:
                        continue
                    full = is_winning(game.state.hands[s] + [tile], len(game.state.melds[s]), variant, game.state.gold, game.options)
                    assert legality.wins_with(game.state, s, tile) == full, (seed, game.state.hands[s], tile, game.state.gold)
            game.apply(seat, rng.choice(game.legal_actions(seat)))
    assert checked > 1000


@pytest.mark.parametrize(("gold_wild", "wins"), [("any", True), ("suited", False)])
def test_a_drawn_gold_completes_a_ready_hand_only_where_a_gold_may_stand(gold_wild, wins):
    # seat 1 is ready on 7z alone; it draws a gold (2z): a gold may stand for 7z only when wild is "any"
    position = {"variant": "longyan", "dealer": 0, "gold": "2z", "options": {"gold_wild": gold_wild},
                "hands": ["2468m2468p2468s34z", "123m456p789s111s7z", "1357m1357p1357s5z", "5679m5679p5679s6z"],
                "wall": "2z"}
    game = Game.from_position(position)
    game.apply(0, "discard 3z")
    if game.phase == "rob_gold":              # with "any", the turned gold itself would complete it
        assert wins
        game.apply(1, "pass")
    assert game.waiting_for == [1] and game.state.drawn == "2z"
    assert ("win" in game.legal_actions(1)) is wins


@pytest.mark.parametrize(("variant", "options"), OPTION_SETS)
def test_hand_counts_and_shapes_follow_every_change_of_a_hand(variant, options):
    kongs = wins = 0
    for seed in range(60):
        game = Game.new(variant, seed=seed, options=options)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.waiting_for[0]
            legal = game.legal_actions(seat)
            # claims, kongs and wins change hands in their own ways: take them whenever offered
            eager = [a for a in legal if a.startswith(("win", "kong", "pong"))]
            action = rng.choice(eager if eager and rng.random() < 0.7 else legal)
            kongs += action.startswith("kong")
            wins += action == "win"
            twin = game.clone()
            game.apply(seat, action)
            assert twin.state.counts == [counts34(h) for h in twin.state.hands], "a clone shares no counts"
            assert game.state.counts == [counts34(h) for h in game.state.hands], (seed, game.history[-1])
            for g in (game, twin):                # a clone shares no shape either
                for s, shape in enumerate(g.state.hand_shapes):
                    fresh = HandShape(counts34(g.state.hands[s]), variant, g.state.gold, g.options)
                    assert (shape.parts, shape.golds) == (fresh.parts, fresh.golds), (seed, s, game.history[-1])
    assert kongs > 10 and (wins > 10 or variant == "xinyu")   # random Xinyu hands seldom win
