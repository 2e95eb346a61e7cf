// The page's readings of the engine's state (web/model.js); claim items: claim-items.test.mjs.
import test from "node:test";
import assert from "node:assert/strict";

import { viewSeat, displayHand, justDrew, isOwnDiscardTurn } from "../../web/table/model.js";

function state(extra = {}) {
  return {
    seat: 0, hands: [["1m", "2m", "3m", "9p", "5s"], null, null, null], hand_counts: [5, 4, 4, 4],
    drawn: "2m", legal_actions: [], ...extra,
  };
}

test("the view is the player's seat, or seat 0 for a spectator", () => {
  assert.equal(viewSeat(null), 0);
  assert.equal(viewSeat({ seat: 2 }), 2);
  assert.equal(viewSeat({ seat: null, human: 3 }), 3);
  assert.equal(viewSeat({ seat: null }), 0);
});

test("the drawn tile goes last and apart when the engine says this seat just drew", () => {
  const tiles = displayHand(state({ drawn_seat: 0 }), 0);
  assert.deepEqual(tiles.map((x) => x.code), ["1m", "3m", "9p", "5s", "2m"]);
  assert.deepEqual(tiles.map((x) => x.drawn), [false, false, false, false, true]);
  // the engine says another seat drew (or nobody): the hand stays in the engine's order
  assert.deepEqual(displayHand(state({ drawn_seat: 2 }), 0).map((x) => x.code), ["1m", "2m", "3m", "9p", "5s"]);
  assert.deepEqual(displayHand(state({ drawn_seat: null }), 0).map((x) => x.drawn), [false, false, false, false, false]);
});

test("only the engine's drawn_seat says who just drew (a 3n+2 tile count is not a guess)", () => {
  assert.equal(justDrew(state(), 0), false);
  assert.equal(justDrew(state({ drawn_seat: 0 }), 0), true);
  assert.equal(justDrew(state({ drawn_seat: 1 }), 1), true);
  assert.equal(justDrew(state({ drawn_seat: 1 }), 0), false);
});

test("another seat's hidden hand is its count of face-down tiles", () => {
  assert.deepEqual(displayHand(state(), 2), [{ code: null, drawn: false }, { code: null, drawn: false },
    { code: null, drawn: false }, { code: null, drawn: false }]);
});

test("a puzzle can be made only on the player's own discard turn, the hand going on", () => {
  const turn = { is_over: false, human_to_move: true, phase: "discard", waiting_for: [0] };
  assert.equal(isOwnDiscardTurn(turn), true);
  assert.equal(isOwnDiscardTurn(null), false);
  assert.equal(isOwnDiscardTurn({ ...turn, human_to_move: false, waiting_for: [2] }), false); // a bot's turn
  assert.equal(isOwnDiscardTurn({ ...turn, phase: "claim", waiting_for: [0, 1] }), false);  // a claim
  assert.equal(isOwnDiscardTurn({ ...turn, is_over: true }), false);
  assert.equal(isOwnDiscardTurn({ ...turn, phase: "rob_gold" }), false);
});
