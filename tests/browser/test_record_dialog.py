"""The player's record (issue 48): every match played to its end in this browser, with figures per
rule set, to browse from the settings, export to a file and import back losing nothing. A file that
is no record is said in the reader's language and changes nothing; a line naming a rule set this
page does not know shows as text; nothing is sent anywhere. On an upright phone in 简体, by taps."""
from __future__ import annotations

import json
from pathlib import Path

from pagehelp import phone_visit, shot

ROOT = Path(__file__).resolve().parents[2]
ZH = json.loads((ROOT / "web" / "i18n" / "zh-Hans.json").read_text(encoding="utf-8"))
EN = json.loads((ROOT / "web" / "i18n" / "en.json").read_text(encoding="utf-8"))

DAY = 1_767_000_000_000  # a December 2025 day, in ms
LINES = [
    {"variant": "xinyu", "at": DAY, "hands": 8, "score": 12, "place": 1, "wins": 3, "dealtIn": 1},
    {"variant": "longyan", "at": DAY + 3_600_000, "hands": 8, "score": -6, "place": 3, "wins": 1, "dealtIn": 2},
    {"variant": "xinyu", "at": DAY + 7_200_000, "hands": 4, "score": -4, "place": 4, "wins": 0, "dealtIn": 1},
    # a line of a rule set this page does not know (a newer page's, or a hand-made file): shown as text
    {"variant": "<img src=x onerror=window.__x=1>", "at": DAY + 9_000_000, "hands": 1, "score": 0, "place": 2, "wins": 0, "dealtIn": 0},
]
LATER = {"variant": "longyan", "at": DAY + 86_400_000, "hands": 1, "score": 7, "place": 1, "wins": 1, "dealtIn": 0}

STORED = "() => JSON.parse(localStorage.getItem('mahjong.record') || '[]')"
BY_DATE = "() => JSON.parse(localStorage.getItem('mahjong.record') || '[]').sort((a, b) => a.at - b.at)"


def open_record(page) -> None:
    page.tap("#tb-settings")
    page.wait_for_selector("#settings")
    page.tap("#set-record")
    page.wait_for_selector("#record")


