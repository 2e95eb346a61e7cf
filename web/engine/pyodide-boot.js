// What the engine worker (engine-worker.js) and the snapshot worker (snapshot-worker.js) share:
// the options both give loadPyodide, installing the engine wheel with micropip, the Python
// entry points, and where the memory snapshot of a warmed engine is kept.
//
// The snapshot (Pyodide's private _makeSnapshot / _loadSnapshot, tied to its exact build) is the
// wasm heap after the engine was imported and a hand of each rule set played (warmup.py); it is
// kept in Cache Storage under a key naming the Pyodide build and the engine wheel's hash, with
// a digest of its bytes, so a later visit restores it instead of starting Python again.

import { refused } from "../shell/storage.js";

export const here = (path) => new URL(path, import.meta.url).href;
/** Where the runtime's wasm is asked for (Pyodide's fetch of it): both workers hand it the kept copy. */
export const RUNTIME_URL = here("./pyodide/pyodide.asm.wasm");

// --- the trampolines compiled at Pyodide's start -----------------------------------------
// At every start (a restore too) Emscripten puts a few hundred JS functions into the wasm table,
// each wrapped in a tiny module of its own compiled with `new WebAssembly.Module(bytes)`, whose
// bytes name nothing but the function's signature (the function is the instance's import). A
// compiled module is immutable and instantiates any number of times, so here each signature's is
// compiled once: about 30 ms less work on the engine worker's thread at each start (a trace's
// CPU profile: convertJsFunctionToWasm 44 ms before, 15 ms after).

const TRAMPOLINE_MAX = 64; // bytes: a trampoline is 30-40; anything larger is compiled as asked

/** From now on in this worker, `new WebAssembly.Module(bytes)` of a tiny module answers the module
 * compiled for the same bytes before; everything else is WebAssembly.Module's own. */
export function shareTrampolines() {
  const Real = WebAssembly.Module;
  if (Real.name === "SharedTrampolineModule") return;
  /** @type {Map<string, WebAssembly.Module>} */
  const compiled = new Map();
  /** @param {BufferSource} bytes @param {unknown[]} rest */
  function SharedTrampolineModule(bytes, ...rest) {
    if (!new.target) return Reflect.apply(Real, undefined, [bytes, ...rest]); // throws as the real one does
    if (rest.length || !(bytes instanceof Uint8Array) || bytes.length > TRAMPOLINE_MAX) {
      return Reflect.construct(Real, [bytes, ...rest], new.target);
    }
    const key = bytes.join(",");
    let module = compiled.get(key);
    if (!module) compiled.set(key, (module = new Real(bytes)));
    return module;
  }
  Object.setPrototypeOf(SharedTrampolineModule, Real); // Module.exports, .imports, .customSections
  SharedTrampolineModule.prototype = Real.prototype; // instanceof WebAssembly.Module holds
  WebAssembly.Module = /** @type {any} */ (SharedTrampolineModule);
}

// --- packed downloads -------------------------------------------------------------------

// build.py ships the standard library and every wheel gzipped whole, as <file>.gz, each zip
// stored uncompressed inside: one compression over a whole archive takes about a sixth more off
// than a zip's deflate, file by file, and on any host (one that gzips .zip files or not).
// Both workers fetch through unpacking(): a request for one of those files gets its .gz.
// The runtime's wasm is gzipped too (9.6 MB raw, 3.5 MB gzip: a host that sends files as they
// are, like the test server, would send it raw) and unpacked as it streams in, so that
// WebAssembly.instantiateStreaming still compiles it while it arrives.
const PACKED = /(?:\/python_stdlib\.zip|\.whl|\/pyodide\.asm\.wasm)$/;
const STREAMED = /\.wasm$/;

/** A body stream unpacked if it is gzip (a host may have sent the .gz as Content-Encoding: gzip,
 * already unpacked by the browser): its first bytes tell. */
