// Pieces the analyzer and the puzzles draw alike: tile rows, action names, the ranked table of
// choices (discards.rank's rows), all from the engine's answers. No rules here.
import { t, tileName } from "../i18n/i18n.js";
import { tileImage } from "../art/tiles.js";
import { el } from "../shell/dom.js";
import { reasonWords } from "../i18n/hint-words.js";

/** Each painted tile (tiles.js's cached canvas) as a data: URL, made once. */
const urls = new WeakMap();

/** The height a tile image is drawn at `size` wide. */
const drawnHeight = (image, size) => Math.round((size * image.height) / image.width);

function dataUrl(image) {
  let url = urls.get(image);
  if (!url) {
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d")).drawImage(image, 0, 0);
    url = canvas.toDataURL();
    urls.set(image, url);
  }
  return url;
}

/** A tile as an <img> of the game's tile art. As <img>s sharing one URL per tile a row builds and
 * paints in a few ms, where as many canvases took hundreds (bench/analyzer.py). */
export function tileImg(code, size, look = "", name = "") {
  const image = tileImage(code, size, window.devicePixelRatio || 1, look);
  const img = document.createElement("img");
  img.className = "tile";
  img.src = dataUrl(image);
  img.width = size;
  img.height = drawnHeight(image, size);
  img.alt = name;
  return img;
}

// The small tiles of a discard table (a few hundred of them) as spans whose class paints the tile:
// one rule per tile in a constructed style sheet (CSP's style-src does not cover it; its data: URL
// is an image, allowed). A span with a class is built and laid out in a tenth of an <img>'s time,
// which parses its src each time (bench/analyzer.py).
let marks = null;
const markClass = new WeakMap();

function markSheet() {
  if (!marks) {
    marks = new CSSStyleSheet();
    marks.insertRule(".tile-mark { display: inline-block; vertical-align: middle; background-size: 100% 100%; print-color-adjust: exact; }");
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, marks];
  }
  return marks;
}

/** A tile painted by a class (see above), named for readers as an image when `name` is given. */
export function tileMark(code, size, look = "", name = "") {
  const image = tileImage(code, size, window.devicePixelRatio || 1, look);
  let cls = markClass.get(image);
  if (!cls) {
    const sheet = markSheet();
    cls = `tm${sheet.cssRules.length}`;
    const height = drawnHeight(image, size);
    sheet.insertRule(`.${cls} { background-image: url("${dataUrl(image)}"); width: ${size}px; height: ${height}px; }`, sheet.cssRules.length);
    markClass.set(image, cls);
  }
  const span = document.createElement("span");
  span.className = `tile-mark ${cls}`;
  if (name) {
    span.setAttribute("role", "img");
    span.setAttribute("aria-label", name);
  }
  return span;
}

/** A row of tile images (each named for readers unless `label` is false), `gold` marked. */
export function tileRow(codes, { size = 26, gold = null, label = true } = {}) {
  const row = el("span", { class: "tiles" });
  for (const code of codes) {
    if (code === "|") {
      row.append(el("span", { class: "gap" }));
      continue;
    }
    row.append(tileImg(code, size, gold && code === gold ? "gold" : "", label ? tileName(code) : ""));
  }
  return row;
}

/** "discard 3p" -> "Discard 3 Dots"; "swim 7z", "kong 1m", "win". */
export function actionName(action) {
  const [verb, tile] = String(action).split(" ");
  if (verb === "win") return t("puzzle.action.win");
  return t(`puzzle.action.${verb}`, { tile: tile ? tileName(tile) : "" });
}

/** A shanten in words: -1 complete, 0 ready, n away. */
export function shantenText(n) {
  if (n === null || n === undefined) return "";
  if (n < 0) return t("analyzer.shanten.-1");
  if (n === 0) return t("analyzer.shanten.0");
  return t("analyzer.shanten.n", { n });
}

const PER_LINE = 9; // improving tiles to a line of improvingCanvas
const MAX_SPARE = 96;

/** Every canvas improvingCanvas handed out; those no longer in the document are drawn again.
 * A new canvas's context and backing store cost more than its drawing (bench/analyzer.py). */
const handedOut = [];
/** Those handed out for the table being built (not in the document yet either). */
let building = new WeakSet();

function canvasSized(width, height) {
  let canvas = handedOut.find((c) => !c.isConnected && !building.has(c) && c.width === width && c.height === height);
  if (!canvas) {
    canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    handedOut.push(canvas);
    if (handedOut.length > MAX_SPARE) {
      const gone = handedOut.findIndex((c) => !c.isConnected && c !== canvas);
      if (gone >= 0) handedOut.splice(gone, 1);
    }
  }
  building.add(canvas);
  return canvas;
}

