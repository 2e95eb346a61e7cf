// A hand diagram: the concealed tiles, then each meld, the flowers and the gold, laid out in a row
// and painted with the game's tile art (tiles.js) on a canvas, or into an SVG (svgctx.js) by the
// same painters. Knows the notation's parts (notation.js), no rules.
import { TILE_H, drawTile, paintTile, roundRect } from "./tiles.js";
import { SvgContext } from "./svgctx.js";
import { t, tIn, tileNameIn } from "../i18n/i18n.js";

export const THEMES = {
  transparent: { panel: null, ink: "#1b2a4a" },
  light: { panel: "#f6f1e4", ink: "#1b2a4a" },
  dark: { panel: "#17241d", ink: "#f3efe2" },
};

/**
 * Where every tile goes for a tile width `w`: {width, height, tiles: [{code, x, y, look}]}.
 * Groups (hand, each meld, flowers, gold) are apart by a gap; a concealed kong shows its two
 * outer tiles face down, as it lies on the table.
 */
export function layoutHand(spec, w) {
  const pad = Math.round(w * 0.18);
  const gap = Math.round(w * 0.4);
  const h = w * TILE_H;
  const tiles = [];
  let x = pad;
  /** @param {string[]} codes @param {(code: string, i: number) => string} [look] */
  const group = (codes, look = () => "") => {
    if (!codes.length) return;
    if (tiles.length) x += gap;
    codes.forEach((code, i) => {
      tiles.push({ code, x, y: pad, look: look(code, i) });
      x += w;
    });
  };
  const goldLook = (code) => (spec.gold && code === spec.gold ? "gold" : "");
  group(spec.hand, goldLook);
  for (const meld of spec.melds) {
    const n = meld.type === "pong" ? 3 : 4;
    const codes = Array.from({ length: n }, (_, i) => (meld.type === "concealed_kong" && (i === 0 || i === 3) ? "back" : meld.tile));
    group(codes);
  }
  group(spec.flowers);
  if (spec.gold) group([spec.gold], () => "gold");
  return { width: Math.max(x + pad, 2 * pad + w), height: Math.round(h + 2 * pad), tiles, tileWidth: w };
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

/** A <canvas> with the diagram, crisp at the device's pixel ratio. */
export function handCanvas(spec, w, theme = "transparent", script = undefined) {
  const layout = layoutHand(spec, w);
  const dpr = window.devicePixelRatio || 1;
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(layout.width * dpr);
  canvas.height = Math.round(layout.height * dpr);
  canvas.style.width = `${layout.width}px`;
  canvas.style.height = `${layout.height}px`;
  const ctx = canvas.getContext("2d");
  ctx.scale(dpr, dpr);
  paintPanel(ctx, layout, theme);
  for (const tile of layout.tiles) drawTile(ctx, tile.code, tile.x, tile.y, w, dpr, tile.look, 0, script);
  return canvas;
}

/** The diagram as an SVG document (text), painted by the same tile painters. */
export function handSVG(spec, w, theme = "transparent", title = "", script = undefined) {
  const layout = layoutHand(spec, w);
  const ctx = new SvgContext();
  paintPanel(ctx, layout, theme);
  for (const tile of layout.tiles) {
    ctx.save();
    ctx.translate(tile.x, tile.y);
    ctx.scale(w / 60, w / 60);
    paintTile(ctx, tile.code, tile.look, w, script);
    ctx.restore();
  }
  return ctx.toSVG(layout.width, layout.height, title);
}

/** A PNG (Blob) of the diagram at `scale` × its css size. */
export function handPNG(spec, w, theme = "transparent", scale = 2, script = undefined) {
  const layout = layoutHand(spec, w * scale);
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(layout.width);
  canvas.height = Math.round(layout.height);
  const ctx = canvas.getContext("2d");
  paintPanel(ctx, layout, theme);
  for (const tile of layout.tiles) drawTile(ctx, tile.code, tile.x, tile.y, w * scale, 1, tile.look, 0, script);
  return new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
}

/** The diagram in words, in `lang`: "Hand: 1 Characters, …; pong of Red Dragon; gold: 5 Characters". */
export function altText(spec, lang) {
  const say = (key, vars) => (lang ? tIn(lang, key, vars) : t(key, vars));
  const name = (code) => tileNameIn(lang, code);
  const list = (codes) => codes.map(name).join(say("alt.sep"));
  const parts = [];
  if (spec.hand.length) parts.push(say("alt.hand", { tiles: list(spec.hand) }));
  for (const m of spec.melds) parts.push(say(`alt.meld.${m.type}`, { tile: name(m.tile) }));
  if (spec.flowers.length) parts.push(say("alt.flowers", { tiles: list(spec.flowers) }));
  if (spec.gold) parts.push(say("alt.gold", { tile: name(spec.gold) }));
  return parts.join(say("alt.partSep")) || say("alt.empty");
}
