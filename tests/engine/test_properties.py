"""Property tests: many seeded games played by random legal actions (plain seeded loops)."""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from py_engine import Game, IllegalActionError, Match, format_tiles
from py_engine.tiles import INDEX

from helpers import assert_illegal, game, pos

VARIANTS = [
    ("xinyu", {}),
    ("xinyu", {"discard_win": True}),
    ("xinyu", {"scoring": "simple", "draw_keeps_dealer": True, "discard_win": True}),
    ("longyan", {}),
    ("longyan", {"gold_wild": "suited", "white_dragon": "plain"}),
    ("longyan", {"reserve_tiles": 16, "three_golds": "opening_only", "gold_holder_no_discard_win": True}),
]
SEEDS = range(20)


def full_set(variant: str) -> Counter:
    c = Counter({f"{n}{s}": 4 for s in "mps" for n in range(1, 10)})
    c.update({f"{n}z": 4 for n in range(1, 8)})
    if variant == "longyan":
        c.update({f"{n}f": 1 for n in range(1, 9)})
    return c


def choose(g: Game, rng: random.Random, win_bias: float) -> tuple[int, str]:
    seat = rng.choice(g.waiting_for)
    acts = g.legal_actions(seat)
    assert acts, f"seat {seat} is waited for but has no legal action"
    if "win" in acts and len(acts) > 1 and rng.random() > win_bias:
        acts = [a for a in acts if a != "win"]
    return seat, rng.choice(acts)


# ---------------------------------------------------------------- invariants

def visible_tiles(g: Game) -> tuple[Counter, int]:
    """Every tile placed somewhere, from the seats' own observations (each sees its own hand, its
    concealed kongs and its covered discard); returns (tiles outside the wall, tiles in the wall)."""
    spec = g.observation(None)
    tiles: Counter = Counter()
    for s in range(4):
        o = g.observation(s)
        tiles.update(o["hands"][s])
        for m in o["melds"][s]:
            tiles.update(m["tiles"])
        for d in o["discards"][s]:
            if not d["claimed"]:
                tiles[d["tile"]] += 1
    for f in spec["flowers"]:
        tiles.update(f)
    if spec["gold"] and spec["gold_tile_out"]:
        tiles[spec["gold"]] += 1
    w = spec["wall"]
    in_wall = sum(map(sum, w["stacks"]))
    assert in_wall == w["total"] - w["front_taken"] - w["tail_taken"], w
    return tiles, in_wall


def check_tiles(g: Game) -> None:
    tiles, in_wall = visible_tiles(g)
    full = full_set(g.variant)
    assert None not in tiles
    assert sum(tiles.values()) + in_wall == sum(full.values())
    assert not (tiles - full), f"too many copies: {tiles - full}"
    # the internal wall holds exactly the rest
    internal = getattr(getattr(g, "wall", None), "tiles", None)
    if internal is not None:
        assert tiles + Counter(internal) == full


def check_no_leak(g: Game) -> None:
    over = g.is_over
    spec = g.observation(None)
    dealer = spec["dealer"]
    for viewer in (None, 0, 1, 2, 3):
        o = g.observation(viewer)
        json.loads(json.dumps(o))           # JSON-safe
        assert o["seat"] == viewer and o["variant"] == g.variant and o["options"] == g.options
        assert o["is_over"] == over and o["waiting_for"] == g.waiting_for
        assert o["phase"] in ("three_golds", "discard", "claim", "rob_kong", "rob_gold", "over")
        assert (o["phase"] == "over") == over
        if o["phase"] == "claim":
            assert o["last_discard"] is not None and o["turn"] == o["last_discard"]["seat"]
        if o["phase"] == "discard":
            assert o["waiting_for"] == [o["turn"]]
        for s in range(4):
            if s == viewer or over:
                continue
            assert o["hands"][s] is None
            for m in o["melds"][s]:
                if m["type"] == "concealed_kong":
                    assert m["tile"] is None and m["tiles"] == [None] * 4
            for d in o["discards"][s]:
                if d["covered"]:
                    assert d["tile"] is None
        if not over:
            if viewer != spec["turn"]:
                assert o["drawn"] is None
            for e in o["events"]:
                if e.get("seat") == viewer:
                    continue
                if e["type"] == "draw":
                    assert e["tile"] is None, e
                if e["type"] == "kong" and e.get("kind") == "concealed_kong":
                    assert e["tile"] is None, e
                if e["type"] in ("discard", "swim") and spec["discards"][dealer] and \
                        spec["discards"][dealer][0]["covered"] and e.get("seat") == dealer and \
                        (e.get("covered") or e["type"] == "swim"):
                    assert e["tile"] is None, e
            if viewer is not None and viewer != dealer and spec["discards"][dealer] and \
                    spec["discards"][dealer][0]["covered"]:
                assert o["last_discard"] is None or o["last_discard"]["tile"] is None
        assert o["legal_actions"] == (g.legal_actions(viewer) if viewer is not None else [])


