// A hand diagram: the concealed tiles, the drawn or winning tile, each meld (a claimed tile turned),
// the flowers and the turned gold, laid out in rows that wrap to a width, then a discard pond; painted
// with the game's tile art (tiles.js) on a canvas, or into an SVG (svgctx.js) by the same painters.
// Knows the notation's parts (notation.js), no rules.
import { PLATE, THEMES, TILE_H, drawTile, paintTile, roundRect } from "./tiles.js";
import { SvgContext } from "./svgctx.js";
import { t, tIn, tileNameIn } from "../i18n/i18n.js";

export { THEMES };

const SIDEWAYS = -Math.PI / 2; // a claimed tile lies turned, its top to the left

/**
 * The hand's groups, each a list of slots {code, look, side, stack} (side: turned, as a claimed
 * tile lies; stack: the tile an added kong lays on the claimed one), and the gap before each.
 */
function groupsOf(spec, w) {
  const gap = Math.round(w * 0.4);
  const goldLook = (/** @type {string} */ code) => (spec.gold && code === spec.gold ? "gold" : "");
  const slot = (code, look = "", side = false, stack = null) => ({ code, look, side, stack });
  /** @type {Array<{slots: ReturnType<typeof slot>[], gap: number, plate?: boolean, split?: boolean}>} */
  const groups = [];
  if (spec.hand.length) groups.push({ slots: spec.hand.map((c) => slot(c, goldLook(c))), gap, split: true });
  if (spec.drawn) {
    // the tile just drawn, or the winning tile (outlined), apart: the hand's own before it
    const look = [goldLook(spec.drawn.tile), spec.drawn.win ? "hi" : ""].filter(Boolean).join("+");
    groups.push({ slots: [slot(spec.drawn.tile, look, !!spec.drawn.from)], gap: Math.round(w * 0.3) });
  }
  for (const meld of spec.melds) {
    const n = meld.type === "pong" || (meld.type === "added_kong" && meld.from) ? 3 : 4;
    // the claimed tile turned where its giver sits: the left seat's first, across in the middle, the right seat's last
    const turned = meld.from ? { left: 0, across: 1, right: n - 1 }[meld.from] : -1;
    const slots = Array.from({ length: n }, (_, i) => {
      if (meld.type === "concealed_kong") return slot(i === 0 || i === 3 ? "back" : meld.tile);
      const look = goldLook(meld.tile);
      return slot(meld.tile, look, i === turned, i === turned && meld.type === "added_kong" ? meld.tile : null);
    });
    groups.push({ slots, gap });
  }
  if (spec.flowers.length) groups.push({ slots: spec.flowers.map((c) => slot(c)), gap, split: true });
  // the turned gold, when shown: on a plate of its own, further apart (it is no tile of the hand)
  if (spec.gold && spec.goldShown !== false) groups.push({ slots: [slot(spec.gold, "gold")], gap: gap * 2, plate: true });
  return groups;
}

/**
 * Where every tile goes for a tile width `w`: {width, height, tiles: [{code, x, y, look, angle}],
 * plates: [{x, y, w, h}], tileWidth}. Groups (the hand, the drawn or winning tile, each meld, the
 * flowers, the turned gold) are apart by a gap; a claimed tile lies turned, an added kong's tile on
 * it; a concealed kong shows its two outer tiles face down, as it lies on the table. The groups
 * wrap onto lines no wider than `maxWidth` (a long hand splits between tiles, a meld never), or
 * onto `rows` lines; the pond follows below in rows of six, claimed discards dimmed.
 * @param {any} spec @param {number} w @param {{maxWidth?: number, rows?: number}} [fit]
 */
export function layoutHand(spec, w, { maxWidth = Infinity, rows = 0 } = {}) {
  const pad = Math.round(w * 0.18);
  const H = w * TILE_H;
  const groups = groupsOf(spec, w);
  const slotWidth = (/** @type {{side: boolean}} */ s) => (s.side ? H : w);
  const lineWidth = (limit) => wrap(groups, limit, slotWidth);
  let lines;
  if (rows > 0) {
    // the narrowest width that takes the groups onto `rows` lines
    const total = groups.reduce((sum, g) => sum + g.gap + g.slots.reduce((a, s) => a + slotWidth(s), 0), 0);
    let limit = Math.max(...groups.flatMap((g) => g.slots.map(slotWidth)), total / rows);
    while ((lines = lineWidth(limit)).length > rows && limit < total) limit += w / 2;
  } else lines = lineWidth(Math.max(maxWidth - 2 * pad, w));
  const tiles = [];
  const plates = [];
  let y = pad;
  let width = 2 * pad + w;
  for (const line of lines) {
    const rise = line.some((g) => g.slots.some((s) => s.stack)) ? Math.max(0, 2 * w - H) : 0; // an added kong stands above the row
    let x = pad;
    line.forEach((g, k) => {
      if (k) x += g.gap;
      const start = x;
      for (const s of g.slots) {
        const box = slotWidth(s);
        if (s.side) {
          // the box lies flat on the row's bottom: its centre gives drawTile's upright box
          const cx = x + box / 2;
          const cy = y + rise + H - w / 2;
          tiles.push({ code: s.code, x: cx - w / 2, y: cy - H / 2, look: s.look, angle: SIDEWAYS });
          if (s.stack) tiles.push({ code: s.stack, x: cx - w / 2, y: cy - w - H / 2, look: s.look, angle: SIDEWAYS });
        } else tiles.push({ code: s.code, x, y: y + rise, look: s.look, angle: 0 });
        x += box;
      }
      if (g.plate) plates.push({ x: start - pad / 2, y: y + rise - pad / 2, w: x - start + pad, h: H + pad });
    });
    width = Math.max(width, x + pad);
    y += rise + H + Math.round(w * 0.25);
  }
  if (lines.length) y -= Math.round(w * 0.25);
  if (spec.pond?.length) {
    // the discards in rows of six, in the order they were made
    if (lines.length) y += Math.round(w * 0.4);
    spec.pond.forEach((d, i) => {
      const col = i % 6;
      if (i && !col) y += H;
      tiles.push({ code: d.tile, x: pad + col * w, y, look: d.claimed ? "dim" : "", angle: 0 });
    });
    y += H;
    width = Math.max(width, 2 * pad + Math.min(6, spec.pond.length) * w);
  }
  return { width: Math.round(width), height: Math.round(Math.max(y, pad + H) + pad), tiles, plates, tileWidth: w };
}

