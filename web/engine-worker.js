// The engine worker: boots Pyodide, installs the engine wheel with micropip, imports
// py_engine, then answers calls through py_engine.bridge.call(json_str) -> json_str.
// Running Python here keeps bots' thinking off the page's thread.
// Message shapes are listed at the top of engine.js.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;
const post = (message) => self.postMessage(message);

// --- progress: count the bytes of the big downloads as they arrive ---------------------

let sizes = {};
let engineWheel = null; // file name of the engine wheel, once the manifest is in
const manifest = fetch(here("./engine.json"), { cache: "no-cache" }).then((r) => {
  if (!r.ok) throw new Error(`engine.json: HTTP ${r.status}`);
  return r.json();
});
manifest.then((m) => {
  sizes = m.sizes || {};
  engineWheel = m.wheel.split("/").pop();
}, () => {});
const lastSent = {};

function progress(stage, fraction, bytes) {
  const now = performance.now();
  const last = lastSent[stage];
  // At most one message per stage every 50 ms, but always the end of a stage.
  if (fraction < 1 && last && now - last.t < 50) return;
  lastSent[stage] = { t: now, fraction };
  // bytes: this stage's bytes so far; total: every download's bytes (the card's "3.1 of 7.7 MB")
  const total = Object.keys(sizes).filter(stageOf).reduce((sum, f) => sum + sizes[f], 0);
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
      if (done) return;
      files[file] += value.byteLength;
      const got = Object.values(files).reduce((a, b) => a + b, 0);
      progress(stage, Math.min(1, got / stageTotal()) * DOWNLOAD_SHARE[stage], got);
      return pump();
    });
  pump().catch(() => {});
}

const realFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  const response = await realFetch(input, init);
  try {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const file = decodeURIComponent(new URL(url, self.location.href).pathname.split("/").pop());
    const stage = stageOf(file);
    if (stage && response.ok) countBytes(stage, file, response);
  } catch {
    // progress is best effort; the response itself is unchanged
  }
  return response;
};

// --- boot ------------------------------------------------------------------------------

let stage = "runtime"; // runtime, stdlib and start overlap; failures name "runtime"
let call = null; // the Python entry point, py_engine.bridge.call: (json_str) -> json_str
let ping = null;

// "ping" is answered here, not by the bridge: it checks the worker and the interpreter.
const GLUE = `
import json, sys
import py_engine

try:
    from py_engine.bridge import call as _entry
    _has_bridge = True
except ModuleNotFoundError as error:
    if error.name != "py_engine.bridge":
        raise
    _has_bridge = False

    def _entry(request: str) -> str:
        """Until py_engine.bridge exists: refuse every method."""
        method = json.loads(request).get("method")
        return json.dumps({"ok": False, "error": f"no engine bridge yet for {method!r}"})

def _ping() -> str:
    return json.dumps({"ok": True, "python": sys.version, "bridge": _has_bridge})

(_entry, _ping)
`;

// The engine wheel's bytes, fetched while the runtime downloads and compiles (the query busts
// stale caches), instead of by micropip once Python is up.
const wheelBytes = manifest.then(async (m) => {
  const response = await fetch(`${here("./" + m.wheel)}?v=${m.sha256.slice(0, 12)}`);
  if (!response.ok) throw new Error(`${engineWheel}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
});
wheelBytes.catch(() => {}); // reported by boot(), at the engine stage

async function boot() {
  progress("runtime", 0);
  progress("stdlib", 0);
  // micropip listed here downloads while the runtime starts, instead of after it.
  const pyodide = await loadPyodide({ indexURL: here("./pyodide/"), packages: ["micropip"] });
  for (const done of ["runtime", "stdlib", "start", "micropip"]) progress(done, 1);

  stage = "engine";
  const m = await manifest;
  // micropip installs the wheel from the in-memory file system (emfs:), under its own file name.
  const path = `/tmp/wheels/${engineWheel}`;
  pyodide.FS.mkdirTree("/tmp/wheels");
  pyodide.FS.writeFile(path, await wheelBytes);
  const micropip = pyodide.pyimport("micropip");
  try {
    await micropip.install.callKwargs(`emfs:${path}`, { deps: false });
  } finally {
    micropip.destroy();
  }
  progress("engine", 1);

  stage = "import";
  const entries = pyodide.runPython(GLUE);
  [call, ping] = [entries.get(0), entries.get(1)];
  entries.destroy();
  const info = pyodide.runPython("import sys; (sys.version, _has_bridge)").toJs();
  progress("import", 1);
  post({
    type: "ready",
    python: info[0],
    bridge: info[1],
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
// the bridge as it is.
let queue = booted;
self.onmessage = ({ data }) => {
  if (data?.type !== "call") return;
  const { id, method, json: request } = data;
  queue = queue
    .then(() => booted)
    .then(() => {
      if (typeof request !== "string") throw new TypeError("a call carries its request as a JSON string");
      const json = method === "ping" ? ping() : call(request);
      post({ type: "result", id, json });
    })
    .catch((error) => post({ type: "error", id, error: errorInfo(error) }))
    .then(() => {}, () => {});
};
