"""Languages: every string exists in 简体中文, 繁體中文 and English, and switching translates the page."""
from __future__ import annotations

import re

from pagehelp import idle, open_game, shot

LABELS = """() => [...document.querySelectorAll(
    "#settings label, #settings .grid > span, #settings h2, #settings h3, #settings .variants button, #settings #set-close, #settings #set-start"
)].map(x => x.textContent.trim()).filter(Boolean)"""


def test_every_language_has_every_key(page, site):
    page.goto(site.url)
    keys = page.evaluate("() => import('./i18n.js').then(m => m._keys())")
    english = set(keys["en"])
    for lang in ("zh-Hans", "zh-Hant"):
        assert set(keys[lang]) == english, (lang, english ^ set(keys[lang]))
    names = page.evaluate("""() => import('./i18n.js').then(m => {
        const out = {};
        for (const lang of ["en", "zh-Hans", "zh-Hant"]) {
            m.setLang(lang);
            out[lang] = ["3m", "5p", "9s", "1z", "6z", "7z", "5f"].map(m.tileName);
        }
        return out;
    })""")
    assert names["en"] == ["3 Characters", "5 Dots", "9 Bamboo", "East Wind", "Green Dragon", "Red Dragon", "Plum"]
    assert names["zh-Hans"] == ["三万", "五饼", "九条", "东风", "发财", "红中", "梅"]
    assert names["zh-Hant"] == ["三萬", "五餅", "九條", "東風", "發財", "紅中", "梅"]


def test_switching_language_translates_the_page(page, site, console_errors, output_path):
    open_game(page, site, "lang=en&variant=longyan&seed=6&speed=instant")
    idle(page)
    assert page.get_attribute("#tb-settings", "aria-label") == "Settings"
    assert "Longyan Xinzhuang" in page.text_content("#status")
    page.click("#tb-settings")
    page.wait_for_selector("#settings")
    english = page.evaluate(LABELS)
    assert "Rule set" in english
    expected = {"zh-Hant": ("設定", "龍岩新莊麻將", "規則"), "zh-Hans": ("设置", "龙岩新庄麻将", "规则")}
    for lang, (settings_word, variant_name, rule_word) in expected.items():
        page.select_option("#set-lang", lang)
        page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
        page.wait_for_selector("#settings")
        labels = page.evaluate(LABELS)
        assert settings_word in labels and rule_word in labels, labels
        # no English left among the dialog's labels
        latin = [x for x in labels if re.search(r"[A-Za-z]{3,}", x)]
        assert latin == [], latin
        assert page.get_attribute("#tb-settings", "aria-label") == settings_word
        assert variant_name in page.text_content("#status")
        shot(page, output_path, f"settings-{lang}")
    page.keyboard.press("Escape")
    page.wait_for_selector("#settings", state="detached")
    # the claim and turn buttons and the narration follow the language
    s = idle(page)
    if s["human"] and not s["over"]:
        action = next((a for a in s["legal"] if not a.startswith("discard")), None)
        if action:
            label = page.get_attribute(f'#actions button[data-action="{action}"]', "aria-label")
            assert not re.search(r"[A-Za-z]{3,}", label.split("(")[0]), label
        page.evaluate("(a) => window.mahjong.act(a)", s["legal"][-1])
        page.wait_for_function("() => /[\\u4e00-\\u9fff]/.test(document.getElementById('live').textContent)")
    shot(page, output_path, "table-zh-Hans")
    # and back to English
    page.evaluate("() => window.mahjong.setLang('en')")
    assert page.get_attribute("#tb-settings", "aria-label") == "Settings"
    assert page.evaluate("() => document.documentElement.lang") == "en"
    assert console_errors == []


def test_the_level_says_what_it_plays_like_in_each_rule_set_and_language(page, site, console_errors):
    """Settings: under the bot level, one sentence on what that level plays like in the chosen rule
    set (the bots differ by rule set), following the level, the rule set and the language."""
    open_game(page, site, "lang=en&variant=xinyu&seed=6&speed=instant&level=normal")  # (a newcomer's first match is easy: issue 48)
    page.click("#tb-settings")
    page.wait_for_selector("#settings")
    note = lambda: page.text_content("#set-level-note")  # noqa: E731
    assert "one draw ahead" not in note() and "beginner" not in note()        # normal
    page.select_option("#set-level", "easy")
    assert "beginner" in note() and "pong" in note()
    page.click("#settings .variants button[data-variant='longyan']")
    assert "speed alone" in note()
    page.select_option("#set-level", "hard")
    assert "one draw ahead" in note()
    for lang in ("zh-Hans", "zh-Hant"):
        page.select_option("#set-lang", lang)
        page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
        page.wait_for_selector("#set-level-note")
        text = note()
        assert text and not re.search(r"[A-Za-z]", text) and "levelNote" not in text, text
        assert page.eval_on_selector("#set-level", "s => s.value") == "hard"      # the draft kept
    assert console_errors == []