def check_unseen(g: Game) -> None:
    """unseen = 4 - copies the seat can see (own hand, visible melds, unclaimed visible discards, the turned gold)."""
    if g.is_over:
        return
    for viewer in range(4):
        o = g.observation(viewer)
        seen: Counter = Counter(o["hands"][viewer])
        for s in range(4):
            for m in o["melds"][s]:
                seen.update(t for t in m["tiles"] if t)
            seen.update(d["tile"] for d in o["discards"][s] if d["tile"] and not d["claimed"])
        if o["gold"] and o["gold_tile_out"]:
            seen[o["gold"]] += 1
        for code, n in o["unseen"].items():
            assert n == 4 - seen[code], (viewer, code, n, seen[code])


def check_zero_sum(g: Game) -> None:
    o = g.observation(None)
    assert sum(o["hand_deltas"]) == 0
    if g.is_over:
        r = g.result
        assert sum(r["deltas"]) == 0
        assert r["deltas"] == o["hand_deltas"]
        d = [0, 0, 0, 0]
        for p in r["payments"]:
            d[p["from"]] -= p["amount"]
            d[p["to"]] += p["amount"]
            assert p["amount"] > 0 and p["from"] != p["to"]
        assert d == r["deltas"]
        start = g.to_position()["scores"]
        assert r["scores"] == [a + b for a, b in zip(start, r["deltas"])]


def check_waiting(g: Game) -> None:
    if g.is_over:
        assert g.waiting_for == []
        assert all(g.legal_actions(s) == [] for s in range(4))
        assert g.result is not None
    else:
        assert g.waiting_for
        assert g.result is None
        for s in range(4):
            assert bool(g.legal_actions(s)) == (s in g.waiting_for)


def play_random(variant, options, seed, win_bias=0.3, each_step=None):
    g = Game.new(variant, seed=seed, options=options)
    rng = random.Random(seed * 7919 + len(options))
    steps = 0
    while not g.is_over:
        seat, action = choose(g, rng, win_bias)
        g.apply(seat, action)
        steps += 1
        assert steps < 1500
        if each_step:
            each_step(g)
    return g


@pytest.mark.parametrize("variant, options", VARIANTS)
def test_random_games_keep_every_tile_and_zero_sum(variant, options):
    def each(g):
        check_tiles(g)
        check_zero_sum(g)
        check_waiting(g)

    for seed in SEEDS:
        g = play_random(variant, options, seed, each_step=each)
        assert g.is_over


@pytest.mark.parametrize("variant, options", VARIANTS)
def test_observations_never_leak(variant, options):
    for seed in range(6):
        play_random(variant, options, seed, win_bias=0.2, each_step=check_no_leak)


@pytest.mark.parametrize("variant", ["xinyu", "longyan"])
def test_unseen_is_what_the_seat_cannot_see(variant):
    for seed in range(4):
        play_random(variant, {}, seed, win_bias=0.1, each_step=check_unseen)


@pytest.mark.parametrize("variant", ["xinyu", "longyan"])
def test_unseen_at_the_end_of_a_hand_is_only_the_wall(variant):
    """Every hand is shown when the hand is over: what stays unseen is the wall's tiles, for every seat."""
    for seed in range(6):
        g = play_random(variant, {}, seed, win_bias=0.3)
        assert g.is_over
        in_wall = Counter(t for t in g.state.wall.tiles if t in INDEX and INDEX[t] < 34)
        for viewer in (None, 0, 1, 2, 3):
            unseen = {code: n for code, n in g.observation(viewer)["unseen"].items() if n}
            assert unseen == dict(in_wall), (viewer, unseen, in_wall)


def test_unseen_counts_a_claimed_discard_once():
    g = game("xinyu", ["123m456p789s1z2z3z4z7z", None, "77z123s456s147m23p", None], wall="1p2p3p7z")
    g.apply(0, "discard 7z")
    g.apply(2, "pong")
    # three 7z in the meld are seen; the fourth is in the wall: one unseen for everyone
    for s in range(4):
        assert g.observation(s)["unseen"]["7z"] == 1


