// A room's pieces without a browser (web/friends/, issue 49): MQTT packets split across WebSocket
// messages, the room code and link read from untrusted text, seals that a wrong key or a changed
// byte cannot open, and the shared seed that each friend checks.
import test from "node:test";
import assert from "node:assert/strict";

const { packet, readPackets } = await import("../../web/friends/mqtt.js");
const { newCode, readCode, showCode, roomSecrets, devicePair, pairKey, sealBytes, openBytes, pack, unpack, toBase64url } =
  await import("../../web/friends/seal.js");
const { readRoomHash, readRelays, relayProblem, DEFAULT_RELAYS } = await import("../../web/friends/link.js");
const { newShare, commitOf, seedOf, seedCommitOf, checkDeal } = await import("../../web/friends/seed.js");
const { cleanName, Pace } = await import("../../web/friends/host.js");

test("MQTT packets are read whole, however the bytes arrive", () => {
  const big = packet(3, 0, [new Uint8Array(300).fill(7)]); // a two-byte remaining length
  const small = packet(13, 0, []);
  const stream = new Uint8Array([...big, ...small]);
  for (const cut of [1, 2, 3, 150, big.length, big.length + 1]) {
    const first = readPackets(stream.subarray(0, cut));
    const second = readPackets(new Uint8Array([...first.rest, ...stream.subarray(cut)]));
    const all = [...first.packets, ...second.packets];
    assert.deepEqual(all.map((p) => [p.type, p.body.length]), [[3, 300], [13, 0]], `cut at ${cut}`);
  }
  assert.throws(() => readPackets(new Uint8Array([0x30, 255, 255, 255, 255, 1])), /malformed/);
});

test("a room code is 16 of Crockford's letters; typed forms are read, anything else is not a code", () => {
  const code = newCode();
  assert.match(code, /^[0-9A-HJKMNP-TV-Z]{16}$/);
  assert.equal(readCode(showCode(code).toLowerCase()), code);
  assert.equal(readCode("ILO0-0000-0000-0000"), "1100000000000000");
  for (const bad of ["", "ABC", "U".repeat(16), "A".repeat(17), null, 42, "A".repeat(100)]) assert.equal(readCode(/** @type {any} */ (bad)), null);
});

test("a room link names its code, its host and its relays; a damaged part is named, never used", () => {
  const code = newCode();
  assert.deepEqual(readRoomHash(`#room=${code}.0123456789abcdef`), { code, hostId: "0123456789abcdef", relays: null });
  assert.equal(readRoomHash("#lang=en"), null);
  assert.deepEqual(readRoomHash("#room=nonsense"), { problem: "code" });
  assert.deepEqual(readRoomHash(`#room=${code}.<script>`), { problem: "host" });
  assert.deepEqual(readRoomHash(`#room=${code}&relays=%%%`), { problem: "relays" });
  const relays = toBase64url(new TextEncoder().encode(JSON.stringify(["wss://relay.example/mqtt", "javascript:alert(1)"])));
  assert.deepEqual(readRoomHash(`#room=${code}&relays=${relays}`).relays, ["wss://relay.example/mqtt"]);
  assert.equal(relayProblem("ws://relay.example/mqtt"), "not_secure");
  assert.equal(relayProblem("wss://user:pw@relay.example/"), "credentials");
  assert.equal(relayProblem("ws://127.0.0.1:1883/mqtt", true), null);
  assert.deepEqual(readRelays(DEFAULT_RELAYS).good, DEFAULT_RELAYS);
});

