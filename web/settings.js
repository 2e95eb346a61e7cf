// Settings: the player's stored choices, and the URL parameters of API.md that override them
// for one visit (each bad one reported, not fatal); positions as base64url JSON.

import { matchLang } from "./i18n.js";

const STORE = "mahjong.settings";
export const SPEEDS = {
  slow: { bot: 1100, fly: 360, callout: 1000, settle: 1400, autoNext: 5000 },
  normal: { bot: 600, fly: 260, callout: 800, settle: 1000, autoNext: 3500 },
  fast: { bot: 220, fly: 160, callout: 550, settle: 600, autoNext: 2000 },
  instant: { bot: 0, fly: 0, callout: 0, settle: 0, autoNext: 300 },
};
export const VARIANTS = ["xinyu", "longyan"];
export const LEVELS = ["easy", "normal", "hard"];

export const DEFAULTS = {
  variant: "xinyu", options: { xinyu: {}, longyan: {} }, hands: 8, level: "normal",
  hints: false, speed: "normal", autoplay: false, seed: null,
};

export function loadSettings() {
  try {
    const stored = JSON.parse(localStorage.getItem(STORE) || "{}");
    return { ...structuredClone(DEFAULTS), ...stored, options: { ...DEFAULTS.options, ...(stored.options || {}) } };
  } catch {
    return structuredClone(DEFAULTS);
  }
}

export function saveSettings(settings, lang) {
  try {
    const { variant, options, hands, level, hints, speed } = settings;
    localStorage.setItem(STORE, JSON.stringify({ variant, options, hands, level, hints, speed, lang }));
  } catch {
    // storage may be blocked in an iframe
  }
}

/** URL parameters (API.md): each bad one is reported and ignored. */
export function readParams() {
  const q = new URLSearchParams(location.search);
  const out = {};
  const problems = [];
  const bad = (name, why) => problems.push({ name, value: q.get(name), why });
  const bool = (v) => (["1", "true", "yes", "on", ""].includes(v) ? true : ["0", "false", "no", "off"].includes(v) ? false : null);
  if (q.has("variant")) {
    const v = q.get("variant").toLowerCase();
    if (VARIANTS.includes(v)) out.variant = v;
    else bad("variant", "variant");
  }
  if (q.has("seed")) {
    const v = q.get("seed");
    if (/^\d{1,15}$/.test(v)) out.seed = Number(v);
    else bad("seed", "number");
  }
  if (q.has("hands")) {
    const v = q.get("hands");
    if (/^\d{1,3}$/.test(v) && Number(v) >= 1) out.hands = Number(v);
    else bad("hands", "number");
  }
  if (q.has("lang")) {
    const v = matchLang(q.get("lang"));
    if (v) out.lang = v;
    else bad("lang", "lang");
  }
  if (q.has("level")) {
    const v = q.get("level").toLowerCase();
    if (LEVELS.includes(v)) out.level = v;
    else bad("level", "level");
  }
  for (const name of ["hints", "autoplay"]) {
    if (q.has(name)) {
      const v = bool(q.get(name).toLowerCase());
      if (v === null) bad(name, "bool");
      else out[name] = v;
    }
  }
  if (q.has("speed")) {
    const v = q.get("speed").toLowerCase();
    if (v in SPEEDS) out.speed = v;
    else if (/^\d{1,5}$/.test(v)) out.speed = Number(v);
    else bad("speed", "speed");
  }
  if (q.has("timer")) {
    const v = q.get("timer");
    if (/^\d{1,3}$/.test(v)) out.timer = Number(v);
    else bad("timer", "number");
  }
  if (q.has("position")) {
    try {
      out.position = decodePosition(q.get("position"));
    } catch {
      bad("position", "base64");
    }
  }
  return { params: out, problems };
}

export function decodePosition(text) {
  let b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  while (b64.length % 4) b64 += "=";
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const value = JSON.parse(new TextDecoder().decode(bytes));
  if (!value || typeof value !== "object" || Array.isArray(value)) throw new Error("not an object");
  return value;
}

/** A position as the URL parameter `position` (base64url JSON), for links and tests. */
export function encodePosition(position) {
  const bytes = new TextEncoder().encode(JSON.stringify(position));
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function safeStored(key) {
  try {
    return JSON.parse(localStorage.getItem(STORE) || "{}")[key];
  } catch {
    return null;
  }
}

/** Pacing for a speed name or a number of milliseconds per bot move. */
export function speedOf(value) {
  if (typeof value === "number") {
    const f = Math.min(2, value / 600);
    return { bot: value, fly: 260 * f, callout: 800 * f, settle: 1000 * f, autoNext: Math.max(300, 3500 * f) };
  }
  return SPEEDS[value] || SPEEDS.normal;
}
