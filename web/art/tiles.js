// Tile faces drawn by code: characters (Chinese numerals + 万/萬), dots, bamboo, winds,
// dragons, flowers and backs. Each face is painted once per (tile, size, pixel ratio, look)
// into an offscreen canvas and then only copied, so a frame is cheap and crisp at any DPR.
// Every face can be told apart without colour: characters carry 万 and a numeral, dots are
// circles, bamboo are sticks, winds and dragons are glyphs, flowers a glyph and a number,
// and suited tiles also show a small index digit in the corner.

import { GLYPHS as OUTLINES } from "./glyphs.js";

/** Tile proportions: width 1, face height FACE_H, side (thickness) DEPTH below the face. */
export const FACE_H = 4 / 3;
export const DEPTH = 0.14;
export const TILE_H = FACE_H + DEPTH; // full height of a drawn tile for width 1

const NUMERALS = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
// The faces' characters follow the page's script (setTileScript): 简体 万 东 发 兰, 繁體 萬 東 發 蘭.
const GLYPHS = {
  hans: { wan: "万", honors: ["", "东", "南", "西", "北", "", "发", "中"], flowers: ["", "春", "夏", "秋", "冬", "梅", "兰", "竹", "菊"] },
  hant: { wan: "萬", honors: ["", "東", "南", "西", "北", "", "發", "中"], flowers: ["", "春", "夏", "秋", "冬", "梅", "蘭", "竹", "菊"] },
};
let tileScript = "hans";
const HONOR_INDEX = { 1: "E", 2: "S", 3: "W", 4: "N" };

const INK = "#1b2a4a";
const RED = "#b3261e";
const GREEN = "#1f7a3a";
const BLUE = "#1d4f91";

const cache = new Map();
let cacheBytes = 0;

/** The script of the faces drawn from now on: "hans" (简体, also for English) or "hant" (繁體). */
export function setTileScript(script) {
  tileScript = script === "hant" ? "hant" : "hans";
}

/** The script for a page language: 繁體 for zh-Hant, 简体 otherwise (English reads 简体 faces). */
export function scriptOf(lang) {
  return lang === "zh-Hant" ? "hant" : "hans";
}

/**
 * A canvas holding the tile (face and side) for `code` at `w`×(`w`·TILE_H) css px; `script`
 * (optional) overrides setTileScript's, for a drawing in another language than the page's.
 */
export function tileImage(code, w, dpr, look = "", script = tileScript) {
  const pw = Math.max(4, Math.round(w * dpr));
  const key = `${code}|${pw}|${look}|${script}`;
  let image = cache.get(key);
  if (image) return image;
  const ph = Math.round(pw * TILE_H);
  image = makeCanvas(pw, ph);
  const ctx = image.getContext("2d");
  ctx.scale(pw / 60, ph / (60 * TILE_H));
  paintTile(ctx, code, look, pw, script);
  if (cacheBytes > 64e6) {
    cache.clear(); // a resize storm: start over rather than grow without bound
    cacheBytes = 0;
  }
  cache.set(key, image);
  cacheBytes += pw * ph * 4;
  return image;
}

/**
 * Draw a tile with its top-left at (x, y), `w` css px wide, turned by `angle` radians
 * about its centre (0: upright, facing the player at the bottom).
 * code: a tile code, or null / "back" for a face-down tile.
 * look: "" | "gold" | "dim" | "hi" (combinations joined with "+").
 */
export function drawTile(ctx, code, x, y, w, dpr, look = "", angle = 0, script = tileScript) {
  const image = tileImage(code || "back", w, dpr, look, script);
  // one image pixel per device pixel, on device-pixel boundaries: crisp at any ratio
  const dw = image.width / dpr;
  const dh = image.height / dpr;
  if (!angle) {
    ctx.drawImage(image, Math.round(x * dpr) / dpr, Math.round(y * dpr) / dpr, dw, dh);
    return;
  }
  const h = w * TILE_H;
  ctx.save();
  ctx.translate(Math.round((x + w / 2) * dpr) / dpr, Math.round((y + h / 2) * dpr) / dpr);
  ctx.rotate(angle);
  ctx.drawImage(image, Math.round((-dw / 2) * dpr) / dpr, Math.round((-dh / 2) * dpr) / dpr, dw, dh);
  ctx.restore();
}

