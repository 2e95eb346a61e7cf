"""The embed API as documented (issue 56 item 4): docs/embedding.md's tables of methods (their `args`
and the `value` of a reply), of a state's keys and of the kinds of refusal are read here, and each
method is called over postMessage from a host of another origin as its row says; `act` answers
`{events, state}` with the reader's hand (the frame's `origin=` names the host); a move out of turn
is `not_now`, an illegal one `illegal`, as the kinds' table defines; refusals said on the page
replace one another and leave at the next success."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "embedding.md").read_text(encoding="utf-8")
EN = json.loads((ROOT / "web" / "i18n" / "en.json").read_text(encoding="utf-8"))

# The dealer (the reader, seat 0) holds a complete hand at once (天胡): a hand over in one move.
WINNING = {"variant": "xinyu", "dealer": 0, "hands": ["123456789m12355p", "1112223334445z", "6667778889995s", "4666777888999p"]}

HOST = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Host</title></head>
<body style="margin:0"><iframe id="game" src="{src}" width="800" height="560" style="border:0"></iframe>
<script>
window.got = [];
addEventListener("message", (e) => {{ if (e.data && e.data.source === "mahjong") got.push(e.data); }});
let next = 1;
window.ask = (method, args) => new Promise((resolve) => {{
  const id = next++;
  const seen = (e) => {{ if (e.data && e.data.type === "reply" && e.data.id === id) {{ removeEventListener("message", seen); resolve(e.data); }} }};
  addEventListener("message", seen);
  const message = {{target: "mahjong", id, method}};
  if (args !== undefined) message.args = args;
  document.getElementById("game").contentWindow.postMessage(message, "*");
}});
</script></body></html>"""


def table(marker: str) -> list[list[str]]:
    """The rows of the doc's table between <!-- marker --> and <!-- /marker -->, header left out."""
    block = DOC.split(f"<!-- {marker} -->", 1)[1].split(f"<!-- /{marker} -->", 1)[0]
    rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in block.strip().splitlines()]
    return rows[2:]