/** The groups as lines no wider than `limit` (slots' widths by `slotWidth`): greedy, by group. */
function wrap(groups, limit, slotWidth) {
  const lines = [];
  let line = [];
  let x = 0;
  for (const group of groups) {
    const width = group.slots.reduce((a, s) => a + slotWidth(s), 0);
    if (line.length && x + group.gap + width > limit) {
      lines.push(line);
      line = [];
      x = 0;
    }
    if (!line.length && width > limit && group.split) {
      // a hand wider than the line: as many tiles a line as fit
      let chunk = [];
      let cx = 0;
      for (const s of group.slots) {
        if (chunk.length && cx + slotWidth(s) > limit) {
          lines.push([{ ...group, slots: chunk, gap: 0 }]);
          chunk = [];
          cx = 0;
        }
        chunk.push(s);
        cx += slotWidth(s);
      }
      line = [{ ...group, slots: chunk, gap: 0 }];
      x = cx;
      continue;
    }
    line.push(line.length ? group : { ...group, gap: 0 });
    x += (line.length > 1 ? group.gap : 0) + width;
  }
  if (line.length) lines.push(line);
  return lines;
}

/** The turned gold's plate: a faint gold ground under it, so it is not read as a tile of the hand. */
function paintPlates(ctx, layout) {
  for (const p of layout.plates) {
    roundRect(ctx, p.x, p.y, p.w, p.h, Math.round(layout.tileWidth * 0.15));
    ctx.fillStyle = PLATE.fill;
    ctx.fill();
    ctx.lineWidth = 1;
    ctx.strokeStyle = PLATE.stroke;
    ctx.stroke();
  }
}

function paintPanel(ctx, layout, theme) {
  const panel = THEMES[theme]?.panel;
  if (!panel) return;
  roundRect(ctx, 0, 0, layout.width, layout.height, Math.round(layout.tileWidth * 0.2));
  ctx.fillStyle = panel;
  ctx.fill();
}

// `script` (each drawing's last argument, optional): the faces' characters, "hans" 万东发 or "hant"
// 萬東發 (tiles.js scriptOf(lang)); a diagram in another language than the page's passes its own.

/** Whether a parsed hand names no tile to draw (<mj-hand> and tools/render_hand.mjs refuse it). */
export const isEmptyHand = (/** @type {any} */ spec) => !spec.hand.length && !spec.melds.length && !spec.flowers.length && !spec.gold;

/** The largest canvas Chromium draws (a side, and the area in pixels): past either it stays blank. */
export const CANVAS = Object.freeze({ side: 32_767, area: 268_435_456 });

/** Whether a diagram laid out as `layout` fits one canvas at `scale` device pixels a css px. */
export function fitsCanvas(layout, scale = 1) {
  const width = Math.round(layout.width * scale);
  const height = Math.round(layout.height * scale);
  return width <= CANVAS.side && height <= CANVAS.side && width * height <= CANVAS.area;
}

/** A diagram's rows (the `rows` attribute, render_hand's --rows): 1 (never wrapped) to 20 lines. */
export const ROWS = Object.freeze({ min: 1, max: 20 });

/**
 * A `rows` value -> {rows, problem}: a whole number from ROWS.min to ROWS.max; none: 0 (the
 * diagram wraps to the width it is given); anything else: 0 and the problem, in English for the author.
 * @param {string | null} value
 */
export function rowsOf(value) {
  if (value === null || value.trim() === "") return { rows: 0, problem: null };
  const n = Number(value);
  if (/^\s*\d+\s*$/.test(value) && n >= ROWS.min && n <= ROWS.max) return { rows: n, problem: null };
  return { rows: 0, problem: `rows is a whole number of lines from ${ROWS.min} to ${ROWS.max}; wrapped to the width` };
}

