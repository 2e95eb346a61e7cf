"""Shapes: sets, winning checks, shanten and waits, with and without wild golds."""
from __future__ import annotations

import itertools
import random

import pytest

from py_engine.tiles import shapes
from py_engine.tiles.shapes import (
    can_form_sets,
    gold_counts,
    is_seven_pairs,
    is_standard_win,
    is_win,
    shanten,
    shanten_seven_pairs,
    shanten_standard,
    standard_readings,
    waits,
)
from py_engine.tiles import CODES, INDEX, counts34, parse_tiles


def c(text: str) -> list[int]:
    return counts34(parse_tiles(text))


def kinds(text: str) -> list[int]:
    return [INDEX[t] for t in parse_tiles(text)]


# --- sets and the standard shape ------------------------------------------------------------

@pytest.mark.parametrize("hand", [
    "123m456p789s11122z", "11122233344455m", "123m123m123m123m11z", "111m999p111s777z55z",
    "11223344556677m", "12344445666789s", "22m",
])
def test_standard_wins(hand: str) -> None:
    assert is_standard_win(c(hand))


@pytest.mark.parametrize("hand", [
    "123m456p789s11123z", "123m456m789m123z55z", "1235m456p789s1122z", "11m22p",
    "123m456p789s1112z",                                         # 13 tiles is never complete
])
def test_not_standard_wins(hand: str) -> None:
    assert not is_standard_win(c(hand))


def test_honors_never_sequence() -> None:
    assert not can_form_sets(c("123z"))
    assert not can_form_sets(c("567z"))
    assert can_form_sets(c("123m"))
    assert not can_form_sets(c("12z"), 1)                        # not even with a gold


def test_sequences_stay_in_one_suit() -> None:
    assert not can_form_sets(c("89m1p"))
    assert not can_form_sets(c("9m12p"))
    assert can_form_sets(c("789m123p"))


def test_empty_is_sets() -> None:
    assert can_form_sets([0] * 34)
    assert not can_form_sets(c("1m"))


# --- golds ------------------------------------------------------------------------------------

def test_one_gold_completes_a_partial_set() -> None:
    assert can_form_sets(c("12m"), 1)
    assert can_form_sets(c("13m"), 1)
    assert can_form_sets(c("89s"), 1)
    assert can_form_sets(c("55z"), 1)
    assert not can_form_sets(c("19m"), 1)
    assert not can_form_sets(c("12m"), 0)


def test_gold_pairs_and_gold_sets() -> None:
    assert is_standard_win(c("1m"), 1)
    assert is_standard_win([0] * 34, 2)
    assert can_form_sets([0] * 34, 3)
    assert is_standard_win(c("123m456p789s111z"), 2)            # two golds are the pair
    assert is_standard_win(c("123m456p789s11z"), 3)             # one gold pairs, two make a set
    assert is_standard_win(c("1m"), 4)                          # 1m+gold pair, three golds a set


def test_suited_gold_never_stands_for_an_honor() -> None:
    assert is_standard_win(c("123m456p789s111z7z"), 1, "any")
    assert not is_standard_win(c("123m456p789s111z7z"), 1, "suited")
    assert can_form_sets(c("7z"), 2, "any")
    assert not can_form_sets(c("7z"), 2, "suited")
    assert is_standard_win(c("123m456p789s111z"), 2, "suited")  # a gold pair stands for a suited pair
    assert can_form_sets([0] * 34, 3, "suited")


def test_gold_counts_white_dragon_replaces_gold_face() -> None:
    counts, golds = gold_counts(parse_tiles("78m5z9m9m123p"), "9m")
    assert golds == 2
    assert counts == c("789m123p")
    assert can_form_sets(counts, 0)


def test_gold_counts_plain_white_dragon_and_white_gold() -> None:
    counts, golds = gold_counts(parse_tiles("78m5z9m"), "9m", white_replaces=False)
    assert (golds, counts) == (1, c("78m5z"))
    counts, golds = gold_counts(parse_tiles("78m5z5z9m"), "5z")
    assert (golds, counts) == (2, c("789m"))
    counts, golds = gold_counts(parse_tiles("78m5z"), None)
    assert (golds, counts) == (0, c("78m5z"))


def test_white_dragon_makes_a_sequence_with_the_gold_face() -> None:
    counts, golds = gold_counts(parse_tiles("78m5z123p456p789p11s"), "9m")
    assert golds == 0 and is_standard_win(counts)


