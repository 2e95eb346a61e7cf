// The memory snapshot kept sparse (web/pyodide-boot.js): a heap without its zero pages, and back.
import test from "node:test";
import assert from "node:assert/strict";

globalThis.self ??= /** @type {any} */ ({ location: new URL("https://example.test/mahjong/engine-worker.js") });
const { packSnapshot, unpackSnapshot } = await import("../../web/engine/pyodide-boot.js");

/** A heap of `pages` 4 KiB pages (and `tail` bytes more), some zero, the others noisy. */
function heap(pages, tail, zero) {
  const bytes = new Uint8Array(pages * 4096 + tail);
  for (let p = 0; p * 4096 < bytes.length; p++) {
    if (zero(p)) continue;
    for (let i = p * 4096; i < Math.min(bytes.length, (p + 1) * 4096); i += 97) bytes[i] = (i * 31 + p) & 255 || 1;
  }
  return bytes;
}

test("a heap comes back byte for byte, its zero pages left out of what is kept", () => {
  const h = heap(64, 0, (p) => p % 3 === 0);
  const packed = packSnapshot(h);
  assert.ok(packed.length < h.length * 0.7, `${packed.length} of ${h.length}`);
  assert.deepEqual(unpackSnapshot(packed), h);
});

test("a short last page, a page with a single byte set, and a heap not aligned in its buffer", () => {
  const h = heap(10, 1234, (p) => p > 5);
  h[7 * 4096 + 4095] = 9; // one byte in an otherwise zero page: kept
  h[10 * 4096 + 1233] = 3; // the short tail's last byte
  const offset = new Uint8Array(h.length + 1);
  offset.set(h, 1);
  assert.deepEqual(unpackSnapshot(packSnapshot(offset.subarray(1))), h);
  assert.deepEqual(unpackSnapshot(packSnapshot(h)), h);
});

test("an all-zero heap keeps only its header and bitmap", () => {
  const h = new Uint8Array(20 * 4096);
  const packed = packSnapshot(h);
  assert.equal(packed.length, 8 + 3);
  assert.deepEqual(unpackSnapshot(packed), h);
});

test("bytes of another format, cut short or with bytes past the last page are refused", () => {
  const packed = packSnapshot(heap(8, 0, (p) => p === 2));
  assert.throws(() => unpackSnapshot(new Uint8Array(4096).fill(7)), /not of this version's format/);
  assert.throws(() => unpackSnapshot(packed.subarray(0, packed.length - 10)), /cut short/);
  const longer = new Uint8Array(packed.length + 5);
  longer.set(packed);
  assert.throws(() => unpackSnapshot(longer), /past its last page/);
});
