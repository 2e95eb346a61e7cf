// The engine worker: boots Pyodide, installs the engine wheel with micropip, imports
// py_engine, then answers calls through py_engine.bridge.call(json_str) -> json_str.
// On a repeat visit it restores the memory snapshot of a warmed engine instead, when one is
// kept (pyodide-boot.js); any failure of that falls back to the normal boot.
// Running Python here keeps bots' thinking off the page's thread.
// Message shapes are listed at the top of engine.js.
import { loadPyodide } from "../pyodide/pyodide.mjs";
/** @typedef {import("./pyodide-boot.js").KeptSnapshot} KeptSnapshot */
import {
  discardRuntime, discardSnapshot, entries, fetchWheel, findKept, importEngine, installEngine, keptFor,
  RUNTIME_URL, pyodideOptions, readManifest, readSnapshot, requestUrl, servedRuntime, shareTrampolines, unpacking,
} from "./pyodide-boot.js";

shareTrampolines(); // (pyodide-boot.js)
const post = (message) => self.postMessage(message);

// When each step of the boot ended (ms since the epoch, so the page can place them on its own
// clock): sent with "ready", for bench/boot.py's breakdown of a visit.
const phases = {};
const mark = (name) => {
  phases[name] ??= performance.timeOrigin + performance.now();
};
mark("script");

// --- progress: count the bytes of the big downloads as they arrive ---------------------

let sizes = {};
let engineWheel = null; // file name of the engine wheel, once the manifest is in
const manifest = readManifest();
manifest.then((m) => {
  sizes = m.sizes || {};
  engineWheel = m.wheel.split("/").pop();
}, () => {});
const lastSent = {};
// the stages whose files this path downloads: a restored snapshot needs no micropip nor wheel
let downloads = ["runtime", "stdlib", "micropip", "engine"];

function progress(stage, fraction, bytes, lastBytes = false) {
  const now = performance.now();
  const last = lastSent[stage];
  // At most one message per stage every 50 ms, but always the end of a stage or of its download.
  if (fraction < 1 && !lastBytes && last && now - last.t < 50) return;
  lastSent[stage] = { t: now, fraction };
  // bytes: this stage's bytes so far; total: the bytes this path downloads (the card's "3.1 of 4.9 MB")
  const total = Object.keys(sizes).filter((f) => downloads.includes(stageOf(f))).reduce((sum, f) => sum + sizes[f], 0);
  post({ type: "progress", stage, fraction, ...(bytes !== undefined && total ? { bytes, total } : {}) });
}

function stageOf(file) {
  if (file === "pyodide.asm.wasm") return "runtime";
  if (file === "python_stdlib.zip") return "stdlib";
  if (file.startsWith("micropip-")) return "micropip";
  if (file === engineWheel) return "engine";
  return null;
}

// The share of a stage that is the download; the rest is unpacking or installing.
const DOWNLOAD_SHARE = { runtime: 1, stdlib: 1, micropip: 0.9, engine: 0.2 };
const downloaded = {}; // stage -> {file: bytes}

function countBytes(stage, file, response) {
  // Read a clone so the original response (and the browser's wasm code cache keyed by
  // its URL) stays untouched.
  const total = sizes[file] || Number(response.headers.get("content-length")) || 0;
  if (!total || !response.body) return;
  const reader = response.clone().body.getReader();
  const files = (downloaded[stage] ??= {});
  const stageTotal = () =>
    Object.keys(sizes).filter((f) => stageOf(f) === stage).reduce((s, f) => s + sizes[f], 0) || total;
  files[file] = 0;
  const pump = () =>
    reader.read().then(({ done, value }) => {
      if (!done) files[file] += value.byteLength;
      const got = Object.values(files).reduce((a, b) => a + b, 0);
      progress(stage, Math.min(1, got / stageTotal()) * DOWNLOAD_SHARE[stage], got, done);
      return done ? undefined : pump();
    });
  pump().catch(() => {});
}

const realFetch = self.fetch.bind(self);
// the packed files (pyodide-boot.js) are counted as their .gz arrives, under their own names
const fetching = unpacking(async (input, init) => {
  const url = requestUrl(input);
  const name = url.pathname.split("/").pop() ?? "";
  mark(`fetch ${name}`);
  const response = await realFetch(input, init);
  mark(`response ${name}`);
  try {
    const file = decodeURIComponent(name).replace(/\.gz$/, "");
    const stage = stageOf(file);
    if (stage && response.ok) countBytes(stage, file, response);
  } catch {
    // progress is best effort; the response itself is unchanged
  }
  return response;
});
self.fetch = (input, init) => {
  if (early && wasmUrl(input)) return Promise.resolve(new Response(null));
  if (keptStdlib && stdlibUrl(input)) { // the unpacked copy kept beside the snapshot: no download
    const response = keptStdlib;
    keptStdlib = null;
    progress("stdlib", 1);
    return Promise.resolve(response);
  }
  return fetching(input, init);
};

