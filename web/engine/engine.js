// The engine client: the one place that talks to the engine worker (engine-worker.js, where
// Pyodide runs py_engine.bridge). Any page in web/ can use it; every URL is relative to
// this file.
//
//   import { startEngine, call, EngineError } from "./engine.js";
//   const engine = startEngine();              // starts the worker once per page; later calls return it
//   engine.onProgress(({ stage, fraction }) => bar(stage, fraction));   // boot progress
//   const info = await engine.ready;           // {python, pyodide, engine: {wheel, sha256}, path}
//   const { state } = await call("new_match", { variant: "longyan", seed: 7 });   // the one way to ask
//   const { hints } = await call("hint");
//   try { await call("act", { action: "discard 9z" }); }
//   catch (e) { if (e instanceof EngineError && e.kind === "illegal") show(e.message, e.legal); }
//
// - Requests are serialized to JSON here, in the page: a value that is not plain JSON (a
//   function, NaN, a Map, a cycle), nested deeper than LIMITS.depth or longer than
//   LIMITS.bytes is refused at once with kind "invalid", and nothing reaches the worker.
// - Every call has a timeout (options.timeout, counted from the engine being ready): kind
//   "timeout".
// - `engine.newMatch()` marks the start of a new match: a call made before it whose answer
//   arrives after it rejects with kind "stale" instead of handing an older match's answer to
//   the page. This is the only place answers of an older match are dropped.
// - A refusal by the engine rejects with its kind: "illegal" (with `legal`, the legal actions
//   now), "invalid" (bad arguments: not accepted), "engine" (the engine failed).
//
// Worker protocol (the message layer of engine-worker.js):
//   page -> worker  {type: "call", id, method, json, client}  json: the whole request, a JSON string;
//                                                             client: the asking page's id (its own match)
//                   {type: "drop", client}                    that page went away: its match is dropped
//   worker -> page  {type: "progress", stage, fraction[, bytes, total]}  fraction 0..1; a download's
//                                                             bytes so far and all downloads' bytes
//                   {type: "ready", python, pyodide, engine, path}   path: "fresh" | "snapshot"
//                   {type: "failed", stage, error: {name, message}}
//                   {type: "result", id, json}                json: the string the bridge returned
//                   {type: "error", id, error: {name, message}} the call raised in the worker
//
// One engine per host page (issue 37): the embeds of ours on one page (the game, the analyzer, a
// puzzle, ...) are same-origin sibling frames, which reach each other through `parent[i]` even when
// the host page is of another origin. The first to start an engine hosts it (a Hub: the worker and
// the pages it serves); the others find it and talk to it through a MessagePort, with the same
// messages as above plus  page -> hub {type: "bye"}  and  hub -> page {type: "gone"}  (its page is
// going away). Each page is a client of its own (bridge.py Client: its match and replay viewer).
// Every page keeps what it needs to set itself up again (its match's latest save, its open replay):
// if the hosting frame goes away, it takes over (or joins another host), sets itself up again and
// sends again every call still waiting: none is lost; if the engine answers that it no longer has
// the page's match or replay (bridge.py `missing`), the page sets it up again and asks again. The
// hub lets a page's match go only when the page leaves (its "bye", or its port's close event). A page that
// is not framed, or finds no host of the same build, starts its own worker as before.
// (A SharedWorker would also survive its first page, but in a frame on another site's page Chromium
// does not connect one: third-party storage partitioning and blocking.)

import { Hub, HUB_NAME, siblingHub } from "./hub.js";

/** @typedef {import("./hub.js").Link} Link  how an Engine reaches the worker (hub.js) */
/**
 * @typedef {"illegal" | "invalid" | "engine" | "timeout" | "stale"} ErrorKind
 * @typedef {"depth" | "bytes" | "values"} Limit  which of LIMITS a request refused before it was sent is over
 * @typedef {{stage: string, fraction: number, bytes?: number, total?: number}} Progress  bytes: a download's so far
 * @typedef {{python: string, pyodide: string, engine: {wheel: string, sha256: string}, path: "fresh" | "snapshot"}} EngineInfo
 * @typedef {{ok: boolean, error?: string, kind?: string, legal?: string[], [key: string]: any}} Answer
 * @typedef {{timeout?: number, anyMatch?: boolean}} CallOptions  anyMatch: the answer belongs to no
 *   match (check_match: asking whether a match could be dealt), so a new match does not make it stale
 * @typedef {{timeout?: number, bootTimeout?: number, workerUrl?: string | URL}} EngineOptions
 */