def test_the_record_is_browsed_exported_and_imported_back_losing_nothing(browser, site, output_path, tmp_path):
    context, page, errors = phone_visit(browser, accept_downloads=True)
    sent = []
    page.on("request", lambda r: sent.append(r.url))
    try:
        page.goto(site.url + "?lang=zh-Hans")
        page.wait_for_function("() => !!(window.mahjong && window.mahjong.state)", timeout=90_000)
        page.evaluate("(lines) => localStorage.setItem('mahjong.record', JSON.stringify(lines))", LINES)
        page.wait_for_selector("#tb-settings")
        if page.locator("#welcome:not([hidden])").count():
            page.tap("#welcome-play-xinyu")
        open_record(page)
        shot(page, output_path, "record-390x844")

        # the figures per rule set, each named in the reader's words (or as written, as text)
        rows = page.eval_on_selector_all("#record-figures tbody tr", "rs => rs.map((r) => [...r.cells].map((c) => c.textContent))")
        by_name = {r[0]: r for r in rows}
        xinyu = by_name[ZH["variant"]["xinyu"]]
        assert xinyu[1:] == ["2", "12", "3 (25%)", "2 (17%)", "4", "1"], xinyu
        assert by_name[ZH["variant"]["longyan"]][1:3] == ["1", "8"]
        assert "<img src=x onerror=window.__x=1>" in by_name, rows
        assert page.evaluate("() => window.__x === undefined && !document.querySelector('#record img')")
        # every match, newest first
        matches = page.eval_on_selector_all("#record-matches tbody tr", "rs => rs.map((r) => [...r.cells].map((c) => c.textContent))")
        assert [m[1] for m in matches[1:]] == [ZH["variant"]["xinyu"], ZH["variant"]["longyan"], ZH["variant"]["xinyu"]], matches
        assert [m[3] for m in matches] == ["0", "-4", "-6", "12"], matches
        text = page.inner_text("#record")
        assert "record." not in text and "variant." not in text, text
        assert ZH["record"]["note"] in text

        # export: a file holding every line
        with page.expect_download() as download:
            page.tap("#record-export")
        kept = tmp_path / "record.json"
        download.value.save_as(kept)
        data = json.loads(kept.read_text(encoding="utf-8"))
        assert data["kind"] == "mahjong-record" and data["lines"] == LINES
        assert page.inner_text("#record-status") == ZH["record"]["exported"].replace("{n}", "4")

        # another browser (or a cleared one) with a match of its own: the import adds, keeps what is there
        page.evaluate("(line) => localStorage.setItem('mahjong.record', JSON.stringify([line]))", LATER)
        page.set_input_files("#record-file", str(kept))
        page.wait_for_function("(n) => document.querySelectorAll('#record-matches tbody tr').length === n", arg=5)
        assert page.inner_text("#record-status") == ZH["record"]["imported"].replace("{added}", "4").replace("{known}", "0")
        assert page.evaluate(BY_DATE) == LINES + [LATER]
        page.set_input_files("#record-file", str(kept))  # the same file again: nothing twice
        page.wait_for_function("(s) => document.getElementById('record-status').textContent === s",
                               arg=ZH["record"]["imported"].replace("{added}", "0").replace("{known}", "4"))
        assert page.evaluate(BY_DATE) == LINES + [LATER]

        # files that are no record: said in the reader's language, the record unchanged
        bad = tmp_path / "notes.txt"
        bad.write_text("{ not json", encoding="utf-8")
        replay = tmp_path / "replay.json"
        replay.write_text(json.dumps({"format": "mahjong-replay", "variant": "xinyu", "hands": []}), encoding="utf-8")
        half = tmp_path / "half.json"
        half.write_text(json.dumps({"kind": "mahjong-record", "version": 1, "lines": [LATER, {"variant": "xinyu", "at": "yesterday"}]}),
                        encoding="utf-8")
        for path, said in ((bad, ZH["record"]["bad.json"]), (replay, ZH["record"]["bad.kind"]),
                           (half, ZH["record"]["imported"].replace("{added}", "0").replace("{known}", "1") + " "
                            + ZH["record"]["badLines"].replace("{n}", "1"))):
            page.set_input_files("#record-file", str(path))
            page.wait_for_function("(s) => document.getElementById('record-status').textContent === s", arg=said)
            assert page.evaluate(BY_DATE) == LINES + [LATER]
        shot(page, output_path, "record-after-imports")

        # the dialog in English once the page's language changes
        page.tap("#record-close")
        page.wait_for_selector("#record", state="detached")
        assert all(url.startswith(site.url) or url.startswith(("blob:", "data:")) for url in sent), \
            [u for u in sent if not u.startswith(site.url)]
        assert errors == []
    finally:
        context.close()


def test_an_empty_record_says_so_in_english_on_a_desktop(page, site, console_errors, output_path):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(site.url + "?lang=en")
    page.wait_for_function("() => !!(window.mahjong && window.mahjong.state)", timeout=90_000)
    if page.locator("#welcome:not([hidden])").count():
        page.click("#welcome-play-xinyu")
    page.click("#tb-settings")
    page.click("#set-record")
    page.wait_for_selector("#record-empty")
    assert page.inner_text("#record-empty") == EN["record"]["empty"]
    page.click("#record-export")
    assert page.inner_text("#record-status") == EN["record"]["nothing"]
    shot(page, output_path, "record-empty-1280x800")
    page.keyboard.press("Escape")
    page.wait_for_selector("#record", state="detached")
    assert console_errors == []


