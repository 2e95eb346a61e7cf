// Replay links and files (web/keep/replayio.js, issue 33): a link that unpacks without bound is
// refused, and a replay too large to send names its hand or field.
import test from "node:test";
import assert from "node:assert/strict";
import { deflateSync } from "node:zlib";

const { unpackReplay, packReplay, oversizedPart, UNPACKED_LIMIT, ReplayReadError } = await import("../../web/keep/replayio.js");

const b64url = (bytes) => Buffer.from(bytes).toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

test("a replay link round-trips; a deflate bomb is refused before it is held whole", async () => {
  const replay = { format: "mahjong-replay", hands: [{ actions: [[0, "discard 1m"]] }] };
  assert.deepEqual(await unpackReplay(await packReplay(replay)), replay);
  const bomb = b64url(deflateSync(Buffer.alloc(UNPACKED_LIMIT + 1024, 32)));
  assert.ok(bomb.length < 40_000);
  await assert.rejects(unpackReplay(bomb), (e) => e instanceof ReplayReadError && /unpacks to more than/.test(e.message));
});

test("the part of a replay too large to send is named: a hand, or a field", () => {
  const hand = (padding) => ({ position: { padding }, actions: [] });
  let deep = 0;
  for (let i = 0; i < 40; i++) deep = [deep];
  assert.deepEqual(oversizedPart({ engine: "0.1.0", hands: [hand(""), hand("x".repeat(300_000))] }).part, { hand: 2 });
  assert.deepEqual(oversizedPart({ engine: "0.1.0", hands: [hand(""), hand(deep)] }), { part: { hand: 2 }, limit: "depth", size: 0 });
  assert.deepEqual(oversizedPart({ engine: "x".repeat(300_000), hands: [hand("")] }).part, { field: "engine" });
  // no part too large alone: the largest is named
  const big = oversizedPart({ hands: [hand("x".repeat(100_000)), hand("x".repeat(200_000)), hand("")] });
  assert.deepEqual([big.part, big.limit], [{ hand: 2 }, "bytes"]);
  assert.equal(oversizedPart(null), null);
});
