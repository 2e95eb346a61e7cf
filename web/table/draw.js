// Drawing helpers for the table: melds with the claimed tile turned toward its giver, dice,
// text, rounded rectangles, easing.

import { drawTile, roundRect, TILE_H } from "../art/tiles.js";

export const TAU = Math.PI * 2;

/**
 * Melds along a row from x, bottom edge at baseY, in the owner's frame: the claimed tile is
 * turned sideways where its giver sits (left player: first, across: middle, right: last);
 * an added kong's fourth tile lies on the turned one; a concealed kong shows its ends face down.
 */
export function paintMelds(ctx, melds, owner, x, baseY, w, dpr, gold) {
  const h = w * TILE_H;
  for (const m of melds) {
    const n = m.tiles.length;
    const hasGiver = m.from !== null && m.from !== undefined;
    let turned = -1;
    if (hasGiver) {
      const rel = (m.from - owner + 4) % 4; // 1 right, 2 across, 3 left
      const core = m.type === "added_kong" ? 3 : n;
      turned = rel === 3 ? 0 : rel === 2 ? 1 : core - 1;
    }
    const shown = m.type === "added_kong" ? 3 : n;
    for (let i = 0; i < shown; i++) {
      let code = m.tiles[i] ?? null;
      if (m.type === "concealed_kong" && (i === 0 || i === n - 1)) code = null;
      const look = code && code === gold ? "gold" : "";
      if (i === turned) {
        // sideways: width h, height w, bottom-aligned
        const cxm = x + h / 2;
        const cym = baseY - w / 2 - (h - w) * 0; // centre of the sideways tile
        drawTile(ctx, code, cxm - w / 2, cym - h / 2, w, dpr, look, -Math.PI / 2);
        if (m.type === "added_kong") {
          drawTile(ctx, m.tiles[3] ?? code, cxm - w / 2, cym - w - h / 2 + 1, w, dpr, look, -Math.PI / 2);
        }
        x += h;
      } else {
        drawTile(ctx, code, x, baseY - h, w, dpr, look);
        x += w;
      }
    }
    x += w * 0.25;
  }
  return x;
}

export function drawDie(ctx, x, y, s, n) {
  ctx.fillStyle = "#fbf7ee";
  roundRect(ctx, x, y, s, s, s * 0.2);
  ctx.fill();
  const pips = {
    1: [[0.5, 0.5]], 2: [[0.28, 0.28], [0.72, 0.72]], 3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
    4: [[0.28, 0.28], [0.72, 0.28], [0.28, 0.72], [0.72, 0.72]],
    5: [[0.26, 0.26], [0.74, 0.26], [0.5, 0.5], [0.26, 0.74], [0.74, 0.74]],
    6: [[0.28, 0.24], [0.72, 0.24], [0.28, 0.5], [0.72, 0.5], [0.28, 0.76], [0.72, 0.76]],
  }[n] || [];
  ctx.fillStyle = n === 1 || n === 4 ? "#c0392b" : "#222";
  for (const [px, py] of pips) {
    ctx.beginPath();
    ctx.arc(x + px * s, y + py * s, s * (n === 1 ? 0.15 : 0.09), 0, TAU);
    ctx.fill();
  }
}

export function text(ctx, s, x, y, font, color) {
  ctx.font = font;
  ctx.fillStyle = color;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(s, x, y);
}

export { roundRect };

export function easeOut(p) {
  return 1 - (1 - p) * (1 - p) * (1 - p);
}

export function angleDelta(a, b) {
  let d = (b - a) % TAU;
  if (d > Math.PI) d -= TAU;
  if (d < -Math.PI) d += TAU;
  return d;
}