async function gunzipStream(body) {
  const reader = body.getReader();
  const head = [];
  let size = 0;
  while (size < 2) {
    const { done, value } = await reader.read();
    if (done) break;
    head.push(value);
    size += value.byteLength;
  }
  const first = head.length === 1 ? head[0] : new Uint8Array(await new Blob(head).arrayBuffer());
  const stream = new ReadableStream({
    start(controller) {
      if (first.byteLength) controller.enqueue(first);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return first[0] === 0x1f && first[1] === 0x8b ? stream.pipeThrough(new DecompressionStream("gzip")) : stream;
}

const base64 = (bytes) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));

/** The absolute URL a fetch's `input` (a string, a URL or a Request) asks for. */
export function requestUrl(input) {
  return new URL(typeof input === "string" || input instanceof URL ? input : input.url, self.location.href);
}

/** fetch, with the packed files fetched as <file>.gz and unpacked; Pyodide's `integrity` (the
 * lock's SHA-256 of the file itself) is checked here, on the unpacked bytes. */
export function unpacking(fetch) {
  return async (input, init) => {
    const url = requestUrl(input);
    if (url.origin !== self.location.origin || !PACKED.test(url.pathname)) return fetch(input, init);
    const { integrity, ...rest } = init ?? {};
    const response = await fetch(`${url.origin}${url.pathname}.gz${url.search}`, rest);
    if (!response.ok) return response;
    const body = response.body && (await gunzipStream(response.body));
    if (STREAMED.test(url.pathname)) return new Response(body, { status: 200, headers: { "content-type": "application/wasm" } });
    const bytes = new Uint8Array(await new Response(body).arrayBuffer());
    if (integrity) {
      const got = "sha256-" + base64(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)));
      if (got !== integrity) throw new TypeError(`${url.pathname}: its SHA-256 is not the lock's (${integrity})`);
    }
    return new Response(bytes, { status: 200, headers: { "content-type": "application/zip" } });
  };
}

/** The boot manifest build.py writes: the wheel, its hash, Pyodide's lock, the download sizes. */
export async function readManifest() {
  const response = await fetch(here("./engine.json"), { cache: "no-cache" });
  if (!response.ok) throw new Error(`engine.json: HTTP ${response.status}`);
  return response.json();
}

/** loadPyodide's options on every path: our files, the lock inline (no pyodide-lock.json). */
export function pyodideOptions(manifest) {
  return {
    indexURL: here("./pyodide/"),
    lockFileContents: Promise.resolve(manifest).then((m) => m.lock),
    packageBaseUrl: here("./pyodide/"),
  };
}

