// The page shell: what every page of the site sets up before anything else, in one place, so that
// no page can forget a piece of it (issue 32). A page's own script starts with
//
//   const page = openPage("analyze", { embed: true });
//
// and gets, already applied to the document:
//   - its language: `lang` from the query or the hash (either form of hash the pages use:
//     "#v=xinyu&lang=en", or tiles.html's "#123m?lang=en"), else the player's stored choice,
//     else the browser's; the i18n catalog set to it, <html lang>, and the tiles' script (简体
//     万东发 or 繁體 萬東發) following it from now on, whoever changes the language later;
//   - its theme: `theme` (light, dark, auto: the reader's preference, followed as it changes;
//     transparent: on the host's background) as the `dark` and `transparent` classes on <html> and
//     the document's color-scheme, so that a frame on a dark host is not a white box; a host sets it
//     again at any time with a message ({target: "mahjong", method: "theme", args: "dark"}), and a
//     page transparent by default stays transparent in either scheme (the game and the replay are
//     always dark, the rules always light: `theme`);
//   - whether this browser keeps anything for it (`page.storage`: the Storage, or null when a
//     third-party frame or a privacy setting denies it; storage.js keeping() says what else);
//   - inside a frame, with `embed: true`, its height posted to the parent whenever it changes, and
//     again whenever the parent asks ({target: "mahjong", method: "height"}): a host script that
//     runs late still learns it; a theme message is answered {source: "mahjong", type: "theme"};
//   - for a page that writes its own hash (the analyzer, the puzzles), the `lang` and `theme` to
//     write into it again (linkParams), so that its address, copied or reloaded, opens as it is.
// Nothing here knows the game.

import { LANGS, matchLang, setLang, getLang, onLangChange, t } from "../i18n/i18n.js";
import { setTileScript, scriptOf } from "../art/tiles.js";
import { storedLang } from "../keep/settings.js";
import { probeStorage } from "./storage.js";

export const THEMES = ["light", "dark", "auto", "transparent"];
/** The schemes a host may set at any time: by the `theme` parameter or a message. */
export const SCHEMES = ["light", "dark", "auto"];

/**
 * The page's parameters: the query's, then the hash's over them. A hash is read as parameters
 * after its "?" if it has one (tiles.html: the notation comes first), else whole.
 * @param {Location | URL} where
 * @returns {URLSearchParams}
 */
export function pageParams(where = location) {
  const params = new URLSearchParams(where.search);
  const hash = where.hash.replace(/^#/, "");
  const q = hash.indexOf("?");
  for (const [k, v] of new URLSearchParams(q >= 0 ? hash.slice(q + 1) : hash)) params.set(k, v);
  return params;
}

/**
 * The language a page opens in: an explicit `lang` parameter (a bad one is `badLang`), the
 * player's stored choice, the browser's, English.
 * @param {URLSearchParams} params
 */
export function chooseLang(params, stored = storedLang(), browser = navigator.language) {
  const asked = params.get("lang");
  const lang = matchLang(asked ?? "") || matchLang(stored ?? "") || matchLang(browser ?? "") || "en";
  return { lang, badLang: asked !== null && !matchLang(asked) ? asked : null };
}

/**
 * The page's look: its scheme (light, dark, or auto: the reader's preference) and whether it lies
 * on its host's background (transparent); `fixed`: the page has one look whatever is asked.
 */
const look = { scheme: "auto", transparent: false, fixed: false };

const prefersDark = () => typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches;

/**
 * What a look puts on the document: the `dark` class, the `transparent` class and the
 * color-scheme. A transparent page following the reader takes either scheme ("light dark"), so it
 * matches a host that follows the reader too; told a scheme, it takes that one, the host's: a
 * frame whose scheme differs from its host's gets an opaque backdrop, the white box.
 * @param {{scheme: string, transparent: boolean}} wanted @param {boolean} osDark
 */
export function lookOf({ scheme, transparent }, osDark) {
  const dark = scheme === "dark" || (scheme === "auto" && osDark);
  const colorScheme = transparent && scheme === "auto" ? "light dark" : dark ? "dark" : "light";
  return { dark, transparent, colorScheme };
}

/** @type {Set<(look: {scheme: string, dark: boolean, transparent: boolean}) => void>} */
const lookWatchers = new Set();

/** Call `watch` whenever the look changes (a host's message, the reader's preference under "auto"). */
export function onLookChange(/** @type {(look: {scheme: string, dark: boolean, transparent: boolean}) => void} */ watch) {
  lookWatchers.add(watch);
}

function showLook() {
  const { dark, transparent, colorScheme } = lookOf(look, prefersDark());
  const root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.classList.toggle("transparent", transparent);
  root.style.colorScheme = colorScheme;
  for (const watch of lookWatchers) watch({ scheme: look.scheme, dark, transparent });
}

/** The theme on the document: "light", "dark", "auto" (the scheme), "transparent" (the background). */
export function applyTheme(/** @type {string} */ theme) {
  if (theme === "transparent") look.transparent = true;
  else if (SCHEMES.includes(theme)) look.scheme = theme;
  showLook();
}

/**
 * A host's theme, asked by a parameter or a message at any time: "light", "dark" or "auto" (a
 * transparent page stays transparent), "transparent"; anything else, or a page of one look, changes
 * nothing. Returns whether it was taken.
 * @param {unknown} asked
 */
export function setTheme(asked) {
  if (look.fixed || typeof asked !== "string" || !THEMES.includes(asked)) return false;
  applyTheme(asked);
  return true;
}

/** The look now: {scheme, dark, transparent} (a page drawing on a canvas reads its colours from it). */
export const currentLook = () => ({ scheme: look.scheme, ...lookOf(look, prefersDark()) });

let followingReader = false;

/** Follow the reader's preference as it changes, while the scheme is "auto". */
function followReader() {
  if (followingReader || typeof matchMedia !== "function") return;
  followingReader = true;
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
    if (look.scheme === "auto") showLook();
  });
}

