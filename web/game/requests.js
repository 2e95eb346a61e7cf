// What window.mahjong and an embedding page's messages may ask for, checked before anything
// is touched (API.md): a bad argument is refused with a message naming what is accepted, and
// nothing changes. The lists come from the engine's catalog (catalog.js).

import { SPEEDS } from "../keep/settings.js";
import { shorten } from "../engine/engine.js";
import { maxHands, maxSeed } from "../engine/catalog.js";
import { LANGS, matchLang } from "../i18n/i18n.js";

/** The arguments of newGame: what the game's address takes (API.md, URL parameters), `options` besides. */
export const NEW_GAME_KEYS = ["variant", "seed", "options", "level", "position", "hands", "autoplay", "speed", "hints",
  "seat", "timer", "lang"];

/** A request the page does not accept (shown as "not accepted", answered `ok: false`): `message`
 * in English (for the calling code), `words` the same in the catalog's keys (for the page's reader). */
export class RequestError extends Error {
  /** @param {string} message @param {{key: string, vars: Record<string, string | number>} | null} [words] */
  constructor(message, words = null) {
    super(shorten(message));
    this.name = "RequestError";
    this.kind = "invalid";
    this.words = words;
  }
}

/** @param {unknown} v */
const isPlainObject = (v) => !!v && typeof v === "object" && !Array.isArray(v)
  && [Object.prototype, null].includes(Object.getPrototypeOf(v));

/** @param {unknown} v */
const show = (v) => shorten(typeof v === "string" ? JSON.stringify(v) : Array.isArray(v) ? "a list" : String(v), 60);

/**
 * newGame's arguments, checked: returns a copy with only the names given, or throws a RequestError.
 * @param {unknown} args
 * @param {import("../engine/catalog.js").Catalog | null} catalog
 * @returns {{variant?: string, seed?: number, options?: Record<string, unknown>, level?: string,
 *   position?: Record<string, unknown>, hands?: number, autoplay?: boolean, speed?: string | number, hints?: boolean,
 *   seat?: number, timer?: number, lang?: string}}
 */
export function checkNewGame(args, catalog) {
  if (args === undefined || args === null) return {};
  if (!isPlainObject(args)) {
    throw new RequestError(`newGame takes an object of settings, not ${show(args)}`,
      { key: "error.api.settings", vars: { value: show(args) } });
  }
  const given = /** @type {Record<string, unknown>} */ (args);
  /** @type {Record<string, any>} */
  const out = {};
  for (const key of Object.keys(given)) {
    if (!NEW_GAME_KEYS.includes(key)) {
      throw new RequestError(`newGame: unknown setting ${show(key)} (settings: ${NEW_GAME_KEYS.join(", ")})`,
        { key: "error.api.unknown", vars: { name: show(key), names: NEW_GAME_KEYS.join(", ") } });
    }
  }
  const has = (/** @type {string} */ key) => given[key] !== undefined;
  const variants = catalog ? Object.keys(catalog.variants) : [];
  if (has("variant")) out.variant = choice("variant", given.variant, variants);
  if (has("level")) out.level = choice("level", given.level, catalog?.levels ?? []);
  if (has("seed")) out.seed = whole("seed", given.seed, -maxSeed(catalog), maxSeed(catalog)); // the engine's range
  if (has("hands")) out.hands = whole("hands", given.hands, 1, maxHands(catalog));
  for (const key of ["autoplay", "hints"]) {
    if (!has(key)) continue;
    if (typeof given[key] !== "boolean") {
      throw new RequestError(`newGame: ${key} must be true or false, not ${show(given[key])}`,
        { key: "error.api.bool", vars: { name: key, value: show(given[key]) } });
    }
    out[key] = given[key];
  }
  if (has("speed")) {
    const speed = given.speed;
    if (typeof speed === "string" && Object.hasOwn(SPEEDS, speed)) out.speed = speed;
    else if (typeof speed === "number" && Number.isInteger(speed) && speed >= 0 && speed <= 99_999) out.speed = speed;
    else {
      throw new RequestError(`newGame: speed ${show(speed)} is not one of ${Object.keys(SPEEDS).join(", ")} or milliseconds 0-99999`,
        { key: "error.api.speed", vars: { value: show(speed), values: Object.keys(SPEEDS).join(", ") } });
    }
  }
  for (const key of ["options", "position"]) {
    if (!has(key)) continue;
    if (!isPlainObject(given[key])) {
      throw new RequestError(`newGame: ${key} must be an object, not ${show(given[key])}`,
        { key: "error.api.object", vars: { name: key, value: show(given[key]) } });
    }
    out[key] = given[key]; // the engine checks their contents (and refuses with kind "invalid")
  }
  // the seat the reader plays (the engine's `human`), as the address's `seat=`
  if (has("seat")) out.seat = whole("seat", given.seat, 0, 3);
  if (has("timer")) {
    // the clock's choices: the named rule set's (the position's), or any rule set's when none is named
    const position = /** @type {Record<string, unknown> | undefined} */ (out.position);
    const named = [out.variant ?? position?.variant].filter((v) => typeof v === "string" && variants.includes(v));
    const choices = [...new Set((named.length ? named : variants).flatMap((v) => catalog?.variants[v]?.options.timer ?? []))];
    if (typeof given.timer !== "number" || !choices.includes(given.timer)) {
      throw new RequestError(`newGame: timer ${show(given.timer)} is not one of ${choices.join(", ")} (seconds; 0: no clock)`,
        { key: "error.api.choice", vars: { name: "timer", value: show(given.timer), values: choices.join(", ") } });
    }
    out.timer = given.timer;
  }
  if (has("lang")) {
    const lang = typeof given.lang === "string" ? matchLang(given.lang) : null;
    if (!lang) {
      throw new RequestError(`newGame: lang ${show(given.lang)} is not one of ${LANGS.join(", ")}`,
        { key: "error.api.choice", vars: { name: "lang", value: show(given.lang), values: LANGS.join(", ") } });
    }
    out.lang = lang;
  }
  return out;
}

/** `value` when it is one of `values`, else a refusal that names them. @param {string} name @param {unknown} value @param {string[]} values */
function choice(name, value, values) {
  if (typeof value !== "string" || !values.includes(value)) {
    throw new RequestError(`newGame: ${name} ${show(value)} is not one of ${values.join(", ")}`,
      { key: "error.api.choice", vars: { name, value: show(value), values: values.join(", ") } });
  }
  return value;
}

/** @param {string} name @param {unknown} value @param {number} min @param {number} max */
function whole(name, value, min, max) {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new RequestError(`newGame: ${name} must be a whole number from ${min} to ${max}, not ${show(value)}`,
      { key: "error.api.range", vars: { name, min, max, value: show(value) } });
  }
  return value;
}

/**
 * act's argument: an action string, or {action: string}; at most 40 characters.
 * @param {unknown} args
 * @returns {string}
 */
export function checkAction(args) {
  const action = isPlainObject(args) ? /** @type {{action?: unknown}} */ (args).action : args;
  if (typeof action !== "string" || action.length > 40) {
    const message = typeof action !== "string" ? `act takes an action string such as "discard 3p", not ${show(action)}` : `act: ${show(action)} is not an action (too long)`;
    throw new RequestError(message, { key: "error.api.action", vars: { value: show(action) } });
  }
  return action;
}
