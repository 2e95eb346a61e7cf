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
//   - its theme: `theme` (light, dark, transparent) or the reader's preference, as the `dark`
//     class on <html> and the document's color-scheme, so that a frame on a dark host is not a
//     white box (the game's own pages are always dark: `theme: "dark"`);
//   - whether this browser keeps anything for it (`page.storage`: the Storage, or null when a
//     third-party frame or a privacy setting denies it; storage.js keeping() says what else);
//   - inside a frame, with `embed: true`, its height posted to the parent whenever it changes, and
//     again whenever the parent asks ({target: "mahjong", method: "height"}): a host script that
//     runs late still learns it;
//   - for a page that writes its own hash (the analyzer, the puzzles), the `lang` and `theme` to
//     write into it again (linkParams), so that its address, copied or reloaded, opens as it is.
// Nothing here knows the game.

import { LANGS, matchLang, setLang, getLang, onLangChange, t } from "../i18n/i18n.js";
import { setTileScript, scriptOf } from "../art/tiles.js";
import { storedLang } from "../keep/settings.js";
import { probeStorage } from "./storage.js";

export const THEMES = ["light", "dark", "transparent"];

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

/** The asked theme if it is one, else the page's default, else the reader's preference. */
export function chooseTheme(/** @type {string} */ asked, /** @type {boolean} */ prefersDark, fallback = "") {
  if (THEMES.includes(asked)) return asked;
  if (THEMES.includes(fallback)) return fallback;
  return prefersDark ? "dark" : "light";
}

/** The theme on the document: the `dark` / `transparent` class on <html> and its color-scheme. */
export function applyTheme(/** @type {string} */ theme) {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.classList.toggle("transparent", theme === "transparent");
  // a transparent page takes either scheme, so that it matches its host's and shows through
  // (a frame whose scheme differs from its host's gets an opaque backdrop)
  root.style.colorScheme = theme === "transparent" ? "light dark" : theme;
}

let heightPage = "";
let lastHeight = -1;

function postHeight(force = false) {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  if (height === lastHeight && !force) return;
  lastHeight = height;
  try {
    window.parent.postMessage({ source: "mahjong", type: "height", detail: { page: heightPage, height } }, "*");
  } catch {
    // a parent that cannot receive is no reason to stop
  }
}

function embedHeights(name) {
  if (window.parent === window || heightPage) return;
  heightPage = name;
  postHeight();
  if (typeof ResizeObserver !== "undefined") new ResizeObserver(() => postHeight()).observe(document.documentElement);
  window.addEventListener("message", (event) => {
    const data = event.data;
    if (event.source !== window.parent || !data || typeof data !== "object") return;
    if (data.target === "mahjong" && data.method === "height") postHeight(true);
  });
}

/**
 * @typedef {{name: string, params: URLSearchParams, lang: string, badLang: string | null,
 *   theme: string, storage: Storage | null, embedded: boolean}} Page
 */

/**
 * Set the page up (see the top of this file). `theme` fixes the page's look ("dark": the game and
 * the replay viewer, whose table is felt); `defaultTheme` is the look when no `theme` is asked
 * for (tiles.html: "transparent"), else the reader's preference decides; `embed`: post the height
 * to a parent frame.
 * @param {string} name
 * @param {{theme?: string, defaultTheme?: string, embed?: boolean, params?: URLSearchParams}} [how]
 * @returns {Page}
 */
export function openPage(name, how = {}) {
  const params = how.params ?? pageParams();
  const { lang, badLang } = chooseLang(params);
  const prefersDark = typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches;
  const theme = how.theme ?? chooseTheme(params.get("theme") ?? "", prefersDark, how.defaultTheme);
  applyTheme(theme);
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
  if (heightPage) postHeight();
}

export { LANGS, probeStorage };