@pytest.mark.parametrize("variant, options", VARIANTS)
def test_replay_reproduces_result_and_observation(variant, options):
    for seed in SEEDS:
        g = play_random(variant, options, seed)
        twin = Game.replay(g.to_position(), g.history)
        assert twin.result == g.result
        for s in (None, 0, 1, 2, 3):
            assert twin.observation(s) == g.observation(s)
        # a position with history replays too
        pos = dict(g.to_position())
        pos["history"] = [list(h) for h in g.history]
        assert Game.from_position(pos).result == g.result


@pytest.mark.parametrize("variant, options", VARIANTS)
def test_from_position_plays_identically(variant, options):
    for seed in range(6):
        g = Game.new(variant, seed=seed, options=options)
        twin = Game.from_position(g.to_position())
        rng = random.Random(seed)
        while not g.is_over:
            assert twin.waiting_for == g.waiting_for
            for s in range(4):
                assert twin.legal_actions(s) == g.legal_actions(s)
            seat, action = choose(g, rng, 0.3)
            assert twin.apply(seat, action) == g.apply(seat, action)
        assert twin.result == g.result
        assert twin.observation(None) == g.observation(None)


@pytest.mark.parametrize("variant, options", VARIANTS[::3] + VARIANTS[4:5])
def test_clone_is_independent(variant, options):
    for seed in range(4):
        g = Game.new(variant, seed=seed, options=options)
        rng = random.Random(seed)
        for _ in range(30):
            if g.is_over:
                break
            seat, action = choose(g, rng, 0.0)
            g.apply(seat, action)
        c = g.clone()
        before = g.observation(None)
        while not c.is_over:
            seat, action = choose(c, rng, 0.5)
            c.apply(seat, action)
        assert g.observation(None) == before


JUNK = ["", "discard", "discard 0m", "discard 8z", "discard 1f", "kong", "kong 9z", "swim", "win now",
        "PASS", "pong 1m", "draw", "chow 1m", " discard 1m", "discard 1m ", None, 42, ["pass"]]


def _wrong_but_plausible(g: Game, seat: int, rng: random.Random) -> list[str]:
    """Actions of the right form that are not legal for this seat now."""
    legal = set(g.legal_actions(seat))
    cand = [f"discard {n}{s}" for s in "mpsz" for n in range(1, 10) if not (s == "z" and n > 7)]
    cand += [f"kong {n}{s}" for s in "mpsz" for n in range(1, 8)]
    cand += [f"swim {n}{s}" for s in "mps" for n in (1, 5, 9)]
    cand += ["win", "pong", "kong", "pass"]
    wrong = [a for a in cand if a not in legal]
    rng.shuffle(wrong)
    return wrong[:4]


@pytest.mark.parametrize("variant, options", VARIANTS[::2])
def test_illegal_actions_raise_and_leave_state_unchanged(variant, options):
    checked = 0
    for seed in range(4):
        g = Game.new(variant, seed=seed, options=options)
        rng = random.Random(seed)
        step = 0
        while not g.is_over:
            if step % 5 == 0:
                seat = g.waiting_for[0]
                for junk in rng.sample(JUNK, 3):
                    assert_illegal(g, seat, junk)
                for wrong in _wrong_but_plausible(g, seat, rng):
                    assert_illegal(g, seat, wrong)
                others = [s for s in range(4) if s not in g.waiting_for]
                for s in others[:2]:
                    assert_illegal(g, s, rng.choice(g.legal_actions(seat)))
                for bad_seat in (-1, 4, None, "0"):
                    assert_illegal(g, bad_seat, g.legal_actions(seat)[0])
                checked += 1
            seat, action = choose(g, rng, 0.2)
            g.apply(seat, action)
            step += 1
        # after the hand nothing is legal
        for s in range(4):
            with pytest.raises(IllegalActionError):
                g.apply(s, "pass")
    assert checked > 10


def test_illegal_action_error_is_a_value_error_listing_legal_actions():
    g = Game.new("xinyu", seed=1)
    with pytest.raises(ValueError) as err:
        g.apply(0, "discard 9z")
    for a in g.legal_actions(0):
        assert a in str(err.value)


