// The claim buttons' items (web/overlay/claims.js claimItems), the one reading of the legal actions as buttons.
import test from "node:test";
import assert from "node:assert/strict";

import { plainItems, claimItems } from "../../web/overlay/claims.js";
import { setLang } from "../../web/i18n/i18n.js";

function state(extra = {}) {
  return { seat: 0, hands: [["1m", "2m", "3m"], null, null, null], hand_counts: [3, 4, 4, 4], legal_actions: [], ...extra };
}

test("claim buttons: every legal choice but the plain discards", () => {
  const items = plainItems(state({ legal_actions: ["discard 1m", "pong", "kong 5s", "swim 9p", "win", "pass"] }));
  assert.deepEqual(items, [
    { action: "pong", kind: "pong", tile: null }, { action: "kong 5s", kind: "kong", tile: "5s" },
    { action: "swim 9p", kind: "swim", tile: "9p" }, { action: "win", kind: "win", tile: null },
    { action: "pass", kind: "pass", tile: null },
  ]);
});

test("a claim item names the tile of the engine's structured action and what the win scores", () => {
  globalThis.document ??= /** @type {any} */ ({ documentElement: {} });
  setLang("en");
  const s = state({
    legal_actions: ["discard 1m", "pong", "win", "pass"],
    actions: [{ action: "pong", kind: "pong", on: "5p" },
      { action: "win", kind: "win", on: "5p", win: { category: "discard_win", multiplier: 4 } }],
  });
  const items = claimItems(s);
  assert.deepEqual(items.map((i) => [i.action, i.tile, i.word]), [
    ["pong", "5p", "Pong"], ["win", "5p", "Win: Discard win · M = 4"], ["pass", null, "Pass"],
  ]);
});
