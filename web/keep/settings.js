// Settings: the player's stored choices, and the URL parameters of API.md that override them
// for one visit (each bad one reported, not fatal); positions as base64url JSON.

import { matchLang } from "../i18n/i18n.js";
import { maxHands, maxSeed } from "../engine/catalog.js";

const STORE = "mahjong.settings";
export const SPEEDS = {
  slow: { bot: 1100, fly: 360, callout: 1000, settle: 1400, autoNext: 5000 },
  normal: { bot: 600, fly: 260, callout: 800, settle: 1000, autoNext: 3500 },
  fast: { bot: 220, fly: 160, callout: 550, settle: 600, autoNext: 2000 },
  instant: { bot: 0, fly: 0, callout: 0, settle: 0, autoNext: 300 },
};

/**
 * @typedef {{variant: string, options: Record<string, Record<string, any>>, hands: number, level: string,
 *   hints: boolean, speed: string | number, autoplay: boolean, seed: number | null, played: boolean,
 *   autoPass: boolean, autoWin: boolean}} Settings
 * @typedef {{name: string, value: string | null, why: string, vars?: Record<string, string | number>}} Problem
 */

/** @type {Settings} */
export const DEFAULTS = {
  variant: "xinyu", options: {}, hands: 8, level: "normal",
  hints: false, speed: "normal", autoplay: false, seed: null,
  played: false, // a hand played to its end in this browser: the toolbar's labels may go (app.js)
  autoPass: false, // pass every claim window where no win is offered, without asking (app.js)
  autoWin: false, // win whenever a win is offered, without asking (app.js)
};
/** The settings kept between visits (the language too, beside them). */
const STORED = /** @type {const} */ (["variant", "options", "hands", "level", "hints", "speed", "played", "autoPass", "autoWin"]);

/** What storage held at load, updated by the player's own choices: what is written back. */
let stored = /** @type {Record<string, any>} */ ({});
/** Settings set for this visit only (URL parameters, an embedding page's newGame): never stored. */
const visitOnly = new Set();

/** @returns {Storage | null} */
function storage() {
  try {
    return window.localStorage;
  } catch {
    return null; // storage may be blocked in an iframe
  }
}

/** The stored settings over the defaults (see readSettings). @returns {Settings} */
export function loadSettings(text = storage()?.getItem(STORE) ?? null, catalog = null) {
  return readSettings(catalog, text).settings;
}

/**
 * The stored settings over the defaults, each value checked where it is read (issue 33): of its
 * kind, and with the engine's `catalog`, one it offers (a rule set, its options and their values,
 * a level, a match length). `dropped` names what could not be used: reset to its default, and
 * written back so (the page says so in one line).
 * @param {import("../engine/catalog.js").Catalog | null} catalog
 * @param {string | null} text  the stored JSON
 * @returns {{settings: Settings, dropped: string[]}}
 */
export function readSettings(catalog, text = storage()?.getItem(STORE) ?? null) {
  const settings = structuredClone(DEFAULTS);
  /** @type {string[]} */
  const dropped = [];
  let data;
  try {
    data = JSON.parse(text || "{}");
  } catch {
    data = null;
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) {
    dropped.push("settings");
    data = {};
  }
  stored = {};
  for (const key of STORED) {
    if (data[key] === undefined) continue;
    const value = usable(key, data[key], catalog);
    if (value === undefined || (key === "options" && JSON.stringify(value) !== JSON.stringify(data[key]))) dropped.push(key);
    if (value === undefined) continue;
    stored[key] = value;
    /** @type {any} */ (settings)[key] = structuredClone(value);
  }
  if (typeof data.lang === "string" && data.lang.length < 40) stored.lang = data.lang;
  else if (data.lang !== undefined) dropped.push("lang");
  if (dropped.length && text) {
    try {
      storage()?.setItem(STORE, JSON.stringify(stored)); // reset for good: said once, not on every visit
    } catch {
      // full or blocked: reset for this visit
    }
  }
  return { settings, dropped };
}

/** @param {unknown} v @returns {v is Record<string, unknown>} */
const isPlainObject = (v) => !!v && typeof v === "object" && !Array.isArray(v);

/**
 * A stored setting's value if this page can use it (rule options: the usable ones), else undefined.
 * @param {string} key @param {any} value @param {import("../engine/catalog.js").Catalog | null} catalog
 */