def test_default_action_is_always_legal():
    for variant in ("xinyu", "longyan"):
        for seed in range(6):
            g = Game.new(variant, seed=seed)
            while not g.is_over:
                for s in g.waiting_for:
                    assert g.default_action(s) in g.legal_actions(s)
                s = g.waiting_for[0]
                g.apply(s, g.default_action(s))


def test_deterministic_by_seed():
    for variant in ("xinyu", "longyan"):
        a = Game.new(variant, seed=11)
        b = Game.new(variant, seed=11)
        assert a.to_position() == b.to_position()
        assert a.observation(None) == b.observation(None)
        assert Game.new(variant, seed=12).to_position() != a.to_position()


def test_options_resolved_with_defaults():
    x = Game.new("xinyu", seed=0).options
    assert x["scoring"] == "default" and x["discard_win"] is False and x["draw_keeps_dealer"] is False
    lo = Game.new("longyan", seed=0).options
    assert lo["gold_wild"] == "any" and lo["white_dragon"] == "replace_gold" and lo["reserve_tiles"] == 0
    assert lo["three_golds"] == "any_time" and lo["gold_holder_no_discard_win"] is False


# ---------------------------------------------------------------- Match

@pytest.mark.parametrize("variant, options", [("xinyu", {}), ("xinyu", {"draw_keeps_dealer": True}),
                                              ("longyan", {}), ("xinyu", {"discard_win": True})])
def test_match_rotates_dealers_and_scores_add_up(variant, options):
    for seed in range(3):
        m = Match(variant, hands=5, seed=seed, options=options)
        rng = random.Random(seed)
        totals = [0, 0, 0, 0]
        expected_dealer = m.game.observation(None)["dealer"]
        if variant == "xinyu":
            assert expected_dealer == 0
        played = 0
        while True:
            g = m.game
            o = g.observation(None)
            assert o["dealer"] == expected_dealer
            assert o["scores"][:] == [t + d for t, d in zip(totals, o["hand_deltas"])]
            assert o["hand_number"] == played
            while not g.is_over:
                seat, action = choose(g, rng, 0.6)
                g.apply(seat, action)
            r = g.result
            totals = [t + d for t, d in zip(totals, r["deltas"])]
            assert r["scores"] == totals
            assert m.scores == totals
            assert sum(totals) == 0
            # dealer rules
            dealer = o["dealer"]
            if variant == "xinyu":
                if r["winners"]:
                    if r["discarder"] is not None and len(r["winners"]) > 1:
                        order = [(r["discarder"] + i) % 4 for i in range(1, 4)]
                        assert r["next_dealer"] == next(s for s in order if s in r["winners"])
                    else:
                        assert r["next_dealer"] == r["winners"][0]
                else:
                    assert r["next_dealer"] == (dealer if options.get("draw_keeps_dealer") else (dealer + 1) % 4)
            else:
                if not r["winners"] or r["winners"] == [dealer]:
                    assert r["next_dealer"] == dealer
                else:
                    assert r["next_dealer"] == (dealer + 1) % 4
            expected_dealer = r["next_dealer"]
            played += 1
            assert len(m.results) == played
            if m.is_over:
                break
            m.next_hand()
        assert played == 5
        assert [sum(x) for x in zip(*[res["deltas"] for res in m.results])] == totals
        with pytest.raises(ValueError):
            m.next_hand()


def test_match_next_hand_before_hand_over_raises():
    m = Match("xinyu", hands=2, seed=1)
    with pytest.raises(ValueError):
        m.next_hand()


# ---------------------------------------------------------------- events and wall schema

EVENT_KEYS = {
    "draw": {"seat", "tile", "source"}, "flower": {"seat", "tile"}, "flower_kong": {"seat", "count"},
    "discard": {"seat", "tile", "covered"}, "reveal": {"seat", "tile"}, "pong": {"seat", "tile", "from"},
    "kong": {"seat", "tile", "kind", "from"}, "pass": {"seat"}, "swim": {"seat", "level", "tile"},
    "bonus": {"round", "tile"}, "payment": {"from", "to", "amount", "reason"},
    "win": {"seat", "category", "patterns", "multiplier", "tile", "discarder"}, "draw_game": set(),
    "gold": {"tile"}, "kong_declared": {"seat", "tile"},
    "overruled": {"seat", "claim", "tile", "by", "rule", "answered"},
}