def test_swim_check_pairs_gold_with_a_tile() -> None:
    # 单游: 14 tiles 123m 456p 789s 111z + 5s + gold; the gold pairs the 5s.
    counts, golds = gold_counts(parse_tiles("123m456p789s111z5s3m"), "3m")
    counts[INDEX["5s"]] -= 1
    assert can_form_sets(counts, golds - 1)
    # 双游: the pair is two golds.
    counts, golds = gold_counts(parse_tiles("123m456p789s111z3m3m"), "3m")
    assert can_form_sets(counts, golds - 2)


# --- seven pairs ------------------------------------------------------------------------------

def test_seven_pairs() -> None:
    assert is_seven_pairs(c("11223344556677m"))
    assert is_seven_pairs(c("1199m1199p11s1122z"))
    assert not is_seven_pairs(c("1122334455667m8m"))
    assert not is_seven_pairs(c("1122334455667m"))               # 13 tiles


def test_four_of_a_kind_is_two_pairs() -> None:
    assert is_seven_pairs(c("11112233445566m"))
    assert is_seven_pairs(c("1111m2222p3333s55z"))


def test_seven_pairs_with_golds() -> None:
    assert is_seven_pairs(c("1122334455667m"), 1)
    assert is_seven_pairs(c("112233445566m"), 2)
    assert is_seven_pairs(c("112233445566p7z"), 1, "any")
    assert not is_seven_pairs(c("112233445566p7z"), 1, "suited")
    assert not is_seven_pairs(c("11223344556m78p"), 1)


def test_is_win_needs_no_melds_for_seven_pairs() -> None:
    assert is_win(c("11223344556699m"), melds=0)
    assert not is_win(c("11335577p"), melds=2)
    assert is_win(c("11223355p"), melds=2)                       # 123p 123p 55p


# --- readings ---------------------------------------------------------------------------------

def test_readings_of_three_identical_runs() -> None:
    readings = standard_readings(c("111222333m11p"))
    assert (INDEX["1p"], (("chow", 0), ("chow", 0), ("chow", 0))) in readings
    assert (INDEX["1p"], (("pung", 0), ("pung", 1), ("pung", 2))) in readings
    assert len(readings) == 2


def test_readings_of_seven_pairs_shape_and_none() -> None:
    readings = standard_readings(c("11223344556677m"))
    assert (INDEX["1m"], (("chow", 1), ("chow", 1), ("chow", 4), ("chow", 4))) in readings
    assert standard_readings(c("123m456p789s11123z")) == []
    assert standard_readings(c("111z")) == []


def test_readings_agree_with_the_win_check() -> None:
    rng = random.Random(5)
    for _ in range(300):
        counts = _random_win(rng)
        readings = standard_readings(counts)
        assert bool(readings) == is_standard_win(counts)
        for pair, sets in readings:
            rebuilt = [0] * 34
            rebuilt[pair] += 2
            for kind, i in sets:
                for k in ((i, i, i) if kind == "pung" else (i, i + 1, i + 2)):
                    rebuilt[k] += 1
            assert rebuilt == counts


# --- shanten ----------------------------------------------------------------------------------

@pytest.mark.parametrize("hand,expected", [
    ("123m456p789s11122z", -1),
    ("1112345678999m", 0),
    ("123m456p789s1112z", 0),
    ("1357m2468p1357s9s", 4),
    ("147m258p369s1234z", 6),
    ("11223344556677m", -1),
    ("1122334455667m", 0),
    ("1122334455z6z7z", 1),
])
def test_shanten_values(hand: str, expected: int) -> None:
    assert shanten(c(hand)) == expected


def test_shanten_with_melds() -> None:
    assert shanten(c("11m"), melds=4) == -1
    assert shanten(c("12m"), melds=4) == 0
    assert shanten(c("1m"), melds=4) == 0
    assert shanten(c("123m45p"), melds=3) == 0              # discard 4p or 5p: ready on a pair
    assert shanten(c("123m55p"), melds=3) == -1


def test_seven_pairs_shanten_counts_four_of_a_kind() -> None:
    # 111 222 333 444 m + 5m: as seven pairs 11 1 22 2 33 3 44 4 5 -> 4 pairs, 3 singles needed
    assert shanten_seven_pairs(c("1112223334445m")) == 2
    assert shanten_seven_pairs(c("1111222233334m")) == 0
    assert shanten_seven_pairs(c("11112222333344m")) == -1