function usable(key, value, catalog) {
  switch (key) {
    case "variant":
      return typeof value === "string" && (catalog ? Object.hasOwn(catalog.variants, value) : value.length < 40) ? value : undefined;
    case "level":
      return typeof value === "string" && (catalog ? catalog.levels.includes(value) : value.length < 40) ? value : undefined;
    case "hands": {
      const most = catalog ? Math.max(...catalog.hands) : 999;
      return Number.isInteger(value) && value >= 1 && value <= most ? value : undefined;
    }
    case "speed":
      return (typeof value === "string" && Object.hasOwn(SPEEDS, value)) || (Number.isInteger(value) && value >= 0 && value <= 99_999)
        ? value : undefined;
    case "options": {
      if (!isPlainObject(value)) return undefined;
      /** @type {Record<string, Record<string, unknown>>} */
      const out = {};
      for (const [variant, options] of Object.entries(value)) {
        const known = catalog ? (Object.hasOwn(catalog.variants, variant) ? catalog.variants[variant].options : null) : {};
        if (!known || !isPlainObject(options)) continue;
        out[variant] = {};
        for (const [name, v] of Object.entries(options)) {
          const fits = catalog ? Object.hasOwn(known, name) && known[name].includes(/** @type {any} */ (v))
            : ["string", "number", "boolean"].includes(typeof v);
          if (fits) out[variant][name] = v;
        }
      }
      return out;
    }
    default: // hints, played, autoPass, autoWin
      return typeof value === "boolean" ? value : undefined;
  }
}

/** Set `changes` for this visit only: shown and played, never written to storage. */
export function setForVisit(/** @type {Settings} */ settings, /** @type {Partial<Settings>} */ changes) {
  Object.assign(settings, changes);
  for (const key of Object.keys(changes)) visitOnly.add(key);
}

/** The player's own value of a setting (stored, else the default), whatever this visit set. */
export function ownValue(/** @type {keyof Settings} */ key) {
  return structuredClone(stored[key] ?? DEFAULTS[key]);
}

/** Whether the player (or this visit's link) set `key`, rather than leaving it to its default. */
export function isChosen(/** @type {keyof Settings} */ key) {
  return stored[key] !== undefined || visitOnly.has(key);
}

/** Whether `key` holds a value set for this visit only (not the player's own choice). */
export function isVisitOnly(/** @type {keyof Settings} */ key) {
  return visitOnly.has(key);
}

/** A visit's setting given up: the player's own value again. */
export function ownAgain(/** @type {Settings} */ settings, /** @type {keyof Settings} */ key) {
  /** @type {any} */ (settings)[key] = ownValue(key);
  visitOnly.delete(key);
}

/** The player's own choice: kept and stored (it replaces a visit's setting of the same name). */
export function choose(/** @type {Settings} */ settings, /** @type {Partial<Settings>} */ changes, /** @type {string} */ lang) {
  Object.assign(settings, changes);
  for (const key of Object.keys(changes)) visitOnly.delete(key);
  saveSettings(settings, lang);
}

/** Store the player's settings; those set for this visit only keep their stored value. */
export function saveSettings(/** @type {Settings} */ settings, /** @type {string} */ lang) {
  for (const key of STORED) {
    if (!visitOnly.has(key)) stored[key] = structuredClone(/** @type {any} */ (settings)[key]);
  }
  stored.lang = lang;
  try {
    storage()?.setItem(STORE, JSON.stringify(stored));
  } catch {
    // storage may be full or blocked: the settings hold for this visit
  }
}

/**
 * URL parameters (API.md): each bad one is reported and ignored. The rule sets and levels are
 * the catalog's (catalog.js).
 * @param {import("../engine/catalog.js").Catalog | null} catalog
 * @param {string} search  location.search
 * @returns {{params: Record<string, any>, problems: Problem[]}}
 */
