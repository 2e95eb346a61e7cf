"""Every save written or said (issue 44 findings 2-4): issue 15's one save `mahjong.save`, continued in
two tabs, loses neither tab's moves (it moves to a key of its own at the first write); a failed write
is said once a match, not once a page; saves that cannot be read are set aside and said with their
true count, none deleted in the pass that says so; another version's saves are left as they are."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pagehelp import TABLE_UP, idle, open_game

ROOT = Path(__file__).resolve().parents[2]

SLOTS = """() => Object.keys(localStorage).filter(k => k.startsWith('mahjong.match.'))
    .map(k => ({key: k, ...JSON.parse(localStorage.getItem(k))}))"""
FILL = """() => { let n = 0;
    for (let size = 1 << 20; size >= 1;) { try { localStorage.setItem('test.junk.' + n, 'x'.repeat(size)); n++ } catch { size >>= 1 } } }"""
NOTICES = "() => { window.__notices = []; window.mahjong.on('notice', (d) => window.__notices.push(...d.messages)); }"
ASIDE = """() => Object.keys(localStorage).filter(k => k.startsWith('mahjong.save.aside.')).map(k => localStorage.getItem(k))"""


def words(lang: str) -> dict[str, Any]:
    return json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text("utf-8"))["keep"]


def play(page, moves: int) -> None:
    for _ in range(moves):
        s = idle(page)
        discards = [a for a in s["legal"] if a.startswith("discard ")]
        page.evaluate("(a) => window.mahjong.act(a)", discards[-1] if discards else "pass")
    idle(page)


def saved_up_to(page) -> None:
    """Waits until a kept match holds every action on the table."""
    n = page.evaluate("() => window.mahjong.state().history_length")
    page.wait_for_function("(n) => (" + SLOTS + ")().some((s) => s.save.hands.at(-1).actions.length === n)", arg=n)


def a_save(page, site) -> dict[str, Any]:
    """A save of a match two moves in, as the engine writes it."""
    open_game(page, site, "lang=en&speed=instant&variant=xinyu&seed=4")
    play(page, 2)
    return page.evaluate("async () => (await window.mahjong._call('save')).save")


def continue_offered(page) -> None:
    page.wait_for_selector("#resume-continue", timeout=90_000)
    page.evaluate(NOTICES)
    page.click("#resume-continue")
    page.wait_for_function(TABLE_UP, timeout=90_000)


def test_the_old_single_save_continued_in_two_tabs_keeps_both_tabs_moves(page, site, console_errors):
    save = a_save(page, site)
    page.evaluate("(save) => { localStorage.clear(); localStorage.setItem('mahjong.save', JSON.stringify(save)); }", save)
    start = len(save["hands"][-1]["actions"])
    page.goto(site.url + "?lang=en&speed=instant")
    continue_offered(page)
    other = page.context.new_page()
    other.goto(site.url + "?lang=en&speed=instant")
    continue_offered(other)
    play(page, 2)
    saved_up_to(page)
    here = page.evaluate("() => window.mahjong.state().history_length")
    play(other, 1)
    saved_up_to(other)
    there = other.evaluate("() => window.mahjong.state().history_length")
    assert here > start and there > start and here != there
    kept = sorted(len(s["save"]["hands"][-1]["actions"]) for s in page.evaluate(SLOTS))
    assert kept == sorted([here, there]), kept                       # each tab's moves, under keys of their own
    assert page.evaluate("() => localStorage.getItem('mahjong.save')") is None   # moved, not copied
    # the second tab to write says so (as it continued: the first had moved the save already)
    said = [page.evaluate("() => window.__notices"), other.evaluate("() => window.__notices")]
    assert sorted(said) == [[], [words("en")["elsewhere"]]], said
    other.close()
    assert console_errors == []


def test_full_storage_is_said_for_each_match(page, site, console_errors):
    zh = words("zh-Hans")
    open_game(page, site, "lang=zh-Hans&speed=instant&variant=xinyu")
    page.evaluate(NOTICES)
    play(page, 1)
    saved_up_to(page)
    page.evaluate(FILL)
    play(page, 2)
    page.wait_for_function("() => window.__notices.length > 0")
    assert page.evaluate("() => window.__notices") == [zh["cannot.quota"]]
    # a second match in the same page: not saved either, and said so again
    page.evaluate("() => window.mahjong.newGame({seed: 8})")
    play(page, 2)
    page.wait_for_function("() => window.__notices.length > 1")
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.__notices") == [zh["cannot.quota"]] * 2
    assert console_errors == []


def test_saves_set_aside_are_counted_true_and_none_is_deleted_as_it_is_said(page, site, console_errors):
    en = words("en")
    save = a_save(page, site)
    other_version = {**save, "version": 2}
    page.evaluate("""([save, other]) => { localStorage.clear();
        const now = Date.now();
        for (let i = 0; i < 3; i++) localStorage.setItem('mahjong.match.good' + i,
            JSON.stringify({kind: 'mahjong-save', link: '', at: now - i * 1000, behind: false, save}));
        for (let i = 0; i < 6; i++) localStorage.setItem('mahjong.match.bad' + i, '{"kind": "mahjong-save", broken ' + i);
        for (let i = 0; i < 4; i++) localStorage.setItem('mahjong.save.aside.' + (1000 + i), 'an older one ' + i);
        localStorage.setItem('mahjong.match.next', JSON.stringify({kind: 'mahjong-save', link: '', at: now, behind: false, save: other}));
    }""", [save, other_version])
    page.goto(site.url + "?lang=en&speed=instant")
    page.wait_for_selector("#resume-continue", timeout=90_000)
    page.wait_for_selector("#banner[data-kind=notice]")
    asides = page.evaluate(ASIDE)
    for i in range(6):                                                 # every one said to be set aside is there
        assert f'{{"kind": "mahjong-save", broken {i}' in asides, asides
    assert len([a for a in asides if a.startswith("an older one")]) == 0   # the older ones beyond the cap went
    banner = page.inner_text("#banner")
    assert "more saves" not in banner                                  # one line, with the true count
    assert en["fate.asideMany"].replace("{why}", en["whyMany.corrupt"].replace("{n}", "6")) in banner
    assert en["other.one"] in banner
    # another version's save is where it was, untouched, and not offered
    assert json.loads(page.evaluate("() => localStorage.getItem('mahjong.match.next')"))["save"]["version"] == 2
    assert page.locator("ul.saves li").count() == 3
    assert console_errors == []
