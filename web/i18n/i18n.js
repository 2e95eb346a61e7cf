// Every string the page shows, in 简体中文, 繁體中文 and English: the catalogs en.json, zh-Hans.json and
// zh-Hant.json beside this file (one object per area, e.g. "table", "settle", "hint"; a key's full
// name is "area.key"), the one home of the page's words and of the engine's words for Python users
// (py_engine/words.py reads the same files). t(key, vars) fills {name} placeholders; a key missing
// in a language falls back to English, then to the key itself.
import en from "./en.json" with { type: "json" };
import zhHans from "./zh-Hans.json" with { type: "json" };
import zhHant from "./zh-Hant.json" with { type: "json" };

export const LANGS = ["zh-Hans", "zh-Hant", "en"];
export const LANG_NAMES = { "zh-Hans": "简体中文", "zh-Hant": "繁體中文", en: "English" };

/** A catalog's areas as full keys: {"table": {"label": "…"}} -> {"table.label": "…"}. */
function fullKeys(catalog) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const [area, strings] of Object.entries(catalog)) {
    for (const [key, text] of Object.entries(strings)) out[`${area}.${key}`] = text;
  }
  return out;
}

/** @type {Record<string, Record<string, string>>} */
const STRINGS = { en: fullKeys(en), "zh-Hans": fullKeys(zhHans), "zh-Hant": fullKeys(zhHant) };

let current = "en";
const listeners = new Set();

/** "zh-CN" -> "zh-Hans", "zh-TW" -> "zh-Hant", "en-GB" -> "en"; null if none of ours. */
export function matchLang(tag) {
  if (!tag) return null;
  const t = String(tag).toLowerCase();
  if (t === "zh-hans" || t === "zh-cn" || t === "zh-sg" || t === "zh" || t === "zh-hans-cn") return "zh-Hans";
  if (t.startsWith("zh-hant") || t === "zh-tw" || t === "zh-hk" || t === "zh-mo") return "zh-Hant";
  if (t.startsWith("zh")) return "zh-Hans";
  if (t === "en" || t.startsWith("en-")) return "en";
  return null;
}

export function setLang(lang) {
  if (!STRINGS[lang] || lang === current) return;
  current = lang;
  document.documentElement.lang = lang;
  for (const cb of listeners) cb(lang);
}

export function getLang() {
  return current;
}

export function onLangChange(cb) {
  listeners.add(cb);
}

export function has(key) {
  return key in STRINGS[current] || key in STRINGS.en;
}

export function t(key, vars) {
  let s = STRINGS[current][key] ?? STRINGS.en[key] ?? key;
  if (vars) s = s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
  return s;
}

/**
 * The engine's own detail (English) where it may stand in a sentence: on an English page; on
 * another, null, and the detail goes to the console (`where` names the page) for the author who
 * made the file or link. The replay viewer and the puzzles say their reason in the reader's words.
 * @param {string} message @param {string} where
 */
export function englishDetail(message, where) {
  if (current === "en") return message;
  if (message) console.warn(`${where}: ${message}`);
  return null;
}

/** A label followed by the language's colon ("Category: ", "类别："). */
export const label = (key, vars) => t(key, vars) + t("sep.colon");

/** A string in a given language (the settlement shows zh and en names side by side). */
export function tIn(lang, key, vars) {
  let s = STRINGS[lang]?.[key] ?? STRINGS.en[key] ?? key;
  if (vars) s = s.replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));
  return s;
}

/** A tile's name in the page's language: "3 Dots", "三饼", "East Wind"; null (hidden) -> "a hidden tile". */
export function tileName(code) {
  return tileNameIn(current, code);
}

/** A tile's name in `lang` (a page drawing for another language than its own: handdraw.js). */
export function tileNameIn(lang, code) {
  const say = (key, vars) => tIn(STRINGS[lang] ? lang : current, key, vars);
  if (!code) return say("tile.hidden");
  const suit = code[1];
  if (suit === "m" || suit === "p" || suit === "s") {
    const n = Number(code[0]);
    return say("tile.suited", { n: say("tile.numerals")[n - 1], suit: say(`suit.${suit}`) });
  }
  return say(`tile.${code}`);
}

/** Every key of every language, for the tests: no language may miss a key. */
export function _keys() {
  return Object.fromEntries(Object.entries(STRINGS).map(([lang, table]) => [lang, Object.keys(table)]));
}
