// The tile faces: characters (Chinese numerals + 万/萬), dots, bamboo, winds, dragons, flowers and
// backs, painted from faces.json (written once by tools/tile_faces.mjs; Python's py_engine/draw reads
// the same file, so a hand drawn for a Markdown site or a notebook has these very faces). Each face
// is painted once per (tile, size, pixel ratio, look) into an offscreen canvas and then only copied,
// so a frame is cheap and crisp at any DPR. Every face can be told apart without colour: characters
// carry 万 and a numeral, dots are circles, bamboo are sticks, winds and dragons are glyphs, flowers
// a glyph and a number, and suited tiles also show a small index digit in the corner.

import FACES from "./faces.json" with { type: "json" };

/** A hand diagram's grounds (handdraw.js): each theme's panel and ink, the turned gold's plate. */
export const THEMES = FACES.themes;
export const PLATE = FACES.plate;

/** Tile proportions: width 1, face height FACE_H, side (thickness) DEPTH below the face. */
export const FACE_H = 4 / 3;
export const DEPTH = 0.14;
export const TILE_H = FACE_H + DEPTH; // full height of a drawn tile for width 1

// The faces' characters follow the page's script (setTileScript): 简体 万 东 发 兰, 繁體 萬 東 發 蘭.
let tileScript = "hans";

// The tiles painted, by code, size, look and script, least recently drawn first; bounded by their
// pixels' bytes (canvas memory is the renderer's, outside the JS heap): issue 55's long session
// met new sizes for hours (some 850 new images per 1,000 hands) and grew towards the old bound of
// 64 MB before it let them all go; now the least recently drawn go first.
const cache = new Map();
let cacheBytes = 0;
/** The tile images kept at most: their pixels' bytes (a table's own tiles take a few MB at any
 * ratio), and their number (each canvas costs the renderer more than its pixels). */
const CACHE_BYTES = 8e6;
const CACHE_IMAGES = 1000;

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
  if (image) {
    cache.delete(key); // the most recently drawn, last
    cache.set(key, image);
    return image;
  }
  const ph = Math.round(pw * TILE_H);
  image = makeCanvas(pw, ph);
  const ctx = image.getContext("2d");
  ctx.scale(pw / 60, ph / (60 * TILE_H));
  paintTile(ctx, code, look, pw, script);
  cache.set(key, image);
  cacheBytes += pw * ph * 4;
  for (const [old, kept] of cache) {
    if ((cacheBytes <= CACHE_BYTES && cache.size <= CACHE_IMAGES) || old === key) break;
    cache.delete(old); // the least recently drawn
    cacheBytes -= kept.width * kept.height * 4;
  }
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
 * `look`: "" | "gold" | "dim" | "hi" (joined with "+"); `script` (optional) overrides
 * setTileScript's: "hans" 万东发兰, "hant" 萬東發蘭. The corner index shows from 22 px wide.
 */
export function paintTile(ctx, code, look, pixelWidth, script = tileScript) {
  for (const layer of tileLayers(code, look, pixelWidth, script)) paintItems(ctx, layer);
}

/**
 * The layers of faces.json that make a tile, in painting order (py_engine/draw/faces.py
 * tile_layers chooses the same): the back whole, or the body, the face in its script, the corner
 * index, then each look.
 */
export function tileLayers(code, look, pixelWidth, script = tileScript) {
  if (!code || code === "back") return [FACES.back];
  const face = (script === "hant" && FACES.faces.hant[code]) || FACES.faces.hans[code];
  if (!face) return [FACES.back];
  const layers = [FACES.body, face];
  if (FACES.index[code] && pixelWidth >= FACES.size.index_from) layers.push(FACES.index[code]);
  const looks = new Set(String(look || "").split("+"));
  for (const name of ["gold", "hi", "dim"]) if (looks.has(name)) layers.push(FACES.looks[name]);
  return layers;
}

/** @type {Map<number, any>} */
const paths = new Map();

/**
 * faces.json's path `p` as the canvas fills it (a Path2D) and svgctx.js writes it (its `svg`);
 * `char` says which character an outline draws (for whoever watches what is painted: the tests).
 * @param {number} p @param {string} [char]
 */
function pathOf(p, char) {
  let path = paths.get(p);
  if (!path) {
    const d = FACES.paths[p];
    path = Object.assign(typeof Path2D === "undefined" ? {} : new Path2D(d), { svg: d, char });
    paths.set(p, path);
  }
  return path;
}

/** A colour, or a gradient {linear: [x0, y0, x1, y1], stops} made in the context's space. */
function styleOf(ctx, style) {
  if (typeof style === "string") return style;
  const g = ctx.createLinearGradient(...style.linear);
  for (const [offset, color] of style.stops) g.addColorStop(offset, color);
  return g;
}

/** The inverse of an affine [a, b, c, d, e, f]. @param {number[]} m */
function inverse([a, b, c, d, e, f]) {
  const det = a * d - b * c;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

/** Paint faces.json primitives: each a path under its own transform, filled, stroked or clipping its items. */
function paintItems(ctx, items) {
  for (const item of items) {
    ctx.save();
    ctx.transform(...item.m);
    const path = pathOf(item.p, item.char);
    if (item.clip) {
      ctx.clip(path);
      ctx.transform(...inverse(item.m)); // the clipped items carry their whole transform
      paintItems(ctx, item.clip);
    } else if (item.stroke) {
      ctx.lineWidth = item.width;
      ctx.lineCap = item.cap;
      ctx.lineJoin = item.join;
      ctx.strokeStyle = styleOf(ctx, item.stroke);
      ctx.stroke(path);
    } else {
      ctx.fillStyle = styleOf(ctx, item.fill);
      ctx.fill(path);
    }
    ctx.restore();
  }
}
