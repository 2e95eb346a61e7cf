"""The settlement says why every point moved: a Longyan hand's arithmetic names the dealer's part
where the dealer's payment differs from the others' (docs/RULES.md §3 Win settlement: a dealer
pays 2b to a non-dealer's win; a dealer's win is paid 2b by each), so that no "2b" or "3" stands
unexplained."""
from __future__ import annotations

import pytest

from pagehelp import base64url, open_game, shot

# Longyan, the dealer (Left, seat 3) discards the South wind, which the player waits on (having
# passed on robbing the gold).
DEALER_DISCARDS = {"variant": "longyan", "dealer": 3, "gold": "9p",
                   "hands": ["123m456p789s1112z", "258m369p147s3z4z6z7z", "369m147p258s3z4z6z7z", "147m258p369s2z3z4z6z7z"],
                   "history": [[3, "discard 2z"], [0, "pass"]]}
# Longyan, the player deals and wins on Right's South wind.
DEALER_WINS = {"variant": "longyan", "dealer": 0, "gold": "9p",
               "hands": ["123m456p789s111z2z7z", "258m369p147s2z3z4z6z", "369m147p258s3z4z6z7z", "147m258p369s3z4z6z7z"],
               "history": [[0, "discard 7z"], [0, "pass"], [1, "discard 2z"]]}

CASES = {
    ("dealer-discards", "en"): "Discard win, with base b = 1: the others pay b = 1 each, "
                               "Left (East), the dealer who discarded it, pays 2b + 1 = 3",
    ("dealer-discards", "zh-Hans"): "胡牌，底分 b = 1：其他人各付 b = 1，上家（东）是庄家又点炮，付 2b + 1 = 3",
    ("dealer-wins", "en"): "Discard win, with base b = 1: the dealer's win counts double, "
                           "the others pay 2b = 2 each, Right (South), who discarded it, pays 2b + 1 = 3",
    ("dealer-wins", "zh-Hant"): "胡牌，底分 b = 1：莊家胡牌加倍，其他人各付 2b = 2，下家（南）點炮，付 2b + 1 = 3",
}


@pytest.mark.parametrize("case,lang", list(CASES))
def test_the_dealers_part_in_a_longyan_settlement_is_named(page, site, console_errors, output_path, case, lang):
    position = DEALER_DISCARDS if case == "dealer-discards" else DEALER_WINS
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, site, f"position={base64url(position)}&speed=instant&lang={lang}")
    page.click('#actions button[data-action="win"]')
    page.wait_for_selector("#settle .arithmetic", timeout=15_000)
    shot(page, output_path, f"{case}-{lang}")
    assert page.text_content("#settle .arithmetic") == CASES[(case, lang)]
    assert console_errors == []


# Xinyu, the player deals and holds a winning hand: a self-draw that each other player pays alike.
WIN_AT_ONCE = {"variant": "xinyu", "dealer": 0,
               "hands": ["123456789m12355p", "1112223334445z", "6667778889995s", "4666777888999p"]}


def test_the_final_standings_give_equal_scores_an_equal_place(page, site, console_errors, output_path):
    """A one-hand match where the three who paid end equal: they share second place (it read 2, 3,
    4 for the same score, the player's seat first, as if the tie were broken by seat)."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_game(page, site, f"position={base64url(WIN_AT_ONCE)}&hands=1&speed=instant&lang=en")
    page.click('#actions button[data-action="win"]')
    page.wait_for_selector("#settle table.standings", timeout=15_000)
    rows = page.eval_on_selector_all("#settle table.standings tbody tr",
                                     "rows => rows.map((r) => [...r.cells].map((c) => c.textContent))")
    page.locator("#settle table.standings").scroll_into_view_if_needed()
    shot(page, output_path, "standings")
    assert [r[0] for r in rows] == ["1", "2", "2", "2"], rows
    assert rows[0][1] == "You (East)" and len({r[2] for r in rows[1:]}) == 1, rows
    assert console_errors == []