export function readParams(catalog, search) {
  const q = new URLSearchParams(search);
  /** @type {Record<string, any>} */
  const out = {};
  /** @type {Problem[]} */
  const problems = [];
  const bad = (/** @type {string} */ name, /** @type {string} */ why, /** @type {Record<string, string | number>} */ vars = {}) =>
    problems.push({ name, value: q.get(name), why, vars });
  /** A whole number parameter from `min` to `max`: the number, or null (reported). */
  const whole = (/** @type {string} */ name, /** @type {number} */ min, /** @type {number} */ max) => {
    const v = String(q.get(name));
    if (!(min < 0 ? /^-?\d+$/ : /^\d+$/).test(v)) bad(name, "number");
    else if (Number(v) < min || Number(v) > max) bad(name, "range", { min, max });
    else return Number(v);
    return null;
  };
  const bool = (/** @type {string} */ v) => (["1", "true", "yes", "on", ""].includes(v) ? true : ["0", "false", "no", "off"].includes(v) ? false : null);
  if (q.has("variant")) {
    const v = String(q.get("variant")).toLowerCase();
    if (catalog && Object.hasOwn(catalog.variants, v)) out.variant = v;
    else bad("variant", "variant");
  }
  if (q.has("seed")) {
    const v = whole("seed", -maxSeed(catalog), maxSeed(catalog)); // the engine's range
    if (v !== null) out.seed = v;
  }
  if (q.has("hands")) {
    const v = whole("hands", 1, maxHands(catalog));
    if (v !== null) out.hands = v;
  }
  if (q.has("lang")) {
    const v = matchLang(String(q.get("lang")));
    if (v) out.lang = v;
    else bad("lang", "lang");
  }
  if (q.has("level")) {
    const v = String(q.get("level")).toLowerCase();
    if (catalog?.levels.includes(v)) out.level = v;
    else bad("level", "level");
  }
  for (const name of ["hints", "autoplay"]) {
    if (q.has(name)) {
      const v = bool(String(q.get(name)).toLowerCase());
      if (v === null) bad(name, "bool");
      else out[name] = v;
    }
  }
  if (q.has("speed")) {
    const v = String(q.get("speed")).toLowerCase();
    if (Object.hasOwn(SPEEDS, v)) out.speed = v;
    else if (/^\d{1,5}$/.test(v)) out.speed = Number(v);
    else bad("speed", "speed");
  }
  if (q.has("timer")) {
    // the timer's choices: the named rule set's, or any rule set's when none is named
    const named = out.variant ? [out.variant] : Object.keys(catalog?.variants ?? {});
    const choices = [...new Set(named.flatMap((v) => catalog?.variants[v]?.options.timer ?? []))];
    const v = String(q.get("timer"));
    if (/^\d{1,3}$/.test(v) && choices.includes(Number(v))) out.timer = Number(v);
    else bad("timer", "choice", { values: choices.join(", ") });
  }
  if (q.has("seat")) {
    const v = String(q.get("seat"));
    if (/^[0-3]$/.test(v)) out.seat = Number(v); // the seat the reader plays (the engine's `human`)
    else bad("seat", "seat");
  }
  if (q.has("position")) {
    try {
      out.position = decodePosition(String(q.get("position")));
    } catch {
      bad("position", "base64");
    }
  }
  if (q.has("origin")) Object.assign(out, originParam(String(q.get("origin")), () => bad("origin", "originRefused")));
  return { params: out, problems };
}

/**
 * `origin=` as the page takes it: {origins}; or, when it is not a list of origins, refused, not passed
 * over: no origin ({origins: []}: no parent drives the frame or hears it) and its text, which a
 * request is answered with (embed.js), `refused()` said.
 * @param {string} text @param {() => void} refused
 * @returns {{origins: string[], originRefused?: string}}
 */
function originParam(text, refused) {
  const origins = readOrigins(text);
  if (origins) return { origins };
  refused();
  return { origins: [], originRefused: text };
}

/**
 * `origin`: the embedding pages allowed to drive the game, one or more origins separated by
 * commas or spaces ("https://a.example,https://b.example"); null if any is not an origin.
 * @param {string} text
 * @returns {string[] | null}
 */
export function readOrigins(text) {
  const items = text.split(/[\s,]+/).filter(Boolean);
  if (!items.length || items.length > 8) return null;
  const origins = [];
  for (const item of items) {
    let url;
    try {
      url = new URL(item);
    } catch {
      return null;
    }
    if (!["http:", "https:"].includes(url.protocol) || url.origin !== item.replace(/\/$/, "")) return null;
    origins.push(url.origin);
  }
  return origins;
}

/** A `position` parameter (base64url JSON) as an object; throws when it is not one. @param {string} text */
export function decodePosition(text) {
  let b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  while (b64.length % 4) b64 += "=";
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const value = JSON.parse(new TextDecoder().decode(bytes));
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error("not an object");
  return value;
}

/** A position as the URL parameter `position` (base64url JSON), for links and tests. */
export function encodePosition(/** @type {object} */ position) {
  const bytes = new TextEncoder().encode(JSON.stringify(position));
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The language the player chose, as stored: read on its own, for pages that load no settings. */
export function storedLang() {
  try {
    const data = JSON.parse(storage()?.getItem(STORE) || "null");
    return data && typeof data === "object" && typeof data.lang === "string" ? data.lang : null;
  } catch {
    return null;
  }
}

/** Pacing for a speed name or a number of milliseconds per bot move. */
export function speedOf(/** @type {string | number} */ value) {
  if (typeof value === "number") {
    const f = Math.min(2, value / 600);
    return { bot: value, fly: 260 * f, callout: 800 * f, settle: 1000 * f, autoNext: Math.max(300, 3500 * f) };
  }
  return Object.hasOwn(SPEEDS, value) ? SPEEDS[/** @type {keyof SPEEDS} */ (value)] : SPEEDS.normal;
}