/**
 * The fit of a diagram that one canvas can hold at `scale`: `fit` as asked when it does; else in
 * rows as wide as a canvas may be (`wrapped`); null when even that is too large (too many tiles).
 * @param {any} spec @param {number} w @param {{maxWidth?: number, rows?: number}} fit @param {number} scale
 * @returns {{fit: {maxWidth?: number, rows?: number}, wrapped: boolean} | null}
 */
export function canvasFit(spec, w, fit, scale = 1) {
  if (fitsCanvas(layoutHand(spec, w, fit), scale)) return { fit, wrapped: false };
  const widest = { maxWidth: Math.min(fit.maxWidth ?? Infinity, Math.floor(CANVAS.side / scale)) };
  return fitsCanvas(layoutHand(spec, w, widest), scale) ? { fit: widest, wrapped: true } : null;
}

/** A <canvas> with the diagram, crisp at the device's pixel ratio. */
export function handCanvas(spec, w, theme = "transparent", script = undefined, fit = {}) {
  const layout = layoutHand(spec, w, fit);
  const dpr = window.devicePixelRatio || 1;
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(layout.width * dpr);
  canvas.height = Math.round(layout.height * dpr);
  canvas.style.width = `${layout.width}px`;
  canvas.style.height = `${layout.height}px`;
  const ctx = canvas.getContext("2d");
  ctx.scale(dpr, dpr);
  paintPanel(ctx, layout, theme);
  paintPlates(ctx, layout);
  for (const tile of layout.tiles) drawTile(ctx, tile.code, tile.x, tile.y, w, dpr, tile.look, tile.angle, script);
  return canvas;
}

/** The diagram as an SVG document (text), painted by the same tile painters. */
export function handSVG(spec, w, theme = "transparent", title = "", script = undefined, fit = {}) {
  const layout = layoutHand(spec, w, fit);
  const ctx = new SvgContext();
  paintPanel(ctx, layout, theme);
  paintPlates(ctx, layout);
  for (const tile of layout.tiles) {
    ctx.save();
    ctx.translate(tile.x + w / 2, tile.y + (w * TILE_H) / 2); // about its centre, as drawTile turns it
    if (tile.angle) ctx.rotate(tile.angle);
    ctx.translate(-w / 2, -(w * TILE_H) / 2);
    ctx.scale(w / 60, w / 60);
    paintTile(ctx, tile.code, tile.look, w, script);
    ctx.restore();
  }
  return ctx.toSVG(layout.width, layout.height, title);
}

/** One tile as an SVG document (text), `w` px wide, nothing around it: the site's tiles/<code>.svg. */
export function tileSVG(code, w, title = "", script = undefined) {
  const ctx = new SvgContext();
  ctx.scale(w / 60, w / 60);
  paintTile(ctx, code, "", w, script);
  return ctx.toSVG(w, Math.round(w * TILE_H * 100) / 100, title);
}

/** A PNG (Blob) of the diagram at `scale` × its css size. */
export function handPNG(spec, w, theme = "transparent", scale = 2, script = undefined, fit = {}) {
  const layout = layoutHand(spec, w * scale, { ...fit, maxWidth: (fit.maxWidth ?? Infinity) * scale });
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(layout.width);
  canvas.height = Math.round(layout.height);
  const ctx = canvas.getContext("2d");
  paintPanel(ctx, layout, theme);
  paintPlates(ctx, layout);
  for (const tile of layout.tiles) drawTile(ctx, tile.code, tile.x, tile.y, w * scale, 1, tile.look, tile.angle, script);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
}

/** The diagram in words, in `lang`: "Hand: 1 Characters, …; pong of Red Dragon, from the left; gold: 5 Characters". */
export function altText(spec, lang) {
  const say = (key, vars) => (lang ? tIn(lang, key, vars) : t(key, vars));
  const name = (code) => (code === "back" ? say("alt.back") : tileNameIn(lang, code));
  const list = (codes) => codes.map(name).join(say("alt.sep"));
  const from = (what, seat) => (seat ? say("alt.from", { what, seat: say(`alt.seat.${seat}`) }) : what);
  const parts = [];
  if (spec.hand.length) parts.push(say("alt.hand", { tiles: list(spec.hand) }));
  if (spec.drawn) parts.push(from(say(spec.drawn.win ? "alt.win" : "alt.draw", { tile: name(spec.drawn.tile) }), spec.drawn.from));
  for (const m of spec.melds) parts.push(from(say(`alt.meld.${m.type}`, { tile: name(m.tile) }), m.from));
  if (spec.flowers.length) parts.push(say("alt.flowers", { tiles: list(spec.flowers) }));
  if (spec.gold) parts.push(say("alt.gold", { tile: name(spec.gold) }));
  if (spec.pond?.length) {
    const discards = spec.pond.map((d) => (d.claimed ? say("alt.claimed", { tile: name(d.tile) }) : name(d.tile)));
    parts.push(say("alt.pond", { tiles: discards.join(say("alt.sep")) }));
  }
  return parts.join(say("alt.partSep")) || say("alt.empty");
}