/** The copies' font and colour, from the page's theme (read once a table, not once a row). */
function canvasInk() {
  const root = getComputedStyle(document.documentElement);
  return { font: `12px ${root.getPropertyValue("--font") || "sans-serif"}`, color: root.getPropertyValue("--muted") || "#5d6477" };
}

/** A row's improving tiles ([code, copies left] pairs) drawn on one canvas, PER_LINE to a line,
 * each with its copies; named for readers as one image ("1 Dots ×3, 4 Dots ×2"). A discard table
 * holds a few hundred of them: as elements they took most of an edit's time to lay out and paint
 * (bench/analyzer.py), as one canvas a row they are a bitmap each. Every canvas is PER_LINE tiles
 * wide, so that one a table no longer shows is drawn again for the next. */
export function improvingCanvas(pairs, { size = 16, gold = null, ink = canvasInk() } = {}) {
  const dpr = window.devicePixelRatio || 1;
  const tileH = drawnHeight(tileImage(pairs[0][0], size, dpr, ""), size);
  const lineH = Math.max(tileH, 12) + 3;
  const cell = size + 22; // the tile, "×4" in 12 px and a gap
  const lines = Math.ceil(pairs.length / PER_LINE);
  const canvas = canvasSized(Math.ceil(PER_LINE * cell * dpr), Math.ceil(lines * lineH * dpr));
  canvas.style.width = `${PER_LINE * cell}px`;
  canvas.style.height = `${lines * lineH}px`;
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.scale(dpr, dpr);
  ctx.font = ink.font;
  ctx.textBaseline = "middle";
  ctx.fillStyle = ink.color;
  pairs.forEach(([code, n], i) => {
    const x = (i % PER_LINE) * cell;
    const y = Math.floor(i / PER_LINE) * lineH;
    ctx.drawImage(tileImage(code, size, dpr, gold && code === gold ? "gold" : ""), x, y + lineH - 1 - tileH, size, tileH);
    ctx.fillText(`×${n}`, x + size + 2, y + lineH / 2 + 1);
  });
  canvas.className = "improving";
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", pairs.map(([code, n]) => `${tileName(code)} ×${n}`).join(t("alt.sep")));
  return canvas;
}

/** The table of every choice: tile, shanten, improving tiles (with copies), the reason (its words
 * from the engine's reason_code, in `lang`); `mark` names the row to mark as the reader's (puzzles). */
export function choicesTable(rows, { lang = "en", gold = null, mark = null, answer = null } = {}) {
  building = new WeakSet(); // a new table: the canvases of tables gone may be drawn again
  const ink = canvasInk();
  const body = rows.map((r) => {
    const name = actionName(r.action);
    // the tile's name is the text beside it: the drawing is not read out again
    const first = el("td", {}, r.tile ? tileMark(r.tile, 24, gold && r.tile === gold ? "gold" : "") : null, " ", el("span", { text: name }));
    if (r.chosen) first.append(" ", el("strong", { text: "★", title: t("analyzer.hardChoice"), "aria-label": t("analyzer.hardChoice") }));
    const improving = el("td", { class: "wide" });
    if (r.shanten !== null && r.improving && r.improving.length && r.improving.length < 34) {
      improving.append(improvingCanvas(r.improving, { gold, ink }));
    }
    const tr = el("tr", { class: [r.chosen || r.action === answer ? "chosen" : "", r.action === mark ? "mine" : ""].join(" ").trim() },
      el("td", { class: "num", text: String(r.rank ?? "") }), first,
      el("td", { class: "num", text: r.shanten === null || r.shanten === undefined ? "" : String(r.shanten) }),
      el("td", { class: "num", text: r.shanten === null ? "" : String(r.improving_count) }),
      improving,
      el("td", { text: reasonWords(r.reason_code, lang) }));
    tr.dataset.action = r.action;
    return tr;
  });
  return el("table", { class: "choices-table" },
    el("thead", {}, el("tr", {}, el("th", { class: "num", text: "#" }), el("th", { text: t("analyzer.col.tile") }),
      el("th", { class: "num", text: t("analyzer.col.shanten") }), el("th", { class: "num", text: t("analyzer.col.improving") }),
      el("th", { class: "wide", text: "" }), el("th", { text: t("analyzer.col.reason") }))),
    el("tbody", {}, body));
}
