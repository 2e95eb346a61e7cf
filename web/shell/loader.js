// Boot: paint the table at once, start the engine worker, drive the progress bar from
// its boot stages, and expose window.mahjong. Python never runs on this thread.
//
// The worker and its messages belong to the engine client (engine.js).

import { paintFelt } from "../table/felt.js"; // tiny and import-free: the first frame is not held up
import { startEngine } from "../engine/engine.js"; // small and import-free too
import { keeping, refused } from "./storage.js"; // import-free: what the browser lets the page keep

// The bar shows the share of the boot's time gone: time so far against time so far plus what is
// left, where what is left is the bytes still to come at the rate they are coming, then the
// start steps' estimated times (ms on a quiet machine, stretched as far as the steps already
// done overran theirs). Every stage reports its end; downloads report bytes. The worker reports
// "snapshot" first when it restores one (a repeat visit), "micropip" first when it boots normally.
const PATHS = {
  fresh: [
    { name: "runtime", label: "Loading the game" },
    { name: "stdlib", label: "Loading the game" },
    { name: "start", ms: 800, label: "Getting the game ready" },
    { name: "micropip", ms: 50, label: "Loading the game" },
    { name: "engine", ms: 270, label: "Setting up the rules and the players" },
    { name: "import", ms: 150, label: "Setting up the table" },
  ],
  // a repeat visit: the saved engine (a memory snapshot) instead of micropip and the install
  snapshot: [
    { name: "runtime", label: "Loading the game" },
    { name: "stdlib", label: "Loading the game" },
    { name: "snapshot", label: "Loading the game" },
    { name: "start", ms: 75, key: "restore", label: "Getting the game ready" },
    { name: "import", ms: 10, label: "Setting up the table" },
  ],
};
// On that path nothing is downloaded (no bytes to count): reading what was kept (the runtime
// compiled from the code the browser kept, the standard library, the snapshot's pages) takes about
// this long from the engine worker's first word until all three are in (reading, not computing:
// not stretched by the restore's pace); then as long as this device's last reads. Both figures
// of this path are a quiet machine's first repeat visit (bench/boot.py, 2026-12-05: read 190 ms,
// restore 72 ms; they had been 330 and 150 before the engine's bytecode and the bundles shrank, and
// the first repeat visit's bar lagged by 0.22-0.27).
const KEPT_READ_MS = 200;
const PRIOR_RATE = 1.5e6; // bytes/s until the first bytes tell the real rate
// How much slower than those estimates this device's last boots on the same path were: a visit
// starts from that instead of from a quiet machine's times. Per path, because the paths' steps
// differ in kind: a first visit's slow Python start stretched a repeat visit's restore estimate
// after it, and the bar lagged, then jumped (bench/boot.py).
const STRETCH_KEY = "mahjong.bootStretch";
const READ_KEY = "mahjong.bootRead";
/** @type {Record<string, number>} */
const learned = {};
/** The figure this device kept under `key` (within bounds), else NaN. */
const keptFigure = (key, low, high) => (learned[key] ??= (() => {
  try {
    const value = Number(localStorage.getItem(key)); // none: 0, not kept
    return Number.isFinite(value) && value > 0 ? Math.min(high, Math.max(low, value)) : NaN;
  } catch {
    return NaN; // storage refused (a sandboxed frame): the quiet machine's times
  }
})());
const STRETCH_BOUNDS = [0.5, 8];
const READ_BOUNDS = [50, 5000];
/** @param {string} path */
const lastStretch = (path) => keptFigure(`${STRETCH_KEY}.${path}`, ...STRETCH_BOUNDS) || 1;
const keptRead = () => keptFigure(READ_KEY, ...READ_BOUNDS) || KEPT_READ_MS;
/** Keep this visit's figure: the mean of the one kept and this one, so one odd visit (a restore
 * twice as slow as the last on a busy moment) moves the next visit's bar half as far. */
function learn(key, observed, low, high) {
  const before = keptFigure(key, low, high);
  const figure = Number.isNaN(before) ? observed : (before + observed) / 2;
  localStorage.setItem(key, figure.toFixed(2));
}

/**
 * The boot's progress, in one object: the stage table of the path taken (PATHS), each stage's
 * fraction done, the bar's share shown (it never goes back, not even when a failed restore falls
 * back to a fresh boot), and whether a paint of the placeholder table is asked for.
 */
const progress = { stages: PATHS.fresh, fractions: Object.fromEntries(PATHS.fresh.map((s) => [s.name, 0])), shown: 0, paintQueued: false };

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

function queuePaint() {
  if (progress.paintQueued) return;
  progress.paintQueued = true;
  requestAnimationFrame(() => {
    progress.paintQueued = false;
    paintTable();
  });
}

// --- progress ------------------------------------------------------------------------

const progressLog = [];

