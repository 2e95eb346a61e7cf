// What an intent means now (web/table/deeds.js): a deed the page plays, never a call back into it;
// and the hit test of the hand (web/table/input.js handTileAt), read from the regions the last frame painted.
import test from "node:test";
import assert from "node:assert/strict";

import { deedOf } from "../../web/table/deeds.js";
import { handTileAt } from "../../web/table/input.js";
import { createStore } from "../../web/table/store.js";

function storeWith(extra = {}) {
  let match = 0;
  const store = createStore({ newMatch: () => ++match }, "en");
  store.setState({
    seat: 0, hands: [["1m", "2m", "3m", "9p", "5s"], null, null, null], hand_counts: [5, 4, 4, 4],
    drawn: null, human_to_move: true, legal_actions: ["discard 1m", "discard 2m", "discard 3m", "discard 9p", "discard 5s"],
    ...extra,
  }, 5);
  return store;
}
const idle = { busy: false, dialogOpen: false };

test("a first tap selects the tile and says its name; a second on it asks to discard it", () => {
  const store = storeWith();
  const first = deedOf({ type: "tap", index: 3, code: "9p" }, store, idle);
  assert.equal(store.view.ui.selected, 3);
  assert.equal(first.act, undefined);
  assert.ok(first.redraw && first.say);
  const second = deedOf({ type: "tap", index: 3, code: "9p" }, store, idle);
  assert.deepEqual(second, { handled: true, act: { action: "discard 9p", source: "pointer" } });
});

test("a tap on a tile the hand no longer holds there only redraws", () => {
  const store = storeWith();
  assert.deepEqual(deedOf({ type: "tap", index: 3, code: "5s" }, store, idle), { handled: true, redraw: true });
  assert.equal(store.view.ui.selected, -1);
});

test("while an action is in flight a second tap deselects instead of discarding again", () => {
  const store = storeWith();
  store.select(1);
  const deed = deedOf({ type: "tap", index: 1, code: "2m" }, store, { busy: true, dialogOpen: false });
  assert.equal(deed.act, undefined);
  assert.equal(store.view.ui.selected, -1);
});

test("claim keys ask for the offered action, and leave the key alone when none is offered", () => {
  const store = storeWith({ legal_actions: ["pong", "pass"] });
  assert.deepEqual(deedOf({ type: "claim", kind: "pong" }, store, idle), { handled: true, act: { action: "pong", source: "key" } });
  assert.deepEqual(deedOf({ type: "claim", kind: "kong" }, store, idle), { handled: false });
  assert.deepEqual(deedOf({ type: "claim", kind: "pass" }, store, { busy: false, dialogOpen: true }), { handled: false });
});

test("Enter discards the selected tile; a toggle is the page's to do", () => {
  const store = storeWith();
  store.select(0);
  assert.deepEqual(deedOf({ type: "discard" }, store, idle), { handled: true, act: { action: "discard 1m", source: "key" } });
  assert.deepEqual(deedOf({ type: "toggle", what: "hints" }, store, idle), { handled: true, toggle: "hints" });
});

test("the hand's hit test takes the last painted tile under the point, lift and finger room included", () => {
  const rects = [
    { x: 0, y: 100, w: 40, h: 50, extra: 10, below: 20, index: 0, code: "1m" },
    { x: 30, y: 100, w: 40, h: 50, extra: 10, below: 20, index: 1, code: "2m" },
  ];
  assert.deepEqual(handTileAt(rects, 35, 120), { kind: "hand", index: 1, code: "2m" });
  assert.deepEqual(handTileAt(rects, 5, 92), { kind: "hand", index: 0, code: "1m" });
  assert.deepEqual(handTileAt(rects, 5, 169), { kind: "hand", index: 0, code: "1m" });
  assert.equal(handTileAt(rects, 5, 170), null);
  assert.equal(handTileAt([], 5, 120), null);
});