test("a pair's seal opens for that pair only; a changed byte or the room's key does not open it", async () => {
  const code = newCode();
  const { topic, roomKey } = await roomSecrets(code);
  assert.match(topic, /^mjf1\/[0-9a-f]{32}$/);
  assert.ok(!topic.includes(code));
  const [host, friend, other] = await Promise.all([devicePair(), devicePair(), devicePair()]);
  const hostSide = await pairKey(host.privateKey, friend.pub, code);
  const friendSide = await pairKey(friend.privateKey, host.pub, code);
  const otherSide = await pairKey(other.privateKey, host.pub, code);
  const aad = new TextEncoder().encode("header");
  const sealed = await sealBytes(friendSide, await pack({ type: "act", body: { action: "discard 5z" } }), aad);
  assert.deepEqual(await unpack(await openBytes(hostSide, sealed, aad)), { type: "act", body: { action: "discard 5z" } });
  const changed = sealed.slice();
  changed[20] ^= 1;
  await assert.rejects(openBytes(hostSide, changed, aad));
  await assert.rejects(openBytes(otherSide, sealed, aad));
  await assert.rejects(openBytes(roomKey, sealed, aad));
  await assert.rejects(openBytes(hostSide, sealed, new TextEncoder().encode("another header")));
  // a kept key pair (the seat's token) is the same device
  const again = await devicePair(friend.jwk);
  assert.equal(again.id, friend.id);
});

test("a hand's seed is every share's, 256 bits; a friend's check names the host for a changed seed, a broken promise, a missing share, another deal", async () => {
  const shares = { 0: newShare(), 1: newShare(), 2: newShare() };
  const seed = await seedOf(shares);
  assert.match(seed, /^[0-9a-f]{64}$/);
  const kept = { hostCommit: await commitOf(shares[0]), seedCommit: await seedCommitOf(seed) };
  const dealt = async () => "ok";
  const check = (told, k = kept, mine = shares[1], played = dealt) => checkDeal(told, k, 1, mine, played);
  assert.deepEqual(await check({ shares, seed }), { verdict: "ok", who: null });
  const other = await seedOf({ ...shares, 2: newShare() });
  assert.deepEqual(await check({ shares, seed: other }), { verdict: "seed_mismatch", who: "host" });
  // the host's share chosen again after the others' were in: not the one promised first
  const again = { ...shares, 0: newShare() };
  assert.equal((await check({ shares: again, seed: await seedOf(again) })).verdict, "commit_mismatch");
  assert.equal((await check({ shares, seed }, kept, newShare())).verdict, "mine_missing");
  assert.equal((await check({ shares, seed }, { ...kept, seedCommit: await seedCommitOf(other) })).verdict, "seed_commit");
  assert.equal((await check({ shares, seed }, kept, shares[1], async () => "deal_differs")).verdict, "deal_differs");
  for (const bad of [null, { shares: "x", seed }, { shares, seed: "<b>" }, { shares: { 9: shares[0] }, seed }]) {
    assert.deepEqual(await check(/** @type {any} */ (bad)), { verdict: "malformed", who: "host" });
  }
});

test("a name is plain text, trimmed to 20 characters, without control or direction marks", () => {
  assert.equal(cleanName("  <b>Mei</b>\u202e\u0000 "), "<b>Mei</b>");
  assert.equal(cleanName("麻".repeat(30)).length, 20);
  assert.equal(cleanName(42), "");
});

test("a seat's phrases are paced: a burst, then one every few seconds, each seat on its own", () => {
  const pace = new Pace(3, 4000);
  const heard = Array.from({ length: 100 }, (_, i) => pace.allow(1, 1000 + i)).filter(Boolean).length;
  assert.equal(heard, 3); // a hundred at once: three said
  assert.equal(pace.allow(2, 1100), true); // another seat is not held back by the first
  // the third was said at 1002: the next one only four seconds after it
  assert.equal(pace.allow(1, 1002 + 3990), false);
  assert.equal(pace.allow(1, 1002 + 4010), true);
  assert.equal(pace.allow(1, 1002 + 4100), false);
  const later = [0, 1, 2, 3].map((i) => pace.allow(1, 60_000 + i)); // after a long quiet: a burst again, no more
  assert.deepEqual(later, [true, true, true, false]);
});
