// Writes py_engine/draw/faces.json: every tile face as SVG primitives (paths with their transform,
// fill or stroke, a gradient, a clip) in the faces' 60 × 60·TILE_H design space, the one source of
// the tile art that the page (web/art/tiles.js paints them on a canvas, svgctx.js into an SVG) and
// Python (py_engine/draw: hands as SVG for Markdown sites and notebooks) both read.
//
//   node tools/tile_faces.mjs            # after changing a painter below or tools/glyphs.js
//
// The painters are the canvas 2D code the faces were first drawn with; they run once, here, into a
// recorder (an SvgContext keeping primitives instead of text). Characters are outlines
// (tools/glyphs.js), so no font is needed anywhere. Layers, painted in this order:
//   body            the tile's side and face (every face but the back)
//   back            a face-down tile, whole
//   faces.hans[c]   the face's picture, 简体 characters (万 东 发 兰); faces.hant[c] only where 繁體 differs
//   index[c]        the small corner index (suited tiles, winds): drawn when the tile is 22 px or wider
//   looks.gold|hi|dim   a gold's ring and 金 badge, a highlight ring, a dimming veil
// and, for a hand diagram, `themes` (the panel of each) and the turned gold's `plate`.
// Each primitive: {p: index in `paths`, m: [a b c d e f], fill | stroke (+ width, cap, join) | clip
// (+ items)}; a colour is a string, a gradient {linear: [x0 y0 x1 y1], stops: [[offset, colour]]};
// `char` names the character an outline draws.
import { writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { GLYPHS as OUTLINES } from "./glyphs.js";
import { SvgContext } from "../web/art/svgctx.js";
import { FACE_H, DEPTH, roundRect } from "../web/art/tiles.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const OUT = join(ROOT, "py_engine", "draw", "faces.json");

const NUMERALS = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
const GLYPHS = {
  hans: { wan: "万", honors: ["", "东", "南", "西", "北", "", "发", "中"], flowers: ["", "春", "夏", "秋", "冬", "梅", "兰", "竹", "菊"] },
  hant: { wan: "萬", honors: ["", "東", "南", "西", "北", "", "發", "中"], flowers: ["", "春", "夏", "秋", "冬", "梅", "蘭", "竹", "菊"] },
};
const HONOR_INDEX = { 1: "E", 2: "S", 3: "W", 4: "N" };

const INK = "#1b2a4a";
const RED = "#b3261e";
const GREEN = "#1f7a3a";
const BLUE = "#1d4f91";

const FW = 60;
const FH = 60 * FACE_H; // 80
const SIDE = 60 * DEPTH; // 8.4

/** Every tile code there is: the suits 1-9, the honors 1-7, the flowers 1-8. */
export const CODES = [..."mps"].flatMap((s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n}${s}`))
  .concat([1, 2, 3, 4, 5, 6, 7].map((n) => `${n}z`), [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `${n}f`));

// --- the recorder ---------------------------------------------------------------------------

const fine = (/** @type {number} */ n) => (Math.abs(n) < 1e-12 ? 0 : Number(n.toPrecision(6)));

/** An SvgContext that keeps primitives (into `paths` shared by the whole file) instead of SVG text. */
class Recorder extends SvgContext {
  /** @param {string[]} paths @param {Map<string, number>} index */
  constructor(paths, index) {
    super();
    this.paths = paths;
    this.index = index;
    /** @type {any[]} */
    this.items = [];
    this.groups = [this.items];
    this.depths = [];
  }
  pathId(d) {
    if (!this.index.has(d)) {
      this.index.set(d, this.paths.length);
      this.paths.push(d);
    }
    return this.index.get(d);
  }
  style(s) {
    if (typeof s === "string") return s;
    return { linear: s.coords.map(fine), stops: s.stops.map(([o, c]) => [fine(o), c]) };
  }
  push(item) {
    this.groups[this.groups.length - 1].push(item);
  }
  save() {
    super.save();
    this.depths.push(this.groups.length);
  }
  restore() {
    super.restore();
    const depth = this.depths.pop();
    if (depth !== undefined) this.groups.length = depth;
  }
  fill(path = undefined) {
    const d = path?.svg ?? this.d.join("");
    if (!d) return;
    const item = { p: this.pathId(d), m: this.m.map(fine), fill: this.style(this.fillStyle) };
    if (path?.char) item.char = path.char;
    this.push(item);
  }
  stroke() {
    if (!this.d.length) return;
    this.push({ p: this.pathId(this.d.join("")), m: this.m.map(fine), stroke: this.style(this.strokeStyle),
      width: fine(this.lineWidth), cap: this.lineCap, join: this.lineJoin });
  }
  clip() {
    const group = { p: this.pathId(this.d.join("")), m: this.m.map(fine), clip: [] };
    this.push(group);
    this.groups.push(group.clip);
  }
  fillRect(x, y, w, h) {
    this.beginPath();
    this.moveTo(x, y);
    this.lineTo(x + w, y);
    this.lineTo(x + w, y + h);
    this.lineTo(x, y + h);
    this.closePath();
    this.fill();
  }
}

/** The primitives `paint(ctx)` draws. */
function record(paths, index, paint) {
  const ctx = new Recorder(paths, index);
  paint(ctx);
  return ctx.items;
}

// --- the painters, in the 60 × 60·TILE_H design space ------------------------------------

function paintBody(ctx) {
  // side (thickness) first, then the face over it
  roundRect(ctx, 0.5, 3, FW - 1, FH + SIDE - 3.5, 7);
  ctx.fillStyle = "#c9b98f";
  ctx.fill();
  roundRect(ctx, 0.5, SIDE * 0.55, FW - 1, FH + SIDE * 0.45 - 0.5, 7);
  ctx.fillStyle = "#e0d3ad";
  ctx.fill();
  roundRect(ctx, 0.5, 0.5, FW - 1, FH - 0.5, 7);
  const face = ctx.createLinearGradient(0, 0, 0, FH);
  face.addColorStop(0, "#fffdf6");
  face.addColorStop(1, "#f1ead6");
  ctx.fillStyle = face;
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = "rgba(60,45,20,0.45)";
  ctx.stroke();
}

function paintBack(ctx) {
  roundRect(ctx, 0.5, 3, FW - 1, FH + SIDE - 3.5, 7);
  ctx.fillStyle = "#0f4c3a";
  ctx.fill();
  roundRect(ctx, 0.5, SIDE * 0.55, FW - 1, FH + SIDE * 0.45 - 0.5, 7);
  ctx.fillStyle = "#1b6b52";
  ctx.fill();
  roundRect(ctx, 0.5, 0.5, FW - 1, FH - 0.5, 7);
  const g = ctx.createLinearGradient(0, 0, FW, FH);
  g.addColorStop(0, "#2e9a74");
  g.addColorStop(1, "#1f7a5a");
  ctx.fillStyle = g;
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = "rgba(0,0,0,0.35)";
  ctx.stroke();
  roundRect(ctx, 7, 7, FW - 14, FH - 14, 5);
  ctx.strokeStyle = "rgba(255,255,255,0.28)";
  ctx.lineWidth = 2;
  ctx.stroke();
  // a small lattice so a back reads as a back even in greyscale
  ctx.strokeStyle = "rgba(255,255,255,0.16)";
  ctx.lineWidth = 1.5;
  ctx.save();
  roundRect(ctx, 9, 9, FW - 18, FH - 18, 4);
  ctx.clip();
  for (let i = -FH; i < FW + FH; i += 9) {
    ctx.beginPath();
    ctx.moveTo(i, 0);
    ctx.lineTo(i + FH, FH);
    ctx.moveTo(i, FH);
    ctx.lineTo(i + FH, 0);
    ctx.stroke();
  }
  ctx.restore();
}

function paintFace(ctx, code, glyphs) {
  const suit = code[1];
  const n = Number(code[0]);
  if (suit === "m") paintCharacters(ctx, n, glyphs);
  else if (suit === "p" || suit === "s") {
    // shrunk a little toward the bottom right, so the corner index never covers a dot or a stick
    ctx.save();
    ctx.translate(31.5, 44);
    ctx.scale(0.84, 0.84);
    ctx.translate(-30, -40);
    if (suit === "p") paintDots(ctx, n);
    else paintBamboo(ctx, n);
    ctx.restore();
  } else if (suit === "z") paintHonor(ctx, n, glyphs);
  else if (suit === "f") paintFlower(ctx, n, glyphs);
}

function paintIndex(ctx, code) {
  const suit = code[1];
  const n = Number(code[0]);
  if ("mps".includes(suit)) cornerIndex(ctx, String(n), suit === "m" ? INK : "#555");
  if (suit === "z" && HONOR_INDEX[n]) cornerIndex(ctx, HONOR_INDEX[n], "#555");
}

function paintGold(ctx) {
  roundRect(ctx, 1.8, 1.8, FW - 3.6, FH - 3.6, 6);
  ctx.lineWidth = 3.6;
  ctx.strokeStyle = "#d4a017";
  ctx.stroke();
  // a 金 badge: golds are marked by a glyph, not only by colour
  ctx.beginPath();
  ctx.arc(FW - 11, 11, 9.5, 0, Math.PI * 2);
  ctx.fillStyle = "#d4a017";
  ctx.fill();
  ctx.strokeStyle = "#7a5a00";
  ctx.lineWidth = 1.2;
  ctx.stroke();
  glyph(ctx, "金", FW - 11, 11.5, 13, "#3b2a00");
}

function paintHighlight(ctx) {
  roundRect(ctx, 1.5, 1.5, FW - 3, FH - 3, 6);
  ctx.lineWidth = 3;
  ctx.strokeStyle = "#e76f51";
  ctx.stroke();
}

function paintDim(ctx) {
  roundRect(ctx, 0.5, 0.5, FW - 1, FH + SIDE - 1, 7);
  ctx.fillStyle = "rgba(40,40,40,0.38)";
  ctx.fill();
}

/** The whole file: {size, paths, body, back, faces: {hans, hant}, index, looks}. */
export function faces() {
  /** @type {string[]} */
  const paths = [];
  const index = new Map();
  const rec = (paint) => record(paths, index, paint);
  const out = { size: { width: FW, face: FH, side: SIDE, index_from: 22 }, paths, body: rec(paintBody), back: rec(paintBack),
    faces: { hans: {}, hant: {} }, index: {}, looks: {} };
  for (const code of CODES) {
    const hans = rec((ctx) => paintFace(ctx, code, GLYPHS.hans));
    const hant = rec((ctx) => paintFace(ctx, code, GLYPHS.hant));
    out.faces.hans[code] = hans;
    if (JSON.stringify(hant) !== JSON.stringify(hans)) out.faces.hant[code] = hant;
    const corner = rec((ctx) => paintIndex(ctx, code));
    if (corner.length) out.index[code] = corner;
  }
  out.looks = { gold: rec(paintGold), hi: rec(paintHighlight), dim: rec(paintDim) };
  // what a hand diagram lays under its tiles (web/art/handdraw.js, py_engine/draw/svg.py): the
  // panel of each theme, and the plate under the turned gold (it is no tile of the hand)
  out.themes = { transparent: { panel: null, ink: INK }, light: { panel: "#f6f1e4", ink: INK }, dark: { panel: "#17241d", ink: "#f3efe2" } };
  out.plate = { fill: "rgba(212, 160, 23, 0.22)", stroke: "rgba(160, 118, 10, 0.8)" };
  return out;
}

// The faces' characters are outlines (glyphs.js), not text: a face is the same on every device and
// in every file (an SVG, a PNG) whatever fonts the reader has; as the canvas would place text of that
// size (textAlign center or left, textBaseline middle or top).

/** A glyph's outline as the recorder fills it: its SVG path data, and which character it draws. */
const outline = (/** @type {string} */ d, /** @type {string} */ char) => ({ svg: d, char });

/**
 * Fill `text` in the outlines of `font` (OUTLINES.serif or .sans) at `size` px, anchored at (x, y)
 * as the canvas's textAlign (`center`, else left) and textBaseline (`middle`, else top) would.
 */
function outlineText(ctx, font, text, x, y, size, color, align, baseline) {
  const k = size / 1000;
  const chars = [...text].filter((c) => font.glyphs[c]).map((c) => [...font.glyphs[c], c]);
  const width = chars.reduce((sum, [advance]) => sum + advance, 0) * k;
  let at = align === "center" ? x - width / 2 : x;
  const base = baseline === "middle" ? y + ((font.ascent - font.descent) / 2) * k : y + font.ascent * k;
  ctx.fillStyle = color;
  for (const [advance, d, char] of chars) {
    ctx.save();
    ctx.translate(at, base);
    ctx.scale(k, k);
    ctx.fill(outline(d, char));
    ctx.restore();
    at += advance * k;
  }
}

function glyph(ctx, text, x, y, size, color) {
  outlineText(ctx, OUTLINES.serif, text, x, y, size, color, "center", "middle");
}

function cornerIndex(ctx, text, color, size = 11, x = 4, y = 3) {
  outlineText(ctx, OUTLINES.sans, text, x, y, size, color, "left", "top");
}

function paintCharacters(ctx, n, glyphs) {
  glyph(ctx, NUMERALS[n], FW / 2 + 2, 25, n === 1 ? 30 : 27, INK);
  glyph(ctx, glyphs.wan, FW / 2, 57, 30, RED);
}

// Dot positions in the face (centre x, y), a radius and a colour per dot.
const DOT_LAYOUTS = {
  1: [[30, 40, 19, "c1"]],
  2: [[30, 21, 11, BLUE], [30, 59, 11, GREEN]],
  3: [[15, 17, 9.5, BLUE], [30, 40, 9.5, RED], [45, 63, 9.5, GREEN]],
  4: [[18, 22, 10, BLUE], [42, 22, 10, GREEN], [18, 58, 10, GREEN], [42, 58, 10, BLUE]],
  5: [[16, 18, 9, BLUE], [44, 18, 9, GREEN], [30, 40, 9, RED], [16, 62, 9, GREEN], [44, 62, 9, BLUE]],
  6: [[19, 16, 8.5, GREEN], [41, 16, 8.5, GREEN], [19, 42, 8.5, RED], [41, 42, 8.5, RED], [19, 63, 8.5, RED], [41, 63, 8.5, RED]],
  7: [[14, 13, 7, GREEN], [30, 22, 7, GREEN], [46, 31, 7, GREEN],
    [19, 49, 7.5, RED], [41, 49, 7.5, RED], [19, 67, 7.5, RED], [41, 67, 7.5, RED]],
  8: [[19, 12, 7, BLUE], [41, 12, 7, BLUE], [19, 30, 7, BLUE], [41, 30, 7, BLUE],
    [19, 49, 7, BLUE], [41, 49, 7, BLUE], [19, 68, 7, BLUE], [41, 68, 7, BLUE]],
  9: [[14, 16, 7.2, BLUE], [30, 16, 7.2, BLUE], [46, 16, 7.2, BLUE],
    [14, 40, 7.2, RED], [30, 40, 7.2, RED], [46, 40, 7.2, RED],
    [14, 64, 7.2, GREEN], [30, 64, 7.2, GREEN], [46, 64, 7.2, GREEN]],
};

function dot(ctx, x, y, r, color) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = color;
  ctx.fill();
  ctx.beginPath();
  ctx.arc(x, y, r * 0.62, 0, Math.PI * 2);
  ctx.fillStyle = "#fffdf6";
  ctx.fill();
  ctx.beginPath();
  ctx.arc(x, y, r * 0.34, 0, Math.PI * 2);
  ctx.fillStyle = color;
  ctx.fill();
}

function paintDots(ctx, n) {
  for (const [x, y, r, color] of DOT_LAYOUTS[n]) {
    if (color === "c1") {
      // one dot: a large medallion of rings
      dot(ctx, x, y, r, GREEN);
      ctx.beginPath();
      ctx.arc(x, y, r * 0.5, 0, Math.PI * 2);
      ctx.fillStyle = RED;
      ctx.fill();
      ctx.beginPath();
      ctx.arc(x, y, r * 0.22, 0, Math.PI * 2);
      ctx.fillStyle = "#fffdf6";
      ctx.fill();
      for (let k = 0; k < 12; k++) {
        const a = (k / 12) * Math.PI * 2;
        ctx.beginPath();
        ctx.arc(x + Math.cos(a) * r * 0.81, y + Math.sin(a) * r * 0.81, 1.4, 0, Math.PI * 2);
        ctx.fillStyle = BLUE;
        ctx.fill();
      }
    } else dot(ctx, x, y, r, color);
  }
}

// Bamboo sticks: centre x, centre y, length, colour.
const STICK = 20;
const BAMBOO_LAYOUTS = {
  2: [[30, 24, STICK, GREEN], [30, 56, STICK, GREEN]],
  3: [[30, 24, STICK, GREEN], [19, 56, STICK, GREEN], [41, 56, STICK, GREEN]],
  4: [[19, 24, STICK, GREEN], [41, 24, STICK, GREEN], [19, 56, STICK, GREEN], [41, 56, STICK, GREEN]],
  5: [[15, 24, STICK, GREEN], [45, 24, STICK, GREEN], [30, 40, STICK, RED], [15, 56, STICK, GREEN], [45, 56, STICK, GREEN]],
  6: [[14, 24, STICK, GREEN], [30, 24, STICK, GREEN], [46, 24, STICK, GREEN],
    [14, 56, STICK, GREEN], [30, 56, STICK, GREEN], [46, 56, STICK, GREEN]],
  7: [[30, 14, 17, RED], [14, 40, 17, GREEN], [30, 40, 17, GREEN], [46, 40, 17, GREEN],
    [14, 65, 17, GREEN], [30, 65, 17, GREEN], [46, 65, 17, GREEN]],
  8: [[12, 24, STICK, GREEN], [24, 24, STICK, GREEN], [36, 24, STICK, GREEN], [48, 24, STICK, GREEN],
    [12, 56, STICK, GREEN], [24, 56, STICK, GREEN], [36, 56, STICK, GREEN], [48, 56, STICK, GREEN]],
  9: [[14, 15, 17, GREEN], [30, 15, 17, RED], [46, 15, 17, GREEN],
    [14, 40, 17, GREEN], [30, 40, 17, RED], [46, 40, 17, GREEN],
    [14, 65, 17, GREEN], [30, 65, 17, RED], [46, 65, 17, GREEN]],
};

function stick(ctx, x, y, len, color) {
  const w = 6.2;
  roundRect(ctx, x - w / 2, y - len / 2, w, len, 3);
  ctx.fillStyle = color;
  ctx.fill();
  ctx.fillStyle = "#fffdf6";
  ctx.fillRect(x - 0.8, y - len / 2 + 3, 1.6, len - 6); // the stick's highlight
  ctx.fillStyle = color;
  ctx.fillRect(x - w / 2 - 0.6, y - 1.1, w + 1.2, 2.2); // the node in the middle
}

function paintBamboo(ctx, n) {
  if (n === 1) {
    paintBird(ctx);
    return;
  }
  for (const [x, y, len, color] of BAMBOO_LAYOUTS[n]) stick(ctx, x, y, len, color);
}

function paintBird(ctx) {
  // 一条: a stylised bird on a stick, as on the real tile
  ctx.save();
  ctx.lineCap = "round";
  ctx.lineJoin = "round";
  // tail fan
  ctx.strokeStyle = GREEN;
  ctx.lineWidth = 3;
  for (const [dx, dy] of [[-14, -20], [-6, -24], [2, -22]]) {
    ctx.beginPath();
    ctx.moveTo(30, 44);
    ctx.quadraticCurveTo(30 + dx * 0.3, 44 + dy * 0.7, 30 + dx, 44 + dy);
    ctx.stroke();
  }
  // body
  ctx.beginPath();
  ctx.ellipse(32, 48, 12, 9, -0.3, 0, Math.PI * 2);
  ctx.fillStyle = GREEN;
  ctx.fill();
  ctx.beginPath();
  ctx.ellipse(31, 49, 6, 4, -0.3, 0, Math.PI * 2);
  ctx.fillStyle = RED;
  ctx.fill();
  // head and beak
  ctx.beginPath();
  ctx.arc(44, 38, 6, 0, Math.PI * 2);
  ctx.fillStyle = GREEN;
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(49, 37);
  ctx.lineTo(55, 39);
  ctx.lineTo(49, 41);
  ctx.closePath();
  ctx.fillStyle = RED;
  ctx.fill();
  ctx.beginPath();
  ctx.arc(45, 37, 1.4, 0, Math.PI * 2);
  ctx.fillStyle = "#fffdf6";
  ctx.fill();
  // legs on a perch
  ctx.strokeStyle = INK;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(29, 56);
  ctx.lineTo(27, 66);
  ctx.moveTo(35, 56);
  ctx.lineTo(36, 66);
  ctx.moveTo(16, 67);
  ctx.lineTo(46, 67);
  ctx.stroke();
  ctx.restore();
}

function paintHonor(ctx, n, glyphs) {
  if (n === 5) {
    // 白: the white dragon is an empty frame
    roundRect(ctx, 10, 10, FW - 20, FH - 20, 3);
    ctx.lineWidth = 4;
    ctx.strokeStyle = BLUE;
    ctx.stroke();
    roundRect(ctx, 16, 16, FW - 32, FH - 32, 2);
    ctx.lineWidth = 1.5;
    ctx.stroke();
    return;
  }
  const color = n === 7 ? RED : n === 6 ? GREEN : INK;
  glyph(ctx, glyphs.honors[n], FW / 2, FH / 2 + 2, n >= 6 ? 40 : 38, color);
}

function paintFlower(ctx, n, glyphs) {
  const color = n <= 4 ? "#8a3b12" : "#5b2a86";
  // a small four-petal mark above the glyph, and the flower's number in the corner
  for (let k = 0; k < 4; k++) {
    const a = (k / 4) * Math.PI * 2 + Math.PI / 4;
    ctx.beginPath();
    ctx.ellipse(46 + Math.cos(a) * 4, 12 + Math.sin(a) * 4, 3.6, 2.2, a, 0, Math.PI * 2);
    ctx.fillStyle = n <= 4 ? "#d9822b" : "#b05fc9";
    ctx.fill();
  }
  glyph(ctx, glyphs.flowers[n], FW / 2, FH / 2 + 6, 34, color);
  cornerIndex(ctx, String(((n - 1) % 4) + 1), color, 12, 5, 4);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const data = faces();
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, JSON.stringify(data) + "\n");
  console.log(`wrote ${OUT}: ${CODES.length} faces, ${data.paths.length} paths`);
}
