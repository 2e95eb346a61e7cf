// Who may drive the game from another window (web/embed.js).
import test from "node:test";
import assert from "node:assert/strict";

import { fromParent, compact } from "../../web/game/embed.js";

const parent = { name: "parent" };
const framed = { parent };
const top = {};
top.parent = top;

test("only the parent window's messages are taken", () => {
  assert.equal(fromParent({ source: parent, origin: "https://a.example" }, framed, null), true);
  assert.equal(fromParent({ source: { name: "sibling" }, origin: "https://a.example" }, framed, null), false);
  assert.equal(fromParent({ source: null, origin: "https://a.example" }, framed, null), false);
  assert.equal(fromParent({ source: top, origin: "https://a.example" }, top, null), false); // not in a frame
});

test("with an origin list, only a parent on one of them", () => {
  const origins = ["https://a.example", "https://b.example"];
  assert.equal(fromParent({ source: parent, origin: "https://b.example" }, framed, origins), true);
  assert.equal(fromParent({ source: parent, origin: "https://evil.example" }, framed, origins), false);
  assert.equal(fromParent({ source: parent, origin: "null" }, framed, origins), false);
});

test("a posted state carries no hands", () => {
  const state = { variant: "xinyu", seat: 0, hands: [["1m"]], turn: 0, phase: "discard", scores: [0, 0, 0, 0], legal_actions: [],
    is_over: false, tiles_left: 80, human_to_move: true, match: { hand_number: 0, hands: 8, is_over: false, results: [] } };
  const out = compact(state);
  assert.equal(out.hands, undefined);
  assert.deepEqual(out.match, { hand_number: 0, hands: 8, is_over: false });
});
