// Boot: paint the table at once, start the engine worker, drive the progress bar from
// its boot stages, and expose window.mahjong. Python never runs on this thread.
//
// Worker protocol (see engine-worker.js):
//   page -> worker  {type: "call", id, method, args}
//   worker -> page  {type: "progress", stage, fraction}        stage in STAGES, fraction 0..1
//                   {type: "ready", python, pyodide, engine, bridge}
//                   {type: "failed", stage, error: {name, message}}
//                   {type: "result", id, json}                  json: the string the bridge returned
//                   {type: "error", id, error: {name, message}} the call raised

import { paintFelt } from "./felt.js"; // tiny and import-free: the first frame is not held up

// Each stage's share of the bar, roughly its share of the boot time, on each of the worker's
// two paths (it says which first: {type: "path"}). Downloads report bytes; "start" (compiling
// WebAssembly, starting the interpreter or restoring its snapshot) reports only its end, so
// while it runs the bar eases toward its end with time.
const PATHS = {
  fresh: [
    { name: "runtime", weight: 0.34, label: "Downloading the Python runtime" },
    { name: "stdlib", weight: 0.1, label: "Downloading the Python standard library" },
    { name: "start", weight: 0.3, label: "Starting Python" },
    { name: "micropip", weight: 0.04, label: "Downloading micropip" },
    { name: "engine", weight: 0.16, label: "Installing the game engine" },
    { name: "import", weight: 0.06, label: "Starting the game engine" },
  ],
  // a repeat visit: the saved engine (a memory snapshot) instead of micropip and the install
  snapshot: [
    { name: "runtime", weight: 0.4, label: "Downloading the Python runtime" },
    { name: "stdlib", weight: 0.05, label: "Downloading the Python standard library" },
    { name: "snapshot", weight: 0.15, label: "Reading the saved game engine" },
    { name: "start", weight: 0.35, key: "restore", label: "Restoring the game engine" },
    { name: "import", weight: 0.05, label: "Starting the game engine" },
  ],
};
let STAGES = PATHS.fresh;

const canvas = document.getElementById("table");
const bootBox = document.getElementById("boot");
const bar = document.getElementById("boot-bar");
const fill = document.getElementById("boot-fill");
const statusLine = document.getElementById("boot-status");
const retry = document.getElementById("boot-retry");

// --- the table ---------------------------------------------------------------------

function paintTable() {
  timing.loaderPaints = (timing.loaderPaints || 0) + 1;
  const dpr = window.devicePixelRatio || 1;
  const w = canvas.clientWidth;
  const h = canvas.clientHeight;
  canvas.width = Math.max(1, Math.round(w * dpr));
  canvas.height = Math.max(1, Math.round(h * dpr));
  const ctx = canvas.getContext("2d");
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);

  paintFelt(ctx, w, h); // the renderer paints the same felt and rim (felt.js)
  // The square where the wall will stand.
  const side = Math.min(w, h) * 0.56;
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = "rgba(255, 255, 255, 0.12)";
  ctx.setLineDash([6, 6]);
  ctx.strokeRect((w - side) / 2, (h - side) / 2, side, side);
  ctx.setLineDash([]);
}

let paintQueued = false;
function queuePaint() {
  if (paintQueued) return;
  paintQueued = true;
  requestAnimationFrame(() => {
    paintQueued = false;
    paintTable();
  });
}

// --- progress ------------------------------------------------------------------------

let fractions = Object.fromEntries(STAGES.map((s) => [s.name, 0]));
let shown = 0; // the bar never goes back, not even when a failed restore falls back to a fresh boot
const progressLog = [];

function choosePath(path) {
  if (!(path in PATHS) || PATHS[path] === STAGES) return;
  STAGES = PATHS[path];
  fractions = Object.fromEntries(STAGES.map((s) => [s.name, 0]));
  timing.path = path;
}
const timing = { loader: performance.now(), path: "fresh" }; // then one entry per finished stage, and "ready"

function overall() {
  shown = Math.max(shown, STAGES.reduce((sum, s) => sum + s.weight * fractions[s.name], 0));
  return shown;
}

// The page's words in the chosen language, once app.js has set window.mahjong.labels.
function label(name, english) {
  return window.mahjong?.labels?.[name] ?? english;
}

function showProgress() {
  const value = Math.min(1, overall());
  const pending = STAGES.find((s) => fractions[s.name] < 1);
  fill.style.width = `${(value * 100).toFixed(1)}%`;
  bar.setAttribute("aria-valuenow", String(Math.round(value * 100)));
  statusLine.textContent = pending ? `${label(pending.key ?? pending.name, pending.label)}…` : label("ready", "Ready");
}

