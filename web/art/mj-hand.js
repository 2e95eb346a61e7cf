// <mj-hand>: a hand diagram for any page that includes this script (docs/embedding.md, "The mj-hand element").
//   <script type="module" src=".../mj-hand.js"></script>
//   <mj-hand tiles="123m456p789s11z|pong 7z" gold="5m" size="40" theme="light" lang="en" download></mj-hand>
// tiles: the notation of notation.js; gold: the gold (also "|gold 5m" in tiles); size: a tile's
// width in css px (12-160, default 36); theme: transparent | light | dark; lang: zh-Hans | zh-Hant
// | en (default: the nearest lang attribute); rows: the lines the diagram takes (1-20; default: it
// wraps to its container's width); download: show "Download SVG / PNG" buttons. An
// attribute out of its range is drawn at the nearest good value and named in a console warning;
// a hand that cannot be read, or none, is said in the diagram's place.
// Never loads the engine: the drawing is the page's own tile art, painted at once.
import { parseHand } from "./notation.js";
import { THEMES, altText, canvasFit, handCanvas, handPNG, handSVG, isEmptyHand, layoutHand, rowsOf } from "./handdraw.js";
import { LANGS, matchLang, tIn } from "../i18n/i18n.js";
import { scriptOf } from "./tiles.js";

const STYLE = `
:host { display: inline-block; vertical-align: middle; max-width: 100%; }
:host([hidden]) { display: none; }
.wrap { display: inline-flex; flex-direction: column; gap: 4px; max-width: 100%; }
canvas { display: block; max-width: 100%; height: auto !important; }
.error { font: 14px/1.4 system-ui, sans-serif; color: #b3261e; }
.error code { font-family: ui-monospace, monospace; white-space: pre-wrap; }
.error mark { background: #f9d6d2; color: inherit; outline: 1px solid #b3261e; }
.dl { display: flex; gap: 6px; }
button { font: 12px system-ui, sans-serif; padding: 2px 8px; border-radius: 4px; border: 1px solid #8a8170;
  background: #fffdf6; color: #1b2a4a; cursor: pointer; }
`;

/** @type {CSSStyleSheet | null} */
let shared = null;

/**
 * The element's stylesheet, built once from this file and adopted by every shadow root: a
 * constructed sheet, not a <style> element, which a Content-Security-Policy without
 * style-src 'unsafe-inline' (ours, and a careful host's) would block.
 */
function sheet() {
  if (!shared) {
    shared = new CSSStyleSheet();
    shared.replaceSync(STYLE);
  }
  return shared;
}

/** A tile's width in css px: the `size` attribute's range and what no size means. */
export const SIZE = { min: 12, max: 160, none: 36 };

/**
 * The `size` attribute -> {width, problem}: out of range, the nearest end of it (a size="8" drawn
 * at 36 looked like a size the author had asked for); not a number, 36. `problem` says so, for
 * the author's console (null when the size is good or not given).
 * @param {string | null} value
 */
export function tileWidth(value) {
  if (value === null || value.trim() === "") return { width: SIZE.none, problem: null };
  const n = Number(value);
  const range = `a tile's width in px from ${SIZE.min} to ${SIZE.max}`;
  if (!Number.isFinite(n)) return { width: SIZE.none, problem: `size is ${range}; drawn at ${SIZE.none}` };
  const width = Math.min(SIZE.max, Math.max(SIZE.min, n));
  return { width, problem: width === n ? null : `size is ${range}; drawn at ${width}` };
}

/**
 * Tell the author, once per element and attribute value, in the console (where an author looks
 * when a diagram is not what was written): `<mj-hand size="8">: size is … ; drawn at 12`.
 * @param {HTMLElement & {warned?: Set<string>}} el @param {string} name @param {string} problem
 */
function warn(el, name, problem) {
  const said = `${name}=${el.getAttribute(name)}`;
  el.warned ??= new Set();
  if (el.warned.has(said)) return;
  el.warned.add(said);
  console.warn(`<mj-hand ${name}="${el.getAttribute(name) ?? ""}">: ${problem}`, el);
}

/** The hand a tiles / gold attribute pair names (gold given apart overrides none in the text). */
export function specOf(tiles, gold) {
  const text = textOf(tiles, gold);
  return { text, spec: parseHand(text) };
}


function textOf(tiles, gold) {
  return gold && !/\|\s*gold\b/.test(tiles || "") ? `${tiles || ""}|gold ${gold}` : tiles || "";
}

/** The text with the part an error means marked, as DOM nodes (never HTML from the text). */
export function markedText(text, at) {
  const code = document.createElement("code");
  const [a, b] = at;
  code.append(text.slice(0, a));
  const mark = document.createElement("mark");
  mark.textContent = text.slice(a, Math.max(b, a + 1)) || " ";
  code.append(mark, text.slice(Math.max(b, a + 1)));
  return code;
}

export function download(name, blob) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function langOf(el) {
  const tag = el.getAttribute("lang") || el.closest("[lang]")?.getAttribute("lang") || navigator.language;
  return matchLang(tag) || "en";
}

export { rowsOf }; // (the `rows` attribute's reading: handdraw.js, shared with tools/render_hand.mjs)

/** The width the element's container gives its content, in css px (Infinity while it has none). @param {HTMLElement} el */
function roomOf(el) {
  const parent = el.parentElement;
  if (!parent) return Infinity;
  const style = getComputedStyle(parent);
  const room = parent.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return room > 0 ? room : Infinity;
}

