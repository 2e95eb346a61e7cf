"""Saves a player can trust (issue 33, findings 1-5): several unfinished matches, each under its own
key and never replaced (the deal of the day, a seed link, "New"); a link reloaded offers its own
match; full storage said once in the reader's language, with the export at hand, and the older
save never offered as the latest; a save that cannot be read or sent set aside, and said to be
only when it was."""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from pagehelp import TABLE_OR_OFFER, TABLE_UP, idle, open_game, shot

ROOT = Path(__file__).resolve().parents[2]

# The kept matches' records ({kind, link, at, behind, save}), newest first (and issue 15's one
# save, which these tests ran against before issue 33 to see them fail).
SLOTS = """() => { const out = Object.keys(localStorage).filter(k => k.startsWith('mahjong.match.'))
    .map(k => ({key: k, ...JSON.parse(localStorage.getItem(k))}));
    const old = localStorage.getItem('mahjong.save');
    if (old) out.push({key: 'mahjong.save', at: 0, save: JSON.parse(old)});
    return out.sort((a, b) => b.at - a.at) }"""
# Resolves once the newest kept save holds `n` actions in its last hand.
SAVED_UP_TO = """(n) => { const saves = (""" + SLOTS + """)();
    return saves.length > 0 && saves[0].save.hands.at(-1).actions.length === n }"""
# Fill the page's storage to the last character.
FILL = """() => { let n = 0;
    for (let size = 1 << 20; size >= 1;) { try { localStorage.setItem('test.junk.' + n, 'x'.repeat(size)); n++ } catch { size >>= 1 } } }"""
FREE = "() => Object.keys(localStorage).filter(k => k.startsWith('test.junk.')).forEach(k => localStorage.removeItem(k))"
NOTICES = "() => { window.__notices = []; window.mahjong.on('notice', (d) => window.__notices.push(...d.messages)); }"
ASIDE = """() => Object.keys(localStorage).filter(k => k.startsWith('mahjong.save.aside.')).map(k => localStorage.getItem(k))"""


def at_next_page(page, script: str, arg: Any) -> None:
    """Run `script` (a function of `arg`) as the next pages start, before their own scripts."""
    page.add_init_script(f"({script})({json.dumps(arg)})")


def words(lang: str) -> dict[str, Any]:
    return json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))


def play(page, moves: int) -> dict[str, Any]:
    """The human's next `moves` moves (the last legal discard, or pass), the bots' between; then waits
    until the newest save has caught up with the table."""
    for _ in range(moves):
        s = idle(page)
        if s["over"]:
            page.evaluate("() => window.mahjong.nextHand()")
            s = idle(page)
        discards = [a for a in s["legal"] if a.startswith("discard ")]
        page.evaluate("(a) => window.mahjong.act(a)", discards[-1] if discards else "pass")
    return idle(page)


def caught_up(page) -> None:
    page.wait_for_function(SAVED_UP_TO, arg=page.evaluate("() => window.mahjong.state().history_length"))


def test_full_storage_is_said_once_and_the_older_save_is_offered_as_older(page, site, console_errors, output_path):
    """Finding 1: with storage full, saves failed with no notice and a reload offered an older moment
    as the match; a match started with storage full left no save and no word."""
    zh = words("zh-Hans")["keep"]
    open_game(page, site, "lang=zh-Hans&speed=instant&variant=xinyu")
    page.evaluate(NOTICES)
    play(page, 1)
    caught_up(page)
    page.evaluate(FILL)
    play(page, 3)
    page.wait_for_function("() => window.__notices.length > 0")
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.__notices") == [zh["cannot.quota"]]   # once, in the reader's language
    shot(page, output_path, "quota-notice")
    (kept,) = page.evaluate(SLOTS)
    now = page.evaluate("() => window.mahjong.state().history_length")
    assert kept["behind"] is True and len(kept["save"]["hands"][-1]["actions"]) < now
    with page.expect_download() as download:                 # what to do: export the match, here
        page.click("#keep-export")
    exported = json.loads(Path(download.value.path()).read_text("utf-8"))
    assert len(exported["hands"][-1]["actions"]) == now
    page.click("#keep-manage")                               # or free space: the saved matches, to remove one
    page.wait_for_selector("ul.saves li")                    # (the notice said so, with no way there)
    page.keyboard.press("Escape")
    page.reload()
    page.wait_for_selector("#resume-continue", timeout=90_000)
    assert zh["behind"] in page.inner_text("ul.saves li")     # offered as the earlier moment it is
    shot(page, output_path, "older-save-offered")
    page.click("#resume-new")                                  # a new match, storage still full
    page.wait_for_function(TABLE_UP)
    page.evaluate(NOTICES)
    play(page, 1)
    page.wait_for_function("() => window.__notices.length > 0")
    assert page.evaluate("() => window.__notices") == [zh["cannot.quota"]]
    assert page.evaluate(SLOTS) == [kept]                      # the older save untouched
    assert console_errors == []


