// Painting the table's moments (steps.js, moments.js): the covered first discard face down and
// turned over (docs/RULES.md §3 "Start of the hand"), and a moment's banner across the board.

import { drawTile, TILE_H } from "../art/tiles.js";
import { text, roundRect } from "./draw.js";

const SANS = 'system-ui, -apple-system, "Segoe UI", "Noto Sans CJK SC", "Noto Sans SC", sans-serif';
const SERIF = '"Noto Serif CJK SC", "Songti SC", "SimSun", serif';

/**
 * The covered first discard (a "cover" animation) in its slot {x, y}, `u` wide: face down for
 * `cover.down` ms, then turned over, its width shrinking to an edge and growing back as the face.
 */
export function paintCovered(ctx, cover, now, code, slot, u, dpr, look) {
  const p = (now - cover.t0 - cover.down) / Math.max(1, cover.flip);
  if (p < 0) {
    drawTile(ctx, null, slot.x, slot.y, u, dpr, "hi");
    return;
  }
  const sx = Math.max(0.05, Math.abs(Math.cos(Math.PI * Math.min(1, p))));
  const mid = slot.x + u / 2;
  ctx.save();
  ctx.translate(mid, 0);
  ctx.scale(sx, 1);
  ctx.translate(-mid, 0);
  drawTile(ctx, p < 0.5 ? null : code, slot.x, slot.y, u, dpr, p < 0.5 ? "" : look);
  ctx.restore();
}

/**
 * A moment's banner across the board's centre: its tile and title, a line under it. `L` is the
 * table's layout, `width` the canvas's css width, `p` the animation's progress (0..1).
 */
export function paintBanner(ctx, L, width, dpr, a, p) {
  const maxW = Math.min(width - 12, Math.max(L.ringR * 2.6, 260));
  let size = Math.max(18, Math.min(34, L.u * 1.2));
  let small = Math.max(12, size * 0.48);
  const tw = () => (a.tile ? size * 0.9 : 0);
  const widths = () => {
    ctx.font = `900 ${size}px ${SERIF}`;
    const w1 = ctx.measureText(a.title).width + (a.tile ? tw() + size * 0.3 : 0);
    ctx.font = `600 ${small}px ${SANS}`;
    return Math.max(w1, ctx.measureText(a.sub).width);
  };
  let w = widths();
  const room = maxW - size;
  if (w > room) {
    const f = Math.max(0.55, room / w);
    size *= f;
    small = Math.max(10, small * f);
    w = widths();
  }
  const h = size * 1.6 + small * 1.6 + size * 0.2;
  const alpha = p < 0.1 ? p / 0.1 : p > 0.8 ? (1 - p) / 0.2 : 1;
  const x = L.cx;
  const y = L.cy;
  ctx.save();
  ctx.globalAlpha = Math.max(0, alpha);
  ctx.fillStyle = "rgba(24,12,0,0.95)";
  roundRect(ctx, x - w / 2 - size * 0.5, y - h / 2, w + size, h, size * 0.3);
  ctx.fill();
  ctx.strokeStyle = "#e9c46a";
  ctx.lineWidth = 2;
  ctx.stroke();
  ctx.font = `900 ${size}px ${SERIF}`;
  const titleW = ctx.measureText(a.title).width;
  const gap = a.tile ? tw() + size * 0.3 : 0;
  const left = x - (titleW + gap) / 2;
  const ty = y - h / 2 + size * 0.2 + size * 0.7;
  if (a.tile) drawTile(ctx, a.tile, left, ty - (tw() * TILE_H) / 2, tw(), dpr);
  text(ctx, a.title, left + gap + titleW / 2, ty, `900 ${size}px ${SERIF}`, "#ffd166");
  text(ctx, a.sub, x, y + h / 2 - small * 0.95, `600 ${small}px ${SANS}`, "#fdf3d8");
  ctx.restore();
}
