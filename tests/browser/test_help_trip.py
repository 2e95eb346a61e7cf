"""The rules from the game and back (a player's trip): the game's help opens the rules in a tab of
their own, in the game's language, the match left playing in its tab; the rules' "Play" opens the
game in the language the rules were read in (it once opened it in the browser's language, a
Chinese reader meeting an English table) and offers the match left unfinished."""
from __future__ import annotations

from pagehelp import TABLE_UP, discard_and_keep, phone_visit, shot


def test_the_rules_and_back_keep_the_readers_language_and_the_match(browser, site, output_path):
    context, page, errors = phone_visit(browser, scale=2, locale="en-US")
    page.goto(site.url + "?lang=zh-Hant")
    page.tap("#welcome-play-xinyu", timeout=90_000)
    moves = discard_and_keep(page, 1)

    page.tap("#tb-help")
    with context.expect_page() as opened:
        page.tap("#dialogs a[href*='help.html']")
    rules = opened.value
    rules.on("pageerror", lambda error: errors.append(str(error)))
    rules.wait_for_function("() => document.body.dataset.examples", timeout=30_000)
    assert rules.evaluate("document.documentElement.lang") == "zh-Hant"
    assert rules.is_visible("section[lang='zh-Hant']")
    shot(rules, output_path, "rules")
    # the way back in sight where the rules open, at their language's section (the page once
    # scrolled its "Play" away), and the section's title not under it
    seen = rules.evaluate("""() => {
        const play = document.getElementById('play').getBoundingClientRect();
        const title = document.querySelector("section[lang='zh-Hant'] h2").getBoundingClientRect();
        return {play: [play.top, play.bottom], title: title.top, nav: document.querySelector('nav').getBoundingClientRect().bottom,
                height: innerHeight, scrolled: scrollY};
    }""")
    assert seen["scrolled"] > 0 and 0 <= seen["play"][0] and seen["play"][1] <= seen["height"], seen
    assert seen["nav"] <= seen["title"] < seen["height"], seen
    assert page.evaluate("() => window.mahjong.state().history_length") == moves   # the match plays on in its tab

    rules.tap("#play")
    rules.wait_for_selector("#resume-continue", timeout=90_000)       # the match left, offered
    assert rules.evaluate("document.documentElement.lang") == "zh-Hant"
    assert "繼續" in rules.inner_text("#resume-continue")
    shot(rules, output_path, "back-at-the-game")
    rules.tap("#resume-continue")
    rules.wait_for_function(TABLE_UP, timeout=90_000)
    assert rules.evaluate("() => window.mahjong.state().history_length") == moves
    context.close()
    assert errors == []