def test_a_save_is_said_to_be_set_aside_only_when_it_was(page, site, console_errors):
    """Finding 3: with storage full, the copy made to set a save aside failed, the save was deleted
    anyway and the notice said it "was set aside" (a 4 MB corrupt save did the same)."""
    en = words("en")["keep"]
    head, size = '{"format": "mahjong-replay", "version": 1, broken', 4_000_000
    corrupt = head + "x" * size
    open_game(page, site, "lang=en&speed=instant")
    idle(page)
    # as the next page starts: only the corrupt save, and storage full
    at_next_page(page, """([head, size]) => { if (sessionStorage.getItem('test.full')) return;
        sessionStorage.setItem('test.full', '1'); localStorage.clear(); localStorage.setItem('mahjong.save', head + 'x'.repeat(size));
        (""" + FILL + """)(); }""", [head, size])
    page.reload()
    page.wait_for_selector("#banner[data-kind=notice]", timeout=90_000)
    text = page.inner_text("#banner")
    assert "could not be read" in text and "could not be set aside" in text and "was set aside" not in text, text
    assert page.evaluate("() => (localStorage.getItem('mahjong.save') || '').length") == len(corrupt)
    page.wait_for_function(TABLE_UP)
    page.evaluate(FREE)                                        # room again: now it is moved
    page.reload()
    page.wait_for_selector("#banner[data-kind=notice]", timeout=90_000)
    text = page.inner_text("#banner")
    assert en["fate.aside"].format(why=en["why.corrupt"]) in text, text
    assert page.evaluate(ASIDE) == [corrupt]
    assert page.evaluate("() => localStorage.getItem('mahjong.save')") is None
    assert console_errors == []


def nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def test_saves_that_cannot_be_read_or_sent_are_set_aside_and_the_page_plays(page, site, console_errors):
    """Findings 2 and 5: a save the page refuses to send (over 256 KB, 60,000 values, 40 deep) or the
    engine fails on (variant a list) was neither resumed nor set aside, the banner blaming the engine;
    `hands: [null]` left an empty table and no message, on every visit."""
    open_game(page, site, "lang=en&speed=instant")
    play(page, 1)
    caught_up(page)
    good = page.evaluate(SLOTS)[0]["save"]
    cases = {"hands [null]": {**good, "hands": [None]}, "variant a list": {**good, "variant": ["xinyu"]}}
    for name, padding in {"300 KB": "x" * 300_000, "60,000 values": [0] * 60_000, "40 deep": nested(40)}.items():
        cases[name] = copy.deepcopy(good)
        cases[name]["hands"][0]["position"]["padding"] = padding
    for name, save in cases.items():
        text = json.dumps(save)
        # issue 15's one save key, as the next page starts: the only thing stored
        at_next_page(page, """([name, text]) => { if (sessionStorage.getItem('test.case') === name) return;
            sessionStorage.setItem('test.case', name); localStorage.clear(); localStorage.setItem('mahjong.save', text); }""",
                     [name, text])
        page.reload()
        page.wait_for_function(TABLE_UP, timeout=90_000)       # a table, not an offer of what cannot be resumed
        page.wait_for_selector("#banner[data-kind=notice]")
        banner = page.inner_text("#banner")
        assert "set aside" in banner and "engine failed" not in banner, (name, banner)
        assert len(banner) < 600, (name, len(banner))
        assert page.evaluate(ASIDE) == [text], name
    assert console_errors == []