/** Bounds on a request, checked before it is sent (a link or a parent frame may send anything). */
export const LIMITS = Object.freeze({
  depth: 32, // arrays and objects inside each other; a position needs 4
  bytes: 256 * 1024, // the request's JSON; a position with its history is a few KB
  values: 50_000, // values walked before giving up (bounds the check's own work)
});

/** The longest error message kept: an echoed 1 MB input must not come back as 1 MB of text. */
export const MESSAGE_LENGTH = 300;

export const DEFAULT_TIMEOUT = 30_000;
export const DEFAULT_BOOT_TIMEOUT = 180_000;

/** An engine refusal or failure; `kind` says which, `legal` lists the legal actions on "illegal". */
export class EngineError extends Error {
  /**
   * @param {string} message
   * @param {{kind?: ErrorKind, legal?: string[], method?: string, stage?: string, answer?: Answer, limit?: Limit}} [details]
   */
  constructor(message, details = {}) {
    super(shorten(message || "engine error"));
    this.name = "EngineError";
    /** @type {ErrorKind} */
    this.kind = details.kind || "engine";
    /** @type {string[] | undefined} */
    this.legal = details.legal;
    /** @type {string | undefined} */
    this.method = details.method;
    /** @type {string | undefined} */
    this.stage = details.stage;
    /** @type {Answer | undefined} the engine's whole answer, with any structured fields */
    this.answer = details.answer;
    /** @type {Limit | undefined} a request refused before it was sent: the bound it is over */
    this.limit = details.limit;
  }
}

/** `text` cut to `max` characters, with an ellipsis when cut. */
export function shorten(text, max = MESSAGE_LENGTH) {
  const s = String(text);
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}

/**
 * The request `{method, args}` as a JSON string, or an EngineError (kind "invalid") saying why
 * it cannot be sent: not plain JSON, too deep, or too large. Pure: no worker, no DOM.
 * @param {string} method
 * @param {unknown} [args]
 * @param {{depth: number, bytes: number, values: number}} [limits]
 * @returns {string}
 */
export function encodeRequest(method, args = {}, limits = LIMITS) {
  const refuse = (/** @type {string} */ why, /** @type {Limit | undefined} */ limit = undefined) =>
    new EngineError(`request not sent: ${why}`, { kind: "invalid", method, limit });
  if (typeof method !== "string" || !method) throw refuse("the method must be a name");
  if (args === undefined || args === null) args = {};
  if (typeof args !== "object" || Array.isArray(args)) throw refuse(`the arguments must be an object, not ${describe(args)}`);
  checkJson(args, limits, refuse);
  const json = JSON.stringify({ method, args });
  if (json.length > limits.bytes) throw refuse(`${json.length} characters is over the limit of ${limits.bytes}`, "bytes");
  return json;
}

/**
 * Walks `value` without recursion: only plain JSON (strings, finite numbers, booleans, null,
 * arrays, plain objects; an undefined property is left out as JSON.stringify does) within the
 * limits passes.
 * @param {unknown} value
 * @param {{depth: number, bytes: number, values: number}} limits
 * @param {(why: string, limit?: Limit) => EngineError} refuse
 */
function checkJson(value, limits, refuse) {
  /** @type {Array<[unknown, number, string]>} */
  const stack = [[value, 1, "args"]];
  let seen = 0;
  while (stack.length) {
    const [v, depth, path] = /** @type {[unknown, number, string]} */ (stack.pop());
    if (++seen > limits.values) throw refuse(`more than ${limits.values} values`, "values");
    if (v === null || typeof v === "string" || typeof v === "boolean") continue;
    if (typeof v === "number") {
      if (!Number.isFinite(v)) throw refuse(`${shorten(path, 80)} is ${v}, not a JSON number`);
      continue;
    }
    if (typeof v !== "object") throw refuse(`${shorten(path, 80)} is ${describe(v)}, not JSON`);
    if (depth > limits.depth) throw refuse(`nested deeper than ${limits.depth} levels`, "depth");
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        if (v[i] === undefined) throw refuse(`${shorten(path, 80)}[${i}] is undefined, not JSON`);
        stack.push([v[i], depth + 1, `${path}[${i}]`]);
      }
      continue;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) throw refuse(`${shorten(path, 80)} is ${describe(v)}, not a plain object`);
    for (const [key, item] of Object.entries(v)) {
      if (item !== undefined) stack.push([item, depth + 1, `${path}.${key}`]);
    }
  }
}

