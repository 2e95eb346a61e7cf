"""Every hint code the engine can produce has words in the page, in all three languages (issue 11:
the engine sends codes, the page's i18n writes the words). The codes are enumerated from Python
(hints.REASON_CODES, CANNOT_WIN, TARGETS, the swim levels, the shanten words) and taken from real
rankings; web/i18n/hint-words.js writes each in Node, and every sentence must come out whole: not
empty, no placeholder or string key left, no "undefined"."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from py_engine import Game, hints
from py_engine.discards import rank

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("en", "zh-Hans", "zh-Hant")

WRITE = """
import { readFileSync } from "node:fs";
const { reasonWords, cannotWinWords } = await import(new URL("web/i18n/hint-words.js", "file://" + process.argv[1] + "/").href);
const { reasons, cannot } = JSON.parse(readFileSync(process.argv[2], "utf8"));
const langs = ["en", "zh-Hans", "zh-Hant"];
const out = {
  reasons: reasons.map((r) => Object.fromEntries(langs.map((l) => [l, reasonWords(r, l)]))),
  cannot: cannot.map((c) => Object.fromEntries(langs.map((l) => [l, cannotWinWords(c, l)]))),
};
console.log(JSON.stringify(out));
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
    return out


def ranked() -> list[dict[str, Any]]:
    """The reason codes of every row of two real moments (Xinyu; Longyan with a gold in hand)."""
    fill = ["1479m2589p1356s1z", "2589m1469p2457s2z", "3569m1478p3678s3z"]
    out = []
    for variant, hand, extra in (("xinyu", "123m456p789s1122z9m", {}), ("longyan", "13m468p2345s9s1z2z7z7z", {"gold": "9s"})):
        game = Game.from_position({"variant": variant, "dealer": 0, "hands": [hand, *fill], **extra})
        out += [row["reason_code"] for row in rank(game, 0, "normal")["rows"]]
    return out


def test_every_hint_code_has_words_in_every_language(tmp_path: Path) -> None:
    node = shutil.which("node")
    if not node:
        pytest.fail("node is missing: the page's words are checked in Node (tests/run.sh)")
    reasons = enumerated() + ranked()
    assert {r["code"] for r in reasons} == set(hints.REASON_CODES) | {"discard"}
    cannot = [{"code": code, "tile": "3p", "swim_level": 2} for code in hints.CANNOT_WIN]
    given = tmp_path / "codes.json"
    given.write_text(json.dumps({"reasons": reasons, "cannot": cannot}), encoding="utf-8")
    done = subprocess.run([node, "--input-type=module", "-e", WRITE, str(ROOT), str(given)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    words = json.loads(done.stdout)
    for sample, written in [*zip(reasons, words["reasons"]), *zip(cannot, words["cannot"])]:
        for lang in LANGS:
            text = written[lang]
            assert text.strip(), (sample, lang)
            assert not any(bad in text for bad in ("{", "}", "hint.", "suit.", "undefined", "NaN", "null")), (sample, lang, text)
        assert written["zh-Hans"] != written["en"], sample
    # the page writes what the engine's own words say, on one real reason
    row = ranked()[0]
    assert words["reasons"][len(enumerated())]["en"] == hints.reason_text(row, with_action=False)["en"]


def test_a_claims_english_reason_reads_as_a_sentence():
    """The English reason of a pong or kong claim: "makes a set; …" and "a kong pays at once; …"
    (not "makes a kong pays at once")."""
    from py_engine.hints import reason_words

    for code, start in (("pong", "makes a set; "), ("kong", "a kong pays at once; ")):
        words = reason_words({"code": code, "tile": "5p", "shanten": 1})
        assert words["en"][1].startswith(start), words["en"]
        assert "makes a kong" not in words["en"][1]
