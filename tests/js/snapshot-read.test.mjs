// A kept snapshot read back and restored (web/pyodide-boot.js readSnapshot, KeptSnapshot): the packed
// bytes streamed in (a byte stream read into our own buffer, or any stream chunk by chunk), checked
// against their digest, then written straight into a wasm memory when Pyodide's restore asks for
// the heap, the pages left out zeroed over whatever the memory held.
import test from "node:test";
import assert from "node:assert/strict";

globalThis.self ??= /** @type {any} */ ({ location: new URL("https://example.test/mahjong/engine-worker.js") });
const { packSnapshot, readSnapshot, snapshotDigest, SNAPSHOT_LIMIT } = await import("../../web/engine/pyodide-boot.js");

const HEAP_START = 8192 + 100; // where the heap begins in the snapshot (Pyodide's header: u32 at 4)

/** A snapshot as Pyodide makes one: its header (magic, the heap's start), then the heap, of which
 * some 4 KiB pages are zero. */
function snapshotBytes(pages, zero) {
  const bytes = new Uint8Array(pages * 4096);
  for (let p = 0; p < pages; p++) {
    if (zero(p)) continue;
    for (let i = p * 4096; i < (p + 1) * 4096; i += 61) bytes[i] = (i * 7 + p) & 255 || 1;
  }
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0x12345678, true);
  view.setUint32(4, HEAP_START, true);
  return bytes;
}

/** What Pyodide 314's restoreSnapshot does with the bytes it is handed (the part that touches them). */
function pyodideRestore(bytes, memory) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 4);
  const heapStart = words[1];
  bytes.subarray(16, 48); // its JSON
  new Uint8Array(memory.buffer).set(bytes.subarray(heapStart));
}

/** A response as Cache Storage answers (a byte stream), or one whose body is a plain stream of
 * uneven chunks (no BYOB reader). */
function kept(packed, { digest = snapshotDigest(packed), plain = false } = {}) {
  const headers = { "x-digest": digest };
  if (!plain) return new Response(packed, { headers });
  let at = 0;
  const body = new ReadableStream({
    pull(controller) {
      if (at >= packed.length) return controller.close();
      const n = 1 + ((at * 7919) % 70001);
      controller.enqueue(packed.slice(at, at + n));
      at += n;
    },
  });
  return new Response(body, { headers });
}

/** A wasm memory as it is after the runtime's start: not all zero where the heap will go. */
function dirtyMemory(bytes) {
  const memory = new WebAssembly.Memory({ initial: Math.ceil(bytes / 65536) + 1 });
  new Uint8Array(memory.buffer).fill(0xee, 0, 3 * 4096 + 17);
  new Uint8Array(memory.buffer).fill(0xdd, 9 * 4096, 11 * 4096);
  return memory;
}

for (const plain of [false, true]) {
  test(`a kept snapshot is restored into the memory byte for byte, zero pages over dirty ones (${plain ? "chunks" : "BYOB"})`, async () => {
    const original = snapshotBytes(40, (p) => p % 3 === 1 || (p >= 9 && p <= 12));
    const { snapshot, filled } = await readSnapshot(kept(packSnapshot(original), { plain }));
    assert.equal(snapshot.length, original.length);
    await filled;
    const memory = dirtyMemory(original.length);
    snapshot.memory = memory; // as the engine worker does once the runtime is instantiated
    pyodideRestore(snapshot, memory);
    assert.ok(snapshot.restored);
    const heap = new Uint8Array(memory.buffer, 0, original.length - HEAP_START);
    assert.deepEqual(heap, original.subarray(HEAP_START));
    assert.ok(new Uint8Array(memory.buffer, original.length - HEAP_START).every((b) => b === 0));
  });
}

test("the snapshot holds Pyodide's header before the restore and none of the heap", async () => {
  const original = snapshotBytes(8, () => false);
  const { snapshot, filled } = await readSnapshot(kept(packSnapshot(original)));
  await filled;
  assert.deepEqual(new Uint8Array(snapshot.buffer, 0, HEAP_START), original.subarray(0, HEAP_START));
  assert.ok(new Uint8Array(snapshot.buffer, HEAP_START).every((b) => b === 0));
  assert.equal(snapshot.subarray(0, 8).constructor, Uint8Array); // other subarrays are plain ones
  assert.ok(!snapshot.restored);
});

test("without the runtime's memory, or too small a one, the restore throws", async () => {
  const original = snapshotBytes(40, () => false);
  const { snapshot, filled } = await readSnapshot(kept(packSnapshot(original)));
  await filled;
  assert.throws(() => snapshot.subarray(HEAP_START), /memory was not given/);
  snapshot.memory = new WebAssembly.Memory({ initial: 1 });
  assert.throws(() => snapshot.subarray(HEAP_START), RangeError);
  assert.ok(!snapshot.restored);
});

test("changed bytes, a digest of other bytes, a cut or a longer entry are refused before any restore", async () => {
  const packed = packSnapshot(snapshotBytes(20, (p) => p === 5));
  const changed = packed.slice();
  for (let i = 30_000; i < 30_512; i++) changed[i] ^= 0x5a;
  const longer = new Uint8Array(packed.length + 3);
  longer.set(packed);
  const cases = [
    [kept(changed, { digest: snapshotDigest(packed) }), /digest/],
    [kept(packed, { digest: "0000000000000000-12" }), /digest/],
    [kept(packed.slice(0, packed.length - 100), { digest: snapshotDigest(packed) }), /cut short/],
    [kept(longer, { digest: snapshotDigest(packed) }), /past its last page/],
    [kept(longer, { digest: snapshotDigest(packed), plain: true }), /past its last page/],
  ];
  for (const [response, error] of cases) {
    const { filled } = await readSnapshot(response);
    await assert.rejects(filled, error);
  }
});

test("bytes of another format, or a heap larger than Pyodide restores, are refused at once", async () => {
  await assert.rejects(readSnapshot(kept(new Uint8Array(4096).fill(7))), /not of this version's format/);
  const huge = new Uint8Array(16);
  huge.set([0x4d, 0x4a, 0x53, 0x32]);
  new DataView(huge.buffer).setUint32(4, SNAPSHOT_LIMIT + 4096, true);
  await assert.rejects(readSnapshot(kept(huge)), /exceed what Pyodide restores/);
  await assert.rejects(readSnapshot(kept(new Uint8Array(3))), /not of this version's format/);
});

test("the digest tells any one changed word, and the length", () => {
  const bytes = new Uint8Array(4096 + 5).map((_, i) => (i * 13) & 255);
  const digest = snapshotDigest(bytes);
  for (const at of [0, 1, 4, 7, 2048, 4096, 4100]) {
    const other = bytes.slice();
    other[at] ^= 1;
    assert.notEqual(snapshotDigest(other), digest, `byte ${at}`);
  }
  const padded = new Uint8Array(bytes.length + 1);
  padded.set(bytes);
  assert.notEqual(snapshotDigest(padded), digest); // a zero more: the same words, another length
  const unaligned = new Uint8Array(bytes.length + 1);
  unaligned.set(bytes, 1);
  assert.equal(snapshotDigest(unaligned.subarray(1)), digest);
});
