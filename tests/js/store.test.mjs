// The page's store (web/store.js): named updates, and a new match that leaves nothing in flight.
import test from "node:test";
import assert from "node:assert/strict";

import { createStore } from "../../web/table/store.js";

function fakeEngine() {
  let match = 0;
  return { newMatch: () => ++match };
}

test("a new match takes the engine client's match number and clears what was in flight", () => {
  const store = createStore(fakeEngine(), "en");
  store.setBusy(true);
  store.fail();
  store.setPumping(1);
  store.setThinking(true);
  store.select(4);
  store.addAnim({ type: "fly", t0: 0, dur: 100 });
  const gen = store.newMatch();
  assert.equal(gen, 1);
  assert.deepEqual(store.run, { gen: 1, busy: false, pumping: 0, failed: false });
  assert.equal(store.view.thinking, false);
  assert.equal(store.view.ui.selected, -1);
  assert.deepEqual(store.view.anims, []);
  assert.ok(store.isCurrent(1));
  store.newMatch();
  assert.ok(!store.isCurrent(1));
});

test("a new state keeps the selection within the hand and drops the hint's tile off turn", () => {
  const store = createStore(fakeEngine(), "en");
  store.select(13);
  store.setHintTile("3p");
  store.setState({ human_to_move: true }, 11);
  assert.equal(store.view.ui.selected, 10);
  assert.equal(store.view.ui.hintTile, "3p");
  store.setState({ human_to_move: false }, 11);
  assert.equal(store.view.ui.hintTile, null);
});

test("animations end, moves clear the selection, frames record what they measured", () => {
  const store = createStore(fakeEngine(), "en");
  store.addAnim({ type: "fly", t0: 0, dur: 100 });
  store.addAnim({ type: "draw", t0: 50, dur: 100 });
  store.pruneAnims(120);
  assert.deepEqual(store.view.anims.map((a) => a.type), ["draw"]);
  store.select(2);
  store.hover(3);
  store.played();
  assert.equal(store.view.ui.selected, -1);
  assert.equal(store.view.ui.hover, null);
  store.frame({ lang: "zh-Hant", topReserve: 72 });
  assert.equal(store.view.ui.lang, "zh-Hant");
  assert.equal(store.view.ui.topReserve, 72);
  store.setTimer({ deadline: 5, total: 10 }, 7);
  assert.equal(store.view.timerHandle, 7);
  store.setTimer(null);
  assert.equal(store.view.timer, null);
  assert.equal(store.view.timerHandle, 7);
});

test("a state an answer brought is taken once and told once to the one listener", () => {
  const store = createStore(fakeEngine(), "en");
  const heard = [];
  store.onTook((state) => heard.push(state));
  store.select(9); // beyond the hand the new state holds: the selection stays within it
  const state = { seat: 0, hands: [["1m", "2m", "3m"], null, null, null], hand_counts: [3, 13, 13, 13], drawn: null,
    human_to_move: true, autoplay: false };
  store.took(/** @type {any} */ (state));
  assert.equal(store.view.state, state);
  assert.equal(store.view.ui.selected, 2);
  assert.deepEqual(heard, [state]);
  store.setState(/** @type {any} */ ({ ...state, human_to_move: false }), 3); // a view-only change: no one told
  assert.equal(heard.length, 1);
});
