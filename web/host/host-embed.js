// v1/embed.js: the host page's side of the game's frames, included with one line (docs/embedding.md,
// "The host's helper"):
//   <script src="https://<user>.github.io/<repository>/v1/embed.js"></script>
// - sizes every frame of the site on the page from the heights it posts (frames loaded before this
//   script ran are asked again; frames a page adds later, as MkDocs Material's instant navigation
//   does, are found as they come);
// - tells those frames the host's look as it changes: Material's palette (`data-md-color-scheme`:
//   slate is dark), else the page's CSS `color-scheme` (dark, light; both or none: "auto", the reader's
//   preference, which the frames follow themselves), read again when the page's attributes or the
//   reader's preference change;
// - offers each game frame's messages as promises: `const game = mahjongEmbed.game(iframe)`, then
//   `await game.newGame({...})`, `await game.act("discard 3p")`, `game.on("turn", (detail) => ...)`.
//   A reply's value is passed on as the frame gives it; a refusal rejects with an Error carrying the
//   frame's `kind` (invalid, illegal, engine...).
// It reads only messages of `{source: "mahjong"}` from the page's own iframes, writes nothing from
// them into the page but a frame's height (a number, bounded), and asks a frame's own origin alone.
// One file, no import: a page may hold an old copy of it whatever the site's build (build.py
// PINNED_MODULES).

/** @typedef {(detail: any) => void} Listener */
/** @typedef {{resolve: (value: any) => void, reject: (error: Error) => void}} Waiter */

const SOURCE = "mahjong";
const MAX_HEIGHT = 100000; // px: a frame's height past this is not believed
const PROBE_MS = 250; // how often an unanswered game frame is asked again whether it listens

/** A frame's address's origin, where its requests go (never "*": a newGame's arguments are the author's). @param {HTMLIFrameElement} frame */
function originOf(frame) {
  try {
    return new URL(frame.src, location.href).origin;
  } catch {
    return "";
  }
}

/** @param {HTMLIFrameElement} frame @param {any} message @param {string} [target] */
function post(frame, message, target) {
  try {
    frame.contentWindow?.postMessage(message, target || originOf(frame) || "*");
  } catch {
    // a frame gone, or of another origin than its address said (it navigated): nothing to tell
  }
}

/** The host's look now: "dark", "light", or "auto" (both schemes, or none declared). */
function hostScheme(doc = document) {
  for (const el of [doc.body, doc.documentElement]) {
    const palette = el?.getAttribute("data-md-color-scheme");
    if (palette) return palette === "slate" ? "dark" : "light";
  }
  const declared = [doc.documentElement, doc.body].map((el) => (el ? getComputedStyle(el).colorScheme : ""));
  const meta = doc.querySelector('meta[name="color-scheme"]')?.getAttribute("content") ?? "";
  for (const value of [...declared, meta]) {
    const words = new Set(String(value).split(/\s+/));
    const dark = words.has("dark"), light = words.has("light");
    if (dark !== light) return dark ? "dark" : "light";
    if (dark && light) return "auto";
  }
  return "auto";
}

/** One game frame's messages as promises. */
class GameFrame {
  /** @param {HTMLIFrameElement} frame */
  constructor(frame) {
    this.frame = frame;
    /** @type {Map<string, Set<Listener>>} */
    this.listeners = new Map();
    /** @type {Map<string, Waiter>} */
    this.waiting = new Map();
    this.count = 0;
    this.origin = "";
    /** @type {Promise<void> | null} */
    this.listening = null;
    this.heard = () => {};
    frame.addEventListener("load", () => this.reloaded());
  }

  /** A page that loads again answers nothing it was asked before: those calls are refused. */
  reloaded() {
    for (const [, waiter] of this.waiting) waiter.reject(new Error("the game frame loaded another page"));
    this.waiting.clear();
    this.listening = null;
  }

  /** Resolves once the frame's page takes requests (asked again every PROBE_MS with `state`, which changes nothing). */
  ready() {
    if (!this.listening) {
      this.listening = new Promise((resolve) => {
        const id = `embed-probe-${++this.count}`;
        const timer = setInterval(() => {
          if (this.frame.isConnected) post(this.frame, { target: SOURCE, id, method: "state" });
          else clearInterval(timer); // (a frame taken off the page: its calls wait for nothing more)
        }, PROBE_MS);
        post(this.frame, { target: SOURCE, id, method: "state" });
        this.heard = () => {
          clearInterval(timer);
          this.heard = () => {};
          resolve();
        };
      });
    }
    return this.listening;
  }

