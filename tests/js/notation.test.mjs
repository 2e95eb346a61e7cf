// The hand notation (web/art/notation.js) and the diagram's layout (web/art/handdraw.js): every part
// is read and written back the same (parseHand(formatHand(spec)) is the spec, formatHand(parseHand(
// text)) the text in its one order), a part that cannot be read is pointed at, and the layout lays
// what the notation says: claimed tiles turned where their giver sits, the drawn tile apart, the
// turned gold shown or not, lines no wider than asked, the pond in rows of six.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseHand, formatHand, NotationError } from "../../web/art/notation.js";
import { layoutHand } from "../../web/art/handdraw.js";
import { TILE_H } from "../../web/art/tiles.js";

const strip = ({ spans: _spans, ...spec }) => spec;

const CANONICAL = [
  "123m456p789s11z5m",
  "123m456p789s11z5m|pong 7z|gold 5m",
  "1234m|kong 1z from across|concealed_kong 9s|flowers 15f",
  "123m456p789s1z|win 1z from left|gold 5m hidden",
  "123m456p789s1z|draw 4p",
  "11m|pong 2p from left|added_kong 3s from right|kong 4m from across|added_kong 5z",
  "xxxxxxxxxx|pong 7z from right|pond 19m*5z3px",
  "|pond 1m*2m*x*",
  "xx1mx",
];

test("every notation is read and written back as it was (its one order)", () => {
  for (const text of CANONICAL) {
    const spec = parseHand(text);
    assert.equal(formatHand(spec), text, text);
    assert.deepEqual(strip(parseHand(formatHand(spec))), strip(spec), text);
  }
});

test("the parts mean what the author's guide says", () => {
  const spec = parseHand("xx12m|win 3m from left|pong 7z from across|gold 5m hidden|pond 1p2p*x");
  assert.deepEqual(spec.hand, ["back", "back", "1m", "2m"]);
  assert.deepEqual(spec.drawn, { tile: "3m", win: true, from: "left" });
  assert.deepEqual(spec.melds, [{ type: "pong", tile: "7z", from: "across" }]);
  assert.equal(spec.gold, "5m");
  assert.equal(spec.goldShown, false);
  assert.deepEqual(spec.pond, [{ tile: "1p", claimed: false }, { tile: "2p", claimed: true }, { tile: "back", claimed: false }]);
  assert.deepEqual(spec.spans.find((s) => s.part === "drawn"), { code: "3m", at: [10, 12], part: "drawn" });
  // parts in any order, written back in the one order
  assert.equal(formatHand(parseHand("1m|gold 5m|pond 2m|draw 3m|pong 4m")), "1m|draw 3m|pong 4m|gold 5m|pond 2m");
  // the old notation reads as before
  assert.equal(parseHand("123m|pong 7z|gold 5m").goldShown, true);
  assert.equal(parseHand("123m|pong 7z").melds[0].from, null);
});

test("a part that cannot be read is pointed at", () => {
  const fails = {
    "123m|pong 7z from behind": ["notation.badFrom", [13, 24]],
    "123m|concealed_kong 9s from left": ["notation.fromHere", [23, 32]],
    "123m|gold 5m hiddenly": ["notation.badChar", [13, 14]],
    "123m|gold 5m hidden now": ["notation.hiddenHere", [13, 23]],
    "123m|pong x": ["notation.backHere", [10, 11]],
    "12*m": ["notation.markHere", [2, 3]],
    "1m|pond *1m": ["notation.markHere", [8, 9]],
    "1m|draw 2m|win 3m": ["notation.twoDrawn", [11, 17]],
    "1m|draw 2m3m": ["notation.drawOneTile", [3, 12]],
    "1m|river 2m": ["notation.badPart", [3, 8]],
  };
  for (const [text, [key, at]] of Object.entries(fails)) {
    assert.throws(() => parseHand(text), (error) => error instanceof NotationError && error.key === key
      && error.at[0] === at[0] && error.at[1] === at[1], text);
  }
});

test("the layout: claimed tiles turned where their giver sits, the drawn tile apart, the turned gold shown or not", () => {
  const w = 40;
  const H = w * TILE_H;
  const turned = (text) => layoutHand(parseHand(text), w).tiles.map((t) => (t.angle ? 1 : 0)).join("");
  assert.equal(turned("1m|pong 7z from left"), "0100");
  assert.equal(turned("1m|pong 7z from across"), "0010");
  assert.equal(turned("1m|pong 7z from right"), "0001");
  assert.equal(turned("1m|kong 7z from right"), "00001");
  assert.equal(turned("1m|pong 7z"), "0000");
  // an added kong's tile lies on the claimed one: two turned tiles, one above the other
  const added = layoutHand(parseHand("1m|added_kong 7z from left"), w).tiles.filter((t) => t.angle);
  assert.equal(added.length, 2);
  assert.ok(Math.abs(added[0].x - added[1].x) < 1e-9 && Math.abs(added[0].y - added[1].y - w) < 1e-9);
  // the drawn tile: a gap after the hand
  const drawn = layoutHand(parseHand("12m|draw 3m"), w).tiles;
  assert.ok(drawn[2].x - drawn[1].x > w + 5);
  // the turned gold: drawn on its plate, or not at all
  assert.equal(layoutHand(parseHand("12m|gold 5m"), w).tiles.length, 3);
  assert.equal(layoutHand(parseHand("12m|gold 5m"), w).plates.length, 1);
  assert.equal(layoutHand(parseHand("12m|gold 5m hidden"), w).tiles.length, 2);
  assert.equal(layoutHand(parseHand("12m|gold 5m hidden"), w).plates.length, 0);
  // the winning tile outlined, golds marked
  const win = layoutHand(parseHand("5m|win 5m|gold 5m hidden"), w).tiles;
  assert.deepEqual(win.map((t) => t.look), ["gold", "gold+hi"]);
  assert.ok(H > w);
});

test("lines no wider than asked, or as many as asked; the pond in rows of six", () => {
  const w = 30;
  const spec = parseHand("123456789m12345p|pong 7z|kong 1m|pong 2z");
  const one = layoutHand(spec, w);
  const narrow = layoutHand(spec, w, { maxWidth: 300 });
  assert.ok(one.width > 600);
  assert.ok(narrow.width <= 300, narrow.width);
  const rows = new Set(narrow.tiles.map((t) => Math.round(t.y)));
  assert.ok(rows.size >= 3, [...rows].join());
  // a meld is never split across lines
  const pong = narrow.tiles.slice(14, 17).map((t) => Math.round(t.y));
  assert.equal(new Set(pong).size, 1);
  const two = layoutHand(spec, w, { rows: 2 });
  assert.equal(new Set(two.tiles.map((t) => Math.round(t.y))).size, 2);
  assert.equal(new Set(layoutHand(spec, w, { rows: 1 }).tiles.map((t) => Math.round(t.y))).size, 1);
  // the pond: rows of six under the hand, claimed discards dimmed
  const pond = layoutHand(parseHand("1m|pond 123456789m1p2p*3p4p"), w).tiles.slice(1);
  assert.deepEqual([...new Set(pond.map((t) => Math.round(t.y)))].length, 3);
  assert.equal(pond.filter((t) => Math.round(t.y) === Math.round(pond[0].y)).length, 6);
  assert.deepEqual(pond.map((t) => t.look).filter(Boolean), ["dim"]);
  assert.ok(pond[0].y > layoutHand(parseHand("1m"), w).tiles[0].y + w);
});