/** @param {unknown} v */
function describe(v) {
  if (Array.isArray(v)) return "a list";
  if (typeof v === "object" && v) return `a ${v.constructor?.name || "object"}`;
  if (typeof v === "function") return "a function";
  return typeof v === "string" ? "a string" : String(v);
}

/**
 * The engine's answer (a JSON string) as an object; a reply that is not `{ok: boolean, ...}`
 * is an engine failure.
 * @param {string} json
 * @param {string} method
 * @returns {Answer}
 */
export function decodeAnswer(json, method) {
  let answer;
  try {
    answer = JSON.parse(json);
  } catch {
    throw new EngineError(`the engine's answer to ${method} is not JSON`, { method });
  }
  if (!answer || typeof answer !== "object" || typeof answer.ok !== "boolean") {
    throw new EngineError(`the engine's answer to ${method} has no ok field`, { method });
  }
  return answer;
}

/** The error for an answer with `ok: false`. @param {Answer} answer @param {string} method */
export function refusal(answer, method) {
  const kind = ["illegal", "invalid", "engine"].includes(answer.kind ?? "") ? /** @type {ErrorKind} */ (answer.kind) : "engine";
  return new EngineError(answer.error || `${method} failed`, { kind, legal: answer.legal, method, answer });
}

/** @type {Engine | null} */
let theEngine = null;

/** The engine worker start.js started as the page began (a repeat visit of the game), with the
 * events it sent before now; null when there is none. Either way start.js starts none after this. */
function takeEarlyWorker() {
  if (typeof window === "undefined") return null;
  const w = /** @type {any} */ (window);
  const early = w.mahjongEarlyEngine;
  w.mahjongEarlyEngine = "taken";
  return early && typeof early === "object" && early.worker instanceof Worker && Array.isArray(early.events)
    ? /** @type {{worker: Worker, events: Event[]}} */ (early) : null;
}

/** Methods whose answer may carry the match's save (`keep`): what a page served by another
 * frame's engine keeps to set its match up again elsewhere (bridge.py KEEPING). */
const KEEPING = new Set(["new_match", "resume", "act", "bot_step", "timeout", "next_hand", "restart_hand"]);

/** How often a page served by another frame checks that the frame is still there (ms). */
const WATCH_MS = 500;

