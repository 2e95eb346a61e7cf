"""The analyzer's fast path gives what the slow one gave (issue 14's speed): every discard's
shanten and improving tiles (analysis.discard_efficiency, stepping shape components and drawing
one tile of each far class) against the definition, each draw's shanten of the 14 tiles
recomputed from scratch; and the analyzer's answer from one game set-up against the discard table
of a second one, as it was built before. Random hands of both rule sets, with golds, options,
melds and honor-heavy hands."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from py_engine import analysis
from py_engine.tiles import shapes
from py_engine.tiles.golds import white_replaces
from py_engine.rules import ruleset
from py_engine.teach.analyzer import STOP, analyze, play, stage
from py_engine.teach.analyzer_query import Query, read_query
from py_engine.teach.discards import efficiency_order, rank
from py_engine.tiles import CODES, NUM_KINDS, full_set

OPTIONS = [{}, {"white_dragon": "plain"}, {"gold_wild": "suited"}, {"gold_wild": "suited", "white_dragon": "plain"}]


def reference(hand: list[str], melds: list[str], variant: str, gold: str | None, options: dict[str, Any],
              unseen: list[int]) -> dict[str, tuple[int, list[tuple[str, int]]]]:
    """The slow path's table, as discards.improving_tiles built it: for each discard, each drawable
    kind's 14 tiles counted afresh (golds split from the tile list) and their shanten taken, the
    shapes' or the free hand's if lower (analysis.shanten's reading of 14 tiles)."""
    rules = ruleset(variant)
    resolved = rules.resolve(options)
    gold_rule = rules.gold_rule(resolved)
    wild, white = gold_rule.wild, white_replaces(gold_rule, gold)

    def shanten14(tiles: list[str]) -> int:
        counts, golds = shapes.gold_counts(tiles, gold, white)
        s = shapes.shanten(counts, len(melds), golds, wild)
        free = rules.special_shanten(counts, len(melds))
        return min(s, free) if free is not None else s

    out = {}
    for tile in dict.fromkeys(hand):
        rest = list(hand)
        rest.remove(tile)
        now = analysis.shanten(rest, melds, variant, gold, options)
        better = [(CODES[k], unseen[k]) for k in range(NUM_KINDS)
                  if unseen[k] > 0 and rest.count(CODES[k]) < 4 and shanten14(rest + [CODES[k]]) < now]
        out[tile] = (now, better)
    return out


def random_hand(rng: random.Random, i: int) -> tuple[str, list[str], list[str], str | None, dict[str, Any]]:
    variant = "xinyu" if i % 2 == 0 else "longyan"
    wall = full_set(False)
    rng.shuffle(wall)
    if i % 7 == 3:                               # honor-heavy: the free hand, honor pairs and pungs
        wall.sort(key=lambda t: (t[1] != "z", rng.random()))
        wall = wall[:20] + sorted(wall[20:], key=lambda _: rng.random())
        rng.shuffle(wall)
    gold = None
    if variant == "longyan":
        gold = wall.pop()
    melds: list[str] = []
    if i % 5 == 4:                               # a pong of a tile with three copies left
        counts = Counter(wall)
        tile = next(t for t in wall if counts[t] >= 3 and t != gold)
        for _ in range(3):
            wall.remove(tile)
        melds.append(f"pong {tile}")
    hand = wall[:14 - 3 * len(melds)]
    if variant == "longyan" and i % 3 == 0:      # golds in hand, and white dragons beside them
        hand = hand[:-2] + [gold, "5z"]
        if Counter(hand)[gold] > 3 or Counter(hand)["5z"] > 4:
            hand = wall[:14 - 3 * len(melds)]
    options = OPTIONS[(i // 2) % len(OPTIONS)] if variant == "longyan" else ({"scoring": "simple"} if i % 4 == 0 else {})
    return variant, hand, melds, gold, options


@pytest.mark.parametrize("chunk", range(4))
def test_every_discard_improves_as_the_definition_says(chunk: int) -> None:
    rng = random.Random(1400 + chunk)
    for i in range(50):
        variant, hand, melds, gold, options = random_hand(rng, i)
        unseen = [max(0, 4 - hand.count(c) - rng.randrange(3)) for c in CODES[:NUM_KINDS]]   # some seen elsewhere
        slow = reference(hand, melds, variant, gold, options, unseen)
        assert analysis.discard_efficiency(hand, melds, variant, gold, options, unseen) == slow, (
            variant, hand, melds, gold, options)
        assert analysis.improving_tiles(hand[1:], melds, variant, gold, options, unseen) == slow[hand[0]]


def two_set_ups(q: dict[str, Any]) -> dict[str, Any]:
    """The answer's verdict and table as the analyzer built them before: the win staged and played
    in one game, the discard table from a second game set up at the seat's turn."""
    query = read_query(q)
    st = stage(query)
    g, failed = play(st)
    result = g.result
    out: dict[str, Any] = {"wins": failed is None and result is not None and st.seat in result["winners"],
                           "steps": [[s, a] for s, a, _ in st.steps], "position": st.position}
    if out["wins"]:
        out["result"] = result
    turn = Query(query.variant, query.options, query.hand, query.melds, query.flowers, query.gold,
                 query.dealer, "self_draw", 1, query.win_tile)
    st = stage(turn)
    st.steps[-1] = (st.seat, STOP, "discard")
    g, failed = play(st)
    out["discards"] = None
    if failed is None and st.seat in g.waiting_for and g.phase == "discard":
        table = rank(g, st.seat, q["bot"] and "hard" or None)
        table["efficiency"] = [r["action"] for r in efficiency_order(table["rows"])]
        out["discards"] = table
    return out


@pytest.mark.parametrize("bot, hands", [(False, 120), (True, 6)])
def test_one_set_up_gives_the_verdict_and_table_of_two(bot: bool, hands: int) -> None:
    rng = random.Random(14)
    seen: Counter[object] = Counter()
    for i in range(hands):
        variant, hand, melds, gold, options = random_hand(rng, i)
        if i % 9 == 5:                           # a complete hand: the win settled, then compared
            hand = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "2s", "3s", "4s", "6z", "6z"]
            melds, gold = [], ("9p" if variant == "longyan" else None)
        q = {"variant": variant, "hand": "".join(hand), "melds": melds, "gold": gold, "options": options,
             "dealer": i % 3 == 0, "bot": bot}
        a = analyze(q)
        if "error" in a:
            seen["error"] += 1
            continue
        old = two_set_ups(q)
        assert {k: a.get(k) for k in old} == old, q
        seen[a["wins"]] += 1
    assert seen[True] >= hands // 12 and seen[False] >= hands // 2, seen