// --- the runtime compiled while the snapshot is read -------------------------------------
// A repeat visit looks up what it kept (the snapshot, the runtime's wasm unpacked beside it) at
// once, before the manifest is in, and starts reading the snapshot and compiling the wasm
// (from that copy, else fetched). Pyodide is handed the snapshot as soon as its length is known and
// starts while the pages stream in; its instantiateStreaming is handed the module compiled here
// (its fetch of the file gets an empty answer), and the instance only once every page is in and
// checked: Pyodide restores the heap right after, the kept snapshot writing its pages straight into
// the instance's memory. Any failure falls back to the normal boot with the real functions back in
// place.

/** @type {Promise<WebAssembly.Module> | null} */
let early = null;
/** @type {Promise<void> | null} the heap's pages all in and checked (the snapshot path) */
let heapIn = null;
/** @type {Response | null} the standard library kept beside the snapshot, for Pyodide's fetch of it */
let keptStdlib = null;
/** @type {KeptSnapshot | null} the snapshot being restored, handed the runtime's memory once instantiated */
let restoring = null;
const realInstantiate = WebAssembly.instantiateStreaming;

const wasmUrl = (input) => requestUrl(input).href === RUNTIME_URL;
const STDLIB = new URL("./pyodide/python_stdlib.zip", import.meta.url).href;
const stdlibUrl = (input) => requestUrl(input).href === STDLIB;

/** @param {Promise<Response | null> | null} runtime the unpacked wasm kept beside the snapshot, if it is */
function compileEarly(runtime) {
  early = WebAssembly.compileStreaming(Promise.resolve(runtime).then((kept) => kept ?? fetching(RUNTIME_URL)));
  early.then(() => progress("runtime", 1), () => {}); // a failure is reported where it is awaited
  const compiled = early;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const gate = heapIn;
    const kept = restoring;
    stopEarly();
    Promise.resolve(source).catch(() => {}); // the empty answer above
    let module;
    let result;
    try {
      module = await compiled;
    } catch (error) {
      // (Pyodide swallows a failed instantiation and never resolves: never fail here)
      console.warn("mahjong: the kept runtime did not compile; discarding it and fetching the runtime:", error);
      manifest.then(discardRuntime).catch(() => {});
      result = realInstantiate(fetching(RUNTIME_URL), imports);
    }
    if (module) {
      mark("wasm compiled");
      result = WebAssembly.instantiate(module, imports).then((instance) => ({ module, instance }));
    }
    // the kept snapshot writes its pages straight into this memory (pyodide-boot.js KeptSnapshot)
    result = result.then((made) => {
      const memory = made.instance.exports.memory;
      if (kept && memory instanceof WebAssembly.Memory) kept.memory = memory;
      return made;
    });
    result.catch(() => {}); // (returned below, or dropped with the heap)
    // A heap that did not come in whole and right is never handed on: Pyodide waits forever, and
    // restoreBoot, racing it against the heap, falls back to the normal boot.
    if (gate && !(await gate.then(() => true, () => false))) return new Promise(() => {});
    return result;
  };
}

function stopEarly() {
  early = null;
  heapIn = null;
  keptStdlib = null;
  restoring = null;
  WebAssembly.instantiateStreaming = realInstantiate;
}

/** What this visit kept, looked up and read from the start: {snapshot, runtime, stdlib, read},
 * where read is readSnapshot's answer (a promise) when there is a snapshot. */
const kept = findKept().then((found) => {
  if (!found.snapshot) return { ...found, read: null };
  mark("snapshot found");
  // as the service worker serves it: with the compiled code the browser kept beside it
  compileEarly(found.runtime ? servedRuntime(realFetch, found.runtime.key, found.runtime.response) : null);
  keptStdlib = found.stdlib?.response ?? null;
  // fetched and compiled now, while the snapshot is read; loadPyodide's own import then finds it
  // (a URL built at run time names a published file: the bundle runs at the site's root)
  import(new URL("./pyodide/pyodide.asm.mjs", import.meta.url).href).catch(() => {});
  const read = readSnapshot(found.snapshot.response);
  read.catch(() => {}); // awaited in boot
  return { ...found, read };
}, (error) => {
  console.warn("mahjong: Cache Storage unavailable, no snapshot:", error);
  return { snapshot: null, runtime: null, stdlib: null, read: null };
});

// --- boot ------------------------------------------------------------------------------

let stage = "runtime"; // runtime, stdlib and start overlap; failures name "runtime"
let call = null; // the Python entry point, py_engine.bridge.call: (json_str, client_id) -> json_str
let ping = null;
let drop = null; // py_engine.bridge.drop: (client_id) -> bool, a page that went away

// The engine wheel's bytes, fetched while the runtime downloads and compiles, instead of by
// micropip once Python is up; only on the path that installs it.
let wheelBytes = null;
const wheel = () => (wheelBytes ??= manifest.then(fetchWheel));

