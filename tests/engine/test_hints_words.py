"""Every hint and review code the engine can produce has words in the page, in all three languages
(issue 11: the engine sends codes, the page's i18n writes the words), and the page's words are the
engine's own (issue 32: one home for every sentence, the catalogs web/i18n/*.json). The codes are
enumerated from Python (hints.REASON_CODES, CANNOT_WIN, TARGETS, the swim levels, the shanten
words, every action kind and comparison of a review) and taken from real rankings and reviews;
web/i18n/hint-words.js writes each in Node, py_engine/teach/words.py in Python: every sentence must come
out whole (not empty, no placeholder or string key left, no "undefined") and the same from both."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from py_engine import Game, bots, hints, words
from py_engine.play.actions import KINDS
from py_engine.teach.discards import rank
from py_engine.teach.review import review_hand

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "zh-Hans", "zh-Hant")
# a tile code where a reader needs words ("keeps 234p", "discard 5z"), an English word on a Chinese page
TILE_CODE = re.compile(r"(?<![A-Za-z0-9])[1-9]{1,9}[mpszf](?![A-Za-z0-9])")
ENGLISH = re.compile(r"[A-Za-z]{2,}")

WRITE = """
import { readFileSync } from "node:fs";
const { reasonWords, cannotWinWords, reviewWords } = await import(new URL("web/i18n/hint-words.js", "file://" + process.argv[1] + "/").href);
const { reasons, cannot, reviews } = JSON.parse(readFileSync(process.argv[2], "utf8"));
const langs = ["en", "zh-Hans", "zh-Hant"];
const each = (codes, write) => codes.map((c) => Object.fromEntries(langs.map((l) => [l, write(c, l)])));
console.log(JSON.stringify({ reasons: each(reasons, reasonWords), cannot: each(cannot, cannotWinWords), reviews: each(reviews, reviewWords) }));
"""


def enumerated() -> list[dict[str, Any]]:
    """A reason of every code, every target alone, in pairs and in a suit, every swim level and shanten."""
    out: list[dict[str, Any]] = []
    for code in hints.REASON_CODES:
        for shanten in (-1, 0, 3):
            out.append({"code": code, "tile": "7z", "level": 1, "shanten": shanten, "keeps": [], "aim": None, "gold": None})
    for level in (1, 2, 3):
        out.append({"code": "swim", "tile": "3p", "level": level})
    keeps = [["3p", "4p", "5p"], ["1s", "1s"], ["1z", "2z"], ["5m", "5m"]]
    names = list(hints.TARGETS)
    for i, name in enumerate(names):
        for aim in ({"targets": [name], "suit": None}, {"targets": [name, names[(i + 1) % len(names)]], "suit": "p"}):
            out.append({"code": "discard", "tile": "9m", "shanten": 1, "keeps": keeps, "aim": aim, "gold": "5m"})
    out.append({"code": "discard", "tile": "9m", "shanten": 2, "keeps": keeps[:1], "aim": None, "gold": None})
    out.append({"code": "discard", "tile": "1z", "shanten": 2, "keeps": [["7m", "9m"], ["7m", "9m"]], "aim": None, "gold": None})
    return out


def ranked() -> list[dict[str, Any]]:
    """The reason codes of every row of two real moments (Xinyu; Longyan with a gold in hand)."""
    fill = ["1479m2589p1356s1z", "2589m1469p2457s2z", "3569m1478p3678s3z"]
    out = []
    for variant, hand, extra in (("xinyu", "123m456p789s1122z9m", {}), ("longyan", "13m468p2345s9s1z2z7z7z", {"gold": "9s"})):
        game = Game.from_position({"variant": variant, "dealer": 0, "hands": [hand, *fill], **extra})
        out += [row["reason_code"] for row in rank(game, 0, "normal")["rows"]]
    return out


def review_codes() -> list[dict[str, Any]]:
    """A review sentence of every kind of action on both sides, "kept" and "would", every comparison."""
    actions = [f"{kind} {tile}" if KINDS[kind] == "yes" else kind for kind in KINDS for tile in ("5p", "1z")]
    actions += ["kong 7z"]                                    # a kong on one's own turn names its tile
    compares: list[dict[str, Any]] = [
        {"compare": "waits", "outs": 2, "bot_outs": 4}, {"compare": "outs", "outs": 6, "bot_outs": 11},
        {"compare": "shanten", "shanten": 2, "bot_shanten": 0}, {"compare": "shanten", "shanten": 0, "bot_shanten": -1},
        {"compare": "value", "value": 1.0, "bot_value": 3.5}, {"compare": "value", "value": -2.3, "bot_value": 0.0},
        {"compare": None}]
    out = []
    for i, action in enumerate(dict.fromkeys(actions)):
        for bot in ("discard 9m", "swim 2s", "pass", "pong", "win", "kong 3m"):
            kept = action.startswith(("discard ", "swim ")) and bot.startswith(("discard ", "swim "))
            out.append({"code": "kept" if kept else "would", "action": action, "bot": bot, **compares[i % len(compares)]})
    for compare in compares:
        out.append({"code": "kept", "action": "discard 5p", "bot": "discard 9m", **compare})
        out.append({"code": "would", "action": "pong", "bot": "pass", **compare})
    return out


@cache
def reviewed() -> tuple[dict[str, Any], ...]:
    """The review codes of a real hand where the player discards, claims and passes against the bot's advice."""
    game = Game.new("xinyu", seed=3)
    while not game.is_over:
        seat = game.waiting_for[0]
        legal = game.legal_actions(seat)
        choice = bots.choose(game, seat, "normal")
        if seat == 0 and len(legal) > 1 and not choice.startswith("discard "):
            choice = next(a for a in legal if a != choice)   # claim what the bot passes, pass what it claims
        game.apply(seat, choice)
    return tuple(d["reason_code"] for d in review_hand(game.to_position(), game.history, 0) if d["reason_code"])


