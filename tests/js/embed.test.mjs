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

// Issue 55 item 2: to a parent the address does not name, nothing of the reader's concealed hand.
import { postedDetail, publicEvent, replyValue, REFUSALS, refusalKind, ownView } from "../../web/game/embed.js";

const READER = { variant: "xinyu", seat: 0, hands: [["1m", "2m", "3m", "5p"], null, null, null], drawn: "5p", drawn_seat: 0, turn: 0,
  phase: "discard", scores: [0, 0, 0, 0], legal_actions: ["discard 1m", "discard 2m", "discard 3m", "discard 5p", "concealed_kong 5p", "win"],
  is_over: false, tiles_left: 80, human_to_move: true, match: { hand_number: 0, hands: 8, is_over: false, results: [] } };

test("without origin=, legal actions are named by kind only, in states, turns and replies", () => {
  assert.deepEqual(compact(READER).legal_actions, ["discard", "concealed_kong", "win"]);
  assert.deepEqual(compact(READER, true).legal_actions, READER.legal_actions);
  assert.deepEqual(postedDetail("turn", { legal: READER.legal_actions, state: READER }, false).legal, ["discard", "concealed_kong", "win"]);
  assert.deepEqual(replyValue(READER.legal_actions, false), ["discard", "concealed_kong", "win"]);
  assert.deepEqual(replyValue(READER.legal_actions, true), READER.legal_actions);
  assert.equal(postedDetail("action", { action: "concealed_kong 5p", source: "api" }, false).action, "concealed_kong");
});

test("without origin=, a draw has no tile, nor a concealed kong, its payment, a covered discard or a swim", () => {
  assert.equal(postedDetail("event", { type: "draw", seat: 0, tile: "5p", source: "front" }, false).tile, null);
  assert.equal(postedDetail("event", { type: "draw", seat: 0, tile: "5p", source: "front" }, true).tile, "5p");
  assert.equal(publicEvent({ type: "kong", seat: 0, tile: "5p", kind: "concealed_kong" }).tile, null);
  assert.equal(publicEvent({ type: "kong", seat: 0, tile: "5p", kind: "added_kong" }).tile, "5p");
  assert.equal(publicEvent({ type: "payment", to: 0, from: 1, reason: "concealed_kong", tile: "5p" }).tile, null);
  assert.equal(publicEvent({ type: "discard", seat: 0, tile: "5p", covered: true }).tile, null);
  assert.equal(publicEvent({ type: "discard", seat: 0, tile: "5p", covered: false }).tile, "5p");
  assert.equal(publicEvent({ type: "swim", seat: 0, tile: "5p", level: 1 }).tile, null);
});

test("without origin=, a hand's end and a match's end carry no hand; act's reply keeps its events, masked", () => {
  const result = { winners: [0], hands: [["1m"], ["2m"], ["3m"], ["4m"]], wins: [{ seat: 0, hand: "123m", reading: {}, tile: "5p" }], scores: [1, 0, 0, -1] };
  const end = postedDetail("handEnd", { result, hand: 0, state: READER }, false);
  assert.equal(end.result.hands, undefined);
  assert.deepEqual(end.result.wins, [{ seat: 0, tile: "5p" }]);
  assert.equal(end.state.hand, undefined);
  assert.equal(postedDetail("matchEnd", { scores: [0, 0, 0, 0], results: [result], state: READER }, false).results[0].hands, undefined);
  const reply = replyValue({ events: [{ type: "discard", seat: 0, tile: "1m", covered: false }, { type: "draw", seat: 0, tile: "9s" }], state: READER }, false);
  assert.deepEqual(reply.events.map((e) => e.tile), ["1m", null]);
  assert.equal(reply.state.hand, undefined);
  const mine = replyValue({ events: [{ type: "draw", seat: 0, tile: "9s" }], state: READER }, true);
  assert.deepEqual([mine.events[0].tile, mine.state.hand], ["9s", ["1m", "2m", "3m", "5p"]]);
});

test("the kinds of refusal are one list; an origin= refused is an empty list, never the reader's view", () => {
  assert.deepEqual(REFUSALS, ["invalid", "illegal", "not_now", "stale", "engine"]);
  assert.equal(refusalKind(new Error("x")), "invalid");
  assert.equal(refusalKind({ kind: "not_now" }), "not_now");
  assert.equal(refusalKind({ kind: "worker" }), "engine");
  assert.equal(ownView([]), false);
  assert.equal(ownView(null), false);
  assert.equal(ownView(["https://a.example"]), true);
});

test("docs/embedding.md defines exactly the kinds of refusal the page uses", async () => {
  const { readFile } = await import("node:fs/promises");
  const doc = await readFile(new URL("../../docs/embedding.md", import.meta.url), "utf-8");
  const block = doc.split("<!-- api-kinds -->")[1].split("<!-- /api-kinds -->")[0];
  const kinds = block.trim().split("\n").slice(2).map((line) => line.split("|")[1].trim().replace(/`/g, ""));
  assert.deepEqual(kinds, REFUSALS);
});
