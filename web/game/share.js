// The page's address: the URL parameters of API.md laid over the stored settings for this visit
// (each bad one reported on the page, not fatal), and the share link that reopens this very
// moment of the hand (its start position plus the moves so far) as a `position` parameter.

import { t, getLang } from "../i18n/i18n.js";
import { readParams, encodePosition, setForVisit } from "../keep/settings.js";
import { call, shorten } from "../engine/engine.js";

const OVERRIDES = ["variant", "seed", "hands", "level", "hints", "autoplay", "speed"];

/**
 * Lay the URL's parameters over `settings` for this visit (never stored); returns {params, problems, lang}.
 * @param {import("../keep/settings.js").Settings} settings
 * @param {import("../engine/catalog.js").Catalog | null} catalog
 */
export function applyUrl(settings, catalog) {
  const { params, problems } = readParams(catalog, location.search);
  const lang = params.lang || getLang(); // else the page shell's choice (shell/page.js): the hash's, stored, the browser's
  /** @type {Record<string, any>} */
  const changes = {};
  for (const key of OVERRIDES) {
    if (key in params) changes[key] = params[key];
  }
  if (params.position) withPosition(params, problems, changes, catalog);
  if ("timer" in params) {
    const variant = changes.variant ?? settings.variant;
    changes.options = { ...settings.options, [variant]: { ...settings.options[variant], timer: params.timer } };
  }
  setForVisit(settings, changes);
  return { params, problems, lang };
}

/** @param {unknown} v */
const isObject = (v) => !!v && typeof v === "object" && !Array.isArray(v);

/**
 * The parameters that go with a `position`: the position names its rule set (a `variant` that
 * differs is reported as ignored, and the visit's rule set is the position's: a new match, or the
 * normal game after a position the engine refuses, is of the same rules); `timer` is laid over
 * the position's own options (a position's options are its rules: Longyan's default clock is
 * 20 s, and `timer=0` used to be lost under it). `seat`, `level`, `hints`, `speed`, `hands`, `seed`
 * and `autoplay` apply as they do without a position.
 * @param {Record<string, any>} params @param {import("../keep/settings.js").Problem[]} problems
 * @param {Record<string, any>} changes @param {import("../engine/catalog.js").Catalog | null} catalog
 */
function withPosition(params, problems, changes, catalog) {
  const position = params.position;
  const named = position.variant; // (a position the engine will refuse may name anything)
  const own = catalog && typeof named === "string" && Object.hasOwn(catalog.variants, named) ? named : null;
  if (own && "variant" in params && params.variant !== own) {
    problems.push({ name: "variant", value: params.variant, why: "position" });
  }
  if (own) changes.variant = own;
  if ("timer" in params && (position.options === undefined || isObject(position.options))) {
    params.position = { ...position, options: { ...position.options, timer: params.timer } };
  }
}

/** The sentences that report the bad parameters (in the current language). */
export function problemNotices(/** @type {import("../keep/settings.js").Problem[]} */ problems) {
  return problems.map((p) => t("error.param", { name: p.name, value: shorten(p.value ?? "", 60), why: t(`error.why.${p.why}`, p.vars) }));
}

/**
 * The page's own address with this moment as its `position`; and with `puzzle` (the player's own
 * discard turn, model.js isOwnDiscardTurn) a puzzle.html link posing the same moment as "what
 * would you discard?", in puzzle.js's `#p=<base64url {position, note}>` form.
 * @param {{puzzle?: boolean, seat?: number}} [which]
 * @returns {Promise<{link: string, puzzle: string | null}>}
 */
export async function shareLinks({ puzzle = false, seat = 0 } = {}) {
  const { position } = await call("position");
  const url = new URL(location.href);
  url.search = "";
  url.hash = "";
  url.searchParams.set("variant", position.variant);
  url.searchParams.set("lang", getLang());
  if (seat) url.searchParams.set("seat", String(seat)); // the seat the player plays, when not the first
  url.searchParams.set("position", encodePosition(position));
  return { link: url.href, puzzle: puzzle ? puzzleLink(position) : null };
}

/** puzzle.html beside this page, opening `position` (the hand's start plus its history) as a puzzle. */
export function puzzleLink(/** @type {object} */ position) {
  const url = new URL("./puzzle.html", location.href);
  url.hash = `p=${encodePosition({ position, note: null })}&lang=${getLang()}`;
  return url.href;
}