def test_events_are_the_documented_types_with_their_keys():
    bad: set[str] = set()
    for variant in ("xinyu", "longyan"):
        for seed in range(40):
            g = Game.new(variant, seed=seed, options={"discard_win": True} if variant == "xinyu" else {})
            rng = random.Random(seed)
            events = list(g.observation(None)["events"])
            while not g.is_over:
                seat, action = choose(g, rng, 0.1)
                events += g.apply(seat, action)
            for e in events:
                if e["type"] not in EVENT_KEYS:
                    bad.add(e["type"])
                    continue
                assert EVENT_KEYS[e["type"]] <= set(e), e
                if e["type"] == "draw" and "die" in e:
                    assert 1 <= e["die"] <= 6 and e["source"] == "tail"
                if e["type"] == "payment":
                    assert e["reason"] in ("kong", "concealed_kong", "flower_kong", "first_discard_bonus", "win")
    assert not bad, f"undocumented event types: {sorted(bad)}"


def test_seat_winds_dealer_is_east():
    for dealer in range(4):
        g = Game.new("xinyu", seed=1, dealer=dealer)
        winds = g.observation(None)["seat_winds"]
        assert winds[dealer] == "1z"
        assert [winds[(dealer + i) % 4] for i in range(4)] == ["1z", "2z", "3z", "4z"]


@pytest.mark.parametrize("variant, sides", [("xinyu", 17), ("longyan", 18)])
def test_wall_break_on_the_dealers_side_stack_sum_minus_1(variant, sides):
    # docs/RULES.md: "dealing starts from the break they mark on the dealer's wall (the stack numbered
    # sum-1)"; OBSERVATION.md's example: dice [3, 5] -> break_stack 7 (0-based, from the right end)
    for seed in range(6):
        g = Game.new(variant, seed=seed, dealer=seed % 4)
        w = g.observation(None)["wall"]
        assert w["stacks_per_side"] == sides and w["total"] == sides * 8
        assert w["break_side"] == g.observation(None)["dealer"]
        assert w["break_stack"] == sum(w["dice"]) - 1


# ---------------------------------------------------------------- shapes against a brute force

SUITED = [f"{n}{s}" for s in "mps" for n in range(1, 10)]
KINDS = SUITED + [f"{n}z" for n in range(1, 8)]


def _standard(c: Counter, pair_used: bool = False) -> bool:
    """Brute force: do these tiles split into sets and one pair (sets only once `pair_used`)?"""
    live = [k for k in KINDS if c[k] > 0]
    if not live:
        return pair_used
    t = live[0]
    if c[t] >= 3:
        c[t] -= 3
        ok = _standard(c, pair_used)
        c[t] += 3
        if ok:
            return True
    if not pair_used and c[t] >= 2:
        c[t] -= 2
        ok = _standard(c, True)
        c[t] += 2
        if ok:
            return True
    if t[1] != "z" and int(t[0]) <= 7:
        t2, t3 = f"{int(t[0]) + 1}{t[1]}", f"{int(t[0]) + 2}{t[1]}"
        if c[t2] and c[t3]:
            for x in (t, t2, t3):
                c[x] -= 1
            ok = _standard(c, pair_used)
            for x in (t, t2, t3):
                c[x] += 1
            if ok:
                return True
    return False


def _plain_win(tiles: list[str], n_melds: int) -> bool:
    c = Counter(tiles)
    if _standard(c):
        return True
    return n_melds == 0 and len(tiles) == 14 and all(v in (2, 4) for v in c.values())


def brute_longyan_win(hand: list[str], melds: int, gold: str, wild: str, white: bool) -> bool:
    from itertools import combinations_with_replacement
    naturals, golds = [], 0
    for t in hand:
        if t == gold:
            golds += 1
        elif t == "5z" and white and gold != "5z":
            naturals.append(gold)
        else:
            naturals.append(t)
    choices = SUITED if wild == "suited" else KINDS
    for combo in combinations_with_replacement(choices, golds):
        if _plain_win(naturals + list(combo), melds):
            return True
    return False


def _random_winning_hand(rng: random.Random, n_sets: int) -> list[str]:
    while True:
        tiles: list[str] = []
        for _ in range(n_sets):
            if rng.random() < 0.5:
                s = rng.choice("mps")
                n = rng.randint(1, 7)
                tiles += [f"{n}{s}", f"{n + 1}{s}", f"{n + 2}{s}"]
            else:
                tiles += [rng.choice(KINDS)] * 3
        tiles += [rng.choice(KINDS)] * 2
        if max(Counter(tiles).values()) <= 4:
            return tiles