function onProgress(stage, fraction) {
  if (!(stage in fractions)) return;
  const f = Math.max(fractions[stage], Math.min(1, fraction));
  if (f === fractions[stage]) return;
  fractions[stage] = f;
  if (f === 1) timing[stage] = performance.now();
  progressLog.push({ stage, fraction: f, overall: overall(), t: performance.now() });
  showProgress();
  if (fractions.runtime === 1 && fractions.stdlib === 1 && fractions.start < 1) easeStart();
}

let easing = null;
function easeStart() {
  if (easing) return;
  const from = performance.now();
  easing = setInterval(() => {
    if (fractions.start === 1 || bootBox.classList.contains("failed")) {
      clearInterval(easing);
      return;
    }
    // Never past 90 %: only the worker's word ends the stage.
    fractions.start = Math.max(fractions.start, 0.9 * (1 - Math.exp(-(performance.now() - from) / 1500)));
    showProgress();
  }, 150);
}

function showFailure(error) {
  bootBox.classList.add("failed");
  const lines = String(error.message).trim().split("\n");
  statusLine.textContent = `${label("failed", "The game engine could not start")}: ${lines[lines.length - 1]}`;
  retry.textContent = label("reload", "Reload");
  retry.classList.remove("hidden");
  retry.onclick = () => location.reload();
}

// --- the worker and window.mahjong ------------------------------------------------------

let resolveReady;
let rejectReady;
const ready = new Promise((resolve, reject) => {
  resolveReady = resolve;
  rejectReady = reject;
});
ready.catch(() => {}); // a failed boot is shown on the page; callers still see the rejection

const pending = new Map();
let nextId = 1;

function pythonError(error) {
  const e = new Error(error.message);
  e.name = error.name || "PythonError";
  return e;
}

const worker = new Worker(new URL("./engine-worker.js", import.meta.url), { type: "module" });

worker.onmessage = ({ data }) => {
  switch (data.type) {
    case "path":
      choosePath(data.path);
      break;
    case "progress":
      onProgress(data.stage, data.fraction);
      break;
    case "ready":
      for (const s of STAGES) onProgress(s.name, 1);
      timing.ready = performance.now();
      Object.assign(window.mahjong, { python: data.python, pyodide: data.pyodide, engine: data.engine, bridge: data.bridge,
                                      bootPath: data.path });
      bootBox.classList.add("hidden");
      resolveReady(window.mahjong);
      // later visits start with no network (sw.js), registered now that the engine is up
      window.mahjong.offline = import("./offline.js").then((m) => m.keepOffline());
      window.mahjong.offline.catch((error) => console.warn("mahjong: no offline copy:", error));
      if (data.path === "fresh" && typeof caches !== "undefined") {
        // the next visit restores a snapshot instead: made in idle time by a second worker
        window.mahjong.snapshot = import("./snapshot.js").then((m) => m.makeSnapshotLater());
      }
      break;
    case "failed": {
      const error = pythonError(data.error);
      error.stage = data.stage;
      showFailure(error);
      rejectReady(error);
      break;
    }
    case "result":
    case "error": {
      const call = pending.get(data.id);
      if (!call) return;
      pending.delete(data.id);
      if (data.type === "error") call.reject(pythonError(data.error));
      else {
        try {
          call.resolve(JSON.parse(data.json));
        } catch (e) {
          call.reject(e);
        }
      }
      break;
    }
  }
};

worker.onerror = (event) => {
  event.preventDefault();
  const error = new Error(event.message || "the engine worker failed to load");
  showFailure(error);
  rejectReady(error);
  for (const call of pending.values()) call.reject(error);
  pending.clear();
};

window.mahjong = {
  ready,
  refreshProgress: () => bootBox.classList.contains("failed") || showProgress(),
  timing,
  _progress: progressLog,
  /** The renderer has drawn the table: the loader stops repainting its placeholder on resize. */
  handOver() {
    window.removeEventListener("resize", queuePaint);
  },
  /** Run `method` in the engine (py_engine.bridge.call) and resolve with its JSON answer. */
  _call(method, args = {}) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ type: "call", id, method, args });
    });
  },
};

paintTable();
showProgress();
window.addEventListener("resize", queuePaint);
requestAnimationFrame(() => {
  timing.firstFrame = performance.now();
});
