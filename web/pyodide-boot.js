// What the engine worker (engine-worker.js) and the snapshot worker (snapshot-worker.js) share:
// the options both give loadPyodide, installing the engine wheel with micropip, the Python
// entry points, and where the memory snapshot of a warmed engine is kept.
//
// The snapshot (Pyodide's private _makeSnapshot / _loadSnapshot, tied to its exact build) is the
// wasm heap after the engine was imported and a hand of each rule set played (warmup.py); it is
// kept in Cache Storage under a key naming the Pyodide build and the engine wheel's hash, with
// the SHA-256 of its bytes, so a later visit restores it instead of starting Python again.

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
const KEPT_ENDS = { snapshot: ".s1.bin", runtime: "-pyodide.asm.wasm", stdlib: "-python_stdlib.zip" };

/** The cache key: one per Pyodide build, standard library, engine wheel and warm-up (build.py),
 * and the way it is kept (packSnapshot's format, "s1"). */
export function snapshotKey(manifest) {
  return here(`./snapshot/${manifest.pyodide}-${manifest.snapshot.slice(0, 24)}${KEPT_ENDS.snapshot}`);
}

// --- the heap kept sparse ------------------------------------------------------------------
// About half of a warmed heap's 4 KiB pages are all zeros. Kept without them, a repeat visit
// reads half as much from Cache Storage, the slowest step of its boot (bench/boot.py). Format:
// "MJS1", the heap's length (u32, little-endian), then a bitmap (bit i: page i is kept), then
// the kept pages in order (the last one perhaps short).

const PAGE = 4096;
const MAGIC = [0x4d, 0x4a, 0x53, 0x31]; // "MJS1"

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

/** packSnapshot's bytes unpacked as they come, chunk by chunk (push, then end): `heap` is there,
 * its full length, as soon as the header and bitmap are in, and its pages are written in as their
 * bytes arrive; `packed` gathers the bytes as they came (for their digest). Throws on bytes that are
 * not of that format. */
class Unpacker {
  constructor() {
    /** @type {Uint8Array[]} the first chunks, until the header and bitmap are in */
    this.head = [];
    this.headSize = 0;
    /** @type {Uint8Array | null} */
    this.heap = null;
    /** @type {Uint8Array} */
    this.packed = new Uint8Array(0);
    this.at = 0; // bytes of `packed` in
    /** @type {{dst: number, src: number, len: number}[]} runs of kept pages, in order */
    this.runs = [];
    this.run = 0; // the run being written
    this.done = 0; // its bytes written
  }

  /** @param {Uint8Array} chunk */
  push(chunk) {
    if (this.heap) return this.take(chunk);
    this.head.push(chunk);
    this.headSize += chunk.length;
    if (this.headSize < 8) return;
    const first = this.head.length === 1 ? this.head[0] : concat(this.head, this.headSize);
    this.head = [first];
    if (MAGIC.some((b, i) => first[i] !== b)) throw new Error("the kept snapshot is not of this version's format");
    const length = new DataView(first.buffer, first.byteOffset, first.byteLength).getUint32(4, true);
    const pages = Math.ceil(length / PAGE);
    const start = 8 + Math.ceil(pages / 8);
    if (this.headSize < start) return;
    const bitmap = first.subarray(8, start);
    let src = start;
    for (let p = 0; p < pages; p++) {
      if (!(bitmap[p >> 3] & (1 << (p & 7)))) continue;
      const len = Math.min(PAGE, length - p * PAGE);
      const last = this.runs[this.runs.length - 1];
      if (last && last.dst + last.len === p * PAGE) last.len += len;
      else this.runs.push({ dst: p * PAGE, src, len });
      src += len;
    }
    this.heap = new Uint8Array(length);
    this.packed = new Uint8Array(src);
    this.head = [];
    this.take(first);
  }

  /** @param {Uint8Array} chunk */
  take(chunk) {
    if (this.at + chunk.length > this.packed.length) throw new Error("the kept snapshot has bytes past its last page");
    this.packed.set(chunk, this.at);
    this.at += chunk.length;
    const heap = /** @type {Uint8Array} */ (this.heap);
    while (this.run < this.runs.length) {
      const { dst, src, len } = this.runs[this.run];
      const upTo = Math.min(len, this.at - src);
      if (upTo <= this.done) return;
      heap.set(this.packed.subarray(src + this.done, src + upTo), dst + this.done);
      this.done = upTo;
      if (upTo < len) return;
      this.run++;
      this.done = 0;
    }
  }

  /** The heap, every page in; throws if bytes are missing. */
  end() {
    if (this.headSize < 8 && !this.heap) throw new Error("the kept snapshot is not of this version's format");
    if (!this.heap || this.at < this.packed.length) throw new Error("the kept snapshot is cut short");
    return this.heap;
  }
}

/** @param {Uint8Array[]} chunks */
function concat(chunks, size) {
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** The heap back from packSnapshot's bytes; throws on bytes that are not of that format. */
export function unpackSnapshot(packed) {
  const unpacker = new Unpacker();
  unpacker.push(packed);
  return unpacker.end();
}

async function sha256(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
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
  const headers = { "content-type": "application/octet-stream", "x-sha256": await sha256(bytes) };
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
  if (typeof caches === "undefined") return { snapshot: null, runtime: null, stdlib: null };
  const cache = await caches.open(SNAPSHOT_CACHE);
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

/** Read a found snapshot. Resolves, as soon as its first bytes are in, with `heap` (its full length,
 * its pages still being written in as they arrive) and `filled`, which resolves once every page is in
 * and the kept bytes match the digest stored with them, and rejects otherwise. Pyodide sizes its
 * memory from the heap's length at once but reads its bytes only after the runtime's instantiation,
 * which the engine worker holds until `filled`: the read overlaps Pyodide's own start. */
export async function readSnapshot(response) {
  const expected = response.headers.get("x-sha256");
  if (!response.body) throw new Error("the kept snapshot has no body");
  const reader = response.body.getReader();
  const unpacker = new Unpacker();
  const pump = async (/** @type {boolean} */ whole) => {
    try {
      while (whole || !unpacker.heap) {
        const { done, value } = await reader.read();
        if (done) return unpacker.end();
        unpacker.push(value);
      }
    } catch (error) {
      reader.cancel().catch(() => {});
      throw error;
    }
  };
  await pump(false);
  const heap = /** @type {Uint8Array} */ (unpacker.heap);
  if (heap.length > SNAPSHOT_LIMIT) {
    reader.cancel().catch(() => {});
    throw new Error(`the snapshot's ${heap.length} bytes exceed what Pyodide restores`);
  }
  const filled = pump(true).then(async () => {
    const got = await sha256(unpacker.packed);
    if (got !== expected) throw new Error(`the snapshot's SHA-256 ${got.slice(0, 12)}… is not ${String(expected).slice(0, 12)}…`);
  });
  filled.catch(() => {}); // the engine worker awaits it
  return { heap, filled };
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
