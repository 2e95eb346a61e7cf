"""A win the rules set aside is explained (issue 57, item 1): two players wait on one discard; the
player taps 胡 and the seat before them in turn wins (Longyan's one winner a tile, docs/RULES.md §4).
The table says so at once (the live region's sentence, the moment's banner) and the settlement says
why, citing the rule in the reader's words; in Xinyu with discard wins both win and nothing is set
aside."""
from __future__ import annotations

from helpers import pos
from pagehelp import SAID, base64url, open_game, shot

HANDS = ["123m456p789s111z6z3z", None, "123m456p789s222z6z", None]
# Longyan: the dealer's first discard is covered, and both may rob the gold with it: both pass
LONGYAN = {**pos("longyan", HANDS, wall="6z", gold="9m"),
           "history": [[0, "discard 3z"], [2, "pass"], [0, "pass"], [1, "discard 6z"]]}
XINYU = {**pos("xinyu", HANDS, wall="6z", options={"discard_win": True}), "history": [[0, "discard 3z"], [1, "discard 6z"]]}

SETTLE_LINE = {
    "en": "You claimed a win on Green Dragon too, but Longyan's rule: one tile has one winner, the first "
          "in turn after the player whose tile it is, and Across (West) comes before you.",
    "zh-Hans": "你也要胡发财，但龙岩规则：一张牌只有一家胡，从出牌的一家往下数，最先的一家胡；对家（西）在你之前。",
}


def test_a_win_set_aside_is_said_on_the_table_and_in_the_settlement(page, site, console_errors, output_path):
    page.add_init_script(SAID)
    page.set_viewport_size({"width": 390, "height": 844})
    for lang, line in SETTLE_LINE.items():
        open_game(page, site, f"position={base64url(LONGYAN)}&speed=fast&lang={lang}")
        page.click('#actions button[data-action="win"]')
        page.wait_for_selector("#settle p.overruled", timeout=20_000)
        shot(page, output_path, f"longyan-{lang}")
        assert page.text_content("#settle p.overruled") == line
        said = " ".join(page.evaluate("window.__said"))
        first = {"en": "Across wins this tile first", "zh-Hans": "对家先胡了这张牌"}[lang]
        assert first in said, said
    # Xinyu with discard wins: both win, the discarder pays each, no claim set aside
    open_game(page, site, f"position={base64url(XINYU)}&speed=fast&lang=en")
    page.click('#actions button[data-action="win"]')
    page.wait_for_selector("#settle .win", timeout=20_000)
    assert page.locator("#settle .win").count() == 2
    assert page.locator("#settle p.overruled").count() == 0
    assert console_errors == []
