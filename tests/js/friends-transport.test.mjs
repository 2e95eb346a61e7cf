// What reaches a room's transport from people it cannot trust (issue 53 items 3-4, issue 55 item 5):
// a deflate bomb sealed by someone holding the link, a link naming relays on the friend's own
// device or network, the relay editor's text, a typed code and its relays' tag, a broker's giant
// packet. (The transport against real brokers and a bad network: relays.node.mjs.)
import test from "node:test";
import assert from "node:assert/strict";
import { deflateRawSync, constants } from "node:zlib";

const { readPackets, packet, payloadKey, MAX_PACKET } = await import("../../web/friends/mqtt.js");
const { pack, unpack, MAX_INFLATED, toBase64url } = await import("../../web/friends/seal.js");
const { readRelays, relayProblem, readRoomHash, relayTag, shownCode, typedRoom, isPrivateHost, DEFAULT_RELAYS, MAX_RELAYS } =
  await import("../../web/friends/link.js");

test("a deflate bomb (1 MB that inflates to 1 GiB) is refused at the cap, not after inflating", async () => {
  // 1 MiB of zeros deflated, flushed whole so that copies of it follow one another, 1024 times, then an empty last block
  const piece = deflateRawSync(Buffer.alloc(1 << 20), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const bomb = new Uint8Array(Buffer.concat([...Array(1024).fill(piece), Buffer.from([3, 0])]));
  assert.ok(bomb.length < 1.2 * (1 << 20), `${bomb.length} bytes`);
  const begun = performance.now();
  await assert.rejects(unpack(bomb), /too large/);
  // inflating it all took 35 s on the host's page (20 s in Node's zlib here); stopping at 1 MB takes milliseconds.
  // The bound is thirty times the work of 1 MB, so that only a reader that went on past the cap misses it.
  assert.ok(performance.now() - begun < 3000, `${performance.now() - begun} ms`);
  // just under the cap is read; just over it is not
  const text = "x".repeat(MAX_INFLATED - 2);
  assert.equal(await unpack(await pack(text)), text);
  await assert.rejects(unpack(await pack(text + "x")), /too large/);
});

test("a link's relays on this device or a private network are refused, unless the page itself is served from this device", () => {
  const hostile = ["ws://127.0.0.1:22", "ws://localhost:6379", "wss://127.0.0.1:9222/", "wss://10.0.0.1/mqtt", "wss://192.168.1.1/",
    "wss://172.16.5.4/", "wss://169.254.169.254/", "wss://[::1]:8080/", "wss://[fd12::1]/", "wss://[fe80::1]/",
    "wss://[::ffff:127.0.0.1]/", "wss://2130706433/", "wss://0x7f.0.0.1/", "wss://0177.0.0.1/", "wss://router.local/",
    "wss://printer.home.arpa/", "wss://a.localhost/", "wss://100.64.0.1/", "wss://0.0.0.0/", "wss://[::]/"];
  for (const url of hostile) {
    assert.equal(relayProblem(url, false), "private", url);
    const packed = toBase64url(new TextEncoder().encode(JSON.stringify(["wss://relay.example/mqtt", url])));
    assert.deepEqual(readRoomHash(`#room=0123456789ABCDEF&relays=${packed}`, false), { problem: "privateRelays" }, url);
  }
  for (const url of ["wss://broker.emqx.io:8084/mqtt", "wss://8.8.8.8/", "wss://[2001:db8::1]/", "wss://172.32.0.1/", "wss://relay.example/"]) {
    assert.equal(isPrivateHost(new URL(url).hostname), false, url);
    assert.equal(relayProblem(url, false), null, url);
  }
  // served from this device (the tests, a developer): a relay on it is fine; ws:// only there
  assert.equal(relayProblem("ws://127.0.0.1:1883/mqtt", true), null);
  assert.equal(relayProblem("ws://relay.example/mqtt", true), "not_secure");
  const local = toBase64url(new TextEncoder().encode(JSON.stringify(["ws://127.0.0.1:1883/mqtt"])));
  assert.deepEqual(readRoomHash(`#room=0123456789ABCDEF&relays=${local}`, true).relays, ["ws://127.0.0.1:1883/mqtt"]);
});

test("the relay editor names each entry it leaves out, keeps one of each relay (case, default port), bounds an address, says the cap", () => {
  const { good, bad, over } = readRelays(["WSS://Relay.Example:443/mqtt", "wss://relay.example/mqtt", "wss://relay.example:8443/mqtt",
    "ftp://relay.example/", "wss://u:p@relay.example/", `wss://${"a".repeat(300)}.example/`, "nonsense", 42], false);
  assert.deepEqual(good, ["wss://relay.example/mqtt", "wss://relay.example:8443/mqtt"]);
  assert.deepEqual(bad.map((b) => b.why), ["duplicate", "not_websocket", "credentials", "too_long", "not_url", "not_url"]);
  assert.ok(bad.every((b) => b.entry.length <= 60));
  assert.equal(over, 0);
  const ten = readRelays(Array.from({ length: 10 }, (_, i) => `wss://r${i}.example/`), false);
  assert.equal(ten.good.length, MAX_RELAYS);
  assert.equal(ten.over, 2); // the 9th and 10th: said, not silently dropped
  assert.deepEqual(readRelays(DEFAULT_RELAYS, false).good, DEFAULT_RELAYS);
});

test("a typed code reaches the room on the host's relays: none for the default list, a tag that names the host's, or 'needs the link'", () => {
  const code = "0123456789ABCDEF";
  assert.equal(relayTag(DEFAULT_RELAYS), "");
  assert.equal(shownCode(code, DEFAULT_RELAYS), "0123-4567-89AB-CDEF");
  const mine = ["wss://relay.example/mqtt", "wss://other.example/mqtt"];
  const shown = shownCode(code, mine);
  assert.match(shown, /^0123-4567-89AB-CDEF-[0-9A-Z]{3}$/);
  assert.notEqual(relayTag(mine), relayTag([mine[1], mine[0]]));
  assert.deepEqual(typedRoom("0123 4567 89ab cdef", mine), { hash: `room=${code}` });
  const typed = typedRoom(shown.toLowerCase(), mine);
  assert.ok("hash" in typed);
  assert.deepEqual(readRoomHash(`#${typed.hash}`, false), { code, hostId: null, relays: mine });
  assert.deepEqual(typedRoom(shown, DEFAULT_RELAYS), { problem: "needLink" });
  for (const bad of ["", "0123", `${code}-AB`, `${code}-ABCD`, `${code}-U00`, "x".repeat(100)]) assert.deepEqual(typedRoom(bad, mine), { problem: "code" }, bad);
});

test("a broker cannot make the page hold a giant packet; a payload's key tells copies from others", () => {
  const giant = packet(3, 0, [new Uint8Array(16)]);
  assert.throws(() => readPackets(new Uint8Array([0x30, 0xff, 0xff, 0xff, 0x7f])), /too large/);
  assert.ok(MAX_PACKET >= 1 << 20);
  assert.equal(readPackets(giant).packets.length, 1);
  const a = new Uint8Array(300).fill(1), b = a.slice();
  b[299] = 2;
  assert.equal(payloadKey(a), payloadKey(a.slice()));
  assert.notEqual(payloadKey(a), payloadKey(b));
});