def page_words(tmp_path: Path, codes: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, str]]]:
    """The words web/i18n/hint-words.js writes for every code, in every language (in Node)."""
    node = shutil.which("node")
    if not node:
        pytest.fail("node is missing: the page's words are checked in Node (tests/run.sh)")
    given = tmp_path / "codes.json"
    given.write_text(json.dumps(codes), encoding="utf-8")
    done = subprocess.run([node, "--input-type=module", "-e", WRITE, str(ROOT), str(given)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def codes() -> dict[str, list[dict[str, Any]]]:
    return {"reasons": enumerated() + ranked(),
            "cannot": [{"code": code, "tile": "3p", "swim_level": 2} for code in hints.CANNOT_WIN],
            "reviews": review_codes() + list(reviewed())}


@pytest.fixture(scope="module")
def written(codes: dict[str, list[dict[str, Any]]], tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, str]]]:
    return page_words(tmp_path_factory.mktemp("words"), codes)


def test_every_hint_and_review_code_has_words_in_every_language(codes, written) -> None:
    assert {r["code"] for r in codes["reasons"]} == set(hints.REASON_CODES)
    assert {r["code"] for r in codes["reviews"]} == {"kept", "would"}
    assert {a.partition(" ")[0] for r in codes["reviews"] for a in (r["action"], r["bot"])} == set(KINDS)
    assert any(r["action"] in ("pong", "pass") for r in reviewed()), "the real hand reviews a claim or a pass"
    for kind in ("reasons", "cannot", "reviews"):
        for sample, text in zip(codes[kind], written[kind]):
            for lang in LANGS:
                assert text[lang].strip(), (sample, lang)
                assert not any(bad in text[lang] for bad in ("{", "}", "hint.", "review.", "suit.", "tile.", "undefined", "NaN", "null")), (sample, lang, text[lang])
            assert text["zh-Hans"] != text["en"], sample


def test_the_engine_writes_the_words_the_page_writes(codes, written) -> None:
    """py_engine/teach/words.py and web/i18n/hint-words.js compose the same sentences from the same codes."""
    python = {
        "reasons": [words.per_lang(words.reason_words, r) for r in codes["reasons"]],
        "cannot": [words.per_lang(words.cannot_win_words, c["code"]) for c in codes["cannot"]],
        "reviews": [words.per_lang(words.review_words, r) for r in codes["reviews"]],
    }
    for kind in python:
        for sample, mine, page in zip(codes[kind], python[kind], written[kind]):
            assert mine == page, (kind, sample)
    # and the hints' and the review's own fields say the same
    row = ranked()[0]
    assert hints.reason_text(row, with_action=False) == python["reasons"][len(enumerated())]


def test_no_hint_or_review_speaks_a_tile_code_and_chinese_speaks_chinese_only(codes, written) -> None:
    """Tiles are named in words in every language ("keeps 2-3-4 Dots and the 1 Bamboo pair", "discard
    White Dragon"; 二三四饼, 一对一条), the suggestion's own words too (hints.py "reason")."""
    lines = [(lang, text[lang]) for kind in written for text in written[kind] for lang in LANGS]
    lines += [(lang, words.reason_text(r, lang)) for r in codes["reasons"] for lang in LANGS]
    assert [(lang, line) for lang, line in lines if TILE_CODE.search(line)] == []
    assert [(lang, line) for lang, line in lines if lang != "en" and ENGLISH.search(line)] == []
    english = dict(lines)
    assert words.tile_words(["2p", "3p", "4p"], "en") == "2-3-4 Dots" and words.tile_words(["1s", "1s"], "en") == "the 1 Bamboo pair"
    assert words.tile_words(["4m", "6m"], "en") == "4 and 6 Characters" and words.tile_words(["7z"], "en") == "Red Dragon"
    assert words.tile_words(["1s", "1s"], "zh-Hans") == "一对一条" and words.tile_words(["2p", "3p", "4p"], "zh-Hant") == "二三四餅"
    assert english


def test_a_claims_english_reason_reads_as_a_sentence():
    """The English reason of a pong or kong claim: "makes a set; …" and "a kong pays at once; …"
    (not "makes a kong pays at once")."""
    from py_engine.teach.hints import reason_words

    for code, start in (("pong", "makes a set; "), ("kong", "a kong pays at once; ")):
        words_ = reason_words({"code": code, "tile": "5p", "shanten": 1})
        assert words_["en"][1].startswith(start), words_["en"]
        assert "makes a kong" not in words_["en"][1]


def test_a_group_held_twice_is_named_once() -> None:
    """Issue 48: 7799m is two 7-9 shapes, and the English hint read "keeps 7 and 9 Characters and 7
    and 9 Characters"; each language names the group once."""
    from py_engine import words
    reason = {"code": "discard", "tile": "1z", "shanten": 2, "keeps": [["7m", "9m"], ["7m", "9m"], ["3p", "3p"]], "aim": None, "gold": None}
    en = words.reason_words(reason, "en")
    assert en.count("7 and 9 Characters") == 1, en
    for lang in ("zh-Hans", "zh-Hant"):
        said = words.reason_words(reason, lang)
        assert said.count("七九万" if lang == "zh-Hans" else "七九萬") == 1, said


def test_tiles_of_several_kinds_are_named_apart_in_chinese() -> None:
    """A group of several kinds read 七條八條白, one word (issue 57): each tile is named apart."""
    from py_engine.teach import words as w
    assert w.tile_words(["7s", "8s", "5z"], "zh-Hant") == "七條、八條、白"
    assert w.tile_words(["7s", "8s", "5z"], "zh-Hans") == "七条、八条、白"
