// Boot: paint the table at once, start the engine worker, drive the progress bar from
// its boot stages, and expose window.mahjong. Python never runs on this thread.
//
// The worker and its messages belong to the engine client (engine.js).

import { paintFelt } from "./felt.js"; // tiny and import-free: the first frame is not held up
import { startEngine } from "./engine.js"; // small and import-free too

// Each stage's share of the bar, roughly its share of the boot time, on each of the worker's
// two paths (a stage only one path has tells which: the worker reports "snapshot" first when it
// restores one, "micropip" first when it boots normally). Downloads report bytes; "start"
// (compiling WebAssembly, starting the interpreter or restoring its snapshot) reports only its
// end, so while it runs the bar eases toward its end with time.
const PATHS = {
  fresh: [
    { name: "runtime", weight: 0.34, label: "Loading the game" },
    { name: "stdlib", weight: 0.1, label: "Loading the game" },
    { name: "start", weight: 0.3, label: "Getting the game ready" },
    { name: "micropip", weight: 0.04, label: "Loading the game" },
    { name: "engine", weight: 0.16, label: "Setting up the rules and the players" },
    { name: "import", weight: 0.06, label: "Setting up the table" },
  ],
  // a repeat visit: the saved engine (a memory snapshot) instead of micropip and the install
  snapshot: [
    { name: "runtime", weight: 0.4, label: "Loading the game" },
    { name: "stdlib", weight: 0.05, label: "Loading the game" },
    { name: "snapshot", weight: 0.15, label: "Loading the game" },
    { name: "start", weight: 0.35, key: "restore", label: "Getting the game ready" },
    { name: "import", weight: 0.05, label: "Setting up the table" },
  ],
};
let STAGES = PATHS.fresh;

const canvas = /** @type {HTMLCanvasElement} */ (document.getElementById("table"));
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

/** Switch to the stage table of the path that has `stage`; false when none has it. */
function choosePath(stage) {
  const path = Object.keys(PATHS).find((p) => PATHS[p].some((s) => s.name === stage));
  if (!path) return false;
  STAGES = PATHS[path];
  fractions = Object.fromEntries(STAGES.map((s) => [s.name, 0]));
  timing.path = path;
  return true;
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
  let line = pending ? label(pending.key ?? pending.name, pending.label) : label("ready", "Ready");
  const got = Object.values(bytes.got).reduce((sum, n) => sum + n, 0);
  if (pending && bytes.total && got < bytes.total && bytes.got[pending.name] !== undefined) {
    // a download: "Loading the game: 3.1 of 7.7 MB"
    const mb = (n) => (n / 1e6).toFixed(1);
    line += `: ${label("mb", "{got} of {total} MB").replace("{got}", mb(got)).replace("{total}", mb(bytes.total))}`;
  } else if (pending) line += "…";
  statusLine.textContent = line;
}

/** Bytes downloaded per stage, and every download's total (the worker's progress reports). */
const bytes = { got: /** @type {Record<string, number>} */ ({}), total: 0 };

function onProgress(stage, fraction) {
  if (!(stage in fractions) && !choosePath(stage)) return;
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

// --- the engine and window.mahjong ---------------------------------------------------------

const engine = startEngine();
engine.onProgress(({ stage, fraction, bytes: got, total }) => {
  if (got !== undefined && total) {
    bytes.got[stage] = Math.max(bytes.got[stage] || 0, got);
    bytes.total = total;
  }
  onProgress(stage, fraction);
});

/** Resolves with window.mahjong once the engine answers calls (API.md). */
const ready = engine.ready.then((info) => {
  for (const s of STAGES) onProgress(s.name, 1);
  timing.ready = performance.now();
  Object.assign(window.mahjong, info);
  bootBox.classList.add("hidden");
  // later visits start with no network (sw.js), registered now that the engine is up
  window.mahjong.offline = import("./offline.js").then((m) => m.keepOffline());
  window.mahjong.offline.catch((error) => console.warn("mahjong: no offline copy:", error));
  if (info.path === "fresh" && typeof caches !== "undefined") {
    // the next visit restores a snapshot instead: made in idle time by a second worker
    window.mahjong.snapshot = import("./snapshot.js").then((m) => m.makeSnapshotLater());
  }
  return window.mahjong;
}, (error) => {
  showFailure(error);
  throw error;
});
ready.catch(() => {}); // a failed boot is shown on the page; callers still see the rejection

window.mahjong = {
  ready,
  refreshProgress: () => bootBox.classList.contains("failed") || showProgress(),
  timing,
  _progress: progressLog,
  /** The renderer has drawn the table: the loader stops repainting its placeholder on resize. */
  handOver() {
    window.removeEventListener("resize", queuePaint);
  },
  /** The engine's JSON answer to `method` (py_engine.bridge.call), `ok: false` included. */
  _call: (method, args = {}) => engine.request(method, args),
  _engine: engine,
};

paintTable();
showProgress();
window.addEventListener("resize", queuePaint);
requestAnimationFrame(() => {
  timing.firstFrame = performance.now();
});
