// <mj-hand>: a hand diagram for any page that includes this script (README, "Hand diagrams").
//   <script type="module" src=".../mj-hand.js"></script>
//   <mj-hand tiles="123m456p789s11z|pong 7z" gold="5m" size="40" theme="light" lang="en" download></mj-hand>
// tiles: the notation of notation.js; gold: the gold (also "|gold 5m" in tiles); size: a tile's
// width in css px (default 36); theme: transparent | light | dark; lang: zh-Hans | zh-Hant | en
// (default: the nearest lang attribute); download: show "Download SVG / PNG" buttons.
// Never loads the engine: the drawing is the page's own tile art, painted at once.
import { parseHand } from "./notation.js";
import { THEMES, altText, handCanvas, handPNG, handSVG } from "./handdraw.js";
import { matchLang, tIn } from "../i18n/i18n.js";
import { scriptOf } from "./tiles.js";

const STYLE = `
:host { display: inline-block; vertical-align: middle; max-width: 100%; }
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

/** Size attribute -> a tile width in css px, within reason. */
export function tileWidth(value, fallback = 36) {
  const n = Number(value);
  return Number.isFinite(n) && n >= 12 && n <= 160 ? n : fallback;
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

class MjHand extends HTMLElement {
  static get observedAttributes() {
    return ["tiles", "gold", "size", "theme", "lang", "download"];
  }

  connectedCallback() {
    if (!this.shadowRoot) {
      this.attachShadow({ mode: "open" }).adoptedStyleSheets = [sheet()];
    }
    this.render();
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
    const w = tileWidth(this.getAttribute("size"));
    const theme = THEMES[this.getAttribute("theme")] ? this.getAttribute("theme") : "transparent";
    let parsed;
    try {
      parsed = specOf(this.getAttribute("tiles"), this.getAttribute("gold"));
    } catch (error) {
      if (!error.key) throw error;
      const text = textOf(this.getAttribute("tiles"), this.getAttribute("gold"));
      const p = document.createElement("p");
      p.className = "error";
      p.setAttribute("role", "alert");
      p.append(tIn(lang, "notation.error", { what: tIn(lang, error.key, error.vars) }), " ", markedText(text, error.at));
      wrap.append(p);
      root.append(wrap);
      this.removeAttribute("aria-label");
      return;
    }
    const alt = altText(parsed.spec, lang);
    const script = scriptOf(lang); // the faces follow the diagram's language: 萬 in zh-Hant
    const canvas = handCanvas(parsed.spec, w, theme, script);
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", alt);
    canvas.title = alt;
    wrap.append(canvas);
    if (this.hasAttribute("download")) {
      const row = document.createElement("div");
      row.className = "dl";
      const svg = document.createElement("button");
      svg.type = "button";
      svg.textContent = tIn(lang, "diagram.downloadSvg");
      svg.addEventListener("click", () => download("hand.svg", new Blob([handSVG(parsed.spec, w, theme, alt, script)], { type: "image/svg+xml" })));
      const png = document.createElement("button");
      png.type = "button";
      png.textContent = tIn(lang, "diagram.downloadPng");
      png.addEventListener("click", async () => download("hand.png", await handPNG(parsed.spec, w, theme, 2, script)));
      row.append(svg, png);
      wrap.append(row);
    }
    root.append(wrap);
  }
}

if (!customElements.get("mj-hand")) customElements.define("mj-hand", MjHand);