def test_a_record_with_dates_out_of_range_and_from_the_future_opens_on_the_next_visit(browser, site, output_path, tmp_path):
    """Issue 55: a line dated 8640000000000001 (or 1e300) stored by an older page made the record throw
    when drawn and the game page fail; 2,500 lines dated 2100 dropped the matches kept. Now such dates
    are unknown, the import adds after what is kept, and the record opens on the next visit."""
    context, page, errors = phone_visit(browser, accept_downloads=True)
    try:
        page.goto(site.url + "?lang=zh-Hans")
        page.wait_for_function("() => !!(window.mahjong && window.mahjong.state)", timeout=90_000)
        poisoned = LINES[:3] + [dict(LINES[0], at=8640000000000001), dict(LINES[1], at=1e300)]
        page.evaluate("(lines) => localStorage.setItem('mahjong.record', JSON.stringify(lines))", poisoned)
        kept = page.evaluate(STORED)
        for visit in range(2):
            page.reload()  # the next visit
            page.wait_for_function("() => !!(window.mahjong && window.mahjong.state)", timeout=90_000)
            page.wait_for_selector("#tb-settings")
            if page.locator("#welcome:not([hidden])").count():
                page.tap("#welcome-play-xinyu")
            open_record(page)
            cells = page.eval_on_selector_all("#record-matches tbody tr td:first-child", "cs => cs.map((c) => c.textContent)")
            assert len(cells) == min(200, len(page.evaluate(STORED))), cells
            assert cells.count(ZH["record"]["unknownDate"]) == (2 if visit == 0 else 200 - 3), cells[:5]
            assert ZH["record"]["cap"].replace("{n}", "10000") in page.inner_text("#record")
            assert page.evaluate(STORED)[:len(kept)] == kept  # nothing kept is changed or dropped
            if visit == 0:
                future = [dict(LINES[i % 3], at=4_102_444_800_000 + i * 60_000, score=100 + i % 50) for i in range(2500)]
                path = tmp_path / "future.json"
                path.write_text(json.dumps({"kind": "mahjong-record", "version": 1, "lines": future}), encoding="utf-8")
                page.set_input_files("#record-file", str(path))
                said = (ZH["record"]["imported"].replace("{added}", "2500").replace("{known}", "0") + " "
                        + ZH["record"]["undated"].replace("{n}", "2500"))
                page.wait_for_function("() => document.getElementById('record-status').textContent !== ''")
                assert page.inner_text("#record-status") == said
                assert len(page.evaluate(STORED)) == 2505
                shot(page, output_path, "record-future-imported")
        # a record whose list cannot be drawn (here the browser's date formatting throws): the figures
        # still show, and the stored text is offered as a file, as it is
        page.tap("#record-close")
        page.wait_for_selector("#record", state="detached")
        page.evaluate("() => { Intl.DateTimeFormat = function () { throw new RangeError('Invalid time value'); }; }")
        open_record(page)
        page.wait_for_selector("#record-broken")
        assert page.inner_text("#record-broken") == ZH["record"]["broken"]
        assert page.locator("#record-figures tbody tr").count() == 2  # xinyu, longyan
        with page.expect_download() as download:
            page.tap("#record-export-raw")
        raw = tmp_path / "raw.json"
        download.value.save_as(raw)
        assert raw.read_text(encoding="utf-8") == page.evaluate("() => localStorage.getItem('mahjong.record')")
        assert errors == []
    finally:
        context.close()


def test_a_match_under_way_counts_in_the_record_and_xinyu_has_no_deal_in_figure(browser, site):
    """Issue 57: the match under way (its finished hands, from its save) counts, marked as under way;
    Xinyu is self-draw only, so its figures say no deal-in rate."""
    from pagehelp import base64url

    winning = {"variant": "xinyu", "dealer": 0, "hands": ["123456789m12355p", "1112223334445z", "6667778889995s", "4666777888999p"]}
    context, page, errors = phone_visit(browser)
    try:
        page.goto(site.url + f"?lang=zh-Hans&speed=instant&hands=2&position={base64url(winning)}")
        page.wait_for_function("() => !!(window.mahjong && window.mahjong.state && window.mahjong.state())", timeout=90_000)
        page.evaluate("() => window.mahjong.idle()")
        page.evaluate("() => window.mahjong.act('win')")
        page.wait_for_function("""() => Object.keys(localStorage).some((k) => k.startsWith('mahjong.match.')
            && JSON.parse(localStorage.getItem(k)).save.hands.some((h) => h.result))""")
        page.wait_for_selector("#settle")
        page.evaluate("() => window.mahjong.nextHand()")
        page.wait_for_selector("#settle", state="detached")
        open_record(page)
        row = page.eval_on_selector("#record-matches tbody tr[data-underway]", "r => [...r.cells].map((c) => c.textContent)")
        assert row[0] == ZH["record"]["underway"] and row[1] == ZH["variant"]["xinyu"], row
        assert row[2] == "1" and row[5] == "1" and int(row[3]) > 0 and row[4] == "1", row  # a hand, won, paid, first
        figures = page.eval_on_selector("#record-figures tbody tr", "r => [...r.cells].map((c) => c.textContent)")
        assert figures[1] == ZH["record"]["withUnderway"].replace("{matches}", "0").replace("{underway}", "1"), figures
        assert figures[2] == "1" and figures[3] == "1 (100%)" and figures[4] == ZH["record"]["noDealIn"], figures
        assert errors == []
    finally:
        context.close()