def ticked(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


def example(cell: str) -> Any:
    """The example `args` of a row (the first code in the cell, as JSON), or None for `none`."""
    return None if cell == "none" else json.loads(ticked(cell)[0])


def names(cell: str) -> set[str]:
    """The keys a `{a, b}` reply names."""
    return {n.strip() for n in ticked(cell)[0].strip("{}").split(",")}


def test_every_method_answers_as_the_table_says(page, site, console_errors):
    methods = {row[0].strip("`"): row for row in table("api-methods")}
    state_rows = table("api-state")
    public = set(ticked(state_rows[0][1])) - {"hand_number", "hands", "is_over"} | {"is_over"}
    own = public | set(ticked(state_rows[1][1]))
    kinds = [row[0].strip("`") for row in table("api-kinds")]
    assert set(methods) == {"newGame", "act", "nextHand", "state", "legal", "height", "theme"}

    root = Path(site.dist).parent
    host_origin = site.parent_url.split("/parent.html")[0]
    (root / "host-api.html").write_text(HOST.format(src=f"{site.url}index.html?lang=en&speed=instant&origin={host_origin}"),
                                        encoding="utf-8")
    page.goto(f"{host_origin}/host-api.html")
    page.wait_for_function("() => got.some((m) => m.type === 'ready')", timeout=120_000)
    frame = page.frame(url=lambda u: u.startswith(site.url))
    assert frame is not None
    ask = "([method, args]) => window.ask(method, args === null ? undefined : args)"

    def call(method: str, args: Any = None) -> dict[str, Any]:
        return page.evaluate(ask, [method, args])

    def is_state(value: Any) -> None:
        assert isinstance(value, dict) and set(value) == own, set(value) ^ own
        assert set(value["match"]) == {"hand_number", "hands", "is_over"}

    # every method the page takes is one of the table's (the refusal of an unknown one lists them)
    unknown = call("no_such_method")
    assert not unknown["ok"] and unknown["kind"] == "invalid"
    assert set(re.search(r"\(methods: ([^)]*)\)", unknown["error"]).group(1).split(", ")) == set(methods)

    reply = call("newGame", example(methods["newGame"][1]))
    assert reply["ok"], reply
    is_state(reply["value"])
    assert reply["value"]["variant"] == "longyan" and reply["value"]["match"]["hands"] == 1
    frame.evaluate("() => window.mahjong.idle()")
    is_state(call("state")["value"])
    legal = call("legal")["value"]
    assert isinstance(legal, list) and legal and all(isinstance(a, str) for a in legal)

    # act, in both shapes the table gives, with a legal action of the moment
    shape = example(methods["act"][1])
    discard = next(a for a in legal if a.startswith("discard "))
    reply = call("act", {**shape, "action": discard})
    assert reply["ok"], reply
    assert set(reply["value"]) == names(methods["act"][2])
    assert any(e["type"] == "discard" for e in reply["value"]["events"])
    is_state(reply["value"]["state"])
    assert isinstance(reply["value"]["state"]["hand"], list) and reply["value"]["state"]["hand"]  # origin= names the host
    in_page = frame.evaluate("""async (a) => { const r = await window.mahjong.act(a).catch((e) => ({kind: e.kind}));
        return r.kind ?? Object.keys(r).sort().join(","); }""", "discard 3p")
    # the in-page shape when it is the reader's turn again; refused as defined while the bots still play
    assert in_page in ("events,state", "not_now", "illegal"), in_page

    # the kinds as defined: a move no hand holds is illegal, a move after the hand is over not_now
    call("newGame", {"position": WINNING, "speed": "instant", "hands": 2})
    frame.evaluate("() => window.mahjong.idle()")
    refused = call("act", "discard 9z")
    assert not refused["ok"] and refused["kind"] == "illegal", refused
    early = call("nextHand")
    assert not early["ok"] and early["kind"] == "not_now", early
    won = call("act", "win")
    assert won["ok"] and any(e["type"] == "win" for e in won["value"]["events"]), won
    late = call("act", {"action": "discard 1m"})
    assert not late["ok"] and late["kind"] == "not_now", late
    reply = call("nextHand", example(methods["nextHand"][1]))
    assert reply["ok"], reply
    is_state(reply["value"])
    assert reply["value"]["match"]["hand_number"] == 1

    reply = call("height", example(methods["height"][1]))
    assert reply["ok"] and set(reply["value"]) == names(methods["height"][2])
    reply = call("theme", example(methods["theme"][1]))
    assert reply["ok"] and set(reply["value"]) == names(methods["theme"][2])

    # every refusal's kind is one the table defines, and so is every error event's
    got = page.evaluate("() => got")
    seen = {m["kind"] for m in got if m["type"] == "reply" and not m["ok"]} | {m["detail"]["kind"] for m in got if m["type"] == "error"}
    assert seen <= set(kinds), seen
    assert console_errors == []


def test_refusals_said_on_the_page_replace_one_another_and_leave_at_the_next_success(page, site, console_errors):
    root = Path(site.dist).parent
    host_origin = site.parent_url.split("/parent.html")[0]
    (root / "host-api-said.html").write_text(HOST.format(src=f"{site.url}index.html?lang=en&speed=instant"), encoding="utf-8")
    page.goto(f"{host_origin}/host-api-said.html")
    page.wait_for_function("() => got.some((m) => m.type === 'ready')", timeout=120_000)
    frame = page.frame(url=lambda u: u.startswith(site.url))
    ask = "([method, args]) => window.ask(method, args)"
    prefix = EN["error"]["notAccepted"].split("{message}")[0]
    for args in ({"hands": 0}, {"level": "genius"}, {"colour": "red"}):
        assert not page.evaluate(ask, ["newGame", args])["ok"]
    frame.wait_for_selector("#banner[data-kind=notice]")
    lines = frame.eval_on_selector_all("#banner p", "ps => ps.map((p) => p.textContent)")
    refusals = [line for line in lines if line.startswith(prefix)]
    assert len(refusals) == 1 and "colour" in refusals[0], lines
    assert page.evaluate(ask, ["newGame", {"variant": "xinyu", "seed": 5}])["ok"]
    frame.wait_for_function("() => document.getElementById('banner').hidden || ![...document.querySelectorAll('#banner p')].some((p) => p.textContent.startsWith(%s))" % json.dumps(prefix))
    assert console_errors == []
