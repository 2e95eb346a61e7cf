// The review's mark (web/table/review-mark.js): what a decision of the review is about on the table.
import test from "node:test";
import assert from "node:assert/strict";

import { markOf } from "../../web/table/review-mark.js";

test("a discard marks the tile let go and the bot's choice; a claim or a pass marks the discard it answered", () => {
  assert.deepEqual(markOf({ action: "discard 5p", bot: "discard 9m" }), { tile: "5p", bot: "9m", discard: false });
  assert.deepEqual(markOf({ action: "discard 7z", bot: "kong 7p" }), { tile: "7z", bot: "7p", discard: false });
  assert.deepEqual(markOf({ action: "pass", bot: "pong" }), { tile: null, bot: null, discard: true });
  assert.deepEqual(markOf({ action: "pong", bot: "pass" }), { tile: null, bot: null, discard: true });
  assert.deepEqual(markOf({ action: "swim 9p", bot: null }), { tile: "9p", bot: null, discard: false });
});