def test_shanten_with_golds() -> None:
    assert shanten(c("123m456p789s111z"), golds=1) == 0
    assert shanten(c("123m456p789s111z"), golds=2) == -1
    # 1z+gold pair, 2z+gold+one more 2z: one draw away
    assert shanten(c("123m456p789s12z"), golds=2, wild="any") == 0
    # a suited gold cannot partner 1z or 2z: two draws away
    assert shanten_standard(c("123m456p789s12z"), golds=2, wild="suited") == 1
    # seven pairs: three gold pairs, four honors each waiting for a partner
    assert shanten(c("1234567z"), golds=6, wild="suited") == 3


def test_shanten_minus_one_iff_win() -> None:
    rng = random.Random(11)
    for _ in range(400):
        counts = _random_win(rng)
        golds = rng.choice([0, 0, 1, 2])
        wild = rng.choice(["any", "suited"])
        nat = [k for k in range(34) for _ in range(counts[k])]
        rng.shuffle(nat)
        hand = counts34_from(nat[golds:])
        win = is_win(hand, 0, golds, wild)
        assert (shanten(hand, 0, golds, wild) == -1) == win


def test_shanten_does_not_mutate_counts() -> None:
    counts = c("1112345678999m")
    before = list(counts)
    shanten(counts)
    waits(counts)
    is_standard_win(counts, 1)
    assert counts == before


# --- waits ------------------------------------------------------------------------------------

def test_nine_gates_waits_on_all_nine() -> None:
    assert waits(c("1112345678999m")) == list(range(9))


def test_seven_pairs_wait() -> None:
    assert INDEX["7z"] in waits(c("1122334455667z"))
    assert waits(c("1122334455667z")) == [INDEX["7z"]]


def test_wait_on_a_fifth_copy_is_listed() -> None:
    assert waits(c("1111m234p567s789s")) == [INDEX["1m"]]


def test_gold_single_waits() -> None:
    # four sets and a lone gold: any tile pairs it (suited gold: only suited tiles)
    assert waits(c("123m456m789m123p"), golds=1) == list(range(34))
    assert waits(c("123m456m789m123p"), golds=1, wild="suited") == list(range(27))


def test_waits_reject_wrong_size() -> None:
    with pytest.raises(ValueError):
        waits(c("123m456p789s11z"))


def test_waits_match_brute_force() -> None:
    rng = random.Random(3)
    for _ in range(300):
        counts = _random_win(rng)
        golds = rng.choice([0, 0, 1, 2])
        wild = rng.choice(["any", "suited"])
        nat = [k for k in range(34) for _ in range(counts[k])]
        rng.shuffle(nat)
        hand = counts34_from(nat[golds + 1:])
        expected = []
        for k in range(34):
            hand[k] += 1
            if is_win(hand, 0, golds, wild):
                expected.append(k)
            hand[k] -= 1
        assert waits(hand, 0, golds, wild) == expected


# --- oracles ----------------------------------------------------------------------------------

def counts34_from(kinds_list: list[int]) -> list[int]:
    counts = [0] * 34
    for k in kinds_list:
        counts[k] += 1
    return counts


def _random_win(rng: random.Random) -> list[int]:
    """A random 14-tile standard or seven-pairs hand (no more than 4 copies)."""
    while True:
        tiles: list[int] = []
        if rng.random() < 0.2:
            for k in rng.sample(range(34), 7):
                tiles += [k, k]
        else:
            for _ in range(4):
                if rng.random() < 0.4:
                    tiles += [rng.randrange(34)] * 3
                else:
                    start = rng.randrange(3) * 9 + rng.randrange(7)
                    tiles += [start, start + 1, start + 2]
            tiles += [rng.randrange(34)] * 2
        counts = counts34_from(tiles)
        if max(counts) <= 4:
            return counts


def _brute(counts: list[int], golds: int, wild: str, check: object) -> bool:
    allowed = range(34) if wild == "any" else range(27)
    for sub in itertools.combinations_with_replacement(allowed, golds):
        trial = list(counts)
        for k in sub:
            trial[k] += 1
        if check(trial):  # type: ignore[operator]
            return True
    return False


