// The snapshot worker: started by snapshot.js once the first table is up, it boots a second,
// private Pyodide made for snapshotting (an instance made with _makeSnapshot is not meant to be
// used on, so never the live engine's), installs and imports the engine as the engine worker
// does, plays warmup.py so the first moves after a restore are already imported and warm, then
// keeps the memory snapshot in Cache Storage (pyodide-boot.js) and reports to the page.
import { loadPyodide } from "./pyodide/pyodide.mjs";
import {
  RUNTIME_URL, SNAPSHOT_LIMIT, discardSnapshot, fetchWheel, here, importEngine, installEngine, pyodideOptions,
  readManifest, requestUrl, runtimeKey, servedRuntime, shareTrampolines, storeBeside, storeSnapshot, unpacking,
} from "./pyodide-boot.js";

shareTrampolines(); // (pyodide-boot.js)
const realFetch = self.fetch.bind(self);
const unpacked = unpacking(realFetch); // the standard library and wheels come gzipped
/** @type {Promise<Response | null> | null} the runtime kept beside the snapshot, once it is */
let keptRuntime = null;
// Pyodide's fetch of its wasm gets the kept copy as the service worker serves it (servedRuntime):
// while the warm-up runs, the browser keeps the compiled code for the next visit's engine.
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

async function make() {
  const started = performance.now();
  const manifest = await readManifest();
  // kept first: the boot below compiles the runtime from there (and a failure discards it again)
  await storeBeside(manifest, unpacked);
  keptRuntime = servedRuntime(realFetch, runtimeKey(manifest), null);
  const [pyodide, wheel, warmup] = await Promise.all([
    loadPyodide({ ...pyodideOptions(manifest), packages: ["micropip"], _makeSnapshot: true }),
    fetchWheel(manifest),
    fetch(here("./warmup.py")).then((r) => {
      if (!r.ok) throw new Error(`warmup.py: HTTP ${r.status}`);
      return r.text();
    }),
  ]);
  await installEngine(pyodide, manifest, wheel);
  importEngine(pyodide);
  const namespace = pyodide.runPython("{}");
  pyodide.runPython(warmup, { globals: namespace });
  const run = namespace.get("run");
  const hands = run().toJs();
  run.destroy();
  namespace.destroy();
  pyodide.runPython(FORGET_MICROPIP);
  // The table of loaded packages is a JS object the snapshot checks is empty; the restored
  // instance loads nothing more.
  for (const name of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[name];
  const bytes = pyodide.makeMemorySnapshot();
  if (bytes.length > SNAPSHOT_LIMIT) {
    throw new Error(`the snapshot is ${bytes.length} bytes, more than Pyodide restores (${SNAPSHOT_LIMIT}): not kept`);
  }
  const kept = await storeSnapshot(manifest, bytes);
  const ms = Math.round(performance.now() - started);
  await new Promise((resolve) => setTimeout(resolve, CODE_CACHE_MS));
  return { bytes: bytes.length, kept, ms, hands };
}

make().catch(async (error) => {
  await discardSnapshot().catch(() => {}); // what was kept beside a snapshot that is not
  throw error;
}).then(
  (done) => self.postMessage({ type: "stored", ...done }),
  (error) => self.postMessage({ type: "failed", error: String(error?.message ?? error) }),
);
