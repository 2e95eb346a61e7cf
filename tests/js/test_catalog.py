"""The string catalogs, web/i18n/<lang>.json: every sentence's one home, read by the page (i18n.js)
and by the engine's words for Python users (py_engine/teach/words.py). Every key is in all three
languages with the same placeholders; every key the code names exists; the traditional text holds
no simplified-only character and the simplified none of the traditional-only (OpenCC's tables)."""
from __future__ import annotations

import ast
import json
import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = ROOT / "web" / "i18n"
LANGS = ("en", "zh-Hans", "zh-Hant")
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# A pong's or a kong's hint names the action in English ("pong 1z") and the meld in Chinese
# (碰东东东): py_engine/teach/words.py passes both, each language takes the one it says.
OWN_PLACEHOLDERS = {"hint.head.pong": {"tile", "meld"}, "hint.head.kong": {"tile", "meld"}}


@cache
def catalog(lang: str) -> dict[str, dict[str, str]]:
    return json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))


def keys(lang: str) -> dict[str, str]:
    """Full keys ("table.label") -> text."""
    return {f"{area}.{key}": text for area, table in catalog(lang).items() for key, text in table.items()}


def test_each_catalog_is_areas_of_sentences() -> None:
    for lang in LANGS:
        areas = catalog(lang)
        assert areas and all(re.fullmatch(r"[a-z][A-Za-z]*", area) for area in areas), lang
        for area, table in areas.items():
            assert isinstance(table, dict) and table, (lang, area)
            for key, text in table.items():
                assert isinstance(text, str) and text.strip(), (lang, area, key)


def test_every_key_is_in_every_language_with_the_same_placeholders() -> None:
    english = keys("en")
    for lang in LANGS[1:]:
        mine = keys(lang)
        assert list(mine) == list(english), (lang, set(mine) ^ set(english))   # same keys, same order
        for key, text in mine.items():
            names, theirs = set(PLACEHOLDER.findall(text)), set(PLACEHOLDER.findall(english[key]))
            if key in OWN_PLACEHOLDERS:
                assert names | theirs <= OWN_PLACEHOLDERS[key], (lang, key)
            else:
                assert names == theirs, (lang, key, text, english[key])


# --- every key the code names exists --------------------------------------------------------

# a quoted literal (or a template's start) whose first part names an area: "table.label",
# `moment.${key}`, "variant." + name; not a file name, not a CSS selector
JS_LITERAL = re.compile(r"""(?<!querySelector\()(?<!querySelectorAll\()(?<!closest\()(?<!matches\()"""
                        r"""(["'`])([a-z][A-Za-z]*\.[A-Za-z0-9_.\-]*)(\$\{|\1)""")
FILE_NAME = re.compile(r"\.(html|m?js|json|css|png|svg|whl|py)$")


def named_in_js() -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    """(file, key) the page's scripts name whole, and (file, prefix) they complete at run time."""
    areas = set(catalog("en"))
    whole, prefixes = set(), set()
    for path in sorted((ROOT / "web").rglob("*.js")):
        for m in JS_LITERAL.finditer(path.read_text(encoding="utf-8")):
            key = m[2]
            if key.split(".")[0] not in areas or FILE_NAME.search(key):
                continue
            where = path.relative_to(ROOT).as_posix()
            (prefixes if m[3] == "${" or key.endswith(".") else whole).add((where, key))
    return whole, prefixes


def named_in_words() -> tuple[set[str], set[str]]:
    """The keys py_engine/teach/words.py names whole, and the prefixes its f-strings complete."""
    areas = set(catalog("en"))
    whole, prefixes = set(), set()
    tree = ast.parse((ROOT / "py_engine" / "teach" / "words.py").read_text(encoding="utf-8"))
    parts = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
            start = str(node.values[0].value)
            if start.split(".")[0] in areas and "." in start:
                prefixes.add(start)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in parts:
            if re.fullmatch(r"[a-z][A-Za-z]*\.[A-Za-z0-9_.]+", node.value) and node.value.split(".")[0] in areas:
                whole.add(node.value)
    return whole, prefixes


def test_every_key_the_code_names_exists() -> None:
    known = set(keys("en"))
    whole, prefixes = named_in_js()
    assert len(whole) > 300 and len(prefixes) > 30, (len(whole), len(prefixes))   # the scan sees the page
    assert sorted((f, k) for f, k in whole if k not in known) == []
    assert sorted((f, p) for f, p in prefixes if not any(k.startswith(p) for k in known)) == []
    py_whole, py_prefixes = named_in_words()
    assert len(py_whole) > 10 and len(py_prefixes) > 5, (py_whole, py_prefixes)
    assert sorted(py_whole - known) == []
    assert sorted(p for p in py_prefixes if not any(k.startswith(p) for k in known)) == []


# --- the two scripts -------------------------------------------------------------------------

def opencc_table(name: str) -> dict[str, list[str]]:
    """One of OpenCC's character tables: a character -> its forms in the other script."""
    try:
        import opencc
    except ImportError:
        pytest.fail("opencc is missing: pip install -e '.[test]' (opencc-python-reimplemented; tests/run.sh does)")
    table = {}
    path = Path(opencc.__file__).parent / "dictionary" / name
    for line in path.read_text(encoding="utf-8").splitlines():
        char, forms = line.split("\t")
        table[char] = forms.split()
    return table


def foreign_characters(lang: str, table: dict[str, list[str]]) -> list[tuple[str, str, str]]:
    """(key, character, text) for each character the table converts, that is not also its own form."""
    return [(key, c, text) for key, text in keys(lang).items() for c in text if c in table and c not in table[c]]


def test_traditional_text_holds_no_simplified_only_character() -> None:
    """zh-Hant: no character that OpenCC's s2t turns into another and only another (发 -> 發, 髮;
    not 余 or 岩, which are traditional too)."""
    assert foreign_characters("zh-Hant", opencc_table("STCharacters.txt")) == []


def test_simplified_text_holds_no_traditional_only_character() -> None:
    """zh-Hans: likewise with t2s (裡 -> 里; not 著 or 乾)."""
    assert foreign_characters("zh-Hans", opencc_table("TSCharacters.txt")) == []


def test_the_character_check_sees_a_slip() -> None:
    """The tables flag what they should: 发 in traditional text, 發 in simplified."""
    st, ts = opencc_table("STCharacters.txt"), opencc_table("TSCharacters.txt")
    assert "发" in st and "发" not in st["发"] and "余" in st["余"] and "岩" in st["岩"]
    assert "發" in ts and "發" not in ts["發"]