def test_longyan_win_detection_matches_brute_force():
    rng = random.Random(2024)
    checked = wins = 0
    while checked < 220:
        gold = rng.choice(KINDS)
        n_melds = rng.choice([0, 0, 0, 1])
        hand = _random_winning_hand(rng, 4 - n_melds)
        # put 0-3 golds in and maybe break the hand
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            hand[rng.randrange(len(hand))] = gold
        if rng.random() < 0.4:
            hand[rng.randrange(len(hand))] = rng.choice(KINDS)
        melds = []
        if n_melds:
            mt = rng.choice([k for k in KINDS if k != gold and k not in hand])
            melds = [f"pong {mt}"]
        c = Counter(hand)
        if c[gold] > 3 or max(c.values()) > 4 or c[gold] >= 3:
            continue
        if any(c[m.split()[1]] for m in melds):
            continue
        opts = {"gold_wild": rng.choice(["any", "suited"]), "white_dragon": rng.choice(["replace_gold", "plain"])}
        try:
            p = pos("longyan", ["".join(hand), None, None, None], gold=gold, options=opts,
                    melds=[melds, [], [], []])
            # pos() wants a tile string: hand tiles written one by one are valid text
            g = Game.from_position(p)
        except (ValueError, AssertionError):
            continue
        expected = brute_longyan_win(hand, len(melds), gold, opts["gold_wild"], opts["white_dragon"] == "replace_gold")
        got = "win" in g.legal_actions(0)
        assert got == expected, (format_tiles(hand), melds, gold, opts, got, expected)
        checked += 1
        wins += expected
    assert wins > 40


def test_xinyu_win_detection_matches_brute_force():
    rng = random.Random(7)
    checked = 0
    while checked < 200:
        n_melds = rng.choice([0, 0, 1, 2])
        hand = _random_winning_hand(rng, 4 - n_melds)
        if rng.random() < 0.5:
            hand[rng.randrange(len(hand))] = rng.choice(KINDS)
        melds = [f"pong {t}" for t in rng.sample([k for k in KINDS if k not in hand], n_melds)]
        if max(Counter(hand).values()) > 4:
            continue
        try:
            g = Game.from_position(pos("xinyu", ["".join(hand), None, None, None], melds=[melds, [], [], []]))
        except (ValueError, AssertionError):
            continue
        expected = _plain_win(hand, n_melds) or (n_melds == 0 and all(t[1] == "z" for t in hand))
        assert ("win" in g.legal_actions(0)) == expected, (format_tiles(hand), melds)
        checked += 1


def brute_swims(hand: list[str], gold: str, wild: str = "any", white: bool = True) -> set[str]:
    """Tiles T the player may swim with: single (gold paired with natural T) or double (two golds as the pair)."""
    from itertools import combinations_with_replacement
    naturals, golds = [], 0
    for t in hand:
        if t == gold:
            golds += 1
        else:
            naturals.append((t, gold if (t == "5z" and white and gold != "5z") else t))
    choices = SUITED if wild == "suited" else KINDS
    out = set()
    if golds >= 1:
        for i, (face, _value) in enumerate(naturals):
            rest = [v for j, (_, v) in enumerate(naturals) if j != i]
            for combo in combinations_with_replacement(choices, golds - 1):
                c = Counter(rest + list(combo))
                if _standard(c, pair_used=True):
                    out.add(face)
                    break
    if golds >= 2:
        rest = [v for _, v in naturals]
        for combo in combinations_with_replacement(choices, golds - 2):
            if _standard(Counter(rest + list(combo)), pair_used=True):
                out.add(gold)
                break
    return out


def test_longyan_swim_options_match_brute_force():
    rng = random.Random(99)
    checked = swims = 0
    while checked < 200:
        gold = rng.choice(KINDS)
        hand = _random_winning_hand(rng, 4)
        for _ in range(rng.choice([1, 1, 2])):
            hand[rng.randrange(len(hand))] = gold
        c = Counter(hand)
        if c[gold] >= 3 or max(c.values()) > 4:
            continue
        try:
            g = Game.from_position(pos("longyan", ["".join(hand), None, None, None], gold=gold))
        except (ValueError, AssertionError):
            continue
        got = {a.split()[1] for a in g.legal_actions(0) if a.startswith("swim ")}
        expected = brute_swims(hand, gold)
        assert got == expected, (format_tiles(hand), gold, got, expected)
        checked += 1
        swims += bool(expected)
    assert swims > 30


