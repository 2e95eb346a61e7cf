// The snapshot worker: started by snapshot.js once the first table is up, it boots a second,
// private Pyodide made for snapshotting (an instance made with _makeSnapshot is not meant to be
// used on, so never the live engine's), installs and imports the engine as the engine worker
// does, plays warmup.py so the first moves after a restore are already imported and warm, and
// keeps the memory snapshot in Cache Storage (pyodide-boot.js); then it rehearses the next visit
// in a third instance, restored from that snapshot (rehearse, below), and reports to the page.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import {
  RUNTIME_URL, SNAPSHOT_LIMIT, discardSnapshot, entries, fetchWheel, here, importEngine, installEngine, pyodideOptions,
  readManifest, requestUrl, runtimeKey, servedRuntime, shareTrampolines, storeBeside, storeSnapshot, unpacking,
} from "./pyodide-boot.js";

shareTrampolines(); // (pyodide-boot.js)
const realFetch = self.fetch.bind(self);
const unpacked = unpacking(realFetch); // the standard library and wheels come gzipped
/** @type {Promise<Response | null> | null} the runtime kept beside the snapshot, once it is */
let keptRuntime = null;
// Pyodide's fetch of its wasm gets the kept copy as the service worker serves it (servedRuntime) once
// keptRuntime is set (the rehearsal, below): the browser keeps the compiled code of that run for the
// next visit's engine. Before, the downloaded runtime.
self.fetch = (input, init) => {
  const runtime = requestUrl(input).href === RUNTIME_URL ? keptRuntime : null;
  return runtime ? runtime.then((response) => response ?? unpacked(input, init)) : unpacked(input, init);
};

// V8 keeps a wasm module's compiled code once no new optimized code came for 2 s
// (wasm_caching_timeout_ms): the worker stays well past that after its last Python (10 s was
// not always enough on a loaded two-core machine: the tier-up goes on in the background).
const CODE_CACHE_MS = 20_000;

// What a snapshot may not hold: micropip's modules keep JS functions (a bound loadPackage), and
// the heap is settled by a collection.
const FORGET_MICROPIP = `
import gc, sys
for _name in [n for n in sys.modules if n == "micropip" or n.startswith("micropip.")]:
    del sys.modules[_name]
del _name
gc.collect()
`;

/** The warm-up (warmup.py) played in `pyodide`: its hands' results. */
function playWarmup(pyodide, source) {
  const namespace = pyodide.runPython("{}");
  pyodide.runPython(source, { globals: namespace });
  const run = namespace.get("run");
  const hands = run().toJs();
  run.destroy();
  namespace.destroy();
  return hands;
}

/** The snapshot: a fresh instance (the downloaded runtime) installs and imports the engine and plays
 * the warm-up; its heap is kept. Resolves with its size, what was kept, and the warm-up's hands. */
async function snapshot(manifest, warmup) {
  const [pyodide, wheel] = await Promise.all([
    loadPyodide({ ...pyodideOptions(manifest), packages: ["micropip"], _makeSnapshot: true }),
    fetchWheel(manifest),
  ]);
  await installEngine(pyodide, manifest, wheel);
  importEngine(pyodide);
  const hands = playWarmup(pyodide, warmup);
  pyodide.runPython(FORGET_MICROPIP);
  // The table of loaded packages is a JS object the snapshot checks is empty; the restored
  // instance loads nothing more.
  for (const name of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[name];
  const bytes = pyodide.makeMemorySnapshot();
  if (bytes.length > SNAPSHOT_LIMIT) {
    throw new Error(`the snapshot is ${bytes.length} bytes, more than Pyodide restores (${SNAPSHOT_LIMIT}): not kept`);
  }
  const kept = await storeSnapshot(manifest, bytes);
  return { bytes, kept, hands };
}

// Then a rehearsal of the next visit: a second instance restores the snapshot from the kept runtime
// (as the service worker serves it: servedRuntime) and plays the warm-up again. V8 keeps the code of
// that run with the runtime: optimized code for what a restored engine runs hot, and, to compile
// again at once on the next visit, only what it ran at all; kept from the fresh instance's run
// instead, the next visit compiled every function micropip and Python's own start had run, and
// optimized in the background what a restore runs hot (bench/boot.py). Its hands must be the fresh
// instance's, or the snapshot is not kept. Resolves with whether the service worker served that
// runtime (without it, no code is kept for the next visit: tests/browser/test_snapshot.py).
async function rehearse(manifest, bytes, warmup, hands) {
  keptRuntime = servedRuntime(realFetch, runtimeKey(manifest), null);
  const pyodide = await loadPyodide({ ...pyodideOptions(manifest), _loadSnapshot: bytes });
  const served = (await keptRuntime) !== null;
  pyodide.runPython("import random; random.seed()"); // as the engine worker does after a restore
  const [, ping] = entries(pyodide);
  JSON.parse(ping());
  const again = playWarmup(pyodide, warmup);
  if (JSON.stringify(again) !== JSON.stringify(hands)) {
    throw new Error(`the restored engine played ${JSON.stringify(again)}, not ${JSON.stringify(hands)}: not kept`);
  }
  return served;
}

async function make() {
  const started = performance.now();
  const manifest = await readManifest();
  // kept first: the rehearsal compiles the runtime from there (and a failure discards it again)
  await storeBeside(manifest, unpacked);
  const warmup = await fetch(here("./warmup.py")).then((r) => {
    if (!r.ok) throw new Error(`warmup.py: HTTP ${r.status}`);
    return r.text();
  });
  const { bytes, kept, hands } = await snapshot(manifest, warmup);
  const ms = Math.round(performance.now() - started);
  const served = await rehearse(manifest, bytes, warmup, hands);
  await new Promise((resolve) => setTimeout(resolve, CODE_CACHE_MS));
  return { bytes: bytes.length, kept, ms, hands, served };
}

make().catch(async (error) => {
  await discardSnapshot().catch(() => {}); // what was kept beside a snapshot that is not
  throw error;
}).then(
  (done) => self.postMessage({ type: "stored", ...done }),
  (error) => self.postMessage({ type: "failed", error: String(error?.message ?? error) }),
);