/** The normal boot: start Python, install the engine wheel with micropip, import the engine. */
async function freshBoot(m) {
  downloads = ["runtime", "stdlib", "micropip", "engine"];
  wheel().catch(() => {}); // reported below, at the engine stage
  progress("micropip", 0); // first: this path's own stage tells the page's bar which path it is
  progress("runtime", 0);
  progress("stdlib", 0);
  // micropip listed here downloads while the runtime starts, instead of after it.
  const pyodide = await loadPyodide({ ...pyodideOptions(manifest), packages: ["micropip"] });
  mark("pyodide");
  for (const done of ["runtime", "stdlib", "start", "micropip"]) progress(done, 1);
  stage = "engine";
  await installEngine(pyodide, m, await wheel());
  mark("installed");
  progress("engine", 1);
  stage = "import";
  importEngine(pyodide);
  mark("imported");
  return pyodide;
}

/** A repeat visit: the heap of a warmed engine from Cache Storage (made by snapshot-worker.js),
 * started before the manifest is in; the heap is handed on only if what was kept is this build's. */
async function restoreBoot(found) {
  // what is kept beside the snapshot is not downloaded
  downloads = ["runtime", "stdlib"].filter((d) => !found[d]);
  progress("snapshot", 0); // first: this path's own stage tells the page's bar which path it is
  progress("runtime", 0);
  progress("stdlib", 0);
  const { snapshot, filled } = await found.read;
  restoring = snapshot;
  heapIn = Promise.all([filled, manifest]).then(([, m]) => {
    // Another build's (once, after an update): not used; the snapshot worker replaces it after this visit.
    if (!keptFor(m, found)) throw new Error("the kept snapshot is another build's");
    mark("snapshot read");
    progress("snapshot", 1);
  });
  const refused = heapIn.then(() => new Promise(() => {})); // rejects only if the heap is not to be used
  const pyodide = await Promise.race([loadPyodide({ ...pyodideOptions(manifest), _loadSnapshot: snapshot }), refused]);
  if (!snapshot.restored) throw new Error("Pyodide started without the kept snapshot's pages");
  mark("pyodide");
  for (const done of ["runtime", "stdlib", "start"]) progress(done, 1);
  stage = "import";
  // The snapshot froze the random state: reseed it from the system's entropy.
  pyodide.runPython("import random; random.seed()");
  mark("reseeded");
  // A restored heap has no installed wheel in its file system: every engine module must be in it
  // already (the warm-up imports them all). One that is not makes this a failed restore, never a
  // page's "No module named" later.
  const modules = (await manifest).modules ?? [];
  pyodide.globals.set("_engine_modules", pyodide.toPy(modules));
  const missing = pyodide.runPython(`
import importlib
_missing = []
for _name in _engine_modules:
    try:
        importlib.import_module(_name)
    except ImportError as _error:
        _missing.append(f"{_name}: {_error}")
del _engine_modules
", ".join(_missing)`);
  if (missing) throw new Error(`the restored engine cannot import ${missing}`);
  return pyodide;
}

async function boot() {
  const found = await kept;
  let pyodide = null;
  let path = "fresh";
  if (found.read) {
    try {
      pyodide = await restoreBoot(found);
      [call, ping] = entries(pyodide);
      JSON.parse(ping()); // the restored interpreter answers
      path = "snapshot";
    } catch (error) {
      console.warn("mahjong: the memory snapshot could not be restored; discarding it and starting normally:", error);
      discardSnapshot().catch(() => {});
      stopEarly();
      pyodide = null;
      stage = "runtime";
    }
  }
  const m = await manifest;
  mark("manifest");
  if (!pyodide) {
    pyodide = await freshBoot(m);
  }
  const [entry, pinger, info] = entries(pyodide);
  [call, ping] = [entry, pinger];
  drop = pyodide.runPython("import py_engine.bridge as _bridge; _bridge.drop");
  progress("import", 1);
  mark("ready");
  post({
    type: "ready",
    ...info,
    phases,
    path, // "fresh" or "snapshot"
    pyodide: pyodide.version,
    engine: { wheel: engineWheel, sha256: m.sha256 },
  });
}

function errorInfo(error) {
  return { name: error?.type || error?.name || "Error", message: String(error?.message ?? error) };
}

const booted = boot().catch((error) => {
  post({ type: "failed", stage, error: errorInfo(error) });
  throw error;
});
booted.catch(() => {});

// --- calls -----------------------------------------------------------------------------

// Calls run one at a time in arrival order (Python is single-threaded anyway). The page's
// engine client (engine.js) sends each request already serialized and checked: `json` goes to
// the bridge as it is, with the asking page's id (one engine may serve several pages: each its own match).
let queue = booted;
self.onmessage = ({ data }) => {
  if (data?.type === "drop" && typeof data.client === "string") {
    queue = queue.then(() => booted).then(() => drop(data.client)).then(() => {}, () => {});
    return;
  }
  if (data?.type !== "call") return;
  const { id, method, json: request } = data;
  const client = typeof data.client === "string" ? data.client : "";
  queue = queue
    .then(() => booted)
    .then(() => {
      if (typeof request !== "string") throw new TypeError("a call carries its request as a JSON string");
      const json = method === "ping" ? ping() : call(request, client);
      post({ type: "result", id, json });
    })
    .catch((error) => post({ type: "error", id, error: errorInfo(error) }))
    .then(() => {}, () => {});
};