/** Switch to the stage table of the path that has `stage`; false when none has it. */
function choosePath(stage) {
  const path = Object.keys(PATHS).find((p) => PATHS[p].some((s) => s.name === stage));
  if (!path) return false;
  progress.stages = PATHS[path];
  progress.fractions = Object.fromEntries(progress.stages.map((s) => [s.name, 0]));
  timing.path = path;
  // a restore that failed falls back to a fresh boot (engine-worker.js): its downloads and start
  // steps begin now, not when the kept files were in (else its pace is learned from the failure's)
  delete timing.downloaded;
  return true;
}
// then one entry per finished stage, "downloaded" (the start steps begin), "ready"
const timing = { loader: performance.now(), path: "fresh" };

/** How much longer than estimated the start steps took, all together (1: as estimated; 0: unknown). */
function observedStretch() {
  const steps = progress.stages.filter((s) => s.ms);
  const last = timing[steps[steps.length - 1].name];
  if (timing.downloaded === undefined || last === undefined) return 0;
  return (last - timing.downloaded) / steps.reduce((sum, s) => sum + s.ms, 0);
}

/** The estimated ms still to go: the bytes left at the rate so far, then the steps not done. */
function remainingMs(now) {
  const got = Object.values(bytes.got).reduce((sum, n) => sum + n, 0);
  let left = 0;
  if (bytes.total && got < bytes.total) {
    const rate = bytes.first !== undefined && now - bytes.first > 100 ? got / ((now - bytes.first) / 1000) : PRIOR_RATE;
    left += ((bytes.total - got) / Math.max(rate, 1)) * 1000;
  } else if (!bytes.total && timing.path === "fresh") {
    left += 5e6 / PRIOR_RATE * 1000; // no sizes yet: a typical first visit's download (a repeat visit may download nothing)
  } else if (timing.path === "snapshot" && timing.downloaded === undefined) {
    // counted from the worker's first word (the wait for it is already in the time gone)
    const spent = timing.downloads === undefined ? 0 : now - timing.downloads;
    left += Math.max(keptRead() - spent, spent * 0.25); // overrunning: a quarter more again
  }
  // each step starts when the step before it (the first: the runtime's download) ends
  let stretch = lastStretch(timing.path);
  let since = timing.downloaded;
  let doneMs = 0;
  for (const s of progress.stages) {
    if (!s.ms) continue;
    if (progress.fractions[s.name] === 1) {
      doneMs += s.ms;
      // the pace of the steps done so far, together: two that end at once (micropip loads while
      // Python starts) would otherwise make the next ones look instant
      if (timing.downloaded !== undefined) stretch = (timing[s.name] - timing.downloaded) / doneMs;
      since = timing[s.name];
    } else if (since !== undefined) { // under way
      const spent = now - since;
      left += Math.max(s.ms * stretch - spent, spent * 0.25); // overrunning: a quarter more again
      since = undefined; // the steps after it have not started
    } else {
      left += s.ms * stretch;
    }
  }
  return left;
}

function overall(now = performance.now()) {
  const spent = now - timing.loader;
  const done = progress.stages.every((s) => progress.fractions[s.name] === 1);
  progress.shown = Math.max(progress.shown, done ? 1 : spent / (spent + remainingMs(now)));
  return progress.shown;
}

// The page's words in the chosen language, once app.js has set window.mahjong.labels.
function label(name, english) {
  return window.mahjong?.labels?.[name] ?? english;
}