def test_golds_against_substitution_oracle() -> None:
    rng = random.Random(7)
    wall = [k for k in range(34) for _ in range(4)]
    for n in range(1500):
        golds = 1 + n % 2
        wild = "any" if n % 4 < 2 else "suited"
        if rng.random() < 0.3:
            nat = rng.sample(wall, 14 - golds)
        else:
            win = _random_win(rng)
            nat = [k for k in range(34) for _ in range(win[k])]
            rng.shuffle(nat)
            nat = nat[golds:]
            if rng.random() < 0.3:                           # perturb one tile
                nat[0] = rng.randrange(34)
        counts = counts34_from(nat)
        assert is_standard_win(counts, golds, wild) == _brute(counts, golds, wild, is_standard_win), \
            (shapes_text(counts), golds, wild)
        counts[nat[0]] -= 1
        assert can_form_sets(counts, golds - 1, wild) == _brute(counts, golds - 1, wild, can_form_sets)


def test_gold_shanten_against_substitution_oracle() -> None:
    rng = random.Random(9)
    wall = [k for k in range(34) for _ in range(4)]
    for n in range(400):
        golds = 1 + n % 2
        wild = "any" if n % 4 < 2 else "suited"
        counts = counts34_from(rng.sample(wall, rng.choice([13, 14]) - golds))
        allowed = range(34) if wild == "any" else range(27)
        best = 99
        for sub in itertools.combinations_with_replacement(allowed, golds):
            trial = list(counts)
            for k in sub:
                trial[k] += 1
            best = min(best, shanten(trial))
        assert shanten(counts, 0, golds, wild) == best, (shapes_text(counts), golds, wild)


def shapes_text(counts: list[int]) -> str:
    from py_engine.tiles import format_tiles
    return format_tiles([CODES[k] for k in range(34) for _ in range(counts[k])])


def test_shanten_matches_mahjong_package() -> None:
    mahjong_shanten = pytest.importorskip("mahjong.shanten")
    calc = mahjong_shanten.Shanten()
    rng = random.Random(2024)
    wall = [k for k in range(34) for _ in range(4)]
    suit_heavy = [k for k in range(9) for _ in range(4)] + list(range(9, 34))
    checked = 0
    for n in range(4000):
        pool = suit_heavy if n % 4 == 0 else wall
        counts = counts34_from(rng.sample(pool, 13 + n % 2))
        if max(counts) == 4:
            continue   # mahjong counts the 4-copy limit and distinct pairs; these rules do not
        # mahjong's 34 order is ours (m, p, s, then honors 1z..7z); kokushi is not a shape here
        assert shanten_standard(counts) == calc.calculate_shanten(
            counts, use_chiitoitsu=False, use_kokushi=False), shapes_text(counts)
        checked += 1
    assert checked > 3500


def test_public_names_exist() -> None:
    for name in ("gold_counts", "can_form_sets", "is_standard_win", "is_seven_pairs", "standard_readings",
                 "shanten", "shanten_standard", "shanten_seven_pairs", "waits"):
        assert callable(getattr(shapes, name))


def test_the_memos_stay_within_their_bound_and_answer_the_same(monkeypatch):
    """The per-suit records and memos grew with every distinct suit met, without end (a page playing
    thousands of hands: bench/soak.py); past MEMO_BOUND they are let go and refilled. Answers are
    the same across the clearing, for hands followed tile by tile (Component links) too."""
    rng = random.Random(45)
    wall = [i for i in range(34) for _ in range(4)]
    hands = []
    for _ in range(400):
        drawn = rng.sample(wall, 14)
        counts = [0] * 34
        for i in drawn:
            counts[i] += 1
        hands.append((counts, rng.randrange(3)))
    expected = [(shanten(h, golds=g), is_win(h, golds=g), waits(h[:], golds=g) if sum(h) % 3 == 1 else None) for h, g in hands]
    for memo in (shapes._SUIT_RECORDS, shapes._HONOR_RECORDS, *shapes._WIN_MEMO, *shapes._TABLE_MEMO):
        memo.clear()  # (the pass above filled them, unbounded)
    monkeypatch.setattr(shapes, "MEMO_BOUND", 2_000)
    sizes = []
    for (h, g), want in zip(hands, expected):
        got = (shanten(h, golds=g), is_win(h, golds=g), waits(h[:], golds=g) if sum(h) % 3 == 1 else None)
        assert got == want, h
        sizes.append(shapes._memo_entries())
    # a hand fills the memos by a few hundred entries at most before the next record lets them go
    assert max(sizes) < 2_000 + 1_500, max(sizes)
    assert min(sizes[50:]) < max(sizes[50:])  # they were let go, and refilled