/** This page's own id as a client of the engine. */
function newClientId() {
  const c = /** @type {any} */ (globalThis).crypto;
  return typeof c?.randomUUID === "function" ? c.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The page's engine: started on the first call, the same object afterwards (one worker a page).
 * @param {EngineOptions} [options]
 * @returns {Engine}
 */
export function startEngine(options = {}) {
  theEngine ??= new Engine(options);
  return theEngine;
}

/**
 * The engine's answer to `method` (the page's one way to ask it: py_engine/bridge.py's methods);
 * rejects with an EngineError that keeps its kind ("illegal", "invalid", "engine", "timeout",
 * "stale") and the legal actions when it says no or fails. Starts the engine if need be.
 * @param {string} method
 * @param {object} [args]
 * @param {CallOptions} [options]  (a long call's own timeout)
 */
export function call(method, args = {}, options = {}) {
  return startEngine().call(method, args, options);
}

export class Engine {
  /** @param {EngineOptions} [options] */
  constructor(options = {}) {
    this.timeout = options.timeout ?? DEFAULT_TIMEOUT;
    /** @type {Map<number, {resolve: (a: Answer) => void, reject: (e: Error) => void, method: string, match: number | null, timer: any, json: string, strip: boolean, restored?: boolean}>} */
    this.pending = new Map();
    this.nextId = 1;
    /** The current match: bumped by newMatch(); answers to calls of an older one are dropped. */
    this.match = 0;
    /** @type {Set<(p: Progress) => void>} */
    this.progressListeners = new Set();
    /** @type {Progress[]} every progress report so far, for listeners that come late */
    this.progress = [];
    /** @type {EngineInfo | null} */
    this.info = null;
    /** @type {Record<string, number>} when each step of the worker's boot ended (ms, this page's clock) */
    this.phases = {};
    /** @type {EngineError | null} */
    this.failure = null;

    /** @type {(info: EngineInfo) => void} */
    let resolveReady = () => {};
    /** @type {(error: EngineError) => void} */
    let rejectReady = () => {};
    /** @type {Promise<EngineInfo>} resolves once the engine answers calls; rejects if it cannot start */
    this.ready = new Promise((resolve, reject) => {
      resolveReady = resolve;
      rejectReady = reject;
    });
    this.ready.catch(() => {}); // the page shows a failed boot; callers still see the rejection
    /** @type {(info: EngineInfo) => void} */
    this.resolveReady = (info) => resolveReady(info);

    const bootTimer = this.bootTimer = setTimeout(() => {
      this.fail(new EngineError(`the engine did not start within ${Math.round((options.bootTimeout ?? DEFAULT_BOOT_TIMEOUT) / 1000)} s`,
        { kind: "timeout", stage: this.progress.at(-1)?.stage }));
    }, options.bootTimeout ?? DEFAULT_BOOT_TIMEOUT);

    /** @param {EngineError} error */
    this.fail = (error) => {
      clearTimeout(bootTimer);
      if (this.failure) return;
      this.failure = error;
      rejectReady(error);
      for (const [id, call] of this.pending) {
        clearTimeout(call.timer);
        this.pending.delete(id);
        call.reject(error);
      }
    };

    /** @type {EngineOptions} */
    this.options = options;
    /** this page's id as the engine's client (its own match and replay viewer: bridge.py Client) */
    this.client = newClientId();
    /** @type {{save: any, spectate: string | null, replay: string | null}} what this page set up in
     * the engine, kept to set it up again (restore): its match's latest save, the spectate choice
     * made since, the replay it opened (its request) */
    this.kept = { save: null, spectate: null, replay: null };
    /** times this page took over or joined another engine after its host frame went away */
    this.failovers = 0;
    /** times this page set its match (or replay) up again in the engine (failover, or a match the engine had let go) */
    this.restores = 0;
    /** @type {Link | null} */
    this.link = null;
    this.connect();
    if (typeof window !== "undefined") {
      window.addEventListener("pagehide", () => {
        if (this.link?.remote) this.link.post({ type: "bye" });
      });
    }
  }

  /** The engine this page talks to: a sibling frame's of the same build, else a worker of its own. */
  connect() {
    const options = this.options;
    const href = String(options.workerUrl ?? new URL("./engine-worker.js", import.meta.url));
    /** @param {any} data */
    const receive = (data) => this.receive(data);
    const found = options.workerUrl ? null : siblingHub(href);
    if (found) {
      const channel = new MessageChannel();
      channel.port1.onmessage = ({ data }) => receive(data);
      found.frame.postMessage({ mahjongEngine: "connect", client: this.client }, location.origin, [channel.port2]);
      const { frame } = found;
      /** @type {Hub | null} the hub of the frame serving this page (read in this thread: same-origin frames share it) */
      this.servedBy = found.hub;
      const watch = setInterval(() => {
        let gone = true;
        try {
          gone = frame.closed || /** @type {any} */ (frame)[HUB_NAME]?.alive !== true;
        } catch {
          // navigated to another origin: gone
        }
        if (gone) this.failover();
      }, WATCH_MS);
      // (a page served by another frame drops the worker start.js may have started for it)
      const early = takeEarlyWorker();
      early?.worker.terminate();
      this.link = {
        remote: true,
        post: (message) => channel.port1.postMessage(message),
        close: () => {
          clearInterval(watch);
          channel.port1.onmessage = null;
          channel.port1.close();
        },
      };
      return;
    }
    const early = options.workerUrl ? null : takeEarlyWorker();
    const worker = early?.worker ?? new Worker(href, { type: "module" });
    const hub = new Hub(worker, href, early?.events);
    if (!options.workerUrl && typeof window !== "undefined") hub.publish();
    /** @type {Hub} the hub of this page's own worker */
    this.hub = hub;
    this.servedBy = null;
    const send = hub.attach(this.client, receive);
    this.link = { remote: false, post: send, close: () => {} };
  }

  /**
   * Whether this page takes on `job` for every page its engine serves: true for the first page
   * that asks, false for the others (the game's start-up snapshot is made once a host page, not
   * once a game frame on it).
   * @param {string} job
   */
  claim(job) {
    try {
      const hub = /** @type {Hub} */ (this.servedBy ?? this.hub);
      if (hub.claims.has(job)) return false;
      hub.claims.add(job);
    } catch {
      // the serving frame is going away: this page does the job itself
    }
    return true;
  }

  /** The frame whose engine served this page went away: take over, or join another host, set up
   * again what this page had in the engine, and send again every call still waiting. */
  failover() {
    const old = this.link;
    if (!old?.remote) return;
    old.close();
    this.failovers++;
    this.connect();
    this.restore();
    for (const [id, call] of [...this.pending].sort(([a], [b]) => a - b)) {
      /** @type {Link} */ (this.link).post({ type: "call", id, method: call.method, json: call.json, client: this.client });
    }
  }

  /**
   * Whether `answer` says the engine holds no match (or no replay) of this page's while this page
   * keeps one to set up again (bridge.py: `missing`).
   * @param {Answer} answer
   */
  lost(answer) {
    return !answer.ok && ((answer.missing === "match" && !!this.kept.save) || (answer.missing === "viewer" && !!this.kept.replay));
  }

  /** Set up again in the engine what this page had there: its match from its latest save, the
   * spectate choice made since, the replay it opened. Sent before any call that follows (the
   * worker answers in order). */
  restore() {
    this.restores++;
    const link = /** @type {Link} */ (this.link);
    const again = [];
    try {
      if (this.kept.save) again.push(["resume", encodeRequest("resume", { save: this.kept.save })]);
    } catch {
      // a save past LIMITS: the match cannot be carried over (its calls answer "no game yet")
    }
    if (this.kept.spectate) again.push(["spectate", this.kept.spectate]);
    if (this.kept.replay) again.push(["replay_open", this.kept.replay]);
    // (answers to these come back under ids no call waits for: dropped by settle)
    for (const [method, json] of again) link.post({ type: "call", id: this.nextId++, method, json, client: this.client });
  }

  /** A message of the worker, through the hub. @param {any} data */
  receive(data) {
    switch (data?.type) {
      case "progress": {
        if (this.info) return; // a host taken over boots again: the page's progress is long over
        const p = { stage: String(data.stage), fraction: Number(data.fraction) };
        if (Number.isFinite(data.bytes) && Number.isFinite(data.total)) Object.assign(p, { bytes: data.bytes, total: data.total });
        this.progress.push(p);
        for (const cb of this.progressListeners) cb(p);
        break;
      }
      case "ready":
        clearTimeout(this.bootTimer);
        if (this.failure || this.info) return;
        this.info = { python: data.python, pyodide: data.pyodide, engine: data.engine,
                      path: data.path === "snapshot" ? "snapshot" : "fresh" };
        // the worker's boot steps, in ms on this page's clock (bench/boot.py's breakdown)
        if (data.phases && typeof data.phases === "object") {
          this.phases = Object.fromEntries(Object.entries(data.phases).filter(([, v]) => Number.isFinite(v))
            .map(([k, v]) => [k, Math.round(v - performance.timeOrigin)]));
        }
        this.resolveReady(this.info);
        break;
      case "failed":
        this.fail(new EngineError(data.error?.message || "the engine could not start", { stage: data.stage }));
        break;
      case "result":
      case "error":
        this.settle(data);
        break;
      case "gone":
        this.failover();
        break;
    }
  }

  /**
   * Subscribe to boot progress; the reports so far are replayed at once. Returns an unsubscribe.
   * @param {(p: Progress) => void} callback
   */
  onProgress(callback) {
    for (const p of this.progress) callback(p);
    this.progressListeners.add(callback);
    return () => this.progressListeners.delete(callback);
  }

  /** A new match starts: answers to calls made before now are dropped (kind "stale"). */
  newMatch() {
    return ++this.match;
  }

  /**
   * The engine's answer to `method`, `ok: false` included (a refusal is an answer here); rejects
   * with an EngineError when the request cannot be sent, times out, is stale or the worker fails.
   * @param {string} method
   * @param {object} [args]
   * @param {CallOptions} [options]
   * @returns {Promise<Answer>}
   */
  async request(method, args = {}, options = {}) {
    let json = encodeRequest(method, args); // before waiting: a bad request is refused at once
    const match = options.anyMatch ? null : this.match;
    // once up, the request goes out in this task: the caller's page work after the call (an
    // analyzer's diagram, say) then overlaps the engine's instead of delaying it
    if (!this.info) await this.ready;
    if (this.failure) throw this.failure; // the worker died after its boot
    // each change of the match brings its save along, kept here to set the match up again should
    // the engine have lost it (the frame serving this page went away, or the engine let this page's
    // match go: restore) (the caller sees no save it did not ask for)
    const strip = Boolean(KEEPING.has(method) && !(/** @type {any} */ (args)).keep);
    if (strip) json = encodeRequest(method, { ...args, keep: true });
    const id = this.nextId++;
    const timeout = options.timeout ?? this.timeout;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new EngineError(`the engine did not answer ${method} within ${Math.round(timeout / 1000)} s`, { kind: "timeout", method }));
      }, timeout);
      this.pending.set(id, { resolve, reject, method, match, timer, json, strip });
      /** @type {Link} */ (this.link).post({ type: "call", id, method, json, client: this.client });
    });
  }

  /**
   * The engine's answer to `method` when it says yes; rejects with an EngineError otherwise
   * (the engine's own refusal keeps its kind and legal actions).
   * @param {string} method
   * @param {object} [args]
   * @param {CallOptions} [options]
   * @returns {Promise<Answer>}
   */
  async call(method, args = {}, options = {}) {
    const answer = await this.request(method, args, options);
    if (!answer.ok) throw refusal(answer, method);
    return answer;
  }

  /** @param {{type: string, id: number, json?: string, error?: {name?: string, message?: string}}} data */
  settle(data) {
    const call = this.pending.get(data.id);
    if (!call) return; // timed out already
    this.pending.delete(data.id);
    clearTimeout(call.timer);
    /** @type {Answer | null} */
    let answer = null;
    let bad = null;
    if (data.type === "result") {
      try {
        answer = decodeAnswer(data.json ?? "", call.method);
        if (!call.restored && this.lost(answer)) {
          // the engine has no match (or replay) of this page's: set up again from what the page
          // keeps, then the same call again, answered as if nothing happened
          call.restored = true;
          this.pending.set(data.id, call);
          call.timer = setTimeout(() => {
            this.pending.delete(data.id);
            call.reject(new EngineError(`the engine did not answer ${call.method} within ${Math.round(this.timeout / 1000)} s`, { kind: "timeout", method: call.method }));
          }, this.timeout);
          this.restore();
          /** @type {Link} */ (this.link).post({ type: "call", id: data.id, method: call.method, json: call.json, client: this.client });
          return;
        }
        this.keep(call.method, call.json, answer);
        if (call.strip) delete answer.save;
      } catch (error) {
        bad = error;
      }
    }
    if (call.match !== null && call.match !== this.match) {
      call.reject(new EngineError(`${call.method}: a new match started before its answer came`, { kind: "stale", method: call.method }));
      return;
    }
    if (data.type === "error") {
      call.reject(new EngineError(`${data.error?.name || "Error"}: ${data.error?.message || ""}`, { method: call.method }));
      return;
    }
    if (bad || !answer) call.reject(/** @type {Error} */ (bad));
    else call.resolve(answer);
  }

  /** What an answer set up in the engine, kept to set it up again (restore). @param {string} method @param {string} json @param {Answer} answer */
  keep(method, json, answer) {
    if (!answer.ok) return;
    if (KEEPING.has(method) && answer.save) this.kept.save = answer.save;
    if (method === "new_match" || method === "resume") this.kept.spectate = null;
    if (method === "spectate") this.kept.spectate = json;
    if (method === "replay_open") this.kept.replay = json;
  }
}

/** For the calls where the hard bot thinks through a whole hand (review, duplicate): longer than a move's timeout. */
export const LONG_CALL = { timeout: 180_000 };

/** The replay problem an engine refusal carries (bridge kind "replay"), or null. */
export function replayProblem(error) {
  const answer = error?.answer;
  return answer && answer.kind === "replay" && answer.problem ? answer.problem : null;
}
