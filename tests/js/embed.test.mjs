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

test("to a parent the address names, a posted state carries the reader's own hand and the table, no other hand", () => {
  const state = { variant: "longyan", seat: 1, hands: [null, ["1m", "2m", "5p"], null, null], drawn: "5p", drawn_seat: 1,
    turn: 1, phase: "discard", scores: [0, 0, 0, 0], legal_actions: ["discard 5p"], is_over: false, tiles_left: 80,
    human_to_move: true, dealer: 1, seat_winds: ["4z", "1z", "2z", "3z"], gold: "5m", hand_counts: [13, 3, 13, 13],
    melds: [[], [{ type: "pong", tile: "7z", tiles: ["7z", "7z", "7z"], from: 0 }], [], []], discards: [[], [], [], []],
    flowers: [[], ["1f"], [], []], match: { hand_number: 0, hands: 8, is_over: false, results: [] } };
  const out = compact(state, true);
  assert.deepEqual(out.hand, ["1m", "2m", "5p"]);
  assert.equal(out.drawn, "5p");
  assert.equal(out.hands, undefined);
  assert.deepEqual(out.melds[1][0].tile, "7z");
  // another seat's drawn tile is not the reader's; a spectator (autoplay) has no hand
  assert.equal(compact({ ...state, drawn_seat: 2 }, true).drawn, null);
  assert.equal(compact({ ...state, seat: null }, true).hand, null);
  assert.equal(compact(state).hand, undefined);
});
