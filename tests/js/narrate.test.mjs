// The table's sentences (web/table/narrate.js, moments.js) with the player as their subject or
// inside them (issue 36): "You discard 5 Dots", "Right pays you 2", "Your covered tile: …", never
// "You discards", "You pays Left 1", "You's covered tile"; a kong's payment names its kong.
import test from "node:test";
import assert from "node:assert/strict";

import { narrate } from "../../web/table/narrate.js";
import { momentOf } from "../../web/table/moments.js";
import { setLang } from "../../web/i18n/i18n.js";

globalThis.document ??= /** @type {any} */ ({ documentElement: {} });
const seatName = (seat) => ["You", "Right", "Across", "Left"][seat];
const state = { seat: 0, autoplay: false, discards: [[], [], [], []] };
const THIRD_PERSON = /\bYou(?:'s| (?:pays|wins|discards|draws|passes|pongs|kongs|declares|adds|has|sets)\b)|\b(?:to|from|of|pays|on) You\b/;

const mine = [
  { type: "flower", seat: 0, tile: "5f" }, { type: "flower_kong", seat: 0, count: 1 },
  { type: "discard", seat: 0, tile: "5p" }, { type: "discard", seat: 0, tile: null, covered: true },
  { type: "reveal", seat: 0, tile: "2s" }, { type: "pong", seat: 0, tile: "5p", from: 2 },
  { type: "kong", seat: 0, tile: "5p", kind: "kong", from: 1 }, { type: "kong", seat: 0, tile: "5p", kind: "added_kong" },
  { type: "kong", seat: 0, tile: "5p", kind: "concealed_kong" }, { type: "kong", seat: 0, tile: null, kind: "concealed_kong" },
  { type: "pass", seat: 0 }, { type: "swim", seat: 0, level: 1, tile: "3m" },
  { type: "payment", from: 0, to: 3, amount: 1, reason: "win" }, { type: "payment", from: 2, to: 0, amount: 2, reason: "kong", tile: "6s" },
  { type: "win", seat: 0, category: "self_draw", discarder: null }, { type: "win", seat: 0, category: "discard_win", discarder: 3 },
  { type: "win", seat: 2, category: "discard_win", discarder: 0 }, { type: "pong", seat: 1, tile: "5p", from: 0 },
];

test("English: the player's own sentences say 'you' as English does", () => {
  setLang("en");
  const said = mine.map((ev) => narrate(ev, state, seatName));
  for (const line of said) {
    assert.ok(line && !THIRD_PERSON.test(line) && !line.includes("{"), line);
  }
  assert.equal(said[2], "You discard 5 Dots.");
  assert.equal(said[12], "You pay Left 1 (win).");
  assert.equal(said[13], "Across pays you 2 (kong of 6 Bamboo).");
  assert.equal(said[16], "Across wins on your tile: Discard win!");
  assert.equal(said[17], "Right pongs 5 Dots from you.");
  const reveal = momentOf({ type: "reveal", seat: 0, tile: "2s" }, [], state, seatName);
  assert.equal(reveal.sub, "Your covered tile: 2 Bamboo");
});

test("Chinese: the same sentences, whole, with 你", () => {
  for (const lang of ["zh-Hans", "zh-Hant"]) {
    setLang(lang);
    for (const ev of mine) {
      const line = narrate(ev, state, (seat) => ["你", "下家", "对家", "上家"][seat]);
      assert.ok(line && !/[A-Za-z{]/.test(line), `${lang}: ${line}`);
    }
  }
  setLang("en");
});
