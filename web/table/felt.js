// The empty table: the felt and its wooden rim. One drawing shared by the loader's first frame
// and the renderer's every frame, so that the table does not move when the renderer takes over.
// No imports: the loader paints with it before any other module has loaded.

const FELT = ["#2f7a57", "#1f5a40", "#153f2d"]; // centre, 60 %, edge
const RIM = "#5b3a22";

/** The rim's width, in css px, on a w×h table (layout.js keeps the board inside it). */
export const rimWidth = (w, h) => Math.max(5, Math.min(w, h) * 0.012);

/** Paint the felt over the whole w×h css px area and the rim along its edges. */
export function paintFelt(ctx, w, h) {
  const g = ctx.createRadialGradient(w / 2, h / 2, 0, w / 2, h / 2, Math.hypot(w, h) / 2);
  g.addColorStop(0, FELT[0]);
  g.addColorStop(0.6, FELT[1]);
  g.addColorStop(1, FELT[2]);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  const rim = rimWidth(w, h);
  ctx.lineWidth = rim;
  ctx.strokeStyle = RIM;
  ctx.strokeRect(rim / 2, rim / 2, w - rim, h - rim);
}