/** The page's height, said to an embedding parent: the page's name once it says it, the last height said. */
const heights = { page: "", last: -1 };

function postHeight(force = false) {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (height === heights.last && !force) return;
  heights.last = height;
  try {
    window.parent.postMessage({ source: "mahjong", type: "height", detail: { page: heights.page, height } }, "*");
  } catch {
    // a parent that cannot receive is no reason to stop
  }
}

function embedHeights(name) {
  if (window.parent === window || heights.page) return;
  heights.page = name;
  postHeight();
  if (typeof ResizeObserver !== "undefined") new ResizeObserver(() => postHeight()).observe(document.documentElement);
  window.addEventListener("message", (event) => {
    const data = event.data;
    if (event.source !== window.parent || !data || typeof data !== "object") return;
    if (data.target === "mahjong" && data.method === "height") postHeight(true);
  });
}

let themePage = "";

/** A parent's theme messages, taken at any time and answered with the look now (to the parent alone). */
function hostThemes(name) {
  if (window.parent === window || themePage) return;
  themePage = name;
  window.addEventListener("message", (event) => {
    const data = event.data;
    if (event.source !== window.parent || !data || typeof data !== "object" || data.target !== "mahjong" || data.method !== "theme") return;
    const taken = setTheme(data.args);
    const { scheme, dark, transparent } = currentLook();
    try {
      window.parent.postMessage({ source: "mahjong", type: "theme",
        detail: { page: themePage, taken, scheme, dark, transparent } }, event.origin && event.origin !== "null" ? event.origin : "*");
    } catch {
      // a parent that cannot receive is no reason to stop
    }
  });
}

/**
 * @typedef {{name: string, params: URLSearchParams, lang: string, badLang: string | null,
 *   theme: string, storage: Storage | null, embedded: boolean}} Page
 */

/**
 * Set the page up (see the top of this file). `theme` fixes the page's look ("dark": the game and
 * the replay viewer, whose table is felt); `defaultTheme` is the look when no `theme` is asked
 * for (tiles.html: "transparent", in the reader's scheme until told one), else the reader's
 * preference decides; `embed`: post the height to a parent frame.
 * @param {string} name
 * @param {{theme?: string, defaultTheme?: string, embed?: boolean, params?: URLSearchParams}} [how]
 * @returns {Page}
 */
export function openPage(name, how = {}) {
  const params = how.params ?? pageParams();
  const { lang, badLang } = chooseLang(params);
  look.fixed = false;
  look.transparent = how.defaultTheme === "transparent";
  look.scheme = SCHEMES.includes(how.defaultTheme ?? "") ? /** @type {string} */ (how.defaultTheme) : "auto";
  if (how.theme) applyTheme(how.theme);
  else setTheme(params.get("theme") ?? "");
  look.fixed = !!how.theme;
  showLook();
  followReader();
  const { dark, transparent } = lookOf(look, prefersDark());
  const theme = transparent ? "transparent" : dark ? "dark" : "light";
  const follow = (/** @type {string} */ l) => {
    document.documentElement.lang = l;
    setTileScript(scriptOf(l));
    document.documentElement.dataset.tileScript = scriptOf(l); // what the faces are drawn in, said on the page
    // the loading card's heading (the game's and the replay's), written "麻将 Mahjong" before a language is known
    const card = document.querySelector("#boot h1");
    if (card) card.textContent = t("game.title");
  };
  onLangChange(follow);
  setLang(lang);
  follow(getLang());
  keepLinkParams();
  if (how.embed) embedHeights(name);
  hostThemes(name);
  return { name, params, lang: getLang(), badLang, theme, storage: probeStorage(), embedded: window.parent !== window };
}

/** The `lang` and `theme` a page writing its own hash keeps in it: those its link gave in the
 * hash (readable ones), the language the reader picked on the page since over the link's. */
const linkKeeps = new URLSearchParams();

function keepLinkParams() {
  const inHash = pageParams(new URL(location.hash || "#", "https://page.invalid/"));
  const lang = matchLang(inHash.get("lang") ?? "");
  if (lang) linkKeeps.set("lang", lang);
  const theme = inHash.get("theme") ?? "";
  if (THEMES.includes(theme)) linkKeeps.set("theme", theme);
  onLangChange((l) => linkKeeps.set("lang", l)); // (the page's language menu, after opening)
}

/** What a page writing its own hash appends to it ("lang=zh-Hant&theme=dark"): see linkKeeps. */
export const linkParams = () => new URLSearchParams(linkKeeps);

/** The game's page in `lang` (the language read here, not the browser's): the way back to the game
 * from the rules, the lessons and the replay viewer. */
export const gameLink = (lang = getLang()) => `./index.html?${new URLSearchParams({ lang })}`;

/** Post the height now (a page whose content changed in a way no resize shows). */
export function heightChanged() {
  if (heights.page) postHeight();
}

export { LANGS, probeStorage };