  /** A method of the frame's page (docs/embedding.md): resolves with its reply's value, rejects with its error. @param {string} method @param {unknown} [args] */
  async call(method, args) {
    await this.ready();
    const id = `embed-${++this.count}`;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      post(this.frame, { target: SOURCE, id, method, args }, this.origin);
    });
  }

  /** @param {unknown} args */
  newGame(args = {}) { return this.call("newGame", args); }
  /** @param {unknown} action */
  act(action) { return this.call("act", action); }
  nextHand() { return this.call("nextHand"); }
  state() { return this.call("state"); }
  legal() { return this.call("legal"); }
  /** @param {string} theme */
  theme(theme) { return this.call("theme", theme); }

  /** Every message the frame posts of this `type` (`event`, `turn`, `handEnd`, …; "*": all). @param {string} name @param {Listener} callback */
  on(name, callback) {
    if (typeof name !== "string" || typeof callback !== "function") throw new TypeError("on(name, callback)");
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name)?.add(callback);
    return () => { this.listeners.get(name)?.delete(callback); };
  }

  /** A message of this frame. @param {any} data @param {string} origin */
  take(data, origin) {
    if (data.type === "reply") {
      this.origin = origin && origin !== "null" ? origin : this.origin;
      this.heard();
      const id = typeof data.id === "string" ? data.id : "";
      const waiter = this.waiting.get(id);
      if (!waiter) return;
      this.waiting.delete(id);
      if (data.ok) waiter.resolve(data.value);
      else waiter.reject(Object.assign(new Error(String(data.error ?? "refused")), { kind: data.kind ?? "invalid" }));
      return;
    }
    if (typeof data.type !== "string") return;
    const detail = data.detail;
    for (const name of [data.type, "*"]) {
      for (const callback of this.listeners.get(name) ?? []) {
        try {
          callback(name === "*" ? { type: data.type, detail } : detail);
        } catch (error) {
          console.warn("mahjong embed: a listener failed", error);
        }
      }
    }
  }
}

/** @type {WeakMap<HTMLIFrameElement, GameFrame>} */
const games = new WeakMap();
/** The frames that said they are the site's (a message of {source: "mahjong"}). @type {Set<HTMLIFrameElement>} */
const ours = new Set();
/** The look each frame was told last (forgotten when it loads a page again). @type {WeakMap<HTMLIFrameElement, string>} */
const told = new WeakMap();
let scheme = "";

/** The page's iframe whose window sent a message, if any. @param {MessageEventSource | null} source */
function frameOf(source) {
  if (!source) return null;
  for (const frame of document.querySelectorAll("iframe")) if (frame.contentWindow === source) return frame;
  return null;
}

/** The look told to one frame. @param {HTMLIFrameElement} frame */
function tellTheme(frame) {
  if (!scheme) scheme = hostScheme();
  told.set(frame, scheme);
  post(frame, { target: SOURCE, method: "theme", args: scheme });
}

/** The host's look read again; told to every frame of ours when it changed. */
function followHost() {
  const now = hostScheme();
  if (now === scheme) return;
  scheme = now;
  for (const frame of [...ours]) {
    if (frame.isConnected) tellTheme(frame);
    else ours.delete(frame); // (a page of the host that left: instant navigation drops its frames)
  }
}

/** Every iframe on the page asked for its height (the site's pages answer; those loaded before this script too). */
function askHeights() {
  for (const frame of document.querySelectorAll("iframe")) post(frame, { target: SOURCE, method: "height" }, "*");
}

addEventListener("message", (event) => {
  const data = event.data;
  if (!data || typeof data !== "object" || data.source !== SOURCE) return;
  const frame = frameOf(event.source);
  if (!frame) return;
  if (!ours.has(frame)) {
    ours.add(frame);
    frame.addEventListener("load", () => told.delete(frame)); // (a page it loads later is told again)
  }
  if (told.get(frame) !== scheme || !scheme) tellTheme(frame);
  if (data.type === "height") {
    const height = Number(data.detail?.height);
    if (Number.isFinite(height) && height >= 0 && height <= MAX_HEIGHT) frame.style.height = `${Math.ceil(height)}px`;
  }
  games.get(frame)?.take(data, event.origin);
});

/** The game frame's handle (the same one every time for one frame). @param {HTMLIFrameElement | string} frame an iframe or a selector */
function game(frame) {
  const el = typeof frame === "string" ? document.querySelector(frame) : frame;
  if (!(el instanceof HTMLIFrameElement)) throw new TypeError("mahjongEmbed.game(iframe or selector of an iframe)");
  let handle = games.get(el);
  if (!handle) {
    handle = new GameFrame(el);
    games.set(el, handle);
  }
  return handle;
}

function start() {
  scheme = hostScheme();
  askHeights();
  // the host's look: Material's palette on <body>, a class or a style on the root, a <meta>; the
  // reader's preference; frames a page adds (instant navigation swaps the content, not the window)
  const look = new MutationObserver(followHost);
  const watched = { attributes: true, attributeFilter: ["data-md-color-scheme", "class", "style"] };
  look.observe(document.documentElement, watched);
  if (document.body) look.observe(document.body, watched);
  new MutationObserver((records) => {
    const added = records.some((r) => [...r.addedNodes].some((n) => n instanceof Element && (n.matches("iframe") || !!n.querySelector("iframe"))));
    if (records.some((r) => [...r.addedNodes, ...r.removedNodes].some((n) => n instanceof HTMLMetaElement))) followHost();
    if (added) askHeights();
  }).observe(document.documentElement, { subtree: true, childList: true });
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", followHost);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
else start();

Object.defineProperty(window, "mahjongEmbed", { value: Object.freeze({ game, scheme: () => scheme || hostScheme() }), configurable: false });