def test_several_matches_are_kept_and_a_link_reloaded_offers_its_own(page, site, console_errors, output_path):
    """Finding 4: one slot: `?daily` replaced an unfinished match without asking, a `seed=` page
    reloaded restarted the deal with no offer, and "New" replaced the match in play."""
    en = words("en")
    open_game(page, site, "lang=en&speed=instant&variant=longyan")
    play(page, 1)
    caught_up(page)
    first = page.evaluate(SLOTS)
    assert len(first) == 1
    open_game(page, site, "daily&hands=1&lang=en&speed=instant")  # today's deal: a match of its own
    play(page, 1)
    caught_up(page)
    saves = page.evaluate(SLOTS)
    assert len(saves) == 2 and first[0] in saves
    open_game(page, site, "seed=7&lang=en&speed=instant")
    play(page, 1)
    caught_up(page)
    before = page.evaluate("() => window.mahjong.state()")
    page.reload()                                              # the seed link's own match is offered
    page.wait_for_selector("#resume-continue", timeout=90_000)
    assert page.locator("ul.saves li").count() == 1
    page.click("#resume-continue")
    page.wait_for_function(TABLE_UP)
    idle(page)
    assert page.evaluate("() => window.mahjong.state()") == before
    page.click("#tb-newGame")                                  # "New": the match in play stays kept
    page.click("#set-start")
    page.wait_for_function("(n) => window.mahjong.state().history_length < n", arg=before["history_length"])
    play(page, 1)
    caught_up(page)
    saves = page.evaluate(SLOTS)
    assert len(saves) == 4 and first[0] in saves
    page.goto(site.url + "?lang=en&speed=instant")             # the plain page offers every one, newest first
    page.wait_for_function(TABLE_OR_OFFER, timeout=90_000)
    rows = page.locator("ul.saves li").all_inner_texts()
    shot(page, output_path, "four-saves")
    assert len(rows) == 4, rows
    assert en["variant"]["longyan"] in rows[-1] and en["variant"]["xinyu"] in rows[0]
    assert [en["keep"]["daily"] in row for row in rows] == [False, False, True, False]
    for row in rows:
        assert "Hand 1/" in row and "scores" in row and "20" in row, row   # rule set, hand n/m, scores, date
    page.click("#resume-continue-3")                           # the oldest: the Longyan match of the first page
    page.wait_for_function(TABLE_UP)
    assert page.evaluate("() => window.mahjong.state().variant") == "longyan"
    assert console_errors == []


def test_a_page_that_may_keep_nothing_says_so_once_with_the_export(page, site, console_errors, output_path):
    """Finding 1's other case: a third-party frame or a private window that refuses storage; the match
    went unsaved without a word."""
    en = words("en")["keep"]
    page.add_init_script("""Object.defineProperty(window, "localStorage", {
        get() { throw new DOMException("The operation is insecure.", "SecurityError"); } });""")
    open_game(page, site, "lang=en&speed=instant")
    page.evaluate(NOTICES)
    play(page, 3)
    page.wait_for_function("() => window.__notices.length > 0")
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.__notices") == [en["cannot.blocked"]]
    assert page.is_visible("#keep-export")
    shot(page, output_path, "blocked-notice")
    assert console_errors == []


def test_a_match_continued_in_a_second_tab_loses_neither_tabs_moves(page, site, console_errors, output_path):
    """A player continues a match in a new tab and plays on there, then comes back to the first tab
    and plays on there too: the first tab's next save once wrote over the second's moves. Each tab's
    moves are kept, the second tab's where they were and the first's as a match of its own, and the
    first tab says so in the reader's language."""
    zh = words("zh-Hant")["keep"]
    open_game(page, site, "lang=zh-Hant&speed=instant&variant=xinyu&seed=4")
    page.evaluate(NOTICES)
    play(page, 2)
    caught_up(page)
    (first,) = page.evaluate(SLOTS)
    other = page.context.new_page()
    other.goto(site.url + "?lang=zh-Hant&speed=instant&variant=xinyu&seed=4")
    other.wait_for_selector("#resume-continue", timeout=90_000)
    # its "New match" is the toolbar's, in words too (it read 新對局 beside the toolbar's 新比賽)
    assert other.inner_text("#resume-new") == other.get_attribute("#tb-newGame", "title") == "新比賽"
    other.click("#resume-continue")
    other.wait_for_function(TABLE_UP, timeout=90_000)
    play(other, 3)
    caught_up(other)
    there = other.evaluate("() => window.mahjong.state().history_length")
    (second,) = other.evaluate(SLOTS)
    assert second["key"] == first["key"]                              # the same match, continued there
    play(page, 1)                                                     # back in the first tab
    here = page.evaluate("() => window.mahjong.state().history_length")
    page.wait_for_function(SAVED_UP_TO, arg=here)
    kept = {s["key"]: len(s["save"]["hands"][-1]["actions"]) for s in page.evaluate(SLOTS)}
    assert kept[first["key"]] == there, kept                          # the second tab's moves, where they were
    assert sorted(kept.values()) == sorted([there, here]), kept       # and the first tab's beside them
    page.wait_for_function("() => window.__notices.length > 0")
    assert page.evaluate("() => window.__notices") == [zh["elsewhere"]]
    shot(page, output_path, "two-tabs")
    other.close()
    assert console_errors == []