class MjHand extends HTMLElement {
  static get observedAttributes() {
    return ["tiles", "gold", "size", "theme", "lang", "download", "rows", "hidden"];
  }

  connectedCallback() {
    if (!this.shadowRoot) {
      this.attachShadow({ mode: "open" }).adoptedStyleSheets = [sheet()];
    }
    // wrapped to the width the container gives: drawn again when that width changes
    this.room = roomOf(this);
    if (typeof ResizeObserver !== "undefined" && this.parentElement) {
      this.watch = new ResizeObserver(() => {
        const room = roomOf(this);
        if (Math.abs(room - this.room) < 1 || (room === Infinity && this.room === Infinity)) return;
        this.room = room;
        if (!rowsOf(this.getAttribute("rows")).rows) this.render();
      });
      this.watch.observe(this.parentElement);
    }
    this.render();
  }

  disconnectedCallback() {
    this.watch?.disconnect();
    this.watch = null;
  }

  attributeChangedCallback() {
    if (this.shadowRoot) this.render();
  }

  render() {
    const root = this.shadowRoot;
    root.querySelector(".wrap")?.remove();
    const wrap = document.createElement("div");
    wrap.className = "wrap";
    const lang = langOf(this);
    const own = this.getAttribute("lang");
    if (own !== null && !matchLang(own)) warn(this, "lang", `lang is one of ${LANGS.join(", ")}; drawn in ${lang}`);
    const { width: w, problem } = tileWidth(this.getAttribute("size"));
    if (problem) warn(this, "size", problem);
    const asked = this.getAttribute("theme");
    const theme = asked !== null && Object.hasOwn(THEMES, asked) ? asked : "transparent";
    if (asked !== null && theme !== asked) warn(this, "theme", `theme is one of ${Object.keys(THEMES).join(", ")}; drawn ${theme}`);
    if (this.hidden) {
      // hidden (a page's diagram waiting for its hand): nothing drawn and nothing said until shown
      root.append(wrap);
      return;
    }
    const text = textOf(this.getAttribute("tiles"), this.getAttribute("gold"));
    /** @param {string} what @param {[number, number] | null} at */
    const fail = (what, at) => {
      const p = document.createElement("p");
      p.className = "error";
      p.setAttribute("role", "alert");
      p.append(tIn(lang, "notation.error", { what }));
      if (at) p.append(" ", markedText(text, at));
      wrap.append(p);
      root.append(wrap);
      this.removeAttribute("aria-label");
    };
    let parsed;
    try {
      parsed = specOf(this.getAttribute("tiles"), this.getAttribute("gold"));
    } catch (error) {
      if (!error.key) throw error;
      warn(this, "tiles", `${tIn("en", error.key, error.vars)} (at ${error.at[0]}-${error.at[1]} of "${text}")`);
      fail(tIn(lang, error.key, error.vars), error.at);
      return;
    }
    if (isEmptyHand(parsed.spec)) {
      // nothing to draw: said on the page and to the author, not an empty box
      warn(this, "tiles", 'tiles is empty: give a hand in the notation, e.g. tiles="123m456p789s11z"');
      fail(tIn(lang, "notation.empty"), null);
      return;
    }
    const alt = altText(parsed.spec, lang);
    const script = scriptOf(lang); // the faces follow the diagram's language: 萬 in zh-Hant
    const { rows, problem: rowsProblem } = rowsOf(this.getAttribute("rows"));
    if (rowsProblem) warn(this, "rows", rowsProblem);
    const dpr = window.devicePixelRatio || 1;
    const fits = canvasFit(parsed.spec, w, rows ? { rows } : { maxWidth: this.room ?? roomOf(this) }, dpr);
    if (!fits) {
      // more tiles than any canvas can hold: said, not a blank box
      const n = layoutHand(parsed.spec, w).tiles.length;
      warn(this, "tiles", `${n} tiles are more than one canvas can draw at size ${w}: split the diagram`);
      fail(tIn(lang, "diagram.tooBig", { n }), null);
      return;
    }
    if (fits.wrapped) warn(this, rows ? "rows" : "tiles", "the diagram is wider than a canvas can be: drawn in rows");
    const { fit } = fits;
    const canvas = handCanvas(parsed.spec, w, theme, script, fit);
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", alt);
    canvas.title = alt;
    wrap.append(canvas);
    if (this.hasAttribute("download")) wrap.append(downloadRow(parsed.spec, { w, theme, alt, script, fit, lang }));
    root.append(wrap);
  }
}

/** The diagram's download buttons: SVG, and PNG where a canvas twice the size holds it on its rows. */
function downloadRow(spec, { w, theme, alt, script, fit, lang }) {
  const row = document.createElement("div");
  row.className = "dl";
  const svg = document.createElement("button");
  svg.type = "button";
  svg.textContent = tIn(lang, "diagram.downloadSvg");
  svg.addEventListener("click", () => download("hand.svg", new Blob([handSVG(spec, w, theme, alt, script, fit)], { type: "image/svg+xml" })));
  const png = document.createElement("button");
  png.type = "button";
  png.textContent = tIn(lang, "diagram.downloadPng");
  png.addEventListener("click", async () => download("hand.png", await handPNG(spec, w, theme, 2, script, fit)));
  row.append(svg);
  if (canvasFit(spec, w, fit, 2)?.wrapped === false) row.append(png); // (a PNG is drawn at twice the size)
  return row;
}

if (!customElements.get("mj-hand")) customElements.define("mj-hand", MjHand);
