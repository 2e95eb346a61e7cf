// What the player must be able to tap stays uncovered (issue 57): the claim buttons, the hand and
// the toolbar. The coach's bubble (coach.js) and the notice banner (banner.js) are placed clear of
// them: the bubble where it fits nearest what it points at, the banner below the toolbar and
// above the buttons and the hand (scrolling inside itself when it says more than fits).

/** @typedef {{x: number, y: number, w: number, h: number}} Box */

const GAP = 6; // css px kept between a placed thing and what it must not cover

/** A DOM element's box (css px), or null when it is hidden or empty. @returns {Box | null} */
function boxOf(/** @type {Element | null} */ node) {
  if (!node) return null;
  const r = node.getBoundingClientRect();
  return r.width && r.height ? { x: r.left, y: r.top, w: r.width, h: r.height } : null;
}

/**
 * The boxes nothing may cover, now: each claim button, the toolbar, and the player's hand (its
 * rows and the lifted tile's room above them, across the screen) from the table's layout.
 * @param {ParentNode} root the overlay @param {any} layout the renderer's layout (layout.js), or null
 * @returns {Box[]}
 */
export function mustShow(root, layout) {
  const out = [];
  for (const b of root.querySelectorAll("#actions button")) {
    const box = boxOf(b);
    if (box) out.push(box);
  }
  const bar = boxOf(root.querySelector(".toolbar"));
  if (bar) out.push(bar);
  if (layout) {
    const top = layout.handY - layout.lift;
    out.push({ x: 0, y: top, w: layout.W, h: layout.H - top });
  }
  return out;
}

/** The area two boxes share (0 when they do not meet, with GAP around `b`). */
function overlap(/** @type {Box} */ a, /** @type {Box} */ b) {
  const w = Math.min(a.x + a.w, b.x + b.w + GAP) - Math.max(a.x, b.x - GAP);
  const h = Math.min(a.y + a.h, b.y + b.h + GAP) - Math.max(a.y, b.y - GAP);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * Where a w×h bubble goes to point at `target`: above it, below it, beside it, or else the free
 * place nearest it, never over `avoid` (nor over the target itself); where no place is free, the
 * one that covers least. Returns its top left (css px).
 * @param {Box} target @param {number} w @param {number} h @param {Box[]} avoid
 * @param {{W: number, H: number, above?: number}} screen  above: the bubble's bottom at most there (a tip about the hand)
 */
export function placeBubble(target, w, h, avoid, { W, H, above = target.y }) {
  const pad = 8;
  const clampX = (x) => Math.min(Math.max(pad, x), Math.max(pad, W - w - pad));
  const clampY = (y) => Math.min(Math.max(pad, y), Math.max(pad, H - h - pad));
  const cx = target.x + target.w / 2;
  const cy = target.y + target.h / 2;
  const near = [
    { x: clampX(cx - w / 2), y: clampY(above - 15 - h) },
    { x: clampX(cx - w / 2), y: clampY(target.y + target.h + 15) },
    { x: clampX(target.x - 15 - w), y: clampY(cy - h / 2) },
    { x: clampX(target.x + target.w + 15), y: clampY(cy - h / 2) },
  ];
  // then every place on a grid, nearest the target first
  const grid = [];
  for (let y = pad; y <= H - h - pad; y += 12) {
    for (let x = pad; x <= W - w - pad; x += 12) grid.push({ x, y });
  }
  const dist = (p) => Math.hypot(p.x + w / 2 - cx, p.y + h / 2 - cy);
  grid.sort((a, b) => dist(a) - dist(b));
  let best = near[0];
  let least = Infinity;
  for (const p of [...near, ...grid]) {
    const box = { x: p.x, y: p.y, w, h };
    // what must be tapped weighs more than the thing pointed at
    const cost = avoid.reduce((sum, a) => sum + overlap(box, a) * 10, 0) + overlap(box, target);
    if (cost === 0) return p;
    if (cost < least) {
      least = cost;
      best = p;
    }
  }
  return best;
}

/**
 * The notice banner between the toolbar and the buttons or the hand: its top below whatever of
 * `avoid` it would meet from above, its height down to the first it would meet below (it scrolls
 * inside when it says more). @param {HTMLElement} banner @param {Box[]} avoid
 */
export function fitBanner(banner, avoid, H) {
  if (banner.hidden) return;
  const r = banner.getBoundingClientRect();
  const across = avoid.filter((a) => a.x < r.right && a.x + a.w > r.left);
  const top = Math.max(8, ...across.filter((a) => a.y < H / 3).map((a) => a.y + a.h + GAP));
  const below = across.filter((a) => a.y >= top).map((a) => a.y - GAP);
  const bottom = Math.min(H - 8, ...below);
  const topPx = `${Math.round(top)}px`;
  const maxPx = `${Math.max(48, Math.floor(bottom - top))}px`;
  if (banner.style.top !== topPx) banner.style.top = topPx;
  if (banner.style.maxHeight !== maxPx) banner.style.maxHeight = maxPx;
}
