// The one-line turn prompt (web/prompt.js): what it says in each situation, in each language,
// from the claim items of the engine's structured actions (overlay/claims.js claimItems) and `waiting_for`.
import test from "node:test";
import assert from "node:assert/strict";

import { promptOf } from "../../web/overlay/prompt.js";
import { claimItems } from "../../web/overlay/claims.js";
import { setLang } from "../../web/i18n/i18n.js";

globalThis.document ??= /** @type {any} */ ({ documentElement: {} });
const seatLabel = (seat) => ["You", "Right (South)", "Across (West)", "Left (North)"][seat];

function state(extra = {}) {
  return {
    seat: 0, hands: [["1m", "2m", "3m"], null, null, null], hand_counts: [3, 4, 4, 4], is_over: false, autoplay: false,
    human_to_move: true, waiting_for: [0], turn: 0, legal_actions: [], actions: [], ...extra,
  };
}
const say = (s, selected = null, touch = true) => promptOf(s, s.human_to_move ? claimItems(s) : [], selected, seatLabel, touch);

const discardTurn = state({ legal_actions: ["discard 1m", "discard 2m", "discard 3m"] });
const ownWin = state({
  legal_actions: ["win", "kong 1m", "discard 1m", "discard 2m"],
  actions: [{ action: "win", kind: "win", win: { category: "self_draw", multiplier: 2 } }, { action: "kong 1m", kind: "kong", tile: "1m" }],
});
const pong = state({ legal_actions: ["pong", "pass"], actions: [{ action: "pong", kind: "pong", on: "5p" }] });
const claims = state({
  legal_actions: ["pong", "kong", "win", "pass"],
  actions: [{ action: "pong", kind: "pong", on: "3m" }, { action: "kong", kind: "kong", on: "3m" },
    { action: "win", kind: "win", on: "3m", win: { category: "discard_win", multiplier: 1 } }],
});
const rob = state({ legal_actions: ["win", "pass"], gold: "9m", actions: [{ action: "win", kind: "win", window: "rob_gold", on: "9m" }] });
const thinking = state({ human_to_move: false, waiting_for: [1], turn: 1 });
const deciding = state({ human_to_move: false, waiting_for: [1, 3], turn: 2 });

test("English: a turn, a selected tile, more choices, claims, the others thinking", () => {
  setLang("en");
  assert.deepEqual(say(discardTurn), { kind: "turn", text: "Your turn: tap a tile, tap it again to discard" });
  assert.equal(say(discardTurn, null, false).text, "Your turn: click a tile, click it again to discard");
  assert.deepEqual(say(discardTurn, "2m"), { kind: "selected", text: "Tap 2 Characters again to discard it" });
  assert.equal(say(ownWin).text, "Your turn: Win, Kong 1 Characters, or tap a tile twice to discard");
  assert.deepEqual(say(pong), { kind: "claim", text: "Pong 5 Dots or pass?" });
  assert.equal(say(claims).text, "3 Characters: Win, Kong or Pong, or pass?");
  assert.equal(say(rob).text, "Rob the gold 9 Characters or pass?");
  assert.deepEqual(say(thinking), { kind: "wait", text: "Right (South) is thinking…" });
  assert.equal(say(deciding).text, "Right (South) and Left (North) are thinking…");
});

test("Chinese, both scripts: the same situations", () => {
  setLang("zh-Hans");
  assert.equal(say(discardTurn).text, "轮到你：点一张牌，再点一次打出");
  assert.equal(say(pong).text, "碰 五饼，还是过？");
  assert.equal(say(claims).text, "三万：胡、杠或碰，还是过？");
  setLang("zh-Hant");
  assert.equal(say(discardTurn).text, "輪到你：點一張牌，再點一次打出");
  assert.equal(say(rob).text, "搶金 九萬，還是過？");
  setLang("en");
});

test("no prompt at a hand's end or in the autoplay demo", () => {
  assert.deepEqual(say(state({ is_over: true, legal_actions: [] })), { kind: "", text: "" });
  assert.deepEqual(say(state({ autoplay: true, human_to_move: false, waiting_for: [1] })), { kind: "", text: "" });
});

test("the gold selected: a warning before it leaves the hand, in each language (issue 48)", () => {
  const withGold = state({ gold: "2m", legal_actions: ["discard 1m", "discard 2m", "discard 3m"] });
  setLang("en");
  assert.deepEqual(say(withGold, "2m"), { kind: "selected", warn: true,
    text: "2 Characters is the gold, wild in a winning hand: tap it again only if you mean to discard it" });
  assert.equal(say(withGold, "2m", false).text, "2 Characters is the gold, wild in a winning hand: click it again only if you mean to discard it");
  assert.deepEqual(say(withGold, "1m"), { kind: "selected", text: "Tap 1 Characters again to discard it" });
  setLang("zh-Hans");
  assert.equal(say(withGold, "2m").text, "二万是金，和牌时能当任何牌：真要打出再点一次");
  setLang("zh-Hant");
  assert.equal(say(withGold, "2m").text, "二萬是金，和牌時能當任何牌：真要打出再點一次");
  setLang("en");
});

test("a keyboard player is told the keys, never to click (issue 57)", () => {
  for (const lang of ["en", "zh-Hans", "zh-Hant"]) {
    setLang(lang);
    for (const text of [say(discardTurn, null, "key").text, say(discardTurn, "2m", "key").text, say(ownWin, null, "key").text]) {
      assert.doesNotMatch(text, /click|tap|点|點/i, text);
    }
  }
  setLang("en");
  assert.equal(say(discardTurn, "2m", "key").text, "Press Enter to discard 2 Characters");
});