XINYU_M = {"concealed": (2, 2), "kong": (2, 2), "seven_pairs": (4, 2), "half_flush": (2, 2), "full_flush": (4, 4),
           "all_honors": (8, 8), "all_pungs": (2, 2), "flying": (4, 2), "kong_bloom": (2, 2)}


def expected_xinyu(hand: list[str], melds: list[str], simple: bool) -> tuple[set[str], int]:
    """docs/RULES.md §2 by the letter, for a self-drawn win at the deal (no kong bloom)."""
    col = 1 if simple else 0
    meld_tiles = [m.split()[1] for m in melds]
    every = hand + meld_tiles
    common = set()
    if not melds:
        common.add("concealed")
    if any(not m.startswith("pong") for m in melds):
        common.add("kong")
    suits = {t[1] for t in every if t[1] != "z"}
    if not suits:
        common.add("all_honors")
    elif len(suits) == 1:
        common.add("full_flush" if all(t[1] != "z" for t in every) else "half_flush")
    readings = []
    c = Counter(hand)
    if _standard(Counter(hand)):
        r = set()
        if sorted(v for v in c.values() if v != 3) == [2]:
            r.add("all_pungs")
            if len(melds) == 4:
                r.add("flying")
        readings.append(r)
    if not melds and len(hand) == 14 and all(v in (2, 4) for v in c.values()):
        k = sum(1 for v in c.values() if v == 4)
        readings.append({"luxury_seven_pairs"} if k else {"seven_pairs"})
    if not readings and not melds and all(t[1] == "z" for t in hand):
        readings.append(set())
    best = None
    for r in readings:
        ids = common | r
        m = 1
        for p in ids:
            if p == "luxury_seven_pairs":
                k = sum(1 for v in c.values() if v == 4)
                m *= (4 if not simple else 2) * 2 ** k
            else:
                m *= XINYU_M[p][col]
        if best is None or m > best[1]:
            best = (ids, m)
    return best


def test_xinyu_scoring_matches_rules_on_random_hands():
    rng = random.Random(5)
    checked = 0
    while checked < 250:
        n_melds = rng.choice([0, 0, 0, 1, 2, 4])
        if rng.random() < 0.25 and n_melds == 0:
            pairs = rng.sample(KINDS, 7) if rng.random() < 0.7 else rng.sample(KINDS[:9], 6) + ["1z"]
            hand = [t for p in pairs for t in (p, p)]
            if rng.random() < 0.4:
                hand[2:4] = [hand[0], hand[0]]
        elif rng.random() < 0.15 and n_melds == 0:
            hand = [rng.choice(KINDS[27:]) for _ in range(14)]
        else:
            flush = rng.choice([None, "m", "p", "s"])
            pool = [k for k in KINDS if flush is None or k[1] in (flush, "z" if rng.random() < 0.5 else flush)]
            hand = []
            for _ in range(4 - n_melds):
                t = rng.choice(pool)
                if t[1] != "z" and int(t[0]) <= 7 and rng.random() < 0.5:
                    hand += [t, f"{int(t[0]) + 1}{t[1]}", f"{int(t[0]) + 2}{t[1]}"]
                else:
                    hand += [t] * 3
            hand += [rng.choice(pool)] * 2
        melds = [f"{rng.choice(['pong', 'pong', 'kong', 'concealed_kong'])} {t}"
                 for t in rng.sample([k for k in KINDS if k not in hand], n_melds)]
        if max(Counter(hand).values()) > 4:
            continue
        simple = rng.random() < 0.5
        try:
            g = Game.from_position(pos("xinyu", ["".join(hand), None, None, None], melds=[melds, [], [], []],
                                       options={"scoring": "simple"} if simple else {}))
        except (ValueError, AssertionError):
            continue
        exp = expected_xinyu(hand, melds, simple)
        if exp is None:
            assert "win" not in g.legal_actions(0)
            continue
        assert "win" in g.legal_actions(0), (format_tiles(hand), melds)
        g.apply(0, "win")
        w = g.result["wins"][0]
        assert (set(w["patterns"]), w["multiplier"]) == exp, (format_tiles(hand), melds, simple)
        assert g.result["deltas"] == [6 * exp[1], -2 * exp[1], -2 * exp[1], -2 * exp[1]]
        checked += 1