/** The engine wheel's bytes (its folder is named by its hash: a new build is a new URL). */
export async function fetchWheel(manifest) {
  const response = await fetch(here("./" + manifest.wheel));
  if (!response.ok) throw new Error(`${manifest.wheel.split("/").pop()}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** micropip installs the wheel from the in-memory file system (emfs:), under its own file name. */
export async function installEngine(pyodide, manifest, bytes) {
  const path = `/tmp/wheels/${manifest.wheel.split("/").pop()}`;
  pyodide.FS.mkdirTree("/tmp/wheels");
  pyodide.FS.writeFile(path, bytes);
  const micropip = pyodide.pyimport("micropip");
  try {
    await micropip.install.callKwargs(`emfs:${path}`, { deps: false });
  } finally {
    micropip.destroy();
  }
}

// "ping" is answered here, not by the bridge: it checks the worker and the interpreter.
const GLUE = `
import json, sys
from py_engine.bridge import call as _entry

def _ping() -> str:
    return json.dumps({"ok": True, "python": sys.version})
`;

/** Import the engine and define the entry points (in __main__, so a snapshot keeps them). */
export function importEngine(pyodide) {
  pyodide.runPython(GLUE);
}

/** The entry points as JS functions, with what the page is told: [call, ping, info]. */
export function entries(pyodide) {
  const pair = pyodide.runPython("(_entry, _ping)");
  const found = [pair.get(0), pair.get(1)];
  pair.destroy();
  const python = pyodide.runPython("import sys; sys.version");
  return [...found, { python }];
}

// --- the snapshot in Cache Storage ----------------------------------------------------------

export const SNAPSHOT_CACHE = "mahjong-snapshot";
// Pyodide 314 restores a heap of at most its initial 30 MiB (pyodide issue 6254); the snapshot
// also holds a small header, so anything past this cannot restore and is not kept.
export const SNAPSHOT_LIMIT = 30 * 1024 * 1024 + 64 * 1024;

/** How each kept entry's key ends: what findKept looks for before the manifest is in. */
const KEPT_ENDS = { snapshot: ".s2.bin", runtime: "-pyodide.asm.wasm", stdlib: "-python_stdlib.zip" };

/** The cache key: one per Pyodide build, standard library, engine wheel and warm-up (build.py),
 * and the way it is kept (packSnapshot's format and its digest, "s2"). */
export function snapshotKey(manifest) {
  return here(`./snapshot/${manifest.pyodide}-${manifest.snapshot.slice(0, 24)}${KEPT_ENDS.snapshot}`);
}

// --- the heap kept sparse ------------------------------------------------------------------
// About half of a warmed heap's 4 KiB pages are all zeros. Kept without them, a repeat visit
// reads half as much from Cache Storage (bench/boot.py). Format: "MJS2", the heap's length (u32,
// little-endian), then a bitmap (bit i: page i is kept), then the kept pages in order (the last
// one perhaps short). Its digest (snapshotDigest) is kept beside it, in the entry's headers.

const PAGE = 4096;
const MAGIC = [0x4d, 0x4a, 0x53, 0x32]; // "MJS2"

const isZeroPage = (words, from, to) => {
  for (let i = from; i < to; i++) if (words[i] !== 0) return false;
  return true;
};

/** A heap's bytes without its zero pages (the format above). */
export function packSnapshot(heap) {
  const aligned = heap.byteOffset % 4 === 0 ? heap : heap.slice();
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, Math.floor(aligned.byteLength / 4));
  const pages = Math.ceil(heap.length / PAGE);
  const bitmap = new Uint8Array(Math.ceil(pages / 8));
  const kept = [];
  for (let p = 0; p < pages; p++) {
    const start = p * PAGE;
    const end = Math.min(heap.length, start + PAGE);
    const wordsEnd = Math.floor(end / 4);
    const tailZero = aligned.subarray(wordsEnd * 4, end).every((b) => b === 0);
    if (tailZero && isZeroPage(words, start / 4, wordsEnd)) continue;
    bitmap[p >> 3] |= 1 << (p & 7);
    kept.push(p);
  }
  const size = kept.reduce((sum, p) => sum + Math.min(PAGE, heap.length - p * PAGE), 0);
  const out = new Uint8Array(8 + bitmap.length + size);
  out.set(MAGIC, 0);
  new DataView(out.buffer).setUint32(4, heap.length, true);
  out.set(bitmap, 8);
  let at = 8 + bitmap.length;
  for (const p of kept) {
    const page = aligned.subarray(p * PAGE, Math.min(heap.length, (p + 1) * PAGE));
    out.set(page, at);
    at += page.length;
  }
  return out;
}

/** @typedef {{length: number, size: number, runs: {dst: number, src: number, len: number}[]}} Layout
 * the heap's length, the packed bytes' size, and where each run of kept pages goes (dst, in the heap)
 * and comes from (src, in the packed bytes) */

const NOT_THIS_FORMAT = "the kept snapshot is not of this version's format";

/** The layout of packed bytes from their first bytes, or null until enough of them are in (the
 * header, then the bitmap); throws on bytes of another format or a heap larger than `limit`. */
function readLayout(/** @type {Uint8Array} */ head, limit = Infinity) {
  if (head.length < 8) return null;
  if (MAGIC.some((b, i) => head[i] !== b)) throw new Error(NOT_THIS_FORMAT);
  const length = new DataView(head.buffer, head.byteOffset, 8).getUint32(4, true);
  if (length > limit) throw new Error(`the snapshot's ${length} bytes exceed what Pyodide restores`);
  const pages = Math.ceil(length / PAGE);
  const start = 8 + Math.ceil(pages / 8);
  if (head.length < start) return null;
  /** @type {Layout["runs"]} */
  const runs = [];
  let src = start;
  for (let p = 0; p < pages; p++) {
    if (!(head[8 + (p >> 3)] & (1 << (p & 7)))) continue;
    const len = Math.min(PAGE, length - p * PAGE);
    const last = runs[runs.length - 1];
    if (last && last.dst + last.len === p * PAGE) last.len += len;
    else runs.push({ dst: p * PAGE, src, len });
    src += len;
  }
  return { length, size: src, runs };
}

/** Bytes [from, to) of the heap written into `target` (from its index 0), from the packed bytes:
 * the kept pages copied, and, if `zero`, the pages left out written as zeros (a target that may hold
 * other bytes: a wasm memory after its start). */
function writeHeap(/** @type {Uint8Array} */ packed, /** @type {Layout} */ layout, /** @type {Uint8Array} */ target, from, to, zero) {
  let end = from; // the heap's bytes before this are written
  for (const { dst, src, len } of layout.runs) {
    if (dst >= to) break;
    const a = Math.max(from, dst);
    const b = Math.min(to, dst + len);
    if (b <= a) continue;
    if (zero && a > end) target.fill(0, end - from, a - from);
    target.set(packed.subarray(src + a - dst, src + b - dst), a - from);
    end = b;
  }
  if (zero && to > end) target.fill(0, end - from, to - from);
}

/** The heap back from packSnapshot's bytes; throws on bytes that are not of that format, cut short,
 * or with bytes past the last page. */
export function unpackSnapshot(/** @type {Uint8Array} */ packed) {
  const layout = readLayout(packed);
  if (!layout) throw new Error(NOT_THIS_FORMAT);
  if (packed.length < layout.size) throw new Error("the kept snapshot is cut short");
  if (packed.length > layout.size) throw new Error("the kept snapshot has bytes past its last page");
  const heap = new Uint8Array(layout.length);
  writeHeap(packed, layout, heap, 0, layout.length, false);
  return heap;
}

// The digest kept beside the packed bytes: what a repeat visit checks before it hands the heap on.
// Two lanes of 32-bit multiply-xor (FNV-like) over the bytes as little-endian 32-bit words, even
// words in one lane, odd in the other, the bytes zero-padded to 8, then their length. Each step is
// a bijection of the lane's state, so a changed word always changes the digest, and random changes
// go unnoticed about once in 2^64: it tells a damaged or foreign entry (what Cache Storage's own
// checks let through, or another version's), it is no defence against a script of this origin,
// which could rewrite anything it serves anyway. It reads 15 MB in ~8 ms where WebCrypto's
// SHA-256 took ~25 ms on the engine worker's thread, ahead of everything else of a repeat visit.
const LANE_A = 0x01000193;
const LANE_B = 0x5bd1e995;

/** The digest of `bytes` (hex): see above. */
export function snapshotDigest(/** @type {Uint8Array} */ bytes) {
  const whole = bytes.length - (bytes.length % 8);
  let words;
  if (bytes.byteOffset % 4 === 0) words = new Int32Array(bytes.buffer, bytes.byteOffset, whole / 4);
  else words = new Int32Array(bytes.slice(0, whole).buffer);
  let a = 0x811c9dc5 | 0;
  let b = 0x9e3779b9 | 0;
  for (let i = 0; i < words.length; i += 2) {
    a = Math.imul(a ^ words[i], LANE_A);
    b = Math.imul(b ^ words[i + 1], LANE_B);
  }
  if (whole < bytes.length) {
    const tail = new Uint8Array(8);
    tail.set(bytes.subarray(whole));
    const last = new Int32Array(tail.buffer);
    a = Math.imul(a ^ last[0], LANE_A);
    b = Math.imul(b ^ last[1], LANE_B);
  }
  const hex = (/** @type {number} */ n) => (n >>> 0).toString(16).padStart(8, "0");
  return `${hex(a)}${hex(b)}-${bytes.length}`;
}

/** Beside the snapshot, the runtime's wasm unpacked: a repeat visit compiles it from there, with
 * no gunzip of 9.6 MB on the engine worker's thread while it reads the snapshot (bench/boot.py). */
export function runtimeKey(manifest) {
  return here(`./snapshot/${manifest.pyodide}${KEPT_ENDS.runtime}`);
}

/** The kept runtime as the service worker serves it from Cache Storage (sw.js): compiled from
 * that answer, the browser keeps V8's compiled code of it beside the entry (once no new optimized
 * code came for 2 s, V8's wasm_caching_timeout_ms) and a later compile of it reads that code
 * instead of compiling 9.6 MB again (bench/boot.py). Without the service worker's answer (none
 * controls this worker), `fallback`: the entry as read from the cache, compiled the slow way.
 * @param {typeof fetch} fetch @param {string} key @param {Response | null} fallback */
export async function servedRuntime(fetch, key, fallback) {
  try {
    const response = await fetch(key);
    if (response.ok && response.headers.get("content-type") === "application/wasm") return response;
  } catch {
    // no service worker, no network: the fallback
  }
  return fallback;
}

/** And the standard library unpacked, read by the engine worker itself: not through the busy
 * service worker, nor gunzipped, while the snapshot streams in. One per build (its trim follows the engine). */
export function stdlibKey(manifest) {
  return here(`./snapshot/${manifest.pyodide}-${manifest.snapshot.slice(0, 24)}${KEPT_ENDS.stdlib}`);
}

const keptKeys = (manifest) => [snapshotKey(manifest), runtimeKey(manifest), stdlibKey(manifest)];

/** Keep a snapshot (packed: see packSnapshot), replacing every older one (other builds' keys);
 * resolves with the bytes kept. */
export async function storeSnapshot(manifest, heap) {
  const cache = await caches.open(SNAPSHOT_CACHE);
  const keep = keptKeys(manifest);
  for (const old of await cache.keys()) if (!keep.includes(old.url)) await cache.delete(old);
  const bytes = packSnapshot(heap);
  const headers = { "content-type": "application/octet-stream", "x-digest": snapshotDigest(bytes) };
  await cache.put(snapshotKey(manifest), new Response(bytes, { headers }));
  return bytes.length;
}

// The kept runtime ends with a custom section of its own (which instantiation ignores), so that its
// bytes are not the downloaded runtime's: V8 shares one compiled module among the workers of a page
// whose wasm bytes are the same, and the snapshot worker's compile of the kept copy would be the
// engine worker's module, tiered up already by the first visit's play. V8 writes the code cache
// once enough new optimized code came (1 MB, wasm_caching_threshold), which then never came, and
// the next visit compiled 9.6 MB again (tests/browser/test_snapshot.py, one run in three).
const KEPT_MARK = new TextEncoder().encode("mahjong.kept");
const KEPT_SECTION = new Uint8Array([0, KEPT_MARK.length + 1, KEPT_MARK.length, ...KEPT_MARK]);

/** A body stream with `tail` after its last byte. @param {ReadableStream<Uint8Array>} body @param {Uint8Array} tail */
function withTail(body, tail) {
  return body.pipeThrough(new TransformStream({ flush: (controller) => controller.enqueue(tail) }));
}

/** Keep the runtime's wasm (marked: above) and the standard library unpacked beside the snapshot
 * (`fetch`: an unpacking fetch). */
export async function storeBeside(manifest, fetch) {
  const cache = await caches.open(SNAPSHOT_CACHE);
  for (const [file, key, type] of [["pyodide.asm.wasm", runtimeKey(manifest), "application/wasm"],
    ["python_stdlib.zip", stdlibKey(manifest), "application/zip"]]) {
    const response = await fetch(here(`./pyodide/${file}`));
    if (!response.ok || !response.body) throw new Error(`${file}: HTTP ${response.status}`);
    const body = type === "application/wasm" ? withTail(response.body, KEPT_SECTION) : response.body;
    await cache.put(key, new Response(body, { headers: { "content-type": type } }));
  }
}

/** What is kept, looked up before the manifest is in (a repeat visit begins reading it at once):
 * {snapshot, runtime, stdlib}, each {key, response} or null. Only one build's are kept
 * (storeSnapshot); whether they are this build's is for the caller to check (keptFor). */
export async function findKept() {
  const none = { snapshot: null, runtime: null, stdlib: null };
  if (typeof caches === "undefined") return none;
  let cache;
  try {
    cache = await caches.open(SNAPSHOT_CACHE);
  } catch (error) {
    if (refused(error)) return none; // the browser keeps nothing for this page (a third-party frame): nothing was kept
    throw error;
  }
  const keys = (await cache.keys()).map((request) => request.url);
  const find = async (/** @type {string} */ suffix) => {
    const key = keys.find((k) => k.endsWith(suffix));
    const response = key ? await cache.match(key) : undefined;
    return key && response ? { key, response } : null;
  };
  const [snapshot, runtime, stdlib] = await Promise.all([find(KEPT_ENDS.snapshot), find(KEPT_ENDS.runtime), find(KEPT_ENDS.stdlib)]);
  return { snapshot, runtime, stdlib };
}

/** Whether what findKept found is this manifest's build's (each one found). */
export function keptFor(manifest, found) {
  return [[found.snapshot, snapshotKey], [found.runtime, runtimeKey], [found.stdlib, stdlibKey]]
    .every(([entry, key]) => !entry || entry.key === key(manifest));
}

/** A response body read into buffers of ours: with a BYOB reader the bytes land in them directly (no
 * chunk allocated, then copied), else chunk by chunk, copied. */
class BodyReader {
  constructor(/** @type {ReadableStream<Uint8Array>} */ body) {
    /** @type {any} */
    this.reader = null;
    this.byob = true;
    try {
      this.reader = body.getReader({ mode: "byob" });
    } catch {
      this.reader = body.getReader(); // not a byte stream
      this.byob = false;
    }
    /** @type {Uint8Array | null} what a default reader's last chunk had past the target */
    this.rest = null;
  }

  /** Reads what comes next into target[at, end): resolves with the target (a new view of the same
   * bytes: a BYOB read transfers its buffer) and the bytes read, 0 at the stream's end. */
  async readInto(/** @type {Uint8Array} */ target, at, end) {
    if (this.byob) {
      const { byteOffset, length } = target; // (the read detaches target's buffer)
      const { value } = await this.reader.read(new Uint8Array(target.buffer, byteOffset + at, end - at));
      if (!value) throw new Error("the kept snapshot's stream was cancelled");
      return { target: new Uint8Array(value.buffer, byteOffset, length), n: value.byteLength };
    }
    let chunk = this.rest;
    this.rest = null;
    if (!chunk) {
      const { done, value } = await this.reader.read();
      if (done) return { target, n: 0 };
      chunk = /** @type {Uint8Array} */ (value);
    }
    const n = Math.min(chunk.length, end - at);
    target.set(chunk.subarray(0, n), at);
    if (n < chunk.length) this.rest = chunk.subarray(n);
    return { target, n };
  }

  cancel() {
    this.reader.cancel().catch(() => {});
  }
}

/** The snapshot as loadPyodide is handed it (`_loadSnapshot`). Pyodide 314's restoreSnapshot(bytes)
 * reads its own header from the bytes (magic, build id, the JS-side table as JSON), then copies
 * `bytes.subarray(heapStart)` into the instance's memory whole: 30 MB, half of them zero pages.
 * This array has the snapshot's length but holds only that header; its subarray(heapStart) writes
 * the kept pages straight from the packed bytes into the memory (`memory`, set once the runtime is
 * instantiated) and zeroes the pages left out, then hands Pyodide nothing more to copy. So the
 * bytes are copied once, not unpacked into a heap of their own and copied again. `restored` says
 * that it happened (if a Pyodide did not ask for that subarray, its memory holds no heap). */
export class KeptSnapshot extends Uint8Array {
  static get [Symbol.species]() {
    return Uint8Array; // what subarray and slice make, ours included
  }

  constructor(/** @type {number} */ length) {
    super(length);
    /** @type {Uint8Array | null} */
    this.packed = null;
    /** @type {Layout | null} */
    this.layout = null;
    /** @type {WebAssembly.Memory | null} */
    this.memory = null;
    this.heapStart = -1;
    this.restored = false;
  }

  /** The packed bytes, all in and checked: Pyodide's header is written into this array. */
  take(/** @type {Uint8Array} */ packed, /** @type {Layout} */ layout) {
    const own = new Uint8Array(this.buffer); // a plain view: this.subarray is Pyodide's hook
    writeHeap(packed, layout, own, 0, Math.min(8, layout.length), false);
    const heapStart = new DataView(this.buffer).getUint32(4, true);
    if (heapStart < 8 || heapStart > layout.length) throw new Error("the kept snapshot's header is not Pyodide's");
    writeHeap(packed, layout, own, 0, heapStart, false);
    Object.assign(this, { packed, layout, heapStart });
  }

  /** @param {number} [begin] @param {number} [end] */
  subarray(begin, end) {
    const { packed, layout, memory } = this;
    if (end !== undefined || begin !== this.heapStart || !packed || !layout) return super.subarray(begin, end);
    if (!memory) throw new Error("the runtime's memory was not given to the kept snapshot");
    const target = new Uint8Array(memory.buffer);
    const span = layout.length - this.heapStart;
    if (span > target.length) throw new RangeError(`the snapshot's heap (${span} bytes) exceeds the runtime's memory (${target.length})`);
    writeHeap(packed, layout, target, this.heapStart, layout.length, true);
    this.packed = null;
    this.restored = true;
    return new Uint8Array(0);
  }
}

// The header and bitmap of a heap Pyodide restores take about 1 KB: read first into this much.
const HEAD_BYTES = 64 * 1024;

/** Read a found snapshot. Resolves, as soon as its header and bitmap are in, with `snapshot` (a
 * KeptSnapshot of the heap's length) and `filled`, which resolves once every kept page is in, the
 * bytes match the digest stored with them and the snapshot holds Pyodide's header, and rejects
 * otherwise. Pyodide sizes its memory from the snapshot's length at once but reads it only after the
 * runtime's instantiation, which the engine worker holds until `filled`: the read overlaps Pyodide's
 * own start. */
export async function readSnapshot(/** @type {Response} */ response) {
  const expected = response.headers.get("x-digest");
  if (!response.body) throw new Error("the kept snapshot has no body");
  const body = new BodyReader(response.body);
  let head = new Uint8Array(HEAD_BYTES);
  let got = 0;
  /** @type {Layout | null} */
  let layout = null;
  try {
    while (!layout) {
      if (got === head.length) throw new Error(NOT_THIS_FORMAT);
      const read = await body.readInto(head, got, head.length);
      head = read.target;
      if (!read.n) throw new Error(got < 8 ? NOT_THIS_FORMAT : "the kept snapshot is cut short");
      got += read.n;
      layout = readLayout(head.subarray(0, got), SNAPSHOT_LIMIT);
    }
    if (got > layout.size) throw new Error("the kept snapshot has bytes past its last page");
  } catch (error) {
    body.cancel();
    throw error;
  }
  const { size } = layout;
  const snapshot = new KeptSnapshot(layout.length);
  const filled = (async () => {
    // 8 bytes of room past the last page: a byte more than kept is seen (and refused)
    let packed = new Uint8Array(size + 8);
    packed.set(head.subarray(0, got));
    let at = got;
    for (;;) {
      const read = await body.readInto(packed, at, at < size ? size : size + 8);
      packed = read.target;
      if (!read.n) break;
      at += read.n;
      if (at > size) throw new Error("the kept snapshot has bytes past its last page");
    }
    if (at < size) throw new Error("the kept snapshot is cut short");
    const bytes = packed.subarray(0, size);
    const digest = snapshotDigest(bytes);
    if (digest !== expected) throw new Error(`the snapshot's digest ${digest} is not the one kept with it (${expected})`);
    snapshot.take(bytes, /** @type {Layout} */ (layout));
  })();
  filled.catch(() => body.cancel()); // (the engine worker awaits it)
  return { snapshot, filled };
}

/** Discard the snapshot and what is kept beside it (whichever build's). */
export async function discardSnapshot() {
  if (typeof caches === "undefined") return;
  const cache = await caches.open(SNAPSHOT_CACHE);
  for (const key of await cache.keys()) await cache.delete(key);
}

export async function discardRuntime(manifest) {
  if (typeof caches === "undefined") return;
  await (await caches.open(SNAPSHOT_CACHE)).delete(runtimeKey(manifest));
}