/** A fresh <canvas> element with one tile, for the DOM (settlement, tracker, hints). */
export function tileElement(code, w, look = "") {
  const dpr = window.devicePixelRatio || 1;
  const image = tileImage(code || "back", w, dpr, look);
  const el = document.createElement("canvas");
  el.width = image.width;
  el.height = image.height;
  el.style.width = `${w}px`;
  el.style.height = `${w * TILE_H}px`;
  el.className = "tile";
  el.getContext("2d").drawImage(image, 0, 0);
  return el;
}

function makeCanvas(w, h) {
  if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(w, h);
  const c = document.createElement("canvas");
  c.width = w;
  c.height = h;
  return c;
}

// --- painting, in a 60 × 60·TILE_H design space -----------------------------------------

const FW = 60;
const FH = 60 * FACE_H; // 80
const SIDE = 60 * DEPTH; // 8.4

/** A rounded rectangle path (tile bodies, panels). */
export function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/**
 * Paint one tile in the 60 × 60·TILE_H design space (tileImage scales it; svgctx.js records it);
 * `script` (optional) overrides setTileScript's: "hans" 万东发兰, "hant" 萬東發蘭.
 */
export function paintTile(ctx, code, look, pixelWidth, script = tileScript) {
  const glyphs = GLYPHS[script] || GLYPHS.hans;
  const looks = new Set(look.split("+"));
  const back = code === "back";
  // side (thickness) first, then the face over it
  roundRect(ctx, 0.5, 3, FW - 1, FH + SIDE - 3.5, 7);
  ctx.fillStyle = back ? "#0f4c3a" : "#c9b98f";
  ctx.fill();
  roundRect(ctx, 0.5, SIDE * 0.55, FW - 1, FH + SIDE * 0.45 - 0.5, 7);
  ctx.fillStyle = back ? "#1b6b52" : "#e0d3ad";
  ctx.fill();
  roundRect(ctx, 0.5, 0.5, FW - 1, FH - 0.5, 7);
  if (back) {
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
    return;
  }
  const face = ctx.createLinearGradient(0, 0, 0, FH);
  face.addColorStop(0, "#fffdf6");
  face.addColorStop(1, "#f1ead6");
  ctx.fillStyle = face;
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = "rgba(60,45,20,0.45)";
  ctx.stroke();

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
  }
  else if (suit === "z") paintHonor(ctx, n, glyphs);
  else if (suit === "f") paintFlower(ctx, n, glyphs);
  if ("mps".includes(suit) && pixelWidth >= 22) cornerIndex(ctx, String(n), suit === "m" ? INK : "#555");
  if (suit === "z" && HONOR_INDEX[n] && pixelWidth >= 22) cornerIndex(ctx, HONOR_INDEX[n], "#555");

  if (looks.has("gold")) {
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
  if (looks.has("hi")) {
    roundRect(ctx, 1.5, 1.5, FW - 3, FH - 3, 6);
    ctx.lineWidth = 3;
    ctx.strokeStyle = "#e76f51";
    ctx.stroke();
  }
  if (looks.has("dim")) {
    roundRect(ctx, 0.5, 0.5, FW - 1, FH + SIDE - 1, 7);
    ctx.fillStyle = "rgba(40,40,40,0.38)";
    ctx.fill();
  }
}

// The faces' characters are outlines (glyphs.js), not text: a face is the same on every device and
// in every file (an SVG, a PNG) whatever fonts the reader has; as the canvas would place text of that
// size (textAlign center or left, textBaseline middle or top).

/** @type {Map<string, any>} */
const paths = new Map();

/**
 * A path for `d` that the canvas fills (a Path2D) and svgctx.js writes (its `svg`); `char` says
 * which character it draws (for whoever watches what is painted: the tests).
 * @param {string} d @param {string} char
 */
function outline(d, char) {
  let path = paths.get(d);
  if (!path) {
    path = Object.assign(typeof Path2D === "undefined" ? {} : new Path2D(d), { svg: d, char });
    paths.set(d, path);
  }
  return path;
}

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
