// What is under a point of the table: read from the hit regions the last frame painted (the
// renderer leaves them in the store, store.painted), so that input.js asks no module for them.

/**
 * @typedef {{x: number, y: number, w: number, h: number, extra: number, below: number, index: number,
 *   code: string | null}} HandRect  a tile of the player's hand on screen (css px): it answers a touch
 *   from `extra` above it (its lift) to `below` under it
 */

/**
 * The tile of the player's hand under (x, y), the last one painted first (tiles overlap), or null.
 * @param {HandRect[]} rects @param {number} x @param {number} y
 * @returns {{kind: "hand", index: number, code: string | null} | null}
 */
export function handTileAt(rects, x, y) {
  for (let i = rects.length - 1; i >= 0; i--) {
    const r = rects[i];
    if (x >= r.x && x < r.x + r.w && y >= r.y - r.extra && y < r.y + r.h + r.below) return { kind: "hand", index: r.index, code: r.code };
  }
  return null;
}