function showProgress() {
  const value = Math.min(1, overall());
  const pending = progress.stages.find((s) => progress.fractions[s.name] < 1);
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

/** Bytes downloaded per stage, every download's total (the worker's progress reports), and
 * when the first bytes came. */
const bytes = { got: /** @type {Record<string, number>} */ ({}), total: 0, first: /** @type {number | undefined} */ (undefined) };

function onProgress(stage, fraction) {
  if (!(stage in progress.fractions) && !choosePath(stage)) return;
  const f = Math.max(progress.fractions[stage], Math.min(1, fraction));
  if (f === progress.fractions[stage]) return;
  progress.fractions[stage] = f;
  const now = performance.now();
  if (f === 1) timing[stage] = now;
  const got = Object.values(bytes.got).reduce((sum, n) => sum + n, 0);
  // the start steps begin once every stage without an estimate is in (downloaded, or read from
  // what was kept: the snapshot's pages too, else its read tail is taken for a slow restore)
  const allIn = progress.stages.every((s) => s.ms || progress.fractions[s.name] === 1);
  if (timing.downloaded === undefined && (allIn || (timing.path === "fresh" && bytes.total && got >= bytes.total))) {
    timing.downloaded = now;
  }
  progressLog.push({ stage, fraction: f, overall: overall(now), t: now });
  showProgress();
}

// Between reports the bar moves on with time (what is left shrinks as it goes).
const ticking = setInterval(() => {
  if (timing.ready !== undefined || bootBox.classList.contains("failed")) clearInterval(ticking);
  else showProgress();
}, 150);

function showFailure(error) {
  bootBox.classList.add("failed");
  const lines = String(error.message).trim().split("\n");
  statusLine.textContent = `${label("failed", "The game engine could not start")}: ${lines[lines.length - 1]}`;
  retry.textContent = label("reload", "Reload");
  retry.classList.remove("hidden");
  retry.onclick = () => location.reload();
}

// --- the table's style sheet ------------------------------------------------------------------
// ui.css (the table's buttons, panels and dialogs: 17 KB) is not needed before the engine is up,
// so it is asked for only once the boot card is painted: a parser's style sheet would hold the
// first paint and share the first round trips' bandwidth with the page (bench/boot.py: about
// 45 ms sooner on a throttled first visit). app.js waits for it before it builds the table's UI.

/** @type {(value?: unknown) => void} */
let stylesIn = () => {};
const styles = new Promise((resolve) => {
  stylesIn = resolve;
});

function askForStyles() {
  if (document.getElementById("ui-css")) return;
  const link = document.createElement("link");
  link.id = "ui-css";
  link.rel = "stylesheet";
  link.href = "./ui.css";
  // a style sheet that did not load leaves the table plain, not unplayable: never held up by it
  link.addEventListener("load", () => stylesIn());
  link.addEventListener("error", () => {
    console.warn("mahjong: ui.css did not load");
    stylesIn();
  });
  document.head.append(link);
}

// --- the engine and window.mahjong ---------------------------------------------------------

const engine = startEngine();
engine.onProgress(({ stage, fraction, bytes: got, total }) => {
  timing.downloads ??= performance.now(); // the worker's first word: its downloads begin
  if (got !== undefined && total) {
    bytes.first ??= performance.now();
    bytes.got[stage] = Math.max(bytes.got[stage] || 0, got);
    bytes.total = total;
  }
  onProgress(stage, fraction);
});

/** Resolves with window.mahjong once the engine answers calls (API.md). */
const ready = engine.ready.then((info) => {
  for (const s of progress.stages) onProgress(s.name, 1);
  timing.ready = performance.now();
  try {
    const stretch = observedStretch();
    if (stretch > 0) learn(`${STRETCH_KEY}.${timing.path}`, stretch, ...STRETCH_BOUNDS);
    if (timing.path === "snapshot" && timing.downloaded !== undefined) {
      learn(READ_KEY, timing.downloaded - (timing.downloads ?? timing.loader), ...READ_BOUNDS);
    }
    localStorage.removeItem(STRETCH_KEY); // an earlier version's: one figure for every path
  } catch {
    // storage refused: the next visit starts from the quiet machine's times
  }
  Object.assign(window.mahjong, info);
  bootBox.classList.add("hidden");
  // later visits start with no network (sw.js), registered now that the engine is up; where the
  // browser refuses the service worker or Cache Storage (a frame on another site's page, a privacy
  // setting: storage.js) neither the offline copy nor the snapshot is tried, and the page says what
  // the reader loses (app.js), not the console
  const allowed = window.mahjong.keeping;
  window.mahjong.offline = allowed.then((k) => (k.offline ? import("./offline.js").then((m) => m.keepOffline()) : null));
  window.mahjong.offline.catch((error) => {
    if (!refused(error)) console.warn("mahjong: no offline copy:", error); // (refused: storage.js)
  });
  // (the browser tests set window.mahjongTestNoSnapshot before the page runs: tests/browser/conftest.py)
  if (info.path === "fresh" && /** @type {any} */ (window).mahjongTestNoSnapshot !== true) {
    // the next visit restores a snapshot instead: made in idle time by a second worker, once the
    // service worker controls the page (it serves that worker the runtime the browser then keeps
    // compiled: snapshot-worker.js), or after a while without one
    const controlled = Promise.race([window.mahjong.offline.catch(() => null), new Promise((resolve) => setTimeout(resolve, 20_000))]);
    // (one game frame of a host page makes it for all: they share one engine, engine.js claim)
    const mine = engine.claim("snapshot");
    window.mahjong.snapshot = allowed.then((k) => !k.offline ? { type: "skipped", why: "storage refused" }
      : !mine ? { type: "skipped", why: "another frame makes it" }
      : controlled.then(() => import("../engine/snapshot.js")).then((m) => m.makeSnapshotLater()));
  }
  return window.mahjong;
}, (error) => {
  showFailure(error);
  throw error;
});
ready.catch(() => {}); // a failed boot is shown on the page; callers still see the rejection

window.mahjong = {
  ready,
  /** What the browser lets the page keep (storage.js): asked once, at once. */
  keeping: keeping(),
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
  /** ui.css is in (or failed): the table's UI is built after it (app.js). */
  styles,
};

paintTable();
showProgress();
window.addEventListener("resize", queuePaint);
requestAnimationFrame(() => {
  timing.firstFrame = performance.now();
  setTimeout(askForStyles, 0);
});
setTimeout(askForStyles, 250); // a page not shown gets no frames (a hidden frame): asked for all the same
