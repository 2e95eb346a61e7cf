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
  if ("timer" in params) {
    const variant = changes.variant ?? settings.variant;
    changes.options = { ...settings.options, [variant]: { ...settings.options[variant], timer: params.timer } };
  }
  setForVisit(settings, changes);
  return { params, problems, lang };
}

/** The sentences that report the bad parameters (in the current language). */
export function problemNotices(/** @type {import("../keep/settings.js").Problem[]} */ problems) {
  return problems.map((p) => t("error.param", { name: p.name, value: shorten(p.value ?? "", 60), why: t(`error.why.${p.why}`, p.vars) }));
}

/**
 * The page's own address with this moment as its `position`; and with `puzzle` (the player's own
 * discard turn, model.js isOwnDiscardTurn) a puzzle.html link posing the same moment as "what
 * would you discard?", in puzzle.js's `#p=<base64url {position, note}>` form.
 * @param {{puzzle?: boolean}} [which]
 * @returns {Promise<{link: string, puzzle: string | null}>}
 */
export async function shareLinks({ puzzle = false } = {}) {
  const { position } = await call("position");
  const url = new URL(location.href);
  url.search = "";
  url.hash = "";
  url.searchParams.set("variant", position.variant);
  url.searchParams.set("lang", getLang());
  url.searchParams.set("position", encodePosition(position));
  return { link: url.href, puzzle: puzzle ? puzzleLink(position) : null };
}

/** puzzle.html beside this page, opening `position` (the hand's start plus its history) as a puzzle. */
export function puzzleLink(/** @type {object} */ position) {
  const url = new URL("./puzzle.html", location.href);
  url.hash = `p=${encodePosition({ position, note: null })}&lang=${getLang()}`;
  return url.href;
}