def test_rob_kong_window_events_are_documented():
    g = game("longyan", ["123m678p789s1z2z3z6z7z", "123m456s789s3z", "123p46p111z678m22s", None],
             melds=[[], ["pong 5p"], [], []], wall="5p", tail="8m", gold="9m")
    g.apply(0, "discard 7z")
    while g.waiting_for != [1]:
        g.apply(g.waiting_for[0], "pass")
    ev = g.apply(1, "kong 5p")
    assert {e["type"] for e in ev} <= set(EVENT_KEYS), ev


def test_bool_seat_is_not_a_seat():
    g = Game.new("xinyu", seed=1)
    action = g.legal_actions(0)[-1]
    for seat in (False, True):
        with pytest.raises(IllegalActionError):
            g.apply(seat, action)
    assert g.history == []


def test_illegal_actions_in_special_windows():
    # three golds window
    g = game("longyan", [None, None, "9m9m9m147p258s1367z", None], gold="9m")
    for seat, action in [(0, "discard 1z"), (2, "discard 9m"), (1, "pass"), (2, "pong"), (2, "swim 9m")]:
        assert_illegal(g, seat, action)
    # rob-gold window: only seat 1 may act, and only win / pass
    g = game("longyan", ["123m678p789s1z2z3z6z7z", "123p456p789s111z4z", None, None], gold="9m")
    g.apply(0, "discard 7z")
    for seat, action in [(0, "win"), (1, "pong"), (2, "pass"), (1, "discard 4z"), (0, "discard 1z")]:
        assert_illegal(g, seat, action)
    # rob-kong window
    g = game("longyan", ["123m678p789s1z2z3z6z7z", "123m456s789s3z", "123p46p111z678m22s", None],
             melds=[[], ["pong 5p"], [], []], wall="5p", tail="8m", gold="9m")
    g.apply(0, "discard 7z")
    while g.waiting_for != [1]:
        g.apply(g.waiting_for[0], "pass")
    g.apply(1, "kong 5p")
    for seat, action in [(1, "discard 3z"), (3, "win"), (2, "pong"), (2, "kong")]:
        assert_illegal(g, seat, action)


def test_several_winners_on_one_discard_keep_136_tiles():
    g = game("xinyu", ["123m456p789s111z6z3z", None, "123m456p789s222z6z", None], options={"discard_win": True},
             wall="6z")
    g.apply(0, "discard 3z")
    while g.waiting_for != [1]:
        g.apply(g.waiting_for[0], "pass")
    g.apply(1, "discard 6z")
    g.apply(0, "win")
    g.apply(2, "win")
    assert sorted(g.result["winners"]) == [0, 2]
    # both wins show the full hand with the shared tile ...
    for w in g.result["wins"]:
        assert w["hand"].count("6") >= 1 and w["tile"] == "6z"
    # ... but the physical tiles still number 136
    check_tiles(g)


@pytest.mark.parametrize("variant, options", VARIANTS)
def test_spectator_accounts_for_every_tile_after_the_hand(variant, options):
    """Once over, the spectator's public view alone places every tile (hands, melds, discards,
    flowers, the turned gold, the wall's count)."""
    for seed in range(10):
        g = play_random(variant, options, 100 + seed)
        o = g.observation(None)
        tiles: Counter = Counter()
        for s in range(4):
            tiles.update(o["hands"][s])
            for m in o["melds"][s]:
                tiles.update(m["tiles"])
            tiles.update(d["tile"] for d in o["discards"][s] if not d["claimed"])
            tiles.update(o["flowers"][s])
        if o["gold"] and o["gold_tile_out"]:
            tiles[o["gold"]] += 1
        in_wall = sum(map(sum, o["wall"]["stacks"]))
        assert None not in tiles, (seed, o["discards"])
        full = full_set(variant)
        if len(g.result["winners"]) <= 1:
            assert sum(tiles.values()) + in_wall == sum(full.values())
            assert not (tiles - full)


@pytest.mark.parametrize("variant", ["xinyu", "longyan"])
def test_observation_events_are_the_applied_events_masked(variant):
    for seed in range(8):
        g = Game.new(variant, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            seat, action = choose(g, rng, 0.2)
            events = g.apply(seat, action)
            for viewer in (None, 0, 1, 2, 3):
                seen = g.observation(viewer)["events"]
                assert len(seen) == len(events)
                for full, masked in zip(events, seen):
                    if g.is_over or masked == full:
                        assert masked == full
                        continue
                    assert {**masked, "tile": full.get("tile")} == full
                    # a seat's own event, or a payment to it (a concealed kong's names its tile)
                    assert masked["tile"] is None and full.get("seat", full.get("to")) != viewer
